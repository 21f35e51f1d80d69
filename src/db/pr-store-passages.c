/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The stored records' passages by hash (pr_passages): one row per record
 * and distinct part, with the most words the record has for it, written in
 * the scan's transaction beside the parts in pr_fingerprints, so that an
 * intake check asks the server for the holders of a new text's passages
 * instead of reading every stored record's parts.
 */
#define G_LOG_DOMAIN "pr-store-passages"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>
#include <string.h>

#include "pr-store-private.h"

/* Rows per multi-row INSERT (5 placeholders each), and ids or hashes per
 * IN list: a few thousand placeholders a statement at most. */
#define BATCH_ROWS 500
#define BATCH_IDS 500

static int
compare_parts (const void *a,
               const void *b)
{
  const PrPart *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  return x->n_tokens > y->n_tokens ? -1 : x->n_tokens < y->n_tokens;
}

/* The rows waiting for one multi-row INSERT. */
typedef struct {
  PrStore          *self;
  const PrStoreKey *key;
  MYSQL_STMT       *stmt;      /* prepared for BATCH_ROWS rows */
  GPtrArray        *ids;       /* (element-type utf8) one per row */
  GArray           *hashes;    /* guint64 */
  GArray           *words;     /* guint8 */
} Inserter;

/* Writes @n queued rows from @first. */
static gboolean
insert_rows (Inserter  *ins,
             guint      first,
             guint      n,
             GError   **error)
{
  g_autofree MYSQL_BIND *params = NULL;
  g_autofree unsigned long *lengths = NULL;
  MYSQL_STMT *stmt = ins->stmt;
  gboolean ok;

  if (n != BATCH_ROWS || stmt == NULL)
    {
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "INSERT INTO %s (source_database, source_table, record_id, hash, words) VALUES ",
                       ins->self->q_passages);
      for (guint i = 0; i < n; i++)
        g_string_append (sql, i == 0 ? "(?,?,?,?,?)" : ",(?,?,?,?,?)");
      stmt = _pr_statement_prepare (ins->self->connection, sql->str, _("cannot write the stored passages"), error);
      if (stmt == NULL)
        return FALSE;
      if (n == BATCH_ROWS)
        ins->stmt = stmt;
    }
  params = g_new0 (MYSQL_BIND, n * 5);
  lengths = g_new0 (unsigned long, n * 3);
  for (guint i = 0; i < n; i++)
    {
      MYSQL_BIND *p = params + i * 5;

      _pr_store_bind_key (p, ins->key, &lengths[i * 3]);
      _pr_statement_bind_string (&p[2], ins->ids->pdata[first + i], &lengths[i * 3 + 2]);
      _pr_statement_bind_u64 (&p[3], &g_array_index (ins->hashes, guint64, first + i));
      _pr_statement_bind_u8 (&p[4], &g_array_index (ins->words, guint8, first + i));
    }
  ok = _pr_statement_execute (stmt, params, _("cannot write the stored passages"), error);
  if (stmt != ins->stmt)
    mysql_stmt_close (stmt);
  return ok;
}

/* Writes every queued row, BATCH_ROWS a statement. Not while a result is
 * being read on the connection. */
static gboolean
inserter_flush (Inserter  *ins,
                GError   **error)
{
  gboolean ok = TRUE;

  for (guint first = 0; ok && first < ins->ids->len; first += BATCH_ROWS)
    ok = insert_rows (ins, first, MIN (BATCH_ROWS, ins->ids->len - first), error);
  g_ptr_array_set_size (ins->ids, 0);
  g_array_set_size (ins->hashes, 0);
  g_array_set_size (ins->words, 0);
  return ok;
}

static void
inserter_init (Inserter         *ins,
               PrStore          *self,
               const PrStoreKey *key)
{
  ins->self = self;
  ins->key = key;
  ins->stmt = NULL;
  ins->ids = g_ptr_array_new_with_free_func (g_free);
  ins->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  ins->words = g_array_new (FALSE, FALSE, sizeof (guint8));
}

