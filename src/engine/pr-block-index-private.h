/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the block index's join (pr-block-index.c) and its counting sort
 * (pr-block-sort.c) share: the blocks' layout, the key tables, and the
 * sorts that group fingerprints by a table's key. Not for other callers.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The all-pairs join may cut the 64 bits into more blocks than k + 1 (each
 * table then keys on r - k of them); these bound the layouts it considers
 * or accepts when forced.  C(r, k) tables each cost a sort of every
 * fingerprint, so layouts past a few hundred tables never pay. */
#define PAIRS_BLOCKS_MAX 32
#define PAIRS_TABLES_MAX 256
#define DIGIT_BITS 16

typedef struct {
  guint   n_blocks;
  guint   shift[PAIRS_BLOCKS_MAX];
  guint   width[PAIRS_BLOCKS_MAX];
  guint64 mask[PAIRS_BLOCKS_MAX];   /* the block's bits, in place */
} BlockLayout;

/* One table of the join: its key is the concatenation of some blocks'
 * bits.  Adjacent key blocks are merged into one segment, so a table whose
 * key blocks are contiguous (every table when r = k + 1) gathers its key
 * with one shift and mask, as the fixed four-table index did. */
typedef struct {
  guint64 key_mask;                        /* the key's bits, in place */
  guint64 key_blocks;                      /* bit j: block j is in the key */
  guint   key_bits;
  guint   n_segments;
  guint   seg_shift[PAIRS_BLOCKS_MAX];
  guint64 seg_low_mask[PAIRS_BLOCKS_MAX];  /* (1 << width) - 1 */
  guint   seg_width[PAIRS_BLOCKS_MAX];
} KeyTable;

/* Buckets of at most this many are sorted by insertion. */
#define BUCKET_INSERTION_MAX 32

void _pr_key_table_init        (KeyTable          *table,
                                const BlockLayout *layout,
                                guint64            key_blocks);
void _pr_block_sort_by_key     (const KeyTable    *table,
                                const guint64     *fps,
                                gsize              n,
                                guint              n_threads,
                                guint32           *counts,
                                guint64           *out_f,
                                guint32           *out_i,
                                guint64           *tmp_f,
                                guint32           *tmp_i,
                                guint32           *offsets);
void _pr_block_sort_two_level  (const KeyTable    *table,
                                const guint64     *fps,
                                gsize              n,
                                guint              n_threads,
                                guint32           *counts,
                                guint64           *out_f,
                                guint32           *out_i,
                                guint32           *offsets);
void _pr_block_bucket_sort_one (const KeyTable    *table,
                                guint64           *f,
                                guint32           *idx,
                                guint64           *tmp_f,
                                guint32           *tmp_i,
                                gsize              len);

G_END_DECLS
