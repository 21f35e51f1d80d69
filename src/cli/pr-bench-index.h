/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Entry points for `bench group` and `bench query`; argv[0] is the
 * subcommand name.  Both return an exit status. */
int pr_bench_group (int    argc,
                    char **argv);
int pr_bench_thresholds (int    argc,
                         char **argv);
int pr_bench_query (int    argc,
                    char **argv);

G_END_DECLS
