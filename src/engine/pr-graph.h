/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How a pair of records came to be linked. */
typedef enum {
  PR_GRAPH_EDGE_WITHIN_K = 1 << 0,  /* fingerprints within k */
  PR_GRAPH_EDGE_PARTS    = 1 << 1,  /* they share enough parts (clauses) */
  PR_GRAPH_EDGE_SHORT    = 1 << 2,  /* short bodies worded alike (their rare 3-grams) */
} PrGraphEdgeFlags;

/* One pair of a cluster's pair graph, between node indices. */
typedef struct {
  guint32          a;            /* a < b once in a graph */
  guint32          b;
  guint32          distance;     /* Hamming distance of the two fingerprints */
  double           containment;  /* with PR_GRAPH_EDGE_PARTS: the share of the smaller record's part words shared */
  PrGraphEdgeFlags flags;
} PrGraphEdge;

/* A bridge: the edge whose removal parts the graph, and the side of it
 * away from the search's root (node 0 for node 0's component). */
typedef struct {
  guint32 edge;     /* index into the graph's edges */
  guint32 near;     /* the endpoint on the root's side */
  guint32 far;      /* the endpoint on the other side */
  guint32 n_far;    /* nodes on the far side */
} PrGraphBridge;

typedef struct _PrGraph PrGraph;

PrGraph             *pr_graph_new            (guint32            n_nodes,
                                              const PrGraphEdge *edges,
                                              gsize              n_edges);
void                 pr_graph_free           (PrGraph           *graph);
guint32              pr_graph_get_n_nodes    (PrGraph           *graph);
guint                pr_graph_get_n_edges    (PrGraph           *graph);
const PrGraphEdge   *pr_graph_get_edge       (PrGraph           *graph,
                                              guint              index);
gboolean             pr_graph_is_bridge      (PrGraph           *graph,
                                              guint              edge);
guint                pr_graph_get_n_bridges  (PrGraph           *graph);
gboolean             pr_graph_bridge_is_risky (PrGraph          *graph,
                                              guint              index);
gboolean             pr_graph_is_risky_bridge (PrGraph          *graph,
                                              guint              edge);
guint                pr_graph_get_n_risky_bridges (PrGraph      *graph);
const PrGraphBridge *pr_graph_get_bridge     (PrGraph           *graph,
                                              guint              index);
gboolean             pr_graph_on_far_side    (PrGraph           *graph,
                                              guint              bridge,
                                              guint32            node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrGraph, pr_graph_free)

G_END_DECLS
