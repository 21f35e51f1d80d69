/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"
#include "pr-threshold-preview.h"

/* The oracle: every pair by popcount, and a union–find of its own. */

typedef struct {
  gsize     n;
  guint64  *fps;
  guint8   *skip;
  GArray   *parts;  /* PrPair, distance filled in */
} Records;

static void
records_free (Records *records)
{
  g_free (records->fps);
  g_free (records->skip);
  g_array_unref (records->parts);
  g_free (records);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Records, records_free)

static guint
popcount (guint64 x)
{
  guint n = 0;

  for (; x != 0; x &= x - 1)
    n++;
  return n;
}

static guint64
random_fp (GRand *rand)
{
  return ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
}

/* Random fingerprints with planted near ones at 0..7 bits (chains
 * included), some records skipped, and random part pairs at any
 * distance. */
static Records *
make_records (GRand *rand,
              gsize  n)
{
  Records *records = g_new0 (Records, 1);

  records->n = n;
  records->fps = g_new (guint64, n);
  records->skip = g_new0 (guint8, n);
  records->parts = g_array_new (FALSE, FALSE, sizeof (PrPair));
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && g_rand_int_range (rand, 0, 3) == 0)
        {
          records->fps[i] = records->fps[g_rand_int_range (rand, MAX ((gint32) i - 50, 0), i)];
          for (int f = g_rand_int_range (rand, 0, 8); f > 0; f--)
            records->fps[i] ^= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
        }
      else
        records->fps[i] = random_fp (rand);
      records->skip[i] = g_rand_int_range (rand, 0, 20) == 0;
    }
  for (gsize p = 0; p < n / 50; p++)
    {
      guint32 a = g_rand_int_range (rand, 0, n), b = g_rand_int_range (rand, 0, n);
      PrPair pair = { MIN (a, b), MAX (a, b), 0 };

      if (a == b || records->skip[a] || records->skip[b])
        continue;
      pair.distance = popcount (records->fps[a] ^ records->fps[b]);
      g_array_append_val (records->parts, pair);
    }
  return records;
}

static guint32
find (guint32 *parent,
      guint32  x)
{
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

static void
free_string (gpointer string)
{
  g_string_free (string, TRUE);
}

/* The clusters at @k as sorted member lists, "3,17,42", in a set. */
static GHashTable *
oracle_clusters (Records *records,
                 guint    k,
                 guint64 *n_pairs)
{
  g_autofree guint32 *parent = g_new (guint32, records->n);
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                         (GDestroyNotify) free_string);
  GHashTable *clusters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer value;

  *n_pairs = 0;
  for (gsize i = 0; i < records->n; i++)
    parent[i] = i;
  for (gsize i = 0; i < records->n; i++)
    for (gsize j = i + 1; j < records->n; j++)
      if (!records->skip[i] && !records->skip[j] && popcount (records->fps[i] ^ records->fps[j]) <= k)
        {
          parent[find (parent, i)] = find (parent, j);
          (*n_pairs)++;
        }
  for (guint p = 0; p < records->parts->len; p++)
    {
      const PrPair *pair = &g_array_index (records->parts, PrPair, p);

      parent[find (parent, pair->a)] = find (parent, pair->b);
      if (pair->distance > k)
        (*n_pairs)++;
    }
  /* Ascending i: each list comes out sorted. */
  for (gsize i = 0; i < records->n; i++)
    {
      gpointer root = GUINT_TO_POINTER (find (parent, i) + 1);
      GString *list = g_hash_table_lookup (members, root);

      if (list == NULL)
        g_hash_table_insert (members, root, g_string_new (NULL));
      else
        g_string_append_c (list, ',');
      g_string_append_printf (g_hash_table_lookup (members, root), "%zu", i);
    }
  g_hash_table_iter_init (&iter, members);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (strchr (((GString *) value)->str, ',') != NULL)
      g_hash_table_add (clusters, g_strdup (((GString *) value)->str));
  return clusters;
}

static GHashTable *
clusters_of (PrClustering *clustering,
             guint64      *n_clustered)
{
  GHashTable *clusters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  *n_clustered = 0;
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      g_autofree guint32 *sorted = g_memdup2 (cluster->members, cluster->n_members * sizeof (guint32));
      GString *list = g_string_new (NULL);

      for (guint32 i = 1; i < cluster->n_members; i++)
        for (guint32 j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
          {
            guint32 t = sorted[j];

            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
          }
      for (guint32 m = 0; m < cluster->n_members; m++)
        g_string_append_printf (list, m > 0 ? ",%u" : "%u", sorted[m]);
      g_hash_table_add (clusters, g_string_free (list, FALSE));
      *n_clustered += cluster->n_members;
    }
  return clusters;
}

/* The histogram, the samples, and for every k' the clusters, the pairs
 * and what changed against k = 3, all against brute force. */
