/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two exports put together with their headers (cat a.csv b.csv) hold the
 * header again as a line of data, which would be read as a record with
 * the id "id". The oracle is the file as written here: the load names
 * the line; a record whose values merely contain the names is read.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static void
test_repeated (void)
{
  static const char *const files[] = {
    "id,body,unit\n1,some words here,a\nid,body,unit\n2,other words there,b\n",
    /* The second export's byte order mark, inside the first's text. */
    "\xef\xbb\xbfid,body,unit\n1,some words here,a\n\xef\xbb\xbfid,body,unit\n2,other words there,b\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv (files[i], &error);

      g_assert_error (error, PR_CSV_ERROR, PR_CSV_ERROR_SYNTAX);
      g_assert_null (set);
      g_assert_nonnull (strstr (error->message, "line 3"));
      g_assert_nonnull (strstr (error->message, "header"));
    }
}

static void
test_names_as_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_test_load_id_body_csv ("id,body\n1,body\nid,the id body\n", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, 2);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/csv/repeated-header/refused", test_repeated);
  g_test_add_func ("/engine/csv/repeated-header/names-as-values", test_names_as_values);

  return g_test_run ();
}
