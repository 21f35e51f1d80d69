/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What a command says of the dates it read: how many of the date column's
 * values count as none and why (Excel's day numbers, years of the
 * Republic of China, placeholders), and the readings it took for numbers
 * and for dates without an offset.
 */
#define G_LOG_DOMAIN "pr-cli-dates"

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "pr-cli.h"
#include "pr-date-column.h"

/* The @ids joined, with "…" when @n are more. */
static char *
join_ids (GPtrArray *ids,
          guint64    n)
{
  GString *joined = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    g_string_append_printf (joined, "%s%s", i > 0 ? ", " : "", (char *) ids->pdata[i]);
  if (ids == NULL || n > ids->len)
    g_string_append (joined, ids != NULL && ids->len > 0 ? ", …" : "…");
  return g_string_free (joined, FALSE);
}

/* The reasons an unreadable date is named by: each #PrDateDoubt, whose
 * PR_DATE_DOUBT_NONE is the others, with no advice of their own, and the
 * bare hours, which the column's clock leaves unread. */
#define REASON_BARE_HOURS ((guint) PR_DATE_N_DOUBTS)

static guint64
n_reason (const PrRecordSet *set,
          guint              reason)
{
  return reason == REASON_BARE_HOURS ? set->n_bare_hour_dates : set->n_doubt_dates[reason];
}

static GPtrArray *
reason_ids (const PrRecordSet *set,
            guint              reason)
{
  return reason == REASON_BARE_HOURS ? set->bare_hour_date_ids : set->doubt_date_ids[reason];
}

/* Appends "; N more …" for the dates of @reason, if any: their count,
 * records and advice. */
static void
append_reason (GString           *tail,
               const PrRecordSet *set,
               guint              reason)
{
  guint64 n = n_reason (set, reason);
  g_autofree char *ids = NULL;
  const char *format = NULL;

  if (n == 0)
    return;
  ids = join_ids (reason_ids (set, reason), n);
  if (reason == REASON_BARE_HOURS)
    /* Translators: ends a line naming some unreadable dates; the count, then the first records' ids. */
    format = ngettext ("; %llu more has an hour from 1 to 12 and no 上午/下午 (AM/PM) in a column that writes them "
                       "elsewhere (record %s): add it, or write the hour on a 24-hour clock",
                       "; %llu more have hours from 1 to 12 and no 上午/下午 (AM/PM) in a column that writes them "
                       "elsewhere (records %s): add it, or write the hours on a 24-hour clock",
                       (gulong) n);
  else
    switch ((PrDateDoubt) reason)
      {
      case PR_DATE_DOUBT_HOUR_SPAN:
        /* Translators: ends a line naming some unreadable dates; the count, then the first records' ids. */
        format = ngettext ("; %llu more is a span of hours (record %s): write the time it began and keep the span "
                           "in another column",
                           "; %llu more are spans of hours (records %s): write the times they began and keep the "
                           "spans in another column",
                           (gulong) n);
        break;
      case PR_DATE_DOUBT_MORNING_TWELVE:
        /* Translators: ends a line naming some unreadable dates; the count, then the first records' ids. */
        format = ngettext ("; %llu more has 12 after 上午 (早上, 早晨), noon to some and midnight to others (record "
                           "%s): write 中午12点 for noon or 凌晨12点 for midnight",
                           "; %llu more have 12 after 上午 (早上, 早晨), noon to some and midnight to others "
                           "(records %s): write 中午12点 for noon or 凌晨12点 for midnight",
                           (gulong) n);
        break;
      case PR_DATE_DOUBT_WEEKDAY:
        /* Translators: ends a line naming some unreadable dates; the count, then the first records' ids. */
        format = ngettext ("; %llu more has a weekday (星期一, 周一) that is not its date's (record %s): correct "
                           "the date or the weekday",
                           "; %llu more have a weekday (星期一, 周一) that is not their date's (records %s): "
                           "correct the dates or the weekdays",
                           (gulong) n);
        break;
      case PR_DATE_DOUBT_LUNAR:
        /* Translators: ends a line naming some unreadable dates; the count, then the first records' ids. */
        format = ngettext ("; %llu more is a day of the lunar calendar (农历, 正月初一) (record %s): write the "
                           "Gregorian date (公历), with the lunar day after it in brackets if wanted",
                           "; %llu more are days of the lunar calendar (农历, 正月初一) (records %s): write the "
                           "Gregorian dates (公历), with the lunar days after them in brackets if wanted",
                           (gulong) n);
        break;
      case PR_DATE_DOUBT_NONE:
      case PR_DATE_N_DOUBTS:
        /* Translators: ends a line naming some unreadable dates apart; the count of the column's other
         * unreadable dates, then the first records' ids. */
        format = ngettext ("; %llu more cannot be read for other reasons (record %s)",
                           "; %llu more cannot be read for other reasons (records %s)",
                           (gulong) n);
        break;
      }
  g_string_append_printf (tail, format, (unsigned long long) n, ids);
}

