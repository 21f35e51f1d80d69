/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: see pr-session.h. Every query of the review (decisions,
 * records for the compare view) runs on one worker thread that owns the
 * session's connection, one job at a time and in order, so decisions
 * reach the log in the order the reviewer made them. Scans and exports,
 * which read a whole table, take a connection of their own on a thread
 * of their own.
 *
 * Other reviewers decide on the same table through connections of their
 * own. The session looks at the log every few seconds, on the worker
 * like any query, for what was decided since it last looked (a range of
 * the log's primary key: cheap), and applies the decisions it has not
 * seen to its clusters, in log order, as it would have after a scan.
 */
#define G_LOG_DOMAIN "petition-review"

#include "config.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "pr-session.h"

#include "pr-csv-writer.h"
#include "pr-record-reader.h"
#include "pr-sample-server.h"
#include "pr-store.h"
#include "pr-threshold-preview.h"

/* A scan's result, shared with the threshold preview's workers: a new
 * scan may replace it while they read its records. */
typedef struct {
  PrScanResult *result;
} SharedResult;

static void
shared_result_clear (SharedResult *shared)
{
  pr_scan_result_free (shared->result);
}

static SharedResult *
shared_result_ref (SharedResult *shared)
{
  return g_atomic_rc_box_acquire (shared);
}

static void
shared_result_unref (SharedResult *shared)
{
  g_atomic_rc_box_release_full (shared, (GDestroyNotify) shared_result_clear);
}

struct _PrSession
{
  GObject             parent_instance;

  char               *reviewer;
  PrConnectionParams *params;
  char               *description;
  PrSampleServer     *sample;
  GPtrArray          *tables;

  /* Worker thread only. */
  GThreadPool        *worker;
  PrConnectionParams *worker_params;
  PrConnection       *connection;
  PrStore            *store;
  PrWriteBack        *write_back;   /* NULL: nothing is written to the source table */

  /* The scan under review. */
  char               *table;
  PrMapping          *mapping;
  PrScanResult       *result;
  SharedResult       *shared;       /* owns result; workers hold it while they read it */
  guint               k;            /* the clusters' k: the scan's, or one applied since */
  PrThresholdPreview *threshold_preview;  /* made on first use, for this scan */
  GPtrArray          *items;        /* PrClusterItem, all of them, in cluster order */
  GListStore         *clusters;     /* the list's model: items, filled in turns */
  guint               fill_source;
  GHashTable         *cluster_of;   /* record id (the result's set's) → PrClusterItem (borrowed) */
  GHashTable         *decisions;    /* decision id → PrDecision */

  guint               n_reviewed;   /* clusters every member of which is decided */
  GQueue              undo;         /* Step */
  GQueue              redo;         /* Step */
  gboolean            deciding;

  /* Others' decisions */
  guint               refresh_interval;  /* seconds; 0: only when asked */
  guint               refresh_source;
  gboolean            refreshing;
  gint64              seen_id;      /* the highest log id in decisions */
  gint64              look_from;    /* the next look's start */
  gint64              look_after;   /* the one after: seen_id as the last look began */
};

G_DEFINE_FINAL_TYPE (PrSession, pr_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_REFRESH_INTERVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CLUSTER_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How often the log is looked at for others' decisions, by default. */
#define REFRESH_INTERVAL_SECONDS 5

static void start_refreshing (PrSession *self);

/* One undoable action: the decisions it logged, in order. */
typedef struct {
  PrClusterItem *item;
  GPtrArray     *decisions;  /* PrDecision */
} Step;

static void
step_free (Step *step)
{
  g_object_unref (step->item);
  g_ptr_array_unref (step->decisions);
  g_free (step);
}

/* The worker */

typedef void (*JobFunc) (PrSession *self,
                         GTask     *task);

typedef struct {
  GTask              *task;
  JobFunc             func;
  PrConnectionParams *params;  /* nullable: connect anew with these first */
} Job;

/* A lost connection is opened again for the next job. */
static gboolean
ensure_connection (PrSession  *self,
                   GError    **error)
{
  if (self->connection != NULL)
    return TRUE;
  if (self->worker_params == NULL)
    {
      g_set_error_literal (error, PR_DB_ERROR, PR_DB_ERROR_CONNECT, _("not connected to a database"));
      return FALSE;
    }
  self->connection = pr_connection_open (self->worker_params, error);
  if (self->connection == NULL)
    return FALSE;
  self->store = pr_store_open (self->connection, NULL, error);
  if (self->store == NULL)
    {
      g_clear_pointer (&self->connection, pr_connection_close);
      return FALSE;
    }
  return TRUE;
}

static void
forget_connection_if_lost (PrSession    *self,
                           const GError *error)
{
  if (g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE))
    {
      g_clear_pointer (&self->store, pr_store_free);
      g_clear_pointer (&self->connection, pr_connection_close);
    }
}

static void
run_job (gpointer data,
         gpointer user_data)
{
  Job *job = data;
  PrSession *self = user_data;
  GError *error = NULL;

  if (job->params != NULL)
    {
      g_clear_pointer (&self->store, pr_store_free);
      g_clear_pointer (&self->connection, pr_connection_close);
      g_clear_pointer (&self->worker_params, pr_connection_params_free);
      self->worker_params = job->params;
      /* Write-back is switched on for one connection, never carried over. */
      g_clear_pointer (&self->write_back, pr_write_back_free);
    }
  if (g_task_return_error_if_cancelled (job->task))
    ;
  else if (!ensure_connection (self, &error))
    g_task_return_error (job->task, error);
  else
    job->func (self, job->task);
  g_object_unref (job->task);
  g_free (job);
}

/* @task and @params: (transfer full) */
static void
push_job_full (PrSession          *self,
               GTask              *task,
               JobFunc             func,
               PrConnectionParams *params)
{
  Job *job = g_new (Job, 1);

  job->task = task;
  job->func = func;
  job->params = params;
  g_thread_pool_push (self->worker, job, NULL);
}

static void
push_job (PrSession *self,
          GTask     *task,
          JobFunc    func)
{
  push_job_full (self, task, func, NULL);
}

/* @result: (transfer full) (nullable) */
static void
set_result (PrSession    *self,
            PrScanResult *result)
{
  g_clear_pointer (&self->shared, shared_result_unref);
  g_clear_pointer (&self->threshold_preview, pr_threshold_preview_unref);
  self->result = result;
  if (result != NULL)
    {
      self->shared = g_atomic_rc_box_new0 (SharedResult);
      self->shared->result = result;
    }
}

/* GObject */

static void
pr_session_dispose (GObject *object)
{
  PrSession *self = PR_SESSION (object);

  /* Jobs hold a reference on the session, so none is left here. */
  if (self->worker != NULL)
    g_thread_pool_free (g_steal_pointer (&self->worker), FALSE, TRUE);
  g_clear_pointer (&self->worker_params, pr_connection_params_free);
  g_clear_pointer (&self->write_back, pr_write_back_free);
  g_clear_pointer (&self->store, pr_store_free);
  g_clear_pointer (&self->connection, pr_connection_close);
  if (self->sample != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!pr_sample_server_stop (self->sample, &error))
        g_warning ("%s", error->message);
      g_clear_pointer (&self->sample, pr_sample_server_free);
    }
  g_queue_clear_full (&self->undo, (GDestroyNotify) step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) step_free);
  g_clear_handle_id (&self->fill_source, g_source_remove);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  g_clear_object (&self->clusters);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (pr_session_parent_class)->dispose (object);
}

