/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The list of bad rows written to a pipe or a terminal (--bad-rows -,
 * /dev/stdout) has no byte order mark, which would be a stray character
 * before the header there; a list in a file, opened in a spreadsheet,
 * keeps its mark, named or standard output redirected to it. Two outputs
 * on standard output are refused. The oracle is the list as written here by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static const char records[] =
  "id,body\n"
  "a1,first petition about the road near the school gate\n"
  "a2,second petition about the road near the school gate\n"
  "a3,third \0 petition about the water\n";

static const char expected[] =
  "id,row,column,reason\r\n"
  "a3,4,body,\"the value holds a NUL byte (character 0) at byte 6, which no text holds\"\r\n";

/* Standard output as "-" or under another name, a pipe here (the test
 * reads it): the list as text, without the mark. */
static void
test_stdout (gconstpointer data)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", data,
                         "--out", "/dev/null", path, NULL };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 0);
  g_test_message ("%s", err);
  g_assert_cmpstr (out, ==, expected);
  pr_test_remove_tree (dir);
}

static void
test_stdout_to_file (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *written = NULL;
  g_autofree char *err = NULL;
  g_autofree char *with_mark = g_strconcat ("\xef\xbb\xbf", expected, NULL);
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", "-",
                         "--out", "/dev/null", path, NULL };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  g_assert_cmpint (pr_test_run_cli_to (list, &err, argv), ==, 0);
  g_assert_true (g_file_get_contents (list, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, with_mark);
  pr_test_remove_tree (dir);
}

/* Two outputs given as "-" would run together in one stream, the
 * second's header read as a row of the first: refused before the scan. */
static void
test_stdout_twice (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  const char *const variants[][6] = {
    { "--skip-bad-rows", "--bad-rows", "-", "--out", "-", NULL },
    { "--pairs", "-", "--out", "-", NULL },
  };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_scan_id_body (&out, &err, variants[v], path), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, " both write to standard output, where the two would run together"));
      g_assert_cmpstr (out, ==, "");
    }
  pr_test_remove_tree (dir);
}

static void
test_file (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *written = NULL;
  g_autofree char *with_mark = g_strconcat ("\xef\xbb\xbf", expected, NULL);
  const char *argv[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", list,
                         "--out", "/dev/null", path, NULL };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 0);
  g_assert_true (g_file_get_contents (list, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, with_mark);
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/cli/bad-rows/list-on-stdout", "-", test_stdout);
  g_test_add_func ("/cli/bad-rows/list-in-file", test_file);
  g_test_add_data_func ("/cli/bad-rows/list-on-stdout-named", "/dev/stdout", test_stdout);
  g_test_add_func ("/cli/bad-rows/list-on-stdout-to-file", test_stdout_to_file);
  g_test_add_func ("/cli/outputs/stdout-twice", test_stdout_twice);
  return g_test_run ();
}
