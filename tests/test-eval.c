/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The evaluation guard, on the real evaluation data beside the checkout
 * ($PR_SHARED_DATA, never shipped; each test skips, saying so, where it is
 * absent):
 *
 * - on the labelled petitions, the settings of eval-floors.h must keep
 *   pairwise precision and recall, and cluster precision, at k = 3 at or
 *   above their floors;
 * - on the record-linkage sets, eval's reading of their ground truth
 *   (groups, gold pairs) must come to the number of true pairs their
 *   PROVENANCE.md states.
 */
#include "config.h"

#include <string.h>

#include "eval-floors.h"
#include "pr-csv-reader.h"
#include "pr-test-util.h"

/* A folder of the evaluation data, or NULL (the test skipped) if absent. */
static char *
shared_data (const char *name,
             const char *file)
{
  const char *shared = g_getenv ("PR_SHARED_DATA");
  g_autofree char *dir = g_build_filename (shared != NULL ? shared : "", name, NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);

  if (shared == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *message = g_strdup_printf ("the evaluation data is not here: %s "
                                                  "(../shared/data beside the checkout, or set PR_SHARED_DATA)",
                                                  path);
      g_test_skip (message);
      return NULL;
    }
  return g_steal_pointer (&dir);
}

/* Runs eval with the arguments (NULL-terminated), then @flags; returns its
 * output. */
static char *
run_eval (const char *const *args,
          const char *const *flags)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  g_strv_builder_add (builder, "eval");
  /* The floors are today's method's (the fingerprints and passages alone)
   * unless they are the second stage's. */
  if (flags == NULL || !g_strv_contains ((const char *const *) flags, "--second-stage"))
    g_strv_builder_add (builder, "--no-second-stage");
  g_strv_builder_addv (builder, (const char **) args);
  if (flags != NULL)
    g_strv_builder_addv (builder, (const char **) flags);
  argv = g_strv_builder_end (builder);
  status = pr_test_run_cli (&out, &err, (const char *const *) argv);
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 0);
  return out;
}

/* The number in the output's first line: "N records (…); D dup pairs, …". */
static guint64
dup_pairs (const char *out)
{
  const char *found = strstr (out, " dup pairs");

  g_assert_nonnull (found);
  while (found > out && g_ascii_isdigit (found[-1]))
    found--;
  return g_ascii_strtoull (found, NULL, 10);
}

/* The fields of eval --summary's row @label ("3" for k = 3). */
static char **
summary_row (const char *out,
             const char *label)
{
  g_autofree char *pattern = g_strdup_printf ("^ +%s +[0-9].*$", label);
  g_autoptr(GRegex) row = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *line = NULL;

  g_assert_true (g_regex_match (row, out, 0, &match));
  line = g_match_info_fetch (match, 0);
  return g_regex_split_simple ("\\s+", g_strstrip (line), 0, 0);
}

/* How many rows of the labelled pairs say dup, counted here. */
static guint64
count_dup_labels (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = pr_csv_reader_new_for_path (path, NULL, &error);
  guint64 n = 0;
  int label;

  g_assert_no_error (error);
  g_assert_true (pr_csv_reader_next (reader, NULL, &error));
  label = pr_csv_reader_find_field (reader, "label");
  g_assert_cmpint (label, >=, 0);
  while (pr_csv_reader_next (reader, NULL, &error))
    n += g_str_equal (pr_csv_reader_get_field (reader, label, NULL), "dup");
  g_assert_no_error (error);
  return n;
}

/* The printed figures are the printed counts' (k predicted dup other same
 * held P R F1 | predicted dup other same held P R F1 | …), the dup pairs are
 * @n_true, and the figures are at or above @floor's. */
static void
assert_floor (const char        *out,
              guint64            n_true,
              const PrEvalFloor *floor)
{
  g_auto(GStrv) row = NULL;
  guint64 n_dup, tp, fp, cluster_tp, cluster_fp;
  double precision, recall, cluster_precision;

  n_dup = dup_pairs (out);
  g_assert_cmpuint (n_dup, ==, n_true);
  row = summary_row (out, floor->row != NULL ? floor->row : "3");
  g_assert_cmpuint (g_strv_length (row), >=, 19);
  g_assert_cmpstr (row[9], ==, "|");
  tp = g_ascii_strtoull (row[2], NULL, 10);
  fp = g_ascii_strtoull (row[3], NULL, 10);
  cluster_tp = g_ascii_strtoull (row[11], NULL, 10);
  cluster_fp = g_ascii_strtoull (row[12], NULL, 10);
  precision = g_ascii_strtod (row[6], NULL);
  recall = g_ascii_strtod (row[7], NULL);
  cluster_precision = g_ascii_strtod (row[15], NULL);
  g_assert_cmpfloat_with_epsilon (precision, (double) tp / (tp + fp), 0.0005);
  g_assert_cmpfloat_with_epsilon (recall, (double) tp / n_dup, 0.0005);
  g_assert_cmpfloat_with_epsilon (cluster_precision, (double) cluster_tp / (cluster_tp + cluster_fp), 0.0005);

  g_test_message ("%s at k = 3: precision %.3f (floor %.2f), recall %.3f (floor %.2f), "
                  "cluster precision %.3f (floor %.2f)", floor->name, precision, floor->precision,
                  recall, floor->recall, cluster_precision, floor->cluster_precision);
  g_assert_cmpfloat (precision, >=, floor->precision);
  g_assert_cmpfloat (recall, >=, floor->recall);
  g_assert_cmpfloat (cluster_precision, >=, floor->cluster_precision);
}

