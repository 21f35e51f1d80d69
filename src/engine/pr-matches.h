/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-block-index.h"
#include "pr-cluster.h"

G_BEGIN_DECLS

typedef struct _PrMatches PrMatches;

/* Called once per pair of records within k; @a < @b. */
typedef void (*PrPairFunc) (guint32  a,
                            guint32  b,
                            guint32  distance,
                            gpointer user_data);

PrMatches *pr_matches_find            (const guint64  *fingerprints,
                                       const guint8   *skip,
                                       gsize           n_fingerprints,
                                       guint           k,
                                       guint           n_threads,
                                       GCancellable   *cancellable,
                                       GError        **error);
void       pr_matches_free            (PrMatches      *matches);
guint64    pr_matches_count_pairs     (PrMatches      *matches);
void       pr_matches_foreach_pair    (PrMatches      *matches,
                                       PrPairFunc      func,
                                       gpointer        user_data);
void       pr_matches_foreach_pair_among (PrMatches    *matches,
                                          const guint8 *in,
                                          gboolean      all,
                                          PrPairFunc    func,
                                          gpointer      user_data);
void       pr_matches_foreach_pair_labelled (PrMatches     *matches,
                                             const guint32 *label,
                                             PrPairFunc     func,
                                             gpointer       user_data);
GArray    *pr_matches_spanning_pairs  (PrMatches      *matches);
void       pr_matches_count_by_distance (PrMatches    *matches,
                                       guint64        *counts);
guint      pr_matches_sample_pairs    (PrMatches      *matches,
                                       guint           distance,
                                       PrPair         *samples,
                                       guint           max);
PrClustering *pr_matches_cluster      (PrMatches      *matches,
                                       guint           k,
                                       const guint64  *fingerprints,
                                       gsize           n_fingerprints,
                                       const PrPair   *part_pairs,
                                       gsize           n_part_pairs,
                                       const guint32  *rank,
                                       const PrClusterConstraints *constraints,
                                       gboolean        max_distances,
                                       guint64        *n_pairs,
                                       GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrMatches, pr_matches_free)

G_END_DECLS
