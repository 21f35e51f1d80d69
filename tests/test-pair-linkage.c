/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "pr-pair-linkage.h"

#define MAX_RECORDS 12

/* The oracle: average linkage by brute force over a dense matrix of
 * probabilities (no candidate: 0) and a label per record. Each round
 * looks at every two clusters, takes the highest mean of their cross
 * pairs, and joins them if it reaches the threshold. */
static void
brute_force (const PrScoredPair *pairs,
             gsize               n_pairs,
             guint               n,
             double              threshold,
             guint              *label)
{
  double p[MAX_RECORDS][MAX_RECORDS] = { { 0 } };

  for (gsize i = 0; i < n_pairs; i++)
    p[pairs[i].a][pairs[i].b] = p[pairs[i].b][pairs[i].a] = MAX (pairs[i].probability, 0.0f);
  for (guint r = 0; r < n; r++)
    label[r] = r;
  for (;;)
    {
      double best = -1;
      guint best_x = 0, best_y = 0;

      for (guint x = 0; x < n; x++)
        for (guint y = x + 1; y < n; y++)
          {
            double sum = 0;
            guint count = 0;

            if (label[x] != x || label[y] != y)
              continue;
            for (guint i = 0; i < n; i++)
              for (guint j = 0; j < n; j++)
                if (label[i] == x && label[j] == y)
                  {
                    sum += p[i][j];
                    count++;
                  }
            if (sum / count > best)
              {
                best = sum / count;
                best_x = x;
                best_y = y;
              }
          }
      if (best < threshold)
        return;
      for (guint r = 0; r < n; r++)
        if (label[r] == best_y)
          label[r] = best_x;
    }
}

/* The clusters the linked pairs make, as a label per record. */
static void
components (const PrScoredPair *pairs,
            const guint8       *linked,
            gsize               n_pairs,
            guint               n,
            guint              *label)
{
  gboolean changed = TRUE;

  for (guint r = 0; r < n; r++)
    label[r] = r;
  while (changed)
    {
      changed = FALSE;
      for (gsize i = 0; i < n_pairs; i++)
        if (linked[i] && label[pairs[i].a] != label[pairs[i].b])
          {
            label[pairs[i].a] = label[pairs[i].b] = MIN (label[pairs[i].a], label[pairs[i].b]);
            changed = TRUE;
          }
    }
}

/* Whether two labellings make the same partition. */
static gboolean
same_partition (const guint *x,
                const guint *y,
                guint        n)
{
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if ((x[i] == x[j]) != (y[i] == y[j]))
        return FALSE;
  return TRUE;
}

/* A chain a–b–c, a and c no candidate: c is a repeat of half of {a, b}
 * (mean 0.45), so it stays apart; joining every pair would chain it. */
static void
test_chain (void)
{
  const PrScoredPair pairs[] = { { 0, 1, 3, 0.9f }, { 1, 2, 3, 0.9f } };
  g_autofree guint8 *linked = pr_pair_linkage (pairs, G_N_ELEMENTS (pairs), 3, 0.5);

  g_assert_cmpuint (linked[0], ==, 1);
  g_assert_cmpuint (linked[1], ==, 0);
}

/* By hand: {a, b} first (0.9); then c has 0.8 with b and 0.3 with a, a
 * mean of 0.55, and joins. The pair a–c is below the threshold: in the
 * cluster, but not itself a link. */
static void
test_triangle (void)
{
  const PrScoredPair pairs[] = { { 0, 1, 3, 0.9f }, { 1, 2, 3, 0.8f }, { 0, 2, 3, 0.3f } };
  g_autofree guint8 *linked = pr_pair_linkage (pairs, G_N_ELEMENTS (pairs), 3, 0.5);

  g_assert_cmpuint (linked[0], ==, 1);
  g_assert_cmpuint (linked[1], ==, 1);
  g_assert_cmpuint (linked[2], ==, 0);
}

