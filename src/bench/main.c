/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * petition-review-bench: figures, not verdicts, for the developers. It is
 * built and tested but not installed: an office measures its own results
 * with `petition-review-cli eval`, not the program's speed. The figures of
 * docs/benchmarks.md come from build-aux/bench, which runs it.
 */
#define G_LOG_DOMAIN "petition-review-bench"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-bench.h"
#include "pr-cli.h"

static const struct {
  const char   *name;
  PrCliCommand  run;
  const char   *summary;
} measurements[] = {
  { "fingerprint", pr_bench_fingerprint, N_("Fingerprinting throughput, and where the time goes") },
  { "group", pr_bench_group, N_("All pairs within k among random fingerprints (the block index)") },
  { "query", pr_bench_query, N_("Single queries against an index of random fingerprints") },
  { "thresholds", pr_bench_thresholds, N_("The threshold preview of random fingerprints") },
  { "db", pr_bench_db, N_("Database read and scan speed on generated petitions") },
  { "check", pr_bench_check, N_("The intake check against stored fingerprints, in SQL and in memory") },
};

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: petition-review-bench MEASUREMENT [OPTION…]"));
  fprintf (out, "%s\n", _("Measurements:"));
  for (guint i = 0; i < G_N_ELEMENTS (measurements); i++)
    fprintf (out, "  %-12s %s\n", measurements[i].name, _(measurements[i].summary));
  fprintf (out, "\n%s\n", _("Run “petition-review-bench MEASUREMENT --help” for a measurement’s options."));
}

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
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("petition-review-bench");

  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  if (pr_cli_is_help_flag (argv[1]) || strcmp (argv[1], "help") == 0)
    {
      usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("petition-review-bench %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (measurements); i++)
    if (strcmp (argv[1], measurements[i].name) == 0)
      {
        /* --help's usage line is "petition-review-bench group [OPTION…]". */
        g_autofree char *name = g_strconcat ("petition-review-bench ", measurements[i].name, NULL);

        g_set_prgname (name);
        return measurements[i].run (argc - 1, argv + 1);
      }

  fprintf (stderr, _("petition-review-bench: unknown measurement “%s” (measurements: fingerprint, group, query, thresholds, db, check)\n"),
           argv[1]);
  return 2;
}
