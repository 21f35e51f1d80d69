/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * "Needs a judgement": the pairs the second stage is least sure of, those
 * nearest the probability threshold, nearest first — where a reviewer's
 * verdict teaches the weights the most. Choosing a pair shows it in the
 * compare view; a verdict given here goes into the decision log as any
 * other. "Learn from verdicts" learns the table's weights from the log
 * off the main thread and shows how they judge the verdicts beside the
 * shipped ones.
 */
#define G_LOG_DOMAIN "pr-unsure-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-judge.h"
#include "pr-focus.h"
#include "pr-application.h"
#include "pr-unsure-dialog.h"

/* The pairs listed: a reviewer judges a few dozen at a sitting. */
#define UNSURE_LISTED 50

struct _PrUnsureDialog
{
  GtkWindow     parent_instance;

  PrSession    *session;
  GtkWidget    *summary;
  GtkWidget    *list;
  GtkWidget    *learn_button;
  GtkWidget    *learned;
  GArray       *pairs;   /* PrScoredPair, as listed */
  GCancellable *cancellable;
  GCancellable *listing; /* the queue being listed */
  guint         busy;    /* verdicts, listing and learning under way */
};

enum {
  SIGNAL_SHOW_RECORD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (PrUnsureDialog, pr_unsure_dialog, GTK_TYPE_WINDOW)

/* Closed: what is under way is stopped and its callbacks find no
 * session. A window destroyed is disposed only at its last reference,
 * which a listing waiting for the queue's judging, a verdict or a
 * learning holds, so this runs as it leaves the screen. */
static void
shut (PrUnsureDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->listing != NULL)
    g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  /* Closed, the queue needs its pairs judged no more. */
  if (self->session != NULL)
    pr_session_unsure_stop (self->session);
  g_clear_object (&self->session);
  /* Finalized after its window, it must not reach back to it. */
  gtk_window_set_transient_for (GTK_WINDOW (self), NULL);
}

static void
pr_unsure_dialog_unrealize (GtkWidget *widget)
{
  shut (PR_UNSURE_DIALOG (widget));
  GTK_WIDGET_CLASS (pr_unsure_dialog_parent_class)->unrealize (widget);
}

static void
pr_unsure_dialog_dispose (GObject *object)
{
  PrUnsureDialog *self = PR_UNSURE_DIALOG (object);

  shut (self);
  g_clear_pointer (&self->pairs, g_array_unref);
  G_OBJECT_CLASS (pr_unsure_dialog_parent_class)->dispose (object);
}

static void
pr_unsure_dialog_class_init (PrUnsureDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = pr_unsure_dialog_dispose;
  GTK_WIDGET_CLASS (klass)->unrealize = pr_unsure_dialog_unrealize;

  /**
   * PrUnsureDialog::show-record:
   * @record_id: the record to show in the compare view, beside its primary
   */
  signals[SIGNAL_SHOW_RECORD] = g_signal_new ("show-record", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                              NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

/* "Learn from verdicts" waits for the verdicts, listing and learning
 * under way: learning reads the log, which a verdict under way may not
 * be in yet. */
static void
update_learn_button (PrUnsureDialog *self)
{
  gtk_widget_set_sensitive (self->learn_button, self->busy == 0);
}

typedef struct {
  PrUnsureDialog *dialog;
  PrScoredPair    pair;
} Verdict;

static void
judged (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(PrUnsureDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  gboolean done;

  self->busy--;
  done = pr_session_judge_pair_finish (PR_SESSION (object), result, &error);
  /* Closed meanwhile: its widgets are gone. */
  if (self->session == NULL)
    return;
  if (!done)
    {
      gtk_label_set_text (GTK_LABEL (self->learned), error->message);
      update_learn_button (self);
    }
  else
    pr_unsure_dialog_refresh (self);
}

static void
verdict_clicked (GtkButton *button,
                 gpointer   user_data)
{
  PrUnsureDialog *self = user_data;
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  int index = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
  PrVerdict verdict = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "verdict"));
  PrScoredPair *pair;

  if (index < 0 || (guint) index >= self->pairs->len)
    return;
  pair = &g_array_index (self->pairs, PrScoredPair, index);
  /* Once: the row goes when the queue is listed again. */
  gtk_widget_set_sensitive (row, FALSE);
  self->busy++;
  update_learn_button (self);
  pr_session_judge_pair_async (self->session, pair->a, pair->b, verdict, judged, g_object_ref (self));
}

static GtkWidget *
verdict_button (PrUnsureDialog *self,
                const char     *label,
                PrVerdict       verdict)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_object_set_data (G_OBJECT (button), "verdict", GINT_TO_POINTER (verdict));
  g_signal_connect (button, "clicked", G_CALLBACK (verdict_clicked), self);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static GtkWidget *
pair_row (PrUnsureDialog     *self,
          const PrScoredPair *pair)
{
  PrRecordSet *set = pr_session_get_record_set (self->session);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *likely = pr_session_format_probability (pair->probability);
  /* Translators: two record ids, then “52% likely a repeat” */
  g_autofree char *text = g_strdup_printf (_("%s and %s: %s"), (char *) set->ids->pdata[pair->a],
                                           (char *) set->ids->pdata[pair->b], likely);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), verdict_button (self, _("_Repeat"), PR_VERDICT_REPEAT));
  gtk_box_append (GTK_BOX (box), verdict_button (self, _("_Not a repeat"), PR_VERDICT_NOT_REPEAT));
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  return box;
}

