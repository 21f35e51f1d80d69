/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The application's own tables against a real, throwaway MariaDB server:
 * creation and versions, incremental scans (inserts, updates, deletes,
 * a commit failing half-way, the server killed during a commit, a scan
 * left running), the single-record check against a brute-force oracle,
 * the append-only decision log under two concurrent connections, its CSV
 * export, awkward identifiers, and a user without the needed privileges.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-csv-reader.h"
#include "pr-store.h"
#include "pr-test-util.h"

/* ---- A throwaway server ------------------------------------------------
 * Minimal and self-contained, to be replaced by the shared harness
 * (tests/pr-test-server.[ch]) once it is merged. */

static struct {
  char        *dir;
  char        *datadir;
  char        *socket;
  GSubprocess *process;
} server;

static void
server_run_tool (const char *const *argv)
{
  g_autoptr(GSubprocess) tool = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;

  tool = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (tool, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_successful (tool))
    g_error ("%s failed:\n%s", argv[0], out);
}

static PrConnection *
server_connect (const char  *user,
                const char  *password,
                const char  *database,
                GError     **error)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_new ();

  params->socket = g_strdup (server.socket);
  params->user = g_strdup (user);
  params->password = g_strdup (password);
  params->database = g_strdup (database);
  return pr_connection_open (params, error);
}

/* In the child before exec: the server dies with this test, however the
 * test ends (an abort, a run killed by hand), instead of living on. */
static void
die_with_test (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (getppid () != GPOINTER_TO_INT (user_data))
    _exit (1);
}

/* Starts mariadbd on the data directory (installing it the first time)
 * and waits until it takes connections. */
static void
server_start (void)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *pid = g_build_filename (server.dir, "pid", NULL);
  g_autofree char *log = g_build_filename (server.dir, "err", NULL);
  g_autofree char *datadir_arg = g_strdup_printf ("--datadir=%s", server.datadir);
  g_autofree char *socket_arg = g_strdup_printf ("--socket=%s", server.socket);
  g_autofree char *pid_arg = g_strdup_printf ("--pid-file=%s", pid);
  g_autofree char *log_arg = g_strdup_printf ("--log-error=%s", log);
  g_autoptr(GError) error = NULL;

  if (!g_file_test (server.datadir, G_FILE_TEST_IS_DIR))
    server_run_tool ((const char *[]) { "mariadb-install-db", "--no-defaults", datadir_arg,
                                        "--auth-root-authentication-method=normal",
                                        "--skip-test-db", "--user=root", NULL });

  g_subprocess_launcher_set_child_setup (launcher, die_with_test, GINT_TO_POINTER (getpid ()), NULL);
  server.process = g_subprocess_launcher_spawnv (launcher,
                                                 (const char *const[]) { "mariadbd", "--no-defaults", datadir_arg,
                                                                         socket_arg, "--skip-networking", pid_arg,
                                                                         log_arg, "--user=root", NULL },
                                                 &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 600; i++)
    {
      g_autoptr(PrConnection) connection = NULL;

      if (g_subprocess_get_identifier (server.process) == NULL)
        {
          g_autofree char *contents = NULL;

          g_file_get_contents (log, &contents, NULL, NULL);
          g_error ("mariadbd exited at start:\n%s", contents);
        }
      connection = server_connect ("root", NULL, NULL, NULL);
      if (connection != NULL)
        return;
      g_usleep (100 * 1000);
    }
  g_error ("mariadbd did not take connections within 60 s");
}

/* SIGKILL, as a crash or a power cut would. */
static void
server_kill (void)
{
  g_subprocess_send_signal (server.process, SIGKILL);
  g_subprocess_wait (server.process, NULL, NULL);
  g_clear_object (&server.process);
}

