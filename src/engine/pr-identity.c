/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Identity values as offices write them, reduced to one form each so that
 * equal values compare equal:
 *
 * - ID card numbers (居民身份证号): full-width digits, spaces and a lower-case
 *   x folded; the check character of ISO 7064 MOD 11-2 and the birth date
 *   checked; a 15-digit number converted to 18 (the year gets "19", the
 *   check character is computed). A number that fails is invalid: no
 *   evidence, and counted, so that an office sees its typing errors.
 * - Phones: reduced to digits, the country code (+86, 0086) dropped; a
 *   mobile (11 digits from 13…19), a landline with its area code (010 and
 *   02x take 8 digits, the other 0xxx 7 or 8), or a local number written
 *   without its area code, which only meets the same local number: the same
 *   8 digits in two cities are two phones. Numbers of Hong Kong, Macau and
 *   Taiwan (+852, +853, +886) keep their code. A cell may hold several
 *   numbers, also apart only by spaces when they split one way alone.
 * - Names, addresses, petitioner ids: NFKC with case folding (ICU), which
 *   also drops zero-width characters; Traditional characters folded to
 *   Simplified (陳 to 陈); white space removed, and for names
 *   middle dots (阿依古丽·买买提), for addresses punctuation.
 *
 * Phones are read in pr-identity-phone.c; a name cell's notes, groups,
 * co-signers and honorifics in pr-identity-names.c; a masked and a full
 * number in one cell in pr-identity-mixed.c.
 *
 * A masked value (王某某, 张*, 李××, 138****1234, 3501**********1234), a
 * placeholder name (匿名, 不详, ?), or an address that names no home (不详,
 * 同上, 北京市朝阳区) is never evidence, nor a name, address or petitioner
 * id that lost a character to "?" (王?华). Nor is a number Excel
 * saved in scientific notation (8.6138E+12, 4.10105E+17): its last digits
 * are lost, and different people's numbers read the same.
 */
#define G_LOG_DOMAIN "pr-identity"

#include "config.h"

#include <string.h>

#include <unicode/ucnv.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include "pr-excel-number.h"
#include "pr-identity-private.h"
#include "pr-tokenizer.h"

/* Longer values are no identity value (a pasted paragraph). */
#define MAX_VALUE_LENGTH 1024

const char *
pr_identity_role_to_string (PrIdentityRole role)
{
  switch (role)
    {
    case PR_IDENTITY_NONE: return "none";
    case PR_IDENTITY_PETITIONER: return "petitioner";
    case PR_IDENTITY_NAME: return "name";
    case PR_IDENTITY_ID_CARD: return "id-card";
    case PR_IDENTITY_PHONE: return "phone";
    case PR_IDENTITY_ADDRESS: return "address";
    default: g_return_val_if_reached ("none");
    }
}

/* NFKC_Casefold of @value in UTF-8, or NULL if it is not valid UTF-8 or
 * too long. NFKC_Casefold removes default-ignorable characters (zero-width
 * spaces and joiners, the BOM, soft hyphens) as well. */
char *
_pr_identity_fold (const char *value,
                   gssize      length)
{
  const UNormalizer2 *nfkc_cf;
  UErrorCode status = U_ZERO_ERROR;
  g_autofree UChar *utf16 = NULL, *normal = NULL;
  int32_t utf16_length = 0, normal_length, utf8_length = 0;
  char *utf8;

  if (length < 0)
    length = strlen (value);
  if (length > MAX_VALUE_LENGTH || !g_utf8_validate_len (value, length, NULL))
    return NULL;
  /* ICU keeps the instance: getting it again costs a lookup. */
  nfkc_cf = unorm2_getNFKCCasefoldInstance (&status);
  if (U_FAILURE (status))
    return NULL;

  utf16 = g_new (UChar, length + 1);
  u_strFromUTF8 (utf16, length + 1, &utf16_length, value, length, &status);
  if (U_FAILURE (status))
    return NULL;
  /* NFKC expands at most 18 times. */
  normal = g_new (UChar, (gsize) utf16_length * 18 + 1);
  normal_length = unorm2_normalize (nfkc_cf, utf16, utf16_length, normal, utf16_length * 18 + 1, &status);
  if (U_FAILURE (status))
    return NULL;
  utf8 = g_malloc ((gsize) normal_length * 3 + 1);
  u_strToUTF8 (utf8, normal_length * 3 + 1, &utf8_length, normal, normal_length, &status);
  if (U_FAILURE (status))
    {
      g_free (utf8);
      return NULL;
    }
  return utf8;
}

gboolean
_pr_identity_is_zero_width (gunichar c)
{
  return (c >= 0x200B && c <= 0x200F) || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF || c == 0x00AD;
}

/* The marks of a masked value: asterisks (＊ folds to *), multiplication
 * signs, 某, circles, and with @x_runs two x in a row (138xxxx1234). */
static gboolean
is_masked (const char *folded,
           gboolean    x_runs)
{
  if (strchr (folded, '*') != NULL || strstr (folded, "\u00d7") != NULL || strstr (folded, "\u67d0") != NULL ||
      strstr (folded, "\u25cb") != NULL || strstr (folded, "\u2715") != NULL || strstr (folded, "\u2606") != NULL)
    return TRUE;
  return x_runs && strstr (folded, "xx") != NULL;
}

static gboolean
is_blank (const char *folded)
{
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isspace (c) && !_pr_identity_is_zero_width (c))
        return FALSE;
    }
  return TRUE;
}

/* Folds a number as written (an ID card, a phone) into @folded; anything
 * but valid is the number's state already. */
