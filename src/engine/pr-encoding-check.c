/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Tells text read with the wrong encoding. Text decoded as Latin-1 (a
 * MariaDB latin1 column, a CSV file read as ISO-8859-1 or CP1252) keeps
 * every byte as one character from U+0080 to U+00FF (or CP1252's few
 * others), so the bytes can be had back: when they are UTF-8, or GBK /
 * GB18030 Chinese, the text was stored or read in the wrong encoding.
 * C1 control characters (U+0080 to U+009F) are never in real text. Raw
 * bytes that are no UTF-8 (a BLOB) are judged the same way. Pure: no
 * database, no file.
 */
#define G_LOG_DOMAIN "pr-encoding-check"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include <unicode/ucnv.h>

#include "pr-csv-reader.h"
#include "pr-encoding-check.h"
#include "pr-encoding-code-page-private.h"

struct _PrEncodingCheck
{
  guint64 latin;                 /* values in the Latin-1 range, with a non-ASCII byte */
  guint64 counts[PR_ENCODING_GUESS_BIG5 + 1];
  guint64 raw[PR_ENCODING_GUESS_BIG5 + 1];  /* of counts: bytes that were no UTF-8 at all */
  guint64 first[PR_ENCODING_GUESS_BIG5 + 1];
  guint64 first_text[PR_ENCODING_GUESS_BIG5 + 1];  /* the first of counts that was text, not raw bytes */
  guint8  reading[PR_ENCODING_GUESS_BIG5 + 1];  /* the texts' reading (PR_ENCODING_READ_LATIN1, or a code page's) */
  guint64 han;                   /* ideographs in the values read as text */
  guint64 common_han;            /* of them, common ones (common_han ()) */
  guint64 rare_values;           /* values mostly of rare ideographs */
  guint64 script_values;         /* values with ideographs or other scripts' letters */
  guint64 latin_values;          /* values with ASCII letters and neither */
  guint64 first_rare;
  PrCp1254Evidence cp1254;       /* of the values read as UTF-8 through Latin-1 */
};

/* Of the values' ideographs, the share that must be common for the column
 * to read right, in fifths: real petitions, Simplified or Traditional,
 * are over 99 % common characters; GBK read as Big5 (or Big5 as GBK) is
 * about half. */
#define COMMON_HAN_FIFTHS 4
/* Fewer ideographs than this say nothing either way. */
#define MIN_HAN 50
/* A column whose text is this many times more often in Latin letters
 * than in ideographs or other scripts is not Chinese text: its few values
 * in Cyrillic or Hangul (a bibliography's foreign titles, a foreign name)
 * are written so, not misread. */
#define LATIN_COLUMN_RATIO 10

/* CP1252's characters at 0x80 to 0x9F (MariaDB's latin1 is CP1252). */
static const gunichar cp1252_high[32] = {
  0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
  0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
  0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

/* The byte a Latin-1 or CP1252 reading made @c of; -1 if none did. */
int
_pr_encoding_latin_byte (gunichar c)
{
  if (c <= 0xFF)
    return c;
  /* CP1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined, and many
   * decoders (Java's, Python's with errors="replace") write U+FFFD for
   * them; UTF-8 Chinese has them at every turn. 0x81 stands in for the
   * byte lost: a continuation byte in UTF-8, a lead or a trail in GBK. */
  if (c == 0xFFFD)
    return 0x81;
  /* Outside the table's range (U+0152 to U+2122): every ideograph, so
   * Chinese text is not looked up character by character. */
  if (c < 0x0152 || c > 0x2122)
    return -1;
  for (int i = 0; i < 32; i++)
    if (cp1252_high[i] == c)
      return 0x80 + i;
  return -1;
}

/* The character at @p of valid UTF-8: g_utf8_get_char () inlined, as the
 * check decodes every character of every value read. */
static inline gunichar
valid_utf8_char (const char *p)
{
  const guchar *u = (const guchar *) p;

  if (u[0] < 0x80)
    return u[0];
  if (u[0] < 0xE0)
    return ((gunichar) (u[0] & 0x1F) << 6) | (u[1] & 0x3F);
  if (u[0] < 0xF0)
    return ((gunichar) (u[0] & 0x0F) << 12) | ((gunichar) (u[1] & 0x3F) << 6) | (u[2] & 0x3F);
  return ((gunichar) (u[0] & 0x07) << 18) | ((gunichar) (u[1] & 0x3F) << 12) |
         ((gunichar) (u[2] & 0x3F) << 6) | (u[3] & 0x3F);
}

/* Of valid UTF-8 @text: whether it has a character beyond ASCII, whether
 * a Latin-1 or CP1252 reading could have made each of its characters, and
 * whether it has a C1 control character. */
static void
scan_text (const char *text,
           gsize       length,
           gboolean   *high,
           gboolean   *latin,
           gboolean   *c1)
{
  const char *end = text + length;

  *high = *c1 = FALSE;
  *latin = TRUE;
  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = valid_utf8_char (p);

      *c1 |= c >= 0x80 && c <= 0x9F;
      *high |= c >= 0x80;
      *latin = *latin && _pr_encoding_latin_byte (c) >= 0;
      if (*high && !*latin)
        {
          /* Only a C1 character is left to find: in valid UTF-8 it is the
           * byte 0xC2 and a second byte 0x80 to 0x9F, and 0xC2 is never a
           * continuation byte, so the bytes are searched, not decoded. */
          for (p = g_utf8_next_char (p); !*c1 && p < end && (p = memchr (p, 0xC2, end - p)) != NULL; p++)
            *c1 = p + 1 < end && (guint8) p[1] >= 0x80 && (guint8) p[1] <= 0x9F;
          return;
        }
    }
}

/* Whether @b is GB18030 throughout, with how many two- and four-byte
 * characters it has, and whether they are all Big5 too with more than one
 * in five of their second bytes below 0x80: Big5's common characters
 * have such second bytes, GBK's (GB2312's) do not. */
static gboolean
is_gb18030 (const guint8 *b,
            gsize         n,
            gsize        *multibyte,
            gboolean     *big5)
{
  gsize i = 0, low_trail = 0;
  gboolean all_big5 = TRUE;

  *multibyte = 0;
  *big5 = FALSE;
  while (i < n)
    {
      if (b[i] < 0x80)
        {
          i++;
          continue;
        }
      if (b[i] == 0x80 || b[i] == 0xFF || i + 1 >= n)
        return FALSE;
      if ((b[i + 1] >= 0x40 && b[i + 1] <= 0x7E) || (b[i + 1] >= 0x80 && b[i + 1] <= 0xFE))
        {
          low_trail += b[i + 1] < 0x80;
          all_big5 &= b[i] >= 0xA1 && b[i] <= 0xF9 && (b[i + 1] < 0x80 || b[i + 1] >= 0xA1);
          i += 2;
        }
      else if (b[i + 1] >= 0x30 && b[i + 1] <= 0x39 && i + 3 < n &&
               b[i + 2] >= 0x81 && b[i + 2] <= 0xFE && b[i + 3] >= 0x30 && b[i + 3] <= 0x39)
        {
          all_big5 = FALSE;
          i += 4;
        }
      else
        return FALSE;
      (*multibyte)++;
    }
  *big5 = all_big5 && low_trail * 5 > *multibyte;
  return TRUE;
}

