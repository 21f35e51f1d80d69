/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A command that prints its answer to standard output fails when the
 * answer cannot be written (a full disk: /dev/full gives ENOSPC), saying
 * so, rather than exit 0 with the answer lost; written to a file, the
 * same answer exits 0.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>

#include "pr-test-util.h"

static char *dir;
static char *records;

/* Runs the CLI with its standard output to @stdout_path; @err gets its
 * standard error. */
static int
run_cli_to (const char         *stdout_path,
            char              **err,
            const char *const  *args)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("%s → %d: %s", args[0], g_subprocess_get_exit_status (process), *err);
  return g_subprocess_get_exit_status (process);
}

static void
test_full_disk (void)
{
  const char *explain[] = { "explain", "--id", "id", "--text", "body", records, "1", "2", NULL };
  const char *version[] = { "--version", NULL };
  const char *const *commands[] = { explain, version };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *err = NULL;
      g_autofree char *err_file = NULL;
      g_autofree char *answer = g_build_filename (dir, "answer.txt", NULL);
      g_autofree char *contents = NULL;

      g_assert_cmpint (run_cli_to ("/dev/full", &err, commands[i]), ==, 1);
      g_assert_nonnull (strstr (err, "cannot write standard output"));
      g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));

      g_assert_cmpint (run_cli_to (answer, &err_file, commands[i]), ==, 0);
      g_assert_true (g_file_get_contents (answer, &contents, NULL, NULL));
      g_assert_cmpuint (strlen (contents), >, 0);
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
                                      "2,the road near the school gate is broken again this summer\n",
                                      -1, NULL));

  g_test_add_func ("/cli/program/stdout-full", test_full_disk);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
