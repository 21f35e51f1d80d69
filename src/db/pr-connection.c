/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A connection to the office's MariaDB or MySQL server, through MariaDB
 * Connector/C. Always utf8mb4: petitions hold emoji and rare characters
 * outside the BMP. One connection belongs to one thread at a time.
 *
 * Connection strings look like
 *   mariadb://USER@HOST:PORT/DATABASE?tls=1&tls-ca=/etc/ca.pem
 *   mariadb://USER@localhost/DATABASE?socket=/run/mysqld/mysqld.sock
 * (mysql:// is the same). A password may not stand in the string: a
 * command line is visible to every user of the machine, so the CLI takes
 * it from a file or the environment instead. A port means TCP, also to
 * localhost (an SSH tunnel), which Connector/C would otherwise take for
 * its default socket.
 */
#define G_LOG_DOMAIN "pr-connection"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <errmsg.h>
#include <mysqld_error.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pr-connection-private.h"
#include "pr-statement-private.h"

struct _PrConnection
{
  MYSQL *handle;
  char  *database;
  gsize  budget;   /* see _pr_connection_statement_budget(); 0 until asked */
};

static PrDbError
code_for_server_error (unsigned int number)
{
  switch (number)
    {
    case ER_ACCESS_DENIED_ERROR:
    case ER_ACCESS_DENIED_NO_PASSWORD_ERROR:
      return PR_DB_ERROR_ACCESS_DENIED;
    case ER_BAD_DB_ERROR:
      return PR_DB_ERROR_UNKNOWN_DATABASE;
    case CR_CONNECTION_ERROR:
    case CR_CONN_HOST_ERROR:
    case CR_UNKNOWN_HOST:
    case CR_IPSOCK_ERROR:
    case CR_SOCKET_CREATE_ERROR:
      return PR_DB_ERROR_CONNECT;
    case CR_SERVER_GONE_ERROR:
    case CR_SERVER_LOST:
    case CR_SERVER_LOST_EXTENDED:
    case ER_SERVER_SHUTDOWN:
    case ER_CONNECTION_KILLED:
      return PR_DB_ERROR_SERVER_GONE;
    case CR_SSL_CONNECTION_ERROR:
      return PR_DB_ERROR_TLS;
    case ER_DBACCESS_DENIED_ERROR:
    case ER_TABLEACCESS_DENIED_ERROR:
    case ER_COLUMNACCESS_DENIED_ERROR:
    case ER_SPECIFIC_ACCESS_DENIED_ERROR:
      return PR_DB_ERROR_PRIVILEGE;
    case ER_NO_SUCH_TABLE:
    case ER_BAD_FIELD_ERROR:
    case ER_BAD_TABLE_ERROR:
      return PR_DB_ERROR_NO_SUCH_TABLE;
    case ER_NET_PACKET_TOO_LARGE:
    case CR_NET_PACKET_TOO_LARGE:
      return PR_DB_ERROR_PACKET_TOO_LARGE;
    default:
      return PR_DB_ERROR_QUERY;
    }
}

/* What a reviewer can do about each kind of failure, in their language;
 * the server's own (English) text and number follow, marked as the
 * server's, for the administrator. */
static const char *
explain (PrDbError code)
{
  switch (code)
    {
    case PR_DB_ERROR_CONNECT:
      return _("no database server answers there: is it running, and are the host, port or socket right?");
    case PR_DB_ERROR_ACCESS_DENIED:
      return _("the server refused the user name or password");
    case PR_DB_ERROR_UNKNOWN_DATABASE:
      return _("the server has no database of that name");
    case PR_DB_ERROR_SERVER_GONE:
      return _("the connection to the database server was lost; try again when the server is back");
    case PR_DB_ERROR_TLS:
      return _("the secure (TLS) connection failed: check that the server offers TLS, the CA file, "
               "and the server's certificate and its name");
    case PR_DB_ERROR_PRIVILEGE:
      return _("this database user lacks a privilege the work needs; ask the administrator");
    case PR_DB_ERROR_NO_SUCH_TABLE:
      return _("the table or a column does not exist");
    case PR_DB_ERROR_PACKET_TOO_LARGE:
      return _("a statement was larger than the server's max_allowed_packet allows; ask the database "
               "administrator to raise it (SET GLOBAL max_allowed_packet = 67108864, and the same in the "
               "server's configuration), then try again");
    default:
      return _("the database server reported an error");
    }
}

static gboolean
set_error_explained (GError      **error,
                     PrDbError     code,
                     const char   *explanation,
                     unsigned int  number,
                     const char   *message,
                     const char   *what)
{
  /* The reviewer's language first; the server's own text, in its
   * language (English), last and marked as the server's (or, for the
   * client library's errors, as the library's). One line: a
   * wrapped label holding a line break measures its height two ways in
   * GTK 4.8 (a critical from the banner's revealer). */
  if (error == NULL)
    return FALSE;
  if (pr_db_error_number_is_client (number))
    /* No server answered: the words are the client library's. */
    g_set_error (error, PR_DB_ERROR, code,
                 _("%s: %s — the connection library's message: %s (client library error %u)"), what, explanation,
                 message, number);
  else
    g_set_error (error, PR_DB_ERROR, code,
                 _("%s: %s — the server's own message: %s (server error %u)"), what, explanation, message, number);
  _pr_db_error_set_source (*error, what, message, number);
  return FALSE;
}

static gboolean
set_error (GError     **error,
           unsigned int number,
           const char  *message,
           const char  *what)
{
  PrDbError code = code_for_server_error (number);

  return set_error_explained (error, code, explain (code), number, message, what);
}

/* A lost connection may be a server that stopped answering: the client
 * gives up after the read timeout (MYSQL_OPT_READ_TIMEOUT, the longest
 * wait for the next packet of an answer), and the library says only
 * "lost connection". Say which wait it was, and how to lengthen it. */
static gboolean
set_handle_error (GError     **error,
                  MYSQL       *handle,
                  unsigned int number,
                  const char  *message,
                  const char  *what)
{
  unsigned int read_timeout = 0;
  g_autofree char *explanation = NULL;

  if (handle == NULL || code_for_server_error (number) != PR_DB_ERROR_SERVER_GONE ||
      mysql_get_optionv (handle, MYSQL_OPT_READ_TIMEOUT, &read_timeout) != 0 || read_timeout == 0)
    return set_error (error, number, message, what);

  explanation = g_strdup_printf (_("the connection to the database server was lost, or the server sent nothing "
                                   "for %u seconds (the read timeout): is the server running, and not stalled? "
                                   "Try again when it answers, or give a longer read-timeout=SECONDS in the "
                                   "connection string"), read_timeout);
  return set_error_explained (error, PR_DB_ERROR_SERVER_GONE, explanation, number, message, what);
}

/* Sets @error from the last failure on @handle. Always returns FALSE. */
gboolean
_pr_db_set_error (GError     **error,
                  MYSQL       *handle,
                  const char  *what)
{
  return set_handle_error (error, handle, mysql_errno (handle), mysql_error (handle), what);
}

gboolean
_pr_db_set_stmt_error (GError     **error,
                       MYSQL_STMT  *stmt,
                       const char  *what)
{
  return set_handle_error (error, stmt->mysql, mysql_stmt_errno (stmt), mysql_stmt_error (stmt), what);
}

PrConnectionParams *
pr_connection_params_new (void)
{
  return g_new0 (PrConnectionParams, 1);
}

PrConnectionParams *
pr_connection_params_copy (const PrConnectionParams *params)
{
  PrConnectionParams *copy = g_new0 (PrConnectionParams, 1);

  *copy = *params;
  copy->host = g_strdup (params->host);
  copy->socket = g_strdup (params->socket);
  copy->user = g_strdup (params->user);
  copy->password = g_strdup (params->password);
  copy->database = g_strdup (params->database);
  copy->tls_ca = g_strdup (params->tls_ca);

  return copy;
}

void
pr_connection_params_free (PrConnectionParams *params)
{
  if (params == NULL)
    return;

  g_free (params->host);
  g_free (params->socket);
  g_free (params->user);
  if (params->password != NULL)
    memset (params->password, 0, strlen (params->password));
  g_free (params->password);
  g_free (params->database);
  g_free (params->tls_ca);
  g_free (params);
}

/* g_set_str() arrived in GLib 2.76; Debian 12 has 2.74. */
static void
replace_string (char       **field,
                const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static gboolean
parse_flag (const char  *value,
            gboolean    *out)
{
  if (g_strcmp0 (value, "1") == 0 || g_ascii_strcasecmp (value, "true") == 0 || g_ascii_strcasecmp (value, "yes") == 0)
    *out = TRUE;
  else if (g_strcmp0 (value, "0") == 0 || g_ascii_strcasecmp (value, "false") == 0 || g_ascii_strcasecmp (value, "no") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* The options a connection string has read so far: each may be given
 * once, and some exclude others. */
typedef struct {
  gboolean tls_given;
  gboolean tls_verify_given;
} OptionsSeen;

static gboolean
refuse_uri (GError     **error,
            const char  *format,
            ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse_uri (GError     **error,
            const char  *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI, message);
  return FALSE;
}

static gboolean
read_option (PrConnectionParams  *params,
             OptionsSeen         *seen,
             const char          *key,
             const char          *value,
             GError             **error)
{
  gboolean ok = TRUE;

  /* "socket=" would be the library's default socket, "tls-ca=" no CA. */
  if (value[0] == '\0')
    return refuse_uri (error, _("the connection string's option “%s” has no value: give one, or leave the option "
                                "out"), key);
  if (strcmp (key, "socket") == 0)
    replace_string (&params->socket, value);
  else if (strcmp (key, "tls-ca") == 0)
    replace_string (&params->tls_ca, value);
  else if (strcmp (key, "tls") == 0)
    {
      ok = parse_flag (value, &params->tls);
      seen->tls_given = TRUE;
    }
  else if (strcmp (key, "tls-verify") == 0)
    {
      ok = parse_flag (value, &params->tls_verify);
      seen->tls_verify_given = TRUE;
    }
  else if (strcmp (key, "connect-timeout") == 0 || strcmp (key, "read-timeout") == 0)
    {
      guint64 seconds = 0;

      ok = g_ascii_string_to_unsigned (value, 10, 1, 3600, &seconds, NULL);
      if (strcmp (key, "connect-timeout") == 0)
        params->connect_timeout = seconds;
      else
        params->read_timeout = seconds;
    }
  else
    return refuse_uri (error, _("unknown option “%s” in the connection string (known: socket, tls, tls-ca, "
                                "tls-verify, connect-timeout, read-timeout)"), key);
  if (!ok)
    return refuse_uri (error, _("the connection string's option “%s” has the value “%s”, which does not fit it"),
                       key, value);
  return TRUE;
}

/* Options that ask for opposite things, or one that another makes
 * meaningless, are refused: read either way, one of them would be
 * silently ignored, and a connection meant to be encrypted could go in
 * plain text, or one meant for a port to another server. */
static gboolean
check_options (PrConnectionParams  *params,
               const OptionsSeen   *seen,
               GError             **error)
{
  if (seen->tls_given && !params->tls && params->tls_ca != NULL)
    return refuse_uri (error, _("the connection string has tls=0, which turns TLS off, and tls-ca, which needs "
                                "it: leave out one of them"));
  if (seen->tls_given && !params->tls && seen->tls_verify_given && params->tls_verify)
    return refuse_uri (error, _("the connection string has tls=0, which turns TLS off, and tls-verify=1, which "
                                "needs it: leave out one of them"));
  if (!pr_connection_params_check_place (params, error))
    return FALSE;

  /* A CA to check the certificate against, or a check asked for, means
   * TLS: never a plain connection that a check was meant to guard. */
  if (params->tls_ca != NULL)
    {
      params->tls = TRUE;
      if (!seen->tls_verify_given)
        params->tls_verify = TRUE;
    }
  if (params->tls_verify)
    params->tls = TRUE;
  return TRUE;
}

/**
 * pr_connection_params_check_place:
 * @params: connection parameters
 * @error: return location for a #GError
 *
 * A unix socket excludes a port, which would be ignored (a tunnel's port
 * not reached), and a host other than localhost, since it is on this
 * computer.
 *
 * Returns: %FALSE with %PR_DB_ERROR_INVALID_URI if the place is
 *   contradictory
 */
gboolean
pr_connection_params_check_place (const PrConnectionParams  *params,
                                  GError                   **error)
{
  if (params->socket != NULL && params->port != 0)
    return refuse_uri (error, _("both a unix socket and the port %u are given, but a socket has no port: leave out "
                                "the socket to connect to the port by TCP, or the port"), params->port);
  if (params->socket != NULL && params->host != NULL && g_ascii_strcasecmp (params->host, "localhost") != 0)
    return refuse_uri (error, _("both the host “%s” and a unix socket are given, but a socket is on this "
                                "computer: leave out the socket, or give localhost as the host"), params->host);
  return TRUE;
}

/**
 * pr_connection_params_new_from_uri:
 * @uri: a connection string, mariadb:// or mysql://
 * @error: return location for a #GError
 *
 * Query parameters: socket, tls (0/1), tls-ca, tls-verify (0/1),
 * connect-timeout and read-timeout (seconds), each at most once. A
 * password in the string is refused: a command line, a shell's history
 * and a process list show it to others.
 *
 * Returns: (transfer full) (nullable): the parameters
 */
/* A password holding "/", "?" or "#" ends the URI's authority early:
 * mariadb://app:12/ab@host/db reads as the host "app", the port 12 and
 * the database "ab@host/db", and a message naming that database, an
 * option or the text after "#" would show part of the password. An "@"
 * after the authority with none inside it is such a case (a name or a
 * value with an @ in it writes it %40), and is refused naming nothing. */
static gboolean
has_cut_user_info (const char *uri)
{
  const char *authority = strstr (uri, "://");
  const char *end;

  if (authority == NULL)
    return FALSE;
  authority += 3;
  end = authority + strcspn (authority, "/?#");
  return memchr (authority, '@', end - authority) == NULL && strchr (end, '@') != NULL;
}

PrConnectionParams *
pr_connection_params_new_from_uri (const char  *uri,
                                   GError     **error)
{
  g_autoptr(PrConnectionParams) params = pr_connection_params_new ();
  g_autoptr(GUri) parsed = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *scheme, *path, *query;
  OptionsSeen seen = { FALSE, FALSE };

  g_return_val_if_fail (uri != NULL, NULL);

  if (has_cut_user_info (uri))
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string has an “@” after the host, database or “?”: if it is "
                     "USER:PASSWORD@HOST, take the password out and give it in the environment variable "
                     "PETITION_REVIEW_PASSWORD or in a file named by --password-file; write an @ inside a "
                     "user name, database name or option as %%40"));
      return NULL;
    }

  parsed = g_uri_parse (uri, G_URI_FLAGS_HAS_PASSWORD | G_URI_FLAGS_ENCODED_QUERY, &local_error);
  if (parsed == NULL)
    {
      /* GLib's message would repeat the URI, password and all. */
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string is not a URI like mariadb://user@host:3306/database"));
      return NULL;
    }

  scheme = g_uri_get_scheme (parsed);
  if (g_ascii_strcasecmp (scheme, "mariadb") != 0 && g_ascii_strcasecmp (scheme, "mysql") != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string starts with “%s:”; use mariadb:// or mysql://"), scheme);
      return NULL;
    }

  /* mariadb:/user@host/db has no host part: GLib reads it all as the
   * path, a database named "user@host/db". */
  if (strncmp (strchr (uri, ':') + 1, "//", 2) != 0)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string has no “//” after “%s:”, so it names no server: write it like "
                     "%s://user@host:3306/database"), scheme, scheme);
      return NULL;
    }

  /* Connector/C reads port 0 as its default, 3306: another server than
   * the one meant, perhaps. */
  if (g_uri_get_port (parsed) == 0)
    {
      refuse_uri (error, _("the connection string gives the port 0, which is no port: give the server's port "
                           "(3306 by default), or leave it out"));
      return NULL;
    }
  /* Text after # would be dropped without a word: a # in a name or a
   * value is written %23. */
  if (g_uri_get_fragment (parsed) != NULL)
    {
      refuse_uri (error, _("the connection string has a “#” (from “#%s” on it would be ignored): write a # in a "
                           "database name or an option's value as %%23"), g_uri_get_fragment (parsed));
      return NULL;
    }

  params->host = g_strdup (g_uri_get_host (parsed));
  if (params->host != NULL && params->host[0] == '\0')
    g_clear_pointer (&params->host, g_free);
  params->port = g_uri_get_port (parsed) > 0 ? g_uri_get_port (parsed) : 0;
  params->user = g_strdup (g_uri_get_user (parsed));

  path = g_uri_get_path (parsed);
  while (path != NULL && *path == '/')
    path++;
  if (path != NULL && *path != '\0')
    {
      if (strchr (path, '/') != NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                       _("the connection string names “%s” as the database: one name, no “/”"), path);
          return NULL;
        }
      params->database = g_strdup (path);
    }

  query = g_uri_get_query (parsed);
  if (query != NULL)
    {
      g_autoptr(GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      GUriParamsIter iter;
      char *key, *value;

      g_uri_params_iter_init (&iter, query, -1, "&", G_URI_PARAMS_NONE);
      while (g_uri_params_iter_next (&iter, &key, &value, &local_error))
        {
          g_autofree char *owned_key = key;
          g_autofree char *owned_value = value;

          /* Given twice, one of the two would be dropped without a word. */
          if (g_hash_table_contains (given, key))
            {
              g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                           _("the connection string gives the option “%s” twice: give it once"), key);
              return NULL;
            }
          g_hash_table_add (given, g_strdup (key));
          if (!read_option (params, &seen, key, value, error))
            return NULL;
        }
      if (local_error != NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                       _("the connection string's options (after “?”) cannot be read: %s"), local_error->message);
          return NULL;
        }
    }

  if (params->host == NULL && params->socket == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string names no host and no socket"));
      return NULL;
    }
  if (!check_options (params, &seen, error))
    return NULL;

  if (g_uri_get_password (parsed) != NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("the connection string holds a password, which other users of this computer can see in "
                     "the list of processes and in the shell's history: take it out of the string, and give "
                     "it in the environment variable PETITION_REVIEW_PASSWORD or in a file named by "
                     "--password-file (the application keeps it in the keyring)"));
      return NULL;
    }

  return g_steal_pointer (&params);
}

