/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The open cases of more records than one statement can name, against a
 * real, throwaway MariaDB server: a server takes at most 65,535
 * placeholders in a statement, and an intake check of a campaign letter
 * can ask for the cases of more records than that.
 */
#include "config.h"

#include "pr-connection-private.h"
#include "pr-store-cases.h"
#include "pr-test-server.h"

#define N_ASKED 70000

static const PrConnectionParams *server;

static void
test_more_than_placeholders (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "open_cases_many");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) asked = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) found = NULL;
  const char *ids[] = { "r00001", "r66001", "r66002", "r69999", "r70000", NULL };
  const char *first[] = { "r00001", "r66001", NULL };
  const char *second[] = { "r69999", "r70000", NULL };
  PrCaseMembers clusters[] = {
    { 0, "r00001", first, 2 },
    { 0, "r69999", second, 2 },
  };
  guint64 values[G_N_ELEMENTS (ids) - 1] = { 1, 2, 3, 4, 5 };
  guint32 numbers[3] = { 0 };
  PrScanCases cases = { clusters, G_N_ELEMENTS (clusters), numbers };
  PrStoredCase *one;
  gint64 id;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  g_assert_true (pr_store_commit_scan (store, id, "t", 1, G_N_ELEMENTS (ids) - 1, (char *const *) ids,
                                       values, values, NULL, NULL, NULL, NULL, &cases, NULL, FALSE, &error));
  g_assert_no_error (error);

  /* r00001 first, r66001 and r69999 past the 65,535th placeholder,
   * r66002 in no case, the rest in no table. */
  for (guint i = 1; i <= N_ASKED; i++)
    g_ptr_array_add (asked, g_strdup_printf ("r%05u", i));
  found = pr_store_find_open_cases (store, "t", asked, &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpuint (g_hash_table_size (found), ==, 4);
  one = g_hash_table_lookup (found, "r00001");
  g_assert_nonnull (one);
  g_assert_cmpuint (one->number, ==, 1);
  g_assert_cmpstr (one->primary_id, ==, "r00001");
  one = g_hash_table_lookup (found, "r66001");
  g_assert_nonnull (one);
  g_assert_cmpuint (one->number, ==, 1);
  g_assert_cmpstr (one->primary_id, ==, "r00001");
  one = g_hash_table_lookup (found, "r69999");
  g_assert_nonnull (one);
  g_assert_cmpuint (one->number, ==, 2);
  g_assert_cmpstr (one->primary_id, ==, "r69999");
  g_assert_nonnull (g_hash_table_lookup (found, "r70000"));
  g_assert_null (g_hash_table_lookup (found, "r66002"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-open-cases/more-than-placeholders", test_more_than_placeholders);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
