/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: who decides (the reviewer's name, the account), the note of
 * the next decision, each record's and each case's history from the log,
 * and the records a verdict took out of a case: kept with the case after
 * a rescan (the scan clusters them apart), shown there, and restored by
 * undoing the verdict.
 */
#define G_LOG_DOMAIN "pr-session-history"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

/**
 * pr_session_set_reviewer:
 * @reviewer: the reviewer's name, as set in the preferences
 *
 * The name the next decisions are logged under (the account they are
 * made from is logged apart).
 */
void
pr_session_set_reviewer (PrSession  *self,
                         const char *reviewer)
{
  g_return_if_fail (PR_IS_SESSION (self));
  g_return_if_fail (reviewer != NULL && reviewer[0] != '\0');

  g_free (self->reviewer);
  self->reviewer = g_strdup (reviewer);
}

const char *
pr_session_get_reviewer (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), NULL);
  return self->reviewer;
}

/**
 * pr_session_set_next_note:
 * @note: (nullable): the note (处理意见) of the next decision, merge,
 *   split or restore: each decision of it carries the note; %NULL or ""
 *   for none
 *
 * The note goes with the next step only.
 */
void
pr_session_set_next_note (PrSession  *self,
                          const char *note)
{
  g_autofree char *stripped = note != NULL ? g_strstrip (g_strdup (note)) : NULL;

  g_return_if_fail (PR_IS_SESSION (self));

  g_free (self->next_note);
  self->next_note = stripped != NULL && stripped[0] != '\0' ? g_steal_pointer (&stripped) : NULL;
}

/* Who makes @decision and why: the reviewer, the account, the note. */
void
_pr_session_sign_decision (PrSession  *self,
                           PrDecision *decision)
{
  g_free (decision->reviewer);
  decision->reviewer = g_strdup (self->reviewer);
  g_free (decision->login);
  decision->login = g_strdup (self->login);
  g_free (decision->note);
  decision->note = g_strdup (self->next_note);
}

/* History */

typedef gboolean (*DecisionFilter) (const PrDecision *decision,
                                    gpointer          data);

static GPtrArray *
list_history (PrSession      *self,
              DecisionFilter  wanted,
              gpointer        data)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->decisions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (wanted (value, data))
      g_ptr_array_add (list, pr_decision_copy (value));
  g_ptr_array_sort (list, pr_decision_compare_ids);
  return list;
}

static gboolean
about_record (const PrDecision *decision,
              gpointer          data)
{
  return g_strcmp0 (decision->record_id, data) == 0;
}

/**
 * pr_session_list_record_history:
 * @record_id: a record of the table under review
 *
 * Every decision about the record in the log as the session knows it,
 * in the order they were made, undos included (an undo carries the ids
 * of the decision it undoes), whether or not it holds in the record's
 * cluster now.
 *
 * Returns: (transfer full) (element-type PrDecision): copies
 */
GPtrArray *
pr_session_list_record_history (PrSession  *self,
                                const char *record_id)
{
  g_return_val_if_fail (PR_IS_SESSION (self), NULL);
  g_return_val_if_fail (record_id != NULL, NULL);

  return list_history (self, about_record, (gpointer) record_id);
}

typedef struct {
  PrClusterItem *item;
  GHashTable    *taken_out;  /* record ids */
} CaseFilter;

static gboolean
in_case (const PrDecision *decision,
         gpointer          data)
{
  CaseFilter *filter = data;
  guint number = pr_cluster_item_get_number (filter->item);

  if (pr_cluster_item_get_is_case (filter->item) && number != 0 && decision->case_number != 0)
    return decision->case_number == number;
  /* Made without a case (before cases were numbered): by its records. */
  return pr_cluster_item_find_member (filter->item, decision->record_id) >= 0 ||
         g_hash_table_contains (filter->taken_out, decision->record_id);
}

