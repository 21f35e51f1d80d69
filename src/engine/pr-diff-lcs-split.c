/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The split of pr-diff.c's Myers search, found from the whole table of
 * common subsequence lengths instead of by searching.
 *
 * Two long texts with many edits between them (D of a thousand or more)
 * cost Myers' search about D² steps a box; the table of a box's common
 * subsequence lengths, computed a row at a time with one bit a cell
 * (Hyyrö, "Bit-parallel LCS-length computation revisited", 2004), costs
 * n × m / 64 word operations. The table gives the same split point as
 * the search, not just a split of the same cost:
 *
 * - The furthest point the forward search reaches on diagonal k with d
 *   edits is the furthest point of that diagonal whose distance from the
 *   box's start is at most d, the distance being x + y − 2 LCS (x, y). A
 *   step along a diagonal adds 0 or 2 to it, so those points are a prefix
 *   of the diagonal, found by bisection. Past the box's right or bottom
 *   edge (where the search may overshoot) nothing matches: the distance
 *   there is x + y − 2 LCS (min (x, n), min (y, m)). The backward search
 *   is the forward search of the two texts reversed.
 * - The searches meet first at d = ⌈D/2⌉ (D the box's edit distance, n +
 *   m − 2 LCS): in the forward search's pass when D is odd, in the
 *   backward search's when it is even (each only checks then). Of the
 *   diagonals where they meet in that pass, the search stops at the first
 *   it visits, the highest.
 *
 * So for each box the split is the same, and so is every matched word.
 * A box is searched here only where the table is cheaper than the search
 * (a large box with many edits), and only where the search would have
 * found its split within its cost limit; pr-diff.c bounds the work the
 * search would have done (its work limit) and otherwise searches itself.
 */
#define G_LOG_DOMAIN "pr-diff"

#include "config.h"

#include <string.h>

#include "pr-diff-private.h"

/* Nor tables, or sets of masks, larger than this many 64-bit words
 * (16 MiB) a direction: the compare view diffs texts of 16 MiB. */
#define MAX_WORDS ((gsize) 1 << 21)

/* The table of one direction: row j holds, for each prefix of a, one bit
 * per word of a (0: the common subsequence with b's first j words grows
 * there), and the number of such 0 bits before each 64-bit word. */
typedef struct
{
  gsize    n;
  gsize    m;
  gsize    words;    /* 64-bit words a row */
  guint64 *bits;     /* (m + 1) × words */
  guint32 *zeros;    /* (m + 1) × (words + 1) */
} Table;

/* The 1 bits of @x. The builds are for any x86-64, where the compiler's
 * builtin is a call to libgcc; counted here instead, which GCC makes the
 * processor's instruction in the functions built for it: those that count
 * bits a cell at a time are built twice, once with the instruction, which
 * the loader picks when the processor has it (most of the table's cost). */
static inline guint
ones (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) + ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (guint) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* GCC alone: clang 14 leaves a cloned function that is not static without
 * its plain symbol, and its callers do not link. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define WITH_POPCNT __attribute__ ((target_clones ("popcnt", "default")))
#endif
#endif
#ifndef WITH_POPCNT
#define WITH_POPCNT
#endif

static void
table_clear (Table *table)
{
  g_clear_pointer (&table->bits, g_free);
  g_clear_pointer (&table->zeros, g_free);
}

/* Fills @table for @a against @b (word numbers below @sigma); with
 * @reversed, of both read backwards. */
