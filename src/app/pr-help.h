/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char *pr_help_find_guide (const char *const  *languages,
                          GError            **error);
void  pr_help_show       (GtkWindow          *parent);

G_END_DECLS
