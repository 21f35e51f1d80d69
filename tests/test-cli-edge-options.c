/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Options the command would take and then do nothing with (a database's
 * password for a file, the receiving body without a petitioner column,
 * the day accepted without the state, the rules without any column they
 * read, the cross-validation's folds without the second stage) are refused,
 * naming them; a number option is read in decimal only (0x1p-1 is
 * refused, not read as 0.5), and one too near 0 for a double (1e-400) is
 * refused, not read as 0; a NUL byte in a file is named as a NUL,
 * not as invalid UTF-8; eval leaves out bad rows as scan does
 * (--skip-bad-rows), checking the kept rows' values it reads on its own
 * and a label before passing over its pair, and explain reads a file's
 * rows as scan does. The oracle: the exit status and the message, and
 * for an accepted value the output of the same value written plainly.
 */
#define G_LOG_DOMAIN "pr-test-cli-edge-options"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

#define RECORDS "id,petitioner,unit,accepted,body\n" \
                "1,P1,U1,2026-03-02,小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡\n" \
                "2,P1,U2,2026-03-05,小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡 居民\n" \
                "3,P2,U1,2026-03-09,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核\n"

static char *dir;
static char *records;

static void
assert_refused (const char *const *args,
                const char        *words)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = pr_test_run_cli (&out, &err, args);

  g_test_message ("%s → %d: %s", args[0], status, err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, words));
  g_assert_cmpstr (out, ==, "");
}

static void
test_idle_refused (void)
{
  g_autofree char *pw = g_build_filename (dir, "pw", NULL);
  g_autofree char *truth = g_build_filename (dir, "truth.csv", NULL);
  g_autofree char *rules = g_build_filename (dir, "rules.ini", NULL);

  g_assert_true (g_file_set_contents (pw, "secret\n", -1, NULL));
  g_assert_true (g_file_set_contents (rules, "[periods]\nhandling = 30\n", -1, NULL));
  g_assert_true (g_file_set_contents (truth, "key_a,key_b,label\n1,2,dup\n", -1, NULL));
  assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", "--password-file", pw, records,
                                          NULL },
                  "--password-file is the database's password");
  /* The sample server is the program's own, with no password. */
  assert_refused ((const char *const[]) { "scan", "--sample", "--password-file", pw, "--out", "/dev/null", NULL },
                  "--password-file is the database's password, and --sample reads the program's own sample server");
  assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", "--unit", "unit", records, NULL },
                  "--unit unit tells a letter sent to several bodies");
  assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", "--accepted", "accepted", records,
                                          NULL },
                  "--accepted accepted counts the period of a case's state, but no column gives the state");
  assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", "--rules", rules, records, NULL },
                  "--rules tells a repeat's disposition");
  assert_refused ((const char *const[]) { "eval", "--id", "id", "--text", "body", "--summary", "--no-second-stage",
                                          "--folds", "3", "--records", records, "--pairs", truth, NULL },
                  "--folds has no effect with --no-second-stage");
  assert_refused ((const char *const[]) { "eval", "--id", "id", "--text", "body", "--summary", "--no-second-stage",
                                          "--fold-seed", "7", "--records", records, "--pairs", truth,
                                          NULL },
                  "--fold-seed has no effect with --no-second-stage");

  /* With a petitioner column the body counts, and so do the rules. */
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, (const char *const[]) { "scan", "--id", "id", "--text", "body",
                                                                        "--petitioner", "petitioner", "--unit", "unit",
                                                                        "--rules", rules, "--out", "/dev/null",
                                                                        records, NULL }),
                   ==, 0);
}

