/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrThresholdDialog: the threshold preview after a scan — the pairs at
 * each distance 0..k + 3 as bars with a few sample pairs, and a k to try:
 * each new k regroups the scan's records on a worker (the last one asked
 * for wins; an older one is cancelled), and Apply puts those clusters in
 * the window's list. The pair search behind it runs once per scan, off
 * the main thread (pr_session_threshold_preview_async ()).
 */
#define G_LOG_DOMAIN "pr-threshold-dialog"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pr-application.h"
#include "pr-threshold-dialog.h"

struct _PrThresholdDialog
{
  GtkWindow           parent_instance;

  GtkWidget          *status_label;
  GtkWidget          *progress_bar;
  GtkWidget          *histogram;
  GtkWidget          *k_spin;
  GtkWidget          *result_label;
  GtkWidget          *apply_button;

  PrSession          *session;
  PrThresholdPreview *preview;
  PrSessionRegroup   *regroup;     /* the clusters at the k shown, once made */
  GCancellable       *loading;
  GCancellable       *regrouping;
  GCancellable       *applying;
  GPtrArray          *rows;        /* GtkWidget: the distance label of each bar's row */
  PrJudgeProgress    *progress;    /* the judging's, shared with the worker */
  guint               progress_source;
};

/* How often the bar reads the worker's count: a few times a second is
 * enough to see it move, and costs the main loop nothing. */
#define PROGRESS_INTERVAL_MS 200

G_DEFINE_FINAL_TYPE (PrThresholdDialog, pr_threshold_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_APPLIED,
  SIGNAL_SHOW_RECORD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_sample (GtkButton         *button,
             PrThresholdDialog *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "record-id");
  const char *other = g_object_get_data (G_OBJECT (button), "other-id");
  PrClusterItem *item = pr_session_find_cluster (self->session, id);

  /* The pair beside each other: the primary is always shown, so the one
   * to choose is the pair's record that is not the primary. */
  if (item != NULL && g_strcmp0 (pr_cluster_item_get_primary_id (item), id) == 0 &&
      pr_session_find_cluster (self->session, other) == item)
    id = other;
  g_signal_emit (self, signals[SIGNAL_SHOW_RECORD], 0, id);
  gtk_window_close (GTK_WINDOW (self));
}

/* The bars: one row per distance, its length on a log scale (the counts
 * run from a handful to millions), the count beside it in words, and a
 * few pairs to look at. */
static void
fill_histogram (PrThresholdDialog *self)
{
  guint kmax = pr_threshold_preview_get_kmax (self->preview);
  guint64 largest = 0;

  for (guint d = 0; d <= kmax; d++)
    largest = MAX (largest, pr_threshold_preview_get_count (self->preview, d));
  gtk_grid_attach (GTK_GRID (self->histogram), gtk_label_new (C_("threshold histogram", "Distance")), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->histogram), gtk_label_new (C_("threshold histogram", "Pairs (bars on a log scale)")), 1, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (self->histogram), gtk_label_new (C_("threshold histogram", "Sample pairs (record ids)")),
                   3, 0, 1, 1);
  for (guint d = 0; d <= kmax; d++)
    {
      guint64 count = pr_threshold_preview_get_count (self->preview, d);
      g_autofree char *distance = g_strdup_printf ("%u", d);
      g_autofree char *count_text = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
      /* Translators: the accessible label of a bar of the histogram */
      g_autofree char *label = g_strdup_printf (ngettext ("Distance %u: %llu pair", "Distance %u: %llu pairs", count),
                                                d, (unsigned long long) count);
      GtkWidget *distance_label = gtk_label_new (distance);
      GtkWidget *bar = gtk_level_bar_new_for_interval (0, 1);
      GtkWidget *count_label = gtk_label_new (count_text);
      GtkWidget *samples = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      guint n_samples;
      const PrPair *pairs = pr_threshold_preview_get_samples (self->preview, d, &n_samples);

      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), largest == 0 ? 0 : log1p ((double) count) / log1p ((double) largest));
      /* No colours for low or full: a bar is a count, not a warning. */
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_widget_set_hexpand (bar, TRUE);
      gtk_widget_set_size_request (bar, 160, -1);
      gtk_widget_set_tooltip_text (bar, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_label_set_xalign (GTK_LABEL (count_label), 1);
      for (guint s = 0; s < n_samples; s++)
        {
          PrRecordSet *set = NULL;
          const char *a, *b;
          g_autofree char *text = NULL;
          g_autofree char *tip = NULL;
          GtkWidget *button;

          set = pr_session_get_record_set (self->session);
          a = set->ids->pdata[pairs[s].a];
          b = set->ids->pdata[pairs[s].b];
          text = g_strdup_printf ("%s–%s", a, b);
          /* Translators: a sample pair's tooltip; %s is a record id */
          tip = g_strdup_printf (_("Show the case of record %s"), a);
          button = gtk_button_new_with_label (text);
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_tooltip_text (button, tip);
          /* Only a record in a cluster of the list can be shown. */
          gtk_widget_set_sensitive (button, pr_session_find_cluster (self->session, a) != NULL);
          g_object_set_data_full (G_OBJECT (button), "record-id", g_strdup (a), g_free);
          g_object_set_data_full (G_OBJECT (button), "other-id", g_strdup (b), g_free);
          g_signal_connect (button, "clicked", G_CALLBACK (show_sample), self);
          gtk_box_append (GTK_BOX (samples), button);
        }
      if (n_samples == 0)
        gtk_box_append (GTK_BOX (samples), gtk_label_new (C_("sample pairs", "none")));
      gtk_grid_attach (GTK_GRID (self->histogram), distance_label, 0, d + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->histogram), bar, 1, d + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->histogram), count_label, 2, d + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->histogram), samples, 3, d + 1, 1, 1);
      g_ptr_array_add (self->rows, distance_label);
      g_object_set_data (G_OBJECT (distance_label), "bar", bar);
    }
}

