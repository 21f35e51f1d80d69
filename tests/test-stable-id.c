/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A store keeps records by an id the table holds unique, or refuses: a
 * table without a primary key, with one of two columns, with a binary
 * one, and ids that hold a NUL. Through the CLI, against a throwaway
 * server; the expectations come from the tables the tests make (and, for
 * hex, from the server's own HEX()).
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* The CLI against the database ids, "URI" standing for its connection string. */
#define RUN(...) pr_test_server_run_cli ("ids", __VA_ARGS__)

static PrConnection *
admin (void)
{
  return pr_test_connect (server, NULL);
}

/* The database ids afresh, and an empty store idstore. */
static PrConnection *
fresh (void)
{
  g_autoptr(PrConnection) db = admin ();

  pr_test_execute (db, "DROP DATABASE IF EXISTS ids");
  pr_test_execute (db, "DROP DATABASE IF EXISTS idstore");
  pr_test_execute (db, "CREATE DATABASE ids CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE idstore");
  return pr_test_connect (server, "ids");
}

/* Whether the store has any fingerprint: a refused scan keeps nothing. */
static gboolean
store_has_fingerprints (void)
{
  g_autoptr(PrConnection) db = admin ();
  g_autoptr(GPtrArray) tables = pr_test_query_column (db, "SELECT COUNT(*) FROM information_schema.TABLES "
                                                          "WHERE TABLE_SCHEMA = 'idstore' "
                                                          "AND TABLE_NAME = 'pr_fingerprints'");
  g_autofree char *count = NULL;

  if (g_str_equal (tables->pdata[0], "0"))
    return FALSE;
  count = pr_test_query_value (db, "SELECT COUNT(*) FROM idstore.pr_fingerprints");
  return !g_str_equal (count, "0");
}

#define BODY(n) "'第" #n "号 投诉 小区 噪音 扰民 夜间 施工 工地 第" #n "次'"

/* No primary key: with the row's place as its id (no --id), or a column
 * called id that nothing keeps unique, deleting a row renumbered the
 * rest. Refused, naming the column that could serve. */
static void
test_no_primary_key (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *err = NULL;

  /* case_no may be NULL: a UNIQUE NOT NULL column would be the table's
   * primary key in all but name (the catalogue says PRI). */
  pr_test_execute (db, "CREATE TABLE nopk (id INT NOT NULL, case_no VARCHAR(20) NULL, body TEXT, "
                       "UNIQUE KEY (case_no))");
  pr_test_execute (db, "INSERT INTO nopk VALUES (1, 'X-1', " BODY (1) "), (2, 'X-2', " BODY (2) "), "
                       "(3, 'X-3', " BODY (3) ")");

  /* Mapping flags without --id: no key to take. */
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "nopk", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "table “nopk” has no primary key"));
  g_assert_nonnull (strstr (err, "could serve as the id: case_no."));
  g_assert_false (store_has_fingerprints ());
  g_clear_pointer (&err, g_free);

  /* The guess: the column called id, which nothing keeps unique. */
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "nopk",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "the id column “id” of table “nopk” is not a unique key"));
  g_assert_nonnull (strstr (err, "could serve as the id: case_no."));
  g_assert_false (store_has_fingerprints ());
  g_clear_pointer (&err, g_free);

  /* Named, the unique column is the id: deleting a row retires it alone. */
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "nopk", "--id", "case_no", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 0);
  pr_test_execute (db, "DELETE FROM nopk WHERE case_no = 'X-1'");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "nopk", "--id", "case_no", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 0);
  {
    g_autofree char *retired = pr_test_query_value (db, "SELECT GROUP_CONCAT(record_id ORDER BY record_id) "
                                                        "FROM idstore.pr_fingerprints WHERE retired_at IS NOT NULL");
    g_autofree char *live = pr_test_query_value (db, "SELECT GROUP_CONCAT(record_id ORDER BY record_id) "
                                                     "FROM idstore.pr_fingerprints WHERE retired_at IS NULL");

    g_assert_cmpstr (retired, ==, "X-1");
    g_assert_cmpstr (live, ==, "X-2,X-3");
  }
}

/* A key of one column whose name holds a comma is one column: its own
 * refusal (bytes, not text), not that of a key of several. */
static void
test_comma_in_key_name (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE bin (`year,seq` VARBINARY(16) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO bin VALUES (UNHEX('00FF'), " BODY (1) ")");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "bin", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  g_assert_null (strstr (err, "several columns"));
  g_assert_nonnull (strstr (err, "the primary key “year,seq” of table “bin” is varbinary"));
}

/* A primary key of two columns names no record by either: the guess left
 * the id to the records' numbers, and check took the key's first column. */
static void
test_composite_key (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE two (year INT NOT NULL, seq INT NOT NULL, ref VARCHAR(20) NULL, body TEXT, "
                       "PRIMARY KEY (year, seq), UNIQUE KEY (ref))");
  pr_test_execute (db, "INSERT INTO two VALUES (2024, 1, 'R1', " BODY (1) "), (2025, 1, 'R2', " BODY (2) "), "
                       "(2025, 2, 'R3', " BODY (3) ")");

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "two",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "primary key of several columns (year, seq)"));
  /* Neither column of the key: only ref is unique alone. */
  g_assert_nonnull (strstr (err, "could serve as the id: ref."));
  g_assert_false (store_has_fingerprints ());
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (RUN (NULL, &err, "check", "--db", "URI", "--table", "two", "--text", "body",
                        "--store", "idstore", "--id", "2025", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "could serve as the id: ref."));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "two", "--id", "ref", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 0);
  g_assert_true (store_has_fingerprints ());
}