static void
test_decimal_only (void)
{
  const char *const values[] = { "0x1p-1", "0X.8", "-0x0.8p0", "1e", ".", "0.5.1", "infx" };
  g_autofree char *plain = NULL;
  g_autofree char *exponent = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *inline_value = g_strdup_printf ("--containment=%s", values[i]);

      assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", "--containment", values[i],
                                              records, NULL },
                      "--containment takes a number written in decimal");
      assert_refused ((const char *const[]) { "scan", "--id", "id", "--text", "body", inline_value, records, NULL },
                      "--containment takes a number written in decimal");
    }
  assert_refused ((const char *const[]) { "thresholds", "--id", "id", "--text", "body", "--probability", "0x1p-1",
                                          records, NULL },
                  "--probability takes a number written in decimal");
  /* check's --probability is read as text (its absence means the model's
   * own): too near 0 for a double is refused as out of range. */
  assert_refused ((const char *const[]) { "check", "--text", "body", "--probability", "1e-400", "--id", "A1", NULL },
                  "--probability must be a number from 0 to 1, not “1e-400”");

  /* A weight: "body:0x1p-1" is no column of weight 0.5. */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "scan", "--id", "id", "--text",
                                                                           "body:0x1p-1", "--out", "/dev/null",
                                                                           records, NULL }),
                     !=, 0);
    g_assert_nonnull (strstr (err, "body:0x1p-1"));
  }

  /* Decimal, with or without an exponent: the same answer. */
  g_assert_cmpint (pr_test_run_cli (&plain, NULL, (const char *const[]) { "scan", "--id", "id", "--text", "body:0.5",
                                                                          "--containment", "0.5", "--out", "-",
                                                                          records, NULL }),
                   ==, 0);
  g_assert_cmpint (pr_test_run_cli (&exponent, NULL, (const char *const[]) { "scan", "--id", "id", "--text",
                                                                             "body:5e-1", "--containment", "5E-1",
                                                                             "--out", "-", records, NULL }),
                   ==, 0);
  g_assert_cmpstr (exponent, ==, plain);
  g_assert_nonnull (strstr (plain, ",1,"));
}

/* explain reads the file itself: a NUL is named as one. */
static void
test_explain_nul (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "bad-rows", "nul-in-text.csv", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "explain", "--id", "id", "--text", "body",
                                                                         path, "A1", "A3", NULL }),
                   ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 3, field 2: the value holds a NUL byte (character 0) at byte 21"));
  g_assert_null (strstr (err, "UTF-8"));
}

/* explain --skip-bad-rows, as its message advises: a bad row elsewhere in
 * the file is passed over and counted, whether the whole file is read for
 * its passages or not (--pair-only); one of the two asked for is refused. */
static void
test_explain_skip_bad_rows (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "bad-rows", "nul-in-text.csv", NULL);
  const char *const extra[] = { NULL, "--pair-only" };

  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "explain", "--id", "id", "--text", "body",
                                                                             "--skip-bad-rows", path, "A1", "A3",
                                                                             extra[i], NULL }),
                       ==, 0);
      g_test_message ("%s", err);
      g_assert_true (g_str_has_prefix (out, "Records A1 and A3\n"));
      g_assert_nonnull (strstr (out, "Distance:         0 bits of 64"));
      g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds a NUL byte"));
      g_assert_nonnull (strstr (err, "1 bad row left out (still in the source)\n"));
    }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "explain", "--id", "id", "--text", "body",
                                                                           "--skip-bad-rows", path, "A1", "A2",
                                                                           NULL }),
                     ==, 1);
    g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds a NUL byte"));
    g_assert_nonnull (strstr (err, "one of the two records asked for"));
  }
}

/* explain --encoding GBK --skip-bad-rows of a GBK file with a line in
 * UTF-8, whose bytes GBK cannot read: the line is a bad row, passed over
 * and counted, not the end of the reading. */
static void
test_explain_skip_unreadable (void)
{
  g_autofree char *path = g_build_filename (dir, "gbk.csv", NULL);
  const char *head = "id,body\nA1,小区 夜间 施工 噪音 扰民 请求 查处\n";
  /* Three characters, nine bytes: the last pairs with "1", no GBK byte. */
  const char *other = "A2,路灯坏1\n";
  const char *tail = "A3,小区 夜间 施工 噪音 扰民 请求 查处\n";
  g_autofree char *gbk_head = g_convert (head, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk_tail = g_convert (tail, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *contents = NULL;
  const char *const extra[] = { NULL, "--pair-only" };

  /* The UTF-8 line between the two asked for: explain's own reading
   * meets it. */
  g_assert_nonnull (gbk_head);
  g_assert_nonnull (gbk_tail);
  contents = g_strconcat (gbk_head, other, gbk_tail, NULL);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "explain", "--id", "id", "--text", "body",
                                                                             "--encoding", "GBK", "--skip-bad-rows",
                                                                             path, "A1", "A3", extra[i], NULL }),
                       ==, 0);
      g_test_message ("%s", err);
      g_assert_true (g_str_has_prefix (out, "Records A1 and A3\n"));
      g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds bytes that are not GBK text"));
      g_assert_nonnull (strstr (err, "1 bad row left out (still in the source)\n"));
    }
}

