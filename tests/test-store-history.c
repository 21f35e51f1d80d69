/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The decisions' history in the store, against a real, throwaway MariaDB
 * server: the reviewer's name apart from the login, the note, a case's
 * decisions, and the upgrade of a store of version 5.
 */
#define G_LOG_DOMAIN "test-store-history"

#include "config.h"

#include <string.h>

#include "pr-csv-writer.h"
#include "pr-store.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define COLLATE " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin"

/* Version 5's tables (its DDL, as the record of what a store to upgrade
 * looks like), with two decisions of that version. */
static const char *const v5_tables[] = {
  "CREATE TABLE pr_scans (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " mapping TEXT NOT NULL, mapping_version BIGINT UNSIGNED NOT NULL, k TINYINT UNSIGNED NOT NULL,"
  " started_at DATETIME(6) NOT NULL, finished_at DATETIME(6) NULL,"
  " status ENUM('running','complete','failed','cancelled') NOT NULL, records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " new_records BIGINT UNSIGNED NOT NULL DEFAULT 0, changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " refingerprinted_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0, pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " clusters BIGINT UNSIGNED NOT NULL DEFAULT 0, message TEXT NULL,"
  " KEY pr_scans_table_status (source_database, source_table, status))" COLLATE,
  "CREATE TABLE pr_fingerprints (row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, fingerprint BIGINT UNSIGNED NOT NULL, b0 SMALLINT UNSIGNED NOT NULL,"
  " b1 SMALLINT UNSIGNED NOT NULL, b2 SMALLINT UNSIGNED NOT NULL, b3 SMALLINT UNSIGNED NOT NULL,"
  " content_hash BIGINT UNSIGNED NOT NULL, sparse TINYINT UNSIGNED NOT NULL DEFAULT 0, parts MEDIUMBLOB NULL,"
  " mapping_version BIGINT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL, scanned_at DATETIME(6) NOT NULL,"
  " retired_at DATETIME(6) NULL, PRIMARY KEY (row_id),"
  " UNIQUE KEY pr_fingerprints_record (source_database, source_table, record_id),"
  " KEY pr_fingerprints_b0 (b0, fingerprint), KEY pr_fingerprints_b1 (b1, fingerprint),"
  " KEY pr_fingerprints_b2 (b2, fingerprint), KEY pr_fingerprints_b3 (b3, fingerprint))" COLLATE,
  "CREATE TABLE pr_decisions (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, primary_id VARCHAR(191) NULL,"
  " verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL, reviewer VARCHAR(191) NOT NULL,"
  " decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), note TEXT NULL, undoes BIGINT NULL,"
  " old_values TEXT NULL, case_number INT UNSIGNED NULL,"
  " KEY pr_decisions_record (source_database, source_table, record_id),"
  " KEY pr_decisions_primary (source_database, source_table, primary_id), KEY pr_decisions_undoes (undoes))"
  COLLATE,
  "CREATE TABLE pr_repeats (scan_id BIGINT NOT NULL, record_id VARCHAR(191) NOT NULL,"
  " existing_id VARCHAR(191) NOT NULL, distance TINYINT UNSIGNED NOT NULL,"
  " PRIMARY KEY (scan_id, record_id, existing_id))" COLLATE,
  "CREATE TABLE pr_cases (source_database VARCHAR(64) NOT NULL, source_table VARCHAR(64) NOT NULL,"
  " number INT UNSIGNED NOT NULL, primary_id VARCHAR(191) NOT NULL, n_members INT UNSIGNED NOT NULL,"
  " first_scan_id BIGINT NOT NULL, first_seen_at DATETIME(6) NOT NULL, last_scan_id BIGINT NOT NULL,"
  " last_seen_at DATETIME(6) NOT NULL, ended_scan_id BIGINT NULL, ended_at DATETIME(6) NULL,"
  " merged_into INT UNSIGNED NULL, PRIMARY KEY (source_database, source_table, number))" COLLATE,
  "CREATE TABLE pr_case_members (source_database VARCHAR(64) NOT NULL, source_table VARCHAR(64) NOT NULL,"
  " number INT UNSIGNED NOT NULL, record_id VARCHAR(191) NOT NULL, joined_scan_id BIGINT NOT NULL,"
  " left_scan_id BIGINT NULL, PRIMARY KEY (source_database, source_table, number, record_id),"
  " KEY pr_case_members_record (source_database, source_table, record_id))" COLLATE,
  "CREATE TABLE pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)" COLLATE,
  "INSERT INTO pr_meta VALUES ('schema_version', '5')",
  "INSERT INTO pr_decisions (source_database, source_table, record_id, primary_id, verdict, reviewer, note, "
  "case_number) VALUES ('history_v5', 't', 'b', 'a', 'repeat', 'root', '同一事项', 3)",
  "INSERT INTO pr_decisions (source_database, source_table, record_id, primary_id, verdict, reviewer, "
  "case_number) VALUES ('history_v5', 't', 'd', 'c', 'not_repeat', 'root', 4)",
};

