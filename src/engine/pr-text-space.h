/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * White space in a letter's text (pr-text-space.c): Unicode's White_Space
 * (blanks, tabs, every kind of line break, the ideographic and the
 * no-break space).
 */
static inline gboolean
pr_text_space_is_space (gunichar c)
{
  if (c < 0x80)
    return c == ' ' || (c >= '\t' && c <= '\r');
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

gboolean pr_text_space_is_cjk (gunichar c);
gboolean pr_text_space_joins  (gunichar before,
                               gunichar after);

gboolean pr_text_space_is_invisible   (gunichar    c);
gboolean pr_text_space_append_visible (GString    *out,
                                       const char *text,
                                       gsize       length);

G_END_DECLS
