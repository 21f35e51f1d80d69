/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A bad row: one whose mapped values are not text the program can read (a
 * NUL byte, bytes that are not UTF-8, an image of megabytes, characters
 * a database replaced by "?", JSON's escapes for Chinese text, a JSON
 * object or array holding the text, its bytes
 * percent-encoded, quoted-printable or \x-escaped, its code points, hex
 * digits, base64, base32, base85, UTF-7, Punycode, uuencode, MIME
 * encoded-words, HTML or RTF markup).
 * The check
 * names the real reason, so that a clerk knows what to correct, and comes
 * before anything reads the values, for both the file and the table reader.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row.h"
#include "pr-bad-row-private.h"
#include "pr-csv-reader.h"
#include "pr-encoding-check.h"
#include "pr-encoding-misread.h"

/* Whether @value, valid UTF-8, is UTF-8 text read as GBK and written
 * again (鎴戞槸 for 我是): its ideographs mostly rare, and written back in
 * GBK, its bytes beyond ASCII are nearly all UTF-8 characters, several of
 * them (a byte GBK could not read is a "?" that breaks one now and then).
 * Only values of mostly rare ideographs are converted, which text read
 * right is not. */
static gboolean
is_utf8_read_as_gbk (const char *value,
                     gsize       length)
{
  g_autofree char *bytes = NULL;
  gsize n_bytes = 0, in_chars = 0, stray = 0;
  guint chars = 0;

  if (!pr_encoding_text_looks_misread (value, length))
    return FALSE;
  /* GBK, not GB18030: the byte 0x80 that a UTF-8 character holds is GBK's
   * euro sign, which GB18030 writes otherwise. */
  bytes = g_convert_with_fallback (value, length, "GBK", "UTF-8", "?", NULL, &n_bytes, NULL);
  if (bytes == NULL)
    return FALSE;
  for (gsize i = 0; i < n_bytes;)
    {
      gunichar c;

      if ((guchar) bytes[i] < 0x80)
        {
          i++;
          continue;
        }
      c = g_utf8_get_char_validated (bytes + i, n_bytes - i);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          stray++;
          i++;
          continue;
        }
      chars++;
      in_chars += g_utf8_skip[(guchar) bytes[i]];
      i += g_utf8_skip[(guchar) bytes[i]];
    }
  return chars >= 4 && in_chars >= 9 * stray;
}

/* The start of @text, @n characters at most, with "…" if cut. */
static char *
text_start (const char *text,
            gsize       length,
            glong       n)
{
  glong n_chars = g_utf8_strlen (text, length);
  g_autofree char *start = g_utf8_substring (text, 0, MIN (n_chars, n));

  return n_chars > n ? g_strconcat (start, "…", NULL) : g_steal_pointer (&start);
}

/* The reason @value, valid UTF-8, of column @column is Chinese text read
 * in another encoding and saved again (pr_encoding_misread_find ()), or
 * NULL; @advice says whether the way to give the encoding is a flag or the
 * mapping page's encoding choice. */
