/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrWindow's side of who decides and why: the reviewer's name from the
 * preferences (asked for at the first decision while it is not set), the
 * note entered for the next decision, the history popover, and the
 * actions win.preferences, win.history and win.restore (x: the id of the
 * verdict to take back).
 */
#define G_LOG_DOMAIN "pr-window-history"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-window-private.h"

#include "pr-history-popover.h"
#include "pr-preferences-dialog.h"

/* The name in the preferences, or NULL while none is set. */
static char *
dup_reviewer_name (PrWindow *self)
{
  g_autofree char *name = NULL;

  if (self->settings == NULL)
    return NULL;
  name = g_strstrip (g_settings_get_string (self->settings, "reviewer-name"));
  return name[0] != '\0' ? g_steal_pointer (&name) : NULL;
}

static void
reviewer_name_changed (PrWindow *self)
{
  g_autofree char *name = dup_reviewer_name (self);

  if (name != NULL)
    pr_session_set_reviewer (self->session, name);
}

/* The decision asked for before the name was known. */
typedef struct {
  PrWindow *window;
  char     *action;
  GVariant *target;
} Pending;

static void
pending_free (gpointer data,
              GClosure *closure)
{
  Pending *pending = data;

  g_object_unref (pending->window);
  g_free (pending->action);
  g_clear_pointer (&pending->target, g_variant_unref);
  g_free (pending);
}

static void
name_saved (PrPreferencesDialog *dialog,
            Pending             *pending)
{
  g_action_group_activate_action (G_ACTION_GROUP (pending->window), pending->action, pending->target);
}

static PrPreferencesDialog *
present_preferences (PrWindow   *self,
                     const char *reason)
{
  PrPreferencesDialog *dialog = pr_preferences_dialog_new (GTK_WINDOW (self), self->settings, reason);

  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/**
 * _pr_window_prepare_decision:
 * @action: the window's action making the decision
 * @target: (nullable): its parameter
 *
 * Before a decision: while the reviewer has not set their name, asks for
 * it, and makes the decision (@action again) once it is saved; else hands
 * the session the note entered.
 *
 * Returns: %TRUE if the decision may go ahead now
 */
gboolean
_pr_window_prepare_decision (PrWindow   *self,
                             const char *action,
                             GVariant   *target)
{
  g_autofree char *name = NULL;

  /* Without settings (a build tree) there is nowhere to keep a name:
   * the session's, the account's real name, stands. */
  if (self->settings != NULL && (name = dup_reviewer_name (self)) == NULL)
    {
      PrPreferencesDialog *dialog;
      Pending *pending = g_new0 (Pending, 1);

      dialog = present_preferences (self, _("Before your first decision: enter your name. Your decisions are "
                                            "recorded under it, and the report names you as their reviewer."));
      pending->window = g_object_ref (self);
      pending->action = g_strdup (action);
      pending->target = target != NULL ? g_variant_ref_sink (target) : NULL;
      g_signal_connect_data (dialog, "saved", G_CALLBACK (name_saved), pending, pending_free, 0);
      return FALSE;
    }
  pr_session_set_next_note (self->session, gtk_editable_get_text (GTK_EDITABLE (self->note_entry)));
  self->note_sent = TRUE;
  return TRUE;
}

static void history_shown (PrWindow *self);

/* A step is in the log: the note, if it went with it, is cleared for the
 * next decision (an undo or redo takes none); the history, if open,
 * shows the step. */
void
_pr_window_decision_recorded (PrWindow *self)
{
  if (self->note_sent)
    gtk_editable_set_text (GTK_EDITABLE (self->note_entry), "");
  self->note_sent = FALSE;
  if (gtk_widget_get_visible (self->history_popover))
    history_shown (self);
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  PrWindow *self = user_data;

  if (self->settings == NULL)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                                     _("the application's settings schema is not installed"));

      pr_window_show_error (self, _("The preferences cannot be kept (install Petition Review)"), error);
      return;
    }
  present_preferences (self, NULL);
}

static void
history_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  PrWindow *self = user_data;

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->history_button));
}

/* The popover opens: filled from the log as it is now. */
static void
history_shown (PrWindow *self)
{
  PrCompareView *compare = COMPARE_VIEW (self);

  pr_history_popover_show_history (PR_HISTORY_POPOVER (self->history_popover), self->session,
                                   pr_compare_view_get_item (compare), pr_compare_view_get_selected_id (compare));
}

static void
restore_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  PrWindow *self = user_data;
  PrClusterItem *item = pr_compare_view_get_item (COMPARE_VIEW (self));

  if (item == NULL || !_pr_window_prepare_decision (self, "restore", parameter))
    return;
  pr_session_restore_async (self->session, item, g_variant_get_int64 (parameter), _pr_window_decided, g_object_ref (self));
  _pr_window_actions_update (self);
}

static const GActionEntry history_actions[] = {
  { "preferences", preferences_activated },
  { "history", history_activated },
  { "restore", restore_activated, "x" },
};

void
_pr_window_history_init (PrWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), history_actions, G_N_ELEMENTS (history_actions), self);
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::reviewer-name", G_CALLBACK (reviewer_name_changed), self,
                               G_CONNECT_SWAPPED);
      reviewer_name_changed (self);
    }
  g_signal_connect_object (self->history_popover, "show", G_CALLBACK (history_shown), self, G_CONNECT_SWAPPED);
}
