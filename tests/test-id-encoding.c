/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * An id column whose bytes are in another encoding than its character
 * set, against a throwaway server: "编号1" stored as UTF-8 bytes in a
 * latin1 column read "ç¼–å·1", an id no one can find the record by. It
 * is refused as a text column is, naming the encoding, and read right
 * with it; check then finds a record by the id as read.
 */
#include "config.h"

#include <string.h>

#include "pr-record-reader.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("idenc", __VA_ARGS__)

static void
test_utf8_in_latin1 (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "CREATE DATABASE idenc CHARACTER SET utf8mb4");
  /* The bytes go in as binary, then the column is declared latin1, as
   * an old application writing UTF-8 through a latin1 connection left it. */
  pr_test_execute (db, "CREATE TABLE idenc.t (id VARBINARY(40) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO idenc.t VALUES "
                       "('编号1', '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'), "
                       "('编号2', '小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'), "
                       "('编号3', '医保 报销 比例 调整 退休 职工 门诊 慢性病'), "
                       "('编号4', '农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核')");
  pr_test_execute (db, "ALTER TABLE idenc.t MODIFY id VARCHAR(40) CHARACTER SET latin1");

  status = RUN (&out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 1);
  g_assert_null (strstr (out, "ç¼"));
  g_assert_nonnull (strstr (err, "column “id”"));
  g_assert_nonnull (strstr (err, "--column-encoding id=UTF-8"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  status = RUN (&out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                "--column-encoding", "id=UTF-8", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "编号1"));
  g_assert_nonnull (strstr (out, "编号2"));
  g_assert_null (strstr (out, "ç¼"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Found again by the id as read, by its bytes in the encoding: the
   * server would compare it in latin1, or refuse to. */
  pr_test_execute (db, "CREATE DATABASE idencstore");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--column-encoding", "id=UTF-8", "--store", "idencstore", "--out", "/dev/null", NULL), ==, 0);
  status = RUN (&out, &err, "check", "--db", "URI", "--table", "t", "--id-column", "id", "--text", "body",
                "--column-encoding", "id=UTF-8", "--store", "idencstore", "--id", "编号1", NULL);
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n编号2,0\r\n");
}

/* GBK bytes in a latin1 column, read with id=GBK: the records of chosen
 * ids (a case opened, a scan reopened from the store) are found by their
 * ids as read, in UTF-8, as a single fetch finds them. */
static void
test_gbk_ids_batch (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "idencbatch");
  g_autoptr(PrMapping) map = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) missing = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  char **one;
  char *ids[] = { "信访1", "A2", "信访9" };
  PrLoadOptions load = { .min_tokens = 1, .n_threads = 1 };

  pr_test_execute (db, "CREATE TABLE p (id VARCHAR(20) CHARACTER SET latin1 PRIMARY KEY, body TEXT) "
                       "CHARACTER SET utf8mb4");
  /* 信访1 in GBK */
  pr_test_execute (db, "INSERT INTO p VALUES (UNHEX('D0C5B7C331'), '小区 夜间 施工 噪音 扰民'), "
                       "('A2', '医保 报销 比例 调整 退休')");
  pr_mapping_add (map, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (map, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  g_assert_true (pr_mapping_set_encoding (map, "id", "GBK", NULL));

  one = pr_record_reader_fetch (db, "p", map, "信访1", PR_ADVICE_FLAGS, &error);
  g_assert_no_error (error);
  g_assert_nonnull (one);
  g_assert_cmpstr (one[1], ==, "小区 夜间 施工 噪音 扰民");
  /* one value per mapping column, not NULL-terminated */
  for (guint i = 0; i < 2; i++)
    g_free (one[i]);
  g_free (one);

  records = pr_record_reader_fetch_ids (db, "p", NULL, map, ids, G_N_ELEMENTS (ids), PR_ADVICE_FLAGS, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 3);
  g_assert_nonnull (records->pdata[0]);
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) records->pdata[0], 0), ==, "信访1");
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) records->pdata[0], 1), ==, "小区 夜间 施工 噪音 扰民");
  g_assert_nonnull (records->pdata[1]);
  g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) records->pdata[1], 1), ==, "医保 报销 比例 调整 退休");
  g_assert_null (records->pdata[2]);

  set = pr_record_reader_load_ids (db, "p", map, &load, ids, G_N_ELEMENTS (ids), &missing, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);
  g_assert_cmpuint (missing->len, ==, 1);
  g_assert_cmpstr (missing->pdata[0], ==, "信访9");
  g_assert_cmpuint (set->n_records, ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/id-encoding/utf8-in-latin1", test_utf8_in_latin1);
  g_test_add_func ("/db/id-encoding/gbk-ids-batch", test_gbk_ids_batch);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
