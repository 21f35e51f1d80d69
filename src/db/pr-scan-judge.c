/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan's second stage: the candidate pairs (within k, or sharing
 * passages) are judged one by one (pr-pair-judge.c), and those at least
 * as likely as the threshold join clusters by average linkage
 * (pr-pair-linkage.c), so that one strong link does not chain two
 * families. The verdicts still
 * bind: a confirmed repeat joins whatever its probability, a pair marked
 * not a repeat is kept apart.
 *
 * With a store, a pair the last complete scan judged with the same
 * weights, of the same two records as the judge reads them and with the
 * same petitioner evidence, keeps its probability (pr-store-judged.c):
 * judging it again would give the same number. Only the others are
 * judged, and every pair is kept for the next scan.
 */
#define G_LOG_DOMAIN "pr-scan-judge"

#include "config.h"

#include <stdlib.h>

#include "pr-pair-budget.h"
#include "pr-pair-judge-key.h"
#include "pr-pair-linkage.h"
#include "pr-scan.h"
#include "pr-short-pairs.h"
#include "pr-simhash.h"
#include "pr-store-judged.h"
#include "pr-store-short-texts.h"

static void
add_candidate (guint32  a,
               guint32  b,
               guint32  distance,
               gpointer user_data)
{
  PrScoredPair pair = { a, b, distance, -1 };

  g_array_append_val ((GArray *) user_data, pair);
}

/* Orders pairs by their first record, then their second: the order of a
 * scan's pairs, which pr_scored_pairs_find () searches. */
int
pr_scored_pairs_compare (gconstpointer x,
                         gconstpointer y)
{
  const PrScoredPair *p = x, *q = y;

  if (p->a != q->a)
    return p->a < q->a ? -1 : 1;
  return (p->b > q->b) - (p->b < q->b);
}

typedef struct {
  GArray *candidates;
  guint   k;
} WithinK;

static void
add_within_k (guint32  a,
              guint32  b,
              guint32  distance,
              gpointer user_data)
{
  WithinK *within = user_data;

  if (distance <= within->k)
    add_candidate (a, b, distance, within->candidates);
}

/* The candidates at @k: the pairs of @matches within @k and those sharing
 * passages, by record, each once. */
static GArray *
candidates_at (PrScanResult *result,
               PrMatches    *matches,
               guint         k)
{
  PrRecordSet *set = result->set;
  WithinK within = { g_array_new (FALSE, FALSE, sizeof (PrScoredPair)), k };
  guint kept = 0;

  pr_matches_foreach_pair (matches, add_within_k, &within);
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);

      add_candidate (part->a, part->b, pr_hamming_distance (set->fingerprints[part->a], set->fingerprints[part->b]),
                     within.candidates);
    }
  for (guint i = 0; i < result->short_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (result->short_pairs, PrPair, i);

      add_candidate (pair->a, pair->b, pr_hamming_distance (set->fingerprints[pair->a], set->fingerprints[pair->b]),
                     within.candidates);
    }
  g_array_sort (within.candidates, pr_scored_pairs_compare);
  for (guint i = 0; i < within.candidates->len; i++)
    if (kept == 0 || pr_scored_pairs_compare (&g_array_index (within.candidates, PrScoredPair, i),
                                     &g_array_index (within.candidates, PrScoredPair, kept - 1)) != 0)
      g_array_index (within.candidates, PrScoredPair, kept++) = g_array_index (within.candidates, PrScoredPair, i);
  g_array_set_size (within.candidates, kept);
  return within.candidates;
}

/* How many candidates candidates_at () would list, counted without
 * listing them: a campaign's letters are tens of millions of pairs at the
 * default k, and the list alone (with the copy its sort makes) would
 * pass the memory a process may use before the budget is asked. Pairs
 * sharing passages that are also within @k are counted once (they are
 * among @matches); so the count is never more than the list. */
static guint64
count_candidates_at (PrScanResult *result,
                     PrMatches    *matches,
                     guint         k)
{
  /* Every distance a 64-bit fingerprint pair can have, whatever the
   * matches' own k. */
  guint64 by_distance[65] = { 0 };
  guint64 n = 0;

  pr_matches_count_by_distance (matches, by_distance);
  for (guint d = 0; d <= MIN (k, 64); d++)
    n += by_distance[d];
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);

      n += pr_hamming_distance (result->set->fingerprints[part->a], result->set->fingerprints[part->b]) > k;
    }
  /* Short pairs also within k or sharing passages are counted twice:
   * never fewer than the list. */
  for (guint i = 0; i < result->short_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (result->short_pairs, PrPair, i);

      n += pr_hamming_distance (result->set->fingerprints[pair->a], result->set->fingerprints[pair->b]) > k;
    }
  return n;
}

