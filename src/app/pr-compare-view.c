/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrCompareView: the records of one cluster side by side, one column per
 * record (the primary first), one row per mapped field, so that fields
 * line up. The field names and the primary are pinned at the left; the
 * other records scroll beside them, and a click on a record's column
 * chooses it. Rows line up across both by a size group a row. What differs
 * from the primary is highlighted, and underlined so that it does not
 * rest on colour alone: whole short fields, and words of long texts.
 *
 * Above them, "Why they match" explains the selected record against the
 * primary (pr-explain.c): the distance, the sentences they share, the
 * heaviest words they share and have alone, and the short fields. It is
 * made for that one pair when the selection changes, never for every
 * column: a pair costs two fingerprints, a cluster of 20 would cost 20.
 */
#define G_LOG_DOMAIN "pr-compare-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-compare-view.h"

#include "pr-chain-view.h"
#include "pr-diff.h"
#include "pr-explain.h"
#include "pr-fingerprinter.h"

/* As the session fingerprints a scan's records (pr-session.c), so that
 * the explanation's distance is the one the cluster was made with. */
#define EXPLAIN_FLAGS PR_TOKENIZER_FOLD_TRADITIONAL

struct _PrCompareView
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkWidget         *heading;
  GtkWidget         *scroller;
  GtkWidget         *pinned;       /* field names and the primary */
  GtkWidget         *records_scroller;
  GtkWidget         *grid;         /* the other records, scrolled */
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
  GPtrArray         *headers;      /* GtkWidget per member */
  GPtrArray         *differences;  /* GtkWidget, in reading order */
  guint              selected;
  guint              next_difference;

  PrMapping         *mapping;
  GArray            *boilerplate;  /* the scan's (pr_part_table_find_pairs_full ()); nullable */
  GPtrArray         *records;
  PrTokenizer       *tokenizer;
  guint              n_members;
  guint              n_added;
  guint              more_tick;
  guint              reveal_tick;
  GPtrArray         *row_groups;   /* GtkSizeGroup per row, header first */
  gconstpointer      last_item;    /* only compared: a new cluster opens at its start */
  GtkWidget         *more;         /* stands for the columns still to come */
};

G_DEFINE_FINAL_TYPE (PrCompareView, pr_compare_view, GTK_TYPE_WIDGET)

static void set_item (PrCompareView *self, PrClusterItem *item);

static void
remove_more_tick (PrCompareView *self)
{
  if (self->more_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->more_tick);
  self->more_tick = 0;
}

static void
remove_reveal_tick (PrCompareView *self)
{
  if (self->reveal_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal_tick);
  self->reveal_tick = 0;
}

static void
clear_row_groups (PrCompareView *self)
{
  for (guint r = 0; r < self->row_groups->len; r++)
    {
      GtkSizeGroup *group = self->row_groups->pdata[r];
      GSList *widgets;

      while ((widgets = gtk_size_group_get_widgets (group)) != NULL)
        gtk_size_group_remove_widget (group, widgets->data);
    }
  g_ptr_array_set_size (self->row_groups, 0);
}

static void
pr_compare_view_dispose (GObject *object)
{
  PrCompareView *self = PR_COMPARE_VIEW (object);

  if (self->row_groups != NULL)
    clear_row_groups (self);
  g_clear_pointer (&self->row_groups, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_COMPARE_VIEW);
  remove_more_tick (self);
  remove_reveal_tick (self);
  set_item (self, NULL);
  g_clear_pointer (&self->mapping, pr_mapping_free);
  g_clear_pointer (&self->boilerplate, g_array_unref);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->tokenizer, pr_tokenizer_free);
  g_clear_pointer (&self->headers, g_ptr_array_unref);
  g_clear_pointer (&self->differences, g_ptr_array_unref);

  G_OBJECT_CLASS (pr_compare_view_parent_class)->dispose (object);
}

static void
pr_compare_view_class_init (PrCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_compare_view_dispose;

  g_type_ensure (PR_TYPE_CHAIN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, box);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, heading);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, scroller);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, pinned);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, records_scroller);
  gtk_widget_class_bind_template_child (widget_class, PrCompareView, grid);
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
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void scroller_changed (PrCompareView *self);
static void reveal_selected (PrCompareView *self);
static void select_member (PrCompareView *self, guint member);

