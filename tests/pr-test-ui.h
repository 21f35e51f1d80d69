/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *pr_test_find_widget      (GtkWidget  *widget,
                                     GType       type,
                                     const char *name);
gboolean   pr_test_list_settled     (gpointer    column_view);
char      *pr_test_unnamed_controls (GtkWidget  *widget);

G_END_DECLS
