/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Chinese spaced out, as text copied out of a PDF or justified by a form
 * writes it (我 家 住 在 丰 收 路 2 0 9 号): where most ideographs stand
 * alone between spaces, the spaces between ideographs and lone digits are
 * layout, and the words are those of the text without them. Kept, they cut the text into single characters, and 100 spaced
 * copies of 100 sample petitions were found beside their originals 0
 * times, exit 0. The oracle: the words of the same text without the
 * spaces, and ranges worked out by hand in bytes.
 */
#define G_LOG_DOMAIN "pr-test-tokenizer-spaced"

#include "config.h"

#include <string.h>

#include "pr-tokenizer.h"

static const char text[] = "我家住在丰收路209号22栋，楼下烧烤店油烟扰民。2019年6月8日反映过，请求处理。";

static void
collect (const char *token,
         gsize       length,
         gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strndup (token, length));
}

static char **
words (const char *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  GPtrArray *tokens = g_ptr_array_new ();

  g_assert_no_error (error);
  g_assert_true (pr_tokenizer_tokenize (tokenizer, value, -1, collect, tokens, &error));
  g_assert_no_error (error);
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

/* @value with @space between every two characters. */
static char *
spaced (const char *value,
        const char *space)
{
  GString *s = g_string_new (NULL);

  for (const char *p = value; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (p != value)
        g_string_append (s, space);
      g_string_append_len (s, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (s, FALSE);
}

static void
test_same_words (void)
{
  static const char *const spaces[] = { " ", "  ", "\u3000", "\u00a0", "\t", " \u3000" };
  g_auto(GStrv) expected = words (text);

  for (guint i = 0; i < G_N_ELEMENTS (spaces); i++)
    {
      g_autofree char *value = spaced (text, spaces[i]);
      g_auto(GStrv) got = words (value);

      g_test_message ("%s", value);
      g_assert_cmpstrv (got, expected);
    }
}

/* Spaces that are not layout stay word breaks: between numbers, between
 * Latin words, before a line's end. Between the words of a text that
 * writes spaces between words rather than between characters they are
 * nothing, as between any two ideographs (test-text-space.c). */
static void
test_kept (void)
{
  g_auto(GStrv) numbers = words ("房号 301 302 303 漏水");
  g_auto(GStrv) latin = words ("I am 张三");
  g_auto(GStrv) trailing = words ("请求 ");
  g_auto(GStrv) word_spaced = words ("的 的 不 好 工资 拖欠 宿舍");
  g_auto(GStrv) word_joined = words ("的的不好工资拖欠宿舍");

  g_assert_cmpstrv (numbers, ((const char *[]) { "房", "号", "301", "302", "303", "漏水", NULL }));
  g_assert_cmpstrv (latin, ((const char *[]) { "i", "am", "张三", NULL }));
  g_assert_cmpstrv (trailing, ((const char *[]) { "请求", NULL }));
  /* Spaces between ideographs are nothing, even between words. */
  g_assert_cmpstrv (word_spaced, word_joined);
  {
    /* Spaced out, yet the numbers of a list stay apart. */
    g_auto(GStrv) spaced_numbers = words ("房 号 301 302 漏 水 问 题 已 有 2 年");

    g_assert_cmpstrv (spaced_numbers,
                      ((const char *[]) { "房", "号", "301", "302", "漏水", "问题", "已有", "2", "年", NULL }));
  }
}

static void
collect_range (const char *token,
               gsize       length,
               gsize       start,
               gsize       end,
               gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strdup_printf ("%.*s@%zu-%zu", (int) length, token, start, end));
}

/* Each word's bytes in the spaced text, by hand: 我 (0-3) space 家 (4-7)
 * is 我家 at 0-7; the ideographic space (3 bytes, normalised to a space)
 * and the plain one are both passed over. A line broken inside a word
 * (test-text-space.c) is passed over the same way: 丰 (0-3) CR LF (3-5)
 * 收 (5-8) is 丰收 at 0-8, and a boundary kept (LF between Latin words) is
 * in no word. */
static void
test_ranges (void)
{
  static const char *const cases[][2] = {
    { "我 家 住 在", "我家@0-7,住在@8-15" },
    { "我\u3000家 住 在", "我家@0-9,住在@10-17" },
    { "ＡＢ 我 家 住 在", "ab@0-6,我家@7-14,住在@15-22" },
    { "丰\r\n收路", "丰收@0-8,路@8-11" },
    { "丰\u3000\n收", "丰收@0-10" },
    { "ab\ncd 丰\r收", "ab@0-2,cd@3-5,丰收@6-13" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
      g_autoptr(GPtrArray) ranges = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *joined = NULL;

      g_assert_true (pr_tokenizer_tokenize_with_ranges (tokenizer, cases[i][0], -1, collect_range, ranges, &error));
      g_assert_no_error (error);
      g_ptr_array_add (ranges, NULL);
      joined = g_strjoinv (",", (char **) ranges->pdata);
      g_assert_cmpstr (joined, ==, cases[i][1]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/tokenizer-spaced/same-words", test_same_words);
  g_test_add_func ("/engine/tokenizer-spaced/kept", test_kept);
  g_test_add_func ("/engine/tokenizer-spaced/ranges", test_ranges);

  return g_test_run ();
}
