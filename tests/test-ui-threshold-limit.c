/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The threshold preview on the bundled sample, where the candidates up to
 * k + 3 are more than the second stage may judge in memory (a small pair
 * budget): it offers k only up to the largest whose candidates it judged,
 * and says so and why, not only by a lower top on the spin button.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-sample-server.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"

static PrWindow *window;

static void
test_stop_said (void)
{
  PrThresholdDialog *dialog;
  GtkSpinButton *spin;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint k = pr_session_get_k (pr_window_get_session (window));
  double lower, upper;
  const char *said = NULL;

  /* The window scans the sample at k = 3; with this budget the second
   * stage may judge 1,000 pairs, enough for the candidates at k = 5 and
   * not for those at 6. The budget is read when the preview is made. */
  g_setenv ("PR_PAIR_BUDGET", "8000", TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  dialog = pr_window_get_threshold_dialog (window);
  g_assert_nonnull (dialog);
  pr_test_wait_until (pr_test_preview_ready, dialog);
  g_unsetenv ("PR_PAIR_BUDGET");

  spin = GTK_SPIN_BUTTON (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, "threshold-k"));
  gtk_spin_button_get_range (spin, &lower, &upper);
  pr_test_collect_label_texts (GTK_WIDGET (dialog), texts);
  for (guint i = 0; i < texts->len; i++)
    {
      g_test_message ("label: %s", (char *) texts->pdata[i]);
      if (strstr (texts->pdata[i], "can be tried, not up to") != NULL)
        said = texts->pdata[i];
    }
  g_test_message ("k = %u; the spin button goes up to %g", k, upper);
  /* The preview stopped short of k + 3 ... */
  g_assert_cmpfloat (upper, >=, k);
  g_assert_cmpfloat (upper, <, k + 3);
  /* ... and says so, naming where and why. */
  g_assert_nonnull (said);
  {
    g_autofree char *expected = g_strdup_printf ("Only k up to %u can be tried, not up to %u: the candidate pairs at "
                                                 "k = %u are more than the second stage can judge in memory",
                                                 (guint) upper, k + 3, (guint) upper + 1);

    g_assert_nonnull (strstr (said, expected));
  }
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

  g_test_add_func ("/app/threshold-dialog/stop-said", test_stop_said);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  g_clear_pointer (&server, pr_sample_server_free);
  pr_test_remove_tree (dir);
  return status;
}
