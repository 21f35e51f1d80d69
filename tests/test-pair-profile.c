/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Each record read once (pr-pair-profile.c) gives every pair the features
 * it gets when the pair is read alone, and the body's features are those
 * the word diff of the compare view and the 3-gram containment of the
 * two normalised texts give, on the bundled sample.
 */
#include "config.h"

#include <string.h>

#include <unicode/uclean.h>

#include "pr-diff.h"
#include "pr-pair-judge.h"
#include "pr-pair-linkage.h"
#include "pr-pair-model.h"
#include "pr-pair-profile.h"
#include "pr-test-util.h"

/* The first records of the sample, every pair of them (planted repeats
 * as 5 and 41, form letters, unrelated letters), and the copies (under
 * valgrind of its first 300 records: four bodies copied). */
static guint n_records;

static PrRecordSet *
load_sample (PrMapping **out_mapping)
{
  g_autofree char *path = pr_test_sample_path (300);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrLoadOptions options = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 1, .n_threads = 2,
                            .keep_texts = TRUE };
  g_autoptr(GError) error = NULL;
  PrRecordSet *set;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "category", PR_COLUMN_ROLE_SHORT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "submitted_at", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 1, NULL));
  g_assert_true (pr_mapping_set_petitioner (mapping, "petitioner", &error));
  g_assert_no_error (error);
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);
  g_assert_cmpuint (set->n_records, >=, n_records);
  *out_mapping = g_steal_pointer (&mapping);
  return set;
}

/* The body's features as the compare view's word diff and the 3-gram
 * containment of the normalised texts give them, for bodies that differ. */
static void
assert_body_features (PrTokenizer   *tokenizer,
                      const char    *body_a,
                      const char    *body_b,
                      const double  *features)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrDiff) diff = pr_diff_words (tokenizer, body_a, -1, body_b, -1, NULL, &error);
  g_autofree char *normal_a = NULL;
  g_autofree char *normal_b = NULL;
  gsize length, shorter, longer;
  double covered;

  g_assert_no_error (error);
  normal_a = pr_tokenizer_normalize (tokenizer, body_a, -1, &length, &error);
  normal_b = pr_tokenizer_normalize (tokenizer, body_b, -1, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_CONTAINED], ==, pr_pair_containment (normal_a, normal_b, &covered));
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_COVERED], ==, covered);
  shorter = MIN (diff->words_a, diff->words_b);
  longer = MAX (diff->words_a, diff->words_b);
  g_assert_cmpuint (shorter, >, 0);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_SHARED_WORDS], ==, (double) diff->common / shorter);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBSTITUTED], ==, MIN (1.0, (double) diff->substituted / shorter));
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_INSERTED], ==, (double) diff->inserted / longer);
}

static void
test_cached (void)
{
  g_autoptr(PrMapping) mapping = NULL;
  PrRecordSet *set = load_sample (&mapping);
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autofree double *cached = NULL;
  g_autofree double *small_blocks = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) body_a = g_string_new (NULL);
  g_autoptr(GString) body_b = g_string_new (NULL);
  g_autoptr(GPtrArray) fields_a = g_ptr_array_new ();
  g_autoptr(GPtrArray) fields_b = g_ptr_array_new ();
  guint n_differ = 0, n_same_body = 0;

  for (guint32 a = 0; a < n_records; a++)
    for (guint32 b = a + 1; b < n_records; b++)
      g_array_append_val (pairs, ((PrScoredPair) { a, b, 0, -1 }));
  {
    /* And the copies: each record with the first whose body it repeats. */
    g_autoptr(GHashTable) first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint32 r = 0; r < set->n_records; r++)
      {
        PrPairRecord record;
        gpointer seen;

        pr_pair_judge_record (mapping, set, r, &record, body_a, fields_a);
        if (record.body == NULL)
          continue;
        if (g_hash_table_lookup_extended (first, record.body, NULL, &seen))
          g_array_append_val (pairs, ((PrScoredPair) { GPOINTER_TO_UINT (seen), r, 0, -1 }));
        else
          g_hash_table_insert (first, g_strdup (record.body), GUINT_TO_POINTER (r));
      }
  }
  cached = g_new (double, pairs->len * PR_PAIR_N_FEATURES);
  g_assert_true (pr_pair_judge_all_features (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, set,
                                             (const PrScoredPair *) (gpointer) pairs->data, pairs->len, cached, 2,
                                             NULL, &error));
  g_assert_no_error (error);
  /* In blocks of a few records, groups cut and records read again: the same. */
  small_blocks = g_new (double, pairs->len * PR_PAIR_N_FEATURES);
  g_assert_true (_pr_pair_judge_all_features_in_blocks (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, set,
                                                        (const PrScoredPair *) (gpointer) pairs->data, pairs->len,
                                                        small_blocks, 2, 7, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (small_blocks, pairs->len * PR_PAIR_N_FEATURES * sizeof (double), cached,
                   pairs->len * PR_PAIR_N_FEATURES * sizeof (double));

  for (guint i = 0; i < pairs->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (pairs, PrScoredPair, i);
      const double *features = cached + i * PR_PAIR_N_FEATURES;
      double alone[PR_PAIR_N_FEATURES];
      PrPairRecord record_a, record_b;

      g_assert_true (pr_pair_judge_features (tokenizer, mapping, set, pair->a, pair->b, alone, &error));
      g_assert_no_error (error);
      for (guint f = 0; f < PR_PAIR_N_FEATURES; f++)
        g_assert_cmpfloat (features[f], ==, alone[f]);

      pr_pair_judge_record (mapping, set, pair->a, &record_a, body_a, fields_a);
      pr_pair_judge_record (mapping, set, pair->b, &record_b, body_b, fields_b);
      if (strcmp (record_a.body, record_b.body) != 0)
        {
          assert_body_features (tokenizer, record_a.body, record_b.body, features);
          n_differ++;
        }
      else
        n_same_body++;
    }
  /* Both kinds were compared. */
  g_assert_cmpuint (n_differ, >, 0);
  g_assert_cmpuint (n_same_body, >, 0);
  pr_record_set_free (set);
}

/* Numbers shared by the profiles of one PrPairWords: "b" is the same word
 * in both texts; the word diff of "a b c" and "b d" matches one word and
 * replaces one ("a" or "c" against "d"), the rest inserted. */
static void
test_shape (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (0, &error);
  PrPairRecord a = { "apple banana cherry", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  PrPairRecord b = { "banana durian", NULL, PR_DATE_NONE, 0, 0, NULL, 0 };
  double features[PR_PAIR_N_FEATURES];

  g_assert_no_error (error);
  g_assert_true (pr_pair_features (tokenizer, &a, &b, features, &error));
  g_assert_no_error (error);
  /* Shorter text two words, one matched, one replaced; longer three, one
   * inserted (3 − 1 matched − 1 replaced). */
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_SHARED_WORDS], ==, 0.5);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBSTITUTED], ==, 0.5);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_INSERTED], ==, 1.0 / 3);
}

