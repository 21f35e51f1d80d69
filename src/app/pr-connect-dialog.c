/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrConnectDialog: where the office's database is. The last connection
 * is remembered (without its password) in GSettings; the password is
 * kept only in the keyring, when the reviewer asks (pr-secret.c), and
 * never in a file.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pr-connect-dialog.h"

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

  GSettings    *settings;
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
password_stored (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  /* No keyring: the password is asked next time, as without libsecret. */
  if (!pr_secret_store_finish (result, &error))
    g_message ("The password was not kept in the keyring: %s", error->message);
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
connect_clicked (PrConnectDialog *self)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_new ();
  const char *port = text_of (self->port_entry);
  guint64 number = 0;

  if (port != NULL && !g_ascii_string_to_unsigned (port, 10, 1, 65535, &number, NULL))
    {
      gtk_label_set_text (GTK_LABEL (self->error_label), _("The port is a number from 1 to 65535."));
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

  if (self->settings != NULL)
    {
      g_settings_set_string (self->settings, "last-host", params->host != NULL ? params->host : "");
      g_settings_set_uint (self->settings, "last-port", params->port);
      g_settings_set_string (self->settings, "last-socket", params->socket != NULL ? params->socket : "");
      g_settings_set_string (self->settings, "last-user", params->user != NULL ? params->user : "");
      g_settings_set_string (self->settings, "last-database", params->database);
      g_settings_set_boolean (self->settings, "last-tls", params->tls);
      g_settings_set_string (self->settings, "last-tls-ca", params->tls_ca != NULL ? params->tls_ca : "");
    }
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->remember_check)) && params->password != NULL)
    pr_secret_store_async (params, NULL, password_stored, NULL);
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
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, connect_clicked);
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

  if (settings != NULL)
    {
      g_autofree char *host = g_settings_get_string (settings, "last-host");
      g_autofree char *socket = g_settings_get_string (settings, "last-socket");
      g_autofree char *user = g_settings_get_string (settings, "last-user");
      g_autofree char *database = g_settings_get_string (settings, "last-database");
      g_autofree char *ca = g_settings_get_string (settings, "last-tls-ca");
      guint port = g_settings_get_uint (settings, "last-port");
      g_autofree char *port_text = port > 0 ? g_strdup_printf ("%u", port) : g_strdup ("");

      self->settings = g_object_ref (settings);
      gtk_editable_set_text (GTK_EDITABLE (self->host_entry), host);
      gtk_editable_set_text (GTK_EDITABLE (self->port_entry), port_text);
      gtk_editable_set_text (GTK_EDITABLE (self->socket_entry), socket);
      gtk_editable_set_text (GTK_EDITABLE (self->user_entry), user);
      gtk_editable_set_text (GTK_EDITABLE (self->database_entry), database);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->tls_check), g_settings_get_boolean (settings, "last-tls"));
      gtk_editable_set_text (GTK_EDITABLE (self->ca_entry), ca);

      if (database[0] != '\0' && pr_secret_is_available ())
        {
          g_autoptr(PrConnectionParams) last = pr_connection_params_new ();

          last->host = host[0] != '\0' ? g_strdup (host) : NULL;
          last->port = port;
          last->socket = socket[0] != '\0' ? g_strdup (socket) : NULL;
          last->user = user[0] != '\0' ? g_strdup (user) : NULL;
          last->database = g_strdup (database);
          self->lookup = g_cancellable_new ();
          pr_secret_lookup_async (last, self->lookup, password_found, g_object_ref (self));
        }
    }
  return self;
}
