/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A zone a date names in words (北京时间, GMT+8, CST, Asia/Shanghai):
 * a fixed offset, or a zone of the time zone database, whose offset
 * depends on the date. */
typedef struct {
  int        offset;  /* seconds east of UTC, when @zone is %NULL */
  GTimeZone *zone;
} PrDateZone;

gboolean pr_date_skip_word        (const char **p,
                                   const char  *word);
gboolean pr_date_read_signed_offset (const char **p,
                                     guint        min_hour_digits,
                                     int         *out_offset);
gboolean pr_date_zone_read_prefix (const char **p,
                                   int         *out_offset);
gboolean pr_date_zone_read_word   (const char **p,
                                   PrDateZone  *out_zone);
gboolean pr_date_zone_offset_at   (const PrDateZone *zone,
                                   gint64            wall,
                                   int              *out_offset);
void     pr_date_zone_clear       (PrDateZone *zone);
gboolean pr_date_zone_says_cst    (const char *text);
gboolean pr_date_zone_says_us     (const char *text);

G_END_DECLS