/* What the short texts' pass gives: the pairs, and with a store the
 * short bodies it keeps. */
typedef struct {
  GArray      *pairs;   /* PrPair */
  PrRecordSet *set;
  GPtrArray   *ids;     /* (nullable): the short bodies' records */
  GPtrArray   *grams;   /* their 3-grams that an index can hold */
  GArray      *n_grams; /* guint32: their counts of distinct 3-grams */
} ShortSink;

static void
add_short_pair (guint32  a,
                guint32  b,
                double   containment,
                gpointer user_data)
{
  PrPair pair = { a, b };

  g_array_append_val (((ShortSink *) user_data)->pairs, pair);
}

static void
keep_short_body (guint32        index,
                 const guint64 *grams,
                 guint          n_grams,
                 guint          n_distinct,
                 gpointer       user_data)
{
  ShortSink *sink = user_data;
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_grams);
  guint32 distinct = n_distinct;

  g_array_append_vals (copy, grams, n_grams);
  g_array_append_val (sink->n_grams, distinct);
  g_ptr_array_add (sink->ids, g_strdup (sink->set->ids->pdata[index]));
  g_ptr_array_add (sink->grams, copy);
}

/* The short bodies reworded, found once for every k the candidates are
 * listed at; with @store, every short body with its 3-grams is kept for
 * its commit: the intake check finds a new text's short-text candidates
 * among them. */
static gboolean
ensure_short_pairs (PrScanResult    *result,
                    PrStore         *store,
                    const PrMapping *mapping,
                    guint            n_threads,
                    GCancellable    *cancellable,
                    GError         **error)
{
  PrShortPairOptions options;
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) grams = NULL;
  g_autoptr(GArray) n_grams = NULL;
  ShortSink sink = { NULL, result->set, NULL, NULL, NULL };

  if (result->short_pairs != NULL)
    return TRUE;
  sink.pairs = pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
  if (store != NULL)
    {
      sink.ids = ids = g_ptr_array_new_with_free_func (g_free);
      sink.grams = grams = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      sink.n_grams = n_grams = g_array_new (FALSE, FALSE, sizeof (guint32));
    }
  pr_short_pair_options_default (&options);
  if (!pr_short_pairs_find_in_set (mapping, result->set, &options, n_threads, add_short_pair,
                                   store != NULL ? keep_short_body : NULL, &sink, cancellable, error))
    return FALSE;
  if (store != NULL)
    pr_store_keep_short_texts (store, result->scan_id, g_steal_pointer (&ids), g_steal_pointer (&grams),
                               g_steal_pointer (&n_grams), &options);
  result->short_pairs = g_steal_pointer (&pairs);
  return TRUE;
}

/* The petitioner evidence of a pair, as the judge's feature reads it:
 * PrPetitionerKind + 1, 0 without identity columns. */
static guint8
petitioner_of (const PrRecordSet *set,
               guint32            a,
               guint32            b)
{
  return set->identities != NULL ? (guint8) (pr_record_set_compare_petitioners (set, a, b, NULL) + 1) : 0;
}

/* pr_pair_record_hash () of every record in a candidate pair (0 for
 * the others). The texts in a file are read, not mapped, as the judge
 * reads them (pr-pair-judge.c): a mapping of all of them would count in
 * the process's memory. */
static guint64 *
hash_records (const PrMapping    *mapping,
              const PrRecordSet  *set,
              const guint8       *needed,
              GError            **error)
{
  g_autofree guint64 *hashes = g_new0 (guint64, MAX (1, set->n_records));
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_autoptr(GByteArray) buffer = g_byte_array_new ();
  const char **texts = g_newa (const char *, MAX (1, pr_mapping_get_n_columns (mapping)));

  for (guint32 r = 0; r < set->n_records; r++)
    if (needed[r])
      {
        PrPairRecord record;

        if (set->text_file != NULL)
          {
            PrTextFileRecord kept;

            if (!pr_text_file_read (set->text_file, r, buffer, texts, &kept, error))
              return NULL;
            pr_pair_record_from_texts (mapping, (char *const *) texts, set->dates[r], 0, set->fingerprints[r],
                                       &record, body, fields);
          }
        else
          pr_pair_judge_record (mapping, set, r, &record, body, fields);
        hashes[r] = pr_pair_record_hash (set->ids->pdata[r], &record);
      }
  return g_steal_pointer (&hashes);
}

