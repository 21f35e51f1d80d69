/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Names and numbers as clerks write them beside the plain forms: an
 * honorific (王先生), a note (王小明（代）), a group (王小明等3人), several
 * names in one cell (王小明、李华), a masked and a full number in one cell
 * (138****5678 13812345678), and the forms of one value (陳 and 陈, full-
 * width digits, a lower-case x, a 15-digit card, +86 and 0086, 欧阳, the
 * middle dots, spaces). Oracle: the answer worked out by hand from the
 * rules in pr-identity-table.c for each pair of records, written here.
 */
#define G_LOG_DOMAIN "pr-test-identity-notes"

#include "config.h"

#include <string.h>

#include "pr-identity.h"

/* Two records, each a name, an address, a phone and an ID card (NULL for
 * none); their comparison, and the evidence through @evidence. */
static PrPetitionerKind
compare (const char         *name_a,
         const char         *address_a,
         const char         *phone_a,
         const char         *id_a,
         const char         *name_b,
         const char         *address_b,
         const char         *phone_b,
         const char         *id_b,
         PrIdentityEvidence *evidence)
{
  const char *values[2][4] = { { name_a, address_a, phone_a, id_a }, { name_b, address_b, phone_b, id_b } };
  const PrIdentityRole roles[4] = { PR_IDENTITY_NAME, PR_IDENTITY_ADDRESS, PR_IDENTITY_PHONE, PR_IDENTITY_ID_CARD };
  PrIdentityTable *table = pr_identity_table_new ();
  PrPetitionerKind kind, by_roles;

  for (guint r = 0; r < 2; r++)
    {
      pr_identity_table_add_record (table);
      for (guint i = 0; i < 4; i++)
        if (values[r][i] != NULL)
          pr_identity_table_add_value (table, roles[i], values[r][i], -1);
    }
  pr_identity_table_finish (table);
  kind = pr_identity_table_compare (table, 0, 1, evidence);
  by_roles = pr_identity_table_compare_by_roles (table, 0, 1, NULL);
  g_assert_cmpint (kind, ==, by_roles);
  g_assert_cmpint (pr_identity_table_compare (table, 1, 0, NULL), ==, kind);
  pr_identity_table_free (table);
  return kind;
}

/* That @cell reads as the valid name @first, and @second beside it if given. */
static void
assert_reads (const char *cell,
              const char *first,
              const char *second)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_test_message ("%s", cell);
  g_assert_cmpint (pr_identity_read_names (cell, -1, names, NULL), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (names->len, ==, second != NULL ? 2 : 1);
  g_assert_cmpstr (names->pdata[0], ==, first);
  if (second != NULL)
    g_assert_cmpstr (names->pdata[1], ==, second);
}

#define HOME "西岚市新华街98号3单元501室"
#define OTHER_HOME "西岚市解放路12号"

/* Still a name at a front desk's phone: with 张三, 李四 and 赵五 four names,
 * so the phone alone joins no two of them; 赵* may be 赵五, no fourth. */
static void
honorific_front_desk (const char *fourth,
                      guint64     n_desks)
{
  const char *const names[] = { "张三", "李四", "赵五", fourth };
  PrIdentityTable *table = pr_identity_table_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, "13812348000", -1);
      pr_identity_table_add_value (table, PR_IDENTITY_NAME, names[i], -1);
    }
  pr_identity_table_finish (table);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_front_desk_phones, ==, n_desks);
  g_assert_cmpint (pr_identity_table_compare (table, 0, 3, NULL), ==, PR_PETITIONER_OTHER);
  pr_identity_table_free (table);
}

/* 王先生 at one home: never evidence of one petitioner; against another
 * surname, another petitioner; against its own surname, nothing known. */
