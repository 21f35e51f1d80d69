/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Verdicts kept and found again, without a display: a verdict shows only
 * in the case (or beside the primary) it was made for, and a repeat judged
 * beside one primary is undecided once another record leads; a record found not
 * a repeat stays with its case after a rescan, apart, and is restored
 * there; each record's and case's history, with the reviewer's name, the
 * account and the note. Against a throwaway mariadbd.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-catalog.h"
#include "pr-cluster-item.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;

/* Runs the main loop until *@result is set. */
static GAsyncResult *
wait_for (GAsyncResult **result)
{
  pr_test_wait_until (pr_test_is_set, result);
  return *result;
}

static PrDecision *
make_decision (gint64      id,
               const char *record_id,
               const char *primary_id,
               PrVerdict   verdict,
               guint32     case_number)
{
  PrDecision *decision = g_new0 (PrDecision, 1);

  decision->id = id;
  decision->table = g_strdup ("t");
  decision->record_id = g_strdup (record_id);
  decision->primary_id = g_strdup (primary_id);
  decision->verdict = verdict;
  decision->reviewer = g_strdup ("王敏");
  decision->case_number = case_number;
  return decision;
}

static PrMemberState
state_of (PrClusterItem *item,
          const char    *id)
{
  int index = pr_cluster_item_find_member (item, id);

  g_assert_cmpint (index, >, 0);
  return pr_cluster_item_get_member (item, (guint) index)->state;
}

/* A verdict is shown for what it was about: the case it was made
 * against, whoever its primary is now; with no case known, the primary
 * it was made beside. Elsewhere the record is undecided. */
static void
test_verdict_scope (void)
{
  /* b was found a repeat of a in case 1; a later scan puts a and b in
   * case 2, whose primary is c. */
  {
    g_autoptr(PrClusterItem) item = pr_cluster_item_new (2, TRUE, "", 0);
    g_autoptr(PrDecision) repeat = make_decision (1, "b", "a", PR_VERDICT_REPEAT, 1);
    g_autoptr(PrDecision) not_repeat = make_decision (2, "d", "a", PR_VERDICT_NOT_REPEAT, 1);

    pr_cluster_item_add_member (item, "c", 0, 0);
    pr_cluster_item_add_member (item, "a", 1, 3);
    pr_cluster_item_add_member (item, "b", 2, 4);
    pr_cluster_item_add_member (item, "d", 3, 5);
    pr_cluster_item_apply (item, repeat, NULL);
    pr_cluster_item_apply (item, not_repeat, NULL);
    g_assert_cmpint (state_of (item, "b"), ==, PR_MEMBER_UNDECIDED);
    g_assert_cmpint (state_of (item, "d"), ==, PR_MEMBER_UNDECIDED);
    g_assert_false (pr_cluster_item_get_reviewed (item));
  }
  /* The same case, another primary since: the verdict holds. */
  {
    g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, TRUE, "", 0);
    g_autoptr(PrDecision) repeat = make_decision (1, "b", "a", PR_VERDICT_REPEAT, 1);

    pr_cluster_item_add_member (item, "c", 0, 0);
    pr_cluster_item_add_member (item, "a", 1, 3);
    pr_cluster_item_add_member (item, "b", 2, 4);
    pr_cluster_item_apply (item, repeat, NULL);
    g_assert_cmpint (state_of (item, "b"), ==, PR_MEMBER_REPEAT);
  }
  /* No case on the decision (a store before cases): by the primary. */
  {
    g_autoptr(PrClusterItem) item = pr_cluster_item_new (4, TRUE, "", 0);
    g_autoptr(PrDecision) beside_primary = make_decision (1, "b", "c", PR_VERDICT_REPEAT, 0);
    g_autoptr(PrDecision) beside_other = make_decision (2, "d", "a", PR_VERDICT_REPEAT, 0);

    pr_cluster_item_add_member (item, "c", 0, 0);
    pr_cluster_item_add_member (item, "a", 1, 3);
    pr_cluster_item_add_member (item, "b", 2, 4);
    pr_cluster_item_add_member (item, "d", 3, 5);
    pr_cluster_item_apply (item, beside_primary, NULL);
    pr_cluster_item_apply (item, beside_other, NULL);
    g_assert_cmpint (state_of (item, "b"), ==, PR_MEMBER_REPEAT);
    g_assert_cmpint (state_of (item, "d"), ==, PR_MEMBER_UNDECIDED);
  }
}

/* Case 11 of the sample: 2167 judged a repeat of the primary 1950, then
 * 2572 made the primary. The repeat was judged beside 1950, not 2572: it
 * is to be judged again (it stays a member), and 3010, judged beside 2572
 * after it led, keeps its verdict. Undoing the make-primary brings back
 * exactly what was before it. */
