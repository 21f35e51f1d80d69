/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The date column of a table, read record by record: the dates that could
 * not be read are counted and the first few named, a day-first or
 * month-first date without an order stops the load, as does one that only
 * the other order reads (the order given is likely wrong), and dates with and
 * without an offset are put on one scale.
 *
 * Dates compare as wall time in the office's zone. An office's system
 * writes its dates in its own zone: those without an offset, and those
 * with the office's offset (+08:00), are all wall times of that zone and
 * ordered as written, offset or not. When the offsets differ (an export
 * that mixes zones), or the one offset is another (every date in UTC), the
 * dates are instants, put on the office's clock (+08:00), whose days the
 * rules count; a date without an
 * offset among them could be in any zone, so then the load refuses rather
 * than guess. So it does when the one offset is not the office's own
 * (+08:00): the dates without one are that zone's wall time.
 */
#define G_LOG_DOMAIN "pr-date-column"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "pr-date-column.h"
#include "pr-date-zone.h"
#include "pr-record-set.h"

struct _PrDateColumn {
  char        *name;
  PrDateOrder  order;
  PrAdvice     advice;
  const char  *position_name;  /* N_() */
  guint64      n_records;
  guint64      n_unreadable;
  guint64      n_serial;       /* of them, numbers such as Excel writes for a date cell saved as General */
  guint64      n_number_dates; /* of them, numbers that are a date of one kind or another (Excel's, Unix time) */
  guint64      n_roc;          /* of them, years of the Republic of China without 民国 (113/03/05) */
  /* Of them, by reason with advice of its own (a span of hours, 上午12点);
   * PR_DATE_DOUBT_NONE the others, which have none (day numbers, ROC
   * years, placeholders among them). Bare hours are none of these. */
  guint64      n_doubt[PR_DATE_N_DOUBTS];
  GPtrArray   *doubt_ids[PR_DATE_N_DOUBTS]; /* the first few of each */
  guint64      n_placeholder;  /* of them, dates systems write for none (9999-12-31, 1900-01-01) */
  GPtrArray   *unreadable_ids;
  GArray      *offsets;        /* int per record, once one date gives an offset */
  int          first_offset;
  char        *first_offset_id;
  char        *other_offset_id; /* the first whose offset differs */
  char        *naive_id;       /* the first without an offset */
  guint64      n_naive;        /* dates read without an offset */
  guint64      n_read;         /* dates read */
  gboolean     allow_unreadable; /* bad rows are skipped: most dates unreadable is not refused */
  gboolean     skippable;      /* the caller can skip bad rows: a refusal names the way */
  GPtrArray   *samples;        /* the first few unreadable texts, for messages */
  PrDateNumbers numbers_kind;  /* what every unreadable date so far is as a number */
  GArray      *numbers;        /* NumberDate, while no date was read and all are numbers of one kind */
  guint64      n_zero;         /* of the unreadable dates, 0 or -1 (what a column of Unix times holds for none) */
  GPtrArray   *zero_ids;       /* the first few of them */
  char        *cst_id;         /* the first read with CST (China Standard Time) */
  char        *us_id;          /* the first naming a zone of the United States */
  char        *central_id;     /* the first at the United States' Central offsets (-06:00, -05:00) */
  guint64      n_from_numbers; /* dates read from numbers, at the finish */
  guint64      n_date_hour;    /* of the numbers, those that are also a YYYYMMDDHH */
  gint64       latest_unix;    /* the latest instant the numbers are as Unix time, in true UTC */
  char        *latest_unix_text;
  gint64       now;            /* today, as Unix seconds, for the numbers' rule; 0: the real time */
  guint64      n_day_part;     /* dates whose time says its part of the day (下午3点, 5:31 PM) */
  guint64      n_24_hour;      /* dates with an hour 0 or 13 to 23 and no day part: the column's clock is 24-hour */
  GArray      *bare_bits;      /* guint64 words, a bit per record: an hour 1 to 12 and no day part; NULL until one */
  guint64      n_bare;         /* bits set */
  guint64      n_unmarked;     /* dates with an hour 1 to 12 and no day part, whatever the column's clock */
  guint64      n_bare_refused; /* of the unreadable dates, such hours in a column that writes the day part */
  GPtrArray   *bare_ids;       /* the first few of them */
  GPtrArray   *bare_texts;     /* the same */
  gboolean     numbers_refused; /* the whole column is not all numbers: none is read as a date */
};

/* A record's date given as a number, and that number as a date. */
typedef struct {
  guint64 index;
  gint64  seconds;
  gint64  date_hour;  /* the number read as YYYYMMDDHH, or PR_DATE_NONE */
} NumberDate;

/**
 * pr_date_column_new:
 * @name: the column's name, for messages
 * @order: how to read a date whose year comes last
 * @position_name: how messages name a row's position ("line", "row"),
 *   marked with N_()
 */
PrDateColumn *
pr_date_column_new (const char  *name,
                    PrDateOrder  order,
                    const char  *position_name)
{
  PrDateColumn *self = g_new0 (PrDateColumn, 1);

  self->name = g_strdup (name);
  self->order = order;
  self->position_name = position_name;
  self->unreadable_ids = g_ptr_array_new_with_free_func (g_free);
  self->samples = g_ptr_array_new_with_free_func (g_free);
  self->zero_ids = g_ptr_array_new_with_free_func (g_free);
  self->bare_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < PR_DATE_N_DOUBTS; i++)
    self->doubt_ids[i] = g_ptr_array_new_with_free_func (g_free);
  self->bare_texts = g_ptr_array_new_with_free_func (g_free);
  self->first_offset = PR_DATE_NO_OFFSET;
  return self;
}

/* How a refusal says to give the order: PR_ADVICE_FLAGS (the default),
 * --date-format; PR_ADVICE_CONTROLS, the mapping page's date order. */
void
pr_date_column_set_advice (PrDateColumn *self,
                           PrAdvice      advice)
{
  self->advice = advice;
}

