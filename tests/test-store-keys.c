/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The store is keyed by where the records live, the source's database and
 * table as the catalogue spells them: two databases whose tables share a
 * name share one --store schema without touching each other's
 * fingerprints, checks, verdicts or scan locks; a store of version 3
 * (keyed by the bare table name) is upgraded in place, its rows claimed by
 * the first database that uses their table; and on a server with
 * lower_case_table_names=1, two spellings of one table are one key.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;
static char *dir;

#define MAPPING "--id", "id", "--text", "body"

static char *
query (const char *sql)
{
  return pr_test_admin_query (admin, sql);
}

static void
scan (const char *database,
      const char *table,
      const char *store,
      const char *out)
{
  g_autofree char *uri = pr_test_server_uri (database, NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", table, MAPPING,
                                       "--store", store, "--out", out, NULL), ==, 0);
}

static void
add_not_repeat (const char *database,
                const char *store_schema,
                const char *table,
                const char *record,
                const char *primary)
{
  g_autoptr(PrConnection) connection = pr_test_connect (admin, database);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = pr_store_open (connection, store_schema, &error);
  PrDecision decision = { 0 };

  g_assert_no_error (error);
  decision.table = (char *) table;
  decision.record_id = (char *) record;
  decision.primary_id = (char *) primary;
  decision.verdict = PR_VERDICT_NOT_REPEAT;
  decision.reviewer = (char *) "test";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
}

/* Two stores on two connections each begin a scan of their @table: both
 * run (@both) or the second is refused. */
static void
assert_scan_locks (const char *database_1,
                   const char *table_1,
                   const char *database_2,
                   const char *table_2,
                   const char *store_schema,
                   gboolean    both)
{
  g_autoptr(PrConnection) one = pr_test_connect (admin, database_1);
  g_autoptr(PrConnection) two = pr_test_connect (admin, database_2);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) first = pr_store_open (one, store_schema, &error);
  g_autoptr(PrStore) second = pr_store_open (two, store_schema, &error);
  gint64 a, b;

  g_assert_no_error (error);
  a = pr_store_begin_scan (first, table_1, "m", 1, 3, &error);
  g_assert_no_error (error);
  b = pr_store_begin_scan (second, table_2, "m", 1, 3, &error);
  if (both)
    {
      g_assert_no_error (error);
      g_assert_cmpint (b, >, 0);
      pr_store_end_scan (second, b, PR_SCAN_CANCELLED, NULL, NULL);
    }
  else
    {
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
      g_assert_nonnull (strstr (error->message, "another scan"));
    }
  pr_store_end_scan (first, a, PR_SCAN_CANCELLED, NULL, NULL);
}

/* Databases a and b each have a table petitions, ids 1 to 20 with their
 * own texts; 21 repeats 3 in both, and a's 22 repeats a's 5. */
