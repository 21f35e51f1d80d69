/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_date_parse     (const char *text,
                            gint64     *out_seconds);
int      pr_id_compare     (const char *a,
                            const char *b);

G_END_DECLS
