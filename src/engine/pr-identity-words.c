/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Whether a piece of a name cell is a word of the language (农民, 单身, 董事长)
 * rather than a person's name. Two signals, each from outside the cell:
 *
 * - ICU's word break with its Chinese dictionary: a piece it reads as one
 *   word (农民, 单身, 高峰, 海燕) is a word first, a name only if it also
 *   reads as one (below). ICU splits a name's surname from its given name
 *   (王|小明), but its dictionary is small: it splits 武|警 and 文|员 as it
 *   splits 王|伟, so it cannot be the only signal.
 * - the characters of given names: the commonest few hundred read a
 *   dictionary word as a name too (高峰, 张三); a character of a trade or a
 *   rank that no given name uses (武警, 文员, 包工头) marks a note. Neither
 *   list is a gate for a name: a rarer given name (王敬, 周栋, 王卫国) is
 *   read as a name. A sole given name (高峰's 峰) comes from a narrower set
 *   than the characters of two-character ones (民 of 建民, never alone in a
 *   dictionary word: 农民, 村民).
 *
 * A piece these signals call a word is uncertain, not dropped: it is never
 * evidence of one person, but still says who the record is not.
 *
 * Left out of the sole set on purpose: characters that end nouns of trades,
 * ranks and places (民 工 户 主 师 长 家 中 东 生 兵), where a name's use is rare
 * next to the word's; 员, 人, 警, 事 and 业 (毕业生) are in neither set.
 */
#define G_LOG_DOMAIN "pr-identity-words"

#include "config.h"

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

#include "pr-identity-private.h"

/* Sole given names (高峰, 金星, 文明, 海燕, 王伟): the commonest. */
static const char sole_given[] =
  "伟芳娜敏静丽强磊军洋勇艳杰涛明超霞平刚辉鹏华飞斌宇浩凯健俊帆帅旭宁龙林欢阳建亮成峰波鑫博雪琳晶婷玲燕红"
  "梅兰英芬萍玉莉琴云洁颖倩慧佳丹璐楠蕾薇悦月晨彤欣怡瑶妍星海山江河松柏桂凤秀珍虹春秋冬方文武国庆荣富贵"
  "福祥瑞德仁义智信忠勤毅坚豪威雄彪虎鸿翔腾达远越卓然新立志永昊轩涵琪璇婉蓉菲露霖雯岚清洪滨锋钢铭坤"
  "宏泉源彬杨桐枫榕森琦瑜珊瑾晴雅娟媛娴婕嫣妮姗嘉琼莹萱芸芝茜荷菊蓓";

/* Characters of two-character given names besides those (建民, 家豪, 胜男,
 * 子涵, 春生): a given name of a three-character name is read with these. */
static const char given[] =
  "男女小晓子思雨嘉家豪宏振立淑金永民学友中生天一二三四五六七八九十大少光耀辰宸睿哲皓泽铭奕梓紫梦诗语书若依"
  "可欣心馨美秀爱春夏秋冬东南北西冰水火土木兴旺盛昌隆发财宝珠凤凰鸟鹤燕雁雀莺鹰龙虎豹麟麒驹骏腾飞舞"
  "之乃其以为和安定康乐喜庆吉利祥顺正道德仁礼义廉孝忠诚信勇毅刚柔温良恭俭让贤能才艺文武斌彬彩霞丽"
  "红青绿蓝紫白玉琪琳瑶瑛琼瑞璐璇环珍珊珏佩宁静怡悦欣然嫣婉娅娇媚婷姿姣妹姐娥娟娜丹朝阳晖曦旭景晶明亮"
  "星月日晨辰昕昊晗晴雪霜露雷电云雯霖雨海洋涛波浪洪泉源江河湖溪清澄泽润浩淼森林松柏杨柳桃李梅兰竹菊"
  "荷莲芳芬芝芸茜茹莉莎菲萍蓉蕾薇萱英华荣茂草根叶花果实秀颖穗禾稻麦丰年圆岁时世代承继传宗祖孙伯仲叔季"
  "长春延寿福禄贵富有余庆善良宽厚敦笃守恒常久远达通广博深高峻峰岭岩石磊山川坤乾宇宙鹏程锦绣辉煌灿烂"
  "昭彰显扬名声誉望希冀志向理想梦启开创建设立树功勋绩强壮健康宏伟杰俊英雄豪迈超越卓群凯旋胜利捷军"
  "兵将帅师旗鼎铁钢锋锐锦铭钰银金鑫镇铮钧钊全会合同振兴国邦家庭园亭台楼阁轩宁康泰和平安顺利通达辉"
  "伦修黛彧犇彦昆澜骁晟煜炜烨琛瀚翰逸朗铖灏杭珂蕊芮萌贺凡蔚霄舟航钦崇尧舜禹汉元君卿玮璋璞琨琰瑄珺琬婧"
  "姝妙聪惠蕙芷馨香芊茵菁蕴艾苒蔓霓岚峥岳嵩屹弘韬祯祺禧祎瑾璟骞骥骐驰鸣凌霆霁霏翊翎翠羽墨笙琴韵歌颂";

/* Characters of trades, posts and places that no given name uses (武警,
 * 文员, 毕业生, 包工头, 金山村): a signal of a note, where the lists above
 * are never a gate for a name (王敬, 周栋 are names). */
static const char never_given[] = "员警事业户头职务工机村乡区市县街号楼室组社院厂局";

enum {
  SOLE = 1 << 0,
  GIVEN = 1 << 1,
  NEVER = 1 << 2,
};

/* The sets @c is in (SOLE, GIVEN, NEVER): one look-up for every cell
 * instead of a search of each list. */
static guint
sets_of (gunichar c)
{
  static GHashTable *sets;

  if (g_once_init_enter (&sets))
    {
      GHashTable *table = g_hash_table_new (NULL, NULL);
      const struct { const char *chars; guint set; } lists[] = {
        { sole_given, SOLE }, { given, GIVEN }, { never_given, NEVER },
      };

      for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
        for (const char *p = lists[i].chars; *p != '\0'; p = g_utf8_next_char (p))
          {
            gpointer key = GUINT_TO_POINTER (g_utf8_get_char (p));

            g_hash_table_insert (table, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (table, key)) |
                                                               lists[i].set));
          }
      g_once_init_leave (&sets, table);
    }
  return GPOINTER_TO_UINT (g_hash_table_lookup (sets, GUINT_TO_POINTER (c)));
}

