/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Parts: what a whole-record SimHash misses.
 *
 * A SimHash of the whole record moves far when a third of the text is new:
 * a complaint sent again with a paragraph added, or quoted inside a longer
 * one. Such records still share most of the smaller one's sentences word
 * for word (after normalisation). So each record's text is also cut into
 * parts — its clauses (between sentence ends, commas, 、 and ：), long ones
 * into windows — and each part hashed from its words in order. Clauses
 * rather than sentences: an edit then costs one clause, and Chinese
 * petitions run many clauses into one sentence. Two records are a repeat when the parts they share
 * hold enough of the smaller record's words (containment):
 *
 *   containment(A, B) = words in parts of both / min(words in A's parts, words in B's parts)
 *
 * counting each distinct part once. Parts found in many records are
 * boilerplate (greetings, "请领导重视", form letters): they are left out of
 * both sides, so that two letters on one template do not match by it.
 *
 * Or, by choice (PrPartMethod), the parts are winnowed word shingles: a
 * comma added or taken away splits or joins clauses, and so changes their
 * hashes, where a shingle of words does not see it; and one word changed
 * costs only the shingles around it. Each shingle kept stands for the
 * words from where it starts to where the next kept one starts (the
 * first also for those before it, the last for the rest of the text), so
 * that a text's parts hold all its words, and containment and the shared
 * words mean what they mean for clauses. A shingle found in two records
 * counts the fewer words of the two; one a record has twice, the more.
 *
 * Finding the pairs is exact: every pair of records sharing a part is
 * looked at (parts are grouped by sorting their hashes), and a pair's
 * containment is computed from all the parts they share.
 */
#define G_LOG_DOMAIN "pr-parts"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>
#include <string.h>

#include "pr-parts.h"
#include "pr-part-spool.h"

#define PRIME64_1 G_GUINT64_CONSTANT (0x9E3779B185EBCA87)
#define PRIME64_2 G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)

#define HASH56_MASK ((G_GUINT64_CONSTANT (1) << 56) - 1)

void
pr_part_builder_init (PrPartBuilder *builder)
{
  memset (builder, 0, sizeof *builder);
  builder->parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  builder->method = pr_part_method_resolve (NULL);
  builder->selected = G_MAXUINT64;
}

/**
 * pr_part_method_resolve:
 * @method: (nullable): a method, with zeros for the defaults
 *
 * Returns: @method with its defaults filled in and its sizes within bounds;
 *   the default for %NULL
 */
PrPartMethod
pr_part_method_resolve (const PrPartMethod *method)
{
  PrPartMethod m = { PR_PART_KIND_DEFAULT, 0, 0 };

  if (method != NULL)
    m = *method;
  if (m.kind == PR_PART_KIND_DEFAULT)
    m.kind = PR_PART_DEFAULT_KIND;
  if (m.shingle_words == 0)
    m.shingle_words = PR_PART_DEFAULT_SHINGLE_WORDS;
  if (m.shingle_window == 0)
    m.shingle_window = PR_PART_DEFAULT_SHINGLE_WINDOW;
  m.shingle_words = CLAMP (m.shingle_words, 1, PR_PART_MAX_SHINGLE_WORDS);
  m.shingle_window = CLAMP (m.shingle_window, 1, PR_PART_MAX_SHINGLE_WINDOW);
  return m;
}

/**
 * pr_part_method_describe:
 * @method: (nullable): a method; %NULL for the default
 *
 * For the fingerprints' version (pr_fingerprint_describe ()): parts made
 * one way are not compared with parts made another. Clauses keep the text
 * they always had, so that their stored parts stay valid.
 *
 * Returns: (transfer full): e.g. "parts=4-16" or "parts=shingles:5:6"
 */
char *
pr_part_method_describe (const PrPartMethod *method)
{
  PrPartMethod m = pr_part_method_resolve (method);

  if (m.kind == PR_PART_KIND_SHINGLES)
    return g_strdup_printf ("parts=shingles:%u:%u", m.shingle_words, m.shingle_window);
  return g_strdup_printf ("parts=%u-%u", PR_PART_MIN_TOKENS, PR_PART_MAX_TOKENS);
}

/**
 * pr_winnow:
 * @hashes: (array length=n_hashes): the shingles' hashes, in order
 * @n_hashes: how many
 * @window: w, at least 1
 * @positions: (out caller-allocates) (array): at least @n_hashes places
 *   for the positions kept
 *
 * Winnowing as the paper gives it: in every window of @window consecutive
 * hashes the smallest is kept, the rightmost of equal ones, each position
 * once. A text with fewer hashes than a window keeps them all (see
 * pr_part_builder_finish ()). This is the reference the builder is tested
 * against; it is what it does.
 *
 * Returns: how many positions were kept, ascending in @positions
 */
