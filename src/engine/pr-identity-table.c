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
 *   A name kept for conflicts only (王先生, 王?华: pr-identity-names.c) has
 *   no key, so it is never equal, yet says who a record is not.
 * - a relative named by relation (张三之父) is another than the one named
 *   and his other relatives; beside any other name, or another's
 *   relative (张四之父), he may be its bearer, but an equal phone is then no evidence (the cell says it is a
 *   family's), an equal ID card is. So is a place among siblings (王老五)
 *   beside another name of the same surname (王小明): his family's name
 *   for him or for a brother.
 * - a masked value is never evidence alone, but what it shows can agree: a
 *   mobile's first three and last four digits (138****1234), an ID card's
 *   first four and last four (3501**********1234). An equal name with such
 *   an agreeing mobile or ID card is the same petitioner, as is an equal
 *   address with an agreeing mobile that is not a front desk's and no
 *   different names: a stranger has the same seven digits showing once in
 *   some ten thousand numbers, and seldom the same name or home besides.
 *
 * Values are compared across all columns of a role: a phone in "mobile"
 * meets the same phone in "contact". Two records are by others when they
 * give different valid ID cards, petitioner ids or names; else, without
 * evidence, nothing is known. Different phones say nothing: one person
 * has a mobile and a home phone, and offices keep up to three a person. A
 * masked value never says two people differ, but for the surname a masked
 * name shows (王某某 against 李明: pr-identity-names.c).
 */
#define G_LOG_DOMAIN "pr-identity-table"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pr-excel-number.h"
#include "pr-identity-private.h"
#include "pr-simhash.h"

/* A key is a hash of the normal form with its role in the lowest 4 bits. */
#define TAG_MASK ((guint64) 15)
#define TAG_FRONT_DESK 6          /* a phone found to be a front desk's */
#define TAG_PARTIAL_PHONE 7       /* a mobile's visible part */
#define TAG_PARTIAL_PHONE_DESK 8  /* … of a front desk's mobile */
#define TAG_PARTIAL_ID_CARD 9     /* an ID card's visible part */
/* Beside a visible part's tag: its value was masked. Two values written
 * in full agree only if whole: 13812345678 and 13899995678 show the same
 * digits where a mask would hide none, as strangers' numbers do. */
#define PARTIAL_MASKED ((guint64) 16)
#define MANY_KEYS TAG_MASK        /* no key has this tag */
G_STATIC_ASSERT (PR_IDENTITY_N_ROLES <= TAG_FRONT_DESK);
/* Beside the conflict roles: the record has a name that lost a character. */
#define HOLED_NAME (1u << 7)

struct _PrIdentityTable
{
  GArray *keys;     /* guint64 */
  GArray *starts;   /* guint64 per record, and one past the last */
  GArray *partials;        /* guint64: the visible parts' keys, apart from
                            * the keys so that records are not sorted by them */
  GArray *partial_starts;  /* guint64 per record, and one past the last */
  guint8 *conflict_roles;  /* per record once finished: the roles of its keys
                            * that say two records differ when unequal */
  guint64 *only_key;       /* per record once finished: its one key, 0 for
                            * none, MANY_KEYS for more */
  GByteArray *names;       /* every record's names, each ending in NUL: the
                            * valid ones normalised, and those that lost a
                            * character with "?" for it (王?华); %NULL once
                            * finished if none did */
  GArray *name_starts;     /* guint64 per record, and one past the last; as
                            * names */
  GArray *holed_records;   /* guint32, ascending: records with such a name */
  GByteArray *sexes;       /* per record: the sex its name cell writes
                            * (pr_identity_read_sex()), 0 for none */
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
    case PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE: return "name_and_partial_phone";
    case PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_ID_CARD: return "name_and_partial_id_card";
    case PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE: return "address_and_partial_phone";
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
  self->partials = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->partial_starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (self->partial_starts, zero);
  self->names = g_byte_array_new ();
  self->name_starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (self->name_starts, zero);
  self->holed_records = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->sexes = g_byte_array_new ();
  return self;
}

void
pr_identity_table_free (PrIdentityTable *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->keys);
  g_array_unref (self->starts);
  g_array_unref (self->partials);
  g_array_unref (self->partial_starts);
  if (self->names != NULL)
    g_byte_array_unref (self->names);
  if (self->name_starts != NULL)
    g_array_unref (self->name_starts);
  g_array_unref (self->holed_records);
  g_byte_array_unref (self->sexes);
  g_free (self->conflict_roles);
  g_free (self->only_key);
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
  end = self->partials->len;
  g_array_append_val (self->partial_starts, end);
  end = self->names->len;
  g_array_append_val (self->name_starts, end);
  g_byte_array_append (self->sexes, (const guint8 *) "", 1);
  return self->starts->len - 2;
}

