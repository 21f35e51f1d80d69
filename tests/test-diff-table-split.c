/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The word diff with large boxes split from the table of common
 * subsequence lengths (pr-diff-lcs-split.c) against the same diff with
 * every split searched for (Myers, as pr-diff.c always did): the same
 * words matched, word for word, and the same exactness, so that the
 * second stage's features are the same numbers.
 */
#include "config.h"

#include <string.h>

#include "pr-diff-private.h"
#include "pr-record-set.h"
#include "pr-test-sequences.h"
#include "pr-test-util.h"
#include "pr-tokenizer.h"

/* @a with runs of words replaced, dropped and put in (a rewrite: what
 * makes the search long). */
static guint32 *
rewritten_sequence (const guint32 *a,
                    gsize          n,
                    guint          alphabet,
                    double         p,
                    gsize         *out_m)
{
  GArray *b = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (gsize i = 0; i < n;)
    {
      double r = g_test_rand_double ();
      guint run = g_test_rand_int_range (1, 12);

      if (r < p / 3)
        i += run;                   /* dropped */
      else if (r < 2 * p / 3)
        for (guint k = 0; k < run; k++)   /* put in */
          {
            guint32 word = g_test_rand_int_range (0, alphabet);

            g_array_append_val (b, word);
          }
      else if (r < p)
        for (guint k = 0; k < run && i < n; k++, i++)   /* replaced */
          {
            guint32 word = g_test_rand_int_range (0, alphabet);

            g_array_append_val (b, word);
          }
      else
        {
          g_array_append_val (b, a[i]);
          i++;
        }
    }
  *out_m = b->len;
  return (guint32 *) (gpointer) g_array_free (b, FALSE);
}

/* Pieces of @a in another order, as the generator's collages are. */
static guint32 *
shuffled_pieces (const guint32 *a,
                 gsize          n,
                 gsize         *out_m)
{
  GArray *b = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (gsize i = 0; i < n; i++)
    {
      gsize start = g_test_rand_int_range (0, n), length = g_test_rand_int_range (1, 30);

      g_array_append_vals (b, a + start, MIN (length, n - start));
      i += length;
    }
  *out_m = b->len;
  return (guint32 *) (gpointer) g_array_free (b, FALSE);
}

static void
check_same (const guint32 *a,
            gsize          n,
            const guint32 *b,
            gsize          m,
            gsize          cost_limit,
            guint64        work_limit)
{
  g_autofree guint8 *matched_a = g_new0 (guint8, n + 1);
  g_autofree guint8 *matched_b = g_new0 (guint8, m + 1);
  g_autofree guint8 *searched_a = g_new0 (guint8, n + 1);
  g_autofree guint8 *searched_b = g_new0 (guint8, m + 1);
  gboolean exact = FALSE, searched_exact = FALSE;

  g_assert_true (_pr_diff_sequences (a, n, b, m, cost_limit, work_limit, matched_a, matched_b, &exact, NULL,
                                     NULL, NULL));
  g_assert_true (_pr_diff_sequences_searched (a, n, b, m, cost_limit, work_limit, searched_a, searched_b,
                                              &searched_exact, NULL, NULL));
  g_assert_cmpmem (matched_a, n, searched_a, n);
  g_assert_cmpmem (matched_b, m, searched_b, m);
  g_assert_cmpint (exact, ==, searched_exact);
}

/* Whether the table splits the box of @a and @b as trimmed: that the
 * cases below do take the table's way. */
static gboolean
table_splits (const guint32 *a,
              gsize          n,
              const guint32 *b,
              gsize          m,
              gsize          alphabet)
{
  gssize start_a = 0, end_a = n, start_b = 0, end_b = m, split_a, split_b;
  guint64 bound;

  while (start_a < end_a && start_b < end_b && a[start_a] == b[start_b])
    start_a++, start_b++;
  while (start_a < end_a && start_b < end_b && a[end_a - 1] == b[end_b - 1])
    end_a--, end_b--;
  if (start_a == end_a || start_b == end_b)
    return FALSE;
  return _pr_diff_lcs_split (a, b, alphabet, start_a, end_a, start_b, end_b, _PR_DIFF_COST_LIMIT, &split_a,
                             &split_b, &bound);
}

/* Random sequences over alphabets from two words to hundreds: unrelated
 * (about as many edits as words) and rewrites of one another. */
