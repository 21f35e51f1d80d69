/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession's second stage: whether its scans judge every candidate pair,
 * each member's probability of repeating its primary, the pairs nearest
 * the threshold for a reviewer to judge first (the ones a verdict teaches
 * the most), a pair's score taken apart, and learning the table's weights
 * from the office's verdicts off the main thread.
 */
#define G_LOG_DOMAIN "pr-session-judge"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pr-pair-chains.h"
#include "pr-session-judge.h"
#include "pr-session-judging.h"
#include "pr-session-private.h"

/* On the scanning thread: the weights learn kept for @table and
 * @mapping's kind (or the shipped ones for that kind), and the generous candidates the second stage judges, as
 * the CLI's scan sets them. */
gboolean
_pr_session_judge_options (PrStore            *store,
                           const char         *table,
                           const PrMapping    *mapping,
                           PrPairModel        *model,
                           PrLoadOptions      *load,
                           PrPartMatchOptions *parts,
                           GError            **error)
{
  return pr_scan_options_second_stage (store, table, mapping, PR_PAIR_DEFAULT_PROBABILITY, model, load, parts, error);
}

/**
 * pr_session_set_second_stage:
 *
 * Whether the next scan judges every candidate pair with the second stage
 * (as the CLI's scan --second-stage does), with the weights learned for
 * the table or the shipped ones.
 */
void
pr_session_set_second_stage (PrSession *self,
                             gboolean   second_stage)
{
  g_return_if_fail (PR_IS_SESSION (self));
  self->second_stage = second_stage;
}

gboolean
pr_session_get_second_stage (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), FALSE);
  return self->second_stage;
}

/* The probability from which the scan under review joined a pair. */
double
pr_session_get_judge_threshold (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), PR_PAIR_DEFAULT_PROBABILITY);
  return self->result != NULL && self->result->scored != NULL ? self->result->probability
                                                              : PR_PAIR_DEFAULT_PROBABILITY;
}

/* Whether @a's and @b's texts are at hand: a scan opened from the store
 * read its cases' members alone, and a member deleted since has none. */
static gboolean
texts_read (const PrRecordSet *set,
            guint32            a,
            guint32            b)
{
  return set->texts == NULL || (set->texts->pdata[a] != NULL && set->texts->pdata[b] != NULL);
}

/* Whether a pair the scan left unjudged gets a number here: judged by
 * weights learned since, it would not be the scan's number. */
static gboolean
judged_here (PrSession          *self,
             const PrScoredPair *scored)
{
  PrRecordSet *set = self->result->set;

  return self->model_judged && self->mapping != NULL && pr_record_set_has_texts (set) &&
         texts_read (set, scored->a, scored->b);
}

/* @scored's number as the scan judged it or as judged here since (for
 * the queue, or for the case on show); −1 when it has none yet. */
static double
judged_number (PrSession          *self,
               const PrScoredPair *scored)
{
  if (scored->probability >= 0)
    return scored->probability;
  if (!judged_here (self, scored))
    return -1;
  return _pr_session_judged_probability (self, scored->a, scored->b);
}

/**
 * pr_session_get_probability:
 * @a: @b: records of the scan's set
 *
 * A candidate the scan left unjudged (proved below its threshold without
 * the word diff, as a scan with a store leaves such pairs) is judged off
 * the main thread, once, with the weights the scan judged by: until its
 * number is in (#PrSession::pair-judged), %PR_SESSION_JUDGING.
 *
 * Returns: the second stage's probability that @a and @b are one
 * complaint sent again; %PR_SESSION_JUDGING while it is judged; another
 * negative number when it did not judge them (no second stage, or they
 * are joined through other records).
 */
double
pr_session_get_probability (PrSession *self,
                            guint32    a,
                            guint32    b)
{
  GArray *pairs;
  const PrScoredPair *scored;
  const double *features;
  double judged;

  g_return_val_if_fail (PR_IS_SESSION (self), -1);
  if (self->result == NULL || a == b)
    return -1;
  /* A scan opened from the store: as its second stage judged the pairs. */
  pairs = self->result->scored != NULL ? self->result->scored : self->stored_scored;
  scored = pr_scored_pairs_find (pairs, a, b);
  if (scored == NULL)
    return -1;
  if ((judged = judged_number (self, scored)) >= 0)
    return judged;
  if (!judged_here (self, scored))
    return -1;
  features = _pr_session_judged_features (self, scored->a, scored->b, FALSE);
  if (features == NULL)
    return PR_SESSION_JUDGING;
  /* As the scan keeps it. */
  return (float) pr_pair_model_probability (&self->model, features);
}

/* @item's members' records in their order, hashed (FNV-1a): a decision
 * that moves or takes out a member changes it. */
