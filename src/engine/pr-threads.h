/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One of @n_threads workers: @index is 0..n_threads − 1. */
typedef void (*PrThreadFunc) (gpointer data,
                              guint    index);

guint  pr_threads_resolve (guint         n_threads);
void   pr_threads_run     (const char   *name,
                           guint         n_threads,
                           PrThreadFunc  func,
                           gpointer      data);

G_END_DECLS
