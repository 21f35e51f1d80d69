/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A date column whose dates are mostly unreadable (more than half of the
 * non-empty ones) is refused, naming the column and a sample of its
 * values, unless bad rows are skipped, and names --skip-bad-rows only to a
 * caller that has it; a column with a few unreadable dates is read, with
 * them counted. The oracle is the columns as written.
 */
#define G_LOG_DOMAIN "pr-test-date-mostly-unreadable"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-date-column.h"
#include "pr-date.h"
#include "pr-record-set.h"

static gboolean
read_column (const char *const *texts,
             gsize              n,
             gboolean           allow,
             guint64           *n_unreadable,
             GError           **error)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new ("收信日期", PR_DATE_ORDER_UNSET, N_("line"));
  g_autoptr(GPtrArray) unreadable = NULL;
  g_autofree gint64 *dates = g_new0 (gint64, n);
  gboolean ok;

  pr_date_column_set_allow_unreadable (column, allow);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);

      g_assert_true (pr_date_column_add (column, texts[i], id, i + 2, &dates[i], NULL));
    }
  ok = pr_date_column_finish (column, dates, n, n_unreadable, &unreadable, error);
  return ok;
}

static void
test_refused (void)
{
  /* Three of four non-empty dates unreadable; blanks do not count. */
  static const char *const texts[] = { "Jun 8 2019", "", "8.June.2019", "2019-06-10", "June 11, 2019", "  " };
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  g_assert_false (read_column (texts, G_N_ELEMENTS (texts), FALSE, &n_unreadable, &error));
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "3 of the 4 dates"));
  g_assert_nonnull (strstr (error->message, "收信日期"));
  g_assert_nonnull (strstr (error->message, "“Jun 8 2019”"));
  g_assert_nonnull (strstr (error->message, "--date-format"));
  g_assert_nonnull (strstr (error->message, "--date"));
}

/* A column of one unreadable form repeats its values (the ROC dates of a
 * day's records): the examples named are different values. */
static void
test_examples_distinct (void)
{
  static const char *const texts[] = { "113.01.01", "113.01.01", "113.01.01", "113.01.02", "113.01.01", "113.01.03" };
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  g_assert_false (read_column (texts, G_N_ELEMENTS (texts), FALSE, &n_unreadable, &error));
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "(such as “113.01.01”, “113.01.02”, “113.01.03”)"));
}

static void
test_all_unreadable_refused (void)
{
  static const char *const texts[] = { "June", "July", "soon" };
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  g_assert_false (read_column (texts, G_N_ELEMENTS (texts), FALSE, &n_unreadable, &error));
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
}

static void
test_skipped_rows_read_on (void)
{
  static const char *const texts[] = { "Jun 8 2019", "8.June.2019", "2019-06-10", "June 11, 2019" };
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  g_assert_true (read_column (texts, G_N_ELEMENTS (texts), TRUE, &n_unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_unreadable, ==, 3);
}

static void
test_half_read (void)
{
  /* Half unreadable is not more than half: read, with two counted. */
  static const char *const texts[] = { "Jun 8 2019", "2019-06-09", "June 10", "2019-06-11" };
  g_autoptr(GError) error = NULL;
  guint64 n_unreadable = 0;

  g_assert_true (read_column (texts, G_N_ELEMENTS (texts), FALSE, &n_unreadable, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_unreadable, ==, 2);
}

/* The refusal names --skip-bad-rows only to a caller that has it: a
 * command without the flag is told what it can do. */
static void
test_skip_named_when_skippable (void)
{
  static const char *const texts[] = { "June", "July", "soon" };

  for (guint skippable = 0; skippable < 2; skippable++)
    {
      g_autoptr(PrDateColumn) column = pr_date_column_new ("收信日期", PR_DATE_ORDER_UNSET, N_("line"));
      g_autoptr(GPtrArray) unreadable = NULL;
      g_autoptr(GError) error = NULL;
      gint64 dates[G_N_ELEMENTS (texts)];
      guint64 n_unreadable = 0;

      pr_date_column_set_skippable (column, skippable);
      for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
        g_assert_true (pr_date_column_add (column, texts[i], "1", i + 2, &dates[i], NULL));
      g_assert_false (pr_date_column_finish (column, dates, G_N_ELEMENTS (texts), &n_unreadable, &unreadable, &error));
      g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "--date-format"));
      g_assert_true ((strstr (error->message, "--skip-bad-rows") != NULL) == skippable);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/date-column/mostly-unreadable/refused", test_refused);
  g_test_add_func ("/engine/date-column/mostly-unreadable/all-refused", test_all_unreadable_refused);
  g_test_add_func ("/engine/date-column/mostly-unreadable/examples-distinct", test_examples_distinct);
  g_test_add_func ("/engine/date-column/mostly-unreadable/skipped-rows-read-on", test_skipped_rows_read_on);
  g_test_add_func ("/engine/date-column/mostly-unreadable/half-read", test_half_read);
  g_test_add_func ("/engine/date-column/mostly-unreadable/skip-named-when-skippable", test_skip_named_when_skippable);

  return g_test_run ();
}
