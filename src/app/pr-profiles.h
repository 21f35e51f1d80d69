/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-connection.h"

G_BEGIN_DECLS

/* The saved connections, most recent first, in GSettings (key
 * "profiles"): where to connect, never the password. */

#define PR_PROFILES_MAX 10

GPtrArray *pr_profiles_load     (GSettings                *settings);
void       pr_profiles_remember (GSettings                *settings,
                                 const PrConnectionParams *params);
void       pr_profiles_forget   (GSettings                *settings,
                                 guint                     index);

G_END_DECLS
