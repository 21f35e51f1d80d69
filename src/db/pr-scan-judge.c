/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan's second stage: the candidate pairs (within k, or sharing
 * passages) are judged one by one (pr-pair-judge.c), and those at least
 * as likely as the threshold join clusters by average linkage
 * (pr-pair-linkage.c), so that one strong link does not chain two
 * families. The verdicts still
 * bind: a confirmed repeat joins whatever its probability, a pair marked
 * not a repeat is kept apart.
 */
#define G_LOG_DOMAIN "pr-scan-judge"

#include "config.h"

#include <stdlib.h>

#include "pr-pair-linkage.h"
#include "pr-scan.h"
#include "pr-simhash.h"

static void
add_candidate (guint32  a,
               guint32  b,
               guint32  distance,
               gpointer user_data)
{
  PrScoredPair pair = { a, b, distance, -1 };

  g_array_append_val ((GArray *) user_data, pair);
}

static int
compare_scored (gconstpointer x,
                gconstpointer y)
{
  const PrScoredPair *p = x, *q = y;

  if (p->a != q->a)
    return p->a < q->a ? -1 : 1;
  return (p->b > q->b) - (p->b < q->b);
}

/* Judges every candidate of @result and clusters those at or above
 * @load's judge_probability; keeps the judged pairs in result->scored. */
PrClustering *
_pr_scan_judge (PrScanResult               *result,
                const PrMapping            *mapping,
                const PrLoadOptions        *load,
                const guint32              *rank,
                const PrClusterConstraints *constraints,
                GCancellable               *cancellable,
                GError                    **error)
{
  PrRecordSet *set = result->set;
  GArray *candidates = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autoptr(GArray) accepted = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint8 *linked = NULL;
  gint64 start = g_get_monotonic_time ();
  guint kept = 0, repeats = 0;

  pr_matches_foreach_pair (result->matches, add_candidate, candidates);
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);

      add_candidate (part->a, part->b, pr_hamming_distance (set->fingerprints[part->a], set->fingerprints[part->b]),
                     candidates);
    }
  g_array_sort (candidates, compare_scored);
  for (guint i = 0; i < candidates->len; i++)
    if (kept == 0 || compare_scored (&g_array_index (candidates, PrScoredPair, i),
                                     &g_array_index (candidates, PrScoredPair, kept - 1)) != 0)
      g_array_index (candidates, PrScoredPair, kept++) = g_array_index (candidates, PrScoredPair, i);
  g_array_set_size (candidates, kept);
  result->scored = candidates;
  result->probability = load->judge_probability;

  if (!pr_pair_judge_score (mapping, load->flags, load->judge, set, (PrScoredPair *) (gpointer) candidates->data,
                            candidates->len, load->n_threads, cancellable, error))
    return NULL;
  linked = pr_pair_linkage ((const PrScoredPair *) (gpointer) candidates->data, candidates->len, set->n_records,
                            load->judge_probability);
  for (guint i = 0; i < candidates->len; i++)
    {
      const PrScoredPair *scored = &g_array_index (candidates, PrScoredPair, i);

      repeats += scored->probability >= load->judge_probability;
      if (linked[i])
        g_array_append_val (accepted, ((PrPair) { scored->a, scored->b, scored->distance }));
    }
  /* The pairs judged repeats, whether or not the linkage joined them. */
  result->counts.pairs = repeats;
  result->judge_seconds = (g_get_monotonic_time () - start) / 1e6;
  return pr_clustering_new_constrained_full (set->fingerprints, set->n_records, (const PrPair *) (gpointer) accepted->data,
                                             accepted->len, rank, constraints, TRUE);
}

/**
 * pr_scan_result_find_scored:
 *
 * Returns: (nullable): the second stage's judgement of the pair of records
 *   @a and @b, in either order; %NULL if it was no candidate or the scan
 *   had no second stage.
 */
const PrScoredPair *
pr_scan_result_find_scored (PrScanResult *result,
                            guint32       a,
                            guint32       b)
{
  PrScoredPair key = { MIN (a, b), MAX (a, b), 0, 0 };

  if (result->scored == NULL)
    return NULL;
  return bsearch (&key, result->scored->data, result->scored->len, sizeof key, compare_scored);
}