static void
pr_session_finalize (GObject *object)
{
  PrSession *self = PR_SESSION (object);

  g_free (self->reviewer);
  g_clear_pointer (&self->params, pr_connection_params_free);
  g_free (self->description);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_free (self->table);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  set_result (self, NULL);
  g_clear_pointer (&self->cluster_of, g_hash_table_unref);
  g_clear_pointer (&self->decisions, g_hash_table_unref);

  G_OBJECT_CLASS (pr_session_parent_class)->finalize (object);
}

static void
pr_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PrSession *self = PR_SESSION (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, pr_session_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, pr_session_get_can_redo (self));
      break;
    case PROP_REFRESH_INTERVAL:
      g_value_set_uint (value, self->refresh_interval);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PrSession *self = PR_SESSION (object);

  switch (prop_id)
    {
    case PROP_REFRESH_INTERVAL:
      self->refresh_interval = g_value_get_uint (value);
      start_refreshing (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_session_class_init (PrSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pr_session_dispose;
  object_class->finalize = pr_session_finalize;
  object_class->get_property = pr_session_get_property;
  object_class->set_property = pr_session_set_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* How often, in seconds, the decision log is looked at for others'
   * decisions while a scan is under review; 0 for only when asked
   * (pr_session_refresh_async()). */
  properties[PROP_REFRESH_INTERVAL] = g_param_spec_uint ("refresh-interval", NULL, NULL, 0, 3600,
                                                         REFRESH_INTERVAL_SECONDS,
                                                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PrSession::cluster-changed:
   * @item: the cluster
   *
   * Another reviewer's decisions (or undos), seen in the log, changed
   * @item; the session's count of reviewed clusters is up to date.
   */
  signals[CLUSTER_CHANGED] = g_signal_new ("cluster-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, PR_TYPE_CLUSTER_ITEM);
}

static void
pr_session_init (PrSession *self)
{
  self->worker = g_thread_pool_new (run_job, self, 1, FALSE, NULL);
  self->clusters = g_list_store_new (PR_TYPE_CLUSTER_ITEM);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->cluster_of = g_hash_table_new (g_str_hash, g_str_equal);
  self->decisions = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) pr_decision_free);
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
}

/**
 * pr_session_new:
 * @reviewer: the name the decisions are logged under
 */
PrSession *
pr_session_new (const char *reviewer)
{
  PrSession *self = g_object_new (PR_TYPE_SESSION, NULL);

  self->reviewer = g_strdup (reviewer);
  return self;
}

static void
notify_undo_redo (PrSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

/* Connect */

static void
connect_job (PrSession *self,
             GTask     *task)
{
  GError *error = NULL;
  GPtrArray *tables = pr_catalog_list_tables (self->connection, &error);

  if (tables == NULL)
    {
      forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, tables, (GDestroyNotify) g_ptr_array_unref);
}

/* Forgets the previous database: its connection goes with the next job. */
static void
reset (PrSession          *self,
       PrConnectionParams *params)
{
  g_clear_pointer (&self->params, pr_connection_params_free);
  self->params = params;
  g_clear_pointer (&self->description, g_free);
  self->description = pr_connection_params_describe (params);
  g_clear_handle_id (&self->fill_source, g_source_remove);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->seen_id = self->look_from = self->look_after = 0;
  g_list_store_remove_all (self->clusters);
  g_ptr_array_set_size (self->items, 0);
  g_hash_table_remove_all (self->cluster_of);
  g_hash_table_remove_all (self->decisions);
  set_result (self, NULL);
  self->n_reviewed = 0;
  g_queue_clear_full (&self->undo, (GDestroyNotify) step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) step_free);
  notify_undo_redo (self);
}

/**
 * pr_session_connect_async:
 * @params: (transfer full): where to connect, with the password
 *
 * Connects and lists the tables of the connection's database.
 */
void
pr_session_connect_async (PrSession           *self,
                          PrConnectionParams  *params,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_connect_async);
  reset (self, pr_connection_params_copy (params));
  push_job_full (self, task, connect_job, params);
}

gboolean
pr_session_connect_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  GPtrArray *tables = g_task_propagate_pointer (G_TASK (result), error);

  if (tables == NULL)
    return FALSE;
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  self->tables = tables;
  return TRUE;
}

/* The sample */

static void
sample_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  const char *base_dir = task_data;
  g_autofree char *csv = pr_sample_server_find_csv ();
  GError *error = NULL;
  PrSampleServer *server = pr_sample_server_start (base_dir, csv, cancellable, &error);

  if (server == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, server, (GDestroyNotify) pr_sample_server_free);
}

static void
sample_started (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  PrSession *self = PR_SESSION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  PrSampleServer *server = g_task_propagate_pointer (G_TASK (result), &error);

  if (server == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (self->sample != NULL)
    {
      /* Started twice: keep the first, stop this one. */
      pr_sample_server_stop (server, NULL);
      pr_sample_server_free (server);
    }
  else
    self->sample = server;

  reset (self, pr_sample_server_get_params (self->sample));
  push_job_full (self, g_steal_pointer (&task), connect_job, pr_sample_server_get_params (self->sample));
}

/**
 * pr_session_open_sample_async:
 * @base_dir: (nullable): where the sample server keeps its data; %NULL
 *   for the user's data folder
 *
 * Starts the private sample server (initialised and loaded with the
 * sample petitions the first time) and connects to it; it is stopped when
 * the session goes.
 */
void
pr_session_open_sample_async (PrSession           *self,
                              const char          *base_dir,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_open_sample_async);
  if (self->sample != NULL)
    {
      reset (self, pr_sample_server_get_params (self->sample));
      push_job_full (self, task, connect_job, pr_sample_server_get_params (self->sample));
    }
  else
    {
      g_autoptr(GTask) start = g_task_new (self, cancellable, sample_started, task);

      g_task_set_task_data (start, g_strdup (base_dir), g_free);
      g_task_run_in_thread (start, sample_thread);
    }
}

const char *
pr_session_get_description (PrSession *self)
{
  return self->description;
}

/* Returns: (transfer none) (element-type utf8) (nullable): the tables */
GPtrArray *
pr_session_get_tables (PrSession *self)
{
  return self->tables;
}

/* Returns: (nullable): the sample's table, when the sample is open */
const char *
pr_session_get_sample_table (PrSession *self)
{
  return self->sample != NULL ? PR_SAMPLE_SERVER_TABLE : NULL;
}

/* Columns */

