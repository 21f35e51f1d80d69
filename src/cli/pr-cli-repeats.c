/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * repeats: the new repeats a complete scan with --store found, as the
 * store keeps them, in --new-repeats' columns (id,existing_id,distance,kind):
 * the last complete scan's of the table, or --scan N's.
 */
#define G_LOG_DOMAIN "pr-cli-repeats"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-csv-writer.h"
#include "pr-store-repeats.h"

/* The columns of --new-repeats and of repeats: a contract, as scan's. */
const char *const pr_cli_repeats_header[PR_CLI_REPEATS_COLUMNS] = { "id", "existing_id", "distance", "kind" };

int
pr_cli_repeats (int    argc,
                char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *schema = NULL;
  g_autofree char *out = NULL;
  gint64 scan_id = 0, listed = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  g_autoptr(GArray) repeats = NULL;
  GOptionEntry entries[] = {
    { "store", 0, 0, G_OPTION_ARG_STRING, &schema,
      N_("The schema of the application's tables (default: the connection's database)"), N_("SCHEMA") },
    { "scan", 0, 0, G_OPTION_ARG_INT64, &scan_id,
      N_("The scan whose new repeats to print (default: the table's last complete scan)"), N_("N") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the CSV to FILE instead of standard output"), N_("FILE") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— print the new repeats a scan with --store found, again"),
                             entries, &options, 0, &error))
    goto failed;
  if (!pr_cli_check_store_only_flags (&options, &error))
    goto failed;
  if (scan_id < 0)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--scan must be a scan's number (1 or more), not %lld"), (long long) scan_id);
      goto failed;
    }

  /* The output first: a folder that is not there is told before the
   * server is asked anything. */
  if (!pr_cli_check_store_output (&options, out, &error))
    goto failed;
  writer = pr_cli_open_csv_output (out, PR_CSV_WRITER_FLAGS_NONE, &error);
  if (writer == NULL)
    goto failed;
  store = pr_cli_open_store_only (&options, schema,
                                  _("the repeats are in a database: give --db URI --table TABLE, or --sample"),
                                  &connection, &error);
  if (store == NULL)
    goto failed;
  repeats = pr_store_list_repeats (store, options.table, scan_id, &listed, &error);
  if (repeats == NULL)
    goto failed;

  if (!pr_csv_writer_write_row (writer, pr_cli_repeats_header, PR_CLI_REPEATS_COLUMNS, &error))
    goto failed;
  for (guint i = 0; i < repeats->len; i++)
    {
      const PrStoreRepeat *repeat = &g_array_index (repeats, PrStoreRepeat, i);
      char distance[16];
      const char *row[PR_CLI_REPEATS_COLUMNS] = { repeat->record_id, repeat->existing_id, distance, repeat->kind };

      g_snprintf (distance, sizeof distance, "%u", repeat->distance);
      if (!pr_csv_writer_write_row (writer, row, PR_CLI_REPEATS_COLUMNS, &error))
        goto failed;
    }
  if (!pr_csv_writer_close (writer, &error))
    goto failed;
  g_debug ("scan %" G_GINT64_FORMAT ": %u new repeats", listed, repeats->len);
  return 0;

failed:
  return pr_cli_fail ("repeats", error);
}
