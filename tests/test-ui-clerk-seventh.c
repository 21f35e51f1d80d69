/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk met walking through the review window, in a window that
 * has scanned, against a throwaway server: after "not a repeat" on a
 * case's last record, Alt+→ goes on to a record a verdict key acts on,
 * not round to the primary; the export's chooser opens where the last
 * report went.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-export-dialog.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-window.h"

static PrWindow *window;
static GtkColumnView *list;

static PrCompareView *
compare_view (void)
{
  return PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
}

static gboolean
action_enabled (const char *name)
{
  GActionGroup *group = G_ACTION_GROUP (window);

  return g_action_group_get_action_enabled (group, name);
}

static gboolean
member_left (gpointer data)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  int m = item != NULL ? pr_cluster_item_find_member (item, data) : -1;

  return m > 0 && pr_cluster_item_get_member (item, m)->state == PR_MEMBER_NOT_REPEAT;
}

static gboolean
member_undecided (gpointer data)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  int m = item != NULL ? pr_cluster_item_find_member (item, data) : -1;

  return m > 0 && pr_cluster_item_get_member (item, m)->state == PR_MEMBER_UNDECIDED;
}

/* Ctrl+D on the case's last record, then Alt+→: the record chosen is one
 * beside the primary, and Ctrl+R marks it. Undone after. */
static void
test_not_repeat_then_on (void)
{
  g_autoptr(PrClusterItem) item = pr_test_case_of_at_least (list, 3);
  guint n = pr_cluster_item_get_n_members (item);
  g_autofree char *last = g_strdup (pr_cluster_item_get_member (item, n - 1)->id);
  g_autofree char *next = NULL;

  pr_test_select_cluster (window, list, pr_cluster_item_get_number (item));
  g_assert_true (pr_compare_view_get_item (compare_view ()) == item);
  for (guint m = 0; m < n && g_strcmp0 (pr_compare_view_get_selected_id (compare_view ()), last) != 0; m++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare_view ()), ==, last);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  pr_test_wait_until (member_left, last);
  pr_test_wait_until (pr_test_can_undo, window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  next = g_strdup (pr_compare_view_get_selected_id (compare_view ()));
  g_test_message ("after %s: %s, the primary %s", last, next, pr_cluster_item_get_primary_id (item));
  g_assert_cmpstr (next, !=, pr_cluster_item_get_primary_id (item));
  g_assert_true (action_enabled ("mark-repeat"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (member_undecided, last);
}

static GtkFileChooser *
open_chooser (void)
{
  GtkFileChooser *chooser = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (toplevel))
        chooser = GTK_FILE_CHOOSER (toplevel);
    }
  g_assert_nonnull (chooser);
  return chooser;
}

typedef struct {
  GtkFileChooser *chooser;
  GFile          *folder;
} InFolder;

static gboolean
chooser_in (gpointer data)
{
  InFolder *wanted = data;
  g_autoptr(GFile) current = gtk_file_chooser_get_current_folder (wanted->chooser);

  return current != NULL && g_file_equal (current, wanted->folder);
}

/* A report written to a folder: the next export's chooser opens there
 * (the window reads the folder from the settings at each export, as a
 * window opened after does); once that folder is gone, where it opened
 * before (Documents or home). */
static void
test_export_opens_last_folder (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *reports = g_build_filename (dir, "报告", NULL);
  g_autofree char *report = g_build_filename (reports, "report.csv", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (reports);
  g_autoptr(GFile) fallback = pr_export_default_folder ();
  InFolder wanted = { NULL, folder };

  g_assert_cmpint (g_mkdir_with_parents (reports, 0700), ==, 0);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (g_file_test (report, G_FILE_TEST_IS_REGULAR));

  wanted.chooser = open_chooser ();
  /* The chooser checks the folder before it moves there. */
  pr_test_wait_until (chooser_in, &wanted);
  gtk_window_destroy (GTK_WINDOW (wanted.chooser));

  pr_test_remove_tree (dir);
  wanted.chooser = open_chooser ();
  wanted.folder = fallback;
  pr_test_wait_until (chooser_in, &wanted);
  gtk_window_destroy (GTK_WINDOW (wanted.chooser));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(PrConnection) root = NULL;
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  root = pr_test_connect (pr_test_ui_admin, NULL);
  window = pr_test_scanned_window (root);
  list = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_wait_until (pr_test_list_settled, list);
  g_test_add_func ("/app/clerk-seventh/not-repeat-then-on", test_not_repeat_then_on);
  g_test_add_func ("/app/clerk-seventh/export-opens-last-folder", test_export_opens_last_folder);
  status = g_test_run ();
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
  g_clear_pointer (&root, pr_connection_close);
  pr_test_server_stop ();
  return status;
}
