/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The compare view on its own, under a display but without a server:
 * going from record to record (Alt+→, Alt+←) round a case's ends.
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
  return g_test_run ();
}
