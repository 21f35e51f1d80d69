/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The application asked to stop by a signal (SIGTERM at a logout or a
 * kill, SIGINT from Ctrl+C, SIGHUP when its terminal goes) quits as on
 * Ctrl+Q: the private sample server it started stops with it. The
 * program itself is run on the bundled sample, in a home of its own, and
 * signalled as soon as its server is up (while the window's work on it
 * is still under way, when leaving it running was easiest); the oracle is
 * the server's own pid file and process.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>

#include <glib.h>
#include <gio/gio.h>

#include "pr-test-util.h"

static gboolean
process_alive (pid_t pid)
{
  return kill (pid, 0) == 0 || errno != ESRCH;
}

/* A test that fails leaves no application behind: it quits as asked. */
static void
end_with_test (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
quit_on (int signal_number)
{
  g_autofree char *home = pr_test_make_temp_dir ();
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *pid_file = g_build_filename (data, "petition-review", "sample-server", "mariadbd.pid", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                             G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gint64 deadline;
  pid_t server = 0;

  g_subprocess_launcher_setenv (launcher, "HOME", home, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", home, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", home, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_RUNTIME_DIR", home, TRUE);
  g_subprocess_launcher_set_child_setup (launcher, end_with_test, NULL, NULL);
  app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("PR_APPLICATION"), "--sample", NULL);
  g_assert_no_error (error);

  /* The server up: its pid file written. */
  deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (!g_file_get_contents (pid_file, &contents, NULL, NULL) || g_ascii_strtoll (contents, NULL, 10) <= 0)
    {
      g_clear_pointer (&contents, g_free);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      /* Still running (it has an identifier until it ends). */
      g_assert_nonnull (g_subprocess_get_identifier (app));
      g_usleep (20 * 1000);
    }
  server = (pid_t) g_ascii_strtoll (contents, NULL, 10);
  g_assert_true (process_alive (server));

  g_subprocess_send_signal (app, signal_number);
  g_subprocess_wait (app, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s: the application exited with status %d", g_strsignal (signal_number),
                  g_subprocess_get_exit_status (app));
  g_assert_true (g_subprocess_get_if_exited (app));

  /* Stopped by the application before it ended, not left to run. */
  if (process_alive (server))
    {
      kill (server, SIGKILL);
      g_error ("the sample server (pid %d) outlived the application quit on %s", (int) server,
               g_strsignal (signal_number));
    }
  g_assert_false (g_file_test (pid_file, G_FILE_TEST_EXISTS));
  pr_test_remove_tree (home);
}

static void
test_sigterm (void)
{
  quit_on (SIGTERM);
}

static void
test_sigint (void)
{
  quit_on (SIGINT);
}

static void
test_sighup (void)
{
  quit_on (SIGHUP);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/signals/sigterm", test_sigterm);
  g_test_add_func ("/app/signals/sigint", test_sigint);
  g_test_add_func ("/app/signals/sighup", test_sighup);

  return g_test_run ();
}
