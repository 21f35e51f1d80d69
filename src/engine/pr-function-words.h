/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_is_function_word (const char *word,
                              gsize       length);

G_END_DECLS