void
pr_date_column_free (PrDateColumn *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_clear_pointer (&self->unreadable_ids, g_ptr_array_unref);
  g_clear_pointer (&self->samples, g_ptr_array_unref);
  g_clear_pointer (&self->zero_ids, g_ptr_array_unref);
  g_free (self->cst_id);
  g_free (self->us_id);
  g_free (self->central_id);
  g_clear_pointer (&self->bare_bits, g_array_unref);
  g_clear_pointer (&self->bare_ids, g_ptr_array_unref);
  for (guint i = 0; i < PR_DATE_N_DOUBTS; i++)
    g_clear_pointer (&self->doubt_ids[i], g_ptr_array_unref);
  g_clear_pointer (&self->bare_texts, g_ptr_array_unref);
  g_clear_pointer (&self->numbers, g_array_unref);
  g_clear_pointer (&self->offsets, g_array_unref);
  g_free (self->first_offset_id);
  g_free (self->other_offset_id);
  g_free (self->naive_id);
  g_free (self->latest_unix_text);
  g_free (self);
}

/**
 * pr_date_column_set_now:
 * @self: a date column
 * @now: the time of the load, as Unix seconds; 0 for the real time
 *
 * No petition is dated after the load: a column of numbers that as Unix
 * time would be after @now is not Unix time. The caller passes the real
 * time; a test passes its own, to try each side of the rule.
 */
void
pr_date_column_set_now (PrDateColumn *self,
                        gint64        now)
{
  self->now = now;
}

/**
 * pr_date_column_set_allow_unreadable:
 * @self: a date column
 * @allow: whether a column of mostly unreadable dates is read on (bad rows
 *   are skipped), rather than refused
 */
void
pr_date_column_set_allow_unreadable (PrDateColumn *self,
                                     gboolean      allow)
{
  self->allow_unreadable = allow;
}

/**
 * pr_date_column_set_skippable:
 * @self: a date column
 * @skippable: whether the caller could skip bad rows (--skip-bad-rows),
 *   which a refusal of mostly unreadable dates then names
 */
void
pr_date_column_set_skippable (PrDateColumn *self,
                              gboolean      skippable)
{
  self->skippable = skippable;
}

/* Keeps @text among the few unreadable texts a message shows, unless one
 * of them is the same: a column of one form repeats a value (a day's
 * records), and three of it say no more than one. */
static void
add_sample (PrDateColumn *self,
            const char   *text)
{
  if (self->samples->len >= 3)
    return;
  for (guint i = 0; i < self->samples->len; i++)
    if (strcmp (self->samples->pdata[i], text) == 0)
      return;
  g_ptr_array_add (self->samples, g_strdup (text));
}

/* 10 digits as YYYYMMDDHH (2019060817 is 8 June 2019, 17:00), the
 * office's wall time, or PR_DATE_NONE if they are no such hour. */
static gint64
read_date_hour (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  g_autoptr(GDateTime) dt = NULL;
  guint64 value;
  guint year, month, day, hour;

  if (strlen (stripped) != 10 || strspn (stripped, "0123456789") != 10 ||
      !g_ascii_string_to_unsigned (stripped, 10, 0, G_MAXUINT64, &value, NULL))
    return PR_DATE_NONE;
  year = value / 1000000;
  month = value / 10000 % 100;
  day = value / 100 % 100;
  hour = value % 100;
  /* Years as pr_date_read () takes them (placeholders aside). */
  if (year < 1901 || year > 2199 || hour > 23 || !g_date_valid_dmy (day, month, year))
    return PR_DATE_NONE;
  dt = g_date_time_new_utc (year, month, day, hour, 0, 0);
  return dt != NULL ? g_date_time_to_unix (dt) : PR_DATE_NONE;
}

/* 5 digits from 20000 to 80000, perhaps with a fraction of a day: Excel's
 * day numbers from 1954 to 2119 (43624 is 8 June 2019). 9 or 10 digits,
 * perhaps with a fraction: Unix seconds, 13: milliseconds, from 2000 to
 * 2100. Each is a wall time
 * on the office's clock: Excel's days have no zone, Unix time is UTC. */
static PrDateNumbers
read_number_date (const char *text,
                  gint64     *out_seconds)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  gsize digits = strspn (stripped, "0123456789");
  guint64 value;

  if (digits == 5 && (stripped[5] == '\0' || (stripped[5] == '.' && stripped[6] != '\0' &&
                                              strspn (stripped + 6, "0123456789") == strlen (stripped + 6))))
    {
      char *end = NULL;
      double days = g_ascii_strtod (stripped, &end);

      if (days < 20000 || days > 80000)
        return PR_DATE_NUMBERS_NONE;
      /* 25569 is 1970-01-01 in Excel's count. */
      *out_seconds = (gint64) ((days - 25569) * 86400 + 0.5);
      return PR_DATE_NUMBERS_EXCEL;
    }
  /* Unix seconds with a fraction (1559986280.123), as a program's
   * timestamp prints them: the second they fall in. */
  if ((digits == 9 || digits == 10) && stripped[digits] == '.' && stripped[digits + 1] != '\0' &&
      strspn (stripped + digits + 1, "0123456789") == strlen (stripped + digits + 1))
    stripped[digits] = '\0';
  if (stripped[digits] != '\0' || !g_ascii_string_to_unsigned (stripped, 10, 0, G_MAXUINT64, &value, NULL))
    return PR_DATE_NUMBERS_NONE;
  if ((digits == 9 || digits == 10) && value >= G_GUINT64_CONSTANT (946684800) &&
      value < G_GUINT64_CONSTANT (4102444800))
    {
      *out_seconds = (gint64) value + PR_DATE_COLUMN_OFFICE_OFFSET;
      return PR_DATE_NUMBERS_UNIX;
    }
  if (digits == 13 && value / 1000 >= G_GUINT64_CONSTANT (946684800) && value / 1000 < G_GUINT64_CONSTANT (4102444800))
    {
      *out_seconds = (gint64) (value / 1000) + PR_DATE_COLUMN_OFFICE_OFFSET;
      return PR_DATE_NUMBERS_UNIX_MS;
    }
  return PR_DATE_NUMBERS_NONE;
}

