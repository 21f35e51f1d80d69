/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check against the stored scan, on the bundled sample in a
 * throwaway server: scanned with a store as build-aux/demo scans it, the
 * scan's clusters (scan --out, with their case numbers) are the oracle.
 * A record the scan put in a case pairs with some other member directly
 * (a cluster is connected), and with no record outside it: so checking
 * any record (check --ids, as check --id does one) finds at least one record, every one of the record's own
 * case, and says the record is already in that case; a record in no case
 * repeats nothing. Members joined through shared passages far beyond k
 * (record 2387 and its case's primary 2380) are among those checked.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-test-sample.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* check's --id is the record to check: the id column is --id-column. */
#define MAPPING "--date", "submitted_at", "--petitioner", "petitioner", "--name", "name", \
  "--id-card", "id_card", "--phone", "contact_phone", "--phone", "phone", "--address", "address", \
  "--text", "subject", "--text", "body", "--store", "petition_review"

/* scan --out: record id → its case number, as text. */
static GHashTable *
read_cases (const char *path)
{
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, NULL);
  GHashTable *case_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_nonnull (reader);
  g_assert_true (pr_csv_reader_next_header (reader, path, NULL, NULL));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, "id");
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 5, NULL), ==, "case");
  while (pr_csv_reader_next (reader, NULL, NULL))
    {
      const char *number = pr_csv_reader_get_field (reader, 5, NULL);

      g_assert_true (number != NULL && *number != '\0');
      g_hash_table_insert (case_of, g_strdup (pr_csv_reader_get_field (reader, 1, NULL)), g_strdup (number));
    }
  return case_of;
}

/* check --ids @path --format csv: record → the cases of the records it
 * found (column case), and what it said on standard error. */
static GHashTable *
check_records (const char  *path,
               gboolean     judged,
               char       **err)
{
  const char *const args[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                               MAPPING, "--ids", path, "--in-memory", "--format", "csv",
                               judged ? "--second-stage" : NULL, NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) g_ptr_array_unref);

  if (pr_test_run_cli (&out, err, args) != 0)
    g_error ("check failed: %s", *err);
  lines = g_strsplit (out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "record,id,distance,case,"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      GPtrArray *cases;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      fields = g_strsplit (lines[i], ",", 5);
      g_assert_cmpuint (g_strv_length (fields), ==, 5);
      cases = g_hash_table_lookup (found, fields[0]);
      if (cases == NULL)
        {
          cases = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (found, g_strdup (fields[0]), cases);
        }
      g_ptr_array_add (cases, g_strdup (fields[3]));
    }
  return found;
}

/* check --format csv's answer: its rows, each split into 5 fields (the
 * fifth holds the rest). */
static GPtrArray *
answer_rows (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_true (g_str_has_prefix (lines[0], "record,id,distance,case,"));
  for (guint i = 1; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      {
        char **fields = g_strsplit (lines[i], ",", 5);

        g_assert_cmpuint (g_strv_length (fields), ==, 5);
        g_ptr_array_add (rows, fields);
      }
  return rows;
}

/* @judged: the default scan, whose second stage judges its candidates
 * (generous passages, a probability, average linkage); the check judges
 * as the last stored scan did, so the same holds with it and without. */
static void
test_case_of_scan (gconstpointer data)
{
  gboolean judged = GPOINTER_TO_INT (data);
  g_autofree char *clusters = g_build_filename (sample->dir, "clusters.csv", NULL);
  const char *const scan[] = { "scan", judged ? "--second-stage" : "--no-second-stage",
                               "--db", sample->uri, "--table", "petitions", "--id", "id",
                               MAPPING, "--out", clusters, NULL };
  guint n_disagree = 0;
  g_autoptr(GHashTable) case_of = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) chosen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) found = NULL;
  g_autofree char *list_path = g_build_filename (sample->dir, "ids.txt", NULL);
  g_autofree char *err = NULL;
  GHashTableIter iter;
  gpointer key;
  guint n_members = 0, n_alone = 0;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, scan), ==, 0);
  case_of = read_cases (clusters);
  g_assert_cmpuint (g_hash_table_size (case_of), >, 100);
  if (!judged)
    {
      g_assert_true (g_hash_table_contains (case_of, "2387"));
      g_assert_cmpstr (g_hash_table_lookup (case_of, "2387"), ==, g_hash_table_lookup (case_of, "2380"));
    }
  /* Every record of the sample. */
  for (guint i = 1; i <= 3000; i++)
    g_ptr_array_add (ids, g_strdup_printf ("%u", i));
  {
    /* The judged run's list as Notepad saves it: a byte order mark and
     * CR LF line ends, which are no part of any id. */
    g_autoptr(GString) list = g_string_new (judged ? "\xef\xbb\xbf" : NULL);

    for (guint i = 0; i < ids->len; i++)
      if (g_hash_table_add (chosen, ids->pdata[i]))
        g_string_append_printf (list, judged ? "%s\r\n" : "%s\n", (char *) ids->pdata[i]);
    g_assert_true (g_file_set_contents (list_path, list->str, -1, NULL));
  }
  g_clear_pointer (&err, g_free);
  found = check_records (list_path, judged, &err);

  g_hash_table_iter_init (&iter, chosen);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const char *id = key;
      const char *expected = g_hash_table_lookup (case_of, id);
      GPtrArray *cases = g_hash_table_lookup (found, id);
      g_autofree char *said = g_strdup_printf ("Record %s is already in case ", id);

      if (expected == NULL)
        {
          /* Any record the check found, the scan would have paired it with. */
          if (cases != NULL)
            g_test_message ("record %s, in no case, found with case %s", id, (char *) cases->pdata[0]);
          n_disagree += cases != NULL;
          g_assert_null (strstr (err, said));
          n_alone++;
          continue;
        }
      if (cases == NULL)
        g_test_message ("record %s of case %s: the check found nothing", id, expected);
      n_disagree += cases == NULL;
      for (guint f = 0; cases != NULL && f < cases->len; f++)
        if (!g_str_equal (cases->pdata[f], expected))
          {
            g_test_message ("record %s of case %s: found with case %s", id, expected, (char *) cases->pdata[f]);
            n_disagree++;
            break;
          }
      g_free (said);
      said = g_strdup_printf ("Record %s is already in case %s ", id, expected);
      g_assert_nonnull (strstr (err, said));
      n_members++;
    }
  g_test_message ("%u members of cases and %u records in none checked; %u found otherwise than the judged scan",
                  n_members, n_alone, n_disagree);
  g_assert_cmpuint (n_members, ==, g_hash_table_size (case_of));
  g_assert_cmpuint (n_members + n_alone, ==, 3000);
  g_assert_cmpuint (n_disagree, ==, 0);
}

