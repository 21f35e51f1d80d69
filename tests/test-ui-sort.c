/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list ordered by a column's header, each way, with more
 * cases than the list makes rows for: the order settles as an
 * independent sort of the session's cases gives it, the case chosen
 * stays chosen and in view, and the next unreviewed case (Ctrl+J) asked
 * for while the order still reaches the list is the one after the chosen
 * in the new order, found without passing the whole change on at once;
 * a click after a Ctrl+J that waits for its case wins;
 * a record asked for meanwhile is the one shown once its case comes.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-paced-model.h"
#include "pr-review-page.h"
#include "pr-session.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* More than the 200 rows GTK 4.8's list makes around the rows in view. */
#define N_GROUPS 320

/* N_GROUPS groups of repeats (one in three of three copies, the rest of
 * two), each on its own day and with its own subject, the days and the
 * subjects in other orders than the ids. */
static void
fill_groups_table (PrConnection *root,
                   const char   *database)
{
  g_autofree char *create_database = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *create_table = g_strdup_printf ("CREATE TABLE %s.petitions (id INT PRIMARY KEY, "
                                                   "petitioner VARCHAR(64), subject VARCHAR(200), "
                                                   "submitted_at DATETIME, body TEXT)", database);
  g_autoptr(GString) sql = g_string_new (NULL);
  guint id = 1000;

  g_string_printf (sql, "INSERT INTO %s.petitions VALUES ", database);
  pr_test_execute (root, create_database);
  pr_test_execute (root, create_table);
  for (guint g = 0; g < N_GROUPS; g++)
    {
      g_autofree char *body = pr_test_petition_body (9100 + g);
      g_autoptr(GDateTime) epoch = g_date_time_new_utc (2024, 1, 1, 9, 0, 0);
      /* 97 and 131 are prime to N_GROUPS: every group its own day and subject. */
      g_autoptr(GDateTime) day = g_date_time_add_days (epoch, (g * 97) % N_GROUPS);
      g_autofree char *date = g_date_time_format (day, "%Y-%m-%d %H:%M:%S");

      for (guint copy = 0; copy < (g % 3 == 0 ? 3u : 2u); copy++)
        g_string_append_printf (sql, "%s(%u, '居民%u', '关于事项%05u的反映', '%s', '%s%s')", id > 1000 ? ", " : "",
                                id, g, (g * 131) % N_GROUPS, date, body, copy == 1 ? "！！" : copy == 2 ? "。。" : ""),
          id++;
    }
  pr_test_execute (root, sql->str);
}

typedef struct {
  const char  *title;
  GtkSortType  order;
  GCompareFunc compare;  /* ascending, on PrClusterItem ** */
} Order;

static int
by_number (gconstpointer a,
           gconstpointer b)
{
  guint x = pr_cluster_item_get_number (*(PrClusterItem **) a), y = pr_cluster_item_get_number (*(PrClusterItem **) b);

  return (x > y) - (x < y);
}

static int
by_date (gconstpointer a,
         gconstpointer b)
{
  gint64 x = pr_cluster_item_get_date (*(PrClusterItem **) a), y = pr_cluster_item_get_date (*(PrClusterItem **) b);

  return (x > y) - (x < y);
}

static int
by_subject (gconstpointer a,
            gconstpointer b)
{
  return g_utf8_collate (pr_cluster_item_get_subject (*(PrClusterItem **) a),
                         pr_cluster_item_get_subject (*(PrClusterItem **) b));
}

static GtkColumnViewColumn *
column_titled (GtkColumnView *view,
               const char    *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_assert_not_reached ();
}

/* The session's cases in @order, sorted here. */
static GPtrArray *
sorted_cases (PrWindow    *window,
              const Order *order)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  GPtrArray *expected = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    g_ptr_array_add (expected, g_list_model_get_item (clusters, i));
  g_ptr_array_sort (expected, order->compare);
  if (order->order == GTK_SORT_DESCENDING)
    for (guint i = 0; i < expected->len / 2; i++)
      {
        gpointer swap = expected->pdata[i];

        expected->pdata[i] = expected->pdata[expected->len - 1 - i];
        expected->pdata[expected->len - 1 - i] = swap;
      }
  return expected;
}

