/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-store.h"

G_BEGIN_DECLS

/* One new repeat of a scan: a record new or changed in it, and an earlier
 * record it repeats (pr_scan_result_foreach_new_repeat()). */
typedef struct {
  char    *record_id;
  char    *existing_id;
  guint32  distance;
  char    *kind;         /* pr_repeat_kind_to_string ()'s; "": not known (kept before kinds were) or no petitioner known for both */
} PrStoreRepeat;

gboolean  pr_store_add_scan_repeats  (PrStore             *store,
                                      gint64               scan_id,
                                      gsize                n_repeats,
                                      const char *const   *record_ids,
                                      const char *const   *existing_ids,
                                      const guint32       *distances,
                                      const char *const   *kinds,
                                      GError             **error);
GArray   *pr_store_list_repeats      (PrStore             *store,
                                      const char          *table,
                                      gint64               scan_id,
                                      gint64              *listed_scan_id,
                                      GError             **error);
void      pr_store_repeat_clear      (PrStoreRepeat       *repeat);

G_END_DECLS
