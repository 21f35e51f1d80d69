/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The session's second stage, without a display, on the sample petitions
 * in a throwaway mariadbd: the "needs a judgement" queue against every
 * judged pair sorted by brute force, its probabilities against the
 * features and shipped weights computed here, a score's parts summing to
 * its logit, a verdict from the queue in the store, and learning off the
 * main thread judged against labels of known answer.
 */
#include "config.h"

#include <math.h>

#include <gtk/gtk.h>

#include "pr-catalog.h"
#include "pr-pair-judge.h"
#include "pr-sample-server.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-store.h"
#include "pr-test-util.h"

#include "judged-pairs.h"

static char *dir;
static PrSampleServer *server;
static PrSession *session;

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  pr_test_wait_until (pr_test_is_set, result);
  return *result;
}

/* The sample scanned with the second stage, once for all the tests. */
static PrSession *
judged_session (void)
{
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;

  if (session != NULL)
    return session;
  session = pr_session_new ("judge");
  params = pr_sample_server_get_params (server);
  g_free (params->database);
  params->database = g_strdup ("petitions");
  pr_session_connect_async (session, pr_connection_params_copy (params), NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_connect_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_load_columns_async (session, "petitions", NULL, pr_test_store_result, &result);
  columns = pr_session_load_columns_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  mapping = pr_catalog_guess_mapping (columns);
  g_assert_false (pr_session_get_second_stage (session));
  pr_session_set_second_stage (session, TRUE);
  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_scan_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  while (!pr_session_get_list_complete (session))
    g_main_context_iteration (NULL, TRUE);
  return session;
}

/* The features of a pair and the shipped weights, computed here. */
static double
logit_here (PrSession *s,
            guint32    a,
            guint32    b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  double features[PR_PAIR_N_FEATURES];

  g_assert_no_error (error);
  g_assert_true (pr_pair_judge_features (tokenizer, pr_session_get_mapping (s), pr_session_get_record_set (s), a, b,
                                         features, &error));
  g_assert_no_error (error);
  return pr_pair_model_logit (&pr_pair_model_default, features);
}

/* The queue holds the pairs nearest the threshold, nearest first: the
 * same as every judged pair sorted here. */
static void
test_unsure_order (void)
{
  PrSession *s = judged_session ();
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GArray) unsure = pr_session_list_unsure (s, 50);
  gint64 listed = g_get_monotonic_time ();
  g_autoptr(GArray) judged = judged_by_closeness (s);

  /* A figure for the report, on the main thread: not asserted. */
  g_test_message ("the queue of %u judged pairs listed in %.1f ms", judged->len, (listed - start) / 1000.0);
  g_assert_cmpuint (judged->len, >, 100);
  g_assert_cmpuint (unsure->len, ==, 50);
  g_assert_cmpfloat (pr_session_get_judge_threshold (s), ==, PR_PAIR_DEFAULT_PROBABILITY);
  for (guint i = 0; i < unsure->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (unsure, PrScoredPair, i);
      const Judged *expected = &g_array_index (judged, Judged, i);

      g_assert_cmpuint (pair->a, ==, expected->a);
      g_assert_cmpuint (pair->b, ==, expected->b);
      g_assert_cmpfloat_with_epsilon (pair->probability,
                                      pr_pair_logit_probability (logit_here (s, pair->a, pair->b)), 1e-4);
    }
  /* Near the threshold indeed: the sample has pairs on both sides of it. */
  g_assert_cmpfloat (fabs (g_array_index (unsure, PrScoredPair, 0).probability - 0.5), <, 0.1);
}

/* A score's parts, from the starting point, add up to its logit, as the
 * features and the shipped weights give it here. */
