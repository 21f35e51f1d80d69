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
 * An invisible character (a default-ignorable code point: U+200B, U+FEFF,
 * U+2060, U+00AD) is nothing on every path too: records with them read
 * as the clean records (the oracle) do, in the scan and in a pair read on
 * its own.
 */
#define G_LOG_DOMAIN "pr-test-text-space"

#include "config.h"

#include <string.h>

#include <unicode/uchar.h>

#include "pr-fingerprinter.h"
#include "pr-mapping.h"
#include "pr-pair-features.h"
#include "pr-pair-judge.h"
#include "pr-record-set.h"
#include "pr-short-pairs.h"
#include "pr-test-util.h"
#include "pr-text-space.h"
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

/* A default-ignorable code point is nothing: the text without it, by hand. */
static void
test_invisible_dropped (void)
{
  static const struct {
    const char *text;
    gsize       length;
    const char *visible;   /* NULL: none to drop, the text as it is */
    gsize       visible_length;
  } cases[] = {
    { "御景湾从202\u200b3年", 0, "御景湾从2023年", 0 },
    { "\ufeff南湖春晓\u2060后面\u00ad", 0, "南湖春晓后面", 0 },
    { "a\u200b\u200cb\u200dc\u200ed\u200f\u202ae\u2066f\u034fg\ufe0fh\U000E0001i", 0, "abcdefghi", 0 },
    /* A NUL and a byte that begins no character stay, for the checks. */
    { "x\0\u200by\xff\u2060z", 11, "x\0y\xffz", 5 },
    { "南湖春晓 2023年，ok\u3000\u00a0", 0, NULL, 0 },
    { "", 0, NULL, 0 },
  };
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length = cases[i].length != 0 ? cases[i].length : strlen (cases[i].text);
      const char *visible = cases[i].visible != NULL ? cases[i].visible : cases[i].text;
      gsize visible_length = cases[i].visible == NULL ? length
                             : cases[i].visible_length != 0 ? cases[i].visible_length : strlen (visible);

      g_test_message ("case %u", i);
      /* Appended to what @out holds. */
      g_string_assign (out, "> ");
      g_assert_true (pr_text_space_append_visible (out, cases[i].text, length) == (cases[i].visible != NULL));
      g_assert_true (g_str_has_prefix (out->str, "> "));
      g_assert_cmpmem (out->str + 2, out->len - 2, visible, visible_length);
    }
}

/* Every code point: invisible exactly when ICU says default-ignorable. */
static void
test_invisible_every_code_point (void)
{
  guint n = 0;

  for (gunichar c = 0; c <= 0x10FFFF; c++)
    {
      gboolean ignorable = u_hasBinaryProperty ((UChar32) c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);

      if (pr_text_space_is_invisible (c) != ignorable)
        g_error ("U+%04X", c);
      n += ignorable;
    }
  /* U+00AD, U+200B… U+E0FFF: some four thousand. */
  g_assert_cmpuint (n, >, 4000);
}

/* Bodies of the sample whose pairs the second stage judged otherwise
 * with an invisible character inside (a date's digits, a word, a
 * place's name), and the same with one at their 11th character. */
static const char *const invisible_bodies[] = {
  "您好！御景湾从2023年4月22日开始频繁停水，每次一停就是一整天，物业说是管网老化。",
  "第二次反映：御景湾从2023年4月22日开始频繁停水，每次一停就是一整天，物业说管网老化。",
  "我也要反映这个问题：南湖春晓后面不到五十米的地方设了一个垃圾中转站，垃圾经常堆到外面来，夏天臭味特别大。",
  "南湖春晓后面不到五十米的地方设了一个垃圾中转站,垃圾经常堆到外面来,夏天臭味特别大,渗滤液流得满地都是.",
  "68路公交车从2025年2月25日起调整线路，电话13800138000，请恢复原线路。",
  "领导您好，68路公交车从2025年2月25日起调整线路，请恢复原线路，电话13800138000。",
  "短信诈骗 call 95588 now",
};

/* @body with @invisible (nullable) after its 10th character. */
static char *
with_invisible (const char *body,
                const char *invisible)
{
  const char *at = g_utf8_offset_to_pointer (body, 10);

  if (invisible == NULL)
    return g_strdup (body);
  return g_strdup_printf ("%.*s%s%s", (int) (at - body), body, invisible, at);
}