static void
test_random (void)
{
  guint by_table = 0;

  for (guint round = 0; round < 300; round++)
    {
      guint alphabet = g_test_rand_int_range (2, round % 2 == 0 ? 8 : 600);
      gsize n = g_test_rand_int_range (100, 900), m = g_test_rand_int_range (100, 900);
      g_autofree guint32 *a = pr_test_random_sequence (n, alphabet);
      g_autofree guint32 *b = NULL;

      switch (round % 3)
        {
        case 0:
          b = pr_test_random_sequence (m, alphabet);
          break;
        case 1:
          b = rewritten_sequence (a, n, alphabet, g_test_rand_double_range (0.1, 0.9), &m);
          break;
        default:
          b = shuffled_pieces (a, n, &m);
          break;
        }
      check_same (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
      check_same (b, m, a, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
      by_table += table_splits (a, n, b, m, alphabet);
    }
  /* Most of these boxes are large, with many edits. */
  g_assert_cmpuint (by_table, >, 100);
}

/* Lengths around the 64-bit words of a table row and small boxes, where
 * the edges of the table are. */
static void
test_edges (void)
{
  static const gsize lengths[] = { 0, 1, 2, 63, 64, 65, 127, 128, 129, 130, 191, 192, 193, 255, 256, 257 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    for (guint j = 0; j < G_N_ELEMENTS (lengths); j++)
      for (guint alphabet = 2; alphabet <= 32; alphabet *= 4)
        {
          gsize n = lengths[i], m = lengths[j];
          g_autofree guint32 *a = pr_test_random_sequence (n, alphabet);
          g_autofree guint32 *b = pr_test_random_sequence (m, alphabet);

          check_same (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
        }
}

/* Identical, none in common, one word only, one text inside the other. */
static void
test_special (void)
{
  gsize n = 1000, m = 0;
  g_autofree guint32 *a = pr_test_random_sequence (n, 300);
  g_autofree guint32 *other = g_new (guint32, n);
  g_autofree guint32 *ones = g_new (guint32, n);
  g_autofree guint32 *twos = g_new (guint32, 2 * n);
  g_autofree guint32 *inside = NULL;

  for (gsize i = 0; i < n; i++)
    {
      other[i] = 1000 + i;
      ones[i] = 1;
    }
  for (gsize i = 0; i < 2 * n; i++)
    twos[i] = i % 2;
  check_same (a, n, a, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  check_same (a, n, other, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  check_same (ones, n, twos, 2 * n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  check_same (twos, 2 * n, ones, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  check_same (a, n, NULL, 0, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);

  inside = g_new (guint32, 3 * n);
  memcpy (inside + n, a, n * sizeof *a);
  for (gsize i = 0; i < n; i++)
    inside[i] = inside[2 * n + i] = g_test_rand_int_range (0, 300);
  m = 3 * n;
  check_same (a, n, inside, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  check_same (inside, m, a, n, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
}

/* Long texts, and the limits: a cost limit the middle of some boxes is
 * beyond, and work limits that bite (the table's boxes then searched
 * again), give what the search gives with them. */
static void
test_long_and_limits (void)
{
  static const guint64 work_limits[] = { 20000, 200000, 2000000 };
  gsize n = 6000, m = 0;
  g_autofree guint32 *a = pr_test_random_sequence (n, 2000);
  g_autofree guint32 *b = rewritten_sequence (a, n, 2000, 0.6, &m);

  check_same (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
  for (gsize cost_limit = 100; cost_limit <= 3200; cost_limit *= 2)
    check_same (a, n, b, m, cost_limit, _PR_DIFF_WORK_LIMIT);
  for (guint i = 0; i < G_N_ELEMENTS (work_limits); i++)
    check_same (a, n, b, m, _PR_DIFF_COST_LIMIT, work_limits[i]);
  for (guint round = 0; round < 40; round++)
    {
      gsize k = g_test_rand_int_range (200, 1500), l = 0;
      g_autofree guint32 *c = pr_test_random_sequence (k, 50);
      g_autofree guint32 *d = rewritten_sequence (c, k, 50, 0.7, &l);

      check_same (c, k, d, l, g_test_rand_int_range (50, 600), g_test_rand_int_range (50000, 3000000));
    }
}

/* Two blocks swapped (X C against C X): the table's split leaves no box
 * after it, head and tail matching use both halves up, so the work it
 * counted must be weighed against the limit at once, not at the next box. */
static void
test_swapped_at_work_limits (void)
{
  guint32 a[60], b[60];

  for (guint i = 0; i < 20; i++)
    a[i] = b[40 + i] = i;
  for (guint i = 0; i < 40; i++)
    a[20 + i] = b[i] = 20 + i;
  g_assert_true (table_splits (a, 60, b, 60, 60));
  for (guint64 work_limit = 10; work_limit <= 1000; work_limit += 10)
    check_same (a, 60, b, 60, 4096, work_limit);
}

/* Long collages of shuffled pieces over many words, whose boxes go to
 * the table, which must split as the search. */
static void
test_collages (void)
{
  for (guint round = 0; round < 4; round++)
    {
      gsize n = g_test_rand_int_range (1000, 2500), m = 0;
      g_autofree guint32 *a = pr_test_random_sequence (n, 2000);
      g_autofree guint32 *b = shuffled_pieces (a, n, &m);

      check_same (a, n, b, m, _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
    }
}

typedef struct {
  GHashTable *ids;    /* word → number + 1 */
  GArray     *words;  /* of guint32 */
} Numbering;

static void
number_word (const char *token,
             gsize       length,
             gpointer    user_data)
{
  GHashTable *ids = ((Numbering *) user_data)->ids;
  GArray *words = ((Numbering *) user_data)->words;
  char *key = g_strndup (token, length);
  gpointer id = g_hash_table_lookup (ids, key);

  if (id == NULL)
    {
      id = GUINT_TO_POINTER (g_hash_table_size (ids) + 1);
      g_hash_table_insert (ids, key, id);
    }
  else
    g_free (key);
  g_array_append_val (words, (guint32) { GPOINTER_TO_UINT (id) - 1 });
}

/* The bundled sample's bodies as the second stage numbers them: every
 * pair of the first records, and each against two bodies joined (a
 * letter inside a longer one), so that the boxes are of every size. */
static void
test_sample (void)
{
  const guint n = 60;
  /* Only the first @n records are compared. */
  g_autofree char *path = pr_test_sample_path (n);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 1, .n_threads = 2,
                            .keep_texts = TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Numbering numbering = { ids, NULL };
  g_autoptr(GPtrArray) bodies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  g_assert_no_error (error);
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, >=, n);
  for (guint r = 0; r < n; r++)
    {
      char **texts = set->texts->pdata[r];
      GArray *words = g_array_new (FALSE, FALSE, sizeof (guint32));

      numbering.words = words;
      g_assert_true (pr_tokenizer_tokenize (tokenizer, texts[1] != NULL ? texts[1] : "", -1, number_word,
                                            &numbering, &error));
      g_ptr_array_add (bodies, words);
    }
  for (guint r = 0; r < n; r++)
    for (guint q = r + 1; q < n; q++)
      {
        GArray *x = bodies->pdata[r], *y = bodies->pdata[q];
        g_autoptr(GArray) joined = g_array_copy (y);

        check_same ((guint32 *) (gpointer) x->data, x->len, (guint32 *) (gpointer) y->data, y->len,
                    _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
        g_array_append_vals (joined, x->data, x->len);
        g_array_append_vals (joined, ((GArray *) bodies->pdata[(q + 1) % n])->data,
                             ((GArray *) bodies->pdata[(q + 1) % n])->len);
        check_same ((guint32 *) (gpointer) x->data, x->len, (guint32 *) (gpointer) joined->data, joined->len,
                    _PR_DIFF_COST_LIMIT, _PR_DIFF_WORK_LIMIT);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/diff-table-split/random", test_random);
  g_test_add_func ("/engine/diff-table-split/edges", test_edges);
  g_test_add_func ("/engine/diff-table-split/special", test_special);
  g_test_add_func ("/engine/diff-table-split/long-and-limits", test_long_and_limits);
  g_test_add_func ("/engine/diff-table-split/swapped-at-work-limits", test_swapped_at_work_limits);
  g_test_add_func ("/engine/diff-table-split/collages", test_collages);
  g_test_add_func ("/engine/diff-table-split/sample", test_sample);

  return g_test_run ();
}
