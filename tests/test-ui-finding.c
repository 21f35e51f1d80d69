/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Finding work in the cluster list: the state and petitioner filters
 * together, the date range, the search of every field, an empty list that
 * says why, the queue by risk; and the export that follows the list and
 * says what it wrote. On finding-rows.h's table.
 */
#include "config.h"

#include <gtk/gtk.h>

#include <string.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-csv-reader.h"
#include "pr-export-dialog.h"
#include "pr-review-page.h"
#include "pr-session.h"
#include "pr-session-private.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#include "finding-rows.h"

static GtkWidget *
find (PrWindow   *window,
      GType       type,
      const char *name)
{
  GtkWidget *widget = pr_test_find_widget (GTK_WIDGET (window), type, name);

  g_assert_nonnull (widget);
  return widget;
}

static PrWindow *
scanned_window (const char *database)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);

  finding_fill_table (root, database);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), database);
  /* The petitioner column names people as an account would (the table's
   * four cases are built on it), not as a name, which alone is no evidence. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (window, GTK_TYPE_DROP_DOWN, "identity-petitioner")),
                              PR_IDENTITY_PETITIONER);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  return window;
}


static GtkColumnView *
cluster_view (PrWindow *window)
{
  return GTK_COLUMN_VIEW (find (window, GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

/* Marks every member of the cluster of @id a repeat of its primary. */
static void
review_all (PrWindow   *window,
            const char *id)
{
  PrSession *session = pr_window_get_session (window);
  PrClusterItem *item = pr_session_find_cluster (session, id);

  for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
    {
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(PrClusterItem) decided = NULL;

      pr_session_decide_async (session, item, PR_VERDICT_REPEAT, pr_cluster_item_get_member (item, m)->id,
                               pr_test_store_result, &result);
      pr_test_wait_until (pr_test_is_set, &result);
      decided = pr_session_decide_finish (session, result, &error);
      g_assert_no_error (error);
    }
  g_assert_true (pr_cluster_item_get_reviewed (item));
}

static gboolean
search_done (gpointer window)
{
  return !pr_review_page_get_searching (PR_REVIEW_PAGE (pr_test_find_widget (window, PR_TYPE_REVIEW_PAGE, NULL)));
}

static void
search_for (PrWindow   *window,
            const char *text)
{
  GtkWidget *search = find (window, GTK_TYPE_SEARCH_ENTRY, "cluster-search");

  gtk_editable_set_text (GTK_EDITABLE (search), text);
  g_signal_emit_by_name (search, "search-changed");
  pr_test_wait_until (search_done, window);
}

/* The primaries' ids of the clusters listed, in the list's order. */
static char *
listed (PrWindow *window)
{
  GtkColumnView *view = cluster_view (window);
  GListModel *model;
  g_autoptr(GString) ids = g_string_new (NULL);

  pr_test_n_listed (view);
  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      g_string_append_printf (ids, "%s%s", i > 0 ? " " : "", pr_cluster_item_get_primary_id (item));
    }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* The state and the petitioners' kind, each with each: the clusters
 * listed are those a pass over the clusters finds with both. */
