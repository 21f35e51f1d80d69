/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the decisions, their undo and redo, others' decisions seen in the
 * log as it is polled, and write-back into the source table.
 */
#define G_LOG_DOMAIN "pr-session-decisions"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

/* Decisions */

static const char *
id_column (const PrMapping *mapping)
{
  int c = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

  return c < 0 ? NULL : pr_mapping_get_column (mapping, c)->name;
}

/* Whether two mappings name records by the same column: a decision's
 * record id means the same record under both. */
gboolean
_pr_session_same_ids (const PrMapping *a,
                      const PrMapping *b)
{
  return a != NULL && b != NULL && g_strcmp0 (id_column (a), id_column (b)) == 0;
}

/* The case that holds @decision after a scan: a not-a-repeat verdict is
 * kept with the case it took its record out of, where the scan put the
 * record elsewhere. */
static PrClusterItem *
holder_of (PrSession        *self,
           const PrDecision *decision,
           gboolean          logged)
{
  PrClusterItem *holder;

  if (decision->verdict == PR_VERDICT_NOT_REPEAT &&
      (holder = g_hash_table_lookup (self->taken_out_of, &decision->id)) != NULL)
    return holder;
  holder = g_hash_table_lookup (self->cluster_of, decision->record_id);
  if (holder != NULL && logged && !pr_cluster_item_holds_decision (holder, decision->id))
    return NULL;
  return holder;
}

/**
 * _pr_session_rebind_steps:
 * @logged: whether each step's decisions must still stand in the log as
 *   applied to the new clusters (the steps of undo)
 *
 * Moves the steps of @from to the end of @to, each on the new cluster that
 * holds all of its records. At the first step whose records are now apart
 * or in no cluster, about another table, or (with @logged) whose decisions
 * another reviewer took back meanwhile, that step and every one after it
 * in @from are dropped: undo (or redo) must never skip a step to take
 * back an older one.
 *
 * Returns: %TRUE if a step was dropped
 */
gboolean
_pr_session_rebind_steps (PrSession *self,
                          GQueue    *from,
                          GQueue    *to,
                          gboolean   logged)
{
  PrSessionStep *step;

  while ((step = g_queue_pop_head (from)) != NULL)
    {
      PrClusterItem *item = NULL;
      gboolean together = step->decisions->len > 0;

      for (guint i = 0; i < step->decisions->len && together; i++)
        {
          PrDecision *decision = step->decisions->pdata[i];
          PrClusterItem *holder = holder_of (self, decision, logged);

          together = holder != NULL && (item == NULL || holder == item) &&
                     g_strcmp0 (decision->table, self->table) == 0;
          item = holder;
        }
      if (!together)
        {
          _pr_session_step_free (step);
          g_queue_clear_full (from, (GDestroyNotify) _pr_session_step_free);
          return TRUE;
        }
      g_set_object (&step->item, item);
      g_queue_push_tail (to, step);
    }
  return FALSE;
}


typedef enum { DO, UNDO, REDO } StepKind;

typedef struct {
  PrSessionStep *step;   /* the decisions to log: with their ids after */
  StepKind       kind;
  GTask         *outer;
  GPtrArray     *undos;  /* PrDecision: for UNDO, the undos logged */
} DecideData;

static void
decide_job (PrSession *self,
            GTask     *task)
{
  DecideData *data = g_task_get_task_data (task);
  GPtrArray *decisions = data->step->decisions;
  GError *error = NULL;

  if (data->kind == UNDO)
    {
      /* The store replaces an undo's ids with its target's (and frees
       * them), so the undos own copies; the last decision is undone
       * first. Kept for the session's log (decided ()). */
      for (guint i = decisions->len; i-- > 0;)
        {
          PrDecision *decision = decisions->pdata[i];
          PrDecision *undo = g_new0 (PrDecision, 1);

          undo->table = g_strdup (decision->table);
          undo->record_id = g_strdup (decision->record_id);
          undo->primary_id = g_strdup (decision->primary_id);
          undo->verdict = PR_VERDICT_UNDO;
          undo->reviewer = g_strdup (decision->reviewer);
          undo->login = g_strdup (decision->login);
          undo->undoes = decision->id;
          undo->case_number = decision->case_number;
          g_ptr_array_add (data->undos, undo);
        }
    }

  /* One transaction for the step: a merge, or its undo, is logged whole
   * or not at all, even if the connection is lost half-way. */
  if (pr_store_add_decisions_written_back (self->store, data->kind == UNDO ? data->undos : decisions,
                                          self->write_back, &error))
    g_task_return_boolean (task, TRUE);
  else
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
    }
}

