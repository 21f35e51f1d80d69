/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pr_memory_window_install (GtkApplication *application);

G_END_DECLS
