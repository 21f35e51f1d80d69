/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk met walking through the review window, in a window that
 * has scanned, against a throwaway server: a case with some records
 * decided says how far it is, not "Unreviewed"; Escape in the search
 * field clears the search and gives the list the focus back; the
 * shortcuts window lists Escape; the pair graph's legend names the label
 * it puts on a pair of short texts; Open Folder after an export, on a
 * machine with no file manager, says so and where the report is, also
 * for a folder with no local path (sftp://). The note on the next
 * decision takes text only while a scan is reviewed: typed on the start
 * page, it would go with a decision made long after.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-pair-graph.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static PrWindow *window;
static GtkColumnView *list;

static char *
state_of (PrClusterItem *item)
{
  char *state = NULL;

  g_object_get (item, "state", &state, NULL);
  return state;
}

static gboolean
list_shows (const char *text)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  pr_test_collect_label_texts (GTK_WIDGET (list), texts);
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (g_ptr_array_index (texts, i), text) == 0)
      return TRUE;
  return FALSE;
}

typedef struct {
  PrClusterItem *item;
  guint          before;
} Undecided;

/* A decision landed: fewer records beside the primary are undecided. */
static gboolean
fewer_undecided (gpointer data)
{
  Undecided *undecided = data;
  guint n = 0;

  for (guint m = 1; m < pr_cluster_item_get_n_members (undecided->item); m++)
    if (pr_cluster_item_get_member (undecided->item, m)->state == PR_MEMBER_UNDECIDED)
      n++;
  return n < undecided->before;
}

static void
test_partly_decided (void)
{
  g_autoptr(PrClusterItem) item = pr_test_case_of_at_least (list, 3);
  PrCompareView *compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  guint others = pr_cluster_item_get_n_members (item) - 1;
  g_autofree char *before = state_of (item);
  g_autofree char *expected = g_strdup_printf ("1 of %u decided", others);
  g_autofree char *after = NULL;
  g_autofree char *done = NULL;

  g_assert_cmpstr (before, ==, "Unreviewed");
  pr_test_select_cluster (window, list, pr_cluster_item_get_number (item));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_nonnull (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare), !=, pr_cluster_item_get_primary_id (item));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
  pr_test_wait_until (pr_test_can_undo, window);
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));

  /* One record decided of those beside the primary: counted by hand. */
  after = state_of (item);
  g_assert_cmpstr (after, ==, expected);
  g_assert_false (pr_cluster_item_get_reviewed (item));
  pr_test_wait_frames (GTK_WIDGET (list), 2);
  g_assert_true (list_shows (expected));

  /* Every one decided: reviewed. */
  for (guint i = 1; i < others; i++)
    {
      Undecided left = { item, others - i };

      g_assert_true (pr_compare_view_select_next_undecided (compare));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-repeat", NULL));
      pr_test_wait_until (fewer_undecided, &left);
      pr_test_wait_until (pr_test_not_busy, window);
    }
  done = state_of (item);
  g_assert_cmpstr (done, ==, "Reviewed");
}

static gboolean
search_settled (gpointer data)
{
  PrWindow *w = data;

  return pr_test_not_busy (w) && pr_test_list_settled (list);
}

static void
test_search_escape (void)
{
  GtkWidget *entry = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (list));
  guint all, found;
  GtkWidget *focus;

  g_assert_nonnull (entry);
  pr_test_wait_until (search_settled, window);
  all = g_list_model_get_n_items (model);
  g_assert_cmpuint (all, >, 1);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "路灯");
  g_signal_emit_by_name (entry, "search-changed");
  pr_test_wait_until (search_settled, window);
  found = g_list_model_get_n_items (model);
  g_assert_cmpuint (found, <, all);

  /* Escape in a search entry is its "stop-search" key binding. */
  g_signal_emit_by_name (entry, "stop-search");
  pr_test_wait_until (search_settled, window);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, all);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == GTK_WIDGET (list) || gtk_widget_is_ancestor (focus, GTK_WIDGET (list)));
}

static void
test_shortcuts_escape (void)
{
  /* The window GtkApplication gives every window as its help overlay. */
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/org/petitionreview/PetitionReview/gtk/help-overlay.ui");
  GtkWindow *overlay = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  gboolean listed = FALSE;
  GtkWidget *widget;

  g_assert_nonnull (overlay);
  /* Walk every shortcut the window shows. */
  widget = GTK_WIDGET (overlay);
  while (widget != NULL)
    {
      GtkWidget *next;

      if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
        {
          g_autofree char *accelerator = NULL;

          g_object_get (widget, "accelerator", &accelerator, NULL);
          if (accelerator != NULL
              && (g_strcmp0 (accelerator, "Escape") == 0 || g_str_has_prefix (accelerator, "Escape ")))
            listed = TRUE;
        }
      next = gtk_widget_get_first_child (widget);
      while (next == NULL && widget != NULL && widget != GTK_WIDGET (overlay))
        {
          next = gtk_widget_get_next_sibling (widget);
          if (next == NULL)
            widget = gtk_widget_get_parent (widget);
        }
      widget = next;
    }
  gtk_window_destroy (overlay);
  g_assert_true (listed);
}

