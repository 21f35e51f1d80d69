/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The judged pairs a rescan takes from the store (pr-store-judged.c), on
 * the bundled sample in a throwaway server. The oracle of every rescan is
 * a scan of the same table into a fresh store, which judges every pair:
 * the rescan's --out and --pairs must be the same bytes. A record edited
 * since, or other weights, must be judged again; each of those tests
 * first makes sure that the edit changes a probability written, so that
 * a rescan reusing what it should not cannot pass.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-csv-reader.h"
#include "pr-store.h"
#include "pr-store-judged.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* Scans @table into the store @store with the second stage (the default). */
static void
scan (const char *table,
      const char *store,
      PrTestScan *result)
{
  pr_test_sample_scan (sample, table, store, NULL, result);
}

/* How many judgements the scan said it took from the store, of how many. */
static void
taken (const PrTestScan *scan,
       guint64    *n_taken,
       guint64    *n_judged)
{
  const char *said = strstr (scan->err, "judgements of the last scan");
  const char *line;

  *n_taken = *n_judged = 0;
  if (said == NULL)
    return;
  /* "Second stage: N of the M candidates' judgements of the last scan …" */
  line = g_strrstr_len (scan->err, said - scan->err, "Second stage: ");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line + strlen ("Second stage: "), "%" G_GUINT64_FORMAT " of the %" G_GUINT64_FORMAT,
                           n_taken, n_judged), ==, 2);
}

/* The fresh store's scan of @table: the oracle. */
static void
fresh_scan (PrConnection *db,
            const char   *table,
            const char   *store,
            PrTestScan   *result)
{
  guint64 n_taken, n_judged;

  pr_test_fresh_store (db, store);
  scan (table, store, result);
  taken (result, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, ==, 0);
}

/* The probability --pairs gives the pair @a, @b, as written. */
static char *
probability_of (const char *pairs,
                const char *a,
                const char *b)
{
  g_auto(GStrv) lines = g_strsplit (pairs, "\n", -1);

  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (g_strstrip (lines[i]), ",", -1);

      if (g_strv_length (cells) == 6 &&
          ((g_str_equal (cells[0], a) && g_str_equal (cells[1], b)) ||
           (g_str_equal (cells[0], b) && g_str_equal (cells[1], a))))
        return g_strdup (cells[5]);
    }
  return NULL;
}

/* Nothing changed: every judgement is taken, and the files are the fresh
 * store's. The store keeps one scan's pairs, however many scans. */
static void
test_unchanged (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "unchanged", "judged_a");
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autofree char *scans = NULL;
  g_autofree char *kept = NULL;
  guint64 n_taken, n_judged;

  scan ("unchanged", "judged_a", &first);
  taken (&first, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, ==, 0);
  scan ("unchanged", "judged_a", &again);
  scan ("unchanged", "judged_a", &again);
  taken (&again, &n_taken, &n_judged);
  g_assert_cmpuint (n_judged, >, 100);
  g_assert_cmpuint (n_taken, ==, n_judged);

  fresh_scan (db, "unchanged", "judged_b", &oracle);
  g_assert_true (g_str_equal (again.out, oracle.out));
  g_assert_true (g_str_equal (again.pairs, oracle.pairs));

  scans = pr_test_query_value (db, "SELECT COUNT(DISTINCT scan_id) FROM judged_a.pr_judged_pairs");
  g_assert_cmpstr (scans, ==, "1");
  kept = pr_test_query_value (db, "SELECT SUM(n_pairs) FROM judged_a.pr_judged_pairs");
  g_assert_cmpuint (g_ascii_strtoull (kept, NULL, 10), ==, n_judged);
}

/* One record edited: its pairs are judged again (and their probability
 * changes), the others' taken. */
static void
test_record_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "edited", "judged_c");
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autofree char *was = NULL;
  g_autofree char *now = NULL;
  guint64 n_taken, n_judged;

  scan ("edited", "judged_c", &before);
  /* 41 repeats 5, edited (an edit the sample plants); more of it now. */
  was = probability_of (before.pairs, "5", "41");
  g_assert_nonnull (was);
  pr_test_execute (db, "UPDATE edited SET body = CONCAT(body, '另外，小区东门的路灯坏了三个月，夜里老人出行很不方便，"
                       "物业说归街道管，街道说归物业管，请一并督促解决。') WHERE id = 41");

  scan ("edited", "judged_c", &after);
  taken (&after, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, >, 0);
  g_assert_cmpuint (n_taken, <, n_judged);
  fresh_scan (db, "edited", "judged_d", &oracle);
  now = probability_of (oracle.pairs, "5", "41");
  g_assert_nonnull (now);
  g_assert_cmpstr (now, !=, was);
  g_assert_true (g_str_equal (after.pairs, oracle.pairs));
  g_assert_true (g_str_equal (after.out, oracle.out));
}

