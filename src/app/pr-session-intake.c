/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the intake check of a new petition (pr-intake.c) on the
 * session's worker thread. The stored fingerprints are loaded into a block
 * index on the first check of a table and mapping, and kept for the next
 * ones, so that each check after the first is a lookup in memory and a
 * few records read; made again once another scan of the table is stored
 * (by the window or the command line), whose fingerprints, cases and
 * second stage the check answers with. For a store without the passages' index, the first
 * check would also read every stored record's passages (half a minute at
 * a million): the page has that done when it opens
 * (pr_session_intake_prepare_async ()), with progress, and may stop it.
 */
#define G_LOG_DOMAIN "pr-session-intake"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-private.h"

#include "pr-intake.h"
#include "pr-scan-stored.h"
#include "pr-session-intake.h"

/* The intake kept between checks: worker thread only. */
typedef struct {
  PrConnection *connection;  /* the one it was made on (compared, never used here) */
  char         *table;
  guint64       version;
  gint64        scan_id;     /* the table's last complete scan's, 0 for none */
  PrCaseRules  *rules;
  PrIntake     *intake;
} IntakeCache;

#define INTAKE_CACHE_KEY "pr-session-intake"

static void
intake_cache_free (IntakeCache *cache)
{
  g_clear_pointer (&cache->intake, pr_intake_free);
  g_clear_pointer (&cache->rules, pr_case_rules_free);
  g_free (cache->table);
  g_free (cache);
}

typedef struct {
  char      *table;
  PrMapping *mapping;
  PrSessionIntakeProgress progress;  /* (nullable): the preparation's, on the main thread */
  gpointer   progress_data;
  GMainContext *context;             /* the caller's, where progress is told */
  gboolean   loaded;                 /* the preparation read the passages */
  char     **values;     /* one per mapping column; NULL when a record is checked by id */
  char      *record_id;  /* nullable */
  PrDateOrder date_order;
  gboolean   sparse;
  gint64     microseconds;
  PrStoredCase *own_case;  /* (nullable): the case the store holds record_id in */
  char      *notice;     /* (nullable): pr_intake_get_notice() */
} IntakeData;

static void
intake_data_free (IntakeData *data)
{
  guint n = pr_mapping_get_n_columns (data->mapping);

  g_clear_pointer (&data->own_case, pr_stored_case_free);
  if (data->values != NULL)
    for (guint c = 0; c < n; c++)
      g_free (data->values[c]);
  g_free (data->values);
  g_free (data->table);
  g_free (data->record_id);
  g_free (data->notice);
  g_clear_pointer (&data->context, g_main_context_unref);
  pr_mapping_free (data->mapping);
  g_free (data);
}

static PrIntake *
get_intake (PrSession   *self,
            IntakeData  *data,
            GError     **error)
{
  IntakeCache *cache = g_object_get_data (G_OBJECT (self), INTAKE_CACHE_KEY);
  guint64 version = _pr_session_mapping_version (data->mapping);
  PrLoadOptions load = { 0 };
  PrPartMatchOptions parts;
  g_autoptr(PrStoredScan) scan = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 scan_id = 0;

  /* One short query a check: the intake holds the last scan's
   * fingerprints, passages and judgement, which a new scan replaces. */
  scan = pr_store_find_last_scan (self->store, data->table, &local_error);
  if (scan != NULL)
    scan_id = scan->scan_id;
  else if (!g_error_matches (local_error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_NONE))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (cache != NULL && cache->connection == self->connection && cache->version == version &&
      cache->scan_id == scan_id && g_strcmp0 (cache->table, data->table) == 0)
    return cache->intake;

  g_object_set_data (G_OBJECT (self), INTAKE_CACHE_KEY, NULL);
  /* The session's scan's options (pr-session.c, scan_thread). */
  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.date_order = data->date_order;
  load.advice = PR_ADVICE_CONTROLS;
  cache = g_new0 (IntakeCache, 1);
  cache->rules = pr_case_rules_new_default ();
  cache->intake = pr_intake_new (self->connection, self->store, data->table, data->mapping, &load, version,
                                 self->k != 0 ? self->k : 3, cache->rules, TRUE, error);
  /* The session's scans' passages, and their second stage if the last
   * stored scan judged (pr-session-judge.c), at its probability: its
   * cases were formed so. */
  parts = PR_PART_MATCH_OPTIONS_DEFAULT;
  if (cache->intake == NULL ||
      !pr_intake_judge_as_scanned (cache->intake, -1, &parts, NULL, error))
    {
      intake_cache_free (cache);
      return NULL;
    }
  cache->connection = self->connection;
  cache->table = g_strdup (data->table);
  cache->version = version;
  cache->scan_id = scan_id;
  g_object_set_data_full (G_OBJECT (self), INTAKE_CACHE_KEY, cache, (GDestroyNotify) intake_cache_free);
  return cache->intake;
}

static void
intake_job (PrSession *self,
            GTask     *task)
{
  IntakeData *data = g_task_get_task_data (task);
  GError *error = NULL;
  PrIntake *intake = get_intake (self, data, &error);
  GArray *answer = NULL;
  gint64 start = g_get_monotonic_time ();

  if (intake != NULL)
    answer = data->values != NULL
      ? pr_intake_check (intake, (const char *const *) data->values, NULL, &data->sparse, &error)
      : pr_intake_check_record (intake, data->record_id, &data->own_case, &data->sparse, &error);
  data->microseconds = g_get_monotonic_time () - start;
  if (intake != NULL)
    data->notice = g_strdup (pr_intake_get_notice (intake));
  if (answer == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, answer, (GDestroyNotify) g_array_unref);
}

