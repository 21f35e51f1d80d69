/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Exact Hamming-distance joins over 64-bit SimHash fingerprints.
 *
 * Blocks and the pigeonhole principle: the 64 bits are cut into r >= k + 1
 * contiguous blocks of (nearly) equal width.  Two fingerprints that differ
 * in at most k bits differ in at most k blocks, so they agree exactly on
 * some r - k of them.  Each table of the all-pairs join takes one choice of
 * r - k blocks as its key (C(r, k) tables: Manku, Jain and Das Sarma,
 * "Detecting near-duplicates for web crawling", WWW 2007); we group the fingerprints
 * by that key and only compare fingerprints within a group ("bucket").
 * Every pair within distance k is seen in at least one bucket, so nothing
 * is missed.  r = k + 1 gives k + 1 tables of one block each; more blocks
 * give more tables with longer keys, hence smaller buckets: choose_blocks()
 * picks r from an estimate of sort and comparison costs, so the join stays
 * near-linear as n grows.  Single queries (PrBlockIndex) keep r = k + 1.
 *
 * First-agreeing-table deduplication: a pair that agrees on more than
 * r - k blocks shows up in several tables.  Rather than remembering
 * reported pairs in a hash set, a pair is only reported by the table whose
 * key is the r - k lowest blocks it agrees on (table_owns_pair).  That
 * table is unique, so each pair is reported exactly once, and the check
 * costs r mask tests on the rare match path only.
 *
 * Counting sort (pr-block-sort.c): buckets are formed by sorting a copy of the fingerprints
 * (plus a parallel guint32 permutation giving their original indices) by
 * key.  Keys of up to 16 bits take one counting-sort pass with a 2^bits
 * histogram; keys of 17 to 32 bits one pass by their low 16 bits, then
 * each bucket is sorted by the rest, in cache, just before it is joined
 * (or joined whole when it is small); wider keys use an LSD radix sort of
 * stable counting passes over 16-bit digits.  The key's blocks need not be
 * contiguous: the digit is gathered from them, and the fingerprints are
 * stored unpermuted.  No comparison sort is involved.  The fingerprints
 * themselves are scattered (not only indices) so the quadratic in-bucket
 * loop reads contiguous memory.
 *
 * Parallelism: tables are processed one after the other so only one sorted
 * copy is alive at a time (12 bytes per fingerprint, 24 with the radix
 * double buffer of keys past 32 bits); within a table, threads histogram
 * and scatter disjoint input ranges (per-thread histograms keep the sort
 * stable and deterministic) and then take chunks of the sorted array (or
 * of its first-level buckets) from an atomic counter for the join.  Each thread appends to its own pair buffer; the
 * buffers are concatenated and radix-sorted by (a, b) at the end, so the
 * result does not depend on the number of threads.
 *
 * The in-bucket kernel is selected at run time: AVX-512 VPOPCNTQ (8 pairs
 * per instruction), scalar POPCNT, or a portable fallback for CPUs without
 * popcnt (the build has no -march flag).  PR_BLOCK_INDEX_KERNEL=generic,
 * popcnt or avx512 forces one, for tests and benchmarks.
 */
#define G_LOG_DOMAIN "pr-block-index"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-block-index.h"
#include "pr-block-index-private.h"
#include "pr-pair-budget.h"
#include "pr-threads.h"
#include "pr-memory-stop.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PR_HAVE_X86 1
#endif

#define N_BLOCKS_MAX (PR_BLOCK_INDEX_MAX_K + 1)

/* Elements of the sorted array handed out per atomic increment in the join:
 * large enough to make the atomic negligible, small enough to balance. */
#define JOIN_CHUNK 16384

/* Cuts the 64 bits into @n_blocks contiguous blocks of (nearly) equal
 * width, the wider ones first. */
static void
block_layout_init (BlockLayout *layout,
                   guint        n_blocks)
{
  guint base = 64 / n_blocks;
  guint extra = 64 % n_blocks;
  guint shift = 0;

  g_assert (n_blocks >= 1 && n_blocks <= PAIRS_BLOCKS_MAX);
  layout->n_blocks = n_blocks;
  for (guint b = 0; b < n_blocks; b++)
    {
      guint width = base + (b < extra ? 1 : 0);

      layout->shift[b] = shift;
      layout->width[b] = width;
      layout->mask[b] = (width == 64) ? G_MAXUINT64
                                      : (((G_GUINT64_CONSTANT (1) << width) - 1) << shift);
      shift += width;
    }
  g_assert (shift == 64);
}

static inline guint64
block_key (const BlockLayout *layout,
           guint              b,
           guint64            fp)
{
  return (fp & layout->mask[b]) >> layout->shift[b];
}

/* TRUE if the two fingerprints with XOR @diff agree on a block before @b,
 * in which case the pair belongs to that earlier block. */
