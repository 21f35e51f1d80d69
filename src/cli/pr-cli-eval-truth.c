/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval's truth: labelled pairs (--pairs), groups of duplicates in a column
 * of the records (--truth-groups) or in a file of one group a row
 * (--truth-groups-file), and the character 3-grams by which the labelled
 * set chose the pairs it held back.
 */
#define G_LOG_DOMAIN "pr-cli-eval-truth"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pr-bad-row.h"
#include "pr-cli-eval-private.h"
#include "pr-csv-reader.h"
#include "pr-simhash.h"

typedef gboolean (*ValueFunc) (guint32      record,
                               const char  *value,
                               gpointer     user_data,
                               GError     **error);

/* Opens a CSV file and reads its header. */
static PrCsvReader *
open_with_header (const char  *path,
                  const char  *encoding,
                  GError     **error)
{
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, encoding, error);

  if (reader == NULL || !pr_csv_reader_next_header (reader, path, NULL, error))
    return NULL;
  return g_steal_pointer (&reader);
}

/* With rows left out as bad the reader checks no text, which would stop
 * at theirs: a kept row's value is checked here, else bytes that are not
 * UTF-8 would be walked as characters, and the mark of bytes not in the
 * file's encoding read as one (two group ids made the same). */
static gboolean
check_kept_value (const RecordsFile  *file,
                  PrCsvReader        *reader,
                  const char         *column,
                  const char         *value,
                  gsize               length,
                  GError            **error)
{
  g_autofree char *reason = NULL;

  if (memchr (value, '\0', length) != NULL || !g_utf8_validate_len (value, length, NULL))
    reason = g_strdup (_("the value is not UTF-8 text"));
  else if (file->encoding == NULL || pr_bad_row_find_marked (&value, &length, 1, file->encoding, &reason) < 0)
    return TRUE;
  g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
               /* Translators: the file, the line, the column, then what is wrong. */
               _("%s, line %llu, column “%s”: %s; correct the value (only rows left out as bad go unchecked)"),
               file->path, (unsigned long long) pr_csv_reader_get_line (reader), column, reason);
  return FALSE;
}

/* Reads one @column of the records file, row by row. */
static gboolean
foreach_value (RecordsFile        *file,
               const char         *column,
               ValueFunc           func,
               gpointer            user_data,
               GError            **error)
{
  const char *path = file->path;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, file->encoding, error);
  g_autoptr(GError) local_error = NULL;
  int field, id_field = -1;

  if (reader == NULL)
    return FALSE;
  /* The rows left out as bad are read again here, and passed over below
   * (no record has their id): their bytes must not stop the reading. */
  if (file->left_out != NULL)
    pr_csv_reader_set_mark_unreadable (reader);
  if (!pr_csv_reader_next_header (reader, path, NULL, error))
    return FALSE;
  if (file->left_out != NULL)
    pr_csv_reader_set_check_text (reader, FALSE);
  field = pr_csv_reader_find_field (reader, column);
  if (file->id_column != NULL)
    id_field = pr_csv_reader_find_field (reader, file->id_column);
  if (field < 0)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, _("%s has no column “%s”"), path, column);
      return FALSE;
    }
  for (gsize row = 1; pr_csv_reader_next (reader, NULL, &local_error); row++)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GSIZE_FORMAT, row);
      const char *id = id_field >= 0 ? pr_csv_reader_get_field (reader, id_field, NULL) : number;
      gsize index = GPOINTER_TO_SIZE (g_hash_table_lookup (file->index_of, id));
      gsize length = 0;
      const char *value = pr_csv_reader_get_field (reader, field, &length);

      if (index != 0 && value != NULL && file->left_out != NULL &&
          !check_kept_value (file, reader, column, value, length, error))
        return FALSE;
      if (index != 0 && value != NULL && !func ((guint32) (index - 1), value, user_data, error))
        return FALSE;
      file->n_left_out += index == 0 && file->left_out != NULL && g_hash_table_contains (file->left_out, id);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

