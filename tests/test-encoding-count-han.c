/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The encoding check counts the ideographs of every value it reads, and
 * the common ones among them, with a loop that tells ASCII and the unified
 * ideographs apart first. It must count as the plain loop does, character
 * by character (pr_encoding_count_han_plain()): on random text drawn from
 * every range the count treats apart, and on hand-counted values. And
 * pr_encoding_check_add() judges most values in one pass: it must leave
 * the check as pr_encoding_check_add_full() does, and tell valid UTF-8 as
 * g_utf8_validate_len() does, on random values of
 * valid and invalid bytes, Latin-1 readings of UTF-8 and GBK among them.
 */
#include "config.h"

#include <string.h>

#include "pr-encoding-check.h"

/* Characters from each range: ASCII, Latin-1, pinyin, box drawing, other
 * scripts (Greek, Cyrillic, Thai, Hangul, kana), punctuation, extension A,
 * common and rare unified ideographs, compatibility ideographs, full-width
 * forms, extension B. */
static const gunichar pool[] = {
  'a', '1', '2', '3', '4', '5', '6', '7', '8', ' ', '\n', 0xE9, 0xB7, 0x01CE, 0x2500, 0x2500, 0x2501, 0x259F, 0x25A0, 0x03B1, 0x0416, 0x0E01,
  0x1100, 0x2200, 0x3042, 0x30A2, 0x3131, 0xAC00, 0xD7AF, 0x3000, 0x3001, 0x201C, 0x3400, 0x4DB5, 0x4E00,
  0x4E2D, 0x56FD, 0x738B, 0x9FA5, 0x9FFF, 0x9F98, 0x4E02, 0xF900, 0xFF0C, 0xFF21, 0x20000, 0x2A6D6, 0x3FFFF,
  0x33FF, 0xA000, 0x1F600,
};

static void
assert_counts_agree (const char *text,
                     gsize       length)
{
  guint64 han, common, plain_han, plain_common;

  pr_encoding_count_han (text, length, &han, &common);
  pr_encoding_count_han_plain (text, length, &plain_han, &plain_common);
  if (han != plain_han || common != plain_common)
    g_error ("“%s”: %" G_GUINT64_FORMAT " ideographs, %" G_GUINT64_FORMAT " common; the plain count: %"
             G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT, text, han, common, plain_han, plain_common);
}

static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);

  for (int i = 0; i < 20000; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      int n = g_rand_int_range (rand, 0, 40);

      for (int k = 0; k < n; k++)
        {
          gunichar c = pool[g_rand_int_range (rand, 0, G_N_ELEMENTS (pool))];

          /* Runs of one character, as a drawn line is. */
          for (int r = g_rand_int_range (rand, 0, 8) == 0 ? 3 : 1; r > 0; r--)
            g_string_append_unichar (text, c);
        }
      /* And any unified ideograph, common or not. */
      if (i % 2 == 0)
        g_string_append_unichar (text, 0x4E00 + g_rand_int_range (rand, 0, 0x9FFF - 0x4E00 + 1));
      assert_counts_agree (text->str, text->len);
    }
}

/* Counted by hand: 中 国 are common, 龘 (U+9F98) rare, 㐀 (U+3400) an
 * extension A ideograph, 𠀀 (U+20000) extension B; a line of one box
 * character counts once, a Cyrillic or Hangul letter as a rare one;
 * ASCII, punctuation and Latin-1 not at all. */