/* Scoring (pr_pair_judge_score ()) gives every pair the probability its
 * features give it (pr_pair_judge_all_features ()), on all pairs of the
 * first records of the sample; so average linkage, which sums the
 * probabilities of cross pairs, joins as it does on those. For each
 * pair, a third record close to both (as a record holding the two
 * bodies) and a threshold between the mean the pair's scored
 * probability gives and the mean its features give: the clusters are
 * the same. */
static void
test_scored_as_features (void)
{
  g_autoptr(PrMapping) mapping = NULL;
  PrRecordSet *set = load_sample (&mapping);
  const PrPairModel *model = pr_pair_model_for_mapping (mapping);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autofree double *features = NULL;
  g_autoptr(GError) error = NULL;

  for (guint32 a = 0; a < n_records; a++)
    for (guint32 b = a + 1; b < n_records; b++)
      g_array_append_val (pairs, ((PrScoredPair) { a, b, 0, -1 }));
  features = g_new (double, pairs->len * PR_PAIR_N_FEATURES);
  g_assert_true (pr_pair_judge_all_features (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, set,
                                             (const PrScoredPair *) (gpointer) pairs->data, pairs->len, features, 2,
                                             NULL, &error));
  g_assert_no_error (error);
  g_assert_true (pr_pair_judge_score (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, model, set,
                                      (PrScoredPair *) (gpointer) pairs->data, pairs->len, 2, NULL, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < pairs->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (pairs, PrScoredPair, i);
      float real = (float) pr_pair_model_probability (model, features + i * PR_PAIR_N_FEATURES);
      /* Record 0 the third, 1 and 2 the pair's. */
      PrScoredPair scored[3] = { { 0, 1, 0, 0.9999f }, { 0, 2, 0, 0.9997f }, { 1, 2, 0, pair->probability } };
      PrScoredPair by_features[3] = { { 0, 1, 0, 0.9999f }, { 0, 2, 0, 0.9997f }, { 1, 2, 0, real } };
      double threshold = (0.9997 + ((double) pair->probability + real) / 2) / 2;
      g_autofree guint8 *linked_scored = pr_pair_linkage (scored, 3, 3, threshold);
      g_autofree guint8 *linked_real = pr_pair_linkage (by_features, 3, 3, threshold);

      g_assert_cmpmem (linked_scored, 3, linked_real, 3);
      g_assert_cmpfloat (pair->probability, ==, real);
    }
  pr_record_set_free (set);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  n_records = pr_test_size (90, 45);
  g_test_add_func ("/engine/pair-profile/cached", test_cached);
  g_test_add_func ("/engine/pair-profile/shape", test_shape);
  g_test_add_func ("/engine/pair-profile/scored-as-features", test_scored_as_features);
  status = g_test_run ();
  u_cleanup ();
  return status;
}
