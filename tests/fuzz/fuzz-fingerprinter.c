/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the tokenizer, the fingerprinter's features and the
 * parts, cut both ways (clauses and winnowed shingles).
 *
 * Input: a byte of flags (tokenizer flags, parts method), the shingle
 * words and window, then up to four values separated by 0x1E, for a
 * mapping of a short, two text and a short column (missing ones are SQL
 * NULL). Besides not crashing, what the headers promise must hold: the
 * tokenizer gives the same words whether asked for sentences or ranges,
 * ranges lie in the text on character boundaries and in order, a value
 * is refused exactly when it is not valid UTF-8, parts change neither the
 * fingerprint nor the counts, and parts survive encoding for the store.
 *
 * The tokenizers and fingerprinters are made once per flag set and kept,
 * as a scan keeps them for a whole table: state left over from one input
 * must not change the next one's result.
 */

#include <string.h>

#include <glib.h>

#include "fuzz-common.h"
#include "pr-fingerprinter.h"
#include "pr-mapping.h"
#include "pr-parts.h"
#include "pr-tokenizer.h"

#define N_VALUES 4
#define N_FLAG_SETS 4

static PrMapping *mapping;
static PrTokenizer *tokenizers[N_FLAG_SETS];
static PrFingerprinter *fingerprinters[N_FLAG_SETS];

typedef struct {
  GPtrArray *words;   /* char *, as the tokenizer gave them */
  guint      sentence_ends;
  gsize      length;  /* of the text, for ranges */
  const char *text;
  gsize      last_start, last_end;
} Words;

static void
collect_word (const char *token,
              gsize       length,
              gpointer    user_data)
{
  Words *words = user_data;

  g_assert_cmpuint (length, >, 0);
  g_assert_true (g_utf8_validate_len (token, length, NULL));
  g_ptr_array_add (words->words, g_strndup (token, length));
}

static void
collect_sentence_end (gpointer user_data)
{
  Words *words = user_data;

  /* A clause has at least one word. */
  g_assert_cmpuint (words->words->len, >, 0);
  words->sentence_ends++;
}

static gboolean
is_char_boundary (const char *text,
                  gsize       length,
                  gsize       at)
{
  return at == 0 || at == length || (((guchar) text[at]) & 0xC0) != 0x80;
}

static void
collect_range (const char *token,
               gsize       length,
               gsize       start,
               gsize       end,
               gpointer    user_data)
{
  Words *words = user_data;

  collect_word (token, length, user_data);
  g_assert_cmpuint (start, <=, end);
  g_assert_cmpuint (end, <=, words->length);
  g_assert_true (is_char_boundary (words->text, words->length, start));
  g_assert_true (is_char_boundary (words->text, words->length, end));
  /* In order, by start and by end. */
  g_assert_cmpuint (start, >=, words->last_start);
  g_assert_cmpuint (end, >=, words->last_end);
  words->last_start = start;
  words->last_end = end;
}

static void
assert_same_words (GPtrArray *a,
                   GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
}

