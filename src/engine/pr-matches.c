/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * All near-duplicate pairs of a set of records, kept in a form whose size
 * does not explode: records with the same fingerprint form one group, the
 * block index runs on one fingerprint per group, and the record pairs are
 * expanded only when someone asks for each of them.
 *
 * Why: a campaign of 30,000 identical petitions is 450 million record pairs,
 * which the index would find and store (10 GB); as a group it is one entry.
 * Clustering needs connectivity only, and gets a spanning set of pairs:
 * each group's records chained to its first, and one pair per pair of groups.
 */
#define G_LOG_DOMAIN "pr-matches"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-matches.h"
#include "pr-pair-budget.h"
#include "pr-simhash.h"

struct _PrMatches
{
  guint    k;
  gsize    n_groups;
  guint32 *group_start;   /* n_groups + 1 offsets into members */
  guint32 *members;       /* record indices, grouped by fingerprint, ascending in a group */
  GArray  *group_pairs;   /* PrPair over group indices, distance >= 1 */
};

void
pr_matches_free (PrMatches *matches)
{
  if (matches == NULL)
    return;

  g_free (matches->group_start);
  g_free (matches->members);
  g_clear_pointer (&matches->group_pairs, g_array_unref);
  g_free (matches);
}

/* Sorts @index (records) by their fingerprints: LSD radix on 16-bit digits,
 * stable, so a group's records stay in ascending order. */
static void
sort_by_fingerprint (const guint64 *fingerprints,
                     guint32       *index,
                     gsize          n)
{
  g_autofree guint32 *scratch = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *count = g_new (guint32, 1 << 16);
  guint32 *from = index, *to = scratch;

  for (guint shift = 0; shift < 64; shift += 16)
    {
      guint32 sum = 0;

      memset (count, 0, sizeof (guint32) << 16);
      for (gsize i = 0; i < n; i++)
        count[(fingerprints[from[i]] >> shift) & 0xFFFF]++;
      for (guint d = 0; d < 1 << 16; d++)
        {
          guint32 c = count[d];

          count[d] = sum;
          sum += c;
        }
      for (gsize i = 0; i < n; i++)
        to[count[(fingerprints[from[i]] >> shift) & 0xFFFF]++] = from[i];

      guint32 *t = from;
      from = to;
      to = t;
    }

  /* Four passes: the result is back in @index. */
  g_assert (from == index);
}

/**
 * pr_matches_find:
 * @fingerprints: one per record
 * @skip: (nullable): records to leave out where non-zero (sparse ones)
 * @n_fingerprints: the number of records, below 2^32
 * @k: the largest Hamming distance of a pair
 * @n_threads: threads for the block index, 0 for all
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Finds every pair of records within @k bits, exactly as
 * pr_block_index_all_pairs() would, without listing them.
 *
 * Returns: (transfer full) (nullable): the matches
 */
PrMatches *
pr_matches_find (const guint64  *fingerprints,
                 const guint8   *skip,
                 gsize           n_fingerprints,
                 guint           k,
                 guint           n_threads,
                 GCancellable   *cancellable,
                 GError        **error)
{
  g_autoptr(PrMatches) matches = NULL;
  g_autofree guint64 *distinct = NULL;
  gsize n = 0;

  g_return_val_if_fail (fingerprints != NULL || n_fingerprints == 0, NULL);

  if (n_fingerprints > G_MAXUINT32)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%zu records are more than the index takes"), n_fingerprints);
      return NULL;
    }

  matches = g_new0 (PrMatches, 1);
  matches->k = k;
  matches->members = g_new (guint32, MAX (n_fingerprints, 1));
  for (gsize i = 0; i < n_fingerprints; i++)
    if (skip == NULL || !skip[i])
      matches->members[n++] = i;
  sort_by_fingerprint (fingerprints, matches->members, n);

  matches->group_start = g_new (guint32, n + 1);
  distinct = g_new (guint64, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    if (i == 0 || fingerprints[matches->members[i]] != fingerprints[matches->members[i - 1]])
      {
        distinct[matches->n_groups] = fingerprints[matches->members[i]];
        matches->group_start[matches->n_groups++] = i;
      }
  matches->group_start[matches->n_groups] = n;

  matches->group_pairs = pr_block_index_all_pairs (distinct, matches->n_groups, k, n_threads,
                                                   cancellable, error);
  if (matches->group_pairs == NULL)
    return NULL;

  return g_steal_pointer (&matches);
}