/* The ends of a line that names the dates of @lead first: each other
 * reason with its own count, records and advice, so that a span, a bare
 * hour or a 上午12点 is named whatever the column's other dates are. */
static char *
other_reasons (const PrRecordSet *set,
               guint              lead)
{
  GString *tail = g_string_new (NULL);

  if (lead != REASON_BARE_HOURS)
    append_reason (tail, set, REASON_BARE_HOURS);
  for (guint d = PR_DATE_DOUBT_NONE + 1; d < PR_DATE_N_DOUBTS; d++)
    if (d != lead)
      append_reason (tail, set, d);
  if (lead != PR_DATE_DOUBT_NONE)
    append_reason (tail, set, PR_DATE_DOUBT_NONE);
  return g_string_free (tail, FALSE);
}

/* The reason a line leads with: the one with advice of its own that most
 * dates have, when more than half have it or no date is among the others;
 * else the others. */
static guint
lead_reason (const PrRecordSet *set)
{
  guint lead = REASON_BARE_HOURS;

  for (guint d = PR_DATE_N_DOUBTS - 1; d > PR_DATE_DOUBT_NONE; d--)
    if (n_reason (set, d) >= n_reason (set, lead))
      lead = d;
  if (set->n_doubt_dates[PR_DATE_DOUBT_NONE] == 0 || n_reason (set, lead) * 2 > set->n_unreadable_dates)
    return lead;
  return PR_DATE_DOUBT_NONE;
}

/**
 * pr_cli_unreadable_dates_text:
 * @set: the records read
 * @column: the date column
 * @order_given: whether --date-format was given (else the line suggests it)
 *
 * Returns: (transfer full) (nullable): a line saying how many dates of
 *   @column could not be read and naming the first records, or %NULL if
 *   all could
 */
