/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_MAPPING_PAGE (pr_mapping_page_get_type ())
G_DECLARE_FINAL_TYPE (PrMappingPage, pr_mapping_page, PR, MAPPING_PAGE, GtkWidget)

void        pr_mapping_page_set_session       (PrMappingPage  *page,
                                               PrSession      *session);
void        pr_mapping_page_set_tables        (PrMappingPage  *page,
                                               GPtrArray      *tables,
                                               const char     *sample_table);
void        pr_mapping_page_forget_write_back (PrMappingPage  *page);
const char *pr_mapping_page_get_table         (PrMappingPage  *page);
guint       pr_mapping_page_get_k             (PrMappingPage  *page);
gboolean    pr_mapping_page_get_write_back    (PrMappingPage  *page);
PrDateOrder pr_mapping_page_get_date_order    (PrMappingPage  *page);
PrMapping  *pr_mapping_page_make_mapping      (PrMappingPage  *page,
                                               GError        **error);
void        pr_mapping_page_show_last_scan    (PrMappingPage  *page,
                                               const char     *label,
                                               const char     *tooltip,
                                              gboolean        openable);
void        pr_mapping_page_suggest_scan      (PrMappingPage  *page);

G_END_DECLS
