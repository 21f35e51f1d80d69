/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-mapping.h"

G_BEGIN_DECLS

#define PR_TYPE_COMPARE_VIEW (pr_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (PrCompareView, pr_compare_view, PR, COMPARE_VIEW, GtkWidget)

GtkWidget  *pr_compare_view_new                 (void);
void        pr_compare_view_show                (PrCompareView   *view,
                                                 PrClusterItem   *item,
                                                 const PrMapping *mapping,
                                                 GArray          *boilerplate,
                                                 GPtrArray       *records);
gboolean    pr_compare_view_show_again          (PrCompareView   *view,
                                                 PrClusterItem   *item);
void        pr_compare_view_clear               (PrCompareView   *view,
                                                 const char      *message);
gboolean    pr_compare_view_get_complete        (PrCompareView   *view);
gboolean    pr_compare_view_get_settled         (PrCompareView   *view);
PrClusterItem *pr_compare_view_get_item         (PrCompareView   *view);
const char *pr_compare_view_get_selected_id     (PrCompareView   *view);
void        pr_compare_view_select_member       (PrCompareView   *view,
                                                 int              delta);
GtkWidget  *pr_compare_view_get_chain_view      (PrCompareView   *view);
gboolean    pr_compare_view_next_difference     (PrCompareView   *view);
gboolean    pr_compare_view_select_next_undecided (PrCompareView *view);
gboolean    pr_compare_view_get_advance_after_decision (PrCompareView *view);
gboolean    pr_compare_view_get_explained       (PrCompareView   *view);
void        pr_compare_view_explain_again       (PrCompareView   *view);

G_END_DECLS
