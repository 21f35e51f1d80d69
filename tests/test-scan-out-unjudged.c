/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan with a store leaves unjudged the pairs its bound proves below
 * the threshold; a reviewer's "repeat" can still join two such records in
 * one cluster, and the member's row in --out then names a pair with no
 * number. The row must say so (blank), never print the −1 that marks
 * it. The bundled sample in a real sample server, scanned by the CLI; the
 * oracle is the first scan's own --pairs: the pair was blank there.
 */
#include "config.h"

#include <string.h>

#include "pr-store.h"
#include "pr-test-petitions.h"
#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static PrTestSample *sample;

static void
scan (const char *out,
      const char *pairs)
{
  g_autofree char *err = NULL;
  const char *args[] = {
    "scan", "--db", sample->uri, "--table", PR_SAMPLE_SERVER_TABLE, "--id", "id", "--short", "petitioner",
    "--text", "subject", "--text", "body", "--date", "submitted_at", "--store", PR_SAMPLE_SERVER_DATABASE,
    "--out", out, pairs != NULL ? "--pairs" : NULL, pairs, NULL
  };

  if (pr_test_run_cli (NULL, &err, args) != 0)
    g_error ("scan failed: %s", err);
}

static void
test_repeat_joins_unjudged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("pr-out-unjudged-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *again = g_build_filename (dir, "again.csv", NULL);
  g_autofree char *text = NULL, *cluster_a = NULL, *cluster_b = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  const char *id_a = NULL, *id_b = NULL;
  g_auto(GStrv) chosen = NULL;
  gboolean row_seen = FALSE;

  scan (out, pairs);
  g_assert_true (g_file_get_contents (pairs, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (g_strchomp (lines[0]), ==, "id_a,id_b,distance,kind,disposition,probability");
  /* An unjudged pair of two records in no cluster: a "repeat" makes them
   * a cluster of their own, id_a (the earlier) its primary. */
  for (guint i = 1; lines[i] != NULL && chosen == NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (g_strchomp (lines[i]), ",", -1);
      g_autofree char *in_a = NULL, *in_b = NULL;

      if (g_strv_length (cells) != 6 || cells[5][0] != '\0')
        continue;
      in_a = pr_test_cluster_of (out, cells[0]);
      in_b = pr_test_cluster_of (out, cells[1]);
      if (in_a[0] == '\0' && in_b[0] == '\0')
        chosen = g_steal_pointer (&cells);
    }
  g_assert_nonnull (chosen);
  id_a = chosen[0];
  id_b = chosen[1];
  g_test_message ("records %s and %s: unjudged, in no cluster", id_a, id_b);

  {
    g_autoptr(PrConnectionParams) params = pr_sample_server_get_params (sample->server);
    g_autoptr(PrConnection) db = pr_test_connect (params, NULL);
    g_autoptr(PrStore) store = pr_store_open (db, PR_SAMPLE_SERVER_DATABASE, &error);

    g_assert_no_error (error);
    pr_test_add_decision (store, PR_SAMPLE_SERVER_TABLE, id_b, id_a, PR_VERDICT_REPEAT);
  }

  scan (again, NULL);
  cluster_a = pr_test_cluster_of (again, id_a);
  cluster_b = pr_test_cluster_of (again, id_b);
  g_assert_cmpstr (cluster_a, !=, "");
  g_assert_cmpstr (cluster_a, ==, cluster_b);

  g_clear_pointer (&text, g_free);
  g_clear_pointer (&lines, g_strfreev);
  g_assert_true (g_file_get_contents (again, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_suffix (g_strchomp (lines[0]), ",probability"));
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (g_strchomp (lines[i]), ",", -1);
      guint n = g_strv_length (cells);
      const char *probability;

      if (n < 2)
        continue;
      probability = cells[n - 1];
      /* A probability is blank or a number from 0 to 1, never the mark. */
      g_assert_false (probability[0] == '-');
      if (g_strcmp0 (cells[1], id_b) == 0)
        {
          row_seen = TRUE;
          g_assert_cmpstr (probability, ==, "");
        }
    }
  g_assert_true (row_seen);
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = pr_test_sample_start ();
  g_test_add_func ("/db/scan-out-unjudged/repeat-joins-unjudged", test_repeat_joins_unjudged);
  status = g_test_run ();
  pr_test_sample_stop (sample);
  return status;
}
