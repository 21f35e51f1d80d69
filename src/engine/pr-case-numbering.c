/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Case numbers: a cluster keeps its number from scan to scan, so that a
 * number a clerk wrote on a form still names the same case after a rescan
 * or a new k. Given the open cases of the last scan (number, primary,
 * members) and the clusters of this one (primary, members):
 *
 * 1. A cluster continues an earlier case it shares a record with. The
 *    claims (cluster, case) are taken best first, each cluster and each
 *    number at most once; a claim is better when
 *      a. the case holds the cluster's primary, then
 *      b. the cluster holds the case's primary, then
 *      c. they share more records, then
 *      d. the case's number is lower, then
 *      e. the cluster comes earlier in the list.
 *    So a case whose primary stays a primary keeps its number (a and b
 *    hold for it alone); in a split the part holding the case's primary
 *    keeps it (b); in a merge the cluster keeps the number of the case
 *    holding its own primary (a).
 * 2. Every other cluster is a new case: max ever used + 1, in list order.
 *    Numbers are never reused.
 * 3. An earlier case no cluster continues ends, merged into the case now
 *    holding its primary, else the one holding most of its members (the
 *    lower number on a tie), else into none.
 */
#define G_LOG_DOMAIN "pr-case-numbering"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>

#include "pr-case-numbering.h"

G_DEFINE_QUARK (pr-case-numbering-error-quark, pr_case_numbering_error)

typedef struct {
  guint32 cluster;
  guint32 earlier;
  guint32 shared;
  guint8  holds_cluster_primary;  /* the case holds the cluster's primary */
  guint8  holds_case_primary;     /* the cluster holds the case's primary */
  guint32 number;
} Claim;

static int
compare_claims (const void *pa,
                const void *pb)
{
  const Claim *a = pa;
  const Claim *b = pb;

  if (a->holds_cluster_primary != b->holds_cluster_primary)
    return a->holds_cluster_primary ? -1 : 1;
  if (a->holds_case_primary != b->holds_case_primary)
    return a->holds_case_primary ? -1 : 1;
  if (a->shared != b->shared)
    return a->shared > b->shared ? -1 : 1;
  if (a->number != b->number)
    return a->number < b->number ? -1 : 1;
  if (a->cluster != b->cluster)
    return a->cluster < b->cluster ? -1 : 1;
  return 0;
}

/* Maps every member id of @cases to its index + 1, refusing a record in
 * two cases (or twice in one) and a primary that is not a member. */
static GHashTable *
index_members (const PrCaseMembers  *cases,
               gsize                 n_cases,
               gboolean              earlier,
               GError              **error)
{
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  for (gsize i = 0; i < n_cases; i++)
    {
      gboolean has_primary = FALSE;

      if (cases[i].primary_id == NULL)
        {
          g_set_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID,
                       earlier ? _("the stored case %zu has no primary record")
                               : _("cluster %zu has no primary record"),
                       earlier ? (gsize) cases[i].number : i + 1);
          return NULL;
        }
      for (gsize m = 0; m < cases[i].n_members; m++)
        {
          const char *id = cases[i].member_ids[m];

          if (id == NULL || !g_hash_table_insert (index, (gpointer) id, GSIZE_TO_POINTER (i + 1)))
            {
              g_set_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID,
                           earlier ? _("the record “%s” is a member of two stored cases (or twice of one): the "
                                       "case tables were changed outside Petition Review; restore them from a backup")
                                   : _("the record “%s” is a member of two clusters (or twice of one)"),
                           id != NULL ? id : "(null)");
              return NULL;
            }
          has_primary |= g_str_equal (id, cases[i].primary_id);
        }
      if (!has_primary)
        {
          g_set_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID,
                       earlier ? _("the primary record “%s” of the stored case %zu is not among its members")
                               : _("the primary record “%s” of cluster %zu is not among its members"),
                       cases[i].primary_id, earlier ? (gsize) cases[i].number : i + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&index);
}

static gsize
lookup (GHashTable *index,
        const char *id)
{
  return GPOINTER_TO_SIZE (g_hash_table_lookup (index, id));
}

static int
compare_ends (const void *pa,
              const void *pb)
{
  const PrCaseEnd *a = pa;
  const PrCaseEnd *b = pb;

  return a->number < b->number ? -1 : a->number > b->number;
}

/* Where an ended case went: the cluster holding its primary, else the one
 * holding most of its members, the lower number on a tie; 0 for none. */
static guint32
merged_into (const PrCaseMembers *ended,
             GHashTable          *cluster_of,
             const guint32       *numbers)
{
  g_autoptr(GHashTable) counts = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint32 best = 0, best_count = 0;
  gsize holder = lookup (cluster_of, ended->primary_id);

  if (holder != 0)
    return numbers[holder - 1];

  counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (gsize m = 0; m < ended->n_members; m++)
    {
      gsize x = lookup (cluster_of, ended->member_ids[m]);

      if (x != 0)
        {
          gpointer key_x = GUINT_TO_POINTER (numbers[x - 1]);

          g_hash_table_insert (counts, key_x,
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key_x)) + 1));
        }
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint32 number = GPOINTER_TO_UINT (key), count = GPOINTER_TO_UINT (value);

      if (count > best_count || (count == best_count && number < best))
        {
          best = number;
          best_count = count;
        }
    }
  return best;
}

