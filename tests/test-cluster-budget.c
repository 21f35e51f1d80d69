/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Clustering with "not a repeat" verdicts (cannot-links) lists every pair
 * of records in the groups they touch: a campaign of identical letters
 * and one such verdict was hundreds of millions of pairs, and the process
 * died in the allocation (a GLib-ERROR, a trap). The listing now stays
 * within the pair budget (PR_PAIR_BUDGET, lowered here so that a small
 * case shows it) or stops with an error. Oracles: the clustering of every
 * pair found by brute force, and pair counts computed by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-matches.h"
#include "pr-pair-budget.h"
#include "pr-threshold-preview.h"
#include "pr-test-util.h"

static guint
popcount (guint64 x)
{
  return (guint) __builtin_popcountll (x);
}

static void
set_budget (guint64 pairs)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, pairs);

  g_setenv ("PR_PAIR_BUDGET", text, TRUE);
}

static gboolean
holds_both (const PrCluster *cluster,
            const PrPair    *pair)
{
  gboolean has_a = FALSE, has_b = FALSE;

  for (guint32 m = 0; m < cluster->n_members; m++)
    {
      has_a |= cluster->members[m] == pair->a;
      has_b |= cluster->members[m] == pair->b;
    }
  return has_a && has_b;
}

/* Small random sets, with groups of identical fingerprints and near ones,
 * and random verdicts: the clusters are those of every pair within k,
 * found by brute force, under a budget of exactly that many pairs (what
 * is listed is at most every pair). */
static void
test_oracle (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());

  for (guint round = 0; round < 40; round++)
    {
      gsize n = g_rand_int_range (rand, 2, 120);
      g_autofree guint64 *fps = g_new (guint64, n);
      g_autofree guint32 *rank = g_new (guint32, n);
      g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(PrMatches) matches = NULL;
      g_autoptr(PrClustering) direct = NULL;
      g_autoptr(PrClustering) clustered = NULL;
      g_autoptr(GError) error = NULL;
      PrClusterConstraints constraints;
      guint k = g_rand_int_range (rand, 0, 4);
      guint64 n_pairs = 0;

      /* A few templates, each copy with 0 to 4 bits changed: identical
       * groups, near groups, and records alone. */
      for (gsize i = 0; i < n; i++)
        {
          guint64 templates[4] = { G_GUINT64_CONSTANT (0x0123456789abcdef), G_GUINT64_CONSTANT (0xfedcba9876543210),
                                   G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f), g_rand_int (rand) };

          fps[i] = templates[g_rand_int_range (rand, 0, 4)];
          for (gint b = g_rand_int_range (rand, -3, 5); b > 0; b--)
            fps[i] ^= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
          rank[i] = g_rand_int_range (rand, 0, 50);
        }
      g_unsetenv ("PR_PAIR_BUDGET");
      for (gsize i = 0; i < n; i++)
        for (gsize j = i + 1; j < n; j++)
          if (popcount (fps[i] ^ fps[j]) <= k)
            {
              PrPair pair = { i, j, popcount (fps[i] ^ fps[j]) };

              g_array_append_val (all, pair);
              if (g_rand_int_range (rand, 0, 12) == 0)
                g_array_append_val (round % 2 == 1 && g_rand_boolean (rand) ? must : cannot, pair);
            }
      if (cannot->len == 0 && all->len > 0)
        g_array_append_val (cannot, g_array_index (all, PrPair, 0));
      constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                             (const PrPair *) (gpointer) cannot->data, cannot->len };

      matches = pr_matches_find (fps, NULL, n, 3, 1, NULL, &error);
      g_assert_no_error (error);
      set_budget (MAX (all->len, 1));
      direct = pr_clustering_new_constrained (fps, n, (const PrPair *) (gpointer) all->data, all->len, rank,
                                              &constraints);
      clustered = pr_matches_cluster (matches, k, fps, n, NULL, 0, rank, &constraints, TRUE, &n_pairs, &error);
      g_assert_no_error (error);
      g_assert_nonnull (clustered);
      g_assert_cmpuint (n_pairs, ==, all->len);
      g_assert_cmpuint (pr_clustering_get_n_clusters (clustered), ==, pr_clustering_get_n_clusters (direct));
      for (guint c = 0; c < pr_clustering_get_n_clusters (direct); c++)
        {
          const PrCluster *x = pr_clustering_get_cluster (direct, c), *y = pr_clustering_get_cluster (clustered, c);

          g_assert_cmpmem (x->members, x->n_members * sizeof (guint32), y->members, y->n_members * sizeof (guint32));
          g_assert_cmpuint (x->max_distance, ==, y->max_distance);
          /* No cluster holds both records of a verdict "not a repeat"
           * (unless "repeat" verdicts join them: odd rounds). */
          for (guint p = 0; must->len == 0 && p < cannot->len; p++)
            g_assert_false (holds_both (y, &g_array_index (cannot, PrPair, p)));
        }
    }
  g_unsetenv ("PR_PAIR_BUDGET");
}

