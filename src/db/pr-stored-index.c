/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The stored fingerprints of one mapping version in a block index built
 * once, so that each intake check is a lookup in memory rather than a
 * query to the server.
 */
#define G_LOG_DOMAIN "pr-stored-index"

#include "config.h"

#include "pr-block-index.h"
#include "pr-stored-index.h"

struct _PrStoredIndex {
  GPtrArray    *ids;           /* (element-type utf8), of the index's entries */
  GArray       *fingerprints;  /* guint64, one per id */
  gsize         n;
  PrBlockIndex *index;
};

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const PrStoreMatch *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return g_strcmp0 (x->record_id, y->record_id);
}

void
pr_stored_index_free (PrStoredIndex *self)
{
  g_clear_pointer (&self->index, pr_block_index_free);
  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_pointer (&self->fingerprints, g_array_unref);
  g_free (self);
}

PrStoredIndex *
pr_stored_index_new (PrStore     *store,
                     const char  *table,
                     guint64      version,
                     guint        k,
                     GError     **error)
{
  g_autoptr(PrStoredIndex) self = g_new0 (PrStoredIndex, 1);

  /* The ids and fingerprints alone: the passages, which a rescan reads
   * too, are no part of a check. */
  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->fingerprints = g_array_new (FALSE, FALSE, sizeof (guint64));
  if (!pr_store_read_fingerprints (store, table, version, self->ids, self->fingerprints, error))
    return NULL;
  self->n = self->ids->len;
  self->index = pr_block_index_new ((const guint64 *) self->fingerprints->data, self->n, k);

  return g_steal_pointer (&self);
}

gsize
pr_stored_index_get_size (const PrStoredIndex *self)
{
  return self->n;
}

/* The same answer as pr_store_check(), from the index: PrStoreMatch, by
 * distance then id. */
GArray *
pr_stored_index_check (PrStoredIndex *self,
                       guint64        fingerprint)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (PrMatch));
  GArray *matches;

  pr_block_index_query (self->index, fingerprint, found);
  matches = g_array_new (FALSE, FALSE, sizeof (PrStoreMatch));
  g_array_set_clear_func (matches, (GDestroyNotify) pr_store_match_clear);
  for (guint i = 0; i < found->len; i++)
    {
      const PrMatch *m = &g_array_index (found, PrMatch, i);
      PrStoreMatch match = { g_strdup (self->ids->pdata[m->index]), m->distance };

      g_array_append_val (matches, match);
    }
  g_array_sort (matches, compare_matches);

  return matches;
}

/* One record's matches, from @self, or from the server when @self is NULL. */
GArray *
pr_stored_index_find (PrStoredIndex  *self,
                      PrStore        *store,
                      const char     *table,
                      guint64         version,
                      guint64         fingerprint,
                      guint           k,
                      GError        **error)
{
  if (self != NULL)
    return pr_stored_index_check (self, fingerprint);
  return pr_store_check (store, table, version, fingerprint, k, error);
}
