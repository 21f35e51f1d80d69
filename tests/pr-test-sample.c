/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bundled sample (data/sample-petitions.csv of the checkout) in a
 * throwaway server, for the tests that run the command line against it:
 * started once per test program, in a temporary directory removed at the
 * end.
 */
#define G_LOG_DOMAIN "pr-test-sample"

#include "config.h"

#include <glib/gstdio.h>

#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

/**
 * pr_test_sample_start:
 *
 * Starts a server in a new temporary directory and loads the checkout's
 * sample into it (database petitions, table petitions); fails the test if
 * it cannot.
 *
 * Returns: (transfer full): the server, its directory and its URI; stop it
 *   with pr_test_sample_stop()
 */
PrTestSample *
pr_test_sample_start (void)
{
  PrTestSample *sample = g_new0 (PrTestSample, 1);
  g_autofree char *socket_escaped = NULL;

  sample->dir = pr_test_make_temp_dir ();
  sample->server = pr_test_start_sample_server (sample->dir);
  socket_escaped = g_uri_escape_string (pr_sample_server_get_socket (sample->server), NULL, FALSE);
  sample->uri = g_strdup_printf ("mariadb://%s@localhost/petitions?socket=%s", g_get_user_name (), socket_escaped);
  return sample;
}

/**
 * pr_test_sample_connect:
 * @sample: a started sample
 *
 * Returns: (transfer full): a connection to its database; fails the test if
 *   it cannot be opened
 */
PrConnection *
pr_test_sample_connect (PrTestSample *sample)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (sample->server);
  g_autoptr(GError) error = NULL;
  PrConnection *connection = pr_connection_open (params, &error);

  g_assert_no_error (error);
  return connection;
}

/**
 * pr_test_sample_stop:
 * @sample: (transfer full): a started sample
 *
 * Stops the server and removes its directory.
 */
void
pr_test_sample_stop (PrTestSample *sample)
{
  pr_sample_server_stop (sample->server, NULL);
  pr_sample_server_free (sample->server);
  pr_test_remove_tree (sample->dir);
  g_free (sample->dir);
  g_free (sample->uri);
  g_free (sample);
}

void
pr_test_scan_clear (PrTestScan *scan)
{
  g_clear_pointer (&scan->out, g_free);
  g_clear_pointer (&scan->pairs, g_free);
  g_clear_pointer (&scan->repeats, g_free);
  g_clear_pointer (&scan->err, g_free);
}

/**
 * pr_test_sample_scan:
 * @table: a table of the sample's database
 * @store: the store's schema
 * @more: (nullable) (array zero-terminated=1): more arguments
 * @result: given the scan's --out, --pairs, --new-repeats and standard error
 *
 * scan into @store with the sample's mapping (identity columns, date,
 * subject and body) and the second stage (the default); asserts it
 * succeeds.
 */
void
pr_test_sample_scan (PrTestSample      *sample,
                     const char        *table,
                     const char        *store,
                     const char *const *more,
                     PrTestScan        *result)
{
  g_autofree char *out = g_build_filename (sample->dir, "clusters.csv", NULL);
  g_autofree char *pairs = g_build_filename (sample->dir, "pairs.csv", NULL);
  g_autofree char *repeats = g_build_filename (sample->dir, "repeats.csv", NULL);
  const char *const args[] = { "scan", "--db", sample->uri, "--table", table, "--id", "id",
                               "--petitioner", "petitioner", "--name", "name", "--id-card", "id_card",
                               "--phone", "phone", "--date", "submitted_at", "--text", "subject",
                               "--text", "body", "--store", store, "--out", out, "--pairs", pairs,
                               "--new-repeats", repeats, NULL };
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  for (guint i = 0; more != NULL && more[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) more[i]);
  g_ptr_array_add (argv, NULL);

  pr_test_scan_clear (result);
  g_remove (out);
  g_remove (pairs);
  g_remove (repeats);
  g_assert_cmpint (pr_test_run_cli (NULL, &result->err, (const char *const *) argv->pdata), ==, 0);
  g_assert_true (g_file_get_contents (out, &result->out, NULL, NULL));
  g_assert_true (g_file_get_contents (pairs, &result->pairs, NULL, NULL));
  g_assert_true (g_file_get_contents (repeats, &result->repeats, NULL, NULL));
}

/* Drops and makes again the schema @store: an empty store. */
void
pr_test_fresh_store (PrConnection *connection,
                     const char   *store)
{
  g_autofree char *drop_store = g_strdup_printf ("DROP DATABASE IF EXISTS %s", store);
  g_autofree char *create_store = g_strdup_printf ("CREATE DATABASE %s", store);

  pr_test_execute (connection, drop_store);
  pr_test_execute (connection, create_store);
}

/**
 * pr_test_sample_copy:
 * @table: the copy's name
 * @store: a schema made empty for the store
 *
 * Returns: (transfer full): a connection to the sample's database, which
 *   now has @table, a copy of the sample's petitions
 */
PrConnection *
pr_test_sample_copy (PrTestSample *sample,
                     const char   *table,
                     const char   *store)
{
  PrConnection *db = pr_test_sample_connect (sample);
  g_autofree char *drop = g_strdup_printf ("DROP TABLE IF EXISTS %s", table);
  g_autofree char *create = g_strdup_printf ("CREATE TABLE %s LIKE petitions", table);
  g_autofree char *fill = g_strdup_printf ("INSERT INTO %s SELECT * FROM petitions", table);

  pr_test_execute (db, drop);
  pr_test_execute (db, create);
  pr_test_execute (db, fill);
  pr_test_fresh_store (db, store);
  return db;
}

/**
 * pr_test_sample_cli_mapping:
 *
 * The mapping a scan of the sample with `--id id --short petitioner --text
 * subject --text body --date submitted_at` means, with the weights those
 * flags give a short column and a text (PR_SHORT_DEFAULT_WEIGHT,
 * PR_TEXT_DEFAULT_WEIGHT), as the mapping page also offers them.
 *
 * Returns: (transfer full): the mapping
 */
PrMapping *
pr_test_sample_cli_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, PR_SHORT_DEFAULT_WEIGHT, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, PR_TEXT_DEFAULT_WEIGHT, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, PR_TEXT_DEFAULT_WEIGHT, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL));
  return mapping;
}
