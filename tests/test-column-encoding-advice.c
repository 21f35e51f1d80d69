/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a scan says of a table whose text is stored in another encoding
 * than its column's character set, on a real, throwaway MariaDB server:
 * the advice must be one that, followed, reads the table right. Chinese
 * bytes in a column of another language's legacy set (GBK in cp1251 or
 * euckr, UTF-8 in koi8r) are refused, naming the encoding to give; text
 * decoded as Latin-1 and stored in a Unicode column is refused with the
 * repair, which no --column-encoding would do (GBK read as CP1254, for
 * which the server has no character set, with a word to repair it from
 * the source); one value of GBK read as EUC-KR is a bad row whose repair
 * in SQL, done, reads it right;
 * a binary id column's hex
 * ids are named; a record checked from a file read in such an encoding is
 * refused.
 */
#define G_LOG_DOMAIN "pr-test-column-encoding-advice"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* Petitions in common characters, pairs of them repeats, enough for the
 * encoding check to judge (it wants 50 ideographs or more). */
static const char *const bodies[] = {
  "我在东湖区的建筑工地干活九个月，老板一直拖欠工资不给，多次讨要无果，请求有关部门责令老板支付工资。",
  "我在东湖区的建筑工地干活九个月，老板一直拖欠工资不给，多次讨要无果，恳请有关部门责令老板支付工资。",
  "青石镇的一家工厂每天夜里开机生产，噪音很大，居民晚上无法休息，向厂方反映多次没有结果，请求环保部门调查处理。",
  "青石镇的一家工厂每天夜里开机生产，噪音很大，居民晚上无法休息，向厂方反映多次没有结果，请求环保部门调查。",
  "我家在北关村的承包地被征收，补偿款至今没有发放到位，村委会说上面没有拨款，请求查清补偿款去向并尽快发放。",
  "我家在北关村的承包地被征收，补偿款至今没有发放到位，村委会说上面没有拨款，恳请查清补偿款去向并尽快发放。",
  "柳林小区的物业公司擅自提高物业费，业主不同意，物业就停水停电，请求住建部门依法处理。",
  "石桥乡通往镇上的道路坏了三年，下雨天到处是水坑，学生上学很危险，多次反映没有人修，请求交通部门尽快维修。",
};

/* Creates @table (id of @id_type, body of @type) holding the bodies; each
 * value is stored as @expression makes it of the UTF-8 text in “?” (a
 * literal). */
static void
fill (PrConnection *db,
      const char   *table,
      const char   *id_type,
      const char   *type,
      const char   *expression)
{
  g_autofree char *create = g_strdup_printf ("CREATE TABLE %s (id %s PRIMARY KEY, body %s)", table, id_type, type);
  g_autoptr(GString) sql = g_string_new (NULL);

  pr_test_execute (db, create);
  g_string_printf (sql, "INSERT INTO %s VALUES ", table);
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *literal = g_strdup_printf ("_utf8mb4'%s'", bodies[i]);
      g_auto(GStrv) parts = g_strsplit (expression, "?", 2);

      g_string_append_printf (sql, "%s('%u', %s%s%s)", i > 0 ? ", " : "", 1000 + i, parts[0], literal,
                              parts[1] != NULL ? parts[1] : "");
    }
  pr_test_execute (db, sql->str);
}

static int
scan (const char  *table,
      const char  *extra,
      char       **out,
      char       **err)
{
  return pr_test_server_run_cli ("advice", out, err, "scan", "--db", "URI", "--table", table, "--id", "id",
                                 "--text", "body", extra, NULL);
}

static char *oracle;

static void
test_oracle (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "advice");
  g_autofree char *err = NULL;

  fill (db, "clean", "VARCHAR(10)", "TEXT CHARACTER SET utf8mb4", "?");
  g_assert_cmpint (scan ("clean", NULL, &oracle, &err), ==, 0);
  /* The bodies do repeat: the comparisons below mean something. */
  g_assert_cmpuint (strlen (oracle), >, strlen ("cluster,id,primary\n") + 10);
}

/* GBK bytes in a cp1251 or euckr column, UTF-8 bytes in a koi8r, cp1250
 * or cp1257 one: the server turns them into Cyrillic, Hangul or accented
 * Latin letters and signs, which the check once let through (exit 0,
 * other clusters). Refused; with the encoding named,
 * the scan finds the clean table's clusters. */