static gboolean
is_blank (const char *text)
{
  for (; text != NULL && *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

/**
 * pr_date_column_add:
 * @text: (nullable): the record's date as text; %NULL or blank for none
 * @id: the record's id
 * @position: where the record is, for messages
 * @out_seconds: (out): the date, or %PR_DATE_NONE
 *
 * Returns: %FALSE for a day-first or month-first date when no order was
 *   given, with @error saying to give one, and for one that only the
 *   other order reads (13/06/2019 with month first), with @error naming it
 */
gboolean
pr_date_column_add (PrDateColumn  *self,
                    const char    *text,
                    const char    *id,
                    guint64        position,
                    gint64        *out_seconds,
                    GError       **error)
{
  int offset = PR_DATE_NO_OFFSET;
  PrDateStatus status = PR_DATE_UNREADABLE;
  PrDateClock clock = PR_DATE_CLOCK_24;
  gboolean placeholder = FALSE;

  *out_seconds = PR_DATE_NONE;
  if (!is_blank (text))
    status = pr_date_read_clock (text, self->order, out_seconds, &offset, &clock);
  /* Whether 3点 is 03:00 or 15:00 the column tells at its end (see
   * unmark_bare_hours ()). */
  if (status == PR_DATE_OK && clock == PR_DATE_CLOCK_DAY_PART)
    self->n_day_part++;
  else if (status == PR_DATE_OK && clock == PR_DATE_CLOCK_24_HOUR)
    {
      /* The column's unmarked hours are on a 24-hour clock: none will be
       * refused, and their bits are let go. */
      self->n_24_hour++;
      g_clear_pointer (&self->bare_bits, g_array_unref);
    }
  if (status == PR_DATE_OK && clock == PR_DATE_CLOCK_BARE_12)
    self->n_unmarked++;
  if (status == PR_DATE_OK && clock == PR_DATE_CLOCK_BARE_12 && self->n_24_hour == 0)
    {
      /* A bit a record, not an index: 3 million records of a 24-hour
       * column that has not yet shown 13 to 23 cost 375 kB, not 24 MB. */
      guint word = (guint) (self->n_records / 64);

      if (self->bare_bits == NULL)
        self->bare_bits = g_array_new (FALSE, TRUE, sizeof (guint64));
      if (self->bare_bits->len <= word)
        g_array_set_size (self->bare_bits, MAX (word + 1, self->bare_bits->len * 2));
      g_array_index (self->bare_bits, guint64, word) |= G_GUINT64_CONSTANT (1) << (self->n_records % 64);
      self->n_bare++;
      if (self->bare_ids->len < PR_DATE_COLUMN_MAX_NAMED)
        {
          g_ptr_array_add (self->bare_ids, g_strdup (id));
          g_ptr_array_add (self->bare_texts, g_strstrip (g_strdup (text)));
        }
    }
  /* 9999-12-31: counted as unreadable, and said to be a placeholder. */
  if (status == PR_DATE_PLACEHOLDER)
    {
      status = PR_DATE_UNREADABLE;
      placeholder = TRUE;
    }

  if (status == PR_DATE_AMBIGUOUS && self->advice == PR_ADVICE_CONTROLS)
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("%s %llu: the date “%s” in column “%s” may be day-first or month-first; choose "
                     "Day-month-year or Month-day-year beside the date column"),
                   _(self->position_name), (unsigned long long) position, text, self->name);
      return FALSE;
    }
  if (status == PR_DATE_AMBIGUOUS)
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("%s %llu: the date “%s” in column “%s” may be day-first or month-first; give "
                     "--date-format DMY (day first) or --date-format MDY (month first)"),
                   _(self->position_name), (unsigned long long) position, text, self->name);
      return FALSE;
    }
  if (status == PR_DATE_UNREADABLE && !placeholder && !is_blank (text) &&
      (self->order == PR_DATE_ORDER_DMY || self->order == PR_DATE_ORDER_MDY))
    {
      /* A date the order given cannot read (month 13) but the other one
       * can: the order is likely wrong, and the dates it did read would
       * have day and month swapped, silently. */
      gint64 other_seconds;
      int other_offset;
      gboolean dmy = self->order == PR_DATE_ORDER_DMY;

      if (pr_date_read (text, dmy ? PR_DATE_ORDER_MDY : PR_DATE_ORDER_DMY, &other_seconds, &other_offset) ==
          PR_DATE_OK)
        {
          if (self->advice == PR_ADVICE_CONTROLS)
            g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                         dmy ? _("%s %llu: the date “%s” in column “%s” cannot be day-first, as the date order "
                                 "chosen says, but reads month-first: if the column is month-first, choose "
                                 "Month-day-year beside the date column; else correct the date")
                             : _("%s %llu: the date “%s” in column “%s” cannot be month-first, as the date order "
                                 "chosen says, but reads day-first: if the column is day-first, choose "
                                 "Day-month-year beside the date column; else correct the date"),
                         _(self->position_name), (unsigned long long) position, text, self->name);
          else
            g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                         dmy ? _("%s %llu: the date “%s” in column “%s” cannot be day-first, as --date-format "
                                 "DMY says, but reads month-first: if the column is month-first, give "
                                 "--date-format MDY; else correct the date")
                             : _("%s %llu: the date “%s” in column “%s” cannot be month-first, as --date-format "
                                 "MDY says, but reads day-first: if the column is day-first, give "
                                 "--date-format DMY; else correct the date"),
                         _(self->position_name), (unsigned long long) position, text, self->name);
          return FALSE;
        }
    }
  if (status == PR_DATE_UNREADABLE && !is_blank (text) && pr_date_has_short_year (text))
    {
      /* 08/06/19: 1919 or 2019, and which part is the year? Never guessed. */
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("%s %llu: the date “%s” in column “%s” has a two-digit year, which could be of any century "
                     "and stand first or last; write the years with four digits (export the column again with "
                     "four-digit years)"),
                   _(self->position_name), (unsigned long long) position, text, self->name);
      return FALSE;
    }
  if (status != PR_DATE_OK)
    {
      *out_seconds = PR_DATE_NONE;
      if (!is_blank (text))
        {
          g_autofree char *stripped = g_strstrip (g_strdup (text));
          guint64 serial = 0;
          gint64 number_seconds = 0;
          PrDateNumbers kind = read_number_date (text, &number_seconds);
          PrDateDoubt doubt = PR_DATE_DOUBT_NONE;

          add_sample (self, stripped);
          /* 0 and -1 are no date among Unix times (a column whose default
           * is 0, or a program's "unknown"), not a sign that the numbers
           * are something else; never 1970 or the last second of 1969.
           * Other negative numbers are dates before 1970, read as no
           * petition's date: the column is refused as any other. */
          if (strspn (stripped, "0") == strlen (stripped) || strcmp (stripped, "-1") == 0)
            {
              if (self->zero_ids->len < PR_DATE_COLUMN_MAX_NAMED)
                g_ptr_array_add (self->zero_ids, g_strdup (id));
              self->n_zero++;
            }
          else if (kind == PR_DATE_NUMBERS_NONE || (self->numbers_kind != PR_DATE_NUMBERS_NONE && kind != self->numbers_kind))
            {
              self->numbers_kind = PR_DATE_NUMBERS_MIXED;
              g_clear_pointer (&self->numbers, g_array_unref);
            }
          else if (self->numbers_kind != PR_DATE_NUMBERS_MIXED && self->n_read == 0)
            {
              NumberDate date = { self->n_records, number_seconds, read_date_hour (text) };
              /* The instant the number is as Unix time (not yet on the office's clock). */
              gint64 instant = number_seconds - PR_DATE_COLUMN_OFFICE_OFFSET;

              if (date.date_hour != PR_DATE_NONE)
                self->n_date_hour++;
              if (self->latest_unix_text == NULL || instant > self->latest_unix)
                {
                  self->latest_unix = instant;
                  g_free (self->latest_unix_text);
                  self->latest_unix_text = g_strdup (stripped);
                }
              self->numbers_kind = kind;
              if (self->numbers == NULL)
                self->numbers = g_array_new (FALSE, FALSE, sizeof (NumberDate));
              g_array_append_val (self->numbers, date);
            }

          if (self->unreadable_ids->len < PR_DATE_COLUMN_MAX_NAMED)
            g_ptr_array_add (self->unreadable_ids, g_strdup (id));
          self->n_unreadable++;
          if (kind != PR_DATE_NUMBERS_NONE)
            self->n_number_dates++;
          /* 20000 to 80000: Excel's day numbers from 1954 to 2119. */
          if (placeholder)
            self->n_placeholder++;
          else if (strlen (stripped) == 5 && g_ascii_string_to_unsigned (stripped, 10, 20000, 80000, &serial, NULL))
            self->n_serial++;
          else if (pr_date_has_roc_year (stripped))
            self->n_roc++;
          else
            doubt = pr_date_doubt (stripped, self->order);
          if (self->doubt_ids[doubt]->len < PR_DATE_COLUMN_MAX_NAMED)
            g_ptr_array_add (self->doubt_ids[doubt], g_strdup (id));
          self->n_doubt[doubt]++;
        }
    }
  else if (offset == PR_DATE_NO_OFFSET)
    {
      if (self->naive_id == NULL)
        self->naive_id = g_strdup (id);
      self->n_naive++;
    }
  else
    {
      if (self->offsets == NULL)
        {
          int none = PR_DATE_NO_OFFSET;

          self->offsets = g_array_sized_new (FALSE, FALSE, sizeof (int), self->n_records + 1);
          for (guint64 i = 0; i < self->n_records; i++)
            g_array_append_val (self->offsets, none);
          self->first_offset = offset;
          self->first_offset_id = g_strdup (id);
        }
      else if (offset != self->first_offset && self->other_offset_id == NULL)
        self->other_offset_id = g_strdup (id);
    }

  if (status == PR_DATE_OK)
    self->n_read++;
  if (status == PR_DATE_OK && self->cst_id == NULL && pr_date_zone_says_cst (text))
    self->cst_id = g_strdup (id);
  if (self->us_id == NULL && pr_date_zone_says_us (text))
    self->us_id = g_strdup (id);
  if (status == PR_DATE_OK && self->central_id == NULL && (offset == -6 * 3600 || offset == -5 * 3600))
    self->central_id = g_strdup (id);
  if (self->offsets != NULL)
    g_array_append_val (self->offsets, offset);
  self->n_records++;
  return TRUE;
}

