/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's judgements of a table's last complete scan, kept in
 * pr_judged_pairs, so that a rescan judges only the pairs whose records
 * changed. A pair is keyed by what determines its probability exactly
 * (pr-pair-judge-key.c): a hash of each record as the judge reads it,
 * the pair's petitioner evidence, and, for the whole set, the judge key
 * (weights, features' version, folding, mapping); a set made under
 * another judge key is not read.
 *
 * The pairs are packed, 21 bytes each, into rows of up to JUDGED_CHUNK pairs:
 * a row a pair would cost five times that with its keys and index, and a
 * million INSERTed rows would lengthen the scan's commit by minutes. Each
 * complete scan's commit replaces the set, in its own transaction
 * (_pr_store_write_judged ()): a failed scan leaves the last one's.
 */
#define G_LOG_DOMAIN "pr-store-judged"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-store-judged.h"
#include "pr-store-private.h"

/* 21 bytes a pair: at most about 1 MB a row, fewer pairs where the
 * server's max_allowed_packet is smaller. */
#define PAIR_BYTES 21
#define JUDGED_CHUNK 40000

struct _PrJudgedKept {
  gint64   scan_id;
  guint64  judge_key;
  double   probability;
  GArray  *pairs;   /* PrJudgedPair */
};

void
_pr_judged_kept_free (PrJudgedKept *kept)
{
  if (kept == NULL)
    return;
  g_array_unref (kept->pairs);
  g_free (kept);
}

static int
compare_judged (gconstpointer x,
                gconstpointer y)
{
  const PrJudgedPair *p = x, *q = y;

  if (p->hash_a != q->hash_a)
    return p->hash_a < q->hash_a ? -1 : 1;
  if (p->hash_b != q->hash_b)
    return p->hash_b < q->hash_b ? -1 : 1;
  return (p->petitioner > q->petitioner) - (p->petitioner < q->petitioner);
}

/* Sorts @pairs (PrJudgedPair) for pr_judged_pairs_find (). */
void
pr_judged_pairs_sort (GArray *pairs)
{
  g_array_sort (pairs, compare_judged);
}

/**
 * pr_judged_pairs_find:
 * @pairs: (element-type PrJudgedPair): sorted (pr_judged_pairs_sort ())
 * @key: the hashes and petitioner evidence looked for
 *
 * Returns: (nullable): the kept judgement of the pair @key, or %NULL
 */
const PrJudgedPair *
pr_judged_pairs_find (GArray             *pairs,
                      const PrJudgedPair *key)
{
  /* An empty array's data may be NULL, which bsearch () must not get. */
  if (pairs->len == 0)
    return NULL;
  return bsearch (key, pairs->data, pairs->len, sizeof *key, compare_judged);
}

static void
pack (guint8             *out,
      const PrJudgedPair *pair)
{
  guint64 a = GUINT64_TO_LE (pair->hash_a), b = GUINT64_TO_LE (pair->hash_b);
  guint32 bits;

  G_STATIC_ASSERT (sizeof bits == sizeof pair->probability);
  memcpy (&bits, &pair->probability, sizeof bits);
  bits = GUINT32_TO_LE (bits);
  memcpy (out, &a, 8);
  memcpy (out + 8, &b, 8);
  out[16] = pair->petitioner;
  memcpy (out + 17, &bits, 4);
}

static void
unpack (const guint8 *in,
        PrJudgedPair *pair)
{
  guint64 a, b;
  guint32 bits;

  memcpy (&a, in, 8);
  memcpy (&b, in + 8, 8);
  memcpy (&bits, in + 17, 4);
  bits = GUINT32_FROM_LE (bits);
  pair->hash_a = GUINT64_FROM_LE (a);
  pair->hash_b = GUINT64_FROM_LE (b);
  pair->petitioner = in[16];
  memcpy (&pair->probability, &bits, sizeof bits);
}

/**
 * pr_store_load_judged:
 * @store: a store
 * @table: the source table
 * @judge_key: pr_pair_judge_key () of the scan about to judge
 * @error: return location for a #GError
 *
 * The pairs the last complete scan of @table judged, if it judged them
 * with @judge_key; none if it judged them otherwise (other weights, say)
 * or kept none.
 *
 * Returns: (transfer full) (element-type PrJudgedPair): the pairs, sorted;
 *   %NULL with @error set on failure
 */
GArray *
pr_store_load_judged (PrStore     *self,
                      const char  *table,
                      guint64      judge_key,
                      GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT scan_id, judge_key, n_pairs, pairs FROM %s WHERE "
                                          "source_database = ? AND source_table = ? ORDER BY chunk",
                                          self->q_judged);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrJudgedPair));
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  const char *what = _("cannot read the judged pairs kept in the store");
  const PrStoreKey *key;
  MYSQL_STMT *stmt;
  MYSQL_BIND params[2], results[4] = { 0 };
  unsigned long lengths[2], blob_length = 0;
  my_bool nulls[4] = { 0 };
  gint64 scan_id = 0, first_scan_id = 0;
  guint64 stored_key = 0, n_pairs = 0;
  gboolean ok = FALSE, other = FALSE;

  g_return_val_if_fail (self != NULL, NULL);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return NULL;
  _pr_store_bind_key (params, key, lengths);
  if ((stmt = _pr_statement_query (self->connection, sql, params, what, error)) == NULL)
    return NULL;
  _pr_statement_bind_i64 (&results[0], &scan_id);
  _pr_statement_bind_u64 (&results[1], &stored_key);
  _pr_statement_bind_u64 (&results[2], &n_pairs);
  for (guint i = 0; i < 3; i++)
    results[i].is_null = &nulls[i];
  /* No buffer: the length is learnt at each row, then the bytes fetched. */
  _pr_statement_bind_result (&results[3], MYSQL_TYPE_BLOB, NULL, 0, &blob_length, &nulls[3]);
  if (!_pr_statement_bind_results (stmt, results, what, error))
    goto out;
  for (;;)
    {
      PrFetchStatus status = _pr_statement_fetch (stmt, what, error);

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;
      if (first_scan_id == 0)
        first_scan_id = scan_id;
      /* Rows of two scans, or of another judge: none of them is read. */
      other = other || scan_id != first_scan_id || stored_key != judge_key;
      if (other)
        continue;
      if (nulls[3] || blob_length != n_pairs * PAIR_BYTES)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the judged pairs kept for “%s” in the schema “%s” are damaged (%lu bytes for %llu "
                         "pairs); delete them (DELETE FROM pr_judged_pairs) and scan again"),
                       table, self->schema, blob_length, (unsigned long long) n_pairs);
          goto out;
        }
      g_byte_array_set_size (blob, blob_length);
      if (blob_length > 0 &&
          !_pr_statement_fetch_column (stmt, 3, MYSQL_TYPE_BLOB, blob->data, blob_length, what, error))
        goto out;
      for (guint64 i = 0; i < n_pairs; i++)
        {
          PrJudgedPair pair;

          unpack (blob->data + i * PAIR_BYTES, &pair);
          g_array_append_val (pairs, pair);
        }
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  if (!ok)
    return NULL;
  if (other)
    g_array_set_size (pairs, 0);
  pr_judged_pairs_sort (pairs);
  return g_steal_pointer (&pairs);
}

