/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Coming back to a table: after connecting, the mapping page offers the
 * table's last complete scan; opened, the review shows its cases, numbers
 * and verdicts as the scan left them (the scanning window's list is the
 * oracle), without a scan (the store's count of scans), a row deleted
 * since still in its case; the window says which scan it shows, the
 * rescan is one button, the threshold preview asks for a rescan, and
 * another mapping is said instead of offered.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-review-page.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Each cluster as "number: primary; member=state …" (members by id), sorted. */
static char *
describe_clusters (PrWindow *window)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func (g_free);
      GString *line = g_string_new (NULL);

      /* The members by id: a deleted one is listed last. */
      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        {
          PrClusterMember *member = pr_cluster_item_get_member (item, m);

          g_ptr_array_add (members, g_strdup_printf ("%s=%u", member->id, member->state));
        }
      g_ptr_array_sort (members, compare_strings);
      g_string_printf (line, "%u: %s;", pr_cluster_item_get_number (item), pr_cluster_item_get_primary_id (item));
      for (guint m = 0; m < members->len; m++)
        g_string_append_printf (line, " %s", (char *) members->pdata[m]);
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (char *) lines->pdata[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Whether a label under @widget contains @text. */
static gboolean
shows_text (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
      strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

static gboolean
shows_deleted (gpointer compare)
{
  return shows_text (compare, "(deleted from the table since the scan)");
}

/* The caption under the judged record's date (the day gap), if shown. */
static GtkWidget *
find_day_gap (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "day-gap") && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_day_gap (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  GtkWidget  *compare;
  const char *id;       /* the record that should be the one judged */
  PrClusterItem *item;  /* (nullable): the case that should be on show */
} Judged;

static gboolean
not_fetching (gpointer page)
{
  return !pr_review_page_get_fetching (page);
}

static gboolean
item_shown (gpointer data)
{
  Judged *judged = data;

  return pr_compare_view_get_item (PR_COMPARE_VIEW (judged->compare)) == judged->item &&
         pr_compare_view_get_complete (PR_COMPARE_VIEW (judged->compare));
}

static gboolean
day_gap_shown (gpointer data)
{
  Judged *judged = data;

  return g_strcmp0 (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (judged->compare)), judged->id) == 0 &&
         find_day_gap (judged->compare) != NULL;
}

static GtkWidget *
open_button (PrWindow *window)
{
  GtkWidget *button = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, "open-last-scan");

  g_assert_nonnull (button);
  return button;
}

/* Whether the open-last-scan button, not Scan, is the one suggested
 * action (blue), or the other way round. */
static void
assert_suggested (PrWindow *window,
                  gboolean  reopen)
{
  GtkWidget *scan = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, "scan");

  g_assert_nonnull (scan);
  g_assert_true (gtk_widget_has_css_class (open_button (window), "suggested-action") == reopen);
  g_assert_true (gtk_widget_has_css_class (scan, "suggested-action") == !reopen);
}

static gboolean
last_scan_offered (gpointer data)
{
  GtkWidget *button = open_button (data);

  return gtk_widget_get_visible (button) && gtk_widget_is_sensitive (button);
}

static gboolean
other_mapping_said (gpointer data)
{
  GtkWidget *button = open_button (data);

  return gtk_widget_get_visible (button) && !gtk_widget_is_sensitive (button);
}

static void
store_result (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

/* Each case's risk as "number: risk (bridges, least share)", sorted. */
static char *
describe_risks (PrWindow *window)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autofree char *risk = pr_cluster_item_dup_risk (item);

      g_ptr_array_add (lines, g_strdup_printf ("%u: %s (%u, %.4f)", pr_cluster_item_get_number (item), risk,
                                               pr_cluster_item_get_n_bridges (item),
                                               pr_cluster_item_get_min_share (item)));
    }
  g_ptr_array_sort (lines, compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* Every case of the window's list rated. */
static gboolean
all_rated (gpointer data)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (data));

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autofree char *risk = pr_cluster_item_dup_risk (item);

      if (g_strcmp0 (risk, "not rated") == 0)
        return FALSE;
    }
  return TRUE;
}

static GtkWindow *
find_toplevel (const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (toplevel)), name) == 0)
        return toplevel;
    }
  return NULL;
}

static const char *
scan_label (PrWindow *window)
{
  GtkWidget *label = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "scan-label");

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

