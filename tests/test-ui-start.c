/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The start of the window: connecting (the connect dialog, saved connections,
 * the password nowhere on disk), a connection lost during a scan, and the
 * About dialog.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pr-application.h"
#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-connect-dialog.h"
#include "pr-profiles.h"
#include "pr-csv-reader.h"
#include "pr-fingerprinter.h"
#include "pr-tokenizer.h"
#include "pr-test-server.h"
#include "pr-test-ui.h"
#include "pr-window.h"
#include "pr-chain-view.h"
#include "pr-pair-graph.h"

#include "chain-rows.h"

/* The id of the scan's streaming read (the whole table: no LIMIT, unlike
 * the preview's), once it is running; "" before. */
static char *scan_connection_id;

static gboolean
scan_reading (gpointer data)
{
  PrConnection *root = data;

  g_free (scan_connection_id);
  scan_connection_id = pr_test_query_value (root, "SELECT IFNULL(MIN(ID), '') FROM information_schema.PROCESSLIST "
                                            "WHERE INFO LIKE 'SELECT `id`%FROM `big`'");
  return scan_connection_id[0] != '\0';
}

/* The connection lost in the middle of a scan: the window says so, the
 * scan is recorded as failed, nothing of it is stored, and the clusters
 * under review before it are still there. */
void
test_connection_lost (void)
{
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) params = pr_connection_params_copy (pr_test_ui_admin);
  PrWindow *window;
  g_autofree char *kill_sql = NULL;
  g_autofree char *status = NULL;

  pr_test_execute (root, "CREATE DATABASE lost");
  pr_test_execute (root, "CREATE TABLE lost.big (id INT PRIMARY KEY, body TEXT)");
  /* 200,000 bodies of ten different words each: long enough to read that
   * the scan can be caught in the middle. */
  pr_test_execute (root, "INSERT INTO lost.big SELECT seq, CONCAT_WS(' ', 'word', seq, seq * 7, seq * 13, "
                   "seq * 17, seq * 19, seq * 23, seq * 29, seq * 31, seq * 37, REPEAT('x', 400)) "
                   "FROM lost.seq_1_to_200000");

  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_connect_window (window, g_steal_pointer (&params), "lost");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
  pr_test_wait_until (scan_reading, root);
  kill_sql = g_strdup_printf ("KILL CONNECTION %s", scan_connection_id);
  g_clear_pointer (&scan_connection_id, g_free);
  pr_test_execute (root, kill_sql);
  pr_test_wait_until (pr_test_not_busy, window);

  g_assert_nonnull (pr_window_get_error_text (window));
  g_test_message ("the window says: %s", pr_window_get_error_text (window));
  g_assert_nonnull (strstr (pr_window_get_error_text (window), "nothing of it was saved"));
  /* Its connection gone, the scan could not mark itself failed: it stays
   * 'running' until the next scan calls it interrupted; never complete. */
  status = pr_test_query_value (root, "SELECT GROUP_CONCAT(status) FROM lost.pr_scans");
  g_assert_true (g_strcmp0 (status, "running") == 0 || g_strcmp0 (status, "failed") == 0);
  g_assert_cmpuint (pr_test_count_rows (root, "SELECT COUNT(*) FROM lost.pr_fingerprints"), ==, 0);

  pr_test_close_and_finalize (window);
}

static void
on_connect (PrConnectDialog    *dialog,
            PrConnectionParams *params,
            gpointer            user_data)
{
  PrConnectionParams **out = user_data;

  *out = pr_connection_params_copy (params);
}

/* Saved connections: most recent first, one per place, no password in
 * the settings; the dialog fills its form from them. */
