/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A cluster's pair graph and its bridges: the pairs that alone hold two
 * parts of a chain together, where a reviewer may split it.
 *
 * Bridges by Tarjan's low-link method over one depth-first search, run
 * with an explicit stack: a campaign's cluster of 10,000 records would
 * overflow the thread's stack as a recursion. The search numbers the
 * nodes in preorder, so a bridge's far side — the subtree under it — is
 * one interval of those numbers: which side a node is on is a comparison,
 * and no side is stored.
 */
#define G_LOG_DOMAIN "pr-graph"

#include "config.h"

#include <stdlib.h>

#include "pr-graph.h"

#define UNSEEN G_MAXUINT32
#define NO_EDGE G_MAXUINT32

struct _PrGraph
{
  guint32        n_nodes;
  GArray        *edges;       /* PrGraphEdge, by (a, b), no two alike */
  guint32       *adj_start;   /* n_nodes + 1 offsets into adj */
  guint32       *adj;         /* edge indices around each node */
  guint32       *pre;         /* preorder number of each node */
  guint32       *subtree;     /* nodes in the search subtree of each node */
  guint8        *is_bridge;   /* per edge */
  GArray        *bridges;     /* PrGraphBridge, in the order the search closed them */
};

static int
compare_edges (const void *x,
               const void *y)
{
  const PrGraphEdge *a = x, *b = y;

  if (a->a != b->a)
    return a->a < b->a ? -1 : 1;
  return (a->b > b->b) - (a->b < b->b);
}

/* The edges in order, each pair once: a pair found both within k and on
 * parts is one edge with both flags. */
static void
add_edges (PrGraph           *self,
           const PrGraphEdge *edges,
           gsize              n_edges)
{
  g_autofree PrGraphEdge *sorted = g_new (PrGraphEdge, MAX (n_edges, 1));
  gsize n = 0;

  for (gsize i = 0; i < n_edges; i++)
    {
      PrGraphEdge e = edges[i];

      if (e.a == e.b)
        continue;
      if (e.a > e.b)
        {
          guint32 t = e.a;

          e.a = e.b;
          e.b = t;
        }
      if (!(e.flags & PR_GRAPH_EDGE_PARTS))
        e.containment = 0;
      sorted[n++] = e;
    }
  if (n > 0)
    qsort (sorted, n, sizeof (PrGraphEdge), compare_edges);
  for (gsize i = 0; i < n; i++)
    {
      PrGraphEdge *last = self->edges->len > 0
        ? &g_array_index (self->edges, PrGraphEdge, self->edges->len - 1) : NULL;

      if (last != NULL && last->a == sorted[i].a && last->b == sorted[i].b)
        {
          last->flags |= sorted[i].flags;
          last->containment = MAX (last->containment, sorted[i].containment);
        }
      else
        g_array_append_val (self->edges, sorted[i]);
    }
}

typedef struct {
  guint32 node;
  guint32 parent_edge;
  guint32 next;        /* the next position in node's adjacency */
} Frame;

