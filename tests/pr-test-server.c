/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The db tests run against a real server: a throwaway mariadbd in a
 * temporary directory, reachable through its socket only. Each test
 * program starts one in main() and shares it among its tests.
 *
 * Making a data directory (mariadb-install-db) takes about two seconds of
 * a start, and gives every program the same files: one is made per build
 * directory and copied into each program's server directory before the
 * start, which then finds it there. It is made by a start and a clean stop
 * of a throwaway server, as a test would make it, and kept under a name
 * derived from the mariadbd and mariadb-install-db binaries and from the
 * source that runs install-db (src/db/pr-sample-server.c: its options), so
 * that none of them can change under a copy. Programs started at once may
 * each make one; each is made under a temporary name and renamed into
 * place, and the first rename wins.
 */
#define G_LOG_DOMAIN "pr-test-server"

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "pr-connection-private.h"
#include "pr-sample-server.h"
#include "pr-sample-server-private.h"
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

/* Appends what identifies the program found by @names, as the sample
 * server finds it, to @key: its path, inode, size and time. */
static void
add_program_to_key (GString           *key,
                    const char *const *names)
{
  g_autofree char *path = pr_sample_server_find_program (names);
  struct stat info;

  if (path != NULL && g_stat (path, &info) == 0)
    g_string_append_printf (key, "%s:%lu:%ld:%ld.%09ld\n", path, (unsigned long) info.st_ino, (long) info.st_size,
                            (long) info.st_mtim.tv_sec, info.st_mtim.tv_nsec);
  else
    g_string_append_printf (key, "%s: not found\n", names[0]);
}

/* The name of the ready-made data directory for this machine's server
 * programs and this checkout's way of making one, or NULL outside meson's
 * test environment. */
static char *
ready_data_dir_path (void)
{
  const char *build_dir = g_getenv ("G_TEST_BUILDDIR");
  const char *source_dir = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *maker = NULL;
  g_autofree char *maker_text = NULL;
  g_autoptr(GString) key = g_string_new (g_get_user_name ());
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;

  if (build_dir == NULL || source_dir == NULL)
    return NULL;
  maker = g_build_filename (source_dir, "src", "db", "pr-sample-server.c", NULL);
  if (!g_file_get_contents (maker, &maker_text, NULL, NULL))
    return NULL;
  g_string_append_c (key, '\n');
  add_program_to_key (key, (const char *const[]) { "mariadbd", "mysqld", NULL });
  add_program_to_key (key, (const char *const[]) { "mariadb-install-db", "mysql_install_db", NULL });
  g_string_append (key, maker_text);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
  name = g_strdup_printf ("server-data-%.16s", digest);
  return g_build_filename (build_dir, name, NULL);
}

static void
copy_tree (GFile *from,
           GFile *to)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileEnumerator) children = NULL;

  if (g_file_query_file_type (from, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      g_file_copy (from, to, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      return;
    }
  g_file_make_directory (to, NULL, &error);
  g_assert_no_error (error);
  children = g_file_enumerate_children (from, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                        NULL, &error);
  g_assert_no_error (error);
  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      g_autoptr(GFile) target = NULL;

      g_file_enumerator_iterate (children, &info, &child, NULL, &error);
      g_assert_no_error (error);
      if (info == NULL)
        break;
      target = g_file_get_child (to, g_file_info_get_name (info));
      copy_tree (child, target);
    }
}

/* Makes the ready-made data directory at @path: a throwaway server started
 * and stopped cleanly in a directory beside it, whose data is renamed to
 * @path unless another program's got there first. */
static void
make_ready_data_dir (const char *path)
{
  g_autofree char *parent = g_path_get_dirname (path);
  g_autofree char *base = g_build_filename (parent, "server-data-new-XXXXXX", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  PrSampleServer *maker;

  g_assert_nonnull (g_mkdtemp (base));
  maker = pr_sample_server_start_empty (base, NULL, &error);
  g_assert_no_error (error);
  pr_sample_server_stop (maker, &error);
  g_assert_no_error (error);
  pr_sample_server_free (maker);
  data = g_build_filename (base, "data", NULL);
  if (g_rename (data, path) != 0 && errno != EEXIST && errno != ENOTEMPTY)
    g_error ("cannot rename %s to %s: %s", data, path, g_strerror (errno));
  pr_test_remove_tree (base);
}

/**
 * pr_test_server_seed_data_dir:
 * @base_dir: the directory a throwaway server is to be started in
 *
 * Puts a copy of the ready-made data directory in @base_dir, making it
 * first if there is none yet, unless @base_dir holds one; outside meson's
 * test environment the start makes its own.
 */
void
pr_test_server_seed_data_dir (const char *base_dir)
{
  g_autofree char *ready = ready_data_dir_path ();
  g_autofree char *data = g_build_filename (base_dir, "data", NULL);
  g_autoptr(GFile) from = NULL;
  g_autoptr(GFile) to = NULL;

  if (ready == NULL || g_file_test (data, G_FILE_TEST_EXISTS))
    return;
  if (!g_file_test (ready, G_FILE_TEST_IS_DIR))
    make_ready_data_dir (ready);
  from = g_file_new_for_path (ready);
  to = g_file_new_for_path (data);
  copy_tree (from, to);
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
  pr_test_server_seed_data_dir (server_dir);
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
