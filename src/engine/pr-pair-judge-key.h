/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-features.h"
#include "pr-pair-model.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* The version of what the features measure (pr-pair-features.c,
 * pr-pair-profile.c, pr-pair-judge.c): raise it with any change that can
 * give a pair other features, so that no judgement kept from before is
 * taken for one of now. */
#define PR_PAIR_FEATURES_VERSION 3

guint64 pr_pair_judge_key   (const PrPairModel  *model,
                             PrTokenizerFlags    flags,
                             guint64             mapping_version);
guint64 pr_pair_record_hash (const char         *id,
                             const PrPairRecord *record);

G_END_DECLS
