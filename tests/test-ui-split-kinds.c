/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kinds of repeat of a cluster split at a bridge: the part left holds
 * the kinds of its own members, as the next scan (which keeps the split)
 * tells them; undone, the cluster holds its kinds as before.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "chain-rows.h"
#include "pr-cluster-item.h"
#include "pr-repeat-kind.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* The kinds a cluster holds, a bit each. */
static guint
kinds_of (PrClusterItem *item)
{
  static const PrRepeatKind kinds[] = {
    PR_REPEAT_KIND_NONE, PR_REPEAT_KIND_REPEAT, PR_REPEAT_KIND_SAME_MATTER, PR_REPEAT_KIND_MULTI_SEND,
    PR_REPEAT_KIND_SAME_PERSON,
  };
  guint bits = 0;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (pr_cluster_item_has_kind (item, kinds[i]))
      bits |= 1u << kinds[i];
  return bits;
}

static PrClusterItem *
scan_and_find (PrWindow   *window,
               const char *record)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                              "cluster-list"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_n_listed (view);
  return pr_test_cluster_with (pr_session_get_clusters (pr_window_get_session (window)), record);
}

void
test_split_kinds (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrClusterItem *item, *rescanned;
  PrWindow *window;
  guint whole, split;

  chain_fill_table (root, "split_kinds", TRUE);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "split_kinds");
  item = scan_and_find (window, "501");
  g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, 6);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "501");
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                         "cluster-list")),
                          pr_cluster_item_get_number (item));
  whole = kinds_of (item);
  /* 601 is the primary's petitioner's: the whole holds a repeat by the
   * same person, which leaves with it. */
  g_assert_true (pr_cluster_item_has_kind (item, PR_REPEAT_KIND_REPEAT));

  /* Split at 501–601: the part left holds its own members' kinds. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.split-bridge", "(ss)", "601", "501"));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_null (pr_window_get_error_text (window));
  split = kinds_of (item);
  g_assert_false (pr_cluster_item_has_kind (item, PR_REPEAT_KIND_REPEAT));

  /* Undone: the kinds of the whole again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_assert_cmpuint (kinds_of (item), ==, whole);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpuint (kinds_of (item), ==, split);

  /* The oracle: a new scan, which keeps the split, tells the part's kinds. */
  rescanned = scan_and_find (window, "501");
  g_assert_cmpuint (pr_cluster_item_get_n_members (rescanned), ==, 3);
  g_assert_cmpuint (kinds_of (rescanned), ==, split);
  pr_test_close_and_finalize (window);
}
