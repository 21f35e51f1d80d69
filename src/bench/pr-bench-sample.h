/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_bench_sample_generate_csv (const char  *path,
                                       guint        n_rows,
                                       GError     **error);

G_END_DECLS
