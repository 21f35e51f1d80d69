/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The compare view on its own, under a display but without a server:
 * the strip of a case's records and what choosing in it does, the record
 * judged kept beside the primary however far along the case it is, F8
 * scrolling a difference into view, words removed as well as added
 * marked in place (not by colour alone), the verdict badges, going on to
 * the next undecided record, and the words "why they match" names.
 *
 * "In view" is measured apart from how the view is built: a widget's
 * bounds in a scrolled window's coordinates against its size.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-mapping.h"
#include "pr-record-set.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-window.h"

static const char *const bodies[] = {
  "公司拖欠我工资三个月，多次讨要无果，请求有关部门帮助解决。",
  "公司拖欠我工资三个月，多次讨要没有结果，请求有关部门帮忙解决。",
};

/* A cluster of @n records whose ids are @prefix and 1 to @n. */
static PrClusterItem *
make_cluster (guint       number,
              const char *prefix,
              guint       n,
              GPtrArray  *records)
{
  PrClusterItem *item = pr_cluster_item_new (number, FALSE, "subject", 0);

  for (guint m = 0; m < n; m++)
    {
      g_autofree char *id = g_strdup_printf ("%s%u", prefix, m + 1);
      g_autofree char *petitioner = g_strdup_printf ("某%u", m % 3);

      pr_test_compare_add (item, records, id, bodies[m % 2], petitioner, m % 4);
    }
  return item;
}

static GPtrArray *
new_records (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
}

static void
find_labels (GtkWidget  *widget,
             const char *css_class,
             const char *prefix,
             gboolean    exact,
             GtkWidget **found)
{
  if (*found != NULL || !gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class)
      && (exact ? g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), prefix)
                : g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix)))
    {
      *found = widget;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    find_labels (child, css_class, prefix, exact, found);
}

/* Returns: (nullable): the shown label of @css_class whose text starts with @prefix */
static GtkWidget *
find_label (GtkWidget  *view,
            const char *css_class,
            const char *prefix)
{
  GtkWidget *found = NULL;

  find_labels (view, css_class, prefix, FALSE, &found);
  return found;
}

/* Returns: (nullable): the strip's card label of the record @id */
static GtkWidget *
find_card (GtkWidget  *view,
           const char *id)
{
  GtkWidget *found = NULL;

  find_labels (pr_test_find_widget (view, GTK_TYPE_LIST_VIEW, "member-strip"), "member-id", id, TRUE, &found);
  return found;
}

/* The card of @id, waited for: the strip's cards are made a slice per
 * turn, as many turns as a slow build (sanitizers, valgrind) needs. */
static GtkWidget *
wait_card (GtkWidget  *view,
           const char *id)
{
  for (guint i = 0; i < 1000 && find_card (view, id) == NULL; i++)
    pr_test_wait_frames (view, 1);
  g_assert_nonnull (find_card (view, id));
  /* Made, then scrolled to in the next frames. */
  pr_test_wait_frames (view, 2);
  return find_card (view, id);
}

/* Whether @widget lies wholly within @area, across and down. */
static gboolean
in_view (GtkWidget *area,
         GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, area, &bounds));
  return bounds.size.width > 0 && bounds.origin.x >= -0.5 && bounds.origin.y >= -0.5
         && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (area) + 0.5
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (area) + 0.5;
}

/* Whether the card of @id comes into @strip's view: the strip scrolls to
 * a card once it is made and laid out, in frames of its own, as many as
 * a slow build or a loaded machine needs. */
static gboolean
card_comes_in_view (GtkWidget  *view,
                    GtkWidget  *strip,
                    const char *id)
{
  wait_card (view, id);
  for (guint i = 0; i < 1000 && !in_view (strip, find_card (view, id)); i++)
    pr_test_wait_frames (view, 1);
  return in_view (strip, find_card (view, id));
}

static GtkWidget *
show_window (GtkWidget *view,
             int        width,
             int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_wait_frames (view, 3);
  return window;
}

