/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where a source table's records live. Every row of the store about a
 * source table (scans, fingerprints, decisions) is keyed by its database
 * and its name, both as the catalogue (information_schema) spells them, so
 * that two databases whose tables share a name can share one store, and
 * on a server with lower_case_table_names set, "Petitions" and
 * "petitions" are one key. The database is the connection's current one,
 * the database a scan reads the table from.
 *
 * Rows from before version 4 name no database (''). The first connection
 * that uses their table from a database that has a table of that name
 * claims them, once: they become that database's, and no other's. A
 * connection without a current database (which can read no source table)
 * keys by '' too, so it sees the rows not claimed yet.
 */
#define G_LOG_DOMAIN "pr-store-keys"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"

static void
key_free (PrStoreKey *key)
{
  g_free (key->database);
  g_free (key->table);
  g_free (key);
}

/* At open: the connection's database, how the server compares table
 * names, and whether rows from before version 4 wait to be claimed. */
gboolean
_pr_store_init_keys (PrStore  *self,
                     GError  **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  const PrDbRow *row;

  rows = _pr_connection_select (self->connection, "SELECT DATABASE(), @@lower_case_table_names", NULL, 0, error);
  if (rows == NULL)
    return FALSE;
  row = rows->pdata[0];
  self->database = g_strdup (row->values[0] != NULL ? row->values[0] : "");
  self->lower_case_names = g_strcmp0 (row->values[1], "0") != 0;
  self->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) key_free);

  if (self->database[0] != '\0')
    {
      g_autofree char *sql = g_strdup_printf ("SELECT EXISTS (SELECT 1 FROM %s WHERE source_database = '') "
                                              "OR EXISTS (SELECT 1 FROM %s WHERE source_database = '') "
                                              "OR EXISTS (SELECT 1 FROM %s WHERE source_database = '')",
                                              self->q_scans, self->q_fingerprints, self->q_decisions);
      g_autoptr(GPtrArray) found = NULL;
      g_autoptr(GError) local_error = NULL;

      found = _pr_connection_select (self->connection, sql, NULL, 0, &local_error);
      if (found == NULL)
        {
          _pr_store_explain_error (self, error, local_error, "SELECT", C_("tables", "read"));
          return FALSE;
        }
      self->unclaimed = g_strcmp0 (((PrDbRow *) found->pdata[0])->values[0], "1") == 0;
    }
  return TRUE;
}

/* Makes the rows of @key's table that name no database @key's, in one
 * transaction: of two databases claiming at once, one gets them all. */
static gboolean
claim (PrStore          *self,
       const PrStoreKey *key,
       GError          **error)
{
  const char *tables[] = { self->q_scans, self->q_fingerprints, self->q_decisions };
  unsigned long lengths[3];
  MYSQL_BIND params[3];
  guint64 claimed = 0;

  if (!_pr_store_begin_transaction (self, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      /* IGNORE: two old spellings of one table (before the catalogue's was
       * used) cannot both become it; the second stays unclaimed. */
      g_autofree char *sql = g_strdup_printf ("UPDATE %s%s SET source_database = ?, source_table = ? "
                                              "WHERE source_database = '' AND %s",
                                              tables[i] == self->q_fingerprints ? "IGNORE " : "", tables[i],
                                              self->lower_case_names ? "LOWER(source_table) = LOWER(?)"
                                                                     : "source_table = ?");
      guint64 affected = 0;

      _pr_store_bind_key (params, key, lengths);
      _pr_statement_bind_string (&params[2], key->table, &lengths[2]);
      if (!_pr_statement_run (self->connection, sql, params, &affected, NULL,
                              _("cannot give the rows of an older store their database"), error))
        {
          _pr_store_rollback_transaction (self);
          return FALSE;
        }
      claimed += affected;
    }
  if (!_pr_store_commit_transaction (self, error))
    {
      _pr_store_rollback_transaction (self);
      return FALSE;
    }
  if (claimed > 0)
    g_message (_("the store “%s” kept %llu row(s) about “%s” from before it knew databases; "
                 "they are now the database “%s”'s"),
               self->schema, (unsigned long long) claimed, key->table, key->database);
  return TRUE;
}

/**
 * _pr_store_resolve:
 * @store: a store
 * @table: a table of the connection's current database, as a caller
 *   spells it
 * @error: return location for a #GError
 *
 * The key of @table: the catalogue's spelling when the table is there; a
 * table not (or no longer) there keeps @table's, lower-cased on a server
 * that lower-cases names. Checks the name first.
 *
 * Returns: (transfer none) (nullable): the key, kept by the store
 */
const PrStoreKey *
_pr_store_resolve (PrStore     *self,
                   const char  *table,
                   GError     **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *wanted = NULL;
  PrStoreKey *key;
  const char *found = NULL;

  if (!_pr_store_check_table_name (table, error))
    return NULL;
  key = g_hash_table_lookup (self->keys, table);
  if (key != NULL)
    return key;

  wanted = self->lower_case_names ? g_utf8_strdown (table, -1) : g_strdup (table);
  if (self->database[0] != '\0')
    {
      const char *params[] = { self->database, wanted };

      rows = _pr_connection_select (self->connection,
                                    "SELECT TABLE_NAME FROM information_schema.TABLES "
                                    "WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", params, 2, error);
      if (rows == NULL)
        return NULL;
      /* The catalogue may compare without case; the server, when it does
       * not lower-case names, does not. */
      for (guint i = 0; i < rows->len && found == NULL; i++)
        {
          const char *name = ((PrDbRow *) rows->pdata[i])->values[0];

          if (name != NULL && (self->lower_case_names || strcmp (name, wanted) == 0))
            found = name;
        }
    }

  key = g_new0 (PrStoreKey, 1);
  key->database = g_strdup (self->database);
  key->table = g_strdup (found != NULL ? found : wanted);
  if (found != NULL && self->unclaimed && !claim (self, key, error))
    {
      key_free (key);
      return NULL;
    }
  g_hash_table_insert (self->keys, g_strdup (table), key);
  return key;
}

/* Binds @key's database and table to @bind[0] and [1]; @lengths holds two. */
void
_pr_store_bind_key (MYSQL_BIND       *bind,
                    const PrStoreKey *key,
                    unsigned long    *lengths)
{
  _pr_statement_bind_string (&bind[0], key->database, &lengths[0]);
  _pr_statement_bind_string (&bind[1], key->table, &lengths[1]);
}
