/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * "Why they match", with the score: the second stage's probability that
 * the selected record repeats the primary, taken apart as a waterfall —
 * the starting point, then what each thing a reviewer weighs adds to the
 * score or takes from it, in a clerk's words (the same words as the CLI's
 * explain), each with a bar from the score before it to the score after.
 */
#define G_LOG_DOMAIN "pr-score-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-score-view.h"
#include "pr-focus.h"
#include "pr-session-judge.h"
#include "pr-window.h"

struct _PrScoreView
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkWidget  *headline;
  GtkWidget  *legend;
  GtkWidget  *rows;

  double      bias;
  double      threshold;
  PrPairPart  parts[PR_PAIR_N_FEATURES];
  guint       n_parts;
  double      low, high;  /* the bars' scale, in logits */
  guint       n_rows;
};

G_DEFINE_FINAL_TYPE (PrScoreView, pr_score_view, GTK_TYPE_WIDGET)

/* The bars' size, in pixels. */
#define BAR_WIDTH 160
#define BAR_HEIGHT 14

static void
pr_score_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PR_TYPE_SCORE_VIEW);
  G_OBJECT_CLASS (pr_score_view_parent_class)->dispose (object);
}

static void
pr_score_view_class_init (PrScoreViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pr_score_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-score-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PrScoreView, box);
  gtk_widget_class_bind_template_child (widget_class, PrScoreView, headline);
  gtk_widget_class_bind_template_child (widget_class, PrScoreView, legend);
  gtk_widget_class_bind_template_child (widget_class, PrScoreView, rows);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pr_score_view_init (PrScoreView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->threshold = PR_PAIR_DEFAULT_PROBABILITY;
}

GtkWidget *
pr_score_view_new (void)
{
  return g_object_new (PR_TYPE_SCORE_VIEW, NULL);
}

/* A bar's x for @logit, on the view's scale. */
static double
x_of (PrScoreView *self,
      double       logit,
      int          width)
{
  return (logit - self->low) / (self->high - self->low) * width;
}

/* One step of the waterfall: from the score before to the score after,
 * green toward a repeat, red away; the threshold a thin line. The row's
 * index is the data: -1 is the starting point. */
static void
draw_bar (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        data)
{
  PrScoreView *self = g_object_get_data (G_OBJECT (area), "score-view");
  int row = GPOINTER_TO_INT (data) - 1;
  double before = row <= 0 ? self->bias : self->parts[row - 1].logit;
  double after = row < 0 ? self->bias : self->parts[row].logit;
  double x0 = x_of (self, MIN (before, after), width), x1 = x_of (self, MAX (before, after), width);
  double cut = x_of (self, log (self->threshold / (1 - self->threshold)), width);

  if (row < 0)
    cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  else if (after >= before)
    cairo_set_source_rgb (cr, 0.18, 0.55, 0.24);
  else
    cairo_set_source_rgb (cr, 0.75, 0.22, 0.17);
  cairo_rectangle (cr, x0, 2, MAX (x1 - x0, 2), height - 4);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, floor (cut) + 0.5, 0);
  cairo_line_to (cr, floor (cut) + 0.5, height);
  cairo_stroke (cr);
}

static GtkWidget *
row_label (const char *text,
           gboolean    numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (label, TRUE);
    }
  return label;
}

static void
add_row (PrScoreView *self,
         int          index,
         const char  *words,
         const char  *part,
         double       logit)
{
  GtkWidget *bar = gtk_drawing_area_new ();
  g_autofree char *probability = g_strdup_printf ("%.0f%%", 100 * pr_pair_logit_probability (logit));
  guint row = self->n_rows++;

  g_object_set_data (G_OBJECT (bar), "score-view", self);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (bar), BAR_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (bar), BAR_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (bar), draw_bar, GINT_TO_POINTER (index + 1), NULL);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  gtk_grid_attach (GTK_GRID (self->rows), row_label (part, TRUE), 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->rows), bar, 1, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->rows), row_label (probability, TRUE), 2, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->rows), row_label (words, FALSE), 3, row, 1, 1);
}

static void
clear_rows (PrScoreView *self)
{
  GtkWidget *child;

  pr_focus_leave (self->rows, NULL);
  while ((child = gtk_widget_get_first_child (self->rows)) != NULL)
    gtk_grid_remove (GTK_GRID (self->rows), child);
  self->n_rows = 0;
}

