/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan's options, the one definition the window's scan (pr-session.c)
 * and the CLI's (pr-cli-scan.c) both start from: the tokenizer's flags,
 * the fewest words, the passages' method and thresholds, and with the
 * second stage its weights, its probability and its generous candidates.
 * Set apart they drifted, and a clerk and an administrator saw two
 * answers for one table.
 */
#define G_LOG_DOMAIN "pr-scan-options"

#include "config.h"

#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-pair-judge.h"
#include "pr-scan-options.h"

/**
 * pr_scan_options_init:
 * @load: (out caller-allocates): how to read and fingerprint, the defaults
 * @parts: (out caller-allocates): how to pair records by their passages,
 *   the defaults
 *
 * The caller then sets what is its own (labels, progress, bad rows, the
 * date order) and what its user changed.
 */
void
pr_scan_options_init (PrLoadOptions      *load,
                      PrPartMatchOptions *parts)
{
  memset (load, 0, sizeof *load);
  load->flags = PR_SCAN_TOKENIZER_FLAGS;
  load->min_tokens = PR_DEFAULT_MIN_TOKENS;
  load->parts = TRUE;
  load->part_method = pr_part_method_resolve (NULL);
  *parts = PR_PART_MATCH_OPTIONS_DEFAULT;
}

/**
 * pr_scan_options_second_stage:
 * @store: (nullable): the application's tables, for the weights `learn`
 *   kept for @table
 * @table: the source table
 * @mapping: its mapping, which tells the kind of weights (a subject
 *   mapped, or the body alone)
 * @probability: the probability from which a pair is a repeat
 * @model: (out caller-allocates): the weights judged by: @table's for
 *   @mapping's kind, or the shipped ones for that kind; must outlive the scan (@load points to it)
 * @load: (nullable): the options to judge every candidate pair with, or
 *   %NULL for a caller that judges otherwise (an intake)
 * @parts: the passages' thresholds: the second stage's generous ones,
 *   unless the caller changed them from the defaults
 *
 * Returns: %FALSE if the stored weights cannot be read
 */
gboolean
pr_scan_options_second_stage (PrStore             *store,
                              const char          *table,
                              const PrMapping     *mapping,
                              double               probability,
                              PrPairModel         *model,
                              PrLoadOptions       *load,
                              PrPartMatchOptions  *parts,
                              GError             **error)
{
  PrPairModelKind kind = pr_pair_model_kind_of (mapping);

  *model = *pr_pair_model_shipped (kind);
  if (store != NULL && !pr_store_load_weights (store, table, kind, model, NULL, error))
    return FALSE;
  if (load != NULL)
    {
      load->judge = model;
      load->judge_probability = probability;
    }
  pr_scan_options_candidates (parts);
  return TRUE;
}

/**
 * pr_scan_options_candidates:
 * @parts: the passages' thresholds
 *
 * The second stage judges generous candidates: its own passages'
 * thresholds, unless @parts has others than the defaults (given by the
 * user), and a lower minimum of shared words for short records unless
 * @parts has one.
 */
void
pr_scan_options_candidates (PrPartMatchOptions *parts)
{
  if (parts->min_shared_tokens_short == 0)
    parts->min_shared_tokens_short = PR_PAIR_CANDIDATE_MIN_SHARED_SHORT;
  if (parts->min_containment == PR_PART_DEFAULT_MIN_CONTAINMENT &&
      parts->min_containment_same_petitioner == PR_PART_DEFAULT_MIN_CONTAINMENT_SAME_PETITIONER)
    {
      parts->min_containment = PR_PAIR_CANDIDATE_CONTAINMENT;
      parts->min_containment_same_petitioner = PR_PAIR_CANDIDATE_CONTAINMENT_SAME;
    }
}
