/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's probabilities of a scan opened from the store
 * (pr_scan_stored_judged ()), on the bundled sample in a throwaway server.
 * The oracle is the scan itself: every pair of its judged candidates
 * whose two records are among the cases' members must come back with the
 * probability the scan found, and no other pair. A record edited since
 * the scan must get none (its text is no longer what was judged), and a
 * scan opened without the second stage gets none at all.
 */
#include "config.h"

#include <string.h>
#include <sys/resource.h>

#include "pr-scan-options.h"
#include "pr-scan-stored.h"
#include "pr-simhash.h"
#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* This process's CPU time, user and system (printed, not asserted). */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* The options the window scans and opens with, the second stage on or off. */
static void
options (PrStore            *store,
         const char         *table,
         const PrMapping    *map,
         gboolean            second_stage,
         PrPairModel        *model,
         PrLoadOptions      *load,
         PrPartMatchOptions *parts)
{
  g_autoptr(GError) error = NULL;

  pr_scan_options_init (load, parts);
  load->keep_labels = TRUE;
  if (second_stage)
    g_assert_true (pr_scan_options_second_stage (store, table, map, PR_PAIR_DEFAULT_PROBABILITY, model, load, parts,
                                                 &error));
  g_assert_no_error (error);
}

static int
compare_lines (gconstpointer x,
               gconstpointer y)
{
  return strcmp (*(const char *const *) x, *(const char *const *) y);
}

/* The pairs of @judged as "id id probability" lines, sorted; of
 * @scanned's only those whose records are both in @set. */
static char *
describe (GArray      *judged,
          PrRecordSet *of,
          PrRecordSet *set,
          const char  *without)
{
  g_autoptr(GHashTable) in_set = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < set->n_records; i++)
    g_hash_table_add (in_set, set->ids->pdata[i]);
  for (guint i = 0; i < judged->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (judged, PrScoredPair, i);
      const char *a = of->ids->pdata[pair->a], *b = of->ids->pdata[pair->b];

      if (!g_hash_table_contains (in_set, a) || !g_hash_table_contains (in_set, b) || pair->probability < 0 ||
          (without != NULL && (g_str_equal (a, without) || g_str_equal (b, without))))
        continue;
      /* As the store keeps it: a float. */
      g_ptr_array_add (lines, g_strdup_printf ("%s %s %.9g", strcmp (a, b) < 0 ? a : b,
                                               strcmp (a, b) < 0 ? b : a, (double) (float) pair->probability));
    }
  g_ptr_array_sort (lines, compare_lines);
  {
    g_autoptr(GString) out = g_string_new (NULL);

    for (guint i = 0; i < lines->len; i++)
      g_string_append_printf (out, "%s\n", (char *) lines->pdata[i]);
    return g_string_free (g_steal_pointer (&out), FALSE);
  }
}

static PrScanResult *
open_stored (PrConnection    *db,
             PrStore         *store,
             const PrMapping *map,
             gboolean         second_stage)
{
  g_autoptr(GError) error = NULL;
  PrLoadOptions load;
  PrPartMatchOptions parts;
  PrPairModel model;
  PrScanResult *opened;

  options (store, "stored_j", map, second_stage, &model, &load, &parts);
  opened = pr_scan_open_stored (db, store, "stored_j", map, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return opened;
}

static void
test_probabilities (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "stored_j", "judged_j");
  g_autoptr(PrMapping) map = pr_test_sample_mapping ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = pr_store_open (db, "judged_j", &error);
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL, edited = NULL, first_only = NULL;
  g_autoptr(GArray) judged = NULL, judged_edited = NULL, none = NULL;
  g_autofree char *expected = NULL, *got = NULL, *expected_edited = NULL, *got_edited = NULL, *sql = NULL;
  const char *edited_id = NULL;
  PrLoadOptions load;
  PrPartMatchOptions parts;
  PrPairModel model;

  g_assert_no_error (error);
  options (store, "stored_j", map, TRUE, &model, &load, &parts);
  scanned = pr_scan_run (db, store, "stored_j", NULL, map, &load, 3, &parts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scanned->scored);

  {
    gint64 start = g_get_monotonic_time ();
    double cpu = cpu_seconds ();

    opened = open_stored (db, store, map, TRUE);
    g_test_message ("opened: %.3f s wall, %.3f s CPU", (g_get_monotonic_time () - start) / 1e6,
                    cpu_seconds () - cpu);
    start = g_get_monotonic_time ();
    cpu = cpu_seconds ();
    judged = pr_scan_stored_judged (opened, store, "stored_j", map, &error);
    g_test_message ("probabilities read back: %.3f s wall, %.3f s CPU", (g_get_monotonic_time () - start) / 1e6,
                    cpu_seconds () - cpu);
  }
  g_assert_no_error (error);
  g_assert_nonnull (judged);
  expected = describe (scanned->scored, scanned->set, opened->set, NULL);
  got = describe (judged, opened->set, opened->set, NULL);
  g_test_message ("%u pairs of the cases' members taken back, of %u the scan judged", judged->len,
                  scanned->scored->len);
  g_assert_cmpuint (strlen (expected), >, 1000);
  g_assert_cmpstr (got, ==, expected);
  /* Each pair once, its distance the fingerprints'. */
  for (guint i = 0; i < judged->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (judged, PrScoredPair, i);

      g_assert_cmpuint (pair->a, <, pair->b);
      g_assert_cmpuint (pair->distance, ==,
                        pr_hamming_distance (opened->set->fingerprints[pair->a], opened->set->fingerprints[pair->b]));
      g_assert_true (pr_scored_pairs_find (judged, pair->b, pair->a) == pair);
    }

  /* A judged member edited since: its pairs get none, the others theirs. */
  edited_id = g_array_index (judged, PrScoredPair, 0).a < opened->set->n_records
                ? opened->set->ids->pdata[g_array_index (judged, PrScoredPair, 0).a] : NULL;
  g_assert_nonnull (edited_id);
  sql = g_strdup_printf ("UPDATE stored_j SET body = CONCAT(body, '另外，楼道的灯也坏了很久，请一并处理。') WHERE id = '%s'",
                         edited_id);
  pr_test_execute (db, sql);
  edited = open_stored (db, store, map, TRUE);
  judged_edited = pr_scan_stored_judged (edited, store, "stored_j", map, &error);
  g_assert_no_error (error);
  expected_edited = describe (scanned->scored, scanned->set, edited->set, edited_id);
  got_edited = describe (judged_edited, edited->set, edited->set, NULL);
  g_assert_cmpstr (got_edited, ==, expected_edited);
  g_assert_cmpstr (got_edited, !=, got);

  /* Opened without the second stage: no texts kept, no probability. */
  first_only = open_stored (db, store, map, FALSE);
  none = pr_scan_stored_judged (first_only, store, "stored_j", map, &error);
  g_assert_no_error (error);
  g_assert_null (none);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/db/scan-stored-judged/probabilities", test_probabilities);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