static char *
read_in_another_encoding (const char *value,
                          gsize       length,
                          const char *column,
                          PrAdvice    advice)
{
  PrEncodingMisread misread;
  g_autofree char *shown = NULL;
  g_autofree char *recovered = NULL;
  g_autofree char *repair = NULL;
  char *reason;

  if (!pr_encoding_misread_find (value, length, &misread))
    return NULL;
  shown = text_start (value, length, 12);
  if (misread.source == NULL)
    {
      /* No one reading gives the text back clearly: a guess named would
       * send the clerk to the wrong encoding. */
      pr_encoding_misread_clear (&misread);
      if (advice == PR_ADVICE_CONTROLS)
        /* Translators: the value's start. */
        return g_strdup_printf (_("the value looks like Chinese text read in the wrong encoding and saved "
                                  "again (“%s”), and no search finds it as it is; no one encoding reads it back "
                                  "clearly: if the column is read in the wrong encoding, choose its encoding "
                                  "under the columns; else store the value's text again from its source"),
                                shown);
      /* Translators: the value's start, the column. */
      return g_strdup_printf (_("the value looks like Chinese text read in the wrong encoding and saved again "
                                "(“%s”), and no search finds it as it is; no one encoding reads it back clearly: "
                                "if the file or the column is read in the wrong encoding, give its encoding "
                                "(--encoding ENCODING for a file, --column-encoding %s=ENCODING for a table's "
                                "column); else store the value's text again from its source"),
                              shown, column);
    }
  recovered = text_start (misread.recovered, strlen (misread.recovered), 12);
  if (misread.charset != NULL)
    repair = g_strdup_printf ("UPDATE … SET %s = CONVERT(BINARY CONVERT(%s USING %s) USING %s) WHERE …", column,
                              column, misread.charset, misread.source_charset);
  if (advice == PR_ADVICE_CONTROLS && repair != NULL)
    /* Translators: the source's encoding (GBK), the one it was read as
     * (EUC-KR), the value's start, its start read right, the source's
     * encoding, the one it was read as, the source's encoding, an SQL
     * statement that repairs the value. */
    reason = g_strdup_printf (_("the value looks like %s text read as %s and saved again: “%s” is “%s” in %s, and "
                                "no search finds it as it is; if the column is read as %s, choose %s as its "
                                "encoding, else repair the value in the table, e.g. %s, on a copy first, or "
                                "store its text again from its source"),
                              misread.source, misread.reading, shown, recovered, misread.source, misread.reading,
                              misread.source, repair);
  else if (advice == PR_ADVICE_CONTROLS)
    /* Translators: the source's encoding (GBK), the one it was read as
     * (EUC-KR), the value's start, its start read right, the source's
     * encoding, the one it was read as, the source's encoding. */
    reason = g_strdup_printf (_("the value looks like %s text read as %s and saved again: “%s” is “%s” in %s, and "
                                "no search finds it as it is; if the column is read as %s, choose %s as its "
                                "encoding, else store the value's text again from its source"),
                              misread.source, misread.reading, shown, recovered, misread.source, misread.reading,
                              misread.source);
  else if (repair != NULL)
    /* Translators: the source's encoding (GBK), the one it was read as
     * (EUC-KR), the value's start, its start read right, the source's
     * encoding, the one it was read as, the source's encoding, the column,
     * the source's encoding, an SQL statement that repairs the value. */
    reason = g_strdup_printf (_("the value looks like %s text read as %s and saved again: “%s” is “%s” in %s, and "
                                "no search finds it as it is; if the file or the column is read as %s, give "
                                "its encoding (--encoding %s for a file, --column-encoding %s=%s for a table's "
                                "column), else repair the value in the table, e.g. %s, on a copy first, or "
                                "store its text again from its source"),
                              misread.source, misread.reading, shown, recovered, misread.source, misread.reading,
                              misread.source, column, misread.source, repair);
  else
    /* Translators: the source's encoding (GBK), the one it was read as
     * (EUC-KR), the value's start, its start read right, the source's
     * encoding, the one it was read as, the source's encoding, the column,
     * the source's encoding. */
    reason = g_strdup_printf (_("the value looks like %s text read as %s and saved again: “%s” is “%s” in %s, and "
                                "no search finds it as it is; if the file or the column is read as %s, give "
                                "its encoding (--encoding %s for a file, --column-encoding %s=%s for a table's "
                                "column), else store the value's text again from its source"),
                              misread.source, misread.reading, shown, recovered, misread.source, misread.reading,
                              misread.source, column, misread.source);
  pr_encoding_misread_clear (&misread);
  return reason;
}

/* Whether @c stands for a character lost on the way: "?" as a database
 * writes one its column cannot hold, U+FFFD as a decoder writes bytes it
 * cannot read. */
static inline gboolean
is_lost (gunichar c)
{
  return c == '?' || c == 0xFFFD;
}

/* How many characters of @value, valid UTF-8, are lost ones (above)
 * standing between ideographs (住在??市), as Simplified text in a Big5
 * column, or rare characters in a GBK one, comes back; how many ideographs
 * it has (@out_han), how many lost characters in all (@out_any) and how
 * many characters but spaces (@out_chars); the start of the first run
 * between ideographs, or else of the first lost character, in @out_first. */
