/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where the command line takes the database password from, against a
 * real server's accounts: --password-file and PETITION_REVIEW_PASSWORD
 * lose one line end (\n, \r\n or \r) and nothing else, and refuse a second
 * line; the file refuses a NUL and a byte order mark; a password in the connection
 * string is refused, naming the ways to give it, without repeating it.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-test-server.h"

/* Ends in a space, which is part of it. */
#define SPACED_PASSWORD "Lantern 31 "
#define PLAIN_PASSWORD "Lantern-31"

static const PrConnectionParams *admin;
static char *tmpdir;
static int file_mode = 0600;

static char *
uri_for (const char *userinfo)
{
  g_autofree char *socket = g_uri_escape_string (admin->socket, NULL, FALSE);

  return g_strdup_printf ("mariadb://%s@localhost/office?socket=%s", userinfo, socket);
}

/* Runs a fingerprint of office.t as @user with the password in a file
 * holding @length bytes of @contents; returns the exit status. */
static int
run_with_file (const char  *user,
               const char  *contents,
               gssize       length,
               char       **err)
{
  g_autofree char *path = g_build_filename (tmpdir, "password", NULL);
  g_autofree char *uri = uri_for (user);
  g_autoptr(GError) error = NULL;
  int status;

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, file_mode), ==, 0);
  g_unsetenv ("PETITION_REVIEW_PASSWORD");
  status = pr_test_run_cli (NULL, err, (const char *const[]) { "fingerprint", "--db", uri, "--table", "t",
                                                                "--id", "id", "--text", "body",
                                                                "--password-file", path, NULL });
  g_test_message ("%s", *err);
  return status;
}

static void
test_one_line_end (void)
{
  const char *const files[] = { SPACED_PASSWORD "\n", SPACED_PASSWORD "\r\n", SPACED_PASSWORD "\r", SPACED_PASSWORD };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_with_file ("spaced", files[i], -1, &err), ==, 0);
    }
}

/* Only one line end goes: the rest is the password, which is wrong; a
 * line break left is a second line, named as such. */
static void
test_only_one_line_end (void)
{
  const struct {
    const char *file;
    const char *message;
  } cases[] = {
    { PLAIN_PASSWORD " \n", "(server error 1045)" },
    { PLAIN_PASSWORD "\n\n", "holds more than one line" },
    { PLAIN_PASSWORD "\nsecond\n", "holds more than one line" },
    { PLAIN_PASSWORD "\r\r", "holds more than one line" },
    { "\n", "holds no password" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_with_file ("plain", cases[i].file, -1, &err), ==, 1);
      g_assert_nonnull (strstr (err, cases[i].message));
      g_assert_null (strstr (err, PLAIN_PASSWORD));
    }
}

/* PETITION_REVIEW_PASSWORD is read as the file is: less one line end
 * (as $(cat file) or a copied line may leave it), a second line or
 * nothing refused. */
static void
test_environment_as_file (void)
{
  g_autofree char *uri = uri_for ("spaced");
  const struct {
    const char *value;
    int         status;
    const char *message;
  } cases[] = {
    { SPACED_PASSWORD, 0, NULL },
    { SPACED_PASSWORD "\n", 0, NULL },
    { SPACED_PASSWORD "\r\n", 0, NULL },
    { SPACED_PASSWORD "\n\n", 1, "PETITION_REVIEW_PASSWORD holds more than one line" },
    { SPACED_PASSWORD "\r", 0, NULL },
    { SPACED_PASSWORD " ", 1, "(server error 1045)" },
    { "\n", 1, "PETITION_REVIEW_PASSWORD holds no password" },
    { "", 1, "PETITION_REVIEW_PASSWORD holds no password" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;
      int status;

      g_setenv ("PETITION_REVIEW_PASSWORD", cases[i].value, TRUE);
      status = pr_test_run_cli (NULL, &err, (const char *const[]) { "fingerprint", "--db", uri, "--table", "t",
                                                                     "--id", "id", "--text", "body", NULL });
      g_test_message ("%s", err);
      g_assert_cmpint (status, ==, cases[i].status);
      if (cases[i].message != NULL)
        g_assert_nonnull (strstr (err, cases[i].message));
      g_assert_null (strstr (err, SPACED_PASSWORD));
    }
  g_unsetenv ("PETITION_REVIEW_PASSWORD");
}

/* A file others can read draws a warning naming the fix; one of the
 * user's alone draws none. Both are read. */
static void
test_open_mode_warned (void)
{
  g_autofree char *err = NULL;

  file_mode = 0644;
  g_assert_cmpint (run_with_file ("plain", PLAIN_PASSWORD "\n", -1, &err), ==, 0);
  g_assert_nonnull (strstr (err, "can read or change the password file"));
  g_assert_nonnull (strstr (err, "(its mode is 0644)"));
  g_assert_nonnull (strstr (err, "chmod 600"));
  g_assert_null (strstr (err, PLAIN_PASSWORD));

  file_mode = 0600;
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_with_file ("plain", PLAIN_PASSWORD "\n", -1, &err), ==, 0);
  g_assert_null (strstr (err, "password file"));
}

