/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench-ui review: every review action a clerk takes, each timed turn by
 * turn of the main loop (see bench-ui.c).
 */
#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-graph.h"
#include "pr-review-page.h"
#include "pr-test-ui.h"
#include "pr-threshold-dialog.h"
#include "pr-window.h"

#include "bench-ui.h"

/* The main loop's turns, timed at its poll: a turn runs from the return
 * of one poll to the call of the next, so it is exactly the work between
 * two waits (dispatching sources, frames, idles), whatever its source.
 * An action the bench starts itself counts from its start to the next
 * poll, like the handler of a key press would. */
static GPollFunc plain_poll;
static GArray *turns;          /* of BenchTurn, while an action is timed */
static gint64 turn_start, turn_cpu_start, action_start;
static gint64 turn_queued;

/* The nanoseconds this thread has waited, runnable, for a core (the
 * second figure of Linux's schedstat); 0 where it is not kept. */
static gint64
thread_queued (void)
{
  g_autofree char *text = NULL;
  guint64 ran, queued;

  if (!g_file_get_contents ("/proc/thread-self/schedstat", &text, NULL, NULL)
      || sscanf (text, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &ran, &queued) != 2)
    return 0;
  return (gint64) queued;
}

static gint
timed_poll (GPollFD *fds,
            guint    n_fds,
            gint     timeout)
{
  gint result;

  if (turns != NULL && turn_start != 0)
    {
      gint64 now = g_get_monotonic_time ();
      BenchTurn turn = { (now - turn_start) / 1e3, (thread_cpu_time () - turn_cpu_start) / 1e3, (now - action_start) / 1e6,
                    (thread_queued () - turn_queued) / 1e6 };

      g_array_append_val (turns, turn);
    }
  result = plain_poll (fds, n_fds, timeout);
  turn_start = g_get_monotonic_time ();
  turn_cpu_start = thread_cpu_time ();
  turn_queued = thread_queued ();
  return result;
}

guint
bench_turns_over_50 (GArray *these)
{
  guint n = 0;

  for (guint i = 0; i < these->len; i++)
    n += g_array_index (these, BenchTurn, i).ms > 50;
  return n;
}

static void
time_turns (void)
{
  if (plain_poll == NULL)
    {
      plain_poll = g_main_context_get_poll_func (NULL);
      g_main_context_set_poll_func (NULL, timed_poll);
    }
}

/* Times each turn into @into from now on, this call's caller counting
 * as one until the next poll. */
void
bench_turns_start (GArray *into)
{
  time_turns ();
  turns = into;
  action_start = turn_start = g_get_monotonic_time ();
  turn_cpu_start = thread_cpu_time ();
  turn_queued = thread_queued ();
}

void
bench_turns_stop (void)
{
  turns = NULL;
}

/* One review action's turns, over all its repetitions. */
typedef struct {
  const char *what;
  guint       times;
  guint       n_turns;
  guint       over_50;
  BenchTurn   worst;
  double      most_cpu;  /* the most the main thread ran in one turn, ms */
  double      slowest;   /* the longest time from the action to its settled result, ms */
} ActionTurns;

