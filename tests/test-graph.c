/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The pair graph's bridges against a brute-force oracle: an edge is a
 * bridge when, removed, its endpoints are no longer connected (a
 * breadth-first search over the other edges); its far side is what that
 * search reaches from the endpoint away from node 0. Hand-made graphs for
 * the shapes a reviewer meets, and one long chain that a recursive search
 * would not survive.
 */
#include "config.h"

#include "pr-graph.h"
#include "pr-matches.h"
#include "pr-simhash.h"

/* Nodes reachable from @from without edge @skip (G_MAXUINT: none). */
static guint8 *
reach (guint32            n,
       const PrGraphEdge *edges,
       guint              n_edges,
       guint              skip,
       guint32            from)
{
  guint8 *seen = g_new0 (guint8, n);
  g_autofree guint32 *queue = g_new (guint32, n);
  guint32 head = 0, tail = 0;

  seen[from] = 1;
  queue[tail++] = from;
  while (head < tail)
    {
      guint32 v = queue[head++];

      for (guint e = 0; e < n_edges; e++)
        {
          guint32 w;

          if (e == skip || (edges[e].a != v && edges[e].b != v))
            continue;
          w = edges[e].a == v ? edges[e].b : edges[e].a;
          if (!seen[w])
            {
              seen[w] = 1;
              queue[tail++] = w;
            }
        }
    }
  return seen;
}

/* Checks every edge of @graph against the oracle, and every bridge's
 * far side. */
static void
check_against_oracle (PrGraph *graph)
{
  guint32 n = pr_graph_get_n_nodes (graph);
  guint n_edges = pr_graph_get_n_edges (graph);
  g_autofree PrGraphEdge *edges = g_new (PrGraphEdge, MAX (n_edges, 1));
  g_autofree guint8 *from_root = NULL;
  guint n_bridges = 0;

  for (guint e = 0; e < n_edges; e++)
    edges[e] = *pr_graph_get_edge (graph, e);
  from_root = n > 0 ? reach (n, edges, n_edges, G_MAXUINT, 0) : NULL;

  for (guint e = 0; e < n_edges; e++)
    {
      g_autofree guint8 *without = reach (n, edges, n_edges, e, edges[e].a);
      gboolean bridge = !without[edges[e].b];

      g_assert_cmpint (pr_graph_is_bridge (graph, e), ==, bridge);
      n_bridges += bridge;
    }
  g_assert_cmpuint (pr_graph_get_n_bridges (graph), ==, n_bridges);

  for (guint i = 0; i < n_bridges; i++)
    {
      const PrGraphBridge *b = pr_graph_get_bridge (graph, i);
      const PrGraphEdge *edge = pr_graph_get_edge (graph, b->edge);
      g_autofree guint8 *far = reach (n, edges, n_edges, b->edge, b->far);
      guint32 n_far = 0;

      g_assert_true (pr_graph_is_bridge (graph, b->edge));
      g_assert_true ((edge->a == b->near && edge->b == b->far) || (edge->b == b->near && edge->a == b->far));
      g_assert_false (far[b->near]);
      /* The side away from node 0, where node 0 is in the component. */
      if (from_root[b->far])
        g_assert_false (far[0]);
      for (guint32 v = 0; v < n; v++)
        {
          g_assert_cmpint (pr_graph_on_far_side (graph, i, v), ==, far[v]);
          n_far += far[v];
        }
      g_assert_cmpuint (b->n_far, ==, n_far);
    }
}

static PrGraph *
graph_of (guint32        n,
          const guint32 (*pairs)[2],
          gsize          n_pairs)
{
  g_autofree PrGraphEdge *edges = g_new0 (PrGraphEdge, MAX (n_pairs, 1));

  for (gsize i = 0; i < n_pairs; i++)
    edges[i] = (PrGraphEdge) { pairs[i][0], pairs[i][1], 1, 0, PR_GRAPH_EDGE_WITHIN_K };
  return pr_graph_new (n, edges, n_pairs);
}

static void
test_path (void)
{
  const guint32 pairs[][2] = { { 0, 1 }, { 2, 1 }, { 2, 3 }, { 3, 4 } };
  g_autoptr(PrGraph) graph = graph_of (5, pairs, G_N_ELEMENTS (pairs));

  /* Every link of a chain holds it together. */
  g_assert_cmpuint (pr_graph_get_n_bridges (graph), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      const PrGraphBridge *b = pr_graph_get_bridge (graph, i);

      /* Cut between k and k + 1, the far side is k + 1 .. 4. */
      g_assert_cmpuint (b->far, ==, b->near + 1);
      g_assert_cmpuint (b->n_far, ==, 5 - b->far);
    }
  check_against_oracle (graph);
}

static void
test_cycle (void)
{
  const guint32 pairs[][2] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 4, 0 } };
  g_autoptr(PrGraph) graph = graph_of (5, pairs, G_N_ELEMENTS (pairs));

  g_assert_cmpuint (pr_graph_get_n_bridges (graph), ==, 0);
  check_against_oracle (graph);
}

