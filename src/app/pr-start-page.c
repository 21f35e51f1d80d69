/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrStartPage: the window's first page. Its buttons name the window's
 * actions (win.connect, win.open-sample, win.connect-recent); it lists the
 * recent connections (pr-profiles.c) as the settings keep them: where,
 * never a password.
 */
#define G_LOG_DOMAIN "pr-start-page"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-start-page.h"
#include "pr-focus.h"

#include "pr-profiles.h"

struct _PrStartPage
{
  GtkWidget  parent_instance;

  /* Template widgets */
  GtkWidget *recent_box;
  GtkWidget *recent_list;

  GSettings *settings;   /* nullable: without the schema nothing is recent */
};

G_DEFINE_FINAL_TYPE (PrStartPage, pr_start_page, GTK_TYPE_WIDGET)

/* One button per saved connection, most recent first; each opens the
 * connect dialog on it (the password from the keyring, if kept there). */
static void
fill_recent (PrStartPage *self)
{
  g_autoptr(GPtrArray) profiles = self->settings != NULL ? pr_profiles_load (self->settings) : NULL;
  GtkWidget *child;

  pr_focus_leave (self->recent_list, NULL);
  while ((child = gtk_widget_get_first_child (self->recent_list)) != NULL)
    gtk_box_remove (GTK_BOX (self->recent_list), child);
  for (guint i = 0; profiles != NULL && i < profiles->len; i++)
    {
      g_autofree char *where = pr_connection_params_describe (profiles->pdata[i]);
      /* Translators: a recent connection's tooltip; %s is user@host/database */
      g_autofree char *tip = g_strdup_printf (_("Connect to %s again"), where);
      GtkWidget *button = gtk_button_new_with_label (where);

      gtk_widget_set_tooltip_text (button, tip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.connect-recent");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
      gtk_widget_add_css_class (button, "flat");
      gtk_box_append (GTK_BOX (self->recent_list), button);
    }
  gtk_widget_set_visible (self->recent_box, profiles != NULL && profiles->len > 0);
}

static void
pr_start_page_dispose (GObject *object)
{
  PrStartPage *self = PR_START_PAGE (object);
  GtkWidget *child;

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (object), PR_TYPE_START_PAGE);
  /* The template's top box is not bound: unparented here. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pr_start_page_parent_class)->dispose (object);
}

static void
pr_start_page_class_init (PrStartPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = pr_start_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PrStartPage, recent_box);
  gtk_widget_class_bind_template_child (widget_class, PrStartPage, recent_list);
}

static void
pr_start_page_init (PrStartPage *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL
                                        ? g_settings_schema_source_lookup (source, "org.petitionreview.PetitionReview", TRUE)
                                        : NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  if (schema != NULL)
    {
      self->settings = g_settings_new ("org.petitionreview.PetitionReview");
      /* A connection made, or one forgotten in the connect dialog. */
      g_signal_connect_swapped (self->settings, "changed::profiles", G_CALLBACK (fill_recent), self);
    }
  fill_recent (self);
}
