/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Petition exports carry dates as text in whatever form the office's system
 * wrote them (2019/2/28 11:25:05, 2019-06-08 17:31:20, 2019年6月8日 …). The
 * primary record of a cluster is the earliest one, so dates are parsed to a
 * comparable number: the wall time as written, and the zone's offset if the
 * text gives one. How a table's dates with and without offsets are ordered
 * together is decided where they are loaded (pr-record-set.c).
 */
#define G_LOG_DOMAIN "pr-date"

#include "config.h"

#include <string.h>

#include "pr-date.h"
#include "pr-date-zone.h"
#include "pr-full-width.h"

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

/* Spaces, and the no-break spaces (U+00A0, U+202F) an office program or
 * a web page writes between a date and its time. */
static void
skip_spaces (const char **p)
{
  for (;;)
    if (g_ascii_isspace (**p))
      (*p)++;
    else if (strncmp (*p, "\xc2\xa0", 2) == 0)
      *p += 2;
    else if (strncmp (*p, "\xe2\x80\xaf", 3) == 0)
      *p += 3;
    else
      return;
}

/* Whether @day @month @year is a date, and falls on @weekday (1 for
 * Monday to 7 for Sunday) unless that is 0. */
static gboolean
is_day_of_week (int day,
                int month,
                int year,
                int weekday)
{
  GDate date;

  if (day < 1 || day > 31 || month < 1 || month > 12 || year < 1 || year > G_MAXUINT16 ||
      !g_date_valid_dmy (day, month, year))
    return FALSE;
  if (weekday == 0)
    return TRUE;
  g_date_clear (&date, 1);
  g_date_set_dmy (&date, day, month, year);
  return (int) g_date_get_weekday (&date) == weekday;
}

/* The first day of the week written from @from on (星期一, 周一, 礼拜一,
 * "(星期日)"), 1 for Monday to 7 for Sunday as GDateTime counts, or 0; in
 * @start and @end where it is. Byte by byte, as the text may not be
 * UTF-8: a word matches at a character's first byte only. */
static int
find_weekday (const char  *from,
              const char **start,
              const char **end)
{
  static const char *const days[] = { "一", "二", "三", "四", "五", "六", "日", "天" };
  static const char *const words[] = { "星期", "礼拜", "周" };
  static const char *const opens[] = { "（", "(", "" };
  static const char *const closes[] = { "）", ")", "" };

  for (const char *p = from; *p != '\0'; p++)
    for (guint b = 0; b < G_N_ELEMENTS (opens); b++)
      {
        const char *after_open = p;

        /* Every date passes here: most bytes start none of the words. */
        if ((guchar) *p < 0x80 && *p != '(')
          break;
        if (!pr_date_skip_word (&after_open, opens[b]))
          continue;
        for (guint w = 0; w < G_N_ELEMENTS (words); w++)
          {
            const char *after_word = after_open;

            if (!pr_date_skip_word (&after_word, words[w]))
              continue;
            for (guint d = 0; d < G_N_ELEMENTS (days); d++)
              {
                const char *q = after_word;

                if (pr_date_skip_word (&q, days[d]) && pr_date_skip_word (&q, closes[b]))
                  {
                    *start = p;
                    *end = q;
                    return MIN (d + 1, 7);
                  }
              }
          }
      }
  return 0;
}

/* The day of the week @text writes after its date, at its end or before
 * its time (2024-01-01 星期一, 2024年1月1日周一, 2024-01-01 礼拜一 09:30),
 * as find_weekday () reads it, or 0; in @out_rest a copy of @text without
 * it, a space in its place. Two weekdays are none: the text is no date. */
static int
read_weekday (const char  *text,
              char       **out_rest)
{
  const char *start, *end, *again_start, *again_end;
  g_autofree char *before = NULL;
  int weekday;

  /* Not at the start: the date comes first. */
  if (*text == '\0' || (weekday = find_weekday (text + 1, &start, &end)) == 0 ||
      find_weekday (end, &again_start, &again_end) != 0)
    return 0;
  before = g_strndup (text, start - text);
  *out_rest = g_strconcat (before, " ", end, NULL);
  return weekday;
}

/* The lunar calendar's names (农历, 阴历) that open a note after a date. */
static const char *const lunar_words[] = { "农历", "農曆", "阴历", "陰曆" };

/* One of 一 to 九 at *@p, moved past it: 1 to 9, else 0. */
static int
read_han_digit (const char **p)
{
  static const char *const digits[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };

  for (guint i = 0; i < G_N_ELEMENTS (digits); i++)
    if (pr_date_skip_word (p, digits[i]))
      return (int) i + 1;
  return 0;
}

/* A lunar month (正月, 二月 to 十二月, 冬月, 腊月, after 闰 for a leap
 * month) at *@p, moved past it: 1 to 12, else 0 and *@p as it was. */
static int
read_lunar_month (const char **p)
{
  const char *q = *p;
  int month = 0;

  if (!pr_date_skip_word (&q, "闰"))
    pr_date_skip_word (&q, "閏");
  if (pr_date_skip_word (&q, "正"))
    month = 1;
  else if (pr_date_skip_word (&q, "冬"))
    month = 11;
  else if (pr_date_skip_word (&q, "腊") || pr_date_skip_word (&q, "臘"))
    month = 12;
  else if (pr_date_skip_word (&q, "十"))
    {
      int unit = read_han_digit (&q);

      month = unit == 0 ? 10 : unit <= 2 ? 10 + unit : 0;
    }
  else
    month = read_han_digit (&q);
  if (month == 0 || !pr_date_skip_word (&q, "月"))
    return 0;
  *p = q;
  return month;
}

/* A lunar day (初一 to 初十, 十一 to 十九, 二十, 廿一 to 廿九, 三十, 卅)
 * at *@p, moved past it: 1 to 30, else 0 and *@p as it was. */
