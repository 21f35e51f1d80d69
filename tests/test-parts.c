/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Parts: sentence ends from the tokenizer, the parts a fingerprinter makes,
 * their storage form, and the pairs the matcher finds against a brute-force
 * scan of every pair.
 */
#include "config.h"

#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-parts.h"
#include "pr-simhash.h"
#include "pr-tokenizer.h"

typedef struct {
  GString *text;
} Sentences;

static void
add_word (const char *token,
          gsize       length,
          gpointer    user_data)
{
  Sentences *sentences = user_data;

  g_string_append_len (sentences->text, token, length);
  g_string_append_c (sentences->text, ' ');
}

static void
end_sentence (gpointer user_data)
{
  Sentences *sentences = user_data;

  g_string_append (sentences->text, "| ");
}

static void
test_sentence_ends (void)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FLAGS_NONE, NULL);
  Sentences sentences = { g_string_new (NULL) };
  g_autoptr(GError) error = NULL;

  /* Full stops, commas (full- and half-width), a semicolon, a line break;
   * punctuation in a row ends one sentence; none after the last is
   * needed; "3.5" is a number, not a sentence end. */
  g_assert_true (pr_tokenizer_tokenize_sentences (tokenizer, "路灯坏了。。请修，谢谢!\nabc 3.5 def;；end",
                                                  -1, add_word, end_sentence, &sentences, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (sentences.text->str, ==, "路灯 坏 了 | 请 修 | 谢谢 | abc 3.5 def | end | ");
  g_string_free (sentences.text, TRUE);
}

static PrPart *
parts_of (PrFingerprinter *fingerprinter,
          const char      *text,
          guint           *n_parts)
{
  const char *values[] = { text };
  PrFingerprint result = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &result, &error));
  g_assert_no_error (error);
  *n_parts = result.n_parts;
  return result.parts;
}

static PrFingerprinter *
body_fingerprinter (void)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrFingerprinter *fingerprinter;

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FLAGS_NONE, PR_DEFAULT_MIN_TOKENS, NULL);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);
  return fingerprinter;
}

/* Clauses of fewer than PR_PART_MIN_TOKENS words are dropped; equal
 * clauses hash alike wherever they are; word order matters. */
static void
test_fingerprinter_parts (void)
{
  g_autoptr(PrFingerprinter) fingerprinter = body_fingerprinter ();
  g_autofree PrPart *a = NULL, *b = NULL, *c = NULL;
  guint n_a, n_b, n_c;

  /* Words by ICU: "one two three four" (4), "five six" (2), "seven eight nine ten eleven" (5). */
  a = parts_of (fingerprinter, "one two three four, five six. seven eight nine ten eleven", &n_a);
  g_assert_cmpuint (n_a, ==, 2);
  g_assert_cmpuint (a[0].n_tokens, ==, 4);
  g_assert_cmpuint (a[1].n_tokens, ==, 5);

  b = parts_of (fingerprinter, "SEVEN eight nine ten eleven!", &n_b);
  g_assert_cmpuint (n_b, ==, 1);
  g_assert_cmpuint (b[0].hash, ==, a[1].hash);   /* case folded, same words */

  c = parts_of (fingerprinter, "four three two one", &n_c);
  g_assert_cmpuint (n_c, ==, 1);
  g_assert_cmpuint (c[0].hash, !=, a[0].hash);
}

