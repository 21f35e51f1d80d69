/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Opening a table's last complete scan from the store, against a real,
 * throwaway MariaDB server: the clusters opened are the scan's own (its
 * clustering is the oracle: members, primary, case number), read without
 * reading the table (the server's count of rows read); a row deleted since
 * is there as missing; another mapping is refused with what to do.
 */
#include "config.h"

#include <string.h>

#include "pr-scan-stored.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

#define N_FILLER 1500
#define N_GROUPS 12

static PrMapping *
make_mapping (gboolean with_subject)
{
  PrMapping *map = pr_mapping_new ();

  pr_mapping_add (map, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (map, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL);
  if (with_subject)
    pr_mapping_add (map, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL);
  pr_mapping_add (map, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  return map;
}

static PrLoadOptions
load_options (void)
{
  PrLoadOptions load = { 0 };

  load.flags = PR_TOKENIZER_FOLD_TRADITIONAL;
  load.min_tokens = 3;
  load.keep_labels = TRUE;
  return load;
}

/* A table of unrelated petitions and N_GROUPS groups of two to four near
 * copies (a character or two changed), ids spread among them. */
static void
fill_table (PrConnection *db)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  guint id = 1;

  pr_test_execute (db, "CREATE TABLE petitions (id INT PRIMARY KEY, subject VARCHAR(100), body TEXT, "
                       "submitted_at DATETIME)");
  for (guint i = 0; i < N_FILLER; i++)
    {
      g_autofree char *body = pr_test_petition_body (i);

      g_string_printf (sql, "INSERT INTO petitions VALUES (%u, '事项%u', '%s', '2026-01-01 08:00:00' + "
                            "INTERVAL %u HOUR)", id++, i, body, i);
      pr_test_execute (db, sql->str);
      if (i % (N_FILLER / N_GROUPS) == 0 && i / (N_FILLER / N_GROUPS) < N_GROUPS)
        {
          guint group = i / (N_FILLER / N_GROUPS);

          for (guint copy = 0; copy < 1 + group % 3; copy++)
            {
              g_autofree char *copied = g_strdup_printf ("%s%s", body, copy == 0 ? "。" : copy == 1 ? "！" : "了。");

              g_string_printf (sql, "INSERT INTO petitions VALUES (%u, '事项%u', '%s', '2026-02-01 08:00:00' + "
                                    "INTERVAL %u HOUR)", id++, i, copied, i + copy);
              pr_test_execute (db, sql->str);
            }
        }
    }
}

static PrScanResult *
scan (PrConnection *db,
      PrStore      *store)
{
  g_autoptr(PrMapping) map = make_mapping (FALSE);
  g_autoptr(GError) error = NULL;
  PrLoadOptions load = load_options ();
  PrScanResult *result = pr_scan_run (db, store, "petitions", NULL, map, &load, 3, &PR_PART_MATCH_OPTIONS_DEFAULT,
                                      NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return result;
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Each cluster as "number:primary:member,member…" (members sorted),
 * sorted; with @distances, each member's distance to the primary too. */
static char *
describe_clusters (PrScanResult *result,
                   gboolean      distances)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);
      g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint m = 1; m < cluster->n_members; m++)
        g_ptr_array_add (members, distances
                                  ? g_strdup_printf ("%s/%u", (char *) result->set->ids->pdata[cluster->members[m]],
                                                     cluster->distances[m])
                                  : g_strdup (result->set->ids->pdata[cluster->members[m]]));
      g_ptr_array_sort (members, compare_strings);
      g_string_printf (line, "%u:%s:", result->case_numbers[c],
                       (char *) result->set->ids->pdata[cluster->members[0]]);
      for (guint m = 0; m < members->len; m++)
        g_string_append_printf (line, "%s%s", m > 0 ? "," : "", (char *) members->pdata[m]);
      g_ptr_array_add (lines, g_string_free (g_steal_pointer (&line), FALSE));
    }
  g_ptr_array_sort (lines, compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

static guint
index_of_id (PrScanResult *result,
             const char   *id)
{
  for (guint i = 0; i < result->set->n_records; i++)
    if (strcmp (result->set->ids->pdata[i], id) == 0)
      return i;
  g_assert_not_reached ();
}

static guint64
rows_read (PrConnection *db)
{
  g_autofree char *value = pr_test_query_value (db, "SELECT SUM(VARIABLE_VALUE) FROM information_schema.SESSION_STATUS "
                                                    "WHERE VARIABLE_NAME IN ('HANDLER_READ_RND_NEXT', "
                                                    "'HANDLER_READ_NEXT', 'HANDLER_READ_KEY')");

  return g_ascii_strtoull (value, NULL, 10);
}

static PrScanResult *
open_stored (PrConnection  *db,
             PrStore       *store,
             gboolean       with_subject,
             PrStoredScan **scan_out,
             GPtrArray    **missing,
             GError       **error)
{
  g_autoptr(PrMapping) map = make_mapping (with_subject);
  PrLoadOptions load = load_options ();

  return pr_scan_open_stored (db, store, "petitions", map, &load, scan_out, missing, NULL, error);
}

static void
test_open_last_scan (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "prstored");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrScanResult) scanned = NULL, opened = NULL, reopened = NULL, refused = NULL;
  g_autoptr(PrStoredScan) stored_scan = NULL;
  g_autoptr(GPtrArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL, *got = NULL, *deleted = NULL, *after_delete = NULL;
  g_autofree char *sql = NULL, *with_distances = NULL, *got_distances = NULL;
  guint64 before, members = 0;
  g_autoptr(GTimer) timer = NULL;
  GDateTime *now = g_date_time_new_now_utc ();
  gint64 now_seconds = g_date_time_to_unix (now);

  g_date_time_unref (now);
  fill_table (db);
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  /* Nothing scanned: said so. */
  g_assert_null (open_stored (db, store, FALSE, NULL, NULL, &error));
  g_assert_error (error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_NONE);
  g_clear_error (&error);

  timer = g_timer_new ();
  scanned = scan (db, store);
  g_test_message ("scan of %" G_GSIZE_FORMAT " records: %.3f s", scanned->set->n_records, g_timer_elapsed (timer, NULL));
  g_assert_cmpuint (pr_clustering_get_n_clusters (scanned->clustering), >=, N_GROUPS);
  expected = describe_clusters (scanned, FALSE);

  before = rows_read (db);
  g_timer_start (timer);
  opened = open_stored (db, store, FALSE, &stored_scan, &missing, &error);
  g_test_message ("opened from the store, %" G_GSIZE_FORMAT " members: %.3f s", opened->set->n_records,
                  g_timer_elapsed (timer, NULL));
  g_assert_no_error (error);
  got = describe_clusters (opened, FALSE);
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpuint (missing->len, ==, 0);
  g_assert_cmpint (stored_scan->scan_id, ==, scanned->scan_id);
  g_assert_cmpuint (stored_scan->k, ==, 3);
  g_assert_cmpint (ABS (stored_scan->finished_at - now_seconds), <, 3600);
  g_assert_cmpuint (opened->k, ==, 3);
  g_assert_cmpuint (opened->counts.records, ==, scanned->counts.records);
  g_assert_cmpuint (opened->counts.new_records, ==, scanned->counts.new_records);
  g_assert_cmpuint (opened->counts.pairs, ==, scanned->counts.pairs);
  g_assert_cmpuint (opened->counts.clusters, ==, pr_clustering_get_n_clusters (opened->clustering));
  /* Only the members were read, not the table (nor every fingerprint):
   * a few store rows per member besides. */
  for (guint c = 0; c < pr_clustering_get_n_clusters (scanned->clustering); c++)
    members += pr_clustering_get_cluster (scanned->clustering, c)->n_members;
  g_assert_cmpuint (opened->set->n_records, ==, members);
  g_assert_cmpuint (rows_read (db) - before, <, 20 * members + 100);
  g_assert_cmpuint (scanned->set->n_records, >, 20 * members + 100);
  /* The distances to the primary are the scan's. */
  with_distances = describe_clusters (scanned, TRUE);
  got_distances = describe_clusters (opened, TRUE);
  g_assert_cmpstr (got_distances, ==, with_distances);

  /* A member deleted from the table since: still in its case, named
   * missing, its label says so; nothing else moves. A non-primary member
   * of the largest case. */
  {
    const PrCluster *largest = pr_clustering_get_cluster (scanned->clustering, 0);

    g_assert_cmpuint (largest->n_members, >=, 3);
    deleted = g_strdup (scanned->set->ids->pdata[largest->members[1]]);
  }
  sql = g_strdup_printf ("DELETE FROM petitions WHERE id = %s", deleted);
  pr_test_execute (db, sql);
  g_clear_pointer (&missing, g_ptr_array_unref);
  reopened = open_stored (db, store, FALSE, NULL, &missing, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (missing->len, ==, 1);
  g_assert_cmpstr (missing->pdata[0], ==, deleted);
  after_delete = describe_clusters (reopened, FALSE);
  g_assert_cmpstr (after_delete, ==, expected);
  for (guint i = 0; i < reopened->set->n_records; i++)
    if (strcmp (reopened->set->ids->pdata[i], deleted) == 0)
      {
        g_assert_true (reopened->set->sparse[i]);
        g_assert_cmpint (reopened->set->dates[i], ==, PR_DATE_NONE);
        g_assert_cmpstr (reopened->set->labels->pdata[i], !=, scanned->set->labels->pdata[index_of_id (scanned, deleted)]);
      }

  /* Another mapping (a column more): refused, naming the scan's. */
  refused = open_stored (db, store, TRUE, NULL, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, PR_STORED_SCAN_ERROR, PR_STORED_SCAN_ERROR_MAPPING_CHANGED);
  g_assert_nonnull (strstr (error->message, "body"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();
  g_test_add_func ("/db/scan-stored/open", test_open_last_scan);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
