/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean pr_text_is_attachment_only (const char *text,
                                     gssize      length);

G_END_DECLS
