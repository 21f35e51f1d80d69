/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The mapping page: a table without a stable id, write-back into the
 * source table, and the admin guide's grants for it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"
#include "pr-mapping-page.h"

#include "chain-rows.h"

/* The application keeps every scan in a store, by the records' ids: a
 * table whose id column (here guessed by its name) nothing keeps unique
 * is refused, in the window, naming the column that could serve. */
void
test_no_stable_id (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  PrWindow *window;
  const char *text;

  pr_test_execute (root, "CREATE DATABASE noid");
  pr_test_execute (root, "CREATE TABLE noid.petitions (id INT NOT NULL, case_no VARCHAR(20) NULL, body TEXT, "
                         "UNIQUE KEY (case_no))");
  pr_test_execute (root, "INSERT INTO noid.petitions VALUES (1, 'X-1', '小区 夜间 施工 噪音 扰民 请求 查处'), "
                         "(2, 'X-2', '小区 夜间 施工 噪音 扰民 请求 查处'), (3, 'X-3', '医保 报销 比例 调整 退休 职工')");

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, g_steal_pointer (&params), "noid");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);

  text = pr_window_get_error_text (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  g_assert_nonnull (strstr (text, "nothing of it was saved"));
  g_assert_nonnull (strstr (text, "the id column “id” of table “petitions” is not a unique key"));
  g_assert_nonnull (strstr (text, "could serve as the id: case_no."));
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM information_schema.TABLES "
                                      "WHERE TABLE_SCHEMA = 'noid' AND TABLE_NAME = 'pr_scans'"), ==, 1);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM noid.pr_scans"), ==, 0);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM noid.pr_fingerprints"), ==, 0);

  pr_test_close_and_finalize (window);
}

static gboolean
write_back_on (gpointer data)
{
  return pr_window_get_write_back (data);
}

static char *
row_value (PrConnection *root,
           const char   *sql)
{
  return pr_test_query_value (root, sql);
}

void
test_write_back (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  GtkWidget *check, *repeat_of, *status;
  GtkColumnView *view;
  PrClusterItem *shown;
  PrWindow *window;
  g_autofree char *member = NULL;
  g_autofree char *primary = NULL;

  pr_test_fill_write_back_table (root, "wb", pr_test_group_bodies[0]);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, g_steal_pointer (&params), "wb");
  check = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_CHECK_BUTTON, "write-back");
  repeat_of = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "repeat-of-column");
  status = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "status-column");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));

  /* Write-back on, then scan: the target columns are not read as content. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (repeat_of), 3);  /* (none), id, body, repeat_of */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (status), 4);     /* …, status */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  pr_test_wait_until (write_back_on, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_n_listed (view), ==, 1);
  pr_test_select_cluster (window, view, 1);
  shown = pr_compare_view_get_item (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare")));
  member = g_strdup (pr_cluster_item_get_member (shown, 1)->id);
  primary = g_strdup (pr_cluster_item_get_primary_id (shown));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT CONCAT_WS('/', repeat_of, status) FROM wb.petitions WHERE id = %s", member);
    g_autofree char *written = row_value (root, sql);
    g_autofree char *expected = g_strdup_printf ("%s/repeat", primary);

    g_assert_cmpstr (written, ==, expected);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT CONCAT_WS('/', IFNULL(repeat_of, 'NULL'), status) FROM wb.petitions "
                                            "WHERE id = %s", member);
    g_autofree char *restored = row_value (root, sql);

    g_assert_cmpstr (restored, ==, "NULL/new");
  }
  /* Nobody else's row was touched. */
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM wb.petitions WHERE repeat_of IS NOT NULL OR status <> 'new'"), ==, 0);

  pr_test_close_and_finalize (window);
}

static gboolean
has_error (gpointer data)
{
  return pr_window_get_error_text (data) != NULL;
}

