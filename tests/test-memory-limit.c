/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A scan under a small address space (ulimit -v) either runs or stops
 * with exit status 1 and a message naming memory; it never ends on a
 * signal (GLib's trap on a failed allocation, a segmentation fault in
 * ICU's word break iterator or PCRE2, a stack overflow in GLib's own
 * "failed to allocate" message). The limits swept are those at which
 * the libraries, the threads and 3,000 campaign letters each run out.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "pr-test-util.h"

static const char letter[] =
  "尊敬的市信访局领导我们是滨江花园小区全体业主小区自交房以来开发商承诺的幼儿园地下车库和绿化配套至今未兑现物业公司擅自"
  "提高收费标准电梯多次困人无人维修消防通道长期被占用业主多次向街道办事处和住建部门反映均无结果恳请领导高度重视";
static const char swaps[] = "甲乙丙丁戊己庚辛壬癸东南西北上下左右前后春夏秋冬金木水火土";

static void
test_scan_swept (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limits the test sets");
#else
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_letters (dir, 3000, letter, swaps, 2026, "C");
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  const char *argv[] = { cli, "scan", "--id", "id", "--text", "body", "--threads", "2", "--out", out, path, NULL };
  const guint limits[] = { 60, 64, 72, 80, 90, 100, 110, 120, 130 };

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) listing = NULL;
      int status = 0;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, pr_test_limit_address_space,
                    GSIZE_TO_POINTER ((gsize) limits[i] << 20), NULL, &err, &status, &error);
      g_assert_no_error (error);
      g_test_message ("%u MiB: status %d: %s", limits[i], status, err);
      g_assert_true (WIFEXITED (status));
      if (WEXITSTATUS (status) != 0)
        {
          g_assert_cmpint (WEXITSTATUS (status), ==, 1);
          g_assert_nonnull (strstr (err, "memory"));
          g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
          /* No temporary output left beside it. */
          listing = g_dir_open (dir, 0, NULL);
          for (const char *name; (name = g_dir_read_name (listing)) != NULL;)
            g_assert_false (g_str_has_prefix (name, "."));
        }
    }
  pr_test_remove_tree (dir);
#endif
}

/* Pair buffers that cannot grow are a failure the scan handles: the
 * message names the pairs found and a lower k, not only the bytes. The
 * budget is set above what the limit holds, so the buffers meet it. */
static void
test_pair_buffers_refused (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = pr_test_write_letters (dir, 4000, letter, swaps, 5, "L");
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  const char *argv[] = { cli, "scan", "--id", "id", "--text", "body", "-k", "15", "--no-parts", "--threads", "2",
                         "--out", "/dev/null", path, NULL };
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "PR_PAIR_BUDGET", "100000000", TRUE);
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDOUT_TO_DEV_NULL, pr_test_limit_address_space,
                GSIZE_TO_POINTER ((gsize) 150 << 20), NULL, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, "pairs of records within k = 15 were found"));
  g_assert_nonnull (strstr (err, "say 12"));
  pr_test_remove_tree (dir);
#endif
}

/* 300,000 short distinct texts: the fingerprint index's arrays are over
 * 2 MiB, taken aligned (aligned_alloc ()), and under these limits one of
 * them is the allocation that fails. */
static void
test_aligned_swept (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limits the test sets");
#else
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "many.csv", NULL);
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  const char *argv[] = { cli, "scan", "--id", "id", "--text", "body", "--no-parts", "--threads", "2", "--out",
                         "/dev/null", path, NULL };
  g_autofree gunichar *chars = g_utf8_to_ucs4_fast (letter, -1, NULL);
  glong n_chars = g_utf8_strlen (letter, -1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  GString *csv = g_string_new ("id,body\n");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 300000; i++)
    {
      g_string_append_printf (csv, "%u,", i);
      for (guint c = 0; c < 12; c++)
        g_string_append_unichar (csv, chars[g_rand_int_range (rand, 0, n_chars)]);
      g_string_append_c (csv, '\n');
    }
  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_string_free (csv, TRUE);

  for (guint limit = 160; limit <= 170; limit += 1)
    {
      g_autofree char *err = NULL;
      int status = 0;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, pr_test_limit_address_space,
                    GSIZE_TO_POINTER ((gsize) limit << 20), NULL, &err, &status, &error);
      g_assert_no_error (error);
      g_test_message ("%u MiB: status %d: %s", limit, status, err);
      g_assert_true (WIFEXITED (status));
      if (WEXITSTATUS (status) != 0)
        {
          g_assert_cmpint (WEXITSTATUS (status), ==, 1);
          g_assert_nonnull (strstr (err, "memory"));
        }
    }
  pr_test_remove_tree (dir);
#endif
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/scan/memory-limit-swept", test_scan_swept);
  g_test_add_func ("/cli/scan/memory-limit-pair-buffers", test_pair_buffers_refused);
  g_test_add_func ("/cli/scan/memory-limit-aligned", test_aligned_swept);

  return g_test_run ();
}
