/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The rows a scan leaves out (--skip-bad-rows), as CSV
 * (id,row,column,reason): in the --bad-rows file, or next to the --out
 * file and named after it, or, with neither, on standard error.
 */
#define G_LOG_DOMAIN "pr-cli-bad-rows"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-bad-row.h"
#include "pr-cli.h"

const char pr_cli_skip_bad_rows_help[] =
  N_("Leave out the rows whose values cannot be read as a letter's text (a NUL byte, bytes that are not UTF-8, UTF-8 "
     "text read as GBK, characters lost to “?”, HTML or RTF markup, a value over 16 MiB), count them and list them as "
     "CSV (id,row,column,reason)");
const char pr_cli_bad_rows_help[] =
  N_("With --skip-bad-rows: list the rows left out in FILE (default: next to --out, its name with "
     "“-bad-rows” added; without --out, on standard error)");
const char pr_cli_bad_rows_arg[] = N_("FILE");

static void
add_bad_row (const char *id,
             const char *position_name,
             guint64     position,
             const char *column,
             const char *reason,
             gpointer    user_data)
{
  PrCliBadRows *self = user_data;
  char number[24];
  const char *fields[] = { id != NULL ? id : "", number, column, reason };

  self->n_rows++;
  g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, position);
  if (self->writer == NULL)
    {
      g_autofree char *what = pr_bad_row_describe (id, position_name, position, column, reason);

      /* Translators: a row, its column and what is wrong, then that it was skipped. */
      fprintf (stderr, _("%s; left out\n"), what);
      return;
    }
  if (self->error == NULL)
    pr_csv_writer_write_row (self->writer, fields, G_N_ELEMENTS (fields), &self->error);
}

/* An --out that is no file (/dev/null, a FIFO, a terminal): the list is
 * not named after it, or it would be written into /dev. */
static gboolean
is_device (const char *path)
{
  GStatBuf info;

  return g_stat (path, &info) == 0 && !S_ISREG (info.st_mode);
}

/* Whether @path (or standard output, "-") is a pipe or a terminal rather
 * than a file: there the list is read as text, and a byte order mark would
 * be a stray character before "id"; a file is opened in a spreadsheet. */
static gboolean
is_stream (const char *path)
{
  GStatBuf info;

  if (g_str_equal (path, "-"))
    return fstat (STDOUT_FILENO, &info) != 0 || !S_ISREG (info.st_mode);
  return is_device (path);
}

/**
 * pr_cli_bad_rows_path:
 * @skip: whether bad rows are skipped (--skip-bad-rows)
 * @path: (nullable): the --bad-rows file
 * @out: (nullable): the --out file, to name the list after when @path is %NULL
 *
 * The file the list goes to, given or named after @out, so that it is
 * checked against the inputs and the other outputs as a given one is: a
 * records file named like it (out-bad-rows.csv beside out.csv) would be
 * replaced.
 *
 * Returns: (transfer full) (nullable): the file, or %NULL for none or
 *   standard error
 */
char *
pr_cli_bad_rows_path (gboolean    skip,
                      const char *path,
                      const char *out)
{
  g_autofree char *stem = NULL;

  if (!skip)
    return NULL;
  if (path != NULL)
    return g_strdup (path);
  if (out == NULL || g_str_equal (out, "-") || is_device (out))
    return NULL;
  stem = g_str_has_suffix (out, ".csv") ? g_strndup (out, strlen (out) - 4) : g_strdup (out);
  return g_strconcat (stem, "-bad-rows.csv", NULL);
}

/**
 * pr_cli_bad_rows_open:
 * @self: (out caller-allocates): the list, cleared with pr_cli_bad_rows_clear ()
 * @skip: whether bad rows are skipped (--skip-bad-rows)
 * @path: (nullable): the --bad-rows file
 * @out: (nullable): the --out file, to name the list after when @path is %NULL
 * @error: return location for a #GError
 *
 * Opens the list before the scan, so that a file that cannot be written
 * stops it before any work.
 *
 * Returns: %FALSE with @error set
 */
gboolean
pr_cli_bad_rows_open (PrCliBadRows  *self,
                      gboolean       skip,
                      const char    *path,
                      const char    *out,
                      GError       **error)
{
  const char *header[] = { "id", "row", "column", "reason" };

  memset (self, 0, sizeof *self);
  self->skip = skip;
  if (path != NULL && !skip)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--bad-rows goes with --skip-bad-rows"));
      return FALSE;
    }
  self->path = pr_cli_bad_rows_path (skip, path, out);
  if (self->path == NULL)
    return TRUE;
  /* For a person, in a spreadsheet: formulas neutralised, digits kept as
   * text, like every export for Excel; the row number finds the row. */
  self->writer = pr_cli_open_csv_output (self->path,
                                         (is_stream (self->path) ? PR_CSV_WRITER_FLAGS_NONE : PR_CSV_WRITER_BOM) |
                                           PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT,
                                         error);
  return self->writer != NULL && pr_csv_writer_write_row (self->writer, header, G_N_ELEMENTS (header), error);
}

/* Makes @load skip bad rows into the list, if asked. */
void
pr_cli_bad_rows_attach (PrCliBadRows  *self,
                        PrLoadOptions *load)
{
  load->skip_bad_rows = self->skip;
  load->skippable = TRUE;
  load->bad_row = self->skip ? add_bad_row : NULL;
  load->bad_row_data = self;
}

/**
 * pr_cli_bad_rows_close:
 * @self: the list
 * @error: return location for a #GError
 *
 * Writes the list out and says on standard error how many rows were left
 * out, and where they are listed.
 *
 * Returns: %FALSE with @error set if the list could not be written
 */
gboolean
pr_cli_bad_rows_close (PrCliBadRows  *self,
                       GError       **error)
{
  if (self->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->error));
      return FALSE;
    }
  if (self->writer != NULL && !pr_csv_writer_close (self->writer, error))
    return FALSE;
  if (self->n_rows > 0)
    fprintf (stderr, ngettext ("%llu bad row left out (still in the source)%s%s\n",
                               "%llu bad rows left out (still in the source)%s%s\n", (gulong) self->n_rows),
             (unsigned long long) self->n_rows, self->path != NULL ? _(", listed in ") : "",
             self->path != NULL ? self->path : "");
  return TRUE;
}

void
pr_cli_bad_rows_clear (PrCliBadRows *self)
{
  g_clear_pointer (&self->writer, pr_csv_writer_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_error (&self->error);
}