static void
test_open_last_scan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *scanned = NULL, *opened = NULL, *deleted = NULL, *delete = NULL;
  g_autofree char *decided = NULL, *gap = NULL;
  g_autoptr(PrClusterItem) reopened_item = NULL;
  g_autofree char *scanned_risks = NULL, *opened_risks = NULL;
  GtkWidget *rescan;
  guint64 n_scans;
  guint deleted_case = 0;
  PrWindow *window;

  pr_test_fill_table (root);

  /* The first visit: a scan, and a verdict. */
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  assert_suggested (window, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  {
    GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
    g_autoptr(PrClusterItem) first = g_list_model_get_item (clusters, 0);
    g_autoptr(PrClusterItem) second = g_list_model_get_item (clusters, 1);
    g_autoptr(PrClusterItem) item = NULL;

    g_assert_cmpuint (pr_cluster_item_get_n_members (first), >=, 3);
    decided = g_strdup (pr_cluster_item_get_member (first, 1)->id);
    pr_session_decide_async (pr_window_get_session (window), first, PR_VERDICT_REPEAT, decided, store_result,
                             &result);
    pr_test_wait_until (is_set, &result);
    item = pr_session_decide_finish (pr_window_get_session (window), result, &error);
    g_assert_no_error (error);
    deleted = g_strdup (pr_cluster_item_get_member (second, 1)->id);
    deleted_case = pr_cluster_item_get_number (second);
  }
  scanned = describe_clusters (window);
  g_test_message ("scanned:\n%s", scanned);
  scanned_risks = describe_risks (window);
  g_assert_nonnull (strstr (scanned, "=1"));
  pr_test_close_and_finalize (window);

  /* Meanwhile a record of another case leaves the table. */
  delete = g_strdup_printf ("DELETE FROM office.petitions WHERE id = %s", deleted);
  pr_test_execute (root, delete);
  n_scans = pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_scans");

  /* Coming back: connected, the last scan is offered, with its date. */
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  pr_test_wait_until (last_scan_offered, window);
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (open_button (window))), today));
  assert_suggested (window, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));

  /* The same cases, numbers and verdicts; the deleted record in its case. */
  opened = describe_clusters (window);
  g_assert_cmpstr (opened, ==, scanned);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_scans"), ==, n_scans);
  /* Which scan, said; the deleted record counted; the rescan at hand. */
  g_assert_nonnull (strstr (scan_label (window), today));
  g_assert_nonnull (strstr (scan_label (window), "opened as saved"));
  g_assert_nonnull (strstr (scan_label (window), "1 of its records has been deleted"));
  /* The risk of every case is rated once the passages are read, as the
   * fresh scan rated it (the oracle): no case stays "not rated". */
  pr_test_wait_until (all_rated, window);
  opened_risks = describe_risks (window);
  g_test_message ("risks opened:\n%s", opened_risks);
  g_assert_cmpstr (opened_risks, ==, scanned_risks);
  /* Its case shows the deleted record as deleted. */
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                        "cluster-list")), deleted_case);
  pr_review_page_show_record (PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)),
                              deleted);
  pr_test_wait_until (shows_deleted, g_object_get_data (G_OBJECT (window), "compare"));
  /* The day gap under a judged record's date, from the dates the scan
   * read, reopened: the server's DATEDIFF of the two rows the oracle. */
  reopened_item = g_object_ref (pr_session_find_cluster (pr_window_get_session (window), decided));
  {
    PrClusterItem *item = reopened_item;
    Judged judged = { g_object_get_data (G_OBJECT (window), "compare"), decided, NULL };
    g_autofree char *sql = NULL;
    gint64 days;

    sql = g_strdup_printf ("SELECT 1000 + DATEDIFF(a.submitted_at, b.submitted_at) FROM office.petitions a, "
                           "office.petitions b WHERE a.id = %s AND b.id = %s", decided,
                           pr_cluster_item_get_primary_id (item));
    days = (gint64) pr_test_count_rows (root, sql) - 1000;
    gap = days == 0 ? g_strdup ("the same day as the primary")
               : g_strdup_printf ("%u day%s %s than the primary", (guint) ABS (days), ABS (days) == 1 ? "" : "s",
                                  days > 0 ? "later" : "earlier");
    pr_test_select_cluster (window, GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                          "cluster-list")),
                            pr_cluster_item_get_number (item));
    pr_review_page_show_record (PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)),
                                decided);
    pr_test_wait_until (day_gap_shown, &judged);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_day_gap (judged.compare))), ==, gap);
  }
  rescan = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, "rescan-button");
  g_assert_true (gtk_widget_get_mapped (rescan) && gtk_widget_is_sensitive (rescan));
  pr_test_assert_controls_named (GTK_WIDGET (window));

  /* The threshold preview needs every record: it asks for a rescan. */
  g_assert_null (find_toplevel ("ask-rescan"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.thresholds", NULL));
  g_assert_nonnull (find_toplevel ("ask-rescan"));
  g_assert_null (pr_window_get_threshold_dialog (window));
  gtk_window_destroy (find_toplevel ("ask-rescan"));

  /* The rescan, one button: a scan, said as such. */
  g_signal_emit_by_name (rescan, "clicked");
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM office.pr_scans"), ==, n_scans + 1);
  g_assert_null (strstr (scan_label (window), "opened as saved"));
  g_assert_nonnull (strstr (scan_label (window), today));
  /* A case of the scan before, shown once the new one is installed (its
   * records asked for as the rescan ended): its dates go with it. */
  {
    Judged judged = { g_object_get_data (G_OBJECT (window), "compare"), decided, NULL };
    PrCompareView *compare = PR_COMPARE_VIEW (judged.compare);

    PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

    g_assert_false (pr_session_holds_item (pr_window_get_session (window), reopened_item));
    pr_test_wait_until (pr_test_list_settled, pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                   "cluster-list"));
    pr_test_wait_until (not_fetching, page);
    pr_review_page_show_cluster (page, reopened_item);
    judged.item = reopened_item;
    pr_test_wait_until (item_shown, &judged);
    for (guint i = 0; i < pr_cluster_item_get_n_members (reopened_item) &&
                      g_strcmp0 (pr_compare_view_get_selected_id (compare), decided) != 0; i++)
      pr_compare_view_select_member (compare, 1);
    pr_test_wait_until (day_gap_shown, &judged);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_day_gap (judged.compare))), ==, gap);
  }

  /* Another mapping (the subject ignored): said, not offered. */
  gtk_stack_set_visible_child_name (GTK_STACK (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, NULL)), "map");
  {
    GtkWidget *order = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, "date-order-subject");

    g_assert_nonnull (order);
    /* The row's first dropdown is its role: Id, Short field, Text, Date, Ignore. */
    gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (gtk_widget_get_parent (order),
                                                                    GTK_TYPE_DROP_DOWN, NULL)), 4);
  }
  pr_test_wait_until (other_mapping_said, window);
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (open_button (window))), "other columns"));
  assert_suggested (window, FALSE);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open-last-scan"));
  pr_test_close_and_finalize (window);
}

