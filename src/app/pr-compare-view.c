/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrCompareView: one record of a case judged against its primary. The
 * field names and the primary are pinned at the left, the record being
 * judged beside them, one row per mapped field so that fields line up.
 * Above them, the strip (PrMemberStrip) holds every record of the case
 * with its distance and its verdict; a click or a key there, or Alt+←/→,
 * chooses the record judged. However large the case, the two records
 * compared are never scrolled apart.
 *
 * What the judged record changed is marked in its own text, never by
 * colour alone: words it added are underlined, words of the primary it
 * dropped are put back in place and struck through (pr-diff-merged.c); in
 * a short field, characters rather than words; a date also says how
 * many days it is from the primary's. A legend says so, and each marked
 * field says so to a screen reader.
 *
 * "Why they match" explains the judged record against the primary
 * (pr-explain.c): the distance, the sentences they share, the heaviest
 * words they share and have alone, and the short fields. It is made for
 * that one pair when the choice changes.
 */
#define G_LOG_DOMAIN "pr-compare-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-compare-view.h"

#include "pr-chain-view.h"
#include "pr-case-rules.h"
#include "pr-date.h"
#include "pr-diff.h"
#include "pr-diff-merged.h"
#include "pr-explain.h"
#include "pr-record-set.h"
#include "pr-score-view.h"
#include "pr-fingerprinter.h"
#include "pr-difference-scroll.h"
#include "pr-focus.h"
#include "pr-hand-scroll.h"
#include "pr-long-diff.h"
#include "pr-long-text.h"
#include "pr-member-strip.h"

/* As the session fingerprints a scan's records (pr-session.c), so that
 * the explanation's distance is the one the cluster was made with. */
#define EXPLAIN_FLAGS PR_TOKENIZER_FOLD_TRADITIONAL

/* The pinned grid's columns. */
enum { NAME_COLUMN, PRIMARY_COLUMN, JUDGED_COLUMN };

struct _PrCompareView
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkWidget         *heading;
  GtkWidget         *intake_button;  /* win.intake-record of the record judged */
  GtkWidget         *next_difference_button;
  GtkWidget         *strip;
  GtkWidget         *legend;
  GtkWidget         *scroller;
  GtkWidget         *pinned;       /* field names, the primary, the record judged */
  GtkWidget         *explanation;
  GtkWidget         *explain_summary;
  GtkWidget         *explain_details;
  GtkWidget         *explain_shared;
  GtkWidget         *explain_only_a_caption;
  GtkWidget         *explain_only_a;
  GtkWidget         *explain_only_b_caption;
  GtkWidget         *explain_only_b;
  GtkWidget         *explain_fields_caption;
  GtkWidget         *explain_fields;
  GtkWidget         *chains;
  GtkWidget         *chain_view;

  PrClusterItem     *item;
  GPtrArray         *judged_cells; /* GtkWidget: the judged column's, to be replaced */
  GPtrArray         *differences;  /* GtkWidget, in reading order */
  guint              selected;
  char              *selected_id;  /* the record judged, as chosen */
  PrMemberState      selected_state; /* its state when chosen */
  char              *primary_id;   /* the primary last shown */
  guint              next_difference;
  PrDifferenceScroll *difference_scroll; /* keeps the marked difference in view */
  gboolean           advance;      /* after a decision, on to the next undecided record */
  guint              explain_tick;
  gint64             explain_after; /* the frame that explains */

  PrMapping         *mapping;
  GArray            *boilerplate;  /* the scan's (pr_part_table_find_pairs_full ()); nullable */
  GPtrArray         *records;
  PrLongDiff        *long_diff;    /* the record judged's long texts' diffs */
  GStrv              record_ids;   /* whose each of @records is */
  PrTokenizer       *tokenizer;
  guint              n_members;
  gconstpointer      last_item;    /* only compared: a new cluster opens at its start */
};

G_DEFINE_FINAL_TYPE (PrCompareView, pr_compare_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_ADVANCE_AFTER_DECISION, PROP_SELECTED_ID, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void set_item (PrCompareView *self, PrClusterItem *item);
static void select_member (PrCompareView *self, guint member);
static void update_explanation (PrCompareView *self);
static void remove_explain_tick (PrCompareView *self);
static void stop_scroll_to_difference (PrCompareView *self);
static void add_judged_column (PrCompareView *self);

/* The long texts' diffs came: the record judged marked, if still shown. */
static void
long_diffs_ready (gpointer data)
{
  PrCompareView *self = data;

  if (self->item != NULL && self->selected > 0 && self->selected < self->records->len &&
      pr_long_diff_is_for (self->long_diff, self->records->pdata[0], self->records->pdata[self->selected]))
    add_judged_column (self);
}

static void
remove_cells (PrCompareView *self)
{
  GtkWidget *child;

  pr_focus_leave (self->pinned, self->strip);
  stop_scroll_to_difference (self);
  while ((child = gtk_widget_get_first_child (self->pinned)) != NULL)
    gtk_grid_remove (GTK_GRID (self->pinned), child);
  g_ptr_array_set_size (self->judged_cells, 0);
  g_ptr_array_set_size (self->differences, 0);
  self->next_difference = 0;
  self->n_members = 0;
}

static void
pr_compare_view_dispose (GObject *object)
{
  PrCompareView *self = PR_COMPARE_VIEW (object);

  remove_explain_tick (self);
  g_clear_pointer (&self->difference_scroll, pr_difference_scroll_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_COMPARE_VIEW);
  set_item (self, NULL);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  g_clear_pointer (&self->boilerplate, g_array_unref);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->record_ids, g_strfreev);
  g_clear_pointer (&self->tokenizer, pr_tokenizer_free);
  g_clear_pointer (&self->judged_cells, g_ptr_array_unref);
  g_clear_pointer (&self->long_diff, pr_long_diff_free);
  g_clear_pointer (&self->differences, g_ptr_array_unref);
  g_clear_pointer (&self->selected_id, g_free);
  g_clear_pointer (&self->primary_id, g_free);

  G_OBJECT_CLASS (pr_compare_view_parent_class)->dispose (object);
}

/* Measured with no width given (as a pane measures its children when it
 * is itself asked so, and GTK then sizes the window by it), a box would
 * give its children their least width: the explanation's and the
 * legend's labels, which wrap Chinese between any two characters, would be
 * one character wide and thousands of pixels high, and the window would
 * grow past the screen. The view is measured at its natural width
 * instead; with a width given it is measured as it is. */
