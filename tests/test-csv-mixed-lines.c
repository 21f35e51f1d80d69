/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A CSV file mostly in one encoding with a few lines in another, as one
 * appended by another program: a UTF-8 file with two GBK lines is refused
 * naming the line and that the value looks like GB18030, not "binary
 * data"; read with --encoding GBK, the message names the line and says
 * that the file is UTF-8. With --skip-bad-rows a few such lines are bad
 * rows, listed, and the others read; in most lines they are the file's
 * encoding. A stray byte in a file of the encoding given
 * leaves out its record when bad rows are skipped.
 */
#include "config.h"

#include <string.h>

#include "pr-bad-row.h"
#include "pr-csv-reader.h"
#include "pr-encoding-check.h"
#include "pr-test-util.h"

static const char *const texts[] = {
  "小区门口的垃圾站臭气熏天，请尽快处理",
  "反映村道路面破损严重，雨天无法通行",
  "要求落实拖欠的工资，已经三个月没有发放",
};

/* "id,body" then lines 2.. of @n records, those in @gbk_lines (line
 * numbers, 0-terminated) in GBK, the others UTF-8. */
static char *
write_file (const char  *dir,
            guint        n,
            const guint *gbk_lines)
{
  g_autoptr(GString) bytes = g_string_new ("id,body\n");
  char *path = g_build_filename (dir, "mixed.csv", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *line = g_strdup_printf ("%u,%s第%u号\n", i, texts[i % 3], i);
      gboolean gbk = FALSE;

      for (guint g = 0; gbk_lines[g] != 0; g++)
        gbk |= gbk_lines[g] == i + 1;
      if (gbk)
        {
          gsize length = 0;
          g_autofree char *converted = g_convert (line, -1, "GBK", "UTF-8", NULL, &length, &error);

          g_assert_no_error (error);
          g_string_append_len (bytes, converted, length);
        }
      else
        g_string_append (bytes, line);
    }
  g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, &error));
  return path;
}

static void
test_gbk_lines_named (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = write_file (dir, 40, (const guint[]) { 18, 31, 0 });
  g_autofree char *err = NULL;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "-o", "/dev/null", path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "line 18 (id “17”), column “body”: the value is not UTF-8 text but looks like "
                                 "GB18030 text"));
  g_assert_nonnull (strstr (err, "give the source's encoding if all of it is so, else convert such values"));
  pr_test_remove_tree (dir);
}

/* One and three GBK lines among 24 of UTF-8, with --skip-bad-rows: each
 * a bad row, listed with the encoding its bytes look like, and the others
 * read; without the flag, the first is named. GBK in most lines is the
 * file's encoding, named even with the flag. */
static void
test_gbk_lines_skipped (void)
{
  static const guint one[] = { 8, 0 };
  static const guint three[] = { 8, 9, 21, 0 };
  static const guint most[] = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0 };
  const guint *const sets[] = { one, three };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "clusters-bad-rows.csv", NULL);

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *path = write_file (dir, 24, sets[s]);
      const char *skip_args[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "-o", out, path, NULL };
      const char *args[] = { "scan", "--id", "id", "--text", "body", "-o", out, path, NULL };
      g_autofree char *err = NULL, *err2 = NULL, *listed = NULL, *left_out = NULL, *records = NULL;
      g_autoptr(GString) expected = g_string_new ("id,row,column,reason\r\n");
      guint n_gbk = 0;

      for (const guint *line = sets[s]; *line != 0; line++, n_gbk++)
        {
          guint id = *line - 1;
          g_autofree char *body = g_strdup_printf ("%s第%u号", texts[id % 3], id);
          g_autofree char *bytes = g_convert (body, -1, "GBK", "UTF-8", NULL, NULL, NULL);
          const char *bad = NULL;

          /* The first byte that is not UTF-8, as GLib finds it. */
          g_assert_false (g_utf8_validate (bytes, -1, &bad));
          g_string_append_printf (expected, "%u,%u,body,\"the value is not UTF-8 text but looks like GB18030 text "
                                            "(byte %u is 0x%02X): give the source's encoding if all of it is so, "
                                            "else convert such values\"\r\n",
                                  id, *line, (guint) (bad - bytes), (guint) (guint8) *bad);
        }
      g_assert_cmpint (pr_test_run_cli (NULL, &err, skip_args), ==, 0);
      g_test_message ("%s", err);
      left_out = g_strdup_printf ("%u bad row%s left out", n_gbk, n_gbk == 1 ? "" : "s");
      records = g_strdup_printf ("%u records", 24 - n_gbk);
      g_assert_nonnull (strstr (err, left_out));
      g_assert_nonnull (strstr (err, records));
      g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
      g_assert_cmpstr (listed, ==, expected->str);

      g_assert_cmpint (pr_test_run_cli (NULL, &err2, args), ==, 1);
      g_assert_nonnull (strstr (err2, "line 8 (id “7”), column “body”: the value is not UTF-8 text but looks like "
                                      "GB18030 text"));
      g_assert_nonnull (strstr (err2, "--skip-bad-rows"));
    }

  {
    g_autofree char *path = write_file (dir, 24, most);
    const char *skip_args[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "-o", out, path, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (NULL, &err, skip_args), ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "the file is in two encodings: 18 values are GB18030 (first on line 2), too "
                                   "many to leave out as bad rows, and the others UTF-8; convert"));
  }
  pr_test_remove_tree (dir);
}

