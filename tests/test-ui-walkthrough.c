/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk's walkthrough of the sample found, in Chinese (the
 * catalogue as installed; in English without it, where the list's fit is
 * not checked): the mapping page's
 * columns line up from row to row; the cluster list shows every column
 * whole and a subject to read; the record judged is never scrolled half
 * out of view; a click on a record's header chooses it; the export's
 * message leaves the list's counts in place; the compare view opens the
 * intake check of the record judged; and the kind-of-repeat filter lists
 * the cases of hand-built records by their kinds (kinds-records.h). The
 * oracles are the widgets' own positions and sizes, and the records'
 * kinds worked out by hand.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "kinds-records.h"
#include "pr-compare-view.h"
#include "pr-intake-page.h"
#include "pr-review-page.h"
#include "pr-sample-server.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* The window as it first opens (the settings' default size): where the
 * list and the compare view compete for room. */
#define WINDOW_WIDTH  1200
#define WINDOW_HEIGHT 800

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

/* The widgets under @widget whose names start with @prefix, in order. */
static void
collect_named (GtkWidget  *widget,
               const char *prefix,
               GPtrArray  *found)
{
  if (g_str_has_prefix (gtk_widget_get_name (widget), prefix))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_named (child, prefix, found);
}

/* The main loop turned until the window is laid out anew. */
static gboolean
frame_drawn (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
two_frames (gpointer data)
{
  return *(guint *) data >= 2;
}

static void
wait_for_layout (void)
{
  guint frames = 0;
  guint tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), frame_drawn, &frames, NULL);

  gtk_widget_queue_resize (GTK_WIDGET (window));
  pr_test_wait_until (two_frames, &frames);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick);
}

static double
x_in_window (GtkWidget *widget)
{
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &at));
  return at.x;
}

/* Each part of a column's row stands where it does on the first row. */
static void
test_mapping_aligned (void)
{
  const char *const parts[] = { "display-name-", "identity-" };

  wait_for_layout ();
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      g_autoptr(GPtrArray) found = g_ptr_array_new ();

      collect_named (GTK_WIDGET (window), parts[p], found);
      g_assert_cmpuint (found->len, >=, 8);
      for (guint i = 1; i < found->len; i++)
        {
          g_test_message ("%s: %.0f, first row %.0f", gtk_widget_get_name (found->pdata[i]),
                          x_in_window (found->pdata[i]), x_in_window (found->pdata[0]));
          g_assert_cmpfloat (x_in_window (found->pdata[i]), ==, x_in_window (found->pdata[0]));
        }
    }
}

/* The sample scanned, as the clerk does next. */
static void
test_scan (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
}

static GtkColumnView *
cluster_view (void)
{
  return GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
}

/* The label under @widget that says @text, whole or (@part) within its text. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text,
            gboolean    part)
{
  if (GTK_IS_LABEL (widget) && (part ? strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL
                                     : g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text, part);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every column of the list in view, none cut at the right; the subject
 * column six characters wide at least. */
