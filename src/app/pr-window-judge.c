/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's second stage: "Judge every pair" (whether scans judge
 * every candidate pair, remembered in the settings, as the CLI's
 * --second-stage) and "Needs a judgement" (the pairs nearest the
 * threshold, and learning from the verdicts).
 */
#define G_LOG_DOMAIN "pr-window-judge"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-session-judge.h"
#include "pr-unsure-dialog.h"
#include "pr-window-private.h"

static void
second_stage_changed (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  PrWindow *self = user_data;

  g_simple_action_set_state (action, state);
  pr_session_set_second_stage (self->session, g_variant_get_boolean (state));
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "second-stage", g_variant_get_boolean (state));
}

static void
unsure_show_record (PrWindow   *self,
                    const char *record_id)
{
  pr_review_page_show_record (PR_REVIEW_PAGE (self->review_page), record_id);
}

/* A verdict in the compare view takes its pair out of the queue. */
static void
unsure_cluster_changed (PrUnsureDialog *dialog)
{
  pr_unsure_dialog_refresh (dialog);
}

/* @data: a weak reference to the window: the queue, held by the key
 * press that quits from it, may outlive the window. */
static void
unsure_destroyed (gpointer  data,
                  GObject  *dialog)
{
  GWeakRef *window_ref = data;
  g_autoptr(GObject) window = g_weak_ref_get (window_ref);

  /* A queue closed and opened again is another dialog by now. */
  if (window != NULL && g_object_get_data (window, "pr-unsure-dialog") == (gpointer) dialog)
    g_object_set_data (window, "pr-unsure-dialog", NULL);
  g_weak_ref_clear (window_ref);
  g_free (window_ref);
}

/* Closed, the queue is shut though what was under way may hold it a
 * while yet: "Needs a judgement" then opens another. */
static void
unsure_unrealized (PrWindow  *self,
                   GtkWidget *dialog)
{
  if (g_object_get_data (G_OBJECT (self), "pr-unsure-dialog") == (gpointer) dialog)
    g_object_set_data (G_OBJECT (self), "pr-unsure-dialog", NULL);
}

static void
unsure_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  PrWindow *self = user_data;
  PrUnsureDialog *dialog = g_object_get_data (G_OBJECT (self), "pr-unsure-dialog");

  if (dialog == NULL)
    {
      dialog = pr_unsure_dialog_new (GTK_WINDOW (self), self->session);
      g_signal_connect_object (dialog, "show-record", G_CALLBACK (unsure_show_record), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (dialog, "unrealize", G_CALLBACK (unsure_unrealized), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->session, "cluster-changed", G_CALLBACK (unsure_cluster_changed), dialog,
                               G_CONNECT_SWAPPED);
      g_object_set_data (G_OBJECT (self), "pr-unsure-dialog", dialog);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
      {
        GWeakRef *window_ref = g_new0 (GWeakRef, 1);

        g_weak_ref_init (window_ref, self);
        g_object_weak_ref (G_OBJECT (dialog), unsure_destroyed, window_ref);
      }
    }
  else
    pr_unsure_dialog_refresh (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_pr_window_judge_init (PrWindow *self)
{
  gboolean on = self->settings != NULL && g_settings_get_boolean (self->settings, "second-stage");
  g_autoptr(GSimpleAction) second_stage = g_simple_action_new_stateful ("second-stage", NULL,
                                                                         g_variant_new_boolean (on));
  g_autoptr(GSimpleAction) unsure = g_simple_action_new ("unsure", NULL);

  pr_session_set_second_stage (self->session, on);
  g_signal_connect (second_stage, "change-state", G_CALLBACK (second_stage_changed), self);
  g_signal_connect (unsure, "activate", G_CALLBACK (unsure_activated), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (second_stage));
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (unsure));
}

/* Returns: (transfer none) (nullable): the queue, while open */
PrUnsureDialog *
pr_window_get_unsure_dialog (PrWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "pr-unsure-dialog");
}
