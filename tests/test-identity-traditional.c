/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A petitioner's name or address typed in Traditional characters (陳小明,
 * 台北市中正區) and in Simplified (陈小明, 台北市中正区): the same person
 * and place, as the text's words are folded. Compared unfolded, a scan
 * of two such letters with the same address called them two people's
 * (same_petitioner 0, kind same-matter), exit 0. The oracle is the pairs
 * by hand.
 */
#define G_LOG_DOMAIN "pr-test-identity-traditional"

#include "config.h"

#include "pr-identity.h"

static void
assert_same (PrIdentityValueState (*normalize) (const char *, gssize, char **),
             const char *a,
             const char *b,
             gboolean    same)
{
  g_autofree char *na = NULL, *nb = NULL;

  g_assert_cmpint (normalize (a, -1, &na), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (normalize (b, -1, &nb), ==, PR_IDENTITY_VALUE_VALID);
  g_test_message ("%s → %s, %s → %s", a, na, b, nb);
  if (same)
    g_assert_cmpstr (na, ==, nb);
  else
    g_assert_cmpstr (na, !=, nb);
}

static void
test_names (void)
{
  assert_same (pr_identity_normalize_name, "陳小明", "陈小明", TRUE);
  assert_same (pr_identity_normalize_name, "劉德華", "刘德华", TRUE);
  assert_same (pr_identity_normalize_name, "阿卜杜·熱合曼", "阿卜杜•热合曼", TRUE);
  assert_same (pr_identity_normalize_name, "陳小明", "陈晓明", FALSE);
  /* Characters of the Simplified set that ICU's fold takes to others:
   * 於 and 于 are two surnames, 乾 and 干 two given names. */
  assert_same (pr_identity_normalize_name, "於小明", "于小明", FALSE);
  assert_same (pr_identity_normalize_name, "李乾", "李干", FALSE);
  assert_same (pr_identity_normalize_name, "陳於明", "陈於明", TRUE);
}

static void
test_addresses (void)
{
  assert_same (pr_identity_normalize_address, "台北市中正區重慶南路一段122號", "台北市中正区重庆南路一段122号", TRUE);
  assert_same (pr_identity_normalize_address, "台北市中正區重慶南路一段122號", "台北市中正区重庆南路一段123号", FALSE);
  assert_same (pr_identity_normalize_address, "乾安县幸福路1号", "干安县幸福路1号", FALSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/identity-traditional/names", test_names);
  g_test_add_func ("/engine/identity-traditional/addresses", test_addresses);

  return g_test_run ();
}
