/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan of a date column that writes 下午3点 in one place: system stamps
 * with seconds (2019-06-08 09:15:00) are read as written; hours from 1 to
 * 12 without 上午/下午 that the column cannot tell (9:15) are refused or
 * counted with a message that says to add the part of the day, not to
 * give a date order that would not read them. Dates written with words
 * (北京时间, a lunar note, 二O二四) are read, and a lunar date alone is
 * counted apart, saying to write the Gregorian date. The oracle is the
 * file as written here.
 */
#define G_LOG_DOMAIN "pr-test-cli-date-clock"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

/* Scans a file of @dates, one a record; the exit status, stderr in @err. */
static int
scan (const char         *dir,
      const char *const  *dates,
      guint               n,
      char              **err)
{
  g_autofree char *path = g_build_filename (dir, "dated.csv", NULL);
  g_autoptr(GString) csv = g_string_new ("id,date,body\n");
  const char *args[] = { "scan", "--id", "id", "--date", "date", "--text", "body", path, NULL };
  g_autofree char *out = NULL;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (csv, "%u,%s,第%u件 小区门口的垃圾站臭气熏天 请有关部门尽快处理\n", i + 1, dates[i], i + 1);
  g_assert_true (g_file_set_contents (path, csv->str, -1, NULL));
  return pr_test_run_cli (&out, err, args);
}

static void
test_stamps_read (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019-06-08 15:30:00", "2019-06-08 09:15:00", "2019-06-09 10:00:00", "2019-06-10 11:00:00",
    "2019-06-11 08:00:00", "2019年6月12日下午3点",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_null (strstr (err, "could not be read"));
  pr_test_remove_tree (dir);
}

