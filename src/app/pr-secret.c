/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "pr-secret"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-secret.h"

#ifdef HAVE_LIBSECRET
#include <libsecret/secret.h>

static const SecretSchema *
get_schema (void)
{
  static const SecretSchema schema = {
    "org.petitionreview.PetitionReview.Database", SECRET_SCHEMA_NONE,
    {
      { "host", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "port", SECRET_SCHEMA_ATTRIBUTE_INTEGER },
      { "socket", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "database", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    }
  };
  return &schema;
}

static GHashTable *
attributes_of (const PrConnectionParams *params)
{
  return secret_attributes_build (get_schema (),
                                  "host", params->host != NULL ? params->host : "",
                                  "port", (int) params->port,
                                  "socket", params->socket != NULL ? params->socket : "",
                                  "user", params->user != NULL ? params->user : "",
                                  "database", params->database != NULL ? params->database : "",
                                  NULL);
}
#endif

gboolean
pr_secret_is_available (void)
{
#ifdef HAVE_LIBSECRET
  return TRUE;
#else
  return FALSE;
#endif
}

/* Keeps @params' password in the keyring. */
void
pr_secret_store_async (const PrConnectionParams *params,
                       GCancellable             *cancellable,
                       GAsyncReadyCallback       callback,
                       gpointer                  user_data)
{
#ifdef HAVE_LIBSECRET
  g_autoptr(GHashTable) attributes = attributes_of (params);
  g_autofree char *label = NULL;
  g_autofree char *where = pr_connection_params_describe (params);

  /* Translators: the keyring item's name; %s says which database */
  label = g_strdup_printf (_("Petition Review: %s"), where);
  secret_password_storev (get_schema (), attributes, SECRET_COLLECTION_DEFAULT, label,
                          params->password != NULL ? params->password : "", cancellable, callback, user_data);
#else
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("No keyring: built without libsecret"));
#endif
}

gboolean
pr_secret_store_finish (GAsyncResult  *result,
                        GError       **error)
{
#ifdef HAVE_LIBSECRET
  return secret_password_store_finish (result, error);
#else
  return g_task_propagate_boolean (G_TASK (result), error);
#endif
}

void
pr_secret_lookup_async (const PrConnectionParams *params,
                        GCancellable             *cancellable,
                        GAsyncReadyCallback       callback,
                        gpointer                  user_data)
{
#ifdef HAVE_LIBSECRET
  g_autoptr(GHashTable) attributes = attributes_of (params);

  secret_password_lookupv (get_schema (), attributes, cancellable, callback, user_data);
#else
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("No keyring: built without libsecret"));
#endif
}

/* Returns: (transfer full) (nullable): the password, or NULL when none is kept */
char *
pr_secret_lookup_finish (GAsyncResult  *result,
                         GError       **error)
{
#ifdef HAVE_LIBSECRET
  char *password = secret_password_lookup_finish (result, error);
  char *copy = g_strdup (password);

  secret_password_free (password);
  return copy;
#else
  return g_task_propagate_pointer (G_TASK (result), error);
#endif
}
