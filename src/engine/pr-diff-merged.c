/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second text of a diff with what it dropped from the first put back
 * in place, for a reviewer to see both what was added and what was
 * removed in one reading: "我要投诉。[工资拖欠三个月。]" when the second
 * record left out a sentence of the first. The caller marks each run
 * (struck through, underlined) so that the marks do not rest on colour.
 */
#define G_LOG_DOMAIN "pr-diff"

#include "config.h"

#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/utext.h>

#include "pr-diff-merged.h"

static void
append_run (GString       *merged,
            GArray        *runs,
            const char    *text,
            gsize          start,
            gsize          end,
            PrDiffRunKind  kind)
{
  PrDiffRun run = { merged->len, 0, kind };

  if (start >= end)
    return;
  g_string_append_len (merged, text + start, end - start);
  run.end = merged->len;
  /* Neighbours of one kind are one run. */
  if (runs->len > 0 && g_array_index (runs, PrDiffRun, runs->len - 1).kind == kind)
    g_array_index (runs, PrDiffRun, runs->len - 1).end = run.end;
  else
    g_array_append_val (runs, run);
}

/**
 * pr_diff_merge:
 * @diff: the diff of @a and @b (pr_diff_words ())
 * @a: the first text, as diffed
 * @b: the second text, as diffed
 * @runs: (out) (element-type PrDiffRun): the merged text's runs, in order,
 *   covering it without gaps
 *
 * Returns: (transfer full): @b, with each stretch of @a that @b does not
 *   have put in before what @b has in its place
 */
char *
pr_diff_merge (const PrDiff  *diff,
               const char    *a,
               const char    *b,
               GArray       **runs)
{
  GString *merged = g_string_new (NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (PrDiffRun));
  gsize at = 0;

  g_return_val_if_fail (diff != NULL && runs != NULL, NULL);

  for (guint h = 0; h < diff->hunks->len; h++)
    {
      const PrDiffHunk *hunk = &g_array_index (diff->hunks, PrDiffHunk, h);

      append_run (merged, out, b, at, hunk->b_start, PR_DIFF_RUN_SAME);
      append_run (merged, out, a, hunk->a_start, hunk->a_end, PR_DIFF_RUN_REMOVED);
      append_run (merged, out, b, hunk->b_start, hunk->b_end, PR_DIFF_RUN_ADDED);
      at = hunk->b_end;
    }
  append_run (merged, out, b, at, b != NULL ? strlen (b) : 0, PR_DIFF_RUN_SAME);
  *runs = out;
  return g_string_free (merged, FALSE);
}

/* The byte offsets at which @text's user-perceived characters start,
 * its length last: e and a combining accent, or an emoji and its skin
 * tone, are one. NULL when ICU cannot break it. */
static GArray *
graphemes (const char *text)
{
  UErrorCode status = U_ZERO_ERROR;
  UText *utext = utext_openUTF8 (NULL, text, -1, &status);
  UBreakIterator *breaks = ubrk_open (UBRK_CHARACTER, "zh", NULL, 0, &status);
  GArray *starts = NULL;

  if (U_SUCCESS (status))
    ubrk_setUText (breaks, utext, &status);
  if (U_SUCCESS (status))
    {
      starts = g_array_new (FALSE, FALSE, sizeof (gsize));
      for (int32_t at = ubrk_first (breaks); at != UBRK_DONE; at = ubrk_next (breaks))
        {
          gsize offset = at;

          g_array_append_val (starts, offset);
        }
      if (starts->len == 0)
        {
          gsize offset = 0;

          g_array_append_val (starts, offset);
        }
    }
  ubrk_close (breaks);
  utext_close (utext);
  return starts;
}

static gboolean
same_grapheme (const char *a,
               GArray     *ga,
               glong       x,
               const char *b,
               GArray     *gb,
               glong       y)
{
  gsize la = g_array_index (ga, gsize, x + 1) - g_array_index (ga, gsize, x);
  gsize lb = g_array_index (gb, gsize, y + 1) - g_array_index (gb, gsize, y);

  return la == lb && memcmp (a + g_array_index (ga, gsize, x), b + g_array_index (gb, gsize, y), la) == 0;
}

/**
 * pr_diff_merge_chars:
 *
 * As pr_diff_merge (), character by character rather than word by word:
 * in a short field one digit changed is the whole difference, and a word
 * diff would mark the whole value. Characters are as a reader sees them
 * (graphemes). A field longer than %PR_DIFF_MAX_CHARS characters is
 * marked whole (all of @a removed, all of @b added): the table of common
 * subsequences grows with the product of the lengths.
 *
 * Returns: (transfer full): @b, with the characters of @a it lacks put
 *   back before what it has in their place
 */
char *
pr_diff_merge_chars (const char  *a,
                     const char  *b,
                     GArray     **runs)
{
  g_autoptr(GArray) ga = NULL, gb = NULL;
  g_autofree guint *lcs = NULL;
  glong na, nb, i = 0, j = 0;
  GString *merged = g_string_new (NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (PrDiffRun));

  g_return_val_if_fail (a != NULL && b != NULL && runs != NULL, NULL);
  *runs = out;
  ga = graphemes (a);
  gb = graphemes (b);
  if (ga == NULL || gb == NULL || ga->len - 1 > PR_DIFF_MAX_CHARS || gb->len - 1 > PR_DIFF_MAX_CHARS)
    {
      if (strcmp (a, b) == 0)
        append_run (merged, out, a, 0, strlen (a), PR_DIFF_RUN_SAME);
      else
        {
          append_run (merged, out, a, 0, strlen (a), PR_DIFF_RUN_REMOVED);
          append_run (merged, out, b, 0, strlen (b), PR_DIFF_RUN_ADDED);
        }
      return g_string_free (merged, FALSE);
    }
  na = ga->len - 1;
  nb = gb->len - 1;
  /* The longest common subsequence's length from each pair of suffixes. */
  lcs = g_new0 (guint, (na + 1) * (nb + 1));
#define LCS(x, y) lcs[(x) * (nb + 1) + (y)]
  for (glong x = na - 1; x >= 0; x--)
    for (glong y = nb - 1; y >= 0; y--)
      LCS (x, y) = same_grapheme (a, ga, x, b, gb, y) ? LCS (x + 1, y + 1) + 1 : MAX (LCS (x + 1, y), LCS (x, y + 1));
  /* Walked from the start, what the first has alone before what the
   * second has in its place, as the word diff merges. */
  while (i < na || j < nb)
    {
      if (i < na && j < nb && same_grapheme (a, ga, i, b, gb, j))
        {
          append_run (merged, out, a, g_array_index (ga, gsize, i), g_array_index (ga, gsize, i + 1),
                      PR_DIFF_RUN_SAME);
          i++, j++;
        }
      else if (i < na && (j == nb || LCS (i + 1, j) >= LCS (i, j + 1)))
        {
          append_run (merged, out, a, g_array_index (ga, gsize, i), g_array_index (ga, gsize, i + 1),
                      PR_DIFF_RUN_REMOVED);
          i++;
        }
      else
        {
          append_run (merged, out, b, g_array_index (gb, gsize, j), g_array_index (gb, gsize, j + 1),
                      PR_DIFF_RUN_ADDED);
          j++;
        }
    }
#undef LCS
  return g_string_free (merged, FALSE);
}
