/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Fork and join: run one function on N threads and wait for all of them.
 * The engine's parallel passes (the block index, the batch fingerprinter,
 * the part spool's buckets) each split their work by a worker's index, so
 * this is all they need; threads are spawned per call, which costs tens of
 * microseconds, little next to a pass over the data, and keeps a pool's
 * lifetime and a barrier out of the engine.
 */
#define G_LOG_DOMAIN "pr-threads"

#include "config.h"

#include "pr-threads.h"

typedef struct {
  PrThreadFunc func;
  gpointer     data;
  guint        index;
} Start;

static gpointer
trampoline (gpointer user_data)
{
  Start *start = user_data;

  start->func (start->data, start->index);
  return NULL;
}

/**
 * pr_threads_resolve:
 * @n_threads: threads asked for, 0 for one per processor
 *
 * Returns: @n_threads, or the number of processors where it is 0
 */
guint
pr_threads_resolve (guint n_threads)
{
  return n_threads > 0 ? n_threads : MAX (1, g_get_num_processors ());
}

/**
 * pr_threads_run:
 * @name: the threads' name, as a debugger shows it
 * @n_threads: at least 1
 * @func: called as @func (@data, i) for each i in [0, @n_threads)
 * @data: passed to @func
 *
 * Runs the @n_threads calls concurrently, the calling thread making the one
 * with index 0, and returns when all have returned: what they wrote is then
 * visible to the caller.
 */
void
pr_threads_run (const char   *name,
                guint         n_threads,
                PrThreadFunc  func,
                gpointer      data)
{
  g_autofree Start *starts = NULL;
  g_autofree GThread **threads = NULL;

  g_return_if_fail (n_threads >= 1);
  g_return_if_fail (func != NULL);

  starts = g_new (Start, n_threads);
  threads = g_new0 (GThread *, n_threads);
  for (guint t = 1; t < n_threads; t++)
    {
      starts[t] = (Start) { func, data, t };
      threads[t] = g_thread_new (name, trampoline, &starts[t]);
    }
  func (data, 0);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
}
