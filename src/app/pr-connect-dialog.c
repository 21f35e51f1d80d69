/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrConnectDialog: where the office's database is. The connections used
 * are remembered (without their passwords, pr-profiles.c); the password is
 * kept only in the keyring, when the reviewer asks (pr-secret.c), and
 * never in a file.
 */
#define G_LOG_DOMAIN "pr-connect-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-application.h"
#include "pr-connect-dialog.h"

#include "pr-profiles.h"
#include "pr-secret.h"

struct _PrConnectDialog
{
  GtkWindow  parent_instance;

  GtkWidget *host_entry;
  GtkWidget *port_entry;
  GtkWidget *socket_entry;
  GtkWidget *user_entry;
  GtkWidget *password_entry;
  GtkWidget *database_entry;
  GtkWidget *tls_check;
  GtkWidget *ca_entry;
  GtkWidget *error_label;
  GtkWidget *remember_check;
  GtkWidget *profile_dropdown;
  GtkWidget *forget_button;

  GSettings    *settings;
  GPtrArray    *profiles;   /* PrConnectionParams, as in the dropdown */
  GCancellable *lookup;
};

G_DEFINE_FINAL_TYPE (PrConnectDialog, pr_connect_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_CONNECT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
text_of (GtkWidget *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  return text[0] != '\0' ? text : NULL;
}

static void
password_found (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PrConnectDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *password = pr_secret_lookup_finish (result, &error);

  if (password == NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("no password from the keyring: %s", error->message);
      return;
    }
  if (gtk_editable_get_text (GTK_EDITABLE (self->password_entry))[0] == '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->password_entry), password);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->remember_check), TRUE);
}

static void
set_text (GtkWidget  *entry,
          const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
}

/* The form takes the saved connection chosen; its password from the
 * keyring, if it was kept there. */
static void
profile_selected (PrConnectDialog *self)
{
  guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->profile_dropdown));
  const PrConnectionParams *params;
  g_autofree char *port = NULL;

  gtk_widget_set_sensitive (self->forget_button, self->profiles != NULL && index < self->profiles->len);
  if (self->profiles == NULL || index >= self->profiles->len)
    return;
  params = self->profiles->pdata[index];
  port = params->port > 0 ? g_strdup_printf ("%u", params->port) : NULL;
  set_text (self->host_entry, params->host);
  set_text (self->port_entry, port);
  set_text (self->socket_entry, params->socket);
  set_text (self->user_entry, params->user);
  set_text (self->database_entry, params->database);
  set_text (self->ca_entry, params->tls_ca);
  set_text (self->password_entry, NULL);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->tls_check), params->tls);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->remember_check), FALSE);

  if (pr_secret_is_available ())
    {
      if (self->lookup != NULL)
        g_cancellable_cancel (self->lookup);
      g_clear_object (&self->lookup);
      self->lookup = g_cancellable_new ();
      pr_secret_lookup_async (params, self->lookup, password_found, g_object_ref (self));
    }
}

static void
fill_profiles (PrConnectDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_clear_pointer (&self->profiles, g_ptr_array_unref);
  if (self->settings != NULL)
    self->profiles = pr_profiles_load (self->settings);
  for (guint i = 0; self->profiles != NULL && i < self->profiles->len; i++)
    {
      g_autofree char *name = pr_connection_params_describe (self->profiles->pdata[i]);

      gtk_string_list_append (names, name);
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->profile_dropdown), G_LIST_MODEL (names));
  gtk_widget_set_sensitive (self->profile_dropdown, g_list_model_get_n_items (G_LIST_MODEL (names)) > 0);
  if (g_list_model_get_n_items (G_LIST_MODEL (names)) > 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->profile_dropdown), 0);
  profile_selected (self);
}

static void
forget_clicked (PrConnectDialog *self)
{
  guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->profile_dropdown));

  if (self->settings == NULL || self->profiles == NULL || index >= self->profiles->len)
    return;
  pr_profiles_forget (self->settings, index);
  fill_profiles (self);
}