PrIdentityValueState
_pr_identity_fold_number (const char  *value,
                          gssize       length,
                          char       **folded)
{
  *folded = _pr_identity_fold (value, length);
  if (*folded == NULL)
    return PR_IDENTITY_VALUE_INVALID;
  if (is_blank (*folded))
    return PR_IDENTITY_VALUE_EMPTY;
  /* 暂无, /, 000000: no number, never the same as another record's. */
  if (is_masked (*folded, TRUE) || _pr_identity_names_nobody (*folded, TRUE))
    return PR_IDENTITY_VALUE_MASKED;
  return PR_IDENTITY_VALUE_VALID;
}

/**
 * pr_id_card_check_character:
 * @first17: the first 17 digits of an ID card number
 *
 * Returns: the check character of ISO 7064 MOD 11-2 (GB 11643): the digits
 *   weighted 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, their sum modulo 11
 *   indexing "10X98765432"
 */
char
pr_id_card_check_character (const char *first17)
{
  static const int weights[17] = { 7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2 };
  int sum = 0;

  for (int i = 0; i < 17; i++)
    {
      g_return_val_if_fail (g_ascii_isdigit (first17[i]), '?');
      sum += (first17[i] - '0') * weights[i];
    }
  return "10X98765432"[sum % 11];
}

static gboolean
valid_birth_date (const char *yyyymmdd)
{
  int year = 0, month, day;

  for (int i = 0; i < 4; i++)
    year = year * 10 + (yyyymmdd[i] - '0');
  month = (yyyymmdd[4] - '0') * 10 + (yyyymmdd[5] - '0');
  day = (yyyymmdd[6] - '0') * 10 + (yyyymmdd[7] - '0');
  return year >= 1850 && year <= 2100 && g_date_valid_dmy (day, month, year);
}

/**
 * pr_identity_normalize_id_card:
 * @value: an ID card number as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out caller-allocates): the 18 characters (X upper case) when valid
 *
 * Returns: valid only when the check character (of an 18-character number)
 *   and the birth date are right and the region code does not start with 0
 */
PrIdentityValueState
pr_identity_normalize_id_card (const char *value,
                               gssize      length,
                               char        normal[PR_ID_CARD_LENGTH + 1])
{
  g_autofree char *folded = NULL;
  char digits[PR_ID_CARD_LENGTH + 1];
  gsize n = 0;
  PrIdentityValueState state;

  g_return_val_if_fail (value != NULL, PR_IDENTITY_VALUE_EMPTY);

  normal[0] = '\0';
  state = _pr_identity_fold_number (value, length, &folded);
  /* 110101********1234 110101199001011234: the full number, if it fits. */
  if (state == PR_IDENTITY_VALUE_MASKED)
    switch (_pr_identity_mixed_id_card (value, length, normal))
      {
      case PR_IDENTITY_MIXED_AGREE: return PR_IDENTITY_VALUE_VALID;
      case PR_IDENTITY_MIXED_DISAGREE: return PR_IDENTITY_VALUE_INVALID;
      case PR_IDENTITY_MIXED_NONE: break;
      }
  if (state != PR_IDENTITY_VALUE_VALID)
    return state;

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* Groups of digits are written apart with spaces or dashes. */
      if (g_unichar_isspace (c) || _pr_identity_is_zero_width (c) || c == '-')
        continue;
      if (n == PR_ID_CARD_LENGTH || !(_pr_identity_is_digit (c) || (c == 'x' && n == 17)))
        return PR_IDENTITY_VALUE_INVALID;
      digits[n++] = g_ascii_toupper (c);
    }
  digits[n] = '\0';

  if (n == 15)
    {
      /* 6 region digits, yymmdd, 3 sequence digits: the year gets "19"
       * (15-digit numbers were issued to people born in the 1900s). */
      memcpy (normal, digits, 6);
      memcpy (normal + 6, "19", 2);
      memcpy (normal + 8, digits + 6, 9);
      normal[17] = pr_id_card_check_character (normal);
      normal[18] = '\0';
    }
  else if (n == 18)
    {
      if (digits[17] != pr_id_card_check_character (digits))
        return PR_IDENTITY_VALUE_INVALID;
      memcpy (normal, digits, PR_ID_CARD_LENGTH + 1);
    }
  else
    return PR_IDENTITY_VALUE_INVALID;

  if (normal[0] == '0' || !valid_birth_date (normal + 6))
    {
      normal[0] = '\0';
      return PR_IDENTITY_VALUE_INVALID;
    }
  return PR_IDENTITY_VALUE_VALID;
}

/* A mask's character: an asterisk (＊ folds to *), a multiplication sign,
 * a circle or cross, and x (138xxxx1234). */
gboolean
_pr_identity_is_mask_character (gunichar c)
{
  return c == '*' || c == 'x' || c == 0x00D7 || c == 0x25CB || c == 0x2715 || c == 0x2606;
}


/**
 * pr_identity_partial_id_card:
 * @value: an ID card number, full or masked (3501**********1234)
 * @length: its length in bytes, or -1 if NUL-terminated
 * @partial: (out caller-allocates): its first four and last four characters
 *
 * What a masked ID card number still shows, in a form a valid full number
 * has as well: the first four digits (the province and city) and the last
 * four (the end of the sequence number and the check character). A full
 * number must be valid: a mistyped one is no evidence, not even in part.
 *
 * Returns: whether @value has such a part
 */
