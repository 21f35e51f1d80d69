/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a judged probability depends on, so that one kept from an earlier
 * scan is taken only where judging again would give the same number:
 * the two records as the judge reads them (pr_pair_record_hash ()), the
 * petitioner evidence of the pair (asked of the identity table each scan:
 * which phones are a front desk's is learnt from the whole table), and
 * the judge itself (pr_pair_judge_key ()): the weights, the features'
 * version, the tokenizer's folding and the mapping. No feature reads a
 * statistic of the whole table but the petitioner evidence.
 */
#define G_LOG_DOMAIN "pr-pair-judge-key"

#include "config.h"

#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-pair-judge-key.h"

static void
add_u64 (XXH3_state_t *state,
         guint64       value)
{
  value = GUINT64_TO_LE (value);
  XXH3_64bits_update (state, &value, sizeof value);
}

/* A string with its length, or a mark of none, so that no two lists of
 * strings hash alike by their joins. */
static void
add_string (XXH3_state_t *state,
            const char   *text)
{
  if (text == NULL)
    {
      add_u64 (state, G_MAXUINT64);
      return;
    }
  add_u64 (state, strlen (text));
  XXH3_64bits_update (state, text, strlen (text));
}

/**
 * pr_pair_judge_key:
 * @model: the weights in force
 * @flags: the tokenizer's
 * @mapping_version: pr_fingerprint_version () of the scan
 *
 * Returns: a hash of what judges a pair beside its two records: two
 *   judgements made under different keys are not comparable.
 */
guint64
pr_pair_judge_key (const PrPairModel *model,
                   PrTokenizerFlags   flags,
                   guint64            mapping_version)
{
  XXH3_state_t state;

  g_return_val_if_fail (model != NULL, 0);

  XXH3_64bits_reset (&state);
  add_u64 (&state, PR_PAIR_FEATURES_VERSION);
  add_u64 (&state, PR_PAIR_N_FEATURES);
  add_u64 (&state, flags);
  add_u64 (&state, mapping_version);
  /* The weights' bits: a weight learnt again to the same value is the same. */
  XXH3_64bits_update (&state, &model->bias, sizeof model->bias);
  XXH3_64bits_update (&state, model->weights, sizeof model->weights);
  return XXH3_64bits_digest (&state);
}

/**
 * pr_pair_record_hash:
 * @id: the record's id
 * @record: the record as the judge reads it (pr_pair_judge_record ())
 *
 * Returns: a hash of every value of @record a feature reads (but the
 *   petitioner, told by the identity table), and of its id.
 */
guint64
pr_pair_record_hash (const char         *id,
                     const PrPairRecord *record)
{
  XXH3_state_t state;

  XXH3_64bits_reset (&state);
  add_string (&state, id);
  add_string (&state, record->body);
  add_string (&state, record->subject);
  add_u64 (&state, (guint64) record->date);
  add_u64 (&state, record->petitioner);
  add_u64 (&state, record->fingerprint);
  add_u64 (&state, record->n_fields);
  for (guint i = 0; i < record->n_fields; i++)
    add_string (&state, record->fields != NULL ? record->fields[i] : NULL);
  return XXH3_64bits_digest (&state);
}