static int
compare_hashes (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

typedef struct {
  GPtrArray *grams;   /* per record, GArray of guint64 */
  GArray    *chars;   /* const char *, scratch */
} GramSink;

/* A record's distinct character 3-grams, white space removed, as sorted
 * hashes: how the labelled set chose the pairs it labels. */
static gboolean
add_grams (guint32      record,
           const char  *text,
           gpointer     user_data,
           GError     **error)
{
  GramSink *sink = user_data;
  GArray *list = sink->grams->pdata[record];
  GArray *chars = sink->chars;
  guint n = 0;

  g_array_set_size (chars, 0);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_array_append_val (chars, p);
  for (guint i = 0; i + 2 < chars->len; i++)
    {
      const char *first = g_array_index (chars, const char *, i);
      const char *third = g_array_index (chars, const char *, i + 2);
      char gram[3 * 6];
      gsize length = 0;
      guint64 hash;

      /* The three characters without the white space between them. */
      for (const char *ch = first; ch <= third; ch = g_utf8_next_char (ch))
        if (!g_unichar_isspace (g_utf8_get_char (ch)))
          {
            gsize bytes = g_utf8_next_char (ch) - ch;

            memcpy (gram + length, ch, bytes);
            length += bytes;
          }
      hash = pr_feature_hash (gram, length);
      g_array_append_val (list, hash);
    }
  g_array_sort (list, compare_hashes);
  for (guint i = 0; i < list->len; i++)
    if (n == 0 || g_array_index (list, guint64, i) != g_array_index (list, guint64, n - 1))
      g_array_index (list, guint64, n++) = g_array_index (list, guint64, i);
  g_array_set_size (list, n);
  return TRUE;
}

/* Per record, the 3-grams of its @column (see add_grams ()). */
GPtrArray *
_pr_cli_eval_held_back_grams (RecordsFile        *file,
                              const char         *column,
                              gsize               n_records,
                              GError            **error)
{
  g_autoptr(GPtrArray) grams = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (const char *));
  GramSink sink = { grams, chars };

  for (gsize i = 0; i < n_records; i++)
    g_ptr_array_add (grams, g_array_new (FALSE, FALSE, sizeof (guint64)));
  if (!foreach_value (file, column, add_grams, &sink, error))
    return NULL;
  return g_steal_pointer (&grams);
}

/* Every two records of a group of duplicates are a dup pair. */
static void
add_group_pairs (GArray       *pairs,
                 const GArray *members)
{
  for (guint i = 0; i < members->len; i++)
    for (guint j = i + 1; j < members->len; j++)
      {
        guint32 a = g_array_index (members, guint32, i), b = g_array_index (members, guint32, j);
        LabelledPair pair = { MIN (a, b), MAX (a, b), LABEL_DUP, -1 };

        if (a != b)
          g_array_append_val (pairs, pair);
      }
}

static gboolean
add_to_group (guint32      record,
              const char  *value,
              gpointer     user_data,
              GError     **error)
{
  GHashTable *groups = user_data;
  GArray *members;

  /* No value, no group: the record has no duplicate. */
  if (*value == '\0')
    return TRUE;
  members = g_hash_table_lookup (groups, value);
  if (members == NULL)
    {
      members = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_hash_table_insert (groups, g_strdup (value), members);
    }
  g_array_append_val (members, record);
  return TRUE;
}

/* --truth-groups COL: records with the same value in COL (an entity or
 * cluster id) are duplicates of each other. */
GArray *
_pr_cli_eval_load_truth_column (RecordsFile        *file,
                                const char         *column,
                                GError            **error)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) g_array_unref);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (LabelledPair));
  GHashTableIter iter;
  gpointer members;

  if (!foreach_value (file, column, add_to_group, groups, error))
    return NULL;
  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, NULL, &members))
    add_group_pairs (pairs, members);
  return g_steal_pointer (&pairs);
}

