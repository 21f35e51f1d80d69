/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The queue by risk on the bundled sample: a case of two records is held
 * by its one pair, the pair the clerk judges anyway, so it has no bridge
 * to rate and does not head the queue for one; a larger case keeps the
 * bridges of its own pair graph. The oracle is a brute-force count over
 * the graph the session draws (every pair): an edge is a bridge when
 * taking it away leaves the graph in two.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-graph.h"
#include "pr-sample-server.h"
#include "pr-session.h"
#include "pr-test-ui.h"
#include "pr-window.h"

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

static guint
brute_bridges (PrGraph *graph)
{
  guint bridges = 0;

  for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
    bridges += reached_without (graph, e) < pr_graph_get_n_nodes (graph);
  return bridges;
}

static void
test_pairs_not_bridges (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrSampleServer) server = pr_sample_server_start (dir, sample, NULL, &error);
  guint n_pairs = 0, n_larger_bridged = 0;
  PrSession *session;
  GListModel *clusters;
  PrWindow *window;

  g_assert_no_error (error);
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");
  session = pr_window_get_session (window);
  clusters = pr_session_get_clusters (session);
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, NULL);
      g_autofree char *risk = pr_cluster_item_dup_risk (item);
      guint bridges = brute_bridges (graph);

      if (pr_graph_get_n_nodes (graph) == 2)
        {
          /* The premise: its one pair is a bridge of the graph. */
          g_assert_cmpuint (bridges, ==, 1);
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

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/risk/pairs-not-bridges", test_pairs_not_bridges);
  return g_test_run ();
}
