/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include <unicode/uclean.h>

#include "pr-date.h"
#include "pr-diff.h"
#include "pr-pair-explain.h"
#include "pr-pair-features.h"

/* Counted by hand: "abcde" has abc bcd cde, "abcd xy" (space left out)
 * abc bcd cdx dxy; two shared. */
static void
test_containment (void)
{
  double covered = -1;

  g_assert_cmpfloat_with_epsilon (pr_pair_containment ("abcde", "abcd xy", &covered), 2.0 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (covered, 2.0 / 4, 1e-12);
  /* A repeated gram counts once: "aaaa" is {aaa}, in "aaab" {aaa, aab}. */
  g_assert_cmpfloat_with_epsilon (pr_pair_containment ("aaaa", "aaab", &covered), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (covered, 0.5, 1e-12);
  g_assert_cmpfloat (pr_pair_containment ("", "abc", &covered), ==, 0);
  g_assert_cmpfloat (covered, ==, 0);
  /* Code points, not bytes: 投诉信 and 投诉书 share no 3-gram, 投诉 as a whole is one gram. */
  g_assert_cmpfloat (pr_pair_containment ("投诉信", "投诉书", NULL), ==, 0);
  g_assert_cmpfloat_with_epsilon (pr_pair_dice ("投诉", "投诉"), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (pr_pair_dice ("abcd", "abce"), 0.5, 1e-12);
}

/* The cat/dog pair by hand: the, sat, on, the, mat matched; cat against
 * dog a substitution run; today inserted at the end. */
static void
test_diff_shape (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FLAGS_NONE, &error);
  g_autoptr(PrDiff) diff = NULL;
  g_autoptr(PrDiff) moved = NULL;

  g_assert_no_error (error);
  diff = pr_diff_words (tokenizer, "the cat sat on the mat", -1, "the dog sat on the mat today", -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (diff->common, ==, 5);
  g_assert_cmpuint (diff->substituted, ==, 1);
  g_assert_cmpuint (diff->substitution_runs, ==, 1);
  g_assert_cmpuint (diff->inserted, ==, 1);
  g_assert_cmpuint (diff->insertion_runs, ==, 1);

  /* Two words against three between the same matches: two substituted, one inserted. */
  moved = pr_diff_words (tokenizer, "a b c z", -1, "a x y w z", -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (moved->common, ==, 2);
  g_assert_cmpuint (moved->substituted, ==, 2);
  g_assert_cmpuint (moved->inserted, ==, 1);
  g_assert_cmpuint (moved->substitution_runs, ==, 1);
  g_assert_cmpuint (moved->insertion_runs, ==, 0);
}

static void
test_features (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FLAGS_NONE, &error);
  const char *fields_a[] = { "x", "y", NULL };
  const char *fields_b[] = { "x", "z", "w" };
  PrPairRecord a = { "the cat sat on the mat", "abcd", 0, 7, 0, fields_a, 3 };
  PrPairRecord b = { "The dog sat on the mat today", "abce", 9 * 86400, 8, 0x7, fields_b, 3 };
  double x[PR_PAIR_N_FEATURES];

  g_assert_no_error (error);
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_no_error (error);
  /* Case folded first; then 14 and 19 distinct 3-grams, 9 shared. */
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_CONTAINED], 9.0 / 14, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_COVERED], 9.0 / 19, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_SHARED_WORDS], 5.0 / 6, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_SUBSTITUTED], 1.0 / 6, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_INSERTED], 1.0 / 7, 1e-12);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_SUBJECT], 0.5, 1e-12);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_SUBJECT], ==, 0);
  /* ln 10 / ln 3651 */
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_DATE_GAP], 0.28070870154616173, 1e-12);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SAME_PETITIONER], ==, -1);
  /* x = x, y ≠ z, the third empty on one side: (1 − 1) / 2 */
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_FIELDS], ==, 0);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_DISTANCE], 3.0 / 64, 1e-12);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_IDENTITY], ==, 0);
  /* Letter runs: the cat sat on mat against the dog sat on mat today, 4 of 5. */
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_CODES], 4.0 / 5, 1e-12);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_CODES], ==, 0);

  /* A3区 against A5区: the places differ; 投诉 has none. */
  a = (PrPairRecord) { "Ａ3区的道路坏了 2019年", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  b = (PrPairRecord) { "A5区的道路坏了 2019年", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_CODES], 1.0 / 2, 1e-12);
  b.body = "投诉";
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_CODES], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_CODES], ==, 1);

  /* Without subjects, dates and petitioners. */
  a = (PrPairRecord) { "same words here", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  b = (PrPairRecord) { "same words here", "", 0, 5, 0, NULL, 0 };
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_CONTAINED], ==, 1);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_COVERED], ==, 1);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SUBSTITUTED], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_INSERTED], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_SUBJECT], ==, 1);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_DATE_GAP], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SAME_PETITIONER], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_DISTANCE], ==, 0);
  /* The same bytes, so the same letter runs: all of them shared. */
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_CODES], ==, 1);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_CODES], ==, 0);
}

