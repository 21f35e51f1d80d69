/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The windows opened over the main one — "Needs a judgement", the
 * threshold preview, the intake check, the connect and preferences
 * dialogs, About, the export's file chooser — belong to the application: Ctrl+Q pressed in any of
 * them reaches the application's quit, Escape closes each, and Ctrl+Q in
 * "Needs a judgement" quits the whole application as it does from the
 * main window, the private sample server stopped with it.
 *
 * The application itself runs (g_application_run, --sample, in a home of
 * its own). A key cannot be sent to a window from within GTK 4, so the
 * test activates what the window's own shortcut controllers bind to the
 * key, as a key press there would. The oracles: the application's quit
 * action, counted; the window gone from the screen; and the server's pid
 * file and process.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "pr-application.h"
#include "pr-connect-dialog.h"
#include "pr-intake-page.h"
#include "pr-preferences-dialog.h"
#include "pr-test-ui.h"
#include "pr-threshold-dialog.h"
#include "pr-unsure-dialog.h"
#include "pr-window.h"

static char *home;
static char *pid_file;
static GPid server_pid;
static guint n_quits;      /* the stand-in quit action's activations */
static gboolean finished;  /* the test ran to its last Ctrl+Q */

static gboolean
process_alive (GPid pid)
{
  return kill (pid, 0) == 0 || errno != ESRCH;
}

static void
quit_counted (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  n_quits++;
}

static gboolean
can_scan (gpointer data)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (data), "scan");
}

static gboolean
reviewing (gpointer data)
{
  return pr_test_not_busy (data) && pr_session_get_counts (pr_window_get_session (data)) != NULL;
}

static gboolean
window_hidden (gpointer data)
{
  return !gtk_widget_get_visible (data);
}

/* The toplevel window of @type (or, for GTK_TYPE_WINDOW, the one holding
 * the intake page) now shown. */
static GtkWindow *
shown_window (GType type)
{
  GtkWidget *found = pr_test_find_in_toplevels (type == GTK_TYPE_WINDOW ? PR_TYPE_INTAKE_PAGE : type, NULL);

  g_assert_nonnull (found);
  return GTK_WINDOW (gtk_widget_get_root (found));
}

typedef struct {
  const char *action;   /* what opens it */
  GType       type;
  const char *what;
} Opened;

/* Each window opened over the main one: it is the application's, Ctrl+Q
 * there reaches the application's quit (counted, a stand-in), and Escape
 * closes it. */
static void
check_each (GApplication *app,
            PrWindow     *window)
{
  const Opened opened[] = {
    { "win.unsure", PR_TYPE_UNSURE_DIALOG, "Needs a judgement" },
    { "win.thresholds", PR_TYPE_THRESHOLD_DIALOG, "the threshold preview" },
    { "win.intake", GTK_TYPE_WINDOW, "the intake check" },
    { "win.connect", PR_TYPE_CONNECT_DIALOG, "the connect dialog" },
    { "win.preferences", PR_TYPE_PREFERENCES_DIALOG, "the preferences" },
    { "app.about", GTK_TYPE_ABOUT_DIALOG, "About" },
    { "win.export", GTK_TYPE_FILE_CHOOSER_DIALOG, "the export's file chooser" },
  };
  g_autoptr(GAction) quit = g_object_ref (g_action_map_lookup_action (G_ACTION_MAP (app), "quit"));
  g_autoptr(GSimpleAction) stand_in = g_simple_action_new ("quit", NULL);

  g_signal_connect (stand_in, "activate", G_CALLBACK (quit_counted), NULL);
  g_action_map_remove_action (G_ACTION_MAP (app), "quit");
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (stand_in));

  for (guint i = 0; i < G_N_ELEMENTS (opened); i++)
    {
      GtkWindow *dialog;
      guint quits = n_quits;

      g_test_message ("%s", opened[i].what);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), opened[i].action, NULL));
      dialog = shown_window (opened[i].type);
      g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
      if (gtk_window_get_application (dialog) != GTK_APPLICATION (app))
        g_error ("%s is not one of the application's windows: its shortcuts do nothing there", opened[i].what);
      gtk_window_present (dialog);
      /* On the screen, as a clerk sees it before pressing a key: the file
       * chooser has read its folder (closed in the very turn it opens,
       * GTK's chooser reports the cancelled reading as an error, in a
       * dialog of its own with no window to belong to). */
      pr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, dialog);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (!pr_test_press_shortcut (dialog, GDK_KEY_q, GDK_CONTROL_MASK) || n_quits != quits + 1)
        g_error ("Ctrl+Q in %s did not reach the application's quit", opened[i].what);
      g_object_ref (dialog);
      if (!pr_test_press_shortcut (dialog, GDK_KEY_Escape, 0))
        g_error ("Escape in %s is bound to nothing", opened[i].what);
      pr_test_wait_until (window_hidden, dialog);
      g_object_unref (dialog);
    }

  g_action_map_remove_action (G_ACTION_MAP (app), "quit");
  g_action_map_add_action (G_ACTION_MAP (app), quit);
}

