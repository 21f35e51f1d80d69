/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * _pr_connection_select_text() reads rows through the text protocol, as a
 * scan reads a table: values come as the server writes them (a ZEROFILL
 * column's 00000008), parameters are quoted into the SQL so that no value
 * is read as SQL, and a failure says what failed and the server's reason.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-db-error.h"
#include "pr-test-server.h"

static const PrConnectionParams *admin;

static void
test_values (void)
{
  g_autoptr(PrConnection) connection = pr_test_fresh_database (admin, "select_text_values");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  static const char hostile[] = "它's \"引号\" \\ `? --";
  PrDbRow *row;

  pr_test_execute (connection, "CREATE TABLE `t?``x` (id INT(8) UNSIGNED ZEROFILL PRIMARY KEY, "
                               "`v?'` VARCHAR(40) NULL, b VARBINARY(8) NULL)");
  pr_test_execute (connection, "INSERT INTO `t?``x` VALUES (8, '它''s \"引号\" \\\\ `? --', 'a\\0b'), "
                               "(9, NULL, NULL)");

  /* A '?' in a quoted name or string is no placeholder. */
  rows = _pr_connection_select_text (connection, "SELECT id, `v?'`, b, '?' FROM `t?``x` WHERE `v?'` = ?",
                                     (const char *[]) { hostile }, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 1);
  row = rows->pdata[0];
  g_assert_cmpuint (row->n_values, ==, 4);
  g_assert_cmpstr (row->values[0], ==, "00000008");
  g_assert_cmpstr (row->values[1], ==, hostile);
  g_assert_cmpmem (row->values[2], 4, "a\0b", 4);
  g_assert_cmpstr (row->values[3], ==, "?");
  g_clear_pointer (&rows, g_ptr_array_unref);

  /* NULL is SQL NULL: "= NULL" matches nothing. */
  rows = _pr_connection_select_text (connection, "SELECT id FROM `t?``x` WHERE `v?'` = ? OR id = ?",
                                     (const char *[]) { NULL, "00000009" }, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 1);
  g_assert_cmpstr (((PrDbRow *) rows->pdata[0])->values[0], ==, "00000009");
  g_clear_pointer (&rows, g_ptr_array_unref);

  /* The prepared statement's reading, for the difference. */
  rows = _pr_connection_select (connection, "SELECT id FROM `t?``x` WHERE id = ?",
                                (const char *[]) { "00000008" }, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((PrDbRow *) rows->pdata[0])->values[0], ==, "8");
}

static void
test_errors (void)
{
  g_autoptr(PrConnection) connection = pr_test_fresh_database (admin, "select_text_errors");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  rows = _pr_connection_select_text (connection, "SELECT id FROM missing WHERE id = ?",
                                     (const char *[]) { "1" }, 1, &error);
  g_assert_null (rows);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_NO_SUCH_TABLE);
  g_test_message ("%s", error->message);
  /* What failed, what it means, the server's own words and number. */
  g_assert_nonnull (strstr (error->message, "missing' doesn't exist"));
  g_assert_nonnull (strstr (error->message, "(server error 1146)"));
  g_clear_error (&error);

  rows = _pr_connection_select_text (connection, "SELECT ? + ?", (const char *[]) { "1" }, 1, &error);
  g_assert_null (rows);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_clear_error (&error);
  rows = _pr_connection_select_text (connection, "SELECT 1", (const char *[]) { "1" }, 1, &error);
  g_assert_null (rows);
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/db/select-text/values", test_values);
  g_test_add_func ("/db/select-text/errors", test_errors);

  admin = pr_test_server_start ();
  status = g_test_run ();
  pr_test_server_stop ();

  return status;
}
