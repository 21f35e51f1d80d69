/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether what a notation decodes to (hex digits, base32, base64, base85
 * to bytes; UTF-7 and Punycode to characters) is a Chinese letter's text,
 * the one evidence every notation's check asks for. Bytes are read as
 * UTF-8, else GBK, else UTF-16 in either byte order; random bytes (a
 * hash, a key, an ID) read as none of them into text of common
 * ideographs.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <string.h>

#include "pr-bad-row-private.h"

/* Decoded ideographs a value in GBK or UTF-16 needs before it is
 * refused: more than PR_BAD_ROW_MIN_HAN, as random bytes read as GBK
 * (below) or as UTF-16 (three of 28,000 random ten bytes, a TOTP
 * secret's, read as four common ideographs or more) more often than as
 * UTF-8. */
#define MIN_HAN_TWO_BYTES 8

/* Ideographs a Traditional letter in GBK needs (below): eighteen random
 * bytes read as nine common ideographs, Simplified and Traditional mixed,
 * once among 10^7 random tokens. */
#define MIN_HAN_TRADITIONAL 12

/* Whether @bytes, not UTF-8, may be Chinese text in GB18030 (GBK and
 * its four-byte characters, a rare ideograph such as 𠮷 in a name); in
 * @simplified, whether its two-byte characters are all GB2312's and nine
 * in ten of its ideographs GB2312's first level, as a Simplified
 * letter's are. Four-byte characters are set aside from that judgement,
 * but may be one in ten of the characters at most: random bytes read as
 * GB18030 into many of them. In @gb18030, whether it has any. */
static gboolean
looks_like_gbk_text (const guint8 *bytes,
                     gsize         length,
                     gboolean     *simplified,
                     gboolean     *gb18030)
{
  guint han = 0, first_level = 0, two_byte = 0, four_byte = 0;
  gboolean gb2312 = TRUE;

  for (gsize i = 0; i < length; i++)
    {
      guint8 lead = bytes[i], trail;

      if (lead < 0x80)
        continue;
      if (lead >= 0x81 && lead <= 0xFE && i + 3 < length && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 &&
          bytes[i + 2] >= 0x81 && bytes[i + 2] <= 0xFE && bytes[i + 3] >= 0x30 && bytes[i + 3] <= 0x39)
        {
          four_byte++;
          i += 3;
          continue;
        }
      if (i + 1 >= length || (trail = bytes[i + 1]) < 0x40)
        return FALSE;
      gb2312 = gb2312 && lead >= 0xA1 && lead <= 0xF7 && trail >= 0xA1 && trail <= 0xFE;
      han += lead >= 0xB0;
      first_level += lead >= 0xB0 && lead <= 0xD7;
      two_byte++;
      i++;
    }
  if (four_byte * 10 > two_byte + four_byte)
    return FALSE;
  *simplified = gb2312 && first_level * 10 >= han * 9;
  *gb18030 = four_byte > 0;
  return TRUE;
}

/* The ideographs of @text if every character is text's, else 0; in
 * @chars, its characters but spaces. */
static guint
han_if_text (const char *text,
             gsize       length,
             guint      *chars)
{
  guint han = 0;

  *chars = 0;
  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!_pr_bad_row_is_text_char (c))
        return 0;
      han += _pr_bad_row_is_han (c);
      *chars += !g_unichar_isspace (c);
    }
  return han;
}

/* The ideographs of @bytes read as GBK (GB18030), 0 unless they are
 * text with half its characters but spaces ideographs: a Simplified
 * letter's (above), MIN_HAN_TWO_BYTES of them at least, or one whose
 * ideographs are nine in ten common ones (a Traditional letter's, outside
 * GB2312), MIN_HAN_TRADITIONAL at least. Random bytes often read as
 * GB18030, into characters of all its range. */
