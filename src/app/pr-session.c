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
 *
 * This file holds the worker, connecting, the scan and the list; the
 * decisions, the export and the regrouping live beside it
 * (pr-session-*.c, sharing pr-session-private.h).
 */
#define G_LOG_DOMAIN "pr-session"

#include "config.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-bad-row.h"
#include "pr-catalog.h"

#include "pr-pair-judge-key.h"
#include "pr-store-judged.h"
#include "pr-sample-server.h"

static void
shared_result_clear (PrSharedResult *shared)
{
  pr_scan_result_free (shared->result);
}

PrSharedResult *
_pr_shared_result_ref (PrSharedResult *shared)
{
  return g_atomic_rc_box_acquire (shared);
}

void
_pr_shared_result_unref (PrSharedResult *shared)
{
  g_atomic_rc_box_release_full (shared, (GDestroyNotify) shared_result_clear);
}

G_DEFINE_FINAL_TYPE (PrSession, pr_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_REFRESH_INTERVAL,
  PROP_FRACTION,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CLUSTER_CHANGED,
  LIST_COMPLETE,
  PAIR_JUDGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How often the log is looked at for others' decisions, by default. */
#define REFRESH_INTERVAL_SECONDS 5


void
_pr_session_step_free (PrSessionStep *step)
{
  g_object_unref (step->item);
  g_ptr_array_unref (step->decisions);
  g_free (step);
}

/* The worker */

typedef struct {
  GTask              *task;
  PrSessionJobFunc    func;
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

void
_pr_session_forget_case_columns (PrSession *self)
{
  g_clear_pointer (&self->case_columns, g_ptr_array_unref);
  g_clear_pointer (&self->case_columns_table, g_free);
}

void
_pr_session_forget_connection_if_lost (PrSession    *self,
                                       const GError *error)
{
  if (g_error_matches (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE))
    {
      _pr_session_forget_case_columns (self);
      g_clear_pointer (&self->store, pr_store_free);
      g_clear_pointer (&self->connection, pr_connection_close);
    }
}

/* Opens @params' connection and store, and only then lets the old ones
 * go: a connection that fails leaves the open database as it was.
 * @params: (transfer full) */
static gboolean
switch_connection (PrSession           *self,
                   PrConnectionParams  *params,
                   GError             **error)
{
  PrConnection *connection = pr_connection_open (params, error);
  PrStore *store;

  if (connection == NULL)
    {
      pr_connection_params_free (params);
      return FALSE;
    }
  store = pr_store_open (connection, NULL, error);
  if (store == NULL)
    {
      pr_connection_close (connection);
      pr_connection_params_free (params);
      return FALSE;
    }
  _pr_session_forget_case_columns (self);
  g_clear_pointer (&self->store, pr_store_free);
  g_clear_pointer (&self->connection, pr_connection_close);
  g_clear_pointer (&self->worker_params, pr_connection_params_free);
  self->worker_params = params;
  self->connection = connection;
  self->store = store;
  /* Write-back is switched on for one connection, never carried over. */
  g_clear_pointer (&self->write_back, pr_write_back_free);
  return TRUE;
}

static void
run_job (gpointer data,
         gpointer user_data)
{
  Job *job = data;
  PrSession *self = user_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (job->task))
    g_clear_pointer (&job->params, pr_connection_params_free);
  else if (job->params != NULL && !switch_connection (self, g_steal_pointer (&job->params), &error))
    g_task_return_error (job->task, error);
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
               PrSessionJobFunc    func,
               PrConnectionParams *params)
{
  Job *job;

  /* The session is being disposed (its worker is gone): a handler woken
   * by its last jobs may still ask for work. It is dropped with its
   * callback, whose window is closing, rather than queued on no worker. */
  if (self->worker == NULL)
    {
      g_object_unref (task);
      g_clear_pointer (&params, pr_connection_params_free);
      return;
    }
  job = g_new (Job, 1);
  job->task = task;
  job->func = func;
  job->params = params;
  g_thread_pool_push (self->worker, job, NULL);
}

void
_pr_session_push_job (PrSession        *self,
                      GTask            *task,
                      PrSessionJobFunc  func)
{
  push_job_full (self, task, func, NULL);
}

/* @result: (transfer full) (nullable) */
static void
set_result (PrSession    *self,
            PrScanResult *result)
{
  g_clear_pointer (&self->shared, _pr_shared_result_unref);
  g_clear_pointer (&self->threshold_preview, pr_threshold_preview_unref);
  g_clear_pointer (&self->stored_scored, g_array_unref);
  _pr_session_forget_judged (self);
  self->result = result;
  self->n_results++;
  if (result != NULL)
    {
      self->shared = g_atomic_rc_box_new0 (PrSharedResult);
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
  _pr_session_forget_case_columns (self);
  g_clear_pointer (&self->store, pr_store_free);
  g_clear_pointer (&self->connection, pr_connection_close);
  if (self->sample != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!pr_sample_server_stop (self->sample, &error))
        g_warning ("%s", error->message);
      g_clear_pointer (&self->sample, pr_sample_server_free);
    }
  _pr_session_export_unwatch (self);
  g_queue_clear_full (&self->undo, (GDestroyNotify) _pr_session_step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) _pr_session_step_free);
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
  g_free (self->login);
  g_free (self->next_note);
  g_clear_pointer (&self->params, pr_connection_params_free);
  g_free (self->description);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_free (self->table);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  set_result (self, NULL);
  g_clear_pointer (&self->cluster_of, g_hash_table_unref);
  g_clear_pointer (&self->missing, g_ptr_array_unref);
  g_clear_pointer (&self->decisions, g_hash_table_unref);
  g_clear_pointer (&self->exports_copying, g_ptr_array_unref);
  g_clear_pointer (&self->taken_out_of, g_hash_table_unref);
  g_clear_pointer (&self->bad_rows, g_ptr_array_unref);
  g_mutex_clear (&self->progress_lock);
  g_free (self->message);

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
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
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
      _pr_session_start_refreshing (self);
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
  /* The progress of the scan or export running (or the last one), from
   * one idle at a time on the main thread: fraction of the reading done,
   * and what it is doing. */
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  /**
   * PrSession::list-complete:
   *
   * The list model holds every cluster of the last scan now (see
   * pr_session_get_list_complete ()).
   */
  signals[LIST_COMPLETE] = g_signal_new ("list-complete", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * PrSession::pair-judged:
   * @a: @b: records of the scan's set
   * @numbered: the pair has a number now (the scan left it unjudged);
   *   else only its score taken apart is new
   *
   * The pair's features, asked for by pr_session_get_probability () or
   * pr_session_explain_pair_ready (), were judged off the main thread:
   * its number and its score taken apart are there now.
   */
  signals[PAIR_JUDGED] = g_signal_new ("pair-judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT,
                                       G_TYPE_BOOLEAN);
}

static void
pr_session_init (PrSession *self)
{
  self->worker = g_thread_pool_new (run_job, self, 1, FALSE, NULL);
  self->clusters = g_list_store_new (PR_TYPE_CLUSTER_ITEM);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->cluster_of = g_hash_table_new (g_str_hash, g_str_equal);
  self->decisions = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) pr_decision_free);
  self->exports_copying = g_ptr_array_new_with_free_func (g_object_unref);
  _pr_session_export_watch (self);
  self->taken_out_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
  g_mutex_init (&self->progress_lock);
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
  self->login = g_strdup (g_get_user_name ());
  return self;
}

