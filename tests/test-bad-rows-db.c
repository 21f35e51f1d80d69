/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bad row in a table (a NUL inside a TEXT, an image of 19 MiB in a
 * LONGBLOB, bytes that are not text in a BLOB, a NUL inside an id): the
 * scan names the row, the column and the real reason, or with
 * --skip-bad-rows leaves it out and lists it. A skipped row is still in
 * the table: a store keeps its stored fingerprint, live. Against a
 * throwaway server; the expectations come from the rows the tests write.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("bad", __VA_ARGS__)

#define BODY "'投诉 小区 噪音 扰民 夜间 施工 工地 严重 影响 休息'"

static PrConnection *
admin (void)
{
  return pr_test_connect (server, NULL);
}

static PrConnection *
fresh (void)
{
  g_autoptr(PrConnection) db = admin ();

  pr_test_execute (db, "DROP DATABASE IF EXISTS bad");
  pr_test_execute (db, "DROP DATABASE IF EXISTS badstore");
  pr_test_execute (db, "CREATE DATABASE bad CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE badstore");
  /* Room for the 19 MiB row in one packet, as an office that stores
   * images would have set. */
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 67108864");
  return pr_test_connect (server, "bad");
}

/* Without --skip-bad-rows: exit 1, and the row, its id, the column and
 * what is wrong with the value. */
static void
test_named (void)
{
  g_autoptr(PrConnection) db = fresh ();
  const struct {
    const char *table;
    const char *column_type;
    const char *bad_value;
    const char *expected;
  } cases[] = {
    { "nultext", "TEXT", "CONCAT('投诉 小区', CHAR(0), '噪音')",
      "row 2 (id “A2”), column “body”: the value holds a NUL byte (character 0) at byte 13" },
    { "image", "LONGBLOB", "REPEAT(UNHEX('89504E470D0A1A0A'), 19 * 1024 * 1024 / 8)",
      "row 2 (id “A2”), column “body”: the value is 19.0\u00a0MiB long, more than the 16.0\u00a0MiB a value may hold" },
    /* Text in another encoding is named as such, with the column's
     * encoding as the way out if all of it is so (test-column-encoding.c). */
    { "gbk", "BLOB", "UNHEX('C4E3BAC3CDB6CBDF')",
      "row 2 (id “A2”), column “body”: the value is not UTF-8 text but looks like GB18030 text (byte 0 is 0x"
      "C4): if the column holds such text throughout, give its encoding (--column-encoding body=GB18030), else "
      "convert such values" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *create = g_strdup_printf ("CREATE TABLE %s (id VARCHAR(20) PRIMARY KEY, body %s)",
                                                 cases[i].table, cases[i].column_type);
      g_autofree char *insert = g_strdup_printf ("INSERT INTO %s VALUES ('A1', " BODY "), ('A2', %s), "
                                                 "('A3', " BODY ")", cases[i].table, cases[i].bad_value);
      g_autofree char *err = NULL;

      pr_test_execute (db, create);
      pr_test_execute (db, insert);
      g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", cases[i].table, "--id", "id",
                            "--text", "body", "--out", "/dev/null", NULL), ==, 1);
      g_assert_nonnull (strstr (err, cases[i].expected));
      g_assert_null (strstr (err, "invalid UTF-8"));
      g_assert_nonnull (strstr (err, "--skip-bad-rows"));
    }
}

static char *
stored (PrConnection *db,
        const char   *id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT CONCAT(fingerprint, ' ', retired_at IS NULL) FROM "
                                          "badstore.pr_fingerprints WHERE record_id = '%s'", id);

  return pr_test_query_value (db, sql);
}

/* A row that turns bad between two scans keeps its stored fingerprint,
 * live; a row deleted meanwhile is retired. A bad row whose id cannot be
 * read could be any stored record: then none is retired. */
