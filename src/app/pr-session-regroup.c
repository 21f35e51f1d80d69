/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the threshold preview of the scan under review, and regrouping its
 * records at another k without reading the table again: with the second
 * stage, as a scan at that k would (the candidates at k judged, joined by
 * average linkage). The candidates at the preview's largest k are judged
 * once, with the preview, and every k takes its own of them.
 */
#define G_LOG_DOMAIN "pr-session-regroup"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

/* Threshold preview */

typedef struct {
  PrSharedResult *shared;
  guint           k;
  /* With a second stage: the scan's mapping and weights. */
  PrMapping      *mapping;
  PrPairModel     model;
  PrJudgeProgress *progress;  /* (nullable): shared with the caller */
} ThresholdData;

static void
threshold_data_free (ThresholdData *data)
{
  if (data->progress != NULL)
    g_atomic_rc_box_release (data->progress);
  _pr_shared_result_unref (data->shared);
  g_clear_pointer (&data->mapping, pr_mapping_free);
  g_free (data);
}

static void
threshold_preview_thread (GTask        *task,
                          gpointer      source_object,
                          gpointer      task_data,
                          GCancellable *cancellable)
{
  ThresholdData *data = task_data;
  PrScanResult *result = data->shared->result;
  g_autoptr(GArray) part_pairs = pr_scan_result_part_pairs (result);
  g_autofree guint32 *rank = pr_record_set_rank (result->set);
  GError *error = NULL;
  PrThresholdPreview *preview;

  preview = pr_threshold_preview_new (result->set->fingerprints, result->set->sparse, result->set->n_records,
                                      data->k, (const PrPair *) (gpointer) part_pairs->data, part_pairs->len,
                                      rank, 0, cancellable, &error);
  /* As `thresholds` judges: a pair its bound proves below the threshold
   * between two groups of repeats is left unjudged, whatever verdicts
   * come before a k is applied; the list judges one when it shows its
   * number (pr_session_get_probability ()). */
  if (preview != NULL && data->mapping != NULL &&
      !pr_scan_result_judge_preview (result, preview, data->mapping, PR_SESSION_TOKENIZER_FLAGS, &data->model, 0,
                                     PR_ADVICE_CONTROLS, data->progress, cancellable, &error))
    g_clear_pointer (&preview, pr_threshold_preview_unref);
  if (preview == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, preview, (GDestroyNotify) pr_threshold_preview_unref);
}

/**
 * pr_session_threshold_preview_async:
 *
 * Finds every pair up to the scan's k + 3 in the scan's fingerprints (no
 * rescan: see pr-threshold-preview.c) and, with a second stage, judges
 * the candidates among them, on a thread of its own; once per scan, then
 * kept.
 *
 * @progress, when given, is a g_atomic_rc_box_new0 () the work holds a
 * reference to: its total is set when the judging starts (0 until
 * then), and its done counts the candidates judged, for a progress bar
 * that reads it now and then.
 */
void
pr_session_threshold_preview_async (PrSession           *self,
                                    PrJudgeProgress     *progress,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ThresholdData *data;

  g_return_if_fail (self->shared != NULL);

  g_task_set_source_tag (task, pr_session_threshold_preview_async);
  if (self->threshold_preview != NULL)
    {
      g_task_return_pointer (task, pr_threshold_preview_ref (self->threshold_preview),
                             (GDestroyNotify) pr_threshold_preview_unref);
      return;
    }
  data = g_new0 (ThresholdData, 1);
  data->shared = _pr_shared_result_ref (self->shared);
  data->k = self->result->k;
  /* The scan's result is shared with the thread: short pairs found there
   * are kept in it, as regrouping did. */
  if (self->result->scored != NULL && self->mapping != NULL)
    {
      data->mapping = pr_mapping_copy (self->mapping);
      data->model = self->model;
    }
  if (progress != NULL)
    data->progress = g_atomic_rc_box_acquire (progress);
  g_task_set_task_data (task, data, (GDestroyNotify) threshold_data_free);
  _pr_session_run_in_background (task, threshold_preview_thread);
}

/* Returns: (transfer full): the preview of the scan under review */
PrThresholdPreview *
pr_session_threshold_preview_finish (PrSession     *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  ThresholdData *data = g_task_get_task_data (G_TASK (result));
  PrThresholdPreview *preview = g_task_propagate_pointer (G_TASK (result), error);

  /* Kept for this scan only. */
  if (preview != NULL && data != NULL && data->shared == self->shared && self->threshold_preview == NULL)
    self->threshold_preview = pr_threshold_preview_ref (preview);
  return preview;
}

