/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrSession: the office's kinds of repeat each cluster holds, for the
 * list's kind filter: its members next to its primary (a repeat by the
 * same person, the same matter from others, one letter sent to several
 * bodies), and whether a member's petitioner wrote on the same category
 * in other words outside it (pr-repeat-kind.c). Told for every cluster at
 * once on the scan's thread, with the rules' default periods, as the scan
 * found the clusters; told again for a cluster whose members a decision
 * changed (a split's part keeps only its own members' kinds).
 */
#define G_LOG_DOMAIN "pr-session-kinds"

#include "config.h"

#include "pr-session-private.h"

#include "pr-repeat-kind.h"

/**
 * _pr_session_tell_kinds:
 * @result: the scan's result, whose records the items' members are
 * @items: (element-type PrClusterItem): the clusters as the scan made them
 *
 * Sets each item's kinds (pr_cluster_item_set_kinds()); made on a worker
 * thread.
 */
void
_pr_session_tell_kinds (PrScanResult *result,
                        GPtrArray    *items)
{
  PrRecordSet *set = result->set;
  g_autoptr(PrCaseRules) rules = pr_case_rules_new_default ();
  g_autofree guint32 *cluster_of = g_new (guint32, MAX (set->n_records, 1));
  g_autofree guint *kinds = g_new0 (guint, MAX (items->len, 1));
  g_autoptr(GArray) same_person = NULL;

  for (gsize r = 0; r < set->n_records; r++)
    cluster_of[r] = G_MAXUINT32;
  for (guint c = 0; c < items->len; c++)
    {
      PrClusterItem *item = items->pdata[c];
      guint32 primary = pr_cluster_item_get_member (item, 0)->record;

      for (guint m = 0; m < pr_cluster_item_get_n_members (item); m++)
        {
          guint32 record = pr_cluster_item_get_member (item, m)->record;

          cluster_of[record] = c;
          if (m > 0)
            kinds[c] |= 1u << pr_repeat_kind_of_pair (set, rules, primary, record);
        }
    }
  /* A pair of one person's records in other words shares no cluster: each
   * side's cluster is marked. */
  same_person = pr_repeat_kind_same_person (set, rules, cluster_of);
  for (guint i = 0; i < same_person->len; i++)
    {
      const PrRecordPair *pair = &g_array_index (same_person, PrRecordPair, i);

      if (cluster_of[pair->earlier] != G_MAXUINT32)
        kinds[cluster_of[pair->earlier]] |= 1u << PR_REPEAT_KIND_SAME_PERSON;
      if (cluster_of[pair->later] != G_MAXUINT32)
        kinds[cluster_of[pair->later]] |= 1u << PR_REPEAT_KIND_SAME_PERSON;
    }
  for (guint c = 0; c < items->len; c++)
    pr_cluster_item_set_kinds (items->pdata[c], kinds[c]);
}

/**
 * _pr_session_retell_kinds:
 * @item: a cluster of the scan under review, after a decision changed
 *   who is in it
 *
 * Sets @item's kinds of repeat anew from its members still in it (not
 * taken out, nor split off), next to its primary, as the scan tells
 * them. Whether a member's petitioner wrote on the same category in
 * other words outside the cluster stays as the scan found it: it is
 * about the records around the cluster, which a decision does not move.
 */
void
_pr_session_retell_kinds (PrSession     *self,
                          PrClusterItem *item)
{
  PrRecordSet *set = self->result != NULL ? self->result->set : NULL;
  g_autoptr(PrCaseRules) rules = NULL;
  guint32 primary;
  guint kinds = 0;

  if (set == NULL || pr_cluster_item_get_n_members (item) == 0)
    return;
  rules = pr_case_rules_new_default ();
  primary = pr_cluster_item_get_member (item, 0)->record;
  for (guint m = 1; m < pr_cluster_item_get_n_members (item); m++)
    {
      const PrClusterMember *member = pr_cluster_item_get_member (item, m);

      if (member->state != PR_MEMBER_NOT_REPEAT)
        kinds |= 1u << pr_repeat_kind_of_pair (set, rules, primary, member->record);
    }
  if (pr_cluster_item_has_kind (item, PR_REPEAT_KIND_SAME_PERSON))
    kinds |= 1u << PR_REPEAT_KIND_SAME_PERSON;
  pr_cluster_item_set_kinds (item, kinds);
}
