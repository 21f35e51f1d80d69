/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-ui: the application's targets in figures (not a test: it prints,
 * it does not judge). Under a display (build-aux/bench-ui runs Xvfb):
 *   compare         a case of 1,000 records with bodies of 2,000 characters:
 *                   from choosing it to the painted compare view, and each
 *                   compare action (a record chosen in the strip, Alt+→,
 *                   the next undecided, a verdict's showing again)
 *   list [N]        the cluster list with N clusters (default 100,000):
 *                   each step down, as the arrow key does, to its painted frame
 *   open [ROUNDS]   a case of 6 records and one of 1,000 opened as choosing
 *                   it does, each ROUNDS times (default 10): the time to the
 *                   settled compare view, this process's and the server's
 *                   processor time
 *   scan [ROWS]     a scan of ROWS generated petitions (default 1,000,000)
 *                   from a private server through the window: the longest
 *                   time the main loop was blocked, and how long it took
 *   petitions CSV   the real petitions (records.csv of petitions-zh) through
 *                   the window: the cluster list ordered by each column,
 *                   each way, and the next unreviewed case while an order
 *                   still reaches the list: the longest turn of each; then
 *                   every review action on its largest case, as in review
 *   review [ROWS]   every review action on a case of 1,000 records, in a
 *                   window on a private server with 200 cases of two (or
 *                   ROWS records, the rest in cases of two):
 *                   choosing the case, a record in the strip, the next
 *                   difference, Ctrl+R, Ctrl+D, make primary, a split, undo,
 *                   a note, the filters, search, each order, the risk queue,
 *                   an export and the threshold preview; for each, the main loop's worst turn
 *                   and how many turns took over 50 ms (BENCH_TURNS=1
 *                   lists every turn over 30 ms, to find it in a profile)
 *   unsure [ROWS]   the "needs a judgement" queue of the window of review
 *                   [ROWS]: listed, then three verdicts in it, each
 *                   listed again; the main loop's worst turn of each
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-bench-sample.h"
#include "pr-sample-server.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-test-util.h"
#include "pr-test-ui.h"
#include "pr-review-page.h"
#include "pr-unsure-dialog.h"
#include "pr-window.h"

#include "bench-ui.h"

static guint64 frames;

static void
count_frame (GdkFrameClock *clock,
             gpointer       user_data)
{
  frames++;
}

/* Where a long frame spent its time. Each mark runs after GTK's own
 * handler of the phase (connected earlier), so "layout" is the frame's
 * update and layout, "paint" its snapshot and drawing, "after" the
 * hand-over to the display server. */
enum { PHASE_BEFORE, PHASE_LAYOUT, PHASE_PAINT, PHASE_AFTER, N_PHASES };
static gint64 phase_at[N_PHASES];

static void
mark_phase (GdkFrameClock *clock,
            gpointer       user_data)
{
  guint phase = GPOINTER_TO_UINT (user_data);

  phase_at[phase] = g_get_monotonic_time ();
  if (phase == PHASE_AFTER && phase_at[PHASE_BEFORE] != 0
      && phase_at[PHASE_AFTER] - phase_at[PHASE_BEFORE] > 30000)
    printf ("  a frame of %.0f ms: layout %.0f, paint %.0f, after %.0f\n",
            (phase_at[PHASE_AFTER] - phase_at[PHASE_BEFORE]) / 1e3,
            (phase_at[PHASE_LAYOUT] - phase_at[PHASE_BEFORE]) / 1e3,
            (phase_at[PHASE_PAINT] - phase_at[PHASE_LAYOUT]) / 1e3,
            (phase_at[PHASE_AFTER] - phase_at[PHASE_PAINT]) / 1e3);
}

/* Iterates until the next frame is painted; returns the milliseconds. */
double
until_painted (void)
{
  guint64 seen = frames;
  gint64 start = g_get_monotonic_time ();

  while (frames == seen)
    g_main_context_iteration (NULL, TRUE);
  return (g_get_monotonic_time () - start) / 1e3;
}

static void
spin (double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
}

static void
watch_frames (GtkWidget *window)
{
  GdkFrameClock *clock;

  gtk_window_present (GTK_WINDOW (window));
  spin (0.5);
  clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), NULL);
  g_signal_connect (clock, "before-paint", G_CALLBACK (mark_phase), GUINT_TO_POINTER (PHASE_BEFORE));
  g_signal_connect (clock, "layout", G_CALLBACK (mark_phase), GUINT_TO_POINTER (PHASE_LAYOUT));
  g_signal_connect (clock, "paint", G_CALLBACK (mark_phase), GUINT_TO_POINTER (PHASE_PAINT));
  g_signal_connect (clock, "after-paint", G_CALLBACK (mark_phase), GUINT_TO_POINTER (PHASE_AFTER));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
print_times (const char *what,
             GArray     *times)
{
  if (times->len == 0)
    return;
  g_array_sort (times, compare_doubles);
  printf ("%s: median %.1f ms, p99 %.1f ms, max %.1f ms (%u samples)\n", what,
          g_array_index (times, double, times->len / 2), g_array_index (times, double, times->len * 99 / 100),
          g_array_index (times, double, times->len - 1), times->len);
}

/* The main thread's processor time: a gap it spent running is its own
 * work; the rest it waited, for the display server or a free core. */
gint64
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Sentences of the sample petitions, for bodies. */
static GPtrArray *
sample_sentences (void)
{
  g_autofree char *path = pr_sample_server_find_csv ();
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, NULL);
  GPtrArray *sentences = g_ptr_array_new_with_free_func (g_free);
  int body;

  g_assert_nonnull (reader);
  g_assert_true (pr_csv_reader_next (reader, NULL, NULL));
  body = pr_csv_reader_find_field (reader, "body");
  while (pr_csv_reader_next (reader, NULL, NULL))
    {
      g_auto(GStrv) parts = g_strsplit (pr_csv_reader_get_field (reader, body, NULL), "。", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        if (parts[i][0] != '\0')
          g_ptr_array_add (sentences, g_strconcat (parts[i], "。", NULL));
    }
  return sentences;
}

