/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The CLI's output files: opened safely (a regular file replaced only when
 * complete; devices and pipes written directly), and refused before any
 * work when one is an input, another output, or the password or rules file.
 */
#define G_LOG_DOMAIN "pr-cli-outputs"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pr-cli.h"
#include "pr-output-path.h"
#include "pr-report-table.h"

/* A device or a pipe (@target, named @path by the user) is written to in
 * place: it cannot be replaced by a rename. */
static GOutputStream *
open_device (const char  *path,
             const char  *target,
             GError     **error)
{
  int fd = g_open (target, O_WRONLY | O_CLOEXEC, 0);

  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  return g_unix_output_stream_new (fd, TRUE);
}

/* CSV text under a workbook's name is a file Excel refuses to open,
 * under another spreadsheet's name (.xls, .ods, WPS's .et) one that
 * program refuses or reads as something else, and under a tab-separated
 * file's (.tsv) one read as a single value a line. */
static gboolean
check_csv_name (const char  *path,
                GError     **error)
{
  const char *extension = pr_report_path_spreadsheet_extension (path);

  if (pr_report_path_is_xlsx (path))
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("%s names an Excel workbook (.xlsx), but this output is CSV text, which Excel would refuse to "
                   "open under that name: name a .csv file (the decisions are exported as a workbook by "
                   "“decisions export --out FILE.xlsx”, the clusters by the application's Export)"),
                 path);
  else if (extension != NULL)
    /* Translators: the file, then its extension (.xls, .ods) */
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("%s names a spreadsheet workbook (%s), but this output is CSV text, which a spreadsheet "
                   "program would refuse to open or misread under that name: name a .csv file (the decisions "
                   "are exported as a workbook by “decisions export --out FILE.xlsx”, the clusters by the "
                   "application's Export)"),
                 path, extension);
  else if (pr_report_path_is_tsv (path))
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("%s names a tab-separated file (.tsv), but this output is CSV text, its values parted by "
                   "commas, which a program opening a .tsv file reads as one value a line: name a .csv file"),
                 path);
  else
    return TRUE;
  return FALSE;
}

/* An SVG picture under another format's name (curve.png, curve.tsv) is
 * refused or misread by what opens that name; a name without an
 * extension (/dev/null, a pipe) says nothing of its format. */
static gboolean
check_svg_name (const char  *option,
                const char  *path,
                GError     **error)
{
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');

  if (dot == NULL || dot == base || g_ascii_strcasecmp (dot, ".svg") == 0)
    return TRUE;
  /* Translators: the file, its extension (.png, .tsv), then the option */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("%s ends in %s, but %s writes an SVG picture, which a program opening that name would refuse or "
                 "misread: name a .svg file"),
               path, dot, option);
  return FALSE;
}

/**
 * pr_cli_open_csv_output:
 * @path: (nullable): the file to write, or %NULL or "-" for stdout
 * @error: return location for a #GError
 *
 * A regular file (or a new one) is replaced only when the writer is closed
 * (pr_csv_writer_new_for_path()); stdout and existing devices or pipes
 * (/dev/null, a fifo), which cannot be replaced, are written directly.
 * Symbolic links are followed as pr_output_path_resolve () allows, for
 * every kind of file.
 *
 * Returns: (transfer full) (nullable): the writer, or %NULL with @error
 *   naming @path
 */
