/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Explaining a pair: two small records whose features, weights and parts
 * are counted by hand below, and the SimHash rebuilt from that count alone.
 */
#include "config.h"

#include <string.h>

#include "pr-csv-reader.h"
#include "pr-explain.h"
#include "pr-fingerprinter.h"
#include "pr-test-util.h"

/* The mapping: an id, three short fields (user and phone at weight 2, area
 * at 3), two texts (subject at factor 2, body at 1) and a date. */
static PrMapping *
tiny_mapping (void)
{
  PrMapping *mapping = pr_mapping_new ();

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "phone", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "area", PR_COLUMN_ROLE_SHORT, 3, NULL));
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "time", PR_COLUMN_ROLE_DATE, 0, NULL));

  return mapping;
}

static const char *const record_a[] = {
  "1", "U1", "138 0000 1111", "North", "Lamp",
  "The lamp is broken. The lamp is broken again; please fix the lamp", "2024-03-01",
};
static const char *const record_b[] = {
  "2", "u1", "13900002222", NULL, "Lamp broken",
  "The lamp is broken. Please fix this lamp, the road too", "2024-03-05",
};

/*
 * By hand (words are case-folded; white space goes out of a short value):
 *
 * A: user␟u1 2, phone␟13800001111 2, area␟north 3;
 *    subject "lamp" at factor 2: lamp 2;
 *    body (factor 1): the 3, lamp 3, is 2, broken 2, again 1, please 1, fix 1.
 *    Words: the 3, lamp 5 (4 times), is 2, broken 2, again 1, please 1, fix 1.
 *    10 features, total weight 2 + 2 + 3 + 15 = 22.
 * B: user␟u1 2, phone␟13900002222 2, area empty (nothing);
 *    subject "lamp broken" at factor 2: lamp 2, broken 2;
 *    body: the 2, lamp 2, is 1, broken 1, please 1, fix 1, this 1, road 1, too 1.
 *    Words: the 2, lamp 4 (3 times), is 1, broken 3 (twice), please, fix,
 *    this, road, too 1 each. 11 features, total weight 2 + 2 + 15 = 19.
 *
 * Shared (the smaller weight): lamp 4; broken 2, the 2, user␟u1 2 (ties in
 *   byte order); fix 1, is 1, please 1 — 7 features, weight 13.
 * Only in A: area␟north 3, phone␟13800001111 2, again 1.
 * Only in B: phone␟13900002222 2, road 1, this 1, too 1.
 *
 * Parts (clauses of at least 4 words; the subjects are too short):
 * A: "the lamp is broken" 4, "the lamp is broken again" 5, "please fix the
 *    lamp" 4: 13 words. B: "the lamp is broken" 4, "please fix this lamp"
 *    4 ("the road too" has 3): 8 words. Shared: the first, 4 words, so the
 *    containment is 4 / min (13, 8) = 0.5.
 */
static const char *const features_a[] = {
  "user\x1f" "u1", "phone\x1f" "13800001111", "area\x1f" "north",
  "the", "lamp", "is", "broken", "again", "please", "fix", NULL,
};
static const double weights_a[] = { 2, 2, 3, 3, 5, 2, 2, 1, 1, 1 };
static const char *const features_b[] = {
  "user\x1f" "u1", "phone\x1f" "13900002222",
  "the", "lamp", "is", "broken", "please", "fix", "this", "road", "too", NULL,
};
static const double weights_b[] = { 2, 2, 2, 4, 1, 3, 1, 1, 1, 1, 1 };

static PrExplain *
explain (const char *const *a,
         const char *const *b,
         guint              max_features)
{
  g_autoptr(PrMapping) mapping = tiny_mapping ();
  g_autoptr(GError) error = NULL;
  PrPartMethod clauses = { PR_PART_KIND_CLAUSES, 0, 0 };  /* as counted by hand */
  PrExplain *explanation = pr_explain_pair_full (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS,
                                                 &clauses, NULL, a, NULL, b, NULL, max_features, &error);

  g_assert_no_error (error);
  g_assert_nonnull (explanation);
  return explanation;
}