/**
 * pr_store_keep_judged:
 * @store: a store
 * @scan_id: a running scan
 * @judge_key: pr_pair_judge_key () the pairs were judged with
 * @probability: the probability the scan joins its pairs at
 * @pairs: (transfer full) (element-type PrJudgedPair): every pair it judged
 *
 * Keeps @pairs for the commit of @scan_id (pr_store_commit_scan ()), which
 * replaces the table's kept pairs with them and stores @probability with
 * the scan.
 */
void
pr_store_keep_judged (PrStore *self,
                      gint64   scan_id,
                      guint64  judge_key,
                      double   probability,
                      GArray  *pairs)
{
  g_return_if_fail (self != NULL && pairs != NULL);

  g_clear_pointer (&self->judged, _pr_judged_kept_free);
  self->judged = g_new0 (PrJudgedKept, 1);
  self->judged->scan_id = scan_id;
  self->judged->judge_key = judge_key;
  self->judged->probability = probability;
  self->judged->pairs = pairs;
}

/* In the commit's transaction: replaces the table's kept pairs with those
 * pr_store_keep_judged () kept for @scan_id, if it kept any. */
gboolean
_pr_store_write_judged (PrStore          *self,
                        const PrStoreKey *where,
                        gint64            scan_id,
                        GError          **error)
{
  g_autofree char *delete = NULL;
  g_autofree char *insert = NULL;
  g_autofree char *mark = NULL;
  g_autofree guint8 *bytes = NULL;
  char probability[G_ASCII_DTOSTR_BUF_SIZE];
  const char *what = _("cannot keep the judged pairs in the store");
  PrJudgedKept *kept = self->judged;
  MYSQL_BIND params[7];
  unsigned long lengths[3];
  guint32 per_row;

  if (kept == NULL || kept->scan_id != scan_id)
    return TRUE;
  delete = g_strdup_printf ("DELETE FROM %s WHERE source_database = ? AND source_table = ?", self->q_judged);
  _pr_store_bind_key (params, where, lengths);
  if (!_pr_statement_run (self->connection, delete, params, NULL, NULL, what, error))
    return FALSE;

  insert = g_strdup_printf ("INSERT INTO %s (source_database, source_table, chunk, scan_id, judge_key, n_pairs, "
                            "pairs) VALUES (?, ?, ?, ?, ?, ?, ?)", self->q_judged);
  /* Fewer pairs a row where the server's max_allowed_packet is smaller
   * than a full row. */
  per_row = MIN (JUDGED_CHUNK, MAX (1, (_pr_connection_statement_budget (self->connection) - 256) / PAIR_BYTES));
  bytes = g_malloc (MAX (1, (gsize) MIN (kept->pairs->len, per_row) * PAIR_BYTES));
  /* A scan that judged no pair still writes one empty row: the intake
   * tells a judged scan by it (pr_store_get_last_judged ()). */
  for (guint32 chunk = 0, start = 0; chunk == 0 || start < kept->pairs->len; chunk++, start += per_row)
    {
      guint64 n = MIN (per_row, kept->pairs->len - start);

      for (guint64 i = 0; i < n; i++)
        pack (bytes + i * PAIR_BYTES, &g_array_index (kept->pairs, PrJudgedPair, start + i));
      _pr_store_bind_key (params, where, lengths);
      _pr_statement_bind_u32 (&params[2], &chunk);
      _pr_statement_bind_i64 (&params[3], &scan_id);
      _pr_statement_bind_u64 (&params[4], &kept->judge_key);
      _pr_statement_bind_u64 (&params[5], &n);
      _pr_statement_bind_blob (&params[6], bytes, n * PAIR_BYTES, &lengths[2]);
      if (!_pr_statement_run (self->connection, insert, params, NULL, NULL, what, error))
        return FALSE;
    }
  /* A number written by g_ascii_dtostr (), exact and locale-free. */
  mark = g_strdup_printf ("UPDATE %s SET judge_probability = %s WHERE id = ?", self->q_scans,
                          g_ascii_dtostr (probability, sizeof probability, kept->probability));
  _pr_statement_bind_i64 (&params[0], &scan_id);
  return _pr_statement_run (self->connection, mark, params, NULL, NULL, what, error);
}

