/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scan's kinds of repeat and dispositions through the command line: the
 * --out and --pairs columns on hand-built records against hand-computed
 * days (accepted 2026-03-02: 60 days end 2026-05-01, with the extension
 * 2026-05-31), a --rules file that changes them, unknown state words
 * warned of (and those that are another encoding's text read wrong), and
 * the flags' and the rules file's errors.
 */
#include "config.h"

#include <string.h>

#include "kinds-records.h"
#include "pr-test-util.h"

static char *dir;
static char *records;

/* scan with every case flag, and @extra (NULL-terminated, up to 4). */
static int
scan (char       **err,
      const char  *out,
      const char  *pairs,
      const char  *extra1,
      const char  *extra2)
{
  const char *args[] = { "scan", "--no-second-stage", records, "--id", "id", "--petitioner", "petitioner", "--category", "category",
                         "--unit", "unit", "--status", "status", "--accepted", "accepted", "--date", "date",
                         "--text", "body", "--min-tokens", "1", "--out", out, "--pairs", pairs,
                         extra1, extra2, NULL };

  return pr_test_run_cli (NULL, err, args);
}

static void
test_kinds_and_dispositions (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *err = NULL, *clusters_text = NULL, *pairs_text = NULL;

  g_assert_cmpint (scan (&err, out, pairs, NULL, NULL), ==, 0);
  g_test_message ("%s", err);
  clusters_text = read_file (out);
  g_assert_cmpstr (clusters_text, ==, kinds_expected_clusters);
  pairs_text = read_file (pairs);
  /* Each pair by its earlier record's case; then r6, in other words, with
   * each of the cluster's records by 张三 within 90 days (r4 is later than
   * r6); r7 is in another category. */
  g_assert_true (g_str_has_prefix (pairs_text, "id_a,id_b,distance,kind,disposition,probability\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr1,r2,0,repeat,remind,\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr1,r3,0,multi-send,,\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr1,r4,0,repeat,overdue,\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr2,r3,0,repeat,,\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr11,r14,0,repeat,not-again,\r\n"));
  g_assert_true (g_str_has_suffix (pairs_text, ",same-person,,\r\n"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr1,r6,"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr2,r6,"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr3,r6,"));
  g_assert_nonnull (strstr (pairs_text, "\r\nr6,r4,"));
  g_assert_null (strstr (pairs_text, "r7"));
  g_assert_null (strstr (pairs_text, "r5,r6"));

  g_assert_nonnull (strstr (err, "Kinds: repeat by the same person 3, same matter by others 1, one letter sent to "
                                 "several bodies (not a repeat) 1; pairs of the same person in other words 4\n"));
  g_assert_nonnull (strstr (err, "Dispositions of the repeats: remind 1, overdue 1, not to be accepted again 1, "
                                 "new case 0\n"));
  g_assert_nonnull (strstr (err, "1 record has a state the rules do not know (“待结案”)"));
}

static void
test_rules_file (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters-rules.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs-rules.csv", NULL);
  g_autofree char *rules = g_build_filename (dir, "rules.ini", NULL);
  g_autofree char *err = NULL, *clusters_text = NULL;

  /* 30 days and no extension: r2 on 2026-04-10 is past 2026-04-01; no copy
   * is told (0 days); 办理中 is no longer a word of the rules', 待结案 is. */
  g_assert_true (g_file_set_contents (rules, "[periods]\nhandling = 30\nextension = 0\n"
                                      "[kinds]\nmulti-send-days = 0\n"
                                      "[states]\nhandling = 在办;待结案\n", -1, NULL));
  g_assert_cmpint (scan (&err, out, pairs, "--rules", rules), ==, 0);
  clusters_text = read_file (out);
  g_assert_cmpstr (clusters_text, ==,
                   "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"
                   "1,r1,r1,0,,,,,,,,\r\n"
                   "1,r3,r1,0,1,,petitioner,repeat,,,,\r\n"
                   "1,r5,r1,16,0,,,same-matter,,,,\r\n"
                   "1,r2,r1,0,1,,petitioner,repeat,,,,\r\n"
                   "1,r4,r1,0,1,,petitioner,repeat,,,,\r\n"
                   "2,r11,r11,0,,,,,,,,\r\n"
                   "2,r14,r11,0,1,,petitioner,repeat,not-again,,r11,\r\n");
  g_assert_nonnull (strstr (err, "1 record has a state the rules do not know (“办理中”)"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&clusters_text, g_free);

  g_assert_true (g_file_set_contents (rules, "[periods]\nhandling = 30\nextension = 0\n", -1, NULL));
  g_assert_cmpint (scan (&err, out, pairs, "--rules", rules), ==, 0);
  clusters_text = read_file (out);
  g_assert_nonnull (strstr (clusters_text, "\r\n1,r2,r1,0,1,,petitioner,repeat,overdue,2026-04-01,r1,\r\n"));
  g_assert_nonnull (strstr (clusters_text, "\r\n1,r3,r1,0,1,,petitioner,multi-send,,,,\r\n"));
}

static void
test_errors (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters-bad.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs-bad.csv", NULL);
  g_autofree char *rules = g_build_filename (dir, "bad-rules.ini", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-rules.ini", NULL);
  g_autofree char *ambiguous = g_build_filename (dir, "ambiguous.csv", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (scan (&err, out, pairs, "--rules", missing), ==, 1);
  g_assert_nonnull (strstr (err, "--rules: cannot read the rules file"));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (rules, "[periods]\nhandling = 60 days\n", -1, NULL));
  g_assert_cmpint (scan (&err, out, pairs, "--rules", rules), ==, 1);
  g_assert_nonnull (strstr (err, "[periods] handling must be a whole number of days from 0 to 3650, not “60 days”"));
  g_clear_pointer (&err, g_free);

  {
    const char *args[] = { "scan", "--no-second-stage", records, "--id", "id", "--short", "status", "--status", "status",
                           "--text", "body", NULL };

    g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
    g_assert_nonnull (strstr (err, "--status status: column “status” is mapped twice (as short and as status)"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "scan", "--no-second-stage", records, "--id", "id", "--unit", "unit", "--accepted", "unit",
                           "--text", "body", NULL };

    g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
    g_assert_nonnull (strstr (err, "--unit unit: column “unit” is mapped twice (as accepted and as unit)"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "scan", "--no-second-stage", records, "--id", "id", "--status", "state", "--text", "body", NULL };

    g_assert_cmpint (pr_test_run_cli (NULL, &err, args), !=, 0);
    g_assert_nonnull (strstr (err, "state"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "scan", "--no-second-stage", ambiguous, "--id", "id", "--accepted", "accepted", "--status",
                           "status", "--text", "body", NULL };

    g_assert_true (g_file_set_contents (ambiguous, "id,accepted,status,body\na,03/02/2026,在办,补偿款未发放\n", -1,
                                        NULL));
    g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
    g_assert_nonnull (strstr (err, "“03/02/2026” in column “accepted” may be day-first or month-first"));
    g_clear_pointer (&err, g_free);
  }
}

/* Without the case columns, a scan names no disposition and offers no
 * other words; a petitioner still tells the kinds. */
static void
test_without_case_columns (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters-plain.csv", NULL);
  g_autofree char *err = NULL, *text = NULL;
  const char *args[] = { "scan", "--no-second-stage", records, "--id", "id", "--petitioner", "petitioner", "--date", "date",
                         "--text", "body", "--min-tokens", "1", "--out", out, NULL };

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  text = read_file (out);
  g_assert_nonnull (strstr (text, "\r\n1,r3,r1,0,1,,petitioner,repeat,,,,\r\n"));
  g_assert_nonnull (strstr (text, ",0,,,same-matter,,,,\r\n"));
  g_assert_nonnull (strstr (err, "pairs of the same person in other words 0\n"));
  g_assert_null (strstr (err, "Dispositions"));
}

/* Two letters of one second: the pair names the earlier by its fraction,
 * the record --out makes the primary, whatever the file's order. x2 was
 * written first, so x1's handled case tells x2 nothing: x2 is no repeat
 * to remind of, as --out says, which lists it as the primary. */
static void
test_one_second_pair_order (void)
{
  g_autofree char *input = g_build_filename (dir, "one-second.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters-one-second.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs-one-second.csv", NULL);
  g_autofree char *err = NULL, *clusters_text = NULL, *pairs_text = NULL;
  const char *args[] = { "scan", "--no-second-stage", input, "--id", "id", "--petitioner", "petitioner", "--status",
                         "status", "--accepted", "accepted", "--date", "date", "--text", "body", "--min-tokens", "1",
                         "--out", out, "--pairs", pairs, NULL };

  g_assert_true (g_file_set_contents (input,
                                      "id,petitioner,status,accepted,date,body\n"
                                      "x1,张三,办理中,2026-03-02,2026-03-01 10:00:00.900000,"
                                      "征地补偿款至今未发放请求尽快解决村民生活困难\n"
                                      "x2,张三,,,2026-03-01 10:00:00.100000,"
                                      "征地补偿款至今未发放请求尽快解决村民生活困难\n", -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  clusters_text = read_file (out);
  g_test_message ("%s", clusters_text);
  g_assert_nonnull (strstr (clusters_text, "\r\n1,x2,x2,0,,"));
  g_assert_nonnull (strstr (clusters_text, "\r\n1,x1,x2,0,1,,petitioner,repeat,,,,"));
  pairs_text = read_file (pairs);
  g_test_message ("%s", pairs_text);
  g_assert_nonnull (strstr (pairs_text, "\r\nx1,x2,0,repeat,,"));
}

/* A status column of GBK text read as Latin-1 (a latin1 column in an old
 * database, exported so): its words are named as misread, with the
 * column's encoding as the way, not as words to add to the rules. */
static void
test_misread_status (void)
{
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "pairs.csv", NULL);
  g_autofree char *misread_path = g_build_filename (dir, "misread-status.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GString) csv = g_string_new (kinds_records_csv);
  const char *args[] = { "scan", "--no-second-stage", misread_path, "--id", "id", "--petitioner", "petitioner",
                         "--status", "status", "--accepted", "accepted", "--date", "date", "--text", "body",
                         "--min-tokens", "1", "--out", out, "--pairs", pairs, NULL };

  /* 办理中 in GBK, B0 EC C0 ED D6 D0, read as Latin-1. */
  g_string_replace (csv, ",办理中,", ",°ìÀíÖÐ,", 0);
  g_assert_true (g_file_set_contents (misread_path, csv->str, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "the state “°ìÀíÖÐ” is GB18030 text read in another encoding (“办理中”)"));
  g_assert_nonnull (strstr (err, "--column-encoding COLUMN=GB18030"));
  g_assert_null (strstr (err, "°ìÀíÖÐ”)"));
  g_assert_nonnull (strstr (err, "1 record has a state the rules do not know (“待结案”)"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();
  records = g_build_filename (dir, "records.csv", NULL);
  g_assert_true (g_file_set_contents (records, kinds_records_csv, -1, NULL));
  g_test_add_func ("/cli/kinds/kinds-and-dispositions", test_kinds_and_dispositions);
  g_test_add_func ("/cli/kinds/rules-file", test_rules_file);
  g_test_add_func ("/cli/kinds/errors", test_errors);
  g_test_add_func ("/cli/kinds/without-case-columns", test_without_case_columns);
  g_test_add_func ("/cli/kinds/one-second-pair-order", test_one_second_pair_order);
  g_test_add_func ("/cli/kinds/misread-status", test_misread_status);
  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