char *
pr_cli_unreadable_dates_text (const PrRecordSet *set,
                              const char        *column,
                              gboolean           order_given)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  g_autofree char *lead_ids = NULL, *tail = NULL, *line = NULL;
  guint64 other, n;
  guint lead;

  if (set->n_unreadable_dates == 0)
    return NULL;
  /* The lines for one kind of date hold all of them: with dates of a
   * reason with advice of its own among them, each is named apart below. */
  other = set->n_doubt_dates[PR_DATE_DOUBT_NONE];
  for (guint i = 0; i < set->unreadable_date_ids->len; i++)
    {
      if (i > 0)
        g_string_append (ids, ", ");
      g_string_append (ids, set->unreadable_date_ids->pdata[i]);
    }
  if (set->n_unreadable_dates > set->unreadable_date_ids->len)
    g_string_append (ids, ", …");
  /* Excel writes a date cell formatted as General as its day number. */
  if (other == set->n_unreadable_dates && set->n_serial_dates * 2 > set->n_unreadable_dates)
    /* Translators: the count, the column, then the first records' ids. */
    return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): it "
                                      "is a day number as Excel saves a date cell formatted as General (43624 is "
                                      "8 June 2019); format the column as dates in Excel and save the file again",
                                      "%llu dates in column “%s” could not be read and count as none (records %s): "
                                      "they are day numbers as Excel saves date cells formatted as General (43624 is "
                                      "8 June 2019); format the column as dates in Excel and save the file again",
                                      (gulong) set->n_unreadable_dates),
                            (unsigned long long) set->n_unreadable_dates, column, ids->str);
  if (other == set->n_unreadable_dates && set->n_roc_dates * 2 > set->n_unreadable_dates)
    /* Translators: the count, the column, then the first records' ids. */
    return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): "
                                      "its year looks like a year of the Republic of China (民国 113 is 2024) "
                                      "written without 民国; write it as a four-digit year or with 民国",
                                      "%llu dates in column “%s” could not be read and count as none (records %s): "
                                      "their years look like years of the Republic of China (民国 113 is 2024) "
                                      "written without 民国; write them as four-digit years or with 民国",
                                      (gulong) set->n_unreadable_dates),
                            (unsigned long long) set->n_unreadable_dates, column, ids->str);
  /* 9999-12-31, 1900-01-01, 1970-01-01 08:00:00: what a system writes for no date. */
  if (other == set->n_unreadable_dates && set->n_placeholder_dates * 2 > set->n_unreadable_dates)
    /* Translators: the count, the column, then the first records' ids. */
    return g_strdup_printf (ngettext ("%llu date in column “%s” counts as none (record %s): it is before 1901, "
                                      "after 2199 or the Unix epoch, a placeholder that systems write for no date "
                                      "(9999-12-31, 1900-01-01, 1970-01-01 08:00:00); give the record its real "
                                      "date in the table",
                                      "%llu dates in column “%s” count as none (records %s): they are before 1901, "
                                      "after 2199 or the Unix epoch, placeholders that systems write for no date "
                                      "(9999-12-31, 1900-01-01, 1970-01-01 08:00:00); give the records their real "
                                      "dates in the table",
                                      (gulong) set->n_unreadable_dates),
                            (unsigned long long) set->n_unreadable_dates, column, ids->str);

  lead = lead_reason (set);
  n = n_reason (set, lead);
  lead_ids = join_ids (reason_ids (set, lead), n);
  tail = other_reasons (set, lead);
  /* 3点 where the column writes 下午3点 elsewhere: --date-format would
   * not help. */
  if (lead == REASON_BARE_HOURS)
    /* Translators: the count, the column, the first records' ids, then the count of other unreadable
     * dates or nothing. */
    return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): "
                                      "its hour, from 1 to 12, has no 上午/下午 (AM/PM) in a column that writes "
                                      "them elsewhere; add it (下午3点, 3:00 PM), or write the hour on a 24-hour "
                                      "clock (15点, 15:00)%s",
                                      "%llu dates in column “%s” could not be read and count as none (records %s): "
                                      "their hours, from 1 to 12, have no 上午/下午 (AM/PM) in a column that writes "
                                      "them elsewhere; add it (下午3点, 3:00 PM), or write the hours on a 24-hour "
                                      "clock (15点, 15:00)%s",
                                      (gulong) n),
                            (unsigned long long) n, column, lead_ids, tail);
  /* A span of hours, 上午12点: they name no one instant, and
   * --date-format would not read them. */
  switch ((PrDateDoubt) lead)
    {
    case PR_DATE_DOUBT_HOUR_SPAN:
      /* Translators: the count, the column, the first records' ids, then the count of other unreadable
       * dates or nothing. */
      return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): "
                                        "it is a span of hours (2019-06-08 08:00-12:00), not one time; write "
                                        "the time it began (2019-06-08 08:00) and keep the span in another column%s",
                                        "%llu dates in column “%s” could not be read and count as none (records %s): "
                                        "they are spans of hours (2019-06-08 08:00-12:00), not one time; write "
                                        "the times they began (2019-06-08 08:00) and keep the spans in another "
                                        "column%s",
                                        (gulong) n),
                              (unsigned long long) n, column, lead_ids, tail);
    case PR_DATE_DOUBT_MORNING_TWELVE:
      /* Translators: the count, the column, the first records' ids, then the count of other unreadable
       * dates or nothing. */
      return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record "
                                        "%s): its 12 after 上午 (早上, 早晨) is noon to some who write it and "
                                        "midnight to others; write 中午12点 for noon or 凌晨12点 for midnight "
                                        "(or 12:00, 00:00)%s",
                                        "%llu dates in column “%s” could not be read and count as none "
                                        "(records %s): their 12 after 上午 (早上, 早晨) is noon to some who "
                                        "write it and midnight to others; write 中午12点 for noon or 凌晨12点 "
                                        "for midnight (or 12:00, 00:00)%s",
                                        (gulong) n),
                              (unsigned long long) n, column, lead_ids, tail);
    case PR_DATE_DOUBT_WEEKDAY:
      /* Translators: the count, the column, the first records' ids, then the count of other unreadable
       * dates or nothing. */
      return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): "
                                        "its weekday (星期一, 周一) is not its date's, so one of them is wrong; "
                                        "correct the date or the weekday%s",
                                        "%llu dates in column “%s” could not be read and count as none (records %s): "
                                        "their weekdays (星期一, 周一) are not their dates', so one of each is "
                                        "wrong; correct the dates or the weekdays%s",
                                        (gulong) n),
                              (unsigned long long) n, column, lead_ids, tail);
    case PR_DATE_DOUBT_LUNAR:
      /* Translators: the count, the column, the first records' ids, then the count of other unreadable
       * dates or nothing. */
      return g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s): "
                                        "it is a day of the lunar calendar (农历, 正月初一), which is not converted; "
                                        "write the Gregorian date (公历, 2024年2月10日), with the lunar day after it "
                                        "in brackets if wanted (2024年2月10日（农历正月初一）)%s",
                                        "%llu dates in column “%s” could not be read and count as none (records %s): "
                                        "they are days of the lunar calendar (农历, 正月初一), which are not "
                                        "converted; write the Gregorian dates (公历, 2024年2月10日), with the lunar "
                                        "days after them in brackets if wanted (2024年2月10日（农历正月初一）)%s",
                                        (gulong) n),
                              (unsigned long long) n, column, lead_ids, tail);
    case PR_DATE_DOUBT_NONE:
    case PR_DATE_N_DOUBTS:
      break;
    }
  /* The others lead, with the advice for them; each reason with advice
   * of its own follows. */
  if (order_given)
    /* Translators: the count, the column, then the first records' ids. */
    line = g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s); "
                                      "correct it in the table",
                                      "%llu dates in column “%s” could not be read and count as none (records %s); "
                                      "correct them in the table",
                                      (gulong) n),
                            (unsigned long long) n, column, lead_ids);
  else
    /* Translators: the count, the column, then the first records' ids. */
    line = g_strdup_printf (ngettext ("%llu date in column “%s” could not be read and counts as none (record %s); "
                                      "correct it, or give --date-format for day-first or month-first dates",
                                      "%llu dates in column “%s” could not be read and count as none (records %s); "
                                      "correct them, or give --date-format for day-first or month-first dates",
                                      (gulong) n),
                            (unsigned long long) n, column, lead_ids);
  return g_strconcat (line, tail, NULL);
}