/**
 * pr_connection_params_check_database:
 * @params: connection parameters
 * @error: return location for a #GError
 *
 * For work that reads or writes tables: the connection string must name
 * the database they are in.
 *
 * Returns: %FALSE with %PR_DB_ERROR_INVALID_URI when it names none
 */
gboolean
pr_connection_params_check_database (const PrConnectionParams  *params,
                                     GError                   **error)
{
  if (params->database != NULL)
    return TRUE;
  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
               _("the connection string names no database: add the database that holds the table after the "
                 "host, as in mariadb://user@host:3306/DATABASE"));
  return FALSE;
}

/**
 * pr_connection_params_describe:
 * @params: connection parameters
 *
 * Returns: (transfer full): where the connection goes, for messages and
 *   titles; never the password
 */
char *
pr_connection_params_describe (const PrConnectionParams *params)
{
  g_autofree char *where = NULL;

  /* Without a host the client library goes to this machine. */
  const char *bare = params->host != NULL ? params->host : "localhost";
  /* An IPv6 address in brackets, as in the URI: "::1:3307" would read
   * as another address without a port. */
  g_autofree char *host = strchr (bare, ':') != NULL ? g_strdup_printf ("[%s]", bare) : g_strdup (bare);

  if (params->socket != NULL)
    where = g_strdup_printf ("%s", params->socket);
  else if (params->port != 0)
    where = g_strdup_printf ("%s:%u", host, params->port);
  else
    where = g_strdup (host);

  return g_strdup_printf ("%s@%s/%s", params->user != NULL ? params->user : "",
                          where, params->database != NULL ? params->database : "");
}

