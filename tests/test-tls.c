/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * TLS to the database, for real: a test CA and certificates made with the
 * openssl program when the test runs, a throwaway mariadbd that offers TLS
 * with them, and the connection strings a site would write.
 *
 * All of it goes over the server's unix socket. MariaDB 10.11 with
 * Connector/C 3.3 (Debian 12) does TLS there just as over TCP, name check
 * included (the name checked is "localhost"), so the server stays off the
 * network like every other test's. Connector/C 3.4 no longer does TLS on a
 * local socket (MDEV-34730): with it these tests fail at their first
 * cipher check, and would have to move to a port on 127.0.0.1.
 *
 * Whether a session is encrypted is asked of the server (its Ssl_cipher
 * status), not of the client library.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "pr-connection-private.h"
#include "pr-test-server.h"

typedef enum {
  SERVER_PLAIN,            /* no TLS at all */
  SERVER_TLS,              /* a certificate for localhost, from the test CA */
  SERVER_TLS_WRONG_NAME,   /* from the test CA too, but for another host */
} ServerMode;

/* Only what the certificates need, so the machine's openssl.cnf plays no
 * part. */
static const char openssl_config[] =
  "[req]\n"
  "distinguished_name = dn\n"
  "prompt = no\n"
  "[dn]\n"
  "CN = unused\n"
  "[ca]\n"
  "basicConstraints = critical, CA:TRUE\n"
  "keyUsage = critical, keyCertSign, cRLSign\n"
  "subjectKeyIdentifier = hash\n"
  "[localhost]\n"
  "basicConstraints = critical, CA:FALSE\n"
  "keyUsage = critical, digitalSignature\n"
  "extendedKeyUsage = serverAuth\n"
  "subjectAltName = DNS:localhost\n"
  "[elsewhere]\n"
  "basicConstraints = critical, CA:FALSE\n"
  "keyUsage = critical, digitalSignature\n"
  "extendedKeyUsage = serverAuth\n"
  "subjectAltName = DNS:db.example.org\n";

#define TLS_ONLY_USER "pr_tls_only"
#define TLS_ONLY_PASSWORD "tls-only-secret"

static const PrConnectionParams *admin;
static ServerMode server_mode;
static char *cert_dir;

static char *
cert_path (const char *name)
{
  return g_build_filename (cert_dir, name, NULL);
}

/* Runs openssl in the certificate directory; aborts with its complaint. */
static void
run_openssl (const char *first,
             ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  va_list args;

  g_ptr_array_add (argv, (char *) "openssl");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (cert_dir, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                NULL, NULL, NULL, &err, &status, &error);
  if (error != NULL)
    g_error ("cannot run openssl (install the package openssl): %s", error->message);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("openssl %s failed:\n%s", first, err);
}

/* NAME.pem and NAME.key: a self-signed CA. P-256 keys: made at once, where
 * RSA ones take a noticeable while under valgrind's clock. */
static void
make_ca (const char *name,
         const char *subject)
{
  g_autofree char *key = g_strconcat (name, ".key", NULL);
  g_autofree char *pem = g_strconcat (name, ".pem", NULL);

  run_openssl ("req", "-x509", "-config", "openssl.cnf", "-extensions", "ca",
               "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
               "-keyout", key, "-out", pem, "-days", "2", "-subj", subject, NULL);
}

/* NAME.pem and NAME.key: a server certificate the test CA signs, with the
 * extensions of the config's section NAME. */
static void
make_server_cert (const char *name,
                  const char *subject,
                  const char *serial)
{
  g_autofree char *key = g_strconcat (name, ".key", NULL);
  g_autofree char *csr = g_strconcat (name, ".csr", NULL);
  g_autofree char *pem = g_strconcat (name, ".pem", NULL);

  run_openssl ("req", "-new", "-config", "openssl.cnf",
               "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
               "-keyout", key, "-out", csr, "-subj", subject, NULL);
  run_openssl ("x509", "-req", "-in", csr, "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", serial,
               "-days", "2", "-extfile", "openssl.cnf", "-extensions", name, "-out", pem, NULL);
}

static void
make_certificates (void)
{
  g_autofree char *config = cert_path ("openssl.cnf");
  g_autoptr(GError) error = NULL;

  g_file_set_contents (config, openssl_config, -1, &error);
  g_assert_no_error (error);

  make_ca ("ca", "/CN=Petition Review test CA");
  /* Unrelated to the first: same kind of certificate, another key. */
  make_ca ("other-ca", "/CN=Petition Review other test CA");
  make_server_cert ("localhost", "/CN=localhost", "1");
  make_server_cert ("elsewhere", "/CN=db.example.org", "2");
}

