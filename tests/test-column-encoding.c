/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tables whose text is stored in another encoding than the column says,
 * on a real, throwaway MariaDB server, read through the CLI: UTF-8 or GBK
 * bytes in a latin1 column, GBK text in a BLOB. Each is refused, naming
 * the column and the encoding to give; given it, the scan finds what the
 * same records in a utf8mb4 table give (the oracle).
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection.h"
#include "pr-csv-reader.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* The first records of the bundled sample, which has repeats among them. */
#define N_RECORDS 400

/* Fills @table (id INT, body of @type) with the sample's bodies, their
 * bytes in @encoding, stored as they are (UNHEX gives binary). */
static void
fill_table (PrConnection *db,
            const char   *table,
            const char   *type,
            const char   *encoding)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_autoptr(GString) sql = g_string_new (NULL);
  g_autofree char *create = g_strdup_printf ("CREATE TABLE %s (id INT PRIMARY KEY, body %s)", table, type);
  int body;

  g_assert_no_error (error);
  pr_test_execute (db, create);
  g_assert_true (pr_csv_reader_next_header (reader, path, NULL, &error));
  body = pr_csv_reader_find_field (reader, "body");
  g_assert_cmpint (body, >=, 0);
  g_string_printf (sql, "INSERT INTO %s VALUES ", table);
  for (guint i = 0; i < N_RECORDS; i++)
    {
      gsize length;
      const char *text;
      g_autofree char *bytes = NULL;
      gsize n_bytes;

      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      text = pr_csv_reader_get_field (reader, body, &length);
      bytes = g_convert (text, length, encoding, "UTF-8", NULL, &n_bytes, &error);
      g_assert_no_error (error);
      g_string_append_printf (sql, "%s(%u, UNHEX('", i > 0 ? ", " : "", i + 1);
      for (gsize b = 0; b < n_bytes; b++)
        g_string_append_printf (sql, "%02X", (guint8) bytes[b]);
      g_string_append (sql, "'))");
    }
  pr_test_execute (db, sql->str);
}

/* The scan's summary line ("400 records …, N clusters holding M records");
 * aborts unless the scan succeeded. */
static char *
scan_summary (const char *table,
              const char *extra)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  int status;

  status = pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", table, "--id", "id",
                                   "--text", "body", extra != NULL ? extra : NULL, NULL);
  g_assert_cmpint (status, ==, 0);
  /* The clusters (standard output) and the summary (standard error). */
  lines = g_strsplit (err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "400 records"))
      return g_strconcat (out, lines[i], NULL);
  g_assert_not_reached ();
}

static void
assert_refused (const char *table,
                const char *expected)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  status = pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", table, "--id", "id",
                                   "--text", "body", NULL);
  g_assert_cmpint (status, !=, 0);
  g_assert_nonnull (strstr (err, "“body”"));
  g_assert_nonnull (strstr (err, expected));
  g_assert_null (strstr (err, "invalid UTF-8"));
}

static char *oracle;

static void
test_oracle (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "enc");

  fill_table (db, "as_utf8mb4", "TEXT CHARACTER SET utf8mb4", "UTF-8");
  oracle = scan_summary ("as_utf8mb4", NULL);
  g_test_message ("utf8mb4: %s", strrchr (oracle, '\n'));
  /* The sample's first records do repeat: the comparisons below mean something. */
  g_assert_null (strstr (oracle, " 0 clusters"));
}

/* @table's body, of @type, holds the bodies' bytes in @stored: a scan is
 * refused naming @looks_like; with --column-encoding body=@given, it finds
 * what the utf8mb4 table gives. */
static void
check_mis_encoded (const char *table,
                   const char *type,
                   const char *stored,
                   const char *looks_like,
                   const char *given)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "enc");
  g_autofree char *expected = g_strdup_printf ("--column-encoding body=%s", looks_like);
  g_autofree char *flag = g_strdup_printf ("--column-encoding=body=%s", given);
  g_autofree char *summary = NULL;

  fill_table (db, table, type, stored);
  assert_refused (table, expected);
  summary = scan_summary (table, flag);
  g_assert_cmpstr (summary, ==, oracle);
}

static void
test_utf8_in_latin1 (void)
{
  check_mis_encoded ("utf8_in_latin1", "TEXT CHARACTER SET latin1", "UTF-8", "UTF-8", "UTF-8");
}

static void
test_gbk_in_latin1 (void)
{
  check_mis_encoded ("gbk_in_latin1", "MEDIUMTEXT CHARACTER SET latin1", "GBK", "GB18030", "GBK");
}

/* Bytes that are no UTF-8: named as GBK, not "invalid UTF-8". */
static void
test_gbk_in_blob (void)
{
  check_mis_encoded ("gbk_in_blob", "BLOB", "GBK", "GB18030", "GB18030");
}

/* A utf8mb4 column holding text decoded wrong once before it was stored
 * (UTF-8 read as Latin-1, saved as UTF-8): refused with --column-encoding
 * body=UTF-8 as without it: no reading is right. */
