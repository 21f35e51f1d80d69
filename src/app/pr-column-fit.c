/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A column of the cluster list at a width fixed from its measured text.
 *
 * GTK 4.8 measures a column again, every one of its cells, whenever a row
 * is made or dropped: a sort or a filter that reaches the list a slice at
 * a time paid some 200 rows × 8 cells of measuring in every frame. A
 * column with a fixed width is not measured. The width is the column's
 * heading (its title widget as the theme draws it) or its widest text
 * measured so far, whichever is wider: each distinct text a cell is
 * filled with is measured once, in the cell's own font, so the widths
 * follow the font and its size, the language and the data. They only
 * grow (a column does not jump as rows come and go); they are measured
 * again when the font changes. A column the clerk resizes by hand is left
 * at the clerk's width.
 */
#define G_LOG_DOMAIN "pr-column-fit"

#include "config.h"

#include "pr-column-fit.h"

/* Past this many distinct texts, a column forgets them and measures anew
 * (its width kept): a list of 100,000 cases has as many numbers. */
#define MAX_MEASURED 4096

typedef struct {
  GtkColumnViewColumn *column;    /* unowned: the data is the column's */
  GHashTable          *measured;  /* text → the cell's width for it */
  int                  extra;     /* the cell's width beyond its label's; -1 unknown */
  int                  width;     /* the width set here, or -1 */
  gboolean             setting;   /* the width being set here */
  gboolean             by_hand;   /* the clerk resized the column */
} ColumnFit;

static void
column_fit_free (gpointer data)
{
  ColumnFit *fit = data;

  g_hash_table_unref (fit->measured);
  g_free (fit);
}

static void
set_width (ColumnFit *fit,
           int        width)
{
  fit->width = width;
  fit->setting = TRUE;
  gtk_column_view_column_set_fixed_width (fit->column, width);
  fit->setting = FALSE;
}

static void
fixed_width_notified (GtkColumnViewColumn *column,
                      GParamSpec          *pspec,
                      ColumnFit           *fit)
{
  /* Not set here: a drag of the column's edge. */
  if (!fit->setting && gtk_column_view_column_get_fixed_width (column) != fit->width)
    fit->by_hand = TRUE;
}

/* The first label among @widget and its descendants. */
static GtkWidget *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = first_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* The title widget of @column in @view's header, found by its label. */
static GtkWidget *
find_title (GtkColumnView       *view,
            GtkColumnViewColumn *column)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (view));
  const char *title = gtk_column_view_column_get_title (column);

  if (header == NULL || title == NULL || g_strcmp0 (gtk_widget_get_css_name (header), "header") != 0)
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (header); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = first_label (child);

      if (label != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), title) == 0)
        return child;
    }
  return NULL;
}

/* The heading's width, or -1 when the header is not to be found (then
 * the column is left to GTK's measuring). */
static int
heading_width (ColumnFit *fit)
{
  GtkColumnView *view = gtk_column_view_column_get_column_view (fit->column);
  GtkWidget *title = view != NULL ? find_title (view, fit->column) : NULL;
  int width = 0;

  if (title == NULL)
    return -1;
  gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  return width;
}

/* Every fitted column of @view measured anew, at its heading's width
 * until its cells are filled again; GTK measures those not fitted. */
static void
refit_view (GtkColumnView *view,
            gboolean       forget_texts)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      ColumnFit *fit = g_object_get_data (G_OBJECT (column), "pr-column-fit");
      int heading, widest = 0;
      GHashTableIter iter;
      gpointer width;

      if (fit == NULL || fit->by_hand)
        continue;
      if (forget_texts)
        {
          g_hash_table_remove_all (fit->measured);
          fit->extra = -1;
        }
      heading = heading_width (fit);
      g_hash_table_iter_init (&iter, fit->measured);
      while (g_hash_table_iter_next (&iter, NULL, &width))
        widest = MAX (widest, GPOINTER_TO_INT (width));
      if (heading < 0 || g_hash_table_size (fit->measured) == 0)
        set_width (fit, -1);
      else if (MAX (heading, widest) != fit->width)
        set_width (fit, MAX (heading, widest));
    }
}