static guint64
members_key (PrClusterItem *item)
{
  guint64 key = 14695981039346656037u;

  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    key = (key ^ (pr_cluster_item_get_member (item, m)->record + (guint64) 1)) * 1099511628211u;
  return key;
}

/**
 * pr_session_get_chain:
 * @item: a case of the scan under review
 * @index: a member's index in @item
 * @through: (out): the index in @item of the record before it on its
 *   strongest chain of judged pairs from the primary
 *
 * How a record the second stage did not judge beside the primary is tied
 * to it: the chain of pairs it judged within the case whose weakest pair
 * is the most likely a repeat (pr_pair_chains_strongest ()), by the
 * scan's numbers and those judged since. Found once per case as it
 * stands, and again when a pair is judged.
 *
 * Returns: the probability of that chain's weakest pair; negative when
 *   no chain of judged pairs joins them (no second stage, the primary
 *   itself, or joined by a reviewer's decision alone)
 */
double
pr_session_get_chain (PrSession     *self,
                      PrClusterItem *item,
                      guint          index,
                      guint         *through)
{
  GArray *pairs;
  guint n;
  guint64 key;

  g_return_val_if_fail (PR_IS_SESSION (self), -1);
  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (item), -1);
  n = pr_cluster_item_get_n_members (item);
  if (self->result == NULL || index == 0 || index >= n)
    return -1;
  pairs = self->result->scored != NULL ? self->result->scored : self->stored_scored;
  if (pairs == NULL)
    return -1;
  key = members_key (item);
  if (self->chains_case != item || self->chains_key != key)
    {
      g_autofree guint32 *records = g_new (guint32, n);
      g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));

      for (guint m = 0; m < n; m++)
        records[m] = pr_cluster_item_get_member (item, m)->record;
      /* The case's pairs with the numbers judged since the scan (those
       * of the case on show above all), which the scan's pairs do not
       * hold: the preview's workers read those. */
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          {
            const PrScoredPair *scored = pr_scored_pairs_find (pairs, records[i], records[j]);
            PrScoredPair link;

            if (scored == NULL)
              continue;
            link = *scored;
            link.probability = judged_number (self, scored);
            g_array_append_val (links, link);
          }
      g_array_sort (links, pr_scored_pairs_compare);
      g_set_object (&self->chains_case, item);
      self->chains_key = key;
      self->chains_through = g_renew (guint, self->chains_through, n);
      self->chains_weakest = g_renew (float, self->chains_weakest, n);
      pr_pair_chains_strongest ((const PrScoredPair *) (gconstpointer) links->data, links->len, records, n,
                                self->chains_through, self->chains_weakest);
    }
  *through = self->chains_through[index];
  return self->chains_weakest[index];
}

/* A probability as a clerk reads it: "92% likely a repeat". */
char *
pr_session_format_probability (double probability)
{
  /* Translators: the second stage's probability that a record repeats another. */
  return g_strdup_printf (_("%.0f%% likely a repeat"), floor (100 * probability + 0.5));
}

static char *
pair_key (const char *a,
          const char *b)
{
  return g_strcmp0 (a, b) < 0 ? g_strconcat (a, "\x1f", b, NULL) : g_strconcat (b, "\x1f", a, NULL);
}

static double unsure_threshold;

/* The bins of the distances to the threshold (at most 1). */
#define UNSURE_BINS 4096

static int
closer_to_threshold (gconstpointer a,
                     gconstpointer b)
{
  const PrScoredPair *x = a, *y = b;
  double dx = fabs (x->probability - unsure_threshold), dy = fabs (y->probability - unsure_threshold);

  if (dx != dy)
    return dx < dy ? -1 : 1;
  /* Ties in the records' order, so that the queue is the same each time. */
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : x->b > y->b;
}

/**
 * pr_session_list_unsure:
 * @max: at most this many
 *
 * The judged pairs nearest the probability threshold, nearest first,
 * leaving out those a reviewer has already given a verdict on: where a
 * verdict teaches the weights the most.
 * Pairs the scan left unjudged are in it once judged since, with the
 * number pr_session_get_probability () gives: pr_session_unsure_async ()
 * judges first those that could rank.
 *
 * Returns: (transfer full): PrScoredPair; empty without a second stage
 */
