/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Clusters on hand-built inputs.  Every expected value below was worked out
 * by hand from the fingerprints in the comments, not by the code under
 * test.
 */
#define G_LOG_DOMAIN "test-cluster"

#include <string.h>

#include <glib.h>

#include "pr-block-index.h"
#include "pr-cluster.h"

static void
assert_cluster (PrClustering  *clustering,
                guint          index,
                guint32        n_members,
                const guint32 *members,
                const guint32 *distances,
                guint32        max_distance)
{
  const PrCluster *cluster = pr_clustering_get_cluster (clustering, index);

  g_assert_nonnull (cluster);
  g_assert_cmpuint (cluster->n_members, ==, n_members);
  for (guint32 i = 0; i < n_members; i++)
    {
      g_assert_cmpuint (cluster->members[i], ==, members[i]);
      g_assert_cmpuint (cluster->distances[i], ==, distances[i]);
    }
  g_assert_cmpuint (cluster->max_distance, ==, max_distance);
}

static GArray *
pairs_for (const guint64 *fps,
           gsize          n,
           guint          k)
{
  g_autoptr(GError) error = NULL;
  GArray *pairs = pr_block_index_all_pairs (fps, n, k, 1, NULL, &error);

  g_assert_no_error (error);
  return pairs;
}

/* a = 0b000, b = 0b001, c = 0b011, d = 0b111: at k = 1 only the links
 * a–b, b–c, c–d exist, yet a and d are 3 bits apart. */
static void
test_chain (void)
{
  const guint64 fps[] = { 0x0, 0x1, 0x3, 0x7 };
  /* b is the best record, then d, a, c. */
  const guint32 rank[] = { 2, 0, 3, 1 };
  g_autoptr(GArray) pairs = pairs_for (fps, 4, 1);
  g_autoptr(PrClustering) clustering = NULL;
  /* Members by rank: b (1), d (3), a (0), c (2).  Distances to b = 0b001:
   * b 0, d = 0b111 -> 2, a = 0b000 -> 1, c = 0b011 -> 1. */
  const guint32 members[] = { 1, 3, 0, 2 };
  const guint32 distances[] = { 0, 2, 1, 1 };

  g_assert_cmpuint (pairs->len, ==, 3);
  clustering = pr_clustering_new (fps, 4, (const PrPair *) (gpointer) pairs->data,
                                  pairs->len, rank);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 1);
  assert_cluster (clustering, 0, 4, members, distances, 3);
}

/* The same chain with no ranks: the index decides, a is primary. */
static void
test_chain_default_rank (void)
{
  const guint64 fps[] = { 0x0, 0x1, 0x3, 0x7 };
  const PrPair pairs[] = { { 2, 3, 1 }, { 0, 1, 1 }, { 1, 2, 1 }, { 0, 1, 1 } };
  g_autoptr(PrClustering) clustering = pr_clustering_new (fps, 4, pairs, 4, NULL);
  const guint32 members[] = { 0, 1, 2, 3 };
  const guint32 distances[] = { 0, 1, 2, 3 };

  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 1);
  assert_cluster (clustering, 0, 4, members, distances, 3);
}

