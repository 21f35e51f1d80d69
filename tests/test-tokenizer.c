/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <unicode/utrans.h>
#include <unicode/ustring.h>

#include "pr-csv-reader.h"
#include "pr-test-util.h"
#include "pr-tokenizer.h"

static void
collect (const char *token,
         gsize       length,
         gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strndup (token, length));
}

static GPtrArray *
tokens_with (PrTokenizerFlags  flags,
             const char       *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (flags, &error);
  GPtrArray *tokens = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  g_assert_true (pr_tokenizer_tokenize (tokenizer, text, -1, collect, tokens, &error));
  g_assert_no_error (error);
  g_ptr_array_add (tokens, NULL);

  return tokens;
}

static void
assert_tokens (PrTokenizerFlags  flags,
               const char       *text,
               const char *const *expected)
{
  g_autoptr(GPtrArray) tokens = tokens_with (flags, text);

  g_assert_cmpstrv ((const char *const *) tokens->pdata, expected);
}

/* Expected words written out by hand and checked by reading: ICU's zh
 * dictionary (ICU 72, Debian 12) segments these real petition sentences so. */
static void
test_known_answers (void)
{
  assert_tokens (PR_TOKENIZER_FOLD_TRADITIONAL, "强烈请求文明城市A市，尽快整改这个极不文明的路段。",
                 (const char *[]) { "强烈", "请求", "文明", "城市", "a", "市", "尽快", "整", "改",
                                    "这个", "极", "不", "文明", "的", "路段", NULL });
  assert_tokens (PR_TOKENIZER_FOLD_TRADITIONAL, "我是K3县的一名乡村教师，工资已经拖欠了3个月。",
                 (const char *[]) { "我是", "k3", "县", "的", "一名", "乡村", "教师", "工资", "已经",
                                    "拖欠", "了", "3", "个", "月", NULL });
  assert_tokens (PR_TOKENIZER_FOLD_TRADITIONAL, "人行道包括路灯杆，被圈西湖建筑集团燕子山安置房项目施工围墙内。",
                 (const char *[]) { "人行道", "包括", "路灯", "杆", "被", "圈", "西湖", "建筑", "集团",
                                    "燕子", "山", "安置", "房", "项目", "施工", "围墙", "内", NULL });
}

static void
test_punctuation_and_space_dropped (void)
{
  assert_tokens (0, "，。！？ 、——……《》 \t\r\n　", (const char *[]) { NULL });
  assert_tokens (0, "", (const char *[]) { NULL });
  assert_tokens (0, "\n\t\t\t\t\n维修\n\t\t\t\t\n", (const char *[]) { "维修", NULL });
}

static void
test_digits_and_latin (void)
{
  assert_tokens (0, "iPhone 12 售价3.5元，2019年", (const char *[]) { "iphone", "12", "售价", "3.5", "元", "2019", "年", NULL });
}

static void
test_width_and_case (void)
{
  g_autoptr(GPtrArray) wide = tokens_with (0, "ＡＢＣ１２３ Ｈｅｌｌｏ　Ｗｏｒｌｄ！ＳＴＲＡＳＳＥ");
  g_autoptr(GPtrArray) narrow = tokens_with (0, "abc123 hello world! strasse");
  g_autoptr(GPtrArray) upper = tokens_with (0, "ABC123 HELLO World Straße");

  g_assert_cmpstrv ((const char *const *) wide->pdata, ((const char *[]) { "abc123", "hello", "world", "strasse", NULL }));
  g_assert_cmpstrv ((const char *const *) wide->pdata, (const char *const *) narrow->pdata);
  g_assert_cmpstrv ((const char *const *) upper->pdata, (const char *const *) narrow->pdata);
}

static void
test_no_normalize (void)
{
  /* The published method's plain words: width and case are kept. */
  assert_tokens (PR_TOKENIZER_NO_NORMALIZE, "ＡＢＣ abc", (const char *[]) { "ＡＢＣ", "abc", NULL });
}

static void
test_traditional (void)
{
  g_autoptr(GPtrArray) traditional = tokens_with (PR_TOKENIZER_FOLD_TRADITIONAL, "我們的學校門口交通擁堵，請領導重視");
  g_autoptr(GPtrArray) simplified = tokens_with (PR_TOKENIZER_FOLD_TRADITIONAL, "我们的学校门口交通拥堵，请领导重视");
  g_autoptr(GPtrArray) unfolded = tokens_with (0, "我們的學校門口交通擁堵，請領導重視");

  g_assert_cmpstrv ((const char *const *) traditional->pdata, (const char *const *) simplified->pdata);
  g_assert_false (g_strv_equal ((const char *const *) unfolded->pdata, (const char *const *) simplified->pdata));
}

