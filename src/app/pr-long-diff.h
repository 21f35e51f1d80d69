/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-diff.h"
#include "pr-mapping.h"

G_BEGIN_DECLS

typedef struct _PrLongDiff PrLongDiff;

/* Called when the diffs asked for are made. */
typedef void (*PrLongDiffReady) (gpointer data);

PrLongDiff   *pr_long_diff_new    (PrLongDiffReady  ready,
                                   gpointer         data);
void          pr_long_diff_free   (PrLongDiff      *self);
void          pr_long_diff_forget (PrLongDiff      *self);
gboolean      pr_long_diff_is_for (PrLongDiff      *self,
                                   GPtrArray       *primary,
                                   GPtrArray       *values);
const PrDiff *pr_long_diff_get    (PrLongDiff      *self,
                                   const PrMapping *mapping,
                                   GPtrArray       *primary,
                                   GPtrArray       *values,
                                   guint            column);

G_END_DECLS