static void
columns_job (PrSession *self,
             GTask     *task)
{
  GError *error = NULL;
  GPtrArray *columns = pr_catalog_list_columns (self->connection, g_task_get_task_data (task), &error);

  if (columns == NULL)
    {
      forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, columns, (GDestroyNotify) g_ptr_array_unref);
}

void
pr_session_load_columns_async (PrSession           *self,
                               const char          *table,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_task_data (task, g_strdup (table), g_free);
  push_job (self, task, columns_job);
}

/* Returns: (transfer full) (element-type PrColumnInfo): the columns */
GPtrArray *
pr_session_load_columns_finish (PrSession     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Progress from a background thread to the main loop: at most ten
 * reports a second, and every one that is forced (a change of phase, the
 * end). */
typedef struct {
  PrScanProgressFunc     func;     /* NULL: no reports */
  gpointer               data;
  GMainContext          *context;
  gint64                 last;
} Progress;

typedef struct {
  PrScanProgressFunc    func;
  gpointer              data;
  PrScanPhase           phase;
  guint64               records, done, total;
} ProgressReport;

static void
progress_init (Progress              *progress,
               PrScanProgressFunc     func,
               gpointer               data)
{
  progress->func = func;
  progress->data = data;
  progress->context = g_main_context_ref_thread_default ();
  progress->last = 0;
}

static void
progress_clear (Progress *progress)
{
  g_clear_pointer (&progress->context, g_main_context_unref);
}

static gboolean
deliver_progress (gpointer user_data)
{
  ProgressReport *report = user_data;

  report->func (report->phase, report->records, report->done, report->total, report->data);
  return G_SOURCE_REMOVE;
}

static void
progress_post (Progress    *progress,
               PrScanPhase  phase,
               guint64      records,
               guint64      done,
               guint64      total,
               gboolean     force)
{
  gint64 now = g_get_monotonic_time ();
  ProgressReport *report;

  if (progress->func == NULL || (!force && now - progress->last < G_USEC_PER_SEC / 10))
    return;
  progress->last = now;
  report = g_new (ProgressReport, 1);
  *report = (ProgressReport) { progress->func, progress->data, phase, records, done, total };
  g_main_context_invoke_full (progress->context, G_PRIORITY_DEFAULT, deliver_progress, report, g_free);
}

/* Scan */

typedef struct {
  PrConnectionParams    *params;
  char                  *table;
  PrMapping             *mapping;
  guint                  k;
  Progress               progress;
  /* Results */
  PrScanResult          *result;
  GPtrArray             *items;      /* PrClusterItem */
  GHashTable            *cluster_of; /* record id → PrClusterItem, as in PrSession */
  GPtrArray             *decisions;  /* PrDecision */
} ScanData;

static void
scan_data_free (ScanData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  progress_clear (&data->progress);
  g_clear_pointer (&data->result, pr_scan_result_free);
  g_clear_pointer (&data->cluster_of, g_hash_table_unref);
  g_clear_pointer (&data->items, g_ptr_array_unref);
  g_clear_pointer (&data->decisions, g_ptr_array_unref);
  g_free (data);
}

/* A #PrScanProgressFunc: the scan's reading is throttled, its phases not. */
static void
report_progress (PrScanPhase phase,
                 guint64     records,
                 guint64     done,
                 guint64     total,
                 gpointer    user_data)
{
  ScanData *data = user_data;

  progress_post (&data->progress, phase, records, done, total, phase != PR_SCAN_PHASE_READ);
}

/* Background work yields to the window: on a machine with two cores the
 * scan's threads (and the ones they start, which inherit this) would
 * otherwise keep the main loop waiting for a time slice. A thread of its
 * own, so that no thread of GLib's shared pool is left at a lower priority
 * (an unprivileged thread cannot raise it again). */
typedef struct {
  GTask           *task;
  GTaskThreadFunc  func;
} Background;

static gpointer
run_background (gpointer data)
{
  Background *background = data;

  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10) != 0)
    g_debug ("cannot lower the background thread's priority: %s", g_strerror (errno));
  background->func (background->task, g_task_get_source_object (background->task),
                    g_task_get_task_data (background->task), g_task_get_cancellable (background->task));
  g_object_unref (background->task);
  g_free (background);
  return NULL;
}

static void
run_in_background (GTask           *task,
                   GTaskThreadFunc  func)
{
  Background *background = g_new (Background, 1);

  background->task = g_object_ref (task);
  background->func = func;
  g_thread_unref (g_thread_new ("pr-background", run_background, background));
}

/* The list's objects for @clustering, and the map from each record id to
 * its cluster; made on a worker thread. @case_numbers: (nullable): each
 * cluster's case number (0: no case yet); without them a cluster is named
 * by its place in the list. */
static void
make_items (PrClustering   *clustering,
            PrRecordSet    *set,
            const guint32  *case_numbers,
            GPtrArray     **items_out,
            GHashTable    **cluster_of_out)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  /* Keyed by the set's ids, which live as long as the scan's result: a
   * member's own copy is freed when its cluster replays its decisions. */
  GHashTable *cluster_of = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      guint32 primary = cluster->members[0];
      PrClusterItem *item = pr_cluster_item_new (case_numbers != NULL ? case_numbers[c] : c + 1, case_numbers != NULL,
                                                 set->labels->pdata[primary], set->dates[primary]);

      for (guint m = 0; m < cluster->n_members; m++)
        {
          pr_cluster_item_add_member (item, set->ids->pdata[cluster->members[m]],
                                      cluster->members[m], cluster->distances[m]);
          g_hash_table_insert (cluster_of, set->ids->pdata[cluster->members[m]], item);
        }
      pr_cluster_item_set_max_distance (item, cluster->max_distance);
      pr_cluster_item_compare_petitioners (item, set);
      g_ptr_array_add (items, item);
    }
  *items_out = items;
  *cluster_of_out = cluster_of;
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ScanData *data = task_data;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  PrLoadOptions load = { 0 };
  GError *error = NULL;

  connection = pr_connection_open (data->params, &error);
  if (connection == NULL)
    goto failed;
  store = pr_store_open (connection, NULL, &error);
  if (store == NULL)
    goto failed;

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.keep_labels = TRUE;
  data->result = pr_scan_run (connection, store, data->table, NULL, data->mapping, &load, data->k,
                              &PR_PART_MATCH_OPTIONS_DEFAULT, report_progress, data, cancellable, &error);
  if (data->result == NULL)
    goto failed;
  /* The log the scan clustered by. */
  data->decisions = g_ptr_array_ref (data->result->decisions);

  /* The list's objects are made here, off the main thread: 100,000 of
   * them take a while. */
  make_items (data->result->clustering, data->result->set, data->result->case_numbers,
              &data->items, &data->cluster_of);
  g_task_return_boolean (task, TRUE);
  return;

failed:
  g_task_return_error (task, error);
}

/**
 * pr_session_scan_async:
 * @progress: (nullable): called on the main thread as the scan goes on
 *
 * Scans @table of the connected database into the application's tables
 * there (fingerprinting only new and changed records), clusters it, and
 * applies the decision log to the clusters. A cancelled or failed scan
 * keeps the clusters under review as they were.
 */
