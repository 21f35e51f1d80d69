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
#include "pr-test-petitions.h"
#include "pr-test-server.h"
#include "pr-test-sample.h"
#include "pr-test-util.h"

static PrTestSample *sample;

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

/* The probability column of the pair @a, @b in a scan's --pairs file; −1
 * if absent or blank (not judged: below the scan's threshold). */
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
        return fields[5][0] != '\0' ? g_ascii_strtod (fields[5], NULL) : -1;
    }
  return -1;
}

/* Runs learn on the sample's petitions into the store @store, with the
 * subject mapped or the body alone; returns its exit status. */
static int
learn_with (const char  *store,
            gboolean     with_subject,
            char       **out,
            char       **err)
{
  const char *const subject_args[] = {
    "learn", "--db", sample->uri, "--table", "petitions", "--id", "id", "--petitioner", "petitioner", "--id-card",
    "id_card", "--phone", "contact_phone", "--text", "subject", "--text", "body", "--date", "submitted_at",
    "--store", store, NULL
  };
  const char *const body_args[] = {
    "learn", "--db", sample->uri, "--table", "petitions", "--id", "id", "--petitioner", "petitioner", "--id-card",
    "id_card", "--phone", "contact_phone", "--text", "body", "--date", "submitted_at", "--store", store, NULL
  };

  return pr_test_run_cli (out, err, with_subject ? subject_args : body_args);
}

/* Adds the "repeat" verdicts of the planted repeats from the @from th
 * to before the @to th, and with @others, "not a repeat" for the planted
 * hot issues. */
static void
add_verdicts (PrStore  *store,
              guint     from,
              guint     to,
              gboolean  others)
{
  const char *same_kinds[] = { "exact", "edit", NULL };
  const char *other_kinds[] = { "hot-issue", NULL };
  g_autoptr(GPtrArray) repeats = truth_pairs (same_kinds, 20);
  g_autoptr(GPtrArray) hot = truth_pairs (other_kinds, 20);

  for (guint i = from; i < MIN (to, repeats->len); i++)
    pr_test_add_decision (store, "petitions", ((char **) repeats->pdata[i])[1], ((char **) repeats->pdata[i])[0],
                          PR_VERDICT_REPEAT);
  for (guint i = 0; others && i < hot->len; i++)
    pr_test_add_decision (store, "petitions", ((char **) hot->pdata[i])[1], ((char **) hot->pdata[i])[0],
                          PR_VERDICT_NOT_REPEAT);
}

static void
test_learn (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *other_kinds[] = { "hot-issue", NULL };
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
  add_verdicts (store, 0, 3, FALSE);
  g_assert_cmpint (learn_with ("prlearn", TRUE, NULL, &err), !=, 0);
  g_assert_nonnull (strstr (err, "at least 5 of each"));
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_SUBJECT, &model, &found, &error));
  g_assert_false (found);

  add_verdicts (store, 3, G_MAXUINT, TRUE);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (learn_with ("prlearn", TRUE, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "the shipped weights"));
  g_assert_nonnull (strstr (out, "Kept the weights learned here"));
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_SUBJECT, &model, &found, &error));
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

      if (shipped < 0)
        continue;
      g_test_message ("%s %s: shipped %g, learned %g", pair[0], pair[1], shipped, learned);
      judged++;
      /* Blank (−1): proved below 0.5 without the word diff. */
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

/* Weights learned with a subject mapped and with the body alone are kept
 * side by side, each read back by its own kind, unchanged by learning the
 * other; weights kept without a kind are refused for both, not guessed. */
