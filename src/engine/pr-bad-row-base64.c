/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text in base64 (5bCP5Yy6 for 小区: an e-mail's body,
 * a program's export of bytes), one token or lines of one, as MIME wraps
 * them; or in base32 (4WYI7ZMM for 小区), RFC 4648's alphabet or another
 * (base32hex, Crockford's, z-base-32), in blocks or not. Read as it
 * stands, every such letter is a string of letters and digits, and
 * unrelated letters are found as repeats. Evidence is a token that is
 * most of the value and decodes to Chinese text
 * (_pr_bad_row_han_in_bytes ()), no less of it than the value writes
 * plainly. An order, tracking or ID number, a hash or a link's token is
 * no such text: written in one case (the base64 of text mixes both), it
 * is not decoded as base64; decoded, its bytes are not text (control
 * characters, bytes no encoding reads, characters no one writes).
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

static gboolean
is_base64_char (guchar c)
{
  return g_ascii_isalnum (c) || c == '+' || c == '/' || c == '-' || c == '_' || c == '=';
}

/* Whether @token is base64 as an encoder writes it: one alphabet (+/ or
 * -_), "=" only closing a piece of a length of a multiple of four (lines
 * encoded one by one), no piece whose length leaves a single character,
 * and letters of both cases. */
static gboolean
is_base64 (const PrBadRowToken *token)
{
  gboolean standard = FALSE, url = FALSE, upper = FALSE, lower = FALSE;
  gsize piece = 0, padding = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      if (g_ascii_isspace (*p))
        continue;
      if (*p == '=')
        {
          if (++padding > 2)
            return FALSE;
          continue;
        }
      if (padding > 0)
        {
          if ((piece + padding) % 4 != 0)
            return FALSE;
          piece = padding = 0;
        }
      piece++;
      standard |= *p == '+' || *p == '/';
      url |= *p == '-' || *p == '_';
      upper |= g_ascii_isupper (*p);
      lower |= g_ascii_islower (*p);
    }
  return !(standard && url) && upper && lower && (padding > 0 ? (piece + padding) % 4 == 0 : piece % 4 != 1);
}

/* The bytes @token writes, each piece (ended by "=") decoded by itself. */
static GByteArray *
decode (const PrBadRowToken *token)
{
  GByteArray *bytes = g_byte_array_new ();
  g_autoptr(GString) piece = g_string_new (NULL);

  for (const char *p = token->start; p <= token->end; p++)
    {
      g_autofree guchar *decoded = NULL;
      gsize n = 0;

      if (p < token->end && *p != '=')
        {
          if (!g_ascii_isspace (*p))
            g_string_append_c (piece, *p == '-' ? '+' : *p == '_' ? '/' : *p);
          continue;
        }
      if (piece->len == 0)
        continue;
      while (piece->len % 4 != 0)
        g_string_append_c (piece, '=');
      decoded = g_base64_decode (piece->str, &n);
      g_byte_array_append (bytes, decoded, n);
      g_string_truncate (piece, 0);
    }
  return bytes;
}

/* Base32's alphabets: RFC 4648's and its "extended hex" one, Crockford's
 * and z-base-32, each read in either case; the first name is the one a
 * message gives. */
static const struct
{
  const char *name;
  const char *letters;
} base32_alphabets[] = {
  { "base32", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" },
  { "base32hex", "0123456789ABCDEFGHIJKLMNOPQRSTUV" },
  { "Crockford base32", "0123456789ABCDEFGHJKMNPQRSTVWXYZ" },
  { "z-base-32", "ybndrfg8ejkmcpqxot1uwisza345h769" },
};

/* The value of @c in @letters, a base32 alphabet, in either case, or -1. */
static int
base32_value (const char *letters,
              char        c)
{
  const char *at;

  if (!g_ascii_isalnum (c))
    return -1;
  at = memchr (letters, c, 32);
  if (at == NULL)
    at = memchr (letters, g_ascii_isupper (c) ? g_ascii_tolower (c) : g_ascii_toupper (c), 32);
  return at != NULL ? (int) (at - letters) : -1;
}

/* Whether @token is base32 of @letters as an encoder writes it: its
 * letters in one case, "=" only at the end, a length a whole number of
 * bytes takes; line breaks and the spaces between blocks aside. */
static gboolean
is_base32 (const PrBadRowToken *token,
           const char  *letters)
{
  gboolean upper = FALSE, lower = FALSE;
  gsize n = 0, padding = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      if (g_ascii_isspace (*p))
        continue;
      if (*p == '=')
        {
          padding++;
          continue;
        }
      if (padding > 0 || base32_value (letters, *p) < 0)
        return FALSE;
      upper |= g_ascii_isupper (*p);
      lower |= g_ascii_islower (*p);
      n++;
    }
  /* 1, 3 or 6 letters past a multiple of eight end no byte. */
  return !(upper && lower) && (padding == 0 || (n + padding) % 8 == 0) && n % 8 != 1 && n % 8 != 3 && n % 8 != 6;
}

static GByteArray *
decode_base32 (const PrBadRowToken *token,
               const char  *letters)
{
  GByteArray *bytes = g_byte_array_new ();
  guint32 bits = 0;
  guint n = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      int v = base32_value (letters, *p);

      if (v < 0)
        continue;
      bits = (bits << 5) | (guint32) v;
      n += 5;
      if (n >= 8)
        {
          guint8 byte = (guint8) (bits >> (n - 8));

          g_byte_array_append (bytes, &byte, 1);
          n -= 8;
          bits &= (1u << n) - 1;
        }
    }
  return bytes;
}

