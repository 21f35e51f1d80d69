/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "petition-review-db"

#include "config.h"

#include "pr-scan.h"

#include "pr-record-reader.h"
#include "pr-simhash.h"
#include "pr-stable-id.h"

typedef struct {
  GHashTable *stored;      /* record id → PrStoredFingerprint */
  gboolean    with_parts;
} Reuse;

/* The incremental scan's hook: an unchanged record keeps its stored
 * fingerprint, and its parts if the scan wants them and they were kept. */
static gboolean
reuse_stored (const char    *id,
              guint64        content_hash,
              PrFingerprint *fingerprint,
              gpointer       user_data)
{
  Reuse *reuse = user_data;
  PrStoredFingerprint *stored = g_hash_table_lookup (reuse->stored, id);

  if (stored == NULL || stored->content_hash != content_hash || (reuse->with_parts && !stored->has_parts))
    return FALSE;
  fingerprint->fingerprint = stored->fingerprint;
  fingerprint->sparse = stored->sparse;
  if (reuse->with_parts && stored->n_parts > 0)
    {
      /* Taken, not copied: ids are unique, so each is asked for once, and
       * the stored parts of a large table are as large as the scan's. */
      fingerprint->parts = g_steal_pointer (&stored->parts);
      fingerprint->n_parts = stored->n_parts;
      stored->n_parts = 0;
    }
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
 * with its primary, a record found not a repeat leaves it.
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
  g_autoptr(PrScanResult) result = g_new0 (PrScanResult, 1);
  g_autoptr(GHashTable) stored = NULL;
  g_autoptr(GArray) part_pairs = NULL;
  g_autofree guint32 *rank = NULL;
  g_autoptr(GError) local_error = NULL;
  PrLoadOptions load = *load_options;
  Progress read = { progress, progress_data };
  Reuse reuse = { NULL, parts != NULL };
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  PrClusterConstraints constraints;
  gint64 start;

  g_return_val_if_fail ((connection != NULL) == (table != NULL), NULL);
  g_return_val_if_fail ((connection == NULL) == (csv_path != NULL), NULL);
  g_return_val_if_fail (store == NULL || connection != NULL, NULL);

  load.parts = parts != NULL;
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
  if (parts != NULL &&
      !pr_record_set_find_part_pairs (result->set, result->set->sparse, parts, load.n_threads, add_part_pair,
                                      result->part_pairs, result->boilerplate, cancellable, &local_error))
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
    }
  part_pairs = pr_scan_result_part_pairs (result);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  /* The same call as a threshold preview's (pr-threshold-preview.c), so
   * that its figures at this k are the scan's. */
  result->clustering = pr_matches_cluster (result->matches, k, result->set->fingerprints, result->set->n_records,
                                           (const PrPair *) (gpointer) part_pairs->data, part_pairs->len,
                                           rank, &constraints, TRUE, &result->counts.pairs);
  result->cluster_seconds = (g_get_monotonic_time () - start) / 1e6;

  result->counts.records = result->set->n_records;
  result->counts.clusters = pr_clustering_get_n_clusters (result->clustering);
  if (store != NULL)
    {
      for (gsize i = 0; i < result->set->n_records; i++)
        if (result->set->changed[i])
          {
            if (g_hash_table_contains (stored, result->set->ids->pdata[i]))
              result->counts.changed_records++;
            else
              result->counts.new_records++;
          }

      /* The last point where cancelling leaves the store as it was. */
      if (g_cancellable_set_error_if_cancelled (cancellable, &local_error))
        goto failed;
      if (progress != NULL)
        progress (PR_SCAN_PHASE_STORE, result->set->n_records, 0, 1, progress_data);
      PrPartTable part_table = pr_record_set_get_parts (result->set);

      start = g_get_monotonic_time ();

      if (!pr_store_commit_scan (store, result->scan_id, table, result->mapping_version,
                                 result->set->n_records, (char *const *) result->set->ids->pdata,
                                 result->set->fingerprints, result->set->content_hashes,
                                 result->set->sparse, result->set->changed,
                                 part_table.parts != NULL ? &part_table : NULL, &result->counts, &local_error))
        goto failed;
      result->store_seconds = (g_get_monotonic_time () - start) / 1e6;
    }

  if (result->set->part_spool != NULL)
    {
      result->n_parts = pr_part_spool_get_n_parts (result->set->part_spool);
      result->spilled_bytes = pr_part_spool_get_spilled (result->set->part_spool);
    }
  /* The parts are matched and stored: free the largest thing the scan
   * holds before a reviewer works through its clusters. */
  pr_record_set_drop_parts (result->set);
  return g_steal_pointer (&result);

failed:
  if (store != NULL)
    pr_store_end_scan (store, result->scan_id,
                       g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                         ? PR_SCAN_CANCELLED : PR_SCAN_FAILED,
                       local_error->message, NULL);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
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
  g_clear_pointer (&result->matches, pr_matches_free);
  g_clear_pointer (&result->part_pairs, g_array_unref);
  g_clear_pointer (&result->boilerplate, g_array_unref);
  g_clear_pointer (&result->decisions, g_ptr_array_unref);
  g_clear_pointer (&result->set, pr_record_set_free);
  g_free (result);
}

typedef struct {
  const guint8    *changed;
  PrNewRepeatFunc  func;
  gpointer         data;
  guint64          count;
} NewRepeats;

static void
visit_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  NewRepeats *repeats = user_data;

  if (repeats->changed[a] == repeats->changed[b])
    return;
  repeats->count++;
  if (repeats->func != NULL)
    repeats->func (repeats->changed[a] ? a : b, repeats->changed[a] ? b : a, distance, repeats->data);
}

/**
 * pr_scan_result_foreach_new_repeat:
 * @result: a scan's result
 * @func: (nullable): called for each pair of a record fingerprinted in
 *   this scan with one stored unchanged: an intake that repeats what the
 *   office already has
 * @user_data: passed to @func
 *
 * Returns: the number of such pairs
 */
guint64
pr_scan_result_foreach_new_repeat (PrScanResult    *result,
                                   PrNewRepeatFunc  func,
                                   gpointer         user_data)
{
  NewRepeats repeats = { result->set->changed, func, user_data, 0 };

  pr_matches_foreach_pair (result->matches, visit_pair, &repeats);
  /* Part matches the block index did not find too. */
  for (guint i = 0; i < result->part_pairs->len; i++)
    {
      const PrPartPair *part = &g_array_index (result->part_pairs, PrPartPair, i);
      guint32 distance = pr_hamming_distance (result->set->fingerprints[part->a], result->set->fingerprints[part->b]);

      if (distance > result->k)
        visit_pair (part->a, part->b, distance, &repeats);
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
 * within k and each pair that shares parts, between two of them.
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
      PrGraphEdge edge;

      if (!in[part->a] || !in[part->b])
        continue;
      edge = (PrGraphEdge) { node_of[part->a], node_of[part->b],
                             pr_hamming_distance (result->set->fingerprints[part->a],
                                                  result->set->fingerprints[part->b]),
                             part->containment, PR_GRAPH_EDGE_PARTS };
      g_array_append_val (edges, edge);
    }
  return pr_graph_new (n_records, (const PrGraphEdge *) (gconstpointer) edges->data, edges->len);
}
