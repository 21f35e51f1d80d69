/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A threshold preview: what a scan would have found at another k, from
 * the fingerprints alone.
 *
 * The pairs within k are a subset of the pairs within any larger k, so
 * one search at kmax = k + 3 (the block index is exact up to 15) serves
 * every k' ≤ kmax: the clustering at k' takes the pairs within k' of it.
 * The clustering is pr_matches_cluster(), the call a scan makes, with the
 * scan's part pairs and the reviewers' verdicts, so at k' = k the figures
 * are the scan's.
 *
 * A scan with a second stage joins its candidates by their probability,
 * not their distance: the candidates at kmax (the pairs within it and
 * those sharing passages or short texts, at any distance) are judged
 * once (pr_threshold_preview_set_judged ()), and those at k' are the
 * pairs within k' of them and the ones found otherwise, joined as the
 * scan joins them (pr_pair_linkage_cluster ()). Reference counted: the
 * application's workers share it.
 */
#define G_LOG_DOMAIN "pr-threshold-preview"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-pair-budget.h"
#include "pr-pair-linkage.h"
#include "pr-threshold-preview.h"

struct _PrThresholdPreview
{
  guint      k;
  guint      kmax;
  gsize      n;
  guint64   *fingerprints;
  guint32   *rank;          /* nullable */
  PrMatches *matches;       /* at kmax */
  PrPair    *part_pairs;
  gsize      n_part_pairs;
  guint64    counts[PR_BLOCK_INDEX_MAX_K + 1];
  PrPair     samples[PR_BLOCK_INDEX_MAX_K + 1][PR_THRESHOLD_PREVIEW_SAMPLES];
  guint      n_samples[PR_BLOCK_INDEX_MAX_K + 1];
  /* With a second stage: the candidates at kmax judged, by record, and
   * which of them are candidates at every k. */
  GArray    *judged;
  guint8    *any_k;
  double     probability;
  /* The kmax the pairs were found up to, when the judged candidates
   * stopped short of it (else 0). */
  guint      kmax_found;
};

static void
preview_clear (PrThresholdPreview *preview)
{
  g_free (preview->fingerprints);
  g_free (preview->rank);
  g_clear_pointer (&preview->matches, pr_matches_free);
  g_free (preview->part_pairs);
  g_clear_pointer (&preview->judged, g_array_unref);
  g_free (preview->any_k);
}

/**
 * pr_threshold_preview_new:
 * @fingerprints: (array length=n_fingerprints): the records' fingerprints;
 *   copied
 * @skip: (nullable): records never paired on their fingerprint (sparse)
 * @n_fingerprints: the number of records
 * @k: the scan's k, which the figures are compared with
 * @part_pairs: (array length=n_part_pairs) (nullable): the scan's pairs of
 *   records sharing parts, at any distance; copied
 * @n_part_pairs: their number
 * @rank: (nullable): the records' order as primaries; copied
 * @n_threads: threads for the block index, 0 for all
 * @cancellable: (nullable): cancels the search
 * @error: return location for a #GError
 *
 * Finds every pair within kmax = min (@k + 3, 15) once: the long part,
 * to be run off the main thread.
 *
 * Returns: (transfer full) (nullable): the preview
 */