static int
read_lunar_day (const char **p)
{
  const char *q = *p;
  int day = 0, unit;

  /* 十 and 廿 alone are no day anyone writes: 初十, 二十. */
  if (pr_date_skip_word (&q, "初"))
    day = pr_date_skip_word (&q, "十") ? 10 : read_han_digit (&q);
  else if (pr_date_skip_word (&q, "廿"))
    day = (unit = read_han_digit (&q)) == 0 ? 0 : 20 + unit;
  else if (pr_date_skip_word (&q, "卅") || pr_date_skip_word (&q, "三十"))
    day = 30;
  else if (pr_date_skip_word (&q, "二十"))
    day = 20 + read_han_digit (&q);
  else if (pr_date_skip_word (&q, "十"))
    day = (unit = read_han_digit (&q)) == 0 ? 0 : 10 + unit;
  if (day == 0)
    return 0;
  *p = q;
  return day;
}

/* The lunar month and day a note's text from @start to @end gives
 * (0 for one it does not give); %FALSE when it gives neither, as in
 * （农历） alone, which says the date before it is itself lunar. */
static gboolean
read_lunar_note (const char *start,
                 const char *end,
                 int        *out_month,
                 int        *out_day)
{
  *out_month = *out_day = 0;
  for (const char *p = start; p < end && *out_month == 0 && *out_day == 0; p = g_utf8_next_char (p))
    {
      const char *q = p;

      *out_month = read_lunar_month (&q);
      *out_day = read_lunar_day (&q);
      if (q > end)
        *out_month = *out_day = 0;
    }
  return *out_month != 0 || *out_day != 0;
}

/* A note in brackets after the date that gives its day on the lunar
 * calendar (2024年2月10日（农历正月初一）, 2024-02-09(农历腊月三十)):
 * @text without it, a space in its place, in @out_rest, and the note's
 * lunar month and day (0 for one not given); %FALSE when @text has no
 * such note, or two, or one that names no lunar month or day. The note
 * is not converted: the Gregorian date before it says the day. */
static gboolean
strip_lunar_note (const char  *text,
                  char       **out_rest,
                  int         *out_month,
                  int         *out_day)
{
  static const char *const opens[] = { "（", "(" };
  const char *start = NULL, *end = NULL, *note;

  /* Every date passes here: most have no 历 (曆) at all. */
  if (strstr (text, "历") == NULL && strstr (text, "曆") == NULL)
    return FALSE;
  for (const char *p = text + 1; *p != '\0'; p++)
    for (guint b = 0; b < G_N_ELEMENTS (opens); b++)
      {
        const char *q = p;
        gboolean lunar = FALSE;

        if (!pr_date_skip_word (&q, opens[b]))
          continue;
        for (guint w = 0; w < G_N_ELEMENTS (lunar_words) && !lunar; w++)
          lunar = pr_date_skip_word (&q, lunar_words[w]);
        if (!lunar)
          continue;
        if (start != NULL)
          return FALSE;
        /* Up to the first closing bracket of either width; none inside. */
        note = q;
        while (*q != '\0' && *q != ')' && *q != '(' && strncmp (q, "）", 3) != 0 && strncmp (q, "（", 3) != 0)
          q++;
        if (!read_lunar_note (note, q, out_month, out_day) ||
            (!pr_date_skip_word (&q, ")") && !pr_date_skip_word (&q, "）")))
          return FALSE;
        start = p;
        end = q;
        p = q - 1;
        break;
      }
  if (start == NULL)
    return FALSE;
  *out_rest = g_strdup_printf ("%.*s %s", (int) (start - text), text, end);
  return TRUE;
}

/* Chinese words for the part of the day before a time (下午3点): +1 for
 * the afternoon, -1 for the small hours (凌晨12点 is midnight), -2 for
 * 上午, which a 12-hour system writes as its AM (zh-CN's "tt"), -3 for
 * 早上/早晨, which only people write; 12 after either is noon to many who
 * say it and midnight to others. 2 for noon, 3 for the evening and night,
 * whose 12点 is midnight and whose 1点 to 5点 are the small hours after it
 * (夜里2点 is 02:00, not 14:00): of which day, the text does not say.
 * 4 for dusk (傍晚), about 17 to 19 h. */
