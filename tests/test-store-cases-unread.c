/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Case numbers when a scan skips rows (bad rows, --skip-bad-rows), against
 * a real, throwaway MariaDB server: a skipped row is unknown to that scan,
 * not gone, so it stays in its case, stays its primary, keeps the scan it
 * joined in, and a case does not end because its other member is alone.
 */
#include "config.h"

#include <string.h>

#include "pr-connection-private.h"
#include "pr-store-cases.h"
#include "pr-test-server.h"

static const PrConnectionParams *server;

/* Commits a scan of "t" that read @read (ids, space-separated), skipped
 * @skipped (NULL: none; "?": a row whose id could not be read), and found
 * @specs (clusters "primary member …", NULL-terminated); the scan's id. */
static gint64
commit (PrStore           *store,
        const char        *read,
        const char        *skipped,
        const char *const *specs)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = g_strsplit (read, " ", -1);
  g_auto(GStrv) skipped_ids = g_strsplit (skipped != NULL && strcmp (skipped, "?") != 0 ? skipped : "", " ", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  g_autoptr(GPtrArray) strvs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GArray) clusters = g_array_new (FALSE, TRUE, sizeof (PrCaseMembers));
  guint n = g_strv_length (ids);
  g_autofree guint64 *values = g_new0 (guint64, n);
  g_autofree guint32 *numbers = NULL;
  PrScanCases cases;
  gint64 id;

  for (guint i = 0; i < n; i++)
    values[i] = g_str_hash (ids[i]);
  for (guint i = 0; skipped_ids[i] != NULL; i++)
    if (skipped_ids[i][0] != '\0')
      g_ptr_array_add (kept, skipped_ids[i]);
  for (guint i = 0; specs[i] != NULL; i++)
    {
      char **members = g_strsplit (specs[i], " ", -1);
      PrCaseMembers cluster = { 0, members[0], (const char *const *) members, g_strv_length (members) };

      g_ptr_array_add (strvs, members);
      g_array_append_val (clusters, cluster);
    }
  numbers = g_new0 (guint32, clusters->len + 1);
  cases = (PrScanCases) { (const PrCaseMembers *) (gpointer) clusters->data, clusters->len, numbers };
  id = pr_store_begin_scan (store, "t", "m", 1, 3, &error);
  g_assert_no_error (error);
  g_assert_true (pr_store_commit_scan (store, id, "t", 1, n, (char *const *) ids, values, values,
                                       NULL, NULL, NULL, NULL, &cases, kept,
                                       skipped != NULL && strcmp (skipped, "?") == 0, &error));
  g_assert_no_error (error);
  return id;
}

/* The open cases as "number:primary:member,member…;…", members sorted. */
static char *
describe (PrStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) open = pr_store_list_cases (store, "t", FALSE, &error);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < open->len; i++)
    {
      PrStoredCase *one = open->pdata[i];
      g_autofree char *members = g_strjoinv (",", one->member_ids);

      g_assert_cmpuint (one->n_members, ==, g_strv_length (one->member_ids));
      g_string_append_printf (text, "%s%u:%s:%s", i > 0 ? ";" : "", one->number, one->primary_id, members);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
test_skipped_rows_stay (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_unread");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *described = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *counted = NULL;
  gint64 first_id;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  first_id = commit (store, "a b c d e f g", NULL, (const char *const[]) { "a b c", "d e", "f g", NULL });
  first = describe (store);
  g_assert_cmpstr (first, ==, "1:a:a,b,c;2:d:d,e;3:f:f,g");

  /* b skipped (case 1 goes on without it), e skipped (d alone), and f,
   * the primary of case 3, skipped: every case stays as it was. */
  commit (store, "a c d g", "b e f", (const char *const[]) { "a c", NULL });
  described = describe (store);
  g_assert_cmpstr (described, ==, first);
  g_clear_pointer (&described, g_free);

  /* a, the primary of case 1, skipped now: c alone with h is no reason to
   * change case 1's primary; h joins. */
  commit (store, "b c d e f g h", "a", (const char *const[]) { "c b h", "d e", "f g", NULL });
  described = describe (store);
  g_assert_cmpstr (described, ==, "1:a:a,b,c,h;2:d:d,e;3:f:f,g");
  g_clear_pointer (&described, g_free);

  /* All read again: nobody ever left, so each still joined in the first scan. */
  commit (store, "a b c d e f g h", NULL, (const char *const[]) { "a b c h", "d e", "f g", NULL });
  described = describe (store);
  g_assert_cmpstr (described, ==, "1:a:a,b,c,h;2:d:d,e;3:f:f,g");
  counted = pr_test_query_value (db, "SELECT COUNT(*) FROM pr_case_members WHERE left_scan_id IS NOT NULL");
  g_assert_cmpstr (counted, ==, "0");
  joined = pr_test_query_value (db, "SELECT GROUP_CONCAT(joined_scan_id ORDER BY record_id) FROM pr_case_members "
                                    "WHERE record_id IN ('b', 'e', 'f')");
  {
    g_autofree char *expected = g_strdup_printf ("%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                                                 first_id, first_id, first_id);

    g_assert_cmpstr (joined, ==, expected);
  }

  /* A member really gone (read, in no cluster, nothing skipped) leaves. */
  commit (store, "a b c d e f g h", NULL, (const char *const[]) { "a b c", "d e", "f g", NULL });
  g_clear_pointer (&described, g_free);
  described = describe (store);
  g_assert_cmpstr (described, ==, "1:a:a,b,c;2:d:d,e;3:f:f,g");
}

/* A skipped row whose id could not be read could be any record the scan
 * did not read: no case loses a member or ends for want of one. */
static void
test_unknown_id_keeps_all (void)
{
  g_autoptr(PrConnection) db = pr_test_fresh_database (server, "cases_unread_id");
  g_autoptr(PrStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *described = NULL;

  store = pr_store_open (db, NULL, &error);
  g_assert_no_error (error);
  commit (store, "a b c d e", NULL, (const char *const[]) { "a b c", "d e", NULL });
  commit (store, "a c d", "?", (const char *const[]) { "a c", NULL });
  described = describe (store);
  g_assert_cmpstr (described, ==, "1:a:a,b,c;2:d:d,e");
  g_clear_pointer (&described, g_free);

  /* The same scan without a skipped row: b leaves, case 2 ends. */
  commit (store, "a c d", NULL, (const char *const[]) { "a c", NULL });
  described = describe (store);
  g_assert_cmpstr (described, ==, "1:a:a,c");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  server = pr_test_server_start ();

  g_test_add_func ("/db/store-cases/skipped-rows-stay", test_skipped_rows_stay);
  g_test_add_func ("/db/store-cases/unknown-id-keeps-all", test_unknown_id_keeps_all);

  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
