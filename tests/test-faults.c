/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The command line when the server fails under it: killed while a scan
 * reads, killed while a scan commits, stalled (SIGSTOP) while a scan
 * reads; an account that may only read the source table; and check
 * --csv, the intake check of records that are not in the table yet.
 *
 * The server is a throwaway mariadbd of this program's own, started with
 * pr_sample_server_start_empty(), which the test kills and restarts on
 * the same data directory. Its child setup (PR_SET_PDEATHSIG) makes the
 * kernel kill it when this program dies, even stopped and even on a
 * failed assertion, so no server outlives a failing test.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "pr-connection-private.h"
#include "pr-sample-server.h"
#include "pr-store.h"
#include "pr-test-server.h"
#include "pr-write-back.h"

/* Big enough that reading it takes a noticeable time (seconds: a kill
 * lands in the first 6,000 rows on a loaded machine), so a fault can land
 * while the scan reads; a scan that ends first fails the tests, as its
 * scan is then complete. No bigger: every test reads it whole at least
 * once. */
#define BIG_ROWS 40000
#define SMALL_ROWS 2000
/* A CLI that has not ended by then hangs: the test fails, not waits.
 * Under valgrind (-m slow) a full scan takes minutes; under AddressSanitizer
 * a full scan of 200,000 such rows took 115 s on a loaded machine, at the
 * edge of 120, and a plain one more than 120 s under a load of 8 on two
 * cores. */
#if defined(__SANITIZE_ADDRESS__)
#define CLI_TIMEOUT_S (g_test_slow () ? 900 : 600)
#else
#define CLI_TIMEOUT_S (g_test_slow () ? 900 : 120)
#endif

/* Not on any command line; the tests look for it in the CLI's output. */
#define READER_PASSWORD "Kq7-zebra-Lantern-31"

static char *dir;
static PrSampleServer *server;
/* Set: the CLI runs with every debug message on. */
static gboolean cli_debug;
static char *socket_escaped;

static const char *const mapping[] = { "--id", "id", "--text", "body", NULL };

/* ---- The server ---------------------------------------------------------- */

static PrConnection *
connect_admin (const char *database)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_admin_params (server);

  return pr_test_connect (params, database);
}

static void
start_server (void)
{
  g_autoptr(GError) error = NULL;
  gint64 started = g_get_monotonic_time ();

  g_assert_null (server);
  server = pr_sample_server_start_empty (dir, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("server (process %d) ready in %.2f s", (int) pr_sample_server_get_pid (server),
                  (g_get_monotonic_time () - started) / 1e6);
}

/* After a kill: the stop reports how it died, which is what we did. */
static void
forget_killed_server (void)
{
  g_autoptr(GError) error = NULL;

  pr_sample_server_stop (server, &error);
  g_test_message ("after the kill: %s", error != NULL ? error->message : "stopped cleanly");
  g_clear_pointer (&server, pr_sample_server_free);
}

/* Waits until the server reports @sql's count above zero, up to 5
 * minutes: a scan of the big table under the sanitizers on a loaded
 * machine reaches its commit after more than 30 s. */
static void
wait_for_server_state (const char *sql)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);

  for (guint i = 0; i < 30000; i++)
    {
      g_autofree char *count = pr_test_query_value (db, sql);

      if (g_ascii_strtoll (count, NULL, 10) > 0)
        return;
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10 * 1000);
    }
  g_error ("the server never reached: %s", sql);
}

/* In the streaming SELECT of the big table: the server is sending rows and
 * waits for the client to take them (it reads them as it fingerprints
 * them, slower than the server sends), so the reading has rows still to
 * come. A state, not a time, so that a fast machine does not read the
 * whole table first. */
#define READING_BIG \
  "SELECT COUNT(*) FROM information_schema.PROCESSLIST " \
  "WHERE INFO LIKE 'SELECT %FROM `big`%' AND STATE = 'Writing to net'"

/* Random-looking Chinese text, different for every id: SQL for @n
 * common characters (the first level of GB2312: rows 0xB0–0xD7 by columns
 * 0xA1–0xFE) picked by CRC32 of the id and position; text of rare
 * characters is refused as mis-decoded. */
static char *
random_body_sql (guint n)
{
  g_autoptr(GString) sql = g_string_new ("CONCAT(");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (sql, "%sCONVERT(CHAR(176 + CRC32(CONCAT(seq, '-%u')) MOD 3755 DIV 94, "
                                 "161 + CRC32(CONCAT(seq, '-%u')) MOD 3755 MOD 94 USING gb2312) USING utf8mb4)",
                            i > 0 ? ", " : "", i, i);
  g_string_append (sql, ")");
  return g_string_free (g_steal_pointer (&sql), FALSE);
}

