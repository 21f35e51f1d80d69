/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * With --skip-bad-rows and an --out that is no file (/dev/null), the list
 * of rows left out is not named after it — that was /dev/null-bad-rows.csv,
 * written into /dev (or refused there, for a user who may not) — but
 * listed on standard error, as without --out. An --out that is a file
 * still gets its list beside it. The oracle is the file as written here.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-test-util.h"

static const char records[] =
  "id,body\n"
  "a1,first petition about the road near the school gate\n"
  "a2,second petition about the road near the school gate\n"
  "a3,third \0 petition about the water\n";

static void
test_device (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *err = NULL;
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--out", "/dev/null", path, NULL };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 4 (id “a3”), column “body”"));
  g_assert_null (strstr (err, "listed in"));
  g_assert_false (g_file_test ("/dev/null-bad-rows.csv", G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

static void
test_file (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
  g_autofree char *listed = NULL;
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--out", out, path, NULL };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, argv), ==, 0);
  g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
  g_assert_nonnull (strstr (listed, "a3,4,body,"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/bad-rows/out-device", test_device);
  g_test_add_func ("/cli/bad-rows/out-file", test_file);

  return g_test_run ();
}
