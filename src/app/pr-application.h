/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_APPLICATION_ID "org.petitionreview.PetitionReview"

#define PR_TYPE_APPLICATION (pr_application_get_type ())
G_DECLARE_FINAL_TYPE (PrApplication, pr_application, PR, APPLICATION, GtkApplication)

PrApplication *pr_application_new            (void);
void           pr_application_add_transient  (GtkWindow *window);
void           pr_application_load_style     (GdkDisplay *display);

G_END_DECLS
