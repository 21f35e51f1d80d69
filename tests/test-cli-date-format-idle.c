/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * --date-format says how to read the dates of the date column (--date)
 * and the accepted column (--accepted): given without either, it would
 * change nothing, and the command would answer as if it were not given.
 * Every command that takes it refuses it then, before reading anything;
 * with either column it is read. The oracle: the exit status, the
 * message, and that nothing is printed.
 */
#define G_LOG_DOMAIN "pr-test-cli-date-format-idle"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static const char records[] =
  "id,date,accepted,status,body,grp\n"
  "a1,08/06/2019,09/06/2019,办结,first petition about the road near the school gate,1\n"
  "a2,10/06/2019,11/06/2019,办结,first petition about the road near the school gate,1\n"
  "b1,13/06/2019,14/06/2019,办结,second letter on the noise of the factory at night,2\n";

static void
test_refused (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  const char *const commands[][16] = {
    { "scan", "--id", "id", "--text", "body", "--date-format", "DMY", path },
    { "fingerprint", "--id", "id", "--text", "body", "--date-format", "MDY", path },
    { "thresholds", "--id", "id", "--text", "body", "--date-format", "DMY", path },
    { "explain", "--id", "id", "--text", "body", "--date-format", "DMY", path, "a1", "a2" },
    { "eval", "--records", path, "--id", "id", "--text", "body", "--truth-groups", "grp", "--date-format", "YMD" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, commands[c]), ==, 2);
      g_test_message ("%s: %s", commands[c][0], err);
      g_assert_nonnull (strstr (err, "--date-format says how to read the dates of the date column (--date) and "
                                     "the accepted column (--accepted), but neither is given"));
      g_assert_nonnull (strstr (err, "--date COLUMN"));
      g_assert_cmpstr (out, ==, "");
    }
  pr_test_remove_tree (dir);
}

/* With the date column, or the accepted column alone, it reads their
 * day-first dates (13/06/2019 is no month-first date). */
static void
test_with_a_column (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_file (dir, "records.csv", records);
  const char *const commands[][16] = {
    { "scan", "--id", "id", "--text", "body", "--date", "date", "--date-format", "DMY", path },
    { "scan", "--id", "id", "--text", "body", "--accepted", "accepted", "--status", "status", "--date-format", "DMY",
      path },
  };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, commands[c]), ==, 0);
      g_test_message ("%s", err);
      g_assert_null (strstr (err, "--date-format"));
    }
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/date-format/without-date-refused", test_refused);
  g_test_add_func ("/cli/date-format/with-a-column", test_with_a_column);
  return g_test_run ();
}
