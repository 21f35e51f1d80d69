/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Phone numbers as written, reduced to one form each (see pr-identity.c):
 * one number, a cell of several, and what a masked mobile still shows.
 */
#define G_LOG_DOMAIN "pr-identity"

#include "config.h"

#include <string.h>

#include "pr-excel-number.h"
#include "pr-memory-stop.h"
#include "pr-identity-private.h"

/* Digits of one phone number as written, and apart in @extension those
 * of its extension (转 8001, ext. 8001): a desk behind a switchboard that
 * many people share, so part of whom the number reaches. */
static void
phone_digits (const char *folded,
              GString    *digits,
              GString    *extension)
{
  GString *to = digits;

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (to == digits && (c == 0x8F6C /* 转 */ || g_str_has_prefix (p, "ext") || c == 'x' || c == '#' ||
                           g_str_has_prefix (p, "\u5206\u673a" /* 分机 */)))
        to = extension;
      else if (_pr_identity_is_digit (c))
        g_string_append_c (to, (char) c);
    }
}

/* 0591-8765432-12, 010-12345678-1: a whole landline (or local number)
 * and, after a dash, 1 to 4 more digits (2 to 4 after a 7-digit line):
 * the extension, as 转 writes it.
 * Moved from @digits to @extension only when the group before that dash
 * is a whole line and the digits up to it a whole number by themselves:
 * 0591-8765-4321 is one line written in groups, 138-1234-8000 a mobile,
 * 400-0745-333 a hotline. */
static void
dash_extension (const char *folded,
                GString    *digits,
                GString    *extension)
{
  const char *group_start[2] = { NULL, NULL }, *group_end[2] = { NULL, NULL };
  const char *p = folded, *after_line;
  gsize last, line_length;

  if (extension->len > 0)
    return;
  /* The last two groups of digits. */
  while (*p != '\0')
    {
      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      group_start[0] = group_start[1];
      group_end[0] = group_end[1];
      group_start[1] = p;
      while (g_ascii_isdigit (*p))
        p++;
      group_end[1] = p;
    }
  if (group_start[0] == NULL)
    return;
  last = group_end[1] - group_start[1];
  /* The group before the dash is the line (8765432) or the area code and
   * the line together (05918765432): 400-0745-333 is a hotline in groups. */
  line_length = group_end[0] - group_start[0];
  if (last > 4 || !((line_length >= 7 && line_length <= 8) || (line_length >= 10 && line_length <= 12 && group_start[0][0] == '0')))
    return;
  /* One digit after a line that may be of 7 digits (0591-8765432-1,
   * 05918765432-1) may as well be the last of an 8-digit line
   * (0591-87654321): read as the whole line, as without the dash. */
  if (last == 1 && line_length != 8 && line_length != 12)
    return;
  /* Only a dash between the line and the extension. */
  after_line = group_end[0];
  while (after_line < group_start[1] && *after_line == ' ')
    after_line++;
  if (!(*after_line == '-' || g_str_has_prefix (after_line, "\u2010") || g_str_has_prefix (after_line, "\u2013") ||
        g_str_has_prefix (after_line, "\u2014") || g_str_has_prefix (after_line, "\u2212")))
    return;
  {
    PrPhoneKind kind;
    g_autofree char *line = g_strndup (folded, group_end[0] - folded);

    if (pr_identity_normalize_phone (line, -1, NULL, &kind) != PR_IDENTITY_VALUE_VALID ||
        (kind != PR_PHONE_LANDLINE && kind != PR_PHONE_LOCAL))
      return;
  }
  g_string_append_len (extension, group_start[1], last);
  g_string_truncate (digits, digits->len - last);
}

/* A number of Hong Kong or Macau (8 digits) or Taiwan (8 or 9 digits
 * after the area code's 0, which some write after +886) from @region's
 * code on: 'i', the code and the digits, so that no mainland number's
 * form (m, l, s) is ever equal to it. */
