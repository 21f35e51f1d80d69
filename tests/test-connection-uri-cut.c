/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A password holding "/", "?" or "#" ends a URI's authority early, so
 * that the rest of the password lands in the database name, an option or
 * the fragment: the string must be refused as holding a password, and no
 * message may show any part of it. No server: the string is refused
 * before any connection.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"

#define SECRET "Zq7secret"

static void
test_cut_password_refused (void)
{
  static const char *const uris[] = {
    "mariadb://app:4321/" SECRET "@dbhost/petitions",
    "mariadb://app:4321/" SECRET "@dbhost",
    "mariadb://app:4321?" SECRET "@dbhost/petitions",
    "mariadb://app:4321#" SECRET "@dbhost/petitions",
    "mysql://app:77/x" SECRET "@localhost/db?socket=/run/mysqld/mysqld.sock",
  };

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (uris[i], &error);

      g_test_message ("%s → %s", uris[i], error != NULL ? error->message : "(accepted)");
      g_assert_null (params);
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI);
      g_assert_null (strstr (error->message, SECRET));
      g_assert_nonnull (strstr (error->message, "PETITION_REVIEW_PASSWORD"));
    }
}

/* An @ written %40, or inside the user part, is no password. */
static void
test_at_signs_accepted (void)
{
  static const struct { const char *uri; const char *user; const char *database; } cases[] = {
    { "mariadb://clerk%40office@dbhost/petitions", "clerk@office", "petitions" },
    { "mariadb://clerk@dbhost/pe%40titions", "clerk", "pe@titions" },
    { "mariadb://clerk@dbhost:3307/petitions?tls-ca=/etc/ca%40office.pem", "clerk", "petitions" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrConnectionParams) params = pr_connection_params_new_from_uri (cases[i].uri, &error);

      g_test_message ("%s", cases[i].uri);
      g_assert_no_error (error);
      g_assert_cmpstr (params->user, ==, cases[i].user);
      g_assert_cmpstr (params->database, ==, cases[i].database);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/db/connection/uri/cut-password-refused", test_cut_password_refused);
  g_test_add_func ("/db/connection/uri/at-signs-accepted", test_at_signs_accepted);
  return g_test_run ();
}
