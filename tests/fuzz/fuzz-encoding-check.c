/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the mis-encoding check (src/engine/pr-encoding-check.c).
 *
 * Input: values separated by NUL bytes, each judged as raw bytes, as
 * decoded text when it is UTF-8, and as the text a Latin-1 reading makes
 * of its bytes; all go into one column's check. Besides not crashing, the
 * check must keep its word: raw bytes are called UTF-8 exactly when they
 * are UTF-8 with a byte beyond ASCII; ASCII is never suspect; a Latin-1
 * reading of bytes is judged as those bytes are (unless it finds a C1
 * control character in bytes that fit nothing else, or UTF-8 with "?"
 * for bytes lost, or with bytes dropped); a reading in CP1253, CP1255 or
 * CP1257 with the undefined bytes dropped is called UTF-8 only when its
 * bytes in some such code page are UTF-8 with bytes lost; a verdict names a
 * value that was added; bytes said to look like UTF-8 Chinese text are
 * UTF-8 beyond ASCII. Seeds include Chinese read as EUC-KR, CP1251 and
 * KOI8-R (Hangul and Cyrillic, judged with the rare characters) and pinyin.
 * Text found read in another encoding (src/engine/pr-encoding-misread.c)
 * names both encodings or neither, and gives valid text back.
 */

#include <string.h>

#include <glib.h>

#include "fuzz-common.h"
#include "pr-encoding-check.h"
#include "pr-encoding-misread.h"

/* Each "?" in @bytes that stands where the character begun before it
 * wants another byte, taken for that byte (0x81): what a reader that
 * writes "?" for CP1252's five undefined bytes leaves of UTF-8. Returns
 * whether there was any. */
static gboolean
question_marks_as_lost (char  *bytes,
                        gsize  length)
{
  gboolean any = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      const char *valid_end;
      guint8 lead;
      gsize wants;

      if (bytes[i] != '?' || g_utf8_validate_len (bytes, i, &valid_end))
        continue;
      lead = (guint8) *valid_end;
      wants = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
      if ((gsize) (bytes + i - valid_end) < wants)
        {
          bytes[i] = (char) 0x81;
          any = TRUE;
        }
    }
  return any;
}

/* Whether @value becomes UTF-8 so. */
static gboolean
utf8_with_lost_bytes (const char *value,
                      gsize       length)
{
  g_autofree char *bytes = g_memdup2 (value, length);

  return question_marks_as_lost (bytes, length) && g_utf8_validate_len (bytes, length, NULL);
}

/* Whether @value becomes UTF-8 when the bytes a character begun wants
 * and lacks are put in as 0x81: a "?" where it wants one taken for that
 * byte, and where the next byte is none of its continuation bytes, 0x81
 * put in: what a reader that drops (or writes "?" for) CP1252's five
 * undefined bytes leaves of UTF-8. */
static gboolean
utf8_with_dropped_bytes (const char *value,
                         gsize       length)
{
  g_autoptr(GString) bytes = g_string_new_len (value, length);
  const char *valid_end;

  while (!g_utf8_validate_len (bytes->str, bytes->len, &valid_end))
    {
      gsize at = valid_end - bytes->str, have = 1;
      guint8 lead = (guint8) *valid_end;
      gsize wants = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
      gboolean changed = FALSE;

      for (; at + have < bytes->len && have < wants; have++)
        {
          if (bytes->str[at + have] == '?')
            {
              bytes->str[at + have] = (char) 0x81;
              changed = TRUE;
            }
          else if (((guint8) bytes->str[at + have] & 0xC0) != 0x80)
            break;
        }
      for (; have < wants; have++)
        {
          g_string_insert_c (bytes, at + have, (char) 0x81);
          changed = TRUE;
        }
      if (!changed)
        return FALSE;
    }
  return TRUE;
}

/* CP1252 and the Windows code pages whose letters are beyond Latin-1,
 * as the check tries them. */
static const char *const code_pages[] = { "CP1252", "CP1250", "CP1257", "CP1254", "CP1258", "CP1253", "CP1255" };

/* @value read byte by byte through @cd, the bytes its code page leaves
 * undefined dropped (iconv -c). */
static char *
read_dropping (const char *value,
               gsize       length,
               GIConv      cd)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < length; i++)
    {
      g_autofree char *one = g_convert_with_iconv (value + i, 1, cd, NULL, NULL, NULL);

      if (one != NULL)
        g_string_append (text, one);
      g_iconv (cd, NULL, NULL, NULL, NULL);
    }
  return g_string_free (text, FALSE);
}

/* Whether some code page writes @text back to bytes that are UTF-8, or
 * become it with the bytes lost or dropped put back. */
static gboolean
code_page_bytes_utf8 (const char *text)
{
  for (guint k = 0; k < G_N_ELEMENTS (code_pages); k++)
    {
      gsize n = 0;
      g_autofree char *bytes = g_convert (text, -1, code_pages[k], "UTF-8", NULL, &n, NULL);

      if (bytes != NULL && (g_utf8_validate_len (bytes, n, NULL) || utf8_with_lost_bytes (bytes, n) ||
                            utf8_with_dropped_bytes (bytes, n)))
        return TRUE;
    }
  return FALSE;
}

