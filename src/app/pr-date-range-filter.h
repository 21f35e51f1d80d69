/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_DATE_RANGE_FILTER (pr_date_range_filter_get_type ())
G_DECLARE_FINAL_TYPE (PrDateRangeFilter, pr_date_range_filter, PR, DATE_RANGE_FILTER, GtkFilter)

PrDateRangeFilter *pr_date_range_filter_new       (void);
gboolean           pr_date_range_filter_set_texts (PrDateRangeFilter *filter,
                                                   const char        *from,
                                                   const char        *to,
                                                   GError           **error);
gboolean           pr_date_range_filter_get_active (PrDateRangeFilter *filter);
gboolean           pr_date_range_filter_get_days   (PrDateRangeFilter *filter,
                                                    gint64            *first,
                                                    gint64            *last);

G_END_DECLS
