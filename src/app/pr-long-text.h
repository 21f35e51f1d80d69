/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* From this many characters a field's text is shown by pr_long_text_new (). */
#define PR_LONG_TEXT_CHARS 8000

GtkWidget  *pr_long_text_new        (const char *text,
                                     GArray     *runs);
gboolean    pr_long_text_is_long    (const char *text);
gboolean    pr_long_text_locate     (GtkWidget  *view,
                                     gsize       index,
                                     double     *y,
                                     double     *height);

G_END_DECLS
