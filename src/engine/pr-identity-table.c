/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Every record's identity values, normalised (pr-identity.c) and hashed,
 * and the rule that says whether two records are by the same petitioner:
 *
 * - an equal valid ID card number, or an equal petitioner id: the same;
 * - an equal phone: the same, unless the two records give different ID
 *   card numbers or different names (a family's phone), or the phone is a
 *   front desk's (written with PR_IDENTITY_FRONT_DESK_NAMES names or more);
 * - an equal name: the same only with an equal address or an equal front
 *   desk phone besides, and no different ID card numbers. A name alone is
 *   never evidence: the commonest names are shared by hundreds of thousands.
 *
 * Values are compared across all columns of a role: a phone in "mobile"
 * meets the same phone in "contact". Two records are by others when they
 * give different ID cards, petitioner ids or names, or different phones
 * (with an equal name, only if their addresses differ too); else, without
 * evidence, nothing is known.
 */
#define G_LOG_DOMAIN "pr-identity-table"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-identity.h"
#include "pr-simhash.h"

/* A key is a hash of the normal form with its role in the lowest 3 bits. */
#define TAG_BITS 3
#define TAG_MASK ((guint64) 7)
#define TAG_FRONT_DESK 6  /* a phone found to be a front desk's */
G_STATIC_ASSERT (PR_IDENTITY_N_ROLES <= TAG_FRONT_DESK);

struct _PrIdentityTable
{
  GArray *keys;     /* guint64 */
  GArray *starts;   /* guint64 per record, and one past the last */
  PrIdentityStats stats;
  gboolean finished;
};

const char *
pr_identity_evidence_to_string (PrIdentityEvidence evidence)
{
  switch (evidence)
    {
    case PR_IDENTITY_EVIDENCE_NONE: return "";
    case PR_IDENTITY_EVIDENCE_ID_CARD: return "id_card";
    case PR_IDENTITY_EVIDENCE_PHONE: return "phone";
    case PR_IDENTITY_EVIDENCE_PETITIONER: return "petitioner";
    case PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS: return "name_and_address";
    case PR_IDENTITY_EVIDENCE_NAME_AND_PHONE: return "name_and_phone";
    default: g_return_val_if_reached ("");
    }
}

PrIdentityTable *
pr_identity_table_new (void)
{
  PrIdentityTable *self = g_new0 (PrIdentityTable, 1);
  guint64 zero = 0;

  self->keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (self->starts, zero);
  return self;
}

void
pr_identity_table_free (PrIdentityTable *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->keys);
  g_array_unref (self->starts);
  g_free (self);
}

/**
 * pr_identity_table_get_keys:
 * @table: a #PrIdentityTable
 * @record: a record's index
 * @n_keys: (out): how many keys it has
 *
 * Every identity value of @record as a key (a hash of its normal form,
 * tagged with its role): two records by the same petitioner share one at
 * least, so that records sorted by key meet their own (pr-repeat-kind.c).
 *
 * Returns: (transfer none) (array length=n_keys): the keys
 */
const guint64 *
pr_identity_table_get_keys (const PrIdentityTable *self,
                            guint32                record,
                            gsize                 *n_keys)
{
  const guint64 *starts;

  g_return_val_if_fail (self != NULL && record < self->starts->len - 1, (*n_keys = 0, NULL));

  starts = (const guint64 *) self->starts->data;
  *n_keys = starts[record + 1] - starts[record];
  return (const guint64 *) self->keys->data + starts[record];
}

gsize
pr_identity_table_get_n_records (const PrIdentityTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->starts->len - 1;
}

const PrIdentityStats *
pr_identity_table_get_stats (const PrIdentityTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->stats;
}

/**
 * pr_identity_table_add_record:
 * @table: a #PrIdentityTable
 *
 * Starts the next record: the values added after belong to it.
 *
 * Returns: its index
 */
guint32
pr_identity_table_add_record (PrIdentityTable *self)
{
  guint64 end;

  g_return_val_if_fail (self != NULL && !self->finished, 0);

  end = self->keys->len;
  g_array_append_val (self->starts, end);
  return self->starts->len - 2;
}