/* Lines in another encoding are bad rows only when truly few: at most
 * three, or at most one for every ten of UTF-8 text. 5 of 55 (one in
 * ten) are left out; 4 of 24, 6 of 55 and 45 of 100 are two encodings,
 * refused with the advice to convert even with --skip-bad-rows. */
static void
test_gbk_lines_bound (void)
{
  static const guint five[] = { 3, 13, 23, 33, 43, 0 };
  static const guint four[] = { 3, 8, 13, 18, 0 };
  static const guint six[] = { 3, 13, 23, 33, 43, 53, 0 };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  struct { guint n; const guint *lines; guint n_gbk; gboolean rows; } cases[] = {
    { 55, five, 5, TRUE }, { 24, four, 4, FALSE }, { 55, six, 6, FALSE }, { 100, NULL, 45, FALSE },
  };
  guint forty_five[46] = { 0 };

  for (guint i = 0; i < 45; i++)
    forty_five[i] = 2 + i * 2;
  cases[3].lines = forty_five;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *path = write_file (dir, cases[c].n, cases[c].lines);
      const char *args[] = { "scan", "--id", "id", "--text", "body", "--skip-bad-rows", "--no-second-stage", "-o",
                             out, path, NULL };
      g_autofree char *err = NULL, *left_out = NULL, *two = NULL;

      if (cases[c].rows)
        {
          g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
          g_test_message ("%s", err);
          left_out = g_strdup_printf ("%u bad rows left out", cases[c].n_gbk);
          g_assert_nonnull (strstr (err, left_out));
        }
      else
        {
          g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
          g_test_message ("%s", err);
          two = g_strdup_printf ("the file is in two encodings: %u values are GB18030", cases[c].n_gbk);
          g_assert_nonnull (strstr (err, two));
          g_assert_null (strstr (err, "give --encoding"));
        }
    }
  pr_test_remove_tree (dir);
}

static void
test_utf8_read_as_gbk (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = write_file (dir, 40, (const guint[]) { 18, 31, 0 });
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, "GBK", &error);
  guint records = 0;

  g_assert_no_error (error);
  /* The first chunk is converted as the header is read. */
  if (pr_csv_reader_next_header (reader, path, NULL, &error))
    while (pr_csv_reader_next (reader, NULL, &error))
      records++;
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "line 2: the bytes "));
  g_assert_nonnull (strstr (error->message, "are not GBK text, but the line is UTF-8"));
  g_assert_nonnull (strstr (error->message, "leave out --encoding GBK"));
  pr_test_remove_tree (dir);
}