/* The header of the record judged: its title label. */
static const char *
judged_title (GtkWidget *view)
{
  GtkWidget *title = NULL;

  for (GtkWidget *header = gtk_widget_get_first_child (pr_test_find_widget (view, GTK_TYPE_GRID, "compare-pinned"));
       header != NULL; header = gtk_widget_get_next_sibling (header))
    if (gtk_widget_has_css_class (header, "record-header") && gtk_widget_has_css_class (header, "selected"))
      title = gtk_widget_get_first_child (header);
  g_assert_nonnull (title);
  return gtk_label_get_text (GTK_LABEL (title));
}

/* A click on a record's card in the strip (the list item's own select
 * action, which its click gesture activates) puts that record beside the
 * primary. */
static void
test_strip_click_chooses (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "c", 8, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1400, 700);
  GtkWidget *card;

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "c2");
  g_assert_true (g_str_has_prefix (judged_title (view), "c2 ·"));

  card = wait_card (view, "c5");
  g_assert_nonnull (card);
  g_assert_true (gtk_widget_activate_action (card, "listitem.select", "(bb)", FALSE, FALSE));
  pr_test_wait_frames (view, 2);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "c5");
  g_assert_true (g_str_has_prefix (judged_title (view), "c5 · distance 0"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A record far along a case of 60 (Alt+← from the first goes round to
 * the last) is judged beside the primary, in view, and its card is
 * scrolled into the strip's view; the field names stay in view. Then
 * Alt+→ one by one back round to it, past the primary, each card in view. */
static void
test_far_record_in_view (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "k", 60, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900, 700);
  GtkWidget *strip, *scroller;

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  strip = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller");
  scroller = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "compare-scroller");
  /* Not made yet, or made out of view. */
  g_assert_true (find_card (view, "k60") == NULL || !in_view (strip, find_card (view, "k60")));

  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  pr_test_wait_frames (view, 4);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "k60");
  g_assert_true (card_comes_in_view (view, strip, "k60"));
  g_assert_true (in_view (scroller, find_label (view, "record-title", "k60 ·")));
  g_assert_true (in_view (scroller, find_label (view, "record-title", "★ Primary · k1")));
  g_assert_true (in_view (scroller, find_label (view, "field-name", "body")));

  for (guint m = 2; m <= 60; m++)
    {
      g_autofree char *id = g_strdup_printf ("k%u", m);

      pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
      pr_test_wait_frames (view, 3);
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, id);
      g_assert_true (card_comes_in_view (view, strip, id));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The next case opens with its primary's card in the strip's view, not
 * scrolled as far along as the clerk had gone in the case before. */
