/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A column whose encoding is given (GBK) but which holds UTF-8 text too,
 * on a real, throwaway MariaDB server: the UTF-8 value is refused, naming
 * its row and both encodings, rather than converted from GBK into other
 * characters; GBK text alone reads. A few GBK values in a BLOB of UTF-8
 * are bad rows, not the column's encoding. And the messages of the application's
 * reads (the mapping page's preview, one record's fetch) name no flag of
 * the command line.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-db-error.h"
#include "pr-record-reader.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

static const char *const bodies[] = {
  "小区门口的垃圾站臭气熏天，请尽快处理",
  "反映村道路面破损严重，雨天无法通行",
  "要求落实拖欠的工资，已经三个月没有发放",
};

/* A row of @table whose body is @text's bytes in @encoding, as stored. */
static void
add_row (PrConnection *db,
         const char   *table,
         guint         id,
         const char   *text,
         const char   *encoding)
{
  g_autoptr(GError) error = NULL;
  gsize n_bytes = 0;
  g_autofree char *bytes = g_convert (text, -1, encoding, "UTF-8", NULL, &n_bytes, &error);
  g_autoptr(GString) sql = g_string_new (NULL);

  g_assert_no_error (error);
  g_string_printf (sql, "INSERT INTO %s VALUES (%u, UNHEX('", table, id);
  for (gsize b = 0; b < n_bytes; b++)
    g_string_append_printf (sql, "%02X", (guint8) bytes[b]);
  g_string_append (sql, "'))");
  pr_test_execute (db, sql->str);
}

static void
test_utf8_in_gbk_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "mixed");
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body BLOB)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    add_row (db, "t", i + 1, bodies[i], "GBK");

  /* GBK alone: read. */
  g_assert_cmpint (pr_test_server_run_cli ("mixed", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           NULL), ==, 0);

  /* A row written by a program that sent UTF-8. */
  add_row (db, "t", 4, "群众来信反映供暖不足的问题", "UTF-8");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("mixed", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           NULL), ==, 1);
  g_assert_nonnull (strstr (err, "row 4, column “body”: the value is UTF-8 text (“群众来信反映供暖不足的问…”), "
                                 "not GBK"));
  g_assert_nonnull (strstr (err, "if the column is UTF-8 throughout, leave out --column-encoding body=GBK; if it "
                                 "holds both, convert such rows to GBK in the table"));
}

/* Table t: the bodies and @fourth in GBK, with the bytes @stray_hex put
 * into row 2's after its third character. */
static void
make_stray_table (PrConnection *db,
                  const char   *fourth,
                  const char   *stray_hex)
{
  g_autofree char *update = g_strdup_printf ("UPDATE t SET body = CONCAT(LEFT(body, 6), UNHEX('%s'), "
                                             "SUBSTRING(body, 7)) WHERE id = 2", stray_hex);

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body BLOB)");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    add_row (db, "t", i + 1, bodies[i], "GBK");
  add_row (db, "t", 4, fourth, "GBK");
  pr_test_execute (db, update);
}

/* A stray byte in one GBK value (a character cut in two): with
 * --skip-bad-rows the row is left out and listed, the others read; without,
 * the scan is refused naming the row, its id and the column. */
