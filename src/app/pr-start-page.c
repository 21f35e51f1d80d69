/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrStartPage: the window's first page. Its buttons name the window's
 * actions (win.connect, win.open-sample); it has no behaviour of its own.
 */
#define G_LOG_DOMAIN "pr-start-page"

#include "config.h"

#include "pr-start-page.h"

struct _PrStartPage
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (PrStartPage, pr_start_page, GTK_TYPE_WIDGET)

static void
pr_start_page_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), PR_TYPE_START_PAGE);
  /* The template's top box is not bound: unparented here. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (pr_start_page_parent_class)->dispose (object);
}

static void
pr_start_page_class_init (PrStartPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = pr_start_page_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/org/petitionreview/PetitionReview/pr-start-page.ui");
}

static void
pr_start_page_init (PrStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
