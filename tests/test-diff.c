/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <unicode/uclean.h>

#include "pr-diff-merged.h"
#include "pr-diff-private.h"
#include "pr-test-sequences.h"
#include "pr-tokenizer.h"

/* The words marked in @matched_a, in order, are those marked in @matched_b:
 * a common subsequence. Returns its length. */
static gsize
assert_common_subsequence (const guint32 *a,
                           gsize          n,
                           const guint8  *matched_a,
                           const guint32 *b,
                           gsize          m,
                           const guint8  *matched_b)
{
  gsize i = 0, j = 0, common = 0;

  for (;;)
    {
      while (i < n && !matched_a[i])
        i++;
      while (j < m && !matched_b[j])
        j++;
      if (i == n || j == m)
        break;
      g_assert_cmpuint (a[i], ==, b[j]);
      i++, j++, common++;
    }
  g_assert_cmpuint (i, ==, n);
  g_assert_cmpuint (j, ==, m);

  return common;
}

/* @b is @a edited: about @edits words dropped or put in. */
static guint32 *
edited_sequence (const guint32 *a,
                 gsize          n,
                 guint          alphabet,
                 guint          edits,
                 gsize         *out_m)
{
  GArray *b = g_array_new (FALSE, FALSE, sizeof (guint32));
  double p = edits / (2.0 * (n + 1));

  for (gsize i = 0; i <= n; i++)
    {
      if (g_test_rand_double () < p)
        {
          guint32 word = g_test_rand_int_range (0, alphabet);

          g_array_append_val (b, word);
        }
      if (i < n && g_test_rand_double () >= p)
        g_array_append_val (b, a[i]);
    }

  *out_m = b->len;
  return (guint32 *) (gpointer) g_array_free (b, FALSE);
}

static void
check_sequences (const guint32 *a,
                 gsize          n,
                 const guint32 *b,
                 gsize          m,
                 gsize          cost_limit,
                 guint64        work_limit,
                 gboolean       must_be_exact)
{
  g_autofree guint8 *matched_a = g_new0 (guint8, n + 1);
  g_autofree guint8 *matched_b = g_new0 (guint8, m + 1);
  g_autoptr(GError) error = NULL;
  gboolean exact = FALSE;
  guint64 work = 0;
  gsize common, longest;

  g_assert_true (_pr_diff_sequences (a, n, b, m, cost_limit, work_limit, matched_a, matched_b,
                                     &exact, &work, NULL, &error));
  g_assert_no_error (error);

  common = assert_common_subsequence (a, n, matched_a, b, m, matched_b);
  longest = pr_test_lcs_length (a, n, b, m);
  g_assert_cmpuint (common, <=, longest);
  if (must_be_exact)
    g_assert_true (exact);
  if (exact)
    g_assert_cmpuint (common, ==, longest);
  /* Bounded: the limit, plus at most one last snake. */
  if (work_limit < G_MAXUINT32)
    g_assert_cmpuint (work, <=, work_limit + MIN (n, m) + 1);
}

/* Myers against the dynamic programme on random sequences over small
 * alphabets (many equal words, many equally long answers). */
static void
test_sequences_vs_brute_force (void)
{
  for (guint round = 0; round < 4000; round++)
    {
      guint alphabet = g_test_rand_int_range (1, 8);
      gsize n = g_test_rand_int_range (0, 80);
      gsize m = g_test_rand_int_range (0, 80);
      g_autofree guint32 *a = pr_test_random_sequence (n, alphabet);
      g_autofree guint32 *b = pr_test_random_sequence (m, alphabet);

      /* A third of the time the vocabularies only overlap: words that only
       * one side has. */
      if (round % 3 == 0)
        {
          guint32 shift = g_test_rand_int_range (0, alphabet + 1);

          for (gsize j = 0; j < m; j++)
            b[j] += shift;
        }

      check_sequences (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, TRUE);
      check_sequences (b, m, a, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, TRUE);
    }
}

/* The usual case: one text an edit of the other. */
static void
test_sequences_edited (void)
{
  for (guint round = 0; round < 500; round++)
    {
      guint alphabet = g_test_rand_int_range (2, 400);
      gsize n = g_test_rand_int_range (0, 1500), m = 0;
      g_autofree guint32 *a = pr_test_random_sequence (n, alphabet);
      g_autofree guint32 *b = edited_sequence (a, n, alphabet, g_test_rand_int_range (0, 60), &m);

      check_sequences (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, TRUE);
    }
}

