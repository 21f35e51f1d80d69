/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scan of a file whose bodies are percent-encoded (a web form's export),
 * written as code points (U+5C0F) or in base64: three unrelated letters
 * so written were all the same few hex digits and letters to the
 * fingerprint, and the scan exited 0 with them as repeats. It stops
 * naming the first such row, or with --skip-bad-rows lists all three and
 * reads the rest. Oracles: the file as written here; the code points and
 * the base64 of 小区 in the messages by hand (E5 B0 8F E5 8C BA).
 */
#define G_LOG_DOMAIN "pr-test-cli-escaped-bodies"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static const char *const bodies[] = {
  "小区门口的垃圾站臭气熏天多年无人处理，请求政府尽快解决这个问题。",
  "建筑公司拖欠农民工工资半年，老板失联，请求劳动监察部门追讨。",
  "村委会不予登记宅基地确权，镇政府拖延办理，请求复核。",
};

static char *
percent (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    g_string_append_printf (s, "%%%02X", *p);
  return g_string_free (s, FALSE);
}

static char *
code_points (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_printf (s, "U+%04X ", g_utf8_get_char (p));
  return g_string_free (s, FALSE);
}

static char *
base64 (const char *text)
{
  return g_base64_encode ((const guchar *) text, strlen (text));
}

typedef struct
{
  char *(*write) (const char *);
  const char *refused;
} Case;

static void
test_scan (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "clusters-bad-rows.csv", NULL);
  g_autofree char *err = NULL, *skipped_err = NULL, *listed = NULL, *clusters = NULL;
  GString *csv = g_string_new ("id,body\n");
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--out", out, path, NULL };
  const char *skip_args[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--out", out, path, NULL };

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autofree char *encoded = c->write (bodies[i]);

      g_string_append_printf (csv, "P%u,%s\n", i + 1, encoded);
    }
  g_string_append_printf (csv, "T1,%s\nT2,%s啊\n", bodies[0], bodies[0]);
  g_assert_true (g_file_set_contents (path, csv->str, -1, NULL));
  g_string_free (csv, TRUE);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 2 (id “P1”), column “body”: the value writes its "));
  g_assert_nonnull (strstr (err, c->refused));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  g_assert_cmpint (pr_test_run_cli (NULL, &skipped_err, skip_args), ==, 0);
  g_assert_nonnull (strstr (skipped_err, "3 bad rows left out"));
  g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
  g_assert_true (g_str_has_prefix (listed, "\xEF\xBB\xBF" "id,row,column,reason\r\nP1,2,body,"));
  g_assert_nonnull (strstr (listed, "\r\nP2,3,body,"));
  g_assert_nonnull (strstr (listed, "\r\nP3,4,body,"));
  g_assert_true (g_file_get_contents (out, &clusters, NULL, NULL));
  g_assert_null (strstr (clusters, "P1"));
  g_assert_nonnull (strstr (clusters, "T1"));
  pr_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  static const Case percent_case = {
    percent, "Chinese characters as percent-encoded bytes (“%E5%B0%8F%E5%8C%BA…”"
  };
  static const Case code_points_case = {
    code_points, "Chinese characters as Unicode code points (“U+5C0F U+533A U+95E8 U+53E3…”"
  };
  static const Case base64_case = { base64, "text in base64 (“5bCP5Yy6" };

  g_test_add_data_func ("/cli/escaped-bodies/scan", &percent_case, test_scan);
  g_test_add_data_func ("/cli/escaped-bodies/scan/code-points", &code_points_case, test_scan);
  g_test_add_data_func ("/cli/escaped-bodies/scan/base64", &base64_case, test_scan);

  return g_test_run ();
}