static char *
body_of (GPtrArray *sentences,
         GRand     *rand,
         guint      chars)
{
  GString *body = g_string_new (NULL);

  while (g_utf8_strlen (body->str, -1) < (glong) chars)
    g_string_append (body, sentences->pdata[g_rand_int_range (rand, 0, sentences->len)]);
  return g_string_free (body, FALSE);
}

/* The main thread's processor time at the start of the action measured:
 * on a loaded machine the wall clock says more about the other programs. */
static gint64 action_cpu;
static GArray *action_cpu_times;

/* Iterates until the view's next frame is painted, after @start; the
 * milliseconds from @start. Notes the main thread's own time since
 * action_cpu in action_cpu_times. */
static GtkWidget *explained_view;
static GArray *explain_cpu_times;

static double
painted_since (gint64 start)
{
  double cpu, t;

  until_painted ();
  cpu = (thread_cpu_time () - action_cpu) / 1e3;
  g_array_append_val (action_cpu_times, cpu);
  t = (g_get_monotonic_time () - start) / 1e3;
  /* "Why they match" follows in a frame of its own: its time apart. */
  if (explained_view != NULL && !pr_compare_view_get_explained (PR_COMPARE_VIEW (explained_view)))
    {
      gint64 explain_cpu = thread_cpu_time ();

      while (!pr_compare_view_get_explained (PR_COMPARE_VIEW (explained_view)))
        g_main_context_iteration (NULL, TRUE);
      until_painted ();
      cpu = (thread_cpu_time () - explain_cpu) / 1e3;
      g_array_append_val (explain_cpu_times, cpu);
    }
  return t;
}

#define START_ACTION(cpu_times) \
  (action_cpu_times = (cpu_times), action_cpu = thread_cpu_time (), g_get_monotonic_time ())

typedef struct {
  gint64 last;
  gint64 last_cpu;
  gint64 longest;
  gint64 longest_at;   /* when the longest gap ended */
  gint64 longest_cpu;  /* how much of it the main thread ran */
  gint64 most_cpu;     /* the most the main thread ran in any gap */
  GArray *long_gaps;   /* (end, length, ran) of every gap over 30 ms */
} Blocking;

