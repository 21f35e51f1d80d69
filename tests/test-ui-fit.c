/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window on a small screen: on the bundled sample (its many mapped
 * columns and long texts), a window opened at 1366×720 stays that size
 * through connecting and scanning, so that the bottom of the cluster list
 * and of the compare view stay on a 1366×768 screen. Run in Chinese (the
 * catalogue as installed; skipped without it), where the window grows:
 * in English it keeps its size. The oracle is the window's own size after
 * the scan against the size it was given, and the size GTK asks the
 * window manager for at the least (the minimum width, and the minimum
 * height at that width).
 */
#include "config.h"


#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-sample-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* A 768-pixel-high laptop screen, less a panel. */
#define SCREEN_WIDTH  1366
#define USABLE_HEIGHT 720

/* Says when, and to what, the window's size changes, and keeps the
 * tallest it was: the window grows while the compare view fills although
 * its minimum at its width never asks for it. */
static void
default_height_changed (GtkWindow *window,
                        GParamSpec *pspec,
                        int        *tallest)
{
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_test_message ("the window is now %d × %d", width, height);
  *tallest = MAX (*tallest, height);
}

static void
test_fits_small_screen (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrSampleServer) server = pr_sample_server_start (dir, sample, NULL, &error);
  PrWindow *window = pr_window_new (NULL);
  int min_width = 0, min_height = 0, unbounded_min_height = 0;
  int tallest = 0;

  g_assert_no_error (error);
  if (g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    {
      g_test_skip ("the zh_CN catalogue or locale is not installed");
      g_assert_true (pr_sample_server_stop (server, NULL));
      pr_test_remove_tree (dir);
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  gtk_window_set_default_size (GTK_WINDOW (window), SCREEN_WIDTH, USABLE_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (window, "notify::default-height", G_CALLBACK (default_height_changed), &tallest);
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL, NULL);
  /* With no width given, a pane's children are measured each at its own
   * least width: a label wrapping Chinese between any two characters is
   * then one character wide and thousands of pixels high, and GTK grows
   * the window to that. */
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, -1, &unbounded_min_height, NULL, NULL, NULL);
  g_test_message ("the window's minimum: %d × %d, %d high at no given width; the window: %d × %d, at most %d high",
                  min_width, min_height, unbounded_min_height,
                  gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)), tallest);
  g_assert_cmpint (min_width, <=, SCREEN_WIDTH);
  g_assert_cmpint (min_height, <=, USABLE_HEIGHT);
  g_assert_cmpint (unbounded_min_height, <=, USABLE_HEIGHT);
  g_assert_cmpint (tallest, <=, USABLE_HEIGHT);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, USABLE_HEIGHT);

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
  pr_test_ui_use_locale (LOCALEDIR);
  g_test_add_func ("/app/window/fits-small-screen", test_fits_small_screen);
  return g_test_run ();
}