static char *
format_offset (int offset)
{
  return g_strdup_printf ("%c%02d:%02d", offset < 0 ? '-' : '+', ABS (offset) / 3600, ABS (offset) % 3600 / 60);
}

/* Whether the dates are all numbers of one kind, none read as a date,
 * and the whole column, when these are a few rows of it, is so too. */
static gboolean
reads_numbers (const PrDateColumn *self)
{
  return !self->numbers_refused && self->n_read == 0 && self->numbers != NULL &&
         self->numbers->len + self->n_zero == self->n_unreadable && self->numbers_kind != PR_DATE_NUMBERS_MIXED;
}

/* A column that writes the part of the day (下午3点, 5:31 PM) and never
 * an hour 0 or 13 to 23 without it keeps a 12-hour clock: there an hour
 * from 1 to 12 without it (3点, 5:31) may be the morning's or the
 * afternoon's, and is unreadable, counted and named, never taken as the
 * morning. A column that writes 15点 or 0:30 somewhere keeps a 24-hour
 * clock for its unmarked hours, and a column that never writes the part
 * of the day keeps one too: there 3点 is 03:00. Forms only a 24-hour
 * clock writes (T, an offset, 09:15:00) are never bare hours. */
static void
unmark_bare_hours (PrDateColumn *self,
                   gint64       *dates)
{
  if (self->n_day_part == 0 || self->n_24_hour > 0 || self->n_bare == 0)
    return;
  for (guint w = 0; w < self->bare_bits->len; w++)
    for (guint64 bits = g_array_index (self->bare_bits, guint64, w); bits != 0; bits &= bits - 1)
      dates[(guint64) w * 64 + (guint) __builtin_ctzll (bits)] = PR_DATE_NONE;
  self->n_read -= self->n_bare;
  self->n_unreadable += self->n_bare;
  self->n_bare_refused = self->n_bare;
  for (guint i = 0; i < self->bare_ids->len; i++)
    {
      if (self->unreadable_ids->len < PR_DATE_COLUMN_MAX_NAMED)
        g_ptr_array_add (self->unreadable_ids, g_strdup (self->bare_ids->pdata[i]));
      add_sample (self, self->bare_texts->pdata[i]);
    }
  g_clear_pointer (&self->bare_bits, g_array_unref);
  self->n_bare = 0;
}

/**
 * pr_date_column_get_bare_hour_ids:
 * @self: a #PrDateColumn, finished
 *
 * Returns: (transfer full) (element-type utf8): the ids of the first few
 *   records of pr_date_column_get_n_bare_hours (), none if it is 0
 */