static void
server_stop (void)
{
  g_autoptr(PrConnection) connection = server_connect ("root", NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;

  if (connection != NULL)
    pr_connection_execute (connection, "SHUTDOWN", NULL);
  g_subprocess_wait (server.process, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&server.process);
}

static void
server_setup (void)
{
  g_autoptr(GError) error = NULL;

  server.dir = g_dir_make_tmp ("test-store-XXXXXX", &error);
  g_assert_no_error (error);
  server.datadir = g_build_filename (server.dir, "data", NULL);
  server.socket = g_build_filename (server.dir, "s", NULL);
  server_start ();
}

static void
remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  if (children != NULL)
    {
      GFileInfo *info;

      while ((info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
        {
          g_autoptr(GFile) child = g_file_get_child (file, g_file_info_get_name (info));

          remove_tree (child);
          g_object_unref (info);
        }
    }
  g_file_delete (file, NULL, NULL);
}

static void
server_teardown (void)
{
  g_autoptr(GFile) dir = g_file_new_for_path (server.dir);

  server_stop ();
  remove_tree (dir);
  g_clear_pointer (&server.dir, g_free);
  g_clear_pointer (&server.datadir, g_free);
  g_clear_pointer (&server.socket, g_free);
}

/* ---- end of the throwaway server ---- */

static PrConnection *
connect_root (const char *database)
{
  g_autoptr(GError) error = NULL;
  PrConnection *connection = server_connect ("root", NULL, database, &error);

  g_assert_no_error (error);
  return connection;
}

static void
exec (PrConnection *connection,
      const char   *sql)
{
  g_autoptr(GError) error = NULL;

  pr_connection_execute (connection, sql, &error);
  g_assert_no_error (error);
}

/* The first value of the first row, as a string ("" for none). */
static char *
query_value (PrConnection *connection,
             const char   *sql)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = _pr_connection_select (connection, sql, NULL, 0, &error);

  g_assert_no_error (error);
  if (rows->len == 0 || ((PrDbRow *) rows->pdata[0])->values[0] == NULL)
    return g_strdup ("");
  return g_strdup (((PrDbRow *) rows->pdata[0])->values[0]);
}

static guint64
query_number (PrConnection *connection,
              const char   *sql)
{
  g_autofree char *value = query_value (connection, sql);

  return g_ascii_strtoull (value, NULL, 10);
}

static void
create_database (PrConnection *root,
                 const char   *name)
{
  g_autofree char *quoted = pr_connection_quote_identifier (name);
  g_autofree char *sql = g_strdup_printf ("CREATE DATABASE %s", quoted);

  exec (root, sql);
}

static guint64
random_u64 (void)
{
  return ((guint64) g_test_rand_int () << 32) | (guint32) g_test_rand_int ();
}

static guint64
flip_bits (guint64 value,
           guint   n_bits)
{
  guint64 mask = 0;

  while ((guint) __builtin_popcountll (mask) < n_bits)
    mask |= G_GUINT64_CONSTANT (1) << g_test_rand_int_range (0, 64);
  return value ^ mask;
}

/* A scan's records, as the caller of pr_store_commit_scan() has them. */
typedef struct {
  GPtrArray *ids;
  GArray    *fingerprints;
  GArray    *hashes;
  GArray    *sparse;
  GArray    *changed;
} Records;

static Records *
records_new (void)
{
  Records *records = g_new0 (Records, 1);

  records->ids = g_ptr_array_new_with_free_func (g_free);
  records->fingerprints = g_array_new (FALSE, FALSE, sizeof (guint64));
  records->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  records->sparse = g_array_new (FALSE, FALSE, sizeof (guint8));
  records->changed = g_array_new (FALSE, FALSE, sizeof (guint8));
  return records;
}

static void
records_free (Records *records)
{
  g_ptr_array_unref (records->ids);
  g_array_unref (records->fingerprints);
  g_array_unref (records->hashes);
  g_array_unref (records->sparse);
  g_array_unref (records->changed);
  g_free (records);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Records, records_free)

static void
records_add (Records    *records,
             const char *id,
             guint64     fingerprint,
             guint64     hash,
             gboolean    sparse,
             gboolean    changed)
{
  guint8 s = sparse, c = changed;

  g_ptr_array_add (records->ids, g_strdup (id));
  g_array_append_val (records->fingerprints, fingerprint);
  g_array_append_val (records->hashes, hash);
  g_array_append_val (records->sparse, s);
  g_array_append_val (records->changed, c);
}

static gboolean
records_commit (PrStore     *store,
                gint64       scan_id,
                const char  *table,
                guint64      mapping_version,
                Records     *records,
                GError     **error)
{
  PrScanCounts counts = { .records = records->ids->len };

  return pr_store_commit_scan (store, scan_id, table, mapping_version, records->ids->len,
                               (char *const *) records->ids->pdata,
                               (const guint64 *) (gpointer) records->fingerprints->data,
                               (const guint64 *) (gpointer) records->hashes->data,
                               (const guint8 *) records->sparse->data,
                               (const guint8 *) records->changed->data, NULL,
                               &counts, NULL, NULL, FALSE, error);
}

/* Checks that @loaded holds exactly the records of @expected (id → the
 * index in @records, or the records themselves when NULL). */
static void
assert_loaded (GHashTable *loaded,
               Records    *records,
               GHashTable *skip)
{
  guint expected = 0;

  for (guint i = 0; i < records->ids->len; i++)
    {
      const char *id = records->ids->pdata[i];
      PrStoredFingerprint *stored;

      if (skip != NULL && g_hash_table_contains (skip, id))
        continue;
      expected++;
      stored = g_hash_table_lookup (loaded, id);
      g_assert_nonnull (stored);
      g_assert_cmpuint (stored->fingerprint, ==, g_array_index (records->fingerprints, guint64, i));
      g_assert_cmpuint (stored->content_hash, ==, g_array_index (records->hashes, guint64, i));
      g_assert_cmpint (stored->sparse, ==, g_array_index (records->sparse, guint8, i) != 0);
    }
  g_assert_cmpuint (g_hash_table_size (loaded), ==, expected);
}

static void
test_open (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *created = NULL;

  create_database (root, "t_open");
  connection = connect_root ("t_open");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pr_store_get_schema (store), ==, "t_open");
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_open' "
                                  "AND TABLE_NAME IN ('pr_meta', 'pr_scans', 'pr_fingerprints', 'pr_decisions', 'pr_repeats', "
                                  "'pr_cases', 'pr_case_members', 'pr_passages', 'pr_passage_counts') "
                                  "AND ENGINE = 'InnoDB' AND TABLE_COLLATION LIKE 'utf8mb4%'"), ==, 9);
  g_assert_cmpuint (query_number (root, "SELECT value FROM t_open.pr_meta WHERE name = 'schema_version'"),
                    ==, PR_STORE_SCHEMA_VERSION);

  /* A second open changes nothing: no DDL, no second version row. */
  created = query_value (root, "SELECT GROUP_CONCAT(CREATE_TIME ORDER BY TABLE_NAME) "
                         "FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_open'");
  again = pr_store_open (connection, "t_open", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_open.pr_meta"), ==, 1);
  {
    g_autofree char *after = query_value (root, "SELECT GROUP_CONCAT(CREATE_TIME ORDER BY TABLE_NAME) "
                                          "FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_open'");
    g_assert_cmpstr (after, ==, created);
  }

  /* Without a current database and without a schema: a clear refusal. */
  {
    g_autoptr(PrStore) none = pr_store_open (root, NULL, &error);

    g_assert_null (none);
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE);
    g_clear_error (&error);
  }
  /* A schema that does not exist. */
  {
    g_autoptr(PrStore) missing = pr_store_open (root, "no_such_schema", &error);

    g_assert_null (missing);
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE);
    g_assert_nonnull (strstr (error->message, "no_such_schema"));
    pr_test_assert_server_words_last (error->message);
  }
}

static void
test_separate_schema (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) loaded = NULL;
  g_autoptr(Records) records = records_new ();
  gint64 scan;

  create_database (root, "src_sep");
  create_database (root, "prstore");
  exec (root, "CREATE TABLE src_sep.petitions (id INT PRIMARY KEY, body TEXT)");
  connection = connect_root ("src_sep");
  store = pr_store_open (connection, "prstore", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pr_store_get_schema (store), ==, "prstore");
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'prstore'"), ==, 13);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'src_sep'"), ==, 1);

  records_add (records, "1", 0x1234, 1, FALSE, TRUE);
  scan = pr_store_begin_scan (store, "petitions", "id:id body:text", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "petitions", 1, records, &error);
  g_assert_no_error (error);
  loaded = pr_store_load_fingerprints (store, "petitions", 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, records, NULL);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM prstore.pr_fingerprints"), ==, 1);
}

static void
test_newer_version (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) refused = NULL;
  g_autoptr(GError) error = NULL;

  create_database (root, "t_newer");
  store = pr_store_open (root, "t_newer", &error);
  g_assert_no_error (error);
  {
    g_autofree char *sql = g_strdup_printf ("UPDATE t_newer.pr_meta SET value = '%d' "
                                            "WHERE name = 'schema_version'", PR_STORE_SCHEMA_VERSION + 1);
    exec (root, sql);
  }

  refused = pr_store_open (root, "t_newer", &error);
  g_assert_null (refused);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_STORE_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "made by a newer Petition Review"));
  g_assert_nonnull (strstr (error->message, "t_newer"));
}

/* Tables as version 1 made them (the first release's DDL, kept here as
 * the record of what a store to upgrade looks like). */
static const char *const v1_tables[] = {
  "CREATE TABLE t_v1.pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE t_v1.pr_scans (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, source_table VARCHAR(64) NOT NULL,"
  " mapping TEXT NOT NULL, mapping_version BIGINT UNSIGNED NOT NULL, k TINYINT UNSIGNED NOT NULL,"
  " started_at DATETIME(6) NOT NULL, finished_at DATETIME(6) NULL,"
  " status ENUM('running','complete','failed','cancelled') NOT NULL, records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " new_records BIGINT UNSIGNED NOT NULL DEFAULT 0, changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0, pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " clusters BIGINT UNSIGNED NOT NULL DEFAULT 0, message TEXT NULL, KEY pr_scans_table_status (source_table, status))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE t_v1.pr_fingerprints (source_table VARCHAR(64) NOT NULL, record_id VARCHAR(191) NOT NULL,"
  " fingerprint BIGINT UNSIGNED NOT NULL, b0 SMALLINT UNSIGNED NOT NULL, b1 SMALLINT UNSIGNED NOT NULL,"
  " b2 SMALLINT UNSIGNED NOT NULL, b3 SMALLINT UNSIGNED NOT NULL, content_hash BIGINT UNSIGNED NOT NULL,"
  " sparse TINYINT UNSIGNED NOT NULL DEFAULT 0, mapping_version BIGINT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL,"
  " scanned_at DATETIME(6) NOT NULL, retired_at DATETIME(6) NULL, PRIMARY KEY (source_table, record_id),"
  " KEY pr_fingerprints_b0 (source_table, b0), KEY pr_fingerprints_b1 (source_table, b1),"
  " KEY pr_fingerprints_b2 (source_table, b2), KEY pr_fingerprints_b3 (source_table, b3))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE t_v1.pr_decisions (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, primary_id VARCHAR(191) NULL,"
  " verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL, reviewer VARCHAR(191) NOT NULL,"
  " decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), note TEXT NULL, undoes BIGINT NULL,"
  " old_values TEXT NULL, KEY pr_decisions_record (source_table, record_id),"
  " KEY pr_decisions_primary (source_table, primary_id), KEY pr_decisions_undoes (undoes))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "INSERT INTO t_v1.pr_meta VALUES ('schema_version', '1')",
};

