/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-scan.h"
#include "pr-store.h"

G_BEGIN_DECLS

gboolean pr_store_load_part_pairs (PrStore     *store,
                                   const char  *table,
                                   guint64      match_key,
                                   gsize        n_records,
                                   GArray      *pairs,
                                   GArray      *boilerplate,
                                   gboolean    *found,
                                   GError     **error);
void     pr_store_keep_part_pairs (PrStore     *store,
                                   gint64       scan_id,
                                   guint64      match_key,
                                   GArray      *pairs,
                                   GArray      *boilerplate);

G_END_DECLS
