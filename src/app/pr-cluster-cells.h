/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void     pr_cluster_cells_bind_template_callbacks (GtkWidgetClass *widget_class);
gboolean pr_cluster_cells_get_bound               (gpointer        item);
GtkWidget *pr_cluster_cells_find_row              (GtkWidget      *list_view,
                                                   guint           position);

G_END_DECLS
