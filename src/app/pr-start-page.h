/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_START_PAGE (pr_start_page_get_type ())
G_DECLARE_FINAL_TYPE (PrStartPage, pr_start_page, PR, START_PAGE, GtkWidget)

G_END_DECLS
