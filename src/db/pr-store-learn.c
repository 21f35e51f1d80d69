/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Learning the second stage's weights for one table from the office's own
 * verdicts in the store — a repeat (or a merge) is a repeat, "not a
 * repeat" and a split are not — and keeping them if they judge better than
 * the shipped weights. Both are measured the same honest way: the shipped
 * weights never saw these verdicts, and the learned ones are measured by
 * cross-validation, each verdict judged by weights fitted without its
 * fold (the folds follow connected records, so that no record is in two).
 * The CLI's learn and the application's button both call this.
 */
#define G_LOG_DOMAIN "pr-store-learn"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-pair-judge.h"
#include "pr-scan.h"
#include "pr-store-learn.h"

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

static void
measure (const Tally *t,
         double      *precision,
         double      *recall,
         double      *f1)
{
  double p = t->tp + t->fp > 0 ? (double) t->tp / (t->tp + t->fp) : 1.0;
  double r = t->tp + t->fn > 0 ? (double) t->tp / (t->tp + t->fn) : 0.0;

  *precision = p;
  *recall = r;
  *f1 = p + r > 0 ? 2 * p * r / (p + r) : 0;
}

/**
 * pr_store_learn_weights:
 * @set: the table's records, read with keep_texts
 * @flags: the tokenizer's flags the records were read with
 * @probability: the probability from which a pair is a repeat
 * @report: (out): both weights' precision and recall, and which were kept
 *
 * Fits weights from the table's verdicts, measures them beside the shipped
 * weights, and keeps the better in the store for the table's scans.
 * Fails with %PR_PAIR_MODEL_ERROR_LABELS with fewer than %PR_LEARN_FOLDS
 * verdicts of either kind. Runs on any thread: @set is only read.
 */
gboolean
pr_store_learn_weights (PrStore          *store,
                        const char       *table,
                        const PrMapping  *mapping,
                        PrRecordSet      *set,
                        PrTokenizerFlags  flags,
                        double            probability,
                        PrLearnReport    *report,
                        GCancellable     *cancellable,
                        GError          **error)
{
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(PrTokenizer) tokenizer = NULL;
  g_autofree double *features = NULL;
  g_autofree guint8 *labels = NULL;
  g_autofree guint8 *folds = NULL;
  g_autofree double *shipped = NULL;
  g_autofree double *learned = NULL;
  Tally shipped_tally, learned_tally;
  gsize n;

  /* Measured against, and kept for, the shipped set of the mapping's kind. */
  PrPairModelKind kind = pr_pair_model_kind_of (mapping);
  const PrPairModel *shipped_model = pr_pair_model_shipped (kind);

  *report = (PrLearnReport) { .probability = probability, .kind = kind, .kept = *shipped_model };
  decisions = pr_store_list_decisions (store, table, error);
  if (decisions == NULL)
    return FALSE;
  pr_scan_constraints_from_decisions (set, decisions, must, cannot);
  report->n_repeats = must->len;
  report->n_not = cannot->len;
  if (must->len < PR_LEARN_FOLDS || cannot->len < PR_LEARN_FOLDS)
    {
      g_set_error (error, PR_PAIR_MODEL_ERROR, PR_PAIR_MODEL_ERROR_LABELS,
                   _("%u “repeat” and %u “not a repeat” verdicts on the table “%s”: at least %d of each are needed to "
                     "learn from. Review more clusters; until then scans use the shipped weights"),
                   must->len, cannot->len, table, PR_LEARN_FOLDS);
      return FALSE;
    }

  n = must->len + cannot->len;
  tokenizer = pr_tokenizer_new (flags, error);
  if (tokenizer == NULL)
    return FALSE;
  features = g_new (double, n * PR_PAIR_N_FEATURES);
  labels = g_new (guint8, n);
  shipped = g_new (double, n);
  learned = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      const PrPair *pair = i < must->len ? &g_array_index (must, PrPair, i)
                                         : &g_array_index (cannot, PrPair, i - must->len);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      labels[i] = i < must->len;
      if (!pr_pair_judge_features (tokenizer, mapping, set, pair->a, pair->b, features + i * PR_PAIR_N_FEATURES,
                                   error))
        return FALSE;
      shipped[i] = pr_pair_model_probability (shipped_model, features + i * PR_PAIR_N_FEATURES);
    }
  {
    /* The verdicts in the order of the rows: must-links first. */
    g_autoptr(GArray) verdicts = g_array_copy (must);

    g_array_append_vals (verdicts, cannot->data, cannot->len);
    folds = pr_pair_folds (verdicts->data, sizeof (PrPair), n, set->n_records, PR_LEARN_FOLDS);
  }
  if (!pr_pair_cross_validate (features, labels, folds, n, PR_LEARN_FOLDS, learned, error))
    return FALSE;
  tally (shipped, labels, n, probability, &shipped_tally);
  tally (learned, labels, n, probability, &learned_tally);
  measure (&shipped_tally, &report->shipped_precision, &report->shipped_recall, &report->shipped_f1);
  measure (&learned_tally, &report->learned_precision, &report->learned_recall, &report->learned_f1);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  report->kept_learned = report->learned_f1 > report->shipped_f1;
  if (report->kept_learned)
    {
      if (!pr_pair_learn (features, labels, n, &report->kept, error))
        return FALSE;
      pr_pair_model_settle (&report->kept, kind);
      return pr_store_save_weights (store, table, kind, &report->kept, error);
    }
  return pr_store_save_weights (store, table, kind, NULL, error);
}
