/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's features of every candidate pair, as the scan
 * computes them (pr_pair_judge_all_features ()), against a computation
 * written here from their definitions with nothing of pr-pair-profile.c:
 * the 3-grams and letter and digit runs as strings in hash tables, the
 * runs of the whole text normalised at once by GLib, and the word diff of
 * the compare view. On random records mixing what normalisation changes
 * (full-width forms, circled numbers, combining marks, compatibility
 * ideographs, white space of every kind, the zero-width space, which is
 * nothing) and on the bundled sample.
 */
#include "config.h"

#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uclean.h>

#include "pr-csv-reader.h"
#include "pr-diff.h"
#include "pr-pair-judge.h"
#include "pr-pair-linkage.h"
#include "pr-test-util.h"

/* id, subject, body, note, category: the body is the body and the note
 * joined. */
#define N_COLUMNS 5

typedef struct {
  GPtrArray *rows;  /* char **, N_COLUMNS values */
  guint      next;
  const char *values[N_COLUMNS];
  gsize      lengths[N_COLUMNS];
} Rows;

static gboolean
rows_next (gpointer            source,
           const char *const **values,
           const gsize       **lengths,
           guint64            *position,
           GCancellable       *cancellable,
           GError            **error)
{
  Rows *rows = source;
  char **row;

  if (rows->next >= rows->rows->len)
    return FALSE;
  row = rows->rows->pdata[rows->next++];
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      rows->values[c] = row[c];
      rows->lengths[c] = row[c] != NULL ? strlen (row[c]) : 0;
    }
  *values = rows->values;
  *lengths = rows->lengths;
  *position = rows->next;
  return TRUE;
}

static void
rows_progress (gpointer source,
               guint64 *done,
               guint64 *total)
{
  *done = *total = 0;
}

static const PrRowSourceClass rows_class = { rows_next, rows_progress, "row" };

static PrMapping *
new_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "note", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "category", PR_COLUMN_ROLE_SHORT, 1, NULL));
  return mapping;
}

/* Pieces that normalisation changes or keeps, and that break words. */
static const char *const pieces[] = {
  "信访", "反映", "小区", "物业", "噪音", "扰民", "问题", "市民", "投诉", "道路", "施工", "一", "鿿", "丂",
  "A3区", "B12栋", "2019年", "5月", "号", "abc", "XYZ", "Road", "x1", "42",
  "１２３", "ＡＢＣ", "ｄｅｆ", "①", "⑵", "㏠", "㎡", "Ⅻ", "²", "ﬁ", "ß", "℃", "№",
  "e\xcc\x81", "\xcc\x81", "\xcc\xa3", "か\xe3\x82\x99", "\xe3\x82\x99", "\xe1\x84\x80\xe1\x85\xa1",
  "\xe8\xb1\x88", "\xe2\xbc\x80", "\xe3\x90\x80", "\xf0\xa0\x80\x80",
  "，", "。", "、", "：", "；", "！", "？", "（", "）", "“", "”", ",", ".", "-", "_",
  " ", "  ", "\t", "\n", "\xe3\x80\x80", "\xc2\xa0", "\xe2\x80\x8b",
};

static char *
random_text (GRand *rand,
             guint  max_pieces)
{
  GString *text = g_string_new (NULL);
  guint n = g_rand_int_range (rand, 0, max_pieces + 1);

  for (guint i = 0; i < n; i++)
    g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
  return g_string_free (text, FALSE);
}

