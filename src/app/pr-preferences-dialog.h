/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_PREFERENCES_DIALOG (pr_preferences_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PrPreferencesDialog, pr_preferences_dialog, PR, PREFERENCES_DIALOG, GtkWindow)

PrPreferencesDialog *pr_preferences_dialog_new       (GtkWindow           *parent,
                                                      GSettings           *settings,
                                                      const char          *reason);
gboolean             pr_preferences_dialog_save      (PrPreferencesDialog *dialog);

G_END_DECLS
