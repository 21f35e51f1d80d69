/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A server's global settings must not shorten or change what a
 * connection reads: each connection sets its session's own. And a
 * stalled server makes a command fail with a timeout, not hang. Against a
 * throwaway server whose globals the tests change (and put back).
 */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "pr-record-reader.h"
#include "pr-test-server.h"

#define N_ROWS 3000

static const PrConnectionParams *server;

static PrConnection *
admin (void)
{
  return pr_test_connect (server, NULL);
}

static guint64
query_count (const char *sql)
{
  g_autoptr(PrConnection) db = admin ();
  g_autofree char *value = pr_test_query_value (db, sql);

  return g_ascii_strtoull (value, NULL, 10);
}

/* sess.big: N_ROWS petitions with ids 1…N_ROWS. */
static void
make_table (void)
{
  g_autoptr(PrConnection) db = admin ();

  pr_test_execute (db, "DROP DATABASE IF EXISTS sess");
  pr_test_execute (db, "CREATE DATABASE sess CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE sess.big (id INT PRIMARY KEY, body TEXT NOT NULL)");
  pr_test_execute (db, "INSERT INTO sess.big SELECT seq, CONCAT('第', seq, '号 投诉 小区 噪音 扰民 夜间 施工 ', seq * 7919) "
                       "FROM sess.seq_1_to_" G_STRINGIFY (N_ROWS));
}

/* A scan of sess.big into the store sessstore; its exit status. */
static int
scan (char **err)
{
  return pr_test_server_run_cli ("sess", NULL, err, "scan", "--db", "URI", "--table", "big", "--id", "id",
                                 "--text", "body", "--store", "sessstore", "--out", "/dev/null", NULL);
}

#define LIVE_RECORDS "SELECT COUNT(*) FROM sessstore.pr_fingerprints WHERE retired_at IS NULL"
#define RETIRED_RECORDS "SELECT COUNT(*) FROM sessstore.pr_fingerprints WHERE retired_at IS NOT NULL"

/* A global sql_select_limit cut every SELECT short: the scan read part of
 * the table, was complete, and retired the records it had not read. */
static void
test_global_select_limit (void)
{
  g_autoptr(PrConnection) db = NULL;
  g_autofree char *err = NULL;

  make_table ();
  db = admin ();
  pr_test_execute (db, "DROP DATABASE IF EXISTS sessstore");
  pr_test_execute (db, "CREATE DATABASE sessstore");
  g_assert_cmpint (scan (NULL), ==, 0);
  g_assert_cmpuint (query_count (LIVE_RECORDS), ==, N_ROWS);

  pr_test_execute (db, "SET GLOBAL sql_select_limit = 1000");
  g_assert_cmpint (scan (&err), ==, 0);
  pr_test_execute (db, "SET GLOBAL sql_select_limit = DEFAULT");
  g_assert_nonnull (strstr (err, G_STRINGIFY (N_ROWS) " records"));
  g_assert_cmpuint (query_count (LIVE_RECORDS), ==, N_ROWS);
  g_assert_cmpuint (query_count (RETIRED_RECORDS), ==, 0);
}

/* Under a global READ-UNCOMMITTED the scan read a row of another
 * session's open transaction, stored it and reported it as a new record;
 * the transaction was then rolled back, and the petition never was. */
static void
test_global_read_uncommitted (void)
{
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(PrConnection) other = NULL;
  g_autofree char *err = NULL;

  make_table ();
  db = admin ();
  pr_test_execute (db, "DROP DATABASE IF EXISTS sessstore");
  pr_test_execute (db, "CREATE DATABASE sessstore");
  g_assert_cmpint (scan (NULL), ==, 0);

  pr_test_execute (db, "SET GLOBAL tx_isolation = 'READ-UNCOMMITTED'");
  other = admin ();
  pr_test_execute (other, "BEGIN");
  pr_test_execute (other, "INSERT INTO sess.big VALUES (" G_STRINGIFY (N_ROWS) " + 1, "
                          "'第1号 投诉 小区 噪音 扰民 夜间 施工 7919')");
  g_assert_cmpint (scan (&err), ==, 0);
  pr_test_execute (other, "ROLLBACK");
  pr_test_execute (db, "SET GLOBAL tx_isolation = DEFAULT");
  g_assert_nonnull (strstr (err, "Stored: 0 new"));
  g_assert_cmpuint (query_count (LIVE_RECORDS), ==, N_ROWS);
}

/* Under a global completion_type RELEASE the server closed the
 * connection at the store's COMMIT: every scan with a store failed. */
