/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Case numbers in the store, against a real, throwaway MariaDB server:
 * hand-made scans committed with their clusters (numbers, members, first
 * and last seen, ended and merged into, per source database and table);
 * a commit that fails after the cases were written numbers nothing; a
 * store of the previous version (4) gains the tables; decisions keep the
 * case they were made against. And the promise itself: over ten rescans
 * of the sample petitions, each adding 1 % new records, every case whose
 * primary stays keeps its number, and the store holds what each scan
 * found.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-scan.h"
#include "pr-store-cases.h"
#include "pr-test-petitions.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* Clusters from specs "id id …", primary first; records: every id, once
 * (even one given in two clusters). */
typedef struct {
  GPtrArray *strvs;
  GArray    *clusters;  /* PrCaseMembers */
  GPtrArray *records;   /* char *, borrowed from strvs or owned below */
  GPtrArray *owned;
} Scan;

static void
scan_clear (Scan *scan)
{
  g_clear_pointer (&scan->clusters, g_array_unref);
  g_clear_pointer (&scan->records, g_ptr_array_unref);
  g_clear_pointer (&scan->strvs, g_ptr_array_unref);
  g_clear_pointer (&scan->owned, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Scan, scan_clear)

static void
scan_parse (Scan              *scan,
            const char *const *specs,
            const char        *singles)
{
  g_auto(GStrv) single_ids = g_strsplit (singles, " ", -1);

  scan->strvs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  scan->clusters = g_array_new (FALSE, TRUE, sizeof (PrCaseMembers));
  scan->records = g_ptr_array_new ();
  scan->owned = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; specs[i] != NULL; i++)
    {
      char **ids = g_strsplit (specs[i], " ", -1);
      PrCaseMembers cluster = { 0, ids[0], (const char *const *) ids, g_strv_length (ids) };

      g_ptr_array_add (scan->strvs, ids);
      g_array_append_val (scan->clusters, cluster);
      for (guint m = 0; ids[m] != NULL; m++)
        if (!g_ptr_array_find_with_equal_func (scan->records, ids[m], g_str_equal, NULL))
          g_ptr_array_add (scan->records, ids[m]);
    }
  for (guint i = 0; single_ids[i] != NULL; i++)
    if (single_ids[i][0] != '\0')
      {
        char *id = g_strdup (single_ids[i]);

        g_ptr_array_add (scan->owned, id);
        g_ptr_array_add (scan->records, id);
      }
}

/* Begins and commits a scan of @table with @clusters, numbered first as
 * the outputs written before a commit are (the commit refuses other
 * numbers), the first one changed by @skew; the numbers as "N N N", or
 * NULL with @error set. */
