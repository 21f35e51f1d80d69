/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-connection.h"
#include "pr-scan.h"

G_BEGIN_DECLS

void  pr_test_add_decision    (PrStore                  *store,
                               const char               *table,
                               const char               *record_id,
                               const char               *primary_id,
                               PrVerdict                 verdict);
char *pr_test_admin_query     (const PrConnectionParams *params,
                               const char               *sql);
char *pr_test_petition_body   (guint                     seed);
void  pr_test_add_petition    (PrConnection             *connection,
                               const char               *table,
                               guint                     id,
                               const char               *body);
void  pr_test_add_petitions   (PrConnection             *connection,
                               const char               *table,
                               guint                     first_id,
                               guint                     n,
                               guint                     seed);
int   pr_test_run_cli_va      (char                    **out,
                               char                    **err,
                               const char               *first,
                               ...) G_GNUC_NULL_TERMINATED;
void  pr_test_add_petition_groups (PrConnection         *connection,
                                   const char           *table,
                                   guint                 n_groups,
                                   guint                 group_size);
char *pr_test_cluster_of      (const char               *path,
                               const char               *id);
PrMapping    *pr_test_sample_mapping (void);
PrScanResult *pr_test_scan_sample (PrConnection         *db,
                                   PrStore              *store);

G_END_DECLS
