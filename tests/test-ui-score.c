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
#include "pr-score-view.h"
#include "pr-session-judge.h"
#include "pr-session-judging.h"
#include "pr-session-private.h"
#include "pr-store.h"
#include "pr-test-server.h"
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
  pr_test_wait_until (dialog_idle, dialog);
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

/* The score's first line, when the view is shown. */
static const char *
headline (PrWindow *window)
{
  GtkWidget *view = pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_SCORE_VIEW, "score-view");

  if (view == NULL || !gtk_widget_get_mapped (view))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (pr_test_find_widget (view, GTK_TYPE_LABEL, "score-headline")));
}

static gboolean
headline_is (gpointer data)
{
  PrWindow *window = data;

  return g_strcmp0 (headline (window), g_object_get_data (G_OBJECT (window), "headline")) == 0;
}

/* A scan opened from the store without rescanning: the judge's line for
 * a member is the one the fresh scan showed (the oracle), not missing. */
static void
test_reopened_headline (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autofree char *member = NULL, *line = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  GtkColumnView *view;
  guint number;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (params), "petitions");
  compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_object_set_data (G_OBJECT (window), "compare", compare);
  number = pr_cluster_item_get_number (pr_compare_view_get_item (compare));
  pr_compare_view_select_member (compare, 1);
  member = g_strdup (pr_compare_view_get_selected_id (compare));
  g_object_set_data (G_OBJECT (window), "wanted", member);
  pr_test_wait_until (compare_selected, window);
  pr_test_wait_until (score_shown, window);
  line = g_strdup (headline (window));
  g_test_message ("after the scan, %s: %s", member, line);
  g_assert_nonnull (strstr (line, "likely a repeat"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-last-scan", NULL));
  pr_test_wait_until (pr_test_not_busy, window);
  g_assert_null (pr_window_get_error_text (window));
  g_assert_true (pr_session_get_from_store (pr_window_get_session (window)));
  pr_test_select_cluster (window, view, number);
  for (guint i = 0; i < 50 && g_strcmp0 (pr_compare_view_get_selected_id (compare), member) != 0; i++)
    pr_compare_view_select_member (compare, 1);
  pr_test_wait_until (compare_selected, window);
  g_object_set_data (G_OBJECT (window), "headline", line);
  pr_test_wait_until (headline_is, window);

  g_object_set_data (G_OBJECT (window), "headline", NULL);

  /* The queue of the reopened cases is empty (the store keeps no pairs
   * between records outside every case): it says to scan again, not to
   * turn on a second stage that is on. */
  g_assert_true (pr_session_get_second_stage (pr_window_get_session (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.unsure", NULL));
  {
    PrUnsureDialog *dialog = pr_window_get_unsure_dialog (window);

    g_assert_nonnull (dialog);
    pr_test_wait_until (dialog_idle, dialog);
    g_assert_null (gtk_list_box_get_row_at_index (pr_unsure_dialog_get_list (dialog), 0));
    g_test_message ("reopened queue: %s", pr_unsure_dialog_get_summary (dialog));
    g_assert_nonnull (strstr (pr_unsure_dialog_get_summary (dialog), "opened from the store"));
    g_assert_nonnull (strstr (pr_unsure_dialog_get_summary (dialog), "Scan Again"));
    g_assert_null (strstr (pr_unsure_dialog_get_summary (dialog), "turn it on"));
  }
  pr_test_close_and_finalize (window);
}

/* The first label under @widget that @match takes for @text. */
static GtkWidget *
find_label_where (GtkWidget  *widget,
                  gboolean  (*match) (GtkWidget *label, const char *text),
                  const char *text)
{
  if (GTK_IS_LABEL (widget) && match (widget, text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_where (child, match, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
reads (GtkWidget  *label,
       const char *text)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0;
}

static GtkWidget *
find_label_text (GtkWidget  *widget,
                 const char *text)
{
  return find_label_where (widget, reads, text);
}

/* The byte ranges of @label's attributes of @type, as "start-end ". */
static char *
ranges_of (GtkWidget      *label,
           PangoAttrType   type)
{
  PangoAttrList *attrs = gtk_label_get_attributes (GTK_LABEL (label));
  GSList *list = attrs != NULL ? pango_attr_list_get_attributes (attrs) : NULL;
  GString *text = g_string_new (NULL);

  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->klass->type == type)
        g_string_append_printf (text, "%u-%u ", attr->start_index, attr->end_index);
    }
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  return g_string_free (text, FALSE);
}

/* The case of sample records 2618 and 2698 scanned and shown, the one
 * of the two that is not its primary judged; returns that one's id. */
static const char *
judge_2618_or_2698 (PrWindow       *window,
                    PrCompareView **out_compare)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  PrCompareView *compare;
  GtkColumnView *view;
  PrClusterItem *item;
  const char *judged;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (params), "petitions");
  compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  g_object_set_data (G_OBJECT (window), "compare", compare);
  item = pr_session_find_cluster (pr_window_get_session (window), "2618");
  g_assert_nonnull (item);
  g_assert_true (pr_session_find_cluster (pr_window_get_session (window), "2698") == item);
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (item));
  judged = g_strcmp0 (pr_cluster_item_get_primary_id (item), "2618") == 0 ? "2698" : "2618";
  for (guint i = 0; i < 50 && g_strcmp0 (pr_compare_view_get_selected_id (compare), judged) != 0; i++)
    pr_compare_view_select_member (compare, 1);
  g_object_set_data (G_OBJECT (window), "wanted", (gpointer) judged);
  pr_test_wait_until (compare_selected, window);
  *out_compare = compare;
  return judged;
}

/* Two ID cards one digit apart (sample records 2618 …096699 and 2698
 * …096499): the record judged shows the primary's digit struck through
 * and its own underlined, the rest unmarked, not the whole value. */
static void
test_short_field_by_character (void)
{
  g_autofree char *underlined = NULL, *struck = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  const char *judged, *merged;
  GtkWidget *label;

  judged = judge_2618_or_2698 (window, &compare);

  /* By hand: 359609199209096 alike, the primary's digit, the record's, 99 alike. */
  merged = strcmp (judged, "2698") == 0 ? "3596091992090966499" : "3596091992090964699";
  label = find_label_text (GTK_WIDGET (compare), merged);
  g_assert_nonnull (label);
  struck = ranges_of (label, PANGO_ATTR_STRIKETHROUGH);
  underlined = ranges_of (label, PANGO_ATTR_UNDERLINE);
  g_assert_cmpstr (struck, ==, "15-16 ");
  g_assert_cmpstr (underlined, ==, "16-17 ");

  pr_test_close_and_finalize (window);
}

/* @label's text without the bytes that carry an attribute of @type. */
static char *
text_without (GtkWidget     *label,
              PangoAttrType  type)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));
  PangoAttrList *attrs = gtk_label_get_attributes (GTK_LABEL (label));
  GSList *list = attrs != NULL ? pango_attr_list_get_attributes (attrs) : NULL;
  gsize n = strlen (text);
  g_autofree gboolean *marked = g_new0 (gboolean, n + 1);
  GString *kept = g_string_new (NULL);

  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->klass->type == type)
        for (gsize i = attr->start_index; i < attr->end_index && i < n; i++)
          marked[i] = TRUE;
    }
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  for (gsize i = 0; i < n; i++)
    if (!marked[i])
      g_string_append_c (kept, text[i]);
  return g_string_free (kept, FALSE);
}