typedef struct {
  GtkColumnView *view;
  gpointer       item;
} Chosen;

static gboolean
chosen_and_settled (gpointer data)
{
  Chosen *chosen = data;
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (chosen->view));

  return gtk_single_selection_get_selected_item (selection) == chosen->item && pr_test_list_settled (chosen->view);
}

/* The chosen row lies within the list's scrolled view (the rows are of
 * one height). */
static void
assert_chosen_in_view (GtkColumnView *view)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (selection));
  guint at = gtk_single_selection_get_selected (selection);
  double row, top, bottom;

  /* The scroll comes with a frame or two. */
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_usleep (100000);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (at, <, n);
  row = gtk_adjustment_get_upper (adjustment) / n;
  top = gtk_adjustment_get_value (adjustment);
  bottom = top + gtk_adjustment_get_page_size (adjustment);
  g_assert_cmpfloat (at * row, >=, top - row);
  g_assert_cmpfloat ((at + 1) * row, <=, bottom + row);
}

static PrWindow *
open_scanned (const char     *database,
              GtkColumnView **view)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);

  fill_groups_table (root, database);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), database);
  *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (*view), ==, N_GROUPS);
  return window;
}

void
test_sort_order (void)
{
  static const Order orders[] = {
    { "Date", GTK_SORT_ASCENDING, by_date },
    { "Subject", GTK_SORT_DESCENDING, by_subject },
    { "Case", GTK_SORT_DESCENDING, by_number },
    { "Date", GTK_SORT_DESCENDING, by_date },
    { "Subject", GTK_SORT_ASCENDING, by_subject },
    { "Case", GTK_SORT_ASCENDING, by_number },
  };
  GtkColumnView *view;
  PrWindow *window = open_scanned ("sort_list", &view);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));

  /* Under AddressSanitizer, which looks for memory errors rather than
   * wrong orders, two orders (one each way) keep the test within the
   * suite's time; the normal build checks all six. */
#if defined(__SANITIZE_ADDRESS__)
  const guint n_orders = 2;
#else
  const guint n_orders = G_N_ELEMENTS (orders);
#endif

  for (guint o = 0; o < n_orders; o++)
    {
      g_autoptr(GPtrArray) expected = sorted_cases (window, &orders[o]);
      Chosen chosen = { view, NULL };
      guint now = gtk_single_selection_get_selected (selection), then = 0;

      /* The case chosen: one the new order moves far, out of view. */
      for (guint i = 0; i < expected->len; i++)
        {
          g_autoptr(PrClusterItem) item = g_list_model_get_item (G_LIST_MODEL (selection), i);
          guint at = 0;

          g_assert_true (g_ptr_array_find (expected, item, &at));
          if (chosen.item == NULL || MAX (at, i) - MIN (at, i) > MAX (then, now) - MIN (then, now))
            {
              chosen.item = item;
              then = at;
              now = i;
            }
        }
      g_assert_cmpuint (MAX (then, now) - MIN (then, now), >, 100);
      pr_test_select_cluster (window, view, pr_cluster_item_get_number (chosen.item));
      gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", now);

      gtk_column_view_sort_by_column (view, column_titled (view, orders[o].title), orders[o].order);
      /* Sorted and passed on a slice per turn, not in this one. */
      g_assert_false (pr_test_list_settled (view));
      pr_test_wait_until (chosen_and_settled, &chosen);
      pr_test_assert_listed (view, expected);
      g_assert_true (gtk_single_selection_get_selected_item (selection) == chosen.item);
      assert_chosen_in_view (view);
    }
  pr_test_close_and_finalize (window);
}

