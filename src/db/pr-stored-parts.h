/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-parts.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* A table's stored passages (each record's parts, as the scan stored
 * them), indexed by part in memory or asked of the store's index by part:
 * which stored records share passages with one new text, counted as the
 * scan counts them. */
typedef struct _PrStoredParts PrStoredParts;

/* A stored record that shares passages with the text asked about. */
typedef struct {
  char         *record_id;    /* owned by the array, which clears it */
  PrPartOverlap overlap;      /* a: the text asked about, b: the stored record */
} PrStoredPartMatch;

PrStoredParts *pr_stored_parts_new   (PrStore                  *store,
                                      const char               *table,
                                      guint64                   mapping_version,
                                      GError                  **error);
/* Called every few thousand records read: @done of about @total (0: not known). */
typedef void (*PrStoredPartsProgress) (guint64  done,
                                       guint64  total,
                                       gpointer user_data);

PrStoredParts *pr_stored_parts_new_full (PrStore                *store,
                                         const char             *table,
                                         guint64                 mapping_version,
                                         guint64                 total,
                                         PrStoredPartsProgress   progress,
                                         gpointer                user_data,
                                         GCancellable           *cancellable,
                                         GError                **error);
PrStoredParts *pr_stored_parts_new_for_store (PrStore           *store,
                                             const char        *table,
                                             guint64            mapping_version);
void           pr_stored_parts_free  (PrStoredParts            *self);
gboolean       pr_stored_parts_read_boilerplate (PrStoredParts *self,
                                                 guint          cap,
                                                 GError       **error);
gsize          pr_stored_parts_get_n_records (const PrStoredParts *self);
GArray        *pr_stored_parts_find  (PrStoredParts            *self,
                                      const PrPart             *parts,
                                      gsize                     n_parts,
                                      const char               *record_id,
                                      const PrPartMatchOptions *options,
                                      GError                  **error);
GArray        *pr_stored_parts_find_record (PrStoredParts            *self,
                                            const char               *record_id,
                                            const PrPartMatchOptions *options);
GArray        *pr_stored_parts_get_boilerplate (const PrStoredParts *self,
                                                gsize                max_records_per_part);
gboolean       pr_stored_part_match_accepts (const PrStoredPartMatch  *match,
                                             const PrPartMatchOptions *options,
                                             gboolean                  same_petitioner);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrStoredParts, pr_stored_parts_free)

G_END_DECLS
