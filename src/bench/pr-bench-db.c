/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `petition-review-bench db`: the database side in figures. A throwaway private server is
 * loaded with N generated petitions (id, three short fields, a body of
 * about 500 characters, 1 % of them repeats), then
 *   - the streaming read alone: rows per second over the unix socket;
 *   - the full scan: read, fingerprint, group, cluster; seconds and peak RSS;
 *   - with --thresholds, the threshold preview of that scan: the pairs up
 *     to k + 3 found once, then each k regrouped (as the application does).
 * The rows come from pr_bench_sample_generate_csv().
 */
#define G_LOG_DOMAIN "pr-bench-db"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pr-bench.h"
#include "pr-bench-sample.h"
#include "pr-block-index.h"
#include "pr-cli.h"
#include "pr-cluster.h"
#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-matches.h"
#include "pr-record-reader.h"
#include "pr-sample-server.h"
#include "pr-store.h"
#include "pr-threshold-preview.h"

typedef struct {
  guint64 rows;
  guint64 bytes;
} ReadCount;

static gboolean
count_row (const char *const *values,
           const gsize       *lengths,
           gpointer           user_data)
{
  ReadCount *count = user_data;

  count->rows++;
  for (guint i = 0; i < 5; i++)
    count->bytes += lengths[i];
  return TRUE;
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
    }
  g_remove (path);
}

