/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-pair-features.h"

G_BEGIN_DECLS

#define PR_PAIR_MODEL_ERROR (pr_pair_model_error_quark ())

typedef enum {
  PR_PAIR_MODEL_ERROR_PARSE,   /* stored weights that cannot be read */
  PR_PAIR_MODEL_ERROR_LABELS,  /* too few verdicts, or of one kind only */
  PR_PAIR_MODEL_ERROR_FAILED,  /* the solver refused */
} PrPairModelError;

GQuark pr_pair_model_error_quark (void);

/* A logistic model: P(repeat) = 1 / (1 + e^−(bias + Σ weights[i] × features[i])). */
typedef struct {
  double bias;
  double weights[PR_PAIR_N_FEATURES];
} PrPairModel;

/* Pairs at or above this probability are repeats, unless told otherwise. */
#define PR_PAIR_DEFAULT_PROBABILITY 0.5

/* Which mapping weights were learned for: a subject compared on its own
 * (two text columns or more) or the body alone, whose pairs all have
 * no_subject = 1 and weigh nothing on the subject. One set does not serve
 * both (docs/evaluation.md). pr_pair_model_kind_of () (pr-pair-judge.h)
 * tells a mapping's. */
typedef enum {
  PR_PAIR_MODEL_KIND_SUBJECT,
  PR_PAIR_MODEL_KIND_BODY,
} PrPairModelKind;

/* The weights shipped, learned from labelled petitions (pr-pair-model-default.c):
 * with a subject mapped, and with the body alone. */
extern const PrPairModel pr_pair_model_default;
extern const PrPairModel pr_pair_model_default_body;

const PrPairModel *pr_pair_model_shipped   (PrPairModelKind kind);
void               pr_pair_model_settle    (PrPairModel    *model,
                                            PrPairModelKind kind);
const char        *pr_pair_model_kind_name (PrPairModelKind kind);

double       pr_pair_model_logit         (const PrPairModel *model,
                                          const double      *features);
double       pr_pair_model_probability   (const PrPairModel *model,
                                          const double      *features);
char        *pr_pair_model_to_string     (const PrPairModel *model);
gboolean     pr_pair_model_parse         (const char        *text,
                                          PrPairModel       *model,
                                          GError           **error);

/* Learning (pr-pair-learn.c): @features is @n rows of PR_PAIR_N_FEATURES,
 * @labels 1 for a repeat, 0 for not, PR_PAIR_UNLABELLED for a pair that
 * is scored but not learned from. */
#define PR_PAIR_UNLABELLED 2
gboolean     pr_pair_learn               (const double      *features,
                                          const guint8      *labels,
                                          gsize              n,
                                          PrPairModel       *model,
                                          GError           **error);
gboolean     pr_pair_cross_validate      (const double      *features,
                                          const guint8      *labels,
                                          const guint8      *folds,
                                          gsize              n,
                                          guint              n_folds,
                                          double            *probabilities,
                                          GError           **error);
guint8      *pr_pair_folds               (gconstpointer      pairs,
                                          gsize              stride,
                                          gsize              n,
                                          gsize              n_records,
                                          guint              n_folds);

G_END_DECLS
