/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date column whose dates give several offsets, or one other than the
 * office's (every date in UTC), is put on the office's clock (+08:00),
 * whose days the rules count, not on UTC's; a column whose
 * dates without an offset sit among +08:00 ones says how many it took as
 * +08:00. The oracle is the same wall times written without an offset.
 */
#define G_LOG_DOMAIN "pr-test-date-office-clock"

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
             gsize               n,
             guint64            *n_taken)
{
  PrDateColumn *column = pr_date_column_new ("date", PR_DATE_ORDER_YMD, N_("line"));
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
  *n_taken = pr_date_column_get_n_taken_as_office (column);
  pr_date_column_free (column);
}

/* A letter of 07:00 in Beijing came that day: on UTC's clock it would be
 * the day before, and a period counted from it one day short. */
static void
test_several_offsets (void)
{
  const char *const texts[] = { "2019-06-08T07:00:00+08:00", "2019-06-07T20:30:00-05:00", "2019-06-08T00:00:00Z" };
  const char *const beijing[] = { "2019-06-08 07:00:00", "2019-06-08 09:30:00", "2019-06-08 08:00:00" };
  gint64 dates[G_N_ELEMENTS (texts)];
  guint64 n_taken;

  read_column (texts, dates, G_N_ELEMENTS (texts), &n_taken);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpint (dates[i], ==, naive (beijing[i]));
  g_assert_cmpuint (n_taken, ==, 0);
}

static void
test_taken_as_office (void)
{
  const char *const texts[] = { "2019-06-08 07:00:00", "2019-06-09T07:00:00+08:00", "2019/6/10", "2019-06-11" };
  const char *const plain[] = { "2019-06-08 07:00:00", "2019-06-09 07:00:00", "2019-06-10", "2019-06-11" };
  gint64 dates[G_N_ELEMENTS (texts)];
  guint64 n_taken;

  read_column (texts, dates, G_N_ELEMENTS (texts), &n_taken);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_assert_cmpint (dates[i], ==, naive (plain[i]));
  g_assert_cmpuint (n_taken, ==, 3);

  /* No offset anywhere: the zone does not matter, and nothing is said. */
  read_column (plain, dates, G_N_ELEMENTS (plain), &n_taken);
  g_assert_cmpuint (n_taken, ==, 0);
}

/* Every date in UTC (or one other zone): instants too, put on the
 * office's clock, or a letter of 07:00 in Beijing (23:00Z the day
 * before) would count its periods from the day before. A column of
 * +08:00 dates alone stays as written. */
static void
test_one_other_offset (void)
{
  const char *const utc[] = { "2019-06-07T23:00:00Z", "2019-06-08T01:30:00Z", "2019-06-08T16:00:00Z" };
  const char *const utc_beijing[] = { "2019-06-08 07:00:00", "2019-06-08 09:30:00", "2019-06-09 00:00:00" };
  const char *const tokyo[] = { "2019-06-08T07:00:00+09:00", "2019-06-08T00:30:00+09:00" };
  const char *const tokyo_beijing[] = { "2019-06-08 06:00:00", "2019-06-07 23:30:00" };
  const char *const office[] = { "2019-06-08T07:00:00+08:00", "2019-06-08T23:30:00+08:00" };
  const char *const office_beijing[] = { "2019-06-08 07:00:00", "2019-06-08 23:30:00" };
  gint64 dates[3];
  guint64 n_taken;

  read_column (utc, dates, G_N_ELEMENTS (utc), &n_taken);
  for (guint i = 0; i < G_N_ELEMENTS (utc); i++)
    g_assert_cmpint (dates[i], ==, naive (utc_beijing[i]));
  read_column (tokyo, dates, G_N_ELEMENTS (tokyo), &n_taken);
  for (guint i = 0; i < G_N_ELEMENTS (tokyo); i++)
    g_assert_cmpint (dates[i], ==, naive (tokyo_beijing[i]));
  read_column (office, dates, G_N_ELEMENTS (office), &n_taken);
  for (guint i = 0; i < G_N_ELEMENTS (office); i++)
    g_assert_cmpint (dates[i], ==, naive (office_beijing[i]));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/office-clock/several-offsets", test_several_offsets);
  g_test_add_func ("/engine/date-column/office-clock/taken-as-office", test_taken_as_office);
  g_test_add_func ("/engine/date-column/office-clock/one-other-offset", test_one_other_offset);

  return g_test_run ();
}