/* The first byte of @label that carries an attribute. */
static guint
first_marked (GtkWidget *label)
{
  PangoAttrList *attrs = gtk_label_get_attributes (GTK_LABEL (label));
  GSList *list = attrs != NULL ? pango_attr_list_get_attributes (attrs) : NULL;
  guint first = G_MAXUINT;

  for (GSList *l = list; l != NULL; l = l->next)
    first = MIN (first, ((PangoAttribute *) l->data)->start_index);
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  return first;
}

/* Whether @label, marked, reads @value once its struck-through (the
 * primary's own) characters are taken out. */
static gboolean
reads_as_judged (GtkWidget  *label,
                 const char *value)
{
  g_autofree char *judged = text_without (label, PANGO_ATTR_STRIKETHROUGH);

  return g_strcmp0 (judged, value) == 0 && !reads (label, value);
}

/* The submitted dates of sample records 2618 (2025-09-11 11:44:13) and
 * 2698 (2025-09-27 05:39:00): the record judged's date is marked by
 * character, as other short fields are: without what is struck through
 * it reads the record's own date, without what is underlined the
 * primary's, and the year and month they share are not marked. Beside
 * it, the gap counted by hand: 16 days, and which way. */
static void
test_date_by_character (void)
{
  g_autofree char *as_primary = NULL, *struck = NULL, *underlined = NULL;
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;
  const char *judged, *judged_date, *primary_date;
  GtkWidget *label, *caption;

  judged = judge_2618_or_2698 (window, &compare);

  judged_date = strcmp (judged, "2698") == 0 ? "2025-09-27 05:39:00" : "2025-09-11 11:44:13";
  primary_date = strcmp (judged, "2698") == 0 ? "2025-09-11 11:44:13" : "2025-09-27 05:39:00";
  label = find_label_where (GTK_WIDGET (compare), reads_as_judged, judged_date);
  g_assert_nonnull (label);
  as_primary = text_without (label, PANGO_ATTR_UNDERLINE);
  g_assert_cmpstr (as_primary, ==, primary_date);
  struck = ranges_of (label, PANGO_ATTR_STRIKETHROUGH);
  underlined = ranges_of (label, PANGO_ATTR_UNDERLINE);
  g_assert_cmpstr (struck, !=, "");
  g_assert_cmpstr (underlined, !=, "");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "2025-09-"));
  g_assert_cmpuint (first_marked (label), >=, strlen ("2025-09-"));

  caption = gtk_widget_get_next_sibling (label);
  g_assert_nonnull (caption);
  g_assert_true (GTK_IS_LABEL (caption));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (caption)), ==,
                   strcmp (judged, "2698") == 0 ? "16 days later than the primary" : "16 days earlier than the primary");

  pr_test_close_and_finalize (window);
}

