/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The connect dialog's form: a field left empty that no server could go
 * without is named in the dialog, and nothing is sent.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-connect-dialog.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

static void
on_connect (PrConnectDialog    *dialog,
            PrConnectionParams *params,
            gpointer            user_data)
{
  PrConnectionParams **out = user_data;

  *out = pr_connection_params_copy (params);
}

static GtkWidget *
find_error_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_error_label (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
set_entry (PrConnectDialog *dialog,
           const char      *name,
           const char      *text)
{
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, name)), text);
}

/* Without a user the client library would log in with the computer's
 * login name: the dialog asks for one, as it does for the database. */
static void
test_empty_user (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autoptr(PrConnectionParams) chosen = NULL;
  PrConnectDialog *dialog;
  GtkWidget *button, *error;

  g_settings_reset (settings, "profiles");
  dialog = pr_connect_dialog_new (NULL, settings);
  g_signal_connect (dialog, "connect", G_CALLBACK (on_connect), &chosen);
  button = GTK_WIDGET (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  error = find_error_label (GTK_WIDGET (dialog));
  g_assert_nonnull (error);
  set_entry (dialog, "host", "db.office.example");
  set_entry (dialog, "user", "");
  set_entry (dialog, "database", "xinfang");

  g_signal_emit_by_name (button, "clicked");
  g_assert_null (chosen);
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error)), ==, "Give the database user to log in as.");

  /* A user and no database: the database is asked for. */
  set_entry (dialog, "user", "clerk");
  set_entry (dialog, "database", "");
  g_signal_emit_by_name (button, "clicked");
  g_assert_null (chosen);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error)), ==, "Name the database that holds the petitions.");

  /* Both: the form goes to the window. */
  set_entry (dialog, "database", "xinfang");
  g_object_ref (dialog);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (chosen);
  g_assert_cmpstr (chosen->user, ==, "clerk");
  g_assert_cmpstr (chosen->database, ==, "xinfang");
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_object_unref (dialog);
  pr_test_wait_until (pr_test_is_null, &dialog);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/connect-dialog/empty-user", test_empty_user);
  return g_test_run ();
}
