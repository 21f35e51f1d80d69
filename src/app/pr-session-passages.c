/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the pairs on shared passages of a scan opened from the
 * store, read after it opens. They need every record's stored passages,
 * which opening leaves on the server so that it costs the cases' members
 * only; read next, on the session's thread, they give the pair graph and
 * its bridges what a fresh scan's show.
 */
#define G_LOG_DOMAIN "pr-session-passages"

#include "config.h"

#include "pr-pair-judge.h"
#include "pr-scan-options.h"
#include "pr-scan-stored.h"
#include "pr-session-private.h"

typedef struct {
  PrSharedResult *shared;
  char           *table;
  guint32        *group_of;
  PrPartMatchOptions options;
  GArray         *pairs;
  GArray         *boilerplate;
  guint          *n_bridges;     /* per cluster as opened */
  double         *min_share;
} PassagesData;

static void
passages_data_free (PassagesData *data)
{
  g_clear_pointer (&data->shared, _pr_shared_result_unref);
  g_free (data->table);
  g_free (data->group_of);
  g_clear_pointer (&data->pairs, g_array_unref);
  g_clear_pointer (&data->boilerplate, g_array_unref);
  g_free (data->n_bridges);
  g_free (data->min_share);
  g_free (data);
}

/* The risks rated, given to the items in turns of a few hundred, so that
 * the list's rows change without holding up the window. */
#define RISKS_PER_TURN 500

typedef struct {
  GWeakRef        session;
  PrSharedResult *shared;
  guint          *n_bridges;
  double         *min_share;
  guint           next;
} Rating;

static void
rating_free (Rating *rating)
{
  g_weak_ref_clear (&rating->session);
  _pr_shared_result_unref (rating->shared);
  g_free (rating->n_bridges);
  g_free (rating->min_share);
  g_free (rating);
}

static gboolean
give_risks (gpointer user_data)
{
  Rating *rating = user_data;
  g_autoptr(PrSession) self = g_weak_ref_get (&rating->session);
  PrScanResult *result = rating->shared->result;
  guint end;

  /* Gone, or another scan since: its items are not these. */
  if (self == NULL || self->shared != rating->shared)
    return G_SOURCE_REMOVE;
  end = MIN (rating->next + RISKS_PER_TURN, self->items->len);
  for (; rating->next < end; rating->next++)
    {
      PrClusterItem *item = self->items->pdata[rating->next];
      guint32 first = pr_cluster_item_get_member (item, 0)->record;
      guint c = rating->next;  /* the items come in cluster order */
      pr_cluster_item_set_passages_known (item, TRUE);
      /* The cluster as opened, still as it was: rated on the worker. A
       * decision since changed its members: rated again here, alone. */
      if (c < pr_clustering_get_n_clusters (result->clustering)
          && pr_clustering_get_cluster (result->clustering, c)->n_members == pr_cluster_item_get_n_members (item)
          && pr_clustering_get_cluster (result->clustering, c)->members[0] == first
          && pr_cluster_item_get_risk_current (item))
        pr_cluster_item_set_risk (item, rating->n_bridges[c], rating->min_share[c]);
      else
        _pr_session_rate_risk_now (self, item);
    }
  return rating->next < self->items->len ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
passages_job (PrSession *self,
              GTask     *task)
{
  PassagesData *data = g_task_get_task_data (task);
  PrScanResult *result = data->shared->result;
  GError *error = NULL;

  data->boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  data->pairs = pr_scan_stored_part_pairs (self->store, data->table, result->mapping_version, result->set,
                                           data->group_of, &data->options, data->boilerplate, &error);
  if (data->pairs == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  _pr_session_rate_clusters (result, data->pairs, &data->n_bridges, &data->min_share);
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_read_passages_async:
 *
 * For a scan opened from the store (pr_session_get_from_store ()): reads
 * its pairs on shared passages within each case, which
 * pr_session_get_pair_graph () then shows. Finish with
 * pr_session_read_passages_finish ().
 */
void
pr_session_read_passages_async (PrSession           *self,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);
  PassagesData *data = g_new0 (PassagesData, 1);
  PrScanResult *result = self->result;

  g_task_set_source_tag (task, pr_session_read_passages_async);
  g_task_set_task_data (task, data, (GDestroyNotify) passages_data_free);
  if (!pr_session_get_from_store (self))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  data->shared = _pr_shared_result_ref (self->shared);
  data->table = g_strdup (self->table);
  /* The cases as opened: the worker reads them while decisions go on. */
  data->group_of = g_new (guint32, MAX (result->set->n_records, 1));
  for (guint32 r = 0; r < result->set->n_records; r++)
    data->group_of[r] = G_MAXUINT32;
  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);

      for (guint32 m = 0; m < cluster->n_members; m++)
        data->group_of[cluster->members[m]] = c;
    }
  /* The scan's thresholds: with the second stage, its generous candidates. */
  data->options = PR_PART_MATCH_OPTIONS_DEFAULT;
  if (self->second_stage)
    pr_scan_options_candidates (&data->options);
  _pr_session_push_job (self, task, passages_job);
}

/**
 * pr_session_read_passages_finish:
 *
 * Returns: %FALSE with @error set if the passages could not be read (the
 *   pair graph then shows the pairs within k only)
 */
gboolean
pr_session_read_passages_finish (PrSession     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  PassagesData *data = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  /* Into the scan they were read for, once; a scan since has its own. */
  if (data->pairs != NULL && self->shared == data->shared && self->result->part_pairs->len == 0)
    g_array_append_vals (self->result->part_pairs, data->pairs->data, data->pairs->len);
  /* The same array pr_session_get_boilerplate () gave: it fills in place. */
  if (data->boilerplate != NULL && self->shared == data->shared && self->result->boilerplate->len == 0)
    g_array_append_vals (self->result->boilerplate, data->boilerplate->data, data->boilerplate->len);
  /* The risk column, "not rated" until now. */
  if (data->n_bridges != NULL && self->shared == data->shared)
    {
      Rating *rating = g_new0 (Rating, 1);

      g_weak_ref_init (&rating->session, self);
      rating->shared = _pr_shared_result_ref (data->shared);
      rating->n_bridges = g_steal_pointer (&data->n_bridges);
      rating->min_share = g_steal_pointer (&data->min_share);
      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, give_risks, rating, (GDestroyNotify) rating_free);
    }
  return TRUE;
}
