/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's threshold preview and its "needs a judgement" queue, on
 * the bundled sample in a real server, scanned by a PrSession as the
 * window scans (with the store, the second stage on):
 *
 * - the preview judges as `thresholds` does, leaving unjudged the pairs
 *   its bound proves below the threshold between groups of repeats (each
 *   of them below it when judged here), counts its progress, and gives
 *   at every k the figures of `thresholds` (with the store and without)
 *   and of a real scan at that k; again after a reviewer confirms a
 *   repeat across a pair it left unjudged;
 * - after a k is applied from the preview, the queue equals every
 *   candidate judged here and sorted by distance to the threshold, the
 *   pairs the preview left unjudged among them, and
 *   pr_session_get_probability () gives those the same numbers; the
 *   scan's pairs, which the preview's workers read, stay byte for byte
 *   as they were.
 */
#include "config.h"

#include <math.h>

#include "pr-pair-judge.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

#define QUEUE_MAX 200

static PrTestSample *sample;
static PrSession *session;

static PrSession *
scanned_session (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();

  if (session == NULL)
    session = pr_test_session_scan (sample, mapping);
  return session;
}

static int
run_cli (char      **err,
         const char *command,
         guint       k,
         gboolean    with_store,
         const char *out)
{
  g_autofree char *k_text = g_strdup_printf ("%u", k);
  const char *args[] = { command, "--db", sample->uri, "--table", PR_SAMPLE_SERVER_TABLE, "--id", "id",
                         "--short", "petitioner", "--text", "subject", "--text", "body", "--date", "submitted_at",
                         "--k", k_text, "--out", out, with_store ? "--store" : NULL, PR_SAMPLE_SERVER_DATABASE, NULL };

  return pr_test_run_cli (NULL, err, args);
}

/* Each k's figures in the preview equal the row of `thresholds` (with
 * @with_store or not) and, with the store, a scan at that k. */
static void
assert_rows (PrThresholdPreview *preview,
             gboolean            with_store,
             gboolean            with_scans)
{
  g_autofree char *table_path = g_build_filename (sample->dir, "thresholds.csv", NULL);
  g_autofree char *out = g_build_filename (sample->dir, "scan.csv", NULL);
  g_autofree char *err = NULL;
  g_auto(GStrv) rows = NULL;
  guint n_rows = 0;

  g_assert_cmpint (run_cli (&err, "thresholds", 3, with_store, table_path), ==, 0);
  rows = pr_test_read_thresholds_table (table_path, &n_rows);
  g_assert_cmpuint (n_rows, ==, pr_threshold_preview_get_kmax (preview) + 1);
  for (guint k = 0; k < n_rows; k++)
    {
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(PrSessionRegroup) regroup = NULL;
      g_auto(GStrv) fields = g_strsplit (rows[1 + k], ",", -1);
      const PrThresholdSummary *summary;

      pr_session_regroup_async (session, preview, k, NULL, pr_test_store_result, &result);
      pr_test_wait_until (pr_test_is_set, &result);
      regroup = pr_session_regroup_finish (session, result, &error);
      g_assert_no_error (error);
      summary = pr_session_regroup_get_summary (regroup);
      g_test_message ("k = %u: preview %u clusters, %" G_GUINT64_FORMAT " records, %" G_GUINT64_FORMAT
                      " pairs; thresholds%s: %s", k, summary->n_clusters, summary->n_clustered, summary->n_pairs,
                      with_store ? " --store" : "", rows[1 + k]);
      g_assert_cmpuint (summary->n_clusters, ==, g_ascii_strtoull (fields[2], NULL, 10));
      g_assert_cmpuint (summary->n_pairs, ==, g_ascii_strtoull (fields[5], NULL, 10));
      g_assert_cmpuint (summary->n_clustered, ==, g_ascii_strtoull (fields[7], NULL, 10));
      if (with_scans)
        {
          g_autofree char *scan_err = NULL;
          g_autoptr(GHashTable) clusters = NULL;
          guint64 records, repeats;

          g_assert_cmpint (run_cli (&scan_err, "scan", k, TRUE, out), ==, 0);
          clusters = pr_test_assert_thresholds_row (rows[1 + k], k, out, scan_err, &records, &repeats);
        }
    }
}

