/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The command-line interface, run as a user runs it: the built binary on
 * files in a temporary folder. Expected outputs are worked out by hand from
 * the input (identical texts are at distance 0; unrelated texts are far).
 */
#include "config.h"

#include "pr-test-util.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"

static char *tmpdir;

static const char records_csv[] =
  "id,user,subject,body,time\n"
  "1,U1,路灯坏了,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-03-05 09:00:00\n"
  "2,U1,路灯坏了,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024/3/1 10:00\n"
  "3,U2,拖欠工资,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-02-01\n"
  "4,U3,夜间施工,夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。,2024-01-01\n"
  "5,U1,路灯坏了,\"幸福路12号的路灯坏了三个月，\n晚上出行很不安全，请尽快维修。\",\n"
  "6,U9,同上,同上,2024-01-01\n"
  "7,U9,同上,同上,2024-01-02\n";

static char *
write_file (const char *name,
            const char *contents,
            gssize      length)
{
  char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);

  return path;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  return contents;
}

/* Runs petition-review-cli with the NULL-terminated arguments; returns its
 * exit status. */
static int
run_cli (char **out,
         char **err,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *arg;

  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  return pr_test_run_cli (out, err, (const char *const *) args->pdata);
}

static void
test_scan_clusters (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *clusters = g_build_filename (tmpdir, "clusters.csv", NULL);
  g_autofree char *pairs = g_build_filename (tmpdir, "pairs.csv", NULL);
  g_autofree char *out = NULL, *err = NULL, *clusters_text = NULL, *pairs_text = NULL;

  g_assert_cmpint (run_cli (&out, &err, "scan", "--no-second-stage", records, "--id", "id", "--short", "user", "--text", "subject",
                            "--text", "body", "--date", "time", "--out", clusters, "--pairs", pairs, NULL), ==, 0);

  /* 1, 2 and 5 say the same; 2 is the earliest, 5 has no date. 6 and 7 are
   * identical but too short to match. */
  clusters_text = read_file (clusters);
  g_assert_cmpstr (clusters_text, ==,
                   "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n"
                   "1,2,2,0,,,,,,,,\r\n"
                   "1,1,2,0,,,,,,,,\r\n"
                   "1,5,2,0,,,,,,,,\r\n");
  pairs_text = read_file (pairs);
  g_assert_cmpstr (pairs_text, ==,
                   "id_a,id_b,distance,kind,disposition,probability\r\n"
                   "1,2,0,,,\r\n"
                   "1,5,0,,,\r\n"
                   "2,5,0,,,\r\n");
  g_assert_nonnull (strstr (err, "7 records (2 too short to match)"));
  /* One cluster, worded in the singular. */
  g_assert_nonnull (strstr (err, ", 1 cluster holding 3 records\n"));
}

/* Every subcommand's --help: exit 0, and a usage line the user can type,
 * with the subcommand in it. The top level names every command. */
static void
test_help (void)
{
  static const char *const commands[][2] = {
    { "scan", NULL }, { "fingerprint", NULL }, { "eval", NULL }, { "check", NULL }, { "explain", NULL },
    { "thresholds", NULL }, { "decisions", "export" }, { "decisions", NULL },
  };
  g_autofree char *top = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL;
      /* "decisions --help" is the help of its one action, export. */
      g_autofree char *usage = g_strdup_printf ("\n  petition-review-cli %s%s [OPTION…]", commands[i][0],
                                                g_str_equal (commands[i][0], "decisions") ? " export" : "");

      if (commands[i][1] != NULL)
        g_assert_cmpint (run_cli (&out, NULL, commands[i][0], commands[i][1], "--help", NULL), ==, 0);
      else
        g_assert_cmpint (run_cli (&out, NULL, commands[i][0], "--help", NULL), ==, 0);
      g_test_message ("%s", out);
      g_assert_nonnull (strstr (out, usage));
    }
  g_assert_cmpint (run_cli (&top, NULL, "--help", NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", commands[i][0]);

      g_assert_nonnull (strstr (top, line));
    }
}

/* same_petitioner: whether a member was sent by the primary's petitioner
 * (1) or by another (0); empty for the primary, for a member whose
 * petitioner is not filled in, and for every row when no column names the
 * petitioner. Worked out by hand from the users below. */
static void
test_scan_same_petitioner (void)
{
  static const char csv[] =
    "id,user,body,time\n"
    "1,U1,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-01\n"
    "2,U1,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-02\n"
    "3,U2,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-03\n"
    "4,,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-04\n"
    "5,u１,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。,2024-01-05\n"
    "6,U3,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-01-01\n"
    "7,U3,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。,2024-01-02\n"
    "8,U4,夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。,2024-01-01\n";
  /* cluster, id, primary, same_petitioner: 1 is the earliest of the first
   * matter; 5's "u１" is U1 in another case and width. */
  static const char *const expected[][4] = {
    { "1", "1", "1", "" }, { "1", "2", "1", "1" }, { "1", "3", "1", "0" }, { "1", "4", "1", "" },
    { "1", "5", "1", "1" }, { "2", "6", "6", "" }, { "2", "7", "6", "1" },
  };
  g_autofree char *records = write_file ("petitioners.csv", csv, -1);
  g_autofree char *clusters = g_build_filename (tmpdir, "petitioner-clusters.csv", NULL);

  for (guint run = 0; run < 2; run++)
    {
      g_autofree char *out = NULL, *err = NULL, *text = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean marked = run == 0;

      /* Marked as the petitioner, or only a short field like any other. */
      g_assert_cmpint (run_cli (&out, &err, "scan", "--no-second-stage", records, "--id", "id", marked ? "--petitioner" : "--short", "user",
                                "--text", "body", "--date", "time", "--out", clusters, NULL), ==, 0);
      text = read_file (clusters);
      lines = g_strsplit (text, "\r\n", -1);
      g_test_message ("%s", text);
      g_assert_cmpuint (g_strv_length (lines), ==, 1 + G_N_ELEMENTS (expected) + 1);
      g_assert_cmpstr (lines[0], ==, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability");
      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        {
          g_auto(GStrv) fields = g_strsplit (lines[i + 1], ",", -1);

          g_assert_cmpuint (g_strv_length (fields), ==, 12);
          g_assert_cmpstr (fields[0], ==, expected[i][0]);
          g_assert_cmpstr (fields[1], ==, expected[i][1]);
          g_assert_cmpstr (fields[2], ==, expected[i][2]);
          g_assert_true (g_ascii_isdigit (fields[3][0]));
          g_assert_cmpstr (fields[4], ==, marked ? expected[i][3] : "");
          /* No store, no case. */
          g_assert_cmpstr (fields[5], ==, "");
          /* Why the same: the petitioner id. */
          g_assert_cmpstr (fields[6], ==, marked && g_str_equal (expected[i][3], "1") ? "petitioner" : "");
        }
      g_assert_cmpstr (lines[G_N_ELEMENTS (expected) + 1], ==, "");
    }
}

static void
test_scan_to_stdout (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "scan", "--no-second-stage", records, "--id", "id", "--text", "body", "--date", "time", NULL), ==, 0);
  /* What the distances mean, then the clusters. */
  g_assert_true (g_str_has_prefix (out, "The distances are the bits in which two fingerprints differ"));
  g_assert_nonnull (strstr (out, "within k = 3 or share passages"));
  g_assert_nonnull (strstr (out, ".\n\nCluster 1: 3 records, largest distance 0\n  * 2 "));
  g_assert_nonnull (strstr (out, "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。"));
  g_assert_null (strstr (out, "Cluster 2"));
}

/* --out through a symlink replaces the file it points to and keeps the
 * link; a device is written, not replaced. */
static void
test_scan_out_symlink (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *real = write_file ("real-clusters.csv", "old\r\n", -1);
  g_autofree char *link = g_build_filename (tmpdir, "link-clusters.csv", NULL);
  g_autofree char *out = NULL, *err = NULL, *link_target = NULL, *clusters_text = NULL;

  g_unlink (link);
  g_assert_cmpint (symlink ("real-clusters.csv", link), ==, 0);
  g_assert_cmpint (run_cli (&out, &err, "scan", "--no-second-stage", records, "--id", "id", "--text", "body",
                            "--out", link, NULL), ==, 0);
  link_target = g_file_read_link (link, NULL);
  g_assert_cmpstr (link_target, ==, "real-clusters.csv");
  clusters_text = read_file (real);
  g_assert_true (g_str_has_prefix (clusters_text, "cluster,id,primary,distance,same_petitioner,case,identity_evidence,kind,disposition,due,earlier_id,probability\r\n1,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (&out, &err, "fingerprint", records, "--text", "body",
                            "--out", "/dev/null", NULL), ==, 0);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS) && !g_file_test ("/dev/null", G_FILE_TEST_IS_REGULAR));
}

