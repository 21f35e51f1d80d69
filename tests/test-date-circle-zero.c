/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates as documents and Traditional Chinese systems write them: the
 * zero of a year in Chinese numerals typed as a circle (二○一九年, U+25CB,
 * as common as 〇), and the Traditional hour and day words (3點, 15時,
 * 8號). They were unreadable; they read as their Simplified forms do. The
 * oracle is the dates as written here, by hand.
 */
#define G_LOG_DOMAIN "pr-test-date-circle-zero"

#include "config.h"

#include "pr-date.h"

static void
assert_reads (const char *text,
              int         year,
              int         month,
              int         day,
              int         hour,
              int         minute)
{
  g_autoptr(GDateTime) expected = g_date_time_new_utc (year, month, day, hour, minute, 0);
  gint64 seconds = 0;
  int offset;

  g_test_message ("%s", text);
  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (seconds, ==, g_date_time_to_unix (expected));
}

static void
test_forms (void)
{
  assert_reads ("二○一九年六月八日", 2019, 6, 8, 0, 0);
  assert_reads ("二○二○年十月二十日", 2020, 10, 20, 0, 0);
  assert_reads ("民國108年6月8日下午3點", 2019, 6, 8, 15, 0);
  assert_reads ("2019年6月8日15時30分", 2019, 6, 8, 15, 30);
  assert_reads ("2019年6月8號", 2019, 6, 8, 0, 0);
  assert_reads ("2019年6月8日 上午9點半", 2019, 6, 8, 9, 30);
}

/* A circle elsewhere is no zero: the text stays unreadable. */
static void
test_circle_alone (void)
{
  gint64 seconds;
  int offset;

  g_assert_cmpint (pr_date_read ("○", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
  g_assert_cmpint (pr_date_read ("2019年6月8日○", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_UNREADABLE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-circle-zero/forms", test_forms);
  g_test_add_func ("/engine/date-circle-zero/circle-alone", test_circle_alone);
  return g_test_run ();
}