static PrIdentityValueState
region_phone (const char  *region,
              const char  *d,
              const char  *extension,
              char       **normal,
              PrPhoneKind *kind)
{
  gsize n;

  if (strcmp (region, "886") == 0 && d[0] == '0')
    d++;
  n = strlen (d);
  if (!(n == 8 || (n == 9 && strcmp (region, "886") == 0)) || d[0] < '2' || d[0] > '9')
    return PR_IDENTITY_VALUE_INVALID;
  if (kind != NULL)
    *kind = PR_PHONE_REGION;
  if (normal != NULL)
    *normal = g_strdup_printf ("i%s%s%s%s", region, d, extension[0] != '\0' ? "-" : "", extension);
  return PR_IDENTITY_VALUE_VALID;
}

/**
 * pr_identity_normalize_phone:
 * @value: one phone number as written
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normal: (out) (optional): its kind's letter (m, l, s, i) and its digits, when valid
 * @kind: (out) (optional): mobile, landline, local or of another region
 *
 * Returns: valid for a mobile, a landline with a plausible area code, a
 *   local number of 7 or 8 digits, or a number of Hong Kong, Macau or
 *   Taiwan with its code; invalid for anything else (a hotline
 *   such as 12345, a 400 number, too few or too many digits)
 */
PrIdentityValueState
pr_identity_normalize_phone (const char  *value,
                             gssize       length,
                             char       **normal,
                             PrPhoneKind *kind)
{
  g_autofree char *folded = NULL;
  g_autoptr(GString) digits = g_string_new (NULL);
  g_autoptr(GString) extension = g_string_new (NULL);
  const char *d;
  gsize n;
  char letter;
  gboolean plus, international = FALSE;
  PrIdentityValueState state;

  g_return_val_if_fail (value != NULL, PR_IDENTITY_VALUE_EMPTY);

  if (normal != NULL)
    *normal = NULL;
  state = _pr_identity_fold_number (value, length, &folded);
  if (state != PR_IDENTITY_VALUE_VALID)
    return state;
  /* 8.6138E+12 would be the local number 8613812, shared by every
   * mobile from +86 138. */
  if (pr_excel_is_scientific (folded, -1))
    return PR_IDENTITY_VALUE_INVALID;
  /* 13812348000.0: a number column written out as a float (a script's
   * export); the zero fraction is no digit of the phone (8765432.0 would
   * be 87654320, another local number). Only a whole value of digits, one
   * dot and zeros is such a number: 139.1234.0000 is a phone written in
   * groups, every digit its own. */
  {
    char *p = folded;
    char *dot;

    while (g_ascii_isspace (*p))
      p++;
    if (*p == '+')
      p++;
    if (g_ascii_isdigit (*p))
      {
        while (g_ascii_isdigit (*p))
          p++;
        dot = p;
        if (*p == '.' && p[1] == '0')
          {
            for (p++; *p == '0'; p++)
              ;
            while (g_ascii_isspace (*p))
              p++;
            if (*p == '\0')
              *dot = '\0';
          }
      }
  }

  phone_digits (folded, digits, extension);
  dash_extension (folded, digits, extension);
  if (digits->len == 0)
    return PR_IDENTITY_VALUE_INVALID;
  d = digits->str;
  n = digits->len;
  plus = strchr (folded, '+') != NULL && strchr (folded, '+') < strpbrk (folded, "0123456789");
  /* Hong Kong, Macau and Taiwan number their own phones: a person's
   * number, kept with its code so that it never meets a mainland number
   * of the same digits (+852 9123 4567 is not the local 91234567). Read
   * only when the code is written as a code (+852, 00852); 852 9123 4567
   * stays no number. */
  {
    static const char *const regions[] = { "852", "853", "886" };
    const char *r = plus ? d : g_str_has_prefix (d, "00") ? d + 2 : NULL;

    for (guint i = 0; r != NULL && i < G_N_ELEMENTS (regions); i++)
      if (g_str_has_prefix (r, regions[i]))
        return region_phone (regions[i], r + 3, extension->str, normal, kind);
  }
  /* The country code: 0086, +86; 86 alone only before a whole mobile
   * (86 13…) or area code (86 0591…), since a local number may start
   * with 86. */
  if (g_str_has_prefix (d, "0086"))
    d += 4, n -= 4, international = TRUE;
  else if (g_str_has_prefix (d, "86") && (plus || (n == 13 && d[2] == '1') || (n >= 13 && d[2] == '0')))
    d += 2, n -= 2, international = TRUE;
  /* +86 591 87654321, +86 10 12345678: abroad, the area code is written
   * without its 0. */
  if (international && ((n >= 9 && n <= 11 && d[0] >= '2' && d[0] <= '9') || (n == 10 && d[0] == '1' && d[1] == '0')))
    {
      g_string_insert_c (digits, d - digits->str, '0');
      d = digits->str + (digits->len - n - 1);
      n++;
    }

  /* 013812348000: a mobile dialled from another area's landline, the
   * long-distance 0 before it (no area code begins 013 to 019). */
  if (!international && n == 12 && d[0] == '0' && d[1] == '1' && d[2] >= '3' && d[2] <= '9')
    d++, n--;
  if (n == 11 && d[0] == '1' && d[1] >= '3' && d[1] <= '9')
    letter = 'm', kind != NULL ? *kind = PR_PHONE_MOBILE : 0;
  else if (d[0] == '0' && ((d[1] == '1' && d[2] == '0' && n == 11) || (d[1] == '2' && n == 11) ||
                           (d[1] >= '3' && d[1] <= '9' && (n == 11 || n == 12))))
    letter = 'l', kind != NULL ? *kind = PR_PHONE_LANDLINE : 0;
  else if ((n == 7 || n == 8) && d[0] >= '2' && d[0] <= '9')
    letter = 's', kind != NULL ? *kind = PR_PHONE_LOCAL : 0;
  else
    return PR_IDENTITY_VALUE_INVALID;

  if (normal != NULL)
    *normal = g_strdup_printf ("%c%.*s%s%s", letter, (int) n, d, extension->len > 0 ? "-" : "", extension->str);
  return PR_IDENTITY_VALUE_VALID;
}

