/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * thresholds with the second stage, against the real thing: each row of
 * its table (clusters, pairs judged repeats, records in clusters, the
 * clusters added and removed) is what scan at that k, with the same
 * flags, writes and says. Run on the bundled sample with the mapping a
 * user gives it, and with the body alone at another probability.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

/* Runs thresholds with @flags, then scan with the same flags at each k of
 * its table, and compares. */
static void
check_against_scans (const char *const *flags,
                     guint              scan_k)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autofree char *table_path = g_build_filename (dir, "thresholds.csv", NULL);
  g_autofree char *k_text = g_strdup_printf ("%u", scan_k);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) rows = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) base = NULL;
  guint64 base_records = 0, base_pairs = 0;
  guint n_rows = 0;

  g_strv_builder_add_many (builder, "thresholds", sample, "--k", k_text, "--threads", "2", "--out", table_path,
                           NULL);
  g_strv_builder_addv (builder, (const char **) flags);
  args = g_strv_builder_end (builder);
  g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const *) args), ==, 0);
  g_test_message ("%s%s", out, err);
  rows = pr_test_read_thresholds_table (table_path, &n_rows);
  g_assert_true (g_str_has_prefix (rows[0], "distance,pairs_at_distance,clusters,"));
  g_assert_cmpuint (n_rows, ==, scan_k + 4);

  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < n_rows; k++)
      {
        /* The scan at the table's own k first: the others are compared with it. */
        guint at = pass == 0 ? scan_k : k;
        g_auto(GStrv) row = g_strsplit (rows[1 + at], ",", -1);
        g_autofree char *at_text = g_strdup_printf ("%u", at);
        g_autofree char *scan_path = g_strdup_printf ("%s/scan-%u.csv", dir, at);
        g_autofree char *scan_err = NULL;
        g_auto(GStrv) scan_args = NULL;
        g_autoptr(GStrvBuilder) scan_builder = g_strv_builder_new ();
        g_autoptr(GHashTable) clusters = NULL;
        guint64 records, repeats;

        if (pass == 0 && k > 0)
          break;
        g_strv_builder_add_many (scan_builder, "scan", sample, "--k", at_text, "--threads", "2", "--out", scan_path,
                                 NULL);
        g_strv_builder_addv (scan_builder, (const char **) flags);
        scan_args = g_strv_builder_end (scan_builder);
        g_assert_cmpint (pr_test_run_cli (NULL, &scan_err, (const char *const *) scan_args), ==, 0);
        clusters = pr_test_assert_thresholds_row (rows[1 + at], at, scan_path, scan_err, &records, &repeats);
        if (pass == 0)
          {
            base = g_steal_pointer (&clusters);
            base_records = records;
            base_pairs = repeats;
            continue;
          }
        g_assert_cmpuint (g_ascii_strtoull (row[3], NULL, 10), ==, pr_test_count_missing (clusters, base));
        g_assert_cmpuint (g_ascii_strtoull (row[4], NULL, 10), ==, pr_test_count_missing (base, clusters));
        g_assert_cmpint (g_ascii_strtoll (row[6], NULL, 10), ==, (gint64) repeats - (gint64) base_pairs);
      }
  g_assert_cmpuint (base_records, >, 0);
  pr_test_remove_tree (dir);
}

static void
test_subject_and_body (void)
{
  const char *const flags[] = { "--id", "id", "--date", "submitted_at", "--petitioner", "petitioner",
                                "--text", "subject", "--text", "body", NULL };

  check_against_scans (flags, 3);
}

static void
test_body_other_probability (void)
{
  const char *const flags[] = { "--id", "id", "--date", "submitted_at", "--petitioner", "petitioner",
                                "--text", "body", "--probability", "0.8", NULL };

  check_against_scans (flags, 2);
}

/* When the candidates at k + 3 are more than the second stage judges in
 * memory, the table stops below it and says why; the rows it gives are
 * still the scans'. 991 candidates at the sample's k = 3; a budget of
 * 8,000 pairs lets the second stage judge 1,000. */
static void
test_stops_said (void)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "thresholds", sample, "--k", "3", "--threads", "2", "--id", "id", "--date", "submitted_at",
                         "--petitioner", "petitioner", "--text", "subject", "--text", "body", NULL };
  const char *stop;

  g_setenv ("PR_PAIR_BUDGET", "8000", TRUE);
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_unsetenv ("PR_PAIR_BUDGET");
  g_test_message ("%s%s", out, err);
  g_assert_nonnull (strstr (out, "every k from 0 to 3 "));
  g_assert_null (strstr (out, "\n    4 "));
  stop = strstr (out, "Only k up to 3 can be tried, not up to 6: the candidate pairs at k = 4 are more than the "
                      "second stage can judge in memory (1000 pairs)");
  g_assert_nonnull (stop);
  /* Before the table, where it is read. */
  g_assert_true (stop < strstr (out, "at distance"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/thresholds/judged/subject-and-body", test_subject_and_body);
  g_test_add_func ("/cli/thresholds/judged/body-other-probability", test_body_other_probability);
  g_test_add_func ("/cli/thresholds/judged/stops-said", test_stops_said);
  return g_test_run ();
}
