/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage reads the texts of the records in candidate pairs, a
 * third of a large table or less, long after they were fingerprinted.
 * Kept in memory they were about the table's text size, most of a
 * --second-stage scan's peak; here they go to an unlinked temporary file
 * as they are read, with the body's words as the fingerprint read them (so
 * that the judge need not tokenize them again). The judge reads them back
 * record by record (pr_text_file_read ()), so that they stay in the page
 * cache rather than in the process; a mapping of the file serves the
 * few pairs explained or learned from afterwards (pr_text_file_get ()).
 *
 * A record: its word count (G_MAXUINT32: not known), then one length per
 * mapping column (0: none, else length + 1), padded to 8 bytes, the
 * words' 64-bit hashes, and the values, each ending in a NUL.
 */
#define G_LOG_DOMAIN "pr-text-file"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pr-text-file.h"

#define WRITE_BUFFER (1 << 20)
#define UNKNOWN G_MAXUINT32

struct _PrTextFile {
  guint     n_columns;
  PrTokenizerFlags flags;  /* the words' */
  guint8   *keep;        /* per column: a text or short column, whose value is kept */
  int       fd;
  GString  *buffer;      /* not yet written */
  guint64   written;
  guint64  *offsets;     /* per record */
  guint32  *sizes;       /* per record */
  gsize     capacity;
  guint8   *map;
  gsize     map_size;
};

static void
set_file_error (GError    **error,
                int         saved_errno)
{
  /* mmap's ENOMEM is the address space (ulimit -v), not the disk. */
  if (saved_errno == ENOMEM)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                 _("not enough memory to read back the texts for judging pairs from their temporary file: raise "
                   "the process's memory limit (ulimit -v), or close other programs"));
  else
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                 _("cannot keep the texts for judging pairs in a temporary file in %s: %s. Free space there, or "
                   "set TMPDIR to a directory with room"),
                 g_get_tmp_dir (), g_strerror (saved_errno));
}

/**
 * pr_text_file_new:
 * @flags: the tokenizer's that reads the words added
 */
PrTextFile *
pr_text_file_new (const PrMapping *mapping,
                  PrTokenizerFlags flags,
                  GError         **error)
{
  g_autoptr(PrTextFile) file = g_new0 (PrTextFile, 1);
  g_autofree char *path = NULL;
  g_autoptr(GError) local_error = NULL;

  file->fd = -1;
  file->flags = flags;
  file->n_columns = pr_mapping_get_n_columns (mapping);
  file->keep = g_new0 (guint8, MAX (1, file->n_columns));
  for (guint c = 0; c < file->n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      file->keep[c] = role == PR_COLUMN_ROLE_TEXT || role == PR_COLUMN_ROLE_SHORT;
    }
  file->fd = g_file_open_tmp ("petition-review-texts-XXXXXX", &path, &local_error);
  if (file->fd < 0)
    {
      g_set_error (error, G_FILE_ERROR, local_error->code,
                   _("cannot keep the texts for judging pairs in a temporary file: %s. Set TMPDIR to a "
                     "writable directory with room"),
                   local_error->message);
      return NULL;
    }
  /* Nobody else needs it, and it goes when the process does. */
  g_unlink (path);
  file->buffer = g_string_sized_new (WRITE_BUFFER + 4096);
  return g_steal_pointer (&file);
}

static gboolean
flush (PrTextFile *file,
       GError    **error)
{
  gsize done = 0;

  while (done < file->buffer->len)
    {
      gssize n = write (file->fd, file->buffer->str + done, file->buffer->len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          set_file_error (error, n < 0 ? errno : ENOSPC);
          return FALSE;
        }
      done += n;
    }
  file->written += done;
  g_string_truncate (file->buffer, 0);
  return TRUE;
}

/**
 * pr_text_file_add:
 * @record: its index in the record set; records may come in any order
 * @values: one per mapping column, as the loader has them
 * @words: (nullable): the hashes of the body's words in order, as
 *   pr_pair_profile_new () would read them; %NULL when not known
 *
 * Returns: %FALSE with @error set when the file cannot be written.
 */
gboolean
pr_text_file_add (PrTextFile        *file,
                  gsize              record,
                  const char *const *values,
                  const gsize       *lengths,
                  const guint64     *words,
                  guint32            n_words,
                  GError           **error)
{
  guint32 header[2] = { words != NULL ? n_words : UNKNOWN, 0 };
  static const char zeros[8] = { 0 };

  g_return_val_if_fail (file->map == NULL, FALSE);
  if (record >= file->capacity)
    {
      gsize capacity = MAX (4096, 2 * (record + 1));

      file->offsets = g_renew (guint64, file->offsets, capacity);
      file->sizes = g_renew (guint32, file->sizes, capacity);
      memset (file->offsets + file->capacity, 0, (capacity - file->capacity) * sizeof (guint64));
      memset (file->sizes + file->capacity, 0, (capacity - file->capacity) * sizeof (guint32));
      file->capacity = capacity;
    }
  file->offsets[record] = file->written + file->buffer->len;
  g_string_append_len (file->buffer, (const char *) header, sizeof header);
  for (guint c = 0; c < file->n_columns; c++)
    {
      guint32 length = file->keep[c] && values[c] != NULL && lengths[c] > 0 ? (guint32) lengths[c] + 1 : 0;

      g_string_append_len (file->buffer, (const char *) &length, sizeof length);
    }
  g_string_append_len (file->buffer, zeros, (8 - file->buffer->len % 8) % 8);
  if (words != NULL && n_words > 0)
    g_string_append_len (file->buffer, (const char *) words, n_words * sizeof (guint64));
  for (guint c = 0; c < file->n_columns; c++)
    if (file->keep[c] && values[c] != NULL && lengths[c] > 0)
      {
        g_string_append_len (file->buffer, values[c], lengths[c]);
        g_string_append_c (file->buffer, '\0');
      }
  /* The next record starts aligned. */
  g_string_append_len (file->buffer, zeros, (8 - (file->written + file->buffer->len) % 8) % 8);
  file->sizes[record] = (guint32) (file->written + file->buffer->len - file->offsets[record]);
  return file->buffer->len < WRITE_BUFFER || flush (file, error);
}