static void
init_library (void)
{
  static gsize once = 0;

  /* Not thread-safe itself, so done once before any thread connects. */
  if (g_once_init_enter (&once))
    {
      mysql_library_init (0, NULL, NULL);
      g_once_init_leave (&once, 1);
    }
}

/* A session starts with the server's global values, which an
 * administrator may have set for other programs; some would make a read
 * return less, or other, than the table holds, without an error. So every
 * connection sets its own:
 *
 * - sql_select_limit: a global limit cuts every SELECT short, silently;
 *   a scan would read part of the table and retire the rest.
 * - max_statement_time (MariaDB) / max_execution_time (MySQL): a global
 *   limit aborts a long streamed read of a large table.
 * - sql_mode: PAD_CHAR_TO_FULL_LENGTH pads CHAR values read (other content
 *   hashes, other ids); PIPES_AS_CONCAT, EMPTY_STRING_IS_NULL, ORACLE and
 *   the like change what statements mean; without STRICT_TRANS_TABLES a
 *   value too long for the store's columns would be cut, not refused.
 *   The value here is MariaDB's default, valid on MySQL too.
 * - net_write_timeout: how long the server waits for the client to take
 *   the next rows of a streamed read; the reader pauses while it
 *   fingerprints, and a short global value would end the read.
 * - net_read_timeout: how long the server waits for the rest of a
 *   statement being sent (a scan's large batches of fingerprints).
 * - autocommit: with a global autocommit=0 a statement outside an
 *   explicit transaction would be rolled back when the connection closes.
 * - sql_big_selects: a global max_join_size refuses a full read of a
 *   large table.
 * - the character set (SET NAMES): a server run with
 *   skip-character-set-client-handshake, or an init_connect, may have put
 *   the session back to its own character set despite the handshake.
 *
 * - time_zone: a TIMESTAMP date is an instant, read in the session's
 *   zone. It is read on the office's clock (+08:00), whose days the rules
 *   count and on which dates without an offset are read: the server's own
 *   zone ('SYSTEM') is UTC in many a container, which would put a letter
 *   of 07:30 in Beijing on the day before; and a global time_zone set for
 *   another program would move every such date, change every content hash
 *   and report old repeats as new. (The store writes UTC_TIMESTAMP() into
 *   DATETIME columns, which no zone touches.)
 *
 * - the transaction isolation: under a global READ-UNCOMMITTED a scan
 *   read rows of another session's transaction not yet committed, and
 *   stored and reported as new repeats a petition that was then rolled
 *   back. REPEATABLE-READ is the servers' default, which the store's
 *   locking reads are written for. (MariaDB calls it tx_isolation, MySQL
 *   8 transaction_isolation.)
 * - completion_type: under a global RELEASE the server closes the
 *   connection at the store's COMMIT, and the scan failed on its next
 *   statement; under CHAIN the statements after a COMMIT stay in a
 *   transaction that closing the connection rolls back.
 *
 * group_concat_max_len is not set: no statement uses GROUP_CONCAT. */
