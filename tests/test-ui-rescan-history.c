/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window against a throwaway server, as a clerk comes back to work:
 * a rescan opens on the case the clerk was reviewing, not on another;
 * and the history tells a decision taken back by what it took back, not
 * by the log's internal number; undo after a rescan takes back the last
 * decision or, when the rescan regrouped its records, nothing.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-history-popover.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static gboolean
shows_primary (gpointer data)
{
  PrWindow *window = data;
  PrClusterItem *item = pr_compare_view_get_item (g_object_get_data (G_OBJECT (window), "compare"));

  return !pr_window_get_busy (window) && item != NULL &&
         g_strcmp0 (pr_cluster_item_get_primary_id (item), g_object_get_data (G_OBJECT (window), "primary")) == 0;
}

/* The clerk reviews the last case of the list, rescans (F5): the case
 * shown is that case again, in the new scan. */
static void
test_rescan_keeps_case (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *primary = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  PrCompareView *compare;
  GListModel *model;
  guint last;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  compare = g_object_get_data (G_OBJECT (window), "compare");
  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (model), >=, 3);
  {
    g_autoptr(PrClusterItem) item = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);

    last = pr_cluster_item_get_number (item);
  }
  pr_test_select_cluster (window, view, last);
  primary = g_strdup (pr_cluster_item_get_primary_id (pr_compare_view_get_item (compare)));
  g_object_set_data (G_OBJECT (window), "primary", primary);

  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  pr_test_wait_until (shows_primary, window);
  g_assert_cmpuint (pr_cluster_item_get_number (pr_compare_view_get_item (compare)), ==, last);
  /* ... and it is the one chosen in the list. */
  {
    g_autoptr(PrClusterItem) chosen = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (model)) != NULL
                                      ? g_object_ref (gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (model)))
                                      : NULL;

    g_assert_nonnull (chosen);
    g_assert_cmpstr (pr_cluster_item_get_primary_id (chosen), ==, primary);
  }

  g_object_set_data (G_OBJECT (window), "primary", NULL);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* The texts of the labels under @widget, one a line. */
static char *
label_lines (GtkWidget *widget)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  pr_test_collect_label_texts (widget, texts);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv ("\n", (char **) texts->pdata);
}

/* The undo is done and in the log the history is filled from. */
static gboolean
undone (gpointer data)
{
  PrWindow *window = data;
  g_autoptr(GPtrArray) history = NULL;

  if (!pr_test_not_busy (window) || pr_session_get_can_undo (pr_window_get_session (window)))
    return FALSE;
  history = pr_session_list_record_history (pr_window_get_session (window), g_object_get_data (G_OBJECT (window), "record"));
  return history->len == 2;
}

/* A repeat marked, then undone: the history's line for the undo names
 * the decision taken back (record, verdict, primary), and no number of
 * the log. */
static void
test_undo_told_by_what (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *record_texts = NULL;
  g_autofree char *case_texts = NULL;
  g_autoptr(GRegex) log_number = g_regex_new ("decision [0-9]+", 0, 0, NULL);
  g_autofree char *record = NULL;
  g_autofree char *taken_back = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  PrClusterItem *item;
  GtkWidget *popover;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  compare = g_object_get_data (G_OBJECT (window), "compare");
  item = pr_compare_view_get_item (compare);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  record = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (record, !=, pr_cluster_item_get_primary_id (item));
  g_object_set_data (G_OBJECT (window), "record", record);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (undone, window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.history", NULL));
  popover = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_HISTORY_POPOVER, NULL);
  g_assert_nonnull (popover);
  pr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, popover);
  record_texts = label_lines (pr_test_find_widget (popover, GTK_TYPE_BOX, "record-history"));
  case_texts = label_lines (pr_test_find_widget (popover, GTK_TYPE_BOX, "case-history"));
  g_test_message ("record history:\n%s", record_texts);
  g_test_message ("case history:\n%s", case_texts);

  taken_back = g_strdup_printf ("%s: a repeat of %s (taken back)", record, pr_cluster_item_get_primary_id (item));
  g_assert_nonnull (strstr (record_texts, taken_back));
  g_assert_nonnull (strstr (case_texts, taken_back));
  g_assert_false (g_regex_match (log_number, record_texts, 0, NULL));
  g_assert_false (g_regex_match (log_number, case_texts, 0, NULL));
  gtk_popover_popdown (GTK_POPOVER (popover));

  g_object_set_data (G_OBJECT (window), "record", NULL);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* The member @id's state in the case the window shows. */
static guint
member_state (PrWindow   *window,
              const char *id)
{
  PrClusterItem *item = pr_session_find_cluster (pr_window_get_session (window), id);
  int m = item != NULL ? pr_cluster_item_find_member (item, id) : -1;

  g_assert_cmpint (m, >=, 0);
  return pr_cluster_item_get_member (item, m)->state;
}