/* eval --skip-bad-rows leaves out a bad row as scan does, lists it, and
 * passes over the truth's lines that name it, whether the truth is a file
 * of pairs, a column of the records (read again: its NUL must not stop
 * that reading) or, without --id, pairs of row numbers. The oracle: the
 * file's three rows by hand, A1 and A3 the same text, A2 holding a NUL. */
static void
test_eval_skip_bad_rows (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "bad-rows", "nul-in-text.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "eval-pairs.csv", NULL);
  g_autofree char *numbers = g_build_filename (dir, "eval-numbers.csv", NULL);
  g_autofree char *list = g_build_filename (dir, "eval-bad-rows.csv", NULL);
  g_autofree char *listed = NULL;

  g_assert_true (g_file_set_contents (pairs, "key_a,key_b,label\nA1,A3,dup\nA1,A2,dup\nA2,A3,diff\n", -1, NULL));
  g_assert_true (g_file_set_contents (numbers, "key_a,key_b,label\n1,3,dup\n2,3,dup\n", -1, NULL));
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                           "--records", path, "--pairs", pairs,
                                                                           "--summary", "--no-second-stage", NULL }),
                     ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds a NUL byte"));
    g_assert_nonnull (strstr (err, "--skip-bad-rows"));
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                           "--records", path, "--pairs", pairs,
                                                                           "--summary", "--no-second-stage",
                                                                           "--skip-bad-rows", "--bad-rows", list,
                                                                           NULL }),
                     ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_true (g_str_has_prefix (out, "2 records (0 too short to match); 1 dup pairs, 0 same_matter pairs labelled\n"));
    g_assert_nonnull (strstr (err, "1 bad row left out (still in the source), listed in "));
    g_assert_nonnull (strstr (err, ": 2 lines name rows left out as bad, and are passed over\n"));
    g_assert_true (g_file_get_contents (list, &listed, NULL, NULL));
    g_assert_nonnull (strstr (listed, "A2,3,body,\"the value holds a NUL byte"));
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                           "--records", path, "--truth-groups", "note",
                                                                           "--summary", "--no-second-stage",
                                                                           "--skip-bad-rows", NULL }),
                     ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_true (g_str_has_prefix (out, "2 records (0 too short to match); 1 dup pairs, 0 same_matter pairs labelled\n"));
    g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds a NUL byte"));
    g_assert_nonnull (strstr (err, "note: 1 line names a row left out as bad, and is passed over\n"));
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "eval", "--text", "body", "--records", path,
                                                                           "--pairs", numbers, "--summary",
                                                                           "--no-second-stage", "--skip-bad-rows",
                                                                           NULL }),
                     ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_true (g_str_has_prefix (out, "2 records (0 too short to match); 1 dup pairs, 0 same_matter pairs labelled\n"));
    g_assert_nonnull (strstr (err, ": 1 line names a row left out as bad, and is passed over\n"));
  }
}

/* A GBK file with a line in UTF-8 that GBK cannot read: the reader's
 * refusal names --skip-bad-rows for eval, which has it, and with it the
 * line is left out. */
