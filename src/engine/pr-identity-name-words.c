/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The words a name cell writes beside its names (pr-identity-names.c):
 * a group's ending (王小明等3人, 张三夫妇), a group's representative
 * title, compound surnames, the stems of masked names (某某, X) and the
 * surname one still shows (王某某), and what
 * follows 代 (a role, a relative or a collective).
 */
#include "config.h"

#include <string.h>

#include "pr-memory-stop.h"
#include "pr-identity.h"
#include "pr-identity-private.h"

/* Who a group's unnamed members are (张三等5位村民). */
#define GROUP_MEMBERS "村民|群众|业主|居民|职工|员工|工人|农户|农民|住户|家长|学生|老人|家属|同事|同志|代表"

/* A group's ending: 等, 等人, 等3人, 等十余人, 一行五人, 夫妇, 全家; with
 * @stem, the text before it (王小明 of 王小明等5人). */
gboolean
_pr_identity_is_group_stem (const char  *name,
                            char       **stem)
{
  static GRegex *group;
  g_autoptr(GMatchInfo) info = NULL;

  if (g_once_init_enter (&group))
    {
      /* 张三等十余名村民, 张三牵头, 张三他们, 张三夫妇及其子女: the
       * members said by a collective, or the one named as who leads them. */
      GRegex *regex = g_regex_new ("^(.*?)(等|一行|一家)[0-9一二两三四五六七八九十百千几数多余壹贰叁肆伍陆柒捌玖拾佰]*(余|多)?(人|名|位|户|家)?"
                                   "(" GROUP_MEMBERS ")?(联名|来访|来信)?$|"
                                   "^以?(.+?)(夫妇|夫妻|父子|母子|父女|母女|全家|一家|等人|他们|她们|牵头|为首|带头|领头)"
                                   "(?:及其?(?:子女|儿女|家人|家属|孩子))?(的[0-9一二两三四五六七八九十百千几数多余壹贰叁肆伍陆柒捌玖拾佰]*(余|多)?(人|名|位|户|家)?"
                                   "(" GROUP_MEMBERS "))?(联名|来访|来信)?$",
                                   pr_memory_regex_optimize (), 0, NULL);

      g_once_init_leave (&group, regex);
    }
  if (g_utf8_strlen (name, -1) < 2 || !g_regex_match (group, name, 0, &info))
    return FALSE;
  if (stem != NULL)
    {
      *stem = g_match_info_fetch (info, 1);
      if (*stem == NULL || **stem == '\0')
        {
          g_free (*stem);
          *stem = g_match_info_fetch (info, 7);
        }
    }
  return TRUE;
}

gboolean
_pr_identity_is_group (const char *name)
{
  return _pr_identity_is_group_stem (name, NULL);
}

/* Whether the @length bytes of @text are a group's representative title
 * (代表, 村民代表, 群众代表, 业主代表, 职工代表); 法人代表, 人大代表 or
 * 党代表 is one person's office, no group. */
gboolean
_pr_identity_is_group_title_len (const char *text,
                                 gsize       length)
{
  static const char *const titles[] = {
    "\u4ee3\u8868" /* 代表 */, "\u6751\u6c11\u4ee3\u8868" /* 村民代表 */,
    "\u7fa4\u4f17\u4ee3\u8868" /* 群众代表 */, "\u4e1a\u4e3b\u4ee3\u8868" /* 业主代表 */,
    "\u804c\u5de5\u4ee3\u8868" /* 职工代表 */, NULL,
  };

  for (guint i = 0; titles[i] != NULL; i++)
    if (length == strlen (titles[i]) && strncmp (text, titles[i], length) == 0)
      return TRUE;
  return FALSE;
}

gboolean
_pr_identity_is_group_title (const char *text)
{
  return _pr_identity_is_group_title_len (text, strlen (text));
}

gboolean
_pr_identity_is_compound_surname (const char *stem)
{
  static const char *const compound[] = {
    "欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒", "夏侯", "轩辕",
    "令狐", "钟离", "南宫", "独孤", "端木", "申屠", "公羊", "澹台", "呼延", "万俟", "闻人", "赫连", "东郭", "西门",
    "太史", "百里", "第五", "濮阳", "淳于", "单于", "拓跋", "司空", "仲孙", "左丘", "公冶", "谷梁", NULL,
  };

  return g_strv_contains (compound, stem);
}

