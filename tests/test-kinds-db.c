/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kinds of repeat and the dispositions read from a real server's table
 * (DATE and DATETIME columns, NULLs): the same columns as from the CSV file
 * of the same rows; the case flags on a guessed mapping; and a case's state
 * moving on (办理中 to 已办结) is no edit of the record for a store: no
 * record counts as changed, no new repeat is reported, and the repeat's
 * disposition follows the new state.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "kinds-records.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;
static char *dir;
static char *uri;

#define CASE_FLAGS "--petitioner", "petitioner", "--category", "category", "--unit", "unit", \
                   "--status", "status", "--accepted", "accepted"
#define MAPPING "--id", "id", "--date", "date", "--text", "body", "--min-tokens", "1", CASE_FLAGS

static void
test_from_table (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL, *text = NULL;

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "cases", MAPPING,
                                       "--out", out, NULL), ==, 0);
  g_test_message ("%s", err);
  text = read_file (out);
  g_assert_cmpstr (text, ==, kinds_expected_clusters);
  g_assert_nonnull (strstr (err, "1 record has a state the rules do not know (“待结案”)"));
}

/* Without --text or --short the mapping is guessed; the case flags give
 * their columns the roles they name, and the guess shown says so: its
 * flags, given again, make the same scan. */
static void
test_guessed_mapping (void)
{
  g_autofree char *out = g_build_filename (dir, "guessed.csv", NULL);
  g_autofree char *again = g_build_filename (dir, "guessed-again.csv", NULL);
  g_autofree char *err = NULL, *text = NULL, *again_text = NULL;
  g_auto(GStrv) flags = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *guess;
  g_autofree char *line = NULL;

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "cases", "--min-tokens", "1",
                                       "--category", "category", "--unit", "unit", "--status", "status",
                                       "--accepted", "accepted", "--out", out, NULL), ==, 0);
  g_test_message ("%s", err);
  guess = strstr (err, "guessed from the table: ");
  g_assert_nonnull (guess);
  line = g_strndup (guess + strlen ("guessed from the table: "), strcspn (guess, "\n") - strlen ("guessed from the table: "));
  g_assert_nonnull (strstr (line, "--status status"));
  g_assert_nonnull (strstr (line, "--accepted accepted"));
  g_assert_nonnull (strstr (line, "--unit unit"));
  g_assert_nonnull (strstr (line, "--category category"));
  text = read_file (out);
  g_assert_true (g_str_has_prefix (text, kinds_expected_clusters_header));

  g_assert_true (g_shell_parse_argv (line, NULL, &flags, NULL));
  g_ptr_array_add (args, "scan");
  g_ptr_array_add (args, "--no-second-stage");
  g_ptr_array_add (args, "--db");
  g_ptr_array_add (args, uri);
  g_ptr_array_add (args, "--table");
  g_ptr_array_add (args, "cases");
  g_ptr_array_add (args, "--min-tokens");
  g_ptr_array_add (args, "1");
  g_ptr_array_add (args, "--out");
  g_ptr_array_add (args, again);
  for (guint i = 0; flags[i] != NULL; i++)
    g_ptr_array_add (args, flags[i]);
  g_ptr_array_add (args, NULL);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const *) args->pdata), ==, 0);
  again_text = read_file (again);
  g_assert_cmpstr (again_text, ==, text);

  g_clear_pointer (&err, g_free);
  /* The id column cannot be given another role by a case flag. */
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "cases", "--status", "id",
                                       "--out", out, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--status id: that column is the table's id"));
}

