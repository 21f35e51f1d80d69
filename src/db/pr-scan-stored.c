/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Opens a table's last complete scan from the store: its clusters are the
 * cases the scan stored (pr_cases, pr_case_members), and only their
 * members are read from the source table, by id, so that opening costs
 * the members' time, not the table's. What needs every record (pairs
 * outside the cases, another k) is not there: a rescan gives it.
 */
#define G_LOG_DOMAIN "pr-scan-stored"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-case-columns.h"
#include "pr-connection-private.h"
#include "pr-record-reader.h"
#include "pr-scan-stored.h"
#include "pr-store-cases.h"
#include "pr-store-private.h"
#include "pr-stored-parts.h"

G_DEFINE_QUARK (pr-stored-scan-error-quark, pr_stored_scan_error)

void
pr_stored_scan_free (PrStoredScan *scan)
{
  if (scan == NULL)
    return;
  g_free (scan->mapping);
  g_free (scan);
}

/**
 * pr_store_find_last_scan:
 * @store: a store
 * @table: the source table
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the last complete scan of @table;
 *   %NULL with %PR_STORED_SCAN_ERROR_NONE when there is none, or another
 *   error
 */
PrStoredScan *
pr_store_find_last_scan (PrStore     *self,
                         const char  *table,
                         GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT id, TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', finished_at), "
                                          "mapping_version, mapping, k, records, new_records, changed_records, "
                                          "refingerprinted_records, retired_records, pairs, clusters FROM %s "
                                          "WHERE source_database = ? AND source_table = ? AND status = 'complete' "
                                          "ORDER BY id DESC LIMIT 1", self->q_scans);
  g_autoptr(GPtrArray) rows = NULL;
  const PrStoreKey *key;
  PrStoredScan *scan;
  const PrDbRow *row;

  g_return_val_if_fail (self != NULL, NULL);

  if ((key = _pr_store_resolve (self, table, error)) == NULL)
    return NULL;
  rows = _pr_connection_select (self->connection, sql, (const char *[]) { key->database, key->table }, 2, error);
  if (rows == NULL)
    return NULL;
  if (rows->len == 0)
    {
      g_set_error (error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_NONE,
                   _("table “%s” has not been scanned to the end yet: scan it"), table);
      return NULL;
    }
  row = rows->pdata[0];
  scan = g_new0 (PrStoredScan, 1);
  scan->scan_id = g_ascii_strtoll (row->values[0], NULL, 10);
  scan->finished_at = row->values[1] != NULL ? g_ascii_strtoll (row->values[1], NULL, 10) : 0;
  scan->mapping_version = g_ascii_strtoull (row->values[2], NULL, 10);
  scan->mapping = g_strdup (row->values[3]);
  scan->k = (guint) g_ascii_strtoull (row->values[4], NULL, 10);
  scan->counts.records = g_ascii_strtoull (row->values[5], NULL, 10);
  scan->counts.new_records = g_ascii_strtoull (row->values[6], NULL, 10);
  scan->counts.changed_records = g_ascii_strtoull (row->values[7], NULL, 10);
  scan->counts.refingerprinted_records = g_ascii_strtoull (row->values[8], NULL, 10);
  scan->counts.retired_records = g_ascii_strtoull (row->values[9], NULL, 10);
  scan->counts.pairs = g_ascii_strtoull (row->values[10], NULL, 10);
  scan->counts.clusters = g_ascii_strtoull (row->values[11], NULL, 10);
  return scan;
}

/**
 * pr_scan_open_stored:
 * @connection: the database of @table and @store
 * @store: the application's tables
 * @table: the source table
 * @mapping: the current mapping of @table
 * @load_options: how a scan would read it (its fingerprint version must be
 *   the scan's)
 * @scan_out: (out) (optional) (transfer full): the scan opened
 * @missing: (out) (optional) (transfer full) (element-type utf8): the ids
 *   of members no longer in @table
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The last complete scan of @table as a #PrScanResult whose clusters are
 * its open cases, numbered as stored, and whose record set holds their
 * members only, read now from @table by id (a member deleted since is
 * there with its id alone, never paired, and named in @missing). Its
 * matches are the pairs within the scan's k among those members; its
 * pairs on shared passages, which need every record's passages, are left
 * to pr_scan_stored_part_pairs (). Reads only; nothing is stored.
 *
 * Returns: (transfer full) (nullable): the scan; %NULL with
 *   %PR_STORED_SCAN_ERROR_NONE when nothing was scanned,
 *   %PR_STORED_SCAN_ERROR_MAPPING_CHANGED when the scan used another
 *   mapping (its description is in the message), or another error
 */
