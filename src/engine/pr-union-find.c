/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Union–find over record numbers: a parent array, each root its own
 * parent. The clusters, the second stage's linkage, its folds and eval's
 * clusters all join records this way, so the finding and joining live here
 * once.
 */
#define G_LOG_DOMAIN "pr-union-find"

#include "pr-union-find.h"

/* Every record its own set. */
void
pr_union_find_init (guint32 *parent,
                    gsize    n)
{
  for (gsize i = 0; i < n; i++)
    parent[i] = (guint32) i;
}

/* The root of @x's set. Path compression points the whole path at the
 * root, so later finds are near constant. */
guint32
pr_union_find_root (guint32 *parent,
                    guint32  x)
{
  guint32 root = x;

  while (parent[root] != root)
    root = parent[root];
  while (parent[x] != root)
    {
      guint32 next = parent[x];

      parent[x] = root;
      x = next;
    }
  return root;
}

/* Joins the sets of @a and @b under the lower root, so that each set's root
 * is its lowest record whatever the order of the joins (the folds hash it).
 * Returns whether they were two sets. */
gboolean
pr_union_find_join_lowest (guint32 *parent,
                           guint32  a,
                           guint32  b)
{
  guint32 ra = pr_union_find_root (parent, a);
  guint32 rb = pr_union_find_root (parent, b);

  if (ra == rb)
    return FALSE;
  parent[MAX (ra, rb)] = MIN (ra, rb);
  return TRUE;
}

/* Joins the sets of @a and @b under the root of the larger; @size holds
 * each root's set size. Union by size keeps the trees shallow. */
void
pr_union_find_join_by_size (guint32 *parent,
                            guint32 *size,
                            guint32  a,
                            guint32  b)
{
  guint32 ra = pr_union_find_root (parent, a);
  guint32 rb = pr_union_find_root (parent, b);

  if (ra == rb)
    return;
  if (size[ra] < size[rb])
    {
      guint32 t = ra;

      ra = rb;
      rb = t;
    }
  parent[rb] = ra;
  size[ra] += size[rb];
}