static guint
han_in_gbk (const guint8 *bytes,
            gsize         length,
            gboolean     *gb18030)
{
  g_autofree char *converted = NULL;
  gboolean simplified;
  guint64 all_han;
  gsize n = 0;
  guint han, chars;

  if (!looks_like_gbk_text (bytes, length, &simplified, gb18030))
    return 0;
  converted = g_convert ((const char *) bytes, length, "UTF-8", "GB18030", NULL, &n, NULL);
  if (converted == NULL || (!simplified && !_pr_bad_row_mostly_common (converted, n, &all_han)))
    return 0;
  han = han_if_text (converted, n, &chars);
  return han >= (simplified ? MIN_HAN_TWO_BYTES : MIN_HAN_TRADITIONAL) && han * 2 >= chars ? han : 0;
}

/* The ideographs of @bytes read as UTF-16 (big-endian if @big), judged
 * as a notation's characters are (_pr_bad_row_han_in_chars ()), 0 unless
 * MIN_HAN_TWO_BYTES and half the characters but spaces. */
static guint
han_in_utf16 (const guint8 *bytes,
              gsize         length,
              gboolean      big)
{
  g_autoptr(GArray) chars = g_array_sized_new (FALSE, FALSE, sizeof (gunichar), length / 2);
  gunichar high = 0;
  guint non_space, han;

  for (gsize i = 0; i + 1 < length; i += 2)
    {
      gunichar unit = big ? (gunichar) bytes[i] << 8 | bytes[i + 1] : (gunichar) bytes[i + 1] << 8 | bytes[i];

      if (high != 0)
        {
          if (unit < 0xDC00 || unit > 0xDFFF)
            return 0;
          unit = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00);
          high = 0;
        }
      else if (unit >= 0xD800 && unit <= 0xDBFF)
        {
          high = unit;
          continue;
        }
      g_array_append_val (chars, unit);
    }
  if (high != 0)
    return 0;
  han = _pr_bad_row_han_in_chars (chars, &non_space);
  return han >= MIN_HAN_TWO_BYTES && han * 2 >= non_space ? han : 0;
}

/**
 * _pr_bad_row_han_in_bytes:
 * @bytes: what a notation decodes to
 * @length: their length
 * @encoding: (out): the encoding they are text in: "UTF-8", "GBK",
 *   "GB18030" (GBK with four-byte characters), "UTF-16BE" or "UTF-16LE"
 *
 * Returns: the ideographs of @bytes if they are text in UTF-8, else in GBK,
 *   else in UTF-16; 0 if they are none, or hold a character no text
 *   holds: a control character but a line break or a tab, a private-use
 *   or unassigned one, U+FFFD. Text in GBK or UTF-16 needs more: at
 *   least eight ideographs (twelve for a Traditional letter in GBK), half
 *   its characters but spaces, nine in ten of its ideographs common ones
 *   (and for UTF-16, what a notation's characters need). UTF-16 is not tried on bytes that are text in UTF-8 (ASCII's
 *   pairs read as UTF-16 are ideographs).
 */
guint
_pr_bad_row_han_in_bytes (const guint8 *bytes,
                          gsize         length,
                          const char  **encoding)
{
  guint han = 0, chars;
  gboolean bom_be, bom_le, gb18030;

  *encoding = "UTF-8";
  if (length == 0)
    return 0;
  if (g_utf8_validate_len ((const char *) bytes, length, NULL))
    {
      gboolean text = TRUE;

      /* Control characters: not UTF-8 text, but maybe UTF-16's bytes. */
      for (gsize i = 0; i < length && text; i++)
        text = bytes[i] >= 0x20 || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t';
      if (text)
        return han_if_text ((const char *) bytes, length, &chars);
    }
  else if ((han = han_in_gbk (bytes, length, &gb18030)) > 0)
    {
      *encoding = gb18030 ? "GB18030" : "GBK";
      return han;
    }
  if (length % 2 != 0)
    return 0;
  bom_be = bytes[0] == 0xFE && bytes[1] == 0xFF;
  bom_le = bytes[0] == 0xFF && bytes[1] == 0xFE;
  if (!bom_le && (han = han_in_utf16 (bytes + 2 * bom_be, length - 2 * bom_be, TRUE)) > 0)
    *encoding = "UTF-16BE";
  else if (!bom_be && (han = han_in_utf16 (bytes + 2 * bom_le, length - 2 * bom_le, FALSE)) > 0)
    *encoding = "UTF-16LE";
  return han;
}

