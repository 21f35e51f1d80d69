/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bundled sample (data/sample-petitions.csv of the checkout) in a
 * throwaway server, for the tests that run the command line against it:
 * started once per test program, in a temporary directory removed at the
 * end.
 */
#define G_LOG_DOMAIN "pr-test-sample"

#include "config.h"

#include "pr-test-sample.h"
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
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *socket_escaped = NULL;

  sample->dir = pr_test_make_temp_dir ();
  csv = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  sample->server = pr_sample_server_start (sample->dir, csv, NULL, &error);
  g_assert_no_error (error);
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
