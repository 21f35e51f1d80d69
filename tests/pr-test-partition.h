/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-session.h"

G_BEGIN_DECLS

/* Clusterings compared as partitions of record ids: the clusters (name →
 * GPtrArray of ids) and, from them, record id → the sorted ids of its
 * cluster, joined. */
GHashTable *pr_test_clusters_new        (void);
void        pr_test_clusters_add        (GHashTable  *clusters,
                                         const char  *cluster,
                                         const char  *id);
GHashTable *pr_test_partition_of        (GHashTable  *clusters,
                                         guint        min_members);
GHashTable *pr_test_session_partition   (PrSession   *session,
                                         guint        min_members);
guint       pr_test_partitions_differ   (GHashTable  *a,
                                         GHashTable  *b);

G_END_DECLS