static void
test_strip_starts_at_primary (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) first = make_cluster (1, "p", 12, records);
  g_autoptr(PrClusterItem) second = make_cluster (2, "q", 12, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900, 700);
  GtkWidget *strip;

  pr_compare_view_show (PR_COMPARE_VIEW (view), first, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  strip = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  pr_test_wait_frames (view, 4);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "p12");
  g_assert_true (card_comes_in_view (view, strip, "p12"));
  /* Far enough along that the first case's primary is out of view. */
  g_assert_true (find_card (view, "p1") == NULL || !in_view (strip, find_card (view, "p1")));

  pr_compare_view_show (PR_COMPARE_VIEW (view), second, mapping, NULL, records);
  pr_test_wait_frames (view, 4);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "q2");
  g_assert_true (card_comes_in_view (view, strip, "q2"));
  g_assert_true (card_comes_in_view (view, strip, "q1"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @target is the difference on show: framed, and its text not selected
 * as if for copying; no other difference is framed. */
static void
assert_marked (GtkWidget *view,
               GtkWidget *target)
{
  GtkWidget *other = NULL;
  int start, end;

  g_assert_true (gtk_widget_has_css_class (target, "current-difference"));
  g_assert_false (gtk_label_get_selection_bounds (GTK_LABEL (target), &start, &end));
  gtk_widget_remove_css_class (target, "current-difference");
  find_labels (view, "current-difference", "", FALSE, &other);
  gtk_widget_add_css_class (target, "current-difference");
  g_assert_null (other);
}

/* F8 moves to the judged record's difference below the fold (a short
 * field under a long body) and scrolls it into view. */
static void
test_next_difference_in_view (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GString *body = g_string_new (NULL);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1000, 700);
  GtkWidget *scroller, *target;

  for (guint i = 0; i < 200; i++)
    g_string_append (body, bodies[0]);
  pr_test_compare_add (item, records, "a", body->str, "张三", 0);
  pr_test_compare_add (item, records, "b", body->str, "李四", 1);
  g_string_free (body, TRUE);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  /* In view: within the compare view itself, as a reader sees it. */
  scroller = view;
  target = find_label (view, "differs", "李四");
  g_assert_nonnull (target);
  g_assert_false (in_view (scroller, target));

  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  /* The scrolling is animated: until it comes to rest. */
  for (guint frame = 0; frame < 120 && !in_view (scroller, target); frame++)
    pr_test_wait_frames (view, 1);
  assert_marked (view, target);
  g_assert_true (in_view (scroller, target));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F8, or the button: the difference is framed, its text not selected as
 * if for copying, and the focus goes to the button, not into the text.
 * The button reads as what it does. */
static void
test_next_difference_keeps_focus (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1000, 700);
  GtkWidget *target, *button;

  pr_test_add_next_difference_action (window);
  pr_test_compare_add (item, records, "a", bodies[0], "张三", 0);
  pr_test_compare_add (item, records, "b", bodies[0], "李四", 1);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  target = find_label (view, "differs", "李四");
  g_assert_nonnull (target);
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  pr_test_wait_frames (view, 1);

  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  pr_test_wait_frames (view, 2);
  assert_marked (view, target);
  button = pr_test_find_widget (view, GTK_TYPE_BUTTON, "next-difference");
  g_assert_nonnull (button);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);

  g_assert_nonnull (gtk_button_get_label (GTK_BUTTON (button)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "(F8)"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Shows a case of three records, one body, each of its own petitioner,
 * in a window it returns in @window; returns the view. */
static GtkWidget *
show_three (PrMapping     *mapping,
            GPtrArray     *records,
            PrClusterItem *item,
            GtkWidget    **window)
{
  GtkWidget *view = pr_compare_view_new ();

  *window = show_window (view, 1000, 700);
  pr_test_compare_add (item, records, "a", bodies[0], "张三", 0);
  pr_test_compare_add (item, records, "b", bodies[0], "李四", 1);
  pr_test_compare_add (item, records, "c", bodies[0], "王五", 2);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  return view;
}

/* F8 from one differing record to the next and round again: the cells
 * of the difference shown before are replaced by the next record's, and
 * no warning comes from GTK on the way (a focused label removed stays
 * the window's focus until the next focus change, which may free it). */
static void
test_next_difference_record_to_record (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *window;
  GtkWidget *view = show_three (mapping, records, item, &window);
  GtkWidget *target;

  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
      pr_test_wait_frames (view, 2);
      target = find_label (view, "differs", "李四");
      g_assert_nonnull (target);
      assert_marked (view, target);
      g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
      pr_test_wait_frames (view, 2);
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "c");
      target = find_label (view, "differs", "王五");
      g_assert_nonnull (target);
      assert_marked (view, target);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F8 past the last difference of the record judged goes on to the next
 * record that differs, far along a case of copies: that record is judged
 * beside the primary, its card scrolled into the strip's view, and its
 * difference into the view. */
static void
next_difference_far (gboolean at_once)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900, 700);
  GtkWidget *target, *strip;

  for (guint m = 1; m <= 40; m++)
    {
      g_autofree char *id = g_strdup_printf ("f%u", m);

      pr_test_compare_add (item, records, id, bodies[0], m == 40 ? "李四" : "张三", 0);
    }
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  if (!at_once)
    pr_test_wait_frames (view, 3);
  g_assert_null (find_label (view, "differs", "李四"));

  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  for (guint frame = 0; frame < 120 && ((target = find_label (view, "differs", "李四")) == NULL
                                         || !in_view (view, target)); frame++)
    pr_test_wait_frames (view, 1);
  g_assert_nonnull (target);
  g_assert_true (in_view (view, target));
  assert_marked (view, target);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "f40");
  strip = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller");
  g_assert_nonnull (strip);
  g_assert_true (card_comes_in_view (view, strip, "f40"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_next_difference_far (void)
{
  next_difference_far (FALSE);
}

/* The same, F8 pressed as the case opens, before the strip has a card or
 * a size: its scroll to the far card must still come. */
static void
test_next_difference_far_at_once (void)
{
  next_difference_far (TRUE);
}

/* Scrolls @scroller by @dx as a wheel or touchpad does: the "scroll"
 * of its scroll controllers, those that see the event first first. */
static void
user_scroll (GtkWidget *scroller,
             double     dx)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (scroller);

  for (int capture = 1; capture >= 0; capture--)
    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
        gboolean handled = FALSE;

        if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller) &&
            (gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE) == capture)
          g_signal_emit_by_name (controller, "scroll", dx, 0.0, &handled);
      }
}