/* Where a cell of several numbers is cut: / , ; 、 | 或 and line breaks
 * (a comma or semicolon is already half-width after folding). */
static gboolean
is_phone_separator (gunichar c)
{
  return c == '/' || c == ',' || c == ';' || c == '|' || c == '\n' || c == '\r' || c == 0x3001 /* 、 */ ||
         c == 0x6216 /* 或 */ || c == '\\';
}

/* Most groups of digits a cell's part is read in. */
#define MAX_PHONE_GROUPS 16

/* Numbers written apart by white space alone (13812348000 13900139000),
 * which as one number are none. Its groups (138 1234 8000) are joined into
 * numbers only when they split into whole numbers in one way alone: two
 * ways would be a guess. Adds the numbers' forms to @normals. */
static gboolean
phones_apart_by_spaces (const char *part,
                        gsize       length,
                        GPtrArray  *normals)
{
  const char *starts[MAX_PHONE_GROUPS + 1], *ends[MAX_PHONE_GROUPS];
  guint n = 0, ways[MAX_PHONE_GROUPS + 1], next[MAX_PHONE_GROUPS + 1];
  const char *p = part, *end = part + length;

  while (p < end)
    {
      while (p < end && g_ascii_isspace (*p))
        p++;
      if (p == end)
        break;
      if (n == MAX_PHONE_GROUPS)
        return FALSE;
      starts[n] = p;
      while (p < end && !g_ascii_isspace (*p))
        p++;
      ends[n++] = p;
    }
  if (n < 2)
    return FALSE;

  /* ways[i]: in how many ways groups i… split into numbers (2 for more);
   * next[i]: where the number from group i ends, when in one way. */
  ways[n] = 1;
  for (guint i = n; i-- > 0;)
    {
      ways[i] = 0;
      for (guint j = i + 1; j <= n && ways[i] < 2; j++)
        if (ways[j] > 0 &&
            pr_identity_normalize_phone (starts[i], ends[j - 1] - starts[i], NULL, NULL) == PR_IDENTITY_VALUE_VALID)
          {
            ways[i] = MIN (ways[i] + ways[j], 2);
            next[i] = j;
          }
    }
  if (ways[0] != 1)
    return FALSE;
  for (guint i = 0; i < n; i = next[i])
    {
      char *normal = NULL;

      pr_identity_normalize_phone (starts[i], ends[next[i] - 1] - starts[i], &normal, NULL);
      g_ptr_array_add (normals, normal);
    }
  return TRUE;
}

