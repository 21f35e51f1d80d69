/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-test-server.h"

static const PrConnectionParams *admin;

static void
test_uri_full (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) params =
    pr_connection_params_new_from_uri ("mariadb://alice@db.example.org:3307/records"
                                       "?tls=1&connect-timeout=5&read-timeout=30", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (params->host, ==, "db.example.org");
  g_assert_cmpuint (params->port, ==, 3307);
  g_assert_cmpstr (params->user, ==, "alice");
  g_assert_null (params->password);
  g_assert_cmpstr (params->database, ==, "records");
  g_assert_null (params->socket);
  g_assert_true (params->tls);
  g_assert_false (params->tls_verify);
  g_assert_null (params->tls_ca);
  g_assert_cmpuint (params->connect_timeout, ==, 5);
  g_assert_cmpuint (params->read_timeout, ==, 30);
}

static void
test_uri_socket (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) params =
    pr_connection_params_new_from_uri ("mysql://bob@localhost/petitions?socket=/run/mysqld/mysqld.sock", &error);
  g_autoptr(PrConnectionParams) no_host = NULL;
  g_autoptr(PrConnectionParams) copy = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (params->host, ==, "localhost");
  g_assert_cmpuint (params->port, ==, 0);
  g_assert_cmpstr (params->socket, ==, "/run/mysqld/mysqld.sock");
  g_assert_cmpstr (params->user, ==, "bob");
  g_assert_null (params->password);
  g_assert_cmpstr (params->database, ==, "petitions");
  g_assert_false (params->tls);

  /* A socket is enough without a host. */
  no_host = pr_connection_params_new_from_uri ("mariadb://bob@/petitions?socket=/tmp/x.sock", &error);
  g_assert_no_error (error);
  g_assert_null (no_host->host);
  g_assert_cmpstr (no_host->socket, ==, "/tmp/x.sock");

  copy = pr_connection_params_copy (params);
  g_assert_true (copy->socket != params->socket);
  g_assert_cmpstr (copy->socket, ==, params->socket);
  g_assert_cmpstr (copy->database, ==, params->database);
}

static void
test_uri_tls_ca (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) params =
    pr_connection_params_new_from_uri ("mariadb://carol@db:3306/x?tls-ca=/etc/ssl/office-ca.pem", &error);
  g_autoptr(PrConnectionParams) no_verify = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (params->tls_ca, ==, "/etc/ssl/office-ca.pem");
  g_assert_true (params->tls);
  g_assert_true (params->tls_verify);

  /* An explicit tls-verify after it still counts. */
  no_verify = pr_connection_params_new_from_uri ("mariadb://carol@db/x?tls=yes&tls-verify=false", &error);
  g_assert_no_error (error);
  g_assert_true (no_verify->tls);
  g_assert_false (no_verify->tls_verify);
}

static void
test_uri_errors (void)
{
  /* Every one carries the password, which no message may repeat. */
  static const char *const bad[] = {
    "postgres://u:hunter2@db/x",
    "http://u:hunter2@db/x",
    "mariadb://u:hunter2@db/x?colour=red",
    "mariadb://u:hunter2@db/x?tls=maybe",
    "mariadb://u:hunter2@db/x?tls-verify=2",
    "mariadb://u:hunter2@db/x?connect-timeout=0",
    "mariadb://u:hunter2@db/x?connect-timeout=abc",
    "mariadb://u:hunter2@db/x?read-timeout=99999",
    "mariadb://u:hunter2@db:99999/x",
    "mariadb://u:hunter2@/x",
    "mariadb://u:hunter2@db/a/b",
    "mariadb://u:hunter2@db/x?socket=%zz",
    "u:hunter2@db/x",
    "not a uri hunter2",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (bad[i], &error);

      g_test_message ("%s → %s", bad[i], error != NULL ? error->message : "(no error)");
      g_assert_null (params);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI);
      g_assert_null (strstr (error->message, "hunter2"));
    }
}

