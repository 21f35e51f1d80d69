/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The compare view on its own, without a server: which record a click
 * chooses, that the chosen record is scrolled into view, and that the
 * primary and the field names stay in view however far the records
 * scroll. "In view" is measured independently of how the view is built:
 * a widget's bounds in the compare view's own coordinates against the
 * view's width.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-mapping.h"
#include "pr-test-ui.h"

#define N_MEMBERS 8

static const char *const bodies[] = {
  "公司拖欠我工资三个月，多次讨要无果，请求有关部门帮助解决。",
  "公司拖欠我工资三个月，多次讨要没有结果，请求有关部门帮忙解决。",
};

static PrMapping *
make_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  return mapping;
}

/* A cluster of N_MEMBERS records whose ids start with @prefix. */
static PrClusterItem *
make_cluster (guint       number,
              const char *prefix,
              GPtrArray  *records)
{
  PrClusterItem *item = pr_cluster_item_new (number, FALSE, "subject", 0);

  for (guint m = 0; m < N_MEMBERS; m++)
    {
      GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (values, g_strdup_printf ("%s%u", prefix, m + 1));
      g_ptr_array_add (values, g_strdup_printf ("某%u", m % 3));
      g_ptr_array_add (values, g_strdup (bodies[m % 2]));
      g_ptr_array_add (records, values);
      pr_cluster_item_add_member (item, g_ptr_array_index (values, 0), m, m % 4);
    }
  return item;
}

static void
count_frame (GdkFrameClock *clock,
             gpointer       data)
{
  (*(gint64 *) data)--;
}

/* Lets the view lay out and paint a few frames (its columns and its
 * scrolling are done at frame time). */
static void
wait_frames (GtkWidget *widget,
             guint      n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 left = n;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &left);

  while (left > 0)
    {
      gtk_widget_queue_draw (widget);
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, id);
}

static void
find_labels (GtkWidget  *widget,
             const char *css_class,
             const char *prefix,
             GtkWidget **found)
{
  if (*found != NULL)
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class)
      && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    {
      *found = widget;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    find_labels (child, css_class, prefix, found);
}

/* Returns: the label of @css_class whose text starts with @prefix */
static GtkWidget *
find_label (GtkWidget  *view,
            const char *css_class,
            const char *prefix)
{
  GtkWidget *found = NULL;

  find_labels (view, css_class, prefix, &found);
  g_assert_nonnull (found);
  return found;
}

/* Whether @widget lies wholly within the view's width. */
static gboolean
in_view (GtkWidget *view,
         GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, view, &bounds));
  return bounds.size.width > 0 && bounds.origin.x >= -0.5
         && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (view) + 0.5;
}

static GtkWidget *
show_window (GtkWidget *view,
             int        width)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, 600);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  wait_frames (view, 3);
  return window;
}

/* A click on a record's column (its header or any of its fields)
 * chooses that record, as Alt+→ would. */
void
test_compare_click_selects (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = make_cluster (1, "c", records);
  GtkWidget *view = pr_compare_view_new ();
  /* Wide enough for three records' columns. */
  GtkWidget *window = show_window (view, 1600);
  const char *targets[][2] = { { "record-header", "c2 ·" }, { "field-value", "某1" } };

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  wait_frames (view, 3);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "c2");

  /* Record c3's header, then a field of c2 ("某1" is c2's petitioner). */
  targets[0][1] = "c3 ·";
  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      GtkWidget *target = find_label (view, targets[t][0], targets[t][1]);
      gboolean clicked = FALSE;

      g_assert_true (in_view (view, target));
      /* The click as a pointer would give it: to every click gesture of
       * the widgets above the target, at the target's centre. */
      for (GtkWidget *w = gtk_widget_get_parent (target); w != NULL && !clicked; w = gtk_widget_get_parent (w))
        {
          g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

          for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
            {
              g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);
              graphene_point_t centre;

              if (!GTK_IS_GESTURE_CLICK (controller))
                continue;
              g_assert_true (gtk_widget_compute_point (target, w,
                                                       &GRAPHENE_POINT_INIT (gtk_widget_get_width (target) / 2.f,
                                                                             gtk_widget_get_height (target) / 2.f),
                                                       &centre));
              g_signal_emit_by_name (controller, "pressed", 1, (double) centre.x, (double) centre.y);
              g_signal_emit_by_name (controller, "released", 1, (double) centre.x, (double) centre.y);
              clicked = TRUE;
            }
          if (w == view)
            break;
        }
      g_assert_true (clicked);
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, t == 0 ? "c3" : "c2");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Alt+→ to the last record and back: each record chosen is scrolled
 * into view, and the primary and the field names stay in view. */
void
test_compare_selection_in_view (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = make_cluster (1, "k", records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900);

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  wait_frames (view, 3);
  for (guint m = 3; m <= N_MEMBERS; m++)
    {
      g_autofree char *prefix = g_strdup_printf ("k%u ·", m);
      g_autofree char *id = g_strdup_printf ("k%u", m);

      pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
      wait_frames (view, 4);
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, id);
      g_assert_true (in_view (view, find_label (view, "record-header", prefix)));
      g_assert_true (in_view (view, find_label (view, "record-header", "★")));
      g_assert_true (in_view (view, find_label (view, "field-name", "body")));
    }
  /* And back from the last to the second. */
  for (guint m = N_MEMBERS - 1; m >= 2; m--)
    {
      g_autofree char *prefix = g_strdup_printf ("k%u ·", m);

      pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
      wait_frames (view, 4);
      g_assert_true (in_view (view, find_label (view, "record-header", prefix)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
scroll_all_right (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (widget));

      gtk_adjustment_set_value (h, gtk_adjustment_get_upper (h));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    scroll_all_right (child);
}

/* Scrolled to the far right, the primary and the field names are still
 * in view; the next cluster opens at its start, its first record beside
 * the primary. */
void
test_compare_primary_pinned (void)
{
  g_autoptr(PrMapping) mapping = make_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) other_records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = make_cluster (1, "p", records);
  g_autoptr(PrClusterItem) other = make_cluster (2, "q", other_records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900);

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  wait_frames (view, 3);
  /* Until every column is made and the view is at its right end. */
  for (guint turn = 0; turn < 4 * N_MEMBERS && !pr_compare_view_get_complete (PR_COMPARE_VIEW (view)); turn++)
    {
      scroll_all_right (view);
      wait_frames (view, 2);
    }
  g_assert_true (pr_compare_view_get_complete (PR_COMPARE_VIEW (view)));
  scroll_all_right (view);
  wait_frames (view, 3);
  g_assert_true (in_view (view, find_label (view, "record-header", "p8 ·")));
  g_assert_false (in_view (view, find_label (view, "record-header", "p2 ·")));
  g_assert_true (in_view (view, find_label (view, "record-header", "★")));
  g_assert_true (in_view (view, find_label (view, "field-name", "body")));
  g_assert_true (in_view (view, find_label (view, "field-name", "petitioner")));

  pr_compare_view_show (PR_COMPARE_VIEW (view), other, mapping, NULL, other_records);
  wait_frames (view, 4);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "q2");
  g_assert_true (in_view (view, find_label (view, "record-header", "★ Primary · q1")));
  g_assert_true (in_view (view, find_label (view, "record-header", "q2 ·")));
  gtk_window_destroy (GTK_WINDOW (window));
}
