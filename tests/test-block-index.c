/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The block index against brute force.  Every comparison is on the full
 * pair set (sorted arrays compared element by element, distances
 * included), so a missed, extra or duplicated pair fails the test.
 *
 * PR_TEST_INDEX_N overrides the size of the large random dataset (default
 * 100000) so the suite stays usable under valgrind.
 */
#define G_LOG_DOMAIN "test-block-index"

#include <gio/gio.h>
#include <string.h>

#include "pr-block-index.h"

#define DEFAULT_N 100000

typedef struct {
  guint64 *fps;
  gsize    n;
  GArray  *brute;      /* PrPair, sorted by (a, b), distance <= max_k */
  guint    max_k;
} Dataset;

static gsize
test_n (void)
{
  const char *env = g_getenv ("PR_TEST_INDEX_N");

  if (env != NULL && *env != '\0')
    return (gsize) g_ascii_strtoull (env, NULL, 10);
  return DEFAULT_N;
}

static GRand *
seeded_rand (void)
{
  guint32 seed = g_test_rand_int ();

  g_test_message ("seed %" G_GUINT32_FORMAT, seed);
  return g_rand_new_with_seed (seed);
}

static guint64
rand_u64 (GRand *rand)
{
  return ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
}

/* Flips exactly @d distinct random bits. */
static guint64
flip_bits (GRand   *rand,
           guint64  fp,
           guint    d)
{
  guint64 flipped = 0;

  g_assert_cmpuint (d, <=, 64);
  while ((guint) __builtin_popcountll (flipped) < d)
    flipped |= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
  return fp ^ flipped;
}

/* Overwrites random positions with near-duplicates of other random
 * positions, @per_distance of them at each distance 0 .. max_d.  Positions
 * are chosen at random so planted pairs do not all sit at the end. */
static void
plant (GRand   *rand,
       guint64 *fps,
       gsize    n,
       guint    max_d,
       guint    per_distance)
{
  if (n < 2)
    return;
  for (guint d = 0; d <= max_d; d++)
    for (guint r = 0; r < per_distance; r++)
      {
        gsize base = (gsize) g_rand_int_range (rand, 0, (gint32) n);
        gsize dest = (gsize) g_rand_int_range (rand, 0, (gint32) n);

        if (dest != base)
          fps[dest] = flip_bits (rand, fps[base], d);
      }
}

/* The reference: every pair i < j, O(n^2).  Cloned for popcnt because the
 * build has no -march flag and 5e9 software popcounts would be too slow. */
__attribute__((target_clones ("default", "popcnt")))
static GArray *
brute_force_pairs (const guint64 *fps,
                   gsize          n,
                   guint          max_k)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));

  for (gsize i = 0; i < n; i++)
    {
      guint64 x = fps[i];

      for (gsize j = i + 1; j < n; j++)
        {
          guint d = (guint) __builtin_popcountll (x ^ fps[j]);

          if (G_UNLIKELY (d <= max_k))
            {
              PrPair p = { (guint32) i, (guint32) j, d };

              g_array_append_val (pairs, p);
            }
        }
    }
  return pairs;
}

static GArray *
filter_pairs (GArray *pairs,
              guint   k)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (PrPair));

  for (guint i = 0; i < pairs->len; i++)
    {
      PrPair p = g_array_index (pairs, PrPair, i);

      if (p.distance <= k)
        g_array_append_val (out, p);
    }
  return out;
}

static void
assert_pairs_equal (GArray     *expected,
                    GArray     *actual,
                    const char *what)
{
  for (guint i = 0; i < MIN (expected->len, actual->len); i++)
    {
      PrPair e = g_array_index (expected, PrPair, i);
      PrPair a = g_array_index (actual, PrPair, i);

      if (e.a != a.a || e.b != a.b || e.distance != a.distance)
        g_error ("%s: pair %u differs: expected (%u, %u, d=%u), got (%u, %u, d=%u)",
                 what, i, e.a, e.b, e.distance, a.a, a.b, a.distance);
    }
  if (expected->len != actual->len)
    g_error ("%s: expected %u pairs, got %u", what, expected->len, actual->len);
}

