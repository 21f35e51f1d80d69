/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The zone a date names in words rather than as an offset: 北京时间
 * before the date or after its time, GMT+8 or UTC+08:00, CST, or a zone
 * of the time zone database (Asia/Shanghai). Each reads as the offset it
 * stands for, so a date that names one means the same instant as the
 * date with that offset (+08:00).
 *
 * CST is China Standard Time, as it is in a Chinese office's exports (the
 * United States' Central Standard Time is -06:00 in the same letters):
 * the date column refuses a column that writes CST beside a United
 * States zone (EST, PDT…) or month-first dates, rather than guess.
 */
#define G_LOG_DOMAIN "pr-date"

#include "config.h"

#include <string.h>

#include "pr-date-zone.h"

#define BEIJING (8 * 3600)
#define MAX_OFFSET (14 * 3600)

static GMutex zones_lock;
static GHashTable *zones;  /* name → GTimeZone */

/**
 * pr_date_skip_word:
 * @p: (inout): where to look
 * @word: a word, as UTF-8
 *
 * Returns: %TRUE if @p starts with @word (and is moved past it)
 */
gboolean
pr_date_skip_word (const char **p,
                   const char  *word)
{
  gsize len = strlen (word);

  if (strncmp (*p, word, len) != 0)
    return FALSE;
  *p += len;
  return TRUE;
}

static gboolean
is_letter (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

/**
 * pr_date_zone_read_prefix:
 * @p: (inout): where the date's text starts
 * @out_offset: (out): the zone's offset, in seconds east of UTC
 *
 * 北京时间 (北京時間) before a date, with a colon or spaces after it, as a
 * notice writes it (北京时间2019年6月8日17:31).
 *
 * Returns: %TRUE if @p starts with it (and is moved past it)
 */
gboolean
pr_date_zone_read_prefix (const char **p,
                          int         *out_offset)
{
  const char *s = *p;

  if (!pr_date_skip_word (&s, "北京时间") && !pr_date_skip_word (&s, "北京時間"))
    return FALSE;
  while (*s == ' ' || *s == ':')
    s++;
  *out_offset = BEIJING;
  *p = s;
  return TRUE;
}

/**
 * pr_date_read_signed_offset:
 * @p: (inout): the text, moved past the offset read
 * @min_hour_digits: 2 for ISO 8601's +HH, 1 where +H is written too
 * @out_offset: (out): seconds east of UTC
 *
 * An offset +HH:MM, +HHMM or +HH (also -, and +H, +H:MM with
 * @min_hour_digits 1), within ±14:00, followed by no digit.
 *
 * Returns: whether one was read
 */
gboolean
pr_date_read_signed_offset (const char **p,
                            guint        min_hour_digits,
                            int         *out_offset)
{
  const char *s = *p;
  int sign, hours = 0, minutes = 0;
  guint n = 0;

  if (*s != '+' && *s != '-')
    return FALSE;
  sign = *s++ == '-' ? -1 : 1;
  for (; n < 2 && g_ascii_isdigit (*s); n++)
    hours = hours * 10 + (*s++ - '0');
  if (n < min_hour_digits || n == 0)
    return FALSE;
  if (*s == ':' || (n == 2 && g_ascii_isdigit (*s)))
    {
      if (*s == ':')
        s++;
      if (!g_ascii_isdigit (s[0]) || !g_ascii_isdigit (s[1]))
        return FALSE;
      minutes = (s[0] - '0') * 10 + (s[1] - '0');
      s += 2;
    }
  if (g_ascii_isdigit (*s) || minutes > 59 || hours * 3600 + minutes * 60 > MAX_OFFSET)
    return FALSE;
  *out_offset = sign * (hours * 3600 + minutes * 60);
  *p = s;
  return TRUE;
}

/* +H, +HH, +HHMM, +H:MM or +HH:MM (or -) after GMT or UTC; or nothing,
 * UTC itself. */
static gboolean
read_gmt_offset (const char **p,
                 int         *out_offset)
{
  if (**p != '+' && **p != '-')
    {
      if (g_ascii_isdigit (**p) || is_letter (**p))
        return FALSE;
      *out_offset = 0;
      return TRUE;
    }
  return pr_date_read_signed_offset (p, 1, out_offset);
}

/* Area/Location of the time zone database (Asia/Shanghai): the areas
 * that name places, not Etc/GMT+8, whose sign is the other way round. */
static GTimeZone *
read_zone_name (const char **p)
{
  static const char *const areas[] = { "Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/",
                                       "Europe/", "Indian/", "Pacific/" };
  const char *s = *p;
  g_autofree char *name = NULL;
  GTimeZone *zone;
  gsize len;

  for (guint i = 0; i < G_N_ELEMENTS (areas); i++)
    if (pr_date_skip_word (&s, areas[i]))
      break;
  if (s == *p)
    return NULL;
  /* Letters, '_', '-' and '/', never "..": the name is a file's. */
  while (is_letter (*s) || *s == '-' || (*s == '/' && is_letter (s[1])))
    s++;
  len = s - *p;
  if (len > 64 || !is_letter (s[-1]))
    return NULL;
  name = g_strndup (*p, len);
  /* Kept once loaded, as each date of a column names it again; only
   * names the database has are kept, a few hundred at most. */
  g_mutex_lock (&zones_lock);
  if (zones == NULL)
    zones = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_time_zone_unref);
  zone = g_hash_table_lookup (zones, name);
  if (zone == NULL && (zone = g_time_zone_new_identifier (name)) != NULL)
    g_hash_table_insert (zones, g_steal_pointer (&name), zone);
  if (zone != NULL)
    g_time_zone_ref (zone);
  g_mutex_unlock (&zones_lock);
  if (zone != NULL)
    *p = s;
  return zone;
}

