/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Finding work, without a display: the session's search of every mapped
 * field, the clusters' weakest links (against each cluster's own pair
 * graph) and the date range filter (against a scan of the clusters'
 * dates), on the table of finding-rows.h in a throwaway mariadbd.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-catalog.h"
#include "pr-cluster-item.h"
#include "pr-date-range-filter.h"
#include "pr-graph.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

#include "finding-rows.h"

static const PrConnectionParams *admin;

/* Runs the main loop until *@result is set. */
static GAsyncResult *
wait_for (GAsyncResult **result)
{
  pr_test_wait_until (pr_test_is_set, result);
  return *result;
}

/* A session that scanned finding-rows.h's table in @database. */
static PrSession *
scanned_session (const char *database)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  PrSession *session = pr_session_new ("finder");
  PrConnectionParams *params = pr_connection_params_copy (admin);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;

  finding_fill_table (root, database);
  g_free (params->database);
  params->database = g_strdup (database);
  pr_session_connect_async (session, params, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_connect_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_load_columns_async (session, "petitions", NULL, pr_test_store_result, &result);
  columns = pr_session_load_columns_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  /* The petitioner column names people as an account would (the table's
   * four cases are built on it), not as a name, which alone is no evidence. */
  mapping = pr_mapping_new ();
  {
    static const struct { const char *name; PrColumnRole role; } roles[] = {
      { "id", PR_COLUMN_ROLE_ID }, { "petitioner", PR_COLUMN_ROLE_SHORT }, { "subject", PR_COLUMN_ROLE_TEXT },
      { "submitted_at", PR_COLUMN_ROLE_DATE }, { "body", PR_COLUMN_ROLE_TEXT },
    };

    for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
      g_assert_true (pr_mapping_add (mapping, roles[i].name, roles[i].role,
                                     pr_column_role_default_weight (roles[i].role), NULL));
  }
  g_assert_true (pr_mapping_set_identity (mapping, "petitioner", PR_IDENTITY_PETITIONER, NULL));
  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_scan_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  while (!pr_session_get_list_complete (session))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (pr_session_get_n_clusters (session), ==, 4);
  return session;
}

