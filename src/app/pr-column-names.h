/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The display names a reviewer gave a table's columns, in GSettings (key
 * "column-names"), by database, table and column. */

GSettings *pr_column_names_settings (void);
char      *pr_column_names_lookup   (GSettings  *settings,
                                     const char *database,
                                     const char *table,
                                     const char *column);
void       pr_column_names_remember (GSettings  *settings,
                                     const char *database,
                                     const char *table,
                                     const char *column,
                                     const char *name);

G_END_DECLS
