/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A record whose body is too short for any passage, scanned twice with
 * nothing changed, against a throwaway server: the second scan counts it
 * unchanged like the others, does not fingerprint it again, and writes
 * the same outputs byte for byte.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("shortbody", __VA_ARGS__)

#define TEXT_A "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民 无法 休息'"
#define TEXT_B "'医保 报销 比例 调整 退休 职工 门诊 慢性病 药品 目录 范围'"

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static void
scan (const char *dir,
      const char *name,
      char      **err)
{
  g_autofree char *out = g_strdup_printf ("%s/%s-out.csv", dir, name);
  g_autofree char *pairs = g_strdup_printf ("%s/%s-pairs.csv", dir, name);
  g_autofree char *repeats = g_strdup_printf ("%s/%s-repeats.csv", dir, name);

  g_assert_cmpint (RUN (NULL, err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "shortstore", "--out", out, "--pairs", pairs, "--new-repeats", repeats,
                        NULL), ==, 0);
  g_test_message ("%s: %s", name, *err);
}

static void
test_short_body_unchanged (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *err1 = NULL, *err2 = NULL, *err3 = NULL;
  g_autofree char *counts = NULL;
  const char *outputs[] = { "out", "pairs" };

  pr_test_execute (db, "CREATE DATABASE shortbody CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE shortstore");
  pr_test_execute (db, "CREATE TABLE shortbody.t (id INT PRIMARY KEY, body TEXT)");
  /* 1 and 2 one petition, 3 another; 4 a single word, no passage. */
  pr_test_execute (db, "INSERT INTO shortbody.t VALUES (1, " TEXT_A "), (2, " TEXT_A "), (3, " TEXT_B "), "
                       "(4, '噪音')");
  scan (dir, "first", &err1);
  g_assert_nonnull (strstr (err1, "Stored: 4 new, 0 changed and 0 unchanged records, 0 fingerprinted again;"));

  scan (dir, "second", &err2);
  g_assert_nonnull (strstr (err2, "Stored: 0 new, 0 changed and 4 unchanged records, 0 fingerprinted again;"));
  counts = pr_test_query_value (db, "SELECT CONCAT_WS(',', new_records, changed_records, refingerprinted_records) "
                                    "FROM shortstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "0,0,0");

  /* And it stays so. */
  scan (dir, "third", &err3);
  g_assert_nonnull (strstr (err3, "Stored: 0 new, 0 changed and 4 unchanged records, 0 fingerprinted again;"));

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *first_path = g_strdup_printf ("%s/first-%s.csv", dir, outputs[i]);
      g_autofree char *second_path = g_strdup_printf ("%s/second-%s.csv", dir, outputs[i]);
      g_autofree char *third_path = g_strdup_printf ("%s/third-%s.csv", dir, outputs[i]);
      g_autofree char *first = read_file (first_path);
      g_autofree char *second = read_file (second_path);
      g_autofree char *third = read_file (third_path);

      g_test_message ("%s:\n%s", outputs[i], first);
      g_assert_cmpstr (second, ==, first);
      g_assert_cmpstr (third, ==, first);
    }
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/scan-short-unchanged/short-body", test_short_body_unchanged);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
