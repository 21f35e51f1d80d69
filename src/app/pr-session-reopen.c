/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back to a table: whether the store holds a complete scan of it,
 * when it ended, and whether it read the table with the mapping now on
 * the page, so that the window can offer to open it
 * (pr_session_open_last_scan_async()) instead of scanning again. And what
 * the review shows of such a scan: its time, its members deleted since.
 */
#define G_LOG_DOMAIN "pr-session-reopen"

#include "config.h"

#include "pr-session-private.h"

typedef struct {
  char         *table;
  PrMapping    *mapping;
  gboolean      same_mapping;
} FindData;

static void
find_data_free (FindData *data)
{
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_free (data);
}

/* The version the session's scans fingerprint @mapping with (scan_thread's
 * load options). */
guint64
_pr_session_mapping_version (const PrMapping *mapping)
{
  PrPartMethod method = { 0 };

  return pr_fingerprint_version (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 3, &method);
}

static void
find_job (PrSession *self,
          GTask     *task)
{
  FindData *data = g_task_get_task_data (task);
  GError *error = NULL;
  PrStoredScan *scan = pr_store_find_last_scan (self->store, data->table, &error);

  if (scan == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  data->same_mapping = data->mapping != NULL && scan->mapping_version == _pr_session_mapping_version (data->mapping);
  g_task_return_pointer (task, scan, (GDestroyNotify) pr_stored_scan_free);
}

/**
 * pr_session_find_last_scan_async:
 * @mapping: (nullable): the mapping to compare the scan's with
 *
 * Looks up the last complete scan of @table in the store.
 */
void
pr_session_find_last_scan_async (PrSession           *self,
                                 const char          *table,
                                 const PrMapping     *mapping,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  FindData *data = g_new0 (FindData, 1);

  data->table = g_strdup (table);
  data->mapping = mapping != NULL ? pr_mapping_copy (mapping) : NULL;
  g_task_set_task_data (task, data, (GDestroyNotify) find_data_free);
  _pr_session_push_job (self, task, find_job);
}

/**
 * pr_session_find_last_scan_finish:
 * @same_mapping: (out) (optional): whether the scan used the mapping given
 *
 * Returns: (transfer full) (nullable): the scan; %NULL with
 *   %PR_STORED_SCAN_ERROR_NONE when there is none, or another error
 */
PrStoredScan *
pr_session_find_last_scan_finish (PrSession     *self,
                                  GAsyncResult  *result,
                                  gboolean      *same_mapping,
                                  GError       **error)
{
  FindData *data = g_task_get_task_data (G_TASK (result));

  if (same_mapping != NULL)
    *same_mapping = data->same_mapping;
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Whether the clusters under review were opened from the store, without
 * reading every record: what needs them all (the threshold preview,
 * another k) needs a scan. */
gboolean
pr_session_get_from_store (PrSession *self)
{
  return self->result != NULL && self->from_store;
}

/* When the scan under review ended (unix seconds); 0 for none. */
gint64
pr_session_get_scanned_at (PrSession *self)
{
  return self->result != NULL ? self->scanned_at : 0;
}

/* Returns: (nullable) (element-type utf8): opened from the store, the
 * members no longer in the table */
GPtrArray *
pr_session_get_missing (PrSession *self)
{
  return self->missing;
}