static inline gboolean
agrees_before (const BlockLayout *layout,
               guint              b,
               guint64            diff)
{
  for (guint i = 0; i < b; i++)
    if ((diff & layout->mask[i]) == 0)
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* Large buffers                                                            */

#define HUGE_PAGE_SIZE ((gsize) 2 << 20)

/* The scatter of a counting sort writes to 65536 places at once; with 4 KiB
 * pages nearly every store misses the TLB, and faulting in a fresh buffer
 * costs one fault per page.  Asking for transparent huge pages (the default
 * policy on Debian is "madvise") makes both cheap.  Buffers are aligned so
 * the kernel can actually back them with 2 MiB pages.  Free with free(). */
static gpointer
big_alloc (gsize n_elements,
           gsize element_size)
{
  gsize size;
  gpointer mem;

  if (n_elements == 0)
    n_elements = 1;
  if (!g_size_checked_mul (&size, n_elements, element_size))
    g_error ("%s: overflow allocating %" G_GSIZE_FORMAT " × %" G_GSIZE_FORMAT " bytes",
             G_STRLOC, n_elements, element_size);

  if (size < HUGE_PAGE_SIZE)
    {
      mem = malloc (size);
    }
  else
    {
      size = (size + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
      mem = aligned_alloc (HUGE_PAGE_SIZE, size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (mem != NULL)
        madvise (mem, size, MADV_HUGEPAGE);
#endif
    }
  if (mem == NULL)
    g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
  return mem;
}

/* ------------------------------------------------------------------------ */
/* Pair buffers                                                             */

/* What the threads' buffers may hold together (pr-pair-budget.c). A
 * buffer takes its share when it grows; past the budget, or when memory
 * runs out first, it stops growing and the join stops. */
typedef struct {
  gsize   limit;
  gsize   taken;      /* atomic */
  gint    exceeded;   /* atomic */
  guint64 refused;    /* bytes the allocator refused, set by whoever set exceeded */
} PairBudget;

typedef struct {
  PrPair     *pairs;
  gsize       len;
  gsize       alloc;
  PairBudget *budget;
} PairBuffer;

static void
pair_buffer_push_slow (PairBuffer *buf,
                       PrPair      pair)
{
  gsize alloc = MAX (buf->alloc * 2, 256);
  PrPair *pairs;
  gboolean over;

  if (g_atomic_int_get (&buf->budget->exceeded))
    return;
  over = (gsize) g_atomic_pointer_add (&buf->budget->taken, alloc - buf->alloc) + (alloc - buf->alloc) >
         buf->budget->limit;
  if (over || (pairs = PR_MEMORY_TRY (g_try_renew (PrPair, buf->pairs, alloc))) == NULL)
    {
      /* Under the budget, the fault is the memory's, not the pairs'. */
      if (g_atomic_int_compare_and_exchange (&buf->budget->exceeded, 0, 1) && !over)
        buf->budget->refused = (guint64) alloc * sizeof (PrPair);
      return;
    }
  buf->pairs = pairs;
  buf->alloc = alloc;
  buf->pairs[buf->len++] = pair;
}

static inline void
pair_buffer_push (PairBuffer *buf,
                  PrPair      pair)
{
  if (G_UNLIKELY (buf->len == buf->alloc))
    pair_buffer_push_slow (buf, pair);
  else
    buf->pairs[buf->len++] = pair;
}

/* ------------------------------------------------------------------------ */
/* The in-bucket join kernels                                               */

typedef struct {
  const BlockLayout *layout;
  const KeyTable    *table;
  guint              k;
  PairBuffer        *out;
} JoinCtx;

/* First agreeing table: a pair within k agrees on a set A of at least
 * r - k blocks and meets in every table whose key blocks are a subset of
 * A.  Only one of them reports it: the table keyed on the r - k lowest
 * blocks of A.  That needs no memory of reported pairs and costs r mask
 * tests, on the rare path only. */
static inline gboolean
table_owns_pair (const BlockLayout *layout,
                 const KeyTable    *table,
                 guint              k,
                 guint64            diff)
{
  guint need = layout->n_blocks - k;
  guint64 first = 0;

  for (guint b = 0; b < layout->n_blocks && need > 0; b++)
    if ((diff & layout->mask[b]) == 0)
      {
        first |= G_GUINT64_CONSTANT (1) << b;
        need--;
      }
  return first == table->key_blocks;
}

/* The rare path: a candidate within distance k was found. */
static __attribute__((noinline)) void
join_emit (const JoinCtx *ctx,
           guint64        fa,
           guint64        fb,
           guint32        ia,
           guint32        ib)
{
  guint64 diff = fa ^ fb;
  PrPair pair;

  if (!table_owns_pair (ctx->layout, ctx->table, ctx->k, diff))
    return;
  pair.a = MIN (ia, ib);
  pair.b = MAX (ia, ib);
  pair.distance = (guint32) __builtin_popcountll (diff);
  pair_buffer_push (ctx->out, pair);
}

/* Compares rows [row_lo, row_hi) of a run of @len elements with every
 * later element of the run. */
typedef void (*JoinRunFunc) (const JoinCtx *ctx,
                             const guint64 *f,
                             const guint32 *idx,
                             gsize          len,
                             gsize          row_lo,
                             gsize          row_hi);

/* Compares all pairs of one run.  The four-way unrolled test ORs the four
 * comparisons so the common no-match case is a single well-predicted
 * branch.  Always inlined into the per-ISA wrappers below so that
 * __builtin_popcountll expands to the instruction the wrapper allows. */
static inline __attribute__((always_inline)) void
join_run_scalar_body (const JoinCtx *ctx,
                      const guint64 *f,
                      const guint32 *idx,
                      gsize          len,
                      gsize          row_lo,
                      gsize          row_hi)
{
  guint k = ctx->k;

  for (gsize i = row_lo; i < row_hi && i + 1 < len; i++)
    {
      guint64 x = f[i];
      gsize j = i + 1;

      for (; j + 4 <= len; j += 4)
        {
          guint d0 = (guint) __builtin_popcountll (x ^ f[j]);
          guint d1 = (guint) __builtin_popcountll (x ^ f[j + 1]);
          guint d2 = (guint) __builtin_popcountll (x ^ f[j + 2]);
          guint d3 = (guint) __builtin_popcountll (x ^ f[j + 3]);

          if (G_UNLIKELY ((d0 <= k) | (d1 <= k) | (d2 <= k) | (d3 <= k)))
            {
              for (gsize jj = j; jj < j + 4; jj++)
                if ((guint) __builtin_popcountll (x ^ f[jj]) <= k)
                  join_emit (ctx, x, f[jj], idx[i], idx[jj]);
            }
        }
      for (; j < len; j++)
        if (G_UNLIKELY ((guint) __builtin_popcountll (x ^ f[j]) <= k))
          join_emit (ctx, x, f[j], idx[i], idx[j]);
    }
}

static void
join_run_generic (const JoinCtx *ctx,
                  const guint64 *f,
                  const guint32 *idx,
                  gsize          len,
                  gsize          row_lo,
                  gsize          row_hi)
{
  join_run_scalar_body (ctx, f, idx, len, row_lo, row_hi);
}

#ifdef PR_HAVE_X86
__attribute__((target ("popcnt"))) static void
join_run_popcnt (const JoinCtx *ctx,
                 const guint64 *f,
                 const guint32 *idx,
                 gsize          len,
                 gsize          row_lo,
                 gsize          row_hi)
{
  join_run_scalar_body (ctx, f, idx, len, row_lo, row_hi);
}

__attribute__((target ("avx512f,avx512vpopcntdq,popcnt"))) static void
join_run_avx512 (const JoinCtx *ctx,
                 const guint64 *f,
                 const guint32 *idx,
                 gsize          len,
                 gsize          row_lo,
                 gsize          row_hi)
{
  const __m512i kv = _mm512_set1_epi64 ((long long) ctx->k);

  for (gsize i = row_lo; i < row_hi && i + 1 < len; i++)
    {
      const __m512i x = _mm512_set1_epi64 ((long long) f[i]);
      gsize j = i + 1;
      __mmask8 m;

      for (; j + 8 <= len; j += 8)
        {
          __m512i y = _mm512_loadu_si512 ((const void *) (f + j));
          __m512i d = _mm512_popcnt_epi64 (_mm512_xor_si512 (x, y));

          m = _mm512_cmple_epu64_mask (d, kv);
          while (G_UNLIKELY (m != 0))
            {
              guint l = (guint) __builtin_ctz (m);

              join_emit (ctx, f[i], f[j + l], idx[i], idx[j + l]);
              m &= m - 1;
            }
        }
      if (j < len)
        {
          /* Masked load: lanes past the end are neither read nor faulted. */
          __mmask8 live = (__mmask8) ((1u << (len - j)) - 1);
          __m512i y = _mm512_maskz_loadu_epi64 (live, (const void *) (f + j));
          __m512i d = _mm512_popcnt_epi64 (_mm512_xor_si512 (x, y));

          m = _mm512_mask_cmple_epu64_mask (live, d, kv);
          while (G_UNLIKELY (m != 0))
            {
              guint l = (guint) __builtin_ctz (m);

              join_emit (ctx, f[i], f[j + l], idx[i], idx[j + l]);
              m &= m - 1;
            }
        }
    }
}
#endif

static JoinRunFunc
select_join_kernel (void)
{
  const char *force = g_getenv ("PR_BLOCK_INDEX_KERNEL");

#ifdef PR_HAVE_X86
  gboolean has_popcnt, has_avx512;

  __builtin_cpu_init ();
  has_popcnt = __builtin_cpu_supports ("popcnt");
  has_avx512 = __builtin_cpu_supports ("avx512f") &&
               __builtin_cpu_supports ("avx512vpopcntdq");

  if (force != NULL)
    {
      if (g_str_equal (force, "avx512") && has_avx512)
        return join_run_avx512;
      if (g_str_equal (force, "popcnt") && has_popcnt)
        return join_run_popcnt;
      if (g_str_equal (force, "generic"))
        return join_run_generic;
      /* An unavailable kernel falls through to the best one we have. */
    }
  if (has_avx512)
    return join_run_avx512;
  if (has_popcnt)
    return join_run_popcnt;
#endif
  (void) force;
  return join_run_generic;
}

/**
 * pr_block_index_get_kernel_name:
 *
 * Returns: (transfer none): the name of the in-bucket kernel that
 *   pr_block_index_all_pairs() would use now ("avx512", "popcnt" or
 *   "generic"), for benchmarks and test logs.
 */
const char *
pr_block_index_get_kernel_name (void)
{
  JoinRunFunc func = select_join_kernel ();

#ifdef PR_HAVE_X86
  if (func == join_run_avx512)
    return "avx512";
  if (func == join_run_popcnt)
    return "popcnt";
#endif
  (void) func;
  return "generic";
}

/* ------------------------------------------------------------------------ */
/* All pairs                                                                */

typedef struct {
  const BlockLayout *layout;
  const KeyTable    *table;
  guint              k;
  guint64           *f;
  guint32           *idx;
  gsize              n;
  const guint32     *offsets;       /* non-NULL: buckets still to sort (_pr_block_sort_two_level) */
  gsize              join_whole_max; /* buckets up to this long are joined unsorted */
  JoinRunFunc        kernel;
  PairBuffer        *buffers;       /* one per thread */
  gsize              next_chunk;    /* atomic; gsize as n / JOIN_CHUNK can pass G_MAXINT / 2 */
  gint               cancelled;     /* atomic */
  GCancellable      *cancellable;
} JoinPhase;

/* Joins the runs of equal key that start in [p, hi), each extending at
 * most to @end.  FALSE if cancelled. */
static gboolean
join_runs (JoinPhase     *phase,
           const JoinCtx *ctx,
           gsize          p,
           gsize          hi,
           gsize          end)
{
  const guint64 *f = phase->f;
  const guint64 mask = phase->table->key_mask;

  while (p < hi)
    {
      gsize e = p + 1;

      while (e < end && ((f[e] ^ f[p]) & mask) == 0)
        e++;

      if (e - p > 1)
        {
          gsize len = e - p;

          /* Huge runs (dense data) are quadratic: do them in slices
           * of rows so cancellation stays responsive. */
          for (gsize r = 0; r + 1 < len; r += 512)
            {
              if (g_atomic_int_get (&phase->buffers[0].budget->exceeded))
                return FALSE;
              if (len > 4096 && g_cancellable_is_cancelled (phase->cancellable))
                {
                  g_atomic_int_set (&phase->cancelled, 1);
                  return FALSE;
                }
              phase->kernel (ctx, f + p, phase->idx + p, len, r, r + 512);
            }
        }
      p = e;
    }
  return TRUE;
}

/* Buckets of the first level handed out per atomic increment when the
 * join also sorts them. */
#define BUCKET_CHUNK 64

static void
join_worker (gpointer data,
             guint    t)
{
  JoinPhase *phase = data;
  const guint64 *f = phase->f;
  const guint64 mask = phase->table->key_mask;
  gsize n = phase->n;
  gboolean buckets = phase->offsets != NULL;
  gsize n_chunks = buckets ? ((gsize) 1 << DIGIT_BITS) / BUCKET_CHUNK
                           : (n + JOIN_CHUNK - 1) / JOIN_CHUNK;
  JoinCtx ctx = { phase->layout, phase->table, phase->k, &phase->buffers[t] };
  guint64 *tmp_f = NULL;
  guint32 *tmp_i = NULL;
  gsize tmp_len = 0;

  for (;;)
    {
      gsize chunk = (gsize) g_atomic_pointer_add (&phase->next_chunk, 1);
      gsize lo, hi, p;

      if (chunk >= n_chunks)
        break;
      if (g_atomic_int_get (&phase->cancelled) || g_atomic_int_get (&phase->buffers[t].budget->exceeded))
        break;
      if (g_cancellable_is_cancelled (phase->cancellable))
        {
          g_atomic_int_set (&phase->cancelled, 1);
          break;
        }

      if (buckets)
        {
          /* Runs never cross a bucket: their keys' low 16 bits differ. */
          for (gsize v = chunk * BUCKET_CHUNK; v < (chunk + 1) * BUCKET_CHUNK; v++)
            {
              gsize len;

              lo = phase->offsets[v];
              hi = phase->offsets[v + 1];
              len = hi - lo;
              if (len < 2)
                continue;
              /* A small bucket is cheaper to join whole than to sort: pairs
               * whose other key bits differ are compared for nothing, but
               * never reported, since this table does not own them. */
              if (len <= phase->join_whole_max)
                {
                  phase->kernel (&ctx, phase->f + lo, phase->idx + lo, len, 0, len);
                  continue;
                }
              if (len > BUCKET_INSERTION_MAX && len > tmp_len)
                {
                  /* Scratch for this thread's longest bucket so far, not a
                   * second copy of the array. */
                  free (tmp_f);
                  free (tmp_i);
                  tmp_len = MAX (len, 2 * tmp_len);
                  tmp_f = big_alloc (tmp_len, sizeof (guint64));
                  tmp_i = big_alloc (tmp_len, sizeof (guint32));
                }
              _pr_block_bucket_sort_one (phase->table, phase->f + lo, phase->idx + lo, tmp_f, tmp_i, len);
              if (!join_runs (phase, &ctx, lo, hi, hi))
                goto out;
            }
          continue;
        }

      /* This chunk owns the runs that start in [lo, hi); a run may extend
       * past hi, and the run straddling lo belongs to an earlier chunk. */
      lo = chunk * JOIN_CHUNK;
      hi = MIN (lo + JOIN_CHUNK, n);
      p = lo;
      if (p > 0)
        while (p < hi && ((f[p] ^ f[p - 1]) & mask) == 0)
          p++;
      if (!join_runs (phase, &ctx, p, hi, n))
        break;
    }
out:
  free (tmp_i);
  free (tmp_f);
}

/* ------------------------------------------------------------------------ */
/* Layout: how many blocks, hence how many tables                           */

/* Costs of the estimate below, in nanoseconds, measured on the
 * development machine (AMD EPYC, Zen 5, 2 cores, one thread at 10^7; see
 * docs/benchmarks.md): one counting-sort pass (histogram and scatter) per fingerprint,
 * the bucket sort of the second level per fingerprint, the walk over a
 * sorted table per fingerprint, and one in-bucket comparison with each
 * kernel.  Only their ratios matter. */
#define COST_PASS_NS 14.0
#define COST_BUCKET_SORT_NS 8.0
#define COST_WALK_NS 1.0
#define COST_CMP_AVX512_NS 0.1
#define COST_CMP_POPCNT_NS 0.44
#define COST_CMP_GENERIC_NS 1.5

static double
kernel_cmp_ns (JoinRunFunc kernel)
{
#ifdef PR_HAVE_X86
  if (kernel == join_run_avx512)
    return COST_CMP_AVX512_NS;
  if (kernel == join_run_popcnt)
    return COST_CMP_POPCNT_NS;
#endif
  (void) kernel;
  return COST_CMP_GENERIC_NS;
}

/* The longest first-level bucket that is cheaper to join whole (len^2 / 2
 * comparisons) than to sort (len bucket sorts) and join by runs; not
 * rounded, for the estimate of a bucket's average length. */
static double
join_whole_max_len (double cmp_ns)
{
  return 2.0 * COST_BUCKET_SORT_NS / cmp_ns;
}

static gsize
join_whole_max (JoinRunFunc kernel)
{
  return (gsize) join_whole_max_len (kernel_cmp_ns (kernel));
}

static guint64
binomial (guint n,
          guint m)
{
  guint64 c = 1;

  if (m > n)
    return 0;
  m = MIN (m, n - m);
  for (guint i = 1; i <= m; i++)
    c = c * (n - m + i) / i;   /* exact: c * (n - m + i) is C(n - m + i, i) * i */
  return c;
}

static gboolean
blocks_valid (guint r,
              guint k)
{
  return r >= k + 1 && r <= PAIRS_BLOCKS_MAX && binomial (r, k) <= PAIRS_TABLES_MAX;
}

/* Every choice of r - k of the r blocks, in increasing order of their
 * bit masks (Gosper's hack). */
static KeyTable *
key_tables_new (const BlockLayout *layout,
                guint              k,
                guint             *n_tables)
{
  guint r = layout->n_blocks;
  guint m = r - k;
  guint count = (guint) binomial (r, k);
  KeyTable *tables = g_new (KeyTable, count);
  guint64 c = (G_GUINT64_CONSTANT (1) << m) - 1;

  for (guint t = 0; t < count; t++)
    {
      guint64 u, v;

      _pr_key_table_init (&tables[t], layout, c);
      u = c & -c;
      v = c + u;
      c = v + (((v ^ c) / u) >> 2);
    }
  *n_tables = count;
  return tables;
}

/* Estimated time of the join with r blocks: per table, its sort (one
 * pass up to 16 bits of key, one pass and the bucket sorts up to 32, a
 * pass per 16 bits beyond) and a walk over every fingerprint, plus the
 * comparisons within equal-key runs, n^2 / 2 / 2^key_bits for random
 * fingerprints.  First-level buckets small enough to be joined whole cost
 * their n / 2^16 / 2 comparisons per fingerprint instead of a sort. */
static double
layout_cost (gsize  n,
             guint  k,
             guint  r,
             double cmp_ns)
{
  BlockLayout layout;
  g_autofree KeyTable *tables = NULL;
  guint n_tables;
  double cost = 0;

  block_layout_init (&layout, r);
  tables = key_tables_new (&layout, k, &n_tables);
  for (guint t = 0; t < n_tables; t++)
    {
      guint bits = tables[t].key_bits;
      double bucket = (double) n / 65536.0;

      if (bits > DIGIT_BITS && bits <= 2 * DIGIT_BITS && bucket <= join_whole_max_len (cmp_ns))
        {
          cost += (double) n * (COST_PASS_NS + COST_WALK_NS + bucket / 2.0 * cmp_ns);
          continue;
        }
      if (bits <= DIGIT_BITS)
        cost += (double) n * COST_PASS_NS;
      else if (bits <= 2 * DIGIT_BITS)
        cost += (double) n * (COST_PASS_NS + COST_BUCKET_SORT_NS);
      else
        cost += (double) n * (bits + DIGIT_BITS - 1) / DIGIT_BITS * COST_PASS_NS;
      cost += (double) n * COST_WALK_NS;
      cost += (double) n * (double) n / 2.0 * ldexp (1.0, -(int) bits) * cmp_ns;
    }
  return cost;
}

/* The number of blocks for @n fingerprints: PR_BLOCK_INDEX_BLOCKS if set to
 * a valid layout (tests and benchmarks), else the cheapest by the estimate,
 * k + 1 unless more tables with longer keys pay for their sorts. */
static guint
choose_blocks (gsize       n,
               guint       k,
               JoinRunFunc kernel)
{
  const char *force = g_getenv ("PR_BLOCK_INDEX_BLOCKS");
  double cmp_ns = kernel_cmp_ns (kernel);
  guint best = k + 1;
  double best_cost;

  if (force != NULL && *force != '\0')
    {
      guint64 r = g_ascii_strtoull (force, NULL, 10);

      if (r <= G_MAXUINT && blocks_valid ((guint) r, k))
        return (guint) r;
    }

  best_cost = layout_cost (n, k, best, cmp_ns);
  for (guint r = k + 2; blocks_valid (r, k); r++)
    {
      double cost = layout_cost (n, k, r, cmp_ns);

      if (cost < best_cost)
        {
          best = r;
          best_cost = cost;
        }
    }
  return best;
}

/**
 * pr_block_index_get_pairs_layout:
 * @n_fingerprints: the number of fingerprints
 * @k: the distance threshold, at most %PR_BLOCK_INDEX_MAX_K
 * @layout: (out caller-allocates): the layout
 *
 * Tells which tables pr_block_index_all_pairs() would use for
 * @n_fingerprints fingerprints at @k with the kernel selected now, for
 * benchmarks and tests.
 */
void
pr_block_index_get_pairs_layout (gsize                n_fingerprints,
                                 guint                k,
                                 PrBlockIndexLayout  *layout)
{
  BlockLayout blocks;
  g_autofree KeyTable *tables = NULL;
  guint n_tables;

  g_return_if_fail (k <= PR_BLOCK_INDEX_MAX_K);
  g_return_if_fail (layout != NULL);

  block_layout_init (&blocks, choose_blocks (n_fingerprints, k, select_join_kernel ()));
  tables = key_tables_new (&blocks, k, &n_tables);
  layout->n_blocks = blocks.n_blocks;
  layout->n_tables = n_tables;
  layout->min_key_bits = 64;
  layout->max_key_bits = 0;
  for (guint t = 0; t < n_tables; t++)
    {
      layout->min_key_bits = MIN (layout->min_key_bits, tables[t].key_bits);
      layout->max_key_bits = MAX (layout->max_key_bits, tables[t].key_bits);
    }
}

/* LSD radix sort of the pairs by (a, b), 16-bit digits.  Digits that are
 * the same for every pair (e.g. the high halves when n < 65536) are
 * skipped, so small inputs take two passes. */
static void
sort_pairs (PrPair *pairs,
            gsize   n_pairs)
{
  PrPair *tmp;
  PrPair *src = pairs;
  PrPair *dst;
  guint32 *count;

  if (n_pairs < 2)
    return;

  tmp = g_new (PrPair, n_pairs);
  count = g_new (guint32, 65536);
  dst = tmp;

  for (guint digit = 0; digit < 4; digit++)
    {
      /* digit 0, 1: b low, b high; digit 2, 3: a low, a high */
      guint shift = (digit % 2) * 16;
      gboolean on_a = digit >= 2;
      guint32 running = 0;
      gboolean trivial = FALSE;

      memset (count, 0, 65536 * sizeof (guint32));
      for (gsize i = 0; i < n_pairs; i++)
        count[((on_a ? src[i].a : src[i].b) >> shift) & 0xffff]++;
      for (gsize v = 0; v < 65536; v++)
        {
          guint32 c = count[v];

          if (c == n_pairs)
            trivial = TRUE;
          count[v] = running;
          running += c;
        }
      if (trivial)
        continue;
      for (gsize i = 0; i < n_pairs; i++)
        dst[count[((on_a ? src[i].a : src[i].b) >> shift) & 0xffff]++] = src[i];

      {
        PrPair *swap = src;
        src = dst;
        dst = swap;
      }
    }

  if (src != pairs)
    memcpy (pairs, src, n_pairs * sizeof (PrPair));
  g_free (count);
  g_free (tmp);
}

/* The pairs found so far are under the budget, but @bytes more for them
 * could not be had: a limit on the address space (ulimit -v), which the
 * threads' reserves share, or memory taken by others. */
static void
set_memory_error (GError  **error,
                  gsize     n_pairs,
                  guint64   bytes,
                  guint     k)
{
  g_autofree char *size = g_format_size (bytes);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               _("%zu pairs of records within k = %u were found, and %s of memory for them could not "
                 "be allocated: the process may use no more (a limit on its address space, ulimit -v). "
                 "Raise the memory limit, scan with fewer --threads, or with a lower k (say %u) or the "
                 "boilerplate left out (--idf-max-share 0.5, --part-max-records N)"),
               n_pairs, k, size, k > 3 ? k - 3 : 0);
}

/**
 * pr_block_index_all_pairs:
 * @fingerprints: (array length=n_fingerprints): the fingerprints; not kept
 * @n_fingerprints: number of fingerprints, at most %G_MAXUINT32
 * @k: the largest Hamming distance that makes a pair, at most
 *   %PR_BLOCK_INDEX_MAX_K
 * @n_threads: worker threads, 0 for one per processor
 * @cancellable: (nullable): a #GCancellable, checked between passes and
 *   between chunks of the join
 * @error: return location for a #GError
 *
 * Finds every pair (a, b), a < b, of indices into @fingerprints whose
 * Hamming distance is at most @k, exactly: the result equals the brute-force
 * set, each pair once.  Identical fingerprints are pairs with distance 0.
 *
 * Returns: (transfer full) (element-type PrPair): a new array of #PrPair
 *   sorted by (a, b), independent of @n_threads; free it with
 *   g_array_unref().  %NULL with @error set to %G_IO_ERROR_CANCELLED if
 *   cancelled, or %G_IO_ERROR_INVALID_ARGUMENT if @k or @n_fingerprints is
 *   out of range.
 */
GArray *
pr_block_index_all_pairs (const guint64  *fingerprints,
                          gsize           n_fingerprints,
                          guint           k,
                          guint           n_threads,
                          GCancellable   *cancellable,
                          GError        **error)
{
  BlockLayout layout;
  KeyTable *tables;
  guint n_tables;
  JoinRunFunc kernel;
  guint64 *sorted_f = NULL, *tmp_f = NULL;
  guint32 *sorted_i = NULL, *tmp_i = NULL;
  guint32 *counts = NULL;
  guint32 *offsets = NULL;
  PairBuffer *buffers;
  PairBudget budget = { pr_pair_budget_get (), 0, 0 };
  gboolean cancelled = FALSE;
  gsize n = n_fingerprints;
  gsize total = 0;
  GArray *result;

  g_return_val_if_fail (fingerprints != NULL || n_fingerprints == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (k > PR_BLOCK_INDEX_MAX_K)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Hamming distance threshold %u is larger than the maximum %u"),
                   k, PR_BLOCK_INDEX_MAX_K);
      return NULL;
    }
  if (n_fingerprints > G_MAXUINT32)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%zu fingerprints are more than the %u "
                     "that 32-bit pair indices can address"),
                   n_fingerprints, G_MAXUINT32);
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  n_threads = pr_threads_resolve (n_threads);
  /* More threads than chunks of a small input would only add spawns. */
  n_threads = (guint) MAX (1, MIN ((gsize) n_threads, n / JOIN_CHUNK + 1));
  n_threads = MIN (n_threads, 256);

  kernel = select_join_kernel ();
  block_layout_init (&layout, choose_blocks (n, k, kernel));
  tables = key_tables_new (&layout, k, &n_tables);
  buffers = g_new0 (PairBuffer, n_threads);
  for (guint t = 0; t < n_threads; t++)
    buffers[t].budget = &budget;

  if (n >= 2)
    {
      gboolean wide = FALSE;

      /* Only keys past 32 bits take LSD passes over the whole array. */
      for (guint t = 0; t < n_tables; t++)
        wide |= tables[t].key_bits > 2 * DIGIT_BITS;

      sorted_f = big_alloc (n, sizeof (guint64));
      sorted_i = big_alloc (n, sizeof (guint32));
      if (wide)
        {
          tmp_f = big_alloc (n, sizeof (guint64));
          tmp_i = big_alloc (n, sizeof (guint32));
        }
      counts = g_new (guint32, (gsize) n_threads << DIGIT_BITS);
      offsets = g_new (guint32, ((gsize) 1 << DIGIT_BITS) + 1);

      for (guint t = 0; t < n_tables && !cancelled; t++)
        {
          JoinPhase phase = {
            .layout = &layout,
            .table = &tables[t],
            .k = k,
            .f = sorted_f,
            .idx = sorted_i,
            .n = n,
            .offsets = NULL,
            .join_whole_max = join_whole_max (kernel),
            .kernel = kernel,
            .buffers = buffers,
            .cancellable = cancellable,
          };

          if (tables[t].key_bits > DIGIT_BITS && tables[t].key_bits <= 2 * DIGIT_BITS)
            {
              _pr_block_sort_two_level (&tables[t], fingerprints, n, n_threads, counts,
                                        sorted_f, sorted_i, offsets);
              phase.offsets = offsets;
            }
          else
            _pr_block_sort_by_key (&tables[t], fingerprints, n, n_threads, counts,
                                   sorted_f, sorted_i, tmp_f, tmp_i, NULL);
          if (g_cancellable_is_cancelled (cancellable))
            {
              cancelled = TRUE;
              break;
            }
          pr_threads_run ("pr-block-index", n_threads, join_worker, &phase);
          cancelled = g_atomic_int_get (&phase.cancelled) || g_atomic_int_get (&budget.exceeded) ||
                      g_cancellable_is_cancelled (cancellable);
        }

      g_free (offsets);
      g_free (counts);
      free (tmp_i);
      free (tmp_f);
      free (sorted_i);
      free (sorted_f);
    }
  g_free (tables);

  for (guint t = 0; t < n_threads; t++)
    total += buffers[t].len;

  if (!cancelled && total > G_MAXUINT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("%zu pairs do not fit in a GArray"), total);
      cancelled = TRUE;   /* reuse the cleanup path */
    }
  else if (cancelled && g_atomic_int_get (&budget.exceeded) && budget.refused > 0)
    set_memory_error (error, total, budget.refused, k);
  else if (cancelled && g_atomic_int_get (&budget.exceeded))
    pr_pair_budget_set_error (error, k);
  else if (cancelled)
    g_cancellable_set_error_if_cancelled (cancellable, error);
  else if (total > 0)
    {
      /* The result is a copy made while the buffers are still held (a
       * GArray cannot take a buffer in GLib 2.74): twice the pairs at the
       * end. Where that much is not to be had, say so with the real
       * count, rather than let a failed allocation end the program.
       * Nothing else allocates meanwhile; a GArray takes a power of two,
       * and where that power does not fit in a size_t (32 bits) the
       * copy cannot be made at all. */
      guint64 need = (guint64) total * sizeof (PrPair);
      guint64 size = 16;
      gpointer probe = NULL;

      while (size < need)
        size <<= 1;
      if (size <= G_MAXSIZE)
        probe = PR_MEMORY_TRY (g_try_malloc ((gsize) size));

      if (probe == NULL)
        {
          set_memory_error (error, total, size, k);
          cancelled = TRUE;
        }
      g_free (probe);
    }

  if (cancelled)
    {
      for (guint t = 0; t < n_threads; t++)
        g_free (buffers[t].pairs);
      g_free (buffers);
      return NULL;
    }

  if (n_threads == 1)
    {
      /* Steal the single buffer rather than copying it. */
      sort_pairs (buffers[0].pairs, total);
      result = g_array_sized_new (FALSE, FALSE, sizeof (PrPair), 0);
      if (total > 0)
        {
          g_array_set_size (result, (guint) total);
          memcpy (result->data, buffers[0].pairs, total * sizeof (PrPair));
        }
      g_free (buffers[0].pairs);
    }
  else
    {
      gsize at = 0;

      result = g_array_sized_new (FALSE, FALSE, sizeof (PrPair), (guint) total);
      g_array_set_size (result, (guint) total);
      for (guint t = 0; t < n_threads; t++)
        {
          if (buffers[t].len > 0)
            memcpy ((PrPair *) (gpointer) result->data + at, buffers[t].pairs,
                    buffers[t].len * sizeof (PrPair));
          at += buffers[t].len;
          g_free (buffers[t].pairs);
        }
      sort_pairs ((PrPair *) (gpointer) result->data, total);
    }
  g_free (buffers);

  return result;
}

