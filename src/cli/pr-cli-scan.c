/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scan: CSV in, clusters of repeat records out (stdout, or --out as CSV
 * with the columns cluster,id,primary,distance,same_petitioner,case,
 * identity_evidence,kind,disposition,due,earlier_id,probability), every
 * pair within k with --pairs (id_a,id_b,distance,kind,disposition,
 * probability; with --second-stage every candidate judged), and after them
 * one person's records in other words. With --store each cluster is named
 * by its case number too (pr-store-cases.c). The kinds and dispositions:
 * pr-cli-kinds.c.
 */
#define G_LOG_DOMAIN "pr-cli-scan"

#include "config.h"

#include <errno.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cluster.h"
#include "pr-csv-writer.h"
#include "pr-matches.h"
#include "pr-scan-options.h"
#include "pr-simhash.h"
#include "pr-store.h"
#include "pr-store-renamed.h"

/* @case_numbers: (nullable): with a store, each cluster's case number;
 * without, the case column is empty. */
static gboolean
write_clusters_csv (PrCsvWriter    *writer,
                    PrScanResult   *result,
                    PrClustering   *clustering,
                    const guint32  *case_numbers,
                    PrCliKinds     *kinds,
                    GError        **error)
{
  /* The names are a contract: columns are added at the end, never renamed. */
  const char *header[] = { "cluster", "id", "primary", "distance", "same_petitioner", "case", "identity_evidence",
                           "kind", "disposition", "due", "earlier_id", "probability" };
  PrRecordSet *set = result->set;

  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      char number[16], distance[16], case_number[16] = "", due[16] = "", probability[16];
      const char *row[12] = { number, NULL, set->ids->pdata[cluster->members[0]], distance, NULL, case_number, NULL,
                              "", "", due, "", probability };

      G_STATIC_ASSERT (G_N_ELEMENTS (row) == G_N_ELEMENTS (header));
      g_snprintf (number, sizeof number, "%u", c + 1);
      if (case_numbers != NULL)
        g_snprintf (case_number, sizeof case_number, "%u", case_numbers[c]);
      for (guint m = 0; m < cluster->n_members; m++)
        {
          /* 1: a repeat by the primary's petitioner, and the evidence
           * (id_card, phone, petitioner, name_and_address, name_and_phone,
           * name_and_partial_phone, name_and_partial_id_card, address_and_partial_phone);
           * 0: the same matter from another; empty for the primary, and
           * where it is not known (no identity column, masked values). */
          PrIdentityEvidence evidence = PR_IDENTITY_EVIDENCE_NONE;
          PrPetitionerKind kind = m == 0 ? PR_PETITIONER_UNKNOWN
                                         : pr_record_set_compare_petitioners (set, cluster->members[0],
                                                                              cluster->members[m], &evidence);

          row[1] = set->ids->pdata[cluster->members[m]];
          g_snprintf (distance, sizeof distance, "%u", cluster->distances[m]);
          const PrScoredPair *scored = m == 0 ? NULL
                                              : pr_scan_result_find_scored (result, cluster->members[0], cluster->members[m]);

          row[4] = kind == PR_PETITIONER_SAME ? "1" : kind == PR_PETITIONER_OTHER ? "0" : "";
          row[6] = pr_identity_evidence_to_string (evidence);
          if (m > 0)
            pr_cli_kinds_member_cells (kinds, set, cluster, m, &row[7], &row[8], &row[10], due);
          /* The second stage's probability that the member repeats the
           * primary; empty for the primary, without a second stage, and
           * for a member joined through others rather than to the primary,
           * or whose pair the bound proved below the threshold unjudged. */
          probability[0] = '\0';
          if (scored != NULL && scored->probability >= 0)
            g_snprintf (probability, sizeof probability, "%.3f", scored->probability);
          if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
            return FALSE;
        }
    }

  return pr_csv_writer_close (writer, error);
}

typedef struct {
  PrRecordSet *set;
  PrCsvWriter *writer;
  PrCliKinds  *kinds;
  GError      *error;
} PairWriter;

