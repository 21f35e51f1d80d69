/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-date.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* How many unreadable dates a load names by their record's id. */
#define PR_DATE_COLUMN_MAX_NAMED 5
/* The zone of the dates without an offset: China Standard Time, in seconds. */
#define PR_DATE_COLUMN_OFFICE_OFFSET (8 * 3600)

typedef struct _PrDateColumn PrDateColumn;

/* What a column's dates are when all are numbers. */
typedef enum {
  PR_DATE_NUMBERS_NONE,
  PR_DATE_NUMBERS_EXCEL,    /* Excel's day numbers (43624) */
  PR_DATE_NUMBERS_UNIX,     /* Unix seconds */
  PR_DATE_NUMBERS_UNIX_MS,  /* Unix milliseconds */
  PR_DATE_NUMBERS_DATE_HOUR, /* YYYYMMDDHH (2019060817) */
  PR_DATE_NUMBERS_MIXED,    /* not all one kind, or not numbers */
} PrDateNumbers;

PrDateColumn *pr_date_column_new    (const char    *name,
                                     PrDateOrder    order,
                                     const char    *position_name);
void          pr_date_column_set_advice (PrDateColumn *self,
                                         PrAdvice      advice);
void          pr_date_column_set_now (PrDateColumn *self,
                                      gint64        now);
void          pr_date_column_set_allow_unreadable (PrDateColumn *self,
                                                   gboolean      allow);
void          pr_date_column_set_skippable (PrDateColumn *self,
                                            gboolean      skippable);
guint64       pr_date_column_get_n_from_numbers (const PrDateColumn *self,
                                                 PrDateNumbers      *out_kind);
void          pr_date_column_free   (PrDateColumn  *self);
gboolean      pr_date_column_add    (PrDateColumn  *self,
                                     const char    *text,
                                     const char    *id,
                                     guint64        position,
                                     gint64        *out_seconds,
                                     GError       **error);
guint64       pr_date_column_get_n_serial (const PrDateColumn *self);
guint64       pr_date_column_get_n_roc    (const PrDateColumn *self);
guint64       pr_date_column_get_n_placeholder (const PrDateColumn *self);
guint64       pr_date_column_get_n_doubts (const PrDateColumn *self,
                                           PrDateDoubt         doubt);
GPtrArray    *pr_date_column_get_doubt_ids (const PrDateColumn *self,
                                            PrDateDoubt         doubt);
guint64       pr_date_column_get_n_bare_hours (const PrDateColumn *self);
GPtrArray    *pr_date_column_get_bare_hour_ids (const PrDateColumn *self);
PrDateClockEvidence pr_date_column_get_clock_evidence (const PrDateColumn *self);
guint64       pr_date_column_get_n_unmarked_hours (const PrDateColumn *self);
void          pr_date_column_add_clock_evidence (PrDateColumn        *self,
                                                 PrDateClockEvidence  evidence);
guint64       pr_date_column_get_n_taken_as_office (const PrDateColumn *self);
gboolean      pr_date_column_finish (PrDateColumn  *self,
                                     gint64        *dates,
                                     gsize          n_dates,
                                     guint64       *out_n_unreadable,
                                     GPtrArray    **out_unreadable_ids,
                                     GError       **error);

gint64       *pr_date_column_read_texts (const char        *name,
                                         PrDateOrder        order,
                                         PrAdvice           advice,
                                         const char        *position_name,
                                         const char *const *texts,
                                         const guint64     *positions,
                                         gsize              n_texts,
                                         gint64             now,
                                         GError           **error);

PrDateNumbers pr_date_column_rewrite_numbers (GPtrArray  *rows,
                                              guint       first,
                                              guint       n,
                                              guint       column,
                                              const char *name,
                                              gint64      now);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrDateColumn, pr_date_column_free)

G_END_DECLS
