/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two refusals of a date column that must fit what is wrong, read from a
 * file: years of the Republic of China without 民国 (113/03/05) are
 * named as such, with the way to write them, not offered a day-first or
 * month-first order that cannot read them; and an accepted column of
 * mostly unreadable dates is read on, counted, when bad rows are skipped,
 * as the date column is. The oracle is the file as written here.
 */
#define G_LOG_DOMAIN "pr-test-date-roc-accepted"

#include "config.h"

#include <string.h>

#include "pr-case-columns.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static PrRecordSet *
load (const char  *csv,
      const char  *date_column,
      PrColumnRole role,
      gboolean     skip_bad_rows,
      GError     **error)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .min_tokens = 1, .n_threads = 1, .skip_bad_rows = skip_bad_rows };
  PrRecordSet *set;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, date_column, role, 0, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, error);
  pr_test_remove_tree (dir);
  return set;
}

#define ROC_CSV "id,body,received\n1,some words here,113/03/05\n2,other words there,113/03/06\n" \
                "3,more words,113/04/01 10:00\n"

static void
test_roc_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (ROC_CSV, "received", PR_COLUMN_ROLE_DATE, FALSE, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“received”"));
  g_assert_nonnull (strstr (error->message, "“113/03/05”"));
  g_assert_nonnull (strstr (error->message, "民国"));
  g_assert_null (strstr (error->message, "--date-format"));
}

static void
test_roc_counted (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (ROC_CSV, "received", PR_COLUMN_ROLE_DATE, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_unreadable_dates, ==, 3);
  g_assert_cmpuint (set->n_roc_dates, ==, 3);
}

#define ACCEPTED_CSV "id,body,accepted_on\n1,some words here,Mar 5\n2,other words there,Mar 6\n" \
                     "3,more words,2024-03-07\n"

static void
test_accepted_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = load (ACCEPTED_CSV, "accepted_on", PR_COLUMN_ROLE_ACCEPTED, FALSE, &error);

  g_assert_null (set);
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_assert_nonnull (strstr (error->message, "“accepted_on”"));
}

static void
test_accepted_skipped (void)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *ids = NULL;  /* the set's */
  g_autoptr(PrRecordSet) set = load (ACCEPTED_CSV, "accepted_on", PR_COLUMN_ROLE_ACCEPTED, TRUE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  g_assert_cmpuint (set->n_records, ==, 3);
  g_assert_cmpuint (pr_case_columns_count_unreadable_accepted (set->cases, &ids), ==, 2);
  g_assert_cmpint (pr_case_columns_get_accepted (set->cases, 0), ==, PR_DATE_NONE);
  g_assert_cmpint (pr_case_columns_get_accepted (set->cases, 2), !=, PR_DATE_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/roc-without-prefix/refused", test_roc_refused);
  g_test_add_func ("/engine/date-column/roc-without-prefix/counted", test_roc_counted);
  g_test_add_func ("/engine/date-column/accepted/refused", test_accepted_refused);
  g_test_add_func ("/engine/date-column/accepted/skip-bad-rows", test_accepted_skipped);

  return g_test_run ();
}