static gboolean
set_session (MYSQL   *handle,
             GError **error)
{
  g_autofree char *sql =
    g_strdup_printf ("SET SESSION sql_select_limit = 18446744073709551615, %s = 0, "
                     "sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION', "
                     "net_write_timeout = 3600, net_read_timeout = 600, autocommit = 1, sql_big_selects = 1, "
                     "time_zone = '+08:00', %s = 'REPEATABLE-READ', completion_type = 'NO_CHAIN'",
                     mariadb_connection (handle) ? "max_statement_time" : "max_execution_time",
                     mariadb_connection (handle) ? "tx_isolation" : "transaction_isolation");

  if (mysql_set_character_set (handle, "utf8mb4") != 0 ||
      mysql_real_query (handle, sql, strlen (sql)) != 0)
    return _pr_db_set_error (error, handle, _("cannot set up the connection's session"));
  return TRUE;
}

/**
 * pr_connection_open:
 * @params: where and as whom
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a connection using utf8mb4, or
 *   %NULL with %PR_DB_ERROR_CONNECT, _ACCESS_DENIED, _UNKNOWN_DATABASE or
 *   _TLS and the server's message
 */
PrConnection *
pr_connection_open (const PrConnectionParams  *params,
                    GError                   **error)
{
  g_autoptr(PrConnection) self = NULL;
  g_autofree char *where = NULL;
  g_autofree char *what = NULL;
  my_bool on = 1, off = 0;

  g_return_val_if_fail (params != NULL, NULL);

  init_library ();
  self = g_new0 (PrConnection, 1);
  self->handle = mysql_init (NULL);
  if (self->handle == NULL)
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_CONNECT, _("out of memory for a connection"));
      return NULL;
    }

  mysql_options (self->handle, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  if (params->connect_timeout > 0)
    mysql_options (self->handle, MYSQL_OPT_CONNECT_TIMEOUT, &params->connect_timeout);
  if (params->read_timeout > 0)
    {
      mysql_options (self->handle, MYSQL_OPT_READ_TIMEOUT, &params->read_timeout);
      /* A stalled server stops taking a large statement too (a scan's
       * batch of fingerprints fills the socket): the same limit. */
      mysql_options (self->handle, MYSQL_OPT_WRITE_TIMEOUT, &params->read_timeout);
    }
  if (params->socket != NULL)
    {
      unsigned int protocol = MYSQL_PROTOCOL_SOCKET;

      mysql_options (self->handle, MYSQL_OPT_PROTOCOL, &protocol);
    }
  else if (params->port != 0)
    {
      /* Connector/C takes the host "localhost" for its default unix
       * socket and ignores the port: a tunnel on localhost:3307 would
       * reach the local server instead. With a port, TCP, whatever the
       * host; the host name is kept, so the server sees the same name. */
      unsigned int protocol = MYSQL_PROTOCOL_TCP;

      mysql_options (self->handle, MYSQL_OPT_PROTOCOL, &protocol);
    }
  /* Connector/C reports a CA file it cannot read as the server lacking
   * TLS: the file is looked at first, so the message names it. */
  if (params->tls_ca != NULL && g_access (params->tls_ca, R_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_TLS,
                   _("cannot read the CA certificate “%s” given by tls-ca: %s; give the path of the file that "
                     "holds the certificate of the server's certificate authority (PEM)"),
                   params->tls_ca, g_strerror (saved));
      return NULL;
    }
  if (params->tls_ca != NULL)
    {
      g_autofree char *pem = NULL;
      gsize length = 0;

      /* A folder, or a file that holds no certificate (empty, DER, a
       * key): reported by Connector/C as the server lacking TLS too. */
      if (!g_file_test (params->tls_ca, G_FILE_TEST_IS_REGULAR) ||
          !g_file_get_contents (params->tls_ca, &pem, &length, NULL) ||
          g_strstr_len (pem, length, "-----BEGIN CERTIFICATE-----") == NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_TLS,
                       _("the file “%s” given by tls-ca holds no certificate in PEM form (“-----BEGIN "
                         "CERTIFICATE-----”): give the file that holds the certificate of the server's "
                         "certificate authority"), params->tls_ca);
          return NULL;
        }
    }
  if (params->tls)
    {
      mysql_options (self->handle, MYSQL_OPT_SSL_ENFORCE, &on);
      if (params->tls_ca != NULL)
        mysql_options (self->handle, MYSQL_OPT_SSL_CA, params->tls_ca);
      mysql_options (self->handle, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, params->tls_verify ? &on : &off);
    }

  where = pr_connection_params_describe (params);
  what = g_strdup_printf (_("cannot connect to %s"), where);
  /* Connector/C takes the login's name for a missing user. */
  if (params->user == NULL || params->user[0] == '\0')
    {
      g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_INVALID_URI,
                   _("no database user is given for %s, and the client library would log in with this "
                     "computer's login name: give the user name (in a connection string, before the host: "
                     "mariadb://USER@host/database)"),
                   where);
      return NULL;
    }
  /* Every parameter is given, none left to Connector/C: it would fill
   * them from the environment (MYSQL_TCP_PORT, MYSQL_UNIX_PORT and
   * MARIADB_UNIX_PORT, MYSQL_PWD, the services file's port), sending a
   * string without a port, or localhost, to another server, with a
   * password no one gave. */
  if (mysql_real_connect (self->handle, params->socket != NULL ? "localhost" : params->host,
                          params->user, params->password != NULL ? params->password : "", params->database,
                          params->port != 0 ? params->port : MARIADB_PORT,
                          params->socket != NULL ? params->socket : MARIADB_UNIX_ADDR, 0) == NULL)
    {
      unsigned int number = mysql_errno (self->handle);

      /* An account made with REQUIRE SSL is refused without TLS in the
       * same words as for a wrong password. */
      if (!params->tls && code_for_server_error (number) == PR_DB_ERROR_ACCESS_DENIED)
        set_error_explained (error, PR_DB_ERROR_ACCESS_DENIED,
                             _("the server refused the user name or password, or the account accepts only "
                               "secure connections: then add tls=1 to the connection string"),
                             number, mysql_error (self->handle), what);
      else if (number == CR_UNKNOWN_HOST)
        set_error_explained (error, PR_DB_ERROR_CONNECT,
                             _("no computer of that name is known (the host name could not be looked up): check "
                               "its spelling, or give the server's IP address"),
                             number, mysql_error (self->handle), what);
      else if (params->connect_timeout > 0 && code_for_server_error (number) == PR_DB_ERROR_SERVER_GONE)
        {
          /* Connected, but no greeting came: a server that is stalled
           * (stopped, swapping, overloaded) rather than down. */
          g_autofree char *explanation =
            g_strdup_printf (_("the server took the connection but did not answer within %u seconds (the connect "
                               "timeout): is it stalled or overloaded? Try again when it answers, or give a longer "
                               "connect-timeout=SECONDS in the connection string"), params->connect_timeout);

          set_error_explained (error, PR_DB_ERROR_CONNECT, explanation, number, mysql_error (self->handle), what);
        }
      else
        _pr_db_set_error (error, self->handle, what);
      return NULL;
    }

  /* MYSQL_OPT_SSL_ENFORCE does not enforce: where the server offers no
   * TLS, Connector/C 3.3 goes on in plaintext unless it is to verify the
   * certificate (send_client_reply_packet() in plugins/auth/my_auth.c).
   * So look before the connection is used. The login has gone over in
   * plaintext by now (with mysql_native_password a challenge and its
   * answer, not the password), but no statement and no petition has. The
   * message is the library's own for the verifying case, so that the two
   * read the same. */
  if (params->tls && mysql_get_ssl_cipher (self->handle) == NULL)
    {
      set_error (error, CR_SSL_CONNECTION_ERROR,
                 "TLS/SSL error: SSL is required, but the server does not support it", what);
      return NULL;
    }

  if (!set_session (self->handle, error))
    return NULL;

  self->database = g_strdup (params->database);
  g_debug ("connected to %s, server %s", where, mysql_get_server_info (self->handle));

  return g_steal_pointer (&self);
}

