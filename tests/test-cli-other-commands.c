/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What scan does with a file's bad rows, unreadable dates and mis-decoded
 * text, the other commands that read records do too: fingerprint and
 * thresholds skip bad rows with --skip-bad-rows and count the dates they
 * could not read; explain refuses text read in the wrong encoding.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *dir;

static char *
write_file (const char *name,
            const char *contents,
            gssize      length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  return path;
}

static const char dated[] =
  "id,received,body\n"
  "a1,2019-06-08,first petition about the road near the school gate\n"
  "a2,someday,second petition about the road near the school gate\n"
  "a3,2019-06-09,third \0 petition about the water\n"
  "a4,2019-06-10,fourth petition about the water supply in the village\n";

static void
test_skip_and_dates (void)
{
  g_autofree char *path = write_file ("dated.csv", dated, sizeof dated - 1);
  const char *const commands[] = { "fingerprint", "thresholds" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      const char *without[] = { commands[i], "--id", "id", "--date", "received", "--text", "body", path, NULL };
      const char *with[] = { commands[i], "--id", "id", "--date", "received", "--text", "body",
                             "--skip-bad-rows", path, NULL };

      g_assert_cmpint (pr_test_run_cli (NULL, &err, without), ==, 1);
      g_assert_nonnull (strstr (err, "line 4 (id “a3”), column “body”: the value holds a NUL byte"));
      g_clear_pointer (&err, g_free);

      g_assert_cmpint (pr_test_run_cli (&out, &err, with), ==, 0);
      g_test_message ("%s: %s", commands[i], err);
      g_assert_nonnull (strstr (err, "1 bad row left out (still in the source)"));
      g_assert_nonnull (strstr (err, "1 date in column “received” could not be read and counts as none (record a2)"));
      if (i == 0)
        {
          g_assert_nonnull (strstr (out, "\na1,"));
          g_assert_null (strstr (out, "\na3,"));
        }
    }
}

/* GBK text read as ISO-8859-1: gibberish to explain, also when only the
 * two records are read (--pair-only). */
static void
test_explain_encoding (void)
{
  static const char *const lines[] = {
    "id,body",
    "1,小区门口的垃圾站臭气熏天，请尽快处理，居民反映多次",
    "2,小区门口的垃圾站臭气熏天，请尽快处理，居民多次反映",
    NULL,
  };
  g_autofree char *text = g_strjoinv ("\n", (char **) lines);
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, &length, &error);
  g_autofree char *path = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  const char *args[] = { "explain", "--pair-only", "--id", "id", "--text", "body", "--encoding", "ISO-8859-1",
                         NULL, "1", "2", NULL };
  const char *forced[] = { "explain", "--pair-only", "--id", "id", "--text", "body", "--encoding", "ISO-8859-1",
                           "--force-encoding", NULL, "1", "2", NULL };
  const char *right[] = { "explain", "--pair-only", "--id", "id", "--text", "body", "--encoding", "GBK", NULL, "1", "2",
                          NULL };

  g_assert_no_error (error);
  path = write_file ("gbk.csv", gbk, length);
  args[8] = path;
  forced[9] = path;
  right[8] = path;
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "column “body”"));
  g_assert_nonnull (strstr (err, "GB18030"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (&out, &err, forced), ==, 0);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (pr_test_run_cli (&out, &err, right), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/common/skip-bad-rows-and-dates", test_skip_and_dates);
  g_test_add_func ("/cli/explain/csv-encoding-checked", test_explain_encoding);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
