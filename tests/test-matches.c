/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "pr-matches.h"

static void
append_pair (guint32  a,
             guint32  b,
             guint32  distance,
             gpointer user_data)
{
  PrPair pair = { a, b, distance };

  g_array_append_val ((GArray *) user_data, pair);
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const PrPair *x = a, *y = b;

  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : (x->b > y->b);
}

/* Groups of identical fingerprints, near ones and skipped records: the
 * expanded pairs must be exactly the block index's pairs over the records
 * that are not skipped (the index itself is checked against brute force in
 * test-block-index). */
static void
test_expanded_equals_index (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  const gsize n = 20000;
  g_autofree guint64 *fps = g_new (guint64, n);
  g_autofree guint8 *skip = g_new0 (guint8, n);
  g_autofree guint64 *kept = g_new (guint64, n);
  g_autofree guint32 *record_of = g_new (guint32, n);
  g_autoptr(GArray) expected = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(GError) error = NULL;
  gsize n_kept = 0;

  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && g_rand_int_range (rand, 0, 4) == 0)
        {
          /* a copy, or a copy with one to three bits flipped */
          fps[i] = fps[g_rand_int_range (rand, 0, i)];
          for (int f = g_rand_int_range (rand, 0, 4); f > 0; f--)
            fps[i] ^= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
        }
      else
        fps[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      skip[i] = g_rand_int_range (rand, 0, 10) == 0;
      if (!skip[i])
        {
          kept[n_kept] = fps[i];
          record_of[n_kept++] = i;
        }
    }

  expected = pr_block_index_all_pairs (kept, n_kept, 3, 1, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < expected->len; i++)
    {
      PrPair *pair = &g_array_index (expected, PrPair, i);

      pair->a = record_of[pair->a];
      pair->b = record_of[pair->b];
    }

  matches = pr_matches_find (fps, skip, n, 3, 2, NULL, &error);
  g_assert_no_error (error);
  pr_matches_foreach_pair (matches, append_pair, found);
  g_array_sort (found, compare_pairs);

  g_test_message ("%u pairs", expected->len);
  g_assert_cmpuint (expected->len, >, 1000);
  g_assert_cmpuint (pr_matches_count_pairs (matches), ==, expected->len);
  g_assert_cmpuint (found->len, ==, expected->len);
  for (guint i = 0; i < found->len; i++)
    {
      const PrPair *x = &g_array_index (found, PrPair, i), *y = &g_array_index (expected, PrPair, i);

      g_assert_cmpuint (x->a, ==, y->a);
      g_assert_cmpuint (x->b, ==, y->b);
      g_assert_cmpuint (x->distance, ==, y->distance);
    }
}

/* 30,000 identical fingerprints are 449,985,000 pairs: counted, not stored;
 * connecting them takes one pair per record. */
static void
test_large_identical_group (void)
{
  const gsize n = 30000;
  g_autofree guint64 *fps = g_new (guint64, n + 1);
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(GArray) spanning = NULL;
  g_autoptr(GError) error = NULL;

  for (gsize i = 0; i < n; i++)
    fps[i] = G_GUINT64_CONSTANT (0x0123456789abcdef);
  fps[n] = G_GUINT64_CONSTANT (0x0123456789abcdee);  /* one bit away */

  matches = pr_matches_find (fps, NULL, n + 1, 3, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pr_matches_count_pairs (matches), ==, (guint64) n * (n - 1) / 2 + n);

  spanning = pr_matches_spanning_pairs (matches);
  g_assert_cmpuint (spanning->len, ==, n);
  for (guint i = 0; i < spanning->len; i++)
    {
      const PrPair *pair = &g_array_index (spanning, PrPair, i);

      g_assert_cmpuint (pair->a, <, pair->b);
      g_assert_cmpuint (pair->distance, ==, pair->b == n ? 1 : 0);
    }
}

static void
test_empty_and_all_skipped (void)
{
  guint64 fps[3] = { 1, 1, 1 };
  guint8 skip[3] = { 1, 1, 1 };
  g_autoptr(PrMatches) none = pr_matches_find (NULL, NULL, 0, 3, 1, NULL, NULL);
  g_autoptr(PrMatches) skipped = pr_matches_find (fps, skip, 3, 3, 1, NULL, NULL);
  g_autoptr(GArray) spanning = NULL;

  g_assert_nonnull (none);
  g_assert_cmpuint (pr_matches_count_pairs (none), ==, 0);
  g_assert_cmpuint (pr_matches_count_pairs (skipped), ==, 0);
  spanning = pr_matches_spanning_pairs (skipped);
  g_assert_cmpuint (spanning->len, ==, 0);
}

/* Labelled: for every label at once, exactly the pairs that a pass over
 * that label's records alone gives (pr_matches_foreach_pair_among (),
 * all %FALSE), and none between two labels. Groups of copies are cut
 * between labels, as clusters cut by a reviewer's split are. */
static void
test_labelled_equals_among (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  const gsize n = 3000;
  const guint n_labels = 40;
  g_autofree guint64 *fps = g_new (guint64, n);
  g_autofree guint32 *label = g_new0 (guint32, n);
  g_autofree guint8 *in = g_new0 (guint8, n);
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(PrMatches) matches = NULL;

  for (gsize i = 0; i < n; i++)
    {
      /* Few distinct fingerprints: large groups of copies, and near ones. */
      fps[i] = g_rand_int_range (rand, 0, 60);
      fps[i] = (fps[i] * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^ (g_rand_int_range (rand, 0, 3) == 0 ? 1 : 0);
      label[i] = g_rand_int_range (rand, 0, 3) == 0 ? 0 : g_rand_int_range (rand, 1, n_labels + 1);
    }
  matches = pr_matches_find (fps, NULL, n, 3, 1, NULL, NULL);
  g_assert_nonnull (matches);
  for (guint l = 1; l <= n_labels; l++)
    {
      for (gsize i = 0; i < n; i++)
        in[i] = label[i] == l;
      pr_matches_foreach_pair_among (matches, in, FALSE, append_pair, expected);
    }
  pr_matches_foreach_pair_labelled (matches, label, append_pair, found);
  g_assert_cmpuint (expected->len, >, n / 10);
  g_array_sort (expected, compare_pairs);
  g_array_sort (found, compare_pairs);
  g_assert_cmpuint (found->len, ==, expected->len);
  for (guint i = 0; i < found->len; i++)
    {
      const PrPair *e = &g_array_index (expected, PrPair, i);
      const PrPair *f = &g_array_index (found, PrPair, i);

      g_assert_cmpuint (f->a, ==, e->a);
      g_assert_cmpuint (f->b, ==, e->b);
      g_assert_cmpuint (f->distance, ==, e->distance);
      g_assert_cmpuint (label[f->a], ==, label[f->b]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/matches/expanded-equals-index", test_expanded_equals_index);
  g_test_add_func ("/engine/matches/large-identical-group", test_large_identical_group);
  g_test_add_func ("/engine/matches/empty-and-all-skipped", test_empty_and_all_skipped);
  g_test_add_func ("/engine/matches/labelled-equals-among", test_labelled_equals_among);

  return g_test_run ();
}
