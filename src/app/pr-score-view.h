/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-pair-explain.h"
#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_SCORE_VIEW (pr_score_view_get_type ())
G_DECLARE_FINAL_TYPE (PrScoreView, pr_score_view, PR, SCORE_VIEW, GtkWidget)

GtkWidget        *pr_score_view_new       (void);
void              pr_score_view_set_parts (PrScoreView      *view,
                                           double            bias,
                                           const PrPairPart *parts,
                                           guint             n_parts,
                                           double            threshold);
gboolean          pr_score_view_show_pair (PrScoreView      *view,
                                           PrSession        *session,
                                           guint32           primary,
                                           guint32           record);
const PrPairPart *pr_score_view_get_parts (PrScoreView      *view,
                                           guint            *n_parts,
                                           double           *bias);
guint             pr_score_view_get_n_rows (PrScoreView     *view);
void              pr_score_view_attach    (GtkWidget        *grid,
                                           PrClusterItem    *item,
                                           guint             selected);
void              pr_score_view_add_probability (GtkWidget     *widget,
                                                 PrClusterItem *item,
                                                 guint          index,
                                                 char         **title);

G_END_DECLS
