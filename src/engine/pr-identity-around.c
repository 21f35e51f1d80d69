/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What an office writes around a name that is none of it, or names
 * someone else through it: a relative named by relation (张三之父,
 * 张三的父亲, 张三父亲: one person, who is not 张三), an age written
 * against the name (王小明65岁), the firm a person writes for or the place
 * they come from (西岚市金山建材有限公司张三, 金山村王小明).
 */
#include "config.h"

#include <string.h>

#include "pr-identity-private.h"

/* The relative a simplified piece ends by naming (张三之父, 张三的父亲,
 * 张三父亲, 张三他爹), as one canonical word for all the ways an office
 * writes it (父 for 父亲, 爸爸, 老爹, 之父; 配偶 for 妻子, 丈夫, 爱人,
 * 婆娘: a person has one), or NULL; through @length the bytes of the word
 * with the 之, 的, 他 or 她 before it. A word of one character, or one that
 * is also a form of address (王奶奶, 王舅舅), counts only after such a
 * link: 李天子, 张三爷爷 are names. Two people (父母, 儿女) are two
 * canonical words parted by a space. */
static const char *
relation_suffix (const char *text,
                 gsize      *length)
{
  static const struct { const char *word, *canonical; gboolean linked; } relations[] = {
    { "父母", "父 母" }, { "儿女", "子 女" }, { "子女", "子 女" }, { "双亲", "父 母" },
    { "父亲", "父" }, { "爸爸", "父" }, { "老爹", "父" }, { "母亲", "母" }, { "妈妈", "母" }, { "老娘", "母" },
    { "儿子", "子" }, { "女儿", "女" }, { "闺女", "女" }, { "孙子", "孙" }, { "孙女", "孙女" }, { "儿媳", "儿媳" },
    { "女婿", "女婿" }, { "妻子", "配偶" }, { "丈夫", "配偶" }, { "爱人", "配偶" }, { "老伴", "配偶" },
    { "配偶", "配偶" }, { "老婆", "配偶" }, { "老公", "配偶" }, { "媳妇", "配偶" }, { "婆娘", "配偶" },
    { "哥哥", "兄" }, { "弟弟", "弟" }, { "姐姐", "姐" }, { "妹妹", "妹" }, { "祖父", "祖父" }, { "祖母", "祖母" },
    { "外公", "外祖父" }, { "外婆", "外祖母" }, { "岳父", "岳父" }, { "岳母", "岳母" }, { "公公", "公公", TRUE },
    { "婆婆", "婆婆", TRUE }, { "侄子", "侄" }, { "侄女", "侄女" }, { "外甥", "外甥" }, { "外甥女", "外甥女" },
    { "舅舅", "舅", TRUE }, { "叔叔", "叔", TRUE }, { "伯伯", "伯", TRUE }, { "姑姑", "姑", TRUE },
    { "爷爷", "祖父", TRUE }, { "奶奶", "祖母", TRUE }, { "爹", "父", TRUE }, { "娘", "母", TRUE },
    { "妈", "母", TRUE }, { "爸", "父", TRUE }, { "叔", "叔", TRUE }, { "伯", "伯", TRUE }, { "舅", "舅", TRUE },
    { "姑", "姑", TRUE }, { "哥", "兄", TRUE }, { "父", "父", TRUE }, { "母", "母", TRUE },
    { "子", "子", TRUE }, { "女", "女", TRUE }, { "孙", "孙", TRUE }, { "妻", "配偶", TRUE }, { "夫", "配偶", TRUE },
    { "兄", "兄", TRUE }, { "弟", "弟", TRUE }, { "姐", "姐", TRUE }, { "妹", "妹", TRUE }, { "婿", "女婿", TRUE },
    /* Not kin, as unnamed: 张三的律师 is not a person called 张三的. */
    { "邻居", "邻居" }, { "朋友", "朋友" }, { "同事", "同事" }, { "律师", "律师", TRUE }, { "代理人", "代理人", TRUE },
  };
  /* 张三他爹, 张三她娘: as 的 in speech. All are three bytes. */
  static const char *const links[] = { "之", "的", "他", "她", NULL };
  gsize n = strlen (text);

  for (guint i = 0; i < G_N_ELEMENTS (relations); i++)
    {
      gsize word = strlen (relations[i].word);
      gboolean linked = FALSE;

      if (n <= word || strcmp (text + n - word, relations[i].word) != 0)
        continue;
      for (guint l = 0; links[l] != NULL && n >= word + 3; l++)
        linked |= strncmp (text + n - word - 3, links[l], 3) == 0;
      if (relations[i].linked && !linked)
        continue;
      *length = word + (linked ? 3 : 0);
      return relations[i].canonical;
    }
  return NULL;
}

