/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * IDF weighting (pr-idf.c) through the record set that uses it, against
 * weights computed by hand and a SimHash written out the plain way over
 * explicitly weighted features.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-idf.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

static guint64
hash_of (const char *feature)
{
  return XXH3_64bits_withSeed (feature, strlen (feature), 0);
}

static PrMapping *
mapping_new (gboolean with_user)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  if (with_user)
    g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));

  return mapping;
}

static PrRecordSet *
load (const char         *csv,
      gboolean            with_user,
      const PrIdfOptions *idf)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autoptr(PrMapping) mapping = mapping_new (with_user);
  PrLoadOptions options = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 1, .n_threads = 2, .idf = idf };
  g_autoptr(GError) error = NULL;
  PrRecordSet *set;

  g_assert_true (g_file_set_contents (path, csv, -1, &error));
  set = pr_record_set_load_csv (path, mapping, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);
  pr_test_remove_tree (dir);

  return set;
}

/* Three records: "alpha" is in all three (weight 0), "beta" in two
 * (ln 3/2), the others in one (ln 3), "epsilon" twice in one record. */
static const char *three_records =
  "id,body\n"
  "1,alpha beta gamma\n"
  "2,alpha beta delta\n"
  "3,alpha epsilon epsilon\n";

static void
test_log_weights (void)
{
  PrIdfOptions options = { TRUE, 0 };
  g_autoptr(PrRecordSet) set = load (three_records, FALSE, &options);
  const char *first[] = { "alpha", "beta", "gamma" };
  const double first_weights[] = { 0, log (1.5), log (3) };
  const char *second[] = { "alpha", "beta", "delta" };

  g_assert_cmpuint (set->n_records, ==, 3);
  g_assert_cmpuint (set->n_idf_terms, ==, 5);
  g_assert_cmphex (set->fingerprints[0], ==, pr_test_naive_simhash (first, first_weights, 3));
  g_assert_cmphex (set->fingerprints[1], ==, pr_test_naive_simhash (second, first_weights, 3));
  /* Only epsilon weighs anything in the third: the fingerprint is its hash. */
  g_assert_cmphex (set->fingerprints[2], ==, hash_of ("epsilon"));
  /* Weighting words does not make a record sparse or not. */
  g_assert_cmpuint (set->n_sparse, ==, 0);
}

static void
test_table (void)
{
  PrIdfOptions options = { TRUE, 0 };
  g_autoptr(PrIdf) idf = pr_idf_new (&options);
  PrFeature a[] = { { hash_of ("alpha"), 1, 1 }, { hash_of ("beta"), 3, 1 }, { hash_of ("user\x1fu"), 2, 0 } };
  PrFeature b[] = { { hash_of ("alpha"), 2, 1 } };
  PrFeature c[] = { { hash_of ("beta"), 1, 1 }, { hash_of ("alpha"), 1, 1 }, { hash_of ("user\x1fu"), 2, 0 } };

  pr_idf_add_document (idf, a, G_N_ELEMENTS (a));
  pr_idf_add_document (idf, b, G_N_ELEMENTS (b));
  pr_idf_add_document (idf, c, G_N_ELEMENTS (c));
  pr_idf_add_document (idf, NULL, 0);
  pr_idf_freeze (idf);

  g_assert_cmpuint (pr_idf_get_n_documents (idf), ==, 4);
  /* Short fields are not counted. */
  g_assert_cmpuint (pr_idf_get_n_terms (idf), ==, 2);
  g_assert_cmpuint (pr_idf_document_frequency (idf, hash_of ("alpha")), ==, 3);
  g_assert_cmpuint (pr_idf_document_frequency (idf, hash_of ("beta")), ==, 2);
  g_assert_cmpuint (pr_idf_document_frequency (idf, hash_of ("user\x1fu")), ==, 0);
  g_assert_cmpfloat_with_epsilon (pr_idf_factor (idf, hash_of ("alpha")), log (4.0 / 3), 1e-12);
  g_assert_cmpfloat_with_epsilon (pr_idf_factor (idf, hash_of ("beta")), log (2.0), 1e-12);
  /* A word the table never saw counts as in one record. */
  g_assert_cmpfloat_with_epsilon (pr_idf_factor (idf, hash_of ("zeta")), log (4.0), 1e-12);

  /* Record a by hand: alpha 1 × ln 4/3, beta 3 × ln 2, the short field 2. */
  {
    const char *features[] = { "alpha", "beta", "user\x1fu" };
    const double weights[] = { log (4.0 / 3), 3 * log (2.0), 2 };

    gsize n_weighed = 0;

    g_assert_cmphex (pr_idf_fingerprint (idf, a, G_N_ELEMENTS (a), &n_weighed), ==, pr_test_naive_simhash (features, weights, 3));
    g_assert_cmpuint (n_weighed, ==, 2);
  }
}

