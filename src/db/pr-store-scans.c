/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Scans (begin, commit, end), the stored fingerprints an incremental scan
 * compares with, and the checks of one record against them.
 */
#define G_LOG_DOMAIN "pr-store-scans"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-store-private.h"

/* Rows per multi-row statement: 500 rows of 11 values stay far below the
 * 65,535 placeholders a statement may have and the default
 * max_allowed_packet, and cut the round trips by 500. */
#define BATCH_ROWS 500

/* A result's first column, a record id, read into @id. */
static void
bind_id_result (MYSQL_BIND    *bind,
                char          *id,
                unsigned long *length,
                my_bool       *is_null)
{
  _pr_statement_bind_result (bind, MYSQL_TYPE_STRING, id, MAX_ID_BYTES + 1, length, is_null);
}

/* Fetches the next row into the bound buffers and ends its id (bound with
 * bind_id_result ()) with a NUL. A column bound without a buffer (a BLOB
 * read afterwards) is truncated on purpose; a truncated id is not. */
static PrFetchStatus
fetch_row (MYSQL_STMT          *stmt,
           char                *id,
           const unsigned long *id_length,
           const my_bool       *id_is_null,
           const char          *what,
           GError             **error)
{
  PrFetchStatus status = _pr_statement_fetch (stmt, what, error);

  if (status == PR_FETCH_DONE || status == PR_FETCH_FAILED)
    return status;
  /* The column is VARCHAR(191): a longer value cannot be there, so
   * truncation would mean a table altered behind our back. */
  if (status == PR_FETCH_TRUNCATED && *id_length > MAX_ID_BYTES)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("%s: a record id longer than %d bytes in the application's tables"),
                   what, MAX_ID_BYTES);
      return PR_FETCH_FAILED;
    }
  id[*id_is_null ? 0 : *id_length] = '\0';
  return PR_FETCH_ROW;
}

/* Runs a SELECT whose first column is a record id (a string of at most
 * MAX_ID_BYTES) and whose other columns, n_values of them, are unsigned
 * integers (NULL reads as 0), and calls @func for each row. Unlike
 * _pr_connection_select() it streams, with fixed buffers: it is what
 * reads 100,000 fingerprints. */
gboolean
_pr_store_for_each_row (PrStore     *self,
              const char  *sql,
              MYSQL_BIND  *params,
              guint        n_values,
              RowFunc      func,
              gpointer     user_data,
              const char  *what,
              GError     **error)
{
  MYSQL_STMT *stmt = _pr_statement_query (self->connection, sql, params, what, error);
  MYSQL_BIND results[8] = { 0 };
  guint64 values[7] = { 0 };
  my_bool nulls[8] = { 0 };
  unsigned long id_length = 0;
  char id[MAX_ID_BYTES + 1];
  gboolean ok = FALSE;

  g_assert (n_values < G_N_ELEMENTS (values));

  if (stmt == NULL)
    return FALSE;

  bind_id_result (&results[0], id, &id_length, &nulls[0]);
  for (guint i = 0; i < n_values; i++)
    {
      _pr_statement_bind_u64 (&results[i + 1], &values[i]);
      results[i + 1].is_null = &nulls[i + 1];
    }
  if (!_pr_statement_bind_results (stmt, results, what, error))
    goto out;

  for (;;)
    {
      PrFetchStatus status = fetch_row (stmt, id, &id_length, &nulls[0], what, error);

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;
      for (guint i = 0; i < n_values; i++)
        if (nulls[i + 1])
          values[i] = 0;
      func (id, values, user_data);
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  return ok;
}

/* Scans */

/* One advisory lock per store schema and source table; user locks are
 * released by the server when the session ends, so a scan whose process
 * died holds none, and its 'running' row can safely be called interrupted. */

/**
 * pr_store_begin_scan:
 * @store: a store
 * @table: the source table
 * @mapping_description: the column mapping, as text, for the record
 * @mapping_version: the mapping's version: fingerprints of another
 *   version count as changed
 * @k: the distance the scan looks for
 * @error: return location for a #GError
 *
 * Records a 'running' scan. Scans of one table (of one database) are one
 * at a time: while another connection has a scan of @table running, this
 * fails. A scan
 * left 'running' by a connection that is gone (a killed process) is
 * marked 'failed' with the message "interrupted". Every successful
 * begin must be followed by pr_store_commit_scan() or
 * pr_store_end_scan(), which release the table's lock.
 *
 * Returns: the scan's id, or 0 with @error set
 */
gint64
pr_store_begin_scan (PrStore     *self,
                     const char  *table,
                     const char  *mapping_description,
                     guint64      mapping_version,
                     guint        k,
                     GError     **error)
{
  g_autofree char *lock = NULL;
  g_autofree char *interrupt = NULL;
  g_autofree char *insert = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *q_database = NULL, *q_table = NULL, *locked = NULL;
  const PrStoreKey *key;
  const char *lock_params[1];
  unsigned long lengths[3];
  MYSQL_BIND params[5];
  guint64 k64 = k;
  gint64 scan_id = 0;
  guint64 interrupted = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (mapping_description != NULL, 0);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return 0;
  if (k > 255)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY, _("a scan's k must be below 256, not %u"), k);
      return 0;
    }

  /* The table where it lives: two databases' tables of one name are two
   * locks, two spellings of one table one. */
  q_database = pr_connection_quote_identifier (key->database);
  q_table = pr_connection_quote_identifier (key->table);
  locked = g_strdup_printf ("%s.%s", q_database, q_table);
  lock = _pr_store_lock_name (self, "scan", locked);
  lock_params[0] = lock;
  rows = _pr_connection_select (self->connection, "SELECT GET_LOCK(?, 0)", lock_params, 1, error);
  if (rows == NULL)
    return 0;
  if (rows->len != 1 || g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("another scan of the table “%s” is running (from another connection); "
                     "wait for it to finish"), table);
      return 0;
    }

  interrupt = g_strdup_printf ("UPDATE %s SET status = 'failed', finished_at = UTC_TIMESTAMP(6), "
                               "message = 'interrupted' WHERE source_database = ? AND source_table = ? "
                               "AND status = 'running'", self->q_scans);
  _pr_store_bind_key (params, key, lengths);
  if (!_pr_statement_run (self->connection, interrupt, params, &interrupted, NULL,
                          _("cannot close the table's interrupted scans"), error))
    goto fail;
  if (interrupted > 0)
    g_message (_("%llu earlier scan(s) of “%s” were interrupted; marked failed"),
               (unsigned long long) interrupted, table);

  insert = g_strdup_printf ("INSERT INTO %s (source_database, source_table, mapping, mapping_version, k, "
                            "started_at, status) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6), 'running')", self->q_scans);
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_string (&params[2], mapping_description, &lengths[2]);
  _pr_statement_bind_u64 (&params[3], &mapping_version);
  _pr_statement_bind_u64 (&params[4], &k64);
  if (!_pr_statement_run (self->connection, insert, params, NULL, &scan_id, _("cannot record the scan"), error))
    goto fail;

  g_hash_table_insert (self->scan_locks, g_memdup2 (&scan_id, sizeof scan_id), g_steal_pointer (&lock));
  return scan_id;

