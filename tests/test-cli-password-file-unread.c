/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A password file that cannot be read stops the command before it
 * connects, naming the option, the file, the reason (no such file, a
 * folder, a file where a folder should be, permission denied) and what
 * to do. No server is needed: the file is read before the connection,
 * and a message of the connection instead would fail the test.
 */
#define G_LOG_DOMAIN "pr-test-cli-password-file-unread"

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-test-util.h"

/* fingerprint of a table with the password in @path; its stderr in @err. */
static int
run_with (const char  *path,
          char       **err)
{
  g_autofree char *out = NULL;
  int status;

  g_unsetenv ("PETITION_REVIEW_PASSWORD");
  status = pr_test_run_cli (&out, err, (const char *const[]) { "fingerprint", "--db",
                                                              "mariadb://reviewer@localhost/office", "--table", "t",
                                                              "--id", "id", "--text", "body", "--password-file",
                                                              path, NULL });
  g_test_message ("%s", *err);
  g_assert_cmpstr (out, ==, "");
  return status;
}

static void
test_unread (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *file = pr_test_write_file (dir, "notes.txt", "not a folder\n");
  g_autofree char *missing = g_build_filename (dir, "password", NULL);
  g_autofree char *through_file = g_build_filename (file, "password", NULL);
  const struct { const char *path, *reason, *advice; } cases[] = {
    { missing, ": no such file:", "write the password alone in a file readable by you only" },
    { dir, " is a folder:", "name the file in it that holds the password" },
    { through_file, ": a part of the path before the file's name is a file, not a folder", "check the path" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *named = g_strdup_printf ("--password-file %s%s", cases[i].path, cases[i].reason);

      g_assert_cmpint (run_with (cases[i].path, &err), !=, 0);
      g_assert_nonnull (strstr (err, named));
      g_assert_nonnull (strstr (err, cases[i].advice));
    }
  pr_test_remove_tree (dir);
}

/* Root reads any file: the refusal is seen by another account only. */
static void
test_permission_denied (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *err = NULL;
  g_autofree char *named = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root may read a file of mode 000");
      return;
    }
  dir = pr_test_make_temp_dir ();
  file = pr_test_write_file (dir, "password", "Lantern-31\n");
  g_assert_cmpint (g_chmod (file, 0), ==, 0);
  named = g_strdup_printf ("--password-file %s: permission denied:", file);
  g_assert_cmpint (run_with (file, &err), !=, 0);
  g_assert_nonnull (strstr (err, named));
  g_assert_nonnull (strstr (err, "chmod 600"));
  g_assert_cmpint (g_chmod (file, 0600), ==, 0);
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/common/password-file/unread", test_unread);
  g_test_add_func ("/cli/common/password-file/permission-denied", test_permission_denied);
  return g_test_run ();
}
