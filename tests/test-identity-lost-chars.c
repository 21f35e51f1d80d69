/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A name or address from a column in GBK or latin1 that could not hold a
 * rare character keeps "?" in its place: 王堃华 and 王喆华 are both 王?华,
 * and at one address they read as one petitioner. Such a value is no
 * evidence, and counted. Oracles: the values as written here, and a scan
 * whose records share their text, category and address and differ only in
 * the lost character of the name.
 */
#define G_LOG_DOMAIN "pr-test-identity-lost-chars"

#include "config.h"

#include <string.h>

#include "pr-identity.h"
#include "pr-test-util.h"

static void
test_values (void)
{
  static const char *const lost_names[] = { "王?华", "王？华", "王\ufffd华", "?华", "王华?" };
  static const char *const lost_addresses[] = { "西?市新华街98号", "西岚市新华街９８号？", "西\ufffd市新华街98号" };
  char *normal = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (lost_names); i++)
    {
      g_test_message ("%s", lost_names[i]);
      g_assert_cmpint (pr_identity_normalize_name (lost_names[i], -1, &normal), ==, PR_IDENTITY_VALUE_INVALID);
      g_assert_null (normal);
      g_assert_cmpint (pr_identity_normalize_petitioner (lost_names[i], -1, &normal), ==, PR_IDENTITY_VALUE_INVALID);
      g_assert_null (normal);
      g_assert_true (pr_identity_has_lost_character (lost_names[i], -1));
    }
  for (guint i = 0; i < G_N_ELEMENTS (lost_addresses); i++)
    {
      g_test_message ("%s", lost_addresses[i]);
      g_assert_cmpint (pr_identity_normalize_address (lost_addresses[i], -1, &normal), ==,
                       PR_IDENTITY_VALUE_INVALID);
      g_assert_null (normal);
    }
  /* A name that is only question marks names nobody. */
  g_assert_cmpint (pr_identity_normalize_name ("?", -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
  g_assert_cmpint (pr_identity_normalize_name ("？？", -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
  g_assert_cmpint (pr_identity_normalize_petitioner ("??", -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
  /* Whole names and addresses are read as before. */
  g_assert_cmpint (pr_identity_normalize_name ("王堃华", -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (normal, ==, "王堃华");
  g_clear_pointer (&normal, g_free);
  g_assert_cmpint (pr_identity_normalize_address ("西岚市新华街98号", -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (normal, ==, "西岚市新华街98号");
  g_clear_pointer (&normal, g_free);
  g_assert_false (pr_identity_has_lost_character ("王堃华", -1));
}

/* w1, w2: 王堃华 and 王喆华 at one address, both stored 王?华: no
 * petitioner known for both. a1, a2: 李明 at 西岚市 and 李明 at 西宁市,
 * both stored 西?市. k1, k2: one person, every character kept: a repeat. */
static void
test_scan (void)
{
  static const char *const options[] = { "--no-second-stage", "--id", "id", "--text", "body", "--name", "name",
                                         "--address", "address", "--category", "cat", "--date", "date",
                                         "--min-tokens", "1", NULL };
  g_autofree char *err = NULL;
  g_autofree char *pairs = pr_test_scan_pairs ("id,body,name,address,cat,date\n"
                                               "w1,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                               "王?华,幸福路12号3单元,环境,2023-06-01\n"
                                               "w2,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                               "王?华,幸福路12号3单元,环境,2023-06-05\n"
                                               "a1,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                               "李明,西?市新华街98号,劳动,2023-06-01\n"
                                               "a2,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                               "李明,西?市新华街98号,劳动,2023-06-05\n"
                                               "k1,村里修路占用了我家的承包地至今没有任何补偿请求有关部门核实处理,"
                                               "王堃华,幸福路12号3单元,土地,2023-06-01\n"
                                               "k2,村里修路占用了我家的承包地至今没有任何补偿请求有关部门核实处理,"
                                               "王堃华,幸福路12号3单元,土地,2023-06-05\n",
                                               options, &err);

  g_assert_nonnull (strstr (pairs, "\r\nw1,w2,0,,"));
  g_assert_nonnull (strstr (pairs, "\r\na1,a2,0,,"));
  g_assert_nonnull (strstr (pairs, "\r\nk1,k2,0,repeat,"));
  g_assert_nonnull (strstr (err, "4 names, addresses or petitioner ids with a character stored as “?”"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-lost-chars/values", test_values);
  g_test_add_func ("/cli/identity-lost-chars/scan", test_scan);
  return g_test_run ();
}
