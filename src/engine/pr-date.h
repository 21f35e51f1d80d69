/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The date of a record that has none, or none that could be read: it sorts last. */
#define PR_DATE_NONE G_MAXINT64

/* A date that gives no zone. */
#define PR_DATE_NO_OFFSET G_MININT

/* How to read a date whose year comes last (08/06/2019). */
typedef enum {
  PR_DATE_ORDER_UNSET,  /* not said: such a date is ambiguous */
  PR_DATE_ORDER_YMD,    /* only year-first dates: such a date is unreadable */
  PR_DATE_ORDER_DMY,
  PR_DATE_ORDER_MDY,
} PrDateOrder;

typedef enum {
  PR_DATE_OK,
  PR_DATE_UNREADABLE,
  PR_DATE_AMBIGUOUS,    /* day-first or month-first, and no order given */
  PR_DATE_PLACEHOLDER,  /* 0000-00-00, or a date before 1901 or after 2199: what systems write for none */
} PrDateStatus;

/* How a date's time of day was written. */
typedef enum {
  PR_DATE_CLOCK_24,        /* no time, a form only a 24-hour clock writes (T, an offset, 09:15:00), or 0531 run on */
  PR_DATE_CLOCK_DAY_PART,  /* with its part of the day (下午3点, 5:31 PM) */
  PR_DATE_CLOCK_BARE_12,   /* an hour from 1 to 12 without one (3点, 5:31) */
  PR_DATE_CLOCK_24_HOUR,   /* an hour only a 24-hour clock has, without a day part (0点半, 15点, 17:31) */
} PrDateClock;

/* What a whole date column shows of its clock, for a few of its rows read
 * alone (a reopened scan's, an intake check's): they are read by it. */
typedef enum {
  PR_DATE_CLOCK_EVIDENCE_NONE     = 0,
  PR_DATE_CLOCK_EVIDENCE_DAY_PART = 1 << 0,  /* it writes 上午/下午 (AM/PM) somewhere */
  PR_DATE_CLOCK_EVIDENCE_24_HOUR  = 1 << 1,  /* it writes an unmarked hour 0 or 13 to 23 somewhere */
  PR_DATE_CLOCK_EVIDENCE_NOT_NUMBERS = 1 << 2, /* it is not all numbers: a number in it is no date */
} PrDateClockEvidence;

PrDateStatus pr_date_read  (const char  *text,
                            PrDateOrder  order,
                            gint64      *out_seconds,
                            int         *out_offset);
PrDateStatus pr_date_read_clock (const char  *text,
                                 PrDateOrder  order,
                                 gint64      *out_seconds,
                                 int         *out_offset,
                                 PrDateClock *out_clock);
int      pr_date_microseconds (const char  *text,
                               PrDateOrder  order);
gboolean pr_date_has_short_year (const char *text);
gboolean pr_date_has_roc_year (const char *text);
gboolean pr_date_has_hour_span (const char  *text,
                                PrDateOrder  order);

/* Why a date that could not be read names no one instant, where the
 * reason has advice of its own. */
typedef enum {
  PR_DATE_DOUBT_NONE,            /* no advice of its own: among the others */
  PR_DATE_DOUBT_HOUR_SPAN,       /* 2019-06-08 08:00-12:00 */
  PR_DATE_DOUBT_MORNING_TWELVE,  /* 上午12点: noon or midnight */
  PR_DATE_DOUBT_WEEKDAY,         /* 2024-01-01 星期二: not that date's weekday */
  PR_DATE_DOUBT_LUNAR,           /* 农历2024年正月初一: a day of the lunar calendar */
  PR_DATE_N_DOUBTS,
} PrDateDoubt;

PrDateDoubt pr_date_doubt (const char  *text,
                           PrDateOrder  order);
gboolean pr_date_parse     (const char *text,
                            gint64     *out_seconds);
gboolean pr_date_order_from_string (const char  *text,
                                    PrDateOrder *out_order);
char    *pr_date_format    (gint64      seconds);
char    *pr_date_format_day (gint64     seconds);
int      pr_id_compare     (const char *a,
                            const char *b);

G_END_DECLS