/* Drags the scroll bar of @scroller to @value: a press seen by the
 * gestures that see it first, then the adjustment moved as the scroll
 * bar's drag moves it. */
static void
user_drag (GtkWidget *scroller,
           double     value)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (scroller);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) && gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        g_signal_emit_by_name (controller, "pressed", 1, 10.0, 10.0);
    }
  gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller)), value);
}

/* A record far along a long case is chosen while its cards are still
 * coming; the clerk then scrolls the strip by hand (@drag: by its scroll
 * bar, else by the wheel). The strip stays where the clerk put it as the
 * cards come and after: it does not pull them back to the card chosen.
 * That record is still the one judged. */
static void
strip_stays_where_scrolled (gboolean drag)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "u", 1000, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900, 700);
  GtkWidget *strip;
  GtkAdjustment *hadjustment;
  GListModel *cards;
  double put;

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  strip = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller");
  hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (strip));
  cards = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (pr_test_find_widget (view, GTK_TYPE_LIST_VIEW,
                                                                                        "member-strip"))));
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  /* The strip has cards wider than it, while more may still come. */
  for (guint i = 0; i < 1000 && gtk_adjustment_get_upper (hadjustment) <= gtk_adjustment_get_page_size (hadjustment);
       i++)
    pr_test_wait_frames (view, 1);
  /* The card chosen is not in view yet. */
  g_assert_true (find_card (view, "u1000") == NULL || !in_view (strip, find_card (view, "u1000")));

  if (drag)
    user_drag (strip, 300);
  else
    user_scroll (strip, 3);
  /* Scrolled past the primary's card, the strip pins it at its left and
   * narrows the list by it, which keeps its first card in place. */
  pr_test_wait_frames (view, 3);
  put = gtk_adjustment_get_value (hadjustment);
  g_assert_cmpfloat (put, >, 0);
  /* Until the list has every card's place, then long after. */
  for (guint i = 0; i < 2000 && g_list_model_get_n_items (cards) < 1000; i++)
    pr_test_wait_frames (view, 1);
  g_assert_cmpuint (g_list_model_get_n_items (cards), ==, 1000);
  pr_test_wait_frames (view, 60);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (hadjustment), put, 0.5);
  g_assert_true (find_card (view, "u1000") == NULL || !in_view (strip, find_card (view, "u1000")));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u1000");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_strip_stays_where_scrolled (void)
{
  strip_stays_where_scrolled (FALSE);
}

static void
test_strip_stays_where_dragged (void)
{
  strip_stays_where_scrolled (TRUE);
}

/* Whether @label's attributes mark exactly bytes [@start, @end) with an
 * attribute of @type, and no others. */
static gboolean
marks_exactly (GtkWidget      *label,
               PangoAttrType   type,
               gsize           start,
               gsize           end)
{
  PangoAttrList *attrs = gtk_label_get_attributes (GTK_LABEL (label));
  g_autoptr(GSList) list = attrs != NULL ? pango_attr_list_get_attributes (attrs) : NULL;
  gboolean found = FALSE;

  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->klass->type == type)
        {
          if (attr->start_index != start || attr->end_index != end || found)
            found = 2;
          else
            found = TRUE;
        }
    }
  g_slist_free_full (g_steal_pointer (&list), (GDestroyNotify) pango_attribute_destroy);
  return found == TRUE;
}

/* The sample's defect: a record that leaves out the primary's last
 * sentence showed nothing. Now the sentence is put back in place, struck
 * through; a sentence added is underlined; the legend says so; and the
 * field says it to a screen reader. */