static GStrv
server_options (ServerMode mode)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *name = mode == SERVER_TLS ? "localhost" : "elsewhere";
  g_autofree char *ca_arg = NULL;
  g_autofree char *cert_arg = NULL;
  g_autofree char *key_arg = NULL;

  /* Said outright: MariaDB 11.4 makes itself a certificate when given none. */
  if (mode == SERVER_PLAIN)
    {
      g_strv_builder_add (builder, "--skip-ssl");
      return g_strv_builder_end (builder);
    }

  ca_arg = g_strconcat ("--ssl-ca=", cert_dir, "/ca.pem", NULL);
  cert_arg = g_strconcat ("--ssl-cert=", cert_dir, "/", name, ".pem", NULL);
  key_arg = g_strconcat ("--ssl-key=", cert_dir, "/", name, ".key", NULL);
  g_strv_builder_add_many (builder, ca_arg, cert_arg, key_arg, NULL);

  return g_strv_builder_end (builder);
}

/* A server that fails to load its certificate starts anyway, without TLS,
 * and says why only in its log: fail here, not in a test's assertion. */
static void
check_server_mode (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = pr_connection_open (admin, &error);
  g_autofree char *have_ssl = NULL;

  g_assert_no_error (error);
  have_ssl = pr_test_query_value (connection, "SELECT @@have_ssl");
  g_assert_cmpstr (have_ssl, ==, server_mode == SERVER_PLAIN ? "DISABLED" : "YES");
}

/* Each test says which server it needs; the server is restarted only when
 * that changes, so running the tests in order costs two restarts. */
static void
use_server (ServerMode mode)
{
  g_auto(GStrv) options = NULL;

  if (mode == server_mode)
    return;
  options = server_options (mode);
  pr_test_server_restart ((const char *const *) options);
  server_mode = mode;
  check_server_mode ();
}

static char *make_uri (const char *userinfo,
                       const char *database,
                       const char *format,
                       ...) G_GNUC_PRINTF (3, 4);

/* A connection string to the throwaway server's socket, with @format's
 * options after it. */
static char *
make_uri (const char *userinfo,
          const char *database,
          const char *format,
          ...)
{
  g_autofree char *socket = g_uri_escape_string (admin->socket, "/", FALSE);
  g_autofree char *options = NULL;
  va_list args;

  va_start (args, format);
  options = g_strdup_vprintf (format, args);
  va_end (args);

  return g_strdup_printf ("mariadb://%s@localhost/%s?socket=%s%s%s", userinfo, database != NULL ? database : "",
                          socket, options[0] != '\0' ? "&" : "", options);
}

/* An option's value: a file of the certificate directory, %-escaped. */
static char *
cert_option (const char *name)
{
  g_autofree char *path = cert_path (name);

  return g_uri_escape_string (path, "/", FALSE);
}

/* The password of the next connection, which a connection string may
 * not hold; NULL for none. */
static const char *password;

static PrConnectionParams *
parse (const char *uri)
{
  g_autoptr(GError) error = NULL;
  PrConnectionParams *params = pr_connection_params_new_from_uri (uri, &error);

  g_assert_no_error (error);
  params->password = g_strdup (password);
  return params;
}

static PrConnection *
connect_ok (const char *uri)
{
  g_autoptr(PrConnectionParams) params = parse (uri);
  g_autoptr(GError) error = NULL;
  PrConnection *connection;

  g_test_message ("%s", uri);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);

  return connection;
}

/* Returns the message, for the caller's own checks. */
static char *
connect_fails (const char *uri,
               PrDbError   code,
               const char *server_error)
{
  g_autoptr(PrConnectionParams) params = parse (uri);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  g_test_message ("%s", uri);
  connection = pr_connection_open (params, &error);
  g_test_message ("→ %s", error != NULL ? error->message : "(connected)");
  g_assert_null (connection);
  g_assert_error (error, PR_DB_ERROR, (int) code);
  g_assert_nonnull (strstr (error->message, server_error));

  return g_strdup (error->message);
}

/* The server's view: the session's cipher, "" when it is not encrypted. */
static char *
session_cipher (PrConnection *connection)
{
  return pr_test_query_value (connection,
                              "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
                              "WHERE VARIABLE_NAME = 'SSL_CIPHER'");
}

static void
assert_encrypted (PrConnection *connection)
{
  g_autofree char *cipher = session_cipher (connection);
  g_autofree char *version = pr_test_query_value (connection,
                                                  "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
                                                  "WHERE VARIABLE_NAME = 'SSL_VERSION'");

  g_test_message ("encrypted: %s, %s", version, cipher);
  g_assert_cmpstr (cipher, !=, "");
  g_assert_true (g_str_has_prefix (version, "TLSv1."));
}