/* A file in GBK throughout with one line cut short: its line is named. */
static void
test_gbk_file_bad_line (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autofree char *gbk = NULL;
  gsize length = 0;
  g_autoptr(GString) bytes = g_string_new (NULL);

  gbk = g_convert ("id,body\n1,小区门口的垃圾站\n2,反映村道路面破损\n", -1, "GBK", "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  g_string_append_len (bytes, gbk, length);
  g_string_append (bytes, "3,\xB7\x0A" "4,x\n");
  g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, &error));
  reader = pr_csv_reader_new_for_path (path, "GBK", &error);
  g_assert_no_error (error);
  if (pr_csv_reader_next_header (reader, path, NULL, &error))
    while (pr_csv_reader_next (reader, NULL, &error))
      ;
  g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 4: the bytes B7"));
  pr_test_remove_tree (dir);
}

/* Writes @gbk (@length bytes) as the body of records 1 to 4 of @path,
 * with @stray after its first 10 bytes in each record whose bit is in
 * @stray_ids. */
static void
write_gbk_records (const char *path,
                   const char *gbk,
                   gsize       length,
                   const char *stray,
                   guint       stray_ids)
{
  g_autoptr(GString) bytes = g_string_new ("id,body\n");
  g_autoptr(GError) error = NULL;

  for (guint id = 1; id <= 4; id++)
    {
      g_string_append_printf (bytes, "%u,", id);
      g_string_append_len (bytes, gbk, 10);
      if (stray_ids & (1u << id))
        g_string_append (bytes, stray);
      g_string_append_len (bytes, gbk + 10, length - 10);
      g_string_append_c (bytes, '\n');
    }
  g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, &error));
  g_assert_no_error (error);
}

/* Record 3 alone left out, listed as not @encoding text; 1, 2 and 4 one
 * cluster. */
static void
assert_third_left_out (const char *bad_path,
                       const char *out_path,
                       const char *encoding)
{
  g_autofree char *bad = NULL;
  g_autofree char *out = NULL;
  g_autofree char *expected = g_strdup_printf ("id,row,column,reason\r\n3,4,body,\"the value holds bytes that are not "
                                               "%s text, the file's encoding (--encoding): a character cut in two, "
                                               "or a stray byte\"\r\n", encoding);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (bad_path, &bad, NULL, &error));
  g_assert_cmpstr (bad, ==, expected);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, &error));
  g_assert_nonnull (strstr (out, "\r\n1,1,1,0,"));
  g_assert_nonnull (strstr (out, "\r\n1,2,1,0,"));
  g_assert_nonnull (strstr (out, "\r\n1,4,1,0,"));
  g_assert_null (strstr (out, "\r\n1,3,"));
}

/* A GBK file with a stray byte in one record's text, scanned with
 * --skip-bad-rows: that record is left out and listed with the reason,
 * the others read (records 1, 2 and 4 are one text, a cluster). */
static void
test_gbk_stray_byte_skipped (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.csv", NULL);
  const char *text = "小区门口的垃圾站臭气熏天夏天尤其严重请有关部门尽快处理";
  g_autoptr(GError) error = NULL;
  g_autofree char *gbk = NULL;
  g_autofree char *err = NULL;
  gsize length = 0;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--encoding", "GBK", "--skip-bad-rows",
                         "--bad-rows", bad_path, "-o", out_path, "--no-second-stage", path, NULL };

  gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  /* A lead byte whose second byte was lost: no GBK character. */
  write_gbk_records (path, gbk, length, "\xB0 ", 1u << 3);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_test_message ("%s", err);
  assert_third_left_out (bad_path, out_path, "GBK");

  /* Without the flag the file is refused, naming the line. */
  args[7] = "--no-fold-traditional";
  args[8] = "--no-normalize";
  args[9] = "--no-parts";
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "line 4: the bytes B0 are not GBK text"));

  /* Such bytes in most records are a file in another encoding: refused
   * even when bad rows are skipped, rather than read all but empty. */
  write_gbk_records (path, gbk, length, "\xB0 ", (1u << 1) | (1u << 3) | (1u << 4));
  args[7] = "--skip-bad-rows";
  args[8] = "--bad-rows";
  args[9] = bad_path;
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "3 of its 4 records hold bytes that are not GBK text, so the file is in another "
                                 "encoding"));
  pr_test_remove_tree (dir);
}