gboolean
pr_identity_partial_id_card (const char *value,
                             gssize      length,
                             char        partial[PR_IDENTITY_PARTIAL_LENGTH + 1])
{
  g_autofree char *folded = NULL;
  g_autoptr(GString) shape = g_string_new (NULL);
  char normal[PR_ID_CARD_LENGTH + 1];
  gsize n;

  g_return_val_if_fail (value != NULL, FALSE);

  partial[0] = '\0';
  if (pr_identity_normalize_id_card (value, length, normal) == PR_IDENTITY_VALUE_VALID)
    {
      memcpy (partial, normal, 4);
      memcpy (partial + 4, normal + 14, 4);
      partial[8] = '\0';
      return TRUE;
    }
  folded = _pr_identity_fold (value, length);
  if (folded == NULL)
    return FALSE;
  n = strlen (folded);
  /* A lower-case x at the end is the check character, not a mask. */
  if (n > 0 && folded[n - 1] == 'x')
    folded[n - 1] = 'X';
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (_pr_identity_is_digit (c) || c == 'X')
        g_string_append_c (shape, (char) c);
      else if (_pr_identity_is_mask_character (c))
        g_string_append_c (shape, '#');
      else if (!(g_unichar_isspace (c) || _pr_identity_is_zero_width (c) || c == '-'))
        return FALSE;
    }
  if (shape->len != PR_ID_CARD_LENGTH || strchr (shape->str, '#') == NULL || shape->str[0] == '0')
    return FALSE;
  for (int i = 0; i < 4; i++)
    if (!g_ascii_isdigit (shape->str[i]) || !(g_ascii_isdigit (shape->str[14 + i]) || (i == 3 && shape->str[17] == 'X')))
      return FALSE;
  memcpy (partial, shape->str, 4);
  memcpy (partial + 4, shape->str + 14, 4);
  partial[8] = '\0';
  return TRUE;
}

/* @value with X for a multiplication sign typed as an ID card's check
 * character (11010519491231002×: the input method's "x"), newly
 * allocated; NULL when there is none. Only where the 17 digits before it
 * compute X: elsewhere × stays the mask it may be (3501×××…). */
static char *
times_for_x (const char *value,
             gssize      length)
{
  GString *typed;
  gboolean changed = FALSE;

  if (length < 0)
    length = strlen (value);
  if (g_strstr_len (value, length, "\u00d7") == NULL || !g_utf8_validate_len (value, length, NULL))
    return NULL;
  typed = g_string_sized_new (length);
  for (const char *p = value; p < value + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      char first17[18];
      const char *q = p;
      int n = 0;

      while (c == 0x00D7 && n < 17 && q > value)
        {
          q = g_utf8_find_prev_char (value, q);
          if (g_unichar_digit_value (g_utf8_get_char (q)) < 0)
            break;
          first17[16 - n++] = '0' + g_unichar_digit_value (g_utf8_get_char (q));
        }
      first17[17] = '\0';
      if (c == 0x00D7 && n == 17 && (q == value || g_unichar_digit_value (g_utf8_get_char (g_utf8_find_prev_char (value, q))) < 0) &&
          pr_id_card_check_character (first17) == 'X')
        {
          g_string_append_c (typed, 'X');
          changed = TRUE;
        }
      else
        g_string_append_unichar (typed, c);
    }
  if (!changed)
    {
      g_string_free (typed, TRUE);
      return NULL;
    }
  return g_string_free (typed, FALSE);
}

/* A name that names nobody. */
static gboolean
is_placeholder_name (const char *name)
{
  static const char *const placeholders[] = {
    "\u533f\u540d" /* 匿名 */, "\u65e0\u540d" /* 无名 */, "\u65e0\u540d\u6c0f" /* 无名氏 */, "\u4f5a\u540d" /* 佚名 */,
    "\u5e02\u6c11" /* 市民 */, "\u7f51\u53cb" /* 网友 */, "\u7fa4\u4f17" /* 群众 */, "\u6765\u4fe1\u4eba" /* 来信人 */,
    "\u4fe1\u8bbf\u4eba" /* 信访人 */, "\u4e0d\u613f\u900f\u9732" /* 不愿透露 */, "\u77e5\u60c5\u4eba" /* 知情人 */,
    "\u4e00\u7fa4\u4f17" /* 一群众 */, "\u67d0\u7fa4\u4f17" /* 某群众 */, "\u70ed\u5fc3\u7fa4\u4f17" /* 热心群众 */, "anonymous", NULL,
  };

  /* 不愿透露姓名, 匿名群众: a phrase of the same; 暂无, （空）, /: a value
   * for none. */
  return g_strv_contains (placeholders, name) || _pr_identity_names_nobody (name, FALSE) ||
         g_str_has_prefix (name, "\u4e0d\u613f\u900f\u9732" /* 不愿透露 */) ||
         g_str_has_prefix (name, "\u533f\u540d" /* 匿名 */);
}

enum
{
  REACHED = 1,
  REACHED_BY_DISTRICT = 2,
};

/* An address that names no home: a placeholder (无, 不详, 同上), no fixed
 * abode, a place named only from the clerk's side (本村, 本小区), or only
 * the divisions a whole town shares (北京市朝阳区, 城关镇, 城关镇本村,
 * 黔东南苗族侗族自治州, 郑州高新技术产业开发区), where many people of one
 * name live; a place after them, even a shop or an estate (永辉超市,
 * 纺织厂家属区, 阳光花园东区), names a home. @address is folded, without
 * white space or punctuation, its numbers in digits. */
