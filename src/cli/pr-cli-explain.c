/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain: why two records match, or do not — their fingerprints and
 * distance, the sentences they share, the short fields that agree, and
 * the heaviest features they share or have alone (pr-explain.c). The
 * records come from a CSV file, read only as far as the later of the two,
 * or from a table by their ids.
 *
 * Whether a shared passage is boilerplate (found in many records) is a
 * question about the whole table, which a pair cannot answer: so the
 * table's parts are matched as a scan matches them, and the parts that
 * leaves out are left out here. --pair-only skips that for a
 * large table, and then every part counts.
 */
#define G_LOG_DOMAIN "pr-cli-explain"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-bad-row.h"
#include "pr-cli.h"
#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-encoding-check.h"
#include "pr-explain.h"
#include "pr-record-reader.h"
#include "pr-short-pairs.h"

#define DEFAULT_TOP 10

/* One value per mapping column (NULL for SQL NULL and for what is not
 * read), as pr_record_reader_fetch () gives them. */
static void
values_free (char    **values,
             guint     n_columns)
{
  if (values == NULL)
    return;
  for (guint c = 0; c < n_columns; c++)
    g_free (values[c]);
  g_free (values);
}

static char **
copy_fields (PrCsvReader *reader,
             const int   *field_of,
             guint        n_columns)
{
  char **values = g_new0 (char *, MAX (n_columns, 1));

  for (guint c = 0; c < n_columns; c++)
    if (field_of[c] >= 0)
      values[c] = g_strdup (pr_csv_reader_get_field (reader, field_of[c], NULL));
  return values;
}

/* The file's text is checked here, row by row, as a scan checks it
 * (pr-bad-row.c), so that both read a file alike: without
 * --skip-bad-rows a bad row stops the reading with the scan's message;
 * with it, a bad row is passed over, and listed when it will not be by
 * the whole file's reading (--pair-only), and one of the two records
 * asked for is refused, naming what is wrong. Returns whether the row is
 * bad. */
static gboolean
bad_row (PrCsvReader         *reader,
         PrCliMappingOptions *options,
         const PrMapping     *mapping,
         const int           *field_of,
         int                  id_field,
         const char          *iconv_encoding,
         const char          *id,
         gboolean             asked,
         gboolean             list,
         GError             **error)
{
  guint n_columns = pr_mapping_get_n_columns (mapping);
  const char **values = g_newa (const char *, MAX (n_columns, 1));
  gsize *lengths = g_newa (gsize, MAX (n_columns, 1));
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  g_autofree char *reason = NULL;
  g_autofree char *what = NULL;
  PrLoadOptions load = { 0 };
  int column;

  for (guint c = 0; c < n_columns; c++)
    {
      int field = (int) c == id_column ? id_field : field_of[c];

      lengths[c] = 0;
      values[c] = field >= 0 ? pr_csv_reader_get_field (reader, field, &lengths[c]) : NULL;
    }
  /* UTF-8 text read in the file's encoding, bytes the reader marked
   * (pr_cli_open_mapped_csv ()), then the text, in the scan's order
   * (pr-record-set-csv.c). */
  column = -1;
  for (guint c = 0; c < n_columns && iconv_encoding != NULL && column < 0; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      if (values[c] != NULL && (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT) &&
          (reason = pr_bad_row_utf8_misread (values[c], lengths[c], options->encoding, iconv_encoding, TRUE)) != NULL)
        column = (int) c;
    }
  if (column >= 0 && !options->bad_rows->skip)
    {
      pr_bad_row_set_utf8_misread (error, pr_csv_reader_get_line (reader),
                                   pr_mapping_get_column (mapping, column)->name, reason);
      return TRUE;
    }
  if (column < 0 && pr_csv_reader_get_n_marked (reader) > 0)
    column = pr_bad_row_find_marked (values, lengths, n_columns, options->encoding, &reason);
  if (column < 0)
    {
      g_clear_pointer (&reason, g_free);
      column = pr_bad_row_check (mapping, values, lengths, PR_ADVICE_FLAGS, &reason);
    }
  if (column < 0)
    return FALSE;
  what = pr_bad_row_describe (column == id_column ? NULL : id, N_("line"), pr_csv_reader_get_line (reader),
                              pr_mapping_get_column (mapping, column)->name, reason);
  if (!options->bad_rows->skip)
    {
      pr_bad_row_set_refusal (error, what, PR_ADVICE_FLAGS, TRUE);
      return TRUE;
    }
  if (asked)
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                   _("%s; it is one of the two records asked for, so it cannot be explained: correct it in the "
                     "source"),
                   what);
      return TRUE;
    }
  pr_cli_bad_rows_attach (options->bad_rows, &load);
  if (list)
    load.bad_row (column == id_column ? NULL : id, N_("line"), pr_csv_reader_get_line (reader),
                  pr_mapping_get_column (mapping, column)->name, reason, load.bad_row_data);
  return TRUE;
}