static void
test_plain_by_default (void)
{
  g_autofree char *uri = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autofree char *cipher = NULL;

  use_server (SERVER_TLS);

  /* Without tls in the string, no TLS even where the server offers it:
   * and the cipher check tells the two apart. */
  uri = make_uri (admin->user, NULL, "%s", "");
  connection = connect_ok (uri);
  cipher = session_cipher (connection);
  g_assert_cmpstr (cipher, ==, "");
}

static void
test_verified (void)
{
  g_autofree char *ca = cert_option ("ca.pem");
  g_autofree char *uri = NULL;
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(PrConnection) connection = NULL;

  use_server (SERVER_TLS);

  /* tls-ca alone turns on TLS and the check of certificate and name. */
  uri = make_uri (admin->user, NULL, "tls-ca=%s", ca);
  params = parse (uri);
  g_assert_true (params->tls);
  g_assert_true (params->tls_verify);
  connection = connect_ok (uri);
  assert_encrypted (connection);
  g_clear_pointer (&connection, pr_connection_close);
  g_free (uri);

  uri = make_uri (admin->user, NULL, "tls=1&tls-verify=1&tls-ca=%s", ca);
  connection = connect_ok (uri);
  assert_encrypted (connection);
}

static void
test_not_verified (void)
{
  g_autofree char *uri = NULL;
  g_autoptr(PrConnection) connection = NULL;

  use_server (SERVER_TLS);

  /* Encrypted, though nothing says whose the certificate is. */
  uri = make_uri (admin->user, NULL, "tls=1");
  connection = connect_ok (uri);
  assert_encrypted (connection);
}

static void
test_wrong_ca (void)
{
  g_autofree char *other_ca = cert_option ("other-ca.pem");
  g_autofree char *missing_ca = cert_option ("no-such-ca.pem");
  g_autofree char *uri = NULL;
  g_autofree char *message = NULL;

  use_server (SERVER_TLS);

  uri = make_uri (admin->user, NULL, "tls-ca=%s", other_ca);
  message = connect_fails (uri, PR_DB_ERROR_TLS, "(client library error 2026)");
  g_assert_nonnull (strstr (message, "certificate"));
  g_free (uri);
  g_free (message);

  /* Connector/C checks the chain against any CA it is given: tls-verify=0
   * leaves out only the name. */
  uri = make_uri (admin->user, NULL, "tls-ca=%s&tls-verify=0", other_ca);
  message = connect_fails (uri, PR_DB_ERROR_TLS, "(client library error 2026)");
  g_free (uri);
  g_free (message);

  /* Verification without a CA file goes by the system's CAs, which have
   * never heard of the test CA. */
  uri = make_uri (admin->user, NULL, "tls=1&tls-verify=1");
  message = connect_fails (uri, PR_DB_ERROR_TLS, "(client library error 2026)");
  g_free (uri);
  g_free (message);

  /* A CA file that is not there is named, not the server. */
  uri = make_uri (admin->user, NULL, "tls-ca=%s", missing_ca);
  message = connect_fails (uri, PR_DB_ERROR_TLS, "cannot read the CA certificate");
  g_assert_nonnull (strstr (message, missing_ca));
}

static void
test_require_ssl_account (void)
{
  g_autofree char *ca = cert_option ("ca.pem");
  g_autofree char *uri = NULL;
  g_autofree char *message = NULL;
  g_autofree char *who = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrConnection) admin_connection = NULL;

  use_server (SERVER_TLS);
  admin_connection = pr_test_connect (admin, NULL);
  pr_test_execute (admin_connection, "DROP USER IF EXISTS '" TLS_ONLY_USER "'@'localhost'");
  pr_test_execute (admin_connection, "CREATE USER '" TLS_ONLY_USER "'@'localhost' "
                                     "IDENTIFIED BY '" TLS_ONLY_PASSWORD "' REQUIRE SSL");

  password = TLS_ONLY_PASSWORD;
  uri = make_uri (TLS_ONLY_USER, NULL, "tls-ca=%s", ca);
  connection = connect_ok (uri);
  assert_encrypted (connection);
  who = pr_test_query_value (connection, "SELECT CURRENT_USER()");
  g_assert_cmpstr (who, ==, TLS_ONLY_USER "@localhost");
  g_free (uri);

  /* The server's answer is the same as for a wrong password; the message
   * names the other cause, and the way out. */
  uri = make_uri (TLS_ONLY_USER, NULL, "%s", "");
  message = connect_fails (uri, PR_DB_ERROR_ACCESS_DENIED, "(server error 1045)");
  password = NULL;
  g_assert_nonnull (strstr (message, "tls=1"));
  g_assert_null (strstr (message, TLS_ONLY_PASSWORD));

  pr_test_execute (admin_connection, "DROP USER '" TLS_ONLY_USER "'@'localhost'");
}

static int
run_cli (char       **err,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *binary = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int status = 0;
  va_list args;

  g_ptr_array_add (argv, binary);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) == 0)
    g_assert_true (g_str_has_prefix (out, "cluster,id,primary,distance"));

  return WEXITSTATUS (status);
}

