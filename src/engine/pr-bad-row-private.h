/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *_pr_bad_row_markup (const char *value,
                          gsize       length);
char *_pr_bad_row_byte_escapes (const char *value,
                                gsize       length);

G_END_DECLS
