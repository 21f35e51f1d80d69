/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A tls-ca file that cannot be read, or holds no certificate, is named as such, before any server
 * is asked (Connector/C would report it as the server lacking TLS). No
 * server listens on port 1: a message about the server would be wrong.
 */
#define G_LOG_DOMAIN "pr-test-connection-ca-file"

#include "config.h"

#include <string.h>

#include "pr-connection.h"
#include "pr-db-error.h"
#include "pr-test-util.h"

/* The error of a connection with @ca as its tls-ca, to no server. */
static GError *
connect_with_ca (const char *ca)
{
  g_autofree char *uri = g_strdup_printf ("mariadb://reviewer@127.0.0.1:1/petitions?tls-ca=%s", ca);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (uri, &error);
  g_autoptr(PrConnection) connection = NULL;

  g_assert_no_error (error);
  connection = pr_connection_open (params, &error);
  g_assert_null (connection);
  g_test_message ("%s", error->message);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_TLS);
  g_assert_nonnull (strstr (error->message, ca));
  return g_steal_pointer (&error);
}

static void
test_missing_ca (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *ca = g_build_filename (dir, "no-such-ca.pem", NULL);
  g_autoptr(GError) error = connect_with_ca (ca);

  g_assert_nonnull (strstr (error->message, "tls-ca"));
  g_assert_null (strstr (error->message, "does not support"));
  pr_test_remove_tree (dir);
}

static void
test_not_a_certificate (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *empty = g_build_filename (dir, "empty.pem", NULL);
  g_autofree char *key = g_build_filename (dir, "key.pem", NULL);
  const char *const paths[] = { dir, empty, key };

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_set_contents (key, "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = connect_with_ca (paths[i]);

      g_assert_nonnull (strstr (error->message, "no certificate"));
    }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/connection/ca-file/missing", test_missing_ca);
  g_test_add_func ("/db/connection/ca-file/not-a-certificate", test_not_a_certificate);

  return g_test_run ();
}
