/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RFC 4180 output: fields with a comma, a quote, CR or LF are quoted and
 * their quotes doubled; lines end in CRLF, as the RFC and Excel expect.
 *
 * A report written to a path replaces the old one only when it is complete:
 * the rows go to a temporary file beside the target, which close() syncs
 * and renames over it. g_file_replace() does not keep that promise: it
 * writes a new path in place (a crash leaves half a report), and for a
 * symlink, a file with a second hard link or a read-only directory it
 * truncates the old file at once. So the writer owns its temporary file.
 */
#define G_LOG_DOMAIN "pr-csv-writer"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gstdio.h>

#include "pr-csv-writer.h"
#include "pr-output-path.h"

/* Rows are small: buffer them, or every row is a system call. */
#define BUFFER_SIZE (1 << 16)

struct _PrCsvWriter
{
  GOutputStream    *stream;
  PrCsvWriterFlags  flags;
  GString          *line;
  gboolean          started;
  char             *name;       /* nullable: what a stream writer's errors name */

  /* Only for a writer made with pr_csv_writer_new_for_path(). */
  char             *path;       /* as the caller named it, for messages */
  char             *target;     /* the file replaced: @path with its links followed */
  char             *temp_path;  /* until committed or discarded */
  gboolean          committed;
  int               fd;         /* the temporary file's, owned by @stream */
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
  self->fd = -1;

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

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path,
                 const char  *what)
{
  if (what != NULL)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 _("cannot write %s: %s: %s"), path, what, g_strerror (saved_errno));
  else
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 _("cannot write %s: %s"), path, g_strerror (saved_errno));
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
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp_path = NULL;
  g_autoptr(GOutputStream) unix_stream = NULL;
  g_autoptr(GOutputStream) buffered = NULL;
  PrCsvWriter *self;
  struct stat st;
  gboolean exists = FALSE;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  target = pr_output_path_resolve (path, &st, &exists, error);
  if (target == NULL)
    return NULL;

  /* A device or a pipe cannot be replaced by a rename: renaming over
   * /dev/null would delete the device. Those are for pr_csv_writer_new(). */
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("cannot write %s: it is not a regular file"), path);
      return NULL;
    }

  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  temp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  /* A new file gets 0666 less the umask, as open() would give it; a
   * replaced one is made private first and given its old mode below, so it
   * is never readable by more people than the old file was. */
  fd = g_mkstemp_full (temp_path, O_WRONLY | O_CLOEXEC, exists ? 0600 : 0666);
  if (fd < 0)
    {
      int saved_errno = errno;
      g_autofree char *what = g_strdup_printf (_("cannot create a file in %s"), dir);

      set_errno_error (error, saved_errno, path, what);
      return NULL;
    }

  if (exists)
    {
      /* Best effort: only root may give a file away, and a report owned by
       * whoever ran the tool last is no error. */
      if ((st.st_uid != geteuid () || st.st_gid != getegid ()) &&
          fchown (fd, st.st_uid, st.st_gid) != 0)
        g_debug ("%s: owner not kept: %s", path, g_strerror (errno));
      if (fchmod (fd, st.st_mode & 07777) != 0)
        {
          int saved_errno = errno;

          g_close (fd, NULL);
          g_unlink (temp_path);
          set_errno_error (error, saved_errno, path, NULL);
          return NULL;
        }
    }

  unix_stream = g_unix_output_stream_new (fd, TRUE);
  buffered = g_buffered_output_stream_new_sized (unix_stream, BUFFER_SIZE);
  self = pr_csv_writer_new (buffered, flags);
  self->path = g_strdup (path);
  self->target = g_steal_pointer (&target);
  self->temp_path = g_steal_pointer (&temp_path);
  self->fd = fd;

  return self;
}

/* Whether a spreadsheet would take @field for a formula. Excel and WPS
 * fold a full-width or small form of the first character (＝ ＋ － ＠,
 * ﹦ ﹢ ﹣ ﹫) to its ASCII one, as NFKC does, before looking at it; NFKC
 * folds the superscript and subscript signs (⁺ ₌ …) too, and the minus
 * sign U+2212 is a minus to them as well. White space before it (spaces,
 * ideographic or no-break ones, line ends) does not stop a spreadsheet
 * that trims it, so it is looked past. */
static gboolean
starts_formula (const char *field)
{
  gunichar first;
  char one[8] = { 0 };
  g_autofree char *folded = NULL;

  while (field[0] != '\0')
    {
      gunichar c = g_utf8_get_char_validated (field, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2 || !(g_unichar_isspace (c) || c == 0xFEFF))
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

/* Whether a spreadsheet reading @field as a number would lose something:
 * its leading zeros, or the digits past the 15 it keeps. */
static gboolean
digits_changed_as_number (const char *field)
{
  size_t n = strspn (field, "0123456789");

  return n > 0 && field[n] == '\0' && ((field[0] == '0' && n > 1) || n > 15);
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

  if ((flags & PR_CSV_WRITER_DIGITS_AS_TEXT) && digits_changed_as_number (field))
    {
      /* Digits only: nothing to quote or double inside. */
      g_string_append_printf (line, "\"=\"\"%s\"\"\"", field);
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

/* Drops the temporary file: the target stays as it was. */
static void
discard (PrCsvWriter *self)
{
  if (self->temp_path == NULL)
    return;

  /* Unlinked first, so that whatever the close flushes goes nowhere. */
  g_unlink (self->temp_path);
  g_clear_pointer (&self->temp_path, g_free);
  g_output_stream_close (self->stream, NULL, NULL);
}

/* Flush, fsync, close, rename: the target changes only at the rename, and
 * only to a file whose data is on the disk, so that a crash just after it
 * cannot leave an empty report where a full one was. */
static gboolean
commit (PrCsvWriter  *self,
        GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *dir = NULL;
  int dir_fd;

  if (self->failed)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("cannot write %s: a row could not be written"), self->path);
      return FALSE;
    }

  if (!g_output_stream_flush (self->stream, NULL, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), self->path);
      return FALSE;
    }
  if (fsync (self->fd) != 0)
    {
      set_errno_error (error, errno, self->path, NULL);
      return FALSE;
    }
  if (!g_output_stream_close (self->stream, NULL, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("cannot write %s: "), self->path);
      return FALSE;
    }
  self->fd = -1;
  if (g_rename (self->temp_path, self->target) != 0)
    {
      set_errno_error (error, errno, self->path, NULL);
      return FALSE;
    }
  g_clear_pointer (&self->temp_path, g_free);

  /* The rename itself is durable once the directory is synced. The report
   * is complete either way, so a failure here is not worth an error. */
  dir = g_path_get_dirname (self->target);
  dir_fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (dir_fd >= 0)
    {
      if (fsync (dir_fd) != 0)
        g_debug ("%s: directory not synced: %s", dir, g_strerror (errno));
      g_close (dir_fd, NULL);
    }

  return TRUE;
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
  if (self->temp_path == NULL)
    {
      if (!self->committed)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                     _("cannot write %s: the writer failed before"), self->path);
      return self->committed;
    }
  if (!commit (self, error))
    {
      discard (self);
      return FALSE;
    }
  self->committed = TRUE;

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

  discard (self);
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
  g_free (self->target);
  g_free (self);
}
