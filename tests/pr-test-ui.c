/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the ui test's files (test-ui*.c) and bench-ui share: finding the
 * window's widgets, knowing when the cluster list has settled, waiting,
 * connecting the window, the planted petitions, screenshots. */
#include "config.h"

#include "pr-test-ui.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-paced-model.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"

#include "chain-rows.h"

/* The throwaway server of the ui test (test-ui.c's main()). */
const PrConnectionParams *pr_test_ui_admin;

/**
 * pr_test_find_widget:
 * @name: (nullable): the widget's name (gtk_widget_get_name()), when a
 *   type alone is ambiguous: a dropdown holds a search entry of its own
 *
 * Returns: (transfer none) (nullable): the first widget of @type, depth first
 */
GtkWidget *
pr_test_find_widget (GtkWidget  *widget,
                     GType       type,
                     const char *name)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && (name == NULL || g_strcmp0 (gtk_widget_get_name (widget), name) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = pr_test_find_widget (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first widget of @type (and @name, if not NULL) in any toplevel
 * window: a window the one under test opened. */
GtkWidget *
pr_test_find_in_toplevels (GType       type,
                           const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      GtkWidget *found = pr_test_find_widget (toplevel, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The cluster list is filled in turns (and a filter or sort model set
 * incremental would work in turns too): TRUE once all is done. */
gboolean
pr_test_list_settled (gpointer column_view)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (column_view));
  PrPacedModel *paced = PR_PACED_MODEL (gtk_single_selection_get_model (selection));
  GtkFilterListModel *filtered = GTK_FILTER_LIST_MODEL (pr_paced_model_get_model (paced));
  GtkSortListModel *sorted = GTK_SORT_LIST_MODEL (gtk_filter_list_model_get_model (filtered));
  PrWindow *window = PR_WINDOW (gtk_widget_get_root (column_view));

  return pr_session_get_list_complete (pr_window_get_session (window))
         && gtk_filter_list_model_get_pending (filtered) == 0 && gtk_sort_list_model_get_pending (sorted) == 0
         /* A large change reaches the view in turns too. */
         && !pr_paced_model_get_pending (paced);
}

/* Whether @widget or a widget inside it shows text: a button's label. */
static gboolean
shows_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (shows_text (child))
      return TRUE;
  return FALSE;
}

/* Whether a screen reader has a name for @widget: its accessible label,
 * a label that labels it (a mnemonic label sets that relation), or, for
 * buttons, the text they show. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
         gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY) ||
         ((GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget)) && shows_text (widget));
}

static void
collect_unnamed (GtkWidget *widget,
                 GString   *problems)
{
  gboolean control = GTK_IS_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) ||
                     GTK_IS_ENTRY (widget) || GTK_IS_SEARCH_ENTRY (widget) || GTK_IS_PASSWORD_ENTRY (widget) ||
                     GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_SWITCH (widget) ||
                     GTK_IS_SCALE (widget);

  /* The title bar's close, minimise and maximise are GTK's, named by GTK. */
  if (GTK_IS_WINDOW_CONTROLS (widget))
    return;
  /* The button inside a menu button is named by the menu button. */
  if (GTK_IS_BUTTON (widget) && GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    control = FALSE;
  if (control)
    {
      gboolean labelled = shows_text (widget) || gtk_widget_get_tooltip_text (widget) != NULL ||
                          gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);

      if (!has_accessible_name (widget) || !labelled)
        {
          g_string_append_printf (problems, "  %s: ", !has_accessible_name (widget) ? "no accessible name"
                                                                                     : "neither a tooltip nor a label");
          /* Where it is: its name, or its type, up to the window. */
          for (GtkWidget *w = widget; w != NULL && !GTK_IS_WINDOW (w); w = gtk_widget_get_parent (w))
            g_string_append_printf (problems, "%s%s", w == widget ? "" : " in ",
                                    *gtk_widget_get_name (w) != '\0' ? gtk_widget_get_name (w) : G_OBJECT_TYPE_NAME (w));
          g_string_append_c (problems, '\n');
        }
      /* A control's own parts (a spin button's arrows, a drop-down's
       * list) are GTK's, named by GTK. */
      if (!GTK_IS_BUTTON (widget) && !GTK_IS_CHECK_BUTTON (widget))
        return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_unnamed (child, problems);
}

/**
 * pr_test_unnamed_controls:
 *
 * Returns: (transfer full) (nullable): a line for every button, check box,
 *   entry, drop-down or spin button inside @widget with no accessible name
 *   or with neither a tooltip nor a visible label; %NULL when there is none
 */
char *
pr_test_unnamed_controls (GtkWidget *widget)
{
  GString *problems = g_string_new (NULL);

  collect_unnamed (widget, problems);
  if (problems->len == 0)
    {
      g_string_free (problems, TRUE);
      return NULL;
    }
  return g_string_free (problems, FALSE);
}

gboolean
pr_test_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* pr_test_wait_until () on a gboolean a callback sets */
gboolean
pr_test_is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Closes @window and waits for it to be finalised: a callback still on
 * its way may hold it for a moment, a leaked reference for ever (the
 * wait fails after a minute). */
void
pr_test_close_and_finalize (PrWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  pr_test_wait_until (pr_test_is_null, &weak);
}

/* The mapping page's table has a last complete scan to open. */
gboolean
pr_test_last_scan_offered (gpointer data)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (data), "open-last-scan");
}

