/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The block index's counting sort: the fingerprints grouped by a key
 * table's key, in stable counting passes over 16-bit digits gathered from
 * the key's blocks (pr-block-index.c says how the join uses them).
 */
#define G_LOG_DOMAIN "pr-block-index"

#include "config.h"

#include <string.h>

#include "pr-block-index-private.h"
#include "pr-threads.h"

void
_pr_key_table_init (KeyTable          *table,
                    const BlockLayout *layout,
                    guint64            key_blocks)
{
  memset (table, 0, sizeof *table);
  table->key_blocks = key_blocks;
  for (guint b = 0; b < layout->n_blocks; b++)
    {
      guint s;

      if (!(key_blocks & (G_GUINT64_CONSTANT (1) << b)))
        continue;
      table->key_mask |= layout->mask[b];
      table->key_bits += layout->width[b];
      s = table->n_segments;
      if (s > 0 && table->seg_shift[s - 1] + table->seg_width[s - 1] == layout->shift[b])
        table->seg_width[s - 1] += layout->width[b];
      else
        {
          table->seg_shift[s] = layout->shift[b];
          table->seg_width[s] = layout->width[b];
          table->n_segments++;
        }
    }
  for (guint s = 0; s < table->n_segments; s++)
    table->seg_low_mask[s] = table->seg_width[s] == 64
                             ? G_MAXUINT64
                             : (G_GUINT64_CONSTANT (1) << table->seg_width[s]) - 1;
}

/* The key's bits packed into the low key_bits bits.  Sorting by it groups
 * the fingerprints whose key blocks all agree: the runs the join compares.
 * The fingerprints themselves are not permuted, so distances, run bounds
 * ((f ^ g) & key_mask) and the dedupe all work on the original bits. */
static inline guint64
key_table_key (const KeyTable *table,
               guint64         fp)
{
  guint64 key = 0;
  guint at = 0;

  if (G_LIKELY (table->n_segments == 1))
    return (fp >> table->seg_shift[0]) & table->seg_low_mask[0];
  for (guint s = 0; s < table->n_segments; s++)
    {
      key |= ((fp >> table->seg_shift[s]) & table->seg_low_mask[s]) << at;
      at += table->seg_width[s];
    }
  return key;
}

/* ------------------------------------------------------------------------ */
/* Counting sort                                                            */

typedef struct {
  const guint64 *src_f;
  const guint32 *src_i;       /* NULL: the identity permutation */
  guint64       *dst_f;
  guint32       *dst_i;
  gsize          n;
  const KeyTable *table;      /* the digit is taken from the table's key */
  guint          shift;       /* of the digit within the key */
  guint          bits;
  guint          n_threads;
  guint32       *counts;      /* n_threads rows of 2^bits counters */
} CountingPass;

static inline void
thread_range (gsize  n,
              guint  n_threads,
              guint  t,
              gsize *lo,
              gsize *hi)
{
  *lo = (gsize) ((guint64) n * t / n_threads);
  *hi = (gsize) ((guint64) n * (t + 1) / n_threads);
}

static void
counting_histogram (gpointer data,
                    guint    t)
{
  CountingPass *pass = data;
  gsize radix = (gsize) 1 << pass->bits;
  guint32 *count = pass->counts + t * radix;
  guint64 digit_mask = radix - 1;
  guint shift = pass->shift;
  const KeyTable *table = pass->table;
  const guint64 *src = pass->src_f;
  gsize lo, hi;

  thread_range (pass->n, pass->n_threads, t, &lo, &hi);
  memset (count, 0, radix * sizeof (guint32));
  for (gsize i = lo; i < hi; i++)
    count[(key_table_key (table, src[i]) >> shift) & digit_mask]++;
}