static void
insert_v1_fingerprint (PrConnection *root,
                       const char   *table,
                       const char   *id,
                       guint64       fingerprint,
                       gboolean      retired)
{
  g_autofree char *sql = g_strdup_printf (
      "INSERT INTO t_v1.pr_fingerprints VALUES ('%s', '%s', %" G_GUINT64_FORMAT ", %u, %u, %u, %u, 7, 0, 1, 1, "
      "UTC_TIMESTAMP(6), %s)", table, id, fingerprint,
      (guint) (fingerprint & 0xffff), (guint) ((fingerprint >> 16) & 0xffff),
      (guint) ((fingerprint >> 32) & 0xffff), (guint) (fingerprint >> 48),
      retired ? "UTC_TIMESTAMP(6)" : "NULL");

  exec (root, sql);
}

static void
test_migrate (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autoptr(GHashTable) loaded = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autofree char *indexes = NULL;
  const guint64 fp = G_GUINT64_CONSTANT (0x0123456789abcdef);

  create_database (root, "t_v1");
  for (guint i = 0; i < G_N_ELEMENTS (v1_tables); i++)
    exec (root, v1_tables[i]);
  exec (root, "INSERT INTO t_v1.pr_scans (source_table, mapping, mapping_version, k, started_at, status) "
        "VALUES ('petitions', 'm', 1, 3, UTC_TIMESTAMP(6), 'complete')");
  insert_v1_fingerprint (root, "petitions", "1", fp, FALSE);
  insert_v1_fingerprint (root, "petitions", "2", fp ^ 0x8001000000000000, FALSE);  /* 2 bits */
  insert_v1_fingerprint (root, "petitions", "3", fp ^ 0x1111, FALSE);              /* 4 bits */
  insert_v1_fingerprint (root, "petitions", "4", fp, TRUE);                        /* retired */
  insert_v1_fingerprint (root, "other", "1", fp, FALSE);                           /* another table */
  exec (root, "INSERT INTO t_v1.pr_decisions (source_table, record_id, primary_id, verdict, reviewer) "
        "VALUES ('petitions', '2', '1', 'repeat', 'li')");

  store = pr_store_open (root, "t_v1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (query_number (root, "SELECT value FROM t_v1.pr_meta WHERE name = 'schema_version'"),
                    ==, PR_STORE_SCHEMA_VERSION);
  /* The layout of a store made new, index for index. */
  indexes = query_value (root, "SELECT GROUP_CONCAT(INDEX_NAME, ':', COLUMN_NAME ORDER BY INDEX_NAME, SEQ_IN_INDEX) "
                         "FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 't_v1' "
                         "AND TABLE_NAME = 'pr_fingerprints'");
  g_assert_cmpstr (indexes, ==, "PRIMARY:row_id,pr_fingerprints_b0:b0,pr_fingerprints_b0:fingerprint,"
                       "pr_fingerprints_b1:b1,pr_fingerprints_b1:fingerprint,"
                       "pr_fingerprints_b2:b2,pr_fingerprints_b2:fingerprint,"
                       "pr_fingerprints_b3:b3,pr_fingerprints_b3:fingerprint,"
                       "pr_fingerprints_record:source_database,pr_fingerprints_record:source_table,"
                       "pr_fingerprints_record:record_id");

  /* Column for column as a store made new (version 3 added parts). */
  {
    g_autoptr(PrConnection) fresh_db = NULL;
    g_autoptr(PrStore) fresh = NULL;
    const char *columns = "SELECT GROUP_CONCAT(COLUMN_NAME, ' ', COLUMN_TYPE ORDER BY ORDINAL_POSITION) "
                          "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '%s' AND TABLE_NAME = 'pr_fingerprints'";
    g_autofree char *sql_v1 = g_strdup_printf (columns, "t_v1");
    g_autofree char *sql_fresh = g_strdup_printf (columns, "t_fresh");
    g_autofree char *migrated = NULL, *made = NULL;

    create_database (root, "t_fresh");
    fresh_db = connect_root ("t_fresh");
    fresh = pr_store_open (fresh_db, NULL, &error);
    g_assert_no_error (error);
    migrated = query_value (root, sql_v1);
    made = query_value (root, sql_fresh);
    g_assert_nonnull (strstr (made, "parts mediumblob"));
    g_assert_cmpstr (migrated, ==, made);
  }

  /* Everything stored before is there and found. */
  matches = pr_store_check (store, "petitions", 1, fp, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (matches->len, ==, 2);
  g_assert_cmpstr (g_array_index (matches, PrStoreMatch, 0).record_id, ==, "1");
  g_assert_cmpuint (g_array_index (matches, PrStoreMatch, 0).distance, ==, 0);
  g_assert_cmpstr (g_array_index (matches, PrStoreMatch, 1).record_id, ==, "2");
  g_assert_cmpuint (g_array_index (matches, PrStoreMatch, 1).distance, ==, 2);
  loaded = pr_store_load_fingerprints (store, "petitions", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (loaded), ==, 3);
  /* Stored before parts existed: a scan with parts makes them again. */
  g_assert_false (((PrStoredFingerprint *) g_hash_table_lookup (loaded, "1"))->has_parts);
  decisions = pr_store_list_decisions (store, "petitions", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 1);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_v1.pr_scans"), ==, 1);

  /* A record stored again keeps one row: the upsert still finds it. */
  {
    g_autoptr(Records) records = records_new ();
    gint64 scan;

    records_add (records, "3", fp ^ 1, 8, FALSE, TRUE);
    records_add (records, "1", 0, 0, FALSE, FALSE);
    records_add (records, "2", 0, 0, FALSE, FALSE);
    scan = pr_store_begin_scan (store, "petitions", "m", 1, 3, &error);
    g_assert_no_error (error);
    records_commit (store, scan, "petitions", 1, records, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_v1.pr_fingerprints "
                                    "WHERE source_table = 'petitions'"), ==, 4);
    g_clear_pointer (&matches, g_array_unref);
    matches = pr_store_check (store, "petitions", 1, fp, 3, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (matches->len, ==, 3);
  }

  /* Opening again: nothing left to do. */
  again = pr_store_open (root, "t_v1", &error);
  g_assert_no_error (error);
}

static void
test_incremental (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) first = records_new ();
  g_autoptr(Records) second = records_new ();
  g_autoptr(GHashTable) loaded = NULL;
  g_autoptr(GHashTable) removed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) decisions = NULL;
  PrDecision decision = { 0 };
  gint64 scan;
  guint n_changed = 0;

  create_database (root, "t_scan");
  connection = connect_root ("t_scan");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%04u", i);

      records_add (first, id, random_u64 (), random_u64 (), i % 37 == 0, TRUE);
    }
  scan = pr_store_begin_scan (store, "petitions", "mapping v1", 7, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpint (scan, >, 0);
  records_commit (store, scan, "petitions", 7, first, &error);
  g_assert_no_error (error);

  loaded = pr_store_load_fingerprints (store, "petitions", 7, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, first, NULL);
  g_clear_pointer (&loaded, g_hash_table_unref);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT CONCAT(status, ' ', records, ' ', retired_records, ' ', "
                                            "finished_at IS NOT NULL) FROM t_scan.pr_scans WHERE id = %" G_GINT64_FORMAT, scan);
    g_autofree char *row = query_value (root, sql);

    g_assert_cmpstr (row, ==, "complete 1000 0 1");
  }
  /* Another mapping version: the records are there (not new), each
   * marked as made with version 7, so that none is reused. */
  loaded = pr_store_load_fingerprints (store, "petitions", 8, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (loaded), ==, 1000);
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, loaded);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_assert_cmpuint (((PrStoredFingerprint *) value)->mapping_version, ==, 7);
  }
  g_clear_pointer (&loaded, g_hash_table_unref);

  /* A decision about a record that is then deleted from the source. */
  decision.table = (char *) "petitions";
  decision.record_id = (char *) "r0005";
  decision.primary_id = (char *) "r0006";
  decision.verdict = PR_VERDICT_REPEAT;
  decision.reviewer = (char *) "王芳";
  pr_store_add_decision (store, &decision, &error);
  g_assert_no_error (error);

  /* Second scan: every tenth record deleted, every seventh changed, 100
   * new ones; the unchanged get garbage values, which must not be read. */
  for (guint i = 0; i < 1000; i++)
    {
      const char *id = first->ids->pdata[i];

      if (i % 10 == 5)
        {
          g_hash_table_add (removed, (gpointer) id);
          continue;
        }
      if (i % 7 == 0)
        {
          records_add (second, id, random_u64 (), random_u64 (), FALSE, TRUE);
          n_changed++;
        }
      else
        records_add (second, id, 0xdeadbeef, 0xdeadbeef, TRUE, FALSE);
    }
  for (guint i = 1000; i < 1100; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%04u", i);

      records_add (second, id, random_u64 (), random_u64 (), FALSE, TRUE);
    }
  scan = pr_store_begin_scan (store, "petitions", "mapping v1", 7, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "petitions", 7, second, &error);
  g_assert_no_error (error);

  loaded = pr_store_load_fingerprints (store, "petitions", 7, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (loaded), ==, 1000 - 100 + 100);
  for (guint i = 0; i < second->ids->len; i++)
    {
      const char *id = second->ids->pdata[i];
      PrStoredFingerprint *stored = g_hash_table_lookup (loaded, id);
      gboolean changed = g_array_index (second->changed, guint8, i);
      Records *source = changed ? second : first;
      guint j = i;

      g_assert_nonnull (stored);
      if (!changed)
        g_assert_true (g_ptr_array_find_with_equal_func (first->ids, id, g_str_equal, &j));
      g_assert_cmpuint (stored->fingerprint, ==, g_array_index (source->fingerprints, guint64, j));
      g_assert_cmpuint (stored->content_hash, ==, g_array_index (source->hashes, guint64, j));
      g_assert_cmpint (stored->sparse, ==, g_array_index (source->sparse, guint8, j) != 0);
    }
  g_clear_pointer (&loaded, g_hash_table_unref);

  /* The deleted are retired, not deleted; the decision stays. */
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_scan.pr_fingerprints WHERE retired_at IS NOT NULL"), ==, 100);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_scan.pr_fingerprints"), ==, 1100);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT retired_records FROM t_scan.pr_scans WHERE id = %" G_GINT64_FORMAT, scan);

    g_assert_cmpuint (query_number (root, sql), ==, 100);
  }
  decisions = pr_store_list_decisions (store, "petitions", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 1);
  g_assert_cmpstr (((PrDecision *) decisions->pdata[0])->record_id, ==, "r0005");

  /* Third scan: r0005 returns unchanged (its old fingerprint is live
   * again), r0015 returns changed; a record claimed unchanged that was
   * never stored is refused, and that scan leaves everything as it was. */
  {
    g_autoptr(Records) third = records_new ();
    g_autoptr(Records) wrong = records_new ();
    PrStoredFingerprint *stored;
    guint64 fresh = random_u64 ();

    for (guint i = 0; i < second->ids->len; i++)
      records_add (third, second->ids->pdata[i], 0, 0, FALSE, FALSE);
    records_add (third, "r0005", 0, 0, FALSE, FALSE);
    records_add (third, "r0015", fresh, 15, FALSE, TRUE);

    records_add (wrong, "never-seen", 0, 0, FALSE, FALSE);
    scan = pr_store_begin_scan (store, "petitions", "mapping v1", 7, 3, &error);
    g_assert_no_error (error);
    g_assert_false (records_commit (store, scan, "petitions", 7, wrong, &error));
    g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
    g_assert_nonnull (strstr (error->message, "never-seen"));
    g_clear_error (&error);
    records_commit (store, scan, "petitions", 7, third, &error);
    g_assert_no_error (error);

    loaded = pr_store_load_fingerprints (store, "petitions", 7, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_hash_table_size (loaded), ==, 1002);
    stored = g_hash_table_lookup (loaded, "r0005");
    g_assert_nonnull (stored);
    g_assert_cmpuint (stored->fingerprint, ==, g_array_index (first->fingerprints, guint64, 5));
    stored = g_hash_table_lookup (loaded, "r0015");
    g_assert_nonnull (stored);
    g_assert_cmpuint (stored->fingerprint, ==, fresh);
    g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_scan.pr_fingerprints WHERE retired_at IS NOT NULL"), ==, 98);
  }

  /* Ids that differ only in case or trailing space are distinct records. */
  {
    g_autoptr(Records) cases = records_new ();
    g_autoptr(GHashTable) cased = NULL;

    records_add (cases, "a1", 1, 1, FALSE, TRUE);
    records_add (cases, "A1", 2, 2, FALSE, TRUE);
    records_add (cases, "a1 ", 3, 3, FALSE, TRUE);
    scan = pr_store_begin_scan (store, "cases", "m", 1, 3, &error);
    g_assert_no_error (error);
    records_commit (store, scan, "cases", 1, cases, &error);
    g_assert_no_error (error);
    cased = pr_store_load_fingerprints (store, "cases", 1, &error);
    g_assert_no_error (error);
    assert_loaded (cased, cases, NULL);
  }
}