static void
test_bare_hours_said (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const most[] = {
    "2019-06-08 9:15", "2019-06-09 10:00", "2019-06-10 11:00", "2019-06-11 8:00", "2019年6月12日下午3点",
  };
  static const char *const few[] = {
    "2019-06-08 下午3:30", "2019-06-08 9:15", "2019-06-09 下午4:00", "2019-06-10 下午5:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, most, G_N_ELEMENTS (most), &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "4 of the 5 dates in column “date” cannot be read"));
  g_assert_nonnull (strstr (err, "has no 上午/下午 (AM/PM)"));
  g_assert_null (strstr (err, "--date-format"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (scan (dir, few, G_N_ELEMENTS (few), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 date in column “date” could not be read and counts as none (record 2)"));
  g_assert_nonnull (strstr (err, "has no 上午/下午 (AM/PM)"));
  g_assert_null (strstr (err, "--date-format"));
  pr_test_remove_tree (dir);
}

/* Spans of hours (08:00-12:00) are named apart from the other
 * unreadable dates, with what to do: records 1 and 2 are spans, 3 is no
 * date at all, the rest read. */
static void
test_hour_spans_said (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019-06-08 08:00-12:00", "2019-06-09 14:00-17:30", "不详", "2019-06-10 09:00", "2019-06-11 10:00",
    "2019-06-12 11:00", "2019-06-13 15:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "2 dates in column “date” could not be read and count as none (records 1, 2): "
                                 "they are spans of hours"));
  g_assert_nonnull (strstr (err, "; 1 more cannot be read for other reasons (record 3)"));
  g_assert_null (strstr (err, "--date-format"));
  pr_test_remove_tree (dir);
}

/* 上午12点 and 早上12:30 are noon to some and midnight to others: counted
 * apart with the advice that reads them (中午12点, 凌晨12点), not
 * --date-format, which cannot. */
static void
test_morning_twelve_said (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019年6月8日上午12点", "2019年6月8日早上12:30", "不详", "2019年6月8日上午9点", "2019年6月9日下午3点",
    "2019年6月10日下午4点", "2019年6月11日上午10点",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "2 dates in column “date” could not be read and count as none (records 1, 2): "
                                 "their 12 after 上午"));
  g_assert_nonnull (strstr (err, "write 中午12点 for noon or 凌晨12点 for midnight"));
  g_assert_nonnull (strstr (err, "; 1 more cannot be read for other reasons (record 3)"));
  g_assert_null (strstr (err, "--date-format"));
  pr_test_remove_tree (dir);
}

/* A system's stamp of midnight (00:00:00) shows no 24-hour clock: 9:15
 * among 下午 dates stays unreadable. */
static void
test_midnight_stamp_no_evidence (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019-06-08 下午3:30", "2019-06-08 9:15", "2019-06-09 下午4:00", "2019-06-10 下午5:00", "2019-06-20 00:00:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 date in column “date” could not be read and counts as none (record 2)"));
  pr_test_remove_tree (dir);
}

/* Only the bare hours are named as such; a date unreadable for another
 * reason (待补) is counted apart. */
static void
test_others_counted_apart (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const most[] = {
    "2019-06-08 9:15", "2019-06-09 10:00", "待补", "2019-06-10 11:00", "2019年6月12日下午3点",
  };
  static const char *const few[] = {
    "2019-06-08 下午3:30", "2019-06-08 9:15", "2019-06-08 10:00", "待补", "2019-06-09 下午4:00",
    "2019-06-10 下午5:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, most, G_N_ELEMENTS (most), &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "3 of the 5 dates in column “date” cannot be read (such as “2019-06-08 9:15”, "
                                 "“2019-06-09 10:00”, “2019-06-10 11:00”): their hour"));
  g_assert_nonnull (strstr (err, "; 1 more cannot be read for other reasons"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (scan (dir, few, G_N_ELEMENTS (few), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "2 dates in column “date” could not be read and count as none (records 2, 3): "
                                 "their hours"));
  g_assert_nonnull (strstr (err, "; 1 more cannot be read for other reasons (record 4)"));
  pr_test_remove_tree (dir);
}

/* Seven spans before the one other unreadable date: the other is named
 * by its own record, not among the first few of all. */
static void
test_other_named_after_spans (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019-06-01 08:00-12:00", "2019-06-02 08:00-12:00", "2019-06-03 08:00-12:00", "2019-06-04 08:00-12:00",
    "2019-06-05 08:00-12:00", "2019-06-06 08:00-12:00", "2019-06-07 08:00-12:00", "2019-07-01 09:00",
    "2019-07-02 09:00", "2019-07-03 09:00", "2019-07-04 09:00", "2019-07-05 09:00", "2019-07-06 09:00",
    "2019-07-07 09:00", "2019-07-08 09:00", "2019-07-09 09:00", "garbage",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "7 dates in column “date” could not be read and count as none (records 1, 2, 3, 4, "
                                 "5, …): they are spans of hours"));
  g_assert_nonnull (strstr (err, "; 1 more cannot be read for other reasons (record 17)"));
  pr_test_remove_tree (dir);
}

/* No reason is most: 1 date is no date, 2 are spans, 2 bare hours in a
 * column that writes 下午 elsewhere. Each is counted and advised apart. */
static void
test_mixed_reasons_each_named (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "garbage", "2019-06-01 08:00-12:00", "2019-06-02 08:00-12:00", "2019-06-09 3点", "2019-06-09 3点",
    "2019-06-09 下午3点", "2019-07-01 09:00:00", "2019-07-02 09:00:00", "2019-07-03 09:00:00",
    "2019-07-04 09:00:00", "2019-07-05 09:00:00", "2019-07-06 09:00:00", "2019-07-07 09:00:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 date in column “date” could not be read and counts as none (record 1); "));
  g_assert_nonnull (strstr (err, "; 2 more have hours from 1 to 12 and no 上午/下午 (AM/PM) in a column that writes "
                                 "them elsewhere (records 4, 5): add it"));
  g_assert_nonnull (strstr (err, "; 2 more are spans of hours (records 2, 3): write the times they began"));
  pr_test_remove_tree (dir);
}

/* Every reason with advice of its own is named apart, whichever is the
 * most. First no reason is most and one date is none of them (record 1):
 * it leads, 上午12点 (records 4, 5), spans and bare hours follow. Then
 * none is most and no date is among the others: 上午12点, the most, leads
 * and no line of other reasons is written. */
