/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates typed with a Chinese input method's full-width digits and signs
 * (２０１９年６月８日, ２０１９－０６－０８　１７：３１) read as the same
 * dates in ASCII, which are the oracle; other full-width text stays
 * unreadable.
 */
#define G_LOG_DOMAIN "pr-test-date-full-width"

#include "config.h"

#include "pr-date.h"

static void
test_same_as_ascii (void)
{
  static const char *const pairs[][2] = {
    { "２０１９年６月８日", "2019年6月8日" },
    { "２０１９－０６－０８", "2019-06-08" },
    { "２０１９／６／８　１７：３１", "2019/6/8 17:31" },
    { "２０１９０６０８", "20190608" },
    { "２０１９年６月８日下午３点", "2019年6月8日下午3点" },
    { "2019-06-08Ｔ17:31:20＋08:00", "2019-06-08T17:31:20+08:00" },
    { "０８／０６／２０１９", "08/06/2019" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    for (PrDateOrder order = PR_DATE_ORDER_UNSET; order <= PR_DATE_ORDER_MDY; order++)
      {
        gint64 wide = 0, ascii = 0;
        int wide_offset = 0, ascii_offset = 0;
        PrDateStatus wide_status = pr_date_read (pairs[i][0], order, &wide, &wide_offset);
        PrDateStatus ascii_status = pr_date_read (pairs[i][1], order, &ascii, &ascii_offset);

        g_test_message ("%s, order %d", pairs[i][0], order);
        g_assert_cmpint (wide_status, ==, ascii_status);
        if (ascii_status == PR_DATE_OK)
          {
            g_assert_cmpint (wide, ==, ascii);
            g_assert_cmpint (wide_offset, ==, ascii_offset);
          }
      }
  /* The ASCII side reads: the comparison is not of two failures. */
  {
    gint64 seconds;
    int offset;

    g_assert_cmpint (pr_date_read ("２０１９年６月８日", PR_DATE_ORDER_UNSET, &seconds, &offset), ==, PR_DATE_OK);
  }
}

static void
test_other_text_unreadable (void)
{
  static const char *const texts[] = { "ＡＢＣＤ", "２０１９年", "２０１９－１３－０１", "\xef\xbc" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      gint64 seconds;
      int offset;

      g_assert_cmpint (pr_date_read (texts[i], PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_UNREADABLE);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date/full-width/same-as-ascii", test_same_as_ascii);
  g_test_add_func ("/engine/date/full-width/other-text-unreadable", test_other_text_unreadable);

  return g_test_run ();
}
