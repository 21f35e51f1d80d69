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
 *
 * One pass of judging runs at a time, whoever asked. A listing asked for
 * meanwhile (after each verdict, the last one cancelled) waits for it,
 * and is listed once it ends, with the verdicts given by then: a verdict
 * changes which pairs are listed, never a pair's number, so the pass's
 * numbers stand. Only when the verdicts took more pairs out than the
 * floor reached past the queue's end is another pass needed, for the
 * pairs below the old floor alone. A listing cancelled leaves the pass
 * running for the next; a new scan, or the queue closed, stops it.
 */
#define G_LOG_DOMAIN "pr-session-unsure"

#include "config.h"

#include <math.h>

#include "pr-session-judge.h"
#include "pr-session-private.h"

typedef struct {
  PrSharedResult *shared;
  GArray         *scored;   /* the session's pairs when it started */
  GHashTable     *judged;   /* guint64 pairs the session had judged then: a copy */
  GArray         *pending;  /* PrScoredPair: copies of the unjudged ones, made on the worker */
  PrMapping      *mapping;
  PrPairModel     model;
  double          floor;    /* the bound from which a pair can rank */
  GMutex         *gate;     /* (nullable) the session's, for tests */
} PassData;

static void
pass_data_free (PassData *data)
{
  g_clear_pointer (&data->shared, _pr_shared_result_unref);
  g_clear_pointer (&data->scored, g_array_unref);
  g_clear_pointer (&data->judged, g_hash_table_unref);
  g_clear_pointer (&data->pending, g_array_unref);
  g_clear_pointer (&data->mapping, pr_mapping_free);
  g_free (data);
}

/* The pairs to judge are picked here, not on the main thread: the scan's
 * pairs may be millions. */