gsize
pr_winnow (const guint64 *hashes,
           gsize          n_hashes,
           guint          window,
           gsize         *positions)
{
  gsize n = 0;

  g_return_val_if_fail (window >= 1, 0);

  if (n_hashes < window)
    {
      for (gsize i = 0; i < n_hashes; i++)
        positions[n++] = i;
      return n;
    }
  for (gsize end = window; end <= n_hashes; end++)
    {
      gsize start = end - window, min = start;

      for (gsize i = start + 1; i < end; i++)
        if (hashes[i] <= hashes[min])
          min = i;
      if (n == 0 || positions[n - 1] != min)
        positions[n++] = min;
    }
  return n;
}

/* Sets how the parts are cut; forgets the parts so far. */
void
pr_part_builder_set_method (PrPartBuilder      *builder,
                            const PrPartMethod *method)
{
  builder->method = pr_part_method_resolve (method);
  pr_part_builder_reset (builder);
}

void
pr_part_builder_clear (PrPartBuilder *builder)
{
  g_clear_pointer (&builder->parts, g_array_unref);
}

/* Forgets the parts so far, for the next record. */
void
pr_part_builder_reset (PrPartBuilder *builder)
{
  g_array_set_size (builder->parts, 0);
  builder->hash = 0;
  builder->n_tokens = 0;
  builder->n_words = 0;
  builder->n_shingles = 0;
  builder->boundary = 0;
  builder->selected = G_MAXUINT64;
}

/* Keeps a shingle: the one before it stands for the words from where it
 * starts (or the text's start) to where this one starts. */
static void
keep_shingle (PrPartBuilder *builder,
              guint64        position)
{
  PrPart part = { builder->shingles[position % builder->method.shingle_window], 0 };

  if (builder->selected != G_MAXUINT64)
    {
      g_array_index (builder->parts, PrPart, builder->parts->len - 1).n_tokens = position - builder->boundary;
      builder->boundary = position;
    }
  builder->selected = position;
  g_array_append_val (builder->parts, part);
}

/* Keeps the smallest shingle of the window ending at the last one, the
 * rightmost of equal ones, unless it is kept already. */
static void
winnow_last_window (PrPartBuilder *builder)
{
  guint w = builder->method.shingle_window;
  guint64 end = builder->n_shingles, start = end - w, min = start;

  for (guint64 i = start + 1; i < end; i++)
    if (builder->shingles[i % w] <= builder->shingles[min % w])
      min = i;
  if (min != builder->selected)
    keep_shingle (builder, min);
}

static void
shingle_add (PrPartBuilder *builder,
             guint64        token_hash)
{
  guint q = builder->method.shingle_words, w = builder->method.shingle_window;
  guint64 hash = 0;

  builder->words[builder->n_words++ % q] = token_hash;
  if (builder->n_words < q)
    return;
  for (guint64 i = builder->n_words - q; i < builder->n_words; i++)
    hash = (((hash << 27) | (hash >> 37)) ^ builder->words[i % q]) * PRIME64_1;
  hash ^= hash >> 33;
  hash *= PRIME64_2;
  hash ^= hash >> 29;
  builder->shingles[builder->n_shingles++ % w] = hash & HASH56_MASK;
  if (builder->n_shingles >= w)
    winnow_last_window (builder);
}

/**
 * pr_part_builder_finish:
 * @builder: a builder
 *
 * Ends a text field: its last part; for shingles, every shingle of a text
 * shorter than a window, and the words the last one kept stands for. The
 * next words start afresh, so that no shingle runs from one field into the
 * next.
 */
void
pr_part_builder_finish (PrPartBuilder *builder)
{
  if (builder->method.kind != PR_PART_KIND_SHINGLES)
    {
      pr_part_builder_end (builder);
      return;
    }
  /* A text of fewer shingles than a window keeps them all: winnowing
   * would keep one, and a title would match any text that has one run of
   * q of its words (on bib_dedupe's digital_work, 97 false pairs where
   * clauses have 48). */
  if (builder->n_shingles > 0 && builder->n_shingles < builder->method.shingle_window)
    for (guint64 i = 0; i < builder->n_shingles; i++)
      keep_shingle (builder, i);
  /* The last stands for the rest of the text. */
  if (builder->selected != G_MAXUINT64)
    g_array_index (builder->parts, PrPart, builder->parts->len - 1).n_tokens =
      MIN (builder->n_words - builder->boundary, PR_PART_MAX_SHINGLE_WORDS + 2 * PR_PART_MAX_SHINGLE_WINDOW);
  builder->n_words = 0;
  builder->boundary = 0;
  builder->n_shingles = 0;
  builder->selected = G_MAXUINT64;
}

