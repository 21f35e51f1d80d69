/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Parts: sentence ends from the tokenizer, the parts a fingerprinter makes,
 * their storage form, and the pairs the matcher finds against a brute-force
 * scan of every pair.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <string.h>

#include "pr-fingerprinter.h"
#include "pr-pair-judge.h"
#include "pr-parts.h"
#include "pr-part-spool.h"
#include "pr-simhash.h"
#include "pr-test-util.h"
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
  PrPartMethod clauses = { PR_PART_KIND_CLAUSES, 0, 0 };
  PrFingerprinter *fingerprinter;

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FLAGS_NONE, PR_DEFAULT_MIN_TOKENS, NULL);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);
  pr_fingerprinter_set_part_method (fingerprinter, &clauses);
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

/* Hand-computed: A has parts p (4 words), q (6), r (10); B has q, r and s
 * (20); C has p only (4). A–B share q and r: 16 words of A's 20, B's 36:
 * containment 16/20 = 0.8. A–C: 4/4 = 1, only 4 words shared but all of
 * C's. B–C: nothing. */
/* Three records, each with its petitioner id. */
static PrIdentityTable *
identity_table (const char *const *petitioners)
{
  PrIdentityTable *identities = pr_identity_table_new ();

  for (guint i = 0; i < 3; i++)
    {
      pr_identity_table_add_record (identities);
      pr_identity_table_add_value (identities, PR_IDENTITY_PETITIONER, petitioners[i], -1);
    }
  pr_identity_table_finish (identities);
  return identities;
}

/* Short records at the second stage's candidate containment (0.25): a
 * pair whose smaller record has fewer than 30 words needs 10 shared words,
 * not 20; one of 30 words still needs 20. Six records, three pairs, parts
 * of none in common between pairs (hash, words):
 *   A 1:6 2:6 3:6 4:7 (25 words)   B 1:6 2:6 5:8 6:8 (28)   12 shared, 0.48
 *   C 7:4 8:5 3x:8 4x:8 (25)       D 7:4 8:5 9:9 10:10 (28)  9 shared, 0.36
 *   E 13:6 14:6 15:9 16:9 (30)    F 13:6 14:6 17:9 18:9 (30) 12 shared, 0.4 */
static void
test_short_records (void)
{
  PrPart parts[] = {
    { 1, 6 }, { 2, 6 }, { 3, 6 }, { 4, 7 },     { 1, 6 }, { 2, 6 }, { 5, 8 }, { 6, 8 },
    { 7, 4 }, { 8, 5 }, { 19, 8 }, { 20, 8 },   { 7, 4 }, { 8, 5 }, { 9, 9 }, { 10, 10 },
    { 13, 6 }, { 14, 6 }, { 15, 9 }, { 16, 9 }, { 13, 6 }, { 14, 6 }, { 17, 9 }, { 18, 9 },
  };
  guint64 offsets[] = { 0, 4, 8, 12, 16, 20 };
  guint32 counts[] = { 4, 4, 4, 4, 4, 4 };
  PrPartTable table = { 6, offsets, counts, parts };
  PrPartMatchOptions options = PR_PART_MATCH_OPTIONS_DEFAULT;
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint64 ab = 1, cd = ((guint64) 2 << 32) | 3;

  options.min_containment = PR_PAIR_CANDIDATE_CONTAINMENT;
  options.min_containment_same_petitioner = PR_PAIR_CANDIDATE_CONTAINMENT_SAME;
  /* Without a minimum for short records (a scan without the second stage), 20. */
  g_assert_false (pr_part_match_accepts (&options, 12, 25, 28, 25, 28, FALSE));
  g_assert_cmpuint (pr_part_match_min_shared (&options, 25, 28), ==, 20);
  options.min_shared_tokens_short = PR_PAIR_CANDIDATE_MIN_SHARED_SHORT;
  g_assert_true (pr_part_match_accepts (&options, 12, 25, 28, 25, 28, FALSE));
  g_assert_false (pr_part_match_accepts (&options, 9, 25, 28, 25, 28, FALSE));
  g_assert_false (pr_part_match_accepts (&options, 12, 30, 30, 30, 30, FALSE));
  g_assert_cmpuint (pr_part_match_min_shared (&options, 25, 28), ==, 10);
  g_assert_cmpuint (pr_part_match_min_shared (&options, 30, 28), ==, 10);
  g_assert_cmpuint (pr_part_match_min_shared (&options, 30, 30), ==, 20);
  /* Never more than all of the smaller record's words. */
  g_assert_cmpuint (pr_part_match_min_shared (&options, 8, 28), ==, 8);

  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &ab)), ==, 481);
  g_assert_false (g_hash_table_contains (found.found, &cd));

  /* The short records' minimum is never above the general one. */
  options.min_shared_tokens = 8;
  g_assert_cmpuint (pr_part_match_min_shared (&options, 25, 28), ==, 8);
  g_hash_table_remove_all (found.found);
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 3);
  g_hash_table_unref (found.found);
}

