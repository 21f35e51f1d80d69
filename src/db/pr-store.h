/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-pair-model.h"
#include <gio/gio.h>

#include "pr-case-numbering.h"
#include "pr-connection.h"
#include "pr-csv-writer.h"
#include "pr-parts.h"
#include "pr-report-table.h"

G_BEGIN_DECLS

/* The version of the application's own tables; pr_store_open() creates
 * them, or migrates older ones, and refuses newer ones
 * (PR_DB_ERROR_STORE_TOO_NEW).
 *
 * The tables, in the schema given to pr_store_open(): pr_meta (the
 * version), pr_scans, pr_fingerprints (one row per source table and record
 * id; retired_at set when the record left the table, never deleted),
 * pr_decisions (append-only: an undo is a new row), pr_repeats (each
 * scan's new repeats, pr-store-repeats.h), and pr_cases and
 * pr_case_members (the numbered cases, pr-store-cases.h), and
 * pr_judged_pairs (the second stage's judgements of each table's last
 * complete scan, pr-store-judged.h), and pr_part_pairs (the part
 * matcher's pairs and boilerplate of each table's last matched set,
 * pr-store-part-pairs.h). A source table is a table of
 * the connection's current database; the rows about it are keyed by that
 * database and the table's name, both as the catalogue spells them
 * (pr-store-keys.c). Times are UTC. See pr-store-schema.c for the columns. */
#define PR_STORE_SCHEMA_VERSION 14

typedef struct _PrStore PrStore;

typedef enum {
  PR_SCAN_RUNNING,
  PR_SCAN_COMPLETE,
  PR_SCAN_FAILED,
  PR_SCAN_CANCELLED,
} PrScanStatus;

typedef struct {
  guint64 records;          /* rows read */
  guint64 new_records;      /* not in the store before */
  guint64 changed_records;  /* content hash differed: fingerprinted again */
  guint64 retired_records;  /* in the store but no longer in the table; counted by
                             * pr_store_commit_scan(), the caller's value is ignored */
  guint64 pairs;
  guint64 clusters;
  guint64 refingerprinted_records; /* stored with the same content, fingerprinted again: another
                                    * mapping version, or parts not kept */
} PrScanCounts;

/* A scan's clusters, to be numbered as cases by its commit. */
typedef struct {
  const PrCaseMembers *clusters;   /* record ids as the scan read them */
  gsize                n_clusters;
  guint32             *numbers;    /* (out caller-allocates): n_clusters case numbers */
  const guint32       *expected;   /* (nullable): the numbers the caller was given before
                                    * (pr_store_number_cases()): a commit refuses others */
} PrScanCases;

/* One stored fingerprint, as the incremental scan compares it. */
typedef struct {
  guint64  fingerprint;
  guint64  content_hash;
  gboolean sparse;
  gboolean has_parts; /* made with the scan's mapping version, its parts were stored (maybe none) */
  guint64  mapping_version; /* made with it: only one of the current version can be reused */
} PrStoredFingerprint;

typedef enum {
  PR_VERDICT_REPEAT,        /* record_id repeats primary_id */
  PR_VERDICT_NOT_REPEAT,    /* record_id is not a repeat of primary_id: it leaves the cluster, and stays out */
  PR_VERDICT_MERGED,        /* the cluster of primary_id merged: every member a repeat of it */
  PR_VERDICT_PRIMARY,       /* record_id made the primary of its cluster */
  PR_VERDICT_UNDO,          /* undoes the decision named by undoes */
} PrVerdict;

typedef struct {
  gint64     id;            /* set by the store */
  char      *table;
  char      *record_id;
  char      *primary_id;    /* nullable; for an undo, both ids are the undone decision's */
  PrVerdict  verdict;
  char      *reviewer;      /* at most 191 characters */
  gint64     decided_at;    /* unix seconds (microseconds kept in the table); set by the store */
  char      *note;          /* nullable */
  gint64     undoes;        /* 0, or the decision this one undoes */
  char      *old_values;    /* nullable; set by the store: what a written-back decision changed
                             * in the source row, as JSON (see pr_store_add_decision_written_back()) */
  guint32    case_number;   /* the case it was made against; 0 for none known */
  char      *login;         /* nullable: the account it was made from (reviewer being the
                             * name the reviewer set); NULL in rows before version 6 */
} PrDecision;

/* One match of a single-record check. */
typedef struct {
  char    *record_id;
  guint32  distance;
} PrStoreMatch;

PrStore     *pr_store_open                (PrConnection          *connection,
                                           const char            *schema,
                                           GError               **error);
void         pr_store_free                (PrStore               *store);
const char  *pr_store_get_schema          (PrStore               *store);

gint64       pr_store_begin_scan          (PrStore               *store,
                                           const char            *table,
                                           const char            *mapping_description,
                                           guint64                mapping_version,
                                           guint                  k,
                                           GError               **error);
GHashTable  *pr_store_load_fingerprints   (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           GError               **error);
/* Called for each record's stored parts, decoded (owned by the caller of
 * the function: steal them). */
typedef gboolean (*PrStorePartsFunc) (const char *record_id,
                                      PrPart     *parts,
                                      guint       n_parts,
                                      gpointer    user_data,
                                      GError    **error);
gboolean     pr_store_read_stored_parts   (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           PrStorePartsFunc       func,
                                           gpointer               user_data,
                                           GError               **error);
gboolean     pr_store_read_passages       (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           PrStorePartsFunc       func,
                                           gpointer               user_data,
                                           GError               **error);
/* A passage's count of holders (pr_store_count_passage_holders()), or
 * one of its holders with its words (pr_store_read_passage_holders()). */
typedef void (*PrStoreHolderFunc) (guint64     hash,
                                   const char *record_id,
                                   guint       words,
                                   gpointer    user_data);