static void
pr_compare_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PrCompareView *self = PR_COMPARE_VIEW (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL && for_size < 0)
    gtk_widget_measure (self->box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &for_size, NULL, NULL);
  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static GtkSizeRequestMode
pr_compare_view_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (PR_COMPARE_VIEW (widget)->box);
}

static void
pr_compare_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  gtk_widget_allocate (PR_COMPARE_VIEW (widget)->box, width, height, baseline, NULL);
}

static void
pr_compare_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PrCompareView *self = PR_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ADVANCE_AFTER_DECISION:
      g_value_set_boolean (value, self->advance);
      break;
    case PROP_SELECTED_ID:
      g_value_set_string (value, pr_compare_view_get_selected_id (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_compare_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PrCompareView *self = PR_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ADVANCE_AFTER_DECISION:
      if (self->advance != g_value_get_boolean (value))
        {
          self->advance = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
member_chosen (PrCompareView *self,
               guint          member)
{
  if (self->item != NULL && member < self->n_members)
    select_member (self, member);
}

static void
pr_compare_view_class_init (PrCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_compare_view_dispose;
  object_class->get_property = pr_compare_view_get_property;
  object_class->set_property = pr_compare_view_set_property;
  widget_class->get_request_mode = pr_compare_view_get_request_mode;
  widget_class->measure = pr_compare_view_measure;
  widget_class->size_allocate = pr_compare_view_size_allocate;

  /**
   * PrCompareView:advance-after-decision:
   *
   * Whether a verdict on an undecided record goes on to the case's next
   * undecided record (the window keeps it in its settings).
   */
  properties[PROP_ADVANCE_AFTER_DECISION] =
    g_param_spec_boolean ("advance-after-decision", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * PrCompareView:selected-id:
   *
   * The record the decide actions are about, however it was chosen (a
   * card in the strip, a record's header, the keyboard, a decision's
   * advance): what the window enables follows it.
   */
  properties[PROP_SELECTED_ID] =
    g_param_spec_string ("selected-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PR_TYPE_CHAIN_VIEW);
  g_type_ensure (PR_TYPE_MEMBER_STRIP);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, box);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, heading);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, strip);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, legend);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, scroller);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, intake_button);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, next_difference_button);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, pinned);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explanation);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_summary);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_details);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_shared);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_only_a_caption);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_only_a);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_only_b_caption);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_only_b);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_fields_caption);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, explain_fields);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, chains);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, chain_view);
  gtk_widget_class_bind_template_callback (widget_class, member_chosen);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* The word diff's tokenizer folds Traditional Chinese through a table
 * that ICU's transform builds once per process (some 20 ms), and loads
 * ICU's word break data: done on a worker as the view is made, not in
 * the turn that shows the first case. */
static void
warm_tokenizer (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  PrTokenizer *tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);

  if (tokenizer != NULL)
    pr_tokenizer_free (tokenizer);
  g_task_return_boolean (task, TRUE);
}

static void
pr_compare_view_init (PrCompareView *self)
{
  static gsize warming = 0;

  if (g_once_init_enter (&warming))
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

      g_task_run_in_thread (task, warm_tokenizer);
      g_once_init_leave (&warming, 1);
    }
  gtk_widget_init_template (GTK_WIDGET (self));
  self->difference_scroll = pr_difference_scroll_new (GTK_WIDGET (self), self->scroller, self->pinned);
  pr_hand_scroll_watch (self->scroller, (PrHandFunc) stop_scroll_to_difference, self);
  self->judged_cells = g_ptr_array_new ();
  self->long_diff = pr_long_diff_new (long_diffs_ready, self);
  self->differences = g_ptr_array_new ();
  pr_compare_view_clear (self, _("Choose a case on the left to compare its records."));
}

GtkWidget *
pr_compare_view_new (void)
{
  return g_object_new (PR_TYPE_COMPARE_VIEW, NULL);
}

void
pr_compare_view_clear (PrCompareView *self,
                       const char    *message)
{
  remove_explain_tick (self);
  remove_cells (self);
  pr_long_diff_forget (self->long_diff);
  set_item (self, NULL);
  /* Hidden, not emptied: the next case reuses its cards. */
  gtk_widget_set_visible (self->strip, FALSE);
  gtk_widget_set_visible (self->legend, FALSE);
  gtk_widget_set_visible (self->chains, FALSE);
  gtk_label_set_text (GTK_LABEL (self->heading), message);
  gtk_widget_set_visible (self->explanation, FALSE);
  gtk_widget_set_sensitive (self->intake_button, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ID]);
}

PrClusterItem *
pr_compare_view_get_item (PrCompareView *self)
{
  return self->item;
}

static GtkWidget *
value_label (const char *text)
{
  GtkWidget *label;

  if (pr_long_text_is_long (text))
    return pr_long_text_new (text, NULL);
  label = gtk_label_new (text != NULL ? text : "");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  /* Narrow at the least: the primary and the record judged always fit
   * side by side, wrapped, rather than one scrolled out of view. */
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "field-value");
  return label;
}

static void
insert_attribute (PangoAttrList  *attrs,
                  PangoAttribute *attr,
                  gsize           start,
                  gsize           end)
{
  attr->start_index = start;
  attr->end_index = end;
  pango_attr_list_insert (attrs, attr);
}

/* How many runs of each kind @runs marks, for a screen reader; notes on
 * @cell where the first begins, for F8. */
static void
count_runs (GtkWidget *cell,
            GArray    *runs,
            guint     *n_added,
            guint     *n_removed)
{
  *n_added = *n_removed = 0;
  for (guint r = 0; r < runs->len; r++)
    {
      const PrDiffRun *run = &g_array_index (runs, PrDiffRun, r);

      if (run->kind != PR_DIFF_RUN_SAME && *n_added + *n_removed == 0)
        pr_difference_scroll_set_change (cell, run->start);
      if (run->kind == PR_DIFF_RUN_ADDED)
        (*n_added)++;
      else if (run->kind == PR_DIFF_RUN_REMOVED)
        (*n_removed)++;
    }
}

/* The judged record's text with the primary's dropped words put back:
 * added words underlined, dropped ones struck through, each on a tint;
 * in a field of one word, the characters rather than the words.
 * Returns the marks for a screen reader: how many runs of each. */