/**
 * _pr_cli_eval_find_record:
 * @file: the records
 * @id: an id a truth file names
 * @path: that file, for messages
 * @line: the line naming it
 * @index: (out): the record @id names, + 1; 0 for a row left out as bad
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error set if no row has @id
 */
gboolean
_pr_cli_eval_find_record (const RecordsFile  *file,
                          const char         *id,
                          const char         *path,
                          guint64             line,
                          gsize              *index,
                          GError            **error)
{
  *index = GPOINTER_TO_SIZE (g_hash_table_lookup (file->index_of, id));
  if (*index != 0 || (file->left_out != NULL && g_hash_table_contains (file->left_out, id)))
    return TRUE;
  g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, _("%s, line %llu: no record has the id “%s” (is --id right?)"),
               path, (unsigned long long) line, id);
  return FALSE;
}

/* --truth-groups-file FILE: a CSV file with a header and one group of
 * duplicates a row, its ids in the first field separated by ';' (the
 * bib-dedupe benchmark's merged_record_ids.csv). */
GArray *
_pr_cli_eval_load_truth_groups_file (const char   *path,
                                     RecordsFile  *file,
                                     GError      **error)
{
  g_autoptr(PrCsvReader) reader = open_with_header (path, NULL, error);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (LabelledPair));
  g_autoptr(GArray) members = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GError) local_error = NULL;
  /* The line of each record's group: a record in two groups would make
   * its two groups' records neither one group (dup) nor apart (diff). */
  g_autoptr(GHashTable) line_of = g_hash_table_new (NULL, NULL);

  if (reader == NULL)
    return NULL;
  while (pr_csv_reader_next (reader, NULL, &local_error))
    {
      g_auto(GStrv) ids = g_strsplit (pr_csv_reader_get_field (reader, 0, NULL), ";", -1);
      guint64 line = pr_csv_reader_get_line (reader);
      gboolean left_out = FALSE;

      g_array_set_size (members, 0);
      for (guint i = 0; ids[i] != NULL; i++)
        {
          const char *id = g_strstrip (ids[i]);
          gsize index;

          if (*id == '\0')
            continue;
          if (!_pr_cli_eval_find_record (file, id, path, line, &index, error))
            return NULL;
          /* The group's other records are still one another's repeats. */
          left_out |= index == 0;
          if (index == 0)
            continue;
          if (g_hash_table_contains (line_of, GSIZE_TO_POINTER (index)))
            {
              guint64 other = GPOINTER_TO_SIZE (g_hash_table_lookup (line_of, GSIZE_TO_POINTER (index)));

              if (other == line)
                continue;   /* named twice in one group: the same group */
              g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                           _("%s, line %llu: the id “%s” is in the group of line %llu too, and a record is in "
                             "one group: put the two groups together in one line, or correct the id"),
                           path, (unsigned long long) line, id, (unsigned long long) other);
              return NULL;
            }
          g_hash_table_insert (line_of, GSIZE_TO_POINTER (index), GSIZE_TO_POINTER ((gsize) line));
          index--;
          g_array_append_val (members, index);
        }
      add_group_pairs (pairs, members);
      file->n_left_out += left_out;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&pairs);
}

/* --pairs FILE: labelled pairs, in the columns @columns names: the two ids
 * and the label, or only the two ids, every row then a dup pair. */
