/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Ids of white space alone, and ids that differ only in the white space
 * around them, are refused, naming the line; ids all written with the
 * same padding, and ids with white space inside, are read as written.
 * Refused too are ids that an office reads as one although their bytes
 * differ — a
 * zero-width space, full-width digits, an ideographic space, a DECIMAL's
 * zero fraction (1000.00 and 1000) — and a number id in Excel's
 * scientific notation (7.033E+03), whose lost digits could make two ids
 * one; so are number ids written two ways (07025 and 7025, +5, 1,000),
 * and Excel's ="0100" beside 0100, the same id. Ids that differ in what an office reads (1000.50 and
 * 1000), and ids all padded alike, are read as written. The oracle is the
 * file as written here.
 */
#define G_LOG_DOMAIN "pr-test-record-set-padded-ids"

#include "config.h"

#include <string.h>

#include "pr-record-set.h"
#include "pr-test-util.h"

static void
assert_refused (const char *csv,
                const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_test_message ("%s", error != NULL ? error->message : "read");
  g_assert_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_ID);
  g_assert_null (set);
  g_assert_nonnull (strstr (error->message, line));
}

static void
test_refused (void)
{
  static const struct { const char *csv, *line; } cases[] = {
    { "id,body\n1,some words here\n  ,other words there\n", "line 3" },
    { "id,body\n1,some words here\n\t,other words there\n", "line 3" },
    { "id,body\n1011,some words here\n1011 ,other words there\n", "line 3" },
    { "id,body\n 7,some words here\n2,more words\n7\t,other words there\n", "line 4" },
    { "id,body\nA7 ,some words here\n2,more words\nA7,other words there\n", "line 4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].csv, cases[i].line);
}

static void
test_read_as_written (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set =
    pr_test_load_id_body_csv ("id,body\n 1 ,some words here\n 2 ,other words there\nA 1,more words\n"
                              "AB100,yet more words\nab100,and the last words\n", &error);

  g_assert_no_error (error);
  /* AB100 and ab100 differ in case alone: two records, as the store
   * (utf8mb4_bin) keeps them. */
  g_assert_cmpuint (set->n_records, ==, 5);
  g_assert_cmpstr (set->ids->pdata[3], ==, "AB100");
  g_assert_cmpstr (set->ids->pdata[4], ==, "ab100");
  g_assert_cmpstr (set->ids->pdata[0], ==, " 1 ");
  g_assert_cmpstr (set->ids->pdata[2], ==, "A 1");
}

static void
test_invisible_refused (void)
{
  static const struct { const char *csv, *line; } cases[] = {
    { "id,body\n1011,some words here\n1011\xe2\x80\x8b,other words there\n", "line 3" },
    { "id,body\n\xe2\x80\x8b" "1011,some words here\n2,more words\n1011,other words there\n", "line 4" },
    { "id,body\n1011,some words here\n１０１１,other words there\n", "line 3" },
    { "id,body\n１０１１,some words here\n1011,other words there\n", "line 3" },
    { "id,body\n1000.00,some words here\n1000,other words there\n", "line 3" },
    { "id,body\n1000,some words here\n1000.0,other words there\n", "line 3" },
    { "id,body\n1000.00,some words here\n1000.0,other words there\n", "line 3" },
    { "id,body\nA7\xe3\x80\x80,some words here\nA7,other words there\n", "line 3" },
    { "id,body\nＡ７,some words here\nA7,other words there\n", "line 3" },
    { "id,body\n1,some words here\n\xe2\x80\x8b,other words there\n", "line 3" },
    { "id,body\n1,some words here\n\xe3\x80\x80\xef\xbb\xbf,other words there\n", "line 3" },
    { "id,body\n7033,some words here\n7.033E+03,other words there\n", "line 3" },
    { "id,body\n1.23457E+17,some words here\n2,other words there\n", "line 2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].csv, cases[i].line);
}

static void
test_invisible_read_as_written (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set =
    pr_test_load_id_body_csv ("id,body\n1000,some words here\n1000.50,other words there\n１０１２,more words\n0.00,again words\n"
          "1.2.0,last words\n", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 5);
  g_assert_cmpstr (set->ids->pdata[1], ==, "1000.50");
  g_assert_cmpstr (set->ids->pdata[2], ==, "１０１２");
}

/* A number id written two ways — 07025 and 7025 (one system pads its
 * codes, Excel drops the zeros), +5 and 5, 1,000 and 1000 — whichever
 * comes first, and Excel's ="0100" beside 0100; the message names the id
 * column. */
static void
test_number_refused (void)
{
  static const struct { const char *csv, *line, *what; } cases[] = {
    { "id,body\n07025,some words here\n7025,other words there\n", "line 3", "“07025”" },
    { "id,body\n7025,some words here\n2,more words\n07025,other words there\n", "line 4", "“07025”" },
    { "id,body\n007,some words here\n0007,other words there\n", "line 3", "“0007”" },
    { "id,body\n5,some words here\n+5,other words there\n", "line 3", "“+5”" },
    { "id,body\n\"1,000\",some words here\n1000,other words there\n", "line 3", "“1,000”" },
    { "id,body\n\"12,345,678\",some words here\n012345678,other words there\n", "line 3", "“12,345,678”" },
    /* Excel's ="0100" is read as 0100: the same id twice. */
    { "id,body\n\"=\"\"0100\"\"\",some words here\n0100,other words there\n", "line 3",
      "the id “0100” appears a second time" },
    { "id,body\n0100.00,some words here\n100,other words there\n", "line 3", "“0100.00”" },
    { "id,body\n1E+11,some words here\n2,other words there\n", "line 2", "scientific" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      assert_refused (cases[i].csv, cases[i].line);
      assert_refused (cases[i].csv, cases[i].what);
      assert_refused (cases[i].csv, "“id”");
    }
}

/* Ids all padded alike, and ids whose numbers differ, as written. */
static void
test_number_read_as_written (void)
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

  g_test_add_func ("/engine/record-set/padded-ids/refused", test_refused);
  g_test_add_func ("/engine/record-set/padded-ids/read-as-written", test_read_as_written);
  g_test_add_func ("/engine/record-set/invisible-ids/refused", test_invisible_refused);
  g_test_add_func ("/engine/record-set/invisible-ids/read-as-written", test_invisible_read_as_written);
  g_test_add_func ("/engine/record-set/number-ids/refused", test_number_refused);
  g_test_add_func ("/engine/record-set/number-ids/read-as-written", test_number_read_as_written);

  return g_test_run ();
}
