/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-connection.h"

G_BEGIN_DECLS

/* The database and table the sample petitions are loaded into. */
#define PR_SAMPLE_SERVER_DATABASE "petitions"
#define PR_SAMPLE_SERVER_TABLE "petitions"

typedef struct _PrSampleServer PrSampleServer;

PrSampleServer     *pr_sample_server_start          (const char      *base_dir,
                                                     const char      *sample_csv,
                                                     GCancellable    *cancellable,
                                                     GError         **error);
PrSampleServer     *pr_sample_server_start_for_run  (const char      *base_dir,
                                                     const char      *sample_csv,
                                                     GCancellable    *cancellable,
                                                     GError         **error);
PrSampleServer     *pr_sample_server_start_empty    (const char      *dir,
                                                     GCancellable    *cancellable,
                                                     GError         **error);
PrSampleServer     *pr_sample_server_start_empty_with_options (const char         *dir,
                                                               const char * const *server_options,
                                                               GCancellable       *cancellable,
                                                               GError            **error);
PrConnectionParams *pr_sample_server_get_params     (PrSampleServer  *server);
PrConnectionParams *pr_sample_server_get_admin_params (PrSampleServer *server);
const char         *pr_sample_server_get_base_dir   (PrSampleServer  *server);
const char         *pr_sample_server_get_socket     (PrSampleServer  *server);
GPid                pr_sample_server_get_pid        (PrSampleServer  *server);
gboolean            pr_sample_server_get_initialised (PrSampleServer *server);
gboolean            pr_sample_server_get_loaded     (PrSampleServer  *server);
gboolean            pr_sample_server_stop           (PrSampleServer  *server,
                                                     GError         **error);
char               *pr_sample_server_find_csv       (void);
void                pr_sample_server_free           (PrSampleServer  *server);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrSampleServer, pr_sample_server_free)

G_END_DECLS