static void
assert_feature (GPtrArray  *list,
                guint       index,
                const char *feature,
                double      weight_a,
                double      weight_b)
{
  const PrExplainFeature *f;

  g_assert_cmpuint (index, <, list->len);
  f = list->pdata[index];
  g_assert_cmpstr (f->feature, ==, feature);
  g_assert_cmpuint (f->length, ==, strlen (feature));
  g_assert_cmpfloat (f->weight_a, ==, weight_a);
  g_assert_cmpfloat (f->weight_b, ==, weight_b);
  g_assert_cmpuint (f->count_a > 0, ==, weight_a > 0);
  g_assert_cmpuint (f->count_b > 0, ==, weight_b > 0);
}

static void
test_hand_counted (void)
{
  g_autoptr(PrExplain) e = explain (record_a, record_b, 0);
  g_autoptr(PrMapping) mapping = tiny_mapping ();
  g_autoptr(PrFingerprinter) fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, 3, NULL);
  PrFingerprint fa, fb;
  const PrExplainField *field;

  /* The fingerprints are the fingerprinter's, and the hand count's. */
  g_assert_true (pr_fingerprinter_compute (fingerprinter, record_a, NULL, &fa, NULL));
  g_assert_true (pr_fingerprinter_compute (fingerprinter, record_b, NULL, &fb, NULL));
  g_assert_cmphex (e->fingerprint_a, ==, fa.fingerprint);
  g_assert_cmphex (e->fingerprint_b, ==, fb.fingerprint);
  g_assert_cmphex (e->fingerprint_a, ==, pr_test_naive_simhash (features_a, weights_a, -1));
  g_assert_cmphex (e->fingerprint_b, ==, pr_test_naive_simhash (features_b, weights_b, -1));
  g_assert_cmpuint (e->distance, ==, __builtin_popcountll (fa.fingerprint ^ fb.fingerprint));
  g_assert_cmpfloat (pr_explain_get_similarity (e), ==, 1.0 - e->distance / 64.0);
  g_assert_false (e->sparse_a);
  g_assert_false (e->sparse_b);
  g_test_message ("distance %u", e->distance);

  /* The features of each, with their weights. */
  g_assert_cmpuint (e->features->len, ==, 14);
  g_assert_cmpuint (e->features_a->len, ==, 10);
  g_assert_cmpuint (e->features_b->len, ==, 11);
  assert_feature (e->features_a, 0, "lamp", 5, 4);
  assert_feature (e->features_a, 1, "area\x1f" "north", 3, 0);
  assert_feature (e->features_a, 2, "the", 3, 2);
  assert_feature (e->features_b, 0, "lamp", 5, 4);
  assert_feature (e->features_b, 1, "broken", 2, 3);
  g_assert_cmpuint (((PrExplainFeature *) e->features_a->pdata[0])->count_a, ==, 4);
  g_assert_cmpuint (((PrExplainFeature *) e->features_b->pdata[1])->count_b, ==, 2);
  g_assert_cmpfloat (e->weight_a, ==, 22);
  g_assert_cmpfloat (e->weight_b, ==, 19);
  g_assert_cmpfloat (e->weight_shared, ==, 13);

  /* Shared, by the weight in common. */
  g_assert_cmpuint (e->n_shared, ==, 7);
  g_assert_cmpuint (e->shared->len, ==, 7);
  assert_feature (e->shared, 0, "lamp", 5, 4);
  assert_feature (e->shared, 1, "broken", 2, 3);
  assert_feature (e->shared, 2, "the", 3, 2);
  assert_feature (e->shared, 3, "user\x1f" "u1", 2, 2);
  assert_feature (e->shared, 4, "fix", 1, 1);
  assert_feature (e->shared, 5, "is", 2, 1);
  assert_feature (e->shared, 6, "please", 1, 1);
  g_assert_cmpfloat (pr_explain_feature_shared_weight (e->shared->pdata[0]), ==, 4);
  /* A short field's feature names its column and shows its value. */
  g_assert_cmpint (((PrExplainFeature *) e->shared->pdata[3])->column, ==, 1);
  g_assert_cmpstr (((PrExplainFeature *) e->shared->pdata[3])->text, ==, "u1");
  g_assert_cmpint (((PrExplainFeature *) e->shared->pdata[0])->column, ==, -1);
  g_assert_cmpstr (((PrExplainFeature *) e->shared->pdata[0])->text, ==, "lamp");

  /* Only in one. */
  g_assert_cmpuint (e->n_only_a, ==, 3);
  assert_feature (e->only_a, 0, "area\x1f" "north", 3, 0);
  assert_feature (e->only_a, 1, "phone\x1f" "13800001111", 2, 0);
  assert_feature (e->only_a, 2, "again", 1, 0);
  g_assert_cmpuint (e->n_only_b, ==, 4);
  assert_feature (e->only_b, 0, "phone\x1f" "13900002222", 0, 2);
  assert_feature (e->only_b, 1, "road", 0, 1);
  assert_feature (e->only_b, 2, "this", 0, 1);
  assert_feature (e->only_b, 3, "too", 0, 1);

  /* Parts. */
  g_assert_cmpuint (e->n_parts_a, ==, 3);
  g_assert_cmpuint (e->n_parts_b, ==, 2);
  g_assert_cmpuint (e->part_words_a, ==, 13);
  g_assert_cmpuint (e->part_words_b, ==, 8);
  g_assert_cmpuint (e->part_words_shared, ==, 4);
  g_assert_cmpfloat (e->containment, ==, 0.5);

  /* The short fields, in mapping order. */
  g_assert_cmpuint (e->fields->len, ==, 3);
  field = &g_array_index (e->fields, PrExplainField, 0);
  g_assert_cmpstr (field->name, ==, "user");
  g_assert_cmpuint (field->column, ==, 1);
  g_assert_cmpint (field->state, ==, PR_EXPLAIN_FIELD_SAME);
  g_assert_cmpstr (field->value_a, ==, "u1");
  g_assert_cmpstr (field->value_b, ==, "u1");
  field = &g_array_index (e->fields, PrExplainField, 1);
  g_assert_cmpstr (field->name, ==, "phone");
  g_assert_cmpint (field->state, ==, PR_EXPLAIN_FIELD_DIFFERENT);
  g_assert_cmpstr (field->value_a, ==, "13800001111");
  g_assert_cmpstr (field->value_b, ==, "13900002222");
  field = &g_array_index (e->fields, PrExplainField, 2);
  g_assert_cmpstr (field->name, ==, "area");
  g_assert_cmpint (field->state, ==, PR_EXPLAIN_FIELD_EMPTY);
  g_assert_cmpstr (field->value_a, ==, "north");
  g_assert_null (field->value_b);
}