static void
find_bridges (PrGraph *self)
{
  g_autofree guint32 *low = g_new (guint32, MAX (self->n_nodes, 1));
  g_autofree Frame *stack = g_new (Frame, MAX (self->n_nodes, 1));
  guint32 counter = 0;

  for (guint32 v = 0; v < self->n_nodes; v++)
    self->pre[v] = UNSEEN;

  for (guint32 root = 0; root < self->n_nodes; root++)
    {
      gsize depth = 0;

      if (self->pre[root] != UNSEEN)
        continue;
      self->pre[root] = low[root] = counter++;
      stack[depth++] = (Frame) { root, NO_EDGE, self->adj_start[root] };
      while (depth > 0)
        {
          Frame *top = &stack[depth - 1];
          guint32 v = top->node;

          if (top->next < self->adj_start[v + 1])
            {
              guint32 e = self->adj[top->next++];
              const PrGraphEdge *edge = &g_array_index (self->edges, PrGraphEdge, e);
              guint32 w = edge->a == v ? edge->b : edge->a;

              /* Pairs are unique, so skipping the edge we came by skips
               * exactly the way back. */
              if (e == top->parent_edge)
                continue;
              if (self->pre[w] == UNSEEN)
                {
                  self->pre[w] = low[w] = counter++;
                  stack[depth++] = (Frame) { w, e, self->adj_start[w] };
                }
              else
                low[v] = MIN (low[v], self->pre[w]);
              continue;
            }

          /* v is done: its subtree is numbered pre[v] .. counter - 1. */
          self->subtree[v] = counter - self->pre[v];
          depth--;
          if (depth > 0)
            {
              guint32 u = stack[depth - 1].node;

              low[u] = MIN (low[u], low[v]);
              if (low[v] > self->pre[u])
                {
                  PrGraphBridge bridge = { top->parent_edge, u, v, self->subtree[v] };

                  self->is_bridge[bridge.edge] = TRUE;
                  g_array_append_val (self->bridges, bridge);
                }
            }
        }
    }
}

/**
 * pr_graph_new:
 * @n_nodes: number of nodes (a cluster's members)
 * @edges: (array length=n_edges): pairs between nodes < @n_nodes, in any
 *   order and either way round; a pair given twice is one edge (its flags
 *   joined, the larger containment kept); a pair of a node with itself is
 *   dropped
 * @n_edges: number of edges given
 *
 * Builds the graph and finds its bridges. Linear in nodes + edges, with no
 * recursion.
 *
 * Returns: (transfer full): a new graph; free with pr_graph_free()
 */
PrGraph *
pr_graph_new (guint32            n_nodes,
              const PrGraphEdge *edges,
              gsize              n_edges)
{
  PrGraph *self;
  g_autofree guint32 *filled = NULL;

  g_return_val_if_fail (edges != NULL || n_edges == 0, NULL);
  g_return_val_if_fail (n_edges < G_MAXUINT32, NULL);
  for (gsize i = 0; i < n_edges; i++)
    g_return_val_if_fail (edges[i].a < n_nodes && edges[i].b < n_nodes, NULL);

  self = g_new0 (PrGraph, 1);
  self->n_nodes = n_nodes;
  self->edges = g_array_new (FALSE, FALSE, sizeof (PrGraphEdge));
  self->bridges = g_array_new (FALSE, FALSE, sizeof (PrGraphBridge));
  add_edges (self, edges, n_edges);

  /* Each node's edges, side by side. */
  self->adj_start = g_new0 (guint32, (gsize) n_nodes + 1);
  self->adj = g_new (guint32, MAX (2 * self->edges->len, 1));
  filled = g_new0 (guint32, MAX (n_nodes, 1));
  for (guint e = 0; e < self->edges->len; e++)
    {
      const PrGraphEdge *edge = &g_array_index (self->edges, PrGraphEdge, e);

      self->adj_start[edge->a + 1]++;
      self->adj_start[edge->b + 1]++;
    }
  for (guint32 v = 0; v < n_nodes; v++)
    self->adj_start[v + 1] += self->adj_start[v];
  for (guint e = 0; e < self->edges->len; e++)
    {
      const PrGraphEdge *edge = &g_array_index (self->edges, PrGraphEdge, e);

      self->adj[self->adj_start[edge->a] + filled[edge->a]++] = e;
      self->adj[self->adj_start[edge->b] + filled[edge->b]++] = e;
    }

  self->pre = g_new (guint32, MAX (n_nodes, 1));
  self->subtree = g_new (guint32, MAX (n_nodes, 1));
  self->is_bridge = g_new0 (guint8, MAX (self->edges->len, 1));
  find_bridges (self);
  return self;
}

