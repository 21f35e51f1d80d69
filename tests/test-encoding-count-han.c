/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The encoding check counts the ideographs of every value it reads, and
 * the common ones among them, with a loop that tells ASCII and the unified
 * ideographs apart first. It must count as the plain loop does, character
 * by character (pr_encoding_count_han_plain()): on random text drawn from
 * every range the count treats apart, and on hand-counted values.
 */
#include "config.h"

#include <string.h>

#include "pr-encoding-check.h"

/* Characters from each range: ASCII, Latin-1, pinyin, box drawing, other
 * scripts (Greek, Cyrillic, Thai, Hangul, kana), punctuation, extension A,
 * common and rare unified ideographs, compatibility ideographs, full-width
 * forms, extension B. */
static const gunichar pool[] = {
  'a', '1', ' ', '\n', 0xE9, 0xB7, 0x01CE, 0x2500, 0x2500, 0x2501, 0x259F, 0x25A0, 0x03B1, 0x0416, 0x0E01,
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/encoding-count-han/random", test_random);
  g_test_add_func ("/engine/encoding-count-han/by-hand", test_by_hand);
  return g_test_run ();
}