void
test_next_unreviewed_pending (void)
{
  static const Order by_day = { "Date", GTK_SORT_DESCENDING, by_date };
  GtkColumnView *view;
  PrWindow *window = open_scanned ("next_pending", &view);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  g_autoptr(GPtrArray) expected = sorted_cases (window, &by_day);
  PrClusterItem *first = NULL;
  Chosen chosen = { view, NULL };
  guint at = 0, farthest = 0;

  /* The case chosen first: one whose next in the new order stands far
   * from where the list shows it now (none is reviewed: the next one is
   * the next unreviewed). */
  for (guint i = 0; i + 1 < expected->len; i++)
    for (guint j = 0; j < expected->len; j++)
      {
        g_autoptr(PrClusterItem) item = g_list_model_get_item (G_LIST_MODEL (selection), j);

        if (item == expected->pdata[i + 1] && MAX (i, j) - MIN (i, j) > farthest)
          {
            farthest = MAX (i, j) - MIN (i, j);
            first = expected->pdata[i];
          }
      }
  g_assert_cmpuint (farthest, >, 100);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (first));

  /* Ordered by day, later first; Ctrl+J at once, while the order still
   * reaches the list. */
  gtk_column_view_sort_by_column (view, column_titled (view, by_day.title), by_day.order);
  g_assert_false (pr_test_list_settled (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-unreviewed", NULL));
  /* Not sorted and passed on in one turn. */
  g_assert_false (pr_test_list_settled (view));

  /* The oracle: the cases in the new order, scanned from the one chosen
   * for the next unreviewed. */
  g_assert_true (g_ptr_array_find (expected, first, &at));
  for (guint step = 1; step <= expected->len && chosen.item == NULL; step++)
    if (!pr_cluster_item_get_reviewed (expected->pdata[(at + step) % expected->len]))
      chosen.item = expected->pdata[(at + step) % expected->len];
  g_assert_nonnull (chosen.item);
  pr_test_wait_until (chosen_and_settled, &chosen);
  pr_test_assert_listed (view, expected);
  assert_chosen_in_view (view);
  pr_test_close_and_finalize (window);
}

static gboolean
search_done (gpointer window)
{
  return !pr_review_page_get_searching (PR_REVIEW_PAGE (pr_test_find_widget (window, PR_TYPE_REVIEW_PAGE, NULL)));
}

/* Ctrl+J while the cases a cleared search brings back still reach the
 * list, then a click on a case the list shows: the click is the later
 * choice, acts on the row clicked, and stays chosen once the list is
 * whole; the case Ctrl+J found does not take its place. The cases before
 * the one chosen (the row the list is anchored to) come back first, those
 * nearest it first; those after it last: the click falls on the case just
 * above the chosen while Ctrl+J's, the one after it, is still to come. */
void
test_click_after_next_unreviewed (void)
{
  GtkColumnView *view;
  PrWindow *window = open_scanned ("click_after_next", &view);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  PrPacedModel *paced = PR_PACED_MODEL (gtk_single_selection_get_model (selection));
  GtkWidget *search = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  guint n = g_list_model_get_n_items (G_LIST_MODEL (selection));
  g_autoptr(PrClusterItem) first = g_list_model_get_item (G_LIST_MODEL (selection), n / 2);
  /* None is reviewed: the next unreviewed is the next in the list. */
  g_autoptr(PrClusterItem) next = g_list_model_get_item (G_LIST_MODEL (selection), n / 2 + 1);
  /* The oracle: the list before the search, which clearing it gives back. */
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(PrClusterItem) clicked = NULL;
  guint at = 0;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (before, g_list_model_get_item (G_LIST_MODEL (selection), i));
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (first));
  /* The case's own subject: the list narrows to it. */
  gtk_editable_set_text (GTK_EDITABLE (search), pr_cluster_item_get_subject (first));
  g_signal_emit_by_name (search, "search-changed");
  pr_test_wait_until (search_done, window);
  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 1);
  g_assert_true (gtk_single_selection_get_selected_item (selection) == first);

  /* The search cleared; Ctrl+J at once asks for a case not shown yet, so
   * the choice waits. */
  gtk_editable_set_text (GTK_EDITABLE (search), "");
  g_signal_emit_by_name (search, "search-changed");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-unreviewed", NULL));
  g_assert_true (pr_paced_model_get_pending (paced));
  g_assert_true (gtk_single_selection_get_selected_item (selection) != next);

  /* The first turn that puts rows in: the cases just above the one
   * chosen, none after it yet. */
  while (g_list_model_get_n_items (G_LIST_MODEL (selection)) < 2 && pr_paced_model_get_pending (paced))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (pr_paced_model_get_pending (paced));
  g_assert_false (pr_paced_model_holds (paced, next));
  g_assert_true (gtk_single_selection_get_selected_item (selection) == first);
  at = gtk_single_selection_get_selected (selection);
  g_assert_cmpuint (at, >, 0);

  /* A click on the row just above the case chosen (what the list view
   * does on a click): that row's case, the one above the chosen in the
   * whole list, is chosen at once. */
  clicked = g_list_model_get_item (G_LIST_MODEL (selection), --at);
  g_assert_true (clicked == before->pdata[n / 2 - 1]);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (selection), at, TRUE);
  g_assert_true (gtk_single_selection_get_selected_item (selection) == clicked);
  g_assert_true (pr_paced_model_get_pending (paced));

  pr_test_wait_until (pr_test_list_settled, view);
  /* Anything still waiting for the list comes within a few frames. */
  pr_test_wait_frames (GTK_WIDGET (view), 10);
  pr_test_assert_listed (view, before);
  g_assert_true (gtk_single_selection_get_selected_item (selection) == clicked);
  pr_test_close_and_finalize (window);
}

