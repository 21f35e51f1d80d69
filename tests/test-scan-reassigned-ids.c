/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Verdicts after a table is loaded again with its ids given anew, against
 * a throwaway server: the reviewers' "repeat" between ids 1 and 2 would
 * bind the unrelated petitions that now carry those ids into one cluster,
 * exit 0. The scan is refused, naming the moved ids, and stores nothing;
 * an ordinary edit, or a record edited into a copy of another that keeps
 * its own text, is no reload and keeps the verdict.
 */
#include "config.h"

#include <string.h>

#include "pr-test-petitions.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("reassign", __VA_ARGS__)

#define TEXT_A "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民 无法 休息 多次 投诉 无果'"
#define TEXT_A2 "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民 无法 休息 多次 投诉 未果'"
#define TEXT_C "'农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 镇政府 拖延 办理 群众 不满'"
#define TEXT_D "'拖欠 农民工 工资 建筑 公司 老板 失联 请求 追讨 劳动 监察 部门 尽快 处理'"
#define TEXT_E "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药品 目录 缩小 负担 加重 请求 说明'"
#define TEXT_E2 "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药品 目录 缩小 负担 加重 请求 说阴'"

static int
scan (char **err,
      const char *out)
{
  return RUN (NULL, err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
              "--store", "reassignstore", "--out", out, NULL);
}

/* The cluster of @id in the --out file @path, or NULL. */
static char *
cluster_of (const char *path,
            const char *id)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 3);

      if (fields[0] != NULL && fields[1] != NULL && g_str_equal (fields[1], id))
        return g_strdup (fields[0]);
    }
  return NULL;
}

static void
test_ids_given_anew (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *status = NULL;
  g_autofree char *c1 = NULL, *c2 = NULL, *c3 = NULL, *c4 = NULL;

  pr_test_execute (db, "CREATE DATABASE reassign CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE reassignstore");
  pr_test_execute (db, "CREATE TABLE reassign.t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO reassign.t VALUES (1, " TEXT_A "), (2, " TEXT_A2 "), (3, " TEXT_C "), "
                       "(4, " TEXT_D "), (5, " TEXT_E ")");
  g_assert_cmpint (scan (NULL, out), ==, 0);
  /* A reviewer confirms 2 repeats 1, and finds 4 no repeat of 3. */
  pr_test_execute (db, "INSERT INTO reassignstore.pr_decisions (source_database, source_table, record_id, primary_id, "
                       "verdict, reviewer, decided_at, case_number, login) VALUES "
                       "('reassign', 't', '2', '1', 'repeat', 'r', UTC_TIMESTAMP(6), 0, 'r'), "
                       "('reassign', 't', '4', '3', 'not_repeat', 'r', UTC_TIMESTAMP(6), 0, 'r')");

  /* An ordinary edit of 3 is no reload: the verdicts stand. */
  pr_test_execute (db, "UPDATE reassign.t SET body = CONCAT(body, ' 补充 材料') WHERE id = 3");
  g_assert_cmpint (scan (NULL, out), ==, 0);
  c1 = cluster_of (out, "1");
  c2 = cluster_of (out, "2");
  g_assert_nonnull (c1);
  g_assert_cmpstr (c1, ==, c2);

  /* 5 edited into a copy of 4, which keeps its text: a repeat letter
   * typed in, not a reload. */
  pr_test_execute (db, "UPDATE reassign.t SET body = " TEXT_D " WHERE id = 5");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, out), ==, 0);

  /* A letter typed twice (6 and 7, 7 with a slip), 6 found a repeat of
   * 7; the slip corrected into 6's text and 6 deleted as the duplicate:
   * a correction, no reload. */
  pr_test_execute (db, "INSERT INTO reassign.t VALUES (6, " TEXT_E "), (7, " TEXT_E2 ")");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, out), ==, 0);
  pr_test_execute (db, "INSERT INTO reassignstore.pr_decisions (source_database, source_table, record_id, primary_id, "
                       "verdict, reviewer, decided_at, case_number, login) VALUES "
                       "('reassign', 't', '6', '7', 'repeat', 'r', UTC_TIMESTAMP(6), 0, 'r')");
  pr_test_execute (db, "UPDATE reassign.t SET body = " TEXT_E " WHERE id = 7");
  pr_test_execute (db, "DELETE FROM reassign.t WHERE id = 6");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, out), ==, 0);

  /* Loaded again with the ids given anew: 1 and 2 are now the unrelated
   * letters that were 3 and 4, and 3, 4 the old 1, 2. */
  pr_test_execute (db, "CREATE TABLE reassign.t2 AS SELECT (id + 1) % 4 + 1 AS id, body FROM reassign.t WHERE id <= 4");
  pr_test_execute (db, "DELETE FROM reassign.t WHERE id <= 4");
  pr_test_execute (db, "INSERT INTO reassign.t SELECT id, body FROM reassign.t2");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, out), !=, 0);
  g_assert_nonnull (strstr (err, "were given to other petitions since the last scan"));
  g_assert_nonnull (strstr (err, "“1” ← “3”"));
  g_assert_nonnull (strstr (err, "2 of the reviewers' decisions"));
  status = pr_test_query_value (db, "SELECT status FROM reassignstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (status, ==, "failed");

  /* The old ids back: the verdicts bind their petitions again. */
  pr_test_execute (db, "DELETE FROM reassign.t WHERE id <= 4");
  pr_test_execute (db, "INSERT INTO reassign.t SELECT (id + 1) % 4 + 1, body FROM reassign.t2");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan (&err, out), ==, 0);
  c3 = cluster_of (out, "1");
  c4 = cluster_of (out, "2");
  g_assert_nonnull (c3);
  g_assert_cmpstr (c3, ==, c4);
  pr_test_remove_tree (dir);
}