static void
test_commit_failure (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) first = records_new ();
  g_autoptr(Records) second = records_new ();
  g_autoptr(GHashTable) loaded = NULL;
  g_autofree char *long_id = NULL;
  g_autofree char *sql = NULL;
  gint64 scan;

  create_database (root, "t_fail");
  connection = connect_root ("t_fail");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 1200; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i);

      records_add (first, id, random_u64 (), random_u64 (), FALSE, TRUE);
      records_add (second, id, random_u64 (), random_u64 (), FALSE, TRUE);
    }
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "t", 1, first, &error);
  g_assert_no_error (error);

  /* The server refuses a row of the third batch: the two batches written
   * before it are rolled back with it. */
  exec (root, "CREATE TRIGGER t_fail.poison BEFORE INSERT ON t_fail.pr_fingerprints FOR EACH ROW "
        "BEGIN IF NEW.record_id = 'poison' THEN "
        "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poisoned row'; END IF; END");
  records_add (second, "poison", 1, 1, FALSE, TRUE);
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  g_assert_false (records_commit (store, scan, "t", 1, second, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "poisoned row"));
  g_clear_error (&error);

  loaded = pr_store_load_fingerprints (store, "t", 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, first, NULL);
  g_clear_pointer (&loaded, g_hash_table_unref);
  sql = g_strdup_printf ("SELECT status FROM t_fail.pr_scans WHERE id = %" G_GINT64_FORMAT, scan);
  {
    g_autofree char *status = query_value (root, sql);

    g_assert_cmpstr (status, ==, "running");
  }
  pr_store_end_scan (store, scan, PR_SCAN_FAILED, "poisoned row", &error);
  g_assert_no_error (error);
  {
    g_autofree char *status = query_value (root, sql);

    g_assert_cmpstr (status, ==, "failed");
  }
  exec (root, "DROP TRIGGER t_fail.poison");

  /* A record id longer than the column: refused before anything is
   * written, never truncated. */
  long_id = g_strnfill (192, 'x');
  g_ptr_array_remove_index (second->ids, second->ids->len - 1);
  g_ptr_array_add (second->ids, g_strdup (long_id));
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  g_assert_false (records_commit (store, scan, "t", 1, second, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "191"));
  g_clear_error (&error);
  pr_store_end_scan (store, scan, PR_SCAN_CANCELLED, NULL, &error);
  g_assert_no_error (error);
  loaded = pr_store_load_fingerprints (store, "t", 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, first, NULL);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_fail.pr_scans WHERE status = 'complete'"), ==, 1);
}