static void
test_containment_hand_computed (void)
{
  PrPart p = { 1, 4 }, q = { 2, 6 }, r = { 3, 10 }, s = { 4, 20 };
  PrPart parts[] = { p, q, r,   q, r, s, r /* repeated: counts once */,   p };
  guint64 offsets[] = { 0, 3, 7 };
  guint32 counts[] = { 3, 4, 1 };
  PrPartTable table = { 3, offsets, counts, parts };
  PrPartMatchOptions options = { 10, 0.8, 0.8, 5, 5 };
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint64 ab = ((guint64) 0 << 32) | 1, ac = ((guint64) 0 << 32) | 2;
  /* A and C by the same petitioner, B by another. */
  const char *petitioners[] = { "u11", "u22", "u11" };
  g_autoptr(PrIdentityTable) identities = NULL;

  g_assert_cmpfloat_with_epsilon (pr_part_containment (parts, 3, parts + 3, 4), 0.8, 1e-9);
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 2);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &ab)), ==, 801);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &ac)), ==, 1001);

  /* Above 0.8 only A–C; with 6 words needed (more than C has) still A–C. */
  g_hash_table_remove_all (found.found);
  options.min_containment = options.min_containment_same_petitioner = 0.81;
  options.min_shared_tokens = options.min_shared_tokens_short = 6;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_true (g_hash_table_contains (found.found, &ac));

  /* A lower bar for the same petitioner: 0.9 for others keeps nothing of
   * A–B; A–B is not by one petitioner, A–C is (and is at 1 anyway). */
  g_hash_table_remove_all (found.found);
  identities = identity_table (petitioners);
  table.identities = identities;
  options.min_containment = 0.9;
  options.min_containment_same_petitioner = 0.5;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_true (g_hash_table_contains (found.found, &ac));
  /* B as A's petitioner: A–B at 0.8 passes the lower bar. */
  petitioners[1] = "u11";
  g_clear_pointer (&identities, pr_identity_table_free);
  identities = identity_table (petitioners);
  table.identities = identities;
  g_hash_table_remove_all (found.found);
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
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
  PrPartMatchOptions options = { 3, 0.9, 0.9, 1, 1 };
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint64 key = 1;  /* 0–1 */

  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  /* 0–1: u is all their words once b is left out: 1.0. */
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)), ==, 1001);

  /* With b counted (4 records allowed) every pair shares it, and 0–1 shares 16 of 16. */
  g_hash_table_remove_all (found.found);
  options.max_records_per_part = 4;
  options.min_containment = 0.5;
  g_assert_true (pr_part_table_find_pairs (&table, NULL, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (found.found), ==, 6);
  g_hash_table_unref (found.found);
}

/* The part a random record has for @word: its hash, and 4 to 10 words. */
static PrPart
part_of_word (guint word)
{
  PrPart part = { pr_feature_hash (&word, sizeof word), 4 + word % 7 };

  return part;
}

/* Random records of fewer than @max_parts parts, each part a word of the
 * vocabulary (with @skewed, half of them one of the first 8 words, found
 * in many records); one record in 20 skipped. */
