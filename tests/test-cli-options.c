/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Number flags out of their range are refused, naming the flag, the value
 * and the range, and the values at the ends of the range are taken; the
 * dates a scan could not read are counted and named.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pr-test-util.h"

static char *dir;
static char *records;

typedef struct {
  const char *flag;
  const char *value;
  const char *range;    /* in the message; NULL: the value is taken */
} Case;

static void
run_scan_with (const char *flag,
               const char *value,
               const char *range)
{
  g_autofree char *err = NULL;
  g_autofree char *text = g_strdup ("body");
  const char *args[] = { "scan", "--id", "id", "--text", text, flag, value, records, NULL };
  int status;

  if (g_str_equal (flag, "--text"))
    {
      /* the weight's own flag: the spec holds the value */
      g_free (text);
      text = g_strconcat ("body:", value, NULL);
      args[5] = "--k";
      args[6] = "3";
      args[4] = text;
    }
  status = pr_test_run_cli (NULL, &err, args);
  g_test_message ("%s %s: %d %s", flag, value, status, err);
  if (range == NULL)
    {
      g_assert_cmpint (status, ==, 0);
      return;
    }
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, flag));
  g_assert_nonnull (strstr (err, range));
}

static void
test_ranges (void)
{
  static const Case cases[] = {
    { "--containment", "2", "from 0 to 1, not 2" },
    { "--containment", "nan", "from 0 to 1, not nan" },
    { "--containment", "-0.001", "from 0 to 1, not -0.001" },
    { "--containment", "inf", "from 0 to 1, not inf" },
    { "--containment", "1", NULL },
    { "--containment", "0", NULL },
    { "--containment-same", "1.0001", "from 0 to 1, not 1.0001" },
    { "--containment-same", "nan", "not nan" },
    { "--containment-same", "1", NULL },
    { "--idf-max-share", "nan", "from 0 to 1, not nan" },
    { "--idf-max-share", "1.5", "from 0 to 1, not 1.5" },
    { "--idf-max-share", "1", NULL },
    { "--idf-max-share", "0", "0 would leave out every word" },
    { "--idf-max-share", "0.5", NULL },
    { "--min-tokens", "-1", "from 0 to 1000000, not -1" },
    { "--min-tokens", "1000001", "from 0 to 1000000, not 1000001" },
    { "--min-tokens", "0", NULL },
    { "--threads", "-1", "from 0 to 1024, not -1" },
    { "--threads", "1025", "from 0 to 1024, not 1025" },
    { "--threads", "1024", NULL },
    { "--part-max-records", "1", "from 2 to 2147483647, not 1" },
    { "--part-max-records", "2", NULL },
    { "--min-shared", "0", "from 1 to 2147483647, not 0" },
    { "--min-shared", "1", NULL },
    { "--shingle-words", "0", "from 1 to 16, not 0" },
    { "--shingle-words", "17", "from 1 to 16, not 17" },
    { "--shingle-window", "0", "not 0" },
    { "--k", "-1", "from 0 to" },
    { "--text", "1e-320", "from 1e-06 to 1e+06" },
    { "--text", "nan", "from 1e-06 to 1e+06" },
    { "--text", "1000001", "from 1e-06 to 1e+06" },
    { "--text", "0.000001", NULL },
    { "--text", "1000000", NULL },
    { "--text", "0", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    run_scan_with (cases[i].flag, cases[i].value, cases[i].range);
}

static void
test_eval_jaccard (void)
{
  static const char *const bad[] = { "nan", "-0.5", "1.5" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *err = NULL;
      const char *args[] = { "eval", "--text", "body", "--held-back-jaccard", bad[i], NULL };

      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
      g_assert_nonnull (strstr (err, "--held-back-jaccard must be a number from 0 to 1"));
      g_assert_nonnull (strstr (err, bad[i]));
    }
}

/* check --probability: every typed value is a value, refused outside
 * [0, 1], -1 included (no number stands for "not given"); a value in range
 * is taken, and check goes on to want a database. */
static void
test_check_probability (void)
{
  static const Case cases[] = {
    { "--probability", "-1", "--probability must be a number from 0 to 1, not -1" },
    { "--probability", "-0.5", "--probability must be a number from 0 to 1, not -0.5" },
    { "--probability", "1.5", "--probability must be a number from 0 to 1, not 1.5" },
    { "--probability", "nan", "--probability must be a number from 0 to 1, not nan" },
    { "--probability", "inf", "--probability must be a number from 0 to 1, not inf" },
    { "--probability", "0.5x", "--probability must be a number from 0 to 1, not “0.5x”" },
    { "--probability", "", "--probability must be a number from 0 to 1, not “”" },
    { "--probability", "0", NULL },
    { "--probability", "1", NULL },
    { "--probability", "0.7", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;
      const char *args[] = { "check", "--id", "1", cases[i].flag, cases[i].value, NULL };
      int status = pr_test_run_cli (NULL, &err, args);

      g_test_message ("%s %s: %d %s", cases[i].flag, cases[i].value, status, err);
      g_assert_cmpint (status, ==, 2);
      if (cases[i].range != NULL)
        g_assert_nonnull (strstr (err, cases[i].range));
      else
        g_assert_nonnull (strstr (err, "check reads a database"));
    }
}

/* The scan reads the new forms, says how many dates it could not read and
 * names them, and wants an order for 08/06/2019. */
static void
test_scan_dates (void)
{
  g_autofree char *path = g_build_filename (dir, "dated.csv", NULL);
  static const char csv[] =
    "id,received,body\n"
    "a1,2019-06-08T17:31:20+08:00,first petition about the road near the school gate\n"
    "a2,2019年6月8日下午3点,second petition about the road near the school gate\n"
    "a3,someday,third petition about the water supply in the village\n"
    "a4,08/06/2019,fourth petition about the water supply in the village\n";
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  const char *args[] = { "scan", "--id", "id", "--date", "received", "--text", "body", path, NULL };
  const char *dmy[] = { "scan", "--id", "id", "--date", "received", "--date-format", "DMY", "--text", "body", path, NULL };
  const char *bad[] = { "scan", "--text", "body", "--date-format", "DDMM", path, NULL };

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "line 5"));
  g_assert_nonnull (strstr (err, "--date-format"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (pr_test_run_cli (&out, &err, dmy), ==, 0);
  g_assert_nonnull (strstr (err, "1 date in column “received” could not be read"));
  g_assert_nonnull (strstr (err, "(record a3); correct it in the table"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);

  /* Without the day-first date, no order is needed, and the line says how
   * to give one. */
  g_assert_true (g_file_set_contents (path, csv, strstr (csv, "a4,") - csv, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_assert_nonnull (strstr (err, "1 date in column “received” could not be read"));
  g_assert_nonnull (strstr (err, "give --date-format"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, bad), ==, 2);
  g_assert_nonnull (strstr (err, "--date-format must be DMY"));
}

/* A file flag whose file was left out takes the next flag as its file:
 * --out --skip-bad-rows wrote a file called "--skip-bad-rows" and
 * skipped nothing, exit 0. A name beginning with "-" is refused; ./-x is
 * a file. */
static void
test_option_as_file (void)
{
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *err = NULL;
  const char *as_option[] = { "scan", "--id", "id", "--text", "body", records, "--out", "--skip-bad-rows", NULL };
  const char *as_file[] = { "scan", "--id", "id", "--text", "body", records, "--out", "./-clusters.csv", NULL };

  g_assert_cmpint (g_chdir (dir), ==, 0);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, as_option), ==, 2);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "--out was given “--skip-bad-rows”, which reads as an option"));
  g_assert_false (g_file_test ("--skip-bad-rows", G_FILE_TEST_EXISTS));
  g_remove ("--skip-bad-rows");
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, as_file), ==, 0);
  g_assert_true (g_file_test ("-clusters.csv", G_FILE_TEST_IS_REGULAR));
  g_remove ("-clusters.csv");
  g_assert_cmpint (g_chdir (cwd), ==, 0);
}