void
test_filters_combined (void)
{
  PrWindow *window = scanned_window ("finding_combined");
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  GtkWidget *state = find (window, GTK_TYPE_DROP_DOWN, "cluster-filter");
  GtkWidget *kind = find (window, GTK_TYPE_DROP_DOWN, "cluster-kind");
  guint n_pairs = 0;

  review_all (window, "101");
  review_all (window, "201");
  /* The list keeps a row the reviewer just decided until a filter changes. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 2);
  for (guint s = 0; s < 3; s++)
    for (guint k = 0; k < 3; k++)
      {
        guint expected = 0;

        gtk_drop_down_set_selected (GTK_DROP_DOWN (state), s);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), k);
        for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
          {
            g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
            gboolean reviewed = pr_cluster_item_get_reviewed (item);

            expected += (s == 2 || (s == 1) == reviewed) &&
                        (k == 0 || (k == 1 ? pr_cluster_item_get_n_same_petitioner (item)
                                           : pr_cluster_item_get_n_other_petitioner (item)) > 0);
          }
        g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, expected);
        n_pairs += expected > 0;
      }
  /* By hand: reviewed and by the same petitioner is G1 alone; reviewed and
   * from others, G2; not reviewed and from others, the chain. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 1);
  {
    g_autofree char *ids = listed (window);

    g_assert_cmpstr (ids, ==, pr_cluster_item_get_primary_id (pr_session_find_cluster (pr_window_get_session (window), "101")));
  }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 2);
  {
    g_autofree char *ids = listed (window);

    g_assert_cmpstr (ids, ==, pr_cluster_item_get_primary_id (pr_session_find_cluster (pr_window_get_session (window), "201")));
  }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 0);
  {
    g_autofree char *ids = listed (window);

    g_assert_cmpstr (ids, ==, "502");
  }
  g_assert_cmpuint (n_pairs, >=, 6);
  pr_test_close_and_finalize (window);
}

/* The search reaches fields the list does not show (the petitioner, the
 * body); the date range keeps the days given, and a day that cannot be
 * read shows nothing and says so. */
void
test_search_and_dates (void)
{
  PrWindow *window = scanned_window ("finding_search_ui");
  PrSession *session = pr_window_get_session (window);
  GtkWidget *state = find (window, GTK_TYPE_DROP_DOWN, "cluster-filter");
  GtkWidget *from = find (window, GTK_TYPE_ENTRY, "date-from");
  GtkWidget *to = find (window, GTK_TYPE_ENTRY, "date-to");
  GtkWidget *empty = find (window, GTK_TYPE_LABEL, "empty-list");

  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 2);  /* all */
  search_for (window, "欧阳修远");
  {
    g_autofree char *ids = listed (window);

    g_assert_cmpstr (ids, ==, pr_cluster_item_get_primary_id (pr_session_find_cluster (session, "201")));
  }
  search_for (window, "刺鼻气体");
  {
    g_autofree char *ids = listed (window);

    g_assert_cmpstr (ids, ==, pr_cluster_item_get_primary_id (pr_session_find_cluster (session, "301")));
  }
  search_for (window, "");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 4);

  /* February to March: G2 and the chain. */
  gtk_editable_set_text (GTK_EDITABLE (from), "2026-02-01");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 3);
  gtk_editable_set_text (GTK_EDITABLE (to), "2026/03/31");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 2);
  g_assert_nonnull (pr_session_find_cluster (session, "201"));
  g_assert_true (pr_test_cluster_with (G_LIST_MODEL (gtk_column_view_get_model (cluster_view (window))), "201") ==
                 pr_session_find_cluster (session, "201"));
  g_assert_true (pr_test_cluster_with (G_LIST_MODEL (gtk_column_view_get_model (cluster_view (window))), "501") ==
                 pr_session_find_cluster (session, "501"));
  /* A day that does not exist: nothing shown, and why. */
  gtk_editable_set_text (GTK_EDITABLE (to), "2026-13-45");
  /* Unreadable, it waits (the box emptied on the way, an open end: from
   * February on); on Enter, it is read. */
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 3);
  g_assert_false (gtk_widget_has_css_class (to, "error"));
  g_signal_emit_by_name (to, "activate");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 0);
  g_assert_true (gtk_widget_get_mapped (empty));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (empty)), "2026-13-45"));
  /* No range is applied (the error says why): none is named in use. */
  g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (empty)), "Filters in use"));
  g_assert_true (gtk_widget_has_css_class (to, "error"));
  g_assert_false (gtk_widget_has_css_class (from, "error"));
  gtk_editable_set_text (GTK_EDITABLE (to), "");
  g_assert_false (gtk_widget_has_css_class (to, "error"));
  /* From 2026-02-01 on: all but G1. */
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 3);
  g_assert_false (gtk_widget_get_mapped (empty));
  /* The filters in use name the days applied, as the window writes them. */
  gtk_editable_set_text (GTK_EDITABLE (from), "2026/2/1");
  gtk_editable_set_text (GTK_EDITABLE (to), "2026年3月31日");
  search_for (window, "没有这样的字");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 0);
  g_test_message ("%s", gtk_label_get_text (GTK_LABEL (empty)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (empty)),
                            "Filters in use: from 2026-02-01, to 2026-03-31, search “没有这样的字”"));
  pr_test_close_and_finalize (window);
}

/* An empty list says why: filters that hide every case (with a button
 * that clears them), or a scan that found no repeats (without). */
