/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _PrDifferenceScroll PrDifferenceScroll;

PrDifferenceScroll *pr_difference_scroll_new        (GtkWidget          *view,
                                                     GtkWidget          *scroller,
                                                     GtkWidget          *content);
void                pr_difference_scroll_free       (PrDifferenceScroll *self);
void                pr_difference_scroll_set_change (GtkWidget          *label,
                                                     guint               index);
void                pr_difference_scroll_start      (PrDifferenceScroll *self,
                                                     GtkWidget          *target);
void                pr_difference_scroll_stop       (PrDifferenceScroll *self);

G_END_DECLS
