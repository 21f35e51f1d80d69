/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The intake check against a real throwaway server, on a table of which a
 * few dates cannot be read: the scan reads it (two dates in nine), and a
 * check whose earlier records are those few is answered with them undated,
 * as the scan has them, rather than refused as a column of mostly
 * unreadable dates; the handful of rows a check reads is no column.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("intake", __VA_ARGS__)

#define BODY "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 影响 休息'"
#define OTHER "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药费'"

static void
test_few_unreadable (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL, *err = NULL;
  int status;

  pr_test_execute (db, "DROP DATABASE IF EXISTS intake");
  pr_test_execute (db, "DROP DATABASE IF EXISTS intakestore");
  pr_test_execute (db, "CREATE DATABASE intake CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE intakestore");
  pr_test_execute (db, "CREATE TABLE intake.dated (id INT PRIMARY KEY, date VARCHAR(20), body TEXT)");
  /* 1, 2 and 3 one text; 2 and 3 with a date still to be filled in. */
  pr_test_execute (db, "INSERT INTO intake.dated VALUES "
                       "(1, '2026-01-04', " BODY "), (2, '待补', " BODY "), (3, '待补', " BODY "), "
                       "(4, '2026-01-05', " OTHER "), (5, '2026-01-06', " OTHER "), (6, '2026-01-07', " OTHER "), "
                       "(7, '2026-01-08', " OTHER "), (8, '2026-01-09', " OTHER "), (9, '2026-01-10', " OTHER ")");
#define FLAGS "--db", "URI", "--table", "dated", "--id", "id", "--text", "body", "--date", "date", \
              "--store", "intakestore"
  g_assert_cmpint (RUN (NULL, NULL, "scan", FLAGS, "--out", "/dev/null", NULL), ==, 0);

  /* The oracle: records 2 and 3 have record 1's text, at distance 0. */
  status = RUN (&out, &err, "check", FLAGS, "--record", "1", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n2,0\r\n3,0\r\n");

  /* Undated, as the scan has them. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = RUN (&out, &err, "check", FLAGS, "--record", "1", "--format", "csv", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\r\n2,0,"));
  g_assert_nonnull (strstr (out, "\r\n3,0,"));
#undef FLAGS
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/intake/few-unreadable-dates", test_few_unreadable);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
