/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *pr_test_make_temp_dir (void);
void  pr_test_remove_tree   (const char *path);

G_END_DECLS