static void
write_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  PairWriter *out = user_data;
  char text[16], due[16];
  const char *row[6] = { out->set->ids->pdata[a], out->set->ids->pdata[b], text, NULL, NULL, "" };
  /* The earlier as the primary is chosen (date, its fraction, id); an
   * undated record sorts last. */
  gboolean a_first = pr_record_set_is_before (out->set, a, b);

  /* After the first failure (a full disk) nothing more is written. */
  if (out->error != NULL)
    return;
  g_snprintf (text, sizeof text, "%u", distance);
  pr_cli_kinds_pair_cells (out->kinds, out->set, a_first ? a : b, a_first ? b : a, &row[3], &row[4], due);
  pr_csv_writer_write_row (out->writer, row, G_N_ELEMENTS (row), &out->error);
}

/* Every candidate of the second stage, with its kind and probability; the
 * probability is blank for a pair left unjudged because no word
 * difference could bring it to the threshold (PrScoredPair's −1). */
static gboolean
write_scored_pairs (PrCsvWriter  *writer,
                    PrScanResult *result,
                    PrCliKinds   *kinds,
                    GError      **error)
{
  PrRecordSet *set = result->set;

  for (guint i = 0; i < result->scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (result->scored, PrScoredPair, i);
      char distance[16], probability[16], due[16];
      const char *row[6] = { set->ids->pdata[pair->a], set->ids->pdata[pair->b], distance, NULL, NULL, probability };
      gboolean a_first = pr_record_set_is_before (set, pair->a, pair->b);

      g_snprintf (distance, sizeof distance, "%u", pair->distance);
      if (pair->probability < 0)
        probability[0] = '\0';
      else
        g_snprintf (probability, sizeof probability, "%.3f", pair->probability);
      pr_cli_kinds_pair_cells (kinds, set, a_first ? pair->a : pair->b, a_first ? pair->b : pair->a,
                               &row[3], &row[4], due);
      if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
        return FALSE;
    }
  return TRUE;
}

/* @same_person: one person's records in other words (pr-cli-kinds.c),
 * after the pairs, the earlier first. */
static gboolean
write_pairs_csv (PrCsvWriter  *writer,
                 PrScanResult *result,
                 PrCliKinds   *kinds,
                 GArray       *same_person,
                 GError      **error)
{
  const char *header[] = { "id_a", "id_b", "distance", "kind", "disposition", "probability" };
  PrRecordSet *set = result->set;
  PairWriter out = { set, NULL, kinds, NULL };

  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  out.writer = writer;
  if (result->scored != NULL)
    {
      if (!write_scored_pairs (writer, result, kinds, error))
        return FALSE;
    }
  else
    pr_matches_foreach_pair (result->matches, write_pair, &out);
  if (out.error != NULL)
    {
      g_propagate_error (error, out.error);
      return FALSE;
    }
  for (guint i = 0; i < same_person->len; i++)
    {
      const PrRecordPair *pair = &g_array_index (same_person, PrRecordPair, i);
      char text[16];
      const char *row[6] = { set->ids->pdata[pair->earlier], set->ids->pdata[pair->later], text,
                             pr_repeat_kind_to_string (PR_REPEAT_KIND_SAME_PERSON), "", "" };

      g_snprintf (text, sizeof text, "%u",
                  (guint) pr_hamming_distance (set->fingerprints[pair->earlier], set->fingerprints[pair->later]));
      if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
        return FALSE;
    }

  return pr_csv_writer_close (writer, error);
}

typedef struct {
  PrRecordSet *set;
  PrCsvWriter *writer;
  GError      *error;
} NewRepeats;

static void
write_new_repeat (guint32      fresh,
                  guint32      existing,
                  guint32      distance,
                  PrRepeatKind kind,
                  gpointer     user_data)
{
  NewRepeats *out = user_data;
  char text[16];
  const char *row[] = { out->set->ids->pdata[fresh], out->set->ids->pdata[existing], text,
                        pr_repeat_kind_to_string (kind) };

  if (out->error != NULL)
    return;
  g_snprintf (text, sizeof text, "%u", distance);
  pr_csv_writer_write_row (out->writer, row, G_N_ELEMENTS (row), &out->error);
}

/* --new-repeats, in the columns the repeats subcommand prints too. */
static gboolean
write_new_repeats_csv (PrCsvWriter   *writer,
                       PrScanResult  *result,
                       guint64       *n_repeats,
                       GError       **error)
{
  NewRepeats repeats = { result->set, writer, NULL };

  if (writer != NULL && !pr_csv_writer_write_row (writer, pr_cli_repeats_header, PR_CLI_REPEATS_COLUMNS, error))
    return FALSE;
  *n_repeats = pr_scan_result_foreach_new_repeat (result, writer != NULL ? write_new_repeat : NULL, &repeats);
  if (repeats.error != NULL)
    {
      g_propagate_error (error, repeats.error);
      return FALSE;
    }
  return writer == NULL || pr_csv_writer_close (writer, error);
}

