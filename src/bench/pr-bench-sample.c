/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Generated petitions for the benchmarks (petition-review-bench db and
 * tests/bench-ui), any number of them, in the columns of the sample
 * server's table, so that the sample server loads them as it loads the
 * bundled sample.
 *
 * Why a third generator, beside build-aux/make-sample.py (the bundled,
 * hand-shaped demo set of 3,000 with its truth) and build-aux/generate-records
 * (collages of the real petitions, with their ground truth, for scale
 * tests): the benchmarks must run where neither Python nor the real
 * petitions are (a fresh checkout, CI), in-process, and give the same rows
 * for the same count every time. Their bodies are the bundled sample's own
 * sentences drawn at random, so the text has the sample's word
 * distribution; only 1 % are repeats, as a benchmark needs no truth.
 */
#define G_LOG_DOMAIN "pr-bench-sample"

#include "config.h"

#include "pr-bench-sample.h"
#include "pr-csv-reader.h"
#include "pr-csv-writer.h"
#include "pr-sample-server.h"

#define SAMPLE_BODY_CHARS 500

/* The sample's sentences: the material the generated bodies are made of. */
static GPtrArray *
load_sentences (GError **error)
{
  g_autoptr(PrCsvReader) reader = NULL;
  g_autofree char *path = pr_sample_server_find_csv ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *sentences = g_ptr_array_new_with_free_func (g_free);
  int body;

  reader = pr_csv_reader_new_for_path (path, NULL, error);
  if (reader == NULL || !pr_csv_reader_next (reader, NULL, error))
    {
      g_ptr_array_unref (sentences);
      return NULL;
    }
  body = pr_csv_reader_find_field (reader, "body");
  while (pr_csv_reader_next (reader, NULL, error))
    {
      GString *sentence = g_string_new (NULL);

      for (const char *p = pr_csv_reader_get_field (reader, body, NULL); *p; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);

          if (g_unichar_isspace (c))
            continue;
          g_string_append_unichar (sentence, c);
          if (c == 0x3002 || c == 0xFF01 || c == 0xFF1F)  /* 。！？ */
            {
              if (g_hash_table_add (seen, sentence->str))
                g_ptr_array_add (sentences, g_string_free (sentence, FALSE));
              else
                g_string_free (sentence, TRUE);
              sentence = g_string_new (NULL);
            }
        }
      g_string_free (sentence, TRUE);
    }

  return sentences;
}

/* About SAMPLE_BODY_CHARS characters of sentences drawn at random. */
static char *
make_body (GPtrArray *sentences,
           GRand     *rand)
{
  GString *body = g_string_new (NULL);

  while (g_utf8_strlen (body->str, -1) < SAMPLE_BODY_CHARS)
    g_string_append (body, sentences->pdata[g_rand_int_range (rand, 0, sentences->len)]);

  return g_string_free (body, FALSE);
}

/**
 * pr_bench_sample_generate_csv:
 * @path: the CSV file to write
 * @n_rows: how many petitions
 * @error: return location for a #GError
 *
 * Generated petitions for benchmarks: id, petitioner, phone, address,
 * category, subject, a body of about 500 characters made of sentences of
 * the project's own fictional sample drawn at random, and a date (the
 * sample's other columns empty); 1 % of
 * them repeat a recent body with a few characters added. The same rows
 * for the same @n_rows every time.
 *
 * Returns: %FALSE with @error set on failure
 */
gboolean
pr_bench_sample_generate_csv (const char  *path,
                              guint        n_rows,
                              GError     **error)
{
  g_autoptr(GPtrArray) sentences = load_sentences (error);
  g_autoptr(PrCsvWriter) writer = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  g_autoptr(GPtrArray) recent = g_ptr_array_new_with_free_func (g_free);
  /* The columns of the sample server's table: the bundled sample's. */
  const char *header[] = { "id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
                           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at" };

  if (sentences == NULL)
    return FALSE;
  writer = pr_csv_writer_new_for_path (path, PR_CSV_WRITER_FLAGS_NONE, error);
  if (writer == NULL || !pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), error))
    return FALSE;

  for (guint i = 1; i <= n_rows; i++)
    {
      char id[16], name[32], phone[24], address[64], date[32];
      g_autofree char *body = NULL;
      const char *row[14] = { id, name, phone, address, "城乡建设", NULL, NULL, date,
                              "", "", "", "", "", "" };

      /* 1 % repeat a recent body with its first characters changed. */
      if (recent->len > 0 && g_rand_int_range (rand, 0, 100) == 0)
        body = g_strdup_printf ("再次反映：%s", (char *) recent->pdata[g_rand_int_range (rand, 0, recent->len)]);
      else
        body = make_body (sentences, rand);
      g_snprintf (id, sizeof id, "%u", i);
      g_snprintf (name, sizeof name, "某%u", g_rand_int_range (rand, 0, 50000));
      g_snprintf (phone, sizeof phone, "13%09u", g_rand_int_range (rand, 0, 999999999));
      g_snprintf (address, sizeof address, "东川市青山区幸福路%u号", g_rand_int_range (rand, 1, 2000));
      g_snprintf (date, sizeof date, "2025-%02d-%02d 10:00:00", g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29));
      row[5] = "反映问题";
      row[6] = body;
      if (!pr_csv_writer_write_row (writer, row, G_N_ELEMENTS (row), error))
        return FALSE;
      if (recent->len < 1000)
        g_ptr_array_add (recent, g_strdup (body));
      else
        {
          guint at = g_rand_int_range (rand, 0, recent->len);

          g_free (recent->pdata[at]);
          recent->pdata[at] = g_strdup (body);
        }
    }

  return pr_csv_writer_close (writer, error);
}
