/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "pr-scan"

#include "config.h"

#include "pr-scan.h"
#include "pr-store-cases.h"

#include "pr-part-match-key.h"
#include "pr-record-reader.h"
#include "pr-simhash.h"
#include "pr-stable-id.h"
#include "pr-store-part-pairs.h"
#include "pr-store-repeats.h"

typedef struct {
  GHashTable *stored;      /* record id → PrStoredFingerprint, of any mapping version */
  guint64     mapping_version;
  gboolean    with_parts;
} Reuse;

/* The incremental scan's hook: an unchanged record keeps its stored
 * fingerprint; if the scan wants parts, only if they were stored, and
 * they are read later, only if matched again (match_parts ()). */
static gboolean
reuse_stored (const char    *id,
              guint64        content_hash,
              PrFingerprint *fingerprint,
              gpointer       user_data)
{
  Reuse *reuse = user_data;
  PrStoredFingerprint *stored = g_hash_table_lookup (reuse->stored, id);

  if (stored == NULL || stored->mapping_version != reuse->mapping_version ||
      stored->content_hash != content_hash || (reuse->with_parts && !stored->has_parts))
    return FALSE;
  fingerprint->fingerprint = stored->fingerprint;
  fingerprint->sparse = stored->sparse;
  return TRUE;
}

static void
add_part_pair (guint32  a,
               guint32  b,
               double   containment,
               gpointer user_data)
{
  PrPartPair part = { a, b, containment };

  g_array_append_val (user_data, part);
}

typedef struct {
  PrRecordSet *set;
  GHashTable  *unchanged;  /* id → record + 1, of the records not fingerprinted again */
} StoredParts;

static gboolean
match_stored_parts (const char *record_id,
                    PrPart     *parts,
                    guint       n_parts,
                    gpointer    user_data,
                    GError    **error)
{
  StoredParts *stored = user_data;
  gsize record = GPOINTER_TO_SIZE (g_hash_table_lookup (stored->unchanged, record_id));
  gboolean ok = record == 0 || pr_record_set_match_parts_too (stored->set, record - 1, parts, n_parts, error);

  g_free (parts);
  return ok;
}

/* The stored parts of the records the scan did not fingerprint again,
 * added to those it matches. */
static gboolean
add_stored_parts (PrScanResult  *result,
                  PrStore       *store,
                  const char    *table,
                  GError       **error)
{
  PrRecordSet *set = result->set;
  g_autoptr(GHashTable) unchanged = NULL;
  StoredParts stored;

  if (set->n_reused == 0)
    return TRUE;
  unchanged = g_hash_table_new (g_str_hash, g_str_equal);
  for (gsize i = 0; i < set->n_records; i++)
    if (!set->changed[i])
      g_hash_table_insert (unchanged, set->ids->pdata[i], GSIZE_TO_POINTER (i + 1));
  stored = (StoredParts) { set, unchanged };
  return pr_store_read_stored_parts (store, table, result->mapping_version, match_stored_parts, &stored, error);
}

/* The pairs that share parts, and the boilerplate. With a store they are
 * taken from the last match of the same set if the store kept it
 * (pr-store-part-pairs.c): a rescan of a table nothing in which changed
 * does not match every record's passages again. Otherwise they are
 * matched, and kept for the scan's commit. */
static gboolean
match_parts (PrScanResult             *result,
             PrStore                  *store,
             const char               *table,
             const PrMapping          *mapping,
             const PrPartMatchOptions *parts,
             guint                     n_threads,
             GCancellable             *cancellable,
             GError                  **error)
{
  guint64 key = 0;

  if (store != NULL)
    {
      key = pr_part_match_key (result->set, mapping, result->mapping_version, parts);
      if (!pr_store_load_part_pairs (store, table, key, result->set->n_records, result->part_pairs,
                                     result->boilerplate, &result->part_pairs_taken, error))
        return FALSE;
      if (result->part_pairs_taken)
        return TRUE;
      if (!add_stored_parts (result, store, table, error))
        return FALSE;
    }
  if (!pr_record_set_find_part_pairs (result->set, result->set->sparse, parts, n_threads, add_part_pair,
                                      result->part_pairs, result->boilerplate, cancellable, error))
    return FALSE;
  if (store != NULL)
    pr_store_keep_part_pairs (store, result->scan_id, key, result->part_pairs, result->boilerplate);
  return TRUE;
}

