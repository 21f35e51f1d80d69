/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pr_identity_table_compare() answers most pairs from whether they share a
 * key at all; pr_identity_table_compare_by_roles() is the rule role by
 * role. Both must give the same verdict and evidence for every pair: of
 * records drawn at random from small pools of values (so that values meet,
 * front desk phones and masked values included), and of hand-built ones
 * whose verdicts are worked out from petition-rules.md.
 */
#include "config.h"

#include "pr-identity.h"

/* A few values of each role, so that random records share them often. */
static const char *const id_cards[] = { "11010519491231002X", "440524188001010014", "320106199003070012",
                                        "3501**********1234", "1101**********002X", "110105194912310021" };
static const char *const names[] = { "王伟", "李娜", "张伟", "王某某", "刘洋" };
static const char *const phones[] = { "13812345678", "13912345678", "138****5678", "010-66668888",
                                      "13700001111/13812345678", "15800002222" };
static const char *const addresses[] = { "北京市朝阳区建国路1号", "上海市浦东新区世纪大道2号", "广州市天河区体育西路3号" };
static const char *const petitioners[] = { "u1", "u2", "u3", "u4" };

static void
add_random_record (PrIdentityTable *table,
                   GRand           *rand)
{
  pr_identity_table_add_record (table);
  /* Each role: absent, or one or two values of its pool. */
#define ADD_SOME(role, pool)                                                          \
  for (int n = g_rand_int_range (rand, 0, 4) - 1; n > 0; n--)                         \
    pr_identity_table_add_value (table, role, pool[g_rand_int_range (rand, 0, G_N_ELEMENTS (pool))], -1)
  ADD_SOME (PR_IDENTITY_ID_CARD, id_cards);
  ADD_SOME (PR_IDENTITY_NAME, names);
  ADD_SOME (PR_IDENTITY_PHONE, phones);
  ADD_SOME (PR_IDENTITY_ADDRESS, addresses);
  ADD_SOME (PR_IDENTITY_PETITIONER, petitioners);
#undef ADD_SOME
}

static void
assert_all_pairs_agree (const PrIdentityTable *table,
                        guint                  counts[3])
{
  gsize n = pr_identity_table_get_n_records (table);

  for (guint32 a = 0; a < n; a++)
    for (guint32 b = 0; b < n; b++)
      {
        PrIdentityEvidence fast_evidence, slow_evidence;
        PrPetitionerKind fast = pr_identity_table_compare (table, a, b, &fast_evidence);
        PrPetitionerKind slow = pr_identity_table_compare_by_roles (table, a, b, &slow_evidence);

        if (fast != slow || fast_evidence != slow_evidence)
          g_error ("records %u and %u: %d (%s) by the shortcut, %d (%s) by the roles", a, b, fast,
                   pr_identity_evidence_to_string (fast_evidence), slow,
                   pr_identity_evidence_to_string (slow_evidence));
        g_assert_cmpint (pr_identity_table_same (table, a, b), ==, slow == PR_PETITIONER_SAME);
        counts[slow]++;
      }
}

static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  guint counts[3] = { 0 };

  for (int round = 0; round < 40; round++)
    {
      g_autoptr(PrIdentityTable) table = pr_identity_table_new ();

      for (int r = 0; r < 60; r++)
        add_random_record (table, rand);
      /* Four names on one phone: a front desk's. */
      for (guint i = 0; i < G_N_ELEMENTS (names) && round % 2 == 0; i++)
        {
          pr_identity_table_add_record (table);
          pr_identity_table_add_value (table, PR_IDENTITY_NAME, names[i], -1);
          pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "15800002222", -1);
        }
      pr_identity_table_finish (table);
      assert_all_pairs_agree (table, counts);
    }
  /* The pools make every verdict common, so each path is taken. */
  g_test_message ("same %u, other %u, unknown %u", counts[PR_PETITIONER_SAME], counts[PR_PETITIONER_OTHER],
                  counts[PR_PETITIONER_UNKNOWN]);
  g_assert_cmpuint (counts[PR_PETITIONER_SAME], >, 1000);
  g_assert_cmpuint (counts[PR_PETITIONER_OTHER], >, 1000);
  g_assert_cmpuint (counts[PR_PETITIONER_UNKNOWN], >, 1000);
}