/* With tiny limits the result is still a common subsequence, and exact
 * says truly whether it is a longest one. */
static void
test_sequences_limits (void)
{
  guint cut = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint alphabet = g_test_rand_int_range (1, 10);
      gsize n = g_test_rand_int_range (0, 120);
      gsize m = g_test_rand_int_range (0, 120);
      g_autofree guint32 *a = pr_test_random_sequence (n, alphabet);
      g_autofree guint32 *b = pr_test_random_sequence (m, alphabet);
      gsize cost_limit = g_test_rand_int_range (1, 6);
      guint64 work_limit = g_test_rand_bit () ? G_MAXUINT64 : (guint64) g_test_rand_int_range (0, 2000);
      g_autofree guint8 *matched_a = g_new0 (guint8, n + 1);
      g_autofree guint8 *matched_b = g_new0 (guint8, m + 1);
      gboolean exact = TRUE;

      check_sequences (a, n, b, m, cost_limit, work_limit, FALSE);
      g_assert_true (_pr_diff_sequences (a, n, b, m, cost_limit, work_limit, matched_a, matched_b,
                                         &exact, NULL, NULL, NULL));
      cut += !exact;
    }

  /* The limits did bite. */
  g_assert_cmpuint (cut, >, 100);
}

static void
test_sequences_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *a = pr_test_random_sequence (2000, 3);
  g_autofree guint32 *b = pr_test_random_sequence (2000, 3);
  g_autofree guint8 *matched_a = g_new0 (guint8, 2000);
  g_autofree guint8 *matched_b = g_new0 (guint8, 2000);

  g_cancellable_cancel (cancellable);
  g_assert_false (_pr_diff_sequences (a, 2000, b, 2000, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT,
                                      matched_a, matched_b, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Texts ------------------------------------------------------------------ */

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

static void
collect (const char *token,
         gsize       length,
         gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strndup (token, length));
}

/* The spans cover the text, in order, without gaps, overlaps or empty
 * spans, on character boundaries, neighbours of different kinds. */
static void
assert_spans_valid (GArray     *spans,
                    const char *text,
                    gsize       length)
{
  gsize at = 0, total = 0;

  for (guint i = 0; i < spans->len; i++)
    {
      const PrDiffSpan *span = &g_array_index (spans, PrDiffSpan, i);

      g_assert_cmpuint (span->start, ==, at);
      g_assert_cmpuint (span->start, <, span->end);
      g_assert_cmpuint (span->end, <=, length);
      g_assert_true (span->kind == PR_DIFF_SAME || span->kind == PR_DIFF_CHANGED);
      g_assert_true ((text[span->start] & 0xc0) != 0x80);
      g_assert_true (span->end == length || (text[span->end] & 0xc0) != 0x80);
      if (i > 0)
        g_assert_cmpint (span->kind, !=, g_array_index (spans, PrDiffSpan, i - 1).kind);
      at = span->end;
      total += span->end - span->start;
    }
  g_assert_cmpuint (at, ==, length);
  g_assert_cmpuint (total, ==, length);
  g_assert_true (length > 0 || spans->len == 0);
}

static PrDiffKind
kind_at (GArray *spans,
         gsize   start,
         gsize   end)
{
  for (guint i = 0; i < spans->len; i++)
    {
      const PrDiffSpan *span = &g_array_index (spans, PrDiffSpan, i);

      if (span->start <= start && start < span->end)
        {
          /* A word never straddles two spans. */
          g_assert_cmpuint (end, <=, span->end);
          return span->kind;
        }
    }
  g_assert_not_reached ();
}

/* The words of @text that @spans shows as SAME, normalised, in order. */
static GPtrArray *
same_words (PrTokenizer *tokenizer,
            const char  *text,
            GArray      *spans)
{
  Ranged ranged = { g_ptr_array_new_with_free_func (g_free), g_array_new (FALSE, FALSE, sizeof (gsize)) };
  GPtrArray *same = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (pr_tokenizer_tokenize_with_ranges (tokenizer, text, -1, collect_range, &ranged, NULL));
  for (guint i = 0; i < ranged.tokens->len; i++)
    {
      gsize start = g_array_index (ranged.ranges, gsize, 2 * i);
      gsize end = g_array_index (ranged.ranges, gsize, 2 * i + 1);

      if (kind_at (spans, start, end) == PR_DIFF_SAME)
        g_ptr_array_add (same, g_strdup (ranged.tokens->pdata[i]));
    }
  g_ptr_array_unref (ranged.tokens);
  g_array_unref (ranged.ranges);

  return same;
}

/* The words by the plain tokenizer, numbered through @numbers. */
static GArray *
numbered_words (PrTokenizer *tokenizer,
                GHashTable  *numbers,
                const char  *text)
{
  g_autoptr(GPtrArray) tokens = g_ptr_array_new_with_free_func (g_free);
  GArray *numbered = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_assert_true (pr_tokenizer_tokenize (tokenizer, text, -1, collect, tokens, NULL));
  for (guint i = 0; i < tokens->len; i++)
    {
      gpointer value;
      guint32 number;

      if (!g_hash_table_lookup_extended (numbers, tokens->pdata[i], NULL, &value))
        {
          value = GUINT_TO_POINTER (g_hash_table_size (numbers));
          g_hash_table_insert (numbers, g_strdup (tokens->pdata[i]), value);
        }
      number = GPOINTER_TO_UINT (value);
      g_array_append_val (numbered, number);
    }

  return numbered;
}

/* Diffs @a and @b and checks everything an independent reading can: valid
 * spans; SAME words of one text, in order, the SAME words of the other; as
 * many of them as a longest common subsequence of the plain tokenizer's
 * words (the dynamic programme). */
static PrDiff *
diff_and_check (PrTokenizer *tokenizer,
                const char  *a,
                const char  *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) words_a = numbered_words (tokenizer, numbers, a);
  g_autoptr(GArray) words_b = numbered_words (tokenizer, numbers, b);
  g_autoptr(GPtrArray) same_a = NULL;
  g_autoptr(GPtrArray) same_b = NULL;
  PrDiff *diff;

  diff = pr_diff_words (tokenizer, a, -1, b, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (diff);

  assert_spans_valid (diff->spans_a, a, strlen (a));
  assert_spans_valid (diff->spans_b, b, strlen (b));
  g_assert_cmpuint (diff->words_a, ==, words_a->len);
  g_assert_cmpuint (diff->words_b, ==, words_b->len);

  same_a = same_words (tokenizer, a, diff->spans_a);
  same_b = same_words (tokenizer, b, diff->spans_b);
  g_ptr_array_add (same_a, NULL);
  g_ptr_array_add (same_b, NULL);
  g_assert_cmpstrv ((const char *const *) same_a->pdata, (const char *const *) same_b->pdata);
  g_assert_cmpuint (same_a->len - 1, ==, diff->common);

  g_assert_true (diff->exact);
  g_assert_cmpuint (diff->common, ==, pr_test_lcs_length ((const guint32 *) (gpointer) words_a->data, words_a->len,
                                                           (const guint32 *) (gpointer) words_b->data, words_b->len));

  return diff;
}

static void
assert_spans (GArray            *spans,
              const PrDiffSpan  *expected,
              guint              n_expected)
{
  g_assert_cmpuint (spans->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    {
      const PrDiffSpan *span = &g_array_index (spans, PrDiffSpan, i);

      g_assert_cmpuint (span->start, ==, expected[i].start);
      g_assert_cmpuint (span->end, ==, expected[i].end);
      g_assert_cmpint (span->kind, ==, expected[i].kind);
    }
}

#define SAME(s, e)    { s, e, PR_DIFF_SAME }
#define CHANGED(s, e) { s, e, PR_DIFF_CHANGED }

/* Worked out by hand: ICU cuts 我要|投诉|小区|物业 and 我要|投诉|小区|的|物业|公司;
 * every character is three bytes. */
static void
test_known_answer (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(PrDiff) diff = diff_and_check (tokenizer, "我要投诉小区物业", "我要投诉小区的物业公司");
  g_autoptr(PrDiff) reverse = diff_and_check (tokenizer, "我要投诉小区的物业公司", "我要投诉小区物业");
  g_autoptr(PrDiff) punctuated = NULL;

  assert_spans (diff->spans_a, (PrDiffSpan[]) { SAME (0, 24) }, 1);
  assert_spans (diff->spans_b, (PrDiffSpan[]) { SAME (0, 18), CHANGED (18, 21), SAME (21, 27), CHANGED (27, 33) }, 4);
  g_assert_cmpuint (diff->words_a, ==, 4);
  g_assert_cmpuint (diff->words_b, ==, 6);
  g_assert_cmpuint (diff->common, ==, 4);
  g_assert_cmpfloat_with_epsilon (pr_diff_get_similarity (diff), 0.8, 1e-12);

  assert_spans (reverse->spans_a, (PrDiffSpan[]) { SAME (0, 18), CHANGED (18, 21), SAME (21, 27), CHANGED (27, 33) }, 4);
  assert_spans (reverse->spans_b, (PrDiffSpan[]) { SAME (0, 24) }, 1);

  /* Punctuation and space are never changed, even when only one side has
   * them: 我要投诉 0-12, "，" 12-15, 小区 15-21, " " 21-22, 的 22-25,
   * 物业 25-31, "。" 31-34. */
  punctuated = diff_and_check (tokenizer, "我要投诉，小区 的物业。", "我要投诉小区物业！！");
  assert_spans (punctuated->spans_a, (PrDiffSpan[]) { SAME (0, 22), CHANGED (22, 25), SAME (25, 34) }, 3);
  assert_spans (punctuated->spans_b, (PrDiffSpan[]) { SAME (0, 30) }, 1);
}

/* Width, case and Traditional characters are the same words, as they are
 * for the fingerprint; without FOLD_TRADITIONAL only Traditional differs. */
static void
test_variants_equal (void)
{
  const char *traditional = "我要投訴小區物業，電話１３８００００１１１１，ＡＢＣ公司Ｓｔｒａßｅ";
  const char *simplified = "我要投诉小区物业, 电话13800001111, abc公司STRASSE";
  g_autoptr(PrTokenizer) folding = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(PrTokenizer) plain = pr_tokenizer_new (0, NULL);
  g_autoptr(PrDiff) folded = diff_and_check (folding, traditional, simplified);
  g_autoptr(PrDiff) unfolded = diff_and_check (plain, traditional, simplified);
  g_autoptr(PrDiff) wide = diff_and_check (plain, "电话１３８００００１１１１，ＡＢＣ公司", "电话13800001111,abc公司");

  g_assert_cmpuint (folded->common, ==, folded->words_a);
  g_assert_cmpuint (folded->common, ==, folded->words_b);
  assert_spans (folded->spans_a, (PrDiffSpan[]) { SAME (0, strlen (traditional)) }, 1);
  assert_spans (folded->spans_b, (PrDiffSpan[]) { SAME (0, strlen (simplified)) }, 1);
  g_assert_cmpfloat (pr_diff_get_similarity (folded), ==, 1.0);

  /* Unfolded, 投訴 小區 物業 電話 differ (and ICU cuts 小區 as 小|區). */
  g_assert_cmpuint (unfolded->common, <, unfolded->words_a);
  g_assert_cmpint (g_array_index (unfolded->spans_a, PrDiffSpan, 0).kind, ==, PR_DIFF_SAME);   /* 我要 */
  g_assert_cmpuint (g_array_index (unfolded->spans_a, PrDiffSpan, 0).end, ==, 6);
  g_assert_cmpint (g_array_index (unfolded->spans_a, PrDiffSpan, 1).kind, ==, PR_DIFF_CHANGED);

  assert_spans (wide->spans_a, (PrDiffSpan[]) { SAME (0, strlen ("电话１３８００００１１１１，ＡＢＣ公司")) }, 1);
  assert_spans (wide->spans_b, (PrDiffSpan[]) { SAME (0, strlen ("电话13800001111,abc公司")) }, 1);
}

/* Random texts from a few words (many matches), glued by nothing, space or
 * punctuation, with their variants: the oracle on every one. */
static void
test_random_texts (void)
{
  static const char *const words[] = {
    "小区", "小區", "物业", "物業", "投诉", "的", "公司", "维修", "ＡＢＣ", "abc", "12", "１２", "3.5", "电梯",
  };
  static const char *const glue[] = { "", "", " ", "，", "。", "\n" };
  g_autoptr(PrTokenizer) folding = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(PrTokenizer) plain = pr_tokenizer_new (0, NULL);

  for (guint round = 0; round < 600; round++)
    {
      g_autoptr(GString) a = g_string_new (NULL);
      g_autoptr(GString) b = g_string_new (NULL);
      guint vocabulary = g_test_rand_int_range (2, G_N_ELEMENTS (words) + 1);
      guint n = g_test_rand_int_range (0, 40), m = g_test_rand_int_range (0, 40);
      g_autoptr(PrDiff) folded = NULL;
      g_autoptr(PrDiff) unfolded = NULL;

      for (guint i = 0; i < n; i++)
        {
          g_string_append (a, words[g_test_rand_int_range (0, vocabulary)]);
          g_string_append (a, glue[g_test_rand_int_range (0, G_N_ELEMENTS (glue))]);
        }
      for (guint i = 0; i < m; i++)
        {
          g_string_append (b, words[g_test_rand_int_range (0, vocabulary)]);
          g_string_append (b, glue[g_test_rand_int_range (0, G_N_ELEMENTS (glue))]);
        }

      folded = diff_and_check (folding, a->str, b->str);
      unfolded = diff_and_check (plain, a->str, b->str);
    }
}

static void
test_empty (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  g_autoptr(PrDiff) both = diff_and_check (tokenizer, "", "");
  g_autoptr(PrDiff) one = diff_and_check (tokenizer, "", "维修电梯");
  g_autoptr(PrDiff) marks = diff_and_check (tokenizer, "，。", " ");
  g_autoptr(PrDiff) null = pr_diff_words (tokenizer, NULL, 0, NULL, 0, NULL, NULL);

  g_assert_cmpuint (both->spans_a->len, ==, 0);
  g_assert_cmpuint (both->spans_b->len, ==, 0);
  g_assert_cmpfloat (pr_diff_get_similarity (both), ==, 1.0);
  g_assert_cmpuint (null->spans_a->len, ==, 0);

  g_assert_cmpuint (one->spans_a->len, ==, 0);
  assert_spans (one->spans_b, (PrDiffSpan[]) { CHANGED (0, 12) }, 1);
  g_assert_cmpfloat (pr_diff_get_similarity (one), ==, 0.0);

  assert_spans (marks->spans_a, (PrDiffSpan[]) { SAME (0, 6) }, 1);
  assert_spans (marks->spans_b, (PrDiffSpan[]) { SAME (0, 1) }, 1);
  g_assert_cmpfloat (pr_diff_get_similarity (marks), ==, 1.0);
}

/* ㏠ is 1日, two words in one character: if either is changed, so is ㏠. */
static void
test_one_character_two_words (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  g_autoptr(PrDiff) diff = pr_diff_words (tokenizer, "㏠起", -1, "1起", -1, NULL, NULL);
  g_autoptr(PrDiff) same = pr_diff_words (tokenizer, "㏠起", -1, "1日起", -1, NULL, NULL);

  g_assert_cmpuint (diff->common, ==, 2);
  assert_spans (diff->spans_a, (PrDiffSpan[]) { CHANGED (0, 3), SAME (3, 6) }, 2);
  assert_spans (diff->spans_b, (PrDiffSpan[]) { SAME (0, 4) }, 1);
  assert_spans (same->spans_a, (PrDiffSpan[]) { SAME (0, 6) }, 1);
}

static void
test_invalid_utf8 (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  static const struct { const char *text; gssize length; } bad[] = {
    { "物业\xff", -1 },
    { "物业\xe4\xbd", -1 },
    { "ab\0cd", 5 },
    { "\xed\xa0\x80", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PrDiff) first = pr_diff_words (tokenizer, bad[i].text, bad[i].length, "物业", -1, NULL, &error);
      g_autoptr(PrDiff) second = NULL;

      g_assert_null (first);
      g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
      g_clear_error (&error);
      second = pr_diff_words (tokenizer, "物业", -1, bad[i].text, bad[i].length, NULL, &error);
      g_assert_null (second);
      g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
    }

  /* Still usable. */
  {
    g_autoptr(PrDiff) diff = diff_and_check (tokenizer, "物业", "物业公司");
  }
}

static void
test_cancelled (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrDiff) diff = NULL;

  g_cancellable_cancel (cancellable);
  diff = pr_diff_words (tokenizer, "物业", -1, "物业公司", -1, cancellable, &error);
  g_assert_null (diff);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Two long unrelated texts over the same two words, the worst case for
 * Myers (a match on every other diagonal, D a third of the length or so):
 * the default limits must stop the search. Asserts the work done, not the
 * time; 16 MiB each with -m slow, 1 MiB otherwise. */
static void
test_pathological (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  gsize size = g_test_slow () ? PR_TOKENIZER_MAX_LENGTH : 1024 * 1024;
  g_autoptr(GString) a = g_string_sized_new (size);
  g_autoptr(GString) b = g_string_sized_new (size);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrDiff) diff = NULL;
  guint64 work = 0;

  while (a->len + 2 <= size)
    g_string_append (a, g_test_rand_bit () ? "a " : "b ");
  while (b->len + 2 <= size)
    g_string_append (b, g_test_rand_bit () ? "a " : "b ");

  diff = _pr_diff_words_with_limits (tokenizer, a->str, a->len, b->str, b->len,
                                     _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT, &work, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (diff);
  g_test_message ("%" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT " words, %" G_GSIZE_FORMAT " matched, "
                  "work %" G_GUINT64_FORMAT, diff->words_a, diff->words_b, diff->common, work);

  g_assert_false (diff->exact);
  g_assert_cmpuint (diff->words_a, ==, size / 2);
  g_assert_cmpuint (work, <=, _PR_DIFF_WORK_LIMIT + diff->words_a + 1);
  g_assert_cmpuint (diff->common, <, diff->words_a);
  assert_spans_valid (diff->spans_a, a->str, a->len);
  assert_spans_valid (diff->spans_b, b->str, b->len);
}

/* A long text against itself with a few words changed: past the exact range
 * only because of its length, so the result must still be good. */
static void
test_long_edited (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, NULL);
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);
  g_autoptr(PrDiff) diff = NULL;
  guint changed = 0;

  for (guint i = 0; i < 200000; i++)
    {
      guint word = g_test_rand_int_range (0, 1000);

      g_string_append_printf (a, "w%u ", word);
      if (g_test_rand_int_range (0, 1000) == 0)
        {
          g_string_append_printf (b, "x%u ", word);
          changed++;
        }
      else
        g_string_append_printf (b, "w%u ", word);
    }

  diff = pr_diff_words (tokenizer, a->str, a->len, b->str, b->len, NULL, NULL);
  g_assert_nonnull (diff);
  g_assert_true (diff->exact);
  g_assert_cmpuint (diff->common, ==, 200000 - changed);
  assert_spans_valid (diff->spans_a, a->str, a->len);
  assert_spans_valid (diff->spans_b, b->str, b->len);
}

