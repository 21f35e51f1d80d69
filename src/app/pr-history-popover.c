/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrHistoryPopover: the decisions about the record chosen and about its
 * case, in the order they were made (who, when, what, the note), and the
 * records a verdict took out of the case, each with a button that
 * restores it (win.restore, with the decision's id). Filled each time it
 * opens, from the session's log: a verdict that no longer holds (the
 * record is in another case now) is still in its record's history.
 */
#define G_LOG_DOMAIN "pr-history-popover"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-history-popover.h"
#include "pr-focus.h"

struct _PrHistoryPopover
{
  GtkPopover  parent_instance;

  /* Template widgets */
  GtkWidget  *record_heading;
  GtkWidget  *record_box;
  GtkWidget  *case_heading;
  GtkWidget  *case_box;
  GtkWidget  *taken_out_heading;
  GtkWidget  *taken_out_box;
};

G_DEFINE_FINAL_TYPE (PrHistoryPopover, pr_history_popover, GTK_TYPE_POPOVER)

/* What a decision did, beginning with its record: "101: a repeat of 100". */
static char *
describe_verdict (const PrDecision *decision)
{
  switch (decision->verdict)
    {
    case PR_VERDICT_REPEAT:
      return g_strdup_printf (_("%s: a repeat of %s"), decision->record_id, decision->primary_id);
    case PR_VERDICT_NOT_REPEAT:
      return g_strdup_printf (_("%s: not a repeat of %s (taken out)"), decision->record_id, decision->primary_id);
    case PR_VERDICT_MERGED:
      return g_strdup_printf (_("%s: merged into %s"), decision->record_id, decision->primary_id);
    case PR_VERDICT_PRIMARY:
      return g_strdup_printf (_("%s: made the primary"), decision->record_id);
    case PR_VERDICT_UNDO:
    default:
      return g_strdup (decision->record_id);
    }
}

/**
 * pr_history_describe:
 * @decision: a decision of the log
 * @undone: (nullable): for an undo, the decision it takes back, if known
 *
 * An undo is told by what it took back: the log's ids mean nothing to a
 * reviewer.
 *
 * Returns: (transfer full): one line of history: when (local time), who,
 *   what, the case, and the note on a line of its own
 */
char *
pr_history_describe (const PrDecision *decision,
                     const PrDecision *undone)
{
  g_autoptr(GDateTime) local = g_date_time_new_from_unix_local (decision->decided_at);
  g_autofree char *when = local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("—");
  g_autofree char *what = NULL;
  GString *line = g_string_new (NULL);

  if (decision->verdict != PR_VERDICT_UNDO)
    what = describe_verdict (decision);
  else if (undone != NULL && undone->verdict == PR_VERDICT_NOT_REPEAT)
    /* Translators: a line of history: a record found not a repeat of the
     * primary (%2$s) put back into its case */
    what = g_strdup_printf (_("%1$s: restored to the case (“not a repeat of %2$s” taken back)"),
                            undone->record_id, undone->primary_id);
  else if (undone != NULL)
    {
      g_autofree char *was = describe_verdict (undone);

      /* Translators: a line of history: the decision %s (such as
       * "101: a repeat of 100") was taken back by an undo */
      what = g_strdup_printf (_("%s (taken back)"), was);
    }
  else
    what = g_strdup_printf (_("%s: an earlier decision taken back"), decision->record_id);
  /* Translators: a line of a decision history: time, reviewer, what was decided */
  g_string_append_printf (line, _("%s  %s  %s"), when, decision->reviewer, what);
  if (decision->case_number != 0)
    /* Translators: after a line of history: the case it was decided in (案件) */
    g_string_append_printf (line, _(" — case %u"), decision->case_number);
  if (decision->note != NULL && decision->note[0] != '\0')
    /* Translators: the reviewer's note on a decision (处理意见) */
    g_string_append_printf (line, _("\nNote: %s"), decision->note);
  return g_string_free (line, FALSE);
}

/* The decision @undo takes back, among @decisions (a history holds the
 * decisions about a record or a case, so the one undone is among them). */
static const PrDecision *
find_undone (GPtrArray        *decisions,
             const PrDecision *undo)
{
  if (undo->verdict != PR_VERDICT_UNDO)
    return NULL;
  for (guint i = 0; i < decisions->len; i++)
    if (((PrDecision *) decisions->pdata[i])->id == undo->undoes)
      return decisions->pdata[i];
  return NULL;
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  pr_focus_leave (box, NULL);
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static GtkWidget *
history_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Copied by the mouse and the label's menu; Tab goes past the lines to
   * the Restore buttons rather than stop on each. */
  gtk_widget_set_focusable (label, FALSE);
  return label;
}

