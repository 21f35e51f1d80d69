/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A decision shown as saved, in the turn its write is known: when the
 * step is logged (undo becomes possible), the list's state and every
 * badge of the compare view already say what the log holds, with no
 * second reading of the case; a write that fails leaves every badge as it
 * was and says so. The oracles are the decision log read on a connection
 * of the test's own, and the compare view shown again from a fresh
 * reading of the case's records (the way it showed a case before).
 * The lag (key to badge) and the CPU are printed, not asserted.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

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

static PrReviewPage *
review_page (void)
{
  return PR_REVIEW_PAGE (find (GTK_WIDGET (window), PR_TYPE_REVIEW_PAGE, NULL));
}

static PrCompareView *
compare_view (void)
{
  return pr_review_page_get_compare_view (review_page ());
}

/* Every badge the compare view shows, in order, with the labels before
 * it: "title|text/classes;" each. */
static void
collect_badges (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "badge") && gtk_widget_get_visible (widget))
    {
      g_auto(GStrv) classes = gtk_widget_get_css_classes (widget);
      g_autofree char *joined = g_strjoinv (",", classes);

      /* With what it is the badge of: the record's title, or id and
       * distance in the strip (the labels before it). */
      for (GtkWidget *before = gtk_widget_get_first_child (gtk_widget_get_parent (widget)); before != widget;
           before = gtk_widget_get_next_sibling (before))
        if (GTK_IS_LABEL (before))
          g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (before)));
      g_string_append_printf (out, "%s/%s;\n", gtk_label_get_text (GTK_LABEL (widget)), joined);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_badges (child, out);
}

static char *
badges (void)
{
  GString *out = g_string_new (NULL);

  collect_badges (GTK_WIDGET (compare_view ()), out);
  return g_string_free (out, FALSE);
}

static gboolean
shows_settled (gpointer data)
{
  return pr_compare_view_get_item (compare_view ()) == data && pr_compare_view_get_settled (compare_view ());
}

/* The badges after the case's records are read again from the source
 * table: what the compare view showed before, a reading after the write. */
static char *
badges_read_afresh (PrClusterItem *item)
{
  /* Emptied first, so that what it shows next comes from the reading. */
  pr_compare_view_clear (compare_view (), "");
  pr_review_page_show_cluster (review_page (), item);
  g_assert_true (pr_review_page_get_fetching (review_page ()));
  while (pr_review_page_get_fetching (review_page ()) || !shows_settled (item))
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return badges ();
}

/* A connection of the test's own, in the database holding the log. */
static PrConnection *
store (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrConnection) any = pr_test_connect (params, NULL);
  g_autofree char *database = pr_test_query_value (any, "SELECT IFNULL(MIN(TABLE_SCHEMA), '') FROM "
                                                        "information_schema.TABLES WHERE TABLE_NAME = 'pr_decisions'");

  g_assert_cmpstr (database, !=, "");
  return pr_test_connect (params, database);
}

static guint64
decisions_about (PrConnection *root,
                 const char   *record_id,
                 const char   *verdict)
{
  g_autofree char *sql = g_strdup_printf ("SELECT COUNT(*) FROM pr_decisions WHERE record_id = '%s' AND verdict = '%s'",
                                          record_id, verdict);

  return pr_test_count_rows (root, sql);
}

/* CPU seconds (user + system) of this process and of the server. */
static double
own_cpu (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static double
server_cpu (void)
{
  return pr_test_process_cpu (pr_sample_server_get_pid (server));
}

static void
test_scan (void)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  pr_test_select_cluster (window, GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW, "cluster-list")), 1);
  pr_test_wait_until (shows_settled, pr_compare_view_get_item (compare_view ()));
  g_assert_cmpuint (pr_cluster_item_get_n_members (pr_compare_view_get_item (compare_view ())), >=, 4);
}

static gboolean
step_done (gpointer data)
{
  PrSession *session = pr_window_get_session (window);

  return pr_session_get_can_undo (session) || pr_session_get_can_redo (session);
}

/* One decision by its action, as its key gives it: iterates the main loop
 * until the step is logged (or refused), and returns the badges shown in
 * that very turn. The lag until the badges change is printed. */
