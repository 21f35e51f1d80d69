/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `petition-review-bench group`, `query` and `thresholds`: synthetic
 * benchmarks of the block index and the threshold preview.
 *
 * Fingerprints are uniformly random 64-bit values (splitmix64, so a seed
 * reproduces a dataset exactly and generation stays fast at 10^7) with a
 * fraction overwritten by near-duplicates of other entries.  Memory is
 * reported from getrusage (peak RSS, which never decreases) and
 * /proc/self/statm (current RSS), so the cost of the call itself can be
 * given as (peak after - current before) / n.
 */
#define G_LOG_DOMAIN "pr-bench-index"

#include "pr-bench.h"

#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pr-block-index.h"
#include "pr-cli.h"
#include "pr-threshold-preview.h"

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Flips exactly @d distinct bits. */
static guint64
flip_bits (guint64 *state,
           guint64  fp,
           guint    d)
{
  guint64 flipped = 0;

  while ((guint) __builtin_popcountll (flipped) < d)
    flipped |= G_GUINT64_CONSTANT (1) << (splitmix64 (state) % 64);
  return fp ^ flipped;
}

static guint
random_distance (guint64 *state,
                 guint    k)
{
  /* 1 .. k, or 0 (an exact duplicate) when k = 0. */
  return k == 0 ? 0 : 1 + (guint) (splitmix64 (state) % k);
}

static guint64 *
generate (gsize   n,
          guint   k,
          double  planted,
          guint64 seed)
{
  guint64 *fps = g_new (guint64, MAX (n, 1));
  guint64 state = seed;
  gsize n_planted = (gsize) (planted * (double) n);

  for (gsize i = 0; i < n; i++)
    fps[i] = splitmix64 (&state);
  if (n >= 2)
    for (gsize r = 0; r < n_planted; r++)
      {
        gsize base = splitmix64 (&state) % n;
        gsize dest = splitmix64 (&state) % n;

        if (dest != base)
          fps[dest] = flip_bits (&state, fps[base], random_distance (&state, k));
      }
  return fps;
}

/* Accepts "1000000", "1e6", "2.5e6". */
static gboolean
parse_count (const char  *text,
             gsize       *out,
             GError     **error)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(value >= 0) || value > (double) G_MAXUINT32 ||
      value != (double) (guint64) value)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "“%s” is not a whole number between 0 and %u", text, G_MAXUINT32);
      return FALSE;
    }
  *out = (gsize) value;
  return TRUE;
}

static gboolean
parse_options (GOptionContext  *context,
               int              argc,
               char           **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = g_new0 (char *, argc + 1);

  /* Parse a copy: g_option_context_parse_strv rearranges the vector. */
  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      g_printerr ("petition-review-bench %s: %s\n", argc > 0 ? argv[0] : "", error->message);
      return FALSE;
    }
  if (g_strv_length (args) > 1)
    {
      g_printerr ("petition-review-bench %s: unexpected argument “%s”\n", argv[0], args[1]);
      return FALSE;
    }
  return TRUE;
}

/**
 * pr_bench_group:
 * @argc: number of arguments
 * @argv: (array length=argc): arguments, argv[0] being the subcommand name
 *
 * Times pr_block_index_all_pairs() on synthetic data and prints time, pair
 * count and memory.
 *
 * Returns: 0 on success, 1 on a usage error or failure
 */