static void
test_interrupted (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) other = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = NULL;
  PrConnection *dying;
  PrStore *dying_store;
  gint64 first, second, blocked;

  create_database (root, "t_int");
  dying = connect_root ("t_int");
  dying_store = pr_store_open (dying, NULL, &error);
  g_assert_no_error (error);
  first = pr_store_begin_scan (dying_store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);

  /* While that connection lives, its scan is really running. */
  other = connect_root ("t_int");
  store = pr_store_open (other, NULL, &error);
  g_assert_no_error (error);
  blocked = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_cmpint (blocked, ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "another scan"));
  g_clear_error (&error);

  /* The process dies: its session ends without ending the scan. */
  {
    g_autofree char *id = query_value (dying, "SELECT CONNECTION_ID()");
    g_autofree char *kill = g_strdup_printf ("KILL %s", id);

    exec (root, kill);
  }
  pr_store_free (dying_store);
  pr_connection_close (dying);

  second = 0;
  for (guint i = 0; i < 50 && second == 0; i++)
    {
      /* The server drops the session's locks as it notices the close. */
      second = pr_store_begin_scan (store, "t", "m", 1, 3, error == NULL ? &error : NULL);
      if (second == 0)
        g_usleep (100 * 1000);
    }
  g_clear_error (&error);
  g_assert_cmpint (second, >, first);
  sql = g_strdup_printf ("SELECT CONCAT(status, ':', message) FROM t_int.pr_scans WHERE id = %" G_GINT64_FORMAT, first);
  {
    g_autofree char *row = query_value (root, sql);

    g_assert_cmpstr (row, ==, "failed:interrupted");
  }
  pr_store_end_scan (store, second, PR_SCAN_CANCELLED, "test", &error);
  g_assert_no_error (error);
}

/* ---- check() against a brute-force oracle ---- */

static GArray *
brute_force (Records    *records,
             GHashTable *retired,
             guint64     query,
             guint       k)
{
  GArray *matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));

  g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
  for (guint i = 0; i < records->ids->len; i++)
    {
      guint distance = __builtin_popcountll (query ^ g_array_index (records->fingerprints, guint64, i));
      PrStoreMatch match;

      if (distance > k || g_array_index (records->sparse, guint8, i) ||
          g_hash_table_contains (retired, records->ids->pdata[i]))
        continue;
      match.record_id = g_strdup (records->ids->pdata[i]);
      match.distance = distance;
      g_array_append_val (matches, match);
    }
  return matches;
}

static int
compare_oracle (gconstpointer a,
                gconstpointer b)
{
  const PrStoreMatch *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return strcmp (x->record_id, y->record_id);
}

