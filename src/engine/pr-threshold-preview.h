/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-cluster.h"
#include "pr-matches.h"

G_BEGIN_DECLS

/* How far past the scan's k a preview looks. */
#define PR_THRESHOLD_PREVIEW_MARGIN 3
/* Sample pairs kept at each distance. */
#define PR_THRESHOLD_PREVIEW_SAMPLES 5

typedef struct _PrThresholdPreview PrThresholdPreview;

/* What clustering at k gives, against a base k (the scan's, or the one
 * applied since). A cluster is the same at both when it has the same
 * members. */
typedef struct {
  guint   base_k;
  guint   k;
  guint   n_clusters;
  guint64 n_clustered;       /* records in a cluster */
  guint64 n_pairs;           /* pairs within k, and part pairs farther apart; with a
                              * second stage, the candidates judged repeats */
  guint   base_n_clusters;   /* the same at base_k */
  guint64 base_n_pairs;
  guint   clusters_added;    /* clusters at k not at base_k */
  guint   clusters_removed;  /* clusters at base_k not at k */
} PrThresholdSummary;

PrThresholdPreview *pr_threshold_preview_new        (const guint64  *fingerprints,
                                                     const guint8   *skip,
                                                     gsize           n_fingerprints,
                                                     guint           k,
                                                     const PrPair   *part_pairs,
                                                     gsize           n_part_pairs,
                                                     const guint32  *rank,
                                                     guint           n_threads,
                                                     GCancellable   *cancellable,
                                                     GError        **error);
PrThresholdPreview *pr_threshold_preview_ref        (PrThresholdPreview *preview);
void                pr_threshold_preview_unref      (PrThresholdPreview *preview);
guint               pr_threshold_preview_get_k      (PrThresholdPreview *preview);
guint               pr_threshold_preview_get_kmax   (PrThresholdPreview *preview);
guint64             pr_threshold_preview_get_count  (PrThresholdPreview *preview,
                                                     guint               distance);
const PrPair       *pr_threshold_preview_get_samples (PrThresholdPreview *preview,
                                                     guint               distance,
                                                     guint              *n_samples);
PrClustering       *pr_threshold_preview_cluster    (PrThresholdPreview *preview,
                                                     guint               k,
                                                     const PrClusterConstraints *constraints,
                                                     guint64            *n_pairs,
                                                     GError            **error);
PrClustering       *pr_threshold_preview_compare    (PrThresholdPreview *preview,
                                                     guint               base_k,
                                                     guint               k,
                                                     const PrClusterConstraints *constraints,
                                                     PrThresholdSummary *summary,
                                                     GError            **error);

void                pr_threshold_summary_compare    (PrThresholdSummary *summary,
                                                     PrClustering       *base,
                                                     PrClustering       *clustering,
                                                     gsize               n_records);
PrMatches          *pr_threshold_preview_get_matches (PrThresholdPreview *preview);
void                pr_threshold_preview_set_judged  (PrThresholdPreview *preview,
                                                      guint               kmax,
                                                      GArray             *judged,
                                                      guint8             *any_k,
                                                      double              probability);
gboolean            pr_threshold_preview_is_judged   (PrThresholdPreview *preview);
char               *pr_threshold_preview_describe_limit (PrThresholdPreview *preview);
GArray             *pr_threshold_preview_judged_at   (PrThresholdPreview *preview,
                                                      guint               k);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrThresholdPreview, pr_threshold_preview_unref)

G_END_DECLS
