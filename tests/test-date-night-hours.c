/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The evening and the night in Chinese dates: 晚上8点 is 20:00 and 夜里11点
 * 23:00, but 夜里2点 and 晚上1点 are the small hours after midnight, which
 * were read as 14:00 and 13:00 (and 晚上0点 as noon), putting a letter of
 * the night after one of the same morning. Which day such an hour is on
 * the text does not say (the night of the 8th is the morning of the 9th),
 * so they are unreadable, as 晚上12点 is: counted and named, never guessed.
 * Oracle: the hours as a clerk reads them, hand-written.
 */
#define G_LOG_DOMAIN "pr-test-date-night-hours"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"

static gint64
read_ok (const char *text)
{
  gint64 seconds = 0;
  int offset;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  return seconds;
}

static void
test_hours (void)
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

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_cmpint (read_ok (pairs[i][0]), ==, read_ok (pairs[i][1]));
  for (guint i = 0; i < G_N_ELEMENTS (unreadable); i++)
    {
      gint64 seconds;
      int offset;

      g_test_message ("%s", unreadable[i]);
      g_assert_cmpint (pr_date_read (unreadable[i], PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

/* In a column, such a date is counted and its record named. */
static void
test_column (void)
{
  static const char *const texts[] = { "2023年6月8日上午10点", "2023年6月8日夜里2点", "2023年6月9日晚上8点" };
  g_autoptr(PrDateColumn) column = pr_date_column_new ("收信时间", PR_DATE_ORDER_UNSET, N_("line"));
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/night-hours/hours", test_hours);
  g_test_add_func ("/engine/date-column/night-hours", test_column);

  return g_test_run ();
}
