/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-diff.h"

G_BEGIN_DECLS

/* The limits pr_diff_words () uses (pr-diff.c explains them). */
#define _PR_DIFF_COST_LIMIT 4096
#define _PR_DIFF_WORK_LIMIT (G_GUINT64_CONSTANT (1) << 26)

/* The core on sequences of word numbers, for tests: marks in @matched_a and
 * @matched_b (zeroed by the caller) the words of a common subsequence. */
gboolean _pr_diff_sequences        (const guint32  *a,
                                    gsize           n_a,
                                    const guint32  *b,
                                    gsize           n_b,
                                    gsize           cost_limit,
                                    guint64         work_limit,
                                    guint8         *matched_a,
                                    guint8         *matched_b,
                                    gboolean       *out_exact,
                                    guint64        *out_work,
                                    GCancellable   *cancellable,
                                    GError        **error);

/* The same as _pr_diff_sequences (), each split searched for: the
 * search that the table's splits (pr-diff-lcs-split.c) must equal. */
gboolean _pr_diff_sequences_searched (const guint32  *a,
                                      gsize           n_a,
                                      const guint32  *b,
                                      gsize           n_b,
                                      gsize           cost_limit,
                                      guint64         work_limit,
                                      guint8         *matched_a,
                                      guint8         *matched_b,
                                      gboolean       *out_exact,
                                      GCancellable   *cancellable,
                                      GError        **error);

/* Boxes of fewer cells are always searched. */
#define _PR_DIFF_TABLE_CELLS (32 * 32)
/* A larger box's split is taken from the table unless its search would
 * meet within its cells / this many units of work. */
#define _PR_DIFF_SEARCH_SHARE 64

gboolean _pr_diff_lcs_split          (const guint32 *a,
                                      const guint32 *b,
                                      gsize          sigma,
                                      gssize         a_start,
                                      gssize         a_end,
                                      gssize         b_start,
                                      gssize         b_end,
                                      gssize         cost_limit,
                                      gssize        *split_a,
                                      gssize        *split_b,
                                      guint64       *work_bound);

guint64 *_pr_diff_thread_masks       (gsize          n);

PrDiff  *_pr_diff_words_with_limits (PrTokenizer   *tokenizer,
                                     const char    *a,
                                     gssize         a_length,
                                     const char    *b,
                                     gssize         b_length,
                                     gsize          cost_limit,
                                     guint64        work_limit,
                                     guint64       *out_work,
                                     GCancellable  *cancellable,
                                     GError       **error);

G_END_DECLS