/* Writes to @path the sample's records whose ids @letters holds, each
 * under the new id it maps to, as letters for check --csv. Returns how
 * many. */
static guint
write_letters (const char *path,
               GHashTable *letters)
{
  g_autofree char *source = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (source, NULL, NULL);
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, NULL);
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  g_assert_nonnull (reader);
  g_assert_nonnull (writer);
  g_assert_true (pr_csv_reader_next_header (reader, source, NULL, NULL));
  for (guint f = 0; f < pr_csv_reader_get_n_fields (reader); f++)
    g_ptr_array_add (header, g_strdup (pr_csv_reader_get_field (reader, f, NULL)));
  g_assert_cmpstr (header->pdata[0], ==, "id");
  g_assert_true (pr_csv_writer_write_row (writer, (const char *const *) header->pdata, header->len, NULL));
  while (pr_csv_reader_next (reader, NULL, NULL))
    {
      const char *name = g_hash_table_lookup (letters, pr_csv_reader_get_field (reader, 0, NULL));
      g_autoptr(GPtrArray) row = g_ptr_array_new ();

      if (name == NULL)
        continue;
      g_ptr_array_add (row, (gpointer) name);
      for (guint f = 1; f < header->len; f++)
        g_ptr_array_add (row, (gpointer) pr_csv_reader_get_field (reader, f, NULL));
      g_assert_true (pr_csv_writer_write_row (writer, (const char *const *) row->pdata, row->len, NULL));
      n++;
    }
  g_assert_true (pr_csv_writer_close (writer, NULL));
  return n;
}

/* A record a judged scan put in no case is answered with nothing, even
 * by a check whose probability would join it to a case (the scan at 0.9,
 * the check at 0.5): the scan saw it and kept it apart. The same words
 * typed as a new letter, checked at the scan's probability, are found
 * with no case either: the scan's linkage kept them apart from every one. */
