/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A phone number with an extension (0591-87654321转8001) is a desk behind
 * a switchboard, which many people share: read without its extension,
 * two people at two desks had one number, and so were taken for one
 * petitioner. The extension is kept in the number's normal form: the same
 * desk is one number, another desk or the switchboard alone another; so
 * is an extension after a dash (0591-8765432-12), except one digit after
 * 7, which may be an 8-digit line's last (0591-8765432-1 is
 * 0591-87654321). The oracle is the
 * numbers as written here.
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

/* A whole line, a dash and 1 to 4 more digits (2 to 4 after a line of 7):
 * the last are the extension (0591-8765432-12 is line 8765432, desk 12).
 * One digit after 7 is read as the 8-digit line that it may as well be
 * (0591-8765432-1 is 0591-87654321). Oracle: each number with its
 * extension written out after 转, or the line written whole. */
static void
test_dash_extension (void)
{
  static const char *const forms[][2] = {
    { "0591-8765432-12", "l05918765432-12" },
    { "0591-8765432—12", "l05918765432-12" },
    { "05918765432-12", "l05918765432-12" },
    { "+86-591-8765432-12", "l05918765432-12" },
    { "0591-87654321-1", "l059187654321-1" },
    { "0591-8765432-1", "l059187654321" },
    { "0591-8765432—1", "l059187654321" },
    { "05918765432-1", "l059187654321" },
    { "+86-591-8765432-1", "l059187654321" },
    { "010-12345678-123", "l01012345678-123" },
    { "0591-87654321-12", "l059187654321-12" },
    { "8765432-12", "s8765432-12" },
    { "0591-87654321转123", "l059187654321-123" },
    { "(0591)87654321 ext 12", "l059187654321-12" },
  };
  /* Groups of one number, no extension. */
  static const char *const groups[][2] = {
    { "0591-8765-4321", "l059187654321" },
    { "0591-876-5432", "l05918765432" },
    { "010-1234-5678", "l01012345678" },
    { "138-1234-8000", "m13812348000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *normal = normal_of (forms[i][0]);

      g_test_message ("%s", forms[i][0]);
      g_assert_cmpstr (normal, ==, forms[i][1]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      g_autofree char *normal = normal_of (groups[i][0]);

      g_test_message ("%s", groups[i][0]);
      g_assert_cmpstr (normal, ==, groups[i][1]);
    }
  {
    g_autofree char *dashed = normal_of ("0591-8765432-12");
    g_autofree char *written = normal_of ("0591-8765432转12");
    g_autofree char *other_line = normal_of ("0591-87654321");

    g_assert_cmpstr (dashed, ==, written);
    g_assert_cmpstr (dashed, !=, other_line);
  }
  /* A hotline in groups is no local number with an extension. */
  g_assert_cmpint (pr_identity_normalize_phone ("400-0745-333", -1, NULL, NULL), ==, PR_IDENTITY_VALUE_INVALID);
  g_assert_cmpint (pr_identity_normalize_phone ("400-800-1234", -1, NULL, NULL), ==, PR_IDENTITY_VALUE_INVALID);
  /* A mobile has no extension: 13812348000-1 is no number. */
  g_assert_cmpint (pr_identity_normalize_phone ("13812348000-1", -1, NULL, NULL), ==, PR_IDENTITY_VALUE_INVALID);
}

/* Records: the desk of 0591-8765432-12 is not the line 0591-87654321, nor
 * another desk of its switchboard; the same desk written with 转 is.
 * 0591-8765432-1 is the line 0591-87654321. */
static void
test_dash_extension_records (void)
{
  static const struct { const char *a, *b; PrPetitionerKind kind; } pairs[] = {
    { "0591-8765432-12", "0591-87654321", PR_PETITIONER_UNKNOWN },
    { "0591-8765432-12", "0591-8765432-13", PR_PETITIONER_UNKNOWN },
    { "0591-8765432-12", "0591-8765432转12", PR_PETITIONER_SAME },
    { "0591-8765432-1", "0591-87654321", PR_PETITIONER_SAME },
    { "0591-8765432-1", "0591-8765432-2", PR_PETITIONER_UNKNOWN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      PrIdentityTable *table = pr_identity_table_new ();

      g_test_message ("%s, %s", pairs[i].a, pairs[i].b);
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, pairs[i].a, -1);
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, pairs[i].b, -1);
      pr_identity_table_finish (table);
      g_assert_cmpint (pr_identity_table_compare (table, 0, 1, NULL), ==, pairs[i].kind);
      pr_identity_table_free (table);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-phone-extension/desks-apart", test_desks_apart);
  g_test_add_func ("/engine/identity-phone-extension/desk-forms", test_desk_forms);
  g_test_add_func ("/engine/identity-phone-extension/empty", test_empty_extension);
  g_test_add_func ("/engine/identity-phone-extension/dash", test_dash_extension);
  g_test_add_func ("/engine/identity-phone-extension/dash-records", test_dash_extension_records);
  return g_test_run ();
}