static void
random_records (GRand    *rand,
                guint     n_records,
                guint     vocabulary,
                guint     max_parts,
                gboolean  skewed,
                GArray   *parts,
                guint64  *offsets,
                guint32  *counts,
                guint8   *skip)
{
  for (guint r = 0; r < n_records; r++)
    {
      offsets[r] = parts->len;
      counts[r] = g_rand_int_range (rand, 0, max_parts);
      skip[r] = g_rand_int_range (rand, 0, 20) == 0;
      for (guint i = 0; i < counts[r]; i++)
        {
          PrPart part = part_of_word (g_rand_int_range (rand, 0, skewed && g_rand_boolean (rand) ? 8 : vocabulary));

          g_array_append_val (parts, part);
        }
    }
}

static guint check_every_pair (GArray *parts, const guint64 *offsets, const guint32 *counts, const guint8 *skip,
                               guint n_records, const PrPartMatchOptions *opts, PrTestFoundPairs *found_pairs);

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
  PrPartMatchOptions options = { G_MAXUINT, 0.6, 0.6, 10, 10 };
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  GRand *rand = g_rand_new_with_seed (20261122);
  PrPartTable table;

  random_records (rand, n_records, vocabulary, 6, FALSE, parts, offsets, counts, skip);
  table = (PrPartTable) { n_records, offsets, counts, (PrPart *) (gpointer) parts->data };
  g_assert_true (pr_part_table_find_pairs (&table, skip, &options, pr_test_found_pair, &found, NULL, NULL));

  g_assert_cmpuint (check_every_pair (parts, offsets, counts, skip, n_records, &options, &found), >, 50);
  g_hash_table_unref (found.found);
  g_rand_free (rand);
}

/* The pairs a scan of every pair with pr_part_containment () finds (no
 * boilerplate cut) are exactly those in @found; returns how many. */
static guint
check_every_pair (GArray                   *parts,
                  const guint64            *offsets,
                  const guint32            *counts,
                  const guint8             *skip,
                  guint                     n_records,
                  const PrPartMatchOptions *opts,
                  PrTestFoundPairs         *found_pairs)
{
  PrPartMatchOptions options = *opts;
  PrTestFoundPairs found = *found_pairs;
  guint expected = 0;

  for (guint a = 0; a < n_records; a++)
    for (guint b = a + 1; b < n_records; b++)
      {
        const PrPart *pa = &g_array_index (parts, PrPart, offsets[a]), *pb = &g_array_index (parts, PrPart, offsets[b]);
        double containment = pr_part_containment (pa, counts[a], pb, counts[b]);
        guint64 shared = 0, words_a = 0, words_b = 0;
        guint64 key = ((guint64) a << 32) | b;

        /* Each distinct part by the most words a record has for it; a
         * shared one by the fewer of the two records'. Quadratic, on
         * purpose: nothing shared with the code under test. */
        for (guint i = 0; i < counts[a]; i++)
          {
            guint most = 0, most_b = 0;
            gboolean first = TRUE, in_b = FALSE;

            for (guint k = 0; k < counts[a]; k++)
              if (pa[k].hash == pa[i].hash)
                {
                  first &= k >= i;
                  most = MAX (most, pa[k].n_tokens);
                }
            if (!first)
              continue;
            words_a += most;
            for (guint k = 0; k < counts[b]; k++)
              if (pb[k].hash == pa[i].hash)
                {
                  in_b = TRUE;
                  most_b = MAX (most_b, pb[k].n_tokens);
                }
            if (in_b)
              shared += MIN (most, most_b);
          }
        for (guint i = 0; i < counts[b]; i++)
          {
            guint most = 0;
            gboolean first = TRUE;

            for (guint k = 0; k < counts[b]; k++)
              if (pb[k].hash == pb[i].hash)
                {
                  first &= k >= i;
                  most = MAX (most, pb[k].n_tokens);
                }
            if (first)
              words_b += most;
          }
        g_assert_cmpfloat (fabs (containment - (words_a == 0 || words_b == 0 ? 0 : (double) shared / MIN (words_a, words_b))),
                           <, 1e-9);

        /* Enough shared words, or all of the smaller record's. */
        if (!skip[a] && !skip[b] && containment >= options.min_containment &&
            shared > 0 && shared >= MIN (options.min_shared_tokens, MIN (words_a, words_b)))
          {
            expected++;
            g_assert_true (g_hash_table_contains (found.found, &key));
            g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)), ==,
                              pr_test_containment_key (containment));
          }
        else
          g_assert_false (g_hash_table_contains (found.found, &key));
      }
  g_assert_cmpuint (g_hash_table_size (found.found), ==, expected);
  return expected;
}


