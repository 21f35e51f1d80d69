/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check: which stored records are within k of one record — the intake
 * check of a new complaint. The record is read from the table by its id
 * and fingerprinted; the stored fingerprints are searched in SQL through
 * their block columns, or with --in-memory through a block index built
 * from them.
 */
#define G_LOG_DOMAIN "petition-review-cli"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-block-index.h"
#include "pr-cli.h"
#include "pr-csv-writer.h"
#include "pr-fingerprinter.h"
#include "pr-record-reader.h"
#include "pr-store.h"

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const PrStoreMatch *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return g_strcmp0 (x->record_id, y->record_id);
}

/* The same answer as pr_store_check(), from a block index in memory. */
static GArray *
check_in_memory (PrStore     *store,
                 const char  *table,
                 guint64      version,
                 guint64      fingerprint,
                 guint        k,
                 double      *build_seconds,
                 double      *query_seconds,
                 GError     **error)
{
  gint64 loading = g_get_monotonic_time ();
  g_autoptr(GHashTable) stored = pr_store_load_fingerprints (store, table, version, error);
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree guint64 *fingerprints = NULL;
  g_autoptr(PrBlockIndex) index = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (PrMatch));
  GArray *matches;
  GHashTableIter iter;
  gpointer key, value;
  gsize n = 0;
  gint64 start;

  if (stored == NULL)
    return NULL;

  start = loading;
  ids = g_ptr_array_new ();
  fingerprints = g_new (guint64, MAX (g_hash_table_size (stored), 1));
  g_hash_table_iter_init (&iter, stored);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const PrStoredFingerprint *fp = value;

      if (fp->sparse)
        continue;
      g_ptr_array_add (ids, key);
      fingerprints[n++] = fp->fingerprint;
    }
  index = pr_block_index_new (fingerprints, n, k);
  *build_seconds = (g_get_monotonic_time () - start) / 1e6;

  start = g_get_monotonic_time ();
  pr_block_index_query (index, fingerprint, found);
  *query_seconds = (g_get_monotonic_time () - start) / 1e6;
  matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
  g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
  for (guint i = 0; i < found->len; i++)
    {
      const PrMatch *m = &g_array_index (found, PrMatch, i);
      PrStoreMatch match = { g_strdup (ids->pdata[m->index]), m->distance };

      g_array_append_val (matches, match);
    }
  g_array_sort (matches, compare_matches);

  return matches;
}

int
pr_cli_check (int    argc,
              char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *id = NULL;
  g_autofree char *schema = NULL;
  gboolean in_memory = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  g_autoptr(PrFingerprinter) fingerprinter = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  char **values = NULL;
  PrFingerprint fp;
  const char *header[] = { "id", "distance" };
  double build_seconds = 0, query_seconds = 0;
  gint64 start;
  GOptionEntry entries[] = {
    { "record", 0, 0, G_OPTION_ARG_STRING, &id, N_("The record to check, by its id (--id names the id column)"), N_("ID") },
    { "store", 0, 0, G_OPTION_ARG_STRING, &schema,
      N_("The schema of the application's tables (default: the table's database)"), N_("SCHEMA") },
    { "in-memory", 0, 0, G_OPTION_ARG_NONE, &in_memory,
      N_("Search a block index built in memory instead of asking the server"), NULL },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— which stored records repeat one record"),
                             entries, &options, 0, &error))
    goto failed;
  if (options.db == NULL && !options.sample)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("check reads a database: give --db URI --table TABLE, or --sample"));
      goto failed;
    }
  if (id == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("give the record to check: --record ID"));
      goto failed;
    }

  connection = pr_cli_open_connection (&options, &error);
  if (connection == NULL)
    goto failed;
  mapping = pr_cli_source_mapping (connection, &options, &error);
  if (mapping == NULL)
    goto failed;
  values = pr_record_reader_fetch (connection, options.table, mapping, id, &error);
  if (values == NULL)
    goto failed;
  fingerprinter = pr_fingerprinter_new (mapping, pr_cli_load_flags (&options), options.min_tokens, &error);
  if (fingerprinter == NULL)
    goto failed;
  if (!pr_fingerprinter_compute (fingerprinter, (const char *const *) values, NULL, &fp, &error))
    goto failed;
  if (fp.sparse)
    fprintf (stderr, _("Record %s is too short to be matched on its fingerprint.\n"), id);

  store = pr_store_open (connection, schema, &error);
  if (store == NULL)
    goto failed;

  start = g_get_monotonic_time ();
  if (in_memory)
    {
      guint64 version = pr_fingerprint_version (mapping, pr_cli_load_flags (&options), options.min_tokens);

      matches = check_in_memory (store, options.table, version, fp.fingerprint, options.k,
                                 &build_seconds, &query_seconds, &error);
    }
  else
    {
      matches = pr_store_check (store, options.table, fp.fingerprint, options.k, &error);
      query_seconds = (g_get_monotonic_time () - start) / 1e6;
    }
  if (matches == NULL)
    goto failed;

  writer = pr_cli_open_csv_output (NULL, PR_CSV_WRITER_FLAGS_NONE, &error);
  if (!pr_csv_writer_write_row (writer, header, 2, &error))
    goto failed;
  for (guint i = 0; i < matches->len && !fp.sparse; i++)
    {
      const PrStoreMatch *match = &g_array_index (matches, PrStoreMatch, i);
      char distance[16];
      const char *row[2] = { match->record_id, distance };

      if (g_str_equal (match->record_id, id))
        continue;
      g_snprintf (distance, sizeof distance, "%u", match->distance);
      if (!pr_csv_writer_write_row (writer, row, 2, &error))
        goto failed;
    }
  if (!pr_csv_writer_close (writer, &error))
    goto failed;

  if (in_memory)
    fprintf (stderr, _("Stored fingerprints loaded and indexed in %.3f s; query %.3f ms\n"),
             build_seconds, query_seconds * 1e3);
  else
    fprintf (stderr, _("Query %.3f ms\n"), query_seconds * 1e3);

  for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
    g_free (values[c]);
  g_free (values);
  return 0;

failed:
  if (values != NULL && mapping != NULL)
    {
      for (guint c = 0; c < pr_mapping_get_n_columns (mapping); c++)
        g_free (values[c]);
      g_free (values);
    }
  return pr_cli_fail ("check", error);
}
