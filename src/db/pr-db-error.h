/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PR_DB_ERROR (pr_db_error_quark ())

/* The server's own error number, where there is one, is kept at the end of
 * the message as "(server error N)". */
typedef enum {
  PR_DB_ERROR_INVALID_URI,       /* the connection string cannot be understood */
  PR_DB_ERROR_CONNECT,           /* no server there: wrong host, port or socket, or it is down */
  PR_DB_ERROR_ACCESS_DENIED,     /* wrong user name or password */
  PR_DB_ERROR_UNKNOWN_DATABASE,  /* the database (schema) does not exist */
  PR_DB_ERROR_SERVER_GONE,       /* the connection was lost during the work */
  PR_DB_ERROR_TLS,               /* TLS failed: no TLS on the server, a certificate refused */
  PR_DB_ERROR_PRIVILEGE,         /* the user lacks a privilege the work needs */
  PR_DB_ERROR_NO_SUCH_TABLE,     /* the table or a column does not exist */
  PR_DB_ERROR_QUERY,             /* any other failure of a statement */
  PR_DB_ERROR_SERVER_START,      /* the private sample server could not be started */
  PR_DB_ERROR_SERVER_STOP,       /* the private sample server did not stop cleanly */
  PR_DB_ERROR_STORE_TOO_NEW,     /* the application's tables were made by a newer Petition Review */
  PR_DB_ERROR_CONFLICT,          /* someone else changed the data since: the work was refused, nothing written */
  PR_DB_ERROR_NO_STABLE_ID,      /* a store needs an id column the catalogue shows unique; the mapping has none */
  PR_DB_ERROR_ENCODING,          /* a column's text is in another encoding than it is read in */
  PR_DB_ERROR_PACKET_TOO_LARGE,  /* a statement over the server's max_allowed_packet */
} PrDbError;

GQuark   pr_db_error_quark                  (void);
gboolean pr_db_error_number_is_client       (unsigned int  number);
char    *pr_db_error_dup_source             (const GError *error);
char    *pr_db_error_dup_source_or_message  (const GError *error);
char    *pr_db_error_dup_reason             (const GError *error);
void     _pr_db_error_set_source            (GError       *error,
                                             const char   *what,
                                             const char   *message,
                                             unsigned int  number);
void     _pr_db_error_keep_source           (GError       *to,
                                             const GError *from);

G_END_DECLS