/**
 * pr_scan_constraints_from_decisions:
 * @set: the records
 * @decisions: (element-type PrDecision): a decision log, in its order
 * @must: a #GArray of #PrPair, appended the must-links
 * @cannot: a #GArray of #PrPair, appended the cannot-links
 *
 * The reviewers' verdicts in force, as clustering constraints: the last
 * verdict about each (record, primary) not undone — a repeat (or a merge)
 * must link, not a repeat cannot. Verdicts about records not in @set say
 * nothing.
 */
void
pr_scan_constraints_from_decisions (PrRecordSet *set,
                                    GPtrArray   *decisions,
                                    GArray      *must,
                                    GArray      *cannot)
{
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) undone = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) last = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key, value;

  /* No verdict, no constraint: the ids need no table. */
  if (decisions->len == 0)
    return;
  for (gsize i = 0; i < set->n_records; i++)
    g_hash_table_insert (index_of, set->ids->pdata[i], GSIZE_TO_POINTER (i + 1));
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];

      if (decision->verdict == PR_VERDICT_UNDO)
        g_hash_table_add (undone, &decision->undoes);
    }
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];
      gsize a, b;
      guint64 pair;

      if (decision->verdict == PR_VERDICT_UNDO || decision->verdict == PR_VERDICT_PRIMARY ||
          decision->primary_id == NULL || g_hash_table_contains (undone, &decision->id))
        continue;
      a = GPOINTER_TO_SIZE (g_hash_table_lookup (index_of, decision->record_id));
      b = GPOINTER_TO_SIZE (g_hash_table_lookup (index_of, decision->primary_id));
      if (a == 0 || b == 0 || a == b)
        continue;
      pair = ((guint64) (MIN (a, b) - 1) << 32) | (MAX (a, b) - 1);
      g_hash_table_insert (last, g_memdup2 (&pair, sizeof pair), GUINT_TO_POINTER (decision->verdict + 1));
    }
  g_hash_table_iter_init (&iter, last);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint64 pair = *(guint64 *) key;
      PrPair constraint = { (guint32) (pair >> 32), (guint32) pair, 0 };

      g_array_append_val (GPOINTER_TO_UINT (value) - 1 == PR_VERDICT_NOT_REPEAT ? cannot : must, constraint);
    }
}

/* The clusters of @clustering as PrCaseMembers (number 0), their ids
 * borrowed from @set; @member_ids is given the arrays that hold them. */
static GArray *
clusters_as_cases (PrRecordSet  *set,
                   PrClustering *clustering,
                   GPtrArray    *member_ids)
{
  guint n_clusters = pr_clustering_get_n_clusters (clustering);
  GArray *clusters = g_array_sized_new (FALSE, TRUE, sizeof (PrCaseMembers), n_clusters);
  char **ids = (char **) set->ids->pdata;

  for (guint c = 0; c < n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      const char **members = g_new (const char *, cluster->n_members);

      for (guint32 m = 0; m < cluster->n_members; m++)
        members[m] = ids[cluster->members[m]];
      g_ptr_array_add (member_ids, members);
      g_array_append_val (clusters, ((PrCaseMembers) { 0, members[0], members, cluster->n_members }));
    }
  return clusters;
}

/* Numbers the scan's clusters as cases against the table's stored ones,
 * before anything is stored, so that the outputs written before the
 * commit can name them; the commit numbers them again, in its
 * transaction, and refuses numbers that differ. The scan lock keeps
 * other scans of the table, the only writers of its cases, out. */
static gboolean
number_cases (PrStore       *store,
              const char    *table,
              PrScanResult  *result,
              GError       **error)
{
  guint n_clusters = pr_clustering_get_n_clusters (result->clustering);
  g_autofree guint32 *numbers = g_new0 (guint32, MAX (n_clusters, 1));
  PrScanCases cases = { NULL, n_clusters, numbers, NULL };

  result->case_member_ids = g_ptr_array_new_with_free_func (g_free);
  result->cases = clusters_as_cases (result->set, result->clustering, result->case_member_ids);
  cases.clusters = (const PrCaseMembers *) (gconstpointer) result->cases->data;
  if (!pr_store_number_cases (store, table, &cases, error))
    return FALSE;
  for (guint c = 0; c < n_clusters; c++)
    g_array_index (result->cases, PrCaseMembers, c).number = numbers[c];
  result->case_numbers = g_steal_pointer (&numbers);
  return TRUE;
}