PrThresholdPreview *
pr_threshold_preview_new (const guint64  *fingerprints,
                          const guint8   *skip,
                          gsize           n_fingerprints,
                          guint           k,
                          const PrPair   *part_pairs,
                          gsize           n_part_pairs,
                          const guint32  *rank,
                          guint           n_threads,
                          GCancellable   *cancellable,
                          GError        **error)
{
  g_autoptr(PrThresholdPreview) preview = NULL;

  g_return_val_if_fail (fingerprints != NULL || n_fingerprints == 0, NULL);
  g_return_val_if_fail (k <= PR_BLOCK_INDEX_MAX_K, NULL);

  preview = g_atomic_rc_box_new0 (PrThresholdPreview);
  preview->k = k;
  preview->kmax = MIN (k + PR_THRESHOLD_PREVIEW_MARGIN, PR_BLOCK_INDEX_MAX_K);
  preview->n = n_fingerprints;
  preview->fingerprints = g_memdup2 (fingerprints, n_fingerprints * sizeof (guint64));
  preview->rank = rank != NULL ? g_memdup2 (rank, n_fingerprints * sizeof (guint32)) : NULL;
  preview->part_pairs = g_memdup2 (part_pairs, n_part_pairs * sizeof (PrPair));
  preview->n_part_pairs = n_part_pairs;

  preview->matches = pr_matches_find (fingerprints, skip, n_fingerprints, preview->kmax, n_threads,
                                      cancellable, error);
  if (preview->matches == NULL)
    return NULL;

  pr_matches_count_by_distance (preview->matches, preview->counts);
  for (guint d = 0; d <= preview->kmax; d++)
    preview->n_samples[d] = pr_matches_sample_pairs (preview->matches, d, preview->samples[d],
                                                     PR_THRESHOLD_PREVIEW_SAMPLES);

  return g_steal_pointer (&preview);
}

PrThresholdPreview *
pr_threshold_preview_ref (PrThresholdPreview *preview)
{
  g_return_val_if_fail (preview != NULL, NULL);

  return g_atomic_rc_box_acquire (preview);
}

void
pr_threshold_preview_unref (PrThresholdPreview *preview)
{
  if (preview != NULL)
    g_atomic_rc_box_release_full (preview, (GDestroyNotify) preview_clear);
}

guint
pr_threshold_preview_get_k (PrThresholdPreview *preview)
{
  g_return_val_if_fail (preview != NULL, 0);

  return preview->k;
}

/* Returns: the largest k the preview can cluster at */
guint
pr_threshold_preview_get_kmax (PrThresholdPreview *preview)
{
  g_return_val_if_fail (preview != NULL, 0);

  return preview->kmax;
}

/**
 * pr_threshold_preview_get_count:
 * @preview: a preview
 * @distance: 0..kmax
 *
 * Returns: the number of record pairs (not skipped) at exactly @distance
 */
guint64
pr_threshold_preview_get_count (PrThresholdPreview *preview,
                                guint               distance)
{
  g_return_val_if_fail (preview != NULL, 0);
  g_return_val_if_fail (distance <= preview->kmax, 0);

  return preview->counts[distance];
}

/**
 * pr_threshold_preview_get_samples:
 * @preview: a preview
 * @distance: 0..kmax
 * @n_samples: (out): their number, at most #PR_THRESHOLD_PREVIEW_SAMPLES
 *
 * Returns: (transfer none) (array length=n_samples): a few pairs at
 *   @distance, the same for the same records (pr_matches_sample_pairs())
 */
const PrPair *
pr_threshold_preview_get_samples (PrThresholdPreview *preview,
                                  guint               distance,
                                  guint              *n_samples)
{
  g_return_val_if_fail (preview != NULL, NULL);
  g_return_val_if_fail (distance <= preview->kmax, NULL);

  *n_samples = preview->n_samples[distance];
  return preview->samples[distance];
}

/**
 * pr_threshold_preview_set_judged:
 * @preview: a preview not yet shared with another thread
 * @kmax: the largest k judged, at most the preview's kmax: the preview
 *   answers up to it from now on
 * @judged: (transfer full) (element-type PrScoredPair): the candidates at
 *   @kmax, judged, sorted by record; a pair proved below @probability
 *   may be left −1 where no record of its groups of repeats needs it
 *   (pr_pair_judge_score_linked ())
 * @any_k: (transfer full) (array): per pair of @judged, whether it is a
 *   candidate at every k (it shares passages or short texts)
 * @probability: the scan's threshold of the second stage
 *
 * Makes the preview cluster as a scan with a second stage does.
 */
void
pr_threshold_preview_set_judged (PrThresholdPreview *preview,
                                 guint               kmax,
                                 GArray             *judged,
                                 guint8             *any_k,
                                 double              probability)
{
  g_return_if_fail (preview != NULL && judged != NULL);
  g_return_if_fail (kmax <= preview->kmax);

  g_clear_pointer (&preview->judged, g_array_unref);
  g_free (preview->any_k);
  if (kmax < preview->kmax)
    preview->kmax_found = MAX (preview->kmax_found, preview->kmax);
  preview->kmax = kmax;
  preview->judged = judged;
  preview->any_k = any_k;
  preview->probability = probability;
}