static guint64
key_of (const char *normal,
        guint       tag)
{
  return (pr_feature_hash (normal, strlen (normal)) & ~(TAG_MASK | PARTIAL_MASKED)) | (guint64) tag;
}

/* Adds the key of @normal, tagged @tag, to the last record's in @keys. */
static void
add_key_to (GArray     *keys,
            GArray     *starts,
            guint       tag,
            const char *normal)
{
  guint64 key = key_of (normal, tag);
  guint64 *end = &g_array_index (starts, guint64, starts->len - 1);
  guint64 start = g_array_index (starts, guint64, starts->len - 2);

  /* The same name in two columns is one value. */
  for (guint64 i = start; i < *end; i++)
    if (g_array_index (keys, guint64, i) == key)
      return;
  g_array_append_val (keys, key);
  (*end)++;
}

static void
add_key (PrIdentityTable *self,
         PrIdentityRole   role,
         const char      *normal)
{
  add_key_to (self->keys, self->starts, role, normal);
}

/* The names of @record, one after the other: iterate with
 * `for (p = names_of (…, &end); p < end; p += strlen (p) + 1)`. */
static const char *
names_of (const PrIdentityTable *self,
          guint32                record,
          const char           **end)
{
  const guint64 *starts;
  const char *names;

  g_assert (self->names != NULL);
  starts = (const guint64 *) self->name_starts->data;
  names = (const char *) self->names->data;

  *end = names + starts[record + 1];
  return names + starts[record];
}

/* How many names the last record holds so far, in all its cells. */
static guint
names_in_last_record (const PrIdentityTable *self)
{
  const char *p, *end;
  guint n = 0;

  for (p = names_of (self, self->starts->len - 2, &end); p < end; p += strlen (p) + 1)
    n++;
  return n;
}

/* Keeps @name (normalised or with holes) as the last record's. */
static void
add_name (PrIdentityTable *self,
          const char      *name,
          gboolean         holed)
{
  guint32 record = self->starts->len - 2;
  guint64 *end = &g_array_index (self->name_starts, guint64, self->name_starts->len - 1);
  const char *p, *names_end;

  /* The same name in two columns is one value. */
  for (p = names_of (self, record, &names_end); p < names_end; p += strlen (p) + 1)
    if (strcmp (p, name) == 0)
      return;
  g_byte_array_append (self->names, (const guint8 *) name, strlen (name) + 1);
  *end = self->names->len;
  /* 张三之父, 王老五: read again when compared, as a name with holes is. */
  holed |= _pr_identity_is_relation (name, NULL) || _pr_identity_is_birth_order_name (name);
  if (holed && (self->holed_records->len == 0 ||
                g_array_index (self->holed_records, guint32, self->holed_records->len - 1) != record))
    g_array_append_val (self->holed_records, record);
}

static gboolean
has_holed_name (const PrIdentityTable *self,
                guint32                record)
{
  if (self->conflict_roles != NULL)
    return (self->conflict_roles[record] & HOLED_NAME) != 0;
  for (guint i = 0; i < self->holed_records->len; i++)
    if (g_array_index (self->holed_records, guint32, i) == record)
      return TRUE;
  return FALSE;
}