static void
test_check (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) all = records_new ();
  g_autoptr(Records) live = records_new ();
  g_autoptr(GHashTable) retired = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) queries = g_array_new (FALSE, FALSE, sizeof (guint64));
  static const guint ks[] = { 0, 1, 2, 3, 5 };
  guint n_matches[G_N_ELEMENTS (ks)] = { 0 };
  gint64 scan;

  create_database (root, "t_check");
  connection = connect_root ("t_check");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);

  /* 200 queries, each with near ones planted at distances 0 to 6, some
   * of them sparse or later retired; then random ones up to 20,000. */
  for (guint q = 0; q < 200; q++)
    {
      guint64 query = random_u64 ();

      g_array_append_val (queries, query);
      for (guint n = 0; n < 6; n++)
        {
          g_autofree char *id = g_strdup_printf ("q%u-%u", q, n);
          guint distance = g_test_rand_int_range (0, 7);

          records_add (all, id, flip_bits (query, distance), q, n == 5 && q % 2 == 0, TRUE);
        }
    }
  while (all->ids->len < 20000)
    {
      g_autofree char *id = g_strdup_printf ("x%u", all->ids->len);

      records_add (all, id, random_u64 (), 0, g_test_rand_int_range (0, 100) == 0, TRUE);
    }

  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "t", 1, all, &error);
  g_assert_no_error (error);

  /* The second scan drops every 13th record: retired, not to be found. */
  for (guint i = 0; i < all->ids->len; i++)
    if (i % 13 == 0)
      g_hash_table_add (retired, all->ids->pdata[i]);
    else
      records_add (live, all->ids->pdata[i], 0, 0, FALSE, FALSE);
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "t", 1, live, &error);
  g_assert_no_error (error);

  for (guint q = 0; q < queries->len; q++)
    for (guint ki = 0; ki < G_N_ELEMENTS (ks); ki++)
      {
        guint64 query = g_array_index (queries, guint64, q);
        g_autoptr(GArray) got = pr_store_check (store, "t", 1, query, ks[ki], &error);
        g_autoptr(GArray) expected = brute_force (all, retired, query, ks[ki]);

        g_assert_no_error (error);
        g_array_sort (expected, compare_oracle);
        g_assert_cmpuint (got->len, ==, expected->len);
        for (guint i = 0; i < got->len; i++)
          {
            PrStoreMatch *a = &g_array_index (got, PrStoreMatch, i);
            PrStoreMatch *b = &g_array_index (expected, PrStoreMatch, i);

            g_assert_cmpstr (a->record_id, ==, b->record_id);
            g_assert_cmpuint (a->distance, ==, b->distance);
          }
        n_matches[ki] += got->len;
      }
  /* The plants make the comparison mean something. */
  for (guint ki = 0; ki < G_N_ELEMENTS (ks); ki++)
    {
      g_test_message ("k = %u: %u matches over 200 queries", ks[ki], n_matches[ki]);
      g_assert_cmpuint (n_matches[ki], >, 100);
    }
  /* By id: the same as by its fingerprint, less the record itself. */
  for (guint i = 0; i < 200 * 6; i += 7)
    {
      const char *id = all->ids->pdata[i];
      guint64 fingerprint = g_array_index (all->fingerprints, guint64, i);
      g_autoptr(GArray) by_id = pr_store_check_record (store, "t", id, 3, &error);
      g_autoptr(GArray) expected = NULL;

      if (g_hash_table_contains (retired, id))
        {
          g_assert_null (by_id);
          g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
          g_clear_error (&error);
          continue;
        }
      g_assert_no_error (error);
      if (g_array_index (all->sparse, guint8, i))
        {
          g_assert_cmpuint (by_id->len, ==, 0);
          continue;
        }
      expected = brute_force (all, retired, fingerprint, 3);
      g_array_sort (expected, compare_oracle);
      g_assert_cmpuint (by_id->len + 1, ==, expected->len);
      for (guint m = 0, e = 0; m < by_id->len; m++, e++)
        {
          if (strcmp (g_array_index (expected, PrStoreMatch, e).record_id, id) == 0)
            e++;
          g_assert_cmpstr (g_array_index (by_id, PrStoreMatch, m).record_id, ==,
                           g_array_index (expected, PrStoreMatch, e).record_id);
          g_assert_cmpuint (g_array_index (by_id, PrStoreMatch, m).distance, ==,
                            g_array_index (expected, PrStoreMatch, e).distance);
        }
    }
  /* Another table sees none of them. */
  {
    g_autoptr(GArray) none = pr_store_check (store, "other", 1, g_array_index (all->fingerprints, guint64, 1), 3, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (none->len, ==, 0);
  }
  /* Nor does a check under another mapping version: its fingerprints are
   * not comparable with these. */
  {
    g_autoptr(GArray) none = pr_store_check (store, "t", 2, g_array_index (all->fingerprints, guint64, 1), 3, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* ---- decisions ---- */

static gint64
decide (PrStore     *store,
        const char  *table,
        const char  *record_id,
        const char  *primary_id,
        PrVerdict    verdict,
        const char  *note,
        gint64       undoes,
        GError     **error)
{
  PrDecision decision = {
    .table = g_strdup (table),
    .record_id = g_strdup (record_id),
    .primary_id = g_strdup (primary_id),
    .verdict = verdict,
    .reviewer = g_strdup ("李明"),
    .note = g_strdup (note),
    .undoes = undoes,
  };
  gint64 id = pr_store_add_decision (store, &decision, error);

  if (id != 0)
    {
      g_assert_cmpint (decision.id, ==, id);
      /* The server's clock and this machine's are the same here. */
      g_assert_cmpint (ABS (decision.decided_at - g_get_real_time () / G_USEC_PER_SEC), <=, 5);
    }
  g_free (decision.table);
  g_free (decision.record_id);
  g_free (decision.primary_id);
  g_free (decision.reviewer);
  g_free (decision.note);
  return id;
}

static void
assert_export_matches (PrStore    *store,
                       const char *table)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, PR_CSV_WRITER_FLAGS_NONE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GRegex) time_format = g_regex_new ("^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}$", 0, 0, NULL);
  static const char *const header[] = {
    "id", "table", "record_id", "primary_id", "verdict", "reviewer", "decided_at", "note", "undoes", "case",
    "login",
  };

  pr_store_export_decisions (store, table, writer, &error);
  g_assert_no_error (error);
  pr_csv_writer_close (writer, &error);
  g_assert_no_error (error);
  decisions = pr_store_list_decisions (store, table, &error);
  g_assert_no_error (error);

  in = g_memory_input_stream_new_from_data (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                                            g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)),
                                            NULL);
  reader = pr_csv_reader_new (in, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, G_N_ELEMENTS (header));
  for (guint f = 0; f < G_N_ELEMENTS (header); f++)
    g_assert_cmpstr (pr_csv_reader_get_field (reader, f, NULL), ==, header[f]);

  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *d = decisions->pdata[i];
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, d->id);
      g_autofree char *undoes = d->undoes != 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, d->undoes) : g_strdup ("");
      g_autofree char *case_number = d->case_number != 0 ? g_strdup_printf ("%u", d->case_number) : g_strdup ("");
      g_autofree char *iso = NULL;
      g_autoptr(GDateTime) when = NULL;
      const char *decided_at;

      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pr_csv_reader_get_n_fields (reader), ==, G_N_ELEMENTS (header));
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, NULL), ==, id);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 1, NULL), ==, d->table);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 2, NULL), ==, d->record_id);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 3, NULL), ==, d->primary_id != NULL ? d->primary_id : "");
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 4, NULL), ==, pr_verdict_to_string (d->verdict));
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 5, NULL), ==, d->reviewer);
      decided_at = pr_csv_reader_get_field (reader, 6, NULL);
      g_assert_true (g_regex_match (time_format, decided_at, 0, NULL));
      iso = g_strdup_printf ("%.10sT%sZ", decided_at, decided_at + 11);
      when = g_date_time_new_from_iso8601 (iso, NULL);
      g_assert_nonnull (when);
      g_assert_cmpint (g_date_time_to_unix (when), ==, d->decided_at);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 7, NULL), ==, d->note != NULL ? d->note : "");
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 8, NULL), ==, undoes);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 9, NULL), ==, case_number);
      g_assert_cmpstr (pr_csv_reader_get_field (reader, 10, NULL), ==, d->login != NULL ? d->login : "");
    }
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
}