static void
test_cli (void)
{
  g_autofree char *ca = cert_option ("ca.pem");
  g_autofree char *other_ca = cert_option ("other-ca.pem");
  g_autoptr(PrConnection) admin_connection = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *err = NULL;

  use_server (SERVER_TLS);
  admin_connection = pr_test_connect (admin, NULL);
  pr_test_execute (admin_connection, "DROP DATABASE IF EXISTS tls_cli");
  pr_test_execute (admin_connection, "CREATE DATABASE tls_cli CHARACTER SET utf8mb4");
  pr_test_execute (admin_connection, "CREATE TABLE tls_cli.petitions (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (admin_connection, "INSERT INTO tls_cli.petitions VALUES "
                                     "(1, '小区门口的路灯坏了三个月没人修'), (2, '小区门口的路灯坏了三个月没人修理')");

  /* The CLI's --db passes the options through to the connection. */
  uri = make_uri (admin->user, "tls_cli", "tls-ca=%s", ca);
  g_assert_cmpint (run_cli (&err, "scan", "--db", uri, "--table", "petitions", "--id", "id", "--text", "body",
                            "--out", "-", NULL), ==, 0);
  g_free (uri);
  g_clear_pointer (&err, g_free);

  uri = make_uri (admin->user, "tls_cli", "tls-ca=%s", other_ca);
  g_assert_cmpint (run_cli (&err, "scan", "--db", uri, "--table", "petitions", "--id", "id", "--text", "body",
                            "--out", "-", NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "(client library error 2026)"));

  pr_test_execute (admin_connection, "DROP DATABASE tls_cli");
}

static void
test_wrong_name (void)
{
  g_autofree char *ca = cert_option ("ca.pem");
  g_autofree char *uri = NULL;
  g_autofree char *message = NULL;
  g_autoptr(PrConnection) connection = NULL;

  use_server (SERVER_TLS_WRONG_NAME);

  /* Signed by the right CA, for db.example.org: not the host asked for. */
  uri = make_uri (admin->user, NULL, "tls-ca=%s", ca);
  message = connect_fails (uri, PR_DB_ERROR_TLS, "(client library error 2026)");
  g_assert_nonnull (strstr (message, "certificate"));
  g_free (uri);

  /* tls-verify=0 lets the name pass, the chain still checked. */
  uri = make_uri (admin->user, NULL, "tls-ca=%s&tls-verify=0", ca);
  connection = connect_ok (uri);
  assert_encrypted (connection);
}

static void
test_server_without_tls (void)
{
  g_autofree char *ca = cert_option ("ca.pem");
  g_autofree char *with_ca = g_strdup_printf ("tls-ca=%s", ca);
  g_autofree char *with_ca_no_name = g_strdup_printf ("tls-ca=%s&tls-verify=0", ca);
  const char *const required[] = { "tls=1", "tls=1&tls-verify=1", with_ca, with_ca_no_name };
  g_autofree char *uri = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autofree char *cipher = NULL;

  use_server (SERVER_PLAIN);

  /* However TLS is asked for, no connection without it. */
  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      g_autofree char *required_uri = make_uri (admin->user, NULL, "%s", required[i]);
      g_autofree char *message = connect_fails (required_uri, PR_DB_ERROR_TLS, "(client library error 2026)");

      g_assert_nonnull (strstr (message, "does not support"));
    }

  uri = make_uri (admin->user, NULL, "%s", "");
  connection = connect_ok (uri);
  cipher = session_cipher (connection);
  g_assert_cmpstr (cipher, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  g_auto(GStrv) options = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* In this order (GLib runs a group whole, in the order its first test
   * came) the server restarts twice: TLS, wrong name, none. */
  g_test_add_func ("/cli/common/tls", test_cli);
  g_test_add_func ("/db/connection/tls/plain-by-default", test_plain_by_default);
  g_test_add_func ("/db/connection/tls/verified", test_verified);
  g_test_add_func ("/db/connection/tls/not-verified", test_not_verified);
  g_test_add_func ("/db/connection/tls/wrong-ca", test_wrong_ca);
  g_test_add_func ("/db/connection/tls/require-ssl-account", test_require_ssl_account);
  g_test_add_func ("/db/connection/tls/wrong-name", test_wrong_name);
  g_test_add_func ("/db/connection/tls/server-without-tls", test_server_without_tls);

  cert_dir = pr_test_make_temp_dir ();
  make_certificates ();
  options = server_options (SERVER_TLS);
  admin = pr_test_server_start_with_options ((const char *const *) options);
  server_mode = SERVER_TLS;
  check_server_mode ();

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (cert_dir);
  g_free (cert_dir);

  return status;
}
