/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The short bodies of a table's last complete scan that judged its pairs,
 * kept in pr_short_texts with their distinct character 3-grams, so that
 * the intake check finds a new text's short-text candidates by the rule
 * the scan paired them by (pr-short-pairs.c): which 3-grams are rare
 * depends on every short body, so all are kept, not only the rare ones.
 *
 * Each body is packed as its id's length (2 bytes) and bytes, the number
 * of its 3-grams (4 bytes) and the 3-grams (8 bytes each), into rows
 * under the server's packet budget. Every commit replaces the table's
 * rows, in its own transaction (_pr_store_write_short_texts ()): a scan
 * that did not judge leaves none; one that judged leaves at least one
 * row, empty when it found no short body, so that the check tells a scan
 * that found none from one made before the store kept them.
 */
#define G_LOG_DOMAIN "pr-store-short-texts"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-store-private.h"
#include "pr-store-short-texts.h"

#define ROW_BYTES (1u << 20)

struct _PrShortTextsKept {
  gint64     scan_id;
  GPtrArray *ids;     /* char * */
  GPtrArray *grams;   /* GArray of guint64, ascending */
};

void
_pr_short_texts_kept_free (PrShortTextsKept *kept)
{
  if (kept == NULL)
    return;
  g_ptr_array_unref (kept->ids);
  g_ptr_array_unref (kept->grams);
  g_free (kept);
}

/**
 * pr_store_keep_short_texts:
 * @store: a store
 * @scan_id: a running scan
 * @ids: (transfer full) (element-type utf8): the record of each short body
 * @grams: (transfer full) (element-type GArray): its distinct 3-grams
 *   (pr_short_pairs_body_grams ())
 *
 * Keeps the short bodies for the commit of @scan_id
 * (pr_store_commit_scan ()), which replaces the table's with them.
 */
void
pr_store_keep_short_texts (PrStore   *self,
                           gint64     scan_id,
                           GPtrArray *ids,
                           GPtrArray *grams)
{
  g_return_if_fail (self != NULL && ids != NULL && grams != NULL && ids->len == grams->len);

  g_clear_pointer (&self->short_texts, _pr_short_texts_kept_free);
  self->short_texts = g_new0 (PrShortTextsKept, 1);
  self->short_texts->scan_id = scan_id;
  self->short_texts->ids = ids;
  self->short_texts->grams = grams;
}

static void
pack_body (GByteArray   *out,
           const char   *id,
           const GArray *grams)
{
  guint16 id_length = GUINT16_TO_LE ((guint16) strlen (id));
  guint32 n = GUINT32_TO_LE (grams->len);

  g_byte_array_append (out, (const guint8 *) &id_length, 2);
  g_byte_array_append (out, (const guint8 *) id, strlen (id));
  g_byte_array_append (out, (const guint8 *) &n, 4);
  for (guint i = 0; i < grams->len; i++)
    {
      guint64 gram = GUINT64_TO_LE (g_array_index (grams, guint64, i));

      g_byte_array_append (out, (const guint8 *) &gram, 8);
    }
}

static gboolean
insert_row (PrStore          *self,
            const PrStoreKey *where,
            guint32           chunk,
            gint64            scan_id,
            guint32           n_bodies,
            GByteArray       *bytes,
            const char       *what,
            GError          **error)
{
  g_autofree char *insert = g_strdup_printf ("INSERT INTO %s (source_database, source_table, chunk, scan_id, "
                                             "n_bodies, bodies) VALUES (?, ?, ?, ?, ?, ?)", self->q_short_texts);
  MYSQL_BIND params[6];
  unsigned long lengths[3];

  _pr_store_bind_key (params, where, lengths);
  _pr_statement_bind_u32 (&params[2], &chunk);
  _pr_statement_bind_i64 (&params[3], &scan_id);
  _pr_statement_bind_u32 (&params[4], &n_bodies);
  _pr_statement_bind_blob (&params[5], bytes->data, bytes->len, &lengths[2]);
  return _pr_statement_run (self->connection, insert, params, NULL, NULL, what, error);
}

/* In the commit's transaction: replaces the table's short bodies with
 * those pr_store_keep_short_texts () kept for @scan_id, or with none. */
gboolean
_pr_store_write_short_texts (PrStore          *self,
                             const PrStoreKey *where,
                             gint64            scan_id,
                             GError          **error)
{
  g_autofree char *delete = g_strdup_printf ("DELETE FROM %s WHERE source_database = ? AND source_table = ?",
                                             self->q_short_texts);
  const char *what = _("cannot keep the short texts in the store");
  PrShortTextsKept *kept = self->short_texts;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  MYSQL_BIND params[2];
  unsigned long lengths[2];
  gsize budget = MIN (ROW_BYTES, MAX (1024, _pr_connection_statement_budget (self->connection) - 256));
  guint32 chunk = 0, n_bodies = 0;

  _pr_store_bind_key (params, where, lengths);
  if (!_pr_statement_run (self->connection, delete, params, NULL, NULL, what, error))
    return FALSE;
  if (kept == NULL || kept->scan_id != scan_id)
    return TRUE;
  for (guint i = 0; i < kept->ids->len; i++)
    {
      gsize before = bytes->len;

      pack_body (bytes, kept->ids->pdata[i], kept->grams->pdata[i]);
      /* A row full: written without this body, which starts the next. */
      if (bytes->len > budget && n_bodies > 0)
        {
          g_autoptr(GByteArray) rest = g_byte_array_new ();

          g_byte_array_append (rest, bytes->data + before, bytes->len - before);
          g_byte_array_set_size (bytes, before);
          if (!insert_row (self, where, chunk++, scan_id, n_bodies, bytes, what, error))
            return FALSE;
          g_byte_array_set_size (bytes, 0);
          g_byte_array_append (bytes, rest->data, rest->len);
          n_bodies = 0;
        }
      n_bodies++;
    }
  /* Written even empty: this scan kept its short bodies, if none. */
  return insert_row (self, where, chunk, scan_id, n_bodies, bytes, what, error);
}