GPtrArray *
pr_date_column_get_bare_hour_ids (const PrDateColumn *self)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; self->n_bare_refused > 0 && i < self->bare_ids->len; i++)
    g_ptr_array_add (ids, g_strdup (self->bare_ids->pdata[i]));
  return ids;
}

/**
 * pr_date_column_get_n_unmarked_hours:
 * @self: a #PrDateColumn
 *
 * Returns: how many dates added have an hour from 1 to 12 without its part
 *   of the day (3点, 9:15), which the column's clock reads
 */
guint64
pr_date_column_get_n_unmarked_hours (const PrDateColumn *self)
{
  return self->n_unmarked;
}

/**
 * pr_date_column_get_clock_evidence:
 * @self: a #PrDateColumn
 *
 * Returns: what the dates added so far show of the column's clock
 */
PrDateClockEvidence
pr_date_column_get_clock_evidence (const PrDateColumn *self)
{
  return (self->n_day_part > 0 ? PR_DATE_CLOCK_EVIDENCE_DAY_PART : 0) |
         (self->n_24_hour > 0 ? PR_DATE_CLOCK_EVIDENCE_24_HOUR : 0) |
         (reads_numbers (self) ? 0 : PR_DATE_CLOCK_EVIDENCE_NOT_NUMBERS);
}

/**
 * pr_date_column_add_clock_evidence:
 * @self: a #PrDateColumn
 * @evidence: what the whole column shows of its clock
 *
 * Reads the unmarked hours of the dates added (before or after) as a
 * column showing @evidence would: a few rows chosen from a table are
 * judged by the table's column, not by themselves alone.
 */
void
pr_date_column_add_clock_evidence (PrDateColumn        *self,
                                   PrDateClockEvidence  evidence)
{
  if (evidence & PR_DATE_CLOCK_EVIDENCE_DAY_PART)
    self->n_day_part++;
  if (evidence & PR_DATE_CLOCK_EVIDENCE_24_HOUR)
    {
      self->n_24_hour++;
      g_clear_pointer (&self->bare_bits, g_array_unref);
    }
  /* A few rows all numbers, in a column of written dates: the scan read
   * them as none, and so do they. */
  if (evidence & PR_DATE_CLOCK_EVIDENCE_NOT_NUMBERS)
    self->numbers_refused = TRUE;
}

/**
 * pr_date_column_get_n_bare_hours:
 * @self: a date column, after pr_date_column_finish ()
 *
 * Returns: how many of the dates that could not be read have an hour from
 *   1 to 12 without 上午/下午 (AM/PM) in a column that writes them elsewhere
 */
guint64
pr_date_column_get_n_bare_hours (const PrDateColumn *self)
{
  return self->n_bare_refused;
}

/**
 * pr_date_column_finish:
 * @dates: the dates pr_date_column_add () gave, one per record, in order
 * @n_dates: how many
 * @out_n_unreadable: (out): the dates that could not be read
 * @out_unreadable_ids: (out) (transfer full): the ids of the first
 *   %PR_DATE_COLUMN_MAX_NAMED of them
 *
 * Puts the dates on one scale (see above).
 *
 * Returns: %FALSE if dates with differing offsets and dates without one
 *   are mixed, which cannot be ordered
 */
/**
 * pr_date_column_get_n_serial:
 * @self: a date column
 *
 * Returns: how many of the dates that could not be read are day numbers
 *   such as Excel saves for a date cell formatted as General (43624 for
 *   8 June 2019)
 */
guint64
pr_date_column_get_n_serial (const PrDateColumn *self)
{
  return self->n_serial;
}

/**
 * pr_date_column_get_n_roc:
 * @self: a date column
 *
 * Returns: how many of the dates that could not be read have a year of
 *   the Republic of China without its prefix (113/03/05)
 */
guint64
pr_date_column_get_n_roc (const PrDateColumn *self)
{
  return self->n_roc;
}

/* Returns: how many of the unreadable dates name no one instant for
 * @doubt (spans of hours, 上午12点); for %PR_DATE_DOUBT_NONE, how many
 * are neither such dates nor bare hours */
guint64
pr_date_column_get_n_doubts (const PrDateColumn *self,
                             PrDateDoubt         doubt)
{
  return self->n_doubt[doubt];
}

/* Returns: (transfer full) (element-type utf8): the ids of the first few
 * dates of @doubt (pr_date_column_get_n_doubts ()) */
GPtrArray *
pr_date_column_get_doubt_ids (const PrDateColumn *self,
                              PrDateDoubt         doubt)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->doubt_ids[doubt]->len; i++)
    g_ptr_array_add (ids, g_strdup (self->doubt_ids[doubt]->pdata[i]));
  return ids;
}

/**
 * pr_date_column_get_n_placeholder:
 * @self: a date column
 *
 * Returns: how many of the dates that could not be read are dates that
 *   systems write for none, before 1901 or from 2200 on (9999-12-31,
 *   1900-01-01)
 */
guint64
pr_date_column_get_n_placeholder (const PrDateColumn *self)
{
  return self->n_placeholder;
}

/**
 * pr_date_column_get_n_from_numbers:
 * @self: a date column, after pr_date_column_finish ()
 * @out_kind: (out) (optional): what the numbers were
 *
 * Returns: how many dates were read from numbers (Excel's day numbers,
 *   Unix time), which happens only when every date of the column is one
 */
guint64
pr_date_column_get_n_from_numbers (const PrDateColumn *self,
                                   PrDateNumbers      *out_kind)
{
  if (out_kind != NULL)
    *out_kind = self->n_from_numbers > 0 ? self->numbers_kind : PR_DATE_NUMBERS_NONE;
  return self->n_from_numbers;
}

/**
 * pr_date_column_get_n_taken_as_office:
 * @self: a date column, after pr_date_column_finish ()
 *
 * Where the zone matters, a column whose other dates give the office's
 * offset (+08:00), the dates without one are taken as that zone's wall
 * time: this says how many, for the program to say so.
 *
 * Returns: how many dates were so taken; 0 if no date gives an offset
 */
guint64
pr_date_column_get_n_taken_as_office (const PrDateColumn *self)
{
  if (self->offsets == NULL || self->other_offset_id != NULL || self->first_offset != PR_DATE_COLUMN_OFFICE_OFFSET)
    return 0;
  return self->n_naive;
}