/* @args, a scan with --skip-bad-rows --bad-rows FILE as its 8th to 10th
 * words, run without them: refused with @refusal. */
static void
assert_refused_without_skipping (const char **args,
                                 const char  *refusal)
{
  g_autofree char *err = NULL;

  args[7] = "--no-fold-traditional";
  args[8] = "--no-normalize";
  args[9] = "--no-parts";
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, refusal));
}

/* Record 3 of a code page 936 file holding @stray: listed as a bad row;
 * without --skip-bad-rows, refused with @refusal. */
static void
check_stray_byte (const char *stray,
                  const char *refusal)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.csv", NULL);
  const char *text = "小区门口的垃圾站臭气熏天夏天尤其严重请有关部门尽快处理，居民睡眼蒙眬";
  g_autoptr(GError) error = NULL;
  g_autofree char *gbk = NULL;
  g_autofree char *err = NULL;
  gsize length = 0;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--encoding", "CP936", "--skip-bad-rows",
                         "--bad-rows", bad_path, "-o", out_path, "--no-second-stage", path, NULL };

  gbk = g_convert (text, -1, "GBK", "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (memmem (gbk, length, "\xB1\x80", 2));
  write_gbk_records (path, gbk, length, stray, 1u << 3);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_test_message ("%s", err);
  assert_third_left_out (bad_path, out_path, "CP936");

  args[6] = "GBK";
  assert_refused_without_skipping (args, refusal);
  pr_test_remove_tree (dir);
}

/* GBK as ICU reads it is code page 936, whose lone byte 0x80 is €: no
 * character of GBK proper or GB18030, and in a Chinese text a stray byte.
 * It is a bad row as any byte that is not text (0x80 as the second byte
 * of 眬, B1 80, is read); without --skip-bad-rows the file is refused,
 * naming its line. */
static void
test_gbk_lone_euro_byte (void)
{
  check_stray_byte ("\x80", "line 4: the byte 80 is not GBK text");
}

/* A stray byte's line counts the line breaks inside quoted values before
 * it as the reader counts lines: CRLF, LF and a lone CR (an old Mac's)
 * each one. Record 2 begins on line 5 (record 1, on line 2, holds a lone
 * CR and a CRLF); its byte 80 follows a lone CR and an LF: line 7. */
