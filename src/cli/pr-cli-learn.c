/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * learn: fits the second stage's weights for one table from the office's
 * own verdicts and keeps the better (pr-store-learn.c), and prints how
 * both judge the verdicts.
 */
#define G_LOG_DOMAIN "pr-cli-learn"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-pair-judge.h"
#include "pr-record-reader.h"
#include "pr-store.h"
#include "pr-store-learn.h"

int
pr_cli_learn (int    argc,
              char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *store_schema = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  double probability = PR_PAIR_DEFAULT_PROBABILITY;
  PrLoadOptions load;
  PrLearnReport report;
  GOptionEntry entries[] = {
    { "store", 0, 0, G_OPTION_ARG_STRING, &store_schema,
      N_("The schema of the application's tables, where the verdicts are and the weights are kept"), N_("SCHEMA") },
    { "probability", 0, 0, G_OPTION_ARG_DOUBLE, &probability,
      N_("The probability from which a pair is a repeat, as scans use it (default 0.5)"), N_("P") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— learn the second stage's weights from the reviewers' verdicts"),
                             entries, &options, 0, &error) ||
      !pr_cli_check_range ("probability", probability, 0, 1, &error))
    goto failed;
  if ((options.db == NULL && !options.sample) || store_schema == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("the verdicts are in a database: give --db URI --table TABLE --store SCHEMA, or --sample"));
      goto failed;
    }
  if (!pr_cli_open_source (&options, store_schema, &connection, &mapping, &store, &error))
    goto failed;

  pr_cli_load_options (&options, FALSE, &load);
  load.keep_texts = TRUE;
  load.parts = FALSE;
  set = pr_record_reader_load (connection, options.table, mapping, &load, NULL, NULL, NULL, &error);
  if (set == NULL)
    goto failed;
  /* Verdicts whose ids now name other petitions would teach the weights
   * wrong labels. */
  if (!pr_scan_check_verdicts_fit (store, options.table, set,
                                   pr_fingerprint_version (mapping, load.flags, load.min_tokens, &load.part_method),
                                   &error))
    goto failed;
  if (!pr_store_learn_weights (store, options.table, mapping, set, load.flags, probability, &report, NULL, &error))
    goto failed;

  printf (_("%u “repeat” and %u “not a repeat” verdicts on %s, a repeat at probability %.2f or more:\n"),
          report.n_repeats, report.n_not, options.table, probability);
  printf ("%-34s %9s %7s %6s\n", "", _("precision"), _("recall"), "F1");
  printf ("%-34s %9.3f %7.3f %6.3f\n", _("the shipped weights"), report.shipped_precision,
          report.shipped_recall, report.shipped_f1);
  printf ("%-34s %9.3f %7.3f %6.3f\n", _("learned here (5-fold cross-val.)"), report.learned_precision,
          report.learned_recall, report.learned_f1);
  if (report.kept_learned)
    printf (_("Kept the weights learned here: scans of %s with --second-stage and this store use them.\n"),
            options.table);
  else
    printf (_("Kept the shipped weights: those learned here judge the verdicts no better.\n"));
  /* Which set: weights learned for one kind of mapping mean nothing for the other. */
  if (report.kind == PR_PAIR_MODEL_KIND_SUBJECT)
    printf (_("These are the weights for mappings of %s with a subject (two text columns or more); a scan with the "
              "body alone keeps its own.\n"), options.table);
  else
    printf (_("These are the weights for mappings of %s with the body alone (one text column); a scan with a "
              "subject keeps its own.\n"), options.table);
  return 0;

failed:
  return pr_cli_fail ("learn", error);
}
