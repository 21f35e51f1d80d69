/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-cluster.h"
#include "pr-graph.h"
#include "pr-connection.h"
#include "pr-matches.h"
#include "pr-pair-judge.h"
#include "pr-record-set.h"
#include "pr-repeat-kind.h"
#include "pr-store.h"
#include "pr-threshold-preview.h"

G_BEGIN_DECLS

/* One scan of a table, as the CLI and the application run it: read and
 * fingerprint (reusing the stored fingerprints of unchanged records when
 * there is a store), find the pairs within k, cluster them, and store the
 * fingerprints. */

typedef enum {
  PR_SCAN_PHASE_READ,     /* done/total: rows of the table's estimate */
  PR_SCAN_PHASE_GROUP,    /* finding the pairs */
  PR_SCAN_PHASE_CLUSTER,
  PR_SCAN_PHASE_STORE,    /* writing the fingerprints */
} PrScanPhase;

/* Called on the scanning thread (PrSession relays it to the main thread); @records: rows read so far. */
typedef void (*PrScanProgressFunc) (PrScanPhase phase,
                                    guint64     records,
                                    guint64     done,
                                    guint64     total,
                                    gpointer    user_data);

/* How a record of a scan with a store stands against what the store
 * held before the scan. */
typedef enum {
  PR_SCAN_RECORD_UNCHANGED,        /* its stored fingerprint reused */
  PR_SCAN_RECORD_REFINGERPRINTED,  /* stored, fingerprinted again: another mapping version, or its
                                    * parts were not kept; its content the same, or not comparable
                                    * (that version read other columns) */
  PR_SCAN_RECORD_CHANGED,          /* stored, its content changed */
  PR_SCAN_RECORD_NEW,              /* not in the store (or retired) before */
} PrScanRecordState;

/* A pair of records that share parts (pr-parts.c); a < b. */
typedef struct {
  guint32 a;
  guint32 b;
  double  containment;
} PrPartPair;

typedef struct {
  PrRecordSet  *set;
  PrMatches    *matches;     /* the pairs within k */
  GArray       *part_pairs;  /* PrPartPair: the pairs that share parts, at any distance */
  GArray       *short_pairs; /* PrPair: short bodies reworded (pr-short-pairs.c), at any distance;
                              * NULL until the second stage lists its candidates */
  GArray       *boilerplate; /* guint64, ascending: the hashes of the parts left out as boilerplate */
  guint64       n_parts;     /* the records' parts matched (freed once matched and stored); 0 when
                              * the pairs were taken from the store (part_pairs_taken) */
  GPtrArray    *decisions;   /* PrDecision: the table's decision log, with a store; else NULL */
  guint         k;
  PrClustering *clustering;
  guint32      *case_numbers; /* with a store: clustering's cluster i is case case_numbers[i]
                               * (pr-store-cases.c), known before the commit; else NULL */
  GArray       *cases;        /* PrCaseMembers: the scan's clusters as numbered, to name
                               * another clustering of its records by; with a store, else NULL */
  GPtrArray    *case_member_ids; /* their member arrays */
  PrScanCounts  counts;      /* new, changed and refingerprinted only with a store */
  guint8       *states;      /* PrScanRecordState of each record, with a store; else NULL */
  guint64       n_unknown_edits; /* fingerprinted again under a mapping that read other columns:
                                 * whether each was edited since cannot be told */
  gint64        scan_id;     /* 0 without a store */
  guint64       mapping_version;
  double        group_seconds;
  double        cluster_seconds;
  double        store_seconds;  /* writing the fingerprints (and parts) to the store */
  guint64       spilled_bytes;  /* parts written to a temporary file to match them */
  GArray       *scored;      /* PrScoredPair: with a second stage, every candidate pair judged, by
                              * record; else NULL (pr-scan-judge.c) */
  double        probability; /* with a second stage: the clusters' pairs are at least this likely */
  double        judge_seconds;
  guint64       judged_taken; /* with a store: of scored, the judgements taken from the last scan
                               * (pr-store-judged.c) rather than made again */
  guint64       judged_now;   /* with a store: of scored, those this scan gave a number */
  guint64       unjudged;     /* with a store: of scored, those left −1 (proved below the threshold) */
  const PrCaseRules *rules;  /* the kinds of the new repeats are told by: the load's, or own_rules */
  PrCaseRules  *own_rules;   /* the defaults, when the load gave none */
  gboolean      part_pairs_taken; /* with a store: part_pairs and boilerplate taken from the last
                                   * match of the same set (pr-store-part-pairs.c), not matched again */
} PrScanResult;