static char *
commit_clusters_skewed (PrStore            *store,
                        const char         *table,
                        const char *const  *clusters,
                        const char         *singles,
                        guint32             skew,
                        gint64             *scan_id,
                        GError            **error)
{
  g_auto(Scan) scan = { 0 };
  g_autofree guint64 *values = NULL;
  g_autofree guint32 *numbers = NULL;
  g_autofree guint32 *predicted = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  PrScanCases cases;
  gint64 id;

  scan_parse (&scan, clusters, singles);
  values = g_new0 (guint64, scan.records->len + 1);
  for (guint i = 0; i < scan.records->len; i++)
    values[i] = g_str_hash (scan.records->pdata[i]);
  numbers = g_new0 (guint32, scan.clusters->len + 1);
  predicted = g_new0 (guint32, scan.clusters->len + 1);
  cases = (PrScanCases) { (const PrCaseMembers *) (gpointer) scan.clusters->data, scan.clusters->len, predicted };

  id = pr_store_begin_scan (store, table, "m", 1, 3, error);
  if (id == 0)
    return NULL;
  if (!pr_store_number_cases (store, table, &cases, error))
    {
      pr_store_end_scan (store, id, PR_SCAN_FAILED, "test", NULL);
      return NULL;
    }
  predicted[0] += skew;
  cases.numbers = numbers;
  cases.expected = predicted;
  if (!pr_store_commit_scan (store, id, table, 1, scan.records->len, (char *const *) scan.records->pdata,
                             values, values, NULL, NULL, NULL, NULL, &cases, NULL, FALSE, error))
    {
      pr_store_end_scan (store, id, PR_SCAN_FAILED, "test", NULL);
      return NULL;
    }
  if (scan_id != NULL)
    *scan_id = id;
  for (guint i = 0; i < scan.clusters->len; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? " " : "", numbers[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
commit_clusters (PrStore            *store,
                 const char         *table,
                 const char *const  *clusters,
                 const char         *singles,
                 gint64             *scan_id,
                 GError            **error)
{
  return commit_clusters_skewed (store, table, clusters, singles, 0, scan_id, error);
}

/* The table's cases as "N:primary:members:first-last[>merged|x]" … where
 * first and last are scan ids relative to @base, x an ended case merged
 * into none. */
static char *
describe_cases (PrStore    *store,
                const char *table,
                gint64      base)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cases = pr_store_list_cases (store, table, TRUE, &error);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < cases->len; i++)
    {
      PrStoredCase *one = cases->pdata[i];
      g_autofree char *members = g_strjoinv (",", one->member_ids);

      g_assert_cmpuint (one->n_members, ==, g_strv_length (one->member_ids));
      g_assert_cmpint (one->first_seen_at, >, 1700000000);
      g_assert_cmpint (one->last_seen_at, >=, one->first_seen_at);
      g_string_append_printf (text, "%s%u:%s:%s:%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT,
                              i > 0 ? " " : "", one->number, one->primary_id, members,
                              one->first_scan_id - base, one->last_scan_id - base);
      if (one->ended_scan_id != 0)
        {
          g_assert_cmpint (one->ended_at, >=, one->last_seen_at);
          if (one->merged_into != 0)
            g_string_append_printf (text, ">%u@%" G_GINT64_FORMAT, one->merged_into, one->ended_scan_id - base);
          else
            g_string_append_printf (text, "x@%" G_GINT64_FORMAT, one->ended_scan_id - base);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

#define CLUSTERS(...) ((const char *const[]) { __VA_ARGS__, NULL })

static void
test_commit (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_commit");
  g_autoptr(PrConnection) other_db = pr_test_fresh_database (server, "cases_other");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *cases = NULL;
  gint64 base = 0, scan = 0;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  /* The first scan numbers its clusters in list order. */
  numbers = commit_clusters (store, "t", CLUSTERS ("a b c", "d e", "f g"), "z", &base, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1 2 3");
  cases = describe_cases (store, "t", base);
  g_assert_cmpstr (cases, ==, "1:a:a,b,c:0-0 2:d:d,e:0-0 3:f:f,g:0-0");

  /* Another order, a new member, case 3 merged into 2's cluster (d is
   * its primary), a new case. */
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "t", CLUSTERS ("x y", "d e f g", "a b c w"), "z", &scan, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "4 2 1");
  g_assert_cmpint (scan, ==, base + 1);
  g_clear_pointer (&cases, g_free);
  cases = describe_cases (store, "t", base);
  g_assert_cmpstr (cases, ==, "1:a:a,b,c,w:0-1 2:d:d,e,f,g:0-1 3:f:f,g:0-0>2@1 4:x:x,y:1-1");

  /* A split: the part with the primary keeps 2; nothing of 4 is left. */
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "t", CLUSTERS ("f g", "d e", "a b c w"), "", &scan, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "5 2 1");
  g_clear_pointer (&cases, g_free);
  cases = describe_cases (store, "t", base);
  g_assert_cmpstr (cases, ==, "1:a:a,b,c,w:0-2 2:d:d,e:0-2 3:f:f,g:0-0>2@1 4:x:x,y:1-1x@2 5:f:f,g:2-2");

  /* Open cases only. */
  {
    g_autoptr(GPtrArray) open = pr_store_list_cases (store, "t", FALSE, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (open->len, ==, 3);
    g_assert_cmpuint (((PrStoredCase *) open->pdata[2])->number, ==, 5);
  }

  /* Another table of the same database, and the same table name in
   * another database with the same store: numbered apart. */
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "u", CLUSTERS ("a b"), "", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1");
  other = pr_store_open (other_db, "cases_commit", &error);
  g_assert_no_error (error);
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (other, "t", CLUSTERS ("d e", "a b c w"), "", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1 2");
  g_clear_pointer (&cases, g_free);
  cases = describe_cases (store, "t", base);
  g_assert_cmpstr (cases, ==, "1:a:a,b,c,w:0-2 2:d:d,e:0-2 3:f:f,g:0-0>2@1 4:x:x,y:1-1x@2 5:f:f,g:2-2");
}

/* A commit that fails after the cases are written (a trigger refuses the
 * scan's 'complete') leaves them as they were, and so does one whose
 * clusters share a record. */
static void
test_failed_commit (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_failed");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *members_before = NULL;
  g_autofree char *members_after = NULL;
  gint64 base = 0;
  const char *count_members = "SELECT COUNT(*) FROM pr_case_members";

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  numbers = commit_clusters (store, "t", CLUSTERS ("a b c", "d e"), "", &base, &error);
  g_assert_no_error (error);
  before = describe_cases (store, "t", base);
  members_before = pr_test_query_value (db, count_members);

  pr_test_execute (db, "CREATE TRIGGER refuse BEFORE UPDATE ON pr_scans FOR EACH ROW "
                       "IF NEW.status = 'complete' THEN "
                       "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF");
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "t", CLUSTERS ("x y", "a b", "d e c"), "", NULL, &error);
  g_assert_null (numbers);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "refused by the test"));
  g_clear_error (&error);
  after = describe_cases (store, "t", base);
  g_assert_cmpstr (after, ==, before);
  members_after = pr_test_query_value (db, count_members);
  g_assert_cmpstr (members_after, ==, members_before);
  pr_test_execute (db, "DROP TRIGGER refuse");

  /* A record in two clusters: refused, by name, nothing written. */
  numbers = commit_clusters (store, "t", CLUSTERS ("x y", "a b y"), "", NULL, &error);
  g_assert_null (numbers);
  g_assert_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“y”"));
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = describe_cases (store, "t", base);
  g_assert_cmpstr (after, ==, before);
  {
    g_autofree char *fingerprints = pr_test_query_value (db, "SELECT COUNT(*) FROM pr_fingerprints");

    g_assert_cmpstr (fingerprints, ==, "5");
  }

  /* Numbers other than those the scan was given before its commit (which
   * its outputs named): refused, nothing written. */
  numbers = commit_clusters_skewed (store, "t", CLUSTERS ("x y", "a b c", "d e"), "", 1, NULL, &error);
  g_assert_null (numbers);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_CONFLICT);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = describe_cases (store, "t", base);
  g_assert_cmpstr (after, ==, before);

  /* A scan committed without clusters leaves the cases alone. */
  {
    const char *ids[] = { "a", "b" };
    guint64 values[] = { 1, 2 };
    gint64 id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_commit_scan (store, id, "t", 1, 2, (char *const *) ids, values, values,
                                         NULL, NULL, NULL, NULL, NULL, NULL, FALSE, &error));
    g_assert_no_error (error);
    g_clear_pointer (&after, g_free);
    after = describe_cases (store, "t", base);
    g_assert_cmpstr (after, ==, before);
  }
}