/* What the names of @a and @b say of them. */
typedef enum {
  NAMES_AGREE,     /* no names on a side, or two that may be one */
  NAMES_CONFLICT,  /* two people */
  NAMES_OPEN,      /* only a relative named by relation (张三之父) beside a
                    * name of another than the one named (张大山) or
                    * another's relative (张四之父): he may be that
                    * person, or anyone of the family; or a place
                    * among siblings (王老五) beside a name of the
                    * same surname (王小明), the same man or a brother */
} NamesSay;

/* Whether the names of @a and @b say they are two people, a name that
 * lost a character standing for any name as long and equal where it kept
 * its characters: 王?华 is not 王明, and may be 王明华. A relative named
 * by relation is not the one named (张三之父 is not 张三) nor another
 * relative of him (张三之母); beside any other name, or a relative of
 * another (张四之父: 张三 and 张四 may be brothers), he may be its bearer.
 * 王老五 may be the one registered as 王小明, or his brother. */
static NamesSay
names_conflict (const PrIdentityTable *self,
                guint32                a,
                guint32                b)
{
  const char *end_a, *end_b;
  const char *first_a = names_of (self, a, &end_a), *first_b = names_of (self, b, &end_b);
  gboolean open = FALSE;

  if (first_a == end_a || first_b == end_b)
    return NAMES_AGREE;
  for (const char *x = first_a; x < end_a; x += strlen (x) + 1)
    for (const char *y = first_b; y < end_b; y += strlen (y) + 1)
      {
        gsize whose_x, whose_y;
        gboolean rx = _pr_identity_is_relation (x, &whose_x), ry = _pr_identity_is_relation (y, &whose_y);

        if (rx != ry)
          {
            const char *relation = rx ? x : y, *other = rx ? y : x;
            gsize whose = rx ? whose_x : whose_y;

            open |= strlen (other) != whose || strncmp (relation, other, whose) != 0;
          }
        /* 张三之父, 张四之父: two brothers' father may be one man; 他爹
         * and 他爹 anyone's father, or two men. */
        else if (rx && (whose_x == 0 || whose_x != whose_y || strncmp (x, y, whose_x) != 0))
          open = TRUE;
        else if (pr_identity_names_may_agree (x, y))
          return NAMES_AGREE;
        /* 王老五, 王小明: one man may be both, at his family's phone. */
        else if (!rx && _pr_identity_may_be_birth_order_of (x, y))
          open = TRUE;
      }
  return open ? NAMES_OPEN : NAMES_CONFLICT;
}