static gboolean
tick (gpointer data)
{
  Blocking *blocking = data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_time ();

  if (blocking->last != 0 && now - blocking->last > blocking->longest)
    {
      blocking->longest = now - blocking->last;
      blocking->longest_at = now;
      blocking->longest_cpu = cpu - blocking->last_cpu;
    }
  if (blocking->last != 0 && cpu - blocking->last_cpu > blocking->most_cpu)
    blocking->most_cpu = cpu - blocking->last_cpu;
  if (blocking->last != 0 && now - blocking->last > 30000)
    {
      gint64 gap[3] = { now, now - blocking->last, cpu - blocking->last_cpu };

      g_array_append_vals (blocking->long_gaps, gap, 1);
    }
  blocking->last = now;
  blocking->last_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

#define CASE_SIZE 1000

static int
bench_compare (void)
{
  g_autoptr(GPtrArray) sentences = sample_sentences ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (1, FALSE, "subject", 0);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GArray) show_built = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) show_painted = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) strip_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) next_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undecided_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) decided_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) show_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) strip_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) next_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) undecided_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) decided_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) explain_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) show_turn_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *base = body_of (sentences, rand, 2000);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = pr_compare_view_new ();
  GtkSingleSelection *strip;

  pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL);
  pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL);
  pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL);
  for (guint m = 0; m < CASE_SIZE; m++)
    {
      GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
      GString *body = g_string_new (base);

      /* Each copy with a few sentences changed: a realistic repeat. */
      for (guint e = 0; e < m % 4; e++)
        {
          glong at = g_rand_int_range (rand, 0, g_utf8_strlen (body->str, -1));

          g_string_insert (body, g_utf8_offset_to_pointer (body->str, at) - body->str,
                           sentences->pdata[g_rand_int_range (rand, 0, sentences->len)]);
        }
      /* And one in five with a sentence dropped. */
      if (m % 5 == 4)
        {
          char *stop = strstr (body->str, "。");

          if (stop != NULL)
            g_string_erase (body, 0, stop + strlen ("。") - body->str);
        }
      g_ptr_array_add (values, g_strdup_printf ("%u", m + 1));
      g_ptr_array_add (values, g_strdup_printf ("某%u", m % 3));
      g_ptr_array_add (values, g_string_free (body, FALSE));
      g_ptr_array_add (records, values);
      pr_cluster_item_add_member (item, g_ptr_array_index (values, 0), m, m % 12);
      /* Two in three decided already: the undecided are spread out. */
      if (m > 0 && m % 3 != 0)
        pr_cluster_item_get_member (item, m)->state = m % 3 == 1 ? PR_MEMBER_REPEAT : PR_MEMBER_NOT_REPEAT;
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_set_child (GTK_WINDOW (window), view);
  strip = GTK_SINGLE_SELECTION (gtk_list_view_get_model (
    GTK_LIST_VIEW (pr_test_find_widget (view, GTK_TYPE_LIST_VIEW, "member-strip"))));
  watch_frames (window);
  explained_view = view;
  explain_cpu_times = explain_cpu;
  for (guint round = 0; round < 10; round++)
    {
      gint64 start;
      double t;

      {
        /* Then every turn until all the case's cards are made: the
         * most the main thread ran in one of them. */
        Blocking blocking = { 0 };
        g_autoptr(GArray) long_gaps = g_array_new (FALSE, FALSE, 3 * sizeof (gint64));
        guint source;
        double most;

        blocking.long_gaps = long_gaps;
        source = g_timeout_add (5, tick, &blocking);
        spin (0.05);
        blocking.most_cpu = 0;
        start = START_ACTION (show_cpu);
        pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
        t = (g_get_monotonic_time () - start) / 1e3;
        g_array_append_val (show_built, t);
        t = painted_since (start);
        g_array_append_val (show_painted, t);
        while (g_list_model_get_n_items (G_LIST_MODEL (strip)) < CASE_SIZE)
          g_main_context_iteration (NULL, TRUE);
        spin (0.1);
        most = blocking.most_cpu / 1e3;
        g_array_append_val (show_turn_cpu, most);
        g_source_remove (source);
      }

      /* A card chosen in the strip, anywhere along the case. */
      for (guint i = 0; i < 10; i++)
        {
          start = START_ACTION (strip_cpu);
          gtk_single_selection_set_selected (strip, g_rand_int_range (rand, 1, CASE_SIZE));
          t = painted_since (start);
          g_array_append_val (strip_times, t);
        }
      /* Alt+→ and Ctrl+U. */
      for (guint i = 0; i < 10; i++)
        {
          start = START_ACTION (next_cpu);
          pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
          t = painted_since (start);
          g_array_append_val (next_times, t);
          start = START_ACTION (undecided_cpu);
          pr_compare_view_select_next_undecided (PR_COMPARE_VIEW (view));
          t = painted_since (start);
          g_array_append_val (undecided_times, t);
        }
      /* A verdict's part in the view: the case shown again, going on to
       * the next undecided record. */
      g_object_set (view, "advance-after-decision", TRUE, NULL);
      start = START_ACTION (decided_cpu);
      pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
      t = painted_since (start);
      g_array_append_val (decided_times, t);
      g_object_set (view, "advance-after-decision", FALSE, NULL);

      pr_compare_view_clear (PR_COMPARE_VIEW (view), "");
      until_painted ();
    }
  print_times ("Compare view, a case of 1,000 records of 2,000 characters: shown, built", show_built);
  print_times ("Compare view, a case of 1,000 records: shown, first frame painted", show_painted);
  print_times ("Compare view, a case of 1,000 records: a record chosen in the strip, to its painted frame", strip_times);
  print_times ("Compare view, a case of 1,000 records: the next record (Alt+→), to its painted frame", next_times);
  print_times ("Compare view, a case of 1,000 records: the next undecided record (Ctrl+U), to its painted frame",
               undecided_times);
  print_times ("Compare view, a case of 1,000 records: shown again after a verdict, on to the next undecided",
               decided_times);
  print_times ("  the main thread's own time: shown", show_cpu);
  print_times ("  the most the main thread ran in one turn: shown, until every card is made", show_turn_cpu);
  print_times ("  the main thread's own time: a record chosen in the strip", strip_cpu);
  print_times ("  the main thread's own time: Alt+→", next_cpu);
  print_times ("  the main thread's own time: Ctrl+U", undecided_cpu);
  print_times ("  the main thread's own time: shown again after a verdict", decided_cpu);
  print_times ("  the main thread's own time: \"Why they match\", in the frame after", explain_cpu);
  explained_view = NULL;
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

static gboolean
window_idle (gpointer data)
{
  return !pr_window_get_busy (data);
}

static void
wait_for (gboolean (*done) (gpointer), gpointer data)
{
  while (!done (data))
    g_main_context_iteration (NULL, TRUE);
}


static gboolean
columns_listed (gpointer data)
{
  GtkWidget *box = pr_test_find_widget (data, GTK_TYPE_LIST_BOX, "mapping-columns");

  return gtk_widget_get_first_child (box) != NULL;
}

/* Whether scan_through_window () turns "Judge every pair" on (without
 * the settings' schema installed, the window starts with it off). */
static gboolean second_stage;

/* Starts a private server holding @csv, opens a window on it and scans,
 * measuring how long the main loop was ever blocked. */
static PrWindow *
scan_through_window (const char *dir,
                     const char *csv,
                     PrSampleServer **server_out)
{
  g_autoptr(GError) error = NULL;
  PrSampleServer *server;
  PrWindow *window;
  Blocking blocking = { 0 };
  g_autoptr(GArray) long_gaps = g_array_new (FALSE, FALSE, 3 * sizeof (gint64));
  guint source;
  gint64 start, scanned;

  start = g_get_monotonic_time ();
  server = pr_sample_server_start (dir, csv, NULL, &error);
  g_assert_no_error (error);
  printf ("Loaded the private server in %.1f s\n", (g_get_monotonic_time () - start) / 1e6);
  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  if (second_stage)
    g_action_group_change_action_state (G_ACTION_GROUP (window), "second-stage", g_variant_new_boolean (TRUE));
  watch_frames (GTK_WIDGET (window));
  pr_window_connect_to (window, pr_sample_server_get_params (server));
  wait_for (window_idle, window);
  wait_for (columns_listed, window);

  blocking.long_gaps = long_gaps;
  source = g_timeout_add (5, tick, &blocking);
  start = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  blocking.last = 0;
  wait_for (window_idle, window);
  scanned = g_get_monotonic_time ();
  wait_for (pr_test_list_settled, pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  spin (1);
  printf ("Scan through the window, to the filled cluster list: %.1f s; the main loop was blocked "
          "at most %.1f ms (a 5 ms timer's longest gap, %+.2f s from the scan's end), "
          "of which the main thread ran %.1f ms\n",
          (scanned - start) / 1e6, blocking.longest / 1e3, (blocking.longest_at - scanned) / 1e6,
          blocking.longest_cpu / 1e3);
  printf ("Gaps over 30 ms (length/ran): %u", long_gaps->len);
  for (guint i = 0; i < long_gaps->len && i < 12; i++)
    {
      gint64 *gap = (gint64 *) long_gaps->data + 3 * i;

      printf ("%s%.0f/%.0f ms at %+.2f s", i == 0 ? " — " : ", ", gap[1] / 1e3, gap[2] / 1e3,
              (gap[0] - scanned) / 1e6);
    }
  printf ("\n");
  g_source_remove (source);
  if (pr_window_get_error_text (window) != NULL)
    printf ("error: %s\n", pr_window_get_error_text (window));
  *server_out = server;
  return window;
}

/* The window closed, its private server stopped, @dir removed. */
static void
close_window (PrWindow       *window,
              PrSampleServer *server,
              const char     *dir)
{
  gtk_window_destroy (GTK_WINDOW (window));
  pr_sample_server_stop (server, NULL);
  pr_sample_server_free (server);
  pr_test_remove_tree (dir);
}

static int
bench_scan (guint rows)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  g_autoptr(GError) error = NULL;
  PrSampleServer *server = NULL;
  PrWindow *window;

  g_assert_true (pr_bench_sample_generate_csv (csv, rows, &error));
  window = scan_through_window (dir, csv, &server);
  {
    GListModel *clusters = pr_session_get_clusters (pr_window_get_session (window));
    g_autoptr(PrClusterItem) first = g_list_model_get_n_items (clusters) > 0 ? g_list_model_get_item (clusters, 0) : NULL;

    printf ("%u clusters; the first, shown in the compare view, has %u records\n", g_list_model_get_n_items (clusters),
            first != NULL ? pr_cluster_item_get_n_members (first) : 0);
  }
  close_window (window, server, dir);
  return 0;
}

gboolean
search_done (gpointer window)
{
  return !pr_review_page_get_searching (PR_REVIEW_PAGE (pr_test_find_widget (window, PR_TYPE_REVIEW_PAGE, NULL)));
}

/* One change of the list's filters or order: @change, then the time to
 * the painted, settled list, and the main loop's longest gap meanwhile
 * (a 5 ms timer's). */
static void
time_list_change (PrWindow     *window,
                  GtkColumnView *view,
                  const char   *what,
                  void        (*change) (PrWindow *window, gpointer data),
                  gpointer      data)
{
  Blocking blocking = { 0 };
  g_autoptr(GArray) long_gaps = g_array_new (FALSE, FALSE, 3 * sizeof (gint64));
  g_autoptr(GArray) these = g_array_new (FALSE, FALSE, sizeof (BenchTurn));
  BenchTurn most = { 0 }, worst = { 0 };
  guint source;
  gint64 start, change_cpu;

  blocking.long_gaps = long_gaps;
  source = g_timeout_add (5, tick, &blocking);
  spin (0.05);
  blocking.longest = 0;
  blocking.most_cpu = 0;
  bench_turns_start (these);
  start = g_get_monotonic_time ();
  change_cpu = thread_cpu_time ();
  change (window, data);
  change_cpu = thread_cpu_time () - change_cpu;
  wait_for (search_done, window);
  wait_for (pr_test_list_settled, view);
  until_painted ();
  bench_turns_stop ();
  for (guint i = 0; i < these->len; i++)
    {
      BenchTurn *turn = &g_array_index (these, BenchTurn, i);

      if (turn->cpu_ms > most.cpu_ms)
        most = *turn;
      if (turn->ms > worst.ms)
        worst = *turn;
    }
  printf ("%s: %.1f ms to the painted list (%u shown); the main loop was blocked at most %.1f ms, "
          "of which the main thread ran %.1f ms; the most it ran in one turn: %.1f ms (in the change itself: %.1f ms)\n", what,
          (g_get_monotonic_time () - start) / 1e3,
          g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))), blocking.longest / 1e3,
          blocking.longest_cpu / 1e3, blocking.most_cpu / 1e3, change_cpu / 1e3);
  /* The timer's figures may join two turns: a gap runs from the turn
   * in which the timer fell due to the end of the turn that ran it. */
  printf ("  timed at the poll, turn by turn: the longest %.1f ms (ran %.1f, waited for a core %.1f); "
          "the most run in one %.1f ms (of %.1f ms); %u turns, %u over 50 ms\n",
          worst.ms, worst.cpu_ms, worst.queued_ms, most.cpu_ms, most.ms, these->len, bench_turns_over_50 (these));
  if (g_getenv ("BENCH_GAPS") != NULL)
    for (guint i = 0; i < long_gaps->len; i++)
      {
        gint64 *gap = (gint64 *) long_gaps->data + 3 * i;

        printf ("  gap %.0f/%.0f ms ending at %.6f s (monotonic)\n", gap[1] / 1e3, gap[2] / 1e3, gap[0] / 1e6);
      }
  g_source_remove (source);
}

