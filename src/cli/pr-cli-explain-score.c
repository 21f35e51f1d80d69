/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain's second-stage part: the probability that two records are one
 * complaint sent again, as a waterfall — the starting point, then what
 * each thing a reviewer weighs adds to or takes from the score, and the
 * probability after it — in a clerk's words.
 */
#define G_LOG_DOMAIN "pr-cli-explain"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-date.h"
#include "pr-pair-judge.h"

/* What a feature's value says, for a clerk. */
static char *
describe (PrPairFeature feature,
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
      /* The feature is ln (1 + days) / ln (1 + 3650): back to days. */
      return g_strdup_printf (_("about %.0f days apart"), expm1 (value * log1p (3650.0)));
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
    case PR_PAIR_N_FEATURES:
    default:
      g_assert_not_reached ();
    }
}

static double
probability_of (double logit)
{
  return 1.0 / (1.0 + exp (-logit));
}

/* The record's date and petitioner as a scan reads them. */
static void
date_and_petitioner (const PrMapping      *mapping,
                     PrCliMappingOptions  *options,
                     char                **values,
                     gint64               *date,
                     guint64              *petitioner)
{
  int offset;

  *date = PR_DATE_NONE;
  *petitioner = 0;
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);

      if (column->role == PR_COLUMN_ROLE_DATE && values[c] != NULL &&
          pr_date_read (values[c], options->date_order, date, &offset) != PR_DATE_OK)
        *date = PR_DATE_NONE;
      else if (column->identity == PR_IDENTITY_PETITIONER && *petitioner == 0 && values[c] != NULL)
        *petitioner = pr_record_set_petitioner_key (values[c], strlen (values[c]));
    }
}

/**
 * pr_cli_print_score:
 * @values: the two records' values, one per mapping column
 * @fingerprints: theirs
 *
 * Prints the second stage's waterfall for the pair, with the shipped
 * weights.
 */
gboolean
pr_cli_print_score (const PrMapping      *mapping,
                    PrCliMappingOptions  *options,
                    char                **values[2],
                    const guint64         fingerprints[2],
                    GError              **error)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (pr_cli_load_flags (options), error);
  const PrPairModel *model = &pr_pair_model_default;
  PrPairRecord records[2];
  double features[PR_PAIR_N_FEATURES];
  double logit = model->bias;

  if (tokenizer == NULL)
    return FALSE;
  {
    g_autoptr(GString) body_a = g_string_new (NULL), body_b = g_string_new (NULL);
    g_autoptr(GPtrArray) fields_a = g_ptr_array_new (), fields_b = g_ptr_array_new ();
    GString *bodies[2] = { body_a, body_b };
    GPtrArray *fields[2] = { fields_a, fields_b };

    for (guint side = 0; side < 2; side++)
      {
        gint64 date;
        guint64 petitioner;

        date_and_petitioner (mapping, options, values[side], &date, &petitioner);
        pr_pair_record_from_texts (mapping, values[side], date, petitioner, fingerprints[side], &records[side],
                                   bodies[side], fields[side]);
      }
    if (!pr_pair_features (tokenizer, &records[0], &records[1], features, error))
      return FALSE;
  }

  printf ("\n%s\n", _("How likely a repeat (the second stage, shipped weights)"));
  printf (_("Each line adds to the score or takes from it; the probability after it follows. A repeat from %.2f.\n"),
          PR_PAIR_DEFAULT_PROBABILITY);
  printf ("  %7s  %11s  %s\n", _("part"), _("probability"), "");
  printf ("  %7s  %11.3f  %s\n", "", probability_of (logit), _("a pair found as a candidate, before anything is weighed"));
  for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
    {
      double part = model->weights[f] * features[f];
      g_autofree char *words = NULL;

      /* What weighs nothing here is left out: it did not move the score. */
      if (part == 0)
        continue;
      logit += part;
      words = describe (f, features[f]);
      printf ("  %+7.2f  %11.3f  %s\n", part, probability_of (logit), words);
    }
  printf (_("  Probability of a repeat: %.3f — %s\n"), probability_of (logit),
          probability_of (logit) >= PR_PAIR_DEFAULT_PROBABILITY ? _("judged a repeat") : _("judged not a repeat"));
  return TRUE;
}