/* The member whose column holds grid point (@x, @y), or -1. */
static int
member_at (PrCompareView *self,
           GtkWidget     *grid,
           double         x,
           double         y)
{
  GtkWidget *cell = gtk_widget_pick (grid, x, y, GTK_PICK_DEFAULT);
  int column = -1;

  while (cell != NULL && gtk_widget_get_parent (cell) != grid)
    cell = gtk_widget_get_parent (cell);
  if (cell == NULL || cell == self->more)
    return -1;
  gtk_grid_query_child (GTK_GRID (grid), cell, &column, NULL, NULL, NULL);
  if (grid == self->pinned)
    return column == 1 ? 0 : -1;
  return column + 1;
}

/* A click anywhere in a record's column, header or field, chooses the
 * record. Seen on the way down and not claimed, so that the text under
 * it can still be selected and copied. */
static void
column_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                PrCompareView   *self)
{
  GtkWidget *grid = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  int member = member_at (self, grid, x, y);

  if (self->item != NULL && member >= 0 && (guint) member < self->n_added)
    select_member (self, (guint) member);
}

static void
add_column_clicks (PrCompareView *self,
                   GtkWidget     *grid)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_object (click, "pressed", G_CALLBACK (column_pressed), self, 0);
  gtk_widget_add_controller (grid, GTK_EVENT_CONTROLLER (click));
}

static void
pr_compare_view_init (PrCompareView *self)
{
  GtkAdjustment *hadjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->row_groups = g_ptr_array_new_with_free_func (g_object_unref);
  add_column_clicks (self, self->pinned);
  add_column_clicks (self, self->grid);
  hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->records_scroller));
  g_signal_connect_object (hadjustment, "value-changed", G_CALLBACK (scroller_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (hadjustment, "changed", G_CALLBACK (scroller_changed), self, G_CONNECT_SWAPPED);
  self->headers = g_ptr_array_new ();
  self->differences = g_ptr_array_new ();
  pr_compare_view_clear (self, _("Choose a cluster on the left to compare its records."));
}

GtkWidget *
pr_compare_view_new (void)
{
  return g_object_new (PR_TYPE_COMPARE_VIEW, NULL);
}

static void
remove_cells (PrCompareView *self)
{
  GtkWidget *child;

  remove_more_tick (self);
  remove_reveal_tick (self);
  self->n_added = self->n_members = 0;
  self->more = NULL;
  clear_row_groups (self);
  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  while ((child = gtk_widget_get_first_child (self->pinned)) != NULL)
    gtk_grid_remove (GTK_GRID (self->pinned), child);
  g_ptr_array_set_size (self->headers, 0);
  g_ptr_array_set_size (self->differences, 0);
  self->next_difference = 0;
}

void
pr_compare_view_clear (PrCompareView *self,
                       const char    *message)
{
  remove_cells (self);
  set_item (self, NULL);
  gtk_widget_set_visible (self->chains, FALSE);
  gtk_label_set_text (GTK_LABEL (self->heading), message);
  gtk_widget_set_visible (self->explanation, FALSE);
}

PrClusterItem *
pr_compare_view_get_item (PrCompareView *self)
{
  return self->item;
}

static GtkWidget *
value_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text != NULL ? text : "");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_width_chars (GTK_LABEL (label), 30);
  gtk_widget_add_css_class (label, "field-value");
  return label;
}

/* Marks changed words with a background and an underline. */
static void
highlight_words (GtkWidget  *label,
                 GArray     *spans)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  for (guint i = 0; i < spans->len; i++)
    {
      const PrDiffSpan *span = &g_array_index (spans, PrDiffSpan, i);
      PangoAttribute *attr;

      if (span->kind != PR_DIFF_CHANGED)
        continue;
      attr = pango_attr_background_new (0xffff, 0xe0e0, 0x8080);
      attr->start_index = span->start;
      attr->end_index = span->end;
      pango_attr_list_insert (attrs, attr);
      attr = pango_attr_underline_new (PANGO_UNDERLINE_SINGLE);
      attr->start_index = span->start;
      attr->end_index = span->end;
      pango_attr_list_insert (attrs, attr);
    }
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
}

static void
update_headers (PrCompareView *self)
{
  for (guint m = 0; m < self->headers->len; m++)
    {
      GtkWidget *header = self->headers->pdata[m];

      if (m == self->selected)
        gtk_widget_add_css_class (header, "selected");
      else
        gtk_widget_remove_css_class (header, "selected");
    }
}

