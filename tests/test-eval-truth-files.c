/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval's truth files that contradict themselves are refused, naming the
 * lines, rather than read one way silently: a pair labelled dup on one
 * line and diff on another (the later label was dropped), and a record in
 * two groups of --truth-groups-file (its groups were neither one group nor
 * apart), and a record --people lists as sent by two people (the last
 * line won). A pair labelled the same way twice, an id named twice in one
 * group, and a record listed twice with one person, are read. The oracle is the files as written here.
 */
#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *dir;

static const char records[] =
  "id,body,name\n"
  "1,the road near the school gate is broken and the children fall every day,Zhang\n"
  "2,the road near the school gate is broken and the children fall every single day,Zhang\n"
  "3,the water supply in the village has stopped for a week and nobody came,Li\n"
  "4,the water supply in the village has stopped for two weeks and nobody came,Wang\n";

static int
run_eval (const char  *truth_flag,
          const char  *truth,
          char       **err)
{
  g_autofree char *records_path = pr_test_write_file (dir, "records.csv", records);
  g_autofree char *truth_path = pr_test_write_file (dir, "truth.csv", truth);
  g_autofree char *flag = g_strdup_printf ("%s=%s", truth_flag, truth_path);
  const char *argv[] = { "eval", "--id", "id", "--text", "body", "--records", records_path, flag, "--summary",
                         "--no-second-stage", NULL };

  g_autofree char *out = NULL;
  g_autofree char *errors = NULL;
  int status = pr_test_run_cli (&out, &errors, argv);

  /* What is read is said on standard output, what is wrong on error. */
  *err = g_strconcat (out != NULL ? out : "", errors != NULL ? errors : "", NULL);
  return status;
}

static void
test_labels_contradict (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (run_eval ("--pairs", "key_a,key_b,label\n1,2,dup\n3,4,dup\n2,1,diff\n", &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 4"));
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "“diff”"));
}

static void
test_labels_repeated (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (run_eval ("--pairs", "key_a,key_b,label\n1,2,dup\n3,4,dup\n2,1,dup\n", &err), ==, 0);
  g_assert_nonnull (strstr (err, "2 dup pairs"));
}

static void
test_groups_overlap (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (run_eval ("--truth-groups-file", "ids\n1;2\n3;4\n2;3\n", &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 4"));
  g_assert_nonnull (strstr (err, "“2”"));
  g_assert_nonnull (strstr (err, "line 2"));
}

static void
test_group_names_twice (void)
{
  g_autofree char *err = NULL;

  g_assert_cmpint (run_eval ("--truth-groups-file", "ids\n1;2;1\n3;4\n", &err), ==, 0);
  g_assert_nonnull (strstr (err, "2 dup pairs"));
}

static void
test_people_contradict (void)
{
  g_autofree char *records_path = pr_test_write_file (dir, "records.csv", records);
  g_autofree char *people_path = pr_test_write_file (dir, "people.csv", "id,person\n1,P1\n2,P1\n3,P2\n1,P3\n");
  g_autofree char *same_path = pr_test_write_file (dir, "same.csv", "id,person\n1,P1\n2,P1\n3,P2\n1,P1\n");
  g_autofree char *err = NULL;
  const char *argv[] = { "eval", "--id", "id", "--text", "body", "--name", "name", "--records", records_path,
                         "--people", people_path, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 5"));
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "“P3”"));
  g_clear_pointer (&err, g_free);
  argv[10] = same_path;
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 0);
}

/* --read-weights weighs the pairs the labels say a person read: labels
 * that name none leave it idle, and the summary would still say the read
 * pairs counted N times. */
static void
test_read_weights_idle (void)
{
  g_autofree char *records_path = pr_test_write_file (dir, "records.csv", records);
  g_autofree char *pairs_path = pr_test_write_file (dir, "pairs.csv", "key_a,key_b,label\n1,2,dup\n3,4,diff\n");
  g_autofree char *err = NULL;
  const char *argv[] = { "eval", "--id", "id", "--text", "body", "--records", records_path, "--pairs", pairs_path,
                         "--summary", "--second-stage", "--read-weights", "3", NULL };

  /* The usage error's status, as for the other flags given in vain. */
  g_assert_cmpint (pr_test_run_cli (NULL, &err, argv), ==, 2);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "--read-weights has no effect with the labels of"));
  g_assert_nonnull (strstr (err, "pairs.csv"));
  g_clear_pointer (&err, g_free);
  /* Counting them once is what happens anyway: not refused. */
  argv[12] = "1";
  pr_test_run_cli (NULL, &err, argv);
  g_assert_null (strstr (err, "--read-weights"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();

  g_test_add_func ("/cli/eval/truth-files/labels-contradict", test_labels_contradict);
  g_test_add_func ("/cli/eval/truth-files/labels-repeated", test_labels_repeated);
  g_test_add_func ("/cli/eval/truth-files/groups-overlap", test_groups_overlap);
  g_test_add_func ("/cli/eval/truth-files/group-names-twice", test_group_names_twice);
  g_test_add_func ("/cli/eval/truth-files/people-contradict", test_people_contradict);
  g_test_add_func ("/cli/eval/truth-files/read-weights-idle", test_read_weights_idle);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (dir);
  return status;
}