/* Other weights: nothing is taken. */
static void
test_weights_changed (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "weighed", "judged_e");
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(PrTestScan) oracle = { 0 };
  g_autoptr(GError) error = NULL;
  PrPairModel model = pr_pair_model_default;
  guint64 n_taken, n_judged;

  scan ("weighed", "judged_e", &before);
  /* Every pair less likely: a shorter word diff says less. */
  model.bias -= 1.5;
  {
    g_autoptr(PrStore) store = pr_store_open (db, "judged_e", &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_save_weights (store, "weighed", PR_PAIR_MODEL_KIND_SUBJECT, &model, &error));
    g_assert_no_error (error);
  }
  scan ("weighed", "judged_e", &after);
  taken (&after, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, ==, 0);
  g_assert_false (g_str_equal (after.pairs, before.pairs));

  pr_test_fresh_store (db, "judged_f");
  {
    g_autoptr(PrStore) store = pr_store_open (db, "judged_f", &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_save_weights (store, "weighed", PR_PAIR_MODEL_KIND_SUBJECT, &model, &error));
    g_assert_no_error (error);
  }
  scan ("weighed", "judged_f", &oracle);
  g_assert_true (g_str_equal (after.pairs, oracle.pairs));
  /* The clusters changed with the weights: the case numbers go on from
   * the last scan's, as they should, and differ from a fresh store's. */
  g_assert_true (pr_test_same_but_cases (after.out, oracle.out));
}

/* A store of version 8 (the tables as they were, with a complete scan)
 * gains the table, as a new store has it, and its next rescan keeps
 * pairs; the scan before judged every pair. */
static void
test_migrate (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "older", "judged_v8");
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };
  guint64 n_taken, n_judged;

  scan ("older", "judged_v8", &first);
  pr_test_execute (db, "DROP TABLE judged_v8.pr_judged_pairs");
  pr_test_execute (db, "UPDATE judged_v8.pr_meta SET value = '8' WHERE name = 'schema_version'");
  pr_test_fresh_store (db, "judged_new");
  pr_test_assert_migrated (db, "judged_v8", "judged_new", "pr_judged_pairs");

  scan ("older", "judged_v8", &again);
  taken (&again, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, ==, 0);
  g_assert_true (g_str_equal (again.pairs, first.pairs));
  scan ("older", "judged_v8", &again);
  taken (&again, &n_taken, &n_judged);
  g_assert_cmpuint (n_taken, ==, n_judged);
  g_assert_true (g_str_equal (again.pairs, first.pairs));
}

/* A store of version 10 gains the scans' probability column, as a new
 * store has it; the scan before holds none (the intake then judges at the
 * default), the next judged scan its own, read back exactly. */
static void
test_migrate_probability (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "older_p", "judged_v10");
  const char *const more[] = { "--probability", "0.7", NULL };
  g_auto(PrTestScan) first = { 0 };
  g_auto(PrTestScan) again = { 0 };
  g_autofree char *before = NULL, *after = NULL, *n_null = NULL;
  g_autoptr(GError) error = NULL;
  gboolean judged;
  double probability;

  scan ("older_p", "judged_v10", &first);
  pr_test_execute (db, "ALTER TABLE judged_v10.pr_scans DROP COLUMN judge_probability");
  pr_test_execute (db, "UPDATE judged_v10.pr_meta SET value = '10' WHERE name = 'schema_version'");
  pr_test_fresh_store (db, "judged_p_new");
  pr_test_assert_migrated (db, "judged_v10", "judged_p_new", "pr_scans");
  n_null = pr_test_query_value (db, "SELECT COUNT(*) FROM judged_v10.pr_scans WHERE judge_probability IS NULL");
  g_assert_cmpstr (n_null, !=, "0");
  {
    g_autoptr(PrStore) store = pr_store_open (db, "judged_v10", &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_get_last_judged (store, "older_p", &judged, NULL, &probability, &error));
    g_assert_no_error (error);
    g_assert_true (judged);
    g_assert_cmpfloat (probability, ==, -1);
  }

  pr_test_sample_scan (sample, "older_p", "judged_v10", more, &again);
  {
    g_autoptr(PrStore) store = pr_store_open (db, "judged_v10", &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_get_last_judged (store, "older_p", &judged, NULL, &probability, &error));
    g_assert_no_error (error);
    g_assert_true (judged);
    g_assert_cmpfloat (probability, ==, 0.7);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();

  g_test_add_func ("/db/judged-cache/unchanged", test_unchanged);
  g_test_add_func ("/db/judged-cache/record-changed", test_record_changed);
  g_test_add_func ("/db/judged-cache/weights-changed", test_weights_changed);
  g_test_add_func ("/db/judged-cache/migrate", test_migrate);
  g_test_add_func ("/db/judged-cache/migrate-probability", test_migrate_probability);

  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