/**
 * pr_score_view_set_parts:
 * @bias: the score before anything is weighed
 * @parts: the waterfall, as pr_pair_explain() makes it
 * @threshold: the probability from which a pair is a repeat
 *
 * Shows a score taken apart: a headline with the probability, then one
 * line per part.
 */
void
pr_score_view_set_parts (PrScoreView      *self,
                         double            bias,
                         const PrPairPart *parts,
                         guint             n_parts,
                         double            threshold)
{
  double logit = n_parts > 0 ? parts[n_parts - 1].logit : bias;
  double probability = pr_pair_logit_probability (logit);
  g_autofree char *likely = pr_session_format_probability (probability);
  g_autofree char *headline = NULL;

  g_return_if_fail (PR_IS_SCORE_VIEW (self));
  g_return_if_fail (n_parts <= PR_PAIR_N_FEATURES);
  self->bias = bias;
  self->threshold = CLAMP (threshold, 0.001, 0.999);
  self->n_parts = n_parts;
  memcpy (self->parts, parts, n_parts * sizeof *parts);

  /* The scale holds every step and the threshold, with a margin. */
  self->low = self->high = log (self->threshold / (1 - self->threshold));
  self->low = MIN (self->low, bias);
  self->high = MAX (self->high, bias);
  for (guint i = 0; i < n_parts; i++)
    {
      self->low = MIN (self->low, parts[i].logit);
      self->high = MAX (self->high, parts[i].logit);
    }
  self->low -= 0.5;
  self->high += 0.5;

  /* Translators: “92% likely a repeat”, then whether the second stage joins them */
  headline = g_strdup_printf (_("%s — %s"), likely,
                              probability >= threshold ? _("judged a repeat") : _("judged not a repeat"));
  gtk_label_set_text (GTK_LABEL (self->headline), headline);
  gtk_widget_set_visible (self->legend, TRUE);
  clear_rows (self);
  add_row (self, -1, _("a pair found as a candidate, before anything is weighed"), "", bias);
  for (guint i = 0; i < n_parts; i++)
    {
      g_autofree char *words = pr_pair_feature_describe (parts[i].feature, parts[i].value);
      g_autofree char *part = g_strdup_printf ("%+.2f", parts[i].part);

      add_row (self, i, words, part, parts[i].logit);
    }
}

/**
 * pr_score_view_show_pair:
 * @primary: @record: records of the session's scan
 *
 * Shows the second stage's score of the pair, that it is being judged,
 * or why there is none.
 *
 * Returns: %TRUE if there is a score to show, or one to come
 */
gboolean
pr_score_view_show_pair (PrScoreView *self,
                         PrSession   *session,
                         guint32      primary,
                         guint32      record)
{
  PrPairPart parts[PR_PAIR_N_FEATURES];
  g_autoptr(GError) error = NULL;
  guint n_parts;
  double bias;

  g_return_val_if_fail (PR_IS_SCORE_VIEW (self), FALSE);
  if (!pr_session_explain_pair_ready (session, primary, record, parts, &n_parts, &bias, &error))
    {
      clear_rows (self);
      self->n_parts = 0;
      gtk_label_set_text (GTK_LABEL (self->headline), error->message);
      gtk_widget_set_visible (self->legend, FALSE);
      /* Being judged: said until the parts come (PrSession::pair-judged). */
      return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING);
    }
  pr_score_view_set_parts (self, bias, parts, n_parts, pr_session_get_judge_threshold (session));
  return TRUE;
}

/**
 * pr_score_view_get_parts:
 *
 * Returns: the parts shown, and the starting point in @bias
 */
const PrPairPart *
pr_score_view_get_parts (PrScoreView *self,
                         guint       *n_parts,
                         double      *bias)
{
  g_return_val_if_fail (PR_IS_SCORE_VIEW (self), NULL);
  *n_parts = self->n_parts;
  *bias = self->bias;
  return self->parts;
}

/* The lines shown, the starting point's included. */
guint
pr_score_view_get_n_rows (PrScoreView *self)
{
  g_return_val_if_fail (PR_IS_SCORE_VIEW (self), 0);
  return self->n_rows;
}