static void
print_clusters (PrRecordSet   *set,
                PrClustering  *clustering,
                const guint32 *case_numbers,
                guint          k,
                gboolean       judged)
{
  if (pr_clustering_get_n_clusters (clustering) == 0)
    ;
  else if (judged)
    printf (_("The distances are the bits in which two fingerprints differ (0 to 64). Records join a cluster "
              "when the second stage judges them repeats of its records on average; the pairs it judges are "
              "within k = %u or share passages, so a member may lie farther from the primary.\n\n"), k);
  else
    printf (_("The distances are the bits in which two fingerprints differ (0 to 64). Records join a cluster "
              "through pairs that are within k = %u or share passages, so a member may lie farther from the "
              "primary.\n\n"), k);
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);

      if (case_numbers != NULL)
        printf (ngettext ("Cluster %u, case %u: %u record, largest distance %u\n",
                          "Cluster %u, case %u: %u records, largest distance %u\n", cluster->n_members),
                c + 1, case_numbers[c], cluster->n_members, cluster->max_distance);
      else
        printf (ngettext ("Cluster %u: %u record, largest distance %u\n", "Cluster %u: %u records, largest distance %u\n",
                          cluster->n_members),
                c + 1, cluster->n_members, cluster->max_distance);
      for (guint m = 0; m < cluster->n_members; m++)
        {
          guint32 r = cluster->members[m];
          g_autofree char *date = pr_date_format (set->dates[r]);

          if (m == 0)
            printf ("  * %-12s %-16s %-12s %s\n", (const char *) set->ids->pdata[r], date,
                    _("primary"), (const char *) set->labels->pdata[r]);
          else
            printf ("    %-12s %-16s d=%-10u %s\n", (const char *) set->ids->pdata[r], date,
                    cluster->distances[m], (const char *) set->labels->pdata[r]);
        }
      printf ("\n");
    }
}

/* The rules are read through the state, the receiving body and the
 * category columns only (pr-repeat-kind.c). */
static gboolean
rules_in_effect (const PrMapping *mapping)
{
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    if (pr_mapping_get_column (mapping, c)->category)
      return TRUE;
  return pr_mapping_find (mapping, PR_COLUMN_ROLE_STATUS) >= 0 || pr_mapping_find (mapping, PR_COLUMN_ROLE_UNIT) >= 0;
}

