/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The keyboard after F8, in a window that has scanned, against a
 * throwaway server. F8 puts the focus on the Next Difference button (for
 * a screen reader); Ctrl+J to the next case then gives it back to the
 * case list, where the arrow keys move through the cases, and the
 * button no longer describes a difference of the case left behind;
 * Escape gives it back to the list at once. With the focus on a row of
 * the list, Ctrl+J takes it to the row of the case it chooses, so that
 * the arrow keys go on from there, not from the row last clicked.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* A window that has scanned, showing the first case listed. */
static PrWindow *
first_case_shown (PrConnection  *root,
                  GtkWidget    **list,
                  guint         *number)
{
  PrWindow *window = pr_test_scanned_window (root);
  g_autoptr(PrClusterItem) first = NULL;

  *list = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list");
  pr_test_wait_until (pr_test_list_settled, *list);
  first = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (*list))), 0);
  *number = pr_cluster_item_get_number (first);
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (*list), *number);
  pr_test_wait_until (pr_test_not_busy, window);
  return window;
}

static void
test_next_case_after_f8 (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  GtkWidget *list;
  guint number;
  PrWindow *window = first_case_shown (root, &list, &number);
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");
  GtkWidget *button = pr_test_find_widget (GTK_WIDGET (compare), GTK_TYPE_BUTTON, "next-difference");
  GtkWidget *focus;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-difference", NULL));
  pr_test_wait_frames (GTK_WIDGET (compare), 2);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* Escape (bound to it) takes the focus back to the list, and F8 again
   * to the button. */
  g_assert_true (gtk_widget_activate_action (button, "review.focus-list", NULL));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == list || gtk_widget_is_ancestor (focus, list));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-difference", NULL));
  pr_test_wait_frames (GTK_WIDGET (compare), 2);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);

  pr_test_next_case (window);
  pr_test_wait_frames (GTK_WIDGET (compare), 2);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("the focus after Ctrl+J: %s", focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "none");
  g_assert_nonnull (focus);
  g_assert_true (focus == list || gtk_widget_is_ancestor (focus, list));
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* Puts the keyboard's focus on row @position of @list, as a click on it
 * does: GTK 4.8's column view keeps its rows in a list view, whose
 * scroll action also moves the row the focus goes to. */
static void
focus_row (GtkWidget *list,
           guint      position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
        g_assert_true (gtk_widget_grab_focus (child));
        return;
      }
  g_assert_not_reached ();
}

static void
test_next_case_takes_the_row_focus (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  GtkWidget *list;
  guint number;
  PrWindow *window = first_case_shown (root, &list, &number);
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));
  g_autofree char *clicked = NULL, *first_number = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), >=, 3);
  /* The clerk's click on the first row puts the focus there. */
  focus_row (list, 0);
  pr_test_wait_frames (GTK_WIDGET (compare), 2);
  clicked = pr_test_focused_row_number (window);
  first_number = g_strdup_printf ("%u", number);
  g_assert_cmpstr (clicked, ==, first_number);

  for (guint step = 0; step < 2; step++)
    {
      g_autofree char *number = NULL, *focused = NULL;

      pr_test_next_case (window);
      pr_test_wait_frames (GTK_WIDGET (compare), 2);
      number = g_strdup_printf ("%u", pr_cluster_item_get_number (
        PR_CLUSTER_ITEM (gtk_single_selection_get_selected_item (selection))));
      focused = pr_test_focused_row_number (window);
      g_test_message ("case shown %s, the keyboard's row %s", number, focused);
      g_assert_cmpstr (focused, ==, number);
    }
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/compare-view/difference/next-case-after-f8", test_next_case_after_f8);
  g_test_add_func ("/app/review-page/keys/next-case-takes-the-row-focus", test_next_case_takes_the_row_focus);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
