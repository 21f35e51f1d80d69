/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * explain says the threshold of shared words that applied to the pair:
 * for two records under 30 words, --min-shared-short's when it is lower
 * than --min-shared's. The oracle is the pair as written here: two letters
 * of 22 words sharing a run of 14 (12 words in shared passages, as the
 * winnowed shingles count them).
 */
#define G_LOG_DOMAIN "pr-test-cli-explain-short"

#include "config.h"

#include <string.h>

#include "pr-test-util.h"

static char *
explain_short (const char *dir,
               const char *min_shared_short)
{
  static const char *const pool[] = {
    "小区", "夜间", "施工", "噪音", "扰民", "请求", "查处", "工地", "围挡", "医保", "报销", "比例",
    "调整", "退休", "职工", "门诊", "慢性病", "拆迁", "补偿", "标准", "过低", "物业", "停车", "收费",
    "学校", "食堂", "卫生", "道路", "积水", "路灯", "损坏", "供暖", "温度", "不足", "欠薪", "工资",
  };
  g_autofree char *path = g_build_filename (dir, "short.csv", NULL);
  g_autoptr(GString) csv = g_string_new ("id,body\n1,");
  const char *args[] = { "explain", path, "1", "2", "--id", "id", "--text", "body", "--containment", "0.4",
                         "--min-shared-short", min_shared_short, NULL };
  char *out = NULL;

  for (guint w = 0; w < 22; w++)
    g_string_append_printf (csv, "%s ", pool[w]);
  g_string_append (csv, "\n2,");
  for (guint w = 0; w < 22; w++)
    g_string_append_printf (csv, "%s ", pool[w < 14 ? w : w + 8]);
  g_string_append_c (csv, '\n');
  g_assert_true (g_file_set_contents (path, csv->str, -1, NULL));
  g_assert_cmpint (pr_test_run_cli (&out, NULL, args), ==, 0);
  g_test_message ("%s", out);
  return out;
}

static void
test_threshold_said (void)
{
  g_autofree char *dir = pr_test_make_temp_dir ();
  g_autofree char *ten = explain_short (dir, "10");
  g_autofree char *off = explain_short (dir, "0");

  /* Under 30 words each: 10 words needed, and 12 shared reach them. */
  g_assert_nonnull (strstr (ten, "a match needs 0.40 and 10 words"));
  g_assert_nonnull (strstr (ten, "yes, on shared passages"));
  /* 0 turns the rule off: --min-shared's 20, which 12 do not reach. */
  g_assert_nonnull (strstr (off, "a match needs 0.40 and 20 words"));
  g_assert_null (strstr (off, "on shared passages"));
  pr_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/explain/short/threshold-said", test_threshold_said);

  return g_test_run ();
}
