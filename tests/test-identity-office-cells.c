/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Petitioner cells as an office types them, read as the office's rules
 * say (docs: petition-rules.md; the reading of each worked out by hand):
 * forms of address (老张, 张老师: a surname, nobody in particular),
 * relatives in the words of speech (张三他爹), groups (某某等12人),
 * village groups, committees and firms before a person, minority names
 * with a middle dot, names with spaces or full-width characters,
 * anonymous cells (匿名, 无名氏, 不详, 知情人), a person's part beside the
 * name (本人, 代理人), phones with +86, 转, dashes and extensions (kept,
 * as a desk behind a switchboard), ID card numbers with x, X, × or
 * full-width digits (check characters by ISO 7064 MOD 11-2), and pairs of
 * cells at one phone.
 */
#define G_LOG_DOMAIN "pr-test-identity-office-cells"

#include "config.h"

#include <string.h>

#include "pr-identity.h"
#include "pr-test-util.h"

/* A cell and the names it gives, parted by commas; "" for none. */
static const struct { const char *cell, *names; } name_cells[] = {
  { "老张", "" },
  { "张老师", "" },
  { "张老师傅", "" },
  { "王主任", "" },
  { "李书记", "" },
  { "王大伟经理", "王大伟" },
  { "张三老师", "张三" },
  { "小王", "" },
  { "王阿姨", "" },
  { "李大爷", "" },
  { "刘大妈", "" },
  { "陈师傅", "" },
  { "赵局长", "" },
  { "王老板", "" },
  { "王小明同志", "王小明" },
  { "张三先生", "张三" },
  { "李华女士", "李华" },
  { "欧阳老师", "" },
  { "老李头", "" },
  { "张总", "" },
  { "张三他爹", "张三之父" },
  { "张三的老爹", "张三之父" },
  { "张三他娘", "张三之母" },
  { "张三的婆娘", "张三之配偶" },
  { "张三的爸", "张三之父" },
  { "张三他哥", "张三之兄" },
  { "张三她哥", "张三之兄" },
  { "张三家属", "" },
  { "张三的闺女", "张三之女" },
  { "张三的老伴", "张三之配偶" },
  { "张三媳妇", "张三之配偶" },
  { "张三的岳父", "张三之岳父" },
  { "张三的侄子", "张三之侄" },
  { "张三的舅舅", "张三之舅" },
  { "张三的父母", "张三之父,张三之母" },
  { "张三父母", "张三之父,张三之母" },
  { "张三的儿女", "张三之子,张三之女" },
  { "王小二他妈", "王小二之母" },
  { "王小二的妈", "王小二之母" },
  { "张三等5人", "张三" },
  { "某某等12人", "" },
  { "王某某等3人", "" },
  { "张三等十余名村民", "张三" },
  { "张三、李四等人", "张三,李四" },
  { "村民等50人", "" },
  { "张三等三人联名", "张三" },
  { "金山村村民小组", "" },
  { "金山村村民小组张三", "张三" },
  { "金山村村民小组组长张三", "张三" },
  { "幸福社区居委会", "" },
  { "幸福社区居委会王主任", "" },
  { "幸福社区居委会李华", "李华" },
  { "东风村委会", "" },
  { "东风村村委会张三", "张三" },
  { "阿依古丽·买买提", "阿依古丽买买提" },
  { "买买提·吐尔逊", "买买提吐尔逊" },
  { "努尔·白克力", "努尔白克力" },
  { "阿依古丽•买买提", "阿依古丽买买提" },
  { "阿依古丽.买买提", "阿依古丽买买提" },
  { "阿依古丽．买买提", "阿依古丽买买提" },
  { "阿依古丽·买买提、李华", "阿依古丽买买提,李华" },
  { "迪丽热巴·迪力木拉提", "迪丽热巴迪力木拉提" },
  { "约翰·史密斯", "约翰史密斯" },
  { "张 三", "张三" },
  { "王　小明", "王小明" },
  { "欧阳 文华", "欧阳文华" },
  { "张三　", "张三" },
  { "　张三", "张三" },
  { "張三", "张三" },
  { "张三（男）", "张三" },
  { "张三,男,45岁", "张三" },
  { "张三 男 汉族", "张三" },
  { "张三 110101199001011237", "张三" },
  { "张三（身份证110101199001011237）", "张三" },
  { "张三13812348000", "张三" },
  { "张三 电话:13812348000", "张三" },
  { "匿名", "" },
  { "无名氏", "" },
  { "不详", "" },
  { "匿名群众", "" },
  { "匿名举报人", "" },
  { "不愿透露姓名", "" },
  { "佚名", "" },
  { "未知", "" },
  { "无", "" },
  { "暂无", "" },
  { "一群众", "" },
  { "知情人", "" },
  { "某村民", "" },
  { "热心市民", "" },
  { "金山建材有限公司", "" },
  { "金山建材有限公司（法人张三）", "张三" },
  { "金山建材有限公司法定代表人张三", "张三" },
  { "张三（金山建材有限公司）", "张三" },
  { "金山公司张三、李四", "张三,李四" },
  { "西岚市人民医院", "" },
  { "西岚市人民医院王小明", "王小明" },
  { "张三本人", "张三" },
  { "张三代理人", "张三" },
  { "本人张三", "张三" },
  { "张三（本人）", "张三" },
  { "代理人张三", "张三" },
  { "张三(本人)、李四(代理人)", "张三,李四" },
  { "申请人张三代理人李四", "张三,李四" },
  { "王村", "王村" },
  { "李庄", "李庄" },
  { "张镇", "张镇" },
  { "王村张三", "张三" },
  { "刘乡", "刘乡" },
  { "王区", "王区" },
  { "陈市", "陈市" },
  { "赵县", "赵县" },
  { "张三、李四（代表）", "张三,李四" },
  { "张三等", "张三" },
  { "张三；李四", "张三,李四" },
  { "张三/李四", "张三,李四" },
  /* A space parts no names (a word after it is as often a place). */
  { "张三 李四", "张三李四" },
  { "张三和李四", "张三,李四" },
  { "张三与其妻", "张三" },
  { "张三夫妇", "张三" },
  { "张三一家", "张三" },
  { "张三全家", "张三" },
  { "张三母子", "张三" },
  { "张xx", "" },
  { "张**", "" },
  { "张某", "" },
  { "王某某", "" },
  { "李*", "" },
  { "张三（老访户）", "张三" },
  { "张三 老上访户", "张三" },
  { "张三丰", "张三丰" },
  { "司马相如", "司马相如" },
  { "诸葛亮", "诸葛亮" },
  { "王二小", "王二小" },
  { "张狗蛋", "张狗蛋" },
  { "李四娃", "李四娃" },
  { "王村民", "" },
  { "张三妻子李华", "李华" },
  { "张三的母亲王秀英", "王秀英" },
  { "张三、张三的父亲", "张三,张三之父" },
  { "张三和他父亲", "张三" },
  { "张三及父母", "张三" },
  { "张三及其父母", "张三" },
  { "王五的代理人李四", "王五,李四" },
  { "张三之代理人李四", "张三,李四" },
  { "张三之父等3人", "张三之父" },
  { "张三的父亲、母亲", "张三之父,张三之母" },
  { "张三的父亲、李四、母亲", "张三之父,李四" },
  { "张三的父亲、李四、王五的母亲", "张三之父,李四,王五之母" },
  { "张三的父母、妻子", "张三之父,张三之母,张三之配偶" },
  { "张三夫妇及其子女", "张三" },
  { "张三他们", "张三" },
  { "村委会", "" },
  { "王主任（村委会）", "" },
  { "居委会张主任", "" },
  /* A link and a relative's or role's word left over is nobody's name:
   * a relative of the one written before it, or of nobody written. */
  { "他爹", "" },
  { "之父", "" },
  { "的父母", "" },
  { "等3人", "" },
  { "的代理人李四", "李四" },
  { "张三的父亲本人", "张三之父" },
  { "张三之父本人", "张三之父" },
  { "张三他妈本人", "张三之母" },
  { "张三的叔", "张三之叔" },
  { "张三的父亲和母亲", "张三之父,张三之母" },
  /* Forms of address, as 老李头. */
  { "李老", "" },
  { "张老头", "" },
  /* A child's place among its siblings after the surname: one person of
   * one family, a name as 王二小 is. */
  { "王老五", "王老五" },
  { "张老三", "张老三" },
  { "李老大", "李老大" },
  /* 之 and a kin word after a surname alone: a given name, as 之涣 is;
   * after a whole name, a relative. */
  { "王之子", "王之子" },
  { "李之父", "李之父" },
  { "张三之子", "张三之子" },
  /* A place before a name, with a space between or without. */
  { "王村 张三", "张三" },
  { "王村　张三", "张三" },
  { "金山村 王小明", "王小明" },
  /* A note after a space, behind a name after its place. */
  { "金山村王小明 电话13812348000", "王小明" },
  { "王村张三 男", "张三" },
  { "金山建材有限公司张三 男", "张三" },
  /* 村 in a given name, where the rest is no place's word. */
  { "张村生", "张村生" },
  /* A relative of one named by a form of address or the surname alone;
   * 王???之父 as 王 alone is read (王???), since 王之父 is a given name. */
  { "老王他爹", "老王之父" },
  { "小王的父亲", "小王之父" },
  { "王的父亲", "王???之父" },
  { "王他爹", "王???之父" },
  { "欧阳的父亲", "欧阳???之父" },
  { "王的父亲、母亲", "王???之父,王???之母" },
  { "王的父亲和母亲", "王???之父,王???之母" },
  { "老王的父亲、母亲", "老王之父,老王之母" },
};

