/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pr-csv-header-names.c: a CSV header's column names as a person reads
 * them: shown with their invisible characters named, and two names that
 * read as one (case, full-width letters, white space) told apart or
 * refused. Part of PrCsvReader's API (pr-csv-reader.h).
 */

#define G_LOG_DOMAIN "pr-csv-reader"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-csv-reader-private.h"

#include <string.h>

/**
 * pr_csv_reader_show_invisible:
 * @text: valid UTF-8
 *
 * Returns: (transfer full): @text with each invisible character (format
 *   and control characters: a BOM, a zero-width space) as <U+XXXX>
 */
char *
pr_csv_reader_show_invisible (const char *text)
{
  GString *shown = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_FORMAT || type == G_UNICODE_CONTROL)
        g_string_append_printf (shown, "<U+%04X>", c);
      else
        g_string_append_unichar (shown, c);
    }
  return g_string_free (shown, FALSE);
}

/* A column name as a person reads it: NFKC (full-width letters as ASCII),
 * case folded, without white space or invisible characters; %NULL for a
 * name that is not UTF-8. */
static char *
fold_name (const char *name)
{
  static const gunichar invisible[] = { 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD };
  g_autofree char *normal = g_utf8_normalize (name, -1, G_NORMALIZE_NFKC);
  g_autofree char *folded = NULL;
  GString *kept;

  if (normal == NULL)
    return NULL;
  folded = g_utf8_casefold (normal, -1);
  kept = g_string_sized_new (strlen (folded));
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean drop = g_unichar_isspace (c);

      for (guint i = 0; i < G_N_ELEMENTS (invisible); i++)
        drop |= c == invisible[i];
      if (!drop)
        g_string_append_unichar (kept, c);
    }
  return g_string_free (kept, FALSE);
}

/**
 * pr_csv_reader_find_field_as_read:
 * @reader: a #PrCsvReader positioned on a header row
 * @name: a column name
 * @other_than: a field to pass over, or -1
 *
 * Returns: the index of the first field, other than @other_than, whose
 *   name reads as @name (it differs only in case, full-width letters,
 *   white space or invisible characters), or -1
 */
int
pr_csv_reader_find_field_as_read (PrCsvReader *reader,
                                  const char  *name,
                                  int          other_than)
{
  g_autofree char *folded = fold_name (name);

  if (folded == NULL)
    return -1;
  for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
    {
      g_autofree char *field = NULL;

      if ((int) i == other_than)
        continue;
      field = fold_name (pr_csv_reader_get_field (reader, i, NULL));
      if (field != NULL && strcmp (field, folded) == 0)
        return i;
    }
  return -1;
}

/**
 * pr_csv_reader_check_unique_field:
 * @reader: a #PrCsvReader positioned on a header row
 * @name: a mapped column's name
 * @path: the input's name, for the message
 * @error: return location for a #GError
 *
 * A header that names a mapped column twice leaves it unsaid which of the
 * two holds the values; so does one whose other column's name reads as
 * the same (body and Body, ｂｏｄｙ, “body ”): a person, or another
 * program, may mean either.
 *
 * Returns: %FALSE with %PR_CSV_ERROR_SYNTAX, naming both places, if @name
 *   is in the header more than once, as written or as read
 */
gboolean
pr_csv_reader_check_unique_field (PrCsvReader  *reader,
                                  const char   *name,
                                  const char   *path,
                                  GError      **error)
{
  int first = pr_csv_reader_find_field (reader, name);

  if (first < 0)
    return TRUE;
  for (guint h = first + 1; h < pr_csv_reader_get_n_fields (reader); h++)
    if (strcmp (pr_csv_reader_get_field (reader, h, NULL), name) == 0)
      {
        g_autofree char *shown = pr_csv_reader_show_invisible (name);

        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                     _("the header of %s names column “%s” twice (columns %d and %u): rename one of them so "
                       "that it is clear which to read"), path, shown, first + 1, h + 1);
        return FALSE;
      }
  {
    int other = pr_csv_reader_find_field_as_read (reader, name, first);

    if (other >= 0)
      {
        g_autofree char *shown = pr_csv_reader_show_invisible (name);
        g_autofree char *shown_other = pr_csv_reader_show_invisible (pr_csv_reader_get_field (reader, other, NULL));

        g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                     _("the header of %s names column “%s” (column %d) and “%s” (column %d), which read as one name "
                       "(they differ only in case, full-width letters or white space): rename one of them so that "
                       "it is clear which to read"),
                     path, shown, first + 1, shown_other, other + 1);
        return FALSE;
      }
  }
  return TRUE;
}

/* Whether @field (byte order marks before it aside) is @name. */
static gboolean
field_is_name (const char *field,
               gsize       length,
               const char *name)
{
  while (length >= 3 && memcmp (field, "\xef\xbb\xbf", 3) == 0)
    field += 3, length -= 3;
  return strlen (name) == length && memcmp (field, name, length) == 0;
}

/**
 * pr_csv_reader_check_not_header:
 * @reader: a #PrCsvReader on a record
 * @names: the names of the columns read, as the header writes them
 * @fields: where the header has each; a negative one is passed over
 * @n_names: how many
 * @error: return location for a #GError
 *
 * Files put together (cat a.csv b.csv, or after a DOS end-of-file mark)
 * with their headers: a record holding all of @names is the second
 * file's header, which read on would be a record named after the id
 * column. Found in another order, the second file's columns are in that
 * order, and its rows would be read with their values under the wrong
 * columns. Fewer than two names are never taken for a header.
 *
 * Returns: %FALSE with @error naming the line if the record is a header
 */
gboolean
pr_csv_reader_check_not_header (PrCsvReader        *reader,
                                const char *const  *names,
                                const int          *fields,
                                guint               n_names,
                                GError            **error)
{
  guint n_fields = pr_csv_reader_get_n_fields (reader);
  guint n_checked = 0;
  gboolean same = TRUE;

  for (guint c = 0; c < n_names; c++)
    {
      gboolean found = FALSE;
      gsize length;
      const char *field;

      if (fields[c] < 0)
        continue;
      n_checked++;
      field = (guint) fields[c] < n_fields ? pr_csv_reader_get_field (reader, fields[c], &length) : NULL;
      if (field != NULL && field_is_name (field, length, names[c]))
        continue;
      same = FALSE;
      for (guint f = 0; f < n_fields && !found; f++)
        {
          field = pr_csv_reader_get_field (reader, f, &length);
          found = field_is_name (field, length, names[c]);
        }
      if (!found)
        return TRUE;
    }
  if (n_checked < 2)
    return TRUE;
  if (same)
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                 _("line %llu repeats the header (were files put together with their headers?): delete the "
                   "line, then scan again"),
                 (unsigned long long) pr_csv_reader_get_line (reader));
  else
    pr_csv_header_set_reordered_error (error, pr_csv_reader_get_line (reader));
  return FALSE;
}

/* A second file's header on @line, its names in another order. */
void
pr_csv_header_set_reordered_error (GError  **error,
                                   guint64   line)
{
  g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
               _("line %llu holds the header's column names in another order, so the lines after it are "
                 "another file's, with their columns in that order (were files put together?): save each "
                 "file with the columns in the same order, put them together again keeping one header, "
                 "then scan again"),
               (unsigned long long) line);
}
