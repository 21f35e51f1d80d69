/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Two clusterings of the same records compared as partitions, for the
 * tests whose oracle is another scan of the same table.
 */
#include "config.h"

#include <string.h>

#include "pr-cluster-item.h"
#include "pr-test-partition.h"

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GHashTable *
pr_test_clusters_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
}

void
pr_test_clusters_add (GHashTable *clusters,
                      const char *cluster,
                      const char *id)
{
  GPtrArray *ids = g_hash_table_lookup (clusters, cluster);

  if (ids == NULL)
    {
      ids = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (clusters, g_strdup (cluster), ids);
    }
  g_ptr_array_add (ids, g_strdup (id));
}

/* Record id → the sorted ids of its cluster, joined, for the clusters of
 * @min_members or more. */
GHashTable *
pr_test_partition_of (GHashTable *clusters,
                      guint       min_members)
{
  GHashTable *partition = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, clusters);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GPtrArray *ids = value;
      g_autofree char *joined = NULL;

      if (ids->len < min_members)
        continue;
      g_ptr_array_sort (ids, compare_ids);
      g_ptr_array_add (ids, NULL);
      joined = g_strjoinv (",", (char **) ids->pdata);
      g_ptr_array_set_size (ids, ids->len - 1);
      for (guint i = 0; i < ids->len; i++)
        g_hash_table_insert (partition, g_strdup (ids->pdata[i]), g_strdup (joined));
    }
  return partition;
}

/* The session's clusters under review, as a partition. */
GHashTable *
pr_test_session_partition (PrSession *session,
                           guint      min_members)
{
  GListModel *clusters = pr_session_get_clusters (session);
  g_autoptr(GHashTable) members = pr_test_clusters_new ();

  for (guint c = 0; c < g_list_model_get_n_items (clusters); c++)
    {
      g_autoptr(PrClusterItem) item = g_list_model_get_item (clusters, c);
      g_autofree char *name = g_strdup_printf ("%u", c);

      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        pr_test_clusters_add (members, name, pr_cluster_item_get_member (item, m)->id);
    }
  return pr_test_partition_of (members, min_members);
}

/* The records the two partitions put in different clusters, each named
 * in the test's log. */
guint
pr_test_partitions_differ (GHashTable *a,
                           GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (g_hash_table_lookup (b, key), value) != 0)
      {
        g_test_message ("%s: {%s} and {%s}", (const char *) key, (const char *) value,
                        (const char *) g_hash_table_lookup (b, key));
        n++;
      }
  g_hash_table_iter_init (&iter, b);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (a, key))
      {
        g_test_message ("%s: {} and {%s}", (const char *) key, (const char *) value);
        n++;
      }
  return n;
}
