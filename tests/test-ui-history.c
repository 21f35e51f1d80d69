/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's history and notes: the reviewer's name asked for at the
 * first decision and recorded with it (and in the report), the note
 * entered with a decision, the history popover, and a record found not a
 * repeat kept with its case after a rescan and restored from there.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "pr-compare-view.h"
#include "pr-history-popover.h"
#include "pr-preferences-dialog.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* Whether a label under @widget contains every one of @parts. */
static gboolean
has_label_with (GtkWidget         *widget,
                const char *const *parts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      gboolean all = TRUE;

      for (guint i = 0; parts[i] != NULL; i++)
        all &= strstr (text, parts[i]) != NULL;
      if (all)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label_with (child, parts))
      return TRUE;
  return FALSE;
}

static PrPreferencesDialog *
find_preferences (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (PR_IS_PREFERENCES_DIALOG (window))
        return PR_PREFERENCES_DIALOG (window);
    }
  return NULL;
}

typedef struct {
  PrConnection *root;
  const char   *sql;
  guint64       rows;
} Rows;

static gboolean
has_rows (gpointer data)
{
  Rows *rows = data;

  return pr_test_count_rows (rows->root, rows->sql) == rows->rows;
}

static gboolean
member_gone (gpointer data)
{
  PrWindow *window = data;
  PrClusterItem *item = pr_compare_view_get_item (g_object_get_data (G_OBJECT (window), "compare"));
  const char *id = g_object_get_data (G_OBJECT (window), "taken-out");
  int index = item != NULL ? pr_cluster_item_find_member (item, id) : -1;

  return index > 0 && pr_cluster_item_get_member (item, (guint) index)->state == PR_MEMBER_NOT_REPEAT;
}

static gboolean
not_busy_or_deciding (gpointer data)
{
  return pr_test_not_busy (data) && pr_session_get_can_undo (pr_window_get_session (data));
}

static gboolean
none_taken_out (gpointer data)
{
  g_autoptr(GPtrArray) taken_out = pr_cluster_item_list_taken_out (data);

  return taken_out->len == 0;
}

/* Whether History can be opened, by its button and by Ctrl+H. */
static void
history_offered (PrWindow *window,
                 gboolean  offered)
{
  GtkWidget *button = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, "history-button");

  g_assert_nonnull (button);
  g_assert_cmpint (gtk_widget_is_sensitive (button), ==, offered);
  g_assert_cmpint (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "history"), ==, offered);
}