void
test_empty_says_why (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = scanned_window ("finding_empty");
  GtkWidget *state = find (window, GTK_TYPE_DROP_DOWN, "cluster-filter");
  GtkWidget *kind = find (window, GTK_TYPE_DROP_DOWN, "cluster-kind");
  GtkWidget *empty = find (window, GTK_TYPE_LABEL, "empty-list");
  GtkWidget *clear = find (window, GTK_TYPE_BUTTON, "clear-filters");

  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 4);
  g_assert_false (gtk_widget_get_mapped (empty));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (state), 1);  /* reviewed: none is */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 1);
  search_for (window, "没有这样的字");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 0);
  g_assert_true (gtk_widget_get_mapped (empty));
  g_assert_true (gtk_widget_get_mapped (clear));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (empty)), "No case matches the filters"));
  /* ... naming the filters that hide them, as the clerk set them. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (empty)),
                            "Filters in use: Reviewed, Repeats by the same petitioner, search “没有这样的字”"));
  pr_test_assert_controls_named (GTK_WIDGET (window));
  g_signal_emit_by_name (clear, "clicked");
  pr_test_wait_until (search_done, window);
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 4);
  g_assert_false (gtk_widget_get_mapped (empty));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (state)), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find (window, GTK_TYPE_SEARCH_ENTRY, "cluster-search"))), ==, "");
  pr_test_close_and_finalize (window);

  /* No repeats at all. */
  pr_test_execute (root, "CREATE DATABASE finding_none");
  pr_test_execute (root, "CREATE TABLE finding_none.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                   "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  pr_test_execute (root, "INSERT INTO finding_none.petitions VALUES (1, '甲', '路灯', '2026-05-01 10:00:00', "
                   "'公园里的路灯已经坏了一个多月，晚上散步很不安全，请尽快修复。'), (2, '乙', '噪音', "
                   "'2026-05-02 10:00:00', '楼下饭店每天深夜还在营业，油烟和噪音让楼上住户无法休息，请执法部门处理。')");
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "finding_none");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 0);
  empty = find (window, GTK_TYPE_LABEL, "empty-list");
  clear = find (window, GTK_TYPE_BUTTON, "clear-filters");
  g_assert_true (gtk_widget_get_mapped (empty));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (empty)), ==, "This scan found no repeats.");
  g_assert_false (gtk_widget_get_mapped (clear));
  pr_test_close_and_finalize (window);
}

/* The queue by risk: the column's order puts the weakest links first
 * in the order of what its cells show (bridges, then the least shared
 * passages, "none" as a share of 1; the largest distance breaks ties),
 * the chain with its bridge at the top. */
void
test_risk_order (void)
{
  PrWindow *window = scanned_window ("finding_risk_ui");
  GtkColumnView *view = cluster_view (window);
  GListModel *columns = gtk_column_view_get_columns (view);
  g_autoptr(GtkColumnViewColumn) risk = NULL;
  GListModel *model;

  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (window, GTK_TYPE_DROP_DOWN, "cluster-filter")), 2);
  for (guint c = 0; c < g_list_model_get_n_items (columns) && risk == NULL; c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), "Risk") == 0)
        risk = g_steal_pointer (&column);
    }
  g_assert_nonnull (risk);
  gtk_column_view_sort_by_column (view, risk, GTK_SORT_ASCENDING);
  g_assert_cmpuint (pr_test_n_listed (view), ==, 4);
  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);
      g_autoptr(PrClusterItem) next = i + 1 < g_list_model_get_n_items (model) ? g_list_model_get_item (model, i + 1) : NULL;
      guint distance, next_distance;
      double share, next_share;

      if (i == 0)
        g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "502");
      if (next == NULL)
        break;
      g_object_get (item, "max-distance", &distance, NULL);
      g_object_get (next, "max-distance", &next_distance, NULL);
      share = pr_cluster_item_get_min_share (item) < 0 ? 1 : pr_cluster_item_get_min_share (item);
      next_share = pr_cluster_item_get_min_share (next) < 0 ? 1 : pr_cluster_item_get_min_share (next);
      g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), >=, pr_cluster_item_get_n_bridges (next));
      if (pr_cluster_item_get_n_bridges (item) == pr_cluster_item_get_n_bridges (next))
        g_assert_cmpfloat (share, <=, next_share);
      if (pr_cluster_item_get_n_bridges (item) == pr_cluster_item_get_n_bridges (next) && share == next_share)
        g_assert_cmpuint (distance, >=, next_distance);
    }
  pr_test_close_and_finalize (window);
}

