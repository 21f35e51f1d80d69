/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: searching the records of the scan under review in every
 * mapped column but the date (the id, the petitioner, the short and long
 * texts), on a
 * connection and a thread of its own: one pass over the table, as the
 * export reads it (decoded as the scan decoded it), nothing kept after.
 * The clusters those records are in are the answer. Dates are left to
 * the date range: "202" would otherwise find every record of 2026.
 *
 * A match ignores the case of Latin letters, and full-width forms, typed
 * in the search or written in the records (１２３, ＡＢＣ), match their
 * ordinary forms.
 */
#define G_LOG_DOMAIN "pr-session-search"

#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "pr-session-private.h"

#include "pr-full-width.h"
#include "pr-record-reader.h"

/**
 * pr_session_search_normalize:
 * @text: what the reviewer typed
 *
 * Returns: (transfer full): @text as matched: its compatibility forms
 *   (full-width letters and digits) made ordinary, spaces around it gone
 */
char *
pr_session_search_normalize (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  char *normal = g_utf8_normalize (stripped, -1, G_NORMALIZE_ALL_COMPOSE);

  return normal != NULL ? normal : g_steal_pointer (&stripped);
}

/**
 * pr_session_search_match:
 * @text: (nullable): a value
 * @length: its length in bytes, or -1 if nul-terminated
 * @needle: a non-empty search, from pr_session_search_normalize ()
 *
 * Returns: whether @text contains @needle, Latin letters of either case,
 *   full-width forms in @text as their ordinary forms
 */