/**
 * pr_encoding_guess_bytes:
 * @bytes: a value's bytes, as stored
 * @length: their length
 *
 * Returns: %PR_ENCODING_GUESS_UTF8 when the bytes are UTF-8 with a
 *   character beyond ASCII; %PR_ENCODING_GUESS_GB18030 when they are
 *   GB18030 with at least two Chinese characters making at least half the
 *   bytes (Latin-1 words such as “Müller” also pair up, but sparsely);
 *   %PR_ENCODING_GUESS_BIG5 when those are Big5 with many second bytes
 *   below 0x80, as Big5's common characters have and GBK's do not; else
 *   %PR_ENCODING_GUESS_NONE
 */
PrEncodingGuess
pr_encoding_guess_bytes (const char *bytes,
                         gsize       length)
{
  const guint8 *b = (const guint8 *) bytes;
  gsize high = 0, multibyte;
  gboolean big5;

  for (gsize i = 0; i < length; i++)
    high += b[i] >= 0x80;
  if (high == 0)
    return PR_ENCODING_GUESS_NONE;
  if (g_utf8_validate_len (bytes, length, NULL))
    return PR_ENCODING_GUESS_UTF8;
  if (is_gb18030 (b, length, &multibyte, &big5) && multibyte >= 2 && high * 2 >= length)
    return big5 ? PR_ENCODING_GUESS_BIG5 : PR_ENCODING_GUESS_GB18030;
  return PR_ENCODING_GUESS_NONE;
}

/* Characters of Chinese text as UTF-8 has them: CJK ideographs, radicals
 * and punctuation, full-width forms, general punctuation (“ ” …) and the
 * Latin-1 signs (· ×). */
static gboolean
chinese_text_char (gunichar c)
{
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
         (c >= 0x2000 && c <= 0x206F) || (c >= 0xA0 && c <= 0xFF) || (c >= 0x20000 && c <= 0x3FFFF);
}

/* A letter of a Western name or word (é, ñ, ü, ł), not a sign (× ÷). */
static gboolean
latin_letter (gunichar c)
{
  return c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7;
}

/**
 * pr_encoding_bytes_look_utf8:
 * @bytes: a value's stored bytes, in a column whose encoding is given as
 *   another (GBK, Big5, CP1252 …)
 * @length: their length
 *
 * Bytes of such an encoding are seldom valid UTF-8 by chance, and then
 * mostly as two-byte sequences (Greek, Cyrillic, Arabic letters); UTF-8
 * Chinese text put into the column by another program is valid UTF-8 of
 * three-byte ideographs. Converting it from the given encoding would give
 * other, valid characters, compared as gibberish. So would Western text in
 * UTF-8 (José, Müller): GBK or Big5 reads each accented letter as an
 * ideograph inside a Latin word, which no check of the converted text
 * sees. Chinese text in GBK or Big5 is valid UTF-8 of Latin letters alone
 * only if every one of its characters happens to be such a pair.
 *
 * Returns: %TRUE when the bytes are valid UTF-8 with an ideograph, and
 *   every character beyond ASCII is one of Chinese text; or valid UTF-8
 *   whose every character beyond ASCII is a Latin letter, one of them
 *   beside an ASCII letter
 */
gboolean
pr_encoding_bytes_look_utf8 (const char *bytes,
                             gsize       length)
{
  gboolean ideograph = FALSE, chinese = TRUE, latin = TRUE, in_word = FALSE, after_latin = FALSE;
  gunichar before = 0;

  if (!g_utf8_validate_len (bytes, length, NULL))
    return FALSE;
  for (const char *p = bytes; p < bytes + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80)
        {
          in_word |= after_latin && g_ascii_isalpha (c);
          after_latin = FALSE;
          before = c;
          continue;
        }
      if (latin_letter (c))
        {
          in_word |= before < 0x80 && g_ascii_isalpha (before);
          after_latin = TRUE;
        }
      else
        {
          latin = FALSE;
          after_latin = FALSE;
        }
      chinese &= chinese_text_char (c);
      ideograph |= (c >= 0x3400 && c <= 0x9FFF) || (c >= 0x20000 && c <= 0x3FFFF);
      before = c;
    }
  return (chinese && ideograph) || (latin && in_word);
}

/* A character a CJK decoder makes of a UTF-8 Latin letter's two bytes:
 * an ideograph, a kana (half-width too) or a Hangul syllable. */
static gboolean
cjk_char (gunichar c)
{
  return (c >= 0x3040 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF61 && c <= 0xFF9F) || (c >= 0x20000 && c <= 0x3FFFF);
}

/**
 * pr_encoding_text_looks_utf8_misread:
 * @text: a value as read from a file in @encoding, valid UTF-8
 * @length: its length
 * @encoding: the file's encoding, given (GBK, BIG5, Shift_JIS …)
 *
 * Whether the file's bytes of @text were UTF-8 text
 * (pr_encoding_bytes_look_utf8()). Only a value with an East Asian
 * character beside an ASCII letter (José read as GBK is Jos茅) is
 * converted back to its bytes to be looked at, so that a file's Chinese
 * letters cost nothing.
 *
 * Returns: (transfer full) (nullable): the value's bytes read as UTF-8,
 *   or %NULL if they do not look like UTF-8 text
 */
char *
pr_encoding_text_looks_utf8_misread (const char *text,
                                     gsize       length,
                                     const char *encoding)
{
  g_autofree char *bytes = NULL;
  gboolean suspect = FALSE;
  gunichar before = 0;
  gsize n = 0;

  for (const char *p = text; p < text + length && !suspect; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      suspect = (cjk_char (c) && before < 0x80 && g_ascii_isalpha (before)) ||
                (c < 0x80 && g_ascii_isalpha (c) && cjk_char (before));
      before = c;
    }
  if (!suspect)
    return NULL;
  bytes = g_convert (text, length, encoding, "UTF-8", NULL, &n, NULL);
  if (bytes == NULL || !pr_encoding_bytes_look_utf8 (bytes, n))
    return NULL;
  return g_strndup (bytes, n);
}

/* "?" where UTF-8 wants a continuation byte, in @bytes (a CP1252
 * reading's bytes), set to 0x81: a reader that could not write one of the
 * five bytes CP1252 leaves undefined (MySQL's conversion, Python's
 * errors="replace" when encoding) writes "?" for it. Returns how many. */
gsize
_pr_encoding_question_marks_as_lost (guint8 *bytes,
                                     gsize   n)
{
  guint need = 0;
  gsize set = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint8 b = bytes[i];

      if (need > 0 && (b == '?' || (b >= 0x80 && b <= 0xBF)))
        {
          set += b == '?';
          bytes[i] = b == '?' ? 0x81 : b;
          need--;
          continue;
        }
      need = b >= 0xC2 && b <= 0xDF ? 1 : b >= 0xE0 && b <= 0xEF ? 2 : b >= 0xF0 && b <= 0xF4 ? 3 : 0;
    }
  return set;
}

/* Whether @bytes have a lead byte of a three- or four-byte UTF-8
 * character: pr_encoding_bytes_look_utf8 () then found Chinese text, not
 * Latin letters. */
