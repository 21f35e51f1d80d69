/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pr-difference-scroll.c — the difference F8 framed, kept in view.
 *
 * A record chosen by the same key press has its cells made, not yet laid
 * out, and a field's first place, measured before the wrapped text above
 * it has its height, is not its last. So each frame, until it has stood
 * in view for a few frames with nothing moved, it is scrolled to again;
 * the clerk's own scrolling stops it (pr-hand-scroll.c). In a long text
 * it is the changed words that are brought into view, not the field's
 * top: they may be a page further down.
 */
#define G_LOG_DOMAIN "pr-difference-scroll"

#include "config.h"

#include "pr-difference-scroll.h"

#include "pr-long-text.h"

/* Frames the difference is looked for at most (some 10 s). */
#define MAX_FRAMES 600
/* Frames in view with nothing moved before the layout is taken as settled. */
#define STILL_FRAMES 3

struct _PrDifferenceScroll
{
  GtkWidget       *view;     /* ticks on it; not owned */
  GtkWidget       *scroller; /* not owned */
  GtkWidget       *content;  /* the scroller's child, the coordinates used */
  GtkWidget       *target;   /* weak */
  guint            tick;
  guint            frames;
  guint            still;
  graphene_rect_t  bounds;   /* where it was at the last frame */
  double           upper;    /* and the scroller's length then */
};

PrDifferenceScroll *
pr_difference_scroll_new (GtkWidget *view,
                          GtkWidget *scroller,
                          GtkWidget *content)
{
  PrDifferenceScroll *self = g_new0 (PrDifferenceScroll, 1);

  self->view = view;
  self->scroller = scroller;
  self->content = content;
  return self;
}

void
pr_difference_scroll_free (PrDifferenceScroll *self)
{
  pr_difference_scroll_stop (self);
  g_free (self);
}

/* Notes on @label (a wrapped label, or a long text) that its first changed words start
 * at the byte @index of its text. */
void
pr_difference_scroll_set_change (GtkWidget *label,
                                 guint      index)
{
  g_object_set_data (G_OBJECT (label), "pr-first-change", GUINT_TO_POINTER (index + 1));
}

/* Where @target's first changed words lie, down @self->content: their
 * line's top and bottom; the whole widget when it notes none. */
static gboolean
change_extent (PrDifferenceScroll *self,
               GtkWidget          *target,
               double             *top,
               double             *bottom)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (target), "pr-first-change"));
  graphene_point_t in_label, in_content;
  PangoRectangle position;
  double line_top, line_height;
  int x, y;

  if (!gtk_widget_compute_bounds (target, self->content, &self->bounds))
    return FALSE;
  *top = self->bounds.origin.y;
  *bottom = *top + self->bounds.size.height;
  if (index == 0)
    return TRUE;
  if (pr_long_text_locate (target, index - 1, &line_top, &line_height))
    {
      in_label = GRAPHENE_POINT_INIT (0, line_top);
      if (gtk_widget_compute_point (target, self->content, &in_label, &in_content))
        {
          *top = in_content.y;
          *bottom = in_content.y + line_height;
        }
      return TRUE;
    }
  if (!GTK_IS_LABEL (target))
    return TRUE;
  pango_layout_index_to_pos (gtk_label_get_layout (GTK_LABEL (target)), index - 1, &position);
  gtk_label_get_layout_offsets (GTK_LABEL (target), &x, &y);
  in_label = GRAPHENE_POINT_INIT (0, y + PANGO_PIXELS (position.y));
  if (!gtk_widget_compute_point (target, self->content, &in_label, &in_content))
    return TRUE;
  *top = in_content.y;
  *bottom = in_content.y + PANGO_PIXELS (position.height);
  return TRUE;
}

static gboolean
scroll (GtkWidget     *widget,
        GdkFrameClock *clock,
        gpointer       user_data)
{
  PrDifferenceScroll *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t was = self->bounds;
  double value, page, upper, field_top, top, bottom, lowest, highest, wanted;

  if (self->target == NULL || ++self->frames > MAX_FRAMES)
    goto done;
  if (gtk_widget_get_height (self->target) == 0 || !change_extent (self, self->target, &top, &bottom))
    return G_SOURCE_CONTINUE;
  field_top = self->bounds.origin.y;
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  upper = gtk_adjustment_get_upper (adjustment);
  /* The changed words in view, and the field's top with them if both
   * fit; the least scrolling that does it. */
  lowest = bottom - page;
  highest = top;
  if (lowest > highest)
    lowest = highest;
  wanted = CLAMP (value, lowest, highest);
  if (field_top < wanted)
    wanted = MAX (field_top, lowest);
  if (wanted != value)
    {
      gtk_adjustment_set_value (adjustment, wanted);
      self->still = 0;
    }
  else if (graphene_rect_equal (&self->bounds, &was) && upper == self->upper)
    {
      if (++self->still >= STILL_FRAMES)
        goto done;
    }
  else
    self->still = 0;
  self->upper = upper;
  return G_SOURCE_CONTINUE;

done:
  self->tick = 0;
  return G_SOURCE_REMOVE;
}

/* Brings @target into view, and keeps it there until the layout settles. */
void
pr_difference_scroll_start (PrDifferenceScroll *self,
                            GtkWidget          *target)
{
  g_set_weak_pointer (&self->target, target);
  self->frames = 0;
  self->still = 0;
  self->bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  self->upper = -1;
  if (self->tick == 0 && scroll (self->view, NULL, self) == G_SOURCE_CONTINUE)
    self->tick = gtk_widget_add_tick_callback (self->view, scroll, self, NULL);
}

void
pr_difference_scroll_stop (PrDifferenceScroll *self)
{
  if (self->tick != 0)
    gtk_widget_remove_tick_callback (self->view, self->tick);
  self->tick = 0;
  g_clear_weak_pointer (&self->target);
}