/* One group of n identical records and a verdict between two of them:
 * every pair of the group is listed, n(n−1)/2; a budget of that many
 * holds them, one fewer does not. */
static void
test_boundary (void)
{
  const gsize n = 200;
  const guint64 needed = n * (n - 1) / 2;
  g_autofree guint64 *fps = g_new0 (guint64, n);
  PrPair verdict = { 3, 150, 0 };
  PrClusterConstraints constraints = { NULL, 0, &verdict, 1 };
  g_autoptr(PrMatches) matches = pr_matches_find (fps, NULL, n, 3, 1, NULL, NULL);
  g_autoptr(PrClustering) clustering = NULL;
  g_autoptr(GError) error = NULL;

  set_budget (needed);
  clustering = pr_matches_cluster (matches, 3, fps, n, NULL, 0, NULL, &constraints, FALSE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), >=, 1);
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    g_assert_false (holds_both (pr_clustering_get_cluster (clustering, c), &verdict));
  g_clear_pointer (&clustering, pr_clustering_free);

  set_budget (needed - 1);
  clustering = pr_matches_cluster (matches, 3, fps, n, NULL, 0, NULL, &constraints, FALSE, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_null (clustering);
  g_unsetenv ("PR_PAIR_BUDGET");
}

/* A campaign: 30,000 identical letters, 450 million pairs, and one
 * verdict "not a repeat" among them. Under a budget of a million pairs
 * the scan's clustering and the threshold preview's stop with an error
 * that names the verdicts and the ways out; without the verdict the
 * campaign clusters in a few pairs, within the same budget. */
static void
test_campaign (void)
{
  const gsize n = 30000;
  g_autofree guint64 *fps = g_new (guint64, n);
  PrPair verdict = { 10, 20000, 0 };
  PrClusterConstraints constraints = { NULL, 0, &verdict, 1 };
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(PrClustering) clustering = NULL;
  g_autoptr(GError) error = NULL;
  PrThresholdSummary summary;
  guint64 n_pairs = 0;

  for (gsize i = 0; i < n; i++)
    fps[i] = G_GUINT64_CONSTANT (0x5555aaaa5555aaaa);
  set_budget (1000000);
  matches = pr_matches_find (fps, NULL, n, 6, 1, NULL, &error);
  g_assert_no_error (error);

  clustering = pr_matches_cluster (matches, 6, fps, n, NULL, 0, NULL, NULL, TRUE, &n_pairs, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pr_clustering_get_n_clusters (clustering), ==, 1);
  g_assert_cmpuint (n_pairs, ==, (guint64) n * (n - 1) / 2);
  g_clear_pointer (&clustering, pr_clustering_free);

  clustering = pr_matches_cluster (matches, 6, fps, n, NULL, 0, NULL, &constraints, TRUE, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_null (clustering);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "not a repeat"));
  g_assert_nonnull (strstr (error->message, "k = 6"));
  g_assert_nonnull (strstr (error->message, "--part-max-records"));
  g_clear_error (&error);

  preview = pr_threshold_preview_new (fps, NULL, n, 6, NULL, 0, NULL, 1, NULL, &error);
  g_assert_no_error (error);
  clustering = pr_threshold_preview_compare (preview, 6, 4, &constraints, &summary, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_null (clustering);
  g_clear_error (&error);
  clustering = pr_threshold_preview_cluster (preview, 4, &constraints, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_null (clustering);
  g_unsetenv ("PR_PAIR_BUDGET");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/matches/cluster-budget-oracle", test_oracle);
  g_test_add_func ("/engine/matches/cluster-budget-boundary", test_boundary);
  g_test_add_func ("/engine/matches/cluster-budget-campaign", test_campaign);

  return g_test_run ();
}
