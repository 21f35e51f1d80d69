/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk's walkthrough in Chinese on the bundled sample found, each
 * checked on one scan of the sample:
 *
 * - "Why they match" scrolls within a bounded height, and the score's
 *   lines lie below it: the legend that describes them is the last thing
 *   in view. The scroller's bar takes room beside the reasons when they
 *   overflow (not an overlay shown only under the pointer). Oracle: the
 *   layout GTK made (the adjustment's range against its page, the widths
 *   of the reasons and the bar against the scroller's).
 * - The queue by risk: a case of two records is held by its one pair,
 *   the pair the clerk judges anyway, so it has no bridge to rate and
 *   does not head the queue for one; nor has any bridge with the primary
 *   at an end (a star around the primary); a larger case keeps the
 *   bridges of its pair graph away from the primary. Oracle: a
 *   brute-force count over the graph the session draws (every pair): an
 *   edge is a bridge when taking it away leaves the graph in two.
 * - The report carries the note (处理意见) written with a decision, in a
 *   column of its own after the mapped columns, which keep their letters. Oracle: the note typed,
 *   read back from the saved CSV in the decided record's row.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "chain-rows.h"
#include "pr-chain-view.h"
#include "pr-compare-view.h"
#include "pr-csv-reader.h"
#include "pr-graph.h"
#include "pr-pair-graph.h"
#include "pr-sample-server.h"
#include "pr-score-view.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-window.h"

static PrWindow *window;
static PrSampleServer *server;

static gboolean
score_drawn (gpointer data)
{
  PrScoreView *view = PR_SCORE_VIEW (pr_test_find_widget (data, PR_TYPE_SCORE_VIEW, "score-view"));

  return view != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)) && pr_score_view_get_n_rows (view) > 1;
}

static void
test_reasons_overflow_shown (void)
{
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  GtkWidget *bar, *content;

  pr_test_wait_until (score_drawn, window);
  pr_test_wait_frames (GTK_WIDGET (window), 3);
  scroller = GTK_SCROLLED_WINDOW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SCROLLED_WINDOW,
                                                       "explanation-scroller"));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  g_test_message ("the reasons: %.0f px, %.0f in view", gtk_adjustment_get_upper (adjustment),
                  gtk_adjustment_get_page_size (adjustment));
  /* The premise: the score's lines do not fit. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment) + 1);

  bar = gtk_scrolled_window_get_vscrollbar (scroller);
  content = gtk_scrolled_window_get_child (scroller);
  g_test_message ("scroller %d px wide, reasons %d, bar %d", gtk_widget_get_width (GTK_WIDGET (scroller)),
                  gtk_widget_get_width (content), gtk_widget_get_width (bar));
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_cmpint (gtk_widget_get_width (bar), >, 0);
  /* Beside the reasons, not over them. */
  g_assert_cmpint (gtk_widget_get_width (content) + gtk_widget_get_width (bar), <=,
                   gtk_widget_get_width (GTK_WIDGET (scroller)));
}

/* The nodes reached from node 0 without edge @skip. */
static guint
reached_without (PrGraph *graph,
                 guint    skip)
{
  guint n = pr_graph_get_n_nodes (graph), reached = 1;
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (n, 1));
  gboolean grew = TRUE;

  seen[0] = TRUE;
  while (grew)
    {
      grew = FALSE;
      for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
        {
          const PrGraphEdge *edge = pr_graph_get_edge (graph, e);

          if (e != skip && seen[edge->a] != seen[edge->b])
            {
              seen[edge->a] = seen[edge->b] = TRUE;
              reached++;
              grew = TRUE;
            }
        }
    }
  return reached;
}

/* Bridges with neither end at node 0 (the primary): @all counts every
 * bridge. */
static guint
brute_bridges (PrGraph  *graph,
               gboolean  all)
{
  guint bridges = 0;

  for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
    {
      const PrGraphEdge *edge = pr_graph_get_edge (graph, e);

      bridges += reached_without (graph, e) < pr_graph_get_n_nodes (graph) &&
                 (all || (edge->a != 0 && edge->b != 0));
    }
  return bridges;
}

/* A star of records each judged against the primary has no bridge to
 * rate; two triangles joined far from the primary have one. */
