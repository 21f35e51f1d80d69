/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value that is its text as hex digits (e5b08f for 小, as a database's
 * HEX () or a dump prints bytes): in either case or both, in groups of
 * any even number of digits parted by one separator (e5b0 8f…,
 * e5:b0:8f, E5-B0-8F) and line breaks, after 0x or \x, of UTF-8, GBK or
 * UTF-16 in either byte order. Read as it stands, every such letter is
 * the same sixteen digits, and unrelated letters are found as repeats.
 * Evidence is a run of groups that is most of the value and decodes to
 * Chinese text (_pr_bad_row_han_in_bytes ()), no less of it than the
 * value writes plainly. A hash, a MAC address, a UUID or a fingerprint
 * (AB:CD:…) is random bytes, which read as no such text.
 */
#define G_LOG_DOMAIN "pr-bad-row"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-bad-row-private.h"

typedef struct
{
  const char *start;
  const char *end;
  gsize       digits;
} Run;

/* The length of a group's prefix at @p (0x, 0X or \x before a hex
 * digit), or 0. */
static gsize
prefix_at (const char *p,
           const char *end)
{
  return end - p >= 3 && (p[0] == '0' || p[0] == '\\') && (p[1] == 'x' || (p[1] == 'X' && p[0] == '0')) &&
             g_ascii_isxdigit (p[2])
           ? 2
           : 0;
}

static gboolean
is_separator (char c)
{
  return c == ' ' || c == '\t' || c == ':' || c == '-' || c == '.' || c == ',' || c == '_' || c == '|';
}

/* The run of hex groups that starts at @p (after a character that is no
 * letter or digit): each group an even number of digits, after a prefix
 * or not, ending where no letter or digit follows; the groups parted by
 * line breaks or one separator, the same all along. Its digits are 0
 * when no whole group starts at @p. */
static Run
run_at (const char *p,
        const char *end)
{
  Run run = { p, p, 0 };
  char separator = '\0';

  for (;;)
    {
      const char *q = p + prefix_at (p, end), *digits = q;
      const char *next;

      while (q < end && g_ascii_isxdigit (*q))
        q++;
      if (q == digits || (q - digits) % 2 != 0 || (q < end && g_ascii_isalnum (*q)))
        return run;
      run.end = q;
      run.digits += q - digits;
      next = q;
      if (next < end && *next == '\r')
        next++;
      if (next < end && *next == '\n')
        next++;
      else if (next == q && next < end && is_separator (*next) && (separator == '\0' || *next == separator))
        separator = *next++;
      if (next == q || next >= end || (!g_ascii_isxdigit (*next) && prefix_at (next, end) == 0))
        return run;
      p = next;
    }
}

/* The longest run of hex groups of @value (run_at ()); in @out_chars,
 * how many characters @value has but white space. Each character is
 * read once or twice: a run is looked for only after a character that
 * is no letter or digit, and the next after its end. */
static Run
longest_run (const char *value,
             gsize       length,
             gsize      *out_chars)
{
  const char *end = value + length;
  Run best = { NULL, NULL, 0 };
  gsize chars = 0;

  for (const char *p = value; p < end;)
    {
      Run run = { p, p, 0 };

      if (p == value || !g_ascii_isalnum (p[-1]))
        run = run_at (p, end);
      if (run.digits > best.digits)
        best = run;
      if (run.digits > 0)
        {
          for (const char *q = p; q < run.end; q++)
            chars += !g_ascii_isspace (*q);
          p = run.end;
          continue;
        }
      chars += !g_ascii_isspace (*p) && ((guchar) *p & 0xC0) != 0x80;
      p++;
    }
  *out_chars = chars;
  return best;
}

/* The bytes @run writes: its digits, two a byte, prefixes and separators
 * aside. */
static GByteArray *
decode_run (const Run *run)
{
  GByteArray *bytes = g_byte_array_sized_new (run->digits / 2);

  for (const char *p = run->start; p < run->end;)
    {
      gsize prefix = prefix_at (p, run->end);
      guint8 byte;

      if (prefix > 0)
        p += prefix;
      if (!g_ascii_isxdigit (*p))
        {
          p++;
          continue;
        }
      byte = (guint8) (g_ascii_xdigit_value (p[0]) * 16 + g_ascii_xdigit_value (p[1]));
      g_byte_array_append (bytes, &byte, 1);
      p += 2;
    }
  return bytes;
}

/**
 * _pr_bad_row_hex:
 * @value: valid UTF-8
 * @length: its length in bytes
 *
 * Returns: (transfer full) (nullable): the reason @value is its text as
 *   hex digits, or %NULL
 */
char *
_pr_bad_row_hex (const char *value,
                 gsize       length)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *shown = NULL;
  const char *encoding;
  gsize chars = 0;
  guint han;
  Run run;

  /* Only a run that is three quarters of the value at least is decoded. */
  run = longest_run (value, length, &chars);
  if (run.digits < PR_BAD_ROW_MIN_TOKEN || _pr_bad_row_count_chars (run.start, run.end) * 4 < chars * 3)
    return NULL;
  bytes = decode_run (&run);
  han = _pr_bad_row_han_in_bytes (bytes->data, bytes->len, &encoding);
  if (!_pr_bad_row_decoded_dominates (han, value, length, run.start, run.end))
    return NULL;

  shown = _pr_bad_row_shown_from (run.start, run.end);
  /* Translators: the value's first characters, then the encoding of the bytes they write. */
  return g_strdup_printf (_("the value writes its text as hex digits (“%s…”, as a database's HEX () or a dump "
                            "prints bytes, e5b08f for 小), whose digits would be compared as the letter's "
                            "words, so that unrelated letters match: decode the export first (two hex digits a "
                            "byte, its bytes being %s) and scan that"),
                          shown, encoding);
}
