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
  g_assert_cmpstr (repeats_text, ==, "id,existing_id,distance\r\n");
  text = read_file (out);
  g_assert_nonnull (strstr (text, "\r\n1,r2,r1,0,1,1,petitioner,repeat,new-case,,r1,\r\n"));
  g_assert_nonnull (strstr (text, "\r\n1,r4,r1,0,1,1,petitioner,repeat,new-case,,r1,\r\n"));
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

  status = g_test_run ();

  pr_test_server_stop ();
  pr_test_remove_tree (dir);
  return status;
}
