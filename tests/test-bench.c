/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * petition-review-bench, the developers' measurements, as a developer runs
 * it: each measurement answers --help with a usage line that can be typed,
 * runs on small inputs, and says what is wrong with bad options; and the
 * product's petition-review-cli no longer has them.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static const char *const measurements[] = { "fingerprint", "group", "query", "thresholds", "db", "check" };

/* Runs petition-review-bench with the arguments after @err. */
#define RUN_BENCH(out, err, ...) \
  pr_test_run_bench ((out), (err), (const char *const[]) { __VA_ARGS__ })

static void
test_help (void)
{
  g_autofree char *top = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (measurements); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *usage = g_strdup_printf ("\n  petition-review-bench %s [OPTION…]", measurements[i]);

      g_assert_cmpint (RUN_BENCH (&out, NULL, measurements[i], "--help", NULL), ==, 0);
      g_test_message ("%s", out);
      g_assert_nonnull (strstr (out, usage));
    }

  g_assert_cmpint (RUN_BENCH (&top, NULL, "--help", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (measurements); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", measurements[i]);

      g_assert_nonnull (strstr (top, line));
    }
}

/* Wrong usage: exit 2, and a message naming the program, the measurement
 * and what to change. */
static void
test_usage_errors (void)
{
  g_autofree char *none = NULL, *unknown = NULL, *bad_k = NULL, *no_records = NULL;

  g_assert_cmpint (RUN_BENCH (NULL, &none, NULL), ==, 2);
  g_assert_nonnull (strstr (none, "Usage: petition-review-bench MEASUREMENT"));

  g_assert_cmpint (RUN_BENCH (NULL, &unknown, "scan", NULL), ==, 2);
  g_assert_nonnull (strstr (unknown, "petition-review-bench: unknown measurement “scan”"));

  g_assert_cmpint (RUN_BENCH (NULL, &bad_k, "group", "--n", "100", "--k", "99", NULL), ==, 2);
  g_assert_nonnull (strstr (bad_k, "petition-review-bench group: --k must be 0..15"));

  g_assert_cmpint (RUN_BENCH (NULL, &no_records, "fingerprint", "--text", "body", NULL), ==, 2);
  g_assert_nonnull (strstr (no_records, "petition-review-bench fingerprint: "));
  g_assert_nonnull (strstr (no_records, "--records"));
}

/* The in-memory measurements run on small inputs and report them. */
static void
test_small_runs (void)
{
  g_autofree char *group = NULL, *query = NULL, *thresholds = NULL;

  g_assert_cmpint (RUN_BENCH (&group, NULL, "group", "--n", "5000", "--k", "3", "--threads", "2", NULL), ==, 0);
  g_assert_nonnull (strstr (group, "group n=5000 k=3 threads=2: "));

  g_assert_cmpint (RUN_BENCH (&query, NULL, "query", "--n", "5000", NULL), ==, 0);
  g_test_message ("%s", query);
  g_assert_cmpuint (strlen (query), >, 0);

  g_assert_cmpint (RUN_BENCH (&thresholds, NULL, "thresholds", "--n", "5000", "--threads", "2", NULL), ==, 0);
  g_test_message ("%s", thresholds);
  g_assert_cmpuint (strlen (thresholds), >, 0);
}

/* Fingerprinting the bundled sample: its 3,000 records. */
static void
test_fingerprint_sample (void)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (RUN_BENCH (&out, &err, "fingerprint", "--records", sample, "--id", "id",
                              "--short", "petitioner", "--text", "subject", "--text", "body", NULL), ==, 0);
  g_test_message ("%s%s", out, err);
  g_assert_nonnull (strstr (out, ", 3000 records, "));
  g_assert_nonnull (strstr (out, "Peak RSS: "));
}

/* The product's command-line program has no bench command any more. */
static void
test_not_in_cli (void)
{
  g_autofree char *top = NULL, *err = NULL;
  const char *const bench[] = { "bench", "group", "--n", "100", NULL };
  const char *const help[] = { "--help", NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, bench), ==, 2);
  g_assert_nonnull (strstr (err, "unknown command “bench”"));
  g_assert_cmpint (pr_test_run_cli (&top, NULL, help), ==, 0);
  g_assert_null (strstr (top, "\n  bench "));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/bench/help", test_help);
  g_test_add_func ("/cli/bench/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/bench/small-runs", test_small_runs);
  g_test_add_func ("/cli/bench/fingerprint-sample", test_fingerprint_sample);
  g_test_add_func ("/cli/bench/not-in-cli", test_not_in_cli);

  return g_test_run ();
}
