/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's features of a candidate pair: what a reviewer weighs
 * when deciding whether two records are one complaint sent again.
 *
 * The fingerprint and the passages find candidates generously; these
 * numbers tell a repeat from the same form letter about another place.
 * Character 3-grams (white space left out, normalised as the fingerprint's
 * words are) measure how much of each text is in the other, both ways: a
 * short message quoted inside a longer one is contained but does not
 * cover. The word diff (pr-diff.c) gives the shape of the difference: a
 * repeat differs by paragraphs added or cut, a form letter about another
 * matter by words replaced here and there. A 3-gram is three code points
 * packed into 63 bits, so two grams are equal only when their text is.
 */
#define G_LOG_DOMAIN "pr-pair-features"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pr-pair-features.h"
#include "pr-pair-profile.h"

const char *
pr_pair_feature_name (PrPairFeature feature)
{
  static const char *const names[] = {
    [PR_PAIR_FEATURE_CONTAINED] = "contained",
    [PR_PAIR_FEATURE_COVERED] = "covered",
    [PR_PAIR_FEATURE_SHARED_WORDS] = "shared_words",
    [PR_PAIR_FEATURE_SUBSTITUTED] = "substituted",
    [PR_PAIR_FEATURE_INSERTED] = "inserted",
    [PR_PAIR_FEATURE_SUBJECT] = "subject",
    [PR_PAIR_FEATURE_NO_SUBJECT] = "no_subject",
    [PR_PAIR_FEATURE_DATE_GAP] = "date_gap",
    [PR_PAIR_FEATURE_SAME_PETITIONER] = "same_petitioner",
    [PR_PAIR_FEATURE_FIELDS] = "fields",
    [PR_PAIR_FEATURE_DISTANCE] = "distance",
    [PR_PAIR_FEATURE_IDENTITY] = "identity",
    [PR_PAIR_FEATURE_CODES] = "codes",
    [PR_PAIR_FEATURE_NO_CODES] = "no_codes",
    [PR_PAIR_FEATURE_SUBJECT_ELSEWHERE] = "subject_elsewhere",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == PR_PAIR_N_FEATURES);
  g_return_val_if_fail (feature < PR_PAIR_N_FEATURES, NULL);
  return names[feature];
}

/**
 * pr_pair_containment:
 * @covered: (out) (optional): the shared 3-grams, of the larger set's
 *
 * Returns: the shared distinct character 3-grams of @a and @b (white space
 *   left out), of the smaller set's; 0 if either has none.
 */
double
pr_pair_containment (const char *a,
                     const char *b,
                     double     *covered)
{
  g_autoptr(GArray) grams_a = _pr_pair_grams_of (a);
  g_autoptr(GArray) grams_b = _pr_pair_grams_of (b);
  guint shared = _pr_pair_count_shared ((guint64 *) (gpointer) grams_a->data, grams_a->len,
                                        (guint64 *) (gpointer) grams_b->data, grams_b->len);

  if (covered != NULL)
    *covered = grams_a->len > 0 && grams_b->len > 0 ? (double) shared / MAX (grams_a->len, grams_b->len) : 0;
  return grams_a->len > 0 && grams_b->len > 0 ? (double) shared / MIN (grams_a->len, grams_b->len) : 0;
}

/* Returns: 2 × the shared distinct 3-grams / the two sets' sizes (Dice). */
double
pr_pair_dice (const char *a,
              const char *b)
{
  g_autoptr(GArray) grams_a = _pr_pair_grams_of (a);
  g_autoptr(GArray) grams_b = _pr_pair_grams_of (b);

  if (grams_a->len + grams_b->len == 0)
    return 0;
  return 2.0 * _pr_pair_count_shared ((guint64 *) (gpointer) grams_a->data, grams_a->len,
                                      (guint64 *) (gpointer) grams_b->data, grams_b->len) /
         (grams_a->len + grams_b->len);
}

/**
 * pr_pair_features:
 * @tokenizer: the scan's tokenizer: its words and folding
 * @features: (out caller-allocates): PR_PAIR_N_FEATURES numbers
 *
 * Measures a candidate pair (see #PrPairFeature).
 *
 * Returns: %FALSE with @error set for a text the tokenizer refuses.
 */
gboolean
pr_pair_features (PrTokenizer        *tokenizer,
                  const PrPairRecord *a,
                  const PrPairRecord *b,
                  double             *features,
                  GError            **error)
{
  g_autoptr(PrPairProfile) profile_a = NULL;
  g_autoptr(PrPairProfile) profile_b = NULL;
  g_autoptr(PrPairWords) words = pr_pair_words_new ();

  g_return_val_if_fail (tokenizer != NULL && a != NULL && b != NULL && features != NULL, FALSE);

  if ((profile_a = pr_pair_profile_new (tokenizer, a, error)) == NULL ||
      (profile_b = pr_pair_profile_new (tokenizer, b, error)) == NULL)
    return FALSE;
  pr_pair_profile_number (profile_a, words);
  pr_pair_profile_number (profile_b, words);
  return pr_pair_profile_compare (profile_a, profile_b, features, error);
}
