/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a clerk writes for a caller who gave no home: an address that is a
 * placeholder (不详, 同上, 无固定住所) or only the divisions a whole town
 * shares (北京市朝阳区). Many people share it; two strangers' letters must
 * not become one person's by it with a common name (王先生, 王小明). A
 * surname with a form of address still tells surnames apart: 王先生 and
 * 李女士 are two people, also at one phone.
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
                                      "城关镇", "广东省", "西岚市云溪区", "朝阳区建外街道", "不祥", "本村", "本小区", "地址不详",
                                      "城关镇本村", "杭州市", "贵州省黔东南苗族侗族自治州", "湖北省恩施土家族苗族自治州",
                                      "湘西土家族苗族自治州", "云南省红河哈尼族彝族自治州", "青海省海西蒙古族藏族自治州",
                                      "新疆克孜勒苏柯尔克孜自治州", "云南省临沧市双江拉祜族佤族布朗族傣族自治县",
                                      "内蒙古莫力达瓦达斡尔族自治旗", "长春经济技术开发区", "郑州高新技术产业开发区",
                                      "武汉东湖新技术开发区", "北京市朝阳区", "市中区", "济南市市中区", "浦东新区",
                                      "城区" };
  static const char *const homes[] = { "幸福小区3栋", "幸福小区", "朝阳区光华路5号", "南屏市新港区马坊镇前进村",
                                       "西岚市云溪区新华街98号", "朝阳区五号楼", "望京社区", "光明路",
                                       "城关镇人民路永辉超市", "纺织厂家属区", "油田生活区", "张家村安置区",
                                       "高速服务区", "杭州市西湖景区", "城关镇夜市", "门市", "阳光花园东区",
                                       "万科城市花园A区", "朝阳区碧桂园别墅区", "北京市朝阳区团结湖北区",
                                       "北京市朝阳区北区" };

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

/* Two records at phone 13812348000 (and one front desk test): a name
 * that lost a character is no evidence but still says who it is not. */
static PrPetitionerKind
compare_at_one_phone (const char *name_a,
                      const char *name_b)
{
  PrIdentityTable *table = pr_identity_table_new ();
  PrPetitionerKind kind;
  const char *names[] = { name_a, name_b };

  for (guint i = 0; i < 2; i++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13812348000", -1);
      pr_identity_table_add_value (table, PR_IDENTITY_NAME, names[i], -1);
    }
  pr_identity_table_finish (table);
  kind = pr_identity_table_compare (table, 0, 1, NULL);
  g_assert_cmpint (pr_identity_table_compare_by_roles (table, 0, 1, NULL), ==, kind);
  pr_identity_table_free (table);
  return kind;
}

static void
test_lost_name (void)
{
  g_assert_cmpint (compare_at_one_phone ("王明华", "王明"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare_at_one_phone ("王?华", "王明"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare_at_one_phone ("王\uff1f华", "李明华"), ==, PR_PETITIONER_OTHER);
  /* May be one name: neither evidence nor a conflict, as without a name. */
  g_assert_cmpint (compare_at_one_phone ("王?华", "王明华"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare_at_one_phone ("王明华", "王\ufffd华"), ==, PR_PETITIONER_SAME);
}

/* A question mark that is not a lost character: a clerk's after a
 * placeholder or a mask names nobody; a dot or space the column could not
 * hold, dropped from the other name, and one character lost as two marks
 * may be one name. Each pair at one phone, so as without a name: SAME. */
static void
test_lost_name_marks (void)
{
  const char *const pairs[][2] = {
    { "不详？", "王明华" },
    { "无？", "王明华" },
    { "未知?", "王明华" },
    { "匿名?", "王明华" },
    { "张XX?", "张明华" },
    { "阿依古丽?买买提", "阿依古丽·买买提" },
    { "王?华", "王\u200B华" },
    { "Wang?Hua", "wang hua" },
    { "王??华", "王堃华" },
    { "王\uFFFD\uFFFD华", "王堃华" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s, %s", pairs[i][0], pairs[i][1]);
      g_assert_cmpint (compare_at_one_phone (pairs[i][0], pairs[i][1]), ==, PR_PETITIONER_SAME);
    }
  g_assert_null (pr_identity_name_with_holes ("不详？", -1));
  g_assert_null (pr_identity_name_with_holes ("张XX?", -1));
  /* Two marks stand for at most two characters: not 王明明明华. */
  g_assert_cmpint (compare_at_one_phone ("王??华", "王明明明华"), ==, PR_PETITIONER_OTHER);
  g_assert_true (pr_identity_names_may_agree ("王?华", "王明华"));
  g_assert_false (pr_identity_names_may_agree ("王?华", "王明"));
}

/* 王?华 is a fourth name at the phone of 张三, 李四 and 赵五; 赵? may be 赵五. */
static void
test_lost_name_front_desk (void)
{
  const char *const sets[][4] = { { "张三", "李四", "赵五", "王?华" }, { "张三", "李四", "赵五", "赵?" } };
  const guint64 expected[] = { 1, 0 };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      PrIdentityTable *table = pr_identity_table_new ();

      for (guint i = 0; i < 4; i++)
        {
          pr_identity_table_add_record (table);
          pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13812348000", -1);
          pr_identity_table_add_value (table, PR_IDENTITY_NAME, sets[s][i], -1);
        }
      pr_identity_table_finish (table);
      g_assert_cmpuint (pr_identity_table_get_stats (table)->n_front_desk_phones, ==, expected[s]);
      pr_identity_table_free (table);
    }
}

static void
test_describe (void)
{
  PrIdentityTable *table = pr_identity_table_new ();
  g_autofree char *text = NULL;

  pr_identity_table_add_record (table);
  pr_identity_table_add_value (table, PR_IDENTITY_ADDRESS, "不详", -1);
  pr_identity_table_add_record (table);
  pr_identity_table_add_value (table, PR_IDENTITY_ADDRESS, "北京市朝阳区", -1);
  pr_identity_table_add_record (table);
  pr_identity_table_add_value (table, PR_IDENTITY_NAME, "王某某", -1);
  pr_identity_table_finish (table);
  text = pr_identity_table_describe (table);
  g_assert_cmpstr (text, ==, "Identity: 1 masked value (王某某, 138****1234); 2 addresses naming no home (不详, 同上, "
                             "北京市朝阳区), which many people share; these are no evidence of the same petitioner");
  pr_identity_table_free (table);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-no-name/addresses", test_addresses);
  g_test_add_func ("/cli/identity-no-name/scan", test_scan);
  g_test_add_func ("/engine/identity-no-name/lost-name", test_lost_name);
  g_test_add_func ("/engine/identity-no-name/lost-name-marks", test_lost_name_marks);
  g_test_add_func ("/engine/identity-no-name/lost-name-front-desk", test_lost_name_front_desk);
  g_test_add_func ("/engine/identity-no-name/describe", test_describe);
  return g_test_run ();
}