static void
inserter_clear (Inserter *ins)
{
  g_clear_pointer (&ins->stmt, mysql_stmt_close);
  g_clear_pointer (&ins->ids, g_ptr_array_unref);
  g_clear_pointer (&ins->hashes, g_array_unref);
  g_clear_pointer (&ins->words, g_array_unref);
}

/* Queues @id's distinct parts, each with the most words the record has
 * for it, as the intake's in-memory index counts them. */
static void
inserter_add (Inserter      *ins,
              const char    *id,
              const PrPart  *parts,
              gsize          n_parts)
{
  g_autofree PrPart *sorted = g_memdup2 (parts, n_parts * sizeof (PrPart));

  if (n_parts > 1)
    qsort (sorted, n_parts, sizeof (PrPart), compare_parts);
  for (gsize i = 0; i < n_parts; i++)
    {
      guint64 hash = sorted[i].hash;
      guint8 words = sorted[i].n_tokens;

      if (i > 0 && sorted[i].hash == sorted[i - 1].hash)
        continue;
      g_ptr_array_add (ins->ids, g_strdup (id));
      g_array_append_val (ins->hashes, hash);
      g_array_append_val (ins->words, words);
    }
}

/**
 * _pr_store_passages_stored:
 * @key: the source table
 * @stored: (out): whether the last complete scan of @key wrote its
 *   passages to pr_passages, which holds them all then
 *
 * A store made before the table existed has scans that did not: until
 * one does, the table lacks their records.
 */
gboolean
_pr_store_passages_stored (PrStore           *self,
                           const PrStoreKey  *key,
                           gboolean          *stored,
                           GError           **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT passages_stored FROM %s WHERE source_database = ? "
                                          "AND source_table = ? AND status = 'complete' ORDER BY id DESC LIMIT 1",
                                          self->q_scans);
  g_autoptr(GPtrArray) rows = NULL;

  *stored = FALSE;
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { key->database, key->table }, 2, error);
  if (rows == NULL)
    return FALSE;
  *stored = rows->len > 0 && g_strcmp0 (((PrDbRow *) rows->pdata[0])->values[0], "1") == 0;
  return TRUE;
}

static void
add_id (const char    *id,
        const guint64 *values,
        gpointer       user_data)
{
  g_ptr_array_add (user_data, g_strdup (id));
}

/* Adds the passages of @ids, as pr_passages holds them now, to their
 * counts (@add), or takes them away. */
static gboolean
count_passages_of (PrStore           *self,
                   const PrStoreKey  *key,
                   GPtrArray         *ids,
                   gboolean           add,
                   GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_IDS + 4);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_IDS + 4);

  for (guint start = 0; start < ids->len; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      _pr_store_bind_key (params, key, lengths);
      if (add)
        g_string_printf (sql, "INSERT INTO %s (source_database, source_table, hash, n) "
                         "SELECT source_database, source_table, hash, COUNT(*) FROM %s "
                         "WHERE source_database = ? AND source_table = ? AND record_id IN ",
                         self->q_passage_counts, self->q_passages);
      else
        g_string_printf (sql, "UPDATE %s c JOIN (SELECT hash, COUNT(*) AS k FROM %s "
                         "WHERE source_database = ? AND source_table = ? AND record_id IN ",
                         self->q_passage_counts, self->q_passages);
      _pr_store_append_ids (sql, params + 2, lengths + 2, ids, start, n);
      if (add)
        g_string_append (sql, " GROUP BY hash ON DUPLICATE KEY UPDATE n = n + VALUES(n)");
      else
        {
          g_string_append (sql, " GROUP BY hash) d ON c.hash = d.hash SET c.n = c.n - d.k "
                           "WHERE c.source_database = ? AND c.source_table = ?");
          _pr_store_bind_key (params + 2 + n, key, lengths + 2 + n);
        }
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL,
                              _("cannot count the stored passages"), error))
        return FALSE;
    }
  return TRUE;
}

