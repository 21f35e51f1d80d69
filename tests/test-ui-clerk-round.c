/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk's second walkthrough of the sample found: while the case
 * chosen in the list is read, the compare view still shows the one before,
 * so no decision may go to it (a merge pressed then merged the case
 * before, not the one the list showed chosen); the Clear Filters button
 * says every filter it clears; the first scan says so; the export's
 * chooser offers CSV files; and the last scan, opened again from the
 * store, draws the pairs on shared passages a fresh scan draws. The
 * oracles are the window's own actions and widgets (what is enabled, what
 * the button resets) and the fresh scan's own pair graph.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-export-dialog.h"
#include "pr-graph.h"
#include "pr-review-page.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* A 768-pixel-high laptop screen, less a panel. */
#define WINDOW_WIDTH  1366
#define WINDOW_HEIGHT 720

static char *dir;
static PrSampleServer *server;
static PrWindow *window;

static GtkWidget *
find (GType       type,
      const char *name)
{
  GtkWidget *widget = pr_test_find_widget (GTK_WIDGET (window), type, name);

  g_assert_nonnull (widget);
  return widget;
}

static GtkColumnView *
cluster_view (void)
{
  return GTK_COLUMN_VIEW (find (GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

static PrReviewPage *
review_page (void)
{
  return PR_REVIEW_PAGE (find (PR_TYPE_REVIEW_PAGE, NULL));
}

static gboolean
action_enabled (const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static gboolean
shows (gpointer item)
{
  return pr_compare_view_get_item (pr_review_page_get_compare_view (review_page ())) == item;
}

/* The sample's first scan: no record was stored before, and the line
 * under the list says so rather than "3000 new since the last scan". */
/* The label under @widget that says @text. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The mapping page names each column's kind of data in words (translated),
 * the database's type name only on hover: the sample's varchar, int and
 * datetime columns. */
static void
test_mapping_kinds (void)
{
  const char *const types[] = { "varchar", "int", "datetime" };

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    g_assert_null (find_label (GTK_WIDGET (window), types[t]));
  g_assert_nonnull (find_label (GTK_WIDGET (window), _("number")));
  g_assert_nonnull (find_label (GTK_WIDGET (window), _("date and time")));
  g_assert_nonnull (find_label (GTK_WIDGET (window), _("long text")));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find_label (GTK_WIDGET (window), _("number"))), ==,
                   "In the database: int");
}

static void
test_scan (void)
{
  const char *summary;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, cluster_view (), 1);
  summary = pr_window_get_summary_text (window);
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "3000 records"));
  g_assert_null (strstr (summary, "since the last scan"));
  g_assert_nonnull (strstr (summary, "first scan"));
}

/* The export's chooser offers the report's kinds of file, CSV and
 * workbooks, not "(None)". */
static void
test_export_chooser_filter (void)
{
  GtkWidget *dialog = pr_export_dialog_new (GTK_WINDOW (window), "petitions", NULL, 2, 5);
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  GtkFileFilter *chosen = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_autoptr(GtkFileFilter) xlsx = NULL;
  g_autoptr(GFileInfo) workbook = g_file_info_new ();
  g_autofree char *name = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 2);
  g_assert_nonnull (chosen);
  g_assert_nonnull (gtk_file_filter_get_name (chosen));
  g_file_info_set_display_name (info, "重复信访报告-petitions-2026-11-26.csv");
  g_file_info_set_attribute_string (info, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME, "重复信访报告-petitions-2026-11-26.csv");
  g_assert_true (gtk_filter_match (GTK_FILTER (chosen), info));

  /* The workbook's type shows workbooks, and makes the file written a
   * workbook: .csv becomes .xlsx; a name typed with .xlsx stays one
   * whatever the type. */
  xlsx = g_list_model_get_item (filters, 1);
  g_file_info_set_display_name (workbook, "重复信访报告-petitions-2026-11-26.xlsx");
  g_file_info_set_attribute_string (workbook, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                    "重复信访报告-petitions-2026-11-26.xlsx");
  g_assert_true (gtk_filter_match (GTK_FILTER (xlsx), workbook));
  g_assert_false (gtk_filter_match (GTK_FILTER (xlsx), info));
  {
    const struct { const char *typed; gboolean xlsx; const char *written; } cases[] = {
      { "report.csv", FALSE, "report.csv" },
      { "report.csv", TRUE, "report.xlsx" },
      { "report.CSV", TRUE, "report.xlsx" },
      { "report", TRUE, "report.xlsx" },
      { "report", FALSE, "report" },
      { "report.xlsx", FALSE, "report.xlsx" },
      { "report.xlsx", TRUE, "report.xlsx" },
    };
    g_autoptr(GFile) folder = g_file_new_for_path ("/报告");

    g_assert_true (pr_export_filter_is_xlsx (xlsx));
    g_assert_false (pr_export_filter_is_xlsx (chosen));
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(GFile) typed = g_file_get_child (folder, cases[i].typed);
        g_autoptr(GFile) written = pr_export_file_for_type (typed, cases[i].xlsx);
        g_autoptr(GFile) parent = g_file_get_parent (written);

        g_clear_pointer (&name, g_free);
        name = g_file_get_basename (written);
        g_assert_cmpstr (name, ==, cases[i].written);
        g_assert_true (g_file_equal (parent, folder));
      }
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The second row chosen: until its records come, the first case is still
 * in view, greyed, and no decision can be made; then the second is. */
