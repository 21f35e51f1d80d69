/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where the keyboard's focus goes in the case list, in a window that has
 * scanned, against a throwaway server: Ctrl+J, with the focus anywhere
 * (nowhere, as after reopening a scan), puts it on the row of the case
 * it chooses; Escape in the search, and Escape on a button of the header
 * (the History button after its popover closed), put it back on the
 * row of the case chosen. The arrow keys go on from the focused row, so
 * that row is the oracle: the case number its first label shows against
 * the case the list's selection holds. Undo stays on when the filters
 * leave no case chosen: it is the session's, not the case's.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static char *
chosen_number (GtkSingleSelection *selection)
{
  PrClusterItem *item = PR_CLUSTER_ITEM (gtk_single_selection_get_selected_item (selection));

  g_assert_nonnull (item);
  return g_strdup_printf ("%u", pr_cluster_item_get_number (item));
}

static void
assert_focus_on_chosen (PrWindow           *window,
                        GtkSingleSelection *selection,
                        const char         *after)
{
  g_autofree char *chosen = chosen_number (selection);
  g_autofree char *focused = NULL;

  pr_test_wait_frames (GTK_WIDGET (window), 3);
  focused = pr_test_focused_row_number (window);
  g_test_message ("after %s: case chosen %s, the keyboard's row %s", after, chosen,
                  focused != NULL ? focused : "none");
  g_assert_cmpstr (focused, ==, chosen);
}

static gboolean
nothing_chosen (gpointer selection)
{
  return gtk_single_selection_get_selected_item (selection) == NULL;
}

static void
test_back_to_the_chosen_row (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_test_scanned_window (root);
  GtkWidget *list = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list");
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));
  GtkWidget *entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  GtkWidget *history = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, "history-button");
  GtkWidget *from = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "date-from");
  g_autoptr(PrClusterItem) first = NULL;

  g_assert_nonnull (entry);
  g_assert_nonnull (history);
  pr_test_wait_until (pr_test_list_settled, list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), >=, 3);
  first = g_list_model_get_item (G_LIST_MODEL (selection), 0);
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (list), pr_cluster_item_get_number (first));
  pr_test_wait_until (pr_test_not_busy, window);

  /* The focus nowhere, as a scan opened from the store leaves it. */
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  pr_test_next_case (window);
  assert_focus_on_chosen (window, selection, "Ctrl+J");
  pr_test_next_case (window);
  assert_focus_on_chosen (window, selection, "Ctrl+J again");

  /* Ctrl+F, then Escape in the search (its "stop-search" binding). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search", NULL));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == entry ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry));
  g_signal_emit_by_name (entry, "stop-search");
  assert_focus_on_chosen (window, selection, "Escape in the search");

  /* Escape on the History button, where the focus goes when its
   * popover closes. */
  g_assert_true (gtk_widget_grab_focus (history));
  g_assert_true (pr_test_press_shortcut (GTK_WINDOW (window), GDK_KEY_Escape, 0));
  assert_focus_on_chosen (window, selection, "Escape on the History button");

  /* Undo is the session's: a decision, then dates that leave no case
   * chosen, and it can still be undone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);
  gtk_editable_set_text (GTK_EDITABLE (from), "2090-01-01");
  g_signal_emit_by_name (from, "activate");
  pr_test_wait_until (nothing_chosen, selection);
  pr_test_wait_frames (GTK_WIDGET (window), 2);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

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
  g_test_add_func ("/app/review-page/list-focus/back-to-the-chosen-row", test_back_to_the_chosen_row);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
