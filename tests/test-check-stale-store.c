/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check after the table changed behind the store, against a throwaway
 * server: a stored record the check finds as a match but the table no
 * longer holds is named as the store's, with the way out (a new scan),
 * not as an id the user should check, nor answered with another record
 * the server's loose comparison finds for its id.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("stale", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"
#define OTHER_TEXT "'医保 报销 比例 调整 退休 职工 门诊 慢性病'"

static void
test_deleted_match (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE stale CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE stalestore");
  pr_test_execute (db, "CREATE TABLE stale.num (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO stale.num VALUES (536, " SAME_TEXT "), (537, " SAME_TEXT "), (538, " OTHER_TEXT ")");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "num", "--id", "id", "--text", "body",
                        "--store", "stalestore", "--out", "/dev/null", NULL), ==, 0);
  status = RUN (&out, NULL, "check", "--db", "URI", "--table", "num", "--text", "body",
                "--store", "stalestore", "--id", "536", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n537,0\r\n");
  g_clear_pointer (&out, g_free);

  /* 537 deleted after the scan: the store still pairs 536 with it. */
  pr_test_execute (db, "DELETE FROM stale.num WHERE id = 537");
  status = RUN (&out, &err, "check", "--db", "URI", "--table", "num", "--text", "body",
                "--store", "stalestore", "--id", "536", NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "record “537” of table “num”, which the store holds as a match, cannot be read"));
  g_assert_nonnull (strstr (err, "scan it with --store again"));
}

/* In a case-insensitive column the server found "a537", another record,
 * for the store's "A537", deleted since: it was reported as the match. */
static void
test_other_record_found_loosely (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE stale2 CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
  pr_test_execute (db, "CREATE DATABASE stale2store");
  pr_test_execute (db, "CREATE TABLE stale2.t (code VARCHAR(10) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO stale2.t VALUES ('A536', " SAME_TEXT "), ('A537', " SAME_TEXT "), "
                       "('A538', " OTHER_TEXT ")");
  g_assert_cmpint (pr_test_server_run_cli ("stale2", NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id",
                                           "code", "--text", "body", "--store", "stale2store", "--out", "/dev/null",
                                           NULL), ==, 0);
  pr_test_execute (db, "DELETE FROM stale2.t WHERE code = 'A537'");
  pr_test_execute (db, "INSERT INTO stale2.t VALUES ('a537', " OTHER_TEXT ")");
  status = pr_test_server_run_cli ("stale2", &out, &err, "check", "--db", "URI", "--table", "t", "--id-column",
                                   "code", "--text", "body", "--store", "stale2store", "--id", "A536", NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "record “A537” of table “t”, which the store holds as a match, is not in the "
                                 "table (the server found “a537” for it)"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/check-stale-store/deleted-match", test_deleted_match);
  g_test_add_func ("/db/check-stale-store/other-record-found-loosely", test_other_record_found_loosely);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
