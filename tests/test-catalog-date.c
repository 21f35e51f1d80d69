/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Which column a guessed mapping takes as the record's date, read from a
 * real server's catalogue: the day the petition came in (submitted,
 * received, 来信), before a plain date, before a later step of the case
 * (accepted, 受理, replied, updated), whatever the order of the columns.
 * The oracle is the column a clerk names as the date, written out for
 * each table.
 */
#include "config.h"

#include <string.h>

#include "pr-catalog.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* The columns of @table guessed as the date, comma-separated. */
static char *
guessed_date (PrConnection *db,
              const char   *table)
{
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) guessed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) dates = g_string_new (NULL);

  columns = pr_catalog_list_columns (db, table, &error);
  g_assert_no_error (error);
  guessed = pr_catalog_guess_mapping (columns);
  for (guint c = 0; c < pr_mapping_get_n_columns (guessed); c++)
    {
      const PrMappingColumn *column = pr_mapping_get_column (guessed, c);

      if (column->role == PR_COLUMN_ROLE_DATE)
        g_string_append_printf (dates, "%s%s", dates->len > 0 ? "," : "", column->name);
    }
  return g_string_free (g_steal_pointer (&dates), FALSE);
}

static void
test_came_in_first (void)
{
  static const struct {
    const char *columns;
    const char *date;
  } tables[] = {
    /* The accepted day before the record's: the record's all the same. */
    { "accepted DATE, date DATETIME", "date" },
    { "date DATETIME, accepted DATE", "date" },
    /* The sample's columns, either way round. */
    { "submitted_at DATETIME, accepted_at DATE", "submitted_at" },
    { "accepted_at DATE, submitted_at DATETIME", "submitted_at" },
    /* A name that says the petition came in, over a plain one. */
    { "updated_at TIMESTAMP, created_at DATETIME, received_at DATETIME", "received_at" },
    { "`受理日期` DATE, `答复日期` DATE, `来信日期` DATE", "来信日期" },
    /* Two plain dates: the first. */
    { "created DATETIME, date DATE", "created" },
    /* Nothing better than the accepted day: it is the date. */
    { "accepted_on DATE", "accepted_on" },
  };
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "dates");

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autofree char *table = g_strdup_printf ("t%u", t);
      g_autofree char *sql = g_strdup_printf ("CREATE TABLE %s (id INT PRIMARY KEY, %s, body TEXT) "
                                              "DEFAULT CHARSET=utf8mb4", table, tables[t].columns);
      g_autofree char *date = NULL;

      pr_test_execute (db, sql);
      date = guessed_date (db, table);
      if (g_strcmp0 (date, tables[t].date) != 0)
        g_error ("(%s): guessed the date %s, not %s", tables[t].columns, date, tables[t].date);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/catalog/date-came-in-first", test_came_in_first);

  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
