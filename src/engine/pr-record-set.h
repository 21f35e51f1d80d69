/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-block-index.h"
#include "pr-case-rules.h"
#include "pr-cluster.h"
#include "pr-date.h"
#include "pr-encoding-check.h"
#include "pr-fingerprinter.h"
#include "pr-idf.h"
#include "pr-mapping.h"
#include "pr-pair-model.h"
#include "pr-part-spool.h"
#include "pr-text-file.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* Each record's case state, receiving body and category (pr-case-columns.c). */
typedef struct _PrCaseColumns PrCaseColumns;

#define PR_RECORD_SET_ERROR (pr_record_set_error_quark ())

typedef enum {
  PR_RECORD_SET_ERROR_ID,   /* an empty or repeated record id */
  PR_RECORD_SET_ERROR_DATE, /* dates that cannot be read without guessing */
  PR_RECORD_SET_ERROR_BAD_ROW, /* a value that is not text (pr-bad-row.c) */
} PrRecordSetError;

GQuark pr_record_set_error_quark (void);

/* A row left out (PrLoadOptions.skip_bad_rows): its id (NULL when the id
 * itself is at fault), where it is ("row", "line" and its number), the
 * column at fault and why (pr-bad-row.c). */
typedef void (*PrBadRowFunc) (const char *id,
                              const char *position_name,
                              guint64     position,
                              const char *column,
                              const char *reason,
                              gpointer    user_data);

/* Whom a refusal's "what to do" speaks to: the command line's user (its
 * flags) or the application's (the mapping page's choices). */
typedef enum {
  PR_ADVICE_FLAGS,
  PR_ADVICE_CONTROLS,
} PrAdvice;

typedef struct {
  const char       *encoding;     /* NULL for UTF-8 */
  gboolean          force_encoding; /* read in @encoding even if the text looks mis-decoded */
  PrTokenizerFlags  flags;
  guint             min_tokens;
  guint             n_threads;    /* 0: one per processor */
  gboolean          keep_labels;  /* keep the first text column's opening words */
  gboolean          keep_texts;   /* keep the text and short values, for the second stage (pr-pair-judge.c) */
  gboolean          texts_in_file; /* with keep_texts: in a temporary file, with the words the fingerprint
                                    * read, rather than in memory (pr-text-file.c) */
  /* A scan's second stage (pr-scan-judge.c): every candidate pair judged
   * with this model, and clustered when its probability is at least
   * judge_probability; NULL: every candidate is a pair. Keeps the texts. */
  const PrPairModel *judge;
  double            judge_probability;
  /* Judge only the pairs that can change the clusters at
   * judge_probability (pr_pair_judge_score_linked ()), leaving the
   * others −1: for a scan whose pairs' numbers are not kept or written.
   * Without a store only. */
  gboolean          judge_for_clusters;
  /* For an incremental scan: given a record's id and content hash, fills
   * in its stored fingerprint and returns TRUE if it is unchanged, so that
   * it is not fingerprinted again. NULL: every record is fingerprinted. */
  gboolean        (*reuse)       (const char          *id,
                                  guint64              content_hash,
                                  PrFingerprint       *stored,
                                  gpointer             user_data);
  gpointer          reuse_data;
  gboolean          parts;        /* cut the text into parts too (pr-parts.c) */
  PrPartMethod      part_method;  /* how; zeros: clauses */
  gboolean          keep_part_table; /* with parts: also keep them record by record (to store them) */
  gsize             part_memory;  /* with parts: bytes held before they go to a file; 0: the default */
  /* Weigh the text's words by their document frequency in the whole set
   * (pr-idf.c); NULL: by term frequency alone. Not with reuse: a stored
   * fingerprint was made with another table's frequencies. */
  const PrIdfOptions *idf;
  PrDateOrder       date_order;   /* how to read 08/06/2019; unset: refused */
  PrAdvice          advice;       /* what a refusal tells to do: flags or controls */
  /* A row whose values are not text is left out and counted, and given to
   * bad_row (nullable); FALSE: it stops the load with an error naming it. */
  gboolean          skip_bad_rows;
  /* Whether the command could have skipped them (--skip-bad-rows): a
   * refusal names the flag only then. */
  gboolean          skippable;
  PrBadRowFunc      bad_row;
  gpointer          bad_row_data;
  /* The rows are a few chosen ones (an intake check's), not a table: how
   * many of their dates cannot be read says nothing of the column, which
   * is not refused for it. */
  gboolean          chosen_rows;
  /* With chosen_rows: what the whole table's date column, and its
   * accepted-date column, show of their clocks, by which their unmarked
   * hours (3点) are read (pr_record_reader_date_clocks ()). */
  PrDateClockEvidence date_clock;
  PrDateClockEvidence accepted_clock;
  /* The time of the load, as Unix seconds: a column of numbers that as
   * Unix time would be after it is not Unix time (pr-date-column.c).
   * 0: the real time. */
  gint64            now;
  /* Not the load's own: a scan with a store tells each new repeat's kind
   * (pr-repeat-kind.c) by these rules' periods; NULL: the defaults. Must
   * outlive the scan's result. */
  const PrCaseRules *rules;
} PrLoadOptions;

