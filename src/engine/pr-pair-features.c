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

#include "pr-date.h"
#include "pr-diff.h"
#include "pr-pair-features.h"
#include "pr-simhash.h"

/* Ten years: a longer gap weighs no more. */
#define DATE_GAP_DAYS 3650.0

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
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == PR_PAIR_N_FEATURES);
  g_return_val_if_fail (feature < PR_PAIR_N_FEATURES, NULL);
  return names[feature];
}

static int
compare_grams (gconstpointer a,
               gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* The distinct 3-grams of @text without its white space, sorted; a text
 * of one or two characters is one gram. */
static GArray *
grams_of (const char *text)
{
  GArray *grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  gunichar window[3] = { 0 };
  guint n = 0, kept = 0;

  for (const char *p = text != NULL ? text : ""; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c))
        continue;
      window[0] = window[1];
      window[1] = window[2];
      window[2] = c;
      n++;
      if (n >= 3)
        {
          guint64 gram = ((guint64) window[0] << 42) | ((guint64) window[1] << 21) | window[2];

          g_array_append_val (grams, gram);
        }
    }
  if (n == 1 || n == 2)
    {
      guint64 gram = n == 1 ? ((guint64) 1 << 63) | window[2]
                            : ((guint64) 1 << 63) | ((guint64) window[1] << 21) | window[2];

      g_array_append_val (grams, gram);
    }
  g_array_sort (grams, compare_grams);
  for (guint i = 0; i < grams->len; i++)
    if (kept == 0 || g_array_index (grams, guint64, i) != g_array_index (grams, guint64, kept - 1))
      g_array_index (grams, guint64, kept++) = g_array_index (grams, guint64, i);
  g_array_set_size (grams, kept);
  return grams;
}

/* The distinct runs of ASCII letters and digits of a text (a masked
 * place, a number, a date's parts), compatibility normalised (full-width
 * digits are digits) and lower-cased, hashed and sorted. White space
 * parts runs: the tokenizer's normalised text has none, so the text is
 * normalised here. */
static GArray *
codes_of (const char *raw)
{
  GArray *codes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree char *text = g_utf8_normalize (raw != NULL ? raw : "", -1, G_NORMALIZE_ALL_COMPOSE);
  guint kept = 0;

  if (text == NULL)
    return codes;
  for (char *p = text; *p != '\0'; p++)
    *p = g_ascii_tolower (*p);
  for (const char *p = text; *p != '\0';)
    {
      const char *start = p;

      while (g_ascii_isalnum (*p))
        p++;
      if (p > start)
        {
          guint64 code = pr_feature_hash (start, p - start);

          g_array_append_val (codes, code);
        }
      else
        p++;
    }
  g_array_sort (codes, compare_grams);
  for (guint i = 0; i < codes->len; i++)
    if (kept == 0 || g_array_index (codes, guint64, i) != g_array_index (codes, guint64, kept - 1))
      g_array_index (codes, guint64, kept++) = g_array_index (codes, guint64, i);
  g_array_set_size (codes, kept);
  return codes;
}

static guint
count_shared (GArray *a,
              GArray *b)
{
  guint i = 0, j = 0, both = 0;

  while (i < a->len && j < b->len)
    {
      guint64 x = g_array_index (a, guint64, i), y = g_array_index (b, guint64, j);

      both += x == y;
      i += x <= y;
      j += y <= x;
    }
  return both;
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
  g_autoptr(GArray) grams_a = grams_of (a);
  g_autoptr(GArray) grams_b = grams_of (b);
  guint shared = count_shared (grams_a, grams_b);

  if (covered != NULL)
    *covered = grams_a->len > 0 && grams_b->len > 0 ? (double) shared / MAX (grams_a->len, grams_b->len) : 0;
  return grams_a->len > 0 && grams_b->len > 0 ? (double) shared / MIN (grams_a->len, grams_b->len) : 0;
}

/* Returns: 2 × the shared distinct 3-grams / the two sets' sizes (Dice). */
double
pr_pair_dice (const char *a,
              const char *b)
{
  g_autoptr(GArray) grams_a = grams_of (a);
  g_autoptr(GArray) grams_b = grams_of (b);

  if (grams_a->len + grams_b->len == 0)
    return 0;
  return 2.0 * count_shared (grams_a, grams_b) / (grams_a->len + grams_b->len);
}

static char *
normalize (PrTokenizer *tokenizer,
           const char  *text,
           GError     **error)
{
  gsize length;

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  return pr_tokenizer_normalize (tokenizer, text, -1, &length, error);
}