static void
show_runs (GtkWidget    *label,
           const char   *merged,
           GArray       *runs,
           guint        *n_added,
           guint        *n_removed)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  count_runs (label, runs, n_added, n_removed);
  for (guint r = 0; r < runs->len; r++)
    {
      const PrDiffRun *run = &g_array_index (runs, PrDiffRun, r);

      if (run->kind == PR_DIFF_RUN_ADDED)
        {
          insert_attribute (attrs, pango_attr_underline_new (PANGO_UNDERLINE_SINGLE), run->start, run->end);
          insert_attribute (attrs, pango_attr_background_new (0xffff, 0xe0e0, 0x8080), run->start, run->end);
        }
      else if (run->kind == PR_DIFF_RUN_REMOVED)
        {
          insert_attribute (attrs, pango_attr_strikethrough_new (TRUE), run->start, run->end);
          insert_attribute (attrs, pango_attr_background_new (0xf6f6, 0xc8c8, 0xc8c8), run->start, run->end);
        }
    }
  gtk_label_set_text (GTK_LABEL (label), merged);
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
}

/* A member's date as the scan read it: the table's day order, its
 * column's rules, on the office's clock; PR_DATE_NONE when not known. */
static gint64
date_of (PrCompareView *self,
         guint          member)
{
  return pr_cluster_item_get_member (self->item, member)->date;
}

/* How far the record judged's day is from the primary's, and which way
 * (the clerk can make another record the primary); NULL without both
 * dates. Days are counted as the list's Date column and the case rules
 * count them. */
static char *
describe_day_gap (gint64 primary,
                  gint64 value)
{
  gint64 days;

  if (primary == PR_DATE_NONE || value == PR_DATE_NONE)
    return NULL;
  if (primary == value)
    return g_strdup (_("the same date as the primary, written differently"));
  days = pr_case_day_of (value) - pr_case_day_of (primary);
  if (days == 0)
    return g_strdup (_("the same day as the primary"));
  /* Dates are read between 1901 and 2199: the gap fits a guint. */
  if (days > 0)
    /* Translators: the record judged's date next to the primary's */
    return g_strdup_printf (ngettext ("%u day later than the primary", "%u days later than the primary",
                                      (gulong) days), (guint) days);
  /* Translators: the record judged's date next to the primary's */
  return g_strdup_printf (ngettext ("%u day earlier than the primary", "%u days earlier than the primary",
                                    (gulong) -days), (guint) -days);
}

/* Whether @member's date in the table, @text as fetched, is no longer the
 * text its scan read the day from (edited since): its scan's day would
 * contradict the text shown. */
static gboolean
date_changed (PrCompareView *self,
              guint          member,
              const char    *text)
{
  const PrClusterMember *m = pr_cluster_item_get_member (self->item, member);

  return m->date_read && m->date_hash != pr_record_set_date_hash (text);
}

/* The judged record's day gap from the primary, or, when either date was
 * edited in the table since the scan, that it was: no gap then. */
static char *
day_gap (PrCompareView *self,
         guint          member,
         const char    *primary,
         const char    *value)
{
  if (date_changed (self, 0, primary) || date_changed (self, member, value))
    return g_strdup (_("a date was changed in the table since the scan: no day gap; scan again for it"));
  return describe_day_gap (date_of (self, 0), date_of (self, member));
}

/* Whether a merge by character kept any character of both. */
static gboolean
shares_characters (GArray *runs)
{
  for (guint r = 0; r < runs->len; r++)
    if (g_array_index (runs, PrDiffRun, r).kind == PR_DIFF_RUN_SAME)
      return TRUE;
  return FALSE;
}

/* The judged record's text merged with the primary's, and its runs. */
static char *
merge_text (const PrDiff *diff,
            const char   *primary,
            const char   *value,
            GArray      **runs)
{
  char *merged = NULL;

  /* One word against one: which characters differ (an ID card's digit). */
  if (diff->words_a <= 1 && diff->words_b <= 1)
    merged = pr_diff_merge_chars (primary, value, runs);
  if (merged == NULL || !shares_characters (*runs))
    {
      g_clear_pointer (runs, g_array_unref);
      g_free (merged);
      merged = pr_diff_merge (diff, primary, value, runs);
    }
  return merged;
}

static char *
member_title (PrClusterItem *item,
              guint          index,
              double         similarity)
{
  PrClusterMember *member = pr_cluster_item_get_member (item, index);
  g_autofree char *title = NULL;

  if (index == 0)
    return g_strdup_printf (_("★ Primary · %s"), member->id);
  /* Translators: record id, distance in bits, word similarity */
  title = g_strdup_printf (_("%s · distance %u · %.0f %% alike"), member->id, member->distance, 100.0 * similarity);
  if (member->petitioner == PR_PETITIONER_UNKNOWN)
    return g_steal_pointer (&title);
  if (member->petitioner == PR_PETITIONER_SAME && member->evidence != PR_IDENTITY_EVIDENCE_NONE)
    /* Translators: a record's header, then “the same petitioner” and why (the same ID card…) */
    return g_strdup_printf (_("%s · %s: %s"), title, C_("repeat kind", "the same petitioner"),
                            pr_identity_evidence_describe (member->evidence));
  /* Translators: a record's header, then whose it is next to the primary */
  return g_strdup_printf (_("%s · %s"), title, member->petitioner == PR_PETITIONER_SAME
                                                 ? C_("repeat kind", "the same petitioner")
                                                 : C_("repeat kind", "another petitioner"));
}

/* A click on a record's header chooses that record, as its card does. */
static void
header_clicked (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                PrCompareView   *self)
{
  GtkWidget *header = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  guint m = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (header), "member"));

  if (self->item != NULL && m < self->n_members && m != self->selected)
    select_member (self, m);
}

