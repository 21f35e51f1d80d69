/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Learning the second stage's weights: L2-regularised logistic regression
 * by liblinear (its primal trust-region solver), a bias term included.
 * Cross-validation fits on all folds but one and predicts the one left,
 * so every pair's probability comes from weights that never saw it.
 */
#define G_LOG_DOMAIN "pr-pair-learn"

#include "config.h"

#include <linear.h>

#include <glib/gi18n-lib.h>

#include "pr-pair-model.h"
#include "pr-union-find.h"

#define LEARN_EPS 1e-4

static void
print_nothing (const char *text)
{
  (void) text;
}

/* Fits on the labelled rows outside folds @leave_out and @leave_out_too
 * (−1 for none). A row of @read counts fitting->read_weight times:
 * liblinear has no weight of its own for a row, and for its loss, a sum
 * over the rows, a row given k times is that row weighing k. */
static gboolean
fit (const double        *features,
     const guint8        *labels,
     const guint8        *read,
     gsize                n,
     const guint8        *folds,
     int                  leave_out,
     int                  leave_out_too,
     const PrPairFitting *fitting,
     PrPairModel         *model,
     GError             **error)
{
  int repeat_label = 1;
  double repeat_weight = fitting->repeat_weight;
  g_autofree struct feature_node *nodes = NULL;
  g_autofree struct feature_node **rows = NULL;
  g_autofree double *y = NULL;
  struct parameter parameter = { 0 };
  struct problem problem = { 0 };
  struct model *fitted;
  const char *refused;
  gsize l = 0, positives = 0, kept = 0;
  guint copies = fitting->read_weight > 1 ? (guint) fitting->read_weight : 1;
  int label_index = -1;

  g_return_val_if_fail (fitting->read_weight <= 1 || fitting->read_weight == (double) copies, FALSE);
  nodes = g_new (struct feature_node, n * (PR_PAIR_N_FEATURES + 2) + 1);
  rows = g_new (struct feature_node *, MAX (n, 1) * copies);
  y = g_new (double, MAX (n, 1) * copies);
  for (gsize i = 0; i < n; i++)
    {
      struct feature_node *row = nodes + kept * (PR_PAIR_N_FEATURES + 2);
      guint m = 0;

      if ((folds != NULL && (folds[i] == leave_out || folds[i] == leave_out_too)) || labels[i] == PR_PAIR_UNLABELLED)
        continue;
      for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
        if (features[i * PR_PAIR_N_FEATURES + f] != 0)
          row[m++] = (struct feature_node) { (int) f + 1, features[i * PR_PAIR_N_FEATURES + f] };
      /* The bias, as liblinear takes it: one more feature, always 1. */
      row[m++] = (struct feature_node) { PR_PAIR_N_FEATURES + 1, 1.0 };
      row[m] = (struct feature_node) { -1, 0 };
      kept++;
      for (guint c = 0; c < (read != NULL && read[i] ? copies : 1); c++)
        {
          rows[l] = row;
          y[l] = labels[i] ? 1 : 0;
          positives += labels[i] != 0;
          l++;
        }
    }
  if (positives == 0 || positives == l)
    {
      g_set_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_LABELS,
                   _("%zu labelled pairs, all of one kind: weights need repeats and pairs that "
                     "are not repeats both"), (size_t) kept);
      return FALSE;
    }

  problem.l = (int) l;
  problem.n = PR_PAIR_N_FEATURES + 1;
  problem.y = y;
  problem.x = rows;
  problem.bias = -1;  /* added above as a feature of its own */
  parameter.solver_type = L2R_LR;
  parameter.eps = LEARN_EPS;
  parameter.C = fitting->cost;
  /* The repeats weigh more in the loss than the other pairs by liblinear's
   * class weight. */
  parameter.nr_weight = 1;
  parameter.weight_label = &repeat_label;
  parameter.weight = &repeat_weight;
  set_print_string_function (print_nothing);
  if ((refused = check_parameter (&problem, &parameter)) != NULL)
    {
      g_set_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_FAILED, _("liblinear refused to learn: %s"), refused);
      return FALSE;
    }
  fitted = train (&problem, &parameter);
  for (int c = 0; c < get_nr_class (fitted); c++)
    if (fitted->label[c] == 1)
      label_index = c;
  g_assert (label_index >= 0);
  for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
    model->weights[f] = get_decfun_coef (fitted, (int) f + 1, label_index);
  model->bias = get_decfun_coef (fitted, PR_PAIR_N_FEATURES + 1, label_index);
  free_and_destroy_model (&fitted);
  return TRUE;
}

/**
 * pr_pair_learn:
 * @features: @n rows of PR_PAIR_N_FEATURES numbers
 * @labels: 1 for a repeat, 0 for a pair that is not one
 * @model: (out caller-allocates): the weights learned
 *
 * Returns: %FALSE with @error set when the labels are all of one kind.
 */
