/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The one rule for white space in a letter's text, read by every path
 * that reads words or characters of it (the tokenizer, and so the
 * fingerprint, the passages, the judge's words and diff, explain and the
 * compare view; the short texts' 3-grams):
 *
 *   - a run of white space between two CJK characters (ideographs, or
 *     an ideograph and CJK punctuation, or two such marks) is nothing,
 *     and so is a run beside a mark of the CJK punctuation blocks
 *     (，。、《》「」), which is a boundary already (，2019 and ， 2019);
 *   - any other run is one boundary, whatever it holds (a space, a tab,
 *     CR, LF, CRLF, several of them).
 *
 * A default-ignorable code point (a zero-width space, U+FEFF, the word
 * joiner, the soft hyphen) is nothing at all, as NFKC_Casefold, which the
 * tokenizer applies, makes it: the text reads as it shows. A scan drops
 * such points from the text columns as it reads a row, so that the
 * readers of the raw text (the record's content hash, the second stage's
 * letter and digit runs, the short texts' 3-grams, the identities found
 * in the text) see what the tokenizer sees.
 *
 * Beside other punctuation a run stays a boundary: ICU's word break
 * keeps a.b and 3.5 whole, so the space of "end. Next" is a word's end.
 *
 * Chinese is written without spaces, so white space between ideographs
 * is layout: a line broken in the middle of a word by a copy out of a
 * PDF or a Word file, a space typed after 。, a line end written as CRLF
 * or CR by another program. Kept, it cuts words in two and changes the
 * 3-grams around it, so that such a copy is not found as a repeat of the
 * same text without it, and nothing says so.
 */
#define G_LOG_DOMAIN "pr-text-space"

#include "config.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include "pr-text-space.h"

/* Punctuation of Chinese text: the CJK symbols and punctuation (、。「」
 * 《》【】〔〕), the vertical and compatibility forms, the full-width
 * punctuation (，：；！？（）), and the quotes, dash and dots of the
 * general block that Chinese writes (“”‘’——…·). */
static gboolean
is_cjk_punctuation (gunichar c)
{
  if (c >= 0x3001 && c <= 0x303F)
    return TRUE;
  if ((c >= 0xFE10 && c <= 0xFE1F) || (c >= 0xFE30 && c <= 0xFE4F))
    return TRUE;
  if (c >= 0xFF01 && c <= 0xFF65)
    return !g_unichar_isalnum (c);
  switch (c)
    {
    case 0x00B7: case 0x2014: case 0x2015: case 0x2018: case 0x2019: case 0x201C: case 0x201D:
    case 0x2025: case 0x2026:
      return TRUE;
    default:
      return FALSE;
    }
}

/* A mark of the CJK punctuation blocks (not the general block's quotes
 * and dots, which Latin text writes too). */
static gboolean
is_cjk_block_punctuation (gunichar c)
{
  return ((c >= 0x3001 && c <= 0x303F) || (c >= 0xFE10 && c <= 0xFE1F) || (c >= 0xFE30 && c <= 0xFE4F) ||
          (c >= 0xFF01 && c <= 0xFF65)) &&
         g_unichar_ispunct (c);
}

/**
 * pr_text_space_is_cjk:
 *
 * Returns: whether @c is an ideograph (of the Han script) or CJK
 *   punctuation
 */
gboolean
pr_text_space_is_cjk (gunichar c)
{
  UErrorCode status = U_ZERO_ERROR;

  if (c < 0xB7)
    return FALSE;
  if (is_cjk_punctuation (c))
    return TRUE;
  return c >= 0x2E80 && uscript_getScript ((UChar32) c, &status) == USCRIPT_HAN && U_SUCCESS (status);
}

/**
 * pr_text_space_joins:
 * @before: the character before a run of white space (0 at the text's start)
 * @after: the character after it (0 at the text's end)
 *
 * Returns: whether the run is nothing (both sides CJK, or either a mark
 *   of the CJK punctuation blocks); otherwise it is one boundary
 */
gboolean
pr_text_space_joins (gunichar before,
                     gunichar after)
{
  if (is_cjk_block_punctuation (before) || is_cjk_block_punctuation (after))
    return TRUE;
  return pr_text_space_is_cjk (before) && pr_text_space_is_cjk (after);
}

/**
 * pr_text_space_is_invisible:
 *
 * Returns: whether @c is a default-ignorable code point (U+200B, U+FEFF,
 *   U+2060, U+00AD…), which NFKC_Casefold removes
 */
gboolean
pr_text_space_is_invisible (gunichar c)
{
  /* Below U+00AD, and from the CJK ideographs to the variation
   * selectors (most of a Chinese text), there is none: ICU is not asked. */
  if (c < 0xAD || (c >= 0x3400 && c < 0xFE00))
    return FALSE;
  return u_hasBinaryProperty ((UChar32) c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

/**
 * pr_text_space_append_visible:
 * @out: where @text goes without its default-ignorable code points
 * @text: UTF-8 text (NUL bytes allowed; a byte that begins no valid
 *   character is kept as it is, for the checks that refuse it)
 * @length: its length in bytes
 *
 * Returns: whether @text held such a point
 */
gboolean
pr_text_space_append_visible (GString    *out,
                              const char *text,
                              gsize       length)
{
  const char *p = text, *end = text + length, *kept = text;
  gboolean dropped = FALSE;

  while (p < end)
    {
      gunichar c;
      const char *next;

      /* U+00AD (C2 AD) is the first such point: a byte below C2 (ASCII,
       * or no character's start) begins none; every C2 xx is decoded. */
      if ((guchar) *p < 0xC2)
        {
          p++;
          continue;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          p++;
          continue;
        }
      next = g_utf8_next_char (p);
      if (pr_text_space_is_invisible (c))
        {
          dropped = TRUE;
          g_string_append_len (out, kept, p - kept);
          kept = next;
        }
      p = next;
    }
  g_string_append_len (out, kept, end - kept);
  return dropped;
}