/* ------------------------------------------------------------------------ */
/* Single-query index                                                       */

struct _PrBlockIndex {
  guint        k;
  BlockLayout  layout;
  gsize        n;
  guint64     *f[N_BLOCKS_MAX];        /* fingerprints sorted by block value */
  guint32     *idx[N_BLOCKS_MAX];      /* their original indices */
  guint32     *offsets[N_BLOCKS_MAX];  /* 2^width + 1 bucket starts, or NULL */
};

/**
 * pr_block_index_new:
 * @fingerprints: (array length=n_fingerprints): the fingerprints to index;
 *   copied, the caller keeps ownership
 * @n_fingerprints: number of fingerprints, at most %G_MAXUINT32
 * @k: the largest Hamming distance pr_block_index_query() reports, at most
 *   %PR_BLOCK_INDEX_MAX_K
 *
 * Builds an index answering "which stored fingerprints are within @k of
 * this one".  Memory is about (k + 1) * 12 bytes per fingerprint plus a
 * 2^width offsets table per block of at most 16 bits.
 *
 * Returns: (transfer full): a new index; free with pr_block_index_free()
 */
PrBlockIndex *
pr_block_index_new (const guint64 *fingerprints,
                    gsize          n_fingerprints,
                    guint          k)
{
  PrBlockIndex *index;
  guint64 *tmp_f = NULL;
  guint32 *tmp_i = NULL;
  guint32 *counts;
  gsize n = n_fingerprints;

  g_return_val_if_fail (fingerprints != NULL || n_fingerprints == 0, NULL);
  g_return_val_if_fail (k <= PR_BLOCK_INDEX_MAX_K, NULL);
  g_return_val_if_fail (n_fingerprints <= G_MAXUINT32, NULL);

  index = g_new0 (PrBlockIndex, 1);
  index->k = k;
  index->n = n;
  block_layout_init (&index->layout, k + 1);

  counts = g_new (guint32, (gsize) 1 << DIGIT_BITS);
  for (guint b = 0; b < index->layout.n_blocks; b++)
    {
      guint width = index->layout.width[b];

      index->f[b] = big_alloc (n, sizeof (guint64));
      index->idx[b] = big_alloc (n, sizeof (guint32));
      if (width <= DIGIT_BITS)
        index->offsets[b] = g_new (guint32, ((gsize) 1 << width) + 1);
      else if (tmp_f == NULL)
        {
          tmp_f = big_alloc (n, sizeof (guint64));
          tmp_i = big_alloc (n, sizeof (guint32));
        }
      KeyTable table;

      _pr_key_table_init (&table, &index->layout, G_GUINT64_CONSTANT (1) << b);
      _pr_block_sort_by_key (&table, fingerprints, n, 1, counts,
                             index->f[b], index->idx[b], tmp_f, tmp_i,
                             index->offsets[b]);
    }
  g_free (counts);
  free (tmp_f);
  free (tmp_i);

  return index;
}