/* What a masked phone or ID card still shows, and the same part of a full one. */
static void
add_partials (PrIdentityTable      *self,
              PrIdentityRole        role,
              const char           *value,
              gssize                length,
              PrIdentityValueState  state)
{
  if (role == PR_IDENTITY_PHONE)
    {
      g_autoptr(GPtrArray) partials = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) masked = g_array_new (FALSE, FALSE, sizeof (gboolean));

      pr_identity_partial_phones (value, length, partials, masked);
      for (guint i = 0; i < partials->len; i++)
        add_key_to (self->partials, self->partial_starts,
                    TAG_PARTIAL_PHONE | (g_array_index (masked, gboolean, i) ? PARTIAL_MASKED : 0),
                    partials->pdata[i]);
    }
  else if (role == PR_IDENTITY_ID_CARD)
    {
      char partial[PR_IDENTITY_PARTIAL_LENGTH + 1];

      if (pr_identity_partial_id_card (value, length, partial))
        add_key_to (self->partials, self->partial_starts,
                    TAG_PARTIAL_ID_CARD | (state == PR_IDENTITY_VALUE_MASKED ? PARTIAL_MASKED : 0), partial);
    }
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
  gboolean no_home = FALSE;

  g_return_val_if_fail (self != NULL && !self->finished && self->starts->len >= 2, PR_IDENTITY_VALUE_EMPTY);
  g_return_val_if_fail (role > PR_IDENTITY_NONE && role < PR_IDENTITY_N_ROLES, PR_IDENTITY_VALUE_EMPTY);

  if (value == NULL)
    return PR_IDENTITY_VALUE_EMPTY;
  if (role == PR_IDENTITY_ADDRESS)
    {
      char *normal = NULL;

      state = pr_identity_normalize_address_full (value, length, &normal, &no_home);
      if (normal != NULL)
        g_ptr_array_add (normals, normal);
    }
  else if (role == PR_IDENTITY_NAME)
    {
      g_autoptr(GPtrArray) conflict_only = g_ptr_array_new_with_free_func (g_free);

      guint8 *sex = &self->sexes->data[self->sexes->len - 1];
      guint8 written = pr_identity_read_sex (value, length);

      state = pr_identity_read_names (value, length, normals, conflict_only);
      /* Two name cells of one record that write two sexes write none. */
      if (written != 0)
        *sex = *sex == 0 || *sex == written ? written : 0xFF;
      for (guint i = 0; i < normals->len; i++)
        add_name (self, normals->pdata[i], FALSE);
      /* 王先生, 王?华: no key, so never evidence; kept to say who they are not. */
      for (guint i = 0; i < conflict_only->len; i++)
        add_name (self, conflict_only->pdata[i], TRUE);
      /* A record of several people (王小明、李华（女）, or an agent's
       * column beside the principal's) writes no one's sex. */
      if (names_in_last_record (self) > 1)
        *sex = 0xFF;
    }
  else
    state = pr_identity_normalize (role, value, length, normals);
  self->stats.n_valid[role] += state == PR_IDENTITY_VALUE_VALID;
  /* An address naming no home is counted apart from the masks: nothing
   * of it is hidden. */
  self->stats.n_masked[role] += state == PR_IDENTITY_VALUE_MASKED && !no_home;
  self->stats.n_no_home += no_home;
  self->stats.n_invalid[role] += state == PR_IDENTITY_VALUE_INVALID;
  if (state == PR_IDENTITY_VALUE_INVALID && role != PR_IDENTITY_PHONE && role != PR_IDENTITY_ID_CARD)
    self->stats.n_lost[role] += pr_identity_has_lost_character (value, length);
  if (state == PR_IDENTITY_VALUE_INVALID && role != PR_IDENTITY_NAME && role != PR_IDENTITY_ADDRESS)
    {
      /* A cell of several phones counts once. */
      g_autofree char *cell = g_strndup (value, length < 0 ? strlen (value) : (gsize) length);
      g_auto(GStrv) pieces = g_regex_split_simple ("[/,;|、或\\\\\n\r，；]", cell, 0, 0);

      for (guint i = 0; pieces[i] != NULL; i++)
        if (pr_excel_is_scientific (pieces[i], -1))
          {
            self->stats.n_scientific[role]++;
            break;
          }
    }
  for (guint i = 0; i < normals->len; i++)
    add_key (self, role, normals->pdata[i]);
  if (state == PR_IDENTITY_VALUE_VALID || state == PR_IDENTITY_VALUE_MASKED)
    add_partials (self, role, value, length, state);
  return state;
}

