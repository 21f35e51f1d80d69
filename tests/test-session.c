/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession and PrClusterItem without a display: the application's data
 * side links GTK but must not need it (no gtk_init here, and DISPLAY and
 * WAYLAND_DISPLAY unset). Against a throwaway mariadbd: connect, read the
 * columns, scan the ui test's table of planted repeats (its progress seen as the
 * properties fraction and message), find the planted groups in the
 * clusters, decide, and find the decision in the log.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "pr-catalog.h"
#include "pr-cluster-item.h"
#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

static const PrConnectionParams *admin;

/* pr_test_fill_table() plants three groups of repeats, group g the
 * records GROUP_ID (g, 0 … GROUP_SIZE (g) - 1), among unrelated ones. */
#define N_GROUPS 3
#define GROUP_SIZE(g) (3 + (g))
#define GROUP_ID(g, r) (100 * ((g) + 1) + (r))

/* Runs the main loop until *@result is set, for at most 60 s. */
static GAsyncResult *
wait_for (GAsyncResult **result)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (*result == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return *result;
}

typedef struct {
  guint  n_fraction, n_message;
  double last_fraction;
  char  *last_message;
  gboolean on_main_thread;
} Seen;

static void
progress_notified (PrSession  *session,
                   GParamSpec *pspec,
                   Seen       *seen)
{
  seen->on_main_thread &= g_main_context_is_owner (g_main_context_default ());
  if (g_strcmp0 (pspec->name, "fraction") == 0)
    {
      seen->n_fraction++;
      g_object_get (session, "fraction", &seen->last_fraction, NULL);
      g_assert_cmpfloat (seen->last_fraction, >=, 0);
      g_assert_cmpfloat (seen->last_fraction, <=, 1);
    }
  else
    {
      seen->n_message++;
      g_free (seen->last_message);
      g_object_get (session, "message", &seen->last_message, NULL);
    }
}

