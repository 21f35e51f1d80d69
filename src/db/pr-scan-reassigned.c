/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Ids given anew. The reviewers' verdicts name records by their ids; a
 * table emptied and loaded again with other ids (an export and import
 * that numbered the rows afresh) keeps the ids but not the petitions
 * behind them, and the verdicts would bind other petitions: two
 * unrelated letters kept in one cluster, a real repeat kept apart, with
 * nothing said. A scan tells this from an ordinary edit by the text
 * moving: a record now holds exactly what another id held at the last
 * scan, that id holds something else now or is gone, and the record's own
 * text moved on to another id too, or the id it came from is still there.
 * (A clerk who corrects a letter into the very text of its duplicate and
 * deletes the duplicate moves nothing: the letter's old text is gone.)
 * When a verdict in force names such a record, the scan is refused before
 * anything is stored.
 */
#define G_LOG_DOMAIN "pr-scan-reassigned"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-db-error.h"
#include "pr-scan.h"

/* How many moved records the message names. */
#define N_NAMED 3

/* Whether @id's stored text left it: it is not read any more, or reads
 * otherwise than stored. */
static gboolean
text_left (GHashTable            *index_of,
           PrRecordSet           *set,
           const char            *id,
           const PrStoredFingerprint *before)
{
  gpointer found = g_hash_table_lookup (index_of, id);

  return found == NULL || set->content_hashes[GPOINTER_TO_SIZE (found) - 1] != before->content_hash;
}

/* How many of @pairs bind a record of @moved. */
static guint
count_bound (GArray         *pairs,
             const gboolean *moved)
{
  guint n = 0;

  for (guint i = 0; i < pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (pairs, PrPair, i);

      n += moved[pair->a] || moved[pair->b];
    }
  return n;
}

/**
 * _pr_scan_check_reassigned_ids:
 * @set: the records read
 * @stored: the store's live fingerprints before the scan, by id
 * @mapping_version: this scan's: only texts hashed alike compare
 * @must: the verdicts in force that link two records of @set
 *   (pr_scan_constraints_from_decisions())
 * @cannot: those that keep two apart
 * @table: the source table, for the message
 * @error: return location for a #GError
 *
 * Returns: %FALSE, with @error set (%PR_DB_ERROR_CONFLICT), when a
 *   verdict in force binds a record whose id was given to another
 *   petition since the last scan
 */
gboolean
_pr_scan_check_reassigned_ids (PrRecordSet  *set,
                               GHashTable   *stored,
                               guint64       mapping_version,
                               GArray       *must,
                               GArray       *cannot,
                               const char   *table,
                               GError      **error)
{
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) left_by_hash = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) read_by_hash = g_hash_table_new (g_int64_hash, g_int64_equal); /* a text → an id */
  g_autofree gboolean *moved = NULL;
  g_autoptr(GString) named = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key, value;
  guint n_moved = 0, n_verdicts;

  if (must->len + cannot->len == 0 || stored == NULL)
    return TRUE;
  for (gsize i = 0; i < set->n_records; i++)
    {
      g_hash_table_insert (index_of, set->ids->pdata[i], GSIZE_TO_POINTER (i + 1));
      g_hash_table_insert (read_by_hash, &set->content_hashes[i], set->ids->pdata[i]);
    }

  /* The stored texts that left their ids, by their hash. */
  g_hash_table_iter_init (&iter, stored);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const PrStoredFingerprint *before = value;

      if (before->mapping_version == mapping_version && text_left (index_of, set, key, before))
        g_hash_table_insert (left_by_hash, g_memdup2 (&before->content_hash, sizeof before->content_hash), key);
    }

  /* A record that reads otherwise than stored, and exactly as another id
   * read: its id now names that petition. Both ids are suspect. */
  moved = g_new0 (gboolean, MAX (set->n_records, 1));
  for (gsize i = 0; i < set->n_records; i++)
    {
      const char *id = set->ids->pdata[i];
      const PrStoredFingerprint *before = g_hash_table_lookup (stored, id);
      const char *from;
      gsize from_at;

      if (before == NULL || before->mapping_version != mapping_version ||
          before->content_hash == set->content_hashes[i])
        continue;
      from = g_hash_table_lookup (left_by_hash, &set->content_hashes[i]);
      if (from == NULL || g_str_equal (from, id))
        continue;
      /* Its own old text read under another id now, or the id its text
       * came from still read: a shift or a swap, not a correction. */
      from_at = GPOINTER_TO_SIZE (g_hash_table_lookup (index_of, from));
      if (!g_hash_table_contains (read_by_hash, &before->content_hash) && from_at == 0)
        continue;
      moved[i] = TRUE;
      if (from_at > 0)
        moved[from_at - 1] = TRUE;
      if (n_moved++ < N_NAMED)
        g_string_append_printf (named, "%s“%s” ← “%s”", n_moved > 1 ? ", " : "", id, from);
    }
  if (n_moved == 0)
    return TRUE;

  n_verdicts = count_bound (must, moved) + count_bound (cannot, moved);
  if (n_verdicts == 0)
    return TRUE;

  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT,
               g_dngettext (GETTEXT_PACKAGE,
                            "the ids of table “%s” were given to other petitions since the last scan: %u record "
                            "now holds exactly what another id held (%s%s), and %u of the reviewers' decisions "
                            "name such ids, so they would bind other petitions than the ones decided on. Nothing "
                            "was stored. Give the records back the ids they had (reload the table with its old "
                            "ids) and scan again; if that cannot be done, scan with another store schema (--store) "
                            "to begin this table's history afresh, keeping this one's decisions as they are",
                            "the ids of table “%s” were given to other petitions since the last scan: %u records "
                            "now hold exactly what other ids held (%s%s), and %u of the reviewers' decisions "
                            "name such ids, so they would bind other petitions than the ones decided on. Nothing "
                            "was stored. Give the records back the ids they had (reload the table with its old "
                            "ids) and scan again; if that cannot be done, scan with another store schema (--store) "
                            "to begin this table's history afresh, keeping this one's decisions as they are",
                            n_moved),
               table, n_moved, named->str, n_moved > N_NAMED ? ", …" : "", n_verdicts);
  return FALSE;
}

/**
 * pr_scan_check_verdicts_fit:
 * @store: the application's tables
 * @table: the source table
 * @set: its records, read now
 * @mapping_version: the version @set was hashed under
 * @error: return location for a #GError
 *
 * For a reader of the verdicts other than a scan (learning weights from
 * them): whether they still name the petitions they were made about, as
 * a scan checks (_pr_scan_check_reassigned_ids()) against the texts the
 * store keeps.
 *
 * Returns: %FALSE with @error set when they do not, or on failure
 */
gboolean
pr_scan_check_verdicts_fit (PrStore         *store,
                            const char      *table,
                            PrRecordSet     *set,
                            guint64          mapping_version,
                            GError         **error)
{
  g_autoptr(GHashTable) stored = pr_store_load_fingerprints (store, table, mapping_version, error);
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));

  if (stored == NULL || (decisions = pr_store_list_decisions (store, table, error)) == NULL)
    return FALSE;
  pr_scan_constraints_from_decisions (set, decisions, must, cannot);
  return _pr_scan_check_reassigned_ids (set, stored, mapping_version, must, cannot, table, error);
}