/**
 * pr_scan_result_number_clusters:
 * @result: a scan's result, with a store
 * @clustering: another clustering of @result's records (another k)
 * @error: return location for a #GError
 *
 * Names the clusters of @clustering by the cases of the scan: each one
 * that continues a case (pr-case-numbering.c) gets its number, and a new
 * one 0, for a new case gets its number when a scan stores it. Nothing
 * is stored.
 *
 * Returns: (transfer full) (nullable): a number per cluster; %NULL with
 *   @error set on failure, or without @error when the scan had no store
 */
guint32 *
pr_scan_result_number_clusters (PrScanResult  *result,
                                PrClustering  *clustering,
                                GError       **error)
{
  guint n_clusters = pr_clustering_get_n_clusters (clustering);
  g_autoptr(GPtrArray) member_ids = NULL;
  g_autoptr(GArray) clusters = NULL;
  g_autoptr(PrCaseNumbering) numbering = NULL;
  guint32 max_number = 0;
  guint32 *numbers;

  if (result->cases == NULL)
    return NULL;
  for (guint c = 0; c < result->cases->len; c++)
    max_number = MAX (max_number, g_array_index (result->cases, PrCaseMembers, c).number);
  member_ids = g_ptr_array_new_with_free_func (g_free);
  clusters = clusters_as_cases (result->set, clustering, member_ids);
  numbering = pr_case_numbering_new ((const PrCaseMembers *) (gconstpointer) result->cases->data,
                                     result->cases->len, max_number,
                                     (const PrCaseMembers *) (gconstpointer) clusters->data, n_clusters, error);
  if (numbering == NULL)
    return NULL;
  numbers = g_new0 (guint32, MAX (n_clusters, 1));
  for (guint c = 0; c < n_clusters; c++)
    numbers[c] = numbering->continued[c] ? numbering->numbers[c] : 0;
  return numbers;
}

typedef struct {
  PrScanProgressFunc func;
  gpointer           data;
} Progress;

static void
read_progress (guint64  records,
               guint64  done,
               guint64  total,
               gpointer user_data)
{
  Progress *progress = user_data;

  progress->func (PR_SCAN_PHASE_READ, records, done, total, progress->data);
}

/* Each record's standing against the store before the scan, and the
 * counts of each kind.
 *
 * The content hash covers the columns the mapping reads, so under another
 * mapping version it says whether a petition was edited only if that
 * version read the same columns. It did if it is this scan's version, or
 * if any record stored under it still has an equal hash; if none has, the
 * columns differ, and its records are only fingerprinted again: none of
 * them is called changed, and no pair of two of them is reported as a new
 * repeat. */
static void
classify_records (PrScanResult *result,
                  GHashTable   *stored)
{
  PrRecordSet *set = result->set;
  g_autoptr(GHashTable) same_columns = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  /* This scan's own version reads the same columns whatever the hashes
   * say: when every record was edited (a table reloaded, ids given anew)
   * none is equal, and their repeats would not be reported. */
  g_hash_table_add (same_columns, g_memdup2 (&result->mapping_version, sizeof result->mapping_version));
  for (gsize i = 0; i < set->n_records; i++)
    {
      PrStoredFingerprint *before;

      /* An unchanged record was stored under this scan's version, added
       * above: no need to look it up. */
      if (!set->changed[i])
        continue;
      before = g_hash_table_lookup (stored, set->ids->pdata[i]);
      if (before != NULL && before->content_hash == set->content_hashes[i])
        g_hash_table_add (same_columns, g_memdup2 (&before->mapping_version, sizeof before->mapping_version));
    }

  result->states = g_new0 (guint8, MAX (set->n_records, 1));
  for (gsize i = 0; i < set->n_records; i++)
    {
      PrStoredFingerprint *before;

      if (!set->changed[i])
        continue;
      before = g_hash_table_lookup (stored, set->ids->pdata[i]);
      if (before == NULL)
        {
          result->states[i] = PR_SCAN_RECORD_NEW;
          result->counts.new_records++;
        }
      else if (before->content_hash == set->content_hashes[i] ||
               !g_hash_table_contains (same_columns, &before->mapping_version))
        {
          result->states[i] = PR_SCAN_RECORD_REFINGERPRINTED;
          result->counts.refingerprinted_records++;
          result->n_unknown_edits += before->content_hash != set->content_hashes[i];
        }
      else
        {
          result->states[i] = PR_SCAN_RECORD_CHANGED;
          result->counts.changed_records++;
        }
    }
}