static void
load_tables (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autofree char *body = random_body_sql (60);
  g_autofree char *insert = NULL;
  gint64 started = g_get_monotonic_time ();

  pr_test_execute (db, "CREATE DATABASE src CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
  pr_test_execute (db, "CREATE DATABASE prstore");
  pr_test_execute (db, "CREATE TABLE src.big (id INT PRIMARY KEY, body TEXT NOT NULL) ENGINE=InnoDB");
  /* seq_1_to_N is MariaDB's sequence engine: the rows are made on the
   * server, in one statement. */
  insert = g_strdup_printf ("INSERT INTO src.big (id, body) SELECT seq, %s FROM src.seq_1_to_%d", body, BIG_ROWS);
  pr_test_execute (db, insert);
  pr_test_execute (db, "CREATE TABLE src.small LIKE src.big");
  g_free (insert);
  insert = g_strdup_printf ("INSERT INTO src.small SELECT * FROM src.big WHERE id <= %d", SMALL_ROWS);
  pr_test_execute (db, insert);
  g_test_message ("%d + %d rows made in %.2f s", BIG_ROWS, SMALL_ROWS, (g_get_monotonic_time () - started) / 1e6);
}

/* ---- The command line ---------------------------------------------------- */

typedef struct {
  GSubprocess *process;
  char        *argv_text;   /* every argument, for the password check */
  gint64       started;
  gboolean     done;
  char        *out;
  char        *err;
  GError      *error;
  double       seconds;
} Cli;

static void
cli_free (Cli *cli)
{
  g_clear_object (&cli->process);
  g_free (cli->argv_text);
  g_free (cli->out);
  g_free (cli->err);
  g_clear_error (&cli->error);
  g_free (cli);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Cli, cli_free)

static void
on_communicated (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Cli *cli = user_data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &cli->out, &cli->err, &cli->error);
  cli->seconds = (g_get_monotonic_time () - cli->started) / 1e6;
  cli->done = TRUE;
}

/* Starts the CLI with the arguments up to NULL ("MAPPING" stands for the
 * mapping flags, "URI" for the admin's URI of the database src). Its
 * output is collected as it comes; @password, when not NULL, is put in
 * PETITION_REVIEW_PASSWORD, which is otherwise unset. */
static Cli *
cli_spawn (const char *password,
           const char *first,
           ...)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  Cli *cli = g_new0 (Cli, 1);
  va_list args;

  g_ptr_array_add (argv, g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL));
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    {
      if (g_str_equal (arg, "MAPPING"))
        for (guint i = 0; mapping[i] != NULL; i++)
          /* check's --id names the record; its id column is --id-column */
          g_ptr_array_add (argv, g_strdup (g_str_equal (first, "check") && g_str_equal (mapping[i], "--id")
                                           ? "--id-column" : mapping[i]));
      else if (g_str_equal (arg, "URI"))
        g_ptr_array_add (argv, g_strdup_printf ("mariadb://%s@localhost/src?socket=%s",
                                                g_get_user_name (), socket_escaped));
      else
        g_ptr_array_add (argv, g_strdup (arg));
    }
  va_end (args);
  g_ptr_array_add (argv, NULL);
  cli->argv_text = g_strjoinv (" ", (char **) argv->pdata);
  g_test_message ("running %s", cli->argv_text);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_unsetenv (launcher, "PETITION_REVIEW_PASSWORD");
  if (cli_debug)
    g_subprocess_launcher_setenv (launcher, "G_MESSAGES_DEBUG", "all", TRUE);
  if (password != NULL)
    g_subprocess_launcher_setenv (launcher, "PETITION_REVIEW_PASSWORD", password, TRUE);
  cli->started = g_get_monotonic_time ();
  cli->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (cli->process, NULL, NULL, on_communicated, cli);

  return cli;
}

/* Waits for the CLI to end; a hang or a crash fails the test. Returns its
 * exit status. */
