/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back: the start page lists the recent connections the settings
 * keep (where, never a password), most recent first, and one of them
 * opens the connect dialog filled with it.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#define PASSWORD "Pw-recent-Kestrel-42"

static GPtrArray *
recent_buttons (PrWindow *window)
{
  GtkWidget *list = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_BOX, "recent-connections");
  GPtrArray *buttons = g_ptr_array_new ();

  g_assert_nonnull (list);
  for (GtkWidget *child = gtk_widget_get_first_child (list); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child) && gtk_widget_get_visible (child))
      g_ptr_array_add (buttons, child);
  return buttons;
}

static PrConnectDialog *
find_connect_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (PR_IS_CONNECT_DIALOG (toplevel))
        return PR_CONNECT_DIALOG (toplevel);
    }
  return NULL;
}

static const char *
entry_text (PrConnectDialog *dialog,
            const char      *name)
{
  return gtk_editable_get_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, name)));
}

static void
test_recent_connections (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autoptr(PrConnectionParams) office = pr_connection_params_new ();
  g_autoptr(PrConnectionParams) local = pr_connection_params_new ();
  g_autoptr(GPtrArray) buttons = NULL;
  PrConnectDialog *dialog;
  PrWindow *window;

  office->host = g_strdup ("db.office.example");
  office->port = 3307;
  office->user = g_strdup ("clerk");
  office->password = g_strdup (PASSWORD);
  office->database = g_strdup ("xinfang");
  local->socket = g_strdup ("/run/mysqld/mysqld.sock");
  local->user = g_strdup ("reader");
  local->database = g_strdup ("petitions");
  pr_profiles_remember (settings, office);
  pr_profiles_remember (settings, local);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  buttons = recent_buttons (window);
  g_assert_cmpuint (buttons->len, ==, 2);
  /* The most recent first, each as where it goes; no password. */
  g_assert_cmpstr (gtk_button_get_label (buttons->pdata[0]), ==, "reader@/run/mysqld/mysqld.sock/petitions");
  g_assert_cmpstr (gtk_button_get_label (buttons->pdata[1]), ==, "clerk@db.office.example:3307/xinfang");
  for (guint i = 0; i < buttons->len; i++)
    {
      g_assert_null (strstr (gtk_button_get_label (buttons->pdata[i]), PASSWORD));
      g_assert_null (strstr (gtk_widget_get_tooltip_text (buttons->pdata[i]), PASSWORD));
    }
  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* The office's: the dialog, filled with it, the password to type (or
   * from the keyring, which the tests have none of). */
  g_assert_null (find_connect_dialog ());
  g_signal_emit_by_name (buttons->pdata[1], "clicked");
  dialog = find_connect_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (entry_text (dialog, "host"), ==, "db.office.example");
  g_assert_cmpstr (entry_text (dialog, "port"), ==, "3307");
  g_assert_cmpstr (entry_text (dialog, "user"), ==, "clerk");
  g_assert_cmpstr (entry_text (dialog, "database"), ==, "xinfang");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (dialog),
                                                                              GTK_TYPE_PASSWORD_ENTRY, NULL))), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Forgotten (in the connect dialog): gone from the start page too. */
  pr_profiles_forget (settings, 0);
  g_clear_pointer (&buttons, g_ptr_array_unref);
  buttons = recent_buttons (window);
  g_assert_cmpuint (buttons->len, ==, 1);
  g_assert_cmpstr (gtk_button_get_label (buttons->pdata[0]), ==, "clerk@db.office.example:3307/xinfang");
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/start-page/recent-connections", test_recent_connections);
  return g_test_run ();
}
