/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Files as an office's Excel saves them, read without the right flag: each
 * is refused with what it is and what to give, not "invalid UTF-8" or a
 * missing column alone. "Unicode Text" (UTF-16LE with its byte order mark,
 * tab-separated), "Text (Tab delimited)", and "CSV" on a Chinese Windows
 * (GB18030), also with --skip-bad-rows. Dates saved as Excel's day
 * numbers are named as such, not as needing --date-format.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *dir;

static const char lines[] = "id,body\r\n1,小区门口的垃圾站臭气熏天\r\n2,反映村道路面破损严重\r\n";

/* @lines in @encoding, commas made @separator, with a byte order mark
 * when @bom; the exit status of scan on it, stderr in @err. */
static int
scan_file (const char  *encoding,
           char         separator,
           gboolean     bom,
           const char  *extra,
           char       **err)
{
  g_autofree char *path = g_build_filename (dir, "export.csv", NULL);
  g_autofree char *body = g_strdup (lines);
  g_autofree char *text = NULL;
  g_autofree char *bytes = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  const char *args[] = { "scan", "--id", "id", "--text", "body", extra, path, NULL };

  g_strdelimit (body, ",", separator);
  text = g_strconcat (bom ? "\xEF\xBB\xBF" : "", body, NULL);
  bytes = g_convert (text, -1, encoding, "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, bytes, length, NULL));
  if (extra == NULL)
    args[5] = path, args[6] = NULL;
  return pr_test_run_cli (NULL, err, args);
}

static void
test_unicode_text (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_file ("UTF-16LE", ',', TRUE, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "the file begins with the byte order mark of UTF-16LE"));
  g_assert_nonnull (strstr (err, "give --encoding UTF-16LE"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan_file ("UTF-16LE", ',', TRUE, "--encoding=UTF-16LE", &err), ==, 0);
}

static void
test_tab_separated (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_file ("UTF-8", '\t', FALSE, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "separated by tabs, not commas"));
  g_assert_nonnull (strstr (err, "save the file as CSV"));
}

/* Excel where the list separator is a semicolon (a European Windows)
 * saves "CSV" so. */
static void
test_semicolon_separated (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_file ("UTF-8", ';', FALSE, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "separated by semicolons, not commas"));
  g_assert_nonnull (strstr (err, "save the file as CSV"));
}

static void
test_gb18030_csv (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (scan_file ("GB18030", ',', FALSE, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "looks like GB18030 text"));
  g_clear_pointer (&err, g_free);
  /* Every row left out as bad: the column's verdict names the file's
   * encoding, not text "read as Latin-1 and saved again". */
  g_assert_cmpint (scan_file ("GB18030", ',', FALSE, "--skip-bad-rows", &err), ==, 1);
  g_assert_nonnull (strstr (err, "column “body”: the text is GB18030, not UTF-8 (2 values, first on line 2): "
                                 "give --encoding GB18030"));
  g_assert_null (strstr (err, "read as Latin-1"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan_file ("GB18030", ',', FALSE, "--encoding=GB18030", &err), ==, 0);
}

static void
test_serial_dates (void)
{
  static const char csv[] =
    "id,received,body\n"
    "1,43624,小区门口的垃圾站臭气熏天请尽快处理\n"
    "2,43625,反映村道路面破损严重雨天无法通行\n"
    "3,2019-06-10,要求落实拖欠的工资已经三个月没有发放\n";
  g_autofree char *path = g_build_filename (dir, "serial.csv", NULL);
  g_autofree char *err = NULL;
  const char *args[] = { "scan", "--id", "id", "--date", "received", "--text", "body", path, NULL };
  const char *skip_args[] = { "scan", "--id", "id", "--date", "received", "--text", "body", "--skip-bad-rows", path,
                              NULL };
  g_autofree char *out = NULL;

  /* Most dates day numbers among dates: refused, saying what they are. */
  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "2 of the 3 dates in column “received” cannot be read (such as “43624”, “43625”): "
                                 "they are day numbers as Excel saves"));
  g_assert_null (strstr (err, "--date-format"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, skip_args), ==, 0);
  g_assert_nonnull (strstr (err, "2 dates in column “received” could not be read and count as none (records 1, 2): "
                                 "they are day numbers as Excel saves"));
  g_clear_pointer (&err, g_free);

  /* Every date a day number: read as one, and said. */
  g_assert_true (g_file_set_contents (path,
                                      "id,received,body\n"
                                      "1,43625,小区门口的垃圾站臭气熏天请尽快处理\n"
                                      "2,43624,小区门口的垃圾站臭气熏天请尽快处理了\n", -1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_assert_nonnull (strstr (err, "every date in column “received” is a number, read as Excel's day numbers"));
  g_assert_nonnull (strstr (out, "2019-06-08 00:00 primary"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/scan/export-unicode-text", test_unicode_text);
  g_test_add_func ("/cli/scan/export-tab-separated", test_tab_separated);
  g_test_add_func ("/cli/scan/export-semicolon-separated", test_semicolon_separated);
  g_test_add_func ("/cli/scan/export-gb18030", test_gb18030_csv);
  g_test_add_func ("/cli/scan/export-serial-dates", test_serial_dates);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