gboolean
pr_session_search_match (const char *text,
                         gssize      length,
                         const char *needle)
{
  gsize n = strlen (needle);
  const guchar *end, *p, *nd = (const guchar *) needle;
  gboolean ascii = FALSE;
  guchar lower, upper;

  if (text == NULL || n == 0)
    return text != NULL;
  end = (const guchar *) text + (length < 0 ? strlen (text) : (gsize) length);
  for (gsize i = 0; i < n && !ascii; i++)
    ascii = nd[i] < 0x80;
  /* Without an ASCII character nothing folds into the needle's bytes:
   * the C library's search, many times faster on long bodies. */
  if (!ascii)
    return memmem (text, (gsize) (end - (const guchar *) text), needle, n) != NULL;
  lower = g_ascii_tolower (nd[0]);
  upper = g_ascii_toupper (nd[0]);
  for (p = (const guchar *) text; p < end; p++)
    {
      const guchar *q = p;
      gsize i, len;

      /* Only the needle's first byte, in either case, or the first byte
       * of a form that folds can begin a match: the rest are passed over
       * without folding. */
      if (*p != lower && *p != upper && *p != 0xEF && *p != 0xE3)
        continue;

      for (i = 0; i < n && q < end; i++, q += len)
        if (g_ascii_tolower (pr_full_width_fold_at (q, end, &len)) != g_ascii_tolower (nd[i]))
          break;
      if (i == n)
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  PrConnectionParams *params;
  char               *table;
  PrMapping          *mapping;
  char               *needle;
  int                 id_column;
  GPtrArray          *found;      /* char *: the ids of the records that match */
  /* The session's record id → cluster map when the search began, and
   * the scan's result, whose ids are its keys: the map is replaced,
   * never changed, so the worker reads it as it was. */
  GHashTable         *cluster_of;
  PrSharedResult     *shared;
  /* The worker's answer: the clusters of the records found in
   * cluster_of. Not held until pr_session_search_finish () finds
   * cluster_of still the session's (then its clusters are alive). */
  GHashTable         *clusters;
  gboolean            held;
  GCancellable       *cancellable;
} SearchData;

static void
search_data_free (SearchData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_free (data->needle);
  g_ptr_array_unref (data->found);
  g_clear_pointer (&data->cluster_of, g_hash_table_unref);
  g_clear_pointer (&data->shared, _pr_shared_result_unref);
  if (data->clusters != NULL && !data->held)
    g_hash_table_steal_all (data->clusters);
  g_clear_pointer (&data->clusters, g_hash_table_unref);
  g_free (data);
}

static gboolean
search_row (const char *const *values,
            const gsize       *lengths,
            gpointer           user_data)
{
  SearchData *data = user_data;

  if (values[data->id_column] == NULL)
    return TRUE;
  for (guint c = 0; c < pr_mapping_get_n_columns (data->mapping); c++)
    if (values[c] != NULL && pr_mapping_get_column (data->mapping, c)->role != PR_COLUMN_ROLE_DATE &&
        pr_session_search_match (values[c], lengths[c], data->needle))
      {
        g_ptr_array_add (data->found, g_strndup (values[data->id_column], lengths[data->id_column]));
        break;
      }
  return !g_cancellable_is_cancelled (data->cancellable);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchData *data = task_data;
  g_autoptr(PrConnection) connection = NULL;
  GError *error = NULL;

  data->cancellable = cancellable;
  connection = pr_connection_open (data->params, &error);
  if (connection == NULL ||
      !pr_record_reader_stream (connection, data->table, data->mapping, search_row, data, cancellable, &error) ||
      g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The clusters here, not on the main thread: a search that finds
   * 10^5 records looked each up there. */
  if (data->cluster_of != NULL)
    for (guint i = 0; i < data->found->len; i++)
      {
        PrClusterItem *item = g_hash_table_lookup (data->cluster_of, data->found->pdata[i]);

        /* Added again, a key would be freed (unreferenced) as replaced. */
        if (item != NULL && !g_hash_table_contains (data->clusters, item))
          g_hash_table_add (data->clusters, item);
      }
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_search_async:
 * @text: what to find, as typed (see pr_session_search_normalize ())
 *
 * Finds the clusters of the scan under review with a record that has
 * @text in any mapped column but the date. Finish with pr_session_search_finish ().
 */
void
pr_session_search_async (PrSession           *self,
                         const char          *text,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  SearchData *data;

  g_return_if_fail (PR_IS_SESSION (self));
  g_task_set_source_tag (task, pr_session_search_async);
  if (self->result == NULL || self->params == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                               _("There is no scan to search: scan the table first"));
      return;
    }
  data = g_new0 (SearchData, 1);
  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (self->table);
  data->mapping = pr_mapping_copy (self->mapping);
  data->needle = pr_session_search_normalize (text);
  data->found = g_ptr_array_new_with_free_func (g_free);
  data->clusters = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  if (self->shared != NULL)
    {
      data->shared = _pr_shared_result_ref (self->shared);
      data->cluster_of = g_hash_table_ref (self->cluster_of);
    }
  data->id_column = -1;
  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    if (pr_mapping_get_column (self->mapping, c)->role == PR_COLUMN_ROLE_ID)
      data->id_column = (int) c;
  g_task_set_task_data (task, data, (GDestroyNotify) search_data_free);
  if (data->id_column < 0 || data->needle[0] == '\0')
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               data->id_column < 0 ? _("The mapping has no id column: mark one as Id and scan again")
                                                   : _("Nothing to search for: type a word, a name or an id"));
      return;
    }
  _pr_session_run_in_background (task, search_thread);
}

/**
 * pr_session_search_finish:
 *
 * Returns: (transfer full): the set of the #PrClusterItem s (held) with a
 *   record that matches, or %NULL with @error set
 */
GHashTable *
pr_session_search_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  SearchData *data;
  GHashTable *clusters;

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  data = g_task_get_task_data (G_TASK (result));
  if (data->cluster_of != NULL && data->cluster_of == self->cluster_of)
    {
      GHashTableIter iter;
      gpointer item;

      /* The clusters of the list as it is now, found by the worker. */
      g_hash_table_iter_init (&iter, data->clusters);
      while (g_hash_table_iter_next (&iter, &item, NULL))
        g_object_ref (item);
      data->held = TRUE;
      return g_steal_pointer (&data->clusters);
    }
  /* The clusters were replaced meanwhile (a regroup, another scan): the
   * list as it is now; a record in no cluster is no answer. */
  clusters = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  for (guint i = 0; i < data->found->len; i++)
    {
      PrClusterItem *item = pr_session_find_cluster (self, data->found->pdata[i]);

      if (item != NULL && !g_hash_table_contains (clusters, item))
        g_hash_table_add (clusters, g_object_ref (item));
    }
  return clusters;
}
