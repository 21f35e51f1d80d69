/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "pr-threads.h"

/* What each call saw: its thread, and how many workers had arrived when it
 * left the rendezvous. */
typedef struct {
  guint     n;
  GMutex    lock;
  GCond     cond;
  guint     arrived;
  gboolean  all_arrived;
  guint    *calls;      /* per index */
  GThread **threads;    /* per index */
} Rendezvous;

/* Waits until every worker has arrived, which only happens if they all run
 * at once: run one after another, the first would wait for ever, so the
 * wait gives up after a minute and the test reports it. */
static void
meet (gpointer data,
      guint    index)
{
  Rendezvous *r = data;
  gint64 give_up = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;

  g_assert_cmpuint (index, <, r->n);
  r->calls[index]++;
  r->threads[index] = g_thread_self ();

  g_mutex_lock (&r->lock);
  if (++r->arrived == r->n)
    g_cond_broadcast (&r->cond);
  while (r->arrived < r->n)
    if (!g_cond_wait_until (&r->cond, &r->lock, give_up))
      break;
  if (r->arrived < r->n)
    r->all_arrived = FALSE;
  g_mutex_unlock (&r->lock);
}

static void
run_rendezvous (guint n)
{
  Rendezvous r = { .n = n, .all_arrived = TRUE };

  g_mutex_init (&r.lock);
  g_cond_init (&r.cond);
  r.calls = g_new0 (guint, n);
  r.threads = g_new0 (GThread *, n);

  pr_threads_run ("test-threads", n, meet, &r);

  /* Joined: every write is visible here without a lock. */
  g_assert_true (r.all_arrived);
  g_assert_cmpuint (r.arrived, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (r.calls[i], ==, 1);
  /* Index 0 on the calling thread, every other on a thread of its own. */
  g_assert_true (r.threads[0] == g_thread_self ());
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      g_assert_true (r.threads[i] != r.threads[j]);

  g_free (r.calls);
  g_free (r.threads);
  g_mutex_clear (&r.lock);
  g_cond_clear (&r.cond);
}

static void
test_one (void)
{
  run_rendezvous (1);
}

static void
test_all_at_once (void)
{
  /* More threads than this machine has cores: they still meet. */
  run_rendezvous (2);
  run_rendezvous (7);
  run_rendezvous (64);
}

/* Each worker sums its own slice of 1..n by index; the total is n(n+1)/2. */
typedef struct {
  guint    n_threads;
  guint64  n;
  guint64 *sums;
} Slices;

static void
sum_slice (gpointer data,
           guint    index)
{
  Slices *s = data;
  guint64 lo = s->n * index / s->n_threads + 1, hi = s->n * (index + 1) / s->n_threads;

  for (guint64 i = lo; i <= hi; i++)
    s->sums[index] += i;
}

static void
test_slices_cover_once (void)
{
  for (guint t = 1; t <= 9; t++)
    {
      g_autofree guint64 *sums = g_new0 (guint64, t);
      Slices s = { t, 100003, sums };
      guint64 total = 0;

      pr_threads_run ("test-threads", t, sum_slice, &s);
      for (guint i = 0; i < t; i++)
        total += sums[i];
      g_assert_cmpuint (total, ==, s.n * (s.n + 1) / 2);
    }
}

static void
test_resolve (void)
{
  g_assert_cmpuint (pr_threads_resolve (3), ==, 3);
  g_assert_cmpuint (pr_threads_resolve (1), ==, 1);
  g_assert_cmpuint (pr_threads_resolve (0), ==, MAX (1, g_get_num_processors ()));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/threads/one", test_one);
  g_test_add_func ("/engine/threads/all-at-once", test_all_at_once);
  g_test_add_func ("/engine/threads/slices-cover-once", test_slices_cover_once);
  g_test_add_func ("/engine/threads/resolve", test_resolve);

  return g_test_run ();
}
