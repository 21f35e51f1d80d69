/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the files of PrSession share: pr-session.c (the worker, connect,
 * scan, the list), pr-session-decisions.c (decisions, undo, others'
 * decisions, write-back), pr-session-export.c (the report) and
 * pr-session-regroup.c (the threshold preview and regrouping at another k),
 * pr-session-history.c (the reviewer, notes, each record's and case's
 * history, the records taken out of a case and their restoring).
 */
#pragma once

#include "pr-session.h"
#include "pr-sample-server.h"
#include "pr-scan-options.h"
#include "pr-scan-stored.h"
#include "pr-store.h"
#include "pr-threshold-preview.h"

G_BEGIN_DECLS

/* One report of a scan's or an export's progress. */
typedef struct {
  PrScanProgressFunc    func;
  gpointer              data;
  PrScanPhase           phase;
  guint64               records, done, total;
} PrSessionProgressReport;

/* A background task's side of the progress (see _pr_session_progress_post()). */
typedef struct {
  PrSession             *session;  /* borrowed: the task holds it */
  PrScanProgressFunc     func;     /* nullable */
  gpointer               data;
  GMainContext          *context;
  gint64                 last;
} PrSessionProgress;

/* One undoable action: the decisions it logged, in order. */
typedef struct {
  PrClusterItem *item;
  GPtrArray     *decisions;  /* PrDecision */
} PrSessionStep;

typedef void (*PrSessionJobFunc) (PrSession *self,
                                  GTask     *task);

/* A scan's result, shared with the threshold preview's workers: a new
 * scan may replace it while they read its records. */
typedef struct {
  PrScanResult *result;
} PrSharedResult;

PrSharedResult *_pr_shared_result_ref   (PrSharedResult *shared);
void            _pr_shared_result_unref (PrSharedResult *shared);

struct _PrSession
{
  GObject             parent_instance;

  char               *reviewer;     /* the name decisions are logged under */
  char               *login;        /* the account they are made from */
  char               *next_note;    /* the next step's note (处理意见), or NULL */
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
  /* The source table's columns for opening cases: read from the
   * catalogue once a scan and connection (a catalogue query took most of
   * an opening's wall time), not at each case. */
  GPtrArray          *case_columns;
  char               *case_columns_table;
  guint               case_columns_scan;

  /* The scan under review. */
  char               *table;
  PrMapping          *mapping;
  PrScanResult       *result;
  guint               n_results;    /* results set so far: which scan a job was asked under */
  PrSharedResult     *shared;       /* owns result; workers hold it while they read it */
  guint               k;            /* the clusters' k: the scan's, or one applied since */
  PrThresholdPreview *threshold_preview;  /* made on first use, for this scan */
  GPtrArray          *items;        /* PrClusterItem, all of them, in cluster order */
  GListStore         *clusters;     /* the list's model: items, filled in turns */
  guint               fill_source;
  GHashTable         *cluster_of;   /* record id (the result's set's) → PrClusterItem (borrowed);
                                     * replaced, never changed: a search's worker reads it */
  GHashTable         *decisions;    /* decision id → PrDecision */
  gboolean            undo_lost;    /* the last scan dropped the last decision's undo */
  GHashTable         *taken_out_of; /* decision id → PrClusterItem (borrowed): the case it
                                     * took a record out of before the scan */
  gboolean            skip_bad_rows; /* the next scan leaves bad rows out */
  PrDateOrder         date_order;    /* how the next scan and preview read 08/06/2019 */
  GPtrArray          *bad_rows;     /* char *: the rows the scan under review left out, and why */
  gboolean            from_store;   /* the clusters are the last scan's, opened from the store */
  gint64              scanned_at;   /* when the scan under review ended: unix seconds */
  GPtrArray          *missing;      /* (nullable) char *: opened from the store, its members deleted since */
  GArray             *stored_scored; /* (nullable) PrScoredPair: opened from the store, its pairs as judged */
  gboolean            second_stage; /* the next scan judges its candidate pairs (pr-session-judge.c) */
  PrPairModel         model;        /* the weights the scan under review judged by */
  gboolean            model_judged; /* model is what the scan's numbers came from; not when a scan
                                     * opened from the store was judged before `learn` changed them */
  /* Pairs judged off the main thread (pr-session-judging.c,
   * pr-session-unsure.c); main thread only. The scan's pairs stay as
   * the scan left them: the threshold preview's workers read them. */
  GArray             *unsure_scored; /* the pairs whose unjudged ones were proved below unsure_floor */
  double              unsure_floor;
  GTask              *unsure_pass;  /* (nullable) the queue's judging under way */
  GPtrArray          *unsure_waiting; /* (nullable) GTask: the listings waiting for it, in order */
  guint               unsure_n_passes; /* passes started, for tests */
  GMutex             *unsure_gate;  /* (nullable) tests: a pass waits for it before judging */
  GHashTable         *pair_features; /* (nullable) guint64 pair → double[PR_PAIR_N_FEATURES] */
  GHashTable         *pair_probabilities; /* (nullable) guint64 pair → double: judged for the queue,
                                           * without features */
  GArray             *judge_queue;  /* (nullable) guint64 pairs waiting, the next first */
  guint64             judging_pair; /* the pair being judged; 0: none */
  GCancellable       *judging;      /* (nullable) its task's */
  PrClusterItem      *judged_case;  /* (nullable) the case the pairs asked for are of */
  PrClusterItem      *chains_case;  /* (nullable) the case whose strongest chains are below */
  guint64             chains_key;   /* its members' records, in order, when they were found */
  guint              *chains_through; /* pr_pair_chains_strongest ()'s, per member */
  float              *chains_weakest;

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