static PrScanResult *
scan_run (PrConnection         *connection,
          PrStore              *store,
          const char           *table,
          const char           *csv_path,
          const PrMapping      *mapping,
          const PrLoadOptions  *load_options,
          guint                 k,
          const PrPartMatchOptions *parts,
          PrScanProgressFunc    progress,
          gpointer              progress_data,
          gboolean              commit,
          GCancellable         *cancellable,
          GError              **error)
{
  g_autoptr(PrScanResult) result = g_new0 (PrScanResult, 1);
  g_autoptr(GHashTable) stored = NULL;
  g_autoptr(GArray) part_pairs = NULL;
  g_autofree guint32 *rank = NULL;
  g_autoptr(GError) local_error = NULL;
  PrLoadOptions load = *load_options;
  Progress read = { progress, progress_data };
  Reuse reuse = { NULL, 0, parts != NULL };
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  PrClusterConstraints constraints;
  gint64 start;

  g_return_val_if_fail ((connection != NULL) == (table != NULL), NULL);
  g_return_val_if_fail ((connection == NULL) == (csv_path != NULL), NULL);
  g_return_val_if_fail (store == NULL || connection != NULL, NULL);

  load.parts = parts != NULL;
  if (load.rules == NULL)
    result->own_rules = pr_case_rules_new_default ();
  result->rules = load.rules != NULL ? load.rules : result->own_rules;
  /* The second stage's texts wait in a file, with the words the
   * fingerprint read, unless the caller keeps them in memory. */
  load.texts_in_file = load.texts_in_file || (!load.keep_texts && load.judge != NULL);
  load.keep_texts = load.keep_texts || load.judge != NULL;
  /* The store keeps each record's parts, for the next scan to reuse. */
  load.keep_part_table = load.parts && store != NULL;
  result->mapping_version = pr_fingerprint_version (mapping, load.flags, load.min_tokens, &load.part_method);
  result->k = k;
  if (store != NULL)
    {
      g_autofree char *description = pr_fingerprint_describe (mapping, load.flags, load.min_tokens, &load.part_method);

      /* Refused before the scan is recorded: nothing of it is kept. */
      if (!pr_stable_id_check_table (connection, table, mapping, error))
        return NULL;
      result->scan_id = pr_store_begin_scan (store, table, description, result->mapping_version, k, error);
      if (result->scan_id <= 0)
        return NULL;
      stored = pr_store_load_fingerprints (store, table, result->mapping_version, &local_error);
      if (stored == NULL)
        goto failed;
      reuse.stored = stored;
      reuse.mapping_version = result->mapping_version;
      load.reuse = reuse_stored;
      load.reuse_data = &reuse;
    }

  if (connection != NULL)
    result->set = pr_record_reader_load (connection, table, mapping, &load,
                                         progress != NULL ? read_progress : NULL, &read,
                                         cancellable, &local_error);
  else
    result->set = pr_record_set_load_csv (csv_path, mapping, &load,
                                          progress != NULL ? read_progress : NULL, &read,
                                          cancellable, &local_error);
  if (result->set == NULL)
    goto failed;

  if (progress != NULL)
    progress (PR_SCAN_PHASE_GROUP, result->set->n_records, 0, 1, progress_data);
  start = g_get_monotonic_time ();
  result->matches = pr_matches_find (result->set->fingerprints, result->set->sparse, result->set->n_records,
                                     k, load.n_threads, cancellable, &local_error);
  if (result->matches == NULL)
    goto failed;
  result->part_pairs = g_array_new (FALSE, FALSE, sizeof (PrPartPair));
  result->boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  if (parts != NULL && !match_parts (result, store, table, mapping, parts, load.n_threads, cancellable, &local_error))
    goto failed;
  result->group_seconds = (g_get_monotonic_time () - start) / 1e6;

  if (progress != NULL)
    progress (PR_SCAN_PHASE_CLUSTER, result->set->n_records, 0, 1, progress_data);
  start = g_get_monotonic_time ();
  rank = pr_record_set_rank (result->set);
  if (store != NULL)
    {
      result->decisions = pr_store_list_decisions (store, table, &local_error);
      if (result->decisions == NULL)
        goto failed;
      pr_scan_constraints_from_decisions (result->set, result->decisions, must, cannot);
      if (!_pr_scan_check_reassigned_ids (result->set, stored, result->mapping_version, must, cannot, table,
                                          &local_error))
        goto failed;
    }
  part_pairs = pr_scan_result_part_pairs (result);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  /* The same call as a threshold preview's (pr-threshold-preview.c), so
   * that its figures at this k are the scan's. */
  if (load.judge != NULL)
    result->clustering = _pr_scan_judge (result, store, table, mapping, &load, rank, &constraints, cancellable,
                                         &local_error);
  else
    result->clustering = pr_matches_cluster (result->matches, k, result->set->fingerprints, result->set->n_records,
                                             (const PrPair *) (gpointer) part_pairs->data, part_pairs->len,
                                             rank, &constraints, TRUE, &result->counts.pairs, &local_error);
  if (result->clustering == NULL)
    goto failed;
  result->cluster_seconds = (g_get_monotonic_time () - start) / 1e6;

  result->counts.records = result->set->n_records;
  result->counts.clusters = pr_clustering_get_n_clusters (result->clustering);
  if (result->set->part_spool != NULL)
    {
      result->n_parts = pr_part_spool_get_n_parts (result->set->part_spool);
      result->spilled_bytes = pr_part_spool_get_spilled (result->set->part_spool);
    }
  if (store != NULL)
    {
      classify_records (result, stored);
      if (!number_cases (store, table, result, &local_error))
        goto failed;
      if (!commit)
        return g_steal_pointer (&result);
      if (progress != NULL)
        progress (PR_SCAN_PHASE_STORE, result->set->n_records, 0, 1, progress_data);
      /* The commit records the scan failed itself. */
      if (!pr_scan_result_commit (result, store, table, cancellable, error))
        return NULL;
    }

  /* The parts are matched and stored: free the largest thing the scan
   * holds before a reviewer works through its clusters. */
  pr_record_set_drop_parts (result->set);
  return g_steal_pointer (&result);

failed:
  if (store != NULL)
    pr_scan_result_abandon (result, store, local_error);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

/**
 * pr_scan_run:
 * @connection: (nullable): the database; %NULL to read @csv_path
 * @store: (nullable): the application's tables: the scan is recorded
 *   there, unchanged records keep their stored fingerprints, and the new
 *   ones are stored; needs @connection
 * @table: (nullable): the source table, with @connection
 * @csv_path: (nullable): a CSV file, without @connection
 * @mapping: the columns' roles
 * @load_options: how to read and fingerprint; its reuse hook is the
 *   store's when there is one
 * @k: the largest distance of a pair
 * @parts: (nullable): also pair records that share enough parts
 *   (pr-parts.c); %NULL: whole-record fingerprints only
 * @progress: (nullable): called on this thread as the scan goes on
 * @progress_data: passed to @progress
 * @cancellable: (nullable): cancels the scan; a cancelled scan stores
 *   nothing and is recorded as cancelled
 * @error: return location for a #GError
 *
 * With a store, the reviewers' verdicts in its decision log constrain the
 * clusters (see pr_scan_constraints_from_decisions ()): a confirmed repeat stays
 * with its primary, a record found not a repeat leaves it. The scan is
 * committed (pr_scan_result_commit ()) before this returns.
 *
 * A store keeps records by their ids: it needs an id column that is a
 * unique key of @table (pr_stable_id_check()), or the scan is refused.
 *
 * A scan that fails, or is cancelled, is recorded so (never complete)
 * and nothing of it is stored.
 *
 * Returns: (transfer full) (nullable): the records, pairs and clusters
 */
PrScanResult *
pr_scan_run (PrConnection         *connection,
             PrStore              *store,
             const char           *table,
             const char           *csv_path,
             const PrMapping      *mapping,
             const PrLoadOptions  *load_options,
             guint                 k,
             const PrPartMatchOptions *parts,
             PrScanProgressFunc    progress,
             gpointer              progress_data,
             GCancellable         *cancellable,
             GError              **error)
{
  return scan_run (connection, store, table, csv_path, mapping, load_options, k, parts,
                   progress, progress_data, TRUE, cancellable, error);
}

/**
 * pr_scan_run_deferred:
 * @connection: the database
 * @store: the application's tables
 * @table: the source table
 * @mapping: as for pr_scan_run ()
 * @load_options: as for pr_scan_run ()
 * @k: as for pr_scan_run ()
 * @parts: (nullable): as for pr_scan_run ()
 * @progress: (nullable): as for pr_scan_run ()
 * @progress_data: as for pr_scan_run ()
 * @cancellable: (nullable): as for pr_scan_run ()
 * @error: return location for a #GError
 *
 * pr_scan_run () with a store, up to the store's commit: the scan stays
 * running, holding the table's scan lock, and nothing of it is stored, so
 * that the caller can write what it reports first. Follow with
 * pr_scan_result_commit (), or pr_scan_result_abandon () when the caller's
 * output failed.
 *
 * Returns: (transfer full) (nullable): the records, pairs and clusters
 */
PrScanResult *
pr_scan_run_deferred (PrConnection         *connection,
                      PrStore              *store,
                      const char           *table,
                      const PrMapping      *mapping,
                      const PrLoadOptions  *load_options,
                      guint                 k,
                      const PrPartMatchOptions *parts,
                      PrScanProgressFunc    progress,
                      gpointer              progress_data,
                      GCancellable         *cancellable,
                      GError              **error)
{
  g_return_val_if_fail (store != NULL, NULL);

  return scan_run (connection, store, table, NULL, mapping, load_options, k, parts,
                   progress, progress_data, FALSE, cancellable, error);
}

typedef struct {
  PrRecordSet *set;
  GPtrArray   *fresh;       /* (element-type utf8) (transfer none) */
  GPtrArray   *existing;
  GArray      *distances;   /* guint32 */
  GPtrArray   *kinds;       /* (element-type utf8) (transfer none): pr_repeat_kind_to_string () */
} RepeatRows;

static void
add_repeat_row (guint32      fresh,
                guint32      existing,
                guint32      distance,
                PrRepeatKind kind,
                gpointer     user_data)
{
  RepeatRows *rows = user_data;

  g_ptr_array_add (rows->fresh, rows->set->ids->pdata[fresh]);
  g_ptr_array_add (rows->existing, rows->set->ids->pdata[existing]);
  g_array_append_val (rows->distances, distance);
  g_ptr_array_add (rows->kinds, (gpointer) pr_repeat_kind_to_string (kind));
}

/**
 * pr_scan_result_commit:
 * @result: a scan of pr_scan_run_deferred (), not committed yet
 * @store: its store
 * @table: its table
 * @cancellable: (nullable): a last chance to cancel
 * @error: return location for a #GError
 *
 * Stores the scan: its new repeats (pr_scan_result_foreach_new_repeat ()),
 * then the fingerprints and the cases (refusing when they would be
 * numbered otherwise than @result's case_numbers say), and marks it
 * complete. On failure the scan is
 * recorded failed (or cancelled) and the store holds nothing of it.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_scan_result_commit (PrScanResult  *result,
                       PrStore       *store,
                       const char    *table,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  RepeatRows rows = { result->set, g_ptr_array_new (), g_ptr_array_new (), g_array_new (FALSE, FALSE, sizeof (guint32)),
                      g_ptr_array_new () };
  PrPartTable part_table = pr_record_set_get_parts (result->set);
  gint64 start = g_get_monotonic_time ();
  g_autofree guint32 *numbers = NULL;
  PrScanCases cases;
  gboolean ok;

  g_return_val_if_fail (result->scan_id > 0 && result->states != NULL && result->cases != NULL, FALSE);

  numbers = g_new0 (guint32, MAX (result->cases->len, 1));
  cases = (PrScanCases) { (const PrCaseMembers *) (gconstpointer) result->cases->data, result->cases->len,
                          numbers, result->case_numbers };

  pr_scan_result_foreach_new_repeat (result, add_repeat_row, &rows);
  /* The last point where cancelling leaves the store as it was. */
  ok = !g_cancellable_set_error_if_cancelled (cancellable, &local_error) &&
       pr_store_add_scan_repeats (store, result->scan_id, rows.fresh->len, (const char *const *) rows.fresh->pdata,
                                  (const char *const *) rows.existing->pdata,
                                  (const guint32 *) (gconstpointer) rows.distances->data,
                                  (const char *const *) rows.kinds->pdata, &local_error) &&
       pr_store_commit_scan (store, result->scan_id, table, result->mapping_version,
                             result->set->n_records, (char *const *) result->set->ids->pdata,
                             result->set->fingerprints, result->set->content_hashes,
                             result->set->sparse, result->set->changed,
                             part_table.counts != NULL ? &part_table : NULL, &result->counts, &cases,
                             result->set->bad_ids, result->set->bad_row_without_id, &local_error);
  g_ptr_array_unref (rows.fresh);
  g_ptr_array_unref (rows.existing);
  g_array_unref (rows.distances);
  g_ptr_array_unref (rows.kinds);
  if (!ok)
    {
      pr_scan_result_abandon (result, store, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  result->store_seconds = (g_get_monotonic_time () - start) / 1e6;
  pr_record_set_drop_parts (result->set);
  return TRUE;
}

/**
 * pr_scan_result_abandon:
 * @result: a scan with a store, not committed
 * @store: its store
 * @why: what failed
 *
 * Records the scan failed (cancelled, for %G_IO_ERROR_CANCELLED) with
 * @why's message, and releases the table's scan lock; the store holds
 * nothing of it, so the next scan finds the same records new.
 */
void
pr_scan_result_abandon (PrScanResult *result,
                        PrStore      *store,
                        const GError *why)
{
  if (result->scan_id <= 0)
    return;
  pr_store_end_scan (store, result->scan_id,
                     g_error_matches (why, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? PR_SCAN_CANCELLED : PR_SCAN_FAILED,
                     why->message, NULL);
}

/**
 * pr_scan_result_part_pairs:
 * @result: a scan's result
 *
 * Returns: (transfer full): the part pairs as #PrPair, with their distance
 */
GArray *
pr_scan_result_part_pairs (PrScanResult *result)
{
  GArray *pairs = g_array_sized_new (FALSE, FALSE, sizeof (PrPair), result->part_pairs->len);

  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);
      PrPair pair = { part->a, part->b,
                      pr_hamming_distance (result->set->fingerprints[part->a], result->set->fingerprints[part->b]) };

      g_array_append_val (pairs, pair);
    }
  return pairs;
}

void
pr_scan_result_free (PrScanResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->clustering, pr_clustering_free);
  g_clear_pointer (&result->case_numbers, g_free);
  g_clear_pointer (&result->cases, g_array_unref);
  g_clear_pointer (&result->case_member_ids, g_ptr_array_unref);
  g_clear_pointer (&result->matches, pr_matches_free);
  g_clear_pointer (&result->part_pairs, g_array_unref);
  g_clear_pointer (&result->short_pairs, g_array_unref);
  g_clear_pointer (&result->scored, g_array_unref);
  g_clear_pointer (&result->boilerplate, g_array_unref);
  g_clear_pointer (&result->decisions, g_ptr_array_unref);
  g_clear_pointer (&result->set, pr_record_set_free);
  g_clear_pointer (&result->own_rules, pr_case_rules_free);
  g_free (result->states);
  g_free (result);
}