void
set_filters (PrWindow *window,
             gpointer  data)
{
  const guint *which = data;

  gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN,
                                                                  "cluster-filter")), which[0]);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN,
                                                                  "cluster-kind")), which[1]);
}

void
set_dates (PrWindow *window,
           gpointer  data)
{
  const char *const *days = data;

  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "date-from")), days[0]);
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_ENTRY, "date-to")), days[1]);
}

void
set_search (PrWindow *window,
            gpointer  data)
{
  GtkWidget *search = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");

  gtk_editable_set_text (GTK_EDITABLE (search), data);
  g_signal_emit_by_name (search, "search-changed");
}

static void
sort_by (PrWindow *window,
         gpointer  data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), data) == 0)
        gtk_column_view_sort_by_column (view, column, GTK_SORT_ASCENDING);
    }
}

void
sort_by_order (PrWindow *window,
               gpointer  data)
{
  const SortBy *by = data;
  GtkColumnView *view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), by->title) == 0)
        gtk_column_view_sort_by_column (view, column, by->order);
    }
}

/* Ctrl+J while an order still reaches the list. */
static void
sort_then_next_unreviewed (PrWindow *window,
                           gpointer  data)
{
  sort_by_order (window, data);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-unreviewed", NULL));
}

static void
clear_filters (PrWindow *window,
               gpointer  data)
{
  pr_review_page_clear_filters (PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)));
}