/* The lines read so far, checked as a scan checks a file's text columns
 * (pr-encoding-check.c): two records explained from text decoded wrong
 * would explain gibberish. */
static gboolean
check_encoding (const char        *path,
                PrCliMappingOptions *options,
                const PrMapping   *mapping,
                GPtrArray         *checks,
                GError           **error)
{
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      guint64 first = 0, count = 0;
      PrEncodingGuess guess;

      if (checks->pdata[c] == NULL)
        continue;
      guess = pr_encoding_check_verdict (checks->pdata[c], &first, &count);
      if (guess != PR_ENCODING_GUESS_NONE)
        {
          pr_encoding_check_set_csv_error (error, path, pr_mapping_get_column (mapping, c)->name, options->encoding,
                                           guess, first, count, pr_encoding_check_is_raw (checks->pdata[c], guess),
                                           pr_encoding_check_get_reading (checks->pdata[c], guess, NULL));
          return FALSE;
        }
    }
  return TRUE;
}

/* Reads @path as far as the records @ids name (by the id column, or
 * without one by their number in the file), into @values; the first
 * record with an id is the one. */
static gboolean
read_csv_records (const char           *path,
                  PrCliMappingOptions  *options,
                  const PrMapping      *mapping,
                  char                **ids,
                  gboolean              pair_only,
                  char                **values[2],
                  GError              **error)
{
  gboolean skip = options->bad_rows != NULL && options->bad_rows->skip;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n_columns = pr_mapping_get_n_columns (mapping);
  g_autofree int *field_of = g_new (int, MAX (n_columns, 1));
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  int date_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_DATE);
  int id_field;
  guint n_header_fields;
  g_autoptr(GPtrArray) checks = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_encoding_check_free);
  g_autofree char *iconv_encoding = NULL;

  /* Unless the encoding was given and the check set aside. */
  for (guint c = 0; c < n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      g_ptr_array_add (checks, !options->force_encoding && (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT)
                               ? pr_encoding_check_new () : NULL);
    }
  if (!pr_bad_row_utf8_check_encoding (options->encoding, options->force_encoding, &iconv_encoding, error))
    return FALSE;
  reader = pr_cli_open_mapped_csv (path, options, mapping, field_of, &id_field, &n_header_fields, error);
  if (reader == NULL)
    return FALSE;
  if (skip)
    pr_csv_reader_set_check_text (reader, FALSE);
  /* The date too: the second stage weighs the days between them. */
  if (date_column >= 0)
    field_of[date_column] = pr_csv_reader_find_field (reader, pr_mapping_get_column (mapping, date_column)->name);
  if (id_column >= 0 && id_field < 0)
    {
      g_set_error (error, PR_MAPPING_ERROR, PR_MAPPING_ERROR_INVALID, _("column “%s” is not in the header of %s"),
                   pr_mapping_get_column (mapping, id_column)->name, path);
      return FALSE;
    }

  for (guint64 number = 1; values[0] == NULL || values[1] == NULL; number++)
    {
      char number_text[24];
      const char *id;

      if (!pr_cli_next_mapped_row (reader, path, n_header_fields, mapping, field_of, id_field, &local_error))
        {
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          break;
        }
      g_snprintf (number_text, sizeof number_text, "%" G_GUINT64_FORMAT, number);
      id = id_field >= 0 ? pr_csv_reader_get_field (reader, id_field, NULL) : number_text;
      if (bad_row (reader, options, mapping, field_of, id_field, iconv_encoding, id,
                   (values[0] == NULL && g_str_equal (id, ids[0])) || (values[1] == NULL && g_str_equal (id, ids[1])),
                   pair_only, &local_error))
        {
          if (local_error != NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          continue;
        }
      for (guint c = 0; c < n_columns; c++)
        if (checks->pdata[c] != NULL && field_of[c] >= 0)
          {
            gsize length = 0;
            const char *field = pr_csv_reader_get_field (reader, field_of[c], &length);

            pr_encoding_check_add (checks->pdata[c], field, length, pr_csv_reader_get_line (reader));
          }
      for (guint side = 0; side < 2; side++)
        if (values[side] == NULL && g_str_equal (id, ids[side]))
          values[side] = copy_fields (reader, field_of, n_columns);
    }

  if (!check_encoding (path, options, mapping, checks, error))
    return FALSE;
  for (guint side = 0; side < 2; side++)
    if (values[side] == NULL)
      {
        if (id_field >= 0)
          g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                       _("%s has no record with the id “%s”"), path, ids[side]);
        else
          g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID,
                       _("%s has no record number “%s” (without --id, records are named by their number in the file)"),
                       path, ids[side]);
        return FALSE;
      }
  return TRUE;
}