/* Random records, some the edited copies of others. */
static GPtrArray *
random_rows (guint n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261126);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (guint i = 0; i < n; i++)
    {
      char **row = g_new0 (char *, N_COLUMNS + 1);

      row[0] = g_strdup_printf ("r%u", i);
      if (i > 0 && g_rand_int_range (rand, 0, 3) == 0)
        {
          char **base = rows->pdata[g_rand_int_range (rand, 0, i)];
          g_autofree char *tail = random_text (rand, 4);

          row[1] = g_strdup (base[1]);
          /* A copy, or a copy with a little more. */
          row[2] = g_strconcat (base[2], g_rand_boolean (rand) ? tail : "", NULL);
          row[3] = g_strdup (base[3]);
        }
      else
        {
          row[1] = g_rand_int_range (rand, 0, 4) == 0 ? g_strdup ("") : random_text (rand, 4);
          row[2] = random_text (rand, 40);
          row[3] = g_rand_int_range (rand, 0, 3) == 0 ? random_text (rand, 6) : g_strdup ("");
        }
      row[4] = g_strdup (g_rand_boolean (rand) ? "环保" : "城建");
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* The distinct 3-grams of the text without its white space, as strings;
 * a text of one or two characters is one gram. */
static GHashTable *
oracle_grams (const char *normal)
{
  GHashTable *grams = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) chars = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = normal; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_ptr_array_add (chars, g_strndup (p, g_utf8_next_char (p) - p));
  if (chars->len == 1 || chars->len == 2)
    g_hash_table_add (grams, g_strjoin ("", chars->pdata[0], chars->len == 2 ? chars->pdata[1] : "", NULL));
  for (guint i = 2; i < chars->len; i++)
    g_hash_table_add (grams, g_strjoin ("", chars->pdata[i - 2], chars->pdata[i - 1], chars->pdata[i], NULL));
  return grams;
}

/* The runs of ASCII letters and digits of the whole text normalised by
 * compatibility, lower-cased. */
static GHashTable *
oracle_codes (const char *raw)
{
  GHashTable *codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *normal = g_utf8_normalize (raw, -1, G_NORMALIZE_ALL_COMPOSE);
  g_autofree char *lower = normal != NULL ? g_ascii_strdown (normal, -1) : g_strdup ("");

  for (const char *p = lower; *p != '\0';)
    {
      const char *start = p;

      while (g_ascii_isalnum (*p))
        p++;
      if (p > start)
        g_hash_table_add (codes, g_strndup (start, p - start));
      else
        p++;
    }
  return codes;
}

static guint
count_shared (GHashTable *a,
              GHashTable *b)
{
  return g_hash_table_size (a) - pr_test_count_missing (a, b);
}

static GHashTable *
normal_grams (PrTokenizer *tokenizer,
              const char  *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *normal = pr_tokenizer_normalize (tokenizer, text, -1, NULL, &error);

  g_assert_no_error (error);
  return oracle_grams (normal);
}

/* @text without its default-ignorable code points (the zero-width
 * space), which a text reads as nothing, as NFKC_Casefold makes them. */
