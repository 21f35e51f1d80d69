/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Which clock a date column keeps for the hours it writes without
 * 上午/下午 (AM/PM), when it writes them elsewhere (下午3点). An unmarked
 * hour 0 or 13 to 23 anywhere in the column shows a 24-hour clock: its
 * 3点 is 03:00. ISO 8601's T and offsets, and times with seconds after
 * colons (09:15:00, a system's stamp), are 24-hour by form: read as
 * written, and no evidence about the rest of the column. Only the hours
 * left (9点, 9:15) are refused, with a message that says to add the part
 * of the day. The oracle is each date's 24-hour form read alone.
 */
#define G_LOG_DOMAIN "pr-test-date-clock-evidence"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static gint64
read_ok (const char *text)
{
  gint64 seconds = 0;
  int offset;

  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_OK);
  return seconds;
}

/* Reads @texts as one column; @dates must hold one per text. Returns the
 * count of unreadable dates, or -1 if the column was refused (@error). */
static gint64
read_column (const char *const *texts,
             guint              n,
             gint64            *dates,
             guint64           *out_n_bare,
             GError           **error)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("收信时间", PR_DATE_ORDER_UNSET, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  guint64 n_unreadable = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("r%u", i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  if (!pr_date_column_finish (column, dates, n, &n_unreadable, &unreadable, error))
    return -1;
  if (out_n_bare != NULL)
    *out_n_bare = pr_date_column_get_n_bare_hours (column);
  return (gint64) n_unreadable;
}

/* 15点 or 0点半 unmarked: the column's unmarked hours are 24-hour. */
static void
test_24_hour_shown (void)
{
  static const char *const afternoon[] = { "2019年6月8日下午3点", "2019年6月9日15点", "2019年6月10日3点", "2019/06/11 9:15" };
  static const char *const midnight[] = { "2019年6月8日下午3点", "2019年6月9日0点半", "2019年6月10日9点" };
  gint64 dates[4];
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (read_column (afternoon, 4, dates, NULL, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 15:00"));
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-09 15:00"));
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-10 03:00"));
  g_assert_cmpint (dates[3], ==, read_ok ("2019-06-11 09:15"));

  g_assert_cmpint (read_column (midnight, 3, dates, NULL, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (dates[2], ==, read_ok ("2019-06-10 09:00"));
}

/* T, an offset and seconds after colons are 24-hour by form, never
 * refused; a T or offset form's 17:31 is no evidence for 9点 elsewhere. */
static void
test_24_hour_forms (void)
{
  static const char *const forms[] = {
    "2019年6月8日下午3点", "2019-06-08T05:31:20+08:00", "2019-06-08T05:31:20", "2019-06-08 05:31+08:00",
    "2019-06-08 09:15:00", "2019/6/8 9:15:00", "2019-06-09 10:00", "2019-06-09 11:00", "2019-06-09 下午4点",
    "2019-06-09 下午5点",
  };
  static const char *const as_written[] = {
    "2019-06-08 15:00", "2019-06-08 05:31:20", "2019-06-08 05:31:20", "2019-06-08 05:31",
    "2019-06-08 09:15", "2019-06-08 09:15",
  };
  static const char *const iso_no_evidence[] = {
    "2019年6月8日下午3点", "2019-06-08T17:31:20+08:00", "2019-06-08 17:31+08:00", "2019年6月9日9点",
  };
  gint64 dates[G_N_ELEMENTS (forms)];
  guint64 n_bare = 0;
  g_autoptr(GError) error = NULL;

  /* The minute forms without a day part are the ones refused. */
  g_assert_cmpint (read_column (forms, G_N_ELEMENTS (forms), dates, &n_bare, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (n_bare, ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (as_written); i++)
    g_assert_cmpint (dates[i], ==, read_ok (as_written[i]));
  g_assert_cmpint (dates[6], ==, PR_DATE_NONE);
  g_assert_cmpint (dates[7], ==, PR_DATE_NONE);

  g_assert_cmpint (read_column (iso_no_evidence, 4, dates, &n_bare, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (n_bare, ==, 1);
  g_assert_cmpint (dates[1], ==, read_ok ("2019-06-08 17:31:20"));
  g_assert_cmpint (dates[3], ==, PR_DATE_NONE);
}

/* A system's stamp (00:00:00, 15:00:00) and midnight on the dot (0点,
 * 00:00, the filler of a date without a time) say nothing of how the
 * column's people write: 9:15 among 下午 dates stays unreadable. */
static void
test_stamps_no_evidence (void)
{
  static const char *const fillers[][2] = {
    { "2019-06-20 00:00:00", "2019-06-20 00:00" },
    { "2019-06-11 15:00:00", "2019-06-11 15:00" },
    { "2019年6月12日0点", "2019-06-12 00:00" },
    { "2019-06-13 00:00", "2019-06-13 00:00" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (fillers); f++)
    {
      const char *texts[] = {
        "2019-06-08 下午3:30", "2019-06-08 9:15", "2019-06-09 下午4:00", "2019-06-10 下午5:00", fillers[f][0],
      };
      gint64 dates[5];
      guint64 n_bare = 0;
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (read_column (texts, 5, dates, &n_bare, &error), ==, 1);
      g_assert_no_error (error);
      g_assert_cmpuint (n_bare, ==, 1);
      g_assert_cmpint (dates[1], ==, PR_DATE_NONE);
      g_assert_cmpint (dates[0], ==, read_ok ("2019-06-08 15:30"));
      g_assert_cmpint (dates[4], ==, read_ok (fillers[f][1]));
    }
}

/* Mostly unmarked hours in a column that writes 下午: refused saying to
 * add it, not to give a date order. */
static void
test_refused_message (void)
{
  static const char *const texts[] = {
    "2019-06-08 9:15", "2019-06-09 10:00", "2019-06-10 11:00", "2019年6月12日下午3点",
  };
  gint64 dates[4];
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (read_column (texts, 4, dates, NULL, &error), ==, -1);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "3 of the 4 dates in column “收信时间”"));
  g_assert_nonnull (strstr (error->message, "has no 上午/下午 (AM/PM)"));
  g_assert_null (strstr (error->message, "--date-format"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/clock/24-hour-shown", test_24_hour_shown);
  g_test_add_func ("/engine/date-column/clock/24-hour-forms", test_24_hour_forms);
  g_test_add_func ("/engine/date-column/clock/stamps-no-evidence", test_stamps_no_evidence);
  g_test_add_func ("/engine/date-column/clock/refused-message", test_refused_message);

  return g_test_run ();
}