static void
test_stray_byte_skipped (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "stray");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *bad = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;

  /* A lead byte whose second byte was lost: no GBK character. */
  make_stray_table (db, bodies[0], "B020");

  g_assert_cmpint (pr_test_server_run_cli ("stray", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           "--skip-bad-rows", "--bad-rows", bad_path, "--no-second-stage",
                                           NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 records"));
  g_assert_true (g_file_get_contents (bad_path, &bad, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (bad, "id,row,column,reason\r\n2,2,body,\"its bytes are not GBK text, the "
                                        "column's given encoding (at byte 7: "));
  {
    g_auto(GStrv) lines = g_strsplit (bad, "\r\n", -1);

    /* The header and that row alone. */
    g_assert_cmpuint (g_strv_length (lines), ==, 3);
    g_assert_cmpstr (lines[2], ==, "");
  }

  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("stray", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           NULL), ==, 1);
  g_assert_nonnull (strstr (err, "row 2 (id “2”), column “body”: its bytes are not GBK text"));
  g_assert_nonnull (strstr (err, "--skip-bad-rows"));

  /* Such values in most rows are a column in another encoding: refused
   * even when bad rows are skipped, rather than read all but empty. */
  pr_test_execute (db, "UPDATE t SET body = CONCAT(LEFT(body, 6), UNHEX('B020'), SUBSTRING(body, 7)) "
                       "WHERE id IN (1, 3)");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("stray", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           "--skip-bad-rows", "--bad-rows", bad_path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "column “body” of table “t”: 3 of its 4 values are not GBK text, so its bytes are "
                                 "in another encoding"));
  pr_test_remove_tree (dir);
}

/* iconv's GBK is code page 936, whose lone byte 0x80 is €: no character
 * of GBK proper or GB18030, in a Chinese text a stray byte, so a bad row
 * (0x80 as the second byte of 眬, B1 80, is read). */
static void
test_lone_euro_byte (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "euro");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *bad = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;

  make_stray_table (db, "居民反映夜里睡眼蒙眬时噪音不断", "80");

  g_assert_cmpint (pr_test_server_run_cli ("euro", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GBK",
                                           "--skip-bad-rows", "--bad-rows", bad_path, "--no-second-stage",
                                           NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_true (g_file_get_contents (bad_path, &bad, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (bad, "id,row,column,reason\r\n2,2,body,\"its bytes are not GBK text, the "
                                        "column's given encoding (at byte 7: the byte 80, "));
  {
    g_auto(GStrv) lines = g_strsplit (bad, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 3);
  }

  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("euro", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=CP936",
                                           NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 2 (id “2”), column “body”: its bytes are not CP936 text, the column's given "
                                 "encoding (at byte 7: the byte 80, "));

  /* iconv's GB13000 is code page 936 too, a name ICU does not know. */
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("euro", &out, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=GB13000",
                                           NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 2 (id “2”), column “body”: its bytes are not GB13000 text, the column's given "
                                 "encoding (at byte 7: the byte 80, "));
  pr_test_remove_tree (dir);
}

/* A BLOB of UTF-8 text with one value another program wrote in GBK: with
 * --skip-bad-rows that row is left out and listed, naming the encoding
 * its bytes look like, and the others read; without, the scan is refused
 * naming that row. A BLOB of GBK text throughout is the column's
 * encoding: refused, even when bad rows are skipped, naming the encoding
 * to give. Half of each is two encodings, refused with the advice to
 * convert. */
