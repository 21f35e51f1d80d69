/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The new repeats of each scan, kept in pr_repeats: what a scan with
 * --new-repeats wrote, so that it can be printed again (the CLI's
 * repeats) when the file was lost. They are written before the scan is
 * marked complete, and only a complete scan's are listed: a scan that
 * failed after writing them is not one, and its records are new again in
 * the next scan.
 */
#define G_LOG_DOMAIN "pr-store-repeats"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"
#include "pr-store-repeats.h"

/* Rows per INSERT: 500 rows of 5 values, as the fingerprints' batches. */
#define REPEAT_BATCH_ROWS 500

/**
 * pr_store_add_scan_repeats:
 * @store: a store
 * @scan_id: a running scan
 * @n_repeats: the number of repeats
 * @record_ids: (array length=n_repeats): the new or changed records
 * @existing_ids: (array length=n_repeats): the earlier records they repeat
 * @distances: (array length=n_repeats): the pairs' distances
 * @kinds: (array length=n_repeats): the pairs' kinds, as
 *   pr_repeat_kind_to_string () names them ("" when not known)
 * @error: return location for a #GError
 *
 * Keeps the scan's new repeats, in one transaction, before
 * pr_store_commit_scan() marks the scan complete.
 *
 * Returns: %FALSE with @error set on failure; nothing is kept then
 */
gboolean
pr_store_add_scan_repeats (PrStore            *self,
                           gint64              scan_id,
                           gsize               n_repeats,
                           const char *const  *record_ids,
                           const char *const  *existing_ids,
                           const guint32      *distances,
                           const char *const  *kinds,
                           GError            **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, REPEAT_BATCH_ROWS * 5);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, REPEAT_BATCH_ROWS * 3);
  g_autofree guint8 *small = g_new0 (guint8, REPEAT_BATCH_ROWS);

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (n_repeats == 0 || (record_ids != NULL && existing_ids != NULL && distances != NULL &&
                                           kinds != NULL), FALSE);

  for (gsize i = 0; i < n_repeats; i++)
    if (!_pr_store_check_record_id (record_ids[i], _("the record id"), error) ||
        !_pr_store_check_record_id (existing_ids[i], _("the record id"), error))
      return FALSE;
  if (n_repeats == 0)
    return TRUE;

  if (!_pr_store_begin_transaction (self, error))
    return FALSE;
  for (gsize start = 0; start < n_repeats; start += REPEAT_BATCH_ROWS)
    {
      gsize n = MIN (REPEAT_BATCH_ROWS, n_repeats - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "INSERT INTO %s (scan_id, record_id, existing_id, distance, kind) VALUES ", self->q_repeats);
      for (gsize r = 0; r < n; r++)
        {
          MYSQL_BIND *p = params + r * 5;

          g_string_append (sql, r == 0 ? "(?,?,?,?,?)" : ",(?,?,?,?,?)");
          small[r] = (guint8) MIN (distances[start + r], 255);
          _pr_statement_bind_i64 (&p[0], &scan_id);
          _pr_statement_bind_string (&p[1], record_ids[start + r], &lengths[r * 3]);
          _pr_statement_bind_string (&p[2], existing_ids[start + r], &lengths[r * 3 + 1]);
          _pr_statement_bind_u8 (&p[3], &small[r]);
          _pr_statement_bind_string (&p[4], kinds[start + r], &lengths[r * 3 + 2]);
        }
      /* A pair found twice is kept once. */
      g_string_append (sql, " ON DUPLICATE KEY UPDATE distance = VALUES(distance), kind = VALUES(kind)");
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL, _("cannot keep the scan's new repeats"), error))
        {
          _pr_store_rollback_transaction (self);
          return FALSE;
        }
    }
  if (!_pr_store_commit_transaction (self, error))
    {
      _pr_store_rollback_transaction (self);
      return FALSE;
    }
  return TRUE;
}

/* The scan whose repeats to list: @scan_id checked to be a complete scan
 * of @key's table, or the table's last complete scan for 0. */