/* Each list is capped; the counts say how many there were. */
static void
test_capped (void)
{
  g_autoptr(PrExplain) e = explain (record_a, record_b, 3);

  g_assert_cmpuint (e->n_shared, ==, 7);
  g_assert_cmpuint (e->shared->len, ==, 3);
  assert_feature (e->shared, 2, "the", 3, 2);
  g_assert_cmpuint (e->n_only_a, ==, 3);
  g_assert_cmpuint (e->only_a->len, ==, 3);
  g_assert_cmpuint (e->n_only_b, ==, 4);
  g_assert_cmpuint (e->only_b->len, ==, 3);
  assert_feature (e->only_b, 2, "this", 0, 1);
  /* The records' own lists are whole. */
  g_assert_cmpuint (e->features_a->len, ==, 10);
  g_assert_cmpuint (e->features_b->len, ==, 11);
}

/* A record against itself: nothing apart, everything shared. */
static void
test_same_record (void)
{
  g_autoptr(PrExplain) e = explain (record_a, record_a, 0);

  g_assert_cmpuint (e->distance, ==, 0);
  g_assert_cmpfloat (pr_explain_get_similarity (e), ==, 1.0);
  g_assert_cmpfloat (e->containment, ==, 1.0);
  g_assert_cmpuint (e->part_words_shared, ==, 13);
  g_assert_cmpuint (e->n_shared, ==, 10);
  g_assert_cmpuint (e->n_only_a, ==, 0);
  g_assert_cmpuint (e->n_only_b, ==, 0);
  g_assert_cmpfloat (e->weight_shared, ==, 22);
  for (guint i = 0; i < e->fields->len; i++)
    g_assert_cmpint (g_array_index (e->fields, PrExplainField, i).state, ==, PR_EXPLAIN_FIELD_SAME);
}