/* What a subject names, in one body only. Counted by hand: 甲校实习 has
 * the 3-grams 甲校实 and 校实习, both in its own body; the other body
 * holds 校实习 only; the same the other way: 1 − 2 / 4. */
static void
test_subject_elsewhere (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FLAGS_NONE, &error);
  PrPairRecord a = { "甲校实习太累我是甲校学生", "甲校实习", PR_DATE_NONE, 0, 0, NULL, 0 };
  PrPairRecord b = { "乙校实习太累我是乙校学生", "乙校实习", PR_DATE_NONE, 0, 0, NULL, 0 };
  double x[PR_PAIR_N_FEATURES];

  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (x[PR_PAIR_FEATURE_SUBJECT_ELSEWHERE], 0.5, 1e-12);

  /* A repeat under another subject: 甲校实 校实习, and 实习太 习太累,
   * each in both bodies. */
  a = (PrPairRecord) { "甲校实习太累", "甲校实习", PR_DATE_NONE, 0, 0, NULL, 0 };
  b = (PrPairRecord) { "我说甲校实习太累了", "实习太累", PR_DATE_NONE, 0, 0, NULL, 0 };
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SUBJECT_ELSEWHERE], ==, 0);

  /* Subjects their own bodies do not tell, or none: no evidence, 0. */
  a.subject = "完全不同";
  b.subject = "另外标题";
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SUBJECT_ELSEWHERE], ==, 0);
  a = (PrPairRecord) { "甲校实习太累我是甲校学生", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  b = (PrPairRecord) { "乙校实习太累我是乙校学生", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_SUBJECT_ELSEWHERE], ==, 0);
  g_assert_cmpfloat (x[PR_PAIR_FEATURE_NO_SUBJECT], ==, 1);
}

/* "Why they match" gives the gap as the time elapsed, not the office's
 * calendar days the compare view counts: 2024-03-01 17:30 UTC to
 * 03-17 16:00 UTC is 15 days and 22.5 hours (16 calendar days in
 * Beijing, 03-02 to 03-18), counted by hand. */
static void
test_date_gap_elapsed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FLAGS_NONE, &error);
  PrPairRecord a = { "the cat sat on the mat", NULL, 1709314200, 0, 0, NULL, 0 };
  PrPairRecord b = { "the cat sat on the mat", NULL, 1710691200, 0, 0, NULL, 0 };
  double x[PR_PAIR_N_FEATURES];
  g_autofree char *line = NULL;

  g_assert_true (pr_pair_features (tokenizer, &a, &b, x, &error));
  g_assert_no_error (error);
  line = pr_pair_feature_describe (PR_PAIR_FEATURE_DATE_GAP, x[PR_PAIR_FEATURE_DATE_GAP]);
  g_assert_cmpstr (line, ==, "15.9 days apart in elapsed time");
}

int
main (int    argc,
      char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-features/containment", test_containment);
  g_test_add_func ("/engine/pair-features/diff-shape", test_diff_shape);
  g_test_add_func ("/engine/pair-features/features", test_features);
  g_test_add_func ("/engine/pair-features/date-gap-elapsed", test_date_gap_elapsed);
  g_test_add_func ("/engine/pair-features/subject-elsewhere", test_subject_elsewhere);
  result = g_test_run ();
  u_cleanup ();
  return result;
}