static void
decide_data_free (DecideData *data)
{
  if (data->step != NULL)
    _pr_session_step_free (data->step);
  g_ptr_array_unref (data->undos);
  g_free (data);
}

static void
decided (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  PrSession *self = PR_SESSION (object);
  DecideData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GTask) outer = data->outer;
  GError *error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  PrSessionStep *step = g_steal_pointer (&data->step);
  const PrRecordSet *set = self->result->set;

  gboolean was_reviewed = pr_cluster_item_get_reviewed (step->item);

  self->deciding = FALSE;
  if (!ok)
    {
      /* Nothing was logged: the step stays where it was, to be tried
       * again (a new decision is simply not made). */
      if (data->kind == UNDO)
        g_queue_push_head (&self->undo, step);
      else if (data->kind == REDO)
        g_queue_push_head (&self->redo, step);
      else
        _pr_session_step_free (step);
      _pr_session_notify_undo_redo (self);
      g_task_return_error (outer, error);
      return;
    }
  for (guint i = 0; i < step->decisions->len; i++)
    {
      PrDecision *decision = step->decisions->pdata[i];

      if (data->kind == UNDO)
        {
          pr_cluster_item_revert (step->item, decision, set);
          /* Kept with its case over a scan: the case lets it go. */
          _pr_session_forget_taken_out (self, decision->id);
        }
      else
        {
          _pr_session_remember_decision (self, pr_decision_copy (decision));
          pr_cluster_item_apply (step->item, decision, set);
        }
    }
  /* The undos too. */
  for (guint i = 0; i < data->undos->len; i++)
    _pr_session_remember_decision (self, g_steal_pointer (&data->undos->pdata[i]));
  g_ptr_array_set_size (data->undos, 0);
  if (step->decisions->len > 0)
    {
      self->n_reviewed += pr_cluster_item_get_reviewed (step->item);
      self->n_reviewed -= was_reviewed;
      pr_session_rate_risk (self, step->item);
      _pr_session_retell_kinds (self, step->item);
      pr_cluster_item_changed (step->item);
      if (data->kind == UNDO)
        g_queue_push_head (&self->redo, step);
      else
        g_queue_push_head (&self->undo, step);
    }
  else
    _pr_session_step_free (step);
  _pr_session_notify_undo_redo (self);
  g_task_return_pointer (outer, g_object_ref (g_task_get_task_data (outer)), g_object_unref);
}

static void
start_step (PrSession           *self,
            PrSessionStep       *step,
            StepKind             kind,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  GTask *outer = g_task_new (self, NULL, callback, user_data);
  GTask *task = g_task_new (self, NULL, decided, NULL);
  DecideData *data = g_new0 (DecideData, 1);

  g_task_set_task_data (outer, g_object_ref (step->item), g_object_unref);
  data->step = step;
  data->kind = kind;
  data->outer = outer;
  data->undos = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  g_task_set_task_data (task, data, (GDestroyNotify) decide_data_free);
  self->deciding = TRUE;
  /* The note went with the step's decisions. */
  if (kind == DO)
    g_clear_pointer (&self->next_note, g_free);
  _pr_session_notify_undo_redo (self);
  _pr_session_push_job (self, task, decide_job);
}

/* A decision about a member of @item, recording the case it was made
 * against when the cluster is one. */
