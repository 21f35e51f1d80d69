/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-parts.h"

G_BEGIN_DECLS

/* Every record's parts, as the matcher takes them: by hash, in buckets of
 * the hash's top bits, so that one bucket at a time can be sorted. A table
 * of ten million records holds some 840 million parts (10 GB as entries),
 * more than a desktop's memory; past a limit the buckets go to an unlinked
 * temporary file (g_get_tmp_dir (): TMPDIR), and the matcher reads them
 * back one at a time. */
typedef struct _PrPartSpool PrPartSpool;

/* Entries held in memory before the spool writes them out, in bytes: 512
 * MB, some 45 million parts, half a million records. */
#define PR_PART_SPOOL_DEFAULT_MEMORY ((gsize) 512 << 20)

PrPartSpool *pr_part_spool_new          (gsize               memory_limit);
void         pr_part_spool_free         (PrPartSpool        *spool);
gboolean     pr_part_spool_add          (PrPartSpool        *spool,
                                         guint32             record,
                                         const PrPart       *parts,
                                         gsize               n_parts,
                                         GError            **error);
guint64      pr_part_spool_get_n_parts  (const PrPartSpool  *spool);
guint64      pr_part_spool_get_spilled  (const PrPartSpool  *spool);
gboolean     pr_part_spool_find_pairs   (PrPartSpool              *spool,
                                         gsize                     n_records,
                                         const guint8             *skip,
                                         const PrIdentityTable    *identities,
                                         const PrPartMatchOptions *options,
                                         guint                     n_threads,
                                         PrPartPairFunc            func,
                                         gpointer                  user_data,
                                         GArray                   *boilerplate,
                                         GCancellable             *cancellable,
                                         GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrPartSpool, pr_part_spool_free)

G_END_DECLS
