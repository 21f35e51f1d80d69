/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk writes for a caller who gave no home: an address that is a
 * placeholder (不详, 同上, 无固定住所) or only the divisions a whole town
 * shares (北京市朝阳区). Many people share it; two strangers' letters must
 * not become one person's by it with a common name (王先生, 王小明). A
 * surname with a form of address stays a name: 王先生 and 李女士 are two
 * people, also at one phone.
 * Oracles: the values as written here, and a scan of a file whose pairs
 * are two people's, by the office's reading.
 */
#define G_LOG_DOMAIN "pr-test-identity-no-name"

#include "config.h"

#include <string.h>

#include "pr-identity.h"
#include "pr-test-util.h"

static void
test_addresses (void)
{
  static const char *const none[] = { "不详", "同上", "无", "暂无", "无固定住所", "北京市朝阳区", "北京市 朝阳区",
                                      "城关镇", "广东省", "西岚市云溪区", "朝阳区建外街道", "不祥", "本村", "本小区", "地址不详" };
  static const char *const homes[] = { "幸福小区3栋", "幸福小区", "朝阳区光华路5号", "南屏市新港区马坊镇前进村",
                                       "西岚市云溪区新华街98号", "朝阳区五号楼", "望京社区", "光明路" };

  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      g_autofree char *normal = NULL;

      g_test_message ("%s", none[i]);
      g_assert_cmpint (pr_identity_normalize_address (none[i], -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_null (normal);
    }
  for (guint i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *normal = NULL;

      g_test_message ("%s", homes[i]);
      g_assert_cmpint (pr_identity_normalize_address (homes[i], -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_nonnull (normal);
    }
}

/* Two callers' letters on one matter: "王先生" in 朝阳区 with two phones,
 * and 王小明 of address 不详 twice with two phones. Neither pair is known
 * to be one person's; the third pair, one named person at one home, is;
 * the fourth, 王先生 and 李女士 at one phone, are two people. */
static void
test_scan (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *clusters = NULL;
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--name", "name", "--address", "address", "--phone",
                         "phone", "--date", "date", "--out", out, path, NULL };
  const char *const rows[][2] = { { "\r\n1,2,1,", ",,," }, { "\r\n2,4,3,", ",,," },
                                  { "\r\n3,6,5,", ",1,,name_and_address," }, { "\r\n4,8,7,", ",0,,," } };

  g_assert_true (g_file_set_contents (path,
                                      "id,name,address,phone,body,date\n"
                                      "1,王先生,北京市朝阳区,13800138001,小区门口的垃圾站臭气熏天多年无人处理请求政府尽快解决这个问题,2024-01-01\n"
                                      "2,王先生,北京市朝阳区,13900139002,小区门口的垃圾站臭气熏天多年无人处理请求政府尽快解决这个问题啊,2024-02-01\n"
                                      "3,王小明,不详,13800138003,工地夜间施工噪音严重影响居民休息请有关部门依法查处并限期整改,2024-01-01\n"
                                      "4,王小明,不详,13900139004,工地夜间施工噪音严重影响居民休息请有关部门依法查处并限期整改吧,2024-02-01\n"
                                      "5,王小明,幸福小区3栋,13800138005,单位拖欠工资半年之久多次讨要无果恳请劳动监察部门督促支付,2024-01-01\n"
                                      "6,王小明,幸福小区3栋,13900139006,单位拖欠工资半年之久多次讨要无果恳请劳动监察部门督促支付呀,2024-02-01\n"
                                      "7,王先生,,010-65521234,小区电梯长期故障无人维修老人上下楼十分困难请求物业尽快修复,2024-01-01\n"
                                      "8,李女士,,010-65521234,小区电梯长期故障无人维修老人上下楼十分困难请求物业尽快修复吧,2024-02-01\n",
                                      -1, NULL));
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &clusters, NULL, NULL));
  g_test_message ("%s", clusters);
  /* After the distance: same_petitioner, case, identity_evidence. */
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const char *row = strstr (clusters, rows[i][0]);
      const char *after_distance;

      g_assert_nonnull (row);
      after_distance = strchr (row + strlen (rows[i][0]), ',');
      g_assert_nonnull (after_distance);
      g_assert_true (g_str_has_prefix (after_distance, rows[i][1]));
    }
  pr_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-no-name/addresses", test_addresses);
  g_test_add_func ("/cli/identity-no-name/scan", test_scan);
  return g_test_run ();
}
