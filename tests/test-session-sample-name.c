/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The bundled sample is named plainly ("Sample data") where the window
 * names the database it is connected to, not by its private server's
 * socket (root@/tmp/…/mariadb.sock/petitions); a real server keeps its
 * user@host/database. Without a display, on the sample's own server.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pr-session.h"
#include "pr-test-server.h"
#include "pr-test-util.h"

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (*result == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return *result;
}

static void
test_sample_named (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autoptr(PrSession) session = pr_session_new ("tester");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const PrConnectionParams *admin = pr_test_server_start ();
  PrConnectionParams *params = pr_connection_params_copy (admin);
  g_autofree char *real = NULL;

  pr_session_open_sample_async (session, dir, NULL, pr_test_store_result, &result);
  g_assert_true (pr_session_connect_finish (session, wait_for (&result), &error));
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_cmpstr (pr_session_get_description (session), ==, _("Sample data"));

  /* Another server, the sample's still running: named as it always was. */
  g_free (params->database);
  params->database = g_strdup ("mysql");
  real = pr_connection_params_describe (params);
  pr_session_connect_async (session, params, NULL, pr_test_store_result, &result);
  pr_session_connect_finish (session, wait_for (&result), &error);
  g_assert_no_error (error);
  g_clear_object (&result);
  g_assert_cmpstr (pr_session_get_description (session), ==, real);

  g_clear_object (&session);
  pr_test_server_stop ();
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/session/sample-named", test_sample_named);

  return g_test_run ();
}