static int
bench_list (guint n_clusters)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  g_autoptr(GPtrArray) sentences = sample_sentences ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (csv, PR_CSV_WRITER_FLAGS_NONE, NULL);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  /* The columns the private server's petitions table has (the sample's). */
  const char *header[] = { "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
                           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at" };
  PrSampleServer *server = NULL;
  PrWindow *window;
  GtkColumnView *view;
  GListModel *model;
  GtkWidget *search;
  gboolean only_orders;
  gint64 start;
  guint steps;

  /* Every petition twice: N clusters of two. */
  g_assert_true (pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), NULL));
  for (guint c = 0; c < n_clusters; c++)
    {
      g_autofree char *body = body_of (sentences, rand, 200);
      g_autofree char *subject = g_strdup_printf ("第%u号反映", c);

      for (guint copy = 0; copy < 2; copy++)
        {
          char id[16], name[16];
          const char *row[14] = { id, name, "", "", "", subject, body,
                                  copy ? "2025-02-01 10:00:00" : "2025-01-01 10:00:00", "", "", "", "", "", "" };

          g_snprintf (id, sizeof id, "%u", 2 * c + copy + 1);
          g_snprintf (name, sizeof name, "某%u", c);
          g_assert_true (pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), NULL));
        }
    }
  g_assert_true (pr_csv_writer_close (writer, NULL));

  window = scan_through_window (dir, csv, &server);
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  printf ("%u clusters in the list\n", g_list_model_get_n_items (model));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  until_painted ();

  /* Down the list as the arrow key goes: select the next row and bring
   * it into view, then wait for the painted frame. */
  /* BENCH_STEPS=… for fewer steps (the filters' figures sooner). */
  steps = g_getenv ("BENCH_STEPS") != NULL ? (guint) g_ascii_strtoull (g_getenv ("BENCH_STEPS"), NULL, 10) : 2000;
  for (guint i = 0; i < steps && i < g_list_model_get_n_items (model); i++)
    {
      double t;

      start = g_get_monotonic_time ();
      gtk_widget_activate_action (GTK_WIDGET (view), "list.select-item", "(ubb)", i, FALSE, FALSE);
      gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", i);
      until_painted ();
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (times, t);
    }
  print_times ("Cluster list, one step down to its painted frame", times);

  /* Jumping far: the last row, then the first. */
  g_array_set_size (times, 0);
  for (guint r = 0; r < 20; r++)
    {
      guint to = r % 2 ? 0 : g_list_model_get_n_items (model) - 1;
      double t;

      start = g_get_monotonic_time ();
      gtk_widget_activate_action (GTK_WIDGET (view), "list.select-item", "(ubb)", to, FALSE, FALSE);
      gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", to);
      until_painted ();
      t = (g_get_monotonic_time () - start) / 1e3;
      g_array_append_val (times, t);
    }
  print_times ("Cluster list, a jump to the end or the start", times);

  /* BENCH_ONLY_ORDERS=1: the orders alone (a search cleared brings back
   * 10^5 rows, which takes minutes on a loaded machine). */
  only_orders = g_getenv ("BENCH_ONLY_ORDERS") != NULL;
  /* A search over all the clusters. */
  search = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY, "cluster-search");
  if (!only_orders)
    {
      start = g_get_monotonic_time ();
      gtk_editable_set_text (GTK_EDITABLE (search), "第99999号");
      g_signal_emit_by_name (search, "search-changed");
      wait_for (pr_test_list_settled, view);
      until_painted ();
      printf ("Search over the list: %.1f ms to the painted result (%u shown)\n",
              (g_get_monotonic_time () - start) / 1e3, g_list_model_get_n_items (model));
    }

  /* Finding work: each filter, the search of every field, the orders. */
  {
    static const guint all_other[2] = { 2, 2 }, unreviewed_same[2] = { 0, 1 }, any[2] = { 2, 0 };
    static const char *const january[2] = { "2025-01-01", "2025-01-31" };
    static const char *const open[2] = { "", "" };

    if (!only_orders)
      {
        time_list_change (window, view, "Search cleared", set_search, (gpointer) "");
        time_list_change (window, view, "Filters: all states, other petitioners", set_filters, (gpointer) all_other);
        time_list_change (window, view, "Filters: unreviewed, the same petitioner", set_filters, (gpointer) unreviewed_same);
        time_list_change (window, view, "Filters: any", set_filters, (gpointer) any);
        time_list_change (window, view, "Date range: January 2025", set_dates, (gpointer) january);
        time_list_change (window, view, "Date range: open", set_dates, (gpointer) open);
        time_list_change (window, view, "Search of every field: a petitioner (some99999)", set_search, (gpointer) "某99999");
        time_list_change (window, view, "Search cleared", set_search, (gpointer) "");
      }
    time_list_change (window, view, "Order by risk", sort_by, (gpointer) "Risk");
    time_list_change (window, view, "Order by size", sort_by, (gpointer) "Size");
    time_list_change (window, view, "Order by date", sort_by, (gpointer) "Date");
    time_list_change (window, view, "Order by subject", sort_by, (gpointer) "Subject");
    time_list_change (window, view, "Filters cleared", clear_filters, NULL);
  }

  close_window (window, server, dir);
  return 0;
}

/* The petitions of @records (key,source,id,user,subject,time,body,category,
 * as ../shared/data/petitions-zh/records.csv has them) written in the
 * sample's columns to @csv: the user as petitioner, the time as a date. */
static guint
write_petitions (const char *records,
                 const char *csv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (records, NULL, &error);
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (csv, PR_CSV_WRITER_FLAGS_NONE, NULL);
  const char *header[] = { "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
                           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at" };
  int user, subject, time, body, category;
  guint n = 0;

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  user = pr_csv_reader_find_field (reader, "user");
  subject = pr_csv_reader_find_field (reader, "subject");
  time = pr_csv_reader_find_field (reader, "time");
  body = pr_csv_reader_find_field (reader, "body");
  category = pr_csv_reader_find_field (reader, "category");
  g_assert_true (user >= 0 && subject >= 0 && time >= 0 && body >= 0 && category >= 0);
  g_assert_true (pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), NULL));
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      char id[16], date[32] = "";
      int y, mo, d, h = 0, mi = 0, se = 0;
      const char *row[14];

      if (sscanf (pr_csv_reader_get_field (reader, time, NULL), "%d/%d/%d %d:%d:%d", &y, &mo, &d, &h, &mi, &se) >= 3)
        g_snprintf (date, sizeof date, "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, se);
      g_snprintf (id, sizeof id, "%u", ++n);
      row[0] = id;
      row[1] = pr_csv_reader_get_field (reader, user, NULL);
      row[2] = row[3] = "";
      row[4] = pr_csv_reader_get_field (reader, category, NULL);
      row[5] = pr_csv_reader_get_field (reader, subject, NULL);
      row[6] = pr_csv_reader_get_field (reader, body, NULL);
      row[7] = date;
      for (guint i = 8; i < 14; i++)
        row[i] = "";
      g_assert_true (pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), NULL));
    }
  g_assert_no_error (error);
  g_assert_true (pr_csv_writer_close (writer, NULL));
  return n;
}

/* The real petitions through the window: each order of the cluster list,
 * each way, and Ctrl+J while an order still reaches the list. */