PrScanResult *
pr_scan_open_stored (PrConnection         *connection,
                     PrStore              *store,
                     const char           *table,
                     const PrMapping      *mapping,
                     const PrLoadOptions  *load_options,
                     PrStoredScan        **scan_out,
                     GPtrArray           **missing_out,
                     GCancellable         *cancellable,
                     GError              **error)
{
  g_autoptr(PrStoredScan) scan = NULL;
  g_autoptr(GPtrArray) cases = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) missing = NULL;
  g_autoptr(PrScanResult) result = g_new0 (PrScanResult, 1);
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint32 *rank = NULL;
  g_autofree guint32 *case_of = NULL;
  PrLoadOptions load = *load_options;
  PrClusterConstraints constraints;
  guint64 version;
  guint n_clusters;

  load.reuse = NULL;
  load.keep_labels = TRUE;
  /* Parts are matched across the whole table: not here. */
  load.parts = FALSE;
  /* The cases' members, not the table: the scan judged its date column. */
  load.chosen_rows = TRUE;
  /* Their texts, as a scan keeps them for its second stage: the
   * judgements kept in the store are found by them (pr_scan_stored_judged ()). */
  load.keep_texts = load.keep_texts || load.judge != NULL;
  version = pr_fingerprint_version (mapping, load.flags, load.min_tokens, &load.part_method);

  scan = pr_store_find_last_scan (store, table, error);
  if (scan == NULL)
    return NULL;
  if (scan->mapping_version != version)
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (scan->finished_at);
      g_autofree char *date = g_date_time_format (when, "%Y-%m-%d %H:%M");

      g_set_error (error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_MAPPING_CHANGED,
                   _("the last scan of “%s” (%s) read it with another mapping (%s): its cases do not "
                     "answer for the current one; scan the table again"), table, date, scan->mapping);
      return NULL;
    }

  cases = pr_store_list_cases (store, table, FALSE, error);
  if (cases == NULL)
    return NULL;
  for (guint c = 0; c < cases->len; c++)
    {
      PrStoredCase *one = cases->pdata[c];

      if (one->last_scan_id != scan->scan_id)
        continue;
      for (guint m = 0; m < one->n_members; m++)
        g_ptr_array_add (ids, one->member_ids[m]);
    }

  result->set = pr_record_reader_load_ids (connection, table, mapping, &load, (char *const *) ids->pdata, ids->len,
                                           &missing, cancellable, error);
  if (result->set == NULL)
    return NULL;
  /* The members' unmarked hours (3点, 9:15) and numbers (45300), dates
   * and accepted dates, are read as the scan read them, by the whole
   * column, not by the members' few dates: the columns are read for it
   * (one pass, their dates alone) only when a member has one, and the
   * members again by it. A number is a date only in a column of numbers. */
  if (result->set->n_unmarked_hour_dates > 0 || pr_case_columns_get_n_unmarked_hours (result->set->cases) > 0 ||
      result->set->n_dates_from_numbers > 0 || pr_case_columns_get_n_from_numbers (result->set->cases) > 0)
    {
      g_clear_pointer (&missing, g_ptr_array_unref);
      g_clear_pointer (&result->set, pr_record_set_free);
      if (!pr_record_reader_date_clocks (connection, table, mapping, &load, cancellable, error))
        return NULL;
      result->set = pr_record_reader_load_ids (connection, table, mapping, &load, (char *const *) ids->pdata,
                                               ids->len, &missing, cancellable, error);
      if (result->set == NULL)
        return NULL;
    }
  for (guint i = 0; i < result->set->n_records; i++)
    g_hash_table_insert (index_of, result->set->ids->pdata[i], GUINT_TO_POINTER (i + 1));
  /* A deleted member: never paired, no date, said as missing. */
  for (guint i = 0; i < missing->len; i++)
    {
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, missing->pdata[i])) - 1;

      result->set->fingerprints[index] = 0;
      result->set->sparse[index] = 1;
      result->set->dates[index] = PR_DATE_NONE;
      g_free (result->set->labels->pdata[index]);
      result->set->labels->pdata[index] = g_strdup (_("(deleted from the table since the scan)"));
    }

  result->matches = pr_matches_find (result->set->fingerprints, result->set->sparse, result->set->n_records,
                                     scan->k, load.n_threads, cancellable, error);
  if (result->matches == NULL)
    return NULL;

  /* Each case one cluster: its members linked to its stored primary. */
  case_of = g_new0 (guint32, MAX (result->set->n_records, 1));
  for (guint c = 0; c < cases->len; c++)
    {
      PrStoredCase *one = cases->pdata[c];
      guint primary;

      if (one->last_scan_id != scan->scan_id)
        continue;
      primary = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, one->primary_id));
      for (guint m = 0; m < one->n_members; m++)
        {
          guint member = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, one->member_ids[m]));

          if (member == 0 || primary == 0)
            continue;
          case_of[member - 1] = one->number;
          if (member != primary)
            g_array_append_val (must, ((PrPair) { MIN (member, primary) - 1, MAX (member, primary) - 1, 0 }));
        }
    }
  rank = pr_record_set_rank (result->set);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len, NULL, 0 };
  result->clustering = pr_clustering_new_constrained_full (result->set->fingerprints, result->set->n_records,
                                                           NULL, 0, rank, &constraints, TRUE);

  n_clusters = pr_clustering_get_n_clusters (result->clustering);
  result->case_numbers = g_new0 (guint32, MAX (n_clusters, 1));
  result->cases = g_array_sized_new (FALSE, TRUE, sizeof (PrCaseMembers), n_clusters);
  result->case_member_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint c = 0; c < n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);
      const char **members = g_new (const char *, cluster->n_members);

      for (guint32 m = 0; m < cluster->n_members; m++)
        members[m] = result->set->ids->pdata[cluster->members[m]];
      g_ptr_array_add (result->case_member_ids, members);
      result->case_numbers[c] = case_of[cluster->members[0]];
      g_array_append_val (result->cases, ((PrCaseMembers) { result->case_numbers[c], members[0], members,
                                                            cluster->n_members }));
    }

  result->decisions = pr_store_list_decisions (store, table, error);
  if (result->decisions == NULL)
    return NULL;
  result->part_pairs = g_array_new (FALSE, FALSE, sizeof (PrPartPair));
  result->boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  result->k = scan->k;
  result->scan_id = scan->scan_id;
  result->mapping_version = version;
  /* The scan's figures, as the review's line gives them after a scan. */
  result->counts = scan->counts;

  if (scan_out != NULL)
    *scan_out = g_steal_pointer (&scan);
  if (missing_out != NULL)
    *missing_out = g_steal_pointer (&missing);
  return g_steal_pointer (&result);
}