static int
read_day_part (const char **p)
{
  static const struct { const char *word; int part; } parts[] = {
    { "凌晨", -1 }, { "早上", -3 }, { "早晨", -3 }, { "上午", -2 },
    { "中午", 2 }, { "下午", 1 }, { "傍晚", 4 }, { "晚上", 3 }, { "夜里", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (pr_date_skip_word (p, parts[i].word))
      return parts[i].part;
  return 0;
}

/* "AM", "PM", "a.m.", "p.m.", any case: -1 or +1, else 0. */
static int
read_am_pm (const char **p)
{
  const char *s = *p;
  int part;

  if (g_ascii_tolower (s[0]) == 'a')
    part = -1;
  else if (g_ascii_tolower (s[0]) == 'p')
    part = 1;
  else
    return 0;
  s++;
  if (*s == '.')
    s++;
  if (g_ascii_tolower (*s) != 'm')
    return 0;
  s++;
  if (*s == '.')
    s++;
  *p = s;
  return part;
}

/* Z, or +HH:MM, +HHMM, +HH (also -); in seconds east of UTC. */
static gboolean
read_offset (const char **p,
             int         *out_offset)
{
  if (**p == 'Z' || **p == 'z')
    {
      *out_offset = 0;
      (*p)++;
      return TRUE;
    }
  return pr_date_read_signed_offset (p, 2, out_offset);
}

/* Whether @s, right after a time of day written after a space and
 * without seconds, is the end of a span of hours: a dash, a time of day
 * (H, HH, HHMM or H:MM) and nothing else. An earlier end is a span across
 * midnight (22:00-06:00), not an offset: read as one, it would move the
 * date by most of a day. */
static gboolean
is_span_end (const char *s)
{
  int end_hour, end_minute = 0;

  if (*s++ != '-' || !read_number (&s, 1, 2, &end_hour))
    return FALSE;
  if (*s == ':')
    s++;
  if (g_ascii_isdigit (*s) && !read_number (&s, 2, 2, &end_minute))
    return FALSE;
  skip_spaces (&s);
  return *s == '\0' && end_hour <= 23 && end_minute <= 59;
}

/* The time of day after a date: H:MM[:SS[.fff]], H时/点[M分[S秒]] (or
 * Traditional 時/點), 3点半,
 * with 上午/下午… before it or AM/PM (or 上午/下午) after it. */
static gboolean
read_time (const char **p,
           gboolean     as_typed,
           int         *hour,
           int         *minute,
           int         *second,
           int         *micros,
           PrDateClock *clock)
{
  static const char *const hour_ends[] = { ":", "时", "点", "時", "點", NULL };
  static const char *const minute_ends[] = { ":", "分", NULL };
  int day_part = read_day_part (p);
  gboolean day_part_said;
  int hour_end;

  skip_spaces (p);
  if (!read_number (p, 1, 2, hour) || (hour_end = read_separator (p, hour_ends)) < 0)
    return FALSE;
  if (hour_end > 0 && pr_date_skip_word (p, "半"))
    *minute = 30;
  else if (g_ascii_isdigit (**p))
    {
      int minute_end;

      if (!read_number (p, 1, 2, minute))
        return FALSE;
      minute_end = read_separator (p, minute_ends);
      if (hour_end == 0 && minute_end == 1)
        return FALSE;
      if (minute_end >= 0 && g_ascii_isdigit (**p))
        {
          if (!read_number (p, 1, 2, second))
            return FALSE;
          if (minute_end == 1)
            pr_date_skip_word (p, "秒");
          /* The fraction, to the microsecond (DATETIME(6)'s): two
           * letters of one second are ordered by it. */
          if (minute_end == 0 && (**p == '.' || **p == ','))
            {
              int scale = 100000;

              if (!g_ascii_isdigit ((*p)[1]))
                return FALSE;
              for ((*p)++; g_ascii_isdigit (**p); (*p)++, scale /= 10)
                *micros += (**p - '0') * scale;
            }
        }
      else if (minute_end == 0)
        return FALSE;
    }
  else if (hour_end == 0)
    return FALSE;   /* "17:" */

  if (day_part == 0)
    {
      const char *before = *p;

      skip_spaces (p);
      /* AM/PM after the time, or 上午/下午 where .NET's "tt" puts them
       * (2019/6/8 5:31:20 下午). */
      day_part = read_am_pm (p);
      if (day_part == 0 && (pr_date_skip_word (p, "上午") || pr_date_skip_word (p, "下午")))
        day_part = strncmp (*p - 6, "上", 3) == 0 ? -2 : 1;
      if (day_part == 0)
        *p = before;
      else if (*hour < 1 || *hour > 12)
        return FALSE;   /* "13:00 PM", "0:30 AM" */
    }
  day_part_said = day_part != 0;

  /* 上午12点 is noon to many who say it and midnight to others; a
   * 12-hour system's 上午12:30 (zh-CN's old "tt h:mm") is 00:30 by the
   * clock's rule, as 12:30 AM is. A system writes ASCII digits and a
   * colon; 早上12:30, 上午十二:30 or 上午１２：３０ is typed by a person. */
  if (day_part == -2 || day_part == -3)
    {
      if (*hour == 12 && (hour_end > 0 || day_part == -3 || as_typed))
        return FALSE;
      day_part = -1;
    }

  /* Noon is the hours about midday: 中午11点 to 中午2点 (13 and 14 as
   * written); 中午3点 or 中午10点 contradicts itself, as 下午0点 does. */
  if (day_part == 2)
    {
      if (*hour == 1 || *hour == 2)
        day_part = 1;
      else if (*hour >= 11 && *hour <= 14)
        day_part = 0;
      else
        return FALSE;
    }
  if (day_part == 1 && *hour == 0)
    return FALSE;
  /* Dusk is 傍晚5点 to 傍晚8点; 傍晚12点 or 傍晚1点 contradicts itself. */
  if (day_part == 4)
    {
      if (*hour < 5 || *hour > 8)
        return FALSE;
      day_part = 1;
    }
  if (day_part == 3)
    {
      if (*hour == 12 || *hour < 6)
        return FALSE;
      day_part = 1;
    }
  if (day_part != 0 && *hour > 12)
    return FALSE;   /* "下午15点" says the afternoon twice, or wrongly */
  /* A time with seconds after colons (09:15:00, 15:00:00) is a system's
   * stamp, and systems that leave out the part of the day keep a 24-hour
   * clock; people write 9点 or 9:15. So a stamp proves nothing of how the
   * column's people write, nor does midnight on the dot (00:00, 0点), the
   * usual filler of a date without a time. */
  if (day_part_said)
    *clock = PR_DATE_CLOCK_DAY_PART;
  else if ((hour_end == 0 && *second >= 0) || (*hour == 0 && *minute == 0))
    *clock = PR_DATE_CLOCK_24;
  else if (*hour < 1 || *hour > 12)
    *clock = PR_DATE_CLOCK_24_HOUR;
  else
    *clock = PR_DATE_CLOCK_BARE_12;
  if (day_part < 0 && *hour == 12)
    *hour = 0;
  else if (day_part > 0 && *hour < 12)
    *hour += 12;
  return TRUE;
}

/* An hour alone after a date, in two digits (2019-06-08 17, ISO 8601's
 * 2019-06-08T17), as a system writes a time cut to the hour (MySQL's
 * %Y-%m-%d %H): 00 to 23. Only when @allowed: a date in ASCII digits and
 * separators, not one a person types (2019年6月8日 17,
 * ２０１９－０６－０８　１７), where a lone number could be other things.
 * The rest (an offset or a zone) is the caller's. Its @clock is read_time
 * ()'s for 5点 or 17点: %I writes 05 for 5 PM as well, so 01 to 12 beside
 * 上午/下午 elsewhere in the column is a 12-hour clock's hour. */
static gboolean
read_system_hour (const char  *s,
                  gboolean     allowed,
                  const char **p,
                  int         *hour,
                  int         *minute,
                  PrDateClock *clock)
{
  if (!allowed || !g_ascii_isdigit (s[0]) || !g_ascii_isdigit (s[1]) || g_ascii_isdigit (s[2]) ||
      (s[2] != '\0' && s[2] != ' ' && s[2] != '+' && s[2] != '-' && s[2] != 'Z'))
    return FALSE;
  *hour = (s[0] - '0') * 10 + (s[1] - '0');
  *minute = 0;
  *p = s + 2;
  if (*hour == 0)
    *clock = PR_DATE_CLOCK_24;
  else if (*hour > 12)
    *clock = PR_DATE_CLOCK_24_HOUR;
  else
    *clock = PR_DATE_CLOCK_BARE_12;
  return *hour <= 23;
}

/* @text with its full-width forms (２０１９年６月８日, １７：３１) folded
 * (pr_full_width_fold_at ()), as a Chinese input method types dates;
 * %NULL when it has none. */
static char *
fold_full_width (const char *text)
{
  GString *folded;
  const guchar *end;
  gsize len;

  if (strstr (text, "\xef\xbc") == NULL && strstr (text, "\xef\xbd") == NULL &&
      strstr (text, "\xe3\x80\x80") == NULL)
    return NULL;
  end = (const guchar *) text + strlen (text);
  folded = g_string_sized_new (end - (const guchar *) text);
  for (const guchar *b = (const guchar *) text; b < end; b += len)
    g_string_append_c (folded, (char) pr_full_width_fold_at (b, end, &len));
  return g_string_free (folded, FALSE);
}

/* The value of a Chinese numeral character (〇 一 … 九, 零, 两, and the
 * circle ○ that documents often type for 〇), or -1. */
static int
chinese_digit (const char *p,
               gsize      *out_len)
{
  static const char *const digits[] = { "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九" };

  *out_len = 3;
  for (int i = 0; i < 10; i++)
    if (strncmp (p, digits[i], 3) == 0)
      return i;
  if (strncmp (p, "零", 3) == 0 || strncmp (p, "\u25cb" /* ○ */, 3) == 0)
    return 0;
  if (strncmp (p, "两", 3) == 0)
    return 2;
  return -1;
}

/* @text with its runs of Chinese numerals as Arabic digits, as dates are
 * written in documents (二〇一九年六月八日, 二十八日, 下午三点): a run
 * without 十 is read digit by digit (二〇一九 is 2019), one with 十 as
 * tens and units (二十八 is 28, 十二 is 12). A run of any other shape is
 * left as written, so the date stays unreadable. %NULL when @text has no
 * Chinese numeral. */
static char *
fold_chinese_numerals (const char *text)
{
  GString *folded = NULL;

  for (const char *p = text; *p != '\0';)
    {
      const char *start = p;
      int tens = -1, units = 0, n_digits = 0, n_after_ten = 0;
      GString *run;
      gsize len;
      int digit;

      /* Every date read passes here: a byte that begins no numeral (each
       * begins with 0xE2, for ○, to 0xE9) is copied without a run made
       * for it. */
      if ((guchar) *p < 0xE2 || (guchar) *p > 0xE9 || (chinese_digit (p, &len) < 0 && strncmp (p, "十", 3) != 0))
        {
          if (folded != NULL)
            g_string_append_c (folded, *p);
          p++;
          continue;
        }
      run = g_string_new (NULL);

      for (;;)
        {
          if ((digit = chinese_digit (p, &len)) >= 0)
            {
              if (tens >= 0)
                {
                  units = digit;
                  n_after_ten++;
                }
              else
                g_string_append_c (run, (char) ('0' + digit));
              n_digits++;
              p += len;
            }
          /* 二O二四: the letter O typed for 〇, inside a run only. */
          else if ((*p == 'O' || *p == 'o') && tens < 0 && run->len > 0)
            {
              g_string_append_c (run, '0');
              n_digits++;
              p++;
            }
          else if (strncmp (p, "十", 3) == 0 && tens < 0)
            {
              tens = run->len == 0 ? 1 : run->len == 1 ? run->str[0] - '0' : -2;
              if (tens == -2)
                break;
              p += 3;
              n_digits++;
            }
          else
            break;
        }
      if (n_digits == 0)
        {
          g_string_free (run, TRUE);
          if (folded != NULL)
            g_string_append_c (folded, *p);
          p++;
          continue;
        }
      if (folded == NULL)
        {
          folded = g_string_new (NULL);
          g_string_append_len (folded, text, start - text);
        }
      if (tens == -2 || n_after_ten > 1)
        {
          /* 二〇十, 十二三: not a number a date writes; kept as written. */
          g_string_append_len (folded, start, p - start);
          if (tens == -2)
            {
              g_string_append (folded, "十");
              p += 3;
            }
        }
      else if (tens >= 0)
        g_string_append_printf (folded, "%d", tens * 10 + units);
      else
        g_string_append (folded, run->str);
      g_string_free (run, TRUE);
    }
  return folded != NULL ? g_string_free (folded, FALSE) : NULL;
}

/* A year of the Republic of China (民国108年 is 2019): unambiguous with
 * its prefix. Returns @text with the year as the Common Era's, or %NULL. */
static char *
fold_roc_year (const char *text)
{
  static const char *const prefixes[] = { "中华民国", "中華民國", "民国", "民國" };
  const char *p = text;
  int year;

  /* Each prefix holds 民, which few dates do. */
  if (strstr (text, "民") == NULL)
    return NULL;
  skip_spaces (&p);
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (pr_date_skip_word (&p, prefixes[i]))
      {
        skip_spaces (&p);
        if (!read_number (&p, 1, 3, &year) || year < 1 || g_ascii_isdigit (*p) || strncmp (p, "年", 3) != 0)
          return NULL;
        return g_strdup_printf ("%d%s", year + 1911, p);
      }
  return NULL;
}

/* @text with its full-width forms and Chinese numerals folded (see
 * above): the text itself, or a copy kept in @out_copy. */
static const char *
fold_digits (const char *text,
             char      **out_copy)
{
  g_autofree char *wide = fold_full_width (text);
  char *chinese = fold_chinese_numerals (wide != NULL ? wide : text);

  *out_copy = chinese != NULL ? chinese : g_steal_pointer (&wide);
  return *out_copy != NULL ? *out_copy : text;
}

/* @wall, a date and time as written read as UTC: the Unix epoch's 0 or
 * -1 on UTC's clock or on Beijing's (+08:00). */
static gboolean
is_epoch_placeholder (gint64 wall)
{
  return wall == 0 || wall == -1 || wall == 8 * 3600 || wall == 8 * 3600 - 1;
}

/* The date @year … @second as written (and @weekday, when it is not 0):
 * in @out_seconds, as if on UTC's clock, when it is read or is the
 * epoch's placeholder (else left as it is). See read_date (). */
static PrDateStatus
read_fields (int          year,
             int          month,
             int          day,
             int          hour,
             int          minute,
             int          second,
             int          weekday,
             gboolean     year_last,
             PrDateOrder  order,
             gint64      *out_seconds)
{
  g_autoptr(GDateTime) dt = NULL;

  if (year_last && order == PR_DATE_ORDER_YMD)
    return PR_DATE_UNREADABLE;
  /* Ambiguous only if it is a date one way or the other, with its
   * weekday if it writes one. */
  if (year_last && order == PR_DATE_ORDER_UNSET)
    return hour <= 23 && minute <= 59 && second <= 59 && year <= G_MAXUINT16 &&
           (is_day_of_week (day, month, year, weekday) || is_day_of_week (month, day, year, weekday))
             ? (year < 1901 || year > 2199 ? PR_DATE_PLACEHOLDER : PR_DATE_AMBIGUOUS) : PR_DATE_UNREADABLE;

  /* 0000-00-00: MariaDB's zero date, a placeholder too (see below). */
  if (year == 0 && month == 0 && day == 0 && hour == 0 && minute == 0 && second == 0)
    return PR_DATE_PLACEHOLDER;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return PR_DATE_UNREADABLE;

  /* GDateTime refuses dates that do not exist (2月30日). */
  dt = g_date_time_new_utc (year, month, day, hour, minute, second);
  if (dt == NULL)
    return PR_DATE_UNREADABLE;
  /* A weekday that is not the date's says one of them is wrong, and not
   * which (pr_date_doubt () names it). */
  if (weekday > 0 && g_date_time_get_day_of_week (dt) != weekday)
    return PR_DATE_UNREADABLE;

  /* 9999-12-31 (MariaDB's largest date), 0001-01-01 (.NET's smallest),
   * 1899-12-30 (Access's zero), 1900-01-01 (SQL Server's and Excel's first
   * day): what systems write for "no date". Read as dates, such a record
   * would be its cluster's primary, or never could be, and periods would
   * count from it; no petition has one. */
  if (year < 1901 || year > 2199)
    return PR_DATE_PLACEHOLDER;
  /* The Unix epoch as a DATETIME shows it, on UTC's clock or Beijing's
   * (FROM_UNIXTIME (0) is 1970-01-01 08:00:00 here), and its -1: the
   * integer 0 or -1 is no date, and so is its text; read as a date it
   * would be the earliest of any cluster, its primary. */
  if (is_epoch_placeholder (g_date_time_to_unix (dt)))
    {
      /* Still a day to a person who types it (a filter's first day). */
      *out_seconds = g_date_time_to_unix (dt);
      return PR_DATE_PLACEHOLDER;
    }

  *out_seconds = g_date_time_to_unix (dt);
  return PR_DATE_OK;
}

static PrDateStatus read_date (const char  *text,
                               PrDateOrder  order,
                               gint64      *out_seconds,
                               int         *out_offset,
                               PrDateClock *out_clock,
                               int         *out_micros);

/**
 * pr_date_read:
 * @text: a date, or a date and time, as text
 * @order: how to read a date whose year comes last (08/06/2019)
 * @out_seconds: (out): the wall time as written, in seconds since
 *   1970-01-01 00:00:00 of the text's own zone
 * @out_offset: (out): the zone's offset east of UTC in seconds, if the text
 *   gives one, else %PR_DATE_NO_OFFSET
 *
 * Understands YYYY-MM-DD, YYYY/M/D, YYYY.M.D, YYYY年M月D日, YYYYMMDD,
 * YYYYMMDDHHMM and YYYYMMDDHHMMSS; with @order %PR_DATE_ORDER_DMY or
 * %PR_DATE_ORDER_MDY also D/M/YYYY or M/D/YYYY (with / - or .). A time may
 * follow: H:MM[:SS[.fff]] (also after 'T'), H时/点[M分[S秒]], H点半, with
 * 上午/下午/晚上… before it or AM/PM or 上午/下午 after it, or a two-digit
 * hour alone (2019-06-08 17), and then Z, an offset (+08:00, +0800, +08)
 * or a zone in words (北京时间, GMT+8, UTC+08:00, CST, Asia/Shanghai; see
 * pr-date-zone.c), which 北京时间 may also be before the date. Full-width
 * digits and signs (２０１９－０６－０８) read as their ASCII forms,
 * Chinese numerals (二〇一九年六月八日, 二O二四 with the letter O) as
 * numbers, and a year of the Republic of China with its prefix (民国108年)
 * as the Common Era's; a lunar note in brackets after the date
 * (（农历正月初一）) is passed over.
 *
 * Returns: %PR_DATE_OK, %PR_DATE_AMBIGUOUS for a date whose year comes
 *   last when @order is %PR_DATE_ORDER_UNSET, %PR_DATE_PLACEHOLDER for a
 *   date before 1901 or after 2199 (9999-12-31, 1900-01-01) or the Unix
 *   epoch (1970-01-01 00:00:00 or 08:00:00, and the second before; only
 *   this placeholder sets @out_seconds and @out_offset, as a date typed by
 *   a person it is a day), else %PR_DATE_UNREADABLE (which an empty text
 *   is too)
 */
PrDateStatus
pr_date_read (const char  *text,
              PrDateOrder  order,
              gint64      *out_seconds,
              int         *out_offset)
{
  PrDateClock clock;

  return pr_date_read_clock (text, order, out_seconds, out_offset, &clock);
}

/**
 * pr_date_read_clock:
 * @out_clock: (out): how the time of day was written, for a column to
 *   tell a 12-hour clock's hour without its day part (see #PrDateClock)
 *
 * As pr_date_read ().
 */
PrDateStatus
pr_date_read_clock (const char  *text,
                    PrDateOrder  order,
                    gint64      *out_seconds,
                    int         *out_offset,
                    PrDateClock *out_clock)
{
  int micros;

  return read_date (text, order, out_seconds, out_offset, out_clock, &micros);
}

/**
 * pr_date_microseconds:
 * @text: a date, or a date and time, as text
 * @order: how to read a date whose year comes last
 *
 * Returns: the fraction of the second @text writes (17:31:20.123456), in
 *   microseconds; 0 for none, or if pr_date_read () cannot read @text
 */
int
pr_date_microseconds (const char  *text,
                      PrDateOrder  order)
{
  gint64 seconds;
  int offset, micros;
  PrDateClock clock;

  /* No fraction without its point or comma (or their full-width forms,
   * U+FF0C and U+FF0E). */
  if (text == NULL || (strchr (text, '.') == NULL && strchr (text, ',') == NULL &&
                       strstr (text, "\xef\xbc\x8c") == NULL && strstr (text, "\xef\xbc\x8e") == NULL))
    return 0;
  return read_date (text, order, &seconds, &offset, &clock, &micros) == PR_DATE_OK ? micros : 0;
}

static PrDateStatus
read_date (const char  *text,
           PrDateOrder  order,
           gint64      *out_seconds,
           int         *out_offset,
           PrDateClock *out_clock,
           int         *out_micros)
{
  static const char *const date_seps[] = { "-", "/", ".", "年", NULL };
  static const char *const month_ends[] = { "-", "/", ".", "月", NULL };
  const char *p = text;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offset = PR_DATE_NO_OFFSET;
  gboolean iso_time = FALSE, spaced_time = FALSE;
  gboolean has_time = FALSE, year_last = FALSE, has_seconds = FALSE, han_date = FALSE;
  g_autofree char *folded = NULL;
  g_autofree char *roc = NULL;
  g_autofree char *without_weekday = NULL;
  g_autofree char *without_note = NULL;
  int weekday, prefix_offset = PR_DATE_NO_OFFSET;
  int note_month = 0, note_day = 0;
  PrDateZone zone = { 0, NULL };
  gboolean zone_word = FALSE;
  PrDateStatus status;
  gint64 wall = PR_DATE_NONE;

  g_return_val_if_fail (out_seconds != NULL, PR_DATE_UNREADABLE);
  g_return_val_if_fail (out_offset != NULL, PR_DATE_UNREADABLE);

  *out_clock = PR_DATE_CLOCK_24;
  *out_micros = 0;
  if (text == NULL)
    return PR_DATE_UNREADABLE;
  /* Before the numerals are folded: 星期一's 一 is no digit. */
  if (strip_lunar_note (text, &without_note, &note_month, &note_day))
    text = without_note;
  weekday = read_weekday (text, &without_weekday);
  if (weekday > 0)
    text = without_weekday;
  p = fold_digits (text, &folded);
  roc = fold_roc_year (p);
  if (roc != NULL)
    p = roc;

  skip_spaces (&p);
  if (pr_date_zone_read_prefix (&p, &prefix_offset))
    skip_spaces (&p);

  if (g_ascii_isdigit (p[0]) && g_ascii_isdigit (p[1]) && g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]))
    {
      gsize run = strspn (p, "0123456789");

      read_number (&p, 4, 4, &year);
      if (run > 4)
        {
          /* YYYYMMDD, and HHMM or HHMMSS run on */
          if (run != 8 && run != 12 && run != 14)
            return PR_DATE_UNREADABLE;
          read_number (&p, 2, 2, &month);
          read_number (&p, 2, 2, &day);
          if (run >= 12)
            {
              has_time = TRUE;
              read_number (&p, 2, 2, &hour);
              read_number (&p, 2, 2, &minute);
              has_seconds = run == 14;
              if (has_seconds)
                read_number (&p, 2, 2, &second);
            }
        }
      else
        {
          int sep = read_separator (&p, date_seps);

          if (sep < 0 || !read_number (&p, 1, 2, &month))
            return PR_DATE_UNREADABLE;
          if (read_separator (&p, month_ends) != sep || !read_number (&p, 1, 2, &day))
            return PR_DATE_UNREADABLE;
          han_date = sep == 3;
          if (sep == 3 && !pr_date_skip_word (&p, "日") && !pr_date_skip_word (&p, "号"))
            pr_date_skip_word (&p, "號");
        }
    }
  else
    {
      static const char *const seps[] = { "/", "-", ".", NULL };
      int first, second_field, sep;

      /* D/M/YYYY or M/D/YYYY: the text cannot tell which. */
      if (!read_number (&p, 1, 2, &first) || (sep = read_separator (&p, seps)) < 0 ||
          !read_number (&p, 1, 2, &second_field) || read_separator (&p, seps) != sep ||
          !read_number (&p, 4, 4, &year) || g_ascii_isdigit (*p))
        return PR_DATE_UNREADABLE;
      year_last = TRUE;
      day = order == PR_DATE_ORDER_MDY ? second_field : first;
      month = order == PR_DATE_ORDER_MDY ? first : second_field;
    }

  if (!has_time)
    {
      const char *before = p;

      if (*p == 'T' && g_ascii_isdigit (p[1]))
        {
          p++;
          iso_time = TRUE;
        }
      spaced_time = !iso_time;
      skip_spaces (&p);
      if (*p != '\0')
        {
          const char *time_start = p;

          second = -1;
          if (!read_time (&p, folded != NULL, &hour, &minute, &second, out_micros, out_clock) &&
              !read_system_hour (time_start, folded == NULL && !han_date, &p, &hour, &minute, out_clock))
            {
              /* Only spaces may follow a date without a time. */
              p = before;
              *out_micros = 0;
              *out_clock = PR_DATE_CLOCK_24;
              skip_spaces (&p);
              if (*p != '\0')
                return PR_DATE_UNREADABLE;
            }
          else
            has_time = TRUE;
          has_seconds = second >= 0;
          second = MAX (second, 0);
        }
    }

  if (has_time)
    {
      /* 2019-06-08 08:00-12:00 is a span of office hours, which read as
       * an offset would move the date by half a day. An offset follows a
       * T (ISO 8601's 08:00-05:00 without seconds, as Java writes it), the
       * seconds, a space, AM/PM, or a time run on (201906080800-0500). */
      if (spaced_time && !has_seconds && g_ascii_isdigit (p[-1]) && is_span_end (p))
        return PR_DATE_UNREADABLE;
      skip_spaces (&p);
      if (*p != '\0' && !read_offset (&p, &offset))
        {
          if (!pr_date_zone_read_word (&p, &zone))
            return PR_DATE_UNREADABLE;
          zone_word = TRUE;
        }
      /* ISO 8601's T and offsets are 24-hour by definition, and a
       * system's: they say nothing of how the column's people write. A
       * zone in words (下午3点 北京时间) is as much a person's. */
      if (iso_time || (offset != PR_DATE_NO_OFFSET && !zone_word))
        *out_clock = PR_DATE_CLOCK_24;
    }
  skip_spaces (&p);
  /* A zone names the time's: no zone without a time, and one zone. */
  if (*p != '\0' || (prefix_offset != PR_DATE_NO_OFFSET && (!has_time || zone_word || offset != PR_DATE_NO_OFFSET)))
    {
      pr_date_zone_clear (&zone);
      return PR_DATE_UNREADABLE;
    }
  status = read_fields (year, month, day, hour, minute, second, weekday, year_last, order, &wall);
  /* A lunar note of the date's own month and day (2024年1月1日（农历正月
   * 初一）) says the date is the lunar one written twice: the lunar
   * calendar runs three to seven weeks behind, so the two never agree. */
  if (note_month != 0 && note_day != 0 && note_month == month && note_day == day)
    status = PR_DATE_UNREADABLE, wall = PR_DATE_NONE;
  /* Only a date read, or the epoch's placeholder, has its instant. */
  if (wall != PR_DATE_NONE)
    {
      if (prefix_offset != PR_DATE_NO_OFFSET)
        offset = prefix_offset;
      /* Asia/Shanghai's offset is its clock's on that date (+09:00 in
       * the summers of 1986 to 1991). */
      else if (zone_word && !pr_date_zone_offset_at (&zone, wall, &offset))
        status = PR_DATE_UNREADABLE;
      if (status != PR_DATE_UNREADABLE)
        {
          *out_seconds = wall;
          *out_offset = offset;
        }
    }
  pr_date_zone_clear (&zone);
  return status;
}

