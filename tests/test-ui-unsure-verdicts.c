/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The "needs a judgement" dialog when a clerk gives verdicts faster than
 * the queue's pairs are judged (held here until both verdicts are in):
 * each verdict lists the queue again, the judging under way is not
 * started again, and once it ends the dialog is idle, "Learn from
 * verdicts" can be pressed, and neither decided pair is listed; and
 * "Learn from verdicts" greyed from a verdict's click to its listing's
 * end, whether or not a learning ends meanwhile; and the window closed
 * while the judging is held.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-session-private.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-unsure-dialog.h"
#include "pr-window.h"

static char *dir;
static PrSampleServer *server;

static const char *
row_text (GtkListBoxRow *row)
{
  GtkWidget *box = gtk_list_box_row_get_child (row);

  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box)));
}

static gboolean
dialog_idle (gpointer data)
{
  return !pr_unsure_dialog_get_busy (data);
}

/* A window that scanned the sample, its queue open and listed, "Learn
 * from verdicts" ready. */
static PrWindow *
open_queue (PrSession      **session,
            PrUnsureDialog **dialog,
            GtkWidget      **learn)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  PrWindow *window = pr_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (params), "petitions");
  *session = pr_window_get_session (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  *dialog = pr_window_get_unsure_dialog (window);
  pr_test_wait_until (dialog_idle, *dialog);
  *learn = pr_test_find_widget (GTK_WIDGET (*dialog), GTK_TYPE_BUTTON, "learn-button");
  g_assert_true (gtk_widget_get_sensitive (*learn));
  return window;
}

typedef struct {
  PrSession *session;
  guint      n_decisions;
  guint      n_waiting;
} Waited;

/* The verdict is logged and the listing it asked for waits. */
static gboolean
verdict_waiting (gpointer data)
{
  Waited *waited = data;

  return g_hash_table_size (waited->session->decisions) == waited->n_decisions &&
         waited->session->unsure_waiting != NULL && waited->session->unsure_waiting->len == waited->n_waiting;
}

static void
test_verdicts_while_judging (void)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  PrWindow *window;
  PrSession *session;
  PrUnsureDialog *dialog;
  GtkListBox *list;
  GtkWidget *learn;
  GtkListBoxRow *row;
  GMutex gate;
  guint passes, decisions;

  window = open_queue (&session, &dialog, &learn);
  list = pr_unsure_dialog_get_list (dialog);
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 1));
  first = g_strdup (row_text (gtk_list_box_get_row_at_index (list, 0)));
  second = g_strdup (row_text (gtk_list_box_get_row_at_index (list, 1)));

  /* The next listing needs a pass (as after a k applied), held. */
  g_clear_pointer (&session->unsure_scored, g_array_unref);
  g_mutex_init (&gate);
  g_mutex_lock (&gate);
  session->unsure_gate = &gate;
  passes = session->unsure_n_passes;
  decisions = g_hash_table_size (session->decisions);
  for (guint v = 0; v < 2; v++)
    {
      Waited waited = { session, decisions + v + 1, v + 1 };
      GtkWidget *box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (list, v));

      g_signal_emit_by_name (gtk_widget_get_last_child (box), "clicked");
      pr_test_wait_until (verdict_waiting, &waited);
      g_assert_false (gtk_widget_get_sensitive (learn));
    }
  g_mutex_unlock (&gate);
  pr_test_wait_until (dialog_idle, dialog);
  session->unsure_gate = NULL;
  g_mutex_clear (&gate);

  g_assert_cmpuint (session->unsure_n_passes - passes, ==, 1);
  g_assert_true (gtk_widget_get_sensitive (learn));
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 0));
  for (guint r = 0; (row = gtk_list_box_get_row_at_index (list, r)) != NULL; r++)
    {
      g_assert_cmpstr (row_text (row), !=, first);
      g_assert_cmpstr (row_text (row), !=, second);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  pr_test_close_and_finalize (window);
}

static gboolean
learning_over (gpointer data)
{
  const char *learned = pr_unsure_dialog_get_learned (data);

  return learned != NULL && *learned != '\0' && !g_str_equal (learned, _("Learning from the verdicts…"));
}

typedef struct {
  PrUnsureDialog *dialog;
  guint           n_early;  /* times the button came back with work under way */
} Watch;

static void
learn_sensitive_changed (GtkWidget  *learn,
                         GParamSpec *pspec,
                         gpointer    data)
{
  Watch *watch = data;

  watch->n_early += gtk_widget_get_sensitive (learn) && pr_unsure_dialog_get_busy (watch->dialog);
}

/* Learning reads the decision log: while a verdict is being logged, or
 * the queue listed after it, "Learn from verdicts" cannot be pressed,
 * even once a learning started before ends. */
