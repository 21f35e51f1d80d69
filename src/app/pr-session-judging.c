/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession's pairs judged off the main thread: the pairs of the case on
 * show whose features the window needs (a pair the scan left unjudged, or
 * one whose score "Why they match" takes apart) go through the second
 * stage's word diff, some 150 ms a pair of long petitions, on a thread of
 * their own, one at a time, the case on show's first. A case left, a new
 * scan or the session's end drops what is still to come.
 *
 * No data is shared that anyone writes: the thread reads the scan's
 * records, which nothing changes once a scan is installed (the threshold
 * preview's workers read them too) and which its reference on the shared
 * result keeps alive, a copy of the mapping of its own, and writes its
 * features into its own task data. The main thread alone reads and
 * writes the features judged and the queue.
 *
 * The numbers of pairs the scan left unjudged are kept here, beside the
 * scan's pairs and never in them: the threshold preview's workers read
 * those while the window runs. The "needs a judgement" queue keeps the
 * numbers it judges (pr-session-unsure.c) here too, so that
 * pr_session_get_probability () and the queue read one table.
 */
#define G_LOG_DOMAIN "pr-session-judge"

#include "config.h"

#include "pr-session-judge.h"
#include "pr-session-judging.h"
#include "pr-session-private.h"

static guint64
pair_key (guint32 a,
          guint32 b)
{
  return ((guint64) MIN (a, b) << 32) | MAX (a, b);
}

typedef struct {
  PrSharedResult *shared;
  PrMapping      *mapping;
  guint32         a, b;
  double          features[PR_PAIR_N_FEATURES];
} JudgeData;

static void
judge_data_free (JudgeData *data)
{
  _pr_shared_result_unref (data->shared);
  pr_mapping_free (data->mapping);
  g_free (data);
}

static void
judge_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  JudgeData *data = task_data;
  g_autoptr(PrTokenizer) tokenizer = NULL;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  tokenizer = pr_tokenizer_new (PR_SESSION_TOKENIZER_FLAGS, &error);
  if (tokenizer == NULL ||
      !pr_pair_judge_features (tokenizer, data->mapping, data->shared->result->set, data->a, data->b,
                               data->features, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void judge_next (PrSession *self);

static void
judged (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  PrSession *self = PR_SESSION (source);
  JudgeData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean current = self->judging != NULL && g_task_get_cancellable (G_TASK (result)) == self->judging;

  /* A task cancelled (its case left, a new scan) returns cancelled even
   * when its thread ended: its number is not shown. */
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("cannot judge records %s and %s: %s", (const char *) data->shared->result->set->ids->pdata[data->a],
                   (const char *) data->shared->result->set->ids->pdata[data->b], error->message);
    }
  else if (data->shared == self->shared)
    {
      guint64 *key = g_new (guint64, 1);

      *key = pair_key (data->a, data->b);
      GArray *pairs = self->result->scored != NULL ? self->result->scored : self->stored_scored;
      const PrScoredPair *scored = pairs != NULL ? pr_scored_pairs_find (pairs, data->a, data->b) : NULL;

      g_hash_table_insert (self->pair_features, key, g_memdup2 (data->features, sizeof data->features));
      /* A number in may make a stronger chain (pr_session_get_chain ()). */
      g_clear_object (&self->chains_case);
      g_signal_emit_by_name (self, "pair-judged", data->a, data->b, scored != NULL && scored->probability < 0);
    }
  if (current)
    {
      g_clear_object (&self->judging);
      self->judging_pair = 0;
      judge_next (self);
    }
}

/* Starts the queue's first pair, if none is being judged. */
static void
judge_next (PrSession *self)
{
  g_autoptr(GTask) task = NULL;
  JudgeData *data;
  guint64 key;

  if (self->judging != NULL || self->judge_queue == NULL || self->judge_queue->len == 0)
    return;
  key = g_array_index (self->judge_queue, guint64, 0);
  g_array_remove_index (self->judge_queue, 0);
  self->judging = g_cancellable_new ();
  self->judging_pair = key;
  data = g_new0 (JudgeData, 1);
  data->shared = _pr_shared_result_ref (self->shared);
  data->mapping = pr_mapping_copy (self->mapping);
  data->a = (guint32) (key >> 32);
  data->b = (guint32) key;
  task = g_task_new (self, self->judging, judged, NULL);
  g_task_set_source_tag (task, judge_next);
  g_task_set_task_data (task, data, (GDestroyNotify) judge_data_free);
  _pr_session_run_in_background (task, judge_thread);
}

/**
 * _pr_session_judged_features:
 * @first: if it must be judged, before the others waiting
 *
 * The second stage's features of @a and @b if they were judged off the
 * main thread; else they are asked for, and pr_session_get_judging ()
 * says so until #PrSession::pair-judged tells they are in.
 *
 * Returns: (nullable): PR_PAIR_N_FEATURES values, the session's
 */
const double *
_pr_session_judged_features (PrSession *self,
                             guint32    a,
                             guint32    b,
                             gboolean   first)
{
  guint64 key = pair_key (a, b);
  const double *features;

  if (self->pair_features == NULL)
    self->pair_features = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  if (self->judge_queue == NULL)
    self->judge_queue = g_array_new (FALSE, FALSE, sizeof (guint64));
  features = g_hash_table_lookup (self->pair_features, &key);
  if (features != NULL || self->judging_pair == key)
    return features;
  for (guint i = 0; i < self->judge_queue->len; i++)
    if (g_array_index (self->judge_queue, guint64, i) == key)
      {
        g_array_remove_index (self->judge_queue, i);
        break;
      }
  if (first)
    g_array_prepend_val (self->judge_queue, key);
  else
    g_array_append_val (self->judge_queue, key);
  judge_next (self);
  return NULL;
}

/* Whether @a and @b are waiting to be judged or being judged. */
gboolean
pr_session_get_judging (PrSession *self,
                        guint32    a,
                        guint32    b)
{
  guint64 key = pair_key (a, b);

  g_return_val_if_fail (PR_IS_SESSION (self), FALSE);
  if (self->judging_pair == key)
    return TRUE;
  for (guint i = 0; self->judge_queue != NULL && i < self->judge_queue->len; i++)
    if (g_array_index (self->judge_queue, guint64, i) == key)
      return TRUE;
  return FALSE;
}

/* Drops the pairs waiting and cancels the one being judged. */
static void
stop_judging (PrSession *self)
{
  if (self->judge_queue != NULL)
    g_array_set_size (self->judge_queue, 0);
  if (self->judging != NULL)
    g_cancellable_cancel (self->judging);
  g_clear_object (&self->judging);
  self->judging_pair = 0;
}

/**
 * pr_session_judge_case:
 * @item: (nullable): the case on show
 *
 * The pairs asked for from now on are @item's: those of another case,
 * still waiting or being judged, are dropped, and their numbers, should
 * they come, are not kept.
 */
void
pr_session_judge_case (PrSession     *self,
                       PrClusterItem *item)
{
  g_return_if_fail (PR_IS_SESSION (self));
  if (self->judged_case == item)
    return;
  stop_judging (self);
  g_set_object (&self->judged_case, item);
}

/* The number judged here for @a and @b (by their features or for the
 * queue), as the scan keeps it; −1 when there is none yet. */
double
_pr_session_judged_probability (PrSession *self,
                                guint32    a,
                                guint32    b)
{
  guint64 key = pair_key (a, b);
  const double *value;

  if (self->pair_features != NULL && (value = g_hash_table_lookup (self->pair_features, &key)) != NULL)
    return (float) pr_pair_model_probability (&self->model, value);
  if (self->pair_probabilities != NULL && (value = g_hash_table_lookup (self->pair_probabilities, &key)) != NULL)
    return *value;
  return -1;
}

/* Keeps the number the queue judged for @a and @b (without features). */
void
_pr_session_keep_judged_probability (PrSession *self,
                                     guint32    a,
                                     guint32    b,
                                     double     probability)
{
  guint64 *key = g_new (guint64, 1);

  *key = pair_key (a, b);
  if (self->pair_probabilities == NULL)
    self->pair_probabilities = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_hash_table_insert (self->pair_probabilities, key, g_memdup2 (&probability, sizeof probability));
  g_clear_object (&self->chains_case);
}

static void
add_unscored (PrSession  *self,
              GArray     *scored,
              GHashTable *table,
              GHashTable *seen,
              GArray     *judged)
{
  GHashTableIter iter;
  gpointer key;

  if (table == NULL)
    return;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint64 pair = *(guint64 *) key;
      const PrScoredPair *found;
      PrScoredPair copy;

      if (!g_hash_table_add (seen, key) ||
          (found = pr_scored_pairs_find (scored, (guint32) (pair >> 32), (guint32) pair)) == NULL ||
          found->probability >= 0)
        continue;
      copy = *found;
      copy.probability = _pr_session_judged_probability (self, copy.a, copy.b);
      g_array_append_val (judged, copy);
    }
}

/**
 * _pr_session_judged_unscored:
 * @scored: the scan's pairs
 *
 * The pairs of @scored the scan left unjudged that were judged here
 * since, with their numbers: the tables are walked, not @scored, which
 * may hold a million pairs.
 *
 * Returns: (transfer full): PrScoredPair
 */
GArray *
_pr_session_judged_unscored (PrSession *self,
                             GArray    *scored)
{
  GArray *judged = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  add_unscored (self, scored, self->pair_features, seen, judged);
  add_unscored (self, scored, self->pair_probabilities, seen, judged);
  return judged;
}

/* A new scan (or none): its pairs are other records. */
void
_pr_session_forget_judged (PrSession *self)
{
  stop_judging (self);
  g_clear_object (&self->judged_case);
  g_clear_object (&self->chains_case);
  g_clear_pointer (&self->chains_through, g_free);
  g_clear_pointer (&self->chains_weakest, g_free);
  g_clear_pointer (&self->pair_features, g_hash_table_unref);
  g_clear_pointer (&self->pair_probabilities, g_hash_table_unref);
  g_clear_pointer (&self->judge_queue, g_array_unref);
  g_clear_pointer (&self->unsure_scored, g_array_unref);
  self->unsure_floor = 0;
  /* The listings waiting for it are listed again for the new scan. */
  pr_session_unsure_stop (self);
}