/* hash_records () of every record in a pair of @pairs (0 for the others). */
static guint64 *
hash_paired_records (const PrMapping    *mapping,
                     const PrRecordSet  *set,
                     const PrScoredPair *pairs,
                     gsize               n_pairs,
                     GError            **error)
{
  g_autofree guint8 *needed = g_new0 (guint8, MAX (1, set->n_records));

  for (gsize i = 0; i < n_pairs; i++)
    needed[pairs[i].a] = needed[pairs[i].b] = 1;
  return hash_records (mapping, set, needed, error);
}

/* Judges the pairs at @fresh_at of @pairs: with @for_clusters only those
 * that can change the clusters at @threshold (the others left −1), else
 * every one. */
static gboolean
judge_fresh (const PrMapping   *mapping,
             PrTokenizerFlags   flags,
             const PrPairModel *model,
             gboolean           for_clusters,
             double             threshold,
             const PrRecordSet *set,
             PrScoredPair      *pairs,
             gsize              n_pairs,
             GArray            *fresh_at,
             guint              n_threads,
             PrJudgeProgress   *progress,
             GCancellable      *cancellable,
             GError           **error)
{
  const gsize *at = (const gsize *) (gpointer) fresh_at->data;

  if (progress != NULL)
    g_atomic_int_set (&progress->total, (gint) fresh_at->len);
  if (for_clusters)
    return pr_pair_judge_score_linked_some (mapping, flags, model, threshold, set, pairs, n_pairs, at, fresh_at->len,
                                            n_threads, progress, cancellable, error);
  return pr_pair_judge_score_some (mapping, flags, model, set, pairs, at, fresh_at->len, n_threads, cancellable,
                                   error);
}

/* Takes the probabilities @kept holds for the candidates, judges the
 * others, and keeps them all for @store's commit. With @load's
 * judge_for_clusters, a pair that cannot change the clusters is proved
 * below the threshold without the word diff and kept as −1, not judged
 * (pr_pair_judge_score_linked_some ()); a kept −1 stays so while the
 * threshold is not lower than the one it was proved below. */
static gboolean
judge_with_store (PrScanResult        *result,
                  PrStore             *store,
                  const char          *table,
                  const PrMapping     *mapping,
                  const PrLoadOptions *load,
                  GCancellable        *cancellable,
                  GError             **error)
{
  PrRecordSet *set = result->set;
  PrScoredPair *pairs = (PrScoredPair *) (gpointer) result->scored->data;
  gsize n_pairs = result->scored->len;
  guint64 judge_key = pr_pair_judge_key (load->judge, load->flags, result->mapping_version);
  g_autoptr(GArray) kept = NULL;
  g_autofree guint64 *hashes = NULL;
  g_autoptr(GArray) judged = NULL;
  g_autoptr(GArray) missed_at = g_array_new (FALSE, FALSE, sizeof (gsize));
  gboolean last_judged = FALSE;
  double kept_threshold = -1;
  gboolean bounded;
  guint64 taken_judged = 0;

  if (!pr_store_get_last_judged (store, table, &last_judged, NULL, &kept_threshold, error) ||
      (kept = pr_store_load_judged (store, table, judge_key, error)) == NULL ||
      (hashes = hash_paired_records (mapping, set, pairs, n_pairs, error)) == NULL)
    return FALSE;
  bounded = load->judge_for_clusters;
  judged = g_array_sized_new (FALSE, FALSE, sizeof (PrJudgedPair), n_pairs);
  for (gsize i = 0; i < n_pairs; i++)
    {
      PrJudgedPair key = { hashes[pairs[i].a], hashes[pairs[i].b], petitioner_of (set, pairs[i].a, pairs[i].b), 0 };
      const PrJudgedPair *found = pr_judged_pairs_find (kept, &key);

      if (found != NULL &&
          (found->probability >= 0 || (bounded && kept_threshold >= 0 && load->judge_probability >= kept_threshold)))
        {
          pairs[i].probability = found->probability;
          taken_judged += found->probability >= 0;
        }
      else
        g_array_append_val (missed_at, i);
      g_array_append_val (judged, key);
    }
  result->judged_taken = n_pairs - missed_at->len;
  g_clear_pointer (&kept, g_array_unref);

  if (!judge_fresh (mapping, load->flags, load->judge, bounded, load->judge_probability, set, pairs, n_pairs,
                    missed_at, load->n_threads, NULL, cancellable, error))
    return FALSE;
  /* A pair left −1 was not judged, and a taken −1 in a group of repeats
   * was: the summary counts the pairs this scan gave a number. */
  result->judged_now = 0;
  result->unjudged = 0;
  for (gsize i = 0; i < n_pairs; i++)
    if (pairs[i].probability >= 0)
      result->judged_now++;
    else
      result->unjudged++;
  result->judged_now -= taken_judged;
  for (gsize i = 0; i < n_pairs; i++)
    g_array_index (judged, PrJudgedPair, i).probability = pairs[i].probability;
  pr_judged_pairs_sort (judged);
  pr_store_keep_judged (store, result->scan_id, judge_key, load->judge_probability, g_steal_pointer (&judged));
  return TRUE;
}