int
pr_bench_group (int    argc,
                char **argv)
{
  g_autofree char *n_text = NULL;
  gint k = 3, threads = 1, repeat = 1;
  gdouble planted = 0.01;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "n", 'n', 0, G_OPTION_ARG_STRING, &n_text, "Number of fingerprints (default 1e6)", "N" },
    { "k", 'k', 0, G_OPTION_ARG_INT, &k, "Hamming distance threshold (default 3)", "K" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, "Worker threads, 0 for all cores (default 1)", "T" },
    { "planted", 'p', 0, G_OPTION_ARG_DOUBLE, &planted, "Fraction of planted near-duplicates (default 0.01)", "F" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Random seed (default 1)", "S" },
    { "repeat", 'r', 0, G_OPTION_ARG_INT, &repeat, "Time the call this many times (default 1)", "R" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the all-pairs join");
  g_autoptr(GError) error = NULL;
  g_autofree guint64 *fps = NULL;
  gsize n = 1000000;
  PrBlockIndexLayout layout;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, argc, argv))
    return 2;
  if (n_text != NULL && !parse_count (n_text, &n, &error))
    {
      g_printerr ("petition-review-bench %s: --n: %s\n", argv[0], error->message);
      return 2;
    }
  if (k < 0 || k > PR_BLOCK_INDEX_MAX_K || threads < 0 || repeat < 1 ||
      !(planted >= 0 && planted <= 1))
    {
      g_printerr ("petition-review-bench %s: --k must be 0..%d, --threads >= 0, --repeat >= 1, --planted 0..1\n",
                  argv[0], PR_BLOCK_INDEX_MAX_K);
      return 2;
    }

  fps = generate (n, (guint) k, planted, (guint64) seed);
  pr_block_index_get_pairs_layout (n, (guint) k, &layout);
  g_print ("kernel %s, %u processors; layout %u blocks, %u tables, %u-%u key bits\n",
           pr_block_index_get_kernel_name (), g_get_num_processors (),
           layout.n_blocks, layout.n_tables, layout.min_key_bits, layout.max_key_bits);

  for (gint r = 0; r < repeat; r++)
    {
      double rss_before = pr_cli_rss_mb ();
      double peak_before = pr_cli_peak_rss_mb ();
      gint64 start = g_get_monotonic_time ();
      g_autoptr(GArray) pairs = pr_block_index_all_pairs (fps, n, (guint) k, (guint) threads,
                                                          NULL, &error);
      gint64 end = g_get_monotonic_time ();
      double peak = pr_cli_peak_rss_mb ();

      if (pairs == NULL)
        {
          g_printerr ("petition-review-bench %s: %s\n", argv[0], error->message);
          return 1;
        }
      g_print ("group n=%" G_GSIZE_FORMAT " k=%d threads=%d: %.3f s, %u pairs, "
               "peak RSS %.1f MB (%.1f bytes/fingerprint), "
               "RSS before call %.1f MB (input %.1f MB), "
               "(peak - before) / n = %.1f bytes/fingerprint%s\n",
               n, k, threads, (end - start) / 1e6, pairs->len,
               peak, n > 0 ? peak * 1048576.0 / n : 0.0,
               rss_before, n * 8 / 1048576.0,
               n > 0 ? (peak - rss_before) * 1048576.0 / n : 0.0,
               peak_before > peak - 0.05 && r > 0 ? " (peak set by an earlier run)" : "");
    }
  return 0;
}

static int
compare_u64 (const void *a,
             const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

static guint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (guint64) ts.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64) ts.tv_nsec;
}

/**
 * pr_bench_query:
 * @argc: number of arguments
 * @argv: (array length=argc): arguments, argv[0] being the subcommand name
 *
 * Builds a #PrBlockIndex over synthetic data and times single queries.
 *
 * Returns: 0 on success, 1 on a usage error
 */
