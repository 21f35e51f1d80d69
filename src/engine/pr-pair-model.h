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

/* How weights are fitted: the repeats' weight in the loss against the
 * other pairs' 1, liblinear's C (the inverse of the penalty), and how many
 * times a pair a person read counts (a whole number; 0 or 1: once), the
 * pairs marked by the @read argument of the functions below. */
typedef struct {
  double repeat_weight;
  double cost;
  double read_weight;
} PrPairFitting;

/* The fitting of the shipped weights and of `learn`. */
#define PR_PAIR_FITTING_SHIPPED ((const PrPairFitting) { 1.0, 10.0, 1.0 })

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
gboolean     pr_pair_learn_with          (const double      *features,
                                          const guint8      *labels,
                                          const guint8      *read,
                                          gsize              n,
                                          const PrPairFitting *fitting,
                                          PrPairModel       *model,
                                          GError           **error);
gboolean     pr_pair_cross_validate_within (const double    *features,
                                          const guint8      *labels,
                                          const guint8      *read,
                                          const guint8      *folds,
                                          gsize              n,
                                          guint              n_folds,
                                          int                outer,
                                          const PrPairFitting *fitting,
                                          double            *probabilities,
                                          GError           **error);

/* Nested cross-validation (pr-pair-nested.c): a fitting chosen from
 * @grid by cross-validation inside the folds it is fitted on. @counted
 * (or NULL for every labelled row) marks the rows the choice measures. */
guint        pr_pair_choose_fitting      (const double      *features,
                                          const guint8      *labels,
                                          const guint8      *counted,
                                          const guint8      *folds,
                                          gsize              n,
                                          guint              n_folds,
                                          int                outer,
                                          const PrPairFitting *grid,
                                          guint              n_grid,
                                          double             threshold,
                                          double             min_precision,
                                          GError           **error);
gboolean     pr_pair_cross_validate_nested (const double    *features,
                                          const guint8      *labels,
                                          const guint8      *counted,
                                          const guint8      *folds,
                                          gsize              n,
                                          guint              n_folds,
                                          const PrPairFitting *grid,
                                          guint              n_grid,
                                          double             threshold,
                                          double             min_precision,
                                          double            *probabilities,
                                          guint             *chosen,
                                          GError           **error);
guint8      *pr_pair_folds               (gconstpointer      pairs,
                                          gsize              stride,
                                          gsize              n,
                                          gsize              n_records,
                                          guint              n_folds);
guint8      *pr_pair_folds_seeded        (gconstpointer      pairs,
                                          gsize              stride,
                                          gsize              n,
                                          gsize              n_records,
                                          guint              n_folds,
                                          guint32            seed);

G_END_DECLS