/* Whether every character of @text is a given name's; @sole for a given
 * name of one character. */
gboolean
_pr_identity_given_name_reads (const char *text,
                               gboolean    sole)
{
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((sets_of (c) & (sole ? SOLE : SOLE | GIVEN)) == 0)
        return FALSE;
    }
  return TRUE;
}

/* Whether a character of @text is one no given name uses. */
gboolean
_pr_identity_given_name_never (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (sets_of (g_utf8_get_char (p)) & NEVER)
      return TRUE;
  return FALSE;
}

static void
close_break (gpointer data)
{
  ubrk_close (data);
}

/* Each thread's own break iterator: opening one loads the dictionary's
 * rules, too slow for every cell of a table. */
static GPrivate word_break = G_PRIVATE_INIT (close_break);

/* This thread's break iterator set to @text (Han characters, 2 to 31
 * UTF-16 units) through @length, or NULL. */
static UBreakIterator *
word_break_over (const char *text,
                 UChar      *buffer,
                 int32_t     size,
                 int32_t    *length)
{
  UBreakIterator *words = g_private_get (&word_break);
  UErrorCode error = U_ZERO_ERROR;

  u_strFromUTF8 (buffer, size, length, text, -1, &error);
  if (U_FAILURE (error) || *length < 2 || *length >= size)
    return NULL;
  if (words == NULL)
    {
      words = ubrk_open (UBRK_WORD, "zh", NULL, 0, &error);
      if (U_FAILURE (error))
        return NULL;
      g_private_set (&word_break, words);
    }
  ubrk_setText (words, buffer, *length, &error);
  return U_FAILURE (error) ? NULL : words;
}

/* Whether ICU's word break reads the whole of @text (Han characters, up to
 * 16) as one dictionary word. */
gboolean
_pr_identity_is_one_word (const char *text)
{
  UChar buffer[32];
  int32_t length = 0;
  UBreakIterator *words = word_break_over (text, buffer, G_N_ELEMENTS (buffer), &length);

  if (words == NULL)
    return FALSE;
  ubrk_first (words);
  return ubrk_next (words) == length && ubrk_getRuleStatus (words) >= UBRK_WORD_IDEO;
}

/* Whether ICU's word break reads @text (Han characters, up to 16) as two
 * or more dictionary words of two characters or more each (下岗职工,
 * 退休教师): a phrase, where a name of a surname's table-less bearer is
 * cut into single characters (阿依古丽, 扎西顿珠, 买买提艾力). */
gboolean
_pr_identity_is_phrase (const char *text)
{
  UChar buffer[32];
  int32_t length = 0, start, end;
  UBreakIterator *words = word_break_over (text, buffer, G_N_ELEMENTS (buffer), &length);
  guint n = 0;

  if (words == NULL || length < 4)
    return FALSE;
  for (start = ubrk_first (words); (end = ubrk_next (words)) != UBRK_DONE; start = end, n++)
    if (end - start < 2 || ubrk_getRuleStatus (words) < UBRK_WORD_IDEO)
      return FALSE;
  return n >= 2;
}
