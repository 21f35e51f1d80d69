/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Date forms of an office's records that read as the date they write: a
 * lunar note in brackets after the Gregorian date, Chinese numerals with
 * the letter O (or 〇, ○, 零) for zero, an hour without minutes, Unix
 * seconds with a fraction; and next to each, the wrong forms that stay
 * refused (a lunar date alone, with advice to give the Gregorian one).
 * The oracle is hand-computed: each date as if on UTC's clock
 * (date -u -d "2024-02-10" +%s is 1707523200).
 */
#define G_LOG_DOMAIN "pr-test-date-office-forms"

#include "config.h"

#include <string.h>

#include "pr-date-column.h"
#include "pr-date.h"

static void
assert_reads (const char *text,
              gint64      seconds)
{
  gint64 got = 0;
  int offset;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_UNSET, &got, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (got, ==, seconds);
  g_assert_cmpint (offset, ==, PR_DATE_NO_OFFSET);
}

static void
assert_refused (const char *const *texts,
                gsize              n)
{
  for (gsize i = 0; i < n; i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", texts[i]);
      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

static void
test_lunar_note (void)
{
  static const char *const wrong[] = {
    "2024-02-30（农历正月初一）", "2024-02-10（农历正月初一", "2024-02-10（农历正月初一）（农历正月初二）",
    "（农历正月初一）2024-02-10", "2024-02-10（正月初一）", "2024-02-10（农历正月（初一））",
    /* A note of no lunar day, or of the date's own numbers: the date
     * before it is the lunar one (正月初一 of 2024 was 10 February). */
    "2024年1月1日（农历）", "2024-01-01(阴历)", "2024-02-10（农历新年）", "2024年1月1日（农历正月初一）",
    "2024-12-30（农历腊月三十）",
  };
  static const char *const lunar[] = { "农历2024年正月初一", "2024年正月初一", "农历2024年1月1日",
                                       "2024年腊月三十" };

  assert_reads ("2024年2月10日（农历正月初一）", G_GINT64_CONSTANT (1707523200));
  /* 除夕 of 2024, 腊月三十, was 9 February. */
  assert_reads ("2024-02-09(农历腊月三十)", G_GINT64_CONSTANT (1707436800));
  assert_reads ("2024-02-10（农历甲辰年正月初一）", G_GINT64_CONSTANT (1707523200));
  /* 2 March 2025 was 二月初三: the numbers crossed, still two dates. */
  assert_reads ("2025-03-02（农历二月初三）", G_GINT64_CONSTANT (1740873600));
  assert_reads ("2024-02-29（农历正月二十）", G_GINT64_CONSTANT (1709164800));
  assert_reads ("2024-02-10 (農曆正月初一)", G_GINT64_CONSTANT (1707523200));
  assert_reads ("2024-02-10（阴历正月初一）", G_GINT64_CONSTANT (1707523200));
  assert_reads ("2024年2月10日（农历正月初一） 17:31", G_GINT64_CONSTANT (1707523200) + 17 * 3600 + 31 * 60);
  /* 10 February 2024 was a Saturday (date -d 2024-02-10 +%A). */
  assert_reads ("2024年2月10日（农历正月初一）星期六", G_GINT64_CONSTANT (1707523200));
  assert_refused (wrong, G_N_ELEMENTS (wrong));
  assert_refused (lunar, G_N_ELEMENTS (lunar));
  for (guint i = 0; i < G_N_ELEMENTS (lunar); i++)
    g_assert_cmpint (pr_date_doubt (lunar[i], PR_DATE_ORDER_UNSET), ==, PR_DATE_DOUBT_LUNAR);
  g_assert_cmpint (pr_date_doubt ("2024年2月30日", PR_DATE_ORDER_UNSET), ==, PR_DATE_DOUBT_NONE);
}

/* A column of lunar dates is refused saying to write the Gregorian ones. */
static void
test_lunar_column_advised (void)
{
  static const char *const texts[] = { "农历2024年正月初一", "农历2024年正月初二", "2024-02-12" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrDateColumn) column = pr_date_column_new ("received", PR_DATE_ORDER_UNSET, "row");
  gint64 dates[G_N_ELEMENTS (texts)];
  g_autoptr(GPtrArray) ids = NULL;
  guint64 n_unreadable;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_true (pr_date_column_add (column, texts[i], "r", i + 1, &dates[i], NULL));
  g_assert_cmpint (pr_date_column_get_n_doubts (column, PR_DATE_DOUBT_LUNAR), ==, 2);
  g_assert_false (pr_date_column_finish (column, dates, G_N_ELEMENTS (texts), &n_unreadable, &ids, &error));
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Gregorian"));
}

static void
test_numerals (void)
{
  static const char *const wrong[] = { "二O二四年二月三十日", "二O二四年十三月一日", "O二四年二月十日",
                                       "二O二四年二月十O日", "二〇二四年二月三十二日", "二O二四年二月O日" };

  assert_reads ("二O二四年二月十日", G_GINT64_CONSTANT (1707523200));
  assert_reads ("二o二四年二月十日", G_GINT64_CONSTANT (1707523200));
  assert_reads ("二〇二四年二月十日", G_GINT64_CONSTANT (1707523200));
  assert_reads ("二○二四年二月十日", G_GINT64_CONSTANT (1707523200));
  assert_reads ("二零二四年二月十日", G_GINT64_CONSTANT (1707523200));
  assert_reads ("二O二四年十一月二十一日", G_GINT64_CONSTANT (1732147200));
  assert_reads ("二O二四年十二月三十一日", G_GINT64_CONSTANT (1735603200));
  assert_reads ("二O二四年十月一日", G_GINT64_CONSTANT (1727740800));
  assert_reads ("二O二四年一月十一日", G_GINT64_CONSTANT (1704931200));
  assert_reads ("二O二四年一月二十日", G_GINT64_CONSTANT (1704931200) + 9 * 86400);
  assert_refused (wrong, G_N_ELEMENTS (wrong));
}

/* 2019-06-08 17:00 is 1560013200 as if on UTC's clock. */
static void
test_hour_alone (void)
{
  static const char *const at_17[] = { "2019-06-08 17时", "2019年6月8日17时", "2019-06-08 17点", "2019年6月8日下午5点",
                                       "2019-06-08 17", "2019-06-08T17", "2019/06/08 17", "2019-06-08 下午5点" };
  static const char *const wrong[] = { "2019-06-08 24", "2019-06-08 7", "2019年6月8日 17", "2019-06-08 17h",
                                       "２０１９－０６－０８　１７", "2019-06-08 170", "2019-06-08 08-12",
                                       "2019-06-08 下午17点" };
  gint64 seconds;
  int offset;

  for (guint i = 0; i < G_N_ELEMENTS (at_17); i++)
    assert_reads (at_17[i], G_GINT64_CONSTANT (1560013200));
  assert_reads ("2019-06-08 05", G_GINT64_CONSTANT (1559970000));
  g_assert_cmpint (pr_date_read ("2019-06-08T17+08:00", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (seconds, ==, G_GINT64_CONSTANT (1560013200));
  g_assert_cmpint (offset, ==, 8 * 3600);
  assert_refused (wrong, G_N_ELEMENTS (wrong));
}

static gint64 *
read_column (const char *const *texts,
             gsize              n,
             GError           **error)
{
  return pr_date_column_read_texts ("received", PR_DATE_ORDER_UNSET, PR_ADVICE_FLAGS, "row", texts, NULL, n, 0, error);
}

/* 1559986280 is 2019-06-08 09:31:20 UTC, stored on the office's clock
 * (+08:00) as Unix seconds without a fraction are. */
static void
test_epoch_fraction (void)
{
  static const char *const fractions[] = { "1559986280.123", "1559986281.9", "1559986282" };
  static const char *const fourteen[] = { "20190608173120", "20190608173121" };
  static const char *const wrong[] = { "1559986280.", "1559986280.12a", "1559986280.1.2" };
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *dates = read_column (fractions, G_N_ELEMENTS (fractions), &error);
  g_autofree gint64 *wall = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (dates[0], ==, G_GINT64_CONSTANT (1559986280) + 8 * 3600);
  g_assert_cmpint (dates[1], ==, G_GINT64_CONSTANT (1559986281) + 8 * 3600);
  g_assert_cmpint (dates[2], ==, G_GINT64_CONSTANT (1559986282) + 8 * 3600);

  /* 14 digits stay YYYYMMDDHHMMSS, 2019-06-08 17:31:20's wall time. */
  wall = read_column (fourteen, G_N_ELEMENTS (fourteen), &error);
  g_assert_no_error (error);
  g_assert_cmpint (wall[0], ==, G_GINT64_CONSTANT (1560015080));

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      const char *texts[] = { wrong[i], "1559986282", "1559986283" };
      g_autofree gint64 *got = read_column (texts, G_N_ELEMENTS (texts), &error);

      g_test_message ("%s", wrong[i]);
      g_assert_no_error (error);
      g_assert_cmpint (got[0], ==, PR_DATE_NONE);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-office-forms/lunar-note", test_lunar_note);
  g_test_add_func ("/engine/date-office-forms/lunar-column-advised", test_lunar_column_advised);
  g_test_add_func ("/engine/date-office-forms/numerals", test_numerals);
  g_test_add_func ("/engine/date-office-forms/hour-alone", test_hour_alone);
  g_test_add_func ("/engine/date-office-forms/epoch-fraction", test_epoch_fraction);
  return g_test_run ();
}
