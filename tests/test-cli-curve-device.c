/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval --curve to something that is not a regular file: a named pipe
 * gets the SVG written into it and stays a pipe (a temporary file renamed
 * over it would replace it, and over /dev/null, run as root, delete the
 * device); a full disk behind /dev/full is an error, not exit 0.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pr-test-util.h"

static char *dir;
static char *records;

static void
test_named_pipe (void)
{
  g_autofree char *fifo = g_build_filename (dir, "curve.svg", NULL);
  g_autofree char *err = NULL;
  const char *args[] = { "eval", "--records", records, "--id", "id", "--text", "body", "--truth-groups", "grp",
                         "--curve", fifo, NULL };
  char buffer[1 << 16];
  ssize_t length;
  struct stat st;
  int reader;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  /* Open for reading first, without waiting, so the writer's open does
   * not block; the SVG is smaller than the pipe's buffer. */
  reader = g_open (fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  g_assert_cmpint (reader, >=, 0);

  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  length = read (reader, buffer, sizeof buffer - 1);
  g_assert_cmpint (length, >, 0);
  buffer[length] = '\0';
  g_assert_true (g_str_has_prefix (buffer, "<?xml"));
  g_assert_nonnull (strstr (buffer, "</svg>"));
  g_close (reader, NULL);
}

static void
test_full_disk (void)
{
  g_autofree char *err = NULL;
  const char *args[] = { "eval", "--records", records, "--id", "id", "--text", "body", "--truth-groups", "grp",
                         "--curve", "/dev/full", NULL };
  struct stat st;

  /* Only once a pipe stayed a pipe: written the old way, /dev/full
   * itself would be replaced. */
  test_named_pipe ();
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 1);
  g_assert_nonnull (strstr (err, "/dev/full"));
  g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));
  g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* The curve is SVG: a name that says another format is refused before
 * any work, nothing written; .svg in any case is taken. */
static void
test_suffix (void)
{
  const char *const refused[] = { "curve.tsv", "curve.png" };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_build_filename (dir, refused[i], NULL);
      g_autofree char *err = NULL;
      const char *args[] = { "eval", "--records", records, "--id", "id", "--text", "body", "--truth-groups", "grp",
                             "--curve", path, NULL };

      g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 2);
      g_assert_nonnull (strstr (err, strrchr (refused[i], '.')));
      g_assert_nonnull (strstr (err, "SVG"));
      g_assert_nonnull (strstr (err, "name a .svg file"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }

  {
    g_autofree char *path = g_build_filename (dir, "Curve.SVG", NULL);
    g_autofree char *svg = NULL;
    const char *args[] = { "eval", "--records", records, "--id", "id", "--text", "body", "--truth-groups", "grp",
                           "--curve", path, NULL };

    g_assert_cmpint (pr_test_run_cli (NULL, NULL, args), ==, 0);
    g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
    g_assert_nonnull (strstr (svg, "</svg>"));
  }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GString) csv = g_string_new ("id,body,grp\n");
  int status;

  g_test_init (&argc, &argv, NULL);

  dir = pr_test_make_temp_dir ();
  records = g_build_filename (dir, "records.csv", NULL);
  for (guint i = 0; i < 40; i++)
    g_string_append_printf (csv, "%u,the road near gate %u of the school is broken again this spring,%u\n",
                            i, i / 4, i / 4);
  g_assert_true (g_file_set_contents (records, csv->str, csv->len, NULL));

  g_test_add_func ("/cli/eval/curve-to-device", test_full_disk);
  g_test_add_func ("/cli/eval/curve-suffix", test_suffix);

  status = g_test_run ();
  pr_test_remove_tree (dir);
  g_free (records);
  g_free (dir);
  return status;
}
