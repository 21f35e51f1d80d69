/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "pr-pair-model.h"

/* By hand: −1 + 2 × 0.75 − 4 × 0.25 = −0.5, and 1 / (1 + e^0.5). */
static void
test_probability (void)
{
  PrPairModel model = { .bias = -1 };
  double x[PR_PAIR_N_FEATURES] = { 0 };

  model.weights[PR_PAIR_FEATURE_CONTAINED] = 2;
  model.weights[PR_PAIR_FEATURE_DISTANCE] = -4;
  model.weights[PR_PAIR_FEATURE_SUBJECT] = 100; /* its feature is 0: no part */
  x[PR_PAIR_FEATURE_CONTAINED] = 0.75;
  x[PR_PAIR_FEATURE_DISTANCE] = 0.25;
  g_assert_cmpfloat_with_epsilon (pr_pair_model_logit (&model, x), -0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (pr_pair_model_probability (&model, x), 0.37754066879814546, 1e-15);
}

static void
test_round_trip (void)
{
  PrPairModel model = { .bias = -0.1 }, back;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *short_text = NULL;

  for (guint i = 0; i < PR_PAIR_N_FEATURES; i++)
    model.weights[i] = 1.0 / (i + 3);
  text = pr_pair_model_to_string (&model);
  g_assert_true (pr_pair_model_parse (text, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&model, sizeof model, &back, sizeof back);

  G_STATIC_ASSERT (PR_PAIR_N_FEATURES == 15);
  /* Weights of fewer features are refused, not padded. */
  short_text = g_strndup (text, strrchr (text, ' ') - text);
  g_assert_false (pr_pair_model_parse (short_text, &back, &error));
  g_assert_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (pr_pair_model_parse ("1 2 x 4 5 6 7 8 9 10 11 12 13 14 15 16", &back, &error));
  g_assert_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_PARSE);
}

/* The oracle: liblinear's objective, ½ |w|² + C Σ ln (1 + e^(−y w·x)),
 * the bias a weight like the others, minimised by plain gradient descent. */
#define ROWS 8
static const double data[ROWS][2] = {
  { 0.9, 0.1 }, { 0.8, 0.3 }, { 0.7, 0.2 }, { 0.4, 0.9 },
  { 0.3, 0.8 }, { 0.2, 0.4 }, { 0.6, 0.6 }, { 0.5, 0.1 },
};
static const guint8 labels[ROWS] = { 1, 1, 1, 0, 0, 0, 0, 1 };

static void
oracle (double C,
        double w[3])
{
  w[0] = w[1] = w[2] = 0;
  for (guint step = 0; step < 200000; step++)
    {
      double g[3] = { w[0], w[1], w[2] };

      for (guint i = 0; i < ROWS; i++)
        {
          double x[3] = { data[i][0], data[i][1], 1 };
          double y = labels[i] ? 1 : -1;
          double z = y * (w[0] * x[0] + w[1] * x[1] + w[2]);
          double s = -y / (1 + exp (z));

          for (guint j = 0; j < 3; j++)
            g[j] += C * s * x[j];
        }
      for (guint j = 0; j < 3; j++)
        w[j] -= g[j] / 40.0;
    }
}

static void
test_learn (void)
{
  double features[ROWS * PR_PAIR_N_FEATURES] = { 0 };
  guint8 folds[ROWS];
  double probabilities[ROWS];
  guint8 one_kind[ROWS] = { 0 };
  g_autoptr(GError) error = NULL;
  PrPairModel model;
  double w[3];

  for (guint i = 0; i < ROWS; i++)
    {
      features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_CONTAINED] = data[i][0];
      features[i * PR_PAIR_N_FEATURES + PR_PAIR_FEATURE_SUBSTITUTED] = data[i][1];
      folds[i] = i % 2;
    }
  g_assert_true (pr_pair_learn (features, labels, ROWS, &model, &error));
  g_assert_no_error (error);
  oracle (10.0, w);
  g_assert_cmpfloat_with_epsilon (model.weights[PR_PAIR_FEATURE_CONTAINED], w[0], 1e-2);
  g_assert_cmpfloat_with_epsilon (model.weights[PR_PAIR_FEATURE_SUBSTITUTED], w[1], 1e-2);
  g_assert_cmpfloat_with_epsilon (model.bias, w[2], 1e-2);
  g_assert_cmpfloat (model.weights[PR_PAIR_FEATURE_CONTAINED], >, 0);
  g_assert_cmpfloat (model.weights[PR_PAIR_FEATURE_DATE_GAP], ==, 0);

  /* Cross-validated: each row scored by the weights of the other fold. */
  g_assert_true (pr_pair_cross_validate (features, labels, folds, ROWS, 2, probabilities, &error));
  g_assert_no_error (error);
  for (guint fold = 0; fold < 2; fold++)
    {
      double other[ROWS * PR_PAIR_N_FEATURES];
      guint8 other_labels[ROWS];
      guint n = 0;
      PrPairModel half;

      for (guint i = 0; i < ROWS; i++)
        if (folds[i] != fold)
          {
            memcpy (other + n * PR_PAIR_N_FEATURES, features + i * PR_PAIR_N_FEATURES, sizeof (double) * PR_PAIR_N_FEATURES);
            other_labels[n++] = labels[i];
          }
      g_assert_true (pr_pair_learn (other, other_labels, n, &half, &error));
      for (guint i = 0; i < ROWS; i++)
        if (folds[i] == fold)
          g_assert_cmpfloat_with_epsilon (probabilities[i],
                                          pr_pair_model_probability (&half, features + i * PR_PAIR_N_FEATURES), 1e-12);
    }

  g_assert_false (pr_pair_learn (features, one_kind, ROWS, &model, &error));
  g_assert_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_LABELS);
}

/* Pairs of connected records share a fold: 0–1 and 2–1 chain, 3–4 apart. */
static void
test_folds (void)
{
  const guint32 pairs[][2] = { { 0, 1 }, { 3, 4 }, { 1, 2 }, { 5, 6 } };
  g_autofree guint8 *folds = pr_pair_folds (pairs, sizeof pairs[0], G_N_ELEMENTS (pairs), 7, 3);

  g_assert_cmpuint (folds[0], ==, folds[2]);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_cmpuint (folds[i], <, 3);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-model/probability", test_probability);
  g_test_add_func ("/engine/pair-model/round-trip", test_round_trip);
  g_test_add_func ("/engine/pair-model/learn", test_learn);
  g_test_add_func ("/engine/pair-model/folds", test_folds);
  return g_test_run ();
}
