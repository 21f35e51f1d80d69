/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Edges of a CSV file through scan: a DOS end-of-file mark inside a value
 * (a quote left open before it, files put together) is refused, not read
 * into a record; ids an export for Excel wrote as ="0012" are read as
 * 0012, and 0012 written twice is a repeated id; and the bad-rows list,
 * which a person opens in Excel or WPS, begins with a byte order mark and
 * reads back through our own reader.
 * Short Big5 values given as GBK, whose common characters GBK reads as
 * private-use ones, are refused as text in another encoding; so is UTF-16
 * without a byte order mark whose header is Chinese.
 * An invisible character (a zero-width space, a BOM, a word joiner, a
 * soft hyphen) inside each body changes no pair nor its probability:
 * the oracle is the scan of the clean file.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

#include "pr-csv-reader.h"

static char *dir;

#define BODY_A "小区门口的路灯坏了很久没人修理请尽快处理谢谢"
#define BODY_B "楼上住户装修噪音扰民已经持续三个月希望相关部门管一管"

static void
test_end_mark_inside (void)
{
  /* The quote on line 3 is not closed before the mark; a stray quote on
   * the last line closes it, so record 2 would hold lines 3 to 5. */
  g_autofree char *open_quote = pr_test_write_file (dir, "open-quote.csv",
                                                    "id,body\r\nA1," BODY_A "\r\nA2,\"" BODY_A "\r\n\x1A\r\n\"\r\n");
  /* The mark ending a middle row's last value is read as at the file's
   * end: left out, the next file's header passed over, its rows read on. */
  g_autofree char *joined = pr_test_write_file (dir, "joined.csv",
                                                "id,body\r\nA1," BODY_A "\r\nA2," BODY_B "\x1A\r\nid,body\r\nB1,"
                                                BODY_A "\r\n");
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *written = NULL;
  const char *args[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--skip-bad-rows",
                         "--out", out, NULL, NULL };

  args[9] = open_quote;
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err,
                            "line 3, field 2: the quoted value that begins there holds a DOS end-of-file mark (Ctrl-Z, "
                            "byte 0x1A) on line 4, so its closing quote is missing and the lines after it were read "
                            "into it: close the quote where the value ends and delete the mark, then read the file "
                            "again"));
  args[9] = joined;
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,"
                                "due,earlier_id,probability\r\n1,A1,A1,0,,,,,,,,\r\n1,B1,A1,0,,,,,,,,\r\n");
}

static void
test_text_formula_ids (void)
{
  /* Ids kept from Excel as ="…", as our exports and many systems write
   * them: 0012 and 0013, the same letter twice. */
  g_autofree char *path = pr_test_write_file (dir, "formula-ids.csv",
                                              "\"=\"\"id\"\"\",body\r\n\"=\"\"0012\"\"\"," BODY_A "\r\n"
                                              "\"=\"\"0013\"\"\"," BODY_A "\r\n\"=\"\"0014\"\"\"," BODY_B "\r\n");
  g_autofree char *out = g_build_filename (dir, "formula-out.csv", NULL);
  g_autofree char *written = NULL;
  const char *args[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--out", out, path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "\r\n1,0012,0012,"));
  g_assert_nonnull (strstr (written, "\r\n1,0013,0012,"));
  g_assert_null (strstr (written, "="));
}

static void
test_repeated_padded_id (void)
{
  /* 0012 twice, the second time as ="0012": one id written the same way
   * twice, said as such, not as two ids that differ in how they are
   * written. */
  g_autofree char *plain = pr_test_write_file (dir, "padded-twice.csv",
                                               "id,body\r\n0012," BODY_A "\r\n0013," BODY_B "\r\n0012," BODY_B "\r\n");
  g_autofree char *formula = pr_test_write_file (dir, "padded-formula.csv",
                                                 "id,body\r\n0012," BODY_A "\r\n\"=\"\"0012\"\"\"," BODY_B "\r\n");
  const char *paths[] = { plain, formula };
  const char *messages[] = { "line 4, column “id”: the id “0012” appears a second time",
                             "line 3, column “id”: the id “0012” appears a second time" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *err = NULL;
      const char *args[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--out", "/dev/null",
                             paths[i], NULL };

      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
      g_assert_nonnull (strstr (err, messages[i]));
      g_assert_null (strstr (err, "differ only"));
    }
}

static void
test_bad_rows_list_for_excel (void)
{
  g_autofree char *path = pr_test_write_file (dir, "nul.csv",
                                              "id,body\r\nA1," BODY_A "\r\nA2," BODY_B "\r\n0012345678901,"
                                              "abc\xff\r\nA4," BODY_A "\r\n");
  g_autofree char *out = g_build_filename (dir, "nul-out.csv", NULL);
  g_autofree char *list_path = g_build_filename (dir, "nul-out-bad-rows.csv", NULL);
  g_autofree char *list = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  const char *args[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--skip-bad-rows",
                         "--out", out, path, NULL };
  const char *row[] = { "0012345678901", "4", "body" };
  gsize length;

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, args), ==, 0);
  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  /* Excel and WPS read a CSV file as UTF-8 only after this mark. */
  g_assert_true (g_str_has_prefix (list, "\xEF\xBB\xBF" "id,row,column,reason\r\n"));

  /* Read back: the id as written (Excel would show it as a number), the
   * row, the column and a reason. */
  reader = pr_csv_reader_new_for_path (list_path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_cmpstr (pr_csv_reader_get_field (reader, 0, &length), ==, "id");
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (row); i++)
    g_assert_cmpstr (pr_csv_reader_get_field (reader, i, &length), ==, row[i]);
  g_assert_nonnull (strstr (pr_csv_reader_get_field (reader, 3, &length), "UTF-8"));
  g_assert_false (pr_csv_reader_next (reader, NULL, &error));
  g_assert_no_error (error);
}

