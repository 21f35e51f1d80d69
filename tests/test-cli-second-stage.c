/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage through the command line, on the bundled sample: the
 * probability scan writes for a pair is the shipped model's on the
 * features of the two records as this test reads them from the file, and
 * explain's waterfall adds up to it; the set of weights follows the
 * mapping (a subject mapped, or the body alone).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <unicode/uclean.h>

#include "pr-csv-reader.h"
#include "pr-date.h"
#include "pr-pair-model.h"
#include "pr-record-set.h"
#include "pr-test-util.h"

/* Records 5 and 41: an edited repeat planted in the sample, by one petitioner. */
#define ID_A "5"
#define ID_B "41"

static const char *const mapping[] = {
  "--id", "id", "--petitioner", "petitioner", "--text", "subject", "--text", "body", "--date", "submitted_at", NULL
};

static char *
sample_path (void)
{
  return g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
}

/* One sample record as this test reads it from the file. */
typedef struct {
  char   *body;
  char   *subject;
  gint64  date;
  guint64 petitioner;
} Record;

static void
record_free (gpointer data)
{
  Record *record = data;

  g_free (record->body);
  g_free (record->subject);
  g_free (record);
}

/* Every sample record by its id: the subject alone, the body as the body,
 * the date, the petitioner. */
static GHashTable *
read_records (void)
{
  g_autofree char *path = sample_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  GHashTable *records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, record_free);
  int id, subject, body, date, petitioner;

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  id = pr_csv_reader_find_field (reader, "id");
  subject = pr_csv_reader_find_field (reader, "subject");
  body = pr_csv_reader_find_field (reader, "body");
  date = pr_csv_reader_find_field (reader, "submitted_at");
  petitioner = pr_csv_reader_find_field (reader, "petitioner");
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      Record *record = g_new0 (Record, 1);
      const char *who = pr_csv_reader_get_field (reader, petitioner, NULL);
      int offset;

      record->body = g_strdup (pr_csv_reader_get_field (reader, body, NULL));
      record->subject = g_strdup (pr_csv_reader_get_field (reader, subject, NULL));
      if (pr_date_read (pr_csv_reader_get_field (reader, date, NULL), PR_DATE_ORDER_UNSET, &record->date,
                        &offset) != PR_DATE_OK)
        record->date = PR_DATE_NONE;
      /* A masked name (吴某某, 张*) tells nothing of who wrote. */
      record->petitioner = strstr (who, "某") != NULL || strchr (who, '*') != NULL
                             ? 0 : pr_record_set_petitioner_key (who, strlen (who));
      g_hash_table_insert (records, g_strdup (pr_csv_reader_get_field (reader, id, NULL)), record);
    }
  g_assert_no_error (error);
  return records;
}

/* The features of records @a and @b, with their subjects compared or
 * (@with_subject FALSE, a mapping of the body alone) none; the
 * fingerprints' distance is left at 0, for scan to tell. */
static void
pair_features (GHashTable *records,
               const char *a,
               const char *b,
               gboolean    with_subject,
               double     *features)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (PR_TOKENIZER_FOLD_TRADITIONAL, &error);
  const char *ids[2] = { a, b };
  PrPairRecord pair[2] = { { 0 } };

  g_assert_no_error (error);
  for (guint side = 0; side < 2; side++)
    {
      const Record *record = g_hash_table_lookup (records, ids[side]);

      g_assert_nonnull (record);
      /* As the scan reads a record: one whose body is empty, by its subject. */
      pair[side].body = with_subject && record->body[0] == '\0' ? record->subject : record->body;
      pair[side].subject = with_subject ? record->subject : NULL;
      pair[side].date = record->date;
      pair[side].petitioner = record->petitioner;
    }
  g_assert_true (pr_pair_features (tokenizer, &pair[0], &pair[1], features, &error));
  g_assert_no_error (error);
}

/* The shipped model's logit for the two planted records, but the distance. */
static double
expected_probability (void)
{
  g_autoptr(GHashTable) records = read_records ();
  double features[PR_PAIR_N_FEATURES];

  pair_features (records, ID_A, ID_B, TRUE, features);
  return pr_pair_model_logit (&pr_pair_model_default, features);
}

