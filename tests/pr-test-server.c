/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The db tests run against a real server: a throwaway mariadbd in a
 * temporary directory, reachable through its socket only. Making its data
 * directory takes about two seconds, so each test program starts one in
 * main() and shares it among its tests.
 */
#define G_LOG_DOMAIN "pr-test-server"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "pr-connection-private.h"
#include "pr-sample-server.h"
#include "pr-store.h"
#include "pr-test-server.h"

static PrSampleServer *server;
static PrConnectionParams *admin_params;
static char *server_dir;

/**
 * pr_test_server_start:
 *
 * Starts the program's throwaway server, or aborts the program.
 *
 * Returns: (transfer none): parameters for an account with every privilege
 *   and no database, valid until pr_test_server_stop()
 */
const PrConnectionParams *
pr_test_server_start (void)
{
  return pr_test_server_start_with_options (NULL);
}

static void
start_server (const char *const *server_options)
{
  g_autoptr(GError) error = NULL;
  gint64 started = g_get_monotonic_time ();

  server = pr_sample_server_start_empty_with_options (server_dir, server_options, NULL, &error);
  g_assert_no_error (error);
  g_printerr ("# throwaway server in %s ready in %.2f s\n", server_dir,
              (g_get_monotonic_time () - started) / 1e6);
}

/**
 * pr_test_server_start_with_options:
 * @server_options: (nullable) (array zero-terminated=1): more mariadbd
 *   options, after the usual ones (see
 *   pr_sample_server_start_empty_with_options())
 *
 * As pr_test_server_start(), for a server set up the test's own way.
 *
 * Returns: (transfer none): as pr_test_server_start()
 */
const PrConnectionParams *
pr_test_server_start_with_options (const char *const *server_options)
{
  g_assert_null (server);
  server_dir = pr_test_make_temp_dir ();
  start_server (server_options);
  admin_params = pr_sample_server_get_admin_params (server);

  return admin_params;
}

/**
 * pr_test_server_restart:
 * @server_options: (nullable) (array zero-terminated=1): the options of
 *   the new run, as for pr_test_server_start_with_options(); the old
 *   ones do not carry over
 *
 * Stops the server and starts it again on the same data, which is
 * quicker than making a data directory again. The parameters pr_test_server_start() returned stay valid (same socket,
 * same account); connections to the old run are dead.
 */
void
pr_test_server_restart (const char *const *server_options)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (server);
  pr_sample_server_stop (server, &error);
  g_assert_no_error (error);
  g_clear_pointer (&server, pr_sample_server_free);
  start_server (server_options);
}

/**
 * pr_test_server_stop:
 *
 * Stops the server and removes its directory.
 */
void
pr_test_server_stop (void)
{
  g_autoptr(GError) error = NULL;

  if (server == NULL)
    return;
  pr_sample_server_stop (server, &error);
  g_assert_no_error (error);
  g_clear_pointer (&server, pr_sample_server_free);
  g_clear_pointer (&admin_params, pr_connection_params_free);
  pr_test_remove_tree (server_dir);
  g_clear_pointer (&server_dir, g_free);
}

/**
 * pr_test_server_get_pid:
 *
 * The running server's process, for a test that stops it (SIGSTOP) behind
 * a connection's back; signal it only while the server runs.
 *
 * Returns: its process id
 */
GPid
pr_test_server_get_pid (void)
{
  GPid pid;

  g_assert_nonnull (server);
  pid = pr_sample_server_get_pid (server);
  g_assert_cmpint (pid, >, 0);
  return pid;
}

/**
 * pr_test_server_uri:
 * @database: the database the URI names
 * @options: (nullable): more query options, "name=value&…"
 *
 * Returns: (transfer full): a connection string for the CLI, to the
 *   server's socket as its account
 */
char *
pr_test_server_uri (const char *database,
                    const char *options)
{
  g_autofree char *socket = NULL;

  g_assert_nonnull (admin_params);
  socket = g_uri_escape_string (admin_params->socket, NULL, FALSE);
  return g_strdup_printf ("mariadb://%s@localhost/%s?socket=%s%s%s", admin_params->user, database, socket,
                          options != NULL ? "&" : "", options != NULL ? options : "");
}

/**
 * pr_test_server_run_cli:
 * @database: the database "URI" names
 * @out: (out) (optional): the CLI's standard output
 * @err: (out) (optional): its standard error, also given to g_test_message()
 * @first: the first argument, then the others, ending in %NULL; "URI"
 *   stands for pr_test_server_uri (@database, NULL)
 *
 * Returns: the CLI's exit status, as pr_test_run_cli()
 */
int
pr_test_server_run_cli (const char  *database,
                        char       **out,
                        char       **err,
                        const char  *first,
                        ...)
{
  g_autofree char *uri = pr_test_server_uri (database, NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  int status;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) (g_str_equal (arg, "URI") ? uri : arg));
  va_end (ap);
  g_ptr_array_add (args, NULL);
  status = pr_test_run_cli (out, err, (const char *const *) args->pdata);
  if (err != NULL)
    g_test_message ("%s", *err);
  return status;
}

/**
 * pr_test_query_column:
 * @connection: a connection
 * @sql: a query
 *
 * Returns: (transfer full) (element-type utf8): the first column of every
 *   row, NULL for SQL NULL; aborts on an error
 */
