/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The strongest chain of judged pairs from a case's primary to each of
 * its records: a hand-made case with its answer worked out by hand, and
 * random cases against every simple path tried.
 */
#include "config.h"

#include "pr-pair-chains.h"
#include "pr-test-util.h"

static int
by_records (gconstpointer x,
            gconstpointer y)
{
  const PrScoredPair *p = x, *q = y;

  if (p->a != q->a)
    return p->a < q->a ? -1 : 1;
  return (p->b > q->b) - (p->b < q->b);
}

static void
add_pair (GArray  *pairs,
          guint32  a,
          guint32  b,
          float    probability)
{
  PrScoredPair pair = { MIN (a, b), MAX (a, b), 3, probability };

  g_array_append_val (pairs, pair);
}

/* Records 10 (the primary), 20, 30, 40, 50, 60 of a scan, and 70 of
 * another case: 30 has no pair with the primary; its chains are
 * 10–20–30 (weakest 0.8) and 10–40–30 (weakest 0.6): through 20 at 0.8.
 * 50 hangs off 30 (0.95): through 30, still 0.8. 60's only pair is one
 * not judged yet: no chain. 70 is not in the case: its pair counts not. */
static void
test_hand_made (void)
{
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  const guint32 records[] = { 10, 20, 30, 40, 50, 60 };
  guint through[G_N_ELEMENTS (records)];
  float weakest[G_N_ELEMENTS (records)];

  add_pair (pairs, 10, 20, 0.9f);
  add_pair (pairs, 20, 30, 0.8f);
  add_pair (pairs, 10, 40, 0.99f);
  add_pair (pairs, 40, 30, 0.6f);
  add_pair (pairs, 30, 50, 0.95f);
  add_pair (pairs, 60, 20, -1);
  add_pair (pairs, 70, 30, 0.99f);
  add_pair (pairs, 70, 10, 0.99f);
  g_array_sort (pairs, by_records);
  pr_pair_chains_strongest ((PrScoredPair *) (gpointer) pairs->data, pairs->len, records, G_N_ELEMENTS (records),
                            through, weakest);
  g_assert_cmpuint (through[0], ==, PR_PAIR_CHAIN_NONE);
  g_assert_cmpfloat (weakest[0], <, 0);
  g_assert_cmpuint (through[1], ==, 0);
  g_assert_cmpfloat (weakest[1], ==, 0.9f);
  g_assert_cmpuint (through[2], ==, 1);
  g_assert_cmpfloat (weakest[2], ==, 0.8f);
  g_assert_cmpuint (through[3], ==, 0);
  g_assert_cmpfloat (weakest[3], ==, 0.99f);
  g_assert_cmpuint (through[4], ==, 2);
  g_assert_cmpfloat (weakest[4], ==, 0.8f);
  g_assert_cmpuint (through[5], ==, PR_PAIR_CHAIN_NONE);
  g_assert_cmpfloat (weakest[5], <, 0);
}

#define N 7

/* The best weakest pair over every simple path from @at to @to. */
static float
brute_force (const float link[N][N],
             guint       n,
             guint       at,
             guint       to,
             gboolean   *on_path,
             float       so_far)
{
  float best = -1;

  if (at == to)
    return so_far;
  on_path[at] = TRUE;
  for (guint v = 0; v < n; v++)
    if (!on_path[v] && link[at][v] >= 0)
      best = MAX (best, brute_force (link, n, v, to, on_path, MIN (so_far, link[at][v])));
  on_path[at] = FALSE;
  return best;
}

static void
test_random_cases (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);

  for (guint round = 0; round < 500; round++)
    {
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
      guint n = g_rand_int_range (rand, 1, N + 1);
      guint32 records[N];
      float link[N][N];
      guint through[N];
      float weakest[N];

      /* Records spread over a scan, in no order. */
      for (guint i = 0; i < n; i++)
        records[i] = 100 * (n - i) + g_rand_int_range (rand, 0, 50);
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          link[i][j] = -1;
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          if (g_rand_boolean (rand))
            {
              /* Steps of 1/8: ties happen. */
              float p = g_rand_int_range (rand, -1, 9) / 8.0f;

              add_pair (pairs, records[i], records[j], p);
              if (p >= 0)
                link[i][j] = link[j][i] = p;
            }
      g_array_sort (pairs, by_records);
      pr_pair_chains_strongest ((PrScoredPair *) (gpointer) pairs->data, pairs->len, records, n, through, weakest);
      for (guint v = 1; v < n; v++)
        {
          gboolean on_path[N] = { FALSE };
          float expected = brute_force (link, n, 0, v, on_path, 2);

          g_assert_cmpfloat (weakest[v], ==, expected);
          if (expected < 0)
            {
              g_assert_cmpuint (through[v], ==, PR_PAIR_CHAIN_NONE);
              continue;
            }
          /* The chain named holds by that pair at worst, back to the primary. */
          for (guint at = v, steps = 0; at != 0; at = through[at], steps++)
            {
              g_assert_cmpuint (steps, <, n);
              g_assert_cmpuint (through[at], <, n);
              g_assert_cmpfloat (link[at][through[at]], >=, expected);
            }
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-chains/hand-made", test_hand_made);
  g_test_add_func ("/engine/pair-chains/random-cases", test_random_cases);
  return g_test_run ();
}
