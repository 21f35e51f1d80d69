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
#include "pr-pair-explain.h"
#include "pr-pair-judge.h"

/* The record's date and petitioner as a scan reads them: the date as its
 * column read it (@column_date), or, without the column (--pair-only), on
 * its own, where an hour from 1 to 12 without 上午/下午 is left out, since
 * only the column's other dates tell whether 3点 is 03:00. */
static void
date_and_petitioner (const PrMapping      *mapping,
                     PrCliMappingOptions  *options,
                     char                **values,
                     const gint64         *column_date,
                     gint64               *date,
                     guint64              *petitioner,
                     const char          **unreadable,
                     gboolean             *bare_hour)
{
  int offset;
  PrDateClock clock = PR_DATE_CLOCK_24;

  *date = PR_DATE_NONE;
  *unreadable = NULL;
  *bare_hour = FALSE;
  *petitioner = 0;
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);

      if (column->role == PR_COLUMN_ROLE_DATE && values[c] != NULL)
        {
          gboolean blank = values[c][strspn (values[c], " \t")] == '\0';

          if (column_date != NULL)
            *date = *column_date;
          else if (pr_date_read_clock (values[c], options->date_order, date, &offset, &clock) != PR_DATE_OK)
            *date = PR_DATE_NONE;
          else if (clock == PR_DATE_CLOCK_BARE_12)
            {
              *date = PR_DATE_NONE;
              *bare_hour = TRUE;
            }
          if (*date == PR_DATE_NONE && !blank)
            *unreadable = values[c];
        }
      else if (column->identity == PR_IDENTITY_PETITIONER && *petitioner == 0 && values[c] != NULL)
        *petitioner = pr_record_set_petitioner_key (values[c], strlen (values[c]));
    }
}

/**
 * pr_cli_print_score:
 * @values: the two records' values, one per mapping column
 * @fingerprints: theirs
 * @column_dates: (nullable): their dates as the scan reads the date column,
 *   or %NULL to read each on its own
 *
 * Prints the second stage's waterfall for the pair, with the shipped
 * weights for @mapping's kind (a subject mapped, or the body alone).
 */
gboolean
pr_cli_print_score (const PrMapping      *mapping,
                    PrCliMappingOptions  *options,
                    char                **values[2],
                    const guint64         fingerprints[2],
                    const gint64         *column_dates,
                    GError              **error)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (pr_cli_load_flags (options), error);
  const PrPairModel *model = pr_pair_model_for_mapping (mapping);
  PrPairRecord records[2];
  double features[PR_PAIR_N_FEATURES];
  double logit = model->bias;
  PrPairPart parts[PR_PAIR_N_FEATURES];
  guint n_parts;

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
        const char *unreadable;
        gboolean bare_hour;

        date_and_petitioner (mapping, options, values[side], column_dates != NULL ? &column_dates[side] : NULL, &date,
                             &petitioner, &unreadable, &bare_hour);
        /* Said, not left out silently: the scan may read the column's
         * dates as a whole (numbers of one kind, 3点), one pair cannot. */
        if (unreadable != NULL && column_dates != NULL)
          fprintf (stderr, _("Note: the date “%s” counts as none, as a scan reads its column; the second stage's "
                             "waterfall leaves out the days between the two records\n"), unreadable);
        else if (bare_hour)
          fprintf (stderr, _("Note: whether the hour of “%s” is the morning's or the afternoon's only the other "
                             "dates of its column tell, which --pair-only does not read; the second stage's "
                             "waterfall leaves out the days between the two records\n"), unreadable);
        else if (unreadable != NULL)
          fprintf (stderr, _("Note: the date “%s” cannot be read on its own; the second stage's waterfall leaves "
                             "out the days between the two records\n"), unreadable);
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
  printf ("  %7s  %11.3f  %s\n", "", pr_pair_logit_probability (logit), _("a pair found as a candidate, before anything is weighed"));
  n_parts = pr_pair_explain (model, features, parts);
  for (guint i = 0; i < n_parts; i++)
    {
      g_autofree char *words = pr_pair_feature_describe (parts[i].feature, parts[i].value);

      logit = parts[i].logit;
      printf ("  %+7.2f  %11.3f  %s\n", parts[i].part, pr_pair_logit_probability (logit), words);
    }
  printf (_("  Probability of a repeat: %.3f — %s\n"), pr_pair_logit_probability (logit),
          pr_pair_logit_probability (logit) >= PR_PAIR_DEFAULT_PROBABILITY ? _("judged a repeat") : _("judged not a repeat"));
  return TRUE;
}
