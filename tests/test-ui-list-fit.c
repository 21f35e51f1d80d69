/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list on a 1366×768 screen, in the language the test is run
 * in (meson runs it in English and in Chinese, the catalogue from the
 * build tree): with a case open in a window of 1366×720, the list is
 * given at least the width its columns need, so that no heading, date or
 * state is cut. The oracle is GTK's own measure of the list against the
 * width it is given.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-sample-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#define SCREEN_WIDTH  1366
#define USABLE_HEIGHT 720

static void
test_list_fits (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrSampleServer) server = NULL;
  PrWindow *window;
  GtkColumnView *view;
  int list_min = 0, window_nat = 0;

  /* Run in Chinese, the window must speak it. */
  if (g_str_has_prefix (g_get_language_names ()[0], "zh") &&
      g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    {
      g_test_skip ("the zh_CN catalogue is not built");
      return;
    }
  server = pr_sample_server_start (dir, sample, NULL, &error);
  g_assert_no_error (error);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), SCREEN_WIDTH, USABLE_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_HORIZONTAL, -1, &list_min, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &window_nat, NULL, NULL);
  g_test_message ("%s: the list needs %d pixels and is given %d; the window is %d wide (%d at its natural width)",
                  g_get_language_names ()[0], list_min, gtk_widget_get_width (GTK_WIDGET (view)),
                  gtk_widget_get_width (GTK_WIDGET (window)), window_nat);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, SCREEN_WIDTH);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >=, list_min);

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
  pr_test_ui_use_locale (g_getenv ("PR_TEST_LOCALEDIR"));
  /* Chinese asked for but English read would measure English twice. */
  if (g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "zh") &&
      g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    g_error ("the zh_CN catalogue is not built in %s, or the locale is C", g_getenv ("PR_TEST_LOCALEDIR"));
  g_test_add_func ("/app/review-page/list-fits-small-screen", test_list_fits);
  return g_test_run ();
}
