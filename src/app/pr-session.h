/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-catalog.h"
#include "pr-cluster-item.h"
#include "pr-connection.h"
#include "pr-mapping.h"
#include "pr-scan.h"
#include "pr-scan-stored.h"
#include "pr-threshold-preview.h"
#include "pr-write-back.h"

G_BEGIN_DECLS

/* The application's link to one database: its connection, lived in by a
 * worker thread so that no query runs on the GTK main thread; the scan and
 * its clusters; the decisions, with undo and redo. Callbacks arrive on
 * the main thread. */

#define PR_TYPE_SESSION (pr_session_get_type ())
G_DECLARE_FINAL_TYPE (PrSession, pr_session, PR, SESSION, GObject)

/* The progress of pr_session_scan_async() and pr_session_export_async()
 * is a #PrScanProgressFunc called on the main thread, a few times a
 * second, and the properties "fraction" and "message", notified then. */

PrSession          *pr_session_new                (const char            *reviewer);
void                pr_session_connect_async      (PrSession             *session,
                                                   PrConnectionParams    *params,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
gboolean            pr_session_connect_finish     (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
void                pr_session_open_sample_async  (PrSession             *session,
                                                   const char            *base_dir,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
const char         *pr_session_get_description    (PrSession             *session);
const char         *pr_session_get_database       (PrSession             *session);
GPtrArray          *pr_session_get_tables         (PrSession             *session);
const char         *pr_session_get_sample_table   (PrSession             *session);

void                pr_session_load_columns_async (PrSession             *session,
                                                   const char            *table,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
GPtrArray          *pr_session_load_columns_finish (PrSession            *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);

void                pr_session_preview_async      (PrSession             *session,
                                                   const char            *table,
                                                   const PrMapping       *mapping,
                                                   guint                  limit,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
GPtrArray          *pr_session_preview_finish     (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);

void                pr_session_scan_async         (PrSession             *session,
                                                   const char            *table,
                                                   const PrMapping       *mapping,
                                                   guint                  k,
                                                   PrScanProgressFunc     progress,
                                                   gpointer               progress_data,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
void                pr_session_open_last_scan_async (PrSession           *session,
                                                   const char            *table,
                                                   const PrMapping       *mapping,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
/* pr-session-reopen.c */
void                pr_session_find_last_scan_async (PrSession           *session,
                                                   const char            *table,
                                                   const PrMapping       *mapping,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
PrStoredScan       *pr_session_find_last_scan_finish (PrSession          *session,
                                                   GAsyncResult          *result,
                                                   gboolean              *same_mapping,
                                                   GError               **error);
gboolean            pr_session_get_from_store     (PrSession             *session);
void                pr_session_read_passages_async  (PrSession           *session,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean            pr_session_read_passages_finish (PrSession           *session,
                                                     GAsyncResult        *result,
                                                     GError             **error);
gint64              pr_session_get_scanned_at     (PrSession             *session);
GPtrArray          *pr_session_get_missing        (PrSession             *session);
gboolean            pr_session_scan_finish        (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
void                pr_session_set_skip_bad_rows  (PrSession             *session,
                                                   gboolean               skip);
void                pr_session_set_date_order     (PrSession             *session,
                                                   PrDateOrder            order);
GPtrArray          *pr_session_get_bad_rows       (PrSession             *session);
const char         *pr_session_get_table          (PrSession             *session);
const PrMapping    *pr_session_get_mapping        (PrSession             *session);
const PrScanCounts *pr_session_get_counts         (PrSession             *session);
GListModel         *pr_session_get_clusters       (PrSession             *session);
guint               pr_session_get_n_clusters     (PrSession             *session);
gboolean            pr_session_get_list_complete  (PrSession             *session);
guint               pr_session_get_n_reviewed     (PrSession             *session);
GArray             *pr_session_get_boilerplate    (PrSession             *session);

void                pr_session_fetch_async        (PrSession             *session,
                                                   PrClusterItem         *item,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
GPtrArray          *pr_session_fetch_finish       (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);

void                pr_session_decide_async       (PrSession             *session,
                                                   PrClusterItem         *item,
                                                   PrVerdict              verdict,
                                                   const char            *record_id,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
PrGraph            *pr_session_get_pair_graph     (PrSession             *session,
                                                   PrClusterItem         *item,
                                                   gboolean               all_pairs,
                                                   GArray               **members);
void                pr_session_split_async        (PrSession             *session,
                                                   PrClusterItem         *item,
                                                   const char            *record_a,
                                                   const char            *record_b,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
void                pr_session_undo_async         (PrSession             *session,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
void                pr_session_redo_async         (PrSession             *session,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
PrClusterItem      *pr_session_decide_finish      (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
void                pr_session_refresh_async      (PrSession             *session,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
gint                pr_session_refresh_finish     (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
gboolean            pr_session_get_can_undo       (PrSession             *session);
gboolean            pr_session_take_undo_lost     (PrSession             *session);
gboolean            pr_session_get_writes_back    (PrSession             *session);
gboolean            pr_session_get_can_redo       (PrSession             *session);

void                pr_session_set_write_back_async  (PrSession          *session,
                                                   PrWriteBack           *write_back,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
gboolean            pr_session_set_write_back_finish (PrSession         *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);

void                pr_session_export_async       (PrSession             *session,
                                                   GFile                 *file,
                                                   PrScanProgressFunc     progress,
                                                   gpointer               progress_data,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
void                pr_session_export_clusters_async (PrSession          *session,
                                                   GFile                 *file,
                                                   GListModel            *clusters,
                                                   PrScanProgressFunc     progress,
                                                   gpointer               progress_data,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
guint64             pr_session_export_finish      (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);

/* The threshold preview (pr-threshold-preview.c) of the scan under review. */
typedef struct _PrSessionRegroup PrSessionRegroup;

void                pr_session_threshold_preview_async  (PrSession           *session,
                                                         PrJudgeProgress     *progress,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
PrThresholdPreview *pr_session_threshold_preview_finish (PrSession           *session,
                                                         GAsyncResult        *result,
                                                         GError             **error);
void                pr_session_regroup_async      (PrSession             *session,
                                                   PrThresholdPreview    *preview,
                                                   guint                  k,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
PrSessionRegroup   *pr_session_regroup_finish     (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
const PrThresholdSummary *pr_session_regroup_get_summary (PrSessionRegroup *regroup);
void                pr_session_regroup_free       (PrSessionRegroup      *regroup);
void                pr_session_apply_regroup_async  (PrSession           *session,
                                                     PrSessionRegroup    *regroup,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean            pr_session_apply_regroup_finish (PrSession           *session,
                                                     GAsyncResult        *result,
                                                     GError             **error);
guint               pr_session_get_k              (PrSession             *session);
guint               pr_session_get_scan_k         (PrSession             *session);
PrRecordSet        *pr_session_get_record_set     (PrSession             *session);
double              pr_session_get_fraction       (PrSession             *session);
const char         *pr_session_get_message        (PrSession             *session);
void                pr_session_search_async       (PrSession             *session,
                                                   const char            *text,
                                                   GCancellable          *cancellable,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);
GHashTable         *pr_session_search_finish      (PrSession             *session,
                                                   GAsyncResult          *result,
                                                   GError               **error);
char               *pr_session_search_normalize   (const char            *text);
gboolean            pr_session_search_match       (const char            *text,
                                                   gssize                 length,
                                                   const char            *needle);
void                pr_session_rate_risk          (PrSession             *session,
                                                   PrClusterItem         *item);
PrClusterItem      *pr_session_find_cluster       (PrSession             *session,
                                                   const char            *record_id);
gboolean            pr_session_holds_item         (PrSession             *session,
                                                   PrClusterItem         *item);

/* The reviewer, notes, history and the records taken out of a case
 * (pr-session-history.c). */
void                pr_session_set_reviewer       (PrSession             *session,
                                                   const char            *reviewer);
const char         *pr_session_get_reviewer       (PrSession             *session);
void                pr_session_set_next_note      (PrSession             *session,
                                                   const char            *note);
GPtrArray          *pr_session_list_record_history (PrSession            *session,
                                                   const char            *record_id);
GPtrArray          *pr_session_list_case_history  (PrSession             *session,
                                                   PrClusterItem         *item);
void                pr_session_restore_async      (PrSession             *session,
                                                   PrClusterItem         *item,
                                                   gint64                 decision_id,
                                                   GAsyncReadyCallback    callback,
                                                   gpointer               user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrSessionRegroup, pr_session_regroup_free)

G_END_DECLS
