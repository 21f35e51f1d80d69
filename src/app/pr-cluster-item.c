/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrClusterItem: one cluster of the scan, as the review list shows it,
 * with the state its members have from the decision log. The decisions
 * that concern the cluster are kept in order and replayed on the scan's
 * clusters, so an undo is exact whatever came after.
 *
 * A split at a bridge is one decision, NOT_REPEAT of the bridge's far
 * record with its near one (a cannot-link the next scan honours). The
 * members on the far side, which only that pair held here, leave with it:
 * the session tells the item the side when the reviewer splits, and the
 * replay applies it with the decision, so undo and redo bring the whole
 * side back and send it away again. After a rescan the two sides are two
 * clusters, and the decision has no side to carry.
 *
 * Each member knows whether it comes from the primary's petitioner (a
 * repeat by the same person) or from another (the same matter raised by
 * someone else); the counts are kept, not counted when asked, because the
 * list's filter asks for each of 100,000 clusters.
 */
#define G_LOG_DOMAIN "pr-cluster-item"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pr-cluster-item.h"

#include "pr-date.h"

struct _PrClusterItem
{
  GObject  parent_instance;

  guint    number;
  gboolean is_case;             /* number is a case number (pr-store-cases.c) */
  char    *subject;
  char    *subject_key;         /* its collation key, made when first sorted by */
  gint64   date;
  guint    max_distance;
  guint    n_bridges;           /* of the pair graph (pr-session-risk.c) */
  double   min_share;           /* the least shared-passage share of a pair; -1: no pair shares passages */
  guint64  rated_members;       /* which members were in the cluster when it was rated */
  gboolean passages_unknown;    /* the scan was opened from the store, which keeps no passages */
  guint    kinds;               /* PrRepeatKind bits of its members next to the primary */
  guint    n_same_petitioner;   /* members in the cluster (not "not a repeat") */
  guint    n_other_petitioner;
  gboolean petitioners_known;   /* some member's petitioner is known next to the primary's */
  GArray  *original;    /* PrClusterMember, as the scan found them: the primary first */
  GArray  *members;     /* PrClusterMember, after the decisions */
  GPtrArray *decisions; /* PrDecision, copies */
  GPtrArray *splits;    /* Split */
  GPtrArray *taken_out; /* PrDecision, copies: verdicts that took a record out of the case
                         * before this scan, the record no longer a member */
};

/* The far side of a split: who leaves with a NOT_REPEAT of far by near. */
typedef struct {
  char  *far;
  char  *near;
  GStrv  side;
} Split;

static void
split_free (Split *split)
{
  g_free (split->far);
  g_free (split->near);
  g_strfreev (split->side);
  g_free (split);
}