/* Deletes the rows of @ids (all of @key's when NULL), and their counts. */
static gboolean
delete_passages (PrStore           *self,
                 const PrStoreKey  *key,
                 GPtrArray         *ids,
                 GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_IDS + 2);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_IDS + 2);

  if (ids == NULL)
    {
      const char *tables[] = { self->q_passages, self->q_passage_counts };

      for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
        {
          g_autofree char *sql = g_strdup_printf ("DELETE FROM %s WHERE source_database = ? AND source_table = ?",
                                                  tables[t]);

          _pr_store_bind_key (params, key, lengths);
          if (!_pr_statement_run (self->connection, sql, params, NULL, NULL,
                                  _("cannot remove stored passages"), error))
            return FALSE;
        }
      return TRUE;
    }
  if (!count_passages_of (self, key, ids, FALSE, error))
    return FALSE;
  for (guint start = 0; start < ids->len; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "DELETE FROM %s WHERE source_database = ? AND source_table = ? AND record_id IN ",
                       self->q_passages);
      _pr_store_bind_key (params, key, lengths);
      _pr_store_append_ids (sql, params + 2, lengths + 2, ids, start, n);
      if (!_pr_statement_run (self->connection, sql->str, params, NULL, NULL,
                              _("cannot remove stored passages"), error))
        return FALSE;
    }
  return TRUE;
}

/**
 * _pr_store_remove_passages:
 * @ids: (element-type utf8): records retired
 *
 * Their passages are no longer any check's evidence.
 */
gboolean
_pr_store_remove_passages (PrStore           *self,
                           const PrStoreKey  *key,
                           GPtrArray         *ids,
                           GError           **error)
{
  return delete_passages (self, key, ids, error);
}

/**
 * _pr_store_drop_other_versions:
 * @ids: (element-type utf8): records a scan kept without reading them
 *
 * Removes the passages of those of @ids stored under another mapping than
 * @mapping_version, so that the table holds the last scan's mapping's
 * alone, as the intake compares with.
 */
gboolean
_pr_store_drop_other_versions (PrStore           *self,
                               const PrStoreKey  *key,
                               guint64            mapping_version,
                               GPtrArray         *ids,
                               GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_IDS + 3);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_IDS + 3);
  g_autoptr(GPtrArray) other = g_ptr_array_new_with_free_func (g_free);

  for (guint start = 0; ids != NULL && start < ids->len; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);
      g_autoptr(GPtrArray) rows = NULL;

      g_string_printf (sql, "SELECT record_id FROM %s WHERE source_database = ? AND source_table = ? "
                       "AND mapping_version <> ? AND record_id IN ", self->q_fingerprints);
      _pr_store_bind_key (params, key, lengths);
      _pr_statement_bind_u64 (&params[2], &mapping_version);
      _pr_store_append_ids (sql, params + 3, lengths + 3, ids, start, n);
      if (!_pr_store_for_each_row (self, sql->str, params, 0, add_id, other,
                                   _("cannot read the stored fingerprints"), error))
        return FALSE;
    }
  return other->len == 0 || delete_passages (self, key, other, error);
}

/**
 * _pr_store_write_passages:
 * @rows: (element-type gsize): the records written, by index
 * @parts: (nullable): their parts; %NULL: none made
 *
 * Replaces the passages of the records the scan wrote: a sparse record,
 * or one stored without parts, has none.
 */
gboolean
_pr_store_write_passages (PrStore           *self,
                          const PrStoreKey  *key,
                          GArray            *rows,
                          char *const       *record_ids,
                          const guint8      *sparse,
                          const PrPartTable *parts,
                          GError           **error)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_sized_new (rows->len);
  Inserter ins;
  gboolean ok = TRUE;

  for (guint r = 0; r < rows->len; r++)
    g_ptr_array_add (ids, record_ids[g_array_index (rows, gsize, r)]);
  if (!delete_passages (self, key, ids, error))
    return FALSE;
  if (parts == NULL || parts->parts == NULL)
    return TRUE;

  inserter_init (&ins, self, key);
  for (guint r = 0; ok && r < rows->len; r++)
    {
      gsize i = g_array_index (rows, gsize, r);

      if (sparse != NULL && sparse[i])
        continue;
      inserter_add (&ins, record_ids[i], parts->parts + parts->offsets[i], parts->counts[i]);
      if (ins.ids->len >= BATCH_ROWS)
        ok = inserter_flush (&ins, error);
    }
  ok = ok && inserter_flush (&ins, error) && count_passages_of (self, key, ids, TRUE, error);
  inserter_clear (&ins);
  return ok;
}

