/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A PrSession as the window holds one, for the tests of the session
 * against the sample's real server.
 */
#include "config.h"

#include "pr-session-judge.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

/* A session connected to @sample's server, with the second stage on, that
 * opened the table's last scan from the store (a scan the test made). */
PrSession *
pr_test_session_open_last (PrTestSample    *sample,
                           const PrMapping *mapping)
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
  g_clear_object (&result);
  pr_session_set_second_stage (session, TRUE);
  pr_session_open_last_scan_async (session, PR_SAMPLE_SERVER_TABLE, mapping, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_scan_finish (session, result, &error));
  g_assert_no_error (error);
  return session;
}