/* The cases need SELECT, INSERT and UPDATE only, as the other tables
 * (docs/admin-guide.md): a member leaves and comes back without a DELETE. */
static void
test_privileges (void)
{
  g_autoptr(PrConnection) admin = pr_test_fresh_database (server, "cases_priv");
  g_autoptr(PrStore) made = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrConnection) clerk = NULL;
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (server);
  g_autoptr(GError) error = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *cases = NULL;
  g_autofree char *rows = NULL;
  gint64 base = 0;

  made = pr_store_open (admin, NULL, &error);
  g_assert_no_error (error);
  pr_test_execute (admin, "CREATE USER IF NOT EXISTS clerk IDENTIFIED BY 'pw'");
  /* The stricter grants of the admin guide: DELETE only where a scan
   * replaces what it keeps (passages, their counts, judged and passage pairs). */
  pr_test_execute (admin, "GRANT SELECT, INSERT, UPDATE ON cases_priv.* TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_passages TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_passage_counts TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_judged_pairs TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_part_pairs TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_short_bodies TO clerk");
  pr_test_execute (admin, "GRANT DELETE ON cases_priv.pr_short_grams TO clerk");
  g_free (params->user);
  params->user = g_strdup ("clerk");
  g_free (params->password);
  params->password = g_strdup ("pw");
  g_free (params->database);
  params->database = g_strdup ("cases_priv");
  clerk = pr_connection_open (params, &error);
  g_assert_no_error (error);
  store = pr_store_open (clerk, NULL, &error);
  g_assert_no_error (error);

  numbers = commit_clusters (store, "t", CLUSTERS ("a b c"), "x", &base, &error);
  g_assert_no_error (error);
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "t", CLUSTERS ("a b", "c x"), "", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1 2");
  g_clear_pointer (&numbers, g_free);
  numbers = commit_clusters (store, "t", CLUSTERS ("a b c"), "x", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1");
  cases = describe_cases (store, "t", base);
  g_assert_cmpstr (cases, ==, "1:a:a,b,c:0-2 2:c:c,x:1-1>1@2");
  /* c's row in case 1: joined again by the third scan. */
  rows = pr_test_query_value (admin, "SELECT GROUP_CONCAT(number, record_id, ':', joined_scan_id - "
                                     "(SELECT MIN(id) FROM pr_scans), ':', COALESCE(left_scan_id - "
                                     "(SELECT MIN(id) FROM pr_scans), '-') ORDER BY number, record_id) "
                                     "FROM pr_case_members");
  g_assert_cmpstr (rows, ==, "1a:0:-,1b:0:-,1c:2:-,2c:1:-,2x:1:-");
}