typedef struct {
  Inserter *ins;
  char     *last_id;
  guint     n_rows;
} Copying;

static gboolean
copy_row (const char    *id,
          const guint8  *bytes,
          gsize          length,
          gpointer       user_data,
          GError       **error)
{
  Copying *copying = user_data;
  g_autoptr(GError) local_error = NULL;
  g_autofree PrPart *parts = NULL;
  guint n_parts = 0;

  g_free (copying->last_id);
  copying->last_id = g_strdup (id);
  copying->n_rows++;
  parts = pr_parts_decode (bytes, length, &n_parts, &local_error);
  if (local_error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("the record “%s”: "), id);
      return FALSE;
    }
  inserter_add (copying->ins, id, parts, n_parts);
  return TRUE;
}

/**
 * _pr_store_copy_passages:
 * @mapping_version: the scan's: the passages of records stored under
 *   another are not copied
 * @ids: (nullable) (element-type utf8): records live again; %NULL: every
 *   live record of @key
 *
 * Writes the passages of records from their stored parts, after deleting
 * any they had: the records a scan made live again unchanged, or, at the
 * first scan that keeps passages, all of them. Read a page at a time (by
 * record id), since the connection cannot insert while it streams.
 */
gboolean
_pr_store_copy_passages (PrStore           *self,
                         const PrStoreKey  *key,
                         guint64            mapping_version,
                         GPtrArray         *ids,
                         GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_IDS + 4);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_IDS + 4);
  Copying copying = { 0 };
  Inserter ins;
  gboolean ok = FALSE;
  guint start = 0;

  if (!delete_passages (self, key, ids, error))
    return FALSE;
  inserter_init (&ins, self, key);
  copying.ins = &ins;
  copying.last_id = g_strdup ("");
  for (;;)
    {
      g_autoptr(GString) sql = g_string_new (NULL);
      guint n = 0;

      g_string_printf (sql, "SELECT record_id, parts FROM %s WHERE source_database = ? AND source_table = ? "
                       "AND mapping_version = ? AND retired_at IS NULL AND sparse = 0 AND parts IS NOT NULL "
                       "AND LENGTH(parts) > 0 ", self->q_fingerprints);
      _pr_store_bind_key (params, key, lengths);
      _pr_statement_bind_u64 (&params[2], &mapping_version);
      if (ids == NULL)
        {
          /* Pages in the unique key's order: the same collation orders and compares. */
          g_string_append_printf (sql, "AND record_id > ? ORDER BY record_id LIMIT %d", BATCH_IDS);
          _pr_statement_bind_string (&params[3], copying.last_id, &lengths[3]);
        }
      else
        {
          if (start >= ids->len)
            break;
          n = MIN (BATCH_IDS, ids->len - start);
          g_string_append (sql, "AND record_id IN ");
          _pr_store_append_ids (sql, params + 3, lengths + 3, ids, start, n);
          start += n;
        }
      copying.n_rows = 0;
      if (!_pr_store_for_each_blob (self, sql->str, params, copy_row, &copying,
                                    _("cannot read the stored passages"), error) ||
          !inserter_flush (&ins, error))
        goto out;
      if (ids == NULL && copying.n_rows < BATCH_IDS)
        break;
    }
  if (ids != NULL)
    ok = count_passages_of (self, key, ids, TRUE, error);
  else
    {
      /* The hash index gives the passages in hash order, so the grouping
       * needs no temporary table and sort; MariaDB otherwise reads the
       * primary key and sorts on disk (5 minutes of a 10^6 first scan). */
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s (source_database, source_table, hash, n) "
                                              "SELECT source_database, source_table, hash, COUNT(*) "
                                              "FROM %s FORCE INDEX (pr_passages_hash) "
                                              "WHERE source_database = ? AND source_table = ? GROUP BY hash",
                                              self->q_passage_counts, self->q_passages);

      _pr_store_bind_key (params, key, lengths);
      ok = _pr_statement_run (self->connection, sql, params, NULL, NULL,
                              _("cannot count the stored passages"), error);
    }