/**
 * pr_text_file_finish:
 * @n_records: every record 0 … @n_records − 1 was added
 *
 * Maps the file for pr_text_file_get (); nothing can be added after.
 */
gboolean
pr_text_file_finish (PrTextFile *file,
                     gsize       n_records,
                     GError    **error)
{
  g_return_val_if_fail (file->map == NULL, FALSE);
  g_return_val_if_fail (n_records <= file->capacity || n_records == 0, FALSE);
  if (!flush (file, error))
    return FALSE;
  g_string_free (g_steal_pointer (&file->buffer), TRUE);
  if (file->written == 0)
    return TRUE;
  file->map = mmap (NULL, file->written, PROT_READ, MAP_SHARED, file->fd, 0);
  if (file->map == MAP_FAILED)
    {
      file->map = NULL;
      set_file_error (error, errno);
      return FALSE;
    }
  file->map_size = file->written;
  return TRUE;
}

static void
parse (const PrTextFile *file,
       const guint8     *at,
       const char      **texts,
       PrTextFileRecord *out)
{
  const guint32 *header = (const guint32 *) (gconstpointer) at;
  const guint32 *lengths = header + 2;
  const char *value;
  gsize head = 8 + 4 * (gsize) file->n_columns;

  head += (8 - head % 8) % 8;
  out->n_words = header[0] != UNKNOWN ? header[0] : 0;
  out->words = header[0] != UNKNOWN ? (const guint64 *) (gconstpointer) (at + head) : NULL;
  value = (const char *) at + head + 8 * (gsize) out->n_words;
  for (guint c = 0; c < file->n_columns; c++)
    {
      texts[c] = lengths[c] > 0 ? value : NULL;
      value += lengths[c];
    }
  out->texts = texts;
}

/**
 * pr_text_file_get:
 * @texts: (out caller-allocates): one pointer per mapping column
 *
 * The record @record, from the file's mapping (thread-safe): its values
 * stay valid as long as @file.
 */
void
pr_text_file_get (const PrTextFile *file,
                  gsize             record,
                  const char      **texts,
                  PrTextFileRecord *out)
{
  g_return_if_fail (file->map != NULL);
  parse (file, file->map + file->offsets[record], texts, out);
}

/**
 * pr_text_file_read:
 * @buffer: where the record is read to; its values stay valid until
 *   @buffer changes
 * @texts: (out caller-allocates): one pointer per mapping column
 *
 * pr_text_file_get () read into @buffer rather than through the mapping,
 * so that what is read does not stay in the process's memory
 * (thread-safe).
 *
 * Returns: %FALSE with @error set if the file cannot be read.
 */
gboolean
pr_text_file_read (const PrTextFile *file,
                   gsize             record,
                   GByteArray       *buffer,
                   const char      **texts,
                   PrTextFileRecord *out,
                   GError          **error)
{
  gsize size = file->sizes[record], done = 0;

  g_return_val_if_fail (file->map != NULL, FALSE);
  /* An 8-byte aligned start, for the words. */
  g_byte_array_set_size (buffer, size + 8);
  while (done < size)
    {
      guint8 *to = buffer->data + (8 - GPOINTER_TO_SIZE (buffer->data) % 8) % 8;
      gssize n = pread (file->fd, to + done, size - done, (off_t) (file->offsets[record] + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          set_file_error (error, n < 0 ? errno : EIO);
          return FALSE;
        }
      done += n;
    }
  parse (file, buffer->data + (8 - GPOINTER_TO_SIZE (buffer->data) % 8) % 8, texts, out);
  return TRUE;
}

PrTokenizerFlags
pr_text_file_get_flags (const PrTextFile *file)
{
  return file->flags;
}

void
pr_text_file_free (PrTextFile *file)
{
  if (file == NULL)
    return;
  if (file->map != NULL)
    munmap (file->map, file->map_size);
  if (file->fd >= 0)
    close (file->fd);
  if (file->buffer != NULL)
    g_string_free (file->buffer, TRUE);
  g_free (file->offsets);
  g_free (file->sizes);
  g_free (file->keep);
  g_free (file);
}
