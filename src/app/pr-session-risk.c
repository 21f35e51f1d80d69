/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: how weak each cluster's weakest link is, for the queue by
 * risk: the bridges of its pair graph (a pair that alone holds two parts
 * together) and the least share of passages a linked pair shares; the
 * largest distance to the primary the item has already. Rated for every
 * cluster at once on the scan's thread (for a scan opened from the store,
 * once its passages are read), and again for one cluster when a decision
 * changes its members.
 */
#define G_LOG_DOMAIN "pr-session-risk"

#include "config.h"

#include "pr-session-private.h"

#include "pr-graph.h"
#include "pr-simhash.h"

typedef struct {
  guint32     cluster;
  PrGraphEdge edge;
} RiskEdge;

typedef struct {
  GArray        *edges;   /* RiskEdge */
  const guint32 *label;   /* per record: its cluster + 1, or 0 */
  const guint32 *node;    /* per record: its member index in its cluster */
} RiskSink;

static void
add_pair (guint32  a,
          guint32  b,
          guint32  distance,
          gpointer user_data)
{
  RiskSink *sink = user_data;
  RiskEdge edge = { sink->label[a] - 1, { sink->node[a], sink->node[b], distance, 0, PR_GRAPH_EDGE_WITHIN_K } };

  g_array_append_val (sink->edges, edge);
}

static int
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const RiskEdge *x = a, *y = b;

  return x->cluster < y->cluster ? -1 : x->cluster > y->cluster;
}

/* The least share over the graph's pairs that share passages; -1: none. */
static double
min_share_of (const PrGraphEdge *edges,
              gsize              n_edges)
{
  double least = -1;

  for (gsize e = 0; e < n_edges; e++)
    if ((edges[e].flags & PR_GRAPH_EDGE_PARTS) && (least < 0 || edges[e].containment < least))
      least = edges[e].containment;
  return least;
}

/* A pair found on passages or short texts, when both records are in one group. */
static void
add_beyond_k (RiskSink         *sink,
              PrScanResult     *result,
              guint32           a,
              guint32           b,
              double            containment,
              PrGraphEdgeFlags  flags)
{
  RiskEdge edge;

  if (sink->label[a] == 0 || sink->label[a] != sink->label[b])
    return;
  edge = (RiskEdge) { sink->label[a] - 1,
                      { sink->node[a], sink->node[b],
                        pr_hamming_distance (result->set->fingerprints[a], result->set->fingerprints[b]),
                        containment, flags } };
  g_array_append_val (sink->edges, edge);
}

/* Rates @n_groups groups of records in one pass over the scan's pairs
 * within k and @part_pairs: @label gives each record's group + 1 (0: in
 * none), @node its place in the group (0: the primary, as the risky
 * bridges count it), @sizes each group's size. */
static void
rate_groups (PrScanResult  *result,
             const GArray  *part_pairs,
             const guint32 *label,
             const guint32 *node,
             guint          n_groups,
             const guint   *sizes,
             guint         *n_bridges,
             double        *min_share)
{
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (RiskEdge));
  RiskSink sink = { edges, label, node };
  g_autoptr(GArray) graph_edges = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
  guint e = 0;

  if (result->matches != NULL)
    pr_matches_foreach_pair_labelled (result->matches, label, add_pair, &sink);
  for (guint i = 0; part_pairs != NULL && i < part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (part_pairs, PrPartPair, i);

      add_beyond_k (&sink, result, part->a, part->b, part->containment, PR_GRAPH_EDGE_PARTS);
    }
  for (guint i = 0; result->short_pairs != NULL && i < result->short_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (result->short_pairs, PrPair, i);

      add_beyond_k (&sink, result, pair->a, pair->b, 0, PR_GRAPH_EDGE_SHORT);
    }
  g_array_sort (edges, compare_edges);

  for (guint c = 0; c < n_groups; c++)
    {
      g_autoptr(PrGraph) graph = NULL;

      g_array_set_size (graph_edges, 0);
      for (; e < edges->len && g_array_index (edges, RiskEdge, e).cluster == c; e++)
        {
          PrGraphEdge edge = g_array_index (edges, RiskEdge, e).edge;

          /* The graph wants a < b. */
          if (edge.a > edge.b)
            {
              guint32 t = edge.a;

              edge.a = edge.b;
              edge.b = t;
            }
          g_array_append_val (graph_edges, edge);
        }
      graph = pr_graph_new (sizes[c], (const PrGraphEdge *) (gconstpointer) graph_edges->data, graph_edges->len);
      n_bridges[c] = pr_graph_get_n_risky_bridges (graph);
      min_share[c] = min_share_of ((const PrGraphEdge *) (gconstpointer) graph_edges->data, graph_edges->len);
    }
}

