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

/* ±1 for each bit of a byte, so that a feature's votes are eight runs of
 * eight contiguous multiply-adds, which the compiler turns into vector
 * instructions (a per-bit shift-and-select loop does not vectorise on
 * plain x86-64 and cost a quarter of the fingerprinting time). */
static double sign_table[256][8];

static const double (*
get_sign_table (void))[8]
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      for (guint byte = 0; byte < 256; byte++)
        for (guint bit = 0; bit < 8; bit++)
          sign_table[byte][bit] = (byte >> bit) & 1 ? 1.0 : -1.0;
      g_once_init_leave (&once, 1);
    }

  return (const double (*)[8]) sign_table;
}

void
pr_simhash_add_hash (PrSimhash *simhash,
                     guint64    hash,
                     double     weight)
{
  const double (*signs)[8] = get_sign_table ();

  for (guint b = 0; b < 8; b++)
    {
      const double *sign = signs[(hash >> (8 * b)) & 0xFF];
      double *v = simhash->v + 8 * b;

      for (guint i = 0; i < 8; i++)
        v[i] += weight * sign[i];
    }
  simhash->n_features++;
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
