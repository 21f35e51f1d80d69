/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The connection string's options: what turns TLS on, what contradicts
 * itself or is given twice (refused), a password in it (refused), a
 * string without a database where a table is read; and localhost:PORT,
 * which must reach the server listening on that port by TCP, not the
 * client library's default socket.
 *
 * For that, two throwaway servers: the usual one (socket only), and a
 * second one listening on 127.0.0.1 only, as an SSH tunnel's end would.
 * Each holds a table saying which server it is. Connector/C's environment
 * points elsewhere than the strings say (MYSQL_UNIX_PORT to the first
 * server's socket, MYSQL_TCP_PORT to the second's port, read when the
 * library starts; MYSQL_PWD to the tunnel's password, read at each
 * connection): the string and the password given are the whole
 * connection, so none of it may count.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"

#define TUNNEL_PASSWORD "Tunnel-pw-8812"

static const PrConnectionParams *admin;
static PrSampleServer *tcp_server;
static char *tcp_dir;
static guint tcp_port;
static char *default_socket_dir;

static PrConnectionParams *
parse_ok (const char *uri)
{
  g_autoptr(GError) error = NULL;
  PrConnectionParams *params = pr_connection_params_new_from_uri (uri, &error);

  g_test_message ("%s", uri);
  g_assert_no_error (error);
  return params;
}

static void
assert_refused (const char *uri,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (uri, &error);

  g_test_message ("%s → %s", uri, error != NULL ? error->message : "(accepted)");
  g_assert_null (params);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI);
  g_assert_nonnull (strstr (error->message, words));
}

/* tls-verify=1 asks for a checked certificate: that is TLS. */
static void
test_tls_verify_turns_tls_on (void)
{
  g_autoptr(PrConnectionParams) verify = parse_ok ("mariadb://u@db.example/x?tls-verify=1");
  g_autoptr(PrConnectionParams) ca_after_tls = parse_ok ("mariadb://u@db.example/x?tls=1&tls-ca=/etc/ca.pem");
  g_autoptr(PrConnectionParams) no_name = parse_ok ("mariadb://u@db.example/x?tls-verify=0&tls-ca=/etc/ca.pem");
  g_autoptr(PrConnectionParams) plain = parse_ok ("mariadb://u@db.example/x?tls-verify=0");

  g_assert_true (verify->tls);
  g_assert_true (verify->tls_verify);
  g_assert_true (ca_after_tls->tls);
  g_assert_true (ca_after_tls->tls_verify);
  /* Given before the CA, tls-verify=0 still counts (the name is not checked). */
  g_assert_true (no_name->tls);
  g_assert_false (no_name->tls_verify);
  g_assert_false (plain->tls);
}

static void
test_contradictions (void)
{
  /* Either order: read one way, TLS would be off without a word. */
  assert_refused ("mariadb://u@db/x?tls=0&tls-ca=/etc/ca.pem", "tls=0");
  assert_refused ("mariadb://u@db/x?tls-ca=/etc/ca.pem&tls=0", "tls=0");
  assert_refused ("mariadb://u@db/x?tls=no&tls-verify=1", "tls-verify=1");
  assert_refused ("mariadb://u@db/x?tls-verify=yes&tls=false", "tls-verify=1");
  /* One slash: no server named, not a database "root@127.0.0.1:33991/red". */
  assert_refused ("mariadb:/root@127.0.0.1:33991/red", "no “//” after “mariadb:”, so it names no server");
  assert_refused ("mysql:root@db/x", "no “//” after “mysql:”");
  /* A socket has no port, and is on this computer. */
  assert_refused ("mariadb://u@localhost:3307/x?socket=/run/mysqld/mysqld.sock", "port 3307");
  assert_refused ("mariadb://u@db.example/x?socket=/run/mysqld/mysqld.sock", "db.example");
  /* An empty socket would be the default one; an empty CA, none. */
  assert_refused ("mariadb://u@localhost/x?socket=", "“socket” has no value");
  assert_refused ("mariadb://u@db/x?tls-ca=", "“tls-ca” has no value");
}

