/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSearchFilter: the clusters a search finds. At once, those whose
 * subject, case number or a record id has the text (all in memory); then,
 * when the session's search of the table's mapped columns is back
 * (pr_session_search_async ()), those with a record that has it in any
 * but the date: the petitioner, the body. Until then the search is pending.
 */
#define G_LOG_DOMAIN "pr-search-filter"

#include "config.h"

#include "pr-search-filter.h"

#include "pr-cluster-item.h"
#include "pr-session.h"

struct _PrSearchFilter
{
  GtkFilter   parent_instance;

  char       *needle;    /* normalised; "" for no search */
  gboolean    digits;    /* the needle is all digits: a case number may have it */
  GHashTable *matches;   /* PrClusterItem set: the full search's answer, or NULL while pending */
};

G_DEFINE_FINAL_TYPE (PrSearchFilter, pr_search_filter, GTK_TYPE_FILTER)

static gboolean
pr_search_filter_match (GtkFilter *filter,
                        gpointer   item)
{
  PrSearchFilter *self = PR_SEARCH_FILTER (filter);
  PrClusterItem *cluster = item;
  char number[16];

  if (self->needle[0] == '\0')
    return TRUE;
  if (self->matches != NULL && g_hash_table_contains (self->matches, cluster))
    return TRUE;
  /* The cluster's own fields, not its properties: the filter reads each
   * of 100,000 clusters at every keystroke. */
  if (pr_session_search_match (pr_cluster_item_get_subject (cluster), -1, self->needle))
    return TRUE;
  if (pr_cluster_item_get_is_case (cluster) && pr_cluster_item_get_number (cluster) == 0)
    {
      g_autofree char *name = pr_cluster_item_dup_name (cluster);

      if (pr_session_search_match (name, -1, self->needle))
        return TRUE;
    }
  else if (self->digits)
    {
      g_snprintf (number, sizeof number, "%u", pr_cluster_item_get_number (cluster));
      if (pr_session_search_match (number, -1, self->needle))
        return TRUE;
    }
  for (guint m = 0; m < pr_cluster_item_get_n_members (cluster); m++)
    if (pr_session_search_match (pr_cluster_item_get_member (cluster, m)->id, -1, self->needle))
      return TRUE;
  return FALSE;
}

static GtkFilterMatch
pr_search_filter_get_strictness (GtkFilter *filter)
{
  return PR_SEARCH_FILTER (filter)->needle[0] == '\0' ? GTK_FILTER_MATCH_ALL : GTK_FILTER_MATCH_SOME;
}

static void
pr_search_filter_finalize (GObject *object)
{
  PrSearchFilter *self = PR_SEARCH_FILTER (object);

  g_free (self->needle);
  g_clear_pointer (&self->matches, g_hash_table_unref);
  G_OBJECT_CLASS (pr_search_filter_parent_class)->finalize (object);
}

static void
pr_search_filter_class_init (PrSearchFilterClass *klass)
{
  GtkFilterClass *filter_class = GTK_FILTER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = pr_search_filter_finalize;
  filter_class->match = pr_search_filter_match;
  filter_class->get_strictness = pr_search_filter_get_strictness;
}

static void
pr_search_filter_init (PrSearchFilter *self)
{
  self->needle = g_strdup ("");
}

PrSearchFilter *
pr_search_filter_new (void)
{
  return g_object_new (PR_TYPE_SEARCH_FILTER, NULL);
}

/* Searches for @text: what is in memory at once, the rest pending. */
void
pr_search_filter_set_text (PrSearchFilter *self,
                           const char     *text)
{
  g_autofree char *needle = pr_session_search_normalize (text);

  if (g_strcmp0 (needle, self->needle) == 0)
    return;
  g_free (self->needle);
  self->needle = g_steal_pointer (&needle);
  self->digits = self->needle[0] != '\0';
  for (const char *c = self->needle; *c != '\0' && self->digits; c++)
    self->digits = g_ascii_isdigit (*c);
  g_clear_pointer (&self->matches, g_hash_table_unref);
  /* No search keeps every cluster: the list need look only at those it
   * hides (GTK's list takes every row out on any other change). */
  gtk_filter_changed (GTK_FILTER (self), self->needle[0] == '\0' ? GTK_FILTER_CHANGE_LESS_STRICT
                                                                : GTK_FILTER_CHANGE_DIFFERENT);
}

const char *
pr_search_filter_get_text (PrSearchFilter *self)
{
  return self->needle;
}

/* The full search's answer for the text set: more clusters match. */
void
pr_search_filter_set_matches (PrSearchFilter *self,
                              GHashTable     *clusters)
{
  g_clear_pointer (&self->matches, g_hash_table_unref);
  self->matches = clusters != NULL ? g_hash_table_ref (clusters) : NULL;
  gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_LESS_STRICT);
}

/* Whether a search waits for the table's answer. */
gboolean
pr_search_filter_get_pending (PrSearchFilter *self)
{
  return self->needle[0] != '\0' && self->matches == NULL;
}