/* A feature as a reader knows it: a word, or a short field and its value. */
static char *
feature_label (const PrExplainFeature *feature,
               const PrMapping        *mapping)
{
  if (feature->column >= 0)
    return g_strdup_printf ("%s=%s", pr_mapping_get_column (mapping, feature->column)->name, feature->text);
  return g_strdup (pr_explain_feature_get_label (feature));
}

static void
print_heading (const char *heading,
               guint       n_total,
               guint       n_shown)
{
  if (n_shown < n_total)
    /* Translators: a list's heading, how many it has, how many are shown */
    printf (_("%s (%u; the %u heaviest):\n"), heading, n_total, n_shown);
  else
    printf (_("%s (%u):\n"), heading, n_total);
}

static void
print_shared (const PrExplain *explain,
              const PrMapping *mapping,
              const char      *id_a,
              const char      *id_b)
{
  print_heading (_("Shared features, by the weight they have in common"), explain->n_shared, explain->shared->len);
  if (explain->n_function_words > 0)
    /* Translators: words such as 的, 不, 好 that every petition has */
    printf (_("  (leaving out %u function words such as 的 and 不, which every petition has)\n"),
            explain->n_function_words);
  if (explain->shared->len == 0)
    return;
  /* Translators: the columns of the shared features' table */
  printf ("  %8s %8s %8s  %s\n", _("common"), id_a, id_b, _("feature"));
  for (guint i = 0; i < explain->shared->len; i++)
    {
      const PrExplainFeature *feature = explain->shared->pdata[i];
      g_autofree char *label = feature_label (feature, mapping);

      printf ("  %8g %8g %8g  %s\n", pr_explain_feature_shared_weight (feature), feature->weight_a,
              feature->weight_b, label);
    }
}

static void
print_only (GPtrArray       *list,
            guint            n_total,
            gboolean         side_a,
            const PrMapping *mapping,
            const char      *id)
{
  g_autofree char *heading = g_strdup_printf (_("Only in %s"), id);

  print_heading (heading, n_total, list->len);
  if (list->len == 0)
    return;
  printf ("  %8s  %s\n", _("weight"), _("feature"));
  for (guint i = 0; i < list->len; i++)
    {
      const PrExplainFeature *feature = list->pdata[i];
      g_autofree char *label = feature_label (feature, mapping);

      printf ("  %8g  %s\n", side_a ? feature->weight_a : feature->weight_b, label);
    }
}

static void
print_fields (const PrExplain *explain,
              const char      *id_a,
              const char      *id_b)
{
  if (explain->fields->len == 0)
    return;
  printf ("%s\n", _("Short fields:"));
  for (guint i = 0; i < explain->fields->len; i++)
    {
      const PrExplainField *field = &g_array_index (explain->fields, PrExplainField, i);

      switch (field->state)
        {
        case PR_EXPLAIN_FIELD_SAME:
          printf (_("  %s: the same (%s)\n"), field->name, field->value_a);
          break;
        case PR_EXPLAIN_FIELD_DIFFERENT:
          printf (_("  %s: different (%s | %s)\n"), field->name, field->value_a, field->value_b);
          break;
        default:
          if (field->value_a == NULL && field->value_b == NULL)
            printf (_("  %s: empty in both\n"), field->name);
          else
            printf (_("  %s: empty in %s (%s)\n"), field->name, field->value_a == NULL ? id_a : id_b,
                    field->value_a != NULL ? field->value_a : field->value_b);
        }
    }
}

