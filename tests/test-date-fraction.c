/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two letters of one second: the one written first, by the fraction of
 * its second (a DATETIME(6) export's 17:31:20.250000, Unix time in
 * milliseconds), is its cluster's primary, whatever its id. The oracle is
 * the order of the instants as written here.
 */
#define G_LOG_DOMAIN "pr-test-date-fraction"

#include "config.h"

#include "pr-record-set.h"
#include "pr-test-util.h"

/* Whether record @first (0-based) ranks before @second for the primary. */
static gboolean
ranks_before (const char *csv,
              guint       first,
              guint       second)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv_full (csv, "received", PR_COLUMN_ROLE_DATE, FALSE, &error);
  g_autofree guint32 *rank = NULL;

  g_assert_no_error (error);
  rank = pr_record_set_rank (set);
  return rank[first] < rank[second];
}

static void
test_fraction_orders (void)
{
  static const struct { const char *later, *earlier; } pairs[] = {
    { "2019-06-08 17:31:20.900000", "2019-06-08 17:31:20.100000" },
    { "2019-06-08 17:31:20.25", "2019-06-08 17:31:20.125" },
    { "2019-06-08T17:31:20,5+08:00", "2019-06-08T17:31:20,4+08:00" },
    { "2019-06-08 17:31:20.000001", "2019-06-08 17:31:20" },
    { "２０１９－０６－０８　１７：３１：２０．９", "２０１９－０６－０８　１７：３１：２０．１" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autofree char *csv = g_strdup_printf ("id,body,received\n1,some words here,\"%s\"\n2,some words here,\"%s\"\n",
                                              pairs[i].later, pairs[i].earlier);

      g_test_message ("%s, %s", pairs[i].later, pairs[i].earlier);
      g_assert_true (ranks_before (csv, 1, 0));
    }
  /* The same instant: the lower id. */
  g_assert_true (ranks_before ("id,body,received\n1,some words,2019-06-08 17:31:20.5\n"
                               "2,some words,2019-06-08 17:31:20.500\n", 0, 1));
  /* A date without a fraction is no later than its second's start. */
  g_assert_true (ranks_before ("id,body,received\n1,some words,2019-06-08 17:31:21\n"
                               "2,some words,2019-06-08 17:31:20.999999\n", 1, 0));
}

/* Unix time in milliseconds: 1559986280100 is 100 ms into the second of
 * 1559986280900's. */
static void
test_milliseconds_order (void)
{
  g_assert_true (ranks_before ("id,body,received\n1,some words here,1559986280900\n"
                               "2,some words here,1559986280100\n3,some words here,1559986281000\n", 1, 0));
  g_assert_true (ranks_before ("id,body,received\n1,some words here,1559986280900\n"
                               "2,some words here,1559986280100\n3,some words here,1559986281000\n", 0, 2));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-fraction/orders", test_fraction_orders);
  g_test_add_func ("/engine/date-fraction/milliseconds", test_milliseconds_order);
  return g_test_run ();
}
