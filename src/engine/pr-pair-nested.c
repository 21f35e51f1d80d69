/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Nested cross-validation of the second stage's fitting. A fitting (the
 * repeats' weight, liblinear's C, the read pairs' weight) chosen on the same folds it is then
 * measured on looks better than it is; here it is chosen inside the
 * folds it is fitted on: for an outer fold, each fitting of the grid is
 * cross-validated on the other folds alone (each of them left out in
 * turn), the best kept by the rule below, and only then is the outer fold
 * scored, by weights fitted on all the other folds with that fitting.
 * The folds follow connected records (pr_pair_folds ()), so the inner
 * folds do too.
 */
#define G_LOG_DOMAIN "pr-pair-nested"

#include "config.h"

#include "pr-pair-model.h"

typedef struct {
  double recall;
  double precision;
} Measured;

/* Recall and precision of the repeats among the counted labelled rows
 * outside @outer, at @threshold. */
static Measured
measure (const double *probabilities,
         const guint8 *labels,
         const guint8 *counted,
         const guint8 *folds,
         gsize         n,
         int           outer,
         double        threshold)
{
  guint64 repeats = 0, found = 0, wrong = 0;

  for (gsize i = 0; i < n; i++)
    {
      if (folds[i] == outer || labels[i] == PR_PAIR_UNLABELLED || (counted != NULL && !counted[i]))
        continue;
      if (labels[i])
        {
          repeats++;
          found += probabilities[i] >= threshold;
        }
      else
        wrong += probabilities[i] >= threshold;
    }
  return (Measured) { repeats > 0 ? (double) found / repeats : 0, found + wrong > 0 ? (double) found / (found + wrong) : 1 };
}

/* The rule: the most recall at precision @min_precision or more, then the
 * more precise, then the earlier in the grid; when none is that precise,
 * the most precise, then the more recall. */
static gboolean
better (Measured a,
        Measured b,
        double   min_precision)
{
  gboolean a_ok = a.precision >= min_precision, b_ok = b.precision >= min_precision;

  if (a_ok != b_ok)
    return a_ok;
  if (a_ok)
    return a.recall > b.recall || (a.recall == b.recall && a.precision > b.precision);
  return a.precision > b.precision || (a.precision == b.precision && a.recall > b.recall);
}

/**
 * pr_pair_choose_fitting:
 * @counted: (nullable): the rows the choice measures, or every labelled one;
 *   also the rows a fitting's read_weight weighs (pr_pair_learn_with ())
 * @outer: the fold left out altogether (the one to be measured), or −1 to
 *   choose on every fold
 * @grid: the fittings to choose from, @n_grid of them
 * @threshold: the probability from which a pair is a repeat
 * @min_precision: the precision the chosen fitting keeps, if any does
 *
 * Returns: the index in @grid of the fitting chosen, G_MAXUINT with @error
 *   set when the labels cannot be learned from.
 */
guint
pr_pair_choose_fitting (const double        *features,
                        const guint8        *labels,
                        const guint8        *counted,
                        const guint8        *folds,
                        gsize                n,
                        guint                n_folds,
                        int                  outer,
                        const PrPairFitting *grid,
                        guint                n_grid,
                        double               threshold,
                        double               min_precision,
                        GError             **error)
{
  g_autofree double *probabilities = g_new0 (double, MAX (n, 1));
  Measured best = { 0 };
  guint chosen = G_MAXUINT;

  g_return_val_if_fail (n_grid > 0, G_MAXUINT);
  for (guint g = 0; g < n_grid; g++)
    {
      Measured m;

      if (!pr_pair_cross_validate_within (features, labels, counted, folds, n, n_folds, outer, &grid[g], probabilities, error))
        return G_MAXUINT;
      m = measure (probabilities, labels, counted, folds, n, outer, threshold);
      g_debug ("outer fold %d: repeat weight %g, C %g, read weight %g: recall %.3f, precision %.3f", outer,
               grid[g].repeat_weight, grid[g].cost, grid[g].read_weight, m.recall, m.precision);
      if (chosen == G_MAXUINT || better (m, best, min_precision))
        {
          best = m;
          chosen = g;
        }
    }
  return chosen;
}

/**
 * pr_pair_cross_validate_nested:
 * @probabilities: (out caller-allocates): @n out-of-fold probabilities
 * @chosen: (out caller-allocates): @n_folds indices in @grid, the fitting
 *   each outer fold's weights were fitted with
 *
 * As pr_pair_cross_validate (), each outer fold's weights fitted with the
 * fitting pr_pair_choose_fitting () chooses without that fold.
 */
gboolean
pr_pair_cross_validate_nested (const double        *features,
                               const guint8        *labels,
                               const guint8        *counted,
                               const guint8        *folds,
                               gsize                n,
                               guint                n_folds,
                               const PrPairFitting *grid,
                               guint                n_grid,
                               double               threshold,
                               double               min_precision,
                               double              *probabilities,
                               guint               *chosen,
                               GError             **error)
{
  g_autofree guint8 *outside = g_new (guint8, MAX (n, 1));

  for (guint fold = 0; fold < n_folds; fold++)
    {
      PrPairModel model;

      chosen[fold] = pr_pair_choose_fitting (features, labels, counted, folds, n, n_folds, (int) fold, grid, n_grid,
                                             threshold, min_precision, error);
      if (chosen[fold] == G_MAXUINT)
        return FALSE;
      /* Fitted on every fold but this one, and this one scored. */
      for (gsize i = 0; i < n; i++)
        outside[i] = folds[i] == fold ? PR_PAIR_UNLABELLED : labels[i];
      if (!pr_pair_learn_with (features, outside, counted, n, &grid[chosen[fold]], &model, error))
        return FALSE;
      for (gsize i = 0; i < n; i++)
        if (folds[i] == fold)
          probabilities[i] = pr_pair_model_probability (&model, features + i * PR_PAIR_N_FEATURES);
    }
  return TRUE;
}