static void
test_eval_reader_advice (void)
{
  g_autofree char *path = g_build_filename (dir, "eval-gbk.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "eval-gbk-pairs.csv", NULL);
  const char *head = "id,body\nA1,小区 夜间 施工 噪音 扰民 请求 查处\n";
  const char *other = "A2,路灯坏1\n";
  const char *tail = "A3,小区 夜间 施工 噪音 扰民 请求 查处\n";
  g_autofree char *gbk_head = g_convert (head, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk_tail = g_convert (tail, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *contents = g_strconcat (gbk_head, other, gbk_tail, NULL);
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  g_assert_true (g_file_set_contents (pairs, "key_a,key_b,label\nA1,A3,dup\n", -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                         "--encoding", "GBK", "--records", path,
                                                                         "--pairs", pairs, "--summary",
                                                                         "--no-second-stage", NULL }),
                   ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "leave them out with --skip-bad-rows"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                         "--encoding", "GBK", "--records", path,
                                                                         "--pairs", pairs, "--summary",
                                                                         "--no-second-stage", "--skip-bad-rows", NULL }),
                   ==, 0);
  g_test_message ("%s%s", out, err);
  g_assert_true (g_str_has_prefix (out, "2 records (0 too short to match); 1 dup pairs"));
  g_assert_nonnull (strstr (err, "line 3 (id “A2”), column “body”: the value holds bytes that are not GBK text"));
}

/* A GBK file with a line whose UTF-8 bytes GBK reads as other
 * characters, Chinese (鍙蜂粙… for 号介…) or Western (Jos茅 for José):
 * explain refuses it as scan does, in the same words, whether the record
 * is one of the two asked for (read up to it only, --pair-only) or not;
 * with --skip-bad-rows it is left out. */
