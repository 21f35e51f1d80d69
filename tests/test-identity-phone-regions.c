/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Phones a person writes that are no mainland number: Hong Kong's and
 * Macau's 8 digits after +852 or +853, Taiwan's 8 or 9 after +886; and two
 * numbers in one cell apart only by a space. Each is a person's number
 * and so evidence of who wrote; a Hong Kong number written two ways is one
 * number, and never the mainland local number of the same 8 digits.
 * Oracles: the normal forms worked by hand from the digits as written
 * here (i, the region's code, its digits; m, l, s for mainland numbers),
 * and a scan whose records share their text and differ only in who wrote.
 */
#define G_LOG_DOMAIN "pr-test-identity-phone-regions"

#include "config.h"

#include <string.h>

#include "pr-identity.h"
#include "pr-test-util.h"

/* @written read as the numbers @expected, NULL-terminated (none: invalid). */
static void
assert_phones (const char        *written,
               const char *const *expected)
{
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);
  guint n = expected != NULL ? g_strv_length ((char **) expected) : 0;

  g_test_message ("%s", written);
  g_assert_cmpint (pr_identity_normalize_phones (written, -1, normals), ==,
                   n > 0 ? PR_IDENTITY_VALUE_VALID : PR_IDENTITY_VALUE_INVALID);
  g_assert_cmpuint (normals->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (normals->pdata[i], ==, expected[i]);
}

#define PHONES(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void
test_regions (void)
{
  PrPhoneKind kind = PR_PHONE_MOBILE;

  assert_phones ("+852 9123 4567", PHONES ("i85291234567"));
  assert_phones ("00852-91234567", PHONES ("i85291234567"));
  assert_phones ("＋８５２ ９１２３ ４５６７", PHONES ("i85291234567"));
  assert_phones ("+852 2123 4567 转 8001", PHONES ("i85221234567-8001"));
  assert_phones ("+853 6612 3456", PHONES ("i85366123456"));
  assert_phones ("00853 2888 1234", PHONES ("i85328881234"));
  assert_phones ("+886 912 345 678", PHONES ("i886912345678"));
  /* The area code's 0 written after the region's code. */
  assert_phones ("+886 0912 345 678", PHONES ("i886912345678"));
  assert_phones ("+886 2 2345 6789", PHONES ("i886223456789"));
  /* The mainland local number of the same 8 digits is another number. */
  assert_phones ("9123 4567", PHONES ("s91234567"));
  g_assert_cmpint (pr_identity_normalize_phone ("+852 9123 4567", -1, NULL, &kind), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (kind, ==, PR_PHONE_REGION);

  /* No number: too few or too many digits, a Hong Kong number from 1, a
   * code not written as a code (852 9123 4567 may be anything). */
  assert_phones ("+852 912 3456", NULL);
  assert_phones ("+852 9123 45678", NULL);
  assert_phones ("+852 1123 4567", NULL);
  assert_phones ("+853 6612 34567", NULL);
  assert_phones ("+886 9123 456 789", NULL);
  assert_phones ("852 9123 4567", NULL);
}

static void
test_apart_by_spaces (void)
{
  assert_phones ("13812348000 13900139000", PHONES ("m13812348000", "m13900139000"));
  assert_phones ("13812348000\u300013900139000", PHONES ("m13812348000", "m13900139000"));
  /* Groups of digits join into whole numbers. */
  assert_phones ("138 1234 8000 139 0013 9000", PHONES ("m13812348000", "m13900139000"));
  assert_phones ("0591 87654321 13812348000", PHONES ("l059187654321", "m13812348000"));
  assert_phones ("+852 9123 4567 13812348000", PHONES ("i85291234567", "m13812348000"));
  assert_phones ("13812348000 13900139000/13700137000", PHONES ("m13812348000", "m13900139000", "m13700137000"));
  /* Two ways to read (2345678 and 92345678, or 23456789 and 2345678):
   * no guess. */
  assert_phones ("2345678 9 2345678", NULL);
  /* A group that is no number leaves the whole no number. */
  assert_phones ("13812348000 12345", NULL);
  /* One number written in groups stays one. */
  assert_phones ("138 1234 8000", PHONES ("m13812348000"));
  assert_phones ("0591 8765 4321", PHONES ("l059187654321"));
}

/* Records of one text and one category, told apart by their phones
 * alone: one person's letters are a repeat (重复件); letters under two
 * numbers are not known to be one person's (a person may have two
 * numbers), so they have no kind. */
static void
test_scan (void)
{
  static const char *const options[] = { "--no-second-stage", "--id", "id", "--text", "body", "--phone", "phone",
                                         "--category", "cat", "--date", "date", "--min-tokens", "1", NULL };
  g_autofree char *err = NULL;
  g_autofree char *pairs = pr_test_scan_pairs ("id,body,phone,cat,date\n"
                                               "h1,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                               "+852 9123 4567,环境,2023-06-01\n"
                                               "h2,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                               "00852-91234567,环境,2023-06-05\n"
                                               "h3,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                               "9123 4567,环境,2023-06-08\n"
                                               "s1,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                               "13812348000 13900139000,劳动,2023-06-01\n"
                                               "s2,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                               "139-0013-9000,劳动,2023-06-05\n"
                                               "s3,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                               "13700137000,劳动,2023-06-08\n",
                                               options, &err);

  g_assert_nonnull (strstr (pairs, "\r\nh1,h2,0,repeat,"));
  g_assert_nonnull (strstr (pairs, "\r\nh1,h3,0,,"));
  g_assert_nonnull (strstr (pairs, "\r\nh2,h3,0,,"));
  g_assert_nonnull (strstr (pairs, "\r\ns1,s2,0,repeat,"));
  g_assert_nonnull (strstr (pairs, "\r\ns1,s3,0,,"));
  g_assert_nonnull (strstr (pairs, "\r\ns2,s3,0,,"));
  g_assert_null (strstr (err, "invalid"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-phone-regions/regions", test_regions);
  g_test_add_func ("/engine/identity-phone-regions/apart-by-spaces", test_apart_by_spaces);
  g_test_add_func ("/cli/identity-phone-regions/scan", test_scan);
  return g_test_run ();
}
