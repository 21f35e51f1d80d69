/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan opened from the store leaves out as boilerplate the parts the
 * fresh scan left out (pr_scan_stored_part_pairs ()'s boilerplate), so
 * that "Why they match" gives a pair the same share of shared passages
 * either way. The oracle: the fresh scan's own boilerplate, on the bundled
 * sample, whose form phrases (请领导重视 …) more records hold than the cap.
 */
#include "config.h"

#include "pr-catalog.h"
#include "pr-scan-stored.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"

static int
compare_hashes (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static void
test_boilerplate_reopened (void)
{
  PrTestSample *sample = pr_test_sample_start ();
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) expected = NULL, pairs = NULL;
  g_autofree guint32 *group_of = NULL;
  PrLoadOptions load = { 0 };

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.keep_labels = TRUE;
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  columns = pr_catalog_list_columns (db, "petitions", &error);
  g_assert_no_error (error);
  mapping = pr_catalog_guess_mapping (columns);

  scanned = pr_scan_run (db, store, "petitions", NULL, mapping, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT,
                         NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  expected = g_array_copy (scanned->boilerplate);
  g_array_sort (expected, compare_hashes);
  /* Ascending already, as the explanation wants it. */
  g_assert_cmpmem (expected->data, expected->len * sizeof (guint64),
                   scanned->boilerplate->data, scanned->boilerplate->len * sizeof (guint64));
  /* Else the test could not tell. */
  g_assert_cmpuint (expected->len, >, 0);
  g_test_message ("%u parts left out as boilerplate by the fresh scan", expected->len);

  opened = pr_scan_open_stored (db, store, "petitions", mapping, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  /* Opened, before its passages are read: none known yet. */
  g_assert_cmpuint (opened->boilerplate->len, ==, 0);
  group_of = g_new (guint32, MAX (opened->set->n_records, 1));
  for (guint32 r = 0; r < opened->set->n_records; r++)
    group_of[r] = G_MAXUINT32;
  pairs = pr_scan_stored_part_pairs (store, "petitions", opened->mapping_version, opened->set, group_of,
                                     &PR_PART_MATCH_OPTIONS_DEFAULT, opened->boilerplate, &error);
  g_assert_no_error (error);

  /* The same hashes, ascending, as pr_explain_pair_full () wants them. */
  g_assert_cmpuint (opened->boilerplate->len, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_assert_cmpuint (g_array_index (opened->boilerplate, guint64, i), ==, g_array_index (expected, guint64, i));
      if (i > 0)
        g_assert_cmpuint (g_array_index (opened->boilerplate, guint64, i - 1), <,
                          g_array_index (opened->boilerplate, guint64, i));
    }

  pr_test_sample_stop (sample);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/scan-stored/boilerplate", test_boilerplate_reopened);

  return g_test_run ();
}