static char *
visible (char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!u_hasBinaryProperty ((UChar32) g_utf8_get_char (p), UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
      g_string_append_unichar (out, g_utf8_get_char (p));
  g_free (text);
  return g_string_free (out, FALSE);
}

/* The body is the body and the note, joined by the control character
 * U+001E, or the subject when both are empty; as it shows. */
static char *
body_of (char **row)
{
  if (row[2][0] != '\0' && row[3][0] != '\0')
    return visible (g_strconcat (row[2], "\x1e", row[3], NULL));
  if (row[2][0] != '\0' || row[3][0] != '\0')
    return visible (g_strdup (row[2][0] != '\0' ? row[2] : row[3]));
  return row[1][0] != '\0' ? visible (g_strdup (row[1])) : NULL;
}

static void
assert_pair (PrTokenizer   *tokenizer,
             char         **row_a,
             char         **row_b,
             const double  *features)
{
  g_autofree char *body_a = body_of (row_a);
  g_autofree char *body_b = body_of (row_b);

  if (body_a == NULL || body_b == NULL)
    return;
  if (strcmp (body_a, body_b) == 0)
    {
      g_autoptr(GHashTable) codes = oracle_codes (body_a);

      g_assert_cmpfloat (features[PR_PAIR_FEATURE_CONTAINED], ==, 1);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_COVERED], ==, 1);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_SHARED_WORDS], ==, 1);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBSTITUTED], ==, 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_INSERTED], ==, 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_CODES], ==, g_hash_table_size (codes) > 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_NO_CODES], ==, g_hash_table_size (codes) == 0);
    }
  else
    {
      g_autoptr(GHashTable) grams_a = normal_grams (tokenizer, body_a);
      g_autoptr(GHashTable) grams_b = normal_grams (tokenizer, body_b);
      g_autoptr(GHashTable) codes_a = oracle_codes (body_a);
      g_autoptr(GHashTable) codes_b = oracle_codes (body_b);
      g_autoptr(GError) error = NULL;
      g_autoptr(PrDiff) diff = pr_diff_words (tokenizer, body_a, -1, body_b, -1, NULL, &error);
      guint n_a = g_hash_table_size (grams_a), n_b = g_hash_table_size (grams_b);
      gsize shorter, longer;

      g_assert_no_error (error);
      if (n_a > 0 && n_b > 0)
        {
          guint shared = count_shared (grams_a, grams_b);

          g_assert_cmpfloat (features[PR_PAIR_FEATURE_CONTAINED], ==, (double) shared / MIN (n_a, n_b));
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_COVERED], ==, (double) shared / MAX (n_a, n_b));
        }
      else
        {
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_CONTAINED], ==, 0);
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_COVERED], ==, 0);
        }
      n_a = g_hash_table_size (codes_a);
      n_b = g_hash_table_size (codes_b);
      if (n_a > 0 && n_b > 0)
        {
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_CODES], ==, (double) count_shared (codes_a, codes_b) / MIN (n_a, n_b));
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_NO_CODES], ==, 0);
        }
      else
        {
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_CODES], ==, 0);
          g_assert_cmpfloat (features[PR_PAIR_FEATURE_NO_CODES], ==, 1);
        }
      shorter = MIN (diff->words_a, diff->words_b);
      longer = MAX (diff->words_a, diff->words_b);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_SHARED_WORDS], ==, shorter > 0 ? (double) diff->common / shorter : 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBSTITUTED], ==,
                         shorter > 0 ? MIN (1.0, (double) diff->substituted / shorter) : 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_INSERTED], ==, longer > 0 ? (double) diff->inserted / longer : 0);
    }

  if (row_a[1][0] != '\0' && row_b[1][0] != '\0')
    {
      g_autoptr(GHashTable) grams_a = normal_grams (tokenizer, row_a[1]);
      g_autoptr(GHashTable) grams_b = normal_grams (tokenizer, row_b[1]);
      guint n = g_hash_table_size (grams_a) + g_hash_table_size (grams_b);

      if (strcmp (row_a[1], row_b[1]) == 0)
        g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBJECT], ==, 1);
      else
        g_assert_cmpfloat (features[PR_PAIR_FEATURE_SUBJECT], ==, n > 0 ? 2.0 * count_shared (grams_a, grams_b) / n : 0);
      g_assert_cmpfloat (features[PR_PAIR_FEATURE_NO_SUBJECT], ==, 0);
    }
  else
    g_assert_cmpfloat (features[PR_PAIR_FEATURE_NO_SUBJECT], ==, 1);
  g_assert_cmpfloat (features[PR_PAIR_FEATURE_FIELDS], ==, strcmp (row_a[4], row_b[4]) == 0 ? 1 : -1);
}

/* As a rescan with a store: every third record unchanged, so not
 * fingerprinted again, and its words not known until the judge reads it. */
static gboolean
reuse_some (const char    *id,
            guint64        content_hash,
            PrFingerprint *stored,
            gpointer       user_data)
{
  guint *n = user_data;

  stored->fingerprint = content_hash;
  return (*n)++ % 3 == 0;
}

/* Every pair of @rows, loaded as a scan loads them (the texts in a file
 * with the fingerprint's words, or in memory), judged as a scan judges
 * them (in blocks of @block_records), against the oracle. */