/**
 * pr_block_index_free:
 * @index: (nullable) (transfer full): an index
 *
 * Frees @index and everything it owns.
 */
void
pr_block_index_free (PrBlockIndex *index)
{
  if (index == NULL)
    return;
  for (guint b = 0; b < index->layout.n_blocks; b++)
    {
      free (index->f[b]);
      free (index->idx[b]);
      g_free (index->offsets[b]);
    }
  g_free (index);
}

/**
 * pr_block_index_get_k:
 * @index: an index
 *
 * Returns: the distance threshold @index was built with
 */
guint
pr_block_index_get_k (PrBlockIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);

  return index->k;
}

/**
 * pr_block_index_get_n_fingerprints:
 * @index: an index
 *
 * Returns: the number of fingerprints stored in @index
 */
gsize
pr_block_index_get_n_fingerprints (PrBlockIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);

  return index->n;
}

/* Scans one bucket.  target_clones gives it a popcnt instruction on CPUs
 * that have one even though the build has no -march flag. */
__attribute__((target_clones ("default", "popcnt")))
static gsize
query_bucket (const BlockLayout *layout,
              guint              b,
              guint              k,
              guint64            fp,
              const guint64     *f,
              const guint32     *idx,
              gsize              lo,
              gsize              hi,
              GArray            *matches)
{
  gsize n_found = 0;

  for (gsize j = lo; j < hi; j++)
    {
      guint64 diff = fp ^ f[j];
      guint d = (guint) __builtin_popcountll (diff);

      if (G_UNLIKELY (d <= k) && !agrees_before (layout, b, diff))
        {
          PrMatch match = { idx[j], d };

          g_array_append_val (matches, match);
          n_found++;
        }
    }
  return n_found;
}