static PrDecision *
new_decision (PrSession     *self,
              PrClusterItem *item,
              PrVerdict      verdict,
              const char    *record_id,
              const char    *primary_id)
{
  PrDecision *decision = g_new0 (PrDecision, 1);

  if (pr_cluster_item_get_is_case (item))
    decision->case_number = pr_cluster_item_get_number (item);

  decision->table = g_strdup (self->table);
  decision->record_id = g_strdup (record_id);
  decision->primary_id = g_strdup (primary_id);
  decision->verdict = verdict;
  _pr_session_sign_decision (self, decision);
  return decision;
}

/**
 * pr_session_decide_async:
 * @item: the cluster
 * @verdict: %PR_VERDICT_REPEAT or %PR_VERDICT_NOT_REPEAT (of the
 *   primary), %PR_VERDICT_PRIMARY (@record_id becomes the primary), or
 *   %PR_VERDICT_MERGED (every undecided member a repeat of the primary;
 *   @record_id is ignored)
 * @record_id: (nullable): the member decided about
 *
 * Logs the decision and reflects it in @item; one step of undo. The
 * decision is in the log before @item shows it: a failure changes
 * nothing. A verdict but %PR_VERDICT_MERGED about the primary itself (or
 * about no record) is refused with %G_IO_ERROR_INVALID_ARGUMENT.
 */
void
pr_session_decide_async (PrSession           *self,
                         PrClusterItem       *item,
                         PrVerdict            verdict,
                         const char          *record_id,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  PrSessionStep *step;
  const char *primary = pr_cluster_item_get_primary_id (item);

  /* A verdict about the primary against itself would log it a repeat of
   * itself, or out of its own case. */
  if (verdict != PR_VERDICT_MERGED && (record_id == NULL || g_strcmp0 (record_id, primary) == 0))
    {
      g_task_report_new_error (self, callback, user_data, pr_session_decide_async,
                               G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("Record %s is the case's primary: choose another record of the case to decide about."),
                               record_id != NULL ? record_id : primary);
      return;
    }
  step = g_new0 (PrSessionStep, 1);
  step->item = g_object_ref (item);
  step->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  if (verdict == PR_VERDICT_MERGED)
    {
      for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
        {
          PrClusterMember *member = pr_cluster_item_get_member (item, m);

          if (member->state == PR_MEMBER_UNDECIDED)
            g_ptr_array_add (step->decisions, new_decision (self, item, verdict, member->id, primary));
        }
    }
  else
    g_ptr_array_add (step->decisions, new_decision (self, item, verdict, record_id, primary));

  g_queue_clear_full (&self->redo, (GDestroyNotify) _pr_session_step_free);
  start_step (self, step, DO, callback, user_data);
}

/**
 * pr_session_get_pair_graph:
 * @item: a cluster of the last scan
 * @all_pairs: %TRUE for every pair, to draw; %FALSE for fewer with the
 *   same bridges (a large cluster's)
 * @members: (out) (optional) (transfer full): per node, its member index
 *   in @item (guint)
 *
 * The pair graph of the members still in @item (those found not a repeat
 * have left): node 0 is the primary, so a bridge's far side is the side
 * without it. A pass over the scan's pairs, made when asked.
 *
 * Returns: (transfer full): the graph
 */
PrGraph *
pr_session_get_pair_graph (PrSession     *self,
                           PrClusterItem *item,
                           gboolean       all_pairs,
                           GArray       **members)
{
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) index = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (self->result != NULL, NULL);

  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    {
      PrClusterMember *member = pr_cluster_item_get_member (item, m);

      if (member->state == PR_MEMBER_NOT_REPEAT)
        continue;
      g_array_append_val (records, member->record);
      g_array_append_val (index, m);
    }
  if (members != NULL)
    *members = g_steal_pointer (&index);
  return pr_scan_result_cluster_graph (self->result, (const guint32 *) (gpointer) records->data,
                                       records->len, all_pairs);
}

