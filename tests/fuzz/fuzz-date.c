/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the date parser (pr_date_read ()) on any text, with
 * each order: offsets and fractions, YYYYMMDDHHMMSS, AM/PM, 上午/下午…点,
 * day-first and month-first dates, full-width digits and signs, a weekday
 * at the end or before the time (星期六, 周六, 礼拜天), a zone in words
 * (北京时间, GMT+8, CST, Asia/Shanghai), a lunar note after the date
 * (（农历正月初一）), 二O二四 with the letter O, an hour alone.
 *
 * Besides not crashing or reading past the text, a date read must exist
 * (GDateTime takes it back), an offset must be within ±14:00, a date read
 * without an order must read the same with every order, and a date whose
 * year comes last is ambiguous without an order exactly when it reads with
 * DMY or MDY. A placeholder (9999-12-31, 0000-00-00) is one with every
 * order that reads it as a date at all. A fraction of the second is
 * within one, and only a date read has one.
 */

#include <string.h>

#include <glib.h>

#include "fuzz-common.h"
#include "pr-date.h"

static PrDateStatus
read_with (const char  *text,
           PrDateOrder  order,
           gint64      *seconds,
           int         *offset)
{
  PrDateStatus status = pr_date_read (text, order, seconds, offset);

  if (status == PR_DATE_OK)
    {
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (*seconds);

      g_assert_nonnull (dt);
      g_assert_true (*offset == PR_DATE_NO_OFFSET || (*offset >= -14 * 3600 && *offset <= 14 * 3600));
    }
  return status;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  /* NUL-terminated, as the readers hand fields over. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  gint64 unset = 0, ymd = 0, dmy = 0, mdy = 0;
  int unset_offset = 0, ymd_offset = 0, dmy_offset = 0, mdy_offset = 0;
  PrDateStatus s_unset = read_with (text, PR_DATE_ORDER_UNSET, &unset, &unset_offset);
  PrDateStatus s_ymd = read_with (text, PR_DATE_ORDER_YMD, &ymd, &ymd_offset);
  PrDateStatus s_dmy = read_with (text, PR_DATE_ORDER_DMY, &dmy, &dmy_offset);
  PrDateStatus s_mdy = read_with (text, PR_DATE_ORDER_MDY, &mdy, &mdy_offset);
  gint64 parsed = 0;

  g_assert_true (s_ymd != PR_DATE_AMBIGUOUS && s_dmy != PR_DATE_AMBIGUOUS && s_mdy != PR_DATE_AMBIGUOUS);
  if (s_unset == PR_DATE_OK)
    {
      g_assert_cmpint (s_ymd, ==, PR_DATE_OK);
      g_assert_cmpint (s_dmy, ==, PR_DATE_OK);
      g_assert_cmpint (s_mdy, ==, PR_DATE_OK);
      g_assert_cmpint (ymd, ==, unset);
      g_assert_cmpint (dmy, ==, unset);
      g_assert_cmpint (mdy, ==, unset);
      g_assert_cmpint (ymd_offset, ==, unset_offset);
    }
  else
    {
      g_assert_cmpint (s_ymd, !=, PR_DATE_OK);
      g_assert_cmpint (s_unset == PR_DATE_AMBIGUOUS, ==, s_dmy == PR_DATE_OK || s_mdy == PR_DATE_OK);
    }
  if (s_ymd == PR_DATE_PLACEHOLDER)
    g_assert_cmpint (s_unset, ==, PR_DATE_PLACEHOLDER);
  g_assert_cmpint (pr_date_parse (text, &parsed), ==, s_ymd == PR_DATE_OK);
  if (s_ymd == PR_DATE_OK)
    g_assert_cmpint (parsed, ==, ymd);

  for (PrDateOrder order = PR_DATE_ORDER_UNSET; order <= PR_DATE_ORDER_MDY; order++)
    {
      int micros = pr_date_microseconds (text, order);
      PrDateStatus status = order == PR_DATE_ORDER_UNSET ? s_unset : order == PR_DATE_ORDER_YMD ? s_ymd
                            : order == PR_DATE_ORDER_DMY ? s_dmy : s_mdy;

      g_assert_true (micros >= 0 && micros <= 999999);
      g_assert_true (micros == 0 || status == PR_DATE_OK);
    }
  return 0;
}