static gint64
add (PrStore    *store,
     const char *record_id,
     const char *primary_id,
     PrVerdict   verdict,
     const char *reviewer,
     const char *login,
     const char *note,
     guint32     case_number,
     gint64      undoes)
{
  g_autoptr(GError) error = NULL;
  PrDecision decision = { 0 };
  gint64 id;

  decision.table = (char *) "t";
  decision.record_id = g_strdup (record_id);
  decision.primary_id = g_strdup (primary_id);
  decision.verdict = verdict;
  decision.reviewer = (char *) reviewer;
  decision.login = (char *) login;
  decision.note = (char *) note;
  decision.case_number = case_number;
  decision.undoes = undoes;
  id = pr_store_add_decision (store, &decision, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_free (decision.record_id);
  g_free (decision.primary_id);
  return id;
}

/* A store of version 5 is brought to the current version, its pr_decisions
 * column for column and index for index as a new store's; its decisions
 * keep what they had, with no login. */
static void
test_migrate_from_5 (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "history_v5");
  g_autoptr(PrConnection) fresh_db = pr_test_fresh_database (server, "history_fresh");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) fresh = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autofree char *version = NULL;
  g_autofree char *migrated = NULL, *made = NULL, *migrated_indexes = NULL, *made_indexes = NULL;
  PrDecision *old;

  for (guint i = 0; i < G_N_ELEMENTS (v5_tables); i++)
    pr_test_execute (db, v5_tables[i]);
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  version = pr_test_query_value (db, "SELECT value FROM pr_meta WHERE name = 'schema_version'");
  g_assert_cmpstr (version, ==, G_STRINGIFY (PR_STORE_SCHEMA_VERSION));
  g_assert_cmpint (PR_STORE_SCHEMA_VERSION, ==, 15);

  fresh = pr_store_open (fresh_db, NULL, &error);
  g_assert_no_error (error);
  migrated = pr_test_table_layout (db, "columns", "history_v5", "pr_decisions");
  made = pr_test_table_layout (db, "columns", "history_fresh", "pr_decisions");
  migrated_indexes = pr_test_table_layout (db, "indexes", "history_v5", "pr_decisions");
  made_indexes = pr_test_table_layout (db, "indexes", "history_fresh", "pr_decisions");
  g_assert_cmpstr (migrated, ==, made);
  g_assert_cmpstr (migrated_indexes, ==, made_indexes);
  g_assert_nonnull (strstr (made, "login varchar(191) YES"));
  g_assert_nonnull (strstr (made_indexes, "pr_decisions_case:case_number"));

  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 2);
  old = decisions->pdata[0];
  g_assert_cmpstr (old->reviewer, ==, "root");
  g_assert_null (old->login);
  g_assert_cmpstr (old->note, ==, "同一事项");
  g_assert_cmpuint (old->case_number, ==, 3);

  /* Opened again: nothing more to do. */
  g_clear_pointer (&store, pr_store_free);
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
}

