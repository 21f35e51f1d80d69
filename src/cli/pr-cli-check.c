/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check: which stored records are within k of one record — the intake
 * check of a new complaint. The record is read from the table by its id
 * (--record), or the records come from a CSV file with the table's column
 * names (--csv: complaints not in the table yet); each is fingerprinted
 * with the table's mapping. The stored fingerprints are searched in SQL
 * through their block columns, or with --in-memory through a block index
 * built from them once; the stored passages in memory (pr-intake.c), so
 * that the records a scan pairs through shared passages are found too.
 */
#define G_LOG_DOMAIN "pr-cli-check"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-bad-row.h"
#include "pr-block-index.h"
#include "pr-cli.h"
#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-encoding-check.h"
#include "pr-fingerprinter.h"
#include "pr-intake.h"
#include "pr-record-reader.h"
#include "pr-record-set.h"
#include "pr-stable-id.h"
#include "pr-store.h"
#include "pr-stored-index.h"

/* --format csv: the columns of the intake answer, after "record" for --csv. */
static const char *const intake_header[] = {
  "record", "id", "distance", "case", "primary_id", "kind", "evidence",
  "status", "state", "date", "accepted", "disposition", "due", "found_by", "probability",
};
#define N_INTAKE_COLUMNS G_N_ELEMENTS (intake_header)

static char *
format_seconds (gint64 seconds)
{
  return seconds != PR_DATE_NONE ? pr_date_format (seconds) : g_strdup ("");
}

/* The intake answer's rows, each led by @record when it is not NULL. */
static gboolean
write_intake_rows (PrCsvWriter  *writer,
                   const char   *record,
                   GArray       *answer,
                   GError      **error)
{
  guint skip = record != NULL ? 0 : 1;

  for (guint i = 0; i < answer->len; i++)
    {
      const PrIntakeCase *c = &g_array_index (answer, PrIntakeCase, i);
      g_autofree char *distance = g_strdup_printf ("%u", c->distance);
      g_autofree char *number = c->case_number != 0 ? g_strdup_printf ("%u", c->case_number) : g_strdup ("");
      g_autofree char *date = format_seconds (c->date);
      g_autofree char *accepted = format_seconds (c->accepted);
      g_autofree char *due = c->due != PR_DATE_NONE ? pr_date_format_day (c->due) : g_strdup ("");
      g_autofree char *probability = c->probability >= 0 ? g_strdup_printf ("%.3f", c->probability) : g_strdup ("");
      const char *row[N_INTAKE_COLUMNS] = {
        record, c->id, distance, number, c->primary_id != NULL ? c->primary_id : "",
        pr_repeat_kind_to_string (c->kind), pr_identity_evidence_to_string (c->evidence),
        c->status, pr_case_state_to_string (c->state), date, accepted,
        pr_disposition_to_string (c->disposition), due, c->by_passages ? "passages" : c->by_short_text ? "short-text" : "distance", probability,
      };

      if (!pr_csv_writer_write_row (writer, row + skip, N_INTAKE_COLUMNS - skip, error))
        return FALSE;
    }
  return TRUE;
}

