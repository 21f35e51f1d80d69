/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrDateRangeFilter: the clusters whose date (the primary's, the list's
 * Date column) falls on a day from one day to another, both included;
 * either end may be open. A cluster without a date is outside any range.
 * Days are read as the scan reads dates (pr_date_read ()), in the same
 * frame, so a record dated 2026-11-25 23:59 is on the 25th.
 */
#define G_LOG_DOMAIN "pr-date-range-filter"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-date-range-filter.h"

#include "pr-cluster-item.h"
#include "pr-date.h"

#define SECONDS_PER_DAY 86400

struct _PrDateRangeFilter
{
  GtkFilter parent_instance;

  gint64    from;    /* the first second in range, or PR_DATE_NONE for open */
  gint64    until;   /* the first second after it, or PR_DATE_NONE for open */
};

G_DEFINE_FINAL_TYPE (PrDateRangeFilter, pr_date_range_filter, GTK_TYPE_FILTER)

static gboolean
pr_date_range_filter_match (GtkFilter *filter,
                            gpointer   item)
{
  PrDateRangeFilter *self = PR_DATE_RANGE_FILTER (filter);
  gint64 date = pr_cluster_item_get_date (item);

  if (self->from == PR_DATE_NONE && self->until == PR_DATE_NONE)
    return TRUE;
  if (date == PR_DATE_NONE)
    return FALSE;
  return (self->from == PR_DATE_NONE || date >= self->from) &&
         (self->until == PR_DATE_NONE || date < self->until);
}

static GtkFilterMatch
pr_date_range_filter_get_strictness (GtkFilter *filter)
{
  PrDateRangeFilter *self = PR_DATE_RANGE_FILTER (filter);

  return self->from == PR_DATE_NONE && self->until == PR_DATE_NONE ? GTK_FILTER_MATCH_ALL : GTK_FILTER_MATCH_SOME;
}

static void
pr_date_range_filter_class_init (PrDateRangeFilterClass *klass)
{
  GtkFilterClass *filter_class = GTK_FILTER_CLASS (klass);

  filter_class->match = pr_date_range_filter_match;
  filter_class->get_strictness = pr_date_range_filter_get_strictness;
}

static void
pr_date_range_filter_init (PrDateRangeFilter *self)
{
  self->from = PR_DATE_NONE;
  self->until = PR_DATE_NONE;
}

PrDateRangeFilter *
pr_date_range_filter_new (void)
{
  return g_object_new (PR_TYPE_DATE_RANGE_FILTER, NULL);
}

/* Whether the range [@from, @until) holds [@was_from, @was_until); an
 * end of PR_DATE_NONE is open, and from > until is empty. */
static gboolean
contains (gint64 from,
          gint64 until,
          gint64 was_from,
          gint64 was_until)
{
  if (was_from != PR_DATE_NONE && was_until != PR_DATE_NONE && was_from >= was_until)
    return TRUE;
  if (from != PR_DATE_NONE && until != PR_DATE_NONE && from >= until)
    return FALSE;
  return (from == PR_DATE_NONE || (was_from != PR_DATE_NONE && from <= was_from)) &&
         (until == PR_DATE_NONE || (was_until != PR_DATE_NONE && until >= was_until));
}

/* The first second of the day @text names (a time in it is ignored). */
static gboolean
read_day (const char  *text,
          gboolean     first,
          gint64      *day,
          GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  gint64 seconds = PR_DATE_NONE;
  int offset;
  PrDateStatus status;

  if (stripped[0] == '\0')
    {
      *day = PR_DATE_NONE;
      return TRUE;
    }
  /* The Unix epoch, which a column's data counts as no date, is a day
   * like another when typed here (pr_date_read () gives its seconds). */
  status = pr_date_read (stripped, PR_DATE_ORDER_YMD, &seconds, &offset);
  if (status == PR_DATE_PLACEHOLDER && seconds == PR_DATE_NONE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   first ? _("The first day “%s” is outside the years dates are read in (1901 to 2199): write a "
                             "day within them, or leave it empty.")
                         : _("The last day “%s” is outside the years dates are read in (1901 to 2199): write a "
                             "day within them, or leave it empty."),
                   stripped);
      return FALSE;
    }
  if (status != PR_DATE_OK && status != PR_DATE_PLACEHOLDER)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   first ? _("The first day “%s” cannot be read: write it as 2026-11-25, or leave it empty.")
                         : _("The last day “%s” cannot be read: write it as 2026-11-30, or leave it empty."),
                   stripped);
      return FALSE;
    }
  *day = seconds - (((seconds % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY);
  return TRUE;
}

/**
 * pr_date_range_filter_set_texts:
 * @from: (nullable): the first day, as typed (2026-11-25, 2026/11/25,
 *   2026年11月25日…), or empty for no limit
 * @to: (nullable): the last day, likewise
 *
 * Sets the range. A day that cannot be read, or a first day after the
 * last, is refused with a message saying which and what to write; the
 * filter then shows no cluster, rather than more than the reviewer asked
 * for.
 *
 * Returns: %FALSE with @error set on a refusal
 */
gboolean
pr_date_range_filter_set_texts (PrDateRangeFilter  *self,
                                const char         *from,
                                const char         *to,
                                GError            **error)
{
  gint64 first, last, was_from = self->from, was_until = self->until;
  gboolean ok;

  g_return_val_if_fail (PR_IS_DATE_RANGE_FILTER (self), FALSE);

  ok = read_day (from, TRUE, &first, error) && read_day (to, FALSE, &last, error);
  if (ok && first != PR_DATE_NONE && last != PR_DATE_NONE && first > last)
    {
      g_autofree char *a = pr_date_format_day (first);
      g_autofree char *b = pr_date_format_day (last);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The range starts on %s, after its end on %s: swap the two dates."), a, b);
      ok = FALSE;
    }
  if (ok)
    {
      self->from = first;
      self->until = last == PR_DATE_NONE ? PR_DATE_NONE : last + SECONDS_PER_DAY;
    }
  else
    {
      /* An empty range: nothing is in it. */
      self->from = 1;
      self->until = 0;
    }
  /* Leaving the box unchanged sorts nothing out again. A wider range
   * need look only at the clusters outside the old one (GTK's list takes
   * every row out on any other change). */
  if (self->from != was_from || self->until != was_until)
    gtk_filter_changed (GTK_FILTER (self), contains (self->from, self->until, was_from, was_until)
                                           ? GTK_FILTER_CHANGE_LESS_STRICT : GTK_FILTER_CHANGE_DIFFERENT);
  return ok;
}

/* The days the range applied runs from and to, each PR_DATE_NONE for an
 * open end (@first as its first second, @last as its last day's).
 * Returns: FALSE if the texts set last were not a range (nothing is in
 * it). */
gboolean
pr_date_range_filter_get_days (PrDateRangeFilter *self,
                               gint64            *first,
                               gint64            *last)
{
  g_return_val_if_fail (PR_IS_DATE_RANGE_FILTER (self), FALSE);

  *first = self->from;
  *last = self->until == PR_DATE_NONE ? PR_DATE_NONE : self->until - SECONDS_PER_DAY;
  return self->from == PR_DATE_NONE || self->until == PR_DATE_NONE || self->from < self->until;
}

/* Whether the range leaves any cluster out. */
gboolean
pr_date_range_filter_get_active (PrDateRangeFilter *self)
{
  return self->from != PR_DATE_NONE || self->until != PR_DATE_NONE;
}