fail:
  _pr_store_release_lock (self, lock);
  return 0;
}

static void
release_scan_lock (PrStore *self,
                   gint64   scan_id)
{
  const char *lock = g_hash_table_lookup (self->scan_locks, &scan_id);

  if (lock != NULL)
    {
      _pr_store_release_lock (self, lock);
      g_hash_table_remove (self->scan_locks, &scan_id);
    }
}

static void
add_stored (const char    *id,
            const guint64 *values,
            gpointer       user_data)
{
  PrStoredFingerprint *stored = g_new (PrStoredFingerprint, 1);

  stored->fingerprint = values[0];
  stored->content_hash = values[1];
  stored->sparse = values[2] != 0;
  stored->mapping_version = values[3];
  stored->has_parts = values[4] != 0;
  g_hash_table_insert (user_data, g_strdup (id), stored);
}

/* Runs @sql, whose result is (record_id, a BLOB), and gives @func each
 * row's id and bytes (NULL and 0 for SQL NULL). */
gboolean
_pr_store_for_each_blob (PrStore     *self,
               const char  *sql,
               MYSQL_BIND  *params,
               BlobRowFunc  func,
               gpointer     user_data,
               const char  *what,
               GError     **error)
{
  MYSQL_STMT *stmt = _pr_statement_query (self->connection, sql, params, what, error);
  MYSQL_BIND results[2] = { 0 };
  my_bool nulls[2] = { 0 };
  unsigned long id_length = 0, blob_length = 0;
  char id[MAX_ID_BYTES + 1];
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  gboolean ok = FALSE;

  if (stmt == NULL)
    return FALSE;

  bind_id_result (&results[0], id, &id_length, &nulls[0]);
  /* No buffer: the length is learnt at each row, then the bytes fetched. */
  _pr_statement_bind_result (&results[1], MYSQL_TYPE_BLOB, NULL, 0, &blob_length, &nulls[1]);
  if (!_pr_statement_bind_results (stmt, results, what, error))
    goto out;

  for (;;)
    {
      PrFetchStatus status = fetch_row (stmt, id, &id_length, &nulls[0], what, error);

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;
      g_byte_array_set_size (blob, blob_length);
      if (!nulls[1] && blob_length > 0 &&
          !_pr_statement_fetch_column (stmt, 1, MYSQL_TYPE_BLOB, blob->data, blob_length, what, error))
        goto out;
      if (!func (id, nulls[1] ? NULL : blob->data, nulls[1] ? 0 : blob_length, user_data, error))
        goto out;
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  return ok;
}

/**
 * pr_store_load_fingerprints:
 * @store: a store
 * @table: the source table
 * @mapping_version: the current mapping's version
 * @error: return location for a #GError
 *
 * The stored fingerprints an incremental scan compares with: those of
 * @table not retired, of any mapping version (a record stored with
 * another version than @mapping_version is to fingerprint again, but it
 * is not new). Only those made with @mapping_version say whether their
 * parts were stored; the parts themselves are read only if a scan needs
 * them (pr_store_read_stored_parts ()).
 *
 * Returns: (transfer full) (element-type utf8 PrStoredFingerprint): record
 *   id → #PrStoredFingerprint, both owned by the table; %NULL on error
 */
GHashTable *
pr_store_load_fingerprints (PrStore     *self,
                            const char  *table,
                            guint64      mapping_version,
                            GError     **error)
{
  g_autoptr(GHashTable) stored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *sql = NULL;
  const PrStoreKey *key;
  unsigned long lengths[2];
  MYSQL_BIND params[3];

  g_return_val_if_fail (self != NULL, NULL);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return NULL;

  sql = g_strdup_printf ("SELECT record_id, fingerprint, content_hash, sparse, mapping_version, "
                         "mapping_version = ? AND parts IS NOT NULL FROM %s "
                         "WHERE source_database = ? AND source_table = ? AND retired_at IS NULL",
                         self->q_fingerprints);
  _pr_statement_bind_u64 (&params[0], &mapping_version);
  _pr_store_bind_key (params + 1, key, lengths);
  if (!_pr_store_for_each_row (self, sql, params, 5, add_stored, stored,
                     _("cannot read the stored fingerprints"), error))
    return NULL;

  return g_steal_pointer (&stored);
}

/* A BlobRowFunc whose user data is a PrStorePartsReading: each row's
 * parts decoded for its func. */
gboolean
_pr_store_read_parts_row (const char    *id,
                          const guint8  *bytes,
                          gsize          length,
                          gpointer       user_data,
                          GError       **error)
{
  PrStorePartsReading *read = user_data;
  g_autoptr(GError) local_error = NULL;
  PrPart *parts;
  guint n_parts = 0;

  parts = pr_parts_decode (bytes, length, &n_parts, &local_error);
  if (local_error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("the record “%s”: "), id);
      return FALSE;
    }
  return read->func (id, parts, n_parts, read->user_data, error);
}