typedef struct {
  PrCompareView *compare;
  PrClusterItem *item;
  const char    *record_id;
} Shown;

static gboolean
compare_complete (gpointer compare)
{
  return pr_compare_view_get_complete (compare);
}

static gboolean
record_shown (gpointer data)
{
  Shown *shown = data;

  return pr_compare_view_get_settled (shown->compare) && pr_compare_view_get_item (shown->compare) == shown->item &&
         g_strcmp0 (pr_compare_view_get_selected_id (shown->compare), shown->record_id) == 0;
}

/* (transfer none) (nullable): the last case of three records of
 * @clusters that @listed does not hold. */
static PrClusterItem *
case_of_three_unlisted (GListModel *clusters,
                        GListModel *listed)
{
  for (guint i = g_list_model_get_n_items (clusters); i-- > 0;)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      gboolean found = FALSE;

      for (guint j = 0; j < g_list_model_get_n_items (listed) && !found; j++)
        {
          g_autoptr(PrClusterItem) at = g_list_model_get_item (listed, j);

          found = at == item;
        }
      if (!found && pr_cluster_item_get_n_members (item) == 3)
        return item;
    }
  return NULL;
}

/* A record asked for (as "Needs a judgement" asks for a pair's) as soon
 * as a scan ends, in a case the list, still filling, does not hold yet,
 * while the case shown is read again: that reading comes
 * first, and the record asked for is still the one shown once its own
 * case comes. */
void
test_show_record_pending (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  GtkSingleSelection *selection;
  PrReviewPage *page;
  Shown shown = { NULL, NULL, NULL };

  fill_groups_table (root, "show_pending");
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "show_pending");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  /* A row a turn: the list fills slower than a case's records are read. */
  pr_paced_model_set_slice (PR_PACED_MODEL (gtk_single_selection_get_model (selection)), 1);
  shown.compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));

  pr_test_wait_until (compare_complete, shown.compare);
  /* Its last record is not the one a case shows first (the second). */
  shown.item = case_of_three_unlisted (pr_session_get_clusters (pr_window_get_session (window)),
                                       G_LIST_MODEL (selection));
  g_assert_nonnull (shown.item);
  shown.record_id = pr_cluster_item_get_member (shown.item, 2)->id;
  pr_review_page_show_cluster (page, pr_compare_view_get_item (shown.compare));
  pr_review_page_show_record (page, shown.record_id);
  pr_test_wait_until (record_shown, &shown);
  g_assert_true (gtk_single_selection_get_selected_item (selection) == (gpointer) shown.item);
  pr_test_close_and_finalize (window);
}