gboolean
pr_pair_learn (const double *features,
               const guint8 *labels,
               gsize         n,
               PrPairModel  *model,
               GError      **error)
{
  return pr_pair_learn_with (features, labels, NULL, n, &PR_PAIR_FITTING_SHIPPED, model, error);
}

/**
 * pr_pair_learn_with:
 * @read: (nullable): the rows a person read, which count
 *   fitting->read_weight times
 * @fitting: the repeats' weight, liblinear's C and the read rows' weight
 *
 * As pr_pair_learn (), with a fitting of one's own.
 */
gboolean
pr_pair_learn_with (const double        *features,
                    const guint8        *labels,
                    const guint8        *read,
                    gsize                n,
                    const PrPairFitting *fitting,
                    PrPairModel         *model,
                    GError             **error)
{
  return fit (features, labels, read, n, NULL, -1, -1, fitting, model, error);
}

/**
 * pr_pair_cross_validate:
 * @folds: each row's fold, 0 … @n_folds − 1
 * @probabilities: (out caller-allocates): @n out-of-fold probabilities
 *
 * Fits once per fold on the other folds' labelled rows and scores the
 * fold's rows, unlabelled ones too.
 */
gboolean
pr_pair_cross_validate (const double *features,
                        const guint8 *labels,
                        const guint8 *folds,
                        gsize         n,
                        guint         n_folds,
                        double       *probabilities,
                        GError      **error)
{
  return pr_pair_cross_validate_within (features, labels, NULL, folds, n, n_folds, -1, &PR_PAIR_FITTING_SHIPPED,
                                        probabilities, error);
}

/**
 * pr_pair_cross_validate_within:
 * @outer: a fold left out altogether (neither fitted on nor scored), or −1
 * @read: (nullable): as for pr_pair_learn_with ()
 * @fitting: the repeats' weight, liblinear's C and the read rows' weight
 *
 * As pr_pair_cross_validate (), on the folds other than @outer: the inner
 * cross-validation of a nested one. The rows of fold @outer are not
 * written to @probabilities.
 */
gboolean
pr_pair_cross_validate_within (const double        *features,
                               const guint8        *labels,
                               const guint8        *read,
                               const guint8        *folds,
                               gsize                n,
                               guint                n_folds,
                               int                  outer,
                               const PrPairFitting *fitting,
                               double              *probabilities,
                               GError             **error)
{
  for (guint fold = 0; fold < n_folds; fold++)
    {
      PrPairModel model;

      if ((int) fold == outer)
        continue;
      if (!fit (features, labels, read, n, folds, (int) fold, outer, fitting, &model, error))
        return FALSE;
      for (gsize i = 0; i < n; i++)
        if (folds[i] == fold)
          probabilities[i] = pr_pair_model_probability (&model, features + i * PR_PAIR_N_FEATURES);
    }
  return TRUE;
}

/**
 * pr_pair_folds:
 * @pairs: @n pairs of record numbers, each beginning with its two records
 *   as guint32 (a #PrPair, a #PrScoredPair), @stride bytes apart
 * @n_records: more than the largest record number
 *
 * Deals the pairs to @n_folds folds so that pairs of connected records
 * (one cluster of them) are in one fold: weights are then measured on
 * records they never saw, not only on pairs. Each group of connected
 * records goes to a fold by a fixed hash of its smallest record.
 *
 * Returns: (transfer full): each pair's fold.
 */
guint8 *
pr_pair_folds (gconstpointer pairs,
               gsize         stride,
               gsize         n,
               gsize         n_records,
               guint         n_folds)
{
  return pr_pair_folds_seeded (pairs, stride, n, n_records, n_folds, 0);
}

/**
 * pr_pair_folds_seeded:
 * @seed: 0 for the folds of pr_pair_folds (), another number for another
 *   deal of the same groups
 *
 * As pr_pair_folds (): another seed deals the groups of connected records
 * to the folds otherwise, to see how much a figure owes to one deal.
 */
guint8 *
pr_pair_folds_seeded (gconstpointer pairs,
                      gsize         stride,
                      gsize         n,
                      gsize         n_records,
                      guint         n_folds,
                      guint32       seed)
{
  g_autofree guint32 *parent = g_new (guint32, MAX (n_records, 1));
  guint8 *folds = g_new (guint8, MAX (n, 1));

  pr_union_find_init (parent, n_records);
  for (gsize i = 0; i < n; i++)
    {
      const guint32 *pair = (const guint32 *) ((const char *) pairs + i * stride);

      pr_union_find_join_lowest (parent, pair[0], pair[1]);
    }
  for (gsize i = 0; i < n; i++)
    {
      const guint32 *pair = (const guint32 *) ((const char *) pairs + i * stride);
      guint32 h = (pr_union_find_root (parent, pair[0]) ^ seed) * 2654435761u;

      folds[i] = (guint8) ((h >> 16) % n_folds);
    }
  return folds;
}