static void
test_blob_few_gbk_rows (void)
{
  static const char *const texts[] = {
    "小区门口的垃圾站臭气熏天，请尽快处理", "反映村道路面破损严重，雨天无法通行",
    "要求落实拖欠的工资，已经三个月没有发放", "群众来信反映供暖不足的问题，请有关部门督办",
    "学校周边交通拥堵，学生上下学很不安全", "菜市场占道经营，附近居民出行困难",
  };
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "fewgbk");
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *bad = NULL, *err = NULL, *err2 = NULL, *err3 = NULL, *err4 = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body BLOB)");
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    add_row (db, "t", i + 1, texts[i], i == 3 ? "GBK" : "UTF-8");

  g_assert_cmpint (pr_test_server_run_cli ("fewgbk", NULL, &err, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", bad_path,
                                           "--no-second-stage", "--out", "/dev/null", NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 bad row left out"));
  g_assert_nonnull (strstr (err, "5 records"));
  g_assert_true (g_file_get_contents (bad_path, &bad, NULL, NULL));
  g_assert_cmpstr (bad, ==, "id,row,column,reason\r\n4,4,body,\"the value is not UTF-8 text but looks like GB18030 "
                            "text (byte 2 is 0xD6): if the column holds such text throughout, give its encoding "
                            "(--column-encoding body=GB18030), else convert such values\"\r\n");

  g_assert_cmpint (pr_test_server_run_cli ("fewgbk", NULL, &err2, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--out", "/dev/null", NULL), ==, 1);
  g_test_message ("%s", err2);
  g_assert_nonnull (strstr (err2, "row 4 (id “4”), column “body”: the value is not UTF-8 text but looks like "
                                  "GB18030 text"));
  g_assert_nonnull (strstr (err2, "--skip-bad-rows"));

  /* GBK throughout: the column's encoding, not bad rows. */
  pr_test_execute (db, "DELETE FROM t");
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    add_row (db, "t", i + 1, texts[i], i == 3 ? "UTF-8" : "GBK");
  g_assert_cmpint (pr_test_server_run_cli ("fewgbk", NULL, &err3, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", bad_path,
                                           "--out", "/dev/null", NULL), ==, 1);
  g_test_message ("%s", err3);
  g_assert_nonnull (strstr (err3, "column “body” of table “t” holds GB18030 text the server does not read as such "
                                  "(5 values, first in row 1)"));
  g_assert_nonnull (strstr (err3, "--column-encoding body=GB18030"));

  /* Half GBK, half UTF-8: too many either way to be bad rows; neither
   * encoding given would read the column, so it is to be converted. */
  pr_test_execute (db, "DELETE FROM t");
  for (guint i = 0; i < 10; i++)
    add_row (db, "t", i + 1, texts[i % G_N_ELEMENTS (texts)], i % 2 == 0 ? "GBK" : "UTF-8");
  g_assert_cmpint (pr_test_server_run_cli ("fewgbk", NULL, &err4, "scan", "--db", "URI", "--table", "t",
                                           "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", bad_path,
                                           "--out", "/dev/null", NULL), ==, 1);
  g_test_message ("%s", err4);
  g_assert_nonnull (strstr (err4, "column “body” of table “t” is in two encodings: 5 values are GB18030 (first in "
                                  "row 1), too many to leave out as bad rows"));
  g_assert_null (strstr (err4, "--column-encoding"));
  pr_test_remove_tree (dir);
}

static gboolean
ignore_row (const char *const *values,
            const gsize       *lengths,
            gpointer           user_data)
{
  return TRUE;
}

/* The preview and the fetch for the application say to choose the
 * column's encoding; the command line's name its flag. */
static void
test_application_advice (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "advice");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  char **values;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body BLOB)");
  add_row (db, "t", 1, bodies[0], "GBK");
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, &error));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, &error));

  values = pr_record_reader_fetch (db, "t", mapping, "1", PR_ADVICE_CONTROLS, &error);
  g_assert_null (values);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "choose GB18030 as the column's encoding"));
  g_assert_null (strstr (error->message, "--"));
  g_clear_error (&error);

  g_assert_false (pr_record_reader_head (db, "t", mapping, 10, PR_ADVICE_CONTROLS, ignore_row, NULL, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_ENCODING);
  g_assert_null (strstr (error->message, "--"));
  g_clear_error (&error);

  values = pr_record_reader_fetch (db, "t", mapping, "1", PR_ADVICE_FLAGS, &error);
  g_assert_null (values);
  g_assert_nonnull (strstr (error->message, "--column-encoding body=GB18030"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/column-encoding/utf8-in-gbk-refused", test_utf8_in_gbk_refused);
  g_test_add_func ("/db/column-encoding/application-advice", test_application_advice);
  g_test_add_func ("/db/column-encoding/stray-byte-skipped", test_stray_byte_skipped);
  g_test_add_func ("/db/column-encoding/lone-euro-byte", test_lone_euro_byte);
  g_test_add_func ("/db/column-encoding/blob-few-gbk-rows", test_blob_few_gbk_rows);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