static void
test_star_no_bridges (void)
{
  PrGraphEdge star[] = { { 0, 1, 3, 0, PR_GRAPH_EDGE_WITHIN_K }, { 0, 2, 4, 0, PR_GRAPH_EDGE_WITHIN_K },
                         { 0, 3, 5, 0, PR_GRAPH_EDGE_WITHIN_K } };
  PrGraphEdge deep[] = { { 0, 1, 2, 0, PR_GRAPH_EDGE_WITHIN_K }, { 1, 2, 2, 0, PR_GRAPH_EDGE_WITHIN_K },
                         { 0, 2, 2, 0, PR_GRAPH_EDGE_WITHIN_K }, { 2, 3, 6, 0, PR_GRAPH_EDGE_WITHIN_K },
                         { 3, 4, 2, 0, PR_GRAPH_EDGE_WITHIN_K }, { 4, 5, 2, 0, PR_GRAPH_EDGE_WITHIN_K },
                         { 3, 5, 2, 0, PR_GRAPH_EDGE_WITHIN_K } };
  g_autoptr(PrGraph) a = pr_graph_new (4, star, G_N_ELEMENTS (star));
  g_autoptr(PrGraph) b = pr_graph_new (6, deep, G_N_ELEMENTS (deep));

  g_assert_cmpuint (brute_bridges (a, TRUE), ==, 3);
  g_assert_cmpuint (pr_graph_get_n_risky_bridges (a), ==, brute_bridges (a, FALSE));
  g_assert_cmpuint (pr_graph_get_n_risky_bridges (a), ==, 0);
  g_assert_cmpuint (pr_graph_get_n_risky_bridges (b), ==, brute_bridges (b, FALSE));
  g_assert_cmpuint (pr_graph_get_n_risky_bridges (b), ==, 1);
}

static void
test_pairs_not_bridges (void)
{
  PrSession *session = pr_window_get_session (window);
  GListModel *clusters = pr_session_get_clusters (session);
  guint n_pairs = 0, n_larger_bridged = 0;

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(GArray) members = NULL;
      g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, &members);
      g_autofree char *risk = pr_cluster_item_dup_risk (item);
      guint bridges = brute_bridges (graph, FALSE);

      /* Node 0 is the primary. */
      g_assert_cmpstr (pr_cluster_item_get_member (item, g_array_index (members, guint, 0))->id, ==,
                       pr_cluster_item_get_primary_id (item));
      if (pr_graph_get_n_nodes (graph) == 2)
        {
          /* The premise: its one pair is a bridge of the graph. */
          g_assert_cmpuint (brute_bridges (graph, TRUE), ==, 1);
          g_assert_cmpuint (bridges, ==, 0);
          g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, 0);
          g_assert_null (strstr (risk, "bridge"));
          n_pairs++;
        }
      else
        {
          g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, bridges);
          n_larger_bridged += bridges > 0;
        }
    }
  g_test_message ("%u cases of two records, %u larger ones with a bridge", n_pairs, n_larger_bridged);
  g_assert_cmpuint (n_pairs, >, 10);
}

static gboolean
chains_made (gpointer data)
{
  GtkWidget *graph = pr_test_find_widget (GTK_WIDGET (data), PR_TYPE_PAIR_GRAPH, "pair-graph");

  return gtk_widget_get_mapped (graph) && pr_pair_graph_get_n_nodes (PR_PAIR_GRAPH (graph)) > 0;
}

/* The chain of chain-rows.h dated so that 501 is the primary: its one
 * bridge, 501–601, has the primary at an end. Neither the Risk cell nor
 * the chain view counts it, against the brute-force count of the graph
 * the session draws. */
static void
test_bridge_at_primary (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrConnection) root = pr_test_connect (params, NULL);
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  PrWindow *other;
  GtkColumnView *view;
  GtkWidget *chain_view;
  PrClusterItem *item;
  g_autoptr(PrGraph) graph = NULL;
  g_autoptr(GArray) members = NULL;
  g_autofree char *risk = NULL;

  chain_fill_table (root, "bridges", TRUE);
  /* The chain is of fingerprints and passages alone: Judge Every Pair
   * parts 501 from 601 (test-ui.c scans it so too). */
  g_settings_set_boolean (settings, "second-stage", FALSE);
  other = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (other), 1366, 900);
  gtk_window_present (GTK_WINDOW (other));
  pr_test_connect_window (other, pr_sample_server_get_params (server), "bridges");
  pr_test_scan (other);
  g_settings_reset (settings, "second-stage");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (other), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  item = pr_test_cluster_with (pr_session_get_clusters (pr_window_get_session (other)), "501");
  g_assert_nonnull (item);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "501");
  graph = pr_session_get_pair_graph (pr_window_get_session (other), item, TRUE, &members);
  g_assert_cmpuint (pr_graph_get_n_nodes (graph), ==, 6);
  g_assert_cmpstr (pr_cluster_item_get_member (item, g_array_index (members, guint, 0))->id, ==, "501");
  /* The premise: one bridge, at the primary. */
  g_assert_cmpuint (brute_bridges (graph, TRUE), ==, 1);
  g_assert_cmpuint (brute_bridges (graph, FALSE), ==, 0);
  g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, 0);
  risk = pr_cluster_item_dup_risk (item);
  g_assert_null (strstr (risk, "bridge"));

  pr_test_select_cluster (other, view, pr_cluster_item_get_number (item));
  gtk_expander_set_expanded (GTK_EXPANDER (pr_test_find_widget (GTK_WIDGET (other), GTK_TYPE_EXPANDER, "chains")), TRUE);
  pr_test_wait_until (chains_made, other);
  chain_view = pr_compare_view_get_chain_view (PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (other),
                                                                                     PR_TYPE_COMPARE_VIEW, NULL)));
  g_assert_cmpuint (pr_chain_view_get_n_bridges (PR_CHAIN_VIEW (chain_view)), ==, 0);
  /* Not said to be on a cycle: it is not. */
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (pr_test_find_widget (GTK_WIDGET (other), GTK_TYPE_LABEL,
                                                                                       "chain-summary"))),
                                   "No bridge away from the primary"));
  g_assert_null (gtk_widget_get_first_child (pr_test_find_widget (GTK_WIDGET (other), GTK_TYPE_LIST_BOX,
                                                                  "bridge-list")));
  pr_test_close_and_finalize (other);
}