/* The CLI's fingerprints are the engine's, printed as 16 lower-case hex digits. */
static void
test_fingerprint_output (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  const char *bodies[] = {
    "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。",
    "幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。",
    "某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。",
    "夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。",
    "幸福路12号的路灯坏了三个月，\n晚上出行很不安全，请尽快维修。",
    "同上",
    "同上",
  };
  const char *users[] = { "U1", "U1", "U2", "U3", "U1", "U9", "U9" };

  g_assert_cmpint (run_cli (&out, &err, "fingerprint", records, "--id", "id", "--short", "user", "--text", "body", NULL), ==, 0);
  lines = g_strsplit (out, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  g_assert_cmpstr (lines[0], ==, "id,fingerprint");
  g_assert_cmpstr (lines[8], ==, "");

  g_assert_true (pr_mapping_add (mapping, "user", PR_COLUMN_ROLE_SHORT, 2, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, NULL);
  for (guint i = 0; i < 7; i++)
    {
      const char *values[] = { users[i], bodies[i] };
      PrFingerprint fp;
      g_autofree char *expected = NULL;

      g_assert_true (pr_fingerprinter_compute (fingerprinter, values, NULL, &fp, NULL));
      expected = g_strdup_printf ("%u,%016" G_GINT64_MODIFIER "x", i + 1, fp.fingerprint);
      g_assert_cmpstr (lines[i + 1], ==, expected);
      g_assert_true (g_regex_match_simple ("^[0-9],[0-9a-f]{16}$", lines[i + 1], 0, 0));
    }
}

/* GB18030 bytes made by iconv (through g_convert), not by ICU: the CLI must
 * read them as the same records. */
static void
test_gb18030 (void)
{
  g_autofree char *utf8 = write_file ("records.csv", records_csv, -1);
  gsize gb_length = 0;
  g_autofree char *gb = g_convert (records_csv, -1, "GB18030", "UTF-8", NULL, &gb_length, NULL);
  g_autofree char *gb_path = NULL;
  g_autofree char *out_utf8 = NULL, *out_gb = NULL, *err = NULL;

  g_assert_nonnull (gb);
  g_assert_cmpmem (gb + strlen ("id,user,subject,body,time\n1,U1,"), 2, "\xc2\xb7", 2); /* 路 */
  gb_path = write_file ("records-gb.csv", gb, gb_length);

  g_assert_cmpint (run_cli (&out_utf8, NULL, "fingerprint", utf8, "--id", "id", "--text", "body", NULL), ==, 0);
  g_assert_cmpint (run_cli (&out_gb, &err, "fingerprint", gb_path, "--id", "id", "--text", "body",
                            "--encoding", "GB18030", NULL), ==, 0);
  g_assert_cmpstr (out_gb, ==, out_utf8);

  /* Read as UTF-8, the same bytes are an error that names where. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "fingerprint", gb_path, "--id", "id", "--text", "body", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "line 2"));
  g_assert_nonnull (strstr (err, "is not UTF-8 text"));
}

static void
assert_one_line_error (int         status,
                       int         expected_status,
                       const char *err,
                       const char *expected)
{
  g_test_message ("stderr: %s", err);
  g_assert_cmpint (status, ==, expected_status);
  g_assert_nonnull (strstr (err, expected));
  g_assert_nonnull (strchr (err, '\n'));
  g_assert_cmpstr (strchr (err, '\n'), ==, "\n");
}

/* ---- A full disk ---------------------------------------------------------- */

/* In the CLI's child: files may grow to this many bytes, and a write past
 * that fails with EFBIG instead of killing the process (SIGXFSZ, which an
 * ignored disposition keeps through exec). */
#define FILE_SIZE_LIMIT 64

static void
limit_file_size (gpointer user_data)
{
  struct rlimit rl = { FILE_SIZE_LIMIT, FILE_SIZE_LIMIT };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &rl);
}

/* Runs the CLI with its standard output to @stdout_path (NULL: a pipe,
 * discarded), its file sizes limited when @limited. Returns its exit
 * status; @err gets its standard error. */
static int
run_cli_full_disk (const char         *stdout_path,
                   gboolean            limited,
                   char              **err,
                   const char *const  *args)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                        (stdout_path == NULL ? G_SUBPROCESS_FLAGS_STDOUT_SILENCE : 0));
  if (stdout_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  if (limited)
    g_subprocess_launcher_set_child_setup (launcher, limit_file_size, NULL, NULL);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("%s: %s", args[0], *err);

  return g_subprocess_get_exit_status (process);
}

/* A full disk under an export (/dev/full gives ENOSPC; a file size limit
 * gives EFBIG to a file the limit would pass): the CLI fails with one
 * line naming where it wrote, and a report it was replacing is left as it
 * was, with no partial file beside it. */
static void
test_disk_full (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *dir = g_build_filename (tmpdir, "full-disk", NULL);
  g_autofree char *report = g_build_filename (dir, "report.csv", NULL);
  const char *commands[] = { "scan", "fingerprint" };

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      const char *to_device[] = { commands[c], records, "--id", "id", "--text", "body", "--out", "/dev/full", NULL };
      const char *to_stdout[] = { commands[c], records, "--id", "id", "--text", "body", NULL };
      const char *to_file[] = { commands[c], records, "--id", "id", "--text", "body", "--out", report, NULL };
      g_autofree char *prefix = g_strdup_printf ("petition-review-cli %s: cannot write ", commands[c]);
      g_autofree char *file_prefix = g_strdup_printf ("%s%s: ", prefix, report);
      g_autofree char *contents = NULL;
      g_autoptr(GDir) listing = NULL;
      g_autoptr(GError) error = NULL;

      {
        g_autofree char *err = NULL;

        g_assert_cmpint (run_cli_full_disk (NULL, FALSE, &err, to_device), ==, 1);
        g_assert_true (g_str_has_prefix (err, prefix));
        g_assert_nonnull (strstr (err, "/dev/full: "));
        g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));
        g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
      }
      {
        g_autofree char *err = NULL;

        g_assert_cmpint (run_cli_full_disk ("/dev/full", FALSE, &err, to_stdout), ==, 1);
        g_assert_true (g_str_has_prefix (err, prefix));
        g_assert_nonnull (strstr (err, "standard output"));
        g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));
      }
      /* The second stage keeps the texts in a temporary file, which the
       * limit stops first: the scan says where, and leaves the report. */
      if (g_str_equal (commands[c], "scan"))
        {
          g_autofree char *err = NULL;
          g_autofree char *kept = NULL;

          g_file_set_contents (report, "old\r\n", -1, &error);
          g_assert_no_error (error);
          g_assert_cmpint (run_cli_full_disk (NULL, TRUE, &err, to_file), ==, 1);
          g_assert_nonnull (strstr (err, "temporary file"));
          g_assert_nonnull (strstr (err, "TMPDIR"));
          kept = read_file (report);
          g_assert_cmpstr (kept, ==, "old\r\n");
        }
      {
        g_autofree char *err = NULL;
        const char *no_judging[] = { commands[c], "--no-second-stage", records, "--id", "id", "--text", "body",
                                     "--out", report, NULL };

        g_file_set_contents (report, "old\r\n", -1, &error);
        g_assert_no_error (error);
        g_assert_cmpint (run_cli_full_disk (NULL, TRUE, &err, g_str_equal (commands[c], "scan") ? no_judging : to_file),
                         ==, 1);
        g_assert_true (g_str_has_prefix (err, file_prefix));
        g_assert_nonnull (strstr (err, g_strerror (EFBIG)));
        g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
      }
      contents = read_file (report);
      g_assert_cmpstr (contents, ==, "old\r\n");
      listing = g_dir_open (dir, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (g_dir_read_name (listing), ==, "report.csv");
      g_assert_null (g_dir_read_name (listing));

      /* With room, the same command replaces the report: the limit was
       * the only fault. */
      g_clear_pointer (&contents, g_free);
      g_assert_cmpint (run_cli (NULL, &contents, to_file[0], to_file[1], to_file[2], to_file[3], to_file[4],
                                to_file[5], to_file[6], to_file[7], NULL), ==, 0);
      g_clear_pointer (&contents, g_free);
      contents = read_file (report);
      g_assert_cmpuint (strlen (contents), >, FILE_SIZE_LIMIT);
    }
}

/* A petition long enough to match its copy. */
#define DOS_TEXT "我于去年三月向街道办事处反映小区供暖不足的问题至今没有答复"

