/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Verdicts given in the "needs a judgement" queue while the pairs it
 * needs are still being judged, on the bundled sample in a real server,
 * scanned as the window scans (the store, the second stage on, a k
 * applied from the preview, so that the scan left pairs unjudged):
 *
 * - each verdict lists the queue again, as the dialog does (the listing
 *   before it cancelled), and the judging under way goes on: one pass in
 *   all, not one a verdict;
 * - the queue the last listing gives equals every candidate judged here
 *   and sorted by distance to the threshold, the decided pairs left out;
 * - the listings cancelled end as cancelled once the judging ends;
 * - the queue closed stops the judging it started;
 * - a k applied, or a new scan, while the judging is held: the listing
 *   waiting for it ends with the queue of the pairs in use then.
 */
#include "config.h"

#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

#define QUEUE_MAX 50
#define N_VERDICTS 4

static PrTestSample *sample;

typedef struct {
  GAsyncResult *result;
} Listing;

static void
listing_ended (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Listing *listing = user_data;

  listing->result = g_object_ref (result);
}

static gboolean
listing_is_over (gpointer data)
{
  return ((Listing *) data)->result != NULL;
}

/* The queue @listing gave equals the brute force on the pairs in use. */
static void
assert_queue_is_oracle (PrSession    *s,
                        GAsyncResult *listing)
{
  g_autoptr(GArray) candidates = g_array_copy (s->result->scored);
  g_autoptr(GArray) oracle = pr_test_session_unsure_oracle (s, candidates);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) queue = pr_session_unsure_finish (s, listing, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (queue->len, >, 0);
  g_assert_cmpuint (queue->len, ==, MIN (QUEUE_MAX, oracle->len));
  for (guint i = 0; i < queue->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (queue, PrScoredPair, i);
      const double *expected = &g_array_index (oracle, double, 4 * i);

      g_assert_cmpuint (pair->a, ==, (guint) expected[1]);
      g_assert_cmpuint (pair->b, ==, (guint) expected[2]);
      g_assert_cmpfloat_with_epsilon (pair->probability, expected[3], 1e-6);
    }
}

