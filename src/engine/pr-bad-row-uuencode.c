/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text uuencoded (#Y;"/ for 小, as Unix's uuencode
 * and old mail write bytes): lines each of a length character and four
 * characters for every three bytes, inside "begin 644 name" and "end"
 * lines or not. Read as it stands, every such letter is lines of signs
 * and capitals, and unrelated letters are found as repeats. Evidence is
 * a run of such lines that, with its begin and end lines, is most of the
 * value and decodes to Chinese text (_pr_bad_row_han_in_bytes ()), no
 * less of it than the value writes plainly. English text or a table
 * whose line happens to have a fitting length is random bytes, which
 * read as no such text.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

/* The shortest run decoded: 12 bytes, four ideographs in UTF-8. */
#define MIN_BYTES 12

static gboolean
is_uu_char (char c)
{
  return c >= 0x20 && c <= 0x60;
}

/* The bytes the line from @p to @eol (its line break aside) writes if it
 * is a line of uuencode, else -1: a length character, then four
 * characters for every three bytes. */
static int
line_bytes (const char *p,
            const char *eol)
{
  int n;

  if (eol > p && eol[-1] == '\r')
    eol--;
  if (eol == p || !is_uu_char (*p))
    return -1;
  n = (*p - 0x20) & 0x3F;
  if (eol - p - 1 != (n + 2) / 3 * 4)
    return -1;
  for (const char *q = p + 1; q < eol; q++)
    if (!is_uu_char (*q))
      return -1;
  return n;
}

/* Whether the line from @p to @eol is uuencode's frame: a "begin" line
 * with a mode, or "end". */
static gboolean
is_frame (const char *p,
          const char *eol)
{
  gsize n;

  if (eol > p && eol[-1] == '\r')
    eol--;
  n = eol - p;
  return (n == 3 && memcmp (p, "end", 3) == 0) ||
         (n > 10 && memcmp (p, "begin ", 6) == 0 && g_ascii_isdigit (p[6]) && g_ascii_isdigit (p[7]) &&
          g_ascii_isdigit (p[8]) && p[9] == ' ');
}

/* The bytes of the lines from @start to @end, each a line of uuencode. */
static GByteArray *
decode (const char *start,
        const char *end)
{
  GByteArray *bytes = g_byte_array_new ();

  for (const char *p = start; p < end;)
    {
      const char *eol = memchr (p, '\n', end - p);
      int n = (*p - 0x20) & 0x3F;
      const char *q = p + 1;

      if (eol == NULL)
        eol = end;
      for (int i = 0; i < n; i += 3, q += 4)
        {
          guint32 group = (guint32) ((q[0] - 0x20) & 0x3F) << 18 | (guint32) ((q[1] - 0x20) & 0x3F) << 12 |
                          (guint32) ((q[2] - 0x20) & 0x3F) << 6 | (guint32) ((q[3] - 0x20) & 0x3F);
          guint8 three[3] = { (guint8) (group >> 16), (guint8) (group >> 8), (guint8) group };

          g_byte_array_append (bytes, three, MIN (3, n - i));
        }
      p = eol < end ? eol + 1 : end;
    }
  return bytes;
}

/**
 * _pr_bad_row_uuencode:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text
 *   uuencoded, or %NULL
 */
char *
_pr_bad_row_uuencode (const char *value,
                      gsize       length)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *shown = NULL;
  const char *end = value + length, *run_start = NULL, *best_start = NULL, *best_end = NULL;
  const char *encoding;
  gsize run_bytes = 0, best_bytes = 0, frame_chars = 0;
  guint han;

  /* Every value of every row passes here: one walk of its lines; only a
   * run that is three quarters of it at least is decoded. */
  for (const char *p = value; p < end;)
    {
      const char *eol = memchr (p, '\n', end - p), *next;
      int n;

      if (eol == NULL)
        eol = end;
      next = eol < end ? eol + 1 : end;
      n = line_bytes (p, eol);
      if (n > 0)
        {
          if (run_start == NULL)
            run_start = p;
          run_bytes += n;
          if (run_bytes > best_bytes)
            {
              best_bytes = run_bytes;
              best_start = run_start;
              best_end = eol;
            }
        }
      else
        {
          run_start = NULL;
          run_bytes = 0;
          if (n == 0 || is_frame (p, eol))
            frame_chars += _pr_bad_row_count_chars (p, eol);
        }
      p = next;
    }
  if (best_bytes < MIN_BYTES ||
      (_pr_bad_row_count_chars (best_start, best_end) + frame_chars) * 4 < _pr_bad_row_count_chars (value, end) * 3)
    return NULL;
  bytes = decode (best_start, best_end);
  han = _pr_bad_row_han_in_bytes (bytes->data, bytes->len, &encoding);
  if (!_pr_bad_row_decoded_dominates (han, value, length, best_start, best_end))
    return NULL;

  shown = _pr_bad_row_shown_from (best_start, best_end);
  /* Translators: the value's first characters, then the encoding of the bytes they write. */
  return g_strdup_printf (_("the value writes its text uuencoded (“%s…”, as Unix's uuencode and old e-mail "
                            "attachments write bytes, lines of signs and capitals, #Y;\"/ for 小), whose signs "
                            "would be compared as the letter's words, so that unrelated letters match: decode the "
                            "export first (uudecode, its bytes being %s) and scan that"),
                          shown, encoding);
}