/* Records of one petitioner id each, as a scan with --petitioner only has. */
static void
test_petitioner_only (void)
{
  g_autoptr(PrIdentityTable) table = pr_identity_table_new ();
  static const char *const values[] = { "u1", "u2", "u1", NULL };
  guint counts[3] = { 0 };
  PrIdentityEvidence evidence;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      pr_identity_table_add_record (table);
      if (values[i] != NULL)
        pr_identity_table_add_value (table, PR_IDENTITY_PETITIONER, values[i], -1);
    }
  pr_identity_table_finish (table);

  g_assert_cmpint (pr_identity_table_compare (table, 0, 2, &evidence), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_PETITIONER);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 1, &evidence), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NONE);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 3, &evidence), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (pr_identity_table_compare (table, 3, 3, &evidence), ==, PR_PETITIONER_UNKNOWN);
  assert_all_pairs_agree (table, counts);
}

/* Hand-built pairs sharing no key, where only the roles decide: different
 * names say other; a front desk phone and a different phone say nothing;
 * different masked values say nothing. */
static void
test_no_shared_key (void)
{
  g_autoptr(PrIdentityTable) table = pr_identity_table_new ();
  guint counts[3] = { 0 };

  pr_identity_table_add_record (table);  /* 0 */
  pr_identity_table_add_value (table, PR_IDENTITY_NAME, "王伟", -1);
  pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13812345678", -1);
  pr_identity_table_add_record (table);  /* 1 */
  pr_identity_table_add_value (table, PR_IDENTITY_NAME, "李娜", -1);
  pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13912345678", -1);
  pr_identity_table_add_record (table);  /* 2 */
  pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13700001111", -1);
  pr_identity_table_add_value (table, PR_IDENTITY_ADDRESS, "北京市朝阳区建国路1号", -1);
  pr_identity_table_add_record (table);  /* 3 */
  pr_identity_table_add_value (table, PR_IDENTITY_NAME, "王某某", -1);
  pr_identity_table_add_value (table, PR_IDENTITY_ID_CARD, "3501**********1234", -1);
  pr_identity_table_add_record (table);  /* 4 */
  pr_identity_table_add_value (table, PR_IDENTITY_ID_CARD, "1101**********002X", -1);
  pr_identity_table_finish (table);

  g_assert_cmpint (pr_identity_table_compare (table, 0, 1, NULL), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 2, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (pr_identity_table_compare (table, 3, 4, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 3, NULL), ==, PR_PETITIONER_UNKNOWN);
  assert_all_pairs_agree (table, counts);
}

/* Records of one value each, equal by pairs, and a front desk's phone
 * (four names on it) that two records give alone: by hand, an equal ID
 * card, petitioner id or phone is the same petitioner, an equal front
 * desk phone, name or address alone says nothing. */
static void
test_one_equal_key (void)
{
  static const struct { PrIdentityRole role; const char *value; } alone[] = {
    { PR_IDENTITY_ID_CARD, "11010519491231002X" }, { PR_IDENTITY_PETITIONER, "u1" },
    { PR_IDENTITY_PHONE, "13812345678" }, { PR_IDENTITY_PHONE, "15800002222" },
    { PR_IDENTITY_NAME, "王伟" }, { PR_IDENTITY_ADDRESS, "北京市朝阳区建国路1号" },
  };
  static const PrPetitionerKind expected[] = {
    PR_PETITIONER_SAME, PR_PETITIONER_SAME, PR_PETITIONER_SAME,
    PR_PETITIONER_UNKNOWN, PR_PETITIONER_UNKNOWN, PR_PETITIONER_UNKNOWN,
  };
  g_autoptr(PrIdentityTable) table = pr_identity_table_new ();
  guint counts[3] = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_NAME, names[i], -1);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "15800002222", -1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (alone); i++)
    for (int twice = 0; twice < 2; twice++)
      {
        pr_identity_table_add_record (table);
        pr_identity_table_add_value (table, alone[i].role, alone[i].value, -1);
      }
  pr_identity_table_finish (table);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_front_desk_phones, ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (alone); i++)
    {
      guint32 a = G_N_ELEMENTS (names) + 2 * i;

      g_test_message ("%s", alone[i].value);
      g_assert_cmpint (pr_identity_table_compare (table, a, a + 1, NULL), ==, expected[i]);
    }
  assert_all_pairs_agree (table, counts);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-shortcut/random", test_random);
  g_test_add_func ("/engine/identity-shortcut/petitioner-only", test_petitioner_only);
  g_test_add_func ("/engine/identity-shortcut/no-shared-key", test_no_shared_key);
  g_test_add_func ("/engine/identity-shortcut/one-equal-key", test_one_equal_key);
  return g_test_run ();
}
