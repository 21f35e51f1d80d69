/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A CSV file saved by Excel on a Chinese Windows is GB18030, its header
 * too: with Chinese column names (编号,内容,日期) the reader stopped at the
 * header with "invalid UTF-8 at byte 0", which says neither what the file
 * is nor what to do. It names the encoding the bytes look like and the
 * flag to give; given, the file reads. Oracle: the file as written here
 * (GBK bytes of a header and rows, then Big5 bytes of the same).
 */
#define G_LOG_DOMAIN "pr-test-csv-legacy-header"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

/* The header's names, then the file; Big5 has no simplified characters. */
static const char *const files[][4] = {
  { "编号", "内容", "日期",
    "编号,内容,日期\r\n"
    "101,小区东门外的垃圾站每天凌晨四点清运噪音很大请求搬迁,2023-06-08\r\n"
    "102,工地老板拖欠工资两万三千元至今未付请求督促支付,2023-06-09\r\n" },
  { "編號", "內容", "日期",
    "編號,內容,日期\r\n"
    "101,小區東門外的垃圾站每天凌晨四點清運噪音很大請求搬遷,2023-06-08\r\n"
    "102,工地老闆拖欠工資兩萬三千元至今未付請求督促支付,2023-06-09\r\n" },
};

static PrRecordSet *
load (const char *const *file,
      const char  *encoding,
      const char  *given,
      GError     **error)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "export.csv", NULL);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .encoding = given };
  PrRecordSet *set;

  bytes = g_convert (file[3], -1, encoding, "UTF-8", NULL, &length, NULL);
  g_assert_nonnull (bytes);
  g_assert_true (g_file_set_contents (path, bytes, length, NULL));
  g_assert_true (pr_mapping_add (mapping, file[0], PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, file[1], PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, file[2], PR_COLUMN_ROLE_DATE, 0, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, error);
  pr_test_remove_tree (dir);
  return set;
}

static void
test_header (void)
{
  static const char *const encodings[][2] = { { "GBK", "GB18030" }, { "BIG5", "BIG5" } };

  for (guint i = 0; i < G_N_ELEMENTS (encodings); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) refused = load (files[i], encodings[i][0], NULL, &error);
      g_autoptr(PrRecordSet) read = NULL;
      g_autofree char *flag = g_strdup_printf ("give --encoding %s", encodings[i][1]);

      g_assert_null (refused);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "line 1, field 1"));
      g_assert_nonnull (strstr (error->message, flag));
      g_clear_error (&error);

      read = load (files[i], encodings[i][0], encodings[i][1], &error);
      g_assert_no_error (error);
      g_assert_cmpuint (read->ids->len, ==, 2);
      g_assert_cmpstr (read->ids->pdata[1], ==, "102");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv/legacy-header", test_header);

  return g_test_run ();
}
