/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* What the second stage weighs of a candidate pair (pr-pair-features.c):
 * each a number a reviewer would look at, scaled to about 0…1. The order
 * is the shipped weights' order: features are added at the end. */
typedef enum {
  PR_PAIR_FEATURE_CONTAINED,       /* the shorter text's character 3-grams found in the longer */
  PR_PAIR_FEATURE_COVERED,         /* the longer text's 3-grams found in the shorter */
  PR_PAIR_FEATURE_SHARED_WORDS,    /* words the word diff matched, of the shorter text's words */
  PR_PAIR_FEATURE_SUBSTITUTED,     /* words replaced (substitution runs), of the shorter text's words */
  PR_PAIR_FEATURE_INSERTED,        /* words inserted or deleted, of the longer text's words */
  PR_PAIR_FEATURE_SUBJECT,         /* the subjects' character 3-grams shared (Dice); 0 without */
  PR_PAIR_FEATURE_NO_SUBJECT,      /* 1: no subject to compare */
  PR_PAIR_FEATURE_DATE_GAP,        /* ln (1 + days apart) / ln (1 + 3650), at most 1; 0 without dates */
  PR_PAIR_FEATURE_SAME_PETITIONER, /* 1 the same petitioner, −1 another, 0 unknown */
  PR_PAIR_FEATURE_FIELDS,          /* other short fields: (agree − differ) / both filled, 0 if none */
  PR_PAIR_FEATURE_DISTANCE,        /* the fingerprints' Hamming distance / 64 */
  PR_PAIR_FEATURE_IDENTITY,        /* evidence that one person sent both; 0 until it is measured */
  PR_PAIR_FEATURE_CODES,           /* the shorter text's letter and digit runs (places as A3区, numbers,
                                    * dates) found in the longer; 0 if either has none */
  PR_PAIR_FEATURE_NO_CODES,        /* 1: one text or both have no letter or digit run */
  PR_PAIR_FEATURE_SUBJECT_ELSEWHERE, /* of the subjects' 3-grams their own bodies hold, the share the
                                      * other body lacks (what a subject names, in one body only); 0 without */
  PR_PAIR_N_FEATURES
} PrPairFeature;

/* One record of a pair, as the second stage reads it. */
typedef struct {
  const char        *body;        /* the long text; NULL or "" for none */
  const char        *subject;     /* (nullable): a short text compared on its own */
  gint64             date;        /* seconds, or PR_DATE_NONE */
  guint64            petitioner;  /* a hash of who sent it; 0 unknown */
  guint64            fingerprint;
  const char *const *fields;      /* (nullable): n_fields normalised short values, NULL when empty */
  guint              n_fields;
} PrPairRecord;

const char *pr_pair_feature_name (PrPairFeature feature);

gboolean    pr_pair_features     (PrTokenizer        *tokenizer,
                                  const PrPairRecord *a,
                                  const PrPairRecord *b,
                                  double             *features,
                                  GError            **error);
double      pr_pair_containment  (const char         *a,
                                  const char         *b,
                                  double             *covered);
double      pr_pair_dice         (const char         *a,
                                  const char         *b);

G_END_DECLS