static void
test_two_triangles (void)
{
  /* 0-1-2 and 3-4-5, joined by 2-3 only; 2-3 also found on parts. */
  const PrGraphEdge edges[] = {
    { 0, 1, 1, 0, PR_GRAPH_EDGE_WITHIN_K }, { 1, 2, 2, 0, PR_GRAPH_EDGE_WITHIN_K },
    { 2, 0, 3, 0, PR_GRAPH_EDGE_WITHIN_K }, { 3, 4, 0, 0, PR_GRAPH_EDGE_WITHIN_K },
    { 5, 4, 1, 0, PR_GRAPH_EDGE_WITHIN_K }, { 3, 5, 2, 0, PR_GRAPH_EDGE_WITHIN_K },
    { 3, 2, 3, 0, PR_GRAPH_EDGE_WITHIN_K }, { 2, 3, 3, 0.8, PR_GRAPH_EDGE_PARTS },
  };
  g_autoptr(PrGraph) graph = pr_graph_new (6, edges, G_N_ELEMENTS (edges));
  const PrGraphBridge *bridge;
  const PrGraphEdge *edge;

  g_assert_cmpuint (pr_graph_get_n_edges (graph), ==, 7);
  g_assert_cmpuint (pr_graph_get_n_bridges (graph), ==, 1);
  bridge = pr_graph_get_bridge (graph, 0);
  edge = pr_graph_get_edge (graph, bridge->edge);
  g_assert_cmpuint (bridge->near, ==, 2);
  g_assert_cmpuint (bridge->far, ==, 3);
  g_assert_cmpuint (bridge->n_far, ==, 3);
  g_assert_cmpuint (edge->a, ==, 2);
  g_assert_cmpuint (edge->b, ==, 3);
  g_assert_cmpuint (edge->distance, ==, 3);
  g_assert_cmpint (edge->flags, ==, PR_GRAPH_EDGE_WITHIN_K | PR_GRAPH_EDGE_PARTS);
  g_assert_cmpfloat (edge->containment, ==, 0.8);
  for (guint32 v = 0; v < 6; v++)
    g_assert_cmpint (pr_graph_on_far_side (graph, 0, v), ==, v >= 3);
  check_against_oracle (graph);
}

static void
test_empty_and_single (void)
{
  g_autoptr(PrGraph) empty = pr_graph_new (0, NULL, 0);
  g_autoptr(PrGraph) single = pr_graph_new (1, NULL, 0);
  const PrGraphEdge loop = { 0, 0, 0, 0, PR_GRAPH_EDGE_WITHIN_K };
  g_autoptr(PrGraph) looped = pr_graph_new (1, &loop, 1);

  g_assert_cmpuint (pr_graph_get_n_bridges (empty), ==, 0);
  g_assert_cmpuint (pr_graph_get_n_bridges (single), ==, 0);
  g_assert_cmpuint (pr_graph_get_n_edges (looped), ==, 0);
}

/* Random graphs, sparse to dense, several components, pairs given twice. */
static void
test_random (void)
{
  GRand *rand = g_rand_new_with_seed (20261122);

  for (guint round = 0; round < 500; round++)
    {
      guint32 n = g_rand_int_range (rand, 1, 30);
      guint n_edges = g_rand_int_range (rand, 0, 2 * n + 2);
      g_autofree PrGraphEdge *edges = g_new0 (PrGraphEdge, MAX (n_edges, 1));
      g_autoptr(PrGraph) graph = NULL;

      for (guint e = 0; e < n_edges; e++)
        edges[e] = (PrGraphEdge) { g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n),
                                   g_rand_int_range (rand, 0, 4), 0, PR_GRAPH_EDGE_WITHIN_K };
      graph = pr_graph_new (n, edges, n_edges);
      check_against_oracle (graph);
    }
  g_rand_free (rand);
}

/* A chain of 100,000 records, every link a bridge: a recursive search
 * would need 100,000 frames. */
static void
test_long_chain (void)
{
  guint32 n = 100000;
  g_autofree PrGraphEdge *edges = g_new0 (PrGraphEdge, n - 1);
  g_autoptr(PrGraph) graph = NULL;

  for (guint32 i = 0; i + 1 < n; i++)
    edges[i] = (PrGraphEdge) { i + 1, i, 3, 0, PR_GRAPH_EDGE_WITHIN_K };
  graph = pr_graph_new (n, edges, n - 1);
  g_assert_cmpuint (pr_graph_get_n_bridges (graph), ==, n - 1);
  for (guint i = 0; i < n - 1; i++)
    {
      const PrGraphBridge *b = pr_graph_get_bridge (graph, i);

      g_assert_cmpuint (b->n_far, ==, n - b->far);
      g_assert_true (pr_graph_on_far_side (graph, i, n - 1));
      g_assert_false (pr_graph_on_far_side (graph, i, 0));
    }
}

static void
collect (guint32  a,
         guint32  b,
         guint32  distance,
         gpointer user_data)
{
  PrGraphEdge edge = { a, b, distance, 0, PR_GRAPH_EDGE_WITHIN_K };

  g_array_append_val (user_data, edge);
}