static void
test_other_script_column (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  const struct { const char *table, *charset, *stored, *given; } cases[] = {
    { "gbk_in_cp1251", "cp1251", "gbk", "GBK" },
    { "gbk_in_euckr", "euckr", "gbk", "GBK" },
    { "utf8_in_koi8r", "koi8r", "utf8mb4", "UTF-8" },
    { "utf8_in_cp1250", "cp1250", "utf8mb4", "UTF-8" },
    { "utf8_in_cp1257", "cp1257", "utf8mb4", "UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *type = g_strdup_printf ("TEXT CHARACTER SET %s", cases[i].charset);
      g_autofree char *expression = g_strdup_printf ("CONVERT(CAST(CONVERT(? USING %s) AS BINARY) USING %s)",
                                                     cases[i].stored, cases[i].charset);
      g_autofree char *flag = g_strdup_printf ("--column-encoding=body=%s", cases[i].given);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *out_given = NULL;
      g_autofree char *err_given = NULL;

      fill (db, cases[i].table, "VARCHAR(10)", type, expression);
      g_assert_cmpint (scan (cases[i].table, NULL, &out, &err), !=, 0);
      g_test_message ("%s: %s", cases[i].table, err);
      g_assert_nonnull (strstr (err, "“body”"));
      g_assert_nonnull (strstr (err, "--column-encoding body="));
      g_assert_cmpint (scan (cases[i].table, flag, &out_given, &err_given), ==, 0);
      g_assert_cmpstr (out_given, ==, oracle);
    }
}

/* UTF-8 read as Latin-1 and stored in a utf8mb4 column: the first advice
 * is the repair, not --column-encoding (which reads it wrong too); the
 * repair named, done, gives the clean table's clusters. */
static void
test_double_encoded (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *repaired = NULL;
  g_autofree char *err_repaired = NULL;

  fill (db, "doubled", "VARCHAR(10)", "TEXT CHARACTER SET utf8mb4", "CONVERT(CAST(? AS BINARY) USING latin1)");
  g_assert_cmpint (scan ("doubled", NULL, &out, &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "“body”"));
  g_assert_null (strstr (err, "--column-encoding"));
  g_assert_nonnull (strstr (err, "CONVERT(BINARY CONVERT(body USING latin1) USING utf8mb4)"));

  pr_test_execute (db, "UPDATE doubled SET body = CONVERT(BINARY CONVERT(body USING latin1) USING utf8mb4)");
  g_assert_cmpint (scan ("doubled", NULL, &repaired, &err_repaired), ==, 0);
  g_assert_cmpstr (repaired, ==, oracle);
}

/* UTF-8 read as CP1250 (a cp1250 column's reading, "?" for the bytes
 * CP1250 leaves undefined, as the server writes them outside strict mode)
 * and stored in a utf8mb4 column: the refusal names CP1250, not Latin-1,
 * and the repair reads it back through cp1250. */
static void
test_double_encoded_cp1250 (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  pr_test_execute (db, "SET SESSION sql_mode = ''");
  fill (db, "doubled_cp1250", "VARCHAR(10)", "TEXT CHARACTER SET utf8mb4", "CONVERT(CAST(? AS BINARY) USING cp1250)");
  g_assert_cmpint (scan ("doubled_cp1250", NULL, &out, &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "holds UTF-8 text that was read as CP1250 and stored again"));
  g_assert_nonnull (strstr (err, "CONVERT(BINARY CONVERT(body USING cp1250) USING utf8mb4)"));
  g_assert_null (strstr (err, "Latin-1"));
}

/* @text's bytes in @source read as @code_page, byte by byte by iconv,
 * @lost for the bytes it leaves undefined: "?" as the server writes them
 * outside strict mode (what a Turkish Windows program makes of GBK), or
 * "" as iconv's //IGNORE leaves them out. */
static char *
read_as_code_page (const char *text,
                   const char *source,
                   const char *code_page,
                   const char *lost)
{
  g_autofree char *bytes = g_convert (text, -1, source, "UTF-8", NULL, NULL, NULL);
  GString *read = g_string_new (NULL);

  g_assert_nonnull (bytes);
  for (const char *p = bytes; *p != '\0'; p++)
    {
      g_autofree char *one = g_convert (p, 1, "UTF-8", code_page, NULL, NULL, NULL);

      g_string_append (read, one != NULL ? one : lost);
    }
  return g_string_free (read, FALSE);
}

/* Creates @table, a utf8mb4 column holding the bodies' bytes in @source
 * read as @code_page (read_as_code_page ()), and scans it: the exit
 * status, and in @err what it said. */
static int
fill_read_as (const char  *table,
              const char  *source,
              const char  *code_page,
              const char  *lost,
              char       **err)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autofree char *create = g_strdup_printf ("CREATE TABLE %s (id VARCHAR(10) PRIMARY KEY, body TEXT CHARACTER SET "
                                             "utf8mb4)", table);
  g_autofree char *out = NULL;

  pr_test_execute (db, create);
  g_string_printf (sql, "INSERT INTO %s VALUES ", table);
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *read = read_as_code_page (bodies[i], source, code_page, lost);

      /* Put in the statement as it is: no quote or backslash in it. */
      g_assert_null (strpbrk (read, "'\\"));
      g_string_append_printf (sql, "%s('%u', _utf8mb4'%s')", i > 0 ? ", " : "", 1000 + i, read);
    }
  pr_test_execute (db, sql->str);
  return scan (table, NULL, &out, err);
}