/* The clusters at another k, ready to go into the list. */
struct _PrSessionRegroup
{
  PrThresholdSummary  summary;
  PrSharedResult       *shared;
  PrThresholdPreview *preview;
  GPtrArray          *decisions;   /* PrDecision, the log as it was, in order */
  PrClustering       *clustering;
  GPtrArray          *items;
  GHashTable         *cluster_of;
  /* With a second stage: the candidates at k, judged. */
  GArray             *scored;
};

void
pr_session_regroup_free (PrSessionRegroup *regroup)
{
  if (regroup == NULL)
    return;
  g_clear_pointer (&regroup->scored, g_array_unref);
  g_clear_pointer (&regroup->cluster_of, g_hash_table_unref);
  g_clear_pointer (&regroup->items, g_ptr_array_unref);
  g_clear_pointer (&regroup->clustering, pr_clustering_free);
  g_clear_pointer (&regroup->decisions, g_ptr_array_unref);
  g_clear_pointer (&regroup->preview, pr_threshold_preview_unref);
  g_clear_pointer (&regroup->shared, _pr_shared_result_unref);
  g_free (regroup);
}

const PrThresholdSummary *
pr_session_regroup_get_summary (PrSessionRegroup *regroup)
{
  return &regroup->summary;
}

static int
compare_decision_ids (gconstpointer a,
                      gconstpointer b)
{
  const PrDecision *x = *(PrDecision *const *) a, *y = *(PrDecision *const *) b;

  return (x->id > y->id) - (x->id < y->id);
}

static void
regroup_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  PrSessionRegroup *regroup = task_data;
  PrRecordSet *set = regroup->shared->result->set;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(PrClustering) clustering = NULL;
  PrClusterConstraints constraints;
  GError *error = NULL;

  /* The verdicts as they are now, not as the scan found them: a scan at
   * this k would cluster by them. */
  pr_scan_constraints_from_decisions (set, regroup->decisions, must, cannot);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  if (pr_threshold_preview_is_judged (regroup->preview))
    {
      /* As a scan at this k with the second stage: the candidates at k
       * judged, joined by average linkage; compared with the clusters in
       * use. */
      regroup->clustering = pr_threshold_preview_cluster (regroup->preview, regroup->summary.k, &constraints,
                                                          &regroup->summary.n_pairs, &error);
      if (regroup->clustering == NULL)
        {
          pr_session_regroup_free (regroup);
          g_task_return_error (task, error);
          return;
        }
      regroup->scored = pr_threshold_preview_judged_at (regroup->preview, regroup->summary.k);
      regroup->summary.base_n_pairs = regroup->shared->result->counts.pairs;
      pr_threshold_summary_compare (&regroup->summary, regroup->shared->result->clustering, regroup->clustering,
                                    set->n_records);
      g_task_return_pointer (task, regroup, (GDestroyNotify) pr_session_regroup_free);
      return;
    }
  /* The figures: members only, fast at any k. */
  clustering = pr_threshold_preview_compare (regroup->preview, regroup->summary.base_k, regroup->summary.k,
                                             &constraints, &regroup->summary, &error);
  if (clustering == NULL)
    {
      pr_session_regroup_free (regroup);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, regroup, (GDestroyNotify) pr_session_regroup_free);
}

/**
 * pr_session_regroup_async:
 * @preview: the scan's preview, from pr_session_threshold_preview_finish()
 * @k: the threshold, up to the preview's kmax
 *
 * Clusters the scan's records at @k from @preview, with the reviewers'
 * verdicts, and compares with the clusters at the k in use; on a thread
 * of its own: the figures, fast at any k. pr_session_apply_regroup_async ()
 * puts those clusters in the list.
 */
