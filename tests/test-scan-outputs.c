/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a scan with --store reports is never lost: an output that cannot
 * be written (a missing folder, a full device, a scan killed while it
 * waits on its output) leaves the store as it was, so the next scan
 * reports the same new repeats; the new repeats of each complete scan
 * are kept and printed again by `repeats`. And new is new: a rescan with
 * another mapping still reports the new records' repeats, and counts the
 * records only fingerprinted again apart.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>

#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;
static char *dir;
static char *uri;

#define MAPPING "--id", "id", "--text", "body"

static char *
query (const char *sql)
{
  return pr_test_admin_query (admin, sql);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The rows after the header of a CSV, sorted, one string. */
static char *
csv_rows (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  guint n = g_strv_length (lines);

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (lines[0], ==, "id,existing_id,distance,kind");
  g_assert_cmpstr (lines[n - 1], ==, "");
  g_free (lines[n - 1]);
  lines[n - 1] = NULL;
  qsort (lines + 1, n - 2, sizeof (char *), compare_lines);
  return g_strjoinv (" ", lines + 1);
}

static char *
file_rows (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return csv_rows (text);
}

static char *
printed_repeats (const char *table,
                 const char *scan_id)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (pr_test_run_cli_va (&out, &err, "repeats", "--db", uri, "--table", table, "--store", "prstore",
                                       scan_id != NULL ? "--scan" : NULL, scan_id, NULL), ==, 0);
  return csv_rows (out);
}

static char *
complete_scans (void)
{
  return query ("SELECT COUNT(*) FROM prstore.pr_scans WHERE status = 'complete'");
}

/* A failed scan of src.petitions into @new_repeats (and @out): exit 1,
 * and no scan more complete than before. */
static void
assert_scan_fails (const char *out,
                   const char *new_repeats,
                   const char *says)
{
  g_autofree char *before = complete_scans ();
  g_autofree char *after = NULL, *err = NULL;

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "petitions", MAPPING,
                                       "--store", "prstore", "--out", out, "--new-repeats", new_repeats,
                                       NULL), ==, 1);
  g_assert_nonnull (strstr (err, says));
  after = complete_scans ();
  g_assert_cmpstr (after, ==, before);
}

/* The CLI's pid, once it waits to open the fifo @path for writing. */
static void
wait_blocked_on_fifo (GSubprocess *cli)
{
  g_autofree char *wchan_path = g_strdup_printf ("/proc/%s/wchan", g_subprocess_get_identifier (cli));

  for (guint i = 0; i < 12000; i++)
    {
      g_autofree char *wchan = NULL;

      if (g_file_get_contents (wchan_path, &wchan, NULL, NULL) && strstr (wchan, "wait_for_partner") != NULL)
        return;
      g_usleep (10 * 1000);
    }
  g_error ("the CLI never waited on its fifo");
}

static void
test_failed_outputs (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "repeats.csv", NULL);
  g_autofree char *good = g_build_filename (dir, "repeats.csv", NULL);
  g_autofree char *clusters = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *err = NULL, *rows = NULL, *printed = NULL, *last = NULL;
  const char *expected = "31,3,0, 32,7,0,";

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "petitions", MAPPING,
                                       "--store", "prstore", "--out", clusters, NULL), ==, 0);
  pr_test_execute (root, "INSERT INTO src.petitions SELECT 31, body FROM src.petitions WHERE id = 3");
  pr_test_execute (root, "INSERT INTO src.petitions SELECT 32, body FROM src.petitions WHERE id = 7");

  assert_scan_fails (clusters, missing, "no-such-folder");
  assert_scan_fails (clusters, "/dev/full", "/dev/full");
  assert_scan_fails (missing, good, "no-such-folder");

  /* Killed while it waits to write its new repeats. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  {
    g_autofree char *cli_path = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
    g_autofree char *before = complete_scans ();
    g_autofree char *after = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GSubprocess) cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error, cli_path, "scan",
                                                   "--db", uri, "--table", "petitions", MAPPING, "--store", "prstore",
                                                   "--out", clusters, "--new-repeats", fifo, NULL);

    g_assert_no_error (error);
    wait_blocked_on_fifo (cli);
    g_subprocess_send_signal (cli, SIGKILL);
    g_subprocess_wait (cli, NULL, &error);
    g_assert_no_error (error);
    after = complete_scans ();
    g_test_message ("complete scans before the kill %s, after %s", before, after);
  }

  /* Nothing was lost: the next scan reports them, and repeats prints them. */
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "petitions", MAPPING,
                                       "--store", "prstore", "--out", clusters, "--new-repeats", good, NULL), ==, 0);
  rows = file_rows (good);
  g_assert_cmpstr (rows, ==, expected);
  printed = printed_repeats ("petitions", NULL);
  g_assert_cmpstr (printed, ==, expected);
  last = query ("SELECT MAX(id) FROM prstore.pr_scans WHERE status = 'complete'");

  /* The next scan has none; the one before still has them. */
  g_clear_pointer (&rows, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "petitions", MAPPING,
                                       "--store", "prstore", "--out", clusters, "--new-repeats", good, NULL), ==, 0);
  rows = file_rows (good);
  g_assert_cmpstr (rows, ==, "");
  g_clear_pointer (&printed, g_free);
  printed = printed_repeats ("petitions", NULL);
  g_assert_cmpstr (printed, ==, "");
  g_clear_pointer (&printed, g_free);
  printed = printed_repeats ("petitions", last);
  g_assert_cmpstr (printed, ==, expected);

  /* --out, and a scan that is not a complete scan of the table. */
  {
    g_autofree char *out = NULL;

    g_clear_pointer (&rows, g_free);
    g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "repeats", "--db", uri, "--table", "petitions",
                                         "--store", "prstore", "--scan", last, "--out", good, NULL), ==, 0);
    rows = file_rows (good);
    g_assert_cmpstr (rows, ==, expected);
    g_assert_cmpint (pr_test_run_cli_va (&out, &err, "repeats", "--db", uri, "--table", "petitions",
                                         "--store", "prstore", "--scan", "1000", NULL), ==, 1);
    g_assert_nonnull (strstr (err, "1000"));
    g_assert_cmpint (pr_test_run_cli_va (&out, &err, "repeats", "--db", uri, "--table", "intake",
                                         "--store", "prstore", "--scan", last, NULL), ==, 1);
    /* The scan whose --new-repeats went to /dev/full failed: not a scan
     * whose repeats stand. */
    {
      g_autofree char *failed = query ("SELECT MIN(id) FROM prstore.pr_scans WHERE status = 'failed'");

      g_assert_cmpstr (failed, !=, NULL);
      g_assert_cmpint (pr_test_run_cli_va (&out, &err, "repeats", "--db", uri, "--table", "petitions",
                                           "--store", "prstore", "--scan", failed, NULL), ==, 1);
      g_assert_nonnull (strstr (err, "(failed)"));
    }
  }
}

