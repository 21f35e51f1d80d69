/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check --id finds the record by the server's comparison, which is loose
 * ("536 " pasted from Excel, "0536" and "536.0" are 536; "a7 " is "A7" in
 * a case-insensitive PAD SPACE collation): the record is then the one the
 * server returned, and is not reported as a repeat of itself. Against a
 * throwaway server; the expected matches are the tables' own rows.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-record-reader.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* The CLI against the database chk, "URI" standing for its connection string. */
#define RUN(...) pr_test_server_run_cli ("chk", __VA_ARGS__)

#define SAME_TEXT "'小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡'"
#define OTHER_TEXT "'医保 报销 比例 调整 退休 职工 门诊 慢性病'"

/* chk.num (INT ids) and chk.code (VARCHAR ids, case-insensitive), each
 * with two records of the same text and one other, scanned into chkstore. */
static void
make_tables (void)
{
  g_autoptr(PrConnection) db = pr_test_connect (server, NULL);

  pr_test_execute (db, "DROP DATABASE IF EXISTS chk");
  pr_test_execute (db, "DROP DATABASE IF EXISTS chkstore");
  pr_test_execute (db, "CREATE DATABASE chk CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
  pr_test_execute (db, "CREATE DATABASE chkstore");
  pr_test_execute (db, "CREATE TABLE chk.num (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO chk.num VALUES (536, " SAME_TEXT "), (537, " SAME_TEXT "), (538, " OTHER_TEXT ")");
  pr_test_execute (db, "CREATE TABLE chk.code (code VARCHAR(10) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO chk.code VALUES ('A7', " SAME_TEXT "), ('A8', " SAME_TEXT "), "
                       "('A9', " OTHER_TEXT ")");
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "num", "--id", "id", "--text", "body",
                        "--store", "chkstore", "--out", "/dev/null", NULL), ==, 0);
  g_assert_cmpint (RUN (NULL, NULL, "scan", "--db", "URI", "--table", "code", "--id", "code", "--text", "body",
                        "--store", "chkstore", "--out", "/dev/null", NULL), ==, 0);
}

static char *
check (const char *table,
       const char *id_column,
       const char *id,
       char      **err,
       int        *status)
{
  char *out = NULL;

  *status = RUN (&out, err, "check", "--db", "URI", "--table", table, "--id-column", id_column, "--text", "body",
                 "--store", "chkstore", "--id", id, NULL);
  return out;
}

static void
test_loose_number (void)
{
  const char *typed[] = { "536", "536 ", " 536", "0536", "536.0" };

  make_tables ();
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autofree char *out = NULL;
      int status;

      g_test_message ("check --id “%s”", typed[i]);
      out = check ("num", "id", typed[i], NULL, &status);
      g_assert_cmpint (status, ==, 0);
      /* 537 alone: 536 is the record itself. */
      g_assert_cmpstr (out, ==, "id,distance\r\n537,0\r\n");
    }
}

/* A number column compared with text that is no number: the server cut
 * "536abc" to 536 with only a warning, and answered for record 536. */
static void
test_truncated_number (void)
{
  const char *typed[] = { "536abc", "536 xyz", "537-1" };

  make_tables ();
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      g_test_message ("check --id “%s”", typed[i]);
      out = check ("num", "id", typed[i], &err, &status);
      g_assert_cmpint (status, ==, 1);
      g_assert_cmpstr (out, ==, "");
      g_assert_nonnull (strstr (err, "is not a value the id column of table “num” can hold"));
    }
}

static void
test_loose_text (void)
{
  const char *typed[] = { "A7", "A7 ", "a7" };

  make_tables ();
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autofree char *out = NULL;
      int status;

      g_test_message ("check --id “%s”", typed[i]);
      out = check ("code", "code", typed[i], NULL, &status);
      g_assert_cmpint (status, ==, 0);
      g_assert_cmpstr (out, ==, "id,distance\r\nA8,0\r\n");
    }
}

static void
test_no_such_record (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  make_tables ();
  out = check ("num", "id", "999", &err, &status);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_true (g_str_has_prefix (err, "petition-review-cli check: table “num” has no record with the id “999”"));
}

/* Found loosely, several rows are one id: which one was meant is not
 * for the program to guess. (With a unique id column a check cannot meet
 * this; reading a record by any column can.) */
static void
test_several_records (void)
{
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  char **values;

  make_tables ();
  db = pr_test_connect (server, "chk");
  pr_test_execute (db, "CREATE TABLE loose (code VARCHAR(10), body TEXT)");
  pr_test_execute (db, "INSERT INTO loose VALUES ('ab', " SAME_TEXT "), ('AB ', " OTHER_TEXT "), "
                       "('cd', " OTHER_TEXT ")");
  pr_mapping_add (mapping, "code", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  values = pr_record_reader_fetch (db, "loose", mapping, "Ab", PR_ADVICE_FLAGS, &error);
  g_assert_null (values);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the id “Ab” matches several records of table “loose”"));
  g_assert_nonnull (strstr (error->message, "“ab”"));
  g_assert_nonnull (strstr (error->message, "“AB ”"));
  g_assert_null (strstr (error->message, "“cd”"));
}

/* check --ids reads the file to its end: a NUL byte (a list saved as
 * UTF-16 without a byte order mark, a stray one) would end it there and
 * leave the ids after it unchecked, so the file is refused, by its line. */
static void
test_ids_with_nul (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pr-check-ids-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "ids.txt", NULL);
  g_autofree char *err = NULL;
  static const char with_nul[] = "536\n537\0\n538\n";
  /* 536 and 537 in UTF-16LE, no byte order mark */
  static const char utf16[] = "5\0" "3\0" "6\0" "\n\0" "5\0" "3\0" "7\0" "\n\0";

  make_tables ();
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, with_nul, sizeof with_nul - 1, NULL));
  g_assert_cmpint (RUN (NULL, &err, "check", "--db", "URI", "--table", "num", "--id-column", "id", "--text", "body",
                        "--store", "chkstore", "--ids", path, NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "ids.txt, line 2: a NUL byte"));
  g_assert_nonnull (strstr (err, "save the file again as UTF-8"));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (path, utf16, sizeof utf16 - 1, NULL));
  g_assert_cmpint (RUN (NULL, &err, "check", "--db", "URI", "--table", "num", "--id-column", "id", "--text", "body",
                        "--store", "chkstore", "--ids", path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "ids.txt, line 1: a NUL byte"));
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

  g_test_add_func ("/cli/check/by-id/loose-number", test_loose_number);
  g_test_add_func ("/cli/check/by-id/loose-text", test_loose_text);
  g_test_add_func ("/cli/check/by-id/truncated-number", test_truncated_number);
  g_test_add_func ("/cli/check/by-id/no-such-record", test_no_such_record);
  g_test_add_func ("/cli/check/by-id/several-records", test_several_records);
  g_test_add_func ("/cli/check/by-id/ids-with-nul", test_ids_with_nul);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