/* A sentence longer than PR_PART_MAX_TOKENS is cut into windows. */
static void
test_long_sentence (void)
{
  g_autoptr(PrFingerprinter) fingerprinter = body_fingerprinter ();
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree PrPart *parts = NULL;
  guint n;

  for (guint i = 0; i < 2 * PR_PART_MAX_TOKENS + 5; i++)
    g_string_append_printf (text, "w%u ", i);
  parts = parts_of (fingerprinter, text->str, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (parts[0].n_tokens, ==, PR_PART_MAX_TOKENS);
  g_assert_cmpuint (parts[1].n_tokens, ==, PR_PART_MAX_TOKENS);
  g_assert_cmpuint (parts[2].n_tokens, ==, 5);
}

static void
test_encode_decode (void)
{
  /* 56-bit hashes */
  PrPart parts[] = { { G_GUINT64_CONSTANT (0x23456789abcdef), 4 }, { G_GUINT64_CONSTANT (0xffffffffffffff), PR_PART_MAX_TOKENS } };
  g_autofree guint8 *bytes = NULL;
  g_autofree PrPart *decoded = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  guint n;

  bytes = pr_parts_encode (parts, G_N_ELEMENTS (parts), &length);
  g_assert_cmpuint (length, ==, 18);
  /* Little-endian, whatever this machine is. */
  g_assert_cmpuint (bytes[0], ==, 0xef);
  g_assert_cmpuint (bytes[6], ==, 0x23);
  g_assert_cmpuint (bytes[7], ==, 0);
  g_assert_cmpuint (bytes[8], ==, 4);
  decoded = pr_parts_decode (bytes, length, &n, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (decoded[i].hash, ==, parts[i].hash);
      g_assert_cmpuint (decoded[i].n_tokens, ==, parts[i].n_tokens);
    }

  g_assert_null (pr_parts_decode (bytes, 0, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 0);
  g_assert_null (pr_parts_decode (bytes, 17, &n, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

typedef struct {
  GHashTable *found;  /* pair → containment × 1000 */
} Found;

static void
found_pair (guint32  a,
            guint32  b,
            double   containment,
            gpointer user_data)
{
  Found *found = user_data;
  guint64 key = ((guint64) a << 32) | b;

  g_assert_cmpuint (a, <, b);
  g_assert_false (g_hash_table_contains (found->found, &key));
  g_hash_table_insert (found->found, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER ((guint) (containment * 1000 + 1.5)));
}

/* Hand-computed: A has parts p (4 words), q (6), r (10); B has q, r and s
 * (20); C has p only (4). A–B share q and r: 16 words of A's 20, B's 36:
 * containment 16/20 = 0.8. A–C: 4/4 = 1, only 4 words shared but all of
 * C's. B–C: nothing. */
static void
test_containment_hand_computed (void)
{
  PrPart p = { 1, 4 }, q = { 2, 6 }, r = { 3, 10 }, s = { 4, 20 };
  PrPart parts[] = { p, q, r,   q, r, s, r /* repeated: counts once */,   p };
  guint64 offsets[] = { 0, 3, 7 };
  guint32 counts[] = { 3, 4, 1 };
  PrPartTable table = { 3, offsets, counts, parts };
  PrPartMatchOptions options = { 10, 0.8, 0.8, 5 };
  Found found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint64 ab = ((guint64) 0 << 32) | 1, ac = ((guint64) 0 << 32) | 2;
  /* A and C by the same petitioner, B by another. */
  guint64 petitioners[] = { 11, 22, 11 };

  g_assert_cmpfloat_with_epsilon (pr_part_containment (parts, 3, parts + 3, 4), 0.8, 1e-9);
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 2);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &ab)), ==, 801);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &ac)), ==, 1001);

  /* Above 0.8 only A–C; with 6 words needed (more than C has) still A–C. */
  g_hash_table_remove_all (found.found);
  options.min_containment = options.min_containment_same_petitioner = 0.81;
  options.min_shared_tokens = 6;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_true (g_hash_table_contains (found.found, &ac));

  /* A lower bar for the same petitioner: 0.9 for others keeps nothing of
   * A–B; A–B is not by one petitioner, A–C is (and is at 1 anyway). */
  g_hash_table_remove_all (found.found);
  table.petitioner_keys = petitioners;
  table.n_petitioner_keys = 1;
  options.min_containment = 0.9;
  options.min_containment_same_petitioner = 0.5;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_true (g_hash_table_contains (found.found, &ac));
  /* B as A's petitioner: A–B at 0.8 passes the lower bar. */
  petitioners[1] = 11;
  g_hash_table_remove_all (found.found);
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 2);
  g_assert_true (g_hash_table_contains (found.found, &ab));
  g_hash_table_unref (found.found);
}

/* A part in more records than max_records_per_part is boilerplate: it
 * neither pairs records nor counts in their words. Four records share b
 * (boilerplate at 3); records 0 and 1 also share u. */
static void
test_boilerplate (void)
{
  PrPart b = { 9, 8 }, u = { 7, 8 }, v = { 6, 8 };
  PrPart parts[] = { b, u,   b, u,   b, v,   b };
  guint64 offsets[] = { 0, 2, 4, 6 };
  guint32 counts[] = { 2, 2, 2, 1 };
  PrPartTable table = { 4, offsets, counts, parts };
  PrPartMatchOptions options = { 3, 0.9, 0.9, 1 };
  Found found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint64 key = 1;  /* 0–1 */

  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  /* 0–1: u is all their words once b is left out: 1.0. */
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)), ==, 1001);

  /* With b counted (4 records allowed) every pair shares it, and 0–1 shares 16 of 16. */
  g_hash_table_remove_all (found.found);
  options.max_records_per_part = 4;
  options.min_containment = 0.5;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 6);
  g_hash_table_unref (found.found);
}

