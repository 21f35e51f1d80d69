/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A table read with the guessed mapping, against a throwaway server: the
 * guessed date column's unreadable dates (a zero date, 30 February under
 * a permissive sql_mode) are said as a --date column's are, not counted
 * as no date without a word; --date-format, idle where the guess finds no
 * date column, is refused then, and read where it finds one.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("gdate", __VA_ARGS__)

static void
test_unreadable_said (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *err = NULL;
  g_autofree char *given_err = NULL;

  pr_test_execute (db, "CREATE DATABASE gdate CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE gdate.t (id INT PRIMARY KEY, body TEXT, received DATETIME)");
  pr_test_execute (db, "SET SESSION sql_mode = 'ALLOW_INVALID_DATES'");
  pr_test_execute (db, "INSERT INTO gdate.t VALUES "
                       "(1, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡', '2024-03-01 09:00:00'), "
                       "(2, '医保 报销 比例 调整 退休 职工 门诊 慢性病', '2024-02-30 10:00:00'), "
                       "(3, '农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核', '0000-00-00 00:00:00'), "
                       "(4, '拖欠 农民工 工资 建筑 公司 老板 失联 请求 追讨', '2024-03-04 11:00:00'), "
                       "(5, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 再次', '2024-03-05 12:00:00')");

  g_assert_cmpint (RUN (NULL, &given_err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--date", "received", "--out", "/dev/null", NULL), ==, 0);
  g_assert_nonnull (strstr (given_err, "2 dates in column “received” could not be read and count as none "
                                       "(records 2, 3)"));
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "t", "--out", "/dev/null", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "guessed from the table: --id id --text body:1 --date received"));
  g_assert_nonnull (strstr (err, "2 dates in column “received” could not be read and count as none (records 2, 3)"));
}

static void
test_date_format_idle (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *err = NULL;
  g_autofree char *dated_err = NULL;

  pr_test_execute (db, "CREATE DATABASE gdatefmt CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE gdatefmt.t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "CREATE TABLE gdatefmt.dated (id INT PRIMARY KEY, body TEXT, received DATETIME)");
  pr_test_execute (db, "INSERT INTO gdatefmt.t VALUES "
                       "(1, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'), "
                       "(2, '医保 报销 比例 调整 退休 职工 门诊 慢性病')");
  pr_test_execute (db, "INSERT INTO gdatefmt.dated VALUES "
                       "(1, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡', '2019-06-08 09:00:00'), "
                       "(2, '医保 报销 比例 调整 退休 职工 门诊 慢性病', '2019-06-13 10:00:00')");

  g_assert_cmpint (pr_test_server_run_cli ("gdatefmt", NULL, &err, "scan", "--db", "URI", "--table", "t",
                                           "--date-format", "DMY", "--out", "/dev/null", NULL), ==, 2);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "--date-format says how to read the dates of the date column, but the mapping "
                                 "guessed from the table has none"));
  g_assert_cmpint (pr_test_server_run_cli ("gdatefmt", NULL, &dated_err, "scan", "--db", "URI", "--table", "dated",
                                           "--date-format", "DMY", "--out", "/dev/null", NULL), ==, 0);
  g_test_message ("%s", dated_err);
  g_assert_nonnull (strstr (dated_err, "--date received"));
  g_assert_null (strstr (dated_err, "--date-format says"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/guessed-date/unreadable-said", test_unreadable_said);
  g_test_add_func ("/db/guessed-date/date-format-idle", test_date_format_idle);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
