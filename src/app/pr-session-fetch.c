/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: a case's records read from the source table for the compare
 * view, on the session's thread, all members in one statement, with the
 * table's columns kept between cases of one scan.
 */
#define G_LOG_DOMAIN "pr-session-fetch"

#include "config.h"

#include "pr-catalog.h"
#include "pr-record-reader.h"
#include "pr-session-private.h"

typedef struct {
  char      *table;
  PrMapping *mapping;
  GPtrArray *ids;
  guint      scan;   /* n_results when asked */
} FetchData;

static void
fetch_data_free (FetchData *data)
{
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_ptr_array_unref (data->ids);
  g_free (data);
}

static void
fetch_job (PrSession *self,
           GTask     *task)
{
  FetchData *data = g_task_get_task_data (task);
  guint n_columns = pr_mapping_get_n_columns (data->mapping);
  GError *error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  gboolean kept = TRUE;

  if (self->case_columns == NULL || self->case_columns_scan != data->scan ||
      g_strcmp0 (self->case_columns_table, data->table) != 0)
    {
      _pr_session_forget_case_columns (self);
      self->case_columns = pr_catalog_list_columns (self->connection, data->table, &error);
      if (self->case_columns == NULL)
        {
          _pr_session_forget_connection_if_lost (self, error);
          g_task_return_error (task, error);
          return;
        }
      self->case_columns_table = g_strdup (data->table);
      self->case_columns_scan = data->scan;
      kept = FALSE;
    }
  /* All members in one statement (a few hundred ids each), not one per
   * record: a case of a thousand records is one round trip. Read to the
   * end even when no longer wanted: a stream stopped midway would abort
   * the session's connection. */
  for (;;)
    {
      records = pr_record_reader_fetch_ids (self->connection, data->table, self->case_columns, data->mapping,
                                            (char *const *) data->ids->pdata, data->ids->len, PR_ADVICE_CONTROLS,
                                            NULL, &error);
      /* The table altered since its columns were read: read them again,
       * for the reading's own message if the mapping no longer fits. */
      if (records != NULL || !kept || g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE))
        break;
      g_clear_error (&error);
      _pr_session_forget_case_columns (self);
      kept = FALSE;
    }
  if (records == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  /* A record deleted since the scan shows empty. */
  for (guint i = 0; i < records->len; i++)
    if (records->pdata[i] == NULL)
      {
        GPtrArray *empty = g_ptr_array_new_full (n_columns, g_free);

        for (guint c = 0; c < n_columns; c++)
          g_ptr_array_add (empty, NULL);
        records->pdata[i] = empty;
      }
  g_task_return_pointer (task, g_steal_pointer (&records), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * pr_session_fetch_async:
 *
 * Reads the cluster's records from the source table, members in order.
 */
void
pr_session_fetch_async (PrSession           *self,
                        PrClusterItem       *item,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  FetchData *data = g_new0 (FetchData, 1);

  data->table = g_strdup (self->table);
  data->mapping = pr_mapping_copy (self->mapping);
  data->scan = self->n_results;
  data->ids = g_ptr_array_new_with_free_func (g_free);
  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    g_ptr_array_add (data->ids, g_strdup (pr_cluster_item_get_member (item, m)->id));
  g_task_set_task_data (task, data, (GDestroyNotify) fetch_data_free);
  _pr_session_push_job (self, task, fetch_job);
}

/**
 * pr_session_fetch_finish:
 *
 * Returns: (transfer full) (element-type GPtrArray): per member, in the
 *   order the fetch was asked, the values in mapping order (%NULL for SQL
 *   NULL, ignored columns, or a record deleted since the scan)
 */
GPtrArray *
pr_session_fetch_finish (PrSession     *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
