/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A table's records are named by a column, never by their place: a
 * table with gaps in its keys (deleted rows) would otherwise get a report
 * whose ids name other petitions, and the stored results (kept by
 * database, table and id) would disagree with the report. Without --id the
 * id is the table's primary key if it is one column; else the command is
 * refused, saying why and asking for --id. A UNIQUE NOT NULL column of a
 * table without a primary key is the primary key to the server's
 * catalogue, so it counts as one here too. The application's mapping page
 * agrees: it scans only with one id column chosen.
 */
#define G_LOG_DOMAIN "pr-cli-table-id"

#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "pr-catalog.h"
#include "pr-cli.h"

/* The one column of a primary key, if it can name records as text. */
static const PrColumnInfo *
single_primary_key (GPtrArray *columns)
{
  const PrColumnInfo *found = NULL;

  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      if (!column->primary_key)
        continue;
      if (found != NULL)
        return NULL;
      found = column;
    }
  /* Bytes name no record readably, BIT not at all: as
   * pr_catalog_guess_mapping (). */
  if (found == NULL || !found->unique || pr_column_info_is_binary (found) || g_str_equal (found->data_type, "bit"))
    return NULL;
  return found;
}

/**
 * pr_cli_table_default_id:
 * @columns: (element-type PrColumnInfo): the table's columns
 * @options: the parsed flags; --id is set to the primary key when mapping
 *   flags are given without it
 *
 * The id of a table read with mapping flags and without --id: its primary
 * key, if that is one column and not binary. Otherwise --id stays unset,
 * and pr_cli_table_check_id () says why.
 */
void
pr_cli_table_default_id (GPtrArray           *columns,
                         PrCliMappingOptions *options)
{
  const PrColumnInfo *key;

  if (options->id != NULL || (options->short_specs == NULL && options->text_specs == NULL))
    return;
  key = single_primary_key (columns);
  if (key != NULL)
    options->id = g_strdup (key->name);
}

/* What to do: the columns unique by themselves, which could serve. */
static char *
advice (GPtrArray *columns)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      /* BIT is refused as an id: no text to read. */
      if (column->unique && !g_str_equal (column->data_type, "bit"))
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", column->name);
    }
  if (names->len == 0)
    return g_strdup (_("No column of it is a unique key by itself: give --id COL, a column whose values name each "
                       "petition once (a scan checks that no id is repeated)."));
  return g_strdup_printf (_("Columns that could serve as the id: %s. Give one with --id COL."), names->str);
}

/**
 * pr_cli_table_check_id:
 * @columns: (element-type PrColumnInfo): the table's columns
 * @table: the table, for messages
 * @mapping: how it is read
 * @error: return location for a #GError
 *
 * Returns: %FALSE with %PR_DB_ERROR_NO_STABLE_ID, asking for --id and
 *   naming the columns that could serve, when @mapping has no id column
 *   (the records would be named by their place in the table)
 */
gboolean
pr_cli_table_check_id (GPtrArray        *columns,
                       const char       *table,
                       const PrMapping  *mapping,
                       GError          **error)
{
  g_autoptr(GString) key = g_string_new (NULL);
  g_autofree char *what_to_do = NULL;
  const PrColumnInfo *binary = NULL;
  guint n_key = 0;

  if (pr_mapping_find (mapping, PR_COLUMN_ROLE_ID) >= 0)
    return TRUE;

  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      if (!column->primary_key)
        continue;
      g_string_append_printf (key, "%s%s", key->len > 0 ? ", " : "", column->name);
      binary = column;
      n_key++;
    }
  what_to_do = advice (columns);
  /* Counted, not read from @key: a column's name may hold a comma. */
  if (n_key > 1)
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                 _("table “%s” has a primary key of several columns (%s), so no one column names each record, "
                   "and a record's place in the table is no id. %s"), table, key->str, what_to_do);
  else if (binary != NULL && g_str_equal (binary->data_type, "bit"))
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                 _("the primary key “%s” of table “%s” is of type BIT, which holds no id to read, and a record's "
                   "place in the table is no id. %s"), binary->name, table, what_to_do);
  else if (binary != NULL)
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                 _("the primary key “%s” of table “%s” is %s (bytes, not text), so it is not taken as the id "
                   "unless named, and a record's place in the table is no id. %s"),
                 binary->name, table, binary->data_type, what_to_do);
  else
    g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                 _("table “%s” has no primary key (a view has none), so no column is known to name each record, "
                   "and a record's place in the table is no id. %s"), table, what_to_do);
  return FALSE;
}
