/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-diff.h"

G_BEGIN_DECLS

typedef enum {
  PR_DIFF_RUN_SAME,     /* in both texts */
  PR_DIFF_RUN_REMOVED,  /* the first text's only: dropped by the second */
  PR_DIFF_RUN_ADDED,    /* the second text's only */
} PrDiffRunKind;

/* A stretch of the merged text: byte offsets into it, end excluded. */
typedef struct {
  gsize         start;
  gsize         end;
  PrDiffRunKind kind;
} PrDiffRun;

char *pr_diff_merge (const PrDiff  *diff,
                     const char    *a,
                     const char    *b,
                     GArray       **runs);
/* Longer fields are marked whole by pr_diff_merge_chars (). */
#define PR_DIFF_MAX_CHARS 256

char *pr_diff_merge_chars (const char  *a,
                           const char  *b,
                           GArray     **runs);

G_END_DECLS