void
pr_session_scan_async (PrSession             *self,
                       const char            *table,
                       const PrMapping       *mapping,
                       guint                  k,
                       PrScanProgressFunc     progress,
                       gpointer               progress_data,
                       GCancellable          *cancellable,
                       GAsyncReadyCallback    callback,
                       gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ScanData *data = g_new0 (ScanData, 1);

  g_return_if_fail (self->params != NULL);

  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->k = k;
  progress_init (&data->progress, progress, progress_data);
  g_task_set_source_tag (task, pr_session_scan_async);
  g_task_set_task_data (task, data, (GDestroyNotify) scan_data_free);
  run_in_background (task, scan_thread);
}

/* A list view makes the widgets of the ~200 rows around its view at once
 * when they arrive together: 60–75 ms on a two-core machine, which would
 * hold up the window. The list's first rows go in a few dozen at a time,
 * a frame apart, then the rest, beyond those rows, in one. */
#define LIST_ROWS_PER_TURN 24
#define LIST_ROWS_IN_TURNS 240
#define LIST_TURN_INTERVAL_MS 20

static gboolean
fill_list_more (gpointer user_data)
{
  PrSession *self = user_data;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->clusters));
  guint more = self->items->len - shown;

  if (shown < LIST_ROWS_IN_TURNS)
    more = MIN (more, LIST_ROWS_PER_TURN);
  g_list_store_splice (self->clusters, shown, 0, self->items->pdata + shown, more);
  if (shown + more < self->items->len)
    return G_SOURCE_CONTINUE;
  self->fill_source = 0;
  return G_SOURCE_REMOVE;
}

static void
fill_list (PrSession *self)
{
  g_clear_handle_id (&self->fill_source, g_source_remove);
  g_list_store_remove_all (self->clusters);
  /* Not in this turn: the frame that shows the review page when a scan
   * ends repaints the whole window, and does it alone. */
  self->fill_source = g_timeout_add (LIST_TURN_INTERVAL_MS, fill_list_more, self);
}

static void
apply_logged (PrSession        *self,
              const PrDecision *decision)
{
  PrClusterItem *item = g_hash_table_lookup (self->cluster_of, decision->record_id);

  if (item != NULL && pr_cluster_item_apply (item, decision, self->result->set))
    pr_cluster_item_changed (item);
}

/* Takes @decision (owned) into the log as the session knows it, which the
 * next look at the log and a regroup go by. */
static void
remember_decision (PrSession  *self,
                   PrDecision *decision)
{
  self->seen_id = MAX (self->seen_id, decision->id);
  g_hash_table_insert (self->decisions, &decision->id, decision);
}

/* Puts @items in the list, with the log's verdicts (@decisions, in log
 * order, undone ones with their undo) applied to them.
 * @items, @cluster_of: (transfer full) */
static void
install_clusters (PrSession  *self,
                  GPtrArray  *items,
                  GHashTable *cluster_of,
                  GPtrArray  *decisions)
{
  g_autoptr(GHashTable) undone = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_queue_clear_full (&self->undo, (GDestroyNotify) step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) step_free);
  notify_undo_redo (self);

  g_hash_table_unref (self->cluster_of);
  self->cluster_of = cluster_of;
  g_hash_table_remove_all (self->decisions);

  /* The log, less what was undone, in order. */
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];

      if (decision->verdict == PR_VERDICT_UNDO)
        g_hash_table_add (undone, &decision->undoes);
    }
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];
      remember_decision (self, pr_decision_copy (decision));
      if (decision->verdict != PR_VERDICT_UNDO && !g_hash_table_contains (undone, &decision->id))
        apply_logged (self, decision);
    }
  self->look_from = self->look_after = self->seen_id;
  self->n_reviewed = 0;
  for (guint i = 0; i < items->len; i++)
    self->n_reviewed += pr_cluster_item_get_reviewed (items->pdata[i]);
  g_ptr_array_unref (self->items);
  self->items = items;
  fill_list (self);
  start_refreshing (self);
}

gboolean
pr_session_scan_finish (PrSession     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  ScanData *data = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  g_free (self->table);
  self->table = g_strdup (data->table);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  self->mapping = pr_mapping_copy (data->mapping);
  set_result (self, g_steal_pointer (&data->result));
  self->k = data->k;

  /* Made on the scanning thread: the main loop only swaps it in. */
  install_clusters (self, g_steal_pointer (&data->items), g_steal_pointer (&data->cluster_of), data->decisions);
  return TRUE;
}

const char *
pr_session_get_table (PrSession *self)
{
  return self->table;
}

const PrMapping *
pr_session_get_mapping (PrSession *self)
{
  return self->mapping;
}

/* Returns: (nullable): the last scan's counts */
const PrScanCounts *
pr_session_get_counts (PrSession *self)
{
  return self->result != NULL ? &self->result->counts : NULL;
}

/* Whether the list model holds every cluster yet: it is filled over a
 * few main-loop turns after a scan. */
gboolean
pr_session_get_list_complete (PrSession *self)
{
  return self->fill_source == 0;
}

/* The number of clusters of the last scan, whether listed yet or not. */
guint
pr_session_get_n_clusters (PrSession *self)
{
  return self->items->len;
}

/* Returns: (transfer none): the clusters, PrClusterItem */
GListModel *
pr_session_get_clusters (PrSession *self)
{
  return G_LIST_MODEL (self->clusters);
}

/* How many clusters of the last scan are reviewed: kept as decisions
 * come, so that the window need not count them. */
guint
pr_session_get_n_reviewed (PrSession *self)
{
  return self->n_reviewed;
}

/**
 * pr_session_get_boilerplate:
 * @session: a #PrSession
 *
 * Returns: (transfer none) (nullable): the hashes of the parts the last
 *   scan left out as boilerplate, ascending, to explain a pair as it did
 */
GArray *
pr_session_get_boilerplate (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), NULL);

  return self->result != NULL ? self->result->boilerplate : NULL;
}

/* Records for the compare view */

typedef struct {
  char      *table;
  PrMapping *mapping;
  GPtrArray *ids;
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
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < data->ids->len; i++)
    {
      GError *error = NULL;
      char **values = pr_record_reader_fetch (self->connection, data->table, data->mapping,
                                              data->ids->pdata[i], &error);
      GPtrArray *record = g_ptr_array_new_full (n_columns, g_free);

      if (values == NULL && !g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE))
        {
          forget_connection_if_lost (self, error);
          g_ptr_array_unref (record);
          g_task_return_error (task, error);
          return;
        }
      /* A record deleted since the scan shows empty. */
      g_clear_error (&error);
      for (guint c = 0; c < n_columns; c++)
        g_ptr_array_add (record, values != NULL ? values[c] : NULL);
      g_free (values);
      g_ptr_array_add (records, record);
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
  data->ids = g_ptr_array_new_with_free_func (g_free);
  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    g_ptr_array_add (data->ids, g_strdup (pr_cluster_item_get_member (item, m)->id));
  g_task_set_task_data (task, data, (GDestroyNotify) fetch_data_free);
  push_job (self, task, fetch_job);
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

