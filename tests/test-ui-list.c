/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list: sorted by a column, then the window closed; kept
 * through a connection that fails.
 */
#include "config.h"

#include <gtk/gtk.h>

#include <string.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* Three planted groups of 3, 4 and 5 copies (differing in punctuation
 * only): three clusters whose order by size is not their order by number. */
static void
fill_sizes_table (PrConnection *root,
                  const char   *database)
{
  g_autofree char *create = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *table = g_strdup_printf ("CREATE TABLE %s.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                                            "subject VARCHAR(200), submitted_at DATETIME, body TEXT)", database);

  pr_test_execute (root, create);
  pr_test_execute (root, table);
  for (guint g = 0; g < 3; g++)
    for (guint r = 0; r < 5 - g; r++)
      {
        g_autofree char *sql = g_strdup_printf (
            "INSERT INTO %s.petitions VALUES (%u, '居民%u', '关于问题%u的反映', '2026-0%u-1%u 09:00:00', '%s%s')",
            database, 100 * (g + 1) + r, g, g, g + 1, r, pr_test_group_bodies[g], r == 1 ? "！！" : r == 2 ? "……" : "");

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

  fill_sizes_table (root, "sorted_list");
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

static gboolean
decision_stored (gpointer root)
{
  return pr_test_count_rows (root, "SELECT COUNT(*) FROM failed_connect.pr_decisions") == 1;
}

/* A connection that fails (a host where no server listens) leaves the
 * open review as it was: its clusters, the cluster on show, the
 * database named in the title. The message names what was tried. */
void
test_failed_connection (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(PrConnectionParams) wrong = pr_connection_params_new ();
  g_autofree char *description = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrSession *session = pr_window_get_session (window);
  GtkColumnView *view;
  PrCompareView *compare;
  PrClusterItem *shown;
  const char *error_text;

  fill_sizes_table (root, "failed_connect");
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (params), "failed_connect");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (view), ==, 3);
  pr_test_select_cluster (window, view, 1);
  compare = PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"));
  shown = pr_compare_view_get_item (compare);
  g_assert_nonnull (shown);
  description = g_strdup (pr_session_get_description (session));
  g_assert_nonnull (strstr (description, "failed_connect"));

  /* Port 1 on this machine: refused at once. No host given: the message
   * must still say where it went. */
  wrong->user = g_strdup ("clerk");
  wrong->port = 1;
  wrong->host = g_strdup ("127.0.0.1");
  wrong->database = g_strdup ("elsewhere");
  pr_window_connect_to (window, g_steal_pointer (&wrong));
  pr_test_wait_until (pr_test_not_busy, window);

  error_text = pr_window_get_error_text (window);
  g_assert_nonnull (error_text);
  g_test_message ("the window says: %s", error_text);
  g_assert_nonnull (strstr (error_text, "clerk@127.0.0.1:1/elsewhere"));
  g_assert_null (strstr (error_text, "(null)"));
  g_assert_cmpstr (pr_session_get_description (session), ==, description);
  g_assert_cmpuint (pr_session_get_n_clusters (session), ==, 3);
  g_assert_cmpuint (pr_test_n_listed (view), ==, 3);
  g_assert_true (pr_compare_view_get_item (compare) == shown);
  /* And the old connection still works: a decision is taken. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (decision_stored, root);

  pr_test_close_and_finalize (window);
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static GtkWidget *
heading_of (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = heading_of (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  PrClusterItem *item;
  guint          size;
  const char    *primary;
} Awaited;

static gboolean
item_changed (gpointer data)
{
  Awaited *awaited = data;
  guint size = 0;

  g_object_get (awaited->item, "size", &size, NULL);
  return awaited->primary != NULL ? g_strcmp0 (pr_cluster_item_get_primary_id (awaited->item), awaited->primary) == 0
                                  : size == awaited->size;
}

/* The day the planted record @id was submitted (fill_sizes_table ()). */
static char *
day_of (const char *id)
{
  guint n = (guint) g_ascii_strtoull (id, NULL, 10);

  return g_strdup_printf ("2026-0%u-1%u", n / 100, n % 100);
}

static void
let_frames_pass (GtkWidget *widget)
{
  for (guint i = 0; i < 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  (void) widget;
}

/* The figures that name a cluster follow the decisions: the compare
 * view's count after "not a repeat", the list row's date (and the
 * header's) after "make primary". */
void
test_figures_follow (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  PrCompareView *compare;
  PrClusterItem *item;
  GtkWidget *heading;
  g_autofree char *old_day = NULL, *new_day = NULL, *new_primary = NULL, *date = NULL;
  g_autofree char *expected = NULL;
  guint size = 0;
  Awaited awaited = { 0 };

  fill_sizes_table (root, "fresh_figures");
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (params), "fresh_figures");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, view, 1);
  compare = PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"));
  item = pr_compare_view_get_item (compare);
  heading = heading_of (GTK_WIDGET (compare));
  g_assert_nonnull (heading);
  g_object_get (item, "size", &size, NULL);
  g_assert_cmpuint (size, >=, 3);
  expected = g_strdup_printf ("Case 1: %u records", size);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (heading)), ==, expected);

  /* "Not a repeat": one record fewer, in the list and in the header. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  awaited.item = item;
  awaited.size = size - 1;
  pr_test_wait_until (item_changed, &awaited);
  let_frames_pass (GTK_WIDGET (window));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Case 1: %u records", size - 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (heading_of (GTK_WIDGET (compare)))), ==, expected);

  /* "Make primary" on another record: the list row shows its day. */
  old_day = day_of (pr_cluster_item_get_primary_id (item));
  g_object_get (item, "date", &date, NULL);
  g_assert_cmpstr (date, ==, old_day);
  g_assert_true (has_label (GTK_WIDGET (view), old_day));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  new_primary = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (new_primary, !=, pr_cluster_item_get_primary_id (item));
  new_day = day_of (new_primary);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.make-primary", NULL));
  awaited.primary = new_primary;
  pr_test_wait_until (item_changed, &awaited);
  let_frames_pass (GTK_WIDGET (window));
  g_clear_pointer (&date, g_free);
  g_object_get (item, "date", &date, NULL);
  g_assert_cmpstr (date, ==, new_day);
  g_assert_true (has_label (GTK_WIDGET (view), new_day));
  g_assert_false (has_label (GTK_WIDGET (view), old_day));

  pr_test_close_and_finalize (window);
}
