/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A zone in words after a date's time or before its date (北京时间,
 * GMT+8, UTC+08:00, CST, Asia/Shanghai) reads as the offset it stands
 * for: the same wall time and offset as the date written with +08:00,
 * and in a column the same stored value. The oracle is hand-computed:
 * 2019-06-08 17:31:20 as if on UTC's clock is 1560015080
 * (date -u -d "2019-06-08 17:31:20" +%s), and Asia/Shanghai's summer
 * time of 1988 is zdump's.
 */
#define G_LOG_DOMAIN "pr-test-date-zones"

#include "config.h"

#include <string.h>

#include "pr-date-column.h"
#include "pr-date.h"

#define WALL_17_31_20 G_GINT64_CONSTANT (1560015080)

static void
assert_reads (const char *text,
              gint64      seconds,
              int         offset)
{
  gint64 got = 0;
  int got_offset = 0;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_UNSET, &got, &got_offset), ==, PR_DATE_OK);
  g_assert_cmpint (got, ==, seconds);
  g_assert_cmpint (got_offset, ==, offset);
}

static void
test_words_read (void)
{
  static const char *const beijing[] = {
    "2019-06-08 17:31:20 北京时间", "2019-06-08 17:31:20 北京時間", "2019-06-08 17:31:20（北京时间）",
    "2019-06-08 17:31:20 GMT+8", "2019-06-08 17:31:20 GMT+08:00", "2019-06-08 17:31:20 UTC+8",
    "2019-06-08 17:31:20 UTC+08:00", "2019-06-08 17:31:20 UTC+0800", "2019-06-08 17:31:20 CST",
    "2019-06-08 17:31:20 Asia/Shanghai", "2019/06/08 5:31:20 PM CST", "2019-06-08T17:31:20 (GMT+8)",
    "20190608173120 CST", "2019年6月8日17时31分20秒 北京时间",
  };
  gint64 with_offset;
  int offset;

  /* The oracle's form: ISO 8601 with +08:00. */
  g_assert_cmpint (pr_date_read ("2019-06-08T17:31:20+08:00", PR_DATE_ORDER_UNSET, &with_offset, &offset), ==,
                   PR_DATE_OK);
  g_assert_cmpint (with_offset, ==, WALL_17_31_20);
  g_assert_cmpint (offset, ==, 8 * 3600);
  for (guint i = 0; i < G_N_ELEMENTS (beijing); i++)
    assert_reads (beijing[i], WALL_17_31_20, 8 * 3600);

  /* Before the date, as a notice writes it; 17:31 without seconds. */
  assert_reads ("北京时间2019年6月8日17:31", WALL_17_31_20 - 20, 8 * 3600);
  assert_reads ("北京时间：2019-06-08 17:31:20", WALL_17_31_20, 8 * 3600);
  /* Other offsets, and UTC itself. */
  assert_reads ("2019-06-08 09:31:20 UTC", WALL_17_31_20 - 8 * 3600, 0);
  assert_reads ("2019-06-08 09:31:20 GMT", WALL_17_31_20 - 8 * 3600, 0);
  assert_reads ("2019-06-08 04:31:20 GMT-5", WALL_17_31_20 - 13 * 3600, -5 * 3600);
  assert_reads ("2019-06-08 15:01:20 UTC+5:30", WALL_17_31_20 - 2 * 3600 - 1800, 5 * 3600 + 1800);
  /* Asia/Shanghai kept summer time from 1986 to 1991: 1988-07-01 12:00
   * is +09:00 (583761600 is its wall time as if on UTC's clock). */
  assert_reads ("1988-07-01 12:00 Asia/Shanghai", 583761600, 9 * 3600);
  assert_reads ("1988-07-01 12:00 北京时间", 583761600, 8 * 3600);
}