/* Decisions */

typedef enum { DO, UNDO, REDO } StepKind;

typedef struct {
  Step      *step;   /* the decisions to log: with their ids after */
  StepKind   kind;
  GTask     *outer;
  GPtrArray *undos;  /* PrDecision: for UNDO, the undos logged */
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
      forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
    }
}

static void
decide_data_free (DecideData *data)
{
  if (data->step != NULL)
    step_free (data->step);
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
  Step *step = g_steal_pointer (&data->step);
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
        step_free (step);
      notify_undo_redo (self);
      g_task_return_error (outer, error);
      return;
    }
  for (guint i = 0; i < step->decisions->len; i++)
    {
      PrDecision *decision = step->decisions->pdata[i];

      if (data->kind == UNDO)
        pr_cluster_item_revert (step->item, decision, set);
      else
        {
          remember_decision (self, pr_decision_copy (decision));
          pr_cluster_item_apply (step->item, decision, set);
        }
    }
  /* The undos too. */
  for (guint i = 0; i < data->undos->len; i++)
    remember_decision (self, g_steal_pointer (&data->undos->pdata[i]));
  g_ptr_array_set_size (data->undos, 0);
  if (step->decisions->len > 0)
    {
      self->n_reviewed += pr_cluster_item_get_reviewed (step->item);
      self->n_reviewed -= was_reviewed;
      pr_cluster_item_changed (step->item);
      if (data->kind == UNDO)
        g_queue_push_head (&self->redo, step);
      else
        g_queue_push_head (&self->undo, step);
    }
  else
    step_free (step);
  notify_undo_redo (self);
  g_task_return_pointer (outer, g_object_ref (g_task_get_task_data (outer)), g_object_unref);
}

static void
start_step (PrSession           *self,
            Step                *step,
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
  notify_undo_redo (self);
  push_job (self, task, decide_job);
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
  decision->reviewer = g_strdup (self->reviewer);
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
 * nothing.
 */
void
pr_session_decide_async (PrSession           *self,
                         PrClusterItem       *item,
                         PrVerdict            verdict,
                         const char          *record_id,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  Step *step = g_new0 (Step, 1);
  const char *primary = pr_cluster_item_get_primary_id (item);

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

  g_queue_clear_full (&self->redo, (GDestroyNotify) step_free);
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
  Step *step;

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
                               _("The records %s and %s are not a bridge of the cluster: splitting there would change nothing."),
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
    step = g_new0 (Step, 1);
    step->item = g_object_ref (item);
    step->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
    g_ptr_array_add (step->decisions, new_decision (self, item, PR_VERDICT_NOT_REPEAT, far, near));
  }
  g_queue_clear_full (&self->redo, (GDestroyNotify) step_free);
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

gboolean
pr_session_get_can_redo (PrSession *self)
{
  return !self->deciding && !g_queue_is_empty (&self->redo);
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
      forget_connection_if_lost (self, error);
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

      if (g_hash_table_contains (self->decisions, &decision->id))
        continue;
      remember_decision (self, pr_decision_copy (decision));
      n++;

      if (decision->verdict == PR_VERDICT_UNDO)
        target = g_hash_table_lookup (self->decisions, &decision->undoes);
      item = target != NULL ? g_hash_table_lookup (self->cluster_of, target->record_id) : NULL;
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
      pr_cluster_item_changed (changed->pdata[i]);
      g_signal_emit (self, signals[CLUSTER_CHANGED], 0, changed->pdata[i]);
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
  push_job (self, task, refresh_job);
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
static void
start_refreshing (PrSession *self)
{
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->refresh_interval > 0 && self->result != NULL)
    self->refresh_source = g_timeout_add_seconds (self->refresh_interval, poll_log, self);
}

/* Export */

/* The report's own columns; the mapped display columns follow. The
 * report is for people reading it in Excel: its headings and verdicts are
 * in the reviewer's language (the CLI's exports keep fixed English names
 * for other programs). New columns go after the verdict's, so that the
 * first ones stay where readers' sheets expect them. */
static const char *const export_header[] = {
  /* "case" in its place when the clusters are named by case numbers */
  NC_("report column", "cluster"), NC_("report column", "record_id"), NC_("report column", "primary_id"),
  NC_("report column", "distance"), NC_("report column", "similarity"), NC_("report column", "verdict"),
  NC_("report column", "reviewer"), NC_("report column", "decided_at"), NC_("report column", "repeat_kind"),
};
#define EXPORT_FIXED G_N_ELEMENTS (export_header)

typedef struct {
  char *cells[EXPORT_FIXED];
} ExportRow;

typedef struct {
  PrConnectionParams    *params;
  char                  *table;
  PrMapping             *mapping;
  int                    id_column;
  gboolean               cases;      /* the first column is the case number */
  char                  *path;
  GArray                *rows;       /* ExportRow */
  GHashTable            *row_of;     /* record id (borrowed from rows) → row index + 1 */
  GPtrArray             *values;     /* per row: GPtrArray of the display values, or NULL */
  Progress               progress;
  guint64                read, estimate;
  GCancellable          *cancellable;
} ExportData;

static void
export_row_clear (ExportRow *row)
{
  for (guint i = 0; i < EXPORT_FIXED; i++)
    g_free (row->cells[i]);
}

static void
export_data_free (ExportData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_free (data->path);
  g_hash_table_unref (data->row_of);
  g_array_unref (data->rows);
  g_ptr_array_unref (data->values);
  progress_clear (&data->progress);
  g_free (data);
}

static gboolean
is_display_column (const PrMappingColumn *column)
{
  return column->role == PR_COLUMN_ROLE_SHORT || column->role == PR_COLUMN_ROLE_TEXT || column->role == PR_COLUMN_ROLE_DATE;
}

static void
export_report (ExportData *data,
               gboolean    force)
{
  progress_post (&data->progress, PR_SCAN_PHASE_READ, data->read, data->read,
                 MAX (data->estimate, data->read), force);
}

static gboolean
collect_values (const char *const *values,
                const gsize       *lengths,
                gpointer           user_data)
{
  ExportData *data = user_data;
  guint n = pr_mapping_get_n_columns (data->mapping);
  gpointer found;

  data->read++;
  export_report (data, FALSE);
  if (values[data->id_column] != NULL &&
      (found = g_hash_table_lookup (data->row_of, values[data->id_column])) != NULL)
    {
      GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
      guint row = GPOINTER_TO_UINT (found) - 1;

      for (guint c = 0; c < n; c++)
        if (is_display_column (pr_mapping_get_column (data->mapping, c)))
          g_ptr_array_add (kept, values[c] != NULL ? g_strndup (values[c], lengths[c]) : NULL);
      g_clear_pointer (&data->values->pdata[row], g_ptr_array_unref);
      data->values->pdata[row] = kept;
    }
  return !g_cancellable_is_cancelled (data->cancellable);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  g_autoptr(GPtrArray) header = g_ptr_array_new ();
  guint n_columns = pr_mapping_get_n_columns (data->mapping);
  guint n_display = 0;
  GError *error = NULL;

  data->cancellable = cancellable;
  connection = pr_connection_open (data->params, &error);
  if (connection == NULL)
    goto failed;
  data->estimate = pr_catalog_estimate_rows (connection, data->table, NULL);
  /* The display values come from one pass over the table, not a query per
   * record: a report may hold hundreds of thousands of them. */
  if (!pr_record_reader_stream (connection, data->table, data->mapping, collect_values, data,
                                cancellable, &error))
    goto failed;
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    goto failed;
  export_report (data, TRUE);

  /* UTF-8 with a BOM, so that Excel reads Chinese right, and formulas
   * neutralised; written to a temporary file and renamed at the end. */
  writer = pr_csv_writer_new_for_path (data->path, PR_CSV_WRITER_BOM | PR_CSV_WRITER_NEUTRALIZE, &error);
  if (writer == NULL)
    goto failed;
  for (guint i = 0; i < EXPORT_FIXED; i++)
    g_ptr_array_add (header, (gpointer) (i == 0 && data->cases
                                         ? C_("report column", "case")
                                         : g_dpgettext2 (GETTEXT_PACKAGE, "report column", export_header[i])));
  for (guint c = 0; c < n_columns; c++)
    if (is_display_column (pr_mapping_get_column (data->mapping, c)))
      {
        g_ptr_array_add (header, pr_mapping_get_column (data->mapping, c)->name);
        n_display++;
      }
  if (!pr_csv_writer_write_row (writer, (const char *const *) header->pdata, header->len, &error))
    goto failed;

  for (guint r = 0; r < data->rows->len; r++)
    {
      ExportRow *row = &g_array_index (data->rows, ExportRow, r);
      GPtrArray *display = data->values->pdata[r];
      const char *cells[EXPORT_FIXED + 64];
      guint n = 0;

      for (guint i = 0; i < EXPORT_FIXED; i++)
        cells[n++] = row->cells[i];
      for (guint d = 0; d < n_display && n < G_N_ELEMENTS (cells); d++)
        cells[n++] = display != NULL ? display->pdata[d] : NULL;
      if (!pr_csv_writer_write_row (writer, cells, n, &error))
        goto failed;
      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        goto failed;
    }
  if (!pr_csv_writer_close (writer, &error))
    goto failed;
  g_task_return_int (task, data->rows->len);
  return;

failed:
  /* The writer, freed unclosed, removes its temporary file: an existing
   * report at the path is left as it was. */
  g_task_return_error (task, error);
}

static char *
format_decided_at (gint64 seconds)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (seconds);
  g_autoptr(GDateTime) local = dt != NULL ? g_date_time_to_local (dt) : NULL;

  return local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M:%S") : NULL;
}