/**
 * pr_score_view_attach:
 * @grid: the grid of "Why they match"
 * @item: the cluster compared
 * @selected: the selected member's index in @item (0: the primary)
 *
 * Shows the selected member's score against the primary under @grid's
 * other lines, in a score view made on first use; hidden when the scan
 * did not judge pairs or the primary is selected.
 */
void
pr_score_view_attach (GtkWidget     *grid,
                      PrClusterItem *item,
                      guint          selected)
{
  GtkWidget *window = gtk_widget_get_ancestor (grid, PR_TYPE_WINDOW);
  PrSession *session = window != NULL ? pr_window_get_session (PR_WINDOW (window)) : NULL;
  PrScoreView *view = g_object_get_data (G_OBJECT (grid), "pr-score-view");
  PrClusterMember *primary, *member;

  if (view == NULL)
    {
      view = PR_SCORE_VIEW (pr_score_view_new ());
      gtk_widget_set_name (GTK_WIDGET (view), "score-view");
      /* Below the grid's own rows, across its columns. */
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (view), 0, 100, 2, 1);
      g_object_set_data (G_OBJECT (grid), "pr-score-view", view);
    }
  /* A case of the scan before, still on show while another scan is
   * installed: its records' indices are not the session's. */
  if (session == NULL || !pr_session_holds_item (session, item) || selected == 0 ||
      selected >= pr_cluster_item_get_n_members (item))
    {
      gtk_widget_set_visible (GTK_WIDGET (view), FALSE);
      return;
    }
  pr_session_judge_case (session, item);
  primary = pr_cluster_item_get_member (item, 0);
  member = pr_cluster_item_get_member (item, selected);
  gtk_widget_set_visible (GTK_WIDGET (view),
                          pr_score_view_show_pair (view, session, primary->record, member->record));
}

/**
 * pr_score_view_add_probability:
 * @widget: a widget of the window that shows @item
 * @index: a member's index in @item
 * @title: (inout): the member's header, to which its probability of
 *   repeating the primary is added (“92% likely a repeat”) when the pair
 *   was judged, “judging…” while it is judged off the main thread, or,
 *   with no judged pair beside the primary, the record its strongest
 *   chain of judged pairs goes through and that chain's weakest pair
 *   (“linked through X, 60% likely a repeat”, pr_session_get_chain ())
 */
void
pr_score_view_add_probability (GtkWidget      *widget,
                               PrClusterItem  *item,
                               guint           index,
                               char          **title)
{
  GtkWidget *window = gtk_widget_get_ancestor (widget, PR_TYPE_WINDOW);
  PrSession *session = window != NULL ? pr_window_get_session (PR_WINDOW (window)) : NULL;
  g_autofree char *likely = NULL;
  char *with;
  double probability;

  /* A case of the scan before: its records' indices are not the session's. */
  if (session == NULL || !pr_session_holds_item (session, item))
    return;
  /* The pairs of the case shown before are not judged any longer. */
  pr_session_judge_case (session, item);
  if (index == 0 || index >= pr_cluster_item_get_n_members (item))
    return;
  probability = pr_session_get_probability (session, pr_cluster_item_get_member (item, 0)->record,
                                            pr_cluster_item_get_member (item, index)->record);
  if (probability == PR_SESSION_JUDGING)
    /* Translators: said of a pair of records whose probability is being computed */
    likely = g_strdup (_("judging…"));
  else if (probability >= 0)
    likely = pr_session_format_probability (probability);
  else
    {
      /* No pair with the primary judged: the chain of judged pairs it
       * joined by, named by the record it goes through and the number
       * of its weakest pair. */
      guint through;
      double weakest = pr_session_get_chain (session, item, index, &through);
      g_autofree char *chain = NULL;

      if (weakest < 0)
        return;
      chain = pr_session_format_probability (weakest);
      /* Translators: a record joined to the primary through another
       * (经 %s 关联，%s): the other's id, then “92% likely a repeat”, the
       * weakest pair's on the way */
      likely = g_strdup_printf (_("linked through %s, %s"), pr_cluster_item_get_member (item, through)->id, chain);
    }
  /* Translators: a record's header, then “92% likely a repeat” */
  with = g_strdup_printf (_("%s · %s"), *title, likely);
  g_free (*title);
  *title = with;
}