static int
compare_guint64 (gconstpointer a,
                 gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* The most words record @parts has for @hash; 0 if it has not that part. */
static guint
most_words (const PrPart *parts,
            guint         n,
            guint64       hash)
{
  guint most = 0;

  for (guint i = 0; i < n; i++)
    if (parts[i].hash == hash)
      most = MAX (most, (guint) parts[i].n_tokens);
  return most;
}

/* With a boilerplate cap: the parts the matcher says it left out are
 * exactly those in more than the cap's records (counted here record by
 * record, skipped ones not), and for every pair pr_part_overlap () with
 * them counts what a count by hand does, and the matcher keeps exactly
 * the pairs pr_part_match_accepts () accepts from those counts. */
static void
boilerplate_against_brute_force (gsize memory_limit)
{
  const guint n_records = 300, vocabulary = 60, cap = 12;
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  g_autoptr(GArray) boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) expected_boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree guint64 *offsets = g_new (guint64, n_records);
  g_autofree guint32 *counts = g_new (guint32, n_records);
  g_autofree guint8 *skip = g_new0 (guint8, n_records);
  PrPartMatchOptions options = { cap, 0.5, 0.5, 8, 8 };
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  GRand *rand = g_rand_new_with_seed (20261123);
  guint n_found = 0;
  PrPartTable table;

  /* A skewed vocabulary: the first words are in many records. */
  random_records (rand, n_records, vocabulary, 7, TRUE, parts, offsets, counts, skip);
  if (memory_limit == G_MAXSIZE)
    {
      table = (PrPartTable) { n_records, offsets, counts, (PrPart *) (gpointer) parts->data };
      g_assert_true (pr_part_table_find_pairs_full (&table, skip, &options, pr_test_found_pair, &found, boilerplate,
                                                    NULL, NULL));
    }
  else
    {
      /* Every record into the spool, the skipped ones too (the matcher
       * leaves them out), through its temporary file. */
      g_autoptr(PrPartSpool) spool = pr_part_spool_new (memory_limit);
      g_autoptr(GError) error = NULL;

      for (guint r = 0; r < n_records; r++)
        {
          g_assert_true (pr_part_spool_add (spool, r, &g_array_index (parts, PrPart, offsets[r]), counts[r], &error));
          g_assert_no_error (error);
        }
      g_assert_cmpuint (pr_part_spool_get_n_parts (spool), ==, parts->len);
      g_assert_cmpuint (pr_part_spool_get_spilled (spool), >, parts->len * 12 / 2);
      g_assert_true (pr_part_spool_find_pairs (spool, n_records, skip, NULL, &options, 2, pr_test_found_pair, &found,
                                               boilerplate, NULL, &error));
      g_assert_no_error (error);
    }

  /* Boilerplate, by hand: every distinct hash and the records that have it. */
  for (guint word = 0; word < vocabulary; word++)
    {
      guint64 hash = part_of_word (word).hash;
      guint n_with = 0;

      for (guint r = 0; r < n_records; r++)
        n_with += !skip[r] && most_words (&g_array_index (parts, PrPart, offsets[r]), counts[r], hash) > 0;
      if (n_with > cap)
        g_array_append_val (expected_boilerplate, hash);
    }
  g_array_sort (expected_boilerplate, compare_guint64);
  g_assert_cmpuint (expected_boilerplate->len, >, 0);
  g_assert_cmpuint (boilerplate->len, ==, expected_boilerplate->len);
  g_assert_cmpmem (boilerplate->data, boilerplate->len * sizeof (guint64),
                   expected_boilerplate->data, expected_boilerplate->len * sizeof (guint64));

  for (guint a = 0; a < n_records; a++)
    for (guint b = a + 1; b < n_records; b++)
      {
        const PrPart *pa = &g_array_index (parts, PrPart, offsets[a]), *pb = &g_array_index (parts, PrPart, offsets[b]);
        guint64 key = ((guint64) a << 32) | b;
        guint64 words_a = 0, words_b = 0, all_a = 0, all_b = 0, shared = 0;
        PrPartOverlap overlap;
        gboolean expected;

        for (guint word = 0; word < vocabulary; word++)
          {
            guint64 hash = part_of_word (word).hash;
            guint in_a = most_words (pa, counts[a], hash), in_b = most_words (pb, counts[b], hash);
            gboolean common = bsearch (&hash, expected_boilerplate->data, expected_boilerplate->len, sizeof (guint64),
                                       compare_guint64) != NULL;

            all_a += in_a;
            all_b += in_b;
            if (common)
              continue;
            words_a += in_a;
            words_b += in_b;
            if (in_a > 0 && in_b > 0)
              shared += MIN (in_a, in_b);
          }
        pr_part_overlap (pa, counts[a], pb, counts[b], boilerplate, &overlap);
        g_assert_cmpuint (overlap.words_a, ==, words_a);
        g_assert_cmpuint (overlap.words_b, ==, words_b);
        g_assert_cmpuint (overlap.all_words_a, ==, all_a);
        g_assert_cmpuint (overlap.all_words_b, ==, all_b);
        g_assert_cmpuint (overlap.words_shared, ==, shared);

        expected = !skip[a] && !skip[b] &&
                   pr_part_match_accepts (&options, shared, words_a, words_b, all_a, all_b, FALSE);
        g_assert_cmpint (g_hash_table_contains (found.found, &key), ==, expected);
        if (expected)
          {
            g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)), ==,
                              pr_test_containment_key (pr_part_overlap_containment (&overlap)));
            n_found++;
          }
      }
  g_assert_cmpuint (n_found, >, 20);
  g_hash_table_unref (found.found);
  g_rand_free (rand);
}