void
pr_graph_free (PrGraph *graph)
{
  if (graph == NULL)
    return;
  g_array_unref (graph->edges);
  g_array_unref (graph->bridges);
  g_free (graph->adj_start);
  g_free (graph->adj);
  g_free (graph->pre);
  g_free (graph->subtree);
  g_free (graph->is_bridge);
  g_free (graph);
}

guint32
pr_graph_get_n_nodes (PrGraph *graph)
{
  g_return_val_if_fail (graph != NULL, 0);
  return graph->n_nodes;
}

/* The distinct pairs: fewer than given when some were given twice. */
guint
pr_graph_get_n_edges (PrGraph *graph)
{
  g_return_val_if_fail (graph != NULL, 0);
  return graph->edges->len;
}

/* Returns: (transfer none): edge @index; edges are ordered by (a, b), a < b */
const PrGraphEdge *
pr_graph_get_edge (PrGraph *graph,
                   guint    index)
{
  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (index < graph->edges->len, NULL);
  return &g_array_index (graph->edges, PrGraphEdge, index);
}

gboolean
pr_graph_is_bridge (PrGraph *graph,
                    guint    edge)
{
  g_return_val_if_fail (graph != NULL, FALSE);
  g_return_val_if_fail (edge < graph->edges->len, FALSE);
  return graph->is_bridge[edge];
}

guint
pr_graph_get_n_bridges (PrGraph *graph)
{
  g_return_val_if_fail (graph != NULL, 0);
  return graph->bridges->len;
}

/**
 * pr_graph_bridge_is_risky:
 * @index: a bridge's index
 *
 * Returns: whether bridge @index has neither end at node 0, the primary:
 *   a pair with the primary at one end is judged against the primary in
 *   any case, so it holds nothing together unseen
 */
gboolean
pr_graph_bridge_is_risky (PrGraph *graph,
                          guint    index)
{
  return pr_graph_is_risky_bridge (graph, pr_graph_get_bridge (graph, index)->edge);
}

/* Returns: whether edge @edge is a risky bridge (pr_graph_bridge_is_risky ()) */
gboolean
pr_graph_is_risky_bridge (PrGraph *graph,
                          guint    edge)
{
  const PrGraphEdge *e = pr_graph_get_edge (graph, edge);

  return pr_graph_is_bridge (graph, edge) && e->a != 0 && e->b != 0;
}

/* Returns: how many of @graph's bridges are risky (pr_graph_bridge_is_risky ()) */
guint
pr_graph_get_n_risky_bridges (PrGraph *graph)
{
  guint n = 0;

  for (guint b = 0; b < pr_graph_get_n_bridges (graph); b++)
    n += pr_graph_bridge_is_risky (graph, b);
  return n;
}

/* Returns: (transfer none): bridge @index */
const PrGraphBridge *
pr_graph_get_bridge (PrGraph *graph,
                     guint    index)
{
  g_return_val_if_fail (graph != NULL, NULL);
  g_return_val_if_fail (index < graph->bridges->len, NULL);
  return &g_array_index (graph->bridges, PrGraphBridge, index);
}

/**
 * pr_graph_on_far_side:
 * @bridge: a bridge index, less than pr_graph_get_n_bridges()
 * @node: a node
 *
 * Returns: whether removing the bridge leaves @node with its far
 *   endpoint: on the side without node 0, when node 0 is in the bridge's
 *   component
 */
gboolean
pr_graph_on_far_side (PrGraph *graph,
                      guint    bridge,
                      guint32  node)
{
  const PrGraphBridge *b;
  guint32 start;

  g_return_val_if_fail (graph != NULL, FALSE);
  g_return_val_if_fail (bridge < graph->bridges->len, FALSE);
  g_return_val_if_fail (node < graph->n_nodes, FALSE);

  b = &g_array_index (graph->bridges, PrGraphBridge, bridge);
  start = graph->pre[b->far];
  return graph->pre[node] >= start && graph->pre[node] - start < graph->subtree[b->far];
}
