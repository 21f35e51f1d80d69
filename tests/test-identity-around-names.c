/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What offices write around a petitioner's name: a word after it that
 * says what the person is (王小明党员), an age against it (王小明65岁), a
 * relative named by relation (张三之父, 张三的父亲, 张三父亲: one person,
 * not 张三), a relative named by the given name alone (张三及其子华), the
 * other side of an agency (委托人张三, 张三委托李四), a firm before the
 * name, names joined by & or +, ID card numbers among words. Oracle: the
 * reading worked out by hand from the office's rules (agent and principal
 * both count; a name alone is no evidence, an equal name with an equal
 * phone is; two different names at one phone are two people) and ID card
 * check characters computed by hand (ISO 7064 MOD 11-2).
 */
#define G_LOG_DOMAIN "pr-test-identity-around-names"

#include "config.h"

#include "pr-identity.h"
#include "pr-test-util.h"

#define PHONE "13812348000"
/* Check characters computed by hand: X and 7. */
#define ID_A "11010519491231002X"
#define ID_B "110101199001011237"

#define AT_PHONE(a, b) pr_test_identity_compare (PR_IDENTITY_NAME, a, b, PR_IDENTITY_PHONE, PHONE)
#define READS(cell, ...) pr_test_assert_reads (cell, (const char *const[]) { __VA_ARGS__, NULL })

/* 王小明党员 is 王小明 the party member: the same person as 王小明 at his
 * phone, and another than 李华. */
