/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A table gone from the database, and a new one with the same ids but
 * other petitions behind them, against a throwaway server. The scan of
 * the new table advised moving the old one's history to it (the ids
 * alone matched); done, the next scan exited 0 with the old table's
 * verdicts binding unrelated petitions. It now compares the texts: a
 * table renamed reads as stored and is advised the move; another table
 * is refused, the move not advised.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("renother", __VA_ARGS__)

static const char *const texts[] = {
  "小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民 无法 休息",
  "农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 镇政府 拖延",
  "拖欠 农民工 工资 建筑 公司 老板 失联 请求 追讨 劳动 监察",
  "医保 报销 比例 调整 退休 职工 门诊 慢性病 药品 目录 缩小",
  "学校 周边 交通 拥堵 接送 学生 家长 违停 请求 增设 信号灯",
  "物业 公司 乱收费 停车费 上涨 业主 委员会 未经 表决 请求 查处",
};

/* A table @name whose record i holds texts[(i + shift) % 6]. */
static void
make_table (PrConnection *db,
            const char   *name,
            guint         shift)
{
  g_autofree char *create = g_strdup_printf ("CREATE TABLE %s (id INT PRIMARY KEY, body TEXT)", name);

  pr_test_execute (db, create);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *insert = g_strdup_printf ("INSERT INTO %s VALUES (%u, '%s')", name, i + 1,
                                                 texts[(i + shift) % G_N_ELEMENTS (texts)]);

      pr_test_execute (db, insert);
    }
}

static int
scan (const char *table,
      char      **err)
{
  return RUN (NULL, err, "scan", "--db", "URI", "--table", table, "--id", "id", "--text", "body",
              "--store", "renotherstore", "--out", "/dev/null", NULL);
}

static void
test_other_table_same_ids (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "renother");
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE DATABASE renotherstore");
  make_table (db, "old", 0);
  g_assert_cmpint (scan ("old", NULL), ==, 0);
  pr_test_execute (db, "DROP TABLE old");

  /* Other petitions under the same ids: refused, the move not advised. */
  make_table (db, "other", 3);
  g_assert_cmpint (scan ("other", &err), !=, 0);
  g_assert_nonnull (strstr (err, "but only 0 of the 6 compared read as stored"));
  g_assert_null (strstr (err, "move-history"));

  /* The same petitions (the table renamed): the move advised. */
  make_table (db, "renamed", 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan ("renamed", &err), !=, 0);
  g_assert_nonnull (strstr (err, "move-history --db … --store … --from old --table renamed"));

  /* Begun afresh, the other table scans. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "other", "--id", "id", "--text", "body",
                        "--store", "renotherstore", "--new-history", "--out", "/dev/null", NULL), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-renamed-other/same-ids-other-petitions", test_other_table_same_ids);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