static void
test_describe (void)
{
  static const char *const uris[] = {
    "mariadb://alice@db.example.org:3307/records",
    "mariadb://alice@db.example.org/records",
    "mariadb://alice@localhost/records?socket=/run/mysqld/mysqld.sock",
    "mariadb://@db/",
    "mariadb://alice@[::1]:3307/records",
    "mariadb://alice@[fd00::5]/records",
  };
  static const char *const expected[] = {
    "alice@db.example.org:3307/records",
    "alice@db.example.org/records",
    "alice@/run/mysqld/mysqld.sock/records",
    "@db/",
    "alice@[::1]:3307/records",
    "alice@[fd00::5]/records",
  };

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (uris[i], &error);
      g_autofree char *description = NULL;

      g_assert_no_error (error);
      params->password = g_strdup ("s3cret");
      description = pr_connection_params_describe (params);
      g_assert_cmpstr (description, ==, expected[i]);
      g_assert_null (strstr (description, "s3cret"));
    }

  /* No host given: the client library goes to this machine, and the
   * description says so, never "(null)". */
  {
    g_autoptr(PrConnectionParams) params = pr_connection_params_new ();
    g_autofree char *description = NULL;

    params->user = g_strdup ("clerk");
    params->database = g_strdup ("xinfang");
    description = pr_connection_params_describe (params);
    g_assert_cmpstr (description, ==, "clerk@localhost/xinfang");
    params->port = 3307;
    g_clear_pointer (&description, g_free);
    description = pr_connection_params_describe (params);
    g_assert_cmpstr (description, ==, "clerk@localhost:3307/xinfang");
  }
}

static void
test_connect_no_server (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autoptr(PrConnectionParams) params = pr_connection_params_new ();
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  params->socket = g_build_filename (dir, "nobody-here.sock", NULL);
  params->user = g_strdup ("root");
  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (connection);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONNECT);
  g_assert_nonnull (strstr (error->message, "nobody-here.sock"));
  pr_test_remove_tree (dir);
}

static PrConnection *
open_admin (void)
{
  g_autoptr(GError) error = NULL;
  PrConnection *connection = pr_connection_open (admin, &error);

  g_assert_no_error (error);
  return connection;
}

static void
test_wrong_password (void)
{
  g_autoptr(PrConnection) connection = open_admin ();
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (admin);
  g_autoptr(PrConnection) user_connection = NULL;
  g_autoptr(GError) error = NULL;

  pr_connection_execute (connection, "CREATE USER 'pr_pw_user'@'localhost' IDENTIFIED BY 'right-secret'", &error);
  g_assert_no_error (error);

  g_free (params->user);
  params->user = g_strdup ("pr_pw_user");
  params->password = g_strdup ("wrong-secret");
  user_connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (user_connection);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_ACCESS_DENIED);
  g_assert_nonnull (strstr (error->message, "(server error 1045)"));
  g_assert_null (strstr (error->message, "wrong-secret"));
  g_clear_error (&error);

  /* The same account with its password gets in. */
  g_free (params->password);
  params->password = g_strdup ("right-secret");
  user_connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  g_assert_nonnull (user_connection);
}

static void
test_unknown_database (void)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (admin);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  params->database = g_strdup ("no_such_database");
  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(no error)");
  g_assert_null (connection);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_UNKNOWN_DATABASE);
  g_assert_nonnull (strstr (error->message, "(server error 1049)"));
}

static void
test_statement_errors (void)
{
  g_autoptr(PrConnection) connection = open_admin ();
  g_autoptr(GError) error = NULL;

  pr_connection_execute (connection, "SELECT * FROM mysql.no_such_table", &error);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_assert_nonnull (strstr (error->message, "(server error 1146)"));
  g_clear_error (&error);

  pr_connection_execute (connection, "THIS IS NOT SQL", &error);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_nonnull (strstr (error->message, "(server error 1064)"));
}

