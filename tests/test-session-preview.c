/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The mapping page's preview of a table: the date column shows each date
 * as the scan reads it, or says it is not a date or needs its order. A
 * bare hour (3点) in a column that writes 下午 elsewhere is no date to the
 * scan, so not to the preview either.
 */
#include "config.h"

#include <string.h>

#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;

/* A session connected to @database. */
static PrSession *
connected (const char *database)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (admin);
  PrSession *session = pr_session_new ("甲");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_free (params->database);
  params->database = g_strdup (database);
  pr_session_connect_async (session, g_steal_pointer (&params), NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  pr_session_connect_finish (session, result, &error);
  g_assert_no_error (error);
  return session;
}

/* The preview of the table petitions with @mapping, a line a record. */
static GPtrArray *
preview (PrSession *session,
         PrMapping *mapping)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *lines;

  pr_session_preview_async (session, "petitions", mapping, 10, NULL, pr_test_store_result, &result);
  pr_test_wait_until (pr_test_is_set, &result);
  lines = pr_session_preview_finish (session, result, &error);
  g_assert_no_error (error);
  return lines;
}

static void
test_dates (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autoptr(PrSession) session = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GPtrArray) lines = NULL;

  pr_test_execute (root, "CREATE DATABASE preview");
  pr_test_execute (root, "CREATE TABLE preview.petitions (id INT PRIMARY KEY, received VARCHAR(40), body TEXT)");
  pr_test_execute (root, "INSERT INTO preview.petitions VALUES "
                         "(1, '2019年6月8日下午3点', 'the road near the gate'), "
                         "(2, 'someday', 'the water in the village'), "
                         "(3, '08/06/2019', 'the bus to the town'), "
                         "(4, '2019-06-08T17:31:20+08:00', 'the school roof'), "
                         "(5, '2019年6月9日3点', 'the lamp in the square')");
  session = connected ("preview");

  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "received", PR_COLUMN_ROLE_DATE, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  lines = preview (session, mapping);
  g_assert_cmpuint (lines->len, ==, 5);
  for (guint i = 0; i < lines->len; i++)
    g_test_message ("%s", (const char *) lines->pdata[i]);
  g_assert_nonnull (strstr (lines->pdata[0], "; received: 2019-06-08 15:00; "));
  g_assert_nonnull (strstr (lines->pdata[1], "; received: “someday”: not a date; "));
  g_assert_nonnull (strstr (lines->pdata[2], "; received: “08/06/2019”: day first or month first?; "));
  g_assert_nonnull (strstr (lines->pdata[3], "; received: 2019-06-08 17:31; "));
  g_assert_nonnull (strstr (lines->pdata[4], "; received: “2019年6月9日3点”: not a date; "));
  pr_test_execute (root, "DROP DATABASE preview");
}

/* Each field named with its value, an empty one said so, a text's words
 * apart by a dot: no sign of the engine's own (brackets, "=", "|"). */
static void
test_fields (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autoptr(PrSession) session = NULL;
  g_autoptr(PrMapping) mapping = pr_mapping_new ();
  g_autoptr(GPtrArray) lines = NULL;

  pr_test_execute (root, "CREATE DATABASE preview2");
  pr_test_execute (root, "CREATE TABLE preview2.petitions (body TEXT, card VARCHAR(18), "
                         "phone VARCHAR(20), id INT PRIMARY KEY)");
  pr_test_execute (root, "INSERT INTO preview2.petitions VALUES "
                         "('roads and bridges', '', NULL, 7)");
  session = connected ("preview2");

  g_assert_true (pr_mapping_add (mapping, "body", PR_COLUMN_ROLE_TEXT, 1, NULL));
  g_assert_true (pr_mapping_add (mapping, "card", PR_COLUMN_ROLE_SHORT, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "phone", PR_COLUMN_ROLE_SHORT, 0, NULL));
  g_assert_true (pr_mapping_add (mapping, "id", PR_COLUMN_ROLE_ID, 0, NULL));
  lines = preview (session, mapping);
  g_assert_cmpuint (lines->len, ==, 1);
  g_test_message ("%s", (const char *) lines->pdata[0]);
  g_assert_cmpstr (lines->pdata[0], ==, "Record 7; body: roads · and · bridges; card: (empty); phone: (empty)");
  pr_test_execute (root, "DROP DATABASE preview2");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  admin = pr_test_server_start ();
  g_test_add_func ("/app/session/preview-dates", test_dates);
  g_test_add_func ("/app/session/preview-fields", test_fields);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