/* A case of the scan before, still held by a view while a rescan is
 * installed: its members get no probability from the new scan, whose
 * record indices are other records'. */
static void
test_old_case_no_probability (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrClusterItem) old = NULL;
  g_autofree char *title = g_strdup ("member");
  PrWindow *window = pr_window_new (NULL);
  PrCompareView *compare;

  gtk_window_present (GTK_WINDOW (window));
  pr_test_scan_first_case (window, pr_connection_params_copy (params), "petitions");
  compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  old = g_object_ref (pr_compare_view_get_item (compare));
  pr_score_view_add_probability (GTK_WIDGET (compare), old, 1, &title);
  g_assert_nonnull (strstr (title, "likely a repeat"));

  pr_test_scan (window);
  g_assert_true (pr_session_find_cluster (pr_window_get_session (window), pr_cluster_item_get_primary_id (old)) != old);
  g_free (title);
  title = g_strdup ("member");
  pr_score_view_add_probability (GTK_WIDGET (compare), old, 1, &title);
  g_assert_cmpstr (title, ==, "member");
  pr_test_close_and_finalize (window);
}

/* The strongest chain's weakest pair from member 0 to member @to of a
 * case whose judged pairs are @link (n × n, −1 for none), found as the
 * highest probability at which the pairs at or above it join the two:
 * union–find, another way than the widest path the window takes. */
static double
weakest_by_thresholds (const double *link,
                       guint         n,
                       guint         to)
{
  g_autofree guint *parent = g_new (guint, n);
  double best = -1;

  for (guint c = 0; c < n * n; c++)
    {
      double t = link[c];
      gboolean joined;

      if (t < 0 || t <= best)
        continue;
      for (guint i = 0; i < n; i++)
        parent[i] = i;
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          if (link[i * n + j] >= t)
            {
              guint a = i, b = j;

              while (parent[a] != a)
                a = parent[a];
              while (parent[b] != b)
                b = parent[b];
              parent[a] = b;
            }
      {
        guint a = 0, b = to;

        while (parent[a] != a)
          a = parent[a];
        while (parent[b] != b)
          b = parent[b];
        joined = a == b;
      }
      if (joined)
        best = t;
    }
  return best;
}

/* @item's pairs as the session numbers them (@link) and as the scan
 * judged them alone (@scan), n × n, −1 for none. Returns FALSE while a
 * pair of it is being judged. */
