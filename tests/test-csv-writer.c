/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The CSV writer: RFC 4180 quoting checked against vectors written by hand,
 * the byte order mark, formula neutralisation, and the promise that a file
 * is replaced only by a complete report, on real files in a temporary
 * folder (a new path, a symlink, a hard link, an unwritable folder, a write
 * that fails half-way).
 */
#include "config.h"

#include "pr-test-util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>
#include <glib/gstdio.h>

#include "pr-csv-writer.h"

static char *tmpdir;

/* Writes the rows (each a NULL-terminated array of n_fields fields) to
 * memory and returns the bytes. */
static char *
write_to_memory (PrCsvWriterFlags    flags,
                 guint               n_fields,
                 const char *const  *rows,
                 guint               n_rows)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, flags);
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < n_rows; r++)
    {
      pr_csv_writer_write_row (writer, rows + r * n_fields, n_fields, &error);
      g_assert_no_error (error);
    }
  g_assert_true (pr_csv_writer_write_row (writer, (const char *[]) { "end" }, 1, &error));
  g_assert_no_error (error);
  pr_csv_writer_close (writer, &error);
  g_assert_no_error (error);

  /* Closed, so the stream's data is complete; NUL-terminate a copy. */
  return g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                    g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
}

static void
test_quoting (void)
{
  const char *rows[] = {
    "plain", "a,b", "say \"hi\"", "\"", "cr\rx", "lf\nx", "crlf\r\nx",
    NULL, "", "中文", " spaced ", "tab\tx",
  };
  g_autofree char *csv = write_to_memory (PR_CSV_WRITER_FLAGS_NONE, 6, rows, 2);

  g_assert_cmpstr (csv, ==,
                   "plain,\"a,b\",\"say \"\"hi\"\"\",\"\"\"\",\"cr\rx\",\"lf\nx\"\r\n"
                   "\"crlf\r\nx\",,,中文, spaced ,tab\tx\r\n"
                   "end\r\n");
}

static void
test_append_field (void)
{
  g_autoptr(GString) line = g_string_new (NULL);

  pr_csv_append_field (line, NULL, PR_CSV_WRITER_NEUTRALIZE);
  g_assert_cmpstr (line->str, ==, "");
  pr_csv_append_field (line, "", PR_CSV_WRITER_NEUTRALIZE);
  g_assert_cmpstr (line->str, ==, "");
  pr_csv_append_field (line, "x\"y", PR_CSV_WRITER_FLAGS_NONE);
  g_assert_cmpstr (line->str, ==, "\"x\"\"y\"");
}

static void
test_bom (void)
{
  const char *rows[] = { "a", "b", "c", "d" };
  g_autofree char *with_bom = write_to_memory (PR_CSV_WRITER_BOM, 2, rows, 2);
  g_autofree char *without = write_to_memory (PR_CSV_WRITER_FLAGS_NONE, 2, rows, 2);

  g_assert_cmpstr (with_bom, ==, "\xEF\xBB\xBF" "a,b\r\nc,d\r\nend\r\n");
  g_assert_cmpstr (without, ==, "a,b\r\nc,d\r\nend\r\n");
}

/* What a spreadsheet would change on reading a cell (leading zeros, 12
 * digits or more, dates other than 2019-06-08 and 2019-06-08 17:31:20,
 * month names, fractions, money, times, brackets for a minus, true for
 * TRUE, spaces around any of these) is written ="…"; other cells as
 * before, and without the flag nothing changes. The table is made by hand
 * from how Excel shows each input typed into a cell, and from Microsoft's
 * "Available number formats in Excel": General shows 12 digits or more in
 * scientific notation. */
