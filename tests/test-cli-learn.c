/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * learn against a real server: the office's verdicts in the store teach
 * the second stage. The sample petitions are loaded into a throwaway
 * server; the verdicts follow a rule the shipped weights do not know —
 * the same text from another petitioner (the sample's planted hot-issue
 * pairs) is not a repeat, from the same petitioner (its exact copies and
 * edits) it is — so weights learned from them judge those verdicts better,
 * and a scan with the store then judges by them.
 */
#include "config.h"

#include <string.h>

#include "pr-pair-model.h"
#include "pr-store.h"
#include "pr-test-server.h"
#include "pr-test-sample.h"
#include "pr-test-util.h"

static PrTestSample *sample;

static void
add_decision (PrStore    *store,
              const char *record_id,
              const char *primary_id,
              PrVerdict   verdict)
{
  PrDecision decision = { 0 };
  g_autoptr(GError) error = NULL;

  decision.table = (char *) "petitions";
  decision.record_id = (char *) record_id;
  decision.primary_id = (char *) primary_id;
  decision.verdict = verdict;
  decision.reviewer = (char *) "test";
  g_assert_cmpint (pr_store_add_decision (store, &decision, &error), >, 0);
  g_assert_no_error (error);
}

/* The planted pairs of @kinds (data/sample-petitions-truth.csv), at most @max. */
static GPtrArray *
truth_pairs (const char *const *kinds,
             guint              max)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "data", "sample-petitions-truth.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 1; lines[i] != NULL && pairs->len < max; i++)
    {
      g_auto(GStrv) fields = g_strsplit (g_strstrip (lines[i]), ",", 3);

      if (g_strv_length (fields) == 3 && g_strv_contains (kinds, fields[2]))
        g_ptr_array_add (pairs, g_steal_pointer (&fields));
    }
  return pairs;
}

/* The probability column of the pair @a, @b in a scan's --pairs file; −1 if absent. */
static double
probability_of (const char *path,
                const char *a,
                const char *b)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "id_a,id_b,distance,kind,disposition,probability");
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 6);

      if (g_strv_length (fields) == 6 &&
          ((g_str_equal (fields[0], a) && g_str_equal (fields[1], b)) ||
           (g_str_equal (fields[0], b) && g_str_equal (fields[1], a))))
        return g_ascii_strtod (fields[5], NULL);
    }
  return -1;
}

