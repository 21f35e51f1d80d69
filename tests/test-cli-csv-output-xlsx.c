/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * An output the CLI writes as CSV, named as an Excel workbook (.xlsx), is
 * refused before any work: CSV text under that name is a file Excel
 * refuses to open, yet the scan said it was written. decisions export
 * makes a real workbook of such a name. The oracle: the exit status, the
 * message, and that no such file appears.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static const char records[] =
  "id,body\n"
  "a1,first petition about the road near the school gate\n"
  "a2,first petition about the road near the school gate\n";

static void
test_refused (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *book = g_build_filename (dir, "report.xlsx", NULL);
  g_autofree char *upper = g_build_filename (dir, "pairs.XLSX", NULL);
  const char *const variants[][4] = {
    { "--out", book, NULL, NULL },
    { "--pairs", upper, NULL, NULL },
    { "--skip-bad-rows", "--bad-rows", book, NULL },
  };

  g_assert_true (g_file_set_contents (path, records, sizeof records - 1, NULL));
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_scan_id_body (NULL, &err, variants[v], path), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, "names an Excel workbook (.xlsx), but this output is CSV text"));
      g_assert_false (g_file_test (book, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (upper, G_FILE_TEST_EXISTS));
    }
  pr_test_remove_tree (dir);
}

/* eval writes its pairs at the end: the name is refused before the
 * records are read, so nothing of the evaluation is printed. */
static void
test_eval_refused_first (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *book = g_build_filename (dir, "pairs.xlsx", NULL);
  static const char grouped[] =
    "id,body,grp\n"
    "a1,first petition about the road near the school gate,1\n"
    "a2,first petition about the road near the school gate,1\n"
    "b1,second letter on the noise of the factory at night,2\n";
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { "eval", "--records", path, "--id", "id", "--text", "body", "--truth-groups", "grp",
                         "--pairs-out", book, NULL };

  g_assert_true (g_file_set_contents (path, grouped, sizeof grouped - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 2);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "names an Excel workbook (.xlsx), but this output is CSV text"));
  g_assert_cmpstr (out, ==, "");
  g_assert_false (g_file_test (book, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/outputs/csv-named-xlsx", test_refused);
  g_test_add_func ("/cli/outputs/csv-named-xlsx/eval-before-reading", test_eval_refused_first);
  return g_test_run ();
}
