/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void            pr_memory_window_install (GtkApplication *application);
gboolean        pr_memory_window_stopped (void);
G_NORETURN void pr_memory_window_exit    (void);

G_END_DECLS