/* Two name cells, a phone both records give ("" for none), and who they are. */
static const struct { const char *a, *b, *phone; PrPetitionerKind kind; } pairs[] = {
  { "张三", "李四", "13812348000", PR_PETITIONER_OTHER },
  { "张三", "张三", "13812348000", PR_PETITIONER_SAME },
  { "张三之父", "张大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三的父母", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三的父母", "张三之父", "13812348000", PR_PETITIONER_SAME },
  { "张三本人", "张三", "13812348000", PR_PETITIONER_SAME },
  { "张三代理人", "张三", "13812348000", PR_PETITIONER_SAME },
  { "王村", "王村", "13812348000", PR_PETITIONER_SAME },
  { "王村", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "老张", "张三", "13812348000", PR_PETITIONER_SAME },
  { "老张", "李四", "13812348000", PR_PETITIONER_OTHER },
  { "张老师", "李四", "13812348000", PR_PETITIONER_OTHER },
  { "匿名", "张三", "13812348000", PR_PETITIONER_SAME },
  { "张三等5人", "张三", "13812348000", PR_PETITIONER_SAME },
  { "阿依古丽·买买提", "阿依古丽买买提", "13812348000", PR_PETITIONER_SAME },
  { "张 三", "张三", "13812348000", PR_PETITIONER_SAME },
  { "張三", "张三", "13812348000", PR_PETITIONER_SAME },
  { "张三他爹", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三他爹", "张三之父", "13812348000", PR_PETITIONER_SAME },
  { "张三的爸", "张三之父", "13812348000", PR_PETITIONER_SAME },
  { "金山村村民小组张三", "张三", "13812348000", PR_PETITIONER_SAME },
  { "张三之父", "李大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三之母", "王秀英", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张三之母", "13812348000", PR_PETITIONER_OTHER },
  { "张三之父", "张四之父", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三的父亲", "张四的父亲", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三之父", "李四之岳父", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张三之岳父", "13812348000", PR_PETITIONER_OTHER },
  { "张三之父", "张四之父", "", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张大山", "+86 138-1234-8000", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张大山", "", PR_PETITIONER_UNKNOWN },
  { "张三之父", "张三之父", "", PR_PETITIONER_UNKNOWN },
  { "张三之父等3人", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三的父亲、母亲", "张三的母亲", "13812348000", PR_PETITIONER_SAME },
  { "张三的父亲、李四、母亲", "张三之母", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三他们", "张三", "13812348000", PR_PETITIONER_SAME },
  { "村委会", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三的父母", "张大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "张三的父亲本人", "张三之父", "13812348000", PR_PETITIONER_SAME },
  { "张三的父亲本人", "张三", "13812348000", PR_PETITIONER_OTHER },
  { "张三的叔", "张三之叔", "13812348000", PR_PETITIONER_SAME },
  { "张三的父亲和母亲", "张三之母", "13812348000", PR_PETITIONER_SAME },
  { "李老", "李四", "13812348000", PR_PETITIONER_SAME },
  { "张老头", "张三", "13812348000", PR_PETITIONER_SAME },
  /* 老五, 老三: two brothers of one family at its phone. */
  { "王老五", "王老三", "13812348000", PR_PETITIONER_OTHER },
  /* A place among siblings may be what a registered name of the same
   * surname is called at home: one man, or his brother. */
  { "王老五", "王小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "王老五", "王小明", "", PR_PETITIONER_UNKNOWN },
  { "张老三", "张小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "李老大", "李华", "13812348000", PR_PETITIONER_UNKNOWN },
  { "王老五", "李小明", "13812348000", PR_PETITIONER_OTHER },
  { "王老五", "王老五", "13812348000", PR_PETITIONER_SAME },
  { "王老五", "李四", "13812348000", PR_PETITIONER_OTHER },
  /* 王之子, 李之父 are names, whose bearers are not 王小明, 李大山. */
  { "王之子", "王小明", "13812348000", PR_PETITIONER_OTHER },
  { "李之父", "李大山", "13812348000", PR_PETITIONER_OTHER },
  { "王之子", "王之子", "13812348000", PR_PETITIONER_SAME },
  { "张三之子", "张大山", "13812348000", PR_PETITIONER_UNKNOWN },
  /* 之 and a kin word after anyone but a surname alone: a relative of
   * that person, whose own name may be any at the family's phone. */
  { "老王之父", "王大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "小王之子", "王小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "阿依古丽·买买提之母", "王秀英", "13812348000", PR_PETITIONER_UNKNOWN },
  { "约翰·史密斯之父", "张大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "王村张三之父", "张大山", "13812348000", PR_PETITIONER_UNKNOWN },
  { "司马之子", "司马光", "13812348000", PR_PETITIONER_OTHER },
  /* A relative of one named by a form of address or the surname alone. */
  { "老王他爹", "王小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "小王的父亲", "王小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "王的父亲", "王小明", "13812348000", PR_PETITIONER_UNKNOWN },
  { "老王他爹", "老王之父", "13812348000", PR_PETITIONER_SAME },
  { "王的父亲", "王", "13812348000", PR_PETITIONER_OTHER },
  /* 王村 张三 is 张三 of 王村, as 王村张三 is. */
  { "王村 张三", "张三", "13812348000", PR_PETITIONER_SAME },
  { "王村 张三", "王村张三", "13812348000", PR_PETITIONER_SAME },
  { "王村 张三", "李四", "13812348000", PR_PETITIONER_OTHER },
  { "金山村王小明 电话13812348000", "王小明", "13812348000", PR_PETITIONER_SAME },
  /* A relative of nobody written: a family's phone, as 张三之父's. */
  { "他爹", "张三", "13812348000", PR_PETITIONER_UNKNOWN },
  { "之父", "张三", "13812348000", PR_PETITIONER_UNKNOWN },
  { "的父母", "张三", "13812348000", PR_PETITIONER_UNKNOWN },
  { "她妈", "王秀英", "13812348000", PR_PETITIONER_UNKNOWN },
  { "他儿子", "张三", "13812348000", PR_PETITIONER_UNKNOWN },
  { "他爹", "他爹", "13812348000", PR_PETITIONER_UNKNOWN },
  { "他爹", "张三之父", "13812348000", PR_PETITIONER_UNKNOWN },
  { "他爹", "王先生", "13812348000", PR_PETITIONER_UNKNOWN },
  { "（他爹）", "张三", "13812348000", PR_PETITIONER_UNKNOWN },
};

/* A phone or ID card cell and its numbers, parted by commas ("" for none
 * that is evidence: masked or not a number). */
static const struct { PrIdentityRole role; const char *cell, *numbers; } number_cells[] = {
  { PR_IDENTITY_PHONE, "+86 138 1234 8000", "13812348000" },
  { PR_IDENTITY_PHONE, "+86-138-1234-8000", "13812348000" },
  { PR_IDENTITY_PHONE, "0086 13812348000", "13812348000" },
  { PR_IDENTITY_PHONE, "138-1234-8000", "13812348000" },
  { PR_IDENTITY_PHONE, "(0591)87654321", "059187654321" },
  { PR_IDENTITY_PHONE, "0591-87654321转123", "059187654321-123" },
  { PR_IDENTITY_PHONE, "0591-87654321-123", "059187654321-123" },
  { PR_IDENTITY_PHONE, "0591-87654321 ext. 123", "059187654321-123" },
  { PR_IDENTITY_PHONE, "13812348000/13900139000", "13812348000,13900139000" },
  { PR_IDENTITY_PHONE, "＋８６　１３８１２３４８０００", "13812348000" },
  { PR_IDENTITY_PHONE, "138 1234 8000", "13812348000" },
  { PR_IDENTITY_PHONE, "1380013800", "" },
  { PR_IDENTITY_PHONE, "电话：13812348000", "13812348000" },
  { PR_IDENTITY_PHONE, "86-13812348000", "13812348000" },
  { PR_IDENTITY_PHONE, "+86 (0)591 87654321", "059187654321" },
  { PR_IDENTITY_PHONE, "0591 8765 4321", "059187654321" },
  { PR_IDENTITY_PHONE, "13812348000,13812348000", "13812348000" },
  { PR_IDENTITY_PHONE, "13812348000（本人）", "13812348000" },
  { PR_IDENTITY_PHONE, "手机13812348000 座机0591-87654321", "13812348000,059187654321" },
  { PR_IDENTITY_PHONE, "+86 591 87654321", "059187654321" },
  { PR_IDENTITY_PHONE, "(+86)13812348000", "13812348000" },
  { PR_IDENTITY_PHONE, "13812348000转8001", "13812348000-8001" },
  { PR_IDENTITY_PHONE, "0591-8765432１", "059187654321" },
  { PR_IDENTITY_PHONE, "138****8000", "" },
  { PR_IDENTITY_PHONE, "无", "" },
  { PR_IDENTITY_PHONE, "不详", "" },
  { PR_IDENTITY_ID_CARD, "11010519491231002x", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "11010519491231002×", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "11010519491231002Ｘ", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "１１０１０５１９４９１２３１００２Ｘ", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "110105 19491231 002X", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "110105-19491231-002X", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "110105491231002", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "11010519491231002", "" },
  { PR_IDENTITY_ID_CARD, "身份证:11010519491231002X（男）", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "11010519491231002X/110101199001011237", "11010519491231002X,110101199001011237" },
  { PR_IDENTITY_ID_CARD, "110101199001011238", "" },
  { PR_IDENTITY_ID_CARD, "3501**********1234", "" },
  { PR_IDENTITY_ID_CARD, "11010519491231002ｘ", "11010519491231002X" },
  { PR_IDENTITY_ID_CARD, "身份证号码:110101199001011237,电话13812348000", "110101199001011237" },
};

static void
test_names (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (name_cells); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_auto(GStrv) expected = g_strsplit (name_cells[i].names, ",", -1);
      guint n_expected = *name_cells[i].names == '\0' ? 0 : g_strv_length (expected);
      PrIdentityValueState state;

      g_test_message ("%s", name_cells[i].cell);
      state = pr_identity_read_names (name_cells[i].cell, -1, names, NULL);
      g_assert_cmpint (state == PR_IDENTITY_VALUE_VALID, ==, n_expected > 0);
      g_assert_cmpuint (names->len, ==, n_expected);
      for (guint j = 0; j < names->len; j++)
        g_assert_cmpstr (names->pdata[j], ==, expected[j]);
    }
}

static void
test_pairs (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s | %s | %s", pairs[i].a, pairs[i].b, pairs[i].phone);
      g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_NAME, pairs[i].a, pairs[i].b, PR_IDENTITY_PHONE,
                                                 *pairs[i].phone == '\0' ? NULL : pairs[i].phone),
                       ==, pairs[i].kind);
    }
}

/* An equal valid ID card is one person, whatever relative the cell writes. */
static void
test_unowned_relative_id_card (void)
{
  g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_NAME, "他爹", "张三", PR_IDENTITY_ID_CARD, "11010519491231002X"),
                   ==, PR_PETITIONER_SAME);
  g_assert_cmpint (pr_test_identity_compare (PR_IDENTITY_NAME, "他爹", "他爹", PR_IDENTITY_ID_CARD, "11010519491231002X"),
                   ==, PR_PETITIONER_SAME);
}

/* A phone's normal form starts with its kind's letter (m, l): the
 * digits after it are what is compared here. */
static void
test_numbers (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (number_cells); i++)
    {
      g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);
      g_auto(GStrv) expected = g_strsplit (number_cells[i].numbers, ",", -1);
      g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", number_cells[i].cell);
      pr_identity_normalize (number_cells[i].role, number_cells[i].cell, -1, normals);
      for (guint j = 0; j < normals->len; j++)
        {
          const char *normal = normals->pdata[j];

          if (number_cells[i].role == PR_IDENTITY_PHONE && g_ascii_isalpha (*normal))
            normal++;
          if (!g_ptr_array_find_with_equal_func (read, normal, g_str_equal, NULL))
            g_ptr_array_add (read, g_strdup (normal));
        }
      g_assert_cmpuint (read->len, ==, *number_cells[i].numbers == '\0' ? 0 : g_strv_length (expected));
      for (guint j = 0; j < read->len; j++)
        g_assert_cmpstr (read->pdata[j], ==, expected[j]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-office-cells/names", test_names);
  g_test_add_func ("/engine/identity-office-cells/pairs", test_pairs);
  g_test_add_func ("/engine/identity-office-cells/unowned-relative-id-card", test_unowned_relative_id_card);
  g_test_add_func ("/engine/identity-office-cells/numbers", test_numbers);
  return g_test_run ();
}
