/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Details of the review page, its history popover, member strip and
 * threshold dialog, against a throwaway server: the search keeps the case
 * shown, or the one the clerk clicks while it runs, and reads a case once
 * when it answers; the history's lines are not in the Tab order before
 * their Restore button; the primary's card says "primary" once; the
 * threshold preview at the k in use says its sentence once. The oracles
 * are the case shown or clicked, the widgets' focusability and the words
 * shown.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-history-popover.h"
#include "pr-member-strip.h"
#include "pr-review-page.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"

static gboolean
search_settled (gpointer data)
{
  PrWindow *window = data;
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

  return !pr_review_page_get_searching (page) && !pr_review_page_get_fetching (page) &&
         pr_compare_view_get_settled (g_object_get_data (G_OBJECT (window), "compare"));
}

/* The case of record 100 on show; "电梯" typed, a word of its body only
 * (not of any id or subject), so that the list in memory hides it until
 * the full search answers: meanwhile no other case is read, and after,
 * the case is still the one chosen and shown. */
static void
test_search_keeps_case (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);
  PrReviewPage *page;
  PrCompareView *compare;
  PrClusterItem *item;
  GtkColumnView *view;
  GtkWidget *entry;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  compare = g_object_get_data (G_OBJECT (window), "compare");
  item = pr_session_find_cluster (pr_window_get_session (window), "100");
  g_assert_nonnull (item);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (item));
  pr_test_wait_until (search_settled, window);
  g_assert_true (pr_compare_view_get_item (compare) == item);

  entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  g_assert_nonnull (entry);
  /* Typed one character, then the next: each a search of its own. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "电");
  g_signal_emit_by_name (entry, "search-changed");
  g_assert_true (pr_compare_view_get_item (compare) == item);
  g_assert_false (pr_review_page_get_fetching (page));
  gtk_editable_set_text (GTK_EDITABLE (entry), "电梯");
  g_signal_emit_by_name (entry, "search-changed");
  g_assert_true (pr_compare_view_get_item (compare) == item);
  g_assert_false (pr_review_page_get_fetching (page));

  pr_test_wait_until (search_settled, window);
  g_assert_true (pr_compare_view_get_item (compare) == item);
  g_assert_true (pr_review_page_get_chosen (page) == item);

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

static gboolean
history_open (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* A record found not a repeat: the history's lines (the record's, the
 * case's, the one taken out) take no keyboard focus, so that Tab goes to
 * the Restore button; the button does. */
static void
test_history_lines_not_focused (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *button_name = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  GtkWidget *popover, *button;
  char *record;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  compare = g_object_get_data (G_OBJECT (window), "compare");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  record = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.history", NULL));
  popover = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_HISTORY_POPOVER, NULL);
  g_assert_nonnull (popover);
  pr_test_wait_until (history_open, popover);
  button_name = g_strdup_printf ("restore-%s", record);
  button = pr_test_find_widget (popover, GTK_TYPE_BUTTON, button_name);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_focusable (button));
  collect_labels (popover, labels);
  g_assert_cmpuint (labels->len, >=, 3);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = labels->pdata[i];

      /* The button's own label is not a line. */
      if (gtk_widget_is_ancestor (label, button))
        continue;
      g_test_message ("line: %s", gtk_label_get_text (GTK_LABEL (label)));
      g_assert_false (gtk_widget_get_focusable (label));
    }
  gtk_popover_popdown (GTK_POPOVER (popover));

  g_free (record);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* The strip's cards: "primary" said once, on the primary's card alone. */
static void
test_primary_said_once (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  PrWindow *window = pr_window_new (NULL);
  GtkWidget *strip;
  guint said = 0;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  strip = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_MEMBER_STRIP, NULL);
  g_assert_nonnull (strip);
  collect_labels (strip, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      g_autofree char *folded = g_utf8_casefold (gtk_label_get_text (GTK_LABEL (labels->pdata[i])), -1);

      /* What is seen: a hidden label says nothing. */
      if (!gtk_widget_is_visible (labels->pdata[i]))
        continue;

      for (const char *at = folded; (at = strstr (at, "primary")) != NULL; at++)
        said++;
    }
  g_assert_cmpuint (said, ==, 1);

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* The threshold preview opened at the k in use: its summary is one
 * sentence, not the same sentence for the k chosen and the k in use. */
static void
test_preview_said_once (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);
  PrThresholdDialog *dialog;
  const char *text;
  guint said = 0;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  dialog = pr_window_get_threshold_dialog (window);
  g_assert_nonnull (dialog);
  pr_test_wait_until (pr_test_preview_ready, dialog);
  g_assert_cmpuint (pr_threshold_dialog_get_summary (dialog)->k, ==, pr_threshold_dialog_get_summary (dialog)->base_k);
  text = gtk_label_get_text (GTK_LABEL (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_LABEL, "threshold-result")));
  g_test_message ("the preview says: %s", text);
  for (const char *at = text; (at = strstr (at, "At k = ")) != NULL; at++)
    said++;
  g_assert_cmpuint (said, ==, 1);

  gtk_window_destroy (GTK_WINDOW (dialog));
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

/* A case clicked while the full search runs is read at once and stays
 * chosen when the search answers (the text matches every case). */
static void
test_click_during_search (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);
  PrReviewPage *page;
  PrCompareView *compare;
  PrClusterItem *a, *b;
  GtkColumnView *view;
  GtkWidget *entry;
  GListModel *model;
  gboolean clicked = FALSE;

  pr_test_fill_table (root);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  compare = g_object_get_data (G_OBJECT (window), "compare");
  a = pr_session_find_cluster (pr_window_get_session (window), "100");
  b = pr_session_find_cluster (pr_window_get_session (window), "200");
  g_assert_true (a != b);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (a));
  pr_test_wait_until (search_settled, window);

  entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  /* Every subject has "关于": the list keeps every case while the full search runs. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "关于");
  g_signal_emit_by_name (entry, "search-changed");
  g_assert_true (pr_review_page_get_searching (page));
  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) at = g_list_model_get_item (model, i);

      if (at == b)
        {
          gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), i);
          clicked = TRUE;
        }
    }
  g_assert_true (clicked);
  pr_test_wait_until (search_settled, window);
  g_assert_true (pr_review_page_get_chosen (page) == b);
  g_assert_true (pr_compare_view_get_item (compare) == b);
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
  g_test_add_func ("/app/review-page/search-keeps-case", test_search_keeps_case);
  g_test_add_func ("/app/review-page/click-during-search", test_click_during_search);
  g_test_add_func ("/app/history-popover/lines-not-focused", test_history_lines_not_focused);
  g_test_add_func ("/app/member-strip/primary-said-once", test_primary_said_once);
  g_test_add_func ("/app/threshold-dialog/said-once", test_preview_said_once);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