/* Version 4's tables (its DDL, as the record of what a store to upgrade
 * looks like). */
static const char *const v4_tables[] = {
  "CREATE TABLE pr_scans (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " mapping TEXT NOT NULL, mapping_version BIGINT UNSIGNED NOT NULL, k TINYINT UNSIGNED NOT NULL,"
  " started_at DATETIME(6) NOT NULL, finished_at DATETIME(6) NULL,"
  " status ENUM('running','complete','failed','cancelled') NOT NULL, records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " new_records BIGINT UNSIGNED NOT NULL DEFAULT 0, changed_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " refingerprinted_records BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " retired_records BIGINT UNSIGNED NOT NULL DEFAULT 0, pairs BIGINT UNSIGNED NOT NULL DEFAULT 0,"
  " clusters BIGINT UNSIGNED NOT NULL DEFAULT 0, message TEXT NULL,"
  " KEY pr_scans_table_status (source_database, source_table, status))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE pr_fingerprints (row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, fingerprint BIGINT UNSIGNED NOT NULL, b0 SMALLINT UNSIGNED NOT NULL,"
  " b1 SMALLINT UNSIGNED NOT NULL, b2 SMALLINT UNSIGNED NOT NULL, b3 SMALLINT UNSIGNED NOT NULL,"
  " content_hash BIGINT UNSIGNED NOT NULL, sparse TINYINT UNSIGNED NOT NULL DEFAULT 0, parts MEDIUMBLOB NULL,"
  " mapping_version BIGINT UNSIGNED NOT NULL, scan_id BIGINT NOT NULL, scanned_at DATETIME(6) NOT NULL,"
  " retired_at DATETIME(6) NULL, PRIMARY KEY (row_id),"
  " UNIQUE KEY pr_fingerprints_record (source_database, source_table, record_id),"
  " KEY pr_fingerprints_b0 (b0, fingerprint), KEY pr_fingerprints_b1 (b1, fingerprint),"
  " KEY pr_fingerprints_b2 (b2, fingerprint), KEY pr_fingerprints_b3 (b3, fingerprint))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE pr_decisions (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
  " source_database VARCHAR(64) NOT NULL DEFAULT '', source_table VARCHAR(64) NOT NULL,"
  " record_id VARCHAR(191) NOT NULL, primary_id VARCHAR(191) NULL,"
  " verdict ENUM('repeat','not_repeat','merged','primary','undo') NOT NULL, reviewer VARCHAR(191) NOT NULL,"
  " decided_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), note TEXT NULL, undoes BIGINT NULL,"
  " old_values TEXT NULL, KEY pr_decisions_record (source_database, source_table, record_id),"
  " KEY pr_decisions_primary (source_database, source_table, primary_id), KEY pr_decisions_undoes (undoes))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE pr_repeats (scan_id BIGINT NOT NULL, record_id VARCHAR(191) NOT NULL,"
  " existing_id VARCHAR(191) NOT NULL, distance TINYINT UNSIGNED NOT NULL,"
  " PRIMARY KEY (scan_id, record_id, existing_id))"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "CREATE TABLE pr_meta (name VARCHAR(64) NOT NULL PRIMARY KEY, value TEXT NOT NULL)"
  " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
  "INSERT INTO pr_meta VALUES ('schema_version', '4')",
  "INSERT INTO pr_decisions (source_database, source_table, record_id, primary_id, verdict, reviewer) "
  "VALUES ('cases_v4', 't', 'b', 'a', 'repeat', 'li')",
};

