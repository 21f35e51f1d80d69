/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "pr-date.h"

static void
test_formats (void)
{
  /* 2019-06-08 17:31:20 UTC is 1560015080 (date -u -d '2019-06-08 17:31:20' +%s). */
  static const struct { const char *text; gint64 seconds; } ok[] = {
    { "2019-06-08 17:31:20", 1560015080 },
    { "2019/6/8 17:31:20", 1560015080 },
    { "2019.06.08 17:31:20", 1560015080 },
    { "2019-06-08T17:31:20", 1560015080 },
    { "2019-06-08T17:31:20.250Z", 1560015080 },
    { "2019年6月8日 17:31:20", 1560015080 },
    { "2019年6月8日17时31分20秒", 1560015080 },
    { "  2019-06-08 17:31:20  ", 1560015080 },
    { "2019-06-08 17:31", 1560015060 },
    { "2019-06-08", 1559952000 },
    { "20190608", 1559952000 },
    { "2020/1/6 12:09:38", 1578312578 },
    { "2020-02-29", 1582934400 },
  };
  static const char *const bad[] = {
    "", "yesterday", "2019-13-01", "2019-02-30", "2019-06-08 25:00", "2019-06/08",
    "19-06-08", "2019-06-08 17:31:20 extra", "2019-6-8-", "2019年6-8日",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      gint64 seconds = 0;

      g_test_message ("%s", ok[i].text);
      g_assert_true (pr_date_parse (ok[i].text, &seconds));
      g_assert_cmpint (seconds, ==, ok[i].seconds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gint64 seconds = 0;

      g_test_message ("%s", bad[i]);
      g_assert_false (pr_date_parse (bad[i], &seconds));
    }
}

/* Back to text, in UTC, as the date was read: to the minute, or the day. */
static void
test_format (void)
{
  g_autofree char *minute = pr_date_format (1560015080);
  g_autofree char *day = pr_date_format_day (1560015080);
  g_autofree char *no_minute = pr_date_format (PR_DATE_NONE);
  g_autofree char *no_day = pr_date_format_day (PR_DATE_NONE);

  g_assert_cmpstr (minute, ==, "2019-06-08 17:31");
  g_assert_cmpstr (day, ==, "2019-06-08");
  g_assert_cmpstr (no_minute, ==, "—");
  g_assert_cmpstr (no_day, ==, "—");
}

static void
test_id_order (void)
{
  g_assert_cmpint (pr_id_compare ("9", "10"), <, 0);
  g_assert_cmpint (pr_id_compare ("007", "7"), ==, 0);
  g_assert_cmpint (pr_id_compare ("123456789012345678901", "99"), >, 0);
  g_assert_cmpint (pr_id_compare ("10", "fj2:1"), <, 0);
  g_assert_cmpint (pr_id_compare ("fj2:10", "fj2:9"), <, 0);
  g_assert_cmpint (pr_id_compare ("b", "a"), >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/formats", test_formats);
  g_test_add_func ("/engine/date/format", test_format);
  g_test_add_func ("/engine/date/id-order", test_id_order);

  return g_test_run ();
}