/* Ends the part being built, keeping it if it is long enough. */
void
pr_part_builder_end (PrPartBuilder *builder)
{
  /* Shingles do not see punctuation. */
  if (builder->method.kind == PR_PART_KIND_SHINGLES)
    return;
  if (builder->n_tokens >= PR_PART_MIN_TOKENS)
    {
      /* The final mix spreads the last word's bits over the whole hash. */
      guint64 hash = builder->hash ^ builder->n_tokens;
      PrPart part;

      hash ^= hash >> 33;
      hash *= PRIME64_2;
      hash ^= hash >> 29;
      part.hash = hash;
      part.n_tokens = builder->n_tokens;
      g_array_append_val (builder->parts, part);
    }
  builder->hash = 0;
  builder->n_tokens = 0;
}

/* Adds a word (its feature hash) to the part being built: the hash depends
 * on the words and their order. */
void
pr_part_builder_add (PrPartBuilder *builder,
                     guint64        token_hash)
{
  if (builder->method.kind == PR_PART_KIND_SHINGLES)
    {
      shingle_add (builder, token_hash);
      return;
    }
  builder->hash = (((builder->hash << 27) | (builder->hash >> 37)) ^ token_hash) * PRIME64_1;
  if (++builder->n_tokens == PR_PART_MAX_TOKENS)
    pr_part_builder_end (builder);
}

/**
 * pr_part_table_find_pairs:
 * @table: the records' parts
 * @skip: (nullable): per record, 1 to leave it out
 * @options: thresholds
 * @func: called for each pair kept, by ascending first record
 * @user_data: passed to @func
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Finds every pair of records whose shared parts hold at least
 * @options->min_containment of the smaller record's part words, and at least
 * @options->min_shared_tokens words, leaving out parts found in more than
 * @options->max_records_per_part records.
 *
 * The table's parts go through a spool held in memory: see
 * pr_part_spool_find_pairs () for how they are matched.
 *
 * Returns: %FALSE if cancelled
 */
gboolean
pr_part_table_find_pairs (const PrPartTable        *table,
                          const guint8             *skip,
                          const PrPartMatchOptions *options,
                          PrPartPairFunc            func,
                          gpointer                  user_data,
                          GCancellable             *cancellable,
                          GError                  **error)
{
  return pr_part_table_find_pairs_full (table, skip, options, func, user_data, NULL, cancellable, error);
}

/**
 * pr_part_table_find_pairs_full:
 * @table: the records' parts
 * @skip: (nullable): per record, 1 to leave it out
 * @options: thresholds
 * @func: called for each pair kept, by ascending first record
 * @user_data: passed to @func
 * @boilerplate: (nullable): a #GArray of guint64 to which the hashes of
 *   the parts left out as boilerplate are added, in ascending order (for
 *   pr_part_overlap (), to explain a pair as the scan saw it)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * pr_part_table_find_pairs (), telling which parts were boilerplate.
 *
 * Returns: %FALSE if cancelled
 */
gboolean
pr_part_table_find_pairs_full (const PrPartTable        *table,
                               const guint8             *skip,
                               const PrPartMatchOptions *options,
                               PrPartPairFunc            func,
                               gpointer                  user_data,
                               GArray                   *boilerplate,
                               GCancellable             *cancellable,
                               GError                  **error)
{
  g_autoptr(PrPartSpool) spool = pr_part_spool_new (G_MAXSIZE);

  for (gsize r = 0; r < table->n_records; r++)
    if (skip == NULL || !skip[r])
      pr_part_spool_add (spool, (guint32) r, table->parts + table->offsets[r], table->counts[r], NULL);
  return pr_part_spool_find_pairs (spool, table->n_records, NULL, table->identities,
                                   options, 0, func, user_data, boilerplate, cancellable, error);
}

/**
 * pr_part_match_min_shared:
 * @options: the thresholds
 * @all_words_a: words in one record's parts, boilerplate too
 * @all_words_b: in the other's
 *
 * The words two records must share in parts to match: the minimum, less
 * when the smaller record is short, and never more than all of the
 * smaller record's words, so that a short record contained whole in a
 * longer one matches. A record is short by all its words: one whose parts
 * are mostly boilerplate is not short, and the little left of it is not
 * enough. The scan, explain and the store's checks of stored passages all
 * ask this one rule.
 *
 * Returns: the words needed
 */