G_DEFINE_FINAL_TYPE (PrClusterItem, pr_cluster_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NUMBER,
  PROP_NAME,
  PROP_SIZE,
  PROP_SUBJECT,
  PROP_DATE,
  PROP_MAX_DISTANCE,
  PROP_REVIEWED,
  PROP_STATE,
  PROP_N_SAME_PETITIONER,
  PROP_N_OTHER_PETITIONER,
  PROP_PETITIONERS,
  PROP_N_BRIDGES,
  PROP_MIN_SHARE,
  PROP_RISK,
  PROP_RISK_DETAILS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  WILL_CHANGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
member_clear (PrClusterMember *member)
{
  g_free (member->id);
}

static void
pr_cluster_item_finalize (GObject *object)
{
  PrClusterItem *self = PR_CLUSTER_ITEM (object);

  g_free (self->subject);
  g_free (self->subject_key);
  g_array_unref (self->original);
  g_array_unref (self->members);
  g_ptr_array_unref (self->decisions);
  g_ptr_array_unref (self->splits);
  g_ptr_array_unref (self->taken_out);

  G_OBJECT_CLASS (pr_cluster_item_parent_class)->finalize (object);
}

static guint
count_in_cluster (PrClusterItem *self)
{
  guint n = 0;

  for (guint i = 0; i < self->members->len; i++)
    if (g_array_index (self->members, PrClusterMember, i).state != PR_MEMBER_NOT_REPEAT)
      n++;
  return n;
}

static char *dup_risk_details (PrClusterItem *self);

/* "Reviewed", "Unreviewed", or how far a case is decided when some of its
 * records are and some not: a clerk must not take a half-done case for an
 * untouched one. */
static char *
dup_state (PrClusterItem *self)
{
  guint decided = pr_cluster_item_get_n_decided (self);
  guint others = self->members->len > 0 ? self->members->len - 1 : 0;
  /* Counted as the size is: the records in the case beside the primary,
   * those a verdict took out apart (the size leaves them out too). */
  guint taken_out = self->members->len - count_in_cluster (self);
  guint to_decide = others - taken_out;

  if (others > 0 && decided == others)
    return g_strdup (_("Reviewed"));
  if (decided == 0)
    return g_strdup (_("Unreviewed"));
  if (taken_out > 0)
    /* Translators: a case partly reviewed: records found repeats of the
     * records in the case beside the primary, and the records found
     * another matter and taken out of it, as in "1 of 3 decided, 1 taken out" */
    return g_strdup_printf (_("%u of %u decided, %u taken out"), decided - taken_out, to_decide, taken_out);
  /* Translators: a case partly reviewed: records decided of the records
   * beside the primary, as in "2 of 5 decided" */
  return g_strdup_printf (_("%u of %u decided"), decided, others);
}

static void
pr_cluster_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PrClusterItem *self = PR_CLUSTER_ITEM (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint (value, self->number);
      break;
    case PROP_NAME:
      g_value_take_string (value, pr_cluster_item_dup_name (self));
      break;
    case PROP_SIZE:
      g_value_set_uint (value, count_in_cluster (self));
      break;
    case PROP_SUBJECT:
      g_value_set_string (value, self->subject);
      break;
    case PROP_DATE:
      /* The day: the list has no room for the time. */
      g_value_take_string (value, pr_date_format_day (self->date));
      break;
    case PROP_MAX_DISTANCE:
      g_value_set_uint (value, self->max_distance);
      break;
    case PROP_REVIEWED:
      g_value_set_boolean (value, pr_cluster_item_get_reviewed (self));
      break;
    case PROP_STATE:
      g_value_take_string (value, dup_state (self));
      break;
    case PROP_N_SAME_PETITIONER:
      g_value_set_uint (value, self->n_same_petitioner);
      break;
    case PROP_N_OTHER_PETITIONER:
      g_value_set_uint (value, self->n_other_petitioner);
      break;
    case PROP_PETITIONERS:
      /* Nothing to say when the mapping names no petitioner column. */
      if (self->petitioners_known)
        /* Translators: members by the primary's petitioner / by others */
        g_value_take_string (value, g_strdup_printf (_("%u / %u"), self->n_same_petitioner,
                                                     self->n_other_petitioner));
      else
        g_value_set_static_string (value, "");
      break;
    case PROP_N_BRIDGES:
      g_value_set_uint (value, self->n_bridges);
      break;
    case PROP_MIN_SHARE:
      /* None shared sorts after any share: nothing weak to show there. */
      g_value_set_double (value, self->min_share < 0 ? 1.0 : self->min_share);
      break;
    case PROP_RISK:
      g_value_take_string (value, pr_cluster_item_dup_risk (self));
      break;
    case PROP_RISK_DETAILS:
      g_value_take_string (value, dup_risk_details (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_cluster_item_class_init (PrClusterItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pr_cluster_item_finalize;
  object_class->get_property = pr_cluster_item_get_property;

  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The number as the list shows it: "new" for a case not numbered yet. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIZE] = g_param_spec_uint ("size", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBJECT] = g_param_spec_string ("subject", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_DISTANCE] = g_param_spec_uint ("max-distance", NULL, NULL, 0, 64, 0,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVIEWED] = g_param_spec_boolean ("reviewed", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] = g_param_spec_string ("state", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* Members still in the cluster sent by the primary's petitioner, and
   * by someone else; those whose petitioner is not known count in neither. */
  properties[PROP_N_SAME_PETITIONER] = g_param_spec_uint ("n-same-petitioner", NULL, NULL, 0, G_MAXUINT, 0,
                                                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_OTHER_PETITIONER] = g_param_spec_uint ("n-other-petitioner", NULL, NULL, 0, G_MAXUINT, 0,
                                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* Both, for the list: "same / other", or empty when not known. */
  properties[PROP_PETITIONERS] = g_param_spec_string ("petitioners", NULL, NULL, NULL,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The weakest links, for the queue by risk: pairs that alone hold two
   * parts of the cluster together, and the least share of passages two
   * records share (1 when none share any). */
  properties[PROP_N_BRIDGES] = g_param_spec_uint ("n-bridges", NULL, NULL, 0, G_MAXUINT, 0,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MIN_SHARE] = g_param_spec_double ("min-share", NULL, NULL, 0, 1, 1,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RISK] = g_param_spec_string ("risk", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The same in a sentence, for the cell's tooltip. */
  properties[PROP_RISK_DETAILS] = g_param_spec_string ("risk-details", NULL, NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PrClusterItem::will-change:
   *
   * Emitted by pr_cluster_item_apply (), pr_cluster_item_revert () and
   * pr_cluster_item_add_split () before the cluster changes: whoever
   * keeps a copy of it as it was (an export under way) takes it then.
   */
  signals[WILL_CHANGE] = g_signal_new ("will-change", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);
}

static void
pr_cluster_item_init (PrClusterItem *self)
{
  self->original = g_array_new (FALSE, FALSE, sizeof (PrClusterMember));
  g_array_set_clear_func (self->original, (GDestroyNotify) member_clear);
  self->members = g_array_new (FALSE, FALSE, sizeof (PrClusterMember));
  g_array_set_clear_func (self->members, (GDestroyNotify) member_clear);
  self->decisions = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
  self->splits = g_ptr_array_new_with_free_func ((GDestroyNotify) split_free);
  self->min_share = -1;
  self->taken_out = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);
}

/**
 * pr_cluster_item_new:
 * @number: what names the cluster: its case number when @is_case (0 for
 *   a cluster that is no case yet: a regrouping's new one), else its
 *   place in the scan's list, from 1
 * @is_case: whether @number is a case number
 * @subject: (nullable): the primary record's label
 * @date: the primary record's date (unix seconds), or %PR_DATE_NONE
 */
PrClusterItem *
pr_cluster_item_new (guint       number,
                     gboolean    is_case,
                     const char *subject,
                     gint64      date)
{
  PrClusterItem *self = g_object_new (PR_TYPE_CLUSTER_ITEM, NULL);

  self->number = number;
  self->is_case = is_case;
  self->subject = g_strdup (subject != NULL ? subject : "");
  self->date = date;
  return self;
}

/* Members are added primary first, as the clustering orders them. */
void
pr_cluster_item_add_member (PrClusterItem *self,
                            const char    *id,
                            guint32        record,
                            guint32        distance)
{
  PrClusterMember member = { g_strdup (id), record, distance, PR_MEMBER_UNDECIDED, 0, PR_PETITIONER_UNKNOWN,
                             PR_IDENTITY_EVIDENCE_NONE, PR_DATE_NONE };
  PrClusterMember copy = member;

  copy.id = g_strdup (id);
  g_array_append_val (self->original, member);
  g_array_append_val (self->members, copy);
}

/**
 * pr_cluster_item_dup_name:
 * @item: a cluster
 *
 * Returns: (transfer full): the cluster's number as text, or “new” for
 *   a case that a scan has not numbered yet
 */
char *
pr_cluster_item_dup_name (PrClusterItem *self)
{
  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (self), NULL);
  return pr_cluster_name_format (self->is_case, self->number);
}

/**
 * pr_cluster_name_format:
 *
 * pr_cluster_item_dup_name () of a cluster numbered @number, a case or
 * not; for a thread that holds the number and not the item.
 */
char *
pr_cluster_name_format (gboolean is_case,
                        guint    number)
{
  if (is_case && number == 0)
    /* Translators: in place of a case number, for a cluster of a new k
     * that no scan has numbered yet */
    return g_strdup (C_("case", "new"));
  return g_strdup_printf ("%u", number);
}

gboolean
pr_cluster_item_get_is_case (PrClusterItem *self)
{
  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (self), FALSE);
  return self->is_case;
}

guint
pr_cluster_item_get_number (PrClusterItem *self)
{
  return self->number;
}

guint
pr_cluster_item_get_n_members (PrClusterItem *self)
{
  return self->members->len;
}

/* Index 0 is the primary. */
PrClusterMember *
pr_cluster_item_get_member (PrClusterItem *self,
                            guint          index)
{
  g_return_val_if_fail (index < self->members->len, NULL);
  return &g_array_index (self->members, PrClusterMember, index);
}

int
pr_cluster_item_find_member (PrClusterItem *self,
                             const char    *id)
{
  for (guint i = 0; i < self->members->len; i++)
    if (g_strcmp0 (g_array_index (self->members, PrClusterMember, i).id, id) == 0)
      return (int) i;
  return -1;
}

const char *
pr_cluster_item_get_primary_id (PrClusterItem *self)
{
  return self->members->len > 0 ? g_array_index (self->members, PrClusterMember, 0).id : NULL;
}

/* Reviewed: every member but the primary is decided. */
gboolean
pr_cluster_item_get_reviewed (PrClusterItem *self)
{
  for (guint i = 1; i < self->members->len; i++)
    if (g_array_index (self->members, PrClusterMember, i).state == PR_MEMBER_UNDECIDED)
      return FALSE;
  return self->members->len > 1;
}

/* The records beside the primary a verdict has been given on (repeat,
 * merged or not a repeat): how far the case is reviewed. */
guint
pr_cluster_item_get_n_decided (PrClusterItem *self)
{
  guint decided = 0;

  for (guint i = 1; i < self->members->len; i++)
    if (g_array_index (self->members, PrClusterMember, i).state != PR_MEMBER_UNDECIDED)
      decided++;
  return decided;
}

guint
pr_cluster_item_get_max_distance (PrClusterItem *self)
{
  return self->max_distance;
}

/* The members still in the cluster (the Records column). */
guint
pr_cluster_item_get_size (PrClusterItem *self)
{
  return count_in_cluster (self);
}

const char *
pr_cluster_item_get_subject (PrClusterItem *self)
{
  return self->subject;
}

/* The subject as the list sorts it, case folded and collated
 * (GtkStringSorter's order), made once: a sort compares each cluster
 * some twenty times. */
const char *
pr_cluster_item_get_subject_key (PrClusterItem *self)
{
  if (self->subject_key == NULL)
    {
      g_autofree char *folded = g_utf8_casefold (self->subject, -1);

      self->subject_key = g_utf8_collate_key (folded, -1);
    }
  return self->subject_key;
}

void
pr_cluster_item_set_max_distance (PrClusterItem *self,
                                  guint          distance)
{
  self->max_distance = distance;
}

/**
 * pr_identity_evidence_describe:
 * @evidence: why two records are the same petitioner's
 *
 * Returns: the evidence in the reviewer's words, or "" for none
 */
const char *
pr_identity_evidence_describe (PrIdentityEvidence evidence)
{
  switch (evidence)
    {
    /* Translators: why two records are by one petitioner; in Chinese 同一身份证号 */
    case PR_IDENTITY_EVIDENCE_ID_CARD: return C_("identity evidence", "the same ID card");
    /* Translators: in Chinese 同一电话 */
    case PR_IDENTITY_EVIDENCE_PHONE: return C_("identity evidence", "the same phone");
    /* Translators: the same petitioner id (an account); in Chinese 同一信访人编号 */
    case PR_IDENTITY_EVIDENCE_PETITIONER: return C_("identity evidence", "the same petitioner id");
    /* Translators: in Chinese 同名且同地址 */
    case PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS: return C_("identity evidence", "the same name and address");
    /* Translators: a phone many people give (a front desk's) and the same name; in Chinese 同名且同电话 */
    case PR_IDENTITY_EVIDENCE_NAME_AND_PHONE: return C_("identity evidence", "the same name and phone");
    /* Translators: a mobile written masked (138****1234) whose visible digits agree; in Chinese 同名且手机号可见部分相同 */
    case PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE: return C_("identity evidence", "the same name, a masked mobile agreeing");
    /* Translators: an ID card written masked whose visible characters agree; in Chinese 同名且身份证号可见部分相同 */
    case PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_ID_CARD:
      return C_("identity evidence", "the same name, a masked ID card agreeing");
    /* Translators: in Chinese 同地址且手机号可见部分相同 */
    case PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE:
      return C_("identity evidence", "the same address, a masked mobile agreeing");
    case PR_IDENTITY_EVIDENCE_NONE:
    default: return "";
    }
}

/* Each member's petitioner next to the first one's (the primary's). */
static void
compare_to_primary (GArray            *members,
                    const PrRecordSet *set)
{
  guint32 primary = g_array_index (members, PrClusterMember, 0).record;

  for (guint i = 0; i < members->len; i++)
    {
      PrClusterMember *m = &g_array_index (members, PrClusterMember, i);

      m->evidence = PR_IDENTITY_EVIDENCE_NONE;
      m->petitioner = i == 0 ? PR_PETITIONER_UNKNOWN
                             : pr_record_set_compare_petitioners (set, primary, m->record, &m->evidence);
    }
}

static void
count_petitioners (PrClusterItem *self)
{
  self->n_same_petitioner = 0;
  self->n_other_petitioner = 0;
  self->petitioners_known = FALSE;
  for (guint i = 1; i < self->members->len; i++)
    {
      PrClusterMember *m = &g_array_index (self->members, PrClusterMember, i);

      self->petitioners_known |= m->petitioner != PR_PETITIONER_UNKNOWN;
      /* One that is not a repeat has left the cluster. */
      if (m->state == PR_MEMBER_NOT_REPEAT)
        continue;
      self->n_same_petitioner += m->petitioner == PR_PETITIONER_SAME;
      self->n_other_petitioner += m->petitioner == PR_PETITIONER_OTHER;
    }
}

/* Each member's date as @set read it. */
static void
take_dates (GArray            *members,
            const PrRecordSet *set)
{
  for (guint i = 0; i < members->len; i++)
    {
      PrClusterMember *m = &g_array_index (members, PrClusterMember, i);

      m->date_read = set->dates != NULL && m->record < set->n_records;
      m->date = m->date_read ? set->dates[m->record] : PR_DATE_NONE;
      m->date_hash = m->date_read ? set->date_hashes[m->record] : 0;
    }
}

/**
 * pr_cluster_item_read_set:
 * @set: the scan's records, whose indices the members hold
 *
 * Takes from the scan's records, once the members are added, each
 * member's date as the scan read it (the compare view's day gap, for a
 * case of any scan, fresh or reopened), and works out which members come
 * from the primary's petitioner (see pr_record_set_petitioner_kind()).
 */
void
pr_cluster_item_read_set (PrClusterItem     *self,
                          const PrRecordSet *set)
{
  g_return_if_fail (self->original->len > 0);

  take_dates (self->original, set);
  take_dates (self->members, set);
  compare_to_primary (self->original, set);
  compare_to_primary (self->members, set);
  count_petitioners (self);
}

/* @kinds: a bit (1 << PrRepeatKind) for each kind of repeat the cluster
 * holds (pr-session-kinds.c) */
void
pr_cluster_item_set_kinds (PrClusterItem *self,
                           guint          kinds)
{
  self->kinds = kinds;
}

/* Whether the cluster holds a repeat of @kind, as the scan found it. */
gboolean
pr_cluster_item_has_kind (PrClusterItem *self,
                          PrRepeatKind   kind)
{
  return (self->kinds & (1u << kind)) != 0;
}

guint
pr_cluster_item_get_n_same_petitioner (PrClusterItem *self)
{
  return self->n_same_petitioner;
}

guint
pr_cluster_item_get_n_other_petitioner (PrClusterItem *self)
{
  return self->n_other_petitioner;
}

/* The rest of a split's far side leaves with its far record; one
 * confirmed a repeat stays (the stronger word, as in the clustering). */
static void
leave_with_split (PrClusterItem    *self,
                  const PrDecision *decision)
{
  for (guint i = 0; i < self->splits->len; i++)
    {
      Split *split = self->splits->pdata[i];

      if (g_strcmp0 (split->far, decision->record_id) != 0 || g_strcmp0 (split->near, decision->primary_id) != 0)
        continue;
      for (guint j = 0; split->side[j] != NULL; j++)
        {
          int index = pr_cluster_item_find_member (self, split->side[j]);
          PrClusterMember *member;

          if (index <= 0)
            continue;
          member = &g_array_index (self->members, PrClusterMember, index);
          if (member->state == PR_MEMBER_REPEAT)
            continue;
          member->state = PR_MEMBER_NOT_REPEAT;
          member->decision = decision->id;
        }
      return;
    }
}

/* A verdict is about a record beside one primary in one case: it holds
 * in that case, whoever is its primary now, and where no case is known on
 * either side, beside the same primary. A scan that puts the record in
 * another case, or beside another primary, leaves it undecided there; the
 * verdict stays in its history. A split's near record need not be the
 * primary. */
static gboolean
verdict_holds (PrClusterItem    *self,
               const PrDecision *decision)
{
  if (self->is_case && self->number != 0 && decision->case_number != 0)
    return decision->case_number == self->number;
  if (g_strcmp0 (decision->primary_id, pr_cluster_item_get_primary_id (self)) == 0)
    return TRUE;
  return decision->verdict == PR_VERDICT_NOT_REPEAT && pr_cluster_item_find_member (self, decision->primary_id) > 0;
}

/* The decision of this case's log with @id, or NULL. */
static const PrDecision *
find_decision (PrClusterItem *self,
               gint64         id)
{
  for (guint i = 0; i < self->decisions->len; i++)
    if (((PrDecision *) self->decisions->pdata[i])->id == id)
      return self->decisions->pdata[i];
  return NULL;
}

static void
apply_one (PrClusterItem     *self,
           const PrDecision  *decision,
           const PrRecordSet *set)
{
  int index = pr_cluster_item_find_member (self, decision->record_id);
  PrClusterMember *member;

  if (index < 0)
    return;
  member = &g_array_index (self->members, PrClusterMember, index);

  switch (decision->verdict)
    {
    case PR_VERDICT_REPEAT:
    case PR_VERDICT_MERGED:
    case PR_VERDICT_NOT_REPEAT:
      /* The primary itself is no one's repeat. */
      if (index == 0 || !verdict_holds (self, decision))
        return;
      member->state = decision->verdict == PR_VERDICT_NOT_REPEAT ? PR_MEMBER_NOT_REPEAT : PR_MEMBER_REPEAT;
      member->decision = decision->id;
      if (decision->verdict == PR_VERDICT_NOT_REPEAT)
        leave_with_split (self, decision);
      break;

    case PR_VERDICT_PRIMARY:
      {
        PrClusterMember moved = *member;

        if (index == 0)
          return;
        g_array_remove_index (self->members, index);  /* no clear func here: the id moves */
        g_array_prepend_val (self->members, moved);
        g_array_index (self->members, PrClusterMember, 0).state = PR_MEMBER_UNDECIDED;
        g_array_index (self->members, PrClusterMember, 0).decision = decision->id;
        for (guint i = 0; i < self->members->len; i++)
          {
            PrClusterMember *m = &g_array_index (self->members, PrClusterMember, i);

            m->distance = __builtin_popcountll (set->fingerprints[m->record] ^ set->fingerprints[moved.record]);
          }
        /* A repeat was judged beside the primary of then: beside
         * another record it is to be judged again, not shown as a repeat
         * of this one. Its verdict stays in its history. */
        for (guint i = 1; i < self->members->len; i++)
          {
            PrClusterMember *m = &g_array_index (self->members, PrClusterMember, i);
            const PrDecision *given = m->state == PR_MEMBER_REPEAT ? find_decision (self, m->decision) : NULL;

            if (given != NULL && g_strcmp0 (given->primary_id, moved.id) != 0)
              {
                m->state = PR_MEMBER_UNDECIDED;
                m->decision = 0;
              }
          }
        /* A repeat by the old primary's petitioner may be another's now. */
        compare_to_primary (self->members, set);
      }
      break;

    case PR_VERDICT_UNDO:
      break;
    }
}

static void
replay (PrClusterItem     *self,
        const PrRecordSet *set)
{
  GDestroyNotify clear = (GDestroyNotify) member_clear;

  g_array_set_size (self->members, 0);
  for (guint i = 0; i < self->original->len; i++)
    {
      PrClusterMember copy = g_array_index (self->original, PrClusterMember, i);

      copy.id = g_strdup (copy.id);
      g_array_append_val (self->members, copy);
    }
  /* apply_one moves members itself; it must not free their ids. */
  g_array_set_clear_func (self->members, NULL);
  for (guint i = 0; i < self->decisions->len; i++)
    apply_one (self, self->decisions->pdata[i], set);
  g_array_set_clear_func (self->members, clear);
  count_petitioners (self);
  /* The list names a cluster by its primary's subject and date: a new
   * primary brings its own. */
  if (set != NULL && self->members->len > 0)
    {
      guint32 primary = g_array_index (self->members, PrClusterMember, 0).record;

      if (primary < set->n_records)
        {
          if (set->labels != NULL)
            {
              const char *label = set->labels->pdata[primary];

              g_free (self->subject);
              self->subject = g_strdup (label != NULL ? label : "");
              g_clear_pointer (&self->subject_key, g_free);
            }
          if (set->dates != NULL)
            self->date = set->dates[primary];
        }
    }
}

/**
 * pr_cluster_item_apply:
 * @decision: a decision about a member of the cluster (not an undo)
 * @set: the scan's records (their fingerprints and petitioners), whose
 *   indices the members hold
 *
 * Returns: %TRUE if the decision concerns a member of this cluster
 */
gboolean
pr_cluster_item_apply (PrClusterItem     *self,
                       const PrDecision  *decision,
                       const PrRecordSet *set)
{
  guint at;

  g_return_val_if_fail (decision->verdict != PR_VERDICT_UNDO, FALSE);

  if (pr_cluster_item_find_member (self, decision->record_id) < 0)
    return FALSE;
  g_signal_emit (self, signals[WILL_CHANGE], 0);
  /* In log order: another reviewer's decision, seen after one of this
   * session's, may come before it in the log. */
  at = self->decisions->len;
  while (at > 0 && ((PrDecision *) self->decisions->pdata[at - 1])->id > decision->id)
    at--;
  g_ptr_array_insert (self->decisions, (gint) at, pr_decision_copy (decision));
  replay (self, set);
  return TRUE;
}

/**
 * pr_cluster_item_add_split:
 * @far: the bridge's record away from the primary
 * @near: its record on the primary's side
 * @side: the members on @far's side, @far among them
 *
 * Says who leaves the cluster with a NOT_REPEAT of @far by @near: add it
 * before the decision is applied.
 */
void
pr_cluster_item_add_split (PrClusterItem     *self,
                           const char        *far,
                           const char        *near,
                           const char *const *side)
{
  Split *split;

  g_signal_emit (self, signals[WILL_CHANGE], 0);
  /* The same split made again (after an undo) is the side as it is now. */
  for (guint i = 0; i < self->splits->len; i++)
    {
      split = self->splits->pdata[i];
      if (g_strcmp0 (split->far, far) == 0 && g_strcmp0 (split->near, near) == 0)
        {
          g_strfreev (split->side);
          split->side = g_strdupv ((char **) side);
          return;
        }
    }
  split = g_new0 (Split, 1);
  split->far = g_strdup (far);
  split->near = g_strdup (near);
  split->side = g_strdupv ((char **) side);
  g_ptr_array_add (self->splits, split);
}

/* Forgets @undone (by its id) and replays the rest. */
void
pr_cluster_item_revert (PrClusterItem     *self,
                        const PrDecision  *undone,
                        const PrRecordSet *set)
{
  for (guint i = 0; i < self->decisions->len; i++)
    if (((PrDecision *) self->decisions->pdata[i])->id == undone->id)
      {
        g_signal_emit (self, signals[WILL_CHANGE], 0);
        g_ptr_array_remove_index (self->decisions, i);
        replay (self, set);
        return;
      }
}

/* Tells the views that the members' states changed. */
void
pr_cluster_item_changed (PrClusterItem *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEWED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SAME_PETITIONER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_OTHER_PETITIONER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PETITIONERS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBJECT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATE]);
}

/* The primary's date (unix seconds), or %PR_DATE_NONE. */
gint64
pr_cluster_item_get_date (PrClusterItem *self)
{
  return self->date;
}

/* A signature of the members in the cluster (not "not a repeat"). */
static guint64
members_signature (PrClusterItem *self)
{
  guint64 sum = 0, mixed = 0;

  for (guint i = 0; i < self->members->len; i++)
    {
      const PrClusterMember *m = &g_array_index (self->members, PrClusterMember, i);

      if (m->state == PR_MEMBER_NOT_REPEAT)
        continue;
      sum += m->record;
      mixed ^= (m->record + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
    }
  /* The risky bridges are those away from the primary: another primary
   * changes them. */
  if (self->members->len > 0)
    mixed ^= ((guint64) g_array_index (self->members, PrClusterMember, 0).record + 1) *
             G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F);
  return sum ^ (mixed << 1);
}

/* Whether the members in the cluster, and its primary, are those it was
 * rated with: a verdict of "repeat" changes no link, but another primary
 * changes which bridges lie away from it. */
gboolean
pr_cluster_item_get_risk_current (PrClusterItem *self)
{
  return self->rated_members == members_signature (self);
}

/**
 * pr_cluster_item_set_risk:
 * @n_bridges: the bridges of the members' pair graph
 * @min_share: the least share of passages two linked members share, in
 *   [0, 1], or a negative number when no pair shares passages
 *
 * What the queue by risk orders by, with the largest distance to the
 * primary ("max-distance").
 */
void
pr_cluster_item_set_risk (PrClusterItem *self,
                          guint          n_bridges,
                          double         min_share)
{
  self->rated_members = members_signature (self);
  /* Without the passages the pair graph lacks the pairs they link: its
   * bridges would be too many, and are not counted. */
  self->n_bridges = self->passages_unknown ? 0 : n_bridges;
  self->min_share = self->passages_unknown || min_share < 0 ? -1 : MIN (min_share, 1.0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_BRIDGES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_SHARE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RISK]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RISK_DETAILS]);
}

/* Whether the scan compared the records' passages: one opened from the
 * store did not, and the risk says so rather than nothing. */
void
pr_cluster_item_set_passages_known (PrClusterItem *self,
                                    gboolean       known)
{
  self->passages_unknown = !known;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RISK]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RISK_DETAILS]);
}

