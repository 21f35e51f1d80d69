/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bad row in a CSV file (a NUL in a text, a NUL in an id, bytes that are
 * not text, a value of megabytes): without --skip-bad-rows the scan stops
 * naming the line, the column and the real reason; with it the others are
 * read, and the bad ones listed (id,row,column,reason). The expectations
 * come from the files under tests/bad-rows/, made by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *
data_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "bad-rows", name, NULL);
}

static int
scan (const char  *file,
      char       **out,
      char       **err,
      const char  *first_extra,
      ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (args, (gpointer) "scan");
  g_ptr_array_add (args, (gpointer) "--id");
  g_ptr_array_add (args, (gpointer) "id");
  g_ptr_array_add (args, (gpointer) "--text");
  g_ptr_array_add (args, (gpointer) "body");
  va_start (ap, first_extra);
  for (const char *a = first_extra; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, (gpointer) file);
  g_ptr_array_add (args, NULL);
  return pr_test_run_cli (out, err, (const char *const *) args->pdata);
}

/* Without the flag: exit 1, the line, the id, the column and the reason. */
static void
test_named (void)
{
  const struct {
    const char *file;
    const char *expected;
    const char *not_expected;
  } cases[] = {
    { "nul-in-text.csv", "line 3 (id “A2”), column “body”: the value holds a NUL byte (character 0) at byte 21",
      "invalid UTF-8" },
    { "not-text.csv", "line 3 (id “A2”), column “body”: the value is not UTF-8 text: byte 0 is 0x89", NULL },
    { "nul-in-id.csv", "line 3, column “id”: the value holds a NUL byte (character 0) at byte 1", "invalid UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = data_file (cases[i].file);
      g_autofree char *err = NULL;

      g_assert_cmpint (scan (path, NULL, &err, "--out", "/dev/null", NULL), ==, 1);
      g_assert_nonnull (strstr (err, cases[i].expected));
      g_assert_nonnull (strstr (err, "--skip-bad-rows"));
      if (cases[i].not_expected != NULL)
        g_assert_null (strstr (err, cases[i].not_expected));
    }
}

/* With the flag: A1 and A3 are read (the same text, a
 * pair), the bad row is listed in the file named after --out. */
static void
test_skipped (void)
{
  const struct {
    const char *file;
    const char *listed;
  } cases[] = {
    { "nul-in-text.csv", "A2,3,body,\"the value holds a NUL byte (character 0) at byte 21, which no text holds\"\r\n" },
    { "not-text.csv", "A2,3,body,\"the value is not UTF-8 text: byte 0 is 0x89 (binary data, or text in another "
                      "encoding)\"\r\n" },
    /* Its unmapped column "note" holds a byte that is not text in A3: not read, no matter. */
    { "nul-in-id.csv", ",3,id,\"the value holds a NUL byte (character 0) at byte 1, which no text holds\"\r\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dir = pr_test_make_temp_dir ();
      g_autofree char *path = data_file (cases[i].file);
      g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
      g_autofree char *list = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
      g_autofree char *clusters = NULL, *listed = NULL, *err = NULL, *expected = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (scan (path, NULL, &err, "--out", out, "--skip-bad-rows", NULL), ==, 0);
      g_assert_nonnull (strstr (err, "1 bad row left out (still in the source), listed in "));
      g_assert_nonnull (strstr (err, "2 records"));
      g_file_get_contents (out, &clusters, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (clusters, ",A1,"));
      g_assert_nonnull (strstr (clusters, ",A3,"));
      g_assert_null (strstr (clusters, "A2"));
      g_file_get_contents (list, &listed, NULL, &error);
      g_assert_no_error (error);
      expected = g_strconcat ("id,row,column,reason\r\n", cases[i].listed, NULL);
      g_assert_cmpstr (listed, ==, expected);
      pr_test_remove_tree (dir);
    }
}

/* --bad-rows names the list; without --out or it, the rows go to
 * standard error; --bad-rows alone is refused. */
static void
test_list_places (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = data_file ("nul-in-text.csv");
  g_autofree char *list = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *listed = NULL, *err = NULL, *err2 = NULL, *err3 = NULL;

  g_assert_cmpint (scan (path, NULL, &err, "--skip-bad-rows", "--bad-rows", list, NULL), ==, 0);
  g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
  g_assert_true (g_str_has_prefix (listed, "id,row,column,reason\r\nA2,3,body,"));

  g_assert_cmpint (scan (path, NULL, &err2, "--skip-bad-rows", NULL), ==, 0);
  g_assert_nonnull (strstr (err2, "line 3 (id “A2”), column “body”: the value holds a NUL byte"));
  g_assert_nonnull (strstr (err2, "left out"));

  g_assert_cmpint (scan (path, NULL, &err3, "--bad-rows", list, NULL), ==, 2);
  g_assert_nonnull (strstr (err3, "--bad-rows goes with --skip-bad-rows"));
  pr_test_remove_tree (dir);
}

/* A value of 17 MiB of text, over the 16 MiB limit: its size and the limit
 * (g_format_size () puts a no-break space before the unit). */
static void
test_too_long (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "big.csv", NULL);
  g_autofree char *err = NULL;
  GString *csv = g_string_new ("id,body\nA1,第1号 投诉 小区 噪音\nA2,");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 17 * 1024 * 1024 / 8; i++)
    g_string_append (csv, "abcdefgh");
  g_string_append (csv, "\nA3,第3号 投诉 小区 噪音\n");
  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_string_free (csv, TRUE);

  g_assert_cmpint (scan (path, NULL, &err, "--out", "/dev/null", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value is 17.0\u00a0MiB long, "
                                 "more than the 16.0\u00a0MiB a value may hold"));
  pr_test_remove_tree (dir);
}

