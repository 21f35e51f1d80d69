/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PR_TYPE_CLUSTER_SORTER (pr_cluster_sorter_get_type ())
G_DECLARE_FINAL_TYPE (PrClusterSorter, pr_cluster_sorter, PR, CLUSTER_SORTER, GtkSorter)

PrClusterSorter *pr_cluster_sorter_new (const char *column);

G_END_DECLS