out:
  g_free (copying.last_id);
  inserter_clear (&ins);
  return ok;
}

/**
 * pr_store_has_passages:
 * @store: a store
 * @table: the source table
 * @has: (out): whether pr_store_find_shared_passages() answers for @table:
 *   the last complete scan wrote the passages of every record
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error set on failure
 */
/**
 * pr_store_set_index_passages:
 * @index: whether the next commit of a scan builds the passages' index
 *   of its table when the table has none
 *
 * The index (pr_passages, pr_passage_counts) makes an intake check ask
 * the server for the holders of a text's passages instead of reading
 * every stored passage into memory at the first check; building it costs
 * a scan of a large table many inserts, so it is the administrator's
 * choice (scan --index-passages). Once a table has it, every scan keeps
 * it up to date, whatever this says.
 */
void
pr_store_set_index_passages (PrStore  *self,
                             gboolean  index)
{
  g_return_if_fail (self != NULL);
  self->index_passages = index;
}

gboolean
pr_store_has_passages (PrStore     *self,
                       const char  *table,
                       gboolean    *has,
                       GError     **error)
{
  const PrStoreKey *key;

  g_return_val_if_fail (self != NULL, FALSE);

  *has = FALSE;
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  return _pr_store_passages_stored (self, key, has, error);
}

typedef struct {
  PrStoreHolderFunc func;
  gpointer          user_data;
} Holders;

/* Runs @prefix, a SELECT ending in "hash IN ", for @hashes, BATCH_IDS a
 * statement: @fixed, the @n_fixed parameters before the list, then the
 * list's. */
static gboolean
select_by_hashes (PrStore           *self,
                  const char        *prefix,
                  const MYSQL_BIND  *fixed,
                  guint              n_fixed,
                  const guint64     *hashes,
                  gsize              n_hashes,
                  guint              n_values,
                  RowFunc            func,
                  gpointer           user_data,
                  GError           **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, n_fixed + BATCH_IDS);

  memcpy (params, fixed, n_fixed * sizeof (MYSQL_BIND));
  for (gsize start = 0; start < n_hashes; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, n_hashes - start);
      g_autoptr(GString) sql = g_string_new (prefix);

      for (guint i = 0; i < n; i++)
        {
          g_string_append (sql, i == 0 ? "(?" : ", ?");
          _pr_statement_bind_u64 (&params[n_fixed + i], (guint64 *) &hashes[start + i]);
        }
      g_string_append_c (sql, ')');
      if (!_pr_store_for_each_row (self, sql->str, params, n_values, func, user_data,
                                   _("cannot read the stored passages"), error))
        return FALSE;
    }
  return TRUE;
}

static void
add_count (const char    *hash,
           const guint64 *values,
           gpointer       user_data)
{
  Holders *holders = user_data;

  holders->func (g_ascii_strtoull (hash, NULL, 10), NULL, (guint) values[0], holders->user_data);
}

/* Tells @func the holder counts over @more_than of @table's passages:
 * of @hashes only, a batch at a time, or of every passage when @hashes
 * is %NULL. */
static gboolean
tell_counts (PrStore           *self,
             const char        *table,
             const guint64     *hashes,
             gsize              n_hashes,
             guint              more_than,
             PrStoreHolderFunc  func,
             gpointer           user_data,
             GError           **error)
{
  g_autofree char *sql = NULL;
  MYSQL_BIND params[3] = { 0 };
  unsigned long lengths[2];
  Holders holders = { func, user_data };
  guint64 more_than64 = more_than;
  const PrStoreKey *key;

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  sql = g_strdup_printf ("SELECT CAST(hash AS CHAR), n FROM %s WHERE source_database = ? AND source_table = ? "
                         "AND n > ?%s", self->q_passage_counts, hashes != NULL ? " AND hash IN " : "");
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_u64 (&params[2], &more_than64);
  if (hashes == NULL)
    return _pr_store_for_each_row (self, sql, params, 1, add_count, &holders,
                                   _("cannot read the stored passages"), error);
  return select_by_hashes (self, sql, params, 3, hashes, n_hashes, 1, add_count, &holders, error);
}

