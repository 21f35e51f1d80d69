/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's judgement: a logistic model over the pair features
 * (pr-pair-features.c). Its output is a probability that the pair is a
 * repeat, calibrated on the labels it was learned from; its parts, weight
 * × feature, are what `explain` shows, so the score is read as a sum.
 */
#define G_LOG_DOMAIN "pr-pair-model"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "pr-pair-model.h"

G_DEFINE_QUARK (pr-pair-model-error-quark, pr_pair_model_error)

double
pr_pair_model_logit (const PrPairModel *model,
                     const double      *features)
{
  double sum = model->bias;

  for (guint i = 0; i < PR_PAIR_N_FEATURES; i++)
    sum += model->weights[i] * features[i];
  return sum;
}

double
pr_pair_model_probability (const PrPairModel *model,
                           const double      *features)
{
  return 1.0 / (1.0 + exp (-pr_pair_model_logit (model, features)));
}

/* Returns: the shipped weights for a mapping of @kind. */
const PrPairModel *
pr_pair_model_shipped (PrPairModelKind kind)
{
  return kind == PR_PAIR_MODEL_KIND_BODY ? &pr_pair_model_default_body : &pr_pair_model_default;
}

/**
 * pr_pair_model_settle:
 * @model: weights just learned from pairs of a mapping of @kind
 *
 * With the body alone no_subject is 1 on every pair, a second bias the
 * solver splits the bias with: its weight goes into the bias, so that the
 * waterfall starts from the baseline rather than listing "no subject" for
 * every pair. The probability of every pair of that kind is the same.
 */
void
pr_pair_model_settle (PrPairModel    *model,
                      PrPairModelKind kind)
{
  if (kind != PR_PAIR_MODEL_KIND_BODY)
    return;
  model->bias += model->weights[PR_PAIR_FEATURE_NO_SUBJECT];
  model->weights[PR_PAIR_FEATURE_NO_SUBJECT] = 0;
}

/* Returns: @kind as the store keeps it and `learn` prints it (not translated). */
const char *
pr_pair_model_kind_name (PrPairModelKind kind)
{
  return kind == PR_PAIR_MODEL_KIND_BODY ? "body" : "subject";
}

/* Returns: (transfer full): "bias w0 w1 …", each to 17 digits, in the C
 * locale: read back exactly by pr_pair_model_parse (). */
char *
pr_pair_model_to_string (const PrPairModel *model)
{
  GString *text = g_string_new (NULL);
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (text, g_ascii_dtostr (number, sizeof number, model->bias));
  for (guint i = 0; i < PR_PAIR_N_FEATURES; i++)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, g_ascii_dtostr (number, sizeof number, model->weights[i]));
    }
  return g_string_free (text, FALSE);
}

/* Reads what pr_pair_model_to_string () wrote. Weights stored before a
 * feature was added are refused, not padded: they were learned without it. */
gboolean
pr_pair_model_parse (const char  *text,
                     PrPairModel *model,
                     GError     **error)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  double values[PR_PAIR_N_FEATURES + 1];

  if (g_strv_length (words) != PR_PAIR_N_FEATURES + 1)
    {
      g_set_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_PARSE,
                   _("the stored weights have %u numbers where %u are expected: learn them again with "
                     "“petition-review-cli learn”"), g_strv_length (words), PR_PAIR_N_FEATURES + 1);
      return FALSE;
    }
  for (guint i = 0; i <= PR_PAIR_N_FEATURES; i++)
    {
      char *end = NULL;

      values[i] = g_ascii_strtod (words[i], &end);
      if (end == words[i] || *end != '\0' || !isfinite (values[i]))
        {
          g_set_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_PARSE,
                       _("the stored weight “%s” is not a number: learn the weights again with "
                         "“petition-review-cli learn”"), words[i]);
          return FALSE;
        }
    }
  model->bias = values[0];
  for (guint i = 0; i < PR_PAIR_N_FEATURES; i++)
    model->weights[i] = values[i + 1];
  return TRUE;
}
