/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The cluster list on a 1366×768 screen, in the language the test is run
 * in (meson runs it in English and in Chinese, the catalogue from the
 * build tree): with a case open in a window of 1366×720, the list is
 * given at least the width its columns need, so that no heading, date or
 * state is cut. The oracle is GTK's own measure of the list against the
 * width it is given; and every cell's text and every heading whole in
 * the room its column is given, the list ordered by each column in turn
 * (the columns have widths fixed from their measured texts). The oracle
 * there is each label's own measure against its allocation.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"

#define SCREEN_WIDTH  1366
#define USABLE_HEIGHT 720

/* The first label at @widget or below it. */
static GtkWidget *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = first_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* In @row (the header, or a row of cells), each child's content at its
 * natural width ends before the next child begins (or the row ends):
 * nothing drawn over or cut off. GTK gives a widget its least width even
 * where its parent has less room, so the widths given say nothing: the
 * places do. @whole: the child itself is the content (a heading), else
 * the label in it (a cell's text; an ellipsized one may be shortened).
 * Returns how many were checked. */
static guint
assert_row_whole (GtkWidget  *row,
                  gboolean    whole,
                  const char *where)
{
  guint checked = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *content = whole ? child : first_label (child);
      GtkWidget *next = gtk_widget_get_next_sibling (child);
      graphene_rect_t bounds, next_bounds;
      float limit = gtk_widget_get_width (row);
      int natural = 0;

      while (next != NULL && !gtk_widget_get_visible (next))
        next = gtk_widget_get_next_sibling (next);
      if (!gtk_widget_get_visible (child) || content == NULL
          || (GTK_IS_LABEL (content) && gtk_label_get_ellipsize (GTK_LABEL (content)) != PANGO_ELLIPSIZE_NONE)
          || !gtk_widget_compute_bounds (content, row, &bounds))
        continue;
      if (next != NULL && gtk_widget_compute_bounds (next, row, &next_bounds))
        limit = next_bounds.origin.x;
      gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      if (bounds.origin.x + natural > limit + 0.5)
        g_error ("%s: \"%s\" needs %d pixels from %.0f, and the next column begins at %.0f", where,
                 gtk_label_get_text (GTK_LABEL (first_label (content))), natural, bounds.origin.x, limit);
      checked++;
    }
  return checked;
}

/* The headings and every row made: see assert_row_whole(). */
static guint
assert_list_whole (GtkColumnView *view,
                   const char    *where)
{
  GtkWidget *list = NULL;
  guint checked;

  checked = assert_row_whole (gtk_widget_get_first_child (GTK_WIDGET (view)), TRUE, where);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL && list == NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      list = child;
  g_assert_nonnull (list);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_mapped (row))
      checked += assert_row_whole (row, FALSE, where);
  return checked;
}

/* Iterates until @view has painted two more frames. */
static void
count_frame (GdkFrameClock *clock,
             guint         *frames)
{
  (*frames)++;
}

static void
wait_two_frames (GtkWidget *view)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (view);
  guint frames = 0;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);

  gtk_widget_queue_draw (view);
  while (frames < 2)
    {
      g_main_context_iteration (NULL, TRUE);
      gtk_widget_queue_draw (view);
    }
  g_signal_handler_disconnect (clock, handler);
}

/* Under AddressSanitizer, which the ui suite runs with whole stacks taken
 * at every allocation, each order takes minutes: there the list is checked
 * in the order it opens in, and every order in the plain build. */
#if defined(__SANITIZE_ADDRESS__)
#define EVERY_ORDER FALSE
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EVERY_ORDER FALSE
#endif
#endif
#ifndef EVERY_ORDER
#define EVERY_ORDER TRUE
#endif

/* Ordered by each column: no text or heading cut. */
static void
assert_every_order_whole (GtkColumnView *view)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  if (!EVERY_ORDER)
    {
      g_test_message ("under AddressSanitizer: the opening order only");
      wait_two_frames (GTK_WIDGET (view));
      g_assert_cmpuint (assert_list_whole (view, "as opened"), >, 8 * 10);
      return;
    }

  /* Each way alternately: the largest values of one column, the least
   * of the next. */
  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      GtkSortType order = c % 2 == 0 ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);
      g_autofree char *where = g_strdup_printf ("ordered by %s", gtk_column_view_column_get_title (column));
      guint checked;

      gtk_column_view_sort_by_column (view, column, order);
      pr_test_wait_until (pr_test_list_settled, view);
      wait_two_frames (GTK_WIDGET (view));
      checked = assert_list_whole (view, where);
      /* The headings and at least a screenful of cells. */
      g_assert_cmpuint (checked, >, 8 * 10);
    }
}

static void
test_list_fits (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autoptr(PrSampleServer) server = NULL;
  PrWindow *window;
  GtkColumnView *view;
  int list_min = 0, window_nat = 0;

  /* Run in Chinese, the window must speak it. */
  if (g_str_has_prefix (g_get_language_names ()[0], "zh") &&
      g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    {
      g_test_skip ("the zh_CN catalogue is not built");
      return;
    }
  server = pr_test_start_sample_server (dir);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), SCREEN_WIDTH, USABLE_HEIGHT);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_HORIZONTAL, -1, &list_min, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &window_nat, NULL, NULL);
  g_test_message ("%s: the list needs %d pixels and is given %d; the window is %d wide (%d at its natural width)",
                  g_get_language_names ()[0], list_min, gtk_widget_get_width (GTK_WIDGET (view)),
                  gtk_widget_get_width (GTK_WIDGET (window)), window_nat);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, SCREEN_WIDTH);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >=, list_min);
  assert_every_order_whole (view);

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  pr_test_ui_use_locale (g_getenv ("PR_TEST_LOCALEDIR"));
  /* Chinese asked for but English read would measure English twice. */
  if (g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "zh") &&
      g_strcmp0 (dgettext (GETTEXT_PACKAGE, "Cancel"), "Cancel") == 0)
    g_error ("the zh_CN catalogue is not built in %s, or the locale is C", g_getenv ("PR_TEST_LOCALEDIR"));
  g_test_add_func ("/app/review-page/list-fits-small-screen", test_list_fits);
  return g_test_run ();
}
