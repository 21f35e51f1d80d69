/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * White space inside Chinese text: a line broken in the middle of a word
 * by a copy out of a PDF or a Word file, a line end written as CRLF or
 * CR, a space typed after 。 or ，. A run between two CJK characters (or
 * beside CJK punctuation) is nothing, and any other run one boundary, on
 * every path: the words, the clauses, the fingerprint, the word ranges
 * (test-tokenizer-spaced.c) and the short texts' 3-grams. Left as text, such breaks cut words in
 * two and changed the 3-grams around them, and a repeat was lost with
 * exit 0. The oracles: the words written out by hand, and the same text
 * without the breaks.
 */
#define G_LOG_DOMAIN "pr-test-text-space"

#include "config.h"

#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-short-pairs.h"
#include "pr-tokenizer.h"

/* One text, unbroken, and broken as copies break it. */
static const char plain[] = "我家住在丰收路，楼下烧烤店油烟扰民。2019年反映过，请求处理。";
static const char *const broken[] = {
  "我家住在丰\r\n收路，楼下烧烤店油\r\n烟扰民。\r\n2019年反映过，请求处理。",
  "我家住在丰\n收路，楼下烧烤店油\n烟扰民。\n2019年反映过，请求处理。",
  "我家住在丰\r收路，楼下烧烤店油\r烟扰民。\r2019年反映过，请求处理。",
  "我家住在丰收路， 楼下烧烤店油烟扰民。 2019年反映过， 请求处理。 ",
  "我家 住在\t丰收路\u3000，楼下 \r\n 烧烤店油烟扰民\u00a0。2019年\u2028反映过，\r\n\r\n请求处理。",
};

static void
collect (const char *token,
         gsize       length,
         gpointer    user_data)
{
  GString *out = user_data;

  g_string_append_len (out, token, length);
  g_string_append_c (out, ' ');
}

static void
clause_end (gpointer user_data)
{
  g_string_append (user_data, "| ");
}

/* @value's words, each followed by a space, and "| " where a clause ends. */
static char *
clauses (const char *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  g_assert_true (pr_tokenizer_tokenize_sentences (tokenizer, value, -1, collect, clause_end, out, &error));
  g_assert_no_error (error);
  return g_string_free (out, FALSE);
}

static void
test_words (void)
{
  /* By hand: ICU's words of the plain text, a clause to each comma and
   * full stop. */
  static const char expected[] =
    "我家 住在 丰收 路 | 楼下 烧烤 店 油 烟 扰 民 | 2019 年 反映 过 | 请求 处理 | ";
  g_autofree char *unbroken = clauses (plain);

  g_assert_cmpstr (unbroken, ==, expected);
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *got = clauses (broken[i]);

      g_test_message ("%s", broken[i]);
      g_assert_cmpstr (got, ==, expected);
    }
}

/* Elsewhere a run is one boundary, whatever it holds: between Latin
 * words, between numbers, between an ideograph and a number. Beside
 * ASCII punctuation it stays one too (ICU keeps a.b whole). */
static void
test_one_boundary (void)
{
  static const char *const cases[][2] = {
    { "I am\r\n张三", "i am 张三 | " },
    { "I  \n\tam 张三", "i am 张三 | " },
    { "房号 301\r\n302 漏水", "房 号 301 302 漏水 | " },
    { "房号 301\r302\u3000漏水", "房 号 301 302 漏水 | " },
    { "a.\nb", "a | b | " },
    /* A line break is a boundary, not a clause's end. */
    { "abc\r\ndef，ghi", "abc def | ghi | " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = clauses (cases[i][0]);

      g_test_message ("%s", cases[i][0]);
      g_assert_cmpstr (got, ==, cases[i][1]);
    }
}

static guint64
fingerprint_of (const char *body)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(GError) error = NULL;
  const char *values[] = { "7", body };
  PrFingerprint result;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 3, NULL);
  g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &result, &error));
  g_assert_no_error (error);
  return result.fingerprint;
}

static void
test_fingerprint (void)
{
  guint64 expected = fingerprint_of (plain);

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    g_assert_cmphex (fingerprint_of (broken[i]), ==, expected);
}

static GArray *
grams_of (const char *body)
{
  PrShortPairOptions options;
  GArray *grams = g_array_new (FALSE, FALSE, sizeof (guint64));

  pr_short_pair_options_default (&options);
  g_assert_true (pr_short_pairs_body_grams (&options, body, -1, grams));
  return grams;
}

static guint64
gram (const char *three)
{
  gunichar c[3];
  const char *p = three;

  for (guint i = 0; i < 3; i++, p = g_utf8_next_char (p))
    c[i] = g_utf8_get_char (p);
  return ((guint64) c[0] << 42) | ((guint64) c[1] << 21) | c[2];
}

static void
test_short_grams (void)
{
  g_autoptr(GArray) expected = grams_of (plain);

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr(GArray) got = grams_of (broken[i]);

      g_test_message ("%s", broken[i]);
      g_assert_cmpmem (got->data, got->len * sizeof (guint64), expected->data, expected->len * sizeof (guint64));
    }

  /* Between Latin words a run is one space: by hand, the 22 characters
   * "abcde fghij 丰收路klmnopq" give 20 3-grams, none twice, and
   * "e f" and "j 丰" among them. */
  {
    static const char *const latin[] = {
      "abcde fghij 丰收路klmnopq",
      "  abcde\r\n\r\nfghij\t丰收路klmnopq\n",
      "abcde\u3000fghij\u2028丰收路klmnopq",
    };

    for (guint i = 0; i < G_N_ELEMENTS (latin); i++)
      {
        g_autoptr(GArray) got = grams_of (latin[i]);
        gboolean e_f = FALSE, j_feng = FALSE;

        g_test_message ("%s", latin[i]);
        g_assert_cmpuint (got->len, ==, 20);
        for (guint g = 0; g < got->len; g++)
          {
            e_f |= g_array_index (got, guint64, g) == gram ("e f");
            j_feng |= g_array_index (got, guint64, g) == gram ("j 丰");
          }
        g_assert_true (e_f);
        g_assert_true (j_feng);
      }
  }
}

/* A body is short by its characters as its 3-grams read them: 200
 * ideographs each followed by two line breaks (1,000 bytes) are 200. */
static void
test_short_by_characters (void)
{
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GArray) grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  PrShortPairOptions options;

  pr_short_pair_options_default (&options);
  for (guint i = 0; i < 200; i++)
    {
      g_string_append_unichar (body, 0x4E00 + i);
      g_string_append (body, "\r\n");
    }
  g_assert_cmpuint (body->len, ==, 1000);
  g_assert_true (pr_short_pairs_body_grams (&options, body->str, body->len, grams));
  g_assert_cmpuint (grams->len, ==, 198);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/text-space/words", test_words);
  g_test_add_func ("/engine/text-space/one-boundary", test_one_boundary);
  g_test_add_func ("/engine/text-space/fingerprint", test_fingerprint);
  g_test_add_func ("/engine/text-space/short-grams", test_short_grams);
  g_test_add_func ("/engine/text-space/short-by-characters", test_short_by_characters);

  return g_test_run ();
}