static gboolean
session_links (PrSession     *session,
               PrClusterItem *item,
               double        *link,
               double        *scan)
{
  GArray *pairs = session->result->scored != NULL ? session->result->scored : session->stored_scored;
  guint n = pr_cluster_item_get_n_members (item);
  gboolean judging = FALSE;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        guint32 a = pr_cluster_item_get_member (item, i)->record, b = pr_cluster_item_get_member (item, j)->record;
        const PrScoredPair *pair = i == j ? NULL : pr_scored_pairs_find (pairs, a, b);

        link[i * n + j] = i == j ? -1 : pr_session_get_probability (session, a, b);
        judging |= link[i * n + j] == PR_SESSION_JUDGING;
        scan[i * n + j] = pair != NULL && pair->probability >= 0 ? pair->probability : -1;
      }
  return !judging;
}

/* Checks each record of @item with no number beside its primary against
 * the chain worked out apart from the window from @link; counts in
 * @beyond_scan those whose chain differs from the one by the scan's
 * numbers alone (@scan). Returns the records linked through another. */
static guint
check_linked_through (PrCompareView  *compare,
                      PrClusterItem  *item,
                      const double   *link,
                      const double   *scan,
                      guint          *beyond_scan,
                      PrClusterItem **linked,
                      guint          *linked_index)
{
  guint n = pr_cluster_item_get_n_members (item);
  guint found = 0;

  for (guint m = 1; m < n; m++)
    {
      double weakest;
      g_autofree char *title = g_strdup ("member");
      g_autofree char *likely = NULL;
      g_autofree char *prefix = NULL;
      const char *through;
      int at;

      if (link[m] != -1)
        continue;
      weakest = weakest_by_thresholds (link, n, m);
      if (weakest != weakest_by_thresholds (scan, n, m))
        (*beyond_scan)++;
      pr_score_view_add_probability (GTK_WIDGET (compare), item, m, &title);
      g_test_message ("case %u, %s: %s", pr_cluster_item_get_number (item), pr_cluster_item_get_member (item, m)->id,
                      title);
      if (weakest < 0)
        {
          g_assert_cmpstr (title, ==, "member");
          continue;
        }
      likely = pr_session_format_probability (weakest);
      g_assert_true (g_str_has_prefix (title, "member · linked through "));
      g_assert_true (g_str_has_suffix (title, likely));
      /* The record named is the case's, judged with this one at least as
       * likely as the chain's weakest pair. */
      prefix = g_strndup (title + strlen ("member · linked through "),
                          strlen (title) - strlen ("member · linked through ") - strlen (likely) - strlen (", "));
      through = prefix;
      at = pr_cluster_item_find_member (item, through);
      g_assert_cmpint (at, >=, 0);
      g_assert_cmpfloat (link[m * n + at], >=, weakest);
      if (*linked == NULL)
        {
          *linked = g_object_ref (item);
          *linked_index = m;
        }
      found++;
    }
  return found;
}

/* @item's title for its member @index, as its card shows it. */
static char *
member_title (PrCompareView *compare,
              PrClusterItem *item,
              guint          index)
{
  char *title = g_strdup ("member");

  pr_score_view_add_probability (GTK_WIDGET (compare), item, index, &title);
  return title;
}

/* A record of a case with no judged pair beside its primary says which
 * record it is linked through and the number of the weakest pair on its
 * strongest chain of judged pairs, as worked out apart from the window;
 * in the case on show, by the pairs the window judged since the scan as
 * well, once their numbers are in. */
