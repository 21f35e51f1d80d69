/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The pair budget: records that share most of their text are nearly all
 * pairs of each other at a high k, and listing them ran out of memory (a
 * GLib-ERROR, a trap). A step that would pass the budget now stops with
 * an error naming k and the boilerplate options. The budget is lowered
 * through PR_PAIR_BUDGET so that a small case shows it; the oracle is a
 * brute-force count of the pairs. A small table's scan runs under an
 * address space smaller than the passage spool's limit, finding what it
 * finds without one; the spool writes its entries out where memory for
 * them cannot be had, and says so where none can.
 */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "pr-block-index.h"
#include "pr-pair-budget.h"
#include "pr-part-spool.h"
#include "pr-text-file.h"
#include "pr-test-util.h"

/* A campaign letter, each copy with a few characters changed. */
static const char letter[] =
  "尊敬的市长我们是阳光小区的业主小区旁边的工地夜间施工噪音严重已经持续三个月严重影响居民休息请求政府责令施工单位"
  "停止夜间施工依法处理此致敬礼关于城市道路改造工程拖延问题的反映多次向有关部门反映均未得到答复希望领导重视";
static const char swaps[] = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种";

static char *
write_letters (const char *dir,
               guint       n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (18);
  g_autofree gunichar *base = g_utf8_to_ucs4_fast (letter, -1, NULL);
  g_autofree gunichar *swap = g_utf8_to_ucs4_fast (swaps, -1, NULL);
  glong n_base = g_utf8_strlen (letter, -1), n_swap = g_utf8_strlen (swaps, -1);
  g_autofree gunichar *copy = g_new (gunichar, n_base);
  GString *csv = g_string_new ("id,body\n");
  char *path = g_build_filename (dir, "letters.csv", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;
      gint changes = g_rand_int_range (rand, 2, 7);

      memcpy (copy, base, n_base * sizeof (gunichar));
      for (gint c = 0; c < changes; c++)
        copy[g_rand_int_range (rand, 0, n_base)] = swap[g_rand_int_range (rand, 0, n_swap)];
      text = g_ucs4_to_utf8 (copy, n_base, NULL, NULL, NULL);
      g_string_append_printf (csv, "L%u,%s\n", i + 1, text);
    }
  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_string_free (csv, TRUE);
  return path;
}

/* scan at k = 15 and thresholds at k = 12 on 2,000 letters, the budget
 * 20,000 pairs: exit 1 with the way out, not a trap; with the budget
 * above the pairs, the same scan succeeds. */
static void
test_cli (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = write_letters (dir, 2000);
  const char *scan_args[] = { "scan", "--id", "id", "--text", "body", "-k", "15", "--no-parts", "--out", "/dev/null",
                              path, NULL };
  const char *thresholds_args[] = { "thresholds", "--id", "id", "--text", "body", "-k", "12", "--no-parts", path, NULL };
  g_autofree char *err = NULL, *err2 = NULL, *err3 = NULL;

  g_setenv ("PR_PAIR_BUDGET", "20000", TRUE);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, scan_args), ==, 1);
  g_assert_nonnull (strstr (err, "more than 20000 pairs of records lie within k = 15"));
  g_assert_nonnull (strstr (err, "a lower k"));
  g_assert_nonnull (strstr (err, "boilerplate"));
  g_assert_nonnull (strstr (err, "--idf-max-share"));

  g_assert_cmpint (pr_test_run_cli (NULL, &err2, thresholds_args), ==, 1);
  g_assert_nonnull (strstr (err2, "within k = 12"));

  g_setenv ("PR_PAIR_BUDGET", "100000000", TRUE);
  g_assert_cmpint (pr_test_run_cli (NULL, &err3, scan_args), ==, 0);
  g_unsetenv ("PR_PAIR_BUDGET");
  pr_test_remove_tree (dir);
}

