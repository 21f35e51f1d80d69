/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_REVIEW_PAGE (pr_review_page_get_type ())
G_DECLARE_FINAL_TYPE (PrReviewPage, pr_review_page, PR, REVIEW_PAGE, GtkWidget)

void           pr_review_page_set_session            (PrReviewPage  *page,
                                                      PrSession     *session);
PrCompareView *pr_review_page_get_compare_view       (PrReviewPage  *page);
void           pr_review_page_show_cluster           (PrReviewPage  *page,
                                                      PrClusterItem *item);
void           pr_review_page_show_decided           (PrReviewPage  *page,
                                                      PrClusterItem *item);
void           pr_review_page_show_record            (PrReviewPage  *page,
                                                      const char    *record_id);
void           pr_review_page_select_next_unreviewed (PrReviewPage  *page);
void           pr_review_page_clear                  (PrReviewPage  *page,
                                                      const char    *message);
void           pr_review_page_refilter               (PrReviewPage  *page);
void           pr_review_page_update_summary         (PrReviewPage  *page);
void           pr_review_page_set_summary            (PrReviewPage  *page,
                                                      const char    *text);
const char    *pr_review_page_get_summary            (PrReviewPage  *page);
void           pr_review_page_focus_list             (PrReviewPage  *page);
void           pr_review_page_focus_search           (PrReviewPage  *page);
void           pr_review_page_clear_filters          (PrReviewPage  *page);
gboolean       pr_review_page_get_searching          (PrReviewPage  *page);
gboolean       pr_review_page_get_fetching           (PrReviewPage  *page);
PrClusterItem *pr_review_page_get_chosen             (PrReviewPage  *page);
GListModel    *pr_review_page_dup_shown              (PrReviewPage  *page);
gboolean       pr_review_page_resume_case            (PrReviewPage  *page,
                                                      guint          number,
                                                      const char    *primary_id);

G_END_DECLS
