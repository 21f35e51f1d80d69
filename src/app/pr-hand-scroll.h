#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*PrHandFunc) (gpointer owner);

void pr_hand_scroll_watch (GtkWidget  *scroller,
                           PrHandFunc  on_hand,
                           gpointer    owner);

G_END_DECLS
