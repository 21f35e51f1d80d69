/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the parts of the store share: pr-store.c (open, locks, errors),
 * pr-store-schema.c, pr-store-scans.c, pr-store-decisions.c,
 * pr-store-cases.c and pr-write-back.c. Not installed, not for callers of the store.
 */
#pragma once

#include "pr-case-numbering.h"
#include "pr-statement-private.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* Record ids are VARCHAR(191): 191 characters of utf8mb4 are 764 bytes,
 * the most an InnoDB index prefix of the COMPACT row format can hold. */
#define MAX_ID_CHARS 191
#define MAX_ID_BYTES (MAX_ID_CHARS * 4)
#define MAX_TABLE_CHARS 64

/* Where a source table's records live: its database and name as the
 * catalogue spells them (pr-store-keys.c). Every row about a source table
 * is keyed by both. */
typedef struct {
  char *database;   /* "" for a connection without a current database */
  char *table;
} PrStoreKey;

/* pr-store-cases.c: a numbering kept for the scan's commit */
typedef struct _PrCaseCache PrCaseCache;
void _pr_case_cache_free (PrCaseCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCaseCache, _pr_case_cache_free)

/* pr-store-judged.c: a scan's judged pairs kept for its commit */
typedef struct _PrJudgedKept PrJudgedKept;
void _pr_judged_kept_free (PrJudgedKept *kept);

/* pr-store-part-pairs.c: a scan's part match kept for its commit */
typedef struct _PrPartPairsKept PrPartPairsKept;
void _pr_part_pairs_kept_free (PrPartPairsKept *kept);

/* pr-store-short-texts.c: a scan's short bodies kept for its commit */
typedef struct _PrShortTextsKept PrShortTextsKept;
void _pr_short_texts_kept_free (PrShortTextsKept *kept);

struct _PrStore
{
  PrConnection *connection;     /* not owned */
  char         *schema;
  const char   *collation;
  char         *q_meta;         /* `schema`.`pr_meta`, quoted */
  char         *q_scans;
  char         *q_fingerprints;
  char         *q_decisions;
  char         *q_repeats;
  char         *q_cases;
  char         *q_case_members;
  char         *q_passages;
  char         *q_passage_counts;
  char         *q_judged;
  char         *q_part_pairs;
  char         *q_short_texts;  /* of version 13, for its upgrade */
  char         *q_short_bodies;
  char         *q_short_grams;
  gboolean      index_passages; /* build the passages' index at the next commit */
  char         *database;       /* the connection's current database, "" for none */
  gboolean      lower_case_names; /* the server's lower_case_table_names is not 0 */
  gboolean      unclaimed;      /* rows from before version 4 wait for a database */
  GHashTable   *keys;           /* a table as callers spell it → PrStoreKey */
  GHashTable   *scan_locks;     /* scan id (gint64 *) → lock name held for it */
  PrCaseCache  *case_cache;     /* pr_store_number_cases()'s last, for the commit */
  PrJudgedKept *judged;         /* pr_store_keep_judged()'s last, for the commit */
  PrPartPairsKept *part_pairs;  /* pr_store_keep_part_pairs()'s last, for the commit */
  PrShortTextsKept *short_texts; /* pr_store_keep_short_texts()'s last, for the commit */
  gboolean      in_batch;       /* pr_store_add_decisions_written_back(): its one
                                 * transaction holds every decision's */
};

/* pr-store.c: transactions */
gboolean    _pr_store_in_transaction             (PrStore  *self);
gboolean    _pr_store_begin_transaction          (PrStore  *self,
                                                  GError  **error);
gboolean    _pr_store_begin_decision_transaction (PrStore  *self,
                                                  GError  **error);
gboolean    _pr_store_commit_transaction         (PrStore  *self,
                                                  GError  **error);
void        _pr_store_rollback_transaction       (PrStore  *self);

/* Tests only: called with @data between the reads of
 * pr_store_find_short_texts (): @stage 0 after the header, 1 after the
 * 3-grams' rows, so that a test can commit a scan there. */
extern void     (*_pr_store_short_texts_between_reads)      (guint    stage,
                                                             gpointer data);
extern gpointer   _pr_store_short_texts_between_reads_data;

/* pr-store.c: checks of names, locks, errors */
gboolean    _pr_store_check_table_name (const char       *table,
                                        GError          **error);
gboolean    _pr_store_check_record_id  (const char       *id,
                                        const char       *what,
                                        GError          **error);
void        _pr_store_explain_error    (PrStore          *self,
                                        GError          **error,
                                        GError           *cause,
                                        const char       *privilege,
                                        const char       *doing);