/* Called now and then while loading, on the loading thread: records so
 * far, and how far the source is (bytes of a file, rows of an estimate). */
typedef void (*PrLoadProgressFunc) (guint64  records,
                                    guint64  done,
                                    guint64  total,
                                    gpointer user_data);

/* Rows to load, whatever they come from (a CSV file, a database table). */
typedef struct {
  /* Reads the next row. Returns TRUE with @values and @lengths (one per
   * mapping column, in mapping order; a NULL value is SQL NULL) valid until
   * the next call, and @position naming where the row is; FALSE at the end
   * (error unset) or on failure (error set). */
  gboolean (*next)     (gpointer            source,
                        const char *const **values,
                        const gsize       **lengths,
                        guint64            *position,
                        GCancellable       *cancellable,
                        GError            **error);
  /* How far the source is: bytes of a file, rows of an estimate. */
  void     (*progress) (gpointer            source,
                        guint64            *done,
                        guint64            *total);
  /* How messages name a row's position: "line" (of a file), "row";
   * marked with N_() and translated where a message is made. */
  const char *position_name;
  /* Optional: per mapping column, what the encoding check found of the
   * last row's value while reading it (pr_encoding_check_add_value ()),
   * so that the bad-row check does not read it again; NULL: nothing. */
  const PrEncodingValue *(*known) (gpointer source);
  /* Optional: why the last row's value in mapping column @column could not
   * be read at all (bytes that are no text in the source's own encoding),
   * owned by the source; NULL when every value was read. Such a row is a
   * bad row, skipped or refused as pr-bad-row.c's are. */
  const char *(*unreadable) (gpointer source,
                             int     *column);
} PrRowSourceClass;

