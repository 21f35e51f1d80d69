/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Opening a case reads its records in one statement, not one per record,
 * and shows each as it is now: on a table whose ids are ZEROFILL numbers
 * and on one whose ids are text (mixed case, under a collation that
 * ignores it), with a member edited and one deleted since the scan. The
 * oracles are each record read alone by its id on a connection of the
 * test's own, and the server's general log for the count of statements
 * that read the source table, or its columns from the catalogue, while
 * the case opens again. A column changed to JSON after the case first
 * opened is read as JSON (its text, not its quotes), as a fresh read of
 * each record shows it; and the table's columns are read again, once,
 * for a case opened after a rescan and after a reconnection.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-record-reader.h"
#include "pr-review-page.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#define N_COPIES 6

static PrCompareView *
compare_view (PrWindow *window)
{
  return pr_review_page_get_compare_view (
      PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
}

/* @database.petitions: N_COPIES copies of one complaint with the ids
 * @ids, and unrelated petitions. */
static void
fill (PrConnection       *root,
      const char         *database,
      const char         *id_type,
      const char *const  *ids,
      const char *const  *others)
{
  g_autofree char *create_database = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *create_table = g_strdup_printf ("CREATE TABLE %s.petitions (id %s PRIMARY KEY, body TEXT)",
                                                   database, id_type);

  pr_test_execute (root, create_database);
  pr_test_execute (root, create_table);
  for (guint i = 0; i < N_COPIES; i++)
    {
      g_auto(GStrv) parts = g_strsplit (ids[i], "'", -1);
      g_autofree char *quoted = g_strjoinv ("''", parts);
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES ('%s', '%s%s')", database, quoted,
                                              pr_test_group_bodies[0], i % 2 == 1 ? "！" : "");

      pr_test_execute (root, sql);
    }
  for (guint i = 0; others[i] != NULL; i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO %s.petitions VALUES ('%s', '%s')", database, others[i],
                                              pr_test_group_bodies[1 + i % 2]);

      pr_test_execute (root, sql);
    }
}

