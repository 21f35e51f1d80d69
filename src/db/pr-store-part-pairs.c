/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The part matcher's answer for a table, kept in pr_part_pairs, so that a
 * rescan of a table nothing in which changed takes the pairs that share
 * passages, and the boilerplate, instead of matching every record's
 * passages again (a third of such a rescan). The answer is kept under the
 * match key (pr-part-match-key.c), which covers everything the matcher
 * reads: a scan whose key differs matches the whole set again, and its
 * commit replaces the kept answer with its own.
 *
 * Pairs are kept by their records' places in the set, which the key
 * fixes. They are packed, 16 bytes each, and the boilerplate's hashes, 8
 * bytes each, into rows of at most PAIRS_CHUNK pairs and BOILERPLATE_CHUNK
 * hashes (under 1 MB a row), fewer where the server's max_allowed_packet
 * is smaller; a match with neither still has its row 0, so that "nothing
 * found" is kept too. Every row carries the match's totals, so that a
 * reader misses no row, the last one included.
 */
#define G_LOG_DOMAIN "pr-store-part-pairs"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-store-part-pairs.h"
#include "pr-store-private.h"

#define PAIR_BYTES 16
#define PAIRS_CHUNK 30000
#define BOILERPLATE_CHUNK 60000

struct _PrPartPairsKept {
  gint64   scan_id;
  guint64  match_key;
  GArray  *pairs;        /* PrPartPair */
  GArray  *boilerplate;  /* guint64 */
};

void
_pr_part_pairs_kept_free (PrPartPairsKept *kept)
{
  if (kept == NULL)
    return;
  g_array_unref (kept->pairs);
  g_array_unref (kept->boilerplate);
  g_free (kept);
}

static void
pack (guint8           *out,
      const PrPartPair *pair)
{
  guint32 a = GUINT32_TO_LE (pair->a), b = GUINT32_TO_LE (pair->b);
  guint64 bits;

  G_STATIC_ASSERT (sizeof bits == sizeof pair->containment);
  memcpy (&bits, &pair->containment, sizeof bits);
  bits = GUINT64_TO_LE (bits);
  memcpy (out, &a, 4);
  memcpy (out + 4, &b, 4);
  memcpy (out + 8, &bits, 8);
}

static void
unpack (const guint8 *in,
        PrPartPair   *pair)
{
  guint32 a, b;
  guint64 bits;

  memcpy (&a, in, 4);
  memcpy (&b, in + 4, 4);
  memcpy (&bits, in + 8, 8);
  bits = GUINT64_FROM_LE (bits);
  pair->a = GUINT32_FROM_LE (a);
  pair->b = GUINT32_FROM_LE (b);
  memcpy (&pair->containment, &bits, sizeof bits);
}

static void
set_damaged (PrStore     *self,
             const char  *table,
             GError     **error)
{
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
               _("the passage pairs kept for “%s” in the schema “%s” are damaged; delete them "
                 "(DELETE FROM pr_part_pairs) and scan again"),
               table, self->schema);
}

/**
 * pr_store_load_part_pairs:
 * @store: a store
 * @table: the source table
 * @match_key: pr_part_match_key () of the records just read
 * @n_records: how many there are
 * @pairs: (element-type PrPartPair): appended the kept pairs, in the
 *   matcher's order
 * @boilerplate: (element-type guint64): appended the kept boilerplate, ascending
 * @found: (out): whether the store keeps a match under @match_key
 * @error: return location for a #GError
 *
 * What the part matcher found for a set whose key was @match_key, if the
 * store keeps it; with *@found %FALSE, @pairs and @boilerplate are left
 * as they were and the set is to be matched.
 *
 * Returns: %FALSE with @error set if the kept pairs could not be read
 */