static char *
format_utc (gint64 seconds)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (seconds);

  return when != NULL ? g_date_time_format (when, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

/* A column of numbers that read as Unix time: no petition is dated after
 * today, so a number that would be is not Unix time. When every number is
 * also a YYYYMMDDHH (2019060817, which as seconds is in 2033), the column
 * is read so (@out_date_hour); when some are and yet the column reads as
 * Unix time of the past, or a number is after today and no YYYYMMDDHH, the
 * column is refused, naming the readings. */
static gboolean
unix_numbers_plausible (PrDateColumn  *self,
                        gboolean      *out_date_hour,
                        GError       **error)
{
  /* A day's slack for clocks and zones. */
  gint64 now = (self->now != 0 ? self->now : g_get_real_time () / G_USEC_PER_SEC) + 86400;
  gboolean all_date_hour = self->numbers_kind == PR_DATE_NUMBERS_UNIX && self->n_date_hour == self->numbers->len;
  g_autofree char *as_unix = format_utc (self->latest_unix + PR_DATE_COLUMN_OFFICE_OFFSET);

  *out_date_hour = FALSE;
  if (all_date_hour && self->latest_unix > now)
    {
      *out_date_hour = TRUE;
      return TRUE;
    }
  if (all_date_hour)
    {
      g_autofree char *as_hour = format_utc (read_date_hour (self->latest_unix_text));

      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("every date in column “%s” is a 10-digit number that could be Unix time or a date and hour "
                     "written YYYYMMDDHH (“%s” is %s as Unix time on China Standard Time, %s as YYYYMMDDHH), "
                     "which is not guessed; write the dates in the column as dates (2019-06-08 17:00)"),
                   self->name, self->latest_unix_text, as_unix, as_hour);
      return FALSE;
    }
  if (self->latest_unix > now)
    {
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("every date in column “%s” is a number, as Unix time, but “%s” would be %s, after today, "
                     "so they are not Unix time; write the dates in the column as dates (2019-06-08 17:00)"),
                   self->name, self->latest_unix_text, as_unix);
      return FALSE;
    }
  return TRUE;
}