/**
 * pr_session_split_async:
 * @item: the cluster
 * @record_a: a member
 * @record_b: a member: the pair (@record_a, @record_b) is a bridge of the
 *   cluster's pair graph, either way round
 *
 * Splits the cluster at a bridge: the reviewer says the two records are
 * not the same matter. Logged as one NOT_REPEAT of the far record (the
 * one away from the primary) by the near one, which the next scans
 * honour as a cannot-link: no cluster joins the two sides through that
 * pair. In @item the far side leaves at once, as a record found not a
 * repeat does; one step of undo. Finish with pr_session_decide_finish ().
 *
 * A pair that is not a bridge, or a far side holding a record confirmed
 * as a repeat (which would keep the sides together on the next scan), is
 * refused with %G_IO_ERROR_INVALID_ARGUMENT and changes nothing.
 */
void
pr_session_split_async (PrSession           *self,
                        PrClusterItem       *item,
                        const char          *record_a,
                        const char          *record_b,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GArray) members = NULL;
  g_autoptr(PrGraph) graph = pr_session_get_pair_graph (self, item, FALSE, &members);
  g_autoptr(GPtrArray) side = g_ptr_array_new ();
  const PrGraphBridge *bridge = NULL;
  guint at = 0;
  PrSessionStep *step;

  for (guint i = 0; i < pr_graph_get_n_bridges (graph) && bridge == NULL; i++)
    {
      const PrGraphBridge *b = pr_graph_get_bridge (graph, i);
      const char *near = pr_cluster_item_get_member (item, g_array_index (members, guint, b->near))->id;
      const char *far = pr_cluster_item_get_member (item, g_array_index (members, guint, b->far))->id;

      if ((g_strcmp0 (near, record_a) == 0 && g_strcmp0 (far, record_b) == 0) ||
          (g_strcmp0 (near, record_b) == 0 && g_strcmp0 (far, record_a) == 0))
        {
          bridge = b;
          at = i;
        }
    }
  if (bridge == NULL)
    {
      g_task_report_new_error (self, callback, user_data, pr_session_split_async,
                               G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The records %s and %s are not a bridge of the case: splitting there would change nothing."),
                               record_a, record_b);
      return;
    }
  for (guint32 v = 0; v < pr_graph_get_n_nodes (graph); v++)
    if (pr_graph_on_far_side (graph, at, v))
      {
        PrClusterMember *member = pr_cluster_item_get_member (item, g_array_index (members, guint, v));

        if (member->state == PR_MEMBER_REPEAT)
          {
            g_task_report_new_error (self, callback, user_data, pr_session_split_async,
                                     G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                     _("Record %s, beyond the split, is marked as a repeat of the primary: undo that first."),
                                     member->id);
            return;
          }
        g_ptr_array_add (side, member->id);
      }
  g_ptr_array_add (side, NULL);

  {
    const char *near = pr_cluster_item_get_member (item, g_array_index (members, guint, bridge->near))->id;
    const char *far = pr_cluster_item_get_member (item, g_array_index (members, guint, bridge->far))->id;

    pr_cluster_item_add_split (item, far, near, (const char *const *) side->pdata);
    step = g_new0 (PrSessionStep, 1);
    step->item = g_object_ref (item);
    step->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
    g_ptr_array_add (step->decisions, new_decision (self, item, PR_VERDICT_NOT_REPEAT, far, near));
  }
  g_queue_clear_full (&self->redo, (GDestroyNotify) _pr_session_step_free);
  start_step (self, step, DO, callback, user_data);
}

void
pr_session_undo_async (PrSession           *self,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (pr_session_get_can_undo (self));
  start_step (self, g_queue_pop_head (&self->undo), UNDO, callback, user_data);
}

void
pr_session_redo_async (PrSession           *self,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_return_if_fail (pr_session_get_can_redo (self));
  start_step (self, g_queue_pop_head (&self->redo), REDO, callback, user_data);
}

/**
 * pr_session_decide_finish:
 *
 * Returns: (transfer full): the cluster the step changed, or %NULL with
 *   @error set when it (or part of it) could not be logged
 */