/**
 * pr_case_numbering_new:
 * @earlier: (array length=n_earlier): the open cases of the last scan
 * @n_earlier: their number
 * @max_used: the largest case number ever used (0 for none)
 * @clusters: (array length=n_clusters): this scan's clusters; their
 *   number fields are not read
 * @n_clusters: their number
 * @error: return location for a #GError
 *
 * Numbers the clusters by the rules at the top of this file. The result
 * depends on the ids and the order of @clusters only, not on the order of
 * @earlier.
 *
 * Errors: %PR_CASE_NUMBERING_ERROR_INVALID when a record is in two cases
 * or two clusters, a primary is not among its members, an earlier number
 * is 0, above @max_used or given twice, or the numbers run out.
 *
 * Returns: (transfer full) (nullable): the numbering
 */
PrCaseNumbering *
pr_case_numbering_new (const PrCaseMembers  *earlier,
                       gsize                 n_earlier,
                       guint32               max_used,
                       const PrCaseMembers  *clusters,
                       gsize                 n_clusters,
                       GError              **error)
{
  g_autoptr(PrCaseNumbering) self = NULL;
  g_autoptr(GHashTable) case_of = NULL;
  g_autoptr(GHashTable) cluster_of = NULL;
  g_autoptr(GHashTable) numbers_seen = NULL;
  g_autoptr(GArray) claims = NULL;
  g_autoptr(GArray) touched = NULL;
  g_autofree guint32 *shared = NULL;
  g_autofree guint8 *taken = NULL;
  guint32 next;

  g_return_val_if_fail (earlier != NULL || n_earlier == 0, NULL);
  g_return_val_if_fail (clusters != NULL || n_clusters == 0, NULL);
  g_return_val_if_fail (n_earlier < G_MAXUINT32 && n_clusters < G_MAXUINT32, NULL);

  numbers_seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (gsize c = 0; c < n_earlier; c++)
    {
      guint32 number = earlier[c].number;

      if (number == 0 || number > max_used ||
          !g_hash_table_add (numbers_seen, GUINT_TO_POINTER (number)))
        {
          g_set_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID,
                       _("the case number %u is 0, above the largest number used (%u), or given twice"),
                       number, max_used);
          return NULL;
        }
    }
  if ((guint64) max_used + n_clusters > G_MAXUINT32)
    {
      g_set_error (error, PR_CASE_NUMBERING_ERROR, PR_CASE_NUMBERING_ERROR_INVALID,
                   _("case numbers have run out (the largest used is %u)"), max_used);
      return NULL;
    }
  case_of = index_members (earlier, n_earlier, TRUE, error);
  if (case_of == NULL)
    return NULL;
  cluster_of = index_members (clusters, n_clusters, FALSE, error);
  if (cluster_of == NULL)
    return NULL;

  /* Every (cluster, case) sharing a record is a claim. */
  claims = g_array_new (FALSE, FALSE, sizeof (Claim));
  touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  shared = g_new0 (guint32, MAX (n_earlier, 1));
  for (gsize x = 0; x < n_clusters; x++)
    {
      gsize holder = lookup (case_of, clusters[x].primary_id);

      g_array_set_size (touched, 0);
      for (gsize m = 0; m < clusters[x].n_members; m++)
        {
          gsize c = lookup (case_of, clusters[x].member_ids[m]);

          if (c == 0)
            continue;
          if (shared[c - 1]++ == 0)
            {
              guint32 c32 = c - 1;

              g_array_append_val (touched, c32);
            }
        }
      for (guint t = 0; t < touched->len; t++)
        {
          guint32 c = g_array_index (touched, guint32, t);
          Claim claim = {
            .cluster = x,
            .earlier = c,
            .shared = shared[c],
            .holds_cluster_primary = holder == (gsize) c + 1,
            .holds_case_primary = lookup (cluster_of, earlier[c].primary_id) == x + 1,
            .number = earlier[c].number,
          };

          g_array_append_val (claims, claim);
          shared[c] = 0;
        }
    }
  if (claims->len > 1)
    qsort (claims->data, claims->len, sizeof (Claim), compare_claims);

  self = g_new0 (PrCaseNumbering, 1);
  self->n_clusters = n_clusters;
  self->numbers = g_new0 (guint32, MAX (n_clusters, 1));
  self->continued = g_new0 (guint8, MAX (n_clusters, 1));
  taken = g_new0 (guint8, MAX (n_earlier, 1));
  for (guint i = 0; i < claims->len; i++)
    {
      const Claim *claim = &g_array_index (claims, Claim, i);

      if (self->continued[claim->cluster] || taken[claim->earlier])
        continue;
      self->continued[claim->cluster] = TRUE;
      self->numbers[claim->cluster] = claim->number;
      taken[claim->earlier] = TRUE;
    }

  next = max_used;
  for (gsize x = 0; x < n_clusters; x++)
    if (!self->continued[x])
      self->numbers[x] = ++next;
  self->max_number = next;

  self->ended = g_new0 (PrCaseEnd, MAX (n_earlier, 1));
  for (gsize c = 0; c < n_earlier; c++)
    if (!taken[c])
      {
        PrCaseEnd *end = &self->ended[self->n_ended++];

        end->number = earlier[c].number;
        end->merged_into = merged_into (&earlier[c], cluster_of, self->numbers);
      }
  qsort (self->ended, self->n_ended, sizeof (PrCaseEnd), compare_ends);

  g_debug ("%" G_GSIZE_FORMAT " clusters: %u new cases, %" G_GSIZE_FORMAT " cases ended",
           n_clusters, next - max_used, self->n_ended);
  return g_steal_pointer (&self);
}

void
pr_case_numbering_free (PrCaseNumbering *self)
{
  if (self == NULL)
    return;
  g_free (self->numbers);
  g_free (self->continued);
  g_free (self->ended);
  g_free (self);
}
