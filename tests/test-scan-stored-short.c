/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A case member joined to its case only by a short text worded alike
 * (fingerprints beyond k, no passage pair) keeps that pair in the case's
 * graph when the scan is opened again from the store, as the window does
 * (pr_scan_open_stored (), then its judgements, pr_scan_stored_judged ()):
 * else the graph shows it with no pair at all and the risk counts bridges
 * that are not there. The oracle: the live scan's own short pairs.
 */
#include "config.h"

#include <string.h>

#include "pr-test-sample.h"
#include "pr-test-util.h"
#include "pr-scan.h"
#include "pr-scan-stored.h"
#include "pr-scan-options.h"
#include "pr-graph.h"
#include "pr-simhash.h"

static gint
find (PrRecordSet *set,
      const char  *id)
{
  for (guint i = 0; i < set->n_records; i++)
    if (g_str_equal (set->ids->pdata[i], id))
      return i;
  return -1;
}

static guint
cluster_of (PrClustering *clustering,
            guint32       record)
{
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);

      for (guint32 m = 0; m < cluster->n_members; m++)
        if (cluster->members[m] == record)
          return c;
    }
  return G_MAXUINT;
}

static gboolean
has_part_pair (PrScanResult *result,
               guint32       a,
               guint32       b)
{
  for (guint j = 0; j < result->part_pairs->len; j++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, j);

      if ((part->a == a && part->b == b) || (part->a == b && part->b == a))
        return TRUE;
    }
  return FALSE;
}

/* Whether the graph of @a's cluster in @result joins @a and @b by a pair. */
static gboolean
joined (PrScanResult *result,
        const char   *id_a,
        const char   *id_b)
{
  gint a = find (result->set, id_a), b = find (result->set, id_b);
  const PrCluster *cluster;
  g_autoptr(PrGraph) graph = NULL;
  guint node_a = G_MAXUINT, node_b = G_MAXUINT;

  g_assert_cmpint (a, >=, 0);
  g_assert_cmpint (b, >=, 0);
  g_assert_cmpuint (cluster_of (result->clustering, a), ==, cluster_of (result->clustering, b));
  cluster = pr_clustering_get_cluster (result->clustering, cluster_of (result->clustering, a));
  graph = pr_scan_result_cluster_graph (result, cluster->members, cluster->n_members, TRUE);
  for (guint m = 0; m < cluster->n_members; m++)
    {
      node_a = cluster->members[m] == (guint32) a ? m : node_a;
      node_b = cluster->members[m] == (guint32) b ? m : node_b;
    }
  for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
    {
      const PrGraphEdge *edge = pr_graph_get_edge (graph, e);

      if ((edge->a == node_a && edge->b == node_b) || (edge->a == node_b && edge->b == node_a))
        return TRUE;
    }
  return FALSE;
}

static void
test_reopened_keeps_short (void)
{
  PrTestSample *sample = pr_test_sample_start ();
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "grown", "reopenshort");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrScanResult) live = NULL;
  g_autoptr(PrScanResult) opened = NULL;
  g_autoptr(GArray) judged = NULL;
  g_autoptr(GPtrArray) picked = g_ptr_array_new_with_free_func (g_free);
  PrLoadOptions load;
  PrPartMatchOptions parts;
  PrPairModel model;

  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL);
  pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  store = pr_store_open (db, "reopenshort", &error);
  g_assert_no_error (error);
  pr_scan_options_init (&load, &parts);
  load.keep_labels = TRUE;
  g_assert_true (pr_scan_options_second_stage (store, "grown", mapping, PR_PAIR_DEFAULT_PROBABILITY, &model, &load,
                                               &parts, &error));
  live = pr_scan_run (db, store, "grown", NULL, mapping, &load, 3, &parts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  /* The live scan's pairs that only a short text makes, within a case. */
  for (guint i = 0; i < live->short_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (live->short_pairs, PrPair, i);
      guint c = cluster_of (live->clustering, pair->a);

      if (pr_hamming_distance (live->set->fingerprints[pair->a], live->set->fingerprints[pair->b]) <= live->k ||
          has_part_pair (live, pair->a, pair->b) || c == G_MAXUINT || c != cluster_of (live->clustering, pair->b))
        continue;
      g_assert_true (joined (live, live->set->ids->pdata[pair->a], live->set->ids->pdata[pair->b]));
      g_ptr_array_add (picked, g_strdup (live->set->ids->pdata[pair->a]));
      g_ptr_array_add (picked, g_strdup (live->set->ids->pdata[pair->b]));
    }
  g_test_message ("%u pairs of a case only a short text makes", picked->len / 2);
  g_assert_cmpuint (picked->len, >, 0);

  opened = pr_scan_open_stored (db, store, "grown", mapping, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  judged = pr_scan_stored_judged (opened, store, "grown", mapping, &error);
  g_assert_no_error (error);
  g_assert_nonnull (judged);
  for (guint i = 0; i + 1 < picked->len; i += 2)
    {
      g_test_message ("%s – %s", (char *) picked->pdata[i], (char *) picked->pdata[i + 1]);
      g_assert_true (joined (opened, picked->pdata[i], picked->pdata[i + 1]));
    }
  pr_test_sample_stop (sample);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/scan-stored-short/reopened-keeps-short", test_reopened_keeps_short);

  return g_test_run ();
}