static int
bench_petitions (const char *records)
{
  static const SortBy orders[] = {
    { "Case", GTK_SORT_ASCENDING }, { "Case", GTK_SORT_DESCENDING },
    { "No.", GTK_SORT_ASCENDING }, { "No.", GTK_SORT_DESCENDING },
    { "Size", GTK_SORT_ASCENDING }, { "Size", GTK_SORT_DESCENDING },
    { "Same/other", GTK_SORT_ASCENDING }, { "Same/other", GTK_SORT_DESCENDING },
    { "Subject", GTK_SORT_ASCENDING }, { "Subject", GTK_SORT_DESCENDING },
    { "Date", GTK_SORT_ASCENDING }, { "Date", GTK_SORT_DESCENDING },
    { "Dist.", GTK_SORT_ASCENDING }, { "Dist.", GTK_SORT_DESCENDING },
    { "State", GTK_SORT_ASCENDING }, { "State", GTK_SORT_DESCENDING },
    { "Risk", GTK_SORT_ASCENDING }, { "Risk", GTK_SORT_DESCENDING },
  };
  static const SortBy by_date = { "Date", GTK_SORT_ASCENDING }, by_subject = { "Subject", GTK_SORT_DESCENDING };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  PrSampleServer *server = NULL;
  PrWindow *window;
  GtkColumnView *view;
  GListModel *columns;
  struct timespec cpu_start, cpu_end;
  guint n;

  n = write_petitions (records, csv);
  printf ("%u petitions from %s\n", n, records);
  window = scan_through_window (dir, csv, &server);
  view = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  columns = gtk_column_view_get_columns (view);
  printf ("%u clusters in the list\n", g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  until_painted ();
  /* BENCH_CTRL_J=N: only the orders followed at once by Ctrl+J, N times
   * each, from the list ordered by case each time. */
  if (g_getenv ("BENCH_CTRL_J") != NULL)
    {
      static const SortBy by_case = { "Case", GTK_SORT_ASCENDING };
      guint times = (guint) g_ascii_strtoull (g_getenv ("BENCH_CTRL_J"), NULL, 10);

      for (guint r = 0; r < times; r++)
        {
          time_list_change (window, view, "Order by case", sort_by_order, (gpointer) &by_case);
          time_list_change (window, view, "Order by date, then at once the next unreviewed (Ctrl+J)",
                            sort_then_next_unreviewed, (gpointer) &by_date);
          time_list_change (window, view, "Order by case", sort_by_order, (gpointer) &by_case);
          time_list_change (window, view, "Order by subject, reversed, then at once the next unreviewed (Ctrl+J)",
                            sort_then_next_unreviewed, (gpointer) &by_subject);
        }
      close_window (window, server, dir);
      return 0;
    }
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
      {
        g_autofree char *what = NULL;
        gboolean present = FALSE;

        for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
          {
            g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, c);

            present = present || g_strcmp0 (gtk_column_view_column_get_title (column), orders[i].title) == 0;
          }
        if (!present)
          continue;
        what = g_strdup_printf ("Order by %s, %s", orders[i].title,
                                orders[i].order == GTK_SORT_ASCENDING ? "ascending" : "descending");
        time_list_change (window, view, what, sort_by_order, (gpointer) &orders[i]);
      }
  time_list_change (window, view, "Order by date, then at once the next unreviewed (Ctrl+J)", sort_then_next_unreviewed,
                    (gpointer) &by_date);
  time_list_change (window, view, "Order by subject, reversed, then at once the next unreviewed (Ctrl+J)",
                    sort_then_next_unreviewed, (gpointer) &by_subject);
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
  printf ("The process's processor time (user + system, every thread) over the orders: %.2f s\n",
          (cpu_end.tv_sec - cpu_start.tv_sec) + (cpu_end.tv_nsec - cpu_start.tv_nsec) / 1e9);
  {
    PrClusterItem *largest, *other;

    largest_and_other (pr_session_get_clusters (pr_window_get_session (window)), &largest, &other);
    review_actions (window, largest, other, dir);
  }

  close_window (window, server, dir);
  return 0;
}

/* The server's processor time so far, in seconds. */
static double
server_cpu (PrSampleServer *server)
{
  return pr_test_process_cpu (pr_sample_server_get_pid (server));
}

/* This process's processor time (every thread), in seconds. */
static double
process_cpu (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static gboolean
case_shown (gpointer data)
{
  PrReviewPage *page = PR_REVIEW_PAGE (pr_test_find_widget (data, PR_TYPE_REVIEW_PAGE, NULL));
  PrCompareView *view = pr_review_page_get_compare_view (page);

  return !pr_review_page_get_fetching (page) && pr_compare_view_get_settled (view);
}

/* Two matters written 6 and CASE_SIZE times, each copy numbered, and 200
 * petitions of their own, each written @others_copies times, to @csv. */
static void
write_two_matters (const char *csv,
                   guint       others_copies,
                   guint       n_others)
{
  g_autoptr(GPtrArray) sentences = sample_sentences ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (csv, PR_CSV_WRITER_FLAGS_NONE, NULL);
  const char *header[] = { "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
                           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at" };
  static const guint sizes[2] = { 6, CASE_SIZE };
  guint id = 0;

  g_assert_true (pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), NULL));
  for (guint c = 0; c < 2 + n_others; c++)
    {
      g_autofree char *base = body_of (sentences, rand, 400);
      g_autofree char *subject = g_strdup_printf ("第%u号反映", c);
      guint copies = c < 2 ? sizes[c] : others_copies;

      for (guint copy = 0; copy < copies; copy++)
        {
          g_autofree char *body = g_strdup_printf ("%s编号%u。", base, copy);
          /* Beyond the 200 of the review, the others' months differ, so
           * that a date range keeps some of them. */
          guint month = c >= 202 ? c % 12 : copy / 600 % 12;
          g_autofree char *date = g_strdup_printf ("2025-%02u-%02u 10:%02u:%02u", 1 + month, 1 + copy / 20 % 28,
                                                   copy / 60 % 60, copy % 60);
          char id_text[16], name[16];
          const char *row[14] = { id_text, name, "", "", "", subject, body, date, "", "", "", "", "", "" };

          g_snprintf (id_text, sizeof id_text, "%u", ++id);
          g_snprintf (name, sizeof name, "某%u", c);
          g_assert_true (pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), NULL));
        }
    }
  g_assert_true (pr_csv_writer_close (writer, NULL));
}