void
_pr_session_notify_undo_redo (PrSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void
_pr_session_emit_cluster_changed (PrSession     *self,
                                  PrClusterItem *item)
{
  g_signal_emit (self, signals[CLUSTER_CHANGED], 0, item);
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
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, tables, (GDestroyNotify) g_ptr_array_unref);
}

/* Forgets the previous database, once the new one is connected. */
static void
reset (PrSession          *self,
       PrConnectionParams *params)
{
  g_clear_pointer (&self->params, pr_connection_params_free);
  self->params = params;
  g_clear_pointer (&self->description, g_free);
  /* The bundled sample by a plain name, not its private server's socket. */
  if (self->sample != NULL && params->socket != NULL)
    {
      g_autoptr(PrConnectionParams) sample = pr_sample_server_get_params (self->sample);

      if (g_strcmp0 (params->socket, sample->socket) == 0)
        self->description = g_strdup (_("Sample data"));
    }
  if (self->description == NULL)
    self->description = pr_connection_params_describe (params);
  g_clear_handle_id (&self->fill_source, g_source_remove);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->seen_id = self->look_from = self->look_after = 0;
  g_list_store_remove_all (self->clusters);
  g_ptr_array_set_size (self->items, 0);
  /* Replaced, not emptied: a search's worker may be reading it. */
  g_hash_table_unref (self->cluster_of);
  self->cluster_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_remove_all (self->decisions);
  g_hash_table_remove_all (self->taken_out_of);
  set_result (self, NULL);
  self->n_reviewed = 0;
  g_queue_clear_full (&self->undo, (GDestroyNotify) _pr_session_step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) _pr_session_step_free);
  _pr_session_notify_undo_redo (self);
}