/* The administrator guide's privileges (docs/admin-guide.md, section 2),
 * statement for statement, for an account the window then uses: SELECT
 * on the source table, ALL on the application's tables before they
 * exist. It connects, scans (the tables made on first use), and with
 * write-back on a decision is refused, and nothing logged or written,
 * until UPDATE on the two columns is granted; then it is written and
 * logged, and the undo restores the row. */
void
test_guide_grants (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  static const char *const grants[] = {
    "CREATE USER 'reviewer'@'%' IDENTIFIED BY 'a-strong-password'",
    "GRANT SELECT ON guide.petitions TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_meta         TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_scans        TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_fingerprints TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_decisions    TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_repeats      TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_cases        TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_case_members TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_passages     TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_passage_counts TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_judged_pairs TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_part_pairs   TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_short_bodies TO 'reviewer'@'%'",
    "GRANT ALL PRIVILEGES ON guide.pr_short_grams  TO 'reviewer'@'%'",
  };
  GtkColumnView *view;
  PrClusterItem *shown;
  PrWindow *window;
  GtkWidget *write_back;
  g_autofree char *member = NULL;
  g_autofree char *primary = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *restored = NULL;

  pr_test_fill_write_back_table (root, "guide", pr_test_group_bodies[1]);
  for (guint i = 0; i < G_N_ELEMENTS (grants); i++)
    pr_test_execute (root, grants[i]);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'guide'"), ==, 1);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_free (params->user);
  params->user = g_strdup ("reviewer");
  g_free (params->password);
  params->password = g_strdup ("a-strong-password");
  pr_test_connect_window (window, g_steal_pointer (&params), "guide");
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN,
                                                                  "repeat-of-column")), 3);  /* (none), id, body, repeat_of */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN,
                                                                  "status-column")), 4);     /* …, status */
  write_back = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_CHECK_BUTTON, "write-back");

  /* No UPDATE on the source yet: switching write-back on is refused at
   * once, naming the privilege, and nothing is written. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (write_back), TRUE);
  pr_test_wait_until (has_error, window);
  g_test_message ("%s", pr_window_get_error_text (window));
  g_assert_nonnull (strstr (pr_window_get_error_text (window), "UPDATE"));
  g_assert_false (pr_window_get_write_back (window));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (write_back)));
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM guide.petitions WHERE repeat_of IS NOT NULL OR status <> 'new'"),
                    ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  /* The guide's write-back grant: on; decisions written and logged; undo
   * restores. */
  pr_test_execute (root, "GRANT UPDATE (repeat_of, status) ON guide.petitions TO 'reviewer'@'%'");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (write_back), TRUE);
  pr_test_wait_until (write_back_on, window);
  g_assert_null (pr_window_get_error_text (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM guide.pr_scans WHERE status = 'complete'"), ==, 1);
  g_assert_cmpuint (pr_test_n_listed (view), ==, 1);
  pr_test_select_cluster (window, view, 1);
  shown = pr_compare_view_get_item (PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare")));
  member = g_strdup (pr_cluster_item_get_member (shown, 1)->id);
  primary = g_strdup (pr_cluster_item_get_primary_id (shown));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  g_assert_null (pr_window_get_error_text (window));
  sql = g_strdup_printf ("SELECT CONCAT_WS('/', repeat_of, status) FROM guide.petitions WHERE id = %s", member);
  written = row_value (root, sql);
  /* The status word is the reviewer's language's (build-aux/screenshots
   * runs this in Chinese too). */
  expected = g_strdup_printf ("%s/%s", primary, C_("status written", "repeat"));
  g_assert_cmpstr (written, ==, expected);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM guide.pr_decisions WHERE verdict = 'repeat'"), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (pr_test_can_redo, window);
  g_clear_pointer (&sql, g_free);
  sql = g_strdup_printf ("SELECT CONCAT_WS('/', IFNULL(repeat_of, 'NULL'), status) FROM guide.petitions WHERE id = %s",
                         member);
  restored = row_value (root, sql);
  g_assert_cmpstr (restored, ==, "NULL/new");
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM guide.pr_decisions WHERE verdict = 'undo'"), ==, 1);

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP USER 'reviewer'@'%'");
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The clusters of the scan under review, one line each: the primary's
 * day and the members' ids, sorted; the lines sorted. */
static char *
cluster_signature (PrWindow *window)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) all = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autoptr(GString) line = g_string_new (NULL);
      g_autofree char *day = NULL;

      g_object_get (item, "date", &day, NULL);
      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        g_ptr_array_add (ids, pr_cluster_item_get_member (item, m)->id);
      g_ptr_array_sort (ids, compare_strings);
      g_string_append_printf (line, "%s:", day);
      for (guint m = 0; m < ids->len; m++)
        g_string_append_printf (line, " %s", (char *) ids->pdata[m]);
      g_ptr_array_add (lines, g_string_free (g_steal_pointer (&line), FALSE));
    }
  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (all, "%s\n", (char *) lines->pdata[i]);
  return g_string_free (g_steal_pointer (&all), FALSE);
}

