/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Who is who on a real server: the bundled sample loaded into a throwaway
 * server, scanned by the command line. The guess reads the columns' values
 * (ID cards, phones, names); scan --out's same_petitioner and
 * identity_evidence are checked against the sample's truth of who sent
 * each record (data/sample-petitions-people.csv), written by its
 * generator.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-test-sample.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* id → person, from the truth file. */
static GHashTable *
read_people (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions-people.csv", NULL);
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, NULL);
  GHashTable *people = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_nonnull (reader);
  g_assert_true (pr_csv_reader_next_header (reader, path, NULL, NULL));
  while (pr_csv_reader_next (reader, NULL, NULL))
    g_hash_table_insert (people, g_strdup (pr_csv_reader_get_field (reader, 0, NULL)),
                         g_strdup (pr_csv_reader_get_field (reader, 1, NULL)));
  g_assert_cmpuint (g_hash_table_size (people), ==, 3000);
  return people;
}

static void
test_guess_reads_values (void)
{
  g_autofree char *out = g_build_filename (sample->dir, "guessed.csv", NULL);
  g_autofree char *err = NULL;
  const char *const args[] = { "scan", "--db", sample->uri, "--table", "petitions", "--out", out, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_test_message ("%s", err);
  /* By their values: ID card numbers (some masked, mistyped, 15 digits),
   * phones in many forms, names; by its name, the address. The status and
   * the receiving unit are the case's, not the matter's: not fingerprinted. */
  g_assert_nonnull (strstr (err, "--id-card id_card"));
  g_assert_nonnull (strstr (err, "--phone contact_phone"));
  g_assert_nonnull (strstr (err, "--phone phone"));
  g_assert_nonnull (strstr (err, "--name name"));
  g_assert_nonnull (strstr (err, "--address address"));
  g_assert_null (strstr (err, "status"));
  g_assert_null (strstr (err, "receiving_unit"));
  /* The counts of what is no evidence. */
  g_assert_nonnull (strstr (err, "ID card numbers invalid"));
  g_assert_nonnull (strstr (err, "masked values"));
}

/* Every member the scan calls the primary's petitioner's is, by the truth;
 * each kind of evidence shows; and a member called another's is one. */
static void
test_same_petitioner_against_truth (void)
{
  g_autoptr(GHashTable) people = read_people ();
  g_autofree char *out = g_build_filename (sample->dir, "identities.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  const char *const args[] = { "scan", "--db", sample->uri, "--table", "petitions", "--id", "id", "--date", "submitted_at",
                               "--petitioner", "petitioner", "--name", "name", "--id-card", "id_card", "--phone",
                               "contact_phone", "--address", "address", "--text", "subject", "--text", "body",
                               "--out", out, NULL };
  guint same = 0, same_right = 0, other = 0, other_right = 0;
  g_autofree char *primary = NULL;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  reader = pr_csv_reader_new_for_path (out, NULL, NULL);
  g_assert_true (pr_csv_reader_next_header (reader, out, NULL, NULL));
  g_assert_cmpint (pr_csv_reader_find_field (reader, "identity_evidence"), ==, 6);
  while (pr_csv_reader_next (reader, NULL, NULL))
    {
      const char *id = pr_csv_reader_get_field (reader, 1, NULL);
      const char *first = pr_csv_reader_get_field (reader, 2, NULL);
      const char *flag = pr_csv_reader_get_field (reader, 4, NULL);
      const char *evidence = pr_csv_reader_get_field (reader, 6, NULL);
      gboolean truly = g_str_equal (g_hash_table_lookup (people, id), g_hash_table_lookup (people, first));

      if (g_str_equal (flag, "1"))
        {
          g_assert_cmpstr (evidence, !=, "");
          g_hash_table_add (kinds, (gpointer) g_intern_string (evidence));
          same++;
          same_right += truly;
          if (!truly)
            g_test_message ("%s is not %s's petitioner's, yet %s", id, first, evidence);
        }
      else
        {
          g_assert_cmpstr (evidence, ==, "");
          if (g_str_equal (flag, "0"))
            {
              other++;
              other_right += !truly;
            }
        }
    }
  g_test_message ("same: %u of %u right; other: %u of %u right", same_right, same, other_right, other);
  g_assert_cmpuint (same, >=, 100);
  g_assert_cmpfloat ((double) same_right / same, >=, 0.99);
  g_assert_cmpfloat ((double) other_right / MAX (other, 1), >=, 0.95);
  g_assert_true (g_hash_table_contains (kinds, "id_card"));
  g_assert_true (g_hash_table_contains (kinds, "phone"));
  g_assert_true (g_hash_table_contains (kinds, "name_and_address"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  sample = pr_test_sample_start ();

  g_test_add_func ("/db/cli-identity/guess-reads-values", test_guess_reads_values);
  g_test_add_func ("/db/cli-identity/same-petitioner-against-truth", test_same_petitioner_against_truth);

  status = g_test_run ();

  pr_test_sample_stop (sample);

  return status;
}