static void
test_parts_sum (void)
{
  PrSession *s = judged_session ();
  g_autoptr(GArray) unsure = pr_session_list_unsure (s, 20);

  for (guint i = 0; i < unsure->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (unsure, PrScoredPair, i);
      PrPairPart parts[PR_PAIR_N_FEATURES];
      g_autoptr(GError) error = NULL;
      guint n_parts;
      double bias, sum;
      gint64 start = g_get_monotonic_time ();

      g_assert_true (pr_session_explain_pair (s, pair->b, pair->a, parts, &n_parts, &bias, &error));
      g_test_message ("a score taken apart in %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
      g_assert_no_error (error);
      g_assert_cmpfloat (bias, ==, pr_pair_model_default.bias);
      g_assert_cmpuint (n_parts, >, 0);
      sum = bias;
      for (guint p = 0; p < n_parts; p++)
        {
          sum += parts[p].part;
          g_assert_cmpfloat_with_epsilon (parts[p].logit, sum, 1e-9);
          g_assert_cmpfloat (parts[p].part, ==, pr_pair_model_default.weights[parts[p].feature] * parts[p].value);
        }
      g_assert_cmpfloat_with_epsilon (sum, logit_here (s, pair->a, pair->b), 1e-9);
      g_assert_cmpfloat_with_epsilon (pr_pair_logit_probability (sum), pair->probability, 1e-4);
    }
}

static void
judge (PrSession *s,
       guint32    a,
       guint32    b,
       PrVerdict  verdict)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_judge_pair_async (s, a, b, verdict, pr_test_store_result, &result);
  g_assert_true (pr_session_judge_pair_finish (s, wait_for (&result), &error));
  g_assert_no_error (error);
}

/* A verdict on the queue's first pair is in the store, and the pair
 * leaves the queue; the next moves up. */
static void
test_verdict_stored (void)
{
  PrSession *s = judged_session ();
  g_autoptr(GArray) before = pr_session_list_unsure (s, 5);
  g_autoptr(GArray) after = NULL;
  PrRecordSet *set = pr_session_get_record_set (s);
  PrScoredPair first = g_array_index (before, PrScoredPair, 0);

  judge (s, first.a, first.b, PR_VERDICT_NOT_REPEAT);
  g_assert_true (judged_verdict_stored (server, set->ids->pdata[first.b], set->ids->pdata[first.a],
                                        PR_VERDICT_NOT_REPEAT));
  after = pr_session_list_unsure (s, 5);
  g_assert_cmpuint (g_array_index (after, PrScoredPair, 0).a, ==, g_array_index (before, PrScoredPair, 1).a);
  g_assert_cmpuint (g_array_index (after, PrScoredPair, 0).b, ==, g_array_index (before, PrScoredPair, 1).b);
}

/* Learning from verdicts that agree with the shipped weights: those
 * judge them without a fault (precision and recall 1), so the learned
 * ones cannot be better and the shipped are kept. */
static void
test_learn (void)
{
  PrSession *s = judged_session ();
  g_autoptr(GArray) unsure = pr_session_list_unsure (s, 400);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  PrLearnReport report;
  guint repeats = 0, others = 0;

  for (guint i = 0; i < unsure->len && (repeats < 8 || others < 8); i++)
    {
      const PrScoredPair *pair = &g_array_index (unsure, PrScoredPair, i);
      gboolean repeat = pair->probability >= 0.5;

      if (repeat ? repeats >= 8 : others >= 8)
        continue;
      /* Not too near the threshold: the float the scan kept against the
       * double learning computes. */
      if (fabs (pair->probability - 0.5) < 1e-3)
        continue;
      judge (s, pair->a, pair->b, repeat ? PR_VERDICT_REPEAT : PR_VERDICT_NOT_REPEAT);
      repeat ? repeats++ : others++;
    }
  g_assert_cmpuint (repeats, ==, 8);
  g_assert_cmpuint (others, ==, 8);

  pr_session_learn_async (s, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_learn_finish (s, wait_for (&result), &report, &error));
  g_assert_no_error (error);
  g_test_message ("shipped %.3f/%.3f, learned %.3f/%.3f", report.shipped_precision, report.shipped_recall,
                  report.learned_precision, report.learned_recall);
  g_assert_cmpuint (report.n_repeats, ==, 8);
  /* The pair test_verdict_stored () found not a repeat, and these. */
  g_assert_cmpuint (report.n_not, ==, 9);
  /* Every repeat verdict agrees with the shipped weights; of the "not a
   * repeat" ones, only the first test's pair may not. */
  g_assert_cmpfloat (report.shipped_recall, ==, 1.0);
  g_assert_cmpfloat (report.shipped_precision, >=, 8.0 / 9.0);
  g_assert_false (report.kept_learned);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sample = NULL;
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();
  sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  server = pr_sample_server_start (dir, sample, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/app/session-judge/unsure-order", test_unsure_order);
  g_test_add_func ("/app/session-judge/parts-sum", test_parts_sum);
  g_test_add_func ("/app/session-judge/verdict-stored", test_verdict_stored);
  g_test_add_func ("/app/session-judge/learn", test_learn);
  status = g_test_run ();

  g_clear_object (&session);
  pr_sample_server_stop (server, NULL);
  pr_sample_server_free (server);
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
