/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Petition exports carry dates as text in whatever form the office's system
 * wrote them (2019/2/28 11:25:05, 2019-06-08 17:31:20, 2019年6月8日 …). The
 * primary record of a cluster is the earliest one, so dates are parsed to a
 * comparable number; the zone is not known and not needed, since all
 * records of one table share it.
 */
#define G_LOG_DOMAIN "pr-date"

#include "config.h"

#include <string.h>

#include "pr-date.h"

static gboolean
read_number (const char **p,
             guint        min_digits,
             guint        max_digits,
             int         *out)
{
  guint n = 0;
  int value = 0;

  while (n < max_digits && g_ascii_isdigit ((*p)[n]))
    value = value * 10 + ((*p)[n++] - '0');
  if (n < min_digits)
    return FALSE;
  *p += n;
  *out = value;
  return TRUE;
}

/* Accepts one of the separators in @seps (ASCII characters, or UTF-8 words
 * separated by '|'); returns the index of the one found, or -1. */
static int
read_separator (const char **p,
                const char  *const *seps)
{
  for (int i = 0; seps[i] != NULL; i++)
    {
      gsize len = strlen (seps[i]);

      if (strncmp (*p, seps[i], len) == 0)
        {
          *p += len;
          return i;
        }
    }
  return -1;
}

static void
skip_spaces (const char **p)
{
  while (g_ascii_isspace (**p))
    (*p)++;
}

/**
 * pr_date_parse:
 * @text: a date, or a date and time, as text
 * @out_seconds: (out): seconds since 1970-01-01 00:00:00 in the text's own zone
 *
 * Understands YYYY-MM-DD, YYYY/M/D, YYYY.M.D, YYYY年M月D日 and YYYYMMDD, each
 * optionally followed by H:MM[:SS[.fff]] (also 'T' before it, and 时/点, 分, 秒).
 *
 * Returns: %TRUE if @text is such a date and the date exists.
 */
gboolean
pr_date_parse (const char *text,
               gint64     *out_seconds)
{
  static const char *const date_seps[] = { "-", "/", ".", "年", NULL };
  static const char *const month_ends[] = { "-", "/", ".", "月", NULL };
  static const char *const hour_ends[] = { ":", "时", "点", NULL };
  static const char *const minute_ends[] = { ":", "分", NULL };
  const char *p = text;
  int year, month, day, hour = 0, minute = 0;
  double seconds = 0;
  g_autoptr(GDateTime) dt = NULL;

  g_return_val_if_fail (out_seconds != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  skip_spaces (&p);

  if (!read_number (&p, 4, 4, &year))
    return FALSE;

  if (g_ascii_isdigit (*p))
    {
      /* YYYYMMDD */
      if (!read_number (&p, 2, 2, &month) || !read_number (&p, 2, 2, &day))
        return FALSE;
    }
  else
    {
      int sep = read_separator (&p, date_seps);

      if (sep < 0 || !read_number (&p, 1, 2, &month))
        return FALSE;
      if (read_separator (&p, month_ends) != sep || !read_number (&p, 1, 2, &day))
        return FALSE;
      if (sep == 3 && strncmp (p, "日", strlen ("日")) == 0)
        p += strlen ("日");
    }

  if (*p == 'T')
    p++;
  skip_spaces (&p);

  if (g_ascii_isdigit (*p))
    {
      int sec = 0;

      if (!read_number (&p, 1, 2, &hour) || read_separator (&p, hour_ends) < 0)
        return FALSE;
      if (!read_number (&p, 1, 2, &minute))
        return FALSE;
      if (read_separator (&p, minute_ends) >= 0 && g_ascii_isdigit (*p))
        {
          if (!read_number (&p, 1, 2, &sec))
            return FALSE;
          if (strncmp (p, "秒", strlen ("秒")) == 0)
            p += strlen ("秒");
          else if (*p == '.')
            for (p++; g_ascii_isdigit (*p); p++)
              ;
        }
      seconds = sec;
    }

  skip_spaces (&p);
  if (*p == 'Z')
    p++;
  if (*p != '\0')
    return FALSE;

  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || seconds > 59)
    return FALSE;

  /* GDateTime refuses dates that do not exist (2月30日). */
  dt = g_date_time_new_utc (year, month, day, hour, minute, seconds);
  if (dt == NULL)
    return FALSE;

  *out_seconds = g_date_time_to_unix (dt);
  return TRUE;
}

static gboolean
is_number (const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

/**
 * pr_id_compare:
 * @a: a record id
 * @b: another
 *
 * Orders record ids: ids that are whole numbers by value (of any length,
 * "007" = "7"), before all other ids, which are ordered bytewise.
 *
 * Returns: negative, 0 or positive as @a sorts before, with or after @b.
 */
int
pr_id_compare (const char *a,
               const char *b)
{
  gboolean a_number = is_number (a);
  gboolean b_number = is_number (b);

  if (a_number && b_number)
    {
      gsize la, lb;

      while (a[0] == '0' && a[1] != '\0')
        a++;
      while (b[0] == '0' && b[1] != '\0')
        b++;
      la = strlen (a);
      lb = strlen (b);
      if (la != lb)
        return la < lb ? -1 : 1;
      return strcmp (a, b);
    }

  if (a_number != b_number)
    return a_number ? -1 : 1;

  return strcmp (a, b);
}

static char *
format_date (gint64      seconds,
             const char *format)
{
  g_autoptr(GDateTime) dt = NULL;

  if (seconds == PR_DATE_NONE)
    return g_strdup ("—");
  dt = g_date_time_new_from_unix_utc (seconds);
  return dt != NULL ? g_date_time_format (dt, format) : g_strdup ("—");
}

/**
 * pr_date_format:
 * @seconds: unix seconds, or %PR_DATE_NONE
 *
 * Returns: (transfer full): the date as "YYYY-MM-DD HH:MM" (UTC, as
 *   pr_date_parse() reads it), or "—" for none
 */
char *
pr_date_format (gint64 seconds)
{
  return format_date (seconds, "%Y-%m-%d %H:%M");
}

/**
 * pr_date_format_day:
 * @seconds: unix seconds, or %PR_DATE_NONE
 *
 * Returns: (transfer full): the day as "YYYY-MM-DD" (UTC), or "—" for none
 */
char *
pr_date_format_day (gint64 seconds)
{
  return format_date (seconds, "%Y-%m-%d");
}
