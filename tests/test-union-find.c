/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "pr-union-find.h"

#define N 40

/* The oracle: each record labelled with the lowest record it reaches,
 * by relaxing every edge until nothing changes. */
static void
components (const guint32 (*edges)[2],
            guint          n_edges,
            guint32       *label)
{
  gboolean changed = TRUE;

  for (guint32 r = 0; r < N; r++)
    label[r] = r;
  while (changed)
    {
      changed = FALSE;
      for (guint e = 0; e < n_edges; e++)
        {
          guint32 low = MIN (label[edges[e][0]], label[edges[e][1]]);

          for (guint i = 0; i < 2; i++)
            if (label[edges[e][i]] != low)
              {
                label[edges[e][i]] = low;
                changed = TRUE;
              }
        }
    }
}

/* Joined under the lower root, every set's root is its lowest record,
 * and a join says whether it joined two sets. */
static void
test_join_lowest (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 200; round++)
    {
      guint32 parent[N], label[N], before[N];
      guint32 edges[3 * N][2];
      guint n_edges = g_rand_int_range (rand, 0, 3 * N);

      pr_union_find_init (parent, N);
      for (guint e = 0; e < n_edges; e++)
        {
          edges[e][0] = g_rand_int_range (rand, 0, N);
          edges[e][1] = g_rand_int_range (rand, 0, N);
          components (edges, e, before);
          g_assert_cmpint (pr_union_find_join_lowest (parent, edges[e][0], edges[e][1]), ==,
                           before[edges[e][0]] != before[edges[e][1]]);
        }
      components (edges, n_edges, label);
      for (guint32 r = 0; r < N; r++)
        g_assert_cmpuint (pr_union_find_root (parent, r), ==, label[r]);
    }
}

/* Joined by size, records share a root exactly when the oracle puts them
 * in one set, and the root's size is the set's. */
static void
test_join_by_size (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint round = 0; round < 200; round++)
    {
      guint32 parent[N], size[N], label[N], count[N] = { 0 };
      guint32 edges[3 * N][2];
      guint n_edges = g_rand_int_range (rand, 0, 3 * N);

      pr_union_find_init (parent, N);
      for (guint32 r = 0; r < N; r++)
        size[r] = 1;
      for (guint e = 0; e < n_edges; e++)
        {
          edges[e][0] = g_rand_int_range (rand, 0, N);
          edges[e][1] = g_rand_int_range (rand, 0, N);
          pr_union_find_join_by_size (parent, size, edges[e][0], edges[e][1]);
        }
      components (edges, n_edges, label);
      for (guint32 r = 0; r < N; r++)
        count[label[r]]++;
      for (guint32 a = 0; a < N; a++)
        {
          guint32 root = pr_union_find_root (parent, a);

          g_assert_cmpuint (parent[a], ==, root);  /* the path compressed */
          g_assert_cmpuint (size[root], ==, count[label[a]]);
          for (guint32 b = 0; b < N; b++)
            g_assert_cmpint (root == pr_union_find_root (parent, b), ==, label[a] == label[b]);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/union-find/join-lowest", test_join_lowest);
  g_test_add_func ("/engine/union-find/join-by-size", test_join_by_size);
  return g_test_run ();
}