/* Nothing running, and the list holds every cluster of the last scan. */
gboolean
pr_test_not_busy (gpointer data)
{
  return !pr_window_get_busy (data) && pr_session_get_list_complete (pr_window_get_session (data));
}

/* The threshold dialog @data has its preview. */
gboolean
pr_test_preview_ready (gpointer data)
{
  return pr_threshold_dialog_get_ready (data);
}

static gboolean
compare_shows (gpointer data)
{
  PrWindow *window = data;
  GtkWidget *view = g_object_get_data (G_OBJECT (window), "compare");

  return pr_compare_view_get_settled (PR_COMPARE_VIEW (view)) &&
         g_object_get_data (G_OBJECT (window), "shown-number") ==
           GUINT_TO_POINTER (pr_cluster_item_get_number (pr_compare_view_get_item (PR_COMPARE_VIEW (view))));
}

/* The number of clusters the list shows, once it has settled. */
guint
pr_test_n_listed (GtkColumnView *view)
{
  pr_test_wait_until (pr_test_list_settled, view);
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view)));
}

gboolean
pr_test_can_undo (gpointer data)
{
  return pr_session_get_can_undo (pr_window_get_session (data));
}

gboolean
pr_test_can_redo (gpointer data)
{
  return pr_session_get_can_redo (pr_window_get_session (data));
}

gboolean
pr_test_columns_listed (gpointer data)
{
  GtkWidget *box = g_object_get_data (G_OBJECT (data), "columns");

  return gtk_widget_get_first_child (box) != NULL;
}

/* Connects @window to @database with @params (taken), as the reviewer
 * would, and waits until the mapping page lists the table's columns. */
void
pr_test_connect_window (PrWindow           *window,
                        PrConnectionParams *params,
                        const char         *database)
{
  g_free (params->database);
  params->database = g_strdup (database);
  g_object_set_data (G_OBJECT (window), "columns",
                     pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX, "mapping-columns"));
  g_object_set_data (G_OBJECT (window), "compare", pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  pr_window_connect_to (window, params);
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_wait_until (pr_test_columns_listed, window);
}


/* Three planted groups of repeats (a body with a word or two changed)
 * among 40 unrelated petitions. */
const char *const pr_test_group_bodies[3] = {
  "小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修更换电梯。",
  "学校门口道路每天早晚严重拥堵，没有交警疏导，学生过马路很危险，希望增设红绿灯和人行横道。",
  "工厂夜间排放刺鼻气体，周边居民无法开窗睡觉，孩子经常咳嗽，请环保部门调查处理并公开结果。",
};

static const char *const edited[] = {
  "本人于去年三月到某建筑公司工地务工，至今被拖欠工资两万三千元，多次找项目经理讨要，对方一直推脱说工程款没有到账。"
  "家中老人生病急需用钱，孩子上学也要交费，恳请劳动监察部门责令公司尽快支付拖欠的工资，维护农民工的合法权益。",
  "本人于去年三月到某建筑公司工地务工，至今被拖欠工资两万三千元，多次找项目经理讨要，对方一直推脱说工程款没有到位。"
  "家中老人生病急需用钱，孩子上学也要交费，恳请劳动监察部门责令公司尽快支付拖欠的工资，维护农民工的合法权益。",
  "本人于去年三月到某建筑公司工地务工，至今被拖欠工资两万三千元，多次找项目经理讨要，对方一直推脱说工程款没有到账。"
  "家中老人生病急需用钱，孩子上学也要交学费，恳请劳动监察部门责令公司尽快支付拖欠的工资，维护农民工的合法权益。",
  "本人於去年三月到某建築公司工地務工，至今被拖欠工資兩萬三千元，多次找項目經理討要，對方一直推脫說工程款沒有到賬。"
  "家中老人生病急需用錢，孩子上學也要交費，懇請勞動監察部門責令公司儘快支付拖欠的工資，維護農民工的合法權益。",
};

