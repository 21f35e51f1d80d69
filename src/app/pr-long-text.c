/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pr-long-text.c — a long field's text (a petition of 10,000 characters
 * and more), shown in a read-only GtkTextView filled a piece at a time.
 *
 * A wrapped GtkLabel lays its whole text out several times in the frame
 * that shows it (its natural width on one line, its height for a width,
 * then for drawing): over 100 ms for a text of 20,000 characters. A text
 * view lays a paragraph out once per width and draws from that. Its
 * first screen is put in at once, so the clerk reads at the same turn;
 * the rest, with its marks, at a later frame, and at most one text per
 * frame in the whole process, so that the primary's and the judged
 * record's layouts fall in different turns. The rest belongs to the
 * view: a view removed (another record or case chosen) takes its rest
 * with it, so no text or mark of a case left comes in later.
 *
 * The marks are those of pr-compare-view.c's labels: words added
 * underlined, the primary's words dropped struck through, each on a tint.
 */
#define G_LOG_DOMAIN "pr-long-text"

#include "config.h"

#include "pr-long-text.h"

#include "pr-diff-merged.h"

/* The first screen: some 45 lines of 40 characters. */
#define FIRST_CHARS 2000
/* As wide as the compare view's labels (pr-compare-view.c's value_label ()):
 * at least 12 characters, 40 if it has the room, so that the primary's
 * column and the judged record's share the width as they did. */
#define MIN_WIDTH_CHARS 12
#define NATURAL_WIDTH_CHARS 40

/* A text view that asks for a label's width: its own natural width is
 * none, so the columns would be shared by their headers' lengths. */
typedef GtkTextView PrLongTextView;
typedef GtkTextViewClass PrLongTextViewClass;
static GType pr_long_text_view_get_type (void);
G_DEFINE_TYPE (PrLongTextView, pr_long_text_view, GTK_TYPE_TEXT_VIEW)

static void
pr_long_text_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  GTK_WIDGET_CLASS (pr_long_text_view_parent_class)->measure (widget, orientation, for_size, minimum, natural,
                                                               minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* The font's metrics are costly to get, and a frame measures often:
       * taken once for the view (one record's cell). */
      int char_width = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "pr-char-width"));

      if (char_width == 0)
        {
          PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (widget), NULL, NULL);

          char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                            pango_font_metrics_get_approximate_digit_width (metrics));
          pango_font_metrics_unref (metrics);
          g_object_set_data (G_OBJECT (widget), "pr-char-width", GINT_TO_POINTER (MAX (char_width, 1)));
        }
      *minimum = MAX (*minimum, PANGO_PIXELS (char_width * MIN_WIDTH_CHARS));
      *natural = MAX (*natural, MAX (*minimum, PANGO_PIXELS (char_width * NATURAL_WIDTH_CHARS)));
    }
}

static void
pr_long_text_view_class_init (PrLongTextViewClass *klass)
{
  GTK_WIDGET_CLASS (klass)->measure = pr_long_text_view_measure;
}

static void
pr_long_text_view_init (PrLongTextView *self)
{
}

typedef struct
{
  char   *text;
  GArray *runs;   /* PrDiffRun; nullable */
  gsize   length;
  gsize   done;   /* bytes of @text in the buffer */
  guint   tick;
} Fill;

static guint64 last_filled_frame = G_MAXUINT64;

static void
fill_free (gpointer data)
{
  Fill *fill = data;

  g_free (fill->text);
  g_clear_pointer (&fill->runs, g_array_unref);
  g_free (fill);
}

static const char *
tag_of (PrDiffRunKind kind)
{
  return kind == PR_DIFF_RUN_ADDED ? "added" : kind == PR_DIFF_RUN_REMOVED ? "removed" : NULL;
}