static void
test_merge (void)
{
  PrFeature features[] = {
    { 7, 1, 1 }, { 3, 2, 0 }, { 7, 1, 1 }, { 3, 1, 1 }, { 7, 0.5f, 1 },
  };
  gsize n = pr_features_merge (features, G_N_ELEMENTS (features));

  /* Sorted by hash, then short before text; the same hash in a short and
   * a text column stays two features. */
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (features[0].hash, ==, 3);
  g_assert_cmpuint (features[0].text, ==, 0);
  g_assert_cmpfloat (features[0].weight, ==, 2);
  g_assert_cmpuint (features[1].hash, ==, 3);
  g_assert_cmpuint (features[1].text, ==, 1);
  g_assert_cmpuint (features[2].hash, ==, 7);
  g_assert_cmpfloat (features[2].weight, ==, 2.5);
  g_assert_cmpuint (pr_features_merge (NULL, 0), ==, 0);
}

/* A share cap without the log: words in more than half the records weigh
 * 0, the rest their term frequency; a short field keeps its weight. Five
 * records, so that half of them (2.5) keeps a word two records share. */
static void
test_max_share (void)
{
  PrIdfOptions options = { FALSE, 0.5 };
  g_autofree char *five_records = g_strconcat (three_records, "4,alpha beta zeta\n5,alpha beta eta\n", NULL);
  g_autoptr(PrRecordSet) set = load (five_records, FALSE, &options);
  const char *csv_with_user =
    "id,user,body\n"
    "1,U1,alpha beta\n"
    "2,U2,alpha beta\n"
    "3,U3,alpha beta gamma gamma\n"
    "4,U4,alpha beta\n"
    "5,U5,alpha beta\n";
  g_autoptr(PrRecordSet) with_user = load (csv_with_user, TRUE, &options);
  const char *third[] = { "user\x1f" "u3", "gamma" };
  const double third_weights[] = { 2, 2 };

  /* alpha (5 of 5) and beta (4 of 5) are out: gamma alone is left. */
  g_assert_cmphex (set->fingerprints[0], ==, hash_of ("gamma"));
  g_assert_cmphex (set->fingerprints[1], ==, hash_of ("delta"));
  g_assert_cmphex (set->fingerprints[2], ==, hash_of ("epsilon"));

  g_assert_cmphex (with_user->fingerprints[2], ==, pr_test_naive_simhash (third, third_weights, 2));
  /* All but the third have no word left that weighs anything: they would
   * pair on their user alone (or on 0), so they are sparse, as an empty
   * record is; the third is not. */
  g_assert_cmpuint (with_user->sparse[0], ==, 1);
  g_assert_cmpuint (with_user->sparse[1], ==, 1);
  g_assert_cmpuint (with_user->sparse[2], ==, 0);
  g_assert_cmpuint (with_user->sparse[4], ==, 1);
  g_assert_cmpuint (with_user->n_sparse, ==, 4);
  g_assert_cmpuint (set->n_sparse, ==, 0);
}

