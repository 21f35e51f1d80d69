/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One record as the second stage reads it, read once. At scale a record
 * is in many candidate pairs (a form letter in hundreds); normalising,
 * cutting into 3-grams and tokenizing it for each pair cost most of the
 * judging. A profile keeps what the features compare: the sorted sets of
 * 3-grams and of letter and digit runs, the body's words numbered (equal
 * words, as the tokenizer normalises them, get equal numbers from one
 * PrPairWords), and 64-bit hashes of the texts and fields that are
 * compared only as equal or not. Two different texts share a 64-bit hash
 * about once in 10^19 comparisons; the features take that risk.
 */
#define G_LOG_DOMAIN "pr-pair-profile"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pr-date.h"
#include "pr-diff.h"
#include "pr-pair-profile.h"
#include "pr-attachment.h"
#include "pr-simhash.h"

/* Ten years: a longer gap weighs no more. */
#define DATE_GAP_DAYS 3650.0

struct _PrPairProfile {
  guint64  body_hash;       /* 0: no body */
  guint64  subject_hash;    /* 0: no subject */
  guint64 *grams;
  guint64 *codes;
  guint64 *subject_grams;
  guint64 *word_hashes;     /* until numbered */
  guint32 *words;           /* once numbered */
  guint32 *sorted_words;    /* (nullable): the same, sorted, for pr_pair_profile_diff_bound ()
                             * (pr_pair_profile_sort_words ()) */
  guint64 *fields;          /* 0: empty */
  guint32  n_grams;
  guint32  n_codes;
  guint32  n_subject_grams;
  guint32  n_words;
  guint32  n_fields;
  gint64   date;
  guint64  petitioner;
  guint64  fingerprint;
};

struct _PrPairWords {
  GHashTable *ids;  /* guint64 hash → number + 1 */
};

/* Sorts @n hashes. A profile sorts a few hundred at a time, many times:
 * a quicksort of the values themselves, with insertion sort for short
 * runs, costs a third of what a sort through a comparison function does. */
