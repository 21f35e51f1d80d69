/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates and hours as some systems write them: 上午/下午 after the time
 * (2019/6/8 5:31:20 下午, .NET's "tt" in zh-CN) read as the same time on a
 * 24-hour clock, the oracle; a column of 10-digit numbers that are all
 * YYYYMMDDHH and, as Unix seconds, after today (2019060817 would be
 * December 2033) read as date and hour, hand-computed; Unix seconds after
 * today among others refused rather than read as a date to come. "Today"
 * is the time the load is given: at a later one (2040), the same numbers
 * could be either reading and are refused naming both, hand-computed.
 * 夜里2点 is 02:00 of a day the text does not name: unreadable, not 14:00.
 * An hour alone (2019-06-08 05) is a bare hour beside 下午3点, hand-computed.
 */
#define G_LOG_DOMAIN "pr-test-date-hour-forms"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

/* 26 November 2026, 00:00 UTC, and 1 January 2040. */
#define NOW_2026 G_GINT64_CONSTANT (1795651200)
#define NOW_2040 G_GINT64_CONSTANT (2208988800)

static gint64
read_ok (const char *text)
{
  gint64 seconds = 0;
  int offset;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_OK);
  return seconds;
}

/* Each of @pairs reads as the same time as its 24-hour form; each of
 * @unreadable is unreadable. */