/* The pair's later record is shown beside its primary: when the earlier
 * is that primary, the compare view shows the pair itself. Below the
 * threshold the later record may stand alone: then the earlier one's case
 * is shown, or, if both stand alone, the dialog says why nothing is. */
static void
row_activated (GtkListBox    *list,
               GtkListBoxRow *row,
               gpointer       user_data)
{
  PrUnsureDialog *self = user_data;
  int index = gtk_list_box_row_get_index (row);
  PrRecordSet *set = pr_session_get_record_set (self->session);
  const PrScoredPair *pair;
  const char *earlier, *later;
  g_autofree char *text = NULL;

  if (index < 0 || (guint) index >= self->pairs->len || set == NULL)
    return;
  pair = &g_array_index (self->pairs, PrScoredPair, index);
  earlier = set->ids->pdata[pair->a];
  later = set->ids->pdata[pair->b];
  if (pr_session_find_cluster (self->session, later) != NULL)
    g_signal_emit (self, signals[SIGNAL_SHOW_RECORD], 0, later);
  else if (pr_session_find_cluster (self->session, earlier) != NULL)
    g_signal_emit (self, signals[SIGNAL_SHOW_RECORD], 0, earlier);
  else
    {
      /* Translators: two record ids */
      text = g_strdup_printf (_("Records %s and %s are in no case: the pair was not judged a repeat, so there is "
                                "no case to compare them in. Decide it with the buttons beside it."),
                              earlier, later);
      gtk_label_set_text (GTK_LABEL (self->learned), text);
    }
}

static void
listed (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(PrUnsureDialog) self = user_data;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pairs = pr_session_unsure_finish (PR_SESSION (object), result, &error);

  self->busy--;
  if (self->session == NULL)
    return;
  /* A listing replaced may end after the one that replaced it: whichever
   * ends last gives the button back. */
  update_learn_button (self);
  /* Listed again since. */
  if (cancellable != self->listing)
    return;
  g_clear_object (&self->listing);
  if (pairs == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->summary), error->message);
      return;
    }
  pr_focus_leave (self->list, NULL);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (self->list)) != NULL)
      gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  }
  g_clear_pointer (&self->pairs, g_array_unref);
  self->pairs = g_steal_pointer (&pairs);
  for (guint i = 0; i < self->pairs->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->list), pair_row (self, &g_array_index (self->pairs, PrScoredPair, i)));
  /* The store keeps the scan's clusters and their members' numbers, not
   * the pairs between records outside every case, which can be the
   * nearest: a queue of the members' pairs alone would be wrong. */
  if (self->pairs->len == 0 && pr_session_get_record_set (self->session) != NULL &&
      pr_session_get_from_store (self->session))
    gtk_label_set_text (GTK_LABEL (self->summary),
                        _("These cases were opened from the store, which does not keep the pairs that need a "
                          "judgement: choose Scan Again to list them."));
  else if (pr_session_get_record_set (self->session) == NULL || self->pairs->len == 0)
    gtk_label_set_text (GTK_LABEL (self->summary),
                        _("No pair waits for a judgement. Pairs are judged when “Judge every pair” is on in the "
                          "menu: turn it on and scan again."));
  else
    gtk_label_set_text (GTK_LABEL (self->summary),
                        _("The pairs the program is least sure of, the least sure first: a verdict on each teaches "
                          "it the most. Choose a pair to compare it."));
}

/**
 * pr_unsure_dialog_refresh:
 *
 * Lists the queue again, off the main thread (pr_session_unsure_async ()):
 * after a verdict, here or in the compare view. A listing under way is
 * replaced; the judging it waited for goes on, and this one waits for it.
 */