static void
fill (GtkWidget  *box,
      GPtrArray  *decisions,
      const char *empty)
{
  clear_box (box);
  for (guint i = 0; i < decisions->len; i++)
    {
      g_autofree char *text = pr_history_describe (decisions->pdata[i], find_undone (decisions, decisions->pdata[i]));

      gtk_box_append (GTK_BOX (box), history_label (text));
    }
  if (decisions->len == 0)
    {
      GtkWidget *label = history_label (empty);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }
}

static void
fill_taken_out (PrHistoryPopover *self,
                GPtrArray        *taken_out)
{
  clear_box (self->taken_out_box);
  for (guint i = 0; i < taken_out->len; i++)
    {
      PrDecision *decision = taken_out->pdata[i];
      g_autofree char *text = pr_history_describe (decision, NULL);
      g_autofree char *tooltip = g_strdup_printf (_("Take back the verdict that took record %s out of the case"),
                                                  decision->record_id);
      g_autofree char *name = g_strdup_printf ("restore-%s", decision->record_id);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = history_label (text);
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Restore"));

      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_name (button, name);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.restore");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_int64 (decision->id));
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), button);
      gtk_box_append (GTK_BOX (self->taken_out_box), row);
    }
  gtk_widget_set_visible (self->taken_out_heading, taken_out->len > 0);
  gtk_widget_set_visible (self->taken_out_box, taken_out->len > 0);
}

/**
 * pr_history_popover_show_history:
 * @session: the session
 * @item: (nullable): the case shown
 * @record_id: (nullable): the record chosen in it
 *
 * Fills the popover from @session's log.
 */
void
pr_history_popover_show_history (PrHistoryPopover *self,
                                 PrSession        *session,
                                 PrClusterItem    *item,
                                 const char       *record_id)
{
  g_autoptr(GPtrArray) record_history = NULL;
  g_autoptr(GPtrArray) case_history = NULL;
  g_autoptr(GPtrArray) taken_out = NULL;
  g_autofree char *record_title = NULL;
  g_autofree char *case_title = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (PR_IS_HISTORY_POPOVER (self));

  if (item == NULL)
    {
      g_autoptr(GPtrArray) none = g_ptr_array_new ();

      gtk_label_set_text (GTK_LABEL (self->record_heading), _("No case chosen"));
      gtk_widget_set_visible (self->case_heading, FALSE);
      fill (self->record_box, none, _("Choose a case in the list to see its decisions."));
      clear_box (self->case_box);
      fill_taken_out (self, none);
      return;
    }
  gtk_widget_set_visible (self->case_heading, TRUE);
  if (record_id == NULL)
    record_id = pr_cluster_item_get_primary_id (item);
  record_history = pr_session_list_record_history (session, record_id);
  record_title = g_strdup_printf (_("Record %s"), record_id);
  gtk_label_set_text (GTK_LABEL (self->record_heading), record_title);
  fill (self->record_box, record_history, _("No decision about this record yet."));

  name = pr_cluster_item_dup_name (item);
  case_title = pr_cluster_item_get_is_case (item)
               /* Translators: the heading of a case's history (案件 N) */
               ? g_strdup_printf (_("Case %s"), name)
               : g_strdup_printf (_("Cluster %s"), name);
  gtk_label_set_text (GTK_LABEL (self->case_heading), case_title);
  case_history = pr_session_list_case_history (session, item);
  fill (self->case_box, case_history, _("No decision in this case yet."));

  taken_out = pr_cluster_item_list_taken_out (item);
  fill_taken_out (self, taken_out);
}

static void
pr_history_popover_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PR_TYPE_HISTORY_POPOVER);

  G_OBJECT_CLASS (pr_history_popover_parent_class)->dispose (object);
}

static void
pr_history_popover_class_init (PrHistoryPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_history_popover_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/petitionreview/PetitionReview/pr-history-popover.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrHistoryPopover, name)
  BIND (record_heading);
  BIND (record_box);
  BIND (case_heading);
  BIND (case_box);
  BIND (taken_out_heading);
  BIND (taken_out_box);
#undef BIND
}

static void
pr_history_popover_init (PrHistoryPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
