/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value whose text is written in one of Unicode's own forms for ASCII
 * channels: UTF-7 (+XA9TOg- for 小区, RFC 2152, as old e-mail and some
 * exports write it) or Punycode (xn--dkr78r, RFC 3492, a domain name's
 * form, given a whole letter or each word, with "xn--" or without). Read
 * as it stands, every such letter is
 * letters and digits, and unrelated letters are found as repeats.
 * Evidence, as for the escapes: the decoded text is Chinese (four
 * ideographs at least, half its characters, nine in ten of them common
 * ones, the others punctuation, ASCII or Latin-1), and the encoded part
 * is most of the value. A phone number +8613812348000 is no
 * UTF-7 (its bits do not end a character); the "+" inside a base64 token
 * or a key starts a run whose 16-bit units are any of Unicode's: its
 * ideographs rare ones, among other scripts' letters and code points no
 * text holds.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* Ideographs a word of Punycode without "xn--" needs, spread over
 * CJK's range (is_spread ()): random letters and digits read as Punycode
 * into runs of neighbouring ideographs, four common ones for one word in
 * 3,000, eight spread ones for one in 2·10^6; twelve for none of 2·10^6
 * words of 6 to 120 characters. */
#define MIN_HAN_BARE 12

static int
base64_value (char c)
{
  if (g_ascii_isupper (c))
    return c - 'A';
  if (g_ascii_islower (c))
    return c - 'a' + 26;
  if (g_ascii_isdigit (c))
    return c - '0' + 52;
  return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* Decodes the UTF-7 run of modified base64 from @p to @end (after its
 * "+") into @out: %FALSE unless its bits end a UTF-16 character (fewer
 * than six left over, all zero) and every character is text's. */
static gboolean
decode_utf7_run (const char *p,
                 const char *end,
                 GArray     *out)
{
  guint32 bits = 0;
  guint n = 0;
  gunichar high = 0;

  g_array_set_size (out, 0);
  for (; p < end; p++)
    {
      gunichar unit;

      bits = (bits << 6) | (guint32) base64_value (*p);
      n += 6;
      if (n < 16)
        continue;
      n -= 16;
      unit = (bits >> n) & 0xFFFF;
      bits &= (1u << n) - 1;
      if (high != 0)
        {
          if (unit < 0xDC00 || unit > 0xDFFF)
            return FALSE;
          unit = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00);
          high = 0;
        }
      else if (unit >= 0xD800 && unit <= 0xDBFF)
        {
          high = unit;
          continue;
        }
      if (!_pr_bad_row_is_text_char (unit))
        return FALSE;
      g_array_append_val (out, unit);
    }
  return high == 0 && n < 6 && bits == 0 && out->len > 0;
}

/* The reason @value writes its text in UTF-7, or NULL. */
static char *
utf7 (const char *value,
      gsize       length)
{
  const char *end = value + length, *first = NULL;
  g_autoptr(GArray) run = NULL;
  guint han = 0, decoded = 0, plain = 0;
  gsize encoded = 0, chars = 0;

  if (memchr (value, '+', length) == NULL)
    return NULL;
  run = g_array_new (FALSE, FALSE, sizeof (gunichar));
  for (const char *p = value; p < end;)
    {
      const char *q = p + 1;
      guint run_han, run_chars;

      if (*p != '+')
        {
          gunichar c = g_utf8_get_char (p);

          plain += _pr_bad_row_is_han (c);
          chars += !g_unichar_isspace (c);
          p = g_utf8_next_char (p);
          continue;
        }
      while (q < end && base64_value (*q) >= 0)
        q++;
      /* A run ends at the first character outside base64: one that
       * does not decode is letters and digits, and a "+" inside it starts
       * no other (else each "+" of a long one reads it to its end). */
      if (!decode_utf7_run (p + 1, q, run))
        {
          chars += q - p;
          p = q;
          continue;
        }
      run_han = _pr_bad_row_han_in_chars (run, &run_chars);
      if (first == NULL && run_han > 0)
        first = p;
      han += run_han;
      decoded += run_chars;
      /* The "-" that ends a run is the run's. */
      q += q < end && *q == '-';
      encoded += q - p;
      chars += q - p;
      p = q;
    }
  if (han < PR_BAD_ROW_MIN_HAN || han < plain || han * 2 < decoded || encoded * 2 < chars)
    return NULL;
  {
    g_autofree char *shown = _pr_bad_row_shown_from (first, end);

    /* Translators: the value's first characters in UTF-7 (letters, digits, + and -, kept as they are). */
    return g_strdup_printf (_("the value writes its text in UTF-7 (“%s…”, as old e-mail or a program's export "
                              "may, +XA8- for 小), whose letters and digits would be compared as the letter's "
                              "words, so that unrelated letters match: decode the export first (from UTF-7) "
                              "and scan that"),
                            shown);
  }
}