/**
 * pr_threshold_preview_describe_limit:
 * @preview: a preview
 *
 * Returns: (transfer full) (nullable): why the preview stops below the k
 *   its pairs were found up to, in a reader's words; %NULL if it does not
 */
char *
pr_threshold_preview_describe_limit (PrThresholdPreview *preview)
{
  g_return_val_if_fail (preview != NULL, NULL);

  if (preview->kmax_found <= preview->kmax)
    return NULL;
  return g_strdup_printf (_("Only k up to %u can be tried, not up to %u: the candidate pairs at k = %u are more "
                            "than the second stage can judge in memory (%zu pairs). The records share much of "
                            "their text, a template or boilerplate; leaving the boilerplate out lets a larger k "
                            "be tried."),
                          preview->kmax, preview->kmax_found, preview->kmax + 1, pr_pair_budget_get_judged ());
}

/* Returns: whether the preview clusters by the second stage */
gboolean
pr_threshold_preview_is_judged (PrThresholdPreview *preview)
{
  g_return_val_if_fail (preview != NULL, FALSE);

  return preview->judged != NULL;
}

/**
 * pr_threshold_preview_judged_at:
 * @preview: a judged preview
 * @k: 0..kmax
 *
 * Returns: (transfer full) (element-type PrScoredPair): the candidates a
 *   scan at @k judges, with their numbers, by record
 */
GArray *
pr_threshold_preview_judged_at (PrThresholdPreview *preview,
                                guint               k)
{
  GArray *at;

  g_return_val_if_fail (preview != NULL && preview->judged != NULL, NULL);
  g_return_val_if_fail (k <= preview->kmax, NULL);

  at = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  for (guint i = 0; i < preview->judged->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (preview->judged, PrScoredPair, i);

      if (pair->distance <= k || preview->any_k[i])
        g_array_append_val (at, *pair);
    }
  return at;
}

static PrClustering *
cluster_at (PrThresholdPreview         *preview,
            guint                       k,
            const PrClusterConstraints *constraints,
            gboolean                    max_distances,
            guint64                    *n_pairs,
            GError                    **error)
{
  g_autoptr(GArray) at = NULL;
  guint64 repeats;
  PrClustering *clustering;

  if (preview->judged == NULL)
    return pr_matches_cluster (preview->matches, k, preview->fingerprints, preview->n, preview->part_pairs,
                               preview->n_part_pairs, preview->rank, constraints, max_distances, n_pairs, error);
  at = pr_threshold_preview_judged_at (preview, k);
  clustering = pr_pair_linkage_cluster (preview->fingerprints, preview->n, (const PrScoredPair *) (gpointer) at->data,
                                        at->len, preview->probability, preview->rank, constraints, max_distances,
                                        &repeats);
  if (n_pairs != NULL)
    *n_pairs = repeats;
  return clustering;
}

/**
 * pr_threshold_preview_cluster:
 * @preview: a preview
 * @k: 0..kmax
 * @constraints: (nullable): the reviewers' verdicts
 * @n_pairs: (out) (optional): the pairs a scan at @k counts (with a second
 *   stage, those judged repeats)
 * @error: return location for a #GError
 *
 * Thread-safe: the preview is only read.
 *
 * Returns: (transfer full): the clustering a scan at @k makes, or %NULL
 *   with @error set as pr_matches_cluster () does
 */
PrClustering *
pr_threshold_preview_cluster (PrThresholdPreview         *preview,
                              guint                       k,
                              const PrClusterConstraints *constraints,
                              guint64                    *n_pairs,
                              GError                    **error)
{
  g_return_val_if_fail (preview != NULL, NULL);
  g_return_val_if_fail (k <= preview->kmax, NULL);

  return cluster_at (preview, k, constraints, TRUE, n_pairs, error);
}