static void
add_key (PrIdentityTable *self,
         PrIdentityRole   role,
         const char      *normal)
{
  guint64 key = (pr_feature_hash (normal, strlen (normal)) & ~TAG_MASK) | (guint64) role;
  guint64 *end = &g_array_index (self->starts, guint64, self->starts->len - 1);
  guint64 start = g_array_index (self->starts, guint64, self->starts->len - 2);

  /* The same name in two columns is one value. */
  for (guint64 i = start; i < *end; i++)
    if (g_array_index (self->keys, guint64, i) == key)
      return;
  g_array_append_val (self->keys, key);
  (*end)++;
}

/**
 * pr_identity_table_add_value:
 * @table: a #PrIdentityTable
 * @role: what @value is
 * @value: a cell of the last record added
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: what @value was worth; only a valid one is kept
 */
PrIdentityValueState
pr_identity_table_add_value (PrIdentityTable *self,
                             PrIdentityRole   role,
                             const char      *value,
                             gssize           length)
{
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);
  PrIdentityValueState state;

  g_return_val_if_fail (self != NULL && !self->finished && self->starts->len >= 2, PR_IDENTITY_VALUE_EMPTY);
  g_return_val_if_fail (role > PR_IDENTITY_NONE && role < PR_IDENTITY_N_ROLES, PR_IDENTITY_VALUE_EMPTY);

  if (value == NULL)
    return PR_IDENTITY_VALUE_EMPTY;
  state = pr_identity_normalize (role, value, length, normals);
  self->stats.n_valid[role] += state == PR_IDENTITY_VALUE_VALID;
  self->stats.n_masked[role] += state == PR_IDENTITY_VALUE_MASKED;
  self->stats.n_invalid[role] += state == PR_IDENTITY_VALUE_INVALID;
  for (guint i = 0; i < normals->len; i++)
    add_key (self, role, normals->pdata[i]);
  return state;
}

typedef struct {
  guint64 phone;
  guint64 name;
} PhoneName;

static int
compare_phone_names (const void *a,
                     const void *b)
{
  const PhoneName *x = a, *y = b;

  if (x->phone != y->phone)
    return x->phone < y->phone ? -1 : 1;
  return x->name < y->name ? -1 : x->name > y->name;
}

static int
compare_keys (const void *a,
              const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/**
 * pr_identity_table_finish:
 * @table: a #PrIdentityTable with all its records
 *
 * Finds the front desks' phones: those written with
 * PR_IDENTITY_FRONT_DESK_NAMES different names or more.
 */
void
pr_identity_table_finish (PrIdentityTable *self)
{
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (PhoneName));
  g_autoptr(GArray) desks = g_array_new (FALSE, FALSE, sizeof (guint64));
  const guint64 *keys = (const guint64 *) self->keys->data;
  const guint64 *starts = (const guint64 *) self->starts->data;

  g_return_if_fail (self != NULL && !self->finished);
  self->finished = TRUE;

  for (gsize r = 0; r + 1 < self->starts->len; r++)
    for (guint64 i = starts[r]; i < starts[r + 1]; i++)
      if ((keys[i] & TAG_MASK) == PR_IDENTITY_PHONE)
        for (guint64 j = starts[r]; j < starts[r + 1]; j++)
          if ((keys[j] & TAG_MASK) == PR_IDENTITY_NAME)
            {
              PhoneName pair = { keys[i], keys[j] };

              g_array_append_val (pairs, pair);
            }
  if (pairs->len > 0)
    qsort (pairs->data, pairs->len, sizeof (PhoneName), compare_phone_names);

  for (guint i = 0; i < pairs->len;)
    {
      guint64 phone = g_array_index (pairs, PhoneName, i).phone;
      guint n_names = 0;
      guint j = i;

      for (; j < pairs->len && g_array_index (pairs, PhoneName, j).phone == phone; j++)
        n_names += j == i || g_array_index (pairs, PhoneName, j).name != g_array_index (pairs, PhoneName, j - 1).name;
      if (n_names >= PR_IDENTITY_FRONT_DESK_NAMES)
        g_array_append_val (desks, phone);
      i = j;
    }
  self->stats.n_front_desk_phones = desks->len;
  if (desks->len == 0)
    return;

  /* Sorted already, since the pairs were. */
  for (guint i = 0; i < self->keys->len; i++)
    {
      guint64 *key = &g_array_index (self->keys, guint64, i);

      if ((*key & TAG_MASK) == PR_IDENTITY_PHONE &&
          bsearch (key, desks->data, desks->len, sizeof (guint64), compare_keys) != NULL)
        *key = (*key & ~TAG_MASK) | TAG_FRONT_DESK;
    }
}