static void
fonts_changed (GtkSettings   *settings,
               GParamSpec    *pspec,
               GtkColumnView *view)
{
  refit_view (view, TRUE);
}

/* A heading renamed, or its sort indicator shown: measured again. */
static void
headings_changed (GtkColumnView *view)
{
  refit_view (view, FALSE);
}

static void
title_notified (GtkColumnViewColumn *column,
                GParamSpec          *pspec,
                GtkColumnView       *view)
{
  headings_changed (view);
}

/* The font's settings and the sort indicator watched, once per view. */
static void
watch_view (GtkColumnView *view)
{
  GtkSettings *settings;

  if (g_object_get_data (G_OBJECT (view), "pr-column-fit-watched") != NULL)
    return;
  g_object_set_data (G_OBJECT (view), "pr-column-fit-watched", GINT_TO_POINTER (TRUE));
  settings = gtk_widget_get_settings (GTK_WIDGET (view));
  g_signal_connect_object (settings, "notify::gtk-font-name", G_CALLBACK (fonts_changed), view, 0);
  g_signal_connect_object (settings, "notify::gtk-xft-dpi", G_CALLBACK (fonts_changed), view, 0);
  g_signal_connect_object (gtk_column_view_get_sorter (view), "changed", G_CALLBACK (headings_changed), view,
                           G_CONNECT_SWAPPED);
}

static ColumnFit *
column_fit_of (GtkColumnView       *view,
               GtkColumnViewColumn *column)
{
  ColumnFit *fit = g_object_get_data (G_OBJECT (column), "pr-column-fit");

  if (fit != NULL)
    return fit;
  watch_view (view);
  fit = g_new0 (ColumnFit, 1);
  fit->column = column;
  fit->measured = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  fit->extra = -1;
  fit->width = gtk_column_view_column_get_fixed_width (column);
  /* A width given in the template is not the texts'. */
  fit->by_hand = fit->width >= 0;
  g_object_set_data_full (G_OBJECT (column), "pr-column-fit", fit, column_fit_free);
  g_signal_connect (column, "notify::fixed-width", G_CALLBACK (fixed_width_notified), fit);
  g_signal_connect_object (column, "notify::title", G_CALLBACK (title_notified), view, 0);
  return fit;
}

/**
 * pr_column_fit_cell:
 * @column: the column of @label's cell
 * @label: a cell's label, just filled
 *
 * Widens @column to @label's text if it is wider than any before, the
 * text measured once per column; the first text sets the column to a
 * fixed width.
 */
void
pr_column_fit_cell (GtkColumnViewColumn *column,
                    GtkWidget           *label)
{
  GtkColumnView *view = gtk_column_view_column_get_column_view (column);
  const char *text = gtk_label_get_text (GTK_LABEL (label));
  GtkWidget *cell = gtk_widget_get_parent (label);
  ColumnFit *fit;
  int label_width = 0, cell_width = 0, need;

  /* Not in a window yet, its font is not known. */
  if (view == NULL || cell == NULL || gtk_widget_get_root (label) == NULL)
    return;
  fit = column_fit_of (view, column);
  if (fit->by_hand || g_hash_table_contains (fit->measured, text))
    return;
  /* The least width the label shows itself in: all its text, or for a
   * text ellipsized, its ellipsis. */
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &label_width, NULL, NULL, NULL);
  if (fit->extra < 0)
    {
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, &cell_width, NULL, NULL, NULL);
      fit->extra = MAX (cell_width - label_width, 0);
    }
  need = label_width + fit->extra;
  if (g_hash_table_size (fit->measured) >= MAX_MEASURED)
    g_hash_table_remove_all (fit->measured);
  g_hash_table_insert (fit->measured, g_strdup (text), GINT_TO_POINTER (need));
  if (need > fit->width)
    {
      int heading = heading_width (fit);

      if (heading >= 0)
        set_width (fit, MAX (need, heading));
    }
}