gboolean
_pr_encoding_has_lead_of_three (const char *bytes,
                                gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if ((guint8) bytes[i] >= 0xE0)
      return TRUE;
  return FALSE;
}

/* pr_encoding_guess_misdecoded() of @text, known valid, with scan_text()'s
 * @high and @latin: the check reads every value of a column, and one
 * pass over each is what it can afford at a million rows. @reading: the
 * reading that made the text (PR_ENCODING_READ_LATIN1, or a code page's
 * index + 1). */
static PrEncodingGuess
guess_misdecoded (const char *text,
                  gsize       length,
                  gboolean   *high,
                  gboolean   *latin,
                  guint8     *reading)
{
  g_autofree char *bytes = NULL;
  const char *p, *end = text + length;
  gboolean c1;
  gsize n = 0, replaced = 0, made = 0;
  PrEncodingGuess guess = PR_ENCODING_GUESS_NONE;

  *reading = PR_ENCODING_READ_LATIN1;
  scan_text (text, length, high, latin, &c1);
  if (!*high)
    return PR_ENCODING_GUESS_NONE;
  if (*latin)
    {
      bytes = g_malloc (length);
      for (p = text; p < end; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          replaced += c == 0xFFFD;
          made += c >= 0x80 && c != 0xFFFD;
          bytes[n++] = (char) _pr_encoding_latin_byte (c);
        }
      /* U+FFFD is any byte lost, by any decoder: 张三 read as GBK with
       * errors="replace" is nothing but U+FFFD. Only the characters CP1252
       * made say what the bytes were, and only UTF-8's structure confirms
       * the byte the stand-in guesses; GBK and Big5 take 0x81 anywhere. */
      if (replaced < made)
        guess = pr_encoding_guess_bytes (bytes, n);
      if (replaced > 0 && guess != PR_ENCODING_GUESS_UTF8)
        guess = PR_ENCODING_GUESS_NONE;
      /* "?" for a byte lost is taken only when the bytes then make
       * Chinese UTF-8 (three-byte ideographs): Ç? in a Western name
       * makes a valid pair too. */
      if (guess == PR_ENCODING_GUESS_NONE && replaced == 0 && memchr (text, '?', length) != NULL &&
          _pr_encoding_question_marks_as_lost ((guint8 *) bytes, n) > 0 &&
          pr_encoding_guess_bytes (bytes, n) == PR_ENCODING_GUESS_UTF8 && pr_encoding_bytes_look_utf8 (bytes, n) &&
          _pr_encoding_has_lead_of_three (bytes, n))
        guess = PR_ENCODING_GUESS_UTF8;
      /* The undefined bytes dropped: taken, as "?", only toward Chinese
       * UTF-8, and only where the shape of UTF-8 dominates. */
      if (guess == PR_ENCODING_GUESS_NONE && replaced == 0)
        {
          gsize n_restored = 0;
          g_autofree guint8 *restored = _pr_encoding_dropped_as_lost ((const guint8 *) bytes, n, &n_restored);

          if (restored != NULL && g_utf8_validate_len ((const char *) restored, n_restored, NULL) &&
              pr_encoding_bytes_look_utf8 ((const char *) restored, n_restored))
            guess = PR_ENCODING_GUESS_UTF8;
        }
    }
  if (guess == PR_ENCODING_GUESS_NONE && !*latin && !c1)
    guess = _pr_encoding_guess_other_code_page (text, length, reading);
  if (guess == PR_ENCODING_GUESS_NONE && c1)
    guess = PR_ENCODING_GUESS_C1;
  return guess;
}

/**
 * pr_encoding_guess_misdecoded:
 * @text: valid UTF-8, as decoded
 * @length: its length in bytes
 *
 * Judges decoded text: when each of its characters is one a Latin-1 or
 * CP1252 reading makes of a byte, those bytes are judged as
 * pr_encoding_guess_bytes() does. U+FFFD, for a byte CP1252 leaves
 * undefined, is judged as 0x81, and only when fewer of them than of the
 * characters CP1252 made beyond ASCII, and only toward UTF-8.
 *
 * Returns: the encoding the text's bytes look like; %PR_ENCODING_GUESS_C1
 *   for a C1 control character that fits no other; else
 *   %PR_ENCODING_GUESS_NONE
 */
PrEncodingGuess
pr_encoding_guess_misdecoded (const char *text,
                              gsize       length)
{
  guint8 reading;

  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), PR_ENCODING_GUESS_NONE);

  return _pr_encoding_guess_misdecoded (text, length, &reading);
}

/* pr_encoding_guess_misdecoded () of valid @text, with the reading that
 * made it (PR_ENCODING_READ_LATIN1, or a code page's index + 1). */
PrEncodingGuess
_pr_encoding_guess_misdecoded (const char *text,
                               gsize       length,
                               guint8     *reading)
{
  gboolean high, latin;

  return guess_misdecoded (text, length, &high, &latin, reading);
}

/**
 * pr_encoding_text_read_back:
 * @text: valid UTF-8 that pr_encoding_guess_misdecoded () finds to be
 *   another encoding's bytes read as Latin-1 (or CP1252)
 * @length: its length in bytes
 * @guess: that guess (UTF-8, GB18030, BIG5)
 *
 * Returns: (transfer full) (nullable): the text its bytes are in that
 *   encoding, to show; %NULL if they are not
 */
char *
pr_encoding_text_read_back (const char      *text,
                            gsize            length,
                            PrEncodingGuess  guess)
{
  const char *encoding = pr_encoding_guess_to_string (guess);
  g_autofree char *bytes = g_malloc (length + 1);
  gsize n = 0;

  if (encoding == NULL)
    return NULL;
  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      int byte = _pr_encoding_latin_byte (g_utf8_get_char (p));

      if (byte < 0)
        return NULL;
      bytes[n++] = (char) byte;
    }
  if (guess == PR_ENCODING_GUESS_UTF8)
    {
      gsize n_restored = 0;
      g_autofree guint8 *restored = NULL;

      _pr_encoding_question_marks_as_lost ((guint8 *) bytes, n);
      restored = _pr_encoding_dropped_as_lost ((const guint8 *) bytes, n, &n_restored);
      if (restored != NULL && g_utf8_validate_len ((const char *) restored, n_restored, NULL))
        return g_convert ((const char *) restored, n_restored, "UTF-8", encoding, NULL, NULL, NULL);
    }
  return g_convert (bytes, n, "UTF-8", encoding, NULL, NULL, NULL);
}

/**
 * pr_encoding_guess_to_string:
 * @guess: a guess
 *
 * Returns: the encoding's name to give back to the program ("UTF-8",
 *   "GB18030"); %NULL when there is none to name
 */
const char *
pr_encoding_guess_to_string (PrEncodingGuess guess)
{
  switch (guess)
    {
    case PR_ENCODING_GUESS_UTF8: return "UTF-8";
    case PR_ENCODING_GUESS_GB18030: return "GB18030";
    case PR_ENCODING_GUESS_BIG5: return "BIG5";
    default: return NULL;
    }
}

/* U+4E00 to U+9FFF: whether each is a common character, GB2312's first
 * level (3,755 Simplified) or Big5's frequently used ones (5,401
 * Traditional). Made once, from the two encodings' tables in ICU. */
