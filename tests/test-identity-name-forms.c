/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Name cells as offices write them around the name: a word that says what
 * the person is before it (村民王小明, 局长张三), a group said by its members
 * or its leader (张三等十余名村民, 张三牵头), brackets left open or a name
 * only in brackets (王小明（, （王小明）), a surname called with 小 or 阿
 * (小李), a trade as a form of address (王律师), a relative's word before a
 * co-signer (张三及其妻李华). Oracle: the reading worked out by hand from
 * the office's rules (agent, principal, co-signers and a group's
 * representatives each count; a surname alone is no evidence) and the
 * comparison rule of pr-identity-table.c, written here.
 */
#define G_LOG_DOMAIN "pr-test-identity-name-forms"

#include "config.h"

#include "pr-identity.h"
#include "pr-test-util.h"

#define PHONE "13812348000"
#define HOME "西岚市新华街98号3单元501室"

#define compare(a, b, role, shared) pr_test_identity_compare (PR_IDENTITY_NAME, a, b, role, shared)
#define READS(cell, ...) pr_test_assert_reads (cell, (const char *const[]) { __VA_ARGS__, NULL })

/* 村民王小明 is 王小明 the villager: one person with 王小明 at his phone,
 * another than 李华. */
static void
test_descriptor (void)
{
  READS ("村民王小明", "王小明");
  READS ("退休职工王小明", "王小明");
  READS ("党员王小明", "王小明");
  READS ("局长张三", "张三");
  READS ("律师王小明", "王小明");
  g_assert_cmpint (compare ("村民王小明", "王小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("局长张三", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("村民王小明", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  /* A word after a word is no name: 高中文化 names nobody called 文化. */
  g_assert_cmpint (compare ("高中文化", "文化", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
}

/* 张三等十余名村民, 张三牵头: 张三 leads a group, a petitioner. */
static void
test_group_members (void)
{
  READS ("张三等十余名村民", "张三");
  READS ("张三等5位村民", "张三");
  READS ("张三等村民", "张三");
  READS ("张三牵头", "张三");
  READS ("以张三为首", "张三");
  g_assert_cmpint (compare ("张三等十余名村民", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("张三牵头", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("张三等村民", "李四", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
}

/* A bracket is never part of a name; a name only in brackets is still
 * the record's: else a phone alone joins （王小明） and 李华. */
static void
test_brackets (void)
{
  READS ("王小明（", "王小明");
  READS ("王小明）", "王小明");
  READS ("（王小明）", "王小明");
  READS ("（张三、李四）", "张三", "李四");
  READS ("王小明(代李华", "王小明", "李华");
  g_assert_cmpint (compare ("（王小明）", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王小明（", "王小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  /* A note alone still names nobody. */
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);

    g_assert_cmpint (pr_identity_read_names ("（代）", -1, names, conflicts), ==, PR_IDENTITY_VALUE_EMPTY);
    g_assert_cmpuint (names->len + conflicts->len, ==, 0);
  }
}

/* 小李, 阿李, 王律师, 李奶奶 and 李氏 say a surname, as 老李 and 王先生: never evidence,
 * and not another surname's bearer. */
static void
test_surname_called (void)
{
  const char *const cells[] = { "小李", "阿李", "李律师", "李医生", "李奶奶", "李氏" };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", cells[i]);
      g_assert_cmpint (pr_identity_read_names (cells[i], -1, names, conflicts), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpuint (names->len, ==, 0);
      g_assert_cmpuint (conflicts->len, ==, 1);
      g_assert_cmpstr (conflicts->pdata[0], ==, "李???");
      g_assert_cmpint (compare (cells[i], cells[i], PR_IDENTITY_ADDRESS, HOME), ==, PR_PETITIONER_UNKNOWN);
      g_assert_cmpint (compare (cells[i], "李明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (cells[i], "王明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
    }
  /* 小明 is a given name: 明 is no surname. */
  READS ("小明", "小明");
  /* 小华, 小林, 阿强: 华, 林, 强 are surnames, but as often a one-character
   * given name, and 小华 a given name of its own; read as written, 小华 at
   * one phone with 华明 is two people, not Hua known by his surname. */
  READS ("小华", "小华");
  READS ("小林", "小林");
  READS ("阿华", "阿华");
  g_assert_cmpint (compare ("小华", "华明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("小林", "林小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
}

/* 张三及其妻李华: the co-signers 张三 and 李华. */
static void
test_relative_co_signer (void)
{
  READS ("张三及其妻李华", "张三", "李华");
  READS ("张三和妻子李华", "张三", "李华");
  g_assert_cmpint (compare ("张三及其妻李华", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  /* 孙 is a surname too: 孙李明 is no name here, and 张三及其 (a word and
   * a conjunction) no word before one; 张三 is a co-signer. */
  READS ("张三及其孙李明", "张三", "李明");
  READS ("李四和其孙王华", "李四", "王华");
  g_assert_cmpint (compare ("张三及其孙李明", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  /* A relative unnamed is no co-signer's name: two households at one
   * phone are not one person through the word 妻子. */
  READS ("张三和妻子", "张三");
  READS ("张三及其妻", "张三");
  READS ("张三与儿子", "张三");
  g_assert_cmpint (compare ("张三和妻子", "王五和妻子", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("张三及其妻", "王五及其妻", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("张三和妻子", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
}

/* 以张三、李四为首, 以王小明为首的十余名村民: a group's several
 * representatives, or its leader before the members; each named one is a
 * petitioner, and none is 以张三. */
/* （王小明等3人）: the group's representative in brackets is still the
 * only name of the cell; a phone alone does not join it to 李华. */
static void
test_bracketed_group (void)
{
  READS ("（王小明等3人）", "王小明");
  READS ("（王小明牵头）", "王小明");
  g_assert_cmpint (compare ("（王小明等3人）", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("（王小明等3人）", "王小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  /* A group without a name names nobody. */
  for (guint i = 0; i < 3; i++)
    {
      const char *const cells[] = { "（等3人）", "（一行5人）", "（等人）" };
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", cells[i]);
      pr_identity_read_names (cells[i], -1, names, NULL);
      g_assert_cmpuint (names->len, ==, 0);
    }
}

/* “王小明”, 「王小明」: quoted as a clerk copied it, the same 王小明. */
static void
test_quoted (void)
{
  READS ("\u201c王小明\u201d", "王小明");
  READS ("\u300c王小明\u300d", "王小明");
  READS ("\"王小明\"", "王小明");
  READS ("\u300a王小明\u300b、李华", "王小明", "李华");
  g_assert_cmpint (compare ("\u201c王小明\u201d", "王小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("\u201c王小明\u201d", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
}

static void
test_led_by (void)
{
  READS ("以张三、李四为首", "张三", "李四");
  READS ("以王小明为首的村民", "王小明");
  READS ("以王小明为首的十余名村民", "王小明");
  READS ("王小明为首的5位村民", "王小明");
  g_assert_cmpint (compare ("以张三、李四为首", "张三", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("以王小明为首的村民", "王小明", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("以王小明为首的村民", "李华", PR_IDENTITY_PHONE, PHONE), ==, PR_PETITIONER_OTHER);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-name-forms/descriptor", test_descriptor);
  g_test_add_func ("/engine/identity-name-forms/group-members", test_group_members);
  g_test_add_func ("/engine/identity-name-forms/led-by", test_led_by);
  g_test_add_func ("/engine/identity-name-forms/quoted", test_quoted);
  g_test_add_func ("/engine/identity-name-forms/bracketed-group", test_bracketed_group);
  g_test_add_func ("/engine/identity-name-forms/brackets", test_brackets);
  g_test_add_func ("/engine/identity-name-forms/surname-called", test_surname_called);
  g_test_add_func ("/engine/identity-name-forms/relative-co-signer", test_relative_co_signer);
  return g_test_run ();
}