PrClusterItem *
pr_session_decide_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
pr_session_get_can_undo (PrSession *self)
{
  return !self->deciding && !g_queue_is_empty (&self->undo);
}

/* Whether the last scan dropped the undo of the last decision (its
 * records regrouped); asked once, after the scan. */
gboolean
pr_session_take_undo_lost (PrSession *self)
{
  gboolean lost = self->undo_lost;

  self->undo_lost = FALSE;
  return lost;
}

gboolean
pr_session_get_can_redo (PrSession *self)
{
  return !self->deciding && !g_queue_is_empty (&self->redo);
}

/* Whether decisions go into the source rows too (the records shown then
 * change with them). */
gboolean
pr_session_get_writes_back (PrSession *self)
{
  return self->write_back != NULL;
}

/* Others' decisions */

typedef struct {
  char      *table;
  gint64     after;
  gint64     seen_id;    /* the session's seen_id as the look began */
  GPtrArray *decisions;  /* PrDecision, the log after @after */
  GTask     *outer;
} RefreshData;

static void
refresh_data_free (RefreshData *data)
{
  g_free (data->table);
  g_clear_pointer (&data->decisions, g_ptr_array_unref);
  g_clear_object (&data->outer);
  g_free (data);
}

static void
refresh_job (PrSession *self,
             GTask     *task)
{
  RefreshData *data = g_task_get_task_data (task);
  GError *error = NULL;

  data->decisions = pr_store_list_decisions_after (self->store, data->table, data->after, &error);
  if (data->decisions == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* Applies the decisions of @decisions (in log order) that the session has
 * not seen. Returns how many. */
static guint
apply_others (PrSession *self,
              GPtrArray *decisions)
{
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_object_unref);
  const PrRecordSet *set = self->result->set;
  guint n = 0;

  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];
      const PrDecision *target = decision;
      PrClusterItem *item;
      PrClusterItem *restored;

      if (g_hash_table_contains (self->decisions, &decision->id))
        continue;
      _pr_session_remember_decision (self, pr_decision_copy (decision));
      n++;

      if (decision->verdict == PR_VERDICT_UNDO)
        target = g_hash_table_lookup (self->decisions, &decision->undoes);
      item = target != NULL ? g_hash_table_lookup (self->cluster_of, target->record_id) : NULL;
      /* Another reviewer restored a record taken out of a case. */
      if (decision->verdict == PR_VERDICT_UNDO &&
          (restored = _pr_session_forget_taken_out (self, decision->undoes)) != NULL)
        {
          if (!g_ptr_array_find (changed, restored, NULL))
            g_ptr_array_add (changed, g_object_ref (restored));
          continue;
        }
      if (item == NULL)
        continue;
      if (decision->verdict == PR_VERDICT_UNDO)
        pr_cluster_item_revert (item, target, set);
      else if (!pr_cluster_item_apply (item, decision, set))
        continue;
      if (!g_ptr_array_find (changed, item, NULL))
        g_ptr_array_add (changed, g_object_ref (item));
    }

  if (changed->len == 0)
    return n;
  self->n_reviewed = 0;
  for (guint i = 0; i < self->items->len; i++)
    self->n_reviewed += pr_cluster_item_get_reviewed (self->items->pdata[i]);
  for (guint i = 0; i < changed->len; i++)
    {
      pr_session_rate_risk (self, changed->pdata[i]);
      _pr_session_retell_kinds (self, changed->pdata[i]);
      pr_cluster_item_changed (changed->pdata[i]);
      _pr_session_emit_cluster_changed (self, changed->pdata[i]);
    }
  return n;
}

