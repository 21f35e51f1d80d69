/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain --db finds each id by the server's comparison, which is loose
 * for a number column ("0536" and "536 " are 536), against a throwaway
 * server: two typed ids of one record are refused, not explained as a
 * match of 100 %, and the records are named by the ids the table holds.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("loose", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"
#define OTHER_TEXT "'医保 报销 比例 调整 退休 职工 门诊 慢性病'"

static void
test_one_record_twice (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE loose CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE loose.num (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO loose.num VALUES (536, " SAME_TEXT "), (537, " OTHER_TEXT ")");

  status = RUN (&out, &err, "explain", "--pair-only", "--db", "URI", "--table", "num", "--id", "id", "--text", "body",
                "0536", "536 ", NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "“0536” and “536 ” are the same record of table “num” (id “536”)"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Two records typed loosely: named as the table holds them. */
  status = RUN (&out, &err, "explain", "--pair-only", "--db", "URI", "--table", "num", "--id", "id", "--text", "body",
                "0536", "537.0", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_str_has_prefix (out, "Records 536 and 537\n"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/explain-loose-ids/one-record-twice", test_one_record_twice);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
