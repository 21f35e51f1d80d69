/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `petition-review-bench intake`: the whole intake check of pr-intake.c
 * (fingerprint, block index in memory, the records found read from the
 * table and judged) for records of a table after a scan, as the
 * application's intake page runs it. The lookup's share at a million
 * stored fingerprints is `petition-review-bench check`'s.
 *
 * The machine may be shared, so beside each check's wall time it prints
 * the CPU time our process spent on the checks and, given the server's
 * process id (--server-pid), the server's, read from /proc.
 * build-aux/bench-intake loads 10^6 generated records into a throwaway
 * server and runs this.
 */
#define G_LOG_DOMAIN "pr-bench-intake"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "pr-bench.h"
#include "pr-cli.h"
#include "pr-intake.h"
#include "pr-scan.h"

/* CPU seconds (user + system) of our process. */
static double
own_cpu_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* CPU seconds (user + system) of another process, from /proc/PID/stat;
 * negative if it cannot be read. */
static double
process_cpu_seconds (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  if (pid <= 0 || !g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  /* After the command's name in brackets: state is field 3, utime 14, stime 15. */
  after = strrchr (text, ')');
  if (after == NULL)
    return -1;
  fields = g_strsplit (after + 2, " ", 0);
  if (g_strv_length (fields) < 13)
    return -1;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) / sysconf (_SC_CLK_TCK);
}

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
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  int queries = 200, server_pid = 0, ids_up_to = 0;
  gboolean no_scan = FALSE, passages_in_memory = FALSE;
  guint64 found = 0;
  gint64 start;
  double t_first, cpu_first, server_first, t_build, cpu_build, server_build, t_scan = 0, cpu_scan = 0, cpu_start, server_start, server_cpu, wall_checks = 0;
  GOptionEntry entries[] = {
    { "queries", 0, 0, G_OPTION_ARG_INT, &queries, N_("Checks to time (default 200)"), N_("N") },
    { "server-pid", 0, 0, G_OPTION_ARG_INT, &server_pid,
      N_("The database server's process id, to report its CPU time during the checks"), N_("PID") },
    { "no-scan", 0, 0, G_OPTION_ARG_NONE, &no_scan,
      N_("Check against the table's last stored scan instead of scanning it first (with --ids-up-to)"), NULL },
    { "ids-up-to", 0, 0, G_OPTION_ARG_INT, &ids_up_to,
      N_("With --no-scan: the records to check are drawn from the ids 1 to N"), N_("N") },
    { "passages-in-memory", 0, 0, G_OPTION_ARG_NONE, &passages_in_memory,
      N_("Read every stored record's passages into memory at the first check, rather than asking the "
         "store's index of them"), NULL },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— the intake check of records of a table, after a scan"),
                             entries, &options, 0, &error))
    return pr_bench_fail (error);
  if (queries < 1 || (options.db == NULL && !options.sample) || no_scan != (ids_up_to > 0))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("give --sample, or --db URI --table TABLE, and --queries of at least 1; "
                             "--no-scan goes with --ids-up-to N"));
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
  /* The scan here builds the passages' index, as scan --index-passages. */
  pr_store_set_index_passages (store, TRUE);
  pr_cli_load_options (&options, FALSE, &load);
  if (no_scan)
    {
      /* Without the scan's records, the ids are those generate-records writes. */
      for (int i = 1; i <= ids_up_to; i++)
        g_ptr_array_add (ids, g_strdup_printf ("%d", i));
    }
  else
    {
      start = g_get_monotonic_time ();
      cpu_start = own_cpu_seconds ();
      result = pr_scan_run (connection, store, options.table, NULL, mapping, &load, options.k,
                            &PR_PART_MATCH_OPTIONS_DEFAULT, NULL, NULL, NULL, &error);
      if (result == NULL)
        return pr_bench_fail (error);
      t_scan = (g_get_monotonic_time () - start) / 1e6;
      cpu_scan = own_cpu_seconds () - cpu_start;
      for (gsize i = 0; i < result->set->n_records; i++)
        g_ptr_array_add (ids, g_strdup (result->set->ids->pdata[i]));
      g_clear_pointer (&result, pr_scan_result_free);
    }

  start = g_get_monotonic_time ();
  cpu_start = own_cpu_seconds ();
  server_start = process_cpu_seconds (server_pid);
  intake = pr_intake_new (connection, store, options.table, mapping, &load,
                          pr_fingerprint_version (mapping, load.flags, load.min_tokens, &method),
                          options.k, rules, TRUE, &error);
  if (intake == NULL)
    return pr_bench_fail (error);
  t_build = (g_get_monotonic_time () - start) / 1e6;
  cpu_build = own_cpu_seconds () - cpu_start;
  server_build = server_start >= 0 ? process_cpu_seconds (server_pid) - server_start : -1;
  pr_intake_set_passages_in_memory (intake, passages_in_memory);

  /* The first check, which a clerk waits for after opening the page: it
   * reads the passages into memory when they are not asked of the store. */
  {
    g_autoptr(GArray) answer = NULL;

    start = g_get_monotonic_time ();
    cpu_start = own_cpu_seconds ();
    server_start = process_cpu_seconds (server_pid);
    answer = pr_intake_check_record (intake, ids->pdata[g_rand_int_range (rand, 0, ids->len)], NULL, NULL, &error);
    if (answer == NULL)
      return pr_bench_fail (error);
    t_first = (g_get_monotonic_time () - start) / 1e6;
    cpu_first = own_cpu_seconds () - cpu_start;
    server_first = server_start >= 0 ? process_cpu_seconds (server_pid) - server_start : -1;
  }

  cpu_start = own_cpu_seconds ();
  server_start = process_cpu_seconds (server_pid);
  for (int q = 0; q < queries; q++)
    {
      const char *id = ids->pdata[g_rand_int_range (rand, 0, ids->len)];
      g_autoptr(GArray) answer = NULL;
      double t;

      start = g_get_monotonic_time ();
      answer = pr_intake_check_record (intake, id, NULL, NULL, &error);
      if (answer == NULL)
        return pr_bench_fail (error);
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (times, t);
      wall_checks += t / 1e3;
      found += answer->len;
    }
  cpu_start = own_cpu_seconds () - cpu_start;
  server_cpu = server_start >= 0 ? process_cpu_seconds (server_pid) - server_start : -1;
  g_array_sort (times, pr_bench_compare_doubles);
  if (!no_scan)
    printf (_("Scanned into the store in %.1f s (CPU %.1f s)\n"), t_scan, cpu_scan);
  printf (_("%zu records; stored fingerprints loaded and indexed in %.2f s (CPU %.2f s ours"), (gsize) ids->len,
          t_build, cpu_build);
  if (server_build >= 0)
    printf (_(", %.2f s the server's"), server_build);
  printf (")\n");
  printf (_("The first check (passages %s): %.2f s (CPU %.2f s ours"),
          passages_in_memory ? _("read into memory") : _("asked of the store's index"), t_first, cpu_first);
  if (server_first >= 0)
    printf (_(", %.2f s the server's"), server_first);
  printf (")\n");
  printf (_("Intake check of a record: median %.2f ms, p99 %.2f ms (%llu earlier records found)\n"),
          g_array_index (times, double, queries / 2), g_array_index (times, double, queries * 99 / 100),
          (unsigned long long) found);
  printf (_("%d checks: wall %.2f s; CPU %.2f s ours (%.2f ms a check)"), queries, wall_checks, cpu_start,
          cpu_start * 1e3 / queries);
  if (server_cpu >= 0)
    printf (_(", %.2f s the server's (%.2f ms a check)"), server_cpu, server_cpu * 1e3 / queries);
  printf ("\n");
  printf (_("Peak memory of our process: %.0f MB\n"), pr_cli_peak_rss_mb ());
  return 0;
}