GArray *
pr_session_list_unsure (PrSession *self,
                        guint      max)
{
  GArray *unsure = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autoptr(GHashTable) decided = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer value;
  PrRecordSet *set;

  g_return_val_if_fail (PR_IS_SESSION (self), unsure);
  if (self->result == NULL || self->result->scored == NULL)
    return unsure;
  set = self->result->set;
  if (self->decisions != NULL)
    {
      g_hash_table_iter_init (&iter, self->decisions);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          PrDecision *decision = value;

          if (decision->record_id != NULL && decision->primary_id != NULL)
            g_hash_table_add (decided, pair_key (decision->record_id, decision->primary_id));
        }
    }
  /* A million judged pairs are not sorted on the main thread: a count
   * of the distances in bins finds the nearest max (and as many more as
   * there are verdicts, which may leave) first, and only those are
   * looked at closer. */
  {
    guint bins[UNSURE_BINS + 1] = { 0 };
    guint wanted = max + g_hash_table_size (decided), seen = 0, edge = UNSURE_BINS;
    double threshold = self->result->probability;
    GArray *scored = self->result->scored;
    /* Those the scan left unjudged, with the numbers judged since. */
    g_autoptr(GArray) judged = _pr_session_judged_unscored (self, scored);
    guint n = scored->len + judged->len;

    for (guint i = 0; i < n; i++)
      {
        const PrScoredPair *pair = i < scored->len ? &g_array_index (scored, PrScoredPair, i)
                                                   : &g_array_index (judged, PrScoredPair, i - scored->len);

        if (pair->probability >= 0)
          bins[(guint) (fabs (pair->probability - threshold) * UNSURE_BINS)]++;
      }
    for (guint bin = 0; bin <= UNSURE_BINS; bin++)
      if ((seen += bins[bin]) >= wanted)
        {
          edge = bin;
          break;
        }
    for (guint i = 0; i < n; i++)
      {
        const PrScoredPair *pair = i < scored->len ? &g_array_index (scored, PrScoredPair, i)
                                                   : &g_array_index (judged, PrScoredPair, i - scored->len);
        g_autofree char *key = NULL;

        if (pair->probability < 0 || (guint) (fabs (pair->probability - threshold) * UNSURE_BINS) > edge)
          continue;
        key = pair_key (set->ids->pdata[pair->a], set->ids->pdata[pair->b]);
        if (!g_hash_table_contains (decided, key))
          g_array_append_val (unsure, *pair);
      }
  }
  /* The main thread alone sorts: the comparison reads the threshold from a static. */
  unsure_threshold = self->result->probability;
  g_array_sort (unsure, closer_to_threshold);
  if (unsure->len > max)
    g_array_set_size (unsure, max);
  return unsure;
}

/* Whether the score of @a and @b can be taken apart, or why not. */
static gboolean
can_explain (PrSession  *self,
             guint32     a,
             guint32     b,
             GError    **error)
{
  /* A scan opened from the store has its texts and, unless learned
   * again since, the weights it was judged by: its pairs are taken apart
   * as after the scan. */
  if (self->result == NULL || (self->result->scored == NULL && self->stored_scored == NULL) ||
      !pr_record_set_has_texts (self->result->set))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This scan did not judge pairs: turn on “Judge every pair” in the main menu and "
                             "scan again"));
      return FALSE;
    }
  if (!texts_read (self->result->set, a, b))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("One of these records was not read with the scan: scan again to see their score"));
      return FALSE;
    }
  /* The parts must add up to the number shown, which older weights gave. */
  if (!self->model_judged)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The weights were learned again after this scan: scan again to see the score "
                             "of this pair with them"));
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_session_explain_pair:
 * @parts: (out caller-allocates): room for PR_PAIR_N_FEATURES
 * @bias: (out): the score before anything is weighed
 *
 * Takes the second stage's score of @a and @b apart, with the weights the
 * scan judged by. Needs a scan with the second stage (its records' texts).
 * It runs the word diff where it is called, some 150 ms for long
 * petitions: the window calls pr_session_explain_pair_ready ().
 */
gboolean
pr_session_explain_pair (PrSession   *self,
                         guint32      a,
                         guint32      b,
                         PrPairPart  *parts,
                         guint       *n_parts,
                         double      *bias,
                         GError     **error)
{
  g_autoptr(PrTokenizer) tokenizer = NULL;
  double features[PR_PAIR_N_FEATURES];

  g_return_val_if_fail (PR_IS_SESSION (self), FALSE);
  if (!can_explain (self, a, b, error))
    return FALSE;
  tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, error);
  if (tokenizer == NULL ||
      !pr_pair_judge_features (tokenizer, self->mapping, self->result->set, MIN (a, b), MAX (a, b), features, error))
    return FALSE;
  *bias = self->model.bias;
  *n_parts = pr_pair_explain (&self->model, features, parts);
  return TRUE;
}

/**
 * pr_session_explain_pair_ready:
 *
 * pr_session_explain_pair () without blocking: the pair is judged off
 * the main thread, before any other waiting, and until it is in
 * (#PrSession::pair-judged) this fails with %G_IO_ERROR_PENDING and a
 * message that says so.
 */
