/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's date range at the edges of the dates read: the first day
 * of the Unix epoch, which a column's data counts as no date, is a day
 * like another when a reviewer types it; a day outside the years dates
 * are read in is refused saying so. Clusters are made by hand, their
 * dates the oracle. No display.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-date-range-filter.h"
#include "pr-date.h"

/* Seconds of a Beijing wall time read as UTC, as the scan keeps dates. */
static gint64
wall (int year, int month, int day, int hour)
{
  g_autoptr(GDateTime) dt = g_date_time_new_utc (year, month, day, hour, 0, 0);

  return g_date_time_to_unix (dt);
}

static void
test_epoch_day (void)
{
  static const struct {
    const char *from, *to;
  } ranges[] = {
    { "1970-01-01", "" },
    { "1970年1月1日", "1970-01-02" },
    { "", "1970-01-01" },
    { "1969-12-31", "1970-01-01" },
    { "1970-01-02", "2019-06-08" },
  };
  const gint64 dates[] = { wall (1969, 12, 31, 20), wall (1970, 1, 1, 10), wall (1970, 1, 2, 9),
                           wall (2019, 6, 8, 17), PR_DATE_NONE };
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(PrDateRangeFilter) filter = pr_date_range_filter_new ();

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    g_ptr_array_add (items, pr_cluster_item_new (i + 1, FALSE, "subject", dates[i]));

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    {
      g_autoptr(GError) error = NULL;
      /* The range's seconds by hand: the day's first second to the
       * second after the last day's last. */
      gint64 from = G_MININT64, until = G_MAXINT64;

      g_assert_true (pr_date_range_filter_set_texts (filter, ranges[r].from, ranges[r].to, &error));
      g_assert_no_error (error);
      if (strcmp (ranges[r].from, "1970-01-01") == 0 || strcmp (ranges[r].from, "1970年1月1日") == 0)
        from = wall (1970, 1, 1, 0);
      else if (strcmp (ranges[r].from, "1969-12-31") == 0)
        from = wall (1969, 12, 31, 0);
      else if (strcmp (ranges[r].from, "1970-01-02") == 0)
        from = wall (1970, 1, 2, 0);
      if (strcmp (ranges[r].to, "1970-01-01") == 0)
        until = wall (1970, 1, 2, 0);
      else if (strcmp (ranges[r].to, "1970-01-02") == 0)
        until = wall (1970, 1, 3, 0);
      else if (strcmp (ranges[r].to, "2019-06-08") == 0)
        until = wall (2019, 6, 9, 0);
      for (guint i = 0; i < items->len; i++)
        {
          gboolean expected = dates[i] != PR_DATE_NONE && dates[i] >= from && dates[i] < until;

          if (ranges[r].from[0] == '\0' && ranges[r].to[0] == '\0')
            expected = TRUE;
          g_assert_cmpint (gtk_filter_match (GTK_FILTER (filter), items->pdata[i]), ==, expected);
        }
    }
}

static void
test_outside_years (void)
{
  g_autoptr(PrDateRangeFilter) filter = pr_date_range_filter_new ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", wall (2019, 6, 8, 17));
  g_autoptr(GError) error = NULL;

  g_assert_false (pr_date_range_filter_set_texts (filter, "1900-01-01", "", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "1901 to 2199"));
  g_assert_false (gtk_filter_match (GTK_FILTER (filter), item));
  g_clear_error (&error);
  g_assert_false (pr_date_range_filter_set_texts (filter, "", "9999-12-31", &error));
  g_assert_nonnull (strstr (error->message, "last day “9999-12-31” is outside"));
}

int
main (int    argc,
      char **argv)
{
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/date-range-filter/epoch-day", test_epoch_day);
  g_test_add_func ("/app/date-range-filter/outside-years", test_outside_years);
  return g_test_run ();
}