int
pr_cli_scan (int    argc,
             char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *out = NULL;
  g_autofree char *pairs_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrScanResult) result = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrStore) store = NULL;
  guint last_k = 0;
  gboolean last_k_found = FALSE;
  g_autofree char *store_schema = NULL;
  g_autofree char *new_repeats_path = NULL;
  g_autoptr(PrCsvWriter) clusters_writer = NULL;
  g_autoptr(PrCsvWriter) pairs_writer = NULL;
  g_autoptr(PrCsvWriter) repeats_writer = NULL;
  guint64 n_repeats = 0;
  gboolean skip_bad_rows = FALSE;
  gboolean new_history = FALSE;
  gboolean index_passages = FALSE;
  gboolean second_stage = FALSE, no_second_stage = FALSE;
  double probability = PR_PAIR_DEFAULT_PROBABILITY;
  PrPairModel model;
  g_autofree char *bad_rows_path = NULL;
  g_auto(PrCliBadRows) bad_rows = { 0 };
  g_autofree char *rules_path = NULL;
  g_auto(PrCliKinds) kinds = { 0 };
  g_autoptr(GArray) same_person = NULL;
  PrLoadOptions load;
  PrPartMatchOptions part_options;
  PrCliProgress progress;
  PrRecordSet *set;
  PrClustering *clustering;
  guint64 clustered = 0, whole;
  gint64 scan_start = g_get_monotonic_time (), write_start;
  double write_seconds;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the clusters as CSV (cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,"
         "disposition,due,earlier_id,probability) to FILE; case is the cluster's case number with --store, else "
         "empty; kind says what each record is next to the primary, disposition and due what to do with it by "
         "the case it repeats (earlier_id); probability the second stage's, of the member and the primary"),
      N_("FILE") },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs_path,
      N_("Write every pair within k as CSV (id_a,id_b,distance,kind,disposition,probability) to FILE (with "
         "--second-stage, every candidate pair and its probability), and with --category one person's records "
         "in other words (kind same-person)"), N_("FILE") },
    { "rules", 0, 0, G_OPTION_ARG_FILENAME, &rules_path,
      N_("Read the office's periods and state words from FILE (a key file; see the admin guide) instead of "
         "the defaults"), N_("FILE") },
    { "store", 0, 0, G_OPTION_ARG_STRING, &store_schema,
      N_("Keep the fingerprints in the application's tables in SCHEMA and fingerprint only new or changed records (with --db or --sample)"), N_("SCHEMA") },
    { "new-repeats", 0, 0, G_OPTION_ARG_FILENAME, &new_repeats_path,
      N_("With --store: write the new or changed records that repeat stored ones as CSV (id,existing_id,distance) to FILE"), N_("FILE") },
    PR_CLI_BAD_ROWS_ENTRIES (skip_bad_rows, bad_rows_path),
    { "index-passages", 0, 0, G_OPTION_ARG_NONE, &index_passages,
      N_("With --store: keep an index of the stored records' passages, so that an intake check asks the "
         "server for the records sharing a passage instead of reading every stored passage at its first "
         "check (for large tables; costs the scan that builds it many inserts, and later scans keep it)"),
      NULL },
    { "new-history", 0, 0, G_OPTION_ARG_NONE, &new_history,
      N_("With --store: begin the table's history afresh even though its records have the ids of a table "
         "gone from the database (renamed? see move-history)"), NULL },
    { "second-stage", 0, 0, G_OPTION_ARG_NONE, &second_stage,
      N_("Judge every candidate pair by what a reviewer weighs (containment both ways, the shape of the "
         "difference, subject, dates, petitioner) and cluster only those likely enough (--probability); "
         "the candidates' passages are then generous (containment 0.25, 0.2 for one petitioner) unless given. "
         "The default"), NULL },
    { "no-second-stage", 0, 0, G_OPTION_ARG_NONE, &no_second_stage,
      N_("Cluster every pair the fingerprints and passages find (within k, or passages at containment 0.6, "
         "0.5 for one petitioner), without judging them"), NULL },
    { "probability", 0, 0, G_OPTION_ARG_DOUBLE, &probability,
      N_("With --second-stage: the probability from which a pair is a repeat (default 0.5)"), N_("P") },
    PR_CLI_IDF_ENTRIES (options),
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("[RECORDS.csv] — find the clusters of repeat records"),
                             entries, &options, 1, &error) ||
      !pr_cli_check_range ("probability", probability, 0, 1, &error) ||
      !pr_cli_check_second_stage (second_stage, no_second_stage, &error))
    goto failed;
  second_stage = !no_second_stage;

  if ((store_schema != NULL || new_repeats_path != NULL) && options.db == NULL && !options.sample)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--store and --new-repeats go with --db or --sample"));
      goto failed;
    }
  if (new_repeats_path != NULL && store_schema == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--new-repeats goes with --store"));
      goto failed;
    }
  if (index_passages && store_schema == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("--index-passages goes with --store"));
      goto failed;
    }

  /* Every output is opened before the scan begins, and written before the
   * store marks the scan complete: a missing folder, a full disk or a
   * killed run leaves the store as it was, and the next scan reports the
   * same new repeats again. None may be the records file or another. */
  {
    g_autofree char *bad_rows_file = pr_cli_bad_rows_path (skip_bad_rows, bad_rows_path, out);
    const PrCliFile inputs[] = { { _("the records file"), options.db == NULL && !options.sample && argc > 1 ? argv[1] : NULL },
                                 { "--password-file", options.password_file }, { "--rules", rules_path } };
    /* Without --out, what it prints goes to standard output, where a
     * second output given as "-" would run into it. */
    const PrCliFile outputs[] = { out != NULL ? (PrCliFile) { "--out", out }
                                                 /* Translators: the report scan prints when no --out is given */
                                                 : (PrCliFile) { _("the report (without --out, on standard output)"), "-" },
                                  { "--pairs", pairs_path }, { "--new-repeats", new_repeats_path },
                                  { "--bad-rows", bad_rows_file } };

    if (!pr_cli_check_outputs (inputs, G_N_ELEMENTS (inputs), outputs, G_N_ELEMENTS (outputs), &error))
      goto failed;
  }
  if (out != NULL && (clusters_writer = pr_cli_open_csv_output (out, PR_CSV_WRITER_FLAGS_NONE, &error)) == NULL)
    goto failed;
  if (pairs_path != NULL &&
      (pairs_writer = pr_cli_open_csv_output (pairs_path, PR_CSV_WRITER_FLAGS_NONE, &error)) == NULL)
    goto failed;
  if (new_repeats_path != NULL &&
      (repeats_writer = pr_cli_open_csv_output (new_repeats_path, PR_CSV_WRITER_FLAGS_NONE, &error)) == NULL)
    goto failed;

  if (!pr_cli_bad_rows_open (&bad_rows, skip_bad_rows, bad_rows_path, out, &error))
    goto failed;
  if (!pr_cli_kinds_init (&kinds, rules_path, &error))
    goto failed;

  if (!pr_cli_open_source (&options, store_schema, &connection, &mapping, &store, &error))
    goto failed;
  if (rules_path != NULL && !rules_in_effect (mapping))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--rules tells a repeat's disposition by its case's state (--status), a letter sent to "
                             "several bodies (--unit) and a petitioner's other matters (--category), but the "
                             "mapping has none of these columns, so it would change nothing: add the one meant, or "
                             "leave out --rules"));
      goto failed;
    }

  if (store != NULL && !pr_store_get_last_k (store, options.table, &last_k, &last_k_found, &error))
    goto failed;
  if (store != NULL)
    pr_store_set_index_passages (store, index_passages);

  options.bad_rows = &bad_rows;
  pr_cli_load_options (&options, out == NULL, &load);
  part_options = pr_cli_part_options (&options);
  load.rules = kinds.rules;
  /* The weights `learn` kept for this table, or the shipped ones, and the
   * generous candidates, as the window's scan sets them. */
  if (second_stage && !pr_scan_options_second_stage (store, options.table, mapping, probability, &model, &load,
                                                     &part_options, &error))
    goto failed;
  /* The pairs that cannot change the clusters are proved so without the
   * word diff: --pairs leaves their probability blank (below
   * --probability, not judged), and a store keeps them as not judged, to
   * be judged by whoever needs their number. */
  load.judge_for_clusters = TRUE;
  pr_cli_progress_init (&progress);
  if (store != NULL)
    result = pr_scan_run_deferred (connection, store, options.table, mapping, &load, options.k,
                                   options.no_parts ? NULL : &part_options, pr_cli_progress_scan, &progress,
                                   NULL, &error);
  else
    result = pr_scan_run (connection, NULL, connection != NULL ? options.table : NULL,
                          connection != NULL ? NULL : argv[1], mapping, &load, options.k,
                          options.no_parts ? NULL : &part_options, pr_cli_progress_scan, &progress, NULL, &error);
  pr_cli_progress_finish (&progress);
  if (result == NULL)
    goto failed;
  set = result->set;
  clustering = result->clustering;

  /* A renamed table would begin again, every record new, its decisions
   * and cases left under the old name. */
  if (store != NULL && !new_history)
    {
      g_auto(PrRenamedTable) renamed = { 0 };

      if (!pr_store_find_renamed (store, options.table, (char *const *) set->ids->pdata, set->content_hashes,
                                  result->mapping_version, set->n_records, &renamed, &error))
        goto abandon;
      /* The same ids, but other petitions behind most of them: moving the
       * history would bind its decisions and cases to them. */
      if (renamed.table != NULL && renamed.n_compared > 0 && renamed.n_same * 2 < renamed.n_compared)
        {
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("the store has no history of “%s”, and %llu of the %llu records it keeps of “%s”, a table "
                         "no longer in this database, have ids of “%s”, but only %llu of the %llu compared read as "
                         "stored: “%s” holds other petitions under those ids, not “%s” renamed, and moving that "
                         "history would bind its decisions and cases to them. Scan with --new-history to begin "
                         "afresh (the history of “%s” stays in the store as it is)"),
                       options.table, (unsigned long long) renamed.n_shared, (unsigned long long) renamed.n_stored,
                       renamed.table, options.table, (unsigned long long) renamed.n_same,
                       (unsigned long long) renamed.n_compared, options.table, renamed.table, renamed.table);
          goto abandon;
        }
      if (renamed.table != NULL)
        {
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("the store has no history of “%s”, but %llu of the %llu records it keeps of “%s”, a table "
                         "no longer in this database, have ids of “%s”: if the table was renamed, move its history "
                         "first (petition-review-cli move-history --db … --store … --from %s --table %s), then scan "
                         "again; to begin afresh instead, add --new-history"),
                       options.table, (unsigned long long) renamed.n_shared, (unsigned long long) renamed.n_stored,
                       renamed.table, options.table, renamed.table, options.table);
          goto abandon;
        }
    }

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    clustered += pr_clustering_get_cluster (clustering, c)->n_members;

  write_start = g_get_monotonic_time ();
  if (clusters_writer != NULL)
    {
      if (!write_clusters_csv (clusters_writer, result, clustering, result->case_numbers, &kinds, &error))
        goto abandon;
    }
  else
    print_clusters (set, clustering, result->case_numbers, options.k, second_stage);

  same_person = pr_cli_kinds_same_person (&kinds, set, clustering);
  if (pairs_writer != NULL && !write_pairs_csv (pairs_writer, result, &kinds, same_person, &error))
    goto abandon;
  if (store != NULL && !write_new_repeats_csv (repeats_writer, result, &n_repeats, &error))
    goto abandon;
  if (!pr_cli_bad_rows_close (&bad_rows, &error))
    goto abandon;
  write_seconds = (g_get_monotonic_time () - write_start) / 1e6;

  /* The clusters first, then the summary, when both go to one terminal or
   * pipe; and a full disk behind stdout is an error, not a quiet success. */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      int saved_errno = errno;

      g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write the clusters to standard output: %s"), g_strerror (saved_errno));
      goto abandon;
    }

  if (store != NULL)
    {
      if (!pr_scan_result_commit (result, store, options.table, NULL, &error))
        goto failed;
      g_autofree char *stored = g_strdup_printf (
        /* Translators: the plural follows the unchanged records; the last count is of the
         * records of the store made again with another mapping (or to keep their passages). */
        ngettext ("%llu new, %llu changed and %llu unchanged record, %llu fingerprinted again",
                  "%llu new, %llu changed and %llu unchanged records, %llu fingerprinted again",
                  (gulong) set->n_reused),
        (unsigned long long) result->counts.new_records, (unsigned long long) result->counts.changed_records,
        (unsigned long long) set->n_reused, (unsigned long long) result->counts.refingerprinted_records);
      g_autofree char *repeats_text = g_strdup_printf (
        ngettext ("%llu pair of a new or changed record with an earlier one",
                  "%llu pairs of a new or changed record with an earlier one", (gulong) n_repeats),
        (unsigned long long) n_repeats);

      /* Translators: the counts of the records stored, then of the pairs found. */
      fprintf (stderr, _("Stored: %s; %s\n"), stored, repeats_text);
      /* Not silent: an edit hidden by the mapping change is not a new repeat. */
      if (result->n_unknown_edits > 0)
        fprintf (stderr, ngettext ("Warning: %llu record was fingerprinted again under a mapping that reads other "
                                   "columns, so whether it was edited since the last scan cannot be told: its "
                                   "repeats are not among the new ones. Change the mapping in a scan of its own, "
                                   "right after a scan with the old mapping, so that no edit is missed.\n",
                                   "Warning: %llu records were fingerprinted again under a mapping that reads other "
                                   "columns, so whether they were edited since the last scan cannot be told: their "
                                   "repeats are not among the new ones. Change the mapping in a scan of its own, "
                                   "right after a scan with the old mapping, so that no edit is missed.\n",
                                   (gulong) result->n_unknown_edits),
                 (unsigned long long) result->n_unknown_edits);
      if (last_k_found && last_k != (guint) options.k)
        fprintf (stderr, _("Note: the last scan of “%s” with this store used k = %u, this one k = %d: the clusters "
                           "that came out otherwise have new case numbers, and the cases they replace have ended. "
                           "To compare values of k without touching the cases, use “petition-review-cli "
                           "thresholds”, or scan without --store.\n"),
                 options.table, last_k, options.k);
    }

  whole = pr_matches_count_pairs (result->matches);
  pr_cli_kinds_report (&kinds, set, clustering, same_person->len);
  pr_cli_print_unreadable_dates (set, &options);
  {
    g_autofree char *identities = pr_identity_table_describe (set->identities);

    if (identities != NULL)
      fprintf (stderr, "%s\n", identities);
  }
  {
    guint n_clusters = pr_clustering_get_n_clusters (clustering);
    g_autofree char *records_text = pr_cli_records_text (set->n_records, set->n_sparse);
    g_autofree char *pairs_text = NULL;

    if (result->scored != NULL)
      pairs_text = g_strdup_printf (
        /* Translators: the second stage's pairs: those judged repeats, then the candidates it judged. */
        ngettext ("%llu pair judged a repeat of %llu candidates (%llu within k = %d, %llu more sharing passages "
                  "or short texts worded alike)",
                  "%llu pairs judged repeats of %llu candidates (%llu within k = %d, %llu more sharing passages "
                  "or short texts worded alike)",
                  (gulong) result->counts.pairs),
        (unsigned long long) result->counts.pairs, (unsigned long long) result->scored->len,
        (unsigned long long) whole, options.k, (unsigned long long) (result->scored->len - whole));
    else
      pairs_text = g_strdup_printf (
        ngettext ("%llu pair (%llu within k = %d, %llu more sharing passages)",
                  "%llu pairs (%llu within k = %d, %llu more sharing passages)", (gulong) result->counts.pairs),
        (unsigned long long) result->counts.pairs, (unsigned long long) whole, options.k,
        (unsigned long long) (result->counts.pairs - whole));
    g_autofree char *clusters_text = g_strdup_printf (ngettext ("%u cluster", "%u clusters", n_clusters), n_clusters);
    g_autofree char *clustered_text = g_strdup_printf (ngettext ("%llu record", "%llu records", (gulong) clustered),
                                                       (unsigned long long) clustered);

    /* Translators: e.g. "7 records (2 too short to match), 3 pairs (…), 1 cluster holding 3 records";
     * each count is worded with its own plural. */
    fprintf (stderr, _("%s, %s, %s holding %s\n"), records_text, pairs_text, clusters_text, clustered_text);
  }
  fprintf (stderr, _("Time: read %.2f s, fingerprint %.2f s, group %.3f s, cluster %.3f s, store %.2f s, "
                     "write %.2f s; %.1f s in all\n"),
           set->read_seconds, set->fingerprint_seconds, result->group_seconds, result->cluster_seconds,
           result->store_seconds, write_seconds, (g_get_monotonic_time () - scan_start) / 1e6);
  if (result->scored != NULL)
    fprintf (stderr, _("Second stage: the candidates judged in %.2f s (within the cluster time), a repeat at "
                       "probability %.2f or more\n"), result->judge_seconds, result->probability);
  if (result->scored != NULL && result->scan_id > 0)
    fprintf (stderr, _("Second stage: %llu of the %llu candidates' judgements of the last scan taken (the same two "
                       "records, petitioner evidence and weights), %llu judged now, %llu proved below the "
                       "threshold without judging\n"),
             (unsigned long long) result->judged_taken, (unsigned long long) result->scored->len,
             (unsigned long long) result->judged_now,
             (unsigned long long) result->unjudged);
  /* The temporary file only when one was needed: it explains a slow or a
   * failed scan, not a small one. */
  if (result->part_pairs_taken)
    fprintf (stderr, _("Passages: not matched again, the pairs sharing them taken from the last scan that "
                       "matched the same records (none added, removed or changed since)\n"));
  else if (result->n_parts > 0 && result->spilled_bytes > 0)
    fprintf (stderr, _("Passages: %llu (%.1f a record), %.2f GB of them matched through a temporary file\n"),
             (unsigned long long) result->n_parts, (double) result->n_parts / MAX (set->n_records, 1),
             result->spilled_bytes / 1e9);
  else if (result->n_parts > 0)
    fprintf (stderr, _("Passages: %llu (%.1f a record)\n"),
             (unsigned long long) result->n_parts, (double) result->n_parts / MAX (set->n_records, 1));
  fprintf (stderr, _("Peak memory: %.0f MB\n"), pr_cli_peak_rss_mb ());

  return 0;

abandon:
  if (store != NULL)
    pr_scan_result_abandon (result, store, error);
failed:
  return pr_cli_fail ("scan", error);
}
