/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The user guide's tour: the window as the guide shows it, screenshots
 * saved for it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"

#include "chain-rows.h"

/* Where a screenshot goes: the tests' build directory, where
 * build-aux/screenshots collects them for the guides. */
static char *
screenshot_path (const char *name)
{
  return g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR") : ".", name, NULL);
}

/* The user guide's screenshots, along a reviewer's way: the start page,
 * the connect dialog, the mapping, the review, a decision, the error
 * banner and an export. Its checks do not depend on the language (the
 * other tests compare English text), so build-aux/screenshots runs it in
 * Chinese as well. */
void
test_tour (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "no-such-folder", "report.csv", NULL);
  GtkColumnView *view;
  GListModel *clusters;
  PrClusterItem *item;
  PrWindow *window;
  const char *shots[] = { "ui-start.png", "ui-connect.png", "ui-mapping.png", "ui-review.png", "ui-decided.png",
                          "ui-error.png", "ui-export.png" };
  char *paths[G_N_ELEMENTS (shots)];

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      paths[i] = screenshot_path (shots[i]);
      g_remove (paths[i]);
    }
  /* The records of test_review, in a database of the tour's own. */
  if (pr_test_count_rows (root, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'office' "
                        "AND TABLE_NAME = 'petitions'") == 0)
    pr_test_fill_table (root);
  pr_test_execute (root, "CREATE DATABASE tour");
  pr_test_execute (root, "CREATE TABLE tour.petitions LIKE office.petitions");
  pr_test_execute (root, "INSERT INTO tour.petitions SELECT * FROM office.petitions");

  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_save_screenshot (GTK_WIDGET (window), paths[0]);

  /* The connect dialog, filled from a saved connection. */
  {
    g_autoptr(PrConnectionParams) saved = pr_connection_params_new ();
    PrConnectDialog *dialog;

    g_settings_reset (settings, "profiles");
    saved->host = g_strdup ("db.office.example");
    saved->port = 3306;
    saved->user = g_strdup ("reviewer");
    saved->database = g_strdup ("xinfang");
    pr_profiles_remember (settings, saved);
    dialog = pr_connect_dialog_new (GTK_WINDOW (window), settings);
    gtk_window_present (GTK_WINDOW (dialog));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, "host"))),
                     ==, "db.office.example");
    pr_test_save_screenshot (GTK_WIDGET (dialog), paths[1]);
    g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
    gtk_window_destroy (GTK_WINDOW (dialog));
    pr_test_wait_until (pr_test_is_null, &dialog);
    g_settings_reset (settings, "profiles");
  }

  /* Connected: the table's columns and their roles. */
  pr_test_connect_window (window, g_steal_pointer (&params), "tour");
  pr_test_save_screenshot (GTK_WIDGET (window), paths[2]);

  /* Scanned: the clusters, and the edited matter (400…) compared. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  g_assert_cmpuint (pr_test_n_listed (view), >=, 4);
  item = pr_test_cluster_with (clusters, "400");
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (item));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"))),
                   !=, pr_cluster_item_get_primary_id (item));
  pr_test_save_screenshot (GTK_WIDGET (window), paths[3]);

  /* The selected record marked as a repeat of the primary. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_cmpint (pr_cluster_item_get_member (item, 1)->state, ==, PR_MEMBER_REPEAT);
  pr_test_save_screenshot (GTK_WIDGET (window), paths[4]);

  /* What goes wrong shows in the banner: an export to a missing folder. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (nowhere)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_nonnull (pr_window_get_error_text (window));
  pr_test_save_screenshot (GTK_WIDGET (window), paths[5]);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  /* Exported: the window says where, and how many rows were saved. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (g_file_test (report, G_FILE_TEST_EXISTS));
  {
    GtkWidget *done = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "export-done");

    g_test_message ("%s", gtk_label_get_text (GTK_LABEL (done)));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (done)), report));
  }
  pr_test_save_screenshot (GTK_WIDGET (window), paths[6]);

  pr_test_close_and_finalize (window);
  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_assert_true (g_file_test (paths[i], G_FILE_TEST_EXISTS));
      g_free (paths[i]);
    }
  pr_test_remove_tree (dir);
}