/* The list's default name (out-bad-rows.csv beside --out out.csv) is
 * that of the records file: refused before anything is read, as a
 * --bad-rows naming it is, and the records left as they were, by every
 * command that lists bad rows. */
static void
test_default_list_is_input (void)
{
  const char *const commands[] = { "scan", "fingerprint", "thresholds" };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *original = NULL;
  g_autofree char *records = g_build_filename (dir, "out-bad-rows.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *source = data_file ("nul-in-text.csv");
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &original, &length, &error));
  g_file_set_contents (records, original, length, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *const args[] = { commands[i], "--id", "id", "--text", "body", "--skip-bad-rows", "--out", out,
                                   records, NULL };
      g_autofree char *err = NULL;
      g_autofree char *left = NULL;
      gsize left_length = 0;

      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
      g_test_message ("%s: %s", commands[i], err);
      g_assert_nonnull (strstr (err, "--bad-rows"));
      g_assert_nonnull (strstr (err, "same file"));
      g_assert_true (g_file_get_contents (records, &left, &left_length, &error));
      g_assert_cmpmem (left, left_length, original, length);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }
  pr_test_remove_tree (dir);
}

/* The list opens in a spreadsheet: an id that is a formula is written
 * neutralised ('=1+1), one Excel would change kept as text ("=""0012"""),
 * and a message shows its line break as <U+000D><U+000A>, on one line. */
static void
test_ids_for_a_spreadsheet (void)
{
  static const char csv[] = "id,body\r\n=1+1,a\0b\r\n\"B\r\n2\",c\0d\r\n0012,e\0f\r\nA3,路灯坏了请修理\r\n";
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "ids.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *listed = NULL, *err = NULL, *err2 = NULL;

  g_assert_true (g_file_set_contents (path, csv, sizeof csv - 1, NULL));
  g_assert_cmpint (scan (path, NULL, &err, "--skip-bad-rows", "--bad-rows", list, NULL), ==, 0);
  g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
  g_assert_true (g_str_has_prefix (listed, "id,row,column,reason\r\n\"'=1+1\",2,body,"));
  g_assert_nonnull (strstr (listed, "\r\n\"B\r\n2\",3,body,"));
  g_assert_nonnull (strstr (listed, "\r\n\"=\"\"0012\"\"\",5,body,"));

  g_assert_true (g_file_set_contents (path, "id,body\r\n\"B\r\n2\",c\0d\r\n", sizeof "id,body\r\n\"B\r\n2\",c\0d\r\n" - 1,
                                      NULL));
  g_assert_cmpint (scan (path, NULL, &err2, "--out", "/dev/null", NULL), ==, 1);
  g_assert_nonnull (strstr (err2, "line 2 (id “B<U+000D><U+000A>2”), column “body”: the value holds a NUL byte"));
  g_assert_null (strchr (err2, '\r'));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/scan/bad-rows/named", test_named);
  g_test_add_func ("/cli/scan/bad-rows/skipped", test_skipped);
  g_test_add_func ("/cli/scan/bad-rows/list-places", test_list_places);
  g_test_add_func ("/cli/scan/bad-rows/too-long", test_too_long);
  g_test_add_func ("/cli/scan/bad-rows/ids-for-a-spreadsheet", test_ids_for_a_spreadsheet);
  g_test_add_func ("/cli/scan/bad-rows/default-list-is-input", test_default_list_is_input);

  return g_test_run ();
}
