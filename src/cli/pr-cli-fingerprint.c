/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fingerprint: id,fingerprint for every record, the fingerprint as 16
 * lower-case hex digits, so that other tools can store or compare them.
 */
#define G_LOG_DOMAIN "pr-cli-fingerprint"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-csv-writer.h"

int
pr_cli_fingerprint (int    argc,
                    char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrRecordSet) set = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  const char *header[] = { "id", "fingerprint" };
  gboolean skip_bad_rows = FALSE;
  g_autofree char *bad_rows_path = NULL;
  g_auto(PrCliBadRows) bad_rows = { 0 };
  GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the CSV to FILE instead of standard output"), N_("FILE") },
    PR_CLI_BAD_ROWS_ENTRIES (skip_bad_rows, bad_rows_path),
    PR_CLI_IDF_ENTRIES (options),
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("[RECORDS.csv] — print each record's fingerprint"),
                             entries, &options, 1, &error))
    goto failed;

  /* The output first: one that cannot be written is told before the
   * records are read; so is one that is the records file. */
  {
    g_autofree char *bad_rows_file = pr_cli_bad_rows_path (skip_bad_rows, bad_rows_path, out);
    const PrCliFile inputs[] = { { _("the records file"), options.db == NULL && !options.sample && argc > 1 ? argv[1] : NULL },
                                 { "--password-file", options.password_file } };
    /* Without --out, what it prints goes to standard output, where a
     * second output given as "-" would run into it. */
    const PrCliFile outputs[] = { out != NULL ? (PrCliFile) { "--out", out }
                                                 /* Translators: the CSV fingerprint prints when no --out is given */
                                                 : (PrCliFile) { _("the fingerprints (without --out, on standard output)"), "-" },
                                  { "--bad-rows", bad_rows_file } };

    if (!pr_cli_check_outputs (inputs, G_N_ELEMENTS (inputs), outputs, G_N_ELEMENTS (outputs), &error))
      goto failed;
  }
  writer = pr_cli_open_csv_output (out, PR_CSV_WRITER_FLAGS_NONE, &error);
  if (writer == NULL || !pr_cli_bad_rows_open (&bad_rows, skip_bad_rows, bad_rows_path, out, &error))
    goto failed;
  options.bad_rows = &bad_rows;
  set = pr_cli_load_records (argv[1], &options, FALSE, &error);
  if (set == NULL || !pr_cli_bad_rows_close (&bad_rows, &error))
    goto failed;
  pr_cli_print_unreadable_dates (set, &options);
  if (!pr_csv_writer_write_row (writer, header, G_N_ELEMENTS (header), &error))
    goto failed;

  for (gsize i = 0; i < set->n_records; i++)
    {
      char hex[17];
      const char *row[2] = { set->ids->pdata[i], hex };

      g_snprintf (hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", set->fingerprints[i]);
      if (!pr_csv_writer_write_row (writer, row, 2, &error))
        goto failed;
    }
  if (!pr_csv_writer_close (writer, &error))
    goto failed;

  return 0;

failed:
  return pr_cli_fail ("fingerprint", error);
}