/**
 * _pr_session_rate_risks:
 * @result: the scan's result, whose records the items' members are
 * @items: (element-type PrClusterItem): clusters no decision has changed
 *
 * Rates every item's weakest links, in one pass over the scan's pairs;
 * made on a worker thread.
 */
void
_pr_session_rate_risks (PrScanResult *result,
                        GPtrArray    *items)
{
  gsize n = result->set->n_records;
  g_autofree guint32 *label = g_new0 (guint32, MAX (n, 1));
  g_autofree guint32 *node = g_new0 (guint32, MAX (n, 1));
  g_autofree guint *sizes = g_new0 (guint, MAX (items->len, 1));
  g_autofree guint *n_bridges = g_new0 (guint, MAX (items->len, 1));
  g_autofree double *min_share = g_new0 (double, MAX (items->len, 1));

  for (guint c = 0; c < items->len; c++)
    {
      sizes[c] = pr_cluster_item_get_n_members (items->pdata[c]);
      for (guint m = 0; m < sizes[c]; m++)
        {
          guint32 record = pr_cluster_item_get_member (items->pdata[c], m)->record;

          label[record] = c + 1;
          node[record] = m;
        }
    }
  rate_groups (result, result->part_pairs, label, node, items->len, sizes, n_bridges, min_share);
  for (guint c = 0; c < items->len; c++)
    pr_cluster_item_set_risk (items->pdata[c], n_bridges[c], min_share[c]);
}

/**
 * _pr_session_rate_clusters:
 * @result: a scan's result
 * @part_pairs: (element-type PrPartPair): its pairs on shared passages
 * @n_bridges: (out) (transfer full): per cluster of @result's clustering
 * @min_share: (out) (transfer full): per cluster, or negative for none
 *
 * Rates the scan's clusters as opened, touching no item: for a worker
 * thread while decisions go on.
 */
void
_pr_session_rate_clusters (PrScanResult  *result,
                           const GArray  *part_pairs,
                           guint        **n_bridges,
                           double       **min_share)
{
  gsize n = result->set->n_records;
  guint n_clusters = pr_clustering_get_n_clusters (result->clustering);
  g_autofree guint32 *label = g_new0 (guint32, MAX (n, 1));
  g_autofree guint32 *node = g_new0 (guint32, MAX (n, 1));
  g_autofree guint *sizes = g_new0 (guint, MAX (n_clusters, 1));

  for (guint c = 0; c < n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);

      sizes[c] = cluster->n_members;
      for (guint32 m = 0; m < cluster->n_members; m++)
        {
          label[cluster->members[m]] = c + 1;
          node[cluster->members[m]] = m;
        }
    }
  *n_bridges = g_new0 (guint, MAX (n_clusters, 1));
  *min_share = g_new0 (double, MAX (n_clusters, 1));
  rate_groups (result, part_pairs, label, node, n_clusters, sizes, *n_bridges, *min_share);
}

/* Rates @item's weakest links now, over the members still in it. */
void
_pr_session_rate_risk_now (PrSession     *self,
                           PrClusterItem *item)
{
  g_autoptr(PrGraph) graph = NULL;
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));

  graph = pr_session_get_pair_graph (self, item, FALSE, NULL);
  for (guint i = 0; i < pr_graph_get_n_edges (graph); i++)
    g_array_append_val (edges, *pr_graph_get_edge (graph, i));
  pr_cluster_item_set_risk (item, pr_graph_get_n_risky_bridges (graph),
                            min_share_of ((const PrGraphEdge *) (gconstpointer) edges->data, edges->len));
}

/**
 * pr_session_rate_risk:
 * @item: a cluster of the last scan
 *
 * Rates @item's weakest links again, over the members still in it, if a
 * decision changed them since it was rated (a pass over the scan's pairs).
 */
void
pr_session_rate_risk (PrSession     *self,
                      PrClusterItem *item)
{
  g_return_if_fail (PR_IS_SESSION (self));
  g_return_if_fail (self->result != NULL);

  if (!pr_cluster_item_get_risk_current (item))
    _pr_session_rate_risk_now (self, item);
}