/* Judges every candidate of @result (or, with @store, those whose
 * judgement it does not hold) and clusters those at or above @load's
 * judge_probability; keeps the judged pairs in result->scored. */
PrClustering *
_pr_scan_judge (PrScanResult               *result,
                PrStore                    *store,
                const char                 *table,
                const PrMapping            *mapping,
                const PrLoadOptions        *load,
                const guint32              *rank,
                const PrClusterConstraints *constraints,
                GCancellable               *cancellable,
                GError                    **error)
{
  PrRecordSet *set = result->set;
  GArray *candidates;
  PrClustering *clustering;
  gint64 start = g_get_monotonic_time ();

  if (!ensure_short_pairs (result, store, mapping, load->n_threads, cancellable, error))
    return NULL;
  /* A campaign's letters: stopped before the candidates are listed and
   * judged, which would run out of memory, not after. */
  if (pr_pair_budget_judged_exceeded (count_candidates_at (result, result->matches, result->k), result->k,
                                      load->advice, error))
    return NULL;
  candidates = candidates_at (result, result->matches, result->k);
  result->scored = candidates;
  result->probability = load->judge_probability;
  if (pr_pair_budget_judged_exceeded (candidates->len, result->k, load->advice, error))
    return NULL;

  if (store != NULL)
    {
      if (!judge_with_store (result, store, table, mapping, load, cancellable, error))
        return NULL;
    }
  /* A confirmed repeat joins records whatever their pairs' numbers, so
   * the clusters no longer lie within the groups the repeats join. Such
   * constraints come only from a store's decisions today, whose scan
   * leaves unjudged only pairs the linkage (which reads no constraint)
   * cannot join; the guard keeps the bound exact for any other caller
   * that passes them. */
  else if (load->judge_for_clusters && (constraints == NULL || constraints->n_must == 0))
    {
      if (!pr_pair_judge_score_linked (mapping, load->flags, load->judge, load->judge_probability, set,
                                       (PrScoredPair *) (gpointer) candidates->data, candidates->len,
                                       load->n_threads, cancellable, error))
        return NULL;
    }
  else if (!pr_pair_judge_score (mapping, load->flags, load->judge, set,
                                 (PrScoredPair *) (gpointer) candidates->data, candidates->len, load->n_threads,
                                 cancellable, error))
    return NULL;
  /* The pairs judged repeats, whether or not the linkage joined them. */
  clustering = pr_pair_linkage_cluster (set->fingerprints, set->n_records,
                                        (const PrScoredPair *) (gpointer) candidates->data, candidates->len,
                                        load->judge_probability, rank, constraints, TRUE, &result->counts.pairs);
  result->judge_seconds = (g_get_monotonic_time () - start) / 1e6;
  return clustering;
}

/* The candidates found otherwise than by distance (sharing passages or
 * short texts), by record: a candidate at every k. */
static GArray *
candidates_at_any_k (PrScanResult *result)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));

  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);
      PrScoredPair pair = { MIN (part->a, part->b), MAX (part->a, part->b), 0, -1 };

      g_array_append_val (pairs, pair);
    }
  for (guint i = 0; i < result->short_pairs->len; i++)
    {
      const PrPair *short_pair = &g_array_index (result->short_pairs, PrPair, i);
      PrScoredPair pair = { MIN (short_pair->a, short_pair->b), MAX (short_pair->a, short_pair->b), 0, -1 };

      g_array_append_val (pairs, pair);
    }
  g_array_sort (pairs, pr_scored_pairs_compare);
  return pairs;
}

