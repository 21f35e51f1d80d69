/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * learn: fits the second stage's weights for one table from the office's
 * own verdicts in the store — a repeat (or a merge) is a repeat, "not a
 * repeat" and a split are not — and keeps them if they judge better than
 * the shipped weights. Both are measured the same honest way: the shipped
 * weights never saw these verdicts, and the learned ones are measured by
 * cross-validation, each verdict judged by weights fitted without its
 * fold (the folds follow connected records, so that no record is in two).
 */
#define G_LOG_DOMAIN "pr-cli-learn"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-pair-judge.h"
#include "pr-record-reader.h"
#include "pr-store.h"

#define LEARN_FOLDS 5

typedef struct {
  guint64 tp, fp, fn;
} Tally;

static void
tally (const double *probabilities,
       const guint8 *labels,
       gsize         n,
       double        threshold,
       Tally        *out)
{
  *out = (Tally) { 0 };
  for (gsize i = 0; i < n; i++)
    {
      gboolean said = probabilities[i] >= threshold;

      out->tp += said && labels[i];
      out->fp += said && !labels[i];
      out->fn += !said && labels[i];
    }
}

static double
precision_of (const Tally *t)
{
  return t->tp + t->fp > 0 ? (double) t->tp / (t->tp + t->fp) : 1.0;
}

static double
recall_of (const Tally *t)
{
  return t->tp + t->fn > 0 ? (double) t->tp / (t->tp + t->fn) : 0.0;
}

static double
f1_of (const Tally *t)
{
  double p = precision_of (t), r = recall_of (t);

  return p + r > 0 ? 2 * p * r / (p + r) : 0;
}

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
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree double *features = NULL;
  g_autofree guint8 *labels = NULL;
  g_autofree guint8 *folds = NULL;
  g_autofree double *shipped = NULL;
  g_autofree double *learned = NULL;
  double probability = PR_PAIR_DEFAULT_PROBABILITY;
  PrLoadOptions load;
  PrPairModel model;
  Tally shipped_tally, learned_tally;
  gsize n;
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
  decisions = pr_store_list_decisions (store, options.table, &error);
  if (decisions == NULL)
    goto failed;
  pr_scan_constraints_from_decisions (set, decisions, must, cannot);
  if (must->len < LEARN_FOLDS || cannot->len < LEARN_FOLDS)
    {
      g_set_error (&error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_LABELS,
                   _("%u “repeat” and %u “not a repeat” verdicts on the table “%s”: at least %d of each are needed to "
                     "learn from. Review more clusters; until then scans use the shipped weights"),
                   must->len, cannot->len, options.table, LEARN_FOLDS);
      goto failed;
    }

  n = must->len + cannot->len;
  features = g_new (double, n * PR_PAIR_N_FEATURES);
  labels = g_new (guint8, n);
  shipped = g_new (double, n);
  learned = g_new (double, n);
  {
    g_autofree PrScoredPair *pairs = g_new (PrScoredPair, MAX (n, 1));

    for (gsize i = 0; i < n; i++)
      {
        const PrPair *pair = i < must->len ? &g_array_index (must, PrPair, i)
                                           : &g_array_index (cannot, PrPair, i - must->len);

        pairs[i] = (PrScoredPair) { pair->a, pair->b, 0, -1 };
      }
    if (!pr_pair_judge_all_features (mapping, load.flags, set, pairs, n, features, load.n_threads, NULL, &error))
      goto failed;
  }
  for (gsize i = 0; i < n; i++)
    {
      labels[i] = i < must->len;
      shipped[i] = pr_pair_model_probability (&pr_pair_model_default, features + i * PR_PAIR_N_FEATURES);
    }
  {
    /* The verdicts in the order of the rows: must-links first. */
    g_autoptr(GArray) verdicts = g_array_copy (must);

    g_array_append_vals (verdicts, cannot->data, cannot->len);
    folds = pr_pair_folds (verdicts->data, sizeof (PrPair), n, set->n_records, LEARN_FOLDS);
  }
  if (!pr_pair_cross_validate (features, labels, folds, n, LEARN_FOLDS, learned, &error))
    goto failed;
  tally (shipped, labels, n, probability, &shipped_tally);
  tally (learned, labels, n, probability, &learned_tally);

  printf (_("%u “repeat” and %u “not a repeat” verdicts on %s, a repeat at probability %.2f or more:\n"),
          must->len, cannot->len, options.table, probability);
  printf ("%-34s %9s %7s %6s\n", "", _("precision"), _("recall"), "F1");
  printf ("%-34s %9.3f %7.3f %6.3f\n", _("the shipped weights"), precision_of (&shipped_tally),
          recall_of (&shipped_tally), f1_of (&shipped_tally));
  printf ("%-34s %9.3f %7.3f %6.3f\n", _("learned here (5-fold cross-val.)"), precision_of (&learned_tally),
          recall_of (&learned_tally), f1_of (&learned_tally));

  if (f1_of (&learned_tally) > f1_of (&shipped_tally))
    {
      if (!pr_pair_learn (features, labels, n, &model, &error) ||
          !pr_store_save_weights (store, options.table, &model, &error))
        goto failed;
      printf (_("Kept the weights learned here: scans of %s with --second-stage and this store use them.\n"),
              options.table);
    }
  else
    {
      if (!pr_store_save_weights (store, options.table, NULL, &error))
        goto failed;
      printf (_("Kept the shipped weights: those learned here judge the verdicts no better.\n"));
    }
  return 0;

failed:
  return pr_cli_fail ("learn", error);
}