typedef struct {
  PrScanResult    *result;
  const guint8    *states;    /* PrScanRecordState, or NULL: changed[] says new */
  const guint8    *changed;
  PrNewRepeatFunc  func;
  gpointer         data;
  guint64          count;
} NewRepeats;

static guint8
state_of (const NewRepeats *repeats,
          guint32           record)
{
  if (repeats->states != NULL)
    return repeats->states[record];
  return repeats->changed[record] ? PR_SCAN_RECORD_NEW : PR_SCAN_RECORD_UNCHANGED;
}

/* A pair is a new repeat when one side is newer than the other and new or
 * changed: a record fingerprinted again under another mapping is as old
 * as an unchanged one, so a rescan with another mapping still tells the
 * night's intake's repeats. */
static void
visit_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  NewRepeats *repeats = user_data;
  guint8 state_a = state_of (repeats, a), state_b = state_of (repeats, b);

  if (state_a == state_b || MAX (state_a, state_b) < PR_SCAN_RECORD_CHANGED)
    return;
  /* With a second stage a candidate is a repeat only when judged one, as
   * the scan counts and clusters it: a pair it judged unlikely (0.2) is
   * no repeat to tell of. */
  if (repeats->result->scored != NULL)
    {
      const PrScoredPair *scored = pr_scan_result_find_scored (repeats->result, a, b);

      if (scored == NULL || scored->probability < repeats->result->probability)
        return;
    }
  repeats->count++;
  if (repeats->func != NULL)
    {
      guint32 fresh = state_a > state_b ? a : b, existing = state_a > state_b ? b : a;
      PrRepeatKind kind = pr_repeat_kind_of_pair (repeats->result->set, repeats->result->rules, existing, fresh);

      repeats->func (fresh, existing, distance, kind, repeats->data);
    }
}