static void
test_decisions (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  gint64 a, b, c, undo, refused;
  PrDecision *d;

  create_database (root, "t_dec");
  connection = connect_root ("t_dec");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);

  a = decide (store, "t", "17", "12", PR_VERDICT_REPEAT, "同一人同一事项，\"重复\"，换行\n之后", 0, &error);
  g_assert_no_error (error);
  b = decide (store, "t", "18", "12", PR_VERDICT_NOT_REPEAT, NULL, 0, &error);
  g_assert_no_error (error);
  c = decide (store, "t", "12", NULL, PR_VERDICT_MERGED, "=cmd|' /C calc'!A0", 0, &error);
  g_assert_no_error (error);
  decide (store, "other", "1", "2", PR_VERDICT_PRIMARY, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (a, <, b);
  g_assert_cmpint (b, <, c);

  /* Undo b: a new row naming it; the undo takes b's record and primary. */
  undo = decide (store, "t", NULL, NULL, PR_VERDICT_UNDO, "mistake", b, &error);
  g_assert_no_error (error);
  g_assert_cmpint (undo, >, c);

  refused = decide (store, "t", NULL, NULL, PR_VERDICT_UNDO, NULL, b, &error);
  g_assert_cmpint (refused, ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "already undone"));
  g_clear_error (&error);

  refused = decide (store, "t", NULL, NULL, PR_VERDICT_UNDO, NULL, 999999, &error);
  g_assert_cmpint (refused, ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "no decision 999999"));
  g_clear_error (&error);

  refused = decide (store, "t", NULL, NULL, PR_VERDICT_UNDO, NULL, undo, &error);
  g_assert_cmpint (refused, ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  refused = decide (store, "t", "1", "2", PR_VERDICT_UNDO, NULL, 0, &error);
  g_assert_cmpint (refused, ==, 0);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);

  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 4);
  d = decisions->pdata[0];
  g_assert_cmpint (d->id, ==, a);
  g_assert_cmpstr (d->table, ==, "t");
  g_assert_cmpstr (d->record_id, ==, "17");
  g_assert_cmpstr (d->primary_id, ==, "12");
  g_assert_cmpint (d->verdict, ==, PR_VERDICT_REPEAT);
  g_assert_cmpstr (d->reviewer, ==, "李明");
  g_assert_cmpstr (d->note, ==, "同一人同一事项，\"重复\"，换行\n之后");
  g_assert_cmpint (d->undoes, ==, 0);
  d = decisions->pdata[1];
  g_assert_null (d->note);
  d = decisions->pdata[2];
  g_assert_null (d->primary_id);
  g_assert_cmpint (d->verdict, ==, PR_VERDICT_MERGED);
  d = decisions->pdata[3];
  g_assert_cmpint (d->id, ==, undo);
  g_assert_cmpint (d->verdict, ==, PR_VERDICT_UNDO);
  g_assert_cmpint (d->undoes, ==, b);
  g_assert_cmpstr (d->record_id, ==, "18");
  g_assert_cmpstr (d->primary_id, ==, "12");
  g_clear_pointer (&decisions, g_ptr_array_unref);

  decisions = pr_store_list_decisions (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 5);
  for (guint i = 1; i < decisions->len; i++)
    g_assert_cmpint (((PrDecision *) decisions->pdata[i - 1])->id, <, ((PrDecision *) decisions->pdata[i])->id);

  assert_export_matches (store, "t");
  assert_export_matches (store, NULL);

  g_assert_cmpstr (pr_verdict_to_string (PR_VERDICT_REPEAT), ==, "repeat");
  g_assert_cmpstr (pr_verdict_to_string (PR_VERDICT_NOT_REPEAT), ==, "not_repeat");
  g_assert_cmpstr (pr_verdict_to_string (PR_VERDICT_MERGED), ==, "merged");
  g_assert_cmpstr (pr_verdict_to_string (PR_VERDICT_PRIMARY), ==, "primary");
  g_assert_cmpstr (pr_verdict_to_string (PR_VERDICT_UNDO), ==, "undo");
}

typedef struct {
  const char *prefix;
  GArray     *ids;
  GError     *error;
} Reviewer;

static gpointer
review_thread (gpointer data)
{
  Reviewer *reviewer = data;
  g_autoptr(PrConnection) connection = server_connect ("root", NULL, "t_conc", &reviewer->error);
  g_autoptr(PrStore) store = NULL;

  if (connection == NULL)
    return NULL;
  store = pr_store_open (connection, NULL, &reviewer->error);
  if (store == NULL)
    return NULL;
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *record = g_strdup_printf ("%s-%u", reviewer->prefix, i);
      gint64 id = decide (store, "t", record, "cluster-1",
                          i % 2 ? PR_VERDICT_REPEAT : PR_VERDICT_NOT_REPEAT, reviewer->prefix, 0,
                          &reviewer->error);

      if (id == 0)
        return NULL;
      g_array_append_val (reviewer->ids, id);
    }
  return NULL;
}

static void
test_concurrent_decisions (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  Reviewer reviewers[2] = {
    { "a", g_array_new (FALSE, FALSE, sizeof (gint64)), NULL },
    { "b", g_array_new (FALSE, FALSE, sizeof (gint64)), NULL },
  };
  GThread *threads[2];

  create_database (root, "t_conc");
  connection = connect_root ("t_conc");
  /* Created once before, so that the threads race on decisions only. */
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);

  for (guint t = 0; t < 2; t++)
    threads[t] = g_thread_new ("reviewer", review_thread, &reviewers[t]);
  for (guint t = 0; t < 2; t++)
    g_thread_join (threads[t]);

  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 400);
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *d = decisions->pdata[i];

      g_hash_table_insert (by_id, &d->id, d);
    }
  for (guint t = 0; t < 2; t++)
    {
      g_assert_no_error (reviewers[t].error);
      g_assert_cmpuint (reviewers[t].ids->len, ==, 200);
      for (guint i = 0; i < 200; i++)
        {
          gint64 id = g_array_index (reviewers[t].ids, gint64, i);
          PrDecision *d = g_hash_table_lookup (by_id, &id);
          g_autofree char *record = g_strdup_printf ("%s-%u", reviewers[t].prefix, i);

          if (i > 0)
            g_assert_cmpint (g_array_index (reviewers[t].ids, gint64, i - 1), <, id);
          g_assert_nonnull (d);
          g_assert_cmpstr (d->record_id, ==, record);
          g_assert_cmpstr (d->note, ==, reviewers[t].prefix);
        }
      g_array_unref (reviewers[t].ids);
    }
}

static void
test_identifiers (void)
{
  static const char schema[] = "p`r\"s'中文 store";
  static const char table[] = "信访`表\"'x";
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) records = records_new ();
  g_autoptr(GHashTable) loaded = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  gint64 scan;

  create_database (root, schema);
  store = pr_store_open (root, schema, &error);
  g_assert_no_error (error);
  records_add (records, "编号-1", 0xf0f0, 1, FALSE, TRUE);
  records_add (records, "编号`2'", 0xf0f1, 2, FALSE, TRUE);
  scan = pr_store_begin_scan (store, table, "映射", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, table, 1, records, &error);
  g_assert_no_error (error);
  loaded = pr_store_load_fingerprints (store, table, 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, records, NULL);
  matches = pr_store_check (store, table, 1, 0xf0f0, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (matches->len, ==, 2);
  g_assert_cmpstr (g_array_index (matches, PrStoreMatch, 0).record_id, ==, "编号-1");
  g_assert_cmpuint (g_array_index (matches, PrStoreMatch, 1).distance, ==, 1);
  decide (store, table, "编号-1", "编号`2'", PR_VERDICT_REPEAT, NULL, 0, &error);
  g_assert_no_error (error);
  decisions = pr_store_list_decisions (store, table, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 1);
  g_assert_cmpstr (((PrDecision *) decisions->pdata[0])->table, ==, table);
  assert_export_matches (store, table);
}

static void
test_privileges (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) reader = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) made = NULL;
  g_autoptr(GError) error = NULL;

  create_database (root, "src_ro");
  create_database (root, "store_ro");
  create_database (root, "store_ready");
  exec (root, "CREATE TABLE src_ro.petitions (id INT PRIMARY KEY)");
  exec (root, "CREATE USER 'reader'@'localhost' IDENTIFIED BY 'secret'");
  exec (root, "GRANT SELECT ON src_ro.* TO 'reader'@'localhost'");
  reader = server_connect ("reader", "secret", "src_ro", &error);
  g_assert_no_error (error);

  store = pr_store_open (reader, "store_ro", &error);
  g_assert_null (store);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“store_ro”"));
  pr_test_assert_server_words_last (error->message);
  g_clear_error (&error);

  /* In the source database it may read but not create. */
  store = pr_store_open (reader, NULL, &error);
  g_assert_null (store);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "CREATE privilege"));
  g_assert_nonnull (strstr (error->message, "“src_ro”"));
  pr_test_assert_server_words_last (error->message);
  g_clear_error (&error);

  /* Tables made by an administrator: SELECT, INSERT and UPDATE suffice. */
  made = pr_store_open (root, "store_ready", &error);
  g_assert_no_error (error);
  exec (root, "GRANT SELECT, INSERT, UPDATE ON store_ready.* TO 'reader'@'localhost'");
  store = pr_store_open (reader, "store_ready", &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  decide (store, "petitions", "1", "2", PR_VERDICT_REPEAT, NULL, 0, &error);
  g_assert_no_error (error);
}