static gboolean
is_placeholder_address (const char *address)
{
  static const char *const placeholders[] = {
    "\u540c\u4e0a" /* 同上 */, "\u89c1\u4e0a" /* 见上 */, "\u6682\u65e0" /* 暂无 */, "\u7565" /* 略 */,
    "\u7a7a" /* 空 */, "\u4e0d\u7965" /* 不祥 */, "\u4e0d\u6e05\u695a" /* 不清楚 */, "\u4fdd\u5bc6" /* 保密 */,
    "\u65e0\u56fa\u5b9a\u4f4f\u6240" /* 无固定住所 */, "\u65e0\u56fa\u5b9a\u5c45\u6240" /* 无固定居所 */,
    "\u5c45\u65e0\u5b9a\u6240" /* 居无定所 */, "\u65e0\u4f4f\u6240" /* 无住所 */,
    "\u4f4f\u5740\u4e0d\u8be6" /* 住址不详 */, "\u5730\u5740\u4e0d\u8be6" /* 地址不详 */,
    "\u5730\u5740\u672a\u77e5" /* 地址未知 */, "\u672c\u6751" /* 本村 */, "\u672c\u7ec4" /* 本组 */,
    "\u672c\u793e\u533a" /* 本社区 */, "\u672c\u5c0f\u533a" /* 本小区 */, "\u672c\u5730" /* 本地 */,
    "\u672c\u5355\u4f4d" /* 本单位 */, NULL,
  };
  /* Longer words first: 自治区 before 区. An autonomous division's name
   * holds its peoples (红河哈尼族彝族, 双江拉祜族佤族布朗族傣族): up to 12
   * characters; a development zone is a division too. */
#define DIVISION(word, max_name) { word, sizeof word - 1, max_name }
  static const struct
  {
    const char *word;
    gsize length;
    guint max_name;
  } divisions[] = {
    DIVISION ("\u81ea\u6cbb\u533a" /* 自治区 */, 12),
    DIVISION ("\u81ea\u6cbb\u5dde" /* 自治州 */, 12),
    DIVISION ("\u81ea\u6cbb\u53bf" /* 自治县 */, 12),
    DIVISION ("\u81ea\u6cbb\u65d7" /* 自治旗 */, 12),
    DIVISION ("\u7ecf\u6d4e\u6280\u672f\u5f00\u53d1\u533a" /* 经济技术开发区 */, 6),
    DIVISION ("\u9ad8\u65b0\u6280\u672f\u4ea7\u4e1a\u5f00\u53d1\u533a" /* 高新技术产业开发区 */, 6),
    DIVISION ("\u65b0\u6280\u672f\u5f00\u53d1\u533a" /* 新技术开发区 */, 6),
    DIVISION ("\u5f00\u53d1\u533a" /* 开发区 */, 6),
    DIVISION ("\u9ad8\u65b0\u533a" /* 高新区 */, 6),
    DIVISION ("\u65b0\u533a" /* 新区 */, 6),
    DIVISION ("\u8857\u9053" /* 街道 */, 6),
    DIVISION ("\u7701" /* 省 */, 6),
    DIVISION ("\u5e02" /* 市 */, 6),
    DIVISION ("\u533a" /* 区 */, 6),
    DIVISION ("\u53bf" /* 县 */, 6),
    DIVISION ("\u9547" /* 镇 */, 6),
    DIVISION ("\u4e61" /* 乡 */, 6),
    DIVISION ("\u65d7" /* 旗 */, 6),
    DIVISION ("\u5dde" /* 州 */, 6),
    DIVISION ("\u76df" /* 盟 */, 6),
  };
#undef DIVISION
  /* A 区 or 市 that is one compound, park, campus or shop, not a division:
   * 幸福小区, 纺织厂家属区, 永辉超市. */
  static const char *const places[] = {
    "\u5c0f\u533a" /* 小区 */, "\u793e\u533a" /* 社区 */, "\u56ed\u533a" /* 园区 */, "\u6821\u533a" /* 校区 */,
    "\u5382\u533a" /* 厂区 */, "\u77ff\u533a" /* 矿区 */, "\u8425\u533a" /* 营区 */, "\u5bbf\u820d\u533a" /* 宿舍区 */,
    "\u5bb6\u5c5e\u533a" /* 家属区 */, "\u751f\u6d3b\u533a" /* 生活区 */, "\u5b89\u7f6e\u533a" /* 安置区 */,
    "\u670d\u52a1\u533a" /* 服务区 */, "\u666f\u533a" /* 景区 */, "\u4f4f\u5b85\u533a" /* 住宅区 */,
    "\u5c45\u4f4f\u533a" /* 居住区 */, "\u8d85\u5e02" /* 超市 */, "\u95e8\u5e02" /* 门市 */, "\u591c\u5e02" /* 夜市 */,
    "\u83dc\u5e02" /* 菜市 */, "\u96c6\u5e02" /* 集市 */, NULL,
  };
  /* An estate's characters: a 区 after a name holding one is a part of
   * an estate (阳光花园东区, 碧桂园别墅区), not a division; so is a 区
   * inside a district (朝阳区团结湖北区, 朝阳区北区). */
  static const char *const estates[] = {
    "\u56ed" /* 园 */, "\u82d1" /* 苑 */, "\u5885" /* 墅 */, "\u5ead" /* 庭 */, "\u5bd3" /* 寓 */, NULL,
  };
  static const char district[] = "\u533a" /* 区 */;
  gsize length;
  guint8 small[256];
  g_autofree guint8 *large = NULL;
  guint8 *reached;

  if (is_placeholder_name (address) || g_strv_contains (placeholders, address))
    return TRUE;
  /* A digit or a Latin letter numbers a home (5号, A区). */
  for (const char *p = address; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      return FALSE;

  /* Whether the address is only division segments (a name and its
   * division word: 北京市, 朝阳区, 城关镇), maybe with a placeholder after
   * them (本村). reached[i]: the segments end at byte i, the last one a
   * district (REACHED_BY_DISTRICT) or another division (REACHED). */
  length = strlen (address);
  if (length < G_N_ELEMENTS (small))
    reached = small;
  else
    reached = large = g_new (guint8, length + 1);
  memset (reached, 0, length + 1);
  reached[0] = REACHED;
  for (gsize i = 0; i < length; i++)
    {
      const char *name_end;

      if (!reached[i])
        continue;
      if (g_strv_contains (placeholders, address + i))
        return TRUE;
      name_end = address + i;
      for (guint n = 1; n <= 12 && *name_end != '\0'; n++)
        {
          name_end = g_utf8_next_char (name_end);
          for (guint d = 0; d < G_N_ELEMENTS (divisions); d++)
            {
              gsize end = name_end - address + divisions[d].length;
              gboolean is_district, place = FALSE;

              /* The long names' divisions come first. */
              if (n > divisions[d].max_name)
                break;
              if (strncmp (name_end, divisions[d].word, divisions[d].length) != 0)
                continue;
              is_district = strcmp (divisions[d].word, district) == 0;
              for (guint k = 0; places[k] != NULL && !place; k++)
                {
                  gsize suffix = strlen (places[k]);

                  place = end - i >= suffix && memcmp (address + end - suffix, places[k], suffix) == 0;
                }
              if (is_district)
                {
                  place = place || reached[i] == REACHED_BY_DISTRICT ||
                          g_strstr_len (address + i, name_end - address - i, district) != NULL;
                  for (guint k = 0; estates[k] != NULL && !place; k++)
                    place = g_strstr_len (address + i, name_end - address - i, estates[k]) != NULL;
                }
              if (!place)
                reached[end] |= is_district ? REACHED_BY_DISTRICT : REACHED;
            }
        }
    }
  return reached[length];
}

static gboolean
is_middle_dot (gunichar c)
{
  return c == 0x00B7 || c == 0x2022 || c == 0x2027 || c == 0x30FB || c == 0xFF65 || c == 0x2219 ||
         c == 0x22C5 || c == 0x0387 || c == 0x16EB || c == '.' || c == 0x318D || c == 0x2E31 ||
         /* A dash or an ideographic stop typed for the dot (阿依古丽-买买提). */
         c == '-' || (c >= 0x2010 && c <= 0x2015) || c == 0x2212 || c == 0x3002 || c == '_';
}

/* Per BMP character, whether it is one of GB2312's, the Simplified set;
 * NULL if ICU has no GB2312 converter. */
static const guint8 *
simplified_set (void)
{
  static gsize set;

  if (g_once_init_enter (&set))
    {
      guint8 *in = g_new0 (guint8, 0x10000 / 8);
      UErrorCode status = U_ZERO_ERROR;
      UConverter *gb2312 = ucnv_open ("GB2312", &status);

      if (U_SUCCESS (status))
        ucnv_setFromUCallBack (gb2312, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
      for (gunichar c = 0x2E80; U_SUCCESS (status) && c < 0x10000; c++)
        {
          UChar unit = (UChar) c;
          char bytes[8];
          UErrorCode one = U_ZERO_ERROR;

          if ((c >= 0xD800 && c < 0xE000) || pr_tokenizer_fold_traditional_char (c) == c)
            continue;
          ucnv_resetFromUnicode (gb2312);
          ucnv_fromUChars (gb2312, bytes, sizeof bytes, &unit, 1, &one);
          if (U_SUCCESS (one))
            in[c / 8] |= 1 << (c % 8);
        }
      if (gb2312 != NULL)
        ucnv_close (gb2312);
      if (U_FAILURE (status))
        g_clear_pointer (&in, g_free);
      /* 1 for "no converter": 0 is "not yet". */
      g_once_init_leave (&set, in != NULL ? (gsize) in : 1);
    }
  return set != 1 ? (const guint8 *) set : NULL;
}

/* @c folded from Traditional to Simplified (陳 to 陈), unless it is a
 * Simplified character itself: 於 and 于, 乾 and 干 are different
 * surnames and given names, though ICU's fold takes the one to the other.
 * Without GB2312 no character is folded, rather than two names joined. */
static gunichar
fold_name_char (gunichar c)
{
  const guint8 *simplified = simplified_set ();

  if (simplified == NULL || c >= 0x10000 || (simplified[c / 8] & (1 << (c % 8))) != 0)
    return c;
  return pr_tokenizer_fold_traditional_char (c);
}

/**
 * pr_identity_has_lost_character:
 * @value: a name, an address or a petitioner id as written
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: whether @value holds a character lost on its way into the
 *   table: "?" (or "？") as a database writes for a character its column
 *   cannot hold, U+FFFD as a decoder writes for bytes it cannot read
 */
gboolean
pr_identity_has_lost_character (const char *value,
                                gssize      length)
{
  g_return_val_if_fail (value != NULL, FALSE);

  if (length < 0)
    length = strlen (value);
  return memchr (value, '?', length) != NULL || g_strstr_len (value, length, "\uff1f") != NULL ||
         g_strstr_len (value, length, "\ufffd") != NULL;
}

/* Folds @value and keeps the characters @drop does not take. A value
 * that lost a character is invalid; @holed (if not %NULL) then receives
 * it folded, each lost character written "?". */
static PrIdentityValueState
normalize_text (const char   *value,
                gssize        length,
                gboolean    (*drop) (gunichar c),
                gboolean      x_runs,
                char        **normal,
                char        **holed)
{
  g_autofree char *folded = NULL;
  GString *kept;

  *normal = NULL;
  folded = _pr_identity_fold (value, length);
  if (folded == NULL)
    return PR_IDENTITY_VALUE_INVALID;

  kept = g_string_new (NULL);
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0xFF1F || c == 0xFFFD)
        c = '?';
      /* A name or address typed in Traditional characters (陳) is the
       * same as in Simplified (陈), as the text's words are. */
      if (!g_unichar_isspace (c) && !_pr_identity_is_zero_width (c) && (drop == NULL || !drop (c)))
        g_string_append_unichar (kept, fold_name_char (c));
    }
  if (kept->len == 0)
    {
      g_string_free (kept, TRUE);
      return PR_IDENTITY_VALUE_EMPTY;
    }
  if (is_masked (kept->str, x_runs) || strspn (kept->str, "?") == kept->len || _pr_identity_is_error_value (folded))
    {
      g_string_free (kept, TRUE);
      return PR_IDENTITY_VALUE_MASKED;
    }
  /* 王?华: a column in GBK or latin1 could not hold a rare character (堃,
   * 喆) and kept "?": 王堃华 and 王喆华 would be one name. */
  if (pr_identity_has_lost_character (folded, -1))
    {
      if (holed != NULL)
        *holed = g_string_free (kept, FALSE);
      else
        g_string_free (kept, TRUE);
      return PR_IDENTITY_VALUE_INVALID;
    }
  *normal = g_string_free (kept, FALSE);
  return PR_IDENTITY_VALUE_VALID;
}