/* The tags as compared: a front desk's phone is still a phone. */
static guint
kind_of (guint64 key)
{
  guint tag = key & TAG_MASK;

  return tag == TAG_FRONT_DESK ? PR_IDENTITY_PHONE : tag;
}

/**
 * pr_identity_table_compare:
 * @table: a finished #PrIdentityTable
 * @a: a record
 * @b: another
 * @evidence: (out) (optional): why they are the same, when they are
 *
 * Returns: the same petitioner, another, or not known (the rule at the top
 *   of this file)
 */
PrPetitionerKind
pr_identity_table_compare (const PrIdentityTable *self,
                           guint32                a,
                           guint32                b,
                           PrIdentityEvidence    *evidence)
{
  const guint64 *keys, *starts;
  gboolean has_a[PR_IDENTITY_N_ROLES] = { 0 }, has_b[PR_IDENTITY_N_ROLES] = { 0 };
  gboolean equal[PR_IDENTITY_N_ROLES] = { 0 };
  gboolean desk_equal = FALSE, id_conflict, name_conflict;

  if (evidence != NULL)
    *evidence = PR_IDENTITY_EVIDENCE_NONE;
  if (self == NULL)
    return PR_PETITIONER_UNKNOWN;
  g_return_val_if_fail (a < self->starts->len - 1 && b < self->starts->len - 1, PR_PETITIONER_UNKNOWN);

  keys = (const guint64 *) self->keys->data;
  starts = (const guint64 *) self->starts->data;
  for (guint64 j = starts[b]; j < starts[b + 1]; j++)
    has_b[kind_of (keys[j])] = TRUE;
  for (guint64 i = starts[a]; i < starts[a + 1]; i++)
    {
      has_a[kind_of (keys[i])] = TRUE;
      for (guint64 j = starts[b]; j < starts[b + 1]; j++)
        if (keys[i] == keys[j])
          {
            equal[kind_of (keys[i])] = TRUE;
            desk_equal |= (keys[i] & TAG_MASK) == TAG_FRONT_DESK;
          }
    }

#define BOTH(role) (has_a[role] && has_b[role])
#define SAME_BY(why) G_STMT_START { if (evidence != NULL) *evidence = (why); return PR_PETITIONER_SAME; } G_STMT_END
  id_conflict = BOTH (PR_IDENTITY_ID_CARD) && !equal[PR_IDENTITY_ID_CARD];
  name_conflict = BOTH (PR_IDENTITY_NAME) && !equal[PR_IDENTITY_NAME];

  if (equal[PR_IDENTITY_ID_CARD])
    SAME_BY (PR_IDENTITY_EVIDENCE_ID_CARD);
  if (equal[PR_IDENTITY_PETITIONER])
    SAME_BY (PR_IDENTITY_EVIDENCE_PETITIONER);
  if (equal[PR_IDENTITY_PHONE] && !desk_equal && !id_conflict && !name_conflict)
    SAME_BY (PR_IDENTITY_EVIDENCE_PHONE);
  /* An equal phone that is not a front desk's would have answered above,
   * unless a name or an ID card stood against it. */
  if (equal[PR_IDENTITY_NAME] && !id_conflict && equal[PR_IDENTITY_ADDRESS])
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
  if (equal[PR_IDENTITY_NAME] && !id_conflict && equal[PR_IDENTITY_PHONE])
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_PHONE);

  if (id_conflict || name_conflict || (BOTH (PR_IDENTITY_PETITIONER) && !equal[PR_IDENTITY_PETITIONER]) ||
      (BOTH (PR_IDENTITY_PHONE) && !equal[PR_IDENTITY_PHONE] &&
       (!equal[PR_IDENTITY_NAME] || (BOTH (PR_IDENTITY_ADDRESS) && !equal[PR_IDENTITY_ADDRESS]))))
    return PR_PETITIONER_OTHER;
  return PR_PETITIONER_UNKNOWN;
#undef BOTH
#undef SAME_BY
}

/**
 * pr_identity_table_same:
 * @table: (nullable): a finished #PrIdentityTable
 * @a: a record
 * @b: another
 *
 * Returns: whether the evidence says one petitioner sent both
 */
gboolean
pr_identity_table_same (const PrIdentityTable *self,
                        guint32                a,
                        guint32                b)
{
  return self != NULL && pr_identity_table_compare (self, a, b, NULL) == PR_PETITIONER_SAME;
}
