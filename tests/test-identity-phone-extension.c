/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A phone number with an extension (0591-87654321转8001) is a desk behind
 * a switchboard, which many people share: read without its extension,
 * two people at two desks had one number, and so were taken for one
 * petitioner. The extension is kept in the number's normal form: the same
 * desk is one number, another desk or the switchboard alone another. The
 * oracle is the numbers as written here.
 */
#define G_LOG_DOMAIN "pr-test-identity-phone-extension"

#include "config.h"

#include "pr-identity.h"

static char *
normal_of (const char *written)
{
  char *out = NULL;

  g_assert_cmpint (pr_identity_normalize_phone (written, -1, &out, NULL), ==, PR_IDENTITY_VALUE_VALID);
  return out;
}

static void
test_desks_apart (void)
{
  g_autofree char *desk_a = normal_of ("0591-87654321转8001");
  g_autofree char *desk_b = normal_of ("0591-87654321转8002");
  g_autofree char *switchboard = normal_of ("0591-87654321");

  g_assert_cmpstr (desk_a, !=, desk_b);
  g_assert_cmpstr (desk_a, !=, switchboard);
  g_assert_cmpstr (desk_b, !=, switchboard);
}

/* One desk, however the extension is written, is one number. */
static void
test_desk_forms (void)
{
  static const char *const forms[] = {
    "0591-87654321转8001", "0591 8765 4321 转 8001", "(0591)87654321 ext. 8001", "0591-87654321 ext8001",
    "0591-87654321 x8001", "0591-87654321#8001", "0591-87654321 分机 8001", "+86 591 87654321 转8001",
    "０５９１－８７６５４３２１转８００１",
  };
  g_autofree char *first = normal_of (forms[0]);

  for (guint i = 1; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *other = normal_of (forms[i]);

      g_test_message ("%s", forms[i]);
      g_assert_cmpstr (other, ==, first);
    }
}

/* A marker with no digits after it is no extension. */
static void
test_empty_extension (void)
{
  g_autofree char *bare = normal_of ("0591-87654321转");
  g_autofree char *switchboard = normal_of ("0591-87654321");

  g_assert_cmpstr (bare, ==, switchboard);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-phone-extension/desks-apart", test_desks_apart);
  g_test_add_func ("/engine/identity-phone-extension/desk-forms", test_desk_forms);
  g_test_add_func ("/engine/identity-phone-extension/empty", test_empty_extension);
  return g_test_run ();
}