static guint64
group_size (PrMatches *matches,
            gsize      group)
{
  return matches->group_start[group + 1] - matches->group_start[group];
}

/**
 * pr_matches_count_pairs:
 * @matches: a #PrMatches
 *
 * Returns: the number of record pairs within k, counted, not listed
 */
guint64
pr_matches_count_pairs (PrMatches *matches)
{
  guint64 total = 0;

  g_return_val_if_fail (matches != NULL, 0);

  for (gsize g = 0; g < matches->n_groups; g++)
    total += group_size (matches, g) * (group_size (matches, g) - 1) / 2;
  for (guint i = 0; i < matches->group_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (matches->group_pairs, PrPair, i);

      total += group_size (matches, pair->a) * group_size (matches, pair->b);
    }

  return total;
}

/**
 * pr_matches_foreach_pair:
 * @matches: a #PrMatches
 * @func: called for each pair of records within k
 * @user_data: passed to @func
 *
 * Lists every pair once: first the pairs of identical fingerprints, group
 * by group, then the pairs across groups.
 */
void
pr_matches_foreach_pair (PrMatches  *matches,
                         PrPairFunc  func,
                         gpointer    user_data)
{
  g_return_if_fail (matches != NULL);
  g_return_if_fail (func != NULL);

  for (gsize g = 0; g < matches->n_groups; g++)
    for (guint32 i = matches->group_start[g]; i < matches->group_start[g + 1]; i++)
      for (guint32 j = i + 1; j < matches->group_start[g + 1]; j++)
        func (matches->members[i], matches->members[j], 0, user_data);

  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *pair = &g_array_index (matches->group_pairs, PrPair, p);

      for (guint32 i = matches->group_start[pair->a]; i < matches->group_start[pair->a + 1]; i++)
        for (guint32 j = matches->group_start[pair->b]; j < matches->group_start[pair->b + 1]; j++)
          {
            guint32 a = matches->members[i], b = matches->members[j];

            func (MIN (a, b), MAX (a, b), pair->distance, user_data);
          }
    }
}

/* The records of group @g flagged in @in, at most @max of them. */
static guint32
group_members_in (PrMatches    *matches,
                  gsize         g,
                  const guint8 *in,
                  guint32       max,
                  guint32      *out)
{
  guint32 n = 0;

  for (guint32 i = matches->group_start[g]; i < matches->group_start[g + 1] && n < max; i++)
    if (in[matches->members[i]])
      out[n++] = matches->members[i];
  return n;
}

static void
emit (PrPairFunc func,
      guint32    a,
      guint32    b,
      guint32    distance,
      gpointer   user_data)
{
  func (MIN (a, b), MAX (a, b), distance, user_data);
}

/* A record of a group with its label, for pr_matches_foreach_pair_labelled (). */
typedef struct {
  guint32 label;
  guint32 record;
} Labelled;

static int
compare_labelled (gconstpointer a,
                  gconstpointer b)
{
  const Labelled *x = a, *y = b;

  if (x->label != y->label)
    return x->label < y->label ? -1 : 1;
  return x->record < y->record ? -1 : x->record > y->record;
}

/**
 * pr_matches_foreach_pair_labelled:
 * @matches: a #PrMatches
 * @label: (array): per record, the set it belongs to (a cluster), or 0
 *   for none
 * @func: called for each pair of two records of one label, @a < @b
 * @user_data: passed to @func
 *
 * For every label at once, the pairs pr_matches_foreach_pair_among ()
 * gives with @all %FALSE for the records of that label: the same bridges
 * and connections within each label, and no pair between two labels. One
 * pass over the groups and the pairs of groups, where a pass per label
 * would be one per cluster.
 */
