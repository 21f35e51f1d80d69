/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Case numbers: hand-built histories with hand-computed numbers (a
 * rescan, a new member, a k that joins and splits, a split, a merge, a
 * primary that changes), and random histories against a brute force
 * written plainly here: it picks the best claim among all that are left,
 * one at a time, comparing member lists with strcmp.
 */
#include "config.h"

#include <string.h>

#include "pr-case-numbering.h"

/* Cases from specs: "N id id …" (numbered) or "id id …", primary first. */
typedef struct {
  GArray    *cases;   /* PrCaseMembers */
  GPtrArray *owned;   /* the strvs */
} Cases;

static void
cases_clear (Cases *cases)
{
  g_clear_pointer (&cases->cases, g_array_unref);
  g_clear_pointer (&cases->owned, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Cases, cases_clear)

static void
cases_init (Cases *cases)
{
  cases->cases = g_array_new (FALSE, TRUE, sizeof (PrCaseMembers));
  cases->owned = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
}

static void
cases_add (Cases              *cases,
           guint32             number,
           const char *const  *ids,
           gsize               n_ids)
{
  char **copy = g_new0 (char *, n_ids + 1);
  PrCaseMembers one = { 0 };

  for (gsize i = 0; i < n_ids; i++)
    copy[i] = g_strdup (ids[i]);
  g_ptr_array_add (cases->owned, copy);
  one.number = number;
  one.primary_id = copy[0];
  one.member_ids = (const char *const *) copy;
  one.n_members = n_ids;
  g_array_append_val (cases->cases, one);
}

static void
cases_parse (Cases              *cases,
             const char *const  *specs,
             gboolean            numbered)
{
  cases_init (cases);
  for (gsize i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (specs[i], " ", -1);
      guint32 number = numbered ? (guint32) g_ascii_strtoull (words[0], NULL, 10) : 0;
      guint skip = numbered ? 1 : 0;

      cases_add (cases, number, (const char *const *) words + skip, g_strv_length (words) - skip);
    }
}

#define CASES(...) ((const char *const[]) { __VA_ARGS__, NULL })
#define NUMBERS(...) ((const guint32[]) { __VA_ARGS__ })

/* Numbers @clusters after @earlier and checks the numbers, the ended
 * cases ("N>M": N merged into M, "N>0": into none) and the largest. */
static void
check_history (const char *const *earlier,
               guint32            max_used,
               const char *const *clusters,
               const guint32     *expected,
               const char        *expected_ended,
               guint32            expected_max)
{
  g_auto(Cases) before = { 0 };
  g_auto(Cases) now = { 0 };
  g_autoptr(PrCaseNumbering) numbering = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) ended = g_string_new (NULL);

  cases_parse (&before, earlier, TRUE);
  cases_parse (&now, clusters, FALSE);
  numbering = pr_case_numbering_new ((PrCaseMembers *) before.cases->data, before.cases->len, max_used,
                                     (PrCaseMembers *) now.cases->data, now.cases->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (numbering->n_clusters, ==, now.cases->len);
  for (guint i = 0; i < now.cases->len; i++)
    {
      g_assert_cmpuint (numbering->numbers[i], ==, expected[i]);
      g_assert_cmpint (numbering->continued[i], ==, expected[i] <= max_used);
    }
  for (gsize i = 0; i < numbering->n_ended; i++)
    g_string_append_printf (ended, "%s%u>%u", i > 0 ? " " : "",
                            numbering->ended[i].number, numbering->ended[i].merged_into);
  g_assert_cmpstr (ended->str, ==, expected_ended);
  g_assert_cmpuint (numbering->max_number, ==, expected_max);
}

static void
test_first_scan (void)
{
  check_history (NULL, 0, CASES ("a b", "c d e", "f g"), NUMBERS (1, 2, 3), "", 3);
}

static void
test_rescan_unchanged (void)
{
  /* Another list order, another member order: the same numbers. */
  check_history (CASES ("1 a b c", "2 d e", "4 f g"), 4,
                 CASES ("f g", "d e", "a c b"), NUMBERS (4, 2, 1), "", 4);
}

static void
test_new_member (void)
{
  check_history (CASES ("1 a b", "2 d e"), 2,
                 CASES ("a b x", "y z", "d e"), NUMBERS (1, 3, 2), "", 3);
}

static void
test_k_change (void)
{
  /* A larger k: case 1 splits, its part without the primary joining case
   * 2 (which it continues, holding 2's primary); case 3 gains an earlier
   * record; j k is new. */
  check_history (CASES ("1 a b c d", "2 e f", "3 g h"), 3,
                 CASES ("a b", "c d e f", "i g h", "j k"), NUMBERS (1, 2, 3, 4), "", 4);
  /* A smaller k: case 1 falls apart into two, case 2 into none. */
  check_history (CASES ("1 a b c d", "2 e f"), 2,
                 CASES ("c d", "a b"), NUMBERS (3, 1), "2>0", 3);
}

static void
test_split (void)
{
  /* The part with the primary keeps the number, whatever the sizes. */
  check_history (CASES ("5 p a b c d"), 7,
                 CASES ("a b c", "p d"), NUMBERS (8, 5), "", 8);
}

static void
test_merge (void)
{
  check_history (CASES ("1 p a", "2 q b"), 2, CASES ("p a q b"), NUMBERS (1), "2>1", 2);
  /* The merged cluster's primary comes from case 2: it keeps 2. */
  check_history (CASES ("1 p a", "2 q b"), 2, CASES ("q p a b"), NUMBERS (2), "1>2", 2);
  /* Case 2's primary left: merged into the case holding most of it. */
  check_history (CASES ("1 p a", "2 q b c", "3 r s"), 3,
                 CASES ("p a b", "r s c"), NUMBERS (1, 3), "2>1", 3);
  /* A tie: the lower number. */
  check_history (CASES ("1 p a", "2 q b c", "3 r s"), 3,
                 CASES ("r s c", "p a b"), NUMBERS (3, 1), "2>1", 3);
}

static void
test_primary_changes (void)
{
  /* An earlier record joins and becomes the primary. */
  check_history (CASES ("1 p a b"), 1, CASES ("o p a b"), NUMBERS (1), "", 1);
  /* The primary left the table. */
  check_history (CASES ("1 p a b"), 1, CASES ("a b"), NUMBERS (1), "", 1);
  /* A reviewer made b the primary. */
  check_history (CASES ("1 p a b"), 1, CASES ("b a p"), NUMBERS (1), "", 1);
  /* Two parts, neither with the primary: the larger part keeps it; then,
   * equal, the earlier in the list. */
  check_history (CASES ("1 p a b c d e"), 1, CASES ("d e", "a b c"), NUMBERS (2, 1), "", 2);
  check_history (CASES ("1 p a b c d"), 1, CASES ("c d", "a b"), NUMBERS (1, 2), "", 2);
}

static void
test_no_shared_primary (void)
{
  /* A cluster sharing one record with each of two cases, holding neither
   * primary: the lower number; the other case merged into it. */
  check_history (CASES ("1 a b", "2 c d"), 2, CASES ("x b d"), NUMBERS (1), "2>1", 2);
}

static void
check_refused (const char *const *earlier,
               guint32            max_used,
               const char *const *clusters,
               const char        *message_part)
{
  g_auto(Cases) before = { 0 };
  g_auto(Cases) now = { 0 };
  g_autoptr(PrCaseNumbering) numbering = NULL;
  g_autoptr(GError) error = NULL;

  cases_parse (&before, earlier, TRUE);
  cases_parse (&now, clusters, FALSE);
  numbering = pr_case_numbering_new ((PrCaseMembers *) before.cases->data, before.cases->len, max_used,
                                     (PrCaseMembers *) now.cases->data, now.cases->len, &error);
  g_assert_null (numbering);
  g_assert_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, message_part));
}