static gboolean
fetched (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static void
keep_result (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
not_fetching (gpointer data)
{
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (data, PR_TYPE_REVIEW_PAGE, NULL));

  return !pr_review_page_get_fetching (page) && pr_compare_view_get_settled (compare_view (data));
}

/* The statements of the general log that read the source table. */
static guint64
table_reads (PrConnection *root)
{
  return pr_test_count_rows (root, "SELECT COUNT(*) FROM mysql.general_log WHERE command_type = 'Query' "
                                   "AND argument LIKE 'SELECT %' AND argument LIKE '%FROM `petitions`%'");
}

static void
check_case (const char         *database,
            const char         *id_type,
            const char *const  *ids,
            const char *const  *others,
            const char         *edited,
            const char         *deleted)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnection) own = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;
  g_autofree char *sql = NULL;
  PrClusterItem *item;
  PrSession *session;
  PrWindow *window;
  guint n_members, n_id = 0;
  guint64 reads, catalogue_reads;

  fill (root, database, id_type, ids, others);
  own = pr_test_connect (pr_test_ui_admin, database);
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), database);
  pr_test_wait_until (not_fetching, window);
  session = pr_window_get_session (window);
  item = pr_compare_view_get_item (compare_view (window));
  n_members = pr_cluster_item_get_n_members (item);
  g_assert_cmpuint (n_members, ==, N_COPIES);

  /* Changed since the scan: shown as they are now. */
  sql = g_strdup_printf ("UPDATE %s.petitions SET body = CONCAT(body, '（补充）') WHERE id = '%s'", database, edited);
  pr_test_execute (root, sql);
  g_free (sql);
  sql = g_strdup_printf ("DELETE FROM %s.petitions WHERE id = '%s'", database, deleted);
  pr_test_execute (root, sql);

  /* The case opened again, the server logging every statement. */
  pr_test_execute (root, "TRUNCATE mysql.general_log");
  pr_test_execute (root, "SET GLOBAL log_output = 'TABLE'");
  pr_test_execute (root, "SET GLOBAL general_log = ON");
  pr_compare_view_clear (compare_view (window), "");
  pr_review_page_show_cluster (PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)),
                               item);
  pr_test_wait_until (not_fetching, window);
  pr_test_execute (root, "SET GLOBAL general_log = OFF");
  reads = table_reads (root);
  /* Prepared or not: any statement that names the catalogue. */
  catalogue_reads = pr_test_count_rows (root, "SELECT COUNT(*) FROM mysql.general_log "
                                              "WHERE argument LIKE '%information_schema%'");
  g_test_message ("%s: %" G_GUINT64_FORMAT " statements read the table and %" G_GUINT64_FORMAT
                  " the catalogue to open a case of %u records again", database, reads, catalogue_reads, n_members);
  g_assert_cmpuint (reads, ==, 1);
  /* The table's columns were read when the case first opened. */
  g_assert_cmpuint (catalogue_reads, ==, 0);
  g_assert_true (pr_compare_view_get_item (compare_view (window)) == item);

  /* What the session reads for the case, against each record alone. */
  pr_session_fetch_async (session, item, NULL, keep_result, &result);
  pr_test_wait_until (fetched, &result);
  records = pr_session_fetch_finish (session, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, n_members);
  for (guint m = 0; m < n_members; m++)
    {
      const char *id = pr_cluster_item_get_member (item, m)->id;
      g_autoptr(GError) alone_error = NULL;
      char **alone = pr_record_reader_fetch (own, "petitions", pr_session_get_mapping (session), id,
                                             PR_ADVICE_CONTROLS, &alone_error);
      GPtrArray *record = records->pdata[m];

      g_assert_cmpuint (record->len, ==, pr_mapping_get_n_columns (pr_session_get_mapping (session)));
      if (strcmp (id, deleted) == 0)
        {
          g_assert_error (alone_error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
          for (guint c = 0; c < record->len; c++)
            g_assert_null (record->pdata[c]);
          continue;
        }
      g_assert_no_error (alone_error);
      for (guint c = 0; c < record->len; c++)
        {
          g_assert_cmpstr (record->pdata[c], ==, alone[c]);
          g_free (alone[c]);
        }
      g_free (alone);
      /* The id as the scan read it. */
      for (guint c = 0; c < record->len; c++)
        if (g_strcmp0 (record->pdata[c], id) == 0)
          n_id++;
      if (strcmp (id, edited) == 0)
        {
          gboolean seen = FALSE;

          for (guint c = 0; c < record->len; c++)
            seen = seen || (record->pdata[c] != NULL && strstr (record->pdata[c], "（补充）") != NULL);
          g_assert_true (seen);
        }
    }
  g_assert_cmpuint (n_id, ==, n_members - 1);

  /* A mapped column dropped since the columns were read: the reading
   * says which, as it did when it read the catalogue each time. */
  g_free (sql);
  sql = g_strdup_printf ("ALTER TABLE %s.petitions DROP COLUMN body", database);
  pr_test_execute (root, sql);
  result = NULL;
  pr_session_fetch_async (session, item, NULL, keep_result, &result);
  pr_test_wait_until (fetched, &result);
  g_clear_pointer (&records, g_ptr_array_unref);
  records = pr_session_fetch_finish (session, result, &error);
  g_object_unref (result);
  g_assert_null (records);
  g_test_message ("%s", error->message);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_assert_nonnull (strstr (error->message, "“body”"));

  pr_test_close_and_finalize (window);
  g_free (sql);
  sql = g_strdup_printf ("DROP DATABASE %s", database);
  pr_test_execute (root, sql);
}

/* The statements of the general log, on the connection that read the
 * case's records (not the test's own, @own), that read the table's
 * columns from the catalogue. */
static guint64
case_column_reads (PrConnection *root,
                   PrConnection *own)
{
  g_autofree char *sql = g_strdup_printf (
    "SELECT COUNT(*) FROM mysql.general_log WHERE command_type <> 'Prepare' "
    "AND argument LIKE '%%information_schema.COLUMNS%%' "
    "AND thread_id <> %" G_GUINT64_FORMAT " AND thread_id IN (SELECT thread_id FROM mysql.general_log "
    "WHERE argument LIKE '%%FROM `petitions` WHERE%%')", pr_test_count_rows (own, "SELECT CONNECTION_ID()"));

  return pr_test_count_rows (root, sql);
}

static void
log_on (PrConnection *root)
{
  pr_test_execute (root, "SET GLOBAL general_log = OFF");
  pr_test_execute (root, "TRUNCATE mysql.general_log");
  pr_test_execute (root, "SET GLOBAL log_output = 'TABLE'");
  pr_test_execute (root, "SET GLOBAL general_log = ON");
}

/* The case's records as the session reads them, each against a fresh
 * read of the record alone: the number of values that differ. */