/* 张三之父, 张三的父亲, 张三父亲: the father of 张三, unnamed, read as one
 * name in one form (张三之父) so that the ways of writing it agree and
 * none is 张三; 张三的父母 as two (张三之父, 张三之母). A form of address
 * before it names someone as a name does (老王他爹: 老王之父), and so does
 * a surname alone before 的, 他 or 她 (王的父亲: 王???之父). NULL when
 * @piece is no such phrase. */
char **
_pr_identity_relation_of (const char *piece)
{
  g_autofree char *plain = _pr_identity_without_spaces (piece);
  g_autofree char *normal = NULL, *whose = NULL;
  g_auto(GStrv) canonicals = NULL;
  const char *canonical;
  gsize length = 0, cut;
  gboolean by_zhi, linked;
  GPtrArray *people;

  /* Most pieces end in no relative's character: no normalising for them
   * (traditional forms included: 親 of 父親, 兒 of 女兒, 孫, 婦). */
  static const char last[] = "父亲親母妈媽子儿兒女孙孫媳婿妻夫偶人伴婆公兄哥弟姐妹爸爷爺奶妇婦居友事师師爹娘舅叔伯姑侄甥";
  const char *end;

  /* 张三的父亲本人: the father, writing himself. */
  if (g_str_has_suffix (plain, "\u672c\u4eba" /* 本人 */) && strlen (plain) > strlen ("\u672c\u4eba"))
    plain[strlen (plain) - strlen ("\u672c\u4eba")] = '\0';
  if (*plain == '\0')
    return NULL;
  end = g_utf8_find_prev_char (plain, plain + strlen (plain));
  if (g_utf8_strchr (last, -1, g_utf8_get_char (end)) == NULL)
    return NULL;
  if (pr_identity_normalize_name (plain, -1, &normal) != PR_IDENTITY_VALUE_VALID ||
      (canonical = relation_suffix (normal, &length)) == NULL)
    return NULL;
  cut = strlen (normal) - length;
  by_zhi = strncmp (normal + cut, "\u4e4b" /* 之 */, 3) == 0;
  linked = by_zhi || strncmp (normal + cut, "\u7684" /* 的 */, 3) == 0 || strncmp (normal + cut, "\u4ed6" /* 他 */, 3) == 0 ||
           strncmp (normal + cut, "\u5979" /* 她 */, 3) == 0;
  normal[cut] = '\0';
  /* 张三和妻子 is 张三 and his wife: split_conjunction()'s. */
  if (_pr_identity_holds_any (normal, "和与及其"))
    return NULL;
  /* 王的父亲: the father of one known by the surname alone, written as
   * 王 alone is read (王???); 王之子 is a given name, and 王父亲 no link. */
  if (_pr_identity_is_surname_alone (normal))
    {
      if (!linked || by_zhi)
        return NULL;
      whose = g_strconcat (normal, HONORIFIC_GIVEN, NULL);
    }
  /* 老王他爹, 小王的父亲: a form of address names someone, as 老王之父. */
  else if (_pr_identity_is_han_name (normal) || _pr_identity_is_address_form (normal))
    whose = g_steal_pointer (&normal);
  else
    return NULL;
  people = g_ptr_array_new ();
  /* 张三的代理人, 张三的律师: written by an agent, whose principal counts
   * as a petitioner; the agent, unnamed, is lost. */
  if (strcmp (canonical, "代理人") == 0 || strcmp (canonical, "律师") == 0)
    g_ptr_array_add (people, g_steal_pointer (&whose));
  else
    {
      canonicals = g_strsplit (canonical, " ", -1);
      for (guint i = 0; canonicals[i] != NULL; i++)
        g_ptr_array_add (people, g_strconcat (whose, "\u4e4b" /* 之 */, canonicals[i], NULL));
    }
  g_ptr_array_add (people, NULL);
  return (char **) g_ptr_array_free (people, FALSE);
}

