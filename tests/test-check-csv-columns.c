/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check --csv reads the file's date, petitioner and case columns, not its
 * text alone: a letter from the same petitioner after the earlier case's
 * longest period (60 days to handle and 30 more, from the day accepted) is
 * overdue, one within it to be reminded; a date it cannot read is refused
 * naming the line, and a GBK file read as UTF-8 is named as GBK; a
 * letter is taken or refused for its encoding as a scan of it is. Against a throwaway server; the oracle is the periods
 * counted by hand from the rules' defaults.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("chkcsv", __VA_ARGS__)
#define BODY "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 违规 作业"

static char *
check_letter (const char *dir,
              const char *date,
              int        *status,
              char      **err)
{
  g_autofree char *path = g_build_filename (dir, "letter.csv", NULL);
  g_autofree char *csv = g_strdup_printf ("id,person,body,received,state,accepted_on\n900,P100,%s,%s,,\n", BODY, date);
  char *out = NULL;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  *status = RUN (&out, err, "check", "--db", "URI", "--table", "cases", "--id-column", "id", "--petitioner", "person",
                 "--text", "body", "--date", "received", "--status", "state", "--accepted", "accepted_on",
                 "--store", "chkcsvstore", "--csv", path, "--format", "csv", NULL);
  return out;
}

/* The table of one case and its scan into the store. */
static void
set_up (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);

  pr_test_execute (db, "DROP DATABASE IF EXISTS chkcsv");
  pr_test_execute (db, "DROP DATABASE IF EXISTS chkcsvstore");
  pr_test_execute (db, "CREATE DATABASE chkcsv CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE chkcsvstore");
  pr_test_execute (db, "CREATE TABLE chkcsv.cases (id INT PRIMARY KEY, person VARCHAR(10), body TEXT, "
                       "received DATETIME, state VARCHAR(10), accepted_on DATE)");
  pr_test_execute (db, "INSERT INTO chkcsv.cases VALUES (1, 'P100', '" BODY "', '2019-01-01 09:00', '办理中', "
                       "'2019-01-02')");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "cases", "--id", "id", "--petitioner", "person",
                        "--text", "body", "--date", "received", "--status", "state", "--accepted", "accepted_on",
                        "--store", "chkcsvstore", "--out", "/dev/null", NULL), ==, 0);
}

static void
test_columns_read (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *late = NULL;
  g_autofree char *early = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *err = NULL;
  int status;

  set_up ();
  /* Accepted 2019-01-02: 90 days end on 2019-04-02. */
  late = check_letter (dir, "2019-06-08 10:00", &status, NULL);
  g_test_message ("%s", late);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (late, "900,1,0,"));
  g_assert_nonnull (strstr (late, "overdue"));
  early = check_letter (dir, "2019-03-01 10:00", &status, NULL);
  g_test_message ("%s", early);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (early, "remind"));
  g_assert_null (strstr (early, "overdue"));

  bad = check_letter (dir, "Jun 8 2019", &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "“Jun 8 2019”"));

  /* A GBK file without --encoding: named as such, as scan names it. */
  {
    g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
    /* 噪音 扰民 in GBK. */
    static const char gbk[] = "id,person,body,received,state,accepted_on\n"
                              "901,P100,\xd4\xeb\xd2\xf4 \xc8\xc5\xc3\xf1 a b c,2019-06-08,,\n";
    g_autofree char *gbk_err = NULL;

    g_assert_true (g_file_set_contents (path, gbk, -1, NULL));
    g_assert_cmpint (RUN (NULL, &gbk_err, "check", "--db", "URI", "--table", "cases", "--id-column", "id",
                          "--petitioner", "person", "--text", "body", "--date", "received", "--store", "chkcsvstore",
                          "--csv", path, NULL), ==, 1);
    g_test_message ("%s", gbk_err);
    g_assert_nonnull (strstr (gbk_err, "looks like GB18030 text"));
  }
  pr_test_remove_tree (dir);
}

/* check --csv and a scan of the same file take and refuse the same
 * letters: a petition's GBK bytes read as EUC-KR is refused by both,
 * naming the encoding; a letter in Russian (a foreign petitioner's) is
 * read by both. */
static void
test_misread_as_scan (void)
{
  const char *const letters[] = {
    /* 我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月 in GBK, read as CP949 */
    "乖角땜빤혐돨앙췽，캐쉔蓼무鱇賈퓐묏栗돨狂痙綠쒔넣崎枷랗몸墩",
    "Уважаемые господа прошу рассмотреть мою жалобу на шум строительных работ",
  };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "letter.csv", NULL);

  set_up ();
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    {
      g_autofree char *csv = g_strdup_printf ("id,person,body,received\n90%u,P100,%s,2019-06-08 10:00\n", i,
                                              letters[i]);
      g_autofree char *check_err = NULL, *scan_err = NULL;
      g_autoptr(GString) table = g_string_new (csv);
      int check_status, scan_status;

      /* The scan reads the letter among a table's petitions, as check
       * compares it with them. */
      for (guint r = 0; r < 10; r++)
        g_string_append_printf (table, "%u,P%u,我是东湖区的居民，某建筑公司拖欠工资的问题已经持续%u个月，多次反映无人处理，"
                                "给我们的生活造成了很大影响。,2019-06-08 10:00\n", r + 1, r, r + 2);
      g_assert_true (g_file_set_contents (path, table->str, -1, NULL));
      scan_status = RUN (NULL, &scan_err, "scan", "--id", "id", "--petitioner", "person", "--text", "body",
                         "--date", "received", "--out", "/dev/null", path, NULL);
      g_assert_true (g_file_set_contents (path, csv, -1, NULL));
      check_status = RUN (NULL, &check_err, "check", "--db", "URI", "--table", "cases", "--id-column", "id",
                          "--petitioner", "person", "--text", "body", "--date", "received", "--store",
                          "chkcsvstore", "--csv", path, NULL);
      g_test_message ("check: %d %s\nscan: %d %s", check_status, check_err, scan_status, scan_err);
      g_assert_cmpint (check_status, ==, scan_status);
      g_assert_cmpint (check_status, ==, i == 0 ? 1 : 0);
      if (i == 0)
        {
          const char *named = "column “body”: the value looks like GBK text read as EUC-KR";

          g_assert_nonnull (strstr (check_err, "line 2"));
          g_assert_nonnull (strstr (check_err, named));
          g_assert_nonnull (strstr (scan_err, "line 2"));
          g_assert_nonnull (strstr (scan_err, named));
        }
    }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/check/csv-columns/read", test_columns_read);
  g_test_add_func ("/cli/check/csv-columns/misread-as-scan", test_misread_as_scan);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
