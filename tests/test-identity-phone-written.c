/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Phone cells as offices write them: a label or a note in Han characters
 * beside the digits (电话：8765432, 联系电话 0591-87654321), of which only
 * the ASCII digits (after folding full-width ones) are the number's; a
 * mobile with the long-distance 0 before it (013812348000). Oracle: the
 * number as written, worked out by hand.
 */
#define G_LOG_DOMAIN "pr-test-identity-phone-written"

#include "config.h"

#include "pr-identity.h"

static void
assert_phone (const char *cell,
              const char *expected)
{
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

  g_test_message ("%s", cell);
  g_assert_cmpint (pr_identity_normalize_phones (cell, -1, normals), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (normals->len, ==, 1);
  g_assert_cmpstr (normals->pdata[0], ==, expected);
}

/* 电 is U+7535: its low byte is the digit 5, which is no digit of the
 * phone. */
static void
test_label (void)
{
  PrIdentityTable *table = pr_identity_table_new ();

  assert_phone ("\u7535\u8bdd\uff1a8765432" /* 电话：8765432 */, "s8765432");
  assert_phone ("\u7535\u8bdd13812348000" /* 电话13812348000 */, "m13812348000");
  assert_phone ("\u8054\u7cfb\u7535\u8bdd 0591-87654321" /* 联系电话 0591-87654321 */, "l059187654321");
  assert_phone ("\u529e\u516c\u7535\u8bdd\uff1a0591-87654321\u8f6c8001" /* 办公电话：0591-87654321转8001 */,
                "l059187654321-8001");

  /* Two households: 8765432 and 58765432 are two numbers. */
  pr_identity_table_add_record (table);
  pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "\u7535\u8bdd\uff1a8765432", -1);
  pr_identity_table_add_record (table);
  pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "58765432", -1);
  pr_identity_table_finish (table);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 1, NULL), ==, PR_PETITIONER_UNKNOWN);
  pr_identity_table_free (table);
}

/* No area code begins 013 to 019: the 0 is the long-distance prefix. */
static void
test_long_distance_zero (void)
{
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

  assert_phone ("013812348000", "m13812348000");
  assert_phone ("0138-1234-8000", "m13812348000");
  assert_phone ("019912345678", "m19912345678");
  /* 010 is Beijing's area code. */
  assert_phone ("010-12345678", "l01012345678");
  /* A 0 and ten digits is no mobile. */
  g_assert_cmpint (pr_identity_normalize_phones ("01380013800", -1, normals), ==, PR_IDENTITY_VALUE_INVALID);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-phone-written/label", test_label);
  g_test_add_func ("/engine/identity-phone-written/long-distance-zero", test_long_distance_zero);
  return g_test_run ();
}
