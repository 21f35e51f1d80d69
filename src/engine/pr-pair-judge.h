/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-mapping.h"
#include "pr-pair-model.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

/* The candidates' passages, generous: the second stage judges them.
 * Measured on the labelled petitions (docs/evaluation.md). */
#define PR_PAIR_CANDIDATE_CONTAINMENT 0.25
#define PR_PAIR_CANDIDATE_CONTAINMENT_SAME 0.2
/* …and 10 shared words where the smaller record has fewer than 30
 * (PrPartMatchOptions.min_shared_tokens_short): short repeats are
 * candidates too. */
#define PR_PAIR_CANDIDATE_MIN_SHARED_SHORT 10

/* A candidate pair and the second stage's judgement of it; a < b. */
typedef struct {
  guint32 a;
  guint32 b;
  guint32 distance;     /* the fingerprints' Hamming distance */
  float   probability;  /* that it is a repeat; < 0 before it is judged */
} PrScoredPair;

/* How far a judging is, for a progress bar on another thread: @done is
 * written with g_atomic_int_add () as blocks of pairs are judged, and
 * read with g_atomic_int_get (). */
typedef struct {
  gint done;
  gint total;
} PrJudgeProgress;

/* Joins the text columns of a body (pr_pair_record_from_texts ()): the
 * information separator two, a boundary that is neither white space nor
 * a word. */
#define PR_PAIR_COLUMN_JOINER '\x1e'

PrPairModelKind    pr_pair_model_kind_of      (const PrMapping *mapping);
const PrPairModel *pr_pair_model_for_mapping (const PrMapping *mapping);

void     pr_pair_record_from_texts (const PrMapping *mapping,
                                    char *const     *texts,
                                    gint64           date,
                                    guint64          petitioner,
                                    guint64          fingerprint,
                                    PrPairRecord    *record,
                                    GString         *body,
                                    GPtrArray       *fields);
gboolean pr_pair_body_words     (const PrMapping    *mapping,
                                 const char *const  *values,
                                 const gsize        *lengths,
                                 const guint32      *column_words,
                                 gsize              *start,
                                 gsize              *n_words);
void     pr_pair_judge_record   (const PrMapping    *mapping,
                                 const PrRecordSet  *set,
                                 guint32             index,
                                 PrPairRecord       *record,
                                 GString            *body,
                                 GPtrArray          *fields);
gboolean pr_pair_judge_read_record (const PrMapping    *mapping,
                                    const PrRecordSet  *set,
                                    guint32             index,
                                    PrPairRecord       *record,
                                    GString            *body,
                                    GPtrArray          *fields,
                                    GByteArray         *buffer,
                                    PrTextFileRecord   *kept,
                                    GError            **error);
gboolean pr_pair_judge_features (PrTokenizer        *tokenizer,
                                 const PrMapping    *mapping,
                                 const PrRecordSet  *set,
                                 guint32             a,
                                 guint32             b,
                                 double             *features,
                                 GError            **error);
gboolean pr_pair_judge_all_features (const PrMapping    *mapping,
                                     PrTokenizerFlags    flags,
                                     const PrRecordSet  *set,
                                     const PrScoredPair *pairs,
                                     gsize               n_pairs,
                                     double             *features,
                                     guint               n_threads,
                                     GCancellable       *cancellable,
                                     GError            **error);
gboolean _pr_pair_judge_all_features_in_blocks (const PrMapping    *mapping,
                                                PrTokenizerFlags    flags,
                                                const PrRecordSet  *set,
                                                const PrScoredPair *pairs,
                                                gsize               n_pairs,
                                                double             *features,
                                                guint               n_threads,
                                                guint               block_records,
                                                GCancellable       *cancellable,
                                                GError            **error);
gboolean pr_pair_judge_score    (const PrMapping    *mapping,
                                 PrTokenizerFlags    flags,
                                 const PrPairModel  *model,
                                 const PrRecordSet  *set,
                                 PrScoredPair       *pairs,
                                 gsize               n_pairs,
                                 guint               n_threads,
                                 GCancellable       *cancellable,
                                 GError            **error);
gboolean pr_pair_judge_score_some (const PrMapping    *mapping,
                                   PrTokenizerFlags    flags,
                                   const PrPairModel  *model,
                                   const PrRecordSet  *set,
                                   PrScoredPair       *pairs,
                                   const gsize        *at,
                                   gsize               n_at,
                                   guint               n_threads,
                                   GCancellable       *cancellable,
                                   GError            **error);
gboolean pr_pair_judge_score_linked (const PrMapping    *mapping,
                                     PrTokenizerFlags    flags,
                                     const PrPairModel  *model,
                                     double              threshold,
                                     const PrRecordSet  *set,
                                     PrScoredPair       *pairs,
                                     gsize               n_pairs,
                                     guint               n_threads,
                                     GCancellable       *cancellable,
                                     GError            **error);
gboolean pr_pair_judge_score_linked_some (const PrMapping    *mapping,
                                          PrTokenizerFlags    flags,
                                          const PrPairModel  *model,
                                          double              threshold,
                                          const PrRecordSet  *set,
                                          PrScoredPair       *pairs,
                                          gsize               n_pairs,
                                          const gsize        *at,
                                          gsize               n_at,
                                          guint               n_threads,
                                          PrJudgeProgress    *progress,
                                          GCancellable       *cancellable,
                                          GError            **error);
gboolean pr_pair_judge_score_bounded_some (const PrMapping    *mapping,
                                           PrTokenizerFlags    flags,
                                           const PrPairModel  *model,
                                           double              threshold,
                                           const PrRecordSet  *set,
                                           PrScoredPair       *pairs,
                                           const gsize        *at,
                                           gsize               n_at,
                                           guint               n_threads,
                                           PrJudgeProgress    *progress,
                                           GCancellable       *cancellable,
                                           GError            **error);

G_END_DECLS