static void
test_two_clusters_and_singletons (void)
{
  const guint64 fps[] = {
    G_GUINT64_CONSTANT (0x000000000000f0f0),   /* 0: X */
    G_GUINT64_CONSTANT (0xffff000000000000),   /* 1: singleton */
    G_GUINT64_CONSTANT (0x000000000000f0f1),   /* 2: X, 1 bit from 0 */
    G_GUINT64_CONSTANT (0x1234567800000000),   /* 3: Y */
    G_GUINT64_CONSTANT (0x1234567800000003),   /* 4: Y, 2 bits from 3 */
    G_GUINT64_CONSTANT (0x1234567800000001),   /* 5: Y, 1 bit from 3 and 4 */
    G_GUINT64_CONSTANT (0x0f0f000000000000),   /* 6: singleton, 8 bits from 1 */
  };
  g_autoptr(GArray) pairs = pairs_for (fps, G_N_ELEMENTS (fps), 2);
  g_autoptr(PrClustering) clustering = NULL;
  const guint32 y_members[] = { 3, 4, 5 };
  const guint32 y_distances[] = { 0, 2, 1 };
  const guint32 x_members[] = { 0, 2 };
  const guint32 x_distances[] = { 0, 1 };

  /* 0–2, 3–4, 3–5, 4–5 */
  g_assert_cmpuint (pairs->len, ==, 4);
  clustering = pr_clustering_new (fps, G_N_ELEMENTS (fps),
                                  (const PrPair *) (gpointer) pairs->data, pairs->len, NULL);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 2);
  /* Y has three members, so it comes first. */
  assert_cluster (clustering, 0, 3, y_members, y_distances, 2);
  assert_cluster (clustering, 1, 2, x_members, x_distances, 1);
}

/* Equal sizes: the cluster whose primary ranks better comes first, and the
 * rank, not the index, picks the primary. */
static void
test_rank_ordering (void)
{
  const guint64 fps[] = {
    0x00,   /* 0: P, rank 10 */
    0x01,   /* 1: P, rank 5 */
    0xf0,   /* 2: Q, rank 3 */
    0xf3,   /* 3: Q, rank 7; 2 bits from 2 */
    0x0f00, /* 4: R, rank 4 */
    0x0f01, /* 5: R, rank 4; tie: index 4 first */
  };
  const guint32 rank[] = { 10, 5, 3, 7, 4, 4 };
  const PrPair pairs[] = { { 0, 1, 1 }, { 2, 3, 2 }, { 4, 5, 1 } };
  g_autoptr(PrClustering) clustering = pr_clustering_new (fps, 6, pairs, 3, rank);
  const guint32 q_members[] = { 2, 3 };
  const guint32 q_distances[] = { 0, 2 };
  const guint32 r_members[] = { 4, 5 };
  const guint32 r_distances[] = { 0, 1 };
  const guint32 p_members[] = { 1, 0 };
  const guint32 p_distances[] = { 0, 1 };

  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 3);
  /* primaries: Q -> 2 (rank 3), R -> 4 (rank 4), P -> 1 (rank 5) */
  assert_cluster (clustering, 0, 2, q_members, q_distances, 2);
  assert_cluster (clustering, 1, 2, r_members, r_distances, 1);
  assert_cluster (clustering, 2, 2, p_members, p_distances, 1);
}

/* Size wins over rank: a large cluster with a poorly ranked primary still
 * comes before a small one with the best record. */
static void
test_size_before_rank (void)
{
  const guint64 fps[] = { 0x1, 0x1, 0x100, 0x300, 0x700 };
  const guint32 rank[] = { 0, 1, 9, 8, 7 };
  g_autoptr(GArray) pairs = pairs_for (fps, 5, 1);
  g_autoptr(PrClustering) clustering = NULL;
  /* Big: 4 (0x700, rank 7), 3 (0x300, rank 8), 2 (0x100, rank 9). */
  const guint32 big_members[] = { 4, 3, 2 };
  const guint32 big_distances[] = { 0, 1, 2 };
  const guint32 small_members[] = { 0, 1 };
  const guint32 small_distances[] = { 0, 0 };

  /* 0–1 (0 bits), 2–3 (1), 3–4 (1); 2–4 is 2 bits: not a pair at k = 1 */
  g_assert_cmpuint (pairs->len, ==, 3);
  clustering = pr_clustering_new (fps, 5, (const PrPair *) (gpointer) pairs->data,
                                  pairs->len, rank);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 2);
  assert_cluster (clustering, 0, 3, big_members, big_distances, 2);
  assert_cluster (clustering, 1, 2, small_members, small_distances, 0);
}

