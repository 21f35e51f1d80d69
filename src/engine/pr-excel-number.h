/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_excel_is_scientific (const char *text,
                                 gssize      length);
gboolean pr_excel_changes_cell  (const char *field);

G_END_DECLS