/* A column's header: the record's title and its verdict as a badge. */
static GtkWidget *
header_cell (PrCompareView *self,
             guint          m,
             double         similarity)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_autofree char *title = member_title (self->item, m, similarity);
  GPtrArray *values = self->records->pdata[m];
  int id_column = pr_mapping_find (self->mapping, PR_COLUMN_ROLE_ID);
  GtkWidget *label;

  pr_score_view_add_probability (GTK_WIDGET (self), self->item, m, &title);
  /* No row has its id now: deleted since the scan, said, not shown as empty fields alone. */
  if (id_column >= 0 && values->pdata[id_column] == NULL)
    {
      char *deleted = g_strdup_printf ("%s\n%s", title, _("(deleted from the table since the scan)"));

      g_free (title);
      title = deleted;
    }
  label = gtk_label_new (title);
  const char *css_class = NULL;
  GtkWidget *badge = gtk_label_new (pr_member_strip_verdict (self->item, m, &css_class));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "record-title");
  gtk_widget_add_css_class (badge, "badge");
  gtk_widget_add_css_class (badge, css_class);
  gtk_widget_set_halign (badge, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (header), label);
  gtk_box_append (GTK_BOX (header), badge);
  gtk_widget_add_css_class (header, "record-header");
  {
    GtkGesture *click = gtk_gesture_click_new ();

    g_object_set_data (G_OBJECT (header), "member", GUINT_TO_POINTER (m));
    g_signal_connect_object (click, "released", G_CALLBACK (header_clicked), self, 0);
    gtk_widget_add_controller (header, GTK_EVENT_CONTROLLER (click));
  }
  if (m > 0)
    gtk_widget_add_css_class (header, "selected");
  if (m > 0 && pr_cluster_item_get_member (self->item, m)->state == PR_MEMBER_NOT_REPEAT)
    gtk_widget_add_css_class (header, "not-repeat");
  return header;
}

/* The field rows: one per mapped column but the id and ignored ones. */
static gboolean
is_shown_column (const PrMappingColumn *column)
{
  return column->role != PR_COLUMN_ROLE_IGNORE && column->role != PR_COLUMN_ROLE_ID;
}

static void
attach (PrCompareView *self,
        GtkWidget     *cell,
        int            column,
        int            row)
{
  gtk_grid_attach (GTK_GRID (self->pinned), cell, column, row, 1, 1);
  if (column == JUDGED_COLUMN)
    g_ptr_array_add (self->judged_cells, cell);
}

/* The primary's column: its header and its fields, as they are. */
static void
add_primary_column (PrCompareView *self)
{
  GPtrArray *values = self->records->pdata[0];
  int row = 1;

  attach (self, header_cell (self, 0, 1), PRIMARY_COLUMN, 0);
  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    if (is_shown_column (pr_mapping_get_column (self->mapping, c)))
      attach (self, value_label (values->pdata[c]), PRIMARY_COLUMN, row++);
}

/* The judged record's column: its header, and its fields marked where
 * they differ from the primary's. */
static void
add_judged_column (PrCompareView *self)
{
  guint m = self->selected;
  PrClusterMember *member = pr_cluster_item_get_member (self->item, m);
  GPtrArray *values = self->records->pdata[m];
  GPtrArray *primary_values = self->records->pdata[0];
  double similarity = 0;
  guint n_text = 0;
  int row = 1;

  for (guint i = 0; i < self->judged_cells->len; i++)
    {
      pr_focus_leave (self->judged_cells->pdata[i], self->strip);
      gtk_grid_remove (GTK_GRID (self->pinned), self->judged_cells->pdata[i]);
    }
  g_ptr_array_set_size (self->judged_cells, 0);
  g_ptr_array_set_size (self->differences, 0);
  self->next_difference = 0;
  stop_scroll_to_difference (self);
  /* No difference is marked: none is described. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->next_difference_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  if (m == 0)
    {
      gtk_widget_set_visible (self->legend, FALSE);
      return;
    }

  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (self->mapping, c);
      const char *value = values->pdata[c];
      const char *primary = primary_values->pdata[c];
      g_autofree char *description = NULL;
      g_autofree char *gap = NULL;
      GtkWidget *label;

      if (!is_shown_column (column))
        continue;
      /* A text is shown as merged with the primary's. */
      if (column->role != PR_COLUMN_ROLE_TEXT || self->tokenizer == NULL)
        label = value_label (value);
      if (column->role == PR_COLUMN_ROLE_TEXT && self->tokenizer != NULL)
        {
          g_autoptr(PrDiff) own = NULL;
          const PrDiff *diff;
          guint n_added = 0, n_removed = 0;

          /* Long texts are diffed on a worker: the record's own text
           * until then, marked when the diff comes. */
          if (pr_long_text_is_long (primary) || pr_long_text_is_long (value))
            diff = pr_long_diff_get (self->long_diff, self->mapping, primary_values, values, c);
          else
            diff = own = pr_diff_words (self->tokenizer, primary != NULL ? primary : "", -1,
                                        value != NULL ? value : "", -1, NULL, NULL);
          if (diff != NULL)
            {
              g_autoptr(GArray) runs = NULL;
              g_autofree char *merged = merge_text (diff, primary != NULL ? primary : "",
                                                    value != NULL ? value : "", &runs);

              if (pr_long_text_is_long (merged))
                {
                  label = pr_long_text_new (merged, runs);
                  count_runs (label, runs, &n_added, &n_removed);
                }
              else
                {
                  label = value_label (NULL);
                  show_runs (label, merged, runs, &n_added, &n_removed);
                }
              similarity += pr_diff_get_similarity (diff);
              n_text++;
            }
          else
            label = value_label (value);
          if (n_added + n_removed > 0)
            {
              gtk_widget_add_css_class (label, "words-differ");
              /* Translators: read out for a text field: how many stretches the
               * record added (underlined) and dropped from the primary (struck through) */
              description = g_strdup_printf (_("differs from the primary: %u passages added (underlined), "
                                               "%u dropped from the primary (struck through)"),
                                             n_added, n_removed);
            }
        }
      else if (column->role == PR_COLUMN_ROLE_DATE && g_strcmp0 (value, primary) != 0 &&
               date_of (self, 0) != PR_DATE_NONE && date_of (self, 0) == date_of (self, m) &&
               !date_changed (self, 0, primary) && !date_changed (self, m, value))
        {
          /* One instant written two ways: not a difference to mark. */
          gap = describe_day_gap (date_of (self, 0), date_of (self, m));
          description = g_strdup (gap);
        }
      else if (g_strcmp0 (value, primary) != 0)
        {
          g_autoptr(GArray) runs = NULL;
          g_autofree char *merged = pr_diff_merge_chars (primary != NULL ? primary : "", value != NULL ? value : "",
                                                         &runs);
          guint n_added, n_removed;

          /* A short field by character: the one digit of an ID card that
           * differs. A value with nothing in common is underlined whole.
           * A long one is told by its tint and its description. */
          if (!GTK_IS_LABEL (label))
            ;
          else if (shares_characters (runs))
            show_runs (label, merged, runs, &n_added, &n_removed);
          else
            {
              PangoAttrList *attrs = pango_attr_list_new ();

              pango_attr_list_insert (attrs, pango_attr_underline_new (PANGO_UNDERLINE_SINGLE));
              gtk_label_set_attributes (GTK_LABEL (label), attrs);
              pango_attr_list_unref (attrs);
            }
          gtk_widget_add_css_class (label, "differs");
          if (column->role == PR_COLUMN_ROLE_DATE)
            gap = day_gap (self, m, primary, value);
          /* Translators: read out for a date field: how many days it is from the primary's */
          description = gap != NULL ? g_strdup_printf (_("differs from the primary: %s"), gap)
                                    : g_strdup (_("differs from the primary"));
        }
      if (description != NULL)
        {
          /* Dates differ between repeats by nature: marked, but the
           * next difference does not stop at every record's date. */
          if (column->role != PR_COLUMN_ROLE_DATE)
            g_ptr_array_add (self->differences, label);
          /* Announced, not only seen. */
          gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          description, -1);
          /* Translators: where the next difference is, read out: a field's name, then how it differs */
          g_object_set_data_full (G_OBJECT (label), "pr-difference-said",
                                  g_strdup_printf (_("%s, %s"), pr_mapping_column_get_label (column), description),
                                  g_free);
        }
      if (gap != NULL)
        {
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *caption = gtk_label_new (gap);

          gtk_label_set_xalign (GTK_LABEL (caption), 0);
          gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
          gtk_widget_add_css_class (caption, "dim-label");
          gtk_widget_add_css_class (caption, "day-gap");
          gtk_box_append (GTK_BOX (box), label);
          gtk_box_append (GTK_BOX (box), caption);
          gtk_widget_set_hexpand (box, TRUE);
          label = box;
        }
      attach (self, label, JUDGED_COLUMN, row++);
    }
  attach (self, header_cell (self, m, n_text > 0 ? similarity / n_text : (64.0 - member->distance) / 64),
          JUDGED_COLUMN, 0);
  gtk_widget_set_visible (self->legend, TRUE);
}