static void
test_list_fits (void)
{
  GtkColumnView *view = cluster_view ();
  GtkAdjustment *across = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkWidget *subject = find_label (GTK_WIDGET (view), _("Subject"), FALSE);
  PangoLayout *six = NULL;
  int six_width;

  /* The Chinese window, the clerk's: in English the list's words are
   * wider than the pane gives them at this size. */
  if (g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    {
      g_test_skip ("the zh_CN catalogue or locale is not installed");
      return;
    }
  pr_test_select_cluster (window, view, 1);
  wait_for_layout ();
  g_assert_nonnull (subject);
  six = gtk_widget_create_pango_layout (subject, "反映新区槐荫");
  pango_layout_get_pixel_size (six, &six_width, NULL);
  g_object_unref (six);
  g_test_message ("the list: %.0f of %.0f pixels in view; the subject column %d, six characters %d",
                  gtk_adjustment_get_page_size (across), gtk_adjustment_get_upper (across),
                  gtk_widget_get_width (gtk_widget_get_parent (subject)), six_width);
  g_assert_cmpfloat (gtk_adjustment_get_upper (across), <=, gtk_adjustment_get_page_size (across));
  g_assert_cmpint (gtk_widget_get_width (gtk_widget_get_parent (subject)), >=, six_width);
}

static PrCompareView *
compare_view (void)
{
  return PR_COMPARE_VIEW (find (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
}

/* The record headers of the compare view's grid: the primary's, the judged one's. */
static GtkWidget *
record_header (gboolean judged)
{
  GtkWidget *grid = find (GTK_WIDGET (window), GTK_TYPE_GRID, "compare-pinned");

  for (GtkWidget *child = gtk_widget_get_first_child (grid); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "record-header") && gtk_widget_has_css_class (child, "selected") == judged)
      return child;
  return NULL;
}

/* A case of four records or more, shown. */
static PrClusterItem *
show_large_case (void)
{
  GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));

  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      if (pr_cluster_item_get_n_members (item) >= 4)
        {
          pr_test_select_cluster (window, cluster_view (), pr_cluster_item_get_number (item));
          return item;
        }
    }
  g_assert_not_reached ();
}

/* After each Alt+→ the record judged stands whole in the compare view,
 * beside the primary, in a window narrowed to a 1,024-pixel screen's. */
static void
test_judged_in_view (void)
{
  PrClusterItem *item = show_large_case ();
  GtkWidget *scroller = find (GTK_WIDGET (window), GTK_TYPE_SCROLLED_WINDOW, "compare-scroller");

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);

  /* The case opens at its first record after the primary; round to the last. */
  for (guint step = 1; step + 1 < pr_cluster_item_get_n_members (item); step++)
    {
      GtkWidget *judged, *primary;
      graphene_rect_t bounds, primary_bounds;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
      wait_for_layout ();
      judged = record_header (TRUE);
      primary = record_header (FALSE);
      g_assert_nonnull (judged);
      g_assert_true (gtk_widget_compute_bounds (judged, scroller, &bounds));
      g_assert_true (gtk_widget_compute_bounds (primary, scroller, &primary_bounds));
      g_test_message ("record %u: judged from %.0f to %.0f, primary from %.0f, in %d pixels", step,
                      bounds.origin.x, bounds.origin.x + bounds.size.width, primary_bounds.origin.x,
                      gtk_widget_get_width (scroller));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scroller));
      g_assert_cmpfloat (primary_bounds.origin.x, >=, 0);
      /* Nothing of either record off to the side, to scroll to. */
      g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller))),
                         <=, gtk_widget_get_width (scroller));
    }
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  wait_for_layout ();
}

/* A click on the primary's header chooses the primary; on the judged
 * one's, after another record, that one. */
static void
test_header_click (void)
{
  PrClusterItem *item = show_large_case ();
  PrCompareView *compare = compare_view ();
  g_autofree char *judged_id = NULL;
  GtkWidget *header;

  if (g_strcmp0 (pr_compare_view_get_selected_id (compare), pr_cluster_item_get_primary_id (item)) == 0)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  judged_id = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (judged_id, !=, pr_cluster_item_get_primary_id (item));
  header = record_header (FALSE);
  g_assert_nonnull (header);
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (header);
    gboolean clicked = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_GESTURE_CLICK (controller))
          {
            g_signal_emit_by_name (controller, "released", 1, 10.0, 10.0);
            clicked = TRUE;
          }
      }
    g_assert_true (clicked);
  }
  g_assert_cmpstr (pr_compare_view_get_selected_id (compare), ==, pr_cluster_item_get_primary_id (item));
}

static gboolean
focus_within (GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Tab leaves the cluster list for the compare view (GTK 4.8's list went
 * from row to row); Shift+Tab goes back to the filters. */
static void
test_tab_leaves_list (void)
{
  GtkWidget *view = GTK_WIDGET (cluster_view ());
  GtkWidget *compare = GTK_WIDGET (compare_view ());
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);
  GtkEventController *keys = NULL;
  gboolean handled = FALSE;

  show_large_case ();
  pr_review_page_focus_list (PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
  g_assert_true (focus_within (view));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        keys = controller;
    }
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Tab, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_true (focus_within (compare));
  pr_review_page_focus_list (PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_ISO_Left_Tab, 0, GDK_SHIFT_MASK, &handled);
  g_assert_true (handled);
  g_assert_true (focus_within (find (GTK_WIDGET (window), GTK_TYPE_ENTRY, "date-to")));
}

