/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-judge.h"

G_BEGIN_DECLS

/* No chain of judged pairs reaches the record. */
#define PR_PAIR_CHAIN_NONE G_MAXUINT

void pr_pair_chains_strongest (const PrScoredPair *pairs,
                               gsize               n_pairs,
                               const guint32      *records,
                               guint               n_records,
                               guint              *through,
                               float              *weakest);

G_END_DECLS
