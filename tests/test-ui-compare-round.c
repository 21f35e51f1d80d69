/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The compare view on its own, under a display but without a server:
 * going from record to record (Alt+→, Alt+←) round a case's ends, and
 * the primary's card whole in the strip's view wherever the strip is;
 * the pair graph's legend whole in a view as short as the chain view's
 * on a screen 900 pixels high.
 *
 * The records a clerk goes through are those beside the primary: the
 * primary is pinned at the left already, and a verdict key on it does
 * nothing. The expected records are counted by hand.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-mapping.h"
#include "pr-member-strip.h"
#include "pr-pair-graph.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

static GtkWidget *
show_case (guint       n,
           GPtrArray  *records,
           PrMapping  *mapping,
           PrClusterItem **item)
{
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = gtk_window_new ();

  *item = pr_cluster_item_new (1, FALSE, "subject", 0);
  for (guint m = 0; m < n; m++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", m + 1);

      pr_test_compare_add (*item, records, id, "公司拖欠我工资三个月，多次讨要无果。", "张三", m);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  pr_compare_view_show (PR_COMPARE_VIEW (view), *item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  return view;
}

static const char *
selected (GtkWidget *view)
{
  return pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view));
}

/* Alt+→ from the last record goes on to the first beside the primary,
 * Alt+← from the first to the last; the primary, chosen by a click, goes
 * on to the first (→) or the last (←). */
static void
test_round_past_primary (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = NULL;
  GtkWidget *view = show_case (4, records, mapping, &item);
  static const char *const right[] = { "r3", "r4", "r2", "r3", "r4", "r2" };
  static const char *const left[] = { "r4", "r3", "r2", "r4" };

  /* It opens on the first record beside the primary. */
  g_assert_cmpstr (selected (view), ==, "r2");
  for (guint i = 0; i < G_N_ELEMENTS (right); i++)
    {
      pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
      g_assert_cmpstr (selected (view), ==, right[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (left); i++)
    {
      pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
      g_assert_cmpstr (selected (view), ==, left[i]);
    }

  pr_test_click_card (view, "r1");
  g_assert_cmpstr (selected (view), ==, "r1");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
  g_assert_cmpstr (selected (view), ==, "r2");
  pr_test_click_card (view, "r1");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  g_assert_cmpstr (selected (view), ==, "r4");
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* A case of two: the one record beside the primary stays chosen. */
static void
test_round_of_two (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = NULL;
  GtkWidget *view = show_case (2, records, mapping, &item);

  g_assert_cmpstr (selected (view), ==, "r2");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
  g_assert_cmpstr (selected (view), ==, "r2");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  g_assert_cmpstr (selected (view), ==, "r2");
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* Whether a card of @id (a label of its id) stands whole and shown
 * within @strip, across. */
static gboolean
card_whole (GtkWidget  *widget,
            GtkWidget  *strip,
            const char *id)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "member-id") &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), id) == 0)
    {
      GtkWidget *card = gtk_widget_get_parent (widget);

      return gtk_widget_compute_bounds (card, strip, &bounds) && bounds.size.width > 0 &&
             bounds.origin.x >= -0.5 && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (strip) + 0.5;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (card_whole (child, strip, id))
      return TRUE;
  return FALSE;
}

/* The last record of a case wider than the strip, chosen: its card
 * comes into view, and the primary's stays whole beside it. */
static void
test_primary_card_whole (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = NULL;
  GtkWidget *view = show_case (40, records, mapping, &item);
  GtkWidget *strip = pr_test_find_widget (view, PR_TYPE_MEMBER_STRIP, NULL);

  /* The cards are made a slice per turn. */
  for (guint i = 0; i < 1000 && !card_whole (strip, strip, "r1"); i++)
    pr_test_wait_frames (view, 1);
  g_assert_true (card_whole (strip, strip, "r1"));
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  g_assert_cmpstr (selected (view), ==, "r40");
  for (guint i = 0; i < 1000 && !card_whole (strip, strip, "r40"); i++)
    pr_test_wait_frames (view, 1);
  pr_test_wait_frames (view, 2);
  g_assert_true (card_whole (strip, strip, "r40"));
  g_assert_true (card_whole (strip, strip, "r1"));
  /* A click on the pinned card chooses the primary, as on its own. */
  {
    GtkWidget *pinned = pr_test_find_widget (view, GTK_TYPE_BOX, "member-strip-pinned");
    g_autoptr(GListModel) controllers = NULL;

    g_assert_nonnull (pinned);
    g_assert_true (gtk_widget_get_mapped (pinned));
    controllers = gtk_widget_observe_controllers (pinned);
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_GESTURE_CLICK (controller))
          g_signal_emit_by_name (controller, "released", 1, 10.0, 10.0);
      }
    pr_test_wait_frames (view, 2);
    g_assert_cmpstr (selected (view), ==, "r1");
  }
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* A ring of six records in a view 800 pixels wide and 240 high, as the
 * chain view had in a window on a screen 900 pixels high: nothing to
 * scroll, so that the legend, drawn within the graph, is in view whole. */
static void
test_legend_in_short_view (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *graph = pr_pair_graph_new ();
  const char *const labels[] = { "r1", "r2", "r3", "r4", "r5", "r6", NULL };
  PrGraphEdge edges[6];
  GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

  for (guint i = 0; i < 6; i++)
    edges[i] = (PrGraphEdge) { MIN (i, (i + 1) % 6), MAX (i, (i + 1) % 6), 3, 0, PR_GRAPH_EDGE_WITHIN_K };
  pr_pair_graph_set_graph (PR_PAIR_GRAPH (graph), pr_graph_new (6, edges, G_N_ELEMENTS (edges)), labels);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), graph);
  gtk_widget_set_size_request (scroller, 800, 240);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_wait_frames (scroller, 3);
  g_test_message ("the graph %d pixels high, in a view of %.0f", gtk_widget_get_height (graph),
                  gtk_adjustment_get_page_size (vadjustment));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), <=, gtk_adjustment_get_page_size (vadjustment) + 0.5);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  if (gdk_display_get_default () == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  g_test_add_func ("/app/compare-view/round/past-primary", test_round_past_primary);
  g_test_add_func ("/app/compare-view/round/of-two", test_round_of_two);
  g_test_add_func ("/app/compare-view/primary-card-whole", test_primary_card_whole);
  g_test_add_func ("/app/pair-graph/legend-in-short-view", test_legend_in_short_view);
  return g_test_run ();
}
