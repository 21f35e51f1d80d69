/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char *pr_help_find_guide   (const char *const  *languages,
                            GError            **error);
void  pr_help_show         (GtkWindow          *parent);
void  pr_help_show_path    (GtkWindow          *parent,
                            const char         *path,
                            const char         *heading);
void  pr_help_show_folder  (GtkWindow          *parent,
                            GFile              *folder,
                            const char         *heading);
char *pr_help_failure_text (const char         *path,
                            const GError       *error);

G_END_DECLS
