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

      g_assert_cmpint (pr_test_run_cli_to ("/dev/full", &err, commands[i]), ==, 1);
      g_assert_nonnull (strstr (err, "cannot write standard output"));
      g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));

      g_assert_cmpint (pr_test_run_cli_to (answer, &err_file, commands[i]), ==, 0);
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
