/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *pr_sample_server_find_program (const char *const *names);

G_END_DECLS