static void
test_kept_apart (void)
{
  g_autofree char *clusters = g_build_filename (sample->dir, "clusters-apart.csv", NULL);
  g_autofree char *list_path = g_build_filename (sample->dir, "ids-apart.txt", NULL);
  g_autofree char *letters = g_build_filename (sample->dir, "letters-apart.csv", NULL);
  const char *const scan[] = { "scan", "--second-stage", "--probability", "0.9995", "--db", sample->uri,
                               "--table", "petitions", "--id", "id", MAPPING, "--out", clusters, NULL };
  const char *const by_id[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                                MAPPING, "--ids", list_path, "--in-memory", "--format", "csv",
                                "--probability", "0.5", NULL };
  const char *const typed[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                                MAPPING, "--csv", letters, "--in-memory", "--format", "csv",
                                "--probability", "0.9995", NULL };
  g_autoptr(GHashTable) case_of = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  g_autoptr(GHashTable) typed_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint n_alone = 0, n_typed = 0, n_self = 0;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, scan), ==, 0);
  case_of = read_cases (clusters);
  g_assert_cmpuint (g_hash_table_size (case_of), >, 10);

  /* By id: every record in no case. */
  for (guint i = 1; i <= 3000; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i);

      if (!g_hash_table_contains (case_of, id))
        {
          g_string_append_printf (list, "%s\n", id);
          n_alone++;
        }
    }
  g_assert_cmpuint (n_alone, >, 100);
  g_assert_true (g_file_set_contents (list_path, list->str, -1, NULL));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (&out, &err, by_id), ==, 0);
  rows = answer_rows (out);
  for (guint i = 0; i < rows->len; i++)
    g_test_message ("record %s, kept apart by the scan, found %s", ((char **) rows->pdata[i])[0],
                    ((char **) rows->pdata[i])[1]);
  g_assert_cmpuint (rows->len, ==, 0);

  /* Typed: the words of the first records in no case, under new ids. */
  for (guint i = 1; i <= 3000 && g_hash_table_size (typed_ids) < 200; i++)
    {
      char *id = g_strdup_printf ("%u", i);

      if (g_hash_table_contains (case_of, id))
        g_free (id);
      else
        g_hash_table_insert (typed_ids, id, g_strdup_printf ("typed-%s", id));
    }
  n_typed = write_letters (letters, typed_ids);
  g_assert_cmpuint (n_typed, ==, 200);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&rows, g_ptr_array_unref);
  g_assert_cmpint (pr_test_run_cli (&out, &err, typed), ==, 0);
  rows = answer_rows (out);
  for (guint i = 0; i < rows->len; i++)
    {
      char **fields = rows->pdata[i];

      if (*fields[3] != '\0')
        g_test_message ("%s, typed words of a record in no case, found %s of case %s", fields[0], fields[1],
                        fields[3]);
      g_assert_cmpstr (fields[3], ==, "");
      /* The record whose words they are, at least, is found. */
      n_self += g_str_equal (fields[0] + strlen ("typed-"), fields[1]);
    }
  g_test_message ("%u records in no case checked by id, %u typed; %u typed found their record",
                  n_alone, n_typed, n_self);
  g_assert_cmpuint (n_self, >, n_typed / 2);

  /* Not told a probability, the check judges at the scan's (0.9), which
   * the store keeps: the same answer as at 0.9, not that at 0.5. */
  {
    const char *const as_scanned[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                                       MAPPING, "--csv", letters, "--in-memory", "--format", "csv", NULL };
    const char *const lower[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                                  MAPPING, "--csv", letters, "--in-memory", "--format", "csv",
                                  "--probability", "0.5", NULL };
    g_autofree char *at_scan = NULL, *at_lower = NULL;

    g_assert_cmpint (pr_test_run_cli (&at_scan, NULL, as_scanned), ==, 0);
    g_assert_cmpint (pr_test_run_cli (&at_lower, NULL, lower), ==, 0);
    g_assert_cmpstr (at_scan, ==, out);
    g_assert_cmpstr (at_lower, !=, out);
  }
}

/* A new letter with the words of a stored case's member, not in the table
 * yet (check --csv): the check names that case, as a scan would join it,
 * among them the member's primary, which only shared passages reach. */
static void
test_new_text (void)
{
  g_autofree char *letter = g_build_filename (sample->dir, "letter.csv", NULL);
  g_autofree char *clusters = g_build_filename (sample->dir, "clusters.csv", NULL);
  g_autoptr(GHashTable) letter_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) case_of = read_cases (clusters);
  const char *const args[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                               MAPPING, "--csv", letter, "--in-memory", "--format", "csv", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  gboolean found_primary = FALSE;
  guint n_found = 0;

  g_hash_table_insert (letter_ids, (gpointer) "2387", (gpointer) "new-letter");
  g_assert_cmpuint (write_letters (letter, letter_ids), ==, 1);

  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_test_message ("%s", out);
  rows = answer_rows (out);
  for (guint i = 0; i < rows->len; i++)
    {
      char **fields = rows->pdata[i];

      g_assert_cmpstr (fields[0], ==, "new-letter");
      g_assert_cmpstr (fields[3], ==, g_hash_table_lookup (case_of, "2387"));
      found_primary |= g_str_equal (fields[1], "2380");
      n_found++;
    }
  /* 2387 itself, at distance 0, and its case's primary, by its passages. */
  g_assert_cmpuint (n_found, >=, 2);
  g_assert_true (found_primary);

  /* The last scan did not judge: a check told to is refused, not answered
   * with the second stage against cases formed without it. */
  {
    const char *const judged[] = { "check", "--db", sample->uri, "--table", "petitions", "--id-column", "id",
                                   MAPPING, "--id", "2387", "--second-stage", NULL };

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (pr_test_run_cli (&out, &err, judged), !=, 0);
    g_assert_nonnull (strstr (err, "did not judge its pairs"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The messages compared are the untranslated ones. */
  g_setenv ("LANGUAGE", "C", TRUE);

  sample = pr_test_sample_start ();

  /* The judged scans first: the last one's clusters are new-text's oracle. */
  g_test_add_func ("/db/intake-cases/kept-apart", test_kept_apart);
  g_test_add_data_func ("/db/intake-cases/case-of-judged-scan", GINT_TO_POINTER (TRUE), test_case_of_scan);
  g_test_add_data_func ("/db/intake-cases/case-of-scan", GINT_TO_POINTER (FALSE), test_case_of_scan);
  g_test_add_func ("/db/intake-cases/new-text", test_new_text);

  status = g_test_run ();

  pr_test_sample_stop (sample);

  return status;
}