static void
test_honorific (void)
{
  PrIdentityEvidence evidence;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);

  /* Supports nothing. */
  g_assert_cmpint (compare ("王先生", HOME, NULL, NULL, "王先生", HOME, NULL, NULL, &evidence), ==,
                   PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("李女士", HOME, NULL, NULL, "李女士", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("王先生", HOME, NULL, NULL, "王明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("欧阳老师", HOME, NULL, NULL, "欧阳娜娜", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_UNKNOWN);
  /* Conflicts with another surname, also where a phone would join them. */
  g_assert_cmpint (compare ("王先生", HOME, NULL, NULL, "李明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王先生", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王先生", NULL, NULL, NULL, "李女士", NULL, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("欧阳先生", NULL, "13812348000", NULL, "欧明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  /* The phone, with no name against it, still is evidence. */
  g_assert_cmpint (compare ("王先生", NULL, "13812348000", NULL, "王明", NULL, "13812348000", NULL, &evidence), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_PHONE);

  /* 王老先生 is 王's; a whole name before the honorific is that name. */
  g_assert_cmpint (compare ("王老先生", NULL, "13812348000", NULL, "王明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("王老先生", HOME, NULL, NULL, "王明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("李明先生", HOME, NULL, NULL, "李明", HOME, NULL, NULL, &evidence), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
  g_assert_cmpint (compare ("李明先生", NULL, NULL, NULL, "李华", NULL, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);

  /* 老王 is Wang the elder; a masked name shows its surname as well. */
  g_assert_cmpint (compare ("老王", NULL, "13812348000", NULL, "王明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("老王", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王*", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王某某", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("欧阳××", NULL, "13812348000", NULL, "欧明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王**", NULL, "13812348000", NULL, "王明", NULL, "13812348000", NULL, &evidence), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_PHONE);
  /* Nothing of the name showing: no conflict. */
  g_assert_cmpint (compare ("某某", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("*明", NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                   PR_PETITIONER_SAME);

  /* 小王, 老王, 阿王 before an honorific: the surname only, so it conflicts
   * with 李明 and supports nothing. */
  g_assert_cmpint (compare ("小王老师", HOME, NULL, NULL, "小王师傅", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("老王师傅", HOME, NULL, NULL, "王明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("小王老师", HOME, NULL, NULL, "李明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
  /* A masked stem (无名, 某某, X): no evidence and no conflict, as 某某. */
  static const char *const masked[] = { "无名女士", "X先生", "x先生", "某某先生", "＊女士", "XX女士" };
  for (guint i = 0; i < G_N_ELEMENTS (masked); i++)
    {
      g_test_message ("%s", masked[i]);
      g_assert_cmpint (compare (masked[i], HOME, NULL, NULL, "李明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
      g_assert_cmpint (compare (masked[i], NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_SAME);
    }

  /* An honorific alone names nobody, but says the sex: a woman is not a man. */
  g_assert_cmpint (compare ("先生", HOME, NULL, NULL, "先生", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("女士", NULL, NULL, NULL, "先生", NULL, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);

  g_assert_cmpint (pr_identity_read_names ("王先生", -1, names, conflicts), ==, PR_IDENTITY_VALUE_MASKED);
  g_assert_cmpuint (names->len, ==, 0);
  g_assert_cmpuint (conflicts->len, ==, 1);
  g_assert_cmpstr (conflicts->pdata[0], ==, "王???");
  honorific_front_desk ("王先生", 1);
  honorific_front_desk ("王某", 1);
  honorific_front_desk ("赵*", 0);
}

/* A note says what the person is to the petition (an agent, the
 * petitioner): the name is still the person's. */
static void
test_notes (void)
{
  static const char *const noted[] = { "王小明（代）", "王小明(代写)", "王小明（信访人）", "王小明【代理人】",
                                       "信访人：王小明", "王小明 (本人)", "王小明代写", "王小明（代李华）" };
  PrIdentityEvidence evidence;

  for (guint i = 0; i < G_N_ELEMENTS (noted); i++)
    {
      g_test_message ("%s", noted[i]);
      g_assert_cmpint (compare (noted[i], HOME, NULL, NULL, "王小明", HOME, NULL, NULL, &evidence), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
      /* At a shared phone, the note is no other name. */
      g_assert_cmpint (compare (noted[i], NULL, "13812348000", NULL, "王小明", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (compare (noted[i], HOME, NULL, NULL, "张伟", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
    }
  /* For a principal (代李华), both count. */
  g_assert_cmpint (compare ("王小明（代李华）", HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* A relative or a collective after 代 is nobody's name: the note is
   * dropped, and 张三, 李四 stay two people. */
  g_assert_cmpint (compare ("张三（代父亲）", HOME, NULL, NULL, "李四（代父亲）", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王五（代村民）", HOME, NULL, NULL, "赵六（代村民）", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王五（代其母）", HOME, NULL, NULL, "王五", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* 李时代 is a name, not 李时 and a note. */
  g_assert_cmpint (compare ("李时代", HOME, NULL, NULL, "李时", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
}

/* A group's named member is its representative, a petitioner (the rules
 * count each representative of a group visit as one): a name as any,
 * evidence of the same petitioner with an agreeing address and of another
 * beside another name (two named people at one phone are two); its
 * unnamed members are neither. A group naming nobody (王某等, 村民等50人)
 * is no evidence either way. */
static void
test_groups (void)
{
  static const char *const groups[] = { "王小明等3人", "王小明等", "王小明等人", "王小明等十余人", "王小明（等5人）",
                                        "王小明、李华等", "王小明夫妇", "王小明等人联名", "代表：王小明",
                                        "村民代表:王小明", "王小明（代表）", "王小明(村民代表)", "村民代表王小明",
                                        "代表王小明", "王小明等叁人", "王小明等伍人" };
  static const char *const nameless[] = { "王某等5人", "某某等3人", "村民等50人", "全村村民等" };
  PrIdentityEvidence evidence;

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", groups[i]);
      g_assert_cmpint (compare (groups[i], HOME, NULL, NULL, "王小明", HOME, NULL, NULL, &evidence), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
      g_assert_cmpint (compare (groups[i], HOME, NULL, NULL, groups[i], HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_SAME);
      /* The representative 王小明 is not 张伟. */
      g_assert_cmpint (compare (groups[i], HOME, NULL, NULL, "张伟", HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
      g_assert_cmpint (compare (groups[i], NULL, "13812348000", NULL, "张伟", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
      g_assert_cmpint (pr_identity_read_names (groups[i], -1, names, NULL), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpstr (names->pdata[0], ==, "王小明");
      /* Its conflicts hold no stand-in for the unnamed members. */
      {
        g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);

        pr_identity_read_names (groups[i], -1, all, conflicts);
        for (guint c = 0; c < conflicts->len; c++)
          g_assert_null (strchr (conflicts->pdata[c], '?'));
        g_ptr_array_set_size (all, 0);
        g_assert_cmpint (pr_identity_normalize (PR_IDENTITY_NAME, groups[i], -1, all), ==, PR_IDENTITY_VALUE_VALID);
        for (guint c = 0; c < all->len; c++)
          g_assert_null (strchr (all->pdata[c], '?'));
      }
    }
  g_assert_cmpint (compare ("王小明、李华等", HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  for (guint i = 0; i < G_N_ELEMENTS (nameless); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", nameless[i]);
      g_assert_cmpint (compare (nameless[i], HOME, NULL, NULL, "王小明", HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_UNKNOWN);
      g_assert_cmpint (compare (nameless[i], HOME, NULL, NULL, nameless[i], HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_UNKNOWN);
      g_assert_cmpint (compare (nameless[i], NULL, "13812348000", NULL, "李明", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (pr_identity_read_names (nameless[i], -1, names, NULL), ==, PR_IDENTITY_VALUE_MASKED);
      g_assert_cmpuint (names->len, ==, 0);
    }
  /* 等 inside a name is no group. */
  g_assert_cmpint (compare ("王等明", HOME, NULL, NULL, "王等明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
}

/* A name written with a space inside (a transliteration, a surname set
 * apart, a Tibetan name) is one name; a space parts no co-signers (a word
 * after it is as often a trade, a nation, a village or a place: 王小明 农民,
 * 王小明 龙岩). */
static void
test_spaced (void)
{
  static const char *const one[][2] = {
    { "约翰 史密斯", "约翰·史密斯" }, { "史蒂夫 乔布斯", "史蒂夫·乔布斯" }, { "罗伯特 史密斯", "罗伯特·史密斯" },
    { "马木提 艾力", "马木提·艾力" }, { "买买提 艾力", "买买提艾力" }, { "欧阳 娜娜", "欧阳娜娜" },
    { "王 小明", "王小明" }, { "王小 明华", "王小明华" }, { "边巴 罗布", "边巴罗布" }, { "欧阳 文华", "欧阳文华" },
    { "王小明 龙岩", "王小明龙岩" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (one); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) plain = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", one[i][0]);
      g_assert_cmpint (pr_identity_read_names (one[i][0], -1, names, NULL), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpint (pr_identity_read_names (one[i][1], -1, plain, NULL), ==, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpuint (names->len, ==, 1);
      g_assert_cmpstr (names->pdata[0], ==, plain->pdata[0]);
    }
}

/* Co-signers, each a petitioner: one equal name is evidence; the cell
 * stands against a name none of its names may be. */
static void
test_several (void)
{
  static const char *const cells[] = { "王小明、李华", "王小明，李华", "王小明,李华", "王小明; 李华", "王小明/李华",
                                       "王小明和李华", "王小明与李华", "信访人：王小明、李华" };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      assert_reads (cells[i], "王小明", "李华");
      g_assert_cmpint (compare (cells[i], HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (cells[i], NULL, "13812348000", NULL, "张伟", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
  /* A dash or a full stop between two Han names parts co-signers. */
  static const char *const dashed[] = { "王小明-李华", "王小明—李华", "王小明－李华", "王小明。李华", "王小明 - 李华" };
  for (guint i = 0; i < G_N_ELEMENTS (dashed); i++)
    {
      g_test_message ("%s", dashed[i]);
      g_assert_cmpint (compare (dashed[i], HOME, NULL, NULL, "王小明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (dashed[i], HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
    }
  g_assert_cmpint (compare ("张三—李四", HOME, NULL, NULL, "李四", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* Rarer surnames (温, 甘, 祁, 禤) and compound ones on both sides. */
  static const char *const rare[][3] = {
    { "温小明-甘华", "温小明", "甘华" }, { "禤小明—祁华", "禤小明", "祁华" },
    { "欧阳娜娜-皇甫明", "欧阳娜娜", "皇甫明" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (rare); i++)
    assert_reads (rare[i][0], rare[i][1], rare[i][2]);
  /* A transliteration after a surname's character stays one name. */
  g_assert_cmpint (compare ("马木提-艾力", HOME, NULL, NULL, "马木提·艾力", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("马木提-艾力", HOME, NULL, NULL, "马木提", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("欧阳娜娜-李华", HOME, NULL, NULL, "欧阳娜娜", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* A transliterated name keeps its dash as the middle dot: 阿 is no
   * common surname, so 阿依古丽-买买提 is one name. */
  g_assert_cmpint (compare ("阿依古丽-买买提", HOME, NULL, NULL, "阿依古丽·买买提", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("阿依古丽-买买提", HOME, NULL, NULL, "阿依古丽", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("阿依古丽-买买提", HOME, NULL, NULL, "买买提", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  /* 王和平 is one name. */
  g_assert_cmpint (compare ("王和平", HOME, NULL, NULL, "王和平", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* Latin names keep their commas: Zhang, San and Zhang, Wei are two names. */
  g_assert_cmpint (compare ("Zhang, San", HOME, NULL, NULL, "Zhang, Wei", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
}

/* A person's sex or age beside the name is no name: two men at one home
 * (王大明，男 and 王小明，男) are two people, not one by the name 男; 黄小林 男
 * (as a petition signs it) is 黄小林; so is 黄小林 13812348000. */
static void
test_personal_notes (void)
{
  static const char *const noted[] = { "黄小林，男", "黄小林 男", "黄小林,女", "黄小林 男 45岁", "黄小林，男，45岁",
                                       "黄小林 男性", "黄小林 (男)", "黄小林；性别：男" };
  PrIdentityEvidence evidence;

  for (guint i = 0; i < G_N_ELEMENTS (noted); i++)
    {
      assert_reads (noted[i], "黄小林", NULL);
      g_assert_cmpint (compare (noted[i], HOME, NULL, NULL, "黄小林", HOME, NULL, NULL, &evidence), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
    }
  g_assert_cmpint (compare ("王大明，男", HOME, NULL, NULL, "王小明，男", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王大明 男 62岁", HOME, NULL, NULL, "王小明 男 35岁", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  /* A phone or ID card number after the name is none of the name. */
  static const char *const numbered[] = { "黄小林 13812348000", "黄小林13812348000", "黄小林 电话：0591-87654321",
                                          "黄小林：13812348000", "黄小林: 138-1234-8000",
                                          "黄小林 手机 138 1234 8000", "黄小林 身份证号110101199001011237" };
  for (guint i = 0; i < G_N_ELEMENTS (numbered); i++)
    {
      g_test_message ("%s", numbered[i]);
      g_assert_cmpint (compare (numbered[i], HOME, NULL, NULL, "黄小林", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (numbered[i], HOME, NULL, NULL, "黄大林", HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
  /* A name of a surname and 男 or 女 stays a name. */
  g_assert_cmpint (compare ("王男", HOME, NULL, NULL, "王男", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("王男", HOME, NULL, NULL, "王女", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
}

#define VILLAGE "福州市连江县金山村12号"

/* A word shared by two people (a sex, an age, a nation, a number, a
 * trade, a village, an office) is no name: two people who share one are
 * two. Oracle: the rules of pr-identity-table.c worked out by hand for
 * each pair; the names are those the cells spell. */
static void
test_shared_words (void)
{
  static const struct { const char *cell, *name; } reads[] = {
    { "王小明 男 13812348000", "王小明" }, { "王芳 女 汉族", "王芳" }, { "性别：男 王小明", "王小明" },
    { "王小明，男，45岁，13812348000", "王小明" }, { "王小明 男 45岁 13812348000", "王小明" },
    { "年龄：45 王小明", "王小明" }, { "王小明 维吾尔族", "王小明" }, { "王小明 +86 138 1234 8000", "王小明" },
  };
  static const struct {
    const char *name_a, *address_a, *phone_a, *name_b, *address_b, *phone_b;
    PrPetitionerKind kind;
  } pairs[] = {
    /* A sex, an age, a nation or a number beside the name. */
    { "王小明 男 13812348000", NULL, "13812348000", "李强 男 13812348000", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王小明 男 13812348000", VILLAGE, NULL, "李强 男 13900139000", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "刘德华 男 60 13812348000", VILLAGE, NULL, "张学友 男 55 13900139000", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王小明 45岁 13812348000", NULL, "13812348000", "李强 45岁 13812348000", NULL, "13812348000",
      PR_PETITIONER_OTHER },
    { "王小明 45岁 13812348000", VILLAGE, NULL, "李强 45岁 13900139000", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王丽 女 汉族", VILLAGE, NULL, "李芳 女 汉族", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王小明 男", VILLAGE, NULL, "王小明", VILLAGE, NULL, PR_PETITIONER_SAME },
    { "性别：男 王小明", VILLAGE, NULL, "王小明", VILLAGE, NULL, PR_PETITIONER_SAME },
    { "王小明，男，45岁，13812348000", VILLAGE, NULL, "王小明", VILLAGE, NULL, PR_PETITIONER_SAME },
    { "王小明，男，45岁，13812348000", NULL, "13812348000", "李强，男，45岁，13812348000", NULL, "13812348000",
      PR_PETITIONER_OTHER },
    /* A word after a space. */
    { "王小明 农民", VILLAGE, NULL, "李芳 农民", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王小明 苗族", NULL, "13812348000", "李芳 苗族", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王小明 龙岩", NULL, "138****1234", "李芳 龙岩", NULL, "13812341234", PR_PETITIONER_OTHER },
    { "王小明 金山村", VILLAGE, NULL, "李芳 金山村", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王小明 华为", VILLAGE, NULL, "李芳 华为", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "王小明 万元", VILLAGE, NULL, "李芳 万元", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "欧阳 文华", VILLAGE, NULL, "欧阳 华强", VILLAGE, NULL, PR_PETITIONER_OTHER },
    { "欧阳 文华", NULL, "13812348000", "欧阳文华", NULL, "13812348000", PR_PETITIONER_SAME },
    { "边巴 罗布", VILLAGE, NULL, "边巴罗布", VILLAGE, NULL, PR_PETITIONER_SAME },
    /* One person's office is no group: its bearer is a name as any. */
    { "王小明（人大代表）", NULL, "13812348000", "李华", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "法人代表：王小明", NULL, "13812348000", "李华", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王小明（法人代表）", VILLAGE, "138****1234", "李华", VILLAGE, "13812341234", PR_PETITIONER_OTHER },
    { "党代表王小明", NULL, "13812348000", "李华", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "法人代表：王小明", VILLAGE, NULL, "王小明", VILLAGE, NULL, PR_PETITIONER_SAME },
    /* A group's named co-signers are names as any. */
    { "王小明、李华（村民代表）", VILLAGE, NULL, "李华", VILLAGE, NULL, PR_PETITIONER_SAME },
    { "王小明、李华（村民代表）", NULL, "13812348000", "张伟", NULL, "13812348000", PR_PETITIONER_OTHER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (reads); i++)
    assert_reads (reads[i].cell, reads[i].name, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s, %s", pairs[i].name_a, pairs[i].name_b);
      g_assert_cmpint (compare (pairs[i].name_a, pairs[i].address_a, pairs[i].phone_a, NULL, pairs[i].name_b,
                                pairs[i].address_b, pairs[i].phone_b, NULL, NULL),
                       ==, pairs[i].kind);
    }
}

#define TOWN "西岚市城关镇金山村"
#define LANDLINE "0591-87654321"

/* A piece of a cell that is no name: a label left when its number is
 * dropped, a trade, a party, an age, a date, an address; a surname alone;
 * a sex. None is a name two people can share. Oracle: the rules of
 * pr-identity-table.c worked out by hand for each pair. */
static void
test_not_names (void)
{
  static const char *const labels[] = {
    "手机号 ", "Phone: ", "电话号码", "身份证号码", "QQ ", "手机号码", "证件号码", "座机 ", "mobile ", "id ", "邮编",
  };
  static const char *const numbers[][2] = {
    { "13812348000", "13900139000" }, { "13812348000", "13900139000" }, { "13812348000", "13900139000" },
    { "350102199001011234", "110101199003077777" }, { "62345678", "87654321" }, { "13812348000", "13900139000" },
    { "350102199001011234", "110101199003077777" }, { "87654321", "62345678" }, { "13812348000", "13900139000" },
    { "350102199001011234", "110101199003077777" }, { "350001", "350001" },
  };
  static const struct {
    const char *name_a, *address_a, *phone_a, *name_b, *address_b, *phone_b;
    PrPetitionerKind kind;
  } pairs[] = {
    { "王小明，手机号 13812348000", NULL, LANDLINE, "李华，手机号 13900139000", NULL, LANDLINE, PR_PETITIONER_OTHER },
    /* A label alone, its number dropped: no name at all. */
    { "手机号 13812348000", HOME, NULL, "手机号 13900139000", HOME, NULL, PR_PETITIONER_UNKNOWN },
    { "办公电话 0591-87654321", HOME, NULL, "办公电话 0591-12345678", HOME, NULL, PR_PETITIONER_UNKNOWN },
    /* Notes after a comma are no co-signers. */
    { "王小明，男，农民", TOWN, NULL, "李华，女，农民", TOWN, NULL, PR_PETITIONER_OTHER },
    { "王小明，男，农民", NULL, LANDLINE, "李华，女，农民", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "王小明，党员", TOWN, NULL, "李华，党员", TOWN, NULL, PR_PETITIONER_OTHER },
    { "王小明，中共党员", TOWN, NULL, "李华，中共党员", TOWN, NULL, PR_PETITIONER_OTHER },
    { "王小明，村民", TOWN, NULL, "李华，村民", TOWN, NULL, PR_PETITIONER_OTHER },
    { "王小明，退休职工", HOME, NULL, "李华，退休职工", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明，初中文化", HOME, NULL, "李华，初中文化", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明，四十五岁", HOME, NULL, "李华，四十五岁", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明，男，1965.03", HOME, NULL, "李华，女，1965.03", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明，住址:西岚市", HOME, NULL, "李华，住址:西岚市", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明，男，农民", TOWN, NULL, "王小明", TOWN, NULL, PR_PETITIONER_SAME },
    /* Where no piece reads as a name, each is one. */
    { "阿依古丽、买买提", NULL, LANDLINE, "李华", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "阿依古丽、买买提", TOWN, NULL, "阿依古丽", TOWN, NULL, PR_PETITIONER_SAME },
    /* A surname alone is 王先生's: no evidence, still not another surname. */
    { "王 男", HOME, NULL, "王 女", HOME, NULL, PR_PETITIONER_OTHER },
    { "王", HOME, NULL, "王", HOME, NULL, PR_PETITIONER_UNKNOWN },
    { "陈", NULL, "13812348000", "李华", NULL, "13812348000", PR_PETITIONER_OTHER },
    /* A sex is the record's: two sexes are two people. */
    { "陈 女", NULL, "13812348000", "陈 男", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "男", NULL, LANDLINE, "女", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "王小明 男 45岁", HOME, NULL, "王小明 女 8岁", HOME, NULL, PR_PETITIONER_OTHER },
    { "王小明（女）", NULL, "13812348000", "性别：男 王小明", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王小明 男", HOME, NULL, "王小明", HOME, NULL, PR_PETITIONER_SAME },
    /* The honorific says the sex too: father and daughter at one landline. */
    { "王先生", NULL, LANDLINE, "王女士", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "王小明 男", NULL, "13812348000", "王女士", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王先生", NULL, "13812348000", "王 女", NULL, "13812348000", PR_PETITIONER_OTHER },
    { "王先生", NULL, "13812348000", "王小明 男", NULL, "13812348000", PR_PETITIONER_SAME },
    { "王小明 男、李华 女", HOME, NULL, "李华 女", HOME, NULL, PR_PETITIONER_SAME },
    /* A record of several people writes no one's sex: one co-signer's is
     * no veto on the others'. */
    { "王小明、李华（女）", NULL, "13812348000", "王小明，男", NULL, "13812348000", PR_PETITIONER_SAME },
    { "王小明、李华（女）", HOME, NULL, "王小明，男", HOME, NULL, PR_PETITIONER_SAME },
    { "王小明 男、李华", NULL, "13812348000", "李华 女", NULL, "13812348000", PR_PETITIONER_SAME },
    /* A nation is one of the 56 by name: 王小族 is a name. */
    { "王小族", NULL, LANDLINE, "李华", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "王小明 柯尔克孜族", HOME, NULL, "王小明", HOME, NULL, PR_PETITIONER_SAME },
    /* A representative's group keeps the representative's surname. */
    { "王某（村民代表）", NULL, LANDLINE, "李华", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "村民代表王小明等30人", NULL, LANDLINE, "李华", NULL, LANDLINE, PR_PETITIONER_OTHER },
    { "村民代表王小明等30人", TOWN, NULL, "村民代表王小明等30人", TOWN, NULL, PR_PETITIONER_SAME },
  };
  const char *const four[] = { "王小明", "李华", "张伟", "赵敏" };
  PrIdentityTable *table = pr_identity_table_new ();

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autofree char *a = g_strdup_printf ("王小明，%s%s", labels[i], numbers[i][0]);
      g_autofree char *b = g_strdup_printf ("李华，%s%s", labels[i], numbers[i][1]);

      g_test_message ("%s, %s", a, b);
      g_assert_cmpint (compare (a, HOME, NULL, NULL, b, HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_test_message ("%s, %s", pairs[i].name_a, pairs[i].name_b);
      g_assert_cmpint (compare (pairs[i].name_a, pairs[i].address_a, pairs[i].phone_a, NULL, pairs[i].name_b,
                                pairs[i].address_b, pairs[i].phone_b, NULL, NULL),
                       ==, pairs[i].kind);
    }
  assert_reads ("王小明，柯尔克孜族", "王小明", NULL);
  assert_reads ("王小明、阿依古丽·买买提", "王小明", "阿依古丽买买提");

  /* An agent's column beside the principal's: the record is two people,
   * and the agent's sex says nothing of the principal's. */
  {
    PrIdentityTable *two = pr_identity_table_new ();

    pr_identity_table_add_record (two);
    pr_identity_table_add_value (two, PR_IDENTITY_NAME, "王强", -1);
    pr_identity_table_add_value (two, PR_IDENTITY_NAME, "李华 女", -1);
    pr_identity_table_add_value (two, PR_IDENTITY_PHONE, "13812348000", -1);
    pr_identity_table_add_record (two);
    pr_identity_table_add_value (two, PR_IDENTITY_NAME, "王强 男", -1);
    pr_identity_table_add_value (two, PR_IDENTITY_PHONE, "13812348000", -1);
    pr_identity_table_finish (two);
    g_assert_cmpint (pr_identity_table_compare (two, 0, 1, NULL), ==, PR_PETITIONER_SAME);
    pr_identity_table_free (two);
  }

  /* Four people at one landline, each with a mobile after a label: no two
   * are one. */
  for (guint i = 0; i < G_N_ELEMENTS (four); i++)
    {
      g_autofree char *cell = g_strdup_printf ("%s，手机号 1380013800%u", four[i], i + 1);

      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_NAME, cell, -1);
      pr_identity_table_add_value (table, PR_IDENTITY_PHONE, LANDLINE, -1);
    }
  pr_identity_table_finish (table);
  for (guint a = 0; a < G_N_ELEMENTS (four); a++)
    for (guint b = a + 1; b < G_N_ELEMENTS (four); b++)
      g_assert_cmpint (pr_identity_table_compare (table, a, b, NULL), !=, PR_PETITIONER_SAME);
  pr_identity_table_free (table);
}

/* A note that is a word of the language (单身, 农民, 董事长) is no name, even
 * where its first character is a surname's; a name that is also a word
 * (高峰, 金星, 文明, 海燕, 张三) is still a name. Oracle: worked out by hand
 * from the rules of pr-identity-table.c; the enumeration below is every
 * note beside every two names. */
static void
test_words (void)
{
  static const char *const notes[] = { "单身", "武警", "董事长", "文员", "农民", "司机", "包工头", "个体户", "下岗",
                                       "毕业生", "孙子", "儿子" };
  static const char *const people[] = { "王小明", "李华", "张伟", "赵敏" };
  static const char *const worded[] = { "高峰", "金星", "文明", "海燕", "红梅", "王伟", "张三", "刘德华", "江山",
                                        "林海", "白云", "高明", "黄金凤", "周杰伦", "李彧", "欧阳修", "方圆",
                                        "诸葛亮" };

  for (guint n = 0; n < G_N_ELEMENTS (notes); n++)
    for (guint a = 0; a < G_N_ELEMENTS (people); a++)
      {
        g_autofree char *cell_a = g_strdup_printf ("%s，%s", people[a], notes[n]);

        assert_reads (cell_a, people[a], NULL);
        g_assert_cmpint (compare (cell_a, TOWN, NULL, NULL, people[a], TOWN, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
        for (guint b = a + 1; b < G_N_ELEMENTS (people); b++)
          {
            g_autofree char *cell_b = g_strdup_printf ("%s，%s", people[b], notes[n]);

            g_test_message ("%s, %s", cell_a, cell_b);
            g_assert_cmpint (compare (cell_a, TOWN, NULL, NULL, cell_b, TOWN, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
            g_assert_cmpint (compare (cell_a, NULL, LANDLINE, NULL, cell_b, NULL, LANDLINE, NULL, NULL), ==,
                             PR_PETITIONER_OTHER);
          }
      }
  /* A cell of a note alone names nobody (uncertain: test_uncertain()): two
   * 农民 at one home are not one. */
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

    g_assert_cmpint (pr_identity_read_names ("农民", -1, names, NULL), ==, PR_IDENTITY_VALUE_EMPTY);
    g_assert_cmpuint (names->len, ==, 0);
    g_assert_cmpint (pr_identity_read_names ("单身", -1, names, NULL), ==, PR_IDENTITY_VALUE_EMPTY);
    /* A phrase of dictionary words, with no surname first, is as 农民. */
    g_assert_cmpint (pr_identity_read_names ("下岗职工", -1, names, NULL), ==, PR_IDENTITY_VALUE_EMPTY);
    g_assert_cmpint (pr_identity_read_names ("退休教师", -1, names, NULL), ==, PR_IDENTITY_VALUE_EMPTY);
    g_assert_cmpuint (names->len, ==, 0);
    /* Names cut into single characters are no phrase. */
    assert_reads ("扎西顿珠", "扎西顿珠", NULL);
    assert_reads ("阿依古丽", "阿依古丽", NULL);
    g_assert_cmpint (compare ("农民", HOME, NULL, NULL, "农民", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
  }
  /* Names that are words stay names, alone and beside another. */
  for (guint i = 0; i < G_N_ELEMENTS (worded); i++)
    {
      g_autofree char *two = g_strdup_printf ("王小明，%s", worded[i]);

      assert_reads (worded[i], worded[i], NULL);
      g_assert_cmpint (compare (worded[i], HOME, NULL, NULL, worded[i], HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      /* Beside a name, a piece is a co-signer's name from a known surname
       * only: 海 and 红 are none of the table's. */
      if (g_str_has_prefix (worded[i], "海") || g_str_has_prefix (worded[i], "红"))
        {
          assert_reads (two, "王小明", NULL);
          continue;
        }
      assert_reads (two, "王小明", worded[i]);
      g_assert_cmpint (compare (two, HOME, NULL, NULL, worded[i], HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (worded[i], NULL, LANDLINE, NULL, "李华", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
}

/* A note after a space is no part of the name when the first word is a
 * whole Han name and the rest cannot be one; otherwise the space parts
 * nothing. Oracle: the readings worked out by hand. */
static void
test_spaced_notes (void)
{
  static const char *const noted[] = { "王小明 村主任", "王小明 西岚市新华街98号", "王小明 家住金山村", "王小明 农民",
                                       "王小明 金山村", "王小明 男 汉族 1965年3月生", "王小明 单身" };

  for (guint i = 0; i < G_N_ELEMENTS (noted); i++)
    {
      assert_reads (noted[i], "王小明", NULL);
      g_assert_cmpint (compare (noted[i], HOME, NULL, NULL, "王小明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (noted[i], NULL, LANDLINE, NULL, "李华", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
  /* The rest may be a name's: kept, as one name. */
  assert_reads ("王小 明华", "王小明华", NULL);
  assert_reads ("王小明 李华", "王小明李华", NULL);
  assert_reads ("边巴 罗布", "边巴罗布", NULL);
  assert_reads ("王小明 龙岩", "王小明龙岩", NULL);
}

/* 代 names the principal after a relative (代丈夫王强): agent and principal
 * both count as petitioners; a relative alone names nobody. */
static void
test_principal_after_relative (void)
{
  static const char *const cells[] = { "李华 女（代丈夫王强）", "李华（代其父王强）", "李华(代父亲王强)" };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      assert_reads (cells[i], "李华", "王强");
      g_assert_cmpint (compare (cells[i], HOME, NULL, NULL, "王强", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (cells[i], HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
      g_assert_cmpint (compare (cells[i], NULL, LANDLINE, NULL, "张伟", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
  assert_reads ("李华（代丈夫）", "李华", NULL);
  /* Without brackets, the same: 代 after a whole Han name. */
  assert_reads ("李华代王强", "李华", "王强");
  assert_reads ("李华代其夫王强", "李华", "王强");
  assert_reads ("李华 代 王强", "李华", "王强");
  assert_reads ("李华代丈夫", "李华", NULL);
  g_assert_cmpint (compare ("李华代其夫王强", NULL, LANDLINE, NULL, "王强", NULL, LANDLINE, NULL, NULL), ==,
                   PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("李华代丈夫", HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  assert_reads ("李时代", "李时代", NULL);
  /* Whose relative: the person named last. */
  assert_reads ("王小明之妻李华", "李华", NULL);
  assert_reads ("王小明的妻子李华", "李华", NULL);
  assert_reads ("王小明之子 王强", "王强", NULL);
  g_assert_cmpint (compare ("王小明之妻李华", HOME, NULL, NULL, "王小明", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_OTHER);
  g_assert_cmpint (compare ("王小明之妻李华", HOME, NULL, NULL, "李华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  /* The agent's sex is no one's in a record of two people. */
  g_assert_cmpint (compare ("李华 女（代丈夫王强）", HOME, NULL, NULL, "王强 男", HOME, NULL, NULL, NULL), ==,
                   PR_PETITIONER_SAME);
}

/* A phrase that says the name is withheld names nobody: two such records
 * at one home are not one person. */
static void
test_withheld (void)
{
  static const char *const cells[] = { "不愿透露姓名", "不愿透露", "匿名群众", "匿名举报人" };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      g_test_message ("%s", cells[i]);
      g_assert_cmpint (pr_identity_read_names (cells[i], -1, names, NULL), !=, PR_IDENTITY_VALUE_VALID);
      g_assert_cmpint (compare (cells[i], HOME, NULL, NULL, cells[i], HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
    }
}

/* A title as a form of address is as 王先生: the surname, conflict only;
 * a whole name before it is that name. */
static void
test_titles (void)
{
  static const char *const titled[] = { "张局长", "张主任", "张总", "张书记", "张经理", "张村长" };

  for (guint i = 0; i < G_N_ELEMENTS (titled); i++)
    {
      g_test_message ("%s", titled[i]);
      g_assert_cmpint (compare (titled[i], HOME, NULL, NULL, titled[i], HOME, NULL, NULL, NULL), ==, PR_PETITIONER_UNKNOWN);
      g_assert_cmpint (compare (titled[i], NULL, LANDLINE, NULL, "李华", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
      g_assert_cmpint (compare (titled[i], NULL, LANDLINE, NULL, "张伟", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_SAME);
    }
  g_assert_cmpint (compare ("张伟局长", HOME, NULL, NULL, "张伟", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare ("张伟主任", HOME, NULL, NULL, "张华", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
}

/* A given name of rarer characters is a name all the same, as a co-signer,
 * an agent or a principal. Oracle: the names as written, each a person. */
static void
test_rarer_given_names (void)
{
  static const char *const rarer[] = { "王卫国", "陈素芬", "孙满仓", "何巧玲", "王敬", "周栋", "胡培", "吴玥", "王昱",
                                       "刘焕章", "王招娣", "司马懿", "诸葛孔明", "上官婉儿" };

  for (guint i = 0; i < G_N_ELEMENTS (rarer); i++)
    {
      g_autofree char *cosigned = g_strdup_printf ("%s、李华", rarer[i]);
      g_autofree char *agent = g_strdup_printf ("%s（代李华）", rarer[i]);
      g_autofree char *principal = g_strdup_printf ("李华（代%s）", rarer[i]);

      assert_reads (cosigned, rarer[i], "李华");
      assert_reads (agent, rarer[i], "李华");
      assert_reads (principal, "李华", rarer[i]);
      g_assert_cmpint (compare (cosigned, NULL, LANDLINE, NULL, rarer[i], NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (compare (principal, HOME, NULL, NULL, rarer[i], HOME, NULL, NULL, NULL), ==, PR_PETITIONER_SAME);
    }
}

/* The names and the conflict-only names of @cell, joined by commas. */
static void
read_cell (const char  *cell,
           char       **names_out,
           char       **conflicts_out)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);

  pr_identity_read_names (cell, -1, names, conflicts);
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (conflicts, NULL);
  *names_out = g_strjoinv (",", (char **) names->pdata);
  *conflicts_out = g_strjoinv (",", (char **) conflicts->pdata);
}

/* A title counts only after a bare surname or a whole name; after anything
 * else the piece is a note, and no part of it a name. */
static void
test_title_after_no_name (void)
{
  static const char *const posts[] = { "村党支部书记", "公司经理", "村委会主任", "办公室主任", "项目经理", "副局长",
                                       "村支书", "副村长" };
  static const struct { const char *cell, *as; } ranked[] = {
    { "王总经理", "王先生" }, { "张副局长", "张先生" }, { "王总", "王先生" }, { "小王主任", "王先生" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (posts); i++)
    {
      g_autofree char *a = g_strdup_printf ("王大伟，%s", posts[i]);
      g_autofree char *b = g_strdup_printf ("李华，%s", posts[i]);
      g_autofree char *names = NULL, *conflicts = NULL;

      assert_reads (a, "王大伟", NULL);
      g_assert_cmpint (compare (a, TOWN, NULL, NULL, b, TOWN, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
      g_assert_cmpint (compare (a, NULL, LANDLINE, NULL, b, NULL, LANDLINE, NULL, NULL), ==, PR_PETITIONER_OTHER);
      /* Alone, it names no surname: 村支书 is not 村's. */
      read_cell (posts[i], &names, &conflicts);
      g_assert_cmpstr (names, ==, "");
      g_assert_null (strstr (conflicts, "?"));
      g_assert_cmpint (compare (posts[i], NULL, LANDLINE, NULL, "张三", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
    }
  for (guint i = 0; i < G_N_ELEMENTS (ranked); i++)
    {
      g_autofree char *names = NULL, *conflicts = NULL, *names_as = NULL, *conflicts_as = NULL;

      read_cell (ranked[i].cell, &names, &conflicts);
      read_cell (ranked[i].as, &names_as, &conflicts_as);
      g_test_message ("%s", ranked[i].cell);
      g_assert_cmpstr (names, ==, names_as);
      g_assert_cmpstr (conflicts, ==, conflicts_as);
    }
  assert_reads ("王大伟经理", "王大伟", NULL);
}

/* A dictionary word that may be a name (温馨, 农民, 村支书 alone) is
 * uncertain: never evidence of one person, but against another name it
 * still says two, so that a phone alone joins nobody a name would not.
 * Oracle: the reading of these cells as names, which never joined 温馨
 * and 张三 at one phone. */
static void
test_uncertain (void)
{
  static const char *const uncertain[] = { "温馨", "舒畅", "康乐", "农民", "单身", "董事长", "村支书" };

  for (guint i = 0; i < G_N_ELEMENTS (uncertain); i++)
    {
      g_autofree char *beside = g_strdup_printf ("%s、李华", uncertain[i]);
      g_autofree char *names = NULL, *conflicts = NULL;

      g_test_message ("%s", uncertain[i]);
      read_cell (uncertain[i], &names, &conflicts);
      g_assert_cmpstr (names, ==, "");
      g_assert_cmpstr (conflicts, ==, uncertain[i]);
      g_assert_cmpint (compare (uncertain[i], NULL, "13812348000", NULL, "张三", NULL, "13812348000", NULL, NULL), ==,
                       PR_PETITIONER_OTHER);
      g_assert_cmpint (compare (uncertain[i], HOME, NULL, NULL, uncertain[i], HOME, NULL, NULL, NULL), ==,
                       PR_PETITIONER_UNKNOWN);
      /* Beside a name, the name alone. */
      assert_reads (beside, "李华", NULL);
      g_assert_cmpint (compare (beside, NULL, LANDLINE, NULL, "李华", NULL, LANDLINE, NULL, NULL), ==,
                       PR_PETITIONER_SAME);
    }
  assert_reads ("高峰", "高峰", NULL);
  assert_reads ("海燕", "海燕", NULL);
  assert_reads ("高峰、李华", "高峰", "李华");
}

/* White space is read the same in every place: inside brackets as after
 * 代 without them, and a name after a name's space is part of it, as
 * written, whatever its characters. */
static void
test_spaces_alike (void)
{
  assert_reads ("李华（代丈夫 王强）", "李华", "王强");
  assert_reads ("李华（代 王强）", "李华", "王强");
  assert_reads ("李华（ 代王强 ）", "李华", "王强");
  assert_reads ("王小明 王卫国", "王小明王卫国", NULL);
  assert_reads ("王小明 王伟", "王小明王伟", NULL);
  assert_reads ("李华 阿依古丽", "李华阿依古丽", NULL);
  assert_reads ("李华 村主任", "李华", NULL);
  assert_reads ("李华 书记", "李华", NULL);
}

/* A masked and a full number in one cell: the full one when it fits the
 * mask; no evidence at all when it does not. */
static void
test_masked_and_full (void)
{
  char id[PR_ID_CARD_LENGTH + 1];
  g_autoptr(GPtrArray) phones = g_ptr_array_new_with_free_func (g_free);
  PrIdentityEvidence evidence;

  g_assert_cmpint (pr_identity_normalize_id_card ("110101********1237 110101199001011237", -1, id), ==,
                   PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (id, ==, "110101199001011237");
  g_assert_cmpint (pr_identity_normalize_id_card ("110101199001011237　1101**********1237", -1, id), ==,
                   PR_IDENTITY_VALUE_VALID);
  /* 4569 is not 1237; 3501 is not 1101. */
  g_assert_cmpint (pr_identity_normalize_id_card ("110101********1237 110101199001014569", -1, id), ==,
                   PR_IDENTITY_VALUE_INVALID);
  g_assert_cmpint (pr_identity_normalize_id_card ("3501**********1237 110101199001011237", -1, id), ==,
                   PR_IDENTITY_VALUE_INVALID);
  /* Masked alone stays masked. */
  g_assert_cmpint (pr_identity_normalize_id_card ("110101********1237", -1, id), ==, PR_IDENTITY_VALUE_MASKED);

  g_assert_cmpint (pr_identity_normalize_phones ("138****5678 13812345678", -1, phones), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (phones->len, ==, 1);
  g_assert_cmpstr (phones->pdata[0], ==, "m13812345678");
  g_ptr_array_set_size (phones, 0);
  g_assert_cmpint (pr_identity_normalize_phones ("13812345678 138****5678", -1, phones), ==, PR_IDENTITY_VALUE_VALID);
  g_ptr_array_set_size (phones, 0);
  g_assert_cmpint (pr_identity_normalize_phones ("138****5678 13899991234", -1, phones), ==, PR_IDENTITY_VALUE_INVALID);
  g_assert_cmpuint (phones->len, ==, 0);

  /* Records: the cell read as its full number is evidence with it... */
  g_assert_cmpint (compare (NULL, NULL, "138****5678 13812345678", NULL, NULL, NULL, "13812345678", NULL, &evidence),
                   ==, PR_PETITIONER_SAME);
  g_assert_cmpint (compare (NULL, NULL, NULL, "110101********1237 110101199001011237", NULL, NULL, NULL,
                            "110101199001011237", &evidence), ==, PR_PETITIONER_SAME);
  g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_ID_CARD);
  /* ...a contradicting cell is evidence of nothing, neither number's nor
   * the mask's (with an equal name, the mask's part would agree). */
  g_assert_cmpint (compare (NULL, NULL, "138****5678 13899991234", NULL, NULL, NULL, "13899991234", NULL, NULL), ==,
                   PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("王明", NULL, "138****5678 13899991234", NULL, "王明", NULL, "13812345678", NULL, NULL),
                   ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare ("王明", NULL, NULL, "110101********1237 110101199001014569", "王明", NULL, NULL,
                            "110101199001011237", NULL), ==, PR_PETITIONER_UNKNOWN);
  g_assert_cmpint (compare (NULL, NULL, NULL, "110101********1237 110101199001014569", NULL, NULL, NULL,
                            "110101199001014569", NULL), ==, PR_PETITIONER_UNKNOWN);
}

/* One value written in its other forms: the same petitioner. */
static void
test_forms (void)
{
  static const char *const same_names[][2] = {
    { "陳小明", "陈小明" },
    { "歐陽娜娜", "欧阳娜娜" },
    { "司馬 光", "司马光" },
    { "王 小 明", "王小明" },
    { "阿依古丽·买买提", "阿依古丽•买买提" },
    { "阿依古丽．买买提", "阿依古丽・买买提" },
    { "阿依古丽 买买提", "阿依古丽·买买提" },
    { "阿依古丽-买买提", "阿依古丽·买买提" },
    { "阿依古丽—买买提", "阿依古丽·买买提" },
    { "阿依古丽。买买提", "阿依古丽·买买提" },
  };
  static const char *const same_ids[][2] = {
    { "１１０１０１１９９００１０１１２３７", "110101199001011237" },
    { "11010119900307803x", "11010119900307803X" },
    { "11010119900307803ｘ", "11010119900307803X" },
    { "350102751120001", "350102197511200013" },
    { "110101 19900101 1237", "110101-19900101-1237" },
  };
  static const char *const same_phones[][2] = {
    { "+86 138 1234 5678", "13812345678" },
    { "0086-13812345678", "138-1234-5678" },
    { "(010)12345678", "010-12345678" },
    { "+86 10 1234 5678", "010 1234 5678" },
    { "0591-87654321转8001", "0591-87654321 ext. 8001" },
    { "＋８６　１３８１２３４５６７８", "13812345678" },
  };
  static const char *const other_phones[][2] = {
    { "0591-87654321转8001", "0591-87654321转8002" },
    { "0591-87654321", "0592-87654321" },
  };
  PrIdentityEvidence evidence;

  for (guint i = 0; i < G_N_ELEMENTS (same_names); i++)
    {
      g_test_message ("%s, %s", same_names[i][0], same_names[i][1]);
      g_assert_cmpint (compare (same_names[i][0], HOME, NULL, NULL, same_names[i][1], HOME, NULL, NULL, &evidence), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
    }
  for (guint i = 0; i < G_N_ELEMENTS (same_ids); i++)
    {
      g_test_message ("%s, %s", same_ids[i][0], same_ids[i][1]);
      g_assert_cmpint (compare (NULL, NULL, NULL, same_ids[i][0], NULL, NULL, NULL, same_ids[i][1], &evidence), ==,
                       PR_PETITIONER_SAME);
      g_assert_cmpint (evidence, ==, PR_IDENTITY_EVIDENCE_ID_CARD);
    }
  for (guint i = 0; i < G_N_ELEMENTS (same_phones); i++)
    {
      g_test_message ("%s, %s", same_phones[i][0], same_phones[i][1]);
      g_assert_cmpint (compare (NULL, NULL, same_phones[i][0], NULL, NULL, NULL, same_phones[i][1], NULL, &evidence),
                       ==, PR_PETITIONER_SAME);
    }
  for (guint i = 0; i < G_N_ELEMENTS (other_phones); i++)
    {
      g_test_message ("%s, %s", other_phones[i][0], other_phones[i][1]);
      g_assert_cmpint (compare (NULL, NULL, other_phones[i][0], NULL, NULL, NULL, other_phones[i][1], NULL, NULL), ==,
                       PR_PETITIONER_UNKNOWN);
    }
  /* Compound surnames are not their first character's. */
  g_assert_cmpint (compare ("欧阳明", HOME, NULL, NULL, "欧明", HOME, NULL, NULL, NULL), ==, PR_PETITIONER_OTHER);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/identity-notes/honorific", test_honorific);
  g_test_add_func ("/engine/identity-notes/notes", test_notes);
  g_test_add_func ("/engine/identity-notes/groups", test_groups);
  g_test_add_func ("/engine/identity-notes/several", test_several);
  g_test_add_func ("/engine/identity-notes/spaced", test_spaced);
  g_test_add_func ("/engine/identity-notes/personal-notes", test_personal_notes);
  g_test_add_func ("/engine/identity-notes/shared-words", test_shared_words);
  g_test_add_func ("/engine/identity-notes/not-names", test_not_names);
  g_test_add_func ("/engine/identity-notes/words", test_words);
  g_test_add_func ("/engine/identity-notes/spaced-notes", test_spaced_notes);
  g_test_add_func ("/engine/identity-notes/principal-after-relative", test_principal_after_relative);
  g_test_add_func ("/engine/identity-notes/withheld", test_withheld);
  g_test_add_func ("/engine/identity-notes/titles", test_titles);
  g_test_add_func ("/engine/identity-notes/rarer-given-names", test_rarer_given_names);
  g_test_add_func ("/engine/identity-notes/title-after-no-name", test_title_after_no_name);
  g_test_add_func ("/engine/identity-notes/uncertain", test_uncertain);
  g_test_add_func ("/engine/identity-notes/spaces-alike", test_spaces_alike);
  g_test_add_func ("/engine/identity-notes/masked-and-full", test_masked_and_full);
  g_test_add_func ("/engine/identity-notes/forms", test_forms);
  return g_test_run ();
}
