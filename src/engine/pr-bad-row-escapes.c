/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value whose Chinese is written as its bytes, each an escape: percent-
 * encoded (%E5%B0%8F for 小, a web form's export), quoted-printable
 * (=E5=B0=8F, an e-mail's), a program's byte escapes (\xe5\xb0\x8f, or
 * octal \345\260\217) or a hex dump (e5 b0 8f, 0xE5 0xB0 0x8F); or as its
 * characters' code points (U+5C0F, as a program or a character table
 * prints them, %u5C0F as JavaScript's escape () writes, \U00005C0F).
 * Read as they stand, every such letter is the same few hex digits, and unrelated letters are found as repeats. Evidence is
 * runs of escapes whose bytes are Chinese text in UTF-8 or GBK (or whose
 * code points are Chinese characters), four characters of it at least,
 * and at least as much of the value's Chinese as it writes plainly: a
 * letter that quotes a link with %20 or a search word in it, a price
 * "=50元", a path C:\xiaoming or a character's code point is read. The
 * escapes inside a link (scheme://host/path?query) are the link's and
 * are not counted: a letter that is only a pasted search link is read.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

typedef enum
{
  FORM_PERCENT,
  FORM_QUOTED_PRINTABLE,
  FORM_BACKSLASH_X,
  FORM_CODE_POINT,
  FORM_OCTAL,
  FORM_HEX_DUMP,
  N_FORMS
} Form;

/* Escaped ideographs a value needs before it is refused. */
#define MIN_ESCAPED_HAN 4

/* Escapes of a run shown in the message: two or three characters' bytes,
 * four code points. */
#define SHOWN_BYTES 6
#define SHOWN_CODE_POINTS 4

static int
hex_byte (const char *p)
{
  return g_ascii_isxdigit (p[0]) && g_ascii_isxdigit (p[1])
           ? g_ascii_xdigit_value (p[0]) * 16 + g_ascii_xdigit_value (p[1])
           : -1;
}

/* The character a code point at @p names: U+XXXX (four to six hex
 * digits), %uXXXX (JavaScript's escape ()) or \UXXXXXXXX (C's and
 * Python's); or -1 (for U+0000 too, no letter's character); its length in
 * @n. */
static int
code_point_at (const char *p,
               const char *end,
               gsize      *n)
{
  gsize digits = 0, min_digits = 4, max_digits = 6;
  gunichar c = 0;

  if (end - p < 6)
    return -1;
  if (p[0] == '%' && p[1] == 'u')
    max_digits = 4;
  else if (p[0] == '\\' && p[1] == 'U')
    min_digits = max_digits = 8;
  else if ((p[0] != 'U' && p[0] != 'u') || p[1] != '+')
    return -1;
  for (; p + 2 + digits < end && g_ascii_isxdigit (p[2 + digits]); digits++)
    if (digits < 8)
      c = c * 16 + g_ascii_xdigit_value (p[2 + digits]);
  if (digits < min_digits || digits > max_digits || c == 0 || !g_unichar_validate (c))
    return -1;
  *n = 2 + digits;
  return (int) c;
}

static gboolean
is_dump_separator (char c)
{
  return c == ' ' || c == '\t' || c == ',';
}

/* The byte of a hex dump's word at @p (e6 or 0xE6, a word of its own), or
 * -1; its length in @n. */
static int
hex_dump_at (const char *p,
             const char *value,
             const char *end,
             gsize      *n)
{
  gsize prefix = end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') ? 2 : 0;

  if ((p > value && !is_dump_separator (p[-1])) || end - p < (gssize) prefix + 2 ||
      (p + prefix + 2 < end && !is_dump_separator (p[prefix + 2])))
    return -1;
  *n = prefix + 2;
  return hex_byte (p + prefix);
}

/* The byte an escape of @form at @p writes (the character, for a code
 * point), or -1; its length in @n. */
static int
escape_at (const char *p,
           const char *value,
           const char *end,
           Form        form,
           gsize      *n)
{
  switch (form)
    {
    case FORM_PERCENT:
    case FORM_QUOTED_PRINTABLE:
      *n = 3;
      return end - p >= 3 && *p == (form == FORM_PERCENT ? '%' : '=') ? hex_byte (p + 1) : -1;
    case FORM_BACKSLASH_X:
      *n = 4;
      return end - p >= 4 && p[0] == '\\' && p[1] == 'x' ? hex_byte (p + 2) : -1;
    case FORM_CODE_POINT:
      return code_point_at (p, end, n);
    case FORM_OCTAL:
      /* \346, a byte's three octal digits, as C and Python print bytes. */
      *n = 4;
      return end - p >= 4 && p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' &&
                 p[3] >= '0' && p[3] <= '7'
               ? (p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0')
               : -1;
    case FORM_HEX_DUMP:
      return hex_dump_at (p, value, end, n);
    case N_FORMS:
    default:
      g_return_val_if_reached (-1);
    }
}

/* The length of what may stand inside a run of @form at @p, or 0: a
 * quoted-printable soft line break (=\n, =\r\n), as an e-mail's lines are
 * cut inside a run, even inside a character; the spaces or a comma
 * between code points (U+5C0F U+533A) or a hex dump's words, when another
 * one follows. */
static gsize
gap_at (const char *p,
        const char *value,
        const char *end,
        Form        form)
{
  const char *q = p;
  gsize n;

  if (form == FORM_QUOTED_PRINTABLE)
    {
      if (end - p >= 2 && p[0] == '=' && p[1] == '\n')
        return 2;
      if (end - p >= 3 && p[0] == '=' && p[1] == '\r' && p[2] == '\n')
        return 3;
      return 0;
    }
  if (form != FORM_CODE_POINT && form != FORM_HEX_DUMP)
    return 0;
  if (q < end && *q == ',')
    q++;
  while (q < end && (*q == ' ' || *q == '\t'))
    q++;
  return q > p && escape_at (q, value, end, form, &n) >= 0 ? (gsize) (q - p) : 0;
}

/* The end of a link at @p (scheme://host/path?query), or NULL: the
 * escapes of its path and query are the link's, not the letter's text.
 * When the scheme's characters from @p end without "://", no link starts
 * before that end either: @no_link is set to it, and the caller looks
 * again only after it (else each "a." of a long a.a.a. reads it to its
 * end). */
static const char *
link_end (const char  *p,
          const char  *value,
          const char  *end,
          const char **no_link)
{
  const char *q = p;

  if (!g_ascii_isalpha (*p) || (p > value && g_ascii_isalnum (p[-1])))
    return NULL;
  while (q < end && (g_ascii_isalnum (*q) || *q == '+' || *q == '-' || *q == '.'))
    q++;
  if (end - q < 4 || memcmp (q, "://", 3) != 0)
    {
      *no_link = q;
      return NULL;
    }
  while (q < end && (guchar) *q > ' ' && (guchar) *q < 0x80 && strchr ("\"'<>", *q) == NULL)
    q++;
  return q;
}

/* Ideographs in @bytes read as UTF-8, else as GBK (GB18030), else in the
 * part that is UTF-8 (a run cut short); @gbk set when read as GBK. */
static guint
han_in_bytes (const char *bytes,
              gsize       length,
              gboolean   *gbk)
{
  g_autofree char *converted = NULL;
  const char *text = bytes, *valid_end = NULL;
  gsize text_length = length;
  guint han = 0;

  *gbk = FALSE;
  if (!g_utf8_validate_len (bytes, length, &valid_end))
    {
      converted = g_convert (bytes, length, "UTF-8", "GB18030", NULL, &text_length, NULL);
      if (converted != NULL)
        {
          text = converted;
          *gbk = TRUE;
        }
      else
        text_length = valid_end - bytes;
    }
  for (const char *p = text; p < text + text_length; p = g_utf8_next_char (p))
    han += _pr_bad_row_is_han (g_utf8_get_char (p));
  return han;
}

/**
 * _pr_bad_row_byte_escapes:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value writes its
 *   Chinese as escaped bytes, or %NULL
 */
char *
_pr_bad_row_byte_escapes (const char *value,
                          gsize       length)
{
  const char *end = value + length;
  const char *first[N_FORMS] = { NULL };
  guint escaped[N_FORMS] = { 0 }, in_gbk[N_FORMS] = { 0 }, plain = 0, dump_han = 0;
  const char *dump_encoding = "UTF-8";
  g_autoptr(GByteArray) run = NULL;
  Form most = FORM_PERCENT;
  g_autofree char *shown = NULL;
  const char *encoding;

  /* Every value of every row passes here; a hex dump's words are parted
   * by spaces or commas. */
  if (memchr (value, '%', length) == NULL && memchr (value, '=', length) == NULL &&
      memchr (value, '\\', length) == NULL && memchr (value, '+', length) == NULL &&
      memchr (value, ' ', length) == NULL && memchr (value, ',', length) == NULL)
    return NULL;
  run = g_byte_array_new ();
  for (const char *p = value, *no_link = value; p < end;)
    {
      Form form;
      gsize n = 0;
      int byte = -1;
      const char *start = p, *link = p >= no_link ? link_end (p, value, end, &no_link) : NULL;
      gboolean gbk = FALSE, numbers = TRUE;
      guint han;

      if (link != NULL)
        {
          p = link;
          continue;
        }
      for (form = 0; form < N_FORMS && (byte = escape_at (p, value, end, form, &n)) < 0; form++)
        ;
      if (byte < 0)
        {
          plain += _pr_bad_row_is_han (g_utf8_get_char (p));
          p = g_utf8_next_char (p);
          continue;
        }
      g_byte_array_set_size (run, 0);
      for (;;)
        {
          gsize gap = gap_at (p, value, end, form);
          guint8 written[6];

          if (gap > 0)
            {
              p += gap;
              continue;
            }
          if ((byte = escape_at (p, value, end, form, &n)) < 0)
            break;
          for (gsize i = n - 2; form == FORM_HEX_DUMP && i < n; i++)
            numbers = numbers && g_ascii_isdigit (p[i]);
          if (form == FORM_CODE_POINT)
            g_byte_array_append (run, written, g_unichar_to_utf8 ((gunichar) byte, (char *) written));
          else
            {
              written[0] = (guint8) byte;
              g_byte_array_append (run, written, 1);
            }
          p += n;
        }
      /* A dump of digits alone (12 34 56) is numbers: the bytes of
       * Chinese, in UTF-8 or GBK, have some above 9F. A dump's bytes are
       * a whole text's, judged as the hex digits' are: 4 to 40 random
       * bytes dumped read as GB18030 into four ideographs one time in
       * twenty. */
      if (form == FORM_HEX_DUMP)
        {
          const char *run_encoding;

          han = numbers ? 0 : _pr_bad_row_han_in_bytes (run->data, run->len, &run_encoding);
          if (han > dump_han)
            {
              dump_han = han;
              dump_encoding = run_encoding;
            }
        }
      else
        han = han_in_bytes ((const char *) run->data, run->len, &gbk);
      if (han > 0 && first[form] == NULL)
        first[form] = start;
      escaped[form] += han;
      in_gbk[form] += gbk ? han : 0;
    }
  for (Form form = 0; form < N_FORMS; form++)
    if (escaped[form] > escaped[most])
      most = form;
  if (escaped[most] < MIN_ESCAPED_HAN || escaped[most] < plain)
    return NULL;

  /* The run's first escapes, to find it by. */
  {
    const char *p = first[most], *last = p;
    gsize n = 0;

    for (guint i = 0; i < (most == FORM_CODE_POINT ? SHOWN_CODE_POINTS : SHOWN_BYTES) &&
                      escape_at (p, value, end, most, &n) >= 0; i++)
      {
        last = p + n;
        p = last + (most == FORM_CODE_POINT || most == FORM_HEX_DUMP ? gap_at (last, value, end, most) : 0);
      }
    shown = g_strndup (first[most], last - first[most]);
  }
  encoding = most == FORM_HEX_DUMP ? dump_encoding : in_gbk[most] * 2 > escaped[most] ? "GBK" : "UTF-8";
  switch (most)
    {
    case FORM_PERCENT:
      /* Translators: the value's first escapes, then the encoding their bytes are in. */
      return g_strdup_printf (_("the value writes its Chinese characters as percent-encoded bytes (“%s…”, as a web "
                                "form's export does, %%E5%%B0%%8F for 小), whose hex digits would be compared as the "
                                "letter's words, so that unrelated letters match: decode the export first "
                                "(URL-decode it, its bytes being %s) and scan that"),
                              shown, encoding);
    case FORM_QUOTED_PRINTABLE:
      /* Translators: the value's first escapes, then the encoding their bytes are in. */
      return g_strdup_printf (_("the value writes its Chinese characters as quoted-printable bytes (“%s…”, as an "
                                "e-mail's export does, =E5=B0=8F for 小), whose hex digits would be compared as the "
                                "letter's words, so that unrelated letters match: decode the export first "
                                "(quoted-printable, its bytes being %s) and scan that"),
                              shown, encoding);
    case FORM_CODE_POINT:
      /* Translators: the value's first code points (U+ and hex digits, kept as they are). */
      return g_strdup_printf (_("the value writes its Chinese characters as Unicode code points (“%s…”, as a "
                                "program or a character table prints characters, U+5C0F for 小), whose hex digits "
                                "would be compared as the letter's words, so that unrelated letters match: decode "
                                "the export first (each U+ and its hex digits being one character, in Unicode) "
                                "and scan that"),
                              shown);
    case FORM_BACKSLASH_X:
    case FORM_OCTAL:
    case FORM_HEX_DUMP:
    case N_FORMS:
    default:
      /* Translators: the value's first escapes, then the encoding their bytes are in. */
      return g_strdup_printf (_("the value writes its Chinese characters as escaped bytes (“%s…”, as a program "
                                "prints bytes, \\xe5\\xb0\\x8f for 小), whose hex digits would be compared as the "
                                "letter's words, so that unrelated letters match: decode the export first "
                                "(the escapes, its bytes being %s) and scan that"),
                              shown, encoding);
    }
}
