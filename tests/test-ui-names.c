/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window against a throwaway server: columns named for people (the
 * catalogue's comments, or names the reviewer gives on the mapping page)
 * in the compare view, its explanation and the report's headings; and
 * the threshold preview's sample pairs and Apply, which must leave the
 * record chosen and the undo history as the reviewer expects.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-csv-reader.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"

/* The comments of office.petitions: what the window must show. */
static void
add_comments (PrConnection *root)
{
  pr_test_execute (root, "ALTER TABLE office.petitions "
                         "MODIFY id INT COMMENT '编号', "
                         "MODIFY petitioner VARCHAR(64) COMMENT '信访人', "
                         "MODIFY submitted_at DATETIME COMMENT '来信日期', "
                         "MODIFY body TEXT COMMENT '信访内容'");
}

static void
collect_field_names (GtkWidget *widget,
                     GPtrArray *names)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "field-name"))
    g_ptr_array_add (names, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_field_names (child, names);
}

static char *
field_names (GtkWidget *compare)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  /* The field names pinned beside the primary (the explanation has
   * captions of that style too). */
  collect_field_names (pr_test_find_widget (compare, GTK_TYPE_GRID, "compare-pinned"), names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("|", (char **) names->pdata);
}

static GtkWidget *
display_name_entry (PrWindow   *window,
                    const char *column)
{
  g_autofree char *name = g_strdup_printf ("display-name-%s", column);
  GtkWidget *entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, name);

  g_assert_nonnull (entry);
  return entry;
}

/* The comments name the columns, a name the reviewer gives replaces one,
 * and both are what the compare view, the explanation and the report's
 * headings say; the name given is there again when the table is mapped
 * again. */
static void
test_display_names (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pr-names-XXXXXX", &error);
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *shown = NULL;
  GtkWidget *compare;
  GtkColumnView *view;
  PrWindow *window;
  gboolean petitioner_heading = FALSE;

  g_assert_no_error (error);
  pr_test_fill_table (root);
  add_comments (root);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");

  /* The catalogue's comments; a column without one keeps its name. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "petitioner"))), ==, "信访人");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "body"))), ==, "信访内容");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "subject"))), ==, "");
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (display_name_entry (window, "subject"))), ==, "subject");
  /* The reviewer names that one. */
  gtk_editable_set_text (GTK_EDITABLE (display_name_entry (window, "subject")), "事由");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, view, 1);
  compare = g_object_get_data (G_OBJECT (window), "compare");
  shown = field_names (compare);
  g_test_message ("field names: %s", shown);
  /* In the mapping's order: the short field, the texts, the date. */
  g_assert_cmpstr (shown, ==, "信访人|事由|来信日期|信访内容");
  /* "Why they match" names the short field the same way. */
  {
    g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
    gboolean named = FALSE;

    pr_test_collect_label_texts (compare, texts);
    for (guint i = 0; i < texts->len; i++)
      {
        named |= strstr (texts->pdata[i], "信访人 agrees") != NULL || strstr (texts->pdata[i], "信访人 differs") != NULL;
        g_assert_null (strstr (texts->pdata[i], "petitioner agrees"));
        g_assert_null (strstr (texts->pdata[i], "petitioner differs"));
      }
    g_assert_true (named);
  }

  /* The report's headings: the display names after its own columns. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  reader = pr_csv_reader_new_for_path (report, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint f = 0; f < pr_csv_reader_get_n_fields (reader); f++)
    {
      const char *heading = pr_csv_reader_get_field (reader, f, NULL);

      g_test_message ("heading %u: %s", f, heading);
      g_assert_cmpstr (heading, !=, "petitioner");
      g_assert_cmpstr (heading, !=, "body");
      g_assert_cmpstr (heading, !=, "submitted_at");
      g_assert_cmpstr (heading, !=, "subject");
      petitioner_heading |= g_strcmp0 (heading, "信访人") == 0;
    }
  g_assert_true (petitioner_heading);
  pr_test_close_and_finalize (window);

  /* Mapped again, in a new window: the name given is kept. */
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "subject"))), ==, "事由");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "petitioner"))), ==, "信访人");
  pr_test_close_and_finalize (window);

  /* Without comments: the petitioner and the date by their roles' own
   * headings (translated), a text by its name, the name given kept. */
  pr_test_execute (root, "ALTER TABLE office.petitions "
                         "MODIFY id INT COMMENT '', "
                         "MODIFY petitioner VARCHAR(64) COMMENT '', "
                         "MODIFY submitted_at DATETIME COMMENT '', "
                         "MODIFY body TEXT COMMENT ''");
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (display_name_entry (window, "petitioner"))), ==, "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, view, 1);
  g_free (shown);
  shown = field_names (g_object_get_data (G_OBJECT (window), "compare"));
  g_test_message ("field names: %s", shown);
  g_assert_cmpstr (shown, ==, "Petitioner|事由|Date|body");
  pr_test_close_and_finalize (window);

  g_unlink (report);
  g_rmdir (dir);
  pr_test_execute (root, "DROP DATABASE office");
}

/* ---- the threshold preview ---- */

static gboolean
threshold_ready (gpointer data)
{
  PrThresholdDialog *dialog = pr_window_get_threshold_dialog (data);

  return dialog != NULL && pr_threshold_dialog_get_ready (dialog);
}

static gboolean
threshold_closed (gpointer data)
{
  return pr_window_get_threshold_dialog (data) == NULL && !pr_window_get_busy (data);
}

static void
collect_samples (GtkWidget *widget,
                 GPtrArray *buttons)
{
  if (GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "record-id") != NULL)
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_samples (child, buttons);
}