/* The Risk cell after the clerk makes a record at the bridge the primary:
 * with 502 the primary the bridge 501-601 is away from it (one risky);
 * with 501 the primary it is at the bridge's end (none). */
static void
test_risk_after_make_primary (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrConnection) root = pr_test_connect (params, NULL);
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  PrWindow *other;
  PrSession *session;
  PrClusterItem *item;

  chain_fill_table (root, "bridges3", FALSE);
  g_settings_set_boolean (settings, "second-stage", FALSE);
  other = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (other), 1366, 900);
  gtk_window_present (GTK_WINDOW (other));
  pr_test_connect_window (other, pr_sample_server_get_params (server), "bridges3");
  pr_test_scan (other);
  g_settings_reset (settings, "second-stage");
  session = pr_window_get_session (other);
  item = pr_test_cluster_with (pr_session_get_clusters (session), "501");
  g_assert_nonnull (item);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "502");
  {
    g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, NULL);
    g_test_message ("before: risk cell %u, graph risky %u, brute %u", pr_cluster_item_get_n_bridges (item),
                    pr_graph_get_n_risky_bridges (graph), brute_bridges (graph, FALSE));
    g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, brute_bridges (graph, FALSE));
  }
  pr_session_decide_async (session, item, PR_VERDICT_PRIMARY, "501", pr_test_store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  {
    g_autoptr(PrClusterItem) decided = pr_session_decide_finish (session, result, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "501");
  {
    g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, NULL);
    g_test_message ("after: risk cell %u, graph risky %u, brute %u", pr_cluster_item_get_n_bridges (item),
                    pr_graph_get_n_risky_bridges (graph), brute_bridges (graph, FALSE));
    g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, brute_bridges (graph, FALSE));
  }
  pr_test_close_and_finalize (other);
}

static void
test_note_exported (void)
{
  static const char note[] = "已电话核实，系同一事项";
  PrCompareView *compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_autofree char *record = g_strdup (pr_compare_view_get_selected_id (compare));
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  guint rows = 0, noted = 0, header_fields = 0;

  g_assert_nonnull (record);
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "decision-note")), note);
  g_assert_false (pr_session_get_can_undo (pr_window_get_session (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_null (pr_window_get_error_text (window));

  g_action_group_change_action_state (G_ACTION_GROUP (window), "export-scope", g_variant_new_string ("all"));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));

  reader = pr_csv_reader_new_for_path (report, NULL, &error);
  g_assert_no_error (error);
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      const char *id = pr_csv_reader_get_field (reader, 1, NULL);
      guint n = pr_csv_reader_get_n_fields (reader);
      const char *cell = pr_csv_reader_get_field (reader, n - 1, NULL);

      if (rows++ == 0)
        {
          g_assert_cmpstr (pr_csv_reader_get_field (reader, 8, NULL), ==, "repeat_kind");
          /* The mapped columns keep their letters: the first right after
           * the kind; the note last. */
          g_assert_cmpuint (n, >, 10);
          g_assert_cmpstr (pr_csv_reader_get_field (reader, 9, NULL), !=, "note");
          g_assert_cmpstr (cell, ==, "note");
          header_fields = n;
        }
      else if (g_strcmp0 (id, record) == 0)
        {
          g_assert_cmpuint (n, ==, header_fields);
          g_assert_cmpstr (pr_csv_reader_get_field (reader, 5, NULL), ==, "repeat");
          g_assert_cmpstr (cell, ==, note);
          noted++;
        }
      else
        /* No other decision was made with a note. */
        g_assert_true (cell == NULL || cell[0] == '\0');
    }
  g_assert_no_error (error);
  g_assert_cmpuint (noted, ==, 1);
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 720);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/compare/reasons-overflow-shown", test_reasons_overflow_shown);
  g_test_add_func ("/app/risk/pairs-not-bridges", test_pairs_not_bridges);
  g_test_add_func ("/app/risk/star-no-bridges", test_star_no_bridges);
  g_test_add_func ("/app/risk/bridge-at-primary", test_bridge_at_primary);
  g_test_add_func ("/app/risk/after-make-primary", test_risk_after_make_primary);
  g_test_add_func ("/app/export/note", test_note_exported);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  g_clear_pointer (&server, pr_sample_server_free);
  pr_test_remove_tree (dir);
  return status;
}