/* How many words the explanation names: shared, and each record's alone. */
#define EXPLAIN_TOP_WORDS 8
#define EXPLAIN_TOP_ALONE 6

/* Which of a feature's weights a list shows. */
typedef enum {
  WEIGHT_IN_PRIMARY,
  WEIGHT_IN_SELECTED,
  WEIGHT_IN_COMMON,
} WeightShown;

/* Up to @max of @features' words (the short fields have a row of their
 * own), heaviest first: "拖欠 ×2, 工资, 公司, …". */
static char *
format_words (GPtrArray   *features,
              guint        max,
              WeightShown  shown)
{
  GString *text = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < features->len; i++)
    {
      const PrExplainFeature *feature = features->pdata[i];
      double weight = shown == WEIGHT_IN_PRIMARY ? feature->weight_a
                      : shown == WEIGHT_IN_SELECTED ? feature->weight_b
                      : pr_explain_feature_shared_weight (feature);

      if (feature->column >= 0)
        continue;
      if (n++ == max)
        {
          g_string_append (text, _(", …"));
          break;
        }
      if (n > 1)
        /* Translators: between the words of a list */
        g_string_append (text, _(", "));
      g_string_append (text, pr_explain_feature_get_label (feature));
      if (weight != 1)
        g_string_append_printf (text, " ×%g", weight);
    }
  if (n == 0)
    g_string_append (text, _("none"));
  return g_string_free (text, FALSE);
}

static char *
format_fields (const PrExplain *explain,
               const char      *primary_id,
               const char      *selected_id)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < explain->fields->len; i++)
    {
      const PrExplainField *field = &g_array_index (explain->fields, PrExplainField, i);

      if (i > 0)
        /* Translators: between the short fields of a list */
        g_string_append (text, _(" · "));
      switch (field->state)
        {
        case PR_EXPLAIN_FIELD_SAME:
          /* Translators: a short field (a column name) that both records have */
          g_string_append_printf (text, _("%s agrees"), field->name);
          break;
        case PR_EXPLAIN_FIELD_DIFFERENT:
          g_string_append_printf (text, _("%s differs"), field->name);
          break;
        default:
          if (field->value_a == NULL && field->value_b == NULL)
            g_string_append_printf (text, _("%s is empty in both"), field->name);
          else
            /* Translators: a column name, a record id */
            g_string_append_printf (text, _("%s is empty in %s"), field->name,
                                    field->value_a == NULL ? primary_id : selected_id);
        }
    }
  return g_string_free (text, FALSE);
}

