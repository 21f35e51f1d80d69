/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Outputs a program reads: CSV written under a spreadsheet's name (.xls,
 * .xlsm, .ods, WPS's .et, in any case) is refused before any work, as
 * under .xlsx, in every command that writes CSV; and eval, whose report
 * is printed on standard output, refuses "-" for its files, which would
 * run together with the report; so do scan, thresholds and fingerprint
 * for a second output when the first goes to standard output by default,
 * "-" or a name of the pipe or file standard output goes to. The oracle: the exit status, the message,
 * that no file appears and that nothing is printed.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-test-util.h"

static const char records[] =
  "id,body,grp\n"
  "a1,first petition about the road near the school gate,1\n"
  "a2,first petition about the road near the school gate,1\n"
  "b1,second letter on the noise of the factory at night,2\n";

/* That every command writing CSV, reading the records @path, refuses to
 * write it as @file, saying @expected, before any work. */
static void
assert_refused_everywhere (const char *path,
                           const char *file,
                           const char *expected)
{
  const char *const commands[][16] = {
    { "scan", "--id", "id", "--text", "body", "--out", file, path },
    { "scan", "--id", "id", "--text", "body", "--out", "/dev/null", "--pairs", file, path },
    { "scan", "--id", "id", "--text", "body", "--out", "/dev/null", "--skip-bad-rows", "--bad-rows", file, path },
    { "thresholds", "--id", "id", "--text", "body", "--out", file, path },
    { "fingerprint", "--id", "id", "--text", "body", "--out", file, path },
    { "eval", "--records", path, "--id", "id", "--text", "body", "--truth-groups", "grp", "--pairs-out", file },
  };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, commands[c]), ==, 2);
      g_test_message ("%s: %s", commands[c][0], err);
      g_assert_nonnull (strstr (err, expected));
      g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
      /* Refused before the records are read: nothing was printed. */
      g_assert_cmpstr (out, ==, "");
    }
}

static void
test_spreadsheet_names (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  static const char *const names[] = { "report.xls", "report.XLS", "report.xlsm", "report.xltx", "report.ods",
                                       "report.et", "report.Xlsb", "report.fods" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *book = g_build_filename (dir, names[i], NULL);
      g_autofree char *expected = g_strdup_printf ("%s names a spreadsheet workbook (%s), but this output is CSV "
                                                   "text", book, strrchr (names[i], '.'));

      assert_refused_everywhere (path, book, expected);
    }
  pr_test_remove_tree (dir);
}

/* CSV under a tab-separated file's name would be read as one value a
 * line: refused before any work, in every command that writes CSV,
 * naming the way out. */
static void
test_tsv_names (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  static const char *const names[] = { "report.tsv", "report.TSV", "report.Tsv" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_build_filename (dir, names[i], NULL);
      g_autofree char *expected = g_strdup_printf ("%s names a tab-separated file (.tsv), but this output is CSV "
                                                   "text, its values parted by commas, which a program opening a "
                                                   ".tsv file reads as one value a line: name a .csv file", file);

      assert_refused_everywhere (path, file, expected);
    }
  pr_test_remove_tree (dir);
}

/* Names that only hold such an extension are written. */
static void
test_not_spreadsheet_names (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  static const char *const names[] = { "report.xls.csv", "xls", "report.etc", "report.csv", "report.tsv.csv", "tsv" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_build_filename (dir, names[i], NULL);
      const char *argv[] = { "scan", "--id", "id", "--text", "body", "--out", file, path, NULL };

      g_assert_cmpint (pr_test_run_cli (NULL, NULL, argv), ==, 0);
      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }
  pr_test_remove_tree (dir);
}

static void
test_eval_stdout (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  const char *const options[][4] = {
    { "--pairs-out", "-", NULL, NULL },
    { "--curve", "-", NULL, NULL },
    { "--features-out", "-", "--second-stage", "--summary" },
    { "--weights-out", "-", "--second-stage", "--summary" },
  };

  g_autofree char *cwd = g_get_current_dir ();

  /* In the temporary folder: a file named "-" would be written here. */
  g_assert_cmpint (g_chdir (dir), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *expected = g_strdup_printf ("%s - would write into standard output, where this command "
                                                   "prints its report, and the two would run together: give a "
                                                   "file name after %s", options[i][0], options[i][0]);
      const char *argv[] = { "eval", "--records", path, "--id", "id", "--text", "body", "--truth-groups", "grp",
                             options[i][0], options[i][1], options[i][2], options[i][3], NULL };

      g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, expected));
      g_assert_cmpstr (out, ==, "");
      /* No file named "-" was written in its place either. */
      g_assert_false (g_file_test ("-", G_FILE_TEST_EXISTS));
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  pr_test_remove_tree (dir);
}

