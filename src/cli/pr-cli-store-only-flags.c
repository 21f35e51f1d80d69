/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The flags of the commands that read the application's tables alone
 * (decisions export, repeats, move-history): they take the mapping flags
 * as every command does, and use only those that say where the store is.
 */
#define G_LOG_DOMAIN "pr-cli-store-only-flags"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-cli.h"

/**
 * pr_cli_check_store_only_flags:
 * @options: the parsed flags
 * @error: return location for a #GError
 *
 * For the commands that read the application's tables alone
 * (pr_cli_open_store_only ()): a flag that says how to read or match a
 * table's records (--text, --date-format, --k…) is accepted by every
 * command, but would change nothing in what these print, and the user
 * would take the answer for one it shaped. It is refused, naming it; only
 * the flags that say where the store is (--db, --table, --sample,
 * --password-file) are theirs.
 *
 * Returns: %FALSE with @error naming the first such flag given
 */
gboolean
pr_cli_check_store_only_flags (PrCliMappingOptions  *options,
                               GError              **error)
{
  static const char *const theirs[] = { "db", "table", "sample", "password-file", NULL };

  /* Typed, not a value other than the default: "-k 3" would look like
   * no flag, and be taken for one that shaped the answer. */
  for (guint i = 0; options->typed != NULL && options->typed[i] != NULL; i++)
    if (!g_strv_contains (theirs, options->typed[i]))
      {
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                     _("--%s says how to read or match a table's records, but this command reads what a scan "
                       "left in the store, not the records, so it would change nothing: leave out --%s"),
                     options->typed[i], options->typed[i]);
        return FALSE;
      }
  return TRUE;
}