static guint8 common_bits[(0x9FFF - 0x4E00 + 1) / 8 + 1];

static void
mark_common (const char *encoding,
             guint       lead_first,
             guint       lead_last,
             guint       trail_first,
             guint       trail_last)
{
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv = ucnv_open (encoding, &status);

  if (U_FAILURE (status))
    return;
  for (guint lead = lead_first; lead <= lead_last; lead++)
    for (guint trail = trail_first; trail <= trail_last; trail++)
      {
        char bytes[2] = { (char) lead, (char) trail };
        UChar u[4];
        int32_t n;

        status = U_ZERO_ERROR;
        n = ucnv_toUChars (cnv, u, G_N_ELEMENTS (u), bytes, 2, &status);
        if (U_SUCCESS (status) && n == 1 && u[0] >= 0x4E00 && u[0] <= 0x9FFF)
          common_bits[(u[0] - 0x4E00) / 8] |= 1 << ((u[0] - 0x4E00) % 8);
      }
  ucnv_close (cnv);
}

/* The table, made on first use. */
static const guint8 *
common_han_table (void)
{
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      mark_common ("GB2312", 0xB0, 0xD7, 0xA1, 0xFE);
      mark_common ("Big5", 0xA4, 0xC5, 0x40, 0x7E);
      mark_common ("Big5", 0xA4, 0xC5, 0xA1, 0xFE);
      mark_common ("Big5", 0xC6, 0xC6, 0x40, 0x7E);
      g_once_init_leave (&made, 1);
    }
  return common_bits;
}

/* Whether @c, from U+4E00 to U+9FFF, is marked in @table. */
static inline gboolean
common_in (const guint8 *table,
           gunichar      c)
{
  return (table[(c - 0x4E00) / 8] >> ((c - 0x4E00) % 8)) & 1;
}

static gboolean
common_han (gunichar c)
{
  return c >= 0x4E00 && c <= 0x9FFF && common_in (common_han_table (), c);
}

/* Letters of scripts a Chinese petition is not written in, as Chinese
 * bytes read in a legacy encoding of another language become: Hangul and
 * Hanja (GBK read as EUC-KR), Cyrillic (GBK or UTF-8 read as CP1251 or
 * KOI8-R), Greek and box drawing (CP437), mathematical signs (Mac Roman),
 * Hebrew, Arabic, Thai, kana; and the private use area, where GBK's
 * user-defined rows land (Big5 read as GBK is largely there). They count
 * as rare ideographs: real petitions hold next to none. (Latin letters
 * beyond Latin-1 do not: pinyin with tone marks is written so.) */
static gboolean
foreign_letter (gunichar c)
{
  return (c >= 0x0370 && c <= 0x06FF) || (c >= 0x0E00 && c <= 0x0E7F) ||
         (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2200 && c <= 0x22FF) || (c >= 0x2500 && c <= 0x259F) ||
         (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xAC00 && c <= 0xD7AF) ||
         (c >= 0xE000 && c <= 0xF8FF);
}

/* Counts @c, not ASCII, into @han and @common as count_han() does;
 * @before is the character before it. ASCII and the unified ideographs
 * (nearly all of a petition) are told apart first, in a few compares;
 * the rest as foreign_letter() says. */
static inline void
count_char (const guint8 *table,
            gunichar      c,
            gunichar      before,
            guint64      *han,
            guint64      *common)
{
  if (c >= 0x4E00 && c <= 0x9FFF)
    {
      (*han)++;
      *common += common_in (table, c);
      return;
    }
  /* A line drawn with one box character (──────) is a separator a real
   * text may hold; misread bytes vary from one to the next. */
  if (foreign_letter (c))
    {
      *han += !(c >= 0x2500 && c <= 0x259F && c == before);
      return;
    }
  /* Chinese punctuation and full-width forms: between the ranges below. */
  if ((c >= 0x25A0 && c < 0x3040) || (c >= 0xD7B0 && c < 0x20000))
    return;
  if (c < 0x3400 || (c > 0x9FFF && c < 0x20000))
    return;
  (*han)++;
}

static gboolean
has_ascii_letter (const char *text,
                  gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (g_ascii_isalpha (text[i]))
      return TRUE;
  return FALSE;
}

/* Ideographs (and letters of other scripts) one value needs for its own
 * verdict: fewer, a name of rare characters, say nothing. */
#define MIN_VALUE_HAN 12

/* Rare ideographs and other scripts' letters that make a value of fewer
 * ideographs worth reading back in another encoding
 * (pr_encoding_misread_find ()): a short subject misread is a few. */
#define MIN_SUSPECT_RARE 3

/* The verdict on rare characters for one value alone, from its counts
 * (pr_encoding_text_looks_misread ()). */
static inline gboolean
mostly_rare (guint64 han,
             guint64 common)
{
  return han >= MIN_VALUE_HAN && common * 5 < han * COMMON_HAN_FIFTHS;
}

/* What the bad-row check is told of a value: mostly rare, or at least a
 * few rare or foreign letters making most of its count. */
static inline PrEncodingValue
judge_value (guint64 han,
             guint64 common)
{
  return mostly_rare (han, common) || (han - common >= MIN_SUSPECT_RARE && common * 5 < han * COMMON_HAN_FIFTHS)
           ? PR_ENCODING_VALUE_LOOKS_MISREAD
           : PR_ENCODING_VALUE_READ_RIGHT;
}

/* Adds the counts of @text to @check; a value of a few ideographs mostly
 * rare is remembered for the verdict. */
static inline void
add_han (PrEncodingCheck *check,
         const char      *text,
         gsize            length,
         guint64          han,
         guint64          common,
         guint64          position)
{
  check->han += han;
  check->common_han += common;
  if (han > 0)
    check->script_values++;
  else
    check->latin_values += has_ascii_letter (text, length);
  if (han >= 4 && common * 5 < han * COMMON_HAN_FIFTHS && check->rare_values++ == 0)
    check->first_rare = position;
}

/* Counts @text's ideographs and the common ones among them into @check;
 * returns how pr_encoding_text_looks_misread () judges @text. */
static PrEncodingValue
count_han (PrEncodingCheck *check,
           const char      *text,
           gsize            length,
           guint64          position)
{
  const guint8 *table = common_han_table ();
  const guchar *p = (const guchar *) text, *end = p + length;
  guint64 han = 0, common = 0;
  gunichar previous = 0;

  while (p < end)
    {
      gunichar c, before = previous;

      if (*p < 0x80)
        {
          previous = *p++;
          continue;
        }
      c = valid_utf8_char ((const char *) p);
      p += g_utf8_skip[*p];
      previous = c;
      count_char (table, c, before, &han, &common);
    }
  add_han (check, text, length, han, common, position);
  return judge_value (han, common);
}

/* pr_encoding_check_add() of the values nearly every column holds, in one
 * pass: valid UTF-8 of one to three bytes a character, no C1 control
 * character, and either ASCII only or with a character beyond CP1252's
 * (U+2122), so that no Latin-1 reading could have made it. Such a value
 * has no guess, and only its ideographs count. Returns FALSE, having
 * changed nothing, for any other value (invalid, four-byte characters,
 * C1, text a Latin-1 reading could make): the full check judges it. */
