/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A rescan with the same mapping after every stored record was edited (a
 * table reloaded, its ids given anew), against a throwaway server: the
 * records are changed, not "fingerprinted again under a mapping that reads
 * other columns", which the scan said with a warning that blamed a mapping
 * change no one made, and stored so in the scan's counts.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("allchg", __VA_ARGS__)

#define TEXT_A "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"
#define TEXT_B "'医保 报销 比例 调整 退休 职工 门诊 慢性病'"
#define TEXT_C "'农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核'"
#define TEXT_D "'拖欠 农民工 工资 建筑 公司 老板 失联 请求 追讨'"

static void
test_every_record_edited (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *first = g_build_filename (dir, "first.csv", NULL);
  g_autofree char *second = g_build_filename (dir, "second.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *repeats = NULL;
  g_autofree char *counts = NULL;

  pr_test_execute (db, "CREATE DATABASE allchg CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE allchgstore");
  pr_test_execute (db, "CREATE TABLE allchg.t (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO allchg.t VALUES (1, " TEXT_A "), (2, " TEXT_B "), (3, " TEXT_C ")");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "allchgstore", "--new-repeats", first, "--out", "/dev/null", NULL), ==, 0);

  /* Every record edited; 1 and 2 now the same petition. */
  pr_test_execute (db, "UPDATE allchg.t SET body = CASE id WHEN 3 THEN " TEXT_A " ELSE " TEXT_D " END");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "allchgstore", "--new-repeats", second, "--out", "/dev/null", NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 3 changed and 0 unchanged records, 0 fingerprinted again;"));
  g_assert_null (strstr (err, "Warning"));
  counts = pr_test_query_value (db, "SELECT CONCAT_WS(',', new_records, changed_records, refingerprinted_records) "
                                    "FROM allchgstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "0,3,0");
  /* Two records edited into one petition are no new repeat (neither is
   * older than the other), as two new records are not. */
  g_assert_true (g_file_get_contents (second, &repeats, NULL, NULL));
  g_assert_null (strstr (repeats, "\r\n2,1,"));
  g_assert_null (strstr (repeats, "\r\n1,2,"));
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/scan-all-changed/every-record-edited", test_every_record_edited);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