PrScanResult *pr_scan_run          (PrConnection         *connection,
                                    PrStore              *store,
                                    const char           *table,
                                    const char           *csv_path,
                                    const PrMapping      *mapping,
                                    const PrLoadOptions  *load_options,
                                    guint                 k,
                                    const PrPartMatchOptions *parts,
                                    PrScanProgressFunc    progress,
                                    gpointer              progress_data,
                                    GCancellable         *cancellable,
                                    GError              **error);
PrScanResult *pr_scan_run_deferred (PrConnection         *connection,
                                    PrStore              *store,
                                    const char           *table,
                                    const PrMapping      *mapping,
                                    const PrLoadOptions  *load_options,
                                    guint                 k,
                                    const PrPartMatchOptions *parts,
                                    PrScanProgressFunc    progress,
                                    gpointer              progress_data,
                                    GCancellable         *cancellable,
                                    GError              **error);
gboolean      pr_scan_result_commit (PrScanResult        *result,
                                    PrStore              *store,
                                    const char           *table,
                                    GCancellable         *cancellable,
                                    GError              **error);
void          pr_scan_result_abandon (PrScanResult       *result,
                                    PrStore              *store,
                                    const GError         *why);
void          pr_scan_result_free  (PrScanResult         *result);
guint32      *pr_scan_result_number_clusters (PrScanResult  *result,
                                              PrClustering  *clustering,
                                              GError       **error);
GArray       *pr_scan_result_part_pairs (PrScanResult     *result);
void          pr_scan_constraints_from_decisions (PrRecordSet *set,
                                                  GPtrArray   *decisions,
                                                  GArray      *must,
                                                  GArray      *cannot);

/* Calls @func for each pair of a record new or changed in this scan with
 * an earlier one (in the store before, and not changed), and of a new
 * record with a changed one: @fresh is the newer of the two; @kind is the
 * pair's (pr_repeat_kind_of_pair(), by the result's rules): a copy of one
 * letter to another body is listed too, as PR_REPEAT_KIND_MULTI_SEND. */
typedef void (*PrNewRepeatFunc) (guint32      fresh,
                                 guint32      existing,
                                 guint32      distance,
                                 PrRepeatKind kind,
                                 gpointer     user_data);
guint64       pr_scan_result_foreach_new_repeat (PrScanResult    *result,
                                                 PrNewRepeatFunc  func,
                                                 gpointer         user_data);

PrGraph      *pr_scan_result_cluster_graph (PrScanResult    *result,
                                            const guint32   *records,
                                            guint32          n_records,
                                            gboolean         all_pairs);

gboolean      pr_scan_check_verdicts_fit    (PrStore        *store,
                                             const char     *table,
                                             PrRecordSet    *set,
                                             guint64         mapping_version,
                                             GError        **error);
gboolean      _pr_scan_check_reassigned_ids (PrRecordSet    *set,
                                             GHashTable     *stored,
                                             guint64         mapping_version,
                                             GArray         *must,
                                             GArray         *cannot,
                                             const char     *table,
                                             GError        **error);
PrClustering *_pr_scan_judge               (PrScanResult    *result,
                                            PrStore         *store,
                                            const char      *table,
                                            const PrMapping *mapping,
                                            const PrLoadOptions *load,
                                            const guint32   *rank,
                                            const PrClusterConstraints *constraints,
                                            GCancellable    *cancellable,
                                            GError         **error);
gboolean      pr_scan_result_judge_preview (PrScanResult               *result,
                                            PrThresholdPreview         *preview,
                                            const PrMapping            *mapping,
                                            PrTokenizerFlags            flags,
                                            const PrPairModel          *model,
                                            guint                       n_threads,
                                            PrAdvice                    advice,
                                            PrJudgeProgress            *progress,
                                            GCancellable               *cancellable,
                                            GError                    **error);
const PrScoredPair *pr_scan_result_find_scored (PrScanResult *result,
                                                guint32       a,
                                                guint32       b);
const PrScoredPair *pr_scored_pairs_find       (GArray       *scored,
                                                guint32       a,
                                                guint32       b);
int           pr_scored_pairs_compare      (gconstpointer x,
                                            gconstpointer y);
GArray       *pr_scan_stored_judged        (PrScanResult               *result,
                                            PrStore                    *store,
                                            const char                 *table,
                                            const PrMapping            *mapping,
                                            GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrScanResult, pr_scan_result_free)

G_END_DECLS