/* Whether @text, its digits folded, matches @pattern, compiled once into
 * @regex: each unreadable date of a column is asked. Not JIT-compiled
 * (G_REGEX_OPTIMIZE): only unreadable dates come here, and valgrind
 * cannot follow the JIT's code. */
static gboolean
match_folded (GRegex     **regex,
              const char  *pattern,
              const char  *text)
{
  g_autofree char *folded = NULL;

  if (text == NULL)
    return FALSE;
  if (g_once_init_enter (regex))
    g_once_init_leave (regex, g_regex_new (pattern, 0, 0, NULL));
  return g_regex_match (*regex, fold_digits (text, &folded), 0, NULL);
}

/**
 * pr_date_has_short_year:
 * @text: a date that pr_date_read () could not read
 *
 * A two-digit year (19-06-08, 08/06/19, 19年6月8日) could be 1919 or 2019,
 * and where the year stands the text does not say: it is never guessed.
 *
 * Returns: %TRUE if @text is a date but for its two-digit year
 */
gboolean
pr_date_has_short_year (const char *text)
{
  static GRegex *short_year;

  return match_folded (&short_year, "^\\s*([0-9]{1,2}([-/.])[0-9]{1,2}\\2[0-9]{2}([^0-9]|$)|[0-9]{2}年[0-9]{1,2}月)",
                       text);
}

