/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How judged pairs make clusters: average linkage. Joining every pair
 * above the threshold (single linkage) lets one strong link between two
 * families of repeats chain them, and at scale chains hundreds of
 * records. Here the two clusters whose cross pairs have the highest mean
 * probability join first, a pair that was no candidate counting as 0, as
 * long as that mean reaches the threshold: a record joins a cluster when
 * it is judged a repeat of most of it, not of one member.
 *
 * Each cluster keeps the summed probability to each cluster it has a
 * candidate with; a join merges the smaller cluster's sums into the
 * larger's. A heap holds the joins to weigh, most likely first; an entry
 * made before one of its clusters changed is stale and skipped.
 */
#define G_LOG_DOMAIN "pr-pair-linkage"

#include "config.h"

#include "pr-pair-linkage.h"
#include "pr-union-find.h"

typedef struct {
  double  mean;
  guint32 a;
  guint32 b;
  guint32 version_a;
  guint32 version_b;
} Join;

typedef struct {
  guint32     *parent;
  guint32     *size;
  guint32     *version;
  GHashTable **sums;     /* per cluster root: other root → (double *) summed probability */
  GArray      *heap;     /* of Join */
} Linkage;

/* Whether @x goes before @y: the higher mean, then the lower records, so
 * that the result does not depend on the pairs' order. */
static gboolean
before (const Join *x,
        const Join *y)
{
  if (x->mean != y->mean)
    return x->mean > y->mean;
  if (MIN (x->a, x->b) != MIN (y->a, y->b))
    return MIN (x->a, x->b) < MIN (y->a, y->b);
  return MAX (x->a, x->b) < MAX (y->a, y->b);
}

static void
heap_push (GArray     *heap,
           const Join *join)
{
  guint i = heap->len;

  g_array_append_val (heap, *join);
  while (i > 0 && before (&g_array_index (heap, Join, i), &g_array_index (heap, Join, (i - 1) / 2)))
    {
      Join swap = g_array_index (heap, Join, i);

      g_array_index (heap, Join, i) = g_array_index (heap, Join, (i - 1) / 2);
      g_array_index (heap, Join, (i - 1) / 2) = swap;
      i = (i - 1) / 2;
    }
}

static Join
heap_pop (GArray *heap)
{
  Join top = g_array_index (heap, Join, 0);
  guint i = 0;

  g_array_index (heap, Join, 0) = g_array_index (heap, Join, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  for (;;)
    {
      guint best = i, left = 2 * i + 1, right = 2 * i + 2;
      Join swap;

      if (left < heap->len && before (&g_array_index (heap, Join, left), &g_array_index (heap, Join, best)))
        best = left;
      if (right < heap->len && before (&g_array_index (heap, Join, right), &g_array_index (heap, Join, best)))
        best = right;
      if (best == i)
        return top;
      swap = g_array_index (heap, Join, i);
      g_array_index (heap, Join, i) = g_array_index (heap, Join, best);
      g_array_index (heap, Join, best) = swap;
      i = best;
    }
}

static GHashTable *
sums_of (Linkage *linkage,
         guint32  root)
{
  if (linkage->sums[root] == NULL)
    linkage->sums[root] = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  return linkage->sums[root];
}

static void
add_sum (Linkage *linkage,
         guint32  root,
         guint32  other,
         double   sum)
{
  GHashTable *sums = sums_of (linkage, root);
  double *value = g_hash_table_lookup (sums, GUINT_TO_POINTER (other));

  if (value == NULL)
    {
      value = g_new0 (double, 1);
      g_hash_table_insert (sums, GUINT_TO_POINTER (other), value);
    }
  *value += sum;
}

/* Queues the join of roots @a and @b if its mean reaches @threshold. */
static void
weigh (Linkage *linkage,
       guint32  a,
       guint32  b,
       double   sum,
       double   threshold)
{
  Join join = { sum / ((double) linkage->size[a] * linkage->size[b]), a, b, linkage->version[a], linkage->version[b] };

  if (join.mean >= threshold)
    heap_push (linkage->heap, &join);
}

/* Joins root @small into root @large. */
static void
join (Linkage *linkage,
      guint32  small,
      guint32  large,
      double   threshold)
{
  GHashTable *moved = g_steal_pointer (&linkage->sums[small]);
  GHashTableIter iter;
  gpointer key, value;

  linkage->parent[small] = large;
  linkage->size[large] += linkage->size[small];
  linkage->version[large]++;
  if (linkage->sums[large] != NULL)
    g_hash_table_remove (linkage->sums[large], GUINT_TO_POINTER (small));
  if (moved != NULL)
    {
      g_hash_table_iter_init (&iter, moved);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          guint32 other = GPOINTER_TO_UINT (key);

          if (other == large)
            continue;
          add_sum (linkage, large, other, *(double *) value);
          g_hash_table_remove (linkage->sums[other], GUINT_TO_POINTER (small));
          add_sum (linkage, other, large, *(double *) value);
        }
      g_hash_table_unref (moved);
    }
  /* Every neighbour's mean with the grown cluster is new. */
  if (linkage->sums[large] != NULL)
    {
      g_hash_table_iter_init (&iter, linkage->sums[large]);
      while (g_hash_table_iter_next (&iter, &key, &value))
        weigh (linkage, large, GPOINTER_TO_UINT (key), *(double *) value, threshold);
    }
}

