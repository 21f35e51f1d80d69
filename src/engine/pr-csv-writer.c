/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RFC 4180 output: fields with a comma, a quote, CR or LF are quoted and
 * their quotes doubled; lines end in CRLF, as the RFC and Excel expect.
 *
 * A report written to a path replaces the old one only when it is complete
 * (pr-output-file.c).
 */
#define G_LOG_DOMAIN "pr-csv-writer"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-csv-writer.h"
#include "pr-excel-number.h"
#include "pr-output-file.h"

struct _PrCsvWriter
{
  GOutputStream    *stream;
  PrCsvWriterFlags  flags;
  GString          *line;
  gboolean          started;
  char             *name;       /* nullable: what a stream writer's errors name */

  /* Only for a writer made with pr_csv_writer_new_for_path(). */
  PrOutputFile     *file;       /* until committed or discarded */
  char             *path;       /* as the caller named it, for messages */
  gboolean          committed;
  gboolean          failed;     /* a row could not be written: never commit */
};

/**
 * pr_csv_writer_new:
 * @stream: where the CSV goes
 * @flags: BOM and formula neutralisation
 *
 * Returns: (transfer full): a writer that holds a reference on @stream
 */
PrCsvWriter *
pr_csv_writer_new (GOutputStream    *stream,
                   PrCsvWriterFlags  flags)
{
  PrCsvWriter *self;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  self = g_new0 (PrCsvWriter, 1);
  self->stream = g_object_ref (stream);
  self->flags = flags;
  self->line = g_string_new (NULL);

  return self;
}

/**
 * pr_csv_writer_set_name:
 * @self: a writer made with pr_csv_writer_new()
 * @name: what its errors call the stream: a device's path, "standard
 *   output"
 *
 * A failed write or close then says "cannot write NAME: …", as a writer
 * to a path does; without a name, the stream's error alone says nothing
 * of where the writing went.
 */
void
pr_csv_writer_set_name (PrCsvWriter *self,
                        const char  *name)
{
  g_return_if_fail (self != NULL && self->path == NULL);

  g_free (self->name);
  self->name = g_strdup (name);
}

/**
 * pr_csv_writer_new_for_path:
 * @path: the file to write; if it is a symlink, the file it points to
 *   (pr_output_path_resolve () says which links are followed)
 * @flags: BOM and formula neutralisation
 * @error: return location for a #GError
 *
 * Writes to a temporary file in the target's directory; pr_csv_writer_close()
 * syncs it and renames it over the target, so the target is replaced only
 * by a complete report, and pr_csv_writer_free() without a successful close
 * removes it and leaves the target as it was. A symlink stays a symlink (its
 * target gets the new content); a new file gets the mode 0666 less the
 * umask, a replaced one keeps its mode (and, where allowed, its owner).
 * Other hard links to a replaced file keep the old content.
 *
 * Errors are in the %G_IO_ERROR domain, their message starting
 * "cannot write @path: ". A directory where no file can be created is an
 * error here, before anything is written.
 *
 * Returns: (transfer full) (nullable): the writer, or %NULL with @error set
 *   if the target is not a regular file or no temporary file can be made
 */
PrCsvWriter *
pr_csv_writer_new_for_path (const char        *path,
                            PrCsvWriterFlags   flags,
                            GError           **error)
{
  PrOutputFile *file = pr_output_file_new (path, error);
  PrCsvWriter *self;

  if (file == NULL)
    return NULL;
  self = pr_csv_writer_new (pr_output_file_get_stream (file), flags);
  self->file = file;
  self->path = g_strdup (path);

  return self;
}

/* Whether a spreadsheet would take @field for a formula. Excel and WPS
 * fold a full-width or small form of the first character (＝ ＋ － ＠,
 * ﹦ ﹢ ﹣ ﹫) to its ASCII one, as NFKC does, before looking at it; NFKC
 * folds the superscript and subscript signs (⁺ ₌ …) too, and the minus
 * sign U+2212 is a minus to them as well. White space before it (spaces,
 * ideographic or no-break ones, line ends) does not stop a spreadsheet
 * that trims it, so it is looked past; so are the characters other tools
 * trim with it before a file reaches one (Java's trim () takes every
 * control character, C's isspace () the vertical tab, JavaScript's the
 * Mongolian vowel separator of older Unicode) and the invisible ones a
 * person cannot see there (zero-width space, word joiner). */
static gboolean
starts_formula (const char *field)
{
  gunichar first;
  char one[8] = { 0 };
  g_autofree char *folded = NULL;

  while (field[0] != '\0')
    {
      gunichar c = g_utf8_get_char_validated (field, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2 ||
          !(g_unichar_isspace (c) || c < 0x20 || c == 0x7F || c == 0x85 || c == 0xFEFF || c == 0x180E ||
            c == 0x200B || c == 0x2060))
        break;
      if (strchr ("\t\r", field[0]) != NULL)
        return TRUE;
      field = g_utf8_next_char (field);
    }
  if (field[0] == '\0')
    return FALSE;
  if (strchr ("=+-@\t\r", field[0]) != NULL)
    return TRUE;
  if ((guchar) field[0] < 0x80)
    return FALSE;
  first = g_utf8_get_char_validated (field, -1);
  if (first == (gunichar) -1 || first == (gunichar) -2)
    return FALSE;
  if (first == 0x2212)
    return TRUE;
  g_unichar_to_utf8 (first, one);
  folded = g_utf8_normalize (one, -1, G_NORMALIZE_ALL_COMPOSE);
  return folded != NULL && folded[0] != '\0' &&
         (strchr ("=+-@\t\r", folded[0]) != NULL || g_utf8_get_char (folded) == 0x2212);
}