/* A rescan with another mapping tells the new records from those only
 * fingerprinted again, and still reports the new ones' repeats. */
static void
test_new_is_new (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *repeats = g_build_filename (dir, "intake-repeats.csv", NULL);
  g_autofree char *err = NULL, *rows = NULL, *counts = NULL;

  pr_test_execute (root, "CREATE TABLE src.intake (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
  pr_test_add_petitions (root, "src.intake", 1, 30, 400);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "intake", MAPPING,
                                       "--store", "prstore", "--out", "/dev/null", NULL), ==, 0);

  /* The night's intake: two repeats and one new matter; record 11 edited
   * into a copy of 12. */
  pr_test_execute (root, "INSERT INTO src.intake SELECT 41, body FROM src.intake WHERE id = 5");
  pr_test_execute (root, "INSERT INTO src.intake SELECT 42, body FROM src.intake WHERE id = 9");
  pr_test_add_petitions (root, "src.intake", 43, 1, 999);
  pr_test_execute (root, "UPDATE src.intake SET body = (SELECT body FROM (SELECT body FROM src.intake "
                         "WHERE id = 12) AS t) WHERE id = 11");

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "intake", MAPPING,
                                       "--parts", "clauses", "--store", "prstore", "--out", "/dev/null",
                                       "--new-repeats", repeats, NULL), ==, 0);
  rows = file_rows (repeats);
  g_assert_cmpstr (rows, ==, "11,12,0, 41,5,0, 42,9,0,");
  counts = query ("SELECT CONCAT(records, ':', new_records, ':', changed_records, ':', refingerprinted_records) "
                  "FROM prstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "33:3:1:29");
  g_assert_nonnull (strstr (err, "Stored: 3 new, 1 changed and 0 unchanged records, 29 fingerprinted again"));
}

/* A rescan whose mapping reads another column: the stored content hashes
 * cover other columns, so no old record counts as changed, and only the
 * new records' repeats are reported. */
static void
test_new_columns (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *repeats = g_build_filename (dir, "columns-repeats.csv", NULL);
  g_autofree char *err = NULL, *rows = NULL, *counts = NULL;

  pr_test_execute (root, "CREATE TABLE src.columns (id INT PRIMARY KEY, body TEXT, subject TEXT NULL) "
                         "CHARSET utf8mb4");
  pr_test_add_petitions (root, "src.columns", 1, 30, 700);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "columns", MAPPING,
                                       "--store", "prstore", "--out", "/dev/null", NULL), ==, 0);

  pr_test_execute (root, "INSERT INTO src.columns (id, body) SELECT 41, body FROM src.columns WHERE id = 5");
  pr_test_add_petitions (root, "src.columns", 42, 1, 999);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--db", uri, "--table", "columns", MAPPING,
                                       "--text", "subject", "--store", "prstore", "--out", "/dev/null",
                                       "--new-repeats", repeats, NULL), ==, 0);
  rows = file_rows (repeats);
  g_assert_cmpstr (rows, ==, "41,5,0,");
  counts = query ("SELECT CONCAT(records, ':', new_records, ':', changed_records, ':', refingerprinted_records) "
                  "FROM prstore.pr_scans ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (counts, ==, "32:2:0:30");
  g_assert_nonnull (strstr (err, "Warning: 30 records were fingerprinted again under a mapping that reads other "
                                 "columns"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  admin = pr_test_server_start ();
  uri = pr_test_server_uri ("src", NULL);
  {
    g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);

    pr_test_execute (root, "CREATE DATABASE src");
    pr_test_execute (root, "CREATE DATABASE prstore");
    pr_test_execute (root, "CREATE TABLE src.petitions (id INT PRIMARY KEY, body TEXT) CHARSET utf8mb4");
    pr_test_add_petitions (root, "src.petitions", 1, 30, 500);
  }

  g_test_add_func ("/cli/scan/failed-outputs", test_failed_outputs);
  g_test_add_func ("/cli/scan/new-is-new", test_new_is_new);
  g_test_add_func ("/cli/scan/new-columns", test_new_columns);

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (dir);
  g_free (dir);
  g_free (uri);
  return status;
}
