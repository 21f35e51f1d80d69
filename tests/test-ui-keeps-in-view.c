/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the review keeps in view after a clerk's step, on the sample in
 * the real window against a real server: the new primary's card after
 * "make primary" in a case longer than the strip, the second stage's
 * probabilities after the last scan is opened from the store, and the
 * first case found after a search leaves out the case chosen.
 *
 * "In view" is measured apart from how the strip is built: a card's
 * bounds in its scrolled window's coordinates against that window's size.
 */
#include "config.h"

#include <string.h>

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

static GtkSingleSelection *
list_selection (void)
{
  return GTK_SINGLE_SELECTION (gtk_column_view_get_model (cluster_list ()));
}

static GtkWidget *
strip_list (void)
{
  return find (GTK_WIDGET (compare_view ()), GTK_TYPE_LIST_VIEW, "member-strip");
}

static gboolean
shows_settled (gpointer data)
{
  return pr_compare_view_get_item (compare_view ()) == data && pr_compare_view_get_settled (compare_view ());
}

static void
count_frame (GdkFrameClock *clock,
             gpointer       data)
{
  (*(gint64 *) data)--;
}

/* Lets the window lay out and paint @n frames (the strip scrolls at
 * frame time). */
static void
wait_frames (guint n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gint64 left = n;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &left);

  while (left > 0)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, id);
}

static void
find_card_in (GtkWidget  *widget,
              const char *id,
              GtkWidget **found)
{
  /* A card out of view is unmapped, and may hold a record it showed
   * before. */
  if (*found != NULL || !gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "member-id") &&
      g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), id))
    {
      *found = gtk_widget_get_parent (widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    find_card_in (child, id, found);
}

/* Returns: (nullable): the strip's card of the record @id, if drawn */
static GtkWidget *
find_card (const char *id)
{
  GtkWidget *found = NULL;

  find_card_in (strip_list (), id, &found);
  return found;
}

/* Whether the card of @id is made, drawn (GTK 4.8 unmaps the cards it
 * keeps out of view, where they keep their old places) and lies wholly
 * within the strip's scrolled window. */
static gboolean
card_in_view (const char *id)
{
  GtkWidget *card = find_card (id);
  GtkWidget *area = gtk_widget_get_parent (strip_list ());
  graphene_rect_t bounds;

  if (card == NULL || !gtk_widget_get_mapped (card) || !gtk_widget_compute_bounds (card, area, &bounds))
    return FALSE;
  return bounds.size.width > 0 && bounds.origin.x >= -0.5 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (area) + 0.5;
}

/* The header of the record judged beside the primary: its title. */
static const char *
judged_title (void)
{
  GtkWidget *title = NULL;

  for (GtkWidget *header = gtk_widget_get_first_child (find (GTK_WIDGET (compare_view ()), GTK_TYPE_GRID,
                                                             "compare-pinned"));
       header != NULL; header = gtk_widget_get_next_sibling (header))
    if (gtk_widget_has_css_class (header, "record-header") && gtk_widget_has_css_class (header, "selected"))
      title = gtk_widget_get_first_child (header);
  g_assert_nonnull (title);
  return gtk_label_get_text (GTK_LABEL (title));
}

/* The judged record's header, then the text under each card's id
 * (distance, and the probability when the scan judged the pair), "id:
 * text" a line, for every record of the case shown, each card scrolled
 * to. */
static char *
strip_texts (void)
{
  PrClusterItem *item = pr_compare_view_get_item (compare_view ());
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "judged: %s\n", judged_title ());
  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    {
      const char *id = pr_cluster_item_get_member (item, m)->id;
      GtkWidget *card;

      gtk_widget_activate_action (strip_list (), "list.scroll-to-item", "u", m);
      for (guint i = 0; i < 200 && find_card (id) == NULL; i++)
        wait_frames (1);
      card = find_card (id);
      g_assert_nonnull (card);
      g_string_append_printf (out, "%s: %s\n", id,
                              gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (gtk_widget_get_first_child (card)))));
    }
  return g_string_free (out, FALSE);
}

static gboolean
step_done (gpointer data)
{
  PrSession *session = pr_window_get_session (window);

  return pr_session_get_can_undo (session) || pr_session_get_can_redo (session);
}

/* Chooses the case numbered @number in the list and waits until shown. */
static PrClusterItem *
show_case (guint number)
{
  pr_test_select_cluster (window, cluster_list (), number);
  pr_test_wait_until (shows_settled, pr_compare_view_get_item (compare_view ()));
  return pr_compare_view_get_item (compare_view ());
}

/* strip_texts () of the cases numbered 1 to 3, each shown in turn. */
static char *
first_cases_texts (void)
{
  GString *texts = g_string_new (NULL);

  for (guint number = 1; number <= 3; number++)
    {
      g_autofree char *one = NULL;

      show_case (number);
      one = strip_texts ();
      g_string_append_printf (texts, "case %u\n%s", number, one);
    }
  return g_string_free (texts, FALSE);
}

static char *scanned_texts;   /* the strip of the first three cases after the scan */

static void
test_scan (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  scanned_texts = first_cases_texts ();
  g_test_message ("after the scan:\n%s", scanned_texts);
  /* The second stage judged them: a probability on the cards. */
  g_assert_nonnull (strstr (scanned_texts, "%"));
}