int
pr_bench_db (int    argc,
             char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrScanResult) result = NULL;
  PrRecordSet *set;
  g_autofree char *dir = NULL;
  g_autofree char *csv = NULL;
  PrLoadOptions load = { 0 };
  PrPartMatchOptions part_options;
  ReadCount count = { 0 };
  int rows = 100000;
  gboolean thresholds = FALSE;
  gint64 start;
  double t_load, t_read, t_scan, rss_before;
  int status = 1;
  GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Rows to generate (default 100000)"), N_("N") },
    { "thresholds", 0, 0, G_OPTION_ARG_NONE, &thresholds,
      N_("Then time the threshold preview of the scan (every k up to k + 3)"), NULL },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— database read and scan speed on generated petitions"),
                             entries, &options, 0, &error))
    return pr_bench_fail (error);
  if (rows < 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--rows must be at least 1"));
      return pr_bench_fail (error);
    }

  dir = g_dir_make_tmp ("pr-bench-db-XXXXXX", &error);
  if (dir == NULL)
    return pr_bench_fail (error);
  csv = g_build_filename (dir, "rows.csv", NULL);

  start = g_get_monotonic_time ();
  if (!pr_bench_sample_generate_csv (csv, rows, &error))
    goto out;
  server = pr_sample_server_start_for_run (dir, csv, NULL, &error);
  if (server == NULL)
    goto out;
  t_load = (g_get_monotonic_time () - start) / 1e6;
  params = pr_sample_server_get_params (server);
  connection = pr_connection_open (params, &error);
  if (connection == NULL)
    goto out;

  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL);
  pr_mapping_add (mapping, "phone", PR_COLUMN_ROLE_SHORT, 2, NULL);
  pr_mapping_add (mapping, "address", PR_COLUMN_ROLE_SHORT, 2, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL);

  start = g_get_monotonic_time ();
  if (!pr_record_reader_stream (connection, PR_SAMPLE_SERVER_TABLE, mapping, count_row, &count, NULL, &error))
    goto out;
  t_read = (g_get_monotonic_time () - start) / 1e6;

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = PR_DEFAULT_MIN_TOKENS;
  load.n_threads = options.threads;
  load.part_method = pr_cli_part_method (&options);
  rss_before = pr_cli_peak_rss_mb ();
  start = g_get_monotonic_time ();
  part_options = pr_cli_part_options (&options);
  result = pr_scan_run (connection, NULL, PR_SAMPLE_SERVER_TABLE, NULL, mapping, &load, options.k,
                        options.no_parts ? NULL : &part_options, NULL, NULL, NULL, &error);
  if (result == NULL)
    goto out;
  t_scan = (g_get_monotonic_time () - start) / 1e6;
  set = result->set;

  printf (_("Generated and loaded %d rows in %.1f s (a private server, unix socket)\n"), rows, t_load);
  printf (_("Streaming read (id, three short fields, body): %.2f s, %.0f rows/s, %.1f MB/s\n"),
          t_read, count.rows / t_read, count.bytes / 1e6 / t_read);
  printf (_("Full scan to clusters: %.2f s (%.0f records/s): read and fingerprint %.2f s, "
            "%llu pairs, %u clusters; peak RSS %.1f MB (%.1f MB before the scan)\n"),
          t_scan, set->n_records / t_scan, set->read_seconds + set->fingerprint_seconds,
          (unsigned long long) result->counts.pairs, pr_clustering_get_n_clusters (result->clustering),
          pr_cli_peak_rss_mb (), rss_before);
  if (result->n_parts > 0)
    printf (_("Parts: %llu in all (%.1f a record), %u pairs of records that share enough of them; "
              "resident after the scan, with the parts freed: %.1f MB\n"),
            (unsigned long long) result->n_parts, (double) result->n_parts / MAX (set->n_records, 1),
            result->part_pairs->len, pr_cli_rss_mb ());
  if (thresholds)
    {
      g_autoptr(PrThresholdPreview) preview = NULL;
      g_autoptr(GArray) part_pairs = pr_scan_result_part_pairs (result);
      g_autofree guint32 *rank = pr_record_set_rank (set);

      start = g_get_monotonic_time ();
      preview = pr_threshold_preview_new (set->fingerprints, set->sparse, set->n_records, options.k,
                                          (const PrPair *) (gpointer) part_pairs->data, part_pairs->len, rank,
                                          load.n_threads, NULL, &error);
      if (preview == NULL)
        goto out;
      printf (_("Threshold preview: the pairs up to k = %u found in %.2f s; peak RSS %.1f MB\n"),
              pr_threshold_preview_get_kmax (preview), (g_get_monotonic_time () - start) / 1e6,
              pr_cli_peak_rss_mb ());
      for (guint k = 0; k <= pr_threshold_preview_get_kmax (preview); k++)
        {
          g_autoptr(PrClustering) clustering = NULL;
          PrThresholdSummary summary;
          double t_one, t_compare;

          start = g_get_monotonic_time ();
          clustering = pr_threshold_preview_cluster (preview, k, NULL, NULL, NULL);
          t_one = (g_get_monotonic_time () - start) / 1e6;
          g_clear_pointer (&clustering, pr_clustering_free);
          start = g_get_monotonic_time ();
          clustering = pr_threshold_preview_compare (preview, options.k, k, NULL, &summary, NULL);
          t_compare = (g_get_monotonic_time () - start) / 1e6;
          printf (_("  k = %u: %llu pairs at this distance; %u clusters (+%u, -%u against k = %d), %llu pairs; "
                    "the figures (both k, members only) in %.3f s; the list's clusters, with their largest "
                    "distances, in %.3f s\n"),
                  k, (unsigned long long) pr_threshold_preview_get_count (preview, k), summary.n_clusters,
                  summary.clusters_added, summary.clusters_removed, options.k,
                  (unsigned long long) summary.n_pairs, t_compare, t_one);
        }
      printf (_("Peak RSS after the preview: %.1f MB\n"), pr_cli_peak_rss_mb ());
    }
  status = 0;

out:
  g_clear_pointer (&connection, pr_connection_close);
  if (server != NULL)
    pr_sample_server_stop (server, error == NULL ? &error : NULL);
  remove_tree (dir);
  if (error != NULL)
    return pr_bench_fail (error);
  return status;
}

