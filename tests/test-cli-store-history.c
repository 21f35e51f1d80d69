/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A table's history in the store across what an office does to the table,
 * against a real, throwaway MariaDB server: a rescan with another k says
 * that case numbers change and points to thresholds; a renamed table is
 * not begun afresh silently, and move-history carries its history (case
 * numbers, stored fingerprints) to the new name.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *server;
static char *dir;

/* Scans @table with the store; the exit status, stderr in @err and the
 * clusters' CSV in @clusters (each optional). */
static int
scan (const char  *table,
      const char  *k,
      const char  *extra,
      char       **err,
      char       **clusters)
{
  g_autofree char *path = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *local_err = NULL;
  int status;

  g_remove (path);
  status = pr_test_server_run_cli ("history", NULL, &local_err, "scan", "--db", "URI", "--table", table,
                                   "--id", "id", "--text", "body", "--k", k, "--store", "histstore",
                                   "--out", path, extra, NULL);
  if (clusters != NULL)
    g_file_get_contents (path, clusters, NULL, NULL);
  if (err != NULL)
    *err = g_steal_pointer (&local_err);
  return status;
}

static void
make_table (PrConnection *db)
{
  g_autofree char *one = pr_test_petition_body (1);
  g_autofree char *two = pr_test_petition_body (2);

  pr_test_execute (db, "DROP DATABASE IF EXISTS histstore");
  pr_test_execute (db, "CREATE DATABASE histstore");
  pr_test_execute (db, "CREATE TABLE t (id INT PRIMARY KEY, body TEXT) DEFAULT CHARSET=utf8mb4");
  pr_test_add_petitions (db, "t", 1, 20, 1);
  pr_test_add_petition (db, "t", 101, one);
  pr_test_add_petition (db, "t", 102, two);
}

static void
test_other_k_said (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "history");
  g_autofree char *err = NULL;

  make_table (db);
  g_assert_cmpint (scan ("t", "3", NULL, NULL, NULL), ==, 0);
  g_assert_cmpint (scan ("t", "3", NULL, &err, NULL), ==, 0);
  g_assert_null (strstr (err, "Note: the last scan"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan ("t", "6", NULL, &err, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Note: the last scan of “t” with this store used k = 3, this one k = 6"));
  g_assert_nonnull (strstr (err, "petition-review-cli thresholds"));
}

static void
test_renamed_table (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "history");
  g_autofree char *err = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *scans = NULL;

  make_table (db);
  g_assert_cmpint (scan ("t", "3", NULL, NULL, &before), ==, 0);
  g_assert_nonnull (strstr (before, ",101,"));
  pr_test_execute (db, "RENAME TABLE t TO t2");

  /* Refused, naming the old table and the command; nothing stored. */
  g_assert_cmpint (scan ("t2", "3", NULL, &err, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "22 of the 22 records it keeps of “t”"));
  g_assert_nonnull (strstr (err, "move-history --db … --store … --from t --table t2"));
  g_assert_nonnull (strstr (err, "--new-history"));
  scans = pr_test_query_value (db, "SELECT COUNT(*) FROM histstore.pr_scans WHERE source_table = 't2' "
                                   "AND status = 'complete'");
  g_assert_cmpstr (scans, ==, "0");

  /* From a table still there: refused. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("history", NULL, &err, "move-history", "--db", "URI", "--store", "histstore",
                                           "--from", "t2", "--table", "t2", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "is still in the database"));

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_server_run_cli ("history", NULL, &err, "move-history", "--db", "URI", "--store", "histstore",
                                           "--from", "t", "--table", "t2", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Moved the history of “t” to “t2”"));

  /* The history goes on: nothing new, the same cases. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan ("t2", "3", NULL, &err, &after), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 22 unchanged records"));
  g_assert_cmpstr (after, ==, before);

  /* Begun afresh on purpose. */
  pr_test_execute (db, "RENAME TABLE t2 TO t3");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan ("t3", "3", NULL, &err, NULL), ==, 1);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (scan ("t3", "3", "--new-history", &err, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "Stored: 22 new"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/scan/store-other-k-said", test_other_k_said);
  g_test_add_func ("/cli/scan/store-renamed-table", test_renamed_table);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  pr_test_server_stop ();
  return status;
}
