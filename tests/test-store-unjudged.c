/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan with a store leaves unjudged the pairs it proves below the
 * threshold without the word diff (pr-scan-judge.c), as a scan without
 * one does, and keeps them as not judged. On the bundled sample in a
 * throwaway server; the oracle is every candidate judged afresh, diff and
 * all (pr_pair_judge_score ()), and a scan into a fresh store that
 * judges every pair: each judged pair must have the oracle's number, each
 * unjudged one must be below the threshold by it, the clusters must be
 * the same, and a pair left unjudged must get the oracle's number when
 * it is asked for after the scan is opened from the store, or when a
 * rescan's threshold is lower.
 */
#include "config.h"

#include <string.h>

#include "pr-pair-judge.h"
#include "pr-scan-options.h"
#include "pr-scan-stored.h"
#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* Scans @table into @store as the CLI does (judge_for_clusters) or as
 * one that needs every pair's number (@every). */
static PrScanResult *
scan (PrConnection    *db,
      PrStore         *store,
      const char      *table,
      const PrMapping *map,
      double           probability,
      gboolean         every,
      PrPairModel     *model)
{
  g_autoptr(GError) error = NULL;
  PrLoadOptions load;
  PrPartMatchOptions parts;
  PrScanResult *result;

  pr_scan_options_init (&load, &parts);
  load.keep_labels = TRUE;
  g_assert_true (pr_scan_options_second_stage (store, table, map, probability, model, &load, &parts, &error));
  g_assert_no_error (error);
  load.judge_for_clusters = !every;
  result = pr_scan_run (db, store, table, NULL, map, &load, 3, &parts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result->scored);
  return result;
}

/* Every pair of @pairs judged afresh, whatever the scan left. */
static GArray *
judge_every (const PrMapping   *map,
             const PrPairModel *model,
             PrRecordSet       *set,
             GArray            *pairs)
{
  g_autoptr(GError) error = NULL;
  GArray *every = g_array_copy (pairs);

  g_assert_true (pr_pair_judge_score (map, PR_TOKENIZER_FOLD_TRADITIONAL, model, set,
                                      (PrScoredPair *) (gpointer) every->data, every->len, 1, NULL, &error));
  g_assert_no_error (error);
  return every;
}

static int
compare_lines (gconstpointer x,
               gconstpointer y)
{
  return strcmp (*(const char *const *) x, *(const char *const *) y);
}

/* The clusters of @result as sorted lines of sorted ids. */
static char *
describe_clusters (PrScanResult *result)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint m = 0; m < cluster->n_members; m++)
        g_ptr_array_add (ids, result->set->ids->pdata[cluster->members[m]]);
      g_ptr_array_sort (ids, compare_lines);
      for (guint m = 0; m < ids->len; m++)
        g_string_append_printf (line, "%s ", (char *) ids->pdata[m]);
      g_ptr_array_add (lines, g_string_free (g_steal_pointer (&line), FALSE));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) lines->pdata[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Checks @result's pairs against @oracle (the same pairs, in order, each
 * judged): a judged pair has the oracle's number; an unjudged one is
 * below @threshold by it. Returns how many were left unjudged. */
static guint
check_against (GArray *scored,
               GArray *oracle,
               double  threshold)
{
  guint unjudged = 0;

  g_assert_cmpuint (scored->len, ==, oracle->len);
  for (guint i = 0; i < scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (scored, PrScoredPair, i);
      const PrScoredPair *truth = &g_array_index (oracle, PrScoredPair, i);

      g_assert_cmpuint (pair->a, ==, truth->a);
      g_assert_cmpuint (pair->b, ==, truth->b);
      g_assert_cmpfloat (truth->probability, >=, 0);
      if (pair->probability < 0)
        {
          g_assert_cmpfloat (truth->probability, <, threshold);
          unjudged++;
        }
      else
        g_assert_cmpfloat (pair->probability, ==, truth->probability);
    }
  return unjudged;
}

