/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Saved connections: a list of (host, port, socket, user, database, tls,
 * tls-ca) in GSettings, most recent first. Passwords are not part of it:
 * they go to the keyring, if anywhere (pr-secret.c).
 */
#define G_LOG_DOMAIN "pr-profiles"

#include "config.h"

#include "pr-profiles.h"

#define PROFILE_TYPE "(susssbs)"

static char *
empty_to_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? g_strdup (text) : NULL;
}

/**
 * pr_profiles_load:
 *
 * Returns: (transfer full) (element-type PrConnectionParams): the saved
 *   connections, most recent first, without passwords
 */
GPtrArray *
pr_profiles_load (GSettings *settings)
{
  g_autoptr(GVariant) list = g_settings_get_value (settings, "profiles");
  GPtrArray *profiles = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_connection_params_free);
  GVariantIter iter;
  char *host, *socket, *user, *database, *ca;
  guint32 port;
  gboolean tls;

  g_variant_iter_init (&iter, list);
  /* _loop, not _next: it frees the strings it gives at the next turn. */
  while (g_variant_iter_loop (&iter, PROFILE_TYPE, &host, &port, &socket, &user, &database, &tls, &ca))
    {
      PrConnectionParams *params = pr_connection_params_new ();

      params->host = empty_to_null (host);
      params->port = port;
      params->socket = empty_to_null (socket);
      params->user = empty_to_null (user);
      params->database = empty_to_null (database);
      params->tls = tls;
      params->tls_verify = tls;
      params->tls_ca = empty_to_null (ca);
      g_ptr_array_add (profiles, params);
    }
  return profiles;
}

static gboolean
same_place (const PrConnectionParams *a,
            const PrConnectionParams *b)
{
  return g_strcmp0 (a->host, b->host) == 0 && a->port == b->port && g_strcmp0 (a->socket, b->socket) == 0 &&
         g_strcmp0 (a->user, b->user) == 0 && g_strcmp0 (a->database, b->database) == 0;
}

static void
save (GSettings *settings,
      GPtrArray *profiles)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" PROFILE_TYPE));
  for (guint i = 0; i < profiles->len && i < PR_PROFILES_MAX; i++)
    {
      const PrConnectionParams *p = profiles->pdata[i];

      g_variant_builder_add (&builder, PROFILE_TYPE, p->host ? p->host : "", p->port, p->socket ? p->socket : "",
                             p->user ? p->user : "", p->database ? p->database : "", p->tls,
                             p->tls_ca ? p->tls_ca : "");
    }
  g_settings_set_value (settings, "profiles", g_variant_builder_end (&builder));
}

/* Puts @params first: the same place (host, port, socket, user, database)
 * saved before is replaced, and the oldest beyond PR_PROFILES_MAX dropped. */
void
pr_profiles_remember (GSettings                *settings,
                      const PrConnectionParams *params)
{
  g_autoptr(GPtrArray) profiles = pr_profiles_load (settings);
  PrConnectionParams *copy = pr_connection_params_copy (params);

  g_clear_pointer (&copy->password, g_free);
  for (guint i = 0; i < profiles->len; i++)
    if (same_place (profiles->pdata[i], params))
      {
        g_ptr_array_remove_index (profiles, i);
        break;
      }
  g_ptr_array_insert (profiles, 0, copy);
  save (settings, profiles);
}

void
pr_profiles_forget (GSettings *settings,
                    guint      index)
{
  g_autoptr(GPtrArray) profiles = pr_profiles_load (settings);

  if (index < profiles->len)
    {
      g_ptr_array_remove_index (profiles, index);
      save (settings, profiles);
    }
}