PrCsvWriter *
pr_cli_open_csv_output (const char        *path,
                        PrCsvWriterFlags   flags,
                        GError           **error)
{
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GOutputStream) buffered = NULL;
  g_autofree char *target = NULL;
  PrCsvWriter *writer;
  struct stat st;
  gboolean exists = FALSE;

  if (path == NULL || g_str_equal (path, "-"))
    {
      out = g_unix_output_stream_new (STDOUT_FILENO, FALSE);
    }
  else if (!check_csv_name (path, error))
    {
      return NULL;
    }
  else if ((target = pr_output_path_resolve (path, &st, &exists, error)) == NULL)
    {
      return NULL;
    }
  else if (exists && !S_ISREG (st.st_mode))
    {
      out = open_device (path, target, error);
      if (out == NULL)
        return NULL;
    }
  else
    {
      return pr_csv_writer_new_for_path (path, flags, error);
    }

  /* Rows are small: buffer them, or every row is a system call. */
  buffered = g_buffered_output_stream_new_sized (out, 1 << 16);
  writer = pr_csv_writer_new (buffered, flags);
  /* A full disk behind it is told as for a file: which one. */
  pr_csv_writer_set_name (writer, path == NULL || g_str_equal (path, "-") ? _("standard output") : path);
  return writer;
}

/**
 * pr_cli_write_text_output:
 * @path: the file to write (a symbolic link is followed as for every
 *   output, pr_output_path_resolve ())
 * @text: what to write
 * @length: its length in bytes
 * @error: return location for a #GError
 *
 * Replaces a regular file whole, as g_file_set_contents () does; a device
 * or a pipe is written to, never replaced: a temporary file renamed over
 * /dev/null would delete the device (as root), and a full disk behind
 * /dev/full must be an error, not exit 0.
 *
 * Returns: %FALSE with @error set if @text could not all be written
 */