guint64
pr_part_match_min_shared (const PrPartMatchOptions *options,
                          guint64                   all_words_a,
                          guint64                   all_words_b)
{
  guint64 smaller = MIN (all_words_a, all_words_b);
  guint64 needed = options->min_shared_tokens;

  if (options->min_shared_tokens_short > 0 && smaller < PR_PART_SHORT_RECORD_WORDS)
    needed = MIN (needed, options->min_shared_tokens_short);
  return MIN (needed, smaller);
}

/**
 * pr_part_match_accepts:
 * @options: the thresholds
 * @words_shared: words in the parts two records share
 * @words_a: words in one record's parts, but boilerplate
 * @words_b: in the other's
 * @all_words_a: words in one record's parts, boilerplate too
 * @all_words_b: in the other's
 * @same_petitioner: whether one petitioner sent both
 *
 * The rule of a match on parts: enough of the smaller record's words are
 * shared (less for one petitioner's records), and enough words
 * (pr_part_match_min_shared ()).
 *
 * Returns: whether the two records match on their parts
 */
gboolean
pr_part_match_accepts (const PrPartMatchOptions *options,
                       guint64                   words_shared,
                       guint64                   words_a,
                       guint64                   words_b,
                       guint64                   all_words_a,
                       guint64                   all_words_b,
                       gboolean                  same_petitioner)
{
  guint64 smaller = MIN (words_a, words_b);
  double needed = same_petitioner ? options->min_containment_same_petitioner : options->min_containment;

  return words_shared > 0 && smaller > 0 && (double) words_shared / smaller >= needed &&
         words_shared >= pr_part_match_min_shared (options, all_words_a, all_words_b);
}

/* A part as stored: its hash (8 bytes) and word count (1 byte, at most
 * PR_PART_MAX_TOKENS), little-endian whatever the machine. */
#define ENCODED_PART_SIZE 9
G_STATIC_ASSERT (PR_PART_MAX_TOKENS <= G_MAXUINT8);

/**
 * pr_parts_encode:
 * @parts: (array length=n_parts): a record's parts
 * @n_parts: how many
 * @length: (out): the length of the result in bytes
 *
 * Returns: (transfer full) (nullable): the parts as bytes to store, %NULL
 *   for none
 */
guint8 *
pr_parts_encode (const PrPart *parts,
                 gsize         n_parts,
                 gsize        *length)
{
  guint8 *bytes = n_parts > 0 ? g_malloc (n_parts * ENCODED_PART_SIZE) : NULL;

  for (gsize i = 0; i < n_parts; i++)
    {
      guint8 *at = bytes + i * ENCODED_PART_SIZE;
      guint64 hash = parts[i].hash;  /* widened: the bit-field cannot shift by 56 */

      for (guint b = 0; b < 8; b++)
        at[b] = (guint8) (hash >> (8 * b));
      at[8] = (guint8) MIN (parts[i].n_tokens, G_MAXUINT8);
    }
  *length = n_parts * ENCODED_PART_SIZE;
  return bytes;
}

/**
 * pr_parts_decode:
 * @bytes: (array length=length): parts from pr_parts_encode ()
 * @length: their length
 * @n_parts: (out): how many parts
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the parts; %NULL for none, or with
 *   @error set if @length is not a whole number of parts
 */
PrPart *
pr_parts_decode (const guint8  *bytes,
                 gsize          length,
                 guint         *n_parts,
                 GError       **error)
{
  PrPart *parts;

  *n_parts = 0;
  if (length % ENCODED_PART_SIZE != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("stored parts of %lu bytes are not whole (%d bytes each)"),
                   (unsigned long) length, ENCODED_PART_SIZE);
      return NULL;
    }
  if (length == 0)
    return NULL;
  parts = g_new (PrPart, length / ENCODED_PART_SIZE);
  for (gsize i = 0; i < length / ENCODED_PART_SIZE; i++)
    {
      const guint8 *at = bytes + i * ENCODED_PART_SIZE;

      parts[i].hash = 0;
      for (guint b = 0; b < 8; b++)
        parts[i].hash |= (guint64) at[b] << (8 * b);
      parts[i].n_tokens = at[8];
    }
  *n_parts = length / ENCODED_PART_SIZE;
  return parts;
}

/* A record's distinct parts: hash → the most words it has for one (the
 * hash table holds them as pointers, truncated to 32 bits of words). */