/**
 * pr_session_list_case_history:
 * @item: a cluster of the scan under review
 *
 * The decisions made against the case, in the order they were made,
 * undos included; those made with no case known, about its members and
 * the records taken out of it.
 *
 * Returns: (transfer full) (element-type PrDecision): copies
 */
GPtrArray *
pr_session_list_case_history (PrSession     *self,
                              PrClusterItem *item)
{
  g_autoptr(GPtrArray) taken_out = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  CaseFilter filter = { item, ids };

  g_return_val_if_fail (PR_IS_SESSION (self), NULL);
  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (item), NULL);

  taken_out = pr_cluster_item_list_taken_out (item);
  for (guint i = 0; i < taken_out->len; i++)
    g_hash_table_add (ids, ((PrDecision *) taken_out->pdata[i])->record_id);
  return list_history (self, in_case, &filter);
}

/* Taken out */

/* After a scan: each NOT_REPEAT of the log (@decisions, less @undone)
 * whose record the scan put outside the case it was made against is kept
 * with that case: found by its number, or, made with no case, as the
 * cluster whose primary it was made against. */
void
_pr_session_collect_taken_out (PrSession  *self,
                               GPtrArray  *decisions,
                               GHashTable *undone)
{
  g_autoptr(GHashTable) by_number = g_hash_table_new (NULL, NULL);

  g_hash_table_remove_all (self->taken_out_of);
  for (guint i = 0; i < self->items->len; i++)
    {
      PrClusterItem *item = self->items->pdata[i];

      if (pr_cluster_item_get_is_case (item) && pr_cluster_item_get_number (item) != 0)
        g_hash_table_insert (by_number, GUINT_TO_POINTER (pr_cluster_item_get_number (item)), item);
    }
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];
      PrClusterItem *item = NULL;

      if (decision->verdict != PR_VERDICT_NOT_REPEAT || g_hash_table_contains (undone, &decision->id))
        continue;
      if (decision->case_number != 0)
        item = g_hash_table_lookup (by_number, GUINT_TO_POINTER (decision->case_number));
      if (item == NULL && decision->primary_id != NULL)
        {
          item = g_hash_table_lookup (self->cluster_of, decision->primary_id);
          if (item != NULL && g_strcmp0 (pr_cluster_item_get_primary_id (item), decision->primary_id) != 0)
            item = NULL;
        }
      if (item == NULL || pr_cluster_item_find_member (item, decision->record_id) >= 0)
        continue;
      pr_cluster_item_add_taken_out (item, decision);
      g_hash_table_insert (self->taken_out_of, g_memdup2 (&decision->id, sizeof decision->id), item);
    }
}

/* The verdict @decision_id, kept with a case, was undone: the case
 * forgets it. Returns: (transfer none) (nullable): that case */
PrClusterItem *
_pr_session_forget_taken_out (PrSession *self,
                              gint64     decision_id)
{
  PrClusterItem *item = g_hash_table_lookup (self->taken_out_of, &decision_id);

  if (item == NULL)
    return NULL;
  pr_cluster_item_forget_taken_out (item, decision_id);
  g_hash_table_remove (self->taken_out_of, &decision_id);
  return item;
}

typedef struct {
  PrClusterItem *item;
  GPtrArray     *undos;  /* PrDecision: the one undo */
  GTask         *outer;
} RestoreData;

static void
restore_data_free (RestoreData *data)
{
  g_clear_object (&data->item);
  g_ptr_array_unref (data->undos);
  g_clear_object (&data->outer);
  g_free (data);
}

static void
restore_job (PrSession *self,
             GTask     *task)
{
  RestoreData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (pr_store_add_decisions_written_back (self->store, data->undos, self->write_back, &error))
    g_task_return_boolean (task, TRUE);
  else
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
    }
}

