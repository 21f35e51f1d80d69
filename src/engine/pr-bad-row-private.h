/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline gboolean
_pr_bad_row_is_han (gunichar c)
{
  return g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
}

/* The ideographs of the valid UTF-8 from @p to @end: the count an escaped
 * form's must reach for a value to be refused. */
static inline guint
_pr_bad_row_count_han (const char *p,
                       const char *end)
{
  guint n = 0;

  for (; p < end; p = g_utf8_next_char (p))
    n += _pr_bad_row_is_han (g_utf8_get_char (p));
  return n;
}

char *_pr_bad_row_markup (const char *value,
                          gsize       length);
char *_pr_bad_row_byte_escapes (const char *value,
                                gsize       length);
char *_pr_bad_row_base64 (const char *value,
                          gsize       length);
char *_pr_bad_row_ascii_forms (const char *value,
                               gsize       length);
char *_pr_bad_row_json (const char *value,
                        gsize       length);

G_END_DECLS