static guint
count_lost_characters (const char  *value,
                       gsize        length,
                       guint       *out_han,
                       guint       *out_any,
                       guint       *out_chars,
                       const char **out_first)
{
  const char *end = value + length;
  const char *first_any = NULL;
  gunichar before = 0;
  guint lost = 0, han = 0, any = 0, chars = 0;

  *out_first = NULL;
  for (const char *p = value; p < end;)
    {
      gunichar c = g_utf8_get_char (p);

      if (is_lost (c))
        {
          const char *run = p;
          guint n = 0;

          while (p < end && is_lost (g_utf8_get_char (p)))
            {
              p = g_utf8_next_char (p);
              n++;
            }
          if (first_any == NULL)
            first_any = run;
          any += n;
          chars += n;
          if (p < end && _pr_bad_row_is_han (before) && _pr_bad_row_is_han (g_utf8_get_char (p)))
            {
              if (*out_first == NULL)
                *out_first = run;
              lost += n;
            }
          before = '?';
          continue;
        }
      before = c;
      if (_pr_bad_row_is_han (c))
        han++;
      if (!g_unichar_isspace (c))
        chars++;
      p = g_utf8_next_char (p);
    }
  if (*out_first == NULL)
    *out_first = first_any;
  *out_han = han;
  *out_any = any;
  *out_chars = chars;
  return lost;
}

/* Ideographs, and characters in all, a value needs before lost ones
 * count against it. */
#define LOST_MIN_HAN 12
#define LOST_MIN_CHARS 32

/* The reason @value is text that lost characters to "?" or U+FFFD, or
 * NULL. A question mark typed half-width ends a sentence now and then;
 * Simplified text in Big5 loses a quarter to a half of its characters,
 * and Big5 or GBK bytes read as UTF-8 most of theirs. */
static char *
lost_characters (const char *value,
                 gsize       length)
{
  const char *first, *start, *stop;
  guint han = 0, any = 0, chars = 0, lost;
  g_autofree char *shown = NULL;

  if (memchr (value, '?', length) == NULL && g_strstr_len (value, length, "\xef\xbf\xbd") == NULL)
    return NULL;
  lost = count_lost_characters (value, length, &han, &any, &chars, &first);
  /* A short value is let be: a title such as 为什么???凭什么 is typed so,
   * and a row's lost text shows in its longer values. */
  if ((lost < 3 || lost * 4 < han || han < LOST_MIN_HAN) && (any < 8 || any * 4 < chars || chars < LOST_MIN_CHARS))
    return NULL;
  /* A few characters either side of the first run, to find it by. */
  start = first;
  for (int i = 0; i < 6 && start > value; i++)
    start = g_utf8_prev_char (start);
  stop = first;
  for (int i = 0; i < 12 && stop < value + length; i++)
    stop = g_utf8_next_char (stop);
  shown = g_strndup (start, stop - start);
  return g_strdup_printf (ngettext ("the value has %u character stored as “?” or “�” (“…%s…”), as a "
                                    "database writes a character its column's character set cannot hold "
                                    "(Simplified text in a Big5 column, rare characters in a GBK one) and a "
                                    "decoder writes for bytes it cannot read: that text is lost and would be compared "
                                    "wrongly; if the column's bytes are in another encoding than its character "
                                    "set says, give that encoding; else store the text again, from its source, "
                                    "in a utf8mb4 column",
                                    "the value has %u characters stored as “?” or “�” (“…%s…”), as a "
                                    "database writes a character its column's character set cannot hold "
                                    "(Simplified text in a Big5 column, rare characters in a GBK one) and a "
                                    "decoder writes for bytes it cannot read: that text is lost and would be compared "
                                    "wrongly; if the column's bytes are in another encoding than its character "
                                    "set says, give that encoding; else store the text again, from its source, "
                                    "in a utf8mb4 column", any), any, shown);
}