/* @model's probability of a pair, with the fingerprints' @distance (of 64). */
static double
probability_with (const PrPairModel *model,
                  const double      *features,
                  double             distance)
{
  return 1 / (1 + exp (-(pr_pair_model_logit (model, features) +
                         model->weights[PR_PAIR_FEATURE_DISTANCE] * distance / 64.0)));
}

/* The weights a scan judges by follow the mapping: with a subject, the
 * set learned with one; with the body alone, the set learned without.
 * Every pair scan writes has the probability of its mapping's set on the
 * features read here, and some pairs would have another under the other
 * set (so a scan judging by one set for both fails). */
static void
test_scan_weights_kind (gconstpointer data)
{
  gboolean with_subject = GPOINTER_TO_INT (data);
  const PrPairModel *own = with_subject ? &pr_pair_model_default : &pr_pair_model_default_body;
  const PrPairModel *other = with_subject ? &pr_pair_model_default_body : &pr_pair_model_default;
  g_autofree char *path = sample_path ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) records = read_records ();
  g_auto(GStrv) lines = NULL;
  const char *const subject_args[] = { "scan", "--id", "id", "--petitioner", "petitioner", "--text", "subject",
                                       "--text", "body", "--date", "submitted_at", "--pairs", pairs, path, NULL };
  const char *const body_args[] = { "scan", "--id", "id", "--petitioner", "petitioner", "--text", "body",
                                    "--date", "submitted_at", "--pairs", pairs, path, NULL };
  guint n_judged = 0, n_apart = 0;

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, with_subject ? subject_args : body_args), ==, 0);
  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "id_a,id_b,distance,kind,disposition,probability");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      double features[PR_PAIR_N_FEATURES];
      double distance, written;

      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      if (fields[5][0] == '\0')
        continue;
      distance = g_ascii_strtod (fields[2], NULL);
      written = g_ascii_strtod (fields[5], NULL);
      pair_features (records, fields[0], fields[1], with_subject, features);
      g_assert_cmpfloat_with_epsilon (written, probability_with (own, features, distance), 0.0006);
      n_judged++;
      n_apart += fabs (written - probability_with (other, features, distance)) > 0.01;
    }
  g_test_message ("%u pairs judged, %u of them 0.01 or more apart under the other set", n_judged, n_apart);
  g_assert_cmpuint (n_judged, >, 100);
  g_assert_cmpuint (n_apart, >, 0);
  pr_test_remove_tree (dir);
}

static void
test_scan_probability (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *clusters = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) lines = NULL;
  double logit = expected_probability ();
  gboolean found = FALSE;

  g_ptr_array_add (args, (char *) "scan");
  for (guint i = 0; mapping[i] != NULL; i++)
    g_ptr_array_add (args, (char *) mapping[i]);
  /* The default scan judges: no flag. */
  g_ptr_array_add (args, (char *) "--pairs");
  g_ptr_array_add (args, pairs);
  g_ptr_array_add (args, (char *) "--out");
  g_ptr_array_add (args, clusters);
  g_ptr_array_add (args, path);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, (const char *const *) args->pdata), ==, 0);

  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "id_a,id_b,distance,kind,disposition,probability");
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (fields) == 6 && g_str_equal (fields[0], ID_A) && g_str_equal (fields[1], ID_B))
        {
          /* The distance feature is the one part this test does not compute. */
          double distance = g_ascii_strtod (fields[2], NULL) / 64.0;
          double p = 1 / (1 + exp (-(logit + pr_pair_model_default.weights[PR_PAIR_FEATURE_DISTANCE] * distance)));

          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields[5], NULL), p, 0.0006);
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (clusters, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"));
  pr_test_remove_tree (dir);
}

/* The waterfall: each part moves the score, the probability after each
 * is the logistic of the sum so far, and the last is the verdict's. */
