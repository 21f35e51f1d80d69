/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "pr-pair-model.h"

/* Noisy rows of two features, repeats mostly high on the first: a fit
 * that weighs the repeats more finds more of them and some wrong ones. */
#define ROWS 60
#define FOLDS 3

static void
make_rows (double *features,
           guint8 *labels,
           guint8 *folds)
{
  GRand *rand = g_rand_new_with_seed (7);

  memset (features, 0, sizeof (double) * ROWS * PR_PAIR_N_FEATURES);
  for (guint i = 0; i < ROWS; i++)
    {
      labels[i] = i % 3 != 0;
      features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_CONTAINED] =
        (labels[i] ? 0.55 : 0.45) + g_rand_double_range (rand, -0.3, 0.3);
      features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_SUBSTITUTED] = g_rand_double (rand);
      folds[i] = (i / 3) % FOLDS;
    }
  labels[5] = PR_PAIR_UNLABELLED;
  g_rand_free (rand);
}

/* The oracle of a weighted fit: ½ |w|² + C Σ cᵢ ln (1 + e^(−yᵢ w·xᵢ)), cᵢ
 * the repeats' weight for a repeat and 1 otherwise, times the read rows'
 * weight for a row of @read, the bias a weight like the others, minimised
 * by plain gradient descent. */
static void
oracle_fit (const double        *features,
            const guint8        *labels,
            const guint8        *read,
            const PrPairFitting *fitting,
            double               w[3])
{
  double read_weight = read != NULL && fitting->read_weight > 1 ? fitting->read_weight : 1;

  w[0] = w[1] = w[2] = 0;
  for (guint step = 0; step < 100000; step++)
    {
      double g[3] = { w[0], w[1], w[2] };

      for (guint i = 0; i < 8; i++)
        {
          if (labels[i] == PR_PAIR_UNLABELLED)
            continue;
          double x[3] = { features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_CONTAINED],
                          features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_SUBSTITUTED], 1 };
          double y = labels[i] ? 1 : -1;
          double c = (labels[i] ? fitting->repeat_weight : 1) * (read != NULL && read[i] ? read_weight : 1);
          double z = y * (w[0] * x[0] + w[1] * x[1] + w[2]);
          double s = -y * c / (1 + exp (z));

          for (guint j = 0; j < 3; j++)
            g[j] += fitting->cost * s * x[j];
        }
      for (guint j = 0; j < 3; j++)
        w[j] -= g[j] / (20.0 * fitting->cost * fitting->repeat_weight * read_weight);
    }
}

/* Each fitting of @fittings fits the oracle's minimum (the first 8 rows,
 * @read weighed by the fitting's read weight), and each gives other
 * weights than the one before: the test tells them apart. */
static void
check_fits (const guint8        *read,
            const PrPairFitting *fittings,
            guint                n_fittings)
{
  double features[ROWS * PR_PAIR_N_FEATURES];
  guint8 labels[ROWS], folds[ROWS];
  double previous = 0;

  make_rows (features, labels, folds);
  for (guint f = 0; f < n_fittings; f++)
    {
      g_autoptr(GError) error = NULL;
      PrPairModel model;
      double w[3];

      g_assert_true (pr_pair_learn_with (features, labels, read, 8, &fittings[f], &model, &error));
      g_assert_no_error (error);
      oracle_fit (features, labels, read, &fittings[f], w);
      g_assert_cmpfloat_with_epsilon (model.weights[PR_PAIR_FEATURE_CONTAINED], w[0], 1e-2);
      g_assert_cmpfloat_with_epsilon (model.weights[PR_PAIR_FEATURE_SUBSTITUTED], w[1], 1e-2);
      g_assert_cmpfloat_with_epsilon (model.bias, w[2], 1e-2);
      g_assert_cmpfloat (fabs (model.bias - previous), >, 0.05);
      previous = model.bias;
    }
}

/* The repeats' weight and C reach liblinear: the fit is the weighted
 * objective's minimum, and it differs from the unweighted one. */
static void
test_weighted (void)
{
  const PrPairFitting fittings[] = { { 1, 10 }, { 3, 1 }, { 2.5, 10 } };

  check_fits (NULL, fittings, G_N_ELEMENTS (fittings));
}