/**
 * pr_scan_result_foreach_new_repeat:
 * @result: a scan's result
 * @func: (nullable): called for each pair of a record new or changed in
 *   this scan with an earlier one, unchanged or only fingerprinted again
 *   (and of a new record with a changed one): an intake that repeats what
 *   the office already has; with a second stage, only the pairs it judged
 *   repeats
 * @user_data: passed to @func
 *
 * Returns: the number of such pairs
 */
guint64
pr_scan_result_foreach_new_repeat (PrScanResult    *result,
                                   PrNewRepeatFunc  func,
                                   gpointer         user_data)
{
  NewRepeats repeats = { result, result->states, result->set->changed, func, user_data, 0 };

  pr_matches_foreach_pair (result->matches, visit_pair, &repeats);
  /* Part matches the block index did not find too. */
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);
      guint32 distance = pr_hamming_distance (result->set->fingerprints[part->a], result->set->fingerprints[part->b]);

      if (distance > result->k)
        visit_pair (part->a, part->b, distance, &repeats);
    }
  /* And short texts worded alike, each pair once. */
  if (result->short_pairs != NULL && result->short_pairs->len > 0)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
      g_autofree gint64 *keys = g_new (gint64, MAX (result->part_pairs->len, 1));

      for (guint i = 0; i < result->part_pairs->len; i++)
        {
          const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);

          keys[i] = ((gint64) MIN (part->a, part->b) << 32) | MAX (part->a, part->b);
          g_hash_table_add (seen, &keys[i]);
        }
      for (guint i = 0; i < result->short_pairs->len; i++)
        {
          const PrPair *pair = &g_array_index (result->short_pairs, PrPair, i);
          gint64 key = ((gint64) MIN (pair->a, pair->b) << 32) | MAX (pair->a, pair->b);
          guint32 distance = pr_hamming_distance (result->set->fingerprints[pair->a],
                                                  result->set->fingerprints[pair->b]);

          if (distance > result->k && !g_hash_table_contains (seen, &key))
            visit_pair (pair->a, pair->b, distance, &repeats);
        }
    }
  return repeats.count;
}