/* GBK read as CP1254 and stored in a utf8mb4 column: MariaDB has no
 * character set for CP1254 (latin5 is ISO-8859-9), so the refusal names
 * CP1254 and says to repair the column from the source, with no
 * CONVERT () that would not undo it. (UTF-8 Chinese read as CP1254 is
 * told from CP1252 only by the bytes CP1254 lacks: the engine's test.) */
static void
test_double_encoded_cp1254 (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (fill_read_as ("doubled_cp1254", "GBK", "CP1254", "?", &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "text that was read as CP1254 and stored again"));
  g_assert_nonnull (strstr (err, "repair the column in the table from the source"));
  g_assert_null (strstr (err, "CONVERT("));
  g_assert_null (strstr (err, "Latin-1"));
}

/* UTF-8 read as CP1252 with the bytes it leaves undefined left out
 * (iconv's //IGNORE) and stored in a utf8mb4 column: refused, and no
 * CONVERT () offered, which would not give those bytes back. */
static void
test_double_encoded_dropped (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (fill_read_as ("doubled_dropped", "UTF-8", "CP1252", "", &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "holds UTF-8 text that was read as Latin-1 and stored again"));
  g_assert_nonnull (strstr (err, "repair the column in the table from the source"));
  g_assert_null (strstr (err, "CONVERT("));
}

/* One value of GBK text read as EUC-KR by the server and stored in a
 * utf8mb4 column, every pair of it one EUC-KR has: a bad row, whose
 * reason gives the repair in SQL; done for that row, the scan finds the
 * clean table's clusters. */
static void
test_misread_value_repaired (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  const char *repair = "CONVERT(BINARY CONVERT(body USING euckr) USING gbk)";
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *repaired = NULL;
  g_autofree char *err_repaired = NULL;
  g_autofree char *update = g_strdup_printf ("UPDATE misread_row SET body = %s WHERE id = '1000'", repair);

  fill (db, "misread_row", "VARCHAR(10)", "TEXT CHARACTER SET utf8mb4", "?");
  pr_test_execute (db, "UPDATE misread_row SET body = CONVERT(CAST(CONVERT(body USING gbk) AS BINARY) USING euckr) "
                       "WHERE id = '1000'");
  g_assert_cmpint (scan ("misread_row", NULL, &out, &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "GBK text read as EUC-KR"));
  g_assert_nonnull (strstr (err, repair));

  pr_test_execute (db, update);
  g_assert_cmpint (scan ("misread_row", NULL, &repaired, &err_repaired), ==, 0);
  g_assert_cmpstr (repaired, ==, oracle);
}

/* The same bytes in a latin1 column: there --column-encoding is right. */
static void
test_latin1_keeps_advice (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  fill (db, "utf8_in_latin1", "VARCHAR(10)", "TEXT CHARACTER SET latin1",
        "CONVERT(CAST(? AS BINARY) USING latin1)");
  g_assert_cmpint (scan ("utf8_in_latin1", NULL, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "--column-encoding body=UTF-8"));
}

/* A VARBINARY id is written in hex: the scan says so. */
static void
test_binary_id_named (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "advice");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  fill (db, "binary_ids", "VARBINARY(10)", "TEXT CHARACTER SET utf8mb4", "?");
  g_assert_cmpint (scan ("binary_ids", NULL, &out, &err), ==, 0);
  /* The ids (1000 to 1007) as hex bytes: the output holds them so … */
  g_assert_nonnull (strstr (out, "3130303"));
  /* … and the scan says why. */
  g_assert_nonnull (strstr (err, "“id”"));
  g_assert_nonnull (strstr (err, "hex"));
}

