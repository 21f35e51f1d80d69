/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's score taken apart, for a clerk: what each feature a
 * reviewer weighs adds to the score or takes from it (a waterfall), and
 * what its value says in words. The CLI's explain and the application's
 * "Why they match" both show it.
 */
#define G_LOG_DOMAIN "pr-pair-explain"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pr-pair-explain.h"

/**
 * pr_pair_feature_describe:
 *
 * Returns: what a feature's value says, in a clerk's words
 */
char *
pr_pair_feature_describe (PrPairFeature feature,
                          double        value)
{
  switch (feature)
    {
    case PR_PAIR_FEATURE_CONTAINED:
      return g_strdup_printf (_("%.0f%% of the shorter text is found in the longer"), 100 * value);
    case PR_PAIR_FEATURE_COVERED:
      return g_strdup_printf (_("%.0f%% of the longer text is found in the shorter"), 100 * value);
    case PR_PAIR_FEATURE_SHARED_WORDS:
      return g_strdup_printf (_("%.0f%% of the shorter text's words recur in the same order"), 100 * value);
    case PR_PAIR_FEATURE_SUBSTITUTED:
      return g_strdup_printf (_("%.0f%% of the shorter text's words are replaced by others (another place, "
                                "name or company?)"), 100 * value);
    case PR_PAIR_FEATURE_INSERTED:
      return g_strdup_printf (_("%.0f%% of the longer text's words are added or cut (a paragraph more or less)"),
                              100 * value);
    case PR_PAIR_FEATURE_SUBJECT:
      return g_strdup_printf (_("the subjects are %.0f%% alike"), 100 * value);
    case PR_PAIR_FEATURE_NO_SUBJECT:
      return g_strdup (value > 0 ? _("no subject to compare") : _("both have a subject"));
    case PR_PAIR_FEATURE_DATE_GAP:
      /* The feature is ln (1 + days) / ln (1 + 3650): back to days, of
       * elapsed time rather than calendar days as the compare view counts. */
      return g_strdup_printf (_("%.1f days apart in elapsed time"), expm1 (value * log1p (3650.0)));
    case PR_PAIR_FEATURE_SAME_PETITIONER:
      return g_strdup (value > 0 ? _("the same petitioner")
                                 : value < 0 ? _("another petitioner") : _("who sent them is not known"));
    case PR_PAIR_FEATURE_FIELDS:
      return g_strdup_printf (_("the other short fields (category, place…) agree %+.0f%% on balance"), 100 * value);
    case PR_PAIR_FEATURE_DISTANCE:
      return g_strdup_printf (_("the fingerprints differ in %.0f of 64 bits"), value * 64);
    case PR_PAIR_FEATURE_IDENTITY:
      return g_strdup (_("evidence that one person sent both (not measured yet)"));
    case PR_PAIR_FEATURE_CODES:
      return g_strdup_printf (_("%.0f%% of the shorter text's places, numbers and dates (letters and digits) "
                                "are in the longer"), 100 * value);
    case PR_PAIR_FEATURE_NO_CODES:
      return g_strdup (_("no places, numbers or dates in letters and digits to compare"));
    case PR_PAIR_FEATURE_SUBJECT_ELSEWHERE:
      return g_strdup_printf (_("%.0f%% of what the subjects name (the place, the school, the estate) is in "
                                "one text only"), 100 * value);
    case PR_PAIR_N_FEATURES:
    default:
      g_assert_not_reached ();
    }
}

double
pr_pair_logit_probability (double logit)
{
  return 1.0 / (1.0 + exp (-logit));
}

/**
 * pr_pair_explain:
 * @parts: (out caller-allocates): room for PR_PAIR_N_FEATURES
 *
 * Takes the model's score of @features apart, from the bias on. What
 * weighs nothing is left out: it did not move the score.
 *
 * Returns: the parts written; the last one's logit is the score
 */
guint
pr_pair_explain (const PrPairModel *model,
                 const double      *features,
                 PrPairPart        *parts)
{
  double logit = model->bias;
  guint n = 0;

  for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
    {
      double part = model->weights[f] * features[f];

      if (part == 0)
        continue;
      logit += part;
      parts[n++] = (PrPairPart) { .feature = f, .value = features[f], .part = part, .logit = logit };
    }
  return n;
}