/* A relative's word alone (母亲 of 张三的父亲、母亲) after a relative of
 * @whose in the same cell: that person's relative too, as
 * _pr_identity_relation_of() reads it; NULL for any other piece. */
char **
_pr_identity_relation_of_whose (const char *whose,
                                const char *piece)
{
  g_autofree char *plain = _pr_identity_without_spaces (piece);
  g_autofree char *phrase = NULL;
  /* 王???, of 王的父亲: the surname, as written. */
  gsize written = g_str_has_suffix (whose, HONORIFIC_GIVEN) ? strlen (whose) - strlen (HONORIFIC_GIVEN) : strlen (whose);

  if (*plain == '\0' || _pr_identity_kin_or_collective (plain) != strlen (plain))
    return NULL;
  phrase = g_strdup_printf ("%.*s" "\u7684" /* 的 */ "%s", (int) written, whose, plain);
  return _pr_identity_relation_of (phrase);
}

/* 张三的父亲和母亲: two relatives of one person, joined by 和, 与 or
 * 及, as _pr_identity_relation_of() reads each; NULL for any other piece. */
char **
_pr_identity_relations_joined (const char *piece)
{
  static const char *const joins[] = { "\u548c" /* 和 */, "\u4e0e" /* 与 */, "\u53ca" /* 及 */, NULL };

  for (guint j = 0; joins[j] != NULL; j++)
    {
      const char *at = strstr (piece, joins[j]);
      g_autofree char *left = NULL;
      g_auto(GStrv) first = NULL, second = NULL;
      g_autofree char *whose = NULL;
      gsize length;
      GStrvBuilder *both;

      if (at == NULL || at == piece)
        continue;
      left = g_strndup (piece, at - piece);
      if ((first = _pr_identity_relation_of (left)) == NULL || first[0] == NULL ||
          !_pr_identity_is_relation (first[0], &length))
        continue;
      whose = g_strndup (first[0], length);
      if ((second = _pr_identity_relation_of_whose (whose, at + strlen (joins[j]))) == NULL)
        continue;
      both = g_strv_builder_new ();
      g_strv_builder_addv (both, (const char **) first);
      g_strv_builder_addv (both, (const char **) second);
      {
        char **all = g_strv_builder_end (both);

        g_strv_builder_unref (both);
        return all;
      }
    }
  return NULL;
}

/* A relative's word after its link alone (他爹, 之父, 的父母): someone's
 * relative, whose is not written, as a relation of nobody named (之父),
 * newly allocated; NULL for any other @text. The cell still says the
 * writer is of a family, so its phone may be any of the family's. */
char *
_pr_identity_unowned_relative (const char *text)
{
  g_autofree char *plain = _pr_identity_without_spaces (text);
  const char *canonical;
  gsize length = 0;

  if (!g_str_has_prefix (plain, "\u4e4b" /* 之 */) && !g_str_has_prefix (plain, "\u7684" /* 的 */) &&
      !g_str_has_prefix (plain, "\u4ed6" /* 他 */) && !g_str_has_prefix (plain, "\u5979" /* 她 */))
    return NULL;
  canonical = relation_suffix (plain, &length);
  if (canonical == NULL || length != strlen (plain))
    return NULL;
  /* 的父母: 父 stands for both; whose they are is what is unknown. */
  return g_strdup_printf ("\u4e4b" /* 之 */ "%.*s", (int) strcspn (canonical, " "), canonical);
}

/* Whether @name is a relative named by relation, as
 * _pr_identity_relation_of() writes one (张三之父): through @whose, the
 * length in bytes of the person named (张三). A name that holds 之 itself
 * is none: what follows its 之 is no relation's canonical word (王之涣), or
 * what comes before it a surname alone (王之子, 司马之父: a surname names
 * nobody whose son or father he could be, and 之子 is a given name as 之涣
 * is). Any other person before it is one (老王之父, 阿依古丽买买提之母,
 * 王村张三之父): the cell names a relative, not someone called so. */
