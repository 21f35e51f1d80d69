/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two CSV files put together with copy /b, the first ending in a DOS
 * end-of-file mark (Ctrl-Z): the second's header, when it names other
 * columns, is refused with its line number and no output is written;
 * when it is the first file's header, it is passed over and both files'
 * records are read, also when the row the mark ends is a bad row left
 * out. The oracle: the files as written here (line 3 is the
 * second header) and the clusters they must make.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

#define ROAD "first petition about the road near the school gate which floods every spring"

/* Scans the two files joined, the second with @second_header; returns the
 * exit status, the clusters written (or NULL) and standard error. */
static int
scan_joined (const char  *first_header,
             const char  *second_header,
             char       **written,
             char       **err)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *joined = g_strconcat (first_header, "\r\nA1," ROAD "\x1A\r\n", second_header, "\r\nB1," ROAD "\r\n",
                                         NULL);
  g_autofree char *path = pr_test_write_file (dir, "joined.csv", joined);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  const char *argv[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--out", out, path, NULL };
  int status = pr_test_run_cli (NULL, err, argv);

  if (!g_file_get_contents (out, written, NULL, NULL))
    *written = NULL;
  pr_test_remove_tree (dir);
  return status;
}

static void
test_other_names (void)
{
  g_autofree char *written = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_joined ("id,body", "编号,内容", &written, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 2 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the middle of the "
                                 "file, where one file ended and another was put after it, but line 3 is not the "
                                 "file's header"));
  g_assert_null (written);
}

static void
test_own_header (void)
{
  g_autofree char *written = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_joined ("\xef\xbb\xbfid,body", "\xef\xbb\xbfid,body", &written, &err), ==, 0);
  g_assert_nonnull (strstr (written, "\r\n1,A1,A1,0,"));
  g_assert_nonnull (strstr (written, "\r\n1,B1,A1,0,"));
}

/* The row the mark ends is a bad row (a NUL in its text), left out with
 * --skip-bad-rows: the second file's header of other names after it is
 * refused all the same, not read as a record "编号". */
static void
test_after_bad_row (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char joined[] = "id,body\r\nA0," ROAD "\r\nA1," ROAD "\0坏\x1A\r\n编号,内容\r\nB1," ROAD "\r\n";
  g_autofree char *path = g_build_filename (dir, "joined.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "fingerprints.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *err = NULL;
  const char *argv[] = { "fingerprint", "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", bad,
                         "--out", out, path, NULL };

  g_assert_true (g_file_set_contents (path, joined, sizeof joined - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 1);
  g_assert_nonnull (strstr (err, "line 3 ends with a DOS end-of-file mark (Ctrl-Z, byte 0x1A) in the middle of the "
                                 "file, where one file ended and another was put after it, but line 4 is not the "
                                 "file's header"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/csv/end-mark-files/other-names", test_other_names);
  g_test_add_func ("/cli/csv/end-mark-files/own-header", test_own_header);
  g_test_add_func ("/cli/csv/end-mark-files/after-bad-row", test_after_bad_row);
  return g_test_run ();
}
