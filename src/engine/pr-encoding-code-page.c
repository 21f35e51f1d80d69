/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The Windows code pages beside Latin-1 (CP1252) whose reading of
 * another encoding's bytes made text: Central European, Baltic, Turkish
 * and Vietnamese, as a MariaDB column of character set cp1250 or cp1257
 * holds. The encoding check asks here when a value's letters are beyond
 * Latin-1 and no C1 control tells them. Pure: no database, no file.
 */
#define G_LOG_DOMAIN "pr-encoding-check"

#include "config.h"

#include <string.h>

#include <unicode/ucnv.h>

#include "pr-encoding-check.h"
#include "pr-encoding-code-page-private.h"

/* The readings that made text of another encoding's bytes, beside
 * Latin-1 (CP1252): the Windows code pages for Central European, Baltic,
 * Turkish, Vietnamese, Greek and Hebrew, by ICU's names, and as a message
 * names them. */
static const char *const code_pages[] = { "windows-1250", "windows-1257", "windows-1254",
                                          "windows-1258", "windows-1253", "windows-1255" };
#define READ_CP1254 3
static const char *const code_page_names[] = { "CP1250", "CP1257", "CP1254", "CP1258", "CP1253", "CP1255" };
/* MariaDB's character set of each, for the repair of a column; NULL: it
 * has none (latin5 is ISO-8859-9, whose 0x80 to 0x9F differ from CP1254's;
 * greek and hebrew are ISO-8859-7 and -8, which lack CP1253's and
 * CP1255's signs at 0x80 to 0x9F). */
static const char *const code_page_charsets[] = { "cp1250", "cp1257", NULL, NULL, NULL, NULL };
/* The code pages whose reading of GBK (Big5) is looked for here: a Greek
 * or Hebrew word's letters pair up into GBK's common ideographs (Μάλι),
 * so GBK read as CP1253 or CP1255 is left to the misreading check, which
 * asks for the most frequent ones. */
#define N_READ_GBK 4

/* What the bytes of @text, read as one of the Windows code pages for
 * Central European, Baltic, Turkish, Vietnamese, Greek and Hebrew (a
 * MariaDB column of character set cp1250 or cp1257), were: those code
 * pages fill 0x80 to 0x9F with signs, not C1 controls, and their letters
 * are beyond Latin-1, so neither the CP1252 reading nor a C1 control
 * tells them. A reader that dropped the bytes a code page leaves
 * undefined left UTF-8 short of continuation bytes, as with CP1252: the
 * reading is then marked PR_ENCODING_READ_DROPPED.
 * Only text whose every character is below U+2200 (no ideograph, no
 * other script) is written back, and only Chinese is taken: UTF-8 with
 * three-byte ideographs, or GBK (Big5) whose ideographs are all common,
 * as a Polish or Lithuanian word's letters paired up seldom are. */
PrEncodingGuess
_pr_encoding_guess_other_code_page (const char *text,
                                    gsize       length,
                                    guint8     *reading)
{
  g_autofree UChar *wide = NULL;
  glong n_wide = 0;
  gboolean replaced = FALSE;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x2200 && c != 0xFFFD)
        return PR_ENCODING_GUESS_NONE;
      replaced |= c == 0xFFFD;
    }
  wide = (UChar *) g_utf8_to_utf16 (text, length, NULL, &n_wide, NULL);
  if (wide == NULL)
    return PR_ENCODING_GUESS_NONE;
  /* A byte the code page leaves undefined: U+FFFD or "?", as with CP1252. */
  for (glong i = 0; i < n_wide; i++)
    if (wide[i] == 0xFFFD)
      wide[i] = '?';
  for (guint k = 0; k < G_N_ELEMENTS (code_pages); k++)
    {
      UErrorCode status = U_ZERO_ERROR;
      UConverter *cnv = ucnv_open (code_pages[k], &status);
      g_autofree char *bytes = NULL;
      int32_t n;
      PrEncodingGuess guess;

      if (U_FAILURE (status))
        continue;
      ucnv_setFromUCallBack (cnv, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
      bytes = g_malloc (n_wide + 1);
      n = ucnv_fromUChars (cnv, bytes, (int32_t) n_wide + 1, wide, (int32_t) n_wide, &status);
      ucnv_close (cnv);
      if (U_FAILURE (status))
        continue;
      _pr_encoding_question_marks_as_lost ((guint8 *) bytes, n);
      guess = pr_encoding_guess_bytes (bytes, n);
      *reading = k + 1;
      if (guess == PR_ENCODING_GUESS_UTF8 && pr_encoding_bytes_look_utf8 (bytes, n) && _pr_encoding_has_lead_of_three (bytes, n))
        return guess;
      /* As with CP1252, U+FFFD is taken only toward UTF-8. */
      if (!replaced && k < N_READ_GBK && (guess == PR_ENCODING_GUESS_GB18030 || guess == PR_ENCODING_GUESS_BIG5))
        {
          g_autofree char *read = g_convert (bytes, n, "UTF-8", pr_encoding_guess_to_string (guess), NULL, NULL, NULL);
          guint64 han = 0, common = 0;

          if (read != NULL)
            pr_encoding_count_han_plain (read, strlen (read), &han, &common);
          if (han >= 2 && common == han)
            return guess;
        }
      /* Greek, Hebrew or Baltic text never has the shape of Chinese UTF-8
       * once the missing bytes are put back: its letters are lead bytes
       * side by side, and few of them make ideographs. */
      if (!replaced)
        {
          gsize n_restored = 0;
          g_autofree guint8 *restored = _pr_encoding_dropped_as_lost_full ((const guint8 *) bytes, n, 0, &n_restored);

          if (restored != NULL && g_utf8_validate_len ((const char *) restored, n_restored, NULL) &&
              pr_encoding_bytes_look_utf8 ((const char *) restored, n_restored) &&
              _pr_encoding_has_lead_of_three ((const char *) restored, n_restored))
            {
              *reading = (k + 1) | PR_ENCODING_READ_DROPPED;
              return PR_ENCODING_GUESS_UTF8;
            }
        }
    }
  *reading = PR_ENCODING_READ_LATIN1;
  return PR_ENCODING_GUESS_NONE;
}

