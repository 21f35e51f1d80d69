/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list through its paced model: an order and filters that
 * replace more rows than a slice reach the view over several turns, and
 * the list settles in the order a brute-force sort of the session's
 * clusters gives, with the case chosen still chosen and shown.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-paced-model.h"
#include "pr-session.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#define N_GROUPS 60

/* N_GROUPS pairs of repeats, each pair on its own day, the days in
 * another order than the ids. */
static void
fetched (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GPtrArray) records = pr_session_fetch_finish (PR_SESSION (source), result, NULL);

  g_assert_nonnull (records);
  *(gboolean *) data = TRUE;
}

static void
fill_pairs_table (PrConnection *root)
{
  pr_test_execute (root, "CREATE DATABASE paced_list");
  pr_test_execute (root, "CREATE TABLE paced_list.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint g = 0; g < N_GROUPS; g++)
    {
      g_autofree char *body = pr_test_petition_body (7000 + g);
      g_autoptr(GDateTime) epoch = g_date_time_new_utc (2025, 1, 1, 9, 0, 0);
      /* 37 is prime to N_GROUPS: every group its own day. */
      g_autoptr(GDateTime) day = g_date_time_add_days (epoch, (g * 37) % N_GROUPS);
      g_autofree char *date = g_date_time_format (day, "%Y-%m-%d %H:%M:%S");

      for (guint copy = 0; copy < 2; copy++)
        {
          g_autofree char *sql = g_strdup_printf (
              "INSERT INTO paced_list.petitions VALUES (%u, '居民%u', '关于问题%u的反映', '%s', '%s%s')",
              1000 + 2 * g + copy, g, g, date, body, copy ? "！！" : "");

          pr_test_execute (root, sql);
        }
    }
}

static int
later_first (gconstpointer a,
             gconstpointer b)
{
  gint64 x = pr_cluster_item_get_date (*(PrClusterItem **) a);
  gint64 y = pr_cluster_item_get_date (*(PrClusterItem **) b);

  return (x < y) - (x > y);
}

void
test_paced_list (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(PrClusterItem) chosen = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  GtkSingleSelection *selection;
  PrPacedModel *paced;
  PrCompareView *compare;
  GtkWidget *cell;
  GListModel *clusters, *columns;
  GtkWidget *state;

  fill_pairs_table (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (params), "paced_list");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (view));
  paced = PR_PACED_MODEL (gtk_single_selection_get_model (selection));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (view), ==, N_GROUPS);

  /* The oracle: the session's clusters, sorted here by their day. */
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    g_ptr_array_add (expected, g_list_model_get_item (clusters, i));
  g_ptr_array_sort (expected, later_first);

  /* The case that moves farthest chosen (further than the paced
   * model's slice of 24 rows), then the list ordered by date, later
   * first: every row moves, so the change is passed on in turns. */
  {
    guint farthest = 0, number = 0;

    for (guint i = 0; i < N_GROUPS; i++)
      {
        g_autoptr(PrClusterItem) item = g_list_model_get_item (G_LIST_MODEL (selection), i);
        guint at = 0;

        g_assert_true (g_ptr_array_find (expected, item, &at));
        if (MAX (at, i) - MIN (at, i) > farthest)
          {
            farthest = MAX (at, i) - MIN (at, i);
            number = pr_cluster_item_get_number (item);
          }
      }
    g_assert_cmpuint (farthest, >, 24);
    pr_test_select_cluster (window, view, number);
  }
  chosen = g_object_ref (gtk_single_selection_get_selected_item (selection));
  compare = PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"));
  /* The case shown is not read and laid out again as the rows put in
   * above it move it down the list: its cells stay. */
  cell = gtk_widget_get_first_child (pr_test_find_widget (GTK_WIDGET (compare), GTK_TYPE_GRID, "compare-pinned"));
  g_assert_nonnull (cell);
  g_object_add_weak_pointer (G_OBJECT (cell), (gpointer *) &cell);
  columns = gtk_column_view_get_columns (view);
  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), "Date") == 0)
        gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
    }
  g_assert_false (pr_test_list_settled (view));
  pr_test_assert_listed (view, expected);
  g_assert_true (gtk_single_selection_get_selected_item (selection) == chosen);
  g_assert_true (pr_compare_view_get_item (compare) == chosen);
  /* A read asked for now ends after any the sort asked for, which the
   * session's jobs take in turn. */
  {
    gboolean read = FALSE;

    pr_session_fetch_async (pr_window_get_session (window), chosen, NULL, fetched, &read);
    pr_test_wait_until (pr_test_is_true, &read);
  }
  g_assert_nonnull (cell);
  g_object_remove_weak_pointer (G_OBJECT (cell), (gpointer *) &cell);

  /* Every case filtered out (none is reviewed), then all shown again:
   * in the same order. */
  state = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "cluster-filter");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 1);
  g_assert_true (pr_paced_model_get_pending (paced));
  g_assert_cmpuint (pr_test_n_listed (view), ==, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 2);
  g_assert_true (pr_paced_model_get_pending (paced));
  pr_test_assert_listed (view, expected);

  pr_test_close_and_finalize (window);
}