static void
assert_forms (const char *const (*pairs)[2],
              gsize              n_pairs,
              const char *const *unreadable,
              gsize              n_unreadable)
{
  for (gsize i = 0; i < n_pairs; i++)
    g_assert_cmpint (read_ok (pairs[i][0]), ==, read_ok (pairs[i][1]));
  for (gsize i = 0; i < n_unreadable; i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", unreadable[i]);
      g_assert_cmpint (pr_date_read (unreadable[i], PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

static void
test_day_part_after (void)
{
  static const char *const pairs[][2] = {
    { "2019/6/8 5:31:20 下午", "2019-06-08 17:31:20" },
    { "2019/6/8 5:31:20下午", "2019-06-08 17:31:20" },
    { "2019/6/8 5:31 上午", "2019-06-08 05:31" },
    { "2019/6/8 12:05:00 上午", "2019-06-08 00:05" },
    { "2019/6/8 12:05:00 下午", "2019-06-08 12:05" },
    { "2019-06-08 11:59:59 下午", "2019-06-08 23:59:59" },
  };
  static const char *const unreadable[] = {
    "2019/6/8 17:31:20 下午",  /* the afternoon said twice, or wrongly */
    "2019/6/8 0:31:20 上午",
    "2019/6/8 5:31:20 下午 下午",
  };

  assert_forms (pairs, G_N_ELEMENTS (pairs), unreadable, G_N_ELEMENTS (unreadable));
}

static gboolean
read_column_at (const char *const *texts,
                gsize              n,
                gint64             now,
                gint64            *dates,
                PrDateNumbers     *kind,
                GError           **error)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  guint64 n_unreadable = 0;

  pr_date_column_set_now (column, now);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  if (!pr_date_column_finish (column, dates, n, &n_unreadable, &unreadable, error))
    return FALSE;
  pr_date_column_get_n_from_numbers (column, kind);
  return TRUE;
}

static gboolean
read_column (const char *const *texts,
             gsize              n,
             gint64            *dates,
             PrDateNumbers     *kind,
             GError           **error)
{
  return read_column_at (texts, n, NOW_2026, dates, kind, error);
}

static void
test_date_hour_column (void)
{
  static const char *const texts[] = { "2019060817", "2019061009", "2020022923" };
  gint64 dates[3];
  PrDateNumbers kind = PR_DATE_NUMBERS_NONE;
  g_autoptr(GError) error = NULL;

  g_assert_true (read_column (texts, 3, dates, &kind, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_DATE_HOUR);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 17:00"));
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-10 09:00"));
  g_assert_cmpint (dates[2], ==, read_ok ("2020-02-29 23:00"));
}

static void
test_future_unix_refused (void)
{
  /* 1559986280 is 2019; 2019060817 as seconds is 2033-12-24, and no
   * YYYYMMDDHH makes 1559986280 a date: neither reading fits all. So is
   * 4000000000 (2096) among dates of 2019 with nothing else to read. */
  static const char *const texts[][2] = {
    { "1559986280", "2019060817" },
    { "1559986280", "4000000000" },
    { "1559986280000", "4000000000000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gint64 dates[2];
      PrDateNumbers kind = PR_DATE_NUMBERS_NONE;
      g_autoptr(GError) error = NULL;

      g_assert_false (read_column (texts[i], 2, dates, &kind, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, texts[i][1]));
    }
}

/* In 2040, 2019060817 to 2020022923 as Unix seconds (December 2033 to
 * January 2034) are in the past: each reading fits every number, so the
 * column is refused, naming the latest number and both its readings:
 * 2020022923 s is 2034-01-05 05:28 on China Standard Time, and as
 * YYYYMMDDHH 2020-02-29 23:00. The rule allows a day's slack: a day and a
 * second before that instant the numbers are still after "today" and read
 * as hours; a day before, they are not. */
static void
test_date_hour_either_refused (void)
{
  static const char *const texts[] = { "2019060817", "2019061009", "2020022923" };
  const gint64 latest = G_GINT64_CONSTANT (2020022923);
  const struct {
    gint64   now;
    gboolean read;
  } cases[] = {
    { NOW_2040, FALSE },
    { latest - 86400, FALSE },
    { latest - 86401, TRUE },
    { NOW_2026, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 dates[3];
      PrDateNumbers kind = PR_DATE_NUMBERS_NONE;
      g_autoptr(GError) error = NULL;

      g_test_message ("now %" G_GINT64_FORMAT, cases[i].now);
      if (cases[i].read)
        {
          g_assert_true (read_column_at (texts, 3, cases[i].now, dates, &kind, &error));
          g_assert_no_error (error);
          g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_DATE_HOUR);
          g_assert_cmpint (dates[2], ==, read_ok ("2020-02-29 23:00"));
          continue;
        }
      g_assert_false (read_column_at (texts, 3, cases[i].now, dates, &kind, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "“2020022923”"));
      g_assert_nonnull (strstr (error->message, "2034-01-05 05:28"));
      g_assert_nonnull (strstr (error->message, "2020-02-29 23:00"));
    }
}

/* The load's time reaches the rule: the same file read as of 2026 and as
 * of 2040. */
static void
test_date_hour_load_now (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  static const char csv[] = "id,received,body\n"
                            "r1,2019060817,some words of a petition\n"
                            "r2,2020022923,other words of another petition\n";
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .now = NOW_2026 };
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrRecordSet) later = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "received", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (set->dates[0], ==, read_ok ("2019-06-08 17:00"));
  g_assert_cmpint (set->dates[1], ==, read_ok ("2020-02-29 23:00"));

  options.now = NOW_2040;
  later = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_null (later);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_nonnull (strstr (error->message, "2020-02-29 23:00"));
  pr_test_remove_tree (dir);
}

/* The evening and the night: 晚上8点 is 20:00 and 夜里11点 23:00, but 夜里2点
 * and 晚上1点 are the small hours after midnight, not 14:00 and 13:00
 * (nor is 晚上0点 noon). Which day such an hour is on the text does not say (the night of the 8th is the morning of the 9th), so they
 * are unreadable, as 晚上12点 is: counted and named, never guessed. */
static void
test_night_hours (void)
{
  static const char *const pairs[][2] = {
    { "2023年6月8日晚上8点", "2023-06-08 20:00" },
    { "2023年6月8日夜里11点", "2023-06-08 23:00" },
    { "2023年6月8日晚上6点半", "2023-06-08 18:30" },
    { "2023年6月8日晚上9:15", "2023-06-08 21:15" },
    { "2023年6月8日凌晨2点", "2023-06-08 02:00" },
  };
  static const char *const unreadable[] = {
    "2023年6月8日夜里2点", "2023年6月8日晚上1点", "2023年6月8日晚上0点", "2023年6月8日夜里5点半",
    "2023年6月8日晚上12点",
  };

  assert_forms (pairs, G_N_ELEMENTS (pairs), unreadable, G_N_ELEMENTS (unreadable));
}

/* A column of Unix seconds whose unknown dates are 0 (an INT column whose
 * default is 0): the numbers read as Unix time, and each 0 is no date,
 * counted and named, rather than the whole column unreadable. */
static void
test_unix_zeros (void)
{
  static const char *const texts[] = { "0", "1559986280", "1560072680", "1560159080", "0" };
  g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  g_autoptr(GError) error = NULL;
  PrDateNumbers kind = PR_DATE_NUMBERS_NONE;
  guint64 n_unreadable = 0;
  gint64 dates[5];

  pr_date_column_set_now (column, NOW_2026);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  g_assert_true (pr_date_column_finish (column, dates, 5, &n_unreadable, &unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pr_date_column_get_n_from_numbers (column, &kind), ==, 3);
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_UNIX);
  /* 1559986280 is 2019-06-08 09:31:20 UTC, 17:31:20 in Beijing. */
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-08 17:31:20"));
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-09 17:31:20"));
  g_assert_cmpint (dates[3], ==, read_ok ("2019-06-10 17:31:20"));
  g_assert_cmpint (dates[0], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[4], ==, PR_DATE_NONE);
  g_assert_cmpuint (n_unreadable, ==, 2);
  g_assert_cmpuint (unreadable->len, ==, 2);
  g_assert_cmpstr (unreadable->pdata[0], ==, "r1");
  g_assert_cmpstr (unreadable->pdata[1], ==, "r5");
}

/* -1 among Unix milliseconds is a program's "unknown", as 0 is: no date,
 * counted and named, never the last millisecond of 1969; any other number
 * before 1970 is not a petition's date, and the column is refused. */
static void
test_unix_minus_one (void)
{
  static const char *const texts[] = { "1559986280000", "-1", "1560072680500", " -1 " };
  static const char *const before_1970[] = { "1559986280000", "-5", "1560072680500" };
  g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(PrDateColumn) refused = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  g_autoptr(GPtrArray) unreadable_refused = NULL;
  g_autoptr(GError) error = NULL;
  PrDateNumbers kind = PR_DATE_NUMBERS_NONE;
  guint64 n_unreadable = 0;
  gint64 dates[4];

  pr_date_column_set_now (column, NOW_2026);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  g_assert_true (pr_date_column_finish (column, dates, 4, &n_unreadable, &unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pr_date_column_get_n_from_numbers (column, &kind), ==, 2);
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_UNIX_MS);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 17:31:20"));
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-09 17:31:20"));
  g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[3], ==, PR_DATE_NONE);
  g_assert_cmpuint (n_unreadable, ==, 2);
  g_assert_cmpuint (unreadable->len, ==, 2);
  g_assert_cmpstr (unreadable->pdata[0], ==, "r2");
  g_assert_cmpstr (unreadable->pdata[1], ==, "r4");

  pr_date_column_set_now (refused, NOW_2026);
  for (guint i = 0; i < G_N_ELEMENTS (before_1970); i++)
    g_assert_true (pr_date_column_add (refused, before_1970[i], "r", i + 2, &dates[i], NULL));
  g_assert_false (pr_date_column_finish (refused, dates, 3, &n_unreadable, &unreadable_refused, &error));
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
}

/* Noon: 中午 is the hours about midday, 11 to 14 on a 24-hour clock or 1
 * and 2 after it (中午1点 is 13:00). 中午3点 is neither 03:00 nor 15:00,
 * and 下午0点 no hour of the afternoon: a day-part word that contradicts
 * its hour makes the date unreadable, as 下午15点 does. */
static void
test_noon_hours (void)
{
  static const char *const pairs[][2] = {
    { "2023年6月8日中午11点", "2023-06-08 11:00" },
    { "2023年6月8日中午12点半", "2023-06-08 12:30" },
    { "2023年6月8日中午1点", "2023-06-08 13:00" },
    { "2023年6月8日中午2:15", "2023-06-08 14:15" },
    { "2023年6月8日中午13点", "2023-06-08 13:00" },
    { "2023年6月8日下午12点", "2023-06-08 12:00" },
  };
  static const char *const unreadable[] = {
    "2023年6月8日中午3点", "2023年6月8日中午10点", "2023年6月8日中午5:30", "2023年6月8日中午0点",
    "2023年6月8日中午15点", "2023年6月8日下午0点", "2023年6月8日下午0:30", "2023年6月8日傍晚0点",
  };

  assert_forms (pairs, G_N_ELEMENTS (pairs), unreadable, G_N_ELEMENTS (unreadable));
}

/* In a column, such a date is counted and its record named. */
static void
test_night_hours_column (void)
{
  static const char *const texts[] = { "2023年6月8日上午10点", "2023年6月8日夜里2点", "2023年6月9日晚上8点" };
  g_autoptr(PrDateColumn) column = pr_date_column_new ("收信时间", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  guint64 n_unreadable = 0;
  gint64 dates[3];

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  g_assert_true (pr_date_column_finish (column, dates, 3, &n_unreadable, &unreadable, NULL));
  g_assert_cmpuint (n_unreadable, ==, 1);
  g_assert_cmpstr (unreadable->pdata[0], ==, "r2");
  g_assert_cmpint (dates[0], ==, read_ok ("2023-06-08 10:00"));
  g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[2], ==, read_ok ("2023-06-09 20:00"));
}

/* Reads @n texts as one column; its unreadable dates' ids in @unreadable. */
static void
read_clock_column (const char *const *texts,
                   guint              n,
             gint64            *dates,
             GPtrArray        **unreadable)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("收信时间", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  g_assert_true (pr_date_column_finish (column, dates, n, &n_unreadable, unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_unreadable, ==, (*unreadable)->len);
}

/* A column that writes the part of the day, and no unmarked 0 or 13 to
 * 23, keeps a 12-hour clock: there an hour from 1 to 12 without it may be
 * either, and is unreadable (never the morning). A column that never
 * writes one keeps a 24-hour clock: 3点 is 03:00 (test-date-clock-evidence.c
 * has the columns that write both). */
static void
test_bare_hours_column (void)
{
  static const char *const twelve[] = {
    "2019年6月8日下午3点", "2019年6月8日3点", "2019年6月9日下午3点", "2019年6月9日12点半", "2019年6月10日上午1点半",
    "2019年6月10日",
  };
  static const char *const pm[] = { "2019/06/08 5:31 PM", "2019/06/08 5:31", "2019/06/08 5:31 PM", "2019/06/09 中午12:10" };
  static const char *const day[] = { "2019年6月8日3点", "2019年6月8日15点", "2019-06-09 5:31" };
  g_autoptr(GPtrArray) unreadable_twelve = NULL;
  g_autoptr(GPtrArray) unreadable_pm = NULL;
  g_autoptr(GPtrArray) unreadable_day = NULL;
  gint64 dates[G_N_ELEMENTS (twelve)];

  read_clock_column (twelve, G_N_ELEMENTS (twelve), dates, &unreadable_twelve);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 15:00"));
  g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-09 15:00"));
  g_assert_cmpint (dates[3], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[4], ==, read_ok ("2019-06-10 01:30"));
  g_assert_cmpint (dates[5], ==, read_ok ("2019-06-10"));
  g_assert_cmpuint (unreadable_twelve->len, ==, 2);
  g_assert_cmpstr (unreadable_twelve->pdata[0], ==, "r2");
  g_assert_cmpstr (unreadable_twelve->pdata[1], ==, "r4");

  read_clock_column (pm, G_N_ELEMENTS (pm), dates, &unreadable_pm);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 17:31"));
  g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-08 17:31"));
  g_assert_cmpint (dates[3], ==, read_ok ("2019-06-09 12:10"));
  g_assert_cmpuint (unreadable_pm->len, ==, 1);
  g_assert_cmpstr (unreadable_pm->pdata[0], ==, "r2");

  read_clock_column (day, G_N_ELEMENTS (day), dates, &unreadable_day);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 03:00"));
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-08 15:00"));
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-09 05:31"));
  g_assert_cmpuint (unreadable_day->len, ==, 0);
}

/* 2019-06-08 00:00 as the seconds pr_date_read () gives a wall clock. */
#define JUNE_8_2019 G_GINT64_CONSTANT (1559952000)

/* An hour alone after a date (2019-06-08 05) is an hour as 5点 is: 01 to
 * 12 is a 12-hour clock's beside 上午/下午 and refused, 00 is midnight's
 * filler, 13 to 23 shows a 24-hour clock. Each is hand-computed from
 * JUNE_8_2019. */
static void
test_hour_alone_column (void)
{
  static const char *const twelve[] = {
    "2019年6月8日下午3点", "2019-06-08 05", "2019-06-08 11", "2019-06-09 12", "2019-06-10 00", "2019-06-10 5:00",
    "2019-06-11T05", "2019/06/12 3:00 PM", "2019-06-13 00",
  };
  static const char *const day[] = { "2019年6月8日下午3点", "2019-06-08 17", "2019-06-09 05" };
  static const struct { const char *text; PrDateClock clock; } clocks[] = {
    { "2019-06-08 05", PR_DATE_CLOCK_BARE_12 },
    { "2019-06-08 12", PR_DATE_CLOCK_BARE_12 },
    { "2019-06-08 13", PR_DATE_CLOCK_24_HOUR },
    { "2019-06-08 00", PR_DATE_CLOCK_24 },
    { "2019-06-08T05", PR_DATE_CLOCK_24 },
    { "2019-06-08 05+08:00", PR_DATE_CLOCK_24 },
  };
  g_autoptr(GPtrArray) unreadable_twelve = NULL;
  g_autoptr(GPtrArray) unreadable_day = NULL;
  gint64 dates[G_N_ELEMENTS (twelve)];

  for (guint i = 0; i < G_N_ELEMENTS (clocks); i++)
    {
      gint64 seconds;
      int offset;
      PrDateClock clock = PR_DATE_CLOCK_24;

      g_test_message ("%s", clocks[i].text);
      g_assert_cmpint (pr_date_read_clock (clocks[i].text, PR_DATE_ORDER_YMD, &seconds, &offset, &clock), ==, PR_DATE_OK);
      g_assert_cmpint (clock, ==, clocks[i].clock);
    }

  read_clock_column (twelve, G_N_ELEMENTS (twelve), dates, &unreadable_twelve);
  g_assert_cmpint (dates[0], ==, JUNE_8_2019 + 15 * 3600);
  g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[2], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[3], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[4], ==, JUNE_8_2019 + 2 * 86400);
  g_assert_cmpint (dates[5], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[6], ==, JUNE_8_2019 + 3 * 86400 + 5 * 3600);
  g_assert_cmpint (dates[7], ==, JUNE_8_2019 + 4 * 86400 + 15 * 3600);
  g_assert_cmpint (dates[8], ==, JUNE_8_2019 + 5 * 86400);
  g_assert_cmpuint (unreadable_twelve->len, ==, 4);
  g_assert_cmpstr (unreadable_twelve->pdata[0], ==, "r2");
  g_assert_cmpstr (unreadable_twelve->pdata[1], ==, "r3");
  g_assert_cmpstr (unreadable_twelve->pdata[2], ==, "r4");
  g_assert_cmpstr (unreadable_twelve->pdata[3], ==, "r6");

  read_clock_column (day, G_N_ELEMENTS (day), dates, &unreadable_day);
  g_assert_cmpint (dates[0], ==, JUNE_8_2019 + 15 * 3600);
  g_assert_cmpint (dates[1], ==, JUNE_8_2019 + 17 * 3600);
  g_assert_cmpint (dates[2], ==, JUNE_8_2019 + 86400 + 5 * 3600);
  g_assert_cmpuint (unreadable_day->len, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/forms/day-part-after", test_day_part_after);
  g_test_add_func ("/engine/date-column/numbers/date-hour", test_date_hour_column);
  g_test_add_func ("/engine/date-column/numbers/future-unix-refused", test_future_unix_refused);
  g_test_add_func ("/engine/date-column/numbers/date-hour-either-refused", test_date_hour_either_refused);
  g_test_add_func ("/engine/record-set/date-hour-load-now", test_date_hour_load_now);
  g_test_add_func ("/engine/date/forms/night-hours", test_night_hours);
  g_test_add_func ("/engine/date-column/night-hours", test_night_hours_column);
  g_test_add_func ("/engine/date/forms/noon-hours", test_noon_hours);
  g_test_add_func ("/engine/date-column/numbers/unix-zeros", test_unix_zeros);
  g_test_add_func ("/engine/date-column/numbers/unix-minus-one", test_unix_minus_one);
  g_test_add_func ("/engine/date-column/bare-hours", test_bare_hours_column);
  g_test_add_func ("/engine/date-column/hour-alone", test_hour_alone_column);

  return g_test_run ();
}