/**
 * pr_session_export_async:
 * @file: the CSV file to write (replaced, atomically, when it exists)
 * @progress: (nullable): rows of the table read, on the main thread
 *
 * Writes the duplicate report: one row per member of each cluster of the
 * last scan, primary first — cluster, record_id, primary_id, distance
 * (bits, to the primary), similarity (of the fingerprints, 1 − distance/64,
 * as a percentage), verdict (repeat, not_repeat or empty), reviewer,
 * decided_at, repeat_kind (the same petitioner as the primary's, another,
 * or empty for the primary and where it is not known) — then the mapped
 * short, text and date columns. UTF-8 with a BOM, RFC 4180, cells that
 * begin with = + - @ (or a full-width or other form of them) neutralised.
 */
void
pr_session_export_async (PrSession             *self,
                         GFile                 *file,
                         PrScanProgressFunc     progress,
                         gpointer               progress_data,
                         GCancellable          *cancellable,
                         GAsyncReadyCallback    callback,
                         gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ExportData *data = g_new0 (ExportData, 1);

  g_return_if_fail (self->result != NULL);

  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (self->table);
  data->mapping = pr_mapping_copy (self->mapping);
  data->id_column = -1;
  data->cases = self->items->len > 0 && pr_cluster_item_get_is_case (self->items->pdata[0]);
  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    if (pr_mapping_get_column (self->mapping, c)->role == PR_COLUMN_ROLE_ID)
      data->id_column = (int) c;
  data->path = g_file_get_path (file);
  data->rows = g_array_new (FALSE, TRUE, sizeof (ExportRow));
  g_array_set_clear_func (data->rows, (GDestroyNotify) export_row_clear);
  data->row_of = g_hash_table_new (g_str_hash, g_str_equal);
  data->values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  progress_init (&data->progress, progress, progress_data);
  g_task_set_source_tag (task, pr_session_export_async);
  g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);

  if (data->path == NULL || data->id_column < 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               data->path == NULL ? _("The report can only be saved to a local file")
                                                  : _("The mapping has no id column"));
      return;
    }

  /* The decisions as the list shows them now, taken on this thread. */
  for (guint i = 0; i < self->items->len; i++)
    {
      PrClusterItem *item = self->items->pdata[i];
      const char *primary = pr_cluster_item_get_primary_id (item);

      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        {
          PrClusterMember *member = pr_cluster_item_get_member (item, m);
          const PrDecision *decision = member->decision != 0
                                         ? g_hash_table_lookup (self->decisions, &member->decision) : NULL;
          ExportRow row = { { 0 } };

          row.cells[0] = pr_cluster_item_dup_name (item);
          row.cells[1] = g_strdup (member->id);
          row.cells[2] = g_strdup (primary);
          row.cells[3] = g_strdup_printf ("%u", member->distance);
          row.cells[4] = g_strdup_printf ("%.1f%%", 100.0 * (64 - member->distance) / 64);
          row.cells[5] = g_strdup (member->state == PR_MEMBER_REPEAT ? C_("verdict", "repeat")
                                   : member->state == PR_MEMBER_NOT_REPEAT ? C_("verdict", "not a repeat") : "");
          if (decision != NULL && m > 0)
            {
              row.cells[6] = g_strdup (decision->reviewer);
              row.cells[7] = format_decided_at (decision->decided_at);
            }
          /* Empty for the primary, and where a petitioner is not known. */
          row.cells[8] = g_strdup (member->petitioner == PR_PETITIONER_SAME ? C_("repeat kind", "the same petitioner")
                                   : member->petitioner == PR_PETITIONER_OTHER ? C_("repeat kind", "another petitioner")
                                   : "");
          g_array_append_val (data->rows, row);
          g_ptr_array_add (data->values, NULL);
          g_hash_table_insert (data->row_of, g_array_index (data->rows, ExportRow, data->rows->len - 1).cells[1],
                               GUINT_TO_POINTER (data->rows->len));
        }
    }
  run_in_background (task, export_thread);
}

/* Returns: the rows written, or 0 with @error set */
guint64
pr_session_export_finish (PrSession     *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  gssize n = g_task_propagate_int (G_TASK (result), error);

  return n < 0 ? 0 : (guint64) n;
}