void
pr_matches_foreach_pair_labelled (PrMatches     *matches,
                                  const guint32 *label,
                                  PrPairFunc     func,
                                  gpointer       user_data)
{
  gsize n_members;
  g_autofree Labelled *sorted = NULL;
  g_autofree guint32 *start = NULL;

  g_return_if_fail (matches != NULL);
  g_return_if_fail (label != NULL);
  g_return_if_fail (func != NULL);

  /* Each group's labelled records, sorted by label: a group's records of
   * one label are then a run. */
  n_members = matches->group_start[matches->n_groups];
  sorted = g_new (Labelled, MAX (n_members, 1));
  start = g_new (guint32, matches->n_groups + 1);
  for (gsize g = 0, n = 0; g < matches->n_groups; g++)
    {
      start[g] = n;
      for (guint32 i = matches->group_start[g]; i < matches->group_start[g + 1]; i++)
        if (label[matches->members[i]] != 0)
          sorted[n++] = (Labelled) { label[matches->members[i]], matches->members[i] };
      qsort (sorted + start[g], n - start[g], sizeof (Labelled), compare_labelled);
      start[g + 1] = n;
    }

  for (gsize g = 0; g < matches->n_groups; g++)
    for (guint32 i = start[g]; i < start[g + 1]; )
      {
        guint32 end = i;

        while (end < start[g + 1] && sorted[end].label == sorted[i].label)
          end++;
        if (end - i == 2)
          emit (func, sorted[i].record, sorted[i + 1].record, 0, user_data);
        else if (end - i > 2)
          for (guint32 j = i; j < end; j++)
            emit (func, sorted[j].record, sorted[j + 1 < end ? j + 1 : i].record, 0, user_data);
        i = end;
      }

  /* Two groups: per label in both, at most two records of each. */
  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *pair = &g_array_index (matches->group_pairs, PrPair, p);
      guint32 i = start[pair->a], j = start[pair->b];

      while (i < start[pair->a + 1] && j < start[pair->b + 1])
        {
          guint32 l = sorted[i].label, ia = i, jb = j;

          if (sorted[j].label < l)
            {
              j++;
              continue;
            }
          if (sorted[j].label > l)
            {
              i++;
              continue;
            }
          while (i < start[pair->a + 1] && sorted[i].label == l)
            i++;
          while (j < start[pair->b + 1] && sorted[j].label == l)
            j++;
          for (guint32 x = ia; x < MIN (i, ia + 2); x++)
            for (guint32 y = jb; y < MIN (j, jb + 2); y++)
              emit (func, sorted[x].record, sorted[y].record, pair->distance, user_data);
        }
    }
}

/**
 * pr_matches_foreach_pair_among:
 * @matches: a #PrMatches
 * @in: (array): per record, nonzero for the records wanted (a cluster's)
 * @all: %TRUE for every pair among them; %FALSE for enough pairs to keep
 *   the same bridges and the same connections
 * @func: called for each pair of two wanted records, @a < @b
 * @user_data: passed to @func
 *
 * A cluster's pairs for its pair graph. With @all %FALSE a group of m >= 3
 * identical records gives a cycle of m pairs instead of its m(m-1)/2, and
 * two groups gives at most four pairs between them (a cycle through two of
 * each; a record and a group, two): every pair left out joins two records
 * that the pairs given join twice over, so it is on a cycle, never a
 * bridge, and leaving it out changes no bridge and no connection. That is
 * what keeps a campaign of 30,000 identical records a graph of 30,000
 * edges. The cost is a pass over the groups and the pairs of groups.
 */
void
pr_matches_foreach_pair_among (PrMatches    *matches,
                               const guint8 *in,
                               gboolean      all,
                               PrPairFunc    func,
                               gpointer      user_data)
{
  g_autofree guint32 *a_in = NULL;
  g_autofree guint32 *b_in = NULL;
  guint32 largest = 2;

  g_return_if_fail (matches != NULL);
  g_return_if_fail (in != NULL);
  g_return_if_fail (func != NULL);

  for (gsize g = 0; g < matches->n_groups; g++)
    largest = MAX (largest, (guint32) group_size (matches, g));
  a_in = g_new (guint32, largest);
  b_in = g_new (guint32, largest);

  for (gsize g = 0; g < matches->n_groups; g++)
    {
      guint32 m = group_members_in (matches, g, in, largest, a_in);

      if (m < 2)
        continue;
      if (all)
        for (guint32 i = 0; i < m; i++)
          for (guint32 j = i + 1; j < m; j++)
            emit (func, a_in[i], a_in[j], 0, user_data);
      else if (m == 2)
        emit (func, a_in[0], a_in[1], 0, user_data);
      else
        for (guint32 i = 0; i < m; i++)
          emit (func, a_in[i], a_in[(i + 1) % m], 0, user_data);
    }

  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *pair = &g_array_index (matches->group_pairs, PrPair, p);
      guint32 cap = all ? largest : 2;
      guint32 ma = group_members_in (matches, pair->a, in, cap, a_in);
      guint32 mb = ma > 0 ? group_members_in (matches, pair->b, in, cap, b_in) : 0;

      if (all)
        for (guint32 i = 0; i < ma; i++)
          for (guint32 j = 0; j < mb; j++)
            emit (func, a_in[i], b_in[j], pair->distance, user_data);
      else if (ma > 0 && mb > 0)
        {
          emit (func, a_in[0], b_in[0], pair->distance, user_data);
          if (mb == 2)
            emit (func, a_in[0], b_in[1], pair->distance, user_data);
          if (ma == 2)
            emit (func, a_in[1], b_in[0], pair->distance, user_data);
          if (ma == 2 && mb == 2)
            emit (func, a_in[1], b_in[1], pair->distance, user_data);
        }
    }
}