/* A flag that another makes idle was dropped without a word, exit 0: the
 * answer was the one without it. */
static void
test_idle_flags (void)
{
  static const struct {
    const char *flag, *value, *other, *said;
  } cases[] = {
    { "--probability", "0.9", "--no-second-stage", "--probability has no effect with --no-second-stage" },
    { "--containment", "0.3", "--no-parts", "--containment has no effect with --no-parts" },
    { "--min-shared", "5", "--no-parts", "--min-shared has no effect with --no-parts" },
    { "--part-max-records", "5", "--no-parts", "--part-max-records has no effect with --no-parts" },
    { "--shingle-words", "4", "--no-parts", "--shingle-words has no effect with --no-parts" },
    { "--new-history", NULL, "--k", "--new-history goes with --store" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;
      const char *args[] = { "scan", "--id", "id", "--text", "body", cases[i].other, cases[i].flag, records, NULL,
                             NULL };

      /* "--k 3" gives the flag without a value something to follow. */
      if (g_str_equal (cases[i].other, "--k"))
        args[6] = "3", args[7] = cases[i].flag, args[8] = records;
      else
        args[7] = cases[i].value, args[8] = records;
      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, cases[i].said));
    }
  {
    g_autofree char *err = NULL;
    const char *args[] = { "scan", "--id", "id", "--text", "body", "--parts", "clauses", "--shingle-window", "3",
                           records, NULL };

    g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
    g_assert_nonnull (strstr (err, "--shingle-window has no effect with --parts clauses"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  records = g_build_filename (dir, "records.csv", NULL);
  g_assert_true (g_file_set_contents (records,
                                      "id,body\n"
                                      "1,the road near the school gate is broken again this spring\n"
                                      "2,the road near the school gate is broken again this summer\n"
                                      /* two more, so that --idf-max-share 0.5 keeps a word two records share */
                                      "3,the river bank behind the market floods every autumn\n"
                                      "4,the river bank behind the market floods every winter\n",
                                      -1, NULL));

  g_test_add_func ("/cli/common/flag-ranges", test_ranges);
  g_test_add_func ("/cli/eval/held-back-jaccard-range", test_eval_jaccard);
  g_test_add_func ("/cli/scan/dates", test_scan_dates);
  g_test_add_func ("/cli/check/probability-range", test_check_probability);
  g_test_add_func ("/cli/common/option-as-file", test_option_as_file);
  g_test_add_func ("/cli/common/idle-flags", test_idle_flags);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