/* The members only: what the figures need, fast at any k. */
static PrClustering *
cluster_members (PrThresholdPreview         *preview,
                 guint                       k,
                 const PrClusterConstraints *constraints,
                 guint64                    *n_pairs,
                 GError                    **error)
{
  return cluster_at (preview, k, constraints, FALSE, n_pairs, error);
}

/**
 * pr_threshold_preview_compare:
 * @preview: a preview
 * @base_k: 0..kmax, what @k is compared with: the scan's k, or the k the
 *   reviewer applied since
 * @k: 0..kmax
 * @constraints: (nullable): the reviewers' verdicts, for both clusterings
 * @summary: (out caller-allocates): the figures at @k and at @base_k,
 *   and which clusters differ
 *
 * Clusters at @base_k and at @k, their members only: the figures need
 * no more, and a large k's chained clusters would cost seconds to
 * minutes more (pr_clustering_new_constrained_full ()).
 *
 * Returns: (transfer full): the clustering at @k, its clusters'
 *   max_distance %PR_CLUSTER_DISTANCE_UNKNOWN; pr_threshold_preview_cluster ()
 *   gives them. %NULL with @error set as pr_matches_cluster () does
 */
PrClustering *
pr_threshold_preview_compare (PrThresholdPreview         *preview,
                              guint                       base_k,
                              guint                       k,
                              const PrClusterConstraints *constraints,
                              PrThresholdSummary         *summary,
                              GError                    **error)
{
  g_autoptr(PrClustering) base = NULL;
  g_autoptr(PrClustering) clustering = NULL;

  g_return_val_if_fail (preview != NULL, NULL);
  g_return_val_if_fail (k <= preview->kmax, NULL);
  g_return_val_if_fail (base_k <= preview->kmax, NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  memset (summary, 0, sizeof *summary);
  summary->base_k = base_k;
  summary->k = k;
  clustering = cluster_members (preview, k, constraints, &summary->n_pairs, error);
  if (clustering == NULL)
    return NULL;
  base = cluster_members (preview, base_k, constraints, &summary->base_n_pairs, error);
  if (base == NULL)
    return NULL;
  pr_threshold_summary_compare (summary, base, clustering, preview->n);

  return g_steal_pointer (&clustering);
}

/**
 * pr_threshold_summary_compare:
 * @summary: figures to fill in: the clusters and records clustered at
 *   both, and which clusters differ (the pairs are left as they are)
 * @base: the clustering at summary->base_k
 * @clustering: the clustering at summary->k
 * @n_records: more than the largest record number of either
 */
void
pr_threshold_summary_compare (PrThresholdSummary *summary,
                              PrClustering       *base,
                              PrClustering       *clustering,
                              gsize               n_records)
{
  g_autofree guint32 *base_of = NULL;
  guint same = 0;

  summary->n_clusters = pr_clustering_get_n_clusters (clustering);
  summary->base_n_clusters = pr_clustering_get_n_clusters (base);
  summary->n_clustered = 0;

  /* A cluster is unchanged when all its members are in one cluster of the
   * base of the same size. */
  base_of = g_new (guint32, MAX (n_records, 1));
  memset (base_of, 0xff, n_records * sizeof (guint32));
  for (guint c = 0; c < summary->base_n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (base, c);

      for (guint32 m = 0; m < cluster->n_members; m++)
        base_of[cluster->members[m]] = c;
    }
  for (guint c = 0; c < summary->n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      guint32 b = base_of[cluster->members[0]];
      gboolean equal = b != G_MAXUINT32 && pr_clustering_get_cluster (base, b)->n_members == cluster->n_members;

      summary->n_clustered += cluster->n_members;
      for (guint32 m = 1; equal && m < cluster->n_members; m++)
        equal = base_of[cluster->members[m]] == b;
      same += equal;
    }
  summary->clusters_added = summary->n_clusters - same;
  summary->clusters_removed = summary->base_n_clusters - same;
}

/* Returns: (transfer none): every pair of the preview, up to its kmax */
PrMatches *
pr_threshold_preview_get_matches (PrThresholdPreview *preview)
{
  return preview->matches;
}
