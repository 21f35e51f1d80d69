/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date column of numbers (Excel's day numbers, as Excel saves a date
 * cell formatted as General) is read as dates by check as by scan: in the
 * --csv file, where each record was refused before as an unreadable date;
 * and in the table, where the records the intake check found were read
 * beside the new record's written date and answered undated, so a letter
 * long after the earlier case's periods was "remind", not "overdue".
 * Against a throwaway server; the oracle is the periods counted by hand
 * from the rules' defaults (accepted 2019-01-02: 90 days end on
 * 2019-04-02) and Excel's day numbers (43624 is 2019-06-08). A year of
 * the Republic of China without 民国 in the file is named as such.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("chknum", __VA_ARGS__)
#define BODY "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 违规 作业"

static char *
check_file (const char *dir,
            const char *table,
            const char *csv,
            int        *status,
            char      **err)
{
  g_autofree char *path = g_build_filename (dir, "letters.csv", NULL);
  char *out = NULL;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  *status = RUN (&out, err, "check", "--db", "URI", "--table", table, "--id-column", "id", "--petitioner", "person",
                 "--text", "body", "--date", "received", "--status", "state", "--accepted", "accepted_on",
                 "--store", "chknumstore", "--csv", path, "--format", "csv", NULL);
  return out;
}

static void
scan_table (const char *table)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", table, "--id", "id", "--petitioner", "person",
                        "--text", "body", "--date", "received", "--status", "state", "--accepted", "accepted_on",
                        "--store", "chknumstore", "--out", "/dev/null", NULL), ==, 0);
}

static void
setup (PrConnection *db)
{
  pr_test_execute (db, "DROP DATABASE IF EXISTS chknum");
  pr_test_execute (db, "DROP DATABASE IF EXISTS chknumstore");
  pr_test_execute (db, "CREATE DATABASE chknum CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE chknumstore");
}

/* The letters' file gives Excel's day numbers; the table, dates. */
static void
test_file_numbers (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  int status;

  setup (db);
  pr_test_execute (db, "CREATE TABLE chknum.cases (id INT PRIMARY KEY, person VARCHAR(10), body TEXT, "
                       "received DATETIME, state VARCHAR(10), accepted_on DATE)");
  pr_test_execute (db, "INSERT INTO chknum.cases VALUES (1, 'P100', '" BODY "', '2019-01-01 09:00', '办理中', "
                       "'2019-01-02')");
  scan_table ("cases");

  /* 2019-06-08 10:00 (after 2019-04-02) and 2019-03-01 10:00 (within). */
  out = check_file (dir, "cases",
                    "id,person,body,received,state,accepted_on\n"
                    "900,P100," BODY ",43624.4166667,,\n"
                    "901,P100," BODY ",43525.4166667,,\n",
                    &status, &err);
  g_test_message ("%s%s", out != NULL ? out : "", err != NULL ? err : "");
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "900,1,0,"));
  g_assert_nonnull (strstr (lines[1], "overdue"));
  g_assert_true (g_str_has_prefix (lines[2], "901,1,0,"));
  g_assert_nonnull (strstr (lines[2], "remind"));

  /* A year of the Republic of China without 民国: named as such. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  out = check_file (dir, "cases", "id,person,body,received,state,accepted_on\n900,P100," BODY ",108/06/08,,\n",
                    &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "“108/06/08”"));
  g_assert_nonnull (strstr (err, "民国"));
  pr_test_remove_tree (dir);
}

/* The table gives Excel's day numbers; the letter, a date. */
static void
test_table_numbers (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  setup (db);
  pr_test_execute (db, "CREATE TABLE chknum.serials (id INT PRIMARY KEY, person VARCHAR(10), body TEXT, "
                       "received INT, state VARCHAR(10), accepted_on INT)");
  /* 2019-01-01, accepted 2019-01-02; another record, for a column. */
  pr_test_execute (db, "INSERT INTO chknum.serials VALUES (1, 'P100', '" BODY "', 43466, '办理中', 43467), "
                       "(2, 'P200', '路灯 坏了 很久 没有 人 修 晚上 出行 不便', 43470, '办理中', 43471)");
  scan_table ("serials");

  out = check_file (dir, "serials",
                    "id,person,body,received,state,accepted_on\n"
                    "900,P100," BODY ",2019-06-08 10:00,,\n",
                    &status, &err);
  g_test_message ("%s%s", out != NULL ? out : "", err != NULL ? err : "");
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "900,1,0,"));
  g_assert_nonnull (strstr (out, ",2019-01-01 00:00"));
  g_assert_nonnull (strstr (out, "overdue"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/check/date-numbers/in-file", test_file_numbers);
  g_test_add_func ("/cli/check/date-numbers/in-table", test_table_numbers);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