static void
test_errors (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *bad_utf8 = write_file ("bad.csv", "id,body\n1,好的\n2,坏\xff的\n", -1);
  g_autofree char *ragged = write_file ("ragged.csv", "id,body\n1,好的\n2,坏的,多了\n", -1);
  g_autofree char *dup_ids = write_file ("dup.csv", "id,body\n1,好的\n1,坏的\n", -1);
  g_autofree char *dos_end = write_file ("dos-end.csv", "id,body\r\n1," DOS_TEXT "\r\n2," DOS_TEXT "\r\n\x1A", -1);
  g_autofree char *sep_comma = write_file ("sep-comma.csv", "sep=,\r\nid,body\r\n1,好的\r\n2,坏的\r\n", -1);
  g_autofree char *sep_semicolon = write_file ("sep-semicolon.csv", "sep=;\r\nid;body\r\n1;好的\r\n", -1);
  g_autofree char *dos_stuck = write_file ("dos-stuck.csv", "body,id\r\n" DOS_TEXT ",1\r\n" DOS_TEXT ",2\x1A\x1A", -1);
  g_autofree char *dos_only = write_file ("dos-only.csv", "\x1A", -1);
  g_autofree char *dos_quoted = write_file ("dos-quoted.csv", "id,body\r\n1,好的\r\n\"\x1A\"\r\n", -1);
  g_autofree char *sep_quoted = write_file ("sep-quoted.csv", "\"sep=,\"\r\nid,body\r\n1,好的\r\n2,坏的\r\n", -1);
  g_autofree char *dos_out = g_build_filename (tmpdir, "dos-out.csv", NULL);
  g_autofree char *dos_mid = write_file ("dos-mid.csv", "id,body\r\n1,好的\r\n\x1A\r\n2,坏的\r\n", -1);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-file.csv", NULL);
  g_autofree char *no_dir_out = g_build_filename (tmpdir, "no-such-dir", "out.csv", NULL);
  /* The tool's own wording, the file, then the reason (tests run in the C locale). */
  g_autofree char *missing_message = g_strdup_printf ("scan: cannot read %s: No such file or directory", missing);
  g_autofree char *dir_message = g_strdup_printf ("scan: cannot read %s: Is a directory", tmpdir);
  char *err = NULL;

#define CHECK(expected_status, expected, ...) \
  G_STMT_START { \
    int status = run_cli (NULL, &err, __VA_ARGS__, NULL); \
    assert_one_line_error (status, expected_status, err, expected); \
    g_clear_pointer (&err, g_free); \
  } G_STMT_END

  CHECK (2, "--bogus", "scan", "--no-second-stage", records, "--text", "body", "--bogus");
  CHECK (2, "unknown command “scna”", "scna");
  CHECK (2, "no column to fingerprint", "scan", "--no-second-stage", records, "--id", "id");
  CHECK (2, "--k must be from 0 to 15, not 40", "scan", "--no-second-stage", records, "--text", "body", "--k", "40");
  CHECK (2, "name one CSV file", "scan", "--no-second-stage", "--text", "body");
  CHECK (1, "column “bodyx” is not in the header", "scan", "--no-second-stage", records, "--text", "bodyx");
  CHECK (2, "weight -2 is not a number", "scan", "--no-second-stage", records, "--text", "body:-2");
  CHECK (1, "column “body:abc” is not in the header of", "scan", "--no-second-stage", records, "--text", "body:abc");
  CHECK (1, "“abc” after the last colon is not a number", "scan", "--no-second-stage", records, "--text", "body:abc");
  CHECK (2, "mapped twice", "scan", "--no-second-stage", records, "--text", "body", "--short", "body");
  CHECK (2, "name only one CSV file", "scan", "--no-second-stage", records, records, "--text", "body");
  CHECK (1, missing_message, "scan", "--no-second-stage", missing, "--text", "body");
  CHECK (1, dir_message, "scan", "--no-second-stage", tmpdir, "--text", "body");
  CHECK (2, "column “body” is given twice as text", "scan", "--no-second-stage", records, "--text", "body", "--text", "body");
  CHECK (2, "--out was given an empty file name", "scan", "--no-second-stage", records, "--text", "body", "--out=");
  CHECK (2, "--pairs was given an empty file name", "scan", "--no-second-stage", records, "--text", "body", "--pairs", "");
  /* Refused before the private server starts: one line, no "Starting…". */
  CHECK (2, "--k must be from 0 to 15, not 20", "scan", "--no-second-stage", "--sample", "--k", "20");
  CHECK (1, "line 3, column “body”: the value is not UTF-8 text: byte 3 is 0xFF", "scan", "--no-second-stage", bad_utf8, "--text", "body");
  CHECK (1, "line 3: 3 fields, but the header has 2", "scan", "--no-second-stage", ragged, "--text", "body");
  /* A DOS end-of-file mark after the last line ends the file; one with
   * lines after it is named. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *out_text = NULL;

      g_assert_cmpint (run_cli (NULL, NULL, "scan", "--no-second-stage", i == 0 ? dos_end : dos_stuck, "--id", "id",
                                "--text", "body", "--out", dos_out, NULL), ==, 0);
      /* Both records, in one cluster, the last id (the last value of the
       * second file) without the mark. */
      out_text = read_file (dos_out);
      g_assert_nonnull (strstr (out_text, "\r\n1,1,1,0,"));
      g_assert_nonnull (strstr (out_text, "\r\n1,2,1,0,"));
      g_assert_null (strchr (out_text, '\x1A'));
    }
  CHECK (1, "dos-only.csv is empty: a header row naming the columns is needed", "scan", "--no-second-stage",
         dos_only, "--id", "id", "--text", "body");
  CHECK (1, "line 3: 1 fields, but the header has 2", "scan", "--no-second-stage", dos_quoted, "--id", "id",
         "--text", "body");
  CHECK (1, "line 3 is a DOS end-of-file mark (Ctrl-Z, byte 0x1A), but more lines follow it", "scan", "--no-second-stage",
         dos_mid, "--id", "id", "--text", "body");
  /* Excel's separator line: a comma's passed over, another named. */
  g_assert_cmpint (run_cli (NULL, NULL, "scan", "--no-second-stage", sep_comma, "--id", "id", "--text", "body",
                            "--out", "/dev/null", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, NULL, "scan", "--no-second-stage", sep_quoted, "--id", "id", "--text", "body",
                            "--out", "/dev/null", NULL), ==, 0);
  CHECK (1, "line 1 is Excel's “sep=;”, so its columns are separated by “;”, not commas", "scan", "--no-second-stage",
         sep_semicolon, "--id", "id", "--text", "body");
  CHECK (1, "the id “1” appears a second time", "scan", "--no-second-stage", dup_ids, "--id", "id", "--text", "body");
  CHECK (1, "KLINGON-8", "scan", "--no-second-stage", records, "--text", "body", "--encoding", "KLINGON-8");
  CHECK (1, "cannot write", "fingerprint", records, "--text", "body", "--out", no_dir_out);
  CHECK (1, "has no record with the id “99”", "explain", records, "1", "99", "--id", "id", "--text", "body");
  CHECK (1, "has no record number “8” (without --id", "explain", records, "8", "1", "--text", "body");
  CHECK (2, "give one CSV file of records, then the ids of 2 records", "explain", records, "1", "--text", "body");
  CHECK (2, "give one CSV file of records, then the ids of 2 records", "explain", "1", "2", "--text", "body");
  CHECK (2, "--top must be at least 1, not 0", "explain", records, "1", "2", "--text", "body", "--top", "0");
  CHECK (2, "no column to fingerprint", "explain", records, "1", "2", "--id", "id");
  CHECK (1, "column “bodyx” is not in the header", "explain", records, "1", "2", "--text", "bodyx");
  CHECK (1, "column “key” is not in the header", "explain", records, "1", "2", "--id", "key", "--text", "body");
  CHECK (1, "line 3, field 2: invalid UTF-8 at byte 3", "explain", bad_utf8, "1", "2", "--text", "body");
  CHECK (2, "--idf-max-share must be a number from 0 to 1", "scan", "--no-second-stage", records, "--text", "body", "--idf-max-share", "1.5");
  CHECK (2, "--idf-max-share must be a number from 0 to 1", "eval", "--no-second-stage", "--records", records, "--pairs", records,
         "--text", "body", "--idf-max-share", "-0.1");
  /* A word is in one of the 7 records at least: under 1/7 every word is
   * left out, under 2/7 every word two records share; 2/7 rounded up is 0.29. */
  CHECK (1, "--idf-max-share 0.1 would leave out every word: each word is in one of the 7 records at least, more than "
         "that share; give 0.29 or more", "scan", "--no-second-stage", records, "--text", "body", "--idf-max-share", "0.1");
  CHECK (1, "--idf-max-share 0.2 would leave out every word that two of the 7 records share, so no record could match "
         "another; give 0.29 or more", "scan", "--no-second-stage", records, "--text", "body", "--idf-max-share", "0.2");
  CHECK (2, "cannot be reused: leave out --store", "scan", "--no-second-stage", "--db", "mariadb://nobody@localhost/nowhere", "--table", "t",
         "--store", "s", "--text", "body", "--idf");
  CHECK (2, "--idf", "explain", records, "1", "2", "--text", "body", "--idf");
  CHECK (2, "--parts must be “clauses” or “shingles”, not “words”", "scan", "--no-second-stage", records, "--text", "body", "--parts", "words");
  CHECK (2, "--shingle-words must be a number from 1 to 16", "scan", "--no-second-stage", records, "--text", "body", "--parts", "shingles",
         "--shingle-words", "0");
#undef CHECK
}

