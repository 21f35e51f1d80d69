/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pr_column_fit_cell (GtkColumnViewColumn *column,
                         GtkWidget           *label);

G_END_DECLS
