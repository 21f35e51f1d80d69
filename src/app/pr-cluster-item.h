/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "pr-record-set.h"
#include "pr-repeat-kind.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* A member's state in its cluster, from the decision log. */
typedef enum {
  PR_MEMBER_UNDECIDED,
  PR_MEMBER_REPEAT,       /* a repeat of the primary (marked, or merged) */
  PR_MEMBER_NOT_REPEAT,   /* left the cluster */
} PrMemberState;

typedef struct {
  char          *id;
  guint32        record;     /* index in the scan's record set */
  guint32        distance;   /* to the current primary */
  PrMemberState  state;
  gint64         decision;   /* the decision that set state; 0 for none */
  PrPetitionerKind petitioner; /* next to the current primary's; unknown for the primary */
  PrIdentityEvidence evidence; /* why the same petitioner, when it is */
  gint64         date;       /* as its scan read it (PR_DATE_NONE for none): kept with the case,
                              * which may outlive its scan's record set */
  guint32        date_hash;  /* of the text the scan read date from (pr_record_set_date_hash ()) */
  gboolean       date_read;  /* whether date and date_hash are the scan's */
} PrClusterMember;

const char *pr_identity_evidence_describe (PrIdentityEvidence evidence);

#define PR_TYPE_CLUSTER_ITEM (pr_cluster_item_get_type ())
/* What the risk cell shows, in the order of the queue by risk. */
typedef enum
{
  PR_RISK_BRIDGES,
  PR_RISK_SHARED,
  PR_RISK_NONE,
  PR_RISK_NOT_RATED,
} PrRiskRank;

G_DECLARE_FINAL_TYPE (PrClusterItem, pr_cluster_item, PR, CLUSTER_ITEM, GObject)

PrClusterItem         *pr_cluster_item_new             (guint             number,
                                                        gboolean          is_case,
                                                        const char       *subject,
                                                        gint64            date);
void                   pr_cluster_item_add_member      (PrClusterItem    *item,
                                                        const char       *id,
                                                        guint32           record,
                                                        guint32           distance);
guint                  pr_cluster_item_get_number      (PrClusterItem    *item);
gboolean               pr_cluster_item_get_is_case     (PrClusterItem    *item);
char                  *pr_cluster_item_dup_name        (PrClusterItem    *item);
char                  *pr_cluster_name_format          (gboolean          is_case,
                                                        guint             number);
guint                  pr_cluster_item_get_n_members   (PrClusterItem    *item);
PrClusterMember       *pr_cluster_item_get_member      (PrClusterItem    *item,
                                                        guint             index);
int                    pr_cluster_item_find_member     (PrClusterItem    *item,
                                                        const char       *id);
const char            *pr_cluster_item_get_primary_id  (PrClusterItem    *item);
gboolean               pr_cluster_item_get_reviewed    (PrClusterItem    *item);
guint                  pr_cluster_item_get_n_decided   (PrClusterItem    *item);
guint                  pr_cluster_item_get_size        (PrClusterItem    *item);
const char            *pr_cluster_item_get_subject     (PrClusterItem    *item);
const char            *pr_cluster_item_get_subject_key (PrClusterItem    *item);
guint                  pr_cluster_item_get_max_distance (PrClusterItem   *item);
void                   pr_cluster_item_set_max_distance (PrClusterItem   *item,
                                                        guint             distance);
void                   pr_cluster_item_read_set        (PrClusterItem    *item,
                                                        const PrRecordSet *set);
guint                  pr_cluster_item_get_n_same_petitioner  (PrClusterItem *item);
guint                  pr_cluster_item_get_n_other_petitioner (PrClusterItem *item);
void                   pr_cluster_item_set_kinds       (PrClusterItem    *item,
                                                        guint             kinds);
gboolean               pr_cluster_item_has_kind        (PrClusterItem    *item,
                                                        PrRepeatKind      kind);
gboolean               pr_cluster_item_apply           (PrClusterItem    *item,
                                                        const PrDecision *decision,
                                                        const PrRecordSet *set);
void                   pr_cluster_item_add_split       (PrClusterItem    *item,
                                                        const char       *far,
                                                        const char       *near,
                                                        const char *const *side);
void                   pr_cluster_item_revert          (PrClusterItem    *item,
                                                        const PrDecision *undone,
                                                        const PrRecordSet *set);
void                   pr_cluster_item_changed         (PrClusterItem    *item);
gint64                 pr_cluster_item_get_date        (PrClusterItem    *item);
void                   pr_cluster_item_set_risk        (PrClusterItem    *item,
                                                        guint             n_bridges,
                                                        double            min_share);
gboolean               pr_cluster_item_get_risk_current (PrClusterItem   *item);
void                   pr_cluster_item_set_passages_known (PrClusterItem *item,
                                                        gboolean          known);
PrRiskRank             pr_cluster_item_get_risk_rank   (PrClusterItem    *item,
                                                        guint            *percent);
guint                  pr_cluster_item_get_n_bridges   (PrClusterItem    *item);
double                 pr_cluster_item_get_min_share   (PrClusterItem    *item);
char                  *pr_cluster_item_dup_risk        (PrClusterItem    *item);
void                   pr_cluster_item_add_taken_out   (PrClusterItem    *item,
                                                        const PrDecision *decision);
gboolean               pr_cluster_item_forget_taken_out (PrClusterItem   *item,
                                                        gint64            decision_id);
GPtrArray             *pr_cluster_item_list_taken_out  (PrClusterItem    *item);

gboolean pr_cluster_item_holds_decision (PrClusterItem *item,
                                         gint64         id);

G_END_DECLS