gboolean
pr_date_column_finish (PrDateColumn  *self,
                       gint64        *dates,
                       gsize          n_dates,
                       guint64       *out_n_unreadable,
                       GPtrArray    **out_unreadable_ids,
                       GError       **error)
{
  g_return_val_if_fail (n_dates == self->n_records, FALSE);

  unmark_bare_hours (self, dates);

  /* CST is China Standard Time in a Chinese office's column, and the
   * United States' Central Standard Time (-06:00) beside their zones, the
   * Central offsets (-06:00, or -05:00 in summer) or their month-first
   * dates: not guessed. */
  if (self->cst_id != NULL && (self->us_id != NULL || self->central_id != NULL || self->order == PR_DATE_ORDER_MDY))
    {
      if (self->us_id == NULL && self->central_id != NULL)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: the column, the record with CST, the record with the Central offset. */
                     _("column “%s” writes the zone CST (record %s), China Standard Time (+08:00), and an offset of "
                       "the United States' Central time (record %s, -06:00 or -05:00), beside which CST is their "
                       "Central Standard Time (-06:00); write the dates' offsets instead (+08:00 or -06:00)"),
                     self->name, self->cst_id, self->central_id);
      else if (self->us_id != NULL)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: the column, the record with CST, the record with the zone of the United States. */
                     _("column “%s” writes the zone CST (record %s), China Standard Time (+08:00), and a zone of "
                       "the United States (record %s), beside which CST is their Central Standard Time (-06:00); "
                       "write the dates' offsets instead (+08:00 or -06:00)"),
                     self->name, self->cst_id, self->us_id);
      else
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: the column, then the record with CST. */
                     _("column “%s” writes the zone CST (record %s), China Standard Time (+08:00), in month-first "
                       "dates as the United States writes them, where CST is Central Standard Time (-06:00); "
                       "write the dates' offsets instead (+08:00 or -06:00)"),
                     self->name, self->cst_id);
      return FALSE;
    }

  /* Every date a number of one kind, none read as a date: the column says
   * what they are (a guess only if some were dates). */
  if (reads_numbers (self))
    {
      gboolean date_hour = FALSE;

      if ((self->numbers_kind == PR_DATE_NUMBERS_UNIX || self->numbers_kind == PR_DATE_NUMBERS_UNIX_MS) &&
          !unix_numbers_plausible (self, &date_hour, error))
        return FALSE;
      if (date_hour)
        self->numbers_kind = PR_DATE_NUMBERS_DATE_HOUR;
      for (guint i = 0; i < self->numbers->len; i++)
        {
          NumberDate *date = &g_array_index (self->numbers, NumberDate, i);

          dates[date->index] = date_hour ? date->date_hour : date->seconds;
        }
      self->n_from_numbers = self->numbers->len;
      self->n_read = self->numbers->len;
      /* The zeros stay unreadable, counted and named. */
      self->n_unreadable = self->n_zero;
      self->n_serial = 0;
      self->n_number_dates = 0;
      self->n_roc = 0;
      self->n_placeholder = 0;
      for (guint i = 0; i < PR_DATE_N_DOUBTS; i++)
        {
          self->n_doubt[i] = 0;
          g_ptr_array_set_size (self->doubt_ids[i], 0);
        }
      g_ptr_array_set_size (self->unreadable_ids, 0);
      self->n_doubt[PR_DATE_DOUBT_NONE] = self->n_zero;
      for (guint i = 0; i < self->zero_ids->len; i++)
        {
          g_ptr_array_add (self->unreadable_ids, g_strdup (self->zero_ids->pdata[i]));
          g_ptr_array_add (self->doubt_ids[PR_DATE_DOUBT_NONE], g_strdup (self->zero_ids->pdata[i]));
        }
    }

  /* The case rules and time limits count days between dates: on a column
   * of mostly unreadable dates they would work on almost nothing, and the
   * earliest record would be a guess. More than half is refused, as the
   * sign of a format not read (two in a hundred is a few typing errors). */
  if (!self->allow_unreadable && self->n_unreadable > self->n_read)
    {
      g_autoptr(GString) samples = g_string_new (NULL);

      for (guint i = 0; i < self->samples->len; i++)
        g_string_append_printf (samples, "%s“%s”", i > 0 ? ", " : "", (char *) self->samples->pdata[i]);
      /* Excel writes a date cell formatted as General as its day number;
       * among dates they cannot be told from other numbers. */
      if (self->n_serial * 2 > self->n_unreadable)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s): they are day numbers as "
                       "Excel saves date cells formatted as General (43624 is 8 June 2019), among dates; format "
                       "the column as dates in Excel and save the file again"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      /* Numbers of two kinds (seconds and milliseconds, day numbers and
       * seconds): which is which is not guessed, and no date order helps. */
      else if (self->n_number_dates * 2 > self->n_unreadable && self->numbers_kind == PR_DATE_NUMBERS_MIXED)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s): they are numbers that "
                       "read as dates of different kinds (Excel's day numbers, Unix time in seconds or in "
                       "milliseconds), or beside dates written out, and which is which is not guessed; write "
                       "the column as dates (2019-06-08 17:31:20), or as numbers of one kind"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      /* 113/03/05: a date order would not read it, nor should it be
       * offered; the year is what is wrong. */
      else if (self->n_placeholder * 2 > self->n_unreadable)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s): they are before 1901, "
                       "after 2199 or the Unix epoch, placeholders that systems write for no date (9999-12-31, "
                       "1900-01-01, 1970-01-01 08:00:00), not a "
                       "petition's date; map the column that holds the records' real dates, or leave out the flag "
                       "that maps it (--date or --accepted)"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      else if (self->n_bare_refused * 2 > self->n_unreadable)
        {
          guint64 n_other = self->n_unreadable - self->n_bare_refused;
          g_autoptr(GString) bare = g_string_new (NULL);
          g_autofree char *other = NULL;

          /* Only the bare hours are named as such; the others are counted. */
          for (guint i = 0; i < self->bare_texts->len; i++)
            g_string_append_printf (bare, "%s“%s”", i > 0 ? ", " : "", (char *) self->bare_texts->pdata[i]);
          other = n_other == 0 ? g_strdup ("")
                               /* Translators: ends the message of bare hours; the count of the column's
                                * other unreadable dates. */
                               : g_strdup_printf (ngettext ("; %llu more cannot be read for other reasons",
                                                            "; %llu more cannot be read for other reasons",
                                                            (gulong) n_other),
                                                  (unsigned long long) n_other);
          g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                       /* Translators: count of bare hours, count of non-empty dates, column, examples, then
                        * the count of other unreadable dates or nothing. */
                       _("%llu of the %llu dates in column “%s” cannot be read (such as %s): their hour, from 1 to "
                         "12, has no 上午/下午 (AM/PM) in a column that writes them elsewhere, so it may be the "
                         "morning's or the afternoon's; add it (下午3点, 3:00 PM), or write the hour on a 24-hour "
                         "clock (15点, 15:00)%s"),
                       (unsigned long long) self->n_bare_refused,
                       (unsigned long long) (self->n_unreadable + self->n_read), self->name, bare->str, other);
        }
      else if (self->n_doubt[PR_DATE_DOUBT_LUNAR] * 2 > self->n_unreadable)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s): they are days of the "
                       "lunar calendar (农历, 正月初一), which are not converted; write the Gregorian dates (公历, "
                       "2024年2月10日), with the lunar day after each in brackets if wanted "
                       "(2024年2月10日（农历正月初一）), and read the file again"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      else if (self->n_roc * 2 > self->n_unreadable)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s): their years look like "
                       "years of the Republic of China (民国 113 is 2024) written without 民国, which are not "
                       "guessed; write the years as four-digit years (2024/03/05) or with 民国 "
                       "(民国113年3月5日), and read the file again"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      else if (self->advice == PR_ADVICE_CONTROLS)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s), so the case rules and "
                       "time limits would work on almost no dates: choose the date order beside the date column "
                       "if they are day-first or month-first, correct the column, or map no date column"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      else if (self->skippable)
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s), so the case rules and "
                       "time limits would work on almost no dates: give --date-format DMY or MDY if they are "
                       "day-first or month-first, correct the column, or leave out the flag that maps it (--date or "
                       "--accepted); with --skip-bad-rows they are read on as no date"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      else
        g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                     /* Translators: unreadable count, count of non-empty dates, column, then examples. */
                     _("%llu of the %llu dates in column “%s” cannot be read (such as %s), so the case rules and "
                       "time limits would work on almost no dates: give --date-format DMY or MDY if they are "
                       "day-first or month-first, correct the column, or leave out the flag that maps it (--date or "
                       "--accepted)"),
                     (unsigned long long) self->n_unreadable, (unsigned long long) (self->n_unreadable + self->n_read),
                     self->name, samples->str);
      return FALSE;
    }

  *out_n_unreadable = self->n_unreadable;
  *out_unreadable_ids = g_ptr_array_ref (self->unreadable_ids);

  /* Dates without an offset are the office's wall time, China Standard
   * Time (+08:00); one other offset among them (a UTC "Z" export merged
   * in) would be compared as if it were that zone, hours off. */
  if (self->other_offset_id == NULL && self->naive_id != NULL && self->offsets != NULL &&
      self->first_offset != PR_DATE_COLUMN_OFFICE_OFFSET)
    {
      g_autofree char *first = format_offset (self->first_offset);

      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("the dates in column “%s” give the offset %s (record %s) and some give none (record %s); "
                     "a date without an offset is read as China Standard Time (+08:00), so they cannot be put "
                     "in order; give every date its offset or none, or correct the column"),
                   self->name, first, self->first_offset_id, self->naive_id);
      g_clear_pointer (out_unreadable_ids, g_ptr_array_unref);
      return FALSE;
    }
  /* One offset, the office's (+08:00): wall times of its clock as they
   * stand. One other offset (every date a UTC "Z" export's): put on the
   * office's clock below too, or a letter of 07:00 in Beijing would count
   * from the day before. */
  if (self->other_offset_id == NULL && (self->offsets == NULL || self->first_offset == PR_DATE_COLUMN_OFFICE_OFFSET))
    return TRUE;

  if (self->other_offset_id != NULL && self->naive_id != NULL)
    {
      int other = g_array_index (self->offsets, int, 0);
      g_autofree char *first = format_offset (self->first_offset);
      g_autofree char *second = NULL;

      for (guint i = 0; i < self->offsets->len; i++)
        if (g_array_index (self->offsets, int, i) != PR_DATE_NO_OFFSET &&
            g_array_index (self->offsets, int, i) != self->first_offset)
          {
            other = g_array_index (self->offsets, int, i);
            break;
          }
      second = format_offset (other);
      g_set_error (error, PR_RECORD_SET_ERROR, PR_RECORD_SET_ERROR_DATE,
                   _("the dates in column “%s” are in different zones (record %s at %s, record %s at %s) and "
                     "some give none (record %s), so they cannot be put in order; give every date its offset "
                     "or none, or correct the column"),
                   self->name, self->first_offset_id, first, self->other_offset_id, second, self->naive_id);
      g_clear_pointer (out_unreadable_ids, g_ptr_array_unref);
      return FALSE;
    }

  /* As instants (several offsets, or one not the office's), put on the
   * office's clock (+08:00): the rules count
   * whole days, and a day is the office's, not UTC's (a letter of 07:00
   * in Beijing came on that day, not on the day before). */
  for (gsize i = 0; i < n_dates; i++)
    if (dates[i] != PR_DATE_NONE)
      dates[i] += PR_DATE_COLUMN_OFFICE_OFFSET - g_array_index (self->offsets, int, i);
  return TRUE;
}