GPtrArray *
pr_test_query_column (PrConnection *connection,
                      const char   *sql)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  MYSQL_RES *result;
  MYSQL_ROW row;

  if (mysql_real_query (handle, sql, strlen (sql)) != 0)
    g_error ("%s: %s", sql, mysql_error (handle));
  result = mysql_store_result (handle);
  if (result == NULL)
    g_error ("%s: no result: %s", sql, mysql_error (handle));
  while ((row = mysql_fetch_row (result)) != NULL)
    {
      unsigned long *lengths = mysql_fetch_lengths (result);

      g_ptr_array_add (values, row[0] != NULL ? g_strndup (row[0], lengths[0]) : NULL);
    }
  mysql_free_result (result);

  return values;
}

/**
 * pr_test_table_layout:
 * @what: "columns" or "indexes"
 *
 * Returns: (transfer full) (nullable): the columns (name, type, nullable)
 *   or the indexes (name: column) of @table in @schema, from
 *   information_schema, to hold a migrated table to a new one
 */
char *
pr_test_table_layout (PrConnection *connection,
                      const char   *what,
                      const char   *schema,
                      const char   *table)
{
  gboolean columns = g_str_equal (what, "columns");
  g_autofree char *sql = g_strdup_printf ("SELECT GROUP_CONCAT(%s) FROM information_schema.%s "
                                          "WHERE TABLE_SCHEMA = '%s' AND TABLE_NAME = '%s'",
                                          columns ? "COLUMN_NAME, ' ', COLUMN_TYPE, ' ', IS_NULLABLE "
                                                    "ORDER BY ORDINAL_POSITION"
                                                  : "INDEX_NAME, ':', COLUMN_NAME ORDER BY INDEX_NAME, SEQ_IN_INDEX",
                                          columns ? "COLUMNS" : "STATISTICS", schema, table);

  return pr_test_query_value (connection, sql);
}

/**
 * pr_test_assert_migrated:
 * @old_schema: a store of an older version
 * @new_schema: an empty schema
 * @table: a table the migration adds
 *
 * Opens @old_schema (migrating it) and a new store in @new_schema, and
 * asserts that the old one is now of this version and that its @table
 * has the columns and indexes of the new one's.
 */
void
pr_test_assert_migrated (PrConnection *connection,
                         const char   *old_schema,
                         const char   *new_schema,
                         const char   *table)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT value FROM %s.pr_meta WHERE name = 'schema_version'", old_schema);
  g_autofree char *version = NULL;
  const char *what[] = { "columns", "indexes" };

  {
    g_autoptr(PrStore) old = pr_store_open (connection, old_schema, &error);
    g_autoptr(PrStore) fresh = NULL;

    g_assert_no_error (error);
    fresh = pr_store_open (connection, new_schema, &error);
    g_assert_no_error (error);
  }
  version = pr_test_query_value (connection, sql);
  g_assert_cmpstr (version, ==, G_STRINGIFY (PR_STORE_SCHEMA_VERSION));
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    {
      g_autofree char *migrated = pr_test_table_layout (connection, what[i], old_schema, table);
      g_autofree char *made = pr_test_table_layout (connection, what[i], new_schema, table);

      g_assert_nonnull (made);
      g_assert_cmpstr (migrated, ==, made);
    }
}

/**
 * pr_test_query_value:
 * @connection: a connection
 * @sql: a query giving one row
 *
 * Returns: (transfer full) (nullable): the first column of its row
 */
char *
pr_test_query_value (PrConnection *connection,
                     const char   *sql)
{
  g_autoptr(GPtrArray) values = pr_test_query_column (connection, sql);

  g_assert_cmpuint (values->len, ==, 1);
  return g_strdup (g_ptr_array_index (values, 0));
}

/**
 * pr_test_fresh_database:
 * @params: where and as whom
 * @name: a database name, dropped first if it exists
 *
 * Returns: (transfer full): a connection to a new, empty database @name
 *   (utf8mb4); aborts on an error
 */
PrConnection *
pr_test_fresh_database (const PrConnectionParams *params,
                        const char               *name)
{
  g_autoptr(PrConnection) admin = pr_test_connect (params, NULL);
  g_autofree char *drop = g_strdup_printf ("DROP DATABASE IF EXISTS %s", name);
  g_autofree char *create = g_strdup_printf ("CREATE DATABASE %s CHARACTER SET utf8mb4", name);

  pr_test_execute (admin, drop);
  pr_test_execute (admin, create);
  return pr_test_connect (params, name);
}

/**
 * pr_test_connect:
 * @params: where and as whom
 * @database: (nullable): the database to use, or none
 *
 * Returns: (transfer full): a connection; aborts on an error
 */
PrConnection *
pr_test_connect (const PrConnectionParams *params,
                 const char               *database)
{
  g_autoptr(PrConnectionParams) copy = pr_connection_params_copy (params);
  g_autoptr(GError) error = NULL;
  PrConnection *connection;

  g_free (copy->database);
  copy->database = g_strdup (database);
  connection = pr_connection_open (copy, &error);
  g_assert_no_error (error);

  return connection;
}

/**
 * pr_test_start_sample_server:
 * @dir: a directory of the test's own, for the server's files
 *
 * Starts a server in @dir with the checkout's sample
 * (data/sample-petitions.csv) loaded into it; fails the test if it cannot.
 *
 * Returns: (transfer full): the server
 */
PrSampleServer *
pr_test_start_sample_server (const char *dir)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(GError) error = NULL;
  PrSampleServer *server = pr_sample_server_start (dir, sample, NULL, &error);

  g_assert_no_error (error);
  return server;
}

/**
 * pr_test_execute:
 * @connection: a connection
 * @sql: a statement
 *
 * Runs @sql; aborts on an error.
 */
void
pr_test_execute (PrConnection *connection,
                 const char   *sql)
{
  g_autoptr(GError) error = NULL;

  pr_connection_execute (connection, sql, &error);
  g_assert_no_error (error);
}