/* The clusters (as their primaries' ids, sorted) a search finds. */
static char *
search (PrSession  *session,
        const char *text)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) found = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer item;

  pr_session_search_async (session, text, NULL, pr_test_store_result, &result);
  found = pr_session_search_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    g_ptr_array_add (ids, (gpointer) pr_cluster_item_get_primary_id (item));
  g_ptr_array_sort (ids, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* A search reaches the petitioner and the body, which the list does not
 * show, and the id; not the date; full-width digits find ordinary ones; a
 * record in no cluster is no answer. */
static void
test_search_every_field (void)
{
  g_autoptr(PrSession) session = scanned_session ("finding_search");
  const char *g2 = pr_cluster_item_get_primary_id (pr_session_find_cluster (session, "201"));
  const char *g3 = pr_cluster_item_get_primary_id (pr_session_find_cluster (session, "301"));
  g_autofree char *by_petitioner = search (session, "欧阳修远");
  g_autofree char *by_body = search (session, "刺鼻气体");
  g_autofree char *by_id = search (session, "202");
  g_autofree char *by_wide_id = search (session, "２０２");
  g_autofree char *by_date = search (session, "2026-04-1");
  g_autofree char *lone = search (session, "路灯");
  g_autofree char *nothing = search (session, "没有这样的字");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (by_petitioner, ==, g2);
  g_assert_cmpstr (by_body, ==, g3);
  /* "202" is in every date: dates are for the date range. */
  g_assert_cmpstr (by_id, ==, g2);
  g_assert_cmpstr (by_wide_id, ==, g2);
  g_assert_cmpstr (by_date, ==, "");
  g_assert_cmpstr (lone, ==, "");
  g_assert_cmpstr (nothing, ==, "");

  /* Nothing to search for is said so, not answered with everything. */
  pr_session_search_async (session, "  ", NULL, pr_test_store_result, &result);
  g_assert_null (pr_session_search_finish (session, wait_for (&result), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_null (gdk_display_get_default ());
}

/* The matcher alone: Latin letters of either case, full-width forms
 * typed, Chinese as it is. */
static void
test_search_match (void)
{
  g_autofree char *wide = pr_session_search_normalize (" ＡＢｃ１２３ ");

  g_assert_cmpstr (wide, ==, "ABc123");
  g_assert_true (pr_session_search_match ("编号abc123号", -1, wide));
  g_assert_true (pr_session_search_match ("关于电梯问题", -1, "电梯"));
  g_assert_false (pr_session_search_match ("关于电梯问题", 6, "电梯"));
  g_assert_false (pr_session_search_match ("电", -1, "电梯"));
  g_assert_false (pr_session_search_match (NULL, -1, "x"));
}

/* Whether @text has @needle as the search's rule says, brute force:
 * both in their compatibility forms (GLib's NFKC), Latin letters lowered. */
static gboolean
oracle_has (const char *text,
            const char *needle)
{
  g_autofree char *nt = g_utf8_normalize (text, -1, G_NORMALIZE_ALL_COMPOSE);
  g_autofree char *nn = g_utf8_normalize (needle, -1, G_NORMALIZE_ALL_COMPOSE);
  g_autofree char *lt = g_ascii_strdown (nt, -1);
  g_autofree char *ln = g_ascii_strdown (nn, -1);

  return strstr (lt, ln) != NULL;
}

/* Random texts of Chinese, ASCII and their full-width forms (digits of an
 * ID card or a phone written full-width, as the petitions' bodies have
 * them), searched for in either form: the matcher agrees with the oracle. */
static void
test_search_match_wide (void)
{
  static const char *const alphabet[] = { "1", "2", "a", "B", "x", " ", ",", "１", "２", "ａ", "Ｂ", "ｘ", "　",
                                          "，", "电", "梯", "号", "楼", "１２", "王", "（", "(" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  guint found = 0;

  g_assert_true (pr_session_search_match ("身份证号：３５９８０３１９７９", -1, "359803"));
  g_assert_false (pr_session_search_match ("身份证号：３５９８０３１９７９", -1, "3598031979x"));
  g_assert_true (pr_session_search_match ("电话１３８ＡＢ", -1, "138ab"));
  g_assert_true (pr_session_search_match ("某某　小区", -1, "某 小区"));
  for (guint round = 0; round < 20000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) typed = g_string_new (NULL);
      g_autofree char *needle = NULL;

      for (guint i = g_rand_int_range (rand, 0, 12); i > 0; i--)
        g_string_append (text, alphabet[g_rand_int_range (rand, 0, G_N_ELEMENTS (alphabet))]);
      for (guint i = g_rand_int_range (rand, 1, 4); i > 0; i--)
        g_string_append (typed, alphabet[g_rand_int_range (rand, 0, G_N_ELEMENTS (alphabet))]);
      needle = pr_session_search_normalize (typed->str);
      if (needle[0] == '\0')
        continue;
      found += oracle_has (text->str, needle);
      g_assert_cmpint (pr_session_search_match (text->str, -1, needle), ==, oracle_has (text->str, needle));
    }
  g_test_message ("%u of 20000 found", found);
  g_assert_cmpuint (found, >, 1000);
}

/* The weakest links of each cluster are those of its own pair graph,
 * every pair drawn (pr_session_get_pair_graph ()); the chain's one bridge
 * is found, and rated again when a split takes it away. */
static void
test_risk (void)
{
  g_autoptr(PrSession) session = scanned_session ("finding_risk");
  GListModel *clusters = pr_session_get_clusters (session);
  PrClusterItem *chain = pr_session_find_cluster (session, "501");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, item, TRUE, NULL);
      double least = -1;

      for (guint e = 0; e < pr_graph_get_n_edges (graph); e++)
        {
          const PrGraphEdge *edge = pr_graph_get_edge (graph, e);

          if ((edge->flags & PR_GRAPH_EDGE_PARTS) && (least < 0 || edge->containment < least))
            least = edge->containment;
        }
      g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, pr_graph_get_n_bridges (graph));
      g_assert_cmpfloat_with_epsilon (pr_cluster_item_get_min_share (item), least, 1e-9);
      g_assert_cmpuint (pr_cluster_item_get_n_bridges (item), ==, item == chain ? 1 : 0);
    }
  /* chain-rows.h: 501 and 601 share 0.57 of their words. */
  g_assert_cmpfloat (pr_cluster_item_get_min_share (chain), >, 0.5);
  g_assert_cmpfloat (pr_cluster_item_get_min_share (chain), <, 0.6);
  {
    g_autofree char *risk = pr_cluster_item_dup_risk (chain);

    g_assert_nonnull (strstr (risk, "1 bridge"));
  }

  pr_session_split_async (session, chain, "501", "601", pr_test_store_result, &result);
  {
    g_autoptr(PrClusterItem) split = pr_session_decide_finish (session, wait_for (&result), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (pr_cluster_item_get_n_bridges (split), ==, 0);
  }
  g_assert_null (gdk_display_get_default ());
}

/* The date range: the clusters whose date falls on the days given, both
 * ends included, against the dates themselves; a day that cannot be read
 * or a range the wrong way round shows nothing, and says why. */
static void
test_date_range (void)
{
  static const struct {
    const char *from, *to;
    guint n;
  } ranges[] = {
    { "", "", 4 },
    { "2026-02-01", "2026/03/31", 2 },   /* G2, C */
    { "2026年2月10日", "2026-02-10", 1 }, /* G2's primary, on its last day */
    { "2026-03-02", "", 1 },             /* G3: C's primary is on the 1st */
    { "", "2026-01-09", 0 },
  };
  g_autoptr(PrSession) session = scanned_session ("finding_dates");
  GListModel *clusters = pr_session_get_clusters (session);
  g_autoptr(PrDateRangeFilter) filter = pr_date_range_filter_new ();
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    {
      gint64 from = G_MININT64, until = G_MAXINT64;
      guint n = 0, expected = 0;

      g_assert_true (pr_date_range_filter_set_texts (filter, ranges[r].from, ranges[r].to, &error));
      g_assert_no_error (error);
      if (ranges[r].from[0] != '\0')
        g_assert_true (pr_date_parse (ranges[r].from, &from));
      if (ranges[r].to[0] != '\0')
        {
          g_assert_true (pr_date_parse (ranges[r].to, &until));
          until += 86400;
        }
      for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
        {
          g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
          gint64 date = pr_cluster_item_get_date (item);

          n += gtk_filter_match (GTK_FILTER (filter), item);
          expected += date != PR_DATE_NONE && date >= from && date < until;
        }
      g_assert_cmpuint (n, ==, expected);
      g_assert_cmpuint (n, ==, ranges[r].n);
    }

  g_assert_false (pr_date_range_filter_set_texts (filter, "2026-13-45", "", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "2026-13-45"));
  g_clear_error (&error);
  g_assert_false (pr_date_range_filter_set_texts (filter, "2026-04-01", "2026-03-01", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      g_assert_false (gtk_filter_match (GTK_FILTER (filter), item));
    }
  g_assert_null (gdk_display_get_default ());
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  admin = pr_test_server_start ();
  g_test_add_func ("/app/session/search-match", test_search_match);
  g_test_add_func ("/app/session/search-match-wide", test_search_match_wide);
  g_test_add_func ("/app/session/search-every-field", test_search_every_field);
  g_test_add_func ("/app/session/risk", test_risk);
  g_test_add_func ("/app/date-range-filter/against-dates", test_date_range);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