/* The table and its store afresh, without another test's scans, and a
 * window that has scanned it. */
static PrWindow *
scan_afresh (PrConnection *root)
{
  pr_test_execute (root, "DROP DATABASE IF EXISTS office");
  return pr_test_scanned_window (root);
}

/* The last scan offered, but its table no longer has a column the scan
 * read: it cannot be opened, and Scan becomes the suggested action, as
 * the message says to scan instead. */
static void
test_open_failed_suggests_scan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  PrWindow *window;

  window = scan_afresh (root);
  pr_test_close_and_finalize (window);

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  pr_test_wait_until (last_scan_offered, window);
  assert_suggested (window, TRUE);
  pr_test_execute (root, "ALTER TABLE office.petitions DROP COLUMN submitted_at");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_nonnull (pr_window_get_error_text (window));
  g_test_message ("%s", pr_window_get_error_text (window));
  g_assert_nonnull (strstr (pr_window_get_error_text (window), "Cannot open the last scan; scan the table instead"));
  assert_suggested (window, FALSE);
  pr_test_close_and_finalize (window);
}

/* Shows @id of @item, after @other (so that its records are fetched
 * again); returns the caption under its date. */
static char *
gap_shown (PrWindow      *window,
           PrClusterItem *other,
           PrClusterItem *item,
           const char    *id)
{
  Judged judged = { g_object_get_data (G_OBJECT (window), "compare"), id, item };
  PrCompareView *compare = PR_COMPARE_VIEW (judged.compare);
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));

  pr_test_wait_until (not_fetching, page);
  pr_review_page_show_cluster (page, other);
  pr_test_wait_frames (GTK_WIDGET (window), 3);
  pr_test_wait_until (not_fetching, page);
  pr_review_page_show_cluster (page, item);
  pr_test_wait_frames (GTK_WIDGET (window), 3);
  pr_test_wait_until (not_fetching, page);
  pr_test_wait_frames (GTK_WIDGET (window), 3);
  g_assert_true (pr_compare_view_get_item (compare) == item);
  for (guint i = 0; i < pr_cluster_item_get_n_members (item) &&
                    g_strcmp0 (pr_compare_view_get_selected_id (compare), id) != 0; i++)
    pr_compare_view_select_member (compare, 1);
  pr_test_wait_until (day_gap_shown, &judged);
  return g_strdup (gtk_label_get_text (GTK_LABEL (find_day_gap (judged.compare))));
}

