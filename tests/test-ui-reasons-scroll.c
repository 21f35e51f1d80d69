/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * "Why they match" scrolls within a bounded height, and on the bundled
 * sample the score's lines lie below that height: the legend that
 * describes them is the last thing in view. The clerk must see that there
 * is more, so the scroller's vertical bar takes room beside the reasons
 * whenever they overflow (not an overlay that shows only under the
 * pointer). The oracle is the layout GTK made: the adjustment's range
 * against its page, and the widths of the reasons and the bar against the
 * scroller's.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-sample-server.h"
#include "pr-score-view.h"
#include "pr-test-ui.h"
#include "pr-window.h"

static void
count_frame (GdkFrameClock *clock,
             gpointer       data)
{
  (*(gint64 *) data)--;
}

/* Lets @window lay out and paint @n frames. */
static void
wait_frames (GtkWidget *window,
             guint      n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gint64 left = n;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &left);

  while (left > 0)
    {
      gtk_widget_queue_draw (window);
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, id);
}

static gboolean
score_drawn (gpointer data)
{
  PrScoreView *view = PR_SCORE_VIEW (pr_test_find_widget (data, PR_TYPE_SCORE_VIEW, "score-view"));

  return view != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)) && pr_score_view_get_n_rows (view) > 1;
}

static void
test_overflow_shown (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrSampleServer) server = pr_sample_server_start (dir, sample, NULL, &error);
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  GtkWidget *bar, *content;
  PrWindow *window;

  g_assert_no_error (error);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1366, 720);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_sample_server_get_params (server), "petitions");
  pr_test_wait_until (score_drawn, window);
  wait_frames (GTK_WIDGET (window), 3);

  scroller = GTK_SCROLLED_WINDOW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SCROLLED_WINDOW,
                                                       "explanation-scroller"));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  g_test_message ("the reasons: %.0f px, %.0f in view", gtk_adjustment_get_upper (adjustment),
                  gtk_adjustment_get_page_size (adjustment));
  /* The premise: the score's lines do not fit. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment) + 1);

  bar = gtk_scrolled_window_get_vscrollbar (scroller);
  content = gtk_scrolled_window_get_child (scroller);
  g_test_message ("scroller %d px wide, reasons %d, bar %d", gtk_widget_get_width (GTK_WIDGET (scroller)),
                  gtk_widget_get_width (content), gtk_widget_get_width (bar));
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_cmpint (gtk_widget_get_width (bar), >, 0);
  /* Beside the reasons, not over them. */
  g_assert_cmpint (gtk_widget_get_width (content) + gtk_widget_get_width (bar), <=,
                   gtk_widget_get_width (GTK_WIDGET (scroller)));

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
  g_test_add_func ("/app/compare/reasons-overflow-shown", test_overflow_shown);
  return g_test_run ();
}
