/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Options the command would take and then do nothing with (a database's
 * password for a file, the receiving body without a petitioner column,
 * the day accepted without the state, the rules without any column they
 * read, the cross-validation's folds without the second stage) are refused,
 * naming them; a number option is read in decimal only (0x1p-1 is
 * refused, not read as 0.5), and one too near 0 for a double (1e-400) is
 * refused, not read as 0; a NUL byte in a file is named as a NUL,
 * not as invalid UTF-8. The oracle: the exit status and the message, and
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

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
