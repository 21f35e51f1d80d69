/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every feature is hashed with XXH3-64 and this seed. Seed 0 keeps the hash
 * reproducible with any xxHash tool (`xxhsum -H3`). Changing it changes every
 * stored fingerprint. */
#define PR_SIMHASH_SEED G_GUINT64_CONSTANT (0)

typedef struct {
  double v[64];
  guint  n_features;
} PrSimhash;

void     pr_simhash_init      (PrSimhash    *simhash);
void     pr_simhash_add_hash  (PrSimhash    *simhash,
                               guint64       hash,
                               double        weight);
guint64  pr_simhash_finish    (const PrSimhash *simhash);
guint64  pr_feature_hash      (const void   *bytes,
                               gsize         length);

static inline guint
pr_hamming_distance (guint64 a,
                     guint64 b)
{
  return (guint) __builtin_popcountll (a ^ b);
}

G_END_DECLS
