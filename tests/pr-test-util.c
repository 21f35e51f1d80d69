/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Helpers every test program shares (GLib only, so the engine's tests can
 * use them too): a temporary folder, and removing it with all it holds.
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "pr-test-util.h"

/**
 * pr_test_make_temp_dir:
 *
 * Returns: (transfer full): a new, empty directory with a path short
 *   enough for a unix socket inside it
 */
char *
pr_test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("pr-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/**
 * pr_test_remove_tree:
 * @path: a file or directory the test made
 *
 * Removes @path and, for a directory, all it holds; symlinks are removed,
 * not followed.
 */
void
pr_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          pr_test_remove_tree (child);
        }
    }
  if (g_remove (path) != 0 && errno != ENOENT)
    g_printerr ("cannot remove %s: %s\n", path, g_strerror (errno));
}