/* A reading in CP1253, CP1255 or CP1257 that dropped the bytes it leaves
 * undefined is judged UTF-8 only when its bytes in one of those code
 * pages are, or become so with the missing bytes put back. */
static void
judge_code_pages (const char *value,
                  gsize       length)
{
  static const char *const dropping[] = { "CP1253", "CP1255", "CP1257" };
  /* Opened once: opening one per value is most of the cost. */
  static GIConv cds[G_N_ELEMENTS (dropping)];

  for (guint k = 0; k < G_N_ELEMENTS (dropping); k++)
    {
      g_autofree char *text = NULL;

      if (cds[k] == NULL)
        cds[k] = g_iconv_open ("UTF-8", dropping[k]);
      g_assert_true (cds[k] != (GIConv) -1);
      text = read_dropping (value, length, cds[k]);

      if (pr_encoding_guess_misdecoded (text, strlen (text)) == PR_ENCODING_GUESS_UTF8)
        g_assert_true (code_page_bytes_utf8 (text));
    }
}

static void
judge (PrEncodingCheck *check,
       PrEncodingCheck *full,
       const char      *value,
       gsize            length,
       guint64          position)
{
  PrEncodingGuess raw = pr_encoding_guess_bytes (value, length);
  gboolean ascii = TRUE, utf8 = g_utf8_validate_len (value, length, NULL);
  g_autofree char *latin1 = NULL;
  gsize latin1_length = 0;

  for (gsize i = 0; i < length; i++)
    ascii &= (guint8) value[i] < 0x80;
  if (ascii)
    g_assert_cmpint (raw, ==, PR_ENCODING_GUESS_NONE);
  g_assert_cmpint (raw == PR_ENCODING_GUESS_UTF8, ==, utf8 && !ascii);
  g_assert_cmpint (raw, !=, PR_ENCODING_GUESS_C1);
  if (pr_encoding_bytes_look_utf8 (value, length))
    g_assert_true (utf8 && !ascii);

  if (utf8)
    {
      PrEncodingGuess text = pr_encoding_guess_misdecoded (value, length);

      PrEncodingMisread misread;

      if (ascii)
        g_assert_cmpint (text, ==, PR_ENCODING_GUESS_NONE);
      /* Chinese text read in another encoding names both encodings, or
       * neither (no one reading clearly), and gives text back; ASCII is
       * never that. */
      if (pr_encoding_misread_find (value, length, &misread))
        {
          g_assert_false (ascii);
          g_assert_true ((misread.source == NULL) == (misread.reading == NULL));
          g_assert_true (misread.source != NULL || misread.charset == NULL);
          g_assert_true (g_utf8_validate (misread.recovered, -1, NULL));
          pr_encoding_misread_clear (&misread);
        }
    }

  latin1 = g_convert (value, length, "UTF-8", "ISO-8859-1", NULL, &latin1_length, NULL);
  g_assert_nonnull (latin1);
  if (!ascii)
    {
      PrEncodingGuess read_wrong = pr_encoding_guess_misdecoded (latin1, latin1_length);

      g_assert_true (read_wrong == raw || (raw == PR_ENCODING_GUESS_NONE && read_wrong == PR_ENCODING_GUESS_C1) ||
                     (raw == PR_ENCODING_GUESS_NONE && read_wrong == PR_ENCODING_GUESS_UTF8 &&
                      (utf8_with_lost_bytes (value, length) || utf8_with_dropped_bytes (value, length))));
    }

  if (!ascii && length <= 256)
    judge_code_pages (value, length);

  /* The one-pass check leaves the column's check as the full one does,
   * and tells valid UTF-8 as g_utf8_validate_len () does. */
  {
    gboolean valid;

    g_assert_cmpint (pr_encoding_check_add_utf8 (check, value, length, position, &valid), ==,
                     pr_encoding_check_add_full (full, value, length, position));
    g_assert_cmpint (valid, ==, utf8);
    g_assert_cmpint (pr_encoding_check_add_utf8 (check, latin1, latin1_length, position, &valid), ==,
                     pr_encoding_check_add_full (full, latin1, latin1_length, position));
    g_assert_true (valid);
    g_assert_true (pr_encoding_check_equal (check, full));
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PrEncodingCheck) check = pr_encoding_check_new ();
  g_autoptr(PrEncodingCheck) full = pr_encoding_check_new ();
  const char *p = (const char *) data, *end = p + size;
  guint64 position = 0, first = 0, count = 0;

  while (p <= end)
    {
      const char *nul = memchr (p, '\0', end - p);
      gsize length = (nul != NULL ? nul : end) - p;

      judge (check, full, p, length, ++position);
      p += length + 1;
    }
  if (pr_encoding_check_verdict (check, &first, &count) != PR_ENCODING_GUESS_NONE)
    {
      g_assert_cmpuint (first, >=, 1);
      g_assert_cmpuint (first, <=, position);
      g_assert_cmpuint (count, >=, 1);
    }
  return 0;
}
