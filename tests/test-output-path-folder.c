/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * An output named with a trailing slash names a folder: it is refused,
 * not written as the file of that name without the slash. The oracle is
 * the folder, which stays empty of such a file.
 */
#define G_LOG_DOMAIN "pr-test-output-path-folder"

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "pr-output-path.h"
#include "pr-test-util.h"

static void
test_trailing_slash (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *file = g_build_filename (dir, "report.csv", NULL);
  g_autofree char *slashed = g_strconcat (file, "/", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (pr_output_path_check (slashed, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, "names a folder"));
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_assert_true (pr_output_path_check (file, &error));
  g_assert_no_error (error);
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/output-path/folder/trailing-slash", test_trailing_slash);

  return g_test_run ();
}