/* Excel's text constants hold at most 255 characters (UTF-16 units). */
#define EXCEL_MAX_CONSTANT 255

/* @field as the formula ="…" that Excel shows as that text, quoted for
 * CSV; a long one joined from pieces, ="…"&"…", each within the limit. */
static void
append_text_formula (GString    *line,
                     const char *field)
{
  guint units = 0;

  g_string_append (line, "\"=\"\"");
  for (const char *p = field; *p != '\0'; p = g_utf8_next_char (p))
    {
      guint width = g_utf8_get_char (p) > 0xFFFF ? 2 : 1;

      if (units + width > EXCEL_MAX_CONSTANT)
        {
          g_string_append (line, "\"\"&\"\"");
          units = 0;
        }
      units += width;
      /* A quote is doubled in the constant, and that again in the CSV. */
      if (*p == '"')
        g_string_append (line, "\"\"\"");
      g_string_append_len (line, p, g_utf8_next_char (p) - p);
    }
  g_string_append (line, "\"\"\"");
}

/**
 * pr_csv_append_field:
 * @line: the line being built
 * @field: (nullable): the field's UTF-8 text; %NULL is written as empty
 * @flags: whether to neutralise formulas and keep digits as text
 *
 * Appends one field, quoted when it must be; the caller adds separators.
 */
void
pr_csv_append_field (GString          *line,
                     const char       *field,
                     PrCsvWriterFlags  flags)
{
  gboolean neutralize;

  if (field == NULL)
    return;

  neutralize = (flags & PR_CSV_WRITER_NEUTRALIZE) && starts_formula (field);

  if ((flags & PR_CSV_WRITER_DIGITS_AS_TEXT) && pr_excel_changes_cell (field))
    {
      append_text_formula (line, field);
      return;
    }

  if (!neutralize && strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (line, field);
      return;
    }

  g_string_append_c (line, '"');
  if (neutralize)
    g_string_append_c (line, '\'');
  for (const char *p = field; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

/**
 * pr_csv_writer_write_row:
 * @self: a #PrCsvWriter
 * @fields: (array length=n_fields) (element-type utf8) (nullable): the
 *   row's fields; a %NULL field is written as empty
 * @n_fields: the number of fields
 * @error: return location for a #GError
 *
 * Writes one row, ended by CRLF; the first row starts with a byte order
 * mark with %PR_CSV_WRITER_BOM. After a failure the writer refuses to
 * commit a file: pr_csv_writer_close() fails too.
 *
 * Returns: %FALSE if the row could not be written
 */
gboolean
pr_csv_writer_write_row (PrCsvWriter        *self,
                         const char *const  *fields,
                         guint               n_fields,
                         GError            **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  g_string_truncate (self->line, 0);
  if (!self->started && (self->flags & PR_CSV_WRITER_BOM))
    g_string_append (self->line, "\xEF\xBB\xBF");
  self->started = TRUE;

  for (guint i = 0; i < n_fields; i++)
    {
      if (i > 0)
        g_string_append_c (self->line, ',');
      pr_csv_append_field (self->line, fields[i], self->flags);
    }
  g_string_append (self->line, "\r\n");

  if (g_output_stream_write_all (self->stream, self->line->str, self->line->len, NULL, NULL, &local_error))
    return TRUE;

  self->failed = TRUE;
  if (self->path != NULL || self->name != NULL)
    g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "),
                                self->path != NULL ? self->path : self->name);
  else
    g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * pr_csv_writer_close:
 * @self: a #PrCsvWriter
 * @error: return location for a #GError
 *
 * Flushes and closes the stream. For a writer made with
 * pr_csv_writer_new_for_path(), this is when the target is replaced: the
 * temporary file is synced to the disk and renamed over it. If anything
 * fails (a full disk, say), the temporary file is removed and the target
 * left as it was.
 *
 * Returns: %FALSE with @error set if the data could not be written
 */
gboolean
pr_csv_writer_close (PrCsvWriter  *self,
                     GError      **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->path == NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (g_output_stream_close (self->stream, NULL, &local_error))
        return TRUE;
      if (self->name != NULL)
        g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), self->name);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* Closed already: say again how that went. */
  if (self->file == NULL)
    {
      if (!self->committed)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                     _("cannot write %s: the writer failed before"), self->path);
      return self->committed;
    }
  if (self->failed)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("cannot write %s: a row could not be written"), self->path);
      g_clear_pointer (&self->file, pr_output_file_free);
      return FALSE;
    }
  self->committed = pr_output_file_commit (self->file, error);
  g_clear_pointer (&self->file, pr_output_file_free);
  if (!self->committed)
    return FALSE;

  return TRUE;
}

/**
 * pr_csv_writer_free:
 * @self: (transfer full) (nullable): a #PrCsvWriter
 *
 * Frees the writer. If it was not closed, a file target is left as it
 * was (its temporary file removed); a stream is closed without flushing
 * what is still buffered.
 */
void
pr_csv_writer_free (PrCsvWriter *self)
{
  if (self == NULL)
    return;

  /* First: it removes its temporary file before the stream is closed. */
  g_clear_pointer (&self->file, pr_output_file_free);
  /* Unclosed stream: close it with a cancelled cancellable, so that a
   * stream that honours it drops what is still buffered instead of
   * writing a partial tail. Nothing here can make that atomic. */
  if (!g_output_stream_is_closed (self->stream))
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (self->stream, cancel, NULL);
    }
  g_object_unref (self->stream);
  g_string_free (self->line, TRUE);
  g_free (self->name);
  g_free (self->path);
  g_free (self);
}