static void
test_state_moves_on (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *out = g_build_filename (dir, "stored.csv", NULL);
  g_autofree char *repeats = g_build_filename (dir, "new-repeats.csv", NULL);
  g_autofree char *err = NULL, *text = NULL, *repeats_text = NULL;

  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "cases", MAPPING,
                                       "--store", "prstore", "--out", out, NULL), ==, 0);
  text = read_file (out);
  g_assert_nonnull (strstr (text, "\r\n1,r2,r1,0,1,1,petitioner,repeat,remind,2026-05-01,r1,\r\n"));

  /* Case r1 is concluded: a repeat of it is a new case now. */
  pr_test_execute (root, "UPDATE src.cases SET status = '已办结', accepted = '2026-03-09' WHERE id = 'r1'");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&text, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "cases", MAPPING,
                                       "--store", "prstore", "--out", out, "--new-repeats", repeats, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 0 new, 0 changed and 9 unchanged records"));
  repeats_text = read_file (repeats);
  g_assert_cmpstr (repeats_text, ==, "id,existing_id,distance,kind\r\n");
  text = read_file (out);
  g_assert_nonnull (strstr (text, "\r\n1,r2,r1,0,1,1,petitioner,repeat,new-case,,r1,\r\n"));
  g_assert_nonnull (strstr (text, "\r\n1,r4,r1,0,1,1,petitioner,repeat,new-case,,r1,\r\n"));
}

/* Worked by hand from kinds-records.h: r1 stored first, then r2 to r5
 * come in. r3 went to another body three days after r1: a copy of one
 * letter, listed with its kind so that it is not taken for a repeat; r4
 * went to a third body three months later: a repeat; r5 is another
 * person's (distance 16, paired by the passages). */
static const char sent_expected_repeats[] =
  "id,existing_id,distance,kind\r\n"
  "r2,r1,0,repeat\r\n"
  "r3,r1,0,multi-send\r\n"
  "r4,r1,0,repeat\r\n"
  "r5,r1,16,same-matter\r\n";

static int
compare_lines (const void *a,
               const void *b)
{
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;

  /* The empty line after the last row's line end stays last. */
  if (*x == '\0' || *y == '\0')
    return (*x == '\0') - (*y == '\0');
  return strcmp (x, y);
}

/* The lines of a CSV text, its header first and the rows sorted. */
static char *
sorted_rows (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  guint n = g_strv_length (lines);

  if (n > 1)
    qsort (lines + 1, n - 1, sizeof (char *), compare_lines);
  return g_strjoinv ("\r\n", lines);
}

/* A copy of src.cases holding r1 alone, scanned into a new store. */
static void
scan_first (PrConnection *root,
            const char   *table,
            const char   *store)
{
  g_autofree char *sql = g_strdup_printf ("CREATE DATABASE %s", store);
  g_autofree char *out = g_build_filename (dir, "first.csv", NULL);
  g_autofree char *err = NULL;

  pr_test_execute (root, sql);
  g_free (sql);
  sql = g_strdup_printf ("CREATE TABLE src.%s LIKE src.cases", table);
  pr_test_execute (root, sql);
  g_free (sql);
  sql = g_strdup_printf ("INSERT INTO src.%s SELECT * FROM src.cases WHERE id = 'r1'", table);
  pr_test_execute (root, sql);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", table, MAPPING,
                                       "--store", store, "--out", out, NULL), ==, 0);
}

static void
test_new_repeats_kinds (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *repeats = g_build_filename (dir, "sent-repeats.csv", NULL);
  g_autofree char *listed = g_build_filename (dir, "sent-listed.csv", NULL);
  g_autofree char *err = NULL, *text = NULL, *sorted = NULL, *listed_text = NULL;

  scan_first (root, "sent", "kindstore");
  pr_test_execute (root, "INSERT INTO src.sent SELECT * FROM src.cases WHERE id IN ('r2', 'r3', 'r4', 'r5')");
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "scan", "--no-second-stage", "--db", uri, "--table", "sent", MAPPING,
                                       "--store", "kindstore", "--new-repeats", repeats, NULL), ==, 0);
  g_test_message ("%s", err);
  text = read_file (repeats);
  sorted = sorted_rows (text);
  g_assert_cmpstr (sorted, ==, sent_expected_repeats);

  /* The store keeps the kinds: repeats prints them again. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "repeats", "--db", uri, "--table", "sent",
                                       "--store", "kindstore", "--out", listed, NULL), ==, 0);
  listed_text = read_file (listed);
  g_assert_cmpstr (listed_text, ==, sent_expected_repeats);
}

/* A store of version 11 gains the repeats' kind column, as a new store
 * has it; a repeat kept before reads back with no kind, not with a
 * guessed one. */