static gboolean
add_plain_text (PrEncodingCheck *check,
                const char      *value,
                gsize            length,
                guint64          position,
                PrEncodingValue *read)
{
  const guint8 *table = common_han_table ();
  const guchar *p = (const guchar *) value, *end = p + length;
  guint64 han = 0, common = 0;
  gunichar previous = 0;
  gboolean high = FALSE, beyond_latin = FALSE;

  while (p < end)
    {
      gunichar c, before = previous;

      /* U+4000 to U+9FFF, most of a petition: each an ideograph (of
       * extension A, Yijing's signs or the unified ones), beyond CP1252. */
      if ((guint) (*p - 0xE4) <= 0xE9 - 0xE4 && end - p >= 3 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80)
        {
          c = ((gunichar) (*p & 0x0F) << 12) | ((gunichar) (p[1] & 0x3F) << 6) | (p[2] & 0x3F);
          p += 3;
          previous = c;
          high = beyond_latin = TRUE;
          han++;
          common += c >= 0x4E00 && common_in (table, c);
          continue;
        }
      if (*p < 0x80)
        {
          /* NUL is refused by the caller's memchr () already. Digits and
           * dates come eight bytes at a time. */
          p++;
          while (end - p >= 8)
            {
              guint64 word;

              memcpy (&word, p, 8);
              if ((word & G_GUINT64_CONSTANT (0x8080808080808080)) != 0)
                break;
              p += 8;
            }
          previous = p[-1];
          continue;
        }
      if (*p >= 0xC2 && *p <= 0xDF)
        {
          if (end - p < 2 || (p[1] & 0xC0) != 0x80 || (*p == 0xC2 && p[1] <= 0x9F))
            return FALSE;
          c = ((gunichar) (*p & 0x1F) << 6) | (p[1] & 0x3F);
          p += 2;
        }
      else if (*p >= 0xE0 && *p <= 0xEF)
        {
          if (end - p < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 ||
              (*p == 0xE0 && p[1] < 0xA0) || (*p == 0xED && p[1] > 0x9F))
            return FALSE;
          c = ((gunichar) (*p & 0x0F) << 12) | ((gunichar) (p[1] & 0x3F) << 6) | (p[2] & 0x3F);
          p += 3;
          beyond_latin |= c > 0x2122 && c != 0xFFFD;
        }
      else
        return FALSE;
      high = TRUE;
      previous = c;
      count_char (table, c, before, &han, &common);
    }
  if (high && !beyond_latin)
    return FALSE;
  add_han (check, value, length, han, common, position);
  *read = judge_value (han, common);
  return TRUE;
}

/* count_han() as first written, character by character: the tests' oracle
 * for the one above. */
void
pr_encoding_count_han_plain (const char *text,
                             gsize       length,
                             guint64    *han_out,
                             guint64    *common_out)
{
  guint64 han = 0, common = 0;
  gunichar previous = 0;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = valid_utf8_char (p);
      gunichar before = previous;

      previous = c;
      if (foreign_letter (c) && !(c >= 0x2500 && c <= 0x259F && c == before))
        {
          han++;
          continue;
        }
      if (foreign_letter (c))
        continue;
      if (c < 0x3400 || (c > 0x9FFF && c < 0x20000))
        continue;
      han++;
      common += common_han (c);
    }
  *han_out = han;
  *common_out = common;
}

/**
 * pr_encoding_count_han:
 * @text: valid UTF-8
 * @length: its length in bytes
 * @han: (out): its ideographs and letters of other scripts, as the check counts them
 * @common: (out): of them, the common ideographs
 */
void
pr_encoding_count_han (const char *text,
                       gsize       length,
                       guint64    *han,
                       guint64    *common)
{
  PrEncodingCheck check = { 0 };

  count_han (&check, text, length, 0);
  *han = check.han;
  *common = check.common_han;
}

/**
 * pr_encoding_text_looks_misread:
 * @text: one value, valid UTF-8, as decoded
 * @length: its length in bytes
 *
 * The verdict on rare characters for one value alone, where no column's
 * worth of values is at hand (a record checked as it comes): Chinese read
 * in another Chinese or another language's encoding.
 *
 * Returns: whether @text has at least %MIN_VALUE_HAN ideographs and
 *   letters of other scripts, and more than one in five is rare or foreign
 */
gboolean
pr_encoding_text_looks_misread (const char *text,
                                gsize       length)
{
  guint64 han = 0, common = 0;

  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), FALSE);

  pr_encoding_count_han (text, length, &han, &common);
  return mostly_rare (han, common);
}

PrEncodingCheck *
pr_encoding_check_new (void)
{
  return g_new0 (PrEncodingCheck, 1);
}

void
pr_encoding_check_free (PrEncodingCheck *check)
{
  g_free (check);
}

static PrEncodingGuess add_full (PrEncodingCheck *check,
                                 const char      *value,
                                 gsize            length,
                                 guint64          position,
                                 PrEncodingValue *read);

/**
 * pr_encoding_check_add:
 * @check: one column's check
 * @value: a value of it, as read: decoded text, or raw bytes that are no
 *   UTF-8
 * @length: its length in bytes
 * @position: where it is (a row or line), for the verdict
 *
 * Returns: this value's guess (raw bytes: pr_encoding_guess_bytes();
 *   text: pr_encoding_guess_misdecoded())
 */
PrEncodingGuess
pr_encoding_check_add (PrEncodingCheck *check,
                       const char      *value,
                       gsize            length,
                       guint64          position)
{
  return pr_encoding_check_add_utf8 (check, value, length, position, NULL);
}

/**
 * pr_encoding_check_add_utf8:
 * @check: one column's check
 * @value: a value of it, as read
 * @length: its length in bytes
 * @position: where it is, for the verdict
 * @utf8: (out) (optional): whether @value is valid UTF-8 with no NUL, as
 *   g_utf8_validate_len() says: learnt on the way, so that the bad-row
 *   check need not validate it again
 *
 * pr_encoding_check_add(), telling whether the value was valid UTF-8.
 *
 * Returns: this value's guess
 */
PrEncodingGuess
pr_encoding_check_add_utf8 (PrEncodingCheck *check,
                            const char      *value,
                            gsize            length,
                            guint64          position,
                            gboolean        *utf8)
{
  PrEncodingValue read;
  PrEncodingGuess guess = pr_encoding_check_add_value (check, value, length, position, &read);

  if (utf8 != NULL)
    *utf8 = read != PR_ENCODING_VALUE_UNKNOWN;
  return guess;
}

/**
 * pr_encoding_check_add_value:
 * @check: one column's check
 * @value: a value of it, as read
 * @length: its length in bytes
 * @position: where it is, for the verdict
 * @read: (out): what was learnt of @value on the way: whether it is valid
 *   UTF-8 with no NUL (as g_utf8_validate_len () says) and, when its
 *   ideographs were counted, what pr_encoding_text_looks_misread () says
 *   of it, so that the bad-row check need not read it again
 *
 * pr_encoding_check_add(), telling what it found of the value.
 *
 * Returns: this value's guess
 */