void
pr_test_fill_table (PrConnection *root)
{
  static const char *const topics[] = {
    "路灯", "垃圾", "噪音", "供暖", "停车", "绿化", "公交", "医保", "社保", "户籍",
    "拆迁", "工资", "房租", "菜市场", "自来水", "燃气", "网络", "快递", "养老", "教育",
  };

  pr_test_execute (root, "CREATE DATABASE office");
  pr_test_execute (root, "CREATE TABLE office.petitions (id INT PRIMARY KEY, petitioner VARCHAR(64), "
                   "subject VARCHAR(200), submitted_at DATETIME, body TEXT)");
  for (guint g = 0; g < G_N_ELEMENTS (pr_test_group_bodies); g++)
    for (guint r = 0; r < 3 + g; r++)
      {
        /* The same complaint again; copies differ in punctuation and
         * character width, which the fingerprint does not see. Mostly
         * from one petitioner: 102 gave no name, 202 and 303 are the same
         * matter from someone else. */
        guint id = 100 * (g + 1) + r;
        g_autofree char *petitioner = id == 102 ? g_strdup ("")
                                      : id == 202 || id == 303 ? g_strdup_printf ("邻居%u", id)
                                      : g_strdup_printf ("居民%u", g);
        g_autofree char *sql = g_strdup_printf (
            "INSERT INTO office.petitions VALUES (%u, '%s', '关于问题%u的反映', '2026-0%u-1%u 09:00:00', '%s%s')",
            id, petitioner, g, g + 1, r, pr_test_group_bodies[g], r == 1 ? "！！" : r == 2 ? "……" : "");
        pr_test_execute (root, sql);
      }
  /* A fourth matter written again with a word changed here and there, by
   * one petitioner (张三: a masked 张某 would be no evidence of one):
   * whether each copy is within k is for the brute force to say. */
  for (guint r = 0; r < G_N_ELEMENTS (edited); r++)
    {
      g_autofree char *sql = g_strdup_printf (
          "INSERT INTO office.petitions VALUES (%u, '张三', '关于拖欠工资的投诉', '2026-06-0%u 08:30:00', '%s')",
          400 + r, r + 1, edited[r]);
      pr_test_execute (root, sql);
    }
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *sql = g_strdup_printf (
          "INSERT INTO office.petitions VALUES (%u, '市民%u', '%s问题', '2026-05-01 10:00:00', "
          "'关于%s的第%u个具体情况：%s%s%s，编号%u，请尽快答复处理意见%u。')",
          1000 + i, i, topics[i % 20], topics[i % 20], i, topics[(i * 7 + 3) % 20], topics[(i * 3 + 1) % 20],
          topics[(i * 11 + 5) % 20], i * 7919, i);
      pr_test_execute (root, sql);
    }
}

void
pr_test_save_screenshot (GtkWidget  *widget,
                         const char *path)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gint64 start = g_get_monotonic_time ();

  /* Let the window lay out and paint what it shows now: half a second,
   * and then until it has painted something (a slow run under ASan may
   * not have drawn a frame yet). */
  while (node == NULL && g_get_monotonic_time () - start < 30 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      if (g_get_monotonic_time () - start >= G_USEC_PER_SEC / 2 && gtk_widget_get_mapped (widget))
        {
          GtkSnapshot *snapshot = gtk_snapshot_new ();

          gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
          node = gtk_snapshot_free_to_node (snapshot);
        }
    }
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_object_unref (paintable);
  g_test_message ("screenshot: %s", path);
}

guint64
pr_test_count_rows (PrConnection *root,
                    const char   *sql)
{
  g_autofree char *value = pr_test_query_value (root, sql);

  return g_ascii_strtoull (value, NULL, 10);
}

PrClusterItem *
pr_test_cluster_with (GListModel *clusters,
                      const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      if (pr_cluster_item_find_member (item, id) >= 0)
        return item;  /* the list keeps it */
    }
  g_assert_not_reached ();
}

/* The texts of the labels under @widget (and its own, if a label), in
 * the widget tree's order, appended to @texts (of g_free()d strings). */
void
pr_test_collect_label_texts (GtkWidget *widget,
                             GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    pr_test_collect_label_texts (child, texts);
}

