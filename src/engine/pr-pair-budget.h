/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-record-set.h"

G_BEGIN_DECLS

/* How many pairs of records a step may hold in memory at once. */
gsize    pr_pair_budget_get       (void);
gboolean pr_pair_budget_exceeded  (guint64   n_pairs,
                                   guint     k,
                                   GError  **error);
gsize    pr_pair_budget_get_judged (void);
gboolean pr_pair_budget_judged_exceeded (guint64   n_pairs,
                                         guint     k,
                                         PrAdvice  advice,
                                         GError  **error);
void     pr_pair_budget_set_error (GError  **error,
                                   guint     k);

G_END_DECLS