/* A column given two encodings is refused: one would be dropped. */
static void
test_encoding_given_twice (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (pr_test_server_run_cli ("advice", &out, &err, "scan", "--db", "URI", "--table", "clean",
                                           "--id", "id", "--text", "body", "--column-encoding", "body=BIG5",
                                           "--column-encoding", "body=GBK", NULL), !=, 0);
  g_assert_nonnull (strstr (err, "“body” twice"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* One encoding named twice, in two cases, is one. */
  pr_test_server_run_cli ("advice", &out, &err, "scan", "--db", "URI", "--table", "clean", "--id", "id", "--text", "body",
                          "--column-encoding", "body=gb18030", "--column-encoding", "body=GB18030", NULL);
  g_test_message ("%s", err);
  g_assert_null (strstr (err, "twice"));
}

/* check --csv answers record by record: a GBK file read as EUC-KR, Big5
 * or KOI8-R, other valid characters, once answered "no repeat" (exit 0).
 * Refused; read as GBK, it finds the stored record it repeats. A record
 * of UTF-8 read as CP1254 is refused naming CP1254. */
static void
test_check_csv_misread (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pr-advice-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "new.csv", NULL);
  g_autofree char *csv = g_strdup_printf ("id,body\nnew1,%s\n", bodies[2]);
  g_autofree char *gbk = NULL;
  g_autoptr(GError) error = NULL;
  const char *const wrong[] = { "EUC-KR", "BIG5", "KOI8-R" };
  gsize gbk_length;

  gbk = g_convert (csv, -1, "GBK", "UTF-8", NULL, &gbk_length, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, gbk, gbk_length, &error));
  g_assert_cmpint (pr_test_server_run_cli ("advice", NULL, NULL, "scan", "--db", "URI", "--table", "clean",
                                           "--id", "id", "--text", "body", "--store", "advice", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_server_run_cli ("advice", &out, &err, "check", "--db", "URI", "--table", "clean",
                                               "--id-column", "id", "--text", "body", "--store", "advice",
                                               "--csv", path, "--encoding", wrong[i], NULL), !=, 0);
      g_test_message ("%s: %s", wrong[i], err);
      g_assert_nonnull (strstr (err, "“body”"));
      g_assert_nonnull (strstr (err, "--encoding"));
    }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_server_run_cli ("advice", &out, &err, "check", "--db", "URI", "--table", "clean",
                                             "--id-column", "id", "--text", "body", "--store", "advice",
                                             "--csv", path, "--encoding", "GBK", NULL), ==, 0);
    g_assert_nonnull (strstr (out, "new1,1002,0"));
  }
  /* A record of UTF-8 read as CP1254 is named so, not Latin-1. */
  {
    g_autoptr(GString) read = g_string_new ("id,body\nnew2,");
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    /* The bodies twice: some 1,500 continuation bytes, 0x8E and 0x9E among them. */
    for (guint i = 0; i < 16; i++)
      for (const char *p = bodies[i % G_N_ELEMENTS (bodies)]; *p != '\0'; p++)
        {
          g_autofree char *one = g_convert (p, 1, "UTF-8", "CP1254", NULL, NULL, NULL);

          g_string_append (read, one != NULL ? one : "?");
        }
    g_string_append_c (read, '\n');
    g_assert_true (g_file_set_contents (path, read->str, read->len, &error));
    g_assert_cmpint (pr_test_server_run_cli ("advice", &out, &err, "check", "--db", "URI", "--table", "clean",
                                             "--id-column", "id", "--text", "body", "--store", "advice",
                                             "--csv", path, NULL), !=, 0);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "UTF-8 read as CP1254"));
  }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/column-encoding-advice/oracle", test_oracle);
  g_test_add_func ("/db/column-encoding-advice/other-script-column", test_other_script_column);
  g_test_add_func ("/db/column-encoding-advice/double-encoded", test_double_encoded);
  g_test_add_func ("/db/column-encoding-advice/double-encoded-cp1250", test_double_encoded_cp1250);
  g_test_add_func ("/db/column-encoding-advice/double-encoded-cp1254", test_double_encoded_cp1254);
  g_test_add_func ("/db/column-encoding-advice/double-encoded-dropped", test_double_encoded_dropped);
  g_test_add_func ("/db/column-encoding-advice/misread-value-repaired", test_misread_value_repaired);
  g_test_add_func ("/db/column-encoding-advice/latin1-keeps-advice", test_latin1_keeps_advice);
  g_test_add_func ("/db/column-encoding-advice/binary-id-named", test_binary_id_named);
  g_test_add_func ("/db/column-encoding-advice/check-csv-misread", test_check_csv_misread);
  g_test_add_func ("/db/column-encoding-advice/encoding-given-twice", test_encoding_given_twice);

  status = g_test_run ();
  g_free (oracle);
  pr_test_server_stop ();
  return status;
}