static void
connect_clicked (PrConnectDialog *self)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_new ();
  const char *port = text_of (self->port_entry);
  g_autoptr(GError) error = NULL;
  guint64 number = 0;

  if (port != NULL && !g_ascii_string_to_unsigned (port, 10, 1, 65535, &number, NULL))
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), _("The port is a number from 1 to 65535."));
      gtk_widget_set_visible (self->error_label, TRUE);
      return;
    }
  /* The client library would log in with the computer's login name. */
  if (text_of (self->user_entry) == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), _("Give the database user to log in as."));
      gtk_widget_set_visible (self->error_label, TRUE);
      return;
    }
  if (text_of (self->database_entry) == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), _("Name the database that holds the petitions."));
      gtk_widget_set_visible (self->error_label, TRUE);
      return;
    }
  params->host = g_strdup (text_of (self->host_entry));
  params->port = (guint) number;
  params->socket = g_strdup (text_of (self->socket_entry));
  params->user = g_strdup (text_of (self->user_entry));
  params->password = g_strdup (text_of (self->password_entry));
  params->database = g_strdup (text_of (self->database_entry));
  params->tls = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->tls_check));
  params->tls_verify = params->tls;
  params->tls_ca = params->tls ? g_strdup (text_of (self->ca_entry)) : NULL;
  /* A socket with a port or another host: one of them would be ignored. */
  if (!pr_connection_params_check_place (params, &error))
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), error->message);
      gtk_widget_set_visible (self->error_label, TRUE);
      return;
    }

  /* Remembered (and the password kept) by the window once the server
   * has let the user in: a mistyped host or password is not offered
   * again, nor put over the right one in the keyring. */
  g_signal_emit (self, signals[SIGNAL_CONNECT], 0, params);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
pr_connect_dialog_dispose (GObject *object)
{
  PrConnectDialog *self = PR_CONNECT_DIALOG (object);

  if (self->lookup != NULL)
    g_cancellable_cancel (self->lookup);
  g_clear_object (&self->lookup);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_CONNECT_DIALOG);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->profiles, g_ptr_array_unref);

  G_OBJECT_CLASS (pr_connect_dialog_parent_class)->dispose (object);
}

static void
pr_connect_dialog_class_init (PrConnectDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_connect_dialog_dispose;

  /**
   * PrConnectDialog::connect:
   * @params: (type gpointer): where to connect, with the password;
   *   valid during the emission
   */
  signals[SIGNAL_CONNECT] = g_signal_new ("connect", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-connect-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrConnectDialog, name)
  BIND (host_entry);
  BIND (port_entry);
  BIND (socket_entry);
  BIND (user_entry);
  BIND (password_entry);
  BIND (database_entry);
  BIND (tls_check);
  BIND (ca_entry);
  BIND (error_label);
  BIND (remember_check);
  BIND (profile_dropdown);
  BIND (forget_button);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, connect_clicked);
  gtk_widget_class_bind_template_callback (widget_class, profile_selected);
  gtk_widget_class_bind_template_callback (widget_class, forget_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pr_connect_dialog_init (PrConnectDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (self->remember_check, pr_secret_is_available ());
}

/**
 * pr_connect_dialog_new:
 * @settings: (nullable): where the last connection is remembered
 */
PrConnectDialog *
pr_connect_dialog_new (GtkWindow *parent,
                       GSettings *settings)
{
  PrConnectDialog *self = g_object_new (PR_TYPE_CONNECT_DIALOG, "transient-for", parent, NULL);

  pr_application_add_transient (GTK_WINDOW (self));
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      fill_profiles (self);
    }
  else
    fill_profiles (self);
  return self;
}

/* Fills the dialog from the saved connection @index (most recent first),
 * as choosing it in the dialog's list does. */
void
pr_connect_dialog_select_profile (PrConnectDialog *self,
                                  guint            index)
{
  if (self->profiles == NULL || index >= self->profiles->len)
    return;
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->profile_dropdown)) != index)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->profile_dropdown), index);
  else
    profile_selected (self);
  gtk_widget_grab_focus (self->password_entry);
}

/**
 * pr_connect_dialog_get_keep_password:
 *
 * Returns: whether the user asked for the password to be kept in the
 *   keyring (once the connection works)
 */
gboolean
pr_connect_dialog_get_keep_password (PrConnectDialog *self)
{
  g_return_val_if_fail (PR_IS_CONNECT_DIALOG (self), FALSE);

  return gtk_widget_get_visible (self->remember_check) &&
         gtk_check_button_get_active (GTK_CHECK_BUTTON (self->remember_check));
}
