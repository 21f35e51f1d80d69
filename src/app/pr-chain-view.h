/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"

G_BEGIN_DECLS

/* Clusters with more members than this are not drawn: their bridges are
 * listed only. */
#define PR_CHAIN_VIEW_MAX_DRAWN 40

#define PR_TYPE_CHAIN_VIEW (pr_chain_view_get_type ())
G_DECLARE_FINAL_TYPE (PrChainView, pr_chain_view, PR, CHAIN_VIEW, GtkWidget)

GtkWidget *pr_chain_view_new          (void);
void       pr_chain_view_set_cluster  (PrChainView   *self,
                                       PrSession     *session,
                                       PrClusterItem *item);
guint      pr_chain_view_get_n_bridges (PrChainView  *self);

G_END_DECLS