static void
refreshed (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  PrSession *self = PR_SESSION (object);
  RefreshData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GTask) outer = g_steal_pointer (&data->outer);
  GError *error = NULL;
  guint n = 0;

  self->refreshing = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Told here for callers that do not ask (the polling): the reviewer
       * hears of a lost connection from the next decision, and the next
       * look tries again. */
      g_debug ("cannot look at the decision log: %s", error->message);
      g_task_return_error (outer, error);
      return;
    }
  /* A step of the reviewer's own still on its way is not in the
   * session's log yet: the next look, from the same place, sees it. A
   * scan since has its own log. */
  if (!self->deciding && self->result != NULL && g_strcmp0 (data->table, self->table) == 0 &&
      data->after == self->look_from)
    {
      n = apply_others (self, data->decisions);
      /* A decision is given its id a few milliseconds before it commits,
       * and others may commit in between: each look goes back to where
       * the session's log ended as the look before it began, and skips
       * what it has seen. */
      self->look_from = self->look_after;
      self->look_after = MAX (data->seen_id, self->look_from);
    }
  g_task_return_int (outer, n);
}

/**
 * pr_session_refresh_async:
 *
 * Looks at the log for decisions made since on other connections (other
 * reviewers, or this one elsewhere), and applies them to the clusters;
 * #PrSession::cluster-changed tells which changed. The session does it by
 * itself every few seconds while a scan is under review; this is for now.
 * @callback may be %NULL: a failure is logged (g_debug) either way, and
 * nothing is asked when a look is already under way.
 */
void
pr_session_refresh_async (PrSession           *self,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *outer;
  GTask *task;
  RefreshData *data;

  /* A look already under way answers a caller that wants no answer. */
  if (callback == NULL && self->refreshing)
    return;
  outer = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (outer, pr_session_refresh_async);
  if (self->table == NULL || self->result == NULL)
    {
      g_task_return_int (outer, 0);
      g_object_unref (outer);
      return;
    }
  data = g_new0 (RefreshData, 1);
  data->table = g_strdup (self->table);
  data->after = self->look_from;
  data->seen_id = self->seen_id;
  data->outer = outer;
  task = g_task_new (self, NULL, refreshed, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) refresh_data_free);
  self->refreshing = TRUE;
  _pr_session_push_job (self, task, refresh_job);
}

/**
 * pr_session_refresh_finish:
 *
 * Returns: how many decisions the session had not seen, or -1 with @error
 *   set
 */
gint
pr_session_refresh_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  return (gint) g_task_propagate_int (G_TASK (result), error);
}

static gboolean
poll_log (gpointer user_data)
{
  PrSession *self = user_data;

  if (!self->deciding)
    pr_session_refresh_async (self, NULL, NULL);
  return G_SOURCE_CONTINUE;
}

/* While a scan is under review, at the interval set now. */
void
_pr_session_start_refreshing (PrSession *self)
{
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->refresh_interval > 0 && self->result != NULL)
    self->refresh_source = g_timeout_add_seconds (self->refresh_interval, poll_log, self);
}

/* Write-back */

/* The task's data: the configuration, until the worker takes it. */
static void
write_back_box_free (PrWriteBack **box)
{
  g_clear_pointer (box, pr_write_back_free);
  g_free (box);
}

static void
write_back_job (PrSession *self,
                GTask     *task)
{
  PrWriteBack **box = g_task_get_task_data (task);
  GError *error = NULL;

  if (*box != NULL && !pr_store_check_write_back (self->store, *box, &error))
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_clear_pointer (&self->write_back, pr_write_back_free);
  self->write_back = g_steal_pointer (box);
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_set_write_back_async:
 * @write_back: (nullable) (transfer full): where decisions go in the
 *   source table; %NULL switches write-back off
 *
 * Switches write-back on for this connection, after checking that the
 * columns are there and that the user may update them; from then on the
 * decisions (and their undos) are written into the source rows in the
 * same transaction as the log. It is off again after a new connection.
 */
void
pr_session_set_write_back_async (PrSession           *self,
                                 PrWriteBack         *write_back,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  PrWriteBack **box = g_new (PrWriteBack *, 1);

  *box = write_back;
  g_task_set_task_data (task, box, (GDestroyNotify) write_back_box_free);
  _pr_session_push_job (self, task, write_back_job);
}

gboolean
pr_session_set_write_back_finish (PrSession     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

