/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-store.h"

G_BEGIN_DECLS

/* A table's stored fingerprints in a block index held in memory: the
 * answer of pr_store_check() without asking the server for each record. */
typedef struct _PrStoredIndex PrStoredIndex;

PrStoredIndex *pr_stored_index_new   (PrStore        *store,
                                      const char     *table,
                                      guint64         mapping_version,
                                      guint           k,
                                      GError        **error);
void           pr_stored_index_free  (PrStoredIndex  *self);
gsize          pr_stored_index_get_size (const PrStoredIndex *self);
GArray        *pr_stored_index_check (PrStoredIndex  *self,
                                      guint64         fingerprint);
GArray        *pr_stored_index_find  (PrStoredIndex  *self,
                                      PrStore        *store,
                                      const char     *table,
                                      guint64         mapping_version,
                                      guint64         fingerprint,
                                      guint           k,
                                      GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrStoredIndex, pr_stored_index_free)

G_END_DECLS
