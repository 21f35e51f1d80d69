/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A PrSession as the window holds one, for the tests of the session
 * against the sample's real server.
 */
#include "config.h"

#include <math.h>

#include "pr-pair-judge.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

/* A session connected to @sample's server, with the second stage on. */
static PrSession *
connected (PrTestSample *sample)
{
  PrSession *session = pr_session_new ("甲");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_object_set (session, "refresh-interval", 0, NULL);
  pr_session_connect_async (session, pr_sample_server_get_params (sample->server), NULL, pr_test_store_result,
                            &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_connect_finish (session, result, &error));
  g_assert_no_error (error);
  pr_session_set_second_stage (session, TRUE);
  return session;
}

/* connected (), that opened the table's last scan from the store (a scan
 * the test made). */
PrSession *
pr_test_session_open_last (PrTestSample    *sample,
                           const PrMapping *mapping)
{
  PrSession *session = connected (sample);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_open_last_scan_async (session, PR_SAMPLE_SERVER_TABLE, mapping, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_scan_finish (session, result, &error));
  g_assert_no_error (error);
  return session;
}

/* @session scans the table again at @k, as the window scans. */
void
pr_test_session_rescan (PrSession       *session,
                        const PrMapping *mapping,
                        guint            k)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_scan_async (session, PR_SAMPLE_SERVER_TABLE, mapping, k, NULL, NULL, NULL, pr_test_store_result,
                         &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_scan_finish (session, result, &error));
  g_assert_no_error (error);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
}

/* connected (), that scanned the table at k = 3 as the window scans. */
PrSession *
pr_test_session_scan (PrTestSample    *sample,
                      const PrMapping *mapping)
{
  PrSession *session = connected (sample);

  pr_test_session_rescan (session, mapping, 3);
  return session;
}

/* k applied from the preview, as its Apply does: the list's pairs are
 * then the preview's, those it left unjudged among them. */
void
pr_test_session_apply_k (PrSession *s,
                         guint      k)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  PrSessionRegroup *regroup;

  pr_session_threshold_preview_async (s, NULL, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  preview = pr_session_threshold_preview_finish (s, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_regroup_async (s, preview, k, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  regroup = pr_session_regroup_finish (s, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_apply_regroup_async (s, regroup, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_apply_regroup_finish (s, result, &error));
  g_assert_no_error (error);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, s);
}

/* @pairs judged here, every one, with the scan's weights. */
GArray *
pr_test_session_judge_all (PrSession *s,
                           GArray    *pairs)
{
  GArray *judged = g_array_copy (pairs);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < judged->len; i++)
    g_array_index (judged, PrScoredPair, i).probability = -1;
  g_assert_true (pr_pair_judge_score (s->mapping, PR_SESSION_TOKENIZER_FLAGS, &s->model, s->result->set,
                                      (PrScoredPair *) (gpointer) judged->data, judged->len, 1, NULL, &error));
  g_assert_no_error (error);
  return judged;
}

/* Keys of four numbers: the distance to the threshold, then the records. */
static int
compare_keys (gconstpointer x,
              gconstpointer y)
{
  const double *p = x, *q = y;

  for (guint i = 0; i < 3; i++)
    if (p[i] != q[i])
      return p[i] < q[i] ? -1 : 1;
  return 0;
}

/* The "needs a judgement" queue by brute force: every one of
 * @candidates judged here, the pairs decided in @s's log left out,
 * nearest the threshold first, ties in the records' order. Each entry
 * is four doubles: the distance, the two records, the number. */
GArray *
pr_test_session_unsure_oracle (PrSession *s,
                               GArray    *candidates)
{
  g_autoptr(GArray) judged = pr_test_session_judge_all (s, candidates);
  GArray *keyed = g_array_new (FALSE, FALSE, sizeof (double) * 4);
  double threshold = s->result->probability;
  PrRecordSet *set = s->result->set;

  for (guint i = 0; i < judged->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (judged, PrScoredPair, i);
      double key[4] = { fabs ((double) pair->probability - threshold), pair->a, pair->b, pair->probability };
      gboolean decided = FALSE;
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, s->decisions);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          const PrDecision *d = value;

          if (d->record_id != NULL && d->primary_id != NULL &&
              ((g_str_equal (d->record_id, set->ids->pdata[pair->a]) &&
                g_str_equal (d->primary_id, set->ids->pdata[pair->b])) ||
               (g_str_equal (d->record_id, set->ids->pdata[pair->b]) &&
                g_str_equal (d->primary_id, set->ids->pdata[pair->a]))))
            decided = TRUE;
        }
      if (!decided)
        g_array_append_vals (keyed, key, 1);
    }
  g_array_sort (keyed, compare_keys);
  return keyed;
}