/* ---- the server killed during a commit ---- */

typedef struct {
  PrStore  *store;
  gint64    scan;
  Records  *records;
  GError   *error;
  gboolean  ok;
} CommitJob;

static gpointer
commit_thread (gpointer data)
{
  CommitJob *job = data;

  job->ok = records_commit (job->store, job->scan, "t", 1, job->records, &job->error);
  return NULL;
}

static void
test_server_killed (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) first = records_new ();
  g_autoptr(Records) second = records_new ();
  g_autoptr(GHashTable) loaded = NULL;
  g_autofree char *sql = NULL;
  CommitJob job = { 0 };
  GThread *thread;
  gint64 next;
  gboolean waiting = FALSE;

  create_database (root, "t_kill");
  connection = connect_root ("t_kill");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i);

      records_add (first, id, random_u64 (), random_u64 (), FALSE, TRUE);
      records_add (second, id, random_u64 (), random_u64 (), FALSE, TRUE);
    }
  job.scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, job.scan, "t", 1, first, &error);
  g_assert_no_error (error);

  /* A row of the fourth batch of six makes the server sleep, with three
   * batches written in the open transaction: the server dies then. */
  exec (root, "CREATE TRIGGER t_kill.slow BEFORE INSERT ON t_kill.pr_fingerprints FOR EACH ROW "
        "BEGIN IF NEW.record_id = '1700' THEN DO SLEEP(60); END IF; END");
  job.scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  job.store = store;
  job.records = second;
  thread = g_thread_new ("commit", commit_thread, &job);
  for (guint i = 0; i < 300 && !waiting; i++)
    {
      g_usleep (100 * 1000);
      waiting = query_number (root, "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                              "WHERE STATE = 'User sleep'") > 0;
    }
  g_assert_true (waiting);
  g_clear_pointer (&root, pr_connection_close);
  server_kill ();
  g_thread_join (thread);
  g_assert_false (job.ok);
  g_assert_error (job.error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE);
  g_test_message ("commit with the server killed: %s", job.error->message);
  g_clear_error (&job.error);
  /* The caller's error path; it cannot reach the server either. */
  g_assert_false (pr_store_end_scan (store, job.scan, PR_SCAN_FAILED, "server gone", &error));
  g_clear_error (&error);
  g_clear_pointer (&store, pr_store_free);
  g_clear_pointer (&connection, pr_connection_close);

  server_start ();
  root = connect_root (NULL);
  exec (root, "DROP TRIGGER t_kill.slow");
  connection = connect_root ("t_kill");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  loaded = pr_store_load_fingerprints (store, "t", 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, first, NULL);
  g_assert_cmpuint (query_number (root, "SELECT COUNT(*) FROM t_kill.pr_fingerprints"), ==, 3000);
  sql = g_strdup_printf ("SELECT status FROM t_kill.pr_scans WHERE id = %" G_GINT64_FORMAT, job.scan);
  {
    g_autofree char *status = query_value (root, sql);

    g_assert_cmpstr (status, ==, "running");
  }
  next = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  {
    g_autofree char *status = query_value (root, sql);

    g_assert_cmpstr (status, ==, "failed");
  }
  records_commit (store, next, "t", 1, second, &error);
  g_assert_no_error (error);
  g_clear_pointer (&loaded, g_hash_table_unref);
  loaded = pr_store_load_fingerprints (store, "t", 1, &error);
  g_assert_no_error (error);
  assert_loaded (loaded, second, NULL);
}

/* A timing, not a test of correctness: run with -m perf. */
static void
test_timing (void)
{
  g_autoptr(PrConnection) root = connect_root (NULL);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(Records) records = records_new ();
  g_autoptr(GHashTable) loaded = NULL;
  gint64 scan, start;
  guint n = g_test_perf () ? 100000 : 10000;
  double seconds;

  create_database (root, "t_time");
  connection = connect_root ("t_time");
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("%08u", i);

      records_add (records, id, random_u64 (), random_u64 (), FALSE, TRUE);
    }
  start = g_get_monotonic_time ();
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "t", 1, records, &error);
  g_assert_no_error (error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("commit of %u new fingerprints: %.2f s", n, seconds);

  start = g_get_monotonic_time ();
  loaded = pr_store_load_fingerprints (store, "t", 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (loaded), ==, n);
  g_test_message ("load of %u fingerprints: %.2f s", n, (g_get_monotonic_time () - start) / 1e6);

  for (guint i = 0; i < n; i++)
    g_array_index (records->changed, guint8, i) = i % 100 == 0;
  start = g_get_monotonic_time ();
  scan = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  records_commit (store, scan, "t", 1, records, &error);
  g_assert_no_error (error);
  g_test_message ("incremental commit, 1 %% changed of %u: %.2f s", n, (g_get_monotonic_time () - start) / 1e6);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(GArray) matches = pr_store_check (store, "t", 1, g_array_index (records->fingerprints, guint64, i), 3, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (matches->len, >=, 1);
    }
  g_test_message ("1000 checks at k = 3 against %u: %.2f ms each", n,
                  (g_get_monotonic_time () - start) / 1e3 / 1000);
  {
    g_autoptr(GPtrArray) plan = _pr_connection_select (connection,
                                                       "EXPLAIN SELECT record_id FROM t_time.pr_fingerprints "
                                                       "WHERE source_table = 't' AND retired_at IS NULL AND sparse = 0 "
                                                       "AND (b0 = 1 OR b1 = 2 OR b2 = 3 OR b3 = 4) "
                                                       "AND BIT_COUNT(fingerprint ^ 5) <= 3", NULL, 0, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < plan->len; i++)
      {
        PrDbRow *row = plan->pdata[i];

        g_test_message ("plan: type %s, key %s, rows %s", row->values[3], row->values[5], row->values[8]);
      }
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/store/open", test_open);
  g_test_add_func ("/db/store/separate-schema", test_separate_schema);
  g_test_add_func ("/db/store/newer-version", test_newer_version);
  g_test_add_func ("/db/store/migrate", test_migrate);
  g_test_add_func ("/db/store/incremental", test_incremental);
  g_test_add_func ("/db/store/commit-failure", test_commit_failure);
  g_test_add_func ("/db/store/interrupted", test_interrupted);
  g_test_add_func ("/db/store/check", test_check);
  g_test_add_func ("/db/store/decisions", test_decisions);
  g_test_add_func ("/db/store/concurrent-decisions", test_concurrent_decisions);
  g_test_add_func ("/db/store/identifiers", test_identifiers);
  g_test_add_func ("/db/store/privileges", test_privileges);
  g_test_add_func ("/db/store/server-killed", test_server_killed);
  g_test_add_func ("/db/store/timing", test_timing);

  server_setup ();
  status = g_test_run ();
  server_teardown ();

  return status;
}