void
pr_connection_close (PrConnection *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->handle, mysql_close);
  g_free (self->database);
  g_free (self);
}

MYSQL *
_pr_connection_get_handle (PrConnection *self)
{
  return self->handle;
}

/* Room for a statement's values under the server's max_allowed_packet:
 * a larger statement is refused (error 1153) and the connection closed.
 * The session's value is the global one at connect time. */
#define PACKET_MARGIN 8192

/**
 * _pr_connection_statement_budget:
 * @connection: a connection
 *
 * Returns: the bytes of values one statement may carry, with room to
 *   spare for its text and framing: the server's max_allowed_packet less
 *   a margin, at least 1 KiB
 */
gsize
_pr_connection_statement_budget (PrConnection *self)
{
  static const char sql[] = "SELECT @@max_allowed_packet";
  MYSQL_RES *result;
  MYSQL_ROW row;
  guint64 packet = 16 << 20;

  if (self->budget != 0)
    return self->budget;
  /* Unknown (an old server, a failed read): the default since MariaDB
   * 10.2; a statement too large still meets a clear error. */
  if (mysql_real_query (self->handle, sql, strlen (sql)) == 0 &&
      (result = mysql_store_result (self->handle)) != NULL)
    {
      if ((row = mysql_fetch_row (result)) != NULL && row[0] != NULL)
        packet = g_ascii_strtoull (row[0], NULL, 10);
      mysql_free_result (result);
    }
  self->budget = packet > PACKET_MARGIN + 1024 ? packet - PACKET_MARGIN : 1024;
  return self->budget;
}