static void
test_identical (void)
{
  const guint64 fps[] = { 0xabcd, 0x1, 0xabcd, 0xabcd, 0xabcd, 0xabcd };
  const guint32 rank[] = { 5, 0, 4, 3, 2, 1 };
  g_autoptr(GArray) pairs = pairs_for (fps, 6, 0);
  g_autoptr(PrClustering) clustering = NULL;
  const guint32 members[] = { 5, 4, 3, 2, 0 };
  const guint32 distances[] = { 0, 0, 0, 0, 0 };

  /* 5 identical records: 5 * 4 / 2 pairs */
  g_assert_cmpuint (pairs->len, ==, 10);
  clustering = pr_clustering_new (fps, 6, (const PrPair *) (gpointer) pairs->data,
                                  pairs->len, rank);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 1);
  assert_cluster (clustering, 0, 5, members, distances, 0);
}

/* max_distance covers members that are not linked to each other. */
static void
test_max_distance_unlinked (void)
{
  /* A star: 0xf and 0xf0 each 4 bits from the centre 0, 8 from each other. */
  const guint64 star[] = { 0x0, 0xf, 0xf0 };
  const PrPair star_pairs[] = { { 0, 1, 4 }, { 0, 2, 4 } };
  g_autoptr(PrClustering) a = pr_clustering_new (star, 3, star_pairs, 2, NULL);
  const guint32 star_members[] = { 0, 1, 2 };
  const guint32 star_distances[] = { 0, 4, 4 };
  /* Complements at the ends of a chain: the maximum possible, 64. */
  const guint64 far[] = { 0x0, G_GUINT64_CONSTANT (0x00000000ffffffff), G_MAXUINT64, 0x1 };
  const PrPair far_pairs[] = { { 0, 1, 32 }, { 1, 2, 32 }, { 2, 3, 63 } };
  g_autoptr(PrClustering) b = pr_clustering_new (far, 4, far_pairs, 3, NULL);
  const guint32 far_members[] = { 0, 1, 2, 3 };
  const guint32 far_distances[] = { 0, 32, 64, 1 };

  g_assert_cmpuint (pr_clustering_get_n_clusters (a), ==, 1);
  assert_cluster (a, 0, 3, star_members, star_distances, 8);
  g_assert_cmpuint (pr_clustering_get_n_clusters (b), ==, 1);
  assert_cluster (b, 0, 4, far_members, far_distances, 64);
}


/* The largest distance inside a cluster against every pair compared:
 * chains (a random walk of a few bits a step, the shape a large k makes),
 * balls around one record, copies among them, and chains that turn back. */
static void
test_max_distance_vs_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());

  for (guint trial = 0; trial < 60; trial++)
    {
      guint32 n = 2 + g_rand_int_range (rand, 0, trial < 50 ? 60 : 3000);
      guint shape = trial % 3;
      g_autofree guint64 *fps = g_new (guint64, n);
      g_autofree PrPair *pairs = g_new (PrPair, n - 1);
      g_autoptr(PrClustering) clustering = NULL;
      guint expected = 0;

      fps[0] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      for (guint32 i = 1; i < n; i++)
        {
          /* 0: a walk; 1: a ball around the first; 2: a walk that may
           * step back onto earlier records (copies). */
          guint64 from = shape == 1 ? fps[0] : shape == 2 && g_rand_boolean (rand) ? fps[g_rand_int_range (rand, 0, i)] : fps[i - 1];

          fps[i] = from;
          for (int f = g_rand_int_range (rand, 0, shape == 1 ? 7 : 4); f > 0; f--)
            fps[i] ^= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
          pairs[i - 1] = (PrPair) { i - 1, i, (guint32) __builtin_popcountll (fps[i - 1] ^ fps[i]) };
        }
      for (guint32 i = 0; i < n; i++)
        for (guint32 j = i + 1; j < n; j++)
          expected = MAX (expected, (guint) __builtin_popcountll (fps[i] ^ fps[j]));

      clustering = pr_clustering_new (fps, n, pairs, n - 1, NULL);
      g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 1);
      g_assert_cmpuint (pr_clustering_get_cluster (clustering, 0)->max_distance, ==, expected);
    }
}

