/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "pr-connection-private.h"
#include "pr-csv-reader.h"
#include "pr-date.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"

#define SAMPLE_ROWS 3000

static char *
sample_path (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");

  g_assert_nonnull (source);
  return g_build_filename (source, "data", "sample-petitions.csv", NULL);
}

static PrConnection *
open_sample (PrSampleServer *server)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(GError) error = NULL;
  PrConnection *connection;

  g_assert_cmpstr (params->database, ==, "petitions");
  g_assert_cmpstr (params->user, ==, g_get_user_name ());
  g_assert_null (params->password);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);

  return connection;
}

static void
check_no_network (PrConnection *connection)
{
  g_autofree char *skip = pr_test_query_value (connection, "SELECT @@skip_networking");
  g_autofree char *port = pr_test_query_value (connection, "SELECT @@port");

  g_assert_cmpstr (skip, ==, "1");
  g_assert_cmpstr (port, ==, "0");
}

/* Every row of the table against the CSV as PrCsvReader reads it: the
 * same parser, but an independent copy of the data. */
static void
check_rows_match_csv (PrConnection *connection,
                      const char   *csv_path)
{
  static const char sql[] =
    "SELECT id, petitioner, phone, address, category, subject, body, "
    "DATE_FORMAT(submitted_at, '%Y-%m-%d %H:%i:%s'), name, id_card, contact_phone, receiving_unit, status, "
    "DATE_FORMAT(accepted_at, '%Y-%m-%d') FROM petitions ORDER BY id";
  static const char *const names[] = {
    "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at", "name", "id_card",
    "contact_phone", "receiving_unit", "status", "accepted_at",
  };
  MYSQL *handle = _pr_connection_get_handle (connection);
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  MYSQL_RES *result;
  MYSQL_ROW row;
  int index[G_N_ELEMENTS (names)];
  guint rows = 0, dates = 0, empty_phones = 0, multi_line = 0;

  reader = pr_csv_reader_new_for_path (csv_path, "UTF-8", &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      index[i] = pr_csv_reader_find_field (reader, names[i]);
      g_assert_cmpint (index[i], >=, 0);
    }

  g_assert_cmpint (mysql_real_query (handle, sql, strlen (sql)), ==, 0);
  result = mysql_use_result (handle);
  g_assert_nonnull (result);
  while ((row = mysql_fetch_row (result)) != NULL)
    {
      unsigned long *lengths = mysql_fetch_lengths (result);
      const char *date_text;
      gint64 csv_date = 0, db_date = 0;

      g_assert_true (pr_csv_reader_next (reader, NULL, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < 13; i++)
        {
          if (i == 7)
            continue;
          gsize length = 0;
          const char *expected = pr_csv_reader_get_field (reader, index[i], &length);

          g_assert_nonnull (row[i]);
          g_assert_cmpmem (row[i], lengths[i], expected, length);
        }
      if (lengths[2] == 0)
        empty_phones++;
      if (memchr (row[6], '\n', lengths[6]) != NULL)
        multi_line++;

      date_text = pr_csv_reader_get_field (reader, index[7], NULL);
      if (pr_date_parse (date_text, &csv_date))
        {
          g_assert_nonnull (row[7]);
          g_assert_true (pr_date_parse (row[7], &db_date));
          g_assert_cmpint (db_date, ==, csv_date);
          dates++;
        }
      else
        g_assert_null (row[7]);
      /* accepted_at: the same day, or empty and NULL. */
      date_text = pr_csv_reader_get_field (reader, index[13], NULL);
      if (date_text[0] != '\0')
        g_assert_cmpstr (row[13], ==, date_text);
      else
        g_assert_null (row[13]);
      rows++;
    }
  g_assert_cmpuint (mysql_errno (handle), ==, 0);
  mysql_free_result (result);

  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rows, ==, SAMPLE_ROWS);
  g_test_message ("%u rows equal, %u with a date, %u without a phone, %u bodies of several lines",
                  rows, dates, empty_phones, multi_line);
  /* data/SAMPLE.md: 10 rows without a phone, 700 bodies with line breaks. */
  g_assert_cmpuint (empty_phones, ==, 10);
  g_assert_cmpuint (multi_line, ==, 700);
}

