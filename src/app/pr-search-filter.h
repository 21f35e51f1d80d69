/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_SEARCH_FILTER (pr_search_filter_get_type ())
G_DECLARE_FINAL_TYPE (PrSearchFilter, pr_search_filter, PR, SEARCH_FILTER, GtkFilter)

PrSearchFilter *pr_search_filter_new         (void);
void            pr_search_filter_set_text    (PrSearchFilter *filter,
                                              const char     *text);
const char     *pr_search_filter_get_text    (PrSearchFilter *filter);
void            pr_search_filter_set_matches (PrSearchFilter *filter,
                                              GHashTable     *clusters);
gboolean        pr_search_filter_get_pending (PrSearchFilter *filter);

G_END_DECLS
