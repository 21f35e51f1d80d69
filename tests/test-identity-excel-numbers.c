/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Phones and petitioner ids saved from Excel as numbers in scientific
 * notation (8.6138E+12 for +86 138 0013 8000, 4.10105E+17 for an ID card
 * number used as an account id) have lost their last digits, so different
 * people's numbers read the same. 8.6138E+12 was read as the local number
 * 8613812, and two people's letters in one category were paired as one
 * person's, exit 0. Such a value is invalid, no evidence, and counted with
 * what to do. Oracles: the values as written here (8.6138E+12 is digits
 * 8613812, a local number's 7 digits from 2-9; 4.10105E+17 a valid
 * account id as folded text) and a scan whose two records share nothing
 * but such values. A phone written out as a float by a script
 * (13812348000.0, 8765432.0) is read without its zero fraction: 8765432.0
 * was the other local number 87654320.
 */
#define G_LOG_DOMAIN "pr-test-identity-excel-numbers"

#include "config.h"

#include <string.h>

#include "pr-excel-number.h"
#include "pr-identity.h"
#include "pr-test-util.h"

static void
test_values (void)
{
  static const char *const phones[] = { "8.6138E+12", "8.6138e+12", " 5.91877E+11 ", "1.38001E+10",
                                        "8.6138E+12/8.6139E+12" };
  static const char *const petitioners[] = { "4.10105E+17", "4.10105e+17", "1E+11" };
  g_autofree char *normal = NULL;
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (phones); i++)
    {
      g_test_message ("%s", phones[i]);
      g_assert_cmpint (pr_identity_normalize_phones (phones[i], -1, normals), ==, PR_IDENTITY_VALUE_INVALID);
      g_assert_cmpuint (normals->len, ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (petitioners); i++)
    {
      g_test_message ("%s", petitioners[i]);
      g_assert_cmpint (pr_identity_normalize_petitioner (petitioners[i], -1, &normal), ==, PR_IDENTITY_VALUE_INVALID);
      g_assert_null (normal);
    }
  /* Still read: a number written in full, and one beside a lost one. */
  g_assert_cmpint (pr_identity_normalize_phones ("8.6138E+12/13812348000", -1, normals), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (normals->len, ==, 1);
  g_assert_cmpstr (normals->pdata[0], ==, "m13812348000");
  g_assert_cmpint (pr_identity_normalize_petitioner ("E+17", -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
  g_clear_pointer (&normal, g_free);
  g_assert_cmpint (pr_identity_normalize_petitioner ("410105E17", -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
  g_clear_pointer (&normal, g_free);

  {
    static const char *const floats[][2] = {
      { "13812348000.0", "m13812348000" }, { "8765432.0", "s8765432" }, { "8765432.00", "s8765432" },
      { "87654320", "s87654320" },
      /* Phones written in groups of digits between dots: every digit is
       * the phone's, the last group's zeros too. */
      { "139.1234.0000", "m13912340000" }, { "0571.8765.0000", "l057187650000" },
      { "010.8888.0000", "l01088880000" }, { " +8765432.0 ", "s8765432" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (floats); i++)
      {
        g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func (g_free);

        g_test_message ("%s", floats[i][0]);
        g_assert_cmpint (pr_identity_normalize_phones (floats[i][0], -1, read), ==, PR_IDENTITY_VALUE_VALID);
        g_assert_cmpuint (read->len, ==, 1);
        g_assert_cmpstr (read->pdata[0], ==, floats[i][1]);
      }
  }
  /* No float column writes a dash: this trailing 0 may be a digit, and
   * 13 digits are no phone. */
  g_assert_cmpint (pr_identity_normalize_phones ("0591-87654321.0", -1, normals), ==, PR_IDENTITY_VALUE_INVALID);
  g_assert_true (pr_excel_is_scientific ("1E+11", -1));
  g_assert_true (pr_excel_is_scientific ("1.5E+11xyz", 7));
  g_assert_false (pr_excel_is_scientific ("1.E+11", -1));
  g_assert_false (pr_excel_is_scientific ("1.5E-11", -1));
  g_assert_false (pr_excel_is_scientific ("1.5E+", -1));
  g_assert_false (pr_excel_is_scientific ("E+11", -1));
  g_assert_false (pr_excel_is_scientific ("", -1));
  /* As a server or a script writes a float: lower case, no +. */
  g_assert_true (pr_excel_is_scientific ("4.1010519900101126e17", -1));
  g_assert_true (pr_excel_is_scientific ("1.5e15", -1));
  g_assert_true (pr_excel_is_scientific ("8.6138E12", -1));
  g_assert_false (pr_excel_is_scientific ("1.5e", -1));
  g_assert_false (pr_excel_is_scientific ("1.5e+", -1));
  g_assert_false (pr_excel_is_scientific ("410105E17", -1));
  g_assert_cmpint (pr_identity_normalize_petitioner ("4.1010519900101126e17", -1, &normal), ==,
                   PR_IDENTITY_VALUE_INVALID);
  g_assert_cmpint (pr_identity_normalize_phones ("8.6138e12", -1, normals), ==, PR_IDENTITY_VALUE_INVALID);
}

/* Two people, two matters in one category, one phone column and one
 * account column each written by Excel alike: no pair of one person. */
static void
test_scan (void)
{
  static const char *const mappings[] = { "--phone", "--petitioner" };

  for (guint m = 0; m < G_N_ELEMENTS (mappings); m++)
    {
      const char *options[] = { "--id", "id", "--text", "body", mappings[m], "who", "--category", "cat",
                                "--date", "date", NULL };
      g_autofree char *err = NULL;
      g_autofree char *pairs = pr_test_scan_pairs ("id,body,who,cat,date\n"
                                                   "1,小区东门外的垃圾站每天凌晨四点清运噪音很大气味刺鼻请求搬迁垃圾站,"
                                                   "8.6138E+12,环境,2023-06-01\n"
                                                   "2,工地老板拖欠工资两万三千元至今未付请求劳动监察部门督促公司支付,"
                                                   "8.6138E+12,环境,2023-06-05\n",
                                                   options, &err);

      g_assert_cmpstr (pairs, ==, "id_a,id_b,distance,kind,disposition,probability\r\n");
      g_assert_nonnull (strstr (err, "2 numbers in Excel's scientific notation"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-excel-numbers/values", test_values);
  g_test_add_func ("/cli/identity-excel-numbers/scan", test_scan);
  return g_test_run ();
}
