/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value an office writes where it has none: every record without the
 * value shares it, so that read as a value it would make their writers one
 * person. The rule (docs/design.md, "The petitioner"), on the value folded
 * (NFKC, case folded) and without white space, punctuation and symbols
 * (brackets, dashes, slashes, dots):
 *
 * - nothing is left: /, —, --, （）, ？;
 * - a word saying none, unknown, not filled, withheld, see elsewhere or a
 *   trial is left: 暂无, 未填, 空 of （空）, N.A., null, 保密, 同上, 见附件,
 *   测试, guest, undefined;
 * - one Latin letter, alone or repeated (x, XXX), or a spreadsheet's error
 *   value (#VALUE!, #N/A, #REF!, #DIV/0!, #NAME?, #NUM!, #NULL!);
 * - for a number (an ID card, a phone, an account): zeros alone (0,
 *   000000), one digit repeated as long as a number is (111111,
 *   88888888), the digits counted up from 1 (123456), the well-known fake
 *   mobiles 13800000000 and 13800138000 (also after +86), a negative
 *   number (-1) or NaN: what a form's required field or a program is
 *   filled with.
 *
 * Words that name a person without naming whom (匿名, 市民) are a name's
 * placeholders, in pr-identity.c.
 */
#define G_LOG_DOMAIN "pr-identity"

#include "config.h"

#include <string.h>

#include "pr-identity-private.h"

/* A run of one digit this long is no account or phone number. */
#define MIN_REPEATED_DIGITS 6

/* Words for none, unknown, not filled, not given; folded, without
 * punctuation (n/a, #N/A and N.A. are na; (null) is null). */
static const char *const none_words[] = {
  "\u65e0" /* 无 */, "\u6682\u65e0" /* 暂无 */, "\u6ca1\u6709" /* 没有 */, "\u7a7a" /* 空 */,
  "\u7a7a\u767d" /* 空白 */, "\u672a\u586b" /* 未填 */, "\u672a\u586b\u5199" /* 未填写 */,
  "\u4e0d\u586b" /* 不填 */, "\u672a\u77e5" /* 未知 */, "\u4e0d\u8be6" /* 不详 */, "\u4e0d\u660e" /* 不明 */,
  "\u6682\u7f3a" /* 暂缺 */, "\u7f3a" /* 缺 */, "\u672a\u63d0\u4f9b" /* 未提供 */, "\u672a\u767b\u8bb0" /* 未登记 */,
  "\u65e0\u8d26\u53f7" /* 无账号 */, "\u65e0\u5e10\u53f7" /* 无帐号 */, "\u65e0\u8d26\u6237" /* 无账户 */,
  "\u65e0\u5e10\u6237" /* 无帐户 */, "\u65e0\u6b64\u4eba" /* 无此人 */, "\u65e0\u8bb0\u5f55" /* 无记录 */,
  "\u7565" /* 略 */, "\u540c\u4e0a" /* 同上 */, "\u89c1\u9644\u4ef6" /* 见附件 */, "\u5f85\u8865\u5145" /* 待补充 */,
  "\u4fdd\u5bc6" /* 保密 */, "\u6e38\u5ba2" /* 游客 */, "\u6d4b\u8bd5" /* 测试 */, "guest", "test", "undefined",
  "na", "none", "null", "nil", "unknown", NULL,
};

/* Words for none that are also names in pinyin or other scripts (Na 娜,
 * Null, Nil): in a name column they are placeholders only as a program
 * writes them, never capitalized as a name is. */
static const char *const name_like_words[] = { "na", "nan", "nil", "null", NULL };

/* A spreadsheet's error values, folded, without white space. */
static const char *const error_values[] = { "#value!", "#n/a", "#ref!", "#div/0!", "#name?", "#num!", "#null!",
                                            "#spill!", "#calc!", "#getting_data", NULL };

/* Digit runs a form's required phone or id is filled with. */
static const char *const dummy_numbers[] = { "13800000000" /* the fake mobiles of examples */, "13800138000", NULL };

static gboolean
is_ignored (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
    case G_UNICODE_SPACE_SEPARATOR:
    case G_UNICODE_FORMAT:
    case G_UNICODE_CONTROL:
      return TRUE;
    default:
      return g_unichar_isspace (c) || _pr_identity_is_zero_width (c);
    }
}