static void
test_refused (void)
{
  check_refused (CASES ("1 a b", "2 b c"), 2, CASES ("a b"), "“b” is a member of two stored cases");
  check_refused (CASES ("1 a b"), 2, CASES ("a b c", "c d"), "“c” is a member of two clusters");
  check_refused (CASES ("1 a b a"), 2, CASES ("a b"), "“a” is a member of two stored cases");
  check_refused (CASES ("3 a b"), 2, CASES ("a b"), "case number 3");
  check_refused (CASES ("0 a b"), 2, CASES ("a b"), "case number 0");
  check_refused (CASES ("1 a b", "1 c d"), 2, CASES ("a b"), "case number 1");
  check_refused (NULL, G_MAXUINT32 - 1, CASES ("a b", "c d"), "run out");

  {
    g_auto(Cases) now = { 0 };
    const char *members[] = { "a", "b" };
    PrCaseMembers cluster = { .primary_id = "p", .member_ids = members, .n_members = 2 };
    g_autoptr(GError) error = NULL;

    g_assert_null (pr_case_numbering_new (NULL, 0, 0, &cluster, 1, &error));
    g_assert_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "“p” of cluster 1 is not among its members"));
  }
}

/* The brute force */

static gboolean
holds (const PrCaseMembers *c,
       const char          *id)
{
  for (gsize m = 0; m < c->n_members; m++)
    if (strcmp (c->member_ids[m], id) == 0)
      return TRUE;
  return FALSE;
}