static int
cli_finish (Cli *cli)
{
  gint64 deadline = cli->started + CLI_TIMEOUT_S * G_USEC_PER_SEC;

  while (!cli->done && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (5 * 1000);
  if (!cli->done)
    {
      g_subprocess_force_exit (cli->process);
      while (!cli->done)
        g_main_context_iteration (NULL, TRUE);
      g_error ("the CLI hung: killed after %d s; it said:\n%s", CLI_TIMEOUT_S, cli->err);
    }
  g_assert_no_error (cli->error);
  g_test_message ("exit after %.2f s; stderr:\n%s", cli->seconds, cli->err);
  if (!g_subprocess_get_if_exited (cli->process))
    g_error ("the CLI was killed by signal %d; it said:\n%s",
             g_subprocess_get_term_sig (cli->process), cli->err);

  return g_subprocess_get_exit_status (cli->process);
}

/* The CLI's failure: one line, "petition-review-cli scan: …". */
static void
assert_one_line_error (const char *err,
                       const char *command)
{
  g_autofree char *prefix = g_strdup_printf ("petition-review-cli %s: ", command);

  g_assert_true (g_str_has_prefix (err, prefix));
  g_assert_true (g_str_has_suffix (err, "\n"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
}

static void
kill_server (int signal)
{
  GPid pid = pr_sample_server_get_pid (server);

  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (kill (pid, signal), ==, 0);
}

/* ---- The server killed while a scan reads -------------------------------- */

static void
test_kill_while_reading (void)
{
  g_autoptr(Cli) cli = NULL;
  g_autoptr(Cli) next = NULL;
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(GPtrArray) status = NULL;
  gint64 killed;

  cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING",
                   "--store", "prstore", "--out", "/dev/null", NULL);
  wait_for_server_state (READING_BIG);
  killed = g_get_monotonic_time ();
  kill_server (SIGKILL);
  g_assert_cmpint (cli_finish (cli), ==, 1);
  g_test_message ("the CLI ended %.3f s after the kill", (g_get_monotonic_time () - killed) / 1e6);
  assert_one_line_error (cli->err, "scan");
  g_assert_nonnull (strstr (cli->err, "(client library error 20"));
  forget_killed_server ();

  start_server ();
  db = connect_admin (NULL);
  status = pr_test_query_column (db, "SELECT status FROM prstore.pr_scans ORDER BY id");
  g_assert_cmpuint (status->len, ==, 1);
  g_assert_cmpstr (status->pdata[0], ==, "running");
  g_clear_pointer (&status, g_ptr_array_unref);
  {
    g_autofree char *stored = pr_test_query_value (db, "SELECT COUNT(*) FROM prstore.pr_fingerprints");

    g_assert_cmpstr (stored, ==, "0");
  }

  next = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING",
                    "--store", "prstore", "--out", "/dev/null", NULL);
  g_assert_cmpint (cli_finish (next), ==, 0);
  {
    g_autofree char *stored = g_strdup_printf ("Stored: %d new, 0 changed and 0 unchanged records", BIG_ROWS);

    g_assert_nonnull (strstr (next->err, stored));
  }
  status = pr_test_query_column (db, "SELECT CONCAT(status, ':', COALESCE(message, '')) FROM prstore.pr_scans ORDER BY id");
  g_assert_cmpuint (status->len, ==, 2);
  g_assert_cmpstr (status->pdata[0], ==, "failed:interrupted");
  g_assert_cmpstr (status->pdata[1], ==, "complete:");
}

/* ---- The server killed while a scan commits ------------------------------ */

#define FINGERPRINTS_SUMMARY \
  "SELECT CONCAT(COUNT(*), ':', BIT_XOR(fingerprint), ':', BIT_XOR(content_hash), ':', MAX(scan_id), ':', " \
  "COUNT(retired_at)) FROM prstore.pr_fingerprints"

static void
test_kill_during_commit (void)
{
  g_autoptr(Cli) cli = NULL;
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autoptr(GPtrArray) status = NULL;
  g_autoptr(PrConnection) reader = NULL;
  g_autofree char *before = pr_test_query_value (db, FINGERPRINTS_SUMMARY);
  g_autofree char *written = NULL;
  g_autofree char *after = NULL;
  gint64 killed;

  /* A hundred records change; the commit's last statement, marking the
   * scan complete, sleeps after every other row of the commit is written,
   * and the server dies then. Each statement is atomic by itself, so a
   * kill inside one would prove nothing of the commit as a whole. */
  pr_test_execute (db, "UPDATE src.big SET body = CONCAT(body, '至今没有任何答复') WHERE id <= 100");
  pr_test_execute (db, "CREATE TRIGGER prstore.slow BEFORE UPDATE ON prstore.pr_scans FOR EACH ROW "
               "BEGIN IF NEW.status = 'complete' THEN DO SLEEP(60); END IF; END");
  g_clear_pointer (&db, pr_connection_close);

  cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING",
                   "--store", "prstore", "--out", "/dev/null", NULL);
  wait_for_server_state ("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'");
  /* The new fingerprints are written by then, as a reader that sees
   * what is not committed finds: the kill lands between the commit's
   * writes and its end. */
  reader = connect_admin (NULL);
  pr_test_execute (reader, "SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED");
  written = pr_test_query_value (reader, FINGERPRINTS_SUMMARY);
  g_assert_cmpstr (written, !=, before);
  g_clear_pointer (&reader, pr_connection_close);
  killed = g_get_monotonic_time ();
  kill_server (SIGKILL);
  g_assert_cmpint (cli_finish (cli), ==, 1);
  g_test_message ("the CLI ended %.3f s after the kill", (g_get_monotonic_time () - killed) / 1e6);
  assert_one_line_error (cli->err, "scan");
  g_assert_nonnull (strstr (cli->err, "(client library error 20"));
  forget_killed_server ();

  start_server ();
  db = connect_admin (NULL);
  pr_test_execute (db, "DROP TRIGGER prstore.slow");
  after = pr_test_query_value (db, FINGERPRINTS_SUMMARY);
  g_assert_cmpstr (after, ==, before);
  status = pr_test_query_column (db, "SELECT status FROM prstore.pr_scans ORDER BY id");
  g_assert_cmpuint (status->len, ==, 3);
  g_assert_cmpstr (status->pdata[2], ==, "running");
}

/* ---- The server killed during an incremental rescan ---------------------- */

/* SQL setting @column to the body load_tables() made for the row @offset
 * ids further on: a copy of that row, made from its formula. */
static char *
copy_body_sql (const char *id_offset)
{
  g_autofree char *body = random_body_sql (60);
  g_autofree char *seq = g_strdup_printf ("(id + %s)", id_offset);
  g_auto(GStrv) parts = g_strsplit (body, "seq", -1);

  return g_strjoinv (seq, parts);
}

static char *
read_text_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* After the commit killed above, more rows change: some become copies of
 * others, some near copies, some go, some come. The rescan is killed while
 * it waits to read the table (another session holds it locked), so the
 * kill lands in the rescan's reading, deterministically. Then: the scan
 * row is not complete, the stored fingerprints are as before, and the next
 * rescan, given both rounds of changes at once, finds the clusters a
 * fresh full scan without the store finds. */
