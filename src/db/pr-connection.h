/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-db-error.h"

G_BEGIN_DECLS

typedef struct {
  char     *host;           /* NULL or "localhost" with a socket: the unix socket */
  guint     port;           /* 0: the default, 3306 */
  char     *socket;         /* a unix socket path, or NULL */
  char     *user;
  char     *password;       /* never written anywhere by this layer */
  char     *database;
  gboolean  tls;            /* require TLS: no connection without it */
  char     *tls_ca;         /* a CA file; the server's certificate must come from it */
  gboolean  tls_verify;     /* check the server's name, and without tls_ca its
                             * certificate against the system's CAs */
  guint     connect_timeout;  /* seconds, 0: the client library's default */
  guint     read_timeout;     /* seconds, 0: none */
} PrConnectionParams;

PrConnectionParams *pr_connection_params_new          (void);
PrConnectionParams *pr_connection_params_new_from_uri (const char                *uri,
                                                       GError                   **error);
PrConnectionParams *pr_connection_params_copy         (const PrConnectionParams  *params);
void                pr_connection_params_free         (PrConnectionParams        *params);
char               *pr_connection_params_describe     (const PrConnectionParams  *params);
gboolean            pr_connection_params_check_database (const PrConnectionParams  *params,
                                                         GError                   **error);
gboolean            pr_connection_params_check_place  (const PrConnectionParams  *params,
                                                       GError                   **error);

typedef struct _PrConnection PrConnection;

PrConnection       *pr_connection_open                (const PrConnectionParams  *params,
                                                       GError                   **error);
void                pr_connection_close               (PrConnection              *connection);
const char         *pr_connection_get_server_version  (PrConnection              *connection);
gboolean            pr_connection_execute             (PrConnection              *connection,
                                                       const char                *sql,
                                                       GError                   **error);
char               *pr_connection_quote_identifier    (const char                *name);
char               *pr_connection_quote_string        (const char                *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrConnectionParams, pr_connection_params_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrConnection, pr_connection_close)

G_END_DECLS
