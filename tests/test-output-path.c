/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where outputs go: the rule of the kernel's fs.protected_symlinks for a
 * symbolic link in a sticky, world-writable folder, whatever the kernel
 * is set to, for the CSV writer (the command line's reports and the
 * application's export), a device behind a link and the command line's
 * SVG curve; an output into a folder that does not exist, refused by
 * every subcommand before it reads anything; and an output that is the
 * records file or another output, by any name, refused the same way.
 *
 * The tests run as root: a link "owned by another user" is made with
 * lchown().
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-csv-writer.h"
#include "pr-output-file-private.h"
#include "pr-output-path.h"
#include "pr-test-util.h"

/* Not root, not anyone on a test machine. */
#define STRANGER 54321
#define FOLDER_OWNER 54322

static char *tmpdir;

/* Giving a link or a folder to another user needs root: the cases that
 * do (@data, a GTestFunc) are skipped without it, the others run. */
static void
run_as_root (gconstpointer data)
{
  GTestFunc test = (GTestFunc) data;

  if (geteuid () != 0)
    {
      g_test_skip ("making links owned by another user needs root");
      return;
    }
  test ();
}

static void
add_root_case (const char *path,
               GTestFunc   test)
{
  g_test_add_data_func (path, (gconstpointer) test, run_as_root);
}

typedef struct {
  char *sticky;     /* 1777, owned by FOLDER_OWNER, like /tmp */
  char *victim;     /* a file of the caller's elsewhere, which a link points to */
  char *link;       /* sticky/report.csv → victim */
} Trap;

static void
trap_free (Trap *trap)
{
  g_free (trap->sticky);
  g_free (trap->victim);
  g_free (trap->link);
  g_free (trap);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Trap, trap_free)

/* A sticky, world-writable folder owned by @folder_uid, holding a link
 * owned by @link_uid to a file of the caller's in another folder. */
static Trap *
make_trap (const char *name,
           uid_t       folder_uid,
           mode_t      folder_mode,
           uid_t       link_uid,
           const char *victim_target)
{
  Trap *trap = g_new0 (Trap, 1);
  g_autofree char *victims = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (victims, 0700), ==, 0);
  trap->victim = victim_target != NULL ? g_strdup (victim_target) : g_build_filename (victims, "victim.txt", NULL);
  if (victim_target == NULL)
    {
      g_file_set_contents (trap->victim, "the caller's own file\n", -1, &error);
      g_assert_no_error (error);
    }
  trap->sticky = g_build_filename (victims, "shared", NULL);
  g_assert_cmpint (g_mkdir (trap->sticky, 0700), ==, 0);
  g_assert_cmpint (chmod (trap->sticky, folder_mode), ==, 0);
  g_assert_cmpint (chown (trap->sticky, folder_uid, folder_uid), ==, 0);
  trap->link = g_build_filename (trap->sticky, "report.csv", NULL);
  g_assert_cmpint (symlink (trap->victim, trap->link), ==, 0);
  g_assert_cmpint (lchown (trap->link, link_uid, link_uid), ==, 0);

  return trap;
}

static char *
contents_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* Writes one row to @path through the writer; returns the error, if any. */
static GError *
write_report (const char *path)
{
  const char *row[] = { "id", "cluster" };
  g_autoptr(PrCsvWriter) writer = NULL;
  GError *error = NULL;

  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, &error);
  if (writer == NULL)
    return error;
  g_assert_true (pr_csv_writer_write_row (writer, row, 2, &error));
  g_assert_true (pr_csv_writer_close (writer, &error));
  return NULL;
}

static void
assert_refused_link (const GError *error,
                     const Trap   *trap)
{
  g_test_message ("%s", error != NULL ? error->message : "(written)");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, trap->link));
  g_assert_nonnull (strstr (error->message, "symbolic link"));
}

static void
test_foreign_link_refused (void)
{
  g_autoptr(Trap) trap = make_trap ("foreign", FOLDER_OWNER, 01777, STRANGER, NULL);
  g_autoptr(GError) error = write_report (trap->link);
  g_autofree char *victim = NULL;
  g_autoptr(GError) check_error = NULL;

  assert_refused_link (error, trap);
  victim = contents_of (trap->victim);
  g_assert_cmpstr (victim, ==, "the caller's own file\n");

  /* The check before the work says the same. */
  g_assert_false (pr_output_path_check (trap->link, &check_error));
  assert_refused_link (check_error, trap);
}