static void
test_gbk_stray_line_lone_cr (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autofree char *err = NULL;
  static const char bytes[] = "id,body\r\n"
                              "1,\"abc\rdef\r\nghi\"\r\n"
                              "2,\"x\ry\nz\x80w\"\r\n";
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--encoding", "GBK", "--no-second-stage", path,
                         NULL };

  g_assert_true (g_file_set_contents (path, bytes, sizeof bytes - 1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 7: the byte 80 is not GBK text"));
  pr_test_remove_tree (dir);
}

/* ICU reads code page 936's lone 0xFF as the private-use U+F8F5, iconv
 * refuses it: a stray byte as 0x80 is, listed or refused naming its line. */
static void
test_gbk_lone_ff_byte (void)
{
  check_stray_byte ("\xFF", "line 4: the byte FF is not GBK text");
}

/* A lone 0x80 whose € the converter writes at the end of one 64 KiB
 * buffer of converted text, or across two: seen all the same. Record 3's
 * text holds it after @at bytes of converted file. */
static void
check_euro_at (gsize at)
{
  const char *text = "小区门口的垃圾站臭气熏天夏天尤其严重请有关部门尽快处理";
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *head = g_strdup_printf ("id,body\n1,%s\n2,%s\n3,%.30s", text, text, text);
  g_autofree char *tail = g_strdup_printf ("%s\n4,%s\n", text + 30, text);
  g_autoptr(GString) utf8 = g_string_new (head);
  g_autoptr(GString) bytes = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *gbk = NULL;
  g_autofree char *err = NULL;
  g_autofree char *bad = NULL;
  gsize length = 0;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--encoding", "GBK", "--skip-bad-rows",
                         "--bad-rows", bad_path, "-o", out_path, "--no-second-stage", path, NULL };

  g_assert_cmpuint (utf8->len, <, at);
  while (utf8->len < at)
    g_string_append_c (utf8, 'x');
  gbk = g_convert (utf8->str, utf8->len, "GBK", "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  g_string_append_len (bytes, gbk, length);
  g_string_append_c (bytes, '\x80');
  g_clear_pointer (&gbk, g_free);
  gbk = g_convert (tail, -1, "GBK", "UTF-8", NULL, &length, &error);
  g_assert_no_error (error);
  g_string_append_len (bytes, gbk, length);
  g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, &error));
  g_assert_no_error (error);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_test_message ("%s", err);
  g_assert_true (g_file_get_contents (bad_path, &bad, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (bad, "id,row,column,reason\r\n3,4,body,"));
  {
    g_auto(GStrv) lines = g_strsplit (bad, "\r\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 3);
  }

  assert_refused_without_skipping (args, "line 4: the byte 80 is not GBK text");
  pr_test_remove_tree (dir);
}

static void
test_gbk_lone_euro_at_buffer_end (void)
{
  for (gsize at = 65533; at <= 65536; at++)
    check_euro_at (at);
}

/* What the check of whole records rests on: from code page 936, ICU
 * gives € and U+F8F5 for the lone bytes 0x80 and 0xFF only, never for
 * two bytes (brute force over every pair). */
static void
test_cp936_pairs_never_stray (void)
{
  guint found = 0;

  g_assert_true (pr_encoding_icu_reads_cp936 ("GBK"));
  g_assert_true (pr_encoding_icu_reads_cp936 ("cp936"));
  g_assert_false (pr_encoding_icu_reads_cp936 ("GB18030"));
  g_assert_false (pr_encoding_icu_reads_cp936 ("windows-1252"));
  g_assert_false (pr_encoding_icu_reads_cp936 ("no-such-encoding"));
  g_assert_true (pr_encoding_iconv_reads_cp936 ("GB13000"));
  g_assert_false (pr_encoding_iconv_reads_cp936 ("GB18030"));
  for (guint lead = 0x81; lead <= 0xFE; lead++)
    for (guint trail = 0; trail <= 0xFF; trail++)
      {
        char pair[3] = { (char) lead, (char) trail, 0 };
        g_autofree char *text = g_convert (pair, 2, "UTF-8", "GBK", NULL, NULL, NULL);
        guint8 byte;

        if (text != NULL && pr_encoding_find_stray_character (text, strlen (text), &byte) >= 0)
          found++;
      }
  g_assert_cmpuint (found, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-reader/mixed-gbk-lines-named", test_gbk_lines_named);
  g_test_add_func ("/engine/csv-reader/mixed-utf8-read-as-gbk", test_utf8_read_as_gbk);
  g_test_add_func ("/cli/scan/mixed-gbk-lines-skipped", test_gbk_lines_skipped);
  g_test_add_func ("/cli/scan/mixed-gbk-lines-bound", test_gbk_lines_bound);
  g_test_add_func ("/engine/csv-reader/gbk-bad-line-named", test_gbk_file_bad_line);
  g_test_add_func ("/engine/csv-reader/gbk-stray-byte-skipped", test_gbk_stray_byte_skipped);
  g_test_add_func ("/engine/csv-reader/gbk-lone-euro-byte", test_gbk_lone_euro_byte);
  g_test_add_func ("/engine/csv-reader/gbk-lone-euro-at-buffer-end", test_gbk_lone_euro_at_buffer_end);
  g_test_add_func ("/engine/csv-reader/gbk-lone-ff-byte", test_gbk_lone_ff_byte);
  g_test_add_func ("/engine/csv-reader/gbk-stray-line-lone-cr", test_gbk_stray_line_lone_cr);
  g_test_add_func ("/engine/csv-reader/cp936-pairs-never-stray", test_cp936_pairs_never_stray);

  return g_test_run ();
}