int
pr_bench_query (int    argc,
                char **argv)
{
  g_autofree char *n_text = NULL;
  g_autofree char *queries_text = NULL;
  gint k = 3;
  gdouble planted = 0.01;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "n", 'n', 0, G_OPTION_ARG_STRING, &n_text, "Number of stored fingerprints (default 1e7)", "N" },
    { "k", 'k', 0, G_OPTION_ARG_INT, &k, "Hamming distance threshold (default 3)", "K" },
    { "queries", 'q', 0, G_OPTION_ARG_STRING, &queries_text, "Number of queries (default 100000)", "Q" },
    { "planted", 'p', 0, G_OPTION_ARG_DOUBLE, &planted, "Fraction of planted near-duplicates (default 0.01)", "F" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Random seed (default 1)", "S" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time single queries");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrBlockIndex) index = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autofree guint64 *fps = NULL;
  g_autofree guint64 *queries = NULL;
  g_autofree guint64 *latency = NULL;
  gsize n = 10000000, n_queries = 100000, total_matches = 0;
  guint64 state, sum = 0;
  double rss_before, build_rss;
  gint64 start, end;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, argc, argv))
    return 2;
  if ((n_text != NULL && !parse_count (n_text, &n, &error)) ||
      (queries_text != NULL && !parse_count (queries_text, &n_queries, &error)))
    {
      g_printerr ("petition-review-bench %s: %s\n", argv[0], error->message);
      return 2;
    }
  if (k < 0 || k > PR_BLOCK_INDEX_MAX_K || !(planted >= 0 && planted <= 1))
    {
      g_printerr ("petition-review-bench %s: --k must be 0..%d, --planted 0..1\n", argv[0], PR_BLOCK_INDEX_MAX_K);
      return 2;
    }

  fps = generate (n, (guint) k, planted, (guint64) seed);

  /* Half the queries are near a stored fingerprint (0 .. k bits away), half
   * are random and almost always match nothing. */
  state = (guint64) seed ^ G_GUINT64_CONSTANT (0x5eed5eed5eed5eed);
  queries = g_new (guint64, MAX (n_queries, 1));
  for (gsize q = 0; q < n_queries; q++)
    {
      if (q % 2 == 1 && n > 0)
        queries[q] = flip_bits (&state, fps[splitmix64 (&state) % n],
                                (guint) (splitmix64 (&state) % ((guint) k + 1)));
      else
        queries[q] = splitmix64 (&state);
    }

  rss_before = pr_cli_rss_mb ();
  start = g_get_monotonic_time ();
  index = pr_block_index_new (fps, n, (guint) k);
  end = g_get_monotonic_time ();
  build_rss = pr_cli_rss_mb ();
  g_print ("query index n=%" G_GSIZE_FORMAT " k=%d: built in %.3f s, RSS %.1f MB before, "
           "%.1f MB after (index %.1f bytes/fingerprint), peak %.1f MB\n",
           n, k, (end - start) / 1e6, rss_before, build_rss,
           n > 0 ? (build_rss - rss_before) * 1048576.0 / n : 0.0, pr_cli_peak_rss_mb ());

  /* clock_gettime rather than g_get_monotonic_time: single queries take
   * well under a microsecond when the buckets are cached. */
  latency = g_new (guint64, MAX (n_queries, 1));
  matches = g_array_sized_new (FALSE, FALSE, sizeof (PrMatch), 64);
  for (gsize q = 0; q < n_queries; q++)
    {
      guint64 t0, t1;

      g_array_set_size (matches, 0);
      t0 = now_ns ();
      total_matches += pr_block_index_query (index, queries[q], matches);
      t1 = now_ns ();
      latency[q] = t1 - t0;
      sum += t1 - t0;
    }

  if (n_queries == 0)
    {
      g_print ("no queries\n");
      return 0;
    }
  qsort (latency, n_queries, sizeof (guint64), compare_u64);
  g_print ("query n=%" G_GSIZE_FORMAT " k=%d: %" G_GSIZE_FORMAT " queries, "
           "%" G_GSIZE_FORMAT " matches; latency median %.2f us, p99 %.2f us, "
           "mean %.2f us, max %.2f us\n",
           n, k, n_queries, total_matches,
           latency[n_queries / 2] / 1e3,
           latency[MIN (n_queries - 1, n_queries * 99 / 100)] / 1e3,
           (double) sum / n_queries / 1e3,
           latency[n_queries - 1] / 1e3);
  return 0;
}

/* `petition-review-bench thresholds`: the threshold preview on random fingerprints with
 * near-duplicates planted at 1..k + 3 bits: the one pair search at k + 3,
 * then each k's clustering and its comparison with k. */