static guint
shared (const PrCaseMembers *a,
        const PrCaseMembers *b)
{
  guint n = 0;

  for (gsize m = 0; m < a->n_members; m++)
    n += holds (b, a->member_ids[m]);
  return n;
}

/* The claim's rank as one integer, larger is better: the rules' order. */
static gint64
rank (const PrCaseMembers *cluster,
      guint                x,
      const PrCaseMembers *earlier)
{
  guint n = shared (cluster, earlier);

  if (n == 0)
    return -1;
  return ((gint64) holds (earlier, cluster->primary_id) << 60) |
         ((gint64) holds (cluster, earlier->primary_id) << 59) |
         ((gint64) n << 40) |
         ((gint64) (0xfffff - earlier->number) << 20) |
         (0xfffff - x);
}

static void
brute_force (const PrCaseMembers *earlier,
             guint                n_earlier,
             guint32              max_used,
             const PrCaseMembers *clusters,
             guint                n_clusters,
             guint32             *numbers,
             GString             *ended)
{
  g_autofree gboolean *taken = g_new0 (gboolean, n_earlier + 1);
  g_autofree guint *order = g_new0 (guint, n_earlier + 1);

  memset (numbers, 0, n_clusters * sizeof *numbers);
  for (;;)
    {
      gint64 best = -1;
      guint best_x = 0, best_c = 0;

      for (guint x = 0; x < n_clusters; x++)
        for (guint c = 0; c < n_earlier; c++)
          if (numbers[x] == 0 && !taken[c] && rank (&clusters[x], x, &earlier[c]) > best)
            {
              best = rank (&clusters[x], x, &earlier[c]);
              best_x = x;
              best_c = c;
            }
      if (best < 0)
        break;
      numbers[best_x] = earlier[best_c].number;
      taken[best_c] = TRUE;
    }
  for (guint x = 0; x < n_clusters; x++)
    if (numbers[x] == 0)
      numbers[x] = ++max_used;

  /* Ended, by number: a selection sort of the untaken. */
  for (guint i = 0; i < n_earlier; i++)
    order[i] = i;
  for (guint i = 0; i < n_earlier; i++)
    for (guint j = i + 1; j < n_earlier; j++)
      if (earlier[order[j]].number < earlier[order[i]].number)
        {
          guint t = order[i];

          order[i] = order[j];
          order[j] = t;
        }
  for (guint i = 0; i < n_earlier; i++)
    {
      const PrCaseMembers *c = &earlier[order[i]];
      guint32 into = 0;
      guint into_count = 0;

      if (taken[order[i]])
        continue;
      for (guint x = 0; x < n_clusters; x++)
        if (holds (&clusters[x], c->primary_id))
          into = numbers[x], into_count = G_MAXUINT;
      for (guint x = 0; x < n_clusters && into_count != G_MAXUINT; x++)
        {
          guint n = shared (c, &clusters[x]);

          if (n > 0 && (n > into_count || (n == into_count && numbers[x] < into)))
            into = numbers[x], into_count = n;
        }
      g_string_append_printf (ended, "%s%u>%u", ended->len > 0 ? " " : "", c->number, into);
    }
}

/* This scan's clusters from the last: each record stays in its group, or
 * with probability @churn moves to another, a new one or none; records
 * never seen join too; a group of two or more is a cluster, its primary
 * the earliest (a record's date is its index) or, one time in eight, a
 * member a reviewer chose. */
static void
next_clusters (GRand       *rand,
               const Cases *last,
               guint        n_records,
               double       churn,
               Cases       *next)
{
  g_autofree gint *group = g_new (gint, n_records);
  guint n_groups = last->cases->len + 3;

  for (guint r = 0; r < n_records; r++)
    group[r] = -1;
  for (guint c = 0; c < last->cases->len; c++)
    {
      const PrCaseMembers *members = &g_array_index (last->cases, PrCaseMembers, c);

      for (gsize m = 0; m < members->n_members; m++)
        group[g_ascii_strtoull (members->member_ids[m] + 1, NULL, 10)] = c;
    }
  for (guint r = 0; r < n_records; r++)
    if (g_rand_double (rand) < churn)
      group[r] = g_rand_int_range (rand, -1, n_groups);

  cases_init (next);
  for (guint g = 0; g < n_groups; g++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

      for (guint r = 0; r < n_records; r++)
        if (group[r] == (gint) g)
          g_ptr_array_add (ids, g_strdup_printf ("r%03u", r));
      if (ids->len < 2)
        continue;
      if (g_rand_int_range (rand, 0, 8) == 0)
        {
          guint p = g_rand_int_range (rand, 0, ids->len);
          gpointer t = ids->pdata[0];

          ids->pdata[0] = ids->pdata[p];
          ids->pdata[p] = t;
        }
      cases_add (next, 0, (const char *const *) ids->pdata, ids->len);
    }
}