PrEncodingGuess
pr_encoding_check_add_value (PrEncodingCheck *check,
                             const char      *value,
                             gsize            length,
                             guint64          position,
                             PrEncodingValue *read)
{
  *read = PR_ENCODING_VALUE_UNKNOWN;
  /* A NUL is no sign of an encoding (g_utf8_validate_len () refuses it in
   * valid UTF-8 too): the bad-row check names it as what it is. */
  if (memchr (value, '\0', length) != NULL)
    return PR_ENCODING_GUESS_NONE;
  if (add_plain_text (check, value, length, position, read))
    return PR_ENCODING_GUESS_NONE;
  return add_full (check, value, length, position, read);
}

/**
 * pr_encoding_check_add_full:
 * @check: one column's check
 * @value: a value of it, with no NUL
 * @length: its length in bytes
 * @position: where it is
 *
 * pr_encoding_check_add() with no shortcut: every value validated and
 * judged as it says, which the tests hold the shortcut to.
 *
 * Returns: this value's guess
 */
PrEncodingGuess
pr_encoding_check_add_full (PrEncodingCheck *check,
                            const char      *value,
                            gsize            length,
                            guint64          position)
{
  PrEncodingValue read;

  return add_full (check, value, length, position, &read);
}

static PrEncodingGuess
add_full (PrEncodingCheck *check,
          const char      *value,
          gsize            length,
          guint64          position,
          PrEncodingValue *read)
{
  PrEncodingGuess guess;
  gboolean text, high = FALSE, latin = FALSE;
  guint8 reading = PR_ENCODING_READ_LATIN1;

  text = g_utf8_validate_len (value, length, NULL);
  *read = text ? PR_ENCODING_VALUE_UTF8 : PR_ENCODING_VALUE_UNKNOWN;
  guess = text ? guess_misdecoded (value, length, &high, &latin, &reading) : pr_encoding_guess_bytes (value, length);
  if (guess == PR_ENCODING_GUESS_NONE)
    {
      /* Text of Latin-1 letters (no character beyond U+00FF) weighs
       * against the guesses of its column. */
      if (text)
        *read = count_han (check, value, length, position);
      check->latin += text && high && latin;
      return guess;
    }
  if (check->counts[guess]++ == 0)
    check->first[guess] = position;
  check->raw[guess] += !text;
  if (text && check->counts[guess] - check->raw[guess] == 1)
    check->first_text[guess] = position;
  /* A code page's letters beyond Latin-1 tell it; most of its other
   * bytes are CP1252's, which a value without such letters leaves open. */
  if (text && check->reading[guess] == PR_ENCODING_READ_LATIN1)
    check->reading[guess] = reading;
  if (text && guess == PR_ENCODING_GUESS_UTF8 && reading == PR_ENCODING_READ_LATIN1)
    _pr_encoding_cp1254_count (value, length, &check->cp1254);
  return guess;
}

/**
 * pr_encoding_check_equal:
 * @a: a column's check
 * @b: another
 *
 * Returns: whether both counted the same: every count, first position
 *   and ideograph tally
 */