static void
test_kill_during_rescan (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autoptr(PrConnection) locker = NULL;
  g_autoptr(GPtrArray) status = NULL;
  g_autofree char *before = pr_test_query_value (db, FINGERPRINTS_SUMMARY);
  g_autofree char *after = NULL;
  g_autofree char *exact = copy_body_sql ("1000");
  g_autofree char *sql = NULL;
  g_autofree char *rescan_csv = g_build_filename (dir, "rescan.csv", NULL);
  g_autofree char *full_csv = g_build_filename (dir, "full.csv", NULL);
  g_autofree char *rescan_text = NULL;
  g_autofree char *full_text = NULL;
  g_autoptr(Cli) cli = NULL;
  guint n_lines;

  sql = g_strdup_printf ("UPDATE src.big SET body = %s WHERE id BETWEEN 101 AND 150", exact);
  pr_test_execute (db, sql);
  g_free (sql);
  sql = g_strdup_printf ("UPDATE src.big SET body = CONCAT(%s, '，请尽快处理') WHERE id BETWEEN 151 AND 170", exact);
  pr_test_execute (db, sql);
  pr_test_execute (db, "DELETE FROM src.big WHERE id BETWEEN 190 AND 199");
  g_free (sql);
  /* Ten new rows, with ids beyond the table's. */
  sql = g_strdup_printf ("INSERT INTO src.big (id, body) SELECT id + %d, body FROM src.big WHERE id BETWEEN 2001 AND 2010",
                         BIG_ROWS - 2000);
  pr_test_execute (db, sql);

  locker = connect_admin ("src");
  pr_test_execute (locker, "LOCK TABLES big WRITE");
  cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING",
                   "--store", "prstore", "--out", rescan_csv, NULL);
  wait_for_server_state ("SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                         "WHERE STATE = 'Waiting for table metadata lock' AND INFO LIKE 'SELECT %FROM `big`%'");
  kill_server (SIGKILL);
  g_assert_cmpint (cli_finish (cli), ==, 1);
  /* First the notice that the scan killed before was marked failed. */
  {
    const char *error_line = strstr (cli->err, "\npetition-review-cli scan: ");

    g_assert_nonnull (strstr (cli->err, "1 earlier scan(s) of “big” were interrupted; marked failed\n"));
    g_assert_nonnull (error_line);
    assert_one_line_error (error_line + 1, "scan");
    g_assert_nonnull (strstr (error_line, "cannot read table “big”: the connection to the database server was lost"));
  }
  g_assert_false (g_file_test (rescan_csv, G_FILE_TEST_EXISTS));
  g_clear_pointer (&locker, pr_connection_close);
  g_clear_pointer (&db, pr_connection_close);
  forget_killed_server ();

  start_server ();
  db = connect_admin (NULL);
  after = pr_test_query_value (db, FINGERPRINTS_SUMMARY);
  g_assert_cmpstr (after, ==, before);
  status = pr_test_query_column (db, "SELECT status FROM prstore.pr_scans ORDER BY id");
  g_assert_cmpuint (status->len, ==, 4);
  g_assert_cmpstr (status->pdata[2], ==, "failed");
  g_assert_cmpstr (status->pdata[3], ==, "running");
  g_clear_pointer (&status, g_ptr_array_unref);

  /* The next rescan recovers: the killed one is marked failed, and it
   * stores the changes of both rounds. */
  g_clear_pointer (&cli, cli_free);
  cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING",
                   "--store", "prstore", "--out", rescan_csv, NULL);
  g_assert_cmpint (cli_finish (cli), ==, 0);
  {
    g_autofree char *stored = g_strdup_printf ("Stored: 10 new, 170 changed and %d unchanged records", BIG_ROWS - 180);

    g_assert_nonnull (strstr (cli->err, stored));
  }
  status = pr_test_query_column (db, "SELECT CONCAT(status, ':', COALESCE(message, '')) FROM prstore.pr_scans ORDER BY id");
  g_assert_cmpuint (status->len, ==, 5);
  g_assert_cmpstr (status->pdata[2], ==, "failed:interrupted");
  g_assert_cmpstr (status->pdata[3], ==, "failed:interrupted");
  g_assert_cmpstr (status->pdata[4], ==, "complete:");
  {
    g_autofree char *retired = pr_test_query_value (db, "SELECT COUNT(retired_at) FROM prstore.pr_fingerprints");

    g_assert_cmpstr (retired, ==, "10");
  }

  /* The oracle: a full scan that fingerprints every record anew. */
  g_clear_pointer (&cli, cli_free);
  cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "big", "MAPPING", "--out", full_csv, NULL);
  g_assert_cmpint (cli_finish (cli), ==, 0);
  rescan_text = read_text_file (rescan_csv);
  full_text = read_text_file (full_csv);
  /* But for the case column, which only a scan with a store fills. */
  {
    g_auto(GStrv) lines = g_strsplit (rescan_text, "\r\n", -1);
    g_autoptr(GString) cut = g_string_new (NULL);

    /* cluster,id,primary,distance,same_petitioner,case,identity_evidence */
    for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
      {
        g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
        g_autofree char *joined = NULL;

        g_assert_cmpuint (g_strv_length (fields), ==, 12);
        g_assert_true (i == 0 || g_ascii_isdigit (fields[5][0]));
        g_free (fields[5]);
        fields[5] = g_strdup (i == 0 ? "case" : "");
        joined = g_strjoinv (",", fields);
        g_string_append_printf (cut, "%s\r\n", joined);
      }
    g_assert_true (g_str_equal (cut->str, full_text));
  }
  /* 50 exact copies, 20 near ones and 10 new copies: 80 clusters of
   * two, 160 rows besides the header. */
  n_lines = 0;
  for (const char *p = full_text; (p = strchr (p, '\n')) != NULL; p++)
    n_lines++;
  g_test_message ("%u lines of clusters", n_lines);
  g_assert_cmpuint (n_lines, ==, 1 + 160);
}

/* ---- The server killed while a merge commits ----------------------------- */

#define MERGE_MEMBERS 6

