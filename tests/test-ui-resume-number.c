/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back to the case left, after the record that was its primary
 * moved to another case: over a rescan in the window and in a new window
 * (from settings, the window closed), the case comes back by its number,
 * not as whichever case now holds its old primary. The oracle is the case's number and its
 * members read before the edit: the case keeps its number and its other
 * five records.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-review-page.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static PrReviewPage *
review_page (PrWindow *window)
{
  return PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
}

static gboolean
settled (gpointer data)
{
  PrReviewPage *page = review_page (data);

  return !pr_review_page_get_fetching (page) && pr_compare_view_get_settled (pr_review_page_get_compare_view (page));
}

/* @database.petitions: six copies of one complaint (ids 8, 9, 10, 11,
 * 120, 1300), two of another (7, 13) and two unrelated petitions. */
static void
fill (PrConnection *root,
      const char   *database)
{
  static const char *const copies[] = { "8", "9", "10", "11", "120", "1300" };
  static const char *const others[] = { "7", "12", "13", "14" };
  g_autofree char *create_database = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *create_table = g_strdup_printf ("CREATE TABLE %s.petitions (id INT PRIMARY KEY, body TEXT)",
                                                   database);

  pr_test_execute (root, create_database);
  pr_test_execute (root, create_table);
  for (guint i = 0; i < G_N_ELEMENTS (copies); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES (%s, '%s%s')", database, copies[i],
                                              pr_test_group_bodies[0], i % 2 == 1 ? "！" : "");

      pr_test_execute (root, sql);
    }
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES (%s, '%s')", database, others[i],
                                              pr_test_group_bodies[1 + i % 2]);

      pr_test_execute (root, sql);
    }
}

/* The number of the case of six records, chosen in the list. */
static guint
choose_big_case (PrWindow      *window,
                 GtkColumnView *view)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  PrClusterItem *big = pr_test_cluster_with (clusters, "10");

  g_assert_nonnull (big);
  g_assert_true (pr_cluster_item_get_is_case (big));
  g_assert_cmpuint (pr_cluster_item_get_n_members (big), ==, 6);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (big), ==, "8");
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (big));
  pr_test_wait_until (settled, window);
  return pr_cluster_item_get_number (big);
}

/* Record 8, the case's primary, edited to the other complaint's text. */
static void
move_primary (PrConnection *root,
              const char   *database)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE %s.petitions SET body = '%s' WHERE id = 8", database,
                                          pr_test_group_bodies[1]);

  pr_test_execute (root, sql);
}

/* The window shows the case numbered @number, its five records left. */
static void
assert_shows (PrWindow *window,
              guint     number)
{
  PrClusterItem *shown = pr_compare_view_get_item (pr_review_page_get_compare_view (review_page (window)));

  g_assert_nonnull (shown);
  g_test_message ("the window shows case %u (primary %s); the clerk was on case %u",
                  pr_cluster_item_get_number (shown), pr_cluster_item_get_primary_id (shown), number);
  g_assert_true (pr_cluster_item_get_is_case (shown));
  g_assert_cmpuint (pr_cluster_item_get_number (shown), ==, number);
  g_assert_cmpuint (pr_cluster_item_get_n_members (shown), ==, 5);
  g_assert_true (pr_review_page_get_chosen (review_page (window)) == shown);
}

/* A window on @database, filled and scanned, on the case of six records
 * (its number in @number). */
static PrWindow *
window_on_big_case (PrConnection   *root,
                    const char     *database,
                    GtkColumnView **view,
                    guint          *number)
{
  PrWindow *window = pr_window_new (NULL);

  fill (root, database);
  gtk_window_present (GTK_WINDOW (window));
  *view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), database);
  pr_test_wait_until (settled, window);
  *number = choose_big_case (window, *view);
  return window;
}

static void
test_rescan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  GtkColumnView *view;
  guint number;
  PrWindow *window = window_on_big_case (root, "moved", &view, &number);

  move_primary (root, "moved");

  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  pr_test_wait_until (settled, window);
  assert_shows (window, number);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE moved");
}

static void
test_new_window (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  GtkColumnView *view;
  guint number;
  PrWindow *window = window_on_big_case (root, "left_off", &view, &number);

  /* Closed as the clerk closes it: the case chosen is saved. */
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
    g_autofree char *database = NULL, *table = NULL, *primary = NULL;
    gpointer weak = window;
    guint saved;

    g_object_add_weak_pointer (G_OBJECT (window), &weak);
    gtk_window_close (GTK_WINDOW (window));
    pr_test_wait_until (pr_test_is_null, &weak);
    g_settings_get (settings, "last-case", "(sssu)", &database, &table, &primary, &saved);
    g_assert_cmpstr (database, ==, "left_off");
    g_assert_cmpstr (table, ==, "petitions");
    g_assert_cmpstr (primary, ==, "8");
    g_assert_cmpuint (saved, ==, number);
  }
  move_primary (root, "left_off");

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "left_off");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  pr_test_wait_until (settled, window);
  assert_shows (window, number);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE left_off");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/resume-number/rescan", test_rescan);
  g_test_add_func ("/app/resume-number/new-window", test_new_window);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