/* Empty records: no features, no parts, sparse, nothing agrees. */
static void
test_empty (void)
{
  const char *const empty[] = { "3", NULL, "", " ", NULL, "", NULL };
  g_autoptr(PrExplain) e = explain (empty, record_b, 0);

  g_assert_true (e->sparse_a);
  g_assert_false (e->sparse_b);
  g_assert_cmpuint (e->features_a->len, ==, 0);
  g_assert_cmpuint (e->n_shared, ==, 0);
  g_assert_cmpuint (e->n_only_b, ==, 11);
  g_assert_cmpuint (e->n_parts_a, ==, 0);
  g_assert_cmpfloat (e->containment, ==, 0);
  g_assert_cmpuint (e->part_words_shared, ==, 0);
  for (guint i = 0; i < e->fields->len; i++)
    {
      g_assert_cmpint (g_array_index (e->fields, PrExplainField, i).state, ==, PR_EXPLAIN_FIELD_EMPTY);
      g_assert_null (g_array_index (e->fields, PrExplainField, i).value_a);
    }
}

/* A short field at weight 0 has no say in the fingerprint, so it is not a
 * feature; whether it agrees is still shown. */
static void
test_weightless_short (void)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrExplain) e = NULL;
  const char *const a[] = { "Li", "the lamp is broken" };
  const char *const b[] = { "LI", "the lamp is broken" };

  g_assert_true (pr_mapping_add (mapping, "name", PR_COLUMN_ROLE_SHORT, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  e = pr_explain_pair (mapping, 0, 3, a, NULL, b, NULL, 0, NULL);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->features->len, ==, 4);
  g_assert_cmpuint (e->fields->len, ==, 1);
  g_assert_cmpint (g_array_index (e->fields, PrExplainField, 0).state, ==, PR_EXPLAIN_FIELD_SAME);
}

static void
test_invalid_utf8 (void)
{
  g_autoptr(PrMapping) mapping = tiny_mapping ();
  const char *const bad[] = { "2", "u1", NULL, NULL, NULL, "路灯坏了\xff三个月", NULL };
  gsize lengths[G_N_ELEMENTS (bad)] = { 1, 2, 0, 0, 0, strlen (bad[5]), 0 };
  g_autoptr(GError) error = NULL;
  PrExplain *e;

  e = pr_explain_pair (mapping, 0, 3, record_a, NULL, bad, lengths, 0, &error);
  g_assert_null (e);
  g_assert_error (error, PR_TOKENIZER_ERROR, PR_TOKENIZER_ERROR_INVALID_UTF8);
  g_assert_cmpstr (error->message, ==, "the second record, column “body”: invalid UTF-8 at byte 12");
  g_clear_error (&error);

  e = pr_explain_pair (mapping, 0, 3, bad, lengths, record_b, NULL, 0, &error);
  g_assert_null (e);
  g_assert_true (g_str_has_prefix (error->message, "the first record, "));
}

/* The explanation counts a pair's parts as a scan of its table does: on
 * the bundled sample (subject and body; its first 1,000 records under
 * valgrind), with the matcher's boilerplate,
 * the pairs it says match on parts are exactly the matcher's, at the same
 * containment — for every pair the matcher found, and for pairs that
 * share a part it counts but were not found. */
