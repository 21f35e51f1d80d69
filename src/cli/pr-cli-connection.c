/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The CLI's connection to the database: the connection string, the
 * password from a file or the environment (never the command line), the
 * private sample server for --sample, and timeouts so that a stalled
 * server ends a command rather than hanging it.
 */
#define G_LOG_DOMAIN "pr-cli-connection"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pr-cli.h"
#include "pr-sample-server.h"

/* A command run from a script or cron must end, not wait for ever on a
 * server that stalled: the connection string may set other limits. The
 * read timeout is the longest the server may stay silent while answering
 * one statement, not the length of a read: a streamed read of millions
 * of rows sends all the time and is never cut. It must outlast the
 * slowest statement before its first answer (a scan's commit marking
 * the records gone over a large store), so it is long. */
static void
pr_cli_default_timeouts (PrConnectionParams *params)
{
  if (params->connect_timeout == 0)
    params->connect_timeout = PR_CLI_DEFAULT_CONNECT_TIMEOUT;
  if (params->read_timeout == 0)
    params->read_timeout = PR_CLI_DEFAULT_READ_TIMEOUT;
}

/* @password less one line end (\n, \r\n or \r), as an editor, `echo`,
 * $(cat file) in a script or a copy from Windows leaves it: other white
 * space may be part of the password. A line break left inside it is a
 * second line (a file of two lines, a copied paragraph), and nothing left
 * is no password; the server would only refuse either as a wrong password:
 * refused here, naming @source. */
static char *
password_from_text (char        *password,
                    gsize        length,
                    const char  *source,
                    GError     **error)
{
  if (length > 0 && password[length - 1] == '\n')
    {
      length--;
      if (length > 0 && password[length - 1] == '\r')
        length--;
    }
  else if (length > 0 && password[length - 1] == '\r')
    length--;
  if (memchr (password, '\n', length) != NULL || memchr (password, '\r', length) != NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s holds more than one line: the password is its one line, with or without a line end "
                     "after it; write the password alone"), source);
      return NULL;
    }
  if (length == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s holds no password (it is empty, or a line end alone): write the password in it, or, for "
                     "an account without one, leave it out"), source);
      return NULL;
    }
  return g_strndup (password, length);
}

/* Why the password file @path could not be read (@cause), and what to do:
 * GLib's own message names neither the option nor the way out. */
static void
describe_unread (const char    *path,
                 const GError  *cause,
                 GError       **error)
{
  g_autofree char *quoted = g_shell_quote (path);
  int code = cause->domain == G_FILE_ERROR ? cause->code : G_FILE_ERROR_FAILED;

  switch (code)
    {
    case G_FILE_ERROR_NOENT:
      g_set_error (error, G_FILE_ERROR, code,
                   _("--password-file %s: no such file: check the name and the folder, or write the password "
                     "alone in a file readable by you only (chmod 600 FILE) and name it after --password-file"),
                   path);
      break;
    case G_FILE_ERROR_ACCES:
    case G_FILE_ERROR_PERM:
      g_set_error (error, G_FILE_ERROR, code,
                   _("--password-file %s: permission denied: this account cannot read it; make it yours and "
                     "readable by you only (chmod 600 %s), or run the command as the account that owns it"),
                   path, quoted);
      break;
    case G_FILE_ERROR_ISDIR:
      g_set_error (error, G_FILE_ERROR, code,
                   _("--password-file %s is a folder: name the file in it that holds the password"), path);
      break;
    case G_FILE_ERROR_NOTDIR:
      g_set_error (error, G_FILE_ERROR, code,
                   _("--password-file %s: a part of the path before the file's name is a file, not a folder: "
                     "check the path"), path);
      break;
    default:
      /* Translators: the file, then the system's message */
      g_set_error (error, G_FILE_ERROR, code,
                   _("--password-file %s could not be read (%s): check the file, or write the password alone in "
                     "another file readable by you only (chmod 600 FILE)"),
                   path, cause->message);
      break;
    }
}

