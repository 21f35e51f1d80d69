/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-connection.h"
#include "pr-sample-server.h"
#include "pr-test-util.h"

G_BEGIN_DECLS

const PrConnectionParams *pr_test_server_start        (void);
const PrConnectionParams *pr_test_server_start_with_options (const char *const *server_options);
void                      pr_test_server_restart      (const char *const *server_options);
void                      pr_test_server_stop         (void);
void                      pr_test_server_seed_data_dir (const char *base_dir);
GPid                      pr_test_server_get_pid      (void);
char                     *pr_test_server_uri          (const char *database,
                                                       const char *options);
int                       pr_test_server_run_cli      (const char *database,
                                                       char      **out,
                                                       char      **err,
                                                       const char *first,
                                                       ...) G_GNUC_NULL_TERMINATED;
GPtrArray                *pr_test_query_column        (PrConnection *connection,
                                                       const char   *sql);
char                     *pr_test_query_value         (PrConnection *connection,
                                                       const char   *sql);
char                     *pr_test_table_layout        (PrConnection *connection,
                                                       const char   *what,
                                                       const char   *schema,
                                                       const char   *table);
void                      pr_test_assert_migrated     (PrConnection *connection,
                                                       const char   *old_schema,
                                                       const char   *new_schema,
                                                       const char   *table);
PrConnection             *pr_test_connect             (const PrConnectionParams *params,
                                                       const char   *database);
PrConnection             *pr_test_fresh_database      (const PrConnectionParams *params,
                                                       const char   *name);
PrSampleServer           *pr_test_start_sample_server (const char *dir);
void                      pr_test_execute             (PrConnection *connection,
                                                       const char   *sql);

G_END_DECLS
