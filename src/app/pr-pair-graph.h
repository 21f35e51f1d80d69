/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-graph.h"

G_BEGIN_DECLS

#define PR_TYPE_PAIR_GRAPH (pr_pair_graph_get_type ())
G_DECLARE_FINAL_TYPE (PrPairGraph, pr_pair_graph, PR, PAIR_GRAPH, GtkWidget)

GtkWidget *pr_pair_graph_new        (void);
void       pr_pair_graph_set_graph  (PrPairGraph        *self,
                                     PrGraph            *graph,
                                     const char *const  *labels);
guint      pr_pair_graph_get_n_nodes (PrPairGraph       *self);
GStrv      pr_pair_graph_dup_legend  (void);

G_END_DECLS
