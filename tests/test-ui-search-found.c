/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list's search on the sample, in the real window against a
 * real server: for each text, the cases listed are exactly those a brute
 * force pass over the sample's rows finds (a record of the case with the
 * text in any mapped column but the date, Latin letters of either case,
 * full-width forms as their ordinary forms),
 * or whose number or a record id has it. A text the entry tells of twice
 * is searched for with one read of the table.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-csv-reader.h"
#include "pr-review-page.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static char *dir, *sample;
static gint table_reads;  /* the reads of the whole petitions table begun, as the reader logs them */
static PrSampleServer *server;
static PrWindow *window;
static GPtrArray *rows;

static GtkColumnView *
cluster_list (void)
{
  return GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

static gboolean
search_done (gpointer data)
{
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

  return !pr_review_page_get_searching (page) && pr_test_list_settled (cluster_list ());
}

/* @text in GLib's compatibility forms, Latin letters lowered: how the
 * search is to compare (full-width forms as their ordinary forms). */
static char *
folded (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL_COMPOSE);

  return g_ascii_strdown (normal, -1);
}

/* Whether @text has @needle, both folded. */
static gboolean
has (const char *text,
     const char *needle)
{
  g_autofree char *low_text = folded (text);
  g_autofree char *low_needle = folded (needle);

  return strstr (low_text, low_needle) != NULL;
}

/* The sample's rows, each its id and then its folded fields of the
 * columns the scan mapped, but the date, read once from the file the
 * server was loaded from: under the sanitizers, folding every field again
 * for each text took most of the test's time. */
static GPtrArray *
sample_rows (void)
{
  const PrMapping *mapping = pr_session_get_mapping (pr_window_get_session (window));
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GArray) fields = NULL;
  int id = -1;

  if (rows != NULL)
    return rows;
  reader = pr_csv_reader_new_for_path (sample, NULL, &error);
  fields = g_array_new (FALSE, FALSE, sizeof (int));
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      int field = pr_csv_reader_find_field (reader, column->name);

      g_assert_cmpint (field, >=, 0);
      if (column->role == PR_COLUMN_ROLE_ID)
        id = field;
      if (column->role != PR_COLUMN_ROLE_DATE)
        g_array_append_val (fields, field);
    }
  g_assert_cmpint (id, >=, 0);
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      GStrvBuilder *builder = g_strv_builder_new ();

      g_strv_builder_add (builder, pr_csv_reader_get_field (reader, id, NULL));
      for (guint f = 0; f < fields->len; f++)
        {
          g_autofree char *field = folded (pr_csv_reader_get_field (reader, g_array_index (fields, int, f), NULL));

          g_strv_builder_add (builder, field);
        }
      g_ptr_array_add (rows, g_strv_builder_end (builder));
      g_strv_builder_unref (builder);
    }
  g_assert_no_error (error);
  return rows;
}

/* The ids of the sample's rows with @needle in a column the scan mapped,
 * but the date. */
static GHashTable *
rows_with (const char *needle)
{
  GPtrArray *table = sample_rows ();
  g_autofree char *low_needle = folded (needle);
  GHashTable *ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint r = 0; r < table->len; r++)
    {
      char **row = g_ptr_array_index (table, r);

      for (guint f = 1; row[f] != NULL; f++)
        if (strstr (row[f], low_needle) != NULL)
          {
            g_hash_table_add (ids, row[0]);
            break;
          }
    }
  return ids;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The primaries of the cases a brute force pass finds for @needle, sorted. */
static char *
expected (const char *needle)
{
  g_autoptr(GHashTable) rows = rows_with (needle);
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autofree char *number = g_strdup_printf ("%u", pr_cluster_item_get_number (item));
      gboolean hit = has (number, needle);

      g_assert_cmpuint (pr_cluster_item_get_number (item), >, 0);
      for (guint m = 0; !hit && m < pr_cluster_item_get_n_members (item); m++)
        {
          const char *member = pr_cluster_item_get_member (item, m)->id;

          hit = has (member, needle) || g_hash_table_contains (rows, member);
        }
      if (hit)
        g_ptr_array_add (found, g_strdup (pr_cluster_item_get_primary_id (item)));
    }
  g_ptr_array_sort (found, compare_ids);
  g_ptr_array_add (found, NULL);
  return g_strjoinv (" ", (char **) found->pdata);
}