/* The second stage holds some 180 bytes a candidate pair (its linkage's
 * sums and joins), not a listed pair's 12: 6,000 letters at k = 15 took
 * 3.2 GB, and more would run out of memory within the pair budget. It has
 * its own budget, a quarter of memory at that cost, which PR_PAIR_BUDGET
 * scales (100,000 listed pairs are 12,500 judged ones): the same scan
 * without the second stage lists its pairs; with it, it stops before
 * judging, naming the way out. */
static void
test_cli_second_stage (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = write_letters (dir, 300);
  const char *listed_args[] = { "scan", "--id", "id", "--text", "body", "-k", "15", "--no-parts", "--no-second-stage",
                                "--out", "/dev/null", path, NULL };
  const char *judged_args[] = { "scan", "--id", "id", "--text", "body", "-k", "15", "--no-parts", "--out", "/dev/null",
                                path, NULL };
  g_autofree char *err = NULL, *err2 = NULL;
  const char *count;

  g_setenv ("PR_PAIR_BUDGET", "100000", TRUE);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, listed_args), ==, 0);
  /* "300 records (…), N pairs": more pairs than the judged budget. */
  count = strstr (err, "), ");
  g_assert_nonnull (count);
  g_assert_cmpuint (g_ascii_strtoull (count + 3, NULL, 10), >, 12500);

  g_assert_cmpint (pr_test_run_cli (NULL, &err2, judged_args), ==, 1);
  g_test_message ("%s", err2);
  g_assert_nonnull (strstr (err2, "candidate pairs at k = 15"));
  g_assert_nonnull (strstr (err2, "(12500 pairs"));
  g_assert_nonnull (strstr (err2, "--no-second-stage"));
  g_assert_nonnull (strstr (err2, "lower k"));
  g_unsetenv ("PR_PAIR_BUDGET");
  pr_test_remove_tree (dir);
}

/* The address space a campaign's scan below is given: a machine with
 * little memory, or an administrator's ulimit -v. */
#define CAMPAIGN_ADDRESS_SPACE (600 << 20)

/* In the child: its address space limited to @user_data bytes. */
static void
limit_address_space (gpointer user_data)
{
  struct rlimit rl = { GPOINTER_TO_SIZE (user_data), GPOINTER_TO_SIZE (user_data) };

  setrlimit (RLIMIT_AS, &rl);
}

/* 6,000 copies of one letter are 17,997,000 candidate pairs at distance
 * 0, held as one group by the search, and far more than the second stage
 * can judge in 600 MB. The scan must stop with the way out before it
 * lists them (288 MB, and as much again to sort them), not die in the
 * allocation: the count comes from the groups. */
static void
test_cli_campaign_counted_first (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "campaign.csv", NULL);
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  const char *argv[] = { cli, "scan", "--id", "id", "--text", "body", "--no-parts", "--out", "/dev/null", path, NULL };
  GString *csv = g_string_new ("id,body\n");
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  for (guint i = 0; i < 6000; i++)
    g_string_append_printf (csv, "%u,%s\n", i + 1, letter);
  g_file_set_contents (path, csv->str, csv->len, &error);
  g_assert_no_error (error);
  g_string_free (csv, TRUE);

  g_unsetenv ("PR_PAIR_BUDGET");
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, limit_address_space,
                GSIZE_TO_POINTER (CAMPAIGN_ADDRESS_SPACE), NULL, &err,
                &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, "17997000 candidate pairs at k = 3"));
  g_assert_nonnull (strstr (err, "--no-second-stage"));
  pr_test_remove_tree (dir);
#endif
}

/* The address space a small table's scan is given: less than the
 * passage spool's limit (512 MiB), as under an administrator's ulimit -v. */
#define SMALL_ADDRESS_SPACE (300 << 20)

/* Runs the CLI with @args under SMALL_ADDRESS_SPACE; returns its exit
 * status, or -1 if a signal ended it (a GLib-ERROR's trap). */
