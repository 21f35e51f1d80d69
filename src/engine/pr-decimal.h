/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_decimal_parse (const char *text,
                           double     *value);

G_END_DECLS