static void
test_word_after (void)
{
  READS ("王小明党员", "王小明");
  READS ("王小明农民", "王小明");
  READS ("王小明村民", "王小明");
  READS ("张三丰农民", "张三丰");
  READS ("王小明村民代表", "王小明");
  READS ("王小明老人", "王小明");
  READS ("张三老人", "张三");
  g_assert_cmpint (AT_PHONE ("王小明党员", "王小明"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("王小明村民", "王小明"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三老人", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("王小明党员", "李华"), ==, PR_PETITIONER_OTHER);
  /* A title after the name stays the name's (王小明律师), and a
   * neighbour is not the one he lives beside. */
  READS ("王小明律师", "王小明");
  g_assert_cmpint (AT_PHONE ("张三邻居", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三邻居", "张三的邻居"), ==, PR_PETITIONER_SAME);
  /* 张老人 is a surname and a form of address, as 张先生: no name
   * against 张三's, so the phone tells; against 李华's it is one. */
  g_assert_cmpint (AT_PHONE ("张老人", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张老人", "李华"), ==, PR_PETITIONER_OTHER);
}

/* An age glued to the name is no part of it. */
static void
test_age (void)
{
  READS ("王小明65岁", "王小明");
  READS ("张三65周岁", "张三");
  READS ("张三六十五岁", "张三");
  READS ("王小明65歲", "王小明");
  READS ("张三六十五週歲", "张三");
  g_assert_cmpint (AT_PHONE ("王小明65歲", "王小明"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("王小明65岁", "王小明"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三六十五岁", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三六十五岁", "李华"), ==, PR_PETITIONER_OTHER);
}

/* 张三之父, 张三的父亲, 张三父亲: the father of 张三 in three writings,
 * one person, who is not 张三. */
static void
test_relation (void)
{
  READS ("张三之父", "张三之父");
  READS ("张三的父亲", "张三之父");
  READS ("张三父亲", "张三之父");
  READS ("張三的父親", "张三之父");
  READS ("张三的爸爸", "张三之父");
  READS ("张三的妻子", "张三之配偶");
  READS ("张三之妻", "张三之配偶");
  READS ("张三爱人", "张三之配偶");
  READS ("张三的儿子", "张三之子");
  g_assert_cmpint (AT_PHONE ("张三之父", "张三的父亲"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三父亲", "張三之父"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三之妻", "张三的爱人"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三的父亲", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三之子"), ==, PR_PETITIONER_OTHER);
  /* A relative named after the relation is that person; a word that is
   * also a form of address, or a name ending in one of the kin
   * characters, stays as it was read. */
  READS ("张三之子张华", "张华");
  READS ("张三爷爷", "张三");
  READS ("李天子", "李天子");
  READS ("张三和妻子", "张三");
}

/* 张三及其子华: the son's surname is not written; he is lost, as any
 * co-signer of a given name alone, and is no person called 其子华. */
static void
test_relative_given_name (void)
{
  READS ("张三及其子华", "张三");
  READS ("张三和女儿小红", "张三");
  READS ("张三及其妻李华", "张三", "李华");
  g_assert_cmpint (AT_PHONE ("张三及其子华", "张三"), ==, PR_PETITIONER_SAME);
}

/* Agent and principal both count, whichever word says so. */
static void
test_agency (void)
{
  READS ("委托人张三", "张三");
  READS ("张三委托李四", "张三", "李四");
  READS ("张三（委托李四）", "张三", "李四");
  READS ("张三（代理人李四）", "张三", "李四");
  READS ("张三（委托人：李四）", "张三", "李四");
  READS ("张三（代写）", "张三");
  g_assert_cmpint (AT_PHONE ("张三委托李四", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("委托人张三", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三（代理人李四）", "李四"), ==, PR_PETITIONER_SAME);
  /* The part written after the name, not cut inside a word (张三信访人
   * is no 张三信, 张三委托人 no 张三委). */
  READS ("张三委托人", "张三");
  READS ("王五受托人", "王五");
  READS ("张三信访人", "张三");
  READS ("张三来访人", "张三");
  READS ("李华申请人", "李华");
  READS ("信访人张三", "张三");
  READS ("张三投诉人", "张三");
  READS ("投诉人王小明", "王小明");
  READS ("王建国民警", "王建国");
  g_assert_cmpint (AT_PHONE ("张三信访人", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三委托人", "张三"), ==, PR_PETITIONER_SAME);
  /* The agent unnamed: the principal still counts. */
  READS ("张三的代理人", "张三");
  READS ("张三的律师", "张三");
  g_assert_cmpint (AT_PHONE ("张三的律师", "张三"), ==, PR_PETITIONER_SAME);
}

/* The person who writes for a firm, named after it. */
static void
test_firm (void)
{
  READS ("西岚市金山建材有限公司张三", "张三");
  g_assert_cmpint (AT_PHONE ("西岚市金山建材有限公司张三", "张三"), ==, PR_PETITIONER_SAME);
}

/* The place a person comes from, before the name. */
static void
test_place (void)
{
  READS ("金山村王小明", "王小明");
  READS ("北京市朝阳区王小明", "王小明");
  READS ("河北省石家庄市张三", "张三");
  g_assert_cmpint (AT_PHONE ("金山村王小明", "王小明"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("北京市朝阳区王小明", "李华"), ==, PR_PETITIONER_OTHER);
}

/* A parent and a child together: the one named leads them. */
static void
test_parent_and_child (void)
{
  READS ("张三父子", "张三");
  READS ("张三母女", "张三");
  g_assert_cmpint (AT_PHONE ("张三父子", "张三"), ==, PR_PETITIONER_SAME);
}

/* Co-signers joined by & or +, or a full-width full stop between two
 * Han names. A middle dot parts the pieces of one person's name (the
 * national rule for minority and foreign names): 高娃·苏和 is one
 * Mongolian woman, though 高 and 苏 are surnames, and not the same
 * person as another 高娃 at her phone. */
static void
test_joined (void)
{
  READS ("王小明＋李华", "王小明", "李华");
  READS ("王小明+李华", "王小明", "李华");
  READS ("王小明＆李华", "王小明", "李华");
  READS ("王小明 & 李华", "王小明", "李华");
  READS ("王小明．李华", "王小明", "李华");
  READS ("阿依古丽·买买提", "阿依古丽买买提");
  READS ("高娃·苏和", "高娃苏和");
  READS ("苏和・高娃", "苏和高娃");
  g_assert_cmpint (AT_PHONE ("高娃·苏和", "高娃苏和"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("高娃·苏和", "高娃"), ==, PR_PETITIONER_OTHER);
  READS ("王小明 +86 13812348000", "王小明");
  g_assert_cmpint (AT_PHONE ("王小明＋李华", "李华"), ==, PR_PETITIONER_SAME);
}

/* ID card numbers with a label, a note or another number beside them. */
static void
test_id_cards_among_words (void)
{
  const char *const same[] = {
    "身份证号：" ID_A, "身份证" ID_A, ID_A "（本人）", ID_A "；" ID_B, ID_B "，" ID_A, "身份证：11010519491231002x",
  };

  for (guint i = 0; i < G_N_ELEMENTS (same); i++)
    {
      g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", same[i]);
      g_assert_cmpint (pr_identity_normalize (PR_IDENTITY_ID_CARD, same[i], -1, normals), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_true (g_ptr_array_find_with_equal_func (normals, ID_A, g_str_equal, NULL));
      /* Another name, one ID card: the same person. */
      g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_ID_CARD, same[i], ID_A, PR_IDENTITY_NAME, NULL), ==,
                       PR_PETITIONER_SAME);
    }
  /* A wrong check character anywhere, or a number glued to letters,
   * reads no number at all. */
  {
    g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

    g_assert_cmpint (pr_identity_normalize (PR_IDENTITY_ID_CARD, ID_A "；110101199001011238", -1, normals), ==,
                     PR_IDENTITY_VALUE_INVALID);
    g_assert_cmpint (pr_identity_normalize (PR_IDENTITY_ID_CARD, "E" ID_A, -1, normals), ==,
                     PR_IDENTITY_VALUE_INVALID);
    g_assert_cmpuint (normals->len, ==, 0);
  }
  g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_ID_CARD, "身份证号：" ID_A, ID_B, PR_IDENTITY_NAME, NULL), ==,
                   PR_PETITIONER_OTHER);
}

/* The person's part after the name, which the dictionary reads as a
 * phrase of two words: 张三本人 is 张三 himself. 张三代理人 is 张三 who
 * acts as the agent (as 张三委托人 is 张三 who gives the agency), and an
 * agent counts as a petitioner as the principal does; 张三的代理人 is
 * someone acting for 张三, whose principal 张三 counts. Either way the
 * cell names 张三. */
static void
test_part_after_name (void)
{
  READS ("张三本人", "张三");
  READS ("张三代理人", "张三");
  READS ("张三 本人", "张三");
  READS ("王小明法定代表人", "王小明");
  g_assert_cmpint (AT_PHONE ("张三本人", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三代理人", "张三"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三本人", "李四"), ==, PR_PETITIONER_OTHER);
  /* Both sides of an agency named around the word. */
  READS ("王五的代理人李四", "王五", "李四");
  READS ("张三之代理人李四", "张三", "李四");
  READS ("申请人张三代理人李四", "张三", "李四");
  g_assert_cmpint (AT_PHONE ("王五的代理人李四", "李四"), ==, PR_PETITIONER_SAME);
}

/* A surname and a place's character (王村, 刘乡, 赵县) is a word, yet
 * alone in its cell it is as much a person's name; before a name
 * (王村张三) it is where the person lives. */
static void
test_place_like_name (void)
{
  READS ("王村", "王村");
  READS ("刘乡", "刘乡");
  READS ("赵县", "赵县");
  READS ("王村张三", "张三");
  g_assert_cmpint (AT_PHONE ("王村", "王村"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("王村", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("王村张三", "张三"), ==, PR_PETITIONER_SAME);
}

/* 张三的父母 is two people, his father and his mother, neither 张三. */
static void
test_two_relatives (void)
{
  READS ("张三的父母", "张三之父", "张三之母");
  READS ("张三父母", "张三之父", "张三之母");
  READS ("张三的儿女", "张三之子", "张三之女");
  g_assert_cmpint (AT_PHONE ("张三的父母", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三的父母", "张三的母亲"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三的父母", "张三之子"), ==, PR_PETITIONER_OTHER);
  /* Words of speech for the same relatives. */
  READS ("张三他爹", "张三之父");
  READS ("王小二的妈", "王小二之母");
  READS ("张三的闺女", "张三之女");
  READS ("张三的婆娘", "张三之配偶");
  g_assert_cmpint (AT_PHONE ("张三他爹", "张三的父亲"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三他爹", "张三"), ==, PR_PETITIONER_OTHER);
  /* 张三和他父亲: the father, unnamed, is no person called 他父亲. */
  READS ("张三和他父亲", "张三");
}

/* A relative named by relation (张三之父) beside a name of his own
 * (张大山): nothing says he is not that man, so the names are no
 * conflict; but the cell itself says the phone is a family's (张三's, and
 * his father's), so an equal phone cannot tell which of the family wrote,
 * and is no evidence. An equal ID card is. 张三 himself and his other
 * relatives stay others. A name with 之 in it (王之涣) is a name. */
static void
test_relative_and_own_name (void)
{
  g_assert_cmpint (AT_PHONE ("张三之父", "张大山"), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (AT_PHONE ("张三的母亲", "王秀英"), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (AT_PHONE ("张三的父母", "张大山"), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_NAME, "张三之父", "张大山", PR_IDENTITY_NAME, NULL), ==,
                   PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_NAME, "张三之父", "张大山", PR_IDENTITY_ID_CARD, ID_A), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三之母"), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三、李四"), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (AT_PHONE ("张三之父", "张三之父"), ==, PR_PETITIONER_SAME);
  READS ("王之涣", "王之涣");
  g_assert_cmpint (AT_PHONE ("王之涣", "王之涣"), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (AT_PHONE ("王之涣", "李华"), ==, PR_PETITIONER_OTHER);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-around-names/word-after", test_word_after);
  g_test_add_func ("/engine/identity-around-names/age", test_age);
  g_test_add_func ("/engine/identity-around-names/relation", test_relation);
  g_test_add_func ("/engine/identity-around-names/relative-given-name", test_relative_given_name);
  g_test_add_func ("/engine/identity-around-names/agency", test_agency);
  g_test_add_func ("/engine/identity-around-names/firm", test_firm);
  g_test_add_func ("/engine/identity-around-names/place", test_place);
  g_test_add_func ("/engine/identity-around-names/parent-and-child", test_parent_and_child);
  g_test_add_func ("/engine/identity-around-names/joined", test_joined);
  g_test_add_func ("/engine/identity-around-names/id-cards-among-words", test_id_cards_among_words);
  g_test_add_func ("/engine/identity-around-names/part-after-name", test_part_after_name);
  g_test_add_func ("/engine/identity-around-names/place-like-name", test_place_like_name);
  g_test_add_func ("/engine/identity-around-names/two-relatives", test_two_relatives);
  g_test_add_func ("/engine/identity-around-names/relative-and-own-name", test_relative_and_own_name);
  return g_test_run ();
}