/* The primaries of the cases listed, sorted. */
static char *
listed (void)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (cluster_list ()));
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      g_ptr_array_add (shown, g_strdup (pr_cluster_item_get_primary_id (item)));
    }
  g_ptr_array_sort (shown, compare_ids);
  g_ptr_array_add (shown, NULL);
  return g_strjoinv (" ", (char **) shown->pdata);
}

static void
test_against_rows (void)
{
  /* Words of the bodies, a petitioner's name, a place, digits of ids,
   * dates and case numbers, Latin letters in either case, full-width
   * digits and signs, an ID card's digits written full-width in the
   * bodies, a text found nowhere, punctuation; each after another, as
   * typed. Each search reads the table again: under the sanitizers a
   * dozen take minutes. */
  static const char *const texts[] = { "电梯", "王某", "西岚市", "12", "2023", "a", "Ab", "１２", "＊",
                                       "没有这样的字", "３５９８０３", "，" };
  GtkWidget *entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");

  pr_test_scan (window);
  pr_review_page_clear_filters (PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      g_autofree char *normal = g_utf8_normalize (texts[t], -1, G_NORMALIZE_ALL_COMPOSE);
      g_autofree char *want = NULL, *got = NULL;

      gtk_editable_set_text (GTK_EDITABLE (entry), texts[t]);
      g_signal_emit_by_name (entry, "search-changed");
      pr_test_wait_until (search_done, NULL);
      want = expected (normal);
      got = listed ();
      g_test_message ("%s: %u bytes of primaries", texts[t], (guint) strlen (want));
      g_assert_cmpstr (got, ==, want);
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_signal_emit_by_name (entry, "search-changed");
  pr_test_wait_until (search_done, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (cluster_list ()))), ==,
                      g_list_model_get_n_items (pr_session_get_clusters (pr_window_get_session (window))));
}

/* Counts the record reader's SELECTs of the petitions table (its debug
 * line, logged on the worker thread as a read begins). */
static GLogWriterOutput
count_reads (GLogLevelFlags   level,
             const GLogField *fields,
             gsize            n_fields,
             gpointer         unused)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0)
      domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
      message = fields[i].value;
  if (g_strcmp0 (domain, "pr-record-reader") == 0 && message != NULL && g_str_has_prefix (message, "SELECT ") &&
      g_str_has_suffix (message, " FROM `petitions`"))
    g_atomic_int_inc (&table_reads);
  return g_log_writer_default (level, fields, n_fields, unused);
}

/* A text the entry tells of twice before its search is back (as typed,
 * after the entry's delay, and at once by Enter or a caller): the table
 * is read once for it, and the cases listed are still a brute force
 * pass's. */
static void
test_read_once (void)
{
  GtkWidget *entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  g_autofree char *want = NULL, *got = NULL;

  pr_test_wait_until (search_done, NULL);
  g_atomic_int_set (&table_reads, 0);
  gtk_editable_set_text (GTK_EDITABLE (entry), "电梯");
  g_signal_emit_by_name (entry, "search-changed");
  g_signal_emit_by_name (entry, "search-changed");
  pr_test_wait_until (search_done, NULL);
  g_assert_cmpint (g_atomic_int_get (&table_reads), ==, 1);
  want = expected ("电梯");
  got = listed ();
  g_assert_cmpstr (got, ==, want);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_log_set_writer_func (count_reads, NULL, NULL);
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  dir = pr_test_make_temp_dir ();
  sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 720);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/search-found/against-rows", test_against_rows);
  g_test_add_func ("/app/search-found/read-once", test_read_once);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_clear_pointer (&rows, g_ptr_array_unref);
  g_free (dir);
  g_free (sample);
  return status;
}