static GHashTable *
distinct_parts (const PrPart *parts,
                gsize         n_parts)
{
  GHashTable *table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (gsize i = 0; i < n_parts; i++)
    {
      guint64 hash = parts[i].hash;
      guint had = GPOINTER_TO_UINT (g_hash_table_lookup (table, &hash));

      if (parts[i].n_tokens > had)
        {
          g_hash_table_replace (table, g_memdup2 (&hash, sizeof hash), GUINT_TO_POINTER ((guint) parts[i].n_tokens));
        }
      else if (had == 0 && !g_hash_table_contains (table, &hash))
        g_hash_table_insert (table, g_memdup2 (&hash, sizeof hash), GUINT_TO_POINTER (0));
    }
  return table;
}

static int
compare_hashes (const void *a,
                const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

static gboolean
is_boilerplate (const GArray *boilerplate,
                guint64       hash)
{
  return boilerplate != NULL && boilerplate->len > 0 &&
         bsearch (&hash, boilerplate->data, boilerplate->len, sizeof (guint64), compare_hashes) != NULL;
}

/* Adds up one record's distinct parts, with and without boilerplate. */
static void
count_words (GHashTable   *parts,
             const GArray *boilerplate,
             guint64      *words,
             guint64      *all_words,
             guint        *n_boilerplate)
{
  GHashTableIter iter;
  gpointer key, value;

  *words = *all_words = 0;
  *n_boilerplate = 0;
  g_hash_table_iter_init (&iter, parts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      *all_words += GPOINTER_TO_UINT (value);
      if (is_boilerplate (boilerplate, *(guint64 *) key))
        (*n_boilerplate)++;
      else
        *words += GPOINTER_TO_UINT (value);
    }
}

/**
 * pr_part_overlap:
 * @a: (array length=n_a): one record's parts
 * @b: (array length=n_b): another's
 * @boilerplate: (nullable): the hashes of the parts a scan left out as
 *   boilerplate, in ascending order (pr_part_table_find_pairs_full ());
 *   %NULL: none
 * @overlap: (out): what they have in common
 *
 * Counts what pr_part_table_find_pairs () counts for a pair: for
 * explaining it, and as the oracle of the tests. A part both have counts
 * the fewer words of the two (clauses: the same; shingles: the words each
 * stands for in its record).
 */
void
pr_part_overlap (const PrPart  *a,
                 gsize          n_a,
                 const PrPart  *b,
                 gsize          n_b,
                 const GArray  *boilerplate,
                 PrPartOverlap *overlap)
{
  g_autoptr(GHashTable) in_a = distinct_parts (a, n_a);
  g_autoptr(GHashTable) in_b = distinct_parts (b, n_b);
  GHashTableIter iter;
  gpointer key, value;

  memset (overlap, 0, sizeof *overlap);
  count_words (in_a, boilerplate, &overlap->words_a, &overlap->all_words_a, &overlap->boilerplate_a);
  count_words (in_b, boilerplate, &overlap->words_b, &overlap->all_words_b, &overlap->boilerplate_b);
  g_hash_table_iter_init (&iter, in_b);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_contains (in_a, key) && !is_boilerplate (boilerplate, *(guint64 *) key))
      overlap->words_shared += MIN (GPOINTER_TO_UINT (value), GPOINTER_TO_UINT (g_hash_table_lookup (in_a, key)));
}

/**
 * pr_part_overlap_containment:
 * @overlap: what two records have in common
 *
 * Returns: words in parts of both / the smaller record's part words (but
 *   boilerplate); 0 if either has none
 */
double
pr_part_overlap_containment (const PrPartOverlap *overlap)
{
  if (overlap->words_a == 0 || overlap->words_b == 0)
    return 0;
  return (double) overlap->words_shared / MIN (overlap->words_a, overlap->words_b);
}

/**
 * pr_part_containment:
 * @a: (array length=n_a): one record's parts
 * @b: (array length=n_b): another's
 *
 * The containment of two records as pr_part_table_find_pairs () computes it,
 * with no part left out as boilerplate (pr_part_overlap ()).
 *
 * Returns: words in parts of both / the smaller record's part words; 0 if
 *   either has no part
 */
double
pr_part_containment (const PrPart *a,
                     gsize         n_a,
                     const PrPart *b,
                     gsize         n_b)
{
  PrPartOverlap overlap;

  pr_part_overlap (a, n_a, b, n_b, NULL, &overlap);
  return pr_part_overlap_containment (&overlap);
}