static void
show_explanation (PrCompareView   *self,
                  const PrExplain *explain,
                  const char      *primary_id,
                  const char      *selected_id)
{
  g_autofree char *distance = NULL;
  g_autofree char *sentences = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *caption_a = NULL, *caption_b = NULL;
  g_autofree char *shared = NULL, *only_a = NULL, *only_b = NULL, *fields = NULL;

  /* Translators: record id, primary's id, distance in bits, similarity in per cent */
  distance = g_strdup_printf (_("%s against the primary %s: distance %u of 64 bits, fingerprints %.0f %% alike"),
                              selected_id, primary_id, explain->distance, 100 * pr_explain_get_similarity (explain));
  if (explain->n_parts_a == 0 || explain->n_parts_b == 0)
    sentences = g_strdup (_("no passages long enough to compare"));
  else
    /* Translators: per cent, words in shared passages, words of the shorter record's passages */
    sentences = g_strdup_printf (_("shared passages hold %.0f %% of the shorter one’s words (%u of %u)"),
                                 100 * explain->containment, explain->part_words_shared,
                                 MIN (explain->part_words_a, explain->part_words_b));
  if (explain->boilerplate_a + explain->boilerplate_b > 0)
    {
      /* Translators: the shared passages, then the passages of the primary
       * and of the selected record that the scan found in many records */
      char *with = g_strdup_printf (_("%s, leaving out %u and %u passages found in many records"), sentences,
                                    explain->boilerplate_a, explain->boilerplate_b);

      g_free (sentences);
      sentences = with;
    }
  if (explain->sparse_a || explain->sparse_b)
    /* Translators: the distance, the sentences, and a record id */
    summary = g_strdup_printf (_("%s; %s. %s has too few words to be matched on its fingerprint."), distance,
                               sentences, explain->sparse_b ? selected_id : primary_id);
  else
    /* Translators: the distance, then the sentences */
    summary = g_strdup_printf (_("%s; %s."), distance, sentences);
  gtk_label_set_text (GTK_LABEL (self->explain_summary), summary);

  shared = format_words (explain->shared, EXPLAIN_TOP_WORDS, WEIGHT_IN_COMMON);
  only_a = format_words (explain->only_a, EXPLAIN_TOP_ALONE, WEIGHT_IN_PRIMARY);
  only_b = format_words (explain->only_b, EXPLAIN_TOP_ALONE, WEIGHT_IN_SELECTED);
  caption_a = g_strdup_printf (_("Only in %s"), primary_id);
  caption_b = g_strdup_printf (_("Only in %s"), selected_id);
  gtk_label_set_text (GTK_LABEL (self->explain_shared), shared);
  gtk_label_set_text (GTK_LABEL (self->explain_only_a_caption), caption_a);
  gtk_label_set_text (GTK_LABEL (self->explain_only_a), only_a);
  gtk_label_set_text (GTK_LABEL (self->explain_only_b_caption), caption_b);
  gtk_label_set_text (GTK_LABEL (self->explain_only_b), only_b);

  fields = format_fields (explain, primary_id, selected_id);
  gtk_label_set_text (GTK_LABEL (self->explain_fields), fields);
  gtk_widget_set_visible (self->explain_fields_caption, explain->fields->len > 0);
  gtk_widget_set_visible (self->explain_fields, explain->fields->len > 0);
  gtk_widget_set_visible (self->explain_details, TRUE);
}

/* "Why they match", for the record judged against the primary: two
 * fingerprints, their parts and their words, some 10 ms a pair of long
 * petitions. Made after the frame that shows the record is painted, so
 * that the record comes first and a run of Alt+→ costs one explanation. */
static void
explain_now (PrCompareView *self)
{
  g_autoptr(PrExplain) explain = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *primary, *selected;
  const char *primary_id, *selected_id;

  primary_id = pr_cluster_item_get_member (self->item, 0)->id;
  selected_id = pr_cluster_item_get_member (self->item, self->selected)->id;
  pr_score_view_attach (self->explain_details, self->item, self->selected);
  primary = self->records->pdata[0];
  selected = self->records->pdata[self->selected];
  /* Uncapped: the word lists pass over the short fields' features, and
   * say whether more words follow (a pair has a few hundred at most). */
  explain = pr_explain_pair_full (self->mapping, EXPLAIN_FLAGS, PR_DEFAULT_MIN_TOKENS, NULL, self->boilerplate,
                                  (const char *const *) primary->pdata, NULL, (const char *const *) selected->pdata,
                                  NULL, 0, &error);
  if (explain == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Cannot explain this pair: %s"), error->message);

      gtk_label_set_text (GTK_LABEL (self->explain_summary), message);
      gtk_widget_set_visible (self->explain_details, FALSE);
      return;
    }
  show_explanation (self, explain, primary_id, selected_id);
}

static void
remove_explain_tick (PrCompareView *self)
{
  if (self->explain_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->explain_tick);
  self->explain_tick = 0;
}

/* At the start of each frame: once the frame after the choice has been
 * painted, explains. */
static gboolean
explain_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  PrCompareView *self = PR_COMPARE_VIEW (widget);

  if (gdk_frame_clock_get_frame_counter (clock) < self->explain_after)
    return G_SOURCE_CONTINUE;
  self->explain_tick = 0;
  explain_now (self);
  return G_SOURCE_REMOVE;
}

static void
update_explanation (PrCompareView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  g_autofree char *waiting = NULL;

  remove_explain_tick (self);
  gtk_widget_set_visible (self->explanation, self->item != NULL && self->n_members > 1);
  if (self->item == NULL || self->n_members < 2)
    return;
  if (self->selected == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->explain_summary),
                          _("The primary is selected: choose another record (Alt+→, or in the strip above) to see why it matches."));
      gtk_widget_set_visible (self->explain_details, FALSE);
      return;
    }
  /* Not on screen (no frames): at once. */
  if (clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      explain_now (self);
      return;
    }
  /* Translators: while the explanation of the record (its id) is made */
  waiting = g_strdup_printf (_("Comparing %s with the primary…"),
                             pr_cluster_item_get_member (self->item, self->selected)->id);
  gtk_label_set_text (GTK_LABEL (self->explain_summary), waiting);
  gtk_widget_set_visible (self->explain_details, FALSE);
  /* The next frame paints the record; the one after explains. */
  self->explain_after = gdk_frame_clock_get_frame_counter (clock) + 2;
  self->explain_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), explain_tick, NULL, NULL);
}

/* Explains the pair on show again: the scan's boilerplate, read after
 * a scan opened from the store, changes its figures. */
void
pr_compare_view_explain_again (PrCompareView *self)
{
  g_return_if_fail (PR_IS_COMPARE_VIEW (self));

  if (self->item != NULL)
    update_explanation (self);
}

/* TRUE when "Why they match" is about the record judged (not still to
 * be made). */
gboolean
pr_compare_view_get_explained (PrCompareView *self)
{
  return self->explain_tick == 0;
}

/* The heading: the cluster's name and the records still in it, as the
 * list counts them (not those a verdict or a split took out, though
 * they stay in the strip). Follows the item as decisions change it. */
static void
update_heading (PrCompareView *self)
{
  PrClusterItem *item = self->item;
  g_autofree char *heading = NULL;
  guint size = 0;

  g_object_get (item, "size", &size, NULL);
  if (!pr_cluster_item_get_is_case (item))
    heading = g_strdup_printf (ngettext ("Cluster %u: %u record", "Cluster %u: %u records", size),
                               pr_cluster_item_get_number (item), size);
  else if (pr_cluster_item_get_number (item) != 0)
    heading = g_strdup_printf (ngettext ("Case %u: %u record", "Case %u: %u records", size),
                               pr_cluster_item_get_number (item), size);
  else
    heading = g_strdup_printf (ngettext ("New case (numbered by the next scan): %u record",
                                         "New case (numbered by the next scan): %u records", size),
                               size);
  gtk_label_set_text (GTK_LABEL (self->heading), heading);
}

