#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pr_focus_leave (GtkWidget *leaving,
                     GtkWidget *to);

G_END_DECLS
