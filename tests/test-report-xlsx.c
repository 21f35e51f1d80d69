/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The report as an Excel workbook: read back by a reader of its own
 * (tests/check-xlsx-report.py: zipfile and an XML parser), its cells are
 * the CSV report's, ids stay text, numbers and dates are values; a
 * workbook that cannot be written leaves the old file and says why.
 */
#define G_LOG_DOMAIN "test-report-xlsx"

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>

#include "pr-report-table.h"
#include "pr-test-util.h"

#define SHEET "重复信访报告"
#define CSV_FLAGS (PR_CSV_WRITER_BOM | PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT)

/* The report's columns, as the window's export makes them */
static PrReportTable *
make_table (void)
{
  const char *headings[] = { "案件", "信访件编号", "主件编号", "差异位数", "相似度", "结论",
                             "审查人", "决定时间", "登记日期", "内容" };
  PrReportTable *table = pr_report_table_new (SHEET);
  struct {
    const char *id;
    guint distance;
    gint64 decided;  /* 0: none */
    const char *date, *body;
  } rows[] = {
    { "0012345", 0, 0, "2019-06-08", "小区物业长期不维修电梯，老人上下楼非常困难。" },
    { "110101199003071234", 3, 1764063000, "2026-11-25 09:30:00", "=HYPERLINK(\"http://x\")" },
    { "11010119900307123X", 17, 1700000000, "2019年6月8日", "+86 591 8765 4321" },
    { "42", 63, 0, "2019-02-30", "-5" },
    { "000000000000000000001", 64, 0, "1899-12-31", "@SUM(A1)" },
    { "7", 1, 0, NULL, "第一行，\"引号\"\r\n第二行" },
    { "8", 2, 0, "1900-03-01", "" },
    { "9", 4, 0, "1900-02-28 23:59:59", "_x000D_ 字面" },
    { "10", 5, 0, "1900-01-01", NULL },
    { "11", 12, 0, NULL, "81.25%: a tie the CSV rounds to even" },
    /* Noncharacters, which XML cannot hold either. */
    { "12", 6, 0, NULL, "王\xef\xbf\xbe五\xef\xbf\xbf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
    pr_report_table_add_heading (table, headings[i]);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      pr_report_table_begin_row (table);
      pr_report_table_add_text (table, "2026-0001");
      pr_report_table_add_id (table, rows[r].id);
      pr_report_table_add_id (table, rows[0].id);
      pr_report_table_add_integer (table, rows[r].distance);
      pr_report_table_add_percent (table, (64 - rows[r].distance) / 64.0);
      pr_report_table_add_text (table, rows[r].decided != 0 ? "重复件" : NULL);
      pr_report_table_add_text (table, rows[r].decided != 0 ? "张三" : NULL);
      if (rows[r].decided != 0)
        pr_report_table_add_unix_time (table, rows[r].decided);
      else
        pr_report_table_add_text (table, NULL);
      pr_report_table_add_date (table, rows[r].date);
      pr_report_table_add_text (table, rows[r].body);
    }
  return table;
}

static int
run_check (const char *csv,
           const char *xlsx,
           char      **out)
{
  return pr_test_check_xlsx_report (csv, xlsx, SHEET, "1,2", "3,4", "7,8", out);
}

/* Writes @table as CSV and as a workbook in @dir and checks that they
 * agree. Returns: (transfer full): what the checker said */
static char *
write_both_and_check (PrReportTable *table,
                      const char    *dir)
{
  g_autofree char *csv = g_build_filename (dir, "报告.csv", NULL);
  g_autofree char *xlsx = g_build_filename (dir, "报告.xlsx", NULL);
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_assert_true (pr_report_table_write (table, csv, CSV_FLAGS, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (pr_report_table_write (table, xlsx, CSV_FLAGS, NULL, &error));
  g_assert_no_error (error);
  if (run_check (csv, xlsx, &out) != 0)
    g_error ("the workbook differs from the CSV:\n%s", out);
  g_test_message ("%s", out);
  return out;
}

/* A row with only its last cell, the text, filled */
static void
add_text_row (PrReportTable *table,
              const char    *text)
{
  pr_report_table_begin_row (table);
  for (guint c = 0; c + 1 < pr_report_table_get_n_columns (table); c++)
    pr_report_table_add_text (table, NULL);
  pr_report_table_add_text (table, text);
}

/* Read back independently, the workbook says what the CSV says. */
static void
test_same_cells (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = write_both_and_check (table, dir);

  g_assert_nonnull (strstr (out, "12 rows agree"));

  /* Only the database's own forms of real days became dates. */
  g_assert_cmpint (pr_report_table_get_cell (table, 0, 8)->kind, ==, PR_REPORT_CELL_DATE);
  g_assert_cmpint (pr_report_table_get_cell (table, 1, 8)->kind, ==, PR_REPORT_CELL_DATETIME);
  g_assert_cmpint (pr_report_table_get_cell (table, 1, 7)->kind, ==, PR_REPORT_CELL_DATETIME);
  for (guint r = 2; r <= 4; r++)
    g_assert_cmpint (pr_report_table_get_cell (table, r, 8)->kind, ==, PR_REPORT_CELL_TEXT);
  pr_test_remove_tree (dir);
}

/* The window's Export to CSV: an id of 12 digits or more, which Excel's
 * General format would show as 2.02406E+11 and save so, is written as
 * text (="…"), as 11 digits are not. */
static void
test_csv_long_ids_as_text (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "报告.csv", NULL);
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;

  pr_report_table_begin_row (table);
  pr_report_table_add_text (table, "2026-0002");
  pr_report_table_add_id (table, "202406080001");
  pr_report_table_add_id (table, "13812345678");
  g_assert_true (pr_report_table_write (table, csv, CSV_FLAGS, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &written, NULL, NULL));
  g_assert_nonnull (strstr (written, "\r\n2026-0002,\"=\"\"202406080001\"\"\",13812345678\r\n"));
  pr_test_remove_tree (dir);
}

/* The checker itself: a workbook that says another thing fails it. */
static void
test_checker_sees_a_difference (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autoptr(PrReportTable) other = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "a.csv", NULL);
  g_autofree char *xlsx = g_build_filename (dir, "b.xlsx", NULL);
  g_autofree char *out = NULL;

  g_assert_true (pr_report_table_write (table, csv, CSV_FLAGS, NULL, NULL));
  pr_report_table_begin_row (other);
  pr_report_table_add_text (other, "extra");
  g_assert_true (pr_report_table_write (other, xlsx, CSV_FLAGS, NULL, NULL));
  g_assert_cmpint (run_check (csv, xlsx, &out), ==, 1);
  g_test_message ("%s", out);
  pr_test_remove_tree (dir);
}

static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
assert_old_kept (const char *dir,
                 const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *names = listing (dir);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_assert_cmpstr (names, ==, "report.xlsx");
}

/* A text longer than a cell holds: refused, saying where and what to do;
 * the old workbook stays, no temporary file is left. */
static void
test_refuses_long_cell (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.xlsx", NULL);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  for (guint i = 0; i < 40000; i++)
    g_string_append_c (body, 'a');
  add_text_row (table, body->str);
  g_assert_false (pr_report_table_write_xlsx (table, path, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "row 13"));
  g_assert_nonnull (strstr (error->message, "内容"));
  g_assert_nonnull (strstr (error->message, "CSV"));
  assert_old_kept (dir, path);
  pr_test_remove_tree (dir);
}

/* Chinese text up to the cell's limit in characters is written whole. */
static void
test_long_chinese_cell (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autoptr(GString) body = g_string_new (NULL);
  g_autofree char *out = NULL;

  for (guint i = 0; i < 15000; i++)
    g_string_append (body, "访");
  add_text_row (table, body->str);
  out = write_both_and_check (table, dir);
  pr_test_remove_tree (dir);
}

/* The folder removed after it was chosen: an error naming the file and
 * its folder, nothing written. */
static void
test_folder_gone (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gone", "report.xlsx", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (pr_report_table_write (table, path, CSV_FLAGS, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "cannot write "));
  g_assert_nonnull (strstr (error->message, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (dir);
}

/* No room for the workbook (a file size limit, as a full disk): an error
 * naming the file; the old one stays, no temporary file is left. */
static void
test_disk_full (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      struct rlimit rl = { 2000, 2000 };
      g_autoptr(PrReportTable) table = make_table ();
      g_autoptr(GError) error = NULL;

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &rl), ==, 0);
      g_assert_false (pr_report_table_write (table, g_getenv ("PR_TEST_PATH"), CSV_FLAGS, NULL, &error));
      g_assert_nonnull (error);
      g_printerr ("%s\n", error->message);
      return;
    }

  dir = pr_test_make_temp_dir ();
  path = g_build_filename (dir, "report.xlsx", NULL);
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_setenv ("PR_TEST_PATH", path, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*cannot write *report.xlsx: *File too large*export again*");
  assert_old_kept (dir, path);
  pr_test_remove_tree (dir);
}

/* A cancelled export, as either format: G_IO_ERROR_CANCELLED, the old
 * file as it was and no temporary file beside it. The table is large, so
 * that a writer that never looks at the cancellable would finish it. */
static void
test_cancelled (void)
{
  const char *names[] = { "report.csv", "report.xlsx" };
  g_autoptr(PrReportTable) table = make_table ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  for (guint i = 0; i < 20000; i++)
    add_text_row (table, "内容");
  g_cancellable_cancel (cancellable);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *dir = pr_test_make_temp_dir ();
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autofree char *left = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_set_contents (path, "old", -1, NULL));
      g_assert_false (pr_report_table_write (table, path, CSV_FLAGS, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old");
      left = listing (dir);
      g_assert_cmpstr (left, ==, names[i]);
      pr_test_remove_tree (dir);
    }
}

/* The name's extension chooses the format, in any case. */
static void
test_chosen_by_name (void)
{
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *upper = g_build_filename (dir, "R.XLSX", NULL);
  g_autofree char *csv = g_build_filename (dir, "r.csv", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (pr_report_table_write (table, upper, CSV_FLAGS, NULL, NULL));
  g_assert_true (g_file_get_contents (upper, &contents, &length, NULL));
  g_assert_true (length > 4 && memcmp (contents, "PK\x03\x04", 4) == 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (pr_report_table_write (table, csv, CSV_FLAGS, NULL, NULL));
  g_assert_true (g_file_get_contents (csv, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "\xEF\xBB\xBF" "案件,信访件编号"));
  g_assert_false (pr_report_path_is_xlsx ("a.xlsx.csv"));
  g_assert_false (pr_report_path_is_xlsx ("xlsx"));
  pr_test_remove_tree (dir);
}

/* CSV text under another spreadsheet's name (the window's Export with
 * the CSV type and a name typed as .xls) is refused, nothing written;
 * .xlsx stays a workbook and a name that only holds .xls is CSV. */
static void
test_csv_under_spreadsheet_name (void)
{
  static const char *const refused[] = { "r.xls", "r.XLS", "r.ods", "r.et", "r.xlsm", "r.numbers", "r.tsv", "r.TSV" };
  g_autoptr(PrReportTable) table = make_table ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "r.xls.csv", NULL);
  g_autofree char *xlsx = g_build_filename (dir, "r.xlsx", NULL);
  g_autofree char *contents = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_build_filename (dir, refused[i], NULL);
      g_autoptr(GError) error = NULL;

      g_assert_false (pr_report_table_write (table, path, CSV_FLAGS, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
      g_assert_nonnull (strstr (error->message, refused[i]));
      g_assert_nonnull (strstr (error->message, ".xlsx"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  g_assert_true (pr_report_table_write (table, csv, CSV_FLAGS, NULL, NULL));
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "\xEF\xBB\xBF" "案件,信访件编号"));
  g_assert_true (pr_report_table_write (table, xlsx, CSV_FLAGS, NULL, NULL));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The local time of decided_at, fixed for the expected texts. */
  g_setenv ("TZ", "Asia/Shanghai", TRUE);

  g_test_add_func ("/engine/report-xlsx/same-cells", test_same_cells);
  g_test_add_func ("/engine/report-xlsx/csv-long-ids-as-text", test_csv_long_ids_as_text);
  g_test_add_func ("/engine/report-xlsx/checker-sees-a-difference", test_checker_sees_a_difference);
  g_test_add_func ("/engine/report-xlsx/refuses-long-cell", test_refuses_long_cell);
  g_test_add_func ("/engine/report-xlsx/long-chinese-cell", test_long_chinese_cell);
  g_test_add_func ("/engine/report-xlsx/folder-gone", test_folder_gone);
  g_test_add_func ("/engine/report-xlsx/disk-full", test_disk_full);
  g_test_add_func ("/engine/report-xlsx/chosen-by-name", test_chosen_by_name);
  g_test_add_func ("/engine/report-xlsx/cancelled", test_cancelled);
  g_test_add_func ("/engine/report-xlsx/csv-under-spreadsheet-name", test_csv_under_spreadsheet_name);
  return g_test_run ();
}
