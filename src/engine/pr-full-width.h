/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * The byte the character at @p is read as, and in @len its length: a
 * full-width form (U+FF01 to U+FF5E) as its ASCII character and the
 * ideographic space as a space, as a Chinese input method types them; any
 * other byte as itself. Reads no further than @end.
 */
static inline guchar
pr_full_width_fold_at (const guchar *p,
                       const guchar *end,
                       gsize        *len)
{
  *len = 1;
  if (end - p >= 3 && p[0] == 0xEF &&
      ((p[1] == 0xBC && p[2] >= 0x81 && p[2] <= 0xBF) || (p[1] == 0xBD && p[2] >= 0x80 && p[2] <= 0x9E)))
    {
      *len = 3;
      return (guchar) ((((p[1] & 0x3F) << 6) | (p[2] & 0x3F)) - 0xEE0);
    }
  if (end - p >= 3 && p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80)
    {
      *len = 3;
      return ' ';
    }
  return p[0];
}

G_END_DECLS
