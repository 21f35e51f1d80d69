/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The second stage's tests' oracles: every pair a session's scan judged,
 * found by asking about every pair of records and sorted by brute force,
 * and whether a verdict is in the store, read with a connection of its own.
 */
#pragma once

#include <math.h>

#include "pr-pair-model.h"
#include "pr-sample-server.h"
#include "pr-session-judge.h"
#include "pr-store.h"

typedef struct {
  guint32 a, b;
  double  probability;
  double  distance;  /* to the threshold */
} Judged;

static inline int
judged_by_closeness_compare (gconstpointer x,
                             gconstpointer y)
{
  const Judged *p = x, *q = y;

  if (p->distance != q->distance)
    return p->distance < q->distance ? -1 : 1;
  if (p->a != q->a)
    return p->a < q->a ? -1 : 1;
  return p->b < q->b ? -1 : p->b > q->b;
}

/* Every judged pair, nearest the default threshold first. */
static inline GArray *
judged_by_closeness (PrSession *session)
{
  PrRecordSet *set = pr_session_get_record_set (session);
  GArray *judged = g_array_new (FALSE, FALSE, sizeof (Judged));

  for (guint32 a = 0; a < set->n_records; a++)
    for (guint32 b = a + 1; b < set->n_records; b++)
      {
        double p = pr_session_get_probability (session, a, b);

        if (p >= 0)
          g_array_append_vals (judged, &(Judged) { a, b, p, fabs (p - PR_PAIR_DEFAULT_PROBABILITY) }, 1);
      }
  g_array_sort (judged, judged_by_closeness_compare);
  return judged;
}

/* Whether the store of @server's petitions holds the verdict. */
static inline gboolean
judged_verdict_stored (PrSampleServer *server,
                       const char     *record_id,
                       const char     *primary_id,
                       PrVerdict       verdict)
{
  g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (server);
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GPtrArray) decisions = NULL;
  gboolean found = FALSE;

  g_free (params->database);
  params->database = g_strdup ("petitions");
  connection = pr_connection_open (params, &error);
  g_assert_no_error (error);
  store = pr_store_open (connection, NULL, &error);
  g_assert_no_error (error);
  decisions = pr_store_list_decisions (store, "petitions", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < decisions->len; i++)
    {
      PrDecision *decision = decisions->pdata[i];

      found |= decision->verdict == verdict && g_strcmp0 (decision->record_id, record_id) == 0 &&
               g_strcmp0 (decision->primary_id, primary_id) == 0;
    }
  return found;
}