/* The name of @reading (PR_ENCODING_READ_LATIN1, or a code page's index
 * + 1) as a message gives it, and in @charset (optional) MariaDB's
 * character set of it, NULL if it has none or bytes were @dropped (or
 * @reading is marked PR_ENCODING_READ_DROPPED): bytes
 * left out are in no character set's reading of the text, and no
 * CONVERT () repairs it. */
const char *
_pr_encoding_code_page_name (guint8       reading,
                             gboolean     dropped,
                             const char **charset)
{
  dropped |= (reading & PR_ENCODING_READ_DROPPED) != 0;
  reading &= ~PR_ENCODING_READ_DROPPED;
  if (charset != NULL)
    *charset = dropped                             ? NULL
               : reading == PR_ENCODING_READ_LATIN1 ? "latin1"
                                                    : code_page_charsets[reading - 1];
  return reading == PR_ENCODING_READ_LATIN1 ? "Latin-1" : code_page_names[reading - 1];
}

/* Continuation bytes of UTF-8 read as CP1252 (or CP1254) that must be
 * seen before the lack of Ž and ž tells CP1254: 0x8E and 0x9E are two
 * in 64 of Chinese UTF-8's continuation bytes, so CP1252 shows neither
 * in 200 about once in 500. */
#define CP1254_MIN_CONTINUATION 200

/* Adds to @evidence what @text, UTF-8 that a Latin-1 (CP1252) reading
 * made of UTF-8, tells of the reading: CP1254's bytes are CP1252's but
 * for six letters UTF-8's Chinese never has and 0x8E and 0x9E, which it
 * leaves undefined (a reader writes "?" or U+FFFD), where CP1252 has Ž
 * and ž. */
void
_pr_encoding_cp1254_count (const char       *text,
                           gsize             length,
                           PrCp1254Evidence *evidence)
{
  gsize dropped;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      int byte = _pr_encoding_latin_byte (c);

      evidence->z_caron += c == 0x017D || c == 0x017E;
      evidence->lost += c == '?' || c == 0xFFFD;
      /* U+FFFD stands for a byte lost, 0x81. */
      evidence->continuation += byte >= 0x80 && byte <= 0xBF;
    }
  /* Or dropped: CP1254's undefined bytes are lost all the same. */
  dropped = _pr_encoding_dropped_count (text, length);
  evidence->lost += dropped;
  evidence->dropped += dropped;
}

/* The reading that @evidence tells: CP1254 when bytes were lost and no Ž
 * or ž stands where so many continuation bytes would show some in
 * CP1252; else PR_ENCODING_READ_LATIN1, which CP1252's reading is. */
guint8
_pr_encoding_cp1254_reading (const PrCp1254Evidence *evidence)
{
  return evidence->lost > 0 && evidence->z_caron == 0 && evidence->continuation >= CP1254_MIN_CONTINUATION
           ? READ_CP1254
           : PR_ENCODING_READ_LATIN1;
}

/**
 * pr_encoding_guess_reading:
 * @text: one value, valid UTF-8, as decoded
 * @length: its length in bytes
 * @reading: (out) (optional): the reading that made it text, as a message
 *   names it ("Latin-1", "CP1250"; pr_encoding_check_get_reading ()), for
 *   this value alone
 * @charset: (out) (optional) (nullable): MariaDB's character set of the
 *   reading; %NULL if it has none
 *
 * pr_encoding_guess_misdecoded () with the reading, for a value judged
 * alone (a record checked as it comes), where a column's check would
 * judge many.
 *
 * Returns: the encoding the text's bytes look like, as
 *   pr_encoding_guess_misdecoded () says
 */
PrEncodingGuess
pr_encoding_guess_reading (const char  *text,
                           gsize        length,
                           const char **reading,
                           const char **charset)
{
  guint8 read = PR_ENCODING_READ_LATIN1;
  gboolean dropped = FALSE;
  const char *name;
  PrEncodingGuess guess;

  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), PR_ENCODING_GUESS_NONE);

  guess = _pr_encoding_guess_misdecoded (text, length, &read);
  if (guess == PR_ENCODING_GUESS_UTF8 && read == PR_ENCODING_READ_LATIN1)
    {
      PrCp1254Evidence evidence = { 0 };

      _pr_encoding_cp1254_count (text, length, &evidence);
      read = _pr_encoding_cp1254_reading (&evidence);
      dropped = evidence.dropped > 0;
    }
  name = _pr_encoding_code_page_name (read, dropped, charset);
  if (reading != NULL)
    *reading = name;
  return guess;
}