gboolean
pr_encoding_check_equal (const PrEncodingCheck *a,
                         const PrEncodingCheck *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* Whether the values whose bytes are no UTF-8 at all are truly few beside
 * the values read as Chinese (or other scripts') text: at most
 * RAW_ROWS_FEW of them, or at most one in RAW_ROWS_RATIO, and fewer than
 * those values. Then they are a few rows another program wrote (a GBK line
 * in a UTF-8 file, one GBK value in a BLOB of UTF-8), bad rows each named
 * by the bad-row check. More are a source of two encodings, to be
 * converted, not a tenth of the petitions left out as bad rows. */
#define RAW_ROWS_FEW   3
#define RAW_ROWS_RATIO 10

/* Whether @few values are truly few beside @many. */
static gboolean
truly_few (guint64 few,
           guint64 many)
{
  return few <= RAW_ROWS_FEW || few * RAW_ROWS_RATIO <= many;
}

static gboolean
raw_are_rows (const PrEncodingCheck *check)
{
  guint64 raw = 0;

  for (int g = PR_ENCODING_GUESS_UTF8; g <= PR_ENCODING_GUESS_BIG5; g++)
    raw += check->raw[g];
  return raw > 0 && raw < check->script_values && truly_few (raw, check->script_values);
}

/**
 * pr_encoding_check_verdict:
 * @check: a column's check, after its values
 * @first_position: (out) (optional): the first value of the verdict's kind
 * @count: (out) (optional): how many values are of that kind
 *
 * A column looks mis-encoded when at least half of its values in the
 * Latin-1 range look like one other encoding, or any has a C1 control
 * character. Values with characters beyond Latin-1 (Chinese text read
 * right) do not count either way, except against bytes that are no UTF-8:
 * at most three such values, or at most one for every ten values of text
 * read right, are bad rows, not the column's verdict.
 *
 * Returns: the verdict; %PR_ENCODING_GUESS_NONE if the reading looks right
 */
PrEncodingGuess
pr_encoding_check_verdict (const PrEncodingCheck *check,
                           guint64               *first_position,
                           guint64               *count)
{
  PrEncodingGuess best = PR_ENCODING_GUESS_NONE;
  gboolean rows = raw_are_rows (check);
  guint64 counts[PR_ENCODING_GUESS_BIG5 + 1];
  guint64 suspects = 0;

  for (int g = PR_ENCODING_GUESS_NONE; g <= PR_ENCODING_GUESS_BIG5; g++)
    counts[g] = check->counts[g] - (rows ? check->raw[g] : 0);
  for (int g = PR_ENCODING_GUESS_UTF8; g <= PR_ENCODING_GUESS_BIG5; g++)
    {
      if (g == PR_ENCODING_GUESS_C1)
        continue;
      suspects += counts[g];
      if (counts[g] > counts[best] || (best == PR_ENCODING_GUESS_NONE && counts[g] > 0))
        best = g;
    }
  if (best != PR_ENCODING_GUESS_NONE && counts[best] * 2 < suspects + check->latin + counts[PR_ENCODING_GUESS_C1])
    best = PR_ENCODING_GUESS_NONE;
  if (best == PR_ENCODING_GUESS_NONE && counts[PR_ENCODING_GUESS_C1] > 0)
    best = PR_ENCODING_GUESS_C1;
  if (best == PR_ENCODING_GUESS_NONE && check->han >= MIN_HAN &&
      check->common_han * 5 < check->han * COMMON_HAN_FIFTHS && check->rare_values > 0 &&
      check->latin_values <= check->script_values * LATIN_COLUMN_RATIO)
    {
      if (first_position != NULL)
        *first_position = check->first_rare;
      if (count != NULL)
        *count = check->rare_values;
      return PR_ENCODING_GUESS_RARE_HAN;
    }

  if (first_position != NULL)
    *first_position = best == PR_ENCODING_GUESS_NONE ? 0 : rows ? check->first_text[best] : check->first[best];
  if (count != NULL)
    *count = best != PR_ENCODING_GUESS_NONE ? counts[best] : 0;
  return best;
}

/**
 * pr_encoding_check_is_raw:
 * @check: a column's check
 * @guess: its verdict
 *
 * Returns: whether most values of the verdict's kind were bytes that are no
 *   UTF-8 (a file in that encoding, read as UTF-8), rather than text that
 *   reads as such bytes decoded wrong
 */
PrEncodingRaw
pr_encoding_check_is_raw (const PrEncodingCheck *check,
                          PrEncodingGuess        guess)
{
  if (guess > PR_ENCODING_GUESS_BIG5 || raw_are_rows (check) || check->raw[guess] * 2 <= check->counts[guess])
    return PR_ENCODING_NOT_RAW;
  /* Values of UTF-8 text beside them, not truly few either: neither
   * encoding leaves the other's values as bad rows. */
  return truly_few (check->script_values, check->raw[guess]) ? PR_ENCODING_RAW : PR_ENCODING_RAW_MIXED;
}

/**
 * pr_encoding_check_get_reading:
 * @check: a column's check
 * @guess: its verdict, text of another encoding's bytes (not raw)
 * @charset: (out) (optional) (nullable): MariaDB's character set of the
 *   reading, to repair a column with; %NULL if it has none
 *
 * Returns: the reading that made such values text, as a message names
 *   it: "CP1250", "CP1257", "CP1254", "CP1258", "CP1253" or "CP1255" when
 *   a value's letters beyond Latin-1 tell it, or for UTF-8 "CP1254" when the
 *   bytes it lacks were lost and CP1252's Ž and ž never seen, else
 *   "Latin-1" (CP1252 too, whose bytes those code pages mostly share)
 */
const char *
pr_encoding_check_get_reading (const PrEncodingCheck  *check,
                               PrEncodingGuess         guess,
                               const char            **charset)
{
  guint8 reading = guess <= PR_ENCODING_GUESS_BIG5 ? check->reading[guess] : PR_ENCODING_READ_LATIN1;
  gboolean dropped = FALSE;

  /* No letter tells CP1254 in UTF-8's Chinese: the bytes it lacks do. */
  if (reading == PR_ENCODING_READ_LATIN1 && guess == PR_ENCODING_GUESS_UTF8)
    {
      reading = _pr_encoding_cp1254_reading (&check->cp1254);
      dropped = check->cp1254.dropped > 0;
    }
  return _pr_encoding_code_page_name (reading, dropped, charset);
}

/**
 * pr_encoding_check_set_csv_error:
 * @error: return location for a #GError
 * @path: the CSV file
 * @name: the column
 * @encoding: (nullable): the encoding it was read in; %NULL: UTF-8
 * @guess: the verdict, not %PR_ENCODING_GUESS_NONE
 * @first: the line of the first value so
 * @count: how many values are so
 * @raw: whether they were bytes that are no UTF-8 (pr_encoding_check_is_raw ())
 * @reading: the reading that made them text (pr_encoding_check_get_reading ())
 *
 * Sets %PR_CSV_ERROR_ENCODING saying that @name's text looks read in the
 * wrong encoding, which encoding fits, and how to read it anyway
 * (--force-encoding).
 */
void
pr_encoding_check_set_csv_error (GError          **error,
                                 const char       *path,
                                 const char       *name,
                                 const char       *encoding,
                                 PrEncodingGuess   guess,
                                 guint64           first,
                                 guint64           count,
                                 PrEncodingRaw     raw,
                                 const char       *reading)
{
  const char *given = encoding != NULL ? encoding : "UTF-8";
  const char *fits = pr_encoding_guess_to_string (guess);

  if (guess == PR_ENCODING_GUESS_RARE_HAN)
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 ngettext ("%s, column “%s”: read as %s, the text is mostly rare Chinese characters or letters "
                           "of other scripts (%llu value, first on line %llu), as Chinese text read in another "
                           "encoding is (GBK read as Big5 or EUC-KR, Big5 as GBK, UTF-8 as KOI8-R): give the file's encoding with --encoding; if %s is right, "
                           "add --force-encoding",
                           "%s, column “%s”: read as %s, the text is mostly rare Chinese characters or letters "
                           "of other scripts (%llu values, first on line %llu), as Chinese text read in another "
                           "encoding is (GBK read as Big5 or EUC-KR, Big5 as GBK, UTF-8 as KOI8-R): give the file's encoding with --encoding; if %s is right, "
                           "add --force-encoding", count),
                 path, name, given, (unsigned long long) count, (unsigned long long) first, given);
  else if (fits != NULL && raw == PR_ENCODING_RAW_MIXED)
    /* Neither encoding reads the whole file, and too many lines are in
     * the other for bad rows to be the way. */
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 ngettext ("%s, column “%s”: the file is in two encodings: %llu value is %s (first on line %llu), "
                           "too many to leave out as bad rows, and the others %s; convert those lines to one "
                           "encoding (iconv) and read the file again",
                           "%s, column “%s”: the file is in two encodings: %llu values are %s (first on line %llu), "
                           "too many to leave out as bad rows, and the others %s; convert those lines to one "
                           "encoding (iconv) and read the file again", count),
                 path, name, (unsigned long long) count, fits, (unsigned long long) first, given);
  else if (fits != NULL && raw)
    /* The file itself is in that encoding (Excel's CSV on a Chinese
     * Windows is GB18030), not text decoded wrong once. */
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 ngettext ("%s, column “%s”: the text is %s, not %s (%llu value, first on line %llu): give "
                           "--encoding %s",
                           "%s, column “%s”: the text is %s, not %s (%llu values, first on line %llu): give "
                           "--encoding %s", count),
                 path, name, fits, given, (unsigned long long) count, (unsigned long long) first, fits);
  else if (fits == NULL)
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 _("%s, column “%s”: read as %s, the text holds control characters (U+0080 to U+009F, "
                   "first on line %llu), so the file is in another encoding (GB18030, Big5, UTF-16LE?): "
                   "give it with --encoding; if %s is right, add --force-encoding"),
                 path, name, given, (unsigned long long) first, given);
  else if (encoding == NULL || g_ascii_strcasecmp (encoding, fits) == 0)
    /* The right decoding gives text that was itself decoded wrong once. */
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 /* Translators: the file, the column, the text's encoding (UTF-8), the one
                  * that read it (Latin-1, CP1250), … */
                 ngettext ("%s, column “%s”: the text is %s read as %s and saved again (%llu value, "
                           "first on line %llu): repair the export; to read it as it is, give --encoding %s "
                           "--force-encoding",
                           "%s, column “%s”: the text is %s read as %s and saved again (%llu values, "
                           "first on line %llu): repair the export; to read it as it is, give --encoding %s "
                           "--force-encoding", count),
                 path, name, fits, reading, (unsigned long long) count, (unsigned long long) first, given);
  else
    g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                 ngettext ("%s, column “%s”: read as %s, the text looks like %s decoded wrong (%llu value, "
                           "first on line %llu): give --encoding %s; if %s is right, add --force-encoding",
                           "%s, column “%s”: read as %s, the text looks like %s decoded wrong (%llu values, "
                           "first on line %llu): give --encoding %s; if %s is right, add --force-encoding", count),
                 path, name, given, fits, (unsigned long long) count, (unsigned long long) first,
                 fits, given);
}

/* The bytes B0 A1 (啊) and the lone bytes 80 and FF; code page 936 reads
 * them 啊, € and U+F8F5 (ICU) or refuses FF (iconv). */
static const char cp936_probe[] = "\xb0\xa1\x80";