/**
 * pr_cluster_item_get_risk_rank:
 * @percent: (out): the least share as the risk cell shows it, a whole
 *   percentage, for %PR_RISK_SHARED; else 0
 *
 * Returns: what the risk cell shows, in the order the queue by risk
 *   reads it: bridges, a least share, none shared, not rated
 */
PrRiskRank
pr_cluster_item_get_risk_rank (PrClusterItem *self,
                               guint         *percent)
{
  *percent = 0;
  if (self->passages_unknown)
    return PR_RISK_NOT_RATED;
  if (self->n_bridges > 0)
    return PR_RISK_BRIDGES;
  if (self->min_share < 0)
    return PR_RISK_NONE;
  *percent = (guint) round (100 * self->min_share);
  return PR_RISK_SHARED;
}

guint
pr_cluster_item_get_n_bridges (PrClusterItem *self)
{
  return self->n_bridges;
}

/* Returns: the least shared-passage share, or a negative number for none */
double
pr_cluster_item_get_min_share (PrClusterItem *self)
{
  return self->min_share;
}

/**
 * pr_cluster_item_dup_risk:
 *
 * Returns: (transfer full): the weakest link in a word or two, for the
 *   list's narrow column: the bridges, else the least shared-passage
 *   share, the figures the queue by risk is ordered by
 *   (pr-cluster-sorter.c); "none" for neither
 */
