/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates and hours as some systems write them: 上午/下午 after the time
 * (2019/6/8 5:31:20 下午, .NET's "tt" in zh-CN) read as the same time on a
 * 24-hour clock, the oracle; a column of 10-digit numbers that are all
 * YYYYMMDDHH and, as Unix seconds, after today (2019060817 would be
 * December 2033) read as date and hour, hand-computed; Unix seconds after
 * today among others refused rather than read as a date to come.
 */
#define G_LOG_DOMAIN "pr-test-date-hour-forms"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-record-set.h"

static gint64
read_ok (const char *text)
{
  gint64 seconds = 0;
  int offset;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_OK);
  return seconds;
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

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_cmpint (read_ok (pairs[i][0]), ==, read_ok (pairs[i][1]));
  for (guint i = 0; i < G_N_ELEMENTS (unreadable); i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", unreadable[i]);
      g_assert_cmpint (pr_date_read (unreadable[i], PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

static gboolean
read_column (const char *const *texts,
             gsize              n,
             gint64            *dates,
             PrDateNumbers     *kind,
             GError           **error)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  guint64 n_unreadable = 0;

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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/forms/day-part-after", test_day_part_after);
  g_test_add_func ("/engine/date-column/numbers/date-hour", test_date_hour_column);
  g_test_add_func ("/engine/date-column/numbers/future-unix-refused", test_future_unix_refused);

  return g_test_run ();
}