static gboolean
compare_shows_item (gpointer data)
{
  PrWindow *window = data;
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");

  return pr_compare_view_get_settled (compare) &&
         pr_compare_view_get_item (compare) == g_object_get_data (G_OBJECT (window), "wanted-item");
}

/* A sample pair opens its cluster on one of the pair's records beside the
 * primary: the pair the reviewer chose, not the cluster's second member. */
static void
test_sample_pair_selects (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  PrWindow *window = pr_test_scanned_window (root);
  PrSession *session = pr_window_get_session (window);
  PrThresholdDialog *dialog;
  PrCompareView *compare;
  GtkWidget *chosen = NULL;
  g_auto(GStrv) pair = NULL;
  PrClusterItem *item = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  pr_test_wait_until (threshold_ready, window);
  dialog = pr_window_get_threshold_dialog (window);
  collect_samples (GTK_WIDGET (dialog), buttons);
  /* A pair neither record of which is the cluster's second member (which
   * a cluster opens on): only the pair itself can make the choice. The
   * pairs are the planted records', 400–403 among them. */
  for (guint i = 0; i < buttons->len && chosen == NULL; i++)
    {
      g_auto(GStrv) ids = g_strsplit (gtk_button_get_label (buttons->pdata[i]), "–", 2);
      PrClusterItem *a_item = pr_session_find_cluster (session, ids[0]);

      g_test_message ("sample %s–%s: members %d, %d", ids[0], ids[1],
                      a_item ? pr_cluster_item_find_member (a_item, ids[0]) : -1,
                      a_item ? pr_cluster_item_find_member (a_item, ids[1]) : -1);

      if (a_item != NULL && a_item == pr_session_find_cluster (session, ids[1]) &&
          pr_cluster_item_find_member (a_item, ids[0]) != 1 && pr_cluster_item_find_member (a_item, ids[1]) != 1)
        {
          chosen = buttons->pdata[i];
          pair = g_steal_pointer (&ids);
          item = a_item;
        }
    }
  g_assert_nonnull (chosen);
  g_test_message ("sample pair %s–%s", pair[0], pair[1]);
  g_object_set_data (G_OBJECT (window), "wanted-item", item);
  g_signal_emit_by_name (chosen, "clicked");
  pr_test_wait_until (compare_shows_item, window);
  compare = g_object_get_data (G_OBJECT (window), "compare");
  g_assert_true (g_strv_contains ((const char *const *) pair, pr_compare_view_get_selected_id (compare)));
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare), !=, pr_cluster_item_get_primary_id (item));

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

static gboolean
member_is (gpointer data)
{
  PrWindow *window = data;
  PrClusterItem *item = pr_session_find_cluster (pr_window_get_session (window),
                                                 g_object_get_data (G_OBJECT (window), "record"));
  int m = item != NULL ? pr_cluster_item_find_member (item, g_object_get_data (G_OBJECT (window), "record")) : -1;

  return !pr_window_get_busy (window) && !pr_session_get_can_undo (pr_window_get_session (window)) ==
                                           !GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "can-undo")) &&
         m > 0 && (int) pr_cluster_item_get_member (item, m)->state ==
                    GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "state"));
}

/* Applying another k keeps the decisions made before it undoable: undo
 * takes back the last one, in the clusters at the new k. */
static void
test_apply_keeps_undo (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window = pr_test_scanned_window (root);
  PrSession *session = pr_window_get_session (window);
  GtkColumnView *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  PrClusterItem *item;
  PrCompareView *compare;
  g_autofree char *record = NULL;
  guint k = pr_session_get_k (session);

  /* A repeat of the planted group 301…304, whose copies are at distance 0. */
  item = pr_session_find_cluster (session, "300");
  g_assert_nonnull (item);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (item));
  compare = g_object_get_data (G_OBJECT (window), "compare");
  record = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  g_object_set_data (G_OBJECT (window), "record", record);
  g_object_set_data (G_OBJECT (window), "can-undo", GINT_TO_POINTER (TRUE));
  g_object_set_data (G_OBJECT (window), "state", GINT_TO_POINTER (PR_MEMBER_REPEAT));
  pr_test_wait_until (member_is, window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  pr_test_wait_until (threshold_ready, window);
  pr_threshold_dialog_set_k (pr_window_get_threshold_dialog (window), k + 2);
  g_object_set_data (G_OBJECT (window), "threshold-k", GUINT_TO_POINTER (k + 2));
  while (!threshold_ready (window) || pr_threshold_dialog_get_summary (pr_window_get_threshold_dialog (window))->k != k + 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (pr_threshold_dialog_apply (pr_window_get_threshold_dialog (window)));
  pr_test_wait_until (threshold_closed, window);
  g_assert_cmpuint (pr_session_get_k (session), ==, k + 2);

  /* The decision still stands, in the new clusters, and can be undone. */
  g_assert_true (pr_session_get_can_undo (session));
  g_assert_true (member_is (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_object_set_data (G_OBJECT (window), "can-undo", GINT_TO_POINTER (FALSE));
  g_object_set_data (G_OBJECT (window), "state", GINT_TO_POINTER (PR_MEMBER_UNDECIDED));
  pr_test_wait_until (member_is, window);
  g_assert_true (pr_session_get_can_redo (session));

  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/mapping-page/display-names", test_display_names);
  g_test_add_func ("/app/threshold-dialog/sample-pair-selects", test_sample_pair_selects);
  g_test_add_func ("/app/threshold-dialog/apply-keeps-undo", test_apply_keeps_undo);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
