/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A header whose other column's name reads as a mapped one (body and Body,
 * ｂｏｄｙ, “body ”) leaves it unsaid which to read: refused, naming both;
 * a mapped name the header has only in another case, width or spacing is
 * named with the header's spelling rather than "not in the header" alone.
 * A byte order mark at the start of a line after the first (files put
 * together) is refused, naming the line, rather than kept, invisible, in
 * the id; one at the file's start is skipped. The oracle is the file as
 * written here.
 */
#define G_LOG_DOMAIN "pr-test-csv-names-and-marks"

#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static void
assert_refused (const char *csv,
                GQuark      domain,
                const char *first,
                const char *second)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (csv, &error);

  g_assert_null (set);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == domain);
  g_assert_nonnull (strstr (error->message, first));
  g_assert_nonnull (strstr (error->message, second));
}

static void
test_names_read_as_one (void)
{
  assert_refused ("id,Body,body\n1,a,some words here\n", PR_CSV_ERROR, "“Body” (column 2)", "“body” (column 3)");
  assert_refused ("id,body,ＢＯＤＹ\n1,some words here,a\n", PR_CSV_ERROR, "“ＢＯＤＹ” (column 3)", "(column 2)");
  assert_refused ("id,body, body\n1,some words here,a\n", PR_CSV_ERROR, "“ body” (column 3)", "(column 2)");
  assert_refused ("ID,id,body\n1,2,some words here\n", PR_CSV_ERROR, "“ID” (column 1)", "“id” (column 2)");
}

static void
test_name_near (void)
{
  assert_refused ("id,Body\n1,some words here\n", PR_MAPPING_ERROR, "“body”", "column 2 is “Body”");
  assert_refused ("id ,body\n1,some words here\n", PR_MAPPING_ERROR, "“id”", "column 1 is “id ”");
  assert_refused ("id,ｂｏｄｙ\n1,some words here\n", PR_MAPPING_ERROR, "“body”", "column 2 is “ｂｏｄｙ”");
}

static void
test_mark_inside (void)
{
  assert_refused ("id,body\n1,some words here\n\xef\xbb\xbf" "50,other words there\n", PR_CSV_ERROR, "line 3",
                  "byte order mark");
  assert_refused ("\xef\xbb\xbf" "id,body\n1,some words here\n\xef\xbb\xbf" "id,body\n2,more words\n", PR_CSV_ERROR,
                  "line 3", "byte order mark");
}

static void
test_mark_at_start (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set =
    pr_test_load_id_body_csv ("\xef\xbb\xbf" "id,body\n50,some words here\n51,other \xef\xbb\xbf words\n", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 2);
  g_assert_cmpstr (set->ids->pdata[0], ==, "50");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv-reader/header-names/read-as-one", test_names_read_as_one);
  g_test_add_func ("/engine/csv-reader/header-names/near", test_name_near);
  g_test_add_func ("/engine/csv-reader/byte-order-mark/inside", test_mark_inside);
  g_test_add_func ("/engine/csv-reader/byte-order-mark/at-start", test_mark_at_start);

  return g_test_run ();
}
