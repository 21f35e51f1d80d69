/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text as MIME encoded-words (=?UTF-8?B?5bCP?= for
 * 小, as an e-mail's header writes text, RFC 2047), a run of them parted
 * by white space as a mailer splits a long text: in B (base64) or Q
 * (quoted-printable) form, of any charset iconv knows. A run's words
 * read as one text, their white space dropped; each word alone may be
 * too short for the base64 or quoted-printable checks to see. Evidence
 * is a run that is most of the value and decodes to Chinese text
 * (_pr_bad_row_han_in_bytes ()), no less of it than the value writes
 * plainly: a letter that quotes a sender's encoded name is read.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* The longest charset name taken (iconv's are shorter). */
#define MAX_CHARSET 40

typedef struct
{
  const char *charset;
  gsize       charset_length;
  char        form;
  const char *text;
  const char *text_end;
  const char *end;
} Word;

static gboolean
is_charset_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_' || c == '.' || c == ':' || c == '*';
}

/* The encoded-word at @p ("=?" charset "?" B or Q "?" text "?="), or
 * FALSE; in @stop, where the look ended (a "?" at most), from which the
 * next "=?" is looked for. */
static gboolean
word_at (const char  *p,
         const char  *end,
         Word        *word,
         const char **stop)
{
  const char *q = p + 2;

  word->charset = q;
  while (q < end && is_charset_char (*q) && q - word->charset < MAX_CHARSET)
    q++;
  *stop = q;
  if (q == word->charset || q + 3 > end || q[0] != '?' || q[2] != '?' || strchr ("BbQq", q[1]) == NULL ||
      q[1] == '\0')
    return FALSE;
  word->charset_length = q - word->charset;
  word->form = g_ascii_toupper (q[1]);
  word->text = q + 3;
  for (q = word->text; q < end && *q != '?' && !g_ascii_isspace (*q); q++)
    ;
  *stop = q;
  if (q + 1 >= end || q[0] != '?' || q[1] != '=')
    return FALSE;
  word->text_end = q;
  word->end = q + 2;
  return TRUE;
}

/* Appends the bytes @word writes to @bytes; FALSE if its text is not of
 * its form. */
static gboolean
append_word (GByteArray *bytes,
             const Word *word)
{
  if (word->form == 'B')
    {
      g_autofree char *text = g_strndup (word->text, word->text_end - word->text);
      g_autofree guchar *decoded = NULL;
      gsize n = 0;

      for (const char *q = text; *q != '\0'; q++)
        if (!g_ascii_isalnum (*q) && *q != '+' && *q != '/' && *q != '=')
          return FALSE;
      if (strlen (text) % 4 != 0)
        return FALSE;
      decoded = g_base64_decode (text, &n);
      g_byte_array_append (bytes, decoded, n);
      return TRUE;
    }
  for (const char *q = word->text; q < word->text_end; q++)
    {
      guint8 byte = (guint8) *q;

      if (*q == '_')
        byte = ' ';
      else if (*q == '=')
        {
          if (word->text_end - q < 3 || !g_ascii_isxdigit (q[1]) || !g_ascii_isxdigit (q[2]))
            return FALSE;
          byte = (guint8) (g_ascii_xdigit_value (q[1]) * 16 + g_ascii_xdigit_value (q[2]));
          q += 2;
        }
      g_byte_array_append (bytes, &byte, 1);
    }
  return TRUE;
}

/* Appends to @text the bytes of @pending in @charset converted to UTF-8,
 * and empties @pending; FALSE if they are not text in it. Words of one
 * charset are converted together, as a mailer may part a character. */
static gboolean
flush (GString    *text,
       GByteArray *pending,
       const char *charset)
{
  g_autofree char *converted = NULL;
  gsize n = 0;

  if (pending->len == 0)
    return TRUE;
  converted = g_convert ((const char *) pending->data, pending->len, "UTF-8", charset, NULL, &n, NULL);
  g_byte_array_set_size (pending, 0);
  if (converted == NULL)
    return FALSE;
  g_string_append_len (text, converted, n);
  return TRUE;
}

typedef enum
{
  KIND_UTF8,
  KIND_GBK,
  KIND_OTHER,
} Kind;

static Kind
kind_of (const char *charset)
{
  static const char *const gbk[] = { "GB2312", "GBK", "GB18030", "CP936", "x-gbk", "EUC-CN" };

  if (g_ascii_strcasecmp (charset, "UTF-8") == 0 || g_ascii_strcasecmp (charset, "UTF8") == 0 ||
      g_ascii_strcasecmp (charset, "US-ASCII") == 0)
    return KIND_UTF8;
  for (guint i = 0; i < G_N_ELEMENTS (gbk); i++)
    if (g_ascii_strcasecmp (charset, gbk[i]) == 0)
      return KIND_GBK;
  return KIND_OTHER;
}

