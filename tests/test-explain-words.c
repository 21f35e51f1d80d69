/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The words "why they match" names: function words (的, 不, 好) left out
 * of its lists, the others heaviest first, each as the first record
 * writes it. Counted by hand below; the words are cut apart by spaces so
 * that the count does not depend on the dictionary.
 */
#include "config.h"

#include <string.h>

#include <unicode/uclean.h>

#include "pr-explain.h"
#include "pr-function-words.h"

static PrMapping *
body_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  return mapping;
}

/*
 * A: 的 ×4, 不 ×3, 好 ×2, 工資 ×2 (Traditional), 拖欠 ×1, ＡＢＣ ×1 (full width), 宿舍 ×1
 * B: 的 ×3, 不 ×2, 好 ×1, 工资 ×3, 拖欠 ×2, abc ×1, 食堂 ×1
 *
 * Shared, by the smaller count: 的 3, 不 2, 工资 2, 好 1, 拖欠 1, abc 1.
 * Without the function words: 工资 2, then abc 1 and 拖欠 1 in byte order
 * ("a" < "拖"), shown as A writes them: 工資, ＡＢＣ, 拖欠. Three function
 * words left out. Only in A: 宿舍; only in B: 食堂.
 */
static const char *const record_a[] = { "1", "的，的，的，的，不，不，不，好，好，工資，工資，拖欠，ＡＢＣ，宿舍" };
static const char *const record_b[] = { "2", "的，的，的，不，不，好，工资，工资，工资，拖欠，拖欠，abc，食堂" };

static void
test_ranked_surface (void)
{
  g_autoptr(PrMapping) mapping = body_mapping ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrExplain) explain = pr_explain_pair (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 1, record_a, NULL,
                                                  record_b, NULL, 0, &error);
  const char *const shared[] = { "工資", "ＡＢＣ", "拖欠" };
  const double weights[] = { 2, 1, 1 };

  g_assert_no_error (error);
  g_assert_nonnull (explain);
  g_assert_cmpuint (explain->n_function_words, ==, 3);
  g_assert_cmpuint (explain->shared->len, ==, G_N_ELEMENTS (shared));
  g_assert_cmpuint (explain->n_shared, ==, G_N_ELEMENTS (shared));
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      const PrExplainFeature *feature = explain->shared->pdata[i];

      g_assert_cmpstr (pr_explain_feature_get_label (feature), ==, shared[i]);
      g_assert_cmpfloat (pr_explain_feature_shared_weight (feature), ==, weights[i]);
      g_assert_false (feature->function_word);
    }
  g_assert_cmpuint (explain->only_a->len, ==, 1);
  g_assert_cmpstr (pr_explain_feature_get_label (explain->only_a->pdata[0]), ==, "宿舍");
  g_assert_cmpuint (explain->only_b->len, ==, 1);
  g_assert_cmpstr (pr_explain_feature_get_label (explain->only_b->pdata[0]), ==, "食堂");
  /* The fingerprints still count every word: the function words' weight
   * is in the shared sum (3 + 2 + 1 of them, 2 + 1 + 1 of the rest). */
  g_assert_cmpfloat (explain->weight_shared, ==, 10);
}

/* A word only the second record has is shown as it writes it. */
static void
test_surface_of_b (void)
{
  g_autoptr(PrMapping) mapping = body_mapping ();
  const char *const a[] = { "1", "拖欠" };
  const char *const b[] = { "2", "拖欠 ＸＹＺ" };
  g_autoptr(PrExplain) explain = pr_explain_pair (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 1, a, NULL, b, NULL, 0,
                                                  NULL);

  g_assert_nonnull (explain);
  g_assert_cmpuint (explain->only_b->len, ==, 1);
  g_assert_cmpstr (((PrExplainFeature *) explain->only_b->pdata[0])->text, ==, "xyz");
  g_assert_cmpstr (pr_explain_feature_get_label (explain->only_b->pdata[0]), ==, "ＸＹＺ");
}

/*
 * Both: 访 ×4, 钱 ×3, 工资 ×2, 拖欠 ×1, 房屋 ×1, and the function word 的.
 * Words of two characters first, heaviest first, then bytes (房 E6 88 BF
 * before 拖 E6 8B 96): 工资, 房屋, 拖欠; then the single characters by
 * weight: 访, 钱.
 */
static void
test_single_characters_last (void)
{
  g_autoptr(PrMapping) mapping = body_mapping ();
  const char *const a[] = { "1", "访 访 访 访 钱 钱 钱 工资 工资 拖欠 房屋 的" };
  const char *const b[] = { "2", "的 房屋 拖欠 工资 工资 钱 钱 钱 访 访 访 访" };
  const char *const shared[] = { "工资", "房屋", "拖欠", "访", "钱" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrExplain) explain = pr_explain_pair (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 1, a, NULL, b, NULL, 0,
                                                  &error);

  g_assert_no_error (error);
  g_assert_nonnull (explain);
  g_assert_cmpuint (explain->n_function_words, ==, 1);
  g_assert_cmpuint (explain->shared->len, ==, G_N_ELEMENTS (shared));
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    g_assert_cmpstr (pr_explain_feature_get_label (explain->shared->pdata[i]), ==, shared[i]);
}

/*
 * The same records capped at 3: the three heaviest shared words are 访 4,
 * 钱 3 and 工资 2, whatever their length; shown two-character words
 * first: 工资, 访, 钱. 房屋 and 拖欠 (1 each) are lighter and left out.
 */
static void
test_cap_heaviest (void)
{
  g_autoptr(PrMapping) mapping = body_mapping ();
  const char *const a[] = { "1", "访 访 访 访 钱 钱 钱 工资 工资 拖欠 房屋 的" };
  const char *const b[] = { "2", "的 房屋 拖欠 工资 工资 钱 钱 钱 访 访 访 访" };
  const char *const shared[] = { "工资", "访", "钱" };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrExplain) explain = pr_explain_pair (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 1, a, NULL, b, NULL, 3,
                                                  &error);

  g_assert_no_error (error);
  g_assert_nonnull (explain);
  g_assert_cmpuint (explain->n_shared, ==, 5);
  g_assert_cmpuint (explain->shared->len, ==, G_N_ELEMENTS (shared));
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    g_assert_cmpstr (pr_explain_feature_get_label (explain->shared->pdata[i]), ==, shared[i]);
}

static void
test_function_words (void)
{
  const char *const yes[] = { "的", "不", "好", "了", "我们", "是" };
  const char *const no[] = { "工资", "拖欠", "好处", "的确", "", "abc" };

  for (guint i = 0; i < G_N_ELEMENTS (yes); i++)
    g_assert_true (pr_is_function_word (yes[i], strlen (yes[i])));
  for (guint i = 0; i < G_N_ELEMENTS (no); i++)
    g_assert_false (pr_is_function_word (no[i], strlen (no[i])));
  /* Bytes, not a C string: "的确" cut to its first character is 的. */
  g_assert_true (pr_is_function_word ("的确", strlen ("的")));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/explain-words/ranked-surface", test_ranked_surface);
  g_test_add_func ("/engine/explain-words/surface-of-second", test_surface_of_b);
  g_test_add_func ("/engine/explain-words/function-words", test_function_words);
  g_test_add_func ("/engine/explain-words/single-characters-last", test_single_characters_last);
  g_test_add_func ("/engine/explain-words/cap-heaviest", test_cap_heaviest);
  status = g_test_run ();
  u_cleanup ();
  return status;
}