/**
 * pr_matches_spanning_pairs:
 * @matches: a #PrMatches
 *
 * Pairs enough to connect what the matches connect: within a group, each
 * record to the group's first; across groups, the groups' first records.
 * Their number is at most the records plus the pairs of groups.
 *
 * Returns: (transfer full): a #GArray of #PrPair over record indices
 */
GArray *
pr_matches_spanning_pairs (PrMatches *matches)
{
  GArray *pairs;

  g_return_val_if_fail (matches != NULL, NULL);

  pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
  for (gsize g = 0; g < matches->n_groups; g++)
    for (guint32 i = matches->group_start[g] + 1; i < matches->group_start[g + 1]; i++)
      {
        PrPair pair = { matches->members[matches->group_start[g]], matches->members[i], 0 };

        g_array_append_val (pairs, pair);
      }
  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *group_pair = &g_array_index (matches->group_pairs, PrPair, p);
      guint32 a = matches->members[matches->group_start[group_pair->a]];
      guint32 b = matches->members[matches->group_start[group_pair->b]];
      PrPair pair = { MIN (a, b), MAX (a, b), group_pair->distance };

      g_array_append_val (pairs, pair);
    }

  return pairs;
}

/**
 * pr_matches_count_by_distance:
 * @matches: a #PrMatches
 * @counts: (out caller-allocates) (array fixed-size=k+1): set to the
 *   number of record pairs at each distance 0..k of the matches' k
 *
 * Counted from the groups, not listed: a group of identical fingerprints
 * of size s is s(s−1)/2 pairs at distance 0.
 */
void
pr_matches_count_by_distance (PrMatches *matches,
                              guint64   *counts)
{
  g_return_if_fail (matches != NULL);
  g_return_if_fail (counts != NULL);

  memset (counts, 0, (matches->k + 1) * sizeof (guint64));
  for (gsize g = 0; g < matches->n_groups; g++)
    counts[0] += group_size (matches, g) * (group_size (matches, g) - 1) / 2;
  for (guint i = 0; i < matches->group_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (matches->group_pairs, PrPair, i);

      counts[pair->distance] += group_size (matches, pair->a) * group_size (matches, pair->b);
    }
}

/* Keeps @samples the @max smallest pairs by (a, b) seen so far. */
static void
keep_smallest (PrPair  *samples,
               guint   *n_samples,
               guint    max,
               PrPair   pair)
{
  guint at = *n_samples;

  while (at > 0 && (samples[at - 1].a > pair.a || (samples[at - 1].a == pair.a && samples[at - 1].b > pair.b)))
    at--;
  if (at >= max)
    return;
  memmove (samples + at + 1, samples + at, (MIN (*n_samples, max - 1) - at) * sizeof (PrPair));
  samples[at] = pair;
  *n_samples = MIN (*n_samples + 1, max);
}

/**
 * pr_matches_sample_pairs:
 * @matches: a #PrMatches
 * @distance: a distance, at most the matches' k
 * @samples: (out caller-allocates) (array length=max): the pairs
 * @max: how many at most
 *
 * A few record pairs at @distance, chosen so that the same records give
 * the same samples: of the pairs of groups at @distance (of identical
 * fingerprints at 0), each given by the groups' first records, those
 * with the lowest record indices (a, then b).
 *
 * Returns: the number of pairs written to @samples
 */
