/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Near-duplicate clusters: the connected components of the pair graph.
 *
 * Components come from a union–find with union by size and path
 * compression, so building is near-linear in pairs + fingerprints.  A
 * cluster's max_distance is taken over all member pairs, not only linked
 * ones: with chaining (a–b–c, each link <= k) the ends can be far apart,
 * and that is exactly what a reviewer needs to see.
 */
#define G_LOG_DOMAIN "pr-cluster"

#include "pr-cluster.h"
#include "pr-simhash.h"
#include "pr-union-find.h"

#include <stdlib.h>
#include <string.h>

#define NO_CLUSTER G_MAXUINT32

struct _PrClustering {
  guint      n_clusters;
  PrCluster *clusters;
  /* Every cluster's members and distances live in these two arrays, in
   * cluster order; PrCluster points into them. */
  guint32   *members;
  guint32   *distances;
};

static int
compare_u64 (const void *a,
             const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

typedef struct {
  guint32 id;
  guint32 size;
  guint32 primary;
  guint32 primary_rank;
} ClusterInfo;

/* Size descending, then the primary's rank ascending (then its index). */
static int
compare_cluster_info (const void *a,
                      const void *b)
{
  const ClusterInfo *x = a, *y = b;

  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  if (x->primary_rank != y->primary_rank)
    return x->primary_rank < y->primary_rank ? -1 : 1;
  return (x->primary > y->primary) - (x->primary < y->primary);
}

/* The largest distance between any two members.  Identical fingerprints
 * are collapsed first, which makes clusters of exact duplicates cheap.
 *
 * Then every pair is bounded through a pivot p by the triangle
 * inequality, d(x, y) <= d(x, p) + d(p, y): with the members in
 * descending order of their distance to p, a row stops at the first
 * partner whose bound cannot beat the largest distance found, and the
 * scan stops when a row's first bound cannot. Exact, and what makes a
 * chained cluster of tens of thousands of members (a large k joins them)
 * cost little more than its members instead of their square. The pivot
 * is the member farthest from the first, so that the far ends of a chain
 * are found at once. @scratch holds 2 × @n_members values. */
__attribute__((target_clones ("default", "popcnt")))
static guint32
max_pairwise_distance (const guint64 *fingerprints,
                       const guint32 *members,
                       guint32        n_members,
                       guint64       *scratch)
{
  guint64 *by_pivot = scratch + n_members;
  guint32 n_distinct = 0;
  guint32 count[65] = { 0 };
  guint64 pivot;
  guint max = 0, far = 0;

  for (guint32 i = 0; i < n_members; i++)
    scratch[i] = fingerprints[members[i]];
  qsort (scratch, n_members, sizeof (guint64), compare_u64);
  for (guint32 i = 0; i < n_members; i++)
    if (n_distinct == 0 || scratch[n_distinct - 1] != scratch[i])
      scratch[n_distinct++] = scratch[i];
  if (n_distinct < 2)
    return 0;

  for (guint32 i = 1; i < n_distinct; i++)
    if ((guint) __builtin_popcountll (scratch[0] ^ scratch[i]) > far)
      {
        far = (guint) __builtin_popcountll (scratch[0] ^ scratch[i]);
        pivot = scratch[i];
      }
  if (far == 0)
    pivot = scratch[0];
  /* Descending distance to the pivot: a counting sort on 0..64. */
  for (guint32 i = 0; i < n_distinct; i++)
    count[64 - __builtin_popcountll (scratch[i] ^ pivot)]++;
  for (guint d = 0, sum = 0; d <= 64; d++)
    {
      guint32 c = count[d];

      count[d] = sum;
      sum += c;
    }
  for (guint32 i = 0; i < n_distinct; i++)
    by_pivot[count[64 - __builtin_popcountll (scratch[i] ^ pivot)]++] = scratch[i];

  /* The pivot and the farthest from it are a pair. */
  max = (guint) __builtin_popcountll (by_pivot[0] ^ pivot);
  for (guint32 i = 0; i + 1 < n_distinct && max < 64; i++)
    {
      guint64 x = by_pivot[i];
      guint dx = (guint) __builtin_popcountll (x ^ pivot);

      if (dx + (guint) __builtin_popcountll (by_pivot[i + 1] ^ pivot) <= max)
        break;
      for (guint32 j = i + 1; j < n_distinct; j++)
        {
          guint d;

          if (dx + (guint) __builtin_popcountll (by_pivot[j] ^ pivot) <= max)
            break;
          d = (guint) __builtin_popcountll (x ^ by_pivot[j]);
          max = MAX (max, d);
        }
    }
  return max;
}

/**
 * pr_clustering_new:
 * @fingerprints: (array length=n_fingerprints): the fingerprints the pairs
 *   index into; read during the call only
 * @n_fingerprints: number of fingerprints
 * @pairs: (array length=n_pairs): pairs with a, b < @n_fingerprints, e.g.
 *   from pr_block_index_all_pairs(); any order, duplicates allowed
 * @n_pairs: number of pairs
 * @rank: (array length=n_fingerprints) (nullable): ordering of the records,
 *   smaller is a better primary (earliest date, then lowest id); %NULL
 *   means the index itself.  Equal ranks are broken by the index.
 *
 * Groups the fingerprints into the connected components of @pairs and keeps
 * the components with at least two members.  Each cluster lists its primary
 * (smallest rank) first and the other members by ascending rank; clusters
 * are ordered by size descending, then by the primary's rank.
 *
 * Returns: (transfer full): a new clustering; free with
 *   pr_clustering_free().  %NULL if a pair is out of range.
 */
PrClustering *
pr_clustering_new (const guint64 *fingerprints,
                   gsize          n_fingerprints,
                   const PrPair  *pairs,
                   gsize          n_pairs,
                   const guint32 *rank)
{
  return pr_clustering_new_constrained (fingerprints, n_fingerprints, pairs, n_pairs, rank, NULL);
}

typedef struct {
  guint64 high;  /* distance << 32 | a */
  guint64 low;   /* b << 32 | the pair's index */
} PairKey;

static int
compare_pair_keys (const void *a,
                   const void *b)
{
  const PairKey *x = a, *y = b;

  if (x->high != y->high)
    return x->high < y->high ? -1 : 1;
  return (x->low > y->low) - (x->low < y->low);
}

/* The components as far as the constraints allow: must-links first, then
 * the pairs nearest first, each joining two components unless that would
 * put a cannot-link pair together. A component's constrained records are
 * kept in a list at its root, so a join looks only at those of the
 * smaller side. */
static void
link_constrained (guint32                    *parent,
                  guint32                    *size,
                  guint32                     n,
                  const PrPair               *pairs,
                  gsize                       n_pairs,
                  const PrClusterConstraints *constraints)
{
  g_autofree guint32 *partner_start = g_new0 (guint32, (gsize) n + 1);
  g_autofree guint32 *partners = g_new (guint32, MAX (2 * constraints->n_cannot, 1));
  g_autofree guint32 *filled = g_new0 (guint32, n);
  g_autoptr(GPtrArray) lists = g_ptr_array_new_full (n, NULL);
  g_autofree PairKey *order = NULL;

  /* Each record's cannot-link partners, side by side. */
  for (gsize c = 0; c < constraints->n_cannot; c++)
    {
      partner_start[constraints->cannot[c].a + 1]++;
      partner_start[constraints->cannot[c].b + 1]++;
    }
  for (guint32 i = 0; i < n; i++)
    partner_start[i + 1] += partner_start[i];
  for (gsize c = 0; c < constraints->n_cannot; c++)
    {
      guint32 a = constraints->cannot[c].a, b = constraints->cannot[c].b;

      partners[partner_start[a] + filled[a]++] = b;
      partners[partner_start[b] + filled[b]++] = a;
    }
  g_ptr_array_set_size (lists, n);
  for (guint32 i = 0; i < n; i++)
    if (partner_start[i + 1] > partner_start[i])
      {
        GArray *list = g_array_new (FALSE, FALSE, sizeof (guint32));

        g_array_append_val (list, i);
        lists->pdata[i] = list;
      }

  /* A must-link joins whatever; a pair, unless a cannot-link pair would
   * end up in one component. */
  for (gsize step = 0; step < constraints->n_must + n_pairs; step++)
    {
      gboolean must = step < constraints->n_must;
      const PrPair *pair;
      guint32 ra, rb;
      GArray *small, *large;
      gboolean allowed = TRUE;

      if (!must && order == NULL)
        {
          /* Nearest first, then by the records: an order of the pairs
           * themselves, not of the array, so that the same pairs make
           * the same cut however they were found (a scan at k, or a
           * threshold preview filtering pairs found at a larger k). */
          order = g_new (PairKey, MAX (n_pairs, 1));
          for (gsize p = 0; p < n_pairs; p++)
            {
              order[p].high = ((guint64) pairs[p].distance << 32) | pairs[p].a;
              order[p].low = ((guint64) pairs[p].b << 32) | (guint32) p;
            }
          qsort (order, n_pairs, sizeof (PairKey), compare_pair_keys);
        }
      pair = must ? &constraints->must[step] : &pairs[(guint32) order[step - constraints->n_must].low];
      ra = pr_union_find_root (parent, pair->a);
      rb = pr_union_find_root (parent, pair->b);
      if (ra == rb)
        continue;
      if (size[ra] < size[rb])
        {
          guint32 t = ra;

          ra = rb;
          rb = t;
        }
      small = lists->pdata[rb];
      large = lists->pdata[ra];
      for (guint i = 0; !must && small != NULL && large != NULL && allowed && i < small->len; i++)
        {
          guint32 x = g_array_index (small, guint32, i);

          for (guint32 p = partner_start[x]; p < partner_start[x + 1] && allowed; p++)
            allowed = pr_union_find_root (parent, partners[p]) != ra;
        }
      if (!allowed)
        continue;
      parent[rb] = ra;
      size[ra] += size[rb];
      if (small != NULL && large == NULL)
        lists->pdata[ra] = small;
      else if (small != NULL)
        {
          g_array_append_vals (large, small->data, small->len);
          g_array_unref (small);
        }
      lists->pdata[rb] = NULL;
    }
  for (guint32 i = 0; i < n; i++)
    if (lists->pdata[i] != NULL)
      g_array_unref (lists->pdata[i]);
}

/**
 * pr_clustering_new_constrained:
 * @constraints: (nullable): the reviewer's verdicts; %NULL or none: the
 *   connected components of @pairs, as pr_clustering_new () gives
 *
 * Like pr_clustering_new (), with must-link and cannot-link pairs (see
 * #PrClusterConstraints). With cannot-links the order of joining matters:
 * nearer pairs join first, so a cut falls on the farther link. A must-link
 * is kept even against a cannot-link (a confirmed repeat is the stronger
 * word).
 *
 * Returns: (transfer full): a new clustering; %NULL if a pair is out of range
 */
PrClustering *
pr_clustering_new_constrained (const guint64              *fingerprints,
                               gsize                       n_fingerprints,
                               const PrPair               *pairs,
                               gsize                       n_pairs,
                               const guint32              *rank,
                               const PrClusterConstraints *constraints)
{
  return pr_clustering_new_constrained_full (fingerprints, n_fingerprints, pairs, n_pairs, rank, constraints, TRUE);
}

/**
 * pr_clustering_new_constrained_full:
 * @max_distances: whether to find each cluster's largest internal
 *   distance; without, max_distance is %PR_CLUSTER_DISTANCE_UNKNOWN. A
 *   chained cluster of hundreds of thousands of records (a large k on
 *   templated petitions) costs seconds to minutes there; the members
 *   alone cost little.
 *
 * pr_clustering_new_constrained (), with the choice.
 */
PrClustering *
pr_clustering_new_constrained_full (const guint64              *fingerprints,
                                    gsize                       n_fingerprints,
                                    const PrPair               *pairs,
                                    gsize                       n_pairs,
                                    const guint32              *rank,
                                    const PrClusterConstraints *constraints,
                                    gboolean                    max_distances)
{
  PrClustering *clustering;
  guint32 *parent, *size, *cluster_of;
  guint32 *clustered;
  ClusterInfo *info;
  guint32 *slot;
  guint64 *scratch;
  guint32 n = (guint32) n_fingerprints;
  guint32 n_clusters = 0;
  gsize n_clustered = 0, at = 0;
  guint32 largest = 0;

  g_return_val_if_fail (fingerprints != NULL || n_fingerprints == 0, NULL);
  g_return_val_if_fail (pairs != NULL || n_pairs == 0, NULL);
  g_return_val_if_fail (n_fingerprints <= G_MAXUINT32, NULL);
  for (gsize p = 0; p < n_pairs; p++)
    g_return_val_if_fail (pairs[p].a < n && pairs[p].b < n, NULL);

  if (constraints != NULL)
    {
      for (gsize p = 0; p < constraints->n_must; p++)
        g_return_val_if_fail (constraints->must[p].a < n && constraints->must[p].b < n, NULL);
      for (gsize p = 0; p < constraints->n_cannot; p++)
        g_return_val_if_fail (constraints->cannot[p].a < n && constraints->cannot[p].b < n, NULL);
    }

  clustering = g_new0 (PrClustering, 1);
  if (n < 2 || (n_pairs == 0 && (constraints == NULL || constraints->n_must == 0)))
    return clustering;

  parent = g_new (guint32, n);
  size = g_new (guint32, n);
  for (guint32 i = 0; i < n; i++)
    {
      parent[i] = i;
      size[i] = 1;
    }
  if (constraints != NULL && (constraints->n_must > 0 || constraints->n_cannot > 0))
    link_constrained (parent, size, n, pairs, n_pairs, constraints);
  else
    for (gsize p = 0; p < n_pairs; p++)
      pr_union_find_join_by_size (parent, size, pairs[p].a, pairs[p].b);

  /* Number the components with >= 2 members; cluster_of[] maps each
   * record to its cluster id (or NO_CLUSTER), reusing the parent array's
   * role once the roots are known. */
  cluster_of = g_new (guint32, n);
  for (guint32 i = 0; i < n; i++)
    cluster_of[i] = NO_CLUSTER;
  for (guint32 i = 0; i < n; i++)
    if (parent[i] == i && size[i] >= 2)
      cluster_of[i] = n_clusters++;
  info = g_new0 (ClusterInfo, MAX (n_clusters, 1));
  for (guint32 i = 0; i < n; i++)
    if (parent[i] == i && size[i] >= 2)
      {
        info[cluster_of[i]].id = cluster_of[i];
        info[cluster_of[i]].size = size[i];
        n_clustered += size[i];
        largest = MAX (largest, size[i]);
      }
  for (guint32 i = 0; i < n; i++)
    cluster_of[i] = cluster_of[pr_union_find_root (parent, i)];
  g_free (size);
  g_free (parent);

  /* All clustered records, sorted by rank once: scattering them into their
   * clusters in this order leaves every cluster sorted by rank, primary
   * first. */
  clustered = g_new (guint32, n_clustered);
  for (guint32 i = 0; i < n; i++)
    if (cluster_of[i] != NO_CLUSTER)
      clustered[at++] = i;
  if (rank != NULL)
    {
      /* Sort (rank << 32 | index) keys: ties in rank fall back to the index,
       * which keeps the result deterministic. */
      guint64 *keys = g_new (guint64, n_clustered);

      for (gsize m = 0; m < n_clustered; m++)
        keys[m] = ((guint64) rank[clustered[m]] << 32) | clustered[m];
      /* g_new () of none is NULL, which qsort () may not be given. */
      if (n_clustered > 1)
        qsort (keys, n_clustered, sizeof (guint64), compare_u64);
      for (gsize m = 0; m < n_clustered; m++)
        clustered[m] = (guint32) keys[m];
      g_free (keys);
    }

  for (gsize m = n_clustered; m-- > 0;)
    {
      ClusterInfo *c = &info[cluster_of[clustered[m]]];

      /* Walking backwards, the last write is the best-ranked member. */
      c->primary = clustered[m];
      c->primary_rank = rank != NULL ? rank[clustered[m]] : clustered[m];
    }

  qsort (info, n_clusters, sizeof (ClusterInfo), compare_cluster_info);

  clustering->n_clusters = n_clusters;
  clustering->clusters = g_new0 (PrCluster, n_clusters);
  clustering->members = g_new (guint32, n_clustered);
  clustering->distances = g_new (guint32, n_clustered);

  /* slot[id]: next free position of cluster id in the shared arrays. */
  slot = g_new (guint32, n_clusters);
  at = 0;
  for (guint32 c = 0; c < n_clusters; c++)
    {
      PrCluster *cluster = &clustering->clusters[c];

      cluster->n_members = info[c].size;
      cluster->members = clustering->members + at;
      cluster->distances = clustering->distances + at;
      slot[info[c].id] = (guint32) at;
      at += info[c].size;
    }
  for (gsize m = 0; m < n_clustered; m++)
    clustering->members[slot[cluster_of[clustered[m]]]++] = clustered[m];

  scratch = max_distances ? g_new (guint64, 2 * (gsize) largest) : NULL;
  for (guint32 c = 0; c < n_clusters; c++)
    {
      PrCluster *cluster = &clustering->clusters[c];
      guint64 primary_fp = fingerprints[cluster->members[0]];

      for (guint32 i = 0; i < cluster->n_members; i++)
        cluster->distances[i] = pr_hamming_distance (primary_fp,
                                                     fingerprints[cluster->members[i]]);
      cluster->max_distance = max_distances ? max_pairwise_distance (fingerprints, cluster->members,
                                                                     cluster->n_members, scratch)
                                            : PR_CLUSTER_DISTANCE_UNKNOWN;
    }

  g_free (scratch);
  g_free (slot);
  g_free (clustered);
  g_free (info);
  g_free (cluster_of);

  return clustering;
}

/**
 * pr_clustering_free:
 * @clustering: (nullable) (transfer full): a clustering
 *
 * Frees @clustering, its clusters and their member arrays.
 */
/**
 * pr_clustering_mark_connected:
 * @pairs: (array length=n_pairs): the pairs that join records
 * @seeds: (array length=n_seeds): pairs whose two records are seeds
 * @marked: (array length=n_records): set to 1 for every record that @pairs
 *   connect to a seed (the seeds too), to 0 for the others
 *
 * Which records share a component with a constraint: a cannot-link
 * changes only its own component's clustering, so only there does the
 * clustering need every pair rather than a spanning forest.
 */
void
pr_clustering_mark_connected (gsize         n_records,
                              const PrPair *pairs,
                              gsize         n_pairs,
                              const PrPair *seeds,
                              gsize         n_seeds,
                              guint8       *marked)
{
  g_autofree guint32 *parent = NULL;
  g_autofree guint32 *size = NULL;
  guint32 n = (guint32) n_records;

  g_return_if_fail (n_records <= G_MAXUINT32);
  parent = g_new (guint32, MAX (n, 1));
  size = g_new (guint32, MAX (n, 1));
  for (guint32 i = 0; i < n; i++)
    {
      parent[i] = i;
      size[i] = 1;
      marked[i] = 0;
    }
  for (gsize p = 0; p < n_pairs; p++)
    {
      g_return_if_fail (pairs[p].a < n && pairs[p].b < n);
      pr_union_find_join_by_size (parent, size, pairs[p].a, pairs[p].b);
    }
  for (gsize s = 0; s < n_seeds; s++)
    {
      g_return_if_fail (seeds[s].a < n && seeds[s].b < n);
      marked[pr_union_find_root (parent, seeds[s].a)] = 1;
      marked[pr_union_find_root (parent, seeds[s].b)] = 1;
    }
  for (guint32 i = 0; i < n; i++)
    marked[i] = marked[pr_union_find_root (parent, i)];
}

void
pr_clustering_free (PrClustering *clustering)
{
  if (clustering == NULL)
    return;
  g_free (clustering->clusters);
  g_free (clustering->members);
  g_free (clustering->distances);
  g_free (clustering);
}

/**
 * pr_clustering_get_n_clusters:
 * @clustering: a clustering
 *
 * Returns: the number of clusters (components with at least two members)
 */
guint
pr_clustering_get_n_clusters (PrClustering *clustering)
{
  g_return_val_if_fail (clustering != NULL, 0);

  return clustering->n_clusters;
}

/**
 * pr_clustering_get_cluster:
 * @clustering: a clustering
 * @index: a cluster index, less than pr_clustering_get_n_clusters()
 *
 * Returns: (transfer none): the cluster; owned by @clustering and valid
 *   until it is freed
 */
const PrCluster *
pr_clustering_get_cluster (PrClustering *clustering,
                           guint         index)
{
  g_return_val_if_fail (clustering != NULL, NULL);
  g_return_val_if_fail (index < clustering->n_clusters, NULL);

  return &clustering->clusters[index];
}