typedef struct {
  guint64 phone;
  guint64 name;
  const char *text;  /* the name */
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

#define CONFLICT_ROLES ((1u << PR_IDENTITY_ID_CARD) | (1u << PR_IDENTITY_NAME) | (1u << PR_IDENTITY_PETITIONER))
G_STATIC_ASSERT (PR_IDENTITY_N_ROLES <= 8);

/* Called at the end of pr_identity_table_finish(), when the front desks'
 * phones are retagged. */
static void
conflict_roles_make (PrIdentityTable *self)
{
  const guint64 *keys = (const guint64 *) self->keys->data;
  const guint64 *starts = (const guint64 *) self->starts->data;
  gsize n = self->starts->len - 1;

  self->conflict_roles = g_new0 (guint8, MAX (n, 1));
  self->only_key = g_new0 (guint64, MAX (n, 1));
  for (gsize r = 0; r < n; r++)
    self->only_key[r] = starts[r + 1] - starts[r] == 0 ? 0 : starts[r + 1] - starts[r] == 1 ? keys[starts[r]] : MANY_KEYS;
  for (gsize r = 0; r < n; r++)
    for (guint64 i = starts[r]; i < starts[r + 1]; i++)
      {
        guint tag = keys[i] & TAG_MASK;

        if (tag < PR_IDENTITY_N_ROLES)
          self->conflict_roles[r] |= (1u << tag) & CONFLICT_ROLES;
      }
  for (guint i = 0; i < self->holed_records->len; i++)
    self->conflict_roles[g_array_index (self->holed_records, guint32, i)] |= HOLED_NAME;
}

/* Makes the conflict roles; without a name that lost a character the
 * names are read no more (only names_conflict() reads them after), so
 * they are freed. */
static void
finish_names (PrIdentityTable *self)
{
  conflict_roles_make (self);
  if (self->holed_records->len == 0)
    {
      g_clear_pointer (&self->names, g_byte_array_unref);
      g_clear_pointer (&self->name_starts, g_array_unref);
    }
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
  const guint64 *partials = (const guint64 *) self->partials->data;
  const guint64 *partial_starts = (const guint64 *) self->partial_starts->data;
  guint n_desks = 0;

  g_return_if_fail (self != NULL && !self->finished);
  self->finished = TRUE;

  /* A mobile's visible part counts its names as the whole number does. A
   * name that lost a character (王?华) counts too, unless it may be one of
   * the phone's full names (王明华). */
  for (gsize r = 0; r + 1 < self->starts->len; r++)
    {
      const char *end;

      for (const char *name = names_of (self, r, &end); name < end; name += strlen (name) + 1)
        {
          guint64 name_key = key_of (name, PR_IDENTITY_NAME);

          for (guint64 i = starts[r]; i < starts[r + 1]; i++)
            if ((keys[i] & TAG_MASK) == PR_IDENTITY_PHONE)
              {
                PhoneName pair = { keys[i], name_key, name };

                g_array_append_val (pairs, pair);
              }
          for (guint64 i = partial_starts[r]; i < partial_starts[r + 1]; i++)
            if ((partials[i] & TAG_MASK) == TAG_PARTIAL_PHONE)
              {
                PhoneName pair = { partials[i] & ~PARTIAL_MASKED, name_key, name };

                g_array_append_val (pairs, pair);
              }
        }
    }
  if (pairs->len > 0)
    qsort (pairs->data, pairs->len, sizeof (PhoneName), compare_phone_names);

  for (guint i = 0; i < pairs->len;)
    {
      guint64 phone = g_array_index (pairs, PhoneName, i).phone;
      guint n_names = 0;
      guint j = i;

      for (; j < pairs->len && g_array_index (pairs, PhoneName, j).phone == phone; j++)
        {
          const PhoneName *pair = &g_array_index (pairs, PhoneName, j);

          if (j > i && pair->name == pair[-1].name)
            continue;
          if (strchr (pair->text, '?') != NULL)
            {
              gboolean full_one = FALSE;

              for (guint k = i; k < pairs->len && g_array_index (pairs, PhoneName, k).phone == phone && !full_one; k++)
                {
                  const char *other = g_array_index (pairs, PhoneName, k).text;

                  full_one = strchr (other, '?') == NULL && pr_identity_names_may_agree (pair->text, other);
                }
              if (full_one)
                continue;
            }
          n_names++;
        }
      if (n_names >= PR_IDENTITY_FRONT_DESK_NAMES)
        {
          g_array_append_val (desks, phone);
          n_desks += (phone & TAG_MASK) == PR_IDENTITY_PHONE;
        }
      i = j;
    }
  self->stats.n_front_desk_phones = n_desks;
  if (desks->len == 0)
    {
      finish_names (self);
      return;
    }

  /* Sorted already, since the pairs were. */
  for (guint i = 0; i < self->keys->len; i++)
    {
      guint64 *key = &g_array_index (self->keys, guint64, i);

      if ((*key & TAG_MASK) == PR_IDENTITY_PHONE &&
          bsearch (key, desks->data, desks->len, sizeof (guint64), compare_keys) != NULL)
        *key = (*key & ~TAG_MASK) | TAG_FRONT_DESK;
    }
  for (guint i = 0; i < self->partials->len; i++)
    {
      guint64 *key = &g_array_index (self->partials, guint64, i);
      guint64 bare = *key & ~PARTIAL_MASKED;

      if ((*key & TAG_MASK) == TAG_PARTIAL_PHONE &&
          bsearch (&bare, desks->data, desks->len, sizeof (guint64), compare_keys) != NULL)
        *key = (*key & ~TAG_MASK) | TAG_PARTIAL_PHONE_DESK;
    }
  finish_names (self);
}

/* Whether @a and @b share a visible part tagged @tag (either of @tag and
 * @desk_tag, unless @desk_tag is 0), masked on one side at least. */
static gboolean
partials_agree (const PrIdentityTable *self,
                guint32                a,
                guint32                b,
                guint                  tag,
                guint                  desk_tag)
{
  const guint64 *partials = (const guint64 *) self->partials->data;
  const guint64 *starts = (const guint64 *) self->partial_starts->data;

  for (guint64 i = starts[a]; i < starts[a + 1]; i++)
    {
      guint t = partials[i] & TAG_MASK;

      if (t != tag && (desk_tag == 0 || t != desk_tag))
        continue;
      for (guint64 j = starts[b]; j < starts[b + 1]; j++)
        if (((partials[j] ^ partials[i]) & ~PARTIAL_MASKED) == 0 && ((partials[j] | partials[i]) & PARTIAL_MASKED))
          return TRUE;
    }
  return FALSE;
}

/* The tags as compared: a front desk's phone is still a phone. */
static guint
kind_of (guint64 key)
{
  guint tag = key & TAG_MASK;

  return tag == TAG_FRONT_DESK ? PR_IDENTITY_PHONE : tag;
}

/* Whether the name cells of @a and @b write two sexes (王小明 男, 王小明
 * 女): two people, whatever else they share but an ID card. */
static gboolean
sexes_differ (const PrIdentityTable *self,
              guint32                a,
              guint32                b)
{
  guint8 x = self->sexes->data[a], y = self->sexes->data[b];

  return x != 0 && y != 0 && x != 0xFF && y != 0xFF && x != y;
}

/**
 * pr_identity_table_compare_by_roles:
 * @table: a finished #PrIdentityTable
 * @a: a record
 * @b: another
 * @evidence: (out) (optional): why they are the same, when they are
 *
 * pr_identity_table_compare() role by role, with no shortcut: the rule
 * as written, which the tests hold the shortcut to.
 *
 * Returns: the same petitioner, another, or not known
 */
PrPetitionerKind
pr_identity_table_compare_by_roles (const PrIdentityTable *self,
                                    guint32                a,
                                    guint32                b,
                                    PrIdentityEvidence    *evidence)
{
  const guint64 *keys, *starts;
  gboolean has_a[PR_IDENTITY_N_ROLES] = { 0 }, has_b[PR_IDENTITY_N_ROLES] = { 0 };
  gboolean equal[PR_IDENTITY_N_ROLES] = { 0 };
  gboolean desk_equal = FALSE, id_conflict, name_conflict, family = FALSE;

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
  if (self->holed_records->len > 0 && (has_holed_name (self, a) || has_holed_name (self, b)))
    {
      NamesSay say = names_conflict (self, a, b);

      name_conflict = say == NAMES_CONFLICT;
      /* A family's phone: the cell names one of the family, the other
       * record another name; the phone cannot tell which of them. */
      family = say == NAMES_OPEN;
    }
  else
    name_conflict = BOTH (PR_IDENTITY_NAME) && !equal[PR_IDENTITY_NAME];

  if (equal[PR_IDENTITY_ID_CARD])
    SAME_BY (PR_IDENTITY_EVIDENCE_ID_CARD);
  if (equal[PR_IDENTITY_PETITIONER])
    SAME_BY (PR_IDENTITY_EVIDENCE_PETITIONER);
  if (sexes_differ (self, a, b))
    return PR_PETITIONER_OTHER;
  if (equal[PR_IDENTITY_PHONE] && !desk_equal && !id_conflict && !name_conflict && !family)
    SAME_BY (PR_IDENTITY_EVIDENCE_PHONE);
  /* An equal phone that is not a front desk's would have answered above,
   * unless a name or an ID card stood against it. */
  if (equal[PR_IDENTITY_NAME] && !id_conflict && equal[PR_IDENTITY_ADDRESS])
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
  if (equal[PR_IDENTITY_NAME] && !id_conflict && equal[PR_IDENTITY_PHONE])
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_PHONE);
  /* What masked values show, with an equal name or address: the visible
   * parts agree, and nothing unmasked stands against them. */
  if (equal[PR_IDENTITY_NAME] && !id_conflict &&
      partials_agree (self, a, b, TAG_PARTIAL_PHONE, TAG_PARTIAL_PHONE_DESK))
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE);
  if (equal[PR_IDENTITY_NAME] && !id_conflict && partials_agree (self, a, b, TAG_PARTIAL_ID_CARD, 0))
    SAME_BY (PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_ID_CARD);
  if (equal[PR_IDENTITY_ADDRESS] && !id_conflict && !name_conflict && !family &&
      partials_agree (self, a, b, TAG_PARTIAL_PHONE, 0))
    SAME_BY (PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE);

  if (id_conflict || name_conflict || (BOTH (PR_IDENTITY_PETITIONER) && !equal[PR_IDENTITY_PETITIONER]))
    return PR_PETITIONER_OTHER;
  return PR_PETITIONER_UNKNOWN;