static void
test_stored_decoded_wrong (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "enc");
  const char *const tables[] = { "double_utf8", "double_utf8" };
  const char *const flags[] = { "--column-encoding=body=UTF-8", "--column-encoding=body=latin1" };

  pr_test_execute (db, "CREATE TABLE double_utf8 (id INT PRIMARY KEY, body TEXT CHARACTER SET utf8mb4)");
  pr_test_execute (db, "INSERT INTO double_utf8 SELECT id, CONVERT(CAST(body AS BINARY) USING latin1) FROM as_utf8mb4");
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", tables[i], "--id",
                                           "id", "--text", "body", flags[i], NULL);

      g_test_message ("%s %s: %s", tables[i], flags[i], err);
      g_assert_cmpint (status, !=, 0);
      g_assert_nonnull (strstr (err, "“body”"));
      g_assert_nonnull (strstr (err, "wrong encoding"));
    }
}

/* A guessed mapping (no mapping flags) takes the column's encoding too. */
static void
test_guessed_mapping (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *oracle_summary = g_strdup (strrchr (oracle, '\n') + 1);

  g_assert_cmpint (pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", "gbk_in_latin1",
                                           "--column-encoding", "body=GBK", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "--text body"));
  g_assert_nonnull (strstr (err, oracle_summary));
}

/* check --csv: a record read in the wrong encoding is refused with the
 * one that fits; read right, it finds itself among the stored records. */
static void
test_check_csv (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pr-enc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "new.csv", NULL);
  g_autoptr(PrConnection) db = pr_test_connect (server, "enc");
  g_autofree char *body = pr_test_query_value (db, "SELECT body FROM as_utf8mb4 WHERE id = 5");
  g_autofree char *csv = g_strdup_printf ("id,body\nnew1,\"%s\"\n", body);
  g_autofree char *gbk = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  gsize gbk_length;

  gbk = g_convert (csv, -1, "GBK", "UTF-8", NULL, &gbk_length, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, gbk, gbk_length, &error));
  g_assert_cmpint (pr_test_server_run_cli ("enc", NULL, &err, "scan", "--db", "URI", "--table", "as_utf8mb4",
                                           "--id", "id", "--text", "body", "--store", "enc", NULL), ==, 0);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (pr_test_server_run_cli ("enc", &out, &err, "check", "--db", "URI", "--table", "as_utf8mb4",
                                           "--id-column", "id", "--text", "body", "--store", "enc", "--csv", path,
                                           "--encoding", "ISO-8859-1", NULL), !=, 0);
  g_assert_nonnull (strstr (err, "--encoding GB18030"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (pr_test_server_run_cli ("enc", &out, &err, "check", "--db", "URI", "--table", "as_utf8mb4",
                                           "--id-column", "id", "--text", "body", "--store", "enc", "--csv", path,
                                           "--encoding", "GBK", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "new1,5,0\r\n"));
  g_unlink (path);
  g_rmdir (dir);
}

/* A Western latin1 column read right stays accepted. */
static void
test_latin1_text_accepted (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, "enc");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE western (id INT PRIMARY KEY, body TEXT CHARACTER SET latin1)");
  pr_test_execute (db, "INSERT INTO western VALUES (1, 'Müller wünscht eine Prüfung der Gebühren für 2023'), "
                       "(2, 'Müller wünscht eine Prüfung der Gebühren für 2024'), (3, 'café crème à côté')");
  g_assert_cmpint (pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", "western",
                                           "--id", "id", "--text", "body", NULL), ==, 0);
}

static void
test_encoding_with_db_refused (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  status = pr_test_server_run_cli ("enc", &out, &err, "scan", "--db", "URI", "--table", "as_utf8mb4", "--id", "id",
                                   "--text", "body", "--encoding", "GBK", NULL);
  g_assert_cmpint (status, !=, 0);
  g_assert_nonnull (strstr (err, "--column-encoding"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/column-encoding/oracle", test_oracle);
  g_test_add_func ("/db/column-encoding/utf8-in-latin1", test_utf8_in_latin1);
  g_test_add_func ("/db/column-encoding/gbk-in-latin1", test_gbk_in_latin1);
  g_test_add_func ("/db/column-encoding/gbk-in-blob", test_gbk_in_blob);
  g_test_add_func ("/db/column-encoding/stored-decoded-wrong", test_stored_decoded_wrong);
  g_test_add_func ("/db/column-encoding/guessed-mapping", test_guessed_mapping);
  g_test_add_func ("/db/column-encoding/check-csv", test_check_csv);
  g_test_add_func ("/db/column-encoding/latin1-text-accepted", test_latin1_text_accepted);
  g_test_add_func ("/db/column-encoding/encoding-with-db", test_encoding_with_db_refused);

  status = g_test_run ();
  g_free (oracle);
  pr_test_server_stop ();
  return status;
}