static gboolean
has_han (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
      return TRUE;
  return FALSE;
}

/**
 * pr_identity_normalize_name:
 * @value: a person's name as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out): the folded name, when valid
 *
 * Returns: masked for 王某某, 张*, 李×× and 张XX, and for a placeholder
 *   (匿名, 不详, 市民…)
 */
PrIdentityValueState
pr_identity_normalize_name (const char  *value,
                            gssize       length,
                            char       **normal)
{
  PrIdentityValueState state;

  g_return_val_if_fail (value != NULL && normal != NULL, PR_IDENTITY_VALUE_EMPTY);

  state = normalize_text (value, length, is_middle_dot, FALSE, normal, NULL);
  if (state != PR_IDENTITY_VALUE_VALID)
    return state;
  /* Na (娜) and Null are names; NA and null are a program's none. */
  if (_pr_identity_is_written_name (value, length))
    return PR_IDENTITY_VALUE_VALID;
  /* 张XX: two x after a Chinese surname mask it; Maxx is a name. */
  if (is_placeholder_name (*normal) || (has_han (*normal) && strstr (*normal, "xx") != NULL))
    {
      g_clear_pointer (normal, g_free);
      return PR_IDENTITY_VALUE_MASKED;
    }
  return PR_IDENTITY_VALUE_VALID;
}