static gboolean
flag_set (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs @act, then the main loop until @done says the result is there (at
 * most 60 s) and a painted frame and 300 ms more have passed, so that work
 * left for later turns (idles, paced models, a scroll into view) counts
 * too. Each turn goes into @into; BENCH_TURNS=1 lists those over 30 ms. */
static void
time_action (ActionTurns *into,
             void       (*act) (gpointer data),
             gboolean   (*done) (gpointer data),
             gpointer     data)
{
  g_autoptr(GArray) these = g_array_new (FALSE, FALSE, sizeof (BenchTurn));
  gboolean settled = FALSE, gave_up = FALSE;
  guint limit;
  double took;

  /* Idle first: what is left of the action before is not this one's. */
  limit = g_timeout_add (200, flag_set, &settled);
  while (!settled)
    g_main_context_iteration (NULL, TRUE);
  settled = FALSE;

  bench_turns_start (these);
  act (data);
  limit = g_timeout_add_seconds (60, flag_set, &gave_up);
  while (done != NULL && !done (data) && !gave_up)
    g_main_context_iteration (NULL, TRUE);
  took = (g_get_monotonic_time () - action_start) / 1e3;
  if (!gave_up)
    g_source_remove (limit);
  until_painted ();
  g_timeout_add (300, flag_set, &settled);
  while (!settled)
    g_main_context_iteration (NULL, TRUE);
  bench_turns_stop ();

  into->times++;
  into->slowest = MAX (into->slowest, took);
  for (guint i = 0; i < these->len; i++)
    {
      BenchTurn *turn = &g_array_index (these, BenchTurn, i);

      into->n_turns++;
      into->over_50 += turn->ms > 50;
      if (turn->ms > into->worst.ms)
        into->worst = *turn;
      into->most_cpu = MAX (into->most_cpu, turn->cpu_ms);
      if (turn->ms > 30 && g_getenv ("BENCH_TURNS") != NULL)
        printf ("    %s: a turn of %.1f ms (ran %.1f, waited for a core %.1f, blocked %.1f) "
                "ending %.3f s after the action, at %.6f s (monotonic)\n",
                into->what, turn->ms, turn->cpu_ms, turn->queued_ms, turn->ms - turn->cpu_ms - turn->queued_ms, turn->at,
                action_start / 1e6 + turn->at);
    }
  if (gave_up)
    printf ("    %s: no result after 60 s\n", into->what);
}

static void
print_action (const ActionTurns *action)
{
  if (action->times == 0)
    return;
  printf ("  %-36s worst turn %6.1f ms (ran %5.1f, waited for a core %5.1f, blocked %5.1f), turns > 50 ms: %3u of %4u; "
          "most run in a turn %5.1f ms; %2u times, slowest %4.0f ms to the result\n",
          action->what, action->worst.ms, action->worst.cpu_ms, action->worst.queued_ms,
          action->worst.ms - action->worst.cpu_ms - action->worst.queued_ms, action->over_50, action->n_turns,
          action->most_cpu, action->times, action->slowest);
}

typedef struct {
  PrWindow      *window;
  PrReviewPage  *page;
  PrCompareView *compare;
  GtkColumnView *list;
  PrClusterItem *item;      /* the case reviewed */
  PrClusterItem *other;     /* another case, to come back from */
  guint          pick;      /* the strip's position asked for */
  char          *state;     /* the case's decisions before the action */
  const SortBy  *order;
  const char    *export_path;
  GRand         *rand;
} Review;

/* The case's decisions and primary, to see a decision land. */
static char *
decisions_of (PrClusterItem *item)
{
  GString *text = g_string_new (pr_cluster_item_get_primary_id (item));

  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    g_string_append_c (text, '0' + pr_cluster_item_get_member (item, m)->state);
  return g_string_free (text, FALSE);
}

static gboolean
review_settled (gpointer data)
{
  Review *review = data;

  return !pr_review_page_get_fetching (review->page) && pr_compare_view_get_settled (review->compare)
         && !pr_window_get_busy (review->window);
}

static gboolean
case_in_view (gpointer data)
{
  Review *review = data;

  return pr_compare_view_get_item (review->compare) == review->item && review_settled (review);
}

static gboolean
decision_landed (gpointer data)
{
  Review *review = data;
  g_autofree char *now = decisions_of (review->item);

  return g_strcmp0 (now, review->state) != 0 && review_settled (review);
}

static gboolean
list_settled (gpointer data)
{
  Review *review = data;

  return search_done (review->window) && pr_test_list_settled (review->list);
}

static void
choose_case (PrClusterItem *item,
             Review        *review)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (review->list));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PrClusterItem) shown = g_list_model_get_item (model, i);

      if (shown == item)
        {
          gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), i);
          return;
        }
    }
  /* Not listed (filtered out): opened as a record's case is. */
  pr_review_page_show_cluster (review->page, item);
}

static void
act_choose_case (gpointer data)
{
  Review *review = data;

  choose_case (review->item, review);
}

static GtkSingleSelection *
strip_of (Review *review)
{
  return GTK_SINGLE_SELECTION (gtk_list_view_get_model (
    GTK_LIST_VIEW (pr_test_find_widget (GTK_WIDGET (review->compare), GTK_TYPE_LIST_VIEW, "member-strip"))));
}

