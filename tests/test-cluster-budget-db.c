/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A campaign of identical letters and one stored verdict "not a repeat"
 * between two of them: to keep them apart the scan lists every pair of
 * the campaign, which ran out of memory (a GLib-ERROR, a trap). Under the
 * pair budget (PR_PAIR_BUDGET, lowered so that a small campaign shows it)
 * scan and thresholds with --store now exit 1 with a message naming the
 * verdicts and the ways out; with room, the verdict is applied. Against a
 * throwaway server.
 */
#include "config.h"

#include <string.h>

#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

#define N_LETTERS 2000

static const PrConnectionParams *admin;
static char *dir;

static const char letter[] =
  "尊敬的市长我们是阳光小区的业主小区旁边的工地夜间施工噪音严重已经持续三个月严重影响居民休息请求政府责令施工单位"
  "停止夜间施工依法处理此致敬礼";

static void
test_not_repeat_in_campaign (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autoptr(GString) insert = g_string_new ("INSERT INTO campaign.letters VALUES ");
  g_autofree char *uri = pr_test_server_uri ("campaign", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL, *err2 = NULL, *err3 = NULL, *err4 = NULL;
  g_autofree char *first = NULL, *second = NULL, *cluster_5 = NULL, *cluster_1 = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  pr_test_execute (root, "CREATE DATABASE campaign");
  pr_test_execute (root, "CREATE DATABASE reviews");
  pr_test_execute (root, "CREATE TABLE campaign.letters (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
  for (guint i = 1; i <= N_LETTERS; i++)
    g_string_append_printf (insert, "%s(%u, '%s')", i > 1 ? "," : "", i, letter);
  pr_test_execute (root, insert->str);

  /* 2,000 identical letters are 1,999,000 pairs; without a verdict the
   * scan needs about 2,000 of them. */
  g_setenv ("PR_PAIR_BUDGET", "100000", TRUE);
  status = pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "letters", "--id", "id",
                                       "--text", "body", "--no-parts", "--store", "reviews", "--out", out, NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  first = pr_test_cluster_of (out, "1");
  second = pr_test_cluster_of (out, "5");
  g_assert_cmpstr (first, !=, "");
  g_assert_cmpstr (first, ==, second);

  {
    g_autoptr(PrConnection) connection = pr_test_connect (admin, "campaign");
    g_autoptr(PrStore) store = pr_store_open (connection, "reviews", &error);
    PrDecision decision = { 0 };

    g_assert_no_error (error);
    decision.table = (char *) "letters";
    decision.record_id = (char *) "5";
    decision.primary_id = (char *) "1";
    decision.verdict = PR_VERDICT_NOT_REPEAT;
    decision.reviewer = (char *) "test";
    g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
    g_assert_no_error (error);
  }

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err2, "scan", "--no-second-stage", "--db", uri, "--table", "letters", "--id", "id",
                                       "--text", "body", "--no-parts", "--store", "reviews", "--out", out, NULL), ==, 1);
  g_test_message ("%s", err2);
  g_assert_nonnull (strstr (err2, "not a repeat"));
  g_assert_nonnull (strstr (err2, "k = 3"));
  g_assert_nonnull (strstr (err2, "a lower k"));
  g_assert_nonnull (strstr (err2, "--part-max-records"));
  g_assert_null (strstr (err2, "GLib-ERROR"));

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err3, "thresholds", "--no-second-stage", "--db", uri, "--table", "letters",
                                       "--id", "id", "--text", "body", "--no-parts", "--store", "reviews", NULL), ==, 1);
  g_assert_nonnull (strstr (err3, "not a repeat"));

  /* With room for the pairs, the verdict keeps the two apart. */
  g_setenv ("PR_PAIR_BUDGET", "2000000", TRUE);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err4, "scan", "--no-second-stage", "--db", uri, "--table", "letters", "--id", "id",
                                       "--text", "body", "--no-parts", "--store", "reviews", "--out", out, NULL), ==, 0);
  cluster_1 = pr_test_cluster_of (out, "1");
  cluster_5 = pr_test_cluster_of (out, "5");
  g_assert_cmpstr (cluster_1, !=, cluster_5);
  g_unsetenv ("PR_PAIR_BUDGET");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  admin = pr_test_server_start ();

  g_test_add_func ("/cli/scan/cluster-budget-with-verdicts", test_not_repeat_in_campaign);

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
