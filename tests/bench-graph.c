/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Not a test: the pair graph's figures. How long bridges take on a long
 * chain and on a random graph; how many pairs a campaign of identical
 * records gives its graph; and what the pass over a scan's pairs costs
 * when a reviewer opens one cluster's graph among 10^6 records (it runs
 * on the main thread). CPU times.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "pr-graph.h"
#include "pr-matches.h"

#include <time.h>

/* CPU time, not wall time: the figures are taken on a shared machine. */
static double
seconds_since (double start)
{
  return (double) clock () / CLOCKS_PER_SEC - start;
}

static double
now (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

static void
count_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  (*(guint64 *) user_data)++;
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

static void
chain (guint32 n)
{
  g_autofree PrGraphEdge *edges = g_new0 (PrGraphEdge, n - 1);
  g_autoptr(PrGraph) graph = NULL;
  double start;

  for (guint32 i = 0; i + 1 < n; i++)
    edges[i] = (PrGraphEdge) { i, i + 1, 3, 0, PR_GRAPH_EDGE_WITHIN_K };
  start = now ();
  graph = pr_graph_new (n, edges, n - 1);
  printf ("chain of %u records: %u bridges in %.3f ms\n", n, pr_graph_get_n_bridges (graph),
          seconds_since (start) * 1e3);
}

static void
random_graph (guint32 n,
              guint   n_edges)
{
  GRand *rand = g_rand_new_with_seed (7);
  g_autofree PrGraphEdge *edges = g_new0 (PrGraphEdge, n_edges);
  g_autoptr(PrGraph) graph = NULL;
  double start;

  for (guint e = 0; e < n_edges; e++)
    edges[e] = (PrGraphEdge) { g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n), 2, 0,
                               PR_GRAPH_EDGE_WITHIN_K };
  start = now ();
  graph = pr_graph_new (n, edges, n_edges);
  printf ("random graph, %u records, %u pairs: %u bridges in %.3f ms\n", n, n_edges,
          pr_graph_get_n_bridges (graph), seconds_since (start) * 1e3);
  g_rand_free (rand);
}

/* 30,000 identical records and a chain of three near ones off them. */
static void
campaign (guint32 n)
{
  g_autofree guint64 *fps = g_new (guint64, n + 3);
  g_autofree guint8 *in = g_new (guint8, n + 3);
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
  g_autoptr(PrGraph) graph = NULL;
  double start;

  for (guint32 i = 0; i < n; i++)
    fps[i] = 0xF0F0F0F0F0F0F0F0ull;
  fps[n] = fps[0] ^ 0x7;
  fps[n + 1] = fps[n] ^ 0x70;
  fps[n + 2] = fps[n + 1] ^ 0x700;
  memset (in, 1, n + 3);
  matches = pr_matches_find (fps, NULL, n + 3, 3, 1, NULL, NULL);
  start = now ();
  pr_matches_foreach_pair_among (matches, in, FALSE, collect, edges);
  graph = pr_graph_new (n + 3, (PrGraphEdge *) (gpointer) edges->data, edges->len);
  printf ("campaign of %u identical records and a chain of 3: %u pairs (of %llu) and %u bridges in %.3f ms\n",
          n, edges->len, (unsigned long long) pr_matches_count_pairs (matches), pr_graph_get_n_bridges (graph),
          seconds_since (start) * 1e3);
}

/* One cluster's pairs out of the pairs of 10^6 records. */
static void
one_cluster_among (guint32 n)
{
  GRand *rand = g_rand_new_with_seed (11);
  g_autofree guint64 *fps = g_new (guint64, n);
  g_autofree guint8 *in = NULL;
  g_autoptr(PrMatches) matches = NULL;
  guint64 pairs = 0;
  double start;

  for (guint32 i = 0; i < n; i++)
    fps[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  /* 1 % repeats, some of them chains. */
  for (guint32 i = 0; i + 2 < n; i += 100)
    {
      fps[i + 1] = fps[i] ^ 0x3;
      fps[i + 2] = fps[i + 1] ^ 0x300;
    }
  matches = pr_matches_find (fps, NULL, n, 3, 2, NULL, NULL);
  start = now ();
  in = g_new0 (guint8, n);
  in[0] = in[1] = in[2] = 1;
  pr_matches_foreach_pair_among (matches, in, TRUE, count_pair, &pairs);
  printf ("one cluster's pairs among %u records (%llu pairs in all): %llu pairs in %.3f ms\n", n,
          (unsigned long long) pr_matches_count_pairs (matches), (unsigned long long) pairs,
          seconds_since (start) * 1e3);
  g_rand_free (rand);
}

int
main (void)
{
  chain (10000);
  chain (1000000);
  random_graph (10000, 30000);
  random_graph (1000000, 3000000);
  campaign (30000);
  one_cluster_among (1000000);
  return 0;
}