GArray *
_pr_cli_eval_load_pairs (const char   *path,
                         char        **columns,
                         RecordsFile  *file,
                         GPtrArray    *bases,
                         GError      **error)
{
  g_autoptr(PrCsvReader) reader = open_with_header (path, NULL, error);
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GError) local_error = NULL;
  int col_a, col_b, col_label = -1, col_basis;
  int needed[3];
  g_autoptr(GHashTable) line_of = NULL;
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint64));  /* each pair's */

  if (reader == NULL)
    return NULL;

  for (guint i = 0; columns[i] != NULL; i++)
    {
      needed[i] = pr_csv_reader_find_field (reader, columns[i]);
      if (needed[i] < 0)
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX, _("%s has no column “%s”"), path, columns[i]);
          return NULL;
        }
    }
  col_a = needed[0];
  col_b = needed[1];
  if (columns[2] != NULL)
    col_label = needed[2];
  col_basis = pr_csv_reader_find_field (reader, "basis");

  pairs = g_array_new (FALSE, FALSE, sizeof (LabelledPair));
  /* The line that first labels each pair: a pair labelled twice, two
   * ways, leaves it unsaid which label holds. */
  line_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  while (pr_csv_reader_next (reader, NULL, &local_error))
    {
      guint64 line = pr_csv_reader_get_line (reader);
      const char *key_a, *key_b, *label;
      gsize a, b;
      LabelledPair pair = { 0 };

      if (pr_csv_reader_get_n_fields (reader) <= (guint) MAX (MAX (col_a, col_b), MAX (col_label, col_basis)))
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: too few fields"), path, (unsigned long long) line);
          return NULL;
        }
      key_a = pr_csv_reader_get_field (reader, col_a, NULL);
      key_b = pr_csv_reader_get_field (reader, col_b, NULL);
      label = col_label >= 0 ? pr_csv_reader_get_field (reader, col_label, NULL) : "dup";
      if (!_pr_cli_eval_find_record (file, key_a, path, line, &a, error) ||
          !_pr_cli_eval_find_record (file, key_b, path, line, &b, error))
        return NULL;
      if (strcmp (label, "dup") == 0)
        pair.label = LABEL_DUP;
      else if (strcmp (label, "same_matter") == 0)
        pair.label = LABEL_SAME_MATTER;
      else if (strcmp (label, "diff") == 0)
        pair.label = LABEL_DIFF;
      else
        {
          g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                       _("%s, line %llu: unknown label “%s” (dup, same_matter or diff)"),
                       path, (unsigned long long) line, label);
          return NULL;
        }

      /* A pair of a row left out as bad is passed over, as the scan
       * leaves the row out. */
      if (a == 0 || b == 0)
        {
          file->n_left_out++;
          continue;
        }
      if (a == b)
        continue;

      pair.a = MIN (a, b) - 1;
      pair.b = MAX (a, b) - 1;
      {
        guint64 key = pair_key (pair.a, pair.b);
        gpointer first = g_hash_table_lookup (line_of, &key);

        if (first != NULL)
          {
            guint earlier = GPOINTER_TO_UINT (first) - 1;

            if (g_array_index (pairs, LabelledPair, earlier).label != pair.label)
              {
                g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX,
                             _("%s, line %llu: the pair “%s” and “%s” is labelled “%s” here and otherwise on line "
                               "%llu: keep one label for the pair"),
                             path, (unsigned long long) line, key_a, key_b, label,
                             (unsigned long long) g_array_index (lines, guint64, earlier));
                return NULL;
              }
          }
        else
          g_hash_table_insert (line_of, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (pairs->len + 1));
      }
      pair.basis = -1;
      if (col_basis >= 0 && pair.label == LABEL_DUP)
        {
          const char *basis = pr_csv_reader_get_field (reader, col_basis, NULL);
          guint i;

          for (i = 0; i < bases->len; i++)
            if (strcmp (bases->pdata[i], basis) == 0)
              break;
          if (i == bases->len)
            g_ptr_array_add (bases, g_strdup (basis));
          pair.basis = i;
        }
      g_array_append_val (pairs, pair);
      g_array_append_val (lines, line);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_steal_pointer (&pairs);
}

/* --exact: every two records with the same content hash (XXH3-64 of all
 * mapped values but the id, byte for byte, each framed by its length), as
 * pairs at distance 0. Records too short to match are left out, as they
 * are for fingerprints: all empty records are the same bytes, and not
 * repeats of each other. */