static void
test_big5_given_as_gbk (void)
{
  /* Six short subjects in Big5 (小孩上下學山路不安全, 大山口村水井乾了三個月,
   * 工人工資六個月不發…): GBK reads their most common characters (小, 上,
   * 下, 山, 人, 了, A440 to A4FE in Big5) in its user-defined rows. */
  static const char file[] =
    "id,body\r\n"
    "1,\xa4p\xab\xc4\xa4W\xa4U\xbe\xc7\xa4s\xb8\xf4\xa4\xa3\xa6w\xa5\xfe\r\n"
    "2,\xa4p\xab\xc4\xa4W\xa4U\xbe\xc7\xa4s\xb8\xf4\xa4\xa3\xa6w\xa5\xfe\xa4" "F\r\n"
    "3,\xa4j\xa4s\xa4" "f\xa7\xf8\xa4\xf4\xa4\xab\xb0\xae\xa4" "F\xa4T\xad\xd3\xa4\xeb\r\n"
    "4,\xa4j\xa4s\xa4" "f\xa7\xf8\xa4\xf4\xa4\xab\xb0\xae\xa4" "F\xa4T\xad\xd3\xa4\xeb\xa4" "F\r\n"
    "5,\xa4u\xa4H\xa4u\xb8\xea\xa4\xbb\xad\xd3\xa4\xeb\xa4\xa3\xb5o\r\n"
    "6,\xa4g\xa6" "a\xb3Q\xa4H\xa5" "e\xa4" "F\xa4K\xa6~\r\n";
  g_autofree char *path = pr_test_write_file (dir, "big5.csv", file);
  g_autofree char *err = NULL;
  const char *args[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--encoding", "GBK",
                         "--out", "/dev/null", path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "big5.csv, column “body”: read as GBK, the text is mostly rare Chinese characters "
                                 "or letters of other scripts (6 values, first on line 2)"));
  g_clear_pointer (&err, g_free);
  args[7] = "BIG5";
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
}

static void
test_utf16_chinese_header (void)
{
  /* 编号,内容 and a record with 退 (U+9000, a NUL byte in either order),
   * in UTF-16 without a byte order mark. */
  static const char *const encodings[] = { "UTF-16LE", "UTF-16BE" };

  for (guint i = 0; i < G_N_ELEMENTS (encodings); i++)
    {
      g_autofree char *bytes = NULL;
      g_autofree char *path = g_build_filename (dir, "utf16.csv", NULL);
      g_autofree char *err = NULL;
      g_autofree char *expected = g_strdup_printf ("the file is %s text, not UTF-8", encodings[i]);
      g_autoptr(GError) error = NULL;
      gsize length = 0;
      const char *args[] = { "scan", "--no-second-stage", "--id", "编号", "--text", "内容", "--out", "/dev/null",
                             path, NULL, NULL };

      bytes = g_convert ("编号,内容\r\n1,申请退休金的事情没有人管\r\n2," BODY_A "\r\n", -1, encodings[i], "UTF-8",
                         NULL, &length, &error);
      g_assert_no_error (error);
      g_assert_true (g_file_set_contents (path, bytes, length, NULL));
      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
      g_assert_nonnull (strstr (err, expected));
      g_clear_pointer (&err, g_free);
      args[9] = i == 0 ? "--encoding=UTF-16LE" : "--encoding=UTF-16BE";
      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
    }
}

