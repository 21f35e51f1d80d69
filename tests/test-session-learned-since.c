/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan with a store keeps as not judged the pairs it proved below its
 * threshold; the window judges such a pair when asked for its number.
 * When `learn` has changed the table's weights since, that number would
 * come from other weights than the scan's stored numbers and clusters:
 * the session must say the pair is not judged, and refuse to take apart
 * a score the weights shown did not give. The bundled sample in a real
 * sample server, scanned by the CLI into the store, opened by a PrSession
 * before and after other weights are saved.
 */
#include "config.h"

#include "pr-pair-judge.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-store.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

static PrTestSample *sample;

/* A session that opened the table's last scan from the store. */
static PrSession *
open_last (const PrMapping *mapping)
{
  PrSession *session = pr_test_session_open_last (sample, mapping);

  g_assert_true (pr_session_get_from_store (session));
  g_assert_nonnull (session->stored_scored);
  return session;
}

/* The first stored pair left unjudged whose two records were read. */
static gsize
first_unjudged (PrSession *session)
{
  PrRecordSet *set = session->result->set;

  for (gsize i = 0; i < session->stored_scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (session->stored_scored, PrScoredPair, i);

      if (pair->probability < 0 && set->texts != NULL && set->texts->pdata[pair->a] != NULL &&
          set->texts->pdata[pair->b] != NULL)
        return i;
    }
  g_assert_not_reached ();
}

static void
test_learned_since (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(PrSession) before = NULL, after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL, *id_a = NULL, *id_b = NULL;
  PrPairPart parts[PR_PAIR_N_FEATURES];
  PrPairModel other;
  guint n_parts;
  double bias, number;
  gsize at;
  const PrScoredPair *pair;
  const char *const args[] = {
    "scan", "--db", sample->uri, "--table", PR_SAMPLE_SERVER_TABLE, "--id", "id", "--short", "petitioner",
    "--text", "subject", "--text", "body", "--date", "submitted_at", "--store", PR_SAMPLE_SERVER_DATABASE,
    "--out", "/dev/null", NULL
  };

  if (pr_test_run_cli (NULL, &err, args) != 0)
    g_error ("scan failed: %s", err);

  /* With the weights it was scanned by, an unjudged pair is judged. */
  before = open_last (mapping);
  at = first_unjudged (before);
  pair = &g_array_index (before->stored_scored, PrScoredPair, at);
  id_a = g_strdup (before->result->set->ids->pdata[pair->a]);
  id_b = g_strdup (before->result->set->ids->pdata[pair->b]);
  /* Judged off the main thread: asked for, then there. */
  while ((number = pr_session_get_probability (before, pair->a, pair->b)) == PR_SESSION_JUDGING)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("records %s and %s: %.3f by the scan's weights", id_a, id_b, number);
  g_assert_cmpfloat (number, >=, 0);
  g_assert_cmpfloat (number, <, PR_PAIR_DEFAULT_PROBABILITY);
  g_assert_true (pr_session_explain_pair (before, pair->a, pair->b, parts, &n_parts, &bias, &error));
  g_assert_no_error (error);

  /* Other weights saved for the table, as `learn` keeps them. */
  other = before->model;
  other.bias += 4;
  {
    g_autoptr(PrStore) store = pr_store_open (before->connection, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (pr_store_save_weights (store, PR_SAMPLE_SERVER_TABLE, pr_pair_model_kind_of (mapping), &other,
                                          &error));
    g_assert_no_error (error);
  }

  /* Opened again: the stored numbers are the old weights'; the unjudged
   * pair is not given a number by the new ones. */
  after = open_last (mapping);
  g_assert_cmpfloat (after->model.bias, ==, other.bias);
  for (at = 0; at < after->stored_scored->len; at++)
    {
      pair = &g_array_index (after->stored_scored, PrScoredPair, at);
      if (g_strcmp0 (after->result->set->ids->pdata[pair->a], id_a) == 0 &&
          g_strcmp0 (after->result->set->ids->pdata[pair->b], id_b) == 0)
        break;
    }
  g_assert_cmpuint (at, <, after->stored_scored->len);
  g_assert_cmpfloat (pair->probability, <, 0);
  g_assert_cmpfloat (pr_session_get_probability (after, pair->a, pair->b), <, 0);
  g_assert_false (pr_session_explain_pair (after, pair->a, pair->b, parts, &n_parts, &bias, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/app/session/learned-since-scan", test_learned_since);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
