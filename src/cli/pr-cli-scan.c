/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scan: CSV in, clusters of repeat records out (stdout, or --out as CSV
 * with the columns cluster,id,primary,distance), every pair within k with
 * --pairs (id_a,id_b,distance).
 */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <errno.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cluster.h"
#include "pr-csv-writer.h"
#include "pr-matches.h"

static char *
format_date (gint64 seconds)
{
  g_autoptr(GDateTime) dt = NULL;

  if (seconds == PR_DATE_NONE)
    return g_strdup ("—");
  dt = g_date_time_new_from_unix_utc (seconds);
  return dt != NULL ? g_date_time_format (dt, "%Y-%m-%d %H:%M") : g_strdup ("—");
}

static gboolean
write_clusters_csv (const char     *path,
                    PrRecordSet    *set,
                    PrClustering   *clustering,
                    GError        **error)
{
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, PR_CSV_WRITER_FLAGS_NONE, error);
  const char *header[] = { "cluster", "id", "primary", "distance" };

  if (writer == NULL)
    return FALSE;

  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);
      char number[16], distance[16];
      const char *row[4] = { number, NULL, set->ids->pdata[cluster->members[0]], distance };

      g_snprintf (number, sizeof number, "%u", c + 1);
      for (guint m = 0; m < cluster->n_members; m++)
        {
          row[1] = set->ids->pdata[cluster->members[m]];
          g_snprintf (distance, sizeof distance, "%u", cluster->distances[m]);
          if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
            return FALSE;
        }
    }

  return pr_csv_writer_close (writer, error);
}

typedef struct {
  PrRecordSet *set;
  PrCsvWriter *writer;
  GError      *error;
} PairWriter;

static void
write_pair (guint32  a,
            guint32  b,
            guint32  distance,
            gpointer user_data)
{
  PairWriter *out = user_data;
  char text[16];
  const char *row[3] = { out->set->ids->pdata[a], out->set->ids->pdata[b], text };

  /* After the first failure (a full disk) nothing more is written. */
  if (out->error != NULL)
    return;
  g_snprintf (text, sizeof text, "%u", distance);
  pr_csv_writer_write_row (out->writer, row, G_N_ELEMENTS (row), &out->error);
}

static gboolean
write_pairs_csv (const char   *path,
                 PrRecordSet  *set,
                 PrMatches    *matches,
                 GError      **error)
{
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, PR_CSV_WRITER_FLAGS_NONE, error);
  const char *header[] = { "id_a", "id_b", "distance" };
  PairWriter out = { set, NULL, NULL };

  if (writer == NULL)
    return FALSE;

  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  out.writer = writer;
  pr_matches_foreach_pair (matches, write_pair, &out);
  if (out.error != NULL)
    {
      g_propagate_error (error, out.error);
      return FALSE;
    }

  return pr_csv_writer_close (writer, error);
}

static void
print_clusters (PrRecordSet  *set,
                PrClustering *clustering)
{
  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (clustering, c);

      printf (_("Cluster %u: %u records, largest distance %u\n"),
              c + 1, cluster->n_members, cluster->max_distance);
      for (guint m = 0; m < cluster->n_members; m++)
        {
          guint32 r = cluster->members[m];
          g_autofree char *date = format_date (set->dates[r]);

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

int
pr_cli_scan (int    argc,
             char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *out = NULL;
  g_autofree char *pairs_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrMatches) matches = NULL;
  g_autoptr(GArray) spanning = NULL;
  g_autoptr(PrClustering) clustering = NULL;
  g_autofree guint32 *rank = NULL;
  guint64 clustered = 0;
  gint64 start;
  double group_seconds, cluster_seconds;
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the clusters as CSV (cluster,id,primary,distance) to FILE"), N_("FILE") },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs_path,
      N_("Write every pair within k as CSV (id_a,id_b,distance) to FILE"), N_("FILE") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("RECORDS.csv — find the clusters of repeat records"),
                             entries, &options, 1, &error))
    goto failed;

  set = pr_cli_load_records (argv[1], &options, out == NULL, &error);
  if (set == NULL)
    goto failed;

  start = g_get_monotonic_time ();
  matches = pr_matches_find (set->fingerprints, set->sparse, set->n_records, options.k,
                             options.threads, NULL, &error);
  if (matches == NULL)
    goto failed;
  group_seconds = (g_get_monotonic_time () - start) / 1e6;

  start = g_get_monotonic_time ();
  rank = pr_record_set_rank (set);
  spanning = pr_matches_spanning_pairs (matches);
  clustering = pr_clustering_new (set->fingerprints, set->n_records,
                                  (const PrPair *) spanning->data, spanning->len, rank);
  cluster_seconds = (g_get_monotonic_time () - start) / 1e6;

  for (guint c = 0; c < pr_clustering_get_n_clusters (clustering); c++)
    clustered += pr_clustering_get_cluster (clustering, c)->n_members;

  if (out != NULL)
    {
      if (!write_clusters_csv (out, set, clustering, &error))
        goto failed;
    }
  else
    print_clusters (set, clustering);

  if (pairs_path != NULL && !write_pairs_csv (pairs_path, set, matches, &error))
    goto failed;

  /* The clusters first, then the summary, when both go to one terminal or
   * pipe; and a full disk behind stdout is an error, not a quiet success. */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      int saved_errno = errno;

      g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write the clusters to standard output: %s"), g_strerror (saved_errno));
      goto failed;
    }

  fprintf (stderr,
           _("%llu records (%llu too short to match), %llu pairs within k = %d, %u clusters holding %llu records\n"),
           (unsigned long long) set->n_records, (unsigned long long) set->n_sparse,
           (unsigned long long) pr_matches_count_pairs (matches), options.k,
           pr_clustering_get_n_clusters (clustering), (unsigned long long) clustered);
  fprintf (stderr, _("Time: read %.2f s, fingerprint %.2f s, group %.3f s, cluster %.3f s\n"),
           set->read_seconds, set->fingerprint_seconds, group_seconds, cluster_seconds);

  return 0;

failed:
  return pr_cli_fail ("scan", error);
}