/* The rows a person read count the read weight times: the fit is the
 * minimum of the objective weighing them so, and differs from the fit
 * weighing them once. */
static void
test_read_weighted (void)
{
  const guint8 read[8] = { 0, 1, 1, 0, 0, 0, 1, 0 };
  const PrPairFitting fittings[] = { { 1, 10, 1 }, { 1, 10, 3 }, { 2, 1, 5 } };

  check_fits (read, fittings, G_N_ELEMENTS (fittings));
}

/* Fits on the labelled rows of neither @a nor @b (−1 for none), the
 * hard way: a copy of those rows alone. */
static PrPairModel
fit_without (const double        *features,
             const guint8        *labels,
             const guint8        *folds,
             int                  a,
             int                  b,
             const PrPairFitting *fitting)
{
  double kept[ROWS * PR_PAIR_N_FEATURES];
  guint8 kept_labels[ROWS];
  g_autoptr(GError) error = NULL;
  PrPairModel model;
  guint n = 0;

  for (guint i = 0; i < ROWS; i++)
    if (folds[i] != a && folds[i] != b && labels[i] != PR_PAIR_UNLABELLED)
      {
        memcpy (kept + n * PR_PAIR_N_FEATURES, features + i * PR_PAIR_N_FEATURES, sizeof (double) * PR_PAIR_N_FEATURES);
        kept_labels[n++] = labels[i];
      }
  g_assert_true (pr_pair_learn_with (kept, kept_labels, NULL, n, fitting, &model, &error));
  g_assert_no_error (error);
  return model;
}

/* The inner cross-validation never fits on, nor scores, the outer fold. */
static void
test_within (void)
{
  double features[ROWS * PR_PAIR_N_FEATURES], probabilities[ROWS];
  guint8 labels[ROWS], folds[ROWS];
  const PrPairFitting fitting = { 2, 10 };
  g_autoptr(GError) error = NULL;

  make_rows (features, labels, folds);
  for (int outer = 0; outer < FOLDS; outer++)
    {
      for (guint i = 0; i < ROWS; i++)
        probabilities[i] = -1;
      g_assert_true (pr_pair_cross_validate_within (features, labels, NULL, folds, ROWS, FOLDS, outer, &fitting,
                                                    probabilities, &error));
      g_assert_no_error (error);
      for (int inner = 0; inner < FOLDS; inner++)
        {
          PrPairModel model;

          if (inner == outer)
            continue;
          model = fit_without (features, labels, folds, outer, inner, &fitting);
          for (guint i = 0; i < ROWS; i++)
            if (folds[i] == inner)
              g_assert_cmpfloat_with_epsilon (probabilities[i],
                                              pr_pair_model_probability (&model, features + i * PR_PAIR_N_FEATURES),
                                              1e-12);
        }
      for (guint i = 0; i < ROWS; i++)
        if (folds[i] == outer)
          g_assert_cmpfloat (probabilities[i], ==, -1);
    }
}

/* The choice, by brute force: each fitting's inner probabilities from
 * fits on copies, its recall and precision counted, the rule applied. */
static guint
oracle_choice (const double        *features,
               const guint8        *labels,
               const guint8        *folds,
               int                  outer,
               const PrPairFitting *grid,
               guint                n_grid,
               double               min_precision)
{
  guint best = 0;
  double best_recall = -1, best_precision = -1;

  for (guint g = 0; g < n_grid; g++)
    {
      guint found = 0, wrong = 0, repeats = 0;
      double recall, precision;
      gboolean ok, best_ok;

      for (int inner = 0; inner < FOLDS; inner++)
        {
          PrPairModel model;

          if (inner == outer)
            continue;
          model = fit_without (features, labels, folds, outer, inner, &grid[g]);
          for (guint i = 0; i < ROWS; i++)
            if (folds[i] == inner && labels[i] != PR_PAIR_UNLABELLED)
              {
                gboolean said = pr_pair_model_probability (&model, features + i * PR_PAIR_N_FEATURES) >= 0.5;

                repeats += labels[i];
                found += labels[i] && said;
                wrong += !labels[i] && said;
              }
        }
      recall = (double) found / repeats;
      precision = found + wrong > 0 ? (double) found / (found + wrong) : 1;
      ok = precision >= min_precision;
      best_ok = best_precision >= min_precision;
      if (g == 0 || (ok && !best_ok) ||
          (ok && best_ok && (recall > best_recall || (recall == best_recall && precision > best_precision))) ||
          (!ok && !best_ok && (precision > best_precision || (precision == best_precision && recall > best_recall))))
        {
          best = g;
          best_recall = recall;
          best_precision = precision;
        }
    }
  return best;
}