void         pr_store_set_index_passages  (PrStore               *store,
                                          gboolean               index);
gboolean     pr_store_has_passages        (PrStore               *store,
                                           const char            *table,
                                           gboolean              *has,
                                           GError               **error);
gboolean     pr_store_read_frequent_passages (PrStore            *store,
                                              const char         *table,
                                              guint               more_than,
                                              PrStoreHolderFunc   func,
                                              gpointer            user_data,
                                              GError            **error);
gboolean     pr_store_count_passage_holders (PrStore             *store,
                                           const char            *table,
                                           const guint64         *hashes,
                                           gsize                  n_hashes,
                                           guint                  more_than,
                                           PrStoreHolderFunc      func,
                                           gpointer               user_data,
                                           GError               **error);
/* A hash's count of holders, and one of them or none
 * (pr_store_find_shared_passages()). */
typedef void (*PrStoreSharedFunc) (guint64     hash,
                                   const char *record_id,
                                   guint       count,
                                   guint       words,
                                   gpointer    user_data);
gboolean     pr_store_find_shared_passages (PrStore              *store,
                                           const char            *table,
                                           const guint64         *hashes,
                                           gsize                  n_hashes,
                                           guint                  cap,
                                           PrStoreSharedFunc      func,
                                           gpointer               user_data,
                                           GError               **error);
gboolean     pr_store_read_passage_holders (PrStore              *store,
                                           const char            *table,
                                           const guint64         *hashes,
                                           gsize                  n_hashes,
                                           PrStoreHolderFunc      func,
                                           gpointer               user_data,
                                           GError               **error);
gboolean     pr_store_read_parts_of       (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           GPtrArray             *ids,
                                           PrStorePartsFunc       func,
                                           gpointer               user_data,
                                           GError               **error);
gboolean     pr_store_read_fingerprints   (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           GPtrArray             *ids,
                                           GArray                *fingerprints,
                                           GError               **error);
/* @sparse and @changed may be NULL (none sparse; all changed). Only the
 * changed records' fingerprints, hashes and sparse flags are read. The
 * whole commit is one transaction. A scan holds the table's scan lock
 * (a server user lock) from begin until commit or end. */
gboolean     pr_store_commit_scan         (PrStore               *store,
                                           gint64                 scan_id,
                                           const char            *table,
                                           guint64                mapping_version,
                                           gsize                  n_records,
                                           char *const           *record_ids,
                                           const guint64         *fingerprints,
                                           const guint64         *content_hashes,
                                           const guint8          *sparse,
                                           const guint8          *changed,
                                           const PrPartTable     *parts,
                                           const PrScanCounts    *counts,
                                           PrScanCases           *cases,
                                           GPtrArray             *kept_ids,
                                           gboolean               retire_none,
                                           GError               **error);
gboolean     pr_store_end_scan            (PrStore               *store,
                                           gint64                 scan_id,
                                           PrScanStatus           status,
                                           const char            *message,
                                           GError               **error);

gboolean     pr_store_get_last_k          (PrStore               *store,
                                           const char            *table,
                                           guint                 *k,
                                           gboolean              *found,
                                           GError               **error);
gboolean     pr_store_check_scanned       (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           GError               **error);
GArray      *pr_store_check               (PrStore               *store,
                                           const char            *table,
                                           guint64                mapping_version,
                                           guint64                fingerprint,
                                           guint                  k,
                                           GError               **error);
GArray      *pr_store_check_record        (PrStore               *store,
                                           const char            *table,
                                           const char            *record_id,
                                           guint                  k,
                                           GError               **error);
void         pr_store_match_clear         (PrStoreMatch          *match);

gint64       pr_store_add_decision        (PrStore               *store,
                                           PrDecision            *decision,
                                           GError               **error);
/* @table may be NULL for the decisions of all the tables of the
 * connection's database, in id order. */
/* The second stage's weights learned for a table and a kind of mapping
 * (pr-store-weights.c). */
gboolean     pr_store_load_weights        (PrStore               *store,
                                           const char            *table,
                                           PrPairModelKind        kind,
                                           PrPairModel           *model,
                                           gboolean              *found,
                                           GError               **error);
gboolean     pr_store_save_weights        (PrStore               *store,
                                           const char            *table,
                                           PrPairModelKind        kind,
                                           const PrPairModel     *model,
                                           GError               **error);
GPtrArray   *pr_store_list_decisions      (PrStore               *store,
                                           const char            *table,
                                           GError               **error);
GPtrArray   *pr_store_list_decisions_after (PrStore             *store,
                                           const char            *table,
                                           gint64                 after,
                                           GError               **error);
gboolean     pr_store_export_decisions    (PrStore               *store,
                                           const char            *table,
                                           PrCsvWriter           *writer,
                                           GError               **error);
GPtrArray   *pr_store_list_case_decisions (PrStore               *store,
                                           const char            *table,
                                           guint32                case_number,
                                           GError               **error);
gboolean     pr_store_export_case_decisions (PrStore             *store,
                                           const char            *table,
                                           guint32                case_number,
                                           PrCsvWriter           *writer,
                                           GError               **error);
gboolean     pr_store_report_decisions    (PrStore               *store,
                                           const char            *table,
                                           guint32                case_number,
                                           PrReportTable         *report,
                                           GError               **error);
PrDecision  *pr_decision_copy             (const PrDecision      *decision);
int          pr_decision_compare_ids      (gconstpointer          a,
                                           gconstpointer          b);
void         pr_decision_free             (PrDecision            *decision);
const char  *pr_verdict_to_string         (PrVerdict              verdict);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrStore, pr_store_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrDecision, pr_decision_free)

G_END_DECLS