static void
activated (GApplication *app)
{
  PrWindow *window = PR_WINDOW (gtk_application_get_windows (GTK_APPLICATION (app))->data);
  g_autofree char *contents = NULL;
  GtkWindow *unsure;

  g_object_set_data (G_OBJECT (window), "columns",
                     pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX, "mapping-columns"));
  pr_test_wait_until (can_scan, window);
  pr_test_wait_until (pr_test_not_busy, window);
  pr_test_wait_until (pr_test_columns_listed, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (reviewing, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (g_file_get_contents (pid_file, &contents, NULL, NULL));
  server_pid = (GPid) g_ascii_strtoll (contents, NULL, 10);
  g_assert_cmpint (server_pid, >, 0);
  g_assert_true (process_alive (server_pid));

  check_each (app, window);

  /* The real Ctrl+Q, in "Needs a judgement": the application quits. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  unsure = shown_window (PR_TYPE_UNSURE_DIALOG);
  gtk_window_present (unsure);
  g_assert_true (pr_test_press_shortcut (unsure, GDK_KEY_q, GDK_CONTROL_MASK));
  finished = TRUE;
}

static void
test_transient_quit (void)
{
  g_autoptr(PrApplication) app = pr_application_new ();
  char *argv[] = { (char *) "petition-review", (char *) "--sample", NULL };
  int status;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated), NULL);
  status = g_application_run (G_APPLICATION (app), 2, argv);
  g_assert_true (finished);
  g_assert_cmpint (status, ==, 0);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
  /* Nor a window of GTK's own left on the screen, such as the file
   * chooser's error about a folder it was still reading when closed. */
  for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr(GtkWindow) left = g_list_model_get_item (gtk_window_get_toplevels (), i);

      if (gtk_widget_get_visible (GTK_WIDGET (left)))
        g_error ("a %s is left on the screen after Ctrl+Q%s%s", G_OBJECT_TYPE_NAME (left),
                 GTK_IS_MESSAGE_DIALOG (left) ? ": " : "",
                 GTK_IS_MESSAGE_DIALOG (left) ? gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (
                   gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (left))))) : "");
    }

  /* Stopped by the application before it ended, not left to run. */
  if (process_alive (server_pid))
    {
      kill (server_pid, SIGKILL);
      g_error ("the sample server (pid %d) outlived Ctrl+Q in Needs a judgement", (int) server_pid);
    }
  g_assert_false (g_file_test (pid_file, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *sample_dir = NULL;
  int status;

  /* A home of its own, before GLib reads where it is. */
  home = pr_test_make_temp_dir ();
  sample_dir = g_build_filename (home, "sample-server", NULL);
  pid_file = g_build_filename (sample_dir, "mariadbd.pid", NULL);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CACHE_HOME", home, TRUE);
  g_setenv ("PETITION_REVIEW_SAMPLE_DIR", sample_dir, TRUE);
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_use_locale (LOCALEDIR);

  g_test_add_func ("/app/application/transient-windows-quit", test_transient_quit);
  status = g_test_run ();

  pr_test_remove_tree (home);
  g_free (home);
  g_free (pid_file);
  return status;
}