static void
test_two_databases (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *out_a = g_build_filename (dir, "a.csv", NULL);
  g_autofree char *out_b = g_build_filename (dir, "b.csv", NULL);
  g_autofree char *uri_a = pr_test_server_uri ("a", NULL);
  g_autofree char *counts = NULL, *out = NULL, *err = NULL;
  g_autofree char *cluster_21 = NULL, *cluster_3 = NULL;

  pr_test_execute (root, "CREATE DATABASE a");
  pr_test_execute (root, "CREATE DATABASE b");
  pr_test_execute (root, "CREATE DATABASE shared");
  pr_test_execute (root, "CREATE TABLE a.petitions (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
  pr_test_execute (root, "CREATE TABLE b.petitions (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
  pr_test_add_petitions (root, "a.petitions", 1, 20, 100);
  pr_test_add_petitions (root, "b.petitions", 1, 20, 200);
  pr_test_execute (root, "INSERT INTO a.petitions SELECT 21, body FROM a.petitions WHERE id = 3");
  pr_test_execute (root, "INSERT INTO b.petitions SELECT 21, body FROM b.petitions WHERE id = 3");
  pr_test_execute (root, "INSERT INTO a.petitions SELECT 22, body FROM a.petitions WHERE id = 5");

  scan ("a", "petitions", "shared", out_a);
  scan ("b", "petitions", "shared", out_b);
  scan ("a", "petitions", "shared", out_a);
  /* The rescan of a found a's fingerprints as a left them. */
  counts = query ("SELECT CONCAT(new_records, ':', changed_records, ':', retired_records) "
                  "FROM shared.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "0:0:0");

  /* A check in a answers from a's records, whichever database was
   * scanned last. */
  scan ("b", "petitions", "shared", out_b);
  g_assert_cmpint (pr_test_run_cli_va (&out, &err, "check", "--db", uri_a, "--table", "petitions",
                                       "--id-column", "id", "--text", "body", "--store", "shared",
                                       "--id", "22", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "id,distance\r\n5,0\r\n");

  /* A verdict in a says nothing about b. */
  add_not_repeat ("a", "shared", "petitions", "21", "3");
  scan ("b", "petitions", "shared", out_b);
  cluster_21 = pr_test_cluster_of (out_b, "21");
  cluster_3 = pr_test_cluster_of (out_b, "3");
  g_assert_cmpstr (cluster_21, !=, "");
  g_assert_cmpstr (cluster_21, ==, cluster_3);
  /* In a it holds. */
  scan ("a", "petitions", "shared", out_a);
  g_free (cluster_21);
  g_free (cluster_3);
  cluster_21 = pr_test_cluster_of (out_a, "21");
  cluster_3 = pr_test_cluster_of (out_a, "3");
  g_assert_false (cluster_21[0] != '\0' && g_str_equal (cluster_21, cluster_3));

  /* One scan at a time per table, not per name. */
  assert_scan_locks ("a", "petitions", "b", "petitions", "shared", TRUE);
  assert_scan_locks ("a", "petitions", "a", "petitions", "shared", FALSE);
}

/* Version 3's tables, as its DDL made them. */
static const char *const v3_tables[] = {
  "CREATE TABLE v3.pr_scans (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, source_table VARCHAR(64) NOT NULL,"
  " mapping TEXT NOT NULL, mapping_version BIGINT UNSIGNED NOT NULL, k TINYINT UNSIGNED NOT NULL,"
  " started_at DATETIME(6) NOT NULL, finished_at DATETIME(6) NULL,"
  " status ENUM('running','complete','failed','cancelled') NOT NULL, records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " new_records BIGINT UNSIGNED NOT NULL DEFAULT 0, changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0, pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " clusters BIGINT UNSIGNED NOT NULL DEFAULT 0, message TEXT NULL, KEY pr_scans_table_status (source_table, status))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE v3.pr_fingerprints (row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,"
  " source_table VARCHAR(64) NOT NULL, record_id VARCHAR(191) NOT NULL, fingerprint BIGINT UNSIGNED NOT NULL,"
  " b0 SMALLINT UNSIGNED NOT NULL, b1 SMALLINT UNSIGNED NOT NULL, b2 SMALLINT UNSIGNED NOT NULL,"
  " b3 SMALLINT UNSIGNED NOT NULL, content_hash BIGINT UNSIGNED NOT NULL, sparse TINYINT UNSIGNED NOT NULL DEFAULT 0,"
  " parts MEDIUMBLOB NULL, mapping_version BIGINT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL,"
  " scanned_at DATETIME(6) NOT NULL, retired_at DATETIME(6) NULL, PRIMARY KEY (row_id),"
  " UNIQUE KEY pr_fingerprints_record (source_table, record_id), KEY pr_fingerprints_b0 (b0, fingerprint),"
  " KEY pr_fingerprints_b1 (b1, fingerprint), KEY pr_fingerprints_b2 (b2, fingerprint),"
  " KEY pr_fingerprints_b3 (b3, fingerprint)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE v3.pr_decisions (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, primary_id VARCHAR(191) NULL,"
  " verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL, reviewer VARCHAR(191) NOT NULL,"
  " decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), note TEXT NULL, undoes BIGINT NULL,"
  " old_values TEXT NULL, KEY pr_decisions_record (source_table, record_id),"
  " KEY pr_decisions_primary (source_table, primary_id), KEY pr_decisions_undoes (undoes))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE v3.pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "INSERT INTO v3.pr_meta VALUES ('schema_version', '3')",
  "INSERT INTO v3.pr_scans (source_table, mapping, mapping_version, k, started_at, status) "
  "VALUES ('petitions', 'm', 7, 3, UTC_TIMESTAMP(6), 'complete')",
  "INSERT INTO v3.pr_fingerprints (source_table, record_id, fingerprint, b0, b1, b2, b3, content_hash, "
  "mapping_version, scan_id, scanned_at) VALUES "
  "('petitions', '1', 65537, 1, 1, 0, 0, 11, 7, 1, UTC_TIMESTAMP(6)), "
  "('petitions', '2', 65539, 3, 1, 0, 0, 12, 7, 1, UTC_TIMESTAMP(6))",
  "INSERT INTO v3.pr_decisions (source_table, record_id, primary_id, verdict, reviewer) "
  "VALUES ('petitions', '2', '1', 'repeat', 'li')",
};

typedef struct {
  guint fingerprints;
  guint decisions;
  gboolean scanned;
} Seen;

/* What a connection to @database sees of the table petitions in the
 * store v3. */
static Seen
seen_from (const char *database)
{
  g_autoptr(PrConnection) connection = pr_test_connect (admin, database);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrStore) store = pr_store_open (connection, "v3", &error);
  g_autoptr(GHashTable) fingerprints = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  Seen seen;

  g_assert_no_error (error);
  fingerprints = pr_store_load_fingerprints (store, "petitions", 7, &error);
  g_assert_no_error (error);
  decisions = pr_store_list_decisions (store, "petitions", &error);
  g_assert_no_error (error);
  seen.fingerprints = g_hash_table_size (fingerprints);
  seen.decisions = decisions->len;
  seen.scanned = pr_store_check_scanned (store, "petitions", 7, NULL);
  return seen;
}

/* A store of version 3 is upgraded in place; its rows, which name no
 * database, are the first database's that uses their table and has it. */
static void
test_migrate_v3 (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *version = NULL, *claimed = NULL;
  Seen seen;

  pr_test_execute (root, "CREATE DATABASE v3");
  pr_test_execute (root, "CREATE DATABASE ma");
  pr_test_execute (root, "CREATE DATABASE mb");
  pr_test_execute (root, "CREATE DATABASE mc");
  pr_test_execute (root, "CREATE TABLE ma.petitions (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (root, "CREATE TABLE mb.petitions (id INT PRIMARY KEY, body TEXT)");
  for (guint i = 0; i < G_N_ELEMENTS (v3_tables); i++)
    pr_test_execute (root, v3_tables[i]);

  /* mc has no table petitions: it claims nothing. */
  seen = seen_from ("mc");
  g_assert_cmpuint (seen.fingerprints, ==, 0);
  g_assert_cmpuint (seen.decisions, ==, 0);
  g_assert_false (seen.scanned);
  version = query ("SELECT value FROM v3.pr_meta WHERE name = 'schema_version'");
  g_assert_cmpstr (version, ==, G_STRINGIFY (PR_STORE_SCHEMA_VERSION));

  seen = seen_from ("ma");
  g_assert_cmpuint (seen.fingerprints, ==, 2);
  g_assert_cmpuint (seen.decisions, ==, 1);
  g_assert_true (seen.scanned);
  /* Claimed once: mb, with a table petitions too, comes second. */
  seen = seen_from ("mb");
  g_assert_cmpuint (seen.fingerprints, ==, 0);
  g_assert_cmpuint (seen.decisions, ==, 0);
  g_assert_false (seen.scanned);
  seen = seen_from ("ma");
  g_assert_cmpuint (seen.fingerprints, ==, 2);

  claimed = query ("SELECT CONCAT((SELECT GROUP_CONCAT(DISTINCT source_database) FROM v3.pr_fingerprints), ':', "
                   "(SELECT GROUP_CONCAT(DISTINCT source_database) FROM v3.pr_decisions), ':', "
                   "(SELECT GROUP_CONCAT(DISTINCT source_database) FROM v3.pr_scans))");
  g_assert_cmpstr (claimed, ==, "ma:ma:ma");
}

/* lower_case_table_names=1: Petitions and petitions are one table, so one
 * store key, one lock, and one set of verdicts. */
static void
test_case_insensitive_names (void)
{
  const char *const options[] = { "--lower-case-table-names=1", NULL };
  g_autoptr(PrConnection) root = NULL;
  g_autofree char *out = g_build_filename (dir, "lc.csv", NULL);
  g_autofree char *counts = NULL, *cluster_21 = NULL, *cluster_3 = NULL, *lctn = NULL;

  pr_test_server_restart (options);
  root = pr_test_connect (admin, NULL);
  lctn = pr_test_query_value (root, "SELECT @@lower_case_table_names");
  g_assert_cmpstr (lctn, ==, "1");
  pr_test_execute (root, "CREATE DATABASE lc");
  pr_test_execute (root, "CREATE DATABASE lcstore");
  pr_test_execute (root, "CREATE TABLE lc.Petitions (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
  pr_test_add_petitions (root, "lc.petitions", 1, 20, 300);
  pr_test_execute (root, "INSERT INTO lc.PETITIONS SELECT 21, body FROM lc.petitions WHERE id = 3");

  scan ("lc", "Petitions", "lcstore", out);
  scan ("lc", "petitions", "lcstore", out);
  counts = pr_test_query_value (root, "SELECT CONCAT(new_records, ':', changed_records) "
                                      "FROM lcstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "0:0");

  add_not_repeat ("lc", "lcstore", "PETITIONS", "21", "3");
  scan ("lc", "petitions", "lcstore", out);
  cluster_21 = pr_test_cluster_of (out, "21");
  cluster_3 = pr_test_cluster_of (out, "3");
  g_assert_false (cluster_21[0] != '\0' && g_str_equal (cluster_21, cluster_3));

  assert_scan_locks ("lc", "Petitions", "lc", "petitions", "lcstore", FALSE);
}

/* A table of the office's own that has a name of the application's
 * tables (pr_repeats, pr_meta) in the schema given for them: the store is
 * refused before it makes any table, naming the table and the way out,
 * and the office's table is left as it was. A store a run cut off while
 * making its tables (some there, no version row) is taken. */
static void
test_foreign_table (void)
{
  const char *const foreign[] = { "pr_repeats", "pr_meta" };
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (foreign); i++)
    {
      g_autofree char *schema = g_strdup_printf ("office_%u", i);
      g_autofree char *create = g_strdup_printf ("CREATE TABLE %s.%s (id INT PRIMARY KEY, body TEXT)", schema,
                                                 foreign[i]);
      g_autofree char *fill = g_strdup_printf ("INSERT INTO %s.%s VALUES (1, '来信一'), (2, '来信二')", schema,
                                               foreign[i]);
      g_autofree char *count = g_strdup_printf ("SELECT COUNT(*) FROM information_schema.TABLES "
                                                "WHERE TABLE_SCHEMA = '%s'", schema);
      g_autofree char *rows = g_strdup_printf ("SELECT GROUP_CONCAT(id, body ORDER BY id) FROM %s.%s", schema,
                                               foreign[i]);
      g_autofree char *create_db = g_strdup_printf ("CREATE DATABASE %s", schema);
      g_autoptr(PrStore) store = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *n_tables = NULL;
      g_autofree char *left = NULL;

      pr_test_execute (root, create_db);
      pr_test_execute (root, create);
      pr_test_execute (root, fill);
      store = pr_store_open (root, schema, &error);
      g_test_message ("%s", error != NULL ? error->message : "(opened)");
      g_assert_null (store);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, foreign[i]));
      g_assert_nonnull (strstr (error->message, "--store"));
      n_tables = query (count);
      g_assert_cmpstr (n_tables, ==, "1");
      left = query (rows);
      g_assert_cmpstr (left, ==, "1来信一,2来信二");
    }

  /* Tables of the office's that share a name and two columns with the
   * application's pr_meta: one with a column more, one of the same
   * columns holding the office's rows. */
  {
    const char *const creates[] = {
      "CREATE TABLE %s.pr_meta (name VARCHAR(64), value TEXT, note TEXT)",
      "CREATE TABLE %s.pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    };

    for (guint i = 0; i < G_N_ELEMENTS (creates); i++)
      {
        g_autofree char *schema = g_strdup_printf ("office_meta_%u", i);
        g_autofree char *create_db = g_strdup_printf ("CREATE DATABASE %s", schema);
        g_autofree char *create = g_strdup_printf (creates[i], schema);
        g_autofree char *fill = g_strdup_printf ("INSERT INTO %s.pr_meta (name, value) VALUES "
                                                 "('科室', '信访办'), ('电话', '12345')", schema);
        g_autofree char *rows = g_strdup_printf ("SELECT GROUP_CONCAT(name, '=', value ORDER BY name) "
                                                 "FROM %s.pr_meta", schema);
        g_autofree char *count = g_strdup_printf ("SELECT COUNT(*) FROM information_schema.TABLES "
                                                  "WHERE TABLE_SCHEMA = '%s'", schema);
        g_autofree char *before = NULL;
        g_autofree char *after = NULL;
        g_autofree char *n_tables = NULL;
        g_autoptr(PrStore) store = NULL;
        g_autoptr(GError) error = NULL;

        pr_test_execute (root, create_db);
        pr_test_execute (root, create);
        pr_test_execute (root, fill);
        before = query (rows);
        store = pr_store_open (root, schema, &error);
        g_test_message ("%s", error != NULL ? error->message : "(opened)");
        g_assert_null (store);
        g_assert_nonnull (error);
        g_assert_nonnull (strstr (error->message, "pr_meta"));
        g_assert_nonnull (strstr (error->message, "--store"));
        after = query (rows);
        g_assert_cmpstr (after, ==, before);
        n_tables = query (count);
        g_assert_cmpstr (n_tables, ==, "1");
      }
  }

  /* Cut off while making the tables under version 3: its pr_fingerprints
   * (no source_database yet) and an empty pr_meta, no version row. The
   * migrations bring the old table on. */
  pr_test_execute (root, "CREATE DATABASE cut_off_v3");
  pr_test_execute (root, "CREATE TABLE cut_off_v3.pr_fingerprints (row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, "
                         "source_table VARCHAR(64) NOT NULL, record_id VARCHAR(191) NOT NULL, "
                         "fingerprint BIGINT UNSIGNED NOT NULL, b0 SMALLINT UNSIGNED NOT NULL, "
                         "b1 SMALLINT UNSIGNED NOT NULL, b2 SMALLINT UNSIGNED NOT NULL, "
                         "b3 SMALLINT UNSIGNED NOT NULL, content_hash BIGINT UNSIGNED NOT NULL, "
                         "sparse TINYINT UNSIGNED NOT NULL DEFAULT 0, parts MEDIUMBLOB NULL, "
                         "mapping_version BIGINT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL, "
                         "scanned_at DATETIME(6) NOT NULL, retired_at DATETIME(6) NULL, PRIMARY KEY (row_id), "
                         "UNIQUE KEY pr_fingerprints_record (source_table, record_id), "
                         "KEY pr_fingerprints_b0 (b0, fingerprint), KEY pr_fingerprints_b1 (b1, fingerprint), "
                         "KEY pr_fingerprints_b2 (b2, fingerprint), KEY pr_fingerprints_b3 (b3, fingerprint))");
  pr_test_execute (root, "CREATE TABLE cut_off_v3.pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PrStore) store = pr_store_open (root, "cut_off_v3", &error);
    g_autofree char *has_database = NULL;
    g_autofree char *version = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (store);
    has_database = query ("SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'cut_off_v3' "
                          "AND TABLE_NAME = 'pr_fingerprints' AND COLUMN_NAME = 'source_database'");
    g_assert_cmpstr (has_database, ==, "1");
    version = query ("SELECT value FROM cut_off_v3.pr_meta WHERE name = 'schema_version'");
    g_assert_cmpstr (version, ==, G_STRINGIFY (PR_STORE_SCHEMA_VERSION));
  }

  /* Cut off while making the tables: two of the application's, no version. */
  pr_test_execute (root, "CREATE DATABASE cut_off");
  pr_test_execute (root, "CREATE TABLE cut_off.pr_repeats (scan_id BIGINT NOT NULL, record_id VARCHAR(191) NOT NULL, "
                         "existing_id VARCHAR(191) NOT NULL, distance TINYINT UNSIGNED NOT NULL, "
                         "kind VARCHAR(16) NOT NULL DEFAULT '', PRIMARY KEY (scan_id, record_id, existing_id))");
  pr_test_execute (root, "CREATE TABLE cut_off.pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PrStore) store = pr_store_open (root, "cut_off", &error);
    g_autofree char *n_tables = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (store);
    n_tables = query ("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'cut_off'");
    g_assert_cmpstr (n_tables, ==, "13");
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  admin = pr_test_server_start ();

  /* The last restarts the server with case-insensitive names. */
  g_test_add_func ("/db/store-keys/two-databases", test_two_databases);
  g_test_add_func ("/db/store-keys/foreign-table", test_foreign_table);
  g_test_add_func ("/db/store-keys/migrate-v3", test_migrate_v3);
  g_test_add_func ("/db/store-keys/case-insensitive-names", test_case_insensitive_names);

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