guint
pr_matches_sample_pairs (PrMatches *matches,
                         guint      distance,
                         PrPair    *samples,
                         guint      max)
{
  guint n_samples = 0;

  g_return_val_if_fail (matches != NULL, 0);
  g_return_val_if_fail (distance <= matches->k, 0);

  if (max == 0)
    return 0;
  if (distance == 0)
    {
      for (gsize g = 0; g < matches->n_groups; g++)
        if (group_size (matches, g) >= 2)
          {
            PrPair pair = { matches->members[matches->group_start[g]],
                            matches->members[matches->group_start[g] + 1], 0 };

            keep_smallest (samples, &n_samples, max, pair);
          }
      return n_samples;
    }
  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *group_pair = &g_array_index (matches->group_pairs, PrPair, p);
      guint32 a, b;

      if (group_pair->distance != distance)
        continue;
      a = matches->members[matches->group_start[group_pair->a]];
      b = matches->members[matches->group_start[group_pair->b]];
      keep_smallest (samples, &n_samples, max, (PrPair) { MIN (a, b), MAX (a, b), distance });
    }
  return n_samples;
}

/**
 * pr_matches_cluster:
 * @matches: the pairs of records within the matches' k
 * @k: the threshold to cluster at, at most the matches' k: only the
 *   pairs within @k count, so matches found once at a larger k serve
 *   every smaller one
 * @fingerprints: the records' fingerprints, as given to pr_matches_find()
 * @n_fingerprints: their number
 * @part_pairs: (array length=n_part_pairs) (nullable): pairs of records
 *   that share parts (pr-parts.c), at any distance; their distance field
 *   is not read
 * @n_part_pairs: their number
 * @rank: (nullable): as for pr_clustering_new()
 * @constraints: (nullable): the reviewers' verdicts
 * @max_distances: whether each cluster's largest distance is wanted (see
 *   pr_clustering_new_constrained_full ())
 * @n_pairs: (out) (optional): the record pairs within @k plus the part
 *   pairs farther apart than @k
 * @error: return location for a #GError
 *
 * The clusters a scan at @k makes: the pairs within @k and the part
 * pairs, through pr_clustering_new_constrained(). Without cannot-links a
 * spanning set of pairs connects the same records; with them every pair
 * of the components they fall in is given, since a cut may leave records
 * joined another way (pr_clustering_mark_connected()). Those pairs are
 * counted first and held only within the pair budget (pr-pair-budget.c):
 * a campaign of thousands of identical records that a cannot-link falls
 * in would be millions of pairs.
 *
 * Returns: (transfer full): the clustering, or %NULL with @error set
 *   (%G_IO_ERROR_NO_SPACE) if the pairs would pass the budget
 */
/* The pairs within @k and the part pairs farther apart: in the groups and
 * pairs of groups whose records are marked in @every, every pair; in the
 * others (all of them when @every is NULL) one record to the group's
 * first, and one pair to a pair of groups, which connect the same. Counts
 * every pair in @total. Appends them to @pairs, or with @pairs NULL only
 * counts them: returns how many it lists. */