static void
test_empty (void)
{
  const guint64 fps[] = { 1, 2, 3 };
  g_autoptr(PrClustering) none = pr_clustering_new (NULL, 0, NULL, 0, NULL);
  g_autoptr(PrClustering) no_pairs = pr_clustering_new (fps, 3, NULL, 0, NULL);

  g_assert_cmpuint (pr_clustering_get_n_clusters (none), ==, 0);
  g_assert_cmpuint (pr_clustering_get_n_clusters (no_pairs), ==, 0);
}

/* Shared arrays: members of consecutive clusters are adjacent. */
static void
test_shared_storage (void)
{
  const guint64 fps[] = { 0x0, 0x1, 0x100, 0x101, 0x300 };
  const PrPair pairs[] = { { 0, 1, 1 }, { 2, 3, 1 }, { 2, 4, 1 } };
  g_autoptr(PrClustering) clustering = pr_clustering_new (fps, 5, pairs, 3, NULL);
  const PrCluster *first, *second;

  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 2);
  first = pr_clustering_get_cluster (clustering, 0);
  second = pr_clustering_get_cluster (clustering, 1);
  g_assert_cmpuint (first->n_members, ==, 3);
  g_assert_true (second->members == first->members + 3);
  g_assert_true (second->distances == first->distances + 3);
}

/* The chain a–b–c–d of test_chain, with a and c not repeats of each
 * other: the links a–b and c–d (1 bit) join first, b–c (1 bit too, but
 * later in the index order) would put a and c together and is cut. And e,
 * far from everything (0xff00), a confirmed repeat of d: it joins d's
 * cluster though no pair links it. */
static void
test_constraints_hand_computed (void)
{
  const guint64 fps[] = { 0x0, 0x1, 0x3, 0x7, 0xff00 };
  const PrPair pairs[] = { { 0, 1, 1 }, { 2, 3, 1 }, { 1, 2, 1 } };
  const PrPair must[] = { { 3, 4, 0 } };
  const PrPair cannot[] = { { 0, 2, 0 } };
  PrClusterConstraints constraints = { must, 1, cannot, 1 };
  g_autoptr(PrClustering) clustering = NULL;
  /* Sizes 3 ({c, d, e}) then 2 ({a, b}); members by index (no rank). */
  const guint32 cde[] = { 2, 3, 4 }, cde_distances[] = { 0, 1, 8 + 2 };  /* 0x3 ^ 0xff00: 10 bits */
  const guint32 ab[] = { 0, 1 }, ab_distances[] = { 0, 1 };

  clustering = pr_clustering_new_constrained (fps, 5, pairs, 3, NULL, &constraints);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 2);
  /* max distance: d (0x7) – e (0xff00): 3 + 8 = 11 bits. */
  assert_cluster (clustering, 0, 3, cde, cde_distances, 11);
  assert_cluster (clustering, 1, 2, ab, ab_distances, 1);

  /* A must-link wins over a cannot-link: a confirmed repeat of c, a is
   * in c's cluster, and so is everything linked. */
  {
    const PrPair must_ac[] = { { 0, 2, 0 } };
    PrClusterConstraints both = { must_ac, 1, cannot, 1 };
    g_autoptr(PrClustering) joined = pr_clustering_new_constrained (fps, 5, pairs, 3, NULL, &both);

    g_assert_cmpuint (pr_clustering_get_n_clusters (joined), ==, 1);
    g_assert_cmpuint (pr_clustering_get_cluster (joined, 0)->n_members, ==, 4);
  }
}