static void
test_linked_through (void)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(PrClusterItem) linked = NULL;
  g_autoptr(PrClusterItem) other = NULL;
  g_autofree char *before = NULL, *after = NULL, *likely = NULL;
  g_autofree double *link = NULL, *scan = NULL;
  PrWindow *window = pr_window_new (NULL);
  GtkColumnView *view;
  PrSession *session;
  GListModel *clusters;
  PrCompareView *compare;
  PrScoredPair *pair;
  GArray *pairs;
  guint found = 0, beyond_scan = 0, index = 0, through = 0, n;
  float scanned;
  double number;

  gtk_window_present (GTK_WINDOW (window));
  view = pr_test_scan_first_case (window, pr_connection_params_copy (params), "petitions");
  session = pr_window_get_session (window);
  compare = PR_COMPARE_VIEW (pr_test_find_widget (GTK_WIDGET (window), PR_TYPE_COMPARE_VIEW, NULL));
  clusters = pr_session_get_clusters (session);

  /* The case on show once its pairs are judged, then the others by the
   * pairs judged so far. */
  for (guint c = 0; c <= g_list_model_get_n_items (clusters); c++)
    {
      g_autoptr(PrClusterItem) item = c == 0 ? g_object_ref (pr_compare_view_get_item (compare))
                                             : g_list_model_get_item (clusters, c - 1);
      g_autofree double *links = NULL, *scans = NULL;

      if (c > 0 && item == pr_compare_view_get_item (compare))
        continue;
      n = pr_cluster_item_get_n_members (item);
      links = g_new (double, n * n);
      scans = g_new (double, n * n);
      while (!session_links (session, item, links, scans) && c == 0)
        g_main_context_iteration (NULL, TRUE);
      found += check_linked_through (compare, item, links, scans, &beyond_scan, &linked, &index);
      if (other == NULL && c > 0 && item != linked)
        other = g_object_ref (item);
    }
  g_test_message ("%u records linked through another, %u by pairs judged since the scan", found, beyond_scan);
  g_assert_cmpuint (found, >, 0);
  g_assert_nonnull (other);

  /* The sample has no chain through a pair the scan left unjudged: one
   * is made so, the last pair of a record's chain taken from the scan's
   * numbers (as a scan with a store leaves a pair below its threshold),
   * and the window judges it again when its case is shown. */
  pr_test_select_cluster (window, view, pr_cluster_item_get_number (linked));
  g_assert_true (pr_compare_view_get_item (compare) == linked);
  g_assert_cmpfloat (pr_session_get_chain (session, linked, index, &through), >=, 0);
  pairs = session->result->scored != NULL ? session->result->scored : session->stored_scored;
  pair = (PrScoredPair *) pr_scored_pairs_find (pairs, pr_cluster_item_get_member (linked, through)->record,
                                                pr_cluster_item_get_member (linked, index)->record);
  g_assert_nonnull (pair);
  scanned = pair->probability;
  pair->probability = -1;
  /* Found again for another case first: the chains are the scan's now. */
  pr_session_get_chain (session, other, 1, &n);
  before = member_title (compare, linked, index);
  g_test_message ("%s, its pair with %s unjudged: %s", pr_cluster_item_get_member (linked, index)->id,
                  pr_cluster_item_get_member (linked, through)->id, before);
  while ((number = pr_session_get_probability (session, pair->a, pair->b)) == PR_SESSION_JUDGING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (number, >=, 0);

  n = pr_cluster_item_get_n_members (linked);
  link = g_new (double, n * n);
  scan = g_new (double, n * n);
  g_assert_true (session_links (session, linked, link, scan));
  g_assert_cmpfloat (link[index], ==, -1);
  likely = pr_session_format_probability (weakest_by_thresholds (link, n, index));
  after = member_title (compare, linked, index);
  g_test_message ("judged again (%.3f): %s", number, after);
  g_assert_true (g_str_has_prefix (after, "member · linked through "));
  g_assert_true (g_str_has_suffix (after, likely));
  /* The scan itself did not reach it through that pair. */
  g_assert_cmpfloat (weakest_by_thresholds (scan, n, index), !=, weakest_by_thresholds (link, n, index));

  pair->probability = scanned;
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

  g_test_add_func ("/ui/score/queue", test_queue);
  g_test_add_func ("/app/score-view/reopened", test_reopened_headline);
  g_test_add_func ("/app/score-view/old-case-no-probability", test_old_case_no_probability);
  g_test_add_func ("/app/score-view/linked-through", test_linked_through);
  g_test_add_func ("/app/compare-view/short-field-by-character", test_short_field_by_character);
  g_test_add_func ("/app/compare-view/date-by-character", test_date_by_character);
  status = g_test_run ();

  pr_sample_server_stop (server, NULL);
  pr_sample_server_free (server);
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