gboolean
pr_store_load_part_pairs (PrStore     *self,
                          const char  *table,
                          guint64      match_key,
                          gsize        n_records,
                          GArray      *pairs,
                          GArray      *boilerplate,
                          gboolean    *found,
                          GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT chunk, n_pairs, pairs, n_boilerplate, boilerplate, total_pairs, "
                                          "total_boilerplate FROM %s WHERE "
                                          "source_database = ? AND source_table = ? AND match_key = ? "
                                          "ORDER BY chunk", self->q_part_pairs);
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  const char *what = _("cannot read the passage pairs kept in the store");
  const PrStoreKey *key;
  MYSQL_STMT *stmt;
  MYSQL_BIND params[3], results[7] = { 0 };
  unsigned long lengths[2], pairs_length = 0, boilerplate_length = 0;
  my_bool nulls[7] = { 0 };
  guint32 chunk = 0, expected = 0;
  guint64 n_pairs = 0, n_boilerplate = 0, total_pairs = 0, total_boilerplate = 0;
  guint64 first_total_pairs = 0, first_total_boilerplate = 0;
  guint pairs_start = pairs->len, boilerplate_start = boilerplate->len;
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL && found != NULL, FALSE);

  *found = FALSE;
  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  _pr_store_bind_key (params, key, lengths);
  _pr_statement_bind_u64 (&params[2], &match_key);
  if ((stmt = _pr_statement_query (self->connection, sql, params, what, error)) == NULL)
    return FALSE;
  _pr_statement_bind_u32 (&results[0], &chunk);
  _pr_statement_bind_u64 (&results[1], &n_pairs);
  _pr_statement_bind_u64 (&results[3], &n_boilerplate);
  _pr_statement_bind_u64 (&results[5], &total_pairs);
  _pr_statement_bind_u64 (&results[6], &total_boilerplate);
  /* No buffers: the lengths are learnt at each row, then the bytes fetched. */
  _pr_statement_bind_result (&results[2], MYSQL_TYPE_BLOB, NULL, 0, &pairs_length, &nulls[2]);
  _pr_statement_bind_result (&results[4], MYSQL_TYPE_BLOB, NULL, 0, &boilerplate_length, &nulls[4]);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    results[i].is_null = &nulls[i];
  if (!_pr_statement_bind_results (stmt, results, what, error))
    goto out;
  for (;; expected++)
    {
      PrFetchStatus status = _pr_statement_fetch (stmt, what, error);

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;
      if (expected == 0)
        {
          first_total_pairs = total_pairs;
          first_total_boilerplate = total_boilerplate;
        }
      if (nulls[0] || nulls[1] || nulls[2] || nulls[3] || nulls[4] || nulls[5] || nulls[6] || chunk != expected ||
          pairs_length != n_pairs * PAIR_BYTES || boilerplate_length != n_boilerplate * sizeof (guint64) ||
          total_pairs != first_total_pairs || total_boilerplate != first_total_boilerplate ||
          n_pairs > total_pairs - (pairs->len - pairs_start) ||
          n_boilerplate > total_boilerplate - (boilerplate->len - boilerplate_start))
        {
          set_damaged (self, table, error);
          goto out;
        }
      g_byte_array_set_size (blob, pairs_length);
      if (pairs_length > 0 &&
          !_pr_statement_fetch_column (stmt, 2, MYSQL_TYPE_BLOB, blob->data, pairs_length, what, error))
        goto out;
      for (guint64 i = 0; i < n_pairs; i++)
        {
          PrPartPair pair;

          unpack (blob->data + i * PAIR_BYTES, &pair);
          /* The key fixed the set: a pair outside it is no pair of it. */
          if (pair.a >= pair.b || pair.b >= n_records)
            {
              set_damaged (self, table, error);
              goto out;
            }
          g_array_append_val (pairs, pair);
        }
      g_byte_array_set_size (blob, boilerplate_length);
      if (boilerplate_length > 0 &&
          !_pr_statement_fetch_column (stmt, 4, MYSQL_TYPE_BLOB, blob->data, boilerplate_length, what, error))
        goto out;
      for (guint64 i = 0; i < n_boilerplate; i++)
        {
          guint64 hash;

          memcpy (&hash, blob->data + i * sizeof hash, sizeof hash);
          hash = GUINT64_FROM_LE (hash);
          g_array_append_val (boilerplate, hash);
        }
    }
  /* Rows lost after the last read (a gap before it is caught above). */
  if (pairs->len - pairs_start != first_total_pairs || boilerplate->len - boilerplate_start != first_total_boilerplate)
    {
      set_damaged (self, table, error);
      goto out;
    }
  *found = expected > 0;
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  if (!ok)
    {
      g_array_set_size (pairs, pairs_start);
      g_array_set_size (boilerplate, boilerplate_start);
    }
  return ok;
}

/**
 * pr_store_keep_part_pairs:
 * @store: a store
 * @scan_id: a running scan
 * @match_key: pr_part_match_key () of its records
 * @pairs: (element-type PrPartPair): every pair the matcher found, in its order
 * @boilerplate: (element-type guint64): the boilerplate it found
 *
 * Keeps @pairs and @boilerplate (a reference to each) for the commit of
 * @scan_id (pr_store_commit_scan ()), which replaces the table's kept
 * match with them.
 */
