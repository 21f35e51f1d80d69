/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The date forms an office's exports hold besides the plain ones
 * (test-date.c), and how a table's date column is read: unreadable dates
 * counted and named, day-first dates only with an order, offsets.
 * The expected seconds are `date -u -d 'YYYY-MM-DD HH:MM:SS' +%s`.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "pr-date.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

#define JUNE_8 G_GINT64_CONSTANT (1559952000)   /* 2019-06-08 00:00:00 */

typedef struct {
  const char  *text;
  PrDateOrder  order;
  gint64       seconds;
  int          offset;
} Form;

static void
test_forms (void)
{
  static const Form ok[] = {
    { "2019-06-08T17:31:20+08:00", PR_DATE_ORDER_UNSET, 1560015080, 8 * 3600 },
    { "2019-06-08T17:31:20.123456+08:00", PR_DATE_ORDER_UNSET, 1560015080, 8 * 3600 },
    { "2019-06-08 17:31:20 +0800", PR_DATE_ORDER_UNSET, 1560015080, 8 * 3600 },
    { "2019-06-08T17:31:20-05:30", PR_DATE_ORDER_UNSET, 1560015080, -(5 * 3600 + 1800) },
    { "2019-06-08T17:31:20+08", PR_DATE_ORDER_UNSET, 1560015080, 8 * 3600 },
    { "2019-06-08T17:31:20Z", PR_DATE_ORDER_UNSET, 1560015080, 0 },
    { "2019-06-08 17:31:20,5", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "20190608173120", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "201906081731", PR_DATE_ORDER_UNSET, 1560015060, PR_DATE_NO_OFFSET },
    { "2019/06/08 5:31 PM", PR_DATE_ORDER_UNSET, 1560015060, PR_DATE_NO_OFFSET },
    { "2019/06/08 5:31:20 p.m.", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "2019/06/08 12:05 AM", PR_DATE_ORDER_UNSET, 1559952300, PR_DATE_NO_OFFSET },
    { "2019/06/08 12:05 pm", PR_DATE_ORDER_UNSET, 1559995500, PR_DATE_NO_OFFSET },
    { "2019年6月8日", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019年6月8日下午3点", PR_DATE_ORDER_UNSET, 1560006000, PR_DATE_NO_OFFSET },
    { "2019年6月8日 下午3点", PR_DATE_ORDER_UNSET, 1560006000, PR_DATE_NO_OFFSET },
    { "2019年6月8日上午9点半", PR_DATE_ORDER_UNSET, 1559986200, PR_DATE_NO_OFFSET },
    { "2019年6月8日晚上8点15分", PR_DATE_ORDER_UNSET, 1560024900, PR_DATE_NO_OFFSET },
    { "2019年6月8日中午12点", PR_DATE_ORDER_UNSET, JUNE_8 + 12 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日中午1点", PR_DATE_ORDER_UNSET, JUNE_8 + 13 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日夜里11点", PR_DATE_ORDER_UNSET, JUNE_8 + 23 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日凌晨12点", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019年6月8日17时31分20秒", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    /* A no-break space between date and time (U+00A0, U+202F), and the
     * day's weekday after it: 2019-06-08 was a Saturday. */
    { "2019-06-08\xc2\xa0" "17:31:20", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "2019-06-08\xe2\x80\xaf" "17:31", PR_DATE_ORDER_UNSET, 1560015060, PR_DATE_NO_OFFSET },
    { "2019-06-08 17:31:20 星期六", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "2019年6月8日星期六", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019/06/08 (周六) ", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019-06-09 星期日", PR_DATE_ORDER_UNSET, JUNE_8 + 86400, PR_DATE_NO_OFFSET },
    { "2019-06-09 周天", PR_DATE_ORDER_UNSET, JUNE_8 + 86400, PR_DATE_NO_OFFSET },
    { "08/06/2019", PR_DATE_ORDER_DMY, JUNE_8, PR_DATE_NO_OFFSET },
    { "8.6.2019 17:31", PR_DATE_ORDER_DMY, 1560015060, PR_DATE_NO_OFFSET },
    { "08/06/2019", PR_DATE_ORDER_MDY, 1565049600, PR_DATE_NO_OFFSET },   /* 2019-08-06 */
    { "6/8/2019 5:31 PM", PR_DATE_ORDER_MDY, 1560015060, PR_DATE_NO_OFFSET },
    /* A year-first date reads the same whatever the order. */
    { "2019/06/08", PR_DATE_ORDER_DMY, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019/06/08", PR_DATE_ORDER_MDY, JUNE_8, PR_DATE_NO_OFFSET },
  };
  static const Form bad[] = {
    { "08/06/2019", PR_DATE_ORDER_YMD },
    { "31/12/2019", PR_DATE_ORDER_MDY },
    { "12/31/2019", PR_DATE_ORDER_DMY },
    { "08/06/19", PR_DATE_ORDER_DMY },
    { "08/06-2019", PR_DATE_ORDER_DMY },
    { "13/13/2019" },
    { "08/06/2019 25:00" },
    { "2019/06/08 13:00 PM" },
    { "2019/06/08 0:30 AM" },
    { "2019年6月8日下午15点" },
    { "2019年6月8日晚上12点" },
    { "2019-06-08T17:31:20+15:00" },
    { "2019-06-08T17:31:20+08:60" },
    { "2019-06-08T17:31:20." },
    { "2019-06-08 +08:00" },
    { "2019-06-08T" },
    { "2019-06-08 17:" },
    { "2019-06-08 17:31分" },
    { "2019060817" },
    { "201906081731201" },
    { "20190608246000" },
    { "20191308" },
    { "0000-06-08" },
    { "2019/06/08 5:31 PMX" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      gint64 seconds = 0;
      int offset = 0;

      g_test_message ("%s (%d)", ok[i].text, ok[i].order);
      g_assert_cmpint (pr_date_read (ok[i].text, ok[i].order, &seconds, &offset), ==, PR_DATE_OK);
      g_assert_cmpint (seconds, ==, ok[i].seconds);
      g_assert_cmpint (offset, ==, ok[i].offset);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gint64 seconds = 0;
      int offset = 0;

      g_test_message ("%s (%d)", bad[i].text, bad[i].order);
      g_assert_cmpint (pr_date_read (bad[i].text, bad[i].order, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

/* Without an order, a date whose year comes last is neither read nor
 * dropped as unreadable: the caller must ask. */
static void
test_ambiguous (void)
{
  static const char *const texts[] = { "08/06/2019", "25/06/2019", "06/25/2019", "6-8-2019 17:31" };
  PrDateOrder order;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gint64 seconds = 0;
      int offset = 0;

      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_AMBIGUOUS);
      g_assert_false (pr_date_parse (texts[i], &seconds));
    }
  g_assert_true (pr_date_order_from_string ("dmy", &order));
  g_assert_cmpint (order, ==, PR_DATE_ORDER_DMY);
  g_assert_true (pr_date_order_from_string ("MDY", &order));
  g_assert_cmpint (order, ==, PR_DATE_ORDER_MDY);
  g_assert_true (pr_date_order_from_string ("YMD", &order));
  g_assert_cmpint (order, ==, PR_DATE_ORDER_YMD);
  g_assert_false (pr_date_order_from_string ("DM", &order));
  g_assert_false (pr_date_order_from_string ("", &order));
}

static PrRecordSet *
load_dates (const char  *const *dates,
            guint               n_dates,
            PrDateOrder         order,
            GError            **error)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(GString) csv = g_string_new ("id,received,body\n");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .date_order = order };
  PrRecordSet *set;

  for (guint i = 0; i < n_dates; i++)
    g_string_append_printf (csv, "r%u,\"%s\",some words of petition %u\n", i + 1, dates[i], i);
  g_assert_true (g_file_set_contents (path, csv->str, csv->len, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "received", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, error);
  pr_test_remove_tree (dir);
  return set;
}

/* Unreadable dates are counted and the first few named; empty ones are
 * no date, not an unreadable one. */
static void
test_unreadable (void)
{
  static const char *const dates[] = {
    "2019-06-08", "yesterday", "", "2019-02-30", "2019-06-08 5:31 PM", "  ", "soon", "13/13/2019x",
    "2019.6.8 25:00", "2019-06-09", "later", "2019-13-01", "2019-06-10", "2019-06-11", "2019-06-12",
    "2019-06-13",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load_dates (dates, G_N_ELEMENTS (dates), PR_DATE_ORDER_UNSET, &error);
  static const char *const named[] = { "r2", "r4", "r7", "r8", "r9" };

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_unreadable_dates, ==, 7);
  g_assert_cmpuint (set->unreadable_date_ids->len, ==, G_N_ELEMENTS (named));
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    g_assert_cmpstr (set->unreadable_date_ids->pdata[i], ==, named[i]);
  g_assert_cmpint (set->dates[0], ==, JUNE_8);
  g_assert_cmpint (set->dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (set->dates[2], ==, PR_DATE_NONE);
  g_assert_cmpint (set->dates[4], ==, 1560015060);
  g_assert_cmpint (set->dates[9], ==, JUNE_8 + 86400);
}

/* A day-first date stops the load until the order is given, and is read by it. */
static void
test_order (void)
{
  static const char *const dates[] = { "2019-06-01", "08/06/2019", "25/06/2019" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) unset = load_dates (dates, 3, PR_DATE_ORDER_UNSET, &error);
  g_autoptr(PrRecordSet) dmy = NULL;
  g_autoptr(PrRecordSet) ymd = NULL;

  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_null (unset);
  g_assert_nonnull (strstr (error->message, "--date-format"));
  g_assert_nonnull (strstr (error->message, "line 3"));
  g_assert_nonnull (strstr (error->message, "08/06/2019"));
  g_clear_error (&error);

  dmy = load_dates (dates, 3, PR_DATE_ORDER_DMY, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dmy->dates[1], ==, JUNE_8);
  g_assert_cmpint (dmy->dates[2], ==, JUNE_8 + 17 * 86400);
  g_assert_cmpuint (dmy->n_unreadable_dates, ==, 0);

  /* YMD: only year-first dates; the others are not guessed, and as they
   * are most of the column, it is refused. */
  ymd = load_dates (dates, 3, PR_DATE_ORDER_YMD, &error);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_null (ymd);
  g_assert_nonnull (strstr (error->message, "2 of the 3 dates"));
}

/* One zone, with or without its offset: wall times, as written. Several
 * zones: instants. Several zones and dates with none: refused. */
static void
test_offsets (void)
{
  static const char *const one_zone[] = { "2019-06-08T17:31:20+08:00", "2019-06-08 17:31:25", "2019-06-08 09:40" };
  static const char *const zones[] = { "2019-06-08T17:31:20+08:00", "2019-06-08T09:31:20Z", "2019-06-08T10:00:00-01:00" };
  static const char *const mixed[] = { "2019-06-08T17:31:20+08:00", "2019-06-08T09:31:20Z", "2019-06-08 12:00" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) a = load_dates (one_zone, 3, PR_DATE_ORDER_UNSET, &error);
  g_autoptr(PrRecordSet) b = NULL;
  g_autoptr(PrRecordSet) c = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (a->dates[0], ==, 1560015080);
  g_assert_cmpint (a->dates[1], ==, 1560015085);
  g_assert_cmpint (a->dates[2], ==, JUNE_8 + 9 * 3600 + 40 * 60);

  b = load_dates (zones, 3, PR_DATE_ORDER_UNSET, &error);
  g_assert_no_error (error);
  /* 17:31:20+08:00 and 09:31:20Z are one instant; 10:00-01:00 is 11:00Z.
   * Instants are on the office's clock (+08:00), whose days rules count. */
  g_assert_cmpint (b->dates[0], ==, 1560015080);
  g_assert_cmpint (b->dates[1], ==, 1560015080);
  g_assert_cmpint (b->dates[2], ==, JUNE_8 + 19 * 3600);

  c = load_dates (mixed, 3, PR_DATE_ORDER_UNSET, &error);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_null (c);
  g_assert_nonnull (strstr (error->message, "+08:00"));
  g_assert_nonnull (strstr (error->message, "r3"));
}

/* A time after a space and another right after a dash is a span of
 * hours (an appointment's 08:00-12:00, a night's 22:00-06:00): read as an
 * offset of -12:00 it would order 08:00-12:00 after 09:00-10:00 on the
 * office's clock, and put 22:00-06:00 on the next day's noon. */
static void
test_hour_span (void)
{
  static const char *const spans[] = { "2019-06-08 08:00-12:00", "2019-06-08 08:00-09", "2019年6月8日 08:00-0930",
                                       "2019-06-08 下午03:00-05:00", "2019-06-08 8:00-9:00",
                                       "2019-06-08 22:00-06:00", "2019-06-08 22:00-0600", "2019-06-08 21:30-06",
                                       "2019-06-08 08:00-05:00", "2019年6月8日 晚上10:00-06:00" };
  /* ISO 8601 and the forms systems write without seconds: the hour read
   * (24-hour) and the offset in hours, by hand. */
  static const struct { const char *text; int hour, offset; } offsets[] = {
    { "2019-06-08T09:00-10:00", 9, -10 },    /* Hawaii, after a T */
    { "2019-06-08T08:00-05:00", 8, -5 },     /* Java's OffsetDateTime at :00 seconds */
    { "2019-06-08 08:00 -0500", 8, -5 },
    { "2019-06-08 08:00 -05", 8, -5 },
    { "2019-06-08 08:00 -05:00", 8, -5 },
    { "201906080800-0500", 8, -5 },
    { "2019-06-08 8:00 PM-05:00", 20, -5 },
  };
  gint64 seconds = 0;
  int offset = 0;

  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    {
      g_assert_cmpint (pr_date_read (spans[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
      /* Said to be spans, apart from other unreadable dates. */
      g_assert_true (pr_date_has_hour_span (spans[i], PR_DATE_ORDER_UNSET));
    }
  /* Unreadable for other reasons: no span. */
  g_assert_false (pr_date_has_hour_span ("2019-06-08 12:00-08:00-", PR_DATE_ORDER_UNSET));
  g_assert_false (pr_date_has_hour_span ("2019-06-08-12", PR_DATE_ORDER_UNSET));
  g_assert_false (pr_date_has_hour_span ("不详", PR_DATE_ORDER_UNSET));
  g_assert_false (pr_date_has_hour_span ("2019-06-08 08:00-12:00 左右", PR_DATE_ORDER_UNSET));
  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      g_test_message ("%s", offsets[i].text);
      g_assert_cmpint (pr_date_read (offsets[i].text, PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
      g_assert_cmpint (seconds, ==, JUNE_8 + offsets[i].hour * 3600);
      g_assert_cmpint (offset, ==, offsets[i].offset * 3600);
    }

  /* After the seconds, as systems write them, a dash is an offset. */
  g_assert_cmpint (pr_date_read ("2019-06-08T08:00:00-05:00", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (seconds, ==, JUNE_8 + 8 * 3600);
  g_assert_cmpint (offset, ==, -5 * 3600);
  g_assert_cmpint (pr_date_read ("20190608173120-05:00", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (offset, ==, -5 * 3600);
  g_assert_cmpint (pr_date_read ("2019-06-08 17:31+08:00", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (offset, ==, 8 * 3600);
}

/* 上午12点 is noon to many who say it and midnight to others: unreadable,
 * counted and named, never taken for 00:00 (which would make it its case's
 * primary before 上午9点 of the same day). 凌晨12点 is midnight and
 * 中午12点 noon; a system's 上午12:30, with a colon, is 00:30 by the
 * 12-hour clock's rule, as 12:30 AM is. */
/* Each of @ok reads as its seconds, and none of @unreadable reads. */
static void
assert_read (const Form        *ok,
             guint              n_ok,
             const char *const *unreadable,
             guint              n_unreadable)
{
  for (guint i = 0; i < n_ok; i++)
    {
      gint64 seconds = 0;
      int offset = 0;

      g_test_message ("%s", ok[i].text);
      g_assert_cmpint (pr_date_read (ok[i].text, ok[i].order, &seconds, &offset), ==, PR_DATE_OK);
      g_assert_cmpint (seconds, ==, ok[i].seconds);
    }
  for (guint i = 0; i < n_unreadable; i++)
    {
      gint64 seconds = 0;
      int offset = 0;

      g_test_message ("%s", unreadable[i]);
      g_assert_cmpint (pr_date_read (unreadable[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

/* Dusk (傍晚) is about 17 to 19 h: its 5点 to 8点 are the evening's,
 * its 12点 and 1点 to 4点 contradict it, as 中午3点 does. */
static void
test_dusk (void)
{
  static const Form ok[] = {
    { "2019年6月8日傍晚5点", PR_DATE_ORDER_UNSET, JUNE_8 + 17 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日傍晚6点半", PR_DATE_ORDER_UNSET, JUNE_8 + 18 * 3600 + 30 * 60, PR_DATE_NO_OFFSET },
    { "2019年6月8日傍晚7:15", PR_DATE_ORDER_UNSET, JUNE_8 + 19 * 3600 + 15 * 60, PR_DATE_NO_OFFSET },
    { "2019年6月8日傍晚七点", PR_DATE_ORDER_UNSET, JUNE_8 + 19 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日傍晚8点", PR_DATE_ORDER_UNSET, JUNE_8 + 20 * 3600, PR_DATE_NO_OFFSET },
  };
  static const char *const unreadable[] = {
    "2019年6月8日傍晚12点", "2019年6月8日傍晚1点", "2019年6月8日傍晚4点半", "2019年6月8日傍晚十二点",
    "2019年6月8日傍晚１点", "2019年6月8日傍晚2:00", "2019年6月8日傍晚9点", "2019年6月8日傍晚0点",
  };

  assert_read (ok, G_N_ELEMENTS (ok), unreadable, G_N_ELEMENTS (unreadable));
}

/* 上午12点 and its kin name no one instant, for a reason of their own;
 * others do not. */
static void
test_morning_twelve_doubt (void)
{
  static const char *const doubtful[] = {
    "2019年6月8日上午12点", "2019年6月8日早上12:30", "2019年6月8日上午十二点半", "2019年6月8日 上午 12时30分",
    "2019年6月8日上午１２：３０", "二〇一九年六月八日早晨十二点",
  };
  static const char *const others[] = {
    "2019年6月8日傍晚12点", "2019年6月8日上午13点", "2019年6月8日上午12点99分", "上午12点", "2019-06-08 08:00-12:00",
  };

  for (guint i = 0; i < G_N_ELEMENTS (doubtful); i++)
    {
      g_test_message ("%s", doubtful[i]);
      g_assert_cmpint (pr_date_doubt (doubtful[i], PR_DATE_ORDER_UNSET), ==, PR_DATE_DOUBT_MORNING_TWELVE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_test_message ("%s", others[i]);
      g_assert_cmpint (pr_date_doubt (others[i], PR_DATE_ORDER_UNSET), !=, PR_DATE_DOUBT_MORNING_TWELVE);
    }
}

/* None of @texts reads without an order, each for @doubt. */
static void
assert_doubted (const char *const *texts,
                guint              n,
                PrDateDoubt        doubt)
{
  for (guint i = 0; i < n; i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", texts[i]);
      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
      g_assert_cmpint (pr_date_doubt (texts[i], PR_DATE_ORDER_UNSET), ==, doubt);
    }
}

/* A weekday that is not the date's (2019-06-08 was a Saturday) is
 * unreadable, for a reason of its own; one that is no weekday (星期八) or
 * stands before the date is unreadable as any other text. */
static void
test_weekday_doubt (void)
{
  /* 2 January 2019 was a Wednesday, 1 February a Friday: without an
   * order 01/02/2019 is either, with a Monday neither. */
  static const char *const wrong[] = { "2019-06-08 17:31:20 星期一", "2019年6月8日周日", "2019/06/08（星期五）",
                                       "01/02/2019 星期一" };
  static const char *const others[] = { "2019-06-08 星期八", "星期六 2019-06-08", "星期六" };
  gint64 seconds;
  int offset;

  assert_doubted (wrong, G_N_ELEMENTS (wrong), PR_DATE_DOUBT_WEEKDAY);
  assert_doubted (others, G_N_ELEMENTS (others), PR_DATE_DOUBT_NONE);
  g_assert_cmpint (pr_date_read ("01/02/2019 星期三", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_AMBIGUOUS);
  g_assert_cmpint (pr_date_read ("01/02/2019 星期三", PR_DATE_ORDER_MDY, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (pr_date_read ("01/02/2019 星期三", PR_DATE_ORDER_DMY, &seconds, &offset), ==, PR_DATE_UNREADABLE);
}

/* A weekday between the date and its time, and 礼拜 for 星期, as offices
 * and people write them: read when it is the date's, refused as a wrong
 * weekday when not; two weekdays are no date. 2019-06-08 was a Saturday,
 * 2019-06-10 a Monday (`date -d 2019-06-10 +%A`). */
static void
test_weekday_before_time (void)
{
  static const Form ok[] = {
    { "2019-06-08 星期六 17:31", PR_DATE_ORDER_UNSET, 1560015060, PR_DATE_NO_OFFSET },
    { "2019-06-08 星期六 17:31:20", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "2019-06-08(周六)17:31:20", PR_DATE_ORDER_UNSET, 1560015080, PR_DATE_NO_OFFSET },
    { "2019年6月8日星期六下午3点", PR_DATE_ORDER_UNSET, 1560006000, PR_DATE_NO_OFFSET },
    { "2019年6月8日 礼拜六 下午3点", PR_DATE_ORDER_UNSET, 1560006000, PR_DATE_NO_OFFSET },
    { "2019-06-08 礼拜六", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019/06/08（礼拜六）", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019-06-09 礼拜天", PR_DATE_ORDER_UNSET, JUNE_8 + 86400, PR_DATE_NO_OFFSET },
    { "2019-06-09 礼拜日 08:00", PR_DATE_ORDER_UNSET, JUNE_8 + 86400 + 8 * 3600, PR_DATE_NO_OFFSET },
    { "2019-06-10 礼拜一 09:30", PR_DATE_ORDER_UNSET, JUNE_8 + 2 * 86400 + 9 * 3600 + 1800, PR_DATE_NO_OFFSET },
    { "08/06/2019 星期六 17:31", PR_DATE_ORDER_DMY, 1560015060, PR_DATE_NO_OFFSET },
  };
  static const char *const wrong[] = { "2019-06-08 星期一 17:31", "2019-06-08 礼拜一", "2019年6月8日礼拜天下午3点",
                                       "2019-06-10 礼拜二 09:30" };
  static const char *const others[] = { "2019-06-08 星期六 17:31 星期六", "2019-06-08 礼拜八 17:31",
                                        "2019-06-08 礼拜 17:31", "礼拜六" };
  gint64 seconds;
  int offset;

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_test_message ("%s (%d)", ok[i].text, ok[i].order);
      seconds = 0;
      offset = 0;
      g_assert_cmpint (pr_date_read (ok[i].text, ok[i].order, &seconds, &offset), ==, PR_DATE_OK);
      g_assert_cmpint (seconds, ==, ok[i].seconds);
      g_assert_cmpint (offset, ==, ok[i].offset);
    }
  assert_doubted (wrong, G_N_ELEMENTS (wrong), PR_DATE_DOUBT_WEEKDAY);
  assert_doubted (others, G_N_ELEMENTS (others), PR_DATE_DOUBT_NONE);
}

static void
test_morning_twelve (void)
{
  static const Form ok[] = {
    { "2019年6月8日上午12:30", PR_DATE_ORDER_UNSET, JUNE_8 + 30 * 60, PR_DATE_NO_OFFSET },
    { "2019/6/8 上午12:05:00", PR_DATE_ORDER_UNSET, JUNE_8 + 5 * 60, PR_DATE_NO_OFFSET },
    { "2019/6/8 12:30 上午", PR_DATE_ORDER_UNSET, JUNE_8 + 30 * 60, PR_DATE_NO_OFFSET },
    { "2019/6/8 12:30 AM", PR_DATE_ORDER_UNSET, JUNE_8 + 30 * 60, PR_DATE_NO_OFFSET },
    { "2019年6月8日凌晨12点", PR_DATE_ORDER_UNSET, JUNE_8, PR_DATE_NO_OFFSET },
    { "2019年6月8日中午12点", PR_DATE_ORDER_UNSET, JUNE_8 + 12 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日下午12点", PR_DATE_ORDER_UNSET, JUNE_8 + 12 * 3600, PR_DATE_NO_OFFSET },
    { "2019年6月8日上午11点半", PR_DATE_ORDER_UNSET, JUNE_8 + 11 * 3600 + 30 * 60, PR_DATE_NO_OFFSET },
    { "2019年6月8日上午9点", PR_DATE_ORDER_UNSET, JUNE_8 + 9 * 3600, PR_DATE_NO_OFFSET },
  };
  static const char *const unreadable[] = {
    "2019年6月8日上午12点", "2019年6月8日上午十二点", "2019年6月8日上午12点半", "2019年6月8日 上午12时30分",
    "2019年6月8日早上12点", "2019年6月8日早晨12点", "2019年6月8日12点上午", "二〇一九年六月八日上午十二点",
    "２０１９年６月８日上午１２点",
    /* Only people write 早上/早晨, Chinese numerals or full-width forms;
     * a system's 上午12:30 is ASCII digits and colon. */
    "2019年6月8日早上12:30", "2019年6月8日早晨12:30", "2019年6月8日上午十二:30", "2019年6月8日上午１２：３０",
    "2019年6月8日上午12：30", "2019年6月8日上午１２:30",
  };
  static const char *const column[] = { "2019年6月8日上午9点", "2019年6月8日上午12点", "2019年6月9日下午3点" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;

  assert_read (ok, G_N_ELEMENTS (ok), unreadable, G_N_ELEMENTS (unreadable));

  set = load_dates (column, G_N_ELEMENTS (column), PR_DATE_ORDER_UNSET, &error);
  g_assert_no_error (error);
  g_assert_cmpint (set->dates[0], ==, JUNE_8 + 9 * 3600);
  g_assert_cmpint (set->dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (set->dates[2], ==, JUNE_8 + 86400 + 15 * 3600);
  g_assert_cmpuint (set->n_unreadable_dates, ==, 1);
  g_assert_cmpuint (set->unreadable_date_ids->len, ==, 1);
  g_assert_cmpstr (set->unreadable_date_ids->pdata[0], ==, "r2");
}

/* One offset other than the office's (+08:00) among dates with none: the
 * ones without are China's wall time, so a UTC date among them would be
 * ordered hours off; refused. */
static void
test_foreign_offset (void)
{
  static const char *const utc[] = { "2019-06-08T07:31:20Z", "2019-06-08 15:20", "2019-06-08 15:40" };
  static const char *const only_utc[] = { "2019-06-08T07:31:20Z", "2019-06-08T07:20:00Z" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) a = load_dates (utc, 3, PR_DATE_ORDER_UNSET, &error);
  g_autoptr(PrRecordSet) b = NULL;

  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_null (a);
  g_assert_nonnull (strstr (error->message, "+00:00"));
  g_assert_nonnull (strstr (error->message, "r2"));
  g_clear_error (&error);

  /* Every date with the one offset: wall times, in order. */
  b = load_dates (only_utc, 2, PR_DATE_ORDER_UNSET, &error);
  g_assert_no_error (error);
  g_assert_cmpint (b->dates[1], <, b->dates[0]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/forms", test_forms);
  g_test_add_func ("/engine/date/ambiguous", test_ambiguous);
  g_test_add_func ("/engine/date/unreadable", test_unreadable);
  g_test_add_func ("/engine/date/order", test_order);
  g_test_add_func ("/engine/date/offsets", test_offsets);
  g_test_add_func ("/engine/date/foreign-offset", test_foreign_offset);
  g_test_add_func ("/engine/date/hour-span", test_hour_span);
  g_test_add_func ("/engine/date/morning-twelve", test_morning_twelve);
  g_test_add_func ("/engine/date/morning-twelve-doubt", test_morning_twelve_doubt);
  g_test_add_func ("/engine/date/weekday-doubt", test_weekday_doubt);
  g_test_add_func ("/engine/date/weekday-before-time", test_weekday_before_time);
  g_test_add_func ("/engine/date/dusk", test_dusk);

  return g_test_run ();
}
