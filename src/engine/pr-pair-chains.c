/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How a record of a case is tied to its primary when the second stage
 * judged no pair of the two: by the strongest chain of judged pairs
 * within the case, the chain whose weakest pair is the most likely a
 * repeat (a widest path). The weakest pair is what the chain holds by:
 * a clerk reads that number, never one the engine did not compute.
 */
#define G_LOG_DOMAIN "pr-pair-chains"

#include "config.h"

#include "pr-pair-chains.h"

/* The first pair of @pairs whose first record is @a or later. */
static gsize
first_of (const PrScoredPair *pairs,
          gsize               n_pairs,
          guint32             a)
{
  gsize low = 0, high = n_pairs;

  while (low < high)
    {
      gsize middle = low + (high - low) / 2;

      if (pairs[middle].a < a)
        low = middle + 1;
      else
        high = middle;
    }
  return low;
}

/**
 * pr_pair_chains_strongest:
 * @pairs: (array length=n_pairs): judged pairs sorted by their first
 *   record (a < b in each); a pair not judged yet (probability < 0) is
 *   no link
 * @records: (array length=n_records): the case's records in @pairs'
 *   numbering, the primary first
 * @through: (out caller-allocates) (array length=n_records): for each
 *   record, the index in @records of the record before it on its
 *   strongest chain from the primary; %PR_PAIR_CHAIN_NONE for the
 *   primary and a record no chain reaches
 * @weakest: (out caller-allocates) (array length=n_records): the
 *   probability of that chain's weakest pair; −1 where there is none
 *
 * Ties go to the record earlier in @records, so that the answer does not
 * depend on the pairs' order. Time O(n_records² + the case's pairs).
 */
void
pr_pair_chains_strongest (const PrScoredPair *pairs,
                          gsize               n_pairs,
                          const guint32      *records,
                          guint               n_records,
                          guint              *through,
                          float              *weakest)
{
  g_autoptr(GHashTable) index_of = g_hash_table_new (NULL, NULL);
  g_autofree float *link = NULL;
  g_autofree gboolean *done = NULL;

  for (guint i = 0; i < n_records; i++)
    {
      through[i] = PR_PAIR_CHAIN_NONE;
      weakest[i] = -1;
      g_hash_table_insert (index_of, GUINT_TO_POINTER (records[i] + 1), GUINT_TO_POINTER (i + 1));
    }
  if (n_records == 0)
    return;
  /* The case's judged pairs, as a matrix: a case is shown whole anyway. */
  link = g_new (float, (gsize) n_records * n_records);
  for (gsize i = 0; i < (gsize) n_records * n_records; i++)
    link[i] = -1;
  for (guint i = 0; i < n_records; i++)
    for (gsize p = first_of (pairs, n_pairs, records[i]); p < n_pairs && pairs[p].a == records[i]; p++)
      {
        guint j = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, GUINT_TO_POINTER (pairs[p].b + 1)));

        if (j > 0 && pairs[p].probability >= 0)
          link[(gsize) i * n_records + j - 1] = link[(gsize) (j - 1) * n_records + i] = pairs[p].probability;
      }

  /* Prim's order from the primary, by the best weakest pair so far. */
  done = g_new0 (gboolean, n_records);
  weakest[0] = 2;
  for (;;)
    {
      guint u = PR_PAIR_CHAIN_NONE;

      for (guint i = 0; i < n_records; i++)
        if (!done[i] && weakest[i] >= 0 && (u == PR_PAIR_CHAIN_NONE || weakest[i] > weakest[u]))
          u = i;
      if (u == PR_PAIR_CHAIN_NONE)
        break;
      done[u] = TRUE;
      for (guint v = 0; v < n_records; v++)
        {
          float p = link[(gsize) u * n_records + v];
          float chain = MIN (p, weakest[u]);

          if (!done[v] && p >= 0 && chain > weakest[v])
            {
              weakest[v] = chain;
              through[v] = u;
            }
        }
    }
  weakest[0] = -1;
}