/* ICU's own Simplified-Traditional transform, independent of our table. */
static char *
to_traditional (UTransliterator *transform,
                const char      *text)
{
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0, limit, capacity = strlen (text) * 2 + 16;
  g_autofree UChar *buffer = g_new (UChar, capacity);
  char *out;
  int32_t out_length = 0;

  u_strFromUTF8 (buffer, capacity, &length, text, -1, &status);
  g_assert_true (U_SUCCESS (status));
  limit = length;
  utrans_transUChars (transform, buffer, &length, capacity, 0, &limit, &status);
  g_assert_true (U_SUCCESS (status));
  out = g_new (char, length * 3 + 1);
  u_strToUTF8 (out, length * 3 + 1, &out_length, buffer, length, &status);
  g_assert_true (U_SUCCESS (status));

  return out;
}

/* Real petitions rendered in Traditional characters by ICU must give the
 * words of the Simplified original. A few words differ because ICU's
 * Simplified-Traditional transform also changes words, not only character
 * forms: it writes 什么 as 甚麼, which folds back to 甚么 (measured: 0.26 %
 * of the words, nearly all of them 为什么). The share must stay that small. */
static void
test_traditional_real_text (void)
{
  const char *shared = g_getenv ("PR_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = NULL;
  UErrorCode status = U_ZERO_ERROR;
  UTransliterator *transform;
  int body = -1;
  const guint64 n_texts = pr_test_size (2000, 300);
  guint64 texts = 0, same = 0, words = 0, words_differing = 0;

  path = g_build_filename (shared != NULL ? shared : "", "petitions-zh", "records.csv", NULL);
  if (shared == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the evaluation data (../shared/data/petitions-zh) is not here");
      return;
    }

  transform = utrans_openU (u"Simplified-Traditional", -1, UTRANS_FORWARD, NULL, 0, NULL, &status);
  g_assert_true (U_SUCCESS (status));
  tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  g_assert_no_error (error);
  reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
    if (g_str_equal (pr_csv_reader_get_field (reader, i, NULL), "body"))
      body = i;
  g_assert_cmpint (body, >=, 0);

  while (texts < n_texts && pr_csv_reader_next (reader, NULL, &error))
    {
      const char *simplified = pr_csv_reader_get_field (reader, body, NULL);
      g_autofree char *traditional = to_traditional (transform, simplified);
      g_autoptr(GPtrArray) a = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) b = g_ptr_array_new_with_free_func (g_free);

      g_assert_true (pr_tokenizer_tokenize (tokenizer, simplified, -1, collect, a, &error));
      g_assert_true (pr_tokenizer_tokenize (tokenizer, traditional, -1, collect, b, &error));
      texts++;
      words += a->len;
      if (a->len == b->len)
        {
          guint differing = 0;

          for (guint i = 0; i < a->len; i++)
            differing += !g_str_equal (a->pdata[i], b->pdata[i]);
          words_differing += differing;
          same += differing == 0;
        }
      else
        words_differing += MAX (a->len, b->len) - MIN (a->len, b->len) + 1;
    }
  g_assert_no_error (error);
  utrans_close (transform);

  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " texts give the same words; "
                  "%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " words differ",
                  same, texts, words_differing, words);
  g_assert_cmpuint (texts, ==, n_texts);
  g_assert_cmpfloat ((double) words_differing / words, <, 0.004);
}

static void
test_invalid_utf8 (void)
{
  static const struct {
    const char *text;
    gsize       length;
    gsize       offset;
  } cases[] = {
    { "abc\xff" "def", 7, 3 },
    { "信访\xe4\xbd", 8, 6 },          /* truncated at the end */
    { "ab\xc0\xaf", 4, 2 },            /* overlong '/' */
    { "ab\0cd", 5, 2 },                /* NUL */
    { "\xed\xa0\x80", 3, 0 },          /* a UTF-16 surrogate */
  };
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) tokens = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *expected = g_strdup_printf ("at byte %" G_GSIZE_FORMAT, cases[i].offset);
      g_autofree char *normalized = NULL;

      g_assert_false (pr_tokenizer_tokenize (tokenizer, cases[i].text, cases[i].length, collect, tokens, &error));
      g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
      g_assert_nonnull (strstr (error->message, expected));
      g_assert_cmpuint (tokens->len, ==, 0);
      g_clear_error (&error);

      normalized = pr_tokenizer_normalize (tokenizer, cases[i].text, cases[i].length, NULL, &error);
      g_assert_null (normalized);
      g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
    }

  /* The tokenizer is still usable after an error. */
  assert_tokens (0, "维修", (const char *[]) { "维修", NULL });
}

