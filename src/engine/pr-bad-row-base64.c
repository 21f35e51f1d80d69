/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text in base64 (5bCP5Yy6 for 小区: an e-mail's body,
 * a program's export of bytes), one token or lines of one, as MIME wraps
 * them; or in base32 (4WYI7ZMM for 小区) or plain hex digits (e5b08f for
 * 小, as a database's HEX () or a dump prints bytes), the other two of
 * RFC 4648's encodings. Read as it stands, every such letter is a string
 * of letters and digits, and unrelated letters are found as repeats.
 * Evidence is a token that is most of the value and decodes to Chinese
 * text in UTF-8 or GBK, four ideographs at least (eight in GBK) and no
 * fewer than the value writes plainly. An
 * order, tracking or ID number, a hash or a link's token is no such text:
 * written in one case (the base64 of text mixes both), it is not decoded
 * as base64; decoded, its bytes are not text (control characters, bytes
 * no encoding reads, characters no one writes): an MD5 or SHA-1 in hex
 * is sixteen or twenty random bytes.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* The shortest token looked at: 12 bytes, four ideographs in UTF-8. */
#define MIN_TOKEN 16

/* Decoded ideographs a value in GBK needs before it is refused: more
 * than PR_BAD_ROW_MIN_HAN, as random bytes read as GBK more often than as
 * UTF-8 (below). */
#define MIN_HAN_GBK 8

static inline gboolean
is_base64_char (guchar c)
{
  return g_ascii_isalnum (c) || c == '+' || c == '/' || c == '-' || c == '_' || c == '=';
}

typedef struct
{
  const char *start;
  const char *end;
  gsize       chars;
} Token;

/* The longest token of @value: base64 characters, across line breaks that
 * end a line of a multiple of four of them (a wrapped token's lines; a
 * word on a line of its own starts another token); in @out_chars, how many
 * characters @value has but white space. */
static Token
longest_token (const char *value,
               gsize       length,
               gsize      *out_chars)
{
  Token best = { NULL, NULL, 0 }, token = { NULL, NULL, 0 };
  gsize line = 0, chars = 0;

  for (const char *p = value; p < value + length; p++)
    {
      guchar c = (guchar) *p;

      if (is_base64_char (c))
        {
          if (token.chars == 0)
            token.start = p;
          token.chars++;
          token.end = p + 1;
          line++;
          chars++;
          continue;
        }
      if ((c == '\n' || c == '\r') && token.chars > 0 && line % 4 == 0 && p == token.end + (p[-1] == '\r'))
        {
          line = 0;
          continue;
        }
      if (token.chars > best.chars)
        best = token;
      token.chars = 0;
      line = 0;
      chars += c != ' ' && c != '\t' && c != '\n' && c != '\r' && (c & 0xC0) != 0x80;
    }
  if (token.chars > best.chars)
    best = token;
  *out_chars = chars;
  return best;
}

/* Whether @token is base64 as an encoder writes it: one alphabet (+/ or
 * -_), "=" only closing a piece of a length of a multiple of four (lines
 * encoded one by one), no piece whose length leaves a single character,
 * and letters of both cases. */
static gboolean
is_base64 (const Token *token)
{
  gboolean standard = FALSE, url = FALSE, upper = FALSE, lower = FALSE;
  gsize piece = 0, padding = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      if (*p == '\n' || *p == '\r')
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
decode (const Token *token)
{
  GByteArray *bytes = g_byte_array_new ();
  g_autoptr(GString) piece = g_string_new (NULL);

  for (const char *p = token->start; p <= token->end; p++)
    {
      g_autofree guchar *decoded = NULL;
      gsize n = 0;

      if (p < token->end && *p != '=')
        {
          if (*p != '\n' && *p != '\r')
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

/* Whether @token is plain hex digits of whole bytes, in one case, as
 * HEX () and dumps write them. */
static gboolean
is_hex (const Token *token)
{
  gboolean upper = FALSE, lower = FALSE;
  gsize digits = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      if (*p == '\n' || *p == '\r')
        continue;
      if (!g_ascii_isxdigit (*p))
        return FALSE;
      upper |= g_ascii_isupper (*p);
      lower |= g_ascii_islower (*p);
      digits++;
    }
  return digits % 2 == 0 && !(upper && lower);
}

static GByteArray *
decode_hex (const Token *token)
{
  GByteArray *bytes = g_byte_array_new ();
  int high = -1;

  for (const char *p = token->start; p < token->end; p++)
    {
      guint8 byte;

      if (*p == '\n' || *p == '\r')
        continue;
      if (high < 0)
        {
          high = g_ascii_xdigit_value (*p);
          continue;
        }
      byte = (guint8) (high * 16 + g_ascii_xdigit_value (*p));
      g_byte_array_append (bytes, &byte, 1);
      high = -1;
    }
  return bytes;
}

/* The value of a base32 letter (RFC 4648's A–Z, 2–7, in either case), or
 * -1. */
static int
base32_value (char c)
{
  if (g_ascii_isalpha (c))
    return g_ascii_toupper (c) - 'A';
  return c >= '2' && c <= '7' ? c - '2' + 26 : -1;
}

/* Whether @token is base32 as an encoder writes it: its letters in one
 * case, "=" only at the end, a length a whole number of bytes takes. */
static gboolean
is_base32 (const Token *token)
{
  gboolean upper = FALSE, lower = FALSE;
  gsize letters = 0, padding = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      if (*p == '\n' || *p == '\r')
        continue;
      if (*p == '=')
        {
          padding++;
          continue;
        }
      if (padding > 0 || base32_value (*p) < 0)
        return FALSE;
      upper |= g_ascii_isupper (*p);
      lower |= g_ascii_islower (*p);
      letters++;
    }
  /* 1, 3 or 6 letters past a multiple of eight end no byte. */
  return !(upper && lower) && (padding == 0 || (letters + padding) % 8 == 0) && letters % 8 != 1 &&
         letters % 8 != 3 && letters % 8 != 6;
}

static GByteArray *
decode_base32 (const Token *token)
{
  GByteArray *bytes = g_byte_array_new ();
  guint32 bits = 0;
  guint n = 0;

  for (const char *p = token->start; p < token->end; p++)
    {
      int v = base32_value (*p);

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

/* Whether @bytes, not UTF-8, may be Chinese text in GBK: none of
 * GB18030's four bytes; in @gb2312, whether its two-byte characters are
 * nearly all GB2312's, as a Simplified letter's are. Random bytes (a hash
 * or a key in base64) often read as GB18030, into characters of all its
 * range. */
static gboolean
looks_like_gbk_text (const GByteArray *bytes,
                     gboolean         *gb2312_text)
{
  guint pairs = 0, gb2312 = 0;

  for (guint i = 0; i < bytes->len; i++)
    {
      guint8 lead = bytes->data[i], trail;

      if (lead < 0x80)
        continue;
      if (i + 1 >= bytes->len || (trail = bytes->data[i + 1]) < 0x40)
        return FALSE;
      pairs++;
      gb2312 += lead >= 0xA1 && lead <= 0xF7 && trail >= 0xA1 && trail <= 0xFE;
      i++;
    }
  *gb2312_text = gb2312 * 20 >= pairs * 19;
  return TRUE;
}

/* The ideographs of @bytes if they are text in UTF-8, else in GBK
 * (GB18030), @gbk set then; 0 if they are neither, or hold a character
 * no text holds: a control character but a line break or a tab, a
 * private-use or unassigned one, U+FFFD. Text in GBK needs more: at
 * least MIN_HAN_GBK ideographs, half its characters but spaces, and
 * GB2312's characters or common ideographs (above). */
static guint
han_in_text (const GByteArray *bytes,
             gboolean         *gbk)
{
  g_autofree char *converted = NULL;
  const char *text = (const char *) bytes->data;
  gsize length = bytes->len;
  guint han = 0, chars = 0;

  *gbk = FALSE;
  if (length == 0)
    return 0;
  if (!g_utf8_validate_len (text, length, NULL))
    {
      gboolean gb2312_text;
      guint64 all_han;

      if (!looks_like_gbk_text (bytes, &gb2312_text))
        return 0;
      converted = g_convert (text, length, "UTF-8", "GB18030", NULL, &length, NULL);
      if (converted == NULL)
        return 0;
      /* A Traditional letter in GBK is outside GB2312, but its
       * ideographs are common ones, as random bytes' are not. */
      if (!gb2312_text && !_pr_bad_row_mostly_common (converted, length, &all_han))
        return 0;
      text = converted;
      *gbk = TRUE;
    }
  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!_pr_bad_row_is_text_char (c))
        return 0;
      han += _pr_bad_row_is_han (c);
      chars += !g_unichar_isspace (c);
    }
  return !*gbk || (han >= MIN_HAN_GBK && han * 2 >= chars) ? han : 0;
}

/* Ideographs of @value outside @token. */
static guint
plain_han (const char  *value,
           gsize        length,
           const Token *token)
{
  return _pr_bad_row_count_han (value, token->start) + _pr_bad_row_count_han (token->end, value + length);
}

/**
 * _pr_bad_row_base64:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text in
 *   base64, base32 or hex digits, or %NULL
 */
char *
_pr_bad_row_base64 (const char *value,
                    gsize       length)
{
  static const struct
  {
    gboolean (*is) (const Token *token);
    GByteArray *(*decode) (const Token *token);
  } kinds[] = { { is_hex, decode_hex }, { is_base64, decode }, { is_base32, decode_base32 } };
  g_autofree char *shown = NULL;
  gsize chars = 0;
  Token token;
  gboolean gbk = FALSE;
  guint han = 0, kind;

  /* Every value of every row passes here: one walk of its bytes; only a
   * token that is three quarters of it at least is decoded. Hex digits
   * in one case, base64 in both and base32 in one: at most hex and base32
   * both fit a token (2345ABCD), and its bytes say which it is. */
  token = longest_token (value, length, &chars);
  if (token.chars < MIN_TOKEN || token.chars * 4 < chars * 3)
    return NULL;
  for (kind = 0; kind < G_N_ELEMENTS (kinds); kind++)
    if (kinds[kind].is (&token))
      {
        g_autoptr(GByteArray) bytes = kinds[kind].decode (&token);

        han = han_in_text (bytes, &gbk);
        if (han >= PR_BAD_ROW_MIN_HAN)
          break;
      }
  if (kind == G_N_ELEMENTS (kinds) || han < plain_han (value, length, &token))
    return NULL;

  shown = _pr_bad_row_shown_from (token.start, token.end);
  if (kind == 0)
    /* Translators: the value's first characters, then the encoding of the bytes they write. */
    return g_strdup_printf (_("the value writes its text as hex digits (“%s…”, as a database's HEX () or a dump "
                              "prints bytes, e5b08f for 小), whose digits would be compared as the letter's "
                              "words, so that unrelated letters match: decode the export first (two hex digits a "
                              "byte, its bytes being %s) and scan that"),
                            shown, gbk ? "GBK" : "UTF-8");
  if (kind == 2)
    /* Translators: the value's first characters, then the encoding of the bytes they write. */
    return g_strdup_printf (_("the value writes its text in base32 (“%s…”, as a program's export may, 4WYI6=== "
                              "for 小), whose letters and digits would be compared as the letter's words, so that "
                              "unrelated letters match: decode the export first (base32, its bytes being %s) and "
                              "scan that"),
                            shown, gbk ? "GBK" : "UTF-8");
  /* Translators: the value's first characters, then the encoding of the bytes they write. */
  return g_strdup_printf (_("the value writes its text in base64 (“%s…”, as an e-mail's or a program's export "
                            "may, 5bCP for 小), whose letters and digits would be compared as the letter's words, "
                            "so that unrelated letters match: decode the export first (base64, its bytes being %s) "
                            "and scan that"),
                          shown, gbk ? "GBK" : "UTF-8");
}