static void
test_removed_words_marked (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  const char *kept = "我要投诉。";
  const char *dropped = "工资拖欠三个月。";
  g_autofree char *primary = g_strconcat (kept, dropped, NULL);
  const char *added = "请尽快处理。";
  g_autofree char *third = g_strconcat (kept, dropped, added, NULL);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1200, 700);
  GtkWidget *label;

  pr_test_compare_add (item, records, "a", primary, "张三", 0);
  pr_test_compare_add (item, records, "b", kept, "张三", 5);
  pr_test_compare_add (item, records, "c", third, "张三", 3);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 2);

  /* b: its own text with the dropped sentence back, struck through
   * (before, b's text alone, "我要投诉。", unmarked). */
  label = find_label (view, "words-differ", "");
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, primary);
  g_assert_true (gtk_widget_get_visible (pr_test_find_widget (view, GTK_TYPE_LABEL, "compare-legend")));
  g_assert_true (marks_exactly (label, PANGO_ATTR_STRIKETHROUGH, strlen (kept), strlen (primary)));
  g_assert_true (marks_exactly (label, PANGO_ATTR_UNDERLINE, 0, 0) == FALSE);
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                     "differs from the primary: 0 passages added (underlined), "
                                                     "1 dropped from the primary (struck through)"));

  /* c: the sentence it adds underlined, nothing struck through. */
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
  pr_test_wait_frames (view, 2);
  label = find_label (view, "words-differ", "");
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, third);
  g_assert_true (marks_exactly (label, PANGO_ATTR_UNDERLINE, strlen (primary), strlen (third)));
  g_assert_false (marks_exactly (label, PANGO_ATTR_STRIKETHROUGH, 0, 0));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The verdict as a badge, in words, on the judged record's header and on
 * its card in the strip. */