static void
test_given_twice (void)
{
  assert_refused ("mariadb://u@db/x?tls=1&tls=0", "“tls” twice");
  assert_refused ("mariadb://u@db/x?tls-ca=/a.pem&tls-ca=/b.pem", "“tls-ca” twice");
  assert_refused ("mariadb://u@localhost/x?socket=/a.sock&socket=/b.sock", "“socket” twice");
  assert_refused ("mariadb://u@db/x?read-timeout=5&connect-timeout=5&read-timeout=50", "“read-timeout” twice");
  /* Port 0 would be the default port; a fragment would be dropped. */
  assert_refused ("mariadb://u@db:0/x", "port 0");
  assert_refused ("mariadb://u@db/x#archive", "“#archive”");
  assert_refused ("mariadb://u@db/x?tls=1#", "%23");
}

/* Refused, saying how to give it, and not repeating it. */
static void
test_password_refused (void)
{
  static const char *const uris[] = {
    "mariadb://u:hunter2@db/x",
    "mariadb://u:hunter2@localhost/x?socket=/run/mysqld/mysqld.sock",
    "mysql://u:hunter2@db:3307/x?tls=1",
    "mariadb://u:@db/x",
  };

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (uris[i], &error);

      g_test_message ("%s → %s", uris[i], error != NULL ? error->message : "(accepted)");
      g_assert_null (params);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI);
      g_assert_nonnull (strstr (error->message, "PETITION_REVIEW_PASSWORD"));
      g_assert_nonnull (strstr (error->message, "--password-file"));
      g_assert_null (strstr (error->message, "hunter2"));
    }
}

/* Which server a connection reached, by its own table. */
static char *
which_server (PrConnection *connection)
{
  return pr_test_query_value (connection, "SELECT name FROM t");
}

static void
set_up_server (PrConnection *connection,
               const char   *name)
{
  g_autofree char *insert = g_strdup_printf ("INSERT INTO which.t VALUES (1, '%s', 'one two three four')", name);

  pr_test_execute (connection, "CREATE DATABASE which");
  pr_test_execute (connection, "CREATE TABLE which.t (id INT PRIMARY KEY, name VARCHAR(20), body TEXT)");
  pr_test_execute (connection, insert);
  /* With skip-name-resolve a TCP client is 127.0.0.1, a socket's localhost. */
  pr_test_execute (connection, "CREATE USER 'tunnel'@'%' IDENTIFIED BY '" TUNNEL_PASSWORD "'");
  pr_test_execute (connection, "CREATE USER 'tunnel'@'localhost' IDENTIFIED BY '" TUNNEL_PASSWORD "'");
  pr_test_execute (connection, "GRANT ALL ON which.* TO 'tunnel'@'%'");
  pr_test_execute (connection, "GRANT ALL ON which.* TO 'tunnel'@'localhost'");
}

static char *
tcp_uri (const char *host)
{
  return g_strdup_printf ("mariadb://tunnel@%s:%u/which", host, tcp_port);
}

/* The library: localhost:PORT and 127.0.0.1:PORT reach the TCP server. */
static void
test_localhost_port_is_tcp (void)
{
  const char *const hosts[] = { "localhost", "127.0.0.1" };

  for (guint i = 0; i < G_N_ELEMENTS (hosts); i++)
    {
      g_autofree char *uri = tcp_uri (hosts[i]);
      g_autoptr(PrConnectionParams) params = parse_ok (uri);
      g_autoptr(PrConnection) connection = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *which = NULL;

      params->password = g_strdup (TUNNEL_PASSWORD);
      connection = pr_connection_open (params, &error);
      g_test_message ("%s → %s", uri, error != NULL ? error->message : "(connected)");
      g_assert_no_error (error);
      which = which_server (connection);
      g_assert_cmpstr (which, ==, "tcp");
    }
}