void
pr_store_keep_part_pairs (PrStore *self,
                          gint64   scan_id,
                          guint64  match_key,
                          GArray  *pairs,
                          GArray  *boilerplate)
{
  g_return_if_fail (self != NULL && pairs != NULL && boilerplate != NULL);

  g_clear_pointer (&self->part_pairs, _pr_part_pairs_kept_free);
  self->part_pairs = g_new0 (PrPartPairsKept, 1);
  self->part_pairs->scan_id = scan_id;
  self->part_pairs->match_key = match_key;
  self->part_pairs->pairs = g_array_ref (pairs);
  self->part_pairs->boilerplate = g_array_ref (boilerplate);
}

/* In the commit's transaction: replaces the table's kept match with the
 * one pr_store_keep_part_pairs () kept for @scan_id, if it kept one. */
gboolean
_pr_store_write_part_pairs (PrStore          *self,
                            const PrStoreKey *where,
                            gint64            scan_id,
                            GError          **error)
{
  g_autofree char *delete = NULL;
  g_autofree char *insert = NULL;
  g_autofree guint8 *pair_bytes = NULL;
  g_autofree guint64 *hashes = NULL;
  const char *what = _("cannot keep the passage pairs in the store");
  PrPartPairsKept *kept = self->part_pairs;
  MYSQL_BIND params[10];
  unsigned long lengths[4];
  guint64 n_pairs, n_boilerplate;
  gsize budget, pairs_chunk, boilerplate_chunk;

  if (kept == NULL || kept->scan_id != scan_id)
    return TRUE;
  delete = g_strdup_printf ("DELETE FROM %s WHERE source_database = ? AND source_table = ?", self->q_part_pairs);
  _pr_store_bind_key (params, where, lengths);
  if (!_pr_statement_run (self->connection, delete, params, NULL, NULL, what, error))
    return FALSE;

  insert = g_strdup_printf ("INSERT INTO %s (source_database, source_table, chunk, match_key, n_pairs, pairs, "
                            "n_boilerplate, boilerplate, total_pairs, total_boilerplate) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self->q_part_pairs);
  n_pairs = kept->pairs->len;
  n_boilerplate = kept->boilerplate->len;
  /* A row carries both blobs: each takes half of what a statement may
   * carry on this server (max_allowed_packet), at most a full chunk. */
  budget = _pr_connection_statement_budget (self->connection);
  pairs_chunk = CLAMP (budget / 2 / PAIR_BYTES, 1, PAIRS_CHUNK);
  boilerplate_chunk = CLAMP (budget / 2 / sizeof (guint64), 1, BOILERPLATE_CHUNK);
  pair_bytes = g_malloc ((gsize) MAX (1, MIN (n_pairs, pairs_chunk)) * PAIR_BYTES);
  hashes = g_new (guint64, MAX (1, MIN (n_boilerplate, boilerplate_chunk)));
  for (guint32 chunk = 0, p = 0, h = 0; chunk == 0 || p < n_pairs || h < n_boilerplate; chunk++)
    {
      guint64 np = MIN (pairs_chunk, n_pairs - p), nh = MIN (boilerplate_chunk, n_boilerplate - h);

      for (guint64 i = 0; i < np; i++)
        pack (pair_bytes + i * PAIR_BYTES, &g_array_index (kept->pairs, PrPartPair, p + i));
      for (guint64 i = 0; i < nh; i++)
        hashes[i] = GUINT64_TO_LE (g_array_index (kept->boilerplate, guint64, h + i));
      _pr_store_bind_key (params, where, lengths);
      _pr_statement_bind_u32 (&params[2], &chunk);
      _pr_statement_bind_u64 (&params[3], &kept->match_key);
      _pr_statement_bind_u64 (&params[4], &np);
      _pr_statement_bind_blob (&params[5], pair_bytes, np * PAIR_BYTES, &lengths[2]);
      _pr_statement_bind_u64 (&params[6], &nh);
      _pr_statement_bind_blob (&params[7], (const guint8 *) hashes, nh * sizeof (guint64), &lengths[3]);
      _pr_statement_bind_u64 (&params[8], &n_pairs);
      _pr_statement_bind_u64 (&params[9], &n_boilerplate);
      if (!_pr_statement_run (self->connection, insert, params, NULL, NULL, what, error))
        return FALSE;
      p += np;
      h += nh;
    }
  return TRUE;
}
