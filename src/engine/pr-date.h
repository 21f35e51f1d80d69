/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The date of a record that has none, or none that could be read: it sorts last. */
#define PR_DATE_NONE G_MAXINT64

gboolean pr_date_parse     (const char *text,
                            gint64     *out_seconds);
char    *pr_date_format    (gint64      seconds);
char    *pr_date_format_day (gint64     seconds);
int      pr_id_compare     (const char *a,
                            const char *b);

G_END_DECLS