/* The stored parts of @table's live records made with @mapping_version,
 * and, unless @all, only of those not sparse and with a part. */
static gboolean
read_parts (PrStore          *self,
            const char       *table,
            guint64           mapping_version,
            gboolean          all,
            PrStorePartsFunc  func,
            gpointer          user_data,
            const char       *what,
            GError          **error)
{
  g_autofree char *sql = NULL;
  const PrStoreKey *key;
  unsigned long lengths[2];
  MYSQL_BIND params[3];
  PrStorePartsReading read = { func, user_data };

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  sql = g_strdup_printf ("SELECT record_id, parts FROM %s WHERE source_database = ? AND source_table = ? "
                         "AND mapping_version = ? AND retired_at IS NULL AND parts IS NOT NULL%s",
                         self->q_fingerprints, all ? "" : " AND sparse = 0 AND LENGTH(parts) > 0");
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_u64 (&params[2], &mapping_version);
  return _pr_store_for_each_blob (self, sql, params, _pr_store_read_parts_row, &read, what, error);
}

/**
 * pr_store_read_stored_parts:
 * @store: a store
 * @table: the source table
 * @mapping_version: the fingerprints' version whose parts are read
 * @func: called for each live record stored with parts under
 *   @mapping_version (sparse ones and those without a part too)
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * The parts a rescan matches for the records it did not fingerprint
 * again: read only when the store keeps no match of the same records
 * (pr-store-part-pairs.c).
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_read_stored_parts (PrStore          *self,
                            const char       *table,
                            guint64           mapping_version,
                            PrStorePartsFunc  func,
                            gpointer          user_data,
                            GError          **error)
{
  return read_parts (self, table, mapping_version, TRUE, func, user_data, _("cannot read the stored fingerprints"),
                     error);
}

/**
 * pr_store_read_passages:
 * @store: a store
 * @table: the source table
 * @mapping_version: the fingerprints' version whose parts are read
 * @func: called for each record stored with parts under @mapping_version,
 *   not sparse and not retired
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * The stored passages alone, as an intake check compares a new text with
 * them: one read, without the fingerprints and hashes a rescan needs.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_read_passages (PrStore          *self,
                        const char       *table,
                        guint64           mapping_version,
                        PrStorePartsFunc  func,
                        gpointer          user_data,
                        GError          **error)
{
  return read_parts (self, table, mapping_version, FALSE, func, user_data, _("cannot read the stored passages"),
                     error);
}

typedef struct {
  GPtrArray *ids;
  GArray    *fingerprints;
} IdsAndFingerprints;

static void
add_id_and_fingerprint (const char    *id,
                        const guint64 *values,
                        gpointer       user_data)
{
  IdsAndFingerprints *out = user_data;

  g_ptr_array_add (out->ids, g_strdup (id));
  g_array_append_val (out->fingerprints, values[0]);
}

/**
 * pr_store_read_fingerprints:
 * @store: a store
 * @table: the source table
 * @mapping_version: the mapping's version
 * @ids: (element-type utf8): where each record's id is added
 * @fingerprints: (element-type guint64): where its fingerprint is added
 * @error: return location for a #GError
 *
 * The fingerprints an intake check compares with, and nothing else: those
 * of @table made with @mapping_version, not sparse, not retired, as
 * pr_store_check() reads them. Their passages, which
 * pr_store_load_fingerprints() reads for a rescan, are left on the server.
 *
 * Returns: %FALSE on error
 */
gboolean
pr_store_read_fingerprints (PrStore     *self,
                            const char  *table,
                            guint64      mapping_version,
                            GPtrArray   *ids,
                            GArray      *fingerprints,
                            GError     **error)
{
  g_autofree char *sql = NULL;
  const PrStoreKey *key;
  unsigned long lengths[2];
  MYSQL_BIND params[3];
  IdsAndFingerprints out = { ids, fingerprints };

  g_return_val_if_fail (self != NULL && ids != NULL && fingerprints != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  sql = g_strdup_printf ("SELECT record_id, fingerprint FROM %s WHERE source_database = ? AND source_table = ? "
                         "AND mapping_version = ? AND retired_at IS NULL AND sparse = 0", self->q_fingerprints);
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_u64 (&params[2], &mapping_version);
  return _pr_store_for_each_row (self, sql, params, 1, add_id_and_fingerprint, &out,
                                 _("cannot read the stored fingerprints"), error);
}

typedef struct {
  GHashTable *live;     /* record id → itself: stored and not retired */
  GHashTable *retired;  /* record id → itself: stored and retired */
} StoredIds;

static void
add_stored_id (const char    *id,
               const guint64 *values,
               gpointer       user_data)
{
  StoredIds *ids = user_data;
  char *copy = g_strdup (id);

  g_hash_table_add (values[0] ? ids->live : ids->retired, copy);
}

/* Appends "(?, ?, …)" for @n of @ids from @start to @sql, each bound to
 * its id in @params and @lengths (from their first element). */
void
_pr_store_append_ids (GString       *sql,
                      MYSQL_BIND    *params,
                      unsigned long *lengths,
                      GPtrArray     *ids,
                      guint          start,
                      guint          n)
{
  g_string_append_c (sql, '(');
  for (guint i = 0; i < n; i++)
    {
      g_string_append (sql, i == 0 ? "?" : ", ?");
      _pr_statement_bind_string (&params[i], ids->pdata[start + i], &lengths[i]);
    }
  g_string_append_c (sql, ')');
}

/* Runs "UPDATE … SET retired_at = @value WHERE (the key) AND record_id
 * IN (…)" for @ids, BATCH_ROWS at a time. */
static gboolean
set_retired (PrStore           *self,
             const PrStoreKey  *key,
             GPtrArray         *ids,
             const char        *value,
             GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_ROWS + 2);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_ROWS + 2);

  for (guint start = 0; start < ids->len; start += BATCH_ROWS)
    {
      guint n = MIN (BATCH_ROWS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "UPDATE %s SET retired_at = %s WHERE source_database = ? AND source_table = ? "
                       "AND record_id IN ", self->q_fingerprints, value);
      _pr_store_bind_key (params, key, lengths);
      _pr_store_append_ids (sql, params + 2, lengths + 2, ids, start, n);
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL,
                              _("cannot retire stored fingerprints"), error))
        return FALSE;
    }
  return TRUE;
}