void
test_profiles (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autoptr(GPtrArray) loaded = NULL;
  g_autoptr(PrConnectionParams) chosen = NULL;
  g_autoptr(GVariant) stored = NULL;
  g_autofree char *text = NULL;
  const char *hosts[] = { "db1.office", "db2.office", "db3.office" };
  PrConnectDialog *dialog;
  GtkWidget *host, *database, *password, *profiles, *button;

  g_settings_reset (settings, "profiles");
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(PrConnectionParams) params = pr_connection_params_new ();

      params->host = g_strdup (hosts[i]);
      params->port = 3306 + i;
      params->user = g_strdup ("li");
      params->database = g_strdup ("xinfang");
      params->password = g_strdup ("secret-password");
      pr_profiles_remember (settings, params);
    }
  /* The first one used again: it moves to the front, not twice in the list. */
  {
    g_autoptr(PrConnectionParams) again = pr_connection_params_new ();

    again->host = g_strdup (hosts[0]);
    again->port = 3306;
    again->user = g_strdup ("li");
    again->database = g_strdup ("xinfang");
    again->tls = TRUE;
    pr_profiles_remember (settings, again);
  }
  loaded = pr_profiles_load (settings);
  g_assert_cmpuint (loaded->len, ==, 3);
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[0])->host, ==, hosts[0]);
  g_assert_true (((PrConnectionParams *) loaded->pdata[0])->tls);
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[1])->host, ==, hosts[2]);
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[2])->host, ==, hosts[1]);
  for (guint i = 0; i < loaded->len; i++)
    g_assert_null (((PrConnectionParams *) loaded->pdata[i])->password);
  stored = g_settings_get_value (settings, "profiles");
  text = g_variant_print (stored, FALSE);
  g_assert_null (strstr (text, "secret-password"));

  pr_profiles_forget (settings, 1);
  g_clear_pointer (&loaded, g_ptr_array_unref);
  loaded = pr_profiles_load (settings);
  g_assert_cmpuint (loaded->len, ==, 2);
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[1])->host, ==, hosts[1]);

  /* The dialog: the most recent first; another chosen fills the form;
   * Connect hands over the form with the password. (It is remembered
   * once the connection works: test_profiles_kept ().) */
  dialog = pr_connect_dialog_new (NULL, settings);
  host = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, "host");
  database = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, "database");
  profiles = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, "saved-connections");
  password = pr_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_PASSWORD_ENTRY, NULL);
  pr_test_assert_controls_named (GTK_WIDGET (dialog));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (host)), ==, hosts[0]);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (database)), ==, "xinfang");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (profiles), 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (host)), ==, hosts[1]);
  gtk_editable_set_text (GTK_EDITABLE (password), "typed");
  g_signal_connect (dialog, "connect", G_CALLBACK (on_connect), &chosen);
  button = GTK_WIDGET (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  g_object_ref (dialog);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (chosen);
  g_assert_cmpstr (chosen->host, ==, hosts[1]);
  g_assert_cmpuint (chosen->port, ==, 3307);
  g_assert_cmpstr (chosen->password, ==, "typed");
  /* Gone, once the keyring's answer (none here: no session bus) is in. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_object_unref (dialog);
  pr_test_wait_until (pr_test_is_null, &dialog);
}

/* Fills the window's connect dialog (win.connect) with @params and
 * presses Connect; waits for the connection's end. */
static void
connect_by_dialog (PrWindow                 *window,
                   const PrConnectionParams *params)
{
  g_autofree char *port = params->port != 0 ? g_strdup_printf ("%u", params->port) : g_strdup ("");
  GtkWidget *dialog;
  struct { const char *name; const char *text; } fields[] = {
    { "host", params->host }, { "port", port }, { "socket", params->socket },
    { "user", params->user }, { "database", params->database },
  };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.connect", NULL));
  dialog = pr_test_find_in_toplevels (PR_TYPE_CONNECT_DIALOG, NULL);
  g_assert_nonnull (dialog);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, fields[i].name)),
                           fields[i].text != NULL ? fields[i].text : "");
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_PASSWORD_ENTRY, NULL)),
                         params->password != NULL ? params->password : "");
  g_signal_emit_by_name (gtk_window_get_default_widget (GTK_WINDOW (dialog)), "clicked");
  pr_test_wait_until (pr_test_not_busy, window);
}

/* A connection is offered again (the start page's recent connections,
 * the dialog's saved ones) only once it has worked: a mistyped host, as
 * a clerk types one, is not. */
void
test_profiles_kept (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.petitionreview.PetitionReview");
  g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
  g_autoptr(PrConnectionParams) wrong = pr_connection_params_new ();
  g_autoptr(PrConnectionParams) right = pr_connection_params_copy (pr_test_ui_admin);
  g_autoptr(GPtrArray) loaded = NULL;
  PrWindow *window;

  pr_test_execute (root, "CREATE DATABASE IF NOT EXISTS kept_profile");
  g_settings_reset (settings, "profiles");
  window = pr_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  /* Port 1 on this machine: refused at once. */
  wrong->host = g_strdup ("127.0.0.1");
  wrong->port = 1;
  wrong->user = g_strdup ("clerk");
  wrong->database = g_strdup ("petitions");
  connect_by_dialog (window, wrong);
  g_assert_nonnull (pr_window_get_error_text (window));
  loaded = pr_profiles_load (settings);
  g_assert_cmpuint (loaded->len, ==, 0);

  g_free (right->database);
  right->database = g_strdup ("kept_profile");
  connect_by_dialog (window, right);
  g_assert_null (pr_window_get_error_text (window));
  g_clear_pointer (&loaded, g_ptr_array_unref);
  loaded = pr_profiles_load (settings);
  g_assert_cmpuint (loaded->len, ==, 1);
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[0])->database, ==, "kept_profile");
  g_assert_cmpstr (((PrConnectionParams *) loaded->pdata[0])->socket, ==, right->socket);
  g_assert_null (((PrConnectionParams *) loaded->pdata[0])->password);

  pr_test_close_and_finalize (window);
  g_settings_reset (settings, "profiles");
}