/* The export says what it wrote in its bar; the line under the list
 * keeps the scan's counts. */
static void
test_export_keeps_counts (void)
{
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *counts = g_strdup (pr_window_get_summary_text (window));
  GtkWidget *done = find (GTK_WIDGET (window), GTK_TYPE_LABEL, "export-done");

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to", g_variant_new_string (report)));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_test_message ("under the list: %s; the bar: %s", pr_window_get_summary_text (window),
                  gtk_label_get_text (GTK_LABEL (done)));
  g_assert_cmpstr (pr_window_get_summary_text (window), ==, counts);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (done)), report));
}

static PrIntakePage *
find_intake_page (void)
{
  return (PrIntakePage *) pr_test_find_in_toplevels (PR_TYPE_INTAKE_PAGE, NULL);
}

static gboolean
has_child (gpointer widget)
{
  return gtk_widget_get_first_child (widget) != NULL;
}


/* The compare view's button opens the intake check of the record judged. */
static void
test_intake_of_judged (void)
{
  PrCompareView *compare = compare_view ();
  GtkWidget *button = find (GTK_WIDGET (compare), GTK_TYPE_BUTTON, "compare-intake");
  g_autofree char *judged = NULL;
  PrClusterItem *item;
  PrIntakePage *page;

  item = show_large_case ();
  if (g_strcmp0 (pr_compare_view_get_selected_id (compare), pr_cluster_item_get_primary_id (item)) == 0)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
  judged = g_strdup (pr_compare_view_get_selected_id (compare));
  g_assert_cmpstr (judged, !=, pr_cluster_item_get_primary_id (item));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_null (find_intake_page ());
  g_signal_emit_by_name (button, "clicked");
  page = find_intake_page ();
  g_assert_nonnull (page);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find (GTK_WIDGET (page), GTK_TYPE_ENTRY, "intake-record"))),
                   ==, judged);
  /* The petitioner's timeline of the record itself, found or not as a repeat. */
  {
    GtkWidget *timeline = find (GTK_WIDGET (page), GTK_TYPE_MENU_BUTTON, "intake-record-timeline");
    GtkWidget *records;

    gtk_menu_button_popup (GTK_MENU_BUTTON (timeline));
    records = find (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (timeline))), GTK_TYPE_BOX,
                    "timeline-records");
    pr_test_wait_until (has_child, records);
    g_assert_nonnull (find_label (records, judged, TRUE));
    gtk_menu_button_popdown (GTK_MENU_BUTTON (timeline));
  }
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The primaries listed, sorted, comma-separated. */
static char *
listed_primaries (GtkColumnView *view)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < pr_test_n_listed (view); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      g_ptr_array_add (ids, (gpointer) pr_cluster_item_get_primary_id (item));
    }
  g_ptr_array_sort (ids, compare_ids);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "," : "", (const char *) ids->pdata[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The mapping page's roles, in the order of a row's role drop-down. */
enum { ROLE_DATE = 3, ROLE_ACCEPTED = 6, ROLE_UNIT = 7, ROLE_CATEGORY = 8 };

/* Sets the role of @column on the mapping page: its row's first drop-down. */
static void
set_role (PrWindow   *on,
          const char *column,
          guint       role)
{
  g_autofree char *name = g_strdup_printf ("date-order-%s", column);
  GtkWidget *order = find (GTK_WIDGET (on), GTK_TYPE_DROP_DOWN, name);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (gtk_widget_get_parent (order), GTK_TYPE_DROP_DOWN, NULL)), role);
}

/* The hand-built records: the case of r1 holds a repeat (r2, r4), a copy
 * of one letter to another body (r3), another person's same matter (r5),
 * and its petitioner wrote the same category in other words (r6, in no
 * case); the case of r11 holds a repeat (r14) alone. */
