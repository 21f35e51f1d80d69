/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A petitioner id (an account id) that names nobody — NULL or \N as a
 * database export writes a missing value, none, 无, 匿名, a dash, 0 — was
 * read as an id like any other, so that every record without one was the
 * same petitioner's: two people's letters became "repeats by the same
 * person". Such a value is no evidence, as a placeholder name is not.
 * Oracles: the values as written here, and a scan of a file whose pairs
 * have no petitioner but a placeholder.
 */
#define G_LOG_DOMAIN "pr-test-identity-petitioner-placeholder"

#include "config.h"

#include <string.h>

#include "pr-identity.h"
#include "pr-test-util.h"

static void
test_placeholders (void)
{
  static const char *const placeholders[] = { "NULL", "null", "\\N", "None", "N/A", "#N/A", "(null)", "无", "匿名",
                                              "不详", "-", "0", " NULL ", "ＮＵＬＬ" };

  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    {
      g_autofree char *normal = NULL;

      g_test_message ("%s", placeholders[i]);
      g_assert_cmpint (pr_identity_normalize_petitioner (placeholders[i], -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_null (normal);
    }
}

static void
test_ids_kept (void)
{
  static const char *const ids[] = { "u1", "10086", "null_user", "N1", "00", "007" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *normal = NULL;

      g_assert_cmpint (pr_identity_normalize_petitioner (ids[i], -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_nonnull (normal);
    }
}

/* Two people's letters on one matter, neither with an account. */
static void
test_scan (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *clusters = NULL;
  const char *row, *after_distance;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--petitioner", "user", "--date", "date", "--out",
                         out, path, NULL };

  g_assert_true (g_file_set_contents (path,
                                      "id,user,body,date\n"
                                      "1,NULL,小区门口的垃圾站臭气熏天多年无人处理请求政府尽快解决这个问题,2024-01-01\n"
                                      "2,NULL,小区门口的垃圾站臭气熏天多年无人处理请求政府尽快解决这个问题啊,2024-02-01\n",
                                      -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &clusters, NULL, NULL));
  g_test_message ("%s", clusters);
  /* The two are found, but not as one person's: after the distance,
   * same_petitioner and identity_evidence are empty. */
  row = strstr (clusters, "\r\n1,2,1,");
  g_assert_nonnull (row);
  after_distance = strchr (row + strlen ("\r\n1,2,1,"), ',');
  g_assert_nonnull (after_distance);
  g_assert_true (g_str_has_prefix (after_distance, ",,,,"));
  pr_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-petitioner-placeholder/placeholders", test_placeholders);
  g_test_add_func ("/engine/identity-petitioner-placeholder/ids-kept", test_ids_kept);
  g_test_add_func ("/cli/identity-petitioner-placeholder/scan", test_scan);
  return g_test_run ();
}