static guint64
collect_cluster_pairs (PrMatches     *matches,
                       guint          k,
                       const guint64 *fingerprints,
                       const PrPair  *part_pairs,
                       gsize          n_part_pairs,
                       const guint8  *every,
                       GArray        *pairs,
                       guint64       *total)
{
  guint64 listed = 0;

  *total = 0;
  for (gsize g = 0; g < matches->n_groups; g++)
    {
      guint32 start = matches->group_start[g], end = matches->group_start[g + 1];
      gboolean all = every != NULL && every[matches->members[start]];
      guint64 size = group_size (matches, g);

      *total += size * (size - 1) / 2;
      listed += all ? size * (size - 1) / 2 : size - 1;
      for (guint32 i = start; pairs != NULL && i < (all ? end : start + 1); i++)
        for (guint32 j = i + 1; j < end; j++)
          {
            PrPair pair = { matches->members[i], matches->members[j], 0 };

            g_array_append_val (pairs, pair);
          }
    }
  for (guint p = 0; p < matches->group_pairs->len; p++)
    {
      const PrPair *group_pair = &g_array_index (matches->group_pairs, PrPair, p);
      guint64 n;
      gboolean all;

      if (group_pair->distance > k)
        continue;
      all = every != NULL && every[matches->members[matches->group_start[group_pair->a]]];
      n = group_size (matches, group_pair->a) * group_size (matches, group_pair->b);
      *total += n;
      listed += all ? n : 1;
      for (guint32 i = matches->group_start[group_pair->a]; pairs != NULL && i < matches->group_start[group_pair->a + 1]; i++)
        {
          for (guint32 j = matches->group_start[group_pair->b]; j < matches->group_start[group_pair->b + 1]; j++)
            {
              guint32 a = matches->members[i], b = matches->members[j];
              PrPair pair = { MIN (a, b), MAX (a, b), group_pair->distance };

              g_array_append_val (pairs, pair);
              if (!all)
                break;
            }
          if (!all)
            break;
        }
    }
  /* Nearer part pairs are among the pairs within k already. */
  for (gsize p = 0; p < n_part_pairs; p++)
    {
      guint32 distance = pr_hamming_distance (fingerprints[part_pairs[p].a], fingerprints[part_pairs[p].b]);

      if (distance > k)
        {
          PrPair pair = { part_pairs[p].a, part_pairs[p].b, distance };

          if (pairs != NULL)
            g_array_append_val (pairs, pair);
          (*total)++;
          listed++;
        }
    }
  return listed;
}

PrClustering *
pr_matches_cluster (PrMatches                  *matches,
                    guint                       k,
                    const guint64              *fingerprints,
                    gsize                       n_fingerprints,
                    const PrPair               *part_pairs,
                    gsize                       n_part_pairs,
                    const guint32              *rank,
                    const PrClusterConstraints *constraints,
                    gboolean                    max_distances,
                    guint64                    *n_pairs,
                    GError                    **error)
{
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint8 *cut = NULL;
  guint64 total = 0, needed;

  g_return_val_if_fail (matches != NULL, NULL);
  g_return_val_if_fail (k <= matches->k, NULL);

  collect_cluster_pairs (matches, k, fingerprints, part_pairs, n_part_pairs, NULL, pairs, &total);
  if (constraints != NULL && constraints->n_cannot > 0)
    {
      /* A cut needs every pair, not a spanning set: the records a
       * cannot-link separates may still be joined another way. Only in
       * the components a cannot-link falls in, though: elsewhere the
       * spanning set clusters the same, and a campaign of thousands of
       * identical records elsewhere stays thousands of pairs, not millions. */
      cut = g_new (guint8, MAX (n_fingerprints, 1));
      g_array_append_vals (pairs, constraints->must, constraints->n_must);
      pr_clustering_mark_connected (n_fingerprints, (const PrPair *) (gpointer) pairs->data, pairs->len,
                                    constraints->cannot, constraints->n_cannot, cut);
      /* Counted before they are listed: the listing itself is what
       * would not fit. */
      needed = collect_cluster_pairs (matches, k, fingerprints, part_pairs, n_part_pairs, cut, NULL, &total);
      if (needed > pr_pair_budget_get ())
        {
          g_autofree char *size = g_format_size (needed * sizeof (PrPair));

          /* Not pr_pair_budget_set_error (): a lower k does nothing for
           * identical records, and the verdicts are the cause here. */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("the “not a repeat” decisions cannot be applied at k = %u: to keep their records apart, "
                         "the %llu pairs of records joined to them (%s) must be listed, more than "
                         "memory holds (room for %zu pairs). The records share most of their text: a "
                         "campaign, a template or boilerplate. Scan with a lower k, or leave the boilerplate out "
                         "(--idf-max-share 0.5, --part-max-records N); if the records are identical letters, "
                         "review the “not a repeat” decisions on them, or scan on a computer with more memory"),
                       k, (unsigned long long) needed, size, (size_t) pr_pair_budget_get ());
          return NULL;
        }
      g_array_set_size (pairs, 0);
      collect_cluster_pairs (matches, k, fingerprints, part_pairs, n_part_pairs, cut, pairs, &total);
    }
  if (n_pairs != NULL)
    *n_pairs = total;
  return pr_clustering_new_constrained_full (fingerprints, n_fingerprints, (const PrPair *) (gpointer) pairs->data,
                                             pairs->len, rank, constraints, max_distances);
}