static gboolean
columns_refilled (gpointer data)
{
  GtkWidget *box = g_object_get_data (G_OBJECT (data), "columns");

  return gtk_widget_get_first_child (box) != NULL &&
         gtk_widget_get_first_child (box) != g_object_get_data (G_OBJECT (data), "old-first-row");
}

/* Chooses @table on the mapping page and waits for its columns. */
static void
choose_table (PrWindow   *window,
              const char *table)
{
  GtkWidget *page = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_MAPPING_PAGE, NULL);
  GtkDropDown *tables = GTK_DROP_DOWN (pr_test_find_widget (page, GTK_TYPE_DROP_DOWN, NULL));
  GListModel *names = gtk_drop_down_get_model (tables);
  GtkWidget *box = g_object_get_data (G_OBJECT (window), "columns");

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), table) == 0)
      {
        if (g_strcmp0 (pr_mapping_page_get_table (PR_MAPPING_PAGE (page)), table) == 0)
          return;
        g_object_set_data (G_OBJECT (window), "old-first-row", gtk_widget_get_first_child (box));
        gtk_drop_down_set_selected (tables, i);
        pr_test_wait_until (columns_refilled, window);
        return;
      }
  g_assert_not_reached ();
}

/* Scans the chosen table; returns the window's error text, NULL if none. */
static const char *
scan (PrWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  if (pr_window_get_error_text (window) == NULL)
    pr_test_wait_until (pr_test_list_settled, pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                   "cluster-list"));
  return pr_window_get_error_text (window);
}

/* The mapping page's petitions, unless another test made them already. */
static void
ensure_office (PrConnection *root)
{
  if (pr_test_count_rows (root, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'office'") == 0)
    pr_test_fill_table (root);
}

/* A window on @database, @table scanned: returns the window, and the
 * scan's clusters in @out_signature (the oracle of a test). */
static PrWindow *
open_and_scan (const char  *database,
               const char  *table,
               char       **out_signature)
{
  PrWindow *window = pr_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), database);
  choose_table (window, table);
  g_assert_null (scan (window));
  *out_signature = cluster_signature (window);
  g_test_message ("%s.%s:\n%s", database, table, *out_signature);
  return window;
}

/* A latin1 column holding GBK bytes (an old system's table): refused
 * with the application's own advice, naming the encoding; with GBK
 * chosen beside the column, the scan finds the clusters the same records
 * give in a utf8mb4 table (the oracle). */
