/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Help: F1 and the main menu reach the user guide the build installs, in
 * the desktop's language. The guide found is checked against the source
 * it was made from (docs/user-guide*.md, read here on its own).
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "pr-application.h"
#include "pr-help.h"
#include "pr-test-ui.h"
#include "pr-window.h"

/* The first heading of a guide's Markdown source. */
static char *
source_title (const char *guide)
{
  g_autofree char *path = g_build_filename (g_getenv ("PR_SOURCE_DIR"), "docs", guide, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "# "))
      return g_strdup (lines[i] + 2);
  g_assert_not_reached ();
}

/* The guide found for @languages is @guide's, and holds its title. */
static void
check_guide (const char *const *languages,
             const char        *guide)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = pr_help_find_guide (languages, &error);
  g_autofree char *base = NULL, *text = NULL, *title = source_title (guide);
  g_autofree char *stem = g_strndup (guide, strlen (guide) - strlen (".md"));

  g_assert_no_error (error);
  base = g_path_get_basename (path);
  g_test_message ("%s → %s", languages[0], path);
  g_assert_true (g_str_equal (base, guide) || (g_str_has_prefix (base, stem) && g_str_has_suffix (base, ".html") &&
                                              strlen (base) == strlen (stem) + strlen (".html")));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (g_str_has_suffix (base, ".html"))
    {
      g_autofree char *title_element = g_strdup_printf ("<title>%s</title>", title);

      g_assert_true (g_str_has_prefix (text, "<!DOCTYPE html>"));
      g_assert_nonnull (strstr (text, "<meta charset=\"utf-8\">"));
      g_assert_nonnull (strstr (text, title_element));
      /* Converted, not copied: no Markdown heading left. */
      g_assert_null (strstr (text, "\n# "));
    }
  else
    g_assert_nonnull (strstr (text, title));
}

static void
test_guide_language (void)
{
  const char *const zh_cn[] = { "zh_CN.UTF-8", "zh_CN", "zh.UTF-8", "zh", "C", NULL };
  const char *const zh_tw[] = { "zh_TW", "zh", "C", NULL };
  const char *const en[] = { "en_GB.UTF-8", "en_GB", "en", "C", NULL };
  const char *const de[] = { "de_DE", "de", "C", NULL };
  const char *const fr_zh[] = { "fr_FR", "zh_CN", "C", NULL };

  check_guide (zh_cn, "user-guide.zh_CN.md");
  check_guide (zh_tw, "user-guide.zh_CN.md");
  check_guide (en, "user-guide.md");
  /* No German guide: the English one. */
  check_guide (de, "user-guide.md");
  /* The first language a guide is written in. */
  check_guide (fr_zh, "user-guide.zh_CN.md");
}

/* No guide installed: the message names the source of the guide in the
 * language the reader would have had, which exists in the source tree. */
static void
test_not_installed_names_source (void)
{
  const char *const zh_cn[] = { "zh_CN.UTF-8", "zh_CN", "zh", "C", NULL };
  const char *const en[] = { "en_GB", "en", "C", NULL };
  const char *const *languages[] = { zh_cn, en };
  const char *const sources[] = { "docs/user-guide.zh_CN.md", "docs/user-guide.md" };
  g_autofree char *saved = g_strdup (g_getenv ("PR_HELP_DIR"));
  g_autoptr(GError) tmp_error = NULL;
  g_autofree char *empty = g_dir_make_tmp ("pr-help-XXXXXX", &tmp_error);

  g_assert_no_error (tmp_error);
  g_setenv ("PR_HELP_DIR", empty, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = pr_help_find_guide (languages[i], &error);
      g_autofree char *source = g_build_filename (g_getenv ("PR_SOURCE_DIR"), sources[i], NULL);
      g_autofree char *quoted = g_strdup_printf (" %s ", sources[i]);

      g_assert_null (path);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, quoted));
      g_assert_true (g_file_test (source, G_FILE_TEST_IS_REGULAR));
    }
  g_setenv ("PR_HELP_DIR", saved, TRUE);
  g_rmdir (empty);
}

static gboolean
menu_has_action (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      GMenuLinkIter *links;
      const char *link;
      GMenuModel *sub;
      gboolean found = FALSE;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) && g_str_equal (name, action))
        return TRUE;
      links = g_menu_model_iterate_item_links (menu, i);
      while (!found && g_menu_link_iter_get_next (links, &link, &sub))
        {
          found = menu_has_action (sub, action);
          g_object_unref (sub);
        }
      g_object_unref (links);
      if (found)
        return TRUE;
    }
  return FALSE;
}

