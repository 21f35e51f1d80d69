/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-judge.h"

G_BEGIN_DECLS

guint8 *pr_pair_linkage (const PrScoredPair *pairs,
                         gsize               n_pairs,
                         gsize               n_records,
                         double              threshold);

G_END_DECLS