static void
test_boilerplate_against_brute_force (void)
{
  boilerplate_against_brute_force (G_MAXSIZE);
}

/* The same through a spool that writes its parts to a file every 50 of
 * them, as a scan of millions of records does: the same pairs, the same
 * boilerplate. */
static void
test_spool_against_brute_force (void)
{
  boilerplate_against_brute_force (50 * 12);
}

/* A temporary file that cannot be written (a file size limit, as a full
 * disk would): a clear error naming it, at the add that spilled. */
static void
test_spool_write_error (void)
{
  if (g_test_subprocess ())
    {
      struct rlimit limit = { 100, 100 };
      g_autoptr(PrPartSpool) spool = pr_part_spool_new (1);
      g_autoptr(GError) error = NULL;
      PrPart part = part_of_word (1);
      gboolean ok = TRUE;
      guint r;

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      for (r = 0; r < 1000 && ok; r++)
        ok = pr_part_spool_add (spool, r, &part, 1, &error);
      /* Some 100 bytes of parts are as many as the file takes. */
      g_assert_false (ok);
      g_assert_cmpuint (r, <=, 100 / 12 + 1);
      g_assert_true (error->domain == G_IO_ERROR);
      g_assert_nonnull (strstr (error->message, "temporary file"));
      g_printerr ("%s\n", error->message);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*cannot write the scan*s temporary file of parts in *: File too large*");
}

/* Winnowing by hand, on the hashes of the paper's example (Schleimer et al.,
 * figure 2, its first ten), w = 4. The windows and their minimum, the
 * rightmost of equal ones:
 *
 *   positions 0..3: 77 74 42 17  → 17 at 3
 *             1..4: 74 42 17 98  → 17 at 3 (kept already)
 *             2..5: 42 17 98 50  → 17 at 3
 *             3..6: 17 98 50 17  → 17 at 6 (the rightmost of the two)
 *             4..7: 98 50 17 98  → 17 at 6
 *             5..8: 50 17 98  8  →  8 at 8
 *             6..9: 17 98  8 88  →  8 at 8
 *
 * so positions 3, 6 and 8. Fewer hashes than a window: all of them (a
 * title of a few words must not match on one run of q). As a text: ten
 * words with q = 3 give eight shingles; with w = 4, five windows. */
static void
test_winnow_hand_computed (void)
{
  const guint64 hashes[] = { 77, 74, 42, 17, 98, 50, 17, 98, 8, 88 };
  const guint64 short_text[] = { 5, 2, 2 };
  gsize positions[G_N_ELEMENTS (hashes)];
  gsize n;

  n = pr_winnow (hashes, G_N_ELEMENTS (hashes), 4, positions);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (positions[0], ==, 3);
  g_assert_cmpuint (positions[1], ==, 6);
  g_assert_cmpuint (positions[2], ==, 8);

  n = pr_winnow (short_text, G_N_ELEMENTS (short_text), 4, positions);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (positions[2], ==, 2);

  /* w = 1 keeps every position. */
  n = pr_winnow (hashes, G_N_ELEMENTS (hashes), 1, positions);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (hashes));
  g_assert_cmpuint (pr_winnow (hashes, 0, 4, positions), ==, 0);
}

