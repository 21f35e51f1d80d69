/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain weighs the two records' dates as the scan reads their column: a
 * column of Unix times is read, and 3点 in a column that writes 下午3点
 * elsewhere counts as none, said on stderr. With --pair-only it reads
 * them one by one, and a date it cannot read so (a Unix time, 3点) is said
 * on stderr, not left out of the waterfall silently; dates it reads are
 * weighed with no note. The oracle is the file as written here.
 */
#define G_LOG_DOMAIN "pr-test-cli-explain-dates"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *
explain (const char *dir,
         const char *date_a,
         const char *date_b,
         gboolean    pair_only,
         char      **out_out)
{
  g_autofree char *path = g_build_filename (dir, "pair.csv", NULL);
  g_autofree char *csv = g_strdup_printf ("id,body,received\n"
                                          "1,小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运,%s\n"
                                          "2,小区 门口 垃圾站 臭气 熏天 请 尽快 处理 清运 谢谢,%s\n", date_a, date_b);
  const char *args[] = { "explain", "--id", "id", "--text", "body", "--date", "received", path, "1", "2",
                         pair_only ? "--pair-only" : NULL, NULL };
  g_autofree char *out = NULL;
  char *err = NULL;

  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_assert_nonnull (strstr (out, "Probability of a repeat"));
  if (out_out != NULL)
    *out_out = g_steal_pointer (&out);
  return err;
}

static void
test_unreadable_said (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *numbers = explain (dir, "1559986280", "1560000000", TRUE, NULL);
  g_autofree char *column = explain (dir, "1559986280", "1560000000", FALSE, NULL);
  g_autofree char *dates = explain (dir, "2019-06-08 17:31", "2019-06-09 09:00", TRUE, NULL);

  g_assert_nonnull (strstr (numbers, "the date “1559986280” cannot be read on its own"));
  g_assert_null (strstr (column, "Note:"));
  g_assert_null (strstr (dates, "cannot be read"));
  pr_test_remove_tree (dir);
}

/* 3点 beside 下午3点: the scan counts it as none, and so does explain, or
 * says that alone it cannot tell. */
static void
test_bare_hour_as_scan (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *out = NULL;
  g_autofree char *out_pair = NULL;
  g_autofree char *column = explain (dir, "2019年6月8日下午3点", "2020年9月8日3点", FALSE, &out);
  g_autofree char *pair = explain (dir, "2019年6月8日下午3点", "2020年9月8日3点", TRUE, &out_pair);

  g_assert_nonnull (strstr (column, "the date “2020年9月8日3点” counts as none, as a scan reads its column"));
  g_assert_null (strstr (out, "days apart"));
  g_assert_nonnull (strstr (pair, "the hour of “2020年9月8日3点” is the morning's or the afternoon's only"));
  g_assert_null (strstr (out_pair, "days apart"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/explain/dates/unreadable-said", test_unreadable_said);
  g_test_add_func ("/cli/explain/dates/bare-hour-as-scan", test_bare_hour_as_scan);

  return g_test_run ();
}