const char *
pr_connection_get_server_version (PrConnection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return mysql_get_server_info (self->handle);
}

/**
 * pr_connection_execute:
 * @self: a #PrConnection
 * @sql: a statement without parameters (a result, if any, is dropped)
 * @error: return location for a #GError
 *
 * For fixed statements only: values always go through prepared statements.
 *
 * Returns: %FALSE with the server's error
 */
gboolean
pr_connection_execute (PrConnection  *self,
                       const char    *sql,
                       GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (sql != NULL, FALSE);

  if (mysql_real_query (self->handle, sql, strlen (sql)) != 0)
    return _pr_db_set_error (error, self->handle, _("a statement failed"));

  /* Some statements answer with rows (ANALYZE, CHECK): drop them, or the
   * connection is out of sync for the next one. */
  mysql_free_result (mysql_store_result (self->handle));
  if (mysql_errno (self->handle) != 0)
    return _pr_db_set_error (error, self->handle, _("a statement failed"));

  return TRUE;
}

/* @text between two @marks, any @mark inside doubled. */
static char *
quote_doubling (const char *text,
                char        mark)
{
  GString *quoted = g_string_sized_new (strlen (text) + 2);

  g_string_append_c (quoted, mark);
  for (const char *p = text; *p; p++)
    {
      if (*p == mark)
        g_string_append_c (quoted, mark);
      g_string_append_c (quoted, *p);
    }
  g_string_append_c (quoted, mark);

  return g_string_free (quoted, FALSE);
}