/* The report's rows; @ids: (nullable): takes each row's id; @verdicts:
 * (nullable): each id's verdict. */
static guint
count_report_rows (const char *path,
                   GHashTable *ids,
                   GHashTable *verdicts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  guint rows = 0;

  g_assert_no_error (error);
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      if (rows++ > 0 && ids != NULL)
        g_hash_table_add (ids, g_strdup (pr_csv_reader_get_field (reader, 1, NULL)));
      if (rows > 1 && verdicts != NULL)
        g_hash_table_insert (verdicts, g_strdup (pr_csv_reader_get_field (reader, 1, NULL)),
                             g_strdup (pr_csv_reader_get_field (reader, 5, NULL)));
    }
  g_assert_no_error (error);
  return rows - 1;
}

/* The export writes the cases the list shows, or all of them when so
 * chosen, and the window says how many and where, with a way to open
 * the folder. */
void
test_export_follows_filter (void)
{
  PrWindow *window = scanned_window ("finding_export");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkWidget *done = find (window, GTK_TYPE_LABEL, "export-done");
  PrClusterItem *g2 = pr_session_find_cluster (pr_window_get_session (window), "201");

  g_assert_false (gtk_widget_get_mapped (done));
  /* An id the old search knew too: one case shown. */
  search_for (window, "202");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 1);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (count_report_rows (report, ids, NULL), ==, pr_cluster_item_get_n_members (g2));
  for (guint m = 0; m < pr_cluster_item_get_n_members (g2); m++)
    g_assert_true (g_hash_table_contains (ids, pr_cluster_item_get_member (g2, m)->id));
  g_assert_true (gtk_widget_get_mapped (done));
  g_test_message ("%s", gtk_label_get_text (GTK_LABEL (done)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (done)), "1 case (3 records)"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (done)), report));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-export-folder"));
  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* The same cases as a workbook: read back on its own, the same cells
   * (ids as text, distance and similarity as numbers, decided_at a date). */
  {
    g_autofree char *workbook = g_build_filename (dir, "report.xlsx", NULL);
    g_autofree char *out = NULL;

    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to",
                                                       g_variant_new_string (workbook)));
    pr_test_wait_until (pr_test_not_busy, window);
    g_assert_null (pr_window_get_error_text (window));
    if (pr_test_check_xlsx_report (report, workbook, "Repeat petitions", "1,2", "3,4", "7", &out) != 0)
      g_error ("the workbook differs from the CSV:\n%s", out);
    g_test_message ("%s", out);
    g_assert_nonnull (strstr (out, "4 rows agree"));
  }

  /* All, by choice: every case, whatever the list shows. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "export-scope", g_variant_new_string ("all"));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (count_report_rows (report, NULL, NULL), ==, 15);
  {
    /* Every case the scan found, whatever their number. */
    g_autofree char *all = g_strdup_printf ("%u cases (15 records)",
                                            pr_session_get_n_clusters (pr_window_get_session (window)));

    g_assert_cmpuint (pr_session_get_n_clusters (pr_window_get_session (window)), >, 1);
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (done)), all));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-export", NULL));
  g_assert_false (gtk_widget_get_mapped (done));
  pr_test_close_and_finalize (window);
  pr_test_remove_tree (dir);
}

static PrClusterItem *
compare_item (PrWindow *window)
{
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

  return pr_compare_view_get_item (pr_review_page_get_compare_view (page));
}

static PrClusterItem *
selected_item (PrWindow *window)
{
  return gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (gtk_column_view_get_model (cluster_view (window))));
}

static gboolean
compare_follows (gpointer window)
{
  return compare_item (window) == selected_item (window);
}

static gboolean
four_listed (gpointer window)
{
  GtkColumnView *view = cluster_view (window);

  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))) == 4 && pr_test_list_settled (view);
}

/* A search settled keeps the case on show while the list holds it, even
 * one a decision took out of the state filter (its row stays until a
 * filter looks at it again), and else moves to the first case listed. */
