/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage in the window, on the sample petitions in a throwaway
 * mariadbd: with "Judge every pair" on, "Needs a judgement" lists the
 * pairs nearest the threshold in the order every judged pair sorted here
 * gives; choosing one shows it in compare, where "Why they match" draws
 * the score as parts that add up to the logit the features and shipped
 * weights give here; a verdict from the queue is in the store.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "pr-compare-view.h"
#include "pr-pair-judge.h"
#include "pr-sample-server.h"
#include "pr-score-view.h"
#include "pr-session-judge.h"
#include "pr-store.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"
#include "pr-unsure-dialog.h"
#include "pr-window.h"

#include "judged-pairs.h"

static char *dir;
static PrSampleServer *server;

static const char *
row_text (GtkListBoxRow *row)
{
  GtkWidget *box = gtk_list_box_row_get_child (row);

  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box)));
}

static gboolean
score_shown (gpointer data)
{
  PrScoreView *view = PR_SCORE_VIEW (pr_test_find_widget (data, PR_TYPE_SCORE_VIEW, "score-view"));
  guint n_parts;
  double bias;

  return view != NULL && gtk_widget_get_mapped (GTK_WIDGET (view)) &&
         pr_score_view_get_parts (view, &n_parts, &bias) != NULL && n_parts > 0;
}

static gboolean
compare_selected (gpointer data)
{
  PrWindow *window = data;
  PrCompareView *compare = g_object_get_data (G_OBJECT (window), "compare");
  const char *wanted = g_object_get_data (G_OBJECT (window), "wanted");

  return pr_compare_view_get_settled (compare) && g_strcmp0 (pr_compare_view_get_selected_id (compare), wanted) == 0;
}

static gboolean
dialog_idle (gpointer data)
{
  return !pr_unsure_dialog_get_busy (data);
}

