/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Records of identity values built by hand, and the same-petitioner
 * verdict asserted both ways round: for the identity tests. */
#pragma once

#include "pr-identity.h"

/* Records built by hand: each row its name, ID card, phone, second phone,
 * address. */
typedef struct {
  const char *name, *id_card, *phone, *phone2, *address;
} Person;

static inline PrIdentityTable *
table_of (const Person *people,
          guint         n)
{
  PrIdentityTable *table = pr_identity_table_new ();

  for (guint i = 0; i < n; i++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_NAME, people[i].name, -1);
      pr_identity_table_add_value (table, PR_IDENTITY_ID_CARD, people[i].id_card, -1);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, people[i].phone, -1);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, people[i].phone2, -1);
      pr_identity_table_add_value (table, PR_IDENTITY_ADDRESS, people[i].address, -1);
    }
  pr_identity_table_finish (table);
  return table;
}

static inline void
assert_pair (PrIdentityTable    *table,
             guint32             a,
             guint32             b,
             PrPetitionerKind    kind,
             PrIdentityEvidence  evidence)
{
  PrIdentityEvidence found;

  g_test_message ("records %u and %u", a, b);
  g_assert_cmpint (pr_identity_table_compare (table, a, b, &found), ==, kind);
  g_assert_cmpint (found, ==, evidence);
  g_assert_cmpint (pr_identity_table_compare (table, b, a, &found), ==, kind);
  g_assert_cmpint (found, ==, evidence);
}
