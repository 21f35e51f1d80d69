/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Sorting the parts of every stored record by hash, for the intake's
 * index of them in memory (pr-stored-parts.c). At 10^6 records that is
 * some 54 million entries, too many for qsort (), which calls its
 * comparison function for each of some 1.4 billion comparisons: a radix
 * sort on the hash's bytes, in place (no second array of the same size),
 * orders them exactly as that comparison does, in a few passes.
 */
#define G_LOG_DOMAIN "pr-part-entries"

#include "config.h"

#include <stdlib.h>

#include "pr-part-entries.h"

/* Below this many, a bucket is sorted by insertion. */
#define SMALL 48

/* By hash, then record, then the most words first. */
static inline gboolean
entry_before (const PrPartEntry *x,
              const PrPartEntry *y)
{
  if (x->hash != y->hash)
    return x->hash < y->hash;
  if (x->record != y->record)
    return x->record < y->record;
  return x->words > y->words;
}

static int
compare_entries (const void *a,
                 const void *b)
{
  const PrPartEntry *x = a, *y = b;

  return entry_before (x, y) ? -1 : entry_before (y, x) ? 1 : 0;
}

static void
insertion_sort (PrPartEntry *e,
                gsize        n)
{
  for (gsize i = 1; i < n; i++)
    {
      PrPartEntry v = e[i];
      gsize j = i;

      for (; j > 0 && entry_before (&v, &e[j - 1]); j--)
        e[j] = e[j - 1];
      e[j] = v;
    }
}

/* Orders @e by the hash's bits from @shift up (those above are equal),
 * then by record and words. */
static void
radix_sort (PrPartEntry *e,
            gsize        n,
            int          shift)
{
  gsize count[256] = { 0 }, next[256], end[256], sum = 0;

  if (n <= SMALL)
    {
      insertion_sort (e, n);
      return;
    }
  if (shift < 0)
    {
      /* One hash, held by many records (boilerplate): by record. */
      qsort (e, n, sizeof (PrPartEntry), compare_entries);
      return;
    }
  for (gsize i = 0; i < n; i++)
    count[(e[i].hash >> shift) & 0xff]++;
  for (guint b = 0; b < 256; b++)
    {
      next[b] = sum;
      sum += count[b];
      end[b] = sum;
    }
  /* Each entry moved straight to its bucket, cycle by cycle. */
  for (guint b = 0; b < 256; b++)
    while (next[b] < end[b])
      {
        PrPartEntry v = e[next[b]];
        guint d = (v.hash >> shift) & 0xff;

        while (d != b)
          {
            PrPartEntry t = e[next[d]];

            e[next[d]++] = v;
            v = t;
            d = (v.hash >> shift) & 0xff;
          }
        e[next[b]++] = v;
      }
  sum = 0;
  for (guint b = 0; b < 256; sum += count[b], b++)
    if (count[b] > 1)
      radix_sort (e + sum, count[b], shift - 8);
}

/**
 * pr_part_entries_sort:
 * @entries: (array length=n): entries
 * @n: how many
 *
 * Sorts @entries by hash, then record, then the most words first.
 */
void
pr_part_entries_sort (PrPartEntry *entries,
                      gsize        n)
{
  /* The hash has 56 bits: its top byte first. */
  radix_sort (entries, n, 48);
}

/**
 * pr_part_entries_unique:
 * @entries: (array length=n): entries sorted by pr_part_entries_sort()
 * @n: how many
 *
 * Keeps one entry per hash and record, the one with the most words (a
 * record may repeat a sentence), in order at the start of @entries.
 *
 * Returns: how many are kept
 */
gsize
pr_part_entries_unique (PrPartEntry *entries,
                        gsize        n)
{
  gsize kept = 0;

  for (gsize i = 0; i < n; i++)
    if (kept == 0 || entries[i].hash != entries[kept - 1].hash || entries[i].record != entries[kept - 1].record)
      entries[kept++] = entries[i];
  return kept;
}
