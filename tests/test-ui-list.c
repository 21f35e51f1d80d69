/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list: sorted by a column, then the window closed.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* Three planted groups of 3, 4 and 5 copies (differing in punctuation
 * only): three clusters whose order by size is not their order by number. */
static void
fill_sizes_table (PrConnection *root)
{
  pr_test_execute (root, "CREATE DATABASE sorted_list");
  pr_test_execute (root, "CREATE TABLE sorted_list.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                   "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint g = 0; g < 3; g++)
    for (guint r = 0; r < 5 - g; r++)
      {
        g_autofree char *sql = g_strdup_printf (
            "INSERT INTO sorted_list.petitions VALUES (%u, '居民%u', '关于问题%u的反映', '2026-0%u-1%u 09:00:00', '%s%s')",
            100 * (g + 1) + r, g, g, g + 1, r, pr_test_group_bodies[g], r == 1 ? "！！" : r == 2 ? "……" : "");

        pr_test_execute (root, sql);
      }
}

/* Sorted by each column in turn, a cluster chosen, then closed: the
 * window goes without a crash or a warning (the tests' warnings are
 * fatal), and nothing of it is left behind. */
void
test_sort_then_close (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  GListModel *columns;
  guint n_columns;

  fill_sizes_table (root);
  for (guint c = 0; ; c++)
    {
      PrWindow *window = pr_window_new (NULL);
      GtkColumnView *view;
      g_autoptr(GtkColumnViewColumn) column = NULL;
      g_autoptr(PrClusterItem) first = NULL;
      PrSession *session;

      gtk_window_present (GTK_WINDOW (window));
      pr_test_connect_window (window, pr_connection_params_copy (params), "sorted_list");
      view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
      pr_test_wait_until (pr_test_not_busy, window);
      g_assert_null (pr_window_get_error_text (window));
      g_assert_cmpuint (pr_test_n_listed (view), ==, 3);

      columns = gtk_column_view_get_columns (view);
      n_columns = g_list_model_get_n_items (columns);
      column = g_list_model_get_item (columns, c);
      gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
      pr_test_wait_until (pr_test_list_settled, view);
      first = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (view)), 0);
      pr_test_select_cluster (window, view, pr_cluster_item_get_number (first));

      session = g_object_ref (pr_window_get_session (window));
      pr_test_close_and_finalize (window);
      {
        gpointer weak = session;

        g_object_add_weak_pointer (weak, &weak);
        g_object_unref (session);
        pr_test_wait_until (pr_test_is_null, &weak);
      }
      if (c + 1 == n_columns)
        break;
    }
}