void
test_search_settles (void)
{
  PrWindow *window = scanned_window ("finding_settles");
  PrSession *session = pr_window_get_session (window);
  PrClusterItem *g2 = pr_session_find_cluster (session, "201");
  PrClusterItem *g3 = pr_session_find_cluster (session, "301");
  g_autofree char *ids = NULL;

  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (window, GTK_TYPE_DROP_DOWN, "cluster-filter")), 0);
  search_for (window, "交通");
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 1);
  pr_test_select_cluster (window, cluster_view (window), pr_cluster_item_get_number (g2));
  review_all (window, "201");
  /* Every case again, by the entry's own signal alone (a second one
   * would settle the list again): the decided one is still listed, and
   * still chosen. */
  gtk_editable_set_text (GTK_EDITABLE (find (window, GTK_TYPE_SEARCH_ENTRY, "cluster-search")), "");
  pr_test_wait_until (four_listed, window);
  ids = listed (window);
  g_test_message ("listed: %s", ids);
  g_assert_nonnull (strstr (ids, "201"));
  pr_test_wait_until (compare_follows, window);
  g_assert_true (compare_item (window) == g2);
  g_assert_true (selected_item (window) == g2);
  /* A text that hides it: the first case listed. */
  search_for (window, "环境");
  g_clear_pointer (&ids, g_free);
  ids = listed (window);
  g_assert_cmpstr (ids, ==, pr_cluster_item_get_primary_id (g3));
  pr_test_wait_until (compare_follows, window);
  g_assert_true (compare_item (window) == g3);
  g_assert_true (selected_item (window) == g3);
  pr_test_close_and_finalize (window);
}

/* The report holds a row for each id of @expected and no other, each
 * with the verdict @expected gives it. */
static void
assert_report (const char *report,
               GHashTable *expected)
{
  g_autoptr(GHashTable) verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer id, verdict;

  g_assert_cmpuint (count_report_rows (report, NULL, verdicts), ==, g_hash_table_size (expected));
  g_assert_cmpuint (g_hash_table_size (verdicts), ==, g_hash_table_size (expected));
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &id, &verdict))
    {
      g_test_message ("%s: verdict '%s'", (char *) id, (char *) g_hash_table_lookup (verdicts, id));
      g_assert_true (g_hash_table_contains (verdicts, id));
      g_assert_cmpstr (g_hash_table_lookup (verdicts, id), ==, verdict);
    }
}

/* The report holds the list as it was at the click: the search changed
 * and a verdict given right after it, before the report is written, are
 * in neither its rows nor its cells. Against the rows listed at the
 * click, each with its member ids, read from the view's own model. */
void
test_export_at_click (void)
{
  PrWindow *window = scanned_window ("finding_at_click");
  PrSession *session = pr_window_get_session (window);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) decided = NULL;
  PrClusterItem *g2 = pr_session_find_cluster (session, "201");
  GListModel *model;

  search_for (window, "202");
  model = G_LIST_MODEL (gtk_column_view_get_model (cluster_view (window)));
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), ==, 1);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        g_hash_table_insert (expected, g_strdup (pr_cluster_item_get_member (item, m)->id), g_strdup (""));
    }
  g_assert_cmpuint (g_hash_table_size (expected), ==, 3);

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  /* In the click's turn: every case listed again, and a verdict. */
  gtk_editable_set_text (GTK_EDITABLE (find (window, GTK_TYPE_SEARCH_ENTRY, "cluster-search")), "");
  g_signal_emit_by_name (find (window, GTK_TYPE_SEARCH_ENTRY, "cluster-search"), "search-changed");
  pr_session_decide_async (session, g2, PR_VERDICT_REPEAT, pr_cluster_item_get_member (g2, 1)->id,
                           pr_test_store_result, &result);
  pr_test_wait_until (pr_test_not_busy, window);
  pr_test_wait_until (pr_test_is_set, &result);
  decided = pr_session_decide_finish (session, result, &error);
  g_assert_no_error (error);
  pr_test_wait_until (search_done, window);
  g_assert_cmpuint (pr_test_n_listed (cluster_view (window)), >, 1);
  g_assert_null (pr_window_get_error_text (window));

  assert_report (report, expected);
  pr_test_close_and_finalize (window);
  pr_test_remove_tree (dir);
}

/* Every case's rows are copied a slice at a time, and a case a decision
 * changes before the copy reaches it goes into the report as it was at
 * the click. Against the session's clusters read at the click. */