void
test_column_encoding (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *utf8 = NULL;
  g_autofree char *gbk = NULL;
  GtkWidget *encoding;
  PrWindow *window;
  const char *text;

  ensure_office (root);
  pr_test_execute (root, "CREATE DATABASE edges CHARACTER SET utf8mb4");
  pr_test_execute (root, "CREATE TABLE edges.a_utf8 (id INT PRIMARY KEY, petitioner VARCHAR(64), body TEXT)");
  pr_test_execute (root, "INSERT INTO edges.a_utf8 SELECT id, petitioner, body FROM office.petitions");
  pr_test_execute (root, "CREATE TABLE edges.b_latin1 (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "body TEXT CHARACTER SET latin1)");
  pr_test_execute (root, "INSERT INTO edges.b_latin1 SELECT id, petitioner, CAST(CONVERT(body USING gbk) AS BINARY) "
                         "FROM office.petitions");

  window = open_and_scan ("edges", "a_utf8", &utf8);
  g_assert_cmpuint (pr_session_get_n_clusters (pr_window_get_session (window)), >=, 3);

  choose_table (window, "b_latin1");
  text = scan (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  g_assert_nonnull (strstr (text, "as the column's encoding"));
  g_assert_null (strstr (text, "--column-encoding"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  encoding = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "encoding-body");
  g_assert_nonnull (encoding);
  g_assert_true (gtk_widget_get_visible (encoding));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (encoding), 2);  /* Auto encoding, UTF-8, GBK */
  g_assert_null (scan (window));
  gbk = cluster_signature (window);
  g_assert_cmpstr (gbk, ==, utf8);

  pr_test_close_and_finalize (window);
}

/* A latin1 column holding GBK bytes, given GBK beside it, one value of
 * which (QQ群骗钱, bytes 51 51 C8 BA C6 AD C7 AE) is also UTF-8 text
 * (QQȺƭǮ): refused, naming the page's switch, as --force-encoding is
 * named to the command line; with “Keep the encodings chosen” on, the
 * scan finds the clusters the same records give in a utf8mb4 table (the
 * oracle). */
void
test_forced_encoding (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *utf8 = NULL;
  g_autofree char *forced = NULL;
  GtkWidget *encoding, *keep;
  PrWindow *window;
  const char *text;

  ensure_office (root);
  pr_test_execute (root, "CREATE DATABASE forced CHARACTER SET utf8mb4");
  pr_test_execute (root, "CREATE TABLE forced.a_utf8 (id INT PRIMARY KEY, body TEXT)");
  pr_test_execute (root, "INSERT INTO forced.a_utf8 SELECT id, body FROM office.petitions");
  pr_test_execute (root, "UPDATE forced.a_utf8 SET body = 'QQ群骗钱' ORDER BY id LIMIT 1");
  pr_test_execute (root, "CREATE TABLE forced.b_latin1 (id INT PRIMARY KEY, body TEXT CHARACTER SET latin1)");
  pr_test_execute (root, "INSERT INTO forced.b_latin1 SELECT id, CAST(CONVERT(body USING gbk) AS BINARY) "
                         "FROM forced.a_utf8");

  window = open_and_scan ("forced", "a_utf8", &utf8);

  choose_table (window, "b_latin1");
  encoding = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "encoding-body");
  g_assert_nonnull (encoding);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (encoding), 2);  /* Auto encoding, UTF-8, GBK */
  text = scan (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  g_assert_nonnull (strstr (text, "switch on “Keep the encodings chosen”"));
  g_assert_null (strstr (text, "--force-encoding"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  keep = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_CHECK_BUTTON, "force-encodings");
  g_assert_nonnull (keep);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (keep)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (keep), TRUE);
  g_assert_null (scan (window));
  forced = cluster_signature (window);
  g_assert_cmpstr (forced, ==, utf8);

  pr_test_close_and_finalize (window);
}

/* Sets the role of @column on the mapping page. */
static void
set_role (PrWindow    *window,
          const char  *column,
          guint        role)
{
  g_autofree char *name = g_strdup_printf ("date-order-%s", column);
  GtkWidget *order = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, name);

  g_assert_nonnull (order);
  /* The row's first dropdown is its role: Id, Short field, Text, Date, Ignore. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (gtk_widget_get_parent (order),
                                                                  GTK_TYPE_DROP_DOWN, NULL)), role);
}

/* Dates written 10/01/2026: refused until an order is chosen, in the
 * application's words; with day-month-year chosen, the clusters and
 * their days are those of the same records with DATETIME dates (the
 * oracle), and month-day-year is refused, naming day-month-year. */
