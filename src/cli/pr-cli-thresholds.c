/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * thresholds: a scan at k, then what every k from 0 to k + 3 would have
 * made of the same records (pr-threshold-preview.c): the pairs at each
 * distance with a few samples, and per k the clusters and pairs and what
 * they add or remove against k. With the second stage, the candidates at
 * k + 3 are judged once and each k clusters its own of them, as a scan at
 * that k does. --out writes the table as CSV
 * (distance,pairs_at_distance,clusters,clusters_added,clusters_removed,
 * pairs,pairs_change,clustered_records).
 */
#define G_LOG_DOMAIN "pr-cli-thresholds"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-scan-options.h"
#include "pr-store.h"
#include "pr-threshold-preview.h"

static void
print_signed (GString *line,
              gint64   value,
              int      width)
{
  g_autofree char *text = g_strdup_printf ("%+" G_GINT64_FORMAT, value);

  g_string_append_printf (line, " %*s", width, value == 0 ? "0" : text);
}

int
pr_cli_thresholds (int    argc,
                   char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrScanResult) result = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  g_autoptr(GArray) part_pairs = NULL;
  g_autoptr(GArray) must = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autoptr(GArray) cannot = g_array_new (FALSE, FALSE, sizeof (PrPair));
  g_autofree guint32 *rank = NULL;
  g_autofree char *out = NULL;
  g_autofree char *store_schema = NULL;
  PrClusterConstraints constraints;
  PrLoadOptions load;
  PrPartMatchOptions part_options;
  PrCliProgress progress;
  PrRecordSet *set;
  gboolean skip_bad_rows = FALSE;
  g_autofree char *bad_rows_path = NULL;
  g_auto(PrCliBadRows) bad_rows = { 0 };
  gboolean second_stage = FALSE, no_second_stage = FALSE;
  double probability = PR_PAIR_DEFAULT_PROBABILITY;
  PrPairModel model;
  g_autofree char *limit = NULL;
  double search_seconds, cluster_seconds = 0;
  gint64 start;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the table as CSV (distance,pairs_at_distance,clusters,clusters_added,clusters_removed,pairs,pairs_change,clustered_records) to FILE"),
      N_("FILE") },
    { "store", 0, 0, G_OPTION_ARG_STRING, &store_schema,
      N_("Scan with the application's tables in SCHEMA, so that the reviewers' verdicts constrain every k (with --db or --sample)"),
      N_("SCHEMA") },
    PR_CLI_BAD_ROWS_ENTRIES (skip_bad_rows, bad_rows_path),
    { "second-stage", 0, 0, G_OPTION_ARG_NONE, &second_stage,
      N_("Judge the candidates at each k and cluster those likely enough (--probability), as scan does at "
         "that k. The default"), NULL },
    { "no-second-stage", 0, 0, G_OPTION_ARG_NONE, &no_second_stage,
      N_("Regroup every pair the fingerprints and passages find at each k, without judging them, as "
         "scan --no-second-stage does"), NULL },
    { "probability", 0, 0, G_OPTION_ARG_DOUBLE, &probability,
      N_("With --second-stage: the probability from which a pair is a repeat (default 0.5)"), N_("P") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("[RECORDS.csv] — what each k from 0 to k + 3 would find, from one scan"),
                             entries, &options, 1, &error) ||
      !pr_cli_check_range ("probability", probability, 0, 1, &error) ||
      !pr_cli_check_second_stage (second_stage, no_second_stage, &error))
    goto failed;
  second_stage = !no_second_stage;
  if (store_schema != NULL && options.db == NULL && !options.sample)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--store goes with --db or --sample"));
      goto failed;
    }

  /* The output first: one that cannot be written is told before the
   * records are read; so is one that is the records file. */
  {
    g_autofree char *bad_rows_file = pr_cli_bad_rows_path (skip_bad_rows, bad_rows_path, out);
    const PrCliFile inputs[] = { { _("the records file"), options.db == NULL && !options.sample && argc > 1 ? argv[1] : NULL },
                                 { "--password-file", options.password_file } };
    /* Without --out, what it prints goes to standard output, where a
     * second output given as "-" would run into it. */
    const PrCliFile outputs[] = { out != NULL ? (PrCliFile) { "--out", out }
                                                 /* Translators: the table thresholds prints when no --out is given */
                                                 : (PrCliFile) { _("the table (without --out, on standard output)"), "-" },
                                  { "--bad-rows", bad_rows_file } };

    if (!pr_cli_check_outputs (inputs, G_N_ELEMENTS (inputs), outputs, G_N_ELEMENTS (outputs), &error))
      goto failed;
  }
  if (out != NULL && (writer = pr_cli_open_csv_output (out, PR_CSV_WRITER_FLAGS_NONE, &error)) == NULL)
    goto failed;
  if (!pr_cli_bad_rows_open (&bad_rows, skip_bad_rows, bad_rows_path, out, &error) ||
      !pr_cli_open_source (&options, store_schema, &connection, &mapping, &store, &error))
    goto failed;

  options.bad_rows = &bad_rows;
  pr_cli_load_options (&options, FALSE, &load);
  part_options = pr_cli_part_options (&options);
  /* The weights and candidates of scan at the same flags, so that its row
   * at the scan's k is that scan. */
  if (second_stage && !pr_scan_options_second_stage (store, options.table, mapping, probability, &model, &load,
                                                     &part_options, &error))
    goto failed;
  load.judge_for_clusters = store == NULL;
  pr_cli_progress_init (&progress);
  result = pr_scan_run (connection, store, connection != NULL ? options.table : NULL,
                        connection != NULL ? NULL : argv[1], mapping, &load, options.k,
                        options.no_parts ? NULL : &part_options, pr_cli_progress_scan, &progress, NULL, &error);
  pr_cli_progress_finish (&progress);
  if (result == NULL || !pr_cli_bad_rows_close (&bad_rows, &error))
    goto failed;
  set = result->set;
  pr_cli_print_unreadable_dates (set, &options);

  start = g_get_monotonic_time ();
  part_pairs = pr_scan_result_part_pairs (result);
  rank = pr_record_set_rank (set);
  preview = pr_threshold_preview_new (set->fingerprints, set->sparse, set->n_records, options.k,
                                      (const PrPair *) (gpointer) part_pairs->data, part_pairs->len, rank,
                                      load.n_threads, NULL, &error);
  if (preview == NULL)
    goto failed;
  if (result->decisions != NULL)
    pr_scan_constraints_from_decisions (set, result->decisions, must, cannot);
  constraints = (PrClusterConstraints) { (const PrPair *) (gpointer) must->data, must->len,
                                         (const PrPair *) (gpointer) cannot->data, cannot->len };
  if (result->scored != NULL &&
      !pr_scan_result_judge_preview (result, preview, mapping, load.flags, load.judge, load.n_threads,
                                     PR_ADVICE_FLAGS, NULL, NULL, &error))
    goto failed;
  search_seconds = (g_get_monotonic_time () - start) / 1e6;

  if (out != NULL)
    {
      const char *header[] = { "distance", "pairs_at_distance", "clusters", "clusters_added", "clusters_removed",
                               "pairs", "pairs_change", "clustered_records" };

      if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), &error))
        goto failed;
    }

  if (pr_threshold_preview_is_judged (preview))
    printf (_("Scanned at k = %d; every k from 0 to %u regrouped from the same records, with the second stage: "
              "the candidates at each k (the pairs within k and those sharing passages or short texts) judged "
              "and joined as a scan at that k joins them.\n"
              "“pairs” are the candidates judged repeats; "
              "“added” and “removed” count the clusters not found at k = %d and those no longer found.\n\n"),
            options.k, pr_threshold_preview_get_kmax (preview), options.k);
  else
    printf (_("Scanned at k = %d; every k from 0 to %u regrouped from the same fingerprints.\n"
              "“pairs” are the pairs within k and those sharing passages farther apart; "
              "“added” and “removed” count the clusters not found at k = %d and those no longer found.\n\n"),
            options.k, pr_threshold_preview_get_kmax (preview), options.k);
  limit = pr_threshold_preview_describe_limit (preview);
  if (limit != NULL)
    printf ("%s\n\n", limit);
  /* TRANSLATORS: column headings of the thresholds table; keep each within its width */
  printf ("  %3s %14s %10s %8s %8s %12s %12s %10s\n", C_("thresholds", "k"), C_("thresholds", "at distance"),
          C_("thresholds", "clusters"), C_("thresholds", "added"), C_("thresholds", "removed"),
          C_("thresholds", "pairs"), C_("thresholds", "change"), C_("thresholds", "records"));
  for (guint d = 0; d <= pr_threshold_preview_get_kmax (preview); d++)
    {
      g_autoptr(PrClustering) clustering = NULL;
      g_autoptr(GString) line = g_string_new (NULL);
      PrThresholdSummary summary;
      gint64 cluster_start = g_get_monotonic_time ();

      clustering = pr_threshold_preview_compare (preview, options.k, d, &constraints, &summary, &error);
      if (clustering == NULL)
        goto failed;
      cluster_seconds = MAX (cluster_seconds, (g_get_monotonic_time () - cluster_start) / 1e6);
      g_string_append_printf (line, "%s %3u %14" G_GUINT64_FORMAT " %10u", d == (guint) options.k ? "*" : " ", d,
                              pr_threshold_preview_get_count (preview, d), summary.n_clusters);
      print_signed (line, summary.clusters_added, 8);
      print_signed (line, -(gint64) summary.clusters_removed, 8);
      g_string_append_printf (line, " %12" G_GUINT64_FORMAT, summary.n_pairs);
      print_signed (line, (gint64) summary.n_pairs - (gint64) summary.base_n_pairs, 12);
      g_string_append_printf (line, " %10" G_GUINT64_FORMAT, summary.n_clustered);
      printf ("%s\n", line->str);

      if (writer != NULL)
        {
          char cells[8][24];
          const char *row[8];

          g_snprintf (cells[0], sizeof cells[0], "%u", d);
          g_snprintf (cells[1], sizeof cells[1], "%" G_GUINT64_FORMAT, pr_threshold_preview_get_count (preview, d));
          g_snprintf (cells[2], sizeof cells[2], "%u", summary.n_clusters);
          g_snprintf (cells[3], sizeof cells[3], "%u", summary.clusters_added);
          g_snprintf (cells[4], sizeof cells[4], "%u", summary.clusters_removed);
          g_snprintf (cells[5], sizeof cells[5], "%" G_GUINT64_FORMAT, summary.n_pairs);
          g_snprintf (cells[6], sizeof cells[6], "%" G_GINT64_FORMAT, (gint64) summary.n_pairs - (gint64) summary.base_n_pairs);
          g_snprintf (cells[7], sizeof cells[7], "%" G_GUINT64_FORMAT, summary.n_clustered);
          for (guint i = 0; i < 8; i++)
            row[i] = cells[i];
          if (!pr_csv_writer_write_row (writer, row, 8, &error))
            goto failed;
        }
    }

  printf ("\n%s\n", _("Sample pairs at each distance (record ids):"));
  for (guint d = 0; d <= pr_threshold_preview_get_kmax (preview); d++)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      guint n_samples;
      const PrPair *samples = pr_threshold_preview_get_samples (preview, d, &n_samples);

      g_string_append_printf (line, "  %3u:", d);
      for (guint s = 0; s < n_samples; s++)
        g_string_append_printf (line, "%s %s–%s", s > 0 ? "," : "", (const char *) set->ids->pdata[samples[s].a],
                                (const char *) set->ids->pdata[samples[s].b]);
      if (n_samples == 0)
        g_string_append_printf (line, " %s", _("none"));
      printf ("%s\n", line->str);
    }

  if (writer != NULL && !pr_csv_writer_close (writer, &error))
    goto failed;
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write the table to standard output"));
      goto failed;
    }
  fprintf (stderr, ngettext ("%llu record; the pairs up to k = %u found (and judged) in %.3f s, each k regrouped in at most %.3f s\n",
                            "%llu records; the pairs up to k = %u found (and judged) in %.3f s, each k regrouped in at most %.3f s\n",
                            (gulong) set->n_records),
           (unsigned long long) set->n_records, pr_threshold_preview_get_kmax (preview), search_seconds,
           cluster_seconds);
  return 0;

failed:
  return pr_cli_fail ("thresholds", error);
}
