/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's weights that `learn` fitted for a table, kept in the
 * store's pr_meta table: one row per source table, named by a digest of
 * its database and name (a name is at most 64 characters there), its value
 * the database, the table and the numbers (pr_pair_model_to_string ()),
 * or "shipped" when `learn` found the shipped weights better. Written with
 * INSERT … ON DUPLICATE KEY UPDATE: the store's grants on pr_meta are
 * SELECT, INSERT and UPDATE.
 */
#define SHIPPED "shipped"
#define G_LOG_DOMAIN "pr-store-weights"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-connection-private.h"
#include "pr-store-private.h"

/* The row's name, and its value's head: "database 0x1F table 0x1F". */
static char *
weights_name (const PrStoreKey *key,
              char            **head)
{
  g_autofree char *digest = NULL;

  *head = g_strdup_printf ("%s\x1f%s\x1f", key->database, key->table);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA1, *head, -1);
  return g_strdup_printf ("weights:%s", digest);
}

/**
 * pr_store_load_weights:
 * @model: (inout): left as it is when no weights are kept for @table
 * @found: (out) (optional): whether some were
 *
 * Returns: %FALSE with @error set if the store cannot be read or the
 *   weights kept cannot be.
 */
gboolean
pr_store_load_weights (PrStore      *store,
                       const char   *table,
                       PrPairModel  *model,
                       gboolean     *found,
                       GError      **error)
{
  const PrStoreKey *key = _pr_store_resolve (store, table, error);
  g_autofree char *head = NULL;
  g_autofree char *name = NULL;
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *value;

  if (found != NULL)
    *found = FALSE;
  if (key == NULL)
    return FALSE;
  name = weights_name (key, &head);
  sql = g_strdup_printf ("SELECT value FROM %s WHERE name = ?", store->q_meta);
  {
    const char *params[] = { name };

    rows = _pr_connection_select (store->connection, sql, params, 1, &local_error);
  }
  if (rows == NULL)
    {
      _pr_store_explain_error (store, error, local_error, "SELECT", C_("tables", "read"));
      return FALSE;
    }
  if (rows->len == 0)
    return TRUE;
  value = ((PrDbRow *) rows->pdata[0])->values[0];
  if (value != NULL && g_str_has_prefix (value, head) && g_str_equal (value + strlen (head), SHIPPED))
    return TRUE;
  if (value == NULL || !g_str_has_prefix (value, head))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the weights kept in the schema “%s” for the table “%s” belong to another table: learn them "
                     "again with “petition-review-cli learn”"), store->schema, table);
      return FALSE;
    }
  if (!pr_pair_model_parse (value + strlen (head), model, error))
    return FALSE;
  if (found != NULL)
    *found = TRUE;
  return TRUE;
}

/**
 * pr_store_save_weights:
 * @model: (nullable): the weights to keep for @table; %NULL: scans use
 *   the shipped ones
 */
gboolean
pr_store_save_weights (PrStore           *store,
                       const char        *table,
                       const PrPairModel *model,
                       GError           **error)
{
  const PrStoreKey *key = _pr_store_resolve (store, table, error);
  g_autofree char *head = NULL;
  g_autofree char *name = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GError) local_error = NULL;
  MYSQL_BIND params[2];
  unsigned long lengths[2];

  if (key == NULL)
    return FALSE;
  name = weights_name (key, &head);
  memset (params, 0, sizeof params);
  _pr_statement_bind_string (&params[0], name, &lengths[0]);
  numbers = model != NULL ? pr_pair_model_to_string (model) : g_strdup (SHIPPED);
  value = g_strconcat (head, numbers, NULL);
  sql = g_strdup_printf ("INSERT INTO %s (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES (value)",
                         store->q_meta);
  _pr_statement_bind_string (&params[1], value, &lengths[1]);
  if (!_pr_statement_run (store->connection, sql, params, NULL, NULL, _("cannot keep the learned weights"),
                          &local_error))
    {
      _pr_store_explain_error (store, error, local_error, "INSERT", C_("tables", "write"));
      return FALSE;
    }
  return TRUE;
}