static void
counting_scatter (gpointer data,
                  guint    t)
{
  CountingPass *pass = data;
  gsize radix = (gsize) 1 << pass->bits;
  guint32 *pos = pass->counts + t * radix;
  guint64 digit_mask = radix - 1;
  guint shift = pass->shift;
  const KeyTable *table = pass->table;
  const guint64 *src_f = pass->src_f;
  const guint32 *src_i = pass->src_i;
  guint64 *dst_f = pass->dst_f;
  guint32 *dst_i = pass->dst_i;
  gsize lo, hi;

  thread_range (pass->n, pass->n_threads, t, &lo, &hi);
  if (src_i == NULL)
    {
      for (gsize i = lo; i < hi; i++)
        {
          guint64 f = src_f[i];
          guint32 p = pos[(key_table_key (table, f) >> shift) & digit_mask]++;

          dst_f[p] = f;
          dst_i[p] = (guint32) i;
        }
    }
  else
    {
      for (gsize i = lo; i < hi; i++)
        {
          guint64 f = src_f[i];
          guint32 p = pos[(key_table_key (table, f) >> shift) & digit_mask]++;

          dst_f[p] = f;
          dst_i[p] = src_i[i];
        }
    }
}

/* One stable counting-sort pass on the digit (f >> shift) & (2^bits - 1).
 * If @offsets is not NULL it receives the 2^bits + 1 bucket boundaries. */
static void
counting_pass (CountingPass *pass,
               guint32      *offsets)
{
  gsize radix = (gsize) 1 << pass->bits;
  guint32 running = 0;

  pr_threads_run ("pr-block-index", pass->n_threads, counting_histogram, pass);

  /* Turn the per-thread counts into per-thread start positions: thread t's
   * elements of digit v go after all elements of smaller digits and after
   * threads < t's elements of digit v, which keeps the pass stable. */
  for (gsize v = 0; v < radix; v++)
    {
      if (offsets != NULL)
        offsets[v] = running;
      for (guint t = 0; t < pass->n_threads; t++)
        {
          guint32 c = pass->counts[t * radix + v];

          pass->counts[t * radix + v] = running;
          running += c;
        }
    }
  if (offsets != NULL)
    offsets[radix] = running;

  pr_threads_run ("pr-block-index", pass->n_threads, counting_scatter, pass);
}

/* Sorts @fps (with identity indices) by @table's key into @out_f / @out_i.
 * Keys wider than 16 bits need @tmp_f / @tmp_i (LSD radix, ping-pong).
 * @offsets (2^key_bits + 1 entries) is filled for keys of <= 16 bits. */
void
_pr_block_sort_by_key (const KeyTable *table,
                       const guint64  *fps,
                       gsize           n,
                       guint           n_threads,
                       guint32        *counts,
                       guint64        *out_f,
                       guint32        *out_i,
                       guint64        *tmp_f,
                       guint32        *tmp_i,
                       guint32        *offsets)
{
  guint width = table->key_bits;
  guint n_passes = (width + DIGIT_BITS - 1) / DIGIT_BITS;
  const guint64 *src_f = fps;
  const guint32 *src_i = NULL;

  for (guint p = 0; p < n_passes; p++)
    {
      /* Arrange the ping-pong so the last pass lands in out_f/out_i. */
      gboolean to_out = ((n_passes - 1 - p) % 2) == 0;
      guint bits = MIN (DIGIT_BITS, width - p * DIGIT_BITS);
      CountingPass pass = {
        .src_f = src_f,
        .src_i = src_i,
        .dst_f = to_out ? out_f : tmp_f,
        .dst_i = to_out ? out_i : tmp_i,
        .n = n,
        .table = table,
        .shift = p * DIGIT_BITS,
        .bits = bits,
        .n_threads = n_threads,
        .counts = counts,
      };

      counting_pass (&pass, n_passes == 1 ? offsets : NULL);
      src_f = pass.dst_f;
      src_i = pass.dst_i;
    }
}

