/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What masked values still show (pr_identity_partial_phones(),
 * pr_identity_partial_id_card()) and the same-petitioner rule that uses it,
 * against visible parts and verdicts worked out by hand from
 * petition-rules.md: a masked value is never evidence alone, nor evidence
 * that two people differ; with an equal name (or, for a mobile, an equal
 * address) its agreeing visible part is.
 */
#include "config.h"

#include "pr-identity.h"

#include "identity-people.h"

static void
assert_phone_parts (const char *value,
                    const char *expected)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) joined = g_string_new (NULL);

  pr_identity_partial_phones (value, -1, parts, NULL);
  for (guint i = 0; i < parts->len; i++)
    g_string_append_printf (joined, "%s%s", i > 0 ? " " : "", (const char *) parts->pdata[i]);
  g_test_message ("%s", value);
  g_assert_cmpstr (joined->str, ==, expected);
}

static void
test_phone_parts (void)
{
  assert_phone_parts ("138****1234", "1381234");
  assert_phone_parts ("138xxxx1234", "1381234");
  assert_phone_parts ("\uff11\uff13\uff18\uff0a\uff0a\uff0a\uff0a\uff11\uff12\uff13\uff14", "1381234");
  assert_phone_parts ("138-1111-1234", "1381234");
  assert_phone_parts ("+86 138 1111 1234", "1381234");
  assert_phone_parts ("0086138****1234", "1381234");
  assert_phone_parts ("13800001111/138****5678", "1381111 1385678");
  /* Landlines, short masks, hotlines: nothing. */
  assert_phone_parts ("0591-87654321", "");
  assert_phone_parts ("0591-****4321", "");
  assert_phone_parts ("138****12", "");
  assert_phone_parts ("1****1234", "");
  assert_phone_parts ("12345", "");
  assert_phone_parts ("138****1234 转 8001", "");
  assert_phone_parts ("", "");
}

static void
assert_id_part (const char *value,
                const char *expected)
{
  char part[PR_IDENTITY_PARTIAL_LENGTH + 1];
  gboolean found = pr_identity_partial_id_card (value, -1, part);

  g_test_message ("%s", value);
  g_assert_cmpstr (found ? part : NULL, ==, expected);
}

static void
test_id_card_parts (void)
{
  assert_id_part ("3501**********1238", "35011238");
  assert_id_part ("350102********1238", "35011238");
  assert_id_part ("350102 ******** 1238", "35011238");
  assert_id_part ("3501**********456x", "3501456X");
  assert_id_part ("350102199001011238", "35011238");
  assert_id_part ("35010219721103456x", "3501456X");
  /* A mistyped full number (check character wrong) is no evidence at all. */
  assert_id_part ("350102199001011239", NULL);
  /* The end hidden, too short, a region starting with 0. */
  assert_id_part ("350102199001******", NULL);
  assert_id_part ("3501****1238", NULL);
  assert_id_part ("0501**********1238", NULL);
  assert_id_part ("", NULL);
}

#define HOME "南屏市新港区碧水云天5栋3单元"