/**
 * pr_identity_name_with_holes:
 * @value: a person's name as written
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * A name that lost a character to "?" (王?华) is no evidence of the same
 * person, but still says who it is not: 王?华 is not 王明.
 *
 * Returns: (transfer full) (nullable): the name folded as
 *   pr_identity_normalize_name() folds it, each lost character written
 *   "?", or %NULL if @value lost no character (or is masked or blank, or
 *   names nobody but for its marks: 不详？, 张XX?)
 */
char *
pr_identity_name_with_holes (const char *value,
                             gssize      length)
{
  g_autofree char *normal = NULL;

  g_autofree char *marked = NULL;
  GString *kept;

  g_return_val_if_fail (value != NULL, NULL);

  normalize_text (value, length, is_middle_dot, FALSE, &normal, &marked);
  if (marked == NULL)
    return NULL;
  /* A clerk's question mark after a placeholder or a mask (不详？, 张XX?)
   * names nobody: no evidence and no conflict. */
  kept = g_string_new (NULL);
  for (const char *p = marked; *p != '\0'; p++)
    if (*p != '?')
      g_string_append_c (kept, *p);
  if (is_placeholder_name (kept->str) || is_masked (kept->str, FALSE) ||
      (has_han (kept->str) && strstr (kept->str, "xx") != NULL))
    {
      g_string_free (kept, TRUE);
      return NULL;
    }
  g_string_free (kept, TRUE);
  return g_steal_pointer (&marked);
}

/**
 * pr_identity_names_may_agree:
 * @a: a name from pr_identity_normalize_name() or
 *   pr_identity_name_with_holes()
 * @b: another
 *
 * Returns: whether @a and @b may be one name: equal where neither lost
 *   its characters, a run of k "?" standing for 0 to k of them (a dot or
 *   space the column could not hold was dropped from the other's name; a
 *   character lost as two bytes leaves two marks)
 */
gboolean
pr_identity_names_may_agree (const char *a,
                             const char *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  while (*a != '\0' && *b != '\0' && *a != '?' && *b != '?')
    {
      if (g_utf8_get_char (a) != g_utf8_get_char (b))
        return FALSE;
      a = g_utf8_next_char (a);
      b = g_utf8_next_char (b);
    }
  if (*b == '?' && *a != '?')
    {
      const char *t = a;

      a = b;
      b = t;
    }
  if (*a == '?')
    {
      gsize k = strspn (a, "?");
      const char *rest = b;

      /* Names are short: trying each length of the run is cheap. */
      for (gsize j = 0; j <= k; j++)
        {
          if (pr_identity_names_may_agree (a + k, rest))
            return TRUE;
          if (*rest == '\0')
            break;
          rest = g_utf8_next_char (rest);
        }
      return FALSE;
    }
  return *a == '\0' && *b == '\0';
}

static gboolean
is_punctuation (gunichar c)
{
  return g_unichar_ispunct (c);
}

/* The value of a Chinese digit (〇 and 零 0, 两 2), or -1. */
static int
chinese_digit (gunichar c)
{
  static const gunichar digits[] = { 0x96F6 /* 零 */, 0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03,
                                     0x516B, 0x4E5D };

  if (c == 0x3007 /* 〇 */)
    return 0;
  if (c == 0x4E24 /* 两 */)
    return 2;
  for (int i = 0; i < 10; i++)
    if (digits[i] == c)
      return i;
  return -1;
}

static int
chinese_unit (gunichar c)
{
  return c == 0x5341 /* 十 */ ? 10 : c == 0x767E /* 百 */ ? 100 : c == 0x5343 /* 千 */ ? 1000 : 0;
}

/* An address's numbers in Arabic digits and its buildings in one word, so
 * that one home written two ways is one address: 五号楼三单元 and 5栋3单元,
 * 一百零五号 and 105号, 一〇五室 and 105室. A run of Chinese numerals with
 * 十, 百 or 千 is read by place, one without digit by digit. The same
 * change on both sides keeps place names apart (三里屯 is 3里屯 in both). */