static int
punycode_digit (char c)
{
  if (g_ascii_isalpha (c))
    return g_ascii_tolower (c) - 'a';
  return g_ascii_isdigit (c) ? c - '0' + 26 : -1;
}

static guint32
punycode_adapt (guint32  delta,
                guint32  points,
                gboolean first)
{
  guint32 k = 0;

  delta = first ? delta / 700 : delta / 2;
  delta += delta / points;
  while (delta > ((36 - 1) * 26) / 2)
    {
      delta /= 36 - 1;
      k += 36;
    }
  return k + (36 - 1 + 1) * delta / (delta + 38);
}

/* RFC 3492's decoder: the characters of @p to @end (after "xn--") into
 * @out, or %FALSE if they are no Punycode. Each character is appended,
 * not inserted at its place: which characters the text has is judged,
 * not their order, and inserting would take time quadratic in the
 * length. */
static gboolean
decode_punycode (const char *p,
                 const char *end,
                 GArray     *out)
{
  const char *delimiter = NULL;
  guint64 n = 128, i = 0, bias = 72;

  g_array_set_size (out, 0);
  for (const char *q = p; q < end; q++)
    if (*q == '-')
      delimiter = q;
  for (const char *q = p; delimiter != NULL && q < delimiter; q++)
    {
      gunichar c = (guchar) *q;

      g_array_append_val (out, c);
    }
  for (const char *q = delimiter != NULL ? delimiter + 1 : p; q < end;)
    {
      guint64 old_i = i, w = 1;
      gunichar c;

      for (guint64 k = 36;; k += 36)
        {
          int digit = q < end ? punycode_digit (*q++) : -1;
          guint64 t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;

          if (digit < 0)
            return FALSE;
          i += (guint64) digit * w;
          if (i > G_MAXUINT32)
            return FALSE;
          if ((guint64) digit < t)
            break;
          w *= 36 - t;
          if (w > G_MAXUINT32)
            return FALSE;
        }
      bias = punycode_adapt ((guint32) (i - old_i), out->len + 1, old_i == 0);
      n += i / (out->len + 1);
      i %= out->len + 1;
      if (n > 0x10FFFF || !_pr_bad_row_is_text_char ((gunichar) n))
        return FALSE;
      c = (gunichar) n;
      g_array_append_val (out, c);
      i++;
    }
  return out->len > 0;
}

/* Whether the ideographs of @chars are spread over CJK's range, as a
 * letter's are: a span of 0x1400 code points, and as many blocks of 256
 * as half of them (16 at most); random Punycode's are neighbours. */
static gboolean
is_spread (const GArray *chars)
{
  guint8 seen[0x2000] = { 0 };
  gunichar low = G_MAXUINT32, high = 0;
  guint han = 0, blocks = 0;

  for (guint i = 0; i < chars->len; i++)
    {
      gunichar c = g_array_index (chars, gunichar, i);

      if (!_pr_bad_row_is_han (c))
        continue;
      han++;
      low = MIN (low, c);
      high = MAX (high, c);
      blocks += !seen[(c >> 8) & 0x1FFF];
      seen[(c >> 8) & 0x1FFF] = 1;
    }
  return han > 0 && high - low >= 0x1400 && blocks >= MIN (han / 2, 16);
}