/* Reads one row's @n_bodies bodies from @blob into @index and @ids. */
static gboolean
unpack_row (const guint8 *blob,
            gsize         length,
            guint32       n_bodies,
            PrShortIndex *index,
            GPtrArray    *ids,
            GArray       *grams)
{
  gsize at = 0;

  for (guint32 b = 0; b < n_bodies; b++)
    {
      guint16 id_length;
      guint32 n;

      if (length - at < 2)
        return FALSE;
      memcpy (&id_length, blob + at, 2);
      id_length = GUINT16_FROM_LE (id_length);
      at += 2;
      if (length - at < (gsize) id_length + 4)
        return FALSE;
      g_ptr_array_add (ids, g_strndup ((const char *) blob + at, id_length));
      at += id_length;
      memcpy (&n, blob + at, 4);
      n = GUINT32_FROM_LE (n);
      at += 4;
      if (n == 0 || (length - at) / 8 < n)
        return FALSE;
      g_array_set_size (grams, n);
      for (guint32 i = 0; i < n; i++)
        {
          guint64 gram;

          memcpy (&gram, blob + at + 8 * (gsize) i, 8);
          g_array_index (grams, guint64, i) = GUINT64_FROM_LE (gram);
        }
      at += 8 * (gsize) n;
      pr_short_index_add (index, ids->len - 1, (const guint64 *) (gpointer) grams->data, n);
    }
  return at == length;
}

/**
 * pr_store_load_short_texts:
 * @store: a store
 * @table: the source table
 * @options: the rule the scan paired the short bodies by
 * @index: (out) (transfer full): the short bodies of the table's last
 *   complete scan, each under its place in @ids (empty when it kept none)
 * @ids: (out) (transfer full) (element-type utf8): their records
 * @kept: (out): whether that scan kept its short bodies (%FALSE: the
 *   store holds none for the table, as after a scan made before it kept
 *   them, or one without the second stage)
 * @error: return location for a #GError
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_store_load_short_texts (PrStore                  *self,
                           const char               *table,
                           const PrShortPairOptions *options,
                           PrShortIndex            **index,
                           GPtrArray               **ids,
                           gboolean                 *kept,
                           GError                  **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT n_bodies, bodies FROM %s WHERE source_database = ? AND "
                                          "source_table = ? ORDER BY chunk", self->q_short_texts);
  g_autoptr(PrShortIndex) bodies = pr_short_index_new (options);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GByteArray) blob = g_byte_array_new ();
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *what = _("cannot read the short texts kept in the store");
  const PrStoreKey *key;
  MYSQL_STMT *stmt;
  MYSQL_BIND params[2], results[2] = { 0 };
  unsigned long lengths[2], blob_length = 0;
  my_bool nulls[2] = { 0 };
  guint32 n_bodies = 0;
  gboolean ok = FALSE, any_row = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return FALSE;
  _pr_store_bind_key (params, key, lengths);
  if ((stmt = _pr_statement_query (self->connection, sql, params, what, error)) == NULL)
    return FALSE;
  _pr_statement_bind_u32 (&results[0], &n_bodies);
  results[0].is_null = &nulls[0];
  _pr_statement_bind_result (&results[1], MYSQL_TYPE_BLOB, NULL, 0, &blob_length, &nulls[1]);
  if (!_pr_statement_bind_results (stmt, results, what, error))
    goto out;
  for (;;)
    {
      PrFetchStatus status = _pr_statement_fetch (stmt, what, error);

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;
      any_row = TRUE;
      g_byte_array_set_size (blob, blob_length);
      if (!nulls[1] && blob_length > 0 &&
          !_pr_statement_fetch_column (stmt, 1, MYSQL_TYPE_BLOB, blob->data, blob_length, what, error))
        goto out;
      if (nulls[1] || !unpack_row (blob->data, blob->len, n_bodies, bodies, names, grams))
        {
          /* Only this table's rows: the schema may keep other tables'. */
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("the short texts kept for “%s” in the schema “%s” are damaged; delete them "
                         "(DELETE FROM pr_short_texts WHERE source_database = '%s' AND source_table = '%s') "
                         "and scan again"), table, self->schema, key->database, key->table);
          goto out;
        }
    }
  ok = TRUE;

out:
  mysql_stmt_close (stmt);
  if (!ok)
    return FALSE;
  *index = g_steal_pointer (&bodies);
  *ids = g_steal_pointer (&names);
  *kept = any_row;
  return TRUE;
}
