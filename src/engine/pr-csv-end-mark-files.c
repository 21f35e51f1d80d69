/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pr-csv-end-mark-files.c: files put together after a DOS end-of-file mark.
 *
 * A Ctrl-Z (0x1A) ending a row in the middle of a file is where one file
 * ended and the next was put after it (copy /b a.csv+b.csv). That next
 * file begins with its header: the file's own header there is passed
 * over, and anything else is refused where it stands. A header of other
 * names would be read as a record, and rows that are not a header may
 * belong to a file whose columns are in another order, read with their
 * values under the wrong names. Part of PrCsvReader (pr-csv-reader.c).
 */

#define G_LOG_DOMAIN "pr-csv-reader"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-csv-reader-private.h"

static const char *
skip_byte_order_marks (const char *field,
                       gsize      *length)
{
  while (*length >= 3 && memcmp (field, "\xef\xbb\xbf", 3) == 0)
    field += 3, *length -= 3;
  return field;
}

/* Keeps the current record as the header the rows after a mark are
 * compared with. */
void
pr_csv_reader_keep_header (PrCsvReader *reader)
{
  g_clear_pointer (&reader->header, g_strfreev);
  reader->header = g_new0 (char *, reader->n_fields + 1);
  for (guint f = 0; f < reader->n_fields; f++)
    {
      gsize length = reader->fields[f].len;
      const char *field = skip_byte_order_marks (reader->rec + reader->fields[f].start, &length);

      reader->header[f] = g_strndup (field, length);
    }
}

static gboolean
is_header_name (const char *field,
                gsize       length,
                const char *name)
{
  field = skip_byte_order_marks (field, &length);
  return strlen (name) == length && memcmp (field, name, length) == 0;
}

/* Whether the current record holds each of the header's names once, and
 * nothing else; @same: in the header's order too. */
static gboolean
holds_header_names (PrCsvReader *reader,
                    gboolean    *same)
{
  guint n = g_strv_length (reader->header);

  *same = TRUE;
  if (reader->n_fields != n)
    return FALSE;
  for (guint f = 0; f < n; f++)
    {
      gboolean found = FALSE;

      if (is_header_name (reader->rec + reader->fields[f].start, reader->fields[f].len, reader->header[f]))
        continue;
      *same = FALSE;
      for (guint h = 0; h < n && !found; h++)
        found = is_header_name (reader->rec + reader->fields[f].start, reader->fields[f].len, reader->header[h]);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/**
 * pr_csv_reader_after_end_mark:
 * @reader: a reader on the record after one a mid-file mark ended
 * @mark_line: the line of that mark
 * @skip: (out): whether the record is the file's own header, to pass over
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error set (and kept, as every data error of the
 *   reader) if the record is not the file's own header
 */
gboolean
pr_csv_reader_after_end_mark (PrCsvReader  *reader,
                              guint64       mark_line,
                              gboolean     *skip,
                              GError      **error)
{
  gboolean same = FALSE;

  *skip = FALSE;
  if (holds_header_names (reader, &same) && same)
    {
      *skip = TRUE;
      return TRUE;
    }
  if (holds_header_names (reader, &same))
    {
      g_autoptr(GError) reordered = NULL;

      pr_csv_header_set_reordered_error (&reordered, reader->record_line);
      return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX, "%s", reordered->message);
    }
  return pr_csv_reader_fail (reader, error, PR_CSV_ERROR_SYNTAX,
                             _("line %llu ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the middle of "
                               "the file, where one file ended and another was put after it, but line %llu is "
                               "not the file's header: files put together must each begin with the same header. "
                               "Delete the mark if the lines after it belong to this file, or put the files "
                               "together again each with its header, then read the file again"),
                             (unsigned long long) mark_line, (unsigned long long) reader->record_line);
}