void
pr_unsure_dialog_refresh (PrUnsureDialog *self)
{
  g_return_if_fail (PR_IS_UNSURE_DIALOG (self));
  /* Closed (shut ()), still held by what was under way. */
  if (self->session == NULL)
    return;
  if (self->listing != NULL)
    g_cancellable_cancel (self->listing);
  g_clear_object (&self->listing);
  self->listing = g_cancellable_new ();
  self->busy++;
  update_learn_button (self);
  pr_session_unsure_async (self->session, UNSURE_LISTED, self->listing, listed, g_object_ref (self));
}

static void
learned (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PrUnsureDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PrLearnReport report;

  self->busy--;
  if (!pr_session_learn_finish (PR_SESSION (object), result, &report, &error))
    {
      /* Cancelled: the dialog was closed, its widgets are gone. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->session == NULL)
        return;
      gtk_label_set_text (GTK_LABEL (self->learned), error->message);
      update_learn_button (self);
      return;
    }
  if (self->session == NULL)
    return;
  /* Translators: verdicts, then precision and recall (per cent) of the shipped weights and of those learned */
  text = g_strdup_printf (_("%u “repeat” and %u “not a repeat” verdicts. Shipped weights: %.0f%% of the pairs they "
                            "call repeats are, and they find %.0f%% of the repeats. Learned here (checked on "
                            "verdicts they did not learn from): %.0f%% and %.0f%%. %s"),
                          report.n_repeats, report.n_not, 100 * report.shipped_precision,
                          100 * report.shipped_recall, 100 * report.learned_precision, 100 * report.learned_recall,
                          report.kept_learned ? _("The learned weights are kept: the next scan uses them.")
                                              : _("The shipped weights are kept: those learned here are no better."));
  gtk_label_set_text (GTK_LABEL (self->learned), text);
  update_learn_button (self);
}

static void
learn_clicked (GtkButton *button,
               gpointer   user_data)
{
  PrUnsureDialog *self = user_data;

  gtk_label_set_text (GTK_LABEL (self->learned), _("Learning from the verdicts…"));
  self->busy++;
  update_learn_button (self);
  pr_session_learn_async (self->session, self->cancellable, learned, g_object_ref (self));
}

static void
pr_unsure_dialog_init (PrUnsureDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->cancellable = g_cancellable_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Needs a judgement"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 520);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  self->summary = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->summary), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0);
  gtk_box_append (GTK_BOX (box), self->summary);

  self->list = gtk_list_box_new ();
  gtk_widget_set_name (self->list, "unsure-list");
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->list), TRUE);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);

  self->learn_button = gtk_button_new_with_mnemonic (_("_Learn from verdicts"));
  gtk_widget_set_name (self->learn_button, "learn-button");
  gtk_widget_set_halign (self->learn_button, GTK_ALIGN_START);
  g_signal_connect (self->learn_button, "clicked", G_CALLBACK (learn_clicked), self);
  gtk_box_append (GTK_BOX (box), self->learn_button);

  self->learned = gtk_label_new (NULL);
  gtk_widget_set_name (self->learned, "learned");
  gtk_label_set_wrap (GTK_LABEL (self->learned), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->learned), 0);
  gtk_label_set_selectable (GTK_LABEL (self->learned), TRUE);
  gtk_box_append (GTK_BOX (box), self->learned);

  gtk_window_set_child (GTK_WINDOW (self), box);
}

PrUnsureDialog *
pr_unsure_dialog_new (GtkWindow *parent,
                      PrSession *session)
{
  PrUnsureDialog *self = g_object_new (PR_TYPE_UNSURE_DIALOG, "transient-for", parent, NULL);

  pr_application_add_transient (GTK_WINDOW (self));
  self->session = g_object_ref (session);
  pr_unsure_dialog_refresh (self);
  return self;
}

GtkListBox *
pr_unsure_dialog_get_list (PrUnsureDialog *self)
{
  return GTK_LIST_BOX (self->list);
}

gboolean
pr_unsure_dialog_get_busy (PrUnsureDialog *self)
{
  return self->busy > 0;
}

/* The line above the queue (for tests). */
const char *
pr_unsure_dialog_get_summary (PrUnsureDialog *self)
{
  return gtk_label_get_text (GTK_LABEL (self->summary));
}

const char *
pr_unsure_dialog_get_learned (PrUnsureDialog *self)
{
  return gtk_label_get_text (GTK_LABEL (self->learned));
}