/**
 * pr_scan_stored_part_pairs:
 * @store: the store the scan was opened from
 * @table: the source table
 * @mapping_version: the scan's (#PrScanResult's mapping_version)
 * @set: the records of a scan opened with pr_scan_open_stored ()
 * @group_of: (array): each record's cluster, %G_MAXUINT32 for none
 * @options: the thresholds the scan paired passages with
 * @error: return location for a #GError
 *
 * The pairs the scan made on shared passages within each cluster, found
 * again from the passages it stored, counted against the whole table as
 * the scan counted them (a part more than the cap of records hold is
 * boilerplate) and judged by the scan's rule for one petitioner or
 * another: the pair graph's dotted edges and its bridges. Reads every
 * record's stored passages, which opening the scan does not.
 *
 * Returns: (transfer full) (element-type PrPartPair): the pairs, the
 *   smaller index first, or %NULL with @error set
 */
GArray *
pr_scan_stored_part_pairs (PrStore         *store,
                           const char      *table,
                           guint64          mapping_version,
                           PrRecordSet     *set,
                           const guint32            *group_of,
                           const PrPartMatchOptions *options,
                           GArray                   *boilerplate,
                           GError                  **error)
{
  g_autoptr(PrStoredParts) passages = pr_stored_parts_new (store, table, mapping_version, error);
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrPartPair));

  if (passages == NULL)
    return NULL;
  if (boilerplate != NULL)
    {
      g_autoptr(GArray) found = pr_stored_parts_get_boilerplate (passages, options->max_records_per_part);

      g_array_append_vals (boilerplate, found->data, found->len);
    }
  for (guint32 r = 0; r < set->n_records; r++)
    if (group_of[r] != G_MAXUINT32)
      g_hash_table_insert (index_of, set->ids->pdata[r], GUINT_TO_POINTER (r + 1));
  for (guint32 a = 0; a < set->n_records; a++)
    {
      g_autoptr(GArray) found = NULL;

      if (group_of[a] == G_MAXUINT32 || set->sparse[a])
        continue;
      found = pr_stored_parts_find_record (passages, set->ids->pdata[a], options);
      for (guint i = 0; i < found->len; i++)
        {
          const PrStoredPartMatch *match = &g_array_index (found, PrStoredPartMatch, i);
          guint b = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, match->record_id));
          gboolean same;
          PrPartPair pair;

          /* Each pair once, within a cluster. */
          if (b == 0 || b - 1 <= a || group_of[b - 1] != group_of[a])
            continue;
          b--;
          same = pr_record_set_compare_petitioners (set, a, b, NULL) == PR_PETITIONER_SAME;
          if (!pr_stored_part_match_accepts (match, options, same))
            continue;
          pair = (PrPartPair) { a, b, pr_part_overlap_containment (&match->overlap) };
          g_array_append_val (pairs, pair);
        }
    }
  return g_steal_pointer (&pairs);
}
