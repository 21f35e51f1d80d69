/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Regrouping at another k, as the threshold dialog's Apply does, with the
 * second stage: the session's clusters at that k are those a scan at
 * that k gives on the same table (the candidates at k judged and joined
 * by average linkage), not the fingerprints' pairs alone.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-csv-reader.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-test-partition.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

#define REGROUP_K 6

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
store_result (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static char *
quoted (const char *text)
{
  g_autoptr(GString) sql = g_string_new ("'");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (sql, '\\');
      g_string_append_c (sql, *p);
    }
  g_string_append_c (sql, '\'');
  return g_string_free (g_steal_pointer (&sql), FALSE);
}

/* The bundled sample's petitions, in a table of their id, petitioner,
 * subject, body and date. */
static void
fill_sample_table (PrConnection *root)
{
  const char *csv = g_getenv ("PETITION_REVIEW_SAMPLE");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GString) sql = g_string_new (NULL);
  int columns[5];
  static const char *const names[5] = { "id", "petitioner", "subject", "body", "submitted_at" };

  g_assert_nonnull (csv);
  reader = pr_csv_reader_new_for_path (csv, NULL, &error);
  g_assert_no_error (error);
  pr_test_execute (root, "CREATE DATABASE regroup_judged");
  pr_test_execute (root, "CREATE TABLE regroup_judged.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "subject VARCHAR(255), body TEXT, submitted_at VARCHAR(64) NULL)");
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint c = 0; c < 5; c++)
    {
      columns[c] = pr_csv_reader_find_field (reader, names[c]);
      g_assert_cmpint (columns[c], >=, 0);
    }
  for (guint n = 0;; n++)
    {
      gboolean more = pr_csv_reader_next (reader, NULL, &error);

      g_assert_no_error (error);
      if (sql->len > 0 && (!more || n % 500 == 0))
        {
          pr_test_execute (root, sql->str);
          g_string_truncate (sql, 0);
        }
      if (!more)
        break;
      g_string_append (sql, sql->len == 0 ? "INSERT INTO regroup_judged.petitions VALUES (" : ", (");
      for (guint c = 0; c < 5; c++)
        {
          const char *value = pr_csv_reader_get_field (reader, columns[c], NULL);
          g_autofree char *text = c == 4 && value[0] == '\0' ? g_strdup ("NULL") : quoted (value);

          g_string_append_printf (sql, "%s%s", c > 0 ? ", " : "", text);
        }
      g_string_append_c (sql, ')');
    }
}

void
test_regroup_judged (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(PrSession) session = pr_session_new ("甲");
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autoptr(PrSessionRegroup) regroup = NULL;
  g_autoptr(GHashTable) app = NULL;
  g_autoptr(GHashTable) scanned = NULL;

  fill_sample_table (root);
  g_object_set (session, "refresh-interval", 0, NULL);
  g_free (params->database);
  params->database = g_strdup ("regroup_judged");
  pr_session_connect_async (session, g_steal_pointer (&params), NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_connect_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);

  /* Scanned at k = 3 with the second stage, as the window does. */
  pr_session_set_second_stage (session, TRUE);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 1, NULL));
  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_scan_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);

  /* Regrouped at k = 6, as the threshold dialog's Apply does. */
  pr_session_threshold_preview_async (session, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  preview = pr_session_threshold_preview_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  /* The first stage's clusters at that k, for the record. */
  {
    g_autoptr(PrClustering) clustering = pr_threshold_preview_cluster (preview, REGROUP_K, NULL, NULL, &error);

    g_assert_no_error (error);
    g_test_message ("first stage at k = %d: %u clusters", REGROUP_K, pr_clustering_get_n_clusters (clustering));
  }
  pr_session_regroup_async (session, preview, REGROUP_K, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  regroup = pr_session_regroup_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_session_apply_regroup_async (session, g_steal_pointer (&regroup), NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  g_assert_true (pr_session_apply_regroup_finish (session, result, &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
  app = pr_test_session_partition (session, 1);

  /* The oracle: a scan of the table at that k, through the same session
   * (the scan's own path: candidates judged, average linkage). */
  pr_session_scan_async (session, "petitions", mapping, REGROUP_K, NULL, NULL, NULL, store_result, &result);
  pr_test_wait_until (is_set, &result);
  pr_session_scan_finish (session, result, &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  pr_test_wait_until ((gboolean (*) (gpointer)) pr_session_get_list_complete, session);
  scanned = pr_test_session_partition (session, 1);
  g_test_message ("at k = %d: the regroup clusters %u records, the scan %u", REGROUP_K, g_hash_table_size (app),
                  g_hash_table_size (scanned));
  g_assert_cmpuint (g_hash_table_size (scanned), >, 0);
  g_assert_cmpuint (pr_test_partitions_differ (app, scanned), ==, 0);

  {
    gpointer weak = session;

    g_object_add_weak_pointer (weak, &weak);
    g_clear_object (&session);
    pr_test_wait_until (pr_test_is_null, &weak);
  }
}