static char *
member_title (PrClusterItem *item,
              guint          index,
              double         similarity)
{
  PrClusterMember *member = pr_cluster_item_get_member (item, index);
  g_autofree char *title = NULL;
  const char *state;

  if (index == 0)
    return g_strdup_printf (_("★ Primary · %s"), member->id);
  switch (member->state)
    {
    case PR_MEMBER_REPEAT:
      state = _("repeat");
      break;
    case PR_MEMBER_NOT_REPEAT:
      state = _("not a repeat");
      break;
    default:
      state = _("undecided");
    }
  /* Translators: record id, distance in bits, word similarity, state */
  title = g_strdup_printf (_("%s · distance %u · %.0f %% alike · %s"), member->id, member->distance,
                           100.0 * similarity, state);
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

/* Puts a cell of member @m's column (the primary's in the pinned grid)
 * on @row, as high as the row's other cells. */
static void
attach_cell (PrCompareView *self,
             GtkWidget     *cell,
             guint          m,
             int            row)
{
  if (m == 0)
    gtk_grid_attach (GTK_GRID (self->pinned), cell, 1, row, 1, 1);
  else
    gtk_grid_attach (GTK_GRID (self->grid), cell, (int) m - 1, row, 1, 1);
  if ((guint) row < self->row_groups->len)
    gtk_size_group_add_widget (self->row_groups->pdata[row], cell);
}

/* The field rows: one per mapped column but the id and ignored ones. */
static gboolean
is_shown_column (const PrMappingColumn *column)
{
  return column->role != PR_COLUMN_ROLE_IGNORE && column->role != PR_COLUMN_ROLE_ID;
}

/* Adds member @m's column: its header, and its fields, highlighted where
 * they differ from the primary's. */
static void
add_member_column (PrCompareView *self,
                   guint          m)
{
  PrClusterMember *member = pr_cluster_item_get_member (self->item, m);
  GPtrArray *values = self->records->pdata[m];
  GPtrArray *primary_values = self->records->pdata[0];
  double similarity = 0;
  guint n_text = 0;
  int row = 1;
  g_autofree char *title = NULL;
  GtkWidget *header;

  for (guint c = 0; c < pr_mapping_get_n_columns (self->mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (self->mapping, c);
      const char *value = values->pdata[c];
      const char *primary = primary_values->pdata[c];
      GtkWidget *label;
      gboolean differs = FALSE;

      if (!is_shown_column (column))
        continue;
      label = value_label (value);
      if (m > 0 && column->role == PR_COLUMN_ROLE_TEXT && value != NULL && primary != NULL && self->tokenizer != NULL)
        {
          g_autoptr(PrDiff) diff = pr_diff_words (self->tokenizer, primary, -1, value, -1, NULL, NULL);

          if (diff != NULL)
            {
              highlight_words (label, diff->spans_b);
              for (guint s = 0; s < diff->spans_b->len; s++)
                differs |= g_array_index (diff->spans_b, PrDiffSpan, s).kind == PR_DIFF_CHANGED;
              similarity += pr_diff_get_similarity (diff);
              n_text++;
            }
        }
      /* Dates differ between repeats by nature: not a difference to show. */
      else if (m > 0 && column->role != PR_COLUMN_ROLE_DATE && g_strcmp0 (value, primary) != 0)
        {
          PangoAttrList *attrs = pango_attr_list_new ();

          pango_attr_list_insert (attrs, pango_attr_underline_new (PANGO_UNDERLINE_SINGLE));
          gtk_label_set_attributes (GTK_LABEL (label), attrs);
          pango_attr_list_unref (attrs);
          differs = TRUE;
        }
      if (differs)
        {
          /* A short field is marked whole; a text only in its changed
           * words, or the words would be lost in the colour. */
          gtk_widget_add_css_class (label, column->role == PR_COLUMN_ROLE_TEXT ? "words-differ" : "differs");
          g_ptr_array_add (self->differences, label);
          /* Announced, not only seen. */
          gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          _("differs from the primary"), -1);
        }
      attach_cell (self, label, m, row);
      row++;
    }

  title = member_title (self->item, m, n_text > 0 ? similarity / n_text : (64.0 - member->distance) / 64);
  /* No row has its id now: deleted since the scan, said, not shown as empty fields alone. */
  if (pr_mapping_find (self->mapping, PR_COLUMN_ROLE_ID) >= 0 &&
      values->pdata[pr_mapping_find (self->mapping, PR_COLUMN_ROLE_ID)] == NULL)
    {
      char *deleted = g_strdup_printf ("%s\n%s", title, _("(deleted from the table since the scan)"));

      g_free (title);
      title = deleted;
    }
  header = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_label_set_wrap (GTK_LABEL (header), TRUE);
  gtk_widget_set_focusable (header, TRUE);
  gtk_widget_add_css_class (header, "record-header");
  if (member->state == PR_MEMBER_NOT_REPEAT)
    gtk_widget_add_css_class (header, "not-repeat");
  attach_cell (self, header, m, 0);
  g_ptr_array_add (self->headers, header);
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
      g_string_append (text, feature->text);
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

/* "Why they match", for the selected record against the primary. */
static void
update_explanation (PrCompareView *self)
{
  g_autoptr(PrExplain) explain = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *primary, *selected;
  const char *primary_id, *selected_id;

  gtk_widget_set_visible (self->explanation, self->item != NULL && self->n_members > 1);
  if (self->item == NULL || self->n_members < 2)
    return;
  primary_id = pr_cluster_item_get_member (self->item, 0)->id;
  if (self->selected == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->explain_summary),
                          _("The primary is selected: choose another record (Alt+→) to see why it matches."));
      gtk_widget_set_visible (self->explain_details, FALSE);
      return;
    }

  selected_id = pr_cluster_item_get_member (self->item, self->selected)->id;
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

/* Columns made with the view: the primary and the record selected, the
 * pair a reviewer decides on. The rest are made one a frame while their
 * placeholder is in view, and then as they scroll into view: each column
 * added lays out and repaints the grid again (rows align across columns),
 * 40 ms and more a time in software, for records nobody may look at. */
#define FIRST_COLUMNS 2
#define MORE_COLUMNS 1

static void update_more (PrCompareView *self);

/* Makes columns up to (not including) member @n. */
static void
add_columns_until (PrCompareView *self,
                   guint          n)
{
  n = MIN (n, self->n_members);
  if (self->n_added >= n)
    return;
  for (; self->n_added < n; self->n_added++)
    add_member_column (self, self->n_added);
  update_more (self);
  update_headers (self);
}

/* Whether the placeholder of the columns to come is laid out and shows in
 * the scroller. Measured in the grid, where it does not move as it
 * scrolls, against the scroll position. */
static gboolean
more_in_view (PrCompareView *self)
{
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->records_scroller));
  double x = 0, y = 0;

  if (self->more == NULL || gtk_widget_get_width (self->more) == 0)
    return FALSE;
  if (!gtk_widget_translate_coordinates (self->more, self->grid, 0, 0, &x, &y))
    return FALSE;
  return x < gtk_adjustment_get_value (hadjustment) + gtk_adjustment_get_page_size (hadjustment);
}