static void
test_unjudged (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "unjudged", "unjudged_s");
  g_autoptr(PrMapping) map = pr_test_sample_mapping ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = pr_store_open (db, "unjudged_s", &error);
  g_autoptr(PrStore) every_store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, every = NULL, again = NULL, lower = NULL, opened = NULL;
  g_autoptr(GArray) oracle = NULL, oracle_lower = NULL, stored = NULL;
  g_autofree char *clusters = NULL, *every_clusters = NULL, *opened_clusters = NULL;
  PrPairModel model;
  PrLoadOptions load;
  PrPartMatchOptions parts;
  guint unjudged, asked = 0;

  g_assert_no_error (error);
  scanned = scan (db, store, "unjudged", map, PR_PAIR_DEFAULT_PROBABILITY, FALSE, &model);
  oracle = judge_every (map, &model, scanned->set, scanned->scored);
  unjudged = check_against (scanned->scored, oracle, PR_PAIR_DEFAULT_PROBABILITY);
  g_test_message ("%u of %u pairs left unjudged", unjudged, scanned->scored->len);
  /* The sample has such pairs: the test would prove nothing without. */
  g_assert_cmpuint (unjudged, >, 20);
  /* The summary's figures: a pair left unjudged is not judged now. */
  g_assert_cmpuint (scanned->judged_taken, ==, 0);
  g_assert_cmpuint (scanned->unjudged, ==, unjudged);
  g_assert_cmpuint (scanned->judged_now, ==, scanned->scored->len - unjudged);

  /* The same clusters as a scan that judges every pair. */
  pr_test_fresh_store (db, "unjudged_every");
  every_store = pr_store_open (db, "unjudged_every", &error);
  g_assert_no_error (error);
  every = scan (db, every_store, "unjudged", map, PR_PAIR_DEFAULT_PROBABILITY, TRUE, &model);
  g_assert_cmpuint (check_against (every->scored, oracle, PR_PAIR_DEFAULT_PROBABILITY), ==, 0);
  clusters = describe_clusters (scanned);
  every_clusters = describe_clusters (every);
  g_assert_cmpstr (clusters, ==, every_clusters);
  g_assert_cmpuint (scanned->counts.pairs, ==, every->counts.pairs);

  /* A rescan at the same threshold takes every pair, unjudged ones too. */
  again = scan (db, store, "unjudged", map, PR_PAIR_DEFAULT_PROBABILITY, FALSE, &model);
  g_assert_cmpuint (again->judged_taken, ==, again->scored->len);
  g_assert_cmpuint (check_against (again->scored, oracle, PR_PAIR_DEFAULT_PROBABILITY), ==, unjudged);
  g_assert_cmpuint (again->judged_now, ==, 0);
  g_assert_cmpuint (again->unjudged, ==, unjudged);

  /* Opened from the store: the unjudged pairs are there, not judged, and
   * each gets the oracle's number when judged on demand. */
  pr_scan_options_init (&load, &parts);
  load.keep_labels = TRUE;
  g_assert_true (pr_scan_options_second_stage (store, "unjudged", map, PR_PAIR_DEFAULT_PROBABILITY, &model, &load,
                                               &parts, &error));
  opened = pr_scan_open_stored (db, store, "unjudged", map, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  opened_clusters = describe_clusters (opened);
  g_assert_cmpstr (opened_clusters, ==, clusters);
  stored = pr_scan_stored_judged (opened, store, "unjudged", map, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);
  for (gsize i = 0; i < stored->len; i++)
    {
      PrScoredPair *pair = &g_array_index (stored, PrScoredPair, i);
      const PrScoredPair *truth = NULL;
      guint a, b;

      if (pair->probability >= 0)
        continue;
      /* The same two records in the scan's own set. */
      for (a = 0; a < scanned->set->n_records && strcmp (scanned->set->ids->pdata[a], opened->set->ids->pdata[pair->a]) != 0; a++)
        ;
      for (b = 0; b < scanned->set->n_records && strcmp (scanned->set->ids->pdata[b], opened->set->ids->pdata[pair->b]) != 0; b++)
        ;
      for (guint j = 0; j < oracle->len && truth == NULL; j++)
        if (g_array_index (oracle, PrScoredPair, j).a == MIN (a, b) && g_array_index (oracle, PrScoredPair, j).b == MAX (a, b))
          truth = &g_array_index (oracle, PrScoredPair, j);
      g_assert_nonnull (truth);
      g_assert_true (pr_pair_judge_score_some (map, load.flags, &model, opened->set,
                                               (PrScoredPair *) (gpointer) stored->data, &i, 1, 1, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (pair->probability, ==, truth->probability);
      asked++;
    }
  g_test_message ("%u unjudged pairs among the cases' members judged on demand", asked);
  g_assert_cmpuint (asked, >, 0);

  /* A lower threshold: the pairs unjudged at the last one that may reach
   * it are judged, not taken as below it. */
  lower = scan (db, store, "unjudged", map, 0.2, FALSE, &model);
  oracle_lower = judge_every (map, &model, lower->set, lower->scored);
  check_against (lower->scored, oracle_lower, 0.2);
  for (guint i = 0; i < lower->scored->len; i++)
    if (g_array_index (oracle_lower, PrScoredPair, i).probability >= 0.2)
      g_assert_cmpfloat (g_array_index (lower->scored, PrScoredPair, i).probability, >=, 0.2);
}

/* A store of the version before (the same tables) opens at the new
 * version, and its judged pairs are taken by the next scan. */
static void
test_migrate (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "unjudged_m", "unjudged_v14");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) map = pr_test_sample_mapping ();
  g_autoptr(PrScanResult) first = NULL, again = NULL;
  PrPairModel model;

  {
    g_autoptr(PrStore) store = pr_store_open (db, "unjudged_v14", &error);

    g_assert_no_error (error);
    first = scan (db, store, "unjudged_m", map, PR_PAIR_DEFAULT_PROBABILITY, TRUE, &model);
  }
  pr_test_execute (db, "UPDATE unjudged_v14.pr_meta SET value = '14' WHERE name = 'schema_version'");
  pr_test_fresh_store (db, "unjudged_m_new");
  pr_test_assert_migrated (db, "unjudged_v14", "unjudged_m_new", "pr_judged_pairs");
  {
    g_autoptr(PrStore) store = pr_store_open (db, "unjudged_v14", &error);
    g_autofree char *version = pr_test_query_value (db, "SELECT value FROM unjudged_v14.pr_meta "
                                                        "WHERE name = 'schema_version'");

    g_assert_no_error (error);
    g_assert_cmpuint (g_ascii_strtoull (version, NULL, 10), ==, PR_STORE_SCHEMA_VERSION);
    again = scan (db, store, "unjudged_m", map, PR_PAIR_DEFAULT_PROBABILITY, FALSE, &model);
    g_assert_cmpuint (again->judged_taken, ==, again->scored->len);
    g_autofree char *before = describe_clusters (first), *after = NULL;

    after = describe_clusters (again);
    g_assert_cmpstr (after, ==, before);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/db/store-unjudged/unjudged", test_unjudged);
  g_test_add_func ("/db/store-unjudged/migrate", test_migrate);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
