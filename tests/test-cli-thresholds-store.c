/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * thresholds with the second stage and a store, against the real thing:
 * with the reviewers' verdicts in the store (a record found not a repeat
 * of its primary, a record confirmed a repeat of another cluster's
 * primary), each row of its table is what scan at that k, with the same
 * store and flags, writes: the same clusters, the same records in them,
 * the same pairs judged repeats.
 */
#include "config.h"

#include <string.h>

#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* Per cluster number of a scan's --out, its primary ("N primary") and
 * one other member ("N member"). */
static GHashTable *
read_first (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 4);

      if (g_strv_length (fields) < 3)
        continue;
      g_hash_table_insert (first, g_strdup_printf ("%s %s", fields[0], g_str_equal (fields[1], fields[2])
                                                                       ? "primary" : "member"),
                           g_strdup (fields[1]));
    }
  return first;
}

static int
run (char      **err,
     const char *command,
     const char *k,
     const char *out)
{
  const char *args[] = { command, "--db", sample->uri, "--table", "petitions", "--id", "id", "--date", "submitted_at",
                         "--petitioner", "petitioner", "--text", "subject", "--text", "body", "--store", "prthresh",
                         "--threads", "2", "--k", k, "--out", out, NULL };

  return pr_test_run_cli (NULL, err, args);
}

static void
test_rows_are_scans (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = g_build_filename (sample->dir, "scan.csv", NULL);
  g_autofree char *table_path = g_build_filename (sample->dir, "thresholds.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GHashTable) first = NULL;
  g_auto(GStrv) rows = NULL;
  guint n_rows = 0;

  pr_test_execute (db, "CREATE DATABASE prthresh");
  g_assert_cmpint (run (&err, "scan", "3", out), ==, 0);
  first = read_first (out);
  g_assert_nonnull (g_hash_table_lookup (first, "1 member"));
  g_assert_nonnull (g_hash_table_lookup (first, "2 primary"));

  /* Cluster 1's member is not a repeat; cluster 2's primary is a repeat
   * of cluster 1's, though no pair of theirs need be a candidate. */
  store = pr_store_open (db, "prthresh", &error);
  g_assert_no_error (error);
  pr_test_add_decision (store, "petitions", g_hash_table_lookup (first, "1 member"),
                        g_hash_table_lookup (first, "1 primary"), PR_VERDICT_NOT_REPEAT);
  pr_test_add_decision (store, "petitions", g_hash_table_lookup (first, "2 primary"),
                        g_hash_table_lookup (first, "1 primary"), PR_VERDICT_REPEAT);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (&err, "thresholds", "3", table_path), ==, 0);
  rows = pr_test_read_thresholds_table (table_path, &n_rows);
  g_assert_cmpuint (n_rows, ==, 7);

  for (guint k = 0; k < n_rows; k++)
    {
      g_autofree char *k_text = g_strdup_printf ("%u", k);
      g_autofree char *scan_err = NULL;
      g_autoptr(GHashTable) clusters = NULL;
      guint64 records, repeats;

      g_assert_cmpint (run (&scan_err, "scan", k_text, out), ==, 0);
      clusters = pr_test_assert_thresholds_row (rows[1 + k], k, out, scan_err, &records, &repeats);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/cli/thresholds/store/rows-are-scans", test_rows_are_scans);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