char       *_pr_store_lock_name        (PrStore          *self,
                                        const char       *kind,
                                        const char       *what);
void        _pr_store_release_lock     (PrStore          *self,
                                        const char       *name);

/* pr-store-schema.c */
gboolean    _pr_store_ensure_tables    (PrStore          *self,
                                        GError          **error);

/* pr-store-keys.c */
gboolean          _pr_store_init_keys  (PrStore          *self,
                                        GError          **error);
const PrStoreKey *_pr_store_resolve    (PrStore          *self,
                                        const char       *table,
                                        GError          **error);
void              _pr_store_bind_key   (MYSQL_BIND       *bind,
                                        const PrStoreKey *key,
                                        unsigned long    *lengths);

/* pr-store-scans.c */
typedef void (*RowFunc) (const char    *id,
                         const guint64 *values,
                         gpointer       user_data);

gboolean    _pr_store_for_each_row    (PrStore           *self,
                                       const char        *sql,
                                       MYSQL_BIND        *params,
                                       guint              n_values,
                                       RowFunc            func,
                                       gpointer           user_data,
                                       const char        *what,
                                       GError           **error);

void        _pr_store_append_ids      (GString           *sql,
                                       MYSQL_BIND        *params,
                                       unsigned long     *lengths,
                                       GPtrArray         *ids,
                                       guint              start,
                                       guint              n);

typedef gboolean (*BlobRowFunc) (const char    *id,
                                 const guint8  *bytes,
                                 gsize          length,
                                 gpointer       user_data,
                                 GError       **error);

gboolean    _pr_store_for_each_blob   (PrStore           *self,
                                       const char        *sql,
                                       MYSQL_BIND        *params,
                                       BlobRowFunc        func,
                                       gpointer           user_data,
                                       const char        *what,
                                       GError           **error);

typedef struct {
  PrStorePartsFunc func;
  gpointer         user_data;
} PrStorePartsReading;

gboolean    _pr_store_read_parts_row  (const char        *id,
                                       const guint8      *bytes,
                                       gsize              length,
                                       gpointer           user_data,
                                       GError           **error);

/* pr-store-passages.c */
gboolean    _pr_store_passages_stored (PrStore           *self,
                                       const PrStoreKey  *key,
                                       gboolean          *stored,
                                       GError           **error);
gboolean    _pr_store_write_passages  (PrStore           *self,
                                       const PrStoreKey  *key,
                                       GArray            *rows,
                                       char *const       *record_ids,
                                       const guint8      *sparse,
                                       const PrPartTable *parts,
                                       GError           **error);
gboolean    _pr_store_drop_other_versions (PrStore       *self,
                                       const PrStoreKey  *key,
                                       guint64            mapping_version,
                                       GPtrArray         *ids,
                                       GError           **error);
gboolean    _pr_store_remove_passages (PrStore           *self,
                                       const PrStoreKey  *key,
                                       GPtrArray         *ids,
                                       GError           **error);
gboolean    _pr_store_copy_passages   (PrStore           *self,
                                       const PrStoreKey  *key,
                                       guint64            mapping_version,
                                       GPtrArray         *ids,
                                       GError           **error);

/* pr-store-cases.c */
gboolean    _pr_store_assign_cases    (PrStore             *self,
                                       const PrStoreKey    *where,
                                       gint64               scan_id,
                                       PrScanCases         *cases,
                                       GHashTable          *kept,
                                       GHashTable          *scanned,
                                       GError             **error);

/* pr-store-judged.c */
gboolean    _pr_store_write_judged    (PrStore             *self,
                                       const PrStoreKey    *where,
                                       gint64               scan_id,
                                       GError             **error);

/* pr-store-part-pairs.c */
gboolean    _pr_store_write_part_pairs (PrStore            *self,
                                        const PrStoreKey   *where,
                                        gint64              scan_id,
                                        GError            **error);

/* pr-store-short-texts.c */
gboolean    _pr_store_write_short_texts (PrStore           *self,
                                         const PrStoreKey  *where,
                                         gint64             scan_id,
                                         GError           **error);
gboolean    _pr_store_migrate_short_texts (PrStore          *self,
                                           GError          **error);

/* pr-store-decisions.c */
gboolean    _pr_store_validate_decision  (const PrDecision  *decision,
                                          GError           **error);
gboolean    _pr_store_check_undo_target  (PrStore           *self,
                                          PrDecision        *decision,
                                          GError           **error);
gint64      _pr_store_insert_decision    (PrStore           *self,
                                          const PrDecision  *decision,
                                          const char        *old_values,
                                          gint64            *micros,
                                          GError           **error);

G_END_DECLS