static GArray *
all_pairs_or_die (const guint64 *fps,
                  gsize          n,
                  guint          k,
                  guint          n_threads)
{
  g_autoptr(GError) error = NULL;
  GArray *pairs = pr_block_index_all_pairs (fps, n, k, n_threads, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (pairs);
  return pairs;
}

static void
check_dataset_for_k (Dataset    *data,
                     guint       k,
                     const char *label)
{
  g_autoptr(GArray) expected = filter_pairs (data->brute, k);
  g_autoptr(GArray) actual = all_pairs_or_die (data->fps, data->n, k, 1);
  g_autofree char *what = g_strdup_printf ("%s n=%" G_GSIZE_FORMAT " k=%u",
                                           label, data->n, k);
  guint counts[PR_BLOCK_INDEX_MAX_K + 2] = { 0 };

  for (guint i = 0; i < expected->len; i++)
    counts[g_array_index (expected, PrPair, i).distance]++;
  g_test_message ("%s: %u pairs (d=0: %u, d=k: %u)", what, expected->len,
                  counts[0], counts[k]);
  assert_pairs_equal (expected, actual, what);
}

static void
dataset_clear (Dataset *data)
{
  g_free (data->fps);
  g_clear_pointer (&data->brute, g_array_unref);
}

static void
dataset_random (Dataset *data,
                GRand   *rand,
                gsize    n,
                guint    max_k,
                guint    per_distance)
{
  data->n = n;
  data->max_k = max_k;
  data->fps = g_new (guint64, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    data->fps[i] = rand_u64 (rand);
  /* Planted at 0 .. max_k + 1: the last distance must not be reported. */
  plant (rand, data->fps, n, max_k + 1, per_distance);
  data->brute = brute_force_pairs (data->fps, n, max_k);
}

/* Only @n_bits random bit positions vary, so blocks repeat heavily: large
 * buckets, and many pairs at every distance. */
static void
dataset_dense (Dataset *data,
               GRand   *rand,
               gsize    n,
               guint    n_bits,
               guint    max_k)
{
  guint positions[64];
  guint64 base = rand_u64 (rand);
  guint64 chosen = 0;

  for (guint i = 0; i < n_bits; i++)
    {
      guint pos;

      do
        pos = (guint) g_rand_int_range (rand, 0, 64);
      while (chosen & (G_GUINT64_CONSTANT (1) << pos));
      chosen |= G_GUINT64_CONSTANT (1) << pos;
      positions[i] = pos;
    }

  data->n = n;
  data->max_k = max_k;
  data->fps = g_new (guint64, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      guint64 fp = base;

      for (guint b = 0; b < n_bits; b++)
        if (g_rand_boolean (rand))
          fp ^= G_GUINT64_CONSTANT (1) << positions[b];
      data->fps[i] = fp;
    }
  data->brute = brute_force_pairs (data->fps, n, max_k);
}

static void
test_all_pairs_vs_brute_force (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  Dataset data = { 0 };

  dataset_random (&data, rand, test_n (), 4, 8);
  for (guint k = 0; k <= 4; k++)
    check_dataset_for_k (&data, k, "random");
  dataset_clear (&data);
}

static void
test_all_pairs_dense (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  Dataset data = { 0 };

  dataset_dense (&data, rand, MIN (test_n (), 20000), 20, 4);
  for (guint k = 0; k <= 4; k++)
    check_dataset_for_k (&data, k, "dense");
  dataset_clear (&data);
}

static void
test_all_pairs_large_k (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  gsize n = MIN (test_n (), 5000);
  guint ks[] = { 7, 15 };

  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      Dataset data = { 0 };

      dataset_random (&data, rand, n, ks[i], 4);
      check_dataset_for_k (&data, ks[i], "random");
      dataset_clear (&data);

      /* 24 varying bits: most pairs are within 15 bits. */
      dataset_dense (&data, rand, MIN (n, 2000), 24, ks[i]);
      check_dataset_for_k (&data, ks[i], "dense");
      dataset_clear (&data);
    }
}

/* Each available kernel (AVX-512, popcnt, generic) must give the same
 * result; the unavailable ones fall back and are simply run again. */
static void
test_all_pairs_kernels (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  const char *kernels[] = { "generic", "popcnt", "avx512" };
  Dataset random = { 0 }, dense = { 0 };

  dataset_random (&random, rand, MIN (test_n (), 20000), 3, 8);
  dataset_dense (&dense, rand, MIN (test_n (), 5000), 18, 3);
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    {
      g_setenv ("PR_BLOCK_INDEX_KERNEL", kernels[i], TRUE);
      g_test_message ("kernel %s -> %s", kernels[i], pr_block_index_get_kernel_name ());
      for (guint k = 0; k <= 3; k++)
        {
          check_dataset_for_k (&random, k, kernels[i]);
          check_dataset_for_k (&dense, k, kernels[i]);
        }
    }
  g_unsetenv ("PR_BLOCK_INDEX_KERNEL");
  dataset_clear (&random);
  dataset_clear (&dense);
}

static guint64
binomial (guint n,
          guint m)
{
  guint64 c = 1;

  for (guint i = 1; i <= m; i++)
    c = c * (n - m + i) / i;
  return c;
}

/* Runs the join with PR_BLOCK_INDEX_BLOCKS = @n_blocks and checks that the
 * layout is the one forced (r blocks, C(r, k) tables) and the pairs are
 * exactly the brute-force ones. */
static void
check_forced_layout (Dataset    *data,
                     guint       k,
                     guint       n_blocks,
                     guint       n_threads,
                     const char *label)
{
  g_autofree char *value = g_strdup_printf ("%u", n_blocks);
  g_autofree char *what = g_strdup_printf ("%s n=%" G_GSIZE_FORMAT " k=%u r=%u threads=%u",
                                           label, data->n, k, n_blocks, n_threads);
  g_autoptr(GArray) expected = filter_pairs (data->brute, k);
  g_autoptr(GArray) actual = NULL;
  PrBlockIndexLayout layout;

  g_setenv ("PR_BLOCK_INDEX_BLOCKS", value, TRUE);
  pr_block_index_get_pairs_layout (data->n, k, &layout);
  g_assert_cmpuint (layout.n_blocks, ==, n_blocks);
  g_assert_cmpuint (layout.n_tables, ==, binomial (n_blocks, k));
  /* r - k blocks of 64 / r bits, rounded either way. */
  g_assert_cmpuint (layout.min_key_bits, >=, (n_blocks - k) * (64 / n_blocks));
  g_assert_cmpuint (layout.max_key_bits, <=, (n_blocks - k) * ((64 + n_blocks - 1) / n_blocks));
  actual = all_pairs_or_die (data->fps, data->n, k, n_threads);
  g_unsetenv ("PR_BLOCK_INDEX_BLOCKS");
  assert_pairs_equal (expected, actual, what);
}

/* Every forced layout from k + 1 blocks to several more (while C(r, k) stays
 * at most 256 tables), k = 0 .. 6, with each kernel, on random data with
 * near-duplicates planted at 0 .. 7 bits and on dense data (big runs). */
static void
test_all_pairs_forced_layouts (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  const char *kernels[] = { "generic", "popcnt", "avx512" };
  Dataset random = { 0 }, dense = { 0 };
  guint max_k = 6;

  dataset_random (&random, rand, MIN (test_n (), 5000), max_k, 40);
  dataset_dense (&dense, rand, MIN (test_n (), 1500), 22, max_k);
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    {
      g_setenv ("PR_BLOCK_INDEX_KERNEL", kernels[i], TRUE);
      for (guint k = 0; k <= max_k; k++)
        for (guint r = k + 1; r <= k + 5 && binomial (r, k) <= 256; r++)
          {
            g_autofree char *label = g_strdup_printf ("%s random", pr_block_index_get_kernel_name ());
            g_autofree char *dense_label = g_strdup_printf ("%s dense", pr_block_index_get_kernel_name ());

            check_forced_layout (&random, k, r, 1 + r % 3, label);
            check_forced_layout (&dense, k, r, 1, dense_label);
          }
    }
  g_unsetenv ("PR_BLOCK_INDEX_KERNEL");
  dataset_clear (&random);
  dataset_clear (&dense);
}

/* The largest layouts: 32 blocks of 2 bits (k = 1: 32 tables of 62-bit
 * keys, four radix passes each) and k = 15 with 18 blocks (C(18, 15) = 816
 * is over the cap, so 17: 136 tables). */
static void
test_all_pairs_forced_wide (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  Dataset data = { 0 };

  dataset_random (&data, rand, MIN (test_n (), 2000), 15, 4);
  check_forced_layout (&data, 1, 32, 2, "random");
  check_forced_layout (&data, 15, 17, 1, "random");
  dataset_clear (&data);
  dataset_dense (&data, rand, MIN (test_n (), 1000), 24, 15);
  check_forced_layout (&data, 15, 17, 2, "dense");
  dataset_clear (&data);
}

/* A forced layout that is not valid for k (too few blocks, too many
 * tables, too many blocks) is ignored: the automatic choice stays. */
static void
test_all_pairs_forced_invalid (void)
{
  const char *values[] = { "3", "40", "18", "x" };
  PrBlockIndexLayout automatic, layout;

  g_unsetenv ("PR_BLOCK_INDEX_BLOCKS");
  pr_block_index_get_pairs_layout (1000, 3, &automatic);
  g_assert_cmpuint (automatic.n_blocks, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_setenv ("PR_BLOCK_INDEX_BLOCKS", values[i], TRUE);
      pr_block_index_get_pairs_layout (1000, 3, &layout);
      g_assert_cmpuint (layout.n_blocks, ==, automatic.n_blocks);
    }
  /* 18 blocks at k = 15: C(18, 15) = 816 tables, over the cap. */
  pr_block_index_get_pairs_layout (1000, 15, &layout);
  g_assert_cmpuint (layout.n_blocks, ==, 16);
  g_unsetenv ("PR_BLOCK_INDEX_BLOCKS");
}

/* The automatic layout is k + 1 blocks for few fingerprints and more as n
 * grows.  With the portable kernel (the dearest comparisons) and k = 6
 * (7 blocks of 9 bits: big buckets) the switch comes at a size a test can
 * check against brute force. */
static void
test_all_pairs_automatic_layout (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  Dataset data = { 0 };
  PrBlockIndexLayout small, large;
  guint k = 6;
  gsize n = MIN (test_n (), 40000);

  g_unsetenv ("PR_BLOCK_INDEX_BLOCKS");
  g_setenv ("PR_BLOCK_INDEX_KERNEL", "generic", TRUE);
  pr_block_index_get_pairs_layout (100, k, &small);
  g_assert_cmpuint (small.n_blocks, ==, k + 1);
  g_assert_cmpuint (small.n_tables, ==, k + 1);
  pr_block_index_get_pairs_layout (40000, k, &large);
  g_test_message ("k=%u n=40000: %u blocks, %u tables, %u-%u key bits", k,
                  large.n_blocks, large.n_tables, large.min_key_bits, large.max_key_bits);
  g_assert_cmpuint (large.n_blocks, >, k + 1);
  g_assert_cmpuint (large.n_tables, ==, binomial (large.n_blocks, k));

  dataset_random (&data, rand, n, k, 40);
  check_dataset_for_k (&data, k, "automatic");
  for (guint kk = 0; kk < k; kk++)
    check_dataset_for_k (&data, kk, "automatic");
  dataset_clear (&data);
  g_unsetenv ("PR_BLOCK_INDEX_KERNEL");
}

static void
test_all_pairs_tiny (void)
{
  guint64 one[] = { 0x1234 };
  guint64 two_near[] = { 0xff00, 0xff01 };
  guint64 two_far[] = { 0, G_MAXUINT64 };
  g_autoptr(GArray) p0 = all_pairs_or_die (NULL, 0, 3, 1);
  g_autoptr(GArray) p1 = all_pairs_or_die (one, 1, 3, 0);
  g_autoptr(GArray) p2 = all_pairs_or_die (two_near, 2, 3, 2);
  g_autoptr(GArray) p3 = all_pairs_or_die (two_far, 2, 3, 1);
  g_autoptr(GArray) p4 = all_pairs_or_die (two_far, 2, 0, 1);
  g_autoptr(GArray) p5 = all_pairs_or_die (two_near, 2, 0, 1);
  PrPair p;

  g_assert_cmpuint (p0->len, ==, 0);
  g_assert_cmpuint (p1->len, ==, 0);
  g_assert_cmpuint (p2->len, ==, 1);
  p = g_array_index (p2, PrPair, 0);
  g_assert_cmpuint (p.a, ==, 0);
  g_assert_cmpuint (p.b, ==, 1);
  g_assert_cmpuint (p.distance, ==, 1);
  g_assert_cmpuint (p3->len, ==, 0);
  g_assert_cmpuint (p4->len, ==, 0);
  g_assert_cmpuint (p5->len, ==, 0);

  /* k = 15 and the widest layout (k = 0: one 64-bit block). */
  {
    guint64 d15[] = { 0, 0x7fff, 0xffff };
    g_autoptr(GArray) q = all_pairs_or_die (d15, 3, 15, 1);

    g_assert_cmpuint (q->len, ==, 2);
    g_assert_cmpuint (g_array_index (q, PrPair, 0).a, ==, 0);
    g_assert_cmpuint (g_array_index (q, PrPair, 0).b, ==, 1);
    g_assert_cmpuint (g_array_index (q, PrPair, 0).distance, ==, 15);
    g_assert_cmpuint (g_array_index (q, PrPair, 1).a, ==, 1);
    g_assert_cmpuint (g_array_index (q, PrPair, 1).b, ==, 2);
    g_assert_cmpuint (g_array_index (q, PrPair, 1).distance, ==, 1);
  }
}

static void
test_all_pairs_identical (void)
{
  gsize n = 2000;
  g_autofree guint64 *fps = g_new (guint64, n);
  guint expected_len = (guint) (n * (n - 1) / 2);

  for (gsize i = 0; i < n; i++)
    fps[i] = G_GUINT64_CONSTANT (0xdeadbeefcafef00d);

  for (guint k = 0; k <= 4; k++)
    {
      g_autoptr(GArray) pairs = all_pairs_or_die (fps, n, k, 2);
      guint at = 0;

      g_assert_cmpuint (pairs->len, ==, expected_len);
      for (guint32 a = 0; a < n; a++)
        for (guint32 b = a + 1; b < n; b++, at++)
          {
            PrPair p = g_array_index (pairs, PrPair, at);

            g_assert_cmpuint (p.a, ==, a);
            g_assert_cmpuint (p.b, ==, b);
            g_assert_cmpuint (p.distance, ==, 0);
          }
    }
}

static void
test_all_pairs_threads (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  Dataset random = { 0 }, dense = { 0 };
  guint threads[] = { 0, 2, 3, 4, 7 };

  /* Big enough for several join chunks per thread. */
  random.n = MAX (test_n (), 100);
  random.fps = g_new (guint64, random.n);
  for (gsize i = 0; i < random.n; i++)
    random.fps[i] = rand_u64 (rand);
  plant (rand, random.fps, random.n, 4, 50);
  dataset_dense (&dense, rand, MIN (test_n (), 10000), 20, 4);

  for (guint k = 0; k <= 4; k++)
    {
      g_autoptr(GArray) single_r = all_pairs_or_die (random.fps, random.n, k, 1);
      g_autoptr(GArray) single_d = all_pairs_or_die (dense.fps, dense.n, k, 1);

      for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
        {
          g_autoptr(GArray) multi_r = all_pairs_or_die (random.fps, random.n, k, threads[t]);
          g_autoptr(GArray) multi_d = all_pairs_or_die (dense.fps, dense.n, k, threads[t]);

          assert_pairs_equal (single_r, multi_r, "threads random");
          assert_pairs_equal (single_d, multi_d, "threads dense");
        }
    }
  dataset_clear (&random);
  dataset_clear (&dense);
}

static gboolean
cancel_soon (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static gpointer
cancel_thread (gpointer user_data)
{
  g_usleep (20 * 1000);
  cancel_soon (user_data);
  return NULL;
}

static void
test_all_pairs_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = seeded_rand ();
  gsize n = 200000;
  g_autofree guint64 *fps = g_new (guint64, n);
  GArray *pairs;
  GThread *thread;

  for (gsize i = 0; i < n; i++)
    fps[i] = rand_u64 (rand);

  /* Cancelled before the call. */
  g_cancellable_cancel (cancellable);
  pairs = pr_block_index_all_pairs (fps, n, 3, 1, cancellable, &error);
  g_assert_null (pairs);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* Cancelled while running: all fingerprints share block 0 (the low 16
   * bits) and are random elsewhere, so one bucket holds all 200000: 2e10
   * pair checks with no matches, far longer than the 20 ms before the
   * cancel. */
  g_cancellable_reset (cancellable);
  for (gsize i = 0; i < n; i++)
    fps[i] &= ~G_GUINT64_CONSTANT (0xffff);
  thread = g_thread_new ("canceller", cancel_thread, cancellable);
  pairs = pr_block_index_all_pairs (fps, n, 3, 2, cancellable, &error);
  g_thread_join (thread);
  g_assert_null (pairs);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_all_pairs_invalid (void)
{
  g_autoptr(GError) error = NULL;
  guint64 fps[2] = { 1, 2 };
  GArray *pairs;

  pairs = pr_block_index_all_pairs (fps, 2, PR_BLOCK_INDEX_MAX_K + 1, 1, NULL, &error);
  g_assert_null (pairs);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

#if GLIB_SIZEOF_SIZE_T > 4
  /* The size is checked before the memory is touched. */
  pairs = pr_block_index_all_pairs (fps, (gsize) G_MAXUINT32 + 1, 3, 1, NULL, &error);
  g_assert_null (pairs);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
#endif
}

/* ------------------------------------------------------------------------ */

static int
compare_match (gconstpointer a,
               gconstpointer b)
{
  const PrMatch *x = a, *y = b;

  if (x->index != y->index)
    return x->index < y->index ? -1 : 1;
  return (x->distance > y->distance) - (x->distance < y->distance);
}

__attribute__((target_clones ("default", "popcnt")))
static void
brute_force_matches (const guint64 *fps,
                     gsize          n,
                     guint          k,
                     guint64        query,
                     GArray        *want)
{
  for (gsize i = 0; i < n; i++)
    {
      guint d = (guint) __builtin_popcountll (query ^ fps[i]);

      if (G_UNLIKELY (d <= k))
        {
          PrMatch m = { (guint32) i, d };

          g_array_append_val (want, m);
        }
    }
}

static void
check_queries (const guint64 *fps,
               gsize          n,
               guint          k,
               GRand         *rand,
               guint          n_queries,
               const char    *label)
{
  g_autoptr(PrBlockIndex) index = pr_block_index_new (fps, n, k);
  g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (PrMatch));
  g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (PrMatch));
  guint total = 0;

  g_assert_cmpuint (pr_block_index_get_k (index), ==, k);
  g_assert_cmpuint (pr_block_index_get_n_fingerprints (index), ==, n);

  for (guint q = 0; q < n_queries; q++)
    {
      guint64 query;
      gsize returned;

      /* Half random, half planted at 0 .. k + 1 bits from a stored one. */
      if (n == 0 || q % 2 == 0)
        query = rand_u64 (rand);
      else
        query = flip_bits (rand, fps[g_rand_int_range (rand, 0, (gint32) n)],
                           (guint) g_rand_int_range (rand, 0, (gint32) k + 2));

      g_array_set_size (got, 0);
      g_array_set_size (want, 0);
      returned = pr_block_index_query (index, query, got);
      g_assert_cmpuint (returned, ==, got->len);
      brute_force_matches (fps, n, k, query, want);
      g_array_sort (got, compare_match);
      if (got->len != want->len)
        g_error ("%s k=%u query %u: expected %u matches, got %u",
                 label, k, q, want->len, got->len);
      for (guint i = 0; i < want->len; i++)
        {
          PrMatch w = g_array_index (want, PrMatch, i);
          PrMatch g = g_array_index (got, PrMatch, i);

          if (w.index != g.index || w.distance != g.distance)
            g_error ("%s k=%u query %u match %u: expected (%u, d=%u), got (%u, d=%u)",
                     label, k, q, i, w.index, w.distance, g.index, g.distance);
        }
      total += want->len;
    }
  g_test_message ("%s k=%u: %u queries, %u matches", label, k, n_queries, total);
}

