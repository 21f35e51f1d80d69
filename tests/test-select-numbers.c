/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * _pr_connection_select() reads every column as text: a DOUBLE, FLOAT or
 * DECIMAL must come back as the text the server itself gives for
 * CAST(x AS CHAR), not as a number formatted for the width of a probe.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-test-server.h"

static const PrConnectionParams *admin;

static void
assert_column_as_cast (PrConnection *connection,
                       const char   *column,
                       guint         n_expected,
                       const char  **expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT %s, CAST(%s AS CHAR), id FROM numbers ORDER BY id",
                                          column, column);
  g_autoptr(GPtrArray) rows = _pr_connection_select (connection, sql, NULL, 0, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, n_expected);
  for (guint i = 0; i < rows->len; i++)
    {
      PrDbRow *row = g_ptr_array_index (rows, i);

      g_test_message ("%s row %s: read %s, server's text %s", column, row->values[2],
                      row->values[0], row->values[1]);
      g_assert_cmpstr (row->values[0], ==, row->values[1]);
      if (expected[i] != NULL)
        g_assert_cmpstr (row->values[0], ==, expected[i]);
    }
}

static void
test_numbers (void)
{
  g_autoptr(PrConnection) connection = pr_test_fresh_database (admin, "select_numbers");
  /* The expected texts, written out by hand; NULL where a FLOAT's text is
   * only what the server says (its single precision). */
  const char *doubles[] = { "0.1", "1e-300", "123456.789012345", "-2.5", "0", "0.9999999999999999",
                            "-1.7976931348623157e308", "1.2345678901234567e19" };
  const char *floats[] = { "0.1", "0", "123457", "-2.5", "0", "1", NULL, NULL };
  const char *decimals[] = { "0.100000000000000", "0.000000000000000", "123456.789012345000000",
                             "-2.500000000000000", "0.000000000000000", "1.000000000000000",
                             "-99999999999999.999999999999999", "0.000000000000001" };

  pr_test_execute (connection,
                   "CREATE TABLE numbers (id INT PRIMARY KEY, d DOUBLE, f FLOAT, m DECIMAL(30,15))");
  pr_test_execute (connection,
                   "INSERT INTO numbers VALUES "
                   "(1, 0.1, 0.1, 0.1),"
                   "(2, 1e-300, 1e-300, 1e-300),"
                   "(3, 123456.789012345, 123456.789012345, 123456.789012345),"
                   "(4, -2.5, -2.5, -2.5),"
                   "(5, 0, 0, 0),"
                   "(6, 0.9999999999999999, 1, 1),"
                   "(7, -1.7976931348623157e308, -3.4e38, -99999999999999.999999999999999),"
                   "(8, 12345678901234567890, 1.5e-40, 0.000000000000001)");

  assert_column_as_cast (connection, "d", G_N_ELEMENTS (doubles), doubles);
  assert_column_as_cast (connection, "f", G_N_ELEMENTS (floats), floats);
  assert_column_as_cast (connection, "m", G_N_ELEMENTS (decimals), decimals);
  /* The same values as expressions, not columns. */
  assert_column_as_cast (connection, "d / 2", G_N_ELEMENTS (doubles), (const char *[]) {
    "0.05", "5e-301", "61728.3945061725", "-1.25", "0", NULL, NULL, NULL });
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/select/numbers", test_numbers);

  admin = pr_test_server_start ();
  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