static void
test_repeat_after_new_primary (void)
{
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (11, TRUE, "", 0);
  g_autoptr(PrDecision) repeat = make_decision (1, "2167", "1950", PR_VERDICT_REPEAT, 11);
  g_autoptr(PrDecision) primary = make_decision (2, "2572", "1950", PR_VERDICT_PRIMARY, 11);
  g_autoptr(PrDecision) beside_new = make_decision (3, "3010", "2572", PR_VERDICT_REPEAT, 11);
  guint64 fingerprints[] = { 0x0, 0x3, 0x7, 0xf };
  PrRecordSet set = { .n_records = G_N_ELEMENTS (fingerprints), .fingerprints = fingerprints };

  pr_cluster_item_add_member (item, "1950", 0, 0);
  pr_cluster_item_add_member (item, "2167", 1, 2);
  pr_cluster_item_add_member (item, "2572", 2, 3);
  pr_cluster_item_add_member (item, "3010", 3, 4);
  pr_cluster_item_apply (item, repeat, &set);
  g_assert_cmpint (state_of (item, "2167"), ==, PR_MEMBER_REPEAT);

  pr_cluster_item_apply (item, primary, &set);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "2572");
  g_assert_cmpint (state_of (item, "2167"), ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpint (pr_cluster_item_get_member (item, (guint) pr_cluster_item_find_member (item, "2167"))->decision,
                   ==, 0);
  g_assert_cmpint (state_of (item, "1950"), ==, PR_MEMBER_UNDECIDED);
  pr_cluster_item_apply (item, beside_new, &set);
  g_assert_cmpint (state_of (item, "3010"), ==, PR_MEMBER_REPEAT);

  pr_cluster_item_revert (item, beside_new, &set);
  pr_cluster_item_revert (item, primary, &set);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "1950");
  g_assert_cmpint (state_of (item, "2167"), ==, PR_MEMBER_REPEAT);
  g_assert_cmpint (pr_cluster_item_get_member (item, (guint) pr_cluster_item_find_member (item, "2167"))->decision,
                   ==, 1);
  g_assert_cmpint (state_of (item, "2572"), ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpint (state_of (item, "3010"), ==, PR_MEMBER_UNDECIDED);
  g_assert_cmpint (pr_cluster_item_get_member (item, (guint) pr_cluster_item_find_member (item, "2167"))->distance,
                   ==, 2);
}

static PrSession *
scanned_session (PrConnection *root,
                 PrMapping   **mapping_out)
{
  PrSession *session = pr_session_new ("login-name");
  PrConnectionParams *params = pr_connection_params_copy (admin);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = NULL;

  pr_test_fill_table (root);
  g_free (params->database);
  params->database = g_strdup ("office");
  pr_session_connect_async (session, params, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_connect_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_load_columns_async (session, "petitions", NULL, pr_test_store_result, &result);
  columns = pr_session_load_columns_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  *mapping_out = pr_catalog_guess_mapping (columns);
  return session;
}

static void
scan (PrSession *session,
      PrMapping *mapping)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_scan_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
}

static void
finish_step (PrSession     *session,
             GAsyncResult **result,
             PrClusterItem *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrClusterItem) item = pr_session_decide_finish (session, wait_for (result), &error);

  g_assert_no_error (error);
  g_assert_true (item == expected);
  g_clear_object (result);
}

/* A record found not a repeat leaves its case, and the rescan clusters it
 * apart: the case still lists it, taken out, with who, when and why, and
 * restores it; the restore is in the log and in both histories, and the
 * next scan has the record back in the case. */