static void
test_verdict_badges (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "v", 4, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1400, 700);
  struct { const char *id; PrMemberState state; const char *badge, *css_class; } cases[] = {
    { "v2", PR_MEMBER_REPEAT, "Repeat", "badge-repeat" },
    { "v3", PR_MEMBER_NOT_REPEAT, "Not a repeat", "badge-not-repeat" },
    { "v4", PR_MEMBER_UNDECIDED, "Undecided", "badge-undecided" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    pr_cluster_item_get_member (item, i + 1)->state = cases[i].state;
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  g_assert_nonnull (find_label (pr_test_find_widget (view, GTK_TYPE_GRID, "compare-pinned"), "badge-primary",
                                "Primary"));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *grid = pr_test_find_widget (view, GTK_TYPE_GRID, "compare-pinned");
      GtkWidget *card;

      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, cases[i].id);
      g_assert_nonnull (find_label (grid, cases[i].css_class, cases[i].badge));
      card = gtk_widget_get_parent (wait_card (view, cases[i].id));
      g_assert_nonnull (find_label (card, cases[i].css_class, cases[i].badge));
      pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
      pr_test_wait_frames (view, 2);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+U goes to the next undecided record, round the end; with
 * advance-after-decision, a verdict on the record judged goes on to the
 * next undecided one when the case is shown again, and without it stays. */
static void
test_next_undecided (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "u", 6, records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1200, 700);
  const PrMemberState states[] = { PR_MEMBER_UNDECIDED, PR_MEMBER_REPEAT, PR_MEMBER_UNDECIDED,
                                   PR_MEMBER_NOT_REPEAT, PR_MEMBER_UNDECIDED, PR_MEMBER_REPEAT };

  for (guint m = 0; m < G_N_ELEMENTS (states); m++)
    pr_cluster_item_get_member (item, m)->state = states[m];
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 2);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u2");
  g_assert_true (pr_compare_view_select_next_undecided (PR_COMPARE_VIEW (view)));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u3");
  g_assert_true (pr_compare_view_select_next_undecided (PR_COMPARE_VIEW (view)));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u5");
  /* Round the end, past the primary. */
  g_assert_true (pr_compare_view_select_next_undecided (PR_COMPARE_VIEW (view)));
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u3");

  /* Off (the default): the record decided stays, with its new badge. */
  g_assert_false (pr_compare_view_get_advance_after_decision (PR_COMPARE_VIEW (view)));
  pr_cluster_item_get_member (item, 2)->state = PR_MEMBER_REPEAT;
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 2);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u3");
  g_assert_nonnull (find_label (pr_test_find_widget (view, GTK_TYPE_GRID, "compare-pinned"), "badge-repeat",
                                "Repeat"));
  /* Its card in the strip too, the strip kept as it was. */
  g_assert_nonnull (find_label (gtk_widget_get_parent (wait_card (view, "u3")), "badge-repeat", "Repeat"));

  /* On: the next undecided record. */
  g_object_set (view, "advance-after-decision", TRUE, NULL);
  pr_cluster_item_get_member (item, 2)->state = PR_MEMBER_UNDECIDED;
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u3");
  pr_cluster_item_get_member (item, 2)->state = PR_MEMBER_NOT_REPEAT;
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 2);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u5");
  g_assert_true (in_view (pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller"),
                          wait_card (view, "u5")));

  /* The last undecided decided: nowhere to go, it stays. */
  pr_cluster_item_get_member (item, 4)->state = PR_MEMBER_REPEAT;
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "u5");
  g_assert_false (pr_compare_view_select_next_undecided (PR_COMPARE_VIEW (view)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The primary and the field names stay at the left; the next cluster
 * opens on its first record beside its primary. */
static void
test_primary_pinned (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(GPtrArray) other_records = new_records ();
  g_autoptr(PrClusterItem) item = make_cluster (1, "p", 30, records);
  g_autoptr(PrClusterItem) other = make_cluster (2, "q", 30, other_records);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 900, 700);
  GtkWidget *scroller;

  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  scroller = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "compare-scroller");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 20);
  pr_test_wait_frames (view, 3);
  g_assert_true (in_view (scroller, find_label (view, "record-title", "p22 ·")));
  g_assert_true (in_view (scroller, find_label (view, "record-title", "★ Primary · p1")));
  g_assert_true (in_view (scroller, find_label (view, "field-name", "body")));
  g_assert_true (in_view (scroller, find_label (view, "field-name", "petitioner")));

  pr_compare_view_show (PR_COMPARE_VIEW (view), other, mapping, NULL, other_records);
  pr_test_wait_frames (view, 4);
  g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "q2");
  g_assert_true (in_view (scroller, find_label (view, "record-title", "★ Primary · q1")));
  g_assert_true (in_view (scroller, find_label (view, "record-title", "q2 ·")));
  g_assert_true (in_view (pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "member-strip-scroller"),
                          wait_card (view, "q2")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* "Why they match" names the shared words heaviest first without the
 * function words, as the primary writes them (counted by hand as in
 * test-explain-words.c: 工資 2, then ＡＢＣ and 拖欠 1). */
static void
test_explanation_words (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1200, 700);

  pr_test_compare_add (item, records, "a", "的，的，的，的，不，不，不，好，好，工資，工資，拖欠，ＡＢＣ，宿舍", NULL, 0);
  pr_test_compare_add (item, records, "b", "的，的，的，不，不，好，工资，工资，工资，拖欠，拖欠，abc，食堂", NULL, 4);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  /* Made after the record's frame is painted: not before. */
  g_assert_false (pr_compare_view_get_explained (PR_COMPARE_VIEW (view)));
  while (!pr_compare_view_get_explained (PR_COMPARE_VIEW (view)))
    pr_test_wait_frames (view, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (pr_test_find_widget (view, GTK_TYPE_LABEL, "explanation-shared"))),
                   ==, "工資 ×2, ＡＢＣ, 拖欠");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (pr_test_find_widget (view, GTK_TYPE_LABEL,
                                                                        "explanation-only-primary"))), ==, "宿舍");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's menu toggle: its state goes to the compare view and to
 * the settings, and a new window starts from the settings. */
