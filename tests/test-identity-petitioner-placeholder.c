/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A petitioner id (an account id) that names nobody — NULL or \N as a
 * database export writes a missing value, none, 无, 匿名, a dash, 0 — was
 * read as an id like any other, so that every record without one was the
 * same petitioner's: two people's letters became "repeats by the same
 * person". Such a value is no evidence, as a placeholder name is not.
 * The same holds of a placeholder in a name, ID card or phone column
 * (暂无, /, （空）, 000000).
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
                                              "不详", "-", "0", " NULL ", "ＮＵＬＬ",
                                              /* Only punctuation, dashes, slashes, brackets, spaces. */
                                              "/", "／", " / ", "—", "——", "－", "--", "...", "（）", "【】", "？?",
                                              /* Words for none, not filled, unknown, with brackets and spaces. */
                                              "暂无", "暂 无", "未填", "未 填", "空", "（空）", "(空)", "【空】",
                                              "[空]", "N.A.", "n.a", "Ｎ．Ａ．", "NA", "无账号", "无 账 号", "无帐号",
                                              "（无）", "未知", "不明", "nil",
                                              /* Zeros, or one digit as long as a number. */
                                              "00", "000000", "０００ ０００", "000-000", "111111", "99999999" };

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
  static const char *const ids[] = { "u1", "10086", "null_user", "N1", "007", "111", "11111", "100000", "空空",
                                     "无名小卒01", "暂无1", "N.A.1" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *normal = NULL;

      g_assert_cmpint (pr_identity_normalize_petitioner (ids[i], -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_nonnull (normal);
    }
}

/* The same rule in a name, an ID card and a phone column: a placeholder
 * is masked (never evidence), not a value every such record shares. */
static void
test_other_columns (void)
{
  static const char *const none[] = { "暂无", "/", "—", "未填", "空", "（空）", "N.A.", "无账号", "－ －" };
  static const char *const no_number[] = { "000000", "000000000000000000", "00000000000", "88888888",
                                            "1111 1111 111", "000-0000-0000" };
  char card[PR_ID_CARD_LENGTH + 1];

  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      g_autofree char *name = NULL, *phone = NULL;

      g_test_message ("%s", none[i]);
      /* A dash in a name reads as a middle dot, dropped: "—" is empty. */
      g_assert_cmpint (pr_identity_normalize_name (none[i], -1, &name), !=, PR_IDENTITY_VALUE_VALID);
      g_assert_null (name);
      g_assert_cmpint (pr_identity_normalize_phone (none[i], -1, &phone, NULL), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpint (pr_identity_normalize_id_card (none[i], -1, card), ==, PR_IDENTITY_VALUE_MASKED);
    }
  for (guint i = 0; i < G_N_ELEMENTS (no_number); i++)
    {
      g_autofree char *phone = NULL;

      g_test_message ("%s", no_number[i]);
      g_assert_cmpint (pr_identity_normalize_phone (no_number[i], -1, &phone, NULL), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpint (pr_identity_normalize_id_card (no_number[i], -1, card), ==, PR_IDENTITY_VALUE_MASKED);
    }
}

/* Real values that look like placeholders: a name 空空 or 王空, a mobile
 * 13000000000, a landline of repeated digits after its area code, each
 * equal to itself. */
static void
test_real_values_kept (void)
{
  static const struct
  {
    const char *name;
    const char *normal;
  } names[] = { { "空空", "空空" }, { "王空", "王空" }, { "无忌", "无忌" } };
  static const struct
  {
    const char *phone;
    const char *normal;
  } phones[] = { { "13000000000", "m13000000000" }, { "0591-88888888", "l059188888888" },
                 { "13888888888", "m13888888888" } };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *normal = NULL;

      g_assert_cmpint (pr_identity_normalize_name (names[i].name, -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpstr (normal, ==, names[i].normal);
    }
  for (guint i = 0; i < G_N_ELEMENTS (phones); i++)
    {
      g_autofree char *normal = NULL;

      g_assert_cmpint (pr_identity_normalize_phone (phones[i].phone, -1, &normal, NULL), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpstr (normal, ==, phones[i].normal);
    }
}

/* What else a form's required field or a program is filled with: words
 * (略, 同上, 保密, guest), one letter repeated, a spreadsheet's error, a
 * negative number, NaN, a dummy digit run; each in a petitioner id, and
 * the numbers in a phone and an ID card column. A name column keeps a
 * word for none that is a name, written as a name is (Na 娜, Null). */
static void
test_filled_in (void)
{
  static const char *const words[] = { "略", "同上", "见附件", "待补充", "保密", "游客", "guest", "GUEST", "test",
                                       "测试", "xxx", "XXXX", "X", "x", "undefined", "无此人", "无记录",
                                       "#VALUE!", "#N/A", "#REF!", "#DIV/0!", "#NAME?", "#NUM!", "#NULL!", "（略）" };
  static const char *const numbers[] = { "-1", "-99", "NaN", "nan", "123456", "1234567890", "13800000000",
                                         "13800138000", "138-0013-8000", "+86 138 0013 8000", "008613800000000",
                                         "013800138000" };
  static const char *const ids_kept[] = { "xy", "x1", "Xx1", "1", "123457", "654321", "13812345678", "na1", "#1", "Na", "Null",
                                          "Nil" };
  static const char *const phones_kept[] = { "13812345678", "13800138001", "+86 13912345678" };
  static const char *const names_kept[] = { "Na", "Null", "Nil", "Nan", " Na " };
  static const char *const names_none[] = { "NA", "N/A", "n/a", "NULL", "null", "NIL", "xxx", "保密", "同上",
                                            "#N/A", "undefined", "test" };
  char card[PR_ID_CARD_LENGTH + 1];

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      g_autofree char *normal = NULL;
      g_autofree char *name = NULL;

      g_test_message ("%s", words[i]);
      g_assert_cmpint (pr_identity_normalize_petitioner (words[i], -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpint (pr_identity_normalize_name (words[i], -1, &name), ==, PR_IDENTITY_VALUE_MASKED);
    }
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *normal = NULL;
      g_autofree char *phone = NULL;

      g_test_message ("%s", numbers[i]);
      g_assert_cmpint (pr_identity_normalize_petitioner (numbers[i], -1, &normal), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpint (pr_identity_normalize_phone (numbers[i], -1, &phone, NULL), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpint (pr_identity_normalize_id_card (numbers[i], -1, card), ==, PR_IDENTITY_VALUE_MASKED);
    }
  for (guint i = 0; i < G_N_ELEMENTS (ids_kept); i++)
    {
      g_autofree char *normal = NULL;

      g_test_message ("%s", ids_kept[i]);
      g_assert_cmpint (pr_identity_normalize_petitioner (ids_kept[i], -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
    }
  for (guint i = 0; i < G_N_ELEMENTS (phones_kept); i++)
    {
      g_autofree char *phone = NULL;

      g_test_message ("%s", phones_kept[i]);
      g_assert_cmpint (pr_identity_normalize_phone (phones_kept[i], -1, &phone, NULL), ==, PR_IDENTITY_VALUE_VALID);
    }
  for (guint i = 0; i < G_N_ELEMENTS (names_kept); i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *lower = g_ascii_strdown (names_kept[i], -1);

      g_test_message ("%s", names_kept[i]);
      g_assert_cmpint (pr_identity_normalize_name (names_kept[i], -1, &name), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpstr (name, ==, g_strstrip (lower));
    }
  for (guint i = 0; i < G_N_ELEMENTS (names_none); i++)
    {
      g_autofree char *name = NULL;

      g_test_message ("%s", names_none[i]);
      g_assert_cmpint (pr_identity_normalize_name (names_none[i], -1, &name), ==, PR_IDENTITY_VALUE_MASKED);
    }
}

/* Pairs of two people's letters on one matter each, neither with an
 * account but a placeholder; the last pair one person's, by a real id. */
static void
test_scan (void)
{
  static const struct
  {
    const char *first;
    const char *second;
    const char *body;
  } pairs[] = {
    { "NULL", "NULL", "小区门口的垃圾站臭气熏天多年无人处理请求政府尽快解决这个问题" },
    { "暂无", "暂无", "建筑公司拖欠农民工工资半年老板失联请求劳动监察部门帮忙追讨" },
    { "/", "/", "村委会不予登记宅基地确权镇政府拖延办理请求上级机关复核处理" },
    { "—", "—", "夜间工地施工噪音扰民围挡破损居民无法休息多次投诉始终没有结果" },
    { "未填", "未填", "医保报销比例调整后门诊慢性病药品目录缩小退休职工负担明显加重" },
    { "空", "空", "学校周边商贩占道经营交通拥堵学生上下学安全隐患严重请求整治" },
    { "（空）", "（空）", "物业公司擅自提高停车费且不公开收支账目业主多次交涉无人理睬" },
    { "N.A.", "N.A.", "河道上游化工厂偷排污水鱼虾大量死亡村民饮水受到严重威胁" },
    { "000000", "000000", "出租车司机拒载绕路乱收费投诉热线打不通希望交通部门加强监管" },
    { "无账号", "无账号", "老旧小区加装电梯一楼住户阻挠施工审批手续办了两年仍未开工" },
    { "保密", "保密", "小区地下车库长期积水照明损坏物业拒绝维修业主出行存在安全隐患" },
    { "xxx", "XXX", "菜市场搬迁后摊位费上涨三倍商户无法经营请求有关部门核查收费依据" },
    { "-1", "-1", "公交线路调整后偏远村庄不再通车老人看病出行极其不便请求恢复" },
    { "13800138000", "13800138000", "自来水公司频繁停水不提前通知居民生活受到严重影响请求整改" },
    /* Two placeholders, written two ways. */
    { "暂无", "（ 暂无 ）", "农村低保评定不公平村干部优亲厚友真正困难的家庭却没有评上" },
    { "U00017", "U00017", "供暖季室内温度长期不达标热力公司推诿扯皮退费申请一直未办理" },
  };
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "records.csv", NULL);
  g_autofree char *out = g_build_filename (dir, "clusters.csv", NULL);
  g_autofree char *err = NULL;
  g_autofree char *clusters = NULL;
  GString *csv = g_string_new ("id,user,body,date\n");
  const char *args[] = { "scan", "--id", "id", "--text", "body", "--petitioner", "user", "--date", "date", "--out",
                         out, path, NULL };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_string_append_printf (csv, "a%u,\"%s\",%s,2024-01-01\nb%u,\"%s\",%s啊,2024-02-01\n", i, pairs[i].first,
                            pairs[i].body, i, pairs[i].second, pairs[i].body);
  g_assert_true (g_file_set_contents (path, csv->str, -1, NULL));
  g_string_free (csv, TRUE);
  g_assert_cmpint (pr_test_run_cli (NULL, &err, args), ==, 0);
  g_assert_true (g_file_get_contents (out, &clusters, NULL, NULL));
  g_test_message ("%s", clusters);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autofree char *row_start = g_strdup_printf (",b%u,a%u,", i, i);
      const char *row = strstr (clusters, row_start), *after_distance;
      gboolean same = i + 1 == G_N_ELEMENTS (pairs);

      /* Each pair is found, but not as one person's: after the distance,
       * same_petitioner and identity_evidence are empty; for a real id, 1. */
      g_test_message ("%s / %s", pairs[i].first, pairs[i].second);
      g_assert_nonnull (row);
      after_distance = strchr (row + strlen (row_start), ',');
      g_assert_nonnull (after_distance);
      g_assert_true (g_str_has_prefix (after_distance, same ? ",1," : ",,,,"));
    }
  pr_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-petitioner-placeholder/placeholders", test_placeholders);
  g_test_add_func ("/engine/identity-petitioner-placeholder/ids-kept", test_ids_kept);
  g_test_add_func ("/engine/identity-petitioner-placeholder/other-columns", test_other_columns);
  g_test_add_func ("/engine/identity-petitioner-placeholder/real-values-kept", test_real_values_kept);
  g_test_add_func ("/engine/identity-petitioner-placeholder/filled-in", test_filled_in);
  g_test_add_func ("/cli/identity-petitioner-placeholder/scan", test_scan);
  return g_test_run ();
}