typedef struct {
  PrStore           *store;
  GPtrArray         *decisions;
  const PrWriteBack *write_back;
  gboolean           ok;
  GError            *error;
} MergeJob;

static gpointer
merge_thread (gpointer user_data)
{
  MergeJob *job = user_data;

  job->ok = pr_store_add_decisions_written_back (job->store, job->decisions, job->write_back, &job->error);
  return NULL;
}

/* A merge as the session makes it: every member but the primary, m1, a
 * repeat of it. */
static GPtrArray *
merge_decisions (void)
{
  GPtrArray *decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);

  for (guint m = 2; m <= MERGE_MEMBERS; m++)
    {
      PrDecision *decision = g_new0 (PrDecision, 1);

      decision->table = g_strdup ("petitions");
      decision->record_id = g_strdup_printf ("m%u", m);
      decision->primary_id = g_strdup ("m1");
      decision->verdict = PR_VERDICT_MERGED;
      decision->reviewer = g_strdup ("审核员");
      g_ptr_array_add (decisions, decision);
    }
  return decisions;
}

/* What a merge leaves: its rows in the log, and the source's written
 * columns, in one line. */
#define MERGE_SUMMARY \
  "SELECT CONCAT((SELECT COUNT(*) FROM mergestore.pr_decisions WHERE verdict = 'merged'), ';', " \
  "(SELECT GROUP_CONCAT(CONCAT(id, '=', COALESCE(repeat_of, '-'), '/', COALESCE(status, '-')) ORDER BY id) " \
  "FROM src.petitions))"

/* The store's merge is one transaction: with the server killed while its
 * fourth decision is written, nothing of it is left, neither in the log
 * nor (write-back on) in the source table; after a restart the same
 * merge, tried again, is recorded whole. */
static void
test_kill_during_merge (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autoptr(PrWriteBack) write_back = pr_write_back_new ("petitions", "id", "repeat_of", "status", "重复", "不重复");
  g_autofree char *untouched = NULL;

  pr_test_execute (db, "CREATE DATABASE mergestore");
  pr_test_execute (db, "CREATE TABLE src.petitions (id VARCHAR(20) PRIMARY KEY, body TEXT, "
                   "repeat_of VARCHAR(20) NULL, status VARCHAR(10) NULL)");
  for (guint m = 1; m <= MERGE_MEMBERS; m++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO src.petitions (id, body) VALUES ('m%u', '同上')", m);

      pr_test_execute (db, sql);
    }
  {
    /* The store's tables, made as the application makes them. */
    g_autoptr(PrConnection) connection = connect_admin ("src");
    g_autoptr(PrStore) store = NULL;
    g_autoptr(GError) error = NULL;

    store = pr_store_open (connection, "mergestore", &error);
    g_assert_no_error (error);
  }
  untouched = pr_test_query_value (db, MERGE_SUMMARY);
  g_assert_cmpstr (untouched, ==, "0;m1=-/-,m2=-/-,m3=-/-,m4=-/-,m5=-/-,m6=-/-");
  g_clear_pointer (&db, pr_connection_close);

  /* Write-back off (the log alone), then on (the log and the source). */
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(PrConnectionParams) params = pr_sample_server_get_admin_params (server);
      g_autoptr(PrConnection) connection = pr_test_connect (params, "src");
      g_autoptr(PrStore) store = NULL;
      g_autoptr(GPtrArray) decisions = merge_decisions ();
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after_kill = NULL;
      g_autofree char *merged = NULL;
      MergeJob job = { 0 };
      GThread *thread;

      store = pr_store_open (connection, "mergestore", &error);
      g_assert_no_error (error);
      db = connect_admin (NULL);
      before = pr_test_query_value (db, MERGE_SUMMARY);
      pr_test_execute (db, "CREATE TRIGGER mergestore.slow BEFORE INSERT ON mergestore.pr_decisions FOR EACH ROW "
                       "BEGIN IF NEW.record_id = 'm5' THEN DO SLEEP(60); END IF; END");
      g_clear_pointer (&db, pr_connection_close);

      job.store = store;
      job.decisions = decisions;
      job.write_back = round == 1 ? write_back : NULL;
      thread = g_thread_new ("merge", merge_thread, &job);
      wait_for_server_state ("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep'");
      kill_server (SIGKILL);
      g_thread_join (thread);
      g_assert_false (job.ok);
      g_assert_error (job.error, PR_DB_ERROR, PR_DB_ERROR_SERVER_GONE);
      g_test_message ("the merge with the server killed: %s", job.error->message);
      g_clear_error (&job.error);
      for (guint i = 0; i < decisions->len; i++)
        g_assert_cmpint (((PrDecision *) decisions->pdata[i])->id, ==, 0);
      g_clear_pointer (&store, pr_store_free);
      g_clear_pointer (&connection, pr_connection_close);
      forget_killed_server ();

      start_server ();
      db = connect_admin (NULL);
      pr_test_execute (db, "DROP TRIGGER mergestore.slow");
      after_kill = pr_test_query_value (db, MERGE_SUMMARY);
      g_assert_cmpstr (after_kill, ==, before);

      /* Tried again, on a new connection as the session makes one. */
      g_clear_pointer (&params, pr_connection_params_free);
      params = pr_sample_server_get_admin_params (server);
      connection = pr_test_connect (params, "src");
      store = pr_store_open (connection, "mergestore", &error);
      g_assert_no_error (error);
      g_assert_true (pr_store_add_decisions_written_back (store, decisions, job.write_back, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < decisions->len; i++)
        g_assert_cmpint (((PrDecision *) decisions->pdata[i])->id, >, 0);
      merged = pr_test_query_value (db, MERGE_SUMMARY);
      if (round == 0)
        g_assert_cmpstr (merged, ==, "5;m1=-/-,m2=-/-,m3=-/-,m4=-/-,m5=-/-,m6=-/-");
      else
        g_assert_cmpstr (merged, ==, "10;m1=-/-,m2=m1/重复,m3=m1/重复,m4=m1/重复,m5=m1/重复,m6=m1/重复");
      g_clear_pointer (&db, pr_connection_close);
    }
}

