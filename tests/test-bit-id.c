/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A BIT column, against a throwaway server: its values come as the bytes
 * of their number, so the id 12592 (0x3130) read "10", another record's
 * id, and the server finds a BIT neither by the typed number as text nor
 * by hex. It is not guessed as the id, and is refused when named; a
 * table keyed by it alone is refused without --id.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("bitid", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"
#define OTHER_TEXT "'医保 报销 比例 调整 退休 职工 门诊 慢性病'"

static void
test_bit_id (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE bitid CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE bitid.t (id BIT(16) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO bitid.t VALUES (12592, " SAME_TEXT "), (12593, " SAME_TEXT "), "
                       "(12594, " OTHER_TEXT ")");

  /* Named: refused, not read as "10", "11" and "12". */
  status = RUN (&out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body", NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "column “id” of table “t” is of type BIT"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Guessed: not the id, and no other column could be: refused, not
   * named by the rows' places. */
  status = RUN (&out, &err, "scan", "--db", "URI", "--table", "t", NULL);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "guessed from the table: --text body"));
  g_assert_nonnull (strstr (err, "the primary key “id” of table “t” is of type BIT"));
  g_assert_nonnull (strstr (err, "No column of it is a unique key by itself"));
  g_assert_null (strstr (out, ",10,"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/bit-id/refused", test_bit_id);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