/**
 * pr_identity_normalize_phones:
 * @value: a cell of one or more phone numbers
 * @length: its length in bytes, or -1 if NUL-terminated
 * @normals: (element-type utf8): where each valid number's normal form is added
 *
 * Returns: valid if some number is; else masked if some number is; else
 *   invalid or empty
 */
PrIdentityValueState
pr_identity_normalize_phones (const char *value,
                              gssize      length,
                              GPtrArray  *normals)
{
  g_autofree char *folded = NULL;
  PrIdentityValueState best = PR_IDENTITY_VALUE_EMPTY;
  const char *start;

  g_return_val_if_fail (value != NULL && normals != NULL, PR_IDENTITY_VALUE_EMPTY);

  folded = _pr_identity_fold (value, length);
  if (folded == NULL)
    return PR_IDENTITY_VALUE_INVALID;

  start = folded;
  for (const char *p = folded;; p = g_utf8_next_char (p))
    {
      if (*p == '\0' || is_phone_separator (g_utf8_get_char (p)))
        {
          char *normal = NULL;
          PrIdentityValueState state = pr_identity_normalize_phone (start, p - start, &normal, NULL);

          /* 138****5678 13812345678: the full number, if it fits the mask. */
          if (state == PR_IDENTITY_VALUE_MASKED)
            switch (_pr_identity_mixed_phone (start, p - start, &normal))
              {
              case PR_IDENTITY_MIXED_AGREE: state = PR_IDENTITY_VALUE_VALID; break;
              case PR_IDENTITY_MIXED_DISAGREE: state = PR_IDENTITY_VALUE_INVALID; break;
              case PR_IDENTITY_MIXED_NONE: break;
              }
          if (state == PR_IDENTITY_VALUE_VALID)
            g_ptr_array_add (normals, normal);
          else if (state == PR_IDENTITY_VALUE_INVALID && phones_apart_by_spaces (start, p - start, normals))
            state = PR_IDENTITY_VALUE_VALID;
          /* Valid beats masked beats invalid beats empty. */
          if (state == PR_IDENTITY_VALUE_VALID ||
              (state == PR_IDENTITY_VALUE_MASKED && best != PR_IDENTITY_VALUE_VALID) ||
              (state == PR_IDENTITY_VALUE_INVALID && best == PR_IDENTITY_VALUE_EMPTY))
            best = state;
          if (*p == '\0')
            break;
          start = g_utf8_next_char (p);
        }
    }
  return best;
}

/* The digits and masks ('#') of one number as written, its separators
 * (spaces, dashes, brackets, a leading +) left out; FALSE if anything else
 * is in it (an extension, a word). */
static gboolean
digits_and_masks (const char *folded,
                  GString    *shape)
{
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (_pr_identity_is_digit (c))
        g_string_append_c (shape, (char) c);
      else if (_pr_identity_is_mask_character (c))
        g_string_append_c (shape, '#');
      else if (!(g_unichar_isspace (c) || _pr_identity_is_zero_width (c) || c == '-' || c == '(' || c == ')' || c == '+' ||
                 c == '.'))
        return FALSE;
    }
  return TRUE;
}

