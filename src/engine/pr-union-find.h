/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void     pr_union_find_init         (guint32 *parent,
                                     gsize    n);
guint32  pr_union_find_root         (guint32 *parent,
                                     guint32  x);
gboolean pr_union_find_join_lowest  (guint32 *parent,
                                     guint32  a,
                                     guint32  b);
void     pr_union_find_join_by_size (guint32 *parent,
                                     guint32 *size,
                                     guint32  a,
                                     guint32  b);

G_END_DECLS