static void
test_advance_toggle (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *view = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "advance-after-decision");
  g_autoptr(GVariant) state = NULL;

  g_settings_reset (settings, "advance-after-decision");
  g_assert_nonnull (action);
  state = g_action_get_state (action);
  g_assert_false (g_variant_get_boolean (state));
  g_assert_false (pr_compare_view_get_advance_after_decision (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.advance-after-decision", NULL));
  g_assert_true (pr_compare_view_get_advance_after_decision (view));
  g_assert_true (g_settings_get_boolean (settings, "advance-after-decision"));
  pr_test_close_and_finalize (window);

  window = pr_window_new (NULL);
  view = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_assert_true (pr_compare_view_get_advance_after_decision (view));
  pr_test_close_and_finalize (window);
  g_settings_reset (settings, "advance-after-decision");
}

/* Dates in UTC ("Z"), as the record set reads them: on the office's
 * clock (+08:00), so 16:00 UTC starts the office's next day. The gap
 * under the judged record's date counts the office's days, says which
 * way, and one instant written two ways is not marked as differing.
 * Days counted by hand on Beijing time. */
static void
test_date_gap_office_days (void)
{
  static const char *const dates[] = {
    "2024-03-01T17:30:00Z",      /* primary: 03-02 01:30 in the office */
    "2024-03-02T15:00:00Z",      /* 03-02 23:00: the same day */
    "2024-03-01T01:00:00Z",      /* 03-01 09:00: a day earlier */
    "2024-03-01T17:30:00+00:00", /* the primary's instant, written otherwise */
    "2024-03-17T17:30:00Z",      /* 03-18 01:30: 16 days later */
  };
  static const char *const gaps[] = {
    NULL,
    "the same day as the primary",
    "1 day earlier than the primary",
    "the same date as the primary, written differently",
    "16 days later than the primary",
  };
  g_autoptr(GString) csv = g_string_new ("id,body,submitted_at\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1400, 700);

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    g_string_append_printf (csv, "d%u,%s,%s\n", i, bodies[0], dates[i]);
  set = pr_test_load_id_body_csv_full (csv->str, "submitted_at", PR_COLUMN_ROLE_DATE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autofree char *id = g_strdup_printf ("d%u", i);
      GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
      guint record = 0;

      while (record < set->n_records && g_strcmp0 (set->ids->pdata[record], id) != 0)
        record++;
      g_assert_cmpuint (record, <, set->n_records);
      g_ptr_array_add (values, g_strdup (id));
      g_ptr_array_add (values, g_strdup (bodies[0]));
      g_ptr_array_add (values, g_strdup (dates[i]));
      g_ptr_array_add (records, values);
      pr_cluster_item_add_member (item, id, record, 1);
    }
  pr_cluster_item_read_set (item, set);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 2);
  for (guint i = 1; i < G_N_ELEMENTS (dates); i++)
    {
      g_autofree char *prefix = g_strdup_printf ("d%u ·", i);
      GtkWidget *caption;
      GtkWidget *date;

      while (!g_str_has_prefix (judged_title (view), prefix))
        pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
      pr_test_wait_frames (view, 1);
      caption = find_label (view, "day-gap", "");
      g_assert_nonnull (caption);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (caption)), ==, gaps[i]);
      date = gtk_widget_get_prev_sibling (caption);
      g_assert_true (GTK_IS_LABEL (date));
      /* The same instant: shown as written, neither marked nor styled
       * as a difference. */
      g_assert_true (gtk_widget_has_css_class (date, "differs") == (i != 3));
      if (i == 3)
        {
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (date)), ==, dates[i]);
          g_assert_null (gtk_label_get_attributes (GTK_LABEL (date)));
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* F8 from a record whose difference is at the top of a long text (c's
 * body) round to one whose difference lies below it (b's petitioner):
 * the petitioner is placed before the long texts above it have their
 * height, so its first place is not its last; once the layout settles
 * it is in view, and stays so. */
static void
test_next_difference_settles_in_view (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GString *body = g_string_new (NULL), *longer;
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view, 1000, 700);
  GtkWidget *target, *scroller;

  for (guint i = 0; i < 100; i++)
    g_string_append (body, bodies[0]);
  longer = g_string_new (body->str);
  g_string_append (longer, "另外我还要反映一个新的情况。");
  pr_test_compare_add (item, records, "a", body->str, "张三", 0);
  pr_test_compare_add (item, records, "b", body->str, "李四", 1);
  pr_test_compare_add (item, records, "c", longer->str, "张三", 1);
  g_string_free (body, TRUE);
  g_string_free (longer, TRUE);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  scroller = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "compare-scroller");
  g_assert_nonnull (scroller);
  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "b");
      pr_test_wait_frames (view, 30);
      target = find_label (view, "current-difference", "");
      g_assert_nonnull (target);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (target)), ==, "李四");
      g_assert_true (in_view (scroller, target));
      g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), ==, "c");
      pr_test_wait_frames (view, 30);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The clerk clicks into the judged record's text (a selectable label
 * takes the focus, to copy from it), then goes to another record, by
 * choosing it and by F8 past its last difference: its cells are
 * replaced with no warning from GTK (a critical on the freed label), and
 * the focus stays in the window, out of the cells removed. */