/* Over several batches of the loader (4,096 records each) and two
 * threads, every fingerprint equals one made from document frequencies
 * counted here, word by word. The words are ASCII, so the tokenizer's
 * words are the space-separated ones. */
static void
test_many_records_vs_oracle (void)
{
  const guint n_records = 9000, vocabulary = 300;
  PrIdfOptions options = { TRUE, 0.3 };
  GString *csv = g_string_new ("id,body\n");
  g_autoptr(GPtrArray) bodies = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GHashTable) df = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(PrRecordSet) set = NULL;
  GRand *rand = g_rand_new_with_seed (5);

  for (guint r = 0; r < n_records; r++)
    {
      guint n_words = g_rand_int_range (rand, 3, 25);
      char **words = g_new0 (char *, n_words + 1);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint w = 0; w < n_words; w++)
        {
          /* Squared, so that a few words are in most records. */
          double u = g_rand_double (rand);

          words[w] = g_strdup_printf ("w%u", (guint) (u * u * vocabulary));
          if (g_hash_table_add (seen, words[w]))
            {
              gpointer count = g_hash_table_lookup (df, words[w]);

              g_hash_table_replace (df, g_strdup (words[w]), GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
            }
        }
      g_ptr_array_add (bodies, words);
      g_autofree char *body = g_strjoinv (" ", words);
      g_string_append_printf (csv, "%u,%s\n", r + 1, body);
    }
  g_rand_free (rand);

  set = load (csv->str, FALSE, &options);
  g_string_free (csv, TRUE);
  g_assert_cmpuint (set->n_records, ==, n_records);
  g_assert_cmpuint (set->n_idf_terms, ==, g_hash_table_size (df));

  for (guint r = 0; r < n_records; r++)
    {
      char **words = bodies->pdata[r];
      guint n = g_strv_length (words);
      g_autofree double *weights = g_new (double, n);

      for (guint w = 0; w < n; w++)
        {
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (df, words[w]));

          /* Each occurrence adds its weight: term frequency × idf. */
          weights[w] = count > 0.3 * n_records ? 0 : log ((double) n_records / count);
        }
      g_assert_cmphex (set->fingerprints[r], ==, pr_test_naive_simhash ((const char *const *) words, weights, n));
    }
}

/* With factors of 1 (no log, no cap), fingerprints made again from the
 * kept features are the plain fingerprinter's, record for record. */
static void
test_neutral_equals_plain (void)
{
  g_autofree char *path = pr_test_sample_path (300);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  PrIdfOptions neutral = { FALSE, 0 };
  PrLoadOptions plain = { .flags = PR_TOKENIZER_FOLD_TRADITIONAL, .min_tokens = 3, .n_threads = 2 };
  PrLoadOptions weighed = plain;
  g_autoptr(PrRecordSet) a = NULL, b = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "petitioner", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  weighed.idf = &neutral;

  a = pr_record_set_load_csv (path, mapping, &plain, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  b = pr_record_set_load_csv (path, mapping, &weighed, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->n_records, ==, b->n_records);
  g_assert_cmpuint (a->n_records, ==, pr_test_size (3000, 300));
  for (gsize r = 0; r < a->n_records; r++)
    {
      g_assert_cmphex (a->fingerprints[r], ==, b->fingerprints[r]);
      g_assert_cmpuint (a->sparse[r], ==, b->sparse[r]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/idf/log-weights-by-hand", test_log_weights);
  g_test_add_func ("/engine/idf/table", test_table);
  g_test_add_func ("/engine/idf/merge", test_merge);
  g_test_add_func ("/engine/idf/max-share", test_max_share);
  g_test_add_func ("/engine/idf/many-records-vs-oracle", test_many_records_vs_oracle);
  g_test_add_func ("/engine/idf/neutral-equals-plain", test_neutral_equals_plain);

  return g_test_run ();
}