static void
test_legend_short (void)
{
  g_auto(GStrv) legend = pr_pair_graph_dup_legend ();
  gboolean named = FALSE;

  /* The pair graph labels a pair of short texts "short" (in the C
   * locale): some row of the legend says what that label means. */
  for (guint i = 0; legend[i] != NULL; i++)
    if (strstr (legend[i], "“short”") != NULL)
      named = TRUE;
  g_assert_true (named);
}

static gboolean
error_shown (gpointer data)
{
  return pr_window_get_error_text (data) != NULL;
}

static void
test_open_folder_none (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  const char *text;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (g_file_test (report, G_FILE_TEST_IS_REGULAR));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-export-folder", NULL));
  pr_test_wait_until (error_shown, window);
  text = pr_window_get_error_text (window);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, dir));
  g_assert_nonnull (strstr (text, "file manager"));
  pr_test_remove_tree (dir);
}

/* A report written to a folder with no local path (sftp://): Open
 * Folder asks the desktop for the folder by its address, and says so in
 * the banner when nothing opens it. No such folder can be written to
 * here: the export itself fails, and names the folder it was given. */
static void
test_open_folder_remote (void)
{
  const char *text;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to",
                                                     g_variant_new_string ("sftp://example.invalid/reports/report.csv")));
  pr_test_wait_until (pr_test_not_busy, window);
  pr_test_wait_until (error_shown, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-export-folder", NULL));
  pr_test_wait_until (error_shown, window);
  text = pr_window_get_error_text (window);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "sftp://example.invalid/reports"));
  g_assert_nonnull (strstr (text, "file manager"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
}

/* No program for any type (GLib reads where they are registered once, so
 * before anything asks): the icons and the types stay. */
static char *
empty_desktop (void)
{
  g_autoptr(GError) error = NULL;
  char *empty = g_dir_make_tmp ("pr-no-file-manager-XXXXXX", &error);
  g_autofree char *data = g_build_filename (empty, "data", NULL);
  g_autofree char *icons = g_build_filename (data, "icons", NULL);
  g_autofree char *mime = g_build_filename (data, "mime", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (data, 0700), ==, 0);
  g_assert_cmpint (symlink ("/usr/share/icons", icons), ==, 0);
  g_assert_cmpint (symlink ("/usr/share/mime", mime), ==, 0);
  g_setenv ("XDG_DATA_DIRS", data, TRUE);
  g_setenv ("XDG_DATA_HOME", empty, TRUE);
  g_setenv ("XDG_CONFIG_HOME", empty, TRUE);
  g_setenv ("XDG_CONFIG_DIRS", empty, TRUE);
  g_unsetenv ("GTK_USE_PORTAL");
  return empty;
}

static void
test_note_while_reviewing (void)
{
  PrWindow *start = pr_window_new (NULL);
  GtkWidget *note;

  gtk_window_present (GTK_WINDOW (start));
  note = pr_test_find_widget (GTK_WIDGET (start), GTK_TYPE_ENTRY, "decision-note");
  g_assert_nonnull (note);
  g_assert_false (gtk_widget_is_sensitive (note));
  pr_test_close_and_finalize (start);

  note = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "decision-note");
  g_assert_true (gtk_widget_is_sensitive (note));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(PrConnection) root = NULL;
  g_autofree char *desktop = empty_desktop ();
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  root = pr_test_connect (pr_test_ui_admin, NULL);
  window = pr_test_scanned_window (root);
  list = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_wait_until (pr_test_list_settled, list);
  g_test_add_func ("/app/clerk-sixth/legend-short", test_legend_short);
  g_test_add_func ("/app/clerk-sixth/shortcuts-escape", test_shortcuts_escape);
  g_test_add_func ("/app/clerk-sixth/search-escape", test_search_escape);
  g_test_add_func ("/app/clerk-sixth/partly-decided", test_partly_decided);
  g_test_add_func ("/app/clerk-sixth/open-folder-none", test_open_folder_none);
  g_test_add_func ("/app/clerk-sixth/open-folder-remote", test_open_folder_remote);
  g_test_add_func ("/app/clerk-sixth/note-while-reviewing", test_note_while_reviewing);
  status = g_test_run ();
  pr_test_close_and_finalize (window);
  pr_test_execute (root, "DROP DATABASE office");
  g_clear_pointer (&root, pr_connection_close);
  pr_test_server_stop ();
  pr_test_remove_tree (desktop);
  return status;
}
