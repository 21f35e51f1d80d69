/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "petition-review"

#include "config.h"

#include <locale.h>
#include <signal.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "pr-application.h"

static gboolean
quit_on_signal (gpointer user_data)
{
  g_action_group_activate_action (G_ACTION_GROUP (user_data), "quit", NULL);
  return G_SOURCE_CONTINUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(PrApplication) application = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = pr_application_new ();
  /* Asked to stop (a logout, Ctrl+C in a terminal): the windows close as
   * when the reviewer closes them, so work is cancelled and the private
   * sample server stopped, not left running. */
  g_unix_signal_add (SIGTERM, quit_on_signal, application);
  g_unix_signal_add (SIGINT, quit_on_signal, application);
  g_unix_signal_add (SIGHUP, quit_on_signal, application);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
