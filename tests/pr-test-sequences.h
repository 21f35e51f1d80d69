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
