/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *pr_test_make_temp_dir (void);
void  pr_test_remove_tree   (const char *path);
int   pr_test_run_cli       (char              **out,
                             char              **err,
                             const char *const  *args);
guint64 pr_test_naive_simhash (const char *const *features,
                               const double      *weights,
                               gssize             n_features);

G_END_DECLS