static void
test_queue (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(GArray) judged = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = NULL;
  PrWindow *window;
  PrSession *session;
  PrRecordSet *set;
  PrUnsureDialog *dialog;
  GtkListBox *list;
  GtkListBoxRow *row;
  PrScoreView *score;
  const PrPairPart *parts;
  double features[PR_PAIR_N_FEATURES], bias, sum;
  guint n_parts, chosen = G_MAXUINT;
  const Judged *pair = NULL;

  window = pr_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, pr_connection_params_copy (params), "petitions");
  session = pr_window_get_session (window);
  /* Judge Every Pair is on unless unticked. */
  g_assert_true (pr_session_get_second_stage (session));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  set = pr_session_get_record_set (session);
  judged = judged_by_closeness (session);
  g_assert_cmpuint (judged->len, >, 100);

  /* The queue lists the nearest, in order. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  dialog = pr_window_get_unsure_dialog (window);
  g_assert_nonnull (dialog);
  list = pr_unsure_dialog_get_list (dialog);
  for (guint i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL; i++)
    {
      const Judged *expected = &g_array_index (judged, Judged, i);
      g_autofree char *prefix = g_strdup_printf ("%s and %s: ", (char *) set->ids->pdata[expected->a],
                                                 (char *) set->ids->pdata[expected->b]);

      g_assert_true (g_str_has_prefix (row_text (row), prefix));
      /* The first pair whose later record is in a case with the earlier as its primary. */
      if (chosen == G_MAXUINT)
        {
          PrClusterItem *item = pr_session_find_cluster (session, set->ids->pdata[expected->b]);

          if (item != NULL && g_strcmp0 (pr_cluster_item_get_primary_id (item), set->ids->pdata[expected->a]) == 0)
            chosen = i, pair = expected;
        }
      g_assert_cmpuint (i, <, 50);
    }
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 49));
  g_assert_cmpuint (chosen, !=, G_MAXUINT);

  /* Chosen, the pair is in compare, its score drawn as parts that add up. */
  g_object_set_data (G_OBJECT (window), "compare", pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_object_set_data (G_OBJECT (window), "wanted", set->ids->pdata[pair->b]);
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, chosen));
  pr_test_wait_until (compare_selected, window);
  pr_test_wait_until (score_shown, window);
  score = PR_SCORE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_SCORE_VIEW, "score-view"));
  parts = pr_score_view_get_parts (score, &n_parts, &bias);
  g_assert_cmpuint (pr_score_view_get_n_rows (score), ==, n_parts + 1);
  tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  g_assert_true (pr_pair_judge_features (tokenizer, pr_session_get_mapping (session), set, pair->a, pair->b, features,
                                         &error));
  g_assert_no_error (error);
  sum = bias;
  for (guint i = 0; i < n_parts; i++)
    sum += parts[i].part;
  g_assert_cmpfloat_with_epsilon (sum, pr_pair_model_logit (&pr_pair_model_default, features), 1e-9);
  g_assert_cmpfloat_with_epsilon (sum, parts[n_parts - 1].logit, 1e-9);
  pr_test_save_screenshot (GTK_WIDGET (window), "score-view.png");

  /* A verdict from the queue: in the store, and the pair leaves it. */
  {
    GtkWidget *box = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (list, 0));
    GtkWidget *not_repeat = gtk_widget_get_last_child (box);
    const Judged *first = &g_array_index (judged, Judged, 0);
    g_autofree char *prefix = g_strdup_printf ("%s and %s: ", (char *) set->ids->pdata[first->a],
                                               (char *) set->ids->pdata[first->b]);

    g_signal_emit_by_name (not_repeat, "clicked");
    pr_test_wait_until (dialog_idle, dialog);
    g_assert_false (g_str_has_prefix (row_text (gtk_list_box_get_row_at_index (list, 0)), prefix));
    g_assert_true (judged_verdict_stored (server, set->ids->pdata[first->b], set->ids->pdata[first->a],
                                          PR_VERDICT_NOT_REPEAT));
  }

  /* A pair of two records that stand alone: no case to show, and the
   * dialog says so rather than do nothing. */
  {
    guint alone = G_MAXUINT;

    /* The first is decided above and out of the queue. */
    for (guint i = 1; i < judged->len && i < 50 && alone == G_MAXUINT; i++)
      {
        const Judged *at = &g_array_index (judged, Judged, i);

        if (pr_session_find_cluster (session, set->ids->pdata[at->a]) == NULL &&
            pr_session_find_cluster (session, set->ids->pdata[at->b]) == NULL)
          alone = i;
      }
    g_assert_cmpuint (alone, !=, G_MAXUINT);
    for (guint r = 0; (row = gtk_list_box_get_row_at_index (list, r)) != NULL; r++)
      {
        const Judged *at = &g_array_index (judged, Judged, alone);
        g_autofree char *prefix = g_strdup_printf ("%s and %s: ", (char *) set->ids->pdata[at->a],
                                                   (char *) set->ids->pdata[at->b]);
        g_autofree char *said = g_strdup_printf ("Records %s and %s are in no case", (char *) set->ids->pdata[at->a],
                                                 (char *) set->ids->pdata[at->b]);

        if (!g_str_has_prefix (row_text (row), prefix))
          continue;
        g_signal_emit_by_name (list, "row-activated", row);
        g_assert_true (g_str_has_prefix (pr_unsure_dialog_get_learned (dialog), said));
        break;
      }
    g_assert_nonnull (row);
  }

  /* Learning with one verdict: too few, said so, nothing kept. */
  g_signal_emit_by_name (pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "learn-button"), "clicked");
  pr_test_wait_until (dialog_idle, dialog);
  g_assert_nonnull (strstr (pr_unsure_dialog_get_learned (dialog), "at least 5 of each"));

  pr_test_assert_controls_named (GTK_WIDGET (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  pr_test_close_and_finalize (window);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sample = NULL;
  int status;

  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  dir = pr_test_make_temp_dir ();
  sample = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  server = pr_sample_server_start (dir, sample, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui/score/queue", test_queue);
  status = g_test_run ();

  pr_sample_server_stop (server, NULL);
  pr_sample_server_free (server);
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