static void
set_item (PrCompareView *self,
          PrClusterItem *item)
{
  if (self->item == item)
    return;
  if (self->item != NULL)
    g_signal_handlers_disconnect_by_func (self->item, update_heading, self);
  g_set_object (&self->item, item);
  if (item != NULL)
    g_signal_connect_object (item, "notify::size", G_CALLBACK (update_heading), self, G_CONNECT_SWAPPED);
}

/* The undecided record after @from (the primary aside), round the end;
 * 0 if there is none. */
static guint
next_undecided (PrCompareView *self,
                guint          from)
{
  for (guint step = 1; step < self->n_members; step++)
    {
      guint m = (from + step) % self->n_members;

      if (m != 0 && pr_cluster_item_get_member (self->item, m)->state == PR_MEMBER_UNDECIDED)
        return m;
    }
  return 0;
}

/* Which record to judge when @item is shown. A new cluster opens on its
 * first record beside the primary. The same one shown again (after a
 * decision, or another reviewer's) stays on the record chosen, found by
 * its id, as a decision may have moved it; or, if that record was just
 * decided and the reviewer asked so, goes on to the next undecided one.
 * The record chosen made the primary: the former primary beside it, so
 * that the pair on show stays the same. */
static guint
member_to_judge (PrCompareView *self,
                 gboolean       new_cluster)
{
  int found;
  guint next;

  if (self->n_members < 2)
    return 0;
  if (new_cluster || self->selected_id == NULL)
    return 1;
  found = pr_cluster_item_find_member (self->item, self->selected_id);
  if (found == 0 && self->primary_id != NULL && g_strcmp0 (self->primary_id, self->selected_id) != 0)
    {
      int former = pr_cluster_item_find_member (self->item, self->primary_id);

      if (former > 0 && (guint) former < self->n_members)
        return former;
    }
  if (found <= 0 || (guint) found >= self->n_members)
    return MIN (MAX (self->selected, 1), self->n_members - 1);
  if (self->advance && self->selected_state == PR_MEMBER_UNDECIDED
      && pr_cluster_item_get_member (self->item, found)->state != PR_MEMBER_UNDECIDED
      && (next = next_undecided (self, found)) != 0)
    return next;
  return found;
}

/**
 * pr_compare_view_show:
 * @records: (element-type GPtrArray): per member, the values in mapping order
 *
 * Shows @item's primary and the record to judge, and all its records in
 * the strip.
 */
void
pr_compare_view_show (PrCompareView   *self,
                      PrClusterItem   *item,
                      const PrMapping *mapping,
                      GArray          *boilerplate,
                      GPtrArray       *records)
{
  gboolean new_cluster = item != self->last_item;
  int row = 1;

  remove_cells (self);
  if (new_cluster)
    pr_long_diff_forget (self->long_diff);
  set_item (self, item);
  self->last_item = item;
  g_clear_pointer (&self->mapping, pr_mapping_free);
  self->mapping = pr_mapping_copy (mapping);
  if (boilerplate != NULL)
    g_array_ref (boilerplate);
  g_clear_pointer (&self->boilerplate, g_array_unref);
  self->boilerplate = boilerplate;
  g_clear_pointer (&self->records, g_ptr_array_unref);
  self->records = g_ptr_array_ref (records);
  g_clear_pointer (&self->record_ids, g_strfreev);
  {
    g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

    for (guint m = 0; m < MIN (pr_cluster_item_get_n_members (item), records->len); m++)
      g_strv_builder_add (ids, pr_cluster_item_get_member (item, m)->id);
    self->record_ids = g_strv_builder_end (ids);
  }
  if (self->tokenizer == NULL)
    self->tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  self->n_members = MIN (pr_cluster_item_get_n_members (item), records->len);
  if (self->n_members == 0)
    {
      pr_compare_view_clear (self, _("This case has no records to show."));
      return;
    }
  self->selected = member_to_judge (self, new_cluster);
  g_free (self->primary_id);
  self->primary_id = g_strdup (pr_cluster_item_get_member (item, 0)->id);

  update_heading (self);
  gtk_widget_set_visible (self->chains, TRUE);
  gtk_widget_set_visible (self->strip, TRUE);

  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      GtkWidget *name;

      if (!is_shown_column (column))
        continue;
      name = gtk_label_new (pr_mapping_column_get_label (column));
      gtk_label_set_xalign (GTK_LABEL (name), 1);
      gtk_label_set_yalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (name, "field-name");
      attach (self, name, NAME_COLUMN, row++);
    }
  add_primary_column (self);
  pr_member_strip_set_item (PR_MEMBER_STRIP (self->strip), item, self->n_members, self->selected);
  select_member (self, self->selected);
  /* A new cluster opens at its top left: its names and primary first. */
  if (new_cluster)
    {
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
      gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
    }
}

/* TRUE once a cluster is shown and explained. */
gboolean
pr_compare_view_get_settled (PrCompareView *self)
{
  return self->item != NULL && pr_compare_view_get_explained (self);
}

/**
 * pr_compare_view_show_again:
 * @item: the case shown, after a step of the clerk's was logged or not
 *
 * Shows @item again with the records already read, in its members' order
 * now (a new primary comes first): a decision changes what the case says
 * of its records, not the records, so no second reading of them is
 * needed to show the state the log holds.
 *
 * Returns: %FALSE, changing nothing, when @item is not the case shown or
 *   a member's record was not read with it: then read them again
 */
gboolean
pr_compare_view_show_again (PrCompareView *self,
                            PrClusterItem *item)
{
  g_autoptr(GHashTable) by_id = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GArray) boilerplate = NULL;

  if (item == NULL || item != self->item || self->records == NULL || self->record_ids == NULL ||
      self->mapping == NULL)
    return FALSE;
  by_id = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint m = 0; self->record_ids[m] != NULL; m++)
    g_hash_table_insert (by_id, self->record_ids[m], self->records->pdata[m]);
  records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
    {
      GPtrArray *values = g_hash_table_lookup (by_id, pr_cluster_item_get_member (item, m)->id);

      if (values == NULL)
        return FALSE;
      g_ptr_array_add (records, g_ptr_array_ref (values));
    }
  /* pr_compare_view_show () replaces the view's own. */
  mapping = pr_mapping_copy (self->mapping);
  boilerplate = self->boilerplate != NULL ? g_array_ref (self->boilerplate) : NULL;
  pr_compare_view_show (self, item, mapping, boilerplate, records);
  return TRUE;
}

