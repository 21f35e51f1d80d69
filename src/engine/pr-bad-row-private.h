/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline gboolean
_pr_bad_row_is_han (gunichar c)
{
  return g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
}

char *_pr_bad_row_markup (const char *value,
                          gsize       length);
char *_pr_bad_row_byte_escapes (const char *value,
                                gsize       length);
char *_pr_bad_row_base64 (const char *value,
                          gsize       length);

G_END_DECLS