void
test_history_notes (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autofree char *saved_name = g_settings_get_string (settings, "reviewer-name");
  g_autofree char *taken_out = NULL;
  g_autofree char *logged = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *report_path = NULL;
  g_autofree char *report = NULL;
  g_autofree char *button_name = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  PrCompareView *compare;
  PrPreferencesDialog *dialog;
  GtkWidget *note, *popover, *button, *taken_out_box;
  PrClusterItem *item;
  guint number;
  Rows rows = { root, NULL, 0 };

  pr_test_execute (root, "CREATE DATABASE history_ui");
  pr_test_execute (root, "CREATE TABLE history_ui.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                         "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint g = 0; g < 2; g++)
    for (guint r = 0; r < 3 + g; r++)
      {
        g_autofree char *insert = g_strdup_printf ("INSERT INTO history_ui.petitions VALUES (%u, '居民%u', "
                                                   "'关于问题%u的反映', '2026-0%u-1%u 09:00:00', '%s%s')",
                                                   100 * (g + 1) + r, g, g, g + 1, r, pr_test_group_bodies[g],
                                                   r == 1 ? "！！" : r == 2 ? "……" : "");

        pr_test_execute (root, insert);
      }

  /* No name set yet. */
  g_settings_set_string (settings, "reviewer-name", "");
  gtk_window_present (GTK_WINDOW (window));
  /* History is of a scanned table's decisions: nothing to show on the
   * start page, nor on the mapping page before a scan. */
  history_offered (window, FALSE);
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "history_ui");
  history_offered (window, FALSE);
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  compare = PR_COMPARE_VIEW (g_object_get_data (G_OBJECT (window), "compare"));
  pr_test_scan (window);
  history_offered (window, TRUE);
  pr_test_select_cluster (window, view, 1);
  item = pr_compare_view_get_item (compare);
  number = pr_cluster_item_get_number (item);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  taken_out = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (taken_out, !=, pr_cluster_item_get_primary_id (item));
  g_object_set_data (G_OBJECT (window), "taken-out", taken_out);

  /* A note, then "not a repeat": the name is asked for first, and the
   * decision waits for it. */
  note = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "decision-note");
  g_assert_nonnull (note);
  gtk_editable_set_text (GTK_EDITABLE (note), "诉求不同，另案处理");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  dialog = find_preferences ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM history_ui.pr_decisions"), ==, 0);
  /* An empty name is refused, saying why. */
  g_assert_false (pr_preferences_dialog_save (dialog));
  g_assert_true (has_label_with (GTK_WIDGET (dialog), (const char *[]) { "name", NULL }));
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, "reviewer-name")),
                         " 王敏 ");
  gtk_widget_activate (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "preferences-save"));
  pr_test_wait_until (member_gone, window);
  pr_test_wait_until (not_busy_or_deciding, window);
  g_assert_null (find_preferences ());
  {
    g_autofree char *name = g_settings_get_string (settings, "reviewer-name");

    g_assert_cmpstr (name, ==, "王敏");
  }
  logged = pr_test_query_value (root, "SELECT CONCAT_WS('|', record_id, verdict, reviewer, login, note, case_number) "
                                      "FROM history_ui.pr_decisions");
  expected = g_strdup_printf ("%s|not_repeat|王敏|%s|诉求不同，另案处理|%u", taken_out, g_get_user_name (), number);
  g_assert_cmpstr (logged, ==, expected);
  /* The note went with that decision. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (note)), ==, "");

  /* The report names the reviewer by the name set. */
  report_path = g_build_filename (g_get_tmp_dir (), "pr-history-report.csv", NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-to", "s", report_path));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_true (g_file_get_contents (report_path, &report, NULL, NULL));
  g_assert_nonnull (strstr (report, ",王敏,"));
  {
    g_autofree char *login_cell = g_strdup_printf (",%s,", g_get_user_name ());

    g_assert_null (strstr (report, login_cell));
  }
  g_unlink (report_path);

  /* Rescan: the record is clustered apart, and the case keeps it, taken
   * out, in its history, with who and why, and a button to restore it. */
  pr_test_scan (window);
  pr_test_select_cluster (window, view, number);
  item = pr_compare_view_get_item (compare);
  g_assert_cmpint (pr_cluster_item_find_member (item, taken_out), <, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.history", NULL));
  popover = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_HISTORY_POPOVER, NULL);
  g_assert_nonnull (popover);
  pr_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, popover);
  taken_out_box = pr_test_find_widget (popover, GTK_TYPE_BOX, "taken-out");
  g_assert_true (gtk_widget_get_visible (taken_out_box));
  g_assert_true (has_label_with (taken_out_box, (const char *[]) { taken_out, "王敏", "诉求不同，另案处理", NULL }));
  g_assert_true (has_label_with (pr_test_find_widget (popover, GTK_TYPE_BOX, "case-history"),
                                 (const char *[]) { taken_out, "王敏", NULL }));
  button_name = g_strdup_printf ("restore-%s", taken_out);
  button = pr_test_find_widget (taken_out_box, GTK_TYPE_BUTTON, button_name);
  g_assert_nonnull (button);

  /* Restored, with a note: the undo is in the log, and the case has no
   * record taken out now. */
  gtk_editable_set_text (GTK_EDITABLE (note), "核实为同一事项");
  gtk_widget_activate (button);
  rows.sql = "SELECT COUNT(*) FROM history_ui.pr_decisions WHERE verdict = 'undo' AND reviewer = '王敏' "
             "AND note = '核实为同一事项'";
  rows.rows = 1;
  pr_test_wait_until (has_rows, &rows);
  pr_test_wait_until (none_taken_out, item);
  g_assert_false (gtk_widget_get_visible (taken_out_box));
  g_assert_true (has_label_with (pr_test_find_widget (popover, GTK_TYPE_BOX, "record-history"),
                                 (const char *[]) { "核实为同一事项", NULL }) ||
                 has_label_with (pr_test_find_widget (popover, GTK_TYPE_BOX, "case-history"),
                                 (const char *[]) { "核实为同一事项", NULL }));
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* The next scan has it back in the case. */
  pr_test_scan (window);
  pr_test_select_cluster (window, view, number);
  g_assert_cmpint (pr_cluster_item_find_member (pr_compare_view_get_item (compare), taken_out), >, 0);

  g_object_set_data (G_OBJECT (window), "taken-out", NULL);
  pr_test_close_and_finalize (window);
  g_settings_set_string (settings, "reviewer-name", saved_name);
}