/**
 * pr_date_column_read_texts:
 * @name: the column's name, for messages
 * @order: how day-first or month-first dates are read
 * @advice: what messages tell to do
 * @position_name: what a position is in messages, N_("line") or N_("record")
 * @texts: @n_texts values, %NULL or blank for none
 * @positions: (nullable): each value's place for messages, or %NULL for 1 to @n_texts
 * @n_texts: how many
 * @now: the time of the load (see pr_date_column_set_now ())
 * @error: return location for a #GError
 *
 * Reads @texts as a load reads its date column, for whatever shows dates
 * before a scan (a preview, a check): what it shows is what the scan
 * reads. So a bare hour (3点) in a column that writes the part of the
 * day elsewhere is no date, and offsets are put on the office's clock.
 * Unreadable dates are %PR_DATE_NONE, never refused for their number.
 *
 * Returns: (transfer full) (nullable): @n_texts dates, or %NULL with
 *   @error set where the load would refuse the column
 */
gint64 *
pr_date_column_read_texts (const char        *name,
                           PrDateOrder        order,
                           PrAdvice           advice,
                           const char        *position_name,
                           const char *const *texts,
                           const guint64     *positions,
                           gsize              n_texts,
                           gint64             now,
                           GError           **error)
{
  g_autoptr(PrDateColumn) column = pr_date_column_new (name, order, position_name);
  g_autofree gint64 *dates = g_new (gint64, MAX (n_texts, 1));
  g_autoptr(GPtrArray) unreadable_ids = NULL;
  guint64 n_unreadable;

  pr_date_column_set_advice (column, advice);
  pr_date_column_set_allow_unreadable (column, TRUE);
  pr_date_column_set_now (column, now);
  for (gsize i = 0; i < n_texts; i++)
    {
      guint64 position = positions != NULL ? positions[i] : i + 1;
      g_autofree char *id = g_strdup_printf ("%llu", (unsigned long long) position);

      if (!pr_date_column_add (column, texts[i] != NULL ? texts[i] : "", id, position, &dates[i], error))
        return NULL;
    }
  if (!pr_date_column_finish (column, dates, n_texts, &n_unreadable, &unreadable_ids, error))
    return NULL;
  return g_steal_pointer (&dates);
}

/**
 * pr_date_column_rewrite_numbers:
 * @rows: (element-type gchar**): rows of values, each a %NULL-free array
 *   of g_free()able strings (or %NULL for none)
 * @first: the first row to read
 * @n: how many rows
 * @column: the index of the date column in each row
 * @name: the column's name
 * @now: the time of the load, as Unix seconds (see pr_date_column_set_now ())
 *
 * Reads the column of rows @first to @first + @n as a column is read
 * (see pr_date_column_finish ()): when every non-empty value is a number
 * of one kind (Excel's day numbers, Unix seconds or milliseconds), each is
 * written again as the date it is (2019-06-08 17:31:20, the office's wall
 * time), so that the rows can be read with others whose dates are
 * written: a few records (a check's file, the records an intake check
 * finds) read with a record whose date is written would otherwise leave
 * the numbers undated.
 *
 * Returns: what the numbers were, or %PR_DATE_NUMBERS_NONE when the
 *   values are not all numbers of one kind (the rows are unchanged)
 */
PrDateNumbers
pr_date_column_rewrite_numbers (GPtrArray  *rows,
                                guint       first,
                                guint       n,
                                guint       column,
                                const char *name,
                                gint64      now)
{
  g_autoptr(PrDateColumn) reader = pr_date_column_new (name, PR_DATE_ORDER_UNSET, N_("row"));
  g_autofree gint64 *dates = g_new0 (gint64, MAX (n, 1));
  g_autoptr(GPtrArray) unreadable = NULL;
  guint64 n_unreadable = 0;
  PrDateNumbers kind = PR_DATE_NUMBERS_NONE;

  g_return_val_if_fail (first + n <= rows->len, PR_DATE_NUMBERS_NONE);

  pr_date_column_set_allow_unreadable (reader, TRUE);
  pr_date_column_set_now (reader, now);
  for (guint i = 0; i < n; i++)
    {
      char **row = rows->pdata[first + i];

      /* An order the column needs and lacks: not numbers, left as it is. */
      if (!pr_date_column_add (reader, row[column], "", i + 1, &dates[i], NULL))
        return PR_DATE_NUMBERS_NONE;
    }
  if (!pr_date_column_finish (reader, dates, n, &n_unreadable, &unreadable, NULL) ||
      pr_date_column_get_n_from_numbers (reader, &kind) == 0)
    return PR_DATE_NUMBERS_NONE;

  for (guint i = 0; i < n; i++)
    {
      char **row = rows->pdata[first + i];
      g_autoptr(GDateTime) when = NULL;

      if (dates[i] == PR_DATE_NONE)
        continue;
      /* The seconds are the office's wall time, as UTC's numbers. */
      when = g_date_time_new_from_unix_utc (dates[i]);
      g_free (row[column]);
      row[column] = g_date_time_format (when, "%Y-%m-%d %H:%M:%S");
    }
  return kind;
}
