/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A record taken out of a case (not a repeat) and restored from the
 * case's history, against a throwaway server: the case's figures come
 * back to what they were before the verdict, as after an undo. The
 * oracle is the case itself before the verdict: the same members give
 * the same weakest link.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-store.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

typedef struct {
  PrClusterItem *item;
  const char    *id;
  gboolean       out;
} Awaited;

/* Whether the record is out of the case (or back in it, undecided). */
static gboolean
record_is (gpointer data)
{
  Awaited *awaited = data;
  int index = pr_cluster_item_find_member (awaited->item, awaited->id);
  g_autoptr(GPtrArray) taken_out = pr_cluster_item_list_taken_out (awaited->item);

  if (awaited->out)
    return taken_out->len == 1 && (index < 0 || pr_cluster_item_get_member (awaited->item, (guint) index)->state
                                                  == PR_MEMBER_NOT_REPEAT);
  return taken_out->len == 0 && index > 0 &&
         pr_cluster_item_get_member (awaited->item, (guint) index)->state == PR_MEMBER_UNDECIDED;
}

/* Takes out, one case after another, the record judged first, until a
 * case's risk changes by it (the record was its weakest link), then
 * restores it from the history: the risk is the one from before. */
static void
test_restore_rates_risk (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_test_scanned_window (root);
  GtkColumnView *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean found = FALSE;

  pr_test_wait_until (pr_test_list_settled, view);
  for (guint i = 0; i < g_list_model_get_n_items (model) && numbers->len < 40; i++)
    {
      g_autoptr(PrClusterItem) each = g_list_model_get_item (model, i);
      guint number = pr_cluster_item_get_number (each);

      if (pr_cluster_item_get_n_members (each) >= 3)
        g_array_append_val (numbers, number);
    }
  for (guint n = 0; !found && n < numbers->len; n++)
    {
      guint number = g_array_index (numbers, guint, n);
      g_autofree char *before = NULL, *taken = NULL, *restored = NULL;
      g_autofree char *id = NULL;
      g_autoptr(GPtrArray) taken_out = NULL;
      Awaited awaited;
      PrClusterItem *item;

      pr_test_select_cluster (window, view, number);
      item = pr_compare_view_get_item (compare);
      before = pr_cluster_item_dup_risk (item);
      id = g_strdup (pr_compare_view_get_selected_id (compare));
      awaited = (Awaited) { item, id, TRUE };
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
      pr_test_wait_until (record_is, &awaited);
      pr_test_wait_until (pr_test_not_busy, window);
      taken = pr_cluster_item_dup_risk (item);
      if (g_strcmp0 (taken, before) == 0)
        {
          /* Not its weakest link: back as it was, and the next case. */
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
          awaited.out = FALSE;
          pr_test_wait_until (record_is, &awaited);
          pr_test_wait_until (pr_test_not_busy, window);
          continue;
        }
      found = TRUE;
      g_test_message ("case %u, record %s: risk %s, %s without it", number, id, before, taken);
      taken_out = pr_cluster_item_list_taken_out (item);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore", "x",
                                                 ((PrDecision *) taken_out->pdata[0])->id));
      awaited.out = FALSE;
      pr_test_wait_until (record_is, &awaited);
      pr_test_wait_until (pr_test_not_busy, window);
      restored = pr_cluster_item_dup_risk (item);
      g_assert_cmpstr (restored, ==, before);
    }
  g_assert_true (found);
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/history/restore-rates-risk", test_restore_rates_risk);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