static void
test_store_keeps (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list_path = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
  g_autofree char *a2_before = NULL, *a2_after = NULL, *a2_last = NULL, *a4 = NULL, *a3 = NULL;
  g_autofree char *list = NULL, *err = NULL;

  pr_test_execute (db, "CREATE TABLE t (id VARCHAR(20) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO t VALUES ('A1', " BODY "), ('A2', '另一件 投诉 道路 改造 工程 拖延'), "
                       "('A3', " BODY "), ('A4', '第三件 投诉 学校 收费 问题')");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "badstore", "--out", "/dev/null", NULL), ==, 0);
  a2_before = stored (db, "A2");
  g_assert_true (g_str_has_suffix (a2_before, " 1"));

  pr_test_execute (db, "UPDATE t SET body = CONCAT('另一件 投诉', CHAR(0), '道路') WHERE id = 'A2'");
  pr_test_execute (db, "DELETE FROM t WHERE id = 'A4'");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "badstore", "--skip-bad-rows", "--out", out, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "1 bad row left out (still in the source), listed in "));
  a2_after = stored (db, "A2");
  g_assert_cmpstr (a2_after, ==, a2_before);
  a4 = stored (db, "A4");
  g_assert_true (g_str_has_suffix (a4, " 0"));
  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  g_assert_cmpstr (list, ==, "\xEF\xBB\xBF" "id,row,column,reason\r\n"
                             "A2,2,body,\"the value holds a NUL byte (character 0) at byte 16, which no text holds\"\r\n");

  /* An id with a NUL in it: A3, deleted, stays live too. */
  pr_test_execute (db, "INSERT INTO t VALUES (CONCAT('B', CHAR(0), 'C'), " BODY ")");
  pr_test_execute (db, "DELETE FROM t WHERE id = 'A3'");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--store", "badstore", "--skip-bad-rows", "--out", out, NULL), ==, 0);
  a3 = stored (db, "A3");
  g_assert_true (g_str_has_suffix (a3, " 1"));
  a2_last = stored (db, "A2");
  g_assert_cmpstr (a2_last, ==, a2_before);
  pr_test_remove_tree (dir);
}

/* A binary id longer than half the server's max_allowed_packet: the
 * server's HEX() of it would be NULL, with only a warning, and the id
 * would read as empty. The ids are its bytes in hex, as for any binary id. */
static void
test_long_binary_id (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *report = NULL, *err = NULL;
  g_autofree char *first = g_strnfill (1200, 'A');
  g_autofree char *prefix = g_strnfill (1198, 'A');
  g_autofree char *second = g_strconcat (prefix, "01", NULL);
  int status;

  pr_test_execute (db, "CREATE TABLE binid (id VARBINARY(700) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO binid VALUES (REPEAT(UNHEX('AA'), 600), " BODY "), "
                       "(CONCAT(REPEAT(UNHEX('AA'), 599), UNHEX('01')), " BODY "), "
                       "(UNHEX('4133'), '另一件 投诉 道路 改造 工程 拖延 至今 没有 完工 结果')");
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 1024");
  status = RUN (NULL, &err, "scan", "--db", "URI", "--table", "binid", "--id", "id", "--text", "body",
                "--out", out, NULL);
  pr_test_execute (db, "SET GLOBAL max_allowed_packet = 67108864");
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (out, &report, NULL, NULL));
  g_assert_nonnull (strstr (report, first));
  g_assert_nonnull (strstr (report, second));
  pr_test_remove_tree (dir);
}

/* Bytes that are no UTF-8 in a utf8mb4 column. The server refuses to
 * store them from any statement (strict or not, it keeps "?" for them:
 * _binary literals, CAST and CONVERT of hex, SET NAMES binary, an ALTER
 * from VARBINARY), so they are put into the MyISAM table's data file as
 * another program or a damaged disk would; an ALTER to InnoDB keeps them.
 * The scan names the row, the column and the byte; --skip-bad-rows lists
 * the row and goes on. */