/* The longest common subsequence of two lists of graphemes, by trying
 * every subsequence of the first (they are short). */
static guint
brute_lcs (const char *const *a,
           guint               na,
           const char *const *b,
           guint               nb)
{
  guint best = 0;

  for (guint mask = 0; mask < (1u << na); mask++)
    {
      guint n = 0, y = 0;
      gboolean found = TRUE;

      for (guint x = 0; x < na && found; x++)
        {
          if (!(mask & (1u << x)))
            continue;
          while (y < nb && strcmp (a[x], b[y]) != 0)
            y++;
          found = y < nb;
          y++, n++;
        }
      if (found)
        best = MAX (best, n);
    }
  return best;
}

static char *
joined (const char *const *graphemes,
        guint               n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (text, graphemes[i]);
  return g_string_free (text, FALSE);
}

/* Whether @offset of @text, made of @graphemes, falls between two of them. */
static gboolean
on_boundary (const char *const *graphemes,
             guint               n,
             gsize               offset)
{
  gsize at = 0;

  for (guint i = 0; i <= n; i++)
    {
      if (at == offset)
        return TRUE;
      if (i < n)
        at += strlen (graphemes[i]);
    }
  return FALSE;
}

/* Character by character, the marks keep a reader's characters whole (e
 * and a combining accent, an emoji and its skin tone), put both values
 * back whole, and share as many characters as the longest common
 * subsequence found by trying every one. */