static void
test_global_completion_release (void)
{
  g_autoptr(PrConnection) db = NULL;
  g_autofree char *err = NULL;
  int status;

  make_table ();
  db = admin ();
  pr_test_execute (db, "DROP DATABASE IF EXISTS sessstore");
  pr_test_execute (db, "CREATE DATABASE sessstore");
  g_assert_cmpint (scan (NULL), ==, 0);
  /* Ten new records that repeat earlier ones. */
  pr_test_execute (db, "INSERT INTO sess.big SELECT id + " G_STRINGIFY (N_ROWS) ", body FROM sess.big WHERE id <= 10");
  pr_test_execute (db, "SET GLOBAL completion_type = 'RELEASE'");
  status = scan (&err);
  pr_test_execute (db, "SET GLOBAL completion_type = DEFAULT");
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpuint (query_count (LIVE_RECORDS), ==, N_ROWS + 10);
  g_assert_cmpuint (query_count ("SELECT COUNT(*) FROM sessstore.pr_scans WHERE status = 'complete'"), ==, 2);
}

/* A global max_statement_time ends long statements: a streamed read of
 * a large table, and here (a thousandth of a millisecond) every one. */
static void
test_global_statement_time (void)
{
  g_autoptr(PrConnection) db = admin ();
  g_autofree char *err = NULL;
  int status;

  make_table ();
  pr_test_execute (db, "DROP DATABASE IF EXISTS sessstore");
  pr_test_execute (db, "CREATE DATABASE sessstore");
  pr_test_execute (db, "SET GLOBAL max_statement_time = 0.000001");
  status = scan (&err);
  pr_test_execute (db, "SET GLOBAL max_statement_time = DEFAULT");
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpuint (query_count (LIVE_RECORDS), ==, N_ROWS);
}

static gboolean
collect_id (const char *const *values,
            const gsize       *lengths,
            gpointer           user_data)
{
  g_ptr_array_add (user_data, g_strndup (values[0], lengths[0]));
  return TRUE;
}

typedef struct {
  guint64 rows;
  gulong  pause_us;   /* after the first row */
} SlowReader;

static gboolean
read_slowly (const char *const *values,
             const gsize       *lengths,
             gpointer           user_data)
{
  SlowReader *reader = user_data;

  if (reader->rows++ == 0)
    g_usleep (reader->pause_us);
  return TRUE;
}

/* A global net_write_timeout of a second: a reader that pauses (to
 * fingerprint) longer than that while the server has more rows to send
 * lost its read. Rows of 2 kB: far more than the socket holds. */
static void
test_global_net_write_timeout (void)
{
  g_autoptr(PrConnection) db = admin ();
  g_autoptr(PrConnection) reader = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GError) error = NULL;
  SlowReader slow = { 0, 3 * G_USEC_PER_SEC };
  gboolean ok;

  make_table ();
  pr_test_execute (db, "UPDATE sess.big SET body = CONCAT(body, REPEAT(' 噪音', 500))");
  pr_test_execute (db, "SET GLOBAL net_write_timeout = 1");
  reader = pr_test_connect (server, "sess");
  pr_test_execute (db, "SET GLOBAL net_write_timeout = DEFAULT");
  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  ok = pr_record_reader_stream (reader, "big", mapping, read_slowly, &slow, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (slow.rows, ==, N_ROWS);
}

/* With PAD_CHAR_TO_FULL_LENGTH in the global sql_mode, CHAR values came
 * padded with spaces: other ids, other content. */
