/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text in base85: Ascii85 (jfjd for 小, as PDF and
 * PostScript write bytes, in <~ ~> or not), RFC 1924's alphabet (as git's
 * binary patches and Python's b85encode () write them) or ZeroMQ's Z85;
 * five characters for four bytes, in lines or one. Read as it stands,
 * every such letter is one word of letters, digits and signs, and
 * unrelated letters are found as repeats. Evidence is a token that is
 * most of the value and decodes to Chinese text
 * (_pr_bad_row_han_in_bytes ()), no less of it than the value writes
 * plainly. A token of one alphabet read in another, a hash, a key or an
 * English word is random bytes, which read as no such text.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* The shortest token looked at: 12 bytes, four ideographs in UTF-8. */
#define MIN_CHARS 15

/* The alphabets, each of 85 characters, and the names a message gives
 * them; NULL for Ascii85's, the characters from "!" on. */
static const struct
{
  const char *name;
  const char *letters;
} alphabets[] = {
  { "Ascii85", NULL },
  { "base85, RFC 1924", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~" },
  { "Z85", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#" },
};

/* Whether @c is a character of a base85 alphabet: printable ASCII but
 * the space. */
static gboolean
is_base85_char (guchar c)
{
  return c > ' ' && c < 0x7F;
}

/* Each ASCII character's value in the alphabet @letters (Ascii85's if
 * NULL), or -1, into @values. */
static void
fill_values (const char *letters,
             gint8       values[128])
{
  memset (values, -1, 128);
  for (int i = 0; i < 85; i++)
    values[letters != NULL ? (guchar) letters[i] : '!' + i] = (gint8) i;
}

/* Appends the first @n bytes of @group, unless it is more than 32 bits. */
static gboolean
append_group (GByteArray *bytes,
              guint64     group,
              guint       n)
{
  guint8 four[4] = { (guint8) (group >> 24), (guint8) (group >> 16), (guint8) (group >> 8), (guint8) group };

  if (group > G_MAXUINT32)
    return FALSE;
  g_byte_array_append (bytes, four, n);
  return TRUE;
}

/* The bytes of @start to @end in the alphabet @letters, line breaks
 * aside: each five digits four bytes, a last group of two to four digits
 * one byte fewer, as padded with the highest digit; NULL if a character
 * is outside the alphabet or a group is more than 32 bits. */
static GByteArray *
decode (const char *start,
        const char *end,
        const char *letters)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint64 group = 0;
  gint8 values[128];
  guint n = 0;

  fill_values (letters, values);
  for (const char *p = start; p < end; p++)
    {
      if (*p == '\n' || *p == '\r')
        continue;
      if ((guchar) *p >= 128 || values[(guchar) *p] < 0)
        return NULL;
      group = group * 85 + (guint64) values[(guchar) *p];
      if (++n < 5)
        continue;
      if (!append_group (bytes, group, 4))
        return NULL;
      group = 0;
      n = 0;
    }
  if (n == 1)
    return NULL;
  if (n > 0)
    {
      guint kept = n - 1;

      for (; n < 5; n++)
        group = group * 85 + 84;
      if (!append_group (bytes, group, kept))
        return NULL;
    }
  return g_steal_pointer (&bytes);
}

/**
 * _pr_bad_row_base85:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text in
 *   base85 (Ascii85, RFC 1924's, Z85), or %NULL
 */
char *
_pr_bad_row_base85 (const char *value,
                    gsize       length)
{
  g_autofree char *shown = NULL;
  const char *encoding = NULL, *start, *end;
  gsize chars = 0;
  guint han = 0, kind;
  PrBadRowToken token;

  /* Every value of every row passes here: one walk of its bytes; only a
   * token that is three quarters of it at least is decoded. */
  /* An encoder's lines, of any width. */
  token = _pr_bad_row_longest_token (value, length, is_base85_char, 1, FALSE, &chars);
  if (token.chars < MIN_CHARS || token.chars * 4 < chars * 3)
    return NULL;
  for (kind = 0; kind < G_N_ELEMENTS (alphabets); kind++)
    {
      g_autoptr(GByteArray) bytes = NULL;

      start = token.start;
      end = token.end;
      /* Ascii85's delimiters, as PostScript writes them. */
      if (kind == 0 && end - start >= 4 && memcmp (start, "<~", 2) == 0 && memcmp (end - 2, "~>", 2) == 0)
        {
          start += 2;
          end -= 2;
        }
      bytes = decode (start, end, alphabets[kind].letters);
      if (bytes != NULL && (han = _pr_bad_row_han_in_bytes (bytes->data, bytes->len, &encoding)) >= PR_BAD_ROW_MIN_HAN)
        break;
    }
  if (kind == G_N_ELEMENTS (alphabets) || han < _pr_bad_row_plain_han (value, length, token.start, token.end))
    return NULL;

  shown = _pr_bad_row_shown_from (token.start, token.end);
  /* Translators: the value's first characters, then the name of its
   * alphabet (Ascii85, Z85 …), then the encoding of the bytes they write. */
  return g_strdup_printf (_("the value writes its text in base85 (“%s…”, as PDF's Ascii85, git's binary patches or "
                            "ZeroMQ's Z85 write bytes, jfjd for 小 in Ascii85), whose letters, digits and signs "
                            "would be compared as the letter's words, so that unrelated letters match: decode the "
                            "export first (%s, its bytes being %s) and scan that"),
                          shown, alphabets[kind].name, encoding);
}
