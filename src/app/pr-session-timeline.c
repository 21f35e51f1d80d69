/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: a petitioner's timeline. Every record of the scan under
 * review that the identity evidence says the same person sent
 * (pr_identity_table_same(): an equal ID card, phone, petitioner id, or
 * name with address), in date order, with its case and state. One pass
 * over the scan's records on a thread of its own.
 */
#define G_LOG_DOMAIN "pr-session-timeline"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-case-columns.h"
#include "pr-date.h"
#include "pr-session-timeline.h"

void
pr_timeline_entry_free (PrTimelineEntry *entry)
{
  g_free (entry->id);
  g_free (entry->status);
  g_free (entry);
}

typedef struct {
  PrSharedResult *shared;
  char           *record_id;
} TimelineData;

static void
timeline_data_free (TimelineData *data)
{
  _pr_shared_result_unref (data->shared);
  g_free (data->record_id);
  g_free (data);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const PrTimelineEntry *x = *(PrTimelineEntry *const *) a, *y = *(PrTimelineEntry *const *) b;

  /* Undated last. */
  if (x->date != y->date)
    return x->date < y->date ? -1 : 1;
  return pr_id_compare (x->id, y->id);
}

static void
timeline_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  TimelineData *data = task_data;
  const PrRecordSet *set = data->shared->result->set;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_timeline_entry_free);
  gsize r;

  for (r = 0; r < set->n_records; r++)
    if (g_str_equal (set->ids->pdata[r], data->record_id))
      break;
  if (r == set->n_records)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("Record %s is not among the records of the scan under review: scan the table "
                                 "again to see its petitioner's timeline."), data->record_id);
      return;
    }
  if (set->identities == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("No column tells who sent a petition: on the mapping page, give the name, "
                                 "ID card or phone columns their identity role and scan again."));
      return;
    }
  for (gsize s = 0; s < set->n_records; s++)
    {
      PrIdentityEvidence evidence = PR_IDENTITY_EVIDENCE_NONE;
      PrTimelineEntry *entry;

      if (s != r && pr_identity_table_compare (set->identities, r, s, &evidence) != PR_PETITIONER_SAME)
        continue;
      entry = g_new0 (PrTimelineEntry, 1);
      entry->id = g_strdup (set->ids->pdata[s]);
      entry->date = set->dates[s];
      entry->status = g_strdup (pr_case_columns_get_status (set->cases, s));
      entry->evidence = evidence;
      g_ptr_array_add (entries, entry);
      if ((s & 0xffff) == 0 && g_task_return_error_if_cancelled (task))
        return;
    }
  g_ptr_array_sort (entries, compare_entries);
  g_task_return_pointer (task, g_steal_pointer (&entries), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * pr_session_timeline_async:
 * @record_id: a record of the scan under review
 *
 * Everything the same person filed, by the identity evidence.
 */
void
pr_session_timeline_async (PrSession           *self,
                           const char          *record_id,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  TimelineData *data;

  if (self->shared == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               _("Scan the table first: the timeline is made from the scan's records."));
      return;
    }
  data = g_new0 (TimelineData, 1);
  data->shared = _pr_shared_result_ref (self->shared);
  data->record_id = g_strdup (record_id);
  g_task_set_task_data (task, data, (GDestroyNotify) timeline_data_free);
  _pr_session_run_in_background (task, timeline_thread);
}

/**
 * pr_session_timeline_finish:
 *
 * Returns: (transfer full) (element-type PrTimelineEntry): the records,
 *   the one asked about among them, by date; each with its case number
 */
GPtrArray *
pr_session_timeline_finish (PrSession     *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  GPtrArray *entries = g_task_propagate_pointer (G_TASK (result), error);

  /* The cases as the list has them now (main thread). */
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      PrTimelineEntry *entry = entries->pdata[i];
      PrClusterItem *item = g_hash_table_lookup (self->cluster_of, entry->id);

      entry->case_number = item != NULL ? pr_cluster_item_get_number (item) : 0;
    }
  return entries;
}