/* Runs at the start of a frame, when the last frame's layout is known:
 * makes a few columns if their placeholder is in view, and looks again
 * on the next frame, once they are laid out. */
static gboolean
more_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  PrCompareView *self = PR_COMPARE_VIEW (widget);

  if (self->more != NULL && gtk_widget_get_width (self->more) == 0)
    return G_SOURCE_CONTINUE;
  if (more_in_view (self))
    {
      add_columns_until (self, self->n_added + MORE_COLUMNS);
      return G_SOURCE_CONTINUE;
    }
  self->more_tick = 0;
  return G_SOURCE_REMOVE;
}

/* The scroller moved or was laid out again: have the next frame look
 * whether the columns to come scrolled into view. */
static void
scroller_changed (PrCompareView *self)
{
  if (self->more != NULL && self->more_tick == 0)
    self->more_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), more_tick, NULL, NULL);
}

/* The placeholder after the last column made: says how many records are
 * still to come, and makes them when it scrolls into view. */
static void
update_more (PrCompareView *self)
{
  guint left = self->n_members - self->n_added;
  g_autofree char *text = NULL;

  if (self->more != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), self->more);
  self->more = NULL;
  if (left == 0)
    {
      remove_more_tick (self);
      return;
    }
  text = g_strdup_printf (ngettext ("%u more record →", "%u more records →", left), left);
  self->more = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (self->more), 0);
  gtk_label_set_yalign (GTK_LABEL (self->more), 0);
  gtk_widget_add_css_class (self->more, "record-header");
  gtk_widget_add_css_class (self->more, "dim-label");
  gtk_widget_set_tooltip_text (self->more, _("Scroll right, or press Alt+→, to show the next records"));
  gtk_grid_attach (GTK_GRID (self->grid), self->more, MAX ((int) self->n_added - 1, 0), 0, 1, 1);
  scroller_changed (self);
}

