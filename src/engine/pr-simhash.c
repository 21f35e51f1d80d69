/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Charikar's SimHash over weighted features: each feature's XXH3-64 hash
 * votes +weight on the bits that are 1 and −weight on the bits that are 0;
 * bit j of the fingerprint is 1 iff the sum V[j] > 0 (a tie gives 0).
 */
#define G_LOG_DOMAIN "pr-simhash"

#include "config.h"

#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-simhash.h"

void
pr_simhash_init (PrSimhash *simhash)
{
  g_return_if_fail (simhash != NULL);

  memset (simhash, 0, sizeof *simhash);
}

/**
 * pr_feature_hash:
 * @bytes: the feature's bytes (UTF-8 for text)
 * @length: their length
 *
 * Returns: XXH3-64 of @bytes with %PR_SIMHASH_SEED.
 */
guint64
pr_feature_hash (const void *bytes,
                 gsize       length)
{
  return XXH3_64bits_withSeed (bytes, length, PR_SIMHASH_SEED);
}

void
pr_simhash_add_hash (PrSimhash *simhash,
                     guint64    hash,
                     double     weight)
{
  /* Branch-free, so the compiler vectorises the 64 lanes. */
  for (guint j = 0; j < 64; j++)
    simhash->v[j] += ((hash >> j) & 1) ? weight : -weight;
  simhash->n_features++;
}

void
pr_simhash_add_bytes (PrSimhash  *simhash,
                      const void *bytes,
                      gsize       length,
                      double      weight)
{
  pr_simhash_add_hash (simhash, pr_feature_hash (bytes, length), weight);
}

guint64
pr_simhash_finish (const PrSimhash *simhash)
{
  guint64 fingerprint = 0;

  g_return_val_if_fail (simhash != NULL, 0);

  for (guint j = 0; j < 64; j++)
    if (simhash->v[j] > 0)
      fingerprint |= G_GUINT64_CONSTANT (1) << j;

  return fingerprint;
}