static void
focus_in_text_then_other_record (gboolean by_next_difference)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = new_records ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GtkWidget *window;
  GtkWidget *view = show_three (mapping, records, item, &window);

  for (guint round = 0; round < 4; round++)
    {
      g_autofree char *was = g_strdup (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)));
      GtkWidget *text = find_label (view, "differs", "");
      GtkWidget *focus;

      g_assert_nonnull (text);
      g_assert_true (gtk_widget_grab_focus (text));
      pr_test_wait_frames (view, 1);
      if (by_next_difference)
        while (g_strcmp0 (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), was) == 0)
          g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
      else
        pr_compare_view_select_member (PR_COMPARE_VIEW (view), g_strcmp0 (was, "b") == 0 ? 1 : -1);
      pr_test_wait_frames (view, 2);
      g_assert_cmpstr (pr_compare_view_get_selected_id (PR_COMPARE_VIEW (view)), !=, was);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_true (focus == NULL || gtk_widget_get_root (focus) == GTK_ROOT (window));
      /* The next focus change, where the freed label was asked after. */
      gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD);
      pr_test_wait_frames (view, 2);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_focus_in_text_then_other_record (void)
{
  focus_in_text_then_other_record (FALSE);
}

static void
test_focus_in_text_then_next_difference (void)
{
  focus_in_text_then_other_record (TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  /* A fixed English locale: the tests read the labels. */
  gtk_test_init (&argc, &argv, NULL);
  if (gdk_display_get_default () == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  g_test_add_func ("/app/compare-view/strip-click-chooses", test_strip_click_chooses);
  g_test_add_func ("/app/compare-view/far-record-in-view", test_far_record_in_view);
  g_test_add_func ("/app/compare-view/strip-starts-at-primary", test_strip_starts_at_primary);
  g_test_add_func ("/app/compare-view/next-difference-in-view", test_next_difference_in_view);
  g_test_add_func ("/app/compare-view/next-difference-keeps-focus", test_next_difference_keeps_focus);
  g_test_add_func ("/app/compare-view/next-difference-record-to-record", test_next_difference_record_to_record);
  g_test_add_func ("/app/compare-view/next-difference-far", test_next_difference_far);
  g_test_add_func ("/app/compare-view/next-difference-far-at-once", test_next_difference_far_at_once);
  g_test_add_func ("/app/compare-view/strip-stays-where-scrolled", test_strip_stays_where_scrolled);
  g_test_add_func ("/app/compare-view/strip-stays-where-dragged", test_strip_stays_where_dragged);
  g_test_add_func ("/app/compare-view/removed-words-marked", test_removed_words_marked);
  g_test_add_func ("/app/compare-view/verdict-badges", test_verdict_badges);
  g_test_add_func ("/app/compare-view/next-undecided", test_next_undecided);
  g_test_add_func ("/app/compare-view/primary-pinned", test_primary_pinned);
  g_test_add_func ("/app/compare-view/explanation-words", test_explanation_words);
  g_test_add_func ("/app/window/advance-toggle", test_advance_toggle);
  g_test_add_func ("/app/compare-view/date-gap-office-days", test_date_gap_office_days);
  g_test_add_func ("/app/compare-view/next-difference-settles-in-view", test_next_difference_settles_in_view);
  g_test_add_func ("/app/compare-view/focus-in-text-then-other-record", test_focus_in_text_then_other_record);
  g_test_add_func ("/app/compare-view/focus-in-text-then-next-difference", test_focus_in_text_then_next_difference);
  return g_test_run ();
}
