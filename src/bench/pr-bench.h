/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The measurements of petition-review-bench; argv[0] is the measurement's
 * name. Each returns an exit status. */
int pr_bench_fingerprint (int argc, char **argv);
int pr_bench_group       (int argc, char **argv);
int pr_bench_query       (int argc, char **argv);
int pr_bench_thresholds  (int argc, char **argv);
int pr_bench_db          (int argc, char **argv);
int pr_bench_check       (int argc, char **argv);
int pr_bench_intake      (int argc, char **argv);
int pr_bench_compare_doubles (gconstpointer a, gconstpointer b);

int pr_bench_fail        (const GError *error);

G_END_DECLS
