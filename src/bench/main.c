/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * petition-review-bench: figures, not verdicts, for the developers. It is
 * built and tested but not installed: an office measures its own results
 * with `petition-review-cli eval`, not the program's speed. The figures of
 * docs/benchmarks.md come from build-aux/bench, which runs it.
 */
#define G_LOG_DOMAIN "petition-review-bench"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-bench.h"
#include "pr-cli-program.h"

static const PrCliCommandInfo measurements[] = {
  { "fingerprint", pr_bench_fingerprint, N_("Fingerprinting throughput, and where the time goes") },
  { "group", pr_bench_group, N_("All pairs within k among random fingerprints (the block index)") },
  { "query", pr_bench_query, N_("Single queries against an index of random fingerprints") },
  { "thresholds", pr_bench_thresholds, N_("The threshold preview of random fingerprints") },
  { "db", pr_bench_db, N_("Database read and scan speed on generated petitions") },
  { "check", pr_bench_check, N_("The intake check against stored fingerprints, in SQL and in memory") },
  { "intake", pr_bench_intake, N_("The whole intake check of records of a table, after a scan") },
};

static const PrCliProgram program = {
  "petition-review-bench",
  N_("Usage: petition-review-bench MEASUREMENT [OPTION…]"),
  N_("Measurements:"),
  N_("Run “petition-review-bench MEASUREMENT --help” for a measurement’s options."),
  /* TRANSLATORS: the first %s is what the user typed, the second the list of measurements */
  N_("petition-review-bench: unknown measurement “%s” (measurements: %s)"),
  measurements,
  G_N_ELEMENTS (measurements),
};

/**
 * pr_bench_fail:
 * @error: what went wrong
 *
 * Prints @error as one line on stderr, after the program and measurement.
 *
 * Returns: the exit status: 2 for wrong usage, 1 for anything else
 */
int
pr_bench_fail (const GError *error)
{
  fprintf (stderr, "%s: %s\n", g_get_prgname (), error->message);
  return error->domain == G_OPTION_ERROR ? 2 : 1;
}

int
main (int    argc,
      char **argv)
{
  return pr_cli_program_main (&program, argc, argv);
}
