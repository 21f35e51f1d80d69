/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-date.h"
#include "pr-mapping.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

PrCaseColumns *pr_case_columns_new        (const PrMapping    *mapping,
                                           PrDateOrder         date_order,
                                           PrAdvice            advice,
                                           const char         *position_name);
void           pr_case_columns_free       (PrCaseColumns      *columns);
void           pr_case_columns_set_now (PrCaseColumns *columns,
                                         gint64         now);
void           pr_case_columns_set_allow_unreadable (PrCaseColumns *columns,
                                                     gboolean       allow);
void           pr_case_columns_set_skippable (PrCaseColumns *columns,
                                              gboolean       skippable);
void           pr_case_columns_add_clock_evidence (PrCaseColumns       *columns,
                                                   PrDateClockEvidence  evidence);
guint64        pr_case_columns_get_n_unmarked_hours (const PrCaseColumns *columns);
guint64        pr_case_columns_get_n_from_numbers (const PrCaseColumns *columns);
gboolean       pr_case_columns_add        (PrCaseColumns      *columns,
                                           gsize               index,
                                           const char *const  *values,
                                           const gsize        *lengths,
                                           const char         *id,
                                           guint64             position,
                                           GError            **error);
gboolean       pr_case_columns_finish     (PrCaseColumns      *columns,
                                           gsize               n_records,
                                           GError            **error);
gboolean       pr_case_columns_has_status (const PrCaseColumns *columns);
gboolean       pr_case_columns_has_unit   (const PrCaseColumns *columns);
gboolean       pr_case_columns_has_category (const PrCaseColumns *columns);
const char    *pr_case_columns_get_status (const PrCaseColumns *columns,
                                           gsize               record);
gint64         pr_case_columns_get_accepted (const PrCaseColumns *columns,
                                           gsize               record);
guint64        pr_case_columns_get_unit   (const PrCaseColumns *columns,
                                           gsize               record);
guint64        pr_case_columns_get_category (const PrCaseColumns *columns,
                                           gsize               record);
guint64        pr_case_columns_count_unreadable_accepted (const PrCaseColumns *columns,
                                                          GPtrArray          **out_ids);
guint64        pr_value_key               (const char         *value,
                                           gsize               length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCaseColumns, pr_case_columns_free)

G_END_DECLS
