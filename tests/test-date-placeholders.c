/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates that systems write for "no date" — 9999-12-31 (MariaDB's and many
 * systems' largest), 0001-01-01 (.NET's smallest), 1899-12-30 (Access's
 * zero), 1900-01-01 (SQL Server's and Excel's first day), the Unix epoch
 * (1970-01-01 08:00:00 on Beijing's clock) — are no
 * petition's date: read as dates, a 1900 record became its cluster's
 * primary and a 9999 one never could. They count as unreadable, named,
 * and said to be placeholders; the real dates beside them are read. The
 * oracle is the file as written here. pr_date_read () says so to every
 * reader of one date (a check's records, the mapping page's preview).
 */
#define G_LOG_DOMAIN "pr-test-date-placeholders"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static PrRecordSet *
load (const char *csv,
      GError    **error)
{
  return pr_test_load_id_body_csv_full (csv, "received", PR_COLUMN_ROLE_DATE, FALSE, error);
}

/* Four records, the second dated @date, the others real dates. */
static PrRecordSet *
load_second (const char *date,
             GError    **error)
{
  g_autofree char *csv = g_strdup_printf ("id,body,received\n1,some words here,2019-06-08\n"
                                          "2,other words there,%s\n3,more words,2019-06-09 10:00\n"
                                          "4,still more words,2019-06-10\n", date);

  return load (csv, error);
}

static void
test_placeholders_unread (void)
{
  static const char *const placeholders[] = {
    "9999-12-31", "9999-12-31 23:59:59", "0001-01-01", "0001-01-01 00:00:00", "1899-12-30", "1900-01-01 00:00:00",
    "0019-06-08", "2999-12-31", "0000-00-00", "0000-00-00 00:00:00",
  };

  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = load_second (placeholders[i], &error);
      g_autoptr(GDateTime) first = g_date_time_new_utc (2019, 6, 8, 0, 0, 0);

      g_test_message ("%s", placeholders[i]);
      g_assert_no_error (error);
      g_assert_cmpuint (set->n_records, ==, 4);
      g_assert_cmpint (set->dates[0], ==, g_date_time_to_unix (first));
      g_assert_cmpint (set->dates[1], ==, PR_DATE_NONE);
      g_assert_cmpuint (set->n_unreadable_dates, ==, 1);
      g_assert_cmpstr (set->unreadable_date_ids->pdata[0], ==, "2");
      g_assert_cmpuint (set->n_placeholder_dates, ==, 1);
    }
}

/* Every reader of a single date (a check's records, the mapping page's
 * preview) is told the same by pr_date_read (). */
static void
test_read_status (void)
{
  static const char *const placeholders[] = { "9999-12-31", "０００１－０１－０１", "1899年12月30日", "1900/01/01 00:00",
                                              "0000-00-00 00:00:00", "31/12/9999" };
  gint64 seconds;
  int offset;

  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    g_assert_cmpint (pr_date_read (placeholders[i], PR_DATE_ORDER_DMY, &seconds, &offset), ==, PR_DATE_PLACEHOLDER);
  g_assert_false (pr_date_parse ("9999-12-31", &seconds));
  g_assert_cmpint (pr_date_read ("0000-00-01", PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_UNREADABLE);
  g_assert_cmpint (pr_date_read ("2199-12-31", PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_OK);
}

/* The years a petition may have are kept, to the edges. */
static void
test_edges_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load ("id,body,received\n1,some words here,1901-01-01\n"
                                     "2,other words there,2199-12-31 23:59\n3,more words,1970-01-01 08:00:01\n",
                                     &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_unreadable_dates, ==, 0);
  g_assert_cmpint (set->dates[0], !=, PR_DATE_NONE);
  g_assert_cmpint (set->dates[1], !=, PR_DATE_NONE);
  g_assert_cmpint (set->dates[2], ==, 8 * 3600 + 1);   /* wall time, as seconds */
}

/* The Unix epoch written out (FROM_UNIXTIME (0) on Beijing's clock is
 * 1970-01-01 08:00:00; on UTC's, midnight), as the integer 0 it comes
 * from, is no date: read as one it was the earliest record of its
 * cluster, and so its primary, ahead of the real first letter. */
static void
test_unix_epoch (void)
{
  static const char *const epochs[] = {
    "1970-01-01 08:00:00", "1970-01-01 00:00:00", "1970-01-01", "1970-01-01 08:00:00.000000",
    "1970-01-01T00:00:00Z", "1970-01-01T08:00:00+08:00", "1969-12-31 23:59:59", "1970-01-01 07:59:59",
    "1970/1/1 8:00", "1970年1月1日",
  };

  for (guint i = 0; i < G_N_ELEMENTS (epochs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = load_second (epochs[i], &error);
      g_autofree guint32 *rank = NULL;
      gint64 seconds;
      int offset;

      g_test_message ("%s", epochs[i]);
      g_assert_no_error (error);
      g_assert_cmpint (set->dates[1], ==, PR_DATE_NONE);
      g_assert_cmpuint (set->n_placeholder_dates, ==, 1);
      rank = pr_record_set_rank (set);
      g_assert_cmpuint (rank[0], <, rank[1]);
      g_assert_cmpint (pr_date_read (epochs[i], PR_DATE_ORDER_YMD, &seconds, &offset), ==, PR_DATE_PLACEHOLDER);
    }
}

/* A column of placeholders alone is refused as mostly unreadable, naming
 * them. */
static void
test_all_placeholders_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load ("id,body,received\n1,some words here,9999-12-31\n"
                                     "2,other words there,9999-12-31\n3,more words,2019-06-08\n", &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“9999-12-31”"));
  g_assert_nonnull (strstr (error->message, "placeholder"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/date-placeholders/unread", test_placeholders_unread);
  g_test_add_func ("/engine/date-placeholders/edges-read", test_edges_read);
  g_test_add_func ("/engine/date-placeholders/read-status", test_read_status);
  g_test_add_func ("/engine/date-placeholders/unix-epoch", test_unix_epoch);
  g_test_add_func ("/engine/date-placeholders/all-refused", test_all_placeholders_refused);
  return g_test_run ();
}