static void
test_explain_reads_as_scan (void)
{
  g_autofree char *path = g_build_filename (dir, "explain-gbk.csv", NULL);
  const char *head = "id,body\nA1,小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡\n";
  const struct {
    const char *line;
    const char *named;
  } others[] = {
    /* Each two characters' six UTF-8 bytes are three GBK characters. */
    { "A2,号介纠理决核映公很扰云民理理九村\n", "line 3 (id “A2”), column “body”: the value is UTF-8 text read as GBK" },
    { "A2,José Müller complained of the noise at night\n",
      "line 3, column “body”: the value read as GBK is “Jos茅 M眉ller" },
  };
  /* Rows enough that the one left out does not make the column's text
   * look misread as a whole. */
  const char *tail = "A3,小区 夜间 施工 噪音 扰民 请求 查处 工地 围挡\n"
                     "A4,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 4\n"
                     "A5,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 5\n"
                     "A6,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 6\n"
                     "A7,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 7\n"
                     "A8,农村 宅基地 确权 纠纷 村委会 不予 登记 请求 复核 8\n";
  g_autofree char *gbk_head = g_convert (head, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk_tail = g_convert (tail, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  const char *const asked[][3] = { { "A1", "A2", "--pair-only" }, { "A1", "A3", "--pair-only" }, { "A1", "A3", NULL } };

  for (guint o = 0; o < G_N_ELEMENTS (others); o++)
    {
      g_autofree char *contents = g_strconcat (gbk_head, others[o].line, gbk_tail, NULL);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *scan_err = NULL;

      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
      g_assert_cmpint (pr_test_run_cli (NULL, &scan_err, (const char *const[]) { "scan", "--id", "id", "--text", "body",
                                                                                  "--encoding", "GBK", "--out",
                                                                                  "/dev/null", path, NULL }),
                       ==, 1);
      for (guint i = 0; i < G_N_ELEMENTS (asked); i++)
        {
          g_autofree char *explain_err = NULL;

          g_assert_cmpint (pr_test_run_cli (NULL, &explain_err, (const char *const[]) { "explain", "--id", "id",
                                                                                         "--text", "body",
                                                                                         "--encoding", "GBK", path,
                                                                                         asked[i][0], asked[i][1],
                                                                                         asked[i][2], NULL }),
                           ==, 1);
          g_test_message ("%s%s", scan_err, explain_err);
          g_assert_nonnull (strstr (explain_err, others[o].named));
          /* The same words after the command's name. */
          g_assert_cmpstr (strchr (explain_err, ':'), ==, strchr (scan_err, ':'));
        }
      g_assert_cmpint (pr_test_run_cli (&out, &err, (const char *const[]) { "explain", "--id", "id", "--text", "body",
                                                                             "--encoding", "GBK", "--skip-bad-rows",
                                                                             path, "A1", "A3", NULL }),
                       ==, 0);
      g_test_message ("%s", err);
      g_assert_true (g_str_has_prefix (out, "Records A1 and A3\n"));
      g_assert_nonnull (strstr (err, "1 bad row left out (still in the source)\n"));
    }
}

/* With --skip-bad-rows the reader checks no text, so that the bad rows'
 * bytes do not stop it: a kept row's value in a column the scan does not
 * read (the held-back pairs' column, the groups' column) is checked on
 * its own, and refused naming its line and column, not walked as
 * characters past its end (a cut UTF-8 character) or read with GBK's
 * unreadable bytes as one mark (G\x81 1 and G\x82 1 made one group). A label is
 * checked before its pair is passed over for a row left out. */
static void
test_eval_kept_rows_checked (void)
{
  g_autofree char *nul = g_test_build_filename (G_TEST_DIST, "bad-rows", "nul-in-text.csv", NULL);
  g_autofree char *cut = g_build_filename (dir, "eval-cut.csv", NULL);
  g_autofree char *gbk = g_build_filename (dir, "eval-gbk-groups.csv", NULL);
  g_autofree char *pairs = g_build_filename (dir, "eval-kept-pairs.csv", NULL);
  g_autofree char *typo = g_build_filename (dir, "eval-typo-pairs.csv", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  const char *body = "小区 夜间 施工 噪音 扰民 请求 查处";
  g_autofree char *gbk_body = g_convert (body, -1, "GBK", "UTF-8", NULL, NULL, NULL);
  g_autofree char *gbk_contents = g_strconcat ("id,body,group\nA1,", gbk_body, ",G\x81 1\nA2,路灯坏1,G\nA3,", gbk_body,
                                               ",G\x82 1\n", NULL);
  g_autofree char *err = NULL;

  /* A3's note ends in the first byte of a four-byte character. */
  g_assert_true (g_file_get_contents (nul, &contents, &length, NULL));
  g_assert_true (g_str_has_suffix (contents + length - 3, "ok\n"));
  contents[length - 1] = '\xf0';
  g_assert_true (g_file_set_contents (cut, contents, length, NULL));
  g_assert_true (g_file_set_contents (pairs, "key_a,key_b,label\nA1,A3,dup\n", -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                         "--records", cut, "--pairs", pairs,
                                                                         "--held-back-column", "note", "--summary",
                                                                         "--no-second-stage", "--skip-bad-rows", NULL }),
                   !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 4, column “note”: the value is not UTF-8 text"));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (gbk, gbk_contents, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                         "--encoding", "GBK", "--records", gbk,
                                                                         "--truth-groups", "group", "--summary",
                                                                         "--no-second-stage", "--skip-bad-rows", NULL }),
                   !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 2, column “group”: the value holds bytes that are not GBK text"));
  g_clear_pointer (&err, g_free);

  g_assert_true (g_file_set_contents (typo, "key_a,key_b,label\nA1,A3,dup\nA1,A2,dupp\n", -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, (const char *const[]) { "eval", "--id", "id", "--text", "body",
                                                                         "--records", nul, "--pairs", typo,
                                                                         "--summary", "--no-second-stage",
                                                                         "--skip-bad-rows", NULL }),
                   !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "line 3: unknown label “dupp”"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = pr_test_make_temp_dir ();
  records = g_build_filename (dir, "records.csv", NULL);
  g_assert_true (g_file_set_contents (records, RECORDS, -1, NULL));

  g_test_add_func ("/cli/edge-options/idle-refused", test_idle_refused);
  g_test_add_func ("/cli/edge-options/decimal-only", test_decimal_only);
  g_test_add_func ("/cli/edge-options/explain-nul", test_explain_nul);
  g_test_add_func ("/cli/edge-options/explain-skip-bad-rows", test_explain_skip_bad_rows);
  g_test_add_func ("/cli/edge-options/explain-skip-unreadable", test_explain_skip_unreadable);
  g_test_add_func ("/cli/edge-options/eval-skip-bad-rows", test_eval_skip_bad_rows);
  g_test_add_func ("/cli/edge-options/eval-reader-advice", test_eval_reader_advice);
  g_test_add_func ("/cli/edge-options/explain-reads-as-scan", test_explain_reads_as_scan);
  g_test_add_func ("/cli/edge-options/eval-kept-rows-checked", test_eval_kept_rows_checked);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