/* localhost without a port is the client library's compiled default
 * socket, not MYSQL_UNIX_PORT's (the first server here). */
static void
test_env_unix_port_ignored (void)
{
  g_autoptr(PrConnectionParams) params = parse_ok ("mariadb://tunnel@localhost/which");
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  params->password = g_strdup (TUNNEL_PASSWORD);
  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(connected)");
  /* No server is at the default socket here; if one were, it would not
   * be this test's. */
  if (connection != NULL)
    {
      g_autofree char *which = pr_test_query_value (connection, "SELECT COUNT(*) FROM information_schema.SCHEMATA "
                                                                "WHERE SCHEMA_NAME = 'which'");

      g_assert_cmpstr (which, ==, "0");
      return;
    }
  g_assert_nonnull (strstr (error->message, MARIADB_UNIX_ADDR));
}

/* 127.0.0.1 without a port is port 3306, not MYSQL_TCP_PORT's (the
 * second server here), where nothing listens. */
static void
test_env_tcp_port_ignored (void)
{
  g_autoptr(PrConnectionParams) params = parse_ok ("mariadb://tunnel@127.0.0.1/which");
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  params->password = g_strdup (TUNNEL_PASSWORD);
  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(connected)");
  g_assert_null (connection);
  g_assert_nonnull (error);
}

/* Without a password the password is empty: MYSQL_PWD, which would let
 * the tunnel's account in, does not count. With the password given, the
 * same string connects, so the refusal is the password's. */
static void
test_env_password_ignored (void)
{
  g_autofree char *uri = tcp_uri ("127.0.0.1");
  g_autoptr(PrConnectionParams) params = parse_ok (uri);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrConnection) with_password = NULL;
  g_autoptr(GError) error = NULL;

  g_setenv ("MYSQL_PWD", TUNNEL_PASSWORD, TRUE);
  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(connected)");
  g_assert_null (connection);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_ACCESS_DENIED);
  g_clear_error (&error);

  params->password = g_strdup (TUNNEL_PASSWORD);
  with_password = pr_connection_open (params, &error);
  g_unsetenv ("MYSQL_PWD");
  g_assert_no_error (error);
}

/* Without a user the client library would log in as the computer's
 * login (here the first server's own account, with all rights). */
static void
test_no_user_refused (void)
{
  g_autofree char *socket = g_uri_escape_string (admin->socket, NULL, FALSE);
  g_autofree char *uri = g_strdup_printf ("mariadb://localhost/which?socket=%s", socket);
  g_autoptr(PrConnectionParams) params = parse_ok (uri);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;

  connection = pr_connection_open (params, &error);
  g_test_message ("%s", error != NULL ? error->message : "(connected)");
  g_assert_null (connection);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "no database user"));

  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "scan", "--db", uri, "--table", "t",
                                                                         "--id", "id", "--text", "body", NULL }),
                   ==, 1);
  g_assert_nonnull (strstr (err, "no database user"));
}

/* The command line, as a reviewer runs it through a tunnel: the records
 * read are the TCP server's. */
static void
test_cli_localhost_port (void)
{
  g_autofree char *uri = tcp_uri ("localhost");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  g_setenv ("PETITION_REVIEW_PASSWORD", TUNNEL_PASSWORD, TRUE);
  status = pr_test_run_cli (&out, &err, (const char *const[]) { "fingerprint", "--db", uri, "--table", "t",
                                                                 "--id", "name", "--text", "body", NULL });
  g_unsetenv ("PETITION_REVIEW_PASSWORD");
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_str_has_prefix (out, "id,fingerprint\r\ntcp,"));
}