WITH_POPCNT static void
table_fill (Table         *table,
            const guint32 *a,
            gsize          n,
            const guint32 *b,
            gsize          m,
            gsize          sigma,
            gboolean       reversed)
{
  gsize words = (n + 63) / 64;
  guint64 *masks = _pr_diff_thread_masks (sigma * words);
  guint64 *row;

  table->n = n;
  table->m = m;
  table->words = words;
  table->bits = g_new (guint64, (m + 1) * words);
  table->zeros = g_new (guint32, (m + 1) * (words + 1));

  for (gsize i = 0; i < n; i++)
    {
      guint32 c = reversed ? a[n - 1 - i] : a[i];

      masks[(gsize) c * words + i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
    }

  row = table->bits;
  memset (row, 0xff, words * sizeof *row);
  for (gsize w = 0; w <= words; w++)
    table->zeros[w] = 0;
  for (gsize j = 0; j < m; j++)
    {
      const guint64 *match = masks + (gsize) (reversed ? b[m - 1 - j] : b[j]) * words;
      const guint64 *v = row;
      guint64 *next = row + words;
      guint32 *zeros = table->zeros + (j + 1) * (words + 1);
      guint64 carry = 0;

      /* V' = (V + U) | (V − U), U = V & match; V − U has no borrow (U is
       * part of V), so it is V & ~U. */
      zeros[0] = 0;
      for (gsize w = 0; w < words; w++)
        {
          guint64 u = v[w] & match[w];
          guint64 sum = v[w] + u;
          guint64 out = sum < u;

          sum += carry;
          out |= sum < carry;
          carry = out;
          next[w] = sum | (v[w] & ~u);
          zeros[w + 1] = zeros[w] + ones (~next[w]);
        }
      row = next;
    }
  /* Zeroed again, a's words alone: a small box of a pair with many
   * distinct words would otherwise clear them all. */
  for (gsize i = 0; i < n; i++)
    masks[(gsize) a[i] * words + (reversed ? n - 1 - i : i) / 64] = 0;
}

/* The common subsequence of a's first @x words and b's first @y. */
static inline gsize
table_lcs (const Table *table,
           gsize        x,
           gsize        y)
{
  const guint64 *row = table->bits + y * table->words;
  const guint32 *zeros = table->zeros + y * (table->words + 1);
  gsize w = x / 64, r = x % 64;

  if (r == 0)
    return zeros[w];
  return zeros[w] + ones (~row[w] & ((G_GUINT64_CONSTANT (1) << r) - 1));
}

/* The edit distance from the start to (x, y), past the edges too. */
static inline gssize
table_distance (const Table *table,
                gssize       x,
                gssize       y)
{
  return x + y - 2 * (gssize) table_lcs (table, MIN ((gsize) x, table->n), MIN ((gsize) y, table->m));
}

/* The furthest x on diagonal @k (x − y) at distance @d or less from the
 * start: where the forward search with @d edits gets to. */
WITH_POPCNT static gssize
table_furthest (const Table *table,
                gssize       k,
                gssize       d)
{
  gssize lo = MAX (0, k), hi = MAX ((gssize) table->n, (gssize) table->m + k);
  gssize far = table_distance (table, hi, hi - k);

  /* Past both edges each step adds 2. */
  if (far <= d)
    return hi + (d - far) / 2;
  /* The distance at lo (|k|) is at most d, at hi more. */
  while (hi - lo > 1)
    {
      gssize mid = lo + (hi - lo) / 2;

      if (table_distance (table, mid, mid - k) <= d)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The diagonals a search centred on @mid visits in its pass @d, in a box
 * whose diagonals run from −@m to @n. */
static void
pass_range (gssize  mid,
            gssize  d,
            gssize  n,
            gssize  m,
            gssize *low,
            gssize *high)
{
  *low = MAX (-m, mid - d);
  if (((*low - mid - d) & 1) != 0)
    (*low)++;
  *high = MIN (n, mid + d);
  if (((*high - mid - d) & 1) != 0)
    (*high)--;
}

/**
 * _pr_diff_lcs_split:
 * @a: the first text's word numbers, each below @sigma
 * @b: the second's
 * @cost_limit: the search's cost limit
 * @split_a: (out): where the search splits the box in @a
 * @split_b: (out): and in @b
 * @work_bound: (out): at least the units of work the search would take
 *
 * The split that the search of pr-diff.c finds for the box [@a_start,
 * @a_end) × [@b_start, @b_end) (not empty either way; the first words
 * differ and so do the last), when it is cheaper found from the table.
 *
 * Returns: %FALSE when the search should find it (a small box, few
 *   edits, or a split beyond the cost limit).
 */
WITH_POPCNT gboolean
_pr_diff_lcs_split (const guint32 *a,
                    const guint32 *b,
                    gsize          sigma,
                    gssize         a_start,
                    gssize         a_end,
                    gssize         b_start,
                    gssize         b_end,
                    gssize         cost_limit,
                    gssize        *split_a,
                    gssize        *split_b,
                    guint64       *work_bound)
{
  gssize n = a_end - a_start, m = b_end - b_start;
  Table forward = { 0 }, backward = { 0 };
  gssize distance, d, low, high, back_low, back_high;
  gboolean found = FALSE;

  g_return_val_if_fail (n > 0 && m > 0, FALSE);

  /* The rows, and a bit mask over a for each word number. */
  if ((guint64) n * (guint64) m < _PR_DIFF_TABLE_CELLS || (guint64) (m + 1) * ((n + 63) / 64) > MAX_WORDS ||
      (guint64) sigma * ((n + 63) / 64) > MAX_WORDS)
    return FALSE;

  table_fill (&forward, a + a_start, n, b + b_start, m, sigma, FALSE);
  distance = n + m - 2 * (gssize) table_lcs (&forward, n, m);
  d = (distance + 1) / 2;
  /* The search costs about D² / 4 steps, the table n × m / 64 words a
   * direction, at several operations each: the box is the search's when
   * it would meet within the budget pr-diff.c gives it. */
  if (d > cost_limit || (guint64) distance * (guint64) distance < (guint64) n * (guint64) m * 4 / _PR_DIFF_SEARCH_SHARE)
    {
      table_clear (&forward);
      return FALSE;
    }
  table_fill (&backward, a + a_start, n, b + b_start, m, sigma, TRUE);

  if (distance % 2 != 0)
    {
      /* The forward pass d checks each diagonal against the backward
       * search's pass d − 1, from the highest diagonal down. */
      pass_range (0, d, n, m, &low, &high);
      pass_range (n - m, d - 1, n, m, &back_low, &back_high);
      for (gssize k = high; k >= low && !found; k -= 2)
        if (back_low <= k && k <= back_high)
          {
            gssize back = n - table_furthest (&backward, (n - m) - k, d - 1);

            /* They meet when the forward search gets to back or past it:
             * back is before the diagonal's start, or within d of it. */
            if (back < MAX (0, k) || table_distance (&forward, back, back - k) <= d)
              {
                gssize x = table_furthest (&forward, k, d);

                *split_a = a_start + x;
                *split_b = b_start + (x - k);
                found = TRUE;
              }
          }
    }
  else
    {
      /* The backward pass d checks against the forward pass d. */
      pass_range (n - m, d, n, m, &back_low, &back_high);
      pass_range (0, d, n, m, &low, &high);
      for (gssize k = back_high; k >= back_low && !found; k -= 2)
        if (low <= k && k <= high)
          {
            gssize x = table_furthest (&forward, k, d);

            /* The same seen from the end: x is past where the backward
             * diagonal starts, or within d of the end. */
            if (n - x < MAX (0, (n - m) - k) || table_distance (&backward, n - x, m - (x - k)) <= d)
              {
                gssize back = n - table_furthest (&backward, (n - m) - k, d);

                *split_a = a_start + back;
                *split_b = b_start + (back - k);
                found = TRUE;
              }
          }
    }

  table_clear (&forward);
  table_clear (&backward);
  if (!found)
    return FALSE;

  /* Each pass visits at most d + 1 diagonals (passes 1 to d each way),
   * and the snakes along one diagonal add up to at most its length in
   * the box, each way. */
  *work_bound = (guint64) (d + 1) * (guint64) (d + 2) + 2 * (guint64) (2 * d + 1) * (guint64) (MIN (n, m) + 1);
  return TRUE;
}
