/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Identity values as written (pr-identity.c) and the same-petitioner rule
 * (pr-identity-table.c), against hand-computed vectors. */

#include "config.h"

#include <glib.h>

#include "pr-identity.h"

#include "identity-people.h"

/* The check characters, computed by hand with the weights
 * 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2 and "10X98765432":
 *
 *   11010519491231002: 7+9+0+5+0+20+2+9+24+27+7+18+30+5+0+0+4 = 167,
 *     167 mod 11 = 2 → X
 *   44052418800101001: 28+36+0+25+16+16+2+8+48+0+0+9+0+5+0+0+2 = 195,
 *     195 mod 11 = 8 → 4
 *   35010219800101123: 21+45+0+5+0+8+2+9+48+0+0+9+0+5+8+8+6 = 174,
 *     174 mod 11 = 9 → 3
 *   32010619900307001: 21+18+0+5+0+24+2+9+54+0+0+27+0+35+0+0+2 = 197,
 *     197 mod 11 = 10 → 2 */
static void
test_check_character (void)
{
  g_assert_cmpint (pr_id_card_check_character ("11010519491231002"), ==, 'X');
  g_assert_cmpint (pr_id_card_check_character ("44052418800101001"), ==, '4');
  g_assert_cmpint (pr_id_card_check_character ("35010219800101123"), ==, '3');
  g_assert_cmpint (pr_id_card_check_character ("32010619900307001"), ==, '2');
}

static void
assert_id_card (const char           *written,
                PrIdentityValueState  state,
                const char           *normal)
{
  char out[PR_ID_CARD_LENGTH + 1];

  g_assert_cmpint (pr_identity_normalize_id_card (written, -1, out), ==, state);
  if (normal != NULL)
    g_assert_cmpstr (out, ==, normal);
}