/* The intake answer as "[record,]id,distance" rows. */
static gboolean
write_text_rows (PrCsvWriter  *writer,
                 const char   *record,
                 GArray       *answer,
                 GError      **error)
{
  for (guint i = 0; i < answer->len; i++)
    {
      const PrIntakeCase *c = &g_array_index (answer, PrIntakeCase, i);
      char distance[16];
      const char *row[3] = { record, c->id, distance };

      g_snprintf (distance, sizeof distance, "%u", c->distance);
      if (!pr_csv_writer_write_row (writer, record != NULL ? row : row + 1, record != NULL ? 3 : 2, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_blank (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

/* A record of the --csv file, as read: the mapped values (NUL bytes and
 * all, each NUL-terminated), its name and line. */
typedef struct {
  char    **values;   /* one per mapping column, or NULL */
  gsize    *lengths;
  char     *name;
  guint64   line;
  guint     n_columns;
} CsvRecord;

static void
csv_record_free (gpointer data)
{
  CsvRecord *record = data;

  for (guint c = 0; c < record->n_columns; c++)
    g_free (record->values[c]);
  g_free (record->values);
  g_free (record->lengths);
  g_free (record->name);
  g_free (record);
}

/* The file's records, all read first: its date columns are read as a
 * scan reads a column (every date a number of one kind, Excel's day
 * numbers or Unix time, is read as such), which one record alone cannot
 * tell. A check's file is a day's letters, not a table. @now is the
 * command's time (its load options'), the one its intake reads by. */
static GPtrArray *
read_csv_records (PrCsvReader      *reader,
                  const char       *path,
                  const PrMapping  *mapping,
                  const int        *field_of,
                  int               id_field,
                  guint             n_header_fields,
                  gint64            now,
                  GError          **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (csv_record_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  guint n_columns = pr_mapping_get_n_columns (mapping);
  g_autoptr(GError) local_error = NULL;
  const PrColumnRole date_roles[] = { PR_COLUMN_ROLE_DATE, PR_COLUMN_ROLE_ACCEPTED };

  while (pr_cli_next_mapped_row (reader, path, n_header_fields, mapping, field_of, id_field, &local_error))
    {
      CsvRecord *record = g_new0 (CsvRecord, 1);

      record->n_columns = n_columns;
      record->values = g_new0 (char *, MAX (n_columns, 1));
      record->lengths = g_new0 (gsize, MAX (n_columns, 1));
      record->line = pr_csv_reader_get_line (reader);
      record->name = id_field >= 0 ? g_strdup (pr_csv_reader_get_field (reader, id_field, NULL))
                                   : g_strdup_printf ("%u", records->len + 1);
      for (guint c = 0; c < n_columns; c++)
        if (field_of[c] >= 0)
          {
            const char *value = pr_csv_reader_get_field (reader, field_of[c], &record->lengths[c]);
            char *copy = g_malloc (record->lengths[c] + 1);

            memcpy (copy, value, record->lengths[c]);
            copy[record->lengths[c]] = '\0';
            record->values[c] = copy;
          }
      g_ptr_array_add (records, record);
      g_ptr_array_add (values, record->values);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (guint r = 0; r < G_N_ELEMENTS (date_roles); r++)
    {
      int column = pr_mapping_find (mapping, date_roles[r]);

      if (column < 0 || field_of[column] < 0 ||
          pr_date_column_rewrite_numbers (values, 0, values->len, column,
                                          pr_mapping_get_column (mapping, column)->name,
                                          now) == PR_DATE_NUMBERS_NONE)
        continue;
      for (guint i = 0; i < records->len; i++)
        {
          CsvRecord *record = records->pdata[i];

          record->lengths[column] = record->values[column] != NULL ? strlen (record->values[column]) : 0;
        }
    }
  return g_steal_pointer (&records);
}

/* --csv: every record of @path, fingerprinted with @mapping, against the
 * store; the rows "record,id,distance" to @writer. The file's columns are
 * found by the mapping's names, in any order; the mapping's id column,
 * when the file has it, names each record, else its number does. */
static gboolean
check_csv (const char           *path,
           PrCliMappingOptions  *options,
           const PrMapping      *mapping,
           PrIntake             *intake,
           gboolean              csv_format,
           PrCsvWriter          *writer,
           gint64                now,
           guint64              *n_checked,
           GError              **error)
{
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  guint n_columns = pr_mapping_get_n_columns (mapping);
  g_autofree int *field_of = g_new (int, MAX (n_columns, 1));
  int id_field = -1;
  int date_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_DATE);
  g_autofree gint64 *dates = NULL;
  guint n_header_fields;

  fingerprinter = pr_fingerprinter_new (mapping, pr_cli_load_flags (options), options->min_tokens, error);
  if (fingerprinter == NULL)
    return FALSE;
  reader = pr_cli_open_mapped_csv (path, options, mapping, field_of, &id_field, &n_header_fields, error);
  if (reader == NULL)
    return FALSE;
  /* Each row's values are checked as a scan checks them, which names what
   * bytes that are not UTF-8 look like (GBK: give --encoding). */
  pr_csv_reader_set_check_text (reader, FALSE);
  /* The other mapped columns too, where the file has them: the date, the
   * petitioner's identity and the case columns decide the kind of repeat
   * and what to do (a letter after the earlier case's time limit is
   * overdue), and left out they would say "remind" for every one. */
  for (guint c = 0; c < n_columns; c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      if (field_of[c] < 0 && role != PR_COLUMN_ROLE_IGNORE && role != PR_COLUMN_ROLE_ID)
        field_of[c] = pr_csv_reader_find_field (reader, pr_mapping_get_column (mapping, c)->name);
    }
  records = read_csv_records (reader, path, mapping, field_of, id_field, n_header_fields, now, error);
  if (records == NULL)
    return FALSE;
  /* The file's dates read as a scan reads a column, so that a date the
   * scan would not read (3点 where others say 下午) is not answered as
   * one it would. */
  if (date_column >= 0 && field_of[date_column] >= 0)
    {
      g_autofree const char **texts = g_new (const char *, MAX (records->len, 1));
      g_autofree guint64 *lines = g_new (guint64, MAX (records->len, 1));

      for (guint r = 0; r < records->len; r++)
        {
          texts[r] = ((CsvRecord *) records->pdata[r])->values[date_column];
          lines[r] = ((CsvRecord *) records->pdata[r])->line;
        }
      dates = pr_date_column_read_texts (pr_mapping_get_column (mapping, date_column)->name, options->date_order,
                                         PR_ADVICE_FLAGS, N_("line"), texts, lines, records->len, now, &local_error);
      if (dates == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s, ", path);
          return FALSE;
        }
    }

  for (guint r = 0; r < records->len; r++)
    {
      CsvRecord *record = records->pdata[r];
      const char *const *values = (const char *const *) record->values;
      const gsize *lengths = record->lengths;
      const char *name = record->name;
      PrFingerprint fp;

      {
        g_autofree char *reason = NULL;
        int bad = pr_bad_row_check (mapping, values, lengths, PR_ADVICE_FLAGS, &reason);

        if (bad < 0 && !g_utf8_validate (name, -1, NULL))
          {
            g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW,
                         _("%s, line %llu: the id is not UTF-8 text: give the file's encoding with --encoding"),
                         path, (unsigned long long) record->line);
            return FALSE;
          }
        if (bad >= 0)
          {
            g_autofree char *what = pr_bad_row_describe (NULL, N_("line"), record->line,
                                                         pr_mapping_get_column (mapping, bad)->name, reason);

            g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW, "%s: %s", path, what);
            return FALSE;
          }
      }
      /* A date that cannot be read would make the record undated, whose
       * time limits cannot be passed: refused, as the record is answered
       * alone. (One that needs its order stopped the column's reading.) */
      if (date_column >= 0 && values[date_column] != NULL && !is_blank (values[date_column]))
        {
          gint64 seconds;
          int offset;
          PrDateStatus status = pr_date_read (values[date_column], options->date_order, &seconds, &offset);
          const char *format = NULL;

          if (status != PR_DATE_OK && pr_date_has_roc_year (values[date_column]))
            format = _("%s, line %llu: the date “%s” in column “%s” looks like a year of the Republic of China "
                       "(民国 113 is 2024) written without 民国; write the year with four digits (2024/03/05) "
                       "or with 民国 (民国113年3月5日)");
          else if (status == PR_DATE_PLACEHOLDER)
            /* As the scan tells it: a date written for no date, which it
             * counts as none. */
            format = _("%s, line %llu: the date “%s” in column “%s” is before 1901, after 2199 or the Unix "
                       "epoch, a placeholder that systems write for no date, which a scan counts as none; "
                       "give the record its real date (2019-06-08 17:31), or leave the cell empty if it has "
                       "none");
          else if (status != PR_DATE_OK)
            format = _("%s, line %llu: the date “%s” in column “%s” cannot be read; write it as "
                       "2019-06-08 17:31 (or give --date-format for day-first or month-first dates), or "
                       "leave it empty");
          else if (dates[r] == PR_DATE_NONE)
            format = _("%s, line %llu: the date “%s” in column “%s” gives an hour from 1 to 12 without "
                       "上午 or 下午 (AM or PM), which other dates of the column give, so it may be the "
                       "morning's or the afternoon's; write the part of the day or a 24-hour time");
          if (format != NULL)
            {
              g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE, format, path,
                           (unsigned long long) record->line, values[date_column],
                           pr_mapping_get_column (mapping, date_column)->name);
              return FALSE;
            }
        }
      /* Record by record, as they are answered: one that reads as another
       * encoding's bytes decoded wrong is refused at once. Chinese text
       * read as Big5, EUC-KR or KOI8-R is a bad row, as the scan finds it
       * (pr_bad_row_check () above). */
      for (guint c = 0; c < n_columns && !options->force_encoding; c++)
        {
          const char *reading = NULL;
          PrEncodingGuess guess = values[c] != NULL ? pr_encoding_guess_reading (values[c], lengths[c], &reading, NULL)
                                                    : PR_ENCODING_GUESS_NONE;

          if (guess != PR_ENCODING_GUESS_NONE)
            {
              pr_encoding_check_set_csv_error (error, path, pr_mapping_get_column (mapping, c)->name,
                                               options->encoding, guess, record->line, 1, FALSE, reading);
              return FALSE;
            }
        }
      if (!pr_fingerprinter_compute (fingerprinter, values, lengths, &fp, &local_error))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                      _("%s, record %s: "), path, name);
          return FALSE;
        }
      (*n_checked)++;
      /* Said, but still asked: a judged check pairs a short text by its
       * 3-grams, as the scan does (pr_intake_check_full ()). */
      if (fp.sparse)
        fprintf (stderr, _("Record %s is too short to be matched on its fingerprint.\n"), name);

      {
        g_autoptr(GArray) answer = pr_intake_check (intake, values, NULL, NULL, error);

        if (answer == NULL ||
            !(csv_format ? write_intake_rows (writer, name, answer, error)
                         : write_text_rows (writer, name, answer, error)))
          return FALSE;
      }
    }

  return TRUE;
}

/* Not silent: a check that could not ask the short texts answers fewer
 * records than the next scan would pair. */
static void
say_short_texts_missing (PrIntake   *intake,
                         const char *table)
{
  if (pr_intake_short_texts_missing (intake))
    fprintf (stderr, _("The last scan of “%s” with --store kept no short texts (it was made by an older "
                       "version), so short texts reworded were not looked for; scan it with --store again.\n"),
             table);
}

/* --ids: every record of the table @path names, one id a line (UTF-8,
 * a byte order mark skipped), checked as --id checks one; the rows are
 * led by the record's id. */
static gboolean
check_ids (const char   *path,
           PrIntake     *intake,
           gboolean      csv_format,
           PrCsvWriter  *writer,
           guint64      *n_checked,
           GError      **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  const char *nul;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, &length, error))
    return FALSE;
  /* Notepad's "Unicode" is UTF-16, whose NULs would cut every id short. */
  if (length >= 2 && (memcmp (contents, "\xff\xfe", 2) == 0 || memcmp (contents, "\xfe\xff", 2) == 0))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s is saved as UTF-16 (“Unicode”): save it again as UTF-8, one id a line"), path);
      return FALSE;
    }
  /* A NUL (UTF-16 without a byte order mark) would end the text there:
   * the ids after it would go unchecked without a word. */
  nul = memchr (contents, '\0', length);
  if (nul != NULL)
    {
      guint line = 1;

      for (const char *p = contents; p < nul; p++)
        line += *p == '\n';
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s, line %u: a NUL byte, which no id holds (a file saved as UTF-16 without a byte order "
                     "mark?): save the file again as UTF-8, one id a line"), path, line);
      return FALSE;
    }
  /* An editor's byte order mark is no part of the first id. */
  lines = g_strsplit (g_str_has_prefix (contents, "\xef\xbb\xbf") ? contents + 3 : contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *id = g_strstrip (lines[i]);
      g_autoptr(PrStoredCase) own_case = NULL;
      g_autoptr(GArray) answer = NULL;
      g_autoptr(GError) local_error = NULL;

      if (*id == '\0')
        continue;
      if (!g_utf8_validate (id, -1, NULL))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       _("%s, line %u: the id is not UTF-8 text (a file saved as GBK or ANSI?): save the file "
                         "again as UTF-8"), path, i + 1);
          return FALSE;
        }
      answer = pr_intake_check_record (intake, id, &own_case, NULL, &local_error);
      if (answer == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("%s, line %u: "), path, i + 1);
          return FALSE;
        }
      (*n_checked)++;
      if (own_case != NULL)
        fprintf (stderr, _("Record %s is already in case %u (primary record %s).\n"),
                 id, own_case->number, own_case->primary_id);
      if (!(csv_format ? write_intake_rows (writer, id, answer, error) : write_text_rows (writer, id, answer, error)))
        return FALSE;
    }
  return TRUE;
}