static void
test_petitions_floor (gconstpointer data)
{
  const PrEvalFloor *floor = data;
  g_autofree char *dir = shared_data ("petitions-zh", "records.csv");
  g_autofree char *records = NULL, *pairs = NULL, *out = NULL;

  if (dir == NULL)
    return;
  records = g_build_filename (dir, "records.csv", NULL);
  pairs = g_build_filename (dir, "pairs.csv", NULL);
  {
    const char *args[] = { "--records", records, "--pairs", pairs, "--id", "key", "--held-back-column", "body",
                           "--summary", NULL };

    out = run_eval (args, floor->flags);
  }

  assert_floor (out, count_dup_labels (pairs), floor);
}

/* The bundled sample (data/, always here) against its planted repeats:
 * the demo's mapping. */
static void
test_sample_floor (void)
{
  g_autofree char *records = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions.csv", NULL);
  g_autofree char *truth = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions-truth.csv", NULL);
  g_autofree char *out = NULL;
  const char *args[] = { "--records", records, "--pairs", truth, "--pairs-columns", "id_a,id_b", "--id", "id",
                         "--summary", NULL };
  g_autofree char *text = NULL;
  guint64 n_true = 0;

  out = run_eval (args, pr_eval_sample_floor.flags);
  /* Every line of the truth file but its header is a planted pair. */
  g_assert_true (g_file_get_contents (truth, &text, NULL, NULL));
  for (const char *p = strchr (text, '\n'); p != NULL && p[1] != '\0'; p = strchr (p + 1, '\n'))
    n_true++;
  assert_floor (out, n_true, &pr_eval_sample_floor);
}

/* The true pairs of the record-linkage sets, as their PROVENANCE.md counts
 * them: digital_work's 216 groups make 570 pairs; Cora's gold pairs are
 * 64,578, and its cluster_id column (their connected components) makes the
 * same pairs. */
static void
test_record_linkage_truth (void)
{
  g_autofree char *bib = shared_data ("record-linkage/bib_dedupe/digital_work", "records_pre_merged.csv");
  g_autofree char *cora = NULL;
  g_autofree char *out = NULL, *cora_records = NULL, *cora_gold = NULL;
  g_autofree char *bib_records = NULL, *bib_groups = NULL;
  g_autofree char *from_groups = NULL, *from_pairs = NULL;

  if (bib == NULL)
    return;
  cora = shared_data ("record-linkage/cora", "cora.csv");
  if (cora == NULL)
    return;

  bib_records = g_build_filename (bib, "records_pre_merged.csv", NULL);
  bib_groups = g_build_filename (bib, "merged_record_ids.csv", NULL);
  {
    const char *args[] = { "--records", bib_records, "--id", "ID", "--truth-groups-file", bib_groups,
                           "--text", "title", "--summary", NULL };

    out = run_eval (args, NULL);
    g_assert_cmpuint (dup_pairs (out), ==, 570);
  }

  cora_records = g_build_filename (cora, "cora.csv", NULL);
  cora_gold = g_build_filename (cora, "cora_gold_pairs.csv", NULL);
  {
    const char *by_column[] = { "--records", cora_records, "--id", "id", "--truth-groups", "cluster_id",
                                "--text", "title", "--summary", NULL };
    const char *by_pairs[] = { "--records", cora_records, "--id", "id", "--pairs", cora_gold,
                               "--pairs-columns", "id1,id2", "--text", "title", "--summary", NULL };

    from_groups = run_eval (by_column, NULL);
    from_pairs = run_eval (by_pairs, NULL);
    g_assert_cmpuint (dup_pairs (from_groups), ==, 64578);
    g_assert_cmpstr (from_groups, ==, from_pairs);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (pr_eval_floors); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/eval/petitions-floor/%s", pr_eval_floors[i].name);

      g_test_add_data_func (path, &pr_eval_floors[i], test_petitions_floor);
    }
  g_test_add_func ("/cli/eval/record-linkage-truth", test_record_linkage_truth);
  g_test_add_func ("/cli/eval/sample-floor", test_sample_floor);

  return g_test_run ();
}