static void
test_utf8_nul_row_not_utf16 (void)
{
  /* UTF-8 records, one of them a bad row whose value begins with NUL
   * bytes at every other offset, right after a line feed: UTF-8 with a
   * bad row, not UTF-16, for its other line feeds fall at both offsets. */
  g_autoptr(GString) bytes = g_string_new ("id,body\n");
  g_autofree char *path = g_build_filename (dir, "utf8-nul.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "scan", "--no-second-stage", "--skip-bad-rows", "--id", "id", "--text", "body",
                         "--out", "/dev/null", "--bad-rows", "/dev/null", path, NULL };

  for (guint i = 1; i <= 20; i++)
    g_string_append_printf (bytes, "%u,%s%u\n", i, BODY_A, i);
  if (bytes->len % 2 == 0)
    g_string_append (bytes, "21,x\n");
  g_string_append_len (bytes, "\0a\0b,bad\n", 9);
  g_string_append (bytes, "22," BODY_A "\n");
  g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_assert_null (strstr (err, "UTF-16"));
  g_assert_nonnull (strstr (err, "left out (still in the source)"));
}

/* Three letters of the sample about one water cut, the 11th character of
 * each inside the year 2023: the second stage read "202" and "3" there. */
static const char *const water_bodies[] = {
  "您好！御景湾从2023年4月22日开始频繁停水，每次一停就是大半天，物业只是在业主群里说一声。高层住户就算来水了水压也上不去，"
  "我们只能到楼下提水。问过物业，物业说是二次供水泵房的设备坏了，要等配件。前段时间因为御景湾停水且水质发黄找过街道办，"
  "工作人员说尽快处理，结果好几个月过去了连个电话都没有。请供水部门查明原因，尽快解决停水和水质问题，停水前要提前通知。",
  "第二次反映：御景湾从2023年4月22日开始频繁停水，每次一停就是大半天，停水前没有任何通知。来水后水是黄的，根本不敢喝，"
  "家里老人孩子洗澡做饭都成问题。问过物业，物业说是二次供水泵房的设备坏了，要等配件。上个月因为御景湾停水且水质发黄找过街道办，"
  "工作人员说尽快处理，结果好几个月过去了连个电话都没有。请供水部门查明原因，尽快解决停水和水质问题，停水前要提前通知。",
  "【重复反映】御景湾从2023年4月22日开始频繁停水，几乎每隔两三天就停一次，停水前没有任何通知。来水后水是黄的，根本不敢喝，"
  "我们只能到楼下提水。问过物业，物业说是二次供水泵房的设备坏了，要等配件。前段时间因为御景湾停水且水质发黄找过街道办，"
  "工作人员说尽快处理，结果好几个月过去了连个电话都没有。请供水部门查明原因，尽快解决停水和水质问题，停水前要提前通知。",
};

/* The three letters as CSV, @invisible (nullable) after their 10th character. */
static char *
water_csv (const char *invisible)
{
  GString *csv = g_string_new ("id,body\n");

  for (guint i = 0; i < G_N_ELEMENTS (water_bodies); i++)
    {
      const char *at = g_utf8_offset_to_pointer (water_bodies[i], 10);

      g_string_append_printf (csv, "w%u,", i + 1);
      g_string_append_len (csv, water_bodies[i], at - water_bodies[i]);
      g_string_append (csv, invisible != NULL ? invisible : "");
      g_string_append (csv, at);
      g_string_append_c (csv, '\n');
    }
  return g_string_free (csv, FALSE);
}

static void
test_invisible_characters (void)
{
  static const char *const options[] = { "--id", "id", "--text", "body", NULL };
  static const char *const invisible[] = { "\u200b", "\ufeff", "\u2060", "\u00ad" };
  g_autofree char *clean_csv = water_csv (NULL);
  g_autofree char *err = NULL;
  g_autofree char *clean = pr_test_scan_pairs (clean_csv, options, &err);

  /* Three pairs, each with its probability. */
  g_assert_nonnull (strstr (clean, "w1,w2,"));
  g_assert_nonnull (strstr (clean, "w1,w3,"));
  g_assert_nonnull (strstr (clean, "w2,w3,"));
  for (guint i = 0; i < G_N_ELEMENTS (invisible); i++)
    {
      g_autofree char *csv = water_csv (invisible[i]);
      g_autofree char *scan_err = NULL;
      g_autofree char *pairs = pr_test_scan_pairs (csv, options, &scan_err);

      g_assert_cmpstr (pairs, ==, clean);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/scan/csv-end-mark-inside", test_end_mark_inside);
  g_test_add_func ("/cli/scan/csv-text-formula-ids", test_text_formula_ids);
  g_test_add_func ("/cli/scan/csv-repeated-padded-id", test_repeated_padded_id);
  g_test_add_func ("/cli/scan/bad-rows-list-for-excel", test_bad_rows_list_for_excel);
  g_test_add_func ("/cli/scan/big5-given-as-gbk", test_big5_given_as_gbk);
  g_test_add_func ("/cli/scan/utf16-chinese-header", test_utf16_chinese_header);
  g_test_add_func ("/cli/scan/utf8-nul-row-not-utf16", test_utf8_nul_row_not_utf16);
  g_test_add_func ("/cli/scan/csv-invisible-characters", test_invisible_characters);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
