/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A new letter whose only tie to an earlier one is a short text worded
 * alike (fingerprints beyond k, too few words for a shared passage) is a
 * new repeat when the second stage judges the pair one, as it is then a
 * member of that letter's case. The sample's letter 433 is 261 sent again
 * (【重复反映】, the line breaks gone): the sample without 433 is scanned
 * into a store, 433 comes in, and the scan again. The oracle: the second
 * scan's own --pairs file, whose pairs of 433 judged at 0.5 or more are
 * its new repeats.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-test-sample.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static void
test_short_only (void)
{
  PrTestSample *sample = pr_test_sample_start ();
  g_autoptr(PrConnection) db = pr_test_sample_copy (sample, "grown", "newshort");
  g_auto(PrTestScan) before = { 0 };
  g_auto(PrTestScan) after = { 0 };
  g_auto(GStrv) lines = NULL;
  gboolean short_pair = FALSE;
  guint n_repeats = 0;

  pr_test_execute (db, "DELETE FROM grown WHERE id = '433'");
  pr_test_sample_scan (sample, "grown", "newshort", NULL, &before);
  pr_test_execute (db, "INSERT INTO grown SELECT * FROM petitions WHERE id = '433'");
  pr_test_sample_scan (sample, "grown", "newshort", NULL, &after);
  g_test_message ("%s", after.repeats);

  lines = g_strsplit (after.pairs, "\r\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
      const char *other = g_str_equal (f[0], "433") ? f[1] : g_str_equal (f[1], "433") ? f[0] : NULL;
      g_autofree char *line = NULL;

      if (other == NULL || f[5][0] == '\0' || g_ascii_strtod (f[5], NULL) < 0.5)
        continue;
      g_test_message ("%s", lines[i]);
      line = g_strdup_printf ("\r\n433,%s,", other);
      g_assert_nonnull (strstr (after.repeats, line));
      n_repeats++;
      /* The premise: 261 is beyond k (3) and shares no passage. */
      if (g_str_equal (other, "261"))
        short_pair = atoi (f[2]) > 3;
    }
  g_assert_true (short_pair);
  g_assert_cmpuint (n_repeats, >, 0);
  pr_test_sample_stop (sample);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/scan-new-repeats-short/short-only", test_short_only);

  return g_test_run ();
}
