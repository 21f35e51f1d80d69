/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Help: the user guide installed with the application (docs/meson.build),
 * in the desktop's language, opened in the desktop's browser.
 */
#define G_LOG_DOMAIN "pr-help"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-help.h"

#include "pr-window.h"

/* Where the guides are: the installed folder, or PR_HELP_DIR (a build
 * tree's docs, for the tests). */
static const char *
help_dir (void)
{
  const char *dir = g_getenv ("PR_HELP_DIR");

  return dir != NULL && dir[0] != '\0' ? dir : PR_HELP_DIR;
}

/* The guide's file name without its extension for @language
 * (g_get_language_names ()'s form: zh_CN.UTF-8, zh, en_GB, C), or NULL
 * when there is none in that language. Chinese of any region reads the
 * zh_CN guide, the only Chinese one. */
static const char *
guide_for (const char *language)
{
  if (g_str_has_prefix (language, "zh"))
    return "user-guide.zh_CN";
  if (g_str_equal (language, "C") || g_str_equal (language, "POSIX") || g_str_has_prefix (language, "en"))
    return "user-guide";
  return NULL;
}

/**
 * pr_help_find_guide:
 * @languages: (nullable): the languages in order of preference, as
 *   g_get_language_names () gives them; %NULL: the desktop's
 * @error: return location for a #GError
 *
 * The guide in the first of @languages it is written in (English when
 * none is), as HTML where the build converted it, else as Markdown.
 *
 * Returns: (transfer full): the guide's path, or %NULL with @error set
 *   when it is not installed
 */
char *
pr_help_find_guide (const char *const  *languages,
                    GError            **error)
{
  const char *guide = NULL;
  g_autofree char *html = NULL, *markdown = NULL;

  if (languages == NULL)
    languages = g_get_language_names ();
  for (guint i = 0; languages[i] != NULL && guide == NULL; i++)
    guide = guide_for (languages[i]);
  if (guide == NULL)
    guide = "user-guide";

  html = g_strdup_printf ("%s/%s.html", help_dir (), guide);
  if (g_file_test (html, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&html);
  markdown = g_strdup_printf ("%s/%s.md", help_dir (), guide);
  if (g_file_test (markdown, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&markdown);
  /* The guide's source in the reader's language, not always the English one. */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               /* Translators: the first %s is the guide looked for, the second its source's
                * name (docs/user-guide.zh_CN.md) */
               _("The user guide is not installed (no %s): reinstall Petition Review, or read "
                 "docs/%s.md in its source"), html, guide);
  return NULL;
}

/* Whether @error is GLib's "no terminal" for a program that runs in one
 * (a text editor such as vim, picked for HTML as text): nothing can show
 * the guide then either. GLib gives it no code of its own, only its
 * words, in the same language as ours. */
static gboolean
no_terminal (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_FAILED) &&
         (g_strcmp0 (error->message, g_dgettext ("glib20", "Unable to find terminal required for application")) == 0 ||
          g_strcmp0 (error->message, "Unable to find terminal required for application") == 0);
}

/* Whether nothing on this machine can show it (no program registered for
 * its type, or only one that needs a terminal there is none of): the
 * reviewer is told what to open it in, not GLib's reason. */
static gboolean
no_program (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) || no_terminal (error);
}

/**
 * pr_help_failure_text:
 * @path: the guide, or the folder, that was not shown
 * @error: why, as GTK said
 *
 * What the window says when the desktop did not show the guide (or a
 * folder, in a file manager): nothing
 * when the clerk cancelled (the chooser of a program closed); where the
 * guide is, and in what to open it (a web browser for the HTML guide, a
 * text editor for the Markdown one), when no program was found to show
 * it, without GLib's reason, which names its own search ("no terminal
 * the application needs"), not what the reviewer lacks; and otherwise
 * the same, with the desktop's reason last.
 *
 * Returns: (transfer full) (nullable): the message, or %NULL for none
 */