static char *
invisible_csv (const char *invisible)
{
  GString *csv = g_string_new ("id,body\n");

  for (guint i = 0; i < G_N_ELEMENTS (invisible_bodies); i++)
    {
      g_autofree char *body = with_invisible (invisible_bodies[i], invisible);

      g_string_append_printf (csv, "%u,\"%s\"\n", i + 1, body);
      /* And inside the phone number and the date's year. */
      if (invisible != NULL)
        {
          g_string_replace (csv, "1380013", "138\u200b0013", 0);
          g_string_replace (csv, "2025年", "20\u00ad25年", 0);
        }
    }
  return g_string_free (csv, FALSE);
}

/* A pair read on its own (explain, intake) is judged as the scan judges
 * it: the second stage's features of two bodies with invisible characters
 * inside are those of the clean bodies. */
static void
test_invisible_pair_features (void)
{
  static const char *const invisible[] = { "\u200b", "\ufeff", "\u2060", "\u00ad" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  double clean[PR_PAIR_N_FEATURES];

  g_assert_no_error (error);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  for (guint i = 0; i <= G_N_ELEMENTS (invisible); i++)
    {
      const char *mark = i == 0 ? NULL : invisible[i - 1];
      g_autofree char *a = with_invisible (invisible_bodies[0], mark);
      g_autofree char *b = with_invisible (invisible_bodies[1], mark);
      char *texts_a[] = { "1", a, NULL }, *texts_b[] = { "2", b, NULL };
      g_autoptr(GString) body_a = g_string_new (NULL), body_b = g_string_new (NULL);
      g_autoptr(GPtrArray) fields_a = g_ptr_array_new (), fields_b = g_ptr_array_new ();
      PrPairRecord record_a, record_b;
      double features[PR_PAIR_N_FEATURES];

      pr_pair_record_from_texts (mapping, texts_a, PR_DATE_NONE, 0, 0, &record_a, body_a, fields_a);
      pr_pair_record_from_texts (mapping, texts_b, PR_DATE_NONE, 0, 0, &record_b, body_b, fields_b);
      g_assert_true (pr_pair_features (tokenizer, &record_a, &record_b, mark != NULL ? features : clean, &error));
      g_assert_no_error (error);
      if (mark != NULL)
        g_assert_cmpmem (features, sizeof features, clean, sizeof clean);
    }
}

static PrRecordSet *
load_kept (const char *csv)
{
  g_autoptr(GError) error = NULL;
  PrRecordSet *set = pr_test_load_id_body_csv_texts (csv, &error);

  g_assert_no_error (error);
  return set;
}

/* Records with invisible characters inside read as the clean ones: the
 * same texts for the second stage and the short texts, the same content
 * hashes, fingerprints and pairs. The oracle: the clean records. */
static void
test_invisible_records (void)
{
  static const char *const invisible[] = { "\u200b", "\ufeff", "\u2060", "\u00ad", "\u200b\ufeff\u2060" };
  g_autofree char *clean_csv = invisible_csv (NULL);
  g_autoptr(PrRecordSet) clean = load_kept (clean_csv);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) clean_pairs = pr_record_set_find_pairs (clean, 15, 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (clean_pairs->len, >, 0);
  for (guint i = 0; i < G_N_ELEMENTS (invisible); i++)
    {
      g_autofree char *csv = invisible_csv (invisible[i]);
      g_autoptr(PrRecordSet) set = load_kept (csv);
      g_autoptr(GArray) pairs = NULL;

      g_test_message ("%s", csv);
      g_assert_cmpuint (set->n_records, ==, clean->n_records);
      for (guint r = 0; r < set->n_records; r++)
        {
          char **texts = g_ptr_array_index (set->texts, r);
          char **clean_texts = g_ptr_array_index (clean->texts, r);

          g_assert_cmpstr (texts[1], ==, clean_texts[1]);
          g_assert_cmpuint (set->content_hashes[r], ==, clean->content_hashes[r]);
          g_assert_cmpuint (set->fingerprints[r], ==, clean->fingerprints[r]);
        }
      pairs = pr_record_set_find_pairs (set, 15, 1, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (pairs->data, pairs->len * sizeof (PrPair), clean_pairs->data, clean_pairs->len * sizeof (PrPair));
    }
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
  g_test_add_func ("/engine/text-space/invisible-dropped", test_invisible_dropped);
  g_test_add_func ("/engine/text-space/invisible-every-code-point", test_invisible_every_code_point);
  g_test_add_func ("/engine/text-space/invisible-records", test_invisible_records);
  g_test_add_func ("/engine/text-space/invisible-pair-features", test_invisible_pair_features);

  return g_test_run ();
}
