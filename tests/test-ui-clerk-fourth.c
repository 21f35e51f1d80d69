/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What was left from a clerk's walkthrough of the sample: Merge All
 * (Ctrl+M) asked while the case chosen is still loading, and the
 * window's maximised state. The oracles are the states of the records of
 * both cases, and the setting saved.
 * The maximised state is checked as GTK keeps it: under Xvfb no window
 * manager maximises the window on the screen, but a window asked to be
 * maximised before it is shown says so, and is saved so.
 */
#include "config.h"


#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-review-page.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static char *dir;
static PrSampleServer *server;
static PrWindow *window;

static GtkWidget *
find (GtkWidget  *under,
      GType       type,
      const char *name)
{
  GtkWidget *widget = pr_test_find_widget (under, type, name);

  g_assert_nonnull (widget);
  return widget;
}

static PrCompareView *
compare_view (void)
{
  return pr_review_page_get_compare_view (PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
}

static GtkColumnView *
cluster_list (void)
{
  return GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

/* The Merge All button (the one whose action is win.merge). */
static GtkWidget *
merge_button (GtkWidget *under)
{
  for (GtkWidget *child = gtk_widget_get_first_child (under); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "win.merge") == 0)
        return child;
      if ((found = merge_button (child)) != NULL)
        return found;
    }
  return NULL;
}

static guint
n_undecided (PrClusterItem *item)
{
  guint n = 0;

  for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
    n += pr_cluster_item_get_member (item, m)->state == PR_MEMBER_UNDECIDED;
  return n;
}

static gboolean
shows_settled (gpointer data)
{
  return pr_compare_view_get_item (compare_view ()) == data && pr_compare_view_get_settled (compare_view ());
}

static void
test_scan (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, cluster_list (), 1);
  g_assert_cmpuint (pr_cluster_item_get_n_members (pr_compare_view_get_item (compare_view ())), >=, 3);
}

/* Another case chosen and Ctrl+M pressed before its records are read:
 * Merge All is greyed and its action off, and no record of either case
 * is merged, neither the one shown nor the one loading. */
static void
test_merge_while_loading (void)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (cluster_list ()));
  PrClusterItem *before = pr_compare_view_get_item (compare_view ());
  guint before_undecided = n_undecided (before);
  PrClusterItem *chosen;
  guint chosen_undecided;

  g_assert_cmpuint (before_undecided, >, 0);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 0);
  gtk_single_selection_set_selected (selection, 1);
  chosen = gtk_single_selection_get_selected_item (selection);
  chosen_undecided = n_undecided (chosen);
  g_assert_cmpuint (chosen_undecided, >, 0);
  g_assert_true (pr_review_page_get_fetching (PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL))));
  g_assert_false (gtk_widget_is_sensitive (merge_button (GTK_WIDGET (compare_view ()))));

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "merge"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.merge", NULL));
  pr_test_wait_until (shows_settled, chosen);
  g_assert_cmpuint (n_undecided (chosen), ==, chosen_undecided);
  g_assert_cmpuint (n_undecided (before), ==, before_undecided);
  g_assert_true (gtk_widget_is_sensitive (merge_button (GTK_WIDGET (compare_view ()))));
  g_assert_false (pr_session_get_can_undo (pr_window_get_session (window)));
}

/* Closes @other as the clerk does (its state saved), until it is gone. */
static void
close_as_clerk (PrWindow *other)
{
  gpointer weak = other;

  g_object_add_weak_pointer (G_OBJECT (other), &weak);
  gtk_window_close (GTK_WINDOW (other));
  pr_test_wait_until (pr_test_is_null, &weak);
}

/* A window closed maximised opens maximised: asked to be before it is
 * shown (GtkWindow's construction used to undo the request made in the
 * window's init), and saved so again when closed. */
static void
test_maximized_restored (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  PrWindow *other;

  g_settings_set_boolean (settings, "window-maximized", TRUE);
  other = pr_window_new (NULL);
  if (!gtk_window_is_maximized (GTK_WINDOW (other)))
    g_error ("window-maximized is set, and a new window does not ask to be maximised");
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (other)));
  close_as_clerk (other);
  g_assert_true (g_settings_get_boolean (settings, "window-maximized"));

  g_settings_set_boolean (settings, "window-maximized", FALSE);
  other = pr_window_new (NULL);
  g_assert_false (gtk_window_is_maximized (GTK_WINDOW (other)));
  gtk_window_present (GTK_WINDOW (other));
  close_as_clerk (other);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_use_locale (LOCALEDIR);

  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 720);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/clerk-fourth/scan", test_scan);
  g_test_add_func ("/app/clerk-fourth/merge-while-loading", test_merge_while_loading);
  g_test_add_func ("/app/clerk-fourth/maximized-restored", test_maximized_restored);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
