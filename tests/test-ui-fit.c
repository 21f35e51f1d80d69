/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window on a small screen: on the bundled sample (its many mapped
 * columns and long texts), a window opened at 1366×720 fits a 1366×768
 * screen on every page (the start page, the mapping, the review with a
 * case shown, the intake check), in English and in Chinese (the catalogue
 * as built). The oracle is the size GTK asks the window manager for at the
 * least (the minimum width, and the minimum height at that width and at
 * no given width) against the screen, and the window's own size after the
 * scan against the size it was given.
 */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* A 768-pixel-high laptop screen, less a panel. */
#define SCREEN_WIDTH  1366
#define USABLE_HEIGHT 720

/* Keeps the tallest the window was: it must not grow while the compare
 * view fills. */
static void
default_height_changed (GtkWindow  *window,
                        GParamSpec *pspec,
                        int        *tallest)
{
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_test_message ("the window is now %d × %d", width, height);
  *tallest = MAX (*tallest, height);
}

/* Debugging aid (PR_TEST_FIT_DUMP=1): each widget's minimum height at the
 * least width, to find the one that forces the window's height. */
static void
dump_heights (GtkWidget *widget,
              int        depth)
{
  int min_width = 0, min_height = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL, NULL);
  if (min_height < 150 || GTK_IS_LIST_BOX_ROW (widget))
    return;
  g_printerr ("%*s%s#%s (%s) min %d × %d, %d wide\n", depth * 2, "", G_OBJECT_TYPE_NAME (widget),
              gtk_widget_get_name (widget), gtk_widget_get_visible (widget) ? "shown" : "hidden",
              min_width, min_height, gtk_widget_get_width (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    dump_heights (child, depth + 1);
}

/* The minimum size of @window, against the screen. */
static void
assert_fits (GtkWindow  *window,
             const char *page)
{
  int min_width = 0, min_height = 0, unbounded_min_height = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL, NULL);
  /* With no width given, a pane's children are measured each at its own
   * least width: a label wrapping Chinese between any two characters is
   * then one character wide and thousands of pixels high, and GTK grows
   * the window to that. */
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, -1, &unbounded_min_height, NULL, NULL, NULL);
  g_test_message ("%s, %s: the window's minimum is %d × %d, %d high at no given width; it is %d × %d",
                  g_get_language_names ()[0], page, min_width, min_height, unbounded_min_height,
                  gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)));
  if (g_getenv ("PR_TEST_FIT_DUMP") != NULL)
    dump_heights (GTK_WIDGET (window), 0);
  g_assert_cmpint (min_width, <=, SCREEN_WIDTH);
  g_assert_cmpint (min_height, <=, USABLE_HEIGHT);
  g_assert_cmpint (unbounded_min_height, <=, USABLE_HEIGHT);
}

static void
show_page (PrWindow   *window,
           const char *name)
{
  GtkStack *stack = GTK_STACK (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, NULL));

  gtk_stack_set_visible_child_name (stack, name);
  assert_fits (GTK_WINDOW (window), name);
}

static void
test_fits_small_screen (gconstpointer data)
{
  const char *language = data;
  g_autofree char *dir = NULL;
  g_autoptr(PrSampleServer) server = NULL;
  GtkWindow *intake;
  PrWindow *window;
  int tallest = 0;

  /* setlocale () again makes gettext read LANGUAGE anew. */
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  if (g_str_has_prefix (language, "zh") && g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    {
      g_test_fail_printf ("the zh_CN catalogue is not built in %s, or the locale is C",
                          g_getenv ("PR_TEST_LOCALEDIR"));
      return;
    }
  if (!g_str_has_prefix (language, "zh"))
    g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, "Cancel"), ==, "Cancel");

  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), SCREEN_WIDTH, USABLE_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (window, "notify::default-height", G_CALLBACK (default_height_changed), &tallest);
  assert_fits (GTK_WINDOW (window), "start");
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  assert_fits (GTK_WINDOW (window), "review");
  g_assert_cmpint (tallest, <=, USABLE_HEIGHT);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, USABLE_HEIGHT);
  show_page (window, "map");
  show_page (window, "start");
  show_page (window, "review");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.intake", NULL));
  intake = g_object_get_data (G_OBJECT (window), "pr-intake-window");
  g_assert_nonnull (intake);
  assert_fits (intake, "intake");
  gtk_window_destroy (intake);

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
  g_test_add_data_func ("/app/window/fits-small-screen/en", "en", test_fits_small_screen);
  g_test_add_data_func ("/app/window/fits-small-screen/zh_CN", "zh_CN", test_fits_small_screen);
  return g_test_run ();
}