static gint64
find_scan (PrStore           *self,
           const char        *table,
           const PrStoreKey  *key,
           gint64             scan_id,
           GError           **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *sql = NULL;
  char id_text[24];
  const PrDbRow *row;

  if (scan_id == 0)
    {
      sql = g_strdup_printf ("SELECT id FROM %s WHERE source_database = ? AND source_table = ? "
                             "AND status = 'complete' ORDER BY id DESC LIMIT 1", self->q_scans);
      rows = _pr_connection_select (self->connection, sql, (const char *[]) { key->database, key->table }, 2, error);
      if (rows == NULL)
        return 0;
      if (rows->len == 0)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the store “%s” holds no complete scan of “%s” of the database “%s”; "
                         "scan the table with --store first"),
                       self->schema, table, key->database);
          return 0;
        }
      return g_ascii_strtoll (((PrDbRow *) rows->pdata[0])->values[0], NULL, 10);
    }

  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, scan_id);
  sql = g_strdup_printf ("SELECT status, source_database, source_table FROM %s WHERE id = ?", self->q_scans);
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { id_text }, 1, error);
  if (rows == NULL)
    return 0;
  row = rows->len > 0 ? rows->pdata[0] : NULL;
  if (row == NULL || g_strcmp0 (row->values[0], "complete") != 0 ||
      g_strcmp0 (row->values[1], key->database) != 0 || g_strcmp0 (row->values[2], key->table) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   /* Translators: the last %s says what the scan is instead:
                    * “no such scan”, or its status and table. */
                   _("scan %lld is not a complete scan of “%s” of the database “%s” (%s); "
                     "leave out the scan's number for the table's last complete scan"),
                   (long long) scan_id, table, key->database,
                   row == NULL ? _("no such scan") : row->values[0]);
      return 0;
    }
  return scan_id;
}

/**
 * pr_store_list_repeats:
 * @store: a store
 * @table: the source table
 * @scan_id: a complete scan of @table, or 0 for its last complete scan
 * @listed_scan_id: (out) (optional): the scan listed
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type PrStoreRepeat): the scan's new
 *   repeats by record id, then earlier record id; %NULL with
 *   %PR_DB_ERROR_QUERY when @scan_id is not a complete scan of @table, or
 *   there is none
 */
GArray *
pr_store_list_repeats (PrStore     *self,
                       const char  *table,
                       gint64       scan_id,
                       gint64      *listed_scan_id,
                       GError     **error)
{
  g_autoptr(GArray) repeats = g_array_new (FALSE, FALSE, sizeof (PrStoreRepeat));
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *sql = NULL;
  const PrStoreKey *key;
  char id_text[24];

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (scan_id >= 0, NULL);

  g_array_set_clear_func (repeats, (GDestroyNotify) pr_store_repeat_clear);
  if ((key = _pr_store_resolve (self, table, error)) == NULL ||
      (scan_id = find_scan (self, table, key, scan_id, error)) == 0)
    return NULL;

  g_snprintf (id_text, sizeof id_text, "%" G_GINT64_FORMAT, scan_id);
  sql = g_strdup_printf ("SELECT record_id, existing_id, distance, kind FROM %s WHERE scan_id = ? "
                         "ORDER BY record_id, existing_id", self->q_repeats);
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { id_text }, 1, error);
  if (rows == NULL)
    return NULL;
  for (guint i = 0; i < rows->len; i++)
    {
      const PrDbRow *row = rows->pdata[i];
      PrStoreRepeat repeat = { g_strdup (row->values[0]), g_strdup (row->values[1]),
                               (guint32) g_ascii_strtoull (row->values[2], NULL, 10), g_strdup (row->values[3]) };

      g_array_append_val (repeats, repeat);
    }
  if (listed_scan_id != NULL)
    *listed_scan_id = scan_id;
  return g_steal_pointer (&repeats);
}

/**
 * pr_store_repeat_clear:
 * @repeat: a repeat
 *
 * Frees the repeat's contents: the clear func of the array
 * pr_store_list_repeats() returns.
 */
void
pr_store_repeat_clear (PrStoreRepeat *repeat)
{
  g_clear_pointer (&repeat->record_id, g_free);
  g_clear_pointer (&repeat->existing_id, g_free);
  g_clear_pointer (&repeat->kind, g_free);
}