static gboolean
case_shown (gpointer data)
{
  Shown *shown = data;

  return pr_compare_view_get_settled (shown->compare) && pr_compare_view_get_item (shown->compare) == shown->item;
}

/* Chooses the list's @position-th case and waits until the compare view
 * shows it. */
static void
choose_and_wait (GtkSingleSelection *selection,
                 Shown              *shown,
                 guint               position)
{
  shown->item = g_list_model_get_item (G_LIST_MODEL (selection), position);
  g_object_unref (shown->item);  /* the list holds it */
  gtk_single_selection_set_selected (selection, position);
  pr_test_wait_until (case_shown, shown);
}

/* A record asked for, then another case chosen by hand before the records
 * of the case asked for come: the clerk's choice ends the wait, and that
 * case, opened later by hand, opens on the record it shows first, not on
 * the one asked for long before. */
void
test_show_record_overridden (void)
{
  GtkColumnView *view;
  PrWindow *window = open_scanned ("show_overridden", &view);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  Shown shown = { NULL, NULL, NULL };
  guint wanted_at = G_MAXUINT;
  PrClusterItem *wanted;
  g_autofree char *first_record = NULL;
  const char *record_id;

  shown.compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  pr_test_wait_until (pr_test_list_settled, view);
  for (guint i = 1; i + 1 < g_list_model_get_n_items (G_LIST_MODEL (selection)) && wanted_at == G_MAXUINT; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (G_LIST_MODEL (selection), i);

      if (pr_cluster_item_get_n_members (item) == 3)
        wanted_at = i;
    }
  g_assert_cmpuint (wanted_at, !=, G_MAXUINT);
  /* The record the case shows first, opened by hand; the one asked for
   * is another. */
  choose_and_wait (selection, &shown, wanted_at);
  wanted = shown.item;
  first_record = g_strdup (pr_compare_view_get_selected_id (shown.compare));
  record_id = pr_cluster_item_get_member (wanted, 2)->id;
  g_assert_cmpstr (first_record, !=, record_id);
  choose_and_wait (selection, &shown, 0);

  pr_review_page_show_record (page, record_id);
  /* In the same turn: the records of the case asked for cannot have come. */
  choose_and_wait (selection, &shown, wanted_at + 1);
  g_assert_true (shown.item != wanted);

  choose_and_wait (selection, &shown, wanted_at);
  g_assert_true (shown.item == wanted);
  g_assert_cmpstr (pr_compare_view_get_selected_id (shown.compare), ==, first_record);
  pr_test_close_and_finalize (window);
}

/* Ctrl+J on the last case shown goes back to the first that needs
 * review, and the window says so. */
void
test_next_unreviewed_wraps (void)
{
  GtkColumnView *view;
  PrWindow *window = open_scanned ("next_wraps", &view);
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (selection)), first = GTK_INVALID_LIST_POSITION;

  pr_test_wait_until (pr_test_list_settled, view);
  gtk_single_selection_set_selected (selection, n - 1);
  /* The oracle: the list scanned from its top for a case not reviewed. */
  for (guint i = 0; i < n && first == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (G_LIST_MODEL (selection), i);

      if (!pr_cluster_item_get_reviewed (item))
        first = i;
    }
  g_assert_cmpuint (first, <, n - 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-unreviewed", NULL));
  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, first);
  g_assert_cmpstr (pr_review_page_get_summary (page), ==,
                   "Past the last case: back to the first case shown that needs review.");
  pr_test_close_and_finalize (window);
}