static void
test_random_vs_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  guint n_kept = 0;

  for (guint history = 0; history < 60; history++)
    {
      g_auto(Cases) last = { 0 };
      guint n_records = g_rand_int_range (rand, 4, 60);
      double churn = g_rand_double_range (rand, 0.02, 0.6);
      guint32 max_used = 0;

      cases_init (&last);
      for (guint step = 0; step < 12; step++)
        {
          g_auto(Cases) now = { 0 };
          g_autoptr(PrCaseNumbering) numbering = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(GString) ended = g_string_new (NULL);
          g_autoptr(GString) expected_ended = g_string_new (NULL);
          g_autoptr(GArray) shuffled = g_array_copy (last.cases);
          g_autofree guint32 *expected = NULL;
          guint n;

          next_clusters (rand, &last, n_records, churn, &now);
          n = now.cases->len;
          expected = g_new0 (guint32, n + 1);
          brute_force ((PrCaseMembers *) last.cases->data, last.cases->len, max_used,
                       (PrCaseMembers *) now.cases->data, n, expected, expected_ended);

          /* The earlier cases' order does not matter. */
          for (guint i = shuffled->len; i > 1; i--)
            {
              guint j = g_rand_int_range (rand, 0, i);
              PrCaseMembers t = g_array_index (shuffled, PrCaseMembers, i - 1);

              g_array_index (shuffled, PrCaseMembers, i - 1) = g_array_index (shuffled, PrCaseMembers, j);
              g_array_index (shuffled, PrCaseMembers, j) = t;
            }
          numbering = pr_case_numbering_new ((PrCaseMembers *) shuffled->data, shuffled->len, max_used,
                                             (PrCaseMembers *) now.cases->data, n, &error);
          g_assert_no_error (error);
          for (guint x = 0; x < n; x++)
            g_assert_cmpuint (numbering->numbers[x], ==, expected[x]);
          for (gsize i = 0; i < numbering->n_ended; i++)
            g_string_append_printf (ended, "%s%u>%u", i > 0 ? " " : "",
                                    numbering->ended[i].number, numbering->ended[i].merged_into);
          g_assert_cmpstr (ended->str, ==, expected_ended->str);

          /* What the rules promise, checked directly: distinct numbers, new
           * ones above all used, and a primary that stays a primary keeps
           * its number. */
          for (guint x = 0; x < n; x++)
            {
              const PrCaseMembers *cluster = &g_array_index (now.cases, PrCaseMembers, x);

              for (guint y = x + 1; y < n; y++)
                g_assert_cmpuint (numbering->numbers[x], !=, numbering->numbers[y]);
              g_assert_cmpint (numbering->continued[x], ==, numbering->numbers[x] <= max_used);
              for (guint c = 0; c < last.cases->len; c++)
                {
                  const PrCaseMembers *was = &g_array_index (last.cases, PrCaseMembers, c);

                  if (strcmp (was->primary_id, cluster->primary_id) == 0)
                    {
                      g_assert_cmpuint (numbering->numbers[x], ==, was->number);
                      n_kept++;
                    }
                }
            }
          g_assert_cmpuint (numbering->max_number, >=, max_used);

          max_used = numbering->max_number;
          for (guint x = 0; x < n; x++)
            g_array_index (now.cases, PrCaseMembers, x).number = numbering->numbers[x];
          cases_clear (&last);
          last = now;
          now.cases = NULL;
          now.owned = NULL;
        }
    }
  /* The histories do exercise the promise. */
  g_assert_cmpuint (n_kept, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/case-numbering/first-scan", test_first_scan);
  g_test_add_func ("/engine/case-numbering/rescan-unchanged", test_rescan_unchanged);
  g_test_add_func ("/engine/case-numbering/new-member", test_new_member);
  g_test_add_func ("/engine/case-numbering/k-change", test_k_change);
  g_test_add_func ("/engine/case-numbering/split", test_split);
  g_test_add_func ("/engine/case-numbering/merge", test_merge);
  g_test_add_func ("/engine/case-numbering/primary-changes", test_primary_changes);
  g_test_add_func ("/engine/case-numbering/no-shared-primary", test_no_shared_primary);
  g_test_add_func ("/engine/case-numbering/refused", test_refused);
  g_test_add_func ("/engine/case-numbering/random-vs-brute-force", test_random_vs_brute_force);

  return g_test_run ();
}