/* F1 and the main menu's Help; without a guide installed, the window
 * says so rather than nothing happening. */
static void
test_help_action (void)
{
  g_autoptr(PrApplication) app = pr_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = NULL;
  g_autofree char *saved = g_strdup (g_getenv ("PR_HELP_DIR"));
  g_autofree char *empty = g_dir_make_tmp ("pr-help-XXXXXX", &error);
  GtkWidget *menu_button;
  PrWindow *window;

  g_assert_no_error (error);
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "F1");

  window = pr_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  menu_button = pr_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, "main-menu");
  g_assert_nonnull (menu_button);
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)), "app.help"));

  /* No guide where it is looked for: a message, not silence (nor a
   * browser opened on nothing). */
  g_setenv ("PR_HELP_DIR", empty, TRUE);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  g_assert_nonnull (pr_window_get_error_text (window));
  g_test_message ("%s", pr_window_get_error_text (window));
  g_assert_nonnull (strstr (pr_window_get_error_text (window), empty));
  g_setenv ("PR_HELP_DIR", saved, TRUE);
  g_rmdir (empty);
  pr_test_close_and_finalize (window);
}

/* TRUE once the window shows a message. */
static gboolean
error_shown (gpointer window)
{
  return pr_window_get_error_text (window) != NULL;
}

static void
launched (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_assert_false (g_app_info_launch_default_for_uri_finish (result, user_data));
}

static gboolean
launch_failed (gpointer error)
{
  return *(GError **) error != NULL;
}

/* F1 on a machine where nothing opens the guide (no browser, nor any
 * program for its type): the window says so in its own words and names
 * the guide's file, not GLib's reason for what it looked for. Run with
 * the desktop's application and type registrations emptied, in a child
 * process: GLib reads those places once. */
static void
no_program (gboolean markdown,
            gboolean terminal_only)
{
  if (g_test_subprocess ())
    {
      g_autoptr(PrApplication) app = pr_application_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) glib_error = NULL;
      g_autofree char *path = pr_help_find_guide (NULL, &error);
      g_autofree char *uri = NULL;
      PrWindow *window;
      const char *text;

      g_assert_no_error (error);
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
      window = pr_window_new (GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (window));
      g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
      pr_test_wait_until (error_shown, window);
      text = pr_window_get_error_text (window);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, path));
      /* In what to open it, as the guide is written. */
      g_assert_nonnull (strstr (text, markdown ? "in a text editor" : "in a web browser"));
      g_assert_true (markdown == (strstr (text, "web browser") == NULL));
      g_assert_nonnull (strstr (text, "was found"));
      /* GLib's own reason, asked here as GTK asks it: not shown. */
      uri = g_filename_to_uri (path, NULL, NULL);
      g_app_info_launch_default_for_uri_async (uri, NULL, NULL, launched, &glib_error);
      pr_test_wait_until (launch_failed, &glib_error);
      g_test_message ("GLib says: %s (%s %d)", glib_error->message, g_quark_to_string (glib_error->domain),
                      glib_error->code);
      g_assert_null (strstr (text, glib_error->message));
      pr_test_close_and_finalize (window);
      return;
    }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *empty = g_dir_make_tmp ("pr-no-browser-XXXXXX", &error);
    g_autofree char *help = g_build_filename (empty, "help", NULL);
    g_autofree char *data = g_build_filename (empty, "data", NULL);
    g_autofree char *icons = g_build_filename (data, "icons", NULL);
    g_autofree char *mime = g_build_filename (data, "mime", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (g_mkdir (help, 0700), ==, 0);
    g_assert_cmpint (g_mkdir (data, 0700), ==, 0);
    /* The icons and the types, not the applications. */
    g_assert_cmpint (symlink ("/usr/share/icons", icons), ==, 0);
    g_assert_cmpint (symlink ("/usr/share/mime", mime), ==, 0);
    if (terminal_only)
      {
        /* A text editor that runs in a terminal (vim's entry, say),
         * which GLib picks for HTML as text, with no terminal to run it
         * in: PATH holds none. */
        g_autofree char *applications = g_build_filename (data, "applications", NULL);
        g_autofree char *entry = g_build_filename (applications, "pr-terminal-editor.desktop", NULL);

        g_assert_cmpint (g_mkdir (applications, 0700), ==, 0);
        g_assert_true (g_file_set_contents (entry,
                                            "[Desktop Entry]\nType=Application\nName=Editor\n"
                                            "Exec=/bin/true %F\nTerminal=true\n"
                                            "MimeType=text/plain;text/html;text/markdown;\n", -1, NULL));
        g_free (entry);
        /* GLib finds a type's programs through this index only. */
        entry = g_build_filename (applications, "mimeinfo.cache", NULL);
        g_assert_true (g_file_set_contents (entry,
                                            "[MIME Cache]\ntext/html=pr-terminal-editor.desktop;\n"
                                            "text/markdown=pr-terminal-editor.desktop;\n", -1, NULL));
        g_setenv ("PATH", empty, TRUE);
      }
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *guide = g_strconcat (help, i == 0 ? "/user-guide." : "/user-guide.zh_CN.",
                                              markdown ? "md" : "html", NULL);

        g_assert_true (g_file_set_contents (guide, "<!DOCTYPE html><title>guide</title>", -1, NULL));
      }
    g_setenv ("PR_HELP_DIR", help, TRUE);
    g_setenv ("XDG_DATA_DIRS", data, TRUE);
    g_setenv ("XDG_DATA_HOME", empty, TRUE);
    g_setenv ("XDG_CONFIG_HOME", empty, TRUE);
    g_setenv ("XDG_CONFIG_DIRS", empty, TRUE);
    g_unsetenv ("GTK_USE_PORTAL");
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_test_trap_assert_passed ();
  }
}