static void
ignore_pair (guint32  a,
             guint32  b,
             double   containment,
             gpointer user_data)
{
}

typedef struct {
  PrDateColumn *column;
  GArray       *dates;    /* gint64 per row */
  const char  **ids;      /* the two records' */
  gint64        found[2]; /* their rows, or -1 */
  int           id_field;
  int           date_field;
  GError       *error;
} DateStream;

static gboolean
add_date_row (const char *const *values,
              const gsize       *lengths,
              gpointer           user_data)
{
  DateStream *stream = user_data;
  const char *id = values[stream->id_field];
  gint64 seconds = PR_DATE_NONE;

  for (guint side = 0; side < 2; side++)
    if (stream->found[side] < 0 && id != NULL && g_str_equal (id, stream->ids[side]))
      stream->found[side] = stream->dates->len;
  if (!pr_date_column_add (stream->column, values[stream->date_field], id != NULL ? id : "",
                           stream->dates->len + 1, &seconds, &stream->error))
    return FALSE;
  g_array_append_val (stream->dates, seconds);
  return TRUE;
}

/* The two records' dates as a scan reads the table's date column, from
 * its id and date columns alone: no text is read or fingerprinted. */
static gboolean
read_table_dates (PrConnection        *connection,
                  const PrMapping     *mapping,
                  const char          *table,
                  const PrLoadOptions *load,
                  const char          *ids[2],
                  gint64               out_dates[2],
                  GError             **error)
{
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  int date_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_DATE);
  g_autoptr(PrMapping) streamed = NULL;
  g_autoptr(PrDateColumn) column = NULL;
  g_autoptr(GArray) dates = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) unreadable = NULL;
  DateStream stream = { 0 };
  guint64 n_unreadable = 0;

  out_dates[0] = out_dates[1] = PR_DATE_NONE;
  if (date_column < 0 || id_column < 0)
    return TRUE;
  streamed = pr_mapping_copy_roles (mapping, (const PrColumnRole[]) { PR_COLUMN_ROLE_ID, PR_COLUMN_ROLE_DATE }, 2);
  column = pr_date_column_new (pr_mapping_get_column (mapping, date_column)->name, load->date_order, N_("row"));
  pr_date_column_set_advice (column, load->advice);
  pr_date_column_set_now (column, load->now);
  stream = (DateStream) { column, dates, ids, { -1, -1 }, pr_mapping_find (streamed, PR_COLUMN_ROLE_ID),
                          pr_mapping_find (streamed, PR_COLUMN_ROLE_DATE), NULL };
  if (!pr_record_reader_stream (connection, table, streamed, add_date_row, &stream, NULL, error))
    {
      g_clear_error (&stream.error);
      return FALSE;
    }
  if (stream.error != NULL)
    {
      g_propagate_error (error, stream.error);
      return FALSE;
    }
  if (!pr_date_column_finish (column, (gint64 *) dates->data, dates->len, &n_unreadable, &unreadable, error))
    return FALSE;
  for (guint side = 0; side < 2; side++)
    if (stream.found[side] >= 0)
      out_dates[side] = g_array_index (dates, gint64, stream.found[side]);
  return TRUE;
}

typedef struct {
  guint32 a, b;
  double  containment;  /* -1: no candidate of the short texts */
} ShortPair;

static void
find_short_pair (guint32  a,
                 guint32  b,
                 double   containment,
                 gpointer user_data)
{
  ShortPair *pair = user_data;

  if ((a == pair->a && b == pair->b) || (a == pair->b && b == pair->a))
    pair->containment = containment;
}

/* The table read as a scan reads it: the two records' dates as the
 * column reads them (whether 3点 is 03:00 or unreadable the column's
 * other dates tell), and, unless @out_boilerplate is NULL, the parts the
 * scan would leave out as boilerplate, matched as pr_scan_run () matches
 * them (only the parts: no whole-record pairs, no clusters), and the
 * short texts' candidate (@out_short: the share of rare 3-grams, -1 for
 * none), as the second stage finds them (pr-short-pairs.c). */