static void
test_digits_as_text (void)
{
  const struct {
    const char *field;
    const char *written;
  } vectors[] = {
    { "0100", "\"=\"\"0100\"\"\"" },
    { "110101199003071234", "\"=\"\"110101199003071234\"\"\"" },
    { "1234567890123456", "\"=\"\"1234567890123456\"\"\"" },
    /* 12 digits or more: General shows 2.02406E+11 and saves it so. */
    { "123456789012345", "\"=\"\"123456789012345\"\"\"" },
    { "110105491231002", "\"=\"\"110105491231002\"\"\"" },
    { "8613800138000", "\"=\"\"8613800138000\"\"\"" },
    { "202406080001", "\"=\"\"202406080001\"\"\"" },
    { "1234567.12345", "\"=\"\"1234567.12345\"\"\"" },
    { "202406080001%", "\"=\"\"202406080001%\"\"\"" },
    { "13812345678", "13812345678" },           /* 11 digits: shown whole */
    { "1234567.125", "1234567.125" },
    { "0", "0" },
    { "11010119900307123X", "11010119900307123X" },
    { "0591-87654321", "0591-87654321" },
    { "-0100", "\"'-0100\"" },
    { "", "" },
    /* Read as dates or rewritten as numbers by Excel and WPS. */
    { "3-2", "\"=\"\"3-2\"\"\"" },
    { "1/2", "\"=\"\"1/2\"\"\"" },
    { "12-2019", "\"=\"\"12-2019\"\"\"" },
    { "1-2-3", "\"=\"\"1-2-3\"\"\"" },
    { "08/06/2019", "\"=\"\"08/06/2019\"\"\"" },
    { "1E5", "\"=\"\"1E5\"\"\"" },
    { "12e+3", "\"=\"\"12e+3\"\"\"" },
    { "1.50", "\"=\"\"1.50\"\"\"" },
    { "00.5", "\"=\"\"00.5\"\"\"" },
    /* Read alike as numbers or dates, or not at all. */
    { "1.5", "1.5" },
    { "0.5", "0.5" },
    { "2019-06-08", "2019-06-08" },
    { "3-2-1-0", "3-2-1-0" },
    { "3-2/1", "3-2/1" },
    { "1E", "1E" },
    { "1.2.3", "1.2.3" },
    { "12345-6", "12345-6" },
    { "2026-0001", "2026-0001" },
    { "2026-01", "\"=\"\"2026-01\"\"\"" },
    /* Wrapped: what Excel would show otherwise than written. */
    { "(5)", "\"=\"\"(5)\"\"\"" },
    { "(1.5)", "\"=\"\"(1.5)\"\"\"" },
    { ".5", "\"=\"\".5\"\"\"" },
    { "1.", "\"=\"\"1.\"\"\"" },
    { "2026-1-5", "\"=\"\"2026-1-5\"\"\"" },
    { "2019-12-001", "\"=\"\"2019-12-001\"\"\"" },
    { "2019/6/8", "\"=\"\"2019/6/8\"\"\"" },
    { "2019/06/08", "\"=\"\"2019/06/08\"\"\"" },
    { "2019-06-08 7:31:20", "\"=\"\"2019-06-08 7:31:20\"\"\"" },
    { "2026-11-25 09:30:00.123456", "\"=\"\"2026-11-25 09:30:00.123456\"\"\"" },
    { "2019-06-08 17:31", "\"=\"\"2019-06-08 17:31\"\"\"" },
    { "2019/6/8 5:31 PM", "\"=\"\"2019/6/8 5:31 PM\"\"\"" },
    { "8:30", "\"=\"\"8:30\"\"\"" },
    { "08:30", "\"=\"\"08:30\"\"\"" },
    { "17:31:20", "\"=\"\"17:31:20\"\"\"" },
    { "5:31 pm", "\"=\"\"5:31 pm\"\"\"" },
    { "true", "\"=\"\"true\"\"\"" },
    { "false", "\"=\"\"false\"\"\"" },
    { "True", "\"=\"\"True\"\"\"" },
    { "05%", "\"=\"\"05%\"\"\"" },
    { ".5%", "\"=\"\".5%\"\"\"" },
    { "12345678901234567890", "\"=\"\"12345678901234567890\"\"\"" },
    { "1.5e3", "\"=\"\"1.5e3\"\"\"" },
    { "1e5", "\"=\"\"1e5\"\"\"" },
    { "(123)", "\"=\"\"(123)\"\"\"" },
    /* Month names: dates to Excel, shown 01-Jan, 8-Jun-19. */
    { "1-Jan", "\"=\"\"1-Jan\"\"\"" },
    { "Jan-1", "\"=\"\"Jan-1\"\"\"" },
    { "8 jun 2019", "\"=\"\"8 jun 2019\"\"\"" },
    { "Jun 8", "\"=\"\"Jun 8\"\"\"" },
    { "Sept-19", "\"=\"\"Sept-19\"\"\"" },
    /* A fraction: kept as 1.5, shown in a form Excel chooses. */
    { "1 1/2", "\"=\"\"1 1/2\"\"\"" },
    { "1 2/4", "\"=\"\"1 2/4\"\"\"" },
    /* Money: shown with the machine's currency sign and decimals. */
    { "$5", "\"=\"\"$5\"\"\"" },
    { "¥5", "\"=\"\"¥5\"\"\"" },
    { "￥1000.5", "\"=\"\"￥1000.5\"\"\"" },
    /* Spaces around a value Excel reads are dropped with it. */
    { " 0123", "\"=\"\" 0123\"\"\"" },
    { "5 ", "\"=\"\"5 \"\"\"" },
    { " 2019-06-08", "\"=\"\" 2019-06-08\"\"\"" },
    { " TRUE", "\"=\"\" TRUE\"\"\"" },
    /* Kept: what Excel shows as written, or leaves as text. */
    { "TRUE", "TRUE" },
    { "FALSE", "FALSE" },
    { "50%", "50%" },
    { "100%", "100%" },
    { "5.0%", "5.0%" },
    { "95.3%", "95.3%" },
    { "2019-06-08 17:31:20", "2019-06-08 17:31:20" },
    { "2019-06-08T17:31:20", "2019-06-08T17:31:20" },
    { "08:00-12:00", "08:00-12:00" },
    { "8:30 办公", "8:30 办公" },
    { "(5", "(5" },
    { "()", "()" },
    { "1.5.", "1.5." },
    { "2019-12-00001", "2019-12-00001" },
    { "11010519491231002X", "11010519491231002X" },
    { "trueish", "trueish" },
    { "1:2:3:4", "1:2:3:4" },
    { "5%", "5%" },
    { " 办公 ", " 办公 " },
    { "Janus-1", "Janus-1" },
    { "1-Janu", "1-Janu" },
    { "1 1/2 杯", "1 1/2 杯" },
    { "$", "$" },
    { "$5 元", "$5 元" },
    { "1/2/3/4", "1/2/3/4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
    {
      g_autoptr(GString) written = g_string_new (NULL);
      g_autoptr(GString) plain = g_string_new (NULL);

      pr_csv_append_field (written, vectors[i].field,
                           PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
      pr_csv_append_field (plain, vectors[i].field, PR_CSV_WRITER_FLAGS_NONE);
      g_assert_cmpstr (written->str, ==, vectors[i].written);
      g_assert_cmpstr (plain->str, ==, vectors[i].field);
    }
}

/* Excel in Chinese reads the Chinese date forms as dates, and East-Asian
 * Excel full-width digits as numbers: each is kept as text too, as are a
 * currency's minus or brackets, an hour with AM or PM, a date with a
 * time, and a long number with thousands separators. Each expected cell
 * is the field inside ="…", its quotes doubled for CSV. */
static void
test_digits_as_text_east_asian (void)
{
  const char *const changed[] = {
    "2019年06月08日", "2019年6月8日", "6月8日", "2019年6月",
    "０１２３", "５", "２０１９－０６－０８", "\xE3\x80\x80" "0123",
    "$-5", "(¥5)", "$(5)", "-$5", "5 PM", "1/2 3:00", "12,345,678,901,234,567",
  };
  const char *const kept[] = {
    "2019年6月8日下午", "信访6月8日", "6月", "月8日", "ＡＢＣ", "１号楼", "$(5", "5 PMs",
  };

  for (guint i = 0; i < G_N_ELEMENTS (changed); i++)
    {
      g_autoptr(GString) written = g_string_new (NULL);
      g_autofree char *expected = g_strdup_printf ("\"=\"\"%s\"\"\"", changed[i]);

      pr_csv_append_field (written, changed[i], PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
      g_assert_cmpstr (written->str, ==, expected);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autoptr(GString) written = g_string_new (NULL);

      pr_csv_append_field (written, kept[i], PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
      g_assert_cmpstr (written->str, ==, kept[i]);
    }
}

/* The rule is each value's, not its column's (the user guide's example):
 * of one column's phone and ID card numbers, a 15-digit number and three
 * groups of digits joined by "-" are kept as text, an 11-digit number
 * (which Excel shows whole) and a masked number (text to Excel) are not. */
static void
test_digits_as_text_per_value (void)
{
  static const struct { const char *field, *written; } vectors[] = {
    { "359708530131809", "\"=\"\"359708530131809\"\"\"" },
    { "189-3817-8793", "\"=\"\"189-3817-8793\"\"\"" },
    { "15556635663", "15556635663" },
    { "3597**********7903", "3597**********7903" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
    {
      g_autoptr(GString) written = g_string_new (NULL);

      pr_csv_append_field (written, vectors[i].field, PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
      g_assert_cmpstr (written->str, ==, vectors[i].written);
    }
}

/* A text constant in an Excel formula holds at most 255 characters: a
 * longer cell is joined from pieces of 255, ="…"&"…". */
static void
test_digits_as_text_long (void)
{
  g_autoptr(GString) field = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new ("\"=\"\"");
  g_autoptr(GString) written = g_string_new (NULL);

  /* 600 digits, a leading zero: pieces of 255, 255 and 90. */
  g_string_append_c (field, '0');
  for (guint i = 1; i < 600; i++)
    g_string_append_c (field, '0' + i % 10);
  g_string_append_len (expected, field->str, 255);
  g_string_append (expected, "\"\"&\"\"");
  g_string_append_len (expected, field->str + 255, 255);
  g_string_append (expected, "\"\"&\"\"");
  g_string_append_len (expected, field->str + 510, 90);
  g_string_append (expected, "\"\"\"");

  pr_csv_append_field (written, field->str, PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
  g_assert_cmpstr (written->str, ==, expected->str);

  /* 255 exactly: one piece. */
  g_string_truncate (field, 255);
  g_string_truncate (written, 0);
  pr_csv_append_field (written, field->str, PR_CSV_WRITER_NEUTRALIZE | PR_CSV_WRITER_DIGITS_AS_TEXT);
  g_assert_null (strchr (written->str, '&'));
  g_assert_cmpuint (written->len, ==, strlen ("\"=\"\"\"\"\"") + 255);
}

static void
test_neutralize (void)
{
  /* What the header promises: a first byte of = + - @ tab or CR (after white space, too) gets a '
   * inside quotes, negative numbers included; the same characters later in
   * a field change nothing. */
  const struct {
    const char *field;
    const char *neutralized;
    const char *plain;
  } vectors[] = {
    { "=1+2", "\"'=1+2\"", "=1+2" },
    { "+86 138", "\"'+86 138\"", "+86 138" },
    { "-5", "\"'-5\"", "-5" },
    { "@SUM(A1)", "\"'@SUM(A1)\"", "@SUM(A1)" },
    { "\tx", "\"'\tx\"", "\tx" },
    { "\rx", "\"'\rx\"", "\"\rx\"" },
    { "=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"", "\"=HYPERLINK(\"\"x\"\")\"" },
    { "=a,b", "\"'=a,b\"", "\"=a,b\"" },
    { "a=b", "a=b", "a=b" },
    { "1-2", "1-2", "1-2" },
    { "x@y.cn", "x@y.cn", "x@y.cn" },
    { "a+b", "a+b", "a+b" },
    { "a\tb", "a\tb", "a\tb" },
    { " =1", "\"' =1\"", " =1" },  /* a spreadsheet may trim the space */
    { "'=1", "'=1", "'=1" },
    { "", "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (vectors); i++)
    {
      g_autoptr(GString) neutralized = g_string_new (NULL);
      g_autoptr(GString) plain = g_string_new (NULL);

      pr_csv_append_field (neutralized, vectors[i].field, PR_CSV_WRITER_NEUTRALIZE);
      pr_csv_append_field (plain, vectors[i].field, PR_CSV_WRITER_FLAGS_NONE);
      g_assert_cmpstr (neutralized->str, ==, vectors[i].neutralized);
      g_assert_cmpstr (plain->str, ==, vectors[i].plain);
    }

  /* And through a writer, with the BOM: the BOM is not the field's start. */
  {
    const char *rows[] = { "=1", "a=1" };
    g_autofree char *csv = write_to_memory (PR_CSV_WRITER_BOM | PR_CSV_WRITER_NEUTRALIZE, 2, rows, 1);

    g_assert_cmpstr (csv, ==, "\xEF\xBB\xBF" "\"'=1\",a=1\r\nend\r\n");
  }
}

/* --- Files --- */

static char *
make_dir (const char *name)
{
  char *dir = g_build_filename (tmpdir, name, NULL);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  return dir;
}

static void
set_contents (const char *path,
              const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
assert_contents (const char *path,
                 const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in @dir, sorted and joined by spaces: shows both a left-over
 * temporary file and a target that should not exist. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);

  return g_strjoinv (" ", (char **) names->pdata);
}

static void
assert_dir (const char *dir,
            const char *expected)
{
  g_autofree char *names = list_dir (dir);

  g_assert_cmpstr (names, ==, expected);
}

#define ROW_BYTES 29

/* Writes n_rows rows of ROW_BYTES bytes each (with CRLF). */
static void
write_rows (PrCsvWriter *writer,
            guint        n_rows)
{
  for (guint i = 0; i < n_rows; i++)
    {
      g_autoptr(GError) error = NULL;
      char number[16];
      const char *row[] = { number, "new report row" };

      g_snprintf (number, sizeof number, "%012u", i);
      pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), &error);
      g_assert_no_error (error);
    }
}

static char *
expected_rows (guint n_rows)
{
  GString *expected = g_string_new (NULL);

  for (guint i = 0; i < n_rows; i++)
    g_string_append_printf (expected, "%012u,new report row\r\n", i);
  g_assert_cmpuint (expected->len, ==, (gsize) n_rows * ROW_BYTES);

  return g_string_free (expected, FALSE);
}

/* More than the writer's buffer, so that bytes really reach a file before
 * the close. */
#define MANY_ROWS 5000

static void
test_existing_file (void)
{
  g_autofree char *dir = make_dir ("existing");
  g_autofree char *path = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *expected = expected_rows (MANY_ROWS);
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;
  GStatBuf st;

  set_contents (path, "old,report\r\n");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  /* Freed without closing: the old report stays, byte for byte. */
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  assert_contents (path, "old,report\r\n");
  pr_csv_writer_free (writer);
  assert_contents (path, "old,report\r\n");
  assert_dir (dir, "report.csv");

  /* Closed: replaced, with the old mode, no temporary file left. */
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_BOM, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  assert_contents (path, "old,report\r\n");
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  /* A second close repeats the first's answer. */
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  pr_csv_writer_free (writer);

  {
    g_autofree char *with_bom = g_strconcat ("\xEF\xBB\xBF", expected, NULL);

    assert_contents (path, with_bom);
  }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  assert_dir (dir, "report.csv");
}

static void
test_new_path (void)
{
  g_autofree char *dir = make_dir ("new");
  g_autofree char *path = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;
  GStatBuf st;
  mode_t mask;

  /* Freed without closing: nothing at all is left. */
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  pr_csv_writer_free (writer);
  assert_dir (dir, "");

  /* Nothing written but closed: an empty file, mode 0666 less the umask. */
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  pr_csv_writer_free (writer);
  assert_contents (path, "");
  mask = umask (0);
  umask (mask);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0666 & ~mask);
  assert_dir (dir, "report.csv");

  /* A relative path works from the current folder. */
  {
    g_autofree char *cwd = g_get_current_dir ();

    g_assert_cmpint (g_chdir (dir), ==, 0);
    writer = pr_csv_writer_new_for_path ("relative.csv", PR_CSV_WRITER_FLAGS_NONE, &error);
    g_assert_no_error (error);
    write_rows (writer, 2);
    g_assert_true (pr_csv_writer_close (writer, &error));
    g_assert_no_error (error);
    pr_csv_writer_free (writer);
    g_assert_cmpint (g_chdir (cwd), ==, 0);
  }
  assert_dir (dir, "relative.csv report.csv");
}

static void
assert_symlink (const char *link,
                const char *target)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *read = g_file_read_link (link, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (read, ==, target);
}

static void
test_symlink (void)
{
  g_autofree char *dir = make_dir ("symlink");
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *real = g_build_filename (sub, "real.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *chain = g_build_filename (dir, "chain.csv", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.csv", NULL);
  g_autofree char *expected = expected_rows (MANY_ROWS);
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  set_contents (real, "old\r\n");
  g_assert_cmpint (symlink ("sub/real.csv", link), ==, 0);
  g_assert_cmpint (symlink ("link.csv", chain), ==, 0);

  /* Freed without closing: the link's target is intact. */
  writer = pr_csv_writer_new_for_path (link, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  assert_contents (real, "old\r\n");
  pr_csv_writer_free (writer);
  assert_contents (real, "old\r\n");
  assert_symlink (link, "sub/real.csv");
  assert_dir (sub, "real.csv");

  /* Closed: the link is still a link, its target has the new report, and
   * the temporary file was made beside the target, not beside the link. */
  writer = pr_csv_writer_new_for_path (chain, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  assert_dir (dir, "chain.csv link.csv sub");
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  pr_csv_writer_free (writer);
  assert_symlink (chain, "link.csv");
  assert_symlink (link, "sub/real.csv");
  assert_contents (real, expected);
  assert_contents (link, expected);
  assert_dir (sub, "real.csv");
  assert_dir (dir, "chain.csv link.csv sub");

  /* A link to a file that does not exist yet: the file is created. */
  g_assert_cmpint (symlink ("sub/later.csv", dangling), ==, 0);
  writer = pr_csv_writer_new_for_path (dangling, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, 1);
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  pr_csv_writer_free (writer);
  assert_symlink (dangling, "sub/later.csv");
  {
    g_autofree char *later = g_build_filename (sub, "later.csv", NULL);
    g_autofree char *one = expected_rows (1);

    assert_contents (later, one);
  }

  /* A loop of links is an error, not a hang. */
  {
    g_autofree char *loop = g_build_filename (dir, "loop.csv", NULL);

    g_assert_cmpint (symlink ("loop.csv", loop), ==, 0);
    writer = pr_csv_writer_new_for_path (loop, PR_CSV_WRITER_FLAGS_NONE, &error);
    g_assert_null (writer);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
    g_assert_true (g_str_has_prefix (error->message, "cannot write "));
  }
}

static void
test_hard_link (void)
{
  g_autofree char *dir = make_dir ("hardlink");
  g_autofree char *path = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *other = g_build_filename (dir, "other.csv", NULL);
  g_autofree char *expected = expected_rows (MANY_ROWS);
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;

  set_contents (path, "old\r\n");
  g_assert_cmpint (link (path, other), ==, 0);

  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  assert_contents (path, "old\r\n");
  pr_csv_writer_free (writer);
  assert_contents (path, "old\r\n");
  assert_contents (other, "old\r\n");

  /* The name written gets the new report; the other link keeps the old
   * one (a replacement by rename cannot change both). */
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  write_rows (writer, MANY_ROWS);
  g_assert_true (pr_csv_writer_close (writer, &error));
  g_assert_no_error (error);
  pr_csv_writer_free (writer);
  assert_contents (path, expected);
  assert_contents (other, "old\r\n");
  assert_dir (dir, "other.csv report.csv");
}

static void
test_unwritable_dir (void)
{
  g_autofree char *dir = make_dir ("readonly");
  g_autofree char *path = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-dir", "report.csv", NULL);
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;

  /* Works for root too: a folder that does not exist. */
  writer = pr_csv_writer_new_for_path (missing, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "cannot write "));
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_nonnull (strstr (error->message, "no-such-dir"));
  g_clear_error (&error);

  if (geteuid () == 0)
    {
      g_test_skip ("root may write to a read-only folder");
      return;
    }

  set_contents (path, "old\r\n");
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, path));
  {
    g_autofree char *in_dir = g_strdup_printf ("cannot create a file in %s", dir);

    g_assert_nonnull (strstr (error->message, in_dir));
  }
  assert_contents (path, "old\r\n");
  assert_dir (dir, "report.csv");
}

static void
test_not_regular (void)
{
  g_autoptr(GError) error = NULL;
  PrCsvWriter *writer;

  /* Renaming over a device would delete it: refused, left for
   * pr_csv_writer_new() on an opened stream. */
  writer = pr_csv_writer_new_for_path ("/dev/null", PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_cmpstr (error->message, ==, "cannot write /dev/null: it is not a regular file");
  g_clear_error (&error);

  writer = pr_csv_writer_new_for_path (tmpdir, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_null (writer);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
}

/* A stream writer given a name says it in its errors, as a path writer
 * does: /dev/full refuses every write with ENOSPC. */
static void
test_named_stream (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = NULL;
  int fd = g_open ("/dev/full", O_WRONLY | O_CLOEXEC, 0);
  const char *row[] = { "a", "b" };

  g_assert_cmpint (fd, >=, 0);
  out = g_unix_output_stream_new (fd, TRUE);
  {
    g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, PR_CSV_WRITER_FLAGS_NONE);

    pr_csv_writer_set_name (writer, "the device");
    g_assert_false (pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
    g_assert_true (g_str_has_prefix (error->message, "cannot write the device: "));
  }
}

/* A full disk, short of filling one: a file size limit makes write() fail
 * with EFBIG past @limit bytes. Run in a subprocess, which alone has the
 * limit. */
static void
write_past_limit (const char *path,
                  rlim_t      limit,
                  guint       n_rows)
{
  struct rlimit rl = { limit, limit };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  gboolean written = TRUE;

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &rl), ==, 0);

  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_rows && written; i++)
    {
      const char *row[] = { "0123456789", "new report row ..." };

      written = pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), &error);
    }
  if (written)
    {
      /* All of it fitted in the buffer: the close finds out. */
      g_assert_false (pr_csv_writer_close (writer, &error));
    }
  else
    {
      /* Found out by a row; the close must not commit what came before. */
      g_autoptr(GError) close_error = NULL;

      g_assert_false (pr_csv_writer_close (writer, &close_error));
      g_assert_nonnull (close_error);
      g_assert_nonnull (strstr (close_error->message, path));
    }
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "cannot write "));
  g_assert_nonnull (strstr (error->message, path));
  g_printerr ("%s\n", error->message);
  /* A failed close leaves nothing to commit on a second one. */
  g_assert_false (pr_csv_writer_close (writer, NULL));
}

static void
test_write_fails (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  /* 100 rows fit in the writer's buffer (found at close); 10,000 do not
   * (found by a row). */
  const char *n_rows[] = { "100", "10000" };

  if (g_test_subprocess ())
    {
      write_past_limit (g_getenv ("PR_TEST_PATH"), 1000, atoi (g_getenv ("PR_TEST_ROWS")));
      return;
    }

  dir = make_dir ("full");
  path = g_build_filename (dir, "report.csv", NULL);
  set_contents (path, "old\r\n");
  for (guint i = 0; i < G_N_ELEMENTS (n_rows); i++)
    {
      g_setenv ("PR_TEST_PATH", path, TRUE);
      g_setenv ("PR_TEST_ROWS", n_rows[i], TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stderr ("*cannot write *report.csv: *File too large*");
      assert_contents (path, "old\r\n");
      assert_dir (dir, "report.csv");
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* A subprocess writes where its parent tells it. */
  if (!g_test_subprocess ())
    {
      tmpdir = g_dir_make_tmp ("pr-test-csv-writer-XXXXXX", &error);
      g_assert_no_error (error);
    }

  g_test_add_func ("/engine/csv-writer/quoting", test_quoting);
  g_test_add_func ("/engine/csv-writer/append-field", test_append_field);
  g_test_add_func ("/engine/csv-writer/bom", test_bom);
  g_test_add_func ("/engine/csv-writer/neutralize", test_neutralize);
  g_test_add_func ("/engine/csv-writer/digits-as-text", test_digits_as_text);
  g_test_add_func ("/engine/csv-writer/digits-as-text/east-asian", test_digits_as_text_east_asian);
  g_test_add_func ("/engine/csv-writer/digits-as-text/per-value", test_digits_as_text_per_value);
  g_test_add_func ("/engine/csv-writer/digits-as-text/long", test_digits_as_text_long);
  g_test_add_func ("/engine/csv-writer/file/existing", test_existing_file);
  g_test_add_func ("/engine/csv-writer/file/new-path", test_new_path);
  g_test_add_func ("/engine/csv-writer/file/symlink", test_symlink);
  g_test_add_func ("/engine/csv-writer/file/hard-link", test_hard_link);
  g_test_add_func ("/engine/csv-writer/file/unwritable-dir", test_unwritable_dir);
  g_test_add_func ("/engine/csv-writer/file/not-regular", test_not_regular);
  g_test_add_func ("/engine/csv-writer/write-fails", test_write_fails);
  g_test_add_func ("/engine/csv-writer/named-stream", test_named_stream);

  status = g_test_run ();
  if (tmpdir != NULL)
    pr_test_remove_tree (tmpdir);
  g_free (tmpdir);

  return status;
}