static GtkAboutDialog *
find_about_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_ABOUT_DIALOG (window))
        return GTK_ABOUT_DIALOG (window);
    }
  return NULL;
}

/* app.about from the primary menu: the dialog names the version meson
 * gave, the licence and the icon; closing it hides it. */
void
test_about (void)
{
  g_autoptr(PrApplication) app = pr_application_new ();
  g_autoptr(GError) error = NULL;
  GtkAboutDialog *about;
  PrWindow *window;

  /* Not unique: a second instance beside a running application must not
   * hand its actions to that one. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  window = pr_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (find_about_dialog ());

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = find_about_dialog ();
  g_assert_nonnull (about);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (about)));
  g_assert_cmpstr (gtk_about_dialog_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (gtk_about_dialog_get_version (about), ==, g_getenv ("PR_PROJECT_VERSION"));
  g_assert_cmpint (gtk_about_dialog_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (gtk_about_dialog_get_logo_icon_name (about), ==, PR_APPLICATION_ID);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == GTK_WINDOW (window));

  gtk_window_close (GTK_WINDOW (about));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (about)));
  pr_test_close_and_finalize (window);
}

/* ---- The password, nowhere --------------------------------------------- */

/* Typed into the connect dialog; the test looks for it everywhere the
 * application could leave it. */
#define CLERK_PASSWORD "Pw-Xq81-heron-Tangram"

/* Fills the connect dialog the window opens, as the reviewer would, and
 * clicks Connect. */
static void
connect_through_dialog (PrWindow   *window,
                        const char *password)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* not ours */
  GtkWidget *dialog = NULL;
  GtkWidget *button;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.connect", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (PR_IS_CONNECT_DIALOG (toplevel))
        dialog = GTK_WIDGET (toplevel);
    }
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, "host")), "");
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, "port")), "");
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, "socket")), pr_test_ui_admin->socket);
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, "user")), "clerk");
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_ENTRY, "database")), "pwdb");
  gtk_editable_set_text (GTK_EDITABLE (pr_test_find_widget (dialog, GTK_TYPE_PASSWORD_ENTRY, NULL)), password);
  button = GTK_WIDGET (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  g_signal_emit_by_name (button, "clicked");
}

/* A failed connection leaves the window without a session. */
static gboolean
not_working (gpointer data)
{
  return !pr_window_get_busy (data);
}

/* Every process whose parent is this one: what its command line and
 * environment hold, NUL separators made spaces. */
static GPtrArray *
children_texts (void)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, NULL);
  const char *name;

  g_assert_nonnull (proc);
  while ((name = g_dir_read_name (proc)) != NULL)
    {
      g_autofree char *stat_path = g_build_filename ("/proc", name, "stat", NULL);
      g_autofree char *stat = NULL;
      const char *after_name;
      int ppid = 0;

      if (!g_ascii_isdigit (name[0]) || !g_file_get_contents (stat_path, &stat, NULL, NULL))
        continue;
      /* pid (comm) state ppid …; comm may hold spaces and parentheses. */
      after_name = strrchr (stat, ')');
      if (after_name == NULL || sscanf (after_name + 1, " %*c %d", &ppid) != 1 || ppid != getpid ())
        continue;
      for (guint f = 0; f < 2; f++)
        {
          g_autofree char *path = g_build_filename ("/proc", name, f == 0 ? "cmdline" : "environ", NULL);
          char *contents = NULL;
          gsize length = 0;

          if (!g_file_get_contents (path, &contents, &length, NULL))
            continue;
          for (gsize i = 0; i < length; i++)
            if (contents[i] == '\0')
              contents[i] = ' ';
          g_ptr_array_add (texts, contents);
        }
    }
  return texts;
}

/* Every regular file under @dir, read, must not hold the password;
 * returns how many files were read. */
static guint
assert_no_password_under (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  if (listing == NULL)
    return 0;
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        n += assert_no_password_under (path);
      else if (g_file_get_contents (path, &contents, &length, NULL))
        {
          if (memmem (contents, length, CLERK_PASSWORD, strlen (CLERK_PASSWORD)) != NULL)
            g_error ("the password is in %s", path);
          n++;
        }
    }
  return n;
}

/* The application's own paths, in a process of its own (the test run
 * again with -p) whose settings are a key file under a temporary
 * XDG_CONFIG_HOME and whose debug messages are all on: a wrong password
 * and then the right one typed into the connect dialog, a scan, an
 * export. Its output, every file it left, and the command lines and
 * environments of its children hold the password nowhere; a wrong
 * password's message does not echo it. */