/**
 * pr_date_zone_read_word:
 * @p: (inout): right after a date's time of day and the spaces after it
 * @out_zone: (out): the zone; pr_date_zone_clear () it
 *
 * 北京时间 (北京時間), CST (China Standard Time), GMT or UTC with or
 * without an offset (GMT+8, UTC+08:00), or Asia/Shanghai and the other
 * zones of the time zone database; in brackets or not.
 *
 * Returns: %TRUE if @p starts with one (and is moved past it)
 */
gboolean
pr_date_zone_read_word (const char **p,
                        PrDateZone  *out_zone)
{
  static const char *const opens[] = { "(", "（" };
  static const char *const closes[] = { ")", "）" };
  const char *s = *p;
  int bracket = -1;

  out_zone->zone = NULL;
  out_zone->offset = 0;
  for (guint i = 0; i < G_N_ELEMENTS (opens); i++)
    if (pr_date_skip_word (&s, opens[i]))
      {
        bracket = (int) i;
        break;
      }
  if (pr_date_skip_word (&s, "北京时间") || pr_date_skip_word (&s, "北京時間"))
    out_zone->offset = BEIJING;
  else if (pr_date_skip_word (&s, "CST"))
    {
      if (is_letter (*s))
        return FALSE;
      out_zone->offset = BEIJING;
    }
  else if (pr_date_skip_word (&s, "GMT") || pr_date_skip_word (&s, "UTC"))
    {
      if (!read_gmt_offset (&s, &out_zone->offset))
        return FALSE;
    }
  else if ((out_zone->zone = read_zone_name (&s)) == NULL)
    return FALSE;
  if (bracket >= 0 && !pr_date_skip_word (&s, closes[bracket]))
    {
      pr_date_zone_clear (out_zone);
      return FALSE;
    }
  *p = s;
  return TRUE;
}

static int
offset_at_instant (GTimeZone *zone,
                   gint64     instant)
{
  return g_time_zone_get_offset (zone, g_time_zone_find_interval (zone, G_TIME_TYPE_UNIVERSAL, instant));
}

/**
 * pr_date_zone_offset_at:
 * @zone: a zone pr_date_zone_read_word () read
 * @wall: the date and time written, in seconds as if on UTC's clock
 * @out_offset: (out): the zone's offset at that time
 *
 * Returns: %FALSE if the zone's clock showed that time twice (the hour
 *   summer time ends) or never (the hour it begins): no one instant
 */
gboolean
pr_date_zone_offset_at (const PrDateZone *zone,
                        gint64            wall,
                        int              *out_offset)
{
  int found = 0, n_found = 0;

  if (zone->zone == NULL)
    {
      *out_offset = zone->offset;
      return TRUE;
    }
  /* An offset fits if the zone has it at the instant it gives; a day on
   * each side holds the offsets before and after any change near. */
  for (int side = -1; side <= 1; side += 2)
    {
      int offset = offset_at_instant (zone->zone, wall + side * 86400);

      if (offset_at_instant (zone->zone, wall - offset) == offset && (n_found == 0 || offset != found))
        {
          found = offset;
          n_found++;
        }
    }
  if (n_found != 1 || ABS (found) > MAX_OFFSET)
    return FALSE;
  *out_offset = found;
  return TRUE;
}

void
pr_date_zone_clear (PrDateZone *zone)
{
  g_clear_pointer (&zone->zone, g_time_zone_unref);
}

/* Whether @text holds @word (capitals) with no letter on either side. */
static gboolean
has_word (const char *text,
          const char *word)
{
  gsize len = strlen (word);

  for (const char *s = strstr (text, word); s != NULL; s = strstr (s + 1, word))
    if ((s == text || !is_letter (s[-1])) && !is_letter (s[len]))
      return TRUE;
  return FALSE;
}

/**
 * pr_date_zone_says_cst:
 * @text: a date
 *
 * Returns: %TRUE if @text names CST, which pr_date_read () takes as
 *   China Standard Time
 */
gboolean
pr_date_zone_says_cst (const char *text)
{
  return text != NULL && has_word (text, "CST");
}

/**
 * pr_date_zone_says_us:
 * @text: a date
 *
 * Returns: %TRUE if @text names a zone of the United States (EST, CDT,
 *   PST…, America/…), beside which CST would be theirs
 */
gboolean
pr_date_zone_says_us (const char *text)
{
  static const char *const words[] = { "EST", "EDT", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST" };

  if (text == NULL || strchr (text, 'T') == NULL)
    return FALSE;
  if (strstr (text, "America/") != NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (has_word (text, words[i]))
      return TRUE;
  return FALSE;
}