static void
test_explain_waterfall (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *out = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) lines = NULL;
  double logit = pr_pair_model_default.bias;
  guint parts = 0;
  gboolean in_waterfall = FALSE;

  g_ptr_array_add (args, (char *) "explain");
  for (guint i = 0; mapping[i] != NULL; i++)
    g_ptr_array_add (args, (char *) mapping[i]);
  g_ptr_array_add (args, path);
  g_ptr_array_add (args, (char *) ID_A);
  g_ptr_array_add (args, (char *) ID_B);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (pr_test_run_cli (&out, NULL, (const char *const *) args->pdata), ==, 0);
  g_test_message ("%s", out);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      double part, after;
      char *end;


      if (strstr (lines[i], "How likely a repeat") != NULL)
        in_waterfall = TRUE;
      if (!in_waterfall)
        continue;
      const char *start = lines[i] + strspn (lines[i], " ");

      /* A part is signed: "   +2.38        0.323  words". */
      if (*start != '+' && *start != '-')
        continue;
      part = g_ascii_strtod (start, &end);
      after = g_ascii_strtod (end, NULL);
      logit += part;
      parts++;
      g_assert_cmpfloat_with_epsilon (after, 1 / (1 + exp (-logit)), 0.003 * parts);
    }
  /* Text, subject, date, petitioner and distance all weigh here. */
  g_assert_cmpuint (parts, >=, 6);
  g_assert_nonnull (strstr (out, "days apart"));
  g_assert_nonnull (strstr (out, "the same petitioner"));
  g_assert_nonnull (strstr (out, "judged a repeat"));
}

/* --no-second-stage: the pairs within k and the passages, none judged
 * (no probability); --second-stage is still taken, and both at once are
 * refused. */
static void
test_scan_without (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *judged = g_build_filename (dir, "judged.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autofree char *judged_text = NULL;
  g_auto(GStrv) lines = NULL;
  const char *const without[] = { "scan", "--no-second-stage", "--id", "id", "--text", "body", "--pairs", pairs,
                                  path, NULL };
  const char *const with[] = { "scan", "--second-stage", "--id", "id", "--text", "body", "--pairs", judged, path, NULL };
  const char *const both[] = { "scan", "--second-stage", "--no-second-stage", "--id", "id", "--text", "body", path,
                               NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, without), ==, 0);
  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >, 2);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    g_assert_true (g_str_has_suffix (lines[i], ","));
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, with), ==, 0);
  g_assert_true (g_file_get_contents (judged, &judged_text, NULL, NULL));
  g_assert_cmpstr (judged_text, !=, text);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, both), ==, 2);
  g_assert_nonnull (strstr (err, "--second-stage and --no-second-stage contradict each other"));
  pr_test_remove_tree (dir);
}

/* --pairs leaves blank only the probability of a pair that cannot reach
 * --probability whatever its word difference: each blank pair is below
 * it by the shipped model on the features read here (every pair judged
 * in full, one at a time), each written one is that model's, and the
 * clusters are the bytes of a scan without --pairs. */
static void
test_scan_pairs_blank_below (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *with_pairs = g_build_filename (dir, "with-pairs.csv", NULL);
  g_autofree char *without_pairs = g_build_filename (dir, "without-pairs.csv", NULL);
  g_autofree char *text = NULL, *clusters = NULL, *clusters_alone = NULL;
  g_autoptr(GHashTable) records = read_records ();
  g_auto(GStrv) lines = NULL;
  const char *const with[] = { "scan", "--id", "id", "--petitioner", "petitioner", "--text", "subject",
                               "--text", "body", "--date", "submitted_at", "--probability", "0.3",
                               "--pairs", pairs, "--out", with_pairs, path, NULL };
  const char *const alone[] = { "scan", "--id", "id", "--petitioner", "petitioner", "--text", "subject",
                                "--text", "body", "--date", "submitted_at", "--probability", "0.3",
                                "--out", without_pairs, path, NULL };
  guint n_blank = 0, n_written = 0;

  g_assert_cmpint (pr_test_run_cli (NULL, NULL, with), ==, 0);
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, alone), ==, 0);
  g_assert_true (g_file_get_contents (with_pairs, &clusters, NULL, NULL));
  g_assert_true (g_file_get_contents (without_pairs, &clusters_alone, NULL, NULL));
  g_assert_cmpstr (clusters, ==, clusters_alone);

  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "id_a,id_b,distance,kind,disposition,probability");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      double features[PR_PAIR_N_FEATURES], oracle;

      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      if (g_str_equal (fields[3], "same-person"))
        continue;
      pair_features (records, fields[0], fields[1], TRUE, features);
      oracle = probability_with (&pr_pair_model_default, features, g_ascii_strtod (fields[2], NULL));
      if (fields[5][0] == '\0')
        {
          g_assert_cmpfloat (oracle, <, 0.3);
          n_blank++;
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields[5], NULL), oracle, 0.0006);
          n_written++;
        }
    }
  g_test_message ("%u pairs written, %u left blank", n_written, n_blank);
  /* The bound proves some of the sample's candidates below 0.3. */
  g_assert_cmpuint (n_blank, >, 0);
  g_assert_cmpuint (n_written, >, 100);
  pr_test_remove_tree (dir);
}