/* Two families of three, all their pairs 0.95, and one 0.9 pair between
 * them: the families form first, and between them the mean is 0.9 / 9. */
static void
test_two_families (void)
{
  const PrScoredPair pairs[] = {
    { 0, 1, 0, 0.95f }, { 0, 2, 0, 0.95f }, { 1, 2, 0, 0.95f },
    { 3, 4, 0, 0.95f }, { 3, 5, 0, 0.95f }, { 4, 5, 0, 0.95f },
    { 2, 3, 9, 0.9f },
  };
  g_autofree guint8 *linked = pr_pair_linkage (pairs, G_N_ELEMENTS (pairs), 6, 0.5);

  for (guint i = 0; i < 6; i++)
    g_assert_cmpuint (linked[i], ==, 1);
  g_assert_cmpuint (linked[6], ==, 0);
}

/* Nothing to join, and unjudged pairs (probability < 0) weigh 0. */
static void
test_none (void)
{
  const PrScoredPair pairs[] = { { 0, 1, 3, 0.49f }, { 1, 2, 3, -1 } };
  g_autofree guint8 *linked = pr_pair_linkage (pairs, G_N_ELEMENTS (pairs), 4, 0.5);
  g_autofree guint8 *empty = pr_pair_linkage (NULL, 0, 0, 0.5);

  g_assert_cmpuint (linked[0], ==, 0);
  g_assert_cmpuint (linked[1], ==, 0);
  g_assert_nonnull (empty);
}

/* Random small graphs against the brute force: the same clusters, and a
 * pair linked exactly when it is at the threshold or above and inside one. */
static void
test_against_brute_force (void)
{
  for (guint round = 0; round < 400; round++)
    {
      guint n = (guint) g_test_rand_int_range (2, MAX_RECORDS + 1);
      double density = g_test_rand_double_range (0.2, 1.0);
      double threshold = round % 4 == 0 ? g_test_rand_double_range (0.2, 0.8) : 0.5;
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
      g_autofree guint8 *linked = NULL;
      guint expected[MAX_RECORDS], found[MAX_RECORDS];

      for (guint a = 0; a < n; a++)
        for (guint b = a + 1; b < n; b++)
          if (g_test_rand_double () < density)
            {
              /* Mostly likely pairs, so that clusters grow and compete. */
              PrScoredPair pair = { a, b, 0, (float) sqrt (g_test_rand_double ()) };

              g_array_append_val (pairs, pair);
            }
      /* Shuffled: the result may not depend on the order. */
      for (guint i = pairs->len; i > 1; i--)
        {
          guint j = (guint) g_test_rand_int_range (0, (gint32) i);
          PrScoredPair swap = g_array_index (pairs, PrScoredPair, i - 1);

          g_array_index (pairs, PrScoredPair, i - 1) = g_array_index (pairs, PrScoredPair, j);
          g_array_index (pairs, PrScoredPair, j) = swap;
        }
      linked = pr_pair_linkage ((PrScoredPair *) (gpointer) pairs->data, pairs->len, n, threshold);
      brute_force ((PrScoredPair *) (gpointer) pairs->data, pairs->len, n, threshold, expected);
      components ((PrScoredPair *) (gpointer) pairs->data, linked, pairs->len, n, found);
      g_assert_true (same_partition (expected, found, n));
      for (guint i = 0; i < pairs->len; i++)
        {
          const PrScoredPair *pair = &g_array_index (pairs, PrScoredPair, i);

          g_assert_cmpuint (linked[i], ==, pair->probability >= threshold && expected[pair->a] == expected[pair->b]);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-linkage/chain", test_chain);
  g_test_add_func ("/engine/pair-linkage/triangle", test_triangle);
  g_test_add_func ("/engine/pair-linkage/two-families", test_two_families);
  g_test_add_func ("/engine/pair-linkage/none", test_none);
  g_test_add_func ("/engine/pair-linkage/against-brute-force", test_against_brute_force);
  return g_test_run ();
}