static gboolean
read_table (PrConnection        *connection,
            const char          *csv_path,
            const PrMapping     *mapping,
            PrCliMappingOptions *options,
            const char          *ids[2],
            gint64               out_dates[2],
            GArray             **out_boilerplate,
            double              *out_short,
            GError             **error)
{
  ShortPair short_pair = { G_MAXUINT32, G_MAXUINT32, -1 };
  PrShortPairOptions short_options;
  g_autoptr(GArray) boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(PrRecordSet) set = NULL;
  PrPartMatchOptions part_options = pr_cli_part_options (options);
  PrLoadOptions load;

  pr_cli_load_options (options, FALSE, &load);
  /* Skipped bad rows are judged on every column: the whole load. */
  if (connection != NULL && out_boilerplate == NULL && !load.skip_bad_rows)
    return read_table_dates (connection, mapping, options->table, &load, ids, out_dates, error);
  load.parts = out_boilerplate != NULL;
  load.keep_texts = out_boilerplate != NULL;
  set = connection != NULL ? pr_record_reader_load (connection, options->table, mapping, &load, NULL, NULL, NULL, error)
                           : pr_record_set_load_csv (csv_path, mapping, &load, NULL, NULL, NULL, error);
  if (set == NULL)
    return FALSE;
  for (guint side = 0; side < 2; side++)
    {
      out_dates[side] = PR_DATE_NONE;
      for (gsize i = 0; set->dates != NULL && i < set->n_records; i++)
        if (g_str_equal (set->ids->pdata[i], ids[side]))
          {
            out_dates[side] = set->dates[i];
            break;
          }
      for (gsize i = 0; out_boilerplate != NULL && i < set->n_records; i++)
        if (g_str_equal (set->ids->pdata[i], ids[side]))
          {
            (side == 0 ? &short_pair.a : &short_pair.b)[0] = (guint32) i;
            break;
          }
    }
  if (out_boilerplate == NULL)
    return TRUE;
  pr_short_pair_options_default (&short_options);
  if (!pr_short_pairs_find_in_set (mapping, set, &short_options, load.n_threads, find_short_pair, NULL, &short_pair,
                                   NULL, error))
    return FALSE;
  *out_short = short_pair.containment;
  if (!pr_record_set_find_part_pairs (set, set->sparse, &part_options, load.n_threads, ignore_pair, NULL, boilerplate,
                                      NULL, error))
    return FALSE;
  *out_boilerplate = g_steal_pointer (&boilerplate);
  return TRUE;
}

