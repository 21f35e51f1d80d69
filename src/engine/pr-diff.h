/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-tokenizer.h"

G_BEGIN_DECLS

typedef enum {
  PR_DIFF_SAME,
  PR_DIFF_CHANGED,
} PrDiffKind;

/* A stretch of one text: byte offsets into the original text, on character
 * boundaries, end excluded. */
typedef struct {
  gsize      start;
  gsize      end;
  PrDiffKind kind;
} PrDiffSpan;

/* Where the texts part: bytes [a_start, a_end) of the first text, which
 * the second does not have, stand where the second has bytes [b_start,
 * b_end), which the first does not have. One of them may be empty: words
 * dropped (b_start == b_end, the place in the second text where they
 * were) or words added (a_start == a_end). Each stretch runs on to the
 * next word both have, so that it takes its punctuation with it: a
 * sentence dropped is "工资拖欠三个月。", not "工资拖欠三个月". */
typedef struct {
  gsize a_start;
  gsize a_end;
  gsize b_start;
  gsize b_end;
} PrDiffHunk;

typedef struct {
  /* PrDiffSpan: cover the text from 0 to its length, in order, without gaps
   * or overlaps; neighbours differ in kind; empty for an empty text. */
  GArray   *spans_a;
  GArray   *spans_b;

  /* PrDiffHunk: in the order of both texts; none when they have the
   * same words. To show the second text with what it lost from the
   * first in place. */
  GArray   *hunks;

  /* Words as the tokenizer counts them (white space and punctuation are not
   * words), and how many of them the diff matched. */
  gsize     words_a;
  gsize     words_b;
  gsize     common;

  /* The shape of the difference: between two words matched in turn, a run
   * of unmatched words on both sides is a substitution (its shorter side's
   * words count as substituted, the rest as inserted), a run on one side
   * only an insertion or deletion. A rewrite substitutes; a repeat with a
   * paragraph added or cut inserts or deletes. */
  gsize     substituted;
  gsize     inserted;
  gsize     substitution_runs;
  gsize     insertion_runs;

  /* TRUE if common is the length of a longest common subsequence; FALSE if
   * the work limit was reached and some words were marked changed without
   * looking further (see pr-diff.c). */
  gboolean  exact;
} PrDiff;

PrDiff *pr_diff_words          (PrTokenizer   *tokenizer,
                                const char    *a,
                                gssize         a_length,
                                const char    *b,
                                gssize         b_length,
                                GCancellable  *cancellable,
                                GError       **error);
gboolean pr_diff_shape         (const guint32 *a,
                                gsize          n_a,
                                const guint32 *b,
                                gsize          n_b,
                                PrDiff        *shape,
                                GCancellable  *cancellable,
                                GError       **error);
void    pr_diff_free           (PrDiff        *diff);
double  pr_diff_get_similarity (const PrDiff  *diff);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrDiff, pr_diff_free)

G_END_DECLS