/**
 * pr_scan_result_judge_preview:
 * @result: a scan with a second stage (result->scored set)
 * @preview: (transfer none): a preview of @result's records, not yet
 *   shared with another thread
 * @flags: @model: as the scan judged by
 * @progress: (nullable): counts the candidates judged, for a progress bar
 *   on another thread
 * @advice: whether a refusal names flags or the window's controls
 *
 * Judges the candidates at the preview's kmax once (those the scan judged
 * keep their probability), so that the preview clusters at every k up to
 * it as a scan with the second stage at that k does: the candidates at
 * k ⊆ those at kmax, and a pair left unjudged is between two groups of
 * repeats at kmax, so between two at any smaller k
 * (pr_pair_judge_score_linked ()). The reviewers' verdicts do not change
 * that: the linkage reads none of them, and pr_pair_linkage_cluster ()
 * applies them to the pairs it joined, so a pair left unjudged weighs in
 * no k's clusters whatever the verdicts are, then or later. Whoever
 * shows such a pair's number judges it (pr_pair_judge_score_some ()). When the candidates
 * at kmax are more than the second stage judges in memory, the preview
 * stops at the largest k whose are not.
 *
 * Returns: %FALSE with @error set on failure or cancel
 */
gboolean
pr_scan_result_judge_preview (PrScanResult       *result,
                              PrThresholdPreview *preview,
                              const PrMapping    *mapping,
                              PrTokenizerFlags    flags,
                              const PrPairModel  *model,
                              guint               n_threads,
                              PrAdvice            advice,
                              PrJudgeProgress    *progress,
                              GCancellable       *cancellable,
                              GError            **error)
{
  PrMatches *matches = pr_threshold_preview_get_matches (preview);
  guint kmax = pr_threshold_preview_get_kmax (preview);
  g_autoptr(GArray) candidates = NULL;
  g_autoptr(GArray) any_k_pairs = NULL;
  g_autoptr(GArray) fresh_at = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autofree guint8 *any_k = NULL;
  guint64 n_candidates;

  g_return_val_if_fail (result->scored != NULL, FALSE);

  if (!ensure_short_pairs (result, NULL, mapping, n_threads, cancellable, error))
    return FALSE;
  /* The scan's own k fitted; a larger one may not. */
  n_candidates = count_candidates_at (result, matches, kmax);
  while (kmax > result->k && n_candidates > pr_pair_budget_get_judged ())
    n_candidates = count_candidates_at (result, matches, --kmax);
  if (pr_pair_budget_judged_exceeded (n_candidates, kmax, advice, error))
    return FALSE;
  candidates = candidates_at (result, matches, kmax);
  if (pr_pair_budget_judged_exceeded (candidates->len, kmax, advice, error))
    return FALSE;
  any_k_pairs = candidates_at_any_k (result);
  any_k = g_new0 (guint8, MAX (1, candidates->len));
  for (gsize i = 0; i < candidates->len; i++)
    {
      PrScoredPair *pair = &g_array_index (candidates, PrScoredPair, i);
      const PrScoredPair *known = pr_scan_result_find_scored (result, pair->a, pair->b);

      any_k[i] = pr_scored_pairs_find (any_k_pairs, pair->a, pair->b) != NULL;
      if (known != NULL && known->probability >= 0)
        pair->probability = known->probability;
      else
        g_array_append_val (fresh_at, i);
    }
  g_clear_pointer (&any_k_pairs, g_array_unref);
  if (!judge_fresh (mapping, flags, model, TRUE, result->probability, result->set,
                    (PrScoredPair *) (gpointer) candidates->data, candidates->len, fresh_at, n_threads, progress,
                    cancellable, error))
    return FALSE;
  pr_threshold_preview_set_judged (preview, kmax, g_steal_pointer (&candidates), g_steal_pointer (&any_k),
                                   result->probability);
  return TRUE;
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
  return pr_scored_pairs_find (result->scored, a, b);
}

/**
 * pr_scored_pairs_find:
 * @scored: (nullable) (element-type PrScoredPair): pairs sorted by record
 *
 * Returns: (nullable): the pair of records @a and @b in @scored, in
 *   either order
 */