/**
 * pr_date_has_roc_year:
 * @text: a date that pr_date_read () could not read
 *
 * 113/03/05 or 113.03.05: a year of the Republic of China (113 is 2024)
 * written, as in Taiwan, without its prefix (民国); read so, it is never
 * guessed, as a three-digit number could be other things.
 *
 * Returns: %TRUE if @text is a date but for its three-digit year, 100 to
 *   199 (1911 to 2110)
 */
gboolean
pr_date_has_roc_year (const char *text)
{
  static GRegex *roc_year;

  return match_folded (&roc_year, "^\\s*1[0-9]{2}([-/.])(0?[1-9]|1[0-2])\\1(0?[1-9]|[12][0-9]|3[01])([^0-9]|$)", text);
}

/**
 * pr_date_has_hour_span:
 * @text: a date that pr_date_read () could not read
 * @order: how to read a date whose year comes last
 *
 * 2019-06-08 08:00-12:00: a date with a span of hours (office hours, a
 * visit's time), which names no one instant.
 *
 * Returns: %TRUE if @text is a date and time followed by a dash and a
 *   time of day (an earlier one: across midnight)
 */
gboolean
pr_date_has_hour_span (const char  *text,
                       PrDateOrder  order)
{
  g_autofree char *folded = NULL;
  g_autofree char *start = NULL;
  const char *p, *dash;
  gint64 seconds;
  int offset;
  PrDateClock clock;

  if (text == NULL)
    return FALSE;
  p = fold_digits (text, &folded);
  dash = strrchr (p, '-');
  if (dash == NULL || dash == p)
    return FALSE;
  start = g_strndup (p, dash - p);
  /* The start alone a date with a time of day (H:MM, H点) and no zone. */
  if (!g_ascii_isdigit (dash[-1]) ||
      (strchr (start, ':') == NULL && strstr (start, "点") == NULL && strstr (start, "时") == NULL &&
       strstr (start, "點") == NULL && strstr (start, "時") == NULL) ||
      pr_date_read_clock (start, order, &seconds, &offset, &clock) != PR_DATE_OK || offset != PR_DATE_NO_OFFSET)
    return FALSE;
  return is_span_end (dash);
}