static void
test_invalid_utf8_stored (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list_path = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
  g_autofree char *datadir = pr_test_query_value (db, "SELECT @@datadir");
  g_autofree char *data_file = g_build_filename (datadir, "bad", "badutf8.MYD", NULL);
  g_autofree char *bytes = NULL, *stored = NULL, *err = NULL, *list = NULL;
  gsize length = 0;
  char *at;

  pr_test_execute (db, "CREATE TABLE badutf8 (id VARCHAR(20) PRIMARY KEY, body TEXT CHARACTER SET utf8mb4) "
                       "ENGINE=MyISAM");
  pr_test_execute (db, "INSERT INTO badutf8 VALUES ('A1', " BODY "), ('A2', '投诉 QQQQ你好QQQQ 噪音'), "
                       "('A3', " BODY ")");
  pr_test_execute (db, "FLUSH TABLES badutf8");
  g_assert_true (g_file_get_contents (data_file, &bytes, &length, NULL));
  /* Binary, with NULs: not g_strstr_len (), which stops at one. */
  at = memmem (bytes, length, "QQQQ你好QQQQ", strlen ("QQQQ你好QQQQ"));
  g_assert_nonnull (at);
  /* 好 (E5 A5 BD) becomes FF E5 A5: a byte no UTF-8 has, then a cut character. */
  memcpy (at + 7, "\xFF\xE5\xA5", 3);
  g_assert_true (g_file_set_contents (data_file, bytes, length, NULL));
  pr_test_execute (db, "FLUSH TABLES badutf8");
  pr_test_execute (db, "ALTER TABLE badutf8 ENGINE=InnoDB");
  stored = pr_test_query_value (db, "SELECT HEX(body) FROM badutf8 WHERE id = 'A2'");
  g_assert_nonnull (strstr (stored, "E4BDA0FFE5A5"));

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "badutf8", "--id", "id", "--text", "body",
                        "--out", out, NULL), ==, 1);
  g_test_message ("%s", err);
  /* "投诉 QQQQ你" is 14 bytes. */
  g_assert_nonnull (strstr (err, "row 2 (id “A2”), column “body”: the value is not UTF-8 text: byte 14 is 0xFF"));
  g_assert_nonnull (strstr (err, "--skip-bad-rows"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "badutf8", "--id", "id", "--text", "body",
                        "--skip-bad-rows", "--out", out, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 bad row left out (still in the source), listed in "));
  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  g_test_message ("%s", list);
  g_assert_true (g_str_has_prefix (list, "\xEF\xBB\xBF" "id,row,column,reason\r\nA2,2,body,"));
  pr_test_remove_tree (dir);
}

/* A few rows of a utf8mb4 column hold GBK text that a program read as
 * EUC-KR, KOI8-R or Big5 and stored again, made here by the server's own
 * conversions: each is a bad row naming the row, the column and the
 * encoding it was read as; --skip-bad-rows leaves them out and the rest
 * are read. */
static void
test_misread_rows (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list_path = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
  g_autofree char *err = NULL, *list = NULL, *first = NULL;

  pr_test_execute (db, "CREATE TABLE misread (id INT PRIMARY KEY, body TEXT CHARACTER SET utf8mb4)");
  pr_test_execute (db, "INSERT INTO misread VALUES "
                       "(1, '我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理。'), "
                       "(2, '我是东湖区的居民，某建筑公司拖欠工资的问题已经持续十二个月，多次反映无人处理。'), "
                       "(3, '去年三月我们向青石乡政府反映过污水排放的情况，至今没有答复，涉及四十户家庭。'), "
                       "(4, '去年三月我们向青石乡政府反映过污水排放的情况，至今没有答复，涉及四十户家庭。'), "
                       "(5, '红旗路的路灯损坏半年，晚上出行很不安全，恳请领导督促解决，希望依法维护权益。'), "
                       "(6, '红旗路的路灯损坏半年，晚上出行很不安全，恳请领导督促解决，希望依法维护权益。')");
  /* Rows read right around them, as in a real table: three such rows of
   * six would be the column's encoding, which the column's check names. */
  pr_test_execute (db, "INSERT INTO misread SELECT seq + 10, CONCAT('第', seq, '件：学校门口的道路施工拖延两年，"
                       "雨天积水严重，学生上学很不方便，请有关部门尽快处理。') FROM seq_1_to_24");
  first = pr_test_query_value (db, "SELECT CONVERT(BINARY CONVERT(body USING gbk) USING euckr) FROM misread "
                                   "WHERE id = 2");
  g_test_message ("%s", first);
  /* Not strict: a pair the reading lacks becomes "?", as such a program
   * stores it. */
  pr_test_execute (db, "SET SESSION sql_mode = ''");
  pr_test_execute (db, "UPDATE misread SET body = CONVERT(BINARY CONVERT(body USING gbk) USING euckr) WHERE id = 2");
  pr_test_execute (db, "UPDATE misread SET body = CONVERT(BINARY CONVERT(body USING gbk) USING koi8r) WHERE id = 4");
  pr_test_execute (db, "UPDATE misread SET body = CONVERT(BINARY CONVERT(body USING gbk) USING big5) WHERE id = 6");

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "misread", "--id", "id", "--text", "body",
                        "--out", out, NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 2 (id “2”), column “body”: the value looks like GBK text read as EUC-KR"));
  g_assert_nonnull (strstr (err, "--column-encoding body=GBK"));
  g_assert_nonnull (strstr (err, "--skip-bad-rows"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "misread", "--id", "id", "--text", "body",
                        "--skip-bad-rows", "--out", out, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 bad rows left out (still in the source), listed in "));
  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  g_test_message ("%s", list);
  g_assert_nonnull (strstr (list, "\r\n2,2,body,\"the value looks like GBK text read as EUC-KR"));
  g_assert_nonnull (strstr (list, "\r\n4,4,body,\"the value looks like GBK text read as KOI8-R"));
  g_assert_nonnull (strstr (list, "\r\n6,6,body,\"the value looks like GBK text read as Big5"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/cli/scan/bad-rows/named", test_named);
  g_test_add_func ("/cli/scan/bad-rows/store-keeps", test_store_keeps);
  g_test_add_func ("/cli/scan/bad-rows/long-binary-id", test_long_binary_id);
  g_test_add_func ("/cli/scan/bad-rows/invalid-utf8-stored", test_invalid_utf8_stored);
  g_test_add_func ("/cli/scan/bad-rows/misread-rows", test_misread_rows);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