  /* Exports whose cases are still being copied (GTask), a slice a turn */
  gulong              will_change_hook; /* copies a case before it changes, for the exports copying */
  GPtrArray          *exports_copying;
  guint               export_slice;   /* tests: cases a slice at most; 0 for no limit */
  guint               export_slices;  /* tests: slices run */
  gboolean            export_held;    /* tests: the slices wait, copying nothing */

  /* Progress of a scan or an export: the latest report, from a worker */
  GMutex              progress_lock;
  PrSessionProgressReport progress_pending;  /* under the lock */
  gboolean            progress_queued;       /* under the lock: an idle will deliver it */
  double              fraction;
  char               *message;
};

/* How the session's scans read words; a regroup's judging reads them so. */
#define PR_SESSION_TOKENIZER_FLAGS PR_SCAN_TOKENIZER_FLAGS

guint64  _pr_session_mapping_version           (const PrMapping    *mapping);
void     _pr_session_push_job                  (PrSession          *self,
                                                GTask              *task,
                                                PrSessionJobFunc    func);
void     _pr_session_forget_case_columns       (PrSession          *self);
void     _pr_session_forget_connection_if_lost (PrSession          *self,
                                                const GError       *error);
void     _pr_session_export_watch              (PrSession          *self);
void     _pr_session_export_unwatch            (PrSession          *self);
void     _pr_session_run_in_background         (GTask              *task,
                                                GTaskThreadFunc     func);
void     _pr_session_progress_init             (PrSessionProgress  *progress,
                                                PrSession          *session,
                                                PrScanProgressFunc  func,
                                                gpointer            data);
void     _pr_session_progress_clear            (PrSessionProgress  *progress);
void     _pr_session_progress_post             (PrSessionProgress  *progress,
                                                PrScanPhase         phase,
                                                guint64             records,
                                                guint64             done,
                                                guint64             total,
                                                gboolean            force);
void     _pr_session_make_items                (PrClustering       *clustering,
                                                PrRecordSet        *set,
                                                const guint32      *case_numbers,
                                                GPtrArray         **items_out,
                                                GHashTable        **cluster_of_out);
void     _pr_session_rate_risks                (PrScanResult       *result,
                                                GPtrArray          *items);
void     _pr_session_rate_clusters             (PrScanResult       *result,
                                                const GArray       *part_pairs,
                                                guint             **n_bridges,
                                                double            **min_share);
void     _pr_session_rate_risk_now             (PrSession          *self,
                                                PrClusterItem      *item);
void     _pr_session_tell_kinds                (PrScanResult       *result,
                                                GPtrArray          *items);
void     _pr_session_retell_kinds              (PrSession          *self,
                                                PrClusterItem      *item);
void     _pr_session_install_clusters          (PrSession          *self,
                                                GPtrArray          *items,
                                                GHashTable         *cluster_of,
                                                GPtrArray          *decisions);
void     _pr_session_remember_decision         (PrSession          *self,
                                                PrDecision         *decision);
void     _pr_session_notify_undo_redo          (PrSession          *self);
void     _pr_session_emit_cluster_changed      (PrSession          *self,
                                                PrClusterItem      *item);
void     _pr_session_step_free                 (PrSessionStep      *step);
gboolean _pr_session_same_ids                  (const PrMapping    *a,
                                                const PrMapping    *b);
gboolean _pr_session_rebind_steps              (PrSession          *self,
                                                GQueue             *from,
                                                GQueue             *to,
                                                gboolean            logged);
void     _pr_session_start_refreshing          (PrSession          *self);
void     _pr_session_collect_taken_out         (PrSession          *self,
                                                GPtrArray          *decisions,
                                                GHashTable         *undone);
PrClusterItem *_pr_session_forget_taken_out    (PrSession          *self,
                                                gint64              decision_id);
void     _pr_session_sign_decision             (PrSession          *self,
                                                PrDecision         *decision);

const double *_pr_session_judged_features      (PrSession          *self,
                                                guint32             a,
                                                guint32             b,
                                                gboolean            first);
double   _pr_session_judged_probability        (PrSession          *self,
                                                guint32             a,
                                                guint32             b);
void     _pr_session_keep_judged_probability   (PrSession          *self,
                                                guint32             a,
                                                guint32             b,
                                                double              probability);
GArray  *_pr_session_judged_unscored           (PrSession          *self,
                                                GArray             *scored);
void     _pr_session_forget_judged             (PrSession          *self);

gboolean _pr_session_judge_options             (PrStore            *store,
                                                const char         *table,
                                                const PrMapping    *mapping,
                                                PrPairModel        *model,
                                                PrLoadOptions      *load,
                                                PrPartMatchOptions *parts,
                                                GError            **error);

G_END_DECLS