/**
 * _pr_bad_row_base64:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text in
 *   base64 or base32, or %NULL
 */
char *
_pr_bad_row_base64 (const char *value,
                    gsize       length)
{
  g_autofree char *shown = NULL;
  const char *encoding = NULL, *base32 = NULL;
  gsize chars = 0;
  PrBadRowToken token;
  guint han = 0;

  /* Every value of every row passes here: one walk of its bytes; only a
   * token that is three quarters of it at least is decoded. Base64 has
   * letters of both cases, base32 of one: at most one base32 alphabet
   * after another fits a token, and its bytes say which it is. */
  /* Base64's lines and base32's blocks of eight: a multiple of four. */
  token = _pr_bad_row_longest_token (value, length, is_base64_char, 4, TRUE, &chars);
  if (token.chars < PR_BAD_ROW_MIN_TOKEN || token.chars * 4 < chars * 3)
    return NULL;
  if (is_base64 (&token))
    {
      g_autoptr(GByteArray) bytes = decode (&token);

      han = _pr_bad_row_han_in_bytes (bytes->data, bytes->len, &encoding);
    }
  for (guint i = 0; han < PR_BAD_ROW_MIN_HAN && i < G_N_ELEMENTS (base32_alphabets); i++)
    if (is_base32 (&token, base32_alphabets[i].letters))
      {
        g_autoptr(GByteArray) bytes = decode_base32 (&token, base32_alphabets[i].letters);

        han = _pr_bad_row_han_in_bytes (bytes->data, bytes->len, &encoding);
        base32 = base32_alphabets[i].name;
      }
  if (!_pr_bad_row_decoded_dominates (han, value, length, token.start, token.end))
    return NULL;

  shown = _pr_bad_row_shown_from (token.start, token.end);
  if (base32 != NULL)
    /* Translators: the value's first characters, then the name of its
     * alphabet (base32, base32hex …), then the encoding of the bytes they write. */
    return g_strdup_printf (_("the value writes its text in base32 (“%s…”, as a program's export may, 4WYI6=== "
                              "for 小), whose letters and digits would be compared as the letter's words, so that "
                              "unrelated letters match: decode the export first (%s, its bytes being %s) and "
                              "scan that"),
                            shown, base32, encoding);
  /* Translators: the value's first characters, then the encoding of the bytes they write. */
  return g_strdup_printf (_("the value writes its text in base64 (“%s…”, as an e-mail's or a program's export "
                            "may, 5bCP for 小), whose letters and digits would be compared as the letter's words, "
                            "so that unrelated letters match: decode the export first (base64, its bytes being %s) "
                            "and scan that"),
                          shown, encoding);
}