void
test_date_order (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autofree char *oracle = NULL;
  g_autofree char *dmy = NULL;
  GtkWidget *order;
  PrWindow *window;
  const char *text;

  ensure_office (root);
  pr_test_execute (root, "CREATE DATABASE dated CHARACTER SET utf8mb4");
  pr_test_execute (root, "CREATE TABLE dated.a_datetime (id INT PRIMARY KEY, body TEXT, filed DATETIME)");
  pr_test_execute (root, "INSERT INTO dated.a_datetime SELECT id, body, submitted_at FROM office.petitions");
  pr_test_execute (root, "CREATE TABLE dated.b_text (id INT PRIMARY KEY, body TEXT, filed VARCHAR(20))");
  pr_test_execute (root, "INSERT INTO dated.b_text SELECT id, body, DATE_FORMAT(submitted_at, '%d/%m/%Y') "
                         "FROM office.petitions");

  window = open_and_scan ("dated", "a_datetime", &oracle);

  choose_table (window, "b_text");
  set_role (window, "filed", 3);
  order = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "date-order-filed");
  g_assert_true (gtk_widget_get_visible (order));
  text = scan (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  g_assert_nonnull (strstr (text, "may be day-first or month-first; choose Day-month-year or Month-day-year "
                                  "beside the date column"));
  g_assert_null (strstr (text, "--date-format"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  gtk_drop_down_set_selected (GTK_DROP_DOWN (order), 1);  /* not set, DMY, MDY, YMD */
  g_assert_null (scan (window));
  dmy = cluster_signature (window);
  g_assert_cmpstr (dmy, ==, oracle);

  /* Month-day-year on day-first dates: a day over 12 cannot be a month,
   * so the order is refused rather than the other dates read swapped. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (order), 2);
  text = scan (window);
  g_assert_nonnull (text);
  g_test_message ("the window says: %s", text);
  g_assert_nonnull (strstr (text, "choose Day-month-year beside the date column"));
  g_assert_null (strstr (text, "--date-format"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

  pr_test_close_and_finalize (window);
}

/* A column given another role on the mapping page takes the weight the
 * CLI gives that role (--short COL, --text COL): the mapping the window
 * scans with is the one `scan` reads from the same choices. The oracle is
 * the CLI's own reading of the flags (pr_mapping_add_spec ()). */
void
test_weight_follows_role (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_window_new (NULL);
  GtkWidget *page;
  static const struct {
    guint        role;   /* the dropdown's: Id, Short field, Text, Date, Ignore */
    PrColumnRole cli;
  } changes[] = {
    { 1, PR_COLUMN_ROLE_SHORT }, { 2, PR_COLUMN_ROLE_TEXT }, { 4, PR_COLUMN_ROLE_IGNORE }, { 1, PR_COLUMN_ROLE_SHORT },
  };

  ensure_office (root);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  choose_table (window, "petitions");
  page = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_MAPPING_PAGE, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    {
      g_autoptr(PrMapping) oracle = pr_mapping_new ();
      g_autoptr(PrMapping) mapping = NULL;
      g_autoptr(GError) error = NULL;
      const PrMappingColumn *column = NULL;

      set_role (window, "body", changes[i].role);
      mapping = pr_mapping_page_make_mapping (PR_MAPPING_PAGE (page), &error);
      if (changes[i].cli == PR_COLUMN_ROLE_IGNORE)
        continue;
      /* Another column still gives the scan words: the mapping is made. */
      g_assert_no_error (error);
      g_assert_true (pr_mapping_add_spec (oracle, changes[i].cli, "body", NULL));
      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        if (g_strcmp0 (pr_mapping_get_column (mapping, c)->name, "body") == 0)
          column = pr_mapping_get_column (mapping, c);
      g_assert_nonnull (column);
      g_assert_cmpint (column->role, ==, changes[i].cli);
      g_assert_cmpfloat (column->weight, ==, pr_mapping_get_column (oracle, 0)->weight);
    }

  pr_test_close_and_finalize (window);
}