static void
test_by_hand (void)
{
  static const struct {
    const char *text;
    guint64 han, common;
  } cases[] = {
    { "", 0, 0 },
    { "abc 123", 0, 0 },
    { "中国", 2, 2 },
    { "中国，龘。", 3, 2 },
    { "\u3400\U00020000中", 3, 1 },
    { "──────", 1, 0 },
    { "─a─", 2, 0 },
    { "Жизнь 한국", 7, 0 },
    { "Müller·×", 0, 0 },
    { "2024-05-01 12:00 ──── 中", 2, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint64 han, common;

      g_test_message ("%s", cases[i].text);
      pr_encoding_count_han (cases[i].text, strlen (cases[i].text), &han, &common);
      g_assert_cmpuint (han, ==, cases[i].han);
      g_assert_cmpuint (common, ==, cases[i].common);
      assert_counts_agree (cases[i].text, strlen (cases[i].text));
    }
}

/* Pieces of values: characters of every kind above, C1 controls,
 * CP1252's characters and the one past them, UTF-8 Chinese read as
 * CP1252, noncharacters, and bytes that are no UTF-8 (GBK, overlong,
 * surrogates, cut sequences). */
static const char *const pieces[] = {
  "a", " ", "中国", "信访", "龘", "\u3400", "\U00020000", "──", "Жизнь", "한", "·", "×", "é", "ǎ",
  "\xC2\x85", "\xC2\x9F", "\u00A0", "\u2019", "\u2122", "\u2123", "\u20AC", "\u0152", "\uFFFD", "\uFFFE",
  "\uFDD0", "\uFF0C", "\u3001", "\U0001F600", "ä¸­æ–‡", "Ã©", "\xD6\xD0\xCE\xC4", "\xA4\xA4\xA4\xE5",
  "\xC0\x80", "\xED\xA0\x80", "\xE0\x80\x80", "\xE4\xB8", "\xC3", "\xF4\x90\x80\x80", "\xFF", "\x80",
  "2024-05-01 12:00:00", "abcdefghijklmnopq", "\xEF\xBF\xBF", "\u4DB5\u4DC0\u4E00\u9FFF", "\xE4\xB8\x41", "\xE9\xBF",
};

static void
test_add_shortcut (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  guint verdicts = 0;

  for (int column = 0; column < 200; column++)
    {
      g_autoptr(PrEncodingCheck) fast = pr_encoding_check_new ();
      g_autoptr(PrEncodingCheck) full = pr_encoding_check_new ();
      guint64 fast_first = 0, fast_count = 0, full_first = 0, full_count = 0;

      for (guint64 row = 1; row <= 100; row++)
        {
          g_autoptr(GString) value = g_string_new (NULL);
          int n = g_rand_int_range (rand, 0, 12);
          /* Some columns mostly of one kind, so that verdicts come out. */
          int bias = column % 4 == 0 ? 28 : column % 4 == 1 ? 30 : -1;

          /* And some of plain Chinese text only, with no verdict. */
          int kinds = column % 4 == 2 ? 4 : G_N_ELEMENTS (pieces);

          for (int k = 0; k < n; k++)
            g_string_append (value, pieces[bias >= 0 && g_rand_boolean (rand) ? bias : g_rand_int_range (rand, 0, kinds)]);
          gboolean utf8;

          g_assert_cmpint (pr_encoding_check_add_utf8 (fast, value->str, value->len, row, &utf8), ==,
                           pr_encoding_check_add_full (full, value->str, value->len, row));
          g_assert_cmpint (utf8, ==, g_utf8_validate_len (value->str, value->len, NULL));
          if (!pr_encoding_check_equal (fast, full))
            g_error ("column %d, row %" G_GUINT64_FORMAT ": the checks differ after “%s”", column, row, value->str);
        }
      g_assert_cmpint (pr_encoding_check_verdict (fast, &fast_first, &fast_count), ==,
                       pr_encoding_check_verdict (full, &full_first, &full_count));
      g_assert_cmpuint (fast_first, ==, full_first);
      g_assert_cmpuint (fast_count, ==, full_count);
      verdicts += pr_encoding_check_verdict (full, NULL, NULL) != PR_ENCODING_GUESS_NONE;
    }
  g_test_message ("%u columns of 200 with a verdict", verdicts);
  g_assert_cmpuint (verdicts, >, 20);
  g_assert_cmpuint (verdicts, <=, 150);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/encoding-count-han/random", test_random);
  g_test_add_func ("/engine/encoding-count-han/by-hand", test_by_hand);
  g_test_add_func ("/engine/encoding-count-han/add-shortcut", test_add_shortcut);
  return g_test_run ();
}
