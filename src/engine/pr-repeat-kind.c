/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Which of the office's kinds a pair of records is (docs/petition-rules.md,
 * "A repeat"): the same matter from the same person is a repeat (重复件);
 * from another person, the same matter (同事异人: a hot issue, a joint
 * petition); the same person's same text sent within a few days to
 * different bodies is one letter sent to several (一信多投), which is no
 * repeat and is not counted as one. Besides the pairs the fingerprints
 * find, one person's records in one category within a season are offered
 * though their words differ ("same person, other words"): a person who
 * writes again on a matter seldom writes the same text.
 */
#define G_LOG_DOMAIN "pr-repeat-kind"

#include "config.h"

#include <stdlib.h>

#include "pr-case-columns.h"
#include "pr-repeat-kind.h"

#define SECONDS_PER_DAY G_GINT64_CONSTANT (86400)

/* Whether two dates, both known, lie at most @days apart (in whole days). */
static gboolean
within_days (gint64 a,
             gint64 b,
             guint  days)
{
  gint64 da, db;

  if (a == PR_DATE_NONE || b == PR_DATE_NONE)
    return FALSE;
  da = pr_case_day_of (a);
  db = pr_case_day_of (b);
  return (da > db ? da - db : db - da) <= (gint64) days;
}

/**
 * pr_repeat_kind_of_pair:
 * @set: the records
 * @rules: the periods (how close the copies of one letter are)
 * @earlier: the earlier record of a pair the fingerprints or passages
 *   found (a cluster's primary)
 * @later: the later one
 *
 * Returns: the pair's kind; %PR_REPEAT_KIND_NONE when who sent them is not
 *   known for both
 */
PrRepeatKind
pr_repeat_kind_of_pair (const PrRecordSet *set,
                        const PrCaseRules *rules,
                        guint32            earlier,
                        guint32            later)
{
  PrPetitionerKind who = pr_record_set_petitioner_kind (set, earlier, later);
  guint64 unit_a = pr_case_columns_get_unit (set->cases, earlier);
  guint64 unit_b = pr_case_columns_get_unit (set->cases, later);

  if (who == PR_PETITIONER_OTHER)
    return PR_REPEAT_KIND_SAME_MATTER;
  if (who != PR_PETITIONER_SAME)
    return PR_REPEAT_KIND_NONE;
  /* Without both bodies known, a copy cannot be told from a repeat. */
  if (unit_a != 0 && unit_b != 0 && unit_a != unit_b &&
      within_days (set->dates[earlier], set->dates[later], pr_case_rules_get_multi_send_days (rules)))
    return PR_REPEAT_KIND_MULTI_SEND;
  return PR_REPEAT_KIND_REPEAT;
}

/**
 * pr_repeat_disposition:
 * @set: the records
 * @rules: the rules
 * @kind: the pair's kind (pr_repeat_kind_of_pair())
 * @earlier: the earlier case's record
 * @later: the new record
 * @out_due: (out) (optional): the last day of the earlier case's step, or
 *   %PR_DATE_NONE
 *
 * Returns: what to do with @later by the rules, for a repeat (重复件)
 *   only: the same matter from another person, a copy of one letter, or a
 *   matter in other words are not repeats on the same facts, and get
 *   %PR_DISPOSITION_NONE
 */
PrDisposition
pr_repeat_disposition (const PrRecordSet *set,
                       const PrCaseRules *rules,
                       PrRepeatKind       kind,
                       guint32            earlier,
                       guint32            later,
                       gint64            *out_due)
{
  PrCaseState state;

  if (out_due != NULL)
    *out_due = PR_DATE_NONE;
  if (kind != PR_REPEAT_KIND_REPEAT || !pr_case_columns_has_status (set->cases))
    return PR_DISPOSITION_NONE;
  state = pr_case_rules_state_of (rules, pr_case_columns_get_status (set->cases, earlier));
  return pr_case_rules_dispose (rules, state, set->dates[earlier], pr_case_columns_get_accepted (set->cases, earlier),
                                set->dates[later], out_due);
}

/* Past this many members, a cluster's records are measured against its
 * primary alone: finding each one's latest earlier case is quadratic. */
#define MAX_MEMBERS_SEARCHED 4096

/**
 * pr_repeat_earlier_case:
 * @set: the records
 * @rules: the rules (how close the copies of one letter are)
 * @members: a cluster's records, its primary first
 * @n_members: how many
 * @m: a member's index in @members
 *
 * The case a member repeats: of the cluster's records dated before it
 * (on its day, listed before it) that are repeats of it by the same
 * petitioner and have a state, the latest; the primary when there is
 * none. A person who wrote again after a case was closed and whose new
 * case is being handled is reminded of that new case, not told of the
 * closed one.
 *
 * Returns: the earlier case's record
 */