/* The last record of a long case made its primary: the primary's card,
 * now the first, is in the strip's view. */
static void
test_primary_in_view (void)
{
  PrClusterItem *item = show_case (1);
  guint n = pr_cluster_item_get_n_members (item);
  g_autofree char *last = NULL;

  g_assert_cmpuint (n, >=, 6);
  last = g_strdup (pr_cluster_item_get_member (item, n - 1)->id);
  /* Alt+→ to the last record, as the clerk goes. */
  for (guint m = 0; m < n && g_strcmp0 (pr_compare_view_get_selected_id (compare_view ()), last) != 0; m++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare_view ()), ==, last);
  wait_frames (3);
  g_test_message ("a case of %u records, the strip %d px wide", n, gtk_widget_get_width (gtk_widget_get_parent (strip_list ())));
  /* The strip is scrolled along: the primary's card is out of view. */
  g_assert_true (card_in_view (last));
  g_assert_false (card_in_view (pr_cluster_item_get_primary_id (item)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.make-primary", NULL));
  pr_test_wait_until (step_done, NULL);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_wait_until (shows_settled, item);
  wait_frames (3);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (pr_compare_view_get_item (compare_view ())), ==, last);
  g_assert_true (card_in_view (last));
  /* And the record judged, as before. */
  g_assert_true (card_in_view (pr_compare_view_get_selected_id (compare_view ())));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  pr_test_wait_until (step_done, NULL);
  pr_test_wait_until (shows_settled, pr_compare_view_get_item (compare_view ()));
}

/* Whether the case shown is the one at the top of the list, chosen. */
static gboolean
first_chosen_and_shown (gpointer data)
{
  g_autoptr(PrClusterItem) first = g_list_model_get_item (G_LIST_MODEL (list_selection ()), 0);

  return first != NULL && gtk_single_selection_get_selected (list_selection ()) == 0 && shows_settled (first);
}

static gboolean
search_done (gpointer data)
{
  PrReviewPage *page = PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

  return !pr_review_page_get_searching (page) && pr_test_list_settled (cluster_list ());
}

/* Types @text into the search entry, without waiting for its delay. */
static void
search_for (GtkWidget  *entry,
            const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "search-changed");
  pr_test_wait_until (search_done, NULL);
}

/* A search that leaves out the case chosen, far down the list: the first
 * case it finds is chosen and shown, not the one at the old place. */
static void
test_search_chooses_first (void)
{
  GtkSingleSelection *selection = list_selection ();
  GtkWidget *entry = find (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  PrClusterItem *chosen;
  guint n_found;

  pr_test_wait_until (pr_test_list_settled, cluster_list ());
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), >, 20);
  gtk_single_selection_set_selected (selection, 15);
  chosen = gtk_single_selection_get_selected_item (selection);
  pr_test_wait_until (shows_settled, chosen);
  /* A text that finds several cases but not the one chosen: the first
   * four characters of the subject of a case near the top, tried in turn (the
   * full search reads every field, so whether it finds the case chosen is
   * seen, not guessed). */
  for (guint tries = 0;; tries++)
    {
      g_autoptr(PrClusterItem) top = NULL;
      g_autofree char *text = NULL;
      gboolean chosen_found = FALSE;

      g_assert_cmpuint (tries, <, 10);
      search_for (entry, "");
      gtk_single_selection_set_selected (selection, 15);
      g_assert_true (gtk_single_selection_get_selected_item (selection) == chosen);
      pr_test_wait_until (shows_settled, chosen);
      top = g_list_model_get_item (G_LIST_MODEL (selection), tries);
      text = g_utf8_substring (pr_cluster_item_get_subject (top), 0, 4);
      search_for (entry, text);
      n_found = g_list_model_get_n_items (G_LIST_MODEL (selection));
      for (guint i = 0; i < n_found; i++)
        {
          g_autoptr(PrClusterItem) at = g_list_model_get_item (G_LIST_MODEL (selection), i);

          chosen_found |= at == chosen;
        }
      g_test_message ("searching %s: %u cases found, the one chosen %s", text, n_found,
                      chosen_found ? "among them" : "not");
      if (!chosen_found && n_found >= 2)
        break;
    }
  pr_test_wait_until (first_chosen_and_shown, NULL);
  search_for (entry, "");
}

/* The last scan opened from the store: the strip says what it said after
 * the scan, probabilities included. */
static void
test_probabilities_reopened (void)
{
  g_autofree char *opened = NULL;

  pr_test_wait_until (pr_test_last_scan_offered, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (pr_session_get_from_store (pr_window_get_session (window)));
  opened = first_cases_texts ();
  g_assert_cmpstr (opened, ==, scanned_texts);
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

  g_test_add_func ("/app/keeps-in-view/scan", test_scan);
  g_test_add_func ("/app/keeps-in-view/primary-card", test_primary_in_view);
  g_test_add_func ("/app/keeps-in-view/search-chooses-first", test_search_chooses_first);
  g_test_add_func ("/app/keeps-in-view/probabilities-reopened", test_probabilities_reopened);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  g_free (scanned_texts);
  return status;
}
