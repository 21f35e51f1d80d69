/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan opened from the store pairs a case's records on their shared
 * passages as the scan did (pr_scan_stored_part_pairs ()): on the bundled
 * sample (whose planted repeats are many of them joined by passages, not
 * by k), every cluster's pairs on passages, found again, are the fresh
 * scan's own pairs among its members — the oracle — so that the pair
 * graph and its bridges are the same either way; and the parts it left
 * out as boilerplate are found again.
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-scan-stored.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Each record's cluster, G_MAXUINT32 for none. */
static guint32 *
clusters_of (PrScanResult *result)
{
  guint32 *cluster_of = g_new (guint32, MAX (result->set->n_records, 1));

  for (guint32 r = 0; r < result->set->n_records; r++)
    cluster_of[r] = G_MAXUINT32;
  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);

      for (guint32 m = 0; m < cluster->n_members; m++)
        cluster_of[cluster->members[m]] = c;
    }
  return cluster_of;
}

/* Each pair of @pairs within a cluster, as "a-b containment" by ids (the
 * smaller id first), sorted. */
static char *
describe_part_pairs (PrScanResult *result,
                     GArray       *pairs)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint32 *cluster_of = clusters_of (result);

  for (guint i = 0; i < pairs->len; i++)
    {
      const PrPartPair *pair = &g_array_index (pairs, PrPartPair, i);
      const char *a = result->set->ids->pdata[pair->a], *b = result->set->ids->pdata[pair->b];

      if (cluster_of[pair->a] == G_MAXUINT32 || cluster_of[pair->a] != cluster_of[pair->b])
        continue;
      if (g_ascii_strtoull (a, NULL, 10) > g_ascii_strtoull (b, NULL, 10))
        {
          const char *t = a;

          a = b;
          b = t;
        }
      g_ptr_array_add (lines, g_strdup_printf ("%s-%s %.4f", a, b, pair->containment));
    }
  g_ptr_array_sort (lines, compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* The sample scanned (the oracle), then its last scan opened from the
 * store, as the window does. */
static void
scan_then_open (PrConnection  *db,
                PrStore      **store,
                PrScanResult **scanned,
                PrScanResult **opened)
{
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GError) error = NULL;
  PrLoadOptions load = { 0 };

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.keep_labels = TRUE;
  *store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  columns = pr_catalog_list_columns (db, "petitions", &error);
  g_assert_no_error (error);
  mapping = pr_catalog_guess_mapping (columns);

  *scanned = pr_scan_run (db, *store, "petitions", NULL, mapping, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT,
                          NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *opened = pr_scan_open_stored (db, *store, "petitions", mapping, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
test_passages_reopened (void)
{
  PrTestSample *sample = pr_test_sample_start ();
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL, *got = NULL;
  g_autofree guint32 *cluster_of = NULL;
  g_autoptr(GArray) found = NULL;

  scan_then_open (db, &store, &scanned, &opened);
  expected = describe_part_pairs (scanned, scanned->part_pairs);
  /* The sample's repeats are joined by passages too, not by k alone. */
  g_assert_cmpuint (strlen (expected), >, 0);
  {
    g_auto(GStrv) lines = g_strsplit (expected, "\n", -1);

    g_test_message ("%u pairs on passages within the scan's clusters", g_strv_length (lines));
  }

  cluster_of = clusters_of (opened);
  found = pr_scan_stored_part_pairs (store, "petitions", opened->mapping_version, opened->set, cluster_of,
                                     &PR_PART_MATCH_OPTIONS_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  got = describe_part_pairs (opened, found);
  g_assert_cmpstr (got, ==, expected);

  pr_test_sample_stop (sample);
}

static int
compare_hashes (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The parts left out as boilerplate, found again: the fresh scan's (the
 * oracle; the sample's form phrases, 请领导重视 …, more records hold than
 * the cap), so that "Why they match" gives a pair the same share of
 * shared passages on a reopened scan as on a fresh one. */
static void
test_boilerplate_reopened (void)
{
  PrTestSample *sample = pr_test_sample_start ();
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) expected = NULL, pairs = NULL;
  g_autofree guint32 *cluster_of = NULL;

  scan_then_open (db, &store, &scanned, &opened);
  expected = g_array_copy (scanned->boilerplate);
  g_array_sort (expected, compare_hashes);
  /* Ascending already, as the explanation wants it; and some, else the
   * test could not tell. */
  g_assert_cmpmem (expected->data, expected->len * sizeof (guint64),
                   scanned->boilerplate->data, scanned->boilerplate->len * sizeof (guint64));
  g_assert_cmpuint (expected->len, >, 0);
  g_test_message ("%u parts left out as boilerplate by the fresh scan", expected->len);

  /* Opened, before its passages are read: none known yet. */
  g_assert_cmpuint (opened->boilerplate->len, ==, 0);
  cluster_of = clusters_of (opened);
  pairs = pr_scan_stored_part_pairs (store, "petitions", opened->mapping_version, opened->set, cluster_of,
                                     &PR_PART_MATCH_OPTIONS_DEFAULT, opened->boilerplate, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (opened->boilerplate->data, opened->boilerplate->len * sizeof (guint64),
                   expected->data, expected->len * sizeof (guint64));

  pr_test_sample_stop (sample);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/scan-stored/passages", test_passages_reopened);
  g_test_add_func ("/db/scan-stored/boilerplate", test_boilerplate_reopened);

  return g_test_run ();
}
