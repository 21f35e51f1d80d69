/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-mapping.h"
#include "pr-pair-model.h"
#include "pr-record-set.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* The verdicts learn needs of each kind, one per fold. */
#define PR_LEARN_FOLDS 5

/* How the shipped and the learned weights judge the office's verdicts. */
typedef struct {
  guint    n_repeats;         /* "repeat" verdicts (and merges) */
  guint    n_not;             /* "not a repeat" verdicts (and splits) */
  double   probability;       /* a repeat from this probability */
  double   shipped_precision, shipped_recall, shipped_f1;
  double   learned_precision, learned_recall, learned_f1;  /* cross-validated */
  PrPairModelKind kind;       /* the mapping's: what the weights are kept for and measured against */
  gboolean kept_learned;      /* TRUE: the learned weights are kept; FALSE: the shipped */
  PrPairModel kept;           /* the weights scans of the table with a mapping of this kind now use */
} PrLearnReport;

gboolean pr_store_learn_weights (PrStore           *store,
                                 const char        *table,
                                 const PrMapping   *mapping,
                                 PrRecordSet       *set,
                                 PrTokenizerFlags   flags,
                                 double             probability,
                                 PrLearnReport     *report,
                                 GCancellable      *cancellable,
                                 GError           **error);

G_END_DECLS