/* Runs @sql with @n_values string parameters, through a prepared statement. */
static void
execute_prepared (PrConnection      *connection,
                  const char        *sql,
                  const char *const *values,
                  guint              n_values)
{
  MYSQL *handle = _pr_connection_get_handle (connection);
  MYSQL_STMT *stmt = mysql_stmt_init (handle);
  g_autofree MYSQL_BIND *bind = g_new0 (MYSQL_BIND, n_values);
  g_autofree unsigned long *lengths = g_new0 (unsigned long, n_values);

  g_assert_nonnull (stmt);
  if (mysql_stmt_prepare (stmt, sql, strlen (sql)) != 0)
    g_error ("%s: %s", sql, mysql_stmt_error (stmt));
  g_assert_cmpuint (mysql_stmt_param_count (stmt), ==, n_values);
  for (guint i = 0; i < n_values; i++)
    {
      lengths[i] = strlen (values[i]);
      bind[i].buffer_type = MYSQL_TYPE_STRING;
      bind[i].buffer = (char *) values[i];
      bind[i].buffer_length = lengths[i];
      bind[i].length = &lengths[i];
    }
  if (mysql_stmt_bind_param (stmt, bind) != 0 || mysql_stmt_execute (stmt) != 0)
    g_error ("%s: %s", sql, mysql_stmt_error (stmt));
  mysql_stmt_close (stmt);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
check_quoted (const char *name,
              const char *expected)
{
  g_autofree char *quoted = pr_connection_quote_identifier (name);

  g_assert_cmpstr (quoted, ==, expected);
}

static void
test_quote_identifier (void)
{
  static const char *const tables[] = {
    "信访`表", "a\"b", "x;DROP TABLE y", "列 名", "it's", "``", "plain",
  };
  static const char *const columns[] = {
    "`", "a\"b", "x;DROP TABLE y", "列 名", "o'neil", "--", "/*c*/",
  };
  g_autoptr(PrConnection) connection = open_admin ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new ();

  check_quoted ("plain", "`plain`");
  check_quoted ("a`b", "`a``b`");
  check_quoted ("``", "``````");
  check_quoted ("", "``");

  pr_connection_execute (connection, "CREATE DATABASE quoting CHARACTER SET utf8mb4", &error);
  g_assert_no_error (error);
  pr_connection_execute (connection, "USE quoting", &error);
  g_assert_no_error (error);

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autofree char *table = pr_connection_quote_identifier (tables[t]);
      g_autoptr(GString) create = g_string_new (NULL);
      g_autoptr(GString) insert = g_string_new (NULL);
      g_autoptr(GString) placeholders = g_string_new (NULL);
      g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

      g_string_printf (create, "CREATE TABLE %s (", table);
      g_string_printf (insert, "INSERT INTO %s (", table);
      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        {
          g_autofree char *column = pr_connection_quote_identifier (columns[c]);

          g_string_append_printf (create, "%s%s VARCHAR(100)", c > 0 ? ", " : "", column);
          g_string_append_printf (insert, "%s%s", c > 0 ? ", " : "", column);
          g_string_append (placeholders, c > 0 ? ", ?" : "?");
          g_ptr_array_add (values, g_strdup_printf ("%s in %s", columns[c], tables[t]));
        }
      g_string_append (create, ") CHARACTER SET utf8mb4");
      g_string_append_printf (insert, ") VALUES (%s)", placeholders->str);

      pr_connection_execute (connection, create->str, &error);
      g_assert_no_error (error);
      execute_prepared (connection, insert->str, (const char *const *) values->pdata, values->len);

      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        {
          g_autofree char *column = pr_connection_quote_identifier (columns[c]);
          g_autofree char *select = g_strdup_printf ("SELECT %s FROM %s", column, table);
          g_autofree char *value = pr_test_query_value (connection, select);

          g_assert_cmpstr (value, ==, g_ptr_array_index (values, c));
        }
    }

  /* The catalogue holds exactly the names given: nothing was cut off at a
   * quote or a semicolon, and no table y was dropped or made. */
  found = pr_test_query_column (connection,
                                "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'quoting'");
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    g_ptr_array_add (expected, (gpointer) tables[t]);
  g_ptr_array_sort (found, compare_strings);
  g_ptr_array_sort (expected, compare_strings);
  g_assert_cmpuint (found->len, ==, expected->len);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpstr (g_ptr_array_index (found, i), ==, g_ptr_array_index (expected, i));

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autoptr(GPtrArray) names = NULL;
      g_autofree char *sql = NULL;
      const char *table_value[] = { tables[t] };

      /* The table's name goes in as a value: a temporary copy of the
       * catalogue's rows, selected through a prepared statement. */
      pr_connection_execute (connection, "DROP TEMPORARY TABLE IF EXISTS wanted", &error);
      g_assert_no_error (error);
      pr_connection_execute (connection, "CREATE TEMPORARY TABLE wanted (name VARCHAR(64)) CHARACTER SET utf8mb4",
                             &error);
      g_assert_no_error (error);
      execute_prepared (connection, "INSERT INTO wanted VALUES (?)", table_value, 1);
      sql = g_strdup ("SELECT c.COLUMN_NAME FROM information_schema.COLUMNS c JOIN wanted w "
                      "ON c.TABLE_NAME = w.name COLLATE utf8mb4_bin "
                      "WHERE c.TABLE_SCHEMA = 'quoting' ORDER BY c.ORDINAL_POSITION");
      names = pr_test_query_column (connection, sql);
      g_assert_cmpuint (names->len, ==, G_N_ELEMENTS (columns));
      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        g_assert_cmpstr (g_ptr_array_index (names, c), ==, columns[c]);
    }

  pr_connection_execute (connection, "DROP DATABASE quoting", &error);
  g_assert_no_error (error);
}