static void
test_migrate_repeats (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autofree char *listed = g_build_filename (dir, "old-listed.csv", NULL);
  g_autofree char *err = NULL, *listed_text = NULL, *sql = NULL;
  g_autofree char *scan_id = NULL;

  scan_first (root, "old", "oldstore");
  pr_test_execute (root, "CREATE DATABASE newstore");
  /* Back to version 11's layout, with a repeat kept then. */
  pr_test_execute (root, "ALTER TABLE oldstore.pr_repeats DROP COLUMN kind");
  pr_test_execute (root, "UPDATE oldstore.pr_meta SET value = '11' WHERE name = 'schema_version'");
  scan_id = pr_test_query_value (root, "SELECT MAX(id) FROM oldstore.pr_scans");
  sql = g_strdup_printf ("INSERT INTO oldstore.pr_repeats (scan_id, record_id, existing_id, distance) "
                         "VALUES (%s, 'r2', 'r1', 0)", scan_id);
  pr_test_execute (root, sql);

  pr_test_assert_migrated (root, "oldstore", "newstore", "pr_repeats");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli_va (NULL, &err, "repeats", "--db", uri, "--table", "old",
                                       "--store", "oldstore", "--out", listed, NULL), ==, 0);
  g_test_message ("%s", err);
  listed_text = read_file (listed);
  g_assert_cmpstr (listed_text, ==, "id,existing_id,distance,kind\r\nr2,r1,0,\r\n");
}

/* The CSV file's rows into src.cases, an empty value as NULL. */
static void
add_rows (PrConnection *root)
{
  g_auto(GStrv) lines = g_strsplit (kinds_records_csv, "\n", -1);

  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      /* In the table's order: the record's date before the accepted day. */
      static const guint order[] = { 0, 1, 2, 3, 4, 6, 5, 7 };
      g_autoptr(GString) sql = g_string_new ("INSERT INTO src.cases VALUES (");

      g_assert_cmpuint (g_strv_length (fields), ==, G_N_ELEMENTS (order));
      for (guint f = 0; f < G_N_ELEMENTS (order); f++)
        g_string_append_printf (sql, "%s%s%s%s", f > 0 ? "," : "", fields[order[f]][0] != '\0' ? "'" : "NULL",
                                fields[order[f]], fields[order[f]][0] != '\0' ? "'" : "");
      g_string_append_c (sql, ')');
      pr_test_execute (root, sql->str);
    }
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
    /* The record's date and the accepted day: a guessed mapping takes
     * the one called date as the record's (pr_catalog_date_rank ()). */
    pr_test_execute (root, "CREATE TABLE src.cases (id VARCHAR(8) PRIMARY KEY, petitioner VARCHAR(32), "
                           "category VARCHAR(32), unit VARCHAR(32), status VARCHAR(16), date DATETIME, "
                           "accepted DATE, body TEXT) CHARSET utf8mb4");
    add_rows (root);
  }

  g_test_add_func ("/db/kinds/from-table", test_from_table);
  g_test_add_func ("/db/kinds/guessed-mapping", test_guessed_mapping);
  g_test_add_func ("/db/kinds/state-moves-on", test_state_moves_on);
  g_test_add_func ("/db/kinds/new-repeats", test_new_repeats_kinds);
  g_test_add_func ("/db/kinds/migrate-repeats", test_migrate_repeats);

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (dir);
  return status;
}