/**
 * pr_block_index_query:
 * @index: an index
 * @fingerprint: the fingerprint to look up
 * @matches: (element-type PrMatch): an array of #PrMatch to append to
 *
 * Appends a #PrMatch for every stored fingerprint within the index's k of
 * @fingerprint, each exactly once, in no particular order.
 *
 * Returns: the number of matches appended
 */
gsize
pr_block_index_query (PrBlockIndex *index,
                      guint64       fingerprint,
                      GArray       *matches)
{
  const BlockLayout *layout;
  gsize n_found = 0;

  g_return_val_if_fail (index != NULL, 0);
  g_return_val_if_fail (matches != NULL, 0);
  g_return_val_if_fail (g_array_get_element_size (matches) == sizeof (PrMatch), 0);

  layout = &index->layout;
  if (index->n == 0)
    return 0;

  for (guint b = 0; b < layout->n_blocks; b++)
    {
      guint64 key = block_key (layout, b, fingerprint);
      const guint64 *f = index->f[b];
      gsize lo, hi;

      if (index->offsets[b] != NULL)
        {
          lo = index->offsets[b][key];
          hi = index->offsets[b][key + 1];
        }
      else
        {
          /* Wide blocks: binary search for the first element >= key and
           * the first element > key. */
          gsize l = 0, r = index->n;

          while (l < r)
            {
              gsize m = l + (r - l) / 2;

              if (block_key (layout, b, f[m]) < key)
                l = m + 1;
              else
                r = m;
            }
          lo = l;
          r = index->n;
          while (l < r)
            {
              gsize m = l + (r - l) / 2;

              if (block_key (layout, b, f[m]) <= key)
                l = m + 1;
              else
                r = m;
            }
          hi = l;
        }

      if (hi > lo)
        n_found += query_bucket (layout, b, index->k, fingerprint, f,
                                 index->idx[b], lo, hi, matches);
    }

  return n_found;
}