/* Two-level sort for keys of 17 to 32 bits, which the join only needs
 * grouped, not in numeric order: one counting pass over everything by the
 * key's low 16 bits (sort_two_level), then each of the 65536 buckets
 * sorted on its own by the rest of the key (bucket_sort_one) by the join
 * worker just before it joins the bucket, while the bucket is in cache.
 * That costs a fraction of a second scatter over the whole array, which is
 * what makes tables with longer keys affordable. */
/* Digits of the bucket sorts: the whole rest of the key in one pass when
 * its histogram is not much larger than the bucket (n / 65536 ~ 1,500 at
 * 10^8), else passes of 8 bits. */
#define BUCKET_DIGIT_BITS 8
#define BUCKET_ONE_PASS_BITS_MAX 12

static inline guint64
high_key (const KeyTable *table,
          guint64         fp)
{
  return key_table_key (table, fp) >> DIGIT_BITS;
}

void
_pr_block_bucket_sort_one (const KeyTable *table,
                           guint64        *f,
                           guint32        *idx,
                           guint64        *tmp_f,
                           guint32        *tmp_i,
                           gsize           len)
{
  guint rest = table->key_bits - DIGIT_BITS;
  guint digit_bits = rest <= BUCKET_ONE_PASS_BITS_MAX && ((gsize) 1 << rest) <= 2 * len
                     ? rest : BUCKET_DIGIT_BITS;
  guint n_passes = (rest + digit_bits - 1) / digit_bits;
  guint64 *src_f = f, *dst_f = tmp_f;
  guint32 *src_i = idx, *dst_i = tmp_i;
  guint32 count[1 << BUCKET_ONE_PASS_BITS_MAX];

  if (len <= BUCKET_INSERTION_MAX)
    {
      /* Keys gathered once: recomputing them in the inner loop doubled
       * the cost of the sorts at 10^6, where most buckets are this small. */
      guint64 keys[BUCKET_INSERTION_MAX];

      keys[0] = high_key (table, f[0]);
      for (gsize i = 1; i < len; i++)
        {
          guint64 x = f[i];
          guint32 xi = idx[i];
          guint64 key = high_key (table, x);
          gsize j = i;

          for (; j > 0 && keys[j - 1] > key; j--)
            {
              keys[j] = keys[j - 1];
              f[j] = f[j - 1];
              idx[j] = idx[j - 1];
            }
          keys[j] = key;
          f[j] = x;
          idx[j] = xi;
        }
      return;
    }

  for (guint p = 0; p < n_passes; p++)
    {
      /* The counting pass of the whole array's sort, on one thread: the
       * digit above the first level's 16 bits. */
      CountingPass pass = {
        .src_f = src_f, .src_i = src_i, .dst_f = dst_f, .dst_i = dst_i, .n = len, .table = table,
        .shift = DIGIT_BITS + p * digit_bits, .bits = digit_bits, .n_threads = 1, .counts = count,
      };

      counting_pass (&pass, NULL);
      {
        guint64 *swap_f = src_f;
        guint32 *swap_i = src_i;

        src_f = dst_f;
        src_i = dst_i;
        dst_f = swap_f;
        dst_i = swap_i;
      }
    }
  if (src_f != f)
    {
      memcpy (f, src_f, len * sizeof (guint64));
      memcpy (idx, src_i, len * sizeof (guint32));
    }
}

void
_pr_block_sort_two_level (const KeyTable *table,
                          const guint64  *fps,
                          gsize           n,
                          guint           n_threads,
                          guint32        *counts,
                          guint64        *out_f,
                          guint32        *out_i,
                          guint32        *offsets)
{
  CountingPass pass = {
    .src_f = fps,
    .src_i = NULL,
    .dst_f = out_f,
    .dst_i = out_i,
    .n = n,
    .table = table,
    .shift = 0,
    .bits = DIGIT_BITS,
    .n_threads = n_threads,
    .counts = counts,
  };

  g_assert (table->key_bits > DIGIT_BITS && table->key_bits <= 2 * DIGIT_BITS);
  counting_pass (&pass, offsets);
}