void
pr_test_select_cluster (PrWindow      *window,
                        GtkColumnView *view,
                        guint          number)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  pr_test_wait_until (pr_test_list_settled, view);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (pr_cluster_item_get_number (item) == number)
        {
          g_object_set_data (G_OBJECT (window), "shown-number", GUINT_TO_POINTER (number));
          gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), i);
          pr_test_wait_until (compare_shows, window);
          return;
        }
    }
  g_assert_not_reached ();
}

/* Every control of @widget has an accessible name, and a tooltip or a
 * label to see: the accessible tree as a screen reader gets it. */
void
pr_test_assert_controls_named (GtkWidget *widget)
{
  g_autofree char *unnamed = pr_test_unnamed_controls (widget);

  if (unnamed != NULL)
    g_error ("controls a screen reader cannot name:\n%s", unnamed);
}

/* Write-back switched on: a decision goes into the petition's row with
 * the log, and its undo puts back what was there. Off by default: the
 * first decision, made before, wrote nothing. */
/* @database.petitions for write-back: three copies of @body (10–12, one
 * with a mark added) and an unrelated record (20), with the columns a
 * decision is written into. */
void
pr_test_fill_write_back_table (PrConnection *root,
                               const char   *database,
                               const char   *body)
{
  g_autofree char *create_database = g_strdup_printf ("CREATE DATABASE %s", database);
  g_autofree char *create_table = g_strdup_printf ("CREATE TABLE %s.petitions (id INT PRIMARY KEY, body TEXT, "
                                                   "repeat_of VARCHAR(20) NULL, status VARCHAR(20) NULL DEFAULT 'new')",
                                                   database);
  g_autofree char *other = g_strdup_printf ("INSERT INTO %s.petitions (id, body) "
                                            "VALUES (20, '完全不同的另一件事情，关于公园的路灯长期不亮。')", database);

  pr_test_execute (root, create_database);
  pr_test_execute (root, create_table);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *insert = g_strdup_printf ("INSERT INTO %s.petitions (id, body) VALUES (%u, '%s%s')", database,
                                                 10 + r, body, r == 1 ? "！" : "");

      pr_test_execute (root, insert);
    }
  pr_test_execute (root, other);
}

/**
 * pr_test_ui_init:
 *
 * gtk_test_init () with the cairo renderer, for a ui test's main ().
 *
 * Returns: %FALSE, having said the test is skipped, without a display
 */
gboolean
pr_test_ui_init (int    *argc,
                 char ***argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (argc, argv, NULL);
  if (gdk_display_get_default () == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return FALSE;
    }
  /* The tests decide as a reviewer who has set a name (the first
   * decision asks for it otherwise: test_history_notes clears it). */
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");

    g_settings_set_string (settings, "reviewer-name", "测试员");
  }
  return TRUE;
}

/* The list as shown equals @expected (PrClusterItem), item for item, once
 * settled. */
void
pr_test_assert_listed (GtkColumnView *view,
                       GPtrArray     *expected)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  g_assert_cmpuint (pr_test_n_listed (view), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      g_assert_true (item == expected->pdata[i]);
    }
}

/* Scans the table chosen on @window's mapping page; the scan must succeed. */
void
pr_test_scan (PrWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
}

/* Fills the ui table afresh and returns a window connected to it that has
 * scanned it. */
PrWindow *
pr_test_scanned_window (PrConnection *root)
{
  PrWindow *window;

  pr_test_fill_table (root);
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (pr_test_ui_admin), "office");
  pr_test_scan (window);
  return window;
}

/* Connects @window to @database, scans it and chooses its first case;
 * returns the cluster list. */
GtkColumnView *
pr_test_scan_first_case (PrWindow           *window,
                         PrConnectionParams *params,
                         const char         *database)
{
  GtkColumnView *view;

  pr_test_connect_window (window, params, database);
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  pr_test_scan (window);
  pr_test_select_cluster (window, view, 1);
  return view;
}

/* The locale of the environment (gtk_test_init () sets its own), the
 * catalogue from @localedir. */
void
pr_test_ui_use_locale (const char *localedir)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

static void
count_frame (GdkFrameClock *clock,
             gpointer       data)
{
  (*(gint64 *) data)--;
}

/* The compare view's tests: records of an id, a body and a petitioner. */
/* id, petitioner, body: the body first, so that the petitioner's row can
 * be pushed below the fold by a long body. */
PrMapping *
pr_test_compare_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  return mapping;
}

void
pr_test_compare_add (PrClusterItem *item,
                     GPtrArray     *records,
                     const char    *id,
                     const char    *body,
                     const char    *petitioner,
                     guint          distance)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (values, g_strdup (id));
  g_ptr_array_add (values, g_strdup (body));
  g_ptr_array_add (values, g_strdup (petitioner));
  g_ptr_array_add (records, values);
  pr_cluster_item_add_member (item, id, records->len - 1, distance);
}