static void
act_strip (gpointer data)
{
  Review *review = data;

  gtk_single_selection_set_selected (strip_of (review), review->pick);
}

static void
act_window (gpointer data)
{
  Review *review = data;
  const char *action = g_object_get_data (G_OBJECT (review->window), "bench-action");

  g_free (review->state);
  review->state = decisions_of (review->item);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review->window), action, NULL));
}

static void
act_note_and_repeat (gpointer data)
{
  Review *review = data;

  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (GTK_WIDGET (review->window), GTK_TYPE_ENTRY,
                                                            "decision-note")), "诉求相同，按重复件处理");
  g_object_set_data (G_OBJECT (review->window), "bench-action", (gpointer) "win.mark-repeat");
  act_window (data);
}

static char *split_a, *split_b;

static void
act_split (gpointer data)
{
  Review *review = data;

  g_free (review->state);
  review->state = decisions_of (review->item);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review->window), "win.split-bridge", "(ss)", split_a, split_b));
}

static void
act_list (gpointer data)
{
  Review *review = data;
  void (*change) (PrWindow *, gpointer) = g_object_get_data (G_OBJECT (review->window), "bench-change");

  change (review->window, g_object_get_data (G_OBJECT (review->window), "bench-change-data"));
}

static void
act_export (gpointer data)
{
  Review *review = data;

  g_remove (review->export_path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review->window), "win.export-to", "s", review->export_path));
}

static gboolean
exported (gpointer data)
{
  Review *review = data;

  return g_file_test (review->export_path, G_FILE_TEST_EXISTS) && !pr_window_get_busy (review->window);
}

/* The window's threshold preview, once open. */
static PrThresholdDialog *
threshold_dialog (void)
{
  return (PrThresholdDialog *) pr_test_find_in_toplevels (PR_TYPE_THRESHOLD_DIALOG, NULL);
}

static gboolean
preview_ready (gpointer data)
{
  Review *review = data;
  PrThresholdDialog *dialog = threshold_dialog ();

  /* The main window paints nothing for the dialog: the frame waited for
   * after the action is asked of it. */
  if (dialog != NULL && pr_threshold_dialog_get_ready (dialog))
    gtk_widget_queue_draw (GTK_WIDGET (review->window));
  return dialog != NULL && pr_threshold_dialog_get_ready (dialog);
}

static void
act_open_preview (gpointer data)
{
  Review *review = data;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review->window), "win.thresholds", NULL));
}

static void
act_preview_k (gpointer data)
{
  Review *review = data;

  pr_threshold_dialog_set_k (threshold_dialog (), review->pick);
}

/* A member to decide: not the primary, undecided, anywhere in the case. */
static void
choose_member (Review *review)
{
  guint n = pr_cluster_item_get_n_members (review->item);
  const char *primary = pr_cluster_item_get_primary_id (review->item);

  for (guint tries = 0; tries < 4 * n; tries++)
    {
      guint m = g_rand_int_range (review->rand, 0, n);
      PrClusterMember *member = pr_cluster_item_get_member (review->item, m);

      if (member->state == PR_MEMBER_UNDECIDED && g_strcmp0 (member->id, primary) != 0)
        {
          pr_review_page_show_record (review->page, member->id);
          while (!review_settled (review) || g_strcmp0 (pr_compare_view_get_selected_id (review->compare), member->id) != 0)
            g_main_context_iteration (NULL, TRUE);
          return;
        }
    }
}

/* A bridge of the case whose far side is one undecided record, for a split. */
static gboolean
find_bridge (Review *review)
{
  PrSession *session = pr_window_get_session (review->window);
  g_autoptr(GArray) members = NULL;
  g_autoptr(PrGraph) graph = pr_session_get_pair_graph (session, review->item, FALSE, &members);

  g_clear_pointer (&split_a, g_free);
  g_clear_pointer (&split_b, g_free);
  for (guint b = 0; b < pr_graph_get_n_bridges (graph); b++)
    {
      const PrGraphBridge *bridge = pr_graph_get_bridge (graph, b);
      PrClusterMember *far = pr_cluster_item_get_member (review->item, g_array_index (members, guint, bridge->far));
      PrClusterMember *near = pr_cluster_item_get_member (review->item, g_array_index (members, guint, bridge->near));

      if (bridge->n_far == 1 && far->state == PR_MEMBER_UNDECIDED)
        {
          split_a = g_strdup (near->id);
          split_b = g_strdup (far->id);
          return TRUE;
        }
    }
  return FALSE;
}