/* For g_array_sort () of doubles: the times, to take their median and p99. */
int
pr_bench_compare_doubles (gconstpointer a,
                          gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* `petition-review-bench check`: the intake check against N stored fingerprints, through SQL
 * (the block columns and BIT_COUNT) and through a block index in memory. */
int
pr_bench_check (int    argc,
                char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSampleServer) server = NULL;
  g_autoptr(PrConnectionParams) params = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GHashTable) stored = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) sql_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) memory_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(PrBlockIndex) index = NULL;
  g_autofree guint64 *fingerprints = NULL;
  g_autofree guint64 *hashes = NULL;
  g_autofree char *dir = NULL;
  int n = 1000000, queries = 200;
  guint64 found_sql = 0, found_memory = 0;
  gint64 scan_id, start;
  double t_commit, t_index;
  GOptionEntry entries[] = {
    { "n", 0, 0, G_OPTION_ARG_INT, &n, N_("Stored fingerprints (default 1000000)"), N_("N") },
    { "queries", 0, 0, G_OPTION_ARG_INT, &queries, N_("Queries to time (default 200)"), N_("N") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— the intake check against stored fingerprints, in SQL and in memory"),
                             entries, &options, 0, &error))
    return pr_bench_fail (error);
  if (n < 1 || queries < 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--n and --queries must be at least 1"));
      return pr_bench_fail (error);
    }

  dir = g_dir_make_tmp ("pr-bench-check-XXXXXX", &error);
  if (dir == NULL)
    return pr_bench_fail (error);
  server = pr_sample_server_start_empty (dir, NULL, &error);
  if (server == NULL)
    goto out;
  params = pr_sample_server_get_admin_params (server);
  connection = pr_connection_open (params, &error);
  /* The private server's small buffer pool suits a sample of thousands;
   * millions of indexed fingerprints need one that holds their indexes, as
   * an office server has. */
  if (connection == NULL ||
      !pr_connection_execute (connection, "SET GLOBAL innodb_buffer_pool_size = 2147483648", &error) ||
      !pr_connection_execute (connection, "CREATE DATABASE bench", &error))
    goto out;
  store = pr_store_open (connection, "bench", &error);
  if (store == NULL)
    goto out;

  /* Random fingerprints, 1 % of them near copies of earlier ones. */
  fingerprints = g_new (guint64, n);
  hashes = g_new0 (guint64, n);
  for (int i = 0; i < n; i++)
    {
      if (i > 0 && g_rand_int_range (rand, 0, 100) == 0)
        fingerprints[i] = fingerprints[g_rand_int_range (rand, 0, i)] ^ (G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64));
      else
        fingerprints[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      g_ptr_array_add (ids, g_strdup_printf ("r%d", i));
    }

  start = g_get_monotonic_time ();
  scan_id = pr_store_begin_scan (store, "petitions", "bench", 1, options.k, &error);
  if (scan_id <= 0 ||
      !pr_store_commit_scan (store, scan_id, "petitions", 1, n, (char *const *) ids->pdata, fingerprints,
                             hashes, NULL, NULL, NULL, NULL, NULL, NULL, FALSE, &error))
    goto out;
  t_commit = (g_get_monotonic_time () - start) / 1e6;

  start = g_get_monotonic_time ();
  stored = pr_store_load_fingerprints (store, "petitions", 1, &error);
  if (stored == NULL)
    goto out;
  index = pr_block_index_new (fingerprints, n, options.k);
  t_index = (g_get_monotonic_time () - start) / 1e6;

  for (int q = 0; q < queries; q++)
    {
      guint64 query = fingerprints[g_rand_int_range (rand, 0, n)] ^ (G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64));
      g_autoptr(GArray) matches = NULL;
      g_autoptr(GArray) in_memory = g_array_new (FALSE, FALSE, sizeof (PrMatch));
      double t;

      start = g_get_monotonic_time ();
      matches = pr_store_check (store, "petitions", 1, query, options.k, &error);
      if (matches == NULL)
        goto out;
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (sql_times, t);
      found_sql += matches->len;

      start = g_get_monotonic_time ();
      pr_block_index_query (index, query, in_memory);
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (memory_times, t);
      found_memory += in_memory->len;
    }
  g_array_sort (sql_times, pr_bench_compare_doubles);
  g_array_sort (memory_times, pr_bench_compare_doubles);

  printf (_("Stored %d fingerprints in %.1f s; loaded and indexed in memory in %.2f s\n"), n, t_commit, t_index);
  printf (_("Check in SQL: median %.2f ms, p99 %.2f ms (%llu matches)\n"),
          g_array_index (sql_times, double, queries / 2), g_array_index (sql_times, double, queries * 99 / 100),
          (unsigned long long) found_sql);
  printf (_("Check in memory: median %.4f ms, p99 %.4f ms (%llu matches)\n"),
          g_array_index (memory_times, double, queries / 2), g_array_index (memory_times, double, queries * 99 / 100),
          (unsigned long long) found_memory);

out:
  g_clear_pointer (&store, pr_store_free);
  g_clear_pointer (&connection, pr_connection_close);
  if (server != NULL)
    pr_sample_server_stop (server, error == NULL ? &error : NULL);
  remove_tree (dir);
  if (error != NULL)
    return pr_bench_fail (error);
  return 0;
}