/* A step of undo that holds the restored verdict can be undone no more. */
static void
drop_steps_with (PrSession *self,
                 gint64     decision_id)
{
  for (GList *l = self->undo.head; l != NULL;)
    {
      PrSessionStep *step = l->data;
      GList *next = l->next;

      for (guint i = 0; i < step->decisions->len; i++)
        if (((PrDecision *) step->decisions->pdata[i])->id == decision_id)
          {
            g_queue_delete_link (&self->undo, l);
            _pr_session_step_free (step);
            break;
          }
      l = next;
    }
}

static void
restored (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  PrSession *self = PR_SESSION (object);
  RestoreData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GTask) outer = g_steal_pointer (&data->outer);
  GError *error = NULL;
  PrDecision *undo = data->undos->pdata[0];
  const PrDecision *target;
  gboolean was_reviewed = pr_cluster_item_get_reviewed (data->item);

  self->deciding = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      _pr_session_notify_undo_redo (self);
      g_task_return_error (outer, error);
      return;
    }
  target = g_hash_table_lookup (self->decisions, &undo->undoes);
  if (target != NULL && self->result != NULL)
    pr_cluster_item_revert (data->item, target, self->result->set);
  _pr_session_forget_taken_out (self, undo->undoes);
  drop_steps_with (self, undo->undoes);
  _pr_session_remember_decision (self, pr_decision_copy (undo));
  self->n_reviewed += pr_cluster_item_get_reviewed (data->item);
  self->n_reviewed -= was_reviewed;
  /* Its figures as an undo leaves them: the record is a member again. */
  pr_session_rate_risk (self, data->item);
  _pr_session_retell_kinds (self, data->item);
  pr_cluster_item_changed (data->item);
  _pr_session_notify_undo_redo (self);
  g_task_return_pointer (outer, g_object_ref (data->item), g_object_unref);
}

/**
 * pr_session_restore_async:
 * @item: a case
 * @decision_id: the verdict that took a record out of it (see
 *   pr_cluster_item_list_taken_out())
 *
 * Takes the verdict back: logs its undo, with the next note (see
 * pr_session_set_next_note()), against the case. A record taken out in
 * this scan is a member again at once, undecided; one an earlier scan
 * kept out joins the case at the next scan. Not a step of undo: the
 * record can be found not a repeat again. Finish with
 * pr_session_decide_finish().
 */
void
pr_session_restore_async (PrSession           *self,
                          PrClusterItem       *item,
                          gint64               decision_id,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  const PrDecision *target;
  PrDecision *undo;
  RestoreData *data;
  GTask *task;

  g_return_if_fail (PR_IS_SESSION (self));
  g_return_if_fail (PR_IS_CLUSTER_ITEM (item));

  target = g_hash_table_lookup (self->decisions, &decision_id);
  if (target == NULL || target->verdict != PR_VERDICT_NOT_REPEAT || self->deciding)
    {
      g_task_report_new_error (self, callback, user_data, pr_session_restore_async,
                               G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               self->deciding
                               ? _("Another decision is being recorded: restore the record when it is done.")
                               : _("Decision %lld did not take a record out of the case: there is nothing to restore."),
                               (long long) decision_id);
      return;
    }
  undo = g_new0 (PrDecision, 1);
  undo->table = g_strdup (self->table);
  undo->record_id = g_strdup (target->record_id);
  undo->primary_id = g_strdup (target->primary_id);
  undo->verdict = PR_VERDICT_UNDO;
  undo->undoes = decision_id;
  undo->case_number = pr_cluster_item_get_is_case (item) ? pr_cluster_item_get_number (item) : 0;
  _pr_session_sign_decision (self, undo);
  g_clear_pointer (&self->next_note, g_free);

  data = g_new0 (RestoreData, 1);
  data->item = g_object_ref (item);
  data->undos = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  g_ptr_array_add (data->undos, undo);
  data->outer = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (data->outer, pr_session_restore_async);
  task = g_task_new (self, NULL, restored, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) restore_data_free);
  self->deciding = TRUE;
  _pr_session_notify_undo_redo (self);
  _pr_session_push_job (self, task, restore_job);
}
