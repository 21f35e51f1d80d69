/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-connection.h"
#include "pr-mapping.h"

G_BEGIN_DECLS

gboolean pr_stable_id_check       (GPtrArray        *columns,
                                   const char       *table,
                                   const PrMapping  *mapping,
                                   GError          **error);
gboolean pr_stable_id_check_table (PrConnection     *connection,
                                   const char       *table,
                                   const PrMapping  *mapping,
                                   GError          **error);

G_END_DECLS