guint32
pr_repeat_earlier_case (const PrRecordSet *set,
                        const PrCaseRules *rules,
                        const guint32     *members,
                        guint              n_members,
                        guint              m)
{
  guint32 later = members[m], best = members[0];
  gboolean found = FALSE;

  if (!pr_case_columns_has_status (set->cases) || n_members > MAX_MEMBERS_SEARCHED ||
      set->dates[later] == PR_DATE_NONE)
    return best;
  for (guint j = 0; j < n_members; j++)
    {
      guint32 r = members[j];

      if (j == m || set->dates[r] == PR_DATE_NONE || set->dates[r] > set->dates[later] ||
          (set->dates[r] == set->dates[later] && j > m) || pr_case_columns_get_status (set->cases, r)[0] == '\0' ||
          pr_repeat_kind_of_pair (set, rules, r, later) != PR_REPEAT_KIND_REPEAT)
        continue;
      if (!found || set->dates[r] >= set->dates[best])
        best = r;
      found = TRUE;
    }
  return best;
}

typedef struct {
  guint64 key;     /* the petitioner's and the category's keys, hashed together */
  gint64  date;
  guint32 record;
} Entry;

static int
compare_entries (const void *a,
                 const void *b)
{
  const Entry *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->date != y->date)
    return x->date < y->date ? -1 : 1;
  return x->record < y->record ? -1 : x->record > y->record;
}

static int
compare_pairs (const void *a,
               const void *b)
{
  const PrRecordPair *x = a, *y = b;

  if (x->earlier != y->earlier)
    return x->earlier < y->earlier ? -1 : 1;
  return x->later < y->later ? -1 : x->later > y->later;
}

/**
 * pr_repeat_kind_same_person:
 * @set: the records, loaded with a category and a petitioner column
 * @rules: the window (pr_case_rules_get_same_person_days())
 * @cluster_of: (nullable): per record, its cluster, or G_MAXUINT32 for
 *   none: records of one cluster are repeats already, not other words
 *
 * Returns: (transfer full) (element-type PrRecordPair): every pair of
 *   records by the same petitioner in the same category whose dates lie
 *   within the window and which share no cluster, the earlier first (by
 *   date, then by record), ordered by earlier then later; empty without
 *   a category or a petitioner column
 */
GArray *
pr_repeat_kind_same_person (const PrRecordSet *set,
                            const PrCaseRules *rules,
                            const guint32     *cluster_of)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (PrRecordPair));
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  guint days = pr_case_rules_get_same_person_days (rules);

  if (!pr_case_columns_has_category (set->cases) || set->identities == NULL)
    return pairs;

  /* One entry per record and identity value (a phone, an ID card, a name…):
   * two records by one petitioner share a value (pr-identity-table.c), so
   * they land in one run, sorted by date, and only runs' near neighbours
   * are tried; each pair is then checked by the rule itself. */
  for (gsize r = 0; r < set->n_records; r++)
    {
      guint64 category = pr_case_columns_get_category (set->cases, r);
      const guint64 *keys;
      gsize n_keys;

      if (category == 0 || set->dates[r] == PR_DATE_NONE)
        continue;
      keys = pr_identity_table_get_keys (set->identities, (guint32) r, &n_keys);
      for (gsize k = 0; k < n_keys; k++)
        {
          Entry entry = { keys[k] ^ (category * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)), set->dates[r], (guint32) r };

          g_array_append_val (entries, entry);
        }
    }
  /* g_array_sort (): an empty array's data is NULL, which qsort () may
   * not be given. */
  g_array_sort (entries, compare_entries);

  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *a = &g_array_index (entries, Entry, i);

      for (guint j = i + 1; j < entries->len; j++)
        {
          const Entry *b = &g_array_index (entries, Entry, j);
          PrRecordPair pair = { a->record, b->record };

          if (b->key != a->key || !within_days (a->date, b->date, days))
            break;
          /* The key is a hash: the category and the person are checked. */
          if (a->record == b->record ||
              pr_case_columns_get_category (set->cases, a->record) !=
                pr_case_columns_get_category (set->cases, b->record) ||
              pr_record_set_petitioner_kind (set, a->record, b->record) != PR_PETITIONER_SAME)
            continue;
          if (cluster_of != NULL && cluster_of[a->record] != G_MAXUINT32 &&
              cluster_of[a->record] == cluster_of[b->record])
            continue;
          g_array_append_val (pairs, pair);
        }
    }

  /* A pair found through two identity values is one pair. */
  g_array_sort (pairs, compare_pairs);
  {
    guint kept = 0;

    for (guint i = 0; i < pairs->len; i++)
      if (kept == 0 || compare_pairs (&g_array_index (pairs, PrRecordPair, kept - 1),
                                      &g_array_index (pairs, PrRecordPair, i)) != 0)
        g_array_index (pairs, PrRecordPair, kept++) = g_array_index (pairs, PrRecordPair, i);
    g_array_set_size (pairs, kept);
  }
  return pairs;
}

/* Returns: the kind's word in the CSV outputs, "" for none */
const char *
pr_repeat_kind_to_string (PrRepeatKind kind)
{
  switch (kind)
    {
    case PR_REPEAT_KIND_NONE: return "";
    case PR_REPEAT_KIND_REPEAT: return "repeat";
    case PR_REPEAT_KIND_SAME_MATTER: return "same-matter";
    case PR_REPEAT_KIND_MULTI_SEND: return "multi-send";
    case PR_REPEAT_KIND_SAME_PERSON: return "same-person";
    default: g_return_val_if_reached ("");
    }
}