static void
test_against_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  g_autoptr(Records) records = make_records (rand, 3000);
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) base = NULL;
  guint64 counts[PR_BLOCK_INDEX_MAX_K + 1] = { 0 };
  guint64 base_pairs;
  const guint k = 3;

  preview = pr_threshold_preview_new (records->fps, records->skip, records->n, k,
                                      (const PrPair *) (gpointer) records->parts->data, records->parts->len,
                                      NULL, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pr_threshold_preview_get_k (preview), ==, k);
  g_assert_cmpuint (pr_threshold_preview_get_kmax (preview), ==, k + 3);

  for (gsize i = 0; i < records->n; i++)
    for (gsize j = i + 1; j < records->n; j++)
      {
        guint d = popcount (records->fps[i] ^ records->fps[j]);

        if (!records->skip[i] && !records->skip[j] && d <= k + 3)
          counts[d]++;
      }
  for (guint d = 0; d <= k + 3; d++)
    {
      guint n_samples;
      const PrPair *samples = pr_threshold_preview_get_samples (preview, d, &n_samples);
      guint expected = 0;

      g_test_message ("distance %u: %" G_GUINT64_FORMAT " pairs", d, counts[d]);
      g_assert_cmpuint (counts[d], >, 0);
      g_assert_cmpuint (pr_threshold_preview_get_count (preview, d), ==, counts[d]);

      /* The samples: the pairs at d with the lowest (a, b) among the
       * records that are the first of their fingerprint. */
      for (gsize i = 0; i < records->n && expected < n_samples; i++)
        for (gsize j = i + 1; j < records->n && expected < n_samples; j++)
          {
            gboolean first_i = TRUE, first_j = d == 0;

            if (records->skip[i] || records->skip[j] || popcount (records->fps[i] ^ records->fps[j]) != d)
              continue;
            for (gsize h = 0; h < i && first_i; h++)
              first_i = records->skip[h] || records->fps[h] != records->fps[i];
            /* At 0 the pair is a fingerprint's first and second record. */
            if (d == 0)
              for (gsize h = i + 1; h < j && first_j; h++)
                first_j = records->skip[h] || records->fps[h] != records->fps[i];
            else
              {
                first_j = TRUE;
                for (gsize h = 0; h < j && first_j; h++)
                  first_j = records->skip[h] || records->fps[h] != records->fps[j];
              }
            if (!first_i || !first_j)
              continue;
            g_assert_cmpuint (samples[expected].a, ==, i);
            g_assert_cmpuint (samples[expected].b, ==, j);
            g_assert_cmpuint (samples[expected].distance, ==, d);
            expected++;
          }
      g_assert_cmpuint (expected, ==, n_samples);
      g_assert_cmpuint (n_samples, ==, PR_THRESHOLD_PREVIEW_SAMPLES);
    }

  base = oracle_clusters (records, k, &base_pairs);
  for (guint kk = 0; kk <= k + 3; kk++)
    {
      g_autoptr(GHashTable) expected = NULL;
      g_autoptr(GHashTable) found = NULL;
      g_autoptr(PrClustering) clustering = NULL;
      PrThresholdSummary summary;
      guint64 n_pairs, n_clustered, expected_clustered = 0;
      GHashTableIter iter;
      gpointer key;

      expected = oracle_clusters (records, kk, &n_pairs);
      clustering = pr_threshold_preview_compare (preview, k, kk, NULL, &summary, NULL);
      found = clusters_of (clustering, &n_clustered);
      g_test_message ("k' = %u: %u clusters, %" G_GUINT64_FORMAT " pairs, +%u -%u clusters",
                      kk, summary.n_clusters, summary.n_pairs, summary.clusters_added, summary.clusters_removed);
      g_assert_cmpuint (summary.k, ==, kk);
      g_assert_cmpuint (summary.n_clusters, ==, g_hash_table_size (expected));
      g_assert_cmpuint (g_hash_table_size (found), ==, g_hash_table_size (expected));
      g_assert_cmpuint (pr_test_count_missing (expected, found), ==, 0);
      g_assert_cmpuint (summary.n_pairs, ==, n_pairs);
      g_assert_cmpuint (summary.base_n_pairs, ==, base_pairs);
      g_assert_cmpuint (summary.base_n_clusters, ==, g_hash_table_size (base));
      g_hash_table_iter_init (&iter, expected);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          expected_clustered++;
          for (const char *c = key; *c != '\0'; c++)
            expected_clustered += *c == ',';
        }
      g_assert_cmpuint (n_clustered, ==, expected_clustered);
      g_assert_cmpuint (summary.n_clustered, ==, expected_clustered);
      g_assert_cmpuint (summary.clusters_added, ==, pr_test_count_missing (expected, base));
      g_assert_cmpuint (summary.clusters_removed, ==, pr_test_count_missing (base, expected));
      if (kk == k)
        g_assert_cmpuint (summary.clusters_added + summary.clusters_removed, ==, 0);
      else
        g_assert_cmpuint (summary.clusters_added + summary.clusters_removed, >, 0);

      /* Against another base (a k applied since): the same change seen
       * from the other side. */
      {
        g_autoptr(PrClustering) back = NULL;
        PrThresholdSummary reverse;

        back = pr_threshold_preview_compare (preview, kk, k, NULL, &reverse, NULL);
        g_assert_cmpuint (reverse.base_k, ==, kk);
        g_assert_cmpuint (reverse.base_n_clusters, ==, summary.n_clusters);
        g_assert_cmpuint (reverse.base_n_pairs, ==, summary.n_pairs);
        g_assert_cmpuint (reverse.n_clusters, ==, summary.base_n_clusters);
        g_assert_cmpuint (reverse.clusters_added, ==, summary.clusters_removed);
        g_assert_cmpuint (reverse.clusters_removed, ==, summary.clusters_added);
      }
    }
}