static void
check_rows (GPtrArray *rows,
            gboolean   in_file,
            gboolean   reuse,
            guint      block_records)
{
  guint n_asked = 0;
  g_autoptr(PrMapping) mapping = new_mapping ();
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, NULL);
  PrLoadOptions options = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 1, .n_threads = 2,
                            .keep_texts = TRUE, .texts_in_file = in_file, .parts = TRUE,
                            .reuse = reuse ? reuse_some : NULL, .reuse_data = &n_asked };
  Rows source = { rows, 0, { NULL }, { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = pr_record_set_load (mapping, &options, &rows_class, &source, NULL, NULL, NULL, &error);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  g_autofree double *features = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (set->n_records, ==, rows->len);
  g_assert_true ((set->text_file != NULL) == in_file);
  g_assert_cmpuint (set->n_reused, ==, reuse ? (rows->len + 2) / 3 : 0);
  for (guint32 a = 0; a < rows->len; a++)
    for (guint32 b = a + 1; b < rows->len; b++)
      g_array_append_val (pairs, ((PrScoredPair) { a, b, 0, -1 }));
  features = g_new (double, pairs->len * PR_PAIR_N_FEATURES);
  g_assert_true (_pr_pair_judge_all_features_in_blocks (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, set,
                                                        (const PrScoredPair *) (gpointer) pairs->data, pairs->len,
                                                        features, 2, block_records, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < pairs->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (pairs, PrScoredPair, i);

      assert_pair (tokenizer, rows->pdata[pair->a], rows->pdata[pair->b], features + i * PR_PAIR_N_FEATURES);
    }
}

static void
test_random (void)
{
  g_autoptr(GPtrArray) rows = random_rows (pr_test_size (120, 40));

  check_rows (rows, TRUE, FALSE, 16384);
  check_rows (rows, TRUE, FALSE, 7);
  check_rows (rows, TRUE, TRUE, 16384);
  check_rows (rows, FALSE, FALSE, 16384);
}

/* The sample's first @n records, read by the CSV reader. */
static GPtrArray *
sample_rows (guint n)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GError) error = NULL;
  const char *const names[] = { "id", "subject", "body", "address", "category" };
  int columns[N_COLUMNS];

  reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      columns[c] = pr_csv_reader_find_field (reader, names[c]);
      g_assert_cmpint (columns[c], >=, 0);
    }
  while (rows->len < n && pr_csv_reader_next (reader, NULL, &error))
    {
      char **row = g_new0 (char *, N_COLUMNS + 1);

      for (guint c = 0; c < N_COLUMNS; c++)
        row[c] = g_strdup (pr_csv_reader_get_field (reader, columns[c], NULL));
      g_ptr_array_add (rows, row);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, n);
  return g_steal_pointer (&rows);
}

static void
test_sample (void)
{
  g_autoptr(GPtrArray) rows = sample_rows (pr_test_size (70, 30));

  check_rows (rows, TRUE, FALSE, 16384);
  check_rows (rows, FALSE, FALSE, 16384);
}

/* A body of @base's sentences, edited by @how: 0 as it is, 1 one
 * sentence cut, 2 one sentence replaced by one of @other's, 3 every other
 * sentence @other's (a collage of two matters). */
static char *
edited_body (GRand      *rand,
             const char *base,
             const char *other,
             guint       how)
{
  g_auto(GStrv) mine = g_strsplit (base, "。", -1);
  g_auto(GStrv) theirs = g_strsplit (other, "。", -1);
  guint n_mine = g_strv_length (mine), n_theirs = g_strv_length (theirs);
  guint pick = g_rand_int_range (rand, 0, n_mine);
  GString *body = g_string_new (NULL);

  for (guint i = 0; i < n_mine; i++)
    {
      const char *sentence = mine[i];

      if (how == 1 && i == pick && n_mine > 1)
        continue;
      if ((how == 2 && i == pick) || (how == 3 && i % 2 == 1))
        sentence = theirs[g_rand_int_range (rand, 0, n_theirs)];
      g_string_append (body, sentence);
      if (i + 1 < n_mine)
        g_string_append (body, "。");
    }
  return g_string_free (body, FALSE);
}

/* A generated table: families of the sample's records, each the record,
 * one with a sentence cut, one with a sentence of another record, and a
 * collage with another record, some under the other's subject or
 * category: pairs on either side of any threshold. */
