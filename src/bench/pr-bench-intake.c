/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `petition-review-bench intake`: the whole intake check of pr-intake.c
 * (fingerprint, block index in memory, the records found read from the
 * table and judged) for records of a table after a scan, as the
 * application's intake page runs it. The lookup's share at a million
 * stored fingerprints is `petition-review-bench check`'s.
 */
#define G_LOG_DOMAIN "pr-bench-intake"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-bench.h"
#include "pr-cli.h"
#include "pr-intake.h"
#include "pr-scan.h"

int
pr_bench_intake (int    argc,
                 char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) result = NULL;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autoptr(PrIntake) intake = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  PrPartMethod method = { 0 };
  PrLoadOptions load;
  int queries = 200;
  guint64 found = 0;
  gint64 start;
  double t_build;
  GOptionEntry entries[] = {
    { "queries", 0, 0, G_OPTION_ARG_INT, &queries, N_("Checks to time (default 200)"), N_("N") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— the intake check of records of a table, after a scan"),
                             entries, &options, 0, &error))
    return pr_bench_fail (error);
  if (queries < 1 || (options.db == NULL && !options.sample))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("give --sample, or --db URI --table TABLE, and --queries of at least 1"));
      return pr_bench_fail (error);
    }
  connection = pr_cli_open_connection (&options, &error);
  if (connection == NULL)
    return pr_bench_fail (error);
  mapping = pr_cli_table_mapping_with_id (connection, &options, &error);
  if (mapping == NULL)
    return pr_bench_fail (error);
  store = pr_store_open (connection, NULL, &error);
  if (store == NULL)
    return pr_bench_fail (error);
  pr_cli_load_options (&options, FALSE, &load);
  result = pr_scan_run (connection, store, options.table, NULL, mapping, &load, options.k,
                        &PR_PART_MATCH_OPTIONS_DEFAULT, NULL, NULL, NULL, &error);
  if (result == NULL)
    return pr_bench_fail (error);

  start = g_get_monotonic_time ();
  intake = pr_intake_new (connection, store, options.table, mapping, &load,
                          pr_fingerprint_version (mapping, load.flags, load.min_tokens, &method),
                          options.k, rules, TRUE, &error);
  if (intake == NULL)
    return pr_bench_fail (error);
  t_build = (g_get_monotonic_time () - start) / 1e6;

  for (int q = 0; q < queries; q++)
    {
      const char *id = result->set->ids->pdata[g_rand_int_range (rand, 0, result->set->n_records)];
      g_autoptr(GArray) answer = NULL;
      double t;

      start = g_get_monotonic_time ();
      answer = pr_intake_check_record (intake, id, NULL, &error);
      if (answer == NULL)
        return pr_bench_fail (error);
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (times, t);
      found += answer->len;
    }
  g_array_sort (times, pr_bench_compare_doubles);
  printf (_("%zu records; stored fingerprints loaded and indexed in %.2f s\n"), result->set->n_records, t_build);
  printf (_("Intake check of a record: median %.2f ms, p99 %.2f ms (%llu earlier records found)\n"),
          g_array_index (times, double, queries / 2), g_array_index (times, double, queries * 99 / 100),
          (unsigned long long) found);
  return 0;
}
