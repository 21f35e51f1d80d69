/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two CSV files put together with copy /b, the first ending in a DOS
 * end-of-file mark (Ctrl-Z): the second's header, when it names other
 * columns, is refused with its line number and no output is written;
 * when it is the first file's header, it is passed over and both files'
 * records are read. The oracle: the files as written here (line 3 is the
 * second header) and the clusters they must make.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

#define ROAD "first petition about the road near the school gate which floods every spring"

static void
test_other_names (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "joined.csv",
                                              "id,body\r\n"
                                              "A1," ROAD "\x1A\r\n"
                                              "编号,内容\r\n"
                                              "B1," ROAD "\r\n");
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL;
  const char *argv[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--out", out, path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 2 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the middle of the "
                                 "file, where one file ended and another was put after it, but line 3 is not the "
                                 "file's header"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

static void
test_own_header (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "joined.csv",
                                              "\xef\xbb\xbfid,body\r\n"
                                              "A1," ROAD "\x1A\r\n"
                                              "\xef\xbb\xbfid,body\r\n"
                                              "B1," ROAD "\r\n");
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *written = NULL;
  const char *argv[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--out", out, path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, argv), ==, 0);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "\r\n1,A1,A1,0,"));
  g_assert_nonnull (strstr (written, "\r\n1,B1,A1,0,"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/csv/end-mark-files/other-names", test_other_names);
  g_test_add_func ("/cli/csv/end-mark-files/own-header", test_own_header);
  return g_test_run ();
}