/* Each outer fold is scored by weights fitted without it, with the
 * fitting chosen without it; the choice follows the rule. */
static void
test_nested (void)
{
  double features[ROWS * PR_PAIR_N_FEATURES], probabilities[ROWS];
  guint8 labels[ROWS], folds[ROWS];
  const PrPairFitting grid[] = { { 1, 10 }, { 1.5, 10 }, { 3, 10 }, { 8, 1 } };
  guint chosen[FOLDS];
  gboolean differs = FALSE;

  make_rows (features, labels, folds);
  for (guint p = 0; p < 3; p++)
    {
      const double min_precision = (double[]) { 0.0, 0.7, 0.95 }[p];
      g_autoptr(GError) error = NULL;

      g_assert_true (pr_pair_cross_validate_nested (features, labels, NULL, folds, ROWS, FOLDS, grid,
                                                    G_N_ELEMENTS (grid), 0.5, min_precision, probabilities, chosen,
                                                    &error));
      g_assert_no_error (error);
      for (int outer = 0; outer < FOLDS; outer++)
        {
          guint expected = oracle_choice (features, labels, folds, outer, grid, G_N_ELEMENTS (grid), min_precision);
          PrPairModel model = fit_without (features, labels, folds, outer, -1, &grid[expected]);

          g_assert_cmpuint (chosen[outer], ==, expected);
          g_assert_cmpuint (pr_pair_choose_fitting (features, labels, NULL, folds, ROWS, FOLDS, outer, grid,
                                                    G_N_ELEMENTS (grid), 0.5, min_precision, &error), ==, expected);
          differs |= expected != 0;
          for (guint i = 0; i < ROWS; i++)
            if (folds[i] == outer)
              g_assert_cmpfloat_with_epsilon (probabilities[i],
                                              pr_pair_model_probability (&model, features + i * PR_PAIR_N_FEATURES),
                                              1e-12);
        }
    }
  /* The data makes some choice other than the first fitting. */
  g_assert_true (differs);
}

/* Another seed deals the groups otherwise, still one fold a group; seed
 * 0 is pr_pair_folds (). */
static void
test_folds_seeded (void)
{
  guint32 pairs[40][2];
  g_autofree guint8 *plain = NULL;
  g_autofree guint8 *zero = NULL;
  g_autofree guint8 *other = NULL;
  gboolean moved = FALSE;

  for (guint i = 0; i < 40; i++)
    {
      /* Groups of two pairs: 3g–3g+1 and 3g+1–3g+2. */
      pairs[i][0] = (i / 2) * 3 + i % 2;
      pairs[i][1] = pairs[i][0] + 1;
    }
  plain = pr_pair_folds (pairs, sizeof pairs[0], 40, 60, 5);
  zero = pr_pair_folds_seeded (pairs, sizeof pairs[0], 40, 60, 5, 0);
  other = pr_pair_folds_seeded (pairs, sizeof pairs[0], 40, 60, 5, 1234);
  g_assert_cmpmem (plain, 40, zero, 40);
  for (guint i = 0; i < 40; i += 2)
    {
      g_assert_cmpuint (other[i], ==, other[i + 1]);
      g_assert_cmpuint (other[i], <, 5);
      moved |= other[i] != plain[i];
    }
  g_assert_true (moved);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-nested/weighted", test_weighted);
  g_test_add_func ("/engine/pair-nested/read-weighted", test_read_weighted);
  g_test_add_func ("/engine/pair-nested/within", test_within);
  g_test_add_func ("/engine/pair-nested/choice", test_nested);
  g_test_add_func ("/engine/pair-nested/folds-seeded", test_folds_seeded);
  return g_test_run ();
}