/* The rows' ids in hex, as the server writes them, in id order. */
static GPtrArray *
server_hex (PrConnection *db)
{
  return pr_test_query_column (db, "SELECT HEX(uid) FROM bin ORDER BY uid");
}

/* A BINARY(16) key (a UUID's bytes) was guessed as the id and written raw
 * into UTF-8 outputs. Guessed: not the id. Named: hex everywhere. */
static void
test_binary_key (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *out_path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autoptr(GPtrArray) hex = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "CREATE TABLE bin (uid BINARY(16) PRIMARY KEY, body TEXT)");
  /* The same words: all three are repeats of each other. */
  pr_test_execute (db, "INSERT INTO bin VALUES "
                       "(UNHEX('00FF10E2A4C5470B9C3D000000000001'), '小区 夜间 施工 噪音 扰民 请求 查处 工地'), "
                       "(UNHEX('80FF10E2A4C5470B9C3D000000000002'), '小区 夜间 施工 噪音 扰民 请求 查处 工地'), "
                       "(UNHEX('C3FF10E2A4C5470B9C3D000000000003'), '小区 夜间 施工 噪音 扰民 请求 查处 工地')");
  hex = server_hex (db);

  /* Guessed: no id (the guess prints no --id), so refused, naming the
   * key, which could serve when named. */
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "bin",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  {
    const char *guessed = strstr (err, "guessed from the table:");

    g_assert_nonnull (guessed);
    g_assert_null (g_strstr_len (guessed, strcspn (guessed, "\n"), "--id"));
  }
  g_assert_nonnull (strstr (err, "the primary key “uid” of table “bin” is binary"));
  g_assert_nonnull (strstr (err, "could serve as the id: uid."));
  g_clear_pointer (&err, g_free);

  /* Named: the ids are the hex of the bytes, in the output and the store. */
  out_path = g_build_filename (dir, "clusters.csv", NULL);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "bin", "--id", "uid", "--text", "body",
                        "--store", "idstore", "--out", out_path, NULL), ==, 0);
  g_file_get_contents (out_path, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (out, -1, NULL));
  for (guint i = 0; i < hex->len; i++)
    g_assert_nonnull (strstr (out, hex->pdata[i]));
  stored = pr_test_query_column (db, "SELECT record_id FROM idstore.pr_fingerprints ORDER BY record_id");
  g_assert_cmpuint (stored->len, ==, hex->len);
  for (guint i = 0; i < hex->len; i++)
    g_assert_cmpstr (stored->pdata[i], ==, hex->pdata[i]);
  g_clear_pointer (&out, g_free);

  /* check finds the record by its hex (in either case) and names the
   * matches in hex, the record itself left out. */
  g_assert_cmpint (RUN (&out, NULL, "check", "--db", "URI", "--table", "bin", "--id-column", "uid", "--text", "body",
                        "--store", "idstore", "--id", "80ff10e2a4c5470b9c3d000000000002", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n"
                            "00FF10E2A4C5470B9C3D000000000001,0\r\n"
                            "C3FF10E2A4C5470B9C3D000000000003,0\r\n");
  pr_test_remove_tree (dir);
}

/* "B\0C" was read as "B": another record's id, or one no row has. */
static void
test_nul_in_id (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE nul (code VARCHAR(20) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO nul VALUES ('A1', " BODY (1) "), (CONCAT('B', CHAR(0), 'C'), " BODY (2) "), "
                       "('D3', " BODY (3) ")");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "nul", "--id", "code", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 1);
  /* In key order: A1, then B\0C. */
  g_assert_nonnull (strstr (err, "row 2, column “code”: the value holds a NUL byte"));
  g_assert_false (store_has_fingerprints ());
}

/* With a store and mapping flags without --id, the records were kept by
 * their numbers; the primary key names them. */
static void
test_primary_key_default (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *stored = NULL;

  pr_test_execute (db, "CREATE TABLE pk (n INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO pk VALUES (10, " BODY (1) "), (20, " BODY (2) "), (30, " BODY (3) ")");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "pk", "--text", "body",
                        "--store", "idstore", "--out", "/dev/null", NULL), ==, 0);
  stored = pr_test_query_value (db, "SELECT GROUP_CONCAT(record_id ORDER BY record_id) FROM idstore.pr_fingerprints");
  g_assert_cmpstr (stored, ==, "10,20,30");
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Without a store too, a table's records are named by its primary key,
 * not their places: with gaps in the keys (rows deleted), places named
 * other petitions. Ids of the two equal rows, by the server. */