static void
test_nul_refused (void)
{
  static const char contents[] = PLAIN_PASSWORD "\0ignored\n";
  g_autofree char *err = NULL;

  g_assert_cmpint (run_with_file ("plain", contents, sizeof contents - 1, &err), ==, 1);
  g_assert_nonnull (strstr (err, "NUL"));
  g_assert_null (strstr (err, PLAIN_PASSWORD));
}

/* Notepad's "UTF-8 with BOM" and "Unicode" (UTF-16) put a mark before the
 * password; the server only said it was refused. The message names it. */
static void
test_byte_order_mark_refused (void)
{
  static const char utf8[] = "\xef\xbb\xbf" PLAIN_PASSWORD "\r\n";
  static const char utf16[] = "\xff\xfeL\0a\0n\0";
  g_autofree char *err = NULL;

  g_assert_cmpint (run_with_file ("plain", utf8, sizeof utf8 - 1, &err), ==, 1);
  g_assert_nonnull (strstr (err, "begins with a byte order mark"));
  g_assert_null (strstr (err, PLAIN_PASSWORD));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_with_file ("plain", utf16, sizeof utf16 - 1, &err), ==, 1);
  g_assert_nonnull (strstr (err, "is saved as UTF-16"));
}

static void
test_password_in_uri_refused (void)
{
  g_autofree char *uri = uri_for ("plain:" PLAIN_PASSWORD);
  g_autofree char *err = NULL;
  int status;

  status = pr_test_run_cli (NULL, &err, (const char *const[]) { "fingerprint", "--db", uri, "--table", "t",
                                                                 "--id", "id", "--text", "body", NULL });
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "PETITION_REVIEW_PASSWORD"));
  g_assert_nonnull (strstr (err, "--password-file"));
  g_assert_null (strstr (err, PLAIN_PASSWORD));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/common/password-file/one-line-end", test_one_line_end);
  g_test_add_func ("/cli/common/password-file/only-one-line-end", test_only_one_line_end);
  g_test_add_func ("/cli/common/password-file/nul-refused", test_nul_refused);
  g_test_add_func ("/cli/common/password-environment", test_environment_as_file);
  g_test_add_func ("/cli/common/password-file/byte-order-mark-refused", test_byte_order_mark_refused);
  g_test_add_func ("/cli/common/password-file/open-mode-warned", test_open_mode_warned);
  g_test_add_func ("/cli/common/password-in-uri-refused", test_password_in_uri_refused);

  admin = pr_test_server_start ();
  tmpdir = pr_test_make_temp_dir ();
  {
    g_autoptr(PrConnection) connection = pr_test_connect (admin, NULL);

    pr_test_execute (connection, "CREATE DATABASE office");
    pr_test_execute (connection, "CREATE TABLE office.t (id INT PRIMARY KEY, body TEXT)");
    pr_test_execute (connection, "INSERT INTO office.t VALUES (1, 'one two three four')");
    pr_test_execute (connection, "CREATE USER 'spaced'@'localhost' IDENTIFIED BY '" SPACED_PASSWORD "'");
    pr_test_execute (connection, "CREATE USER 'plain'@'localhost' IDENTIFIED BY '" PLAIN_PASSWORD "'");
    pr_test_execute (connection, "GRANT SELECT ON office.* TO 'spaced'@'localhost'");
    pr_test_execute (connection, "GRANT SELECT ON office.* TO 'plain'@'localhost'");
  }

  status = g_test_run ();
  pr_test_remove_tree (tmpdir);
  pr_test_server_stop ();

  return status;
}