/* A table is read in the string's database: without one, say so. */
static void
test_cli_no_database (void)
{
  g_autofree char *socket = g_uri_escape_string (admin->socket, NULL, FALSE);
  g_autofree char *uri = g_strdup_printf ("mariadb://%s@localhost?socket=%s", admin->user, socket);
  g_autofree char *uri_slash = g_strdup_printf ("mariadb://%s@localhost/?socket=%s", admin->user, socket);
  const char *const uris[] = { uri, uri_slash };

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      g_autofree char *err = NULL;
      int status = pr_test_run_cli (NULL, &err, (const char *const[]) { "scan", "--db", uris[i], "--table", "t",
                                                                         "--text", "body", NULL });

      g_test_message ("%s", err);
      g_assert_cmpint (status, ==, 1);
      g_assert_nonnull (strstr (err, "names no database"));
    }
}

/* A port free on 127.0.0.1 now; the server takes it a moment later. */
static guint
free_port (void)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any_port = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (socket);
  g_socket_bind (socket, any_port, FALSE, &error);
  g_assert_no_error (error);
  bound = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static void
start_tcp_server (void)
{
  g_autofree char *port_arg = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) tcp_admin = NULL;
  g_autoptr(PrConnection) connection = NULL;

  port_arg = g_strdup_printf ("--port=%u", tcp_port);
  tcp_dir = pr_test_make_temp_dir ();
  tcp_server = pr_sample_server_start_empty_with_options (tcp_dir,
                                                          (const char *const[]) { "--skip-networking=0",
                                                                                  "--bind-address=127.0.0.1",
                                                                                  port_arg, NULL },
                                                          NULL, &error);
  g_assert_no_error (error);
  tcp_admin = pr_sample_server_get_admin_params (tcp_server);
  connection = pr_test_connect (tcp_admin, NULL);
  set_up_server (connection, "tcp");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *default_socket = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* Before Connector/C starts, which reads them then: its default socket
   * leads to the first server, its default port to the second. */
  default_socket_dir = pr_test_make_temp_dir ();
  default_socket = g_build_filename (default_socket_dir, "default.sock", NULL);
  g_setenv ("MYSQL_UNIX_PORT", default_socket, TRUE);
  g_setenv ("MARIADB_UNIX_PORT", default_socket, TRUE);
  tcp_port = free_port ();
  {
    g_autofree char *port = g_strdup_printf ("%u", tcp_port);

    g_setenv ("MYSQL_TCP_PORT", port, TRUE);
  }

  g_test_add_func ("/db/connection/uri/tls-verify-turns-tls-on", test_tls_verify_turns_tls_on);
  g_test_add_func ("/db/connection/uri/contradictions", test_contradictions);
  g_test_add_func ("/db/connection/uri/given-twice", test_given_twice);
  g_test_add_func ("/db/connection/uri/password-refused", test_password_refused);
  g_test_add_func ("/db/connection/tcp/localhost-port", test_localhost_port_is_tcp);
  g_test_add_func ("/db/connection/env/unix-port-ignored", test_env_unix_port_ignored);
  g_test_add_func ("/db/connection/env/tcp-port-ignored", test_env_tcp_port_ignored);
  g_test_add_func ("/db/connection/env/password-ignored", test_env_password_ignored);
  g_test_add_func ("/db/connection/env/no-user-refused", test_no_user_refused);
  g_test_add_func ("/cli/common/tcp-localhost-port", test_cli_localhost_port);
  g_test_add_func ("/cli/common/no-database", test_cli_no_database);

  admin = pr_test_server_start ();
  g_assert_cmpint (symlink (admin->socket, default_socket), ==, 0);
  {
    g_autoptr(PrConnection) connection = pr_test_connect (admin, NULL);

    set_up_server (connection, "socket");
  }
  start_tcp_server ();

  status = g_test_run ();

  pr_sample_server_stop (tcp_server, NULL);
  g_clear_pointer (&tcp_server, pr_sample_server_free);
  pr_test_remove_tree (tcp_dir);
  pr_test_server_stop ();
  pr_test_remove_tree (default_socket_dir);

  return status;
}
