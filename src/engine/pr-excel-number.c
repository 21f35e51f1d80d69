/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How Excel reads a cell, both ways. Reading: a long number as Excel shows
 * it in a General cell and saves it to CSV, in scientific notation with the
 * digits past the sixth lost (4.10105E+17 for an ID card number, 8.6138E+12
 * for +86 138 0013 8000), so that different numbers read the same; whatever
 * such a value was, it is no longer there to read. Writing: which cells
 * Excel would show otherwise than written, for the writer to keep as text.
 */
#define G_LOG_DOMAIN "pr-excel-number"

#include "config.h"

#include <string.h>

#include "pr-excel-number.h"

/**
 * pr_excel_is_scientific:
 * @text: a value
 * @length: its length in bytes, or -1 if NUL-terminated
 *
 * Returns: whether @text, white space around it aside, is a number in
 *   scientific notation with a positive exponent (1.23457E+17, 1E+11, in
 *   either case, and with the + left out as a server or a script writes a
 *   float: 4.1010519900101126e17, 1.5e15)
 */
gboolean
pr_excel_is_scientific (const char *text,
                        gssize      length)
{
  const char *p = text;
  const char *end;

  g_return_val_if_fail (text != NULL, FALSE);

  end = text + (length < 0 ? strlen (text) : (gsize) length);
  while (p < end && g_ascii_isspace (*p))
    p++;
  while (end > p && g_ascii_isspace (end[-1]))
    end--;
  if (p == end || !g_ascii_isdigit (*p++))
    return FALSE;
  if (p < end && *p == '.')
    {
      if (++p == end || !g_ascii_isdigit (*p))
        return FALSE;
      while (p < end && g_ascii_isdigit (*p))
        p++;
    }
  if (end - p < 2 || (*p != 'E' && *p != 'e'))
    return FALSE;
  if (*++p == '+')
    p++;
  if (p == end || !g_ascii_isdigit (*p))
    return FALSE;
  for (; p < end && g_ascii_isdigit (*p); p++)
    ;
  return p == end;
}

/* How Excel reads a cell of a CSV file (or one typed in): as text, as a
 * number, date, time or truth value shown as written, or as one shown
 * otherwise than written. */
typedef enum {
  CELL_TEXT,
  CELL_KEPT,
  CELL_CHANGED,
} CellReading;

/* A run of @min to @max digits at *@p, stepped over; its length, 0 if none. */
static gsize
skip_digits (const char **p,
             gsize        min,
             gsize        max)
{
  gsize n = strspn (*p, "0123456789");

  if (n < min || n > max)
    return 0;
  *p += n;
  return n;
}

/* Whether @p is a time of day as Excel takes one: 8:30, 08:30, 17:31:20,
 * 17:31:20.5, 5:31 PM. */
static gboolean
is_time (const char *p)
{
  if (skip_digits (&p, 1, 4) == 0)
    return FALSE;
  /* An hour alone takes AM or PM: 5 PM. */
  if (*p == ' ' && (g_ascii_strcasecmp (p + 1, "AM") == 0 || g_ascii_strcasecmp (p + 1, "PM") == 0))
    return TRUE;
  if (*p++ != ':' || skip_digits (&p, 1, 2) == 0)
    return FALSE;
  if (*p == ':' && (p++, skip_digits (&p, 1, 2) == 0))
    return FALSE;
  if (*p == '.' && (p++, skip_digits (&p, 1, G_MAXSIZE) == 0))
    return FALSE;
  if (*p == ' ')
    p++;
  if (g_ascii_strncasecmp (p, "AM", 2) == 0 || g_ascii_strncasecmp (p, "PM", 2) == 0)
    p += 2;
  return *p == '\0';
}