/* The upsert of changed fingerprints, one prepared statement per batch
 * size, its parameters rebound for each batch. */
#define UPSERT_COLUMNS 13

static char *
upsert_sql (PrStore *self,
            guint    n_rows)
{
  GString *sql = g_string_new (NULL);

  g_string_printf (sql, "INSERT INTO %s (source_database, source_table, record_id, fingerprint, b0, b1, b2, b3, "
                   "content_hash, sparse, parts, mapping_version, scan_id, scanned_at, retired_at) VALUES ",
                   self->q_fingerprints);
  for (guint i = 0; i < n_rows; i++)
    g_string_append (sql, i == 0 ? "(?,?,?,?,?,?,?,?,?,?,?,?,?,UTC_TIMESTAMP(6),NULL)"
                                 : ",(?,?,?,?,?,?,?,?,?,?,?,?,?,UTC_TIMESTAMP(6),NULL)");
  /* A returning record (retired before) is live again. */
  g_string_append (sql, " ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint), b0 = VALUES(b0), "
                   "b1 = VALUES(b1), b2 = VALUES(b2), b3 = VALUES(b3), content_hash = VALUES(content_hash), "
                   "sparse = VALUES(sparse), parts = VALUES(parts), mapping_version = VALUES(mapping_version), "
                   "scan_id = VALUES(scan_id), scanned_at = VALUES(scanned_at), retired_at = NULL");
  return g_string_free (sql, FALSE);
}

static gboolean
write_fingerprints (PrStore        *self,
                    const PrStoreKey *key,
                    guint64         mapping_version,
                    gint64          scan_id,
                    GArray         *rows,
                    char *const    *record_ids,
                    const guint64  *fingerprints,
                    const guint64  *content_hashes,
                    const guint8   *sparse,
                    const PrPartTable *parts,
                    GError        **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_ROWS * UPSERT_COLUMNS);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_ROWS * 4);
  g_autoptr(GPtrArray) encoded = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint16 *blocks = g_new0 (guint16, BATCH_ROWS * 4);
  g_autofree guint8 *sparse_values = g_new0 (guint8, BATCH_ROWS);
  /* A batch is as many rows as the server takes in one statement: a
   * record's passages can take kilobytes, and a server whose
   * max_allowed_packet is small refuses a batch of 500. */
  gsize budget = _pr_connection_statement_budget (self->connection);
  MYSQL_STMT *stmt = NULL;
  guint prepared_rows = 0;
  gboolean ok = FALSE;

  for (guint start = 0, n = 0; start < rows->len; start += n)
    {
      gsize bytes = 0;

      g_ptr_array_set_size (encoded, 0);
      for (n = 0; n < BATCH_ROWS && start + n < rows->len; n++)
        {
          gsize i = g_array_index (rows, gsize, start + n);
          MYSQL_BIND *p = params + n * UPSERT_COLUMNS;
          guint8 *part_bytes = NULL;
          gsize part_length = 0;
          gsize row_bytes;

          if (parts != NULL && parts->counts[i] > 0)
            part_bytes = pr_parts_encode (parts->parts + parts->offsets[i], parts->counts[i], &part_length);
          /* The values and, per value, a type, a length and a null bit. */
          row_bytes = strlen (key->database) + strlen (key->table) + strlen (record_ids[i]) + part_length +
                      UPSERT_COLUMNS * 12 + 64;
          if (n > 0 && bytes + row_bytes > budget)
            {
              g_free (part_bytes);
              break;
            }
          if (row_bytes > budget)
            {
              g_free (part_bytes);
              g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_PACKET_TOO_LARGE,
                           _("cannot write the fingerprints: the stored passages of record “%s” take %zu"
                             " bytes, more than the server's max_allowed_packet lets one statement carry (%zu"
                             " bytes with its margin); ask the database administrator to raise it "
                             "(SET GLOBAL max_allowed_packet = 67108864, and the same in the server's "
                             "configuration), then scan again"),
                           record_ids[i], row_bytes, budget);
              goto out;
            }
          bytes += row_bytes;

          for (guint b = 0; b < 4; b++)
            blocks[n * 4 + b] = (guint16) (fingerprints[i] >> (16 * b));
          sparse_values[n] = sparse != NULL && sparse[i] ? 1 : 0;
          _pr_store_bind_key (p, key, &lengths[n * 4]);
          _pr_statement_bind_string (&p[2], record_ids[i], &lengths[n * 4 + 2]);
          _pr_statement_bind_u64 (&p[3], &fingerprints[i]);
          for (guint b = 0; b < 4; b++)
            _pr_statement_bind_u16 (&p[4 + b], &blocks[n * 4 + b]);
          _pr_statement_bind_u64 (&p[8], &content_hashes[i]);
          _pr_statement_bind_u8 (&p[9], &sparse_values[n]);
          /* NULL: no parts made; empty: none found. A record too short
           * for a passage is stored empty, not NULL, or every rescan
           * would take it for one never split and fingerprint it again. */
          _pr_statement_bind_null (&p[10]);
          if (parts != NULL)
            {
              if (part_bytes != NULL)
                g_ptr_array_add (encoded, part_bytes);
              _pr_statement_bind_blob (&p[10], part_bytes, part_length, &lengths[n * 4 + 3]);
            }
          _pr_statement_bind_u64 (&p[11], &mapping_version);
          _pr_statement_bind_i64 (&p[12], &scan_id);
        }

      if (n != prepared_rows)
        {
          g_autofree char *sql = upsert_sql (self, n);

          g_clear_pointer (&stmt, mysql_stmt_close);
          stmt = _pr_statement_prepare (self->connection, sql, _("cannot write the fingerprints"), error);
          if (stmt == NULL)
            goto out;
          prepared_rows = n;
        }
      if (!_pr_statement_execute (stmt, params, _("cannot write the fingerprints"), error))
        goto out;
    }
  ok = TRUE;

