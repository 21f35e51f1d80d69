/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-mapping.h"
#include "pr-parts.h"
#include "pr-tokenizer.h"

G_BEGIN_DECLS

/* One feature of either record, as the fingerprints saw it. */
typedef struct {
  char   *feature;   /* the bytes hashed: a word, or "COLUMN 0x1F VALUE" */
  gsize   length;
  const char *text;  /* into feature: the word, or the short field's value */
  int     column;    /* the short field's mapping column; -1 for a word */
  double  weight_a;  /* what it adds to A's fingerprint (term frequency × factor) */
  double  weight_b;
  guint   count_a;   /* occurrences: 0 when the record does not have it */
  guint   count_b;
  /* A word as the first record writes it (else the second): "工資" for
   * the feature "工资", "ＡＢＣ" for "abc"; NULL for a short field. */
  char   *surface;
  gboolean function_word; /* 的, 不, 好 …: in no list below (pr-function-words.c) */
} PrExplainFeature;

typedef enum {
  PR_EXPLAIN_FIELD_SAME,       /* both have it, equal once normalised */
  PR_EXPLAIN_FIELD_DIFFERENT,  /* both have it, not equal */
  PR_EXPLAIN_FIELD_EMPTY,      /* one or both are NULL or empty */
} PrExplainFieldState;

/* A short field of both records. */
typedef struct {
  guint                column;   /* in the mapping */
  char                *name;
  char                *value_a;  /* (nullable): normalised; NULL if empty */
  char                *value_b;
  PrExplainFieldState  state;
} PrExplainField;

typedef struct {
  guint64    fingerprint_a;
  guint64    fingerprint_b;
  guint      distance;         /* Hamming distance of the two */
  gboolean   sparse_a;         /* too few words to be matched on a fingerprint */
  gboolean   sparse_b;

  /* The containment of the records' parts (pr_part_overlap ()), with the
   * parts a scan found to be boilerplate left out; 0 if either has none. */
  double     containment;
  guint      n_parts_a;
  guint      n_parts_b;
  guint      part_words_a;     /* words in the record's distinct parts, but boilerplate */
  guint      part_words_b;
  guint      part_words_all_a; /* boilerplate too */
  guint      part_words_all_b;
  guint      part_words_shared;
  guint      boilerplate_a;    /* distinct parts left out as boilerplate */
  guint      boilerplate_b;

  /* Sums of the weights: of each record's features, and of the weight the
   * two have in common (each feature's smaller weight). */
  double     weight_a;
  double     weight_b;
  double     weight_shared;

  /* (element-type PrExplainFeature): every feature of either record (owned) */
  GPtrArray *features;
  /* The views below point into features; heaviest first, ties in byte
   * order. shared, only_a and only_b leave out function words, which say
   * nothing of why two records match; n_function_words counts them. */
  GPtrArray *features_a;   /* all of A's, by weight_a */
  GPtrArray *features_b;   /* all of B's, by weight_b */
  GPtrArray *shared;       /* in both, by MIN (weight_a, weight_b); capped */
  GPtrArray *only_a;       /* in A alone, by weight_a; capped */
  GPtrArray *only_b;       /* in B alone, by weight_b; capped */
  guint      n_shared;     /* before the cap */
  guint      n_only_a;
  guint      n_only_b;
  guint      n_function_words;

  /* (element-type PrExplainField): one per short column, in mapping order */
  GArray    *fields;

  /* Whether one petitioner sent both, by the two records' identity values
   * alone (a front desk's phone is known only in a whole table). */
  PrPetitionerKind   petitioner;
  PrIdentityEvidence evidence;
} PrExplain;

PrExplain *pr_explain_pair              (const PrMapping    *mapping,
                                         PrTokenizerFlags    flags,
                                         guint               min_tokens,
                                         const char *const  *values_a,
                                         const gsize        *lengths_a,
                                         const char *const  *values_b,
                                         const gsize        *lengths_b,
                                         guint               max_features,
                                         GError            **error);
PrExplain *pr_explain_pair_full         (const PrMapping    *mapping,
                                         PrTokenizerFlags    flags,
                                         guint               min_tokens,
                                         const PrPartMethod *parts,
                                         const GArray       *boilerplate,
                                         const char *const  *values_a,
                                         const gsize        *lengths_a,
                                         const char *const  *values_b,
                                         const gsize        *lengths_b,
                                         guint               max_features,
                                         GError            **error);
void       pr_explain_free              (PrExplain          *explain);
double     pr_explain_get_similarity    (const PrExplain    *explain);
double     pr_explain_feature_shared_weight (const PrExplainFeature *feature);
const char *pr_explain_feature_get_label (const PrExplainFeature *feature);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrExplain, pr_explain_free)

G_END_DECLS