static void
test_query_vs_brute_force (void)
{
  g_autoptr(GRand) rand = seeded_rand ();
  gsize n = MIN (test_n (), 50000);
  guint n_queries = test_n () >= DEFAULT_N ? 2000 : 200;
  Dataset dense = { 0 };
  g_autofree guint64 *fps = g_new (guint64, n);
  guint ks[] = { 0, 1, 2, 3, 4, 7, 15 };

  for (gsize i = 0; i < n; i++)
    fps[i] = rand_u64 (rand);
  plant (rand, fps, n, 5, 20);
  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    check_queries (fps, n, ks[i], rand, n_queries, "random");

  dataset_dense (&dense, rand, MIN (n, 5000), 18, 0);
  for (guint k = 0; k <= 4; k++)
    check_queries (dense.fps, dense.n, k, rand, n_queries / 4, "dense");
  dataset_clear (&dense);
}

static void
test_query_small (void)
{
  guint64 fps[] = { 0, 1, 3, 0, G_MAXUINT64 };
  g_autoptr(PrBlockIndex) empty = pr_block_index_new (NULL, 0, 3);
  g_autoptr(PrBlockIndex) index = pr_block_index_new (fps, G_N_ELEMENTS (fps), 1);
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (PrMatch));

  g_assert_cmpuint (pr_block_index_query (empty, 0, matches), ==, 0);
  g_assert_cmpuint (matches->len, ==, 0);

  /* 0 is within 1 of fps 0, 1, 3 (distance 0, 1, 0); not of 3 (=0b11). */
  g_assert_cmpuint (pr_block_index_query (index, 0, matches), ==, 3);
  g_array_sort (matches, compare_match);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 0).index, ==, 0);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 0).distance, ==, 0);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 1).index, ==, 1);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 1).distance, ==, 1);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 2).index, ==, 3);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 2).distance, ==, 0);

  /* Appends rather than replaces. */
  g_assert_cmpuint (pr_block_index_query (index, G_MAXUINT64 ^ 8, matches), ==, 1);
  g_assert_cmpuint (matches->len, ==, 4);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 3).index, ==, 4);
  g_assert_cmpuint (g_array_index (matches, PrMatch, 3).distance, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/block-index/all-pairs-vs-brute-force", test_all_pairs_vs_brute_force);
  g_test_add_func ("/engine/block-index/all-pairs-dense", test_all_pairs_dense);
  g_test_add_func ("/engine/block-index/all-pairs-large-k", test_all_pairs_large_k);
  g_test_add_func ("/engine/block-index/all-pairs-kernels", test_all_pairs_kernels);
  g_test_add_func ("/engine/block-index/all-pairs-forced-layouts", test_all_pairs_forced_layouts);
  g_test_add_func ("/engine/block-index/all-pairs-forced-wide", test_all_pairs_forced_wide);
  g_test_add_func ("/engine/block-index/all-pairs-forced-invalid", test_all_pairs_forced_invalid);
  g_test_add_func ("/engine/block-index/all-pairs-automatic-layout", test_all_pairs_automatic_layout);
  g_test_add_func ("/engine/block-index/all-pairs-tiny", test_all_pairs_tiny);
  g_test_add_func ("/engine/block-index/all-pairs-identical", test_all_pairs_identical);
  g_test_add_func ("/engine/block-index/all-pairs-threads", test_all_pairs_threads);
  g_test_add_func ("/engine/block-index/all-pairs-cancel", test_all_pairs_cancel);
  g_test_add_func ("/engine/block-index/all-pairs-invalid", test_all_pairs_invalid);
  g_test_add_func ("/engine/block-index/query-vs-brute-force", test_query_vs_brute_force);
  g_test_add_func ("/engine/block-index/query-small", test_query_small);

  return g_test_run ();
}
