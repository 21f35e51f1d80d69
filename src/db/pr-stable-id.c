/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The rule for keeping records in the store: each is kept by its id, so
 * the id must name the same petition in every scan. Only the database can
 * promise that: the id column must be a unique key by itself (a primary
 * key of one column, or a UNIQUE index on it alone). A row's place in the
 * table is no id: deleting one row would renumber every later record,
 * retire one that is still there, and point the reviewers' decisions at
 * other petitions. Nor is a column that only looks unique today.
 */
#define G_LOG_DOMAIN "pr-stable-id"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-catalog.h"
#include "pr-connection-private.h"
#include "pr-stable-id.h"

/* What to do, naming the columns that could serve. */
static char *
advice (GPtrArray *columns)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      if (column->unique)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", column->name);
    }
  if (names->len == 0)
    return g_strdup (_("No column of it is a unique key by itself: ask the database administrator for a primary "
                       "key or a UNIQUE index on the column that names each petition, or on the command line "
                       "scan without --store."));
  return g_strdup_printf (_("Columns that could serve as the id: %s. Choose one as the id column (on the command "
                            "line --id COL), or on the command line scan without --store."), names->str);
}

/**
 * pr_stable_id_check:
 * @columns: (element-type PrColumnInfo): the table's columns, from the catalogue
 * @table: the table, for messages
 * @mapping: how it is read
 * @error: return location for a #GError
 *
 * Whether records read with @mapping can be kept in a store: its id
 * column is a unique key by itself. A column the mapping names that the
 * table lacks passes here; reading the table says what is wrong.
 *
 * Returns: %FALSE with %PR_DB_ERROR_NO_STABLE_ID, naming the columns that
 *   could serve
 */
gboolean
pr_stable_id_check (GPtrArray        *columns,
                    const char       *table,
                    const PrMapping  *mapping,
                    GError          **error)
{
  int id_column = pr_mapping_find (mapping, PR_COLUMN_ROLE_ID);
  const char *name;
  g_autofree char *what_to_do = NULL;

  if (id_column < 0)
    {
      what_to_do = advice (columns);
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                   _("table “%s” is read without an id column, so the store would keep its records by their "
                     "place in the table, and deleting one row would give later records other petitions' "
                     "fingerprints and decisions. %s"), table, what_to_do);
      return FALSE;
    }

  name = pr_mapping_get_column (mapping, id_column)->name;
  for (guint i = 0; i < columns->len; i++)
    {
      const PrColumnInfo *column = columns->pdata[i];

      if (strcmp (column->name, name) != 0)
        continue;
      if (column->unique)
        return TRUE;
      what_to_do = advice (columns);
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_STABLE_ID,
                   _("the id column “%s” of table “%s” is not a unique key by itself (no primary key or UNIQUE "
                     "index on it alone), so the store could not be sure it names the same petition in every "
                     "scan. %s"), name, table, what_to_do);
      return FALSE;
    }

  return TRUE;
}

/**
 * pr_stable_id_check_table:
 * @connection: a connection whose current database holds @table
 * @table: the table
 * @mapping: how it is read
 * @error: return location for a #GError
 *
 * pr_stable_id_check() with the catalogue's columns of @table.
 *
 * Returns: %FALSE with @error
 */
gboolean
pr_stable_id_check_table (PrConnection     *connection,
                          const char       *table,
                          const PrMapping  *mapping,
                          GError          **error)
{
  g_autoptr(GPtrArray) columns = pr_catalog_list_columns (connection, table, error);
  const char *params[] = { table };
  g_autoptr(GPtrArray) views = NULL;

  if (columns == NULL)
    return FALSE;
  if (pr_stable_id_check (columns, table, mapping, error))
    return TRUE;
  /* A view has no keys, and no index can be added to it: the advice to
   * ask for one would lead nowhere. */
  views = _pr_connection_select (connection,
                                 "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() "
                                 "AND TABLE_NAME = ? AND TABLE_TYPE = 'VIEW'",
                                 params, 1, NULL);
  if (views != NULL && views->len > 0)
    g_prefix_error (error, _("“%s” is a view, which has no keys, so the store cannot scan it: scan with --store the "
                             "table it reads (whose id column is a unique key), or scan the view without --store. "
                             "In detail: "), table);
  return FALSE;
}