/* With the reviewers' verdicts the preview at k' must cut where
 * constrained clustering of exactly the pairs at k' cuts, whatever the
 * order the pairs come in (found at kmax, or at k'). */
static void
test_constraints_same_as_direct (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  g_autoptr(Records) records = make_records (rand, 2000);
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint32 *rank = g_new (guint32, records->n);
  PrClusterConstraints constraints;

  for (gsize i = 0; i < records->n; i++)
    rank[i] = g_rand_int_range (rand, 0, 1000);
  for (gsize i = 0; i < records->n; i++)
    for (gsize j = i + 1; j < records->n && j < i + 60; j++)
      if (!records->skip[i] && !records->skip[j] && popcount (records->fps[i] ^ records->fps[j]) <= 6 &&
          g_rand_int_range (rand, 0, 4) == 0)
        {
          PrPair pair = { i, j, 0 };

          g_array_append_val (g_rand_boolean (rand) ? must : cannot, pair);
        }
  g_test_message ("%u must-links, %u cannot-links", must->len, cannot->len);
  g_assert_cmpuint (cannot->len, >, 10);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };

  preview = pr_threshold_preview_new (records->fps, records->skip, records->n, 3,
                                      (const PrPair *) (gpointer) records->parts->data, records->parts->len,
                                      rank, 1, NULL, &error);
  g_assert_no_error (error);
  for (guint kk = 0; kk <= 6; kk++)
    {
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
      g_autoptr(PrClustering) direct = NULL;
      g_autoptr(PrClustering) previewed = NULL;
      guint64 n_pairs;

      /* Descending: another order than the preview's. */
      for (gsize i = records->n; i-- > 0;)
        for (gsize j = records->n; j-- > i + 1;)
          {
            PrPair pair = { i, j, popcount (records->fps[i] ^ records->fps[j]) };

            if (!records->skip[i] && !records->skip[j] && pair.distance <= kk)
              g_array_append_val (pairs, pair);
          }
      for (guint p = 0; p < records->parts->len; p++)
        if (g_array_index (records->parts, PrPair, p).distance > kk)
          g_array_append_val (pairs, g_array_index (records->parts, PrPair, p));
      direct = pr_clustering_new_constrained (records->fps, records->n, (const PrPair *) (gpointer) pairs->data,
                                              pairs->len, rank, &constraints);
      previewed = pr_threshold_preview_cluster (preview, kk, &constraints, &n_pairs, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (n_pairs, ==, pairs->len);
      g_assert_cmpuint (pr_clustering_get_n_clusters (previewed), ==, pr_clustering_get_n_clusters (direct));
      for (guint c = 0; c < pr_clustering_get_n_clusters (direct); c++)
        {
          const PrCluster *x = pr_clustering_get_cluster (direct, c), *y = pr_clustering_get_cluster (previewed, c);

          g_assert_cmpuint (x->n_members, ==, y->n_members);
          g_assert_cmpmem (x->members, x->n_members * sizeof (guint32), y->members, y->n_members * sizeof (guint32));
          g_assert_cmpuint (x->max_distance, ==, y->max_distance);
        }
    }
}

/* kmax stops at the index's limit; nothing at all is an empty preview. */
static void
test_limits (void)
{
  guint64 fps[3] = { 0, 0, G_GUINT64_CONSTANT (0xffff) };
  g_autoptr(PrThresholdPreview) top = pr_threshold_preview_new (fps, NULL, 3, 14, NULL, 0, NULL, 1, NULL, NULL);
  g_autoptr(PrThresholdPreview) empty = pr_threshold_preview_new (NULL, NULL, 0, 3, NULL, 0, NULL, 1, NULL, NULL);
  g_autoptr(PrClustering) none = NULL;
  PrThresholdSummary summary;

  g_assert_cmpuint (pr_threshold_preview_get_kmax (top), ==, PR_BLOCK_INDEX_MAX_K);
  g_assert_cmpuint (pr_threshold_preview_get_count (top, 0), ==, 1);
  g_assert_cmpuint (pr_threshold_preview_get_count (top, 15), ==, 0);
  none = pr_threshold_preview_compare (empty, 3, 6, NULL, &summary, NULL);
  g_assert_cmpuint (summary.n_clusters, ==, 0);
  g_assert_cmpuint (summary.n_pairs, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/threshold-preview/against-brute-force", test_against_brute_force);
  g_test_add_func ("/engine/threshold-preview/constraints-same-as-direct", test_constraints_same_as_direct);
  g_test_add_func ("/engine/threshold-preview/limits", test_limits);

  return g_test_run ();
}