/* ---- A stalled server ---------------------------------------------------- */

static void
test_stalled_server (void)
{
  g_autoptr(Cli) cli = NULL;
  g_autoptr(PrConnection) db = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_strdup_printf ("mariadb://%s@localhost/src?socket=%s&read-timeout=2",
                                          g_get_user_name (), socket_escaped);
  g_autofree char *scan_status = NULL;
  gint64 stopped;

  /* A store of its own: every record is fingerprinted as it is read, so
   * the reading takes seconds (with prstore's fingerprints it takes less
   * than one). */
  db = connect_admin (NULL);
  pr_test_execute (db, "CREATE DATABASE stallstore");
  g_clear_pointer (&db, pr_connection_close);
  cli = cli_spawn (NULL, "scan", "--db", uri, "--table", "big", "MAPPING",
                   "--store", "stallstore", "--out", "/dev/null", NULL);
  wait_for_server_state (READING_BIG);
  stopped = g_get_monotonic_time ();
  kill_server (SIGSTOP);
  g_assert_cmpint (cli_finish (cli), ==, 1);
  g_test_message ("the CLI ended %.3f s after the server stalled", (g_get_monotonic_time () - stopped) / 1e6);
  /* The read timeout is 2 s; Connector/C may try the read more than once. */
  g_assert_cmpfloat ((g_get_monotonic_time () - stopped) / 1e6, <, 10.0);
  assert_one_line_error (cli->err, "scan");
  g_assert_nonnull (strstr (cli->err, "(client library error 20"));

  kill_server (SIGCONT);
  /* The scan that lost its server is not complete. */
  db = connect_admin (NULL);
  scan_status = pr_test_query_value (db, "SELECT status FROM stallstore.pr_scans");
  g_assert_cmpstr (scan_status, !=, "complete");
  g_clear_pointer (&db, pr_connection_close);
  /* A stalled and resumed server still stops cleanly; a new one is left
   * for the tests after this one. */
  pr_sample_server_stop (server, &error);
  g_assert_no_error (error);
  g_clear_pointer (&server, pr_sample_server_free);
  start_server ();
}

/* ---- An account that may only read the source table ---------------------- */

static void
assert_no_password (Cli *cli)
{
  g_assert_null (strstr (cli->argv_text, READER_PASSWORD));
  g_assert_null (strstr (cli->out, READER_PASSWORD));
  g_assert_null (strstr (cli->err, READER_PASSWORD));
}

/* Every table outside the server's own schemas: a scan that writes
 * nothing makes none. (Its rows cannot be counted here: InnoDB's count in
 * the catalogue is an estimate that changes by itself.) */
#define TABLES_SUMMARY \
  "SELECT COALESCE(GROUP_CONCAT(CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) ORDER BY 1), '') " \
  "FROM information_schema.TABLES " \
  "WHERE TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"

