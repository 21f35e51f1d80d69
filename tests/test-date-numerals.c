/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates in Chinese numerals (二〇一九年六月八日) and with a year of the
 * Republic of China (民国108年) read as the same dates in Arabic digits
 * and the Common Era, which are the oracle; a two-digit year is refused at
 * its row; a column whose every date is an Excel day number or Unix time
 * is read as such (hand-computed), and one that mixes them with dates is
 * not.
 */
#define G_LOG_DOMAIN "pr-test-date-numerals"

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
test_chinese_numerals (void)
{
  static const char *const pairs[][2] = {
    { "二〇一九年六月八日", "2019年6月8日" },
    { "二零一九年十二月三十一日", "2019年12月31日" },
    { "二〇一九年十月二十日", "2019年10月20日" },
    { "二〇二〇年二月二十九日", "2020年2月29日" },
    { "2019年六月八号", "2019年6月8日" },
    { "二〇一九年六月八日下午三点半", "2019年6月8日下午3点半" },
    { "二〇一九年六月八日上午十点十五分", "2019年6月8日上午10点15分" },
    { "民国108年6月8日", "2019年6月8日" },
    { "民國一〇八年六月八日", "2019年6月8日" },
    { "中华民国108年6月8日 17:31", "2019年6月8日 17:31" },
    { "民国38年10月1日", "1949年10月1日" },
    /* 8 June 2019 was a Saturday (date -d 2019-06-08 +%A). */
    { "二〇一九年六月八日星期六", "2019年6月8日" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_cmpint (read_ok (pairs[i][0]), ==, read_ok (pairs[i][1]));
}

static void
test_not_dates (void)
{
  static const char *const texts[] = {
    "二〇一九年十三月八日", "二〇一九年二月三十日", "二〇十九年六月八日", "民国108/6/8", "民国年6月8日",
    "六月八日", "二〇一九年六月八日星期一",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", texts[i]);
      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

static void
test_short_year_refused (void)
{
  static const char *const short_years[] = { "19-06-08", "08/06/19", "8.6.19", "19年6月8日", "一九年六月八日",
                                             "08/06/19 17:31" };
  static const char *const others[] = { "2019-06-08", "June", "190608", "19-06-2008" };

  for (guint i = 0; i < G_N_ELEMENTS (short_years); i++)
    {
      g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_DMY, N_("line"));
      g_autoptr(GError) error = NULL;
      gint64 date;

      g_test_message ("%s", short_years[i]);
      g_assert_true (pr_date_has_short_year (short_years[i]));
      g_assert_true (pr_date_column_add (column, "2019-06-07", "1", 2, &date, &error));
      g_assert_false (pr_date_column_add (column, short_years[i], "2", 3, &date, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_assert_nonnull (strstr (error->message, "line 3"));
      g_assert_nonnull (strstr (error->message, "two-digit year"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    g_assert_false (pr_date_has_short_year (others[i]));
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
  g_assert_cmpuint (n_unreadable, ==, 0);
  g_assert_cmpuint (pr_date_column_get_n_from_numbers (column, kind), ==, n);
  return TRUE;
}

static void
test_numbers_column (void)
{
  /* 43624 is 2019-06-08 in Excel; 43624.75 its 18:00. 1559986280 is
   * 2019-06-08 09:31:20 UTC, 17:31:20 in Beijing. */
  static const char *const excel[] = { "43624", "43625", "43624.75" };
  static const char *const unix_s[] = { "1559986280", "1560000000" };
  static const char *const unix_ms[] = { "1559986280000", "1560000000999" };
  gint64 dates[3];
  PrDateNumbers kind;
  g_autoptr(GError) error = NULL;

  g_assert_true (read_column (excel, 3, dates, &kind, &error));
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_EXCEL);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08"));
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-09"));
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-08 18:00"));

  g_assert_true (read_column (unix_s, 2, dates, &kind, &error));
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_UNIX);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 17:31:20"));

  g_assert_true (read_column (unix_ms, 2, dates, &kind, &error));
  g_assert_cmpint (kind, ==, PR_DATE_NUMBERS_UNIX_MS);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 17:31:20"));
}

static void
test_mixed_numbers_not_read (void)
{
  /* Numbers among dates, or of two kinds: not read as dates, and most
   * unreadable is refused. */
  static const char *const texts[][3] = {
    { "43624", "1559986280", "43625" },
    { "43624", "43625", "2019-06-10" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
      g_autoptr(GPtrArray) unreadable = NULL;
      g_autoptr(GError) error = NULL;
      guint64 n_unreadable = 0;
      gint64 dates[3];

      for (guint j = 0; j < 3; j++)
        g_assert_true (pr_date_column_add (column, texts[i][j], "1", j + 2, &dates[j], NULL));
      g_assert_false (pr_date_column_finish (column, dates, 3, &n_unreadable, &unreadable, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_assert_cmpuint (pr_date_column_get_n_from_numbers (column, NULL), ==, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/numerals/chinese", test_chinese_numerals);
  g_test_add_func ("/engine/date/numerals/not-dates", test_not_dates);
  g_test_add_func ("/engine/date/numerals/short-year-refused", test_short_year_refused);
  g_test_add_func ("/engine/date-column/numbers/read", test_numbers_column);
  g_test_add_func ("/engine/date-column/numbers/mixed-not-read", test_mixed_numbers_not_read);

  return g_test_run ();
}