static int
run_small (const char *const *args,
           char              **out)
{
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "petition-review-cli", NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, 0, limit_address_space, GSIZE_TO_POINTER (SMALL_ADDRESS_SPACE),
                out, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s", err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* A scan or an explain that matches passages, on 200 records, under an
 * address space smaller than the spool's memory limit: the spool takes
 * room as its entries come, so both run, and the scan finds the clusters
 * it finds without the limit (the oracle). */
static void
test_cli_small_address_space (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = write_letters (dir, 200);
  g_autofree char *limited = g_build_filename (dir, "limited.csv", NULL);
  g_autofree char *free_run = g_build_filename (dir, "free.csv", NULL);
  const char *limited_args[] = { "scan", "--id", "id", "--text", "body", "--threads", "2", "--out", limited, path, NULL };
  const char *free_args[] = { "scan", "--id", "id", "--text", "body", "--threads", "2", "--out", free_run, path, NULL };
  const char *explain_args[] = { "explain", "--id", "id", "--text", "body", path, "L1", "L2", NULL };
  g_autofree char *a = NULL, *b = NULL, *explained = NULL;

  g_assert_cmpint (run_small (limited_args, NULL), ==, 0);
  g_assert_cmpint (pr_test_run_cli (NULL, NULL, free_args), ==, 0);
  g_assert_true (g_file_get_contents (limited, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (free_run, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);
  g_assert_nonnull (strstr (a, "L200"));

  g_assert_cmpint (run_small (explain_args, &explained), ==, 0);
  g_assert_nonnull (strstr (explained, "L2"));
  pr_test_remove_tree (dir);
#endif
}

/* The same refusal in the window names its controls, not the flags a
 * clerk cannot give; under the budget there is none. */
static void
test_judged_advice (void)
{
  g_autoptr(GError) flags = NULL, controls = NULL;

  g_setenv ("PR_PAIR_BUDGET", "100000", TRUE);
  g_assert_false (pr_pair_budget_judged_exceeded (12500, 15, PR_ADVICE_CONTROLS, &controls));
  g_assert_no_error (controls);
  g_assert_true (pr_pair_budget_judged_exceeded (12501, 15, PR_ADVICE_FLAGS, &flags));
  g_assert_true (pr_pair_budget_judged_exceeded (12501, 15, PR_ADVICE_CONTROLS, &controls));
  g_assert_error (controls, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (flags->message, "--no-second-stage"));
  g_assert_null (strstr (controls->message, "--"));
  g_assert_nonnull (strstr (controls->message, "Judge Every Pair"));
  g_assert_nonnull (strstr (controls->message, "say 12"));
  g_unsetenv ("PR_PAIR_BUDGET");
}

/* The index itself, against brute force: over the budget it fails with
 * G_IO_ERROR_NO_SPACE; at the budget it lists every pair. */
static void
test_index (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const gsize n = 3000;
  const guint k = 12;
  g_autofree guint64 *f = g_new (guint64, n);
  guint64 base = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  guint64 brute = 0;
  g_autofree char *budget = NULL;
  g_autoptr(GError) error = NULL;
  GArray *pairs;

  for (gsize i = 0; i < n; i++)
    {
      f[i] = base;
      for (guint b = g_rand_int_range (rand, 0, 5); b > 0; b--)
        f[i] ^= G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 64);
    }
  for (gsize i = 0; i < n; i++)
    for (gsize j = i + 1; j < n; j++)
      brute += (guint) __builtin_popcountll (f[i] ^ f[j]) <= k;
  g_assert_cmpuint (brute, >, 100000);

  g_setenv ("PR_PAIR_BUDGET", "10000", TRUE);
  pairs = pr_block_index_all_pairs (f, n, k, 2, NULL, &error);
  g_assert_null (pairs);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "within k = 12"));
  g_clear_error (&error);

  /* Buffers grow by doubling: room for twice the pairs is enough. */
  budget = g_strdup_printf ("%" G_GUINT64_FORMAT, 2 * brute + 4096);
  g_setenv ("PR_PAIR_BUDGET", budget, TRUE);
  pairs = pr_block_index_all_pairs (f, n, k, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pairs->len, ==, brute);
  g_array_unref (pairs);
  g_unsetenv ("PR_PAIR_BUDGET");
}