static void
test_learn_waits_for_verdicts (void)
{
  PrWindow *window;
  PrSession *session;
  PrUnsureDialog *dialog;
  GtkWidget *learn, *box;
  GtkListBox *list;
  GMutex gate;
  Watch watch = { NULL, 0 };
  gulong watching;

  window = open_queue (&session, &dialog, &learn);
  list = pr_unsure_dialog_get_list (dialog);

  /* A verdict clicked: greyed at once, before it is logged. */
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 2));
  box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (list, 0));
  g_signal_emit_by_name (gtk_widget_get_last_child (box), "clicked");
  g_assert_false (gtk_widget_get_sensitive (learn));
  pr_test_wait_until (dialog_idle, dialog);
  g_assert_true (gtk_widget_get_sensitive (learn));

  /* Learning, then a verdict whose listing is held: the learning ends
   * first, the button stays greyed until the listing ends. */
  g_clear_pointer (&session->unsure_scored, g_array_unref);
  g_mutex_init (&gate);
  g_mutex_lock (&gate);
  session->unsure_gate = &gate;
  watch.dialog = dialog;
  watching = g_signal_connect (learn, "notify::sensitive", G_CALLBACK (learn_sensitive_changed), &watch);
  g_signal_emit_by_name (learn, "clicked");
  box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (list, 0));
  g_signal_emit_by_name (gtk_widget_get_last_child (box), "clicked");
  pr_test_wait_until (learning_over, dialog);
  g_test_message ("learned: %s", pr_unsure_dialog_get_learned (dialog));
  g_assert_true (pr_unsure_dialog_get_busy (dialog));
  g_assert_false (gtk_widget_get_sensitive (learn));
  g_mutex_unlock (&gate);
  pr_test_wait_until (dialog_idle, dialog);
  session->unsure_gate = NULL;
  g_mutex_clear (&gate);
  g_signal_handler_disconnect (learn, watching);
  g_assert_cmpuint (watch.n_early, ==, 0);
  g_assert_true (gtk_widget_get_sensitive (learn));
  gtk_window_destroy (GTK_WINDOW (dialog));
  pr_test_close_and_finalize (window);
}

/* The window closed while the queue's judging is held and a listing
 * waits for it: the judging is stopped at once, though the listing holds
 * the queue's dialog, the listing ends, and the dialog and the session
 * go once the judging's thread lets them, after the window. */
/* open_queue (), its judging then held at @gate (locked, for the
 * caller to unlock) and a verdict given on its first pair, whose listing
 * waits for the judging. */
static PrWindow *
open_queue_held (PrSession      **session,
                 PrUnsureDialog **dialog,
                 GMutex          *gate)
{
  GtkWidget *learn, *box;
  PrWindow *window = open_queue (session, dialog, &learn);
  Waited waited = { *session, 0, 1 };

  g_clear_pointer (&(*session)->unsure_scored, g_array_unref);
  g_mutex_init (gate);
  g_mutex_lock (gate);
  (*session)->unsure_gate = gate;
  waited.n_decisions = g_hash_table_size ((*session)->decisions) + 1;
  box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (pr_unsure_dialog_get_list (*dialog), 0));
  g_signal_emit_by_name (gtk_widget_get_last_child (box), "clicked");
  pr_test_wait_until (verdict_waiting, &waited);
  return window;
}

static void
test_closed_while_judging (void)
{
  PrWindow *window;
  PrSession *session;
  PrUnsureDialog *dialog;
  GMutex gate;
  gpointer weak;

  window = open_queue_held (&session, &dialog, &gate);
  weak = session;
  g_object_add_weak_pointer (G_OBJECT (session), &weak);
  pr_test_close_and_finalize (window);
  /* Held by the judging's task, which the queue closed has stopped. */
  g_assert_nonnull (weak);
  g_assert_nonnull (session->unsure_pass);
  g_assert_true (g_cancellable_is_cancelled (g_task_get_cancellable (session->unsure_pass)));
  g_mutex_unlock (&gate);
  pr_test_wait_until (pr_test_is_null, &weak);
  g_mutex_clear (&gate);
}

/* The queue closed while a verdict's listing holds it, then asked for
 * again: another dialog opens, listed, and stays the window's after the
 * closed one is freed. */
static void
test_reopened_while_held (void)
{
  PrWindow *window;
  PrSession *session;
  PrUnsureDialog *dialog, *again;
  GMutex gate;
  gpointer weak;

  window = open_queue_held (&session, &dialog, &gate);
  weak = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  again = pr_window_get_unsure_dialog (window);
  g_assert_nonnull (again);
  g_assert_true (again != weak);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (again)));
  g_mutex_unlock (&gate);
  pr_test_wait_until (pr_test_is_null, &weak);
  pr_test_wait_until (dialog_idle, again);
  g_assert_true (pr_window_get_unsure_dialog (window) == again);
  g_assert_nonnull (gtk_list_box_get_row_at_index (pr_unsure_dialog_get_list (again), 0));
  session->unsure_gate = NULL;
  g_mutex_clear (&gate);
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  dir = pr_test_make_temp_dir ();
  server = pr_test_start_sample_server (dir);
  g_test_add_func ("/ui/unsure/verdicts-while-judging", test_verdicts_while_judging);
  g_test_add_func ("/ui/unsure/learn-waits-for-verdicts", test_learn_waits_for_verdicts);
  g_test_add_func ("/ui/unsure/closed-while-judging", test_closed_while_judging);
  g_test_add_func ("/ui/unsure/reopened-while-held", test_reopened_while_held);
  status = g_test_run ();
  pr_sample_server_stop (server, NULL);
  pr_sample_server_free (server);
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
