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
 *
 * A clerk checks new petitions, not stored ones: the checks are, in turn,
 * a stored record as it is, a stored record with one to three characters
 * of its last text column changed, deleted or inserted (a repeat typed
 * again), and, given --new-table, a record of another table of the same
 * columns that the store has never seen. Each kind's figures are printed,
 * and the slowest checks, to tell what makes a slow one.
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
#include "pr-record-reader.h"
#include "pr-scan.h"
#include "pr-scan-options.h"

/* What a check is of. */
typedef enum {
  CHECK_STORED,
  CHECK_EDITED,
  CHECK_NEW,
  N_CHECK_KINDS
} CheckKind;

static const char *const check_kind_names[N_CHECK_KINDS] = {
  N_("stored records as they are"),
  N_("stored records edited"),
  N_("new records"),
};

typedef struct {
  double     ms;
  CheckKind  kind;
  char      *id;
  guint      found;
} Timed;

static int
compare_timed (gconstpointer a,
               gconstpointer b)
{
  const Timed *x = a, *y = b;

  return x->ms < y->ms ? -1 : x->ms > y->ms;
}

static void
timed_clear (gpointer data)
{
  g_free (((Timed *) data)->id);
}

/* Characters a small edit inserts or substitutes, as generate-records'
 * "chars" repeats do. */
static const char *const edit_chars[] = {
  "的", "了", "是", "在", "有", "和", "也", "都", "就", "不", "这", "我们", "请", "，", "。", "、", "！",
};

/* @text with one to three characters changed, deleted or inserted at
 * random places. */
static char *
edit_text (const char *text,
           GRand      *rand)
{
  GString *out = g_string_new (text);
  int n_edits = g_rand_int_range (rand, 1, 4);

  for (int e = 0; e < n_edits; e++)
    {
      glong n_chars = g_utf8_strlen (out->str, -1);
      glong at = n_chars > 0 ? g_rand_int_range (rand, 0, n_chars) : 0;
      gsize offset = g_utf8_offset_to_pointer (out->str, at) - out->str;
      const char *put = edit_chars[g_rand_int_range (rand, 0, G_N_ELEMENTS (edit_chars))];
      int what = n_chars > 0 ? g_rand_int_range (rand, 0, 3) : 2;

      if (what < 2)
        {
          gsize length = g_utf8_next_char (out->str + offset) - (out->str + offset);

          g_string_erase (out, offset, length);
        }
      if (what != 1)
        g_string_insert (out, offset, put);
    }
  return g_string_free (out, FALSE);
}