/**
 * pr_connection_quote_identifier:
 * @name: a table or column name, as the catalogue gives it
 *
 * Quotes with backticks, doubling any backtick inside, which is how MariaDB
 * and MySQL read any identifier (with ANSI_QUOTES too).
 *
 * Returns: (transfer full): the quoted identifier
 */
char *
pr_connection_quote_identifier (const char *name)
{
  return quote_doubling (name, '`');
}

/**
 * pr_connection_quote_string:
 * @value: a value, for a statement shown to a person to run
 *
 * Quotes @value as a string literal that MariaDB and MySQL read the same
 * whatever their sql_mode: in single quotes, any inside doubled; as a
 * hexadecimal literal when it holds a backslash (read as an escape
 * unless NO_BACKSLASH_ESCAPES) or a control character.
 *
 * Returns: (transfer full): the literal
 */
char *
pr_connection_quote_string (const char *value)
{
  for (const char *p = value; *p; p++)
    if (*p == '\\' || (guchar) *p < 0x20 || *p == 0x7f)
      {
        GString *hex = g_string_new ("X'");

        for (const char *q = value; *q; q++)
          g_string_append_printf (hex, "%02X", (guchar) *q);
        g_string_append_c (hex, '\'');
        return g_string_free (hex, FALSE);
      }
  return quote_doubling (value, '\'');
}

void
_pr_db_row_free (gpointer data)
{
  PrDbRow *row = data;

  for (guint i = 0; i < row->n_values; i++)
    g_free (row->values[i]);
  g_free (row->values);
  g_free (row->lengths);
  g_free (row);
}

/* Room for any FLOAT or DOUBLE as Connector/C writes it: at most 309
 * digits before the point and 30 after it (DOUBLE(255,30)), a sign and
 * the point. */
#define NUMBER_TEXT_SIZE 512

/**
 * _pr_connection_select:
 * @self: a #PrConnection
 * @sql: a SELECT with ? placeholders
 * @params: the placeholders' values, as strings (%NULL for NULL)
 * @n_params: how many
 * @error: return location for a #GError
 *
 * Runs a small query through a prepared statement (values are never put
 * into SQL text) and returns its rows, all as strings.
 *
 * Returns: (transfer full) (nullable): a #GPtrArray of #PrDbRow
 */
GPtrArray *
_pr_connection_select (PrConnection  *self,
                       const char    *sql,
                       const char   **params,
                       guint          n_params,
                       GError       **error)
{
  MYSQL_STMT *stmt = NULL;
  g_autofree MYSQL_BIND *param_binds = g_new0 (MYSQL_BIND, MAX (n_params, 1));
  g_autofree unsigned long *param_lengths = g_new0 (unsigned long, MAX (n_params, 1));
  g_autofree MYSQL_BIND *result_binds = NULL;
  g_autofree unsigned long *lengths = NULL;
  g_autofree my_bool *nulls = NULL;
  g_autofree char *scratch = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (_pr_db_row_free);
  g_autofree char **numbers = NULL;
  MYSQL_RES *meta = NULL;
  unsigned int n_fields = 0;
  GPtrArray *result = NULL;

  stmt = _pr_statement_prepare (self, sql, _("cannot prepare a query"), error);
  if (stmt == NULL)
    return NULL;
  for (guint i = 0; i < n_params; i++)
    _pr_statement_bind_string (&param_binds[i], params[i], &param_lengths[i]);
  if (!_pr_statement_execute (stmt, n_params > 0 ? param_binds : NULL, _("a query failed"), error))
    goto out;

  meta = mysql_stmt_result_metadata (stmt);
  n_fields = meta != NULL ? mysql_num_fields (meta) : 0;
  result_binds = g_new0 (MYSQL_BIND, MAX (n_fields, 1));
  lengths = g_new0 (unsigned long, MAX (n_fields, 1));
  nulls = g_new0 (my_bool, MAX (n_fields, 1));
  numbers = g_new0 (char *, MAX (n_fields, 1));
  /* Values are fetched with zero-length buffers to learn their lengths,
   * then each one column by column into a buffer of the right size.
   * Not a FLOAT or DOUBLE: Connector/C turns those into text at the
   * width of the buffer bound, so a zero-length probe measures (and a
   * buffer of that size then holds) a number written in no digits, "0"
   * for 0.1. They get a buffer wide enough for any double's text from
   * the start, and so read as the server writes them. DECIMAL comes as
   * text already. */
  for (unsigned int f = 0; f < n_fields; f++)
    {
      enum enum_field_types type = mysql_fetch_field_direct (meta, f)->type;

      if (type == MYSQL_TYPE_FLOAT || type == MYSQL_TYPE_DOUBLE)
        numbers[f] = g_malloc (NUMBER_TEXT_SIZE);
      _pr_statement_bind_result (&result_binds[f], MYSQL_TYPE_STRING, numbers[f],
                                 numbers[f] != NULL ? NUMBER_TEXT_SIZE : 0, &lengths[f], &nulls[f]);
    }
  if (n_fields > 0 && !_pr_statement_bind_results (stmt, result_binds, _("cannot read a query's result"), error))
    goto out;

  for (;;)
    {
      PrFetchStatus status = n_fields > 0 ? _pr_statement_fetch (stmt, _("cannot read a query's result"), error)
                                          : PR_FETCH_DONE;
      PrDbRow *row;

      if (status == PR_FETCH_DONE)
        break;
      if (status == PR_FETCH_FAILED)
        goto out;

      row = g_new0 (PrDbRow, 1);
      row->n_values = n_fields;
      row->values = g_new0 (char *, n_fields);
      g_ptr_array_add (rows, row);
      for (unsigned int f = 0; f < n_fields; f++)
        {
          if (nulls[f])
            continue;
          if (numbers[f] != NULL)
            {
              if (lengths[f] >= NUMBER_TEXT_SIZE)
                {
                  g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                               _("cannot read a query's result: the server sent a number of %lu characters, "
                                 "longer than any FLOAT or DOUBLE is written; report this as a bug"),
                               lengths[f]);
                  goto out;
                }
              row->values[f] = g_strndup (numbers[f], lengths[f]);
              continue;
            }
          row->values[f] = g_malloc (lengths[f] + 1);
          if (lengths[f] > 0 &&
              !_pr_statement_fetch_column (stmt, f, MYSQL_TYPE_STRING, row->values[f], lengths[f] + 1,
                                           _("cannot read a query's result"), error))
            goto out;
          row->values[f][lengths[f]] = '\0';
        }
    }

  result = g_steal_pointer (&rows);

