/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's unjudged pairs are judged off the main thread: asking for
 * a pair's number returns at once, saying it is being judged, the main
 * loop goes on turning, and the number that then comes equals the
 * engine's own judgement of the pair with the weights read from the
 * store. Moving to another case drops the pairs of the one left: a late
 * number of theirs is not delivered. The bundled sample in a real sample
 * server, scanned by the CLI into the store (which leaves the pairs its
 * bound proves below the threshold unjudged), opened by a PrSession.
 */
#include "config.h"

#include <string.h>

#include "pr-pair-judge.h"
#include "pr-scan-options.h"
#include "pr-session.h"
#include "pr-session-judge.h"
#include "pr-session-private.h"
#include "pr-store.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-session.h"
#include "pr-test-util.h"

static PrTestSample *sample;

static PrSession *
open_last (const PrMapping *mapping)
{
  PrSession *session = pr_test_session_open_last (sample, mapping);

  g_assert_nonnull (session->stored_scored);
  return session;
}

static void
scan_into_store (void)
{
  static gboolean scanned;
  g_autofree char *err = NULL;
  const char *const args[] = {
    "scan", "--db", sample->uri, "--table", PR_SAMPLE_SERVER_TABLE, "--id", "id", "--short", "petitioner",
    "--text", "subject", "--text", "body", "--date", "submitted_at", "--store", PR_SAMPLE_SERVER_DATABASE,
    "--out", "/dev/null", NULL
  };

  if (scanned)
    return;
  if (pr_test_run_cli (NULL, &err, args) != 0)
    g_error ("scan failed: %s", err);
  scanned = TRUE;
}

/* The stored pairs left unjudged whose two records were read, longest
 * texts first. */
/* The mapping's columns, for text_length (). */
static guint n_columns;

static gsize
text_length (PrRecordSet *set,
             guint32      record)
{
  char **values = set->texts->pdata[record];
  gsize length = 0;

  for (guint c = 0; c < n_columns; c++)
    length += values[c] != NULL ? strlen (values[c]) : 0;
  return length;
}

static int
longer_first (gconstpointer x,
              gconstpointer y,
              gpointer      user_data)
{
  PrRecordSet *set = user_data;
  const PrScoredPair *p = x, *q = y;
  gsize lp = text_length (set, p->a) + text_length (set, p->b), lq = text_length (set, q->a) + text_length (set, q->b);

  return lp != lq ? (lp < lq ? 1 : -1) : (p->a != q->a ? (p->a < q->a ? -1 : 1) : (p->b < q->b ? -1 : p->b > q->b));
}

static GArray *
unjudged_pairs (PrSession *session)
{
  PrRecordSet *set = session->result->set;
  GArray *unjudged = g_array_new (FALSE, FALSE, sizeof (PrScoredPair));

  g_assert_nonnull (set->texts);
  n_columns = pr_mapping_get_n_columns (session->mapping);
  for (gsize i = 0; i < session->stored_scored->len; i++)
    {
      const PrScoredPair *pair = &g_array_index (session->stored_scored, PrScoredPair, i);

      if (pair->probability < 0 && set->texts->pdata[pair->a] != NULL && set->texts->pdata[pair->b] != NULL)
        g_array_append_val (unjudged, *pair);
    }
  g_array_sort_with_data (unjudged, longer_first, set);
  g_assert_cmpuint (unjudged->len, >=, 2);
  return unjudged;
}

/* The engine's judgement of @pair, with the weights the store keeps for
 * the table, read on a connection of the test's own. */
static double
oracle (PrSession          *session,
        const PrMapping    *mapping,
        const PrScoredPair *pair)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (sample->server);
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  PrScoredPair judged = *pair;
  PrLoadOptions load;
  PrPartMatchOptions parts;
  PrPairModel model;

  g_free (params->database);
  params->database = g_strdup (PR_SAMPLE_SERVER_DATABASE);
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  pr_scan_options_init (&load, &parts);
  g_assert_true (pr_scan_options_second_stage (store, PR_SAMPLE_SERVER_TABLE, mapping, PR_PAIR_DEFAULT_PROBABILITY,
                                               &model, &load, &parts, &error));
  g_assert_no_error (error);
  judged.probability = -1;
  g_assert_true (pr_pair_judge_score (mapping, load.flags, &model, session->result->set, &judged, 1, 1, NULL, &error));
  g_assert_no_error (error);
  return judged.probability;
}

typedef struct {
  guint32 a, b;
  guint   n;
} Heard;

static void
pair_judged (PrSession *session,
             guint      a,
             guint      b,
             gboolean   numbered,
             GArray    *heard)
{
  /* Each pair asked for here was left unjudged by the scan. */
  g_assert_true (numbered);
  g_array_append_vals (heard, &(Heard) { a, b, 0 }, 1);
}