/* The text the run of encoded-words from @first on writes, its words
 * parted by white space only; in @run_end, where it ends; in @kind, its
 * words' charsets' kind if all are of one, else KIND_OTHER; in @raw,
 * their bytes. NULL if a word is not of its form or charset (@run_end
 * then after that word). */
static GString *
decode_run (const Word  *first,
            const char  *end,
            const char **run_end,
            Kind        *kind,
            GByteArray  *raw)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GByteArray) pending = g_byte_array_new ();
  g_autofree char *charset = NULL;
  Word word = *first;

  *kind = KIND_OTHER;
  for (;;)
    {
      const char *q = word.end, *stop;
      g_autofree char *name = g_strndup (word.charset, word.charset_length);
      char *language = strchr (name, '*');

      /* RFC 2231's language after the charset. */
      *run_end = word.end;
      if (language != NULL)
        *language = '\0';
      if (charset != NULL && g_ascii_strcasecmp (charset, name) != 0 && !flush (text, pending, charset))
        return NULL;
      *kind = charset == NULL || *kind == kind_of (name) ? kind_of (name) : KIND_OTHER;
      g_free (charset);
      charset = g_steal_pointer (&name);
      if (!append_word (pending, &word) || !append_word (raw, &word))
        return NULL;
      while (q < end && g_ascii_isspace (*q))
        q++;
      if (end - q < 2 || q[0] != '=' || q[1] != '?' || !word_at (q, end, &word, &stop))
        break;
    }
  if (!flush (text, pending, charset))
    return NULL;
  return g_steal_pointer (&text);
}

/**
 * _pr_bad_row_encoded_words:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text as
 *   a run of MIME encoded-words, or %NULL
 */
char *
_pr_bad_row_encoded_words (const char *value,
                           gsize       length)
{
  const char *end = value + length, *best_start = NULL, *best_end = NULL;
  g_autoptr(GString) best = NULL;
  g_autofree char *shown = NULL;
  const char *encoding;
  g_autoptr(GByteArray) best_raw = NULL;
  gsize chars = 0, run_chars = 0;
  Kind best_kind = KIND_OTHER;
  guint han;

  /* One walk: each run is decoded once, and the next "=?" looked for
   * after it or after where a failed word's look stopped. */
  for (const char *p = value; p + 1 < end;)
    {
      const char *next = memchr (p, '=', end - p), *stop, *run_end = NULL;
      g_autoptr(GString) text = NULL;
      g_autoptr(GByteArray) raw = g_byte_array_new ();
      Kind kind;
      Word word;

      if (next == NULL || next + 1 >= end)
        break;
      p = next;
      if (p[1] != '?')
        {
          p++;
          continue;
        }
      if (!word_at (p, end, &word, &stop))
        {
          p = MAX (p + 1, stop - 1);
          continue;
        }
      text = decode_run (&word, end, &run_end, &kind, raw);
      if (text == NULL)
        {
          p = run_end;
          continue;
        }
      if (best == NULL || text->len > best->len)
        {
          if (best != NULL)
            g_string_free (best, TRUE);
          best = g_steal_pointer (&text);
          best_start = p;
          best_end = run_end;
          best_kind = kind;
          g_clear_pointer (&best_raw, g_byte_array_unref);
          best_raw = g_steal_pointer (&raw);
        }
      p = run_end;
    }
  if (best == NULL)
    return NULL;
  for (const char *p = value; p < end; p++)
    {
      gboolean counted = !g_ascii_isspace (*p) && ((guchar) *p & 0xC0) != 0x80;

      chars += counted;
      run_chars += counted && p >= best_start && p < best_end;
    }
  if (run_chars * 4 < chars * 3)
    return NULL;
  /* GBK's bytes are judged as a notation's are; another charset's text
   * as GBK's is: random bytes read as a two-byte encoding make
   * ideographs. */
  if (best_kind == KIND_UTF8)
    han = _pr_bad_row_han_in_bytes ((const guint8 *) best->str, best->len, &encoding);
  else if (best_kind == KIND_GBK)
    han = _pr_bad_row_han_in_bytes (best_raw->data, best_raw->len, &encoding);
  else
    han = _pr_bad_row_han_in_converted (best->str, best->len);
  if (!_pr_bad_row_decoded_dominates (han, value, length, best_start, best_end))
    return NULL;

  shown = _pr_bad_row_shown_from (best_start, best_end);
  /* Translators: the value's first characters. */
  return g_strdup_printf (_("the value writes its text as MIME encoded-words (“%s…”, as an e-mail's header writes "
                            "text, =?UTF-8?B?5bCP?= for 小), whose letters would be compared as the letter's words, "
                            "so that unrelated letters match: decode the export first (RFC 2047, each word in its "
                            "charset) and scan that"),
                          shown);
}