static void
test_id_card_forms (void)
{
  assert_id_card ("11010519491231002X", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  /* A lower-case x, full-width digits and x, spaces, an ideographic space,
   * a zero-width space. */
  assert_id_card ("11010519491231002x", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  assert_id_card ("１１０１０５１９４９１２３１００２ｘ", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  assert_id_card ("110105 19491231 002X", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  assert_id_card ("110105\u300019491231\u200b002X ", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  assert_id_card ("440524188001010014", PR_IDENTITY_VALUE_VALID, "440524188001010014");
  /* The wrong check character; one digit changed. */
  assert_id_card ("110105194912310021", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_id_card ("440524188001010024", PR_IDENTITY_VALUE_INVALID, NULL);
  /* A right check character on an impossible birth date (Feb 30th):
   * 35010219800230000: 21+45+0+5+0+8+2+9+48+0+0+18+30+0+0+0+0 = 186, mod 11 = 10 → 2. */
  assert_id_card ("350102198002300002", PR_IDENTITY_VALUE_INVALID, NULL);
  /* Too short, too long, letters, X not last. */
  assert_id_card ("11010519491231002", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_id_card ("11010519491231002X1", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_id_card ("1101051949123100AX", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_id_card ("X10105194912310021", PR_IDENTITY_VALUE_INVALID, NULL);
  /* Masked, empty. */
  assert_id_card ("3501**********1234", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_id_card ("110105xxxxxxxx002X", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_id_card ("  ", PR_IDENTITY_VALUE_EMPTY, NULL);
}

/* Old 15-digit numbers: 19 before the year, the check character computed
 * (the vectors above: 110105 491231 002 → 11010519491231002 → X;
 * 440524 800101 001 → 44052419800101001: 28+36+0+25+16+16+2+9+48+0+0+9+0+5+0+0+2
 * = 196, mod 11 = 9 → 3). */
static void
test_id_card_15 (void)
{
  assert_id_card ("110105491231002", PR_IDENTITY_VALUE_VALID, "11010519491231002X");
  assert_id_card ("440524800101001", PR_IDENTITY_VALUE_VALID, "440524198001010013");
  assert_id_card ("320106900307001", PR_IDENTITY_VALUE_VALID, "320106199003070012");
  /* Month 13. */
  assert_id_card ("110105491331002", PR_IDENTITY_VALUE_INVALID, NULL);
}

static void
assert_phone (const char           *written,
              PrIdentityValueState  state,
              const char           *normal)
{
  g_autofree char *out = NULL;

  g_assert_cmpint (pr_identity_normalize_phone (written, -1, &out, NULL), ==, state);
  g_assert_cmpstr (out, ==, normal);
}

static void
test_phone_forms (void)
{
  const char *mobiles[] = {
    "13800001111", "138-0000-1111", "138 0000 1111", "+86 13800001111", "+86-138-0000-1111",
    "0086 13800001111", "008613800001111", "8613800001111", "(+86) 138 0000 1111", "１３８００００１１１１",
    "138\u200b0000\u200b1111", "138.0000.1111", NULL,
  };
  const char *landlines[] = {
    "0591-87654321", "0591 8765 4321", "(0591)87654321", "（0591）87654321", "059187654321",
    "+86 591 87654321", "+86-591-87654321", "0086 591 87654321", "+86 0591 87654321", NULL,
  };
  PrPhoneKind kind;

  for (guint i = 0; mobiles[i] != NULL; i++)
    {
      g_test_message ("%s", mobiles[i]);
      assert_phone (mobiles[i], PR_IDENTITY_VALUE_VALID, "m13800001111");
    }
  for (guint i = 0; landlines[i] != NULL; i++)
    {
      g_test_message ("%s", landlines[i]);
      assert_phone (landlines[i], PR_IDENTITY_VALUE_VALID, "l059187654321");
    }
  /* An extension is kept: a desk behind a switchboard. */
  assert_phone ("0591-87654321转8001", PR_IDENTITY_VALUE_VALID, "l059187654321-8001");
  assert_phone ("0591-87654321 ext. 12", PR_IDENTITY_VALUE_VALID, "l059187654321-12");
  assert_phone ("+86 138 0000 1111 转 8", PR_IDENTITY_VALUE_VALID, "m13800001111-8");
  /* Beijing and Shanghai: 3-digit area codes and 8 digits. */
  assert_phone ("010-12345678", PR_IDENTITY_VALUE_VALID, "l01012345678");
  assert_phone ("+86 10 12345678", PR_IDENTITY_VALUE_VALID, "l01012345678");
  assert_phone ("021 87654321", PR_IDENTITY_VALUE_VALID, "l02187654321");
  /* A 4-digit area code with 7 digits. */
  assert_phone ("0797-8123456", PR_IDENTITY_VALUE_VALID, "l07978123456");
  /* Without an area code: a local number, never the landline above. */
  assert_phone ("8765-4321", PR_IDENTITY_VALUE_VALID, "s87654321");
  assert_phone ("86123456", PR_IDENTITY_VALUE_VALID, "s86123456");
  /* Area codes with the wrong number of digits after them; hotlines. */
  assert_phone ("010-1234567", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("021-876543210", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("12345", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("400-800-1234", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("1380000111", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("12800001111", PR_IDENTITY_VALUE_INVALID, NULL);
  assert_phone ("电话", PR_IDENTITY_VALUE_INVALID, NULL);
  /* Masked. */
  assert_phone ("138****1111", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_phone ("138xxxx1111", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_phone ("138＊＊＊＊1111", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_phone ("", PR_IDENTITY_VALUE_EMPTY, NULL);

  g_assert_cmpint (pr_identity_normalize_phone ("13800001111", -1, NULL, &kind), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (kind, ==, PR_PHONE_MOBILE);
  g_assert_cmpint (pr_identity_normalize_phone ("0591-87654321", -1, NULL, &kind), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (kind, ==, PR_PHONE_LANDLINE);
  g_assert_cmpint (pr_identity_normalize_phone ("87654321", -1, NULL, &kind), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (kind, ==, PR_PHONE_LOCAL);
}

/* A cell of several numbers. */
static void
test_phone_cells (void)
{
  g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (pr_identity_normalize_phones ("138-0000-1111/0591-87654321；139 0000 2222、138****1234", -1,
                                                 normals), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpuint (normals->len, ==, 3);
  g_assert_cmpstr (normals->pdata[0], ==, "m13800001111");
  g_assert_cmpstr (normals->pdata[1], ==, "l059187654321");
  g_assert_cmpstr (normals->pdata[2], ==, "m13900002222");
  g_ptr_array_set_size (normals, 0);
  g_assert_cmpint (pr_identity_normalize_phones ("138****1234 或 12345", -1, normals), ==, PR_IDENTITY_VALUE_MASKED);
  g_assert_cmpuint (normals->len, ==, 0);
}

static void
assert_name (const char           *written,
             PrIdentityValueState  state,
             const char           *normal)
{
  g_autofree char *out = NULL;

  g_assert_cmpint (pr_identity_normalize_name (written, -1, &out), ==, state);
  g_assert_cmpstr (out, ==, normal);
}

static void
test_names (void)
{
  assert_name ("张伟", PR_IDENTITY_VALUE_VALID, "张伟");
  assert_name (" 张 伟 ", PR_IDENTITY_VALUE_VALID, "张伟");
  assert_name ("张\u3000伟", PR_IDENTITY_VALUE_VALID, "张伟");
  assert_name ("张\u200b伟", PR_IDENTITY_VALUE_VALID, "张伟");
  assert_name ("\ufeff张伟", PR_IDENTITY_VALUE_VALID, "张伟");
  /* Middle dots, as written in names of several peoples. */
  assert_name ("阿依古丽·买买提", PR_IDENTITY_VALUE_VALID, "阿依古丽买买提");
  assert_name ("阿依古丽•买买提", PR_IDENTITY_VALUE_VALID, "阿依古丽买买提");
  assert_name ("阿依古丽・买买提", PR_IDENTITY_VALUE_VALID, "阿依古丽买买提");
  assert_name ("阿依古丽.买买提", PR_IDENTITY_VALUE_VALID, "阿依古丽买买提");
  /* NFKC: full-width Latin letters and compatibility ideographs. */
  assert_name ("ＬＩ Ｍｉｎｇ", PR_IDENTITY_VALUE_VALID, "liming");
  assert_name ("\uf9d1伟", PR_IDENTITY_VALUE_VALID, "六伟");
  /* Masked and placeholders. */
  assert_name ("王某某", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("王某", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("张*", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("张＊＊", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("李××", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("李XX", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("匿名", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("不详", PR_IDENTITY_VALUE_MASKED, NULL);
  assert_name ("Maxx", PR_IDENTITY_VALUE_VALID, "maxx");
  assert_name (" \u200b ", PR_IDENTITY_VALUE_EMPTY, NULL);
}

static void
test_addresses_and_ids (void)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_assert_cmpint (pr_identity_normalize_address ("西岚市云溪区新华街98号", -1, &a), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpint (pr_identity_normalize_address ("西岚市 云溪区，新华街９８号。", -1, &b), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (a, ==, b);
  g_clear_pointer (&b, g_free);
  g_assert_cmpint (pr_identity_normalize_address ("西岚市云溪区新华街**号", -1, &b), ==, PR_IDENTITY_VALUE_MASKED);
  g_assert_cmpint (pr_identity_normalize_petitioner ("A0007 4011", -1, &c), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (c, ==, "a00074011");
  g_clear_pointer (&c, g_free);
  g_assert_cmpint (pr_identity_normalize_petitioner ("李某某", -1, &c), ==, PR_IDENTITY_VALUE_MASKED);
}

static void
assert_address (const char *value,
                const char *expected)
{
  g_autofree char *normal = NULL;

  g_test_message ("%s", value);
  g_assert_cmpint (pr_identity_normalize_address (value, -1, &normal), ==, PR_IDENTITY_VALUE_VALID);
  g_assert_cmpstr (normal, ==, expected);
}

/* One home written two ways: numbers in Chinese or Arabic digits, the
 * building as 号楼, 幢 or 栋. The expected forms are worked out by hand. */
static void
test_address_forms (void)
{
  assert_address ("幸福小区五号楼三单元", "幸福小区5栋3单元");
  assert_address ("幸福小区5幢3单元", "幸福小区5栋3单元");
  assert_address ("幸福小区５栋３单元", "幸福小区5栋3单元");
  assert_address ("新华街一百零五号", "新华街105号");
  assert_address ("新华街二十三号", "新华街23号");
  assert_address ("新华街十号", "新华街10号");
  assert_address ("新华街十一号", "新华街11号");
  assert_address ("新华街两百号", "新华街200号");
  assert_address ("三千零二十号", "3020号");
  assert_address ("一〇五室", "105室");
  /* Place names change alike on both sides. */
  assert_address ("三里屯", "3里屯");
  /* Other buildings stay apart. */
  assert_address ("幸福小区六号楼三单元", "幸福小区6栋3单元");
}

static void
test_same_petitioner (void)
{
  const Person people[] = {
    /* 0, 1: one ID card, written two ways (18 and 15 digits), names apart. */
    { "张伟", "11010519491231002X", "", "", "" },
    { "张 伟", "110105491231002", "", "", "" },
    /* 2, 3: one mobile, in two columns and two forms. */
    { "", "", "138-0000-1111", "", "" },
    { "", "", "", "+86 13800001111", "" },
    /* 4, 5: two 张伟 at other addresses with other phones: nothing known
     * (a person has several phones and moves; a name alone is no evidence). */
    { "张伟", "", "13900002222", "", "东川市新华街1号" },
    { "张伟", "", "13900003333", "", "北泽市和平路2号" },
    /* 6, 7: the same name and address, nothing else: the same. */
    { "李娜", "", "", "", "西岚市云溪区新华街98号" },
    { "李 娜", "", "", "", "西岚市云溪区新华街98号。" },
    /* 8, 9: one home phone, two names (husband and wife): others. */
    { "王强", "", "0591-87654321", "", "" },
    { "陈芳", "", "059187654321", "", "" },
    /* 10, 11: masked names and masked phones: nothing known. */
    { "王某某", "", "138****1234", "", "" },
    { "王某某", "", "138****1234", "", "" },
    /* 12, 13: one phone, different valid ID cards: others. */
    { "", "440524188001010014", "13700004444", "", "" },
    { "", "11010519491231002X", "13700004444", "", "" },
    /* 14, 15: an invalid ID card (wrong check character) is no evidence. */
    { "", "110105194912310021", "", "", "" },
    { "", "110105194912310021", "", "", "" },
  };
  g_autoptr(PrIdentityTable) table = table_of (people, G_N_ELEMENTS (people));

  assert_pair (table, 0, 1, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_ID_CARD);
  assert_pair (table, 2, 3, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_PHONE);
  assert_pair (table, 4, 5, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 0, 4, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 6, 7, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_ADDRESS);
  assert_pair (table, 8, 9, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 10, 11, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 12, 13, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 14, 15, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_invalid[PR_IDENTITY_ID_CARD], ==, 2);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_masked[PR_IDENTITY_NAME], ==, 2);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_masked[PR_IDENTITY_PHONE], ==, 2);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_valid[PR_IDENTITY_ID_CARD], ==, 4);
}

/* A phone given with PR_IDENTITY_FRONT_DESK_NAMES names is a front desk's:
 * no evidence by itself, but with an equal name it is. One name fewer, it
 * is a family's, and evidence where no name stands against it. A masked
 * name showing nothing (某某) is no name to count; 王某 would be a fourth. */
static void
test_front_desk (void)
{
  const Person desk[] = {
    { "赵一", "", "0591-88880000", "", "" },
    { "钱二", "", "0591-88880000", "", "" },
    { "孙三", "", "0591-88880000", "", "" },
    { "李四", "", "0591-88880000", "", "" },
    { "李四", "", "0591 8888 0000", "", "" },
    { "", "", "0591-88880000", "", "" },
    { "某某", "", "0591-88880000", "", "" },
  };
  g_autoptr(PrIdentityTable) table = table_of (desk, G_N_ELEMENTS (desk));
  g_autoptr(PrIdentityTable) family = table_of (desk + 1, G_N_ELEMENTS (desk) - 1);

  g_assert_cmpint (PR_IDENTITY_FRONT_DESK_NAMES, ==, 4);
  g_assert_cmpuint (pr_identity_table_get_stats (table)->n_front_desk_phones, ==, 1);
  assert_pair (table, 3, 4, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_NAME_AND_PHONE);
  assert_pair (table, 0, 1, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 5, 6, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  assert_pair (table, 0, 5, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);

  /* Three names: a family's phone. */
  g_assert_cmpuint (pr_identity_table_get_stats (family)->n_front_desk_phones, ==, 0);
  assert_pair (family, 2, 3, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_PHONE);
  assert_pair (family, 0, 4, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_PHONE);
  assert_pair (family, 0, 1, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
}

static void
test_petitioner_ids (void)
{
  g_autoptr(PrIdentityTable) table = pr_identity_table_new ();
  const char *ids[] = { "A00074011", "a0007 4011", "A00074012", "李某某", "李某某" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      pr_identity_table_add_record (table);
      pr_identity_table_add_value (table, PR_IDENTITY_PETITIONER, ids[i], -1);
    }
  pr_identity_table_finish (table);
  assert_pair (table, 0, 1, PR_PETITIONER_SAME, PR_IDENTITY_EVIDENCE_PETITIONER);
  assert_pair (table, 0, 2, PR_PETITIONER_OTHER, PR_IDENTITY_EVIDENCE_NONE);
  /* A masked value in a petitioner column is no evidence. */
  assert_pair (table, 3, 4, PR_PETITIONER_UNKNOWN, PR_IDENTITY_EVIDENCE_NONE);
  g_assert_false (pr_identity_table_same (NULL, 0, 1));
}

/* A column's kind from its values: 80 % of those written make it. */
static void
test_guess_role (void)
{
  const char *id_cards[] = { "11010519491231002X", "440524188001010014", "3501**********1234", "", NULL,
                             "110105491231002" };
  const char *phones[] = { "138-0000-1111", "+86 13900002222", "0591-87654321", "138****1234", "" };
  const char *names[] = { "张伟", "王某某", "李*", "欧阳 华", "阿依古丽·买买提" };
  const char *ids[] = { "A00074011", "居民0", "u123", "邻居202" };
  const char *categories[] = { "城乡建设", "环境保护", "教育文体" };
  /* 3 of 5 ID cards, then one mistyped: under 80 %. */
  const char *mixed[] = { "11010519491231002X", "440524188001010014", "110105194912310021", "12345", "abc" };

  g_assert_cmpint (pr_identity_guess_role (id_cards, G_N_ELEMENTS (id_cards)), ==, PR_IDENTITY_ID_CARD);
  g_assert_cmpint (pr_identity_guess_role (phones, G_N_ELEMENTS (phones)), ==, PR_IDENTITY_PHONE);
  g_assert_cmpint (pr_identity_guess_role (names, G_N_ELEMENTS (names)), ==, PR_IDENTITY_NAME);
  g_assert_cmpint (pr_identity_guess_role (ids, G_N_ELEMENTS (ids)), ==, PR_IDENTITY_PETITIONER);
  /* Categories look like names: the caller needs the column's name too. */
  g_assert_cmpint (pr_identity_guess_role (categories, G_N_ELEMENTS (categories)), ==, PR_IDENTITY_NAME);
  g_assert_cmpint (pr_identity_guess_role (mixed, G_N_ELEMENTS (mixed)), ==, PR_IDENTITY_NONE);
  g_assert_cmpint (pr_identity_guess_role (mixed, 0), ==, PR_IDENTITY_NONE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/identity/id-card/check-character", test_check_character);
  g_test_add_func ("/engine/identity/id-card/forms", test_id_card_forms);
  g_test_add_func ("/engine/identity/id-card/fifteen-digits", test_id_card_15);
  g_test_add_func ("/engine/identity/phone/forms", test_phone_forms);
  g_test_add_func ("/engine/identity/phone/cells", test_phone_cells);
  g_test_add_func ("/engine/identity/names", test_names);
  g_test_add_func ("/engine/identity/addresses-and-ids", test_addresses_and_ids);
  g_test_add_func ("/engine/identity/address-forms", test_address_forms);
  g_test_add_func ("/engine/identity/same-petitioner", test_same_petitioner);
  g_test_add_func ("/engine/identity/front-desk", test_front_desk);
  g_test_add_func ("/engine/identity/petitioner-ids", test_petitioner_ids);
  g_test_add_func ("/engine/identity/guess-role", test_guess_role);

  return g_test_run ();
}