static void
test_least_privilege (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autofree char *password_file = g_build_filename (dir, "reader-password", NULL);
  g_autofree char *wrong_file = g_build_filename (dir, "wrong-password", NULL);
  g_autofree char *uri = g_strdup_printf ("mariadb://reader@localhost/src?socket=%s", socket_escaped);
  g_autofree char *tables_before = NULL;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "CREATE USER 'reader'@'localhost' IDENTIFIED BY '" READER_PASSWORD "'");
  pr_test_execute (db, "GRANT SELECT ON src.small TO 'reader'@'localhost'");
  g_file_set_contents (password_file, READER_PASSWORD "\n", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (wrong_file, "not-" READER_PASSWORD "\n", -1, &error);
  g_assert_no_error (error);
  /* Readable by the user alone, as a password file is kept: else a
   * warning comes before the one line of error checked below. */
  g_assert_cmpint (g_chmod (password_file, 0600), ==, 0);
  g_assert_cmpint (g_chmod (wrong_file, 0600), ==, 0);
  tables_before = pr_test_query_value (db, TABLES_SUMMARY);

  /* The password from a file, then from the environment: the scan works. */
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "scan", "--db", uri, "--table", "small", "MAPPING",
                                    "--password-file", password_file, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
    g_assert_nonnull (strstr (cli->err, "2000 records"));
    assert_no_password (cli);
  }
  {
    g_autoptr(Cli) cli = cli_spawn (READER_PASSWORD, "scan", "--db", uri, "--table", "small", "MAPPING",
                                    "--out", "-", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
    g_assert_true (g_str_has_prefix (cli->out, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"));
    assert_no_password (cli);
  }

  /* Writing the application's tables needs more than SELECT. */
  {
    g_autoptr(Cli) cli = cli_spawn (READER_PASSWORD, "scan", "--db", uri, "--table", "small", "MAPPING",
                                    "--store", "src", "--out", "/dev/null", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    assert_one_line_error (cli->err, "scan");
    /* It may read the source table only: reading the application's
     * tables there is the first thing refused. */
    g_assert_nonnull (strstr (cli->err, "lacks the SELECT privilege on “src”"));
    assert_no_password (cli);
  }

  /* A wrong password, from the file and from the environment. */
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "scan", "--db", uri, "--table", "small", "MAPPING",
                                    "--password-file", wrong_file, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    assert_one_line_error (cli->err, "scan");
    g_assert_nonnull (strstr (cli->err, "server error 1045"));
    assert_no_password (cli);
  }
  {
    g_autoptr(Cli) cli = cli_spawn ("not-" READER_PASSWORD, "scan", "--db", uri, "--table", "small", "MAPPING", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    g_assert_nonnull (strstr (cli->err, "server error 1045"));
    assert_no_password (cli);
  }

  /* Nothing was written anywhere. */
  {
    g_autofree char *tables_after = pr_test_query_value (db, TABLES_SUMMARY);

    g_assert_cmpstr (tables_after, ==, tables_before);
  }
}

/* ---- The password, nowhere ---------------------------------------------- */

#define KEEPER_PASSWORD "Zu9-otter-Quill-58"

/* Every way the CLI takes a password (a file, the environment), right
 * and wrong, and a connection string holding one (refused), with every
 * debug message on: the password is in none of its output, none of the
 * files it writes, and none of the store's rows; only a connection string
 * the user typed holds it on the command line. */
static void
test_password_nowhere (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autofree char *out_dir = g_build_filename (dir, "password-out", NULL);
  g_autofree char *password_file = g_build_filename (dir, "keeper-password", NULL);
  g_autofree char *wrong_file = g_build_filename (dir, "keeper-wrong", NULL);
  g_autofree char *uri = g_strdup_printf ("mariadb://keeper@localhost/src?socket=%s", socket_escaped);
  g_autofree char *uri_right = g_strdup_printf ("mariadb://keeper:" KEEPER_PASSWORD "@localhost/src?socket=%s",
                                                socket_escaped);
  g_autofree char *uri_wrong = g_strdup_printf ("mariadb://keeper:x" KEEPER_PASSWORD "x@localhost/src?socket=%s",
                                                socket_escaped);
  const char *uri_bad = "mariadb://keeper:" KEEPER_PASSWORD "@localhost:port/src";
  g_autoptr(GError) error = NULL;
  struct {
    const char *env;
    const char *file;
    const char *uri;
    int         status;
  } runs[] = {
    { NULL, password_file, uri, 0 },
    { KEEPER_PASSWORD, NULL, uri, 0 },
    { NULL, NULL, uri_right, 1 },
    { NULL, wrong_file, uri, 1 },
    { "x" KEEPER_PASSWORD "x", NULL, uri, 1 },
    { NULL, NULL, uri_wrong, 1 },
    { NULL, NULL, uri_bad, 1 },
  };
  guint n_files = 0;

  pr_test_execute (db, "CREATE USER 'keeper'@'localhost' IDENTIFIED BY '" KEEPER_PASSWORD "'");
  pr_test_execute (db, "GRANT SELECT ON src.small TO 'keeper'@'localhost'");
  pr_test_execute (db, "CREATE DATABASE keeperstore");
  pr_test_execute (db, "GRANT ALL ON keeperstore.* TO 'keeper'@'localhost'");
  g_assert_cmpint (g_mkdir_with_parents (out_dir, 0700), ==, 0);
  g_file_set_contents (password_file, KEEPER_PASSWORD "\n", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (wrong_file, "x" KEEPER_PASSWORD "x\n", -1, &error);
  g_assert_no_error (error);

  cli_debug = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *clusters = g_strdup_printf ("%s/clusters-%u.csv", out_dir, i);
      g_autofree char *pairs = g_strdup_printf ("%s/pairs-%u.csv", out_dir, i);
      g_autoptr(Cli) cli = NULL;

      if (runs[i].file != NULL)
        cli = cli_spawn (runs[i].env, "scan", "--db", runs[i].uri, "--table", "small", "MAPPING",
                         "--password-file", runs[i].file, "--store", "keeperstore",
                         "--out", clusters, "--pairs", pairs, NULL);
      else
        cli = cli_spawn (runs[i].env, "scan", "--db", runs[i].uri, "--table", "small", "MAPPING",
                         "--store", "keeperstore", "--out", clusters, "--pairs", pairs, NULL);
      g_assert_cmpint (cli_finish (cli), ==, runs[i].status);
      if (runs[i].status == 0)
        /* Debug messages were on: else the check would miss them. */
        g_assert_nonnull (strstr (cli->out, "pr-connection-DEBUG"));
      else
        g_assert_nonnull (strstr (cli->err, "petition-review-cli scan: "));
      g_assert_null (strstr (cli->out, KEEPER_PASSWORD));
      g_assert_null (strstr (cli->err, KEEPER_PASSWORD));
      if (runs[i].uri == uri)
        g_assert_null (strstr (cli->argv_text, KEEPER_PASSWORD));
    }
  cli_debug = FALSE;

  /* The files written. */
  {
    g_autoptr(GDir) listing = g_dir_open (out_dir, 0, &error);
    const char *name;

    g_assert_no_error (error);
    while ((name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *path = g_build_filename (out_dir, name, NULL);
        g_autofree char *contents = read_text_file (path);

        g_assert_null (strstr (contents, KEEPER_PASSWORD));
        n_files++;
      }
    /* Clusters and pairs of the two runs that connected. */
    g_assert_cmpuint (n_files, ==, 4);
  }

  /* The store's rows that hold text. */
  {
    g_autofree char *scans = pr_test_query_value (db, "SELECT COUNT(*) FROM keeperstore.pr_scans");
    g_autofree char *with_password = pr_test_query_value (
      db, "SELECT (SELECT COUNT(*) FROM keeperstore.pr_scans WHERE CONCAT_WS(',', source_table, mapping, "
          "COALESCE(message, '')) LIKE '%" KEEPER_PASSWORD "%') + (SELECT COUNT(*) FROM keeperstore.pr_meta "
          "WHERE CONCAT_WS(',', name, value) LIKE '%" KEEPER_PASSWORD "%')");

    g_assert_cmpstr (scans, ==, "2");
    g_assert_cmpstr (with_password, ==, "0");
  }
}

/* ---- check --csv --------------------------------------------------------- */

static void
test_check_csv (void)
{
  g_autoptr(PrConnection) db = connect_admin (NULL);
  g_autofree char *body = pr_test_query_value (db, "SELECT body FROM src.small WHERE id = 42");
  g_autofree char *csv = g_build_filename (dir, "intake.csv", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  pr_test_execute (db, "CREATE DATABASE smallstore");
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "scan", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "smallstore", "--out", "/dev/null", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
  }

  /* An exact copy of record 42, the same under a new id, and a record too
   * short to match anything. The columns in another order than the
   * table's, and one more that the mapping does not name. */
  contents = g_strdup_printf ("note,body,id\r\n"
                              "copy,%s,42\r\n"
                              "resent,\"%s\",新来信-1\r\n"
                              "short,同上,新来信-2\r\n", body, body);
  g_file_set_contents (csv, contents, -1, &error);
  g_assert_no_error (error);

  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "smallstore", "--csv", csv, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
    g_assert_cmpstr (cli->out, ==, "record,id,distance\r\n42,42,0\r\n新来信-1,42,0\r\n");
    g_assert_nonnull (strstr (cli->err, "新来信-2"));
  }
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "smallstore", "--csv", csv, "--in-memory", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
    g_assert_cmpstr (cli->out, ==, "record,id,distance\r\n42,42,0\r\n新来信-1,42,0\r\n");
  }

  /* Without --id-column, the table's primary key is the id column. The
   * stored fingerprints were made with --id id, which does not change a
   * fingerprint (nor the fingerprints' version), so record 42 is found. */
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "--text", "body",
                                    "--store", "smallstore", "--csv", csv, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 0);
    g_assert_cmpstr (cli->out, ==, "record,id,distance\r\n42,42,0\r\n新来信-1,42,0\r\n");
    g_assert_nonnull (strstr (cli->err, "Record 新来信-2 is too short"));
  }

  /* A mapping other than the scan's (another weight) makes fingerprints
   * the stored ones cannot be compared with: an empty answer would read
   * as "no repeat", so the error names the scan's mapping instead. */
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "--text", "body:2",
                                    "--store", "smallstore", "--csv", csv, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    assert_one_line_error (cli->err, "check");
    g_assert_nonnull (strstr (cli->err, "stored with another mapping"));
    g_assert_nonnull (strstr (cli->err, "text=body:1"));
    g_assert_cmpstr (cli->out, ==, "");
  }
  /* A store that holds no scan of the table. */
  pr_test_execute (db, "CREATE DATABASE emptystore");
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "emptystore", "--csv", csv, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    assert_one_line_error (cli->err, "check");
    g_assert_nonnull (strstr (cli->err, "holds no complete scan of “small”"));
  }

  /* A column of the mapping missing from the file. */
  g_file_set_contents (csv, "id,text\r\n1,同上\r\n", -1, &error);
  g_assert_no_error (error);
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "smallstore", "--csv", csv, NULL);

    g_assert_cmpint (cli_finish (cli), ==, 1);
    assert_one_line_error (cli->err, "check");
    g_assert_nonnull (strstr (cli->err, "“body”"));
  }
  {
    g_autoptr(Cli) cli = cli_spawn (NULL, "check", "--db", "URI", "--table", "small", "MAPPING",
                                    "--store", "smallstore", "--csv", csv, "--record", "42", NULL);

    g_assert_cmpint (cli_finish (cli), ==, 2);
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  pr_test_server_seed_data_dir (dir);
  start_server ();
  socket_escaped = g_uri_escape_string (pr_sample_server_get_socket (server), NULL, FALSE);
  load_tables ();

  /* In the order GLib runs them (by path, each group whole): the kills of
   * a scan each start from the store the one before left; every test
   * leaves a running server behind. */
  g_test_add_func ("/cli/scan/least-privilege", test_least_privilege);
  g_test_add_func ("/cli/scan/kill-while-reading", test_kill_while_reading);
  g_test_add_func ("/cli/scan/kill-during-commit", test_kill_during_commit);
  g_test_add_func ("/cli/scan/kill-during-rescan", test_kill_during_rescan);
  g_test_add_func ("/cli/scan/stalled-server", test_stalled_server);
  g_test_add_func ("/cli/check/csv", test_check_csv);
  g_test_add_func ("/cli/common/password-nowhere", test_password_nowhere);
  g_test_add_func ("/db/store/kill-during-merge", test_kill_during_merge);

  status = g_test_run ();

  if (server != NULL)
    {
      pr_sample_server_stop (server, NULL);
      pr_sample_server_free (server);
    }
  pr_test_remove_tree (dir);
  g_free (dir);
  g_free (socket_escaped);

  return status;
}
