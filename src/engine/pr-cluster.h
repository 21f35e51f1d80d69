/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-block-index.h"

G_BEGIN_DECLS

typedef struct {
  guint32  n_members;
  guint32 *members;       /* record indices: the primary first, then by rank */
  guint32 *distances;     /* distances[i]: Hamming distance of members[i] to the primary */
  guint32  max_distance;  /* the largest distance between any two members;
                           * PR_CLUSTER_DISTANCE_UNKNOWN when not asked for */
} PrCluster;

#define PR_CLUSTER_DISTANCE_UNKNOWN G_MAXUINT32

typedef struct _PrClustering PrClustering;

/* A reviewer's verdicts as constraints: the records of a must-link pair
 * are in one cluster whatever their distance (a confirmed repeat); no
 * cluster holds both records of a cannot-link pair (not a repeat), so a
 * chain through them is cut. */
typedef struct {
  const PrPair *must;
  gsize         n_must;
  const PrPair *cannot;
  gsize         n_cannot;
} PrClusterConstraints;

PrClustering    *pr_clustering_new_constrained (const guint64  *fingerprints,
                                                gsize           n_fingerprints,
                                                const PrPair   *pairs,
                                                gsize           n_pairs,
                                                const guint32  *rank,
                                                const PrClusterConstraints *constraints);

PrClustering    *pr_clustering_new_constrained_full (const guint64  *fingerprints,
                                                     gsize           n_fingerprints,
                                                     const PrPair   *pairs,
                                                     gsize           n_pairs,
                                                     const guint32  *rank,
                                                     const PrClusterConstraints *constraints,
                                                     gboolean        max_distances);

PrClustering    *pr_clustering_new            (const guint64  *fingerprints,
                                               gsize           n_fingerprints,
                                               const PrPair   *pairs,
                                               gsize           n_pairs,
                                               const guint32  *rank);
void             pr_clustering_free           (PrClustering   *clustering);
void             pr_clustering_mark_connected (gsize           n_records,
                                               const PrPair   *pairs,
                                               gsize           n_pairs,
                                               const PrPair   *seeds,
                                               gsize           n_seeds,
                                               guint8         *marked);
guint            pr_clustering_get_n_clusters (PrClustering   *clustering);
const PrCluster *pr_clustering_get_cluster    (PrClustering   *clustering,
                                               guint           index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrClustering, pr_clustering_free)

G_END_DECLS