static void
next_difference_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       window)
{
  GtkWidget *view = pr_test_find_widget (window, PR_TYPE_COMPARE_VIEW, NULL);

  pr_compare_view_next_difference (PR_COMPARE_VIEW (view));
}

/* Gives a window holding a compare view, without a PrWindow, the
 * win.next-difference its button is made for (a button of a missing
 * action is insensitive, and takes no focus). */
void
pr_test_add_next_difference_action (GtkWidget *window)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) action = g_simple_action_new ("next-difference", NULL);

  g_signal_connect (action, "activate", G_CALLBACK (next_difference_activated), window);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (window, "win", G_ACTION_GROUP (group));
}

/* Lets @widget's window lay out and paint @n frames (strips scroll and
 * cards fill at frame time). */
void
pr_test_wait_frames (GtkWidget *widget,
                     guint      n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 left = n;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &left);

  while (left > 0)
    {
      gtk_widget_queue_draw (widget);
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, id);
}

static GtkWidget *
find_card_label (GtkWidget  *widget,
                 const char *id)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "member-id") &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_card_label (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Chooses the record @id as a click on its card in the strip under
 * @root does (the list item's own select action, which the card's click
 * activates), waiting for the card to be made. */
void
pr_test_click_card (GtkWidget  *root,
                    const char *id)
{
  GtkWidget *strip = pr_test_find_widget (root, GTK_TYPE_LIST_VIEW, "member-strip");
  GtkWidget *label = NULL;

  g_assert_nonnull (strip);
  for (guint i = 0; i < 1000 && (label = find_card_label (strip, id)) == NULL; i++)
    pr_test_wait_frames (root, 1);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_activate_action (label, "listitem.select", "(bb)", FALSE, FALSE));
  pr_test_wait_frames (root, 2);
}

/* Returns: (transfer full): the first case @list lists with at least @n records */
PrClusterItem *
pr_test_case_of_at_least (GtkColumnView *list,
                          guint          n)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (list));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (model, i);

      if (pr_cluster_item_get_n_members (item) >= n)
        return g_steal_pointer (&item);
    }
  g_assert_not_reached ();
}

/* The case number of the row that has the keyboard's focus (the first
 * label of the list's row the focus is in), or NULL when the focus is in
 * no row. */
char *
pr_test_focused_row_number (PrWindow *window)
{
  GtkWidget *row = gtk_root_get_focus (GTK_ROOT (window));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  while (row != NULL && !GTK_IS_LIST_VIEW (gtk_widget_get_parent (row)))
    row = gtk_widget_get_parent (row);
  if (row == NULL)
    return NULL;
  pr_test_collect_label_texts (row, texts);
  g_assert_cmpuint (texts->len, >, 0);
  return g_strdup (g_ptr_array_index (texts, 0));
}

static gboolean
trigger_is (GtkShortcutTrigger *trigger,
            GtkShortcutTrigger *key)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_is (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), key) ||
           trigger_is (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), key);
  return gtk_shortcut_trigger_equal (trigger, key);
}

/* What @window's own shortcut controllers do on @keyval with @modifiers,
 * done as a key press in it would once nothing under the focus took it:
 * whether a shortcut took it. */
gboolean
pr_test_press_shortcut (GtkWindow       *window,
                        guint            keyval,
                        GdkModifierType  modifiers)
{
  g_autoptr(GtkShortcutTrigger) key = gtk_keyval_trigger_new (keyval, modifiers);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)); s++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);

          if (trigger_is (gtk_shortcut_get_trigger (shortcut), key) &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                            GTK_WIDGET (window), gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  return FALSE;
}

typedef struct {
  PrCompareView *compare;
  PrClusterItem *left;
} Away;

static gboolean
other_case_shown (gpointer data)
{
  Away *away = data;
  PrClusterItem *item = pr_compare_view_get_item (away->compare);

  return item != NULL && item != away->left && gtk_widget_get_sensitive (GTK_WIDGET (away->compare));
}

/* Ctrl+J: on to the next unreviewed case, until the window shows it and
 * is idle again. */
void
pr_test_next_case (PrWindow *window)
{
  Away away = { g_object_get_data (G_OBJECT (window), "compare"), NULL };

  away.left = pr_compare_view_get_item (away.compare);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-unreviewed", NULL));
  pr_test_wait_until (other_case_shown, &away);
  pr_test_wait_until (pr_test_not_busy, window);
}