void
test_password_nowhere (void)
{
  const char *vars[] = { "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
                         "GSETTINGS_BACKEND", "PR_TEST_HOME" };
  g_autofree char *home = NULL;
  g_autofree char *keyfile = NULL;
  g_autofree char *settings = NULL;
  g_autofree char *report = NULL;
  char *saved[G_N_ELEMENTS (vars)];

  if (g_test_subprocess ())
    {
      g_autoptr(PrConnection) root = pr_test_connect (pr_test_ui_admin, NULL);
      g_autoptr(GPtrArray) texts = NULL;
      g_autofree char *exported = g_build_filename (g_getenv ("PR_TEST_HOME"), "report.csv", NULL);
      PrWindow *window;

      /* Turned on here, not in the parent's environment: there GLib's
       * own debug messages would go into the test's output. */
      g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
      pr_test_execute (root, "CREATE DATABASE pwdb");
      pr_test_execute (root, "CREATE TABLE pwdb.petitions (id INT PRIMARY KEY, body TEXT)");
      pr_test_execute (root, "INSERT INTO pwdb.petitions VALUES "
                       "(1, '小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修。'), "
                       "(2, '小区物业长期不维修电梯，老人上下楼非常困难，多次反映没有结果，请有关部门督促物业尽快维修。'), "
                       "(3, '学校门口道路每天早晚严重拥堵，没有交警疏导，学生过马路很危险，希望增设红绿灯和人行横道。')");
      pr_test_execute (root, "CREATE USER 'clerk'@'localhost' IDENTIFIED BY '" CLERK_PASSWORD "'");
      pr_test_execute (root, "GRANT ALL ON pwdb.* TO 'clerk'@'localhost'");

      window = pr_window_new (NULL);
      gtk_window_present (GTK_WINDOW (window));
      g_object_set_data (G_OBJECT (window), "columns",
                         pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX, "mapping-columns"));

      /* A wrong password that holds the right one. */
      connect_through_dialog (window, "x" CLERK_PASSWORD "x");
      pr_test_wait_until (not_working, window);
      g_assert_nonnull (pr_window_get_error_text (window));
      g_test_message ("a wrong password: %s", pr_window_get_error_text (window));
      g_assert_null (strstr (pr_window_get_error_text (window), CLERK_PASSWORD));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));

      connect_through_dialog (window, CLERK_PASSWORD);
      pr_test_wait_until (pr_test_not_busy, window);
      g_assert_null (pr_window_get_error_text (window));
      pr_test_wait_until (pr_test_columns_listed, window);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scan", NULL));
      pr_test_wait_until (pr_test_not_busy, window);
      g_assert_null (pr_window_get_error_text (window));
      g_assert_cmpuint (g_list_model_get_n_items (pr_session_get_clusters (pr_window_get_session (window))), ==, 1);
      g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.export-to",
                                                         g_variant_new_string (exported)));
      pr_test_wait_until (pr_test_not_busy, window);
      g_assert_null (pr_window_get_error_text (window));
      g_assert_true (g_file_test (exported, G_FILE_TEST_IS_REGULAR));

      /* The children: the test's server here (the application starts
       * none for a database of the office's). */
      texts = children_texts ();
      g_assert_cmpuint (texts->len, >, 0);
      for (guint i = 0; i < texts->len; i++)
        g_assert_null (strstr (texts->pdata[i], CLERK_PASSWORD));
      pr_test_close_and_finalize (window);
      g_settings_sync ();
      return;
    }

  home = pr_test_make_temp_dir ();
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *sub = g_build_filename (home, vars[i], NULL);

      saved[i] = g_strdup (g_getenv (vars[i]));
      g_setenv (vars[i], g_str_has_prefix (vars[i], "XDG_") ? sub : "", TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("PR_TEST_HOME", home, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      if (saved[i] != NULL)
        g_setenv (vars[i], saved[i], TRUE);
      else
        g_unsetenv (vars[i]);
      g_free (saved[i]);
    }

  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout_unmatched ("*" CLERK_PASSWORD "*");
  g_test_trap_assert_stderr_unmatched ("*" CLERK_PASSWORD "*");
  /* The debug messages were on, and the settings went to the key file:
   * else the checks above and below would look at nothing. */
  g_test_trap_assert_stdout ("*pr-connection-DEBUG*connected to clerk@*");
  keyfile = g_build_filename (home, "XDG_CONFIG_HOME", "glib-2.0", "settings", "keyfile", NULL);
  g_assert_true (g_file_get_contents (keyfile, &settings, NULL, NULL));
  g_assert_nonnull (strstr (settings, "clerk"));
  report = g_build_filename (home, "report.csv", NULL);
  g_assert_true (g_file_test (report, G_FILE_TEST_IS_REGULAR));
  g_test_message ("%u files, none with the password", assert_no_password_under (home));
  pr_test_remove_tree (home);
}
