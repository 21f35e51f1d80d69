/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date column whose every date gives one offset other than the office's
 * (an export in UTC, every date ending in Z) is put on the office's clock
 * (+08:00) as a column of several offsets is: read as written, a letter of
 * 07:00 in Beijing (23:00Z the day before) would count its periods from the
 * day before. A column of +08:00 dates alone stays as written. The oracle
 * is the same instants written as Beijing wall time without an offset.
 */
#define G_LOG_DOMAIN "pr-test-date-one-offset"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"

static gint64
naive (const char *text)
{
  gint64 seconds;
  int offset;

  g_assert_cmpint (pr_date_read (text, PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_OK);
  g_assert_cmpint (offset, ==, PR_DATE_NO_OFFSET);
  return seconds;
}

static void
read_column (const char *const *texts,
             gint64             *dates,
             gsize               n)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], &error));
      g_assert_no_error (error);
    }
  g_assert_true (pr_date_column_finish (column, dates, n, &n_unreadable, &unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_unreadable, ==, 0);
}

static void
test_utc_column (void)
{
  const char *const texts[] = { "2019-06-07T23:00:00Z", "2019-06-08T01:30:00Z", "2019-06-08T16:00:00Z" };
  const char *const beijing[] = { "2019-06-08 07:00:00", "2019-06-08 09:30:00", "2019-06-09 00:00:00" };
  gint64 dates[G_N_ELEMENTS (texts)];

  read_column (texts, dates, G_N_ELEMENTS (texts));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpint (dates[i], ==, naive (beijing[i]));
}

static void
test_other_zone_column (void)
{
  const char *const texts[] = { "2019-06-08T07:00:00+09:00", "2019-06-08T00:30:00+09:00" };
  const char *const beijing[] = { "2019-06-08 06:00:00", "2019-06-07 23:30:00" };
  gint64 dates[G_N_ELEMENTS (texts)];

  read_column (texts, dates, G_N_ELEMENTS (texts));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpint (dates[i], ==, naive (beijing[i]));
}

static void
test_office_column (void)
{
  const char *const texts[] = { "2019-06-08T07:00:00+08:00", "2019-06-08T23:30:00+08:00" };
  const char *const beijing[] = { "2019-06-08 07:00:00", "2019-06-08 23:30:00" };
  gint64 dates[G_N_ELEMENTS (texts)];

  read_column (texts, dates, G_N_ELEMENTS (texts));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpint (dates[i], ==, naive (beijing[i]));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/one-offset/utc", test_utc_column);
  g_test_add_func ("/engine/date-column/one-offset/other-zone", test_other_zone_column);
  g_test_add_func ("/engine/date-column/one-offset/office", test_office_column);

  return g_test_run ();
}