/* The distances beyond k are dimmed: pairs there are not repeats at k
 * (unless they share sentences). */
static void
mark_within_k (PrThresholdDialog *self,
               guint              k)
{
  for (guint d = 0; d < self->rows->len; d++)
    {
      GtkWidget *label = self->rows->pdata[d];
      GtkWidget *bar = g_object_get_data (G_OBJECT (label), "bar");

      if (d > k)
        {
          gtk_widget_add_css_class (label, "threshold-beyond");
          gtk_widget_add_css_class (bar, "threshold-beyond");
        }
      else
        {
          gtk_widget_remove_css_class (label, "threshold-beyond");
          gtk_widget_remove_css_class (bar, "threshold-beyond");
        }
    }
}

static char *
describe (const PrThresholdSummary *summary)
{
  /* The k in use itself: one sentence, not the same one twice. */
  if (summary->k == summary->base_k)
    /* Translators: the cases at the k in use, e.g. "At k = 3, the k in use — cases: 183, records in them: 497, pairs: 404" */
    return g_strdup_printf (_("At k = %u, the k in use — cases: %u, records in them: %llu, pairs: %llu"),
                            summary->k, summary->n_clusters, (unsigned long long) summary->n_clustered,
                            (unsigned long long) summary->n_pairs);
  /* Translators: the cases at the k chosen, then at the k in use, e.g.
   * "At k = 5 — cases: 194 (+36 new, −25 gone), records in them: 523, pairs: 474 (+70). At k = 3 — cases: 183, pairs: 404" */
  return g_strdup_printf (_("At k = %u — cases: %u (+%u new, −%u gone), records in them: %llu, pairs: %llu (%+lld). "
                            "At k = %u — cases: %u, pairs: %llu"),
                          summary->k, summary->n_clusters, summary->clusters_added, summary->clusters_removed,
                          (unsigned long long) summary->n_clustered, (unsigned long long) summary->n_pairs,
                          (long long) summary->n_pairs - (long long) summary->base_n_pairs,
                          summary->base_k, summary->base_n_clusters, (unsigned long long) summary->base_n_pairs);
}

typedef struct {
  PrThresholdDialog *self;
  GCancellable      *cancellable;
} Pending;

static void
pending_free (Pending *pending)
{
  g_object_unref (pending->self);
  g_object_unref (pending->cancellable);
  g_free (pending);
}

static void
regrouped (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Pending *pending = user_data;
  /* Held here: closed meanwhile, the dialog may have no other owner
   * once the work's own reference goes. */
  g_autoptr(PrThresholdDialog) self = g_object_ref (pending->self);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrSessionRegroup) regroup = pr_session_regroup_finish (PR_SESSION (object), result, &error);
  g_autofree char *text = NULL;

  /* A newer k took over. */
  if (self->regrouping != pending->cancellable)
    {
      pending_free (pending);
      return;
    }
  g_clear_object (&self->regrouping);
  pending_free (pending);
  if (regroup == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->result_label), error->message);
      return;
    }
  text = describe (pr_session_regroup_get_summary (regroup));
  gtk_label_set_text (GTK_LABEL (self->result_label), text);
  self->regroup = g_steal_pointer (&regroup);
  gtk_widget_set_sensitive (self->apply_button,
                            pr_session_regroup_get_summary (self->regroup)->k != pr_session_get_k (self->session));
}