/* The database the session shows is forgotten only once @params'
 * connection is open (pr_session_connect_finish ()): a failed one leaves
 * it as it was. @task, @params: (transfer full) */
static void
connect_with (PrSession          *self,
              GTask              *task,
              PrConnectionParams *params)
{
  g_task_set_task_data (task, pr_connection_params_copy (params), (GDestroyNotify) pr_connection_params_free);
  push_job_full (self, task, connect_job, params);
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
  connect_with (self, task, params);
}

gboolean
pr_session_connect_finish (PrSession     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  GPtrArray *tables = g_task_propagate_pointer (G_TASK (result), error);

  if (tables == NULL)
    return FALSE;
  reset (self, pr_connection_params_copy (g_task_get_task_data (G_TASK (result))));
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

  connect_with (self, g_steal_pointer (&task), pr_sample_server_get_params (self->sample));
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
      connect_with (self, task, pr_sample_server_get_params (self->sample));
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

/* Returns: (nullable): the database connected to */
const char *
pr_session_get_database (PrSession *self)
{
  return self->params != NULL ? self->params->database : NULL;
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

  /* For the mapping page's guess of the identity columns, by their values. */
  if (columns != NULL && !pr_catalog_sample_identities (self->connection, g_task_get_task_data (task), columns, &error))
    g_clear_pointer (&columns, g_ptr_array_unref);
  if (columns == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
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
  _pr_session_push_job (self, task, columns_job);
}

/* Returns: (transfer full) (element-type PrColumnInfo): the columns */
GPtrArray *
pr_session_load_columns_finish (PrSession     *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* PrSessionProgress from a background thread to the main loop: at most ten
 * reports a second, and every one that is forced (a change of phase, the
 * end). The worker leaves its latest report under the lock and queues at
 * most one idle, which takes whatever is latest when it runs: however
 * fast the worker reports, the main loop sees one update per turn. */

void
_pr_session_progress_init (PrSessionProgress  *progress,
                           PrSession          *session,
                           PrScanProgressFunc  func,
                           gpointer            data)
{
  progress->session = session;
  progress->func = func;
  progress->data = data;
  progress->context = g_main_context_ref_thread_default ();
  progress->last = 0;
}

void
_pr_session_progress_clear (PrSessionProgress *progress)
{
  g_clear_pointer (&progress->context, g_main_context_unref);
}

static char *
progress_message (PrScanPhase phase,
                  guint64     records)
{
  switch (phase)
    {
    case PR_SCAN_PHASE_READ:
      return g_strdup_printf (_("%llu records read"), (unsigned long long) records);
    case PR_SCAN_PHASE_GROUP:
      return g_strdup_printf (_("%llu records fingerprinted; finding the pairs…"), (unsigned long long) records);
    case PR_SCAN_PHASE_CLUSTER:
      return g_strdup (_("forming the cases…"));
    case PR_SCAN_PHASE_STORE:
      return g_strdup (_("saving the fingerprints…"));
    }
  g_return_val_if_reached (NULL);
}

static gboolean
deliver_progress (gpointer user_data)
{
  PrSession *self = user_data;
  PrSessionProgressReport report;

  g_mutex_lock (&self->progress_lock);
  report = self->progress_pending;
  self->progress_queued = FALSE;
  g_mutex_unlock (&self->progress_lock);

  g_free (self->message);
  self->message = progress_message (report.phase, report.records);
  self->fraction = report.total > 0 ? MIN (1.0, (double) report.done / report.total) : 0;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
  g_object_thaw_notify (G_OBJECT (self));
  if (report.func != NULL)
    report.func (report.phase, report.records, report.done, report.total, report.data);
  return G_SOURCE_REMOVE;
}

void
_pr_session_progress_post (PrSessionProgress *progress,
                           PrScanPhase        phase,
                           guint64            records,
                           guint64            done,
                           guint64            total,
                           gboolean           force)
{
  PrSession *self = progress->session;
  gint64 now = g_get_monotonic_time ();
  gboolean queue;

  if (!force && now - progress->last < G_USEC_PER_SEC / 10)
    return;
  progress->last = now;
  g_mutex_lock (&self->progress_lock);
  self->progress_pending =
    (PrSessionProgressReport) { progress->func, progress->data, phase, records, done, total };
  queue = !self->progress_queued;
  self->progress_queued = TRUE;
  g_mutex_unlock (&self->progress_lock);
  if (queue)
    g_main_context_invoke_full (progress->context, G_PRIORITY_DEFAULT, deliver_progress,
                                g_object_ref (self), g_object_unref);
}

/* The fraction of the scan's or the export's reading done, from 0 to 1. */
double
pr_session_get_fraction (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), 0);

  return self->fraction;
}

/* Returns: (nullable): what the scan or the export is doing */
const char *
pr_session_get_message (PrSession *self)
{
  g_return_val_if_fail (PR_IS_SESSION (self), NULL);

  return self->message;
}

/* Scan */

typedef struct {
  PrConnectionParams    *params;
  char                  *table;
  PrMapping             *mapping;
  guint                  k;
  PrSessionProgress      progress;
  /* Results */
  PrScanResult          *result;
  GPtrArray             *items;      /* PrClusterItem */
  GHashTable            *cluster_of; /* record id → PrClusterItem, as in PrSession */
  GPtrArray             *decisions;  /* PrDecision */
  gboolean               skip_bad_rows;
  PrDateOrder            date_order;
  GPtrArray             *bad_rows;   /* char *, each "row 12 (id “A7”), column “body”: why" */
  gboolean               from_store; /* open the last complete scan (pr-scan-stored.c), not scan */
  PrStoredScan          *stored;     /* it */
  GPtrArray             *missing;    /* char *: its members deleted from the table since */
  GArray                *stored_scored; /* PrScoredPair: its pairs as its second stage judged them */
  gboolean               second_stage; /* judge every candidate pair (pr-session-judge.c) */
  PrPairModel            model;      /* with it: the weights judged by */
  gboolean               model_judged; /* the scan's numbers came from model */
} ScanData;

static void
scan_data_free (ScanData *data)
{
  pr_connection_params_free (data->params);
  g_free (data->table);
  pr_mapping_free (data->mapping);
  _pr_session_progress_clear (&data->progress);
  g_clear_pointer (&data->result, pr_scan_result_free);
  g_clear_pointer (&data->cluster_of, g_hash_table_unref);
  g_clear_pointer (&data->items, g_ptr_array_unref);
  g_clear_pointer (&data->decisions, g_ptr_array_unref);
  g_clear_pointer (&data->bad_rows, g_ptr_array_unref);
  g_clear_pointer (&data->stored, pr_stored_scan_free);
  g_clear_pointer (&data->missing, g_ptr_array_unref);
  g_clear_pointer (&data->stored_scored, g_array_unref);
  g_free (data);
}

/* On the scanning thread: a row left out, for the window to list. */
static void
add_bad_row (const char *id,
             const char *position_name,
             guint64     position,
             const char *column,
             const char *reason,
             gpointer    user_data)
{
  ScanData *data = user_data;

  g_ptr_array_add (data->bad_rows, pr_bad_row_describe (id, position_name, position, column, reason));
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

  _pr_session_progress_post (&data->progress, phase, records, done, total, phase != PR_SCAN_PHASE_READ);
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

void
_pr_session_run_in_background (GTask           *task,
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
void
_pr_session_make_items (PrClustering   *clustering,
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
      pr_cluster_item_read_set (item, set);
      /* The subject's collation key, made here rather than by the first
       * sort by subject on the main thread, for every cluster at once. */
      pr_cluster_item_get_subject_key (item);
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
  PrLoadOptions load;
  PrPartMatchOptions parts;
  GError *error = NULL;

  connection = pr_connection_open (data->params, &error);
  if (connection == NULL)
    goto failed;
  store = pr_store_open (connection, NULL, &error);
  if (store == NULL)
    goto failed;

  /* The CLI's scan starts from the same options (pr-scan-options.c). */
  pr_scan_options_init (&load, &parts);
  load.keep_labels = TRUE;
  load.skip_bad_rows = data->skip_bad_rows;
  /* The mapping page's "Skip bad rows" is the way on a refusal names. */
  load.skippable = TRUE;
  load.date_order = data->date_order;
  load.advice = PR_ADVICE_CONTROLS;
  load.bad_row = add_bad_row;
  load.bad_row_data = data;
  if (data->second_stage &&
      !_pr_session_judge_options (store, data->table, data->mapping, &data->model, &load, &parts, &error))
    goto failed;
  if (data->from_store)
    data->result = pr_scan_open_stored (connection, store, data->table, data->mapping, &load, &data->stored,
                                        &data->missing, cancellable, &error);
  else
    data->result = pr_scan_run (connection, store, data->table, NULL, data->mapping, &load, data->k,
                                &parts, report_progress, data, cancellable, &error);
  if (data->result == NULL)
    goto failed;
  /* The probabilities the scan showed, shown again. */
  if (data->from_store &&
      (data->stored_scored = pr_scan_stored_judged (data->result, store, data->table, data->mapping, &error)) == NULL &&
      error != NULL)
    goto failed;
  /* The weights are the store's now; `learn` may have changed them since
   * the stored scan judged its pairs by others. */
  data->model_judged = TRUE;
  if (data->from_store && data->second_stage)
    {
      gboolean last_judged = FALSE;
      guint64 judge_key = 0;

      if (!pr_store_get_last_judged (store, data->table, &last_judged, &judge_key, NULL, &error))
        goto failed;
      data->model_judged = last_judged &&
                           judge_key == pr_pair_judge_key (&data->model, load.flags, data->result->mapping_version);
    }
  /* The log the scan clustered by. */
  data->decisions = g_ptr_array_ref (data->result->decisions);

  /* The list's objects are made here, off the main thread: 100,000 of
   * them take a while. */
  _pr_session_make_items (data->result->clustering, data->result->set, data->result->case_numbers,
              &data->items, &data->cluster_of);
  /* The store keeps no passages: the risk is said not to be rated. */
  if (data->from_store)
    for (guint i = 0; i < data->items->len; i++)
      pr_cluster_item_set_passages_known (data->items->pdata[i], FALSE);
  _pr_session_rate_risks (data->result, data->items);
  _pr_session_tell_kinds (data->result, data->items);
  g_task_return_boolean (task, TRUE);
  return;

failed:
  g_task_return_error (task, error);
}

static ScanData *
scan_data_new (PrSession       *self,
               const char      *table,
               const PrMapping *mapping)
{
  ScanData *data = g_new0 (ScanData, 1);

  data->params = pr_connection_params_copy (self->params);
  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->date_order = self->date_order;
  data->second_stage = self->second_stage;
  data->bad_rows = g_ptr_array_new_with_free_func (g_free);
  return data;
}

/* @data: (transfer full); its progress set up */
static void
start_scan_thread (PrSession           *self,
                   ScanData            *data,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, pr_session_scan_async);
  g_task_set_task_data (task, data, (GDestroyNotify) scan_data_free);
  _pr_session_run_in_background (task, scan_thread);
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
  ScanData *data;

  g_return_if_fail (self->params != NULL);
  data = scan_data_new (self, table, mapping);

  data->k = k;
  data->skip_bad_rows = self->skip_bad_rows;
  _pr_session_progress_init (&data->progress, self, progress, progress_data);
  start_scan_thread (self, data, cancellable, callback, user_data);
}

/**
 * pr_session_open_last_scan_async:
 *
 * Opens the last complete scan of @table from the store, as
 * pr_session_scan_async() would leave it, without reading the table: its
 * cases, their members read by id (pr-scan-stored.c). Finish with
 * pr_session_scan_finish(); it fails with %PR_STORED_SCAN_ERROR when there
 * is no such scan or it used another mapping than @mapping.
 */
void
pr_session_open_last_scan_async (PrSession             *self,
                                 const char            *table,
                                 const PrMapping       *mapping,
                                 GCancellable          *cancellable,
                                 GAsyncReadyCallback    callback,
                                 gpointer               user_data)
{
  ScanData *data;

  g_return_if_fail (self->params != NULL);
  data = scan_data_new (self, table, mapping);

  data->from_store = TRUE;
  _pr_session_progress_init (&data->progress, self, NULL, NULL);
  start_scan_thread (self, data, cancellable, callback, user_data);
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
  g_signal_emit (self, signals[LIST_COMPLETE], 0);
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

  if (item == NULL)
    return;
  if (pr_cluster_item_apply (item, decision, self->result->set))
    pr_cluster_item_changed (item);
}

/* Takes @decision (owned) into the log as the session knows it, which the
 * next look at the log and a regroup go by. */
void
_pr_session_remember_decision (PrSession  *self,
                               PrDecision *decision)
{
  self->seen_id = MAX (self->seen_id, decision->id);
  g_hash_table_insert (self->decisions, &decision->id, decision);
}

/* Puts @items in the list, with the log's verdicts (@decisions, in log
 * order, undone ones with their undo) applied to them.
 * @items, @cluster_of: (transfer full) */
void
_pr_session_install_clusters (PrSession  *self,
                              GPtrArray  *items,
                              GHashTable *cluster_of,
                              GPtrArray  *decisions)
{
  g_autoptr(GHashTable) undone = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_queue_clear_full (&self->undo, (GDestroyNotify) _pr_session_step_free);
  g_queue_clear_full (&self->redo, (GDestroyNotify) _pr_session_step_free);
  _pr_session_notify_undo_redo (self);

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
      _pr_session_remember_decision (self, pr_decision_copy (decision));
      if (decision->verdict != PR_VERDICT_UNDO && !g_hash_table_contains (undone, &decision->id))
        apply_logged (self, decision);
    }
  self->look_from = self->look_after = self->seen_id;
  self->n_reviewed = 0;
  for (guint i = 0; i < items->len; i++)
    self->n_reviewed += pr_cluster_item_get_reviewed (items->pdata[i]);
  g_ptr_array_unref (self->items);
  self->items = items;
  _pr_session_collect_taken_out (self, decisions, undone);
  fill_list (self);
  _pr_session_start_refreshing (self);
}

gboolean
pr_session_scan_finish (PrSession     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  ScanData *data = g_task_get_task_data (G_TASK (result));
  GQueue undo, redo;
  gboolean same_table;

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;

  /* Undo and redo survive a scan of the same table with the same id
   * column: the decisions are the store's, keyed by records, and are
   * found again in the new cases. */
  same_table = g_strcmp0 (self->table, data->table) == 0 && _pr_session_same_ids (self->mapping, data->mapping);
  undo = self->undo;
  redo = self->redo;
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
  g_free (self->table);
  self->table = g_strdup (data->table);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  self->mapping = pr_mapping_copy (data->mapping);
  set_result (self, g_steal_pointer (&data->result));
  self->stored_scored = g_steal_pointer (&data->stored_scored);
  self->model = data->model;
  self->model_judged = data->model_judged;
  self->k = self->result->k;
  g_clear_pointer (&self->bad_rows, g_ptr_array_unref);
  self->bad_rows = g_steal_pointer (&data->bad_rows);
  g_clear_pointer (&self->missing, g_ptr_array_unref);
  self->missing = g_steal_pointer (&data->missing);
  self->from_store = data->from_store;
  self->scanned_at = data->stored != NULL ? data->stored->finished_at : g_get_real_time () / G_USEC_PER_SEC;

  /* Made on the scanning thread: the main loop only swaps it in. */
  _pr_session_install_clusters (self, g_steal_pointer (&data->items), g_steal_pointer (&data->cluster_of), data->decisions);
  self->undo_lost = FALSE;
  if (same_table)
    {
      self->undo_lost = _pr_session_rebind_steps (self, &undo, &self->undo, TRUE);
      _pr_session_rebind_steps (self, &redo, &self->redo, FALSE);
    }
  g_queue_clear_full (&undo, (GDestroyNotify) _pr_session_step_free);
  g_queue_clear_full (&redo, (GDestroyNotify) _pr_session_step_free);
  _pr_session_notify_undo_redo (self);
  return TRUE;
}

/* Whether the next scan leaves out the rows whose values are not text,
 * rather than stop at the first. */
void
pr_session_set_skip_bad_rows (PrSession *self,
                              gboolean   skip)
{
  self->skip_bad_rows = skip;
}

/* How the next scan and preview read a date whose year comes last;
 * PR_DATE_ORDER_UNSET: such a date stops the scan. */
void
pr_session_set_date_order (PrSession   *self,
                           PrDateOrder  order)
{
  self->date_order = order;
}

/* Returns: (nullable) (element-type utf8): the rows the scan under review
 * left out, each with its column and why */
GPtrArray *
pr_session_get_bad_rows (PrSession *self)
{
  return self->bad_rows;
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

/* Preview of the mapping */

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

/* Whether @item is a cluster of the session's scan: one of the scan
 * before, still on show while another is installed, has records whose
 * indices are not this scan's. */
gboolean
pr_session_holds_item (PrSession     *self,
                       PrClusterItem *item)
{
  return item != NULL && self->cluster_of != NULL && pr_cluster_item_get_n_members (item) > 0 &&
         g_hash_table_lookup (self->cluster_of, pr_cluster_item_get_member (item, 0)->id) == item;
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
