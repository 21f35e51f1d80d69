/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* @n word numbers drawn from 0 to @alphabet − 1 by the test's seed. */
static inline guint32 *
pr_test_random_sequence (gsize n,
                         guint alphabet)
{
  guint32 *sequence = g_new (guint32, MAX (n, 1));

  for (gsize i = 0; i < n; i++)
    sequence[i] = g_test_rand_int_range (0, alphabet);
  return sequence;
}

/* The oracle: the length of a longest common subsequence by the textbook
 * dynamic programme, O(n·m), two rows. */
static inline gsize
pr_test_lcs_length (const guint32 *a,
                    gsize          n,
                    const guint32 *b,
                    gsize          m)
{
  g_autofree gsize *previous = g_new0 (gsize, m + 1);
  g_autofree gsize *current = g_new0 (gsize, m + 1);

  for (gsize i = 1; i <= n; i++)
    {
      gsize *swap;

      for (gsize j = 1; j <= m; j++)
        {
          if (a[i - 1] == b[j - 1])
            current[j] = previous[j - 1] + 1;
          else
            current[j] = MAX (previous[j], current[j - 1]);
        }
      swap = previous;
      previous = current;
      current = swap;
    }

  return previous[m];
}