static void
undo_now (Review *review)
{
  g_autofree char *before = decisions_of (review->item);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (review->window), "win.undo", NULL));
  g_free (review->state);
  review->state = g_steal_pointer (&before);
  while (!decision_landed (review))
    g_main_context_iteration (NULL, TRUE);
}

/* Every review action on @item, as a clerk does it, in @window: each
 * action's main-loop turns. @other is a case to come back from. */
void
review_actions (PrWindow      *window,
                PrClusterItem *item,
                PrClusterItem *other,
                const char    *dir)
{
  static const guint all_other[2] = { 2, 2 }, unreviewed[2] = { 0, 0 }, any[2] = { 2, 0 };
  static const SortBy by_risk = { "Risk", GTK_SORT_ASCENDING };
  static const SortBy orders[] = {
    { "Case", GTK_SORT_ASCENDING }, { "Case", GTK_SORT_DESCENDING }, { "Size", GTK_SORT_ASCENDING },
    { "Size", GTK_SORT_DESCENDING }, { "Same/other", GTK_SORT_ASCENDING }, { "Subject", GTK_SORT_ASCENDING },
    { "Subject", GTK_SORT_DESCENDING }, { "Date", GTK_SORT_ASCENDING }, { "Date", GTK_SORT_DESCENDING },
    { "Dist.", GTK_SORT_ASCENDING }, { "State", GTK_SORT_ASCENDING }, { "Risk", GTK_SORT_DESCENDING },
  };
  g_autofree char *export_path = g_build_filename (dir, "report.csv", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  Review review = { window, PR_REVIEW_PAGE (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL)) };
  ActionTurns choose = { "select a case" }, strip = { "select a record in the strip" },
              difference = { "next difference" }, repeat = { "Ctrl+R (a repeat)" },
              not_repeat = { "Ctrl+D (not a repeat)" }, primary = { "make primary" }, split = { "split at a bridge" },
              undo = { "undo" }, note = { "a note, then Ctrl+R" }, filter = { "filters (state, kind, dates)" },
              search = { "search" }, sort = { "sort (each column, each way)" }, risk = { "risk queue (order by risk)" },
              export = { "export start, to the file written" }, typing = { "search typed, a character at a time" },
              preview = { "threshold preview opened" }, preview_k = { "threshold preview, another k" };
  /* Typed as a clerk types: prefixes that find everything (a letter or
   * the word of every petitioner), then fewer. */
  static const char *const typed[] = { "某", "某1", "某12", "", "A", "A0", "A00", "", "小", "小区", "" };
  GObject *w = G_OBJECT (window);
  /* BENCH_ORDERS=N: only the first N orders (each settles in tens of
   * seconds at 10^5 records). */
  guint n_orders = g_getenv ("BENCH_ORDERS") != NULL ? (guint) g_ascii_strtoull (g_getenv ("BENCH_ORDERS"), NULL, 10)
                                                     : G_N_ELEMENTS (orders);

  time_turns ();
  review.compare = pr_review_page_get_compare_view (review.page);
  review.list = GTK_COLUMN_VIEW (pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list"));
  review.item = item;
  review.other = other;
  review.rand = rand;
  review.export_path = export_path;
  printf ("Review actions on case %u of %u records:\n", pr_cluster_item_get_number (item),
          pr_cluster_item_get_n_members (item));

  for (guint r = 0; r < 3; r++)
    {
      review.item = other;
      choose_case (other, &review);
      while (!case_in_view (&review))
        g_main_context_iteration (NULL, TRUE);
      review.item = item;
      time_action (&choose, act_choose_case, case_in_view, &review);
    }
  for (guint r = 0; r < 10; r++)
    {
      review.pick = g_rand_int_range (rand, 1, pr_cluster_item_get_n_members (item));
      time_action (&strip, act_strip, review_settled, &review);
    }
  g_object_set_data (w, "bench-action", (gpointer) "win.next-difference");
  for (guint r = 0; r < 10; r++)
    time_action (&difference, act_window, review_settled, &review);

  for (guint r = 0; r < 5; r++)
    {
      static const char *const decisions[] = { "win.mark-repeat", "win.mark-not-repeat", "win.make-primary" };
      ActionTurns *into[] = { &repeat, &not_repeat, &primary };

      for (guint d = 0; d < G_N_ELEMENTS (decisions); d++)
        {
          choose_member (&review);
          g_object_set_data (w, "bench-action", (gpointer) decisions[d]);
          time_action (into[d], act_window, decision_landed, &review);
          g_object_set_data (w, "bench-action", (gpointer) "win.undo");
          time_action (&undo, act_window, decision_landed, &review);
        }
      choose_member (&review);
      time_action (&note, act_note_and_repeat, decision_landed, &review);
      undo_now (&review);
      if (find_bridge (&review))
        {
          time_action (&split, act_split, decision_landed, &review);
          undo_now (&review);
        }
    }

  for (guint r = 0; r < 2; r++)
    {
      static const char *const january[2] = { "2025-01-01", "2025-01-31" }, *const open[2] = { "", "" };

      g_object_set_data (w, "bench-change", set_filters);
      g_object_set_data (w, "bench-change-data", (gpointer) all_other);
      time_action (&filter, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change-data", (gpointer) unreviewed);
      time_action (&filter, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change-data", (gpointer) any);
      time_action (&filter, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change", set_dates);
      g_object_set_data (w, "bench-change-data", (gpointer) january);
      time_action (&filter, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change-data", (gpointer) open);
      time_action (&filter, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change", set_search);
      g_object_set_data (w, "bench-change-data", (gpointer) "编号7");
      time_action (&search, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change-data", (gpointer) "某1");
      time_action (&search, act_list, list_settled, &review);
      g_object_set_data (w, "bench-change-data", (gpointer) "");
      time_action (&search, act_list, list_settled, &review);
      for (guint t = 0; t < G_N_ELEMENTS (typed); t++)
        {
          g_object_set_data (w, "bench-change-data", (gpointer) typed[t]);
          time_action (&typing, act_list, list_settled, &review);
        }
      g_object_set_data (w, "bench-change", sort_by_order);
      for (guint o = 0; o < MIN (n_orders, G_N_ELEMENTS (orders)); o++)
        {
          g_object_set_data (w, "bench-change-data", (gpointer) &orders[o]);
          time_action (&sort, act_list, list_settled, &review);
        }
      g_object_set_data (w, "bench-change-data", (gpointer) &by_risk);
      time_action (&risk, act_list, list_settled, &review);
      time_action (&export, act_export, exported, &review);
      time_action (&preview, act_open_preview, preview_ready, &review);
      for (guint k = 0; k < 4; k++)
        {
          review.pick = k % 2 == 0 ? pr_session_get_k (pr_window_get_session (window)) + 1
                                   : pr_session_get_k (pr_window_get_session (window));
          time_action (&preview_k, act_preview_k, preview_ready, &review);
        }
      gtk_window_destroy (GTK_WINDOW (threshold_dialog ()));
    }

  {
    const ActionTurns *all[] = { &choose, &strip, &difference, &repeat, &not_repeat, &primary, &split, &undo, &note,
                                 &filter, &search, &typing, &sort, &risk, &export, &preview, &preview_k };

    for (guint i = 0; i < G_N_ELEMENTS (all); i++)
      print_action (all[i]);
    if (split.times == 0)
      printf ("  (no bridge with one undecided record on its far side: no split)\n");
  }
  g_free (review.state);
}

/* The largest case of @clusters, and another of a few records. */
void
largest_and_other (GListModel     *clusters,
                   PrClusterItem **largest,
                   PrClusterItem **other)
{
  *largest = *other = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (clusters); i++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, i);
      guint n = pr_cluster_item_get_n_members (item);

      if (*largest == NULL || n > pr_cluster_item_get_n_members (*largest))
        *largest = item;
      if (*other == NULL && n >= 2 && n <= 6)
        *other = item;
    }
}
