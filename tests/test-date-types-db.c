/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Dates as a real server's column types hold them, read by a scan:
 * DATETIME(6)'s fractions order two letters of one second. The oracle is
 * the instant each row was written with, by hand.
 */
#include "config.h"

#include <string.h>

#include "pr-scan-stored.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define RUN(...) pr_test_server_run_cli ("dtypes", __VA_ARGS__)
#define BODY "'小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运 夏天 蚊蝇'"

/* Two letters in the same second: the one written first, by its
 * fraction, is the primary, though its id is the larger. */
static void
test_fraction_orders (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "dtypes");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT, at DATETIME(6))");
  pr_test_execute (db, "INSERT INTO t VALUES (1, " BODY ", '2019-06-08 17:31:20.900000'), "
                       "(2, " BODY ", '2019-06-08 17:31:20.100000')");
  g_assert_cmpint (RUN (&out, &err, "scan", "--db", "URI", "--table", "t", "--id", "id", "--text", "body",
                        "--date", "at", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "* 2            2019-06-08 17:31 primary"));
  g_assert_nonnull (strstr (out, "  1            2019-06-08 17:31 d=0"));
}

/* The primary of the cluster holding record @id, by its id. */
static const char *
primary_of (PrScanResult *result,
            const char   *id)
{
  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);

      for (guint m = 0; m < cluster->n_members; m++)
        if (strcmp (result->set->ids->pdata[cluster->members[m]], id) == 0)
          return result->set->ids->pdata[cluster->members[0]];
    }
  return NULL;
}

/* A scan opened again from the store chooses the primary the scan chose:
 * the fraction is read again from the table, not lost with the store. */
static void
test_fraction_reopened (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "dtypes");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrMapping) map = pr_mapping_new ();
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL;
  g_autoptr(GError) error = NULL;
  PrLoadOptions load = { 0 };

  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT, at DATETIME(6))");
  pr_test_execute (db, "INSERT INTO t VALUES (1, " BODY ", '2019-06-08 17:31:20.900000'), "
                       "(2, " BODY ", '2019-06-08 17:31:20.000001'), (3, " BODY ", '2019-06-08 17:31:20.500000')");
  pr_mapping_add (map, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (map, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  pr_mapping_add (map, "at", PR_COLUMN_ROLE_DATE, 0, NULL);
  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.keep_labels = TRUE;
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  scanned = pr_scan_run (db, store, "t", NULL, map, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT, NULL, NULL, NULL,
                         &error);
  g_assert_no_error (error);
  g_assert_cmpstr (primary_of (scanned, "1"), ==, "2");
  opened = pr_scan_open_stored (db, store, "t", map, &load, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (primary_of (opened, "1"), ==, "2");
  g_assert_cmpstr (primary_of (opened, "3"), ==, "2");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/date-types/fraction-orders", test_fraction_orders);
  g_test_add_func ("/db/date-types/fraction-reopened", test_fraction_reopened);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
