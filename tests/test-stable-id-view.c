/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A view scanned with the store, against a throwaway server: a view has
 * no keys, and the refusal advised asking for a primary key or a UNIQUE
 * index, which no one can add to a view. It says the table is a view and
 * to scan the table the view reads; without --store the view reads as
 * its table does.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("viewid", __VA_ARGS__)

static void
test_view_refused_with_advice (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "viewid");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *from_table = g_build_filename (dir, "table.csv", NULL);
  g_autofree char *from_view = g_build_filename (dir, "view.csv", NULL);
  g_autofree char *err = NULL, *expected = NULL, *got = NULL;

  pr_test_execute (db, "CREATE DATABASE viewidstore");
  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO t VALUES (1, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'), "
                       "(2, '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民'), "
                       "(3, '农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核')");
  pr_test_execute (db, "CREATE VIEW v AS SELECT id, body FROM t");

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "v", "--id", "id", "--text", "body",
                        "--store", "viewidstore", "--out", from_view, NULL), !=, 0);
  g_assert_nonnull (strstr (err, "“v” is a view, which has no keys"));
  g_assert_nonnull (strstr (err, "scan with --store the table it reads"));
  g_assert_false (g_file_test (from_view, G_FILE_TEST_EXISTS));

  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--out", from_table, NULL), ==, 0);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "v", "--id", "id", "--text", "body",
                        "--out", from_view, NULL), ==, 0);
  g_assert_true (g_file_get_contents (from_table, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (from_view, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expected);
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/stable-id-view/refused-with-advice", test_view_refused_with_advice);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