int
pr_cli_check (int    argc,
              char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *id = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *ids_path = NULL;
  g_autofree char *id_column = NULL;
  g_autofree char *schema = NULL;
  gboolean in_memory = FALSE;
  g_autofree char *format = NULL;
  g_autofree char *rules_path = NULL;
  g_autoptr(PrCaseRules) rules = NULL;
  g_autoptr(PrIntake) intake = NULL;
  PrLoadOptions load;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GArray) answer = NULL;
  g_autoptr(PrStoredCase) own_case = NULL;
  PrPartMatchOptions part_options;
  gboolean second_stage = FALSE, no_second_stage = FALSE;
  g_autofree char *probability_text = NULL;
  gboolean probability_given = FALSE;
  double probability = 0;
  gboolean csv_format, sparse = FALSE, by_ids = FALSE;
  g_autoptr(PrCsvWriter) writer = NULL;
  char **values = NULL;
  const char *record_id = NULL;
  const char *header[] = { "id", "distance" };
  const char *csv_header[] = { "record", "id", "distance" };
  double build_seconds = 0, query_seconds = 0;
  guint64 n_checked = 0;
  guint64 version;
  gint64 start;
  GOptionEntry entries[] = {
    /* Here --id is the record (the check --id N), as it reads; the
     * id column, which --id names for the other commands, is --id-column. */
    { "id", 0, 0, G_OPTION_ARG_STRING, &id, N_("The record to check, by its id"), N_("ID") },
    { "record", 0, 0, G_OPTION_ARG_STRING, &id, N_("The same as --id"), N_("ID") },
    { "id-column", 0, 0, G_OPTION_ARG_STRING, &id_column,
      N_("The table's id column (default: its primary key, if that is one column and not binary)"), N_("COL") },
    { "ids", 0, 0, G_OPTION_ARG_FILENAME, &ids_path,
      N_("Check every record of the table FILE names, one id a line, as --id checks one; "
         "the output is record,id,distance"), N_("FILE") },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
      N_("Check every record of FILE, a CSV file with the table's column names (records not in the table yet); "
         "the output is record,id,distance"), N_("FILE") },
    { "store", 0, 0, G_OPTION_ARG_STRING, &schema,
      N_("The schema of the application's tables (default: the table's database)"), N_("SCHEMA") },
    { "in-memory", 0, 0, G_OPTION_ARG_NONE, &in_memory,
      N_("Search a block index built in memory instead of asking the server"), NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("text (the default): the ids and distances; csv: each earlier record's case, kind, identity evidence, "
         "state, dates and disposition"), N_("FORMAT") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path,
      N_("The office's rules (states, periods) for --format csv; default: the built-in rules"), N_("FILE") },
    { "second-stage", 0, 0, G_OPTION_ARG_NONE, &second_stage,
      N_("Judge each record found with the checked one as scan --second-stage does (the default when the "
         "table's last scan with --store judged its pairs; refused when it did not)"), NULL },
    { "no-second-stage", 0, 0, G_OPTION_ARG_NONE, &no_second_stage,
      N_("Answer every record the fingerprints and passages find, as scan --no-second-stage pairs them (the "
         "default when the table's last scan did not judge)"), NULL },
    { "probability", 0, 0, G_OPTION_ARG_STRING, &probability_text,
      N_("With the second stage: the probability from which a pair is a repeat (default: the last scan's)"), N_("P") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— which stored records repeat one record"),
                             entries, &options, 0, &error) ||
      !pr_cli_parse_optional_number ("probability", probability_text, 0, 1, &probability_given, &probability,
                                     &error) ||
      !pr_cli_check_second_stage (second_stage, no_second_stage, &error))
    goto failed;
  if (options.db == NULL && !options.sample)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("check reads a database: give --db URI --table TABLE, or --sample"));
      goto failed;
    }
  if ((id != NULL) + (csv_path != NULL) + (ids_path != NULL) > 1)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("give one of --id, --ids and --csv, not several"));
      goto failed;
    }
  /* The ids are read as --csv's records are, one check each. */
  by_ids = ids_path != NULL;
  if (by_ids)
    csv_path = g_steal_pointer (&ids_path);
  if (id == NULL && csv_path == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("give the record to check: --id ID, or --csv FILE"));
      goto failed;
    }

  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "csv"))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--format %s: give text or csv"), format);
      goto failed;
    }
  csv_format = format != NULL && g_str_equal (format, "csv");
  if (csv_format)
    {
      rules = rules_path != NULL ? pr_case_rules_new_from_file (rules_path, &error) : pr_case_rules_new_default ();
      if (rules == NULL)
        {
          g_prefix_error (&error, "--rules: ");
          goto failed;
        }
    }
  else if (rules_path != NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--rules tells the dispositions of --format csv: give --format csv too"));
      goto failed;
    }
  else
    rules = pr_case_rules_new_default ();

  connection = pr_cli_open_connection (&options, &error);
  if (connection == NULL)
    goto failed;
  if (id_column != NULL)
    options.id = g_strdup (id_column);
  mapping = pr_cli_source_mapping (connection, &options, &error);
  if (mapping == NULL)
    goto failed;
  /* The store keeps records by an id the table holds unique; without one
   * its fingerprints name no petition for certain. */
  if (!pr_stable_id_check_table (connection, options.table, mapping, &error))
    goto failed;
  if (id != NULL)
    {
      values = pr_record_reader_fetch (connection, options.table, mapping, id, PR_ADVICE_FLAGS, &error);
      if (values == NULL)
        goto failed;
      /* The record as the server found it: "536 " or "0536" typed for
       * 536 is 536, which the store and the matches name. */
      record_id = values[pr_mapping_find (mapping, PR_COLUMN_ROLE_ID)];
    }

  store = pr_store_open (connection, schema, &error);
  if (store == NULL)
    goto failed;
  version = pr_fingerprint_version (mapping, pr_cli_load_flags (&options), options.min_tokens,
                                    (const PrPartMethod[]) { pr_cli_part_method (&options) });
  if (!pr_store_check_scanned (store, options.table, version, &error))
    goto failed;

  pr_cli_load_options (&options, FALSE, &load);
  start = g_get_monotonic_time ();
  intake = pr_intake_new (connection, store, options.table, mapping, &load, version, options.k, rules,
                          in_memory, &error);
  if (intake == NULL)
    goto failed;
  part_options = pr_cli_part_options (&options);
  /* As the last stored scan judged, whose cases the answer names. */
  if (!no_second_stage)
    {
      gboolean judged;

      if (!pr_intake_judge_as_scanned (intake, probability_given ? probability : -1, &part_options, &judged, &error))
        goto failed;
      if (second_stage && !judged)
        {
          g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                       _("the last scan of “%s” with --store did not judge its pairs (--no-second-stage), so its "
                         "cases are not the second stage's: scan it with the second stage, or check without "
                         "--second-stage"), options.table);
          goto failed;
        }
    }
  else
    pr_intake_set_part_options (intake, &part_options);
  build_seconds = (g_get_monotonic_time () - start) / 1e6;

  writer = pr_cli_open_csv_output (NULL, PR_CSV_WRITER_FLAGS_NONE, &error);

  if (csv_path != NULL)
    {
      start = g_get_monotonic_time ();
      /* Many checks: what each would ask of the store, read once. */
      if (!pr_intake_load_passages (intake, NULL, NULL, NULL, &error))
        goto failed;
      if ((csv_format ? !pr_csv_writer_write_row (writer, intake_header, N_INTAKE_COLUMNS, &error)
                      : !pr_csv_writer_write_row (writer, csv_header, 3, &error)) ||
          !(by_ids ? check_ids (csv_path, intake, csv_format, writer, &n_checked, &error)
                   : check_csv (csv_path, &options, mapping, intake, csv_format, writer, load.now,
                                &n_checked, &error)) ||
          !pr_csv_writer_close (writer, &error))
        goto failed;
      query_seconds = (g_get_monotonic_time () - start) / 1e6;
      fprintf (stderr, _("Stored fingerprints and passages loaded in %.3f s\n"), build_seconds);
      fprintf (stderr, _("Records checked: %llu, in %.3f s\n"), (unsigned long long) n_checked, query_seconds);
      say_short_texts_missing (intake, options.table);
      return 0;
    }

  start = g_get_monotonic_time ();
  answer = pr_intake_check_full (intake, (const char *const *) values, record_id, &own_case, &sparse, &error);
  query_seconds = (g_get_monotonic_time () - start) / 1e6;
  if (answer == NULL)
    goto failed;
  if (sparse)
    fprintf (stderr, _("Record %s is too short to be matched on its fingerprint.\n"), record_id);
  /* Said first: the case the store holds the record in is the answer. */
  if (own_case != NULL)
    fprintf (stderr, _("Record %s is already in case %u (primary record %s).\n"),
             record_id, own_case->number, own_case->primary_id);
  if ((csv_format ? !pr_csv_writer_write_row (writer, intake_header + 1, N_INTAKE_COLUMNS - 1, &error) ||
                    !write_intake_rows (writer, NULL, answer, &error)
                  : !pr_csv_writer_write_row (writer, header, 2, &error) ||
                    !write_text_rows (writer, NULL, answer, &error)) ||
      !pr_csv_writer_close (writer, &error))
    goto failed;
  fprintf (stderr, _("Stored fingerprints and passages loaded in %.3f s; query %.3f ms\n"),
           build_seconds, query_seconds * 1e3);
  say_short_texts_missing (intake, options.table);

  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    g_free (values[c]);
  g_free (values);
  return 0;

failed:
  if (values != NULL && mapping != NULL)
    {
      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        g_free (values[c]);
      g_free (values);
    }
  return pr_cli_fail ("check", error);
}