/* The password is the file's content less one line end (password_from_text ()).
 * A NUL would cut it short without a word, so it is refused, and so is a
 * byte order mark at its start. */
static char *
read_password_file (const char  *path,
                    GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  char *password;
  GStatBuf st;
  g_autoptr(GError) local_error = NULL;

  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      describe_unread (path, local_error, error);
      return NULL;
    }
  /* As ssh does for a key: others who can read it have the password. */
  if (g_stat (path, &st) == 0 && (st.st_mode & (S_IRWXG | S_IRWXO)) != 0)
    {
      g_autofree char *quoted = g_shell_quote (path);

      fprintf (stderr, _("Warning: other users of this machine can read or change the password file %s "
                         "(its mode is %04o); make it readable by you alone: chmod 600 %s\n"),
               path, (unsigned) (st.st_mode & 07777), quoted);
    }
  /* An editor's byte order mark (Notepad's "UTF-8 with BOM", or its
   * "Unicode", UTF-16) would be sent as part of the password, and the
   * server would only say that it was refused. */
  if ((length >= 3 && memcmp (contents, "\xef\xbb\xbf", 3) == 0) ||
      (length >= 2 && (memcmp (contents, "\xff\xfe", 2) == 0 || memcmp (contents, "\xfe\xff", 2) == 0)))
    {
      gboolean utf16 = contents[0] != '\xef';

      memset (contents, 0, length);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   utf16 ? _("the password file %s is saved as UTF-16 (“Unicode”): save it again as UTF-8 "
                             "without a byte order mark (or ANSI), the password alone in it")
                         : _("the password file %s begins with a byte order mark (an editor's “UTF-8 with BOM”), "
                             "which would be sent as part of the password: save it again as UTF-8 without a "
                             "byte order mark"),
                   path);
      return NULL;
    }
  if (memchr (contents, '\0', length) != NULL)
    {
      memset (contents, 0, length);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("the password file %s holds a NUL byte, which no password can contain: write the password "
                     "alone in it, as text"), path);
      return NULL;
    }
  {
    g_autofree char *source = g_strdup_printf (_("the password file %s"), path);

    password = password_from_text (contents, length, source, error);
  }
  memset (contents, 0, length);
  return password;
}

/**
 * pr_cli_open_connection:
 * @options: the parsed flags, with --db
 * @error: return location for a #GError
 *
 * The password never comes from the command line, where every user of the
 * machine can read it: from --password-file, or from the environment.
 *
 * Returns: (transfer full) (nullable): the connection
 */
PrConnection *
pr_cli_open_connection (PrCliMappingOptions  *options,
                        GError              **error)
{
  g_autoptr(PrConnectionParams) params = NULL;
  const char *from_env = g_getenv ("PETITION_REVIEW_PASSWORD");

  if (options->sample)
    {
      g_autofree char *csv = pr_sample_server_find_csv ();

      if (options->sample_server == NULL)
        {
          fprintf (stderr, "%s\n", _("Starting the private sample database server…"));
          options->sample_server = pr_sample_server_start_for_run (NULL, csv, NULL, error);
          if (options->sample_server == NULL)
            return NULL;
        }
      params = pr_sample_server_get_params (options->sample_server);
      pr_cli_default_timeouts (params);
      return pr_connection_open (params, error);
    }

  params = pr_connection_params_new_from_uri (options->db, error);
  if (params == NULL || !pr_connection_params_check_database (params, error))
    return NULL;

  if (options->password_file != NULL)
    {
      params->password = read_password_file (options->password_file, error);
      if (params->password == NULL)
        return NULL;
    }
  else if (from_env != NULL)
    {
      g_autofree char *copy = g_strdup (from_env);

      params->password = password_from_text (copy, strlen (copy), "PETITION_REVIEW_PASSWORD", error);
      memset (copy, 0, strlen (copy));
      if (params->password == NULL)
        return NULL;
    }

  pr_cli_default_timeouts (params);
  return pr_connection_open (params, error);
}
