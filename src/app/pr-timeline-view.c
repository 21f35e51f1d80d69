/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrTimelineView: a petitioner's timeline, for a popover or a side panel.
 * Everything the person who sent a record filed, by the identity evidence,
 * in date order: each record's date, id, case and state, and why it is
 * the same person.
 */
#define G_LOG_DOMAIN "pr-timeline-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cluster-item.h"
#include "pr-focus.h"
#include "pr-date.h"
#include "pr-session-timeline.h"
#include "pr-timeline-view.h"

struct _PrTimelineView
{
  GtkBox        parent_instance;

  PrSession    *session;
  char         *record_id;
  GCancellable *cancellable;
  GtkWidget    *heading;
  GtkWidget    *list;
};

G_DEFINE_FINAL_TYPE (PrTimelineView, pr_timeline_view, GTK_TYPE_BOX)

static char *
describe_entry (const PrTimelineEntry *entry,
                const char            *record_id)
{
  g_autofree char *date = pr_date_format_day (entry->date);
  GString *text = g_string_new (NULL);
  const char *evidence = pr_identity_evidence_describe (entry->evidence);

  g_string_append_printf (text, _("%s · record %s"), date, entry->id);
  if (entry->case_number != 0)
    g_string_append_printf (text, _(" · case %u"), entry->case_number);
  if (*entry->status != '\0')
    g_string_append_printf (text, " · %s", entry->status);
  if (g_str_equal (entry->id, record_id))
    g_string_append_printf (text, " · %s", _("this record"));
  else if (*evidence != '\0')
    g_string_append_printf (text, " · %s", evidence);
  return g_string_free (text, FALSE);
}

static void
clear_list (PrTimelineView *self)
{
  GtkWidget *child;

  pr_focus_leave (self->list, NULL);
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_box_remove (GTK_BOX (self->list), child);
}

static void
add_line (PrTimelineView *self,
          const char     *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (self->list), label);
}

static void
timeline_ready (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PrTimelineView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = pr_session_timeline_finish (PR_SESSION (source), result, &error);
  g_autofree char *heading = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  clear_list (self);
  if (entries == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->heading), error->message);
      return;
    }
  heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The petitioner of record %s: %u record",
                                          "The petitioner of record %s: %u records", entries->len),
                             self->record_id, entries->len);
  gtk_label_set_text (GTK_LABEL (self->heading), heading);
  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *text = describe_entry (entries->pdata[i], self->record_id);

      add_line (self, text);
    }
}

/**
 * pr_timeline_view_show_record:
 * @record_id: a record of the scan under review
 *
 * Shows everything its petitioner filed.
 */
void
pr_timeline_view_show_record (PrTimelineView *self,
                              const char     *record_id)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_free (self->record_id);
  self->record_id = g_strdup (record_id);
  clear_list (self);
  gtk_label_set_text (GTK_LABEL (self->heading), _("Looking for the petitioner's records…"));
  pr_session_timeline_async (self->session, record_id, self->cancellable, timeline_ready, g_object_ref (self));
}

static void
pr_timeline_view_dispose (GObject *object)
{
  PrTimelineView *self = PR_TIMELINE_VIEW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (pr_timeline_view_parent_class)->dispose (object);
}

static void
pr_timeline_view_finalize (GObject *object)
{
  g_free (PR_TIMELINE_VIEW (object)->record_id);
  G_OBJECT_CLASS (pr_timeline_view_parent_class)->finalize (object);
}

static void
pr_timeline_view_class_init (PrTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pr_timeline_view_dispose;
  object_class->finalize = pr_timeline_view_finalize;
}

static void
pr_timeline_view_init (PrTimelineView *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_widget_set_name (GTK_WIDGET (self), "timeline");
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_size_request (GTK_WIDGET (self), 420, -1);
  self->heading = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (self->heading), TRUE);
  gtk_widget_add_css_class (self->heading, "heading");
  gtk_box_append (GTK_BOX (self), self->heading);
  self->list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_name (self->list, "timeline-records");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 480);
  gtk_box_append (GTK_BOX (self), scrolled);
}

/**
 * pr_timeline_view_new:
 * @session: the session with the scan under review
 *
 * Returns: (transfer full): the view, empty until a record is shown
 */
GtkWidget *
pr_timeline_view_new (PrSession *session)
{
  PrTimelineView *self = g_object_new (PR_TYPE_TIMELINE_VIEW, NULL);

  self->session = g_object_ref (session);
  return GTK_WIDGET (self);
}