static char *
decide_and_look (const char *action,
                 const char *before,
                 gboolean   *changed)
{
  gint64 start = g_get_monotonic_time ();
  double cpu = own_cpu (), server = server_cpu ();
  gint64 logged, shown = 0;
  char *at_logged;

  g_test_message ("%s on %s", action, pr_compare_view_get_selected_id (compare_view ()));
  if (!g_action_group_get_action_enabled (G_ACTION_GROUP (window), action + strlen ("win.")))
    g_error ("%s is not enabled", action);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  /* Neither while a step is under way; one of them once it is done. */
  g_assert_false (step_done (NULL));
  while (!step_done (NULL) && pr_window_get_error_text (window) == NULL)
    g_main_context_iteration (NULL, TRUE);
  logged = g_get_monotonic_time ();
  at_logged = badges ();
  if (g_strcmp0 (at_logged, before) != 0)
    shown = logged;
  else if (pr_window_get_error_text (window) == NULL)
    {
      /* Shown later (as once, after a second reading): how much later. */
      for (guint i = 0; i < 5000 && shown == 0; i++)
        {
          g_autofree char *now = NULL;

          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
          now = badges ();
          if (g_strcmp0 (now, before) != 0)
            shown = g_get_monotonic_time ();
        }
    }
  g_test_message ("%s: logged after %.0f ms, badges changed after %.0f ms; CPU %.3f s ours, %.3f s the server's",
                  action, (logged - start) / 1000.0, shown != 0 ? (shown - start) / 1000.0 : -1.0,
                  own_cpu () - cpu, server_cpu () - server);
  if (changed != NULL)
    *changed = shown != 0;
  return at_logged;
}

/* Ctrl+R, Ctrl+D, make primary, then Merge All: each shown as the log holds
 * it in the turn it is logged. */
static void
test_shown_when_logged (void)
{
  g_autoptr(PrConnection) root = store ();
  PrCompareView *compare = compare_view ();
  PrClusterItem *item = pr_compare_view_get_item (compare);
  static const struct { const char *action, *verdict; } steps[] = {
    { "win.mark-repeat", "repeat" },
    { "win.mark-not-repeat", "not_repeat" },
    { "win.make-primary", "primary" },
    { "win.merge", "merged" },
  };

  for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
    {
      g_autofree char *before = NULL;
      g_autofree char *record = NULL;
      g_autofree char *at_logged = NULL;
      g_autofree char *afresh = NULL;
      g_autofree char *state = NULL;

      /* Each on a record not decided yet, as the clerk goes on (Alt+→). */
      for (guint tries = 0; s > 0 && tries < pr_cluster_item_get_n_members (item); tries++)
        {
          int m = pr_cluster_item_find_member (item, pr_compare_view_get_selected_id (compare));

          if (m > 0 && pr_cluster_item_get_member (item, m)->state == PR_MEMBER_UNDECIDED)
            break;
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
        }
      before = badges ();
      record = g_strdup (pr_compare_view_get_selected_id (compare));
      g_assert_nonnull (record);
      g_assert_cmpuint (decisions_about (root, record, steps[s].verdict), ==, 0);
      at_logged = decide_and_look (steps[s].action, before, NULL);
      g_assert_null (pr_window_get_error_text (window));
      g_assert_true (pr_compare_view_get_item (compare) == item);
      /* In the log, read on a connection of the test's own. */
      if (g_str_equal (steps[s].verdict, "merged"))
        g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM pr_decisions WHERE verdict = 'merged'"), >, 0);
      else
        g_assert_cmpuint (decisions_about (root, record, steps[s].verdict), ==, 1);
      /* Shown so in the turn it was logged: the same badges as a fresh
       * reading of the case shows, and not those of before. */
      afresh = badges_read_afresh (item);
      g_assert_cmpstr (at_logged, ==, afresh);
      g_assert_cmpstr (at_logged, !=, before);
      /* The list follows the item, which follows the log. */
      g_object_get (item, "state", &state, NULL);
      {
        guint n = pr_cluster_item_get_n_members (item), repeats = 0, taken_out = 0;
        g_autofree char *partly = NULL;

        /* Of the records in the case beside the primary, as its size
         * counts them; those taken out apart. */
        for (guint m = 1; m < n; m++)
          {
            repeats += pr_cluster_item_get_member (item, m)->state == PR_MEMBER_REPEAT;
            taken_out += pr_cluster_item_get_member (item, m)->state == PR_MEMBER_NOT_REPEAT;
          }
        partly = taken_out > 0 ? g_strdup_printf ("%u of %u decided, %u taken out", repeats, n - 1 - taken_out, taken_out)
                               : g_strdup_printf ("%u of %u decided", repeats, n - 1);
        g_assert_cmpstr (state, ==, s == G_N_ELEMENTS (steps) - 1 ? "Reviewed" : partly);
      }
    }
}

