/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the "needs a judgement" queue with the pairs the scan left
 * unjudged. The scan proves many pairs below the threshold from a bound,
 * without the word diff (pr_pair_judge_score_linked ()), and some of
 * them are just under it: the queue must weigh them as any other pair.
 * Judging them all would cost what the bound saved. A pair's number is at
 * most its bound, so only a pair whose bound comes nearer the threshold
 * than the queue's farthest judged pair can rank in the queue: those
 * alone are judged, on a worker, on copies, and kept where
 * pr_session_get_probability () keeps a pair it judges
 * (pr-session-judging.c), never in the scan's pairs, which the threshold
 * preview's workers read meanwhile. The scan could
 * judge them instead, but it does not know how far the queue reaches,
 * and every scan would pay for a queue opened once in a while.
 */
#define G_LOG_DOMAIN "pr-session-unsure"

#include "config.h"

#include <math.h>

#include "pr-session-judge.h"
#include "pr-session-private.h"

typedef struct {
  PrSharedResult *shared;
  GArray         *scored;   /* the session's pairs when it started */
  GArray         *pending;  /* PrScoredPair: copies of the unjudged ones */
  PrMapping      *mapping;
  PrPairModel     model;
  double          floor;    /* the bound from which a pair can rank */
  guint           max;
  GMutex         *gate;     /* (nullable) the session's, for tests */
} UnsureData;

static void
unsure_data_free (UnsureData *data)
{
  g_clear_pointer (&data->shared, _pr_shared_result_unref);
  g_clear_pointer (&data->scored, g_array_unref);
  g_clear_pointer (&data->pending, g_array_unref);
  g_clear_pointer (&data->mapping, pr_mapping_free);
  g_free (data);
}

static void
unsure_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  UnsureData *data = task_data;
  GError *error = NULL;

  if (data->gate != NULL)
    {
      g_mutex_lock (data->gate);
      g_mutex_unlock (data->gate);
    }
  if (!pr_pair_judge_score_bounded_some (data->mapping, PR_SESSION_TOKENIZER_FLAGS, &data->model, data->floor,
                                         data->shared->result->set, (PrScoredPair *) (gpointer) data->pending->data,
                                         NULL, data->pending->len, 0, NULL, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_unsure_async:
 * @max: at most this many pairs
 *
 * pr_session_list_unsure () with the pairs the scan left unjudged that
 * could rank among the @max nearest: those are judged first, off the
 * main thread. Pairs left unjudged when the weights have changed since
 * the scan (or whose texts were not read) stay out, as their number would
 * not be the scan's.
 */
void
pr_session_unsure_async (PrSession           *self,
                         guint                max,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GArray) nearest = NULL;
  UnsureData *data = g_new0 (UnsureData, 1);
  GArray *scored;
  PrRecordSet *set;
  double threshold, floor = 0;
  /* The floor reaches past @max, so that the next verdicts, which take
   * pairs out of the queue, do not each need another pass. */
  guint reach = 2 * max;

  g_task_set_source_tag (task, pr_session_unsure_async);
  data->max = max;
  g_task_set_task_data (task, data, (GDestroyNotify) unsure_data_free);
  if (self->result == NULL || (scored = self->result->scored) == NULL || self->mapping == NULL ||
      !self->model_judged || !pr_record_set_has_texts (self->result->set))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  set = self->result->set;
  threshold = self->result->probability;
  nearest = pr_session_list_unsure (self, reach);
  if (nearest->len == reach)
    floor = threshold - fabs (g_array_index (nearest, PrScoredPair, reach - 1).probability - threshold);
  /* Every pair still unjudged was proved below this floor before. */
  if (self->unsure_scored == scored && floor >= self->unsure_floor)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  data->shared = _pr_shared_result_ref (self->shared);
  data->scored = g_array_ref (scored);
  data->pending = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  data->mapping = pr_mapping_copy (self->mapping);
  data->model = self->model;
  data->floor = MAX (0, floor);
  for (guint i = 0; i < scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (scored, PrScoredPair, i);

      if (pair->probability < 0 && _pr_session_judged_probability (self, pair->a, pair->b) < 0 &&
          (set->texts == NULL || (set->texts->pdata[pair->a] != NULL && set->texts->pdata[pair->b] != NULL)))
        g_array_append_val (data->pending, *pair);
    }
  data->gate = self->unsure_gate;
  self->unsure_n_passes++;
  _pr_session_run_in_background (task, unsure_thread);
}

/**
 * pr_session_unsure_finish:
 *
 * Returns: (transfer full): PrScoredPair, nearest the threshold first, as
 *   pr_session_list_unsure (); %NULL with @error set on cancel
 */
GArray *
pr_session_unsure_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  UnsureData *data = g_task_get_task_data (G_TASK (result));

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  /* A pair's number is the same at any k, but not in another scan. */
  if (data->pending != NULL && data->shared == self->shared)
    for (guint i = 0; i < data->pending->len; i++)
      {
        const PrScoredPair *judged = &g_array_index (data->pending, PrScoredPair, i);

        if (judged->probability >= 0)
          _pr_session_keep_judged_probability (self, judged->a, judged->b, judged->probability);
      }
  /* The floor holds for the pairs it was reached in: a k applied
   * meanwhile brought others. */
  if (data->pending != NULL && self->result != NULL && self->result->scored == data->scored)
    {
      g_clear_pointer (&self->unsure_scored, g_array_unref);
      self->unsure_scored = g_array_ref (data->scored);
      self->unsure_floor = data->floor;
    }
  return pr_session_list_unsure (self, data->max);
}