out:
  g_clear_pointer (&stmt, mysql_stmt_close);
  return ok;
}

/**
 * pr_store_commit_scan:
 * @store: a store
 * @scan_id: a scan from pr_store_begin_scan(), still running
 * @table: its source table
 * @mapping_version: the mapping's version
 * @n_records: the number of records the scan read
 * @record_ids: (array length=n_records): every record the scan read, each
 *   id at most once
 * @fingerprints: (array length=n_records): their fingerprints
 * @content_hashes: (array length=n_records): their content hashes
 * @sparse: (array length=n_records) (nullable): nonzero for records with
 *   too few features; %NULL: none
 * @changed: (array length=n_records) (nullable): nonzero for records to
 *   (re)write — new, changed, or stored with another mapping version;
 *   %NULL: all. For the others the stored fingerprint is kept and the
 *   three arrays above are not read.
 * @parts: (nullable): the records' parts, stored with the changed ones;
 *   %NULL: none made (an incremental scan with parts makes them again)
 * @counts: (nullable): the scan's counts, stored with it; retired_records
 *   is not taken from here but counted by the store. %NULL: only
 *   @n_records as the records read
 * @cases: (nullable) (inout): the scan's clusters, numbered as cases
 *   against the table's open cases (pr-store-cases.c), their numbers
 *   filled in; the commit fails when they differ from @cases->expected
 *   (when given); %NULL: the stored cases stay as they are
 * @kept_ids: (nullable) (element-type utf8): records the scan skipped
 *   (bad rows): still in the table, so their stored fingerprints stay as
 *   they are, neither written nor retired
 * @retire_none: a skipped row's id could not be read: no stored record is
 *   retired, since any could be that row
 * @error: return location for a #GError
 *
 * Writes the fingerprints of the changed records, retires the stored ones
 * of records not in @record_ids (their rows stay, with retired_at set;
 * decisions about them are untouched), makes live again returning records,
 * numbers the cases, replaces the table's judged pairs with those
 * pr_store_keep_judged() kept for the scan, and marks it 'complete' — all in one
 * transaction: either all of it is written, or none of it, and the scan
 * stays 'running' (call
 * pr_store_end_scan() then). Releases the table's scan lock on success.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_commit_scan (PrStore             *self,
                      gint64               scan_id,
                      const char          *table,
                      guint64              mapping_version,
                      gsize                n_records,
                      char *const         *record_ids,
                      const guint64       *fingerprints,
                      const guint64       *content_hashes,
                      const guint8        *sparse,
                      const guint8        *changed,
                      const PrPartTable   *parts,
                      const PrScanCounts  *counts,
                      PrScanCases         *cases,
                      GPtrArray           *kept_ids,
                      gboolean             retire_none,
                      GError             **error)
{
  g_autoptr(GHashTable) scanned = g_hash_table_new (g_str_hash, g_str_equal);
  StoredIds stored = { 0 };
  g_autoptr(GArray) to_write = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GPtrArray) to_retire = g_ptr_array_new ();
  g_autoptr(GPtrArray) to_revive = g_ptr_array_new ();
  g_autofree char *sql = NULL;
  g_autoptr(GPtrArray) status_rows = NULL;
  PrScanCounts zero = { 0 };
  const PrStoreKey *where;
  unsigned long lengths[2];
  MYSQL_BIND params[9];
  char scan_id_text[24];
  const char *status_params[3];
  guint64 retired;
  gboolean passages_stored = FALSE;
  gboolean ok = FALSE;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || record_ids != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || fingerprints != NULL, FALSE);
  g_return_val_if_fail (n_records == 0 || content_hashes != NULL, FALSE);

  zero.records = n_records;
  if (counts == NULL)
    counts = &zero;
  if ((where = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;

  /* Everything that can be checked here is, before the first write. */
  for (gsize i = 0; i < n_records; i++)
    {
      if (!_pr_store_check_record_id (record_ids[i], _("the record id"), error))
        return FALSE;
      if (!g_hash_table_add (scanned, record_ids[i]))
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the record id “%s” appears twice in one scan of “%s”"), record_ids[i], table);
          return FALSE;
        }
      if (changed == NULL || changed[i])
        g_array_append_val (to_write, i);
    }

  if (!_pr_store_begin_transaction (self, error))
    return FALSE;

  /* The scan row is locked for the transaction: its status cannot change
   * under us (another begin_scan calling it interrupted). */
  g_snprintf (scan_id_text, sizeof scan_id_text, "%" G_GINT64_FORMAT, scan_id);
  status_params[0] = scan_id_text;
  status_params[1] = where->database;
  status_params[2] = where->table;
  sql = g_strdup_printf ("SELECT status FROM %s WHERE id = ? AND source_database = ? AND source_table = ? "
                         "FOR UPDATE", self->q_scans);
  status_rows = _pr_connection_select (self->connection, sql, status_params, 3, error);
  if (status_rows == NULL)
    goto out;
  if (status_rows->len == 0 || g_strcmp0 (((PrDbRow *) status_rows->pdata[0])->values[0], "running") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("scan %lld of “%s” is not running (%s); its results are not stored"),
                   (long long) scan_id, table, status_rows->len == 0 ? _("no such scan")
                   : ((PrDbRow *) status_rows->pdata[0])->values[0]);
      goto out;
    }

  stored.live = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stored.retired = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("SELECT record_id, retired_at IS NULL FROM %s WHERE source_database = ? "
                         "AND source_table = ?", self->q_fingerprints);
  _pr_store_bind_key (params, where, lengths);
  if (!_pr_store_for_each_row (self, sql, params, 1, add_stored_id, &stored,
                     _("cannot read the stored fingerprints"), error))
    goto out;

  for (gsize i = 0; i < n_records; i++)
    {
      if (changed == NULL || changed[i])
        continue;
      if (g_hash_table_contains (stored.retired, record_ids[i]))
        g_ptr_array_add (to_revive, record_ids[i]);
      else if (!g_hash_table_contains (stored.live, record_ids[i]))
        {
          /* A caller's mistake, and storing nothing for it would lose the
           * record from every later check. */
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the record “%s” is marked unchanged but has no stored fingerprint"), record_ids[i]);
          goto out;
        }
    }
  for (guint i = 0; kept_ids != NULL && i < kept_ids->len; i++)
    g_hash_table_add (scanned, kept_ids->pdata[i]);
  g_hash_table_iter_init (&iter, stored.live);
  while (!retire_none && g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (scanned, key))
      g_ptr_array_add (to_retire, key);
  retired = to_retire->len;

  if (!write_fingerprints (self, where, mapping_version, scan_id, to_write, record_ids,
                           fingerprints, content_hashes, sparse, parts, error) ||
      !set_retired (self, where, to_retire, "UTC_TIMESTAMP(6)", error) ||
      !set_retired (self, where, to_revive, "NULL", error))
    goto out;
  /* The passages by hash follow the parts: the records written, retired
   * and live again; or, when the last scan did not keep them and the
   * index is asked for (pr_store_set_index_passages ()), every live
   * record's, from the parts now stored. Only this mapping's: a kept
   * record of another has none. */
  if (!_pr_store_passages_stored (self, where, &passages_stored, error))
    goto out;
  if (passages_stored ? !_pr_store_write_passages (self, where, to_write, record_ids, sparse, parts, error) ||
                        !_pr_store_remove_passages (self, where, to_retire, error) ||
                        !_pr_store_copy_passages (self, where, mapping_version, to_revive, error) ||
                        !_pr_store_drop_other_versions (self, where, mapping_version, kept_ids, error)
                      : self->index_passages && !_pr_store_copy_passages (self, where, mapping_version, NULL, error))
    goto out;
  passages_stored = passages_stored || self->index_passages;
  if (cases != NULL)
    {
      g_autoptr(GHashTable) kept = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; kept_ids != NULL && i < kept_ids->len; i++)
        g_hash_table_add (kept, kept_ids->pdata[i]);
      if (!_pr_store_assign_cases (self, where, scan_id, cases, kept, retire_none ? scanned : NULL, error))
        goto out;
    }
  if (!_pr_store_write_judged (self, where, scan_id, error) ||
      !_pr_store_write_part_pairs (self, where, scan_id, error) ||
      !_pr_store_write_short_texts (self, where, scan_id, error))
    goto out;

  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("UPDATE %s SET status = 'complete', finished_at = UTC_TIMESTAMP(6), "
                         "records = ?, new_records = ?, changed_records = ?, refingerprinted_records = ?, "
                         "retired_records = ?, pairs = ?, clusters = ?, cases_numbered = %d, passages_stored = %d, "
                         "message = NULL WHERE id = ?",
                         self->q_scans, cases != NULL, passages_stored);
  _pr_statement_bind_u64 (&params[0], &counts->records);
  _pr_statement_bind_u64 (&params[1], &counts->new_records);
  _pr_statement_bind_u64 (&params[2], &counts->changed_records);
  _pr_statement_bind_u64 (&params[3], &counts->refingerprinted_records);
  _pr_statement_bind_u64 (&params[4], &retired);
  _pr_statement_bind_u64 (&params[5], &counts->pairs);
  _pr_statement_bind_u64 (&params[6], &counts->clusters);
  _pr_statement_bind_i64 (&params[7], &scan_id);
  if (!_pr_statement_run (self->connection, sql, params, NULL, NULL, _("cannot mark the scan complete"), error) ||
      !_pr_store_commit_transaction (self, error))
    goto out;

  ok = TRUE;
  release_scan_lock (self, scan_id);
  g_debug ("scan %" G_GINT64_FORMAT " of %s: %u written, %u retired, %u back", scan_id, table,
           to_write->len, to_retire->len, to_revive->len);