typedef struct {
  GArray        *edges;     /* PrGraphEdge */
  const guint32 *node_of;   /* record → node */
} GraphSink;

static void
add_graph_edge (guint32  a,
                guint32  b,
                guint32  distance,
                gpointer user_data)
{
  GraphSink *sink = user_data;
  PrGraphEdge edge = { sink->node_of[a], sink->node_of[b], distance, 0, PR_GRAPH_EDGE_WITHIN_K };

  g_array_append_val (sink->edges, edge);
}

/* A pair found on passages or short texts, when both records are asked for. */
static void
add_graph_edge_beyond_k (GraphSink        *sink,
                         PrScanResult     *result,
                         const guint8     *in,
                         guint32           a,
                         guint32           b,
                         double            containment,
                         PrGraphEdgeFlags  flags)
{
  PrGraphEdge edge;

  if (!in[a] || !in[b])
    return;
  edge = (PrGraphEdge) { sink->node_of[a], sink->node_of[b],
                         pr_hamming_distance (result->set->fingerprints[a], result->set->fingerprints[b]),
                         containment, flags };
  g_array_append_val (sink->edges, edge);
}

/**
 * pr_scan_result_cluster_graph:
 * @result: a scan's result
 * @records: (array length=n_records): record indices of the scan's set,
 *   no two alike: a cluster's members as they stand, the primary first
 * @n_records: their number
 * @all_pairs: %TRUE for every pair (to draw them); %FALSE for fewer with
 *   the same bridges (see pr_matches_foreach_pair_among ()), which keeps a
 *   cluster of thousands of identical records small
 *
 * The pair graph of @records: node i is @records[i]; an edge for each pair
 * within k, each pair that shares parts and each pair of short texts
 * worded alike, between two of them.
 *
 * Returns: (transfer full): the graph; its bridges' far sides are away
 *   from node 0, the primary
 */