/* A builder cutting shingles of q words winnowed by w. */
static void
shingle_builder (PrPartBuilder *builder,
                 guint          q,
                 guint          w)
{
  PrPartMethod method = { PR_PART_KIND_SHINGLES, q, w };

  pr_part_builder_init (builder);
  pr_part_builder_set_method (builder, &method);
}

/* The parts of a text of words (their hashes) with sentence ends here and
 * there, which shingles do not see. */
static void
build_shingles (PrPartBuilder *builder,
                const guint64 *words,
                gsize          n_words)
{
  pr_part_builder_reset (builder);
  for (gsize i = 0; i < n_words; i++)
    {
      pr_part_builder_add (builder, words[i]);
      if (words[i] % 3 == 0)
        pr_part_builder_end (builder);
    }
  pr_part_builder_finish (builder);
}

static gboolean
share_a_part (GArray *a,
              GArray *b)
{
  for (guint i = 0; i < a->len; i++)
    for (guint j = 0; j < b->len; j++)
      if (g_array_index (a, PrPart, i).hash == g_array_index (b, PrPart, j).hash)
        return TRUE;
  return FALSE;
}

/* The longest run of words two texts share, by trying every start in
 * both: the oracle. */
static gsize
longest_shared_run (const guint64 *a,
                    gsize          n_a,
                    const guint64 *b,
                    gsize          n_b)
{
  gsize longest = 0;

  for (gsize i = 0; i < n_a; i++)
    for (gsize j = 0; j < n_b; j++)
      {
        gsize l = 0;

        while (i + l < n_a && j + l < n_b && a[i + l] == b[j + l])
          l++;
        longest = MAX (longest, l);
      }
  return longest;
}

/* The winnowing guarantee, against a brute-force search of the runs two
 * random texts share: a run of at least w + q - 1 words gives a part both
 * have. Words from a vocabulary of four, so that long shared runs happen
 * by chance; and the guarantee is tight: some texts sharing w + q - 2
 * words only share no part (else the test would not see a builder that
 * keeps too much). */