static void
test_every_reason_named (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const with_other[] = {
    "garbage", "2019-06-01 08:00-12:00", "2019-06-02 08:00-12:00", "2019年6月3日上午12点", "2019年6月4日早上12:30",
    "2019-06-09 3点", "2019-06-09 3点", "2019-06-09 下午3点", "2019-07-01 09:00:00", "2019-07-02 09:00:00",
    "2019-07-03 09:00:00", "2019-07-04 09:00:00", "2019-07-05 09:00:00", "2019-07-06 09:00:00",
    "2019-07-07 09:00:00", "2019-07-08 09:00:00",
  };
  static const char *const no_other[] = {
    "2019年6月3日上午12点", "2019年6月4日上午12点半", "2019-06-01 08:00-12:00", "2019-06-09 3点",
    "2019-06-09 下午3点", "2019-07-01 09:00:00", "2019-07-02 09:00:00", "2019-07-03 09:00:00",
    "2019-07-04 09:00:00", "2019-07-05 09:00:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, with_other, G_N_ELEMENTS (with_other), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "1 date in column “date” could not be read and counts as none (record 1); "));
  g_assert_nonnull (strstr (err, "; 2 more have 12 after 上午 (早上, 早晨), noon to some and midnight to others "
                                 "(records 4, 5): write 中午12点 for noon or 凌晨12点 for midnight"));
  g_assert_nonnull (strstr (err, "; 2 more are spans of hours (records 2, 3)"));
  g_assert_nonnull (strstr (err, "; 2 more have hours from 1 to 12 and no 上午/下午 (AM/PM) in a column that writes "
                                 "them elsewhere (records 6, 7)"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (scan (dir, no_other, G_N_ELEMENTS (no_other), &err), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "2 dates in column “date” could not be read and count as none (records 1, 2): "
                                 "their 12 after 上午"));
  g_assert_nonnull (strstr (err, "; 1 more is a span of hours (record 3)"));
  g_assert_nonnull (strstr (err, "; 1 more has an hour from 1 to 12 and no 上午/下午 (AM/PM) in a column that writes "
                                 "them elsewhere (record 4)"));
  g_assert_null (strstr (err, "other reasons"));
  g_assert_null (strstr (err, "--date-format"));
  pr_test_remove_tree (dir);
}

static void
test_lunar_counted_apart (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = {
    "2019-06-08 17:31:20 北京时间", "2024年2月10日（农历正月初一）", "二O二四年二月十日", "2019-06-08 17",
    "农历2024年正月初一", "2019-06-08 17:31:20 GMT+25", "2019-06-09 08:00 CST", "2019-06-10 09:00",
  };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 0);
  g_test_message ("%s", err);
  /* Two of eight unreadable: 6 among the others, 5 apart. */
  g_assert_nonnull (strstr (err, "1 date in column “date” could not be read and counts as none (record 6); "));
  g_assert_nonnull (strstr (err, "; 1 more is a day of the lunar calendar (农历, 正月初一) (record 5): write the "
                                 "Gregorian date"));
  pr_test_remove_tree (dir);
}

/* CST beside EST: their Central Standard Time, not guessed. */
static void
test_cst_beside_est_refused (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  static const char *const dates[] = { "2019-06-08 17:31:20 CST", "2019-06-09 08:00 EST", "2019-06-10 09:00" };
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (dir, dates, G_N_ELEMENTS (dates), &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "writes the zone CST (record 1)"));
  g_assert_nonnull (strstr (err, "(record 2)"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/scan/date-clock/stamps-read", test_stamps_read);
  g_test_add_func ("/cli/scan/date-clock/hour-spans-said", test_hour_spans_said);
  g_test_add_func ("/cli/scan/date-clock/morning-twelve-said", test_morning_twelve_said);
  g_test_add_func ("/cli/scan/date-clock/bare-hours-said", test_bare_hours_said);
  g_test_add_func ("/cli/scan/date-clock/midnight-stamp-no-evidence", test_midnight_stamp_no_evidence);
  g_test_add_func ("/cli/scan/date-clock/others-counted-apart", test_others_counted_apart);
  g_test_add_func ("/cli/scan/date-clock/other-named-after-spans", test_other_named_after_spans);
  g_test_add_func ("/cli/scan/date-clock/mixed-reasons-each-named", test_mixed_reasons_each_named);
  g_test_add_func ("/cli/scan/date-clock/every-reason-named", test_every_reason_named);
  g_test_add_func ("/cli/scan/date-clock/lunar-counted-apart", test_lunar_counted_apart);
  g_test_add_func ("/cli/scan/date-clock/cst-beside-est-refused", test_cst_beside_est_refused);
  return g_test_run ();
}