/* Learning weights from the verdicts reads the table afresh: after the
 * ids were given anew it learnt from labels on other petitions, exit 0. */
static void
test_learn_after_ids_given_anew (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(GString) verdicts = g_string_new (NULL);
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE DATABASE relearn CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE relearnstore");
  pr_test_execute (db, "CREATE TABLE relearn.t (id INT PRIMARY KEY, body TEXT)");
  pr_test_add_petitions (db, "relearn.t", 1, 40, 700);
  g_assert_cmpint (pr_test_server_run_cli ("relearn", NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id",
                                           "--text", "body", "--store", "relearnstore", "--out", "/dev/null", NULL),
                   ==, 0);
  /* Six of each kind: enough to learn from. */
  g_string_append (verdicts, "INSERT INTO relearnstore.pr_decisions (source_database, source_table, record_id, "
                             "primary_id, verdict, reviewer, decided_at, case_number, login) VALUES ");
  for (guint i = 0; i < 12; i++)
    g_string_append_printf (verdicts, "%s('relearn', 't', '%u', '%u', '%s', 'r', UTC_TIMESTAMP(6), 0, 'r')",
                            i > 0 ? ", " : "", 2 * i + 2, 2 * i + 1, i < 6 ? "repeat" : "not_repeat");
  pr_test_execute (db, verdicts->str);

  /* Loaded again, every id one on. */
  pr_test_execute (db, "CREATE TABLE relearn.t2 AS SELECT id % 40 + 1 AS id, body FROM relearn.t");
  pr_test_execute (db, "DELETE FROM relearn.t");
  pr_test_execute (db, "INSERT INTO relearn.t SELECT id, body FROM relearn.t2");
  g_assert_cmpint (pr_test_server_run_cli ("relearn", NULL, &err, "learn", "--db", "URI", "--table", "t", "--id",
                                           "id", "--text", "body", "--store", "relearnstore", NULL), !=, 0);
  g_assert_nonnull (strstr (err, "were given to other petitions since the last scan"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/scan-reassigned-ids/verdicts-refused", test_ids_given_anew);
  g_test_add_func ("/db/scan-reassigned-ids/learn-refused", test_learn_after_ids_given_anew);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