/* Preview of the mapping */

typedef struct {
  char      *table;
  PrMapping *mapping;
  guint      limit;
  GPtrArray *lines;
  PrTokenizer *tokenizer;
} PreviewData;

static void
preview_data_free (PreviewData *data)
{
  g_free (data->table);
  pr_mapping_free (data->mapping);
  g_clear_pointer (&data->lines, g_ptr_array_unref);
  g_clear_pointer (&data->tokenizer, pr_tokenizer_free);
  g_free (data);
}

static void
append_token (const char *token,
              gsize       length,
              gpointer    user_data)
{
  GString *line = user_data;

  if (line->len > 0 && line->str[line->len - 1] != ' ')
    g_string_append (line, " | ");
  g_string_append_len (line, token, length);
}

static gboolean
preview_row (const char *const *values,
             const gsize       *lengths,
             gpointer           user_data)
{
  PreviewData *data = user_data;
  GString *line = g_string_new (NULL);

  for (guint c = 0; c < pr_mapping_get_n_columns (data->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (data->mapping, c);

      if (values[c] == NULL)
        continue;
      switch (column->role)
        {
        case PR_COLUMN_ROLE_ID:
          g_string_append_printf (line, "%.*s: ", (int) lengths[c], values[c]);
          break;
        case PR_COLUMN_ROLE_SHORT:
          g_string_append_printf (line, "[%s=%.*s] ", column->name, (int) MIN (lengths[c], 64), values[c]);
          break;
        case PR_COLUMN_ROLE_TEXT:
          {
            g_autoptr(GError) error = NULL;
            GString *words = g_string_new (NULL);

            /* The words the fingerprint is made of, as the engine breaks
             * and normalises them. */
            if (!pr_tokenizer_tokenize (data->tokenizer, values[c], MIN (lengths[c], 600),
                                        append_token, words, &error))
              g_string_append_printf (words, "(%s)", error->message);
            g_string_append_printf (line, "%s ", words->str);
            g_string_free (words, TRUE);
          }
          break;
        case PR_COLUMN_ROLE_DATE:
          {
            gint64 seconds;
            int offset;
            g_autofree char *shown = NULL;
            PrDateStatus status = pr_date_read (values[c], PR_DATE_ORDER_UNSET, &seconds, &offset);

            /* The date as the scan reads it, or why it reads none: a
             * wrong date column shows here, before the scan. */
            if (status == PR_DATE_OK)
              shown = pr_date_format (seconds);
            else if (status == PR_DATE_AMBIGUOUS)
              shown = g_strdup_printf (_("“%.*s”: day first or month first?"), (int) MIN (lengths[c], 64), values[c]);
            else if (lengths[c] > 0)
              shown = g_strdup_printf (_("“%.*s”: not a date"), (int) MIN (lengths[c], 64), values[c]);
            if (shown != NULL)
              g_string_append_printf (line, "[%s: %s] ", column->name, shown);
          }
          break;
        default:
          break;
        }
    }
  g_ptr_array_add (data->lines, g_string_free (line, FALSE));
  return TRUE;
}

static void
preview_job (PrSession *self,
             GTask     *task)
{
  PreviewData *data = g_task_get_task_data (task);
  GError *error = NULL;

  data->lines = g_ptr_array_new_with_free_func (g_free);
  data->tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  if (data->tokenizer == NULL ||
      !pr_record_reader_head (self->connection, data->table, data->mapping, data->limit,
                              preview_row, data, &error))
    {
      forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&data->lines), (GDestroyNotify) g_ptr_array_unref);
}

/**
 * pr_session_preview_async:
 * @limit: how many records
 *
 * The first records of @table as the engine sees them with @mapping: the
 * id, the short fields whole, and the words of the text fields.
 */
void
pr_session_preview_async (PrSession           *self,
                          const char          *table,
                          const PrMapping     *mapping,
                          guint                limit,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  PreviewData *data = g_new0 (PreviewData, 1);

  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->limit = MAX (limit, 1);
  g_task_set_task_data (task, data, (GDestroyNotify) preview_data_free);
  push_job (self, task, preview_job);
}

/* Returns: (transfer full) (element-type utf8): one line per record */
GPtrArray *
pr_session_preview_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
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
      forget_connection_if_lost (self, error);
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
  push_job (self, task, write_back_job);
}

gboolean
pr_session_set_write_back_finish (PrSession     *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Threshold preview */

typedef struct {
  SharedResult *shared;
  guint         k;
} ThresholdData;

static void
threshold_data_free (ThresholdData *data)
{
  shared_result_unref (data->shared);
  g_free (data);
}

static void
threshold_preview_thread (GTask        *task,
                          gpointer      source_object,
                          gpointer      task_data,
                          GCancellable *cancellable)
{
  ThresholdData *data = task_data;
  PrScanResult *result = data->shared->result;
  g_autoptr(GArray) part_pairs = pr_scan_result_part_pairs (result);
  g_autofree guint32 *rank = pr_record_set_rank (result->set);
  GError *error = NULL;
  PrThresholdPreview *preview;

  preview = pr_threshold_preview_new (result->set->fingerprints, result->set->sparse, result->set->n_records,
                                      data->k, (const PrPair *) (gpointer) part_pairs->data, part_pairs->len,
                                      rank, 0, cancellable, &error);
  if (preview == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, preview, (GDestroyNotify) pr_threshold_preview_unref);
}

/**
 * pr_session_threshold_preview_async:
 *
 * Finds every pair up to the scan's k + 3 in the scan's fingerprints (no
 * rescan: see pr-threshold-preview.c), on a thread of its own; once per
 * scan, then kept.
 */
void
pr_session_threshold_preview_async (PrSession           *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  ThresholdData *data;

  g_return_if_fail (self->shared != NULL);

  g_task_set_source_tag (task, pr_session_threshold_preview_async);
  if (self->threshold_preview != NULL)
    {
      g_task_return_pointer (task, pr_threshold_preview_ref (self->threshold_preview),
                             (GDestroyNotify) pr_threshold_preview_unref);
      return;
    }
  data = g_new0 (ThresholdData, 1);
  data->shared = shared_result_ref (self->shared);
  data->k = self->result->k;
  g_task_set_task_data (task, data, (GDestroyNotify) threshold_data_free);
  run_in_background (task, threshold_preview_thread);
}

/* Returns: (transfer full): the preview of the scan under review */
PrThresholdPreview *
pr_session_threshold_preview_finish (PrSession     *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  ThresholdData *data = g_task_get_task_data (G_TASK (result));
  PrThresholdPreview *preview = g_task_propagate_pointer (G_TASK (result), error);

  /* Kept for this scan only. */
  if (preview != NULL && data != NULL && data->shared == self->shared && self->threshold_preview == NULL)
    self->threshold_preview = pr_threshold_preview_ref (preview);
  return preview;
}

/* The clusters at another k, ready to go into the list. */
struct _PrSessionRegroup
{
  PrThresholdSummary  summary;
  SharedResult       *shared;
  PrThresholdPreview *preview;
  GPtrArray          *decisions;   /* PrDecision, the log as it was, in order */
  PrClustering       *clustering;
  GPtrArray          *items;
  GHashTable         *cluster_of;
};

void
pr_session_regroup_free (PrSessionRegroup *regroup)
{
  if (regroup == NULL)
    return;
  g_clear_pointer (&regroup->cluster_of, g_hash_table_unref);
  g_clear_pointer (&regroup->items, g_ptr_array_unref);
  g_clear_pointer (&regroup->clustering, pr_clustering_free);
  g_clear_pointer (&regroup->decisions, g_ptr_array_unref);
  g_clear_pointer (&regroup->preview, pr_threshold_preview_unref);
  g_clear_pointer (&regroup->shared, shared_result_unref);
  g_free (regroup);
}

const PrThresholdSummary *
pr_session_regroup_get_summary (PrSessionRegroup *regroup)
{
  return &regroup->summary;
}

static int
compare_decision_ids (gconstpointer a,
                      gconstpointer b)
{
  const PrDecision *x = *(PrDecision *const *) a, *y = *(PrDecision *const *) b;

  return (x->id > y->id) - (x->id < y->id);
}

static void
regroup_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  PrSessionRegroup *regroup = task_data;
  PrRecordSet *set = regroup->shared->result->set;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(PrClustering) clustering = NULL;
  PrClusterConstraints constraints;

  /* The verdicts as they are now, not as the scan found them: a scan at
   * this k would cluster by them. */
  pr_scan_constraints_from_decisions (set, regroup->decisions, must, cannot);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  /* The figures: members only, fast at any k. */
  clustering = pr_threshold_preview_compare (regroup->preview, regroup->summary.base_k, regroup->summary.k,
                                             &constraints, &regroup->summary);
  g_task_return_pointer (task, regroup, (GDestroyNotify) pr_session_regroup_free);
}