static void
test_no_browser (void)
{
  no_program (FALSE, FALSE);
}

/* The only program for the guide's type runs in a terminal, and no
 * terminal is installed: the same words, not GLib's "no terminal". */
static void
test_terminal_only (void)
{
  no_program (FALSE, TRUE);
}

/* The guide installed as Markdown (no converter at build time): to be
 * opened in a text editor, not a browser. */
static void
test_no_program_markdown (void)
{
  no_program (TRUE, FALSE);
}

/* What F1 says as the desktop fails: nothing when the clerk cancelled;
 * the guide's place, and the desktop's reason last, for a failure other
 * than no program found. */
static void
test_failure_text (void)
{
  g_autoptr(GError) cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "Operation was cancelled");
  g_autoptr(GError) refused = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "the portal refused");
  g_autofree char *html = pr_help_failure_text ("/usr/share/doc/g.html", refused);
  g_autofree char *markdown = pr_help_failure_text ("/usr/share/doc/g.md", refused);

  g_assert_null (pr_help_failure_text ("/usr/share/doc/g.html", cancelled));
  g_test_message ("%s\n%s", html, markdown);
  g_assert_nonnull (strstr (html, "open /usr/share/doc/g.html in a web browser"));
  g_assert_nonnull (strstr (markdown, "open /usr/share/doc/g.md in a text editor"));
  g_assert_null (strstr (html, "was found"));
  g_assert_true (g_str_has_suffix (html, "the portal refused"));
}

/* The report's folder gone since the export (a USB stick taken out):
 * the desktop finds nothing there, and the banner says so, not which
 * program to look for. */
static void
test_failure_text_gone (void)
{
  g_autoptr(GError) missing = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "No such file or directory");
  g_autofree char *folder = g_dir_make_tmp ("pr-help-gone-XXXXXX", NULL);
  g_autofree char *gone = NULL;
  g_autofree char *there = NULL;

  g_assert_nonnull (folder);
  there = pr_help_failure_text (folder, missing);
  g_assert_nonnull (strstr (there, "file manager"));
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  gone = pr_help_failure_text (folder, missing);
  g_test_message ("%s\n%s", there, gone);
  g_assert_nonnull (strstr (gone, "no longer there"));
  g_assert_null (strstr (gone, "web browser"));
  g_assert_true (g_str_has_prefix (gone, folder));
}

int
main (int    argc,
      char **argv)
{
  if (!pr_test_ui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/app/help/guide-language", test_guide_language);
  g_test_add_func ("/app/help/not-installed-names-source", test_not_installed_names_source);
  g_test_add_func ("/app/help/action", test_help_action);
  g_test_add_func ("/app/help/no-browser", test_no_browser);
  g_test_add_func ("/app/help/no-program-markdown", test_no_program_markdown);
  g_test_add_func ("/app/help/terminal-only", test_terminal_only);
  g_test_add_func ("/app/help/failure-text", test_failure_text);
  g_test_add_func ("/app/help/failure-text-gone", test_failure_text_gone);
  return g_test_run ();
}