static void
test_utf8mb4_round_trip (void)
{
  /* Emoji, a ZWJ sequence, a flag, CJK Extension B, and plain Chinese. */
  static const char *const texts[] = {
    "信访 😀",
    "𠀀𠀁𪚥 生僻字",
    "👨‍👩‍👧 🇨🇳 ✊🏽",
    "全角ＡＢＣ　半角abc",
  };
  g_autoptr(PrConnection) connection = open_admin ();
  g_autoptr(GError) error = NULL;

  pr_connection_execute (connection, "CREATE DATABASE round_trip CHARACTER SET utf8mb4", &error);
  g_assert_no_error (error);
  pr_connection_execute (connection,
                         "CREATE TABLE round_trip.t (id INT AUTO_INCREMENT PRIMARY KEY, body TEXT) "
                         "CHARACTER SET utf8mb4", &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *select = g_strdup_printf ("SELECT body FROM round_trip.t WHERE id = %u", i + 1);
      g_autofree char *length_sql = g_strdup_printf ("SELECT CHAR_LENGTH(body) FROM round_trip.t WHERE id = %u", i + 1);
      g_autofree char *value = NULL;
      g_autofree char *length = NULL;
      g_autofree char *expected_length = NULL;

      execute_prepared (connection, "INSERT INTO round_trip.t (body) VALUES (?)", &texts[i], 1);
      value = pr_test_query_value (connection, select);
      g_assert_cmpstr (value, ==, texts[i]);
      /* Stored as characters, not as bytes reinterpreted. */
      length = pr_test_query_value (connection, length_sql);
      expected_length = g_strdup_printf ("%ld", g_utf8_strlen (texts[i], -1));
      g_assert_cmpstr (length, ==, expected_length);
    }

  pr_connection_execute (connection, "DROP DATABASE round_trip", &error);
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/connection/uri/full", test_uri_full);
  g_test_add_func ("/db/connection/uri/socket", test_uri_socket);
  g_test_add_func ("/db/connection/uri/tls-ca", test_uri_tls_ca);
  g_test_add_func ("/db/connection/uri/errors", test_uri_errors);
  g_test_add_func ("/db/connection/describe", test_describe);
  g_test_add_func ("/db/connection/connect/no-server", test_connect_no_server);
  g_test_add_func ("/db/connection/connect/wrong-password", test_wrong_password);
  g_test_add_func ("/db/connection/connect/unknown-database", test_unknown_database);
  g_test_add_func ("/db/connection/statement-errors", test_statement_errors);
  g_test_add_func ("/db/connection/quote-identifier", test_quote_identifier);
  g_test_add_func ("/db/connection/utf8mb4", test_utf8mb4_round_trip);

  admin = pr_test_server_start ();
  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