const PrScoredPair *
pr_scored_pairs_find (GArray  *scored,
                      guint32  a,
                      guint32  b)
{
  PrScoredPair key = { MIN (a, b), MAX (a, b), 0, 0 };

  /* An empty array's data may be NULL, which bsearch () must not get. */
  if (scored == NULL || scored->len == 0)
    return NULL;
  return bsearch (&key, scored->data, scored->len, sizeof key, pr_scored_pairs_compare);
}

/**
 * pr_scan_stored_judged:
 * @result: the last complete scan of @table, opened from @store
 *   (pr_scan_open_stored ())
 * @mapping: the mapping it was opened with
 *
 * The second stage's judgements of the pairs of @result's records, as
 * the scan found them: the store keeps every pair it judged, keyed by
 * each record as the judge read it and the pair's petitioner evidence
 * (pr-store-judged.c). A pair whose records read otherwise now (edited
 * since) is left out rather than given the scan's number for other text.
 *
 * A pair the scan proved below its threshold without the word diff is
 * there with probability −1, not judged: whoever shows or weighs its
 * number judges it (pr_pair_judge_score_some ()).
 *
 * The store keeps no list of the short texts' pairs, which can be all
 * that joined a member to its case: @result, without pairs of short texts
 * of its own, takes every judged pair beyond its k as such, so that the
 * case's graph and risk hold them. A passage pair among them is one edge
 * with its passages' once those are read (pr_graph_new () joins them).
 *
 * Returns: (transfer full) (nullable) (element-type PrScoredPair): the
 *   pairs, sorted by record (pr_scored_pairs_find ()); %NULL without
 *   @error when the scan had no second stage or @result holds no texts
 *   (opened without one), with @error on failure
 */
GArray *
pr_scan_stored_judged (PrScanResult     *result,
                       PrStore          *store,
                       const char       *table,
                       const PrMapping  *mapping,
                       GError          **error)
{
  PrRecordSet *set = result->set;
  g_autoptr(GArray) kept = NULL;
  g_autoptr(GArray) scored = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autoptr(GHashTable) record_of = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree guint8 *needed = g_new0 (guint8, MAX (1, set->n_records));
  g_autofree guint64 *hashes = NULL;
  gboolean judged = FALSE;
  guint64 judge_key = 0;

  /* Without texts (opened with no second stage) the records cannot be
   * read as the judge read them: no probabilities rather than a guess. */
  if (!pr_record_set_has_texts (set))
    return NULL;
  if (!pr_store_get_last_judged (store, table, &judged, &judge_key, NULL, error))
    return NULL;
  if (!judged)
    return NULL;
  if ((kept = pr_store_load_judged (store, table, judge_key, error)) == NULL)
    return NULL;
  /* A member deleted since is there with its id alone: not judged. */
  for (guint32 r = 0; r < set->n_records; r++)
    needed[r] = !(set->sparse[r] && set->fingerprints[r] == 0);
  if ((hashes = hash_records (mapping, set, needed, error)) == NULL)
    return NULL;
  for (guint32 r = 0; r < set->n_records; r++)
    if (needed[r])
      g_hash_table_insert (record_of, &hashes[r], GUINT_TO_POINTER (r + 1));
  for (guint i = 0; i < kept->len; i++)
    {
      const PrJudgedPair *pair = &g_array_index (kept, PrJudgedPair, i);
      guint a = GPOINTER_TO_UINT (g_hash_table_lookup (record_of, &pair->hash_a));
      guint b = GPOINTER_TO_UINT (g_hash_table_lookup (record_of, &pair->hash_b));
      PrScoredPair one;

      if (a == 0 || b == 0 || a == b)
        continue;
      one = (PrScoredPair) { MIN (a, b) - 1, MAX (a, b) - 1, 0, pair->probability };
      if (petitioner_of (set, one.a, one.b) != pair->petitioner)
        continue;
      one.distance = pr_hamming_distance (set->fingerprints[one.a], set->fingerprints[one.b]);
      g_array_append_val (scored, one);
    }
  g_array_sort (scored, pr_scored_pairs_compare);
  if (result->short_pairs == NULL)
    {
      result->short_pairs = g_array_new (FALSE, FALSE, sizeof (PrPair));
      for (guint i = 0; i < scored->len; i++)
        {
          const PrScoredPair *one = &g_array_index (scored, PrScoredPair, i);

          if (one->distance > result->k)
            g_array_append_val (result->short_pairs, ((PrPair) { one->a, one->b, one->distance }));
        }
    }
  return g_steal_pointer (&scored);
}