static void
test_winnow_guarantee (void)
{
  GRand *rand = g_rand_new_with_seed (5);
  PrPartBuilder a, b;
  guint held = 0, tight = 0;

  for (guint trial = 0; trial < 3000; trial++)
    {
      guint q = g_rand_int_range (rand, 1, 7), w = g_rand_int_range (rand, 1, 9);
      guint64 words_a[40], words_b[40];
      gsize n_a = g_rand_int_range (rand, 1, 41), n_b = g_rand_int_range (rand, 1, 41), longest;

      for (gsize i = 0; i < n_a; i++)
        words_a[i] = g_rand_int_range (rand, 0, 4) + 1;
      for (gsize i = 0; i < n_b; i++)
        words_b[i] = g_rand_int_range (rand, 0, 4) + 1;
      shingle_builder (&a, q, w);
      shingle_builder (&b, q, w);
      build_shingles (&a, words_a, n_a);
      build_shingles (&b, words_b, n_b);
      longest = longest_shared_run (words_a, n_a, words_b, n_b);
      if (longest >= w + q - 1)
        {
          g_assert_true (share_a_part (a.parts, b.parts));
          held++;
        }
      else if (longest == w + q - 2 && longest >= q && !share_a_part (a.parts, b.parts))
        tight++;
      pr_part_builder_clear (&a);
      pr_part_builder_clear (&b);
    }
  g_assert_cmpuint (held, >, 300);
  g_assert_cmpuint (tight, >, 0);
  g_rand_free (rand);
}

/* The builder keeps the positions pr_winnow () gives (a text of distinct
 * words, so that a hash names its position); every shingle with w = 1;
 * and the same parts whatever the punctuation, through the fingerprinter,
 * where clauses differ. */
static void
test_shingle_builder (void)
{
  g_autoptr(PrFingerprinter) fingerprinter = body_fingerprinter ();
  PrPartMethod method = { PR_PART_KIND_SHINGLES, 3, 4 };
  PrPartBuilder builder;
  guint64 words[30];
  g_autofree PrPart *commas = NULL, *none = NULL, *clauses_commas = NULL, *clauses_none = NULL;
  guint n_commas, n_none, n_clauses_commas, n_clauses_none;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    words[i] = pr_feature_hash (&i, sizeof i) | 1;  /* never a sentence end in build_shingles () */
  for (guint q = 1; q <= 5; q++)
    for (guint w = 1; w <= 6; w++)
      {
        guint64 all[G_N_ELEMENTS (words)];
        gsize positions[G_N_ELEMENTS (words)], n, n_all;

        /* Every shingle, with w = 1. */
        shingle_builder (&builder, q, 1);
        build_shingles (&builder, words, G_N_ELEMENTS (words));
        n_all = builder.parts->len;
        g_assert_cmpuint (n_all, ==, G_N_ELEMENTS (words) - q + 1);
        for (guint i = 0; i < n_all; i++)
          {
            all[i] = g_array_index (builder.parts, PrPart, i).hash;
            /* Each its first word; the last the rest. */
            g_assert_cmpuint (g_array_index (builder.parts, PrPart, i).n_tokens, ==, i + 1 < n_all ? 1 : q);
          }
        pr_part_builder_clear (&builder);

        /* Winnowed by w: those pr_winnow () keeps. */
        shingle_builder (&builder, q, w);
        build_shingles (&builder, words, G_N_ELEMENTS (words));
        n = pr_winnow (all, n_all, w, positions);
        g_assert_cmpuint (builder.parts->len, ==, n);
        for (guint i = 0; i < n; i++)
          {
            /* The words from where it starts to where the next starts;
             * the first from the text's start, the last to its end. */
            gsize from = i == 0 ? 0 : positions[i], to = i + 1 < n ? positions[i + 1] : G_N_ELEMENTS (words);

            g_assert_cmpuint (g_array_index (builder.parts, PrPart, i).hash, ==, all[positions[i]]);
            g_assert_cmpuint (g_array_index (builder.parts, PrPart, i).n_tokens, ==, to - from);
          }
        pr_part_builder_clear (&builder);
      }

  pr_fingerprinter_set_part_method (fingerprinter, &method);
  commas = parts_of (fingerprinter, "路灯坏了，晚上一片漆黑，请尽快派人修理，谢谢", &n_commas);
  none = parts_of (fingerprinter, "路灯坏了晚上一片漆黑。请尽快派人修理谢谢！", &n_none);
  g_assert_cmpuint (n_commas, >, 0);
  g_assert_cmpuint (n_commas, ==, n_none);
  for (guint i = 0; i < n_commas; i++)
    g_assert_cmpuint (commas[i].hash, ==, none[i].hash);

  method.kind = PR_PART_KIND_CLAUSES;
  pr_fingerprinter_set_part_method (fingerprinter, &method);
  clauses_commas = parts_of (fingerprinter, "路灯坏了，晚上一片漆黑，请尽快派人修理，谢谢", &n_clauses_commas);
  clauses_none = parts_of (fingerprinter, "路灯坏了晚上一片漆黑。请尽快派人修理谢谢！", &n_clauses_none);
  g_assert_cmpfloat (pr_part_containment (clauses_commas, n_clauses_commas, clauses_none, n_clauses_none), <, 1);
}