static void
test_without_store (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out_path = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *equal = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;

  pr_test_execute (db, "CREATE TABLE gaps (n INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO gaps VALUES (11, " BODY (1) "), (12, '农村 宅基地 确权 纠纷 村委会 不予 登记'), "
                       "(13, '工资 拖欠 建筑 公司 农民工 讨薪 劳动 监察'), (25, " BODY (1) "), "
                       "(26, '医保 报销 比例 异地 就医 备案 手续 繁琐')");
  equal = pr_test_query_value (db, "SELECT GROUP_CONCAT(n ORDER BY n) FROM gaps WHERE body = (SELECT body FROM gaps "
                                   "GROUP BY body HAVING COUNT(*) > 1)");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "gaps", "--text", "body", "--out", out_path,
                        NULL), ==, 0);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  lines = g_strsplit (out, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 3);

      g_ptr_array_add (ids, g_strdup (fields[1]));
    }
  g_ptr_array_sort (ids, compare_ids);
  g_ptr_array_add (ids, NULL);
  {
    g_autofree char *joined = g_strjoinv (",", (char **) ids->pdata);

    g_assert_cmpstr (joined, ==, equal);
  }

  /* A key of two columns, or none: refused, asking for --id. */
  pr_test_execute (db, "CREATE TABLE two (year INT NOT NULL, seq INT NOT NULL, ref VARCHAR(20) NULL, body TEXT, "
                       "PRIMARY KEY (year, seq), UNIQUE KEY (ref))");
  pr_test_execute (db, "INSERT INTO two VALUES (2024, 1, 'R1', " BODY (1) "), (2025, 1, 'R2', " BODY (1) ")");
  g_assert_cmpint (RUN (NULL, &err, "scan", "--db", "URI", "--table", "two", "--text", "body", "--out", out_path,
                        NULL), ==, 1);
  g_assert_nonnull (strstr (err, "primary key of several columns (year, seq)"));
  g_assert_nonnull (strstr (err, "could serve as the id: ref. Give one with --id COL"));
  g_clear_pointer (&err, g_free);
  pr_test_execute (db, "CREATE TABLE nokey (ref VARCHAR(20) NULL, body TEXT)");
  pr_test_execute (db, "INSERT INTO nokey VALUES ('R1', " BODY (1) "), ('R2', " BODY (1) ")");
  g_assert_cmpint (RUN (NULL, &err, "thresholds", "--db", "URI", "--table", "nokey", "--text", "body", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "table “nokey” has no primary key"));
  g_assert_nonnull (strstr (err, "No column of it is a unique key by itself: give --id COL"));
  g_clear_pointer (&err, g_free);

  /* A UNIQUE NOT NULL column of a table without a primary key is the
   * key to the server, and named so. */
  pr_test_execute (db, "CREATE TABLE uniq (ref VARCHAR(20) NOT NULL, body TEXT, UNIQUE KEY (ref))");
  pr_test_execute (db, "INSERT INTO uniq VALUES ('R1', " BODY (1) "), ('R2', " BODY (2) "), ('R3', " BODY (1) ")");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "uniq", "--text", "body", "--out", out_path,
                        NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  g_assert_nonnull (strstr (out, ",R1,"));
  g_assert_nonnull (strstr (out, ",R3,"));
  pr_test_remove_tree (dir);
}

/* The catalogue's view of keys, which the rule above rests on. */
static void
test_catalog_unique (void)
{
  g_autoptr(PrConnection) db = fresh ();
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(GError) error = NULL;
  const char *expected[][2] = {
    { "a", "pk-part" }, { "b", "pk-part" }, { "u", "unique" }, { "v", "" }, { "w", "" }, { "x", "unique" },
  };

  pr_test_execute (db, "CREATE TABLE keys_ (a INT, b INT, u INT, v INT, w INT, x VARCHAR(40), "
                       "PRIMARY KEY (a, b), UNIQUE KEY (u), UNIQUE KEY (v, w), KEY (w), UNIQUE KEY (x(10)))");
  columns = pr_catalog_list_columns (db, "keys_", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (columns->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];
      const char *kind = column->unique ? "unique" : column->primary_key ? "pk-part" : "";

      g_assert_cmpstr (column->name, ==, expected[i][0]);
      g_assert_cmpstr (kind, ==, expected[i][1]);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/stable-id/no-primary-key", test_no_primary_key);
  g_test_add_func ("/db/stable-id/composite-key", test_composite_key);
  g_test_add_func ("/db/stable-id/binary-key", test_binary_key);
  g_test_add_func ("/db/stable-id/comma-in-key-name", test_comma_in_key_name);
  g_test_add_func ("/db/stable-id/nul-in-id", test_nul_in_id);
  g_test_add_func ("/db/stable-id/primary-key-default", test_primary_key_default);
  g_test_add_func ("/db/stable-id/without-store", test_without_store);
  g_test_add_func ("/db/stable-id/catalog-unique", test_catalog_unique);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