/**
 * pr_session_intake_async:
 * @table: the table
 * @mapping: its mapping, as scanned into the store
 * @values: (nullable): the new petition's values, one per mapping column
 * @record_id: (nullable): a record of @table to check instead, by its id
 *
 * The earlier records a petition repeats, with their cases, the identity
 * evidence, their states and what the rules say to do (PrIntakeCase).
 */
void
pr_session_intake_async (PrSession           *self,
                         const char          *table,
                         const PrMapping     *mapping,
                         const char *const   *values,
                         const char          *record_id,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  IntakeData *data = g_new0 (IntakeData, 1);
  guint n = pr_mapping_get_n_columns (mapping);

  g_return_if_fail ((values == NULL) != (record_id == NULL));
  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->record_id = g_strdup (record_id);
  data->date_order = self->date_order;
  if (values != NULL)
    {
      data->values = g_new0 (char *, MAX (n, 1));
      for (guint c = 0; c < n; c++)
        data->values[c] = g_strdup (values[c]);
    }
  g_task_set_task_data (task, data, (GDestroyNotify) intake_data_free);
  _pr_session_push_job (self, task, intake_job);
}

/**
 * pr_session_intake_finish:
 * @sparse: (out) (optional): the petition was too short to be matched
 * @microseconds: (out) (optional): how long the check took on the worker
 * @own_case: (out) (optional) (transfer full) (nullable): for a record of
 *   the table, the case the store holds it in; %NULL when none
 * @notice: (out) (optional) (transfer full) (nullable): what the clerk
 *   should know of the check (pr_intake_get_notice()); %NULL when nothing
 *
 * Returns: (transfer full) (element-type PrIntakeCase): the earlier
 *   records, nearest first, or %NULL with @error set
 */
GArray *
pr_session_intake_finish (PrSession     *self,
                          GAsyncResult  *result,
                          gboolean      *sparse,
                          gint64        *microseconds,
                          PrStoredCase **own_case,
                          char         **notice,
                          GError       **error)
{
  IntakeData *data = g_task_get_task_data (G_TASK (result));

  if (notice != NULL)
    *notice = g_steal_pointer (&data->notice);

  if (own_case != NULL)
    *own_case = g_steal_pointer (&data->own_case);
  if (sparse != NULL)
    *sparse = data->sparse;
  if (microseconds != NULL)
    *microseconds = data->microseconds;
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* One progress report, carried to the caller's thread. */
typedef struct {
  PrSessionIntakeProgress progress;
  gpointer                data;
  guint64                 done;
  guint64                 total;
  GCancellable           *cancellable;
} Progress;

static gboolean
tell_progress (gpointer user_data)
{
  Progress *report = user_data;

  /* A stopped preparation's page may be gone. */
  if (!g_cancellable_is_cancelled (report->cancellable))
    report->progress (report->done, report->total, report->data);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer user_data)
{
  Progress *report = user_data;

  g_clear_object (&report->cancellable);
  g_free (report);
}

static void
loading_progress (guint64  done,
                  guint64  total,
                  gpointer user_data)
{
  GTask *task = user_data;
  IntakeData *data = g_task_get_task_data (task);
  Progress *report;

  if (data->progress == NULL)
    return;
  report = g_new (Progress, 1);
  *report = (Progress) { data->progress, data->progress_data, done, total, NULL };
  if (g_task_get_cancellable (task) != NULL)
    report->cancellable = g_object_ref (g_task_get_cancellable (task));
  g_main_context_invoke_full (data->context, G_PRIORITY_DEFAULT, tell_progress, report, progress_free);
}

static void
prepare_job (PrSession *self,
             GTask     *task)
{
  IntakeData *data = g_task_get_task_data (task);
  GError *error = NULL;
  PrIntake *intake = get_intake (self, data, &error);

  if (intake != NULL)
    {
      data->loaded = pr_intake_needs_loading (intake);
      if (data->loaded &&
          !pr_intake_load_passages (intake, loading_progress, task, g_task_get_cancellable (task), &error))
        intake = NULL;
    }
  if (intake == NULL)
    {
      _pr_session_forget_connection_if_lost (self, error);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/**
 * pr_session_intake_prepare_async:
 * @table: the table
 * @mapping: its mapping, as scanned into the store
 * @progress: (nullable): told on the caller's thread how many stored
 *   records' passages were read
 * @cancellable: (nullable): stops the reading (the first check then
 *   reads them)
 *
 * Makes ready on the worker thread what the first check needs: the
 * stored fingerprints' index and, for a store without the passages'
 * index, every stored record's passages, so that the clerk's first check
 * does not wait for them.
 */
void
pr_session_intake_prepare_async (PrSession               *self,
                                 const char              *table,
                                 const PrMapping         *mapping,
                                 PrSessionIntakeProgress  progress,
                                 gpointer                 progress_data,
                                 GCancellable            *cancellable,
                                 GAsyncReadyCallback      callback,
                                 gpointer                 user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  IntakeData *data = g_new0 (IntakeData, 1);

  data->table = g_strdup (table);
  data->mapping = pr_mapping_copy (mapping);
  data->date_order = self->date_order;
  data->progress = progress;
  data->progress_data = progress_data;
  data->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, data, (GDestroyNotify) intake_data_free);
  _pr_session_push_job (self, task, prepare_job);
}

/**
 * pr_session_intake_prepare_finish:
 * @loaded: (out) (optional): whether the stored passages were read now
 *
 * Returns: %FALSE with @error set on failure or when stopped
 */
gboolean
pr_session_intake_prepare_finish (PrSession     *self,
                                  GAsyncResult  *result,
                                  gboolean      *loaded,
                                  GError       **error)
{
  IntakeData *data = g_task_get_task_data (G_TASK (result));

  if (loaded != NULL)
    *loaded = data->loaded;
  return g_task_propagate_boolean (G_TASK (result), error);
}