static void
test_verdicts_while_judging (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(PrSession) s = pr_test_session_scan (sample, mapping);
  g_autoptr(GArray) candidates = NULL;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellables[N_VERDICTS + 1];
  Listing listings[N_VERDICTS + 1] = { 0 };
  GMutex gate;
  guint n_unjudged = 0, passes;

  pr_test_session_apply_k (s, 5);
  candidates = g_array_copy (s->result->scored);
  for (guint i = 0; i < candidates->len; i++)
    n_unjudged += g_array_index (candidates, PrScoredPair, i).probability < 0;
  g_assert_cmpuint (n_unjudged, >, 0);

  /* The judging is held until every verdict is in: a clerk deciding
   * faster than a large table is judged. */
  g_mutex_init (&gate);
  g_mutex_lock (&gate);
  s->unsure_gate = &gate;
  passes = s->unsure_n_passes;
  cancellables[0] = g_cancellable_new ();
  pr_session_unsure_async (s, QUEUE_MAX, cancellables[0], listing_ended, &listings[0]);
  g_assert_cmpuint (s->unsure_n_passes, ==, passes + 1);
  for (guint v = 0; v < N_VERDICTS; v++)
    {
      /* The nearest pairs judged so far, as the dialog showed them. */
      g_autoptr(GArray) shown = pr_session_list_unsure (s, N_VERDICTS);
      g_autoptr(GAsyncResult) result = NULL;
      const PrScoredPair *pair;

      g_assert_cmpuint (shown->len, >, 0);
      pair = &g_array_index (shown, PrScoredPair, 0);
      pr_session_judge_pair_async (s, pair->a, pair->b, v % 2 ? PR_VERDICT_NOT_REPEAT : PR_VERDICT_REPEAT,
                                   pr_test_store_result, &result);
      pr_test_wait_until (pr_test_is_set, &result);
      g_assert_true (pr_session_judge_pair_finish (s, result, &error));
      g_assert_no_error (error);
      g_assert_null (listings[v].result);
      /* pr_unsure_dialog_refresh (): the listing before is cancelled. */
      g_cancellable_cancel (cancellables[v]);
      cancellables[v + 1] = g_cancellable_new ();
      pr_session_unsure_async (s, QUEUE_MAX, cancellables[v + 1], listing_ended, &listings[v + 1]);
    }
  g_mutex_unlock (&gate);
  for (guint v = 0; v <= N_VERDICTS; v++)
    pr_test_wait_until (listing_is_over, &listings[v]);
  s->unsure_gate = NULL;
  g_mutex_clear (&gate);

  g_test_message ("%u passes of judging for %u verdicts", s->unsure_n_passes - passes, N_VERDICTS);
  g_assert_cmpuint (s->unsure_n_passes - passes, ==, 1);
  for (guint v = 0; v < N_VERDICTS; v++)
    {
      g_autoptr(GArray) none = NULL;
      g_autoptr(GError) cancelled = NULL;

      none = pr_session_unsure_finish (s, listings[v].result, &cancelled);
      g_assert_null (none);
      g_assert_error (cancelled, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
  /* The brute force after the verdicts. */
  g_assert_cmpuint (g_hash_table_size (s->decisions), >=, N_VERDICTS);
  assert_queue_is_oracle (s, listings[N_VERDICTS].result);

  for (guint v = 0; v <= N_VERDICTS; v++)
    {
      g_clear_object (&listings[v].result);
      g_object_unref (cancellables[v]);
    }

  /* The queue closed while a pass is held: its listing cancelled and
   * the pass stopped, none left running. */
  {
    g_autoptr(GCancellable) closed = g_cancellable_new ();
    g_autoptr(GArray) none = NULL;
    g_autoptr(GError) cancelled = NULL;
    Listing last = { NULL };

    g_clear_pointer (&s->unsure_scored, g_array_unref);
    g_mutex_init (&gate);
    g_mutex_lock (&gate);
    s->unsure_gate = &gate;
    pr_session_unsure_async (s, QUEUE_MAX, closed, listing_ended, &last);
    g_assert_nonnull (s->unsure_pass);
    g_cancellable_cancel (closed);
    pr_session_unsure_stop (s);
    g_mutex_unlock (&gate);
    pr_test_wait_until (listing_is_over, &last);
    s->unsure_gate = NULL;
    g_mutex_clear (&gate);
    none = pr_session_unsure_finish (s, last.result, &cancelled);
    g_assert_null (none);
    g_assert_error (cancelled, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_null (s->unsure_pass);
    g_clear_object (&last.result);
  }
}

/* A k applied, then a new scan, each while the queue's judging is held:
 * the pairs it judged belong to pairs no longer in use, and the listing
 * waiting for it is listed on those in use, every number right. */
static void
test_replaced_while_judging (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(PrSession) s = pr_test_session_scan (sample, mapping);
  GMutex gate;

  for (guint step = 0; step < 2; step++)
    {
      Listing listing = { NULL };

      if (step == 0)
        pr_test_session_apply_k (s, 5);
      g_clear_pointer (&s->unsure_scored, g_array_unref);
      g_mutex_init (&gate);
      g_mutex_lock (&gate);
      s->unsure_gate = &gate;
      pr_session_unsure_async (s, QUEUE_MAX, NULL, listing_ended, &listing);
      g_assert_nonnull (s->unsure_pass);
      if (step == 0)
        pr_test_session_apply_k (s, 4);
      else
        pr_test_session_rescan (s, mapping, 5);
      g_assert_null (listing.result);
      g_mutex_unlock (&gate);
      pr_test_wait_until (listing_is_over, &listing);
      s->unsure_gate = NULL;
      g_mutex_clear (&gate);
      g_assert_null (s->unsure_pass);
      assert_queue_is_oracle (s, listing.result);
      g_clear_object (&listing.result);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/session/unsure/verdicts-while-judging", test_verdicts_while_judging);
  g_test_add_func ("/session/unsure/replaced-while-judging", test_replaced_while_judging);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
