/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "pr-simhash.h"

/* Known answers of XXH3-64 with seed 0, from xxHash's own `xxhsum -H3`. */
static void
test_feature_hash_known_answers (void)
{
  g_assert_cmphex (pr_feature_hash ("", 0), ==, G_GUINT64_CONSTANT (0x2d06800538d394c2));
  g_assert_cmphex (pr_feature_hash ("abc", 3), ==, G_GUINT64_CONSTANT (0x78af5f94892f3950));
  g_assert_cmphex (pr_feature_hash ("信访", 6), ==, G_GUINT64_CONSTANT (0xd05b90ae3030468e));
}

/* By hand, bit by bit, V[j] = 2·s1 + s2 + s3 with s = ±1:
 *   bits 48–63: s1 = s2 = +1, so V ≥ 2                       → 1
 *   bits 32–47: s1 = +1, s2 = −1, so V = 1 + s3: 2 or 0        → the bits of h3 (F0F0)
 *   bits  0–31: s1 = −1, so V = −2 + s2 + s3 ≤ 0               → 0 */
static void
test_hand_computed (void)
{
  PrSimhash simhash;

  pr_simhash_init (&simhash);
  pr_simhash_add_hash (&simhash, G_GUINT64_CONSTANT (0xFFFFFFFF00000000), 2);
  pr_simhash_add_hash (&simhash, G_GUINT64_CONSTANT (0xFFFF0000FFFF0000), 1);
  pr_simhash_add_hash (&simhash, G_GUINT64_CONSTANT (0xF0F0F0F0F0F0F0F0), 1);
  g_assert_cmphex (pr_simhash_finish (&simhash), ==, G_GUINT64_CONSTANT (0xFFFFF0F000000000));
  g_assert_cmpuint (simhash.n_features, ==, 3);
}

static void
test_ties_give_zero (void)
{
  PrSimhash simhash;
  guint64 h = G_GUINT64_CONSTANT (0x0123456789abcdef);

  pr_simhash_init (&simhash);
  g_assert_cmphex (pr_simhash_finish (&simhash), ==, 0);

  pr_simhash_add_hash (&simhash, h, 1.5);
  pr_simhash_add_hash (&simhash, ~h, 1.5);
  g_assert_cmphex (pr_simhash_finish (&simhash), ==, 0);

  pr_simhash_init (&simhash);
  pr_simhash_add_hash (&simhash, h, 0);
  g_assert_cmphex (pr_simhash_finish (&simhash), ==, 0);
}

static void
test_order_and_scale_invariance (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint64 hashes[40];
  double weights[40];
  guint64 reference = 0;

  for (guint i = 0; i < G_N_ELEMENTS (hashes); i++)
    {
      hashes[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      weights[i] = g_rand_int_range (rand, 1, 5);
    }

  for (guint round = 0; round < 20; round++)
    {
      PrSimhash simhash, scaled;
      guint order[G_N_ELEMENTS (hashes)];

      for (guint i = 0; i < G_N_ELEMENTS (order); i++)
        order[i] = i;
      for (guint i = G_N_ELEMENTS (order) - 1; round > 0 && i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1), t = order[i];

          order[i] = order[j];
          order[j] = t;
        }

      pr_simhash_init (&simhash);
      pr_simhash_init (&scaled);
      for (guint i = 0; i < G_N_ELEMENTS (order); i++)
        {
          pr_simhash_add_hash (&simhash, hashes[order[i]], weights[order[i]]);
          pr_simhash_add_hash (&scaled, hashes[order[i]], 3 * weights[order[i]]);
        }
      if (round == 0)
        reference = pr_simhash_finish (&simhash);
      g_assert_cmphex (pr_simhash_finish (&simhash), ==, reference);
      g_assert_cmphex (pr_simhash_finish (&scaled), ==, reference);
    }
}

static void
test_hamming (void)
{
  g_assert_cmpuint (pr_hamming_distance (0, 0), ==, 0);
  g_assert_cmpuint (pr_hamming_distance (0, G_MAXUINT64), ==, 64);
  g_assert_cmpuint (pr_hamming_distance (0xF0, 0x0F), ==, 8);
  g_assert_cmpuint (pr_hamming_distance (G_GUINT64_CONSTANT (1) << 63, 1), ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/simhash/feature-hash-known-answers", test_feature_hash_known_answers);
  g_test_add_func ("/engine/simhash/hand-computed", test_hand_computed);
  g_test_add_func ("/engine/simhash/ties-give-zero", test_ties_give_zero);
  g_test_add_func ("/engine/simhash/order-and-scale-invariance", test_order_and_scale_invariance);
  g_test_add_func ("/engine/simhash/hamming", test_hamming);

  return g_test_run ();
}
