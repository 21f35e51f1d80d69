/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * An id too long for the store, against a throwaway server: refused, and
 * shown cut between characters (cut inside a Chinese character, its
 * start showed as U+FFFD).
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("longid", __VA_ARGS__)

static void
test_shown_whole_characters (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autoptr(GString) expected = g_string_new ("the record id “");
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE DATABASE longid CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE longidstore");
  pr_test_execute (db, "CREATE TABLE longid.t (id VARCHAR(255) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO longid.t VALUES (REPEAT('长', 200), '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'), "
                       "('2', '医保 报销 比例 调整 退休 职工 门诊 慢性病')");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "longidstore", "--out", "/dev/null", NULL), ==, 1);
  for (guint i = 0; i < 40; i++)
    g_string_append (expected, "长");
  g_string_append (expected, "…” cannot be stored: a record id must be UTF-8 of at most 191 characters");
  g_assert_nonnull (strstr (err, expected->str));
  g_assert_null (strstr (err, "\xef\xbf\xbd"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store/long-id-shown", test_shown_whole_characters);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
