/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * F8 in the compare view, on its own under a display: in a text longer
 * than the view, the changed words come into view, not only the field's
 * top; and a screen reader is told where F8 went (the focus on the Next
 * Difference button, whose description names the record, the field and
 * how it differs).
 *
 * "In view" is measured apart from how the view scrolls: a widget's
 * bounds in the scrolled window's coordinates against its size.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-mapping.h"
#include "pr-test-ui.h"

#define SENTENCE "公司拖欠我工资三个月，多次讨要无果，请求有关部门帮助解决。"
#define ADDED "另外我还要反映一个新的情况。"

/* The shown label of class @css_class, depth first. */
static GtkWidget *
find_class (GtkWidget  *widget,
            const char *css_class)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Shows two records, the primary's body @times sentences long and the
 * judged one's with ADDED after them, petitioners @a and @b; returns the
 * view, its window in @window. */
static GtkWidget *
show_pair (guint       times,
           const char *a,
           const char *b,
           GtkWidget **window)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  GString *body = g_string_new (NULL);
  GtkWidget *view = pr_compare_view_new ();
  g_autofree char *longer = NULL;

  for (guint i = 0; i < times; i++)
    g_string_append (body, SENTENCE);
  longer = g_strconcat (body->str, ADDED, NULL);
  pr_test_compare_add (item, records, "a", body->str, a, records->len);
  pr_test_compare_add (item, records, "b", longer, b, records->len);
  g_string_free (body, TRUE);
  *window = gtk_window_new ();
  pr_test_add_next_difference_action (*window);
  gtk_window_set_default_size (GTK_WINDOW (*window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  pr_test_wait_frames (view, 3);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  pr_test_wait_frames (view, 3);
  return view;
}

/* A body of 200 sentences, taller than the view, with a sentence added
 * at its very end: after F8 the body's last line, where the added words
 * are, is within the scroller's view (framing the field's top, as for a
 * short field, would leave them pages below). */
static void
test_long_text_changed_words_in_view (void)
{
  GtkWidget *window;
  GtkWidget *view = show_pair (200, "张三", "张三", &window);
  GtkWidget *scroller = pr_test_find_widget (view, GTK_TYPE_SCROLLED_WINDOW, "compare-scroller");
  GtkWidget *target;
  graphene_rect_t bounds;
  double line;

  g_assert_nonnull (scroller);
  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  pr_test_wait_frames (view, 30);
  target = find_class (view, "current-difference");
  g_assert_nonnull (target);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (target)), ADDED));
  g_assert_true (gtk_widget_compute_bounds (target, scroller, &bounds));
  /* Taller than the view: the case this is about. */
  g_assert_cmpfloat (bounds.size.height, >, 2 * gtk_widget_get_height (scroller));
  /* The last line: a line's height below the field's bottom edge. */
  line = bounds.size.height / pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (target)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height - line, >=, -0.5);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroller) + 0.5);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* After F8 the focus is on the Next Difference button (not in the text,
 * which is not selected), and its accessible description says which
 * difference of how many, the record, the field and how it differs; at
 * the next press it says the next. */
static void
test_screen_reader_told (void)
{
  GtkWidget *window;
  GtkWidget *view = show_pair (1, "张三", "李四", &window);
  GtkWidget *button = pr_test_find_widget (view, GTK_TYPE_BUTTON, "next-difference");
  GtkWidget *target;
  char *wrong;
  int start, end;

  g_assert_nonnull (button);
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  pr_test_wait_frames (view, 2);
  target = find_class (view, "current-difference");
  g_assert_nonnull (target);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (target)), ADDED));
  g_assert_false (gtk_label_get_selection_bounds (GTK_LABEL (target), &start, &end));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                              "Difference 1 of 2, record b: body, differs from the primary: "
                                              "1 passages added (underlined), 0 dropped from the primary "
                                              "(struck through)");
  g_assert_null (wrong);

  g_assert_true (pr_compare_view_next_difference (PR_COMPARE_VIEW (view)));
  pr_test_wait_frames (view, 2);
  target = find_class (view, "current-difference");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (target)), ==, "李四");
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                              "Difference 2 of 2, record b: petitioner, differs from the primary");
  g_assert_null (wrong);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  if (gdk_display_get_default () == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  g_test_add_func ("/app/compare-view/difference/long-text-changed-words-in-view",
                   test_long_text_changed_words_in_view);
  g_test_add_func ("/app/compare-view/difference/screen-reader-told", test_screen_reader_told);
  return g_test_run ();
}