static guint32
find (guint32 *parent,
      guint32  x)
{
  while (parent[x] != x)
    x = parent[x];
  return x;
}

/* Random graphs and verdicts against what constrained clustering must
 * give, checked without the code under test: every must-link pair
 * together; no cannot-link pair together; every cluster connected by the
 * pairs and must-links inside it; and no pair left across two clusters
 * that could have joined them (one holding a record the other may not
 * meet). */
static void
test_constraints_random (void)
{
  GRand *rand = g_rand_new_with_seed (1122);

  for (guint round = 0; round < 200; round++)
    {
      guint32 n = g_rand_int_range (rand, 2, 40);
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autofree guint64 *fps = g_new0 (guint64, n);
      g_autofree guint32 *cluster_of = g_new (guint32, n);
      g_autofree guint32 *parent = g_new (guint32, n);
      g_autoptr(PrClustering) clustering = NULL;
      PrClusterConstraints constraints;

      for (guint i = 0; i < n; i++)
        fps[i] = g_rand_int (rand);
      for (guint i = 0; i < 2 * n; i++)
        {
          guint32 a = g_rand_int_range (rand, 0, n), b = g_rand_int_range (rand, 0, n);
          PrPair pair = { MIN (a, b), MAX (a, b), g_rand_int_range (rand, 0, 4) };

          if (a == b)
            continue;
          g_array_append_val (g_rand_int_range (rand, 0, 10) == 0 ? must : pairs, pair);
        }
      /* Cannot-links between records no must-link chain joins. */
      for (guint i = 0; i < n; i++)
        parent[i] = i;
      for (guint i = 0; i < must->len; i++)
        {
          PrPair *m = &g_array_index (must, PrPair, i);

          parent[find (parent, m->a)] = find (parent, m->b);
        }
      for (guint i = 0; i < n / 3; i++)
        {
          guint32 a = g_rand_int_range (rand, 0, n), b = g_rand_int_range (rand, 0, n);
          PrPair pair = { MIN (a, b), MAX (a, b), 0 };

          if (find (parent, a) != find (parent, b))
            g_array_append_val (cannot, pair);
        }

      constraints = (PrClusterConstraints) { (PrPair *) (gpointer) must->data, must->len,
                                             (PrPair *) (gpointer) cannot->data, cannot->len };
      clustering = pr_clustering_new_constrained (fps, n, (PrPair *) (gpointer) pairs->data, pairs->len,
                                                  NULL, &constraints);
      for (guint i = 0; i < n; i++)
        cluster_of[i] = G_MAXUINT32 - i;  /* alone: a cluster of its own */
      for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
        for (guint m = 0; m < pr_clustering_get_cluster (clustering, c)->n_members; m++)
          cluster_of[pr_clustering_get_cluster (clustering, c)->members[m]] = c;

      for (guint i = 0; i < must->len; i++)
        g_assert_cmpuint (cluster_of[g_array_index (must, PrPair, i).a], ==, cluster_of[g_array_index (must, PrPair, i).b]);
      for (guint i = 0; i < cannot->len; i++)
        g_assert_cmpuint (cluster_of[g_array_index (cannot, PrPair, i).a], !=, cluster_of[g_array_index (cannot, PrPair, i).b]);

      /* Connected inside: links within a cluster join all its members. */
      for (guint i = 0; i < n; i++)
        parent[i] = i;
      for (guint i = 0; i < pairs->len + must->len; i++)
        {
          PrPair *p = i < pairs->len ? &g_array_index (pairs, PrPair, i) : &g_array_index (must, PrPair, i - pairs->len);

          if (cluster_of[p->a] == cluster_of[p->b])
            parent[find (parent, p->a)] = find (parent, p->b);
        }
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          if (cluster_of[i] == cluster_of[j])
            g_assert_cmpuint (find (parent, i), ==, find (parent, j));

      /* Maximal: a pair across two clusters is there because joining them
       * would break a cannot-link. */
      for (guint i = 0; i < pairs->len; i++)
        {
          PrPair *p = &g_array_index (pairs, PrPair, i);
          gboolean blocked = FALSE;

          if (cluster_of[p->a] == cluster_of[p->b])
            continue;
          for (guint c = 0; c < cannot->len && !blocked; c++)
            {
              guint32 x = cluster_of[g_array_index (cannot, PrPair, c).a];
              guint32 y = cluster_of[g_array_index (cannot, PrPair, c).b];

              blocked = (x == cluster_of[p->a] && y == cluster_of[p->b]) ||
                        (y == cluster_of[p->a] && x == cluster_of[p->b]);
            }
          g_assert_true (blocked);
        }
    }
  g_rand_free (rand);
}

