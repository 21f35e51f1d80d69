/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date order given (--date-format DMY or MDY) that a date contradicts
 * (06/13/2019 day-first has no month 13, but reads month-first) stops the
 * load, naming the date and the other order: the dates it did read would
 * have day and month swapped. A date neither order reads is counted as
 * unreadable, as before. The oracle is the dates as written here.
 */
#define G_LOG_DOMAIN "pr-test-date-order-contradicted"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-record-set.h"

static void
test_contradicted (void)
{
  static const struct { PrDateOrder order; const char *dates[2]; const char *flag; } cases[] = {
    { PR_DATE_ORDER_DMY, { "01/02/2019", "06/13/2019" }, "--date-format MDY" },
    { PR_DATE_ORDER_MDY, { "01/02/2019", "13/06/2019" }, "--date-format DMY" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PrDateColumn *column = pr_date_column_new ("date", cases[i].order, N_("line"));
      g_autoptr(GError) error = NULL;
      gint64 seconds;

      g_assert_true (pr_date_column_add (column, cases[i].dates[0], "a", 2, &seconds, &error));
      g_assert_no_error (error);
      g_assert_false (pr_date_column_add (column, cases[i].dates[1], "b", 3, &seconds, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_assert_nonnull (strstr (error->message, "line 3"));
      g_assert_nonnull (strstr (error->message, cases[i].dates[1]));
      g_assert_nonnull (strstr (error->message, cases[i].flag));
      pr_date_column_free (column);
    }
}

static void
test_neither_order (void)
{
  PrDateColumn *column = pr_date_column_new ("date", PR_DATE_ORDER_MDY, N_("line"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) unreadable = NULL;
  gint64 dates[2];
  guint64 n_unreadable = 0;

  g_assert_true (pr_date_column_add (column, "02/01/2019", "a", 2, &dates[0], &error));
  g_assert_true (pr_date_column_add (column, "31/02/2019", "b", 3, &dates[1], &error));
  g_assert_no_error (error);
  g_assert_true (pr_date_column_finish (column, dates, 2, &n_unreadable, &unreadable, &error));
  g_assert_cmpuint (n_unreadable, ==, 1);
  g_assert_cmpstr (unreadable->pdata[0], ==, "b");
  pr_date_column_free (column);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/order-contradicted/refused", test_contradicted);
  g_test_add_func ("/engine/date-column/order-contradicted/neither-order", test_neither_order);

  return g_test_run ();
}