/* The address space this process holds now, in bytes. */
static gsize
address_space_now (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmSize:");
  g_assert_nonnull (line);
  return (gsize) g_ascii_strtoull (line + strlen ("VmSize:"), NULL, 10) << 10;
}

/* 4,000 equal fingerprints are 7,998,000 pairs: a buffer of 8,388,608
 * (100 MB) that fits the budget, and then a copy of them (128 MB, a
 * GArray's power of two) made while it is held. Given room for the buffer
 * and not for both (a ulimit -v, threads' reserves), the index says how
 * many pairs there are and that the copy could not be allocated, rather
 * than die allocating or blame a budget the pairs are under. */
static void
test_index_copy_fails (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  if (g_test_subprocess ())
    {
      const gsize n = 4000;
      g_autofree guint64 *f = g_new0 (guint64, n);
      g_autoptr(GError) error = NULL;
      gsize room = address_space_now () + (gsize) 8388608 * sizeof (PrPair) + (48 << 20);
      struct rlimit rl = { room, room };
      GArray *pairs;
      const char *found;
      guint64 count;

      g_setenv ("PR_PAIR_BUDGET", "100000000", TRUE);
      g_assert_cmpint (setrlimit (RLIMIT_AS, &rl), ==, 0);
      pairs = pr_block_index_all_pairs (f, n, 3, 1, NULL, &error);
      g_assert_null (pairs);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      /* The copy is refused, or (allocation being what it is) a growth of
       * the buffer before it: the count is then of the pairs found so far,
       * never more than there are. */
      found = strstr (error->message, " pairs of records within k = 3");
      g_assert_nonnull (found);
      while (found > error->message && g_ascii_isdigit (found[-1]))
        found--;
      count = g_ascii_strtoull (found, NULL, 10);
      g_assert_cmpuint (count, >, 0);
      g_assert_cmpuint (count, <=, 7998000);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "ulimit -v"));
      g_assert_null (strstr (error->message, "more than 100000000"));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
#endif
}

/* 64 texts of 1 MiB kept in the temporary file, then mapped back under an
 * address space with 16 MiB to spare: the map cannot be had, and that is
 * memory (ulimit -v), not room on the disk. */
static void
test_text_file_map_without_memory (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  if (g_test_subprocess ())
    {
      g_autoptr(PrMapping) mapping = pr_mapping_new ();
      g_autoptr(PrTextFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_malloc (1 << 20);
      const char *values[1];
      gsize lengths[1] = { (1 << 20) - 1 };
      struct rlimit saved, rl;
      gboolean ok;

      memset (text, 'a', lengths[0]);
      text[lengths[0]] = '\0';
      values[0] = text;
      g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1.0, &error));
      file = pr_text_file_new (mapping, 0, &error);
      g_assert_no_error (error);
      for (guint r = 0; r < 64; r++)
        g_assert_true (pr_text_file_add (file, r, values, lengths, NULL, 0, &error));
      g_assert_cmpint (getrlimit (RLIMIT_AS, &saved), ==, 0);
      rl = (struct rlimit) { address_space_now () + (16 << 20), saved.rlim_max };
      g_assert_cmpint (setrlimit (RLIMIT_AS, &rl), ==, 0);
      ok = pr_text_file_finish (file, 64, &error);
      g_assert_cmpint (setrlimit (RLIMIT_AS, &saved), ==, 0);
      g_assert_false (ok);
      g_test_message ("%s", error->message);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM);
      g_assert_nonnull (strstr (error->message, "ulimit -v"));
      g_assert_null (strstr (error->message, "Free space"));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
#endif
}

