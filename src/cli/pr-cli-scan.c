/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scan: CSV in, clusters of repeat records out (stdout, or --out as CSV
 * with the columns cluster,id,primary,distance), every pair within k with
 * --pairs (id_a,id_b,distance).
 */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-cluster.h"
#include "pr-csv-writer.h"

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
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, error);
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

static gboolean
write_pairs_csv (const char   *path,
                 PrRecordSet  *set,
                 GArray       *pairs,
                 GError      **error)
{
  g_autoptr(PrCsvWriter) writer = pr_cli_open_csv_output (path, error);
  const char *header[] = { "id_a", "id_b", "distance" };

  if (writer == NULL)
    return FALSE;

  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  for (guint i = 0; i < pairs->len; i++)
    {
      const PrPair *pair = &g_array_index (pairs, PrPair, i);
      char distance[16];
      const char *row[3] = { set->ids->pdata[pair->a], set->ids->pdata[pair->b], distance };

      g_snprintf (distance, sizeof distance, "%u", pair->distance);
      if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
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
  g_autoptr(GArray) pairs = NULL;
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
  pairs = pr_record_set_find_pairs (set, options.k, options.threads, NULL, &error);
  if (pairs == NULL)
    goto failed;
  group_seconds = (g_get_monotonic_time () - start) / 1e6;

  start = g_get_monotonic_time ();
  rank = pr_record_set_rank (set);
  clustering = pr_clustering_new (set->fingerprints, set->n_records,
                                  (const PrPair *) pairs->data, pairs->len, rank);
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

  if (pairs_path != NULL && !write_pairs_csv (pairs_path, set, pairs, &error))
    goto failed;

  /* The clusters first, then the summary, when both go to one terminal or pipe. */
  fflush (stdout);

  fprintf (stderr,
           _("%llu records (%llu too short to match), %u pairs within k = %d, %u clusters holding %llu records\n"),
           (unsigned long long) set->n_records, (unsigned long long) set->n_sparse, pairs->len, options.k,
           pr_clustering_get_n_clusters (clustering), (unsigned long long) clustered);
  fprintf (stderr, _("Time: read %.2f s, fingerprint %.2f s, group %.3f s, cluster %.3f s\n"),
           set->read_seconds, set->fingerprint_seconds, group_seconds, cluster_seconds);

  return 0;

failed:
  return pr_cli_fail ("scan", error);
}