/* Zeros alone, or one digit repeated MIN_REPEATED_DIGITS times or more. */
static gboolean
is_dummy_number (const char *core)
{
  gsize n = strlen (core);

  if (n == 0 || strspn (core, "0123456789") != n)
    return FALSE;
  /* +86, 0086 or the long-distance 0 before a mobile. */
  if ((n == 12 && g_str_has_prefix (core, "01")) || (n == 13 && g_str_has_prefix (core, "86")) ||
      (n == 15 && g_str_has_prefix (core, "0086")))
    {
      core += n - 11;
      n = 11;
    }
  if (g_strv_contains (dummy_numbers, core))
    return TRUE;
  /* 123456, 1234567890. */
  if (n >= MIN_REPEATED_DIGITS && strncmp (core, "1234567890", n) == 0)
    return TRUE;
  for (gsize i = 1; i < n; i++)
    if (core[i] != core[0])
      return FALSE;
  return core[0] == '0' || n >= MIN_REPEATED_DIGITS;
}

/* x, XXX: one Latin letter, alone or repeated. */
static gboolean
is_one_letter (const char *core)
{
  if (!g_ascii_isalpha (core[0]))
    return FALSE;
  for (const char *p = core + 1; *p != '\0'; p++)
    if (*p != core[0])
      return FALSE;
  return TRUE;
}

/* -1, -0.5: a number below zero, which no id or phone is. */
static gboolean
is_negative (const char *folded)
{
  char *end = NULL;

  while (g_ascii_isspace (*folded))
    folded++;
  if (*folded != '-' || !g_ascii_isdigit (folded[1]))
    return FALSE;
  g_ascii_strtod (folded, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  return end != NULL && *end == '\0';
}

/**
 * _pr_identity_is_error_value:
 * @folded: a value folded (_pr_identity_fold ())
 *
 * Returns: whether @folded is a spreadsheet's error value, white space
 *   aside (#N/A, # VALUE !); #NAME? is one, not a name that lost a
 *   character to "?"
 */
gboolean
_pr_identity_is_error_value (const char *folded)
{
  g_autoptr(GString) kept = g_string_new (NULL);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      g_string_append_unichar (kept, g_utf8_get_char (p));
  return g_strv_contains (error_values, kept->str);
}

/**
 * _pr_identity_names_nobody:
 * @folded: a value folded (_pr_identity_fold ()), any white space kept or not
 * @number: whether the value is a number (an ID card, a phone, an account)
 *
 * Returns: whether @folded is a placeholder by the rule above: unknown,
 *   never the same as another value
 */
gboolean
_pr_identity_names_nobody (const char *folded,
                           gboolean    number)
{
  g_autoptr(GString) core = g_string_new (NULL);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!is_ignored (c))
        g_string_append_unichar (core, c);
    }
  return core->len == 0 || g_strv_contains (none_words, core->str) || is_one_letter (core->str) ||
         _pr_identity_is_error_value (folded) ||
         (number && (is_dummy_number (core->str) || g_str_equal (core->str, "nan") || is_negative (folded)));
}

/**
 * _pr_identity_is_written_name:
 * @value: a name cell as written
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: whether @value, without the white space around it, is a word
 *   for none that is also a name (Na, Nan, Nil, Null), written as a name
 *   is: a capital and small letters. NA, null, N/A are a program's.
 */
gboolean
_pr_identity_is_written_name (const char *value,
                              gssize      length)
{
  g_autofree char *word = g_strstrip (g_strndup (value, length < 0 ? strlen (value) : (gsize) length));
  g_autofree char *lower = g_ascii_strdown (word, -1);

  if (!g_strv_contains (name_like_words, lower) || !g_ascii_isupper (word[0]))
    return FALSE;
  for (const char *p = word + 1; *p != '\0'; p++)
    if (!g_ascii_islower (*p))
      return FALSE;
  return TRUE;
}