static void
test_migrate (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_v4");
  g_autoptr(PrConnection) fresh_db = pr_test_fresh_database (server, "cases_fresh");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrStore) fresh = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  g_autofree char *numbers = NULL;
  g_autofree char *version = NULL;
  PrDecision decision = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (v4_tables); i++)
    pr_test_execute (db, v4_tables[i]);
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  version = pr_test_query_value (db, "SELECT value FROM pr_meta WHERE name = 'schema_version'");
  g_assert_cmpstr (version, ==, G_STRINGIFY (PR_STORE_SCHEMA_VERSION));

  /* Column for column and index for index as a store made new (the
   * tables of version 4 too: the DDL above is theirs). */
  fresh = pr_store_open (fresh_db, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 7; i++)
    {
      const char *table = (const char *[]) { "pr_meta", "pr_scans", "pr_fingerprints", "pr_repeats",
                                             "pr_decisions", "pr_cases", "pr_case_members" }[i];
      g_autofree char *migrated = pr_test_table_layout (db, "columns", "cases_v4", table);
      g_autofree char *made = pr_test_table_layout (db, "columns", "cases_fresh", table);
      g_autofree char *migrated_indexes = pr_test_table_layout (db, "indexes", "cases_v4", table);
      g_autofree char *made_indexes = pr_test_table_layout (db, "indexes", "cases_fresh", table);

      g_assert_nonnull (made);
      g_assert_cmpstr (migrated, ==, made);
      g_assert_cmpstr (migrated_indexes, ==, made_indexes);
    }

  /* The decision made before has no case; a new one has. */
  numbers = commit_clusters (store, "t", CLUSTERS ("a b c"), "", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (numbers, ==, "1");
  decision.table = (char *) "t";
  decision.record_id = (char *) "c";
  decision.primary_id = (char *) "a";
  decision.verdict = PR_VERDICT_REPEAT;
  decision.reviewer = (char *) "wang";
  decision.case_number = 1;
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
  decisions = pr_store_list_decisions (store, "t", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (decisions->len, ==, 2);
  g_assert_cmpuint (((PrDecision *) decisions->pdata[0])->case_number, ==, 0);
  g_assert_cmpuint (((PrDecision *) decisions->pdata[1])->case_number, ==, 1);

  /* The export's last column. */
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(PrCsvWriter) writer = pr_csv_writer_new (out, PR_CSV_WRITER_FLAGS_NONE);
    g_autofree char *text = NULL;
    g_auto(GStrv) lines = NULL;

    g_assert_true (pr_store_export_decisions (store, "t", writer, &error));
    g_assert_no_error (error);
    g_assert_true (g_output_stream_close (out, NULL, &error));
    text = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                      g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
    lines = g_strsplit (text, "\r\n", -1);
    g_assert_cmpstr (lines[0], ==, "id,table,record_id,primary_id,verdict,reviewer,decided_at,note,undoes,case,login");
    g_assert_true (g_str_has_suffix (lines[1], ",,,,"));
    g_assert_true (g_str_has_suffix (lines[2], ",,1,"));
  }
}