static void
test_wrong_refused (void)
{
  static const char *const texts[] = {
    "2019-06-08 17:31:20 GMT+25", "2019-06-08 17:31:20 UTC+15", "2019-06-08 17:31:20 GMT+8:60",
    "2019-06-08 17:31:20 GMT+123", "2019-06-08 17:31:20 GMT+", "2019-06-08 17:31:20 GMTX",
    "2019-02-30 17:31:20 北京时间", "2019-02-30 北京时间", "2019-06-08 北京时间", "北京时间2019-06-08",
    "北京时间2019-06-08 17:31 GMT+8", "北京时间2019-06-08 17:31+08:00", "2019-06-08 17:31:20 CSTX",
    "2019-06-08 17:31:20 (北京时间", "2019-06-08 17:31:20 (CST", "2019-06-08 17:31:20 Etc/GMT+8",
    "2019-06-08 17:31:20 Asia/Nowhere", "2019-06-08 17:31:20 Asia/../../etc/passwd",
    "2019-06-08 17:31:20 CST CST", "2019-06-08 17:31:20+08:00 北京时间",
    /* Asia/Shanghai's clock showed 01:30 twice on 1988-09-11 and never
     * 02:30 on 1988-04-17. */
    "1988-09-11 01:30 Asia/Shanghai", "1988-04-17 02:30 Asia/Shanghai",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", texts[i]);
      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

/* A zone in words is typed by people as often as by systems: 下午3点
 * beside it keeps its part of the day, unlike an offset's. */
static void
test_clock_kept (void)
{
  gint64 seconds;
  int offset;
  PrDateClock clock;

  g_assert_cmpint (pr_date_read_clock ("2019年6月8日下午5点 北京时间", PR_DATE_ORDER_UNSET, &seconds, &offset, &clock),
                   ==, PR_DATE_OK);
  g_assert_cmpint (clock, ==, PR_DATE_CLOCK_DAY_PART);
  g_assert_cmpint (seconds, ==, WALL_17_31_20 - 31 * 60 - 20);
  g_assert_cmpint (pr_date_read_clock ("2019-06-08T17:31:20+08:00", PR_DATE_ORDER_UNSET, &seconds, &offset, &clock),
                   ==, PR_DATE_OK);
  g_assert_cmpint (clock, ==, PR_DATE_CLOCK_24);
}

static gint64 *
read_column (const char *const *texts,
             gsize              n,
             PrDateOrder        order,
             GError           **error)
{
  return pr_date_column_read_texts ("received", order, PR_ADVICE_FLAGS, "row", texts, NULL, n, 0, error);
}

/* In a column, a date with a zone in words is stored as the one with
 * +08:00 is: beside dates without a zone, as the office's wall time; a
 * column all in UTC, put on the office's clock. */
static void
test_column_same_as_offset (void)
{
  static const char *const words[] = { "2019-06-08 17:31:20 北京时间", "2019-06-08 17:31:20 CST",
                                       "2019-06-08 17:31:20 GMT+8", "2019-06-08 17:31:20 Asia/Shanghai",
                                       "2019-06-09 08:00" };
  static const char *const offsets[] = { "2019-06-08T17:31:20+08:00", "2019-06-08T17:31:20+08:00",
                                         "2019-06-08T17:31:20+08:00", "2019-06-08T17:31:20+08:00",
                                         "2019-06-09 08:00" };
  static const char *const utc[] = { "2019-06-08 09:31:20 UTC", "2019-06-08 09:31:20Z" };
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *from_words = read_column (words, G_N_ELEMENTS (words), PR_DATE_ORDER_UNSET, &error);
  g_autofree gint64 *from_offsets = NULL;
  g_autofree gint64 *from_utc = NULL;

  g_assert_no_error (error);
  from_offsets = read_column (offsets, G_N_ELEMENTS (offsets), PR_DATE_ORDER_UNSET, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    g_assert_cmpint (from_words[i], ==, from_offsets[i]);
  g_assert_cmpint (from_words[0], ==, WALL_17_31_20);

  from_utc = read_column (utc, G_N_ELEMENTS (utc), PR_DATE_ORDER_UNSET, &error);
  g_assert_no_error (error);
  g_assert_cmpint (from_utc[0], ==, WALL_17_31_20);
  g_assert_cmpint (from_utc[1], ==, WALL_17_31_20);
}

/* CST beside a United States zone, one of their Central offsets or
 * month-first dates could be their Central Standard Time (-06:00):
 * refused, naming CST. */
static void
test_cst_beside_us_refused (void)
{
  static const char *const with_us[] = { "2019-06-08 17:31:20 CST", "2019-06-09 09:00:00 EST" };
  static const char *const month_first[] = { "06/08/2019 17:31:20 CST", "06/09/2019 09:00:00" };
  static const char *const alone[] = { "06/08/2019 17:31:20 CST", "06/09/2019 09:00:00" };
  static const char *const central[] = { "2019-06-09 09:00:00 -06:00", "2019-06-09 09:00:00-0500",
                                         "2019-06-09T09:00:00-05:00", "2019-06-09 09:00 -06" };
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *dates = read_column (with_us, G_N_ELEMENTS (with_us), PR_DATE_ORDER_UNSET, &error);

  g_assert_null (dates);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "CST"));
  g_assert_nonnull (strstr (error->message, "-06:00"));
  g_clear_error (&error);

  dates = read_column (month_first, G_N_ELEMENTS (month_first), PR_DATE_ORDER_MDY, &error);
  g_assert_null (dates);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_nonnull (strstr (error->message, "CST"));
  g_clear_error (&error);

  /* An offset of the United States' Central time (standard or summer),
   * in each form an offset is written, is as much theirs as CDT. */
  for (guint i = 0; i < G_N_ELEMENTS (central); i++)
    {
      const char *const texts[] = { "2019-06-08 17:31:20 CST", central[i], "2019-06-10 09:00:00 CST" };

      g_test_message ("%s", central[i]);
      dates = read_column (texts, G_N_ELEMENTS (texts), PR_DATE_ORDER_UNSET, &error);
      g_assert_null (dates);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_assert_nonnull (strstr (error->message, "CST (record 1)"));
      g_assert_nonnull (strstr (error->message, "record 2"));
      g_clear_error (&error);
    }

  /* Day-first, as no United States date is: China's. */
  dates = read_column (alone, G_N_ELEMENTS (alone), PR_DATE_ORDER_DMY, &error);
  g_assert_no_error (error);
  /* 6 August 2019 17:31:20 (date -u -d "2019-08-06 17:31:20" +%s). */
  g_assert_cmpint (dates[0], ==, G_GINT64_CONSTANT (1565112680));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-zones/words-read", test_words_read);
  g_test_add_func ("/engine/date-zones/wrong-refused", test_wrong_refused);
  g_test_add_func ("/engine/date-zones/clock-kept", test_clock_kept);
  g_test_add_func ("/engine/date-zones/column-same-as-offset", test_column_same_as_offset);
  g_test_add_func ("/engine/date-zones/cst-beside-us-refused", test_cst_beside_us_refused);
  return g_test_run ();
}