static void
test_taken_out_after_rescan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrSession) session = scanned_session (root, &mapping);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) taken_out = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(GPtrArray) case_history = NULL;
  g_autofree char *logged = NULL;
  g_autofree char *expected = NULL;
  PrClusterItem *item;
  PrDecision *decision;
  guint number;
  gint64 taken_out_id;

  scan (session, mapping);
  item = pr_session_find_cluster (session, "100");
  g_assert_nonnull (item);
  g_assert_true (pr_cluster_item_get_is_case (item));
  number = pr_cluster_item_get_number (item);
  g_assert_cmpint (pr_cluster_item_find_member (item, "102"), >, 0);

  /* The name set in the preferences, and a note. */
  pr_session_set_reviewer (session, "王敏");
  pr_session_set_next_note (session, "  诉求不同，另案处理 ");
  pr_session_decide_async (session, item, PR_VERDICT_NOT_REPEAT, "102", pr_test_store_result, &result);
  finish_step (session, &result, item);
  taken_out = pr_cluster_item_list_taken_out (item);
  g_assert_cmpuint (taken_out->len, ==, 1);
  g_assert_cmpstr (((PrDecision *) taken_out->pdata[0])->record_id, ==, "102");
  g_clear_pointer (&taken_out, g_ptr_array_unref);

  /* The note went with that decision only. */
  pr_session_decide_async (session, item, PR_VERDICT_REPEAT, "101", pr_test_store_result, &result);
  finish_step (session, &result, item);
  logged = pr_test_query_value (root, "SELECT GROUP_CONCAT(CONCAT_WS('|', record_id, verdict, reviewer, login, "
                                      "IFNULL(note, '-'), case_number) ORDER BY id SEPARATOR ';') "
                                      "FROM office.pr_decisions");
  expected = g_strdup_printf ("102|not_repeat|王敏|%s|诉求不同，另案处理|%u;101|repeat|王敏|%s|-|%u",
                              g_get_user_name (), number, g_get_user_name (), number);
  g_assert_cmpstr (logged, ==, expected);
  g_clear_pointer (&logged, g_free);
  g_clear_pointer (&expected, g_free);

  /* Rescan: 102 is no member of the case now, but the case has it apart. */
  scan (session, mapping);
  item = pr_session_find_cluster (session, "100");
  g_assert_cmpuint (pr_cluster_item_get_number (item), ==, number);
  g_assert_cmpint (pr_cluster_item_find_member (item, "102"), <, 0);
  g_assert_cmpint (state_of (item, "101"), ==, PR_MEMBER_REPEAT);
  taken_out = pr_cluster_item_list_taken_out (item);
  g_assert_cmpuint (taken_out->len, ==, 1);
  decision = taken_out->pdata[0];
  g_assert_cmpstr (decision->record_id, ==, "102");
  g_assert_cmpstr (decision->reviewer, ==, "王敏");
  g_assert_cmpstr (decision->note, ==, "诉求不同，另案处理");
  g_assert_cmpint (decision->decided_at, >, 0);
  taken_out_id = decision->id;

  /* Restored there, with a note of its own. */
  pr_session_set_next_note (session, "核实为同一事项");
  pr_session_restore_async (session, item, taken_out_id, pr_test_store_result, &result);
  finish_step (session, &result, item);
  g_clear_pointer (&taken_out, g_ptr_array_unref);
  taken_out = pr_cluster_item_list_taken_out (item);
  g_assert_cmpuint (taken_out->len, ==, 0);
  logged = pr_test_query_value (root, "SELECT CONCAT_WS('|', record_id, verdict, reviewer, note, case_number, undoes) "
                                      "FROM office.pr_decisions ORDER BY id DESC LIMIT 1");
  expected = g_strdup_printf ("102|undo|王敏|核实为同一事项|%u|%" G_GINT64_FORMAT, number, taken_out_id);
  g_assert_cmpstr (logged, ==, expected);

  /* The record's history: the verdict and its undo, in order; the case's:
   * those and the repeat of 101. */
  history = pr_session_list_record_history (session, "102");
  g_assert_cmpuint (history->len, ==, 2);
  g_assert_cmpint (((PrDecision *) history->pdata[0])->verdict, ==, PR_VERDICT_NOT_REPEAT);
  g_assert_cmpint (((PrDecision *) history->pdata[1])->verdict, ==, PR_VERDICT_UNDO);
  g_assert_cmpint (((PrDecision *) history->pdata[1])->undoes, ==, taken_out_id);
  case_history = pr_session_list_case_history (session, item);
  g_assert_cmpuint (case_history->len, ==, 3);
  g_assert_cmpstr (((PrDecision *) case_history->pdata[1])->record_id, ==, "101");

  /* The next scan has 102 back in the case, undecided. */
  scan (session, mapping);
  item = pr_session_find_cluster (session, "100");
  g_assert_cmpuint (pr_cluster_item_get_number (item), ==, number);
  g_assert_cmpint (state_of (item, "102"), ==, PR_MEMBER_UNDECIDED);
  g_clear_pointer (&taken_out, g_ptr_array_unref);
  taken_out = pr_cluster_item_list_taken_out (item);
  g_assert_cmpuint (taken_out->len, ==, 0);
  g_assert_null (gdk_display_get_default ());
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  admin = pr_test_server_start ();
  g_test_add_func ("/app/cluster-item/verdict-scope", test_verdict_scope);
  g_test_add_func ("/app/cluster-item/repeat-after-new-primary", test_repeat_after_new_primary);
  g_test_add_func ("/app/session/taken-out-after-rescan", test_taken_out_after_rescan);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
