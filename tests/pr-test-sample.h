/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-connection.h"
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

G_END_DECLS
