/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A name cell as offices write it, read into the names it gives:
 *
 * - a note in brackets (王小明（代）, 王小明(代写), 王小明（信访人）) or a
 *   label before a colon (信访人：王小明) says what the person is to the
 *   petition: an agent, a scribe's client, the petitioner. Agent and
 *   principal both count as petitioners, so the name is the person's and
 *   the note is dropped: 王小明（代） is 王小明.
 * - several names (王小明、李华; 王小明,李华): co-signers, each a petitioner.
 *   Each is a name of the cell: an equal one is evidence, and the cell
 *   stands against a name only when none of its names may be it.
 * - a sex, an age, a nation (of the 56, by name) or a number written as a
 *   word of its own beside the name (王小明，男; 王小明 男 45岁 汉族;
 *   性别：男 王小明; 王小明 13812348000) is no part of it: dropped from
 *   the whole cell, and so is a number's label (手机号, QQ, 邮编). The sex
 *   is the record's (pr_identity_read_sex()).
 * - in a cell of several pieces, a piece is a name only if it reads as one
 *   (王小明，农民 is 王小明 and a note): a trade, a party or a label shared
 *   by two people would make them one. A surname's character before one of
 *   a trade or a place (王小明，武警, 王小明，金山村) or a word of the
 *   dictionary that does not also read as a name (农民, 董事长; not 高峰,
 *   张三) is uncertain (pr-identity-words.c): never a name, but where the
 *   cell names nobody else, conflict-only as 王先生, so that dropping it
 *   never leaves a phone alone to join two people. A given name of rarer
 *   characters (王卫国, 周栋) is a name.
 * - a title (张局长, 王总经理) is as 王先生, or the name before it
 *   (王大伟经理); after anything else (公司经理, 村支书) it is a note.
 * - a surname alone (王, 欧阳) is as 王先生 below.
 * - a group (王小明等3人, 王小明等, 王小明夫妇, 代表：王小明, 王小明（代表）)
 *   names its representative, who counts as a petitioner: a name as any.
 *   Its unnamed members are neither evidence nor conflict, and a group
 *   naming nobody (王某等5人, 村民等50人) is neither. Only 代表 and 村民,
 *   群众, 业主, 职工代表 make a group: 法人代表, 人大代表 is one person.
 * - a surname and an honorific (王先生, 李女士, 欧阳老师) names nobody in
 *   particular: never evidence of the same petitioner, but still not
 *   another surname's bearer: 王先生 is not 李明. It is kept for conflicts
 *   only, as its surname and a run of "?" that stands for any given name.
 *   A whole name before the honorific (李明先生) is that name; 老王 is 王's,
 *   and so is a masked name that shows its surname (王某某, 王*, 欧阳××).
 * - 王小明和李华, 王小明与李华: two names when each side is 2 to 4
 *   characters (王和平 is one); 王小明（代李华）: the agent and the principal
 *   (not 代父亲, 代村民: a relative or a collective names nobody, but a name
 *   after it does: 李华（代丈夫王强） names 王强).
 * - a dash or a full stop between names: 王小明-李华, 张三—李四,
 *   王小明。李华 are co-signers when each side reads as a Han name, 2 to 3
 *   characters from a surname (or 3 to 4 from a compound one) with no
 *   transliteration's character after it; otherwise it is the middle dot
 *   of a transliterated name (阿依古丽-买买提: 阿 is left out of the
 *   surnames). A space parts no names (王小明 农民, 欧阳 文华, 约翰 史密斯).
 */
#define G_LOG_DOMAIN "pr-identity-names"

#include "config.h"

#include <string.h>

#include "pr-memory-stop.h"
#include "pr-identity-private.h"
#include "pr-tokenizer.h"

static gboolean
is_open_bracket (gunichar c)
{
  return c == '(' || c == 0xFF08 || c == '[' || c == 0xFF3B || c == 0x3010 /* 【 */ || c == 0x3014 /* 〔 */;
}

static gboolean
is_close_bracket (gunichar c)
{
  return c == ')' || c == 0xFF09 || c == ']' || c == 0xFF3D || c == 0x3011 /* 】 */ || c == 0x3015 /* 〕 */;
}

/* Where a cell of several names is cut: 、 , ; / | & in either width. */
static gboolean
is_name_separator (gunichar c)
{
  return c == 0x3001 || c == ',' || c == 0xFF0C || c == ';' || c == 0xFF1B || c == '/' || c == 0xFF0F ||
         c == '|' || c == 0xFF5C || c == '\n' || c == '&' || c == 0xFF06;
}

static gboolean is_surname_char (gunichar c);
static gboolean reads_as_han_name (const char *text);
static gboolean is_han_name (const char *side);

/* split_honorific() for a title after the first @stem_length bytes of
 * @name, less a rank before it (王总经理, 张副局长 are 王's, 张's). */