static void
test_kinds (void)
{
  g_autoptr(PrConnection) db = pr_test_sample_connect (sample);
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *subject_text = NULL, *body_text = NULL, *again_text = NULL;
  PrPairModel subject = { 0 }, body = { 0 }, again = { 0 }, untouched = { .bias = 42 };
  gboolean found = FALSE;

  pr_test_execute (db, "CREATE DATABASE prkinds");
  store = pr_store_open (db, "prkinds", &error);
  g_assert_no_error (error);
  add_verdicts (store, 0, G_MAXUINT, TRUE);

  /* With a subject: kept for that kind only. */
  {
    g_autofree char *out = NULL;

    g_assert_cmpint (learn_with ("prkinds", TRUE, &out, NULL), ==, 0);
    g_test_message ("%s", out);
    g_assert_nonnull (strstr (out, "Kept the weights learned here"));
    g_assert_nonnull (strstr (out, "with a subject (two text columns or more)"));
  }
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_SUBJECT, &subject, &found, &error));
  g_assert_no_error (error);
  g_assert_true (found);
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_BODY, &untouched, &found, &error));
  g_assert_no_error (error);
  g_assert_false (found);
  g_assert_cmpfloat (untouched.bias, ==, 42);

  /* With the body alone: its own, and the subject's stay as they were. */
  {
    g_autofree char *out = NULL;

    g_assert_cmpint (learn_with ("prkinds", FALSE, &out, NULL), ==, 0);
    g_test_message ("%s", out);
    g_assert_nonnull (strstr (out, "with the body alone (one text column)"));
  }
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_BODY, &body, &found, &error));
  g_assert_no_error (error);
  g_assert_true (found);
  g_assert_true (pr_store_load_weights (store, "petitions", PR_PAIR_MODEL_KIND_SUBJECT, &again, &found, &error));
  g_assert_no_error (error);
  g_assert_true (found);
  subject_text = pr_pair_model_to_string (&subject);
  body_text = pr_pair_model_to_string (&body);
  again_text = pr_pair_model_to_string (&again);
  g_assert_cmpstr (again_text, ==, subject_text);
  g_assert_cmpstr (body_text, !=, subject_text);
  /* Learned without a subject, no weight on one; no_subject, 1 on every
   * pair, is in the bias. */
  g_assert_cmpfloat (body.weights[PR_PAIR_FEATURE_SUBJECT], ==, 0);
  g_assert_cmpfloat (body.weights[PR_PAIR_FEATURE_NO_SUBJECT], ==, 0);
  g_assert_cmpfloat (subject.weights[PR_PAIR_FEATURE_SUBJECT], !=, 0);

  /* A row as kept before weights had a kind (the numbers right after the
   * table): which mapping it was learned for is not known. */
  pr_test_execute (db, "DELETE FROM prkinds.pr_meta WHERE name LIKE 'weights:%' AND value LIKE '%\x1f" "body\x1f%'");
  {
    g_autofree char *sql = g_strdup_printf ("UPDATE prkinds.pr_meta SET value = 'petitions\x1fpetitions\x1f%s' "
                                            "WHERE name LIKE 'weights:%%'", subject_text);

    pr_test_execute (db, sql);
  }
  for (PrPairModelKind kind = PR_PAIR_MODEL_KIND_SUBJECT; kind <= PR_PAIR_MODEL_KIND_BODY; kind++)
    {
      g_assert_false (pr_store_load_weights (store, "petitions", kind, &untouched, &found, &error));
      g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
      g_assert_nonnull (strstr (error->message, "do not say which mapping they were learned for"));
      g_assert_false (found);
      g_clear_error (&error);
    }
  /* "The shipped weights", kept so before weights had a kind, is the
   * shipped set of either kind. */
  pr_test_execute (db, "UPDATE prkinds.pr_meta SET value = 'petitions\x1fpetitions\x1fshipped' "
                       "WHERE name LIKE 'weights:%'");
  for (PrPairModelKind kind = PR_PAIR_MODEL_KIND_SUBJECT; kind <= PR_PAIR_MODEL_KIND_BODY; kind++)
    {
      g_assert_true (pr_store_load_weights (store, "petitions", kind, &untouched, &found, &error));
      g_assert_no_error (error);
      g_assert_false (found);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  sample = pr_test_sample_start ();

  g_test_add_func ("/cli/learn/verdicts", test_learn);
  g_test_add_func ("/cli/learn/kinds", test_kinds);

  status = g_test_run ();

  pr_test_sample_stop (sample);
  return status;
}