char *
pr_cluster_item_dup_risk (PrClusterItem *self)
{
  guint percent;

  switch (pr_cluster_item_get_risk_rank (self, &percent))
    {
    case PR_RISK_NOT_RATED:
      /* Translators: the risk column, for a scan opened from the store, which keeps no
       * passages: the weakest links are not known until a rescan; keep it short */
      return g_strdup (C_("risk", "not rated"));
    case PR_RISK_BRIDGES:
      /* Translators: the risk column: pairs that alone hold the cluster together */
      return g_strdup_printf (ngettext ("%u bridge", "%u bridges", self->n_bridges), self->n_bridges);
    case PR_RISK_SHARED:
      /* Translators: the risk column: the least share of passages two records share */
      return g_strdup_printf (_("%.0f%% shared"), (double) percent);
    case PR_RISK_NONE:
    default:
      /* Translators: the risk column: no bridge, and no pair linked by shared passages alone */
      return g_strdup (C_("risk", "none"));
    }
}

/* The weakest links in a sentence, for the risk cell's tooltip. */
static char *
dup_risk_details (PrClusterItem *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->n_bridges > 0)
    g_string_append_printf (text, ngettext ("%u bridge: a pair of records that alone holds two parts of the case together.",
                                            "%u bridges: pairs of records that alone hold two parts of the case together.",
                                            self->n_bridges), self->n_bridges);
  if (self->min_share >= 0)
    g_string_append_printf (text, _("%sThe least share of passages two linked records share: %.0f%%."),
                            text->len > 0 ? " " : "", 100 * self->min_share);
  if (self->passages_unknown)
    return g_strdup (_("Not rated: this scan was opened from the store, which keeps the fingerprints but not the "
                       "passages the records share, so the case's weakest links are not known. Rescan to rate "
                       "them."));
  if (text->len == 0)
    g_string_append (text, _("No bridge, and no records linked by shared passages alone."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * pr_cluster_item_add_taken_out:
 * @decision: a NOT_REPEAT, not undone, that took a record out of this
 *   case before this scan; the record is not a member now
 *
 * Keeps it, for the case to show apart and to restore.
 */
void
pr_cluster_item_add_taken_out (PrClusterItem    *self,
                               const PrDecision *decision)
{
  g_return_if_fail (decision->verdict == PR_VERDICT_NOT_REPEAT);
  g_ptr_array_add (self->taken_out, pr_decision_copy (decision));
}

/* Forgets the taken-out record of @decision_id (restored): %TRUE if it
 * was one. */
gboolean
pr_cluster_item_forget_taken_out (PrClusterItem *self,
                                  gint64         decision_id)
{
  for (guint i = 0; i < self->taken_out->len; i++)
    if (((PrDecision *) self->taken_out->pdata[i])->id == decision_id)
      {
        g_ptr_array_remove_index (self->taken_out, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * pr_cluster_item_list_taken_out:
 * @item: a cluster
 *
 * The records a verdict took out of the case: those of this scan (found
 * not a repeat, or split off with one) and those an earlier scan's verdict
 * kept out, in the order of their decisions.
 *
 * Returns: (transfer full) (element-type PrDecision): copies of the
 *   decisions, each with record_id set to the record taken out (a split
 *   takes out its whole far side with one decision); restoring one means
 *   undoing its decision (id)
 */
GPtrArray *
pr_cluster_item_list_taken_out (PrClusterItem *self)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) pr_decision_free);

  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (self), list);

  for (guint i = 0; i < self->taken_out->len; i++)
    g_ptr_array_add (list, pr_decision_copy (self->taken_out->pdata[i]));
  for (guint i = 1; i < self->members->len; i++)
    {
      PrClusterMember *member = &g_array_index (self->members, PrClusterMember, i);
      const PrDecision *decision;
      PrDecision *copy;

      if (member->state != PR_MEMBER_NOT_REPEAT || (decision = find_decision (self, member->decision)) == NULL)
        continue;
      copy = pr_decision_copy (decision);
      g_free (copy->record_id);
      copy->record_id = g_strdup (member->id);
      g_ptr_array_add (list, copy);
    }
  g_ptr_array_sort (list, pr_decision_compare_ids);
  return list;
}

/* Whether the decision logged as @id is applied to this cluster (made
 * about one of its members, and not undone). */
gboolean
pr_cluster_item_holds_decision (PrClusterItem *self,
                                gint64         id)
{
  g_return_val_if_fail (PR_IS_CLUSTER_ITEM (self), FALSE);
  for (guint i = 0; i < self->decisions->len; i++)
    if (((PrDecision *) self->decisions->pdata[i])->id == id)
      return TRUE;
  return FALSE;
}