/* Without --out, scan's report, thresholds' table and fingerprint's CSV
 * are printed on standard output: a list or pairs given "-" would run into
 * them (fingerprint's two CSVs read as one, the second header a row). */
static void
test_default_stdout_shared (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv",
                                              "id,body\n"
                                              "a1,first petition about the road near the school gate\n"
                                              "a2,first petition about the road near the school gate\n"
                                              "a3,first petition about the \xff road\n");
  const struct {
    const char *command;
    const char *printed;
    const char *option;
  } cases[] = {
    { "scan", "the report", "--bad-rows" },
    { "scan", "the report", "--pairs" },
    { "thresholds", "the table", "--bad-rows" },
    { "fingerprint", "the fingerprints", "--bad-rows" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *expected = g_strdup_printf ("%s (without --out, on standard output) and %s - both write to "
                                                   "standard output, where the two would run together: name a file "
                                                   "for one of them", cases[i].printed, cases[i].option);
      const char *argv[] = { cases[i].command, "--id", "id", "--text", "body", "--skip-bad-rows", cases[i].option, "-",
                             path, NULL };

      g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, expected));
      g_assert_cmpstr (out, ==, "");
    }

  /* With --out naming a file, the list alone is on standard output. */
  {
    g_autofree char *out = NULL;
    g_autofree char *fingerprints = g_build_filename (dir, "fingerprints.csv", NULL);
    const char *argv[] = { "fingerprint", "--id", "id", "--text", "body", "--skip-bad-rows", "--bad-rows", "-",
                           "--out", fingerprints, path, NULL };

    g_assert_cmpint (pr_test_run_cli (&out, NULL, argv), ==, 0);
    g_assert_true (g_str_has_prefix (out, "id,row,column,reason\r\na3,4,body,"));
    g_assert_null (strstr (out, "fingerprint"));
  }
  pr_test_remove_tree (dir);
}

/* Standard output named by a path: /dev/stdout in a pipe runs into the
 * report printed there, and the file the shell redirected standard output
 * to would be replaced by the pairs, the report printed into it lost.
 * /dev/null takes both. */
static void
test_stdout_by_name (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  g_autofree char *redirected = g_build_filename (dir, "printed.txt", NULL);

  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *argv[] = { "scan", "--id", "id", "--text", "body", "--pairs", "/dev/stdout", path, NULL };

    g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 2);
    g_assert_nonnull (strstr (err, "the report (without --out, on standard output) and --pairs /dev/stdout both "
                                   "write to standard output"));
    g_assert_cmpstr (out, ==, "");
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *argv[] = { "eval", "--records", path, "--id", "id", "--text", "body", "--truth-groups", "grp",
                           "--pairs-out", "/dev/stdout", NULL };

    g_assert_cmpint (pr_test_run_cli (&out, &err, argv), ==, 2);
    g_assert_nonnull (strstr (err, "--pairs-out /dev/stdout would write into standard output"));
    g_assert_cmpstr (out, ==, "");
  }
  {
    g_autofree char *err = NULL;
    g_autofree char *printed = NULL;
    const char *argv[] = { "scan", "--id", "id", "--text", "body", "--pairs", redirected, path, NULL };

    g_assert_cmpint (pr_test_run_cli_to (redirected, &err, argv), ==, 2);
    g_assert_nonnull (strstr (err, "both write to standard output"));
    g_assert_true (g_file_get_contents (redirected, &printed, NULL, NULL));
    g_assert_cmpstr (printed, ==, "");
  }
  {
    g_autofree char *err = NULL;
    const char *argv[] = { "scan", "--id", "id", "--text", "body", "--pairs", "/dev/null", path, NULL };

    g_assert_cmpint (pr_test_run_cli_to ("/dev/null", &err, argv), ==, 0);
  }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/outputs/csv-named-spreadsheet", test_spreadsheet_names);
  g_test_add_func ("/cli/outputs/csv-named-spreadsheet/not", test_not_spreadsheet_names);
  g_test_add_func ("/cli/outputs/csv-named-tsv", test_tsv_names);
  g_test_add_func ("/cli/outputs/eval-report-stdout", test_eval_stdout);
  g_test_add_func ("/cli/outputs/default-stdout-shared", test_default_stdout_shared);
  g_test_add_func ("/cli/outputs/stdout-by-name", test_stdout_by_name);
  return g_test_run ();
}