out:
  for (unsigned int f = 0; numbers != NULL && f < n_fields; f++)
    g_free (numbers[f]);
  g_clear_pointer (&meta, mysql_free_result);
  mysql_stmt_close (stmt);
  return result;
}

/* The next '?' placeholder from @from on: not a '?' in a quoted
 * identifier or string ('…', "…", `…`), as a column's name may hold one.
 * A doubled quote inside closes and reopens, which reads the same. */
static const char *
next_placeholder (const char *from)
{
  char quote = '\0';

  for (const char *p = from; *p != '\0'; p++)
    {
      if (quote != '\0')
        {
          if (*p == '\\' && quote != '`' && p[1] != '\0')
            p++;
          else if (*p == quote)
            quote = '\0';
        }
      else if (*p == '\'' || *p == '"' || *p == '`')
        quote = *p;
      else if (*p == '?')
        return p;
    }
  return NULL;
}

/**
 * _pr_connection_select_text:
 * @self: a #PrConnection
 * @sql: a SELECT with ? placeholders (outside quotes)
 * @params: the placeholders' values, as strings (%NULL for NULL)
 * @n_params: how many; as many as @sql has placeholders
 * @error: return location for a #GError
 *
 * Like _pr_connection_select(), but through the text protocol, as a scan
 * reads a table: each value is escaped for the connection's character set
 * and quoted into the SQL text. A prepared statement's values come in
 * binary and are made strings by the client, otherwise than the server
 * writes them: a ZEROFILL column's 00000012 is 12, a FLOAT's 1.5 another
 * string. Whatever is compared with what a scan read (a record's id, its
 * values) is read here. The server's warnings of the query stay readable
 * (mysql_warning_count()) until the next statement.
 *
 * Returns: (transfer full) (nullable): a #GPtrArray of #PrDbRow
 */
GPtrArray *
_pr_connection_select_text (PrConnection  *self,
                            const char    *sql,
                            const char   **params,
                            guint          n_params,
                            GError       **error)
{
  g_autoptr(GString) text = g_string_sized_new (strlen (sql) + 32);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (_pr_db_row_free);
  const char *rest = sql;
  MYSQL_RES *result;
  MYSQL_ROW values;
  unsigned int n_fields;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (sql != NULL, NULL);

  for (guint i = 0; i <= n_params; i++)
    {
      const char *mark = next_placeholder (rest);

      if (i == n_params ? mark != NULL : mark == NULL)
        {
          g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                       _("cannot run a query: it has another number of placeholders than the %u values given; "
                         "report this as a bug"), n_params);
          return NULL;
        }
      if (mark == NULL)
        break;
      g_string_append_len (text, rest, mark - rest);
      if (params[i] == NULL)
        g_string_append (text, "NULL");
      else
        {
          gsize length = strlen (params[i]);
          gsize at;
          unsigned long written;

          g_string_append_c (text, '\'');
          at = text->len;
          /* Escaping writes at most two bytes for each, and a NUL. */
          g_string_set_size (text, at + length * 2 + 1);
          written = mysql_real_escape_string (self->handle, text->str + at, params[i], length);
          if (written == (unsigned long) -1)
            {
              g_set_error (error, PR_DB_ERROR, PR_DB_ERROR_QUERY,
                           _("cannot run a query: the value “%s” cannot be written in the connection's "
                             "character set; check the value"), params[i]);
              return NULL;
            }
          g_string_truncate (text, at + written);
          g_string_append_c (text, '\'');
        }
      rest = mark + 1;
    }
  g_string_append (text, rest);

  if (mysql_real_query (self->handle, text->str, text->len) != 0)
    {
      _pr_db_set_error (error, self->handle, _("a query failed"));
      return NULL;
    }
  result = mysql_store_result (self->handle);
  if (result == NULL)
    {
      /* No result set at all is a statement without rows, not a failure. */
      if (mysql_errno (self->handle) == 0)
        return g_steal_pointer (&rows);
      _pr_db_set_error (error, self->handle, _("cannot read a query's result"));
      return NULL;
    }
  n_fields = mysql_num_fields (result);
  while ((values = mysql_fetch_row (result)) != NULL)
    {
      unsigned long *lengths = mysql_fetch_lengths (result);
      PrDbRow *row = g_new0 (PrDbRow, 1);

      row->n_values = n_fields;
      row->values = g_new0 (char *, MAX (n_fields, 1));
      row->lengths = g_new0 (gsize, MAX (n_fields, 1));
      for (unsigned int f = 0; f < n_fields; f++)
        if (values[f] != NULL)
          {
            row->lengths[f] = lengths[f];
            /* Exactly the bytes, a NUL among them too: callers check. */
            row->values[f] = g_malloc (lengths[f] + 1);
            memcpy (row->values[f], values[f], lengths[f]);
            row->values[f][lengths[f]] = '\0';
          }
      g_ptr_array_add (rows, row);
    }
  mysql_free_result (result);
  return g_steal_pointer (&rows);
}