static void
test_masked_evidence (void)
{
  const Person people[] = {
    /* 0, 1: one name, a mobile masked on one side: its digits agree. */
    { "吴红梅", "", "177****6921", "", "" },
    { "吴 红梅", "", "177-1038-6921", "", "" },
    /* 2, 3: both masked alike, one name. */
    { "王刚", "", "135****1706", "", "" },
    { "王刚", "", "135****1706", "", "" },
    /* 4, 5: one home, the name masked on one side, the mobile on the other. */
    { "潘*", "", "181****8099", "", HOME },
    { "潘春生", "", "18136878099", "", HOME },
    /* 6, 7: the same, but two names: a family shares the home. */
    { "潘春生", "", "181****8099", "", HOME },
    { "潘玉兰", "", "18136878099", "", HOME },
    /* 8, 9: a masked mobile alone agrees with nothing. */
    { "", "", "138****1234", "", "" },
    { "", "", "13811111234", "", "" },
    /* 10, 11: one name, an ID card masked on one side: its ends agree. */
    { "李娜", "3501**********1238", "", "", "" },
    { "李娜", "350102199001011238", "", "", "" },
    /* 12, 13: the ends agree but two full numbers differ: others. */
    { "李娜", "350102199001011238 ", "138****1234", "", "" },
    { "李娜", "350103198506071238", "13811111234", "", "" },
    /* 14, 15: the same name, masked ends that differ: nothing known. */
    { "赵静", "3501**********1238", "", "", "" },
    { "赵静", "3501**********1231", "", "", "" },
    /* 16, 17: a masked name, a mobile and a landline at one home: a person
     * has both, so different phones say nothing. */
    { "邹××", "", "15273891999", "", HOME },
    { "邹雨轩", "", "0596-61209153", "", HOME },
    /* 18, 19: two names that differ, whatever the phones. */
    { "冯伟", "", "187****8972", "", "" },
    { "张伟", "", "187-6614-8972", "", "" },
  };
  g_autoptr(PrIdentityTable) table = table_of (people, G_N_ELEMENTS (people));

  assert_pair (table, 0, 1, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE);
  assert_pair (table, 2, 3, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE);
  assert_pair (table, 4, 5, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_ADDRESS_AND_PARTIAL_PHONE);
  assert_pair (table, 6, 7, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 8, 9, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 10, 11, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_ID_CARD);
  assert_pair (table, 12, 13, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 14, 15, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 16, 17, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 18, 19, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  /* Masked values are still counted as masked, not valid. */
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_masked[PR_IDENTITY_PHONE], ==, 8);
}

/* A village secretary's mobile given by four villagers of one village is a
 * front desk's: masked, with the village's address, it names nobody; with
 * an equal name it still agrees. */
static void
test_masked_front_desk (void)
{
  const Person village[] = {
    { "赵一", "", "13912345678", "", "北泽市雁回镇前进村" },
    { "钱二", "", "13912345678", "", "北泽市雁回镇前进村" },
    { "孙三", "", "139-1234-5678", "", "北泽市雁回镇前进村" },
    { "李四", "", "13912345678", "", "北泽市雁回镇前进村" },
    { "赵*", "", "139****5678", "", "北泽市雁回镇前进村" },
    { "李四", "", "139****5678", "", "" },
  };
  g_autoptr(PrIdentityTable) table = table_of (village, G_N_ELEMENTS (village));

  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_front_desk_phones, ==, 1);
  assert_pair (table, 1, 4, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);  /* 赵* is not 钱二 */
  assert_pair (table, 0, 4, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 3, 5, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_PARTIAL_PHONE);
}

/* Two mobiles written in full that differ in the middle digits share
 * the digits a mask shows, as strangers' numbers do once in some ten
 * thousand: with nothing masked, nothing agrees "where masked". */
static void
test_full_mobiles_differ (void)
{
  const Person people[] = {
    { "李强", "", "13812345678", "", "" },
    { "李强", "", "138-9999-5678", "", "" },
    { "", "", "13812345678", "", HOME },
    { "", "", "13899995678", "", HOME },
  };
  g_autoptr(PrIdentityTable) table = table_of (people, G_N_ELEMENTS (people));

  assert_pair (table, 0, 1, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 2, 3, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/identity/partial/phones", test_phone_parts);
  g_test_add_func ("/engine/identity/partial/id-cards", test_id_card_parts);
  g_test_add_func ("/engine/identity/partial/same-petitioner", test_masked_evidence);
  g_test_add_func ("/engine/identity/partial/front-desk", test_masked_front_desk);
  g_test_add_func ("/engine/identity/partial/full-mobiles-differ", test_full_mobiles_differ);

  return g_test_run ();
}