typedef struct {
  gsize      n_records;
  GPtrArray *ids;           /* char *, one per record */
  gint64    *dates;         /* seconds, or PR_DATE_NONE (pr-date-column.c) */
  guint32   *date_hashes;   /* of each date's text as read (pr_record_set_date_hash ()) */
  guint32   *date_micros;   /* the fraction of each date's second, in microseconds; 0 for none */
  guint64    n_unreadable_dates; /* in the date column, not empty, yet not dates */
  GPtrArray *unreadable_date_ids; /* char *: the first few of those records' ids */
  guint64    n_serial_dates; /* of n_unreadable_dates, Excel day numbers (43624) */
  guint64    n_roc_dates;    /* of n_unreadable_dates, years of the Republic of China without 民国 */
  guint64    n_placeholder_dates; /* of n_unreadable_dates, dates no petition has (9999-12-31, 1900-01-01) */
  guint64    n_bare_hour_dates; /* of n_unreadable_dates, 3点 in a column that writes 下午 elsewhere */
  guint64    n_unmarked_hour_dates; /* dates with an hour 1 to 12 and no day part, read by the column's clock */
  GPtrArray *bare_hour_date_ids; /* char *: the first few of those records' ids; NULL with no date column */
  /* Of n_unreadable_dates, by PrDateDoubt (spans of hours, 上午12点); at
   * PR_DATE_DOUBT_NONE the others, neither these nor bare hours. */
  guint64    n_doubt_dates[PR_DATE_N_DOUBTS];
  GPtrArray *doubt_date_ids[PR_DATE_N_DOUBTS]; /* char *: the first few of each; NULL with no date column */
  guint64    n_dates_taken_as_office; /* dates without an offset among +08:00 ones, taken as +08:00 */
  guint64    n_dates_from_numbers; /* dates read from numbers, every date being one */
  int        dates_numbers_kind;   /* PrDateNumbers: what those numbers were */
  guint64   *fingerprints;
  guint8    *sparse;        /* 1: too few features, never paired */
  guint64   *content_hashes; /* of the mapped values but the id */
  guint8    *changed;       /* 1: fingerprinted in this load; 0: reused */
  GPtrArray *labels;        /* char *, or NULL unless keep_labels */
  GPtrArray *texts;         /* char **, one value per mapping column (NULL but for text and short
                             * columns, and for an empty value); NULL unless keep_texts */
  PrTextFile *text_file;    /* the texts kept in a file (texts_in_file), or NULL */
  PrPartSpool *part_spool;  /* every record's parts, to match; NULL unless options->parts */
  GArray    *parts;         /* PrPart, or NULL unless options->parts and keep_part_table */
  guint64   *part_offsets;  /* per record, where its parts start in parts */
  guint32   *part_counts;   /* per record, how many */
  PrIdentityTable *identities; /* who sent each record; NULL without identity columns */
  PrCaseColumns *cases;     /* NULL unless a status, accepted, unit or category column is mapped */
  guint64    text_bytes;    /* bytes of text and short fields fingerprinted */
  guint64    n_sparse;
  guint64    n_reused;      /* records whose stored fingerprint was reused */
  double     read_seconds;         /* the reading thread busy (overlaps fingerprinting) */
  double     fingerprint_seconds;  /* fingerprinting the batches, on all threads */
  guint64    n_idf_terms;   /* with IDF: distinct words counted */
  double     idf_seconds;   /* with IDF: counting and fingerprinting again */
  guint64    n_bad_rows;    /* rows left out (skip_bad_rows): they are still in the source */
  GPtrArray *bad_ids;       /* char *, the ids of those whose id could be read */
  gboolean   bad_row_without_id; /* one of them had no readable id */
} PrRecordSet;


PrRecordSet *pr_record_set_load        (const PrMapping      *mapping,
                                        const PrLoadOptions  *options,
                                        const PrRowSourceClass *source_class,
                                        gpointer              source,
                                        PrLoadProgressFunc    progress,
                                        gpointer              progress_data,
                                        GCancellable         *cancellable,
                                        GError              **error);
PrRecordSet *pr_record_set_load_csv    (const char           *path,
                                        const PrMapping      *mapping,
                                        const PrLoadOptions  *options,
                                        PrLoadProgressFunc    progress,
                                        gpointer              progress_data,
                                        GCancellable         *cancellable,
                                        GError              **error);
void         pr_record_set_free        (PrRecordSet          *set);
guint32      pr_record_set_date_hash   (const char           *text);
gboolean     pr_record_set_has_texts   (const PrRecordSet    *set);
PrPartTable  pr_record_set_get_parts   (PrRecordSet          *set);
void         pr_record_set_drop_parts  (PrRecordSet          *set);
gboolean     pr_record_set_match_parts_too (PrRecordSet          *set,
                                            gsize                 record,
                                            const PrPart         *parts,
                                            gsize                 n_parts,
                                            GError              **error);
gboolean     pr_record_set_find_part_pairs (PrRecordSet              *set,
                                            const guint8             *skip,
                                            const PrPartMatchOptions *options,
                                            guint                     n_threads,
                                            PrPartPairFunc            func,
                                            gpointer                  user_data,
                                            GArray                   *boilerplate,
                                            GCancellable             *cancellable,
                                            GError                  **error);
gboolean     pr_record_set_is_before   (const PrRecordSet    *set,
                                        guint32               a,
                                        guint32               b);
guint32     *pr_record_set_rank        (PrRecordSet          *set);
guint64      pr_record_set_petitioner_key (const char *value,
                                           gsize       length);
PrPetitionerKind pr_record_set_petitioner_kind (const PrRecordSet *set,
                                                guint32            a,
                                                guint32            b);
PrPetitionerKind pr_record_set_compare_petitioners (const PrRecordSet  *set,
                                                    guint32             a,
                                                    guint32             b,
                                                    PrIdentityEvidence *evidence);
GArray      *pr_record_set_find_pairs  (PrRecordSet          *set,
                                        guint                 k,
                                        guint                 n_threads,
                                        GCancellable         *cancellable,
                                        GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrRecordSet, pr_record_set_free)

G_END_DECLS