/* Opening a case, as choosing it in the list does, from reading its
 * records to the settled compare view: a case of 6 records and one of
 * CASE_SIZE, each opened ROUNDS times, with this process's and the
 * server's processor time. */
static int
bench_open (guint rounds)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  static const guint sizes[2] = { 6, CASE_SIZE };
  PrClusterItem *cases[2] = { NULL, NULL };
  PrSampleServer *server = NULL;
  PrReviewPage *page;
  PrWindow *window;
  GListModel *clusters;

  write_two_matters (csv, 1, 200);

  window = scan_through_window (dir, csv, &server);
  page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);

      guint n = pr_cluster_item_get_n_members (item);

      /* The scan may leave a copy or two of the large one apart. */
      if (cases[0] == NULL && n == sizes[0])
        cases[0] = item;
      if (n > sizes[0] && (cases[1] == NULL || n > pr_cluster_item_get_n_members (cases[1])))
        cases[1] = item;
    }
  wait_for (case_shown, window);
  for (guint s = 0; s < 2; s++)
    {
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      double own = 0, served = 0;

      if (cases[s] == NULL)
        {
          printf ("no case of %u records\n", sizes[s]);
          continue;
        }
      for (guint r = 0; r < rounds; r++)
        {
          double cpu = process_cpu (), server_at = server_cpu (server), t;
          gint64 start;

          /* Emptied first: what it shows next comes from a reading. */
          pr_compare_view_clear (pr_review_page_get_compare_view (page), "");
          start = g_get_monotonic_time ();
          pr_review_page_show_cluster (page, cases[s]);
          wait_for (case_shown, window);
          t = (g_get_monotonic_time () - start) / 1e3;
          g_array_append_val (times, t);
          own += process_cpu () - cpu;
          served += server_cpu (server) - server_at;
        }
      printf ("Opening a case of %u records: this process %.3f s, the server %.3f s of processor time a time\n",
              pr_cluster_item_get_n_members (cases[s]), own / rounds, served / rounds);
      print_times ("  to the settled compare view", times);
    }

  close_window (window, server, dir);
  return 0;
}

/* Cases of three long petitions: A + S, A + S + C and C + S, A and C
 * @chars characters each of the sample's sentences, S one sentence they
 * share; the pair of the first and last is a candidate its bound may
 * prove below the threshold (a scan with the store then leaves it
 * unjudged), the others the second stage judges. */
static void
write_long_cases (const char *csv,
                  guint       n_cases,
                  guint       chars)
{
  g_autoptr(GPtrArray) sentences = sample_sentences ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(PrCsvWriter) writer = pr_csv_writer_new_for_path (csv, PR_CSV_WRITER_FLAGS_NONE, NULL);
  const char *header[] = { "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
                           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at" };
  guint id = 0;

  g_assert_true (pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), NULL));
  for (guint c = 0; c < n_cases; c++)
    {
      g_autofree char *a = body_of (sentences, rand, chars);
      g_autofree char *b = body_of (sentences, rand, chars);
      const char *shared = sentences->pdata[g_rand_int_range (rand, 0, sentences->len)];
      g_autofree char *subject = g_strdup_printf ("第%u号反映", c);
      char *bodies[3] = { g_strconcat (a, shared, NULL), g_strconcat (a, shared, b, NULL),
                                     g_strconcat (b, shared, NULL) };

      for (guint r = 0; r < 3; r++)
        {
          char id_text[16], name[16];
          const char *row[14] = { id_text, name, "", "", "", subject, bodies[r], "2025-03-01 10:00:00", "", "", "",
                                  "", "", "" };

          g_snprintf (id_text, sizeof id_text, "%u", ++id);
          g_snprintf (name, sizeof name, "某%u", c);
          g_assert_true (pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), NULL));
        }
      for (guint r = 0; r < 3; r++)
        g_free (bodies[r]);
    }
  g_assert_true (pr_csv_writer_close (writer, NULL));
}

/* Opening a case of long petitions, with the second stage on: the most
 * the main thread ran in one turn from the choice until the case is
 * shown, explained and every pair's number is in (or at most 5 s). */
static int
bench_judging (guint chars)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  PrSampleServer *server = NULL;
  PrReviewPage *page;
  PrWindow *window;
  GListModel *clusters;
  guint opened = 0;

  write_long_cases (csv, 12, chars);
  /* The window's scan keeps its pairs in the store. */
  second_stage = TRUE;
  window = scan_through_window (dir, csv, &server);
  page = PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  wait_for (case_shown, window);
  spin (2);
  for (guint i = 0; i < g_list_model_get_n_items (clusters) && opened < 10; i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      g_autoptr(GArray) turns = g_array_new (FALSE, FALSE, sizeof (BenchTurn));
      double most = 0, cpu = process_cpu ();
      gint64 start;

      PrSession *session = pr_window_get_session (window);
      GArray *scored = session->result->scored != NULL ? session->result->scored : session->stored_scored;
      guint unjudged = 0;

      if (pr_cluster_item_get_n_members (item) < 2)
        continue;
      for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
        {
          const PrScoredPair *pair = pr_scored_pairs_find (scored, pr_cluster_item_get_member (item, 0)->record,
                                                           pr_cluster_item_get_member (item, m)->record);

          unjudged += pair != NULL && pair->probability < 0;
        }
      pr_compare_view_clear (pr_review_page_get_compare_view (page), "");
      spin (0.3);
      start = g_get_monotonic_time ();
      bench_turns_start (turns);
      pr_review_page_show_cluster (page, item);
      wait_for (case_shown, window);
      /* The numbers judged off the main thread come in later turns. */
      spin (MIN (5.0, 0.3 + 0.4 * pr_cluster_item_get_n_members (item) * chars / 20000.0));
      bench_turns_stop ();
      for (guint t = 0; t < turns->len; t++)
        most = MAX (most, g_array_index (turns, BenchTurn, t).cpu_ms);
      printf ("case of %u records of %u–%u characters, %u left unjudged by the scan: the main thread ran at most %.1f ms in one turn "
              "(%u turns, %u over 50 ms); shown in %.0f ms; this process %.2f s of processor time\n",
              pr_cluster_item_get_n_members (item), chars, 2 * chars, unjudged, most, turns->len, bench_turns_over_50 (turns),
              (g_get_monotonic_time () - start) / 1e3, process_cpu () - cpu);
      opened++;
    }
  /* A pair the scan left unjudged, the longest, asked for as a header
   * asks: the main thread's time in that call. */
  {
    PrSession *session = pr_window_get_session (window);
    GArray *scored = session->result->scored != NULL ? session->result->scored : session->stored_scored;
    guint unjudged = 0;
    const PrScoredPair *longest = NULL;

    g_assert_nonnull (scored);

    for (guint i = 0; i < scored->len; i++)
      {
        const PrScoredPair *pair = &g_array_index (scored, PrScoredPair, i);

        if (pair->probability >= 0)
          continue;
        unjudged++;
        if (longest == NULL || (pair->a % 3 == 1) + (pair->b % 3 == 1) > (longest->a % 3 == 1) + (longest->b % 3 == 1))
          longest = pair;
      }
    printf ("%u of %u candidate pairs left unjudged by the scan\n", unjudged, scored->len);
    for (guint r = 0; longest != NULL && r < 3; r++)
      {
        const PrScoredPair *pair = &g_array_index (scored, PrScoredPair, (longest - (PrScoredPair *) (gpointer) scored->data + r * 7) % scored->len);
        gint64 cpu = thread_cpu_time ();
        double number;

        if (pair->probability >= 0)
          continue;
        number = pr_session_get_probability (session, pair->a, pair->b);
        printf ("an unjudged pair of %s characters asked for: %.1f ms of the main thread in the call, %.3f returned\n",
                (pair->a % 3 == 1) + (pair->b % 3 == 1) ? "10000 and 20000" : "10000 and 10000",
                (thread_cpu_time () - cpu) / 1e3, number);
      }
    spin (3);
  }
  close_window (window, server, dir);
  return 0;
}

