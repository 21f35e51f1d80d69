/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A number id written two ways in one file — 07025 and 7025 (one system
 * pads its codes, Excel drops the zeros), +5 and 5, 1,000 and 1000,
 * Excel's ="0100" and 0100 — is one record to a reader, and two records
 * here would split its repeats: both are refused, naming the line and the
 * column, whichever comes first. Ids all padded alike are read as written,
 * and so are ids whose numbers differ (0100 and 1000, 1,000 and 1000.5).
 * An id Excel shows as 1E+11 (one digit kept of a long number) is refused
 * as 1.23457E+17 is. The oracle is the file as written here.
 */
#define G_LOG_DOMAIN "pr-test-record-set-number-ids"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static void
assert_refused (const char *csv,
                const char *line,
                const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_test_message ("%s", error != NULL ? error->message : "read");
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID);
  g_assert_null (set);
  g_assert_nonnull (strstr (error->message, line));
  g_assert_nonnull (strstr (error->message, "“id”"));
  g_assert_nonnull (strstr (error->message, what));
}

static void
test_refused (void)
{
  static const struct { const char *csv, *line, *what; } cases[] = {
    { "id,body\n07025,some words here\n7025,other words there\n", "line 3", "“07025”" },
    { "id,body\n7025,some words here\n2,more words\n07025,other words there\n", "line 4", "“07025”" },
    { "id,body\n007,some words here\n0007,other words there\n", "line 3", "“0007”" },
    { "id,body\n5,some words here\n+5,other words there\n", "line 3", "“+5”" },
    { "id,body\n\"1,000\",some words here\n1000,other words there\n", "line 3", "“1,000”" },
    { "id,body\n\"12,345,678\",some words here\n012345678,other words there\n", "line 3", "“12,345,678”" },
    { "id,body\n\"=\"\"0100\"\"\",some words here\n0100,other words there\n", "line 3", "“=\"0100\"”" },
    { "id,body\n0100.00,some words here\n100,other words there\n", "line 3", "“0100.00”" },
    { "id,body\n1E+11,some words here\n2,other words there\n", "line 2", "scientific" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].csv, cases[i].line, cases[i].what);
}

static void
test_read_as_written (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set =
    pr_test_load_id_body_csv ("id,body\n0100,some words here\n1000,other words there\n0,more words\n"
                              "\"1,000.5\",again words\n00A7,last words\nA7,extra words\n\"1,00\",odd words\n",
                              &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 7);
  g_assert_cmpstr (set->ids->pdata[0], ==, "0100");
  g_assert_cmpstr (set->ids->pdata[3], ==, "1,000.5");
  g_assert_cmpstr (set->ids->pdata[4], ==, "00A7");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/record-set/number-ids/refused", test_refused);
  g_test_add_func ("/engine/record-set/number-ids/read-as-written", test_read_as_written);

  return g_test_run ();
}
