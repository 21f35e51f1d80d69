/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The threshold preview's progress bar on the bundled sample: shown while
 * the pairs up to k + 3 are found and judged, gone once they are; and the
 * work stopped by closing the dialog while it runs, the window then
 * opening a preview of its own as before.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-sample-server.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"

static PrWindow *window;

static gboolean
loaded (gpointer data)
{
  return !pr_threshold_dialog_get_loading (data);
}

static void
test_progress_shown (void)
{
  PrThresholdDialog *dialog;
  GtkWidget *bar;

  /* Closed at once: the work is cancelled, and nothing is left half done. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  dialog = pr_window_get_threshold_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (pr_threshold_dialog_get_loading (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  dialog = pr_window_get_threshold_dialog (window);
  g_assert_nonnull (dialog);
  bar = GTK_WIDGET (pr_threshold_dialog_get_progress_bar (dialog));
  g_assert_true (pr_threshold_dialog_get_loading (dialog));
  g_assert_true (gtk_widget_get_visible (bar));
  pr_test_wait_until (loaded, dialog);
  g_assert_false (gtk_widget_get_visible (bar));
  pr_test_wait_until (pr_test_preview_ready, dialog);
  g_assert_nonnull (pr_threshold_dialog_get_summary (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  PrSampleServer *server;
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/threshold-dialog/progress-shown", test_progress_shown);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  g_clear_pointer (&server, pr_sample_server_free);
  pr_test_remove_tree (dir);
  return status;
}