static void
test_learn (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *same_kinds[] = { "exact", "edit", NULL };
  const char *other_kinds[] = { "hot-issue", NULL };
  g_autoptr(GPtrArray) repeats = truth_pairs (same_kinds, 20);
  g_autoptr(GPtrArray) others = truth_pairs (other_kinds, 20);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *shipped_pairs = g_build_filename (sample->dir, "shipped.csv", NULL);
  g_autofree char *learned_pairs = g_build_filename (sample->dir, "learned.csv", NULL);
  g_autofree char *stored = NULL;
  PrPairModel model = { 0 };
  gboolean found = TRUE;
  /* The sample's petitioner column is masked (王某某), no evidence of who
   * wrote: the ID card and phone columns tell the second stage. */
  const char *const scan_args[] = { "--db", sample->uri, "--table", "petitions", "--id", "id", "--petitioner", "petitioner",
                                    "--id-card", "id_card", "--phone", "contact_phone",
                                    "--text", "subject", "--text", "body", "--date", "submitted_at" };
  guint likely = 0, judged = 0;

  pr_test_execute (db, "CREATE DATABASE prlearn");
  store = pr_store_open (db, "prlearn", &error);
  g_assert_no_error (error);

  /* Too few verdicts: refused, nothing kept. */
  for (guint i = 0; i < 3; i++)
    add_decision (store, ((char **) repeats->pdata[i])[1], ((char **) repeats->pdata[i])[0], PR_VERDICT_REPEAT);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) {
                     "learn", "--db", sample->uri, "--table", "petitions", "--id", "id", "--petitioner", "petitioner",
                     "--id-card", "id_card", "--phone", "contact_phone",
                     "--text", "subject", "--text", "body", "--date", "submitted_at", "--store", "prlearn", NULL }),
                   !=, 0);
  g_assert_nonnull (strstr (err, "at least 5 of each"));
  g_assert_true (pr_store_load_weights (store, "petitions", &model, &found, &error));
  g_assert_false (found);

  for (guint i = 3; i < repeats->len; i++)
    add_decision (store, ((char **) repeats->pdata[i])[1], ((char **) repeats->pdata[i])[0], PR_VERDICT_REPEAT);
  for (guint i = 0; i < others->len; i++)
    add_decision (store, ((char **) others->pdata[i])[1], ((char **) others->pdata[i])[0], PR_VERDICT_NOT_REPEAT);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) {
                     "learn", "--db", sample->uri, "--table", "petitions", "--id", "id", "--petitioner", "petitioner",
                     "--id-card", "id_card", "--phone", "contact_phone",
                     "--text", "subject", "--text", "body", "--date", "submitted_at", "--store", "prlearn", NULL }),
                   ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "the shipped weights"));
  g_assert_nonnull (strstr (out, "Kept the weights learned here"));
  g_assert_true (pr_store_load_weights (store, "petitions", &model, &found, &error));
  g_assert_no_error (error);
  g_assert_true (found);
  /* The rule it learned: the same petitioner weighs for a repeat. */
  g_assert_cmpfloat (model.weights[PR_PAIR_FEATURE_SAME_PETITIONER], >, 0);
  stored = pr_test_query_value (db, "SELECT value FROM prlearn.pr_meta WHERE name LIKE 'weights:%'");
  g_assert_true (g_str_has_prefix (stored, "petitions\x1fpetitions\x1f"));

  /* A scan with the store judges by them: the hot-issue pairs it
   * judges are less likely repeats than under the shipped weights. */
  {
    g_autoptr(GPtrArray) args = g_ptr_array_new ();

    g_ptr_array_add (args, (char *) "scan");
    for (guint i = 0; i < G_N_ELEMENTS (scan_args); i++)
      g_ptr_array_add (args, (char *) scan_args[i]);
    g_ptr_array_add (args, (char *) "--second-stage");
    g_ptr_array_add (args, (char *) "--out");
    g_ptr_array_add (args, (char *) "/dev/null");
    g_ptr_array_add (args, (char *) "--pairs");
    g_ptr_array_add (args, shipped_pairs);
    g_ptr_array_add (args, NULL);
    g_assert_cmpint (pr_test_run_cli (NULL, NULL, (const char *const *) args->pdata), ==, 0);
    args->pdata[args->len - 2] = learned_pairs;
    args->pdata[args->len - 1] = (char *) "--store";
    g_ptr_array_add (args, (char *) "prlearn");
    g_ptr_array_add (args, NULL);
    g_assert_cmpint (pr_test_run_cli (NULL, NULL, (const char *const *) args->pdata), ==, 0);
  }
  /* Every hot-issue pair, which the verdicts call no repeat, is judged
   * no repeat under the learned weights; those the shipped weights
   * called likely repeats are judged less likely. */
  for (guint i = 0; i < others->len; i++)
    {
      char **pair = others->pdata[i];
      double shipped = probability_of (shipped_pairs, pair[0], pair[1]);
      double learned = probability_of (learned_pairs, pair[0], pair[1]);

      if (shipped < 0 || learned < 0)
        continue;
      g_test_message ("%s %s: shipped %g, learned %g", pair[0], pair[1], shipped, learned);
      judged++;
      g_assert_cmpfloat (learned, <, 0.5);
      if (shipped >= 0.5)
        {
          likely++;
          g_assert_cmpfloat (learned, <, shipped);
        }
    }
  g_assert_cmpuint (judged, >, 0);
  g_assert_cmpuint (likely, >, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  sample = pr_test_sample_start ();

  g_test_add_func ("/cli/learn/verdicts", test_learn);

  status = g_test_run ();

  pr_test_sample_stop (sample);
  return status;
}