static void
test_normalize_short (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  static const struct { const char *in, *out; } cases[] = {
    { "138 0000 1111", "13800001111" },
    { "１３８００００１１１１", "13800001111" },
    { "  \t　", "" },
    { "", "" },
    { "張三", "张三" },
    { "Zhang San", "zhangsan" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gsize length = 99;
      g_autofree char *out = pr_tokenizer_normalize (tokenizer, cases[i].in, -1, &length, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_cmpuint (length, ==, strlen (cases[i].out));
    }
}

typedef struct
{
  GPtrArray *tokens;
  GArray    *ranges;   /* gsize pairs */
} Ranged;

static void
collect_range (const char *token,
               gsize       length,
               gsize       start,
               gsize       end,
               gpointer    user_data)
{
  Ranged *ranged = user_data;

  g_ptr_array_add (ranged->tokens, g_strndup (token, length));
  g_array_append_val (ranged->ranges, start);
  g_array_append_val (ranged->ranges, end);
}

/* Tokenizes @text both ways, checks that the words are the same and that the
 * ranges are in order, on character boundaries and inside the text, and
 * returns the ranges as "start-end" strings, NULL-terminated. */
static GStrv
ranges_of (PrTokenizer *tokenizer,
           const char  *text,
           gssize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plain = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  Ranged ranged = { g_ptr_array_new_with_free_func (g_free), g_array_new (FALSE, FALSE, sizeof (gsize)) };
  gsize text_length = length < 0 ? strlen (text) : (gsize) length;
  gsize previous_start = 0, previous_end = 0;

  g_assert_true (pr_tokenizer_tokenize (tokenizer, text, length, collect, plain, &error));
  g_assert_no_error (error);
  g_assert_true (pr_tokenizer_tokenize_with_ranges (tokenizer, text, length, collect_range, &ranged, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (ranged.tokens->len, ==, plain->len);
  for (guint i = 0; i < plain->len; i++)
    {
      gsize start = g_array_index (ranged.ranges, gsize, 2 * i);
      gsize end = g_array_index (ranged.ranges, gsize, 2 * i + 1);
      g_autofree char *range = g_strdup_printf ("%" G_GSIZE_FORMAT "-%" G_GSIZE_FORMAT, start, end);

      g_assert_cmpstr (ranged.tokens->pdata[i], ==, plain->pdata[i]);
      g_assert_cmpuint (start, <, end);
      g_assert_cmpuint (end, <=, text_length);
      g_assert_cmpuint (start, >=, previous_start);
      g_assert_cmpuint (end, >=, previous_end);
      g_assert_true (start == 0 || (text[start] & 0xc0) != 0x80);
      g_assert_true (end == text_length || (text[end] & 0xc0) != 0x80);
      previous_start = start;
      previous_end = end;
      g_strv_builder_add (builder, range);
    }

  g_ptr_array_unref (ranged.tokens);
  g_array_unref (ranged.ranges);

  return g_strv_builder_end (builder);
}

static void
assert_ranges (PrTokenizerFlags    flags,
               const char         *text,
               const char *const  *expected)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (flags, NULL);
  g_auto(GStrv) ranges = ranges_of (tokenizer, text, -1);

  g_assert_cmpstrv (ranges, expected);
}

/* Offsets counted by hand: a Han character is 3 bytes, so are the
 * full-width forms. */
static void
test_ranges_known_answers (void)
{
  /* 我要 投訴 小區 物業 folded: 我要 投诉 小区 物业. */
  assert_ranges (PR_TOKENIZER_FOLD_TRADITIONAL, "我要投訴小區物業",
                 (const char *[]) { "0-6", "6-12", "12-18", "18-24", NULL });
  /* ＡＢＣ１２３ is one word, then a full-width space, then Ｈｅｌｌｏ. */
  assert_ranges (0, "ＡＢＣ１２３　Ｈｅｌｌｏ！", (const char *[]) { "0-18", "21-36", NULL });
  /* é written with a combining accent is one character of three bytes. */
  assert_ranges (0, "cafe\xcc\x81 ok", (const char *[]) { "0-6", "7-9", NULL });
  /* ㏠ is 1日, two words: both get the whole character. */
  assert_ranges (0, "㏠。起", (const char *[]) { "0-3", "0-3", "6-9", NULL });
  /* A soft hyphen normalises to nothing and joins the word around it. */
  assert_ranges (0, "ab\xc2\xad" "cd", (const char *[]) { "0-6", NULL });
  assert_ranges (PR_TOKENIZER_NO_NORMALIZE, "ＡＢＣ abc", (const char *[]) { "0-9", "10-13", NULL });
  assert_ranges (0, "", (const char *[]) { NULL });
  assert_ranges (0, "，。 ", (const char *[]) { NULL });
}

/* Random strings from characters that normalisation changes in every way
 * (widths, case, compatibility forms, combining marks, expansions, removals)
 * mixed with ordinary ones: the same words as the plain tokenizer, always. */
static void
test_ranges_random (void)
{
  static const char *const pieces[] = {
    "投诉", "投訴", "小区", "小區", "物业", "物業", "的", "公司", "ＡＢＣ", "abc", "ABC", "Ä",
    "A\xcc\x88", "\xcc\x88", "１２", "12", "3.5", "３．５", "①", "㍿", "㏠", "㋀", "½", "ﬁ", "ß", "ẞ", "\xc2\xad",
    "\xe2\x80\x8d", "\xef\xbb\xbf", "😀", "𠀀", "，", "。", " ", "　", "\n", "\t", "ｶﾞ", "ガ", "Ω", "Ω",
  };
  g_autoptr(PrTokenizer) folding = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(PrTokenizer) plain = pr_tokenizer_new (0, NULL);
  g_autoptr(PrTokenizer) raw = pr_tokenizer_new (PR_TOKENIZER_NO_NORMALIZE, NULL);
  const guint n_rounds = pr_test_size (2000, 400);

  for (guint round = 0; round < n_rounds; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = g_test_rand_int_range (0, 30);
      g_auto(GStrv) a = NULL, b = NULL, c = NULL;

      for (guint i = 0; i < n; i++)
        g_string_append (text, pieces[g_test_rand_int_range (0, G_N_ELEMENTS (pieces))]);

      a = ranges_of (folding, text->str, text->len);
      b = ranges_of (plain, text->str, text->len);
      c = ranges_of (raw, text->str, text->len);
    }
}

/* Real petitions: the same words as the plain tokenizer. */
static void
test_ranges_real_text (void)
{
  const char *shared = g_getenv ("PR_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = NULL;
  int body = -1;
  const guint n_texts = pr_test_size (2000, 200);
  guint texts = 0;

  path = g_build_filename (shared != NULL ? shared : "", "petitions-zh", "records.csv", NULL);
  if (shared == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the evaluation data (../shared/data/petitions-zh) is not here");
      return;
    }

  tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  g_assert_no_error (error);
  reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
    if (g_str_equal (pr_csv_reader_get_field (reader, i, NULL), "body"))
      body = i;
  g_assert_cmpint (body, >=, 0);

  while (texts < n_texts && pr_csv_reader_next (reader, NULL, &error))
    {
      g_auto(GStrv) ranges = ranges_of (tokenizer, pr_csv_reader_get_field (reader, body, NULL), -1);

      texts++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (texts, ==, n_texts);
}

static void
test_ranges_invalid_utf8 (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  g_autoptr(GError) error = NULL;
  Ranged ranged = { g_ptr_array_new_with_free_func (g_free), g_array_new (FALSE, FALSE, sizeof (gsize)) };

  g_assert_false (pr_tokenizer_tokenize_with_ranges (tokenizer, "ＡＢ\xff", 7, collect_range, &ranged, &error));
  g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
  g_assert_cmpuint (ranged.tokens->len, ==, 0);
  g_ptr_array_unref (ranged.tokens);
  g_array_unref (ranged.ranges);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/tokenizer/known-answers", test_known_answers);
  g_test_add_func ("/engine/tokenizer/punctuation-and-space-dropped", test_punctuation_and_space_dropped);
  g_test_add_func ("/engine/tokenizer/digits-and-latin", test_digits_and_latin);
  g_test_add_func ("/engine/tokenizer/width-and-case", test_width_and_case);
  g_test_add_func ("/engine/tokenizer/no-normalize", test_no_normalize);
  g_test_add_func ("/engine/tokenizer/traditional", test_traditional);
  g_test_add_func ("/engine/tokenizer/traditional-real-text", test_traditional_real_text);
  g_test_add_func ("/engine/tokenizer/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/engine/tokenizer/normalize-short", test_normalize_short);
  g_test_add_func ("/engine/tokenizer/ranges-known-answers", test_ranges_known_answers);
  g_test_add_func ("/engine/tokenizer/ranges-random", test_ranges_random);
  g_test_add_func ("/engine/tokenizer/ranges-real-text", test_ranges_real_text);
  g_test_add_func ("/engine/tokenizer/ranges-invalid-utf8", test_ranges_invalid_utf8);

  return g_test_run ();
}
