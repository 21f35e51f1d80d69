/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A renamed source table. The store keys a table's history (scans,
 * fingerprints, decisions, cases) by its name, so after RENAME TABLE the
 * first scan of the new name would start afresh, silently: every record
 * new, every decision and case number left under a name no scan reads.
 * pr_store_find_renamed() tells such a scan (a table without history
 * whose ids are most of a vanished table's); pr_store_move_history()
 * moves the history to the new name in one transaction.
 */
#define G_LOG_DOMAIN "pr-store-renamed"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"
#include "pr-store-renamed.h"

/* The tables whose rows name a source table. */
#define N_KEYED 11

static void
keyed_tables (PrStore    *self,
              const char *names[N_KEYED])
{
  names[0] = self->q_scans;
  names[1] = self->q_fingerprints;
  names[2] = self->q_decisions;
  names[3] = self->q_cases;
  names[4] = self->q_case_members;
  names[5] = self->q_passages;
  names[6] = self->q_passage_counts;
  names[7] = self->q_judged;
  names[8] = self->q_part_pairs;
  names[9] = self->q_short_bodies;
  names[10] = self->q_short_grams;
}

void
pr_renamed_table_clear (PrRenamedTable *renamed)
{
  g_clear_pointer (&renamed->table, g_free);
}

/* Whether the store holds any row about @key but scans that did not
 * complete (the running one asking, a refused one). */
static gboolean
has_history (PrStore           *self,
             const PrStoreKey  *key,
             gboolean          *found,
             GError           **error)
{
  const char *names[N_KEYED];
  g_autoptr(GString) sql = g_string_new ("SELECT ");
  g_autoptr(GPtrArray) rows = NULL;
  const char *params[2 * N_KEYED];

  keyed_tables (self, names);
  for (guint i = 0; i < N_KEYED; i++)
    {
      g_string_append_printf (sql, "%sEXISTS (SELECT 1 FROM %s WHERE source_database = ? AND source_table = ?%s)",
                              i > 0 ? " OR " : "", names[i],
                              names[i] == self->q_scans ? " AND status = 'complete'" : "");
      params[2 * i] = key->database;
      params[2 * i + 1] = key->table;
    }
  rows = _pr_connection_select (self->connection, sql->str, params, 2 * N_KEYED, error);
  if (rows == NULL)
    return FALSE;
  *found = g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") == 0;
  return TRUE;
}

/* Whether the connection's database has a table of @name. */
static gboolean
table_exists (PrStore     *self,
              const char  *name,
              gboolean    *exists,
              GError     **error)
{
  const char *params[] = { self->database, name };
  g_autoptr(GPtrArray) rows = _pr_connection_select (self->connection,
                                                     "SELECT COUNT(*) FROM information_schema.TABLES "
                                                     "WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", params, 2, error);

  if (rows == NULL)
    return FALSE;
  *exists = g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "0") != 0;
  return TRUE;
}