/* A write the store refuses: the window says the decision was not
 * recorded, and every badge, the list's state and the log are as before. */
static void
test_failed_write (void)
{
  g_autoptr(PrConnection) root = store ();
  PrClusterItem *item = NULL;
  GtkSingleSelection *selection =
    GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                            "cluster-list"))));
  g_autofree char *before = NULL, *at_logged = NULL, *state_before = NULL, *state_after = NULL;
  g_autofree char *record = NULL;
  guint64 logged;

  /* A case of its own, not decided yet. */
  gtk_single_selection_set_selected (selection, 1);
  item = gtk_single_selection_get_selected_item (selection);
  pr_test_wait_until (shows_settled, item);
  record = g_strdup (pr_compare_view_get_selected_id (compare_view ()));
  before = badges ();
  g_object_get (item, "state", &state_before, NULL);
  logged = pr_test_count_rows (root, "SELECT COUNT(*) FROM pr_decisions");
  pr_test_execute (root, "CREATE TRIGGER refuse_all BEFORE INSERT ON pr_decisions FOR EACH ROW "
                         "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'the test refuses every decision'");
  at_logged = decide_and_look ("win.mark-repeat", before, NULL);
  pr_test_execute (root, "DROP TRIGGER refuse_all");
  g_assert_nonnull (pr_window_get_error_text (window));
  g_test_message ("refused: %s", pr_window_get_error_text (window));
  g_assert_true (g_str_has_prefix (pr_window_get_error_text (window), "The decision was not recorded"));
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM pr_decisions"), ==, logged);
  g_assert_cmpuint (decisions_about (root, record, "repeat"), ==, 0);
  g_assert_cmpstr (at_logged, ==, before);
  /* And some turns later, still. */
  for (guint i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_clear_pointer (&at_logged, g_free);
  at_logged = badges ();
  g_assert_cmpstr (at_logged, ==, before);
  g_object_get (item, "state", &state_after, NULL);
  g_assert_cmpstr (state_after, ==, state_before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
}

/* Lets the worker and the main loop fall quiet: the chain view's and
 * the poll's reading done, as between a clerk's keys. */
static void
let_settle (void)
{
  gint64 until = g_get_monotonic_time () + 400 * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

/* The lag from the key to the badge, printed: Ctrl+R, Ctrl+D, make
 * primary and Merge All, each undone (Ctrl+Z), on the records of a case
 * of its own, each after a pause. No
 * figure is asserted; each step is checked as above. */
static void
test_lag (void)
{
  GtkSingleSelection *selection =
    GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (find (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW,
                                                                            "cluster-list"))));
  PrClusterItem *item;
  guint n;

  gtk_single_selection_set_selected (selection, 2);
  item = gtk_single_selection_get_selected_item (selection);
  pr_test_wait_until (shows_settled, item);
  n = MIN (pr_cluster_item_get_n_members (item), 6);
  for (guint m = 1; m < n; m++)
    {
      const char *const verdicts[] = { "win.mark-repeat", "win.mark-not-repeat", "win.make-primary", "win.merge" };
      const char *const keys[] = { verdicts[(m - 1) % G_N_ELEMENTS (verdicts)], "win.undo" };

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *before = NULL;
          g_autofree char *after = NULL;

          gboolean changed = FALSE;

          let_settle ();
          before = badges ();
          after = decide_and_look (keys[k], before, &changed);
          g_assert_null (pr_window_get_error_text (window));
          g_assert_true (changed);
        }
      let_settle ();
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-record", NULL));
    }
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

  g_test_add_func ("/app/decision-shown/scan", test_scan);
  g_test_add_func ("/app/decision-shown/when-logged", test_shown_when_logged);
  g_test_add_func ("/app/decision-shown/failed-write", test_failed_write);
  g_test_add_func ("/app/decision-shown/lag", test_lag);
  status = g_test_run ();

  pr_test_close_and_finalize (window);
  g_assert_true (pr_sample_server_stop (server, NULL));
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