/* Runs at the start of a frame: once the selected record's column is
 * laid out, scrolls the records so that it is wholly in view (the
 * primary is pinned, always in view). */
static gboolean
reveal_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  PrCompareView *self = PR_COMPARE_VIEW (widget);
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->records_scroller));
  GtkWidget *header;
  graphene_rect_t bounds;

  if (self->selected == 0 || self->selected >= self->headers->len)
    {
      self->reveal_tick = 0;
      return G_SOURCE_REMOVE;
    }
  header = self->headers->pdata[self->selected];
  if (gtk_widget_get_width (header) == 0 || !gtk_widget_compute_bounds (header, self->grid, &bounds))
    return G_SOURCE_CONTINUE;
  gtk_adjustment_clamp_page (hadjustment, bounds.origin.x, bounds.origin.x + bounds.size.width);
  self->reveal_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
reveal_selected (PrCompareView *self)
{
  if (self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_tick, NULL, NULL);
}

/* The heading: the cluster's name and the records still in it, as the
 * list counts them (not those a verdict or a split took out, though
 * their columns stay on show). Follows the item as decisions change it. */
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

/**
 * pr_compare_view_show:
 * @records: (element-type GPtrArray): per member, the values in mapping order
 *
 * Shows @item's records. The first columns are made at once, the rest as
 * they scroll into view: laying out 20 bodies of 2,000 characters takes
 * longer than a frame, and only a few columns are on screen.
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
  if (self->tokenizer == NULL)
    self->tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  self->n_members = MIN (pr_cluster_item_get_n_members (item), records->len);
  /* A new cluster opens at its start, its first record beside the
   * primary; the same one shown again (after a decision) stays on the
   * record it was on. */
  if (new_cluster || self->selected >= self->n_members || self->selected == 0)
    self->selected = self->n_members > 1 ? 1 : 0;
  if (new_cluster)
    gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->records_scroller)), 0);
  for (int r = 0; r <= (int) pr_mapping_get_n_columns (mapping); r++)
    g_ptr_array_add (self->row_groups, gtk_size_group_new (GTK_SIZE_GROUP_VERTICAL));

  update_heading (self);
  gtk_widget_set_visible (self->chains, TRUE);

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
      gtk_grid_attach (GTK_GRID (self->pinned), name, 0, row, 1, 1);
      gtk_size_group_add_widget (self->row_groups->pdata[row], name);
      row++;
    }

  /* The record selected may be further right: the one it stays on. */
  add_columns_until (self, MAX (FIRST_COLUMNS, self->selected + 1));
  update_explanation (self);
  reveal_selected (self);
}

/* TRUE once the columns in view are made: every record's, or those that
 * fill the view with the rest to come as it scrolls. */
gboolean
pr_compare_view_get_settled (PrCompareView *self)
{
  return self->item != NULL && (self->n_added == self->n_members || (self->more_tick == 0 && !more_in_view (self)));
}

/* TRUE once every record of the cluster shown has its column. */
gboolean
pr_compare_view_get_complete (PrCompareView *self)
{
  return self->item != NULL && self->n_added == self->n_members;
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
  self->selected = member;
  /* A record whose column is still to come gets it now. */
  add_columns_until (self, self->selected + 1);
  update_headers (self);
  update_explanation (self);
  gtk_widget_grab_focus (self->headers->pdata[self->selected]);
  reveal_selected (self);
}

/* Moves the selection @delta records right (or left). */
void
pr_compare_view_select_member (PrCompareView *self,
                               int            delta)
{
  int n = (int) self->n_members;

  if (n == 0)
    return;
  select_member (self, (guint) (((int) self->selected + delta % n + n) % n));
}

/* Returns: (transfer none): the cluster's pair graph and bridges, in an
 * expander under the explanation */
GtkWidget *
pr_compare_view_get_chain_view (PrCompareView *self)
{
  return self->chain_view;
}

/* Scrolls to the next highlighted field; FALSE when there is none. */
gboolean
pr_compare_view_next_difference (PrCompareView *self)
{
  GtkWidget *target;

  /* Past the last difference made: the columns still to come may have more. */
  while (self->next_difference >= self->differences->len && self->n_added < self->n_members)
    add_columns_until (self, self->n_added + 1);
  if (self->differences->len == 0)
    return FALSE;
  target = self->differences->pdata[self->next_difference % self->differences->len];
  self->next_difference++;
  gtk_widget_grab_focus (target);
  return TRUE;
}
