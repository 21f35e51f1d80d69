/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check reads the dates of its --csv file as a scan reads a date column:
 * where the column writes the part of the day (2019年6月8日下午3点), a
 * bare hour from 1 to 12 (2019年6月9日3点) may be the morning's or the
 * afternoon's and is no date, so check refuses that letter naming its
 * line, as it refuses any date it cannot read; in a column that never
 * writes one, 3点 is 03:00 and the letter is answered. Against a
 * throwaway server; the oracle is the scan's own reading of such a
 * column, written out by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("chkhour", __VA_ARGS__)
#define BODY "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 违规 作业"

static int
check_file (const char  *dir,
            const char  *csv,
            char       **out,
            char       **err)
{
  g_autofree char *path = g_build_filename (dir, "letters.csv", NULL);

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  return RUN (out, err, "check", "--db", "URI", "--table", "cases", "--id-column", "id", "--petitioner", "person",
              "--text", "body", "--date", "received", "--store", "chkhourstore", "--csv", path, "--format", "csv",
              NULL);
}

static void
test_bare_hour (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE chkhour CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE chkhourstore");
  pr_test_execute (db, "CREATE TABLE chkhour.cases (id INT PRIMARY KEY, person VARCHAR(10), body TEXT, "
                       "received DATETIME)");
  pr_test_execute (db, "INSERT INTO chkhour.cases VALUES (1, 'P100', '" BODY "', '2019-01-01 09:00')");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "cases", "--id", "id", "--petitioner", "person",
                        "--text", "body", "--date", "received", "--store", "chkhourstore", "--out", "/dev/null",
                        NULL), ==, 0);
  g_clear_pointer (&err, g_free);

  /* 下午 on line 2: the column keeps a 12-hour clock, and line 3's 3点
   * is no date. */
  status = check_file (dir,
                       "id,person,body,received\n"
                       "900,P100," BODY ",2019年6月8日下午3点\n"
                       "901,P100," BODY ",2019年6月9日3点\n",
                       &out, &err);
  g_test_message ("%s%s", out != NULL ? out : "", err != NULL ? err : "");
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "line 3"));
  g_assert_nonnull (strstr (err, "“2019年6月9日3点”"));
  g_assert_nonnull (strstr (err, "下午"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* No part of the day anywhere: a 24-hour clock, 3点 is 03:00. */
  status = check_file (dir,
                       "id,person,body,received\n"
                       "900,P100," BODY ",2019年6月8日15点\n"
                       "901,P100," BODY ",2019年6月9日3点\n",
                       &out, &err);
  g_test_message ("%s%s", out != NULL ? out : "", err != NULL ? err : "");
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "\n900,1,0,"));
  g_assert_nonnull (strstr (out, "\n901,1,0,"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/check/date-column/bare-hour", test_bare_hour);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