static void
test_preview_bounded (void)
{
  PrSession *s = scanned_session ();
  PrJudgeProgress *progress = g_atomic_rc_box_new0 (PrJudgeProgress);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(GArray) at_kmax = NULL;
  g_autoptr(GArray) unjudged = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autoptr(GArray) judged = NULL;
  double threshold = pr_session_get_judge_threshold (s);
  const PrScoredPair *across = NULL;

  pr_session_threshold_preview_async (s, progress, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  preview = pr_session_threshold_preview_finish (s, result, &error);
  g_assert_no_error (error);
  g_assert_true (pr_threshold_preview_is_judged (preview));
  /* The work counted what it judged, for the dialog's bar. */
  g_test_message ("progress: %d of %d", progress->done, progress->total);
  g_assert_cmpint (progress->total, >, 0);
  g_assert_cmpint (progress->done, ==, progress->total);
  g_atomic_rc_box_release (progress);

  /* Bounded as `thresholds` is: some pairs left unjudged, every one of
   * them below the threshold when judged here. */
  at_kmax = pr_threshold_preview_judged_at (preview, pr_threshold_preview_get_kmax (preview));
  for (guint i = 0; i < at_kmax->len; i++)
    if (g_array_index (at_kmax, PrScoredPair, i).probability < 0)
      g_array_append_val (unjudged, g_array_index (at_kmax, PrScoredPair, i));
  g_test_message ("%u of %u candidates up to k = %u left unjudged", unjudged->len, at_kmax->len,
                  pr_threshold_preview_get_kmax (preview));
  g_assert_cmpuint (unjudged->len, >, 0);
  judged = pr_test_session_judge_all (s, unjudged);
  for (guint i = 0; i < judged->len; i++)
    g_assert_cmpfloat (g_array_index (judged, PrScoredPair, i).probability, <, threshold);

  assert_rows (preview, FALSE, FALSE);
  assert_rows (preview, TRUE, TRUE);

  /* A reviewer confirms a repeat across a pair the preview left
   * unjudged, after it was made: every k's figures still equal those of
   * `thresholds` and of a scan, which read the verdict from the store. */
  across = &g_array_index (unjudged, PrScoredPair, 0);
  g_clear_object (&result);
  pr_session_judge_pair_async (s, across->a, across->b, PR_VERDICT_REPEAT, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_judge_pair_finish (s, result, &error));
  g_assert_no_error (error);
  assert_rows (preview, TRUE, TRUE);
}

/* Every candidate of the list judged here, the decided pairs left out,
 * nearest the threshold first (ties in the records' order): the queue. */
static void
test_queue_oracle (void)
{
  PrSession *s = scanned_session ();
  g_autoptr(GArray) candidates = NULL;
  g_autoptr(GArray) oracle = NULL;
  g_autoptr(GArray) queue = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  guint n_unjudged = 0, n_unjudged_in = 0, n = 0;

  pr_test_session_apply_k (s, 5);
  candidates = g_array_copy (s->result->scored);
  for (guint i = 0; i < candidates->len; i++)
    n_unjudged += g_array_index (candidates, PrScoredPair, i).probability < 0;
  g_assert_cmpuint (n_unjudged, >, 0);
  oracle = pr_test_session_unsure_oracle (s, candidates);

  pr_session_unsure_async (s, QUEUE_MAX, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  queue = pr_session_unsure_finish (s, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (queue->len, ==, MIN (QUEUE_MAX, oracle->len));
  for (guint i = 0; i < queue->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (queue, PrScoredPair, i);
      const double *expected = &g_array_index (oracle, double, 4 * i);
      const PrScoredPair *scanned = pr_scored_pairs_find (candidates, pair->a, pair->b);

      g_assert_cmpuint (pair->a, ==, (guint) expected[1]);
      g_assert_cmpuint (pair->b, ==, (guint) expected[2]);
      g_assert_cmpfloat_with_epsilon (pair->probability, expected[3], 1e-6);
      /* Judged for the queue, the number shown is the same, at once. */
      g_assert_cmpfloat_with_epsilon (pr_session_get_probability (s, pair->a, pair->b), expected[3], 1e-6);
      n_unjudged_in += scanned->probability < 0;
      n++;
    }
  /* The case the queue is for: pairs the scan left unjudged rank in it. */
  g_test_message ("%u of the %u pairs in the queue were left unjudged by the scan (%u in all)", n_unjudged_in, n,
                  n_unjudged);
  g_assert_cmpuint (n_unjudged_in, >, 0);
  /* The numbers judged for the queue are kept beside the scan's pairs,
   * not written into them. */
  g_assert_cmpuint (s->result->scored->len, ==, candidates->len);
  g_assert_cmpmem (s->result->scored->data, s->result->scored->len * sizeof (PrScoredPair), candidates->data,
                   candidates->len * sizeof (PrScoredPair));

  /* Listed again, with no more judging: the same. */
  {
    g_autoptr(GAsyncResult) again = NULL;
    g_autoptr(GArray) second = NULL;

    pr_session_unsure_async (s, QUEUE_MAX, NULL, pr_test_store_result, &again);
    pr_test_wait_until (pr_test_is_set, &again);
    second = pr_session_unsure_finish (s, again, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (second->len, ==, queue->len);
    g_assert_cmpmem (second->data, second->len * sizeof (PrScoredPair), queue->data,
                     queue->len * sizeof (PrScoredPair));
    g_assert_cmpmem (s->result->scored->data, s->result->scored->len * sizeof (PrScoredPair), candidates->data,
                     candidates->len * sizeof (PrScoredPair));
  }

  /* A new scan forgets the numbers judged for the old one's queue. */
  {
    g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
    g_autoptr(GAsyncResult) scanned = NULL;

    g_assert_nonnull (s->pair_probabilities);
    pr_session_scan_async (s, PR_SAMPLE_SERVER_TABLE, mapping, 3, NULL, NULL, NULL, pr_test_store_result, &scanned);
    pr_test_wait_until (pr_test_is_set, &scanned);
    g_assert_true (pr_session_scan_finish (s, scanned, &error));
    g_assert_no_error (error);
    g_assert_null (s->pair_probabilities);
    g_assert_null (s->unsure_scored);
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
  g_test_add_func ("/session/preview/bounded", test_preview_bounded);
  g_test_add_func ("/session/unsure/oracle", test_queue_oracle);
  status = g_test_run ();
  g_clear_object (&session);
  pr_test_sample_stop (sample);
  return status;
}
