/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-store.h"

G_BEGIN_DECLS

/* One judged pair as the store keeps it (pr-store-judged.c): what
 * determines its probability, and the probability. */
typedef struct {
  guint64 hash_a;       /* pr_pair_record_hash () of the pair's first record */
  guint64 hash_b;       /* … of its second */
  guint8  petitioner;   /* the petitioner evidence: PrPetitionerKind + 1, 0 without identity columns */
  float   probability;
} PrJudgedPair;

GArray             *pr_store_load_judged  (PrStore            *store,
                                           const char         *table,
                                           guint64             judge_key,
                                           GError            **error);
void                pr_store_keep_judged  (PrStore            *store,
                                           gint64              scan_id,
                                           guint64             judge_key,
                                           double              probability,
                                           GArray             *pairs);
gboolean            pr_store_get_last_judged (PrStore         *store,
                                              const char      *table,
                                              gboolean        *judged,
                                              guint64         *judge_key,
                                              double          *probability,
                                              GError         **error);
void                pr_judged_pairs_sort  (GArray             *pairs);
const PrJudgedPair *pr_judged_pairs_find  (GArray             *pairs,
                                           const PrJudgedPair *key);

G_END_DECLS