void
pr_session_regroup_async (PrSession           *self,
                          PrThresholdPreview  *preview,
                          guint                k,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  PrSessionRegroup *regroup = g_new0 (PrSessionRegroup, 1);
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (self->shared != NULL);
  g_return_if_fail (k <= pr_threshold_preview_get_kmax (preview));

  regroup->shared = _pr_shared_result_ref (self->shared);
  regroup->preview = pr_threshold_preview_ref (preview);
  regroup->summary.base_k = self->k;
  regroup->summary.k = k;
  regroup->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  g_hash_table_iter_init (&iter, self->decisions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (regroup->decisions, pr_decision_copy (value));
  g_ptr_array_sort (regroup->decisions, compare_decision_ids);
  g_task_set_source_tag (task, pr_session_regroup_async);
  /* The thread owns it: it returns it, or frees it. */
  g_task_set_task_data (task, regroup, NULL);
  _pr_session_run_in_background (task, regroup_thread);
}

/* Returns: (transfer full): the clusters at the k asked for */
PrSessionRegroup *
pr_session_regroup_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
apply_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  PrSessionRegroup *regroup = task_data;
  PrRecordSet *set = regroup->shared->result->set;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  PrClusterConstraints constraints;
  g_autofree guint32 *case_numbers = NULL;
  GError *error = NULL;

  /* Now with each cluster's largest distance, which the list shows (a
   * second stage's clusters have it already). */
  pr_scan_constraints_from_decisions (set, regroup->decisions, must, cannot);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  if (regroup->clustering == NULL)
    regroup->clustering = pr_threshold_preview_cluster (regroup->preview, regroup->summary.k, &constraints, NULL,
                                                        &error);
  if (regroup->clustering == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* The clusters at this k named by the scan's cases: a cluster that
   * continues one keeps its number; a new one has none until a scan at
   * this k stores it. */
  case_numbers = pr_scan_result_number_clusters (regroup->shared->result, regroup->clustering, &error);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  _pr_session_make_items (regroup->clustering, set, case_numbers, &regroup->items, &regroup->cluster_of);
  _pr_session_rate_risks (regroup->shared->result, regroup->items);
  _pr_session_tell_kinds (regroup->shared->result, regroup->items);
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_apply_regroup_async:
 * @regroup: (transfer full): clusters at another k, from
 *   pr_session_regroup_finish()
 *
 * Makes the clusters at @regroup's k for the list, with each one's
 * largest distance, on a thread of its own; pr_session_apply_regroup_finish()
 * puts them in the list in place of the ones shown, with the reviewers'
 * verdicts applied to them as after a scan, and makes that k the one in
 * use. The decisions made before stay undoable where the new clusters
 * keep their records together; a step whose records the new k parts
 * cannot be undone in one piece, and is dropped (the log keeps every
 * decision).
 */
void
pr_session_apply_regroup_async (PrSession           *self,
                                PrSessionRegroup    *regroup,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_apply_regroup_async);
  g_task_set_task_data (task, regroup, (GDestroyNotify) pr_session_regroup_free);
  _pr_session_run_in_background (task, apply_thread);
}

/**
 * pr_session_apply_regroup_finish:
 *
 * Refused when a scan has replaced the records since, or a decision was
 * made since the regrouping was asked for.
 *
 * Returns: %FALSE with @error set when refused or cancelled
 */
gboolean
pr_session_apply_regroup_finish (PrSession     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  PrSessionRegroup *regroup = g_task_get_task_data (G_TASK (result));
  GQueue undo, redo;

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (regroup->shared != self->shared)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("A new scan has replaced the cases; open the threshold preview again."));
      return FALSE;
    }
  if (self->deciding || regroup->decisions->len != g_hash_table_size (self->decisions))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("A decision was made meanwhile; choose k again to regroup with it."));
      return FALSE;
    }

  g_clear_pointer (&self->result->clustering, pr_clustering_free);
  self->result->clustering = g_steal_pointer (&regroup->clustering);
  self->result->counts.pairs = regroup->summary.n_pairs;
  /* The probabilities shown are those of the candidates at this k. */
  if (regroup->scored != NULL)
    {
      g_clear_pointer (&self->result->scored, g_array_unref);
      self->result->scored = g_steal_pointer (&regroup->scored);
    }
  self->result->counts.clusters = regroup->summary.n_clusters;
  self->k = regroup->summary.k;
  undo = self->undo;
  redo = self->redo;
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
  _pr_session_install_clusters (self, g_steal_pointer (&regroup->items), g_steal_pointer (&regroup->cluster_of),
                    regroup->decisions);
  _pr_session_rebind_steps (self, &undo, &self->undo, FALSE);
  _pr_session_rebind_steps (self, &redo, &self->redo, FALSE);
  _pr_session_notify_undo_redo (self);
  return TRUE;
}