/* A date, or a date and a time: 3-2 and 1/2 are 2 March and 2 January to
 * Excel, 1-2-3 is 2003, 2026-1-5 or 2019/6/8 come back in the sheet's own
 * date form, a time's fraction of a second cut to a millisecond.
 * 2019-06-08 and 2019-06-08 17:31:20 keep their whole value, an instant
 * that sorts and filters as such (as the workbook writes them), though
 * Excel shows them its way. */
static CellReading
read_numeric_date (const char *field)
{
  const char *p = field;
  gsize n = skip_digits (&p, 1, 4), m, d;
  gboolean canonical;
  char sep;

  if (n == 0 || (*p != '-' && *p != '/'))
    return CELL_TEXT;
  sep = *p++;
  if ((m = skip_digits (&p, 1, 4)) == 0)
    return CELL_TEXT;
  /* A month is one or two digits: 2026-0001 (a case number) is no date. */
  if (*p == '\0' || (*p == ' ' && (n <= 2 || m <= 2)))
    return (n <= 2 || m <= 2) && (*p == '\0' || is_time (p + 1)) ? CELL_CHANGED : CELL_TEXT;
  if (*p++ != sep || (d = skip_digits (&p, 1, 4)) == 0)
    return CELL_TEXT;
  canonical = n == 4 && sep == '-' && m == 2 && d == 2;
  if (*p == ' ')
    {
      if (!is_time (p + 1))
        return CELL_TEXT;
      return canonical && strlen (p) == 9 && p[3] == ':' && p[6] == ':' ? CELL_KEPT : CELL_CHANGED;
    }
  if (*p != '\0')
    return CELL_TEXT;
  return canonical ? CELL_KEPT : CELL_CHANGED;
}

/* An English month name, whole or cut to its first three letters (Sept
 * too), stepped over. */
static gboolean
skip_month (const char **p)
{
  static const char *const months[] = {
    "january", "february", "march", "april", "may", "june", "july",
    "august", "september", "october", "november", "december",
  };
  gsize n = 0;

  while (g_ascii_isalpha ((*p)[n]))
    n++;
  for (guint i = 0; i < G_N_ELEMENTS (months); i++)
    if ((n == 3 || n == strlen (months[i]) || (i == 8 && n == 4)) &&
        g_ascii_strncasecmp (*p, months[i], n) == 0)
      {
        *p += n;
        return TRUE;
      }
  return FALSE;
}

/* A date with the month named: 1-Jan, Jan-1, 8 Jun 2019, June 8, 2019,
 * Jun-19. Excel shows each in its own form (01-Jan, 8-Jun-19) and fills
 * in the year or the day it was not given. */
static gboolean
is_month_name_date (const char *p)
{
  gboolean month_first = g_ascii_isalpha (*p);

  if (month_first ? !skip_month (&p) : skip_digits (&p, 1, 4) == 0)
    return FALSE;
  if (*p != '-' && *p != '/' && *p != ' ')
    return FALSE;
  p++;
  if (month_first ? skip_digits (&p, 1, 4) == 0 : !skip_month (&p))
    return FALSE;
  if (*p == '\0')
    return TRUE;
  if (*p == ',')
    p++;
  if (*p != '-' && *p != '/' && *p != ' ')
    return FALSE;
  p++;
  return skip_digits (&p, 1, 4) != 0 && *p == '\0';
}

/* A whole number and a fraction, 1 1/2: Excel keeps 1.5 and shows it in
 * a fraction form of its own choosing (1 2/4 as 1 1/2, 0 1/2 as 1/2);
 * the text typed is not kept. */
static gboolean
is_fraction (const char *p)
{
  if (skip_digits (&p, 1, G_MAXSIZE) == 0 || *p++ != ' ')
    return FALSE;
  if (skip_digits (&p, 1, G_MAXSIZE) == 0 || *p++ != '/')
    return FALSE;
  return skip_digits (&p, 1, G_MAXSIZE) != 0 && *p == '\0';
}