/* The features of the two bodies: 3-gram containment and the diff's shape. */
static gboolean
text_features (PrTokenizer        *tokenizer,
               const PrPairRecord *a,
               const PrPairRecord *b,
               double             *features,
               GError            **error)
{
  g_autofree char *body_a = NULL;
  g_autofree char *body_b = NULL;
  g_autoptr(PrDiff) diff = NULL;
  double covered;
  gsize shorter, longer;

  if ((body_a = normalize (tokenizer, a->body, error)) == NULL ||
      (body_b = normalize (tokenizer, b->body, error)) == NULL)
    return FALSE;
  features[PR_PAIR_FEATURE_CONTAINED] = pr_pair_containment (body_a, body_b, &covered);
  features[PR_PAIR_FEATURE_COVERED] = covered;
  {
    g_autoptr(GArray) codes_a = codes_of (a->body);
    g_autoptr(GArray) codes_b = codes_of (b->body);

    if (codes_a->len > 0 && codes_b->len > 0)
      features[PR_PAIR_FEATURE_CODES] = (double) count_shared (codes_a, codes_b) / MIN (codes_a->len, codes_b->len);
    else
      features[PR_PAIR_FEATURE_NO_CODES] = 1;
  }

  diff = pr_diff_words (tokenizer, a->body != NULL ? a->body : "", -1, b->body != NULL ? b->body : "", -1,
                        NULL, error);
  if (diff == NULL)
    return FALSE;
  shorter = MIN (diff->words_a, diff->words_b);
  longer = MAX (diff->words_a, diff->words_b);
  if (shorter > 0)
    {
      features[PR_PAIR_FEATURE_SHARED_WORDS] = (double) diff->common / shorter;
      features[PR_PAIR_FEATURE_SUBSTITUTED] = MIN (1.0, (double) diff->substituted / shorter);
    }
  if (longer > 0)
    features[PR_PAIR_FEATURE_INSERTED] = (double) diff->inserted / longer;

  return TRUE;
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
  guint agree = 0, differ = 0;

  g_return_val_if_fail (tokenizer != NULL && a != NULL && b != NULL && features != NULL, FALSE);

  memset (features, 0, PR_PAIR_N_FEATURES * sizeof *features);
  /* The same bytes: all shared, nothing replaced, without the diff (most
   * candidates at scale are copies). */
  if (a->body != NULL && b->body != NULL && *a->body != '\0' && strcmp (a->body, b->body) == 0)
    {
      features[PR_PAIR_FEATURE_CONTAINED] = features[PR_PAIR_FEATURE_COVERED] = 1;
      g_autoptr(GArray) codes = codes_of (a->body);

      features[PR_PAIR_FEATURE_SHARED_WORDS] = 1;
      /* Of the bytes as they are: the same bytes hold the same runs. */
      features[codes->len > 0 ? PR_PAIR_FEATURE_CODES : PR_PAIR_FEATURE_NO_CODES] = 1;
    }
  else if (!text_features (tokenizer, a, b, features, error))
    return FALSE;

  if (a->subject != NULL && *a->subject != '\0' && b->subject != NULL && *b->subject != '\0')
    {
      g_autofree char *subject_a = normalize (tokenizer, a->subject, error);
      g_autofree char *subject_b = subject_a != NULL ? normalize (tokenizer, b->subject, error) : NULL;

      if (subject_b == NULL)
        return FALSE;
      features[PR_PAIR_FEATURE_SUBJECT] = strcmp (a->subject, b->subject) == 0 ? 1 : pr_pair_dice (subject_a, subject_b);
    }
  else
    features[PR_PAIR_FEATURE_NO_SUBJECT] = 1;

  if (a->date != PR_DATE_NONE && b->date != PR_DATE_NONE)
    {
      double days = fabs ((double) a->date - (double) b->date) / 86400.0;

      features[PR_PAIR_FEATURE_DATE_GAP] = MIN (1.0, log1p (days) / log1p (DATE_GAP_DAYS));
    }

  if (a->petitioner != 0 && b->petitioner != 0)
    features[PR_PAIR_FEATURE_SAME_PETITIONER] = a->petitioner == b->petitioner ? 1 : -1;

  for (guint i = 0; i < MIN (a->n_fields, b->n_fields); i++)
    if (a->fields[i] != NULL && b->fields[i] != NULL)
      {
        if (strcmp (a->fields[i], b->fields[i]) == 0)
          agree++;
        else
          differ++;
      }
  if (agree + differ > 0)
    features[PR_PAIR_FEATURE_FIELDS] = ((double) agree - differ) / (agree + differ);

  features[PR_PAIR_FEATURE_DISTANCE] = pr_hamming_distance (a->fingerprint, b->fingerprint) / 64.0;
  /* PR_PAIR_FEATURE_IDENTITY stays 0: the slot for identity evidence. */
  return TRUE;
}
