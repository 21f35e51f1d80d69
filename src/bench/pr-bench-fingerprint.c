/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `petition-review-bench fingerprint`: the way from CSV bytes to
 * fingerprints, and where the time goes.
 */
#define G_LOG_DOMAIN "pr-bench-fingerprint"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pr-batch-fingerprinter.h"
#include "pr-bench.h"
#include "pr-cli.h"
#include "pr-csv-reader.h"
#include "pr-simhash.h"

typedef struct {
  GPtrArray *texts;   /* the text columns' values, all records */
  guint64    bytes;
} Corpus;

static void
count_token (const char *token,
             gsize       length,
             gpointer    user_data)
{
  (*(guint64 *) user_data)++;
}

static void
hash_token (const char *token,
            gsize       length,
            gpointer    user_data)
{
  *(guint64 *) user_data ^= pr_feature_hash (token, length);
}

/* One pass of the tokenizer over the corpus with @func; returns seconds. */
static double
time_tokenizer (Corpus           *corpus,
                PrTokenizerFlags  flags,
                PrTokenFunc       func,
                GError          **error)
{
  g_autoptr(PrTokenizer) tokenizer = pr_tokenizer_new (flags, error);
  guint64 sink = 0;
  gint64 start;

  if (tokenizer == NULL)
    return -1;

  start = g_get_monotonic_time ();
  for (guint i = 0; i < corpus->texts->len; i++)
    if (!pr_tokenizer_tokenize (tokenizer, corpus->texts->pdata[i], -1, func, &sink, error))
      return -1;

  return (g_get_monotonic_time () - start) / 1e6;
}

static double
time_load (const char           *path,
           PrCliMappingOptions  *options,
           guint                 threads,
           guint64              *text_bytes,
           guint64              *n_records,
           GError              **error)
{
  int saved = options->threads;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(PrRecordSet) set = NULL;

  options->threads = threads;
  set = pr_cli_load_records (path, options, FALSE, error);
  options->threads = saved;
  if (set == NULL)
    return -1;

  *text_bytes = set->text_bytes;
  *n_records = set->n_records;
  return (g_get_monotonic_time () - start) / 1e6;
}

int
pr_bench_fingerprint (int    argc,
                      char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *records_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrCsvReader) reader = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(GArray) text_columns = g_array_new (FALSE, FALSE, sizeof (int));
  Corpus corpus = { g_ptr_array_new_with_free_func (g_free), 0 };
  PrTokenizerFlags flags;
  guint n_cores = g_get_num_processors ();
  guint64 text_bytes = 0, n_records = 0;
  double t_parse, t_break, t_norm, t_fold, t_hash, t_one, t_all;
  gint64 start;
  GOptionEntry entries[] = {
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_path,
      N_("CSV file of records (real petition text, e.g. ../shared/data/petitions-zh/records.csv)"), N_("FILE") },
    PR_CLI_IDF_ENTRIES (options),
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— fingerprinting throughput, and where the time goes"),
                             entries, &options, 0, &error))
    goto failed;
  if (records_path == NULL)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("give --records FILE"));
      goto failed;
    }
  mapping = pr_cli_build_mapping (&options, &error);
  if (mapping == NULL)
    goto failed;
  flags = options.no_fold_traditional ? 0 : PR_TOKENIZER_FOLD_TRADITIONAL;

  /* Stage 0: parse the CSV, keeping the text columns for the stages below. */
  reader = pr_csv_reader_new_for_path (records_path, options.encoding, &error);
  if (reader == NULL)
    goto failed;
  start = g_get_monotonic_time ();
  if (!pr_csv_reader_next_header (reader, records_path, NULL, &error))
    goto failed;
  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (mapping, c);
      int field = pr_csv_reader_find_field (reader, column->name);

      if (column->role == PR_COLUMN_ROLE_TEXT && field >= 0)
        g_array_append_val (text_columns, field);
    }
  if (text_columns->len == 0)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("map at least one --text column that is in the file's header"));
      goto failed;
    }
  while (pr_csv_reader_next (reader, NULL, &error))
    for (guint i = 0; i < text_columns->len; i++)
      {
        gsize length = 0;
        const char *value = pr_csv_reader_get_field (reader, g_array_index (text_columns, int, i), &length);

        g_ptr_array_add (corpus.texts, g_strndup (value, length));
        corpus.bytes += length;
      }
  if (error != NULL)
    goto failed;
  t_parse = (g_get_monotonic_time () - start) / 1e6;

  if ((t_break = time_tokenizer (&corpus, PR_TOKENIZER_NO_NORMALIZE, count_token, &error)) < 0 ||
      (t_norm = time_tokenizer (&corpus, 0, count_token, &error)) < 0 ||
      (t_fold = time_tokenizer (&corpus, PR_TOKENIZER_FOLD_TRADITIONAL, count_token, &error)) < 0 ||
      (t_hash = time_tokenizer (&corpus, flags, hash_token, &error)) < 0)
    goto failed;

  t_one = time_load (records_path, &options, 1, &text_bytes, &n_records, &error);
  if (t_one < 0)
    goto failed;
  t_all = time_load (records_path, &options, n_cores, &text_bytes, &n_records, &error);
  if (t_all < 0)
    goto failed;

  printf (_("Corpus: %s, %llu records, %.1f MB in the text columns, %.1f MB in all mapped columns\n\n"),
          records_path, (unsigned long long) n_records, corpus.bytes / 1e6, text_bytes / 1e6);
  printf (_("Where the time goes (one thread, text columns; each row adds one step):\n"));
  printf ("  %-44s %7.3f s  %7.1f MB/s\n", _("parse the CSV"), t_parse, corpus.bytes / 1e6 / t_parse);
  printf ("  %-44s %7.3f s  %7.1f MB/s\n", _("UTF-16 + word break (zh) + words to UTF-8"),
          t_break, corpus.bytes / 1e6 / t_break);
  printf ("  %-44s %7.3f s  %7.1f MB/s  (+%.0f %%)\n", _("+ NFKC_Casefold"),
          t_norm, corpus.bytes / 1e6 / t_norm, 100 * (t_norm - t_break) / t_break);
  printf ("  %-44s %7.3f s  %7.1f MB/s  (+%.0f %% of the tokenizer)\n", _("+ Traditional→Simplified fold"),
          t_fold, corpus.bytes / 1e6 / t_fold, 100 * (t_fold - t_norm) / t_norm);
  printf ("  %-44s %7.3f s  %7.1f MB/s  (+%.0f %%)\n", _("+ XXH3-64 of every word"),
          t_hash, corpus.bytes / 1e6 / t_hash, 100 * (t_hash - (flags ? t_fold : t_norm)) / (flags ? t_fold : t_norm));
  printf ("\n%s\n", _("From CSV bytes to fingerprints (parse, tokenize, hash, accumulate; all mapped columns):"));
  printf (_("  1 thread:   %7.3f s  %7.1f MB/s  %9.0f records/s\n"),
          t_one, text_bytes / 1e6 / t_one, n_records / t_one);
  printf (_("  %u threads:  %7.3f s  %7.1f MB/s  %9.0f records/s\n"),
          n_cores, t_all, text_bytes / 1e6 / t_all, n_records / t_all);
  printf (_("Peak RSS: %.1f MB\n"), pr_cli_peak_rss_mb ());

  g_ptr_array_unref (corpus.texts);
  return 0;

failed:
  g_ptr_array_unref (corpus.texts);
  return pr_bench_fail (error);
}