static void
k_changed (PrThresholdDialog *self)
{
  guint k = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->k_spin));
  Pending *pending;

  if (self->preview == NULL)
    return;
  /* Cancel and replace: only the last k asked for is shown, or applied. */
  if (self->regrouping != NULL)
    g_cancellable_cancel (self->regrouping);
  if (self->applying != NULL)
    g_cancellable_cancel (self->applying);
  g_clear_object (&self->regrouping);
  g_clear_object (&self->applying);
  g_clear_pointer (&self->regroup, pr_session_regroup_free);
  gtk_widget_set_sensitive (self->apply_button, FALSE);
  mark_within_k (self, k);
  /* Translators: while the clusters at another k are made */
  gtk_label_set_text (GTK_LABEL (self->result_label), _("Grouping…"));
  self->regrouping = g_cancellable_new ();
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->cancellable = g_object_ref (self->regrouping);
  pr_session_regroup_async (self->session, self->preview, k, self->regrouping, regrouped, pending);
}

static void
preview_loaded (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Pending *pending = user_data;
  /* Held here: closed meanwhile, the dialog may have no other owner
   * once the work's own reference goes. */
  g_autoptr(PrThresholdDialog) self = g_object_ref (pending->self);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrThresholdPreview) preview = pr_session_threshold_preview_finish (PR_SESSION (object), result, &error);
  guint k;
  g_autofree char *scanned = NULL;
  g_autofree char *limit = NULL;
  g_autofree char *status = NULL;

  if (g_cancellable_is_cancelled (pending->cancellable))
    {
      pending_free (pending);
      return;
    }
  pending_free (pending);
  g_clear_object (&self->loading);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  gtk_widget_set_visible (self->progress_bar, FALSE);
  if (preview == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status_label), error->message);
      return;
    }
  self->preview = g_steal_pointer (&preview);
  k = pr_session_get_k (self->session);
  /* Translators: above the histogram; the scan's k, and the largest k previewed */
  scanned = g_strdup_printf (_("Scanned at k = %u, the cases now at k = %u; every k up to %u can be tried."),
                             pr_threshold_preview_get_k (self->preview), k,
                             pr_threshold_preview_get_kmax (self->preview));
  /* With the limit, when there is one, on a line of its own. */
  limit = pr_threshold_preview_describe_limit (self->preview);
  status = g_strjoin ("\n", scanned, limit, NULL);
  gtk_label_set_text (GTK_LABEL (self->status_label), status);
  fill_histogram (self);
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->k_spin), 0, pr_threshold_preview_get_kmax (self->preview));
  gtk_widget_set_sensitive (self->k_spin, TRUE);
  /* Setting the value the spin has already says nothing. */
  if ((guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->k_spin)) == k)
    k_changed (self);
  else
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->k_spin), k);
  gtk_widget_grab_focus (self->k_spin);
}

/* The worker counts the candidates it has judged; the bar reads the
 * count on a timer, so the work never posts to the main loop. Before
 * the judging starts (the pairs being found) it only pulses. */
static gboolean
show_progress (gpointer user_data)
{
  PrThresholdDialog *self = user_data;
  /* The count first: the total grows before it (a second pass), so the
   * count read first is never past the total read after. */
  gint done = g_atomic_int_get (&self->progress->done);
  gint total = g_atomic_int_get (&self->progress->total);

  if (total <= 0)
    {
      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), NULL);
      gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
    }
  else
    {
      g_autofree char *text = NULL;

      /* Translators: the threshold preview's progress, e.g. "Judged 1200 of 52000 candidate pairs" */
      text = g_strdup_printf (ngettext ("Judged %d of %d candidate pair", "Judged %d of %d candidate pairs", total),
                              MIN (done, total), total);
      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), text);
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), MIN (1.0, (double) done / total));
    }
  return G_SOURCE_CONTINUE;
}

static void
apply_clicked (PrThresholdDialog *self)
{
  pr_threshold_dialog_apply (self);
}

static void
pr_threshold_dialog_dispose (GObject *object)
{
  PrThresholdDialog *self = PR_THRESHOLD_DIALOG (object);

  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  if (self->regrouping != NULL)
    g_cancellable_cancel (self->regrouping);
  if (self->applying != NULL)
    g_cancellable_cancel (self->applying);
  g_clear_object (&self->loading);
  g_clear_object (&self->regrouping);
  g_clear_object (&self->applying);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_pointer (&self->progress, g_atomic_rc_box_release);
  g_clear_pointer (&self->regroup, pr_session_regroup_free);
  g_clear_pointer (&self->preview, pr_threshold_preview_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_THRESHOLD_DIALOG);

  G_OBJECT_CLASS (pr_threshold_dialog_parent_class)->dispose (object);
}