/* Appends @fill's text up to the byte @end, each stretch with its mark. */
static void
append (GtkTextView *view,
        Fill        *fill,
        gsize        end)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter at;

  for (guint r = 0; fill->runs != NULL && r < fill->runs->len && fill->done < end; r++)
    {
      const PrDiffRun *run = &g_array_index (fill->runs, PrDiffRun, r);
      gsize to = MIN (run->end, end);

      if (run->end <= fill->done)
        continue;
      if (run->start > fill->done)
        {
          /* Not covered by a run: unmarked. */
          gtk_text_buffer_get_end_iter (buffer, &at);
          gtk_text_buffer_insert (buffer, &at, fill->text + fill->done, MIN (run->start, end) - fill->done);
          fill->done = MIN (run->start, end);
          if (fill->done >= end)
            break;
        }
      gtk_text_buffer_get_end_iter (buffer, &at);
      if (tag_of (run->kind) != NULL)
        gtk_text_buffer_insert_with_tags_by_name (buffer, &at, fill->text + fill->done, to - fill->done,
                                                  tag_of (run->kind), NULL);
      else
        gtk_text_buffer_insert (buffer, &at, fill->text + fill->done, to - fill->done);
      fill->done = to;
    }
  if (fill->done < end)
    {
      gtk_text_buffer_get_end_iter (buffer, &at);
      gtk_text_buffer_insert (buffer, &at, fill->text + fill->done, end - fill->done);
      fill->done = end;
    }
}

/* At the start of a frame no other long text was put in at: the rest. */
static gboolean
fill_rest (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  Fill *fill = user_data;
  guint64 frame = (guint64) gdk_frame_clock_get_frame_counter (clock);

  if (frame == last_filled_frame)
    return G_SOURCE_CONTINUE;
  last_filled_frame = frame;
  append (GTK_TEXT_VIEW (widget), fill, fill->length);
  fill->tick = 0;
  return G_SOURCE_REMOVE;
}

gboolean
pr_long_text_is_long (const char *text)
{
  /* Bytes first: a text shorter in bytes is shorter in characters. */
  return text != NULL && strlen (text) >= PR_LONG_TEXT_CHARS
         && g_utf8_strlen (text, -1) >= PR_LONG_TEXT_CHARS;
}

/**
 * pr_long_text_new:
 * @runs: (element-type PrDiffRun) (nullable): @text's marks
 *
 * Returns: a read-only, selectable text view that shows @text
 */
GtkWidget *
pr_long_text_new (const char *text,
                  GArray     *runs)
{
  GtkWidget *widget = g_object_new (pr_long_text_view_get_type (), NULL);
  GtkTextView *view = GTK_TEXT_VIEW (widget);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  Fill *fill = g_new0 (Fill, 1);
  const char *first;

  gtk_text_view_set_editable (view, FALSE);
  gtk_text_view_set_cursor_visible (view, FALSE);
  gtk_text_view_set_wrap_mode (view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (view, FALSE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_add_css_class (widget, "field-value");
  gtk_widget_add_css_class (widget, "long-text");
  gtk_text_buffer_create_tag (buffer, "added", "underline", PANGO_UNDERLINE_SINGLE,
                              "background-rgba", &(GdkRGBA) { 1.0, 0xe0 / 255.0, 0x80 / 255.0, 1.0 }, NULL);
  gtk_text_buffer_create_tag (buffer, "removed", "strikethrough", TRUE,
                              "background-rgba", &(GdkRGBA) { 0xf6 / 255.0, 0xc8 / 255.0, 0xc8 / 255.0, 1.0 }, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_READ_ONLY, TRUE, -1);

  fill->text = g_strdup (text != NULL ? text : "");
  fill->length = strlen (fill->text);
  fill->runs = runs != NULL ? g_array_ref (runs) : NULL;
  g_object_set_data_full (G_OBJECT (widget), "pr-long-text", fill, fill_free);
  first = g_utf8_offset_to_pointer (fill->text, MIN (FIRST_CHARS, g_utf8_strlen (fill->text, -1)));
  append (view, fill, first - fill->text);
  if (fill->done < fill->length)
    fill->tick = gtk_widget_add_tick_callback (widget, fill_rest, fill, NULL);
  return widget;
}

static Fill *
fill_of (GtkWidget *view)
{
  return GTK_IS_TEXT_VIEW (view) ? g_object_get_data (G_OBJECT (view), "pr-long-text") : NULL;
}

/* Where the byte @index of @view's text lies, down the view: its line's
 * top and height. FALSE while it is not in yet. */
gboolean
pr_long_text_locate (GtkWidget *view,
                     gsize      index,
                     double    *y,
                     double    *height)
{
  Fill *fill = fill_of (view);
  GtkTextIter iter;
  GdkRectangle location;
  int wx, wy;

  if (fill == NULL || index >= fill->done)
    return FALSE;
  gtk_text_buffer_get_iter_at_offset (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), &iter,
                                      g_utf8_pointer_to_offset (fill->text, fill->text + index));
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (view), &iter, &location);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (view), GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &wx,
                                         &wy);
  *y = wy;
  *height = location.height;
  return TRUE;
}