/* Random records over a small vocabulary of parts, so that many pairs
 * share some: the matcher finds exactly the pairs a scan of every pair
 * with pr_part_containment () finds (no boilerplate cut), and skips the
 * skipped records. */
static void
test_against_brute_force (void)
{
  const guint n_records = 300, vocabulary = 60;
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  g_autofree guint64 *offsets = g_new (guint64, n_records);
  g_autofree guint32 *counts = g_new (guint32, n_records);
  g_autofree guint8 *skip = g_new0 (guint8, n_records);
  PrPartMatchOptions options = { G_MAXUINT, 0.6, 0.6, 10 };
  Found found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  GRand *rand = g_rand_new_with_seed (20261122);
  PrPartTable table;
  guint expected = 0;

  for (guint r = 0; r < n_records; r++)
    {
      offsets[r] = parts->len;
      counts[r] = g_rand_int_range (rand, 0, 6);
      skip[r] = g_rand_int_range (rand, 0, 20) == 0;
      for (guint i = 0; i < counts[r]; i++)
        {
          guint word = g_rand_int_range (rand, 0, vocabulary);
          PrPart part = { pr_feature_hash (&word, sizeof word), 4 + word % 7 };

          g_array_append_val (parts, part);
        }
    }
  table = (PrPartTable) { n_records, offsets, counts, (PrPart *) (gpointer) parts->data };
  g_assert_true (pr_part_table_find_pairs (&table, skip, &options, found_pair, &found, NULL, NULL));

  for (guint a = 0; a < n_records; a++)
    for (guint b = a + 1; b < n_records; b++)
      {
        const PrPart *pa = &g_array_index (parts, PrPart, offsets[a]), *pb = &g_array_index (parts, PrPart, offsets[b]);
        double containment = pr_part_containment (pa, counts[a], pb, counts[b]);
        guint64 shared = 0;
        guint64 key = ((guint64) a << 32) | b;
        g_autoptr(GHashTable) in_a = g_hash_table_new (g_int64_hash, g_int64_equal);
        g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
        g_autofree guint64 *hashes_a = g_new (guint64, MAX (counts[a], 1));
        g_autofree guint64 *hashes_b = g_new (guint64, MAX (counts[b], 1));

        guint64 words_a = 0, words_b = 0;

        for (guint i = 0; i < counts[a]; i++)
          {
            hashes_a[i] = pa[i].hash;
            if (g_hash_table_add (in_a, &hashes_a[i]))
              words_a += pa[i].n_tokens;
          }
        for (guint i = 0; i < counts[b]; i++)
          {
            hashes_b[i] = pb[i].hash;
            if (g_hash_table_add (seen, &hashes_b[i]))
              {
                words_b += pb[i].n_tokens;
                if (g_hash_table_contains (in_a, &hashes_b[i]))
                  shared += pb[i].n_tokens;
              }
          }

        /* Enough shared words, or all of the smaller record's. */
        if (!skip[a] && !skip[b] && containment >= options.min_containment &&
            shared > 0 && shared >= MIN (options.min_shared_tokens, MIN (words_a, words_b)))
          {
            expected++;
            g_assert_true (g_hash_table_contains (found.found, &key));
            g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)), ==,
                              (guint) (containment * 1000 + 1.5));
          }
        else
          g_assert_false (g_hash_table_contains (found.found, &key));
      }
  g_assert_cmpuint (expected, >, 50);  /* the test means something */
  g_assert_cmpuint (g_hash_table_size (found.found), ==, expected);
  g_hash_table_unref (found.found);
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/parts/sentence-ends", test_sentence_ends);
  g_test_add_func ("/parts/fingerprinter", test_fingerprinter_parts);
  g_test_add_func ("/parts/long-sentence", test_long_sentence);
  g_test_add_func ("/parts/encode-decode", test_encode_decode);
  g_test_add_func ("/parts/containment", test_containment_hand_computed);
  g_test_add_func ("/parts/boilerplate", test_boilerplate);
  g_test_add_func ("/parts/brute-force", test_against_brute_force);

  return g_test_run ();
}