/* As the kernel: the link's owner may follow it, and a link the folder's
 * owner also owns is no trap; outside a sticky, world-writable folder
 * every link is followed. */
static void
test_links_followed (void)
{
  const struct {
    const char *name;
    uid_t       folder_uid;
    mode_t      mode;
    uid_t       link_uid;
  } cases[] = {
    { "own-link", FOLDER_OWNER, 01777, 0 },
    { "folder-owners-link", STRANGER, 01777, STRANGER },
    { "not-sticky", FOLDER_OWNER, 0777, STRANGER },
    { "not-world-writable", FOLDER_OWNER, 01775, STRANGER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(Trap) trap = make_trap (cases[i].name, cases[i].folder_uid, cases[i].mode, cases[i].link_uid, NULL);
      g_autoptr(GError) error = write_report (trap->link);
      g_autofree char *victim = NULL;
      struct stat st;

      g_test_message ("%s", cases[i].name);
      g_assert_no_error (error);
      victim = contents_of (trap->victim);
      g_assert_cmpstr (victim, ==, "id,cluster\r\n");
      /* The link stays a link. */
      g_assert_cmpint (lstat (trap->link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
    }
}

/* A link to a link: each one is judged where it lies. */
static void
test_foreign_link_second_in_chain (void)
{
  g_autoptr(Trap) trap = make_trap ("chain", FOLDER_OWNER, 01777, STRANGER, NULL);
  g_autofree char *first = g_build_filename (tmpdir, "chain", "first-link.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *victim = NULL;

  g_assert_cmpint (symlink (trap->link, first), ==, 0);
  error = write_report (first);
  g_test_message ("%s", error != NULL ? error->message : "(written)");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  victim = contents_of (trap->victim);
  g_assert_cmpstr (victim, ==, "the caller's own file\n");
}

/* A foreign link to a folder, in the sticky folder, on the way to the
 * file: the kernel judges every link it follows, not only the last. */
static void
test_foreign_folder_link_refused (void)
{
  g_autoptr(Trap) trap = make_trap ("folder-link", FOLDER_OWNER, 01777, STRANGER, NULL);
  g_autofree char *victims = g_path_get_dirname (trap->victim);
  g_autofree char *folder_link = g_build_filename (trap->sticky, "reports", NULL);
  g_autofree char *through = g_build_filename (folder_link, "victim.txt", NULL);
  g_autofree char *new_file = g_build_filename (folder_link, "new.csv", NULL);
  g_autofree char *created = g_build_filename (victims, "new.csv", NULL);
  g_autofree char *victim = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) new_error = NULL;
  g_autoptr(GError) check_error = NULL;

  g_assert_cmpint (symlink (victims, folder_link), ==, 0);
  g_assert_cmpint (lchown (folder_link, STRANGER, STRANGER), ==, 0);

  error = write_report (through);
  g_test_message ("%s", error != NULL ? error->message : "(written)");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "symbolic link"));
  victim = contents_of (trap->victim);
  g_assert_cmpstr (victim, ==, "the caller's own file\n");

  new_error = write_report (new_file);
  g_assert_error (new_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_false (g_file_test (created, G_FILE_TEST_EXISTS));
  g_assert_false (pr_output_path_check (new_file, &check_error));
  g_assert_error (check_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
}

/* Runs @command of the CLI on a small records file with --out @link:
 * refused, naming the link. */
static void
assert_cli_refuses_link (const char *command,
                         const char *link)
{
  g_autofree char *records = g_build_filename (tmpdir, "records.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_file_set_contents (records, "id,body\n1,one two three four\n", -1, &error);
  g_assert_no_error (error);
  status = pr_test_run_cli (NULL, &err, (const char *const[]) { command, "--text", "body", "--id", "id",
                                                                 "--out", link, records, NULL });
  g_test_message ("%s", err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, link));
  g_assert_nonnull (strstr (err, "symbolic link"));
}

/* The command line writes devices and pipes in place, not through the
 * writer's temporary file: the same rule. */
static void
test_cli_device_behind_foreign_link (void)
{
  g_autoptr(Trap) trap = make_trap ("device", FOLDER_OWNER, 01777, STRANGER, "/dev/null");

  assert_cli_refuses_link ("fingerprint", trap->link);
}

static void
test_cli_report_behind_foreign_link (void)
{
  g_autoptr(Trap) trap = make_trap ("cli", FOLDER_OWNER, 01777, STRANGER, NULL);
  g_autofree char *victim = NULL;

  assert_cli_refuses_link ("scan", trap->link);
  victim = contents_of (trap->victim);
  g_assert_cmpstr (victim, ==, "the caller's own file\n");
}

/* Each subcommand with an output refuses one into a missing folder
 * before it reads anything: its input here does not exist either, and the
 * message must be about the output. */
static void
test_cli_missing_folder_first (void)
{
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-folder", "out.csv", NULL);
  /* the curve is a picture: a .csv name would be refused for its name */
  g_autofree char *missing_svg = g_build_filename (tmpdir, "no-such-folder", "curve.svg", NULL);
  g_autofree char *no_input = g_build_filename (tmpdir, "no-such-records.csv", NULL);
  g_autofree char *no_socket = g_build_filename (tmpdir, "no-such.sock", NULL);
  g_autofree char *uri = g_strdup_printf ("mariadb://nobody@localhost/office?socket=%s", no_socket);
  const char *const scan[] = { "scan", "--text", "body", "--out", missing, no_input, NULL };
  const char *const pairs[] = { "scan", "--text", "body", "--pairs", missing, no_input, NULL };
  const char *const fingerprint[] = { "fingerprint", "--text", "body", "--out", missing, no_input, NULL };
  const char *const thresholds[] = { "thresholds", "--text", "body", "--out", missing, no_input, NULL };
  const char *const eval_pairs[] = { "eval", "--text", "body", "--records", no_input, "--truth-groups", "case",
                                     "--pairs-out", missing, NULL };
  const char *const eval_curve[] = { "eval", "--text", "body", "--records", no_input, "--truth-groups", "case",
                                     "--curve", missing_svg, NULL };
  const char *const decisions[] = { "decisions", "export", "--db", uri, "--table", "t", "--out", missing, NULL };
  const char *const repeats[] = { "repeats", "--db", uri, "--table", "t", "--out", missing, NULL };
  const char *const *commands[] = { scan, pairs, fingerprint, thresholds, eval_pairs, eval_curve, decisions,
                                    repeats };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *folder = g_path_get_dirname (missing);
      const char *output = commands[i] == eval_curve ? missing_svg : missing;
      int status = pr_test_run_cli (NULL, &err, commands[i]);

      g_test_message ("%s: %s", commands[i][0], err);
      g_assert_cmpint (status, ==, 1);
      g_assert_nonnull (strstr (err, output));
      g_assert_nonnull (strstr (err, "does not exist"));
      g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
    }
}

/* A new file's folder must exist, also behind a link. */
static void
test_check_missing_folder (void)
{
  g_autofree char *missing = g_build_filename (tmpdir, "absent", "deeper", "x.svg", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (pr_output_path_check (missing, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A dangling link whose target's folder is missing: the same. */
  {
    g_autofree char *dangling = g_build_filename (tmpdir, "dangling.csv", NULL);

    g_assert_cmpint (symlink (missing, dangling), ==, 0);
    error = write_report (dangling);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  }
}

/* An output that is the records file, by any name, is refused before any
 * work and the records are left as they were. */
#define SAME_RECORDS "id,body,case\n1,one two three four five six,a\n2,one two three four five six,a\n3,seven eight nine,b\n"

/* Runs @args; it must be refused with a message naming @option and @path,
 * and @records must still hold SAME_RECORDS. */
static char *
assert_refused (const char *const *args,
                const char        *option,
                const char        *path,
                const char        *records)
{
  char *err = NULL;
  g_autofree char *left = NULL;
  int status = pr_test_run_cli (NULL, &err, args);

  g_test_message ("%s %s: %s", args[0], option, err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, option));
  g_assert_nonnull (strstr (err, path));
  g_assert_nonnull (strstr (err, "same file"));
  if (records != NULL)
    {
      left = contents_of (records);
      g_assert_cmpstr (left, ==, SAME_RECORDS);
    }
  return err;
}

/* "link/../x.csv" is x.csv beside the folder the link leads to, as open()
 * and the shell's redirection read it, not beside the link: there the
 * report would be missed, and the records file written over unseen. */
static void
test_dot_dot_after_link (void)
{
  g_autofree char *root = g_build_filename (tmpdir, "dot-dot", NULL);
  g_autofree char *deep = g_build_filename (root, "office", "deep", NULL);
  g_autofree char *elsewhere = g_build_filename (root, "elsewhere", NULL);
  g_autofree char *link = g_build_filename (elsewhere, "to-deep", NULL);
  g_autofree char *via = g_build_filename (link, "..", "report.csv", NULL);
  g_autofree char *meant = g_build_filename (root, "office", "report.csv", NULL);
  g_autofree char *lexical = g_build_filename (elsewhere, "report.csv", NULL);
  g_autofree char *in = g_build_filename (root, "office", "in.csv", NULL);
  g_autofree char *in_via = g_build_filename (link, "..", "in.csv", NULL);
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  const char *const scan[] = { "scan", in, "--id", "id", "--text", "body", "-o", in_via, NULL };

  g_assert_cmpint (g_mkdir_with_parents (deep, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (elsewhere, 0755), ==, 0);
  g_assert_cmpint (symlink (deep, link), ==, 0);

  error = write_report (via);
  g_assert_no_error (error);
  written = contents_of (meant);
  g_assert_cmpstr (written, ==, "id,cluster\r\n");
  g_assert_false (g_file_test (lexical, G_FILE_TEST_EXISTS));

  /* The records file by that name is the records file. */
  g_file_set_contents (in, SAME_RECORDS, -1, &error);
  g_assert_no_error (error);
  g_free (assert_refused (scan, "--out", in_via, in));
}

static void
test_cli_output_is_input (void)
{
  g_autofree char *folder = g_build_filename (tmpdir, "same-input", NULL);
  g_autofree char *in = g_build_filename (folder, "in.csv", NULL);
  g_autofree char *to_in = g_build_filename (folder, "to-in.csv", NULL);
  g_autofree char *pairs_in = g_strconcat ("--pairs=", in, NULL);
  g_autoptr(GError) error = NULL;
  const char *const scan_out[] = { "scan", in, "--id", "id", "--text", "body", "-o", in, NULL };
  const char *const scan_link_out[] = { "scan", in, "--id", "id", "--text", "body", "-o", to_in, NULL };
  const char *const scan_link_in[] = { "scan", to_in, "--id", "id", "--text", "body", "-o", in, NULL };
  const char *const scan_pairs[] = { "scan", in, "--id", "id", "--text", "body", pairs_in, NULL };
  const char *const fingerprint[] = { "fingerprint", in, "--id", "id", "--text", "body", "-o", in, NULL };
  const char *const thresholds[] = { "thresholds", in, "--id", "id", "--text", "body", "-o", in, NULL };
  const char *const eval[] = { "eval", "--records", in, "--id", "id", "--text", "body", "--truth-groups", "case",
                               "--pairs-out", to_in, NULL };
  struct { const char *const *args; const char *option; const char *path; } cases[] = {
    { scan_out, "--out", in }, { scan_link_out, "--out", to_in }, { scan_link_in, "--out", in },
    { scan_pairs, "--pairs", in }, { fingerprint, "--out", in }, { thresholds, "--out", in },
    { eval, "--pairs-out", to_in },
  };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_cmpint (symlink ("in.csv", to_in), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_file_set_contents (in, SAME_RECORDS, -1, &error);
      g_assert_no_error (error);
      g_free (assert_refused (cases[i].args, cases[i].option, cases[i].path, in));
    }
}

/* An output that is the password file or the rules file, both read too,
 * is refused before any connection or work, and the file left as it was:
 * "-o pw" with "--password-file pw" would put the clusters in place of the
 * password. No server is needed: the refusal comes first. */
static void
test_cli_output_is_password_or_rules (void)
{
  g_autofree char *folder = g_build_filename (tmpdir, "same-password", NULL);
  g_autofree char *in = g_build_filename (folder, "in.csv", NULL);
  g_autofree char *pw = g_build_filename (folder, "pw", NULL);
  g_autofree char *rules = g_build_filename (folder, "rules.ini", NULL);
  g_autoptr(GError) error = NULL;
  const char *const scan_pw[] = { "scan", "--db", "mariadb://clerk@127.0.0.1:1/office", "--table", "t", "--id", "id",
                                  "--text", "body", "--password-file", pw, "-o", pw, NULL };
  const char *const scan_pw_bad_rows[] = { "scan", "--db", "mariadb://clerk@127.0.0.1:1/office", "--table", "t",
                                           "--id", "id", "--text", "body", "--password-file", pw,
                                           "--skip-bad-rows", "--bad-rows", pw, NULL };
  const char *const fingerprint_pw[] = { "fingerprint", "--db", "mariadb://clerk@127.0.0.1:1/office", "--table", "t",
                                         "--id", "id", "--text", "body", "--password-file", pw, "-o", pw, NULL };
  const char *const thresholds_pw[] = { "thresholds", "--db", "mariadb://clerk@127.0.0.1:1/office", "--table", "t",
                                        "--id", "id", "--text", "body", "--password-file", pw, "-o", pw, NULL };
  const char *const scan_rules[] = { "scan", in, "--id", "id", "--text", "body", "--rules", rules, "-o", rules, NULL };
  const char *const decisions_pw[] = { "decisions", "export", "--db", "mariadb://clerk@127.0.0.1:1/office",
                                       "--table", "t",
                                       "--password-file", pw, "-o", pw, NULL };
  const char *const repeats_pw[] = { "repeats", "--db", "mariadb://clerk@127.0.0.1:1/office", "--table", "t",
                                     "--password-file", pw, "-o", pw, NULL };
  struct { const char *const *args; const char *option; const char *path; } cases[] = {
    { scan_pw, "--password-file", pw }, { scan_pw_bad_rows, "--password-file", pw },
    { fingerprint_pw, "--password-file", pw }, { thresholds_pw, "--password-file", pw },
    { scan_rules, "--rules", rules }, { decisions_pw, "--password-file", pw }, { repeats_pw, "--password-file", pw },
  };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_file_set_contents (in, SAME_RECORDS, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *left = NULL;

      /* The file read is given SAME_RECORDS as its text, so that
       * assert_refused () can tell it was left alone. */
      g_file_set_contents (cases[i].path, SAME_RECORDS, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (g_chmod (cases[i].path, 0600), ==, 0);
      g_free (assert_refused (cases[i].args, cases[i].option, cases[i].path, cases[i].path));
      left = contents_of (in);
      g_assert_cmpstr (left, ==, SAME_RECORDS);
    }
}

/* Two outputs that are one file: one report would be lost. Both are new,
 * or one spelled another way; outputs to /dev/null twice are fine. */
static void
test_cli_outputs_same_file (void)
{
  g_autofree char *folder = g_build_filename (tmpdir, "same-output", NULL);
  g_autofree char *in = g_build_filename (folder, "in.csv", NULL);
  g_autofree char *x = g_build_filename (folder, "x.csv", NULL);
  g_autofree char *dot_x = g_build_filename (folder, ".", "x.csv", NULL);
  /* eval's two outputs, a picture's name for both: --curve refuses another */
  g_autofree char *x_svg = g_build_filename (folder, "x.svg", NULL);
  g_autofree char *dot_x_svg = g_build_filename (folder, ".", "x.svg", NULL);
  g_autofree char *y = g_build_filename (folder, "y.csv", NULL);
  g_autofree char *to_y = g_build_filename (folder, "to-y.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *const new_x[] = { "scan", in, "--id", "id", "--text", "body", "-o", x, "--pairs", x, NULL };
  const char *const dot[] = { "scan", in, "--id", "id", "--text", "body", "-o", x, "--pairs", dot_x, NULL };
  const char *const linked[] = { "scan", in, "--id", "id", "--text", "body", "-o", y, "--pairs", to_y, NULL };
  const char *const eval[] = { "eval", "--records", in, "--id", "id", "--text", "body", "--truth-groups", "case",
                               "--pairs-out", x_svg, "--curve", dot_x_svg, NULL };
  const char *const devices[] = { "scan", in, "--id", "id", "--text", "body", "-o", "/dev/null",
                                  "--pairs", "/dev/null", NULL };
  struct { const char *const *args; const char *first; const char *option; const char *path; } cases[] = {
    { new_x, "--out", "--pairs", x }, { dot, "--out", "--pairs", dot_x }, { linked, "--out", "--pairs", to_y },
    { eval, "--pairs-out", "--curve", dot_x_svg },
  };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_file_set_contents (in, SAME_RECORDS, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (y, "an earlier report\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (symlink ("y.csv", to_y), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *refusal = assert_refused (cases[i].args, cases[i].option, cases[i].path, in);

      g_assert_nonnull (strstr (refusal, cases[i].first));
      g_assert_false (g_file_test (x, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (x_svg, G_FILE_TEST_EXISTS));
    }
  {
    g_autofree char *left = contents_of (y);

    g_assert_cmpstr (left, ==, "an earlier report\n");
  }
  g_assert_cmpint (pr_test_run_cli (NULL, &err, devices), ==, 0);
}

/* -o /dev/stdout into a pipe: /proc/self/fd/1 leads to "pipe:[…]", no
 * path, which open() reaches all the same; the report goes down the
 * pipe, as the manual says. */
static void
test_cli_stdout_pipe (void)
{
  g_autofree char *folder = g_build_filename (tmpdir, "stdout-pipe", NULL);
  g_autofree char *in = g_build_filename (folder, "in.csv", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *const args[] = { "scan", in, "--id", "id", "--text", "body", "-o", "/dev/stdout", NULL };

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_file_set_contents (in, SAME_RECORDS, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pr_test_run_cli (&out, &err, args), ==, 0);
  g_test_message ("%s", err);
  g_assert_true (g_str_has_prefix (out, "cluster,id,primary,"));
  g_assert_nonnull (strstr (out, "\r\n1,1,1,0,"));
}

/* Whether @pid has a report open in @folder: a hidden file beside it, or
 * one with no name (/proc shows it as "FOLDER/#INODE (deleted)"). */
static gboolean
writing_in (GPid        pid,
            const char *folder)
{
  g_autofree char *fds = g_strdup_printf ("/proc/%d/fd", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GDir) fd_dir = g_dir_open (fds, 0, NULL);
  g_autofree char *unnamed = g_strconcat (folder, "/#", NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, ".pairs.csv."))
      return TRUE;
  while (fd_dir != NULL && (name = g_dir_read_name (fd_dir)) != NULL)
    {
      g_autofree char *link = g_build_filename (fds, name, NULL);
      g_autofree char *to = g_file_read_link (link, NULL);

      if (to != NULL && g_str_has_prefix (to, unnamed))
        return TRUE;
    }
  return FALSE;
}

/* A run stopped while a report is being written: nothing is left beside
 * it (a hidden temporary file as large as the report so far was), and the
 * report it would have replaced is kept. */
static void
signal_while_writing (const char *folder_name,
                      const int  *signals,
                      guint       n_signals)
{
  g_autofree char *folder = g_build_filename (tmpdir, folder_name, NULL);
  g_autofree char *records = g_build_filename (folder, "in.csv", NULL);
  g_autofree char *pairs = g_build_filename (folder, "pairs.csv", NULL);
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  const char *argv[] = { cli, "scan", records, "--id", "id", "--text", "body", "--no-second-stage", "--no-parts",
                         "--pairs", pairs, "--out", "/dev/null", NULL };
  GString *csv = g_string_new ("id,body\n");
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  /* 4,000 copies of one letter: 7,998,000 pairs, some seconds of writing. */
  for (guint i = 0; i < 4000; i++)
    g_string_append_printf (csv, "%u,一二三四五六七八九十 信访 来信 反映 拆迁 补偿 问题 请求 处理\n", i + 1);
  g_file_set_contents (records, csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_string_free (csv, TRUE);

  for (guint s = 0; s < n_signals; s++)
    {
      GPid pid = 0;
      gboolean writing = FALSE;
      int status = 0;

      g_file_set_contents (pairs, "an earlier report\n", -1, &error);
      g_assert_no_error (error);
      g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, &error);
      g_assert_no_error (error);
      for (guint tries = 0; tries < 6000 && !writing; tries++)
        {
          writing = writing_in (pid, folder);
          if (!writing)
            g_usleep (10000);
        }
      g_assert_true (writing);
      g_assert_cmpint (kill (pid, signals[s]), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, signals[s]);
      {
        g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
        g_autofree char *left = contents_of (pairs);
        const char *name;

        while ((name = g_dir_read_name (dir)) != NULL)
          {
            g_test_message ("left: %s", name);
            g_assert_false (g_str_has_prefix (name, "."));
          }
        g_assert_cmpstr (left, ==, "an earlier report\n");
      }
    }
}

/* Ctrl+C or a kill the program can catch. */
static void
test_cli_temp_removed_on_signal (void)
{
  const int signals[] = { SIGTERM, SIGINT };

  signal_while_writing ("signalled", signals, G_N_ELEMENTS (signals));
}

/* SIGKILL, which no handler sees (the out-of-memory killer, a kill -9). */
static void
test_cli_nothing_left_on_sigkill (void)
{
  const int signals[] = { SIGKILL };

  signal_while_writing ("killed", signals, G_N_ELEMENTS (signals));
}

/* A signal while more outputs are open than the first table of them
 * holds: every temporary file is removed, none left beside its target.
 * The files are the named ones a filesystem without O_TMPFILE gets (an
 * unnamed one leaves nothing whatever the handler does). */
#define MANY_OUTPUTS 40

static void
test_many_temps_removed_on_signal (void)
{
  g_autofree char *folder = NULL;

  if (g_test_subprocess ())
    {
      PrOutputFile *outputs[MANY_OUTPUTS];

      folder = g_strdup (g_getenv ("PR_TEST_SIGNALLED_FOLDER"));

      pr_output_file_remove_on_signal ();
      _pr_output_file_allow_unnamed (FALSE);
      for (guint i = 0; i < MANY_OUTPUTS; i++)
        {
          g_autofree char *name = g_strdup_printf ("report-%02u.csv", i);
          g_autofree char *path = g_build_filename (folder, name, NULL);
          g_autoptr(GError) error = NULL;

          outputs[i] = pr_output_file_new (path, &error);
          g_assert_no_error (error);
        }
      /* Each one a named file in the folder until the signal. */
      {
        g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
        const char *name;
        guint n_named = 0;

        while ((name = g_dir_read_name (dir)) != NULL)
          if (g_str_has_prefix (name, ".report-"))
            n_named++;
        g_print ("named temporary files: %u\n", n_named);
        fflush (stdout);
      }
      raise (SIGTERM);
      g_assert_not_reached ();
      (void) outputs;
    }

  folder = g_build_filename (tmpdir, "many-signalled", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_setenv ("PR_TEST_SIGNALLED_FOLDER", folder, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*named temporary files: " G_STRINGIFY (MANY_OUTPUTS) "\n*");
  {
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    const char *name;
    guint n_left = 0;

    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_test_message ("left: %s", name);
        n_left++;
      }
    g_assert_cmpuint (n_left, ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  int result;

  g_test_init (&argc, &argv, NULL);
  /* A subprocess of a case writes in its parent's folder. */
  if (!g_test_subprocess ())
    {
      tmpdir = pr_test_make_temp_dir ();
      g_assert_cmpint (chmod (tmpdir, 0755), ==, 0);
    }

  add_root_case ("/engine/output-path/symlink/foreign-refused", test_foreign_link_refused);
  add_root_case ("/engine/output-path/symlink/followed", test_links_followed);
  add_root_case ("/engine/output-path/symlink/second-in-chain", test_foreign_link_second_in_chain);
  add_root_case ("/engine/output-path/symlink/foreign-folder-link", test_foreign_folder_link_refused);
  g_test_add_func ("/cli/common/output-dot-dot-after-link", test_dot_dot_after_link);
  g_test_add_func ("/engine/output-path/missing-folder", test_check_missing_folder);
  g_test_add_func ("/cli/common/output-is-password-or-rules", test_cli_output_is_password_or_rules);
  add_root_case ("/cli/common/output-device-behind-foreign-link", test_cli_device_behind_foreign_link);
  add_root_case ("/cli/common/output-report-behind-foreign-link", test_cli_report_behind_foreign_link);
  g_test_add_func ("/cli/common/output-missing-folder-first", test_cli_missing_folder_first);
  g_test_add_func ("/cli/common/output-is-input", test_cli_output_is_input);
  g_test_add_func ("/cli/common/outputs-same-file", test_cli_outputs_same_file);
  g_test_add_func ("/cli/common/output-temp-removed-on-signal", test_cli_temp_removed_on_signal);
  g_test_add_func ("/cli/common/output-nothing-left-on-sigkill", test_cli_nothing_left_on_sigkill);
  g_test_add_func ("/cli/common/output-stdout-pipe", test_cli_stdout_pipe);
  g_test_add_func ("/engine/output-file/many-temps-removed-on-signal", test_many_temps_removed_on_signal);

  result = g_test_run ();
  if (tmpdir != NULL)
    pr_test_remove_tree (tmpdir);
  return result;
}