static GPtrArray *
family_rows (guint n_families)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261127);
  g_autoptr(GPtrArray) sample = sample_rows (n_families);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (guint f = 0; f < n_families; f++)
    for (guint how = 0; how < 4; how++)
      {
        char **base = sample->pdata[f];
        char **other = sample->pdata[g_rand_int_range (rand, 0, n_families)];
        char **row = g_new0 (char *, N_COLUMNS + 1);

        row[0] = g_strdup_printf ("f%u-%u", f, how);
        row[1] = g_strdup (how == 3 && g_rand_boolean (rand) ? other[1] : base[1]);
        row[2] = edited_body (rand, base[2], other[2], how);
        row[3] = g_strdup (g_rand_int_range (rand, 0, 3) == 0 ? base[3] : "");
        row[4] = g_strdup (g_rand_boolean (rand) ? base[4] : other[4]);
        g_ptr_array_add (rows, row);
      }
  return rows;
}

/* @rows loaded as the scan loads them, texts kept, and every pair of
 * them, none judged. */
static PrRecordSet *
load_families (GPtrArray  *rows,
               PrMapping  *mapping,
               GArray    **every)
{
  PrLoadOptions options = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 1, .n_threads = 2,
                            .keep_texts = TRUE, .texts_in_file = TRUE, .parts = TRUE };
  Rows source = { rows, 0, { NULL }, { 0 } };
  g_autoptr(GError) error = NULL;
  PrRecordSet *set = pr_record_set_load (mapping, &options, &rows_class, &source, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  *every = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));
  for (guint32 a = 0; a < rows->len; a++)
    for (guint32 b = a + 1; b < rows->len; b++)
      g_array_append_val (*every, ((PrScoredPair) { a, b, 0, -1 }));
  return set;
}

/* Judging only the pairs that can change the clusters gives the clusters
 * of judging every pair: each pair judged has the number judging every
 * pair gives, each left unjudged is below the threshold, and average
 * linkage links the same pairs. */
static void
test_judged_for_clusters (void)
{
  g_autoptr(GPtrArray) rows = family_rows (40);
  g_autoptr(PrMapping) mapping = new_mapping ();
  g_autoptr(GArray) every = NULL;
  g_autoptr(PrRecordSet) set = load_families (rows, mapping, &every);
  const PrPairModel *model = pr_pair_model_for_mapping (mapping);
  g_autoptr(GError) error = NULL;
  const double thresholds[] = { 0.5, 0.2, 0.8, 0.05 };

  g_assert_true (pr_pair_judge_score (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, model, set,
                                      (PrScoredPair *) (gpointer) every->data, every->len, 2, NULL, &error));
  g_assert_no_error (error);

  for (guint t = 0; t < G_N_ELEMENTS (thresholds); t++)
    {
      g_autoptr(GArray) some = g_array_copy (every);
      g_autofree guint8 *linked_every = NULL;
      g_autofree guint8 *linked_some = NULL;
      guint n_left = 0, n_repeats = 0, n_linked = 0;

      for (guint i = 0; i < some->len; i++)
        g_array_index (some, PrScoredPair, i).probability = -1;
      g_assert_true (pr_pair_judge_score_linked (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, model, thresholds[t], set,
                                                 (PrScoredPair *) (gpointer) some->data, some->len, 2, NULL,
                                                 &error));
      g_assert_no_error (error);
      for (guint i = 0; i < some->len; i++)
        {
          const PrScoredPair *judged = &g_array_index (some, PrScoredPair, i);
          const PrScoredPair *full = &g_array_index (every, PrScoredPair, i);

          n_repeats += full->probability >= thresholds[t];
          if (judged->probability < 0)
            {
              g_assert_cmpfloat (full->probability, <, thresholds[t]);
              n_left++;
            }
          else
            g_assert_cmpfloat (judged->probability, ==, full->probability);
        }
      linked_every = pr_pair_linkage ((const PrScoredPair *) (gpointer) every->data, every->len, set->n_records,
                                      thresholds[t]);
      linked_some = pr_pair_linkage ((const PrScoredPair *) (gpointer) some->data, some->len, set->n_records,
                                     thresholds[t]);
      for (guint i = 0; i < some->len; i++)
        {
          g_assert_cmpuint (linked_some[i], ==, linked_every[i]);
          n_linked += linked_every[i];
        }
      g_test_message ("at %.2f: %u of %u pairs left unjudged, %u repeats, %u linked", thresholds[t], n_left,
                      some->len, n_repeats, n_linked);
      /* The table has pairs on both sides, and most pairs need no diff. */
      g_assert_cmpuint (n_repeats, >, 40);
      g_assert_cmpuint (n_left, >, some->len / 2);
    }
}