gboolean
pr_cli_write_text_output (const char  *path,
                          const char  *text,
                          gsize        length,
                          GError     **error)
{
  g_autofree char *target = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GError) local_error = NULL;
  struct stat st;
  gboolean exists = FALSE;

  target = pr_output_path_resolve (path, &st, &exists, error);
  if (target == NULL)
    return FALSE;
  if (!exists || S_ISREG (st.st_mode))
    return g_file_set_contents (target, text, length, error);

  out = open_device (path, target, error);
  if (out == NULL)
    return FALSE;
  if (!g_output_stream_write_all (out, text, length, NULL, NULL, &local_error) ||
      !g_output_stream_close (out, NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code, _("cannot write %s: %s"), path,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* "--pairs -" for an option given "-" (or "--pairs /dev/stdout"); what a
 * command writes to standard output when no option names a file for it,
 * as its caller names it. */
static char *
describe_stdout (const PrCliFile *file)
{
  return g_str_has_prefix (file->option, "-") ? g_strdup_printf ("%s %s", file->option, file->path)
                                              : g_strdup (file->option);
}

/* Whether @path is "-" or names what standard output is now: the pipe it
 * writes to (/dev/stdout in a pipeline), where the two would run
 * together, or the file the shell redirected it to, which writing @path
 * would replace, what was printed into it lost. A terminal or a device
 * such as /dev/null takes both. */
static gboolean
is_stdout (const char *path)
{
  struct stat out, st;

  if (g_str_equal (path, "-"))
    return TRUE;
  if (fstat (STDOUT_FILENO, &out) != 0 ||
      !(S_ISREG (out.st_mode) || S_ISFIFO (out.st_mode) || S_ISSOCK (out.st_mode)))
    return FALSE;
  return g_stat (path, &st) == 0 && st.st_dev == out.st_dev && st.st_ino == out.st_ino;
}

/**
 * pr_cli_check_outputs:
 * @inputs: (array length=n_inputs): the files the subcommand reads
 * @n_inputs: how many
 * @outputs: (array length=n_outputs): the files it writes
 * @n_outputs: how many
 * @error: return location for a #GError
 *
 * For a subcommand to call before it reads anything: an output that
 * cannot be written (its folder missing, a link not to be followed) is
 * told at once, not after the work; so is an output that is an input
 * (the records would be replaced by the report) or another output (one
 * report would be lost), however the two names spell or link to it
 * (pr_output_path_identity ()), and a CSV output named as a workbook
 * (.xlsx, .xls, .ods…) or a tab-separated file (.tsv), and an SVG output
 * under another extension than .svg. A %NULL path (not given) and "-"
 * (standard input or output) are no file; two outputs given as "-" are
 * refused, as two given as one file are, and so is "-" for an output
 * marked no_stdout. An output whose option is not an option's name (the
 * report a command prints when no --out is given) is standard output, and
 * so is a name of the pipe or file standard output goes to (/dev/stdout).
 *
 * Returns: %FALSE with @error naming the first that cannot be written
 */
gboolean
pr_cli_check_outputs (const PrCliFile  *inputs,
                      guint             n_inputs,
                      const PrCliFile  *outputs,
                      guint             n_outputs,
                      GError          **error)
{
  g_autoptr(GPtrArray) input_keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) output_keys = g_ptr_array_new_with_free_func (g_free);
  const PrCliFile *on_stdout = NULL;

  for (guint i = 0; i < n_inputs; i++)
    g_ptr_array_add (input_keys, inputs[i].path == NULL || g_str_equal (inputs[i].path, "-")
                                 ? NULL : pr_output_path_identity (inputs[i].path, FALSE, NULL));
  for (guint i = 0; i < n_outputs; i++)
    {
      const PrCliFile *output = &outputs[i];
      g_autoptr(GError) local_error = NULL;
      char *key;

      g_ptr_array_add (output_keys, NULL);
      if (output->path == NULL)
        continue;
      if (is_stdout (output->path) && output->no_stdout)
        {
          g_autofree char *named = describe_stdout (output);

          /* A contract file read by a program must hold nothing else:
           * mixed into the report, its rows could not be told apart. */
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s would write into standard output, where this command prints its report, and the "
                         "two would run together: give a file name after %s"),
                       named, output->option);
          return FALSE;
        }
      if (is_stdout (output->path))
        {
          /* Two outputs on standard output would run together in one
           * stream, the second's header read as a row of the first. */
          if (on_stdout != NULL)
            {
              g_autofree char *first = describe_stdout (on_stdout);
              g_autofree char *second = describe_stdout (output);

              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("%s and %s both write to standard output, where the two would run together: "
                             "name a file for one of them"),
                           first, second);
              return FALSE;
            }
          on_stdout = output;
          continue;
        }
      if ((output->csv && !check_csv_name (output->path, error)) ||
          (output->svg && !check_svg_name (output->option, output->path, error)) ||
          !pr_output_path_check (output->path, error))
        return FALSE;
      key = pr_output_path_identity (output->path, TRUE, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      output_keys->pdata[i] = key;
      if (key == NULL)
        continue;
      for (guint j = 0; j < n_inputs; j++)
        if (input_keys->pdata[j] != NULL && g_str_equal (input_keys->pdata[j], key))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("%s %s is the same file as %s %s: writing it would replace what is read: "
                           "name another file for %s"),
                         output->option, output->path, inputs[j].option, inputs[j].path, output->option);
            return FALSE;
          }
      for (guint j = 0; j < i; j++)
        if (output_keys->pdata[j] != NULL && g_str_equal (output_keys->pdata[j], key))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("%s %s and %s %s are the same file: one output would replace the other: "
                           "name a different file for each"),
                         outputs[j].option, outputs[j].path, output->option, output->path);
            return FALSE;
          }
    }
  return TRUE;
}

/**
 * pr_cli_check_store_output:
 * @options: the command's options (its password file)
 * @out: (nullable): its --out
 * @error: return location for a #GError
 *
 * pr_cli_check_outputs () for a command that reads only the store and
 * writes one CSV file: the file must not be the password file.
 *
 * Returns: %FALSE with @error if it cannot be written
 */
gboolean
pr_cli_check_store_output (const PrCliMappingOptions  *options,
                           const char                 *out,
                           GError                    **error)
{
  const PrCliFile inputs[] = { { "--password-file", options->password_file } };
  const PrCliFile outputs[] = { { "--out", out } };

  return pr_cli_check_outputs (inputs, G_N_ELEMENTS (inputs), outputs, G_N_ELEMENTS (outputs), error);
}