/* The visible part of one mobile, full or masked. */
static gboolean
partial_phone (const char *value,
               gssize      length,
               char        partial[PR_IDENTITY_PARTIAL_LENGTH + 1],
               gboolean   *out_masked)
{
  g_autofree char *folded = _pr_identity_fold (value, length);
  g_autoptr(GString) shape = g_string_new (NULL);
  const char *s;

  if (folded == NULL || !digits_and_masks (folded, shape))
    return FALSE;
  s = shape->str;
  if (shape->len == 15 && g_str_has_prefix (s, "0086"))
    s += 4;
  else if (shape->len == 13 && g_str_has_prefix (s, "86"))
    s += 2;
  if (strlen (s) != 11 || s[0] != '1' || s[1] < '3' || s[1] > '9' || !g_ascii_isdigit (s[2]))
    return FALSE;
  for (int i = 7; i < 11; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  memcpy (partial, s, 3);
  memcpy (partial + 3, s + 7, 4);
  partial[7] = '\0';
  *out_masked = strchr (s, '#') != NULL;
  return TRUE;
}

/**
 * pr_identity_partial_phones:
 * @value: a cell of one or more phone numbers, some of them masked
 * @length: its length in bytes, or -1 if NUL-terminated
 * @partials: (element-type utf8): where each mobile's visible part is added
 * @masked: (element-type gboolean) (nullable): where, for each part
 *   added, whether its number was masked is added
 *
 * What a masked mobile still shows (138****1234: its first three and last
 * four digits), in a form that the full number (138 1234 1234, +86…) has
 * as well, so that the two can be found to agree. Only mobiles: a
 * landline is a household's or an office's, a mobile one person's. An
 * agreeing visible part is never evidence alone (pr-identity-table.c).
 */
void
pr_identity_partial_phones (const char *value,
                            gssize      length,
                            GPtrArray  *partials,
                            GArray     *masked)
{
  g_autofree char *folded = NULL;
  const char *start;

  g_return_if_fail (value != NULL && partials != NULL);

  folded = _pr_identity_fold (value, length);
  if (folded == NULL)
    return;
  start = folded;
  for (const char *p = folded;; p = g_utf8_next_char (p))
    {
      if (*p == '\0' || is_phone_separator (g_utf8_get_char (p)))
        {
          char partial[PR_IDENTITY_PARTIAL_LENGTH + 1];
          gboolean is_masked;

          g_autofree char *full = NULL;

          if (partial_phone (start, p - start, partial, &is_masked))
            {
              g_ptr_array_add (partials, g_strdup (partial));
              if (masked != NULL)
                g_array_append_val (masked, is_masked);
            }
          /* A mask and the full number it fits: the full one's part alone. */
          else if (_pr_identity_mixed_phone (start, p - start, &full) == PR_IDENTITY_MIXED_AGREE)
            {
              g_ptr_array_add (partials, g_strdup_printf ("%.3s%.4s", full + 1, full + 8));
              if (masked != NULL)
                {
                  is_masked = FALSE;
                  g_array_append_val (masked, is_masked);
                }
            }
          if (*p == '\0')
            break;
          start = g_utf8_next_char (p);
        }
    }
}

/* @piece without a phone or ID card number written after the name (王小明
 * 13812348000, 王小明 电话：0591-87654321), or NULL when it has none. */
char *
_pr_identity_without_number (const char *piece)
{
  static GRegex *number;
  g_autofree char *folded = NULL;
  g_autoptr(GMatchInfo) info = NULL;
  char *name;
  const char *p;

  /* A digit, ASCII or full-width (０ to ９: EF BC 90 to 99), or nothing to do. */
  for (p = piece; *p != '\0'; p++)
    if (g_ascii_isdigit (*p) || ((guchar) p[0] == 0xEF && (guchar) p[1] == 0xBC && (guchar) p[2] >= 0x90 &&
                                 (guchar) p[2] <= 0x99))
      break;
  if (*p == '\0')
    return NULL;
  folded = g_utf8_normalize (piece, -1, G_NORMALIZE_NFKC);

  if (g_once_init_enter (&number))
    {
      /* 王小明：13812348000, a colon without a label, too. */
      GRegex *regex = g_regex_new ("^(.*?\\p{Han})\\s*(?:(?:" NUMBER_LABEL ")?\\s*:?\\s*)?"
                                   "[+(]?[0-9][0-9\\s()\\-]{4,}[0-9xX]?\\s*$",
                                   pr_memory_regex_optimize () | G_REGEX_CASELESS, 0, NULL);

      g_once_init_leave (&number, regex);
    }
  if (folded == NULL || !g_regex_match (number, folded, 0, &info))
    return NULL;
  name = g_match_info_fetch (info, 1);
  if (name != NULL && *name == '\0')
    g_clear_pointer (&name, g_free);
  return name;
}

/* A plus between names (王小明+李华), not the one of a phone's +86. */
gboolean
_pr_identity_is_plus_between (const char *p)
{
  gunichar c = g_utf8_get_char (p);

  return (c == '+' || c == 0xFF0B) &&
         g_unichar_get_script (g_utf8_get_char (g_utf8_next_char (p))) == G_UNICODE_SCRIPT_HAN;
}