/**
 * pr_store_count_passage_holders:
 * @store: a store
 * @table: the source table, whose last scan kept its passages
 *   (pr_store_has_passages())
 * @hashes: (array length=n_hashes): distinct part hashes
 * @n_hashes: how many
 * @more_than: only the hashes held by more records than this are told
 * @func: called once for each of @hashes held by more than @more_than
 *   records, with %NULL for the record and the count as the words
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * How many live records were stored with each of @hashes among their
 * passages (under the last scan's mapping, which alone the table holds),
 * as pr_passage_counts keeps them: so that a part held by thousands is
 * known as boilerplate without reading its holders. The others are not
 * sent, since a check asks for hundreds of which few are boilerplate.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_count_passage_holders (PrStore           *self,
                                const char        *table,
                                const guint64     *hashes,
                                gsize              n_hashes,
                                guint              more_than,
                                PrStoreHolderFunc  func,
                                gpointer           user_data,
                                GError           **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (hashes != NULL || n_hashes == 0, FALSE);

  if (n_hashes == 0)
    return TRUE;
  return tell_counts (self, table, hashes, n_hashes, more_than, func, user_data, error);
}

/**
 * pr_store_read_frequent_passages:
 * @store: a store
 * @table: the source table, whose last scan kept its passages
 *   (pr_store_has_passages())
 * @more_than: only the hashes held by more records than this are told
 * @func: called once for each, with %NULL for the record and the count as
 *   the words
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * pr_store_count_passage_holders () for every passage of @table held by
 * more than @more_than live records: the boilerplate, read once, so that
 * each check need not ask for the counts of the thousands of passages its
 * candidates have and it lacks.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_read_frequent_passages (PrStore           *self,
                                 const char        *table,
                                 guint              more_than,
                                 PrStoreHolderFunc  func,
                                 gpointer           user_data,
                                 GError           **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return tell_counts (self, table, NULL, 0, more_than, func, user_data, error);
}

typedef struct {
  PrStoreSharedFunc func;
  gpointer          user_data;
} Shared;

static void
add_shared (const char    *id,
            const guint64 *values,
            gpointer       user_data)
{
  Shared *shared = user_data;

  /* values: hash, count, words, whether no holder was joined */
  shared->func (values[0], values[3] ? NULL : id, (guint) values[1], (guint) values[2], shared->user_data);
}

/**
 * pr_store_find_shared_passages:
 * @store: a store
 * @table: the source table, whose last scan kept its passages
 *   (pr_store_has_passages())
 * @hashes: (array length=n_hashes): distinct part hashes
 * @n_hashes: how many
 * @cap: the holders are read only of the hashes held by at most @cap
 *   records
 * @func: called, for each hash some record holds, once for each holder
 *   when it has at most @cap of them, else once with %NULL for the
 *   record; with the hash's count of holders each time
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * The live records holding each of @hashes among their passages, with
 * how many do, in one statement: the count is read from
 * pr_passage_counts, and the holders joined from the index on the hash
 * only when they are few, so that a passage held by thousands is known as
 * boilerplate by one read.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_find_shared_passages (PrStore           *self,
                               const char        *table,
                               const guint64     *hashes,
                               gsize              n_hashes,
                               guint              cap,
                               PrStoreSharedFunc  func,
                               gpointer           user_data,
                               GError           **error)
{
  g_autofree char *sql = NULL;
  MYSQL_BIND params[3] = { 0 };
  unsigned long lengths[2];
  Shared shared = { func, user_data };
  guint64 cap64 = cap;
  const PrStoreKey *key;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  sql = g_strdup_printf ("SELECT COALESCE(p.record_id, ''), c.hash, c.n, p.words, p.record_id IS NULL "
                         "FROM %s c LEFT JOIN %s p FORCE INDEX (pr_passages_hash) "
                         "ON p.source_database = c.source_database AND p.source_table = c.source_table "
                         "AND p.hash = c.hash AND c.n <= ? "
                         "WHERE c.source_database = ? AND c.source_table = ? AND c.hash IN ",
                         self->q_passage_counts, self->q_passages);
  _pr_statement_bind_u64 (&params[0], &cap64);
  _pr_store_bind_key (params + 1, key, lengths);
  return select_by_hashes (self, sql, params, 3, hashes, n_hashes, 4, add_shared, &shared, error);
}

static void
add_holder (const char    *id,
            const guint64 *values,
            gpointer       user_data)
{
  Holders *holders = user_data;

  /* values: hash, words */
  holders->func (values[0], id, (guint) values[1], holders->user_data);
}