static void
test_sample_server (void)
{
  g_autofree char *base = pr_test_make_temp_dir ();
  g_autofree char *csv = sample_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(PrSampleServer) second = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autofree char *count = NULL;
  g_autofree char *loaded_at = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *loaded_at_again = NULL;
  g_autofree char *expected_socket = g_build_filename (base, "mariadb.sock", NULL);
  gint64 t0, first_start, second_start;

  t0 = g_get_monotonic_time ();
  server = pr_sample_server_start (base, csv, NULL, &error);
  g_assert_no_error (error);
  first_start = g_get_monotonic_time () - t0;
  g_assert_true (pr_sample_server_get_initialised (server));
  g_assert_true (pr_sample_server_get_loaded (server));
  g_assert_cmpstr (pr_sample_server_get_socket (server), ==, expected_socket);
  g_assert_cmpstr (pr_sample_server_get_base_dir (server), ==, base);

  connection = open_sample (server);
  check_no_network (connection);
  /* Its temporary files stay in its own directory, not the shared /tmp. */
  tmpdir = pr_test_query_value (connection, "SELECT @@tmpdir");
  g_assert_true (g_str_has_prefix (tmpdir, base));
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM petitions");
  g_assert_cmpstr (count, ==, G_STRINGIFY (SAMPLE_ROWS));
  check_rows_match_csv (connection, csv);
  loaded_at = pr_test_query_value (connection, "SELECT loaded_at FROM petition_review_sample.sample_load");
  /* Its columns have comments, the names the window shows. */
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COLUMN_COMMENT FROM information_schema.COLUMNS "
                                           "WHERE TABLE_SCHEMA = 'petitions' AND COLUMN_NAME = 'petitioner'");
  g_assert_cmpstr (count, ==, "信访人");
  /* An empty schema for the application's tables, as the manual's example uses. */
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM information_schema.schemata "
                                           "WHERE schema_name = 'petition_review'");
  g_assert_cmpstr (count, ==, "1");
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM information_schema.tables "
                                           "WHERE table_schema = 'petition_review'");
  g_assert_cmpstr (count, ==, "0");

  /* A second server on the same directory is refused, clearly. */
  second = pr_sample_server_start (base, csv, NULL, &error);
  g_assert_null (second);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START);
  g_assert_nonnull (strstr (error->message, "another Petition Review is using the sample server"));
  g_clear_error (&error);

  g_clear_pointer (&connection, pr_connection_close);
  g_assert_true (pr_sample_server_stop (server, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (expected_socket, G_FILE_TEST_EXISTS));
  /* Stopping twice does nothing. */
  g_assert_true (pr_sample_server_stop (server, &error));
  g_clear_pointer (&server, pr_sample_server_free);

  t0 = g_get_monotonic_time ();
  server = pr_sample_server_start (base, csv, NULL, &error);
  g_assert_no_error (error);
  second_start = g_get_monotonic_time () - t0;
  g_assert_false (pr_sample_server_get_initialised (server));
  g_assert_false (pr_sample_server_get_loaded (server));

  connection = open_sample (server);
  check_no_network (connection);
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM petitions");
  g_assert_cmpstr (count, ==, G_STRINGIFY (SAMPLE_ROWS));
  loaded_at_again = pr_test_query_value (connection, "SELECT loaded_at FROM petition_review_sample.sample_load");
  g_assert_cmpstr (loaded_at_again, ==, loaded_at);
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT GROUP_CONCAT(COLUMN_COMMENT ORDER BY ORDINAL_POSITION) "
                                           "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'petitions' "
                                           "AND TABLE_NAME = 'petitions'");
  g_assert_cmpstr (count, ==, "编号,信访人,联系电话,住址,类别,事由,信访内容,来信日期,姓名,身份证号,联系方式,受理单位,办理状态,受理日期");
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM petitions");
  g_assert_cmpstr (count, ==, G_STRINGIFY (SAMPLE_ROWS));
  g_clear_pointer (&count, g_free);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM information_schema.schemata "
                                           "WHERE schema_name = 'petition_review'");
  g_assert_cmpstr (count, ==, "1");

  g_test_message ("first start (install-db, start, load): %.2f s; second start: %.2f s",
                  first_start / 1e6, second_start / 1e6);
  g_printerr ("# first start (install-db, start, load): %.2f s; second start: %.2f s\n",
              first_start / 1e6, second_start / 1e6);
  g_assert_cmpint (second_start, <, first_start);

  g_clear_pointer (&connection, pr_connection_close);
  g_assert_true (pr_sample_server_stop (server, &error));
  g_assert_no_error (error);
  pr_test_remove_tree (base);
}

/* Whether process @pid is gone: no such process, or a zombie nobody has
 * reaped yet (its parent died; whoever adopted it may be slow to). */