static void
pr_threshold_dialog_class_init (PrThresholdDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_threshold_dialog_dispose;

  /* Emitted when the list holds the clusters at the applied k. */
  signals[SIGNAL_APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A sample pair was chosen: show the cluster of that record id. */
  signals[SIGNAL_SHOW_RECORD] = g_signal_new ("show-record", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/petitionreview/PetitionReview/pr-threshold-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, histogram);
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, k_spin);
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, result_label);
  gtk_widget_class_bind_template_child (widget_class, PrThresholdDialog, apply_button);
  gtk_widget_class_bind_template_callback (widget_class, k_changed);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pr_threshold_dialog_init (PrThresholdDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}

/**
 * pr_threshold_dialog_new:
 * @parent: the window it belongs to
 * @session: a session with a scan under review
 *
 * Starts the pair search at once (or takes the one the session kept).
 */
PrThresholdDialog *
pr_threshold_dialog_new (GtkWindow *parent,
                         PrSession *session)
{
  PrThresholdDialog *self = g_object_new (PR_TYPE_THRESHOLD_DIALOG, "transient-for", parent, NULL);
  Pending *pending = g_new0 (Pending, 1);
  g_autofree char *status = NULL;

  pr_application_add_transient (GTK_WINDOW (self));
  self->session = g_object_ref (session);
  self->loading = g_cancellable_new ();
  /* Translators: while the pairs up to k + 3 are found */
  status = g_strdup_printf (_("Finding the pairs up to k = %u…"),
                            MIN (pr_session_get_scan_k (session) + PR_THRESHOLD_PREVIEW_MARGIN, PR_BLOCK_INDEX_MAX_K));
  gtk_label_set_text (GTK_LABEL (self->status_label), status);
  pending->self = g_object_ref (self);
  pending->cancellable = g_object_ref (self->loading);
  self->progress = g_atomic_rc_box_new0 (PrJudgeProgress);
  self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, show_progress, self);
  pr_session_threshold_preview_async (session, self->progress, self->loading, preview_loaded, pending);
  return self;
}

/* Whether the pairs are still being found or judged (for tests). */
gboolean
pr_threshold_dialog_get_loading (PrThresholdDialog *self)
{
  return self->loading != NULL;
}

/* Returns: the progress bar, shown while the pairs are found and judged (for tests) */
GtkProgressBar *
pr_threshold_dialog_get_progress_bar (PrThresholdDialog *self)
{
  return GTK_PROGRESS_BAR (self->progress_bar);
}

/* Whether the clusters at the k shown are made (for Apply, and tests). */
gboolean
pr_threshold_dialog_get_ready (PrThresholdDialog *self)
{
  return self->regroup != NULL;
}

/* Returns: (nullable): the figures shown, once ready */
const PrThresholdSummary *
pr_threshold_dialog_get_summary (PrThresholdDialog *self)
{
  return self->regroup != NULL ? pr_session_regroup_get_summary (self->regroup) : NULL;
}

void
pr_threshold_dialog_set_k (PrThresholdDialog *self,
                           guint              k)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->k_spin), k);
}

static void
applied (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Pending *pending = user_data;
  /* Held here: closed meanwhile, the dialog may have no other owner
   * once the work's own reference goes. */
  g_autoptr(PrThresholdDialog) self = g_object_ref (pending->self);
  g_autoptr(GError) error = NULL;
  gboolean done = pr_session_apply_regroup_finish (PR_SESSION (object), result, &error);

  if (self->applying != pending->cancellable)
    {
      pending_free (pending);
      return;
    }
  g_clear_object (&self->applying);
  pending_free (pending);
  if (!done)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->result_label), error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_APPLIED], 0);
  gtk_window_close (GTK_WINDOW (self));
}

/**
 * pr_threshold_dialog_apply:
 *
 * Makes the clusters at the k shown for the list, on a worker, puts them
 * there and closes.
 *
 * Returns: whether that was started (the figures at that k are shown)
 */
gboolean
pr_threshold_dialog_apply (PrThresholdDialog *self)
{
  Pending *pending;
  g_autofree char *text = NULL;

  if (self->regroup == NULL || self->applying != NULL)
    return FALSE;
  /* The k stays free to change: a new k cancels this (a focused entry
   * made insensitive would lose its focus the wrong way, too). */
  gtk_widget_set_sensitive (self->apply_button, FALSE);
  /* Translators: while the clusters at the chosen k are made for the list */
  text = g_strdup_printf (_("Grouping the list at k = %u…"), pr_session_regroup_get_summary (self->regroup)->k);
  gtk_label_set_text (GTK_LABEL (self->result_label), text);
  self->applying = g_cancellable_new ();
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->cancellable = g_object_ref (self->applying);
  pr_session_apply_regroup_async (self->session, g_steal_pointer (&self->regroup), self->applying, applied, pending);
  return TRUE;
}
