/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * move-history: after RENAME TABLE, moves a table's history in the store
 * (scans, fingerprints, decisions, case numbers) from its old name to its
 * new one, so that the next scan continues it instead of starting afresh.
 */
#define G_LOG_DOMAIN "pr-cli-move-history"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-store-renamed.h"

int
pr_cli_move_history (int    argc,
                     char **argv)
{
  g_auto(PrCliMappingOptions) options = { 0 };
  g_autofree char *schema = NULL;
  g_autofree char *from = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrConnection) connection = NULL;
  g_autoptr(PrStore) store = NULL;
  guint64 moved = 0;
  GOptionEntry entries[] = {
    { "store", 0, 0, G_OPTION_ARG_STRING, &schema,
      N_("The schema of the application's tables (default: the connection's database)"), N_("SCHEMA") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from,
      N_("The table's old name, under which the store keeps its history"), N_("OLD") },
    { NULL }
  };

  if (!pr_cli_parse_command (&argc, &argv, _("— move a renamed table's history in the store to its new name (--table)"),
                             entries, &options, 0, &error))
    goto failed;
  if (!pr_cli_check_store_only_flags (&options, &error))
    goto failed;
  if (from == NULL || options.db == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("give --db URI, --table NEW (the table's name now) and --from OLD (its name before)"));
      goto failed;
    }
  store = pr_cli_open_store_only (&options, schema, NULL, &connection, &error);
  if (store == NULL || !pr_store_move_history (store, from, options.table, &moved, &error))
    goto failed;
  fprintf (stderr, _("Moved the history of “%s” to “%s”: %llu rows\n"), from, options.table,
           (unsigned long long) moved);
  return 0;

failed:
  return pr_cli_fail ("move-history", error);
}
