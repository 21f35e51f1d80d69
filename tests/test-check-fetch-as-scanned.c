/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check --id reads the record as the scan read it. It read it through a
 * prepared statement, whose values the client made strings otherwise
 * than the server writes them: a ZEROFILL column's 000012 came back 12, a
 * FLOAT's 1.5 as another string. Two records with equal values, distance
 * 0 in the scan, were answered at another distance, exit 0; and a ZEROFILL
 * id was refused as gone from the table ("the server found “7”"). Against
 * a throwaway server; the oracle is hand-worked: equal values, equal
 * fingerprints, distance 0.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("fas", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 多次 反映'"
#define OTHER_TEXT "'医保 报销 比例 调整 退休 职工 门诊 慢性病 异地 就医'"

static void
test_zerofill_float (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  const char *typed[] = { "00000007", "7" };

  pr_test_execute (db, "DROP DATABASE IF EXISTS fas");
  pr_test_execute (db, "DROP DATABASE IF EXISTS fasstore");
  pr_test_execute (db, "CREATE DATABASE fas CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE fasstore");
  pr_test_execute (db, "CREATE TABLE fas.t (id INT(8) UNSIGNED ZEROFILL PRIMARY KEY, body TEXT, "
                       "code INT(6) ZEROFILL, amount FLOAT, rate DOUBLE)");
  pr_test_execute (db, "INSERT INTO fas.t VALUES (7, " SAME_TEXT ", 12, 1.5, 0.1), (8, " SAME_TEXT ", 12, 1.5, 0.1), "
                       "(1007, " OTHER_TEXT ", 3, 2.25, 0.3)");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--short", "code", "--short", "amount", "--short", "rate", "--store", "fasstore",
                        "--no-second-stage", "--out", "/dev/null", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      g_test_message ("check --id “%s”", typed[i]);
      status = RUN (&out, &err, "check", "--db", "URI", "--table", "t", "--id-column", "id", "--text", "body",
                    "--short", "code", "--short", "amount", "--short", "rate", "--store", "fasstore",
                    "--no-second-stage", "--id", typed[i], NULL);
      g_test_message ("%s", err);
      g_assert_cmpint (status, ==, 0);
      g_assert_cmpstr (out, ==, "id,distance\r\n00000008,0\r\n");
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/check/fetch-as-scanned/zerofill-float", test_zerofill_float);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