/* Whether the stem before an honorific hides the name: 无名, 某某, 某,
 * X, xx, ＊. */
gboolean
_pr_identity_is_mask_stem (const char *stem)
{
  g_autofree char *folded = g_utf8_normalize (stem, -1, G_NORMALIZE_NFKC);

  if (folded == NULL || *folded == '\0')
    return FALSE;
  if (g_str_has_prefix (folded, "\u65e0\u540d" /* 无名 */) || strcmp (folded, "\u533f\u540d" /* 匿名 */) == 0)
    return TRUE;
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 'X' && c != 'x' && c != '*' && c != 0x67D0 /* 某 */ && c != 0x00D7 /* × */ && c != 0x25CB /* ○ */)
        return FALSE;
    }
  return TRUE;
}

/* After 代 in a note, a role and not a principal: 代理人, 代表, 代写人. */
gboolean
_pr_identity_is_role_word (const char *rest)
{
  static const char *const starts[] = { "理", "表", "写", "签", "笔", "办", "填", "收", "为", NULL };

  for (guint i = 0; starts[i] != NULL; i++)
    if (g_str_has_prefix (rest, starts[i]))
      return TRUE;
  return FALSE;
}

/* After 代 in a note, a relative or a collective (代父亲, 代村民, 代其母):
 * the length of that word, or 0. Alone it names nobody; a name after it
 * (代丈夫王强) is the principal's. */
gsize
_pr_identity_kin_or_collective (const char *rest)
{
  static const char *const words[] = {
    "父亲", "母亲", "父母", "儿子", "女儿", "儿媳", "女婿", "丈夫", "妻子", "爱人", "老伴", "家人", "家属", "亲属",
    "亲戚", "爷爷", "奶奶", "外公", "外婆", "孙子", "孙女", "哥哥", "姐姐", "弟弟", "妹妹", "兄弟", "姐妹", "叔叔",
    "伯伯", "舅舅", "姑姑", "公公", "婆婆", "岳父", "岳母", "老人", "邻居", "朋友", "同事", "村民", "群众", "全村",
    "全体", "本村", "居民", "业主", "职工", "员工", "工人", "农户", "农民", "住户", "家长", "学生", "他人",
    "其父", "其母", "其夫", "其妻", "其子", "其女", "其兄", "其弟", "其姐", "其妹", "其", "他", "她", NULL,
  };

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (rest, words[i]))
      return strlen (words[i]);
  return 0;
}

/* The surname a masked name still shows (王某某, 王*, 欧阳××, 张XX), read as
 * a name, or NULL. */
char *
_pr_identity_masked_surname (const char *piece)
{
  g_autofree char *folded = g_utf8_normalize (piece, -1, G_NORMALIZE_NFKC);
  g_autofree char *first = NULL, *normal = NULL;
  const char *rest;

  if (folded == NULL || *folded == '\0' || g_utf8_get_char (folded) == 0x67D0 /* 某 */)
    return NULL;
  rest = g_utf8_next_char (folded);
  first = g_strndup (folded, rest - folded);
  if (g_unichar_get_script (g_utf8_get_char (first)) != G_UNICODE_SCRIPT_HAN)
    return NULL;
  /* 欧阳: two characters of the surname showing. */
  if (*rest != '\0')
    {
      g_autofree char *two = g_strndup (folded, g_utf8_next_char (rest) - folded);

      if (_pr_identity_is_compound_surname (two))
        {
          g_free (first);
          first = g_steal_pointer (&two);
          rest = g_utf8_next_char (rest);
        }
    }
  if (*rest == '\0')
    return NULL;
  for (const char *p = rest; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!(c == 0x67D0 || c == '*' || c == 0x00D7 || c == 'x' || c == 'X' || c == 0x25CB || g_unichar_isspace (c)))
        return NULL;
    }
  if (pr_identity_normalize_name (first, -1, &normal) != PR_IDENTITY_VALUE_VALID)
    return NULL;
  return g_steal_pointer (&normal);
}