/**
 * pr_session_regroup_async:
 * @preview: the scan's preview, from pr_session_threshold_preview_finish()
 * @k: the threshold, up to the preview's kmax
 *
 * Clusters the scan's records at @k from @preview, with the reviewers'
 * verdicts, and compares with the clusters at the k in use; on a thread
 * of its own: the figures, fast at any k. pr_session_apply_regroup_async ()
 * puts those clusters in the list.
 */
void
pr_session_regroup_async (PrSession           *self,
                          PrThresholdPreview  *preview,
                          guint                k,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  PrSessionRegroup *regroup = g_new0 (PrSessionRegroup, 1);
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (self->shared != NULL);
  g_return_if_fail (k <= pr_threshold_preview_get_kmax (preview));

  regroup->shared = shared_result_ref (self->shared);
  regroup->preview = pr_threshold_preview_ref (preview);
  regroup->summary.base_k = self->k;
  regroup->summary.k = k;
  regroup->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  g_hash_table_iter_init (&iter, self->decisions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (regroup->decisions, pr_decision_copy (value));
  g_ptr_array_sort (regroup->decisions, compare_decision_ids);
  g_task_set_source_tag (task, pr_session_regroup_async);
  /* The thread owns it: it returns it, or frees it. */
  g_task_set_task_data (task, regroup, NULL);
  run_in_background (task, regroup_thread);
}

/* Returns: (transfer full): the clusters at the k asked for */
PrSessionRegroup *
pr_session_regroup_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
apply_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  PrSessionRegroup *regroup = task_data;
  PrRecordSet *set = regroup->shared->result->set;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  PrClusterConstraints constraints;
  g_autofree guint32 *case_numbers = NULL;
  GError *error = NULL;

  /* Now with each cluster's largest distance, which the list shows. */
  pr_scan_constraints_from_decisions (set, regroup->decisions, must, cannot);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  regroup->clustering = pr_threshold_preview_cluster (regroup->preview, regroup->summary.k, &constraints, NULL);
  if (g_task_return_error_if_cancelled (task))
    return;
  /* The clusters at this k named by the scan's cases: a cluster that
   * continues one keeps its number; a new one has none until a scan at
   * this k stores it. */
  case_numbers = pr_scan_result_number_clusters (regroup->shared->result, regroup->clustering, &error);
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  make_items (regroup->clustering, set, case_numbers, &regroup->items, &regroup->cluster_of);
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_apply_regroup_async:
 * @regroup: (transfer full): clusters at another k, from
 *   pr_session_regroup_finish()
 *
 * Makes the clusters at @regroup's k for the list, with each one's
 * largest distance, on a thread of its own; pr_session_apply_regroup_finish()
 * puts them in the list in place of the ones shown, with the reviewers'
 * verdicts applied to them as after a scan, and makes that k the one in
 * use. As after a scan, undo starts afresh (the log keeps every decision).
 */
void
pr_session_apply_regroup_async (PrSession           *self,
                                PrSessionRegroup    *regroup,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_apply_regroup_async);
  g_task_set_task_data (task, regroup, (GDestroyNotify) pr_session_regroup_free);
  run_in_background (task, apply_thread);
}

/**
 * pr_session_apply_regroup_finish:
 *
 * Refused when a scan has replaced the records since, or a decision was
 * made since the regrouping was asked for.
 *
 * Returns: %FALSE with @error set when refused or cancelled
 */
gboolean
pr_session_apply_regroup_finish (PrSession     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  PrSessionRegroup *regroup = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (regroup->shared != self->shared)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("A new scan has replaced the clusters; open the threshold preview again."));
      return FALSE;
    }
  if (self->deciding || regroup->decisions->len != g_hash_table_size (self->decisions))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("A decision was made meanwhile; choose k again to regroup with it."));
      return FALSE;
    }

  g_clear_pointer (&self->result->clustering, pr_clustering_free);
  self->result->clustering = g_steal_pointer (&regroup->clustering);
  self->result->counts.pairs = regroup->summary.n_pairs;
  self->result->counts.clusters = regroup->summary.n_clusters;
  self->k = regroup->summary.k;
  install_clusters (self, g_steal_pointer (&regroup->items), g_steal_pointer (&regroup->cluster_of),
                    regroup->decisions);
  return TRUE;
}

/* The k of the clusters in the list: the last scan's, or one applied
 * since from the threshold preview. */
guint
pr_session_get_k (PrSession *self)
{
  return self->k;
}

/* Returns: (transfer none) (nullable): the cluster in the list that
 * holds @record_id */
PrClusterItem *
pr_session_find_cluster (PrSession  *self,
                         const char *record_id)
{
  return g_hash_table_lookup (self->cluster_of, record_id);
}

/* Returns: (transfer none) (nullable): the records of the last scan */
PrRecordSet *
pr_session_get_record_set (PrSession *self)
{
  return self->result != NULL ? self->result->set : NULL;
}

/* The k the last scan was made at (pr_session_get_k () may differ). */
guint
pr_session_get_scan_k (PrSession *self)
{
  return self->result != NULL ? self->result->k : 0;
}
