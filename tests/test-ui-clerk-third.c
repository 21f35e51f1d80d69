/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk's third walkthrough of the sample found: a record chosen by
 * a click on its card in the strip left the decide buttons as they were
 * for the record before, so the primary, clicked, could be marked a repeat
 * (of itself), and an undecided record, clicked after one found not a
 * repeat, could not be made the primary. The session refuses a verdict
 * about the primary itself whatever asks it. And a window closed on a
 * case, the table's last scan opened again in a new window, opened on the
 * first case listed, not the one left; and a case the clerk chooses while
 * the list fills stays chosen. The oracles are the case's own
 * primary and its members' states, and the case chosen before closing.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-member-strip.h"
#include "pr-paced-model.h"
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

static gboolean
action_enabled (const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

/* What a click on the strip's @member-th card does: the strip's list
 * selects it. */
static void
click_card (guint member)
{
  GtkWidget *strip = find (GTK_WIDGET (compare_view ()), PR_TYPE_MEMBER_STRIP, NULL);
  GtkListView *list = GTK_LIST_VIEW (find (strip, GTK_TYPE_LIST_VIEW, NULL));

  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (list)), member);
}

static gboolean
member_in_state (gpointer data)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  guint member = GPOINTER_TO_UINT (data) & 0xffff;
  PrMemberState state = GPOINTER_TO_UINT (data) >> 16;

  return item != NULL && pr_cluster_item_get_member (item, member)->state == state;
}

#define STATE_OF(member, state) GUINT_TO_POINTER ((member) | ((guint) (state) << 16))

static void
test_scan (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list")), 1);
  g_assert_nonnull (pr_compare_view_get_item (compare_view ()));
  g_assert_cmpuint (pr_cluster_item_get_n_members (pr_compare_view_get_item (compare_view ())), >=, 3);
}

/* The primary clicked: no verdict applies to it. Another record clicked:
 * each does. */
static void
test_card_click_enables (void)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  const char *const verdicts[] = { "mark-repeat", "mark-not-repeat", "make-primary" };

  g_assert_cmpstr (pr_cluster_item_get_member (item, 0)->id, ==, pr_cluster_item_get_primary_id (item));
  click_card (0);
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare_view ()), ==, pr_cluster_item_get_primary_id (item));
  for (guint v = 0; v < G_N_ELEMENTS (verdicts); v++)
    if (action_enabled (verdicts[v]))
      g_error ("win.%s is enabled with the primary chosen by a click", verdicts[v]);

  click_card (2);
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare_view ()), ==, pr_cluster_item_get_member (item, 2)->id);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->state, ==, PR_MEMBER_UNDECIDED);
  for (guint v = 0; v < G_N_ELEMENTS (verdicts); v++)
    if (!action_enabled (verdicts[v]))
      g_error ("win.%s is disabled with an undecided record chosen by a click", verdicts[v]);
}

/* A record found not a repeat cannot lead the case; the next one clicked,
 * undecided, can. Undone after. */
static void
test_card_click_after_not_repeat (void)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());

  click_card (1);
  g_assert_true (action_enabled ("make-primary"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-not-repeat", NULL));
  pr_test_wait_until (member_in_state, STATE_OF (1, PR_MEMBER_NOT_REPEAT));
  pr_test_wait_until (pr_test_can_undo, window);
  click_card (1);
  g_assert_false (action_enabled ("make-primary"));

  click_card (2);
  g_assert_cmpint (pr_cluster_item_get_member (item, 2)->state, ==, PR_MEMBER_UNDECIDED);
  g_assert_true (action_enabled ("make-primary"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (member_in_state, STATE_OF (1, PR_MEMBER_UNDECIDED));
}

static void
decided (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **error = user_data;
  g_autoptr(PrClusterItem) item = pr_session_decide_finish (PR_SESSION (object), result, error);

  if (*error == NULL)
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "recorded");
}

/* Asked of the session itself, a verdict about the primary is refused and
 * logs nothing: the case's members and the undo stack are as before. */
static void
test_session_refuses_primary (void)
{
  PrSession *session = pr_window_get_session (window);
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  const PrVerdict verdicts[] = { PR_VERDICT_REPEAT, PR_VERDICT_NOT_REPEAT, PR_VERDICT_PRIMARY };
  g_autofree char *primary = g_strdup (pr_cluster_item_get_primary_id (item));
  guint n = pr_cluster_item_get_n_members (item);
  gboolean could_undo = pr_session_get_can_undo (session);

  for (guint v = 0; v < G_N_ELEMENTS (verdicts); v++)
    {
      g_autoptr(GError) error = NULL;

      pr_session_decide_async (session, item, verdicts[v], primary, decided, &error);
      while (error == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_test_message ("verdict %d about the primary: %s", verdicts[v], error->message);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, primary));
    }
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, primary);
  g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, n);
  for (guint m = 0; m < n; m++)
    g_assert_cmpint (pr_cluster_item_get_member (item, m)->state, ==, PR_MEMBER_UNDECIDED);
  g_assert_true (pr_session_get_can_undo (session) == could_undo);
}