static gboolean
has_prefix (const char *p,
            const char *end)
{
  return end - p >= 4 && g_ascii_strncasecmp (p, "xn--", 4) == 0;
}

/* The ideographs of the Punycode from @start to @end, "xn--" first or
 * not, if it is Chinese text: half its characters but spaces and
 * _pr_bad_row_han_in_chars ()'s evidence; without "xn--", MIN_HAN_BARE
 * of them, spread. Else 0. */
static guint
punycode_han (const char *start,
              const char *end,
              GArray     *chars,
              guint      *non_space)
{
  gboolean prefixed = has_prefix (start, end);
  guint han;

  *non_space = 0;
  if (!decode_punycode (start + 4 * prefixed, end, chars))
    return 0;
  han = _pr_bad_row_han_in_chars (chars, non_space);
  if (han * 2 < *non_space || (!prefixed && (han < MIN_HAN_BARE || !is_spread (chars))))
    return 0;
  return han;
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '-';
}

/* The reason @value is its text in Punycode ("xn--" first or not): the
 * whole value, or words of it (letters, digits, "-"), or NULL. */
static char *
punycode (const char *value,
          gsize       length)
{
  g_autoptr(GArray) chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  const char *start = value, *end = value + length, *first = NULL;
  guint han = 0, plain = 0, non_space;
  gsize encoded = 0, all = 0;
  gboolean ascii = TRUE;

  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  while (start < end && g_ascii_isspace (*start))
    start++;
  for (const char *p = start; p < end && ascii; p++)
    ascii = (guchar) *p < 0x80;
  /* The whole value, after white space and "xn--", or from its start: a
   * text's basic characters (ASCII, spaces and line breaks among them)
   * come first, then "-". */
  if (ascii && (han = punycode_han (has_prefix (start, end) ? start : value, end, chars, &non_space)) >=
                 PR_BAD_ROW_MIN_HAN)
    first = start;
  else
    for (const char *p = value, *q; p < value + length; p = q)
      {
        guint word_han = 0;

        if (!is_word_char (*p))
          {
            gunichar c = g_utf8_get_char (p);

            plain += _pr_bad_row_is_han (c);
            all += !g_unichar_isspace (c);
            q = g_utf8_next_char (p);
            continue;
          }
        for (q = p; q < value + length && is_word_char (*q); q++)
          ;
        /* After "xn--", basic characters may be any ASCII: up to the next
         * "xn--" (so that each character is read once more at most). */
        if (has_prefix (p, q))
          {
            const char *r = q;

            while (r < value + length && (guchar) *r < 0x80 && !has_prefix (r, value + length))
              r++;
            while (r > q && g_ascii_isspace (r[-1]))
              r--;
            if (r > q && (word_han = punycode_han (p, r, chars, &non_space)) > 0)
              q = r;
          }
        if (word_han == 0)
          word_han = punycode_han (p, q, chars, &non_space);
        for (const char *c = p; c < q; c++)
          all += !g_ascii_isspace (*c);
        if (word_han == 0)
          continue;
        first = first != NULL ? first : p;
        han += word_han;
        encoded += q - p;
      }
  if (han < PR_BAD_ROW_MIN_HAN || han < plain || encoded * 4 < all * 3)
    return NULL;
  {
    g_autofree char *shown = _pr_bad_row_shown_from (first, end);

    /* Translators: the value's first characters in Punycode (xn-- and letters, kept as they are). */
    return g_strdup_printf (_("the value writes its text in Punycode (“%s…”, a domain name's form, xn--yet for "
                              "小), whose letters and digits would be compared as the letter's words, so that "
                              "unrelated letters match: decode the export first (from Punycode) and scan that"),
                            shown);
  }
}

/**
 * _pr_bad_row_ascii_forms:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text in
 *   UTF-7 or Punycode, or %NULL
 */
char *
_pr_bad_row_ascii_forms (const char *value,
                         gsize       length)
{
  char *reason = utf7 (value, length);

  return reason != NULL ? reason : punycode (value, length);
}
