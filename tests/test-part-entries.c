/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The radix sort of the stored parts' entries against qsort () with the
 * comparison the index used before, on random entries with the shapes a
 * table has: hashes held by one record, by a few, by thousands (a form
 * letter's sentence), a record repeating a part with other word counts,
 * and hashes equal in their top bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-part-entries.h"

static int
compare_oracle (const void *a,
                const void *b)
{
  const PrPartEntry *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  if (x->record != y->record)
    return x->record < y->record ? -1 : 1;
  return x->words > y->words ? -1 : x->words < y->words;
}

static PrPartEntry *
random_entries (GRand *rand,
                gsize  n)
{
  PrPartEntry *e = g_new (PrPartEntry, n);
  guint64 common[4], prefix = (guint64) g_rand_int (rand) << 24;

  for (guint c = 0; c < G_N_ELEMENTS (common); c++)
    common[c] = (((guint64) g_rand_int (rand) << 32) | g_rand_int (rand)) & G_GUINT64_CONSTANT (0xffffffffffffff);
  for (gsize i = 0; i < n; i++)
    {
      guint kind = g_rand_int_range (rand, 0, 10);
      guint64 hash;

      if (kind < 3)
        hash = common[g_rand_int_range (rand, 0, G_N_ELEMENTS (common))];
      else if (kind < 5)
        /* The same top five bytes: sorted by the last ones. */
        hash = prefix | g_rand_int_range (rand, 0, 1 << 12);
      else if (kind < 6 && i > 0)
        /* Another entry's part, in the same record or another. */
        hash = e[g_rand_int_range (rand, 0, i)].hash;
      else
        hash = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      e[i].hash = hash & G_GUINT64_CONSTANT (0xffffffffffffff);
      e[i].words = g_rand_int_range (rand, 1, 40);
      e[i].record = i / 50 + (kind == 9 ? g_rand_int_range (rand, 0, 3) : 0);
    }
  return e;
}

static void
test_sort_as_qsort (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (54);
  const gsize sizes[] = { 0, 1, 2, 47, 48, 49, 300, 5000, 200000 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gsize n = sizes[s];
      g_autofree PrPartEntry *ours = random_entries (rand, n);
      g_autofree PrPartEntry *oracle = g_memdup2 (ours, n * sizeof (PrPartEntry));
      gsize kept = 0;

      pr_part_entries_sort (ours, n);
      if (n > 1)
        qsort (oracle, n, sizeof (PrPartEntry), compare_oracle);
      for (gsize i = 0; i < n; i++)
        {
          g_assert_cmpuint (ours[i].hash, ==, oracle[i].hash);
          g_assert_cmpuint (ours[i].record, ==, oracle[i].record);
          g_assert_cmpuint (ours[i].words, ==, oracle[i].words);
        }
      /* Unique: the first of each hash and record, which has the most words. */
      for (gsize i = 0; i < n; i++)
        if (i == 0 || oracle[i].hash != oracle[i - 1].hash || oracle[i].record != oracle[i - 1].record)
          oracle[kept++] = oracle[i];
      g_assert_cmpuint (pr_part_entries_unique (ours, n), ==, kept);
      g_assert_cmpmem (ours, kept * sizeof (PrPartEntry), oracle, kept * sizeof (PrPartEntry));
    }
}

/* One hash held by every record (a form letter's sentence), more than a
 * bucket sorted by insertion holds. */
static void
test_one_hash (void)
{
  gsize n = 10000;
  g_autofree PrPartEntry *e = g_new (PrPartEntry, n);

  for (gsize i = 0; i < n; i++)
    {
      e[i].hash = 12345;
      e[i].record = (guint32) (n - i) / 2;
      e[i].words = i % 7;
    }
  pr_part_entries_sort (e, n);
  for (gsize i = 1; i < n; i++)
    g_assert_true (e[i - 1].record < e[i].record ||
                   (e[i - 1].record == e[i].record && e[i - 1].words >= e[i].words));
  g_assert_cmpuint (pr_part_entries_unique (e, n), ==, n / 2 + 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/part-entries/sort-as-qsort", test_sort_as_qsort);
  g_test_add_func ("/engine/part-entries/one-hash", test_one_hash);

  return g_test_run ();
}