static gboolean
process_gone (gint64 pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/stat", pid);
  g_autofree char *stat = NULL;
  const char *state;

  if (kill ((pid_t) pid, 0) != 0)
    return TRUE;
  if (!g_file_get_contents (stat_path, &stat, NULL, NULL))
    return TRUE;
  state = strrchr (stat, ')');
  return state != NULL && state[1] == ' ' && (state[2] == 'Z' || state[2] == 'X');
}

/* Waits for @path to hold a process id; returns it. */
static gint64
wait_for_pid_file (const char *path)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  g_autofree char *text = NULL;

  while (!g_file_get_contents (path, &text, NULL, NULL) || g_ascii_strtoll (text, NULL, 10) <= 0)
    {
      g_clear_pointer (&text, g_free);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (50 * 1000);
    }
  return g_ascii_strtoll (text, NULL, 10);
}

/* A program killed with its sample server running (SIGKILL: no chance to
 * stop it) leaves the server behind — the application's, which is not tied
 * to the thread that started it. Returns that server's process id. */
static gint64
make_orphan (const char *base,
             const char *pid_file)
{
  gint64 orphan;

  g_setenv ("PR_TEST_ORPHAN_BASE", base, TRUE);
  g_test_trap_subprocess ("/db/sample-server/orphan/subprocess", 120 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("PR_TEST_ORPHAN_BASE");
  g_assert_false (g_test_trap_has_passed ());  /* killed */
  orphan = wait_for_pid_file (pid_file);
  g_assert_false (process_gone (orphan));  /* left running */
  return orphan;
}

/* The program make_orphan () runs: starts the server as the application
 * does, and dies. */
static void
orphan_subprocess (void)
{
  g_autofree char *csv = sample_path ();
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(GError) error = NULL;

  server = pr_sample_server_start (g_getenv ("PR_TEST_ORPHAN_BASE"), csv, NULL, &error);
  g_assert_no_error (error);
  kill (getpid (), SIGKILL);
}

/* The next start, and what it finds: the sample, whole. */
static void
start_and_check_sample (const char *base)
{
  g_autofree char *csv = sample_path ();
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *count = NULL;

  server = pr_sample_server_start (base, csv, NULL, &error);
  g_assert_no_error (error);
  connection = open_sample (server);
  count = pr_test_query_value (connection, "SELECT COUNT(*) FROM petitions");
  g_assert_cmpstr (count, ==, G_STRINGIFY (SAMPLE_ROWS));
  g_clear_pointer (&connection, pr_connection_close);
  g_assert_true (pr_sample_server_stop (server, &error));
  g_assert_no_error (error);
}

/* The next start stops the server left behind and starts again on the
 * same data, instead of refusing for good. With @stuck, the server left
 * behind does not stop when asked — as mariadbd told to stop while still
 * starting can hang — and is killed, not waited for forever: here it is
 * stopped (SIGSTOP) so that it cannot answer. */
static void
test_orphan (gconstpointer stuck)
{
  g_autofree char *home = pr_test_make_temp_dir ();
  g_autofree char *base = g_build_filename (home, "petition-review", "sample-server", NULL);
  g_autofree char *pid_file = g_build_filename (base, "mariadbd.pid", NULL);
  gint64 orphan = make_orphan (base, pid_file);

  if (GPOINTER_TO_INT (stuck))
    g_assert_cmpint (kill ((pid_t) orphan, SIGSTOP), ==, 0);
  start_and_check_sample (base);
  g_assert_true (process_gone (orphan));
  pr_test_remove_tree (home);
}

/* The CLI starts the server for its run only: killed (SIGKILL: no chance
 * to stop it), it takes the server with it instead of leaving it running
 * in the user's folder, whatever the server was doing — the kill lands as
 * soon as the server has written its pid file, often while it is still
 * starting (where a SIGTERM could hang it) or loading the sample. The next
 * start recovers. */
static void
test_cli_killed (void)
{
  g_autofree char *home = pr_test_make_temp_dir ();
  g_autofree char *base = g_build_filename (home, "petition-review", "sample-server", NULL);
  g_autofree char *pid_file = g_build_filename (base, "mariadbd.pid", NULL);
  g_autofree char *csv = sample_path ();
  g_autofree char *cli = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "src", "cli", "petition-review-cli", NULL);

  for (guint run = 0; run < 3; run++)
    {
      g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
      g_autoptr(GSubprocess) program = NULL;
      g_autoptr(GError) error = NULL;
      gint64 deadline, server_pid;

      /* The CLI's check against the sample waits on its own stdin (it
       * reads the records to check from "-"): a program caught with its
       * server up, if the kill has not caught it earlier. */
      g_unlink (pid_file);
      g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", home, TRUE);
      g_subprocess_launcher_setenv (launcher, "PETITION_REVIEW_SAMPLE", csv, TRUE);
      g_subprocess_launcher_set_flags (launcher, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                 G_SUBPROCESS_FLAGS_STDERR_SILENCE);
      program = g_subprocess_launcher_spawn (launcher, &error, cli, "check", "--sample", "--store", "petitions",
                                             "--csv", "/dev/stdin", NULL);
      g_assert_no_error (error);
      server_pid = wait_for_pid_file (pid_file);
      g_subprocess_force_exit (program);
      g_subprocess_wait (program, NULL, NULL);

      deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
      while (!process_gone (server_pid))
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_usleep (50 * 1000);
        }
    }

  start_and_check_sample (base);
  pr_test_remove_tree (home);
}

