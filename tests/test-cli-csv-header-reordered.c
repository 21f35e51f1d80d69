/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A second file's header inside a CSV file, its columns in another order
 * (files put together, after a DOS end-of-file mark ending a row or
 * without one), is refused where it stands: read on, its rows would have
 * their bodies read as ids and their ids as bodies, exit 0. The oracle is
 * the file as written here: line 3 is the second header.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static void
refused_at_line_3 (const char *file)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL;
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--out", out, path, NULL };

  g_assert_true (g_file_set_contents (path, file, strlen (file), NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 3 holds the header's column names in another order"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

static void
test_after_end_mark (void)
{
  refused_at_line_3 ("id,body\r\n"
                     "1,first petition about the road near the school gate\x1A\r\n"
                     "body,id\r\n"
                     "second petition about the noise of the factory,2\r\n"
                     "third petition about the noise of the factory,3\r\n");
}

static void
test_put_together (void)
{
  refused_at_line_3 ("id,body,time\n"
                     "1,first petition about the road near the school gate,2019-06-08\n"
                     "time,body,id\n"
                     "2019-06-09,second petition about the noise of the factory,2\n");
}

/* The same names in the header's order stay the older message. */
static void
test_same_order (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *err = NULL;
  static const char file[] = "id,body\n1,first petition about the road\nid,body\n2,second\n";
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--out", "/dev/null", path, NULL };

  g_assert_true (g_file_set_contents (path, file, sizeof file - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 1);
  g_assert_nonnull (strstr (err, "line 3 repeats the header"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/csv/header-reordered/after-end-mark", test_after_end_mark);
  g_test_add_func ("/cli/csv/header-reordered/put-together", test_put_together);
  g_test_add_func ("/cli/csv/header-reordered/same-order", test_same_order);
  return g_test_run ();
}
