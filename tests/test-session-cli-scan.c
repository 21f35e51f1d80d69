/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's scan and the command line's give the same clusters: the
 * bundled sample in a real sample server, scanned with one mapping by a
 * PrSession (as the mapping page's Scan does) and by
 * `petition-review-cli scan --out`, at two k, with the default second
 * stage. The oracle is the CLI's --out, read as sets of record ids.
 */
#include "config.h"

#include "pr-csv-reader.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-test-partition.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* The clusters of a scan's --out (cluster,id,…). */
static GHashTable *
cli_partition (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_autoptr(GHashTable) members = pr_test_clusters_new ();
  int cluster_field, id_field;

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  cluster_field = pr_csv_reader_find_field (reader, "cluster");
  id_field = pr_csv_reader_find_field (reader, "id");
  g_assert_cmpint (cluster_field, >=, 0);
  g_assert_cmpint (id_field, >=, 0);
  while (pr_csv_reader_next (reader, NULL, &error))
    pr_test_clusters_add (members, pr_csv_reader_get_field (reader, cluster_field, NULL),
                pr_csv_reader_get_field (reader, id_field, NULL));
  g_assert_no_error (error);
  return pr_test_partition_of (members, 2);
}

static void
scan_at (PrSession       *session,
         const PrMapping *mapping,
         guint            k)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = g_strdup_printf ("%s/clusters-%u.csv", sample->dir, k);
  g_autofree char *k_text = g_strdup_printf ("%u", k);
  g_autofree char *err = NULL;
  g_autoptr(GHashTable) app = NULL;
  g_autoptr(GHashTable) cli = NULL;
  const char *const args[] = {
    "scan", "--db", sample->uri, "--table", PR_SAMPLE_SERVER_TABLE, "--id", "id", "--short", "petitioner",
    "--text", "subject", "--text", "body", "--date", "submitted_at", "-k", k_text, "--out", out, NULL
  };

  pr_session_scan_async (session, PR_SAMPLE_SERVER_TABLE, mapping, k, NULL, NULL, NULL, pr_test_store_result,
                         &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_scan_finish (session, result, &error));
  g_assert_no_error (error);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
  app = pr_test_session_partition (session, 2);

  if (pr_test_run_cli (NULL, &err, args) != 0)
    g_error ("scan failed: %s", err);
  cli = cli_partition (out);

  g_test_message ("k = %u: the session clusters %u records, the CLI %u", k, g_hash_table_size (app),
                  g_hash_table_size (cli));
  g_assert_cmpuint (g_hash_table_size (cli), >, 0);
  g_assert_cmpuint (pr_test_partitions_differ (app, cli), ==, 0);
}

static void
test_same_clusters (void)
{
  g_autoptr(PrSession) session = pr_session_new ("甲");
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_object_set (session, "refresh-interval", 0, NULL);
  pr_session_connect_async (session, pr_sample_server_get_params (sample->server), NULL,
                            pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  g_assert_true (pr_session_connect_finish (session, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  /* The second stage on, as the window's setting is by default and the
   * CLI's scan is without --no-second-stage. */
  pr_session_set_second_stage (session, TRUE);
  scan_at (session, mapping, 3);
  scan_at (session, mapping, 6);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/app/session/same-clusters-as-cli", test_same_clusters);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