static void
test_merge_chars_graphemes (void)
{
  static const struct {
    const char *a[8];
    const char *b[8];
  } cases[] = {
    { { "1", "1", "0", "1", "0", "1", "X" }, { "1", "1", "0", "1", "0", "1", "5" } },
    { { "张", "三" }, { "张", "叁" } },
    { { "c", "a", "f", "e\xcc\x81" }, { "c", "a", "f", "e\xcc\x80" } },
    { { "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbb", "好" }, { "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbf", "好" } },
    { { "１", "２", "３", "４" }, { "１", "２", "３", "５" } },
    { { "1", "3", "8", "0", "0", "1" }, { "1", "3", "8", "-", "0", "0", "1" } },
    { { "京", "沪", "京", "粤", "京" }, { "沪", "京", "京", "粤" } },
    { { "" }, { "王" } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint na = 0, nb = 0, same = 0;
      g_autofree char *a = NULL, *b = NULL, *merged = NULL;
      g_autoptr(GArray) runs = NULL;
      GString *from_a = g_string_new (NULL), *from_b = g_string_new (NULL);

      while (na < 8 && cases[c].a[na] != NULL && *cases[c].a[na] != '\0')
        na++;
      while (nb < 8 && cases[c].b[nb] != NULL && *cases[c].b[nb] != '\0')
        nb++;
      a = joined (cases[c].a, na);
      b = joined (cases[c].b, nb);
      merged = pr_diff_merge_chars (a, b, &runs);
      for (guint r = 0; r < runs->len; r++)
        {
          PrDiffRun *run = &g_array_index (runs, PrDiffRun, r);

          if (run->kind != PR_DIFF_RUN_ADDED)
            {
              g_assert_true (on_boundary (cases[c].a, na, from_a->len));
              g_string_append_len (from_a, merged + run->start, run->end - run->start);
              g_assert_true (on_boundary (cases[c].a, na, from_a->len));
            }
          if (run->kind != PR_DIFF_RUN_REMOVED)
            {
              g_assert_true (on_boundary (cases[c].b, nb, from_b->len));
              g_string_append_len (from_b, merged + run->start, run->end - run->start);
              g_assert_true (on_boundary (cases[c].b, nb, from_b->len));
            }
          if (run->kind == PR_DIFF_RUN_SAME)
            for (gsize at = 0; at < run->end - run->start;)
              {
                /* Counted in the first value's graphemes. */
                gsize start = from_a->len - (run->end - run->start) + at;
                guint i = 0;
                gsize offset = 0;

                while (offset < start)
                  offset += strlen (cases[c].a[i++]);
                at += strlen (cases[c].a[i]);
                same++;
              }
        }
      g_assert_cmpstr (from_a->str, ==, a);
      g_assert_cmpstr (from_b->str, ==, b);
      g_assert_cmpuint (same, ==, brute_lcs (cases[c].a, na, cases[c].b, nb));
      g_string_free (from_a, TRUE);
      g_string_free (from_b, TRUE);
    }
}

/* Above the limit a field is marked whole, not diffed character by
 * character. */
static void
test_merge_chars_long (void)
{
  GString *a = g_string_new (NULL), *b = g_string_new (NULL);
  g_autoptr(GArray) runs = NULL;
  g_autofree char *merged = NULL;

  for (guint i = 0; i <= PR_DIFF_MAX_CHARS; i++)
    {
      g_string_append (a, "京");
      g_string_append (b, i % 7 ? "京" : "沪");
    }
  merged = pr_diff_merge_chars (a->str, b->str, &runs);
  g_assert_cmpuint (runs->len, ==, 2);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 0).kind, ==, PR_DIFF_RUN_REMOVED);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 1).kind, ==, PR_DIFF_RUN_ADDED);
  g_string_free (a, TRUE);
  g_string_free (b, TRUE);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/diff/sequences-vs-brute-force", test_sequences_vs_brute_force);
  g_test_add_func ("/engine/diff/sequences-edited", test_sequences_edited);
  g_test_add_func ("/engine/diff/sequences-limits", test_sequences_limits);
  g_test_add_func ("/engine/diff/sequences-cancelled", test_sequences_cancelled);
  g_test_add_func ("/engine/diff/known-answer", test_known_answer);
  g_test_add_func ("/engine/diff/variants-equal", test_variants_equal);
  g_test_add_func ("/engine/diff/random-texts-vs-brute-force", test_random_texts);
  g_test_add_func ("/engine/diff/empty", test_empty);
  g_test_add_func ("/engine/diff/one-character-two-words", test_one_character_two_words);
  g_test_add_func ("/engine/diff/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/engine/diff/cancelled", test_cancelled);
  g_test_add_func ("/engine/diff/pathological", test_pathological);
  g_test_add_func ("/engine/diff/long-edited", test_long_edited);
  g_test_add_func ("/engine/diff/merge-chars-graphemes", test_merge_chars_graphemes);
  g_test_add_func ("/engine/diff/merge-chars-long", test_merge_chars_long);

  status = g_test_run ();

  /* ICU keeps the Traditional-Simplified transform's registry for the life
   * of the process; free it so that valgrind's leak check sees no
   * "possibly lost" blocks. Every tokenizer is freed by now. */
  u_cleanup ();

  return status;
}