static void
test_kind_filter (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrConnection) root = pr_test_connect (params, NULL);
  g_auto(GStrv) lines = g_strsplit (kinds_records_csv, "\n", -1);
  PrWindow *kinds = pr_window_new (NULL);
  PrWindow *sample = window;
  GtkColumnView *view;
  GtkWidget *kind;
  /* In the order of the dropdown's items: any kind, repeat, same matter,
   * one letter sent to several bodies, same person in other words. */
  const char *const expected[] = { "r1,r11", "r1,r11", "r1", "r1", "r1" };

  pr_test_execute (root, "CREATE DATABASE kinds_ui");
  pr_test_execute (root, "CREATE TABLE kinds_ui.cases (id VARCHAR(8) PRIMARY KEY, petitioner VARCHAR(16), "
                         "category VARCHAR(16), unit VARCHAR(16), status VARCHAR(16), accepted DATE, date DATE, "
                         "body TEXT)");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);
      g_autofree char *insert = g_strdup_printf ("INSERT INTO kinds_ui.cases VALUES ('%s','%s','%s','%s','%s',%s%s%s,"
                                                 "'%s','%s')", cells[0], cells[1], cells[2], cells[3], cells[4],
                                                 cells[5][0] != '\0' ? "'" : "", cells[5][0] != '\0' ? cells[5] : "NULL",
                                                 cells[5][0] != '\0' ? "'" : "", cells[6], cells[7]);

      pr_test_execute (root, insert);
    }

  window = kinds;
  gtk_window_present (GTK_WINDOW (kinds));
  pr_test_connect_window (kinds, pr_sample_server_get_params (server), "kinds_ui");
  /* The petitioner column names a person as an account would. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (GTK_WIDGET (kinds), GTK_TYPE_DROP_DOWN, "identity-petitioner")),
                              PR_IDENTITY_PETITIONER);
  /* The record's date, and the case's: two date columns, said which is which. */
  set_role (kinds, "date", ROLE_DATE);
  set_role (kinds, "accepted", ROLE_ACCEPTED);
  set_role (kinds, "unit", ROLE_UNIT);
  set_role (kinds, "category", ROLE_CATEGORY);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kinds), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, kinds);
  g_assert_null (pr_window_get_error_text (kinds));
  view = cluster_view ();
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find (GTK_WIDGET (kinds), GTK_TYPE_DROP_DOWN, "cluster-filter")), 2);
  kind = find (GTK_WIDGET (kinds), GTK_TYPE_DROP_DOWN, "cluster-repeat-kind");
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (kind))), ==,
                    G_N_ELEMENTS (expected));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      g_autofree char *ids = NULL;

      gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), k);
      ids = listed_primaries (view);
      g_test_message ("kind %u: %s", k, ids);
      g_assert_cmpstr (ids, ==, expected[k]);
    }
  /* One more filter among the others: the same matter and unreviewed. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 2);
  pr_review_page_clear_filters (PR_REVIEW_PAGE (find (GTK_WIDGET (kinds), PR_TYPE_REVIEW_PAGE, NULL)));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  window = sample;
  pr_test_close_and_finalize (kinds);
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
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_sample_server_get_params (server), "petitions");

  g_test_add_func ("/app/walkthrough/mapping-aligned", test_mapping_aligned);
  g_test_add_func ("/app/walkthrough/scan", test_scan);
  g_test_add_func ("/app/walkthrough/list-fits", test_list_fits);
  g_test_add_func ("/app/walkthrough/judged-in-view", test_judged_in_view);
  g_test_add_func ("/app/walkthrough/header-click", test_header_click);
  g_test_add_func ("/app/walkthrough/tab-leaves-list", test_tab_leaves_list);
  g_test_add_func ("/app/walkthrough/export-keeps-counts", test_export_keeps_counts);
  g_test_add_func ("/app/walkthrough/intake-of-judged", test_intake_of_judged);
  g_test_add_func ("/app/walkthrough/kind-filter", test_kind_filter);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
