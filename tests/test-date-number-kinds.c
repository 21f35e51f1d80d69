/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date column of numbers of two kinds (Unix seconds beside
 * milliseconds, Excel's day numbers beside seconds) is not guessed: the
 * load is refused, saying what the numbers are and what to write, not
 * offering a day-first or month-first order that would read none of
 * them. The oracle is the file as written here.
 */
#define G_LOG_DOMAIN "pr-test-date-number-kinds"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static void
test_two_kinds_refused (void)
{
  static const char *const columns[][3] = {
    { "1559986280000", "1559986281", "1560072680" },  /* milliseconds, seconds */
    { "43624", "1559986281", "1560072680" },          /* a day number, seconds */
    { "43624.5", "43625", "1560072680123" },          /* day numbers, milliseconds */
  };

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *csv = g_strdup_printf ("id,body,received\n1,some words here,%s\n2,other words there,%s\n"
                                              "3,more words,%s\n", columns[c][0], columns[c][1], columns[c][2]);
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv_full (csv, "received", PR_COLUMN_ROLE_DATE, FALSE,
                                                                  &error);

      g_assert_null (set);
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "numbers that read as dates of different kinds"));
      g_assert_nonnull (strstr (error->message, columns[c][0]));
      g_assert_null (strstr (error->message, "DMY"));
    }
}

/* Numbers of one kind stay read; text that is no date stays advised as before. */
static void
test_one_kind_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv_full ("id,body,received\n1,some words here,1559986280000\n"
                                                              "2,other words there,1559986281000\n",
                                                              "received", PR_COLUMN_ROLE_DATE, FALSE, &error);

  g_assert_no_error (error);
  /* 2019-06-08 09:31:20 UTC, on the office's clock. */
  g_assert_cmpint (set->dates[0], ==, 1559986280 + 8 * 3600);

  g_clear_pointer (&set, pr_record_set_free);
  set = pr_test_load_id_body_csv_full ("id,body,received\n1,some words here,unknown\n2,other words,later\n",
                                       "received", PR_COLUMN_ROLE_DATE, FALSE, &error);
  g_assert_null (set);
  g_assert_null (strstr (error->message, "different kinds"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-number-kinds/two-kinds-refused", test_two_kinds_refused);
  g_test_add_func ("/engine/date-number-kinds/one-kind-read", test_one_kind_read);
  return g_test_run ();
}