static char *
address_numbers (const char *address)
{
  GString *out = g_string_new (NULL);
  const char *p = address;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      if (chinese_digit (c) >= 0 || chinese_unit (c) > 0)
        {
          const char *q = p;
          gboolean by_place = FALSE;
          guint64 value = 0, current = 0;

          for (; *q != '\0'; q = g_utf8_next_char (q))
            {
              gunichar d = g_utf8_get_char (q);

              if (chinese_digit (d) < 0 && chinese_unit (d) == 0)
                break;
              by_place |= chinese_unit (d) > 0;
            }
          if (by_place)
            {
              for (const char *r = p; r < q; r = g_utf8_next_char (r))
                {
                  gunichar d = g_utf8_get_char (r);
                  int unit = chinese_unit (d);

                  if (unit > 0)
                    {
                      /* 十 alone is ten: 十号, 十一号. */
                      value += (current == 0 ? 1 : current) * unit;
                      current = 0;
                    }
                  else
                    current = chinese_digit (d);
                }
              g_string_append_printf (out, "%" G_GUINT64_FORMAT, value + current);
            }
          else
            for (const char *r = p; r < q; r = g_utf8_next_char (r))
              g_string_append_c (out, (char) ('0' + chinese_digit (g_utf8_get_char (r))));
          p = q;
          continue;
        }
      /* 号楼 and 幢 are 栋: the building. */
      if (g_str_has_prefix (p, "\u53f7\u697c" /* 号楼 */))
        {
          g_string_append (out, "\u680b" /* 栋 */);
          p += strlen ("\u53f7\u697c");
          continue;
        }
      if (c == 0x5E62 /* 幢 */)
        c = 0x680B /* 栋 */;
      g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/**
 * pr_identity_normalize_address:
 * @value: an address as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out): the folded address without white space or punctuation,
 *   its numbers in Arabic digits and 号楼 and 幢 written 栋
 *
 * Returns: masked when stars or x runs hide part of it, and for an
 *   address that names no home: a placeholder (不详, 同上), no fixed abode,
 *   or divisions alone (北京市朝阳区)
 */
PrIdentityValueState
pr_identity_normalize_address (const char  *value,
                               gssize       length,
                               char       **normal)
{
  return pr_identity_normalize_address_full (value, length, normal, NULL);
}

/**
 * pr_identity_normalize_address_full:
 * @value: an address as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out): as pr_identity_normalize_address() gives it
 * @no_home: (out) (optional): whether @value was masked for naming no
 *   home (不详, 北京市朝阳区) rather than for stars or x runs
 *
 * Returns: as pr_identity_normalize_address()
 */
PrIdentityValueState
pr_identity_normalize_address_full (const char  *value,
                                    gssize       length,
                                    char       **normal,
                                    gboolean    *no_home)
{
  g_return_val_if_fail (value != NULL && normal != NULL, PR_IDENTITY_VALUE_EMPTY);

  if (no_home != NULL)
    *no_home = FALSE;

  /* Masks first: punctuation removal would take the stars away. */
  {
    g_autofree char *folded = _pr_identity_fold (value, length);

    if (folded != NULL && !is_blank (folded) && (strchr (folded, '*') != NULL || strstr (folded, "\u00d7") != NULL))
      {
        *normal = NULL;
        return PR_IDENTITY_VALUE_MASKED;
      }
  }
  {
    PrIdentityValueState state = normalize_text (value, length, is_punctuation, FALSE, normal, NULL);

    if (state == PR_IDENTITY_VALUE_VALID)
      {
        char *numbered = address_numbers (*normal);

        g_free (*normal);
        *normal = numbered;
        if (is_placeholder_address (numbered))
          {
            if (no_home != NULL)
              *no_home = TRUE;
            g_clear_pointer (normal, g_free);
            return PR_IDENTITY_VALUE_MASKED;
          }
      }
    return state;
  }
}

/**
 * pr_identity_normalize_petitioner:
 * @value: an identifier of the petitioner (an account id)
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out): folded, without white space
 *
 * Returns: masked when written masked (a name column taken for an id),
 *   and for a value that names nobody (NULL, \N, none, 无, 匿名, -, 0,
 *   000000: _pr_identity_names_nobody ());
 *   invalid for a number in Excel's scientific notation (4.10105E+17)
 */
PrIdentityValueState
pr_identity_normalize_petitioner (const char  *value,
                                  gssize       length,
                                  char       **normal)
{
  PrIdentityValueState state;

  g_return_val_if_fail (value != NULL && normal != NULL, PR_IDENTITY_VALUE_EMPTY);

  state = normalize_text (value, length, NULL, FALSE, normal, NULL);
  if (state == PR_IDENTITY_VALUE_VALID && pr_excel_is_scientific (*normal, -1))
    {
      g_clear_pointer (normal, g_free);
      return PR_IDENTITY_VALUE_INVALID;
    }
  /* NULL, \N (a database export's NULL), 无, 匿名, 000000: no account,
   * which every such record shares; read as an id, they were all one
   * petitioner's. */
  if (state == PR_IDENTITY_VALUE_VALID && !_pr_identity_is_written_name (value, length) &&
      (is_placeholder_name (*normal) || _pr_identity_names_nobody (*normal, TRUE) || strcmp (*normal, "\\n") == 0))
    {
      g_clear_pointer (normal, g_free);
      return PR_IDENTITY_VALUE_MASKED;
    }
  return state;
}

/* A cell of ID card numbers among words (身份证号：11010519491231002X,
 * 11010519491231002X（本人）, two numbers apart): each number, if every
 * run of 15 digits or more is a valid one; else none, invalid. */
static PrIdentityValueState
id_cards_in_text (const char *value,
                  gssize      length,
                  GPtrArray  *normals)
{
  g_autofree char *folded = g_utf8_normalize (value, length, G_NORMALIZE_NFKC);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *p;

  if (folded == NULL)
    return PR_IDENTITY_VALUE_INVALID;
  /* A masked number beside a full one was read by the rule of such cells. */
  for (p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (_pr_identity_is_mask_character (g_utf8_get_char (p)) &&
        !(*p == 'x' && p > folded && g_ascii_isdigit (p[-1])))
      return PR_IDENTITY_VALUE_INVALID;
  for (p = folded; *p != '\0';)
    {
      const char *start = p;
      char id[PR_ID_CARD_LENGTH + 1];

      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      while (g_ascii_isdigit (*p))
        p++;
      if (*p == 'x' || *p == 'X')
        p++;
      /* A letter glued to the run (a passport's E12345678): no ID card. */
      if (g_ascii_isalnum (*p) || (start > folded && g_ascii_isalpha (start[-1])))
        return PR_IDENTITY_VALUE_INVALID;
      if (p - start < 15)
        continue;
      if (pr_identity_normalize_id_card (start, p - start, id) != PR_IDENTITY_VALUE_VALID)
        return PR_IDENTITY_VALUE_INVALID;
      g_ptr_array_add (found, g_strdup (id));
    }
  if (found->len == 0)
    return PR_IDENTITY_VALUE_INVALID;
  g_ptr_array_extend_and_steal (normals, g_steal_pointer (&found));
  return PR_IDENTITY_VALUE_VALID;
}

/**
 * pr_identity_normalize:
 * @role: what @value is
 * @value: a cell
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normals: (element-type utf8): where the normal forms are added (several
 *   for a cell of several phones)
 *
 * Returns: the value's state
 */
PrIdentityValueState
pr_identity_normalize (PrIdentityRole  role,
                       const char     *value,
                       gssize          length,
                       GPtrArray      *normals)
{
  PrIdentityValueState state = PR_IDENTITY_VALUE_EMPTY;
  char *normal = NULL;

  g_return_val_if_fail (value != NULL && normals != NULL, PR_IDENTITY_VALUE_EMPTY);

  switch (role)
    {
    case PR_IDENTITY_ID_CARD:
      {
        char id[PR_ID_CARD_LENGTH + 1];
        g_autofree char *typed = times_for_x (value, length);

        if (typed != NULL)
          {
            value = typed;
            length = strlen (typed);
          }
        state = pr_identity_normalize_id_card (value, length, id);
        if (state == PR_IDENTITY_VALUE_VALID)
          normal = g_strdup (id);
        else if (state == PR_IDENTITY_VALUE_INVALID)
          return id_cards_in_text (value, length, normals);
        break;
      }
    case PR_IDENTITY_PHONE:
      return pr_identity_normalize_phones (value, length, normals);
    case PR_IDENTITY_NAME:
      return pr_identity_read_names (value, length, normals, NULL);
    case PR_IDENTITY_ADDRESS:
      state = pr_identity_normalize_address (value, length, &normal);
      break;
    case PR_IDENTITY_PETITIONER:
      state = pr_identity_normalize_petitioner (value, length, &normal);
      break;
    case PR_IDENTITY_NONE:
    default:
      g_return_val_if_reached (PR_IDENTITY_VALUE_EMPTY);
    }
  if (normal != NULL)
    g_ptr_array_add (normals, normal);
  return state;
}

/* A person's name as offices write it: two to four Han characters (five
 * for a compound surname and a long given name), or one masked. */
static gboolean
looks_like_name (const char *value)
{
  g_autofree char *normal = NULL;
  PrIdentityValueState state = pr_identity_normalize_name (value, -1, &normal);
  glong n;

  if (state == PR_IDENTITY_VALUE_MASKED)
    return TRUE;
  if (state != PR_IDENTITY_VALUE_VALID)
    return FALSE;
  n = g_utf8_strlen (normal, -1);
  for (const char *p = normal; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
      return FALSE;
  return n >= 2 && n <= 5;
}

/**
 * pr_identity_guess_role:
 * @values: (array length=n_values): some values of one column (NULL or
 *   empty ones are left out)
 * @n_values: how many
 *
 * Guesses what a column holds from its values: ID card numbers, phones,
 * names, or identifiers with digits (居民0, A00074011) that are neither,
 * when at least 80 % of the values written are of that kind (valid or
 * masked; a mistyped number counts against). A category looks like a name
 * and a number like an identifier: the caller takes those two only where
 * the column's name speaks of a person.
 *
 * Returns: the role (%PR_IDENTITY_PETITIONER for identifiers), or %PR_IDENTITY_NONE
 */
PrIdentityRole
pr_identity_guess_role (const char *const *values,
                        guint              n_values)
{
  guint n = 0, id_cards = 0, phones = 0, names = 0, identifiers = 0;

  for (guint i = 0; i < n_values; i++)
    {
      g_autoptr(GPtrArray) normals = g_ptr_array_new_with_free_func (g_free);
      char id[PR_ID_CARD_LENGTH + 1];
      PrIdentityValueState state;
      gsize digits = 0;

      if (values[i] == NULL || values[i][0] == '\0')
        continue;
      state = pr_identity_normalize_id_card (values[i], -1, id);
      if (state == PR_IDENTITY_VALUE_EMPTY)
        continue;
      n++;
      for (const char *p = values[i]; *p != '\0'; p++)
        digits += g_ascii_isdigit (*p);
      /* A masked ID card keeps some of its 15 or 18 characters' digits. */
      if (state == PR_IDENTITY_VALUE_VALID || (state == PR_IDENTITY_VALUE_MASKED && strlen (values[i]) >= 15 &&
                                               strlen (values[i]) <= 20 && digits >= 6))
        id_cards++;
      else if (digits >= 3 && pr_identity_normalize_phones (values[i], -1, normals) != PR_IDENTITY_VALUE_INVALID)
        phones++;
      else if (looks_like_name (values[i]))
        names++;
      else if (digits > 0)
        identifiers++;
    }
  if (n == 0)
    return PR_IDENTITY_NONE;
  if (id_cards * 5 >= n * 4)
    return PR_IDENTITY_ID_CARD;
  if (phones * 5 >= n * 4)
    return PR_IDENTITY_PHONE;
  if (names * 5 >= n * 4)
    return PR_IDENTITY_NAME;
  if (identifiers * 5 >= n * 4)
    return PR_IDENTITY_PETITIONER;
  return PR_IDENTITY_NONE;
}
