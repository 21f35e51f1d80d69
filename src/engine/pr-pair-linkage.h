/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-cluster.h"
#include "pr-pair-judge.h"

G_BEGIN_DECLS

guint8 *pr_pair_linkage (const PrScoredPair *pairs,
                         gsize               n_pairs,
                         gsize               n_records,
                         double              threshold);
PrClustering *pr_pair_linkage_cluster (const guint64              *fingerprints,
                                       gsize                       n_records,
                                       const PrScoredPair         *pairs,
                                       gsize                       n_pairs,
                                       double                      threshold,
                                       const guint32              *rank,
                                       const PrClusterConstraints *constraints,
                                       gboolean                    max_distances,
                                       guint64                    *repeats);

G_END_DECLS
