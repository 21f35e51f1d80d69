/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char                 *pr_export_suggest_name   (const char *table,
                                                GDateTime  *now);
GFile                *pr_export_default_folder (void);
GFile                *pr_export_start_folder   (const char *last);
GtkWidget            *pr_export_dialog_new     (GtkWindow  *parent,
                                                const char *table,
                                                const char *last_folder,
                                                guint       n_shown,
                                                guint       n_all);
gboolean              pr_export_dialog_get_all (GtkFileChooser       *dialog);
GFile                *pr_export_dialog_get_file (GtkFileChooser       *dialog);
GFile                *pr_export_file_for_type  (GFile                *chosen,
                                                gboolean              xlsx_type);
gboolean              pr_export_filter_is_xlsx (GtkFileFilter        *filter);

G_END_DECLS
