/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A TIMESTAMP date is an instant: it is read on the office's clock
 * (+08:00), whose days the rules count, whatever zone the server's host
 * keeps (here UTC, as a container's does). The oracle is the wall time the
 * office's program wrote with its session on +08:00.
 */
#define G_LOG_DOMAIN "pr-test-timestamp-office-clock"

#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

static void
test_read_on_office_clock (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS tsclock");
  pr_test_execute (db, "CREATE DATABASE tsclock CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE tsclock.letters (id INT PRIMARY KEY, body TEXT NOT NULL, at TIMESTAMP NULL)");
  /* As the office's program writes them: its session on Beijing time. */
  pr_test_execute (db, "SET time_zone = '+08:00'");
  pr_test_execute (db, "INSERT INTO tsclock.letters VALUES "
                       "(1, '小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运', '2019-06-08 07:30:00'), "
                       "(2, '小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运', '2019-06-09 23:10:00')");
  g_assert_cmpint (pr_test_server_run_cli ("tsclock", &out, NULL, "scan", "--db", "URI", "--table", "letters",
                                           "--id", "id", "--text", "body", "--date", "at", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "2019-06-08 07:30"));
  g_assert_nonnull (strstr (out, "2019-06-09 23:10"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The server's clock zone is its process's. */
  g_setenv ("TZ", "UTC", TRUE);
  server = pr_test_server_start ();

  g_test_add_func ("/db/connection/timestamp/office-clock", test_read_on_office_clock);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