/* Whether @text is a date that reads once the 12 after 上午 (早上,
 * 早晨) is any other morning hour: 上午12点, 早上12:30, 上午十二点. */
static gboolean
has_morning_twelve (const char  *text,
                    PrDateOrder  order)
{
  static const char *const words[] = { "上午", "早上", "早晨" };
  g_autofree char *folded = NULL;
  const char *p = fold_digits (text, &folded);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      const char *word = strstr (p, words[i]);
      const char *twelve;
      g_autofree char *eleven = NULL;
      gint64 seconds;
      int offset;

      if (word == NULL)
        continue;
      twelve = word + strlen (words[i]);
      skip_spaces (&twelve);
      if (strncmp (twelve, "12", 2) != 0 || g_ascii_isdigit (twelve[2]))
        continue;
      eleven = g_strdup (p);
      eleven[twelve - p + 1] = '1';
      if (pr_date_read (eleven, order, &seconds, &offset) == PR_DATE_OK)
        return TRUE;
    }
  return FALSE;
}

/* Whether @text writes a day of the lunar calendar: 农历 (阴历), or a
 * month or day only it has (正月, 腊月, 初一 to 初十). Converting one is
 * not attempted: its year, leap months and the zone of its new moons are
 * easily got wrong. */
static gboolean
is_lunar (const char *text)
{
  static const char *const months[] = { "正月", "腊月", "臘月", "冬月" };
  static const char *const tens[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九", "十" };

  for (guint i = 0; i < G_N_ELEMENTS (lunar_words); i++)
    if (strstr (text, lunar_words[i]) != NULL)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (months); i++)
    if (strstr (text, months[i]) != NULL)
      return TRUE;
  for (const char *p = strstr (text, "初"); p != NULL; p = strstr (p + 3, "初"))
    for (guint i = 0; i < G_N_ELEMENTS (tens); i++)
      if (strncmp (p + 3, tens[i], 3) == 0)
        return TRUE;
  return FALSE;
}