static gboolean
split_title (const char  *name,
             gsize        stem_length,
             char       **surname,
             char       **whole,
             gboolean    *note)
{
  static const char *const ranks[] = { "副", "总", "常务", NULL };
  g_autofree char *stem = g_strndup (name, stem_length);
  glong n;

  for (guint i = 0; ranks[i] != NULL; i++)
    if (g_str_has_suffix (stem, ranks[i]))
      stem[strlen (stem) - strlen (ranks[i])] = '\0';
  if (*stem != '\0' && _pr_identity_is_mask_stem (stem))
    return TRUE;
  for (const char *p = stem; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
      return FALSE;
  n = g_utf8_strlen (stem, -1);
  if ((n == 1 && is_surname_char (g_utf8_get_char (stem))) || _pr_identity_is_compound_surname (stem))
    *surname = g_steal_pointer (&stem);
  /* 小王主任, 老王书记: Wang, known only by the surname. */
  else if (n == 2 && (g_str_has_prefix (stem, "\u5c0f" /* 小 */) || g_str_has_prefix (stem, "\u8001" /* 老 */)) &&
           is_surname_char (g_utf8_get_char (g_utf8_next_char (stem))))
    *surname = g_strdup (g_utf8_next_char (stem));
  else if (reads_as_han_name (stem))
    *whole = g_steal_pointer (&stem);
  else
    *note = TRUE;
  return TRUE;
}

/* A name and an honorific: the surname of 王先生, 李女士, 欧阳老师 (one
 * character or a compound surname before it) in *@surname, or the whole
 * name of 李明先生, 王小明同志 in *@name; neither for an honorific alone
 * (先生). A title (张局长, 王大伟经理) counts only after a bare surname or a
 * whole name; else (村党支部书记, 公司经理, 副局长) the piece is a note, and
 * *@note says so. FALSE without an honorific or a title. */
static gboolean
split_honorific (const char  *name,
                 char       **surname,
                 char       **whole,
                 gboolean    *note)
{
  static const char *const honorifics[] = {
    /* The longer first: 王老先生 is 王's, not 王老's. */
    "\u8001\u5148\u751f" /* 老先生 */, "\u8001\u592a\u592a" /* 老太太 */, "\u8001\u5927\u7237" /* 老大爷 */,
    "\u8001\u5976\u5976" /* 老奶奶 */, "\u8001\u4eba\u5bb6" /* 老人家 */, "\u8001\u4eba" /* 老人 */, "\u8001\u5e08\u5085" /* 老师傅 */, "\u5148\u751f" /* 先生 */, "\u5973\u58eb" /* 女士 */, "\u5c0f\u59d0" /* 小姐 */, "\u540c\u5fd7" /* 同志 */,
    "\u8001\u5e08" /* 老师 */, "\u5e08\u5085" /* 师傅 */, "\u5927\u7237" /* 大爷 */, "\u5927\u5a18" /* 大娘 */,
    "\u5927\u5988" /* 大妈 */, "\u5927\u59d0" /* 大姐 */, "\u5927\u54e5" /* 大哥 */, "\u963f\u59e8" /* 阿姨 */,
    "\u8001\u4f2f" /* 老伯 */, "\u8001\u592a" /* 老太 */, "\u8001\u6c49" /* 老汉 */, "\u592b\u4eba" /* 夫人 */,
    "\u592a\u592a" /* 太太 */, "\u5976\u5976" /* 奶奶 */, "\u7237\u7237" /* 爷爷 */, "\u5a46\u5a46" /* 婆婆 */,
    "\u5927\u53d4" /* 大叔 */, "\u5927\u5a76" /* 大婶 */, "\u6c0f" /* 氏 */, NULL,
  };
  /* A title said as a form of address (张局长, 王总): no more a name than
   * 王先生, and two 张局长 at one office are not one person. */
  static const char *const titles[] = {
    "局长", "处长", "科长", "厂长", "校长", "院长", "县长", "乡长", "镇长", "村长", "队长", "组长", "所长", "站长",
    "部长", "市长", "区长", "主任", "书记", "支书", "经理", "老板", "老总", "总",
    /* 王律师, 张医生: a trade said as a form of address. */
    "律师", "医生", "大夫", "教授", "记者", "会计", "护士", "警官", "法官", "主席", "委员", "干部", "工程师",
    NULL,
  };
  gsize length = strlen (name);

  *surname = *whole = NULL;
  *note = FALSE;
  for (guint i = 0; titles[i] != NULL; i++)
    if (g_str_has_suffix (name, titles[i]))
      return split_title (name, length - strlen (titles[i]), surname, whole, note);
  /* 老王: Wang, the elder; 小李, 阿张: Li, Zhang, called so by those who
   * know them (小明 is a given name: 明 is no surname; nor 小华, 阿强,
   * whose 华, 强 are as often a one-character given name). */
  /* 老李头: Li, the old man. */
  if (g_str_has_prefix (name, "\u8001" /* 老 */) && g_str_has_suffix (name, "\u5934" /* 头 */) &&
      g_utf8_strlen (name, -1) == 3 && is_surname_char (g_utf8_get_char (g_utf8_next_char (name))))
    {
      *surname = g_strndup (g_utf8_next_char (name), g_utf8_next_char (g_utf8_next_char (name)) - g_utf8_next_char (name));
      return TRUE;
    }
  /* 李老, 张老头: Li the elder, Zhang the old man. Not 王老五, 张老三:
   * the fifth, the third of one family, one person as 王二小 is. */
  if (is_surname_char (g_utf8_get_char (name)) && g_str_has_prefix (g_utf8_next_char (name), "\u8001" /* 老 */) &&
      (g_utf8_strlen (name, -1) == 2 ||
       (g_utf8_strlen (name, -1) == 3 && g_str_has_suffix (name, "\u5934" /* 头 */))))
    {
      *surname = g_strndup (name, g_utf8_next_char (name) - name);
      return TRUE;
    }
  if ((g_str_has_prefix (name, "\u8001" /* 老 */) && g_utf8_strlen (name, -1) == 2 &&
       g_unichar_get_script (g_utf8_get_char (g_utf8_next_char (name))) == G_UNICODE_SCRIPT_HAN) ||
      ((g_str_has_prefix (name, "\u5c0f" /* 小 */) || g_str_has_prefix (name, "\u963f" /* 阿 */)) &&
       g_utf8_strlen (name, -1) == 2 && is_surname_char (g_utf8_get_char (g_utf8_next_char (name))) &&
       !_pr_identity_given_name_reads (g_utf8_next_char (name), TRUE)))
    {
      *surname = g_strdup (g_utf8_next_char (name));
      return TRUE;
    }
  for (guint i = 0; honorifics[i] != NULL; i++)
    {
      gsize suffix = strlen (honorifics[i]);
      g_autofree char *stem = NULL;
      glong n;

      if (length < suffix || strcmp (name + length - suffix, honorifics[i]) != 0)
        continue;
      /* 先生, 女士 alone: nobody's name. */
      if (length == suffix)
        return TRUE;
      stem = g_strndup (name, length - suffix);
      /* 无名女士, 某某先生, X先生: a masked name, no evidence either way. */
      if (_pr_identity_is_mask_stem (stem))
        return TRUE;
      n = g_utf8_strlen (stem, -1);
      for (const char *p = stem; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
          return FALSE;
      /* 王氏: a woman known by her family's surname; 张王氏 is read as
       * written. */
      if (strcmp (honorifics[i], "\u6c0f" /* 氏 */) == 0 && n != 1)
        return FALSE;
      if (n == 1 || _pr_identity_is_compound_surname (stem))
        *surname = g_steal_pointer (&stem);
      /* 小王老师, 老王师傅, 阿王: Wang, known only by the surname. */
      else if (n == 2 && (g_str_has_prefix (stem, "\u5c0f" /* 小 */) || g_str_has_prefix (stem, "\u8001" /* 老 */) ||
                          g_str_has_prefix (stem, "\u963f" /* 阿 */)))
        *surname = g_strdup (g_utf8_next_char (stem));
      else if (n <= 4)
        *whole = g_steal_pointer (&stem);
      else
        return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* Whether @text is from @min to @max Han characters. */
static gboolean
all_han (const char *text,
         glong       min,
         glong       max)
{
  glong n = g_utf8_strlen (text, -1);

  if (n < min || n > max)
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
      return FALSE;
  return TRUE;
}


/* @text without its white space: 代 王强 is 代王强. */
char *
_pr_identity_without_spaces (const char *text)
{
  GString *plain = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_string_append_unichar (plain, g_utf8_get_char (p));
  return g_string_free (plain, FALSE);
}

/* The name after a relative's word (其妻李华, 妻子李华: 李华), or @text
 * itself when no name follows one. */
static const char *
after_relative (const char *text)
{
  static const char kin[] = "妻夫子女父母兄弟姐妹儿媳婿孙";
  gsize length = _pr_identity_kin_or_collective (text);
  const char *rest;
  char second[8];

  if (g_str_has_prefix (text, "\u5176" /* 其 */) && length == strlen ("\u5176"))
    {
      rest = text + length;
      second[g_unichar_to_utf8 (g_utf8_get_char (rest), second)] = '\0';
      if (*rest != '\0' && strstr (kin, second) != NULL)
        length += strlen (second);
    }
  rest = text + length;
  return length > 0 && is_han_name (rest) ? rest : text;
}

/* 王小明和李华, 王小明与李华: two names of 2 to 4 characters each, which
 * 王和平 (one character either side) is not. */
static gboolean
split_conjunction (const char  *name,
                   char       **left,
                   char       **right)
{
  static const char *const words[] = { "\u548c" /* 和 */, "\u4e0e" /* 与 */, "\u53ca" /* 及 */, NULL };

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *at = strstr (name, words[i]);
      g_autofree char *a = NULL;

      if (at == NULL)
        continue;
      a = g_strndup (name, at - name);
      if (all_han (a, 2, 4) && all_han (at + strlen (words[i]), 2, 4))
        {
          *left = g_steal_pointer (&a);
          *right = g_strdup (after_relative (at + strlen (words[i])));
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
is_quotation_mark (gunichar c)
{
  return c == '"' || c == 0x201C /* “ */ || c == 0x201D /* ” */ || c == 0x300C /* 「 */ || c == 0x300D /* 」 */ ||
         c == 0x300E /* 『 */ || c == 0x300F /* 』 */ || c == 0x300A /* 《 */ || c == 0x300B /* 》 */ ||
         c == 0xFF02 /* ＂ */;
}

/* After a note's word that names the other side of an agency (代李华,
 * 委托李华, 代理人李华, 委托人：李华), where that person's name begins;
 * NULL for no such word, or 代 of a role (代写, 代表). */
static const char *
after_agent_word (const char *note)
{
  /* 金山建材有限公司（法人张三）: the person who writes for the firm. */
  static const char *const words[] = { "被代理人", "代理人", "委托人", "受托人", "委托", "法定代表人", "法人代表", "法人",
                                       NULL };

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (note, words[i]))
      {
        const char *after = note + strlen (words[i]);

        if (g_str_has_prefix (after, ":"))
          return after + 1;
        return g_str_has_prefix (after, "\uff1a") ? after + 3 : after;
      }
  if (g_str_has_prefix (note, "\u4ee3" /* 代 */) && !_pr_identity_is_role_word (note + 3))
    return note + 3;
  return NULL;
}

/* @value without its bracketed notes; *@group set when a note says a
 * group (王小明（等3人）). An unclosed bracket's rest is a note. */
static char *
without_notes (const char *value,
               gsize       length,
               gboolean   *group)
{
  GString *out = g_string_new (NULL);
  const char *p = value, *end = value + length;

  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);

      if (is_open_bracket (c))
        {
          const char *q = g_utf8_next_char (p);
          const char *note = q;

          while (q < end && !is_close_bracket (g_utf8_get_char (q)))
            q = g_utf8_next_char (q);
          /* 王小明（代李: a cell cut at its column's length, or a bracket
           * never closed; the rest is a note as if closed at the end. */
          {
              g_autofree char *inner = g_strndup (note, q - note);
              /* 等3人 alone in the note: read as after a name. */
              g_autofree char *text = g_strconcat ("x", inner, NULL);

              /* 王小明（代表）, （村民代表）: a group's representative. */
              *group |= _pr_identity_is_group (text) || _pr_identity_is_group_title (inner);
              /* 王小明（代李华）: the principal is a petitioner too; 王小明（代父亲）
               * names nobody else. */
              g_autofree char *tight = _pr_identity_without_spaces (inner);

              const char *after = after_agent_word (tight);

              if (after != NULL)
                {
                  const char *principal = after + _pr_identity_kin_or_collective (after);

                  /* 代丈夫王强: the relative's name is the principal's. */
                  if (principal == after ? all_han (principal, 2, 4) : is_han_name (principal))
                    g_string_append_printf (out, "\u3001%s", principal);
                }
              p = q < end ? g_utf8_next_char (q) : end;
              continue;
            }
        }
      /* A closing bracket without its opening one is no character of a
       * name, nor a quotation mark (“王小明” is 王小明). */
      if (!is_close_bracket (c) && !is_quotation_mark (c))
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/* Whether the text before @colon is a representative's label (代表,
 * 村民代表, 法人代表, 人大代表), and through @group whether that is a
 * group's (_pr_identity_is_group_title()). */
static gboolean
representative_label (const char *piece,
                      const char *colon,
                      gboolean   *group)
{
  g_autofree char *label = g_strstrip (g_strndup (piece, colon - piece));

  if (group != NULL)
    *group = _pr_identity_is_group_title (label);
  return all_han (label, 2, 6) && g_str_has_suffix (label, "\u4ee3\u8868" /* 代表 */);
}

/* After a representative's title without a colon (代表王小明, 村民代表王小明,
 * 人大代表王小明), where the name begins; @name itself when it has no such
 * title. Through @group, whether the title is a group's. */
static const char *
representative_prefix (const char *name,
                       gboolean   *group)
{
  const char *at = strstr (name, "\u4ee3\u8868" /* 代表 */);
  g_autofree char *title = NULL;

  if (at == NULL)
    return name;
  title = g_strndup (name, at - name);
  at += strlen ("\u4ee3\u8868");
  if ((*title == '\0' || all_han (title, 1, 4)) && is_han_name (at))
    {
      *group = _pr_identity_is_group_title_len (name, at - name);
      return at;
    }
  return name;
}

/* The text after a label and a colon (信访人：王小明, 姓名:王小明). */
static const char *
after_label (const char *piece)
{
  static const char *const labels[] = {
    "\u4fe1\u8bbf\u4eba" /* 信访人 */, "\u6765\u4fe1\u4eba" /* 来信人 */, "\u6765\u8bbf\u4eba" /* 来访人 */,
    "\u59d3\u540d" /* 姓名 */, "\u4ee3\u7406\u4eba" /* 代理人 */, "\u8054\u7cfb\u4eba" /* 联系人 */,
    "\u4e3e\u62a5\u4eba" /* 举报人 */, "\u6295\u8bc9\u4eba" /* 投诉人 */, NULL,
  };
  const char *colon = strstr (piece, "\uff1a");
  gsize skip = 3;

  if (colon == NULL)
    colon = strchr (piece, ':'), skip = 1;
  if (colon == NULL)
    return piece;
  if (representative_label (piece, colon, NULL))
    return colon + skip;
  for (guint i = 0; labels[i] != NULL; i++)
    {
      const char *p = piece;

      while (*p == ' ')
        p++;
      if ((gsize) (colon - p) == strlen (labels[i]) && strncmp (p, labels[i], colon - p) == 0)
        return colon + skip;
    }
  return piece;
}

/* A dash or a full stop, typed for a middle dot or between two names.
 * Never the middle dot itself (· or ・): it parts one person's name
 * (高娃·苏和), and both of its pieces may read as Han names. */
static gboolean
is_dash (gunichar c)
{
  return c == '-' || (c >= 0x2010 && c <= 0x2015) || c == 0x2212 || c == 0x3002 || c == 0xFF0D || c == 0xFF0E;
}

/* Characters of names written in Han transliteration (买买提, 史蒂夫,
 * 约翰·史密斯) that Han given names hardly use: a given name holding one
 * makes no Han name, even after a common surname's character (马木提,
 * 罗伯特). */
static gboolean
has_transliteration (const char *given)
{
  static const char marks[] = "斯尔姆蒂瑟基耶茨普提买吐阿汗孜甫尕玛约尼莱奥丝特夫";

  for (const char *p = given; *p != '\0'; p = g_utf8_next_char (p))
    {
      char buffer[8];

      buffer[g_unichar_to_utf8 (g_utf8_get_char (p), buffer)] = '\0';
      if (strstr (marks, buffer) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The commonest hundred surnames, which cover about nine people in ten. */
#define COMMONEST_SURNAMES \
  "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢" \
  "姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"

/* Whether @c is a surname of the Hundred Family Surnames' commoner part
 * (the commonest hundred cover about nine people in ten; the rest here,
 * 温, 甘, 祁, 禤, most of the others). Traditional forms count (張, 陳).
 * Left out: surnames that begin transliterations too (阿, 艾, 买, 古, 乔,
 * 路). */
static gboolean
is_surname_char (gunichar c)
{
  static const char common[] =
    COMMONEST_SURNAMES
    "温甘康施文易祝柳牛洪欧樊兰殷翟倪聂关颜鲁葛伍车庞柴苗岳齐俞纪舒屈项祁焦尚毕季邢耿凌骆梅喻辛管卜房滕阎包"
    "窦柏宁左章盛单解谷邬湛蒲靳鲍储戚冉童宗戈瞿裴晏华衡封冷佘隋甄景冀饶尤巫贝连郁芮池桂晋劳蔺郎边麻姬薄仲"
    "荣邝禤卫钮农闵应娄詹席符皮楚查计申危苟时涂宫游全权揭缪臧寇谈虞郜商贲樊滑庄阮鄢粟敖练";
  char buffer[8];

  buffer[g_unichar_to_utf8 (pr_tokenizer_fold_traditional_char (c), buffer)] = '\0';
  return strstr (common, buffer) != NULL;
}

/* Whether @side reads as a Han name: 2 to 3 characters from a surname
 * (is_surname_char()), or 3 to 4 from a compound surname, and no character
 * of a transliterated name after it. */
static gboolean
is_han_name (const char *side)
{
  g_autofree char *two = NULL;

  if (all_han (side, 3, 4))
    {
      two = g_strndup (side, g_utf8_next_char (g_utf8_next_char (side)) - side);
      /* 欧阳 alone is a surname, no name. */
      if (_pr_identity_is_compound_surname (two))
        return all_han (side, 3, 4) && !has_transliteration (side + strlen (two));
    }
  if (!all_han (side, 2, 3) || has_transliteration (g_utf8_next_char (side)))
    return FALSE;
  return is_surname_char (g_utf8_get_char (side));
}

/* A nation of the 56 by its name (汉族, 柯尔克孜族), or 少数民族: not any
 * word ending in 族, which 王小族 is, a name. */
#define NATION "(?:(?:" \
               "柯尔克孜|乌孜别克|维吾尔|哈萨克|达斡尔|塔吉克|俄罗斯|鄂温克|塔塔尔|" \
               "鄂伦春|蒙古|布依|朝鲜|土家|哈尼|傈僳|高山|拉祜|东乡|纳西|景颇|仫佬|" \
               "布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|德昂|保安|裕固|独龙|赫哲|门巴|" \
               "珞巴|基诺|汉|回|藏|苗|彝|壮|满|侗|瑶|白|傣|黎|佤|畲|水|土|羌|" \
               "怒|京" \
               ")族|少数民族)"

/* @plain without the notes about a person and the numbers written as words
 * of their own beside a name (王小明 男 45岁 汉族 13812348000, 性别：女,
 * 电话：0591-87654321): a sex, an age, a nation (..族) or a number names
 * nobody, and two people who share one are still two. A word is what lies
 * between white space and the separators of names. */
static char *
without_person_words (const char *plain)
{
  static GRegex *note;
  GString *out = g_string_sized_new (strlen (plain));
  const char *p = plain;

  if (g_once_init_enter (&note))
    {
      GRegex *regex = g_regex_new ("^(?:(?:性别|年龄|民族|" NUMBER_LABEL ")\\s*:?)?"
                                   "(?:(?:男|女)性?|[0-9]{1,3}周?岁|" NATION "|[+(]?[0-9][0-9()\\-]*[0-9xX]?)?$",
                                   pr_memory_regex_optimize () | G_REGEX_CASELESS, 0, NULL);

      g_once_init_leave (&note, regex);
    }
  while (*p != '\0')
    {
      const char *end = p;

      if (g_unichar_isspace (g_utf8_get_char (p)) || is_name_separator (g_utf8_get_char (p)))
        {
          end = g_utf8_next_char (p);
          g_string_append_len (out, p, end - p);
          p = end;
          continue;
        }
      while (*end != '\0' && !g_unichar_isspace (g_utf8_get_char (end)) && !is_name_separator (g_utf8_get_char (end)))
        end = g_utf8_next_char (end);
      {
        g_autofree char *word = g_utf8_normalize (p, end - p, G_NORMALIZE_NFKC);

        if (word == NULL || !g_regex_match (note, word, 0, NULL))
          g_string_append_len (out, p, end - p);
      }
      p = end;
    }
  return g_string_free (out, FALSE);
}

/* Whether the dash at @at, in the piece from @start, parts two names
 * (王小明-李华) rather than a transliterated one (阿依古丽-买买提). A space
 * parts none: a word after a space (王小明 农民, 王小明 龙岩) is as often
 * no name as a co-signer's, and a shared one would make two people one. */
static gboolean
dash_parts_names (const char *start,
                  const char *at)
{
  g_autofree char *left = g_strstrip (g_strndup (start, at - start));
  g_autofree char *right = NULL;
  const char *from = g_utf8_next_char (at), *end = from;

  while (*end != '\0' && !is_name_separator (g_utf8_get_char (end)) && !is_dash (g_utf8_get_char (end)))
    end = g_utf8_next_char (end);
  right = g_strstrip (g_strndup (from, end - from));
  return is_han_name (after_label (left)) && is_han_name (right);
}

/* The given name of @name, a Han name (is_han_name()): after its first
 * character, or its first two for a compound surname (欧阳娜娜). */
static const char *
given_of (const char *name)
{
  const char *second = g_utf8_next_char (name);
  g_autofree char *two = g_strndup (name, g_utf8_next_char (second) - name);

  return all_han (name, 3, 4) && _pr_identity_is_compound_surname (two) ? g_utf8_next_char (second) : second;
}

/* The given name of @name when it is a child's place among its siblings
 * after the surname (王老五, 张老三, 李老大: 老 and a numeral), else NULL. */
static const char *
birth_order_given (const char *name)
{
  const char *given;

  if (!is_han_name (name))
    return NULL;
  given = given_of (name);
  if (!g_str_has_prefix (given, "\u8001" /* 老 */) || g_utf8_strlen (given, -1) != 2)
    return NULL;
  return g_utf8_strchr ("大二三四五六七八九十幺", -1, g_utf8_get_char (g_utf8_next_char (given))) != NULL ? given : NULL;
}

/* Whether @name is a place among siblings after a surname (王老五). */
gboolean
_pr_identity_is_birth_order_name (const char *name)
{
  return birth_order_given (name) != NULL;
}

/* Whether @a and @b may be one man by two names: a place among his
 * siblings (王老五) is what his family and village call him, and an office
 * writes it in one record and his registered name (王小明) of the same
 * surname in another. Two places (王老五, 王老三) are two brothers. */
gboolean
_pr_identity_may_be_birth_order_of (const char *a,
                                    const char *b)
{
  const char *given_a = birth_order_given (a), *given_b = birth_order_given (b);
  const char *nickname = given_a != NULL ? a : b, *other = given_a != NULL ? b : a;
  const char *given = given_a != NULL ? given_a : given_b;

  if ((given_a == NULL) == (given_b == NULL) || !is_han_name (other))
    return FALSE;
  return given - nickname == given_of (other) - other && strncmp (nickname, other, given - nickname) == 0;
}

/* Whether @normal is a word of the language that may not be a name: one
 * dictionary word (ICU) that does not read as a name as well, a phrase of
 * such words or a relative. Such a piece is uncertain: never a name, but
 * kept to say who the record is not where its cell names nobody else. Two characters read as
 * one after a commonest surname (张三, 高峰, 金星), or as a sole given name
 * after any other character (文明, 海燕; not 农民, 单身); more, as a Han name
 * whose given name is a given name's characters (刘德华). */
static gboolean
is_word_note (const char *normal)
{
  static const char *const bodies[] = { "公司", "集团", "合作社", "事务所", "小组", "居委会", "村委会", "委员会",
                                        "医院", "学校", "政府", "办事处", "派出所", NULL };
  glong n = g_utf8_strlen (normal, -1);
  gboolean han = is_han_name (normal);
  const char *given = han ? given_of (normal) : NULL;

  /* 孙子, 儿子: a relative, as after 代 (no such word is longer). */
  if (n <= 2 && _pr_identity_kin_or_collective (normal) == strlen (normal))
    return TRUE;
  /* 金山村村民小组, 村委会, 西岚市人民医院: a body, no person. */
  for (guint i = 0; bodies[i] != NULL; i++)
    if (g_str_has_suffix (normal, bodies[i]))
      return TRUE;
  /* 下岗职工, 退休教师: words of a phrase, with no surname first and no
   * transliteration (史蒂夫乔布斯 is two words of the dictionary). */
  if (!han && all_han (normal, 4, 8) && !has_transliteration (normal) && _pr_identity_is_phrase (normal))
    return TRUE;
  if (!all_han (normal, 2, 8))
    return FALSE;
  /* 王老五, 张老三: a child's place among its siblings, a name as 王二小
   * is, though the dictionary holds 王老五 (a bachelor). */
  if (birth_order_given (normal) != NULL)
    return FALSE;
  if (han && given == g_utf8_next_char (normal))
    {
      /* 张村生: 村 before a given name's character, no word of a place
       * (王村民 is one), is a given name's. */
      if (n == 3 && g_str_has_prefix (given, "\u6751" /* 村 */) &&
          !_pr_identity_given_name_never (g_utf8_next_char (given)) && !_pr_identity_is_one_word (given))
        return FALSE;
      /* 武警, 文员, 毕业生: a surname's character before a trade's. */
      if (_pr_identity_given_name_never (given))
        return TRUE;
    }
  /* 上官婉儿, 司马懿: a compound surname is a name's, even of a name the
   * dictionary holds. */
  else if (han)
    return FALSE;
  /* 张三 as 高峰: a commonest surname before any given name's character;
   * a rarer one (农民, 单身) before a sole given name only. The characters
   * are read first: what reads as a name needs no dictionary. */
  if (n == 2)
    {
      char first[8];

      first[g_unichar_to_utf8 (pr_tokenizer_fold_traditional_char (g_utf8_get_char (normal)), first)] = '\0';
      if (_pr_identity_given_name_reads (g_utf8_next_char (normal), strstr (COMMONEST_SURNAMES, first) == NULL))
        return FALSE;
    }
  else if (han && _pr_identity_given_name_reads (given, FALSE))
    return FALSE;
  return _pr_identity_is_one_word (normal);
}

/* Whether @text is a title after no name (村主任, 公司经理, 副局长). */
static gboolean
is_title_note (const char *text)
{
  g_autofree char *surname = NULL, *whole = NULL;
  gboolean note = FALSE;

  return split_honorific (text, &surname, &whole, &note) && note;
}

/* Whether @text reads as a Han name (is_han_name()) and not as a word of
 * the dictionary (王卫国, 周栋, 司马懿; not 董事长): a given name's rarer
 * character is no note, a word of the language may be one. */
static gboolean
reads_as_han_name (const char *text)
{
  return is_han_name (text) && !is_word_note (text);
}

/* Whether @normal, read from @raw in a cell of several pieces, reads as a
 * person's name: a Han name (is_han_name()), a transliterated one with its
 * middle dot or a dash for it (约翰·史密斯, 阿依古丽-买买提), or one in
 * Latin letters. A piece that reads as none (农民, 党员, 四十五岁, 手机号)
 * is a note beside the names. */
static gboolean
reads_as_name (const char *raw,
               const char *normal)
{
  /* Notes that begin with a surname's character (农, 文, 高, 华, 申). */
  static const char *const notes[] = {
    "农民", "农民工", "农户", "农业", "文化", "文盲", "高中", "高龄", "华侨", "车主", "房主", "房东", "商户", "商人",
    "包工头", "全体", "全家", "申请人", "申诉人", "时间", "关系", "项目", "计生", "应届", NULL,
  };
  gboolean han = FALSE, letters = FALSE, digits = FALSE, dot = FALSE;

  if (g_strv_contains (notes, normal))
    return FALSE;
  if (is_han_name (normal))
    return TRUE;
  for (const char *p = raw; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      dot |= c == 0x00B7 || c == 0x2022 || c == 0x2027 || c == 0x30FB || c == 0xFF65 || c == 0x2219 ||
             c == 0x22C5 || c == '-' || (c >= 0x2010 && c <= 0x2015);
    }
  for (const char *p = normal; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      han |= g_unichar_get_script (c) == G_UNICODE_SCRIPT_HAN;
      letters |= g_unichar_isalpha (c) && g_unichar_get_script (c) == G_UNICODE_SCRIPT_LATIN;
      digits |= g_unichar_isdigit (c);
    }
  if (dot)
    return all_han (normal, 3, 20);
  return !han && letters && !digits;
}

/* Words of a petitioner's part the dictionary does not hold as one,
 * written before or after the name (委托人张三, 张三信访人): known
 * whole, else a cut inside one (张三信 before 访人, a word) is taken for
 * a name before a word. */
static const char *const person_roles[] = { "委托人", "被代理人", "受托人", "代理人", "申请人", "当事人", "信访人",
                                            "来访人", "上访人", "反映人", "举报人", "检举人", "控告人", "投诉人",
                                            "申诉人", "报案人", "受害人", "被害人", "监护人", "联系人", "负责人",
                                            "经办人", "具名人", "本人", "法定代表人", "法人代表",
                                            "老上访户", "上访户", "老访户", NULL };

/* @piece without a note written after a space (王小明 村主任, 王小明 金山村,
 * 王小明 家住金山村, 王小明 农民), or NULL when it has none. A space parts no
 * co-signers, so what follows one is either part of the name (王 小明,
 * 欧阳 文华, 边巴 罗布, and as written 王小明 王伟, 李华 阿依古丽) or a
 * note: a note when the first word is a whole Han name and the rest cannot
 * be part of one (not Han, longer than a name, a dictionary word or a
 * title after no name: 村主任, 书记). */
static char *
without_spaced_note (const char *piece)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (piece));
  g_autofree char *first = NULL, *rest = NULL;
  const char *space = trimmed;

  while (*space != '\0' && !g_unichar_isspace (g_utf8_get_char (space)))
    space = g_utf8_next_char (space);
  if (*space == '\0')
    return NULL;
  first = g_strndup (trimmed, space - trimmed);
  if (!reads_as_han_name (first))
    return NULL;
  rest = _pr_identity_without_spaces (space);
  if (all_han (rest, 1, 4) && !is_word_note (rest) && !is_title_note (rest) && !g_strv_contains (person_roles, rest))
    return NULL;
  return g_steal_pointer (&first);
}


/* After a word that says what the person is (村民王小明, 退休职工王小明,
 * 局长张三, 党员王小明), where the name begins; @name itself when it is no
 * such phrase. The word must read as no name (a dictionary word or phrase,
 * or a title after no name) and what follows it as a whole Han name:
 * 高中文化 is no name (文化 is a word), nor 张三李四 a title and a name. */
static const char *
after_descriptor (const char *name)
{
  if (!all_han (name, 4, 12) || is_han_name (name))
    return name;
  /* The longer name first: 村民王小明 is 王小明, not 小明's. */
  for (guint tail = 4; tail >= 2; tail--)
    {
      glong n = g_utf8_strlen (name, -1);
      const char *at = g_utf8_offset_to_pointer (name, n - tail);
      g_autofree char *head = g_strndup (name, at - name);

      if (n - (glong) tail < 2 || !reads_as_han_name (at) || reads_as_han_name (head))
        continue;
      /* 张三及其孙李明: a name and a conjunction before a relative's
       * word, whose 孙 is a surname too; left to split_conjunction(). */
      if (_pr_identity_holds_any (head, "和与及其之"))
        continue;
      if (_pr_identity_is_one_word (head) || _pr_identity_is_phrase (head) || is_title_note (head) ||
          g_strv_contains (person_roles, head))
        return at;
    }
  return name;
}

/* The name before a word that says what the person is (王小明党员,
 * 王小明村民, 张三丰农民), newly allocated; NULL when @name is no such
 * phrase. Never before a relative's or a neighbour's word (张三邻居 is
 * someone beside 张三), nor before a name (张三李四), nor in a phrase of
 * words (高中文化). */
static char *
before_descriptor (const char *name)
{
  static const char *const members[] = { "村民", "农民", "居民", "职工", "员工", "工人", "农户", "住户", "群众", "业主",
                                         NULL };
  glong n;

  if (!all_han (name, 4, 12) || is_han_name (name) || _pr_identity_holds_any (name, "和与及其之的"))
    return NULL;
  /* 张三本人, 张三代理人: the person and their part, which the dictionary
   * may read as a phrase of two words. */
  for (guint i = 0; person_roles[i] != NULL; i++)
    if (g_str_has_suffix (name, person_roles[i]))
      {
        g_autofree char *first = g_strndup (name, strlen (name) - strlen (person_roles[i]));

        if (reads_as_han_name (first))
          return g_steal_pointer (&first);
      }
  if (_pr_identity_is_phrase (name))
    return NULL;
  /* An honorific or a title after the name (王老先生, 王小明律师) is
   * split_honorific()'s. */
  {
    g_autofree char *surname = NULL, *whole = NULL;
    gboolean note;

    if (split_honorific (name, &surname, &whole, &note))
      return NULL;
  }
  n = g_utf8_strlen (name, -1);
  /* The shorter name first: 王小明党员 is not 王小明党's. */
  for (glong head = 2; head <= 4 && n - head >= 2; head++)
    {
      const char *at = g_utf8_offset_to_pointer (name, head);
      g_autofree char *first = g_strndup (name, at - name);

      if (!reads_as_han_name (first))
        continue;
      if (g_strv_contains (person_roles, at))
        return g_steal_pointer (&first);
      if (reads_as_han_name (at))
        continue;
      /* 王小明村民代表: the group's representative. */
      if (_pr_identity_is_group_title (at))
        return g_steal_pointer (&first);
      if (_pr_identity_kin_or_collective (at) > 0 && !g_strv_contains (members, at))
        continue;
      if (_pr_identity_is_one_word (at) || _pr_identity_is_phrase (at))
        return g_steal_pointer (&first);
    }
  return NULL;
}

/* 王小明之妻李华, 王小明的妻子李华: the person named last, or NULL when
 * @piece is no such phrase; the one before is named only to say whose
 * relative she is. */
static char *
relative_named (const char *piece)
{
  static const char *const links[] = { "\u4e4b" /* 之 */, "\u7684" /* 的 */, NULL };
  static const char kin[] = "妻夫子女父母兄弟姐妹儿媳婿孙";
  g_autofree char *plain = NULL;

  if (strstr (piece, links[0]) == NULL && strstr (piece, links[1]) == NULL)
    return NULL;
  plain = _pr_identity_without_spaces (piece);

  for (guint i = 0; links[i] != NULL; i++)
    {
      const char *at = strstr (plain, links[i]), *rest, *named;
      g_autofree char *left = NULL;
      gsize length;
      char first[8];

      if (at == NULL)
        continue;
      left = g_strndup (plain, at - plain);
      rest = at + strlen (links[i]);
      if (!is_han_name (left) || *rest == '\0')
        continue;
      length = _pr_identity_kin_or_collective (rest);
      first[g_unichar_to_utf8 (g_utf8_get_char (rest), first)] = '\0';
      if (length == 0 && strstr (kin, first) != NULL)
        length = strlen (first);
      named = rest + length;
      if (length > 0 && is_han_name (named))
        return g_strdup (named);
    }
  return NULL;
}

/* 王五的代理人李四, 张三之代理人李四, 申请人张三代理人李四: the principal
 * and the agent, both petitioners; NULL when @piece is no such phrase. */
static char **
principal_and_agent (const char *piece)
{
  static const char *const links[] = { "\u7684" /* 的 */, "\u4e4b" /* 之 */, "\u59d4\u6258" /* 委托 */, NULL };
  g_autofree char *plain = _pr_identity_without_spaces (piece);
  g_autofree char *left = NULL;
  const char *at = strstr (plain, "\u4ee3\u7406\u4eba" /* 代理人 */), *right, *principal;
  char **both;

  if (at == NULL || at == plain)
    return NULL;
  right = at + strlen ("\u4ee3\u7406\u4eba");
  if (g_str_has_prefix (right, ":"))
    right++;
  else if (g_str_has_prefix (right, "\uff1a"))
    right += strlen ("\uff1a");
  if (!is_han_name (right))
    return NULL;
  left = g_strndup (plain, at - plain);
  for (guint i = 0; links[i] != NULL; i++)
    if (g_str_has_suffix (left, links[i]))
      left[strlen (left) - strlen (links[i])] = '\0';
  principal = left;
  for (guint i = 0; person_roles[i] != NULL; i++)
    if (g_str_has_prefix (principal, person_roles[i]))
      {
        principal += strlen (person_roles[i]);
        break;
      }
  if (!is_han_name (principal))
    return NULL;
  both = g_new0 (char *, 3);
  both[0] = g_strdup (principal);
  both[1] = g_strdup (right);
  return both;
}

gboolean
_pr_identity_is_han_name (const char *text)
{
  return is_han_name (text);
}

/* Whether @text is a surname and nothing more (王, 欧阳): no person, so
 * 之 and a kin word after it (王之子) are a given name's. */
gboolean
_pr_identity_is_surname_alone (const char *text)
{
  glong n = g_utf8_strlen (text, -1);

  return (n == 1 && is_surname_char (g_utf8_get_char (text))) || (n == 2 && _pr_identity_is_compound_surname (text));
}

/* Whether @text is a form of address that names one person by the
 * surname (老王, 小王, 王先生, 李老): someone, whose relative 老王他爹 is. */
gboolean
_pr_identity_is_address_form (const char *text)
{
  g_autofree char *surname = NULL, *whole = NULL;
  gboolean note = FALSE;

  return split_honorific (text, &surname, &whole, &note) && surname != NULL;
}

/* Whether @text is a word that says what a person is before a whole Han
 * name (组长张三, 法定代表人张三): after_descriptor() reads the name. */
gboolean
_pr_identity_ends_in_name (const char *text)
{
  const char *at = after_descriptor (text);

  return at != text && is_han_name (at);
}

/* Whether @text holds any of the characters of @chars (a link word:
 * 和 与 及 其 之 的), which no single name does. */
gboolean
_pr_identity_holds_any (const char *text,
                        const char *chars)
{
  for (const char *c = chars; *c != '\0'; c = g_utf8_next_char (c))
    if (g_utf8_strchr (text, -1, g_utf8_get_char (c)) != NULL)
      return TRUE;
  return FALSE;
}

/* 王小明代李华, 王小明代其子王强, 王小明 代 李华: the agent before 代 without
 * brackets, or NULL; the principal through @principal when a name follows
 * (a relative alone names nobody, as in brackets). Only after a whole Han
 * name: 李时代 is a name. */
static char *
agent_before (const char  *piece,
              char       **principal)
{
  g_autofree char *plain = NULL;
  const char *at, *after, *named;
  g_autofree char *agent = NULL;

  *principal = NULL;
  if (strstr (piece, "\u4ee3" /* 代 */) == NULL && strstr (piece, "\u59d4\u6258" /* 委托 */) == NULL)
    return NULL;
  plain = _pr_identity_without_spaces (piece);
  /* 张三委托李四: the principal and the agent, both petitioners. */
  if ((at = strstr (plain, "\u4ee3")) != NULL)
    after = at + strlen ("\u4ee3");
  else if ((at = strstr (plain, "\u59d4\u6258")) != NULL)
    after = at + strlen ("\u59d4\u6258");
  else
    return NULL;
  if (at == plain || *after == '\0' || _pr_identity_is_role_word (after))
    return NULL;
  agent = g_strndup (plain, at - plain);
  if (!reads_as_han_name (agent))
    return NULL;
  named = after + _pr_identity_kin_or_collective (after);
  if (*named != '\0')
    {
      if (!is_han_name (named))
        return NULL;
      *principal = g_strdup (named);
    }
  else if (named == after)
    return NULL;
  return g_steal_pointer (&agent);
}

/* Whether @text, the whole cell, is a surname and a place's character
 * (王村, 刘乡, 赵县): a word of the dictionary, yet alone in a cell a
 * person's name as much as a place's. */
static gboolean
is_place_like_name (const char *text)
{
  return g_utf8_strlen (text, -1) == 2 && is_han_name (text) &&
         g_utf8_strchr ("村乡区市县镇庄屯", -1, g_utf8_get_char (given_of (text))) != NULL;
}

/**
 * pr_identity_read_sex:
 * @value: a name cell as written
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * The sex a name cell writes as a word of its own or in brackets
 * (王小明 男, 王小明，女, 王（男）, 性别：女), or by the honorific ending a
 * name (王先生; 李女士, 小姐, 太太, 阿姨): two records that write two sexes
 * are two people. A cell writing both (co-signers) writes none.
 *
 * Returns: 1 for male, 2 for female, 0 for none
 */
guint8
pr_identity_read_sex (const char *value,
                      gssize      length)
{
  static GRegex *sex;
  g_autoptr(GMatchInfo) info = NULL;
  g_autofree char *folded = NULL;
  guint8 found = 0;

  g_return_val_if_fail (value != NULL, 0);

  if (length < 0)
    length = strlen (value);
  /* Most cells write no sex: no normalising for them. */
  if (g_strstr_len (value, length, "\u7537" /* 男 */) == NULL && g_strstr_len (value, length, "\u5973" /* 女 */) == NULL &&
      g_strstr_len (value, length, "\u5148\u751f" /* 先生 */) == NULL &&
      g_strstr_len (value, length, "\u5c0f\u59d0" /* 小姐 */) == NULL &&
      g_strstr_len (value, length, "\u592a\u592a" /* 太太 */) == NULL &&
      g_strstr_len (value, length, "\u963f\u59e8" /* 阿姨 */) == NULL)
    return 0;
  if (!g_utf8_validate_len (value, length, NULL) || (folded = g_utf8_normalize (value, length, G_NORMALIZE_NFKC)) == NULL)
    return 0;
  if (g_once_init_enter (&sex))
    {
      /* 男, 女 as a word, or the honorific ending a name (王先生, 李女士). */
      GRegex *regex = g_regex_new ("(?:(?:^|[\\s,;/|()\\[\\]、【】〔〕:])(?:性别\\s*:?\\s*)?(男|女)性?|"
                                   "(先生|女士|小姐|太太|阿姨))(?=$|[\\s,;/|()\\[\\]、【】〔〕])",
                                   pr_memory_regex_optimize (), 0, NULL);

      g_once_init_leave (&sex, regex);
    }
  g_regex_match (sex, folded, 0, &info);
  while (g_match_info_matches (info))
    {
      g_autofree char *word = g_match_info_fetch (info, 1);
      g_autofree char *honorific = g_match_info_fetch (info, 2);
      /* An unset trailing group is NULL. */
      guint8 one = g_strcmp0 (word, "\u7537" /* 男 */) == 0 || g_strcmp0 (honorific, "\u5148\u751f" /* 先生 */) == 0 ? 1 : 2;

      if (found != 0 && found != one)
        return 0;
      found = one;
      g_match_info_next (info, NULL);
    }
  return found;
}

/**
 * pr_identity_read_names:
 * @value: a name cell as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @names: (element-type utf8): where the cell's names are added, each as
 *   pr_identity_normalize_name() gives it: evidence, and conflicts
 * @conflict_only: (element-type utf8) (nullable): where the names that
 *   are no evidence but still say who the writer is not are added, in
 *   the form pr_identity_names_may_agree() reads: an honorific's surname
 *   and "???" (王先生), a name that lost a character with "?" for it
 *
 * Reads the notes, groups, co-signers and honorifics described at the
 * top of this file.
 *
 * Returns: valid if some name is; else invalid if a name lost a
 *   character; else masked (a mask, a placeholder, a group, an honorific)
 *   or empty (also where only an uncertain word, 农民, was read: through
 *   @conflict_only)
 */
PrIdentityValueState
pr_identity_read_names (const char *value,
                        gssize      length,
                        GPtrArray  *names,
                        GPtrArray  *conflict_only)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) conflicts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *plain = NULL;
  g_autoptr(GPtrArray) loose = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) principals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) uncertain = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *whose = NULL;
  gboolean group = FALSE, invalid = FALSE, masked = FALSE, split;
  guint n_pieces = 0;
  const char *start, *p;

  g_return_val_if_fail (value != NULL && names != NULL, PR_IDENTITY_VALUE_EMPTY);

  if (length < 0)
    length = strlen (value);
  if (!g_utf8_validate_len (value, length, NULL))
    return PR_IDENTITY_VALUE_INVALID;
  {
    g_autofree char *noted = without_notes (value, length, &group);

    plain = without_person_words (noted);
  }
  /* 以张三、李四为首: 以 is the phrase's, not the first name's. */
  if (g_str_has_prefix (plain, "\u4ee5" /* 以 */) && strstr (plain, "\u4e3a\u9996" /* 为首 */) != NULL)
    memmove (plain, plain + strlen ("\u4ee5"), strlen (plain) - strlen ("\u4ee5") + 1);
  /* Zhang, San is one name: only Chinese names are listed with commas. */
  for (p = plain; *p != '\0' && g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN;
       p = g_utf8_next_char (p))
    ;
  split = *p != '\0';

  start = plain;
  for (p = plain;; p = g_utf8_next_char (p))
    {
      if (*p == '\0' || (split && (is_name_separator (g_utf8_get_char (p)) || _pr_identity_is_plus_between (p) ||
                                    (is_dash (g_utf8_get_char (p)) && dash_parts_names (start, p)))))
        {
          g_autofree char *piece = g_strndup (start, p - start);
          g_autofree char *normal = NULL;
          g_autofree char *bare = NULL;
          g_autofree char *spaced = NULL;
          g_autofree char *agent = NULL, *principal = NULL, *relative = NULL, *unowned = NULL;
          g_auto(GStrv) relations = NULL;
          g_autofree char *described = NULL;
          const char *name = after_label (piece);
          const char *colon = strstr (piece, "\uff1a") != NULL ? strstr (piece, "\uff1a") : strchr (piece, ':');
          gboolean group_title = FALSE, of_whose = FALSE;
          PrIdentityValueState state;

          {
            g_autofree char *stripped = g_strstrip (g_strdup (piece));

            n_pieces += *stripped != '\0';
          }

          /* 王小明 13812348000: the name, and a number that is none of it. */
          bare = _pr_identity_without_number (name);
          if (bare != NULL)
            name = bare;
          /* 王小明: 138-1234-8000, its number dropped as a word of its own. */
          else
            {
              g_autofree char *chomped = g_strchomp (g_strdup (name));

              if (g_str_has_suffix (chomped, ":") || g_str_has_suffix (chomped, "\uff1a"))
                name = bare = g_strndup (chomped, strlen (chomped) - (g_str_has_suffix (chomped, ":") ? 1 : 3));
            }
          /* 他爹, 的父母: a relative of someone not written, no
           * evidence, but a family's member, as 张三之父 is: kept to
           * say the phone may be any of the family's. 的代理人 is nobody. */
          if ((unowned = _pr_identity_unowned_relative (name)) != NULL)
            {
              if (_pr_identity_is_relation (unowned, NULL))
                g_ptr_array_add (conflicts, g_steal_pointer (&unowned));
              goto next;
            }
          /* 的代理人李四: a link left of a name cut off before it. */
          if ((g_str_has_prefix (name, "\u7684" /* 的 */) || g_str_has_prefix (name, "\u4e4b" /* 之 */)) &&
              name[strlen ("\u7684")] != '\0')
            name += strlen ("\u7684");
          /* 王五的代理人李四: 王五 and 李四. */
          if ((relations = principal_and_agent (name)) != NULL)
            {
              for (guint i = 0; relations[i] != NULL; i++)
                if (pr_identity_normalize_name (relations[i], -1, &normal) == PR_IDENTITY_VALUE_VALID)
                  g_ptr_array_add (found, g_steal_pointer (&normal));
              goto next;
            }
          /* 王小明之妻李华: 李华. */
          relative = relative_named (name);
          if (relative != NULL)
            name = relative;
          /* 王小明代李华: the agent, and the principal beside. */
          agent = agent_before (name, &principal);
          if (agent != NULL)
            {
              g_autofree char *normal_principal = NULL;

              name = agent;
              if (principal != NULL &&
                  pr_identity_normalize_name (principal, -1, &normal_principal) == PR_IDENTITY_VALUE_VALID)
                g_ptr_array_add (principals, g_steal_pointer (&normal_principal));
            }
          /* 张三之父: 张三's father, not 张三; 张三的父亲、母亲: the
           * relative after him is his too. */
          else if (relative == NULL && ((relations = _pr_identity_relation_of (name)) != NULL ||
                                        (relations = _pr_identity_relations_joined (name)) != NULL ||
                                        (whose != NULL && (relations = _pr_identity_relation_of_whose (whose, name)) != NULL)))
            {
              gsize length;

              of_whose = TRUE;
              for (guint i = 0; relations[i] != NULL; i++)
                {
                  if (_pr_identity_is_relation (relations[i], &length))
                    {
                      g_free (whose);
                      whose = g_strndup (relations[i], length);
                    }
                  g_ptr_array_add (found, g_steal_pointer (&relations[i]));
                }
              goto next;
            }
          /* 王小明 村主任: the name, and a note after a space. */
          spaced = without_spaced_note (name);
          if (spaced != NULL)
            name = spaced;
          /* 村民代表王小明: the group's representative, as after a colon;
           * 人大代表王小明: 王小明 alone. */
          name = representative_prefix (name, &group_title);
          group |= group_title;
          /* 村民王小明: 王小明. */
          name = after_descriptor (_pr_identity_after_origin (name));
          /* 王小明党员, 王小明65岁: 王小明. */
          described = _pr_identity_before_age (name);
          if (described == NULL)
            described = before_descriptor (name);
          if (described != NULL)
            name = described;
          state = pr_identity_normalize_name (name, -1, &normal);

          /* 代表：王小明: the group's representative. */
          if (name != piece && colon != NULL && representative_label (piece, colon, &group_title))
            group |= group_title;

          if (state == PR_IDENTITY_VALUE_VALID)
            {
              char *surname = NULL, *whole = NULL, *left = NULL, *right = NULL;
              gboolean title_note = FALSE;
              g_autofree char *stem = NULL;
              gsize n = strlen (normal);

              /* 王小明代写: the scribe's note, as in brackets. */
              if (n > 6 && g_utf8_strlen (normal, -1) >= 4 &&
                  (g_str_has_suffix (normal, "\u4ee3\u5199" /* 代写 */) ||
                   g_str_has_suffix (normal, "\u4ee3\u7b7e" /* 代签 */) ||
                   g_str_has_suffix (normal, "\u4ee3\u7b14" /* 代笔 */)))
                normal[n - 6] = '\0';
              if (_pr_identity_is_group_stem (normal, &stem))
                {
                  /* 王小明等5人: the one named is the group's representative,
                   * a petitioner. */
                  group = TRUE;
                  g_autofree char *leader = NULL;

                  const char *named = stem;

                  /* 村民代表王小明等30人: the representative's title before the name. */
                  if (named != NULL)
                    {
                      named = representative_prefix (named, &group_title);
                      if (!is_han_name (named))
                        named = stem;
                    }
                  if (named != NULL && is_han_name (named) &&
                      pr_identity_normalize_name (named, -1, &leader) == PR_IDENTITY_VALUE_VALID)
                    g_ptr_array_add (found, g_steal_pointer (&leader));
                  /* 张三之父等3人: the relative leads them, not 张三. */
                  else if (stem != NULL && (relations = _pr_identity_relation_of (stem)) != NULL)
                    for (guint i = 0; relations[i] != NULL; i++)
                      g_ptr_array_add (found, g_steal_pointer (&relations[i]));
                }
              else if (split_conjunction (normal, &left, &right))
                {
                  g_ptr_array_add (found, left);
                  /* 张三和妻子: his wife, unnamed; 妻子 is nobody's name, nor
                   * 其子华 (his son 华, whose surname is not written). */
                  if (_pr_identity_kin_or_collective (right) > 0)
                    g_free (right);
                  else
                    g_ptr_array_add (found, right);
                }
              /* 王 of 王 男, 欧阳: a surname alone is 王先生's. */
              else if (all_han (normal, 1, 1) || _pr_identity_is_compound_surname (normal))
                {
                  g_ptr_array_add (conflicts, g_strconcat (normal, HONORIFIC_GIVEN, NULL));
                  masked = TRUE;
                }
              else if (!split_honorific (normal, &surname, &whole, &title_note))
                {
                  /* 农民, 温馨, 董事长: a word that may be a name, uncertain. */
                  if (is_word_note (normal))
                    {
                      if (bare == NULL)
                        g_ptr_array_add (uncertain, g_steal_pointer (&normal));
                    }
                  /* 王小明，手机号 13812348000 without its number, 王小明，农民:
                   * only a piece that reads as a name is one. */
                  else if (reads_as_name (name, normal))
                    g_ptr_array_add (found, g_steal_pointer (&normal));
                  else if (bare == NULL)
                    g_ptr_array_add (loose, g_steal_pointer (&normal));
                }
              /* 村支书, 公司经理: a title after no name, uncertain as a word. */
              else if (title_note)
                {
                  if (bare == NULL)
                    g_ptr_array_add (uncertain, g_steal_pointer (&normal));
                }
              else if (whole != NULL)
                g_ptr_array_add (found, whole);
              else if (surname == NULL)
                masked = TRUE;
              else
                {
                  g_ptr_array_add (conflicts, g_strconcat (surname, HONORIFIC_GIVEN, NULL));
                  g_free (surname);
                  masked = TRUE;
                }
            }
          else if (state == PR_IDENTITY_VALUE_INVALID)
            {
              char *holed = pr_identity_name_with_holes (name, -1);

              invalid = TRUE;
              if (holed != NULL)
                g_ptr_array_add (conflicts, holed);
            }
          else if (state == PR_IDENTITY_VALUE_MASKED)
            {
              char *surname = _pr_identity_masked_surname (name);

              /* 王某某 is not 李明, as 王先生 is not. */
              if (surname != NULL)
                {
                  g_ptr_array_add (conflicts, g_strconcat (surname, HONORIFIC_GIVEN, NULL));
                  g_free (surname);
                }
              masked = TRUE;
            }
        next:
          /* 张三的父亲、李四、母亲: whose mother is not said. */
          if (!of_whose)
            g_clear_pointer (&whose, g_free);
          if (*p == '\0')
            break;
          start = g_utf8_next_char (p);
        }
    }

  g_ptr_array_extend_and_steal (found, g_steal_pointer (&principals));
  /* （王小明）, （王小明: nothing but a note, and the note names: read
   * without its brackets, else the name is lost and a phone alone would
   * join the record to anyone's. */
  if (found->len == 0 && loose->len == 0 && uncertain->len == 0 && conflicts->len == 0 &&
      !invalid && !masked && g_utf8_strlen (plain, -1) < g_utf8_strlen (value, length))
    {
      GString *open = g_string_sized_new (length);
      g_autoptr(GPtrArray) inside = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) inside_conflicts = g_ptr_array_new_with_free_func (g_free);
      gsize whose_length = 0;

      for (const char *q = value; q < value + length; q = g_utf8_next_char (q))
        if (!is_open_bracket (g_utf8_get_char (q)) && !is_close_bracket (g_utf8_get_char (q)))
          g_string_append_unichar (open, g_utf8_get_char (q));
      gboolean read = open->len < (gsize) length &&
                      pr_identity_read_names (open->str, open->len, inside, inside_conflicts) == PR_IDENTITY_VALUE_VALID;

      /* （王小明等3人） names its representative; （等3人） nobody, and its
       * 等3人 is no name. */
      for (guint i = 0; read && group && i < inside->len; i++)
        read = reads_as_han_name (inside->pdata[i]);
      /* （他爹）: a family's member, as 他爹 is. */
      if (!read && conflict_only != NULL && inside_conflicts->len == 1 &&
          _pr_identity_is_relation (inside_conflicts->pdata[0], &whose_length) && whose_length == 0)
        {
          g_string_free (open, TRUE);
          g_ptr_array_extend_and_steal (conflict_only, g_steal_pointer (&inside_conflicts));
          return PR_IDENTITY_VALUE_EMPTY;
        }
      if (read)
        {
          g_string_free (open, TRUE);
          if (conflict_only != NULL)
            g_ptr_array_extend_and_steal (conflict_only, g_steal_pointer (&inside_conflicts));
          g_ptr_array_extend_and_steal (names, g_steal_pointer (&inside));
          return PR_IDENTITY_VALUE_VALID;
        }
      g_string_free (open, TRUE);
    }
  /* A piece that reads as no name is one only alone in its cell (农民 is
   * one, as 阿依古丽 is; 王小明，农民 is 王小明 and a note), or where no
   * piece reads as one (阿依古丽、买买提: co-signers of rarer surnames,
   * who still are not 李华). */
  if (n_pieces == 1 || (found->len == 0 && conflicts->len == 0 && !group))
    g_ptr_array_extend_and_steal (found, g_steal_pointer (&loose));
  /* 王村 alone: a name, though 王村张三 is 张三 of 王村. */
  if (n_pieces == 1 && found->len == 0 && conflicts->len == 0 && !group && uncertain->len == 1 &&
      is_place_like_name (uncertain->pdata[0]))
    g_ptr_array_add (found, g_ptr_array_steal_index (uncertain, 0));
  /* An uncertain piece (温馨, 农民, 村支书) is never evidence of the same
   * person, but where nothing else names anyone it still says the record
   * is not 张三's, as 王先生 does: dropping it would leave a phone alone to
   * join two people. */
  if (found->len == 0 && conflicts->len == 0 && !group)
    g_ptr_array_extend_and_steal (conflicts, g_steal_pointer (&uncertain));
  /* A group naming nobody (王某等5人) is no evidence and no conflict; its
   * named representatives (王小明等5人, 代表：王小明) are names as any
   * (each a petitioner), and its unnamed members neither. */
  if (conflict_only != NULL)
    g_ptr_array_extend_and_steal (conflict_only, g_steal_pointer (&conflicts));
  /* A group of a masked representative (王某（村民代表）) still says the
   * representative's surname, kept above. */
  if (group && found->len == 0)
    return PR_IDENTITY_VALUE_MASKED;
  if (found->len > 0)
    {
      g_ptr_array_extend_and_steal (names, g_steal_pointer (&found));
      return PR_IDENTITY_VALUE_VALID;
    }
  if (invalid)
    return PR_IDENTITY_VALUE_INVALID;
  return masked ? PR_IDENTITY_VALUE_MASKED : PR_IDENTITY_VALUE_EMPTY;
}