static void
test_global_sql_mode (void)
{
  g_autoptr(PrConnection) db = admin ();
  g_autoptr(PrConnection) reader = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "DROP DATABASE IF EXISTS sess");
  pr_test_execute (db, "CREATE DATABASE sess CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE TABLE sess.padded (code CHAR(8) PRIMARY KEY, body TEXT)");
  pr_test_execute (db, "INSERT INTO sess.padded VALUES ('A1', '投诉 噪音 扰民')");
  pr_test_execute (db, "SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',PAD_CHAR_TO_FULL_LENGTH')");
  reader = pr_test_connect (server, "sess");
  pr_test_execute (db, "SET GLOBAL sql_mode = DEFAULT");
  pr_mapping_add (mapping, "code", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  g_assert_true (pr_record_reader_stream (reader, "padded", mapping, collect_id, ids, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (ids->pdata[0], ==, "A1");
}

/* A global time_zone moved every TIMESTAMP date a scan read: every
 * record counted as changed, and old repeats were reported as new. */
static void
test_global_time_zone (void)
{
  g_autoptr(PrConnection) db = admin ();
  g_autofree char *err = NULL;
  int status;

  pr_test_execute (db, "DROP DATABASE IF EXISTS sess");
  pr_test_execute (db, "DROP DATABASE IF EXISTS sessstore");
  pr_test_execute (db, "CREATE DATABASE sess CHARACTER SET utf8mb4");
  pr_test_execute (db, "CREATE DATABASE sessstore");
  pr_test_execute (db, "CREATE TABLE sess.dated (id INT PRIMARY KEY, body TEXT NOT NULL, at TIMESTAMP NULL)");
  pr_test_execute (db, "INSERT INTO sess.dated SELECT seq, CONCAT('第', seq, '号 投诉 小区 噪音 扰民 ', seq * 7919), "
                       "FROM_UNIXTIME(1700000000 + seq * 3600) FROM sess.seq_1_to_50");
  g_assert_cmpint (pr_test_server_run_cli ("sess", NULL, NULL, "scan", "--db", "URI", "--table", "dated",
                                           "--id", "id", "--text", "body", "--date", "at", "--store", "sessstore",
                                           "--out", "/dev/null", NULL), ==, 0);
  pr_test_execute (db, "SET GLOBAL time_zone = '+05:00'");
  status = pr_test_server_run_cli ("sess", NULL, &err, "scan", "--db", "URI", "--table", "dated", "--id", "id",
                                   "--text", "body", "--date", "at", "--store", "sessstore", "--out", "/dev/null",
                                   NULL);
  pr_test_execute (db, "SET GLOBAL time_zone = DEFAULT");
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (err, "0 new, 0 changed and 50 unchanged records"));
}

/* A stopped server takes a connection on its socket but never answers:
 * the CLI, with no timeout in its connection string, gives up after its
 * own default and says why. */
static void
test_stalled_server_cli (void)
{
  GPid pid = pr_test_server_get_pid ();
  g_autofree char *err = NULL;
  int status;
  gint64 stopped;

  make_table ();
  g_assert_cmpint (kill (pid, SIGSTOP), ==, 0);
  stopped = g_get_monotonic_time ();
  status = scan (&err);
  g_assert_cmpint (kill (pid, SIGCONT), ==, 0);
  g_test_message ("the CLI ended %.1f s after the server stopped", (g_get_monotonic_time () - stopped) / 1e6);
  g_assert_cmpint (status, ==, 1);
  g_assert_true (g_str_has_prefix (err, "petition-review-cli scan: "));
  g_assert_nonnull (strstr (err, "connect timeout"));
  g_assert_nonnull (strstr (err, "connect-timeout="));
}

/* A server that stops while a connection is open: the next read (here
 * the catalogue's, before the table's) ends after the read timeout of the
 * connection string, and the message names it. */
static void
test_stalled_server_read (void)
{
  g_autofree char *uri = pr_test_server_uri ("sess", "read-timeout=2");
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  GPid pid = pr_test_server_get_pid ();
  gint64 stopped;
  gboolean ok;

  make_table ();
  params = pr_connection_params_new_from_uri (uri, &error);
  g_assert_no_error (error);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  g_assert_cmpint (kill (pid, SIGSTOP), ==, 0);
  stopped = g_get_monotonic_time ();
  ok = pr_record_reader_stream (connection, "big", mapping, collect_id, ids, NULL, &error);
  g_assert_cmpint (kill (pid, SIGCONT), ==, 0);
  g_test_message ("the read failed %.1f s after the server stopped", (g_get_monotonic_time () - stopped) / 1e6);
  g_assert_false (ok);
  g_test_message ("%s", error->message);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE);
  g_assert_nonnull (strstr (error->message, "for 2 seconds (the read timeout)"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/connection/session/global-select-limit", test_global_select_limit);
  g_test_add_func ("/db/connection/session/global-statement-time", test_global_statement_time);
  g_test_add_func ("/db/connection/session/global-sql-mode", test_global_sql_mode);
  g_test_add_func ("/db/connection/session/global-net-write-timeout", test_global_net_write_timeout);
  g_test_add_func ("/db/connection/session/global-time-zone", test_global_time_zone);
  g_test_add_func ("/db/connection/session/global-read-uncommitted", test_global_read_uncommitted);
  g_test_add_func ("/db/connection/session/global-completion-release", test_global_completion_release);
  g_test_add_func ("/db/connection/session/stalled-server-read", test_stalled_server_read);
  g_test_add_func ("/cli/common/stalled-server", test_stalled_server_cli);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