static gboolean
count_turn (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
heard_some (gpointer data)
{
  return ((GArray *) data)->len > 0;
}

/* Asked for, the number is not there and the call returns at once; it
 * comes through the main loop later, and equals the engine's. */
static void
test_off_main_thread (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(PrSession) session = NULL;
  g_autoptr(GArray) unjudged = NULL;
  g_autoptr(GArray) heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  PrClusterItem *item;
  const PrScoredPair *pair;
  guint turns = 0, source;
  double number, truth;

  scan_into_store ();
  session = open_last (mapping);
  unjudged = unjudged_pairs (session);
  pair = &g_array_index (unjudged, PrScoredPair, 0);
  g_test_message ("records %s and %s, %zu and %zu bytes of text",
                  (const char *) session->result->set->ids->pdata[pair->a],
                  (const char *) session->result->set->ids->pdata[pair->b],
                  text_length (session->result->set, pair->a), text_length (session->result->set, pair->b));
  g_signal_connect (session, "pair-judged", G_CALLBACK (pair_judged), heard);
  item = session->items->pdata[0];
  pr_session_judge_case (session, item);

  number = pr_session_get_probability (session, pair->a, pair->b);
  g_assert_cmpfloat (number, ==, PR_SESSION_JUDGING);
  g_assert_true (pr_session_get_judging (session, pair->a, pair->b));
  /* Asking again queues nothing more. */
  g_assert_cmpfloat (pr_session_get_probability (session, pair->a, pair->b), ==, PR_SESSION_JUDGING);

  source = g_idle_add (count_turn, &turns);
  pr_test_wait_until (heard_some, heard);
  g_source_remove (source);
  /* How many depends on the thread's speed (none when it ends before
   * the loop's first turn): said, not asserted. */
  g_test_message ("%u turns of the main loop while the pair was judged", turns);
  g_assert_cmpuint (heard->len, ==, 1);
  g_assert_cmpuint (g_array_index (heard, Heard, 0).a, ==, pair->a);
  g_assert_cmpuint (g_array_index (heard, Heard, 0).b, ==, pair->b);
  g_assert_false (pr_session_get_judging (session, pair->a, pair->b));

  number = pr_session_get_probability (session, pair->a, pair->b);
  truth = oracle (session, mapping, pair);
  g_test_message ("%.6f, the engine's %.6f", number, truth);
  g_assert_cmpfloat (truth, >=, 0);
  g_assert_cmpfloat (number, ==, truth);
  /* The scan's pairs are not written: the threshold preview's workers read them. */
  g_assert_cmpfloat (pr_scored_pairs_find (session->stored_scored, pair->a, pair->b)->probability, <, 0);
}

/* A case left while its pair is judged: the pair's number is not
 * delivered, and the other case's is. */
static void
test_case_left (void)
{
  g_autoptr(PrMapping) mapping = pr_test_sample_cli_mapping ();
  g_autoptr(PrSession) session = NULL;
  g_autoptr(GArray) unjudged = NULL;
  g_autoptr(GArray) heard = g_array_new (FALSE, FALSE, sizeof (Heard));
  PrClusterItem *first, *second;
  const PrScoredPair *left, *shown;

  scan_into_store ();
  session = open_last (mapping);
  unjudged = unjudged_pairs (session);
  left = &g_array_index (unjudged, PrScoredPair, 0);
  shown = &g_array_index (unjudged, PrScoredPair, 1);
  g_signal_connect (session, "pair-judged", G_CALLBACK (pair_judged), heard);
  first = session->items->pdata[0];
  second = session->items->pdata[1];
  g_assert_true (first != second);

  pr_session_judge_case (session, first);
  g_assert_cmpfloat (pr_session_get_probability (session, left->a, left->b), ==, PR_SESSION_JUDGING);
  pr_session_judge_case (session, second);
  g_assert_false (pr_session_get_judging (session, left->a, left->b));
  g_assert_cmpfloat (pr_session_get_probability (session, shown->a, shown->b), ==, PR_SESSION_JUDGING);
  pr_test_wait_until (heard_some, heard);
  /* The left case's thread may end after the other's: its turn to come
   * is waited for too. */
  for (guint i = 0; i < 50; i++)
    {
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_assert_cmpuint (heard->len, ==, 1);
  g_assert_cmpuint (g_array_index (heard, Heard, 0).a, ==, shown->a);
  g_assert_cmpuint (g_array_index (heard, Heard, 0).b, ==, shown->b);
  g_assert_cmpfloat (pr_session_get_probability (session, shown->a, shown->b), ==, oracle (session, mapping, shown));
  /* Back on the first case, its pair is asked for again. */
  pr_session_judge_case (session, first);
  g_assert_cmpfloat (pr_session_get_probability (session, left->a, left->b), ==, PR_SESSION_JUDGING);
  g_array_set_size (heard, 0);
  pr_test_wait_until (heard_some, heard);
  g_assert_cmpfloat (pr_session_get_probability (session, left->a, left->b), ==, oracle (session, mapping, left));
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
  g_test_add_func ("/app/session/judging/off-main-thread", test_off_main_thread);
  g_test_add_func ("/app/session/judging/case-left", test_case_left);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