static void
pass_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  PassData *data = task_data;
  PrRecordSet *set = data->shared->result->set;
  GError *error = NULL;

  if (data->gate != NULL)
    {
      g_mutex_lock (data->gate);
      g_mutex_unlock (data->gate);
    }
  data->pending = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  for (guint i = 0; i < data->scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (data->scored, PrScoredPair, i);
      guint64 key;

      if (pair->probability >= 0)
        continue;
      key = ((guint64) MIN (pair->a, pair->b) << 32) | MAX (pair->a, pair->b);
      if (!g_hash_table_contains (data->judged, &key) &&
          (set->texts == NULL || (set->texts->pdata[pair->a] != NULL && set->texts->pdata[pair->b] != NULL)))
        g_array_append_val (data->pending, *pair);
    }
  if (!pr_pair_judge_score_bounded_some (data->mapping, PR_SESSION_TOKENIZER_FLAGS, &data->model, data->floor,
                                         set, (PrScoredPair *) (gpointer) data->pending->data, NULL,
                                         data->pending->len, 0, NULL, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Whether the queue of @max needs pairs the scan left unjudged judged
 * first; if so, @floor is the bound from which they can rank. Pairs left
 * unjudged when the weights have changed since the scan (or whose texts
 * were not read) stay out, as their number would not be the scan's. */
static gboolean
needs_pass (PrSession *self,
            guint      max,
            double    *floor)
{
  g_autoptr(GArray) nearest = NULL;
  /* The floor reaches past @max, so that the next verdicts, which take
   * pairs out of the queue, do not each need another pass. */
  guint reach = 2 * max;
  double threshold;

  if (self->result == NULL || self->result->scored == NULL || self->mapping == NULL || !self->model_judged ||
      !pr_record_set_has_texts (self->result->set))
    return FALSE;
  threshold = self->result->probability;
  nearest = pr_session_list_unsure (self, reach);
  /* Every pair still unjudged was proved below unsure_floor before, so
   * it is farther from the threshold than the queue's last pair if that
   * one is above the floor. */
  if (self->unsure_scored == self->result->scored)
    {
      double needed = 0;

      if (max > 0 && nearest->len >= max)
        needed = threshold - fabs (g_array_index (nearest, PrScoredPair, max - 1).probability - threshold);
      if (needed >= self->unsure_floor)
        return FALSE;
    }
  *floor = 0;
  if (nearest->len == reach)
    *floor = threshold - fabs (g_array_index (nearest, PrScoredPair, reach - 1).probability - threshold);
  *floor = MAX (0, *floor);
  return TRUE;
}

static void pass_done (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data);

static void
start_pass (PrSession *self,
            double     floor)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  PassData *data = g_new0 (PassData, 1);
  GHashTable *tables[] = { self->pair_features, self->pair_probabilities };

  data->shared = _pr_shared_result_ref (self->shared);
  data->scored = g_array_ref (self->result->scored);
  data->judged = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    if (tables[t] != NULL)
      {
        GHashTableIter iter;
        gpointer key;

        g_hash_table_iter_init (&iter, tables[t]);
        while (g_hash_table_iter_next (&iter, &key, NULL))
          g_hash_table_add (data->judged, g_memdup2 (key, sizeof (guint64)));
      }
  data->mapping = pr_mapping_copy (self->mapping);
  data->model = self->model;
  data->floor = floor;
  data->gate = self->unsure_gate;
  self->unsure_n_passes++;
  self->unsure_pass = g_task_new (self, cancellable, pass_done, NULL);
  g_task_set_source_tag (self->unsure_pass, start_pass);
  /* A pass stopped by a new scan may still have ended whole. */
  g_task_set_check_cancellable (self->unsure_pass, FALSE);
  g_task_set_task_data (self->unsure_pass, data, (GDestroyNotify) pass_data_free);
  self->unsure_waiting = g_ptr_array_new_with_free_func (g_object_unref);
  _pr_session_run_in_background (self->unsure_pass, pass_thread);
}

/* Lists @task's queue (pr_session_unsure_finish () does) once nothing it
 * needs is left to judge: it waits for the pass under way, or for one
 * started for it. */
static void
serve (PrSession *self,
       GTask     *task)
{
  double floor;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (self->unsure_pass == NULL)
    {
      if (!needs_pass (self, GPOINTER_TO_UINT (g_task_get_task_data (task)), &floor))
        {
          g_task_return_boolean (task, TRUE);
          return;
        }
      start_pass (self, floor);
    }
  g_ptr_array_add (self->unsure_waiting, g_object_ref (task));
}

static void
pass_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  PrSession *self = PR_SESSION (source);
  PassData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GPtrArray) waiting = g_steal_pointer (&self->unsure_waiting);
  g_autoptr(GError) error = NULL;
  gboolean done = g_task_propagate_boolean (G_TASK (result), &error);

  g_clear_object (&self->unsure_pass);
  /* A pair's number is the same at any k, but not in another scan. */
  if (done && data->shared == self->shared)
    {
      for (guint i = 0; i < data->pending->len; i++)
        {
          const PrScoredPair *judged = &g_array_index (data->pending, PrScoredPair, i);

          if (judged->probability >= 0)
            _pr_session_keep_judged_probability (self, judged->a, judged->b, judged->probability);
        }
      /* The floor holds for the pairs it was reached in: a k applied
       * meanwhile brought others. */
      if (self->result != NULL && self->result->scored == data->scored)
        {
          g_clear_pointer (&self->unsure_scored, g_array_unref);
          self->unsure_scored = g_array_ref (data->scored);
          self->unsure_floor = data->floor;
        }
    }
  for (guint i = 0; i < waiting->len; i++)
    if (!done && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      g_task_return_error (waiting->pdata[i], g_error_copy (error));
    else
      serve (self, waiting->pdata[i]);
}

/**
 * pr_session_unsure_async:
 * @max: at most this many pairs
 *
 * pr_session_list_unsure () with the pairs the scan left unjudged that
 * could rank among the @max nearest: those are judged first, off the
 * main thread, by the pass under way if there is one.
 */
void
pr_session_unsure_async (PrSession           *self,
                         guint                max,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_unsure_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (max), NULL);
  serve (self, task);
}

/**
 * pr_session_unsure_finish:
 *
 * Returns: (transfer full): PrScoredPair, nearest the threshold first, as
 *   pr_session_list_unsure () when the judging it waited for ended; %NULL
 *   with @error set on cancel
 */
GArray *
pr_session_unsure_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  return pr_session_list_unsure (self, GPOINTER_TO_UINT (g_task_get_task_data (G_TASK (result))));
}

/**
 * pr_session_unsure_stop:
 *
 * Stops the queue's judging under way, as when the queue is closed: the
 * listings still waiting for it that are not cancelled are listed again.
 */
void
pr_session_unsure_stop (PrSession *self)
{
  g_return_if_fail (PR_IS_SESSION (self));
  if (self->unsure_pass != NULL)
    g_cancellable_cancel (g_task_get_cancellable (self->unsure_pass));
}