static guint
stale_values (PrSession     *session,
              PrClusterItem *item,
              PrConnection  *own)
{
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;
  guint differ = 0;

  pr_session_fetch_async (session, item, NULL, keep_result, &result);
  pr_test_wait_until (fetched, &result);
  records = pr_session_fetch_finish (session, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  for (guint m = 0; m < records->len; m++)
    {
      const char *id = pr_cluster_item_get_member (item, m)->id;
      g_autoptr(GError) alone_error = NULL;
      char **alone = pr_record_reader_fetch (own, "petitions", pr_session_get_mapping (session), id,
                                             PR_ADVICE_CONTROLS, &alone_error);
      GPtrArray *record = records->pdata[m];

      g_assert_no_error (alone_error);
      for (guint c = 0; c < record->len; c++)
        {
          if (g_strcmp0 (record->pdata[c], alone[c]) != 0)
            {
              g_test_message ("record %s column %u: the session reads <%s>, a fresh read <%s>", id, c,
                              (char *) record->pdata[c], alone[c]);
              differ++;
            }
          g_free (alone[c]);
        }
      g_free (alone);
    }
  return differ;
}

/* The case read as it is now, the table's columns read once for it
 * since log_on(). */
static void
assert_read_once (PrConnection  *root,
                  PrConnection  *own,
                  PrSession     *session,
                  PrClusterItem *item,
                  const char    *when)
{
  guint64 reads;

  g_assert_cmpuint (stale_values (session, item, own), ==, 0);
  pr_test_execute (root, "SET GLOBAL general_log = OFF");
  reads = case_column_reads (root, own);
  g_test_message ("%" G_GUINT64_FORMAT " reads of the columns %s", reads, when);
  g_assert_cmpuint (reads, ==, 1);
}

static void
test_columns_changed (void)
{
  static const char *const ids[] = { "8", "9", "10", "11", "120", "1300" };
  static const char *const others[] = { "7", "12", NULL };
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnection) own = NULL;
  GtkColumnView *view;
  PrClusterItem *item;
  PrSession *session;
  PrWindow *window;

  fill (root, "changed", "INT", ids, others);
  own = pr_test_connect (pr_test_ui_admin, "changed");
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (pr_test_ui_admin), "changed");
  pr_test_wait_until (not_fetching, window);
  session = pr_window_get_session (window);
  item = pr_compare_view_get_item (compare_view (window));

  /* Its body made JSON: the case's text, not the JSON's quotes; the
   * columns read again once, on the result's word. */
  pr_test_execute (root, "UPDATE changed.petitions SET body = JSON_QUOTE(body)");
  pr_test_execute (root, "ALTER TABLE changed.petitions MODIFY body JSON");
  log_on (root);
  assert_read_once (root, own, session, item, "after the ALTER");

  /* A rescan: the columns read again, once, when a case opens. */
  log_on (root);
  pr_test_scan (window);
  pr_test_wait_until (pr_test_list_settled, view);
  pr_test_wait_until (not_fetching, window);
  item = pr_compare_view_get_item (compare_view (window));
  assert_read_once (root, own, session, item, "after a rescan");

  /* The session's connection lost (killed on the server): the case is
   * read on a new one, its columns read again, once. */
  {
    g_autofree char *find = g_strdup_printf ("SELECT thread_id FROM mysql.general_log WHERE argument LIKE "
                                             "'%%FROM `petitions` WHERE%%' AND thread_id <> %" G_GUINT64_FORMAT
                                             " LIMIT 1", pr_test_count_rows (own, "SELECT CONNECTION_ID()"));
    g_autofree char *kill = g_strdup_printf ("KILL %" G_GUINT64_FORMAT, pr_test_count_rows (root, find));
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) records = NULL;
    GAsyncResult *result = NULL;

    pr_test_execute (root, kill);
    /* The first read finds the connection gone (or a new one). */
    pr_session_fetch_async (session, item, NULL, keep_result, &result);
    pr_test_wait_until (fetched, &result);
    records = pr_session_fetch_finish (session, result, &error);
    g_object_unref (result);
    g_test_message ("the read after the kill: %s", error != NULL ? error->message : "read");
  }
  log_on (root);
  assert_read_once (root, own, session, item, "on a new connection");

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE changed");
}

static void
test_zerofill (void)
{
  static const char *const ids[] = { "00000008", "00000009", "00000010", "00000011", "00000120", "00001300" };
  static const char *const others[] = { "00000007", "00000012", NULL };

  check_case ("zf", "INT(8) UNSIGNED ZEROFILL", ids, others, "00000010", "00000120");
}

static void
test_text_ids (void)
{
  static const char *const ids[] = { "XF-2026-a", "XF-2026-B", "xf-2026-c", "信访-1", "O'Neil", "0042" };
  static const char *const others[] = { "43", "XF-2026-d", NULL };

  check_case ("textids", "VARCHAR(32) COLLATE utf8mb4_general_ci", ids, others, "xf-2026-c", "XF-2026-B");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/case-read/zerofill", test_zerofill);
  g_test_add_func ("/app/case-read/text-ids", test_text_ids);
  g_test_add_func ("/app/case-read/columns-changed", test_columns_changed);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
