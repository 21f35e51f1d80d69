/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The window's work running out of memory in its worker thread, under an
 * address space limit (ulimit -v), stops with a message in the window,
 * not GLib's trap: the application itself runs (g_application_run) in a
 * child process; once its window is up the child's address space is
 * limited to what it uses and 48 MiB more, and a worker thread run as the
 * window runs its scans (g_task_run_in_thread ()) keeps copies of
 * near-identical letters until an allocation fails. The oracles: the
 * message dialog found among the application's windows, its text, and
 * the child's end (exit status 1 after Close, not a signal). The child
 * links the programs' own allocator, as the window does. The message
 * still shows while a second worker goes on allocating, and quitting
 * (app.quit, SIGTERM, the main window closed) while it shows ends the program with status 1 and
 * no critical warning (the child runs with G_DEBUG=fatal-criticals).
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "pr-application.h"
#include "pr-test-ui.h"

static const char letter[] =
  "尊敬的市信访局领导我们是滨江花园小区全体业主小区自交房以来开发商承诺的幼儿园地下车库和绿化配套至今未兑现物业公司擅自"
  "提高收费标准电梯多次困人无人维修消防通道长期被占用业主多次向街道办事处和住建部门反映均无结果恳请领导高度重视";

/* Near-identical letters, kept until memory runs out: the worker of a
 * scan over a campaign. */
static void
keep_letters (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GPtrArray *kept = g_ptr_array_new ();

  for (guint64 i = 0;; i++)
    g_ptr_array_add (kept, g_strdup_printf ("%s%" G_GUINT64_FORMAT, letter, i));
}

/* Another worker, allocating in small blocks until memory runs out. */
static void
keep_blocks (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  void **chain = NULL;

  for (;;)
    {
      void **block = malloc (4096);

      *block = chain;
      chain = block;
    }
}

static guint64
address_space_used (void)
{
  g_autofree char *statm = NULL;

  if (!g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    g_error ("/proc/self/statm cannot be read");
  return g_ascii_strtoull (statm, NULL, 10) * (guint64) sysconf (_SC_PAGESIZE);
}

static gboolean
look_for_message (gpointer user_data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      g_autofree char *secondary = NULL;

      if (!GTK_IS_MESSAGE_DIALOG (window))
        continue;
      g_object_get (window, "secondary-text", &secondary, NULL);
      printf ("shown: %s\n", secondary);
      fflush (stdout);
      if (g_str_equal (g_getenv ("PR_TEST_MEMORY_CHILD"), "quit"))
        g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "quit", NULL);
      else if (g_str_equal (g_getenv ("PR_TEST_MEMORY_CHILD"), "term"))
        kill (getpid (), SIGTERM);
      else if (g_str_equal (g_getenv ("PR_TEST_MEMORY_CHILD"), "close-window"))
        gtk_window_close (gtk_window_get_transient_for (window));
      else
        /* Close, as the clerk would: the program ends. */
        gtk_dialog_response (GTK_DIALOG (window), GTK_RESPONSE_CLOSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
start_work (gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);
  struct rlimit limit;

  limit.rlim_cur = limit.rlim_max = address_space_used () + (48u << 20);
  if (setrlimit (RLIMIT_AS, &limit) != 0)
    g_error ("the address space cannot be limited");
  g_timeout_add (50, look_for_message, NULL);
  g_task_run_in_thread (task, keep_letters);
  if (g_str_equal (g_getenv ("PR_TEST_MEMORY_CHILD"), "two-workers"))
    {
      g_autoptr(GTask) other = g_task_new (NULL, NULL, NULL, NULL);

      g_task_run_in_thread (other, keep_blocks);
    }
  return G_SOURCE_REMOVE;
}

static void
activated (GApplication *application)
{
  g_timeout_add (200, start_work, NULL);
}

/* The child: the application, run until memory ends it. */
static int
run_application (void)
{
  g_autoptr(PrApplication) application = pr_application_new ();

  g_signal_connect_after (application, "activate", G_CALLBACK (activated), NULL);
  g_application_run (G_APPLICATION (application), 0, NULL);
  /* The application must not end otherwise. */
  return 3;
}

/* Runs the child in @data's mode (what it does once the message shows). */
static void
test_child (gconstpointer data)
{
  const char *mode = data;
  const char *argv[] = { "/proc/self/exe", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "PR_TEST_MEMORY_CHILD", mode, TRUE);
  g_autoptr(GError) error = NULL;

#ifndef PR_MEMORY_MALLOC_LINKED
  g_test_skip ("the programs' allocator is left out of a sanitizer's build");
  return;
#endif
  int status = 0;

  env = g_environ_setenv (env, "G_DEBUG", "fatal-criticals", TRUE);
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s: status %d; stdout: %s; stderr: %s", mode, status, out, err);
  /* Ended with status 1: not a trap, a critical warning or a signal. */
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_true (g_pattern_match_simple ("*shown: Nothing of it was saved*must close*address space limit: *", out));
  g_assert_nonnull (strstr (err, "Nothing of it was saved"));
  g_assert_null (strstr (err, "CRITICAL"));
}

int
main (int    argc,
      char **argv)
{
  /* The child runs as the program does, without the test framework's
   * log handling. */
  if (g_getenv ("PR_TEST_MEMORY_CHILD") != NULL)
    {
      /* A child that hangs ends, and fails. */
      alarm (60);
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
      gtk_init ();
      return run_application ();
    }
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  /* Closed as the clerk would; with a second worker allocating on; quit;
   * a signal; the main window closed. */
  g_test_add_data_func ("/ui/memory-stop/worker-out-of-memory", "close", test_child);
  g_test_add_data_func ("/ui/memory-stop/other-worker-allocating", "two-workers", test_child);
  g_test_add_data_func ("/ui/memory-stop/quit-while-shown", "quit", test_child);
  g_test_add_data_func ("/ui/memory-stop/signal-while-shown", "term", test_child);
  g_test_add_data_func ("/ui/memory-stop/window-closed-while-shown", "close-window", test_child);
  return g_test_run ();
}
