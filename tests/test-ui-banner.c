/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's banners: closing one leaves the focus on the page, not
 * in the other banner's text; a database failure reads in the
 * reviewer's language first, the server's (or the connection library's)
 * own words last, after a mark that says whose they are.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-test-ui.h"
#include "pr-window.h"

/* The export banner, shown with @text as after an export. */
static GtkWidget *
show_export_banner (PrWindow   *window,
                    const char *text)
{
  GtkWidget *label = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "export-done");

  g_assert_nonnull (label);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (label, GTK_TYPE_REVEALER)), TRUE);
  return label;
}

/* The Close button of the banner that holds @label. */
static GtkWidget *
close_button_of (GtkWidget *label)
{
  for (GtkWidget *child = gtk_widget_get_next_sibling (label); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "win.open-export-folder") != 0)
      return child;
  g_assert_not_reached ();
}

/* The focus after a banner is closed from its Close button: somewhere on
 * the page, and no banner's text selected. */
static void
assert_focus_on_page (PrWindow  *window,
                      GtkWidget *export_label,
                      GtkWidget *error_label)
{
  GtkWidget *focus;
  int start, end;

  pr_test_wait_frames (GTK_WIDGET (window), 3);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_test_message ("focus on a %s named %s", G_OBJECT_TYPE_NAME (focus), gtk_widget_get_name (focus));
  g_assert_false (gtk_widget_get_ancestor (focus, GTK_TYPE_REVEALER) != NULL
                  && gtk_widget_get_ancestor (focus, GTK_TYPE_STACK) == NULL);
  g_assert_false (gtk_label_get_selection_bounds (GTK_LABEL (export_label), &start, &end));
  g_assert_false (gtk_label_get_selection_bounds (GTK_LABEL (error_label), &start, &end));
}

static void
test_close_focus (void)
{
  PrWindow *window = pr_window_new (NULL);
  GtkWidget *export_label, *error_label = NULL, *close;

  gtk_window_present (GTK_WINDOW (window));
  pr_test_wait_frames (GTK_WIDGET (window), 3);
  export_label = show_export_banner (window, "Exported 3 cases (12 records) to 重复信访报告.csv.");
  pr_window_show_notice (window, "The scan failed: try again.");
  /* The error banner's label: the one the window reads its text from. */
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (gtk_widget_get_ancestor (export_label, GTK_TYPE_REVEALER)));
       w != NULL && error_label == NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *box = GTK_IS_REVEALER (w) ? gtk_revealer_get_child (GTK_REVEALER (w)) : NULL;

      for (GtkWidget *c = box != NULL ? gtk_widget_get_first_child (box) : NULL; c != NULL; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_LABEL (c) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (c)), pr_window_get_error_text (window)) == 0)
          error_label = c;
    }
  g_assert_nonnull (error_label);
  pr_test_wait_frames (GTK_WIDGET (window), 3);

  /* The error banner closed from its button, the export banner still shown. */
  close = close_button_of (error_label);
  g_assert_true (gtk_widget_grab_focus (close));
  g_signal_emit_by_name (close, "clicked");
  g_assert_null (pr_window_get_error_text (window));
  assert_focus_on_page (window, export_label, error_label);

  /* And the export banner, the error shown again. */
  pr_window_show_notice (window, "The scan failed: try again.");
  close = close_button_of (export_label);
  g_assert_true (gtk_widget_grab_focus (close));
  g_signal_emit_by_name (close, "clicked");
  assert_focus_on_page (window, export_label, error_label);
  pr_test_close_and_finalize (window);
}

/* A connection no server answers (nothing listens on port
 * 1): the banner's words are ours first; the client library's English
 * words come last, marked as the library's, not the server's: no server
 * answered. */
static void
test_server_words_apart (void)
{
  PrWindow *window = pr_window_new (NULL);
  PrConnectionParams *wrong = pr_connection_params_new ();
  const char *text, *ours, *theirs;

  gtk_window_present (GTK_WINDOW (window));
  wrong->user = g_strdup ("clerk");
  wrong->host = g_strdup ("127.0.0.1");
  wrong->port = 1;
  wrong->database = g_strdup ("elsewhere");
  pr_window_connect_to (window, wrong);
  pr_test_wait_until (pr_test_not_busy, window);

  text = pr_window_get_error_text (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  /* Ours: what to do. MariaDB Connector/C's own words for a refused
   * connection after it, marked as the server's just before them. */
  ours = strstr (text, "no database server answers there");
  theirs = strstr (text, "Can't connect");
  g_assert_nonnull (ours);
  g_assert_nonnull (theirs);
  g_assert_true (ours < theirs);
  /* No server answered: the words are the client library's. */
  g_assert_nonnull (strstr (text, "the connection library's message: Can't connect"));
  g_assert_null (strstr (text, "server's own"));
  g_assert_nonnull (strstr (theirs, "(client library error 200"));
  /* What failed, said once. */
  g_assert_true (g_str_has_prefix (text, "Cannot connect to clerk@"));
  g_assert_null (strstr (text + strlen ("Cannot connect"), "annot connect"));
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/banner/close-focus", test_close_focus);
  g_test_add_func ("/app/banner/server-words-apart", test_server_words_apart);
  return g_test_run ();
}