/* A repeat marked (Ctrl+R), then a rescan (F5): the decision can still be
 * taken back, and the undo takes back that decision, in the new scan's
 * case and in the log. */
static void
test_undo_over_rescan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *record = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  GtkColumnView *view;
  guint before;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  compare = g_object_get_data (G_OBJECT (window), "compare");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  record = g_strdup (pr_compare_view_get_selected_id (compare));
  g_object_set_data (G_OBJECT (window), "record", record);
  before = member_state (window, record);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_cmpuint (member_state (window, record), !=, before);

  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_cmpuint (member_state (window, record), !=, before);
  g_assert_true (pr_session_get_can_undo (pr_window_get_session (window)));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (undone, window);
  g_assert_cmpuint (member_state (window, record), ==, before);

  g_object_set_data (G_OBJECT (window), "record", NULL);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* The verdict of the last decision about @id in the log, and (for an
 * undo) which decision it took back. */
static PrVerdict
last_verdict (PrWindow   *window,
              const char *id,
              gint64     *undoes)
{
  g_autoptr(GPtrArray) history = pr_session_list_record_history (pr_window_get_session (window), id);
  PrDecision *last;

  g_assert_cmpuint (history->len, >, 0);
  last = history->pdata[history->len - 1];
  if (undoes != NULL)
    *undoes = last->undoes;
  return last->verdict;
}

static gint64
last_id (PrWindow   *window,
         const char *id)
{
  g_autoptr(GPtrArray) history = pr_session_list_record_history (pr_window_get_session (window), id);

  g_assert_cmpuint (history->len, >, 0);
  return ((PrDecision *) history->pdata[history->len - 1])->id;
}

/* Marks the case's next record with @action; returns its id. */
static char *
mark_next (PrWindow   *window,
           const char *action)
{
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");
  char *id;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  id = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);
  return id;
}

static gboolean
one_undone (gpointer data)
{
  PrWindow *window = data;

  return (last_verdict (window, g_object_get_data (G_OBJECT (window), "first"), NULL) == PR_VERDICT_UNDO ||
          last_verdict (window, g_object_get_data (G_OBJECT (window), "second"), NULL) == PR_VERDICT_UNDO);
}

/* A repeat marked, then another record found not a repeat (Ctrl+D),
 * F5: the rescan keeps the second record out of the case, and Ctrl+Z
 * takes back the not-a-repeat verdict, the last decision, not the repeat. */
static void
test_undo_not_repeat_over_rescan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *first = NULL, *second = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  gint64 verdict_id, undoes = 0;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  first = mark_next (window, "win.mark-repeat");
  second = mark_next (window, "win.mark-not-repeat");
  g_assert_cmpstr (first, !=, second);
  verdict_id = last_id (window, second);
  g_assert_cmpint (last_verdict (window, second, NULL), ==, PR_VERDICT_NOT_REPEAT);

  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_true (pr_session_get_can_undo (pr_window_get_session (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_object_set_data (G_OBJECT (window), "first", first);
  g_object_set_data (G_OBJECT (window), "second", second);
  pr_test_wait_until (one_undone, window);
  g_assert_cmpint (last_verdict (window, first, NULL), ==, PR_VERDICT_REPEAT);
  g_assert_cmpint (last_verdict (window, second, &undoes), ==, PR_VERDICT_UNDO);
  g_assert_cmpint (undoes, ==, verdict_id);
  g_object_set_data (G_OBJECT (window), "first", NULL);
  g_object_set_data (G_OBJECT (window), "second", NULL);

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* Two repeats marked, the second record deleted from the table, F5: the
 * last decision cannot be undone in the new scan, so undo is off (not
 * moved to the older decision) and the window says so. */
static void
test_undo_dropped_not_skipped (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *first = NULL, *second = NULL, *sql = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  first = mark_next (window, "win.mark-repeat");
  second = mark_next (window, "win.mark-repeat");
  g_assert_cmpstr (first, !=, second);
  sql = g_strdup_printf ("DELETE FROM office.petitions WHERE id = %s", second);
  pr_test_execute (root, sql);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_false (pr_session_get_can_undo (pr_window_get_session (window)));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_nonnull (strstr (pr_window_get_error_text (window), "history"));
  g_assert_cmpint (last_verdict (window, first, NULL), ==, PR_VERDICT_REPEAT);

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
  g_test_add_func ("/app/window/rescan-keeps-case", test_rescan_keeps_case);
  g_test_add_func ("/app/history-popover/undo-told-by-what", test_undo_told_by_what);
  g_test_add_func ("/app/window/undo-over-rescan", test_undo_over_rescan);
  g_test_add_func ("/app/window/undo-not-repeat-over-rescan", test_undo_not_repeat_over_rescan);
  g_test_add_func ("/app/window/undo-dropped-not-skipped", test_undo_dropped_not_skipped);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