out:
  if (!ok)
    _pr_store_rollback_transaction (self);
  g_clear_pointer (&stored.live, g_hash_table_unref);
  g_clear_pointer (&stored.retired, g_hash_table_unref);
  return ok;
}

/**
 * pr_store_end_scan:
 * @store: a store
 * @scan_id: a running scan
 * @status: %PR_SCAN_FAILED or %PR_SCAN_CANCELLED
 * @message: (nullable): why, for the scan's record
 * @error: return location for a #GError
 *
 * Marks a scan that will not be committed, on the caller's error and
 * cancel paths, and releases the table's scan lock (even when the update
 * fails: with the connection gone, the server has released it anyway).
 * A scan no longer running is left as it is.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_end_scan (PrStore       *self,
                   gint64         scan_id,
                   PrScanStatus   status,
                   const char    *message,
                   GError       **error)
{
  g_autofree char *sql = NULL;
  unsigned long lengths[2];
  MYSQL_BIND params[3];
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (status == PR_SCAN_FAILED || status == PR_SCAN_CANCELLED, FALSE);

  sql = g_strdup_printf ("UPDATE %s SET status = ?, finished_at = UTC_TIMESTAMP(6), message = ? "
                         "WHERE id = ? AND status = 'running'", self->q_scans);
  _pr_statement_bind_string (&params[0], status == PR_SCAN_FAILED ? "failed" : "cancelled", &lengths[0]);
  _pr_statement_bind_string (&params[1], message, &lengths[1]);
  _pr_statement_bind_i64 (&params[2], &scan_id);
  ok = _pr_statement_run (self->connection, sql, params, NULL, NULL, _("cannot mark the scan ended"), error);
  release_scan_lock (self, scan_id);

  return ok;
}

/* Single-record check */