/* A number after a currency sign, $5 or ¥1,000.5: Excel, where the sign
 * is the system's currency, keeps the number with a currency format of its
 * own (two decimals, the sign it uses), so what comes back depends on the
 * machine that opens the file. */
static gboolean
is_currency (const char *p)
{
  static const char *const signs[] = { "$", "\xC2\xA5", "\xEF\xBF\xA5", "\xE2\x82\xAC", "\xC2\xA3" };
  gboolean sign = FALSE, bracketed;

  /* A minus or brackets before the sign or after it: -$5, $-5, ($5), $(5). */
  if (*p == '-')
    p++;
  bracketed = *p == '(';
  if (bracketed)
    p++;
  for (guint i = 0; i < G_N_ELEMENTS (signs) && !sign; i++)
    if (g_str_has_prefix (p, signs[i]))
      {
        p += strlen (signs[i]);
        sign = TRUE;
      }
  if (!sign)
    return FALSE;
  if (!bracketed && *p == '-')
    p++;
  else if (!bracketed && *p == '(')
    p++, bracketed = TRUE;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p) || *p == ',')
    p++;
  if (*p == '.')
    p++;
  while (g_ascii_isdigit (*p))
    p++;
  if (bracketed && *p++ != ')')
    return FALSE;
  return *p == '\0';
}

/* A date in the Chinese form: 2019年6月8日, 2019年06月08日, 6月8日,
 * 2019年6月. Excel in Chinese reads each as a date and shows it its way
 * (zeros dropped, the year filled in). */
static gboolean
is_chinese_date (const char *p)
{
  static const char year[] = "\xE5\xB9\xB4", month[] = "\xE6\x9C\x88", day[] = "\xE6\x97\xA5";
  gsize n = skip_digits (&p, 1, 4);
  gboolean with_year;

  if (n == 0)
    return FALSE;
  with_year = g_str_has_prefix (p, year);
  if (with_year)
    {
      p += strlen (year);
      if (skip_digits (&p, 1, 2) == 0)
        return FALSE;
    }
  else if (n > 2)
    return FALSE;
  if (!g_str_has_prefix (p, month))
    return FALSE;
  p += strlen (month);
  if (*p == '\0')
    return with_year;
  if (skip_digits (&p, 1, 2) == 0 || !g_str_has_prefix (p, day))
    return FALSE;
  return p[strlen (day)] == '\0';
}

/* @p less the thousands separators of a number written with them
 * (12,345,678): %NULL if it is not one. */
static char *
without_thousands (const char *p)
{
  GString *plain = g_string_new (NULL);
  const char *q = p;
  gsize n = skip_digits (&q, 1, 3);

  if (n == 0 || *q != ',')
    return (g_string_free (plain, TRUE), NULL);
  g_string_append_len (plain, p, n);
  while (*q == ',')
    {
      const char *group = ++q;

      if (strspn (group, "0123456789") < 3)
        return (g_string_free (plain, TRUE), NULL);
      g_string_append_len (plain, group, 3);
      q = group + 3;
    }
  g_string_append (plain, q);
  return g_string_free (plain, FALSE);
}

/* A number as Excel reads one, and whether it would show it otherwise:
 * its leading zeros, a fraction's last zeros (1.50), a point with no digit
 * before or after it (.5, 1.), the way it was written (1E5, 12e3),
 * brackets as a minus ((5) as -5), or 12 digits or more, which the General
 * format shows in scientific notation (202406080001 as 2.02406E+11:
 * "The General number format also uses scientific (exponential) notation
 * for large numbers (12 or more digits)", Microsoft, "Available number
 * formats in Excel") and a CSV file is saved as shown, and past 15 of
 * which Excel keeps zeros. A percentage counts only as its number would
 * change (05%): Excel keeps 5.0% exactly as 0.05, a number that sorts as
 * such. */
