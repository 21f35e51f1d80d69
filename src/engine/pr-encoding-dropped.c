/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tells the bytes of UTF-8 text that a CP1252 (or CP1254) reading made
 * Latin letters of, with the bytes the code page leaves undefined (0x81,
 * 0x8D, 0x8F, 0x90, 0x9D; CP1254 0x8E and 0x9E too) dropped rather than
 * written as "?" or U+FFFD (iconv's //IGNORE, Python's errors="ignore"):
 * what is left has the shape of UTF-8, lead bytes each followed by its
 * continuation bytes, but some continuation bytes missing. Pure: no
 * database, no file.
 */
#define G_LOG_DOMAIN "pr-encoding-check"

#include "config.h"

#include "pr-encoding-code-page-private.h"

/* A continuation byte is undefined about one time in ten (5 or 7 of
 * 64), so a sixth to a fifth of Chinese UTF-8's characters lose one, and
 * a short value's share varies: more three-byte characters must be
 * whole than short. Western text read so has letters (é, ü: lead bytes)
 * beside ASCII, seldom beside two signs that are continuation bytes (é»). */
/* Fewer whole characters than this say nothing. */
#define MIN_WHOLE 3

static gboolean
is_continuation (guint8 b)
{
  return b >= 0x80 && b <= 0xBF;
}

/**
 * _pr_encoding_dropped_as_lost:
 * @bytes: the bytes a Latin-1 (CP1252) reading made a value's characters of
 * @n: their length
 * @out_n: (out): the length of the bytes returned
 *
 * Only a character of three bytes is taken to have lost bytes (Chinese
 * text's, lead 0xE1 to 0xEF: 0xE0's second byte is never undefined),
 * and one that lost both only before another such lead: a Western
 * letter é stands alone before ASCII.
 *
 * Returns: (transfer full) (nullable): @bytes with 0x81 (an undefined
 *   byte) where such a character wants a continuation byte, when the
 *   shape dominates (most three-byte characters whole, at least
 *   MIN_WHOLE); %NULL if none is missing or the shape does not dominate
 */
guint8 *
_pr_encoding_dropped_as_lost (const guint8 *bytes,
                              gsize         n,
                              gsize        *out_n)
{
  return _pr_encoding_dropped_as_lost_full (bytes, n, 1, out_n);
}

/**
 * _pr_encoding_dropped_as_lost_full:
 * @bytes: the bytes a code page's reading made a value's characters of
 * @n: their length
 * @whole_per_short: 1: more whole three-byte characters than short ones
 *   (a code page that leaves a tenth of the continuation bytes
 *   undefined, CP1252); 0: more than half as many (CP1253 leaves a
 *   quarter, and Chinese text loses a byte of every other character)
 * @out_n: (out): the length of the bytes returned
 *
 * _pr_encoding_dropped_as_lost () for a code page whose letters are
 * beyond Latin-1: the caller then asks the bytes put back to be Chinese
 * text throughout, which no Greek, Hebrew or Baltic word is.
 *
 * Returns: (transfer full) (nullable): as _pr_encoding_dropped_as_lost ()
 */
guint8 *
_pr_encoding_dropped_as_lost_full (const guint8 *bytes,
                                   gsize         n,
                                   guint         whole_per_short,
                                   gsize        *out_n)
{
  GByteArray *out = g_byte_array_sized_new (n + n / 4 + 1);
  gsize whole = 0, shorts = 0;
  static const guint8 lost[2] = { 0x81, 0x81 };

  for (gsize i = 0; i < n;)
    {
      guint8 lead = bytes[i];
      gsize have = 0;

      if (lead < 0xE1 || lead > 0xEF)
        {
          g_byte_array_append (out, bytes + i, 1);
          i++;
          continue;
        }
      while (have < 2 && i + 1 + have < n && is_continuation (bytes[i + 1 + have]))
        have++;
      g_byte_array_append (out, bytes + i, 1 + have);
      if (have == 2)
        whole++;
      else if (have == 1 || (i + 1 < n && bytes[i + 1] >= 0xE1 && bytes[i + 1] <= 0xEF))
        {
          g_byte_array_append (out, lost, 2 - have);
          shorts++;
        }
      i += 1 + have;
    }
  if (shorts == 0 || whole < MIN_WHOLE || whole * 2 <= shorts * (1 + whole_per_short))
    {
      g_byte_array_unref (out);
      return NULL;
    }
  *out_n = out->len;
  return g_byte_array_free (out, FALSE);
}

/* The byte a CP1252 reading made @c of, as far as the shape of UTF-8
 * goes: a byte lost to "?" or U+FFFD, which was not dropped, is a
 * continuation byte (0x81); a character no reading made, none. */
static guint8
shape_byte (gunichar c)
{
  int byte = _pr_encoding_latin_byte (c);

  if (c == '?')
    return 0x81;
  return byte >= 0 ? (guint8) byte : '?';
}

/* How many bytes the UTF-8 that a CP1252 (CP1254) reading made @text of
 * lost by dropping, when _pr_encoding_dropped_as_lost () finds them: what
 * tells CP1254 by its undefined bytes, as "?" does. */
gsize
_pr_encoding_dropped_count (const char *text,
                            gsize       length)
{
  g_autofree guint8 *bytes = g_malloc (length + 1);
  g_autofree guint8 *restored = NULL;
  gsize n = 0, n_restored = 0;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    bytes[n++] = shape_byte (g_utf8_get_char (p));
  restored = _pr_encoding_dropped_as_lost (bytes, n, &n_restored);
  return restored != NULL ? n_restored - n : 0;
}