#define CHANGED "a date was changed in the table since the scan: no day gap; scan again for it"

/* A member's date edited in the table after the scan: the date shown is
 * the table's, so the scan's day gap would contradict it. The case of a
 * fresh scan, and after a rescan the case of the scan before, say that
 * the date changed instead; the new scan's case gives the gap the
 * server's DATEDIFF gives (the oracle). */
static void
test_date_edited_since_scan (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrClusterItem) item = NULL, other = NULL;
  g_autofree char *member = NULL, *update = NULL, *sql = NULL, *before = NULL, *edited = NULL;
  g_autofree char *old_case = NULL, *new_case = NULL;
  GListModel *clusters;
  PrClusterItem *now;
  PrWindow *window;

  window = scan_afresh (root);
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) it = g_list_model_get_item (clusters, i);

      if (item == NULL && pr_cluster_item_get_n_members (it) >= 3)
        item = g_object_ref (it);
      else if (other == NULL)
        other = g_object_ref (it);
    }
  g_assert_nonnull (item);
  g_assert_nonnull (other);
  member = g_strdup (pr_cluster_item_get_member (item, 1)->id);

  /* Not edited: a gap, not the change. */
  before = gap_shown (window, other, item, member);
  g_test_message ("before: %s", before);
  g_assert_cmpstr (before, !=, CHANGED);

  update = g_strdup_printf ("UPDATE office.petitions SET submitted_at = submitted_at + INTERVAL 40 DAY WHERE id = %s",
                            member);
  pr_test_execute (root, update);
  edited = gap_shown (window, other, item, member);
  g_assert_cmpstr (edited, ==, CHANGED);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_wait_until (pr_test_list_settled, pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                 "cluster-list"));
  g_assert_false (pr_session_holds_item (pr_window_get_session (window), item));
  old_case = gap_shown (window, other, item, member);
  g_assert_cmpstr (old_case, ==, CHANGED);

  /* The new scan read the edited date: its gap, by the server's count. */
  now = pr_session_find_cluster (pr_window_get_session (window), member);
  if (now != NULL && g_strcmp0 (pr_cluster_item_get_primary_id (now), member) != 0)
    {
      g_autoptr(PrClusterItem) shown = g_object_ref (now);
      gint64 days;
      g_autofree char *want = NULL;

      sql = g_strdup_printf ("SELECT 1000 + DATEDIFF(a.submitted_at, b.submitted_at) FROM office.petitions a, "
                             "office.petitions b WHERE a.id = %s AND b.id = %s", member,
                             pr_cluster_item_get_primary_id (shown));
      days = (gint64) pr_test_count_rows (root, sql) - 1000;
      want = days == 0 ? g_strdup ("the same day as the primary")
                       : g_strdup_printf ("%u day%s %s than the primary", (guint) ABS (days),
                                          ABS (days) == 1 ? "" : "s", days > 0 ? "later" : "earlier");
      new_case = gap_shown (window, item, shown, member);
      g_assert_cmpstr (new_case, ==, want);
    }
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_admin = pr_test_server_start ();
  g_test_add_func ("/app/start-page/open-last-scan", test_open_last_scan);
  g_test_add_func ("/app/start-page/open-failed-suggests-scan", test_open_failed_suggests_scan);
  g_test_add_func ("/app/compare-view/date-edited-since-scan", test_date_edited_since_scan);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