static void
sort_hashes (guint64 *v,
             gsize    n)
{
  while (n > 16)
    {
      guint64 pivot, x = v[0], y = v[n / 2], z = v[n - 1];
      gsize i = 0, j = n - 1;

      /* The median of three. */
      pivot = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
      for (;;)
        {
          while (v[i] < pivot)
            i++;
          while (v[j] > pivot)
            j--;
          if (i >= j)
            break;
          x = v[i], v[i] = v[j], v[j] = x;
          i++, j--;
        }
      /* The smaller side by recursion, the larger by the loop. */
      if (j + 1 < n - j - 1)
        {
          sort_hashes (v, j + 1);
          v += j + 1;
          n -= j + 1;
        }
      else
        {
          sort_hashes (v + j + 1, n - j - 1);
          n = j + 1;
        }
    }
  for (gsize i = 1; i < n; i++)
    {
      guint64 x = v[i];
      gsize j = i;

      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

static void
sort_distinct (GArray *hashes)
{
  guint64 *v = (guint64 *) (gpointer) hashes->data;
  guint kept = 0;

  sort_hashes (v, hashes->len);
  for (guint i = 0; i < hashes->len; i++)
    if (kept == 0 || v[i] != v[kept - 1])
      v[kept++] = v[i];
  g_array_set_size (hashes, kept);
}

/* The distinct 3-grams of @text without its white space, sorted; a text
 * of one or two characters is one gram. A 3-gram is three code points
 * packed into 63 bits, so two grams are equal only when their text is. */
GArray *
_pr_pair_grams_of (const char *text)
{
  GArray *grams = g_array_new (FALSE, FALSE, sizeof (guint64));
  gunichar window[3] = { 0 };
  guint n = 0;

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
  sort_distinct (grams);
  return grams;
}

/* Adds the runs of ASCII letters and digits of @normal, lower-cased and
 * hashed, to @codes. */
static void
add_runs (GArray     *codes,
          const char *normal,
          gsize       length)
{
  char run[256];
  const char *end = normal + length;

  for (const char *p = normal; p < end;)
    {
      const char *start = p;

      while (p < end && g_ascii_isalnum (*p))
        p++;
      if (p > start)
        {
          gsize n = p - start;
          g_autofree char *long_run = n > sizeof run ? g_malloc (n) : NULL;
          char *lower = long_run != NULL ? long_run : run;
          guint64 code;

          for (gsize i = 0; i < n; i++)
            lower[i] = start[i] >= 'A' && start[i] <= 'Z' ? start[i] + ('a' - 'A') : start[i];
          code = pr_feature_hash (lower, n);
          g_array_append_val (codes, code);
        }
      else
        p++;
    }
}

/* A CJK unified ideograph (U+4E00 to U+9FFF) is its own compatibility
 * normal form, and no character composes with it on either side: the
 * text between two of them normalises alone as it does in the whole, and
 * it ends any run of letters and digits. Most of a Chinese text is such
 * characters, so only the pieces between them are normalised. */
static gboolean
is_inert (gunichar c)
{
  return c >= 0x4E00 && c <= 0x9FFF;
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
  const char *text = raw != NULL ? raw : "";

  /* As g_utf8_normalize () of the whole, which refuses it. */
  if (!g_utf8_validate (text, -1, NULL))
    return codes;
  for (const char *p = text; *p != '\0';)
    {
      const char *start = p;
      gboolean ascii = TRUE;

      while (*p != '\0')
        {
          gunichar c = g_utf8_get_char (p);

          if (is_inert (c))
            break;
          ascii = ascii && c < 0x80;
          p = g_utf8_next_char (p);
        }
      if (p > start)
        {
          /* ASCII is its own normal form. */
          if (ascii)
            add_runs (codes, start, p - start);
          else
            {
              g_autofree char *normal = g_utf8_normalize (start, p - start, G_NORMALIZE_ALL_COMPOSE);

              if (normal != NULL)
                add_runs (codes, normal, strlen (normal));
            }
        }
      if (*p != '\0')
        p = g_utf8_next_char (p);
    }
  sort_distinct (codes);
  return codes;
}

guint
_pr_pair_count_shared (const guint64 *a,
                       gsize          n_a,
                       const guint64 *b,
                       gsize          n_b)
{
  gsize i = 0, j = 0;
  guint both = 0;

  while (i < n_a && j < n_b)
    {
      guint64 x = a[i], y = b[j];

      both += x == y;
      i += x <= y;
      j += y <= x;
    }
  return both;
}

static guint64 *
steal (GArray  *array,
       guint32 *n)
{
  *n = array->len;
  return (guint64 *) (gpointer) g_array_free (array, array->len == 0);
}

/* Never 0, which stands for none. */
static guint64
text_hash (const char *text)
{
  guint64 hash;

  if (text == NULL || *text == '\0')
    return 0;
  hash = pr_feature_hash (text, strlen (text));
  return hash != 0 ? hash : 1;
}

static gboolean
grams_of_normalized (PrTokenizer *tokenizer,
                     const char  *text,
                     guint64    **grams,
                     guint32     *n,
                     GError     **error)
{
  g_autofree char *normalized = NULL;
  gsize length;

  if (text != NULL && *text != '\0' &&
      (normalized = pr_tokenizer_normalize (tokenizer, text, -1, &length, error)) == NULL)
    return FALSE;
  *grams = steal (_pr_pair_grams_of (normalized), n);
  return TRUE;
}

static void
add_word (const char *token,
          gsize       length,
          gpointer    user_data)
{
  guint64 hash = pr_feature_hash (token, length);

  g_array_append_val ((GArray *) user_data, hash);
}

/**
 * pr_pair_profile_new:
 * @tokenizer: the scan's tokenizer: its words and folding
 *
 * Reads @record once for pr_pair_profile_compare (); number its words
 * with pr_pair_profile_number () first. Keeps nothing of @record.
 *
 * Returns: (transfer full) (nullable): the profile, or %NULL with @error
 *   set for a text the tokenizer refuses.
 */
PrPairProfile *
pr_pair_profile_new (PrTokenizer        *tokenizer,
                     const PrPairRecord *record,
                     GError            **error)
{
  return pr_pair_profile_new_with_words (tokenizer, record, NULL, 0, error);
}

/**
 * pr_pair_profile_new_with_words:
 * @words: (nullable): the hashes of the body's words in order, as
 *   @tokenizer gives them, when they are already known (the fingerprint
 *   read them: PrFingerprint.words); %NULL: the body is tokenized
 *
 * pr_pair_profile_new (), without tokenizing the body again.
 */
PrPairProfile *
pr_pair_profile_new_with_words (PrTokenizer        *tokenizer,
                                const PrPairRecord *record,
                                const guint64      *words_known,
                                gsize               n_words_known,
                                GError            **error)
{
  g_autoptr(PrPairProfile) profile = g_new0 (PrPairProfile, 1);
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *body;

  g_return_val_if_fail (tokenizer != NULL && record != NULL, NULL);

  /* 见附件: no matter in the body, as the fingerprint reads it. */
  body = record->body != NULL && pr_text_is_attachment_only (record->body, -1) ? NULL : record->body;
  profile->body_hash = text_hash (body);
  profile->subject_hash = text_hash (record->subject);
  if (!grams_of_normalized (tokenizer, body, &profile->grams, &profile->n_grams, error))
    return NULL;
  if (profile->subject_hash != 0 &&
      !grams_of_normalized (tokenizer, record->subject, &profile->subject_grams, &profile->n_subject_grams, error))
    return NULL;
  profile->codes = steal (codes_of (body), &profile->n_codes);
  if (words_known != NULL)
    g_array_append_vals (words, words_known, n_words_known);
  else if (!pr_tokenizer_tokenize (tokenizer, body != NULL ? body : "", -1, add_word, words, error))
    return NULL;
  profile->word_hashes = steal (g_steal_pointer (&words), &profile->n_words);
  profile->n_fields = record->n_fields;
  profile->fields = g_new0 (guint64, MAX (1, record->n_fields));
  for (guint i = 0; i < record->n_fields; i++)
    profile->fields[i] = record->fields != NULL ? text_hash (record->fields[i]) : 0;
  profile->date = record->date;
  profile->petitioner = record->petitioner;
  profile->fingerprint = record->fingerprint;
  return g_steal_pointer (&profile);
}

static int
compare_words (const void *x,
               const void *y)
{
  guint32 p = *(const guint32 *) x, q = *(const guint32 *) y;

  return (p > q) - (p < q);
}

/**
 * pr_pair_profile_number:
 *
 * Numbers the words of @profile by @words (once; not thread-safe: one
 * thread numbers).
 */
void
pr_pair_profile_number (PrPairProfile *profile,
                        PrPairWords   *words)
{
  if (profile->words != NULL)
    return;
  profile->words = g_new (guint32, MAX (1, profile->n_words));
  for (guint32 i = 0; i < profile->n_words; i++)
    {
      gpointer value = g_hash_table_lookup (words->ids, &profile->word_hashes[i]);

      if (value == NULL)
        {
          value = GUINT_TO_POINTER (g_hash_table_size (words->ids) + 1);
          g_hash_table_insert (words->ids, g_memdup2 (&profile->word_hashes[i], sizeof (guint64)), value);
        }
      profile->words[i] = GPOINTER_TO_UINT (value) - 1;
    }
  g_clear_pointer (&profile->word_hashes, g_free);
}

/**
 * pr_pair_profile_sort_words:
 *
 * Keeps a sorted copy of @profile's numbered words, which
 * pr_pair_profile_diff_bound () needs (once; after
 * pr_pair_profile_number ()). Only a judge that bounds pairs asks for
 * it: the copy is as large as the words.
 */
void
pr_pair_profile_sort_words (PrPairProfile *profile)
{
  g_return_if_fail (profile->words != NULL);

  if (profile->sorted_words != NULL)
    return;
  profile->sorted_words = g_memdup2 (profile->words, MAX (1, profile->n_words) * sizeof (guint32));
  qsort (profile->sorted_words, profile->n_words, sizeof (guint32), compare_words);
}

/* Returns: the bytes @profile takes. */
gsize
pr_pair_profile_size (const PrPairProfile *profile)
{
  return sizeof *profile + 8 * ((gsize) profile->n_grams + profile->n_codes + profile->n_subject_grams +
                                MAX (1, profile->n_fields)) +
         /* The hashes until numbered, then the numbers (and their sorted copy). */
         (profile->words == NULL ? 8 : profile->sorted_words != NULL ? 8 : 4) * (gsize) profile->n_words;
}

void
pr_pair_profile_free (PrPairProfile *profile)
{
  if (profile == NULL)
    return;
  g_free (profile->grams);
  g_free (profile->codes);
  g_free (profile->subject_grams);
  g_free (profile->word_hashes);
  g_free (profile->words);
  g_free (profile->sorted_words);
  g_free (profile->fields);
  g_free (profile);
}

PrPairWords *
pr_pair_words_new (void)
{
  PrPairWords *words = g_new0 (PrPairWords, 1);

  words->ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return words;
}

void
pr_pair_words_free (PrPairWords *words)
{
  if (words == NULL)
    return;
  g_hash_table_unref (words->ids);
  g_free (words);
}

/* The features of the two bodies that need no diff: 3-gram containment
 * and the letter and digit runs. */
static void
gram_features (const PrPairProfile *a,
               const PrPairProfile *b,
               double              *features)
{
  if (a->n_grams > 0 && b->n_grams > 0)
    {
      guint shared = _pr_pair_count_shared (a->grams, a->n_grams, b->grams, b->n_grams);

      features[PR_PAIR_FEATURE_CONTAINED] = (double) shared / MIN (a->n_grams, b->n_grams);
      features[PR_PAIR_FEATURE_COVERED] = (double) shared / MAX (a->n_grams, b->n_grams);
    }
  if (a->n_codes > 0 && b->n_codes > 0)
    features[PR_PAIR_FEATURE_CODES] = (double) _pr_pair_count_shared (a->codes, a->n_codes, b->codes, b->n_codes) /
                                      MIN (a->n_codes, b->n_codes);
  else
    features[PR_PAIR_FEATURE_NO_CODES] = 1;
}

/* The features of the word diff's shape. */
static gboolean
diff_features (const PrPairProfile *a,
               const PrPairProfile *b,
               double              *features,
               GError             **error)
{
  PrDiff shape;
  gsize shorter, longer;

  if (!pr_diff_shape (a->words, a->n_words, b->words, b->n_words, &shape, NULL, error))
    return FALSE;
  shorter = MIN (shape.words_a, shape.words_b);
  longer = MAX (shape.words_a, shape.words_b);
  if (shorter > 0)
    {
      features[PR_PAIR_FEATURE_SHARED_WORDS] = (double) shape.common / shorter;
      features[PR_PAIR_FEATURE_SUBSTITUTED] = MIN (1.0, (double) shape.substituted / shorter);
    }
  if (longer > 0)
    features[PR_PAIR_FEATURE_INSERTED] = (double) shape.inserted / longer;
  return TRUE;
}

/**
 * pr_pair_profile_compare:
 * @a: numbered by the same #PrPairWords as @b
 * @features: (out caller-allocates): PR_PAIR_N_FEATURES numbers
 *
 * Measures a candidate pair (see #PrPairFeature) from its profiles.
 *
 * Returns: %FALSE with @error set if the diff fails.
 */
gboolean
pr_pair_profile_compare (const PrPairProfile *a,
                         const PrPairProfile *b,
                         double              *features,
                         GError             **error)
{
  return pr_pair_profile_compare_as (a, b, NULL, features, error);
}

/* The features gram_features () and diff_features () set: those of the two bodies alone. */
static const PrPairFeature body_features[] = {
  PR_PAIR_FEATURE_CONTAINED, PR_PAIR_FEATURE_COVERED, PR_PAIR_FEATURE_CODES, PR_PAIR_FEATURE_NO_CODES,
  PR_PAIR_FEATURE_SHARED_WORDS, PR_PAIR_FEATURE_SUBSTITUTED, PR_PAIR_FEATURE_INSERTED,
};

/**
 * pr_pair_profile_get_body_hash:
 *
 * Returns: a 64-bit hash of the body's text, 0 for none: two profiles
 *   with the same hash have the same body features against any third.
 */
guint64
pr_pair_profile_get_body_hash (const PrPairProfile *profile)
{
  return profile->body_hash;
}

/**
 * pr_pair_profile_compare_as:
 * @bodies_as: (nullable): the features of a pair already measured whose
 *   bodies have the same hashes as those of @a and @b, in that order
 *
 * pr_pair_profile_compare (), taking the features of the two bodies
 * (3-grams, codes, the diff's shape) from @bodies_as instead of measuring
 * them again: at scale, copies of one text are in many pairs with the
 * copies of another.
 */
gboolean
pr_pair_profile_compare_as (const PrPairProfile *a,
                            const PrPairProfile *b,
                            const double        *bodies_as,
                            double              *features,
                            GError             **error)
{
  g_return_val_if_fail (a != NULL && b != NULL && features != NULL, FALSE);
  g_return_val_if_fail (a->words != NULL && b->words != NULL, FALSE);

  if (!pr_pair_profile_compare_but_diff (a, b, bodies_as, features))
    return TRUE;
  return diff_features (a, b, features, error);
}

/**
 * pr_pair_profile_compare_but_diff:
 * @bodies_as: (nullable): as pr_pair_profile_compare_as ()'s
 *
 * Every feature of pr_pair_profile_compare_as () but those of the word
 * diff (shared words, substituted, inserted), which are left 0 when it
 * returns %TRUE: the diff is the costly part.
 *
 * Returns: %TRUE if the diff is still to be made
 *   (pr_pair_profile_add_diff ()); %FALSE if @features are complete (the
 *   same bodies, or @bodies_as given).
 */
gboolean
pr_pair_profile_compare_but_diff (const PrPairProfile *a,
                                  const PrPairProfile *b,
                                  const double        *bodies_as,
                                  double              *features)
{
  gboolean diff = FALSE;
  guint agree = 0, differ = 0;

  memset (features, 0, PR_PAIR_N_FEATURES * sizeof *features);
  if (bodies_as != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (body_features); i++)
      features[body_features[i]] = bodies_as[body_features[i]];
  /* The same bytes: all shared, nothing replaced, without the diff (most
   * candidates at scale are copies). */
  else if (a->body_hash != 0 && a->body_hash == b->body_hash)
    {
      features[PR_PAIR_FEATURE_CONTAINED] = features[PR_PAIR_FEATURE_COVERED] = 1;
      features[PR_PAIR_FEATURE_SHARED_WORDS] = 1;
      /* Of the bytes as they are: the same bytes hold the same runs. */
      features[a->n_codes > 0 ? PR_PAIR_FEATURE_CODES : PR_PAIR_FEATURE_NO_CODES] = 1;
    }
  else
    {
      gram_features (a, b, features);
      diff = TRUE;
    }
  if (a->subject_hash != 0 && b->subject_hash != 0)
    {
      if (a->subject_hash == b->subject_hash)
        features[PR_PAIR_FEATURE_SUBJECT] = 1;
      else if (a->n_subject_grams + b->n_subject_grams > 0)
        features[PR_PAIR_FEATURE_SUBJECT] = 2.0 *
                                            _pr_pair_count_shared (a->subject_grams, a->n_subject_grams,
                                                                   b->subject_grams, b->n_subject_grams) /
                                            (a->n_subject_grams + b->n_subject_grams);
      features[PR_PAIR_FEATURE_SUBJECT_ELSEWHERE] =
        _pr_pair_subject_elsewhere (a->subject_grams, a->n_subject_grams, a->grams, a->n_grams,
                                    b->subject_grams, b->n_subject_grams, b->grams, b->n_grams);
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
    if (a->fields[i] != 0 && b->fields[i] != 0)
      {
        if (a->fields[i] == b->fields[i])
          agree++;
        else
          differ++;
      }
  if (agree + differ > 0)
    features[PR_PAIR_FEATURE_FIELDS] = ((double) agree - differ) / (agree + differ);

  features[PR_PAIR_FEATURE_DISTANCE] = pr_hamming_distance (a->fingerprint, b->fingerprint) / 64.0;
  /* PR_PAIR_FEATURE_IDENTITY stays 0: the slot for identity evidence. */
  return diff;
}

/**
 * pr_pair_profile_add_diff:
 * @features: pr_pair_profile_compare_but_diff ()'s, when it returned %TRUE
 *
 * Adds the word diff's features: @features are then those of
 * pr_pair_profile_compare_as ().
 *
 * Returns: %FALSE with @error set if the diff fails.
 */
gboolean
pr_pair_profile_add_diff (const PrPairProfile *a,
                          const PrPairProfile *b,
                          double              *features,
                          GError             **error)
{
  return diff_features (a, b, features, error);
}

/* How many words @a and @b have in common, each counted as often as it
 * is in both: no common subsequence is longer. */
static gsize
count_common_words (const PrPairProfile *a,
                    const PrPairProfile *b)
{
  gsize i = 0, j = 0, n = 0;

  while (i < a->n_words && j < b->n_words)
    if (a->sorted_words[i] < b->sorted_words[j])
      i++;
    else if (a->sorted_words[i] > b->sorted_words[j])
      j++;
    else
      n++, i++, j++;
  return n;
}

/**
 * pr_pair_profile_diff_bound:
 * @a: @b: with their words sorted (pr_pair_profile_sort_words ())
 * @features: pr_pair_profile_compare_but_diff ()'s, with whatever else
 *   the judge sets (the petitioner), the diff's features not yet added
 *
 * The most @model can give the pair, whatever the word diff finds.
 *
 * The diff's features are fixed by three counts: the words matched C, at
 * most the words the two texts have in common (M), and the substituted
 * S and inserted I, which share the rest: 2S + I = n_a + n_b − 2C, with
 * I ≥ |n_a − n_b| (a run's unequal sides are inserted). With s and l the
 * shorter and longer count, the features C/s, S/s and I/l are then
 * linear in C and I over a four-cornered region (0 ≤ C ≤ M,
 * |n_a − n_b| ≤ I ≤ n_a + n_b − 2C), and so is the logit: its largest
 * value is at a corner, whatever the weights' signs. This holds for a
 * diff that stops at its work limit too: its match is still a common
 * subsequence.
 *
 * Returns: an upper bound of pr_pair_model_probability () of the complete
 *   features; 1 when the texts have no words (no diff to bound)
 */
double
pr_pair_profile_diff_bound (const PrPairProfile *a,
                            const PrPairProfile *b,
                            const PrPairModel   *model,
                            const double        *features)
{
  gsize s = MIN (a->n_words, b->n_words), l = MAX (a->n_words, b->n_words);
  gsize most = count_common_words (a, b);
  double corner[PR_PAIR_N_FEATURES], bound = 0;

  g_return_val_if_fail (a->sorted_words != NULL && b->sorted_words != NULL, 1);
  if (s == 0)
    return 1;
  memcpy (corner, features, sizeof corner);
  for (guint c = 0; c < 2; c++)
    for (guint i = 0; i < 2; i++)
      {
        gsize common = c == 0 ? 0 : most;
        gsize inserted = i == 0 ? l - s : a->n_words + b->n_words - 2 * common;
        gsize substituted = (a->n_words + b->n_words - 2 * common - inserted) / 2;

        corner[PR_PAIR_FEATURE_SHARED_WORDS] = (double) common / s;
        corner[PR_PAIR_FEATURE_SUBSTITUTED] = MIN (1.0, (double) substituted / s);
        corner[PR_PAIR_FEATURE_INSERTED] = (double) inserted / l;
        bound = MAX (bound, pr_pair_model_probability (model, corner));
      }
  return bound;
}