typedef struct {
  PrJudgeProgress *progress;
  gint             stop;
  gint             n_reads, n_past;  /* reads, and those that saw the count past the total */
} Watch;

static gpointer
watch_progress (gpointer user_data)
{
  Watch *watch = user_data;

  while (!g_atomic_int_get (&watch->stop))
    {
      /* As the threshold dialog reads it: the count, then the total. */
      gint done = g_atomic_int_get (&watch->progress->done);
      gint total = g_atomic_int_get (&watch->progress->total);

      watch->n_reads++;
      watch->n_past += done > total;
      g_thread_yield ();
    }
  return NULL;
}

/* The progress of judging for clusters counts both of its passes: the
 * pairs at @at, and those left unjudged by their bound that pairs at or
 * above the threshold join and so are judged after. Its total reaches
 * the number of pairs judged, counted here from the bound alone
 * (pr_pair_judge_score_bounded_some ()), and the count reaches it
 * exactly, never past it while the work runs. */
static void
test_linked_progress (void)
{
  g_autoptr(GPtrArray) rows = family_rows (40);
  g_autoptr(PrMapping) mapping = new_mapping ();
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(PrRecordSet) set = load_families (rows, mapping, &pairs);
  const PrPairModel *model = pr_pair_model_for_mapping (mapping);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) bounded = NULL;
  g_autoptr(GArray) at = g_array_new (FALSE, FALSE, sizeof (gsize));
  const double threshold = 0.5;
  PrJudgeProgress progress = { 0 };
  Watch watch = { &progress, 0, 0, 0 };
  GThread *watcher;
  guint n_again = 0;

  /* Every other pair to judge, the rest known below the threshold. */
  for (gsize i = 0; i < pairs->len; i += 2)
    g_array_append_val (at, i);
  bounded = g_array_copy (pairs);
  g_assert_true (pr_pair_judge_score_bounded_some (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, model, threshold, set,
                                                   (PrScoredPair *) (gpointer) bounded->data,
                                                   (const gsize *) (gpointer) at->data, at->len, 2, NULL, NULL,
                                                   &error));
  g_assert_no_error (error);

  /* The caller's total, as the preview's: the pairs at @at. */
  progress.total = (gint) at->len;
  watcher = g_thread_new ("watch", watch_progress, &watch);
  g_assert_true (pr_pair_judge_score_linked_some (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, model, threshold, set,
                                                  (PrScoredPair *) (gpointer) pairs->data, pairs->len,
                                                  (const gsize *) (gpointer) at->data, at->len, 2, &progress, NULL,
                                                  &error));
  g_assert_no_error (error);
  g_atomic_int_set (&watch.stop, 1);
  g_thread_join (watcher);

  /* Judged after the first pass: those without a number after it (its
   * bound left them out, or they were not at @at) that have one now. */
  for (gsize i = 0; i < pairs->len; i++)
    n_again += g_array_index (bounded, PrScoredPair, i).probability < 0 &&
               g_array_index (pairs, PrScoredPair, i).probability >= 0;
  g_test_message ("%u pairs at first, %u judged after; progress %d of %d, %d reads, %d past the total", at->len,
                  n_again, progress.done, progress.total, watch.n_reads, watch.n_past);
  g_assert_cmpuint (n_again, >, 0);
  g_assert_cmpint (progress.total, ==, (gint) (at->len + n_again));
  g_assert_cmpint (progress.done, ==, progress.total);
  g_assert_cmpint (watch.n_past, ==, 0);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pair-profile-oracle/random", test_random);
  g_test_add_func ("/engine/pair-profile-oracle/sample", test_sample);
  g_test_add_func ("/engine/pair-profile-oracle/judged-for-clusters", test_judged_for_clusters);
  g_test_add_func ("/engine/pair-profile-oracle/linked-progress", test_linked_progress);
  status = g_test_run ();
  u_cleanup ();
  return status;
}