static void
print_report (const PrExplain     *explain,
              const PrMapping     *mapping,
              PrCliMappingOptions *options,
              gboolean             pair_only,
              double               short_containment,
              const char          *id_a,
              const char          *id_b)
{
  PrPartMatchOptions part = pr_cli_part_options (options);
  gboolean near = !explain->sparse_a && !explain->sparse_b && explain->distance <= (guint) options->k;
  gboolean same_petitioner = explain->petitioner == PR_PETITIONER_SAME;
  gboolean shingles = pr_cli_part_method (options).kind == PR_PART_KIND_SHINGLES;
  gboolean on_parts;

  on_parts = !options->no_parts &&
             pr_part_match_accepts (&part, explain->part_words_shared, explain->part_words_a, explain->part_words_b,
                                    explain->part_words_all_a, explain->part_words_all_b,
                                    same_petitioner);

  char hex_a[17], hex_b[17];

  g_snprintf (hex_a, sizeof hex_a, "%016" G_GINT64_MODIFIER "x", explain->fingerprint_a);
  g_snprintf (hex_b, sizeof hex_b, "%016" G_GINT64_MODIFIER "x", explain->fingerprint_b);
  printf (_("Records %s and %s\n"), id_a, id_b);
  printf (_("Fingerprints:     %s (%s), %s (%s)\n"), hex_a, id_a, hex_b, id_b);
  /* Translators: distance in bits, similarity in per cent, k */
  printf (_("Distance:         %u bits of 64 (%.0f %% alike); near duplicates are within k = %d\n"),
          explain->distance, 100 * pr_explain_get_similarity (explain), options->k);
  if (explain->sparse_a || explain->sparse_b)
    printf (_("                  %s has too few words to be matched on its fingerprint\n"),
            explain->sparse_a ? id_a : id_b);
  if ((explain->n_parts_a == 0 || explain->n_parts_b == 0) && shingles)
    printf (_("Shared passages:  none to compare (%s has fewer than %u words)\n"),
            explain->n_parts_a == 0 ? id_a : id_b, pr_cli_part_method (options).shingle_words);
  else if (explain->n_parts_a == 0 || explain->n_parts_b == 0)
    printf (_("Shared sentences: none to compare (%s has no sentence of %u words or more)\n"),
            explain->n_parts_a == 0 ? id_a : id_b, PR_PART_MIN_TOKENS);
  else if (shingles)
    /* Translators: words (as winnowed shingles count them) in shared
     * passages, the smaller record's, the containment, and the thresholds */
    printf (_("Shared passages:  %u of %u words (containment %.2f); a match needs %.2f and %u words\n"),
            explain->part_words_shared, MIN (explain->part_words_a, explain->part_words_b), explain->containment,
            same_petitioner ? part.min_containment_same_petitioner : part.min_containment,
            (guint) pr_part_match_min_shared (&part, explain->part_words_all_a, explain->part_words_all_b));
  else
    /* Translators: words in shared sentences, the smaller record's words in
     * sentences, the containment, and the thresholds */
    printf (_("Shared sentences: %u of %u words (containment %.2f); a match needs %.2f and %u words\n"),
            explain->part_words_shared, MIN (explain->part_words_a, explain->part_words_b), explain->containment,
            same_petitioner ? part.min_containment_same_petitioner : part.min_containment,
            (guint) pr_part_match_min_shared (&part, explain->part_words_all_a, explain->part_words_all_b));
  if (near && on_parts && shingles)
    printf ("%s\n", _("Match:            yes, within k and on shared passages"));
  else if (near && on_parts)
    printf ("%s\n", _("Match:            yes, within k and on shared sentences"));
  else if (near)
    printf ("%s\n", _("Match:            yes, within k"));
  else if (on_parts && shingles)
    printf ("%s\n", _("Match:            yes, on shared passages"));
  else if (on_parts)
    printf ("%s\n", _("Match:            yes, on shared sentences"));
  else
    printf ("%s\n", _("Match:            no"));
  /* The short texts' candidate needs the whole table's 3-grams. */
  if (short_containment >= 0)
    /* Translators: the share found, then the cap and the threshold */
    printf (_("Short texts:      %.2f of the shorter body's 3-grams shared, counting those in at most %u bodies: "
              "the second stage judges them (from %.2f)\n"),
            short_containment, (guint) PR_SHORT_PAIR_MAX_RECORDS, PR_SHORT_PAIR_MIN_CONTAINMENT);
  if (explain->boilerplate_a + explain->boilerplate_b > 0)
    /* Translators: the cap, then the passages of each record left out */
    printf (_("Boilerplate:      passages found in more than %u records are left out: %u of %s, %u of %s\n"),
            part.max_records_per_part, explain->boilerplate_a, id_a, explain->boilerplate_b, id_b);
  /* A pair alone cannot tell boilerplate: say so where it decides the match. */
  if (pair_only && on_parts && !near)
    printf (_("                  (here every shared part counts; a scan leaves out the parts found in more than %u "
              "records, so it may not join these two)\n"),
            part.max_records_per_part);
  /* Translators: feature counts and weights of each record, then of both */
  printf (_("Features:         %u in %s (weight %g), %u in %s (weight %g); %u shared (weight %g in common)\n"),
          explain->features_a->len, id_a, explain->weight_a, explain->features_b->len, id_b, explain->weight_b,
          explain->n_shared, explain->weight_shared);

  printf ("\n");
  print_fields (explain, id_a, id_b);
  if (explain->fields->len > 0)
    printf ("\n");
  print_shared (explain, mapping, id_a, id_b);
  printf ("\n");
  print_only (explain->only_a, explain->n_only_a, TRUE, mapping, id_a);
  printf ("\n");
  print_only (explain->only_b, explain->n_only_b, FALSE, mapping, id_b);
}