/**
 * pr_pair_linkage:
 * @pairs: judged candidate pairs, each at most once
 * @n_records: more than the largest record number
 * @threshold: the probability from which a pair is a repeat
 *
 * Clusters @pairs by average linkage (see above).
 *
 * Returns: (transfer full): for each pair, 1 if it is at or above
 *   @threshold and its two records end in one cluster, else 0. The pairs
 *   marked 1 connect exactly the clusters.
 */
guint8 *
pr_pair_linkage (const PrScoredPair *pairs,
                 gsize               n_pairs,
                 gsize               n_records,
                 double              threshold)
{
  Linkage linkage;
  guint8 *linked = g_new0 (guint8, MAX (n_pairs, 1));

  g_return_val_if_fail (pairs != NULL || n_pairs == 0, linked);
  g_return_val_if_fail (n_records < G_MAXUINT32, linked);
  for (gsize i = 0; i < n_pairs; i++)
    g_return_val_if_fail (pairs[i].a < n_records && pairs[i].b < n_records, linked);

  linkage.parent = g_new (guint32, MAX (n_records, 1));
  linkage.size = g_new (guint32, MAX (n_records, 1));
  linkage.version = g_new0 (guint32, MAX (n_records, 1));
  linkage.sums = g_new0 (GHashTable *, MAX (n_records, 1));
  linkage.heap = g_array_new (FALSE, FALSE, sizeof (Join));
  for (gsize r = 0; r < n_records; r++)
    {
      linkage.parent[r] = (guint32) r;
      linkage.size[r] = 1;
    }
  /* Every candidate weighs in the means, those below the threshold too. */
  for (gsize i = 0; i < n_pairs; i++)
    if (pairs[i].a != pairs[i].b)
      {
        double p = MAX (pairs[i].probability, 0.0f);

        add_sum (&linkage, pairs[i].a, pairs[i].b, p);
        add_sum (&linkage, pairs[i].b, pairs[i].a, p);
      }
  for (gsize r = 0; r < n_records; r++)
    if (linkage.sums[r] != NULL)
      {
        GHashTableIter iter;
        gpointer key, value;

        g_hash_table_iter_init (&iter, linkage.sums[r]);
        while (g_hash_table_iter_next (&iter, &key, &value))
          if ((guint32) r < GPOINTER_TO_UINT (key))
            weigh (&linkage, (guint32) r, GPOINTER_TO_UINT (key), *(double *) value, threshold);
      }

  while (linkage.heap->len > 0)
    {
      Join next = heap_pop (linkage.heap);

      if (linkage.parent[next.a] != next.a || linkage.parent[next.b] != next.b ||
          linkage.version[next.a] != next.version_a || linkage.version[next.b] != next.version_b)
        continue;
      if (linkage.size[next.a] < linkage.size[next.b])
        join (&linkage, next.a, next.b, threshold);
      else
        join (&linkage, next.b, next.a, threshold);
    }

  for (gsize i = 0; i < n_pairs; i++)
    linked[i] = pairs[i].probability >= threshold && pairs[i].a != pairs[i].b &&
                pr_union_find_root (linkage.parent, pairs[i].a) == pr_union_find_root (linkage.parent, pairs[i].b);
  for (gsize r = 0; r < n_records; r++)
    if (linkage.sums[r] != NULL)
      g_hash_table_unref (linkage.sums[r]);
  g_free (linkage.sums);
  g_free (linkage.parent);
  g_free (linkage.size);
  g_free (linkage.version);
  g_array_unref (linkage.heap);
  return linked;
}

/**
 * pr_pair_linkage_cluster:
 * @pairs: (array length=n_pairs): judged candidates
 * @threshold: the probability from which a pair is a repeat
 * @rank: @constraints: @max_distances: as pr_clustering_new_constrained_full ()
 * @repeats: (out): how many of @pairs are at least @threshold, whether or
 *   not the linkage joined them
 *
 * The clusters a scan's second stage makes of its judged candidates:
 * pr_pair_linkage () at @threshold, with the reviewers' verdicts.
 *
 * Returns: (transfer full): the clustering
 */
PrClustering *
pr_pair_linkage_cluster (const guint64              *fingerprints,
                         gsize                       n_records,
                         const PrScoredPair         *pairs,
                         gsize                       n_pairs,
                         double                      threshold,
                         const guint32              *rank,
                         const PrClusterConstraints *constraints,
                         gboolean                    max_distances,
                         guint64                    *repeats)
{
  g_autoptr(GArray) accepted = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint8 *linked = pr_pair_linkage (pairs, n_pairs, n_records, threshold);

  *repeats = 0;
  for (gsize i = 0; i < n_pairs; i++)
    {
      *repeats += pairs[i].probability >= threshold;
      if (linked[i])
        g_array_append_val (accepted, ((PrPair) { pairs[i].a, pairs[i].b, pairs[i].distance }));
    }
  return pr_clustering_new_constrained_full (fingerprints, n_records, (const PrPair *) (gpointer) accepted->data,
                                             accepted->len, rank, constraints, max_distances);
}