/**
 * pr_store_find_renamed:
 * @store: a store
 * @table: a table of the connection's database, just read
 * @record_ids: (array length=n_records): the ids its scan read
 * @content_hashes: (array length=n_records): their content hashes
 * @mapping_version: the version they were hashed under
 * @n_records: their number
 * @renamed: (out caller-allocates): the table @table most likely was,
 *   its table %NULL when none
 * @error: return location for a #GError
 *
 * When @table has no history in @store, looks for a table of the same
 * database that has some but is gone from the database, and at least half
 * of whose live stored records have ids @table has. Of those stored
 * under @mapping_version it counts the ones that read as stored: a
 * renamed table reads mostly the same, another table that happens to use
 * the same ids reads otherwise.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_find_renamed (PrStore         *self,
                       const char      *table,
                       char *const     *record_ids,
                       const guint64   *content_hashes,
                       guint64          mapping_version,
                       gsize            n_records,
                       PrRenamedTable  *renamed,
                       GError         **error)
{
  const PrStoreKey *key;
  gboolean found = FALSE;
  g_autofree char *tables_sql = NULL;
  g_autofree char *ids_sql = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GHashTable) ids = NULL;
  const char *params[2];

  g_return_val_if_fail (self != NULL, FALSE);

  memset (renamed, 0, sizeof *renamed);
  if ((key = _pr_store_resolve (self, table, error)) == NULL || !has_history (self, key, &found, error))
    return FALSE;
  if (found || key->database[0] == '\0')
    return TRUE;

  tables_sql = g_strdup_printf ("SELECT DISTINCT source_table FROM %s WHERE source_database = ?", self->q_scans);
  params[0] = key->database;
  tables = _pr_connection_select (self->connection, tables_sql, params, 1, error);
  if (tables == NULL)
    return FALSE;
  ids_sql = g_strdup_printf ("SELECT record_id, content_hash, mapping_version FROM %s "
                             "WHERE source_database = ? AND source_table = ? "
                             "AND retired_at IS NULL", self->q_fingerprints);
  for (guint t = 0; t < tables->len; t++)
    {
      const char *name = ((PrDbRow *) tables->pdata[t])->values[0];
      g_autoptr(GPtrArray) stored = NULL;
      gboolean exists = TRUE;
      guint64 shared = 0, compared = 0, same = 0;

      if (!table_exists (self, name, &exists, error))
        return FALSE;
      if (exists)
        continue;
      if (ids == NULL)
        {
          ids = g_hash_table_new (g_str_hash, g_str_equal);
          for (gsize i = 0; i < n_records; i++)
            g_hash_table_insert (ids, record_ids[i], GSIZE_TO_POINTER (i + 1));
        }
      params[1] = name;
      stored = _pr_connection_select (self->connection, ids_sql, params, 2, error);
      if (stored == NULL)
        return FALSE;
      for (guint i = 0; i < stored->len; i++)
        {
          char **values = ((PrDbRow *) stored->pdata[i])->values;
          gsize found_at = GPOINTER_TO_SIZE (g_hash_table_lookup (ids, values[0]));

          if (found_at == 0)
            continue;
          shared++;
          if (values[2] == NULL || g_ascii_strtoull (values[2], NULL, 10) != mapping_version)
            continue;
          compared++;
          same += values[1] != NULL && g_ascii_strtoull (values[1], NULL, 10) == content_hashes[found_at - 1];
        }
      if (stored->len > 0 && shared * 2 >= stored->len && shared > renamed->n_shared)
        {
          g_free (renamed->table);
          renamed->table = g_strdup (name);
          renamed->n_stored = stored->len;
          renamed->n_shared = shared;
          renamed->n_compared = compared;
          renamed->n_same = same;
        }
    }
  return TRUE;
}

/**
 * pr_store_move_history:
 * @store: a store
 * @from: the name a table's history is under, a table no longer in the
 *   connection's database
 * @table: the table's name now, a table of that database without history
 * @n_rows: (out) (optional): the rows moved
 * @error: return location for a #GError
 *
 * Moves every row about @from (scans, fingerprints, decisions, cases) to
 * @table, in one transaction. Refused while @from is still a table (its
 * history is its own) or when @table has history already.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_move_history (PrStore     *self,
                       const char  *from,
                       const char  *table,
                       guint64     *n_rows,
                       GError     **error)
{
  const PrStoreKey *old_key;
  const PrStoreKey *new_key;
  g_autofree char *old_database = NULL;
  g_autofree char *old_table = NULL;
  const char *names[N_KEYED];
  gboolean exists = FALSE, found = FALSE;
  guint64 moved = 0;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((old_key = _pr_store_resolve (self, from, error)) == NULL)
    return FALSE;
  old_database = g_strdup (old_key->database);
  old_table = g_strdup (old_key->table);
  if ((new_key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  if (!table_exists (self, old_table, &exists, error))
    return FALSE;
  if (exists)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the table “%s” is still in the database “%s”, so its history is its own: "
                     "history moves only from a table that was renamed or dropped"), from, old_database);
      return FALSE;
    }
  if (!table_exists (self, new_key->table, &exists, error))
    return FALSE;
  if (!exists)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the database “%s” has no table “%s” to move the history to"), new_key->database, table);
      return FALSE;
    }
  if (!has_history (self, old_key, &found, error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the store “%s” holds no history of a table “%s” of the database “%s”"),
                   self->schema, from, old_database);
      return FALSE;
    }
  if (!has_history (self, new_key, &found, error))
    return FALSE;
  if (found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the store “%s” holds history of “%s” already (a scan with --store ran under the new "
                     "name), so the two cannot be joined; move the history to a table without any"),
                   self->schema, new_key->table);
      return FALSE;
    }

  if (!_pr_store_begin_transaction (self, error))
    return FALSE;
  keyed_tables (self, names);
  for (guint i = 0; i < N_KEYED; i++)
    {
      g_autofree char *sql = g_strdup_printf ("UPDATE %s SET source_table = ? "
                                              "WHERE source_database = ? AND source_table = ?", names[i]);
      MYSQL_BIND params[3];
      unsigned long lengths[3];
      guint64 affected = 0;

      _pr_statement_bind_string (&params[0], new_key->table, &lengths[0]);
      _pr_statement_bind_string (&params[1], old_database, &lengths[1]);
      _pr_statement_bind_string (&params[2], old_table, &lengths[2]);
      if (!_pr_statement_run (self->connection, sql, params, &affected, NULL,
                              _("cannot move the table's history"), error))
        {
          _pr_store_rollback_transaction (self);
          return FALSE;
        }
      moved += affected;
    }
  if (!_pr_store_commit_transaction (self, error))
    return FALSE;
  if (n_rows != NULL)
    *n_rows = moved;
  return TRUE;
}

/**
 * pr_store_knows_table:
 * @store: a store
 * @table: a table of the connection's database
 * @case_number: a case of it to know too, or 0
 * @known: (out): whether the store holds history of @table (a complete
 *   scan, a decision, a case…) and, with @case_number, that case number
 *   given to it or named by a decision
 * @error: return location for a #GError
 *
 * For the commands that only read the store: a table or case number typed
 * wrong would read as one that has nothing.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_knows_table (PrStore     *store,
                      const char  *table,
                      guint32      case_number,
                      gboolean    *known,
                      GError     **error)
{
  const PrStoreKey *key;
  g_autofree char *number = NULL;
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (table != NULL && known != NULL, FALSE);

  if ((key = _pr_store_resolve (store, table, error)) == NULL || !has_history (store, key, known, error))
    return FALSE;
  if (!*known || case_number == 0)
    return TRUE;
  number = g_strdup_printf ("%" G_GUINT32_FORMAT, case_number);
  sql = g_strdup_printf ("SELECT EXISTS (SELECT 1 FROM %s WHERE source_database = ? AND source_table = ? AND "
                         "number = ?) OR EXISTS (SELECT 1 FROM %s WHERE source_database = ? AND source_table = ? "
                         "AND case_number = ?)", store->q_cases, store->q_decisions);
  rows = _pr_connection_select (store->connection, sql,
                                (const char *[]) { key->database, key->table, number, key->database, key->table,
                                                   number }, 6, error);
  if (rows == NULL)
    return FALSE;
  *known = g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") == 0;
  return TRUE;
}