/**
 * pr_date_doubt:
 * @text: a date that pr_date_read () could not read
 * @order: how to read a date whose year comes last
 *
 * Returns: why @text names no one instant, where that has advice of its
 *   own (see #PrDateDoubt), else %PR_DATE_DOUBT_NONE
 */
PrDateDoubt
pr_date_doubt (const char  *text,
               PrDateOrder  order)
{
  if (text == NULL)
    return PR_DATE_DOUBT_NONE;
  if (pr_date_has_hour_span (text, order))
    return PR_DATE_DOUBT_HOUR_SPAN;
  if (has_morning_twelve (text, order))
    return PR_DATE_DOUBT_MORNING_TWELVE;
  {
    g_autofree char *rest = NULL;
    gint64 seconds;
    int offset;

    PrDateStatus without;

    /* 01/02/2019 星期一 is a date either way, the weekday neither's. */
    if (read_weekday (text, &rest) > 0 &&
        ((without = pr_date_read (rest, order, &seconds, &offset)) == PR_DATE_OK || without == PR_DATE_AMBIGUOUS))
      return PR_DATE_DOUBT_WEEKDAY;
  }
  if (is_lunar (text))
    return PR_DATE_DOUBT_LUNAR;
  return PR_DATE_DOUBT_NONE;
}