char *
pr_help_failure_text (const char   *path,
                      const GError *error)
{
  gboolean markdown = g_str_has_suffix (path, ".md");
  gboolean is_folder, none;
  g_autofree char *open_it = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return NULL;
  none = no_program (error);
  if (none && !g_file_test (path, G_FILE_TEST_EXISTS))
    /* Gone since it was named (a folder on a USB stick taken out, a
     * report moved): no program would show it, and none is to be
     * looked for. */
    /* Translators: %s is a file or folder */
    return g_strdup_printf (_("%s is no longer there; it may have been moved, deleted or on a disk taken out"), path);
  is_folder = g_file_test (path, G_FILE_TEST_IS_DIR);
  if (is_folder)
    /* Translators: %s is a folder */
    open_it = g_strdup_printf (_("open %s in a file manager"), path);
  else if (markdown)
    open_it = g_strdup_printf (_("open %s in a text editor"), path);
  else
    open_it = g_strdup_printf (_("open %s in a web browser"), path);
  if (none && is_folder)
    /* Translators: %s is “open FOLDER in a file manager” */
    return g_strdup_printf (_("no file manager was found to show it; %s"), open_it);
  if (none)
    /* Translators: %s is “open FILE in a web browser” or “… in a text editor” */
    return g_strdup_printf (markdown ? _("no program was found to show it; %s")
                                     : _("no web browser was found to show it; %s"), open_it);
  /* Translators: the first %s is “open FILE in a web browser” or “… in a
   * text editor”; the second, the desktop's own reason */
  return g_strdup_printf (_("the desktop could not show it: %s; its reason: %s"), open_it, error->message);
}

/* What the window says when the desktop did not show a folder that is
 * not on this machine's disks (an sftp:// or smb:// folder, @name as the
 * desktop writes it): whether it is still there is not asked, for that
 * waits on the network. */
static char *
remote_failure_text (const char   *name,
                     const GError *error)
{
  g_autofree char *open_it = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return NULL;
  open_it = g_strdup_printf (_("open %s in a file manager"), name);
  if (no_program (error))
    return g_strdup_printf (_("no file manager was found to show it; %s"), open_it);
  return g_strdup_printf (_("the desktop could not show it: %s; its reason: %s"), open_it, error->message);
}

typedef struct {
  char    *path;    /* or, when remote, the folder's name as the desktop writes it */
  char    *heading;
  gboolean remote;
} Showing;

static void
shown (GObject      *object,
       GAsyncResult *result,
       gpointer      user_data)
{
  Showing *showing = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) ours = NULL;
  g_autofree char *text = NULL;
  GtkWindow *window = object != NULL ? GTK_WINDOW (object) : NULL;

  if (!gtk_show_uri_full_finish (window, result, &error))
    {
      g_message ("%s was not opened: %s", showing->path, error->message);
      text = showing->remote ? remote_failure_text (showing->path, error)
                             : pr_help_failure_text (showing->path, error);
    }
  if (text != NULL)
    {
      ours = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, text);
      if (PR_IS_WINDOW (window))
        pr_window_show_error (PR_WINDOW (window), showing->heading, ours);
      else
        g_warning ("%s", ours->message);
    }
  g_free (showing->path);
  g_free (showing->heading);
  g_free (showing);
}

/**
 * pr_help_show_path:
 * @parent: the window that asks
 * @path: a file or folder
 * @heading: what @parent's banner says first when the desktop cannot
 *   show it, such as "Cannot open the user guide"
 *
 * Shows @path in the desktop's program for it; says where it is, and in
 * what to open it, in @parent's banner when nothing shows it.
 * gtk_show_uri () would fail silently, or with GLib's words about types.
 */
void
pr_help_show_path (GtkWindow  *parent,
                   const char *path,
                   const char *heading)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  Showing *showing = g_new0 (Showing, 1);

  showing->path = g_strdup (path);
  showing->heading = g_strdup (heading);
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, shown, showing);
}

/**
 * pr_help_show_folder:
 * @parent: the window that asks
 * @folder: a folder, on this machine's disks or not (sftp://, smb://)
 * @heading: what @parent's banner says first when the desktop cannot
 *   show it
 *
 * pr_help_show_path () of a folder; one with no local path is shown by
 * its address, for the desktop's file manager to open.
 */
void
pr_help_show_folder (GtkWindow  *parent,
                     GFile      *folder,
                     const char *heading)
{
  g_autofree char *path = g_file_get_path (folder);
  g_autofree char *uri = NULL;
  Showing *showing;

  if (path != NULL)
    {
      pr_help_show_path (parent, path, heading);
      return;
    }
  uri = g_file_get_uri (folder);
  showing = g_new0 (Showing, 1);
  showing->path = g_file_get_parse_name (folder);
  showing->heading = g_strdup (heading);
  showing->remote = TRUE;
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, shown, showing);
}

/* Opens the guide in the desktop's language; says so in @parent's banner
 * when it cannot. */
void
pr_help_show (GtkWindow *parent)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = pr_help_find_guide (NULL, &error);

  if (path == NULL)
    {
      if (PR_IS_WINDOW (parent))
        pr_window_show_error (PR_WINDOW (parent), _("Cannot open the user guide"), error);
      else
        g_warning ("%s", error->message);
      return;
    }
  pr_help_show_path (parent, path, _("Cannot open the user guide"));
}