/* Two short letters about one building site, reworded: they share no
 * passage and their fingerprints are 22 bits apart, but 19 of the
 * smaller one's 34 character 3-grams (0.56, counted by hand) are the
 * other's, so the second stage judges them. The other two letters share
 * nothing and are no candidate. */
static const char short_records[] =
  "id,user,subject,body,time\n"
  "1,u1,夜间施工噪音,金星小区夜间施工噪音太大，晚上十二点还在打桩，居民无法休息，请领导尽快调查处理,2024-03-01\n"
  "2,u2,金星小区工地扰民,金星小区夜里施工噪音太大，半夜十二点还在打桩，居民都无法休息，望尽快处理,2024-03-03\n"
  "3,u3,路灯不亮,银湖花园东门外的路灯已经坏了一个多月，晚上出行很不方便，老人小孩容易摔倒，希望修复,2024-03-05\n"
  "4,u4,垃圾站臭气,东塘街道垃圾中转站臭气熏天，夏天更严重，附近居民窗户都不敢开，请相关部门处理,2024-03-07\n";

static void
test_short_reworded (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *records = g_build_filename (dir, "short.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  const char *const scan[] = { "scan", "--id", "id", "--petitioner", "user", "--text", "subject", "--text", "body",
                               "--date", "time", "--pairs", pairs, records, NULL };

  g_assert_true (g_file_set_contents (records, short_records, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, scan), ==, 0);
  g_assert_true (g_file_get_contents (pairs, &text, NULL, NULL));
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_true (g_str_has_prefix (lines[1], "1,2,"));
  g_assert_cmpstr (lines[2], ==, "");
  pr_test_remove_tree (dir);
}

/* explain shows the short texts' share for the reworded pair above.
 * Body 2 (36 characters, 34 distinct 3-grams) is the shorter; it shares
 * with body 1 the runs 金星小区夜 (3 3-grams), 施工噪音太大， (5),
 * 十二点还在打桩，居民 (8) and 无法休息， (3): 19 of 34, 0.56, each in two
 * bodies of the four, well under the cap. Letters 1 and 3 share no such
 * run and get no such line. */
static void
test_explain_short (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *records = g_build_filename (dir, "short.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *other = NULL;
  g_autofree char *expected = g_strdup_printf ("Short texts:      0.56 of the shorter body's 3-grams shared, counting "
                                               "those in at most 30 bodies: the second stage judges them (from 0.50)\n");
  const char *const explain[] = { "explain", "--id", "id", "--petitioner", "user", "--text", "subject", "--text",
                                  "body", "--date", "time", records, "1", "2", NULL };
  const char *const explain_other[] = { "explain", "--id", "id", "--petitioner", "user", "--text", "subject",
                                        "--text", "body", "--date", "time", records, "1", "3", NULL };

  g_assert_true (g_file_set_contents (records, short_records, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, NULL, explain), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, expected));
  g_assert_cmpint (pr_test_run_cli (&other, NULL, explain_other), ==, 0);
  g_assert_null (strstr (other, "Short texts:"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/second-stage/scan-probability", test_scan_probability);
  g_test_add_func ("/cli/second-stage/explain-waterfall", test_explain_waterfall);
  g_test_add_func ("/cli/second-stage/scan-without", test_scan_without);
  g_test_add_func ("/cli/second-stage/pairs-blank-below", test_scan_pairs_blank_below);
  g_test_add_func ("/cli/second-stage/short-reworded", test_short_reworded);
  g_test_add_func ("/cli/second-stage/explain-short", test_explain_short);
  g_test_add_data_func ("/cli/second-stage/weights-kind/subject", GINT_TO_POINTER (TRUE), test_scan_weights_kind);
  g_test_add_data_func ("/cli/second-stage/weights-kind/body", GINT_TO_POINTER (FALSE), test_scan_weights_kind);
  result = g_test_run ();
  u_cleanup ();
  return result;
}