/* IDF through the CLI: "alpha" is in every record and weighs 0, so the
 * third record's fingerprint is epsilon's hash alone (xxhsum -H3); with
 * the share cap at 0.5 (2.5 of the 5 records) so are "alpha" and "beta"
 * (in 4) in the others. */
static void
test_fingerprint_idf (void)
{
  g_autofree char *records = write_file ("idf.csv",
                                         "id,body\n1,alpha beta gamma\n2,alpha beta delta\n3,alpha epsilon epsilon\n"
                                         "4,alpha beta zeta\n5,alpha beta eta\n", -1);
  g_autofree char *out = NULL;
  g_autofree char *expected = g_strdup_printf ("3,%016" G_GINT64_MODIFIER "x\r\n",
                                               (guint64) XXH3_64bits_withSeed ("epsilon", 7, 0));
  g_autofree char *gamma = g_strdup_printf ("1,%016" G_GINT64_MODIFIER "x\r\n",
                                            (guint64) XXH3_64bits_withSeed ("gamma", 5, 0));

  g_assert_cmpint (run_cli (&out, NULL, "fingerprint", records, "--id", "id", "--text", "body", "--min-tokens", "1",
                            "--idf", NULL), ==, 0);
  g_assert_nonnull (strstr (out, expected));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, NULL, "fingerprint", records, "--id", "id", "--text", "body", "--min-tokens", "1",
                            "--idf-max-share", "0.5", NULL), ==, 0);
  g_assert_nonnull (strstr (out, gamma));
  g_assert_nonnull (strstr (out, expected));
  g_clear_pointer (&out, g_free);
  /* Without IDF, the first record is a vote of its three words. */
  g_assert_cmpint (run_cli (&out, NULL, "fingerprint", records, "--id", "id", "--text", "body", "--min-tokens", "1",
                            NULL), ==, 0);
  g_assert_null (strstr (out, gamma));
}

/* Two records whose features are counted by hand (as in test-explain.c,
 * without the subject):
 *   a: user␟u1 2; the 3, lamp 3, is 2, broken 2, again, please, fix 1 each:
 *      8 features, weight 15;
 *   b: user␟u1 2; the 2, lamp 2, and is, broken, please, fix, this, road,
 *      too 1 each: 10 features, weight 13;
 *   shared by the smaller weight: lamp, the, user␟u1 2; broken, fix, is,
 *      please 1: 7, weight 10; only in a: again; only in b: road, this, too.
 * Sentences: a's 4 + 5 + 4 words, b's 4 + 4 (“the road too” is too short);
 * “the lamp is broken” is shared: 4 of 8 words, containment 0.50. b's
 * sentences hold 8 words, fewer than --min-shared's 12: a match needs
 * all 8. */
static const char lamp_csv[] =
  "id,user,body\n"
  "a,U1,\"The lamp is broken. The lamp is broken again; please fix the lamp\"\n"
  "b,u1,\"The lamp is broken. Please fix this lamp, the road too\"\n";

static void
test_explain_hand_counted (void)
{
  g_autofree char *records = write_file ("lamp.csv", lamp_csv, -1);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "explain", records, "a", "b", "--id", "id", "--short", "user",
                            "--text", "body", "--parts", "clauses", "--containment", "0.5", "--min-shared", "12", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (g_str_has_prefix (out, "Records a and b\n"));
  g_assert_nonnull (strstr (out, "\nShared sentences: 4 of 8 words (containment 0.50); a match needs 0.50 and 8 words\n"));
  g_assert_nonnull (strstr (out, "\nFeatures:         8 in a (weight 15), 10 in b (weight 13); 7 shared (weight 10 in common)\n"));
  g_assert_nonnull (strstr (out, "\nShort fields:\n  user: the same (u1)\n"));
  g_assert_nonnull (strstr (out,
                            "Shared features, by the weight they have in common (7):\n"
                            "    common        a        b  feature\n"
                            "         2        3        2  lamp\n"
                            /* As a writes it first, not folded. */
                            "         2        3        2  The\n"
                            "         2        2        2  user=u1\n"
                            "         1        2        1  broken\n"));
  g_assert_nonnull (strstr (out, "Only in a (1):\n    weight  feature\n         1  again\n"));
  g_assert_nonnull (strstr (out, "Only in b (3):\n    weight  feature\n         1  road\n         1  this\n         1  too\n"));
  /* 4 shared words are fewer than the 12 a match on sentences needs. */
  g_assert_null (strstr (out, "Match:            yes, on shared sentences"));
  g_clear_pointer (&out, g_free);

  /* With 4 enough, they match on their shared sentence. */
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--short", "user",
                            "--text", "body", "--parts", "clauses", "--containment", "0.5", "--min-shared", "4", "--k", "0", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\nMatch:            yes, on shared sentences\n"));
  /* The table's parts were counted: nothing is left out in a table of two. */
  g_assert_null (strstr (out, "Boilerplate:"));
  g_assert_null (strstr (out, "(here every shared part counts"));
  g_clear_pointer (&out, g_free);

  /* The lists are capped at --top; the counts stay. */
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--short", "user",
                            "--text", "body", "--top", "2", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Shared features, by the weight they have in common (7; the 2 heaviest):\n"));
  g_assert_nonnull (strstr (out, "Only in b (3; the 2 heaviest):\n"));
  g_assert_null (strstr (out, "  user=u1\n"));
}

/* A form letter's sentence, in three records; a and b share nothing else.
 * With --part-max-records 2 a scan leaves it out as boilerplate, and so
 * does explain, which reads the table: no match, and it says why. With
 * --pair-only it compares the two alone: a match, and a caveat. */
static const char form_csv[] =
  "id,body\n"
  "a,\"市民服务热线已多次反映此问题但至今没有任何部门给出答复。东门外的路灯坏了。\"\n"
  "b,\"市民服务热线已多次反映此问题但至今没有任何部门给出答复。西街的下水道堵了。\"\n"
  "c,\"市民服务热线已多次反映此问题但至今没有任何部门给出答复。南湖公园的厕所太脏。\"\n";

static void
test_explain_boilerplate (void)
{
  g_autofree char *records = write_file ("form.csv", form_csv, -1);
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--text", "body", "--parts",
                            "clauses", "--min-shared", "4", "--part-max-records", "2", "--k", "0", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "\nMatch:            no\n"));
  g_assert_nonnull (strstr (out, "\nBoilerplate:      passages found in more than 2 records are left out: 1 of a, 1 of b\n"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--text", "body", "--parts",
                            "clauses", "--min-shared", "4", "--part-max-records", "2", "--k", "0", "--pair-only", NULL),
                   ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "\nMatch:            yes, on shared sentences\n"
                                 "                  (here every shared part counts; a scan leaves out "
                                 "the parts found in more than 2 records, so it may not join these two)\n"));
  g_assert_null (strstr (out, "Boilerplate:"));
}

/* Shingles of 3 words, every one kept (w = 1), counted by hand. Each
 * stands for one word, the last of a text for its last 3:
 *   a: the lamp is | lamp is broken | is broken the | broken the lamp |
 *      (the lamp is | lamp is broken, again) | is broken again |
 *      broken again please | again please fix | please fix the |
 *      fix the lamp (3): 11 words in its distinct shingles;
 *   b: the lamp is | lamp is broken | is broken please | broken please fix |
 *      please fix this | fix this lamp | this lamp the | lamp the road |
 *      the road too (3): 11 words.
 * They share "the lamp is" and "lamp is broken": 2 words, 2/11 = 0.18
 * (clauses share "the lamp is broken", 4 words: test_explain_hand_counted).
 * 11 words are fewer than the default --min-shared's 20: a match needs
 * all 11. */