static void
test_agrees_with_scan (void)
{
  g_autofree char *path = pr_test_sample_path (1000);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (PrPart));
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GByteArray) sparse = g_byte_array_new ();
  g_autoptr(GArray) boilerplate = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GHashTable) records_of_part = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                                 (GDestroyNotify) g_array_unref);
  g_autoptr(GHashTable) checked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  PrPartMatchOptions options = PR_PART_MATCH_OPTIONS_DEFAULT;
  PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
  guint n_found = 0, n_not_found = 0;
  int subject, body;
  PrPartTable table;
  GHashTableIter iter;
  gpointer value;

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  subject = pr_csv_reader_find_field (reader, "subject");
  body = pr_csv_reader_find_field (reader, "body");
  g_assert_cmpint (subject, >=, 0);
  g_assert_cmpint (body, >=, 0);
  g_assert_true (pr_mapping_add (mapping, "subject", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, &error);
  g_assert_no_error (error);
  pr_fingerprinter_set_parts (fingerprinter, TRUE);

  while (pr_csv_reader_next (reader, NULL, &error))
    {
      char **values = g_new0 (char *, 3);
      PrFingerprint fp = { 0 };
      guint64 offset = parts->len;
      guint32 count;
      guint8 is_sparse;

      values[0] = g_strdup (pr_csv_reader_get_field (reader, subject, NULL));
      values[1] = g_strdup (pr_csv_reader_get_field (reader, body, NULL));
      g_assert_true (pr_fingerprinter_compute (fingerprinter, (const char *const *) values, NULL, &fp, &error));
      g_array_append_vals (parts, fp.parts, fp.n_parts);
      count = fp.n_parts;
      is_sparse = fp.sparse;
      g_array_append_val (offsets, offset);
      g_array_append_val (counts, count);
      g_byte_array_append (sparse, &is_sparse, 1);
      for (guint i = 0; i < fp.n_parts; i++)
        {
          guint64 hash = fp.parts[i].hash;
          GArray *list = g_hash_table_lookup (records_of_part, &hash);
          guint32 r = records->len;

          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (guint32));
              g_hash_table_insert (records_of_part, g_memdup2 (&hash, sizeof hash), list);
            }
          if (!is_sparse && (list->len == 0 || g_array_index (list, guint32, list->len - 1) != r))
            g_array_append_val (list, r);
        }
      g_free (fp.parts);
      g_ptr_array_add (records, values);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, pr_test_size (3000, 1000));

  table = (PrPartTable) { records->len, (guint64 *) (gpointer) offsets->data, (guint32 *) (gpointer) counts->data,
                          (PrPart *) (gpointer) parts->data };
  g_assert_true (pr_part_table_find_pairs_full (&table, sparse->data, &options, pr_test_found_pair, &found, boilerplate,
                                                NULL, NULL));
  g_assert_cmpuint (boilerplate->len, >, 0);

  /* Every pair that shares a part that is not boilerplate, once. */
  g_hash_table_iter_init (&iter, records_of_part);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GArray *list = value;

      if (list->len > options.max_records_per_part)
        continue;
      for (guint i = 0; i < list->len; i++)
        for (guint j = i + 1; j < list->len; j++)
          {
            guint32 a = g_array_index (list, guint32, i), b = g_array_index (list, guint32, j);
            guint64 key = ((guint64) a << 32) | b;
            g_autoptr(PrExplain) e = NULL;
            gboolean matches;

            if (!g_hash_table_add (checked, g_memdup2 (&key, sizeof key)))
              continue;
            /* Every pair found; of the others (some 35,000), every 50th. */
            if (!g_hash_table_contains (found.found, &key) && g_hash_table_size (checked) % 50 != 0)
              continue;
            e = pr_explain_pair_full (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, NULL, boilerplate,
                                      (const char *const *) records->pdata[a], NULL,
                                      (const char *const *) records->pdata[b], NULL, 1, &error);
            g_assert_no_error (error);
            matches = pr_part_match_accepts (&options, e->part_words_shared, e->part_words_a, e->part_words_b,
                                             e->part_words_all_a, e->part_words_all_b, FALSE);
            g_assert_cmpint (matches, ==, g_hash_table_contains (found.found, &key));
            if (matches)
              {
                g_assert_cmpuint (pr_test_containment_key (e->containment), ==,
                                  GPOINTER_TO_UINT (g_hash_table_lookup (found.found, &key)));
                n_found++;
              }
            else
              n_not_found++;
          }
    }
  g_assert_cmpuint (n_found, ==, g_hash_table_size (found.found));
  g_assert_cmpuint (n_found, >, 100);
  g_assert_cmpuint (n_not_found, >, 100);
  g_test_message ("%u pairs found, %u more that share a part not found", n_found, n_not_found);
  g_hash_table_unref (found.found);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/explain/hand-counted", test_hand_counted);
  g_test_add_func ("/engine/explain/capped", test_capped);
  g_test_add_func ("/engine/explain/same-record", test_same_record);
  g_test_add_func ("/engine/explain/empty", test_empty);
  g_test_add_func ("/engine/explain/weightless-short", test_weightless_short);
  g_test_add_func ("/engine/explain/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/engine/explain/agrees-with-scan", test_agrees_with_scan);

  return g_test_run ();
}
