/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The pair budget: how many pairs of records a step (listing the pairs
 * within k, expanding them for a clustering) may hold. Records that share
 * most of their text (a campaign's letters, a form) make every one of them
 * a pair at a high k: 30,000 such records are 450 million pairs, more than
 * memory holds. A step that would pass the budget stops with a message
 * that says why and what to do, instead of the process dying in an
 * allocation.
 *
 * The budget is an eighth of the memory the process may use (the physical
 * memory, or less under a limit such as `ulimit -v`), at 12 bytes a pair:
 * the pairs are copied once to be sorted, and the clustering needs as
 * much again. PR_PAIR_BUDGET (a number of pairs) sets it otherwise.
 */
#define G_LOG_DOMAIN "pr-pair-budget"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-block-index.h"
#include "pr-pair-budget.h"

static guint64
usable_memory (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);
  guint64 memory = pages > 0 && page_size > 0 ? (guint64) pages * (guint64) page_size : G_GUINT64_CONSTANT (8) << 30;
  struct rlimit limit;

  if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    memory = MIN (memory, (guint64) limit.rlim_cur);
  if (getrlimit (RLIMIT_DATA, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    memory = MIN (memory, (guint64) limit.rlim_cur);
  return memory;
}

/**
 * pr_pair_budget_get:
 *
 * Returns: the most pairs a step may hold: PR_PAIR_BUDGET if it is set to
 *   a positive number, else an eighth of the usable memory in #PrPair
 */
gsize
pr_pair_budget_get (void)
{
  const char *text = g_getenv ("PR_PAIR_BUDGET");

  if (text != NULL)
    {
      guint64 value = 0;

      if (g_ascii_string_to_unsigned (text, 10, 1, G_MAXSIZE, &value, NULL))
        return (gsize) value;
      g_warning ("PR_PAIR_BUDGET=%s is not a positive number of pairs; using the default", text);
    }
  return (gsize) MAX (usable_memory () / 8 / sizeof (PrPair), 1024);
}

/**
 * pr_pair_budget_set_error:
 * @error: return location for a #GError
 * @k: the distance the pairs are within
 *
 * Sets %G_IO_ERROR_NO_SPACE: too many pairs within @k to hold.
 */
void
pr_pair_budget_set_error (GError **error,
                          guint    k)
{
  gsize budget = pr_pair_budget_get ();
  g_autofree char *size = g_format_size ((guint64) budget * sizeof (PrPair));

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               _("more than %zu pairs of records lie within k = %u, more than memory holds (%s "
                 "for pairs): the records share most of their text, a template or boilerplate. Scan with a lower "
                 "k (say %u), or leave the boilerplate out: words found in more than a share of the records "
                 "(--idf-max-share 0.5), and passages found in more than N records (--part-max-records N)"),
               (size_t) budget, k, size, k > 3 ? k - 3 : 0);
}

/**
 * pr_pair_budget_exceeded:
 * @n_pairs: the pairs a step is about to hold
 * @k: the distance they are within
 * @error: return location for a #GError
 *
 * Returns: %TRUE with @error set (pr_pair_budget_set_error ()) if
 *   @n_pairs pass the budget
 */
gboolean
pr_pair_budget_exceeded (guint64   n_pairs,
                         guint     k,
                         GError  **error)
{
  if (n_pairs <= pr_pair_budget_get ())
    return FALSE;
  pr_pair_budget_set_error (error, k);
  return TRUE;
}

/* The second stage holds, for each candidate pair, its probability
 * (PrScoredPair) and, in the average linkage, an entry in each of its two
 * clusters' sums and a queued join: some 180 bytes a pair as measured
 * (17.9 million candidates of a campaign took 3.2 GB), not the 12 of a
 * listed pair. */
#define JUDGED_PAIR_BYTES 192

/**
 * pr_pair_budget_get_judged:
 *
 * Returns: the most candidate pairs the second stage may judge and link:
 *   a quarter of the usable memory (twice the pairs' eighth) at
 *   JUDGED_PAIR_BYTES a pair, or as PR_PAIR_BUDGET scales it
 */
gsize
pr_pair_budget_get_judged (void)
{
  return MAX ((guint64) pr_pair_budget_get () * sizeof (PrPair) * 2 / JUDGED_PAIR_BYTES, 128);
}

/**
 * pr_pair_budget_judged_exceeded:
 * @n_pairs: the candidate pairs the second stage is about to judge
 * @k: the distance they are within
 * @advice: whether the way out is told as flags or as the window's controls
 * @error: return location for a #GError
 *
 * Returns: %TRUE with %G_IO_ERROR_NO_SPACE in @error, naming the way out,
 *   if @n_pairs pass pr_pair_budget_get_judged ()
 */
gboolean
pr_pair_budget_judged_exceeded (guint64   n_pairs,
                                guint     k,
                                PrAdvice  advice,
                                GError  **error)
{
  gsize budget = pr_pair_budget_get_judged ();
  g_autofree char *size = NULL;

  if (n_pairs <= budget)
    return FALSE;
  size = g_format_size ((guint64) budget * JUDGED_PAIR_BYTES);
  if (advice == PR_ADVICE_CONTROLS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("%llu candidate pairs at k = %u are more than the second stage can judge in memory (%zu "
                     "pairs, %s): the records share most of their text, a template or boilerplate. Choose a lower "
                     "k (say %u) in “Largest distance (k)” or in the threshold preview, or turn off “Judge Every "
                     "Pair” in the main menu and scan again"),
                   (unsigned long long) n_pairs, k, (size_t) budget, size, k > 3 ? k - 3 : 0);
      return TRUE;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               _("%llu candidate pairs at k = %u are more than the second stage can judge in memory (%zu pairs, "
                 "%s): the records share most of their text, a template or boilerplate. Scan with a lower k "
                 "(say %u), leave the boilerplate out (--idf-max-share 0.5, --part-max-records N), or cluster "
                 "the pairs without judging them (--no-second-stage)"),
               (unsigned long long) n_pairs, k, (size_t) budget, size, k > 3 ? k - 3 : 0);
  return TRUE;
}