/* The component of @v (by the oracle's search) as a sorted string. */
static char *
side_key (guint32        n,
          GArray        *edges,
          guint          skip,
          guint32        from)
{
  g_autofree guint8 *seen = reach (n, (PrGraphEdge *) (gpointer) edges->data, edges->len, skip, from);
  GString *key = g_string_new (NULL);

  for (guint32 v = 0; v < n; v++)
    if (seen[v])
      g_string_append_printf (key, "%u ", v);
  return g_string_free (key, FALSE);
}

/* The fewer pairs pr_matches_foreach_pair_among () gives for a cluster of
 * identical and near records have the bridges (by their records) and the
 * far sides of all of its pairs, by the oracle on all pairs. */
static void
test_matches_among (void)
{
  GRand *rand = g_rand_new_with_seed (5);

  for (guint round = 0; round < 300; round++)
    {
      guint32 n = g_rand_int_range (rand, 2, 24);
      g_autofree guint64 *fps = g_new (guint64, n);
      g_autofree guint8 *in = g_new (guint8, n);
      g_autoptr(PrMatches) matches = NULL;
      g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
      g_autoptr(GArray) few = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
      g_autoptr(GHashTable) bridges = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr(PrGraph) graph = NULL;
      g_autoptr(GError) error = NULL;
      guint n_bridges = 0;

      /* Few distinct fingerprints, a bit or two apart: groups of
       * identical records and pairs of groups, chains among them. */
      for (guint32 i = 0; i < n; i++)
        {
          fps[i] = (guint64) 1 << (3 * g_rand_int_range (rand, 0, 6));
          in[i] = g_rand_int_range (rand, 0, 5) > 0;
        }
      matches = pr_matches_find (fps, NULL, n, 3, 1, NULL, &error);
      g_assert_no_error (error);
      pr_matches_foreach_pair_among (matches, in, TRUE, collect, all);
      pr_matches_foreach_pair_among (matches, in, FALSE, collect, few);
      g_assert_cmpuint (few->len, <=, all->len);
      for (guint e = 0; e < all->len; e++)
        {
          PrGraphEdge *edge = &g_array_index (all, PrGraphEdge, e);

          g_assert_true (in[edge->a] && in[edge->b]);
          g_assert_cmpuint (edge->distance, ==, pr_hamming_distance (fps[edge->a], fps[edge->b]));
          g_assert_cmpuint (edge->distance, <=, 3);
        }
      /* All pairs: the oracle's bridges and their sides. */
      for (guint e = 0; e < all->len; e++)
        {
          PrGraphEdge *edge = &g_array_index (all, PrGraphEdge, e);
          g_autofree guint8 *without = reach (n, (PrGraphEdge *) (gpointer) all->data, all->len, e, edge->a);

          if (!without[edge->b])
            g_hash_table_insert (bridges, g_strdup_printf ("%u-%u", edge->a, edge->b),
                                 side_key (n, all, e, edge->b));
        }
      graph = pr_graph_new (n, (PrGraphEdge *) (gpointer) few->data, few->len);
      for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
        {
          const PrGraphEdge *edge = pr_graph_get_edge (graph, e);
          g_autofree char *name = g_strdup_printf ("%u-%u", edge->a, edge->b);

          if (pr_graph_is_bridge (graph, e))
            {
              const char *expected = g_hash_table_lookup (bridges, name);

              g_assert_nonnull (expected);
              n_bridges++;
              /* The fewer pairs keep the side too. */
              {
                g_autofree guint8 *seen = NULL;
                GString *side = g_string_new (NULL);
                guint ei;

                for (ei = 0; ei < few->len; ei++)
                  {
                    PrGraphEdge *f = &g_array_index (few, PrGraphEdge, ei);

                    if (MIN (f->a, f->b) == edge->a && MAX (f->a, f->b) == edge->b)
                      break;
                  }
                seen = reach (n, (PrGraphEdge *) (gpointer) few->data, few->len, ei, edge->b);
                for (guint32 v = 0; v < n; v++)
                  if (seen[v])
                    g_string_append_printf (side, "%u ", v);
                g_assert_cmpstr (side->str, ==, expected);
                g_string_free (side, TRUE);
              }
            }
        }
      g_assert_cmpuint (n_bridges, ==, g_hash_table_size (bridges));
      /* The same connections: each record reaches the same records. */
      for (guint32 v = 0; v < n; v++)
        if (in[v])
          {
            g_autofree char *a = side_key (n, all, G_MAXUINT, v);
            g_autofree char *b = side_key (n, few, G_MAXUINT, v);

            g_assert_cmpstr (a, ==, b);
          }
    }
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/graph/path", test_path);
  g_test_add_func ("/engine/graph/cycle", test_cycle);
  g_test_add_func ("/engine/graph/two-triangles", test_two_triangles);
  g_test_add_func ("/engine/graph/empty-and-single", test_empty_and_single);
  g_test_add_func ("/engine/graph/bridges-vs-brute-force", test_random);
  g_test_add_func ("/engine/graph/long-chain", test_long_chain);
  g_test_add_func ("/engine/graph/matches-among-keep-bridges", test_matches_among);

  return g_test_run ();
}