/* Pairs found on parts that are shingles, from random texts that copy
 * runs of each other, against the scan of every pair. */
static void
test_shingles_against_brute_force (void)
{
  const guint n_records = 200;
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  g_autofree guint64 *offsets = g_new (guint64, n_records);
  g_autofree guint32 *counts = g_new (guint32, n_records);
  g_autofree guint8 *skip = g_new0 (guint8, n_records);
  PrPartMatchOptions options = { G_MAXUINT, 0.4, 0.4, 8, 8 };
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  GRand *rand = g_rand_new_with_seed (7);
  guint64 source[60];
  PrPartBuilder builder;
  PrPartTable table;

  for (guint i = 0; i < G_N_ELEMENTS (source); i++)
    source[i] = g_rand_int (rand) | 1;
  shingle_builder (&builder, 4, 4);
  for (guint r = 0; r < n_records; r++)
    {
      guint64 words[80];
      gsize n = 0, from = g_rand_int_range (rand, 0, 20), length = g_rand_int_range (rand, 0, 41);

      /* Some words of their own, a run of the source, some more. */
      for (guint i = g_rand_int_range (rand, 0, 6); i > 0; i--)
        words[n++] = g_rand_int (rand) | 1;
      for (gsize i = from; i < from + length; i++)
        words[n++] = g_rand_int_range (rand, 0, 12) == 0 ? (g_rand_int (rand) | 1) : source[i];
      for (guint i = g_rand_int_range (rand, 0, 6); i > 0; i--)
        words[n++] = g_rand_int (rand) | 1;
      build_shingles (&builder, words, n);
      offsets[r] = parts->len;
      counts[r] = builder.parts->len;
      skip[r] = g_rand_int_range (rand, 0, 20) == 0;
      g_array_append_vals (parts, builder.parts->data, builder.parts->len);
    }
  pr_part_builder_clear (&builder);

  table = (PrPartTable) { n_records, offsets, counts, (PrPart *) (gpointer) parts->data };
  g_assert_true (pr_part_table_find_pairs (&table, skip, &options, pr_test_found_pair, &found, NULL, NULL));
  g_assert_cmpuint (check_every_pair (parts, offsets, counts, skip, n_records, &options, &found), >, 50);
  g_hash_table_unref (found.found);
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/parts/sentence-ends", test_sentence_ends);
  g_test_add_func ("/engine/parts/fingerprinter", test_fingerprinter_parts);
  g_test_add_func ("/engine/parts/long-sentence", test_long_sentence);
  g_test_add_func ("/engine/parts/encode-decode", test_encode_decode);
  g_test_add_func ("/engine/parts/containment", test_containment_hand_computed);
  g_test_add_func ("/engine/parts/short-records", test_short_records);
  g_test_add_func ("/engine/parts/boilerplate", test_boilerplate);
  g_test_add_func ("/engine/parts/brute-force", test_against_brute_force);
  g_test_add_func ("/engine/parts/boilerplate-brute-force", test_boilerplate_against_brute_force);
  g_test_add_func ("/engine/part-spool/brute-force", test_spool_against_brute_force);
  g_test_add_func ("/engine/part-spool/write-error", test_spool_write_error);
  g_test_add_func ("/engine/parts/winnow-hand-computed", test_winnow_hand_computed);
  g_test_add_func ("/engine/parts/winnow-guarantee", test_winnow_guarantee);
  g_test_add_func ("/engine/parts/shingle-builder", test_shingle_builder);
  g_test_add_func ("/engine/parts/shingles-brute-force", test_shingles_against_brute_force);

  return g_test_run ();
}