/* The name the reviewer set and the account are kept apart, with the
 * note, and read back as they were written; the export carries both. */
static void
test_reviewer_login_note (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "history_names");
  g_autoptr(PrStore) store = pr_store_open (db, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, PR_CSV_WRITER_FLAGS_NONE);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  PrDecision *decision;
  gint64 id;

  g_assert_nonnull (store);
  id = add (store, "b", "a", PR_VERDICT_NOT_REPEAT, "王敏", "clerk7", "诉求不同，转交属地处理", 5, 0);
  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 1);
  decision = decisions->pdata[0];
  g_assert_cmpint (decision->id, ==, id);
  g_assert_cmpstr (decision->reviewer, ==, "王敏");
  g_assert_cmpstr (decision->login, ==, "clerk7");
  g_assert_cmpstr (decision->note, ==, "诉求不同，转交属地处理");

  g_assert_true (pr_store_export_decisions (store, "t", writer, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (out, NULL, &error));
  text = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                    g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "id,table,record_id,primary_id,verdict,reviewer,decided_at,note,undoes,case,login");
  g_assert_nonnull (strstr (lines[1], ",b,a,not_repeat,王敏,"));
  g_assert_true (g_str_has_suffix (lines[1], ",诉求不同，转交属地处理,,5,clerk7"));

  /* A login that is not UTF-8 is refused, not stored cut. */
  {
    PrDecision bad = { 0 };

    bad.table = (char *) "t";
    bad.record_id = (char *) "c";
    bad.verdict = PR_VERDICT_REPEAT;
    bad.reviewer = (char *) "王敏";
    bad.login = (char *) "\xff";
    g_assert_cmpint (pr_store_add_decision (store, &bad, &error), ==, 0);
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  }
}

/* A case's history is its decisions, undos included, in order, and no
 * other case's: checked against the log filtered by hand. */
static void
test_case_history (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "history_cases");
  g_autoptr(PrStore) store = pr_store_open (db, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) seven = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new ();
  gint64 taken_out;

  g_assert_nonnull (store);
  add (store, "b", "a", PR_VERDICT_REPEAT, "王敏", "u1", NULL, 7, 0);
  add (store, "y", "x", PR_VERDICT_REPEAT, "李娜", "u2", NULL, 8, 0);
  taken_out = add (store, "c", "a", PR_VERDICT_NOT_REPEAT, "王敏", "u1", "另案", 7, 0);
  add (store, "z", "x", PR_VERDICT_NOT_REPEAT, "李娜", "u2", NULL, 8, 0);
  add (store, "c", "a", PR_VERDICT_UNDO, "李娜", "u2", "放回本案", 7, taken_out);
  add (store, "q", "p", PR_VERDICT_REPEAT, "李娜", "u2", NULL, 0, 0);

  all = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    if (((PrDecision *) all->pdata[i])->case_number == 7)
      g_ptr_array_add (expected, all->pdata[i]);
  g_assert_cmpuint (expected->len, ==, 3);

  seven = pr_store_list_case_decisions (store, "t", 7, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seven->len, ==, expected->len);
  for (guint i = 0; i < seven->len; i++)
    {
      PrDecision *got = seven->pdata[i];
      PrDecision *want = expected->pdata[i];

      g_assert_cmpint (got->id, ==, want->id);
      g_assert_cmpint (got->verdict, ==, want->verdict);
      g_assert_cmpstr (got->reviewer, ==, want->reviewer);
      g_assert_cmpstr (got->note, ==, want->note);
      g_assert_cmpint (got->undoes, ==, want->undoes);
    }
  g_assert_cmpint (((PrDecision *) seven->pdata[2])->undoes, ==, taken_out);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-history/migrate-from-5", test_migrate_from_5);
  g_test_add_func ("/db/store-history/reviewer-login-note", test_reviewer_login_note);
  g_test_add_func ("/db/store-history/case-history", test_case_history);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