/* The tokenizer on its own: three ways to the same words. */
static void
check_tokenizer (PrTokenizer *tokenizer,
                 const char  *text,
                 gsize        length,
                 gboolean     valid)
{
  Words plain = { g_ptr_array_new_with_free_func (g_free), 0, length, text, 0, 0 };
  Words sentences = { g_ptr_array_new_with_free_func (g_free), 0, length, text, 0, 0 };
  Words ranges = { g_ptr_array_new_with_free_func (g_free), 0, length, text, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = NULL;
  gsize normalized_length = 0;

  g_assert_true (pr_tokenizer_tokenize (tokenizer, text, length, collect_word, &plain, &error) == valid);
  g_assert_true ((error != NULL) == !valid);
  g_clear_error (&error);
  g_assert_true (pr_tokenizer_tokenize_sentences (tokenizer, text, length, collect_word, collect_sentence_end,
                                                  &sentences, &error) == valid);
  g_clear_error (&error);
  g_assert_true (pr_tokenizer_tokenize_with_ranges (tokenizer, text, length, collect_range, &ranges, &error) == valid);
  g_clear_error (&error);
  normalized = pr_tokenizer_normalize (tokenizer, text, length, &normalized_length, &error);
  g_assert_true ((normalized != NULL) == valid);
  g_clear_error (&error);

  if (valid)
    {
      assert_same_words (plain.words, sentences.words);
      assert_same_words (plain.words, ranges.words);
      g_assert_true ((sentences.sentence_ends > 0) == (plain.words->len > 0));
      g_assert_cmpuint (strlen (normalized), ==, normalized_length);
      g_assert_true (g_utf8_validate_len (normalized, normalized_length, NULL));
    }
  else
    {
      /* Nothing is called for a refused text. */
      g_assert_cmpuint (plain.words->len + sentences.words->len + ranges.words->len, ==, 0);
    }

  g_ptr_array_unref (plain.words);
  g_ptr_array_unref (sentences.words);
  g_ptr_array_unref (ranges.words);
}

typedef struct {
  guint n_features;
  guint n_text_features;
} FeatureCount;

static void
count_feature (guint       column,
               const char *feature,
               gsize       length,
               double      weight,
               gpointer    user_data)
{
  FeatureCount *count = user_data;
  const PrMappingColumn *mapped = pr_mapping_get_column (mapping, column);

  g_assert_cmpuint (length, >, 0);
  g_assert_cmpfloat (weight, ==, mapped->weight);
  count->n_features++;
  count->n_text_features += mapped->role == PR_COLUMN_ROLE_TEXT;
}

static void
clear_fingerprint (PrFingerprint *fingerprint)
{
  g_free (fingerprint->parts);
  g_free (fingerprint->features);
}

static void
init (void)
{
  mapping = pr_mapping_new ();
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2.0, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1.0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1.5, NULL));
  g_assert_true (pr_mapping_add (mapping, "phone", PR_COLUMN_ROLE_SHORT, 2.0, NULL));
  g_assert_true (pr_mapping_set_petitioner (mapping, "petitioner", NULL));

  for (guint f = 0; f < N_FLAG_SETS; f++)
    {
      tokenizers[f] = pr_tokenizer_new (f, NULL);
      fingerprinters[f] = pr_fingerprinter_new (mapping, f, PR_DEFAULT_MIN_TOKENS, NULL);
      g_assert_nonnull (tokenizers[f]);
      g_assert_nonnull (fingerprinters[f]);
      pr_fingerprinter_set_keep_features (fingerprinters[f], TRUE);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *values[N_VALUES] = { NULL };
  gsize lengths[N_VALUES] = { 0 };
  PrFingerprinter *fingerprinter;
  PrTokenizer *tokenizer;
  PrPartMethod method = { 0 };
  PrFingerprint with_parts = { 0 }, without_parts = { 0 };
  FeatureCount count = { 0 };
  g_autoptr(GError) error = NULL;
  gboolean valid = TRUE;
  const char *text, *end;
  guint n_values = 0;
  gboolean ok;

  if (mapping == NULL)
    init ();
  if (size < 3)
    return -1;
  tokenizer = tokenizers[data[0] % N_FLAG_SETS];
  fingerprinter = fingerprinters[data[0] % N_FLAG_SETS];
  method.kind = (data[0] >> 2) % 3;  /* default, clauses, shingles */
  method.shingle_words = data[1] % (PR_PART_MAX_SHINGLE_WORDS + 1);
  method.shingle_window = data[2] % (PR_PART_MAX_SHINGLE_WINDOW + 1);

  text = (const char *) data + 3;
  end = (const char *) data + size;
  while (n_values < N_VALUES && text <= end)
    {
      const char *sep = memchr (text, 0x1E, end - text);
      const char *value_end = sep != NULL ? sep : end;

      values[n_values] = text;
      lengths[n_values] = value_end - text;
      valid &= g_utf8_validate_len (text, lengths[n_values], NULL);
      n_values++;
      if (sep == NULL)
        break;
      text = sep + 1;
    }

  for (guint i = 0; i < n_values; i++)
    check_tokenizer (tokenizer, values[i], lengths[i],
                     g_utf8_validate_len (values[i], lengths[i], NULL));

  pr_fingerprinter_set_part_method (fingerprinter, &method);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);
  pr_fingerprinter_set_feature_func (fingerprinter, count_feature, &count);
  ok = pr_fingerprinter_compute (fingerprinter, values, lengths, &with_parts, &error);
  pr_fingerprinter_set_feature_func (fingerprinter, NULL, NULL);
  g_assert_true (ok == valid);
  if (!ok)
    {
      g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
      return 0;
    }

  g_assert_cmpuint (count.n_features, ==, with_parts.n_features);
  g_assert_cmpuint (count.n_text_features, ==, with_parts.n_tokens);
  g_assert_cmpuint (with_parts.n_distinct, <=, with_parts.n_features);
  g_assert_true ((with_parts.n_parts == 0) == (with_parts.parts == NULL));
  for (guint i = 0; i < with_parts.n_parts; i++)
    {
      g_assert_cmpuint (with_parts.parts[i].n_tokens, >=, 1);
      if (pr_part_method_resolve (&method).kind == PR_PART_KIND_CLAUSES)
        g_assert_cmpuint (with_parts.parts[i].n_tokens, >=, PR_PART_MIN_TOKENS);
    }

  /* Parts are stored as bytes and read back. */
  {
    gsize length = 0;
    g_autofree guint8 *bytes = pr_parts_encode (with_parts.parts, with_parts.n_parts, &length);
    guint n_decoded = 0;
    g_autofree PrPart *decoded = pr_parts_decode (bytes, length, &n_decoded, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (n_decoded, ==, with_parts.n_parts);
    for (guint i = 0; i < n_decoded; i++)
      {
        g_assert_cmpuint (decoded[i].hash, ==, with_parts.parts[i].hash);
        g_assert_cmpuint (decoded[i].n_tokens, ==, with_parts.parts[i].n_tokens);
      }
  }

  /* The same words with or without parts. */
  pr_fingerprinter_set_parts (fingerprinter, FALSE);
  g_assert_true (pr_fingerprinter_compute (fingerprinter, values, lengths, &without_parts, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (without_parts.fingerprint, ==, with_parts.fingerprint);
  g_assert_cmpuint (without_parts.n_tokens, ==, with_parts.n_tokens);
  g_assert_cmpuint (without_parts.n_features, ==, with_parts.n_features);
  g_assert_cmpint (without_parts.sparse, ==, with_parts.sparse);
  g_assert_cmpuint (without_parts.n_parts, ==, 0);

  clear_fingerprint (&with_parts);
  clear_fingerprint (&without_parts);
  return 0;
}