/* Marked: the records a breadth-first search from the seeds reaches. */
static void
test_mark_connected (void)
{
  GRand *rand = g_rand_new_with_seed (2211);

  for (guint round = 0; round < 200; round++)
    {
      guint32 n = g_rand_int_range (rand, 1, 60);
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(GArray) seeds = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autofree guint8 *marked = g_new (guint8, n);
      g_autofree guint8 *reached = g_new0 (guint8, n);
      g_autofree guint32 *queue = g_new (guint32, n);
      guint head = 0, tail = 0;

      for (guint i = 0; i < n; i++)
        {
          PrPair pair = { g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n), 0 };

          g_array_append_val (pairs, pair);
        }
      for (guint i = 0; i < (guint) g_rand_int_range (rand, 0, 3); i++)
        {
          PrPair seed = { g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n), 0 };

          g_array_append_val (seeds, seed);
        }
      memset (marked, 7, n);
      pr_clustering_mark_connected (n, (PrPair *) (gpointer) pairs->data, pairs->len,
                                    (PrPair *) (gpointer) seeds->data, seeds->len, marked);

      for (guint s = 0; s < seeds->len; s++)
        {
          guint32 ends[2] = { g_array_index (seeds, PrPair, s).a, g_array_index (seeds, PrPair, s).b };

          for (guint e = 0; e < 2; e++)
            if (!reached[ends[e]])
              {
                reached[ends[e]] = 1;
                queue[tail++] = ends[e];
              }
        }
      while (head < tail)
        {
          guint32 x = queue[head++];

          for (guint p = 0; p < pairs->len; p++)
            {
              const PrPair *pair = &g_array_index (pairs, PrPair, p);
              guint32 other = pair->a == x ? pair->b : pair->b == x ? pair->a : x;

              if (!reached[other])
                {
                  reached[other] = 1;
                  queue[tail++] = other;
                }
            }
        }
      for (guint i = 0; i < n; i++)
        g_assert_cmpuint (marked[i], ==, reached[i]);
    }
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/cluster/chain", test_chain);
  g_test_add_func ("/engine/cluster/chain-default-rank", test_chain_default_rank);
  g_test_add_func ("/engine/cluster/two-clusters-and-singletons", test_two_clusters_and_singletons);
  g_test_add_func ("/engine/cluster/rank-ordering", test_rank_ordering);
  g_test_add_func ("/engine/cluster/size-before-rank", test_size_before_rank);
  g_test_add_func ("/engine/cluster/identical", test_identical);
  g_test_add_func ("/engine/cluster/max-distance-unlinked", test_max_distance_unlinked);
  g_test_add_func ("/engine/cluster/max-distance-vs-brute-force", test_max_distance_vs_brute_force);
  g_test_add_func ("/engine/cluster/empty", test_empty);
  g_test_add_func ("/engine/cluster/shared-storage", test_shared_storage);
  g_test_add_func ("/engine/cluster/constraints", test_constraints_hand_computed);
  g_test_add_func ("/engine/cluster/constraints-random", test_constraints_random);
  g_test_add_func ("/engine/cluster/mark-connected", test_mark_connected);

  return g_test_run ();
}
