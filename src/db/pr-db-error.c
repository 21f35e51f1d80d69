/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The db layer's error domain (pr-db-error.h). An error from the server
 * or the client library keeps its own words and number apart, so that a
 * message that explains it better can end in them without saying again
 * what the first explanation said. */
#define G_LOG_DOMAIN "pr-db-error"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-db-error.h"

typedef struct
{
  char         *what;     /* what was being done */
  char         *message;  /* the server's or the library's own words */
  unsigned int  number;   /* their error number; 0 for none */
} PrDbErrorPrivate;

static void
pr_db_error_private_init (PrDbErrorPrivate *priv)
{
}

static void
pr_db_error_private_copy (const PrDbErrorPrivate *src,
                          PrDbErrorPrivate       *dest)
{
  dest->what = g_strdup (src->what);
  dest->message = g_strdup (src->message);
  dest->number = src->number;
}

static void
pr_db_error_private_clear (PrDbErrorPrivate *priv)
{
  g_clear_pointer (&priv->what, g_free);
  g_clear_pointer (&priv->message, g_free);
}

G_DEFINE_EXTENDED_ERROR (PrDbError, pr_db_error)

/* The client library's own errors (CR_MIN_ERROR to CR_MAX_ERROR): no
 * server answered them. */
gboolean
pr_db_error_number_is_client (unsigned int number)
{
  return number >= 2000 && number <= 2999;
}

/* Keeps on @error (of PR_DB_ERROR) what was being done and the server's or
 * the library's words and number. */
void
_pr_db_error_set_source (GError       *error,
                         const char   *what,
                         const char   *message,
                         unsigned int  number)
{
  PrDbErrorPrivate *priv = pr_db_error_get_private (error);

  g_return_if_fail (priv != NULL);
  g_free (priv->what);
  g_free (priv->message);
  priv->what = g_strdup (what);
  priv->message = g_strdup (message);
  priv->number = number;
}

/* Keeps on @to (of PR_DB_ERROR) what @from keeps, if anything: a message
 * that explains @from again still ends in the same words, once. */
void
_pr_db_error_keep_source (GError       *to,
                          const GError *from)
{
  PrDbErrorPrivate *priv = from != NULL && from->domain == PR_DB_ERROR ? pr_db_error_get_private (from) : NULL;

  if (priv != NULL && priv->message != NULL && to != NULL && to->domain == PR_DB_ERROR)
    _pr_db_error_set_source (to, priv->what, priv->message, priv->number);
}

/**
 * pr_db_error_dup_source:
 *
 * Returns: (nullable): what was being done and the server's (or the
 *   client library's) own words and number, without the explanation the
 *   message gives them; or %NULL when @error has none, and its message
 *   is all there is.
 */
char *
pr_db_error_dup_source (const GError *error)
{
  PrDbErrorPrivate *priv = error != NULL && error->domain == PR_DB_ERROR
                           ? pr_db_error_get_private (error) : NULL;

  if (priv == NULL || priv->message == NULL)
    return NULL;
  if (pr_db_error_number_is_client (priv->number))
    /* Translators: %s: what failed; the client library's words (English), its error number */
    return g_strdup_printf (_("%s: the connection library's message: %s (client library error %u)"), priv->what,
                            priv->message, priv->number);
  /* Translators: %s: what failed; the server's words (English), its error number */
  return g_strdup_printf (_("%s: the server's own message: %s (server error %u)"), priv->what, priv->message,
                          priv->number);
}

/* The source when there is one, else the whole message. */
char *
pr_db_error_dup_source_or_message (const GError *error)
{
  char *source = pr_db_error_dup_source (error);

  return source != NULL ? source : g_strdup (error->message);
}

/**
 * pr_db_error_dup_reason:
 *
 * Returns: @error's message without the words that open it with what
 *   was being done ("cannot connect to …: "), for a heading that says
 *   that in its own words; the whole message when it has none.
 */
char *
pr_db_error_dup_reason (const GError *error)
{
  PrDbErrorPrivate *priv = error != NULL && error->domain == PR_DB_ERROR
                           ? pr_db_error_get_private (error) : NULL;
  const char *rest;

  if (priv == NULL || priv->what == NULL || !g_str_has_prefix (error->message, priv->what))
    return g_strdup (error->message);
  rest = error->message + strlen (priv->what);
  /* The separator as translated: ": " or a full-width colon. */
  if (g_str_has_prefix (rest, ": "))
    rest += 2;
  else if (g_str_has_prefix (rest, "：")) /* full-width colon */
    rest += strlen ("：");
  else
    return g_strdup (error->message);
  return g_strdup (rest);
}