static void
test_scan_decide (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (admin, NULL);
  g_autoptr(PrSession) session = pr_session_new ("headless-tester");
  PrConnectionParams *params = pr_connection_params_copy (admin);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = NULL;
  g_autoptr(PrMapping) mapping = NULL;
  Seen seen = { .on_main_thread = TRUE };
  GListModel *clusters;
  PrClusterItem *item;
  g_autofree char *logged = NULL;
  g_autofree char *member_id = NULL;
  gpointer weak;

  pr_test_fill_table (root);
  g_free (params->database);
  params->database = g_strdup ("office");

  pr_session_connect_async (session, params, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_connect_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  pr_session_load_columns_async (session, "petitions", NULL, pr_test_store_result, &result);
  columns = pr_session_load_columns_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (columns->len, ==, 5);
  g_clear_object (&result);
  mapping = pr_catalog_guess_mapping (columns);

  /* Before any work: no progress. */
  g_assert_cmpfloat (pr_session_get_fraction (session), ==, 0);
  g_assert_null (pr_session_get_message (session));
  g_signal_connect (session, "notify::fraction", G_CALLBACK (progress_notified), &seen);
  g_signal_connect (session, "notify::message", G_CALLBACK (progress_notified), &seen);
  pr_session_scan_async (session, "petitions", mapping, 3, NULL, NULL, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_scan_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);

  /* The progress came as properties, on the main thread, even without a
   * progress function; the phases end in storing the fingerprints. */
  g_assert_true (seen.on_main_thread);
  g_assert_cmpuint (seen.n_fraction, >, 0);
  g_assert_cmpuint (seen.n_message, ==, seen.n_fraction);
  g_assert_nonnull (seen.last_message);
  g_assert_cmpstr (pr_session_get_message (session), ==, seen.last_message);
  g_assert_cmpfloat (pr_session_get_fraction (session), ==, seen.last_fraction);

  /* The list is filled in turns: wait for all of it. */
  clusters = pr_session_get_clusters (session);
  while (!pr_session_get_list_complete (session) ||
         g_list_model_get_n_items (clusters) < pr_session_get_n_clusters (session))
    g_main_context_iteration (NULL, TRUE);

  /* Each planted group is a cluster of exactly its records. */
  for (guint g = 0; g < N_GROUPS; g++)
    {
      g_autofree char *first = g_strdup_printf ("%u", GROUP_ID (g, 0));

      item = pr_session_find_cluster (session, first);
      g_assert_nonnull (item);
      g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, GROUP_SIZE (g));
      for (guint r = 0; r < GROUP_SIZE (g); r++)
        {
          g_autofree char *id = g_strdup_printf ("%u", GROUP_ID (g, r));

          g_assert_true (pr_session_find_cluster (session, id) == item);
          g_assert_cmpint (pr_cluster_item_find_member (item, id), >=, 0);
        }
      g_assert_false (pr_cluster_item_get_reviewed (item));
    }
  g_assert_cmpuint (pr_session_get_n_reviewed (session), ==, 0);

  /* Decide: the second record of the first group repeats its primary. */
  item = pr_session_find_cluster (session, "100");
  member_id = g_strdup (pr_cluster_item_get_member (item, 1)->id);
  g_assert_cmpstr (member_id, !=, pr_cluster_item_get_primary_id (item));
  pr_session_decide_async (session, item, PR_VERDICT_REPEAT, member_id, pr_test_store_result, &result);
  {
    g_autoptr(PrClusterItem) decided = pr_session_decide_finish (session, wait_for (&result), &error);

    g_assert_no_error (error);
    g_assert_true (decided == item);
  }
  g_clear_object (&result);
  g_assert_cmpint (pr_cluster_item_get_member (item, pr_cluster_item_find_member (item, member_id))->state,
                   ==, PR_MEMBER_REPEAT);
  g_assert_true (pr_session_get_can_undo (session));
  logged = pr_test_query_value (root, "SELECT CONCAT(record_id, ' ', primary_id, ' ', reviewer) FROM office.pr_decisions");
  {
    g_autofree char *expected = g_strdup_printf ("%s %s headless-tester", member_id,
                                                 pr_cluster_item_get_primary_id (item));

    g_assert_cmpstr (logged, ==, expected);
  }

  /* The same table scanned with another column as the records' ids (its
   * values the same text): the decision's id names a record of another
   * column, so the decision cannot be undone from this scan. */
  pr_test_execute (root, "ALTER TABLE office.petitions ADD COLUMN ref VARCHAR(20)");
  pr_test_execute (root, "UPDATE office.petitions SET ref = id");
  pr_test_execute (root, "ALTER TABLE office.petitions ADD UNIQUE (ref)");
  {
    g_autoptr(PrMapping) by_ref = pr_mapping_copy (mapping);
    g_autoptr(GError) ref_error = NULL;
    const char *id_name = NULL;

    for (guint c = 0; c < pr_mapping_get_n_columns (by_ref); c++)
      if (pr_mapping_get_column (by_ref, c)->role == PR_COLUMN_ROLE_ID)
        id_name = pr_mapping_get_column (by_ref, c)->name;
    g_assert_cmpstr (id_name, ==, "id");
    g_assert_true (pr_mapping_remove (by_ref, "id"));
    g_assert_true (pr_mapping_add (by_ref, "ref", PR_COLUMN_ROLE_ID, 0, &ref_error));
    g_assert_no_error (ref_error);
    pr_session_scan_async (session, "petitions", by_ref, 3, NULL, NULL, NULL, pr_test_store_result, &result);
    pr_session_scan_finish (session, wait_for (&result), &ref_error);
    g_assert_no_error (ref_error);
    g_clear_object (&result);
  }
  g_assert_false (pr_session_get_can_undo (session));

  /* Nothing of GTK opened a display. */
  g_assert_null (gdk_display_get_default ());

  weak = session;
  g_object_add_weak_pointer (weak, &weak);
  g_clear_object (&session);
  while (weak != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_free (seen.last_message);
}

/* A cluster item on its own: members, the primary, the name. */
static void
test_cluster_item (void)
{
  g_autoptr(PrClusterItem) item = pr_cluster_item_new (7, TRUE, "关于问题的反映", 0);
  g_autofree char *name = NULL;
  guint size = 0;

  pr_cluster_item_add_member (item, "a", 0, 0);
  pr_cluster_item_add_member (item, "b", 1, 2);
  g_object_get (item, "size", &size, NULL);
  g_assert_cmpuint (size, ==, 2);
  g_assert_cmpuint (pr_cluster_item_get_n_members (item), ==, 2);
  g_assert_cmpstr (pr_cluster_item_get_primary_id (item), ==, "a");
  g_assert_cmpint (pr_cluster_item_find_member (item, "b"), ==, 1);
  g_assert_cmpint (pr_cluster_item_find_member (item, "c"), ==, -1);
  g_assert_true (pr_cluster_item_get_is_case (item));
  g_assert_cmpuint (pr_cluster_item_get_number (item), ==, 7);
  name = pr_cluster_item_dup_name (item);
  g_assert_nonnull (strstr (name, "7"));
  g_assert_false (pr_cluster_item_get_reviewed (item));
  g_assert_null (gdk_display_get_default ());
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* No display to be had: a GTK call that needs one fails here. */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);
  admin = pr_test_server_start ();
  g_test_add_func ("/app/cluster-item/without-display", test_cluster_item);
  g_test_add_func ("/app/session/scan-decide-without-display", test_scan_decide);
  status = g_test_run ();
  pr_test_server_stop ();
  return status;
}