/* 40,000 records of 10 parts each, all in the spool's first bucket, record
 * 2k and 2k + 1 sharing every part and no other record any: the pairs are
 * (2k, 2k + 1), by hand. Fed to a spool with no limit of its own under an
 * address space with room for a few hundred KiB more, the bucket's room
 * cannot grow past it: the spool writes its entries out instead of
 * failing, and matched with the room given back, finds every pair and no
 * other. Where no room at all can be had, it says so. */
static void
test_spool_spills_where_memory_runs_out (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer needs more address space than the limit the test sets");
#else
  if (g_test_subprocess ())
    {
      const guint n_records = 40000, n_parts = 10;
      g_autoptr(PrPartSpool) spool = pr_part_spool_new (G_MAXSIZE);
      g_autoptr(PrPartSpool) starved = pr_part_spool_new (G_MAXSIZE);
      PrTestFoundPairs found = { g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL) };
      PrPartMatchOptions options = { 12, 0.5, 0.5, 8, 8 };
      g_autoptr(GError) error = NULL;
      struct rlimit saved, rl;
      PrPart part = { 0 };

      g_assert_cmpint (getrlimit (RLIMIT_AS, &saved), ==, 0);
      rl = (struct rlimit) { address_space_now () + (512 << 10), saved.rlim_max };
      g_assert_cmpint (setrlimit (RLIMIT_AS, &rl), ==, 0);
      for (guint r = 0; r < n_records; r++)
        for (guint p = 0; p < n_parts; p++)
          {
            part.hash = (guint64) (r / 2) * n_parts + p + 1;
            part.n_tokens = 8;
            g_assert_true (pr_part_spool_add (spool, r, &part, 1, &error));
            g_assert_no_error (error);
          }
      g_assert_cmpuint (pr_part_spool_get_spilled (spool), >, 0);
      g_assert_cmpuint (pr_part_spool_get_n_parts (spool), ==, (guint64) n_records * n_parts);
      g_assert_cmpint (setrlimit (RLIMIT_AS, &saved), ==, 0);

      g_assert_true (pr_part_spool_find_pairs (spool, n_records, NULL, NULL, &options, 1, pr_test_found_pair, &found,
                                               NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (g_hash_table_size (found.found), ==, n_records / 2);
      for (guint r = 0; r < n_records; r += 2)
        {
          gint64 key = ((gint64) r << 32) | (r + 1);

          g_assert_true (g_hash_table_contains (found.found, &key));
        }
      g_hash_table_unref (found.found);

      /* No room at all: the first part is refused, with the way out. */
      rl = (struct rlimit) { address_space_now (), saved.rlim_max };
      g_assert_cmpint (setrlimit (RLIMIT_AS, &rl), ==, 0);
      g_assert_false (pr_part_spool_add (starved, 0, &part, 1, &error));
      g_assert_cmpint (setrlimit (RLIMIT_AS, &saved), ==, 0);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_nonnull (strstr (error->message, "ulimit -v"));
      g_assert_nonnull (strstr (error->message, "--no-parts"));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
#endif
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/scan/pair-budget", test_cli);
  g_test_add_func ("/cli/scan/pair-budget-second-stage", test_cli_second_stage);
  g_test_add_func ("/cli/scan/pair-budget-campaign-counted-first", test_cli_campaign_counted_first);
  g_test_add_func ("/cli/scan/small-address-space", test_cli_small_address_space);
  g_test_add_func ("/engine/pair-budget/index", test_index);
  g_test_add_func ("/engine/pair-budget/index-copy-fails", test_index_copy_fails);
  g_test_add_func ("/engine/pair-budget/judged-advice", test_judged_advice);
  g_test_add_func ("/engine/part-spool/spills-where-memory-runs-out", test_spool_spills_where_memory_runs_out);
  g_test_add_func ("/engine/text-file/map-without-memory", test_text_file_map_without_memory);

  return g_test_run ();
}