/**
 * pr_encoding_icu_reads_cp936:
 * @encoding: an encoding's name, as given
 *
 * GBK as ICU and iconv read it is Microsoft's code page 936, whose byte
 * 0x80 standing alone is the euro sign, and (in ICU) whose byte 0xFF
 * standing alone is the private-use U+F8F5: in GBK proper and in GB18030
 * they are no characters, a Chinese petition office's text never held
 * either, so such a byte is a stray one (a UTF-8 byte, a character cut in
 * two), and read as a character it would pass unseen. Decided by what the
 * converter does rather than by its name, since ICU and iconv know
 * different names (iconv's GB13000 is code page 936; ICU has no such name).
 *
 * Returns: whether ICU's converter for @encoding reads code page 936's
 *   lone 0x80 as €
 */
gboolean
pr_encoding_icu_reads_cp936 (const char *encoding)
{
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv;
  UChar out[4];
  int32_t n;

  if (encoding == NULL || encoding[0] == '\0')
    return FALSE;
  cnv = ucnv_open (encoding, &status);
  if (U_FAILURE (status))
    return FALSE;
  ucnv_setToUCallBack (cnv, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
  n = ucnv_toUChars (cnv, out, G_N_ELEMENTS (out), cp936_probe, strlen (cp936_probe), &status);
  ucnv_close (cnv);
  return U_SUCCESS (status) && n == 2 && out[0] == 0x554A && out[1] == 0x20AC;
}

/**
 * pr_encoding_iconv_reads_cp936:
 * @encoding: an encoding's name, as given
 *
 * As pr_encoding_icu_reads_cp936(), for iconv (g_convert()).
 *
 * Returns: whether iconv's converter for @encoding reads a lone 0x80 as €
 */
gboolean
pr_encoding_iconv_reads_cp936 (const char *encoding)
{
  g_autofree char *text = NULL;

  if (encoding == NULL || encoding[0] == '\0')
    return FALSE;
  text = g_convert (cp936_probe, -1, "UTF-8", encoding, NULL, NULL, NULL);
  return g_strcmp0 (text, "啊€") == 0;
}

/* Whether iconv converts between @name and UTF-8. */
static gboolean
iconv_knows (const char *name)
{
  GIConv cd = g_iconv_open ("UTF-8", name);

  if (cd == (GIConv) -1)
    return FALSE;
  g_iconv_close (cd);
  return TRUE;
}

/**
 * pr_encoding_iconv_name:
 * @encoding: an encoding's name ICU knows, as given (--encoding)
 * @needed: (out): whether text read in @encoding can hold East Asian
 *   characters, so that pr_encoding_text_looks_utf8_misread () needs a
 *   name of it: a multi-byte encoding other than Unicode's. A single-byte
 *   one never reads bytes as a CJK character, Unicode's never as other
 *   characters than UTF-8's.
 *
 * ICU and iconv know different names for one encoding (ICU's
 * windows-54936 is iconv's GB18030; iconv knows no windows-950): the
 * name given if iconv knows it, else the first of ICU's names of its
 * converter that iconv knows.
 *
 * Returns: (transfer full) (nullable): a name of @encoding iconv knows,
 *   or %NULL if it knows none (or ICU does not know @encoding)
 */
char *
pr_encoding_iconv_name (const char *encoding,
                        gboolean   *needed)
{
  UErrorCode status = U_ZERO_ERROR;
  UConverter *cnv;
  const char *canonical;
  UConverterType type;
  char *name = NULL;
  uint16_t n_aliases;

  *needed = FALSE;
  cnv = ucnv_open (encoding, &status);
  if (U_FAILURE (status))
    return NULL;
  type = ucnv_getType (cnv);
  *needed = ucnv_getMaxCharSize (cnv) > 1 && type != UCNV_UTF8 && type != UCNV_UTF16_BigEndian &&
            type != UCNV_UTF16_LittleEndian && type != UCNV_UTF32_BigEndian && type != UCNV_UTF32_LittleEndian &&
            type != UCNV_UTF16 && type != UCNV_UTF32 && type != UCNV_UTF7 && type != UCNV_CESU8 &&
            type != UCNV_SCSU && type != UCNV_BOCU1 && type != UCNV_IMAP_MAILBOX;
  canonical = ucnv_getName (cnv, &status);
  if (iconv_knows (encoding))
    name = g_strdup (encoding);
  n_aliases = U_SUCCESS (status) ? ucnv_countAliases (canonical, &status) : 0;
  for (uint16_t i = 0; name == NULL && U_SUCCESS (status) && i < n_aliases; i++)
    {
      const char *alias = ucnv_getAlias (canonical, i, &status);

      if (U_SUCCESS (status) && iconv_knows (alias))
        name = g_strdup (alias);
    }
  ucnv_close (cnv);
  return name;
}

/**
 * pr_encoding_find_lone_euro_byte:
 * @bytes: a value in code page 936 (see pr_encoding_iconv_reads_cp936 ())
 * @length: its length
 *
 * Only the byte 0x80: iconv refuses a lone 0xFF itself.
 *
 * Returns: where the first lone byte 0x80 is in @bytes; else -1
 */
gssize
pr_encoding_find_lone_euro_byte (const char *bytes,
                                 gsize       length)
{
  for (gsize i = 0; i < length;)
    {
      guint8 b = (guint8) bytes[i];

      if (b == 0x80)
        return (gssize) i;
      /* 0x81 to 0xFE lead two bytes, and 0x80 may be their second. */
      i += b >= 0x81 && b <= 0xFE ? 2 : 1;
    }
  return -1;
}

/**
 * pr_encoding_find_stray_character:
 * @text: UTF-8 text ICU's code page 936 converter gave
 *   (see pr_encoding_icu_reads_cp936 ())
 * @length: its length
 * @out_byte: (out): the byte it was read from: 0x80 or 0xFF
 *
 * Finds a € or U+F8F5: from code page 936, ICU gives them for the lone
 * bytes 0x80 and 0xFF alone, never for a sequence of two bytes.
 *
 * Returns: where the first is in @text, or -1
 */
gssize
pr_encoding_find_stray_character (const char *text,
                                  gsize       length,
                                  guint8     *out_byte)
{
  /* Both are three bytes long, as PR_CSV_UNREADABLE_MARK, which may be
   * written over them; both begin with a byte that begins no other
   * character's tail. */
  G_STATIC_ASSERT (sizeof "\xe2\x82\xac" == sizeof PR_CSV_UNREADABLE_MARK);
  G_STATIC_ASSERT (sizeof "\xef\xa3\xb5" == sizeof PR_CSV_UNREADABLE_MARK);
  for (gsize i = 0; i + 3 <= length; i++)
    {
      guint8 b = (guint8) text[i];

      /* Chinese text is mostly bytes E4 to E9 and 80 to BF. */
      if (G_LIKELY (b != 0xE2 && b != 0xEF))
        continue;
      if (memcmp (text + i, "\xe2\x82\xac", 3) == 0)
        {
          *out_byte = 0x80;
          return (gssize) i;
        }
      if (memcmp (text + i, "\xef\xa3\xb5", 3) == 0)
        {
          *out_byte = 0xFF;
          return (gssize) i;
        }
    }
  return -1;
}