int
pr_cli_explain (int    argc,
                char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrExplain) explain = NULL;
  char **values[2] = { NULL, NULL };
  char **ids;
  const char *shown[2];
  gint64 dates[2] = { PR_DATE_NONE, PR_DATE_NONE };
  g_autoptr(GArray) boilerplate = NULL;
  double short_containment = -1;
  PrPartMethod part_method;
  int top = DEFAULT_TOP;
  gboolean pair_only = FALSE;
  gboolean skip_bad_rows = FALSE;
  g_autofree char *bad_rows_path = NULL;
  g_auto(PrCliBadRows) bad_rows = { 0 };
  int status = 0;
  GOptionEntry entries[] = {
    { "top", 0, 0, G_OPTION_ARG_INT, &top,
      N_("Show the N heaviest features shared and of each record alone (default 10)"), N_("N") },
    { "pair-only", 0, 0, G_OPTION_ARG_NONE, &pair_only,
      N_("Compare the two records alone, without reading the table to find its boilerplate passages (faster)"),
      NULL },
    PR_CLI_BAD_ROWS_ENTRIES (skip_bad_rows, bad_rows_path),
    { NULL }
  };

  if (!pr_cli_parse_command_with_ids (&argc, &argv, _("[RECORDS.csv] A B — why two records match, or do not"),
                                      entries, &options, 1, 2, &error))
    goto failed;
  if (top < 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--top must be at least 1, not %d"), top);
      goto failed;
    }
  ids = argv + argc - 2;
  shown[0] = ids[0];
  shown[1] = ids[1];
  if (!pr_cli_bad_rows_open (&bad_rows, skip_bad_rows, bad_rows_path, NULL, &error))
    goto failed;
  options.bad_rows = &bad_rows;

  if (options.db != NULL || options.sample)
    {
      connection = pr_cli_open_connection (&options, &error);
      if (connection == NULL)
        goto failed;
      mapping = pr_cli_source_mapping (connection, &options, &error);
      if (mapping == NULL)
        goto failed;
      int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

      for (guint side = 0; side < 2; side++)
        if ((values[side] = pr_record_reader_fetch (connection, options.table, mapping, ids[side], PR_ADVICE_FLAGS, &error)) == NULL)
          goto failed;
      /* The server finds an id loosely ("0536", "536 " are 536): two
       * typed ids may be one record, which matches itself. The records
       * are named by the ids the server returned. */
      if (id_column >= 0 && values[0][id_column] != NULL && values[1][id_column] != NULL)
        {
          if (strcmp (values[0][id_column], values[1][id_column]) == 0)
            {
              g_set_error (&error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                           _("“%s” and “%s” are the same record of table “%s” (id “%s”): give the ids of two "
                             "different records"), ids[0], ids[1], options.table, values[0][id_column]);
              goto failed;
            }
          shown[0] = values[0][id_column];
          shown[1] = values[1][id_column];
        }
    }
  else
    {
      mapping = pr_cli_build_mapping (&options, &error);
      if (mapping == NULL || !read_csv_records (argv[1], &options, mapping, ids, pair_only, values, &error))
        goto failed;
    }

  if (!pair_only &&
      !read_table (connection, argv[1], mapping, &options, shown, dates, options.no_parts ? NULL : &boilerplate,
                  &short_containment, &error))
    goto failed;

  part_method = pr_cli_part_method (&options);
  explain = pr_explain_pair_full (mapping, pr_cli_load_flags (&options), options.min_tokens, &part_method,
                                  boilerplate,
                                  (const char *const *) values[0], NULL, (const char *const *) values[1], NULL,
                                  (guint) top, &error);
  if (explain == NULL || !pr_cli_bad_rows_close (&bad_rows, &error))
    goto failed;
  print_report (explain, mapping, &options, pair_only, short_containment, shown[0], shown[1]);
  {
    const guint64 fingerprints[2] = { explain->fingerprint_a, explain->fingerprint_b };

    if (!pr_cli_print_score (mapping, &options, values, fingerprints, pair_only ? NULL : dates, &error))
      goto failed;
  }
  goto out;

failed:
  status = pr_cli_fail ("explain", error);
out:
  if (mapping != NULL)
    for (guint side = 0; side < 2; side++)
      values_free (values[side], pr_mapping_get_n_columns (mapping));
  return status;
}
