/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan's commit reuses the case numbering made before its outputs
 * (pr_store_number_cases) instead of reading every case again, against a
 * real, throwaway MariaDB server: the server's own count of rows read
 * (of the store's session) shows that the commit does not read the cases' members again, and a
 * numbering made before another scan changed the cases is still refused.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-store-cases.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* @n_clusters clusters of two records, "pI" (the primary) and "mI", the
 * first of them (when @regroup) of three: p0 m0 and m1, m1 leaving its
 * own. */
typedef struct {
  GPtrArray *ids;       /* char *, owned: every record */
  GPtrArray *strvs;     /* the member lists */
  GArray    *clusters;  /* PrCaseMembers */
  guint64   *values;
} Clusters;

static void
clusters_clear (Clusters *c)
{
  g_clear_pointer (&c->ids, g_ptr_array_unref);
  g_clear_pointer (&c->strvs, g_ptr_array_unref);
  g_clear_pointer (&c->clusters, g_array_unref);
  g_clear_pointer (&c->values, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Clusters, clusters_clear)

static void
clusters_make (Clusters *c,
               guint     n_clusters,
               gboolean  regroup)
{
  c->ids = g_ptr_array_new_with_free_func (g_free);
  c->strvs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  c->clusters = g_array_new (FALSE, TRUE, sizeof (PrCaseMembers));
  for (guint i = 0; i < n_clusters; i++)
    {
      g_ptr_array_add (c->ids, g_strdup_printf ("p%u", i));
      g_ptr_array_add (c->ids, g_strdup_printf ("m%u", i));
    }
  for (guint i = 0; i < n_clusters; i++)
    {
      char **members;
      PrCaseMembers one;

      if (regroup && i == 0)
        members = g_strsplit ("p0 m0 m1", " ", -1);
      else if (regroup && i == 1)
        members = g_strsplit ("p1", " ", -1);
      else
        {
          members = g_new0 (char *, 3);
          members[0] = g_strdup_printf ("p%u", i);
          members[1] = g_strdup_printf ("m%u", i);
        }
      g_ptr_array_add (c->strvs, members);
      if (g_strv_length (members) < 2)
        continue;
      one = (PrCaseMembers) { 0, members[0], (const char *const *) members, g_strv_length (members) };
      g_array_append_val (c->clusters, one);
    }
  c->values = g_new0 (guint64, c->ids->len);
  for (guint i = 0; i < c->ids->len; i++)
    c->values[i] = g_str_hash (c->ids->pdata[i]);
}

/* Commits scan @id of "t" with @c, expecting @expected (nullable). */
static gboolean
commit (PrStore        *store,
        gint64          id,
        const Clusters *c,
        guint32        *expected,
        GError        **error)
{
  g_autofree guint32 *numbers = g_new0 (guint32, c->clusters->len + 1);
  PrScanCases cases = { (const PrCaseMembers *) (gconstpointer) c->clusters->data, c->clusters->len, numbers,
                        expected };

  return pr_store_commit_scan (store, id, "t", 1, c->ids->len, (char *const *) c->ids->pdata,
                               c->values, c->values, NULL, NULL, NULL, NULL, &cases, NULL, FALSE, error);
}

/* Numbers @c for "t" as a scan does before its outputs. */
static guint32 *
number (PrStore        *store,
        const Clusters *c)
{
  g_autoptr(GError) error = NULL;
  guint32 *numbers = g_new0 (guint32, c->clusters->len + 1);
  PrScanCases cases = { (const PrCaseMembers *) (gconstpointer) c->clusters->data, c->clusters->len, numbers,
                        NULL };

  g_assert_true (pr_store_number_cases (store, "t", &cases, &error));
  g_assert_no_error (error);
  return numbers;
}

static guint64
rows_read (PrConnection *db)
{
  g_autofree char *value = pr_test_query_value (db, "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
                                                    "WHERE VARIABLE_NAME = 'ROWS_READ'");

  return g_ascii_strtoull (value, NULL, 10);
}

#define N_CLUSTERS 400

static void
test_commit_reads_no_members (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "reuse_reads");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Clusters) c = { 0 };
  g_autofree guint32 *first = NULL;
  g_autofree guint32 *again = NULL;
  g_autofree char *members = NULL;
  guint64 before, read;
  gint64 id;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  clusters_make (&c, N_CLUSTERS, FALSE);
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  first = number (store, &c);
  g_assert_true (commit (store, id, &c, first, &error));
  g_assert_no_error (error);

  /* A rescan, nothing changed: the commit reads the fingerprints and
   * writes them all again (no record is marked unchanged here: two rows a
   * record) and updates the open cases (one a case); reading the members
   * again would alone add one a record. */
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  again = number (store, &c);
  g_assert_cmpmem (again, N_CLUSTERS * sizeof (guint32), first, N_CLUSTERS * sizeof (guint32));
  before = rows_read (db);
  g_assert_true (commit (store, id, &c, again, &error));
  g_assert_no_error (error);
  read = rows_read (db) - before;
  g_test_message ("the commit read %" G_GUINT64_FORMAT " rows for %u records in %u cases",
                  read, c.ids->len, N_CLUSTERS);
  g_assert_cmpuint (read, <, 2 * c.ids->len + N_CLUSTERS + c.ids->len / 2);
  members = pr_test_query_value (db, "SELECT COUNT(*) FROM pr_case_members WHERE left_scan_id IS NULL");
  g_assert_cmpstr (members, ==, "800");
}

static void
test_stale_numbering_refused (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "reuse_stale");
  g_autoptr(PrConnection) other_db = pr_test_connect (server, "reuse_stale");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Clusters) c = { 0 };
  g_auto(Clusters) regrouped = { 0 };
  g_autofree guint32 *first = NULL;
  g_autofree guint32 *stale = NULL;
  g_autofree char *cases_before = NULL;
  g_autofree char *cases_after = NULL;
  const char *count_cases = "SELECT CONCAT(COUNT(*), '/', SUM(ended_scan_id IS NULL), '/', MAX(last_scan_id)) "
                            "FROM pr_cases";
  gint64 id;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  other = pr_store_open (other_db, NULL, &error);
  g_assert_no_error (error);
  clusters_make (&c, 4, FALSE);
  clusters_make (&regrouped, 4, TRUE);
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  first = number (store, &c);
  g_assert_true (commit (store, id, &c, first, &error));
  g_assert_no_error (error);

  /* Numbered against cases 1-4, then another connection's scan ends case
   * 2 (m1 joins case 1), so the same clusters would now get a new number
   * for p1 m1: the first connection's commit must see it and refuse. */
  stale = number (store, &c);
  id = pr_store_begin_scan (other, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  {
    g_autofree guint32 *numbers = number (other, &regrouped);

    g_assert_true (commit (other, id, &regrouped, numbers, &error));
    g_assert_no_error (error);
  }
  cases_before = pr_test_query_value (db, count_cases);
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  g_assert_false (commit (store, id, &c, stale, &error));
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT);
  g_clear_error (&error);
  pr_store_end_scan (store, id, PR_SCAN_FAILED, "test", NULL);
  cases_after = pr_test_query_value (db, count_cases);
  g_assert_cmpstr (cases_after, ==, cases_before);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-cases/reuse-reads-no-members", test_commit_reads_no_members);
  g_test_add_func ("/db/store-cases/reuse-stale-numbering-refused", test_stale_numbering_refused);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