void
test_export_sliced (void)
{
  PrWindow *window = scanned_window ("finding_sliced");
  PrSession *session = pr_window_get_session (window);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) decided = NULL;
  GListModel *clusters = pr_session_get_clusters (session);
  guint n = g_list_model_get_n_items (clusters), slices;
  g_autoptr(PrClusterItem) last = g_list_model_get_item (clusters, n - 1);

  g_assert_cmpuint (n, >=, 3);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        g_hash_table_insert (expected, g_strdup (pr_cluster_item_get_member (item, m)->id),
                             g_strdup (pr_cluster_item_get_member (item, m)->state == PR_MEMBER_UNDECIDED ? "" : "?"));
    }
  g_action_group_change_action_state (G_ACTION_GROUP (window), "export-scope", g_variant_new_string ("all"));
  session->export_slice = 1;
  session->export_held = TRUE;
  slices = session->export_slices;
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  /* The last case decided while the copy waits: it is copied first. */
  pr_session_decide_async (session, last, PR_VERDICT_REPEAT, pr_cluster_item_get_member (last, 1)->id,
                           pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  decided = pr_session_decide_finish (session, result, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pr_cluster_item_get_member (last, 1)->state, ==, PR_MEMBER_REPEAT);
  g_assert_cmpuint (session->export_slices, ==, slices);
  session->export_held = FALSE;
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  /* One case a slice: as many slices as cases. */
  g_test_message ("%u slices for %u cases", session->export_slices - slices, n);
  g_assert_cmpuint (session->export_slices - slices, ==, n);

  assert_report (report, expected);
  session->export_slice = 0;
  pr_test_close_and_finalize (window);
  pr_test_remove_tree (dir);
}

static gboolean
folder_set (gpointer dialog)
{
  g_autoptr(GFile) current = gtk_file_chooser_get_current_folder (dialog);

  return current != NULL;
}

/* The file chooser's suggestion: the Documents folder (from the user's
 * folders file), else home; a name with the table and the local day. */
void
test_export_dialog (void)
{
  g_autofree char *home = pr_test_make_temp_dir ();
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *documents = g_build_filename (home, "文档", NULL);
  g_autofree char *dirs = g_build_filename (config, "user-dirs.dirs", NULL);
  g_autofree char *line = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s\"\n", documents);
  g_autoptr(GDateTime) late = g_date_time_new_local (2026, 11, 25, 23, 59, 0);
  g_autoptr(GDateTime) utc = g_date_time_new_utc (2026, 11, 25, 20, 0, 0);
  g_autoptr(GDateTime) local = g_date_time_to_local (utc);
  g_autofree char *local_day = g_date_time_format (local, "%Y-%m-%d");
  g_autofree char *name = pr_export_suggest_name ("petitions", late);
  g_autofree char *odd = pr_export_suggest_name ("a/b:c", late);
  g_autofree char *from_utc = pr_export_suggest_name ("t", utc);
  g_autofree char *expected_utc = g_strdup_printf ("repeat-petition-report-t-%s.csv", local_day);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) expected = g_file_new_for_path (documents);
  char *old_config = g_strdup (g_getenv ("XDG_CONFIG_HOME"));

  g_assert_cmpstr (name, ==, "repeat-petition-report-petitions-2026-11-25.csv");
  g_assert_cmpstr (odd, ==, "repeat-petition-report-a_b_c-2026-11-25.csv");
  g_assert_cmpstr (from_utc, ==, expected_utc);

  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dirs, line, -1, NULL));
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_reload_user_special_dirs_cache ();
  /* Named, but not there yet: home. */
  folder = pr_export_default_folder ();
  g_assert_cmpstr (g_file_peek_path (folder), ==, g_get_home_dir ());
  g_clear_object (&folder);
  g_assert_cmpint (g_mkdir_with_parents (documents, 0700), ==, 0);
  folder = pr_export_default_folder ();
  g_assert_true (g_file_equal (folder, expected));
  {
    GtkWidget *dialog = pr_export_dialog_new (NULL, "petitions", NULL, 2, 5);
    g_autoptr(GFile) current = NULL;

    /* The chooser checks the folder before it moves there. */
    pr_test_wait_until (folder_set, dialog);
    current = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (dialog));
    g_assert_true (g_file_equal (current, expected));
    g_assert_false (pr_export_dialog_get_all (GTK_FILE_CHOOSER (dialog)));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  if (old_config != NULL)
    g_setenv ("XDG_CONFIG_HOME", old_config, TRUE);
  else
    g_unsetenv ("XDG_CONFIG_HOME");
  g_free (old_config);
  g_reload_user_special_dirs_cache ();
  pr_test_remove_tree (home);
}