/* The reason @value is JSON text whose ideographs are written as escapes
 * (\u5c0f\u533a for 小区: a JSON object in a JSON column, a JSON string
 * saved in a TEXT one), or NULL: its words would be the escapes' hex
 * digits, and letters alike in Chinese would not look alike. Four such
 * escapes are no one's writing, unless the value writes more of its
 * Chinese plainly: a letter that quotes a program's message in JSON. */
static char *
json_escaped_han (const char *value,
                  gsize       length)
{
  const char *end = value + length;
  guint n = 0;

  for (const char *p = memchr (value, '\\', length); p != NULL && p + 6 <= end;
       p = memchr (p + 1, '\\', end - p - 1))
    {
      guint64 code = 0;
      char hex[5];

      if (p[1] != 'u' || !g_ascii_isxdigit (p[2]) || !g_ascii_isxdigit (p[3]) || !g_ascii_isxdigit (p[4]) ||
          !g_ascii_isxdigit (p[5]))
        continue;
      memcpy (hex, p + 2, 4);
      hex[4] = '\0';
      code = g_ascii_strtoull (hex, NULL, 16);
      n += _pr_bad_row_is_han ((gunichar) code);
    }
  if (n < 4 || n < _pr_bad_row_count_han (value, end))
    return NULL;
  return g_strdup (_("the value is JSON text whose Chinese characters are written as escapes (such as "
                     "\\u5c0f for 小), whose words are not the letter's: read the text itself, e.g. "
                     "through a view that selects JSON_VALUE(column, '$.key') or JSON_UNQUOTE(column), or "
                     "export it decoded"));
}

/* The reason @value is text in a notation (JSON escapes, a JSON object or
 * array, escaped bytes or
 * code points, hex, base64, base32, UTF-7, Punycode, base85, uuencode,
 * MIME encoded-words, HTML, RTF)
 * rather than the text itself, or NULL. */
