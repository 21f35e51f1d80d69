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

/**
 * pr_diff_merge_chars:
 * @a: the first text, short (an ID card, a phone, a name)
 * @b: the second text
 * @runs: (out) (element-type PrDiffRun): as pr_diff_merge ()'s
 *
 * As pr_diff_merge (), character by character rather than word by word:
 * in a short field one digit changed is the whole difference, and a word
 * diff would mark the whole value.
 *
 * Returns: (transfer full): @b, with the characters of @a it lacks put
 *   back before what it has in their place
 */
char *
pr_diff_merge_chars (const char  *a,
                     const char  *b,
                     GArray     **runs)
{
  g_autofree gunichar *ca = NULL, *cb = NULL;
  g_autofree guint *lcs = NULL;
  glong na = 0, nb = 0, i = 0, j = 0;
  GString *merged = g_string_new (NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (PrDiffRun));

  g_return_val_if_fail (a != NULL && b != NULL && runs != NULL, NULL);
  ca = g_utf8_to_ucs4_fast (a, -1, &na);
  cb = g_utf8_to_ucs4_fast (b, -1, &nb);
  /* The longest common subsequence's length from each pair of suffixes. */
  lcs = g_new0 (guint, (na + 1) * (nb + 1));
#define LCS(x, y) lcs[(x) * (nb + 1) + (y)]
  for (glong x = na - 1; x >= 0; x--)
    for (glong y = nb - 1; y >= 0; y--)
      LCS (x, y) = ca[x] == cb[y] ? LCS (x + 1, y + 1) + 1 : MAX (LCS (x + 1, y), LCS (x, y + 1));
  /* Walked from the start, what the first has alone before what the
   * second has in its place, as the word diff merges. */
  while (i < na || j < nb)
    {
      char utf8[8];
      PrDiffRunKind kind;
      gunichar c;

      if (i < na && j < nb && ca[i] == cb[j])
        c = ca[i++], j++, kind = PR_DIFF_RUN_SAME;
      else if (i < na && (j == nb || LCS (i + 1, j) >= LCS (i, j + 1)))
        c = ca[i++], kind = PR_DIFF_RUN_REMOVED;
      else
        c = cb[j++], kind = PR_DIFF_RUN_ADDED;
      utf8[g_unichar_to_utf8 (c, utf8)] = '\0';
      append_run (merged, out, utf8, 0, strlen (utf8), kind);
    }
#undef LCS
  *runs = out;
  return g_string_free (merged, FALSE);
}
