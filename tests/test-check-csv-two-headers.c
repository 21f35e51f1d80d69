/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check --csv refuses a second file's header inside its file, as a scan
 * does: in the header's order it would be checked as a letter named "id",
 * in another order the letters after it would be read with their bodies
 * as ids. Against a throwaway server; the oracle is the file as written
 * here (line 3 is the second header).
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("chkhdr", __VA_ARGS__)
#define BODY "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 违规 作业"

static void
check_refused (const char *dir,
               const char *csv,
               const char *expected)
{
  g_autofree char *path = g_build_filename (dir, "letters.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_cmpint (RUN (&out, &err, "check", "--db", "URI", "--table", "cases", "--id-column", "id", "--text", "body",
                        "--store", "chkhdrstore", "--csv", path, NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, expected));
}

static void
test_two_headers (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();

  pr_test_execute (db, "DROP DATABASE IF EXISTS chkhdr");
  pr_test_execute (db, "DROP DATABASE IF EXISTS chkhdrstore");
  pr_test_execute (db, "CREATE DATABASE chkhdr CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE chkhdrstore");
  pr_test_execute (db, "CREATE TABLE chkhdr.cases (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO chkhdr.cases VALUES (1, '" BODY "')");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "cases", "--id", "id", "--text", "body",
                        "--store", "chkhdrstore", "--out", "/dev/null", NULL), ==, 0);

  check_refused (dir, "id,body\n900," BODY "\nid,body\n901," BODY "\n", "line 3 repeats the header");
  check_refused (dir, "id,body\n900," BODY "\nbody,id\n" BODY ",901\n",
                 "line 3 holds the header's column names in another order");
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/check/csv-two-headers", test_two_headers);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