static void
test_bad_sample (void)
{
  g_autofree char *base = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (base, "no-such-file.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;

  /* The server itself starts; the load fails, and the server is stopped
   * again before the error comes back. */
  server = pr_sample_server_start (base, csv, NULL, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (server);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "no-such-file.csv"));
  pr_test_remove_tree (base);
}

static void
test_server_fails (void)
{
  g_autofree char *base = pr_test_make_temp_dir ();
  g_autofree char *data = g_build_filename (base, "data", NULL);
  g_autofree char *junk = g_build_filename (data, "ibdata1", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;

  /* A data directory that is there (so not made again) but broken. */
  g_assert_cmpint (g_mkdir (data, 0700), ==, 0);
  g_assert_true (g_file_set_contents (junk, "not a tablespace", -1, NULL));
  server = pr_sample_server_start_empty (base, NULL, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (server);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_SERVER_START);
  g_assert_nonnull (strstr (error->message, "mariadbd.log"));
  pr_test_remove_tree (base);
}

static void
test_cancelled (void)
{
  g_autofree char *base = pr_test_make_temp_dir ();
  g_autofree char *data = g_build_filename (base, "data", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;

  g_cancellable_cancel (cancellable);
  server = pr_sample_server_start_empty (base, cancellable, &error);
  g_assert_null (server);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* A data directory cut short is never taken for a made one. */
  g_assert_false (g_file_test (data, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  server = pr_sample_server_start_empty (base, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_sample_server_get_initialised (server));
  g_assert_true (pr_sample_server_stop (server, &error));
  g_assert_no_error (error);
  pr_test_remove_tree (base);
}

static void
test_long_path (void)
{
  g_autofree char *top = pr_test_make_temp_dir ();
  g_autofree char *base = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(PrConnection) connection = NULL;
  GString *path = g_string_new (top);

  while (path->len < 120)
    g_string_append (path, "/a-directory-with-a-long-name");
  base = g_string_free (path, FALSE);

  /* Too long for a socket inside it: the socket goes elsewhere. */
  server = pr_sample_server_start_empty (base, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("socket: %s", pr_sample_server_get_socket (server));
  g_assert_false (g_str_has_prefix (pr_sample_server_get_socket (server), base));
  g_assert_cmpuint (strlen (pr_sample_server_get_socket (server)), <, 108);

  params = pr_sample_server_get_admin_params (server);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  check_no_network (connection);
  g_clear_pointer (&connection, pr_connection_close);
  g_assert_true (pr_sample_server_stop (server, &error));
  g_assert_no_error (error);
  pr_test_remove_tree (top);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/sample-server/start-load-restart", test_sample_server);
  g_test_add_data_func ("/db/sample-server/orphan", GINT_TO_POINTER (FALSE), test_orphan);
  g_test_add_func ("/db/sample-server/orphan/subprocess", orphan_subprocess);
  g_test_add_data_func ("/db/sample-server/orphan-stuck", GINT_TO_POINTER (TRUE), test_orphan);
  g_test_add_func ("/db/sample-server/cli-killed", test_cli_killed);
  g_test_add_func ("/db/sample-server/bad-sample", test_bad_sample);
  g_test_add_func ("/db/sample-server/server-fails", test_server_fails);
  g_test_add_func ("/db/sample-server/cancelled", test_cancelled);
  g_test_add_func ("/db/sample-server/long-path", test_long_path);

  return g_test_run ();
}
