/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates as a real server's column types hold them, read by a scan:
 * DATETIME(6)'s fractions order two letters of one second. The oracle is
 * the instant each row was written with, by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("dtypes", __VA_ARGS__)
#define BODY "'小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运 夏天 蚊蝇'"

/* Two letters in the same second: the one written first, by its
 * fraction, is the primary, though its id is the larger. */
static void
test_fraction_orders (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "dtypes");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT, at DATETIME(6))");
  pr_test_execute (db, "INSERT INTO t VALUES (1, " BODY ", '2019-06-08 17:31:20.900000'), "
                       "(2, " BODY ", '2019-06-08 17:31:20.100000')");
  g_assert_cmpint (RUN (&out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--date", "at", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "* 2            2019-06-08 17:31 primary"));
  g_assert_nonnull (strstr (out, "  1            2019-06-08 17:31 d=0"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/date-types/fraction-orders", test_fraction_orders);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