/* TRUE once a cluster is shown (its records are all in the strip). */
gboolean
pr_compare_view_get_complete (PrCompareView *self)
{
  return self->item != NULL;
}

/* Returns: (nullable): the record the decide actions are about */
const char *
pr_compare_view_get_selected_id (PrCompareView *self)
{
  if (self->item == NULL || self->selected >= pr_cluster_item_get_n_members (self->item))
    return NULL;
  return pr_cluster_item_get_member (self->item, self->selected)->id;
}

static void
select_member (PrCompareView *self,
               guint          member)
{
  PrClusterMember *chosen = pr_cluster_item_get_member (self->item, member);

  self->selected = member;
  g_free (self->selected_id);
  self->selected_id = g_strdup (chosen->id);
  self->selected_state = chosen->state;
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->intake_button), g_variant_new_string (chosen->id));
  gtk_widget_set_sensitive (self->intake_button, TRUE);
  add_judged_column (self);
  update_explanation (self);
  /* The strip shows the record chosen, however far along it is. */
  pr_member_strip_select (PR_MEMBER_STRIP (self->strip), member);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ID]);
}

/* Moves the selection @delta records right (or left), round the ends
 * past the primary: it is pinned beside the record judged already, and a
 * verdict key pressed on it would do nothing. From the primary itself
 * (chosen by a click), right is the first record and left the last. */
void
pr_compare_view_select_member (PrCompareView *self,
                               int            delta)
{
  int n = (int) self->n_members - 1;
  int from;

  if (n < 1 || self->item == NULL)
    return;
  from = self->selected > 0 ? (int) self->selected - 1 : delta > 0 ? n - 1 : 0;
  select_member (self, (guint) ((from + delta % n + n) % n) + 1);
}

/* Chooses the case's next undecided record after the one judged (round
 * the end); FALSE if every record is decided. */
gboolean
pr_compare_view_select_next_undecided (PrCompareView *self)
{
  guint next;

  if (self->item == NULL || (next = next_undecided (self, self->selected)) == 0)
    return FALSE;
  select_member (self, next);
  return TRUE;
}

gboolean
pr_compare_view_get_advance_after_decision (PrCompareView *self)
{
  return self->advance;
}

/* Returns: (transfer none): the cluster's pair graph and bridges, in an
 * expander under the explanation */
GtkWidget *
pr_compare_view_get_chain_view (PrCompareView *self)
{
  return self->chain_view;
}

/* Whether member @m has a field that differs from the primary's as the
 * judged column would mark it. Equal texts are not diffed: in a case of
 * copies most are. */
static gboolean
record_differs (PrCompareView *self,
                guint          m)
{
  GPtrArray *values = self->records->pdata[m];
  GPtrArray *primary_values = self->records->pdata[0];

  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (self->mapping, c);
      const char *value = values->pdata[c], *primary = primary_values->pdata[c];

      if (!is_shown_column (column) || column->role == PR_COLUMN_ROLE_DATE || g_strcmp0 (value, primary) == 0)
        continue;
      if (column->role != PR_COLUMN_ROLE_TEXT || self->tokenizer == NULL)
        return TRUE;
      else
        {
          g_autoptr(PrDiff) diff = pr_diff_words (self->tokenizer, primary != NULL ? primary : "", -1,
                                                  value != NULL ? value : "", -1, NULL, NULL);

          if (diff != NULL && diff->hunks->len > 0)
            return TRUE;
        }
    }
  return FALSE;
}

static void
stop_scroll_to_difference (PrCompareView *self)
{
  if (self->difference_scroll != NULL)
    pr_difference_scroll_stop (self->difference_scroll);
}

/* Tells a screen reader where F8 went. GTK 4.8 has no announcement:
 * the focus goes to the Next Difference button (not to the text, which
 * a selectable label would select whole), and the button's description
 * says which record, which field and how it differs; a screen reader
 * reads the description of the widget focused, and again when it
 * changes there at the next press. */
static void
announce_difference (PrCompareView *self,
                     GtkWidget     *label)
{
  const char *said = g_object_get_data (G_OBJECT (label), "pr-difference-said");
  g_autofree char *text = NULL;

  /* Translators: read out after F8: which difference of how many, the record's id, then
   * the field and how it differs */
  text = g_strdup_printf (_("Difference %u of %u, record %s: %s"), self->next_difference, self->differences->len,
                          pr_cluster_item_get_member (self->item, self->selected)->id, said != NULL ? said : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_difference_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
  if (gtk_widget_get_mapped (self->next_difference_button))
    gtk_widget_grab_focus (self->next_difference_button);
}

/* Marks @label as the difference on show (an outline, see style.css) and
 * scrolls it into view. Not by focus: a selectable label given the focus
 * selects its whole text, as if for copying; and when the focus was on
 * the difference of the record judged before, whose cells are gone, the
 * window's reference is that label's last, dropped by the focus change
 * while GTK 4.8's label still asks whether it is its ancestor (a
 * critical on a freed widget). */
static void
mark_difference (PrCompareView *self,
                 GtkWidget     *label)
{
  for (guint i = 0; i < self->differences->len; i++)
    gtk_widget_remove_css_class (self->differences->pdata[i], "current-difference");
  gtk_widget_add_css_class (label, "current-difference");
  pr_difference_scroll_start (self->difference_scroll, label);
  announce_difference (self, label);
}

/* Marks the judged record's next difference from the primary and
 * scrolls it into view. After its last, goes on to the next record that
 * differs, however far along the case, which the strip scrolls to; round
 * the end. FALSE when no record differs. */
gboolean
pr_compare_view_next_difference (PrCompareView *self)
{
  if (self->item == NULL)
    return FALSE;
  if (self->next_difference >= self->differences->len)
    for (guint step = 1; step <= self->n_members; step++)
      {
        guint m = (self->selected + step) % self->n_members;

        if (m != 0 && record_differs (self, m))
          {
            if (m != self->selected)
              select_member (self, m);
            self->next_difference = 0;
            break;
          }
      }
  if (self->next_difference >= self->differences->len)
    return FALSE;
  mark_difference (self, self->differences->pdata[self->next_difference++]);
  return TRUE;
}