#undef BOTH
#undef SAME_BY
}

/* Whether @a and @b have a key in common. */
static inline gboolean
share_a_key (const guint64 *keys,
             const guint64 *starts,
             guint32        a,
             guint32        b)
{
  for (guint64 i = starts[a]; i < starts[a + 1]; i++)
    for (guint64 j = starts[b]; j < starts[b + 1]; j++)
      if (keys[i] == keys[j])
        return TRUE;
  return FALSE;
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
  if (evidence != NULL)
    *evidence = PR_IDENTITY_EVIDENCE_NONE;
  if (self == NULL)
    return PR_PETITIONER_UNKNOWN;
  g_return_val_if_fail (a < self->starts->len - 1 && b < self->starts->len - 1, PR_PETITIONER_UNKNOWN);

  /* Grouping asks this of every candidate pair, and most share no value.
   * Every way to be the same needs an equal key (an equal name or address
   * at least beside a masked value's part); without one, only a role both
   * give unequal can say they differ. */
#define SAME_BY(why) G_STMT_START { if (evidence != NULL) *evidence = (why); return PR_PETITIONER_SAME; } G_STMT_END
  if (self->only_key != NULL && ((self->conflict_roles[a] | self->conflict_roles[b]) & HOLED_NAME) == 0 &&
      !sexes_differ (self, a, b))
    {
      guint64 ka = self->only_key[a], kb = self->only_key[b];

      /* Most records have one key at most (a scan with --petitioner only):
       * one array read for the pair. */
      if (ka != MANY_KEYS && kb != MANY_KEYS)
        {
          if (ka != kb)
            return ka != 0 && (ka & TAG_MASK) == (kb & TAG_MASK) && ((1u << (ka & TAG_MASK)) & CONFLICT_ROLES) != 0
                   ? PR_PETITIONER_OTHER : PR_PETITIONER_UNKNOWN;
          /* One equal key and no other: enough for these roles alone (a
           * name or an address also asks the masked values' parts). */
          switch (ka & TAG_MASK)
            {
            case PR_IDENTITY_ID_CARD:
              SAME_BY (PR_IDENTITY_EVIDENCE_ID_CARD);
            case PR_IDENTITY_PETITIONER:
              SAME_BY (PR_IDENTITY_EVIDENCE_PETITIONER);
            case PR_IDENTITY_PHONE:
              SAME_BY (PR_IDENTITY_EVIDENCE_PHONE);
            case TAG_FRONT_DESK:
              return PR_PETITIONER_UNKNOWN;
            default:
              break;
            }
        }
      else if (!share_a_key ((const guint64 *) self->keys->data, (const guint64 *) self->starts->data, a, b))
        return (self->conflict_roles[a] & self->conflict_roles[b]) != 0 ? PR_PETITIONER_OTHER : PR_PETITIONER_UNKNOWN;
    }
  return pr_identity_table_compare_by_roles (self, a, b, evidence);
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