/**
 * pr_store_read_passage_holders:
 * @store: a store
 * @table: the source table, whose last scan kept its passages
 *   (pr_store_has_passages())
 * @hashes: (array length=n_hashes): distinct part hashes, each held by
 *   few records (the caller knows those held by many: they were read
 *   ahead with pr_store_read_frequent_passages())
 * @n_hashes: how many
 * @func: called once for each live record holding one of @hashes, with
 *   the hash, the record and its words for it
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * pr_store_find_shared_passages() without the counts: a hash's holders
 * are its count, as pr_passage_counts keeps them, so a check that knows
 * the boilerplate need not read the counts of the rest, and the server
 * reads the hash index alone, once a hash.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_read_passage_holders (PrStore           *self,
                               const char        *table,
                               const guint64     *hashes,
                               gsize              n_hashes,
                               PrStoreHolderFunc  func,
                               gpointer           user_data,
                               GError           **error)
{
  g_autofree char *sql = NULL;
  MYSQL_BIND params[2] = { 0 };
  unsigned long lengths[2];
  Holders holders = { func, user_data };
  const PrStoreKey *key;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  sql = g_strdup_printf ("SELECT record_id, hash, words FROM %s FORCE INDEX (pr_passages_hash) "
                         "WHERE source_database = ? AND source_table = ? AND hash IN ", self->q_passages);
  _pr_store_bind_key (params, key, lengths);
  return select_by_hashes (self, sql, params, 2, hashes, n_hashes, 2, add_holder, &holders, error);
}

/**
 * pr_store_read_parts_of:
 * @store: a store
 * @table: the source table
 * @mapping_version: the parts' version
 * @ids: (element-type utf8): records, each once
 * @func: called for each of them stored live, not sparse, with parts of
 *   @mapping_version, with their parts as stored
 * @user_data: for @func
 * @error: return location for a #GError
 *
 * pr_store_read_passages() for a few records.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_read_parts_of (PrStore          *self,
                        const char       *table,
                        guint64           mapping_version,
                        GPtrArray        *ids,
                        PrStorePartsFunc  func,
                        gpointer          user_data,
                        GError          **error)
{
  g_autofree MYSQL_BIND *params = g_new0 (MYSQL_BIND, BATCH_IDS + 3);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, BATCH_IDS + 3);
  PrStorePartsReading read = { func, user_data };
  const PrStoreKey *key;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  for (guint start = 0; start < ids->len; start += BATCH_IDS)
    {
      guint n = MIN (BATCH_IDS, ids->len - start);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_string_printf (sql, "SELECT record_id, parts FROM %s WHERE source_database = ? AND source_table = ? "
                       "AND mapping_version = ? AND retired_at IS NULL AND sparse = 0 "
                       "AND parts IS NOT NULL AND LENGTH(parts) > 0 AND record_id IN ", self->q_fingerprints);
      _pr_store_bind_key (params, key, lengths);
      _pr_statement_bind_u64 (&params[2], &mapping_version);
      _pr_store_append_ids (sql, params + 3, lengths + 3, ids, start, n);
      if (!_pr_store_for_each_blob (self, sql->str, params, _pr_store_read_parts_row, &read,
                                    _("cannot read the stored passages"), error))
        return FALSE;
    }
  return TRUE;
}