static CellReading
read_number (const char *field)
{
  const char *p = field, *digits;
  gboolean bracketed = (*p == '('), point = FALSE, digits_lost, changed;
  gsize n, frac = 0;

  if (bracketed)
    p++;
  digits = p;
  n = skip_digits (&p, 1, G_MAXSIZE);
  if (*p == '.')
    {
      p++;
      point = TRUE;
      frac = skip_digits (&p, 1, G_MAXSIZE);
    }
  if (n == 0 && frac == 0)
    return CELL_TEXT;
  digits_lost = (n > 1 && digits[0] == '0') || n == 0 || n + frac >= 12;
  changed = digits_lost || bracketed || (point && frac == 0) || (frac > 0 && p[-1] == '0');
  if ((*p == 'e' || *p == 'E') && !bracketed &&
      (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += g_ascii_isdigit (p[1]) ? 1 : 2;
      skip_digits (&p, 1, G_MAXSIZE);
      return *p == '\0' ? CELL_CHANGED : CELL_TEXT;
    }
  if (bracketed && *p++ != ')')
    return CELL_TEXT;
  if (*p == '%' && !bracketed)
    {
      if (p[1] != '\0')
        return CELL_TEXT;
      return digits_lost ? CELL_CHANGED : CELL_KEPT;
    }
  if (*p != '\0')
    return CELL_TEXT;
  return changed ? CELL_CHANGED : CELL_KEPT;
}

static CellReading
read_cell (const char *field)
{
  CellReading reading;
  g_autofree char *plain = without_thousands (field);

  if (g_ascii_strcasecmp (field, "true") == 0 || g_ascii_strcasecmp (field, "false") == 0)
    return strcmp (field, "TRUE") != 0 && strcmp (field, "FALSE") != 0 ? CELL_CHANGED : CELL_KEPT;
  if (is_time (field) || is_month_name_date (field) || is_fraction (field) || is_currency (field) ||
      is_chinese_date (field))
    return CELL_CHANGED;
  /* 1,234 is kept as 1234 shown with its separators; a long one is not. */
  reading = read_number (plain != NULL ? plain : field);
  if (plain != NULL)
    return reading;
  return reading != CELL_TEXT ? reading : read_numeric_date (field);
}

/**
 * pr_excel_changes_cell:
 * @field: a cell's UTF-8 text
 *
 * Whether Excel, opening a CSV file, would take @field for a number, a
 * date or time, or a truth value and show it otherwise than written
 * (0100 as 100, 202406080001 as 2.02406E+11, 3-2 as 2 March, 1-Jan as
 * 01-Jan, true as TRUE), so that saving the file again loses the text.
 * Spaces around such a value are dropped too (" 0123", "5 "), so any
 * value it reads that has them is changed.
 *
 * Returns: whether Excel would change @field
 */
gboolean
pr_excel_changes_cell (const char *field)
{
  gsize len, start, end;
  g_autofree char *inner = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (field != NULL, FALSE);

  /* Excel in East Asia reads full-width digits and signs (０１２３, ＄５)
   * as their ASCII forms, as NFKC folds them: any value it reads so is
   * changed, if only to half-width. */
  folded = g_utf8_validate (field, -1, NULL) ? g_utf8_normalize (field, -1, G_NORMALIZE_ALL_COMPOSE) : NULL;
  if (folded != NULL && strcmp (folded, field) != 0)
    {
      gboolean changed = pr_excel_changes_cell (folded);

      g_strstrip (folded);
      return changed || (folded[0] != '\0' && read_cell (folded) != CELL_TEXT);
    }

  len = strlen (field);
  for (start = 0; start < len && field[start] == ' '; start++)
    ;
  for (end = len; end > start && field[end - 1] == ' '; end--)
    ;
  if (start == 0 && end == len)
    return read_cell (field) == CELL_CHANGED;
  if (start == end)
    return FALSE;
  inner = g_strndup (field + start, end - start);
  return read_cell (inner) != CELL_TEXT;
}
