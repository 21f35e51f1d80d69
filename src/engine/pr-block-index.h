/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The largest k the index accepts: k + 1 blocks must each keep at least 4 bits. */
#define PR_BLOCK_INDEX_MAX_K 15

typedef struct {
  guint32 a;         /* index of the first fingerprint; a < b */
  guint32 b;
  guint32 distance;  /* Hamming distance, <= k */
} PrPair;

typedef struct {
  guint32 index;
  guint32 distance;
} PrMatch;

GArray       *pr_block_index_all_pairs (const guint64  *fingerprints,
                                        gsize           n_fingerprints,
                                        guint           k,
                                        guint           n_threads,
                                        GCancellable   *cancellable,
                                        GError        **error);

const char   *pr_block_index_get_kernel_name (void);

/* The tables of pr_block_index_all_pairs(): the 64 bits cut into n_blocks
 * blocks, one table for every choice of n_blocks - k of them as its key. */
typedef struct {
  guint n_blocks;
  guint n_tables;
  guint min_key_bits;
  guint max_key_bits;
} PrBlockIndexLayout;

void          pr_block_index_get_pairs_layout (gsize               n_fingerprints,
                                               guint               k,
                                               PrBlockIndexLayout *layout);

typedef struct _PrBlockIndex PrBlockIndex;

PrBlockIndex *pr_block_index_new       (const guint64  *fingerprints,
                                        gsize           n_fingerprints,
                                        guint           k);
void          pr_block_index_free      (PrBlockIndex   *index);
guint         pr_block_index_get_k     (PrBlockIndex   *index);
gsize         pr_block_index_get_n_fingerprints (PrBlockIndex *index);
gsize         pr_block_index_query     (PrBlockIndex   *index,
                                        guint64         fingerprint,
                                        GArray         *matches);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrBlockIndex, pr_block_index_free)

G_END_DECLS
