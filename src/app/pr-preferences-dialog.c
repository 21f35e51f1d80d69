/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrPreferencesDialog: the reviewer's own settings, for now the name their
 * decisions are recorded under (the login account is recorded apart, and
 * often names no one: a shared "root" or a clerk's number).
 */
#define G_LOG_DOMAIN "pr-preferences-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-application.h"
#include "pr-preferences-dialog.h"

struct _PrPreferencesDialog
{
  GtkWindow  parent_instance;

  /* Template widgets */
  GtkWidget *reason_label;
  GtkWidget *name_entry;
  GtkWidget *error_label;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (PrPreferencesDialog, pr_preferences_dialog, GTK_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The longest name the decision log keeps (pr-store-decisions.c). */
#define MAX_NAME_CHARS 191

/**
 * pr_preferences_dialog_save:
 *
 * Saves the name entered; an empty or overlong one is refused, saying
 * why, and the dialog stays open.
 *
 * Returns: %TRUE if saved (and the dialog closed)
 */
gboolean
pr_preferences_dialog_save (PrPreferencesDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));

  if (name[0] == '\0' || g_utf8_strlen (name, -1) > MAX_NAME_CHARS)
    {
      gtk_label_set_text (GTK_LABEL (self->error_label),
                          name[0] == '\0'
                          ? _("Enter your name: your decisions are recorded under it.")
                          : _("The name is too long: at most 191 characters."));
      gtk_widget_set_visible (self->error_label, TRUE);
      gtk_widget_grab_focus (self->name_entry);
      return FALSE;
    }
  g_settings_set_string (self->settings, "reviewer-name", name);
  g_signal_emit (self, signals[SAVED], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
save_clicked (PrPreferencesDialog *self)
{
  pr_preferences_dialog_save (self);
}

static void
cancel_clicked (PrPreferencesDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
pr_preferences_dialog_dispose (GObject *object)
{
  PrPreferencesDialog *self = PR_PREFERENCES_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_PREFERENCES_DIALOG);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pr_preferences_dialog_parent_class)->dispose (object);
}

static void
pr_preferences_dialog_class_init (PrPreferencesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_preferences_dialog_dispose;

  /* The name was saved in the settings. */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/petitionreview/PetitionReview/pr-preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PrPreferencesDialog, reason_label);
  gtk_widget_class_bind_template_child (widget_class, PrPreferencesDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, PrPreferencesDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pr_preferences_dialog_init (PrPreferencesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * pr_preferences_dialog_new:
 * @parent: the window it belongs to
 * @settings: the application's settings
 * @reason: (nullable): why it opened by itself (the first decision), shown
 *   above the name
 */
PrPreferencesDialog *
pr_preferences_dialog_new (GtkWindow  *parent,
                           GSettings  *settings,
                           const char *reason)
{
  PrPreferencesDialog *self = g_object_new (PR_TYPE_PREFERENCES_DIALOG, "transient-for", parent, NULL);
  g_autofree char *name = g_settings_get_string (settings, "reviewer-name");

  pr_application_add_transient (GTK_WINDOW (self));
  self->settings = g_object_ref (settings);
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
  gtk_label_set_text (GTK_LABEL (self->reason_label), reason != NULL ? reason : "");
  gtk_widget_set_visible (self->reason_label, reason != NULL);
  return self;
}
