/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A store error passed on, explained or not, keeps the server's words
 * and number apart, so a message that explains it again ends in them
 * once, not in the whole message before it. */
#include "config.h"

#include <string.h>

#include "pr-db-error.h"
#include "pr-store-private.h"

static GError *
server_error (int code)
{
  GError *error = g_error_new_literal (PR_DB_ERROR, code,
                                       "cannot read the table: the long explanation; "
                                       "the server's own message: Lock wait timeout exceeded (server error 1205)");

  _pr_db_error_set_source (error, "cannot read the table", "Lock wait timeout exceeded", 1205);
  return error;
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_passed_on (void)
{
  PrStore store = { .schema = (char *) "pr" };
  g_autoptr(GError) cause = server_error (PR_DB_ERROR_QUERY);
  g_autoptr(GError) error = NULL;
  g_autofree char *source = NULL;

  _pr_store_explain_error (&store, &error, cause, "SELECT", "read");
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY);
  g_assert_cmpstr (error->message, ==, cause->message);
  source = pr_db_error_dup_source_or_message (error);
  /* The words and number, not the explanation again. */
  g_assert_null (strstr (source, "long explanation"));
  g_assert_nonnull (strstr (source, "Lock wait timeout exceeded"));
  g_assert_nonnull (strstr (source, "1205"));
}

static void
test_explained_twice (void)
{
  PrStore store = { .schema = (char *) "pr" };
  g_autoptr(GError) cause = server_error (PR_DB_ERROR_PRIVILEGE);
  g_autoptr(GError) error = NULL;
  g_autofree char *source = NULL;

  _pr_store_explain_error (&store, &error, cause, "SELECT", "read");
  g_assert_error (error, PR_DB_ERROR, PR_DB_ERROR_PRIVILEGE);
  g_assert_cmpuint (count (error->message, "Lock wait timeout exceeded"), ==, 1);
  source = pr_db_error_dup_source_or_message (error);
  g_assert_null (strstr (source, "administrator"));
  g_assert_cmpuint (count (source, "Lock wait timeout exceeded"), ==, 1);
  g_assert_nonnull (strstr (source, "1205"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/db/error-keep/passed-on", test_passed_on);
  g_test_add_func ("/db/error-keep/explained-twice", test_explained_twice);
  return g_test_run ();
}
