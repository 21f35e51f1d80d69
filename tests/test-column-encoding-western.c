/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A column of Western names and words stored as UTF-8 (José, Müller),
 * given as GBK, GB18030 or Big5, converts without an error into other
 * characters (Jos茅), which no check of the converted text saw: the
 * table was scanned as gibberish, exit 0. On a real, throwaway MariaDB
 * server: the value is refused, naming its row, the column and the way
 * out. So is such text stored in a gbk, big5 or sjis column, which the
 * server itself reads so; given as UTF-8 it reads. A latin1 column truly holding such words, given as CP1252, and a
 * GBK column of Chinese text with ASCII letters beside its characters
 * read as before. GBK text whose bytes also read as UTF-8 is refused
 * too, naming --force-encoding, with which it reads. Oracle: the bytes
 * stored here.
 */
#include "config.h"

#include <string.h>

#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;

static const char *const bodies[] = {
  "Plainte de M. Gerard Dupont contre le bruit du chantier voisin",
  "Beschwerde von Frau Müller wegen der Heizung im Winter",
  "Queja de José García por el agua del barrio",
};

static const char *const chinese[] = {
  "我家住在A栋302室，楼下餐馆油烟扰民，多次反映没有结果",
  "本人加入了业主QQ群，开发商拖欠的车库至今没有交付",
  "小区供暖不足的问题，请尽快处理",
};

/* Table t of @type, the bodies' bytes in @encoding, as stored. */
static void
make_table (PrConnection      *db,
            const char        *type,
            const char *const *texts,
            const char        *encoding)
{
  g_autofree char *create = g_strdup_printf ("CREATE TABLE t (id INT PRIMARY KEY, body %s)", type);

  pr_test_execute (db, create);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      gsize n_bytes = 0;
      g_autofree char *bytes = g_convert (texts[i], -1, encoding, "UTF-8", NULL, &n_bytes, &error);
      g_autoptr(GString) sql = g_string_new (NULL);

      g_assert_no_error (error);
      g_string_printf (sql, "INSERT INTO t VALUES (%u, UNHEX('", i + 1);
      for (gsize b = 0; b < n_bytes; b++)
        g_string_append_printf (sql, "%02X", (guint8) bytes[b]);
      g_string_append (sql, "'))");
      pr_test_execute (db, sql->str);
    }
}

static int
scan (const char  *database,
      const char  *column_encoding,
      char       **err)
{
  g_autofree char *out = NULL;

  return pr_test_server_run_cli (database, &out, err, "scan", "--db", "URI", "--table", "t", "--id", "id",
                                 "--text", "body", "--column-encoding", column_encoding, NULL);
}

static void
test_utf8_given_as_east_asian (void)
{
  static const char *const encodings[] = { "GBK", "GB18030", "BIG5" };
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "western");

  make_table (db, "TEXT CHARACTER SET utf8mb4", bodies, "UTF-8");
  for (guint e = 0; e < G_N_ELEMENTS (encodings); e++)
    {
      g_autofree char *given = g_strconcat ("body=", encodings[e], NULL);
      g_autofree char *leave_out = g_strconcat ("leave out --column-encoding ", given, NULL);
      g_autofree char *err = NULL;

      g_assert_cmpint (scan ("western", given, &err), ==, 1);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, "row 2, column “body”: the value is UTF-8 text (“Beschwerde v…”)"));
      g_assert_nonnull (strstr (err, leave_out));
    }
}

static int
scan_as_stored (const char  *database,
                char       **err)
{
  g_autofree char *out = NULL;

  return pr_test_server_run_cli (database, &out, err, "scan", "--db", "URI", "--table", "t", "--id", "id",
                                 "--text", "body", NULL);
}