/**
 * pr_date_parse:
 * @text: a date, or a date and time, as text
 * @out_seconds: (out): seconds since 1970-01-01 00:00:00 in the text's own
 *   zone (an offset the text gives is not applied)
 *
 * pr_date_read () without day-first or month-first dates.
 *
 * Returns: %TRUE if @text is such a date and the date exists.
 */
gboolean
pr_date_parse (const char *text,
               gint64     *out_seconds)
{
  gint64 seconds;
  int offset;

  g_return_val_if_fail (out_seconds != NULL, FALSE);

  if (pr_date_read (text, PR_DATE_ORDER_YMD, &seconds, &offset) != PR_DATE_OK)
    return FALSE;
  *out_seconds = seconds;
  return TRUE;
}

/**
 * pr_date_order_from_string:
 * @text: "DMY", "MDY" or "YMD", any case
 * @out_order: (out): the order
 *
 * Returns: %FALSE if @text is none of them
 */
gboolean
pr_date_order_from_string (const char  *text,
                           PrDateOrder *out_order)
{
  static const char *const names[] = { "YMD", "DMY", "MDY" };
  static const PrDateOrder orders[] = { PR_DATE_ORDER_YMD, PR_DATE_ORDER_DMY, PR_DATE_ORDER_MDY };

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *out_order = orders[i];
        return TRUE;
      }
  return FALSE;
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