/* ---- ten rescans of the sample ---- */

typedef struct {
  GPtrArray *rows;  /* GStrv: the sample's fields */
} Sample;

static GPtrArray *
read_sample (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, "UTF-8", &error);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));  /* the header */
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      guint n = pr_csv_reader_get_n_fields (reader);
      char **fields = g_new0 (char *, n + 1);

      /* The first 8 are those the table below has; the identity and case
       * columns follow. */
      g_assert_cmpuint (n, ==, 14);
      for (guint f = 0; f < n; f++)
        fields[f] = g_strdup (pr_csv_reader_get_field (reader, f, NULL));
      g_ptr_array_add (rows, fields);
    }
  g_assert_no_error (error);
  return rows;
}

static void
insert_rows (PrConnection *db,
             GPtrArray    *rows,
             guint         from,
             guint         to)
{
  MYSQL *handle = _pr_connection_get_handle (db);

  for (guint start = from; start < to; start += 200)
    {
      g_autoptr(GString) sql = g_string_new ("INSERT INTO petitions VALUES ");

      for (guint r = start; r < MIN (to, start + 200); r++)
        {
          char **fields = rows->pdata[r];

          g_string_append (sql, r == start ? "(" : ", (");
          for (guint f = 0; f < 8; f++)
            {
              gsize length = strlen (fields[f]);
              g_autofree char *escaped = g_malloc (length * 2 + 1);

              mysql_real_escape_string (handle, escaped, fields[f], length);
              if (length == 0)
                g_string_append_printf (sql, "%sNULL", f > 0 ? ", " : "");
              else
                g_string_append_printf (sql, "%s'%s'", f > 0 ? ", " : "", escaped);
            }
          g_string_append_c (sql, ')');
        }
      pr_test_execute (db, sql->str);
    }
}

/* primary id → case number, of a scan's clusters. */
static GHashTable *
numbers_by_primary (PrScanResult *result)
{
  GHashTable *numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);

      g_hash_table_insert (numbers, g_strdup (result->set->ids->pdata[cluster->members[0]]),
                           GUINT_TO_POINTER (result->case_numbers[c]));
    }
  return numbers;
}

/* The store's open cases are the scan's clusters, member for member. */
static void
assert_store_holds (PrStore      *store,
                    PrScanResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) open = pr_store_list_cases (store, "petitions", FALSE, &error);
  g_autoptr(GHashTable) by_number = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint n_clusters = pr_clustering_get_n_clusters (result->clustering);

  g_assert_no_error (error);
  g_assert_cmpuint (open->len, ==, n_clusters);
  for (guint i = 0; i < open->len; i++)
    g_hash_table_insert (by_number, GUINT_TO_POINTER (((PrStoredCase *) open->pdata[i])->number), open->pdata[i]);
  for (guint c = 0; c < n_clusters; c++)
    {
      const PrCluster *cluster = pr_clustering_get_cluster (result->clustering, c);
      PrStoredCase *stored = g_hash_table_lookup (by_number, GUINT_TO_POINTER (result->case_numbers[c]));

      g_assert_nonnull (stored);
      g_assert_cmpint (stored->last_scan_id, ==, result->scan_id);
      g_assert_cmpstr (stored->primary_id, ==, result->set->ids->pdata[cluster->members[0]]);
      g_assert_cmpuint (stored->n_members, ==, cluster->n_members);
      for (guint m = 0; m < cluster->n_members; m++)
        g_assert_true (g_strv_contains ((const char *const *) stored->member_ids,
                                        result->set->ids->pdata[cluster->members[m]]));
    }
}