/**
 * _pr_bad_row_han_in_converted:
 * @text: valid UTF-8, converted from another encoding a notation names
 *   (an encoded-word's charset)
 * @length: its length in bytes
 *
 * Returns: its ideographs, judged as a Traditional letter in GBK is
 *   (random bytes read as a two-byte encoding make ideographs): 0 unless
 *   all its characters are text's, MIN_HAN_TRADITIONAL ideographs at
 *   least, half its characters but spaces, nine in ten of them common
 *   ones
 */
guint
_pr_bad_row_han_in_converted (const char *text,
                              gsize       length)
{
  guint64 all_han;
  guint han, chars;

  if (!_pr_bad_row_mostly_common (text, length, &all_han))
    return 0;
  han = han_if_text (text, length, &chars);
  return han >= MIN_HAN_TRADITIONAL && han * 2 >= chars ? han : 0;
}

/* Whether @c is a character of a Chinese letter's besides its ideographs:
 * ASCII and Latin-1, general punctuation (“” …), CJK punctuation (、。
 * 《》) and the full-width forms (，！（）). Random 16-bit units or
 * Punycode digits are mostly letters of other scripts. */
static gboolean
is_letter_sign (gunichar c)
{
  return c <= 0xFF || (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

/**
 * _pr_bad_row_han_in_chars:
 * @chars: (element-type gunichar): the characters a notation decodes to
 * @non_space: (out): its characters but spaces
 *
 * Returns: the ideographs of @chars; 0 unless all are text's characters,
 *   ideographs or a letter's signs, and nine in ten of the ideographs are
 *   common ones (GB2312's first level, Big5's common), as random
 *   characters' are not
 */
guint
_pr_bad_row_han_in_chars (const GArray *chars,
                          guint        *non_space)
{
  g_autofree char *text = NULL;
  guint64 han = 0;
  glong length = 0;

  *non_space = 0;
  for (guint i = 0; i < chars->len; i++)
    {
      gunichar c = g_array_index (chars, gunichar, i);

      if (!_pr_bad_row_is_text_char (c) || (!_pr_bad_row_is_han (c) && !is_letter_sign (c)))
        return 0;
      *non_space += !g_unichar_isspace (c);
    }
  text = g_ucs4_to_utf8 ((const gunichar *) chars->data, chars->len, NULL, &length, NULL);
  if (text == NULL)
    return 0;
  return _pr_bad_row_mostly_common (text, length, &han) ? (guint) han : 0;
}

/**
 * _pr_bad_row_plain_han:
 * @value: valid UTF-8
 * @length: its length in bytes
 * @start: where its encoded part starts
 * @end: where that part ends
 *
 * Returns: the ideographs of @value outside its encoded part, which the
 *   decoded text's must reach (a letter that quotes a token is read)
 */
guint
_pr_bad_row_plain_han (const char *value,
                       gsize       length,
                       const char *start,
                       const char *end)
{
  return _pr_bad_row_count_han (value, start) + _pr_bad_row_count_han (end, value + length);
}

/**
 * _pr_bad_row_decoded_dominates:
 * @han: the ideographs of the text decoded from @start to @end
 * @value: valid UTF-8
 * @length: its length in bytes
 * @start: where its encoded part starts
 * @end: where that part ends
 *
 * Returns: whether the decoded text is a letter's (enough ideographs) and
 *   outweighs the plain text around it
 */
gboolean
_pr_bad_row_decoded_dominates (guint       han,
                               const char *value,
                               gsize       length,
                               const char *start,
                               const char *end)
{
  return han >= PR_BAD_ROW_MIN_HAN && han >= _pr_bad_row_plain_han (value, length, start, end);
}

/**
 * _pr_bad_row_count_chars:
 *
 * Returns: the characters from @start to @end that are not ASCII white
 *   space
 */
gsize
_pr_bad_row_count_chars (const char *start,
                         const char *end)
{
  gsize n = 0;

  for (const char *p = start; p < end; p++)
    n += !g_ascii_isspace (*p) && ((guchar) *p & 0xC0) != 0x80;
  return n;
}
