/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * decisions export: the reviewers' decision log, as CSV. UTF-8 with a byte
 * order mark by default, so that a Chinese Excel opens it as UTF-8, and
 * notes that start like a formula are neutralised. An --out ending in
 * .xlsx gets an Excel workbook of the same columns and cells instead,
 * written as the window's report is.
 */
#define G_LOG_DOMAIN "pr-cli-decisions"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-csv-writer.h"
#include "pr-store.h"
#include "pr-store-renamed.h"

int
pr_cli_decisions (int    argc,
                  char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *schema = NULL;
  g_autofree char *out = NULL;
  gboolean no_bom = FALSE;
  gboolean xlsx;
  gint64 case_number = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  g_autoptr(PrCsvWriter) writer = NULL;
  GOptionEntry entries[] = {
    { "store", 0, 0, G_OPTION_ARG_STRING, &schema,
      N_("The schema of the application's tables (default: the connection's database)"), N_("SCHEMA") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Write the CSV to FILE instead of standard output; a FILE ending in .xlsx gets an Excel workbook"),
      N_("FILE") },
    { "no-bom", 0, 0, G_OPTION_ARG_NONE, &no_bom,
      N_("No byte order mark at the start (for programs rather than Excel)"), NULL },
    { "case", 0, 0, G_OPTION_ARG_INT64, &case_number,
      N_("Only the decisions made against case NUMBER of the table, in order: its history"), N_("NUMBER") },
    { NULL }
  };

  /* export is the only action: "decisions --help" is its help. */
  if (argc >= 2 && pr_cli_is_help_flag (argv[1]))
    pr_cli_set_command_name ("decisions export");
  else if (argc < 2 || strcmp (argv[1], "export") != 0)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("say what to do with the decisions: export"));
      return pr_cli_fail ("decisions", error);
    }
  else
    {
      pr_cli_set_command_name ("decisions export");
      argc--;
      argv++;
    }

  if (!pr_cli_parse_command (&argc, &argv, _("— export the reviewers' decisions as CSV or an Excel workbook"),
                             entries, &options, 0, &error))
    goto failed;
  if (!pr_cli_check_store_only_flags (&options, &error))
    goto failed;
  if (case_number < 0 || case_number > G_MAXUINT32 || (case_number != 0 && options.table == NULL))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   case_number != 0 && options.table == NULL
                   ? _("--case names a case of one table: give --table TABLE too")
                   : _("--case takes a case number from 1 to 4294967295"));
      goto failed;
    }
  /* The output first: one that cannot be written is told before the
   * server is asked anything. */
  if (!pr_cli_check_store_output (&options, out, &error))
    goto failed;
  xlsx = out != NULL && pr_report_path_is_xlsx (out);
  if (xlsx && no_bom)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--no-bom is for CSV; %s is an Excel workbook (.xlsx), which has none: leave --no-bom out, "
                     "or name a .csv file"), out);
      goto failed;
    }
  /* For Excel (a BOM), ids Excel would read as numbers (0012345, 18
   * digits) are kept as text, as the application's export keeps them. */
  if (!xlsx &&
      (writer = pr_cli_open_csv_output (out,
                                        (no_bom ? 0 : PR_CSV_WRITER_BOM | PR_CSV_WRITER_DIGITS_AS_TEXT) |
                                          PR_CSV_WRITER_NEUTRALIZE, &error)) == NULL)
    goto failed;
  store = pr_cli_open_store_only (&options, schema,
                                  _("the decisions are in a database: give --db URI --table TABLE, or --sample"),
                                  &connection, &error);
  if (store == NULL)
    goto failed;
  /* A table or case number typed wrong would export no decision, as if
   * none had been made. */
  {
    gboolean known = FALSE;

    if (!pr_store_knows_table (store, options.table, 0, &known, &error))
      goto failed;
    if (!known)
      {
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     _("the store holds no scan or decision of a table “%s” of this database: check --table (as "
                       "the database writes it), the database in --db, and --store"), options.table);
        goto failed;
      }
    if (case_number != 0 &&
        !pr_store_knows_table (store, options.table, (guint32) case_number, &known, &error))
      goto failed;
    if (!known)
      {
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     _("the table “%s” has no case %lld in the store: check the case number"),
                     options.table, (long long) case_number);
        goto failed;
      }
  }
  if (xlsx)
    {
      /* Translators: the decisions workbook's sheet (决定记录); at most 31 characters */
      g_autoptr(PrReportTable) report = pr_report_table_new (_("Decisions"));

      if (!pr_store_report_decisions (store, options.table, (guint32) case_number, report, &error) ||
          !pr_report_table_write_xlsx (report, out, NULL, &error))
        goto failed;
      return 0;
    }
  if (!(case_number != 0
         ? pr_store_export_case_decisions (store, options.table, (guint32) case_number, writer, &error)
         : pr_store_export_decisions (store, options.table, writer, &error)) ||
      !pr_csv_writer_close (writer, &error))
    goto failed;

  return 0;

failed:
  return pr_cli_fail ("decisions export", error);
}
