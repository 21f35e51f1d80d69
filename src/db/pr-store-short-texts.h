/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-short-pairs.h"
#include "pr-store.h"

G_BEGIN_DECLS

void     pr_store_keep_short_texts (PrStore                  *store,
                                    gint64                    scan_id,
                                    GPtrArray                *ids,
                                    GPtrArray                *grams,
                                    GArray                   *n_grams,
                                    const PrShortPairOptions *options);
gboolean pr_store_find_short_texts (PrStore                  *store,
                                    const char               *table,
                                    const PrShortPairOptions *options,
                                    const guint64            *grams,
                                    guint                     n_grams,
                                    const char               *own_id,
                                    GPtrArray               **ids,
                                    gboolean                 *kept,
                                    GError                  **error);

G_END_DECLS