static void
free_values (char   **values,
             guint    n_columns)
{
  for (guint c = 0; c < n_columns; c++)
    g_free (values[c]);
  g_free (values);
}

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
  int queries = 200, server_pid = 0, ids_up_to = 0, new_ids_up_to = 0;
  gboolean no_scan = FALSE, passages_in_memory = FALSE, second_stage = FALSE, judged = FALSE;
  PrPairModel model;
  double t_load, cpu_load;
  g_autofree char *new_table = NULL;
  g_autoptr(PrRecordFetcher) stored_fetcher = NULL;
  g_autoptr(PrRecordFetcher) new_fetcher = NULL;
  g_autoptr(GPtrArray) new_ids = NULL;
  g_autoptr(GArray) timed = g_array_new (FALSE, FALSE, sizeof (Timed));
  int n_kinds, text_column = -1, id_column;
  guint n_columns;
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
    { "new-table", 0, 0, G_OPTION_ARG_STRING, &new_table,
      N_("A table of the same columns whose records, not in the store, are checked as new petitions"),
      N_("TABLE") },
    { "new-ids-up-to", 0, 0, G_OPTION_ARG_INT, &new_ids_up_to,
      N_("With --new-table: its records to check are drawn from the ids 1 to N"), N_("N") },
    { "second-stage", 0, 0, G_OPTION_ARG_NONE, &second_stage,
      N_("Scan with the second stage, as the application's scans do, so that the checks judge too"), NULL },
    { "passages-in-memory", 0, 0, G_OPTION_ARG_NONE, &passages_in_memory,
      N_("Read every stored record's passages into memory at the first check, rather than asking the "
         "store's index of them"), NULL },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— the intake check of records of a table, after a scan"),
                             entries, &options, 0, &error))
    return pr_bench_fail (error);
  if (queries < 1 || (options.db == NULL && !options.sample) || no_scan != (ids_up_to > 0) ||
      (new_table != NULL) != (new_ids_up_to > 0))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("give --sample, or --db URI --table TABLE, and --queries of at least 1; "
                             "--no-scan goes with --ids-up-to N, --new-table with --new-ids-up-to N"));
      return pr_bench_fail (error);
    }
  connection = pr_cli_open_connection (&options, &error);
  if (connection == NULL)
    return pr_bench_fail (error);
  mapping = pr_cli_source_mapping (connection, &options, &error);
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
      PrPartMatchOptions scan_parts = PR_PART_MATCH_OPTIONS_DEFAULT;

      if (second_stage &&
          !pr_scan_options_second_stage (store, options.table, mapping, PR_PAIR_DEFAULT_PROBABILITY, &model, &load,
                                         &scan_parts, &error))
        return pr_bench_fail (error);
      result = pr_scan_run (connection, store, options.table, NULL, mapping, &load, options.k,
                            &scan_parts, NULL, NULL, NULL, &error);
      load.judge = NULL;
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
  /* As the application's check: judged as the stored scan was. */
  {
    PrPartMatchOptions parts = PR_PART_MATCH_OPTIONS_DEFAULT;

    if (!pr_intake_judge_as_scanned (intake, PR_PAIR_DEFAULT_PROBABILITY, &parts, &judged, &error))
      return pr_bench_fail (error);
  }
  /* The application reads the passages when the intake page opens, with
   * progress, not at the first check: timed apart. */
  start = g_get_monotonic_time ();
  cpu_start = own_cpu_seconds ();
  if (!pr_intake_load_passages (intake, NULL, NULL, NULL, &error))
    return pr_bench_fail (error);
  t_load = (g_get_monotonic_time () - start) / 1e6;
  cpu_load = own_cpu_seconds () - cpu_start;
  n_columns = pr_mapping_get_n_columns (mapping);
  id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  for (guint c = 0; c < n_columns; c++)
    if (pr_mapping_get_column (mapping, c)->role == PR_COLUMN_ROLE_TEXT)
      text_column = c;
  stored_fetcher = pr_record_fetcher_new (connection, options.table, mapping, load.advice, &error);
  if (stored_fetcher == NULL)
    return pr_bench_fail (error);
  n_kinds = 2;
  if (new_table != NULL)
    {
      new_fetcher = pr_record_fetcher_new (connection, new_table, mapping, load.advice, &error);
      if (new_fetcher == NULL)
        return pr_bench_fail (error);
      /* The ids generate-records writes. */
      new_ids = g_ptr_array_new_with_free_func (g_free);
      for (int i = 1; i <= new_ids_up_to; i++)
        g_ptr_array_add (new_ids, g_strdup_printf ("%d", i));
      n_kinds = 3;
    }
  g_array_set_clear_func (timed, timed_clear);

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
      CheckKind kind = q % n_kinds;
      const char *id = kind == CHECK_NEW ? new_ids->pdata[g_rand_int_range (rand, 0, new_ids->len)]
                                         : ids->pdata[g_rand_int_range (rand, 0, ids->len)];
      g_autoptr(GArray) answer = NULL;
      char **values = NULL;
      Timed one;
      double t;

      /* The values are read before the clock starts: the page has them
       * typed. */
      if (kind != CHECK_STORED)
        {
          values = pr_record_fetcher_fetch (kind == CHECK_NEW ? new_fetcher : stored_fetcher, id, &error);
          if (values == NULL)
            return pr_bench_fail (error);
          g_free (values[id_column]);
          values[id_column] = g_strdup ("");
          if (kind == CHECK_EDITED && text_column >= 0)
            {
              char *edited = edit_text (values[text_column] != NULL ? values[text_column] : "", rand);

              g_free (values[text_column]);
              values[text_column] = edited;
            }
        }
      start = g_get_monotonic_time ();
      if (kind == CHECK_STORED)
        answer = pr_intake_check_record (intake, id, NULL, NULL, &error);
      else
        answer = pr_intake_check (intake, (const char *const *) values, NULL, NULL, &error);
      t = (g_get_monotonic_time () - start) / 1e3;
      if (values != NULL)
        free_values (values, n_columns);
      if (answer == NULL)
        return pr_bench_fail (error);
      g_array_append_val (times, t);
      one = (Timed) { t, kind, g_strdup (id), answer->len };
      g_array_append_val (timed, one);
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
  printf (_("Checks judged with the second stage: %s\n"), judged ? _("yes") : _("no"));
  printf (_("Read ahead of the first check (%s): %.2f s (CPU %.2f s ours)\n"),
          passages_in_memory ? _("every stored passage") : _("the boilerplate passages' counts"), t_load, cpu_load);
  printf (_("The first check (passages %s): %.2f s (CPU %.2f s ours"),
          passages_in_memory ? _("read into memory") : _("asked of the store's index"), t_first, cpu_first);
  if (server_first >= 0)
    printf (_(", %.2f s the server's"), server_first);
  printf (")\n");
  printf (_("Intake check of a record: median %.2f ms, p95 %.2f ms, p99 %.2f ms (%llu earlier records found)\n"),
          g_array_index (times, double, queries / 2), g_array_index (times, double, queries * 95 / 100),
          g_array_index (times, double, queries * 99 / 100), (unsigned long long) found);
  g_array_sort (timed, compare_timed);
  for (int kind = 0; kind < n_kinds; kind++)
    {
      g_autoptr(GArray) of_kind = g_array_new (FALSE, FALSE, sizeof (double));
      guint64 found_of_kind = 0;

      for (guint i = 0; i < timed->len; i++)
        if (g_array_index (timed, Timed, i).kind == (CheckKind) kind)
          {
            g_array_append_val (of_kind, g_array_index (timed, Timed, i).ms);
            found_of_kind += g_array_index (timed, Timed, i).found;
          }
      if (of_kind->len > 0)
        printf (_("  %s: %u checks, median %.2f ms, p95 %.2f ms, p99 %.2f ms, %.2f earlier records found a check\n"),
                _(check_kind_names[kind]), of_kind->len, g_array_index (of_kind, double, of_kind->len / 2),
                g_array_index (of_kind, double, of_kind->len * 95 / 100),
                g_array_index (of_kind, double, of_kind->len * 99 / 100),
                (double) found_of_kind / of_kind->len);
    }
  printf (_("The slowest checks:\n"));
  for (guint i = timed->len; i > 0 && i + 10 > timed->len; i--)
    {
      const Timed *one = &g_array_index (timed, Timed, i - 1);

      printf (_("  %.2f ms: %s “%s”, %u earlier records found\n"), one->ms, _(check_kind_names[one->kind]), one->id,
              one->found);
    }
  printf (_("%d checks: wall %.2f s; CPU %.2f s ours (%.2f ms a check)"), queries, wall_checks, cpu_start,
          cpu_start * 1e3 / queries);
  if (server_cpu >= 0)
    printf (_(", %.2f s the server's (%.2f ms a check)"), server_cpu, server_cpu * 1e3 / queries);
  printf ("\n");
  printf (_("Peak memory of our process: %.0f MB\n"), pr_cli_peak_rss_mb ());
  return 0;
}