static gboolean
shows_case (gpointer data)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());

  return item != NULL && pr_cluster_item_get_number (item) == GPOINTER_TO_UINT (data) &&
         pr_compare_view_get_settled (compare_view ());
}

static gboolean
list_chose_case (gpointer data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  PrClusterItem *chosen = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view)));

  return chosen != NULL && pr_cluster_item_get_number (chosen) == GPOINTER_TO_UINT (data);
}

/* The window closed (as Ctrl+Q closes it) on case @number; a new window,
 * the last scan offered. */
static GtkColumnView *
reopen_on (guint number)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  gpointer weak = window;

  pr_test_select_cluster (window, view, number);
  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (GTK_WINDOW (window));
  pr_test_wait_until (pr_test_is_null, &weak);

  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 720);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");
  pr_test_wait_until (pr_test_last_scan_offered, window);
  return GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

/* The number of the list's last case: the one a scan's or store's cases
 * bring to the list last. */
static guint
last_case_number (void)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  GListModel *shown = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(PrClusterItem) far = NULL;
  g_autoptr(PrClusterItem) first = NULL;

  pr_test_wait_until (pr_test_list_settled, view);
  g_assert_cmpuint (g_list_model_get_n_items (shown), >, 20);
  first = g_list_model_get_item (shown, 0);
  far = g_list_model_get_item (shown, g_list_model_get_n_items (shown) - 1);
  g_assert_cmpuint (pr_cluster_item_get_number (far), !=, pr_cluster_item_get_number (first));
  return pr_cluster_item_get_number (far);
}

/* The window closed on the list's last case; a new window, the last scan
 * opened: the same case is chosen and shown. */
static void
test_resume_case (void)
{
  guint number = last_case_number ();
  GtkColumnView *view = reopen_on (number);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_wait_until (pr_test_list_settled, view);
  g_test_message ("left on case %u; the list chose case %u", number,
                  pr_cluster_item_get_number (gtk_single_selection_get_selected_item (
                    GTK_SINGLE_SELECTION (gtk_column_view_get_model (view)))));
  g_assert_true (list_chose_case (GUINT_TO_POINTER (number)));
  pr_test_wait_until (shows_case, GUINT_TO_POINTER (number));
}

typedef struct {
  GtkColumnView *view;
  guint          chosen;  /* the case chosen while the list fills, or 0 */
} Choice;

/* The session's list grows: the list's second case is chosen (as a click
 * chooses it) while the rest of the list is still to come. */
static void
choose_while_filling (GListModel *clusters,
                      guint       position,
                      guint       removed,
                      guint       added,
                      Choice     *choice)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (choice->view));

  if (choice->chosen != 0)
    return;
  /* The rows not passed on to the view yet, at once. */
  pr_paced_model_flush (PR_PACED_MODEL (gtk_single_selection_get_model (selection)));
  if (g_list_model_get_n_items (G_LIST_MODEL (selection)) < 2)
    return;
  g_assert_false (pr_session_get_list_complete (pr_window_get_session (window)));
  g_assert_nonnull (gtk_single_selection_get_selected_item (selection));
  gtk_single_selection_set_selected (selection, 1);
  choice->chosen = pr_cluster_item_get_number (gtk_single_selection_get_selected_item (selection));
}

/* The same, but the clerk chooses the list's second case while the list
 * still fills: the case left does not take the choice away once the list
 * is complete. */
static void
test_resume_not_over_choice (void)
{
  guint number = last_case_number ();
  Choice choice = { reopen_on (number), 0 };
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (choice.view));
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  gulong handler = g_signal_connect_after (clusters, "items-changed", G_CALLBACK (choose_while_filling), &choice);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_signal_handler_disconnect (clusters, handler);
  pr_test_wait_until (pr_test_list_settled, choice.view);
  g_assert_cmpuint (choice.chosen, !=, 0);
  g_assert_cmpuint (choice.chosen, !=, number);
  g_test_message ("left on case %u; chose case %u while the list filled; the list shows case %u", number,
                  choice.chosen, pr_cluster_item_get_number (gtk_single_selection_get_selected_item (selection)));
  g_assert_true (list_chose_case (GUINT_TO_POINTER (choice.chosen)));
  pr_test_wait_until (shows_case, GUINT_TO_POINTER (choice.chosen));
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

  g_test_add_func ("/app/clerk-third/scan", test_scan);
  g_test_add_func ("/app/clerk-third/card-click-enables", test_card_click_enables);
  g_test_add_func ("/app/clerk-third/card-click-after-not-repeat", test_card_click_after_not_repeat);
  g_test_add_func ("/app/clerk-third/session-refuses-primary", test_session_refuses_primary);
  g_test_add_func ("/app/clerk-third/resume-case", test_resume_case);
  g_test_add_func ("/app/clerk-third/resume-not-over-choice", test_resume_not_over_choice);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