/**
 * pr_store_match_clear:
 * @match: a match
 *
 * Frees the match's contents, not the match: the clear func of the
 * array pr_store_check() returns.
 */
void
pr_store_match_clear (PrStoreMatch *match)
{
  g_clear_pointer (&match->record_id, g_free);
}

static void
add_match (const char    *id,
           const guint64 *values,
           gpointer       user_data)
{
  PrStoreMatch match = { g_strdup (id), (guint32) values[0] };

  g_array_append_val (user_data, match);
}

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const PrStoreMatch *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return strcmp (x->record_id, y->record_id);
}

/**
 * pr_store_check:
 * @store: a store
 * @table: the source table
 * @mapping_version: the fingerprints' version (pr_fingerprint_version()):
 *   fingerprints made under another mapping are not comparable
 * @fingerprint: the fingerprint of a record (stored or not)
 * @k: the largest distance to report
 * @error: return location for a #GError
 *
 * Which stored records of @table are within @k bits of @fingerprint,
 * leaving out retired and sparse ones. A stored record with this very
 * fingerprint (the record itself, when checked by id) is among them, at
 * distance 0. For k ≤ 3 at least one of the four 16-bit blocks is equal
 * (pigeonhole), so the block indexes find the candidates; a larger k
 * reads every stored fingerprint of the table.
 *
 * Returns: (transfer full) (element-type PrStoreMatch): the matches by
 *   distance, then record id (byte order); %NULL on error
 */
GArray *
pr_store_check (PrStore     *self,
                const char  *table,
                guint64      mapping_version,
                guint64      fingerprint,
                guint        k,
                GError     **error)
{
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
  g_autoptr(GString) sql = g_string_new (NULL);
  guint16 blocks[4];
  guint64 k64 = k;
  const PrStoreKey *key;
  unsigned long lengths[2];
  MYSQL_BIND params[4 * 7];
  guint n_params = 0;

  g_return_val_if_fail (self != NULL, NULL);

  g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return NULL;

  /* One ranged read per block index, each evaluating BIT_COUNT on the
   * index entries (index condition pushdown) so that only the matches are
   * read from the table; an OR of the blocks became an index merge that
   * read all ~600 candidates of 10^7 from the table. UNION drops a record
   * found through two blocks. */
  for (guint b = 0; b < (k <= 3 ? 4 : 1); b++)
    {
      if (b > 0)
        g_string_append (sql, " UNION ");
      g_string_append_printf (sql, "SELECT record_id, BIT_COUNT(fingerprint ^ ?) FROM %s ",
                              self->q_fingerprints);
      _pr_statement_bind_u64 (&params[n_params++], &fingerprint);
      if (k <= 3)
        {
          /* Pigeonhole: within 3 bits, one of the four blocks is equal. */
          blocks[b] = (guint16) (fingerprint >> (16 * b));
          g_string_append_printf (sql, "FORCE INDEX (pr_fingerprints_b%u) WHERE b%u = ? AND ", b, b);
          _pr_statement_bind_u16 (&params[n_params++], &blocks[b]);
        }
      else
        g_string_append (sql, "WHERE ");
      g_string_append (sql, "BIT_COUNT(fingerprint ^ ?) <= ? AND source_database = ? AND source_table = ? "
                       "AND mapping_version = ? AND retired_at IS NULL AND sparse = 0");
      _pr_statement_bind_u64 (&params[n_params++], &fingerprint);
      _pr_statement_bind_u64 (&params[n_params++], &k64);
      _pr_store_bind_key (&params[n_params], key, lengths);
      n_params += 2;
      _pr_statement_bind_u64 (&params[n_params++], &mapping_version);
    }

  if (!_pr_store_for_each_row (self, sql->str, params, 1, add_match, matches,
                     _("cannot check against the stored fingerprints"), error))
    return NULL;

  g_array_sort (matches, compare_matches);
  return g_steal_pointer (&matches);
}