static char *
escaped_text (const char *value,
              gsize       length)
{
  char *reason = json_escaped_han (value, length);

  if (reason == NULL)
    reason = _pr_bad_row_json (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_byte_escapes (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_hex (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_base64 (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_ascii_forms (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_base85 (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_uuencode (value, length);
  if (reason == NULL)
    reason = _pr_bad_row_encoded_words (value, length);
  return reason != NULL ? reason : _pr_bad_row_markup (value, length);
}

/**
 * _pr_bad_row_longest_token:
 * @value: valid UTF-8
 * @length: its length in bytes
 * @is_char: whether a byte is one of the notation's characters
 * @block: the lines' or blocks' length a multiple of which a token's
 *   line or block has before a break (1: any)
 * @spaces: whether a space or a tab breaks a token as a line break does
 *   (blocks), else only a line break (lines)
 * @out_chars: (out): how many characters @value has but white space
 *
 * Returns: the longest token of @value: the notation's characters, across
 *   a break after a line or block of a multiple of @block of them (a
 *   wrapped token's lines; a word on a line of its own starts another
 *   token)
 */
PrBadRowToken
_pr_bad_row_longest_token (const char *value,
                           gsize       length,
                           gboolean  (*is_char) (guchar c),
                           guint       block,
                           gboolean    spaces,
                           gsize      *out_chars)
{
  PrBadRowToken best = { NULL, NULL, 0 }, token = { NULL, NULL, 0 };
  gsize line = 0, chars = 0;

  for (const char *p = value; p < value + length; p++)
    {
      guchar c = (guchar) *p;

      if (is_char (c))
        {
          if (token.chars == 0)
            token.start = p;
          token.chars++;
          token.end = p + 1;
          line++;
          chars++;
          continue;
        }
      if ((c == '\n' || c == '\r' || (spaces && (c == ' ' || c == '\t'))) && token.chars > 0 &&
          line % block == 0 && p == token.end + (p[-1] == '\r'))
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

/**
 * _pr_bad_row_shown_from:
 * @p: where a value or its encoded part starts
 * @end: its end
 *
 * Returns: (transfer full): its first characters, to find it by:
 *   %PR_BAD_ROW_SHOWN_CHARS of them, to the end of the line
 */
char *
_pr_bad_row_shown_from (const char *p,
                        const char *end)
{
  const char *q = p;

  while (q < end && q - p < PR_BAD_ROW_SHOWN_CHARS && *q != '\n' && *q != '\r')
    q++;
  return g_strndup (p, q - p);
}

/**
 * _pr_bad_row_is_text_char:
 * @c: a code point a notation decodes to
 *
 * Returns: whether @c is a character text holds: no control but a line
 *   break or a tab, no private-use, unassigned or surrogate code point,
 *   no U+FFFD
 */
gboolean
_pr_bad_row_is_text_char (gunichar c)
{
  GUnicodeType type;

  if (!g_unichar_validate (c))
    return FALSE;
  type = g_unichar_type (c);
  return !((type == G_UNICODE_CONTROL && c != '\n' && c != '\r' && c != '\t') || type == G_UNICODE_PRIVATE_USE ||
           type == G_UNICODE_UNASSIGNED || type == G_UNICODE_SURROGATE || c == 0xFFFD);
}

/**
 * _pr_bad_row_mostly_common:
 * @text: valid UTF-8 a notation decodes to
 * @length: its length in bytes
 * @han: (out): its ideographs
 *
 * Returns: whether nine in ten of its ideographs are common ones
 *   (GB2312's first level, Big5's common), as a letter's are and random
 *   bytes' or code points' are not
 */
gboolean
_pr_bad_row_mostly_common (const char *text,
                           gsize       length,
                           guint64    *han)
{
  guint64 common = 0;

  *han = 0;
  pr_encoding_count_han_plain (text, length, han, &common);
  return common * 10 >= *han * 9;
}

static char *
check_value (const char      *value,
             gsize            length,
             PrEncodingValue  known,
             const char      *column,
             PrAdvice         advice)
{
  const char *nul, *bad;
  char *reason;
  PrEncodingGuess guess;

  if (length > PR_BAD_ROW_MAX_VALUE_BYTES)
    {
      g_autofree char *size = g_format_size_full (length, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (PR_BAD_ROW_MAX_VALUE_BYTES, G_FORMAT_SIZE_IEC_UNITS);

      return g_strdup_printf (_("the value is %s long, more than the %s a value may hold (an image or a file "
                                "rather than text?)"), size, limit);
    }
  /* Every value of every row passes here: one the encoding check has read
   * already (@known) is not validated or judged for mojibake again (known
   * valid UTF-8 holds no NUL); the lost characters and JSON escapes, which
   * that check does not look for, are still looked for, each behind a
   * memchr. */
  if (known == PR_ENCODING_VALUE_READ_RIGHT)
    return (reason = lost_characters (value, length)) != NULL ? reason : escaped_text (value, length);
  if (known == PR_ENCODING_VALUE_UNKNOWN && (nul = memchr (value, '\0', length)) != NULL)
    return g_strdup_printf (_("the value holds a NUL byte (character 0) at byte %zu, which no text holds"),
                            (size_t) (nul - value));
  if (known != PR_ENCODING_VALUE_UNKNOWN || g_utf8_validate_len (value, length, &bad))
    return is_utf8_read_as_gbk (value, length)
             ? g_strdup (_("the value is UTF-8 text read as GBK and saved again (characters such as 鎴戞槸 for "
                           "我是), which no search finds"))
             : (reason = read_in_another_encoding (value, length, column, advice)) != NULL ? reason
             : (reason = lost_characters (value, length)) != NULL ? reason
             : escaped_text (value, length);
  guess = pr_encoding_guess_bytes (value, length);
  /* Name the encoding when the bytes are another one's text: a file
   * or column with a few rows written by another program. */
  if (guess == PR_ENCODING_GUESS_GB18030 || guess == PR_ENCODING_GUESS_BIG5)
    return pr_bad_row_other_encoding (value, length, guess,
                                      _("give the source's encoding if all of it is so, else convert such values"));
  return g_strdup_printf (_("the value is not UTF-8 text: byte %zu is 0x%02X (binary data, "
                              "or text in another encoding)"), (size_t) (bad - value), (guint) (guint8) *bad);
}

/**
 * pr_bad_row_other_encoding:
 * @value: a value whose bytes are not UTF-8
 * @length: its length
 * @guess: the encoding its bytes look like
 * @advice: (transfer none): what to do, translated: how this source's
 *   encoding is given (--encoding, --column-encoding, the mapping page)
 *
 * The one reason of a bad row whose bytes are another encoding's text, in
 * a CSV file and in a table alike.
 *
 * Returns: (transfer full): the reason
 */
char *
pr_bad_row_other_encoding (const char      *value,
                           gsize            length,
                           PrEncodingGuess  guess,
                           const char      *advice)
{
  const char *bad = NULL;

  g_utf8_validate_len (value, length, &bad);
  /* Translators: the encoding, the byte's offset, the byte, then what to do. */
  return g_strdup_printf (_("the value is not UTF-8 text but looks like %s text (byte %zu is 0x%02X): %s"),
                          pr_encoding_guess_to_string (guess), (size_t) (bad - value), (guint) (guint8) *bad,
                          advice);
}

/**
 * pr_bad_row_find_marked:
 * @values: one per column; %NULL is none
 * @lengths: their lengths in bytes
 * @n_values: how many
 * @encoding: the file's encoding, for the reason
 * @reason: (out) (transfer full): what is wrong, when a column is
 *
 * The first value holding %PR_CSV_UNREADABLE_MARK: bytes the CSV reader
 * could not read in @encoding (pr_csv_reader_set_mark_unreadable ()).
 *
 * Returns: its column, or -1 if none holds it
 */
int
pr_bad_row_find_marked (const char *const *values,
                        const gsize       *lengths,
                        guint              n_values,
                        const char        *encoding,
                        char             **reason)
{
  *reason = NULL;
  for (guint c = 0; c < n_values; c++)
    if (values[c] != NULL &&
        memmem (values[c], lengths[c], PR_CSV_UNREADABLE_MARK, strlen (PR_CSV_UNREADABLE_MARK)) != NULL)
      {
        *reason = g_strdup_printf (_("the value holds bytes that are not %s text, the file's encoding "
                                     "(--encoding): a character cut in two, or a stray byte"),
                                   encoding);
        return (int) c;
      }
  return -1;
}

/**
 * pr_bad_row_check:
 * @mapping: the columns
 * @values: one per mapping column; %NULL is SQL NULL
 * @lengths: their lengths in bytes
 * @advice: whom the reasons' "what to do" speaks to
 * @reason: (out) (transfer full): what is wrong, when a column is
 *
 * Checks every value the mapping reads (not the ignored columns), the id
 * column first: too long, a NUL byte, not UTF-8.
 *
 * Returns: the column at fault, or -1 if every value is text
 */
int
pr_bad_row_check (const PrMapping   *mapping,
                  const char *const *values,
                  const gsize       *lengths,
                  PrAdvice           advice,
                  char             **reason)
{
  return pr_bad_row_check_known (mapping, values, lengths, NULL, advice, reason);
}

/**
 * pr_bad_row_check_known:
 * @mapping: the columns
 * @values: one per mapping column; %NULL is SQL NULL
 * @lengths: their lengths in bytes
 * @known: (nullable): per mapping column, what the encoding check found of
 *   its value while it was read (pr_encoding_check_add_value ()); %NULL:
 *   nothing
 * @advice: whom the reasons' "what to do" speaks to
 * @reason: (out) (transfer full): what is wrong, when a column is
 *
 * pr_bad_row_check(), reading again only what the encoding check did not
 * find out: a value known valid UTF-8 is not validated again, nor is one
 * known read right judged again for mojibake.
 *
 * Returns: the column at fault, or -1 if every value is text
 */
int
pr_bad_row_check_known (const PrMapping   *mapping,
                        const char *const *values,
                        const gsize       *lengths,
                        const PrEncodingValue *known,
                        PrAdvice           advice,
                        char             **reason)
{
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);

  *reason = NULL;
  if (id_column >= 0 && values[id_column] != NULL &&
      (*reason = check_value (values[id_column], lengths[id_column],
                                 known != NULL ? known[id_column] : PR_ENCODING_VALUE_UNKNOWN,
                                 pr_mapping_get_column (mapping, id_column)->name, advice)) != NULL)
    return id_column;
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      PrColumnRole role = pr_mapping_get_column (mapping, c)->role;

      if (role == PR_COLUMN_ROLE_IGNORE || (int) c == id_column || values[c] == NULL)
        continue;
      if ((*reason = check_value (values[c], lengths[c], known != NULL ? known[c] : PR_ENCODING_VALUE_UNKNOWN,
                                  pr_mapping_get_column (mapping, c)->name, advice)) != NULL)
        return (int) c;
    }
  return -1;
}

/**
 * pr_bad_row_show_id:
 * @id: an id as read, any bytes
 *
 * Returns: (transfer full): @id for a message: a line break, tab or other
 *   control or invisible character as <U+XXXX>, so that one message stays
 *   one line and shows what the id holds; bytes that are not UTF-8 as
 *   U+FFFD
 */
char *
pr_bad_row_show_id (const char *id)
{
  g_autofree char *valid = g_utf8_make_valid (id, -1);

  return pr_csv_reader_show_invisible (valid);
}

/**
 * pr_bad_row_describe:
 * @id: (nullable): the row's id, %NULL when it is the id that is at fault
 * @position_name: “row” or “line”, untranslated (N_())
 * @position: its number
 * @column: the column at fault
 * @reason: what is wrong (pr_bad_row_check ())
 *
 * Returns: (transfer full): “row 12 (id “A7”), column “body”: reason”
 */
char *
pr_bad_row_describe (const char *id,
                     const char *position_name,
                     guint64     position,
                     const char *column,
                     const char *reason)
{
  if (id != NULL)
    {
      g_autofree char *shown = pr_bad_row_show_id (id);

      /* Translators: “row” or “line”, its number, the id, the column, what is wrong. */
      return g_strdup_printf (_("%s %llu (id “%s”), column “%s”: %s"), _(position_name), (unsigned long long) position,
                              shown, column, reason);
    }
  return g_strdup_printf (_("%s %llu, column “%s”: %s"), _(position_name), (unsigned long long) position, column,
                          reason);
}

/**
 * pr_bad_row_set_utf8_misread:
 * @error: return location for a #GError
 * @line: the line of the file holding the value
 * @column: the value's column
 * @reason: what pr_bad_row_utf8_misread () found
 *
 * Sets %PR_CSV_ERROR_ENCODING for UTF-8 text read in the file's encoding,
 * in the same words whichever command reads the file.
 */
void
pr_bad_row_set_utf8_misread (GError     **error,
                             guint64      line,
                             const char  *column,
                             const char  *reason)
{
  g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING, _("line %llu, column “%s”: %s"),
               (unsigned long long) line, column, reason);
}

/**
 * pr_bad_row_set_refusal:
 * @error: return location for a #GError
 * @what: the row, its column and what is wrong (pr_bad_row_describe ())
 * @advice: whom the way on speaks to
 * @skippable: whether the caller can leave bad rows out
 *
 * Sets %PR_RECORD_SET_ERROR_BAD_ROW for a bad row that stops the reading,
 * with the way on the caller has: the command's flag, the mapping page's
 * switch, or none.
 */
void
pr_bad_row_set_refusal (GError     **error,
                        const char  *what,
                        PrAdvice     advice,
                        gboolean     skippable)
{
  if (!skippable)
    g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW,
                 /* Translators: the row, its column and what is wrong (“row 12 (id “A7”),
                  * column “body”: …”). */
                 _("%s. Correct the value in the source"), what);
  else if (advice == PR_ADVICE_CONTROLS)
    g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW,
                 /* Translators: the row, its column and what is wrong; “Skip bad rows” is the
                  * mapping page's switch (“Skip _bad rows”) without its underline. */
                 _("%s. Correct the value in the source, or switch on “Skip bad rows” on the mapping "
                   "page to leave such rows out and list them"), what);
  else
    g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_BAD_ROW,
                 /* Translators: the row, its column and what is wrong (“row 12 (id “A7”),
                  * column “body”: …”). */
                 _("%s. Correct the value in the source, or skip bad rows (--skip-bad-rows) to leave "
                   "such rows out and list them"), what);
}

/**
 * pr_bad_row_utf8_check_encoding:
 * @encoding: (nullable): a file's encoding, as given; %NULL: UTF-8
 * @forced: whether it is read so whatever its text looks like
 *   (--force-encoding)
 * @iconv_encoding: (out) (transfer full) (nullable): iconv's name of
 *   @encoding, for pr_bad_row_utf8_misread (); %NULL: no check is needed
 * @error: return location for a #GError
 *
 * The check for UTF-8 text read as an East Asian encoding converts back
 * through iconv, which knows other names than ICU: one it does not know
 * would leave the check out without a word, so it is refused.
 *
 * Returns: %FALSE with @error set if iconv knows @encoding by no name
 */
gboolean
pr_bad_row_utf8_check_encoding (const char  *encoding,
                                gboolean     forced,
                                char       **iconv_encoding,
                                GError     **error)
{
  gboolean needed = FALSE;

  *iconv_encoding = NULL;
  if (encoding == NULL || forced)
    return TRUE;
  *iconv_encoding = pr_encoding_iconv_name (encoding, &needed);
  if (needed && *iconv_encoding == NULL)
    {
      g_set_error (error, PR_CSV_ERROR, PR_CSV_ERROR_ENCODING,
                   _("--encoding %s: the file's text would be checked for UTF-8 text misread in this encoding "
                     "(José read as GBK is Jos茅), but the converter that checks it (iconv) knows it by none of "
                     "its names: give it by a common name (GB18030, GBK, Big5…), or convert the file to UTF-8 "
                     "and leave out --encoding; if %s is right and the file holds no UTF-8 text, add "
                     "--force-encoding"),
                   encoding, encoding);
      return FALSE;
    }
  if (!needed)
    g_clear_pointer (iconv_encoding, g_free);
  return TRUE;
}

/**
 * pr_bad_row_utf8_misread:
 * @value: a value as read from a file in @encoding, valid UTF-8
 * @length: its length
 * @encoding: the file's encoding, as given
 * @iconv_encoding: iconv's name of it (pr_bad_row_utf8_check_encoding ())
 * @skippable: whether the command can leave bad rows out (--skip-bad-rows)
 *
 * Western text in UTF-8 read as GBK or Big5 is valid text of other
 * characters (Jos茅 for José), in which the column's check sees nothing
 * wrong. A few such lines in a file of the given encoding are bad rows,
 * which may be left out; a file of them is UTF-8.
 *
 * Returns: (transfer full) (nullable): why @value is a bad row, or %NULL
 */
char *
pr_bad_row_utf8_misread (const char *value,
                         gsize       length,
                         const char *encoding,
                         const char *iconv_encoding,
                         gboolean    skippable)
{
  g_autofree char *utf8 = pr_encoding_text_looks_utf8_misread (value, length, iconv_encoding);
  g_autofree char *read = NULL;

  if (utf8 == NULL)
    return NULL;
  read = g_utf8_make_valid (value, MIN (length, 120));
  return g_strdup_printf (skippable
                          ? _("the value read as %s is “%s”, but its bytes are UTF-8 text (“%s”): if the "
                              "file is UTF-8 throughout, leave out --encoding %s; if only some of its lines "
                              "are, convert them to %s (iconv) or leave them out with --skip-bad-rows; if "
                              "%s is right, add --force-encoding")
                          : _("the value read as %s is “%s”, but its bytes are UTF-8 text (“%s”): if the "
                              "file is UTF-8 throughout, leave out --encoding %s; if only some of its lines "
                              "are, convert them to %s (iconv); if %s is right, add --force-encoding"),
                          encoding, read, utf8, encoding, encoding, encoding);
}
