/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the second text of a diff dropped from the first, and the merged
 * text that shows it in place, against byte offsets counted by hand.
 */
#include "config.h"

#include <string.h>

#include <unicode/uclean.h>

#include "pr-diff.h"
#include "pr-diff-merged.h"
#include "pr-tokenizer.h"

typedef struct {
  gsize a_start, a_end, b_start, b_end;
} Hunk;

static PrDiff *
diff_of (const char *a,
         const char *b)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(GError) error = NULL;
  PrDiff *diff = pr_diff_words (tokenizer, a, -1, b, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (diff);
  return diff;
}

static void
assert_hunks (const PrDiff *diff,
              const Hunk   *expected,
              guint         n)
{
  g_assert_cmpuint (diff->hunks->len, ==, n);
  for (guint h = 0; h < n; h++)
    {
      const PrDiffHunk *hunk = &g_array_index (diff->hunks, PrDiffHunk, h);

      g_assert_cmpuint (hunk->a_start, ==, expected[h].a_start);
      g_assert_cmpuint (hunk->a_end, ==, expected[h].a_end);
      g_assert_cmpuint (hunk->b_start, ==, expected[h].b_start);
      g_assert_cmpuint (hunk->b_end, ==, expected[h].b_end);
    }
}

/* "beta" dropped in the middle, "epsilon" added at the end:
 *   a: alpha(0–5) beta(6–10) gamma(11–16). delta(18–23), 23 bytes
 *   b: alpha(0–5) gamma(6–11). delta(13–18) epsilon(19–26), 26 bytes
 * The dropped word runs on to the next common word (its space with it)
 * and goes where gamma starts in b. */
static void
test_dropped_and_added (void)
{
  const char *a = "alpha beta gamma. delta";
  const char *b = "alpha gamma. delta epsilon";
  g_autoptr(PrDiff) diff = diff_of (a, b);
  const Hunk expected[] = { { 6, 11, 6, 6 }, { 23, 23, 19, 26 } };
  g_autoptr(GArray) runs = NULL;
  g_autofree char *merged = pr_diff_merge (diff, a, b, &runs);
  const PrDiffRun expected_runs[] = {
    { 0, 6, PR_DIFF_RUN_SAME },
    { 6, 11, PR_DIFF_RUN_REMOVED },
    { 11, 24, PR_DIFF_RUN_SAME },
    { 24, 31, PR_DIFF_RUN_ADDED },
  };

  assert_hunks (diff, expected, G_N_ELEMENTS (expected));
  g_assert_cmpstr (merged, ==, "alpha beta gamma. delta epsilon");
  g_assert_cmpuint (runs->len, ==, G_N_ELEMENTS (expected_runs));
  for (guint r = 0; r < runs->len; r++)
    {
      const PrDiffRun *run = &g_array_index (runs, PrDiffRun, r);

      g_assert_cmpuint (run->start, ==, expected_runs[r].start);
      g_assert_cmpuint (run->end, ==, expected_runs[r].end);
      g_assert_cmpint (run->kind, ==, expected_runs[r].kind);
    }
}

/* A word replaced: "me " (up to "now") stands where b has "him ". */
static void
test_replaced (void)
{
  const char *a = "pay me now";
  const char *b = "pay him now";
  g_autoptr(PrDiff) diff = diff_of (a, b);
  const Hunk expected[] = { { 4, 7, 4, 8 } };
  g_autoptr(GArray) runs = NULL;
  g_autofree char *merged = pr_diff_merge (diff, a, b, &runs);

  assert_hunks (diff, expected, G_N_ELEMENTS (expected));
  g_assert_cmpstr (merged, ==, "pay me him now");
  /* "pay " | "me " | "him " | "now" */
  g_assert_cmpuint (runs->len, ==, 4);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 1).kind, ==, PR_DIFF_RUN_REMOVED);
  g_assert_cmpuint (g_array_index (runs, PrDiffRun, 1).start, ==, 4);
  g_assert_cmpuint (g_array_index (runs, PrDiffRun, 1).end, ==, 7);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 2).kind, ==, PR_DIFF_RUN_ADDED);
  g_assert_cmpuint (g_array_index (runs, PrDiffRun, 2).start, ==, 7);
  g_assert_cmpuint (g_array_index (runs, PrDiffRun, 2).end, ==, 11);
}

/* The defect seen on the sample: the second record leaves out the
 * first's last sentence. Its words are in no word of b, however the
 * tokenizer cuts them, so the dropped stretch is the whole sentence with
 * its full stop, put back at b's end. */
static void
test_sentence_dropped (void)
{
  const char *b = "我要投诉。";
  const char *a = "我要投诉。工资拖欠三个月。";
  g_autoptr(PrDiff) diff = diff_of (a, b);
  const Hunk expected[] = { { strlen (b), strlen (a), strlen (b), strlen (b) } };
  g_autoptr(GArray) runs = NULL;
  g_autofree char *merged = pr_diff_merge (diff, a, b, &runs);

  assert_hunks (diff, expected, G_N_ELEMENTS (expected));
  g_assert_cmpstr (merged, ==, a);
  g_assert_cmpuint (runs->len, ==, 2);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 1).kind, ==, PR_DIFF_RUN_REMOVED);
  g_assert_cmpstr (merged + g_array_index (runs, PrDiffRun, 1).start, ==, "工资拖欠三个月。");
}

/* A sentence added in the middle: the stretch takes its full stop, and
 * nothing of the first text is dropped. */
static void
test_sentence_added (void)
{
  const char *a = "我要投诉。工资拖欠三个月。";
  const char *b = "我要投诉。请尽快处理。工资拖欠三个月。";
  g_autoptr(PrDiff) diff = diff_of (a, b);
  const gsize at = strlen ("我要投诉。"), added = strlen ("请尽快处理。");
  const Hunk expected[] = { { at, at, at, at + added } };

  assert_hunks (diff, expected, G_N_ELEMENTS (expected));
}

/* The same words (width and case aside): nothing to show. */
static void
test_same_words (void)
{
  g_autoptr(PrDiff) diff = diff_of ("Hello, world", "hello world!");
  g_autoptr(GArray) runs = NULL;
  g_autofree char *merged = pr_diff_merge (diff, "Hello, world", "hello world!", &runs);

  g_assert_cmpuint (diff->hunks->len, ==, 0);
  g_assert_cmpstr (merged, ==, "hello world!");
  g_assert_cmpuint (runs->len, ==, 1);
  g_assert_cmpint (g_array_index (runs, PrDiffRun, 0).kind, ==, PR_DIFF_RUN_SAME);
}

/* Everything dropped: b empty. */
static void
test_all_dropped (void)
{
  g_autoptr(PrDiff) diff = diff_of ("one two", "");
  const Hunk expected[] = { { 0, 7, 0, 0 } };

  assert_hunks (diff, expected, G_N_ELEMENTS (expected));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/diff-hunks/dropped-and-added", test_dropped_and_added);
  g_test_add_func ("/engine/diff-hunks/replaced", test_replaced);
  g_test_add_func ("/engine/diff-hunks/sentence-dropped", test_sentence_dropped);
  g_test_add_func ("/engine/diff-hunks/sentence-added", test_sentence_added);
  g_test_add_func ("/engine/diff-hunks/same-words", test_same_words);
  g_test_add_func ("/engine/diff-hunks/all-dropped", test_all_dropped);
  status = g_test_run ();
  u_cleanup ();
  return status;
}
