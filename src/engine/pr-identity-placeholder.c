/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A value an office writes where it has none: every record without the
 * value shares it, so that read as a value it would make their writers one
 * person. The rule (docs/design.md, "The petitioner"), on the value folded
 * (NFKC, case folded) and without white space, punctuation and symbols
 * (brackets, dashes, slashes, dots):
 *
 * - nothing is left: /, —, --, （）, ？;
 * - a word saying none, unknown or not filled is left: 暂无, 未填, 空 of
 *   （空）, N.A., null;
 * - for a number (an ID card, a phone, an account): zeros alone (0,
 *   000000), or one digit repeated as long as a number is (111111,
 *   88888888): what a form's required field is filled with.
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
  "\u65e0\u5e10\u6237" /* 无帐户 */, "na", "none", "null", "nil", "unknown", NULL,
};

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
  for (gsize i = 1; i < n; i++)
    if (core[i] != core[0])
      return FALSE;
  return core[0] == '0' || n >= MIN_REPEATED_DIGITS;
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
  return core->len == 0 || g_strv_contains (none_words, core->str) || (number && is_dummy_number (core->str));
}