/* Every review action on a case of CASE_SIZE records, in a window on a
 * private server that also holds 200 cases of two (or as many as make
 * @rows records). */
static int
bench_review (guint rows)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  PrSampleServer *server = NULL;
  PrWindow *window;
  GListModel *clusters;
  PrClusterItem *largest = NULL, *other = NULL;

  /* ROWS records: the two matters, the rest petitions written twice. */
  write_two_matters (csv, 2, rows > 6 + CASE_SIZE + 400 ? (rows - 6 - CASE_SIZE) / 2 : 200);
  window = scan_through_window (dir, csv, &server);
  clusters = pr_session_get_clusters (pr_window_get_session (window));
  largest_and_other (clusters, &largest, &other);
  wait_for (case_shown, window);
  review_actions (window, largest, other, dir);
  close_window (window, server, dir);
  return 0;
}

static gboolean
unsure_idle (gpointer window)
{
  PrUnsureDialog *dialog = pr_window_get_unsure_dialog (window);

  return dialog != NULL && !pr_unsure_dialog_get_busy (dialog);
}

static void
print_unsure_turns (const char *what,
                    GArray     *turns,
                    gint64      start)
{
  BenchTurn worst = { 0 };

  for (guint i = 0; i < turns->len; i++)
    if (g_array_index (turns, BenchTurn, i).ms > worst.ms)
      worst = g_array_index (turns, BenchTurn, i);
  printf ("%s: %.1f ms in all; the longest turn %.1f ms (ran %.1f, waited for a core %.1f); %u turns, %u over 50 ms\n",
          what, (g_get_monotonic_time () - start) / 1e3, worst.ms, worst.cpu_ms, worst.queued_ms, turns->len,
          bench_turns_over_50 (turns));
}

static int
bench_unsure (guint rows)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *csv = g_build_filename (dir, "rows.csv", NULL);
  g_autoptr(GArray) turns = g_array_new (FALSE, FALSE, sizeof (BenchTurn));
  PrSampleServer *server = NULL;
  PrWindow *window;
  PrUnsureDialog *dialog;
  gint64 start;

  write_two_matters (csv, 2, rows > 6 + CASE_SIZE + 400 ? (rows - 6 - CASE_SIZE) / 2 : 200);
  window = scan_through_window (dir, csv, &server);
  spin (0.5);
  bench_turns_start (turns);
  start = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  wait_for (unsure_idle, window);
  until_painted ();
  bench_turns_stop ();
  print_unsure_turns ("the queue listed", turns, start);
  dialog = pr_window_get_unsure_dialog (window);
  for (guint v = 0; v < 3; v++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (pr_unsure_dialog_get_list (dialog), 0);

      if (row == NULL)
        break;
      g_array_set_size (turns, 0);
      bench_turns_start (turns);
      start = g_get_monotonic_time ();
      g_signal_emit_by_name (gtk_widget_get_last_child (gtk_list_box_row_get_child (row)), "clicked");
      wait_for (unsure_idle, window);
      until_painted ();
      bench_turns_stop ();
      print_unsure_turns ("a verdict, the queue listed again", turns, start);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window, server, dir);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  const char *what = argc > 1 ? argv[1] : "compare";
  guint n = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 0;

  gtk_init ();
  if (g_strcmp0 (what, "compare") == 0)
    return bench_compare ();
  if (g_strcmp0 (what, "list") == 0)
    return bench_list (n > 0 ? n : 100000);
  if (g_strcmp0 (what, "scan") == 0)
    return bench_scan (n > 0 ? n : 1000000);
  if (g_strcmp0 (what, "open") == 0)
    return bench_open (n > 0 ? n : 10);
  if (g_strcmp0 (what, "review") == 0)
    return bench_review (n);
  if (g_strcmp0 (what, "judging") == 0)
    return bench_judging (n > 0 ? n : 10000);
  if (g_strcmp0 (what, "unsure") == 0)
    return bench_unsure (n);
  if (g_strcmp0 (what, "petitions") == 0 && argc > 2)
    return bench_petitions (argv[2]);
  fprintf (stderr, "usage: bench-ui compare | list [CLUSTERS] | scan [ROWS] | open [ROUNDS] | review [ROWS] | unsure [ROWS] | judging [CHARS] | petitions RECORDS.CSV\n");
  return 2;
}
