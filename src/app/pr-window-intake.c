/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrWindow: the intake check's window (win.intake, and win.intake-record
 * with a record's id), over the table and mapping under review: the store
 * holds their fingerprints once a scan has run.
 */
#define G_LOG_DOMAIN "pr-window-intake"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-window-private.h"

#include "pr-application.h"
#include "pr-intake-page.h"

#define INTAKE_WINDOW_KEY "pr-intake-window"

static void
intake_window_destroyed (GtkWidget *window,
                         PrWindow  *self)
{
  g_object_set_data (G_OBJECT (self), INTAKE_WINDOW_KEY, NULL);
}

/* Returns: (transfer none): the intake window's page, made on first use */
static PrIntakePage *
intake_page (PrWindow *self)
{
  GtkWindow *window = g_object_get_data (G_OBJECT (self), INTAKE_WINDOW_KEY);
  GtkWidget *page;
  GtkEventController *keys;

  if (window != NULL)
    return PR_INTAKE_PAGE (gtk_window_get_child (window));
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (window, _("Intake Check"));
  gtk_window_set_transient_for (window, GTK_WINDOW (self));
  gtk_window_set_default_size (window, 720, 640);
  gtk_window_set_destroy_with_parent (window, TRUE);
  pr_application_add_transient (window);
  /* Escape closes it, as it closes the dialogs. */
  keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
  page = pr_intake_page_new (self->session, pr_session_get_table (self->session),
                             pr_session_get_mapping (self->session));
  gtk_window_set_child (window, page);
  /* Forgotten when closed: the next one is made for the scan then under review. */
  g_object_set_data (G_OBJECT (self), INTAKE_WINDOW_KEY, window);
  g_signal_connect_object (window, "destroy", G_CALLBACK (intake_window_destroyed), self, 0);
  return PR_INTAKE_PAGE (page);
}

void
_pr_window_intake_activated (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  PrWindow *self = user_data;
  PrIntakePage *page = intake_page (self);

  if (parameter != NULL)
    pr_intake_page_check_record (page, g_variant_get_string (parameter, NULL));
  gtk_window_present (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
}

/* win.intake-verdict (ss): the record checked by id is a repeat ("repeat")
 * or not ("not-repeat") of the case it shares with an earlier record. */
void
_pr_window_intake_verdict_activated (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  PrWindow *self = user_data;
  const char *record_id, *word;
  PrClusterItem *item;
  PrVerdict verdict;

  g_variant_get (parameter, "(&s&s)", &record_id, &word);
  verdict = g_str_equal (word, "repeat") ? PR_VERDICT_REPEAT : PR_VERDICT_NOT_REPEAT;
  item = pr_session_find_cluster (self->session, record_id);
  if (item == NULL || !_pr_window_prepare_decision (self, verdict == PR_VERDICT_REPEAT ? "mark-repeat"
                                                                                       : "mark-not-repeat", NULL))
    return;
  pr_session_decide_async (self->session, item, verdict, record_id, _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}
