/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-connection.h"
#include "pr-mapping.h"
#include "pr-sample-server.h"

G_BEGIN_DECLS

/* The bundled sample loaded into a throwaway server of the test's own. */
typedef struct {
  char           *dir;     /* a temporary directory: the server's, and the test's files */
  PrSampleServer *server;
  char           *uri;     /* mariadb://USER@localhost/petitions?socket=… for the CLI's --db */
} PrTestSample;

PrTestSample *pr_test_sample_start   (void);
PrConnection *pr_test_sample_connect (PrTestSample *sample);
void          pr_test_sample_stop    (PrTestSample *sample);

/* A scan's files, read back (pr_test_sample_scan ()). */
typedef struct {
  char *out;      /* scan --out */
  char *pairs;    /* scan --pairs */
  char *repeats;  /* scan --new-repeats */
  char *err;
} PrTestScan;

void          pr_test_scan_clear      (PrTestScan        *scan);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrTestScan, pr_test_scan_clear)
void          pr_test_sample_scan     (PrTestSample      *sample,
                                       const char        *table,
                                       const char        *store,
                                       const char *const *more,
                                       PrTestScan        *result);
void          pr_test_fresh_store     (PrConnection      *connection,
                                       const char        *store);
PrConnection *pr_test_sample_copy     (PrTestSample      *sample,
                                       const char        *table,
                                       const char        *store);
PrMapping    *pr_test_sample_cli_mapping (void);

G_END_DECLS