PrGraph *
pr_scan_result_cluster_graph (PrScanResult  *result,
                              const guint32 *records,
                              guint32        n_records,
                              gboolean       all_pairs)
{
  gsize n = result->set->n_records;
  g_autofree guint8 *in = g_new0 (guint8, MAX (n, 1));
  g_autofree guint32 *node_of = g_new (guint32, MAX (n, 1));
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
  GraphSink sink = { edges, node_of };

  g_return_val_if_fail (records != NULL || n_records == 0, NULL);

  for (guint32 i = 0; i < n_records; i++)
    {
      g_return_val_if_fail (records[i] < n && !in[records[i]], NULL);
      in[records[i]] = 1;
      node_of[records[i]] = i;
    }
  pr_matches_foreach_pair_among (result->matches, in, all_pairs, add_graph_edge, &sink);
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);

      add_graph_edge_beyond_k (&sink, result, in, part->a, part->b, part->containment, PR_GRAPH_EDGE_PARTS);
    }
  /* A short text worded alike can be the only pair that joined a member. */
  for (guint i = 0; result->short_pairs != NULL && i < result->short_pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (result->short_pairs, PrPair, i);

      add_graph_edge_beyond_k (&sink, result, in, pair->a, pair->b, 0, PR_GRAPH_EDGE_SHORT);
    }
  return pr_graph_new (n_records, (const PrGraphEdge *) (gconstpointer) edges->data, edges->len);
}