static void
test_rescans_keep_numbers (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_rescans");
  g_autoptr(GPtrArray) rows = read_sample ();
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrScanResult) first = NULL;
  g_autoptr(GHashTable) last = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint step = rows->len / 100;
  guint loaded = rows->len - 10 * step;
  guint32 max_number = 0;
  guint kept = 0, primaries_changed = 0, new_cases = 0;

  /* The rows in a random order, so that the 1 % of each round come from
   * everywhere: new members, new primaries (earlier records), new cases. */
  for (guint i = rows->len; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      gpointer t = rows->pdata[i - 1];

      rows->pdata[i - 1] = rows->pdata[j];
      rows->pdata[j] = t;
    }
  pr_test_execute (db, "CREATE TABLE petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), phone VARCHAR(32), "
                       "address VARCHAR(255), category VARCHAR(64), subject VARCHAR(255), body TEXT, "
                       "submitted_at VARCHAR(64)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
  insert_rows (db, rows, 0, loaded);
  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);

  first = pr_test_scan_sample (db, store);
  assert_store_holds (store, first);
  last = numbers_by_primary (first);
  for (guint c = 0; c < pr_clustering_get_n_clusters (first->clustering); c++)
    {
      g_assert_cmpuint (first->case_numbers[c], ==, c + 1);
      max_number = MAX (max_number, first->case_numbers[c]);
    }

  for (guint round = 0; round < 10; round++)
    {
      g_autoptr(PrScanResult) result = NULL;
      g_autoptr(GHashTable) now = NULL;
      GHashTableIter iter;
      gpointer key, value;
      guint32 round_max = max_number;

      insert_rows (db, rows, loaded, loaded + step);
      loaded += step;
      result = pr_test_scan_sample (db, store);
      assert_store_holds (store, result);
      now = numbers_by_primary (result);

      /* Every case whose primary is still a primary has its number. */
      g_hash_table_iter_init (&iter, last);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          gpointer number;

          if (g_hash_table_lookup_extended (now, key, NULL, &number))
            {
              g_assert_cmpuint (GPOINTER_TO_UINT (number), ==, GPOINTER_TO_UINT (value));
              kept++;
            }
          else
            primaries_changed++;
        }
      /* A number not continued is new: above every number used before. */
      for (guint c = 0; c < pr_clustering_get_n_clusters (result->clustering); c++)
        {
          guint32 number = result->case_numbers[c];
          gboolean continued = FALSE;

          g_hash_table_iter_init (&iter, last);
          while (!continued && g_hash_table_iter_next (&iter, NULL, &value))
            continued = GPOINTER_TO_UINT (value) == number;
          if (!continued)
            {
              g_assert_cmpuint (number, >, max_number);
              new_cases++;
            }
          round_max = MAX (round_max, number);
        }
      max_number = round_max;
      g_hash_table_unref (last);
      last = g_steal_pointer (&now);
    }
  g_test_message ("10 rescans: %u cases kept their primary and number, %u lost their primary, %u new cases",
                  kept, primaries_changed, new_cases);
  g_assert_cmpuint (kept, >, 1000);
  g_assert_cmpuint (new_cases, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-cases/commit", test_commit);
  g_test_add_func ("/db/store-cases/failed-commit", test_failed_commit);
  g_test_add_func ("/db/store-cases/migrate", test_migrate);
  g_test_add_func ("/db/store-cases/privileges", test_privileges);
  g_test_add_func ("/db/store-cases/rescans-keep-numbers", test_rescans_keep_numbers);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