/**
 * pr_cli_print_unreadable_dates:
 * @set: the records read
 * @options: the flags, with --date or not
 *
 * Prints pr_cli_unreadable_dates_text () on standard error, if any: every
 * command that reads a date column says so, not scan alone.
 */
void
pr_cli_print_unreadable_dates (const PrRecordSet         *set,
                               const PrCliMappingOptions *options)
{
  g_autofree char *unreadable = NULL;

  if (options->date == NULL)
    return;
  unreadable = pr_cli_unreadable_dates_text (set, options->date, options->date_format != NULL);
  if (unreadable != NULL)
    fprintf (stderr, "%s\n", unreadable);
  /* Numbers read as dates: said, with what they were taken for. */
  if (set->n_dates_from_numbers > 0)
    fprintf (stderr,
             set->dates_numbers_kind == PR_DATE_NUMBERS_EXCEL
               ? _("Note: every date in column “%s” is a number, read as Excel's day numbers of its 1900 date "
                   "system (43624 is 8 June 2019); if the workbook uses the 1904 date system (older Mac Excel), "
                   "they read four years and a day early: format the column as dates and save the file again\n")
               : set->dates_numbers_kind == PR_DATE_NUMBERS_DATE_HOUR
                   ? _("Note: every date in column “%s” is a 10-digit number, read as a date and hour written "
                       "YYYYMMDDHH (2019060817 is 8 June 2019, 17:00): as Unix time they would be after today\n")
               : set->dates_numbers_kind == PR_DATE_NUMBERS_UNIX
                   ? _("Note: every date in column “%s” is a number, read as Unix time in seconds, on China "
                       "Standard Time (+08:00)\n")
                   : _("Note: every date in column “%s” is a number, read as Unix time in milliseconds, on "
                       "China Standard Time (+08:00)\n"), options->date);
  /* Where the zone matters, the assumption is said, not made silently. */
  if (set->n_dates_taken_as_office > 0)
    fprintf (stderr, ngettext ("Note: %llu date in column “%s” gives no offset and is taken as China Standard Time "
                               "(+08:00), the offset its other dates give; if it is in another zone, give it its "
                               "offset\n",
                               "Note: %llu dates in column “%s” give no offset and are taken as China Standard Time "
                               "(+08:00), the offset its other dates give; if they are in another zone, give them "
                               "their offset\n", (gulong) set->n_dates_taken_as_office),
             (unsigned long long) set->n_dates_taken_as_office, options->date);
}