gboolean
_pr_identity_is_relation (const char *name,
                          gsize      *whose)
{
  static const char *const canonicals[] = {
    "父", "母", "子", "女", "孙", "孙女", "儿媳", "女婿", "配偶", "兄", "弟", "姐", "妹", "祖父", "祖母", "外祖父",
    "外祖母", "岳父", "岳母", "公公", "婆婆", "侄", "侄女", "外甥", "外甥女", "舅", "叔", "伯", "姑", "邻居",
    "朋友", "同事", NULL,
  };
  const char *at = g_strrstr (name, "\u4e4b" /* 之 */);

  /* 之父 alone: a relative of nobody written (他爹), whose is empty. */
  if (at == NULL || !g_strv_contains (canonicals, at + strlen ("\u4e4b")))
    return FALSE;
  if (at > name)
    {
      g_autofree char *before = g_strndup (name, at - name);

      if (_pr_identity_is_surname_alone (before))
        return FALSE;
    }
  if (whose != NULL)
    *whose = at - name;
  return TRUE;
}

/* 王小明65岁, 张三六十五周岁: the name before an age written against it,
 * newly allocated; NULL when @name ends in no age after a whole name. */
char *
_pr_identity_before_age (const char *name)
{
  static const char numerals[] = "0123456789零〇一二三四五六七八九十百两";
  const char *end = name + strlen (name), *p;

  /* 歲, 週, 虛: the traditional forms, as an office in Hong Kong or
   * Taiwan writes them (王小明65歲). All are three bytes. */
  if (!g_str_has_suffix (name, "\u5c81" /* 岁 */) && !g_str_has_suffix (name, "\u6b72" /* 歲 */))
    return NULL;
  end -= 3;
  if (end - name >= 3 && (strncmp (end - 3, "\u5468" /* 周 */, 3) == 0 || strncmp (end - 3, "\u865a" /* 虚 */, 3) == 0 ||
                          strncmp (end - 3, "\u9031" /* 週 */, 3) == 0 || strncmp (end - 3, "\u865b" /* 虛 */, 3) == 0))
    end -= 3;
  for (p = end; p > name;)
    {
      const char *before = g_utf8_find_prev_char (name, p);

      if (g_utf8_strchr (numerals, -1, g_utf8_get_char (before)) == NULL)
        break;
      p = before;
    }
  /* 张三六十五岁: 三 is a numeral too; the shortest whole name before
   * the rest. */
  for (; p < end; p = g_utf8_next_char (p))
    {
      g_autofree char *head = g_strndup (name, p - name);

      if (_pr_identity_is_han_name (head))
        return g_steal_pointer (&head);
    }
  return NULL;
}

/* @text after its leading white space: 王村 张三 is read as 王村张三. */
static const char *
after_spaces (const char *text)
{
  while (*text != '\0' && g_unichar_isspace (g_utf8_get_char (text)))
    text = g_utf8_next_char (text);
  return text;
}

/* Whether @text is a whole Han name but for white space at its end, which
 * a note read off after it leaves (王村张三 男, 金山村王小明 电话…). */
static gboolean
is_han_name_before_spaces (const char *text)
{
  g_autofree char *name = g_strchomp (g_strdup (text));

  return _pr_identity_is_han_name (name);
}

/* 西岚市金山建材有限公司张三, 金山村王小明, 北京市朝阳区王小明: the person
 * named after the firm they write for or the place they come from, with
 * or without a space between (王村 张三 as 王村张三); @name itself when
 * no whole name follows a firm's word or a place's last character
 * (省 市 区 县 镇 乡 村) after one character or more. */
const char *
_pr_identity_after_origin (const char *name)
{
  static const char *const firms[] = { "公司", "集团", "合作社", "事务所", "村民小组", "居委会", "村委会", "委员会",
                                       "医院", "学校", NULL };
  static const char places[] = "省市区县镇乡村";

  for (guint i = 0; firms[i] != NULL; i++)
    {
      const char *at = g_strrstr (name, firms[i]);

      if (at == NULL)
        continue;
      at = after_spaces (at + strlen (firms[i]));
      /* 金山村村民小组组长张三: a title may come between, read after. */
      if (is_han_name_before_spaces (at) || (g_utf8_strlen (at, -1) > 3 && _pr_identity_ends_in_name (at)))
        return at;
    }
  if (*name == '\0')
    return name;
  /* The first place's end that leaves a whole name: 金山村王小明, not a
   * name that holds such a character itself. */
  for (const char *p = g_utf8_next_char (name); *p != '\0'; p = g_utf8_next_char (p))
    {
      const char *after = after_spaces (g_utf8_next_char (p));

      if (g_utf8_strchr (places, -1, g_utf8_get_char (p)) != NULL && is_han_name_before_spaces (after))
        return after;
    }
  return name;
}