/**
 * pr_store_get_last_judged:
 * @store: a store
 * @table: the source table
 * @judged: (out): whether the last complete scan of @table that numbered
 *   its cases judged its candidate pairs with the second stage
 * @judge_key: (out) (optional): then its pr_pair_judge_key (); 0 otherwise
 * @probability: (out) (optional): then the probability it joined its pairs
 *   at; -1 otherwise, or when that scan is older than the store's keeping it
 * @error: return location for a #GError
 *
 * The intake check judges as that scan did: its cases were formed so.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_get_last_judged (PrStore     *self,
                          const char  *table,
                          gboolean    *judged,
                          guint64     *judge_key,
                          double      *probability,
                          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT (SELECT j.judge_key FROM %s j WHERE j.source_database = ? AND "
                                          "j.source_table = ? AND j.scan_id = s.id LIMIT 1), s.judge_probability FROM %s s WHERE "
                                          "s.source_database = ? AND s.source_table = ? AND s.status = 'complete' "
                                          "AND s.cases_numbered ORDER BY s.id DESC LIMIT 1",
                                          self->q_judged, self->q_scans);
  const PrStoreKey *key;
  g_autoptr(GPtrArray) rows = NULL;
  const char *value;

  g_return_val_if_fail (self != NULL, FALSE);

  *judged = FALSE;
  if (judge_key != NULL)
    *judge_key = 0;
  if (probability != NULL)
    *probability = -1;
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  rows = _pr_connection_select (self->connection, sql,
                                (const char *[]) { key->database, key->table, key->database, key->table }, 4, error);
  if (rows == NULL)
    return FALSE;
  value = rows->len > 0 ? ((PrDbRow *) rows->pdata[0])->values[0] : NULL;
  *judged = value != NULL;
  if (judge_key != NULL && value != NULL)
    *judge_key = g_ascii_strtoull (value, NULL, 10);
  if (probability != NULL && value != NULL && ((PrDbRow *) rows->pdata[0])->values[1] != NULL)
    *probability = g_ascii_strtod (((PrDbRow *) rows->pdata[0])->values[1], NULL);
  return TRUE;
}