int
pr_bench_thresholds (int    argc,
                     char **argv)
{
  g_autofree char *n_text = NULL;
  gint k = 3, threads = 1;
  gdouble planted = 0.01;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "n", 'n', 0, G_OPTION_ARG_STRING, &n_text, "Number of fingerprints (default 1e6)", "N" },
    { "k", 'k', 0, G_OPTION_ARG_INT, &k, "The scan's threshold (default 3)", "K" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, "Worker threads, 0 for all cores (default 1)", "T" },
    { "planted", 'p', 0, G_OPTION_ARG_DOUBLE, &planted, "Fraction of planted near-duplicates (default 0.01)", "F" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Random seed (default 1)", "S" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the threshold preview");
  g_autoptr(GError) error = NULL;
  g_autoptr(PrThresholdPreview) preview = NULL;
  g_autofree guint64 *fps = NULL;
  gsize n = 1000000;
  double rss_before;
  gint64 start;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, argc, argv))
    return 2;
  if (n_text != NULL && !parse_count (n_text, &n, &error))
    {
      g_printerr ("petition-review-bench %s: --n: %s\n", argv[0], error->message);
      return 2;
    }
  if (k < 0 || k > PR_BLOCK_INDEX_MAX_K || threads < 0 || !(planted >= 0 && planted <= 1))
    {
      g_printerr ("petition-review-bench %s: --k must be 0..%d, --threads >= 0, --planted 0..1\n",
                  argv[0], PR_BLOCK_INDEX_MAX_K);
      return 2;
    }

  fps = generate (n, MIN ((guint) k + PR_THRESHOLD_PREVIEW_MARGIN, PR_BLOCK_INDEX_MAX_K), planted, (guint64) seed);
  rss_before = pr_cli_rss_mb ();
  start = g_get_monotonic_time ();
  preview = pr_threshold_preview_new (fps, NULL, n, (guint) k, NULL, 0, NULL, (guint) threads, NULL, &error);
  if (preview == NULL)
    {
      g_printerr ("petition-review-bench %s: %s\n", argv[0], error->message);
      return 1;
    }
  g_print ("thresholds n=%" G_GSIZE_FORMAT " k=%d threads=%d: the pairs up to k=%u in %.3f s, "
           "peak RSS %.1f MB ((peak - before) / n = %.1f bytes/fingerprint)\n",
           n, k, threads, pr_threshold_preview_get_kmax (preview), (g_get_monotonic_time () - start) / 1e6,
           pr_cli_peak_rss_mb (), n > 0 ? (pr_cli_peak_rss_mb () - rss_before) * 1048576.0 / n : 0.0);
  for (guint kk = 0; kk <= pr_threshold_preview_get_kmax (preview); kk++)
    {
      g_autoptr(PrClustering) alone = NULL;
      g_autoptr(PrClustering) compared = NULL;
      PrThresholdSummary summary;
      double t_alone, t_compare;

      start = g_get_monotonic_time ();
      alone = pr_threshold_preview_cluster (preview, kk, NULL, NULL, NULL);
      t_alone = (g_get_monotonic_time () - start) / 1e6;
      start = g_get_monotonic_time ();
      compared = pr_threshold_preview_compare (preview, (guint) k, kk, NULL, &summary, NULL);
      t_compare = (g_get_monotonic_time () - start) / 1e6;
      g_print ("  k=%u: %" G_GUINT64_FORMAT " pairs at this distance, %u clusters (+%u -%u), %" G_GUINT64_FORMAT
               " pairs within k; the figures (both k, members only) in %.3f s, the clusters with their"
               " largest distances in %.3f s\n",
               kk, pr_threshold_preview_get_count (preview, kk), summary.n_clusters, summary.clusters_added,
               summary.clusters_removed, summary.n_pairs, t_compare, t_alone);
    }
  return 0;
}