static void
test_explain_shingles (void)
{
  g_autofree char *records = write_file ("lamp.csv", lamp_csv, -1);
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--short", "user",
                            "--text", "body", "--parts", "shingles", "--shingle-words", "3", "--shingle-window", "1",
                            NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "\nShared passages:  2 of 11 words (containment 0.18); a match needs 0.60 and 11 words\n"));
  g_assert_nonnull (strstr (out, "\nMatch:            no\n"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "a", "b", "--id", "id", "--short", "user",
                            "--text", "body", "--parts", "shingles", "--shingle-words", "3", "--shingle-window", "1",
                            "--containment", "0.15", "--min-shared", "2", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\nMatch:            yes, on shared passages\n"));
}

/* The fingerprints the report gives are the CLI's own; identical copies
 * are at distance 0 and match both ways; records are named by their
 * number in the file without --id. */
static void
test_explain_records (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *out = NULL, *fingerprints = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *expected = NULL;

  g_assert_cmpint (run_cli (&fingerprints, NULL, "fingerprint", records, "--id", "id", "--short", "user",
                            "--text", "body", NULL), ==, 0);
  lines = g_strsplit (fingerprints, "\r\n", -1);
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "1", "3", "--id", "id", "--short", "user",
                            "--text", "body", NULL), ==, 0);
  expected = g_strdup_printf ("\nFingerprints:     %s (1), %s (3)\n", lines[1] + 2, lines[3] + 2);
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "  user: different (u1 | u2)\n"));
  g_assert_nonnull (strstr (out, "\nMatch:            no\n"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "5", "2", "--short", "user", "--text", "body", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\nDistance:         0 bits of 64 (100 % alike)"));
  g_assert_nonnull (strstr (out, "\nMatch:            yes, within k and on shared passages\n"));
  /* Within k the parts do not decide the match: no such caveat. */
  g_assert_null (strstr (out, "(here every shared part counts"));
  g_assert_nonnull (strstr (out, "(containment 1.00)"));
  g_assert_nonnull (strstr (out, "Only in 5 (0):\n"));
  g_clear_pointer (&out, g_free);

  /* 同上 is too short to be matched on its fingerprint: the report says so. */
  g_assert_cmpint (run_cli (&out, NULL, "explain", records, "6", "7", "--id", "id", "--text", "body", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "6 has too few words to be matched on its fingerprint"));
  g_assert_nonnull (strstr (out, "\nMatch:            no\n"));
}

/* Labels of records_csv's pairs. */
static const char labels_csv[] =
  "key_a,key_b,label\n"
  "1,2,dup\n"
  "3,4,dup\n"
  "1,5,diff\n"
  "5,2,same_matter\n";

static void
test_eval_hand_computed (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *labels = write_file ("labels.csv", labels_csv, -1);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GRegex) row = g_regex_new ("^ 3 +3 +1 +1 +1 +0 +0\\.500 +0\\.500 +0\\.500 +1\\.000$", G_REGEX_MULTILINE, 0, NULL);

  /* At k = 3 the three copies of the street-light complaint pair up:
   * 1–2 is dup (found), 1–5 diff (a false positive), 2–5 same_matter
   * (apart); 3–4 is dup and not found. Precision 1/2, recall 1/2. */
  g_assert_cmpint (run_cli (&out, &err, "eval", "--no-second-stage", "--records", records, "--pairs", labels,
                            "--id", "id", "--text", "body", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (g_regex_match (row, out, 0, NULL));
}

static int
compare_id_pointers (gconstpointer a,
                     gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The rows of eval --pairs-out, as "kind,a,b,label" sorted, without the
 * distance and containment. */
static char *
pairs_out_rows (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "kind,key_a,key_b,label,distance,parts,containment");
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", 5);

      g_assert_cmpuint (g_strv_length (fields), ==, 5);
      g_ptr_array_add (rows, g_strjoin (",", fields[0], fields[1], fields[2], fields[3], NULL));
    }
  g_ptr_array_sort (rows, compare_id_pointers);
  g_ptr_array_add (rows, NULL);
  return g_strjoinv (" ", (char **) rows->pdata);
}

/* --pairs-out names each pair as it was counted. Without the 1–5 label,
 * that pair is unlisted: a false positive, or with --held-back-column
 * (bodies 1 and 5 share every 3-gram) one of the labels held back, which
 * precision leaves out. */
static void
test_eval_pairs_out (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *labels = write_file ("labels-unlisted.csv", "key_a,key_b,label\n1,2,dup\n3,4,dup\n5,2,same_matter\n", -1);
  g_autofree char *pairs = g_build_filename (g_get_tmp_dir (), "pr-test-pairs-out.csv", NULL);
  g_autofree char *rows = NULL;

  g_assert_cmpint (run_cli (NULL, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--summary", "--pairs-out", pairs, NULL), ==, 0);
  rows = pairs_out_rows (pairs);
  g_assert_cmpstr (rows, ==, "fn,3,4,dup fp,1,5, same,2,5,same_matter tp,1,2,dup");
  g_clear_pointer (&rows, g_free);

  g_assert_cmpint (run_cli (NULL, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--summary", "--held-back-column", "body", "--pairs-out", pairs, NULL), ==, 0);
  rows = pairs_out_rows (pairs);
  g_assert_cmpstr (rows, ==, "fn,3,4,dup held,1,5, same,2,5,same_matter tp,1,2,dup");
  g_unlink (pairs);
}

/* The one row of eval --summary or --exact: its fields, split on spaces. */
static char **
summary_fields (const char *out,
                const char *label)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
      GStrvBuilder *builder = g_strv_builder_new ();
      char **row;

      for (guint j = 0; fields[j] != NULL; j++)
        if (*fields[j] != '\0')
          g_strv_builder_add (builder, fields[j]);
      row = g_strv_builder_end (builder);
      g_strv_builder_unref (builder);
      if (row[0] != NULL && g_str_equal (row[0], label))
        return row;
      g_strfreev (row);
    }
  g_error ("no row “%s” in:\n%s", label, out);
}

/* The exact-copy baseline compares the mapped values byte for byte: 1 and
 * 2 are the same user and body; 5 is their body with a line break (the
 * same words, other bytes); 6 and 7 are the same but too short to match.
 * Labels (labels_csv): 1–2 dup, 3–4 dup, 1–5 diff, 2–5 same_matter. So one pair, 1–2: precision 1/1, recall 1/2. */
static void
test_eval_exact (void)
{
  g_autofree char *records = write_file ("records.csv", records_csv, -1);
  g_autofree char *labels = write_file ("labels.csv", labels_csv, -1);
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) row = NULL;
  const char *expected[] = { "exact", "1", "1", "0", "0", "0", "1.000", "0.500", "0.667",
                             "|", "1", "1", "0", "0", "0", "1.000", "0.500", "0.667", "|", "0.000", NULL };

  g_assert_cmpint (run_cli (&out, &err, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--short", "user", "--text", "body", "--exact", NULL), ==, 0);
  g_test_message ("%s", out);
  row = summary_fields (out, "exact");
  g_assert_cmpstrv (row, expected);

  /* Every mapped value counts: 1 and 2 were sent at other times. Nothing
   * predicted: precision 1 (no mistake), recall 0. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&row, g_strfreev);
  g_assert_cmpint (run_cli (&out, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--short", "time", "--text", "body", "--exact", NULL), ==, 0);
  row = summary_fields (out, "exact");
  g_assert_cmpstr (row[1], ==, "0");
  g_assert_cmpstr (row[6], ==, "1.000");
  g_assert_cmpstr (row[7], ==, "0.000");

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--exact", "--curve", "x.svg", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--curve"));
}

/* Ground truth as groups, three ways that say the same: a column of the
 * records, a file of groups (ids separated by ';'), gold pairs with no
 * label. Groups {1, 2} and {3, 4}; 5 has no group. The identical bodies
 * 1, 2 and 5 are the pairs found (distance 0): 1–2 is dup, 1–5 and 2–5
 * are not in a group (false positives); 3–4 is missed. Precision 1/3,
 * recall 1/2, F1 0.4; the cluster {1, 2, 5} makes the same three pairs. */
static void
test_eval_truth_groups (void)
{
  static const char records_text[] =
    "id,entity,body\n"
    "1,a,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。\n"
    "2,a,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。\n"
    "3,b,某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。\n"
    "4,b,夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。\n"
    "5,,幸福路12号的路灯坏了三个月，晚上出行很不安全，请尽快维修。\n";
  g_autofree char *records = write_file ("grouped.csv", records_text, -1);
  g_autofree char *groups = write_file ("groups.csv", "merged_ids\n\"1;2\"\n\" 4 ;3\"\n", -1);
  g_autofree char *gold = write_file ("gold.csv", "cluster,id1,id2\n7,1,2\n8,4,3\n", -1);
  g_autofree char *bad_groups = write_file ("bad-groups.csv", "merged_ids\n1;2\n3;9\n", -1);
  const char *expected[] = { "3", "3", "1", "2", "0", "0", "0.333", "0.500", "0.400",
                             "|", "3", "1", "2", "0", "0", "0.333", "0.500", "0.400", "|", "0.000", NULL };
  const char *truths[][4] = {
    { "--truth-groups", "entity", NULL },
    { "--truth-groups-file", groups, NULL },
    { "--pairs", gold, "--pairs-columns", "id1,id2" },
  };
  char *err = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (truths); i++)
    {
      g_autofree char *out = NULL;
      g_auto(GStrv) row = NULL;

      g_assert_cmpint (run_cli (&out, &err, "eval", "--no-second-stage", "--records", records, "--id", "id", "--text", "body", "--summary",
                                truths[i][0], truths[i][1], truths[i][2], truths[i][3], NULL), ==, 0);
      g_test_message ("%s: %s", truths[i][0], out);
      g_assert_nonnull (strstr (out, "2 dup pairs"));
      row = summary_fields (out, "3");
      g_assert_cmpstrv (row, expected);
      g_clear_pointer (&err, g_free);
    }

#define CHECK(expected_status, expected, ...) \
  G_STMT_START { \
    int status = run_cli (NULL, &err, "eval", "--no-second-stage", "--records", records, "--id", "id", "--text", "body", __VA_ARGS__, NULL); \
    assert_one_line_error (status, expected_status, err, expected); \
    g_clear_pointer (&err, g_free); \
  } G_STMT_END

  CHECK (2, "one of --pairs FILE, --truth-groups COL", "--truth-groups", "entity", "--pairs", gold);
  CHECK (2, "one of --pairs FILE, --truth-groups COL", "--summary");
  CHECK (2, "--pairs-columns goes with --pairs", "--truth-groups", "entity", "--pairs-columns", "a,b");
  CHECK (2, "two or three columns", "--pairs", gold, "--pairs-columns", "id1");
  CHECK (1, "has no column “key_a”", "--pairs", gold);
  CHECK (1, "has no column “nope”", "--truth-groups", "nope");
  CHECK (1, "line 3: no record has the id “9”", "--truth-groups-file", bad_groups);
#undef CHECK
}

typedef struct {
  guint  series;
  guint  k;
  double recall, precision;
  double cx, cy;
} CurvePoint;

typedef struct {
  double  width, height;
  guint   n_series;
  GArray *points;   /* CurvePoint */
} Curve;

static const char *
attribute (const char **names,
           const char **values,
           const char  *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

static void
curve_start_element (GMarkupParseContext  *context,
                     const char           *element,
                     const char          **names,
                     const char          **values,
                     gpointer              user_data,
                     GError              **error)
{
  Curve *curve = user_data;
  const char *class = attribute (names, values, "class");

  if (g_str_equal (element, "svg"))
    {
      curve->width = g_ascii_strtod (attribute (names, values, "width"), NULL);
      curve->height = g_ascii_strtod (attribute (names, values, "height"), NULL);
    }
  else if (g_str_equal (element, "g") && g_strcmp0 (class, "series") == 0)
    {
      g_assert_nonnull (attribute (names, values, "data-name"));
      curve->n_series++;
    }
  else if (g_str_equal (element, "circle") && g_strcmp0 (class, "point") == 0)
    {
      CurvePoint point = {
        .series = atoi (attribute (names, values, "data-series")),
        .k = atoi (attribute (names, values, "data-k")),
        .recall = g_ascii_strtod (attribute (names, values, "data-recall"), NULL),
        .precision = g_ascii_strtod (attribute (names, values, "data-precision"), NULL),
        .cx = g_ascii_strtod (attribute (names, values, "cx"), NULL),
        .cy = g_ascii_strtod (attribute (names, values, "cy"), NULL),
      };

      g_array_append_val (curve->points, point);
    }
}

/* Reads the SVG file with GMarkup, which fails on anything not well-formed. */
static void
parse_curve (const char *path,
             Curve      *curve)
{
  GMarkupParser parser = { curve_start_element, NULL, NULL, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, curve, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = read_file (path);

  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_markup_parse_context_parse (context, svg, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
}

/* The records, and the distance of every two whole-record fingerprints,
 * computed by the engine on its own. */
static const char *const curve_bodies[] = {
  /* 1: two sentences, P */
  "幸福路十二号的路灯已经坏了三个多月，晚上居民出门非常不安全。请有关部门尽快派人来维修这些路灯。",
  /* 2: P and then Q, three sentences on another matter, longer than P */
  "幸福路十二号的路灯已经坏了三个多月，晚上居民出门非常不安全。请有关部门尽快派人来维修这些路灯。"
  "某建筑公司拖欠农民工工资已经半年多了，工人们多次讨要都没有结果。希望劳动监察部门能够介入调查此事。"
  "工人们家里都等着这笔钱过年，生活非常困难。",
  /* 3: Q */
  "某建筑公司拖欠农民工工资已经半年多了，工人们多次讨要都没有结果。希望劳动监察部门能够介入调查此事。"
  "工人们家里都等着这笔钱过年，生活非常困难。",
  /* 4, 5: the same */
  "小区门口的垃圾桶已经好几天没有人清理了，气味很大。",
  "小区门口的垃圾桶已经好几天没有人清理了，气味很大。",
  /* 6, 7: one word changed; they share one clause of 4 words, too few for a part match */
  "夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。",
  "夜间施工噪音扰民，凌晨三点还在打桩，严重影响休息。",
};

/* The distance of two bodies' fingerprints (mapped as --text body). */
static guint
body_distance (const char *a,
               const char *b)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  PrFingerprint fa, fb;

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  fingerprinter = pr_fingerprinter_new (mapping, PR_TOKENIZER_FOLD_TRADITIONAL, PR_DEFAULT_MIN_TOKENS, NULL);
  g_assert_true (pr_fingerprinter_compute (fingerprinter, &a, NULL, &fa, NULL));
  g_assert_true (pr_fingerprinter_compute (fingerprinter, &b, NULL, &fb, NULL));
  return (guint) __builtin_popcountll (fa.fingerprint ^ fb.fingerprint);
}

static guint
curve_distance (guint a,
                guint b)
{
  return body_distance (curve_bodies[a - 1], curve_bodies[b - 1]);
}

/* --curve: the SVG is well-formed (GMarkup parses it whole) and holds the
 * three series' points, each where its numbers put it.
 *
 * Labels: 1–2 dup, 2–3 dup, 1–3 diff, 4–5 dup, 6–7 dup (4 dup pairs).
 * 1–2 and 2–3 are found only by their parts (the smaller record's
 * sentences all in the larger: containment 1); 4–5 at distance 0; 6–7
 * only from k = d, their distance; every other pair is more than 8 bits
 * apart. So, for k < d and for k ≥ d:
 *   whole-record pairs: 4–5            recall 1/4, precision 1; then 2/4, 1
 *   pairs with parts:   + 1–2, 2–3     recall 3/4, precision 1; then 4/4, 1
 *   clusters:           {1,2,3} adds 1–3 (diff): 3/4 and 3/4; then 4/4 and 4/5 */
static void
test_eval_curve (void)
{
  g_autoptr(GString) csv = g_string_new ("id,body\n");
  g_autofree char *records = NULL;
  g_autofree char *labels = write_file ("curve-labels.csv",
                                        "key_a,key_b,label\n1,2,dup\n2,3,dup\n1,3,diff\n4,5,dup\n6,7,dup\n", -1);
  g_autofree char *svg_path = g_build_filename (tmpdir, "curve.svg", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (CurvePoint));
  g_autoptr(GArray) whole_points = g_array_new (FALSE, FALSE, sizeof (CurvePoint));
  Curve curve = { 0, 0, 0, points };
  Curve whole_curve = { 0, 0, 0, whole_points };
  guint d = curve_distance (6, 7);

  for (guint i = 0; i < G_N_ELEMENTS (curve_bodies); i++)
    g_string_append_printf (csv, "%u,%s\n", i + 1, curve_bodies[i]);
  records = write_file ("curve.csv", csv->str, -1);

  /* What the expected figures rest on. */
  g_test_message ("distance of 6 and 7: %u", d);
  g_assert_cmpuint (d, >=, 1);
  g_assert_cmpuint (d, <=, 8);
  g_assert_cmpuint (curve_distance (4, 5), ==, 0);
  for (guint a = 1; a <= 7; a++)
    for (guint b = a + 1; b <= 7; b++)
      if (!(a == 4 && b == 5) && !(a == 6 && b == 7))
        g_assert_cmpuint (curve_distance (a, b), >, 8);

  g_assert_cmpint (run_cli (&out, &err, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--curve", svg_path, NULL), ==, 0);
  g_assert_nonnull (strstr (out, svg_path));
  parse_curve (svg_path, &curve);

  g_assert_cmpuint (curve.n_series, ==, 3);
  g_assert_cmpuint (points->len, ==, 3 * 9);
  for (guint i = 0; i < points->len; i++)
    {
      const CurvePoint *p = &g_array_index (points, CurvePoint, i);
      /* [series][k ≥ d]: recall, precision */
      static const double expected[3][2][2] = {
        { { 0.25, 1.0 }, { 0.5, 1.0 } },
        { { 0.75, 1.0 }, { 1.0, 1.0 } },
        { { 0.75, 0.75 }, { 1.0, 0.8 } },
      };

      g_assert_cmpuint (p->series, ==, i / 9);
      g_assert_cmpuint (p->k, ==, i % 9);
      g_assert_cmpfloat_with_epsilon (p->recall, expected[p->series][p->k >= d][0], 1e-4);
      g_assert_cmpfloat_with_epsilon (p->precision, expected[p->series][p->k >= d][1], 1e-4);
      g_assert_cmpfloat (p->cx, >, 0);
      g_assert_cmpfloat (p->cx, <, curve.width);
      g_assert_cmpfloat (p->cy, >, 0);
      g_assert_cmpfloat (p->cy, <, curve.height);
    }

  /* Drawn where the numbers say: more recall is further right, more
   * precision higher up (smaller y), equal numbers in one place. */
  for (guint i = 0; i < points->len; i++)
    for (guint j = 0; j < points->len; j++)
      {
        const CurvePoint *p = &g_array_index (points, CurvePoint, i);
        const CurvePoint *q = &g_array_index (points, CurvePoint, j);

        if (p->recall < q->recall - 1e-6)
          g_assert_cmpfloat (p->cx, <, q->cx);
        else if (fabs (p->recall - q->recall) < 1e-6)
          g_assert_cmpfloat (p->cx, ==, q->cx);
        if (p->precision < q->precision - 1e-6)
          g_assert_cmpfloat (p->cy, >, q->cy);
        else if (fabs (p->precision - q->precision) < 1e-6)
          g_assert_cmpfloat (p->cy, ==, q->cy);
      }

  /* Without parts, only the whole-record pairs and their clusters. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--no-parts", "--curve", svg_path, NULL), ==, 0);
  parse_curve (svg_path, &whole_curve);
  g_assert_cmpuint (whole_curve.n_series, ==, 2);
  g_assert_cmpuint (whole_points->len, ==, 2 * 9);
  for (guint i = 0; i < whole_points->len; i++)
    {
      const CurvePoint *p = &g_array_index (whole_points, CurvePoint, i);

      g_assert_cmpfloat_with_epsilon (p->recall, p->k >= d ? 0.5 : 0.25, 1e-4);
      g_assert_cmpfloat_with_epsilon (p->precision, 1.0, 1e-4);
    }

  /* --summary with --curve: the row, and the same curve. */
  g_clear_pointer (&out, g_free);
  g_array_set_size (whole_points, 0);
  whole_curve.n_series = 0;
  g_assert_cmpint (run_cli (&out, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--no-parts", "--summary", "--curve", svg_path, NULL), ==, 0);
  parse_curve (svg_path, &whole_curve);
  g_assert_cmpuint (whole_points->len, ==, 2 * 9);
  g_assert_cmpfloat_with_epsilon (g_array_index (whole_points, CurvePoint, 8).recall, 0.5, 1e-4);
}

/* --summary at a k beyond the tables' 8 finds the pairs up to it: 1 and 2
 * (two words changed) are 9 to 15 bits apart, 3 is far from both. Labels:
 * 1–2 dup. At k = 15: one pair, the dup one (precision 1, recall 1); at
 * k = 8: none (recall 0). */
static void
test_eval_summary_beyond_tables (void)
{
  const char *bodies[] = {
    "夜间施工噪音扰民，凌晨两点还在打桩，严重影响休息。",
    "夜间施工噪音扰民，凌晨三点还在打桩，严重影响睡眠。",
    "某建筑公司拖欠农民工工资半年，多次讨要无果，请求劳动部门介入。",
  };
  g_autofree char *csv = g_strdup_printf ("id,body\n1,%s\n2,%s\n3,%s\n", bodies[0], bodies[1], bodies[2]);
  g_autofree char *records = write_file ("beyond.csv", csv, -1);
  g_autofree char *labels = write_file ("beyond-labels.csv", "key_a,key_b,label\n1,2,dup\n", -1);
  const char *at_15[] = { "15", "1", "1", "0", "0", "0", "1.000", "1.000", "1.000",
                          "|", "1", "1", "0", "0", "0", "1.000", "1.000", "1.000", "|", "0.000", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) row = NULL;
  guint d = body_distance (bodies[0], bodies[1]);

  g_test_message ("distance of 1 and 2: %u", d);
  g_assert_cmpuint (d, >, 8);
  g_assert_cmpuint (d, <=, 15);
  g_assert_cmpuint (body_distance (bodies[0], bodies[2]), >, 15);
  g_assert_cmpuint (body_distance (bodies[1], bodies[2]), >, 15);

  g_assert_cmpint (run_cli (&out, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--no-parts", "--summary", "--k", "15", NULL), ==, 0);
  row = summary_fields (out, "15");
  g_assert_cmpstrv (row, at_15);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&row, g_strfreev);
  g_assert_cmpint (run_cli (&out, NULL, "eval", "--no-second-stage", "--records", records, "--pairs", labels, "--id", "id",
                            "--text", "body", "--no-parts", "--summary", "--k", "8", NULL), ==, 0);
  row = summary_fields (out, "8");
  g_assert_cmpstr (row[1], ==, "0");
  g_assert_cmpstr (row[7], ==, "0.000");
}

/* Reads a CSV file with the engine's reader into rows of strings. */
static GPtrArray *
read_csv_rows (const char *path)
{
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  reader = pr_csv_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  while (pr_csv_reader_next (reader, NULL, &error))
    {
      GStrvBuilder *builder = g_strv_builder_new ();

      for (guint i = 0; i < pr_csv_reader_get_n_fields (reader); i++)
        g_strv_builder_add (builder, pr_csv_reader_get_field (reader, i, NULL));
      g_ptr_array_add (rows, g_strv_builder_end (builder));
      g_strv_builder_unref (builder);
    }
  g_assert_no_error (error);

  return rows;
}

/* scan --sample starts the private server, reads its table and stops it:
 * the clusters are those of the same petitions read from the CSV file. */
static void
test_sample_server_scan (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *sample = g_build_filename (source, "data", "sample-petitions.csv", NULL);
  g_autofree char *from_csv = g_build_filename (tmpdir, "from-csv.csv", NULL);
  g_autofree char *from_db = g_build_filename (tmpdir, "from-db.csv", NULL);
  g_autofree char *data_home = g_build_filename (tmpdir, "data-home", NULL);
  g_autofree char *csv_text = NULL, *db_text = NULL, *err = NULL;

  /* The server's files go under the user's data folder: a temporary one. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_assert_cmpint (run_cli (NULL, NULL, "scan", "--no-second-stage", sample, "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--out", from_csv, NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--sample", "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--out", from_db, NULL), ==, 0);
  g_test_message ("%s", err);
  csv_text = read_file (from_csv);
  db_text = read_file (from_db);
  g_assert_cmpstr (db_text, ==, csv_text);
  g_assert_nonnull (strstr (err, "3000 records"));

  /* Nothing is left running: a second run starts it again, without reloading.
   * It keeps the fingerprints in the manual's example schema, which the
   * sample server has: the first store finds every record new. */
  g_clear_pointer (&db_text, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", "--sample", "--id", "id", "--date", "submitted_at", "--short", "petitioner",
                            "--text", "subject", "--text", "body", "--store", "petition_review", "--out", from_db, NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "Stored: 3000 new, 0 changed and 0 unchanged records"));
  db_text = read_file (from_db);
  /* The same, but for the case column: a first scan with a store numbers
   * the cases as the clusters are numbered. */
  {
    g_auto(GStrv) lines = g_strsplit (csv_text, "\r\n", -1);
    g_autoptr(GString) expected = g_string_new (lines[0]);

    g_string_append (expected, "\r\n");
    /* cluster,id,primary,distance,same_petitioner,case,identity_evidence:
     * the case after the fifth comma. */
    for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
      {
        g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
        g_autofree char *joined = NULL;

        g_assert_cmpuint (g_strv_length (fields), ==, 12);
        g_free (fields[5]);
        fields[5] = g_strdup (fields[0]);
        joined = g_strjoinv (",", fields);
        g_string_append_printf (expected, "%s\r\n", joined);
      }
    g_assert_true (g_str_equal (db_text, expected->str));
  }
  g_unsetenv ("XDG_DATA_HOME");
}

/* The bundled sample's planted repeats are the oracle: its generator wrote
 * down which records repeat which. Copies that differ only in character
 * width or in Traditional characters, and exact copies by the same
 * petitioner, must all be found with the demo's mapping; and what is found
 * must be right. (Rewritten repeats are beyond a whole-record SimHash.) */
static void
test_sample_planted_repeats (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *sample = g_build_filename (source, "data", "sample-petitions.csv", NULL);
  g_autofree char *truth_path = g_build_filename (source, "data", "sample-petitions-truth.csv", NULL);
  g_autofree char *pairs_path = g_build_filename (tmpdir, "sample-pairs.csv", NULL);
  g_autofree char *clusters_path = g_build_filename (tmpdir, "sample-clusters.csv", NULL);
  g_autoptr(GPtrArray) records = read_csv_rows (sample);
  g_autoptr(GPtrArray) truth = read_csv_rows (truth_path);
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GHashTable) found_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) truth_set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) petitioner = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *err = NULL;
  guint must_find = 0, true_positives = 0;

  g_assert_cmpstr (((char **) records->pdata[0])[1], ==, "petitioner");
  for (guint i = 1; i < records->len; i++)
    g_hash_table_insert (petitioner, ((char **) records->pdata[i])[0], ((char **) records->pdata[i])[1]);

  g_assert_cmpint (run_cli (NULL, &err, "scan", "--no-second-stage", sample, "--id", "id", "--date", "submitted_at",
                            "--short", "petitioner", "--text", "subject", "--text", "body",
                            "--out", clusters_path, "--pairs", pairs_path, NULL), ==, 0);
  found = read_csv_rows (pairs_path);
  for (guint i = 1; i < found->len; i++)
    {
      char **row = found->pdata[i];
      g_hash_table_add (found_set, g_strdup_printf ("%s,%s", row[0], row[1]));
    }

  for (guint i = 1; i < truth->len; i++)
    {
      char **row = truth->pdata[i];  /* id_a,id_b,kind with id_a < id_b, as the CLI orders them */
      char *key = g_strdup_printf ("%s,%s", row[0], row[1]);
      gboolean same_person = g_str_equal (g_hash_table_lookup (petitioner, row[0]),
                                          g_hash_table_lookup (petitioner, row[1]));

      if (g_str_equal (row[2], "fullwidth") || g_str_equal (row[2], "traditional") ||
          (g_str_equal (row[2], "exact") && same_person))
        {
          must_find++;
          if (!g_hash_table_contains (found_set, key))
            g_error ("planted %s repeat %s was not found", row[2], key);
        }
      g_hash_table_add (truth_set, key);
    }

  for (guint i = 1; i < found->len; i++)
    {
      char **row = found->pdata[i];
      g_autofree char *key = g_strdup_printf ("%s,%s", row[0], row[1]);

      true_positives += g_hash_table_contains (truth_set, key);
    }

  g_test_message ("%u pairs found, %u of them planted; %u must-find pairs all found",
                  found->len - 1, true_positives, must_find);
  g_assert_cmpuint (must_find, >=, 80);
  g_assert_cmpfloat ((double) true_positives / (found->len - 1), >=, 0.95);
}


/* Each member list of a scan's --out, sorted ids joined, in a set. */
static GHashTable *
clusters_from_csv (const char *path,
                   guint64    *n_records)
{
  g_autoptr(GPtrArray) rows = read_csv_rows (path);
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                         (GDestroyNotify) g_ptr_array_unref);
  GHashTable *clusters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer value;

  *n_records = rows->len - 1;
  for (guint i = 1; i < rows->len; i++)
    {
      char **row = rows->pdata[i];
      GPtrArray *ids = g_hash_table_lookup (members, row[0]);

      if (ids == NULL)
        g_hash_table_insert (members, row[0], ids = g_ptr_array_new ());
      g_ptr_array_add (ids, row[1]);
    }
  g_hash_table_iter_init (&iter, members);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GPtrArray *ids = value;

      g_ptr_array_sort (ids, compare_id_pointers);
      g_ptr_array_add (ids, NULL);
      g_hash_table_add (clusters, g_strjoinv (",", (char **) ids->pdata));
    }
  return clusters;
}

/* thresholds against real scans: each of its rows must be what scan --k
 * k' finds (its summary's pairs, its --out's clusters and records), and
 * the clusters added and removed what the two scans' outputs differ by. */
static void
test_thresholds_same_as_scans (void)
{
  const char *source = g_getenv ("PR_SOURCE_DIR");
  g_autofree char *sample = g_build_filename (source, "data", "sample-petitions.csv", NULL);
  g_autofree char *table_path = g_build_filename (tmpdir, "thresholds.csv", NULL);
  g_autofree char *base_path = g_build_filename (tmpdir, "thresholds-k3.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GPtrArray) table = NULL;
  g_autoptr(GHashTable) base = NULL;
  guint64 base_records, base_pairs = 0;

  g_assert_cmpint (run_cli (&out, &err, "thresholds", "--no-second-stage", sample, "--id", "id", "--date",
                            "submitted_at", "--petitioner", "petitioner", "--text", "subject", "--text", "body",
                            "--out", table_path, NULL), ==, 0);
  g_test_message ("%s%s", out, err);
  g_assert_nonnull (strstr (out, "Sample pairs at each distance"));
  table = read_csv_rows (table_path);
  g_assert_cmpuint (table->len, ==, 1 + 7);
  g_assert_cmpstr (((char **) table->pdata[0])[0], ==, "distance");
  g_assert_cmpstr (((char **) table->pdata[0])[7], ==, "clustered_records");

  g_assert_cmpint (run_cli (NULL, NULL, "scan", "--no-second-stage", sample, "--id", "id", "--date", "submitted_at",
                            "--petitioner", "petitioner", "--text", "subject", "--text", "body",
                            "--out", base_path, NULL), ==, 0);
  base = clusters_from_csv (base_path, &base_records);
  for (guint k = 0; k <= 6; k++)
    {
      char **row = table->pdata[1 + k];
      char k_text[4];
      g_autofree char *scan_path = g_strdup_printf ("%s/thresholds-scan-%u.csv", tmpdir, k);
      g_autofree char *pairs_path = g_strdup_printf ("%s/thresholds-pairs-%u.csv", tmpdir, k);
      g_autofree char *scan_err = NULL;
      g_autoptr(GHashTable) clusters = NULL;
      g_autoptr(GPtrArray) pairs = NULL;
      guint64 records, n_pairs, at_distance = 0;
      const char *summary;

      g_snprintf (k_text, sizeof k_text, "%u", k);
      g_assert_cmpint (run_cli (NULL, &scan_err, "scan", "--no-second-stage", sample, "--id", "id", "--date", "submitted_at",
                                "--petitioner", "petitioner", "--text", "subject", "--text", "body",
                                "--k", k_text, "--out", scan_path, "--pairs", pairs_path, NULL), ==, 0);
      /* "3000 records (0 too short to match), 404 pairs (…" */
      summary = strstr (scan_err, "records (");
      g_assert_nonnull (summary);
      summary = strstr (summary, "), ");
      g_assert_nonnull (summary);
      n_pairs = g_ascii_strtoull (summary + 3, NULL, 10);
      clusters = clusters_from_csv (scan_path, &records);
      /* --pairs lists the pairs within k: those at exactly k are the new ones. */
      pairs = read_csv_rows (pairs_path);
      for (guint i = 1; i < pairs->len; i++)
        at_distance += g_ascii_strtoull (((char **) pairs->pdata[i])[2], NULL, 10) == k;

      g_test_message ("k = %u: %s pairs, %u clusters, %" G_GUINT64_FORMAT " records", k, row[5],
                      g_hash_table_size (clusters), records);
      g_assert_cmpuint (g_ascii_strtoull (row[0], NULL, 10), ==, k);
      g_assert_cmpuint (g_ascii_strtoull (row[1], NULL, 10), ==, at_distance);
      g_assert_cmpuint (g_ascii_strtoull (row[2], NULL, 10), ==, g_hash_table_size (clusters));
      g_assert_cmpuint (g_ascii_strtoull (row[3], NULL, 10), ==, pr_test_count_missing (clusters, base));
      g_assert_cmpuint (g_ascii_strtoull (row[4], NULL, 10), ==, pr_test_count_missing (base, clusters));
      g_assert_cmpuint (g_ascii_strtoull (row[5], NULL, 10), ==, n_pairs);
      g_assert_cmpuint (g_ascii_strtoull (row[7], NULL, 10), ==, records);
      if (k == 3)
        base_pairs = n_pairs;
    }
  /* The change is against the scan's own k. */
  for (guint k = 0; k <= 6; k++)
    {
      char **row = table->pdata[1 + k];

      g_assert_cmpint (g_ascii_strtoll (row[6], NULL, 10), ==,
                       (gint64) g_ascii_strtoull (row[5], NULL, 10) - (gint64) base_pairs);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("pr-test-cli-XXXXXX", NULL);

  g_test_add_func ("/cli/scan/clusters", test_scan_clusters);
  g_test_add_func ("/cli/program/help", test_help);
  g_test_add_func ("/cli/scan/same-petitioner", test_scan_same_petitioner);
  g_test_add_func ("/cli/scan/stdout", test_scan_to_stdout);
  g_test_add_func ("/cli/scan/out-symlink", test_scan_out_symlink);
  g_test_add_func ("/cli/fingerprint/output", test_fingerprint_output);
  g_test_add_func ("/cli/fingerprint/idf", test_fingerprint_idf);
  g_test_add_func ("/cli/common/gb18030", test_gb18030);
  g_test_add_func ("/cli/scan/errors", test_errors);
  g_test_add_func ("/cli/common/disk-full", test_disk_full);
  g_test_add_func ("/cli/explain/hand-counted", test_explain_hand_counted);
  g_test_add_func ("/cli/explain/records", test_explain_records);
  g_test_add_func ("/cli/explain/shingles", test_explain_shingles);
  g_test_add_func ("/cli/explain/boilerplate", test_explain_boilerplate);
  g_test_add_func ("/cli/eval/hand-computed", test_eval_hand_computed);
  g_test_add_func ("/cli/eval/exact", test_eval_exact);
  g_test_add_func ("/cli/eval/pairs-out", test_eval_pairs_out);
  g_test_add_func ("/cli/eval/truth-groups", test_eval_truth_groups);
  g_test_add_func ("/cli/eval/curve", test_eval_curve);
  g_test_add_func ("/cli/eval/summary-beyond-tables", test_eval_summary_beyond_tables);
  g_test_add_func ("/cli/scan/sample-planted-repeats", test_sample_planted_repeats);
  g_test_add_func ("/cli/scan/sample-server", test_sample_server_scan);
  g_test_add_func ("/cli/thresholds/same-as-scans", test_thresholds_same_as_scans);

  status = g_test_run ();

  pr_test_remove_tree (tmpdir);
  g_free (tmpdir);

  return status;
}