static void
test_no_decision_while_reading (void)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (cluster_view ()));
  PrCompareView *compare = pr_review_page_get_compare_view (review_page ());
  g_autoptr(PrClusterItem) second = g_list_model_get_item (G_LIST_MODEL (selection), 1);
  const char *const decisions[] = { "merge", "mark-repeat", "mark-not-repeat", "make-primary", "split-bridge" };

  g_assert_true (action_enabled ("merge"));
  g_assert_true (pr_compare_view_get_item (compare) != second);
  gtk_single_selection_set_selected (selection, 1);
  /* The records are read on the session's thread: not yet. */
  g_assert_true (pr_compare_view_get_item (compare) != second);
  for (guint d = 0; d < G_N_ELEMENTS (decisions); d++)
    if (action_enabled (decisions[d]))
      g_error ("win.%s is enabled while the view still shows the case before the one chosen", decisions[d]);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (compare)));

  pr_test_wait_until (shows, second);
  g_assert_true (pr_compare_view_get_item (compare) == second);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (compare)));
  g_assert_true (action_enabled ("merge"));
  g_assert_true (action_enabled ("mark-repeat"));
}

static gboolean
member_left (gpointer data)
{
  PrClusterItem *item = pr_compare_view_get_item (pr_review_page_get_compare_view (review_page ()));

  for (guint m = 0; item != NULL && m < pr_cluster_item_get_n_members (item); m++)
    if (g_strcmp0 (pr_cluster_item_get_member (item, m)->id, data) == 0)
      return pr_cluster_item_get_member (item, m)->state == PR_MEMBER_NOT_REPEAT;
  return FALSE;
}

static gboolean
repeat_enabled (gpointer data)
{
  return action_enabled ("mark-repeat");
}

static gboolean
member_kept (gpointer data)
{
  return !member_left (data);
}

/* A record marked not a repeat has left the case: it can be marked a
 * repeat again, but not made the case's primary. Undone after. */
static void
test_left_record_not_primary (void)
{
  PrCompareView *compare = pr_review_page_get_compare_view (review_page ());
  g_autofree char *judged = NULL;

  judged = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_nonnull (judged);
  g_assert_true (action_enabled ("make-primary"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  pr_test_wait_until (member_left, judged);
  pr_test_wait_until (pr_test_can_undo, window);
  /* The record just judged stays in view. */
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare), ==, judged);
  pr_test_wait_until (repeat_enabled, NULL);
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare), ==, judged);
  g_assert_false (action_enabled ("make-primary"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (member_kept, judged);
}

/* Clear Filters resets the kind-of-repeat filter too, and says so. */
static void
test_clear_filters_says_kind (void)
{
  GtkWidget *kind = find (GTK_TYPE_DROP_DOWN, "cluster-repeat-kind");
  GtkWidget *clear = find (GTK_TYPE_BUTTON, "clear-filters");
  const char *tooltip = gtk_widget_get_tooltip_text (clear);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 1);
  pr_review_page_clear_filters (review_page ());
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  g_test_message ("the button's tooltip: %s", tooltip);
  g_assert_nonnull (strstr (tooltip, _("kinds of repeat")));
}

/* The pairs on shared passages of @number's pair graph. */
static guint
passage_edges (PrWindow *win,
               guint     number)
{
  PrSession *session = pr_window_get_session (win);
  GListModel *clusters = pr_session_get_clusters (session);
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      if (pr_cluster_item_get_number (item) == number)
        {
          g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, NULL);

          for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
            n += (pr_graph_get_edge (graph, e)->flags & PR_GRAPH_EDGE_PARTS) != 0;
          return n;
        }
    }
  g_assert_not_reached ();
}

typedef struct {
  PrWindow *window;
  guint     number;
  guint     edges;
} Waiting;

static gboolean
passages_read (gpointer data)
{
  Waiting *waiting = data;

  return passage_edges (waiting->window, waiting->number) == waiting->edges;
}

/* Quit and come back: the last scan, opened from the store, draws each
 * case's pairs on shared passages as the scan did (the oracle: the scan's
 * own graph of the same case, by its number). */
static void
test_reopened_graph_has_passages (void)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  Waiting waiting = { NULL, 0, 0 };

  for (guint i = 0; i < g_list_model_get_n_items (clusters) && waiting.edges == 0; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      waiting.number = pr_cluster_item_get_number (item);
      waiting.edges = passage_edges (window, waiting.number);
    }
  g_test_message ("case %u: %u pairs on passages", waiting.number, waiting.edges);
  g_assert_cmpuint (waiting.edges, >, 0);
  pr_test_close_and_finalize (window);

  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");
  pr_test_wait_until (pr_test_last_scan_offered, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (pr_session_get_from_store (pr_window_get_session (window)));
  waiting.window = window;
  pr_test_wait_until (passages_read, &waiting);
  g_assert_null (pr_window_get_error_text (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_use_locale (LOCALEDIR);

  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/clerk-round/mapping-kinds", test_mapping_kinds);
  g_test_add_func ("/app/clerk-round/scan", test_scan);
  g_test_add_func ("/app/clerk-round/no-decision-while-reading", test_no_decision_while_reading);
  g_test_add_func ("/app/clerk-round/left-record-not-primary", test_left_record_not_primary);
  g_test_add_func ("/app/clerk-round/clear-filters-says-kind", test_clear_filters_says_kind);
  g_test_add_func ("/app/clerk-round/export-chooser-filter", test_export_chooser_filter);
  g_test_add_func ("/app/clerk-round/reopened-graph-has-passages", test_reopened_graph_has_passages);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
