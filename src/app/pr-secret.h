/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-connection.h"

G_BEGIN_DECLS

/* Database passwords in the Secret Service keyring (libsecret), keyed by
 * where they open: host, port, socket, user and database. Without
 * libsecret, or without a keyring, nothing is kept and the password is
 * asked each time. */

gboolean  pr_secret_is_available  (void);
void      pr_secret_store_async   (const PrConnectionParams *params,
                                   GCancellable             *cancellable,
                                   GAsyncReadyCallback       callback,
                                   gpointer                  user_data);
gboolean  pr_secret_store_finish  (GAsyncResult             *result,
                                   GError                  **error);
void      pr_secret_lookup_async  (const PrConnectionParams *params,
                                   GCancellable             *cancellable,
                                   GAsyncReadyCallback       callback,
                                   gpointer                  user_data);
char     *pr_secret_lookup_finish (GAsyncResult             *result,
                                   GError                  **error);

G_END_DECLS