/**
 * pr_store_get_last_k:
 * @store: a store
 * @table: the source table
 * @k: (out): the k of the last complete scan of @table that numbered its
 *   cases; 0 when it has none
 * @found: (out): whether there is one
 * @error: return location for a #GError
 *
 * A scan with another k forms other clusters, which get new case numbers:
 * the caller says so.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_get_last_k (PrStore     *self,
                     const char  *table,
                     guint       *k,
                     gboolean    *found,
                     GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT k FROM %s WHERE source_database = ? AND source_table = ? "
                                          "AND status = 'complete' AND cases_numbered ORDER BY id DESC LIMIT 1",
                                          self->q_scans);
  const PrStoreKey *key;
  g_autoptr(GPtrArray) rows = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  *k = 0;
  *found = FALSE;
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { key->database, key->table }, 2, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len > 0)
    {
      *k = (guint) g_ascii_strtoull (((PrDbRow *) rows->pdata[0])->values[0], NULL, 10);
      *found = TRUE;
    }
  return TRUE;
}

/**
 * pr_store_check_scanned:
 * @store: a store
 * @table: the source table
 * @mapping_version: the version of the mapping a check fingerprints with
 * @error: return location for a #GError
 *
 * Whether the last complete scan of @table stored its fingerprints with
 * @mapping_version, which pr_store_check() compares with: against another
 * mapping's fingerprints a check finds nothing, an answer that must not
 * pass for "no repeat".
 *
 * Returns: %FALSE with %PR_DB_ERROR_QUERY naming the scan's mapping, or
 *   saying that nothing was scanned
 */
gboolean
pr_store_check_scanned (PrStore     *self,
                        const char  *table,
                        guint64      mapping_version,
                        GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT mapping_version, mapping, started_at FROM %s "
                                          "WHERE source_database = ? AND source_table = ? AND status = 'complete' "
                                          "ORDER BY id DESC LIMIT 1", self->q_scans);
  g_autofree char *version_text = g_strdup_printf ("%" G_GUINT64_FORMAT, mapping_version);
  const PrStoreKey *key;
  g_autoptr(GPtrArray) rows = NULL;
  const PrDbRow *row;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { key->database, key->table }, 2, error);
  if (rows == NULL)
    return FALSE;
  if (rows->len == 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the store “%s” holds no complete scan of “%s” of the database “%s”; "
                     "scan the table with --store first"),
                   self->schema, table, key->database);
      return FALSE;
    }
  row = rows->pdata[0];
  if (g_strcmp0 (row->values[0], version_text) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the fingerprints of “%s” were stored with another mapping (the scan of %s used: %s); "
                     "give the mapping flags that scan was given"),
                   table, row->values[2], row->values[1]);
      return FALSE;
    }
  return TRUE;
}

/* The record's stored fingerprint, and its id as stored: the record's
 * own match carries that id, which the id asked for may equal only in the
 * column's collation ("536 " is "536" in a PAD SPACE one). */
typedef struct {
  gboolean found;
  guint64  values[3];   /* fingerprint, sparse, mapping_version */
  char    *id;
} StoredRecord;

static void
keep_fingerprint (const char    *id,
                  const guint64 *values,
                  gpointer       user_data)
{
  StoredRecord *out = user_data;

  out->found = TRUE;
  memcpy (out->values, values, sizeof out->values);
  g_free (out->id);
  out->id = g_strdup (id);
}

/**
 * pr_store_check_record:
 * @store: a store
 * @table: the source table
 * @record_id: a record with a stored, live fingerprint
 * @k: the largest distance to report
 * @error: return location for a #GError
 *
 * pr_store_check() with the stored fingerprint of @record_id, the record
 * itself left out. A sparse record matches nothing (empty records are not
 * repeats of each other on fingerprint alone).
 *
 * Returns: (transfer full) (element-type PrStoreMatch): the matches, as
 *   pr_store_check(); %NULL with %PR_DB_ERROR_QUERY when the record has no
 *   live stored fingerprint
 */
GArray *
pr_store_check_record (PrStore     *self,
                       const char  *table,
                       const char  *record_id,
                       guint        k,
                       GError     **error)
{
  g_autofree char *sql = NULL;
  g_autoptr(GArray) matches = NULL;
  StoredRecord found = { 0 };
  g_autofree char *stored_id = NULL;
  const PrStoreKey *key;
  unsigned long lengths[3];
  MYSQL_BIND params[3];

  g_return_val_if_fail (self != NULL, NULL);

  if ((key = _pr_store_resolve (self, table, error)) == NULL ||
      !_pr_store_check_record_id (record_id, _("the record id"), error))
    return NULL;

  sql = g_strdup_printf ("SELECT record_id, fingerprint, sparse, mapping_version FROM %s "
                         "WHERE source_database = ? AND source_table = ? AND record_id = ? AND retired_at IS NULL",
                         self->q_fingerprints);
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_string (&params[2], record_id, &lengths[2]);
  if (!_pr_store_for_each_row (self, sql, params, 3, keep_fingerprint, &found,
                     _("cannot read the record's stored fingerprint"), error))
    {
      g_free (found.id);
      return NULL;
    }
  stored_id = found.id;
  if (!found.found)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                   _("the record “%s” of “%s” has no stored fingerprint; scan the table, "
                     "or check the record's own fingerprint"), record_id, table);
      return NULL;
    }
  if (found.values[1])
    {
      matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
      g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
      return g_steal_pointer (&matches);
    }

  /* Against the fingerprints made the way this one was. */
  matches = pr_store_check (self, table, found.values[2], found.values[0], k, error);
  if (matches == NULL)
    return NULL;
  for (guint i = 0; i < matches->len; i++)
    if (strcmp (g_array_index (matches, PrStoreMatch, i).record_id, stored_id) == 0)
      {
        g_array_remove_index (matches, i);
        break;
      }
  return g_steal_pointer (&matches);
}