gboolean
pr_session_explain_pair_ready (PrSession   *self,
                               guint32      a,
                               guint32      b,
                               PrPairPart  *parts,
                               guint       *n_parts,
                               double      *bias,
                               GError     **error)
{
  const double *features;

  g_return_val_if_fail (PR_IS_SESSION (self), FALSE);
  if (!can_explain (self, a, b, error))
    return FALSE;
  features = _pr_session_judged_features (self, a, b, TRUE);
  if (features == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING, _("Judging this pair…"));
      return FALSE;
    }
  *bias = self->model.bias;
  *n_parts = pr_pair_explain (&self->model, features, parts);
  return TRUE;
}

typedef struct {
  PrConnectionParams *params;
  char               *table;
  PrMapping          *mapping;
  PrSharedResult     *shared;
  PrLearnReport       report;
} LearnData;

static void
learn_data_free (LearnData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  _pr_shared_result_unref (data->shared);
  g_free (data);
}

static void
learn_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  LearnData *data = task_data;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  GError *error = NULL;

  connection = pr_connection_open (data->params, &error);
  if (connection == NULL ||
      (store = pr_store_open (connection, NULL, &error)) == NULL ||
      !pr_store_learn_weights (store, data->table, data->mapping, data->shared->result->set,
                               PR_TOKENIZER_FOLD_TRADITIONAL, data->shared->result->probability, &data->report,
                               cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_learn_async:
 *
 * Learns the second stage's weights for the table under review from the
 * reviewers' verdicts, as `petition-review-cli learn` does, on a thread of
 * its own, and keeps the better of them and the shipped weights for the
 * table's next scans. Needs a scan with the second stage.
 */
void
pr_session_learn_async (PrSession           *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  LearnData *data;

  g_task_set_source_tag (task, pr_session_learn_async);
  if (self->params == NULL || self->shared == NULL || self->result->scored == NULL ||
      !pr_record_set_has_texts (self->result->set))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Learning needs a scan that judged every pair: turn on “Judge every pair” in the "
                                 "main menu and scan again"));
      return;
    }
  data = g_new0 (LearnData, 1);
  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (self->table);
  data->mapping = pr_mapping_copy (self->mapping);
  data->shared = _pr_shared_result_ref (self->shared);
  g_task_set_task_data (task, data, (GDestroyNotify) learn_data_free);
  _pr_session_run_in_background (task, learn_thread);
}

gboolean
pr_session_learn_finish (PrSession     *self,
                         GAsyncResult  *result,
                         PrLearnReport *report,
                         GError       **error)
{
  LearnData *data;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  data = g_task_get_task_data (G_TASK (result));
  if (report != NULL)
    *report = data->report;
  return TRUE;
}

static void
judge_pair_job (PrSession *self,
                GTask     *task)
{
  PrDecision *decision = g_task_get_task_data (task);
  GError *error = NULL;
  gint64 id = pr_store_add_decision (self->store, decision, &error);

  if (id <= 0)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  decision->id = id;
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_judge_pair_async:
 * @a: @b: a pair of the scan's records, as the second stage judged it
 * @verdict: %PR_VERDICT_REPEAT or %PR_VERDICT_NOT_REPEAT
 *
 * Logs a reviewer's verdict on a pair from the "needs a judgement" queue
 * in the decision log, the later record against the earlier, as any
 * verdict: learning reads it, and the next scan joins (or parts) the
 * pair by it. Pairs of one cluster, one its primary, are better decided
 * in the compare view (pr_session_decide_async()), which shows them at
 * once.
 */
void
pr_session_judge_pair_async (PrSession           *self,
                             guint32              a,
                             guint32              b,
                             PrVerdict            verdict,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  PrDecision *decision;
  PrRecordSet *set;

  g_task_set_source_tag (task, pr_session_judge_pair_async);
  g_return_if_fail (verdict == PR_VERDICT_REPEAT || verdict == PR_VERDICT_NOT_REPEAT);
  g_return_if_fail (self->result != NULL);
  set = self->result->set;
  g_return_if_fail (a < set->n_records && b < set->n_records && a != b);

  decision = g_new0 (PrDecision, 1);
  decision->table = g_strdup (self->table);
  decision->record_id = g_strdup (set->ids->pdata[MAX (a, b)]);
  decision->primary_id = g_strdup (set->ids->pdata[MIN (a, b)]);
  decision->verdict = verdict;
  _pr_session_sign_decision (self, decision);
  g_task_set_task_data (task, decision, (GDestroyNotify) pr_decision_free);
  _pr_session_push_job (self, g_steal_pointer (&task), judge_pair_job);
}

gboolean
pr_session_judge_pair_finish (PrSession     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  PrDecision *decision;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  /* The session's log holds it from now: the queue leaves the pair out,
   * and looking at the log for others' decisions skips it. */
  decision = g_task_get_task_data (G_TASK (result));
  _pr_session_remember_decision (self, pr_decision_copy (decision));
  return TRUE;
}