static void
test_utf8_in_east_asian_charset (void)
{
  static const char *const charsets[][2] = { { "gbk", "GBK" }, { "big5", "BIG5" }, { "sjis", "SHIFT_JIS" } };

  for (guint i = 0; i < G_N_ELEMENTS (charsets); i++)
    {
      g_autofree char *name = g_strconcat ("stored_", charsets[i][0], NULL);
      g_autofree char *type = g_strdup_printf ("TEXT CHARACTER SET %s", charsets[i][0]);
      g_autofree char *in_set = g_strdup_printf ("in the column's character set (%s), but its bytes are UTF-8 text "
                                                 "(“Beschwerde von Frau Müller wegen der Heizung im Winter”)",
                                                 charsets[i][1]);
      g_autoptr(PrConnection) db = pr_test_fresh_database (server, name);
      g_autofree char *err = NULL;

      make_table (db, type, bodies, "UTF-8");
      g_assert_cmpint (scan_as_stored (name, &err), ==, 1);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, "row 2, column “body”: the value reads “Beschwerde von Frau M"));
      g_assert_nonnull (strstr (err, in_set));
      g_assert_nonnull (strstr (err, "give --column-encoding body=UTF-8"));
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (scan (name, "body=UTF-8", &err), ==, 0);
      g_assert_nonnull (strstr (err, "3 records"));
    }
}

static void
test_legacy_columns_read (void)
{
  g_autoptr(PrConnection) latin = pr_test_fresh_database (server, "latin");
  g_autoptr(PrConnection) gbk = pr_test_fresh_database (server, "gbk");
  g_autofree char *err = NULL;

  make_table (latin, "TEXT CHARACTER SET latin1", bodies, "CP1252");
  g_assert_cmpint (scan ("latin", "body=CP1252", &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 records"));
  g_clear_pointer (&err, g_free);

  make_table (gbk, "BLOB", chinese, "GBK");
  g_assert_cmpint (scan ("gbk", "body=GBK", &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 records"));
  g_clear_pointer (&err, g_free);

  /* Chinese text with ASCII letters beside it, in a gbk column. */
  pr_test_execute (gbk, "ALTER TABLE t MODIFY body TEXT CHARACTER SET gbk");
  g_assert_cmpint (scan_as_stored ("gbk", &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 records"));
}

/* GBK text whose bytes also read as UTF-8 Latin letters beside an ASCII
 * letter ("QQ群骗钱" is 51 51 C8 BA C6 AD C7 AE, UTF-8's "QQȺƭǮ"):
 * refused, naming --force-encoding, with which it reads, in a gbk column
 * and in a BLOB given as GBK. */
static void
test_forced (void)
{
  static const char *const texts[] = { "QQ群骗钱", "小区供暖不足的问题，请尽快处理", "楼下餐馆油烟扰民" };
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "forced");
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;

  make_table (db, "TEXT CHARACTER SET gbk", texts, "GBK");
  g_assert_cmpint (scan_as_stored ("forced", &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 1, column “body”: the value reads “QQ群骗钱”"));
  g_assert_nonnull (strstr (err, "if “QQ群骗钱” is right, add --force-encoding"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("forced", &out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id",
                                           "--text", "body", "--force-encoding", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "3 records"));
  g_clear_pointer (&err, g_free);

  pr_test_execute (db, "ALTER TABLE t MODIFY body BLOB");
  g_assert_cmpint (scan ("forced", "body=GBK", &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "row 1, column “body”: the value is UTF-8 text"));
  g_assert_nonnull (strstr (err, "add --force-encoding"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("forced", &out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id",
                                           "--text", "body", "--column-encoding", "body=GBK", "--force-encoding",
                                           NULL), ==, 0);
  g_assert_nonnull (strstr (err, "3 records"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/column-encoding-western/utf8-given-as-east-asian", test_utf8_given_as_east_asian);
  g_test_add_func ("/db/column-encoding-western/utf8-in-east-asian-charset", test_utf8_in_east_asian_charset);
  g_test_add_func ("/db/column-encoding-western/legacy-columns-read", test_legacy_columns_read);
  g_test_add_func ("/db/column-encoding-western/forced", test_forced);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
